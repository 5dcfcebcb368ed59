"""Riftforce's knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: Check & Draw (how many cards it brings and, for each
guild, the exact chance of at least one). Sentences: :mod:`explorer.games.riftforce.consequences`.
"""

from __future__ import annotations

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import GameKnowledge
from explorer.odds import Odds


def _odds(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    """Check & Draw: how many cards it brings and, for each of the player's guilds, the exact
    chance that at least one of them is among the draws (reshuffle included)."""
    checks = [a for a in pending.actions if a.name == "check"]
    if not checks:
        return {}
    from explorer.odds import riftforce

    state = game.state
    side = state.sides[pending.player]
    room = state._data.constants["draw_up_to"] - len(side.hand)
    k = min(room, side.pile.size + len(side.discard))
    rows = tuple((f"{'an' if guild[0] in 'AEIOU' else 'a'} {guild} card",
                  riftforce.p_at_least(game, k, guild=guild))
                 for guild in side.guilds)
    return {checks[0]: Odds(None, 0, (), rows, f"Check & Draw: {k} card{'s' if k != 1 else ''}"
                            " from your own draw pile", note="exact",
                            extra={"draws": k})}


def _sentences(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.riftforce.consequences import sentences

    return sentences(game, pending)


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences)
"""What the shared queries ask this game."""
