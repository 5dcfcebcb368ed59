"""Riftforce's heuristic bot with Python's garbage collector paused in its best-action finder
(as shipped) and running as usual, side by side on the same seeded games.

    .venv/bin/python benchmarks/riftforce_gc.py [--games 10] [--rounds 2]

Each round plays the same ``--games`` heuristic-against-heuristic games once each way (the
order alternating between rounds, as this machine is noisy); prints the seconds, the share of
them CPython spent in its collector (timed through ``gc.callbacks``), the full collections,
and the peak memory of a fresh process playing the games each way (``ru_maxrss``). Both ways
must play the same games: the script checks the winners and steps agree.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import multiprocessing
import resource
import time
from collections import Counter
from typing import Any

import explorer
import explorer.odds.riftforce as finder

SHIPPED = finder.collector_paused


def play(games: int, paused: bool) -> tuple[float, float, Counter[int], list[Any]]:
    """Seconds, seconds in the collector, collections by generation and the games' results."""
    finder.collector_paused = SHIPPED if paused else contextlib.nullcontext
    spent, counts, started = [0.0], Counter[int](), [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            spent[0] += time.perf_counter() - started[0]
            counts[info["generation"]] += 1

    gc.collect()
    gc.callbacks.append(timed)
    try:
        start = time.perf_counter()
        table = explorer.simulate("riftforce", games=games, players=2,
                                  bots=["heuristic", "heuristic"], seed=5, progress=False)
        seconds = time.perf_counter() - start
    finally:
        gc.callbacks.remove(timed)
        finder.collector_paused = SHIPPED
    results = table.select("seed", "seat", "winner", "steps").rows()
    return seconds, spent[0], counts, results


def _peak(games: int, paused: bool) -> int:
    play(games, paused)
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    play(2, True)  # warm the card data and caches
    rows = {True: [], False: []}
    results = {}
    for round_ in range(args.rounds):
        for paused in ((True, False) if round_ % 2 == 0 else (False, True)):
            seconds, in_gc, counts, results[paused] = play(args.games, paused)
            rows[paused].append((seconds, in_gc, counts[2]))
        assert results[True] == results[False], "the two ways played different games"
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(1, maxtasksperchild=1) as pool:
        peaks = {paused: pool.apply(_peak, (args.games, paused)) for paused in (True, False)}
    print(f"{args.games} Riftforce games of heuristic against heuristic, {args.rounds} rounds\n")
    print("| collector in the finder | seconds per round | in the collector | full "
          "collections | peak memory |")
    print("|---|---|---|---|---|")
    for paused, label in ((True, "paused (shipped)"), (False, "running")):
        times = ", ".join(f"{s:.1f}" for s, _, _ in rows[paused])
        share = sum(g for _, g, _ in rows[paused]) / sum(s for s, _, _ in rows[paused])
        full = sum(f for _, _, f in rows[paused]) // args.rounds
        print(f"| {label} | {times} | {share:.0%} | {full} | {peaks[paused]} MiB |")


if __name__ == "__main__":
    main()
