"""The card browser's model: filtering, sorting and readable text for any declared table.

Pure functions over polars frames and :class:`~explorer.schema.Table` declarations, with no
widgets, so the view in :mod:`explorer.ui.cards` stays thin and this is tested headless.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from explorer.schema import Table

MAX_QUERY_LENGTH = 200
"""Longest free-text query accepted (longer input is refused, not truncated)."""


@dataclass(frozen=True)
class Query:
    """What the user asked the browser for. ``None`` or ``""`` means "no filter"."""

    type: str | None = None
    ability: str | None = None
    text: str = ""
    sort: str | None = None
    descending: bool = False


def _names(dtype: pl.DataType) -> pl.Expr:
    """An expression for the names in a list column (of structs with ``name``, or of values)."""
    inner = dtype.inner if isinstance(dtype, pl.List) else dtype
    element = pl.element()
    if isinstance(inner, pl.Struct):
        element = element.struct.field("name")
    return element.cast(pl.String)


def type_values(frame: pl.DataFrame, table: Table) -> list[str]:
    """The distinct values of the table's type column present in ``frame``, in vocabulary order."""
    column = table.type_column
    if column is None:
        return []
    series = frame[column]
    if isinstance(series.dtype, pl.List):
        series = series.explode()
    present = set(series.drop_nulls().cast(pl.String).to_list())
    dtype = table.by_name[column].dtype
    inner = dtype.inner if isinstance(dtype, pl.List) else dtype
    if isinstance(inner, pl.Enum):
        return [v for v in inner.categories.to_list() if v in present]
    return sorted(present)


def ability_values(frame: pl.DataFrame, table: Table) -> list[str]:
    """The ability names that occur on cards of ``frame``, sorted."""
    column = table.ability_column
    if column is None:
        return []
    names = frame.select(pl.col(column).list.eval(_names(frame.schema[column]))).to_series()
    return sorted(set(names.explode().drop_nulls().to_list()))


def sortable_columns(table: Table) -> list[str]:
    """Columns a user may sort by: the stats first, then every other scalar column."""
    scalar = [c.name for c in table.columns if not isinstance(c.dtype, pl.List | pl.Struct)]
    return [*table.stats, *[c for c in scalar if c not in table.stats]]


def check_query(query: Query, table: Table) -> None:
    """Refuse a query that no control of the browser could have produced.

    Widget values from a hosted page are untrusted: a client can set any trait to anything.
    """
    if not isinstance(query.text, str) or len(query.text) > MAX_QUERY_LENGTH:
        raise ValueError(f"search text must be at most {MAX_QUERY_LENGTH} characters")
    if query.sort is not None and query.sort not in sortable_columns(table):
        raise ValueError(f"cannot sort {table.name!r} by {query.sort!r}")
    for value, label in ((query.type, "type"), (query.ability, "ability")):
        if value is not None and not isinstance(value, str):
            raise ValueError(f"the {label} filter must be text; found {value!r}")


def select(frame: pl.DataFrame, table: Table, query: Query) -> pl.DataFrame:
    """The rows of ``frame`` that match ``query``, sorted as it asks (stable, nulls last)."""
    check_query(query, table)
    result = frame
    if query.type and table.type_column:
        column = pl.col(table.type_column)
        if isinstance(frame.schema[table.type_column], pl.List):
            result = result.filter(column.list.eval(pl.element().cast(pl.String))
                                   .list.contains(query.type))
        else:
            result = result.filter(column.cast(pl.String) == query.type)
    if query.ability and table.ability_column:
        names = pl.col(table.ability_column).list.eval(_names(frame.schema[table.ability_column]))
        result = result.filter(names.list.contains(query.ability))
    if query.text.strip():
        needle = query.text.strip().lower()
        haystack = readable(result, table)
        mask = pl.concat_str(
            [pl.col(c).fill_null("") for c in haystack.columns], separator=" "
        ).str.to_lowercase().str.contains(needle, literal=True)
        result = result.filter(haystack.select(mask).to_series())
    if query.sort:
        result = result.sort(query.sort, descending=query.descending, nulls_last=True,
                             maintain_order=True)
    return result


def format_value(value: Any) -> str:
    """Readable text for one cell: ``Heal +2``, ``Stealth (Urban)``, lists joined by commas."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, dict):
        if "name" in value:
            text = str(value["name"])
            bonus, amount = value.get("bonus"), value.get("amount")
            if isinstance(bonus, int) and bonus:
                text += f" {bonus:+d}"
            if isinstance(amount, int):
                text += f" {amount}"
            extra = [f"{k.replace('_', ' ')}: {format_value(v)}" for k, v in value.items()
                     if k not in {"name", "bonus", "amount"} and v not in (None, False, [], "")]
            return f"{text} ({', '.join(extra)})" if extra else text
        return "; ".join(f"{k.replace('_', ' ')} {format_value(v)}"
                         for k, v in value.items() if v is not None)
    return str(value)


def readable(frame: pl.DataFrame, table: Table) -> pl.DataFrame:
    """``frame`` with every column as display text (lists and structs spelled out)."""
    columns = {}
    for name, dtype in frame.schema.items():
        if isinstance(dtype, pl.List | pl.Struct):
            columns[name] = pl.Series(name, [format_value(v) for v in frame[name].to_list()],
                                      dtype=pl.String)
        else:
            columns[name] = frame[name].cast(pl.String)
    return pl.DataFrame(columns)


def card_fields(frame: pl.DataFrame, table: Table, name: str) -> list[tuple[str, str]]:
    """The labelled fields of one card (by name) for a card face, stats first, empties dropped."""
    rows = frame.filter(pl.col("name") == name)
    if rows.height != 1:
        raise ValueError(f"no card named {name!r} in {table.name!r}")
    row = rows.row(0, named=True)
    order = [*table.stats, *[c.name for c in table.columns if c.name not in table.stats]]
    fields = []
    for column in order:
        if column == "name":
            continue
        text = format_value(row[column])
        if text:
            fields.append((column, text))
    return fields
