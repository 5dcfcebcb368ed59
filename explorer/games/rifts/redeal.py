"""Rifts Adventures' hidden cards dealt again for a seat (:mod:`explorer.engine.worlds`).

A seat sees its own hand and every card on the table; it does not see the other parties' hands
(their sizes only) nor the cards known on top of a deck (Scrying: the whole position shows
them, a seat's view does not). Each Aid deck's unseen cards (what its draw pile holds, the
cards known on its top, the other parties' cards of that deck in hand) are dealt again: each
hand keeps its cards' decks (a card drawn from a deck is drawn in view of all, only its face
hidden) and each pile its size. A card dealt into a hand comes undamaged with its full uses.
The cards drawn and not yet placed stay where they are (the rules are placing them).
"""

from __future__ import annotations

import random

from explorer.engine import Game
from explorer.engine.worlds import deal_again, fold_top, named
from explorer.games.rifts.data import AID_DECKS
from explorer.games.rifts.state import Held, RiftsState


def redeal(game: Game, seat: int, rng: random.Random) -> None:
    """Deal again what ``seat`` cannot see, in place (module docstring)."""
    state: RiftsState = game.state
    data = state._data
    for name in sorted(state.decks):
        deck = state.decks[name]
        if not named(game, deck.top):
            fold_top(deck.pile, deck.top)
            deck.known.clear()
        if name not in AID_DECKS:
            continue
        slots = [(party, index) for number, party in enumerate(state.parties)
                 if number != seat for index, held in enumerate(party.hand)
                 if held.deck == name]
        names = [party.hand[index].name for party, index in slots]
        deal_again([names], [deck.pile], rng)
        for (party, index), card in zip(slots, names, strict=True):
            party.hand[index] = Held(name, card, False, data.card(name, card).uses)
