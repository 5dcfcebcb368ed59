"""``python -m explorer.coach.train``: fit the coach's value models again (``make models``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from explorer.coach.value import MODELS, CoachError, train


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m explorer.coach.train [GAME ...] --games N [--workers K]``: train and write
    the value models (every game by default); status 2 on a bad argument."""
    import argparse

    from explorer.catalog import GAMES
    from explorer.errors import command_status

    parser = argparse.ArgumentParser(prog="python -m explorer.coach.train",
                                     description="Train the coach's value models from "
                                     "heuristic-bot games and write data/models/<game>.json.")
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"the games (default: all five: {', '.join(GAMES)})")
    parser.add_argument("--games", dest="count", type=int, default=None,
                        help="games played per game (default: 3,000)")
    parser.add_argument("--seed", type=int, default=1, help="the root seed (default 1)")
    parser.add_argument("--workers", type=int, help="a local Dask cluster of K workers")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    def work() -> None:
        unknown = [name for name in args.games if name not in GAMES]
        if unknown:
            raise CoachError(f"unknown game {unknown[0]!r}; known: {', '.join(GAMES)}")
        for game_id in args.games or GAMES:
            count = args.count or DEFAULT_GAMES
            if count < 2:
                raise CoachError(f"--games must be at least 2; found {count}")
            model = train(game_id, games=count, seed=args.seed, workers=args.workers,
                          progress=not args.quiet)
            print(f"wrote {MODELS / (game_id + '.json')}: {model.trained['positions']} "
                  f"positions of {count} games")

    return command_status(work, "explorer.coach.train")


DEFAULT_GAMES = 3000
"""Games played to train a model of each game (Riftforce's 600 left its lowest and highest
deciles too timid: ``benchmarks/coach.py calibration``)."""


if __name__ == "__main__":
    sys.exit(main())
