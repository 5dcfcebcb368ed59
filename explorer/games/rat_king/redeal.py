"""Lair of the Rat-King's hidden cards dealt again for a seat (:mod:`explorer.engine.worlds`).

A seat sees its own hand and the table; the other hands (their sizes), what a draw pile holds
and the cards known on its top (a scenario's: the whole position shows them, a seat's view does
not) are unseen. With one draw pile, the other hands and the pile are dealt again together; On
the Borderlands, each player's hand with his own draw pile (he draws from it alone, ruling
rk-47), and the seat's own pile keeps its cards, only their known order forgotten.
"""

from __future__ import annotations

import random

from explorer.engine import Game
from explorer.engine.worlds import deal_again, fold_top
from explorer.games.rat_king.state import RatKingState


def redeal(game: Game, seat: int, rng: random.Random) -> None:
    """Deal again what ``seat`` cannot see, in place (module docstring)."""
    state: RatKingState = game.state
    for pile in state.piles:
        fold_top(pile.cards, pile.top)
    others = [number for number in range(game.players) if number != seat]
    if len(state.piles) == 1:
        deal_again([state.hands[n] for n in others], [state.piles[0].cards], rng)
        return
    for number in others:
        deal_again([state.hands[number]], [state.piles[number].cards], rng)
