"""Riftforce's knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: Check & Draw (how many cards it brings and, for each
guild, the exact chance of at least one). Sentences: :mod:`explorer.games.riftforce.consequences`.
"""

from __future__ import annotations

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import GameKnowledge
from explorer.games.riftforce.redeal import redeal
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


COACHED = 8
"""The complete actions a coach compares in a turn: the ones the heuristic bot weighs best (a
turn may have hundreds; GNU Backgammon too screens moves cheaply before rolling the best out)."""


def _choices(game: Game, seat: int) -> list[tuple[tuple[Action, ...], str]]:
    """In a player's turn, the :data:`COACHED` complete actions the heuristic bot weighs best
    among those the finder lists (the choices still to make of each;
    ``explorer.odds.riftforce.best_actions``, bounded like the bot's search); elsewhere (the
    guild selection, a turn too wide to list) each legal action."""
    from explorer.errors import TooMuchWork
    from explorer.games.riftforce.bots import SEARCH_LIMIT, value
    from explorer.odds.riftforce import best_actions

    legal = game.legal_actions()
    alone = [((action,), action.text or str(action)) for action in legal]
    if game.state._turn_start is None or legal[0].name == "guild":
        return alone
    try:
        candidates = best_actions(game, limit=SEARCH_LIMIT)
    except TooMuchWork:
        return alone
    made = len(game.state._turn_choices)
    fitting = [c for c in candidates if len(c.choices) > made and c.choices[made] in legal]
    ranked = sorted(range(len(fitting)), key=lambda n: (-value(fitting[n]), n))[:COACHED]
    found = [(tuple(fitting[n].choices[made:]), fitting[n].text) for n in sorted(ranked)]
    return found or alone


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences,
                           redeal=redeal, choices=_choices)
"""What the shared queries ask this game."""
