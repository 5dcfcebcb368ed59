"""Scenarios: an Adventurers game built at a chosen position, for teaching and tests.

A scenario is plain JSON-like data, so a scenario game saves and loads like any other::

    {"adventurers": [{"profession": "Trapper", "hand": ["Revolver", "Hide"],
                      "chain": ["Safari", "Jungle", "Camels"],
                      "encounter": {"card": "Tiger", "by": 1, "weapon": null}},
                     {"profession": "Gangster", "hand": ["SS Guards"]}],
     "active": 0, "at": "encounter", "top": ["Temple", "Hide"], "discard": ["Grenade"]}

``at`` is where the active player's turn starts: ``"turn"`` (its Draw Phase) or one of the
phases ``"draw"``, ``"research.before"``, ``"travel"``, ``"encounter"``,
``"research.after"``. ``order`` gives the turn order (default: seat order), ``top`` known
cards on top of the deck, in order, and ``discard`` the discard pile. Every card named is taken
out of the deck, so each card is still in exactly one place. ``played`` records the cards the
active player has already played this turn (a position's ``played``: names only, the cards
themselves are where the scenario puts them); a scenario that starts at the Research Phase
before Travel with none played must hold at most the hand size (the Draw Phase ends with it,
line 48), while one with cards played may hold more (a profession's extra draw).
"""

from __future__ import annotations

from typing import Any

from explorer.engine.scenario import check_keys, integer, take_card
from explorer.errors import ScenarioError
from explorer.games.adventurers.data import AdventurersData
from explorer.games.adventurers.encounter import takes_weapon
from explorer.games.adventurers.state import AdventurersState, Facing

_KEYS = {"adventurers", "active", "at", "order", "top", "discard", "played"}
_ADVENTURER_KEYS = {"profession", "hand", "chain", "encounter"}
_ENCOUNTER_KEYS = {"card", "by", "weapon"}




def _take(state: AdventurersState, name: Any, where: str) -> str:
    return take_card(state.deck.pile, name, where)


def _cards(state: AdventurersState, value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of card names; found {value!r}")
    return [_take(state, name, f"{where}[{i}]") for i, name in enumerate(value)]


def _chain(state: AdventurersState, data: AdventurersData, value: Any, where: str) -> list[str]:
    chain = _cards(state, value, where)
    to_win = data.constants["locations_to_win"]
    locations = 0
    for index, name in enumerate(chain):
        card = data.cards[name]
        if card.type not in {"Travel", "Location"}:
            raise ScenarioError(f"{where}[{index}]: {name} is not a Travel or Location card "
                                f"(its type is {card.type})")
        if card.type == "Location":
            locations += 1
            if index == 0 or data.cards[chain[index - 1]].type != "Travel":
                raise ScenarioError(f"{where}[{index}]: the Location {name} must be played on "
                                    "a Travel card")
    if locations >= to_win:
        raise ScenarioError(f"{where}: {locations} locations, but the game ends at {to_win}")
    return chain


def _played(data: AdventurersData, value: Any) -> list[str]:
    """The ``played`` record: names of cards of the set."""
    if not isinstance(value, list):
        raise ScenarioError(f"scenario.played must be a list of card names; found {value!r}")
    for index, name in enumerate(value):
        if not isinstance(name, str) or name not in data.cards:
            raise ScenarioError(f"scenario.played[{index}]: no card named {name!r}")
    return list(value)


def _check_hand_size(state: AdventurersState, data: AdventurersData) -> None:
    """A turn that starts at the Research Phase before Travel, nothing played yet, comes
    straight from the Draw Phase, which ends at the hand size (line 48)."""
    if state._start != "research.before" or state.plays:
        return
    adventurer = state.adventurers[state.active]
    profession = data.professions[adventurer.profession]
    limit = data.constants["hand_size"] + (
        profession.amount if profession.kind == "hand_size" else 0)
    if len(adventurer.hand) > limit:
        raise ScenarioError(
            f"scenario.adventurers[{state.active}].hand: {len(adventurer.hand)} cards at the "
            f"start of the Research Phase, over the hand size {limit} (line 48); list the "
            "cards played this turn in scenario.played if some were")


def _encounter(state: AdventurersState, data: AdventurersData, value: Any, seat: int,
               where: str) -> Facing:
    value = check_keys(value, _ENCOUNTER_KEYS, where)
    name = _take(state, value.get("card"), f"{where}.card")
    card = data.cards[name]
    if card.type != "Encounter":
        raise ScenarioError(f"{where}.card: {name} is not an Encounter card "
                            f"(its type is {card.type})")
    by = integer(value.get("by"), f"{where}.by", 0, state.players - 1)
    if by == seat:
        raise ScenarioError(f"{where}.by: an Encounter is played by an opponent")
    adventurer = state.adventurers[seat]
    top = data.cards[adventurer.chain[-1]] if adventurer.chain else None
    if not data.at(card.matches, top):
        raise ScenarioError(f"{where}.card: {name} does not match the top card "
                            f"({top.name if top else 'none'})")
    weapon = value.get("weapon")
    if weapon is not None:
        weapon = _take(state, weapon, f"{where}.weapon")
        if not takes_weapon(card):
            raise ScenarioError(f"{where}.weapon: {name} takes no weapon card")
    return Facing(name, by, weapon)


def build_scenario(state: AdventurersState, data: AdventurersData,
                   scenario: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``scenario``; raise ScenarioError naming what is wrong."""
    check_keys(scenario, _KEYS, "scenario")
    adventurers = scenario.get("adventurers")
    if not isinstance(adventurers, list) or len(adventurers) != state.players:
        raise ScenarioError(f"scenario.adventurers must list {state.players} adventurers")
    for seat, value in enumerate(adventurers):
        where = f"scenario.adventurers[{seat}]"
        value = check_keys(value, _ADVENTURER_KEYS, where)
        adventurer = state.adventurers[seat]
        profession = value.get("profession")
        if profession not in data.professions:
            raise ScenarioError(f"{where}.profession must be one of "
                                f"{', '.join(data.professions)}; found {profession!r}")
        adventurer.profession = profession
        adventurer.hand = _cards(state, value.get("hand", []), f"{where}.hand")
        adventurer.chain = _chain(state, data, value.get("chain", []), f"{where}.chain")
        adventurer.locations = sum(data.cards[n].type == "Location" for n in adventurer.chain)
    for seat, value in enumerate(adventurers):
        if value.get("encounter") is not None:
            state.adventurers[seat].encounter = _encounter(
                state, data, value["encounter"], seat, f"scenario.adventurers[{seat}].encounter")
    state.active = integer(scenario.get("active", 0), "scenario.active", 0, state.players - 1)
    order = scenario.get("order", list(range(state.players)))
    if not isinstance(order, list) or sorted(order) != list(range(state.players)):
        raise ScenarioError(f"scenario.order must list the seats 0-{state.players - 1} once each")
    state.order = list(order)
    start = scenario.get("at", "turn")
    starts = ("turn", *data.phase_names)
    if start not in starts:
        raise ScenarioError(f"scenario.at must be one of {', '.join(starts)}; found {start!r}")
    state.deck.top = _cards(state, scenario.get("top", []), "scenario.top")
    state.deck.discard = _cards(state, scenario.get("discard", []), "scenario.discard")
    state._start = data.phase_names[0] if start == "turn" else start
    state.plays = _played(data, scenario.get("played", []))
    _check_hand_size(state, data)
    state.phase = "scenario"
