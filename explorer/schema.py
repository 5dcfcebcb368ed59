"""Declared table schemas, and the one validator every table passes through.

Each game declares its tables as :class:`Table` values (in ``explorer/games/<game>/tables.py``).
A table is a tuple of :class:`Column` values; closed vocabularies are ``pl.Enum`` columns.
:func:`frame_from_rows` checks plain Python rows (from a TOML source or from a Parquet file)
against a declaration and only then builds the DataFrame, so a table is either wholly valid or
not loaded at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import polars as pl

from explorer.errors import CardDataError

# Bounds of the integer dtypes the schemas use.
_INT_BOUNDS = {
    pl.Int8: (-(2**7), 2**7 - 1),
    pl.Int16: (-(2**15), 2**15 - 1),
    pl.Int32: (-(2**31), 2**31 - 1),
    pl.Int64: (-(2**63), 2**63 - 1),
    pl.UInt8: (0, 2**8 - 1),
    pl.UInt16: (0, 2**16 - 1),
    pl.UInt32: (0, 2**32 - 1),
}


_VOCABULARY_LABELS: dict[tuple[str, ...], set[str]] = {}


def vocabulary(label: str, values: Iterable[str]) -> pl.Enum:
    """Declare a closed vocabulary: a ``pl.Enum`` whose errors say "unknown <label>".

    >>> ability = vocabulary("ability", ["Tough", "Fly"])
    """
    values = tuple(values)
    if len(set(values)) != len(values):
        raise ValueError(f"vocabulary {label!r} lists a value twice")
    _VOCABULARY_LABELS.setdefault(values, set()).add(label)
    return pl.Enum(values)


@dataclass(frozen=True)
class Column:
    """One declared column: its name, polars dtype and meaning.

    ``nullable`` allows a missing value (``None``) in the column. Values inside lists are never
    null; fields of a struct may be null only if named in ``nullable_fields``.
    ``minimum`` bounds integer values (and integers inside lists and structs) from below.
    """

    name: str
    dtype: pl.DataType
    doc: str
    nullable: bool = False
    nullable_fields: frozenset[str] = frozenset()
    minimum: int | None = None


TableCheck = Callable[[pl.DataFrame], None]
"""A whole-table check: raises :class:`CardDataError` (without a file; the loader adds it)."""


@dataclass(frozen=True)
class Table:
    """A declared table of a game: its columns, its key and what the card browser shows.

    ``kind`` is ``"cards"`` for a deck of cards (these always have a unique ``name`` column and
    may have a ``copies`` count), ``"roll"`` for a roll table of a seed, and ``"reference"`` for
    other reference data (ability definitions, constants).
    ``stats`` are the numeric columns a browser sorts and charts; ``type_column`` is what the
    browser filters "by type"; ``ability_column`` holds the abilities (a list of structs with a
    ``name`` field, or a list of enum values).
    """

    name: str
    doc: str
    columns: tuple[Column, ...]
    kind: str = "cards"
    key: str | None = "name"
    type_column: str | None = None
    ability_column: str | None = None
    stats: tuple[str, ...] = ()
    checks: tuple[TableCheck, ...] = field(default=(), compare=False)
    max_rows: int = 2_000
    """The most rows a file of this table may have (a deck of the seeds has at most a few
    hundred cards); more is refused before any row is read."""

    def __post_init__(self) -> None:
        names = [c.name for c in self.columns]
        if len(set(names)) != len(names):
            raise ValueError(f"table {self.name!r} declares a column twice: {names}")
        if self.kind not in {"cards", "roll", "reference"}:
            raise ValueError(f"table {self.name!r}: unknown kind {self.kind!r}")
        if self.kind == "cards" and "name" not in names:
            raise ValueError(f"card table {self.name!r} must have a 'name' column")
        for ref in (self.key, self.type_column, self.ability_column, *self.stats):
            if ref is not None and ref not in names:
                raise ValueError(f"table {self.name!r} refers to undeclared column {ref!r}")

    @cached_property
    def schema(self) -> pl.Schema:
        """The declared polars schema, column order included."""
        return pl.Schema({c.name: c.dtype for c in self.columns})

    @cached_property
    def by_name(self) -> Mapping[str, Column]:
        return {c.name: c for c in self.columns}

    def empty(self) -> pl.DataFrame:
        """An empty frame with this table's schema."""
        return pl.DataFrame(schema=self.schema)


def _problem(
    value: Any, dtype: pl.DataType, column: Column, path: str
) -> tuple[str, str, Any] | None:
    """Return ``(where, what is wrong, value)`` for the first bad part of ``value``, else None."""
    base = type(dtype) if isinstance(dtype, pl.DataType) else dtype
    if base in _INT_BOUNDS:
        if isinstance(value, bool) or not isinstance(value, int):
            return path, "must be an integer", value
        low, high = _INT_BOUNDS[base]
        if column.minimum is not None:
            low = max(low, column.minimum)
        if not low <= value <= high:
            return path, f"must be an integer from {low} to {high}", value
        return None
    if base is pl.String:
        return None if isinstance(value, str) else (path, "must be text", value)
    if base is pl.Boolean:
        return None if isinstance(value, bool) else (path, "must be true or false", value)
    if isinstance(dtype, pl.Enum):
        categories = dtype.categories.to_list()
        if isinstance(value, str) and value in categories:
            return None
        shown = ", ".join(repr(c) for c in categories)
        labels = _VOCABULARY_LABELS.get(tuple(categories))
        if labels and isinstance(value, str):
            label = " or ".join(sorted(labels))  # two vocabularies may share their values
            return path, f"unknown {label} (known: {shown})", value
        return path, f"must be one of {shown}", value
    if isinstance(dtype, pl.List):
        if not isinstance(value, list | tuple):
            return path, "must be a list", value
        for i, item in enumerate(value):
            if item is None:
                return f"{path}[{i}]", "must not be empty", item
            found = _problem(item, dtype.inner, column, f"{path}[{i}]")
            if found:
                return found
        return None
    if isinstance(dtype, pl.Struct):
        if not isinstance(value, Mapping):
            return path, "must be a table of fields", value
        declared = {f.name: f.dtype for f in dtype.fields}
        extra = sorted(set(value) - set(declared))
        if extra:
            return path, f"has unknown field {extra[0]!r} (fields: {', '.join(declared)})", value
        for name, inner in declared.items():
            item = value.get(name)
            if item is None:
                if name in column.nullable_fields:
                    continue
                return f"{path}.{name}", "must be given", item
            found = _problem(item, inner, column, f"{path}.{name}")
            if found:
                return found
        return None
    raise TypeError(f"column {column.name!r}: unsupported declared dtype {dtype!r}")


def frame_from_rows(
    table: Table, rows: Sequence[Mapping[str, Any]], *, file: str | Path | None = None,
    fill_missing: bool = False,
) -> pl.DataFrame:
    """Validate plain rows against ``table`` and return them as a DataFrame of its schema.

    ``fill_missing`` lets a row omit nullable columns (used by the TOML sources); otherwise
    every row must have exactly the declared columns. Raises :class:`CardDataError` naming the
    file, row, column and value of the first problem; nothing is returned half-checked.
    """
    declared = table.by_name
    clean: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise CardDataError("must be a table of columns", file=file, row=index, value=row)
        name = row.get("name") if isinstance(row.get("name"), str) else None
        for key in row:
            if key not in declared:
                raise CardDataError(
                    f"is not a column of table {table.name!r} "
                    f"(columns: {', '.join(declared)})",
                    file=file, row=index, name=name, column=str(key),
                )
        values = {}
        for column in table.columns:
            if column.name not in row and not (fill_missing and column.nullable):
                raise CardDataError("is missing", file=file, row=index, name=name,
                                    column=column.name)
            value = row.get(column.name)
            if value is None:
                if not column.nullable:
                    raise CardDataError("must not be empty", file=file, row=index, name=name,
                                        column=column.name, value=value)
            else:
                found = _problem(value, column.dtype, column, column.name)
                if found:
                    where, what, bad = found
                    raise CardDataError(what, file=file, row=index, name=name, column=where,
                                        value=bad)
            values[column.name] = value
        clean.append(values)
    check_unique(table, clean, file=file)
    frame = pl.DataFrame(clean, schema=table.schema)
    for check in table.checks:
        try:
            check(frame)
        except CardDataError as error:
            if error.file is None and file is not None:
                raise CardDataError(error.problem, file=file, row=error.row, name=error.name,
                                    column=error.column,
                                    **({"value": error.value} if error.has_value else {}),
                                    ) from None
            raise
    return frame


def check_unique(
    table: Table, rows: Iterable[Mapping[str, Any]], *, file: str | Path | None
) -> None:
    """Raise if two rows share the table's key (for card tables, the card's name)."""
    if table.key is None:
        return
    seen: dict[Any, int] = {}
    for index, row in enumerate(rows):
        key = row[table.key]
        if key in seen:
            raise CardDataError(
                f"duplicates row {seen[key]}: {table.key!r} must be unique "
                "(identical copies of a card are one row with a 'copies' count)",
                file=file, row=index, name=key if table.key == "name" else None,
                column=table.key, value=key,
            )
        seen[key] = index


MAX_FILE_BYTES = 4 * 2**20
"""The largest Parquet file a table is read from (the shipped tables are a few KB)."""
MAX_TABLE_BYTES = 16 * 2**20
"""The most bytes a table may hold uncompressed, by its Parquet footer."""


class TableTooBig(CardDataError):
    """A table that decodes to more than :data:`MAX_TABLE_BYTES`, whatever its footer says
    (:mod:`explorer.cards.trial` tells it from other refusals: the kernel must not decode
    it again to say so)."""


def check_parquet_size(table: Table, path: Path) -> None:
    """Refuse a file too big for a table before any row is read: its bytes, then its rows and
    uncompressed bytes as its Parquet footer declares them (a 20-million-row file of a few
    hundred KB is refused here in milliseconds, not turned into rows). pyarrow reads the
    footer, imported here only: a page's kernel that reads the shipped tables alone never
    loads Arrow (about 40 MiB)."""
    import pyarrow.parquet as pq

    try:
        size = path.stat().st_size
    except OSError as error:
        raise CardDataError(f"cannot be read ({error.strerror or error})", file=path) from None
    if size > MAX_FILE_BYTES:
        raise CardDataError(f"is {size:,} bytes, over the {MAX_FILE_BYTES:,} a table may be",
                            file=path)
    try:
        meta = pq.read_metadata(path)
    except Exception as error:  # pyarrow raises several kinds for files that are not Parquet
        raise CardDataError(f"cannot be read as Parquet ({type(error).__name__}: {error})",
                            file=path) from None
    if meta.num_rows > table.max_rows:
        raise CardDataError(f"has {meta.num_rows:,} rows, over the {table.max_rows:,} table "
                            f"{table.name!r} may have", file=path)
    unpacked = sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
    if unpacked > MAX_TABLE_BYTES:
        raise CardDataError(f"holds {unpacked:,} bytes uncompressed, over the "
                            f"{MAX_TABLE_BYTES:,} a table may hold", file=path)


def frame_from_parquet(table: Table, path: Path, *, shipped: bool = False) -> pl.DataFrame:
    """Read a Parquet file and validate it against ``table`` (see :func:`frame_from_rows`),
    once :func:`check_parquet_size` has found it small enough by its footer (not for a
    ``shipped`` table, the package's own data: built by ``make data`` and tested, it is no
    bomb), and refuse it (:class:`TableTooBig`) if it decodes to more than
    :data:`MAX_TABLE_BYTES` all the same. An untrusted file is read first in a child process
    with a memory cap (:mod:`explorer.cards.trial`): decoding may take far more than its
    result holds."""
    if not shipped:
        check_parquet_size(table, path)
    try:
        raw = pl.read_parquet(path)
    except Exception as error:  # polars raises several kinds for unreadable files
        raise CardDataError(f"cannot be read as Parquet ({type(error).__name__}: {error})",
                            file=path) from None
    decoded = raw.estimated_size()
    if decoded > MAX_TABLE_BYTES:  # a footer may lie, and dictionary pages multiply
        raise TableTooBig(f"unpacks to {decoded:,} bytes, over the {MAX_TABLE_BYTES:,} a table "
                          "may hold", file=path)
    missing = [c for c in table.schema if c not in raw.columns]
    if missing:
        raise CardDataError(f"table {table.name!r} is missing a column", file=path,
                            column=missing[0])
    extra = [c for c in raw.columns if c not in table.schema]
    if extra:
        raise CardDataError(f"is not a column of table {table.name!r} "
                            f"(columns: {', '.join(table.schema)})", file=path, column=extra[0])
    return frame_from_rows(table, raw.select(list(table.schema)).to_dicts(), file=path)


# ---- reusable whole-table checks -------------------------------------------------------------

def roll_ranges(low: str = "low", high: str = "high", *, first: int, last: int) -> TableCheck:
    """A check that a roll table's ``[low, high]`` ranges are in order and cover ``first..last``.

    A null ``low`` means "or less" (open below), a null ``high`` means "or more" (open above),
    as in the seeds' "1 or less" and "20+".
    """

    def check(frame: pl.DataFrame) -> None:
        expected = first
        rows = frame.select(low, high).rows()
        for index, (lo, hi) in enumerate(rows):
            if lo is None:
                if index != 0:
                    raise CardDataError("only the first row may be open below",
                                        row=index, column=low, value=lo)
            elif lo != expected:
                raise CardDataError(f"ranges must be contiguous: expected {expected}",
                                    row=index, column=low, value=lo)
            if hi is None:
                if index != len(rows) - 1:
                    raise CardDataError("only the last row may be open above",
                                        row=index, column=high, value=hi)
                expected = last + 1
                continue
            if lo is not None and hi < lo:
                raise CardDataError(f"must be at least {low} ({lo})", row=index, column=high,
                                    value=hi)
            expected = hi + 1
        if rows and expected <= last:
            raise CardDataError(f"ranges must reach {last}", row=len(rows) - 1, column=high,
                                value=rows[-1][1])

    check.__doc__ = f"ranges cover {first}..{last}"
    return check


# ---- the reference tables every game has -----------------------------------------------------

def rolls_table(doc: str, *extra: Column, name: Column | None = None,
                count_nullable: bool = False, note: str = "the seed's words, verbatim",
                type_column: str | None = None) -> Table:
    """A game's ``rolls`` table: every roll its rules make (name, dice, modifier, ...).

    Columns: ``name``, ``dice_count``, ``dice_sides``, ``modifier``, then the game's ``extra``
    columns (success tests, links to roll tables), then ``note``.
    """
    return Table(
        "rolls", doc,
        (
            name or Column("name", pl.String, "the roll, as the rules read it"),
            Column("dice_count", pl.Int8, "dice rolled"
                   + ("; null: the count printed on the card" if count_nullable else ""),
                   nullable=count_nullable, minimum=1),
            Column("dice_sides", pl.Int8, "sides of each die (2 for a toss)", minimum=2),
            Column("modifier", pl.Int8, "added to the total ('1D10 -3' is -3)"),
            *extra,
            Column("note", pl.String, note),
        ),
        kind="reference", type_column=type_column, stats=("dice_count",),
    )


def constants_table(doc: str, *extra: Column, minimum: int | None = None,
                    note: str = "the seed's words, verbatim") -> Table:
    """A game's ``constants`` table: every rule number (name, value, the game's extras, note)."""
    return Table(
        "constants", doc,
        (
            Column("name", pl.String, "the number's name, as the rules read it"),
            Column("value", pl.Int16, "its value", minimum=minimum),
            *extra,
            Column("note", pl.String, note),
        ),
        kind="reference", stats=("value",),
    )
