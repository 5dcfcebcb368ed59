"""Whole games at scale: games per second per core for each game and bot, and what Dask's
workers give over the in-process run.

    .venv/bin/python benchmarks/simulate_speed.py [--games 200] [--search-games 6]
                                                  [--dask-game rifts] [--dask-games 1000]
                                                  [--no-dask] [--only GAME ...]

Part 1 plays ``explorer.simulate`` in this process (one core) for every game with the same bot
in both seats (2 players): ``random``, ``heuristic`` and ``search``, the slower bots over fewer
games (``--search-games`` for the search bot; the heuristic bot over ``--games`` / 10 in
Riftforce, whose heuristic searches every complete action). Part 2 plays one workload
(``--dask-games`` random-bot games of ``--dask-game``) three ways in one run, side by side: in
this process, on a LocalCluster of 1 worker and of 2 workers (cluster start-up included, as a
user meets it), and checks that the three tables are equal.
"""

from __future__ import annotations

import argparse
import time

from tqdm import tqdm

import explorer
from explorer.games import GAMES

BOTS = ("random", "heuristic", "search")


def games_for(game: str, bot: str, games: int, search_games: int) -> int:
    """How many games a row plays (the slow bots fewer)."""
    if bot == "search":
        return search_games
    if bot == "heuristic" and game == "riftforce":
        return max(2, games // 10)
    return games


def per_core(games: int, search_games: int, only: list[str]) -> list[tuple]:
    """(game, bot, games, seconds, games/s, steps/s) for each game and bot, in this process."""
    rows = []
    plan = [(g, b) for g in GAMES if not only or g in only for b in BOTS]
    for game, bot in tqdm(plan, desc="game and bot", unit="row"):
        n = games_for(game, bot, games, search_games)
        start = time.perf_counter()
        table = explorer.simulate(game, games=n, bots=[bot, bot], seed=7, progress=False)
        seconds = time.perf_counter() - start
        steps = table.unique("seed")["steps"].sum()
        rows.append((game, bot, n, seconds, n / seconds, steps / seconds))
    return rows


def dask_speedup(game: str, games: int) -> list[tuple]:
    """(how, seconds, games/s, speed-up) for in-process, 1 and 2 Dask workers."""
    rows, tables = [], []
    for how, workers in (("in this process", None), ("1 Dask worker", 1),
                         ("2 Dask workers", 2)):
        start = time.perf_counter()
        tables.append(explorer.simulate(game, games=games, seed=11, workers=workers,
                                        progress=False))
        seconds = time.perf_counter() - start
        rows.append((how, seconds, games / seconds))
    if not all(t.equals(tables[0]) for t in tables[1:]):
        raise SystemExit("the tables differ between the in-process and Dask runs")
    base = rows[0][1]
    return [(how, s, rate, base / s) for how, s, rate in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=6)
    parser.add_argument("--dask-game", default="rifts", choices=list(GAMES))
    parser.add_argument("--dask-games", type=int, default=1000)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--only", nargs="*", default=[], choices=list(GAMES))
    args = parser.parse_args()
    print("| game | bot (both seats) | games | seconds | games/s per core | steps/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for game, bot, n, seconds, rate, steps in per_core(args.games, args.search_games,
                                                       args.only):
        print(f"| {game} | {bot} | {n} | {seconds:.1f} | {rate:,.2f} | {steps:,.0f} |")
    if not args.no_dask:
        print(f"\n{args.dask_games} random-bot games of {args.dask_game}, 2 players:\n")
        print("| run | seconds | games/s | speed-up |")
        print("| --- | ---: | ---: | ---: |")
        for how, seconds, rate, speedup in dask_speedup(args.dask_game, args.dask_games):
            print(f"| {how} | {seconds:.1f} | {rate:,.1f} | {speedup:.2f} |")
        print("\nthe three tables are equal")


if __name__ == "__main__":
    main()
