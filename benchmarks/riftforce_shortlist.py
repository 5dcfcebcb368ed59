"""The Riftforce search bot against the heuristic bot for several shortlist sizes.

    .venv/bin/python benchmarks/riftforce_shortlist.py [--shortlist 3,5,8,16] [--seeds 100]
                                                       [--first 100000] [--workers 2]

For each size K (:data:`explorer.games.riftforce.search.SHORTLIST`: the complete actions of
best heuristic value the search compares), the search bot plays the heuristic bot on the
seeds ``first`` .. ``first + seeds - 1``, each seed in both seat orders: the game's seed is the
seed, each seat's bot seed is ``7 * seed + seat``, so every size plays the same deals and the
comparison is paired. Prints, for each size, the search bot's wins with their 95% Wilson
interval, its mean Riftforce margin (its score less the heuristic bot's) with a 95% normal
interval, the paired difference of margins against the first size, and the seconds a game
takes. Games are spread over ``--workers`` processes on a Dask LocalCluster, with a tqdm bar.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from tqdm import tqdm

from explorer.balance import Z95, wilson


def play(seed: int, search_seat: int, shortlist: int) -> dict[str, float]:
    """One game: the search bot (``shortlist`` actions) in ``search_seat``, the heuristic bot
    in the other; the search seat's win (a shared win is not one), margin and seconds."""
    import explorer
    from explorer.engine.bots import make_bot
    from explorer.engine.bots import play as play_out
    from explorer.games.riftforce import search

    # The search reads SHORTLIST when it decides; a worker plays one game at a time
    # (threads_per_worker=1), so setting it before each game is safe.
    search.SHORTLIST = shortlist
    game = explorer.new_game("riftforce", seed=seed)
    bots = {seat: make_bot(game, "search" if seat == search_seat else "heuristic",
                           seed * 7 + seat) for seat in (0, 1)}
    start = time.perf_counter()
    play_out(game, bots)
    scores = game.scores
    return {"win": float(game.winners == [search_seat]),
            "margin": float(scores[search_seat] - scores[1 - search_seat]),
            "seconds": time.perf_counter() - start}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% normal interval."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def report(results: dict[int, dict[tuple[int, int], dict[str, float]]]) -> str:
    """The Markdown table of ``results`` (size -> (seed, search seat) -> game)."""
    sizes = list(results)
    lines = ["| shortlist | games | search wins | win rate | 95% Wilson | mean margin | "
             f"margin less K={sizes[0]}'s (paired) | s/game |",
             "| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |"]
    first = results[sizes[0]]
    for size in sizes:
        games = results[size]
        wins = int(sum(g["win"] for g in games.values()))
        low, high = wilson(wins, len(games))
        mean, half = interval([g["margin"] for g in games.values()])
        paired = [g["margin"] - first[key]["margin"] for key, g in games.items()
                  if key in first]
        diff, diff_half = interval(paired)
        seconds = statistics.fmean(g["seconds"] for g in games.values())
        lines.append(f"| {size} | {len(games)} | {wins} | {wins / len(games):.1%} | "
                     f"{low:.1%}-{high:.1%} | {mean:+.2f} ± {half:.2f} | "
                     f"{diff:+.2f} ± {diff_half:.2f} | {seconds:.1f} |")
    return "\n".join(lines)


def sizes_of(text: str) -> list[int]:
    """``"3,5,8"`` as [3, 5, 8]; an argparse type (a clear error otherwise)."""
    try:
        sizes = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"a list of whole numbers such as 3,5,8; found "
                                         f"{text!r}") from None
    if not sizes or any(size < 1 for size in sizes):
        raise argparse.ArgumentTypeError(f"every size must be at least 1; found {text!r}")
    return sizes


def main(argv: list[str] | None = None) -> int:
    """Play every size's games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shortlist", type=sizes_of, default=[3, 5, 8, 16],
                        help="shortlist sizes, comma-separated (default 3,5,8,16)")
    parser.add_argument("--seeds", type=int, default=100, help="seeds per size (default 100)")
    parser.add_argument("--first", type=int, default=100_000, help="first seed (default 100000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.workers < 1 or args.first < 0:
        parser.error("--seeds and --workers must be at least 1, --first at least 0")
    from dask.distributed import Client, LocalCluster, as_completed

    results: dict[int, dict[tuple[int, int], dict[str, float]]] = {
        size: {} for size in args.shortlist}
    todo = [(seed, seat, size) for size in args.shortlist
            for seed in range(args.first, args.first + args.seeds) for seat in (0, 1)]
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client, tqdm(total=len(todo), unit="game") as bar:
        futures = {client.submit(play, *task, pure=False): task for task in todo}
        for future in as_completed(futures):
            seed, seat, size = futures[future]
            results[size][seed, seat] = future.result()
            bar.update()
    print(report(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
