"""Riftforce's card faces, one builder per card table, registered with
:func:`~explorer.ui.faces.base.face_of`."""

from __future__ import annotations

from typing import Any

from explorer.ui.faces.base import (
    Context,
    Face,
    Stat,
    a_or_an,
    face_of,
    joined,
)


@face_of("riftforce", "elementals")
def _riftforce_elemental(row: dict[str, Any], ctx: Context, face: Face) -> None:
    guild = str(row["guild"])
    face.type_line = f"Elemental · {guild} guild"
    face.corner = Stat("Life", str(row["value"]))
    ability = ctx.lookup("guilds", "name").get(guild, {})
    face.rule(guild, str(ability.get("text") or "").strip())
    face.rule("Life", f"Its number is its life: it is destroyed when it has {row['value']} "
              "damage, and its owner's opponent scores 1 Riftforce.")
    face.rule("Play and activate", f"Play up to 3 cards together that share its guild or its "
              f"number ({guild} or {row['value']}); discard {a_or_an(guild)} card or a "
              f"{row['value']} to activate up to 3 of them.")


@face_of("riftforce", "guilds")
def _riftforce_guild(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = f"Summoner · {row['name']} guild"
    face.rule("Ability", str(row.get("text") or "").strip())
    face.rule("", f"Every {row['name']} elemental uses it when activated.")
    moves = {"none": "–", "adjacent": "next", "any": "any"}
    face.stats += [Stat("Most damage", str(row["max_damage"])),
                   Stat("Moves to", moves.get(str(row["move"]), "–"))]
    for column, label in (("self_damage", "Self-damage"), ("heal", "Heal"),
                          ("extra_riftforce", "Extra Riftforce"), ("repeats", "Repeats")):
        if row.get(column):
            face.stats.append(Stat(label, str(row[column])))


@face_of("riftforce", "locations")
def _riftforce_location(row: dict[str, Any], ctx: Context, face: Face) -> None:
    placement = str(row["placement"])
    face.type_line = f"Location of the Rift · {placement}"
    face.corner = Stat("Place", str(row["position"]))
    neighbours = [f"Location {p}" for p in row.get("adjacent") or []]
    face.rule("Adjacent", f"{joined(neighbours)}." if neighbours else "none.")
    if placement == "end":
        face.rule("End", "The two ends of the Rift are not adjacent to each other.")
    if placement == "middle":
        face.rule("Start", "At setup the player without the start marker places the top card "
                  "of his draw pile here.")
    face.rule("Control", "With at least one of your elementals here and no enemy, Check & "
              "Draw scores you 1 Riftforce for it.")
