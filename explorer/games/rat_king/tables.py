"""Lair of the Rat-King's tables: the 60-card set by card type (characters with the ME cards,
stuffs, encounters, adventures, events), and the reference tables: what each card effect does,
the dice the rules roll, and every rule number.

The rulebook (seed ``002_9a531d73072738f7.txt``) publishes no card list, only the counts per
type (line 6) and the cards its examples name. Those cards are ``source = "rulebook"`` with the
values the examples give; the rest are ``"reconstructed"`` to exercise every rule. All card text
is our own. Rulings ``rk-N`` are in ``docs/rulings.md``.

A card's effects are typed: ``{name, amount, count, target, when, gender, classification,
stuff_range}``, where ``name`` is the engine function (see the ``effects`` table). On Ratling
cards an adventure's ``ratling_multiplier`` multiplies ``amount``, ``count`` and ``cp``
(ruling rk-18).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polars as pl

from explorer.errors import CardDataError
from explorer.schema import Column, Table, constants_table, rolls_table, vocabulary

SOURCE = vocabulary("source", ["rulebook", "reconstructed"])
KIND = vocabulary("character kind", ["ME", "Character"])
COLOR = vocabulary("color", ["Red", "Green", "Tan", "Blue", "White", "Gray"])
GENDER = vocabulary("gender", ["M", "F", "*"])
CLASSIFICATION = vocabulary("classification", [
    "Human", "Dwarph", "Urk", "Elf", "Gnome", "Beast", "Ratling",
    "Mage", "Priest", "Rogue", "Warrior", "Squire", "Mercenary", "Miner", "Ranger", "Noble",
    "Ratcatcher", "Room 113", "Reputation",
])
STUFF_TYPE = vocabulary("stuff type", ["Weapon", "Spell", "Whim", "Magic", "Potion", "Armor"])
STUFF_RANGE = vocabulary("stuff range", ["Melee", "Ranged", "Any"])
ON_USE = vocabulary("on use", ["keep", "flip", "discard"])
ENCOUNTER_KIND = vocabulary("encounter kind", ["Instant", "Effect"])
PLAYED_ON = vocabulary("played on", ["character", "group"])
EFFECT = vocabulary("effect", [
    "cp", "negate_cp", "flip", "unflip", "discard", "not_participating", "no_stuff",
    "no_reinforcements", "draw", "discard_from_hand", "steal_stuff", "salvage_stuff", "immune",
    "reshuffle_discard", "nothing",
])
TARGET = vocabulary("target", [
    "this_character", "own_character", "opponent_character", "any_character",
    "every_character", "own_card", "any_stuff", "opponent_stuff", "own_group", "any_group",
    "every_group", "player", "winner", "discard_pile",
])
WHEN = vocabulary("timing", ["turn_option", "in_play", "on_play", "adventure", "win"])

EFFECT_STRUCT = pl.Struct({
    "name": EFFECT, "amount": pl.Int8, "count": pl.Int8, "target": TARGET, "when": WHEN,
    "gender": GENDER, "classification": CLASSIFICATION, "stuff_range": STUFF_RANGE,
})
DIE_STRUCT = pl.Struct({
    "low": pl.Int8, "high": pl.Int8, "name": EFFECT, "amount": pl.Int8, "count": pl.Int8,
    "target": TARGET,
})
_OPTIONAL_EFFECT_FIELDS = frozenset({"amount", "count", "gender", "classification",
                                     "stuff_range"})
STUFF_DIE_SIDES = 6


def _effects(doc: str) -> Column:
    return Column("effects", pl.List(EFFECT_STRUCT), doc,
                  nullable_fields=_OPTIONAL_EFFECT_FIELDS)


def _common_head() -> tuple[Column, ...]:
    return (
        Column("name", pl.String, "the card's name (rulebook cards as the rulebook spells them)"),
        Column("source", SOURCE, "rulebook: named in the rulebook; reconstructed (ruling rk-1)"),
        Column("copies", pl.Int8, "identical copies in the 60-card set (ruling rk-20)",
               minimum=1),
    )


def _common_tail() -> tuple[Column, ...]:
    return (
        Column("trigger", pl.Boolean, "a TRIGGER card: asterisk * in the lower left corner"),
        Column("text", pl.String, "the card's text in our own words"),
        Column("note", pl.String, "the rulebook's words about this card (for a reconstructed "
               "card: the rule it carries), verbatim, excerpts joined by ' … '; null: none",
               nullable=True),
    )


def _cp_columns(what: str) -> tuple[Column, ...]:
    return (
        Column("cp", pl.Int8, f"CHARACTER POINTS {what} while unflipped (the big circle)"),
        Column("cp_flipped", pl.Int8, f"CP {what} when flipped; null: no flipped value, so the "
               "card is discarded when flipped (ruling rk-16)", nullable=True),
    )


def _check_characters(frame: pl.DataFrame) -> None:
    """ME cards show * for gender and have character die 6; others are M or F (rk-8)."""
    for index, row in enumerate(frame.iter_rows(named=True)):
        is_me = row["kind"] == "ME"
        if (row["gender"] == "*") != is_me:
            raise CardDataError("must be '*' exactly on ME cards (rulebook line 85)",
                                row=index, name=row["name"], column="gender",
                                value=row["gender"])
        if is_me and row["character_die"] != 6:
            raise CardDataError("must be 6 on a ME card (ruling rk-8)", row=index,
                                name=row["name"], column="character_die",
                                value=row["character_die"])
        if is_me and row["cp_flipped"] is None:
            raise CardDataError("must be given on a ME card: ME cards flip instead of being "
                                "discarded (rulebook line 36)", row=index, name=row["name"],
                                column="cp_flipped", value=None)


def _check_stuff_dice(frame: pl.DataFrame) -> None:
    """A STUFF DIE table covers 1..6 once, in order; a card with one says what use does to it."""
    for index, row in enumerate(frame.iter_rows(named=True)):
        die = row["stuff_die"]
        if not die:
            if row["on_use"] != "keep":
                raise CardDataError("must be 'keep' for a card without a STUFF DIE", row=index,
                                    name=row["name"], column="on_use", value=row["on_use"])
            continue
        expected = 1
        for number, face in enumerate(die):
            if face["low"] != expected or face["high"] < face["low"]:
                raise CardDataError(f"must start at {expected} and not end below it",
                                    row=index, name=row["name"],
                                    column=f"stuff_die[{number}]", value=face)
            expected = face["high"] + 1
        if expected != STUFF_DIE_SIDES + 1:
            raise CardDataError(f"must cover the die to {STUFF_DIE_SIDES}", row=index,
                                name=row["name"], column="stuff_die", value=die)


CHARACTERS = Table(
    "characters",
    "The 4 ME cards and 11 CHARACTER cards",
    (
        *_common_head(),
        Column("kind", KIND, "ME (one per player, never discarded) or an ordinary CHARACTER"),
        *_cp_columns("of the character"),
        Column("character_die", pl.Int8, "the CHARACTER die (CD): an ADVENTURE DIE roll of this "
               "number by another player flips the character", minimum=1),
        Column("color", COLOR, "background color: decides which STUFF the character can use"),
        Column("gender", GENDER, "M or F; * on ME cards (the player's own gender)"),
        Column("classifications", pl.List(CLASSIFICATION), "race, profession, standing "
               "(top left of the card)"),
        Column("excludes", pl.List(CLASSIFICATION), "classifications this character can never "
               "share a group with; both are discarded (ruling rk-15)"),
        Column("extra_stuff", pl.Int8, "STUFF cards allowed beyond the usual 1", minimum=0),
        Column("ap", pl.Int8, "ADVENTURE POINTS the card is worth to its group", minimum=0),
        _effects("TURN OPTIONS (when = turn_option) and special benefits (in_play)"),
        *_common_tail(),
    ),
    type_column="kind",
    ability_column="effects",
    stats=("cp", "cp_flipped", "character_die", "extra_stuff", "ap"),
    checks=(_check_characters,),
)

STUFFS = Table(
    "stuffs",
    "The 13 STUFF cards: weapons, spells, whims, magic and other gear played on characters",
    (
        *_common_head(),
        Column("stuff_type", STUFF_TYPE, "WEAPON, SPELL, WHIM, MAGIC or another type"),
        Column("colors", pl.List(COLOR), "character colors that can use it"),
        Column("stuff_range", STUFF_RANGE, "Melee, Ranged or Any (ruling rk-17)"),
        *_cp_columns("added to the character"),
        Column("extra_stuff", pl.Int8, "more STUFF cards it lets its character hold; such a "
               "card may join a character that already has STUFF (ruling rk-10)", minimum=0),
        Column("ap", pl.Int8, "ADVENTURE POINTS the card is worth to its group", minimum=0),
        Column("stuff_die", pl.List(DIE_STRUCT), "the STUFF DIE table, faces low..high -> "
               "effect, lasting the ADVENTURE; empty: no STUFF DIE",
               nullable_fields=frozenset({"amount", "count"})),
        Column("on_use", ON_USE, "what using the STUFF DIE does to the card: keep, flip or "
               "discard it (the flip is part of the use; ruling rk-6)"),
        _effects("lasting effects while the STUFF is in play"),
        *_common_tail(),
    ),
    type_column="stuff_type",
    ability_column="effects",
    stats=("cp", "cp_flipped", "extra_stuff", "ap"),
    checks=(_check_stuff_dice,),
)

ENCOUNTERS = Table(
    "encounters",
    "The 13 ENCOUNTER cards, played only during an ADVENTURE",
    (
        *_common_head(),
        Column("encounter_kind", ENCOUNTER_KIND,
               "Instant: straight to the discard pile; Effect: lasts to the ADVENTURE's end"),
        Column("classifications", pl.List(CLASSIFICATION), "e.g. Ratling (ruling rk-18)"),
        _effects("what the ENCOUNTER does"),
        *_common_tail(),
    ),
    type_column="encounter_kind",
    ability_column="effects",
)

ADVENTURES = Table(
    "adventures",
    "The 8 ADVENTURE cards, each starting an ADVENTURE ROUND and won for its AP",
    (
        *_common_head(),
        Column("ap", pl.Int8, "ADVENTURE POINTS the winner gains", minimum=0),
        Column("sunburst", pl.Boolean, "yellow sunburst with an S: the winner takes a STUFF "
               "card from the discard pile and plays it (ruling rk-12)"),
        Column("ratling_multiplier", pl.Int8, "multiplies every number on Ratling cards during "
               "this ADVENTURE (1: no change; ruling rk-18)", minimum=1),
        _effects("rules of this ADVENTURE ROUND (when = adventure) or for its winner (win)"),
        *_common_tail(),
    ),
    ability_column="effects",
    stats=("ap", "ratling_multiplier"),
)

EVENTS = Table(
    "events",
    "The 11 EVENT cards, played on a character or a group in a regular turn",
    (
        *_common_head(),
        Column("played_on", PLAYED_ON, "a CHARACTER card or a group"),
        Column("stays", pl.Boolean, "stays in play (true) or is discarded once it takes place"),
        Column("classifications", pl.List(CLASSIFICATION), "e.g. Reputation"),
        *_cp_columns("added to the character it is on"),
        Column("ap", pl.Int8, "ADVENTURE POINTS the card is worth to its group", minimum=0),
        _effects("what the EVENT does (this_character: the character it is played on)"),
        *_common_tail(),
    ),
    type_column="played_on",
    ability_column="effects",
    stats=("cp", "cp_flipped", "ap"),
)

EFFECTS = Table(
    "effects",
    "What each card effect does: one small engine function per effect name",
    (
        Column("name", EFFECT, "the effect name used on cards"),
        Column("text", pl.String, "what the effect does, and which fields it reads"),
    ),
    kind="reference",
)

ROLLS = rolls_table(
    "Every roll the rules make",
    Column("target", pl.Int8, "total needed to succeed; null: no success target",
           nullable=True),
    note="the rulebook's words, verbatim",
)

CONSTANTS = constants_table(
    "Every rule number of the rulebook", minimum=0, note="the rulebook's words, verbatim")

TABLES: tuple[Table, ...] = (CHARACTERS, STUFFS, ENCOUNTERS, ADVENTURES, EVENTS, EFFECTS, ROLLS,
                             CONSTANTS)
CARD_TABLES = ("characters", "stuffs", "encounters", "adventures", "events")


def check_set(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    """Cross-table checks that hold for any set, the shipped one or a user's own.

    Card names are unique across the whole set; every effect used on a card has a row in
    ``effects``; the STUFF DIE and the ADVENTURE DIE are rows of ``rolls``, and the STUFF DIE
    tables fit the die that ``rolls`` gives.
    """
    seen: dict[str, str] = {}
    defined = set(frames["effects"]["name"].cast(pl.String).to_list())
    for table in CARD_TABLES:
        file = folder / f"{table}.parquet"
        for index, row in enumerate(frames[table].iter_rows(named=True)):
            name = row["name"]
            if name in seen:
                raise CardDataError(f"is also a card of {seen[name]}.parquet: card names must "
                                    "be unique across the set", file=file, row=index,
                                    name=name, column="name", value=name)
            seen[name] = table
            used = [e["name"] for e in row["effects"]]
            used += [face["name"] for face in row.get("stuff_die") or []]
            for effect in used:
                if effect not in defined:
                    raise CardDataError("uses an effect with no row in effects.parquet",
                                        file=file, row=index, name=name, column="effects",
                                        value=effect)
    dice = {row["name"]: row for row in frames["rolls"].iter_rows(named=True)}
    for roll in ("adventure_die", "stuff_die"):
        if roll not in dice:
            raise CardDataError(f"must have a row {roll!r}", file=folder / "rolls.parquet",
                                column="name")
    if dice["stuff_die"]["dice_count"] * dice["stuff_die"]["dice_sides"] != STUFF_DIE_SIDES:
        raise CardDataError(f"must be one die of {STUFF_DIE_SIDES} sides, as the STUFF DIE "
                            "tables of stuffs.parquet are", file=folder / "rolls.parquet",
                            name="stuff_die", column="dice_sides",
                            value=dice["stuff_die"]["dice_sides"])
