"""Charts of card stats: pure functions ``DataFrame -> alt.Chart``.

:func:`deck_chart` picks the chart made for a deck (e.g. Rifts Base Force by class) or, for
any other table, a generic one built from the table's declared ``stats`` and ``type_column``.
A chart charts only what the rows it is given have (a stat no shown card has is skipped), its
subtitle says which rows those are (the browser's filter), and a colour by class, kind, guild
or type uses the card faces' colours (:data:`explorer.cards.browse.COLOUR_SCHEMES`), so the
legend's colours are the bars'. Frames are aggregated or small before they reach Altair, so no
row limit applies.
"""

from __future__ import annotations

from collections.abc import Callable

import altair as alt
import icepool
import polars as pl

from explorer.cards import declaration, load, tables
from explorer.cards.browse import ADVENTURERS_KINDS, NO_KIND, colour_scheme, column_label
from explorer.schema import Table

ChartMaker = Callable[[pl.DataFrame, Table], alt.Chart]
"""A table's chart: made from its rows and its declared :class:`~explorer.schema.Table`."""
_CHARTS: dict[tuple[str, str], ChartMaker] = {}

WIDTH = 360
"""Plot width in pixels: with its labels and legend a chart fits a 768 px wide page."""


def chart_for(game: str, table: str) -> Callable[[ChartMaker], ChartMaker]:
    """Register the chart made for one deck."""

    def register(maker: ChartMaker) -> ChartMaker:
        _CHARTS[game, table] = maker
        return maker

    return register


def deck_chart(game: str, table: str, frame: pl.DataFrame,
               subtitle: str | None = None) -> alt.Chart:
    """The chart of ``frame`` (all or some rows of ``table`` of ``game``).

    ``subtitle`` says which rows those are (e.g. the browser's filter, "Mage · 5 of 29 cards").
    """
    declared = declaration(game, table)
    if (game, table) in _CHARTS:
        chart = _CHARTS[game, table](frame, declared)
    elif declared.kind == "roll" and (die := roll_table_die(game, table)) is not None:
        chart = roll_table_chart(frame, declared, die)
    else:
        chart = generic_chart(frame, declared, game)
    if subtitle:
        title = chart.title if isinstance(chart.title, str) else declared.doc
        chart = chart.properties(title=alt.TitleParams(text=title, subtitle=subtitle))
    return chart


def colour(game: str, table: str, column: str, frame: pl.DataFrame,
           title: str | None = None) -> alt.Color:
    """A colour encoding of ``column`` in the faces' colours when the deck is coloured by it
    (the values present in ``frame`` only, so the legend lists what the chart shows)."""
    title = column_label(column) if title is None else title
    field, colours = colour_scheme(game, table)
    if (game, table, column) == ("adventurers", "cards", "kind"):
        field, colours = column, ADVENTURERS_KINDS  # Encounters are coloured by kind
    if field != column or column not in frame.columns:
        return alt.Color(f"{column}:N", title=title)
    series = frame[column]
    present = set(series.drop_nulls().cast(pl.String).to_list())
    dtype = series.dtype
    order = (dtype.categories.to_list() if isinstance(dtype, pl.Enum) else sorted(present))
    domain = [v for v in order if v in present]
    return alt.Color(f"{column}:N", title=title, scale=alt.Scale(
        domain=domain, range=[colours.get(v, "#475569") for v in domain]))


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


def charted_stat(frame: pl.DataFrame, table: Table) -> str | None:
    """The stat a generic chart shows: the first declared stat that at least half the rows of
    ``frame`` have. Adventurers Action cards have no Force, so theirs is not charted, nor is
    the Force of the whole common deck, where only its Encounters have one."""
    if table.kind != "cards" or frame.height == 0:
        return None
    return next((s for s in table.stats if 2 * (frame.height - frame[s].null_count())
                 >= frame.height), None)


def _colour_by(game: str, table: Table, frame: pl.DataFrame) -> str | None:
    field, _ = colour_scheme(game, table.name)
    if (game, table.name) == ("adventurers", "cards") and frame.height and (
            frame["type"].cast(pl.String) == "Encounter").all():
        field = "kind"
    for column in (field, table.type_column):
        if column in frame.columns and not isinstance(frame.schema[column], pl.List):
            return column
    return None


def generic_chart(frame: pl.DataFrame, table: Table, game: str = "") -> alt.Chart:
    """The first stat the rows have, per card (sorted), coloured by class, kind or type; or,
    with no such stat, a count of rows per type."""
    noun = "cards" if table.kind == "cards" else "rows"
    stat = charted_stat(frame, table)
    by = _colour_by(game, table, frame)
    if stat is not None:
        keep = ["name", stat, *([by] if by else [])]
        data = frame.select(list(dict.fromkeys(keep))).drop_nulls(stat)
        if by == "kind":  # the Encounters that print no kind
            data = data.with_columns(pl.col(by).cast(pl.String).fill_null(NO_KIND))
        label = column_label(stat)
        title = f"{label} of each card"
        if data.height < frame.height:
            title += f" ({data.height} of the {frame.height} shown have one)"
        return alt.Chart(data, title=title, width=WIDTH).mark_bar().encode(
            x=alt.X(f"{stat}:Q", title=label),
            y=alt.Y("name:N", sort="-x", title=None),
            color=colour(game, table.name, by, data) if by else alt.Undefined,
            tooltip=[alt.Tooltip(c, title=column_label(c)) for c in data.columns],
        )
    if table.type_column and not isinstance(frame.schema[table.type_column], pl.List):
        column = table.type_column
        counts = frame.group_by(column).len(noun).sort(column)
        title = f"{noun.capitalize()} of each {column_label(column).lower()}"
        return alt.Chart(counts, title=title, width=WIDTH).mark_bar().encode(
            x=alt.X(f"{noun}:Q", title=noun),
            y=alt.Y(f"{column}:N", title=None),
            color=colour(game, table.name, column, counts),
            tooltip=[alt.Tooltip(column, title=column_label(column)), noun],
        )
    counts = pl.DataFrame({"table": [column_label(table.name)], noun: [frame.height]})
    return alt.Chart(counts, title=table.doc, width=WIDTH).mark_bar().encode(
        x=f"{noun}:Q", y=alt.Y("table:N", title=None))


# ---- charts made for particular decks --------------------------------------------------------

@chart_for("rifts", "characters")
def rifts_base_force(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Rifts characters: Base Force of each character, grouped and coloured by class."""
    data = frame.select("name", "class", "base_force")
    return alt.Chart(data, title="Base Force by class", width=WIDTH).mark_bar().encode(
        x=alt.X("base_force:Q", title="Base Force"),
        y=alt.Y("name:N", sort=alt.EncodingSortField("base_force", order="descending"),
                title=None),
        color=colour("rifts", "characters", "class", data, "class"),
        row=alt.Row("class:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left"),
                    sort=colour("rifts", "characters", "class", data).to_dict()["scale"]
                    ["domain"]),
        tooltip=["name", "class", alt.Tooltip("base_force", title="Base Force")],
    ).resolve_scale(y="independent")


@chart_for("rifts", "foes")
def rifts_foe_strength(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Rifts foes: tokens x Force per token; the area is the foe's total Force."""
    data = frame.select(
        "name", "tokens", "force_per_token",
        (pl.col("tokens") * pl.col("force_per_token")).alias("total_force"),
        pl.col("types").list.first().cast(pl.String).alias("first_type"),
        pl.col("types").list.eval(pl.element().cast(pl.String)).list.join(" / ")
        .alias("foe_types"))
    return alt.Chart(data, title="Foe strength: tokens x Force per token", width=WIDTH,
                     height=320).mark_circle(opacity=0.7).encode(
        x=alt.X("tokens:Q", title="tokens"),
        y=alt.Y("force_per_token:Q", title="Force per token"),
        size=alt.Size("total_force:Q", title="total Force"),
        color=alt.Color("first_type:N", title="type"),
        tooltip=["name", alt.Tooltip("foe_types", title="types"), "tokens",
                 alt.Tooltip("force_per_token", title="Force per Token"),
                 alt.Tooltip("total_force", title="total Force")],
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
        tooltip=["name", "threat", alt.Tooltip("mean_threat", title="mean Threat"), "robot",
                 alt.Tooltip("cryptic_alliance", title="Cryptic Alliance")],
    )


@chart_for("riftforce", "elementals")
def riftforce_values(frame: pl.DataFrame, table: Table) -> alt.Chart:
    """Riftforce elementals: how many cards of each value every guild has."""
    data = frame.select("guild", pl.col("value").cast(pl.String), "copies")
    return alt.Chart(data, title="Elemental values per guild", width=WIDTH).mark_bar().encode(
        x=alt.X("sum(copies):Q", title="cards"),
        y=alt.Y("guild:N", title=None),
        color=alt.Color("value:N", title="value (life)",
                        scale=alt.Scale(domain=["5", "6", "7"],
                                        range=["#93c5fd", "#3b82f6", "#1e3a8a"])),
        tooltip=["guild", "value", "copies"],
    )
