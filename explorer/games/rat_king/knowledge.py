"""Lair of the Rat-King's knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: in an ADVENTURE ROUND, each round action with who wins
the ADVENTURE after it (:mod:`explorer.odds.rat_king`). Sentences: a CHARACTER or a
REINFORCEMENT whose Exclusion discards it with others.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import GameKnowledge, Start, listed
from explorer.engine.odds import Odds
from explorer.games.rat_king.redeal import redeal


def _odds(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    """In an ADVENTURE ROUND: each round action (and, once one is chosen, each of its choices)
    with who wins the ADVENTURE after it if everyone then passes, exactly; a kind of action is
    shown with its best choice for the acting player."""
    state = game.state
    if state.round is None or state.round.settled or not state.phase.startswith("adventure"):
        return {}
    from explorer.games.rat_king import adventure as A
    from explorer.games.rat_king import odds as rat_king

    names = {a.name for a in pending.actions}
    seat = pending.player
    if names <= set(A.ROUND_ACTIONS):
        found: dict[Action, Odds] = {}
        best: dict[str, Odds] = {}
        for actions, odds in rat_king.round_choices(game):
            kind = actions[0].name
            if kind not in best or odds.extra["win"][seat] > best[kind].extra["win"][seat]:
                best[kind] = odds
        for action in pending.actions:
            if action.name in best:
                found[action] = best[action.name]
        return found
    if state.phase.partition(".")[2] not in A.ROUND_ACTIONS_RUN:
        return {}
    return rat_king.choice_odds(game)


def _sentences(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.rat_king.common import Ctx

    ctx = Ctx(game.state, game.state._data)
    found: dict[Action, str] = {}
    for action in pending.actions:
        said = None
        if action.name == "play_character":
            said = _exclusion(ctx, *action.args)
        elif action.name == "play_reinforcement":  # exclusions apply to it (ruling rk-26)
            said = _exclusion(ctx, action.args[0], pending.player)
        if said is not None:
            found[action] = said
    return found


def _exclusion(ctx: Any, name: str, target: int) -> str | None:
    """Who an Exclusion discards if ``name`` enters ``target``'s group: the new CHARACTER and
    every one there it excludes or that excludes it (seed 002, line 38); a ME card is flipped
    instead of being discarded (line 36)."""
    data = ctx.data
    card = data.characters[name]
    hit = [c for c in ctx.state.groups[target]
           if set(card.excludes) & set(ctx.card_of(c).classifications)
           or set(ctx.card_of(c).excludes) & set(card.classifications)]
    if not hit:
        return None
    everyone = [(name, card.is_me, False),
                *((c.name, ctx.card_of(c).is_me, c.flipped) for c in hit)]
    gone = [n for n, me, _ in everyone if not me]
    flipped = [n for n, me, already in everyone if me and not already]
    stays = [n for n, me, already in everyone if me and already]
    parts = []
    if gone:
        both = "both " if len(gone) == 2 else ("all " if len(gone) > 2 else "")
        verb = "will be" if len(gone) == 1 else f"will {both}be"
        parts.append(f"{listed(gone)} {verb} discarded")
    if flipped:
        parts.append(f"{listed(flipped)} (a ME card) will be flipped")
    if stays:
        parts.append(f"{listed(stays)} (a ME card already flipped) stays flipped")
    return "Exclusion: " + ", and ".join(parts)


FLAG_SPREAD = 0.22
"""The spread of the real losses of the choices the coach measures again
(``GameKnowledge.flag_spread``): fitted on 152 positions with a flag of 1,906 drawn from
heuristic-bot games, each half of the games' fit (0.22 both) checked on the other half: 107
flags claimed 0.280 where play-outs from the real positions lost 0.286 (not shrunk: 0.430
claimed, 0.289 lost; ``benchmarks/coach.py flags --game rat_king --least 150 --rollouts 50
--fit``, 2026-12-07)."""


def _start(game: Game, seat: int) -> str | None:
    """The ME card dealt to the seat (None before)."""
    state = game.state
    characters = state._data.characters
    return next((c.name for c in state.groups[seat] if characters[c.name].kind == "ME"), None)


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences,
                           redeal=redeal, coach_to_end=True, flag_spread=FLAG_SPREAD,
                           bot_learned=True,
                           start=Start("me_card", pl.String(), _start,
                                       "the ME card dealt to the seat"))
"""What the shared queries ask this game."""
