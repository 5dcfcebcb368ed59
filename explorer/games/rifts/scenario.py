"""Scenarios: a Rifts game built at a chosen position, for teaching and tests.

A scenario is plain JSON-like data, so a scenario game saves and loads like any other::

    {"parties": [{"members": [{"name": "Cyber-Knight", "wounds": 1,
                               "attached": [{"deck": "Equipment", "name": "Laser Rifle"}]}],
                  "hand": [{"deck": "Magic", "name": "Fly"}],
                  "location": "Chi-Town", "at": 3},
                 {"members": [{"name": "Vagabond"}], "location": "Farms"}],
     "active": 0, "at": "combat", "foe": "Dinosaurs",
     "top": {"Foe": ["Wolfen"]}}

``at`` is where the active party starts: ``"turn"`` (its Decision Act), a phase
(``"Recuperate"``, ``"Travel"``, ``"Mission"``, ``"Supply"``, ``"Destination"``) or
``"combat"`` against ``foe`` (with optional ``foe_bonus``, ``foes_first``,
``first_round_force``). ``top`` puts known cards on top of decks, in order. Every card named
is taken out of its deck, so each card is still in exactly one place.
"""

from __future__ import annotations

from typing import Any

from explorer.engine.scenario import check_keys, integer, take_card
from explorer.errors import ScenarioError
from explorer.games.rifts import party as P
from explorer.games.rifts.data import DECKS, RiftsData
from explorer.games.rifts.state import Held, Member, RiftsState

STARTS = ("turn", "Recuperate", "Travel", "Mission", "Supply", "Destination", "combat")
_PARTY_KEYS = {"members", "hand", "location", "at", "next_turn"}
_MEMBER_KEYS = {"name", "wounds", "experience", "attached", "crazy", "away"}
_HELD_KEYS = {"deck", "name", "damaged", "uses"}
_KEYS = {"parties", "active", "at", "foe", "foe_bonus", "foes_first", "first_round_force",
         "order", "top"}




def _take(state: RiftsState, deck: str, name: Any, where: str) -> str:
    if deck not in DECKS:
        raise ScenarioError(f"{where}: unknown deck {deck!r} (decks: {', '.join(DECKS)})")
    return take_card(state.decks[deck].pile, name, where, f"the {deck} deck")


def _held(state: RiftsState, data: RiftsData, value: Any, where: str) -> Held:
    value = check_keys(value, _HELD_KEYS, where)
    deck = value.get("deck")
    name = _take(state, deck, value.get("name"), where)
    card = data.card(deck, name)
    uses = value.get("uses", card.uses)
    if uses is not None:
        uses = integer(uses, f"{where}.uses", 1, 99)
    damaged = value.get("damaged", False)
    if not isinstance(damaged, bool):
        raise ScenarioError(f"{where}.damaged must be true or false; found {damaged!r}")
    return Held(deck, name, damaged, uses)


def build_scenario(state: RiftsState, data: RiftsData, scenario: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``scenario``; raise ScenarioError naming what is wrong."""
    check_keys(scenario, _KEYS, "scenario")
    parties = scenario.get("parties")
    if not isinstance(parties, list) or len(parties) != state.players:
        raise ScenarioError(f"scenario.parties must list {state.players} parties")
    for seat, value in enumerate(parties):
        where = f"scenario.parties[{seat}]"
        value = check_keys(value, _PARTY_KEYS, where)
        party = state.parties[seat]
        for index, item in enumerate(value.get("members", [])):
            spot = f"{where}.members[{index}]"
            item = check_keys(item, _MEMBER_KEYS, spot)
            member = Member(_take(state, "Character", item.get("name"), spot),
                            integer(item.get("wounds", 0), f"{spot}.wounds", 0, 2),
                            integer(item.get("experience", 0), f"{spot}.experience", 0, 99),
                            crazy=bool(item.get("crazy", False)),
                            away=integer(item.get("away", 0), f"{spot}.away", 0, 7))
            for number, held in enumerate(item.get("attached", [])):
                card_where = f"{spot}.attached[{number}]"
                held = _held(state, data, held, card_where)
                problem = P.attach_problem(data, member, data.card(held.deck, held.name))
                if problem:
                    raise ScenarioError(f"{card_where}: {problem}")
                member.attached.append(held)
            if P.can_join(data, party, member.name):
                raise ScenarioError(f"{spot}: {P.can_join(data, party, member.name)}")
            party.members.append(member)
        for index, held in enumerate(value.get("hand", [])):
            party.hand.append(_held(state, data, held, f"{where}.hand[{index}]"))
        if "location" in value:
            party.location = _take(state, "Location", value["location"], f"{where}.location")
        party.at = integer(value.get("at", 0), f"{where}.at", 0,
                        data.constants["victory_adventure_tokens"] - 1)
        if value.get("next_turn") not in (None, "Travel", "Destination"):
            raise ScenarioError(f"{where}.next_turn must be Travel or Destination")
        party.next_turn = value.get("next_turn")
    state.active = integer(scenario.get("active", 0), "scenario.active", 0, state.players - 1)
    order = scenario.get("order", list(range(state.players)))
    if sorted(order) != list(range(state.players)):
        raise ScenarioError(f"scenario.order must list the seats 0-{state.players - 1} once each")
    state.order = list(order)
    start = scenario.get("at", "turn")
    if start not in STARTS:
        raise ScenarioError(f"scenario.at must be one of {', '.join(STARTS)}; found {start!r}")
    info: dict[str, Any] = {"at": start}
    if start == "combat":
        info["foe"] = _take(state, "Foe", scenario.get("foe"), "scenario.foe")
        info["foe_bonus"] = integer(scenario.get("foe_bonus", 0), "scenario.foe_bonus", 0, 99)
        info["first_round_force"] = integer(scenario.get("first_round_force", 0),
                                         "scenario.first_round_force", 0, 99)
        info["foes_first"] = bool(scenario.get("foes_first", False))
    if not state.parties[state.active].present() and start != "turn":
        raise ScenarioError("the active party needs a Character present to start there")
    if start in {"Supply", "Destination", "Travel", "Mission", "combat"} and \
            state.parties[state.active].location is None:
        raise ScenarioError("the active party needs a location to start there")
    for deck, names in check_keys(scenario.get("top", {}), set(DECKS), "scenario.top").items():
        if not isinstance(names, list):
            raise ScenarioError(f"scenario.top.{deck} must be a list of card names")
        state.decks[deck].top = [_take(state, deck, n, f"scenario.top.{deck}") for n in names]
        state.decks[deck].known = ["the scenario"] * len(names)
    state._start = info
    state.phase = "scenario"
