"""200 seeded random-bot games of Rifts (2, 3 and 4 players) played to a winner, with every
invariant checked after every step; determinism, save/load, undo and illegal actions.
(Issue #3, "What it must show".)"""

from __future__ import annotations

import pytest

import explorer
from explorer.games.rifts.invariants import check
from tests.game_helpers import (
    assert_illegal_steps_change_nothing,
    assert_same_seed_same_log,
    assert_save_and_load_plays_on,
    assert_undo_is_exact,
    play_checked,
)

GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(67 if players < 4 else 66)]
assert len(GAMES) == 200


@pytest.mark.parametrize(("players", "seed"), GAMES, ids=[f"{p}p-seed{s}" for p, s in GAMES])
def test_random_game_ends_with_a_winner_and_keeps_every_invariant(players: int,
                                                                    seed: int) -> None:
    game = play_checked("rifts", players, seed, check)
    assert len(game.winners) == 1
    winner = game.winners[0]
    assert game.scores[winner] >= 10 and max(game.scores) == game.scores[winner]


def test_the_same_seed_and_actions_give_the_same_log() -> None:
    assert_same_seed_same_log("rifts")


def test_save_and_load_mid_game_then_play_on_identically() -> None:
    assert_save_and_load_plays_on("rifts", saved_at=700, then=1500)


def test_undo_after_any_step_restores_the_exact_prior_state() -> None:
    assert_undo_is_exact("rifts", players=2, steps=900, sampled=0.05)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    assert_illegal_steps_change_nothing("rifts", steps=400)


def test_the_card_count_invariant_names_a_card_lost_doubled_or_unknown() -> None:
    """The check the random games rely on can fail, and says which card."""
    game = explorer.new_game("rifts", players=2, seed=1)
    state, data = game.state, game.state._data
    check(state, data)  # a new game holds every card once
    magic = state.decks["Magic"]
    name = next(iter(magic.pile))
    magic.discard.append(name)  # one copy too many
    with pytest.raises(AssertionError, match=f"Magic card {name!r} is in"):
        check(state, data)
    magic.discard.remove(name)
    magic.discard.append("No Such Card")
    with pytest.raises(AssertionError, match="unknown cards in play"):
        check(state, data)
