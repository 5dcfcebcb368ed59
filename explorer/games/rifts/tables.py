"""The tables of Rifts Adventures (seed 000), as declared schemas.

Card tables: the six decks of the seed (``characters``, ``equipment``, ``psionic``, ``magic``,
``locations``, ``foes``), one row per card, with the seed's text parsed into typed columns and
kept verbatim in ``note``. Roll tables: the seed's tables read on a die (``hazard``, ``escape``,
``bonus_supply``, ``mission``, ``loot``, ``hit_result``, ``combat_event`` and the Chaos ability's
``chaos``), one row per line, each with a ``result`` name, an ``effect`` the rules dispatch on
and typed numbers. Reference tables: ``abilities`` (every ability with its definition),
``rolls`` (dice and target of every roll), ``roll_modifiers`` (every situational modifier to a
roll), ``constants`` (every other rules number), ``equipment_types``, ``supply_types`` (what
each locale's supply kind lets a party draw) and ``notation`` (the seed's card codes).
Decisions where the seed is silent or ambiguous are the rulings ``rifts-N`` in
docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import polars as pl

from explorer.errors import CardDataError
from explorer.schema import Column, Table, constants_table, roll_ranges, rolls_table, vocabulary

# ---- closed vocabularies ---------------------------------------------------------------------

DECK = vocabulary("deck", ["Character", "Magic", "Psionic", "Equipment", "Location", "Foe"])
"""The six decks (seed 000, THE DECKS); the first four are the Aid Decks."""

CHARACTER_CLASS = vocabulary(
    "character class", ["Fighter", "Adventurer", "Mage", "Racial Class", "Psychic"])
"""FT, AV, MG, RC, PY (CHARACTER DECK NOTATION)."""

EQUIPMENT_TYPE = vocabulary("equipment type", [
    "Weapon", "Armor", "Power Armor", "Vehicle", "Item", "Robot Vehicle", "Cybernetic Implant"])
"""W, A, PA, V, I, RV, C (EQUIPMENT DECK NOTATION)."""

PSIONIC_CATEGORY = vocabulary("psionic category", ["Healing", "Sensory", "Physical", "Major"])
"""HS, SS, PS, MS (PSIONIC DECK NOTATION)."""

LOCATION_TYPE = vocabulary("location type", ["Urban", "Wilderness"])
"""U, W (LOCATION DECK NOTATION); also a Foe's UO/WO and an ability's "in Urban Location"."""

SUPPLY_KIND = vocabulary(
    "supply kind", ["Any", "Non-Tech", "Tech", "Magic", "Psionic", "Character", "None"])
"""The Supply column of the Location deck."""

FOE_TYPE = vocabulary("foe type", [
    "Monster", "Undead", "Demon", "D-Bee", "Mutant", "Magic", "Robot", "Psychic", "Human"])
"""M, U, N, D, X, Z, R, P, H (ADVENTURE FOE DECK CARD NOTATION)."""

FOE_GROUP = vocabulary("foe group", [
    "D-Bees", "Xiticix", "Magic", "CN", "Mutants", "Tech", "Monsters", "Psionic", "Demons",
    "Undead"])
"""The groups a Location's "Foe Bonuses per Token" name (membership: rulings rifts-26..28)."""

ABILITY = vocabulary("ability", [
    # defined in ABILITY DEFINITIONS, in the seed's order
    "Major Psychic", "Minor Psychic", "Hunt", "Drain", "Pyrotechnics", "Mage", "Fly", "Breath",
    "Tough", "Scrying", "Summon", "Artificer", "Ley Lines", "Wilderness", "Survival",
    "Knowledge", "Communicate", "Repair", "Heal", "Cybernetics", "Urban", "Power Armor", "Drugs",
    "Psi-Sword", "Stealth", "Crazy", "Pilot", "Cyborg", "Attack", "Protect", "Chaos", "Sensors",
    "Immobilize", "Negate Magic", "Psionic Defense",
    # used on cards but never defined (ruled), in order of first use
    "Track", "Negate Possession", "Escape", "Magic Defense", "Draw", "Control", "Supply",
])

ROLL = vocabulary("roll", [
    "Hunt", "Drain", "Pyrotechnics", "Breath", "Scrying", "Summon", "Ley Lines",
    "Ley Lines Force", "Repair", "Drugs", "Drugs Wound", "Psi-Sword", "Stealth", "Crazy",
    "Protection", "Chaos", "Immobilize", "Psionic Force", "First Player", "Heal", "Survival",
    "Hazard", "Separated", "Encounter", "Escape Table", "Supply", "Bonus Supply", "Use",
    "Bonus Supply Table", "Mission", "Loot", "Experience", "Escape", "Character Attack",
    "Attack Damage", "Foe Attack", "Hit Result", "Combat Event", "Berserk", "Panic",
    "Knocked Out", "Morale",
])
"""Every roll the seed makes, in the order of the seed's lines (see the ``rolls`` table)."""

ROLL_KIND = vocabulary("roll kind", [
    "check", "table", "force", "cards", "rounds", "turns", "highest"])

ROLL_TABLE_SIDES: Mapping[str, int] = {
    "hazard": 20, "escape": 6, "bonus_supply": 20, "mission": 20, "loot": 10,
    "hit_result": 10, "combat_event": 10, "chaos": 6,
}
"""Each roll table and the die it is read on (proved against the ``rolls`` table by check_set)."""

ROLL_TABLE = vocabulary("roll table", list(ROLL_TABLE_SIDES))

EFFECT = vocabulary("effect", [
    "nothing", "damage_card", "discard_card", "discard_and_wound", "wound", "go_to", "end_turn",
    "ambush", "separate", "roll_modifier", "search_deck", "gain_card", "supply_cards",
    "adventure_tokens", "steal_adventure_token", "no_resupply_here", "ignore_foes",
    "heal_wounds", "experience", "repair", "fight", "gain_attached_card", "roll_table",
    "force_bonus", "immobilize", "attacks_modifier", "gain_ability", "attack_own_party",
    "no_attack", "attack_for_party",
])
"""What a roll-table row does: the name of the small rules function it dispatches to."""

TARGET = vocabulary("target", [
    "Vehicle", "Non-Vehicle Equipment", "Character", "Magic Card", "Psionic Card",
    "Cybernetic Implant", "Weapon", "Hand Card", "Attached Aid Card", "Attached Equipment"])
"""What a random-loss row hits (one random card or Character of this kind)."""

TURN_STEP = vocabulary("turn step", ["Travel", "Destination"])
"""Travel Phase (from its Survival Stage) or its Destination Stage."""

MODIFIER_SCOPE = vocabulary("modifier scope", [
    "rest of this and next turn", "next roll", "further rolls"])

DURATION = vocabulary("duration", [
    "this round", "next round", "rounds", "rest of combat", "permanent"])

CONDITION = vocabulary("modifier condition", [
    "each_with_ability", "each_instance_of_ability", "all_with_ability", "all_on_vehicles",
    "supplied_here_last_turn", "target_has_ability", "foe_type", "per_token_destroyed",
    "foes_below_half"])
"""When a roll modifier applies (the rules function that counts it)."""

DEFINED_IN = vocabulary("definition source", ["seed", "ruling"])


def _results(table: str, values: list[str]) -> pl.Enum:
    return vocabulary(f"{table} result", values)


HAZARD_RESULT = _results("hazard", [
    "Crash", "Destroyed", "Broken", "Hurt", "Sick", "Lost", "Ambush", "Dissipate", "Exhaustion",
    "Separated", "Totaled", "Left Behind", "Weakened", "Short Circuit", "Out of Ammo", "Stuck",
    "Detained", "Hunger", "Exposure", "Out of Fuel"])
ESCAPE_RESULT = _results("escape", ["Retreat", "Minor Delay", "Major Delay", "Continue Forward"])
BONUS_SUPPLY_RESULT = _results("bonus supply", [
    "Vehicle Park", "Magical Mentor", "Depleted", "Psychic Friend", "Broker Agreement",
    "Garbage Heap", "Framed", "Take Credit", "Hostile Natives", "Leads", "Analyze Data",
    "Study Maps", "Medical Care", "Rumors of Foes", "Training", "Fixer", "Gift", "Guide",
    "Black Market", "Lean Times"])
MISSION_RESULT = _results("mission", [
    "Find Nothing", "Meet Foes", "Ambushed", "Surprise Foes", "Rescue Mission", "Help Locals",
    "Protect Town", "Discovery", "Solve Mystery", "Abandoned Equipment", "Battlefield Remains",
    "Psychic Impressions", "Major Adventure", "Minor Adventure"])
LOOT_RESULT = _results("loot", ["Nothing", "Aid Card"])
HIT_RESULT = _results("hit", [
    "Killed", "Incapacitated", "Wounded", "Event", "Aid Card Discarded", "Equipment Damaged"])
COMBAT_EVENT_RESULT = _results("combat event", [
    "Berserk", "Pinned Down", "Out of Ammo", "Show Fear", "Captured", "Panic", "Knocked Out",
    "Mad", "Screw Loose", "Confused"])
CHAOS_RESULT = _results("chaos", ["Behaves Normally", "Does Not Attack", "Attacks For Your Side"])

ABILITIES = pl.List(pl.Struct({
    "name": ABILITY, "bonus": pl.Int8, "where": LOCATION_TYPE, "cards": pl.Int8}))
"""An ability on a card: ``{name, bonus}``, plus ``where`` (only in Urban/Wilderness Locations)
and ``cards`` (how many cards a Draw or Supply ability takes), both usually null."""


# ---- shared columns --------------------------------------------------------------------------

def _name(what: str) -> Column:
    return Column("name", pl.String, f"the {what}'s name, as the seed spells it")


def _copies() -> Column:
    return Column("copies", pl.Int8, "copies of the card in the deck (the seed lists one each)",
                  minimum=1)


def _deck(deck: str) -> Column:
    return Column("deck", DECK, f"the deck the card belongs to (always {deck!r} here)")


def _abilities(what: str) -> Column:
    return Column("abilities", ABILITIES, f"the abilities the {what} gives, in the seed's order "
                  "(empty for '-'); 'Heal +2' is {name=Heal, bonus=2} (ruling rifts-1)",
                  nullable_fields=frozenset({"where", "cards"}), minimum=0)


def _choice() -> Column:
    return Column("ability_choice", pl.Boolean,
                  "true if the card gives one of its abilities ('or'), false if all ('&' or one)")


def _note(what: str) -> Column:
    return Column("note", pl.String, f"the seed's {what} text, verbatim")


def _range() -> tuple[Column, Column]:
    return (Column("low", pl.Int8, "lowest roll of the row (null: 'or less')", nullable=True),
            Column("high", pl.Int8, "highest roll of the row (null: 'or more', as '20+')",
                   nullable=True))


def _roll_table(name: str, doc: str, result: pl.Enum, *columns: Column) -> Table:
    return Table(
        name, doc,
        (*_range(), Column("result", result, "the row's name in the seed"),
         Column("effect", EFFECT, "the rules function the row dispatches to"),
         *columns, Column("note", pl.String, "the seed's text of the row, verbatim")),
        kind="roll", key="result", type_column="effect",
        checks=(roll_ranges(first=1, last=ROLL_TABLE_SIDES[name]),),
    )


def _dice(what: str, doc: str) -> tuple[Column, Column]:
    return (Column(f"{what}_dice_count", pl.Int8, f"number of dice of {doc} (null: none)",
                   nullable=True, minimum=1),
            Column(f"{what}_dice_sides", pl.Int8, "sides of those dice (null: none)",
                   nullable=True, minimum=2))


def _seed_line() -> Column:
    return Column("seed_line", pl.Int16, "the line of seed 000 the row quotes (its first line)",
                  minimum=1)


# ---- card tables -----------------------------------------------------------------------------

CHARACTERS = Table(
    "characters", "Character Aid Deck: the adventurers a party is made of",
    (
        _name("character"), _copies(), _deck("Character"),
        Column("class", CHARACTER_CLASS, "the character's type (FT, AV, MG, RC, PY)"),
        Column("base_force", pl.Int8, "Base Force (BF); a party's total may not exceed 40",
               minimum=0),
        _abilities("character"),
        _note("Skills"),
    ),
    type_column="class", ability_column="abilities", stats=("base_force",),
)

EQUIPMENT = Table(
    "equipment", "Equipment Aid Deck: weapons, armor, vehicles, implants and items",
    (
        _name("card"), _copies(), _deck("Equipment"),
        Column("type", EQUIPMENT_TYPE, "the equipment type (W, A, PA, V, I, RV, C)"),
        Column("force", pl.Int8, "the Force the card gives", minimum=0),
        _abilities("card"),
        Column("uses", pl.Int8, "uses before the card is discarded ('Single Use' is 1, "
               "'3 Uses' is 3); null: unlimited (ruling rifts-14)", nullable=True, minimum=1),
        Column("every_other_round", pl.Boolean,
               "true if the card may be used only every other combat round"),
        _note("Notes"),
    ),
    type_column="type", ability_column="abilities", stats=("force", "uses"),
)

PSIONIC = Table(
    "psionic", "Psionic Aid Deck: psionic powers (MS are the Major Psychic Power cards)",
    (
        _name("power"), _copies(), _deck("Psionic"),
        Column("category", PSIONIC_CATEGORY, "the power's type (HS, SS, PS, MS)"),
        Column("force", pl.Int8, "the Force the card gives; null when rolled ('XX', ruling "
               "rifts-16)", nullable=True, minimum=0),
        *_dice("force", "the rolled Force ('XX = Roll 1D10')"),
        _abilities("power"), _choice(),
        _note("Notes"),
    ),
    type_column="category", ability_column="abilities", stats=("force",),
)

MAGIC = Table(
    "magic", "Magic Aid Deck: spells",
    (
        _name("spell"), _copies(), _deck("Magic"),
        Column("force", pl.Int8, "the Force the card gives", minimum=0),
        _abilities("spell"), _choice(),
        _note("Notes"),
    ),
    ability_column="abilities", stats=("force",),
)

LOCATIONS = Table(
    "locations", "North America Location Adventure Deck: where a party travels and resupplies",
    (
        _name("location"), _copies(), _deck("Location"),
        Column("type", LOCATION_TYPE, "Urban (U) or Wilderness (W)"),
        Column("supply", SUPPLY_KIND, "which Aid Decks a party may resupply from here "
               "(see the supply_types table)"),
        Column("supply_cards", pl.Int8, "cards a successful Resupply draws here (0 for 'None')",
               minimum=0),
        Column("foe_bonus_groups", pl.List(FOE_GROUP), "the Foe groups whose tokens get the "
               "bonus here; a token in any of them gets it once (ruling rifts-30)"),
        Column("foe_bonus", pl.Int8, "Force bonus per token of those groups (0 for '-')",
               minimum=0),
        _note("Supply and Foe Bonuses"),
    ),
    type_column="type", stats=("supply_cards", "foe_bonus"),
)

FOES = Table(
    "foes", "North America Foe Adventure Deck: what a party fights",
    (
        _name("foe"), _copies(), _deck("Foe"),
        Column("types", pl.List(FOE_TYPE), "the foe's types, one per letter of its type code "
               "(ruling rifts-21)"),
        Column("type_code", pl.String, "the seed's type letters, verbatim (e.g. 'DNP')"),
        Column("tokens", pl.Int8, "number of Tokens (TKS)", minimum=1),
        Column("force_per_token", pl.Int8, "Force of each Token (FPT)", minimum=1),
        Column("magic_cards", pl.Int8, "Magic cards drawn at the start of combat ('Magic X')",
               minimum=0),
        Column("psionic_cards", pl.Int8, "Psionic cards drawn ('Psionic X')", minimum=0),
        Column("tech_cards", pl.Int8, "Equipment cards drawn ('Tech X')", minimum=0),
        Column("abilities", ABILITIES, "abilities every token has (Attack, Breath, Drugs; "
               "rulings rifts-22..24)", nullable_fields=frozenset({"where", "cards"}),
               minimum=0),
        Column("only", LOCATION_TYPE, "met only in Urban (UO) or Wilderness (WO) Locations; "
               "null: anywhere", nullable=True),
        Column("groups", pl.List(FOE_GROUP), "the location-bonus groups the foe belongs to "
               "(rulings rifts-26..28)"),
        _note("Notes"),
    ),
    type_column="types", ability_column="abilities",
    stats=("tokens", "force_per_token", "magic_cards", "psionic_cards", "tech_cards"),
)

# ---- roll tables -----------------------------------------------------------------------------

HAZARD = _roll_table(
    "hazard", "Hazard Table (1D20): what goes wrong on a failed Survival Roll", HAZARD_RESULT,
    Column("target", TARGET, "what is lost, damaged or wounded at random (null: none)",
           nullable=True),
    Column("count", pl.Int8, "how many targets (0: none)", minimum=0),
    Column("wounds", pl.Int8, "wounds dealt to each wounded Character (0: none)", minimum=0),
    Column("roll_modifier", pl.Int8, "modifier to all the party's rolls (0: none)"),
    Column("scope", MODIFIER_SCOPE, "how long the roll modifier lasts (null: no modifier)",
           nullable=True),
    *_dice("duration", "turns the effect lasts"),
    Column("foe_force_bonus", pl.Int8, "Force added to each token of the Foe (Ambush, ruling "
           "rifts-41)", minimum=0),
    Column("go_to", TURN_STEP, "where the party's next turn must start (null: free)",
           nullable=True),
    Column("next_turn", pl.Boolean, "true if go_to happens next turn rather than now"),
)

ESCAPE = _roll_table(
    "escape", "Escape Table (1D6): where a party that is forced to escape goes", ESCAPE_RESULT,
    Column("go_to", TURN_STEP, "the stage the party goes on to (null: its turn ends)",
           nullable=True),
    Column("next_turn", pl.Boolean, "true if it goes on next turn, false if now"),
)

BONUS_SUPPLY = _roll_table(
    "bonus_supply", "Bonus Supply Table (1D20): what modifies a Resupply", BONUS_SUPPLY_RESULT,
    Column("deck", DECK, "the deck cards come from (null: any Aid Deck of your choice)",
           nullable=True),
    Column("cards", pl.Int8, "cards gained, flipped (search_deck), repaired (repair) or the "
           "change to the supply cards (supply_cards); null: none", nullable=True),
    Column("equipment_type", EQUIPMENT_TYPE, "the type search_deck keeps (null: any)",
           nullable=True),
    Column("damaged", pl.Boolean, "true if the card gained is damaged"),
    Column("at", pl.Int8, "Adventure Tokens gained (negative: lost); null: none",
           nullable=True),
    Column("roll", ROLL, "the roll modified (null with a modifier: a roll of your choice)",
           nullable=True),
    Column("roll_modifier", pl.Int8, "modifier to that roll (0: none)"),
    Column("scope", MODIFIER_SCOPE, "how long the modifier lasts (null: no modifier)",
           nullable=True),
    Column("here", pl.Boolean, "true if the effect holds only at this Location"),
    Column("wounds", pl.Int8, "party wounds healed (null: none)", nullable=True, minimum=1),
    Column("experience", pl.Int8, "Experience Tokens each Character gets (null: none)",
           nullable=True, minimum=1),
)

MISSION = _roll_table(
    "mission", "Mission Table (1D20, the Track roll): what a party finds", MISSION_RESULT,
    Column("foes", pl.Int8, "Foe cards fought in a row (0: no fight; ruling rifts-37)",
           minimum=0),
    Column("foes_attack_first", pl.Boolean, "true if the Foes attack first every round"),
    Column("first_round_force", pl.Int8, "Force each Character gets in the first round",
           minimum=0),
    Column("deck", DECK, "the deck an extra card comes from (null: none)", nullable=True),
    Column("cards", pl.Int8, "extra cards gained (0: none); after a fight only if the party "
           "wins every fight (ruling rifts-38)", minimum=0),
    Column("damaged", pl.Boolean, "true if the card gained is damaged"),
    Column("at", pl.Int8, "extra Adventure Tokens gained (0: none); after a fight only if the "
           "party wins every fight", minimum=0),
    Column("roll_modifier", pl.Int8, "modifier to a future roll of your choice (0: none)"),
)

LOOT = _roll_table(
    "loot", "Loot Table (1D10): rolled after every won fight", LOOT_RESULT,
    Column("cards", pl.Int8, "Aid cards gained from those attached to the Foe", minimum=0),
)

HIT_RESULTS = _roll_table(
    "hit_result", "Hit Result Table (1D10): what a Foe's hit does to a Character", HIT_RESULT,
    Column("wounds", pl.Int8, "wounds added to the Character (0: none; ruling rifts-39)",
           minimum=0),
    Column("table", ROLL_TABLE, "the roll table to roll on next (null: none)", nullable=True),
    Column("target", TARGET, "the card lost or damaged at random (null: none)", nullable=True),
    Column("count", pl.Int8, "how many such cards (0: none)", minimum=0),
)

COMBAT_EVENT = _roll_table(
    "combat_event", "Combat Event Table (1D10): a hit's Event result", COMBAT_EVENT_RESULT,
    Column("duration", DURATION, "how long the effect lasts"),
    *_dice("duration", "rounds the effect lasts ('1D6 Rounds')"),
    *_dice("force", "the Force gained ('+2D6 Force')"),
    Column("attacks", pl.Int8, "change to the Character's attack rolls (0: none)"),
    Column("roll", ROLL, "the roll modified (null: none)", nullable=True),
    Column("roll_modifier", pl.Int8, "modifier to that roll (0: none)"),
    Column("ability", ABILITY, "the ability the Character gets (null: none)", nullable=True),
    Column("wounds", pl.Int8, "the wounds the Character is at afterwards (null: unchanged; "
           "ruling rifts-40)", nullable=True, minimum=0),
)

CHAOS = _roll_table(
    "chaos", "Chaos ability (1D6 vs. target Enemy Unit)", CHAOS_RESULT,
)

# ---- reference tables ------------------------------------------------------------------------

ABILITY_DEFINITIONS = Table(
    "abilities", "Every ability with its definition (the seed's, or a ruling's)",
    (
        Column("name", ABILITY, "the ability"),
        Column("defined_in", DEFINED_IN, "'seed' (ABILITY DEFINITIONS) or 'ruling' (the seed "
               "uses it but never defines it)"),
        Column("definition", pl.String, "the seed's definition verbatim, or the ruling's"),
        Column("ruling", pl.String, "the ruling that defines or reads the ability (null: none)",
               nullable=True),
        Column("aliases", pl.List(pl.String), "other spellings the seed uses for it"),
        Column("seed_line", pl.Int16, "line of the definition, or of the ability's first use",
               minimum=1),
    ),
    kind="reference",
)

ROLLS = rolls_table(
    "Every roll of the game: its dice, modifier and target",
    Column("kind", ROLL_KIND, "check (vs. target), table (read on a roll table), or an "
           "amount of force, cards, rounds or turns; highest: roll high"),
    Column("target", pl.Int8, "a check's outcome (see note) happens on this roll or more "
           "(null: not a check)", nullable=True, minimum=1),
    Column("table", ROLL_TABLE, "the roll table read (null: none)", nullable=True),
    Column("ability", ABILITY, "the ability that makes the roll (null: a rule)",
           nullable=True),
    Column("same_die_as", ROLL, "the roll whose die this one reads (null: its own die)",
           nullable=True),
    _seed_line(),
    name=Column("name", ROLL, "the roll"), type_column="kind",
)

ROLL_MODIFIERS = Table(
    "roll_modifiers", "Every situational modifier to a roll (Survival, Supply, Mission, ...)",
    (
        Column("roll", ROLL, "the roll modified"),
        Column("condition", CONDITION, "when the modifier applies and what it counts"),
        Column("ability", ABILITY, "the ability counted (null: none)", nullable=True),
        Column("or_ability", ABILITY, "a second ability that counts instead, once per "
               "Character (null: none; ruling rifts-32)", nullable=True),
        Column("location", LOCATION_TYPE, "applies only at a Location of this type (null: any)",
                nullable=True),
        Column("foe_type", FOE_TYPE, "applies only against a Foe of this type (null: any)",
               nullable=True),
        Column("modifier", pl.Int8, "added to the roll (per character, instance or token "
               "counted)"),
        Column("note", pl.String, "the seed's words, verbatim"),
        _seed_line(),
    ),
    kind="reference", key=None, type_column="roll",
)

CONSTANTS = constants_table(
    "Every other rules number (victory, limits, hand size, ability bonuses)",
    Column("ability", ABILITY, "the ability the number belongs to (null: a rule)",
           nullable=True),
    _seed_line(),
)

EQUIPMENT_TYPES = Table(
    "equipment_types", "Equipment types: their codes and how many a Character may carry",
    (
        Column("type", EQUIPMENT_TYPE, "the equipment type"),
        Column("code", pl.String, "the seed's code"),
        Column("limit_group", EQUIPMENT_TYPE, "the type whose maximum it counts against "
               "(ruling rifts-15)"),
        Column("max_per_character", pl.Int8, "most cards of the limit group per Character",
               minimum=1),
        Column("requires_ability", ABILITY, "the ability a Character needs to use it (null: "
               "none)", nullable=True),
        Column("note", pl.String, "the seed's notation text, verbatim"),
        _seed_line(),
    ),
    kind="reference", key="type",
)

SUPPLY_TYPES = Table(
    "supply_types", "Supply kinds of Locations: which decks a Resupply draws from",
    (
        Column("supply", SUPPLY_KIND, "the Location's supply kind"),
        Column("decks", pl.List(DECK), "the Aid Decks the party may draw from (empty: none)"),
        Column("required_class", CHARACTER_CLASS, "a Character drawn must be of this class, "
               "else it is discarded and redrawn (null: any)", nullable=True),
        Column("forbidden_class", CHARACTER_CLASS, "a Character of this class drawn is "
               "discarded and redrawn (null: none)", nullable=True),
        Column("redraw_deck", DECK, "the deck a discarded Character is redrawn from (null: "
               "no redraw)", nullable=True),
        Column("example", pl.String, "the Location of the seed's example (null: none; "
               "ruled)", nullable=True),
        Column("note", pl.String, "the seed's example, verbatim (null: none)", nullable=True),
        Column("seed_line", pl.Int16, "first line of the example (null: none)", nullable=True,
               minimum=1),
    ),
    kind="reference", key="supply",
)

NOTATION = Table(
    "notation", "The seed's card codes and what each stands for in the data",
    (
        Column("deck", DECK, "the deck whose notation lists the code"),
        Column("code", pl.String, "the code, as the seed writes it"),
        Column("meaning", pl.String, "the seed's meaning, verbatim"),
        Column("column", pl.String, "the column of the deck's table the code fills"),
        Column("value", pl.String, "the value it stands for in that column (null: the code "
               "names the column itself)", nullable=True),
        _seed_line(),
    ),
    kind="reference", key=None, type_column="deck",
)

TABLES: tuple[Table, ...] = (
    CHARACTERS, EQUIPMENT, PSIONIC, MAGIC, LOCATIONS, FOES,
    HAZARD, ESCAPE, BONUS_SUPPLY, MISSION, LOOT, HIT_RESULTS, COMBAT_EVENT, CHAOS,
    ABILITY_DEFINITIONS, ROLLS, ROLL_MODIFIERS, CONSTANTS, EQUIPMENT_TYPES, SUPPLY_TYPES, NOTATION,
)


# ---- cross-table checks ----------------------------------------------------------------------

def _fail(folder: Path, table: str, problem: str, *, row: int | None = None,
          name: object = None, column: str | None = None, **value: object) -> None:
    raise CardDataError(problem, file=folder / f"{table}.parquet", row=row, name=name,
                        column=column, **value)


def _covers(frames: Mapping[str, pl.DataFrame], folder: Path, table: str, column: str,
            vocabulary: pl.Enum) -> None:
    """Every value of ``vocabulary`` has a row of ``table``."""
    present = set(frames[table][column].cast(pl.String).to_list())
    for value in vocabulary.categories.to_list():
        if value not in present:
            _fail(folder, table, f"has no row for {value!r}", column=column, value=value)


def _check_rolls(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    rolls = frames["rolls"]
    _covers(frames, folder, "rolls", "name", ROLL)
    by_name = {r["name"]: r for r in rolls.iter_rows(named=True)}
    for index, row in enumerate(rolls.iter_rows(named=True)):
        if (row["kind"] == "table") != (row["table"] is not None):
            _fail(folder, "rolls", "a roll names a table exactly when its kind is 'table'",
                  row=index, name=row["name"], column="table", value=row["table"])
        if (row["kind"] == "check") != (row["target"] is not None):
            _fail(folder, "rolls", "a roll has a target exactly when its kind is 'check'",
                  row=index, name=row["name"], column="target", value=row["target"])
        other = by_name.get(row["same_die_as"])
        if other is not None and (other["dice_count"], other["dice_sides"]) != (
                row["dice_count"], row["dice_sides"]):
            _fail(folder, "rolls", f"must roll the same dice as {other['name']!r}",
                  row=index, name=row["name"], column="dice_sides", value=row["dice_sides"])
    for table, sides in ROLL_TABLE_SIDES.items():
        rows = [r for r in rolls.iter_rows(named=True) if r["table"] == table]
        if len(rows) != 1 or (rows[0]["dice_count"], rows[0]["dice_sides"]) != (1, sides):
            _fail(folder, "rolls", f"needs exactly one roll of 1D{sides} on table {table!r}",
                  column="table", value=table)


def _check_locations(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    locations, foes = frames["locations"], frames["foes"]
    supply_kinds = set(frames["supply_types"]["supply"].cast(pl.String).to_list())
    held = set(foes["groups"].explode().drop_nulls().cast(pl.String).to_list())
    for index, row in enumerate(locations.iter_rows(named=True)):
        name = row["name"]
        if row["supply"] not in supply_kinds:
            _fail(folder, "locations", "names a supply kind without a supply_types row",
                  row=index, name=name, column="supply", value=row["supply"])
        if (row["supply"] == "None") != (row["supply_cards"] == 0):
            _fail(folder, "locations", "supply 'None' and 0 supply cards go together",
                  row=index, name=name, column="supply_cards", value=row["supply_cards"])
        if (row["foe_bonus"] == 0) != (not row["foe_bonus_groups"]):
            _fail(folder, "locations", "a foe bonus needs groups and groups need a bonus",
                  row=index, name=name, column="foe_bonus", value=row["foe_bonus"])
        for group in row["foe_bonus_groups"]:
            if group not in held:
                _fail(folder, "locations", "names a foe group no Foe belongs to", row=index,
                      name=name, column="foe_bonus_groups", value=group)
    kinds = dict(zip(locations["name"].to_list(), locations["supply"].cast(pl.String).to_list(),
                     strict=True))
    for index, row in enumerate(frames["supply_types"].iter_rows(named=True)):
        example = row["example"]
        if example is not None and kinds.get(example) != row["supply"]:
            _fail(folder, "supply_types", "the example must be a Location of this supply kind",
                  row=index, column="example", value=example)


def _check_foe_types(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    notation = frames["notation"].filter((pl.col("deck") == "Foe") & (pl.col("column") == "types"))
    letters = dict(zip(notation["code"].to_list(), notation["value"].to_list(), strict=True))
    for index, row in enumerate(frames["foes"].iter_rows(named=True)):
        expected = [letters.get(letter) for letter in row["type_code"]]
        if expected != row["types"]:
            _fail(folder, "foes", f"types must be the notation's reading of {row['type_code']!r}"
                  f" ({expected})", row=index, name=row["name"], column="types",
                  value=row["types"])


def _check_psionic_force(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    for index, row in enumerate(frames["psionic"].iter_rows(named=True)):
        rolled = row["force_dice_count"] is not None and row["force_dice_sides"] is not None
        if (row["force"] is None) != rolled:
            _fail(folder, "psionic", "a power has either a Force or Force dice (ruling "
                  "rifts-16)", row=index, name=row["name"], column="force", value=row["force"])


def check_set(frames: Mapping[str, pl.DataFrame], folder: Path) -> None:
    """Cross-table checks: every ability, roll, supply kind and equipment type has its
    reference row; roll tables match their dice; locations, foes and psionic Force agree."""
    _covers(frames, folder, "abilities", "name", ABILITY)
    _covers(frames, folder, "equipment_types", "type", EQUIPMENT_TYPE)
    _covers(frames, folder, "supply_types", "supply", SUPPLY_KIND)
    _check_rolls(frames, folder)
    _check_locations(frames, folder)
    _check_foe_types(frames, folder)
    _check_psionic_force(frames, folder)
