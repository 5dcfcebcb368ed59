"""The card browser's model: filtering, sorting and readable text for any declared table.

Pure functions over polars frames and :class:`~explorer.schema.Table` declarations, with no
widgets, so the view in :mod:`explorer.ui.cards` stays thin and this is tested headless.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from explorer.errors import CardDataError
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


def select(frame: pl.DataFrame, table: Table, query: Query,
           text_of: Mapping[str, str] | None = None) -> pl.DataFrame:
    """The rows of ``frame`` that match ``query``, sorted as it asks (stable, nulls last).

    The free text is looked for in every cell and, given ``text_of`` (card name -> the words
    on its face), in the words printed on the card.
    """
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
        if text_of is not None and "name" in result.columns:
            printed = [text_of.get(n, "") for n in result["name"].to_list()]
            haystack = haystack.with_columns(pl.Series("_face", printed, dtype=pl.String))
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


# ---- readable labels and filter descriptions ------------------------------------------------

_LABELS = {
    "base_force": "Base Force", "force_per_token": "Force per Token", "cp": "CP",
    "cp_flipped": "CP flipped", "ap": "AP", "ap_cost": "AP cost", "hits": "Hits",
    "threat_dice_count": "Threat dice", "threat_dice_sides": "Threat die sides",
    "dice_count": "Dice", "dice_sides": "Die sides", "force_bonus": "Force bonus",
    "character_die": "Character die", "extra_stuff": "Extra STUFF", "max_damage": "Most damage",
    "extra_riftforce": "Extra Riftforce", "supply_cards": "Supply cards",
    "foe_bonus": "Foe bonus", "seed_line": "Seed line", "type_code": "Type code",
}


def column_label(column: str) -> str:
    """A column's name for people: ``base_force`` is "Base Force", ``cp`` is "CP"."""
    if column in _LABELS:
        return _LABELS[column]
    words = column.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def describe_query(query: Query, shown: int, total: int, noun: str = "cards") -> str:
    """What the filter keeps, in words: "Mage · “artificer” · 1 of 29 cards"."""
    parts = [v for v in (query.type, query.ability) if v]
    if query.text.strip():
        parts.append(f"“{query.text.strip()}”")
    count = f"{shown} of {total} {noun}" if parts or shown != total else f"all {total} {noun}"
    if query.sort:
        count += f", by {column_label(query.sort).lower()}"
        count += " (highest first)" if query.descending else ""
    return " · ".join([*parts, count])


def close_names(name: str, known: list[str], limit: int = 3) -> list[str]:
    """The known names closest to a mistyped ``name`` (case-insensitive), best first."""
    lowered = {k.lower(): k for k in known}
    needle = name.strip().lower()
    found = [lowered[k] for k in difflib.get_close_matches(needle, list(lowered), n=limit,
                                                           cutoff=0.6)]
    found += [k for k in known if needle and needle in k.lower() and k not in found]
    return found[:limit]


def did_you_mean(names: list[str]) -> str:
    """"Did you mean Tiger or Tarantula?" for a list of close names (empty: "")."""
    if not names:
        return ""
    quoted = [f"“{n}”" for n in names]
    joined = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f"Did you mean {joined}?"


# ---- messages in people's words -------------------------------------------------------------

_LIBRARY_DETAIL = re.compile(r"\s*\((?:[A-Za-z_.]*(?:Error|Exception|Warning))\b[^)]*\)?.*$")
_OS_DETAIL = re.compile(r"^cannot be read \((.*)\)$")


def _problem_words(problem: str) -> str:
    """A CardDataError's problem without library exception names or OS error details."""
    if problem.startswith("cannot be read as Parquet"):
        return "is not a Parquet file, or it is damaged"
    found = _OS_DETAIL.match(problem)
    if found:
        return "is missing" if "No such file" in found.group(1) else "cannot be read"
    return _LIBRARY_DETAIL.sub("", problem)


def people_message(error: CardDataError, uploaded: Collection[str] = ()) -> str:
    """A card-data error as a sentence for the person who made the file.

    The file is named by its name only (never a server path), rows count from 1, and library
    exception names are left out. ``uploaded`` are the file names the person gave: an error
    in another file of the set is about how the uploaded tables fit the rest.
    """
    problem = _problem_words(error.problem)
    name = Path(error.file).name if error.file is not None else "the table"
    if error.column is not None and problem.endswith("is missing a column"):
        return f"{name} has no column “{error.column}”: every declared column must be there."
    if error.column is not None and problem.startswith("is not a column of table"):
        known = problem.partition("(columns: ")[2].rstrip(")")
        return (f"{name} has a column “{error.column}” that its table does not declare"
                + (f" (its columns: {known})." if known else "."))
    where = []
    if error.row is not None:
        row = f"row {error.row + 1}"
        if error.name is not None and error.name != "":
            row += f" ({error.name})"
        where.append(row)
    if error.column is not None:
        where.append(f"column {error.column}")
    text = f"{', '.join(where)}: {problem}" if where else problem
    if error.has_value:
        value = error.value
        shown = f"“{value}”" if isinstance(value, str) else repr(value)
        if len(shown) > 80:
            shown = shown[:77] + "…"
        text += f"; found {shown}"
    end = "" if text.endswith((".", "?", "!")) else "."
    if error.file is None:
        return text[:1].upper() + text[1:] + end
    if uploaded and name not in uploaded:
        mine = " and ".join(sorted(uploaded))
        return f"Your {mine} does not fit the rest of the card set: {name}, {text}{end}"
    return (f"{name}, {text}" if where else f"{name} {text}") + end


# ---- colours by class, kind, guild and type --------------------------------------------------

_FALLBACK = "#475569"
_ITEMS_GW = {"Weapon": "#b91c1c", "Armor": "#475569", "Vehicle": "#0f766e", "Steed": "#a16207",
             "Equipment": "#0369a1", "Event": "#7c3aed", "Mutation": "#4d7c0f",
             "Foe": "#7f1d1d", "Location": "#57534e"}
_GUILDS = {"Fire": "#dc2626", "Water": "#1d4ed8", "Air": "#0284c7", "Earth": "#854d0e",
           "Light": "#ca8a04", "Ice": "#0e7490", "Plant": "#15803d", "Crystal": "#be185d",
           "Thunderbolt": "#7c3aed", "Shadow": "#1f2937"}
NO_KIND = "no kind"
"""The kind of an Adventurers Encounter card that has none."""
ADVENTURERS_KINDS = {"Enemy": "#b91c1c", "Person": "#be185d", "Animal": "#c2410c",
                     "Swarm": "#4d7c0f", "Trap": "#44403c", NO_KIND: "#78716c"}
"""Adventurers Encounter cards are coloured by kind (the few without one alike); every other
card by its type."""

COLOUR_SCHEMES: Mapping[tuple[str, str], tuple[str | None, Mapping[str, str]]] = {
    ("rifts", "characters"): ("class", {
        "Fighter": "#b91c1c", "Adventurer": "#15803d", "Mage": "#7c3aed",
        "Racial Class": "#b45309", "Psychic": "#0369a1"}),
    ("rifts", "equipment"): ("type", {
        "Weapon": "#9a3412", "Armor": "#475569", "Power Armor": "#1e3a8a",
        "Vehicle": "#0f766e", "Item": "#a16207", "Robot Vehicle": "#4338ca",
        "Cybernetic Implant": "#0e7490"}),
    ("rifts", "psionic"): ("category", {
        "Healing": "#15803d", "Sensory": "#0369a1", "Physical": "#b45309", "Major": "#6d28d9"}),
    ("rifts", "magic"): (None, {"": "#7c3aed"}),
    ("rifts", "locations"): ("type", {"Urban": "#52525b", "Wilderness": "#4d7c0f"}),
    ("rifts", "foes"): (None, {"": "#7f1d1d"}),
    ("adventurers", "cards"): ("type", {
        "Weapon": "#9a3412", "Action": "#1d4ed8", "Encounter": "#b91c1c", "Help": "#15803d",
        "Item": "#a16207", "Travel": "#0f766e", "Research": "#6d28d9", "Location": "#57534e"}),
    ("adventurers", "professions"): (None, {"": "#92400e"}),
    **{("gamma_world", t): ("type", _ITEMS_GW) for t in (
        "weapons", "armor", "vehicles", "steeds", "equipment", "events", "mutations", "foes",
        "locations")},
    ("rat_king", "characters"): ("kind", {"ME": "#a16207", "Character": "#1e40af"}),
    ("rat_king", "stuffs"): (None, {"": "#9a3412"}),
    ("rat_king", "encounters"): (None, {"": "#7f1d1d"}),
    ("rat_king", "adventures"): (None, {"": "#065f46"}),
    ("rat_king", "events"): (None, {"": "#6d28d9"}),
    ("riftforce", "elementals"): ("guild", _GUILDS),
    ("riftforce", "guilds"): ("name", _GUILDS),
    ("riftforce", "locations"): (None, {"": "#57534e"}),
}
"""(game, table) -> (the column whose value picks the colour, or None for one colour; colours).

Rifts colours by class (and each other deck by its type), Adventurers and Gamma World by kind
of card, Riftforce by guild, Lair of the Rat-King by card type. Faces and charts share them, so
a chart's legend shows the colours of the faces.
"""


def colour_scheme(game: str, table: str) -> tuple[str | None, Mapping[str, str]]:
    """The colour column and colours of a card table (a single grey for any other table)."""
    return COLOUR_SCHEMES.get((game, table), (None, {"": _FALLBACK}))


def card_colour(game: str, table: str, row: Mapping[str, Any]) -> str:
    """The colour a card is drawn in (its class, kind, guild or type)."""
    column, colours = colour_scheme(game, table)
    if (game, table) == ("adventurers", "cards") and row.get("type") == "Encounter":
        return ADVENTURERS_KINDS.get(str(row.get("kind") or NO_KIND), _FALLBACK)
    if column is None:
        return next(iter(colours.values()))
    return colours.get(str(row.get(column)), _FALLBACK)
