"""The tables of Gamma World (seed 004): one shared deck in nine card lists, and the rule numbers.

- Card tables, one per card list of the seed, in seed order: ``weapons``, ``armor``,
  ``vehicles``, ``steeds``, ``equipment``, ``events``, ``mutations``, ``foes``, ``locations``.
  Every one has a ``type`` column (the same on all its rows) and ``copies``, so the shared deck
  is their concatenation; and a ``note`` (``description`` for foes) keeping the seed's text.
- Reference tables: ``actions`` (what an Action Point buys), ``phases`` (the turn sequence),
  ``rolls`` (every roll: battle, threat, hit allocation, Breakdown, heal, ...) and
  ``constants`` (every rule number).

Effect and power names are ``snake_case`` because each names one small function of the future
rules engine; the seed's own words (card types, actions) keep their case.
Rulings ``gw-N`` are in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import polars as pl

from explorer.errors import CardDataError
from explorer.schema import Column, Table, TableCheck, constants_table, rolls_table, vocabulary

# ---- vocabularies ----------------------------------------------------------------------------

CARD_TYPE = vocabulary("card type", [
    "Weapon", "Armor", "Vehicle", "Steed", "Equipment", "Event", "Mutation", "Foe", "Location",
])
ITEM_TYPES = ("Weapon", "Armor", "Vehicle", "Steed", "Equipment")  # seed line 38, ruling gw-9
EQUIPMENT_EFFECT = vocabulary("equipment effect", [
    "heal", "extra_ap", "stat_bonus", "negate_breakdown",
])
MUTATION_EFFECT = vocabulary("mutation effect", ["heal", "extra_ap", "defect"])
EVENT_EFFECT = vocabulary("event effect", [
    "heal", "retrieve", "destroy", "discard_follower", "look_next", "look_hand",
    "attach_mutation", "attack_location", "opponent_discards",
])
TARGET = vocabulary("event target", [
    "Follower", "Card in play", "Discard pile", "Deck", "Hand", "Location",
])
OWNER = vocabulary("owner", ["Own", "Opponent", "Any"])
POWER = vocabulary("location power", [
    "extra_ap", "hand_size", "follower_limit", "search_deck", "heal", "neutron_missile",
])
ACTION = vocabulary("action", ["Recruit", "Draw", "Play Item", "Attack"])
PHASE = vocabulary("phase", ["Action", "Healing"])
DICE_PER = vocabulary("dice per", ["Force point", "Threat point", "Hit", "Use"])

# ---- whole-table checks ----------------------------------------------------------------------


def _given(value: object) -> bool:
    return value is not None and value != [] and value is not False and value != 0


def _exactly_when(column: str, when: Callable[[dict], bool], what: str) -> TableCheck:
    """A check that ``column`` is given (not null, empty, false or 0) exactly where ``when``."""

    def check(frame: pl.DataFrame) -> None:
        for index, row in enumerate(frame.to_dicts()):
            wanted = when(row)
            if _given(row[column]) != wanted:
                problem = f"must be given for {what}" if wanted else f"is only for {what}"
                raise CardDataError(problem, row=index, name=row.get("name"), column=column,
                                    value=row[column])

    check.__doc__ = f"{column} is given exactly for {what}"
    return check


def _all_of_type(card_type: str) -> TableCheck:
    """A check that every row's ``type`` is ``card_type`` (one table per card list)."""

    def check(frame: pl.DataFrame) -> None:
        for index, (name, value) in enumerate(frame.select("name", "type").rows()):
            if value != card_type:
                raise CardDataError(f"must be {card_type!r} in this table", row=index, name=name,
                                    column="type", value=value)

    check.__doc__ = f"every card is a {card_type}"
    return check


def _is(column: str, *values: str) -> Callable[[dict], bool]:
    return lambda row: row[column] in values


# ---- card tables -----------------------------------------------------------------------------

_NAME = Column("name", pl.String, "Card name, as the seed spells it (without '*', ruling gw-2)")
_COPIES = Column("copies", pl.Int8, "Copies in the deck (the seed lists each card once)",
                 minimum=1)
_NOTE = Column("note", pl.String, "The seed's text after the card name, verbatim (ruling gw-1)")


def _type(card_type: str) -> Column:
    return Column("type", CARD_TYPE, f"Card type: {card_type} on every row (the shared deck "
                  "is the concatenation of the card tables)")


WEAPONS = Table(
    name="weapons",
    doc="Weapon cards: 23 (seed lines 67-91)",
    columns=(
        _NAME, _COPIES, _type("Weapon"),
        Column("force", pl.Int8, "Force the weapon adds to its follower", minimum=1),
        Column("no_effect_vs_robots", pl.Boolean, "'No effect on Robots/Androids': adds no "
               "Force against a robot Foe (ruling gw-8)"),
        Column("uses", pl.Int8, "Uses before it is discarded ('One Use Only' -> 1); null: no "
               "limit but Breakdown (ruling gw-6)", nullable=True, minimum=1),
        Column("grenade", pl.Boolean, "A grenade: +1 to its Breakdown roll (ruling gw-5)"),
        _NOTE,
    ),
    stats=("force",),
    checks=(_all_of_type("Weapon"),),
)

ARMOR = Table(
    name="armor",
    doc="Armor cards: 9 (seed lines 92-102)",
    columns=(
        _NAME, _COPIES, _type("Armor"),
        Column("hits", pl.Int8, "Hits the armor takes before its follower (line 58)", minimum=1),
        Column("force", pl.Int8, "Force the armor adds; '-' is 0 (ruling gw-3)", minimum=0),
        _NOTE,
    ),
    stats=("hits", "force"),
    checks=(_all_of_type("Armor"),),
)

VEHICLES = Table(
    name="vehicles",
    doc="Vehicle cards: 6 (seed lines 103-111)",
    columns=(
        _NAME, _COPIES, _type("Vehicle"),
        Column("ap", pl.Int8, "Extra Action Points every turn (line 111)", minimum=1),
        _NOTE,
    ),
    stats=("ap",),
    checks=(_all_of_type("Vehicle"),),
)

STEEDS = Table(
    name="steeds",
    doc="Steed cards: 4 (seed lines 112-117)",
    columns=(
        _NAME, _COPIES, _type("Steed"),
        Column("hits", pl.Int8, "Hits of the steed, which takes damage first (line 50)",
               minimum=1),
        Column("force", pl.Int8, "Force the steed adds; '-' is 0 (ruling gw-3)", minimum=0),
        Column("ap", pl.Int8, "Extra Action Points every turn (ruling gw-12)", minimum=1),
        _NOTE,
    ),
    stats=("hits", "force", "ap"),
    checks=(_all_of_type("Steed"),),
)

EQUIPMENT = Table(
    name="equipment",
    doc="Equipment cards: 7 (seed lines 118-126)",
    columns=(
        _NAME, _COPIES, _type("Equipment"),
        Column("effect", EQUIPMENT_EFFECT, "What the equipment does (the engine function)"),
        Column("ap", pl.Int8, "extra_ap: Action Points added once per turn (ruling gw-12); 0 "
               "otherwise", minimum=0),
        Column("force", pl.Int8, "stat_bonus: Force added to its follower; 0 otherwise",
               minimum=0),
        Column("hits", pl.Int8, "stat_bonus: Hits added to its follower; 0 otherwise",
               minimum=0),
        Column("discard_to_use", pl.Boolean, "Discarded to take effect ('Discard to negate a "
               "Breakdown result')"),
        _NOTE,
    ),
    type_column="effect",
    stats=("force", "hits", "ap"),
    checks=(
        _all_of_type("Equipment"),
        _exactly_when("ap", _is("effect", "extra_ap"), "extra_ap equipment"),
        _exactly_when("force", _is("effect", "stat_bonus"), "stat_bonus equipment"),
        _exactly_when("discard_to_use", _is("effect", "negate_breakdown"),
                      "negate_breakdown equipment"),
    ),
)

EVENTS = Table(
    name="events",
    doc="Event cards: 14, each used once (seed lines 127-144)",
    columns=(
        _NAME, _COPIES, _type("Event"),
        Column("cryptic_alliance", pl.Boolean, "Marked '*' in the seed: a Cryptic Alliance "
               "(line 144, ruling gw-2)"),
        Column("effect", EVENT_EFFECT, "What the event does (the engine function)"),
        Column("target", TARGET, "What it acts on; null: nothing chosen (ruling gw-14)",
               nullable=True),
        Column("target_owner", OWNER, "Whose target it may be; null: shared (deck, discard "
               "pile) or none", nullable=True),
        Column("card_types", pl.List(CARD_TYPE), "The card types it may take, destroy or "
               "attach ('item card' is the five item types, ruling gw-9); null: any or none",
               nullable=True),
        Column("dice_count", pl.Int8, "Dice that give its number of cards (Precognition 2D6, "
               "Wasteland 1D6); null: none", nullable=True, minimum=1),
        Column("dice_sides", pl.Int8, "Sides of those dice; null: none", nullable=True,
               minimum=2),
        Column("keep_items", pl.Boolean, "The target follower's controller may keep its items "
               "(Brotherhood of Thought, ruling gw-13)"),
        _NOTE,
    ),
    type_column="effect",
    stats=("dice_count",),
    checks=(
        _all_of_type("Event"),
        _exactly_when("dice_sides", lambda row: row["dice_count"] is not None, "dice events"),
        _exactly_when("keep_items", _is("effect", "discard_follower"), "discard_follower"),
    ),
)

MUTATIONS = Table(
    name="mutations",
    doc="Mutation cards: 35 (seed lines 145-181)",
    columns=(
        _NAME, _COPIES, _type("Mutation"),
        Column("force", pl.Int8, "Force added to the follower; '-' is 0 (ruling gw-3), Defect's "
               "'–2' is -2 (ruling gw-4)"),
        Column("hits", pl.Int8, "Hits added to the follower ('Hits +2'); 0 if none",
               minimum=0),
        Column("force_vs_robots", pl.Int8, "Force against a robot Foe instead of `force` "
               "('+4 vs Robots & Androids', ruling gw-8); null: the same as `force`",
               nullable=True, minimum=0),
        Column("effect", MUTATION_EFFECT, "A power beyond Force and Hits; null: none",
               nullable=True),
        Column("ap", pl.Int8, "extra_ap: Action Points added once per turn; 0 otherwise",
               minimum=0),
        Column("attach_to", OWNER, "Whose follower it is attached to when recruited (Defect: "
               "an opponent's, ruling gw-15)"),
        _NOTE,
    ),
    type_column="effect",
    stats=("force", "hits"),
    checks=(
        _all_of_type("Mutation"),
        _exactly_when("ap", _is("effect", "extra_ap"), "extra_ap mutations"),
    ),
)

FOES = Table(
    name="foes",
    doc="Foe cards: 26 (seed lines 182-210)",
    columns=(
        _NAME, _COPIES, _type("Foe"),
        Column("threat_dice_count", pl.Int8, "Dice rolled for the Foe's Starting Threat ('3D6' "
               "-> 3)", minimum=1),
        Column("threat_dice_sides", pl.Int8, "Sides of those dice ('3D6' -> 6)", minimum=2),
        Column("robot", pl.Boolean, "A robot or android, for 'No effect on Robots/Androids' and "
               "'vs Robots & Androids' (ruling gw-7)"),
        Column("cryptic_alliance", pl.Boolean, "Marked '*' in the seed: a Cryptic Alliance "
               "(line 210, ruling gw-2)"),
        Column("description", pl.String, "The seed's Notes text, verbatim"),
    ),
    stats=("threat_dice_count",),
    checks=(_all_of_type("Foe"),),
)

LOCATIONS = Table(
    name="locations",
    doc="Location cards: 21, the ruins to capture (seed lines 211-236)",
    columns=(
        _NAME, _COPIES, _type("Location"),
        Column("power", POWER, "What controlling it gives (the engine function)"),
        Column("amount", pl.Int8, "extra_ap: AP; hand_size: cards; follower_limit: followers; "
               "search_deck: cards searched for; null: none", nullable=True, minimum=1),
        Column("action", ACTION, "extra_ap: the only action the extra AP may pay for (ruling "
               "gw-11); null: none", nullable=True),
        Column("card_type", CARD_TYPE, "search_deck: the type searched for; extra_ap with Play "
               "Item: the only item type it may play; null: none", nullable=True),
        Column("one_time", pl.Boolean, "Used once, not every turn (lines 234-235, ruling "
               "gw-10)"),
        _NOTE,
    ),
    type_column="power",
    stats=("amount",),
    checks=(
        _all_of_type("Location"),
        _exactly_when("amount", _is("power", "extra_ap", "hand_size", "follower_limit",
                                    "search_deck"), "counted powers"),
        _exactly_when("action", _is("power", "extra_ap"), "extra_ap"),
        _exactly_when("card_type", lambda r: r["power"] == "search_deck"
                      or r["action"] == "Play Item", "search_deck and Play Item"),
        _exactly_when("one_time", _is("power", "search_deck", "neutron_missile"),
                      "search_deck and neutron_missile"),
    ),
)

# ---- reference tables ------------------------------------------------------------------------

ACTIONS = Table(
    name="actions",
    doc="What an Action Point buys (seed lines 19-25)",
    kind="reference",
    key="action",
    columns=(
        Column("step", pl.Int8, "The seed's number for it", minimum=1),
        Column("action", ACTION, "The action"),
        Column("ap_cost", pl.Int8, "Action Points it costs", minimum=1),
        Column("note", pl.String, "The seed's line, verbatim"),
    ),
    type_column="action",
)

PHASES = Table(
    name="phases",
    doc="The turn sequence: 2 phases (seed lines 13-17)",
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
    "Every roll the rules make (seed lines 44-66, 134, 141)",
    Column("per", DICE_PER, "The dice are rolled once per this; null: once", nullable=True),
    Column("card_types", pl.List(CARD_TYPE), "The card types the roll is made for (Breakdown: "
           "weapon, equipment, vehicle); null: not tied to a card type", nullable=True),
    Column("at_least", pl.Int8, "A die counts if it shows this or more ('6+'); null: no "
           "such test", nullable=True),
    Column("at_most", pl.Int8, "A die counts if it shows this or less ('roll of 1'); null: "
           "no such test", nullable=True),
    count_nullable=True,
)

CONSTANTS = constants_table(
    "Every rule number of the seed", note="The seed's words, verbatim (or the ruling that sets it)")

CARD_TABLES = (WEAPONS, ARMOR, VEHICLES, STEEDS, EQUIPMENT, EVENTS, MUTATIONS, FOES, LOCATIONS)
TABLES: tuple[Table, ...] = (*CARD_TABLES, ACTIONS, PHASES, ROLLS, CONSTANTS)


def check_set(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    """Cross-table checks: the shared deck has unique names; dice events match their rolls."""
    seen: dict[str, str] = {}
    for table in CARD_TABLES:
        for index, name in enumerate(frames[table.name]["name"].to_list()):
            if name in seen:
                raise CardDataError(f"is also a card of {seen[name]!r}: names in the shared deck "
                                    "must be unique", file=folder / f"{table.name}.parquet",
                                    row=index, name=name, column="name", value=name)
            seen[name] = table.name
    rolls = {row["name"]: row for row in frames["rolls"].to_dicts()}
    events = frames["events"]
    for index, row in enumerate(events.to_dicts()):
        if row["dice_count"] is None:
            continue
        roll = rolls.get(row["name"].lower())
        dice = (row["dice_count"], row["dice_sides"])
        if roll is None or (roll["dice_count"], roll["dice_sides"]) != dice:
            raise CardDataError(f"must have a roll {row['name'].lower()!r} in rolls with the "
                                "same dice", file=folder / "events.parquet", row=index,
                                name=row["name"], column="dice_count", value=row["dice_count"])
