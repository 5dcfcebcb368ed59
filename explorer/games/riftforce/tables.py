"""Riftforce's tables: the 10 guilds (each summoner card with its guild's ability as ordered,
typed steps), their 90 elementals, the 5 locations of the Rift, and the reference tables: what
each ability step does, the one random draw of the rules, and every rule number.

Sources: seed ``003_fef9cde2782d60c6.txt`` (a Ukrainian outline) and, for the guild abilities
and the procedures the seed leaves out, ``reference/riftforce.md``. Rulings ``rf-N`` are in
``docs/rulings.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from explorer.errors import CardDataError
from explorer.schema import Column, Table, constants_table, rolls_table, vocabulary

GUILD = vocabulary("guild", [
    "Fire", "Water", "Air", "Earth", "Light", "Ice", "Plant", "Crystal",
    "Thunderbolt",  # ruling rf-3: not "Lightning"
    "Shadow",
])
STEP = vocabulary("ability step", [
    "damage", "move_self", "move_enemy", "heal", "extra_riftforce", "repeat",
])
TRIGGER = vocabulary("trigger", ["activate", "play", "destroyed"])
TARGET = vocabulary("target", [
    "first_enemy", "last_enemy", "any_enemy", "every_enemy", "that_enemy",
    "ally_behind", "this_elemental", "this_or_any_ally", "scorer",
])
PLACE = vocabulary("place", ["here", "adjacent", "each_adjacent", "any_other", "anywhere"])
CONDITION = vocabulary("condition", ["target_damaged", "target_undamaged", "destroyed"])
MOVE = vocabulary("move", ["none", "adjacent", "any"])
PLACEMENT = vocabulary("placement", ["end", "inner", "middle"])
SOURCE = vocabulary("source", ["seed", "reference"])

STEP_STRUCT = pl.Struct({
    "name": STEP, "trigger": TRIGGER, "amount": pl.Int8, "target": TARGET,
    "place": PLACE, "condition": CONDITION,
})

_ENEMY_TARGETS = {"first_enemy", "last_enemy", "any_enemy", "every_enemy", "that_enemy"}
_MOVE_OF_PLACE = {"adjacent": "adjacent", "any_other": "any"}


def activation_damage(steps: list[dict[str, Any]]) -> int:
    """The most damage to enemies one activation of these steps can deal.

    Unconditional damage adds up (``each_adjacent`` counts the two neighbours of a middle
    location); of the steps conditioned on the target's damage only one can happen, so the
    larger counts; a ``repeat`` step runs the whole ability again (ruling rf-8).
    """
    plain = alternative = repeats = 0
    for step in steps:
        if step["trigger"] != "activate":
            continue
        if step["name"] == "repeat":
            repeats += step["amount"]
        if step["name"] != "damage" or step["target"] not in _ENEMY_TARGETS:
            continue
        amount = step["amount"] * (2 if step["place"] == "each_adjacent" else 1)
        if step["condition"] in {"target_damaged", "target_undamaged"}:
            alternative = max(alternative, amount)
        else:
            plain += amount
    return (plain + alternative) * (1 + repeats)


def _summary(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The summary columns of a guild as its steps imply them."""
    moves = [s["place"] for s in steps if s["name"] == "move_self"]
    return {
        "move": _MOVE_OF_PLACE[moves[0]] if moves else "none",
        "max_damage": activation_damage(steps),
        "self_damage": sum(s["amount"] for s in steps
                           if s["name"] == "damage" and s["target"] == "ally_behind"),
        "heal": sum(s["amount"] for s in steps if s["name"] == "heal"),
        "extra_riftforce": sum(s["amount"] for s in steps if s["name"] == "extra_riftforce"),
        "repeats": sum(s["amount"] for s in steps if s["name"] == "repeat"),
    }


def _check_guilds(frame: pl.DataFrame) -> None:
    """Guild names are the guild vocabulary; summary columns agree with the steps."""
    known = GUILD.categories.to_list()
    for index, row in enumerate(frame.iter_rows(named=True)):
        if row["name"] not in known:
            raise CardDataError(f"must be a guild ({', '.join(known)})", row=index,
                                name=row["name"], column="name", value=row["name"])
        for column, implied in _summary(row["ability"]).items():
            if row[column] != implied:
                raise CardDataError(f"must be {implied!r}, as the ability steps say",
                                    row=index, name=row["name"], column=column,
                                    value=row[column])
        if row["move_mandatory"] and row["move"] == "none":
            raise CardDataError("cannot be true for a guild that does not move", row=index,
                                name=row["name"], column="move_mandatory", value=True)


def _check_elementals(frame: pl.DataFrame) -> None:
    """An elemental's name is its guild and value, e.g. "Fire 5" (ruling rf-4)."""
    for index, row in enumerate(frame.iter_rows(named=True)):
        expected = f"{row['guild']} {row['value']}"
        if row["name"] != expected:
            raise CardDataError(f"must be {expected!r} (guild and value)", row=index,
                                name=row["name"], column="name", value=row["name"])


def _check_locations(frame: pl.DataFrame) -> None:
    """Locations lie in a row 1..n: neighbours are the positions either side (no wrap-around)."""
    count = frame.height
    middle = (count + 1) // 2
    for index, row in enumerate(frame.iter_rows(named=True)):
        position = row["position"]
        if position != index + 1:
            raise CardDataError(f"must be {index + 1} (locations are listed in order)",
                                row=index, name=row["name"], column="position", value=position)
        expected = [p for p in (position - 1, position + 1) if 1 <= p <= count]
        if row["adjacent"] != expected:
            raise CardDataError(f"must be {expected}", row=index, name=row["name"],
                                column="adjacent", value=row["adjacent"])
        placement = ("middle" if position == middle and count % 2 else
                     "end" if position in (1, count) else "inner")
        if row["placement"] != placement:
            raise CardDataError(f"must be {placement!r}", row=index, name=row["name"],
                                column="placement", value=row["placement"])


GUILDS = Table(
    "guilds",
    "The 10 summoner cards: each guild's ability, as steps the rules engine dispatches",
    (
        Column("name", pl.String, "guild name (ruling rf-3); also names the ability"),
        Column("text", pl.String, "the ability in our own words (reference/riftforce.md)"),
        Column("ability", pl.List(STEP_STRUCT),
               "ordered steps: name, trigger, amount (damage/heal/Riftforce/repeats), target, "
               "place (relative to this elemental when the step runs), condition (ruling rf-8)",
               nullable_fields=frozenset({"amount", "target", "place", "condition"}),
               minimum=1),
        Column("move", MOVE, "where activation moves this elemental: none, adjacent or any other"),
        Column("move_mandatory", pl.Boolean, "the move must be made (never true without a move)"),
        Column("max_damage", pl.Int8, "most damage to enemies one activation deals", minimum=0),
        Column("self_damage", pl.Int8, "damage to your own elemental behind it (Fire)",
               minimum=0),
        Column("heal", pl.Int8, "damage removed from an ally (Light; ruling rf-9)", minimum=0),
        Column("extra_riftforce", pl.Int8,
               "Riftforce gained beyond the usual 1 per destroyed enemy (ruling rf-10)",
               minimum=0),
        Column("repeats", pl.Int8, "times the ability may repeat (Thunderbolt)", minimum=0),
    ),
    type_column="move",
    ability_column="ability",
    stats=("max_damage", "self_damage", "heal", "extra_riftforce", "repeats"),
    checks=(_check_guilds,),
)

ELEMENTALS = Table(
    "elementals",
    "The 90 elementals: 9 per guild (four 5s, three 6s, two 7s), one row per guild and value",
    (
        Column("name", pl.String, "guild and value, e.g. 'Fire 5' (ruling rf-4)"),
        Column("guild", GUILD, "the guild symbol on the card"),
        Column("value", pl.Int8, "the printed number, which is also its life (ruling rf-4)",
               minimum=5),
        Column("copies", pl.Int8, "cards of this guild and value in the guild", minimum=1),
    ),
    type_column="guild",
    stats=("value", "copies"),
    checks=(_check_elementals,),
)

LOCATIONS = Table(
    "locations",
    "The 5 location cards of the Rift, in a row (ruling rf-1)",
    (
        Column("name", pl.String, "our name for the unnamed card: 'Location <position>'"),
        Column("position", pl.Int8, "place in the row, 1 (one end) to 5 (the other)",
               minimum=1),
        Column("placement", PLACEMENT,
               "end (one neighbour), inner, or middle (the start card's location; rf-2)"),
        Column("adjacent", pl.List(pl.Int8), "positions of the adjacent locations (no wrap)",
               minimum=1),
    ),
    type_column="placement",
    stats=("position",),
    checks=(_check_locations,),
)

ABILITY_STEPS = Table(
    "ability_steps",
    "What each ability step does: one small engine function per step name",
    (
        Column("name", STEP, "the step name used in guilds.ability"),
        Column("text", pl.String, "what the step does, and which fields it reads"),
    ),
    kind="reference",
)

ROLLS = rolls_table(
    "Every random draw the rules make with dice or a toss (shuffles are not listed)",
    Column("target", pl.Int8, "total needed to succeed; null: no success target",
           nullable=True),
    note="the source's words (ruling rf-11)",
)

CONSTANTS = constants_table(
    "Every rule number of Riftforce (setup, guild selection, actions, scoring, end)",
    Column("source", SOURCE, "seed (003) or reference/riftforce.md"),
    minimum=0, note="the source's words (the seed's verbatim, in Ukrainian)",
)

TABLES: tuple[Table, ...] = (GUILDS, ELEMENTALS, LOCATIONS, ABILITY_STEPS, ROLLS, CONSTANTS)


def check_set(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    """Cross-table checks that hold for any set, the shipped one or a user's own.

    Every guild has elementals; every ability step used has a definition row; the constants
    the abilities restate (Crystal's bonus) agree with them; the start-marker toss is a roll.
    """
    guilds, elementals = frames["guilds"], frames["elementals"]
    with_elementals = set(elementals["guild"].cast(pl.String).to_list())
    for index, name in enumerate(guilds["name"].to_list()):
        if name not in with_elementals:
            raise CardDataError("has no elementals in elementals.parquet",
                                file=folder / "guilds.parquet", row=index, name=name,
                                column="name", value=name)
    defined = set(frames["ability_steps"]["name"].cast(pl.String).to_list())
    for index, row in enumerate(guilds.iter_rows(named=True)):
        for step in row["ability"]:
            if step["name"] not in defined:
                raise CardDataError("uses a step with no row in ability_steps.parquet",
                                    file=folder / "guilds.parquet", row=index,
                                    name=row["name"], column="ability", value=step["name"])
    constants = dict(frames["constants"].select("name", "value").iter_rows())
    crystal = guilds.filter(pl.col("name") == "Crystal")
    if crystal.height and "crystal_bonus" in constants:
        bonus = crystal["extra_riftforce"][0]
        if constants["crystal_bonus"] != bonus:  # ruling rf-10
            raise CardDataError(f"must equal Crystal's extra_riftforce ({bonus})",
                                file=folder / "constants.parquet", name="crystal_bonus",
                                column="value", value=constants["crystal_bonus"])
    if "start_marker_toss" not in frames["rolls"]["name"].to_list():  # ruling rf-11
        raise CardDataError("must have a row 'start_marker_toss'",
                            file=folder / "rolls.parquet", column="name")
