"""Checkpoints: cheap copies of a game at the points its procedure can resume from.

A game's procedure is a generator, and a generator cannot be copied; so a copy of a game
(``Game.at``, an undo, a :class:`~explorer.engine.worlds.World`) once replayed every step from
the start, in time proportional to the steps played. A procedure may instead mark the points
it can be resumed from (``state.resumable(at)``, at the top of a turn): there the game keeps a
:class:`Checkpoint`, the state copied (the card data and what the game names as never changed
in place shared, the log shared up to its length), the generator's state and the step. A copy
at step S is then the latest checkpoint at or before S restored, a fresh procedure from the
game's ``Rules.resume(state, at)``, and the steps after the checkpoint taken again.

A checkpoint costs about as much as a few steps, so a game keeps none while it is only played
(a simulation's games never are copied). The first copy of a game (``Game.at``, a world of it)
replays it once, keeping the checkpoints of the steps already taken, and the game keeps them
from then on, as does a game once undone; a copy keeps its own once it is copied or undone.

The replay from the start stays the check that a copy is exact: with :data:`ENABLED` False
(or inside :func:`replaying`) every copy replays from the start, and the two give equal
``Game.snapshot()`` at every step (tests/test_fast_copy.py).
"""

from __future__ import annotations

import pickle
import random
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

ENABLED = True
"""Whether copies start from checkpoints (False: every copy, undo and world replays the game
from its start, the check that a checkpoint's copy is exact)."""

SPACING = 0.000_1
"""The least play, in seconds, between two checkpoints of a game (a mark sooner after the
last one is passed by): each costs about 0.1 ms when it is kept (a copy of the state) and
as much when a copy starts from it, so a copy replays little more than this much play after
its checkpoint, and keeping them adds at most about as much again to the replay of a game
(its first copy). 0.2 ms left 25 of 2,124 steps of three Rifts games over the target of
0.5 ms a copy, 0.1 ms 5 (benchmarks/copy_speed.py)."""

_NOT_COPIED = ("_data", "_marks", "log")
"""A state's attributes a checkpoint does not pickle: the game's card data (never changed),
the hook to its game, and the log (kept by reference and length: it is only appended to)."""


class Checkpoint:
    """A game's state at a point its procedure can resume from: ``step`` steps taken, ``at``
    what the procedure said it needs to resume there (immutable), the generator's state, and
    the state itself as pickled bytes plus what is shared (never changed in place)."""

    __slots__ = ("at", "blob", "kind", "lines", "log", "rng", "shared", "step")

    def __init__(self, state: Any, rng: random.Random, at: Any,
                 shared: tuple[str, ...]) -> None:
        values = vars(state)
        kept = {name: values[name] for name in ("_data", *shared) if name in values}
        copied = {name: value for name, value in values.items()
                  if name not in kept and name not in _NOT_COPIED}
        self.step: int = state.step
        self.at = at
        self.kind = type(state)
        self.blob = pickle.dumps(copied, pickle.HIGHEST_PROTOCOL)
        self.shared = kept
        self.log: list[Any] = state.log  # only appended to: its first ``lines`` stay
        self.lines = len(state.log)
        self.rng = rng.getstate()

    def state(self) -> Any:
        """A new state equal to the one kept (its own copy of everything not shared)."""
        state = self.kind.__new__(self.kind)
        values = vars(state)
        values.update(pickle.loads(self.blob))
        values.update(self.shared)
        state.log = self.log[:self.lines]
        return state

    def generator(self) -> random.Random:
        """A new generator in the state kept."""
        rng = random.Random(0)
        rng.setstate(self.rng)
        return rng


def latest(points: list[Checkpoint], step: int) -> Checkpoint | None:
    """The last of ``points`` (in step order) taken at or before ``step``; None if none."""
    for point in reversed(points):
        if point.step <= step:
            return point
    return None


class Marks:
    """How a state's procedure reaches its game (``state.resumable``): a weak reference, so a
    game and its state do not keep each other alive; a copy of the state (``copy.deepcopy``,
    pickle: a state tried on by the odds) reaches no game, its marks are None."""

    __slots__ = ("game",)

    def __init__(self, game: Any) -> None:
        self.game = weakref.ref(game)

    def __deepcopy__(self, memo: dict[int, Any]) -> None:
        return None

    def __copy__(self) -> None:
        return None

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return _nothing, ()


def _nothing() -> None:
    return None


@contextmanager
def replaying() -> Iterator[None]:
    """Inside it, every copy, undo and world replays its game from the start (the check)."""
    global ENABLED
    was, ENABLED = ENABLED, False
    try:
        yield
    finally:
        ENABLED = was
