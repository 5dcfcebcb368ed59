"""Rifts Adventures hooks of the search bot (:mod:`explorer.engine.search`).

The bot searches the turn's one big choice, the phase of the Decision Act (Recuperate,
Travel, Mission or Supply), once the heuristic bot has nothing left to equip or recruit: each
phase is played in 48 worlds to the end of the party's turn (:data:`HORIZON`) by the
heuristic bot, every roll sampled from its exact odds, and the world valued by
:func:`party_value` (Adventure Tokens first, then the party's Force, cards and wounds). The
other decisions are the heuristic bot's. Rifts is a game of much luck, and noise is what the
search fights: the other parties' turns and the party's own next turn hardly depend on the
phase chosen, so rolling them out only blurred the comparison. At equal cost, 48 worlds of one
turn beat the heuristic bot clearly where 16 worlds of two turns (this one, the others', the
next) did not.

A world is a scenario (:mod:`explorer.games.rifts.scenario`) started at the seat's Decision Act,
made of what the seat sees in its position: every party's Characters with their wounds,
Experience and attached cards, locations and Adventure Tokens, the seat's own hand, and the
forced starts the other parties carry. The other hands (seen as counts) are dealt at random
from the Aid cards the seat has not seen; every other card is in its deck, whose order is never
known anyway (each draw is a chance event over what is left). What a scenario does not hold
(roll bonuses, discard piles, the Study Maps and Hostile Natives effects) is left out of the
world: it is an estimate of the position, built only from the seat's view.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

from explorer.engine import Game
from explorer.engine.search import Plan, SearchHooks, play_until
from explorer.games.rifts import party as P
from explorer.games.rifts.data import RiftsData
from explorer.games.rifts.position import TABLES, position
from explorer.games.rifts.state import RiftsState

DECK_OF = {table: deck for deck, table in TABLES.items()}
"""Each card table's deck (the inverse of the position's ``TABLES``)."""
HAND_DECKS = ("Character", "Equipment", "Psionic", "Magic")
"""The decks a party's hand holds cards of."""
EQUIPPING = frozenset({"join", "recruit", "attach", "use", "protect", "heal", "repair"})
"""Choices the heuristic bot always makes first; the search waits until none is offered."""
HORIZON = 1
"""The party's turns a roll-out plays: this one (it ends as the next party's turn starts)."""
WEIGHTS = {"at": 40, "force": 1, "hand": 2, "wound": -4, "out": -12}
""":func:`party_value`'s weights: an Adventure Token above all. The other parties' Tokens are
left out: in a roll-out of the party's own turn only a stolen Token (Take Credit) moves them,
and that Token is the party's own gain already."""


def _held(card: dict[str, Any]) -> dict[str, Any]:
    """A position's held card as a scenario's."""
    entry: dict[str, Any] = {"deck": DECK_OF[card["table"]], "name": card["name"]}
    if card.get("damaged"):
        entry["damaged"] = True
    if card.get("uses") is not None:
        entry["uses"] = card["uses"]
    return entry


def _member(character: dict[str, Any]) -> dict[str, Any]:
    return {"name": character["name"], "wounds": min(character["wounds"], 2),
            "experience": character["experience"], "crazy": character["crazy"],
            "away": min(character["away"], 7),
            "attached": [_held(card) for card in character["attached"]]}


def _next_turn(seat_view: dict[str, Any]) -> str | None:
    return next((e["start"] for e in seat_view["effects"] if e["kind"] == "next turn"), None)


def _named(parties: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    """Every card a scenario's parties name, (deck, name) -> copies."""
    found: Counter[tuple[str, str]] = Counter()
    for party in parties:
        for member in party["members"]:
            found["Character", member["name"]] += 1
            found.update((h["deck"], h["name"]) for h in member["attached"])
        found.update((h["deck"], h["name"]) for h in party["hand"])
        if "location" in party:
            found["Location", party["location"]] += 1
    return found


def _deal(data: RiftsData, named: Counter[tuple[str, str]], count: int,
          rng: random.Random) -> list[dict[str, Any]]:
    """``count`` Aid cards at random from those no party of the scenario holds."""
    pool = Counter({(deck, name): copies for deck in HAND_DECKS
                    for name, copies in data.deck_contents(deck).items()})
    pool.subtract(named)
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    return [{"deck": deck, "name": name} for deck, name in cards[:count]]


def scenario_for(game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A scenario at ``seat``'s Decision Act made of its position, the other hands dealt with
    ``rng``; None anywhere else (or when a Character is beyond what a scenario holds)."""
    view = position(game, seat)
    if (view["over"] or view["active"] != seat or view["to_act"] != seat
            or view["phase"]["id"] != "decision" or view["combat"] is not None):
        return None
    parties = []
    for number, seat_view in enumerate(view["seats"]):
        if any(c["wounds"] > 2 for c in seat_view["characters"]):
            return None
        party: dict[str, Any] = {"members": [_member(c) for c in seat_view["characters"]],
                                 "hand": [], "at": seat_view["adventure_tokens"]}
        if number == seat:
            party["hand"] = [_held(card) for card in seat_view["hand"]["cards"]]
        elif _next_turn(seat_view) is not None:
            party["next_turn"] = _next_turn(seat_view)
        if seat_view["location"] is not None:
            party["location"] = seat_view["location"]["name"]
        parties.append(party)
    data: RiftsData = game.state._data  # the card set: public, never changes
    named = _named(parties)
    for number, seat_view in enumerate(view["seats"]):
        if number != seat:
            dealt = _deal(data, named, seat_view["hand"]["count"], rng)
            parties[number]["hand"] = dealt
            named.update((h["deck"], h["name"]) for h in dealt)
    return {"parties": parties, "active": seat, "order": view["order"], "at": "turn"}


def party_value(state: RiftsState, seat: int) -> Fraction:
    """A party's standing: Adventure Tokens, able Characters' Force (Base Force, Experience,
    attached undamaged cards), cards in hand, wounds and Characters out of the fight."""
    data: RiftsData = state._data
    party = state.parties[seat]
    force = wounds = out = 0
    for member in party.members:
        wounds += member.wounds
        if not P.is_able(member, data):
            out += 1
            continue
        force += P.base_force(data, member) + sum(
            data.card(h.deck, h.name).force or 0 for h in member.attached if not h.damaged)
    return Fraction(WEIGHTS["at"] * party.at + WEIGHTS["force"] * force
                    + WEIGHTS["hand"] * len(party.hand) + WEIGHTS["wound"] * wounds
                    + WEIGHTS["out"] * out)


class RiftsHooks(SearchHooks):
    """The phase search of the module docstring."""

    worlds = 48
    """Worlds per Decision Act (with two-turn roll-outs, 6 were level with the heuristic bot,
    10 and 16 a little above it; see the module docstring)."""

    def scenario(self, game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
        return scenario_for(game, seat, rng)

    def plans(self, game: Game, seat: int) -> list[Plan] | None:
        actions = game.legal_actions()
        if {a.name for a in actions} & EQUIPPING:
            return None
        phases = [Plan((a,)) for a in actions if a.name == "phase"]
        return phases if len(phases) > 1 else None

    def roll_out(self, world: Game, seat: int, rng: random.Random) -> None:
        party = world.state.parties[seat]
        last = party.turn + HORIZON - 1  # the party's turn the roll-out ends with

        def done(w: Game) -> bool:
            return w.state.active != seat and party.turn >= last

        play_until(world, {}, rng, done)

    def standing(self, world: Game, seat: int) -> Fraction:
        return party_value(world.state, seat)


HOOKS = RiftsHooks()
"""The hooks the search bot finds for Rifts Adventures."""
