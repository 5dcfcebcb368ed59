"""Adventurers' hidden cards dealt again for a seat (:mod:`explorer.engine.worlds`).

A seat sees its own hand and the table; the other hands (their sizes), what the common deck
holds and the cards known on its top (looked at: the whole position shows them, a seat's view
does not) are unseen, and are dealt again together; but while the seat is choosing among the
cards it looked at (its choices name them), those stay on top where they are.
"""

from __future__ import annotations

import random

from explorer.engine import Game
from explorer.engine.worlds import deal_again, fold_top, named
from explorer.games.adventurers.state import AdventurersState


def redeal(game: Game, seat: int, rng: random.Random) -> None:
    """Deal again what ``seat`` cannot see, in place (module docstring)."""
    state: AdventurersState = game.state
    if not named(game, state.deck.top):
        fold_top(state.deck.pile, state.deck.top)
    hands = [adventurer.hand for number, adventurer in enumerate(state.adventurers)
             if number != seat]
    deal_again(hands, [state.deck.pile], rng)
    state.deck.pile = dict(state.deck.pile)  # a new pile: the rules' draw outcomes are made again
