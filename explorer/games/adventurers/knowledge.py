"""Adventurers' knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: the Escape step (an evade card escapes for sure; a
weapon or help card and the roll itself: the exact chance that the Escape roll beats the
Encounter roll) and the Travel Phase (each card, or none: the exact chance the opponent to the
right holds a matching Encounter card). Sentences: a Location card, with how many locations it
makes and whether it wins.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import polars as pl

from explorer.engine import Action, Decision, Game
from explorer.engine.dice import dice_weights
from explorer.engine.knowledge import GameKnowledge, Start
from explorer.engine.odds import Odds
from explorer.games.adventurers.redeal import redeal


def _odds(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    if any(a.name == "travel" for a in pending.actions):
        return _adventurers_travel(game, pending)
    roll = next((a for a in pending.actions if a.name == "roll"), None)
    if roll is None:
        return {}
    from explorer.games.adventurers import encounter as EN
    from explorer.games.adventurers.common import Ctx

    state = game.state
    ctx = Ctx(state, state._data)
    seat = pending.player
    facing = ctx.adv(seat).encounter
    card = ctx.cards[facing.card]
    dice, total = roll.args
    weapon_now = next((n for n in state.in_play if ctx.cards[n].type == "Weapon"), None)
    base = dice - EN.profession_dice(ctx, seat, card, weapon_now)
    sides = ctx.data.dice("escape")[1]
    found: dict[Action, Odds] = {}
    for action in pending.actions:
        if action.name == "evade":
            found[action] = Odds(Fraction(1), 0, (), (("escapes", Fraction(1)),),
                                 f"{action.args[0]}: escapes for sure", note="exact")
            continue
        if action.name == "roll":
            count, how = dice, f"Roll {dice}D6 now"
        elif action.name == "weapon":
            weapon = action.args[0]
            count = base + EN.weapon_dice(ctx, seat, weapon, "escape_weapon") + \
                EN.profession_dice(ctx, seat, card, weapon)
            how = f"With {weapon}, then roll {count}D6"
        elif action.name == "bonus":
            count = dice + EN.bonus_dice(ctx, ctx.cards[action.args[0]])
            how = f"With {action.args[0]}, then roll {count}D6"
        else:
            continue
        found[action] = _escape_odds(count, sides, total, how)
    return found


def _adventurers_travel(game: Game, pending: Decision) -> dict[Action, Odds]:
    """The Travel Phase: with each card played (or none), the exact chance that the opponent
    to the right holds an Encounter card matching the new top card, so that he can play it on
    the player in the Encounter Phase (lines 61-63 of seed 001). As the player knows it: that
    opponent's hand is any of its size among the cards the player has not seen (the draw pile
    and the other players' hands)."""
    from explorer.games.adventurers.common import Ctx

    state = game.state
    ctx = Ctx(state, state._data)
    seat = pending.player
    by = ctx.right_of(seat)
    held = len(ctx.adv(by).hand)
    unseen = Counter(state.deck.pile)
    unseen.update(state.deck.top)
    for other in range(state.players):
        if other != seat:
            unseen.update(ctx.adv(other).hand)
    whole = sum(unseen.values())
    found: dict[Action, Odds] = {}
    for action in pending.actions:
        if action.name == "travel":
            top, how = ctx.cards[action.args[0]], f"Play {action.args[0]}"
        elif action.name == "pass":
            top, how = ctx.top(seat), "Play no card"
        else:
            continue
        matching = sum(
            n for name, n in unseen.items()
            if ctx.cards[name].type == "Encounter" and ctx.data.at(ctx.cards[name].matches, top))
        p = 1 - Fraction(comb(whole - matching, held), comb(whole, held)) if whole else Fraction(0)
        where = top.name if top is not None else "your empty chain"
        found[action] = Odds(
            p, 0, (), ((f"Player {by + 1} can play an Encounter on {where}", p),
                       ("no Encounter can be played on you", 1 - p)),
            f"{how}: Player {by + 1}, {held} card{'s' if held != 1 else ''} in hand, holds an "
            "Encounter that matches it", note="exact, from the cards you have not seen")
    return found


def _escape_odds(count: int, sides: int, total: int, how: str) -> Odds:
    """The chance ``count``D``sides`` beats ``total`` ("higher than the Encounter roll",
    line 71 of seed 001), exact."""
    totals, weights = dice_weights(count, sides)
    whole = sum(weights)
    wins = sum(w for t, w in zip(totals, weights, strict=True) if t > total)
    p = Fraction(wins, whole)
    return Odds(p, 0, (), (("escapes", p), ("the encounter stays", 1 - p)),
                f"{how}: escape if it beats {total}", note="exact")


def _sentences(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.adventurers.common import Ctx

    ctx = Ctx(game.state, game.state._data)
    seat = pending.player
    found: dict[Action, str] = {}
    for action in pending.actions:
        if action.name != "travel" or ctx.cards[action.args[0]].type != "Location":
            continue
        visited = ctx.adv(seat).locations + 1
        needed = ctx.constants["locations_to_win"]
        if visited >= needed:
            found[action] = f"Your location {visited} of {needed}, and Ancient: you win at once"
        else:
            found[action] = f"Your location {visited} of {needed}"
    return found


FLAG_SPREAD = 0.20
"""The spread of the real losses of the choices the coach measures again
(``GameKnowledge.flag_spread``): fitted on 100 positions with a flag of 2,822 drawn from
heuristic-bot games, each half's fit (0.20 both) checked on the other half: 61 flags claimed
0.285 where play-outs from the real positions lost 0.295 (not shrunk: 0.468 claimed, 0.278
lost; ``benchmarks/coach.py flags --game adventurers --least 100 --rollouts 50 --fit``,
2026-12-07)."""


def _start(game: Game, seat: int) -> str | None:
    """The adventurer's profession (None before it is dealt)."""
    profession = game.state.adventurers[seat].profession
    return None if profession is None else str(getattr(profession, "name", profession))


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences,
                           redeal=redeal, coach_to_end=True, flag_spread=FLAG_SPREAD,
                           bot_learned=True,
                           start=Start("profession", pl.String(), _start,
                                       "the adventurer's profession"))
"""What the shared queries ask this game. The coach bot values 4 worlds by the learned chance
at the next decision (``bot_learned``), while the advice a person reads plays on to the end:
against 16 worlds played to the end the heuristic bot won 69.7% of 300 games (the bot left
the heuristic bot's choice on noise); against 4 by the learned chance, 47.3% of 1,200
(docs/measurements.md)."""
