"""Every pair of bots (random, heuristic, search; the coach by --pair) in every game, both
seat orders.

    .venv/bin/python benchmarks/tournament.py [--games 60] [--workers 2] [--seed 0]
                                              [--game rifts --game riftforce ...]
                                              [--pair heuristic,search ...]
                                              [--duplicate] [--start 0] [--out FILE.json]

Two players. For each game and each ordered pair of different bots (A in seat 0 and B in seat
1, then B in seat 0 and A in seat 1), ``--games`` seeded games are played through
:func:`explorer.simulate`, in chunks spread over ``--workers`` processes (tqdm shows the games
done). Prints a Markdown table: for each game and pair, A's wins in each seat order and pooled,
with the 95% Wilson interval of A's pooled win rate (:func:`explorer.balance.wilson`) and
whether it excludes 50%; a shared win counts for each winner, a game nobody won for nobody.
``--pair A,B`` (repeatable) plays only the pairs named (default: every pair).

``--duplicate`` deals the same games in both seat orders (as duplicate bridge deals the same
hands at every table): game ``i`` of A in seat 0 and game ``i`` of B in seat 0 share their
seed, so the luck of the deal falls on both bots alike. The table then adds the paired 95%
interval of A's win rate: the normal interval of the mean, over the deals, of A's share of
the two games of a deal (a deal's two games are not independent, so the Wilson interval of
the pooled games does not apply to them).

``--start K`` plays the deals ``K`` to ``K + games - 1`` of the root seed (``K`` a multiple of
10), so a later run adds new deals to an earlier one's rather than repeating them; ``--out``
writes every game's result (per game, seat order and deal) to a JSON file.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from tqdm import tqdm

from explorer import simulation
from explorer.balance import wilson
from explorer.games import GAMES

BOTS = ("random", "heuristic", "search", "coach")
DEFAULT_BOTS = BOTS[:3]
"""The bots of the default run (every pair of them); the coach plays when a pair names it."""
CHUNK = 10
"""Games per task handed to a worker process."""
Z95 = 1.959963984540054


def play_chunk(game: str, bots: tuple[str, str], seed: int,
               games: int) -> tuple[list[int], list[int], int]:
    """``games`` games of ``bots`` (seat 0, seat 1): whether seat 0 won each game, whether
    seat 1 did, and the milliseconds of wall time."""
    start = time.perf_counter()
    table = simulation.simulate(game, games=games, players=2, bots=list(bots), seed=seed,
                                progress=False)
    wins = [[int(w) for w in table.filter(table["seat"] == seat)["winner"]] for seat in (0, 1)]
    return wins[0], wins[1], round((time.perf_counter() - start) * 1000)


def pairs(chosen: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """The pairs to play, in the table's order: every pair, or those ``chosen``."""
    if chosen:
        return [p for p in combinations(BOTS, 2) if frozenset(p) in {frozenset(c) for c in chosen}]
    return list(combinations(DEFAULT_BOTS, 2))


def tasks(games_list: list[str], games: int, seed: int,
          chosen: list[tuple[str, str]] | None = None,
          duplicate: bool = False,
          start: int = 0) -> list[tuple[str, tuple[str, str], int, int]]:
    """Every (game, seat order, chunk seed, chunk size) to play, the deals ``start`` to
    ``start + games - 1`` (``duplicate``: the same chunk seeds in both seat orders)."""
    found = []
    for game in games_list:
        for a, b in pairs(chosen):
            for order_number, order in enumerate(((a, b), (b, a))):
                for first in range(start, start + games, CHUNK):
                    chunk_seed = seed * 1_000_003 + first + (
                        0 if duplicate else order_number * 10_007)
                    found.append((game, order, chunk_seed,
                                  min(CHUNK, start + games - first)))
    return found


def paired(first: list[int], second: list[int]) -> tuple[float, float, float]:
    """A's mean share of a deal's two games (``first``: A won game i in seat 0; ``second``:
    A won game i in seat 1) and the normal 95% interval of that mean over the deals."""
    shares = [(x + y) / 2 for x, y in zip(first, second, strict=True)]
    n = len(shares)
    mean = sum(shares) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in shares) / (n - 1)) if n > 1 else 0.5
    half = Z95 * spread / math.sqrt(n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def table(results: dict[tuple[str, tuple[str, str]], list[Any]], games_list: list[str],
          games: int, chosen: list[tuple[str, str]] | None = None,
          duplicate: bool = False) -> str:
    """The Markdown table of the results (with ``duplicate``, the paired interval too)."""
    lines = ["| game | A | B | A wins as seat 0 | A wins as seat 1 | A win rate | 95% Wilson "
             "| excludes 50% | s/game (A seat 0, A seat 1) |"
             + (" paired 95% (same deals) | excludes 50% |" if duplicate else ""),
             "|---|---|---|---|---|---|---|---|---|" + ("---|---|" if duplicate else "")]
    for game in games_list:
        for a, b in pairs(chosen):
            first = results[game, (a, b)]
            second = results[game, (b, a)]
            won_first, won_second = sum(first[0]), sum(second[1])
            wins = won_first + won_second
            low, high = wilson(wins, 2 * games)
            mark = "yes" if low > 0.5 or high < 0.5 else "no"
            line = (f"| {game} | {a} | {b} | {won_first}/{games} | {won_second}/{games} | "
                    f"{wins / (2 * games):.3f} | [{low:.3f}, {high:.3f}] | {mark} | "
                    f"{first[2] / 1000 / games:.2f}, {second[2] / 1000 / games:.2f} |")
            if duplicate:
                _, low, high = paired(first[0], second[1])
                line += (f" [{low:.3f}, {high:.3f}] | "
                         f"{'yes' if low > 0.5 or high < 0.5 else 'no'} |")
            lines.append(line)
    return "\n".join(lines)


def record(results: dict[tuple[str, tuple[str, str]], list[Any]], seed: int, start: int,
           games: int, duplicate: bool) -> dict[str, Any]:
    """What ``--out`` writes: the run's settings and, per game and seat order, whether the
    bot in seat 0 and the bot in seat 1 won each game, deal by deal from ``start``."""
    return {"seed": seed, "start": start, "games": games, "duplicate": duplicate,
            "results": [{"game": game, "seat0": order[0], "seat1": order[1],
                         "seat0_won": wins[0], "seat1_won": wins[1]}
                        for (game, order), wins in results.items()]}


def main(argv: list[str] | None = None) -> int:
    """Run the tournament and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60,
                        help="games per game and seat order of each pair (default 60)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game to play (repeatable; default: all five)")
    parser.add_argument("--duplicate", action="store_true",
                        help="the same deals in both seat orders, with a paired interval")
    parser.add_argument("--start", type=int, default=0,
                        help="the first deal to play, a multiple of 10 (default 0)")
    parser.add_argument("--out", metavar="FILE.json",
                        help="write every game's result to this JSON file")
    parser.add_argument("--pair", action="append", metavar="A,B",
                        help="a pair of bots to play, e.g. heuristic,search (repeatable; "
                             "default: every pair)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if args.start < 0 or args.start % CHUNK:
        parser.error(f"--start must be a multiple of {CHUNK} and at least 0; "
                     f"found {args.start}")
    games_list = args.game or list(GAMES)
    chosen = []
    for text in args.pair or []:
        pair = tuple(text.split(","))
        if len(pair) != 2 or pair[0] == pair[1] or not set(pair) <= set(BOTS):
            parser.error(f"--pair takes two different bots of {', '.join(BOTS)}; found {text!r}")
        chosen.append(pair)
    todo = tasks(games_list, args.games, args.seed, chosen, args.duplicate, args.start)
    results: dict[tuple[str, tuple[str, str]], list[Any]] = {}
    start = time.perf_counter()
    from dask.distributed import Client, LocalCluster, as_completed

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client, \
            tqdm(total=sum(t[3] for t in todo), unit="game", desc="tournament") as bar:
        futures = {client.submit(play_chunk, *task, pure=False): task for task in todo}
        done: dict[tuple[str, tuple[str, str]], dict[int, Any]] = {}
        for future in as_completed(futures):
            game, order, chunk_seed, count = futures[future]
            done.setdefault((game, order), {})[chunk_seed] = future.result()
            bar.update(count)
    for key, chunks in done.items():  # the chunks in the order of their games
        parts = [chunks[seed] for seed in sorted(chunks)]
        results[key] = [[w for p in parts for w in p[0]], [w for p in parts for w in p[1]],
                        sum(p[2] for p in parts)]
    print(table(results, games_list, args.games, chosen, args.duplicate))
    print(f"\n{args.games} games per seat order (deals {args.start} to "
          f"{args.start + args.games - 1}), {args.workers} workers, seed {args.seed}: "
          f"{time.perf_counter() - start:.0f} s wall")
    if args.out:
        Path(args.out).write_text(json.dumps(
            record(results, args.seed, args.start, args.games, args.duplicate), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
