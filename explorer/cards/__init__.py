"""Card data: every game's cards and roll tables as typed polars DataFrames.

>>> from explorer import cards
>>> cards.tables("rifts")                       # doctest: +ELLIPSIS
('characters', 'equipment', ...)
>>> chars = cards.load("rifts", "characters")   # the declared schema, validated
>>> mine = cards.load_set("rifts", "my_cards/") # a folder of your own Parquet files

The shipped tables live in ``data/<game>/<table>.parquet``, built from the reviewable
``<table>.toml`` next to each (see :mod:`explorer.cards.source`). A user's folder replaces the
shipped set whole: it must hold every table of the game, each valid, or nothing is loaded.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import polars as pl

from explorer.catalog import GAMES, check_game, tables_module
from explorer.errors import CardDataError, UnknownNameError
from explorer.schema import Table, frame_from_parquet

__all__ = [
    "CardSet",
    "data_root",
    "declaration",
    "games",
    "keep_upload",
    "load",
    "load_set",
    "on_this_page",
    "schema",
    "tables",
    "uploaded_folder",
]


def data_root() -> Path:
    """The folder holding the shipped ``<game>/`` data folders.

    In a source checkout (and an editable install) that is the repository's ``data/``; an
    installed wheel carries the same files as ``explorer/_data``.
    """
    packaged = Path(__file__).resolve().parents[1] / "_data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "data"


def games() -> tuple[str, ...]:
    """The game ids: ``rifts``, ``adventurers``, ``gamma_world``, ``rat_king``, ``riftforce``."""
    return tuple(GAMES)


def _declarations(game: str) -> Mapping[str, Table]:
    return {t.name: t for t in tables_module(game).TABLES}


def tables(game: str) -> tuple[str, ...]:
    """The names of a game's tables, cards first, then roll tables and reference tables."""
    return tuple(_declarations(check_game(game)))


def declaration(game: str, table: str) -> Table:
    """The :class:`~explorer.schema.Table` declaring ``table`` of ``game``."""
    declared = _declarations(check_game(game))
    if table not in declared:
        raise UnknownNameError(f"table of {game!r}", table, list(declared))
    return declared[table]


def schema(game: str, table: str) -> pl.Schema:
    """The declared polars schema of a table."""
    return declaration(game, table).schema


def _folder(game: str, folder: str | Path | None) -> Path:
    return data_root() / game if folder is None else Path(folder)


def _file_key(path: Path) -> tuple[str, int, int]:
    try:
        stat = path.stat()
    except OSError as error:
        raise CardDataError(f"cannot be read ({error.strerror or error})", file=path) from None
    return str(path.resolve()), stat.st_mtime_ns, stat.st_size


@lru_cache(maxsize=256)
def _cached(game: str, table: str, key: tuple[str, int, int], shipped: bool) -> pl.DataFrame:
    return frame_from_parquet(declaration(game, table), Path(key[0]), shipped=shipped)


def load(game: str, table: str, folder: str | Path | None = None) -> pl.DataFrame:
    """Load one table of ``game`` with its declared schema, validated.

    ``folder`` is a folder of Parquet files (``<table>.parquet``) to read instead of the
    shipped set (and then each file's footer is checked first: an upload may be a bomb).
    Raises :class:`~explorer.errors.CardDataError` naming the file, row, column and value of
    any problem; the result is cached until the file changes.
    """
    declaration(game, table)  # the name check comes first, with its list of known tables
    path = _folder(game, folder) / f"{table}.parquet"
    shipped = path.parent.resolve() == _folder(game, None).resolve()
    return _cached(game, table, _file_key(path), shipped)


@dataclass(frozen=True)
class CardSet(Mapping[str, pl.DataFrame]):
    """All tables of one game, each validated, plus the game's cross-table checks.

    A mapping from table name to DataFrame. Build it with :func:`load_set`.
    """

    game: str
    folder: Path
    frames: Mapping[str, pl.DataFrame]

    def __getitem__(self, table: str) -> pl.DataFrame:
        if table not in self.frames:
            raise UnknownNameError(f"table of {self.game!r}", table, list(self.frames))
        return self.frames[table]

    def __iter__(self) -> Iterator[str]:
        return iter(self.frames)

    def __len__(self) -> int:
        return len(self.frames)


def load_set(game: str, folder: str | Path | None = None) -> CardSet:
    """Load every table of ``game`` from ``folder`` (default: the shipped set) as a CardSet.

    The folder must hold exactly the game's tables as ``<table>.parquet`` (other files, such as
    the ``.toml`` sources, are ignored). Every table is validated, then the game's cross-table
    checks run; any problem raises before anything is returned.
    """
    check_game(game)
    where = _folder(game, folder)
    if not where.is_dir():
        raise CardDataError("is not a folder of Parquet tables", file=where)
    known = tables(game)
    for path in sorted(where.glob("*.parquet")):
        if path.stem not in known:
            raise CardDataError(
                f"is not a table of {game!r} (tables: {', '.join(known)})", file=path)
    frames = {name: load(game, name, where) for name in known}
    check_set = getattr(tables_module(game), "check_set", None)
    if check_set is not None:
        check_set(frames, where)
    return CardSet(game, where, frames)


# ---- the card sets a page may play with ------------------------------------------------------

_UPLOADED: dict[str, tempfile.TemporaryDirectory[str]] = {}
"""The folder of the card set of each game uploaded in this process (a page's kernel), kept
until the next upload of the game's set or the end of the process."""


def keep_upload(game: str, folder: tempfile.TemporaryDirectory[str]) -> None:
    """Keep ``folder``, holding a card set of ``game`` uploaded in this page, as the one a save
    of this page may name (:func:`on_this_page`); the set uploaded before is removed."""
    check_game(game)
    old = _UPLOADED.get(game)
    _UPLOADED[game] = folder
    if old is not None and old is not folder:
        old.cleanup()


def uploaded_folder(game: str) -> Path | None:
    """The folder of the card set of ``game`` uploaded in this page, if any."""
    kept = _UPLOADED.get(game)
    return None if kept is None else Path(kept.name)


def on_this_page(game: str, folder: object) -> bool:
    """Whether ``folder``, the card set a saved game names, is one a hosted page may load: the
    game's own data or the set uploaded in this page (:func:`keep_upload`). Decided on the
    path's words alone (whether anything is there is never asked), so the answer tells a
    viewer nothing about the server's files."""
    if not isinstance(folder, str) or not folder or len(folder) > 4096 or "\0" in folder:
        return False
    mine = [data_root() / game, uploaded_folder(game)]
    allowed = {spelt(str(path)) for path in mine if path is not None
               for spelt in (os.path.abspath, os.path.realpath)}
    return os.path.abspath(folder) in allowed
