"""Gamma World's hidden cards dealt again for a seat (:mod:`explorer.engine.worlds`).

A seat sees its own hand and the table; the other hands (their sizes) and what the shared deck
holds are unseen, and are dealt again together. The cards Precognition put back on top are
known to all (ruling gw-40) and stay; so do the cards on their way to a hand or the table.

While the seat searches the deck for a card type (a location's power), it sees every card of
that type in the deck (its choices name them): those stay in the deck, and the other players'
cards of that type (the ones of the type neither in the deck nor seen elsewhere) stay in their
hands, dealt again among them; the cards of the other types are dealt as usual.
"""

from __future__ import annotations

import random

from explorer.engine import Game
from explorer.engine.worlds import deal_again
from explorer.games.gamma_world.state import GammaState


def redeal(game: Game, seat: int, rng: random.Random) -> None:
    """Deal again what ``seat`` cannot see, in place (module docstring)."""
    state: GammaState = game.state
    hands = [enclave.hand for number, enclave in enumerate(state.enclaves) if number != seat]
    seen = _searched_types(game)
    if not seen:
        deal_again(hands, [state.deck], rng)
        return
    data = state._data
    for searched in (True, False):
        slots = [(hand, index) for hand in hands for index, name in enumerate(hand)
                 if (data.card(name).type in seen) == searched]
        names = [hand[index] for hand, index in slots]
        pile = {} if searched else {n: c for n, c in state.deck.items()
                                    if data.card(n).type not in seen}
        deal_again([names], [pile], rng)
        for (hand, index), name in zip(slots, names, strict=True):
            hand[index] = name
        if not searched:
            for name in [n for n in state.deck if data.card(n).type not in seen]:
                del state.deck[name]
            state.deck.update(pile)


def _searched_types(game: Game) -> set[str]:
    """The card types of the deck the seat's pending choices name (a search of the deck)."""
    state: GammaState = game.state
    if not game.phase.endswith(".search"):
        return set()
    data = state._data
    return {data.card(arg).type for action in game.legal_actions() for arg in action.args
            if isinstance(arg, str) and arg in state.deck}
