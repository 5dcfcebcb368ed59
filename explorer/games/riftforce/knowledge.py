"""Riftforce's knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: Check & Draw (how many cards it brings and, for each
guild, the exact chance of at least one). Sentences: :mod:`explorer.games.riftforce.consequences`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import polars as pl

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import GameKnowledge, Start
from explorer.engine.odds import Odds
from explorer.games.riftforce.redeal import redeal


def _odds(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    """Check & Draw: how many cards it brings and, for each of the player's guilds, the exact
    chance that at least one of them is among the draws (reshuffle included)."""
    checks = [a for a in pending.actions if a.name == "check"]
    if not checks:
        return {}
    from explorer.games.riftforce import odds as riftforce

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


_FOUND: list[Any] = [None, None, None]
"""The last search of :func:`_outcomes`: the game (a weak reference), its record, the answer."""


def _outcomes(game: Game) -> list[tuple[Any, Any]]:
    """``explorer.odds.riftforce.action_outcomes`` of ``game``'s turn, bounded like the bot's
    search, once per position: the coach asks for the choices and then their quick estimate
    of the same game, and the search is the costly part of both. Raises TooMuchWork."""
    from explorer.games.riftforce.bots import SEARCH_LIMIT
    from explorer.games.riftforce.odds import action_outcomes

    ref, record, found = _FOUND
    if ref is not None and ref() is game and record == list(game._inputs):
        return found  # type: ignore[no-any-return]
    found = action_outcomes(game, limit=SEARCH_LIMIT)
    _FOUND[:] = [weakref.ref(game), list(game._inputs), found]
    return found


def _choices(game: Game, seat: int) -> list[tuple[tuple[Action, ...], str]]:
    """In a player's turn, every complete action the finder lists, the ones the heuristic bot
    weighs best first (the choices still to make of each; ``explorer.odds.riftforce.
    best_actions``, bounded like the bot's search); elsewhere (the guild selection, a turn too
    wide to list) each legal action."""
    from explorer.errors import TooMuchWork
    from explorer.games.riftforce.bots import value

    legal = game.legal_actions()
    alone = [((action,), action.text or str(action)) for action in legal]
    if game.state._turn_start is None or legal[0].name == "guild":
        return alone
    try:
        candidates = [candidate for candidate, _ in _outcomes(game)]
    except TooMuchWork:
        return alone
    made = len(game.state._turn_choices)
    fitting = [c for c in candidates if len(c.choices) > made and c.choices[made] in legal]
    ranked = sorted(range(len(fitting)), key=lambda n: (-value(fitting[n]), n))
    found = [(tuple(fitting[n].choices[made:]), fitting[n].text) for n in ranked]
    return found or alone


FEATURES = ("controlled", "other_controlled", "elementals", "other_elementals", "health",
            "other_health", "first")
"""Riftforce's own numbers in the coach's value (:func:`state_features`), after the ones every
game reads."""


def state_features(state: Any, seat: int) -> list[float]:
    """:data:`FEATURES` of ``state`` (a game's, or a position the finder reaches) from
    ``seat``'s side, all in sight: the locations each side controls (what a Check & Draw
    scores), its elementals on the Rift and their health left, and whether the seat holds the
    start marker (the other's action closes each round). The standing weighs the same parts
    with fixed weights; apart, the model weighs them itself."""
    sides = (seat, 1 - seat)
    locations = range(len(state.board))
    controlled = [sum(state.controls(s, n) for n in locations) for s in sides]
    elementals = [sum(len(place[s]) for place in state.board) for s in sides]
    health = [sum(e.value - e.damage for place in state.board for e in place[s])
              for s in sides]
    return [float(v) for v in (*controlled, *elementals, *health, state.first == seat)]


def _features(game: Game, seat: int) -> list[float]:
    return state_features(game.state, seat)


def _quick(game: Game, seat: int, runs: list[tuple[Action, ...]],
           value: Callable[..., float]) -> list[float | None]:
    """The learned chance of winning for ``seat`` after each complete action of ``runs``,
    valued as the other player's turn begins (the value is fitted to a seat deciding: one
    less his chance there), from the position the finder reaches (what the seat sees; a
    Check & Draw's cards counted in the hand); exact where the action ends the game (the
    second player's action once someone has reached the target, the scores apart); None for a
    run the finder does not list. ``value``: the learned chance of a position told by its
    numbers (:meth:`explorer.engine.knowledge.GameKnowledge.quick`)."""
    from explorer.errors import TooMuchWork
    from explorer.games.riftforce.search import STANDING, standing

    state = game.state
    if state._turn_start is None or game.legal_actions()[0].name == "guild":
        return [None] * len(runs)
    try:
        found = _outcomes(game)
    except TooMuchWork:
        return [None] * len(runs)
    made = len(state._turn_choices)
    after = {tuple(c.choices[made:]): (c, leaf) for c, leaf in found if len(c.choices) > made}
    other = 1 - seat
    held = len(state.sides[other].hand)  # (his hand's size: the finder's view leaves it out)
    target = state._data.constants["victory_riftforce"]
    values: list[float | None] = []
    for run in runs:
        if tuple(run) not in after:
            values.append(None)
            continue
        candidate, leaf = after[tuple(run)]
        scores = [side.riftforce for side in leaf.sides]
        if seat != leaf.first and scores[0] != scores[1] and (
                leaf.ending is not None or max(scores) >= target):
            values.append(1.0 if scores[seat] > scores[other] else 0.0)  # the game's end
            continue
        mine = standing(leaf, seat) + STANDING["hand"] * (candidate.draws - held)
        hands = [0, 0]
        hands[seat], hands[other] = len(leaf.sides[seat].hand) + candidate.draws, held
        values.append(1.0 - value(other, scores, [-mine if s == other else mine
                                                  for s in range(2)],
                                  hands, True, leaf.turns + 1, state_features(leaf, other)))
    return values


def _usual(game: Game, seat: int) -> tuple[Action, ...] | None:
    """In a player's turn, the complete action the heuristic bot weighs best (the first of
    :func:`_choices`, the choices still to make of it); elsewhere, or where the turn is too
    wide to list, None (the coach asks the bot)."""
    from explorer.errors import TooMuchWork

    if game.state._turn_start is None or game.legal_actions()[0].name == "guild":
        return None
    try:
        _outcomes(game)
    except TooMuchWork:
        return None
    return _choices(game, seat)[0][0]


def _start(game: Game, seat: int) -> list[str] | None:
    """The four guilds once the selection is done (None before)."""
    state = game.state
    return list(state.sides[seat].guilds) if state.draft.done else None


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences,
                           redeal=redeal, choices=_choices, quick=_quick,
                           features=_features, feature_names=FEATURES, usual=_usual,
                           confirm_flags=False,
                           start=Start("guilds", pl.List(pl.String()), _start,
                                       "the four guilds after the selection"))
"""What the shared queries ask this game."""
