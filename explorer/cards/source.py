"""The reviewable text source of every shipped table, and the build that turns it into Parquet.

Each shipped table ``data/<game>/<table>.parquet`` is built from ``data/<game>/<table>.toml``:
a TOML file whose ``rows`` array holds one inline table per row, one row per line, so a data
change reads as a one-line diff. Comments in the source cite the seed and the rulings.
A row may leave out a nullable column (it is then null). ``python -m explorer.cards build``
rebuilds the Parquet files; the test suite proves every Parquet file equals its source.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import polars as pl

from explorer.cards import data_root, declaration, tables
from explorer.catalog import check_game, tables_module
from explorer.errors import CardDataError
from explorer.schema import frame_from_rows


def source_path(game: str, table: str) -> Path:
    """Where the TOML source of a shipped table lives."""
    return data_root() / game / f"{table}.toml"


def read_source(game: str, table: str, path: Path | None = None) -> pl.DataFrame:
    """Parse and validate a table's TOML source into a DataFrame of the declared schema."""
    declared = declaration(game, table)
    path = source_path(game, table) if path is None else path
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CardDataError(f"cannot be read ({error.strerror or error})", file=path) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise CardDataError(f"is not valid TOML ({error})", file=path) from None
    rows = document.get("rows")
    if not isinstance(rows, list) or set(document) != {"rows"}:
        raise CardDataError("must hold exactly one array, 'rows', of inline tables", file=path)
    return frame_from_rows(declared, rows, file=path, fill_missing=True)


def build(game: str, folder: Path | None = None) -> list[Path]:
    """Build every Parquet table of ``game`` from its source; return the files written.

    All sources are parsed and checked (cross-table checks included) before any file is
    written, so a bad source leaves the shipped Parquet untouched.
    """
    check_game(game)
    folder = data_root() / game if folder is None else folder
    frames = {table: read_source(game, table) for table in tables(game)}
    check_set = getattr(tables_module(game), "check_set", None)
    if check_set is not None:
        check_set(frames, data_root() / game)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for table, frame in frames.items():
        path = folder / f"{table}.parquet"
        frame.write_parquet(path, compression="zstd", statistics=False)
        written.append(path)
    return written
