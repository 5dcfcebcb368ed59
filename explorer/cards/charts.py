"""Charts of card stats: pure functions ``DataFrame -> alt.Chart``.

:func:`deck_chart` picks the chart made for a deck (e.g. Rifts Base Force by class) or, for
any other table, a generic one built from the table's declared ``stats`` and ``type_column``.
Frames are aggregated or small before they reach Altair, so no row limit applies.
"""

from __future__ import annotations

from collections.abc import Callable

import altair as alt
import icepool
import polars as pl

from explorer.cards import declaration, load, tables
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
    if (game, table) in _CHARTS:
        return _CHARTS[game, table](frame, declared)
    if declared.kind == "roll" and (die := roll_table_die(game, table)) is not None:
        return roll_table_chart(frame, declared, die)
    return generic_chart(frame, declared)


def roll_table_die(game: str, table: str) -> tuple[int, int, int] | None:
    """``(count, sides, modifier)`` of the roll read on a roll table, from the game's
    ``rolls`` reference table (the row whose ``table`` column names it), if it has one."""
    if "rolls" not in tables(game):
        return None
    rolls = load(game, "rolls")
    if "table" not in rolls.columns:
        return None
    rows = rolls.filter(pl.col("table").cast(pl.String) == table)
    if rows.height != 1:
        return None
    row = rows.row(0, named=True)
    return row["dice_count"], row["dice_sides"], row.get("modifier") or 0


def roll_table_odds(frame: pl.DataFrame, die: tuple[int, int, int]) -> pl.DataFrame:
    """Exact chance of each row of a roll table on an unmodified roll of ``die``.

    A null ``low`` means "or less" and a null ``high`` "or more", as in the seeds.
    """
    count, sides, modifier = die
    roll = count @ icepool.d(sides) + modifier
    chances = []
    for low, high in frame.select("low", "high").rows():
        event = roll.map(lambda x, lo=low, hi=high: (lo is None or x >= lo)
                         and (hi is None or x <= hi))
        chances.append(event.probability(True))
    return frame.select("low", "high", pl.col("result").cast(pl.String)).with_columns(
        pl.Series("chance", [str(c) for c in chances], dtype=pl.String),
        pl.Series("probability", [float(c) for c in chances], dtype=pl.Float64),
    )


def roll_table_chart(frame: pl.DataFrame, table: Table, die: tuple[int, int, int]) -> alt.Chart:
    """A roll table as the exact chance of each of its rows on an unmodified roll."""
    count, sides, modifier = die
    data = roll_table_odds(frame, die).with_row_index("row")
    label = f"{count}D{sides}" + (f"{modifier:+d}" if modifier else "")
    return alt.Chart(data, title=f"{table.doc} ({label}, unmodified)", width=WIDTH).mark_bar(
    ).encode(
        x=alt.X("probability:Q", title="chance", axis=alt.Axis(format="%")),
        y=alt.Y("result:N", sort=alt.EncodingSortField("row"), title=None),
        tooltip=["low", "high", "result", "chance",
                 alt.Tooltip("probability:Q", format=".1%")],
    )


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
        colour = _type_encoding(table)
        keep = ["name", stat, *([table.type_column] if colour is not alt.Undefined else [])]
        data = frame.select(list(dict.fromkeys(keep))).drop_nulls(stat)
        return alt.Chart(data, title=title, width=WIDTH).mark_bar().encode(
            x=alt.X(f"{stat}:Q", title=stat.replace("_", " ")),
            y=alt.Y("name:N", sort="-x", title=None),
            color=colour,
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


# ---- charts made for particular decks --------------------------------------------------------

@chart_for("rifts", "characters")
def rifts_base_force(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Rifts characters: Base Force of each character, grouped and coloured by class."""
    data = frame.select("name", "class", "base_force")
    return alt.Chart(data, title="Base Force by class", width=WIDTH).mark_bar().encode(
        x=alt.X("base_force:Q", title="Base Force"),
        y=alt.Y("name:N", sort=alt.EncodingSortField("base_force", order="descending"),
                title=None),
        color=alt.Color("class:N", title="class"),
        row=alt.Row("class:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left")),
        tooltip=["name", "class", "base_force"],
    ).resolve_scale(y="independent")


@chart_for("rifts", "foes")
def rifts_foe_strength(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Rifts foes: tokens x Force per token; the area is the foe's total Force."""
    data = frame.select(
        "name", "tokens", "force_per_token",
        (pl.col("tokens") * pl.col("force_per_token")).alias("total_force"),
        pl.col("types").list.first().cast(pl.String).alias("first_type"),
        pl.col("type_code"))
    return alt.Chart(data, title="Foe strength: tokens x Force per token", width=WIDTH,
                     height=320).mark_circle(opacity=0.7).encode(
        x=alt.X("tokens:Q", title="tokens"),
        y=alt.Y("force_per_token:Q", title="Force per token"),
        size=alt.Size("total_force:Q", title="total Force"),
        color=alt.Color("first_type:N", title="type"),
        tooltip=["name", "type_code", "tokens", "force_per_token", "total_force"],
    )


@chart_for("gamma_world", "foes")
def gamma_world_threat(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Gamma World foes: threat dice of each foe, with the mean threat they roll."""
    data = frame.select(
        "name", "threat_dice_count", "threat_dice_sides", "robot", "cryptic_alliance",
        (pl.col("threat_dice_count").cast(pl.String) + "D"
         + pl.col("threat_dice_sides").cast(pl.String)).alias("threat"),
        (pl.col("threat_dice_count") * (pl.col("threat_dice_sides") + 1) / 2)
        .alias("mean_threat"))
    return alt.Chart(data, title="Threat dice", width=WIDTH).mark_bar().encode(
        x=alt.X("mean_threat:Q", title="mean starting Threat"),
        y=alt.Y("name:N", sort="-x", title=None),
        color=alt.Color("threat:N", title="threat dice"),
        tooltip=["name", "threat", "mean_threat", "robot", "cryptic_alliance"],
    )


@chart_for("riftforce", "elementals")
def riftforce_values(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Riftforce elementals: how many cards of each value every guild has."""
    data = frame.select("guild", pl.col("value").cast(pl.String), "copies")
    return alt.Chart(data, title="Elemental values per guild", width=WIDTH).mark_bar().encode(
        x=alt.X("sum(copies):Q", title="cards"),
        y=alt.Y("guild:N", title=None),
        color=alt.Color("value:N", title="value (life)"),
        tooltip=["guild", "value", "copies"],
    )
