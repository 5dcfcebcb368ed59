"""House rules as data: ``data/<game>/variants.toml`` names the constants a variant may change
and the values each may take.

>>> explorer.new_game("riftforce", seed=1, variant={"victory_riftforce": 8})
>>> explorer.simulate("rifts", games=500, variant={"victory_adventure_tokens": 5})

A variant changes the game's constants only (the ``constants`` table's values, which the rules
read as they play), and everything that reads the game's data sees it: the rules, the position,
the odds of a game in progress. The table is declared once (:data:`VARIANTS`) and validated as
every other table is; a variant is checked against it (a known constant, an allowed value) and
refused with a message naming the key and the value.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import polars as pl

from explorer.errors import CardDataError, IllegalAction
from explorer.schema import Column, Table, frame_from_rows

VARIANTS = Table(
    "variants",
    "House rules: the constants a variant may change and the values it may give them",
    (
        Column("name", pl.String, "a constant of the game's constants table"),
        Column("values", pl.List(pl.Int16), "the values a variant may give it (the rules' own "
               "value among them)"),
        Column("note", pl.String, "what the house rule changes, in words"),
    ),
    kind="reference",
)
"""The declared table of house rules (``data/variants.parquet``): each constant a variant may
change, per game, and the values it may take."""


def _path(game: str) -> Path:
    from explorer.cards import data_root

    return data_root() / game / "variants.toml"


@cache
def allowed(game: str) -> Mapping[str, tuple[int, ...]]:
    """The constants of ``game`` a variant may change, each with its allowed values (empty for
    a game without a variants table)."""
    from explorer import cards

    path = _path(game)
    if not path.exists():
        return MappingProxyType({})
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise CardDataError(f"cannot be read as TOML ({error})", file=path) from None
    rows = document.get("rows")
    if not isinstance(rows, list) or set(document) != {"rows"}:
        raise CardDataError("must hold exactly one array, 'rows', of inline tables", file=path)
    frame = frame_from_rows(VARIANTS, rows, file=path)
    constants = dict(cards.load(game, "constants").select("name", "value").iter_rows())
    found: dict[str, tuple[int, ...]] = {}
    for index, row in enumerate(frame.iter_rows(named=True)):
        name, values = row["name"], tuple(row["values"])
        if name not in constants:
            raise CardDataError("is not a constant of the game", file=path, row=index,
                                column="name", value=name)
        if len(set(values)) != len(values) or constants[name] not in values:
            raise CardDataError(f"must list distinct values including the rules' own "
                                f"({constants[name]})", file=path, row=index, name=name,
                                column="values", value=list(values))
        if name in found:
            raise CardDataError("is listed twice", file=path, row=index, column="name",
                                value=name)
        found[name] = values
    return MappingProxyType(found)


def check_variant(game: str, variant: object, where: str = "option 'variant'"
                  ) -> dict[str, int]:
    """``variant`` checked: a mapping of constant names to allowed values (sorted by name)."""
    if not isinstance(variant, Mapping):
        raise IllegalAction(f"{where} must map constant names to values, e.g. "
                            f"{{'victory_ap': 5}}; found {variant!r}")
    known = allowed(game)
    checked = {}
    for key in sorted(variant, key=str):
        value = variant[key]
        if key not in known:
            names = ", ".join(known) or "none"
            raise IllegalAction(f"{where}: {key!r} is not a constant a variant of {game} may "
                                f"change (those are: {names})")
        if isinstance(value, bool) or not isinstance(value, int) or value not in known[key]:
            values = ", ".join(map(str, known[key]))
            raise IllegalAction(f"{where}: {key} may be {values}; found {value!r}")
        checked[key] = value
    return checked


def with_variant(data: Any, variant: Mapping[str, int] | None) -> Any:
    """``data`` (a game's data object, with its ``constants``) with the variant's constants in
    place of the rules' own: the same object when there is no variant."""
    if not variant:
        return data
    return _with_variant(data, tuple(sorted(variant.items())))


_MADE: dict[tuple[int, tuple[tuple[str, int], ...]], Any] = {}


def _with_variant(data: Any, items: tuple[tuple[str, int], ...]) -> Any:
    key = (id(data), items)
    made = _MADE.get(key)
    if made is None or made[0] is not data:
        constants = MappingProxyType({**data.constants, **dict(items)})
        made = (data, dataclasses.replace(data, constants=constants))
        _MADE[key] = made
    return made[1]
