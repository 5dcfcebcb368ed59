"""Scenarios: a Riftforce game built at a chosen position, for teaching and tests.

A scenario uses the keys of :func:`~explorer.games.riftforce.position.position`'s read-out::

    {"guilds": [["Fire", "Water", "Air", "Earth"], ["Light", "Ice", "Plant", "Crystal"]],
     "first": 0, "active": 0, "riftforce": [3, 5],
     "hands": [["Fire 5", "Air 6"], ["Ice 7"]],
     "board": [[["Fire 5/2"], ["Ice 6"]], [[], []], [[], ["Plant 5"]], [[], []], [[], []]],
     "decks": [["Water 7"], []], "discards": [["Earth 5"], []]}

``board`` lists the 5 locations, each as [column of seat 0, column of seat 1], a column from
the location outward (first enemy first); a card is "Fire 5", or "Fire 5/2" with 2 damage on
it. ``decks`` (optional) are the cards known on top of each draw pile, top first; every card of
a player's guilds not named anywhere is shuffled into his draw pile. The game starts at the
active player's turn. Every value is checked where it is read; an impossible position (a card
more often than the guilds hold it, a guild the player does not have, damage >= value) is
refused naming the key and the value.
"""

from __future__ import annotations

from typing import Any

from explorer.engine.scenario import check_keys, integer, listed, take_card
from explorer.errors import IllegalAction, ScenarioError
from explorer.games.riftforce.data import RiftforceData
from explorer.games.riftforce.state import Elemental, RiftforceState

_KEYS = {"guilds", "first", "active", "riftforce", "hands", "board", "decks", "discards"}
_REQUIRED = ("guilds", "first", "active", "riftforce", "hands", "board")


def _pair(value: Any, where: str) -> list[Any]:
    value = listed(value, where)
    if len(value) != 2:
        raise ScenarioError(f"{where} must list 2 entries, one per player; found {value!r}")
    return value


def _cards(pile: dict[str, int], value: Any, where: str, whose: str) -> list[str]:
    return [take_card(pile, name, f"{where}[{i}]", whose)
            for i, name in enumerate(listed(value, where))]


def _in_play(state: RiftforceState, data: RiftforceData, pile: dict[str, int], text: Any,
             seat: int, location: int, where: str, whose: str) -> Elemental:
    if not isinstance(text, str):
        raise ScenarioError(f"{where} must be a card such as 'Fire 5' or 'Fire 5/2'; "
                            f"found {text!r}")
    name, _, damage_text = text.partition("/")
    damage = 0
    if damage_text:
        if not damage_text.isdigit():
            raise ScenarioError(f"{where}: the damage after '/' must be a whole number; "
                                f"found {text!r}")
        damage = int(damage_text)
    take_card(pile, name, where, whose)
    kind = data.kinds[name]
    if damage >= kind.value:
        raise ScenarioError(f"{where}: {text!r} has damage {damage}, but an elemental with "
                            f"damage >= its value ({kind.value}) is destroyed")
    state.uids += 1
    return Elemental(kind.guild, kind.value, seat, damage, state.uids, location)


def build_scenario(state: RiftforceState, data: RiftforceData,
                   scenario: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``scenario``; raise ScenarioError naming what is wrong."""
    check_keys(scenario, _KEYS, "scenario")
    for key in _REQUIRED:
        if key not in scenario:
            raise ScenarioError(f"scenario.{key} is missing (a scenario needs "
                                f"{', '.join(_REQUIRED)})")
    try:
        guilds = check_guilds(scenario["guilds"], data, "scenario.guilds")
    except IllegalAction as error:
        raise ScenarioError(str(error)) from None
    piles = [data.deck(names) for names in guilds]
    whose = [f"Player {seat + 1}'s guilds ({', '.join(guilds[seat])})" for seat in range(2)]
    state.first = integer(scenario["first"], "scenario.first", 0, 1)
    state.active = integer(scenario["active"], "scenario.active", 0, 1)
    scores = _pair(scenario["riftforce"], "scenario.riftforce")
    hands = _pair(scenario["hands"], "scenario.hands")
    board = listed(scenario["board"], "scenario.board")
    if len(board) != len(data.locations):
        raise ScenarioError(f"scenario.board must list the {len(data.locations)} locations; "
                            f"found {len(board)}")
    decks = _pair(scenario.get("decks", [[], []]), "scenario.decks")
    discards = _pair(scenario.get("discards", [[], []]), "scenario.discards")
    hand_size = data.constants["hand_size"]
    for seat, side in enumerate(state.sides):
        side.guilds = list(guilds[seat])
        side.riftforce = integer(scores[seat], f"scenario.riftforce[{seat}]", 0, 10**6)
        side.hand = _cards(piles[seat], hands[seat], f"scenario.hands[{seat}]", whose[seat])
        if len(side.hand) > hand_size:
            raise ScenarioError(f"scenario.hands[{seat}] holds {len(side.hand)} cards; a hand "
                                f"never holds more than {hand_size}")
    for location, sides in enumerate(board):
        where = f"scenario.board[{location}]"
        sides = _pair(sides, where)
        for seat, column in enumerate(sides):
            state.board[location][seat] = [
                _in_play(state, data, piles[seat], text, seat, location,
                         f"{where}[{seat}][{index}]",
                         whose[seat])
                for index, text in enumerate(listed(column, f"{where}[{seat}]"))]
    for seat, side in enumerate(state.sides):
        side.pile.top = _cards(piles[seat], decks[seat], f"scenario.decks[{seat}]",
                               whose[seat])
        side.discard = _cards(piles[seat], discards[seat], f"scenario.discards[{seat}]",
                              whose[seat])
        side.pile.cards = piles[seat]
    state.draft.done = True
    state._start = "turn"
    state.phase = "scenario"


def check_guilds(value: Any, data: RiftforceData, where: str) -> list[list[str]]:
    """Both players' guilds: 2 lists of 4 known guild names, no guild twice."""
    wanted = data.constants["guilds_per_player"]
    known = list(data.guilds)
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, list | tuple) for v in value)):
        raise IllegalAction(f"{where} must be 2 lists of {wanted} guild names; found {value!r}")
    seen: set[str] = set()
    for seat, names in enumerate(value):
        if len(names) != wanted:
            raise IllegalAction(f"{where}[{seat}] must name {wanted} guilds; found "
                                f"{len(names)}: {list(names)!r}")
        for name in names:
            if name not in known:
                raise IllegalAction(f"{where}[{seat}]: unknown guild {name!r}; known: "
                                    f"{', '.join(known)}")
            if name in seen:
                raise IllegalAction(f"{where}[{seat}]: the {name} guild is given twice "
                                    "(each guild goes to one player)")
            seen.add(name)
    return [list(names) for names in value]
