"""The search bot beats the heuristic bot (issue #14): seeded games in both seat orders
through :func:`explorer.simulate` on a two-worker Dask LocalCluster, and the 95% Wilson
interval of the search bot's pooled win rate must lie above 50%.

Long (minutes): marked ``strength``, run by ``make strength``, not by ``make test``. The
numbers of games are smaller than the README's tournament (its figures are the full ones); at
these sizes the test passes only if the search bot wins clearly more than half: with 300 Rifts
games at least 167 wins (55.7%, Wilson lower bound 50.01%), with 160 Riftforce games at least
93 (58.1%, lower bound 50.4%). The seeds are fixed, so the games, and the verdict, are the same
on every run.
"""

from __future__ import annotations

import polars as pl
import pytest

from explorer.balance import wilson
from explorer.simulation import simulate

pytestmark = pytest.mark.strength


@pytest.mark.parametrize("game_id, games", [("rifts", 150), ("riftforce", 80)])
def test_search_beats_the_heuristic_bot(game_id: str, games: int) -> None:
    wins = played = 0
    for order in (["search", "heuristic"], ["heuristic", "search"]):
        table = simulate(game_id, games=games, bots=order, seed=2026, workers=2,
                         batch=10, progress=False)
        search = table.filter(pl.col("bot") == "search")
        assert search.height == games  # one search seat per game
        wins += search["winner"].sum()
        played += games
    low, high = wilson(wins, played)
    print(f"{game_id}: search won {wins} of {played} ({wins / played:.1%}, 95% Wilson "
          f"{low:.1%}-{high:.1%})")  # the figure for the README (pytest -s)
    assert low > 0.5, (f"{game_id}: search won {wins} of {played} against the heuristic bot "
                       f"(95% Wilson {low:.3f}-{high:.3f}): not clearly better")
