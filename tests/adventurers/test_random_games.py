"""200 seeded random-bot games of Adventurers (2, 3 and 4 players) played to a winner, with
every invariant checked after every step; determinism, save/load, undo and illegal actions.
(Issue #4, "What it must show".)"""

from __future__ import annotations

import pytest

from explorer.engine import Outcome
from explorer.games.adventurers.invariants import check
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
    game = play_checked("adventurers", players, seed, check)
    data = game.state._data
    assert len(game.winners) == 1
    winner = game.winners[0]
    assert game.scores[winner] == max(game.scores)
    if game.scores[winner] == data.constants["locations_to_win"]:  # lines 11-13
        assert data.cards[game.state.adventurers[winner].chain[-1]].ancient


def test_the_same_seed_and_actions_give_the_same_log() -> None:
    assert_same_seed_same_log("adventurers")


def test_save_and_load_mid_game_then_play_on_identically() -> None:
    assert_save_and_load_plays_on("adventurers", saved_at=300, then=1500)


def test_undo_after_any_step_restores_the_exact_prior_state() -> None:
    assert_undo_is_exact("adventurers", players=3, steps=700, sampled=0.1)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    assert_illegal_steps_change_nothing("adventurers", steps=300,
                                        illegal=(Outcome("card", ("Holy Grail",)),))
