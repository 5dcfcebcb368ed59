"""Scenarios: a Gamma World game built at a chosen position, for teaching and tests.

A scenario is plain JSON-like data, so a scenario game saves and loads like any other::

    {"enclaves": [{"hand": ["Laser Pistol", "Think Tank"],
                   "followers": [{"kind": "Mutant Animal",
                                  "cards": ["Wings", {"name": "Sheath Armor", "damage": 1}],
                                  "damage": 1}],
                   "locations": ["Agri-Dome"]},
                  {"hand": ["Warbot"]}],
     "active": 0, "at": "turn", "top": ["Needler"], "discard": ["Medi-Kit"]}

Followers are numbered 1, 2, ... in the order listed, or take the ``number`` given (a game's
own numbers, so a position's follower keeps its name; each number once), the others the
smallest numbers left. ``at`` is where the active player
starts: ``"turn"`` (the start of his turn) or ``"healing"`` (his Healing Phase). ``top``
puts known cards on top of the deck, in order; ``discard`` fills the discard pile; ``deck``,
when given, is the whole draw pile: every card named nowhere else goes to the discard pile.
``spent`` lists locations whose one-time power is used. Every card named is taken out of the
deck, so each card is still in exactly one place.
"""

from __future__ import annotations

from typing import Any

from explorer.engine.scenario import check_keys, integer, listed, take_card
from explorer.errors import ScenarioError
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.data import GammaData
from explorer.games.gamma_world.state import (
    KINDS,
    MUTANT_HUMAN,
    PSH,
    Attached,
    Follower,
    GammaState,
)

STARTS = ("turn", "healing")
_ENCLAVE_KEYS = {"hand", "followers", "locations"}
_FOLLOWER_KEYS = {"kind", "damage", "cards", "number"}
_CARD_KEYS = {"name", "damage", "uses"}
_KEYS = {"enclaves", "active", "at", "top", "discard", "deck", "spent"}





class _Builder:
    def __init__(self, state: GammaState, data: GammaData) -> None:
        self.state = state
        self.data = data
        self.numbers: list[tuple[Follower, int | None, str]] = []  # each number given, or None

    def take(self, name: Any, where: str, *types: str) -> str:
        take_card(self.state.deck, name, where)  # the state is thrown away on an error
        card = self.data.card(name)
        if types and card.type not in types:
            raise ScenarioError(f"{where}: {name} is a {card.type} card, not "
                                f"{' or '.join(types)}")
        return name

    def attached(self, value: Any, follower: Follower, where: str) -> Attached:
        if isinstance(value, str):
            value = {"name": value}
        value = check_keys(value, _CARD_KEYS, where)
        name = self.take(value.get("name"), where, "Mutation", "Weapon", "Armor", "Vehicle",
                         "Steed", "Equipment")
        card = self.data.card(name)
        if card.is_item:
            problem = E.item_problem(self.data, follower, card)
            if problem:
                raise ScenarioError(f"{where}: {problem}")
        damage = integer(value.get("damage", 0), f"{where}.damage", 0, max(0, card.hits - 1))
        uses = value.get("uses", card.uses)
        if uses is not None:
            uses = integer(uses, f"{where}.uses", 1, card.uses or 1)
        return Attached(name, damage, uses)

    def follower(self, value: Any, where: str) -> Follower:
        value = check_keys(value, _FOLLOWER_KEYS, where)
        follower = Follower(len(self.numbers) + 1)  # renumbered by :meth:`number` at the end
        given = value.get("number")
        self.numbers.append((follower, None if given is None else
                             integer(given, f"{where}.number", 1, 10_000), where))
        for index, item in enumerate(listed(value.get("cards", []), f"{where}.cards")):
            follower.cards.append(self.attached(item, follower, f"{where}.cards[{index}]"))
        mutant = any(self.data.card(a.name).type == "Mutation" for a in follower.cards)
        follower.kind = value.get("kind", MUTANT_HUMAN if mutant else PSH)
        if follower.kind not in KINDS or (mutant and follower.kind == PSH):
            raise ScenarioError(f"{where}.kind must be one of {', '.join(KINDS)} (a Pure Strain "
                                f"Human has no mutations); found {follower.kind!r}")
        hits = E.follower_hits(self.data, follower)
        follower.damage = integer(value.get("damage", 0), f"{where}.damage", 0, hits - 1)
        return follower

    def number(self) -> None:
        """Give each follower its number: the one given, else the smallest left, in the order
        listed (1, 2, ... when none is given); the next follower recruited takes the next."""
        taken: dict[int, str] = {}
        for _, given, where in self.numbers:
            if given is not None:
                if given in taken:
                    raise ScenarioError(f"{where}.number: {given} is already the number of "
                                        f"{taken[given]}")
                taken[given] = where
        free = (n for n in range(1, len(self.numbers) + len(taken) + 2) if n not in taken)
        for follower, given, _ in self.numbers:
            follower.number = given if given is not None else next(free)
        self.state.next_follower = max((f.number for f, _, _ in self.numbers), default=0) + 1

    def enclave(self, seat: int, value: Any) -> None:
        where = f"scenario.enclaves[{seat}]"
        value = check_keys(value, _ENCLAVE_KEYS, where)
        enclave = self.state.enclaves[seat]
        for index, name in enumerate(listed(value.get("locations", []), f"{where}.locations")):
            enclave.locations.append(self.take(name, f"{where}.locations[{index}]", "Location"))
        for index, name in enumerate(listed(value.get("hand", []), f"{where}.hand")):
            enclave.hand.append(self.take(name, f"{where}.hand[{index}]"))
        for index, item in enumerate(listed(value.get("followers", []), f"{where}.followers")):
            enclave.followers.append(self.follower(item, f"{where}.followers[{index}]"))
        if len(enclave.hand) > E.hand_limit(self.data, enclave):
            raise ScenarioError(f"{where}.hand holds {len(enclave.hand)} cards, over the hand "
                                f"limit of {E.hand_limit(self.data, enclave)}")
        if len(enclave.followers) > E.follower_limit(self.data, enclave):
            raise ScenarioError(f"{where}.followers has {len(enclave.followers)} followers, "
                                f"over the limit of {E.follower_limit(self.data, enclave)}")


def build_scenario(state: GammaState, data: GammaData, scenario: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``scenario``; raise ScenarioError naming what is wrong."""
    check_keys(scenario, _KEYS, "scenario")
    build = _Builder(state, data)
    enclaves = scenario.get("enclaves")
    if not isinstance(enclaves, list) or len(enclaves) != state.players:
        raise ScenarioError(f"scenario.enclaves must list {state.players} enclaves")
    for seat, value in enumerate(enclaves):
        build.enclave(seat, value)
    build.number()
    state.active = integer(scenario.get("active", 0), "scenario.active", 0, state.players - 1)
    start = scenario.get("at", "turn")
    if start not in STARTS:
        raise ScenarioError(f"scenario.at must be one of {', '.join(STARTS)}; found {start!r}")
    state._start = start
    state.top = [build.take(n, f"scenario.top[{i}]")
                 for i, n in enumerate(listed(scenario.get("top", []), "scenario.top"))]
    state.discard = [build.take(n, f"scenario.discard[{i}]")
                     for i, n in enumerate(listed(scenario.get("discard", []),
                                                 "scenario.discard"))]
    if "deck" in scenario:
        pile = [build.take(n, f"scenario.deck[{i}]")
                for i, n in enumerate(listed(scenario["deck"], "scenario.deck"))]
        for name, copies in state.deck.items():
            state.discard.extend([name] * copies)
        state.deck = {}
        for name in pile:
            state.deck[name] = state.deck.get(name, 0) + 1
    in_play = {n for e in state.enclaves for n in e.locations}
    for index, name in enumerate(listed(scenario.get("spent", []), "scenario.spent")):
        if name not in in_play or not data.card(name).one_time:
            raise ScenarioError(f"scenario.spent[{index}]: {name!r} is not a location in play "
                                "with a one-time power")
        state.spent.append(name)
    state.phase = "scenario"
