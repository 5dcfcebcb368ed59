"""Rifts Adventures's card faces, one builder per card table, registered with
:func:`~explorer.ui.faces.base.face_of`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.ui.faces.base import (
    Context,
    Face,
    Stat,
    a_or_an,
    dice_text,
    face_of,
    joined,
    n_cards,
    number,
    sentence,
    signed,
)


def _rifts_ability(ability: Mapping[str, Any], ctx: Context) -> tuple[str, str]:
    """"Heal +2", "Stealth (in Urban Locations only)", "Draw 2" and what the ability does."""
    name = str(ability["name"])
    lead = name
    if ability.get("cards"):
        lead += f" {ability['cards']}"
    if ability.get("bonus"):
        lead += f" {signed(ability['bonus'])}"
    definitions = ctx.lookup("abilities", "name")
    text = str(definitions.get(name, {}).get("definition") or "").strip()
    if ability.get("where"):
        text = f"Only in {ability['where']} Locations. {text}"
    if ability.get("bonus"):
        text += f" This card adds a further {signed(ability['bonus'])} to the bonus it gives."
    return lead, sentence(text) if text else ""


def ability_name(ability: Mapping[str, Any]) -> str:
    """An ability as a card's list names it: "Heal +2", "Draw 2", "Stealth (in Urban
    Locations)"."""
    name = str(ability["name"])
    if ability.get("cards"):
        name += f" {ability['cards']}"
    if ability.get("bonus"):
        name += f" {signed(ability['bonus'])}"
    if ability.get("where"):
        name += f" (in {ability['where']} Locations)"
    return name


def _rifts_abilities(row: Mapping[str, Any], ctx: Context, face: Face) -> None:
    abilities = row.get("abilities") or []
    if row.get("ability_choice") and len(abilities) > 1:
        names = [_rifts_ability(a, ctx)[0] for a in abilities]
        face.rule("", f"Gives one of these each time it is used: {joined(names, 'or')}.")
    for ability in abilities:
        face.rule(*_rifts_ability(ability, ctx))


def _rifts_usage_rule(face: Face) -> None:
    # seed 000, USAGE RULE (lines 385-388)
    face.rule("Use Roll", "Each time its Force or an ability is used, roll 1D6: on 5+ it gives "
              "this last benefit and is discarded.")


@face_of("rifts", "characters")
def _rifts_character(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = f"Character · {row['class']}"
    face.corner = Stat("Base Force", str(row["base_force"]))
    _rifts_abilities(row, ctx, face)
    if not row.get("abilities"):
        face.rule("", "No abilities: this Character fights with its Force alone.")


@face_of("rifts", "equipment")
def _rifts_equipment(row: dict[str, Any], ctx: Context, face: Face) -> None:
    kind = str(row["type"])
    face.type_line = f"Equipment · {kind}"
    face.corner = Stat("Force", str(row["force"]))
    _rifts_abilities(row, ctx, face)
    uses = row.get("uses")
    if uses == 1:
        face.rule("Single use", "It is discarded after one use.")
    elif uses:
        face.rule(f"{uses} uses", f"It is discarded when its {number(uses)} uses are spent.")
    if row.get("every_other_round"):
        face.rule("Use every other Round", "It works only in every other combat round.")
    limits = ctx.lookup("equipment_types", "type").get(kind)
    if limits:
        group = str(limits["limit_group"])
        most = limits["max_per_character"]
        counted = group if group == kind else f"{group} (it counts as one)"
        face.rule("", f"A Character carries at most {number(most)} {counted}"
                  f"{'s' if most > 1 and group == kind else ''}.")
        if limits.get("requires_ability"):
            face.rule("", f"Only a Character with {limits['requires_ability']} may use it.")
        face.stats.append(Stat("Max per Character", str(most)))
    if uses:
        face.stats.append(Stat("Uses", str(uses)))


@face_of("rifts", "psionic")
def _rifts_psionic(row: dict[str, Any], ctx: Context, face: Face) -> None:
    major = row["category"] == "Major"
    face.type_line = f"Psionic · {row['category']}" + (" Psychic Power" if major else "")
    rolled = dice_text(row.get("force_dice_count"), row.get("force_dice_sides"))
    face.corner = Stat("Force", str(row["force"]) if row.get("force") is not None else rolled)
    if row.get("force") is None and rolled:
        face.rule("Force", f"Roll {rolled} each time its Force is used.")
    _rifts_abilities(row, ctx, face)
    if major:
        face.rule("", "A Major Psychic Power card: Minor Psychics may not use it.")
    _rifts_usage_rule(face)


@face_of("rifts", "magic")
def _rifts_magic(row: dict[str, Any], ctx: Context, face: Face) -> None:
    face.type_line = "Magic · Spell"
    face.corner = Stat("Force", str(row["force"]))
    _rifts_abilities(row, ctx, face)
    _rifts_usage_rule(face)


@face_of("rifts", "locations")
def _rifts_location(row: dict[str, Any], ctx: Context, face: Face) -> None:
    kind = str(row["type"])
    face.type_line = f"Location · {kind}"
    supply = ctx.lookup("supply_types", "supply").get(str(row["supply"]), {})
    decks = [str(d) for d in supply.get("decks") or []]
    count = row["supply_cards"]
    if not decks or not count:
        face.rule("Resupply", "A party cannot resupply here.")
    else:
        text = f"Draw {n_cards(count)}, each from the {joined(decks, 'or')} deck"
        text += "" if len(decks) == 1 else "s"
        if supply.get("required_class"):
            text += (f"; a Character card that is not {a_or_an(str(supply['required_class']))} is "
                     f"discarded and redrawn from the {supply['redraw_deck']} deck")
        if supply.get("forbidden_class"):
            text += (f"; {a_or_an(str(supply['forbidden_class']))} drawn is discarded and redrawn "
                     f"from the {supply['redraw_deck']} deck")
        face.rule("Resupply", sentence(text))
    groups = [str(g) for g in row.get("foe_bonus_groups") or []]
    if groups and row["foe_bonus"]:
        face.rule("Foe bonus", f"Each Token of {joined(groups, 'or')} Foes fought here gets "
                  f"{signed(row['foe_bonus'])} Force.")
    face.rule(kind, f"Characters with the {kind} ability get +2 Force here and bonuses to "
              "their Track, Travel and Escape rolls.")
    face.stats += [Stat("Supply cards", str(count)), Stat("Foe bonus", signed(row["foe_bonus"]))]


@face_of("rifts", "foes")
def _rifts_foe(row: dict[str, Any], ctx: Context, face: Face) -> None:
    types = [str(t) for t in row.get("types") or []]
    face.type_line = f"Foe · {' / '.join(types)}"
    tokens, force = row["tokens"], row["force_per_token"]
    face.corner = Stat("Tokens", str(tokens))
    for ability in row.get("abilities") or []:
        lead, text = _rifts_ability(ability, ctx)
        face.rule(lead, f"Every Token has it. {text}".strip())
    draws = [(row.get("magic_cards"), "Magic"), (row.get("psionic_cards"), "Psionic"),
             (row.get("tech_cards"), "Equipment")]
    drawn = [n_cards(n, f"{deck} card") for n, deck in draws if n]
    if drawn:
        face.rule("Aid cards", f"At the start of combat it draws {joined(drawn)}, each given "
                  "to one Token.")
    if row.get("only"):
        face.rule(f"{row['only']} only", f"Met only in {row['only']} Locations.")
    groups = [str(g) for g in row.get("groups") or []]
    if groups:
        face.rule("Location bonus", f"Counts as {joined(groups, 'and')} for the Foe bonus of a "
                  "Location.")
    for modifier in ctx.rows("roll_modifiers"):
        if modifier["roll"] == "Morale" and modifier.get("foe_type") in types:
            face.rule("Morale", f"{signed(modifier['modifier'])} to the Morale Check (a "
                      f"{modifier['foe_type']} Foe).")
    face.stats += [Stat("Tokens", str(tokens)), Stat("Force per Token", str(force)),
                   Stat("Total Force", str(tokens * force))]
