"""The tables of Adventurers (seed 001): the professions, the common deck and the rule numbers.

- ``professions``: the 13 adventurer types of the ADVENTURER list, each advantage typed so the
  rules engine can apply it (extra escape dice, an extra draw, a look at the deck, ...).
- ``cards``: the 114 cards of the COMMON DECK CARD LIST, one table for the whole deck. Encounter
  cards say where they may be played (``matches``), Travel cards their mode, Location cards their
  setting and tags, and every other card its ``effect`` with typed amounts and filters.
- ``places`` (reference): what each place word of the cards means, in terms of the player's top
  Travel or Location card, so "match the top card" (seed line 63) is data, not code.
- ``phases``, ``rolls`` and ``constants`` (reference): the turn sequence, every roll the rules
  make and every rule number.

Effect and advantage names are ``snake_case`` because each names one small function of the
future rules engine; the seed's own words (card types, encounter kinds, tags) keep their case.
Rulings ``adv-N`` are in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import polars as pl

from explorer.errors import CardDataError
from explorer.schema import Column, Table, TableCheck, constants_table, rolls_table, vocabulary

# ---- vocabularies ----------------------------------------------------------------------------

TYPE_CODES = {  # CARD LIST TYPE NOTATION, seed lines 76-83, plus "L" (ruling adv-2)
    "W": "Weapon", "A": "Action", "E": "Encounter", "H": "Help", "I": "Item", "T": "Travel",
    "R": "Research", "L": "Location",
}
CARD_TYPE = vocabulary("card type", TYPE_CODES.values())
TYPE_CODE = vocabulary("type code", TYPE_CODES)
ENCOUNTER_KIND = vocabulary("encounter kind", ["Enemy", "Person", "Animal", "Swarm", "Trap"])
TRAVEL_MODE = vocabulary("travel mode", ["Road", "Water", "Air", "Train", "Ground"])
SETTING = vocabulary("setting", ["Indoor", "Outside"])
LOCATION_TAG = vocabulary("location tag", ["Ancient", "Civilization", "Wild", "Water"])
PLACE = vocabulary("place", [
    "Anywhere", "Travel", "Non-sea Travel", "Road", "Ground", "Train", "Water", "Location",
    "Indoor Location", "Outside Location", "Ancient Location", "Indoor Ancient Location",
    "Civilization", "Wild",
])
ENCOUNTER_RULE = vocabulary("encounter rule", ["fisticuffs"])
EFFECT = vocabulary("card effect", [
    "force_bonus", "evade", "negate_weapon", "look_hand", "look_next", "look_keep",
    "discard_hand_draw", "opponent_discards",
])
ADVANTAGE = vocabulary("advantage", [
    "escape_dice", "enemy_as_weapon", "extra_draw_on_play", "look_next", "draw_and_discard",
    "hand_size",
])
PHASE = vocabulary("phase", ["Draw", "Research", "Travel", "Encounter"])
DICE_PER = vocabulary("dice per", ["Force point"])

# ---- whole-table checks ----------------------------------------------------------------------


def _given(value: object) -> bool:
    return value is not None and value != []


def _rows(frame: pl.DataFrame) -> list[dict]:
    return frame.to_dicts()


def _exactly_when(column: str, when: Callable[[dict], bool], what: str) -> TableCheck:
    """A check that ``column`` is given (not null, not empty) on exactly the rows ``when`` picks."""

    def check(frame: pl.DataFrame) -> None:
        for index, row in enumerate(_rows(frame)):
            wanted = when(row)
            if _given(row[column]) != wanted:
                problem = f"must be given for {what}" if wanted else f"is only for {what}"
                raise CardDataError(problem, row=index, name=row.get("name"), column=column,
                                    value=row[column])

    check.__doc__ = f"{column} is given exactly for {what}"
    return check


def _type_matches_code(frame: pl.DataFrame) -> None:
    for index, row in enumerate(_rows(frame)):
        if TYPE_CODES[row["type_code"]] != row["type"]:
            raise CardDataError(f"must be {TYPE_CODES[row['type_code']]!r} for type code "
                                f"{row['type_code']!r}", row=index, name=row["name"],
                                column="type", value=row["type"])


def _is(*types: str) -> Callable[[dict], bool]:
    return lambda row: row["type"] in types


def _effect(*effects: str) -> Callable[[dict], bool]:
    return lambda row: row["effect"] in effects


_ENCOUNTER = _is("Encounter")
_PLAYED_FOR_EFFECT = _is("Weapon", "Action", "Help", "Item", "Research")

# ---- tables ----------------------------------------------------------------------------------

PROFESSIONS = Table(
    name="professions",
    doc="The 13 adventurer types and their advantages (seed lines 21-35)",
    columns=(
        Column("name", pl.String, "Profession, as the seed spells it"),
        Column("advantage", pl.String, "The seed's advantage text, verbatim"),
        Column("kind", ADVANTAGE, "What the advantage does: the engine function it runs"),
        Column("dice_count", pl.Int8, "Extra dice added to the adventurer's roll (+1D6 -> 1); "
               "0 when the advantage adds none", minimum=0),
        Column("dice_sides", pl.Int8, "Sides of those dice (6); null when none", nullable=True,
               minimum=2),
        Column("versus_kind", ENCOUNTER_KIND, "escape_dice: only against Encounters of this "
               "kind (ruling adv-4); null: any kind", nullable=True),
        Column("versus_place", pl.List(PLACE), "escape_dice: only against Encounters of one of "
               "these places, i.e. whose card matches it (Water: Sharks, Rowdy Sailors; ruling "
               "adv-20); null: any place", nullable=True),
        Column("without_weapon", pl.Boolean, "Only if the adventurer plays no Weapon card on "
               "that roll (Actor, ruling adv-19)"),
        Column("card_kind", ENCOUNTER_KIND, "enemy_as_weapon: the kind of Encounter card that "
               "may be used as a Weapon card (ruling adv-18)", nullable=True),
        Column("trigger_type", CARD_TYPE, "extra_draw_on_play: the type of card whose play "
               "draws the extra card", nullable=True),
        Column("trigger_tag", LOCATION_TAG, "extra_draw_on_play: the tag that card must also "
               "have (Occult Expert's 'Ancient card', ruling adv-17)", nullable=True),
        Column("amount", pl.Int8, "Cards: extra cards drawn, cards looked at, or hand size "
               "added; null for dice advantages", nullable=True, minimum=1),
        Column("discard", pl.Int8, "Cards the adventurer discards: College Professor's price "
               "before looking, Private Investigator's after the extra draw", nullable=True,
               minimum=1),
    ),
    type_column="kind",
    stats=("dice_count", "amount"),
    checks=(
        _exactly_when("dice_sides", lambda r: r["dice_count"] > 0, "advantages that add dice"),
        _exactly_when("amount", lambda r: r["kind"] not in {"escape_dice", "enemy_as_weapon"},
                      "card-count advantages"),
        _exactly_when("card_kind", lambda r: r["kind"] == "enemy_as_weapon", "enemy_as_weapon"),
        _exactly_when("trigger_type", lambda r: r["kind"] == "extra_draw_on_play",
                      "extra_draw_on_play"),
    ),
)

CARDS = Table(
    name="cards",
    doc="The common deck: 114 cards (seed lines 85-200)",
    columns=(
        Column("name", pl.String, "Card name, as the seed spells it (ruling adv-1)"),
        Column("copies", pl.Int8, "Copies in the deck (the seed lists each card once)",
               minimum=1),
        Column("type_code", TYPE_CODE, "The seed's type letter, verbatim (ruling adv-2)"),
        Column("type", CARD_TYPE, "Card type, spelled out from the type letter"),
        Column("force", pl.Int8, "Encounter: its Force, the number of D6 of its Encounter roll "
               "('Force = 3' -> 3, ruling adv-15); null for other cards", nullable=True,
               minimum=1),
        Column("kind", ENCOUNTER_KIND, "Encounter: its kind, the seed's word before 'Force'; "
               "for a card printing none, what it is (people Person, Sharks Animal, traps "
               "Trap; rulings adv-3, adv-4, adv-5, adv-6); null: none", nullable=True),
        Column("matches", pl.List(PLACE), "Encounter: the places it may be played on, any one "
               "of them (see the places table; rulings adv-7 to adv-12); null for other cards",
               nullable=True),
        Column("rule", ENCOUNTER_RULE, "Encounter: a special rule of the card (Big Burly Nazi's "
               "fisticuffs, ruling adv-12); null: none", nullable=True),
        Column("travel_mode", TRAVEL_MODE, "Travel: how the adventurer travels; null for other "
               "cards", nullable=True),
        Column("setting", SETTING, "Location: Indoor or Outside (the word before ':'); null "
               "for other cards", nullable=True),
        Column("location_tags", pl.List(LOCATION_TAG), "Location: its tags (after ':', '&' "
               "joins two); null for other cards", nullable=True),
        Column("effect", EFFECT, "Weapon, Action, Help, Item, Research: what playing it does "
               "(the engine function it runs); null for Encounter, Travel, Location",
               nullable=True),
        Column("force_bonus", pl.Int8, "force_bonus: D6 added to the roll ('Force +1' -> 1, "
               "ruling adv-15)", nullable=True, minimum=1),
        Column("amount", pl.Int8, "Cards looked at, drawn, or discarded by the opponent",
               nullable=True, minimum=1),
        Column("keep", pl.Int8, "look_keep: cards kept of those looked at", nullable=True,
               minimum=1),
        Column("discard_cost", pl.Int8, "Other cards the player must discard from hand to play "
               "it ('& Discard 2 cards', ruling adv-16); null: none", nullable=True, minimum=1),
        Column("only_kind", ENCOUNTER_KIND, "evade: only Encounters of this kind; null: any",
               nullable=True),
        Column("except_kind", ENCOUNTER_KIND, "evade: not Encounters of this kind ('Non-trap'); "
               "null: none excepted", nullable=True),
        Column("faced_at", pl.List(PLACE), "evade, force_bonus: only against an Encounter faced "
               "at one of these places (ruling adv-13); null: anywhere", nullable=True),
        Column("note", pl.String, "The seed's Notes text, verbatim (ruling adv-1)"),
    ),
    type_column="type",
    stats=("force", "force_bonus", "amount"),
    checks=(
        _type_matches_code,
        _exactly_when("force", _ENCOUNTER, "Encounter cards"),
        _exactly_when("matches", _ENCOUNTER, "Encounter cards"),
        _exactly_when("travel_mode", _is("Travel"), "Travel cards"),
        _exactly_when("setting", _is("Location"), "Location cards"),
        _exactly_when("location_tags", _is("Location"), "Location cards"),
        _exactly_when("effect", _PLAYED_FOR_EFFECT, "Weapon, Action, Help, Item, Research cards"),
        _exactly_when("force_bonus", _effect("force_bonus"), "force_bonus cards"),
        _exactly_when("amount", _effect("look_next", "look_keep", "discard_hand_draw",
                                        "opponent_discards"), "cards that count cards"),
        _exactly_when("keep", _effect("look_keep"), "look_keep cards"),
    ),
)

PLACES = Table(
    name="places",
    doc="What each place an Encounter matches means (seed line 63; rulings adv-7 to adv-11)",
    kind="reference",
    key="place",
    columns=(
        Column("place", PLACE, "The place, as the cards' columns name it"),
        Column("travel_modes", pl.List(TRAVEL_MODE), "A top Travel card of one of these modes "
               "matches (empty: no Travel card does)"),
        Column("location", pl.Boolean, "A top Location card can match"),
        Column("setting", SETTING, "If so, it must have this setting; null: either",
               nullable=True),
        Column("location_tag", LOCATION_TAG, "If so, it must have this tag; null: none needed",
               nullable=True),
        Column("no_card", pl.Boolean, "Matches a player with no Travel or Location card face "
               "up (ruling adv-11)"),
        Column("seed_words", pl.String, "The seed's wordings this place stands for, verbatim, "
               "separated by ' | '"),
    ),
    type_column="place",
)

PHASES = Table(
    name="phases",
    doc="The turn sequence: 5 phases (seed lines 37-44)",
    kind="reference",
    key="step",
    columns=(
        Column("step", pl.Int8, "Position in the turn, from 1", minimum=1),
        Column("phase", PHASE, "The phase"),
        Column("note", pl.String, "The seed's line, verbatim"),
    ),
    type_column="phase",
)

ROLLS = rolls_table(
    "Every roll the rules make (seed lines 9, 19, 64-72)",
    Column("per", DICE_PER, "The dice are rolled once per this unit of the card's value; "
           "null: once", nullable=True),
    Column("adds_to", pl.String, "These dice join that roll's total (a roll name); null: a "
           "roll of its own", nullable=True),
    Column("beats", pl.String, "Succeeds if its total is higher than that roll's (a roll "
           "name; ties fail, seed line 71); null: no success test", nullable=True),
)

CONSTANTS = constants_table("Every rule number of the seed")

TABLES: tuple[Table, ...] = (PROFESSIONS, CARDS, PLACES, PHASES, ROLLS, CONSTANTS)


def check_set(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    """Cross-table checks: every place has a definition; roll references name rolls."""
    defined = set(frames["places"]["place"].cast(pl.String).to_list())
    missing = [p for p in PLACE.categories.to_list() if p not in defined]
    if missing:
        raise CardDataError("must define every place (see the cards' matches and faced_at)",
                            file=folder / "places.parquet", column="place", value=missing[0])
    rolls = frames["rolls"]
    names = set(rolls["name"].to_list())
    for column in ("adds_to", "beats"):
        for index, value in enumerate(rolls[column].to_list()):
            if value is not None and value not in names:
                raise CardDataError(f"must name a roll ({', '.join(sorted(names))})",
                                    file=folder / "rolls.parquet", row=index,
                                    name=rolls["name"][index], column=column, value=value)
