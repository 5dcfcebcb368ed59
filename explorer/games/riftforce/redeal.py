"""Riftforce's hidden cards dealt again for a seat (:mod:`explorer.engine.worlds`).

A seat sees its own hand, the Rift and the top card of each discard pile (ruling rf-18: the
discard piles are counts in a player's view); it does not see the other hand, what either draw
pile holds, nor the discard piles below their top cards. Each side's unseen cards (its draw
pile, the cards known on its top, its discard pile below the top card and, for the other side,
its hand) are dealt again among those places, each keeping its size. In the guild selection,
the summoners the seat has not seen (the one set aside, the other player's drawn one) are
dealt again between them.
"""

from __future__ import annotations

import random

from explorer.engine import Game
from explorer.engine.worlds import deal_again, fold_top
from explorer.games.riftforce.state import RiftforceState


def redeal(game: Game, seat: int, rng: random.Random) -> None:
    """Deal again what ``seat`` cannot see, in place (module docstring)."""
    state: RiftforceState = game.state
    _redeal_selection(state, seat, rng)
    for number, side in enumerate(state.sides):
        fold_top(side.pile.cards, side.pile.top)
        below = side.discard[:-1]
        hands = [below] if number == seat else [side.hand, below]
        deal_again(hands, [side.pile.cards], rng)
        side.discard[:-1] = below


def _redeal_selection(state: RiftforceState, seat: int, rng: random.Random) -> None:
    """The summoners set aside and drawn by the other player, while the selection goes on."""
    draft = state.draft
    if draft.done:
        return
    other = [n for n, name in enumerate(draft.drawn) if n != seat and name is not None]
    unseen = [draft.drawn[n] for n in other]
    if draft.aside is not None:
        unseen.append(draft.aside)
    unseen.sort()
    rng.shuffle(unseen)
    for n in other:
        draft.drawn[n] = unseen.pop()
    if draft.aside is not None:
        draft.aside = unseen.pop()
