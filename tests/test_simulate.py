"""explorer.simulate and the ``explorer simulate`` command: the pinned columns, seeds that make
the table the same however the games are spread (in-process, batches, a real 2-worker Dask
LocalCluster), Parquet parts, and clear refusals of bad arguments."""

from __future__ import annotations

import subprocess
import sys

import polars as pl
import pytest

import explorer
from explorer.cli import main
from explorer.simulation import COLUMNS, SimulationError, game_seed, simulate


@pytest.mark.parametrize("game, players, column", [
    ("rifts", 2, "characters"), ("adventurers", 3, "profession"),
    ("gamma_world", 2, "mutations"), ("riftforce", 2, "guilds")])
def test_the_pinned_columns_and_types(game: str, players: int, column: str) -> None:
    table = simulate(game, games=3, players=players, seed=1, progress=False)
    for name, dtype in COLUMNS.items():
        assert table.schema[name] == dtype, name
    assert column in table.columns and "variant" in table.columns
    assert table.height == 3 * players
    assert table["seat"].to_list() == list(range(players)) * 3
    # one game's rows share its seed, steps and turns; exactly the game's winners win
    for _, rows in table.group_by("seed", maintain_order=True):
        assert rows["steps"].n_unique() == rows["turns"].n_unique() == 1
        assert rows["winner"].sum() >= 1
        replayed = explorer.new_game(game, players=players, seed=rows["seed"][0])
        assert replayed.seed == rows["seed"][0]


def test_a_seat_starts_with_what_the_game_dealt() -> None:
    table = simulate("riftforce", games=2, seed=3, progress=False)
    for guilds in table["guilds"].to_list():
        assert len(guilds) == 4  # reference, Guild selection: 4 guilds each
    first = table.filter(pl.col("seed") == table["seed"][0])["guilds"].to_list()
    assert not set(first[0]) & set(first[1])  # no guild goes to both players


def test_game_i_depends_on_the_root_seed_and_i_alone() -> None:
    few = simulate("adventurers", games=3, seed=9, progress=False)
    more = simulate("adventurers", games=6, seed=9, batch=2, progress=False)
    assert more.head(few.height).equals(few)
    assert game_seed(9, 0) != game_seed(9, 1) != game_seed(10, 0)
    assert few["seed"][0] == game_seed(9, 0)


def test_a_local_cluster_of_two_workers_gives_the_same_table(tmp_path) -> None:
    here = simulate("gamma_world", games=12, players=2, seed=4, batch=5, progress=False)
    out = tmp_path / "gw.parquet"
    there = simulate("gamma_world", games=12, players=2, seed=4, batch=5, workers=2,
                     out=out, progress=False)
    assert there.equals(here)
    assert pl.read_parquet(out).equals(here)
    parts = sorted((tmp_path / "gw.parquet.parts").glob("part-*.parquet"))
    assert len(parts) == 3  # 12 games in batches of 5: 5, 5, 2
    assert sum(pl.read_parquet(p).height for p in parts) == here.height


@pytest.mark.parametrize("kwargs, message", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"games": 0}, "games must be a whole number"),
    ({"games": True}, "games must be a whole number"),
    ({"players": 5}, "riftforce is for 2 to 2 players"),
    ({"bots": ["random", "genius"]}, "unknown bot 'genius'"),
    ({"bots": ["random", "random", "random"]}, "one bot for every seat"),
    ({"workers": 0}, "workers must be"),
    ({"workers": 2, "scheduler": "tcp://x:1"}, "not both"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"out": "table.csv"}, "out must be a .parquet file"),
])
def test_bad_arguments_are_refused_before_anything_runs(kwargs: dict, message: str,
                                                        tmp_path) -> None:
    args = {"game": "riftforce", "games": 2, "progress": False, **kwargs}
    with pytest.raises(SimulationError, match=message):
        simulate(**args)


def test_the_command_writes_the_table(tmp_path, capsys) -> None:
    out = tmp_path / "rf.parquet"
    assert main(["simulate", "riftforce", "--games", "2", "--bots", "random,random",
                 "--seed", "5", "--out", str(out), "--quiet"]) == 0
    assert pl.read_parquet(out).equals(simulate("riftforce", games=2, seed=5, progress=False))
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["simulate", "riftforce", "--games", "2", "--out", "x.parquet", "--players", "3"],
     "riftforce is for 2 to 2 players"),
    (["simulate", "riftforce", "--games", "two", "--out", "x.parquet"], "invalid int value"),
    (["simulate", "monopoly", "--games", "2", "--out", "x.parquet"], "invalid choice"),
    (["simulate", "riftforce", "--games", "2", "--out", "x.parquet", "--variant", "oops"],
     "KEY=VALUE"),
])
def test_a_bad_command_exits_2_without_a_traceback(argv: list[str], message: str,
                                                   tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "explorer", *argv], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_explorer_simulate_is_the_function() -> None:
    """Issue #14 pins ``explorer.simulate(game, games=N, ...)``."""
    import explorer.simulation

    table = explorer.simulate("adventurers", games=2, players=2, seed=3, progress=False)
    assert table.equals(explorer.simulation.simulate("adventurers", games=2, seed=3,
                                                     progress=False))
