"""Whether a Rat-King game is in a circle nobody can leave (ruling rk-54).

A round has ended in a position already seen at an earlier round's end, with no card drawn and
no AP won or lost since, but somebody had a choice on the way. :func:`closed_circle` looks ahead
from the position: it plays every choice of every player in the round on copies of the state,
then again from each round's end it reaches, and so on. The circle is closed when no play ever
draws a card, wins or loses an AP, meets a chance step with more than one outcome (a die, a
draw) or ends the game (7 AP, the last card, nobody able to act), and the positions it reaches
are few enough to go through all of them (:data:`MAX_POSITIONS`, :data:`MAX_ROUNDS`): then every
option open leads back into the same circle, and nothing any player does can change the game.
Past those bounds the answer is "not closed": the game goes on.

The look-ahead never samples: it reads the state only, so a game replays exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator

from explorer.engine import Chance, GameOver
from explorer.engine.core import Step
from explorer.games.rat_king.common import Ctx
from explorer.games.rat_king.state import RatKingState

MAX_POSITIONS = 64
"""The most round-end positions the look-ahead goes through before it gives up."""
MAX_ROUNDS = 2_000
"""The most rounds (one play of every choice in a round) it plays before it gives up."""


class _WayOut(Exception):
    """A play leaves the circle, or the look-ahead gives up."""


def clock(ctx: Ctx) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What moves a game towards its end (seed 002, lines 8-9): each draw pile's size and each
    player's AP."""
    state = ctx.state
    return (tuple(p.size for p in state.piles), tuple(map(ctx.ap, range(state.players))))


def round_key(ctx: Ctx, seat: int) -> tuple[object, ...]:
    """The whole position between two turns, ``seat`` to act next: every hand (its cards, in
    any order), every draw pile (its cards and the ones known on top), every discard pile (in
    order), every group (each character with its side, its STUFF and their sides, its EVENTS),
    the EVENTS on groups, the ADVENTURES won and the cards set aside; so the same AP too
    (ruling rk-54)."""
    state = ctx.state
    return (
        seat,
        tuple(tuple(sorted(hand)) for hand in state.hands),
        tuple((tuple(sorted(p.cards.items())), tuple(p.top)) for p in state.piles),
        tuple(tuple(d) for d in state.discards),
        tuple(tuple((c.name, c.flipped, c.reinforcement,
                     tuple((g.name, g.flipped) for g in c.stuff), tuple(c.events))
                    for c in group) for group in state.groups),
        tuple(tuple(e) for e in state.group_events),
        tuple(tuple(w) for w in state.adventures_won),
        tuple(sorted(state.set_aside)),
    )


def closed_circle(ctx: Ctx, seat: int, turn: Callable[[Ctx, int], Step]) -> bool:
    """Whether every play open from the position, ``seat`` to begin the round, keeps it in a
    circle of round-end positions with no card drawn, no AP won or lost, no chance step that
    could fall otherwise and no end of the game (ruling rk-54). ``turn``: the procedure of one
    turn (:func:`explorer.games.rat_king.turn.turn`), played on copies."""
    now = clock(ctx)
    start = _copy(ctx.state)
    found = {round_key(ctx, seat)}
    waiting = [start]
    rounds = [0]
    try:
        while waiting:
            state = waiting.pop()
            for end in _round_ends(ctx, state, seat, now, rounds, turn):
                key = round_key(Ctx(end, ctx.data), seat)
                if key not in found:
                    if len(found) >= MAX_POSITIONS:
                        raise _WayOut
                    found.add(key)
                    waiting.append(end)
    except _WayOut:
        return False
    return True


def _round_ends(ctx: Ctx, state: RatKingState, seat: int, now: tuple, rounds: list[int],
                turn: Callable[[Ctx, int], Step]) -> Iterator[RatKingState]:
    """The positions at the end of the round from ``state``, one per way of playing its
    choices; raises _WayOut at a play that leaves the circle."""
    paths: list[list[int]] = [[]]
    while paths:
        path = paths.pop()
        rounds[0] += 1
        if rounds[0] > MAX_ROUNDS:
            raise _WayOut
        played = _copy(state)
        branches = _play_round(Ctx(played, ctx.data), seat, path, now, turn)
        if branches:
            paths.extend([*path, i] for i in range(branches))
        else:
            yield played


def _play_round(ctx: Ctx, seat: int, path: list[int], now: tuple,
                turn: Callable[[Ctx, int], Step]) -> int:
    """Play one round from ``seat`` on ``ctx``'s state, taking the choices of ``path`` in
    order; at the first decision past it, return its number of actions (0: the round was
    played to its end). Raises _WayOut where the play leaves the circle."""
    players = ctx.state.players
    steps = iter(path)
    for offset in range(players):
        procedure = turn(ctx, (seat + offset) % players)
        answer = None
        try:
            while True:
                pending = procedure.send(answer)
                if isinstance(pending, Chance):
                    if len(pending.outcomes) > 1:
                        raise _WayOut
                    answer = pending.outcomes[0]
                    continue
                index = next(steps, None)
                if index is None:
                    return len(pending.actions)
                answer = pending.actions[index]
        except StopIteration:
            pass
        except GameOver:
            raise _WayOut from None
        if ctx.state.passes >= players or clock(ctx) != now:
            raise _WayOut
    return 0


def _copy(state: RatKingState) -> RatKingState:
    """A copy of the state to play on: its own cards and groups, the same card data, an empty
    log, and no link back to the game."""
    memo: dict[int, object] = {id(state._data): state._data, id(state.log): []}
    marks = vars(state).get("_marks")
    if marks is not None:
        memo[id(marks)] = None
    return copy.deepcopy(state, memo)
