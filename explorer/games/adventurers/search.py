"""Adventurers hooks of the search bot (:mod:`explorer.engine.search`).

The bot searches the turn's main choices, each at the start of the menu it is made from:

- the Travel Phase: which Travel card (one per travel mode: cards of one mode are alike) or
  Location card to lay on the chain, or none;
- the Encounter Phase of the player to its left: which matching Encounter card to play on him,
  or none;
- a Research Phase menu that offers a research card: which to play, or end the phase.

The heuristic bot's own choice is listed first, with prior 1, so it wins every tie. Each
choice is played in a few worlds (:attr:`AdventurersHooks.worlds`) and rolled on by the
heuristic bots, every draw and roll sampled from its exact odds by the world's own generator,
to the :data:`HORIZON`: the end of the turn under way, once the Encounter Phase it leads to
(the seat's own, or the one it plays an Encounter in) is fought. The world is then valued by
:func:`standing`, an exact Fraction: the other adventurer's turns still needed to win minus the
seat's (chain cards to play, those still missing from the hand, and the Travel Phases an
Encounter faced is expected to cost, from the exact escape odds), or +-WIN when the game is
over (:func:`~explorer.engine.search.outcome_value`). Longer roll-outs (to the end of the next
turns, or of the game) were no stronger and far noisier: a world won or lost outweighs every
other difference. The other decisions (discards, keeping a card, weapons, Disarm, evading or
escaping) are the heuristic bot's: they are made inside a phase, where no scenario can start
(an Escape roll's Encounter roll, say, is already made).

A world is a scenario (:mod:`explorer.games.adventurers.scenario`) started at the decision,
made of what the seat sees in its position: every adventurer's profession, chain and the
Encounter (with its weapon) in front of him, the turn order, the seat's own hand, and the
sizes of the other hands and of the discard pile with its top card. The other hands and the
rest of the discard pile are dealt at random from the cards the seat cannot see (those in no
chain, Encounter, hand of its own or on top of the discard pile); what is left is the deck,
whose order is never known anyway (each draw is a chance event over what is left). Cards known
on top of the deck are not in the seat's position, so a world's deck has none.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache
from typing import Any

from explorer.engine import Game
from explorer.engine.dice import dice_weights
from explorer.engine.search import Plan, SearchHooks, play_until
from explorer.games.adventurers import encounter as X
from explorer.games.adventurers.bots import AdventurersHeuristicBot, escape_odds
from explorer.games.adventurers.common import Ctx
from explorer.games.adventurers.data import AdventurersData
from explorer.games.adventurers.position import position
from explorer.games.adventurers.state import AdventurersState

STARTS = {"travel": "travel", "encounter.play": "encounter",
          "research.before": "research.before", "research.after": "research.after"}
"""The phases a searched decision is made in, and where its scenario starts."""
MENUS = {"travel": "pass", "encounter.play": "no encounter", "research.before": "end",
         "research.after": "end"}
"""The choice that closes each searched menu: offered only at the menu itself, never at a
choice made inside it (a card to keep or discard, an opponent to pick)."""
HORIZON = 0
"""The turns a roll-out plays through after the one under way (0: it stops when the next turn
begins, before its draw)."""
FIRST_TURN = 1
"""The turn a world begins in (its scenario's turn, the one the searched decision is made in)."""
MISSING = Fraction(1, 2)
"""What a chain card still to play costs in turns when it is not in hand yet."""


def _names(cards: list[dict[str, Any]]) -> list[str]:
    return [card["name"] for card in cards]


def _facing(seat_view: dict[str, Any]) -> dict[str, Any] | None:
    """A position's Encounter faced as a scenario's."""
    facing = seat_view["encounter"]
    if facing is None:
        return None
    weapon = facing["weapon"]
    return {"card": facing["card"]["name"], "by": facing["by"],
            "weapon": None if weapon is None else weapon["name"]}


def _menu(game: Game) -> bool:
    """Whether the decision is a searched phase's own menu (its closing choice is offered)."""
    closing = MENUS.get(game.phase)
    return closing is not None and any(a.name == closing for a in game.legal_actions())


def scenario_for(game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A scenario at ``seat``'s decision made of its position, the other hands and the discard
    pile under its top card dealt with ``rng``; None unless the seat is at the menu of a
    Travel Phase, a Research Phase of its own, or the Encounter Phase of the player to its
    left (with no card played to a roll)."""
    view = position(game, seat)
    phase = view["phase"]["id"]
    if view["over"] or view["to_act"] != seat or phase not in STARTS or view["in_play"] \
            or not _menu(game):
        return None
    if (view["active"] == seat) == (phase == "encounter.play"):
        return None
    data: AdventurersData = game.state._data  # the card set: public, never changes
    adventurers = []
    seen: Counter[str] = Counter()
    for number, seat_view in enumerate(view["seats"]):
        entry: dict[str, Any] = {"profession": seat_view["profession"]["name"],
                                 "hand": [], "chain": _names(seat_view["chain"])}
        seen.update(entry["chain"])
        if number == seat:
            entry["hand"] = _names(seat_view["hand"]["cards"])
            seen.update(entry["hand"])
        facing = _facing(seat_view)
        if facing is not None:
            entry["encounter"] = facing
            seen[facing["card"]] += 1
            if facing["weapon"] is not None:
                seen[facing["weapon"]] += 1
        adventurers.append(entry)
    deck = view["decks"][0]
    top = deck["discard_top"]
    if top is not None:
        seen[top["name"]] += 1
    pool = Counter(data.deck_contents())
    pool.subtract(seen)
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    for number, seat_view in enumerate(view["seats"]):
        if number != seat:
            count = seat_view["hand"]["count"]
            adventurers[number]["hand"], unseen = unseen[:count], unseen[count:]
    discard = [] if top is None else [*unseen[:deck["discard"] - 1], top["name"]]
    return {"adventurers": adventurers, "active": view["active"], "at": STARTS[phase],
            "order": view["order"], "discard": discard, "played": _names(view["played"])}


@cache
def escape_chance(escape_dice: int, encounter_dice: int) -> Fraction:
    """The exact chance that ``escape_dice`` D6 roll higher than ``encounter_dice`` D6."""
    totals, weights = dice_weights(encounter_dice, 6)
    wins = sum(w * escape_odds(escape_dice, t) for t, w in zip(totals, weights, strict=True))
    return wins / sum(weights)


def _blocked(ctx: Ctx, seat: int) -> Fraction:
    """The Travel Phases ``seat`` is expected to lose to the Encounter he faces: one for each
    escape attempt, each escaping with the chance of the best roll his hand allows (his
    profession's dice and his best weapon card; none lost more when a card of his evades it)."""
    facing = ctx.adv(seat).encounter
    if facing is None:
        return Fraction(0)
    data = ctx.data
    card = data.cards[facing.card]
    hand = ctx.adv(seat).hand
    if any(X.can_evade(ctx, seat, data.cards[name], card) for name in hand):
        return Fraction(1)
    against = data.dice("encounter", card.force)[0]
    if facing.weapon is not None:
        against += X.weapon_dice(ctx, facing.by, facing.weapon, "encounter_weapon")
    weapons = X.weapon_cards(ctx, seat, card)
    weapon = max(weapons, key=lambda n: X.weapon_dice(ctx, seat, n, "escape_weapon"),
                 default=None)
    dice = data.dice("escape")[0] + X.profession_dice(ctx, seat, card, weapon)
    if weapon is not None:
        dice += X.weapon_dice(ctx, seat, weapon, "escape_weapon")
    return 1 / escape_chance(dice, against)


def turns_needed(ctx: Ctx, seat: int) -> Fraction:
    """The turns ``seat`` still needs to win: one per chain card to play (a Location for each
    location to go, a Travel card under each but one on a Travel card on top already), the
    Travel Phases an Encounter faced costs (:func:`_blocked`), and :data:`MISSING` for each of
    those chain cards not in hand yet (the last Location must be Ancient)."""
    data = ctx.data
    adventurer = ctx.adv(seat)
    needed = data.constants["locations_to_win"] - adventurer.locations
    top = ctx.top(seat)
    travels = needed - (1 if top is not None and top.type == "Travel" else 0)
    cards = [data.cards[name] for name in adventurer.hand]
    ancient = sum(c.type == "Location" and c.ancient for c in cards)
    plain = sum(c.type == "Location" and not c.ancient for c in cards)
    held = min(needed, ancient + min(plain, needed - 1)) if ancient else min(plain, needed - 1)
    held_travels = min(travels, sum(c.type == "Travel" for c in cards))
    missing = needed - held + travels - held_travels
    return needed + travels + MISSING * missing + _blocked(ctx, seat)


def standing(state: AdventurersState, seat: int) -> Fraction:
    """The seat's lead in the race: the fewest turns another adventurer still needs to win
    minus the turns the seat needs (:func:`turns_needed`)."""
    ctx = Ctx(state, state._data)
    others = [turns_needed(ctx, s) for s in range(state.players) if s != seat]
    return min(others) - turns_needed(ctx, seat)


class AdventurersHooks(SearchHooks):
    """The search of the module docstring."""

    worlds = 12
    """Worlds per searched decision (6 were as strong and twice as fast, but noisier)."""
    horizon = HORIZON
    """The turns a roll-out plays through after the one under way (:data:`HORIZON`)."""

    def scenario(self, game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
        return scenario_for(game, seat, rng)

    def plans(self, game: Game, seat: int) -> list[Plan] | None:
        if not _menu(game):
            return None
        actions = game.legal_actions()
        if game.phase.startswith("research") and not any(a.name == "research"
                                                         for a in actions):
            return None  # only the College Professor's look, which the roll-outs never use
        data: AdventurersData = game.state._data
        usual = AdventurersHeuristicBot(0).choose(game)
        plans, modes = [Plan((usual,), Fraction(1))], set()
        if usual.name == "travel" and data.cards[usual.args[0]].type == "Travel":
            modes.add(data.cards[usual.args[0]].travel_mode)
        for action in actions:
            if action == usual:
                continue
            if action.name == "travel":
                card = data.cards[action.args[0]]
                if card.type == "Travel":
                    if card.travel_mode in modes:
                        continue
                    modes.add(card.travel_mode)
            plans.append(Plan((action,)))
        return plans if len(plans) > 1 else None

    def roll_out(self, world: Game, seat: int, rng: random.Random) -> None:
        last = FIRST_TURN + self.horizon  # whatever turn the plan has left the world in
        play_until(world, {}, rng, lambda w: w.state.turns > last)

    def standing(self, world: Game, seat: int) -> Fraction:
        return standing(world.state, seat)


HOOKS = AdventurersHooks()
"""The hooks the search bot finds for Adventurers."""
