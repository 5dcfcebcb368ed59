"""Charts of card stats: pure functions ``DataFrame -> alt.Chart``.

:func:`deck_chart` picks the chart made for a deck (e.g. Rifts Base Force by class) or, for
any other table, a generic one built from the table's declared ``stats`` and ``type_column``.
Frames are aggregated or small before they reach Altair, so no row limit applies.
"""

from __future__ import annotations

from collections.abc import Callable

import altair as alt
import polars as pl

from explorer.cards import declaration
from explorer.schema import Table

ChartMaker = Callable[[pl.DataFrame, Table], alt.Chart]
_CHARTS: dict[tuple[str, str], ChartMaker] = {}

WIDTH = 520


def chart_for(game: str, table: str) -> Callable[[ChartMaker], ChartMaker]:
    """Register the chart made for one deck."""

    def register(maker: ChartMaker) -> ChartMaker:
        _CHARTS[game, table] = maker
        return maker

    return register


def deck_chart(game: str, table: str, frame: pl.DataFrame) -> alt.Chart:
    """The chart of ``frame`` (all or some rows of ``table`` of ``game``)."""
    declared = declaration(game, table)
    maker = _CHARTS.get((game, table), generic_chart)
    return maker(frame, declared)


def _type_encoding(table: Table) -> alt.Color | alt.Undefined:
    column = table.type_column
    if column is None or isinstance(table.by_name[column].dtype, pl.List):
        return alt.Undefined
    return alt.Color(f"{column}:N", title=column.replace("_", " "))


def generic_chart(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """First stat per card (sorted), coloured by type; or a count per type if no stats."""
    title = table.doc
    if table.stats and table.kind == "cards":
        stat = table.stats[0]
        keep = ["name", stat, *([table.type_column] if table.type_column else [])]
        data = frame.select(list(dict.fromkeys(keep))).drop_nulls(stat)
        return alt.Chart(data, title=title, width=WIDTH).mark_bar().encode(
            x=alt.X(f"{stat}:Q", title=stat.replace("_", " ")),
            y=alt.Y("name:N", sort="-x", title=None),
            color=_type_encoding(table),
            tooltip=list(data.columns),
        )
    if table.type_column and not isinstance(frame.schema[table.type_column], pl.List):
        counts = frame.group_by(table.type_column).len("cards").sort(table.type_column)
        return alt.Chart(counts, title=title, width=WIDTH).mark_bar().encode(
            x=alt.X("cards:Q", title="cards"),
            y=alt.Y(f"{table.type_column}:N", title=None),
            tooltip=list(counts.columns),
        )
    counts = pl.DataFrame({"table": [table.name], "rows": [frame.height]})
    return alt.Chart(counts, title=title, width=WIDTH).mark_bar().encode(
        x="rows:Q", y=alt.Y("table:N", title=None))
