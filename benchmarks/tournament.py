"""Every pair of bots (random, heuristic, search; the coach by --pair) in every game, both
seat orders.

    .venv/bin/python benchmarks/tournament.py [--games 60] [--workers 2] [--seed 0]
                                              [--game rifts --game riftforce ...]
                                              [--pair heuristic,search ...]

Two players. For each game and each ordered pair of different bots (A in seat 0 and B in seat
1, then B in seat 0 and A in seat 1), ``--games`` seeded games are played through
:func:`explorer.simulate`, in chunks spread over ``--workers`` processes (tqdm shows the games
done). Prints a Markdown table: for each game and pair, A's wins in each seat order and pooled,
with the 95% Wilson interval of A's pooled win rate (:func:`explorer.balance.wilson`) and
whether it excludes 50%; a shared win counts for each winner, a game nobody won for nobody.
``--pair A,B`` (repeatable) plays only the pairs named (default: every pair).
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

from tqdm import tqdm

from explorer import simulation
from explorer.balance import wilson
from explorer.games import GAMES

BOTS = ("random", "heuristic", "search", "coach")
DEFAULT_BOTS = BOTS[:3]
"""The bots of the default run (every pair of them); the coach plays when a pair names it."""
CHUNK = 10
"""Games per task handed to a worker process."""


def play_chunk(game: str, bots: tuple[str, str], seed: int, games: int) -> tuple[int, int, int]:
    """``games`` games of ``bots`` (seat 0, seat 1): (wins of seat 0, wins of seat 1, seconds
    of wall time)."""
    start = time.perf_counter()
    table = simulation.simulate(game, games=games, players=2, bots=list(bots), seed=seed,
                                progress=False)
    wins = [int(table.filter(table["seat"] == seat)["winner"].sum()) for seat in (0, 1)]
    return wins[0], wins[1], round((time.perf_counter() - start) * 1000)


def pairs(chosen: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """The pairs to play, in the table's order: every pair, or those ``chosen``."""
    if chosen:
        return [p for p in combinations(BOTS, 2) if frozenset(p) in {frozenset(c) for c in chosen}]
    return list(combinations(DEFAULT_BOTS, 2))


def tasks(games_list: list[str], games: int, seed: int,
          chosen: list[tuple[str, str]] | None = None) -> list[tuple[str, tuple[str, str],
                                                                      int, int]]:
    """Every (game, seat order, chunk seed, chunk size) to play."""
    found = []
    for game in games_list:
        for a, b in pairs(chosen):
            for order_number, order in enumerate(((a, b), (b, a))):
                for first in range(0, games, CHUNK):
                    chunk_seed = seed * 1_000_003 + order_number * 10_007 + first
                    found.append((game, order, chunk_seed, min(CHUNK, games - first)))
    return found


def table(results: dict[tuple[str, tuple[str, str]], list[int]], games_list: list[str],
          games: int, chosen: list[tuple[str, str]] | None = None) -> str:
    """The Markdown table of the results."""
    lines = ["| game | A | B | A wins as seat 0 | A wins as seat 1 | A win rate | 95% Wilson "
             "| excludes 50% | s/game (A seat 0, A seat 1) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for game in games_list:
        for a, b in pairs(chosen):
            first = results[game, (a, b)]
            second = results[game, (b, a)]
            wins = first[0] + second[1]
            low, high = wilson(wins, 2 * games)
            mark = "yes" if low > 0.5 or high < 0.5 else "no"
            lines.append(
                f"| {game} | {a} | {b} | {first[0]}/{games} | {second[1]}/{games} | "
                f"{wins / (2 * games):.3f} | [{low:.3f}, {high:.3f}] | {mark} | "
                f"{first[2] / 1000 / games:.2f}, {second[2] / 1000 / games:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the tournament and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60,
                        help="games per game and seat order of each pair (default 60)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game to play (repeatable; default: all five)")
    parser.add_argument("--pair", action="append", metavar="A,B",
                        help="a pair of bots to play, e.g. heuristic,search (repeatable; "
                             "default: every pair)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    games_list = args.game or list(GAMES)
    chosen = []
    for text in args.pair or []:
        pair = tuple(text.split(","))
        if len(pair) != 2 or pair[0] == pair[1] or not set(pair) <= set(BOTS):
            parser.error(f"--pair takes two different bots of {', '.join(BOTS)}; found {text!r}")
        chosen.append(pair)
    todo = tasks(games_list, args.games, args.seed, chosen)
    results: dict[tuple[str, tuple[str, str]], list[int]] = {}
    start = time.perf_counter()
    from dask.distributed import Client, LocalCluster, as_completed

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client, \
            tqdm(total=sum(t[3] for t in todo), unit="game", desc="tournament") as bar:
        futures = {client.submit(play_chunk, *task, pure=False): task for task in todo}
        for future in as_completed(futures):
            game, order, _, count = futures[future]
            found = results.setdefault((game, order), [0, 0, 0])
            for index, value in enumerate(future.result()):
                found[index] += value
            bar.update(count)
    print(table(results, games_list, args.games, chosen))
    print(f"\n{args.games} games per seat order, {args.workers} workers, seed {args.seed}: "
          f"{time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
