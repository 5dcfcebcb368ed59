"""The ``explorer`` command (also ``python -m explorer``).

    explorer simulate GAME --games N --players P --bots B1,B2[,...] --seed S
        [--variant KEY=VALUE ...] [--workers K | --scheduler ADDRESS] --out FILE.parquet

    explorer review SAVE.json --seat N [--worlds W] [--workers K | --scheduler ADDRESS]
        --out FILE.parquet

A bad argument prints what is wrong and exits with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from explorer.catalog import GAMES
from explorer.errors import command_status


def _variant(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"a variant is KEY=VALUE; found {text!r}")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    return key, value


def parser() -> argparse.ArgumentParser:
    """The command line's parser (its help is the reference)."""
    top = argparse.ArgumentParser(prog="explorer", description="Card Rules Explorer")
    commands = top.add_subparsers(dest="command", required=True)
    run = commands.add_parser("simulate", help="play many seeded games with bots to a table",
                              description="Play seeded games with bots; write one row per "
                              "seat per game to a Parquet file.")
    run.add_argument("game", choices=list(GAMES), help="the game")
    run.add_argument("--games", type=int, required=True, help="how many games")
    run.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    run.add_argument("--bots", default="random",
                     help="bots by seat, comma-separated, or one for every seat: random, "
                          "heuristic (default random)")
    run.add_argument("--seed", type=int, default=0, help="the root seed (default 0)")
    run.add_argument("--variant", type=_variant, action="append", default=[],
                     metavar="KEY=VALUE", help="a house rule: a constant and its value")
    where = run.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="a local Dask cluster of K workers")
    where.add_argument("--scheduler", help="an existing Dask scheduler's address")
    run.add_argument("--batch", type=int, default=200, help="games per task (default 200)")
    run.add_argument("--out", required=True, help="the Parquet file to write")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    review = commands.add_parser(
        "review", help="the coach's review of one player's decisions in a saved game",
        description="Advise on every decision one player made in a saved game (a file the "
        "play pages or Game.to_json wrote); write one row per decision to a Parquet file and "
        "print the summary.")
    review.add_argument("save", help="the saved game (JSON)")
    review.add_argument("--seat", type=int, required=True,
                        help="the player reviewed: 1 for Player 1, and so on")
    review.add_argument("--worlds", type=int, default=16,
                        help="worlds the coach plays each choice in (default 16)")
    where = review.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="a local Dask cluster of K workers")
    where.add_argument("--scheduler", help="an existing Dask scheduler's address")
    review.add_argument("--out", required=True, help="the Parquet file to write")
    review.add_argument("--quiet", action="store_true", help="no progress bar")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns (and exits with) its status."""
    from explorer.simulation import simulate

    command = parser()
    args = command.parse_args(argv)
    if args.command == "review":
        return command_status(lambda: _review(args), "explorer review")

    def work() -> None:
        table = simulate(args.game, games=args.games, players=args.players,
                         bots=args.bots, seed=args.seed,
                         variant=dict(args.variant) or None, workers=args.workers,
                         scheduler=args.scheduler, out=args.out, batch=args.batch,
                         progress=not args.quiet)
        wins = table.group_by("seat").agg(winner="winner").sort("seat")
        print(f"wrote {args.out}: {table.height} rows, {args.games} games")
        for seat, won in wins.iter_rows():
            print(f"  seat {seat + 1}: won {sum(won)} of {len(won)}")

    return command_status(work, "explorer simulate")


def _review(args: argparse.Namespace) -> None:
    """``explorer review``: read the save, review the seat, write the table, print the sum."""
    from pathlib import Path

    from explorer.coach import CoachError, review, summary
    from explorer.engine import load_game

    out = Path(args.out)
    if out.suffix != ".parquet":
        raise CoachError(f"--out must be a .parquet file; found {args.out!r}")
    if not out.parent.is_dir():
        raise CoachError(f"--out: the folder {str(out.parent)!r} does not exist")
    try:
        text = Path(args.save).read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise CoachError(f"cannot read the saved game {args.save!r}: {error}") from None
    game = load_game(text)
    if not 1 <= args.seat <= game.players:
        raise CoachError(f"--seat must be from 1 to {game.players} (this game has "
                         f"{game.players} players); found {args.seat}")
    from explorer.coach.value import unfitted

    table = review(game, args.seat - 1, worlds=args.worlds, workers=args.workers,
                   scheduler=args.scheduler, progress=not args.quiet)
    table.write_parquet(out)
    found = summary(table)
    print(f"wrote {args.out}: {found['decisions']} decisions of Player {args.seat}")
    why = unfitted(game)
    if why is not None:
        print(f"  (worlds played to the end: {why}; the numbers are rougher)")
    print(f"  mean loss of win chance per decision: {100 * found['mean_loss']:.1f} points")
    for label, count in found["labels"].items():
        if count:
            print(f"  {label}: {count}")


if __name__ == "__main__":
    sys.exit(main())
