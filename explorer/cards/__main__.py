"""Command line for the card data: ``python -m explorer.cards {list,build,check,show}``.

    python -m explorer.cards list                 # games and their tables with row counts
    python -m explorer.cards build [GAME ...]     # TOML sources -> Parquet
    python -m explorer.cards check [GAME ...]     # Parquet equals its source, sets validate
    python -m explorer.cards show GAME TABLE      # print a table
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import polars as pl

from explorer import cards
from explorer.cards import source
from explorer.catalog import check_game
from explorer.errors import ExplorerError, command_status


def _games(names: Sequence[str]) -> list[str]:
    return [check_game(name) for name in names] if names else list(cards.games())


def _list(_: argparse.Namespace) -> None:
    for game in cards.games():
        print(game)
        for table in cards.tables(game):
            frame = cards.load(game, table)
            print(f"  {table:<20} {frame.height:>4} rows  {cards.declaration(game, table).doc}")


def _build(args: argparse.Namespace) -> None:
    for game in _games(args.games):
        for path in source.build(game):
            print(f"wrote {path}")


def _check(args: argparse.Namespace) -> None:
    stale = []
    for game in _games(args.games):
        cards.load_set(game)
        for table in cards.tables(game):
            if not source.read_source(game, table).equals(cards.load(game, table)):
                stale.append(f"{game}/{table}")
    if stale:
        raise ExplorerError(f"Parquet differs from its TOML source: {', '.join(stale)}; "
                            "run `python -m explorer.cards build`")
    print("all tables match their sources")


def _show(args: argparse.Namespace) -> None:
    with pl.Config(tbl_rows=-1, tbl_cols=-1, fmt_str_lengths=60, tbl_width_chars=200):
        print(cards.load(args.game, args.table))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input)."""
    parser = argparse.ArgumentParser(prog="python -m explorer.cards", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="games, tables and row counts").set_defaults(run=_list)
    for name, run, text in (("build", _build, "build Parquet from the TOML sources"),
                            ("check", _check, "check Parquet against sources")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("games", nargs="*", metavar="GAME",
                         help=f"one of {', '.join(cards.games())} (default: all)")
        sub.set_defaults(run=run)
    show = commands.add_parser("show", help="print one table")
    show.add_argument("game", choices=cards.games())
    show.add_argument("table")
    show.set_defaults(run=_show)
    args = parser.parse_args(argv)
    return command_status(lambda: args.run(args))


if __name__ == "__main__":
    sys.exit(main())
