"""Worlds: the game as one seat may imagine it, for looking ahead from any decision.

A :class:`World` is an exact copy of a game at its current step (the same start, the same
steps taken again) in which everything the seat cannot see is dealt again at random from the
cards the seat has not seen: the other hands, what the draw piles hold, cards known on top of a
pile only to the whole position. Its generator is a fresh one. So a look-ahead played in a
world knows only what ``position(game, seat)`` shows, however the real cards lie:
``position(world, seat) == position(game, seat)``.

What is hidden, and how it may be dealt again without changing what the seat sees (a hand's
size, a pile's size), is particular to each game: each game's knowledge supplies a ``redeal``
(:class:`explorer.engine.knowledge.GameKnowledge`), which mostly calls :func:`deal_again`.

A world can step, undo and redo like any game: undoing replays its steps (from its latest
checkpoint: :mod:`explorer.engine.checkpoints`) and deals again the same way at the same
step.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any

from explorer.engine.core import Game, IllegalAction
from explorer.errors import ExplorerError


class WorldError(ExplorerError, ValueError):
    """A world cannot be built: a game without a redeal, a seat that is not the game's, or a
    game that is over."""


class World(Game):
    """``game`` at its current step as ``seat`` may imagine it (module docstring), its hidden
    cards dealt again with a generator seeded with ``seed``, which also seeds the world's own
    generator."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        from explorer.engine.knowledge import knowledge_for

        if not isinstance(game, Game):
            raise WorldError(f"a world is made from a game; found {game!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < game.players:
            raise WorldError(f"seat must be a seat number from 0 to {game.players - 1}; "
                             f"found {seat!r}")
        knowledge = knowledge_for(game.game_id)
        if not knowledge.can_redeal:
            raise WorldError(f"{game.game_id} has no redeal: its hidden cards cannot be dealt "
                             "again, so no world can be imagined from a seat's view")
        game._catch_up()
        self._copy(game, game.steps)
        if isinstance(game, World):  # its steps are replayed on the real game, as ever
            self._checkpoints = [p for p in self._checkpoints if p.step <= game.dealt_at]
        self._redeal_with = knowledge.redeal
        self._deal = (game.steps, seat, seed)
        self._replay()

    @property
    def dealt_at(self) -> int:
        """The step at which the hidden cards were dealt again."""
        return self._deal[0]

    def _deal_again(self) -> None:
        _, seat, seed = self._deal
        rng = random.Random(seed)
        self._redeal_with(self, seat, rng)
        self.rng = random.Random(rng.getrandbits(63))

    def _replay(self) -> None:
        """The steps taken again from the latest checkpoint (the game's, before the deal, or
        the world's own, after it), the hidden cards dealt again at the step they were."""
        records = self._inputs
        at = self._deal[0]
        count = len(records)
        for number in range(self._rewind(count), count):
            if number == at:
                self._deal_again()
            self._apply(records[number])
        if count == at:
            self._deal_again()

    def at(self, step: int) -> Game:
        """Refused below the step the world was dealt at (before it, the world is the real
        game); at or after it, a new world at that step."""
        if isinstance(step, bool) or not isinstance(step, int) or \
                not self.dealt_at <= step <= self.steps:
            raise IllegalAction(f"a world goes back no further than step {self.dealt_at}, "
                                f"where it was dealt; step must be from {self.dealt_at} to "
                                f"{self.steps}; found {step!r}")
        copy = World.__new__(World)
        copy._copy(self, step)
        copy._replay()
        return copy


def deal_again(hands: Sequence[MutableSequence[Any]], piles: Sequence[dict[Any, int]],
               rng: random.Random, *, key: Any = None) -> None:
    """Deal the cards of ``hands`` and ``piles`` (multisets: card -> copies) again at random,
    in place: each hand keeps its size, each pile its size, and together they hold the same
    cards as before. The cards are sorted (by ``key``) before they are shuffled, so the deal
    depends on which cards there are, never on where they lay."""
    pool: list[Any] = [card for hand in hands for card in hand]
    for pile in piles:
        for card, copies in pile.items():
            pool.extend([card] * copies)
    pool.sort(key=key)
    rng.shuffle(pool)
    at = 0
    for hand in hands:
        size = len(hand)
        hand[:] = pool[at:at + size]
        at += size
    for pile in piles:
        size = sum(pile.values())
        pile.clear()
        for card in pool[at:at + size]:
            pile[card] = pile.get(card, 0) + 1
        at += size


def fold_top(pile: dict[Any, int], top: list[Any]) -> None:
    """Put the cards known on ``top`` of a pile back into its unknown part (a seat that does
    not see them cannot tell them from the rest), in place."""
    for card in top:
        pile[card] = pile.get(card, 0) + 1
    top.clear()


def named(game: Game, cards: Sequence[Any]) -> bool:
    """Whether a choice of ``game``'s pending decision names one of ``cards`` (the seat is
    choosing among cards it looked at, so it sees them there)."""
    wanted = set(cards)
    return bool(wanted) and any(arg in wanted for action in game.legal_actions()
                                for arg in action.args if isinstance(arg, str))
