"""explorer.odds.at(game, seat): a draw's odds as one seat may know them.

A seat does not know which unseen cards are in the deck and which in another seat's hand, so
for it the next card is any of the cards it has not seen, each as likely (a shuffled deck:
every order of the unseen cards is as likely). Its own hand and the table are not among them.
"""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer import odds
from explorer.engine import Chance
from explorer.engine.bots import make_bot


def a_draw(game_id: str, seed: int) -> explorer.engine.Game:
    """A seeded heuristic game at a card draw by seat 0 while seat 1 holds cards."""
    game = explorer.new_game(game_id, players=2, seed=seed)
    bots = {s: make_bot(game, "heuristic", s) for s in range(2)}
    while True:
        pending = game.pending
        if (isinstance(pending, Chance) and pending.outcomes[0].name == "card"
                and odds.hidden_from(game, 0)):
            return game
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))


def test_a_seat_sees_a_draw_over_the_deck_and_the_hands_it_has_not_seen() -> None:
    game = a_draw("adventurers", 5)
    state = game.state
    other = state.adventurers[1].hand
    mine = state.adventurers[0].hand
    seen = odds.at(game, 0)
    unseen = sum(state.deck.pile.values()) + len(other)
    assert dict(seen.outcomes).keys() >= set(other)
    for name, p in seen.outcomes:
        assert p == Fraction(state.deck.pile.get(name, 0) + other.count(name), unseen)
    only_mine = set(mine) - set(state.deck.pile) - set(other)  # it holds them: not unseen
    assert not only_mine & set(dict(seen.outcomes))
    assert sum(p for _, p in seen.outcomes) == 1
    # the engine's own odds (the whole truth) are over the deck alone
    assert dict(odds.at(game).outcomes).keys() == {str(n) for n in state.deck.pile}


def test_a_rifts_draw_counts_only_the_other_hands_cards_of_that_deck() -> None:
    game = a_draw("rifts", 3)
    deck = game.pending.outcomes[0].args[0]
    hidden = [h.name for h in game.state.parties[1].hand if h.deck == deck]
    pile = game.state.decks[deck].pile
    seen = dict(odds.at(game, 0).outcomes)
    whole = sum(pile.values()) + len(hidden)
    for name in hidden:
        assert seen[name] == Fraction(pile.get(name, 0) + hidden.count(name), whole)
    assert sum(seen.values()) == 1
