"""How long loading (and fully validating) each game's card set takes, cold and cached.

    .venv/bin/python benchmarks/load_cards.py [--repeat N]

Cold: the loader's cache is cleared before each run, so every value of every table is checked.
Cached: the second load of an unchanged file. Prints a Markdown table (median of N runs).
"""

from __future__ import annotations

import argparse
import statistics
import time

from explorer import cards
from explorer.cards import _cached


def _median_ms(run, repeat: int, *, clear: bool) -> float:
    times = []
    for _ in range(repeat):
        if clear:
            _cached.cache_clear()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="runs per figure (default 20)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    print("| game | tables | rows | cold load_set (ms) | cached load_set (ms) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for game in cards.games():
        card_set = cards.load_set(game)
        rows = sum(frame.height for frame in card_set.values())
        cold = _median_ms(lambda g=game: cards.load_set(g), args.repeat, clear=True)
        warm = _median_ms(lambda g=game: cards.load_set(g), args.repeat, clear=False)
        print(f"| {game} | {len(card_set)} | {rows} | {cold:.1f} | {warm:.2f} |")


if __name__ == "__main__":
    main()
