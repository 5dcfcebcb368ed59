"""Every card of the Adventurers deck does what its Notes say (COMMON DECK CARD LIST, seed 001,
lines 85-200), and every effect, advantage and encounter rule of the data has a named
implementation.

Expected values come from the seed's Notes (cited by line) or docs/rulings.md.
"""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from explorer import cards
from explorer.games.adventurers.effects import (
    ADVANTAGES,
    EFFECTS,
    ENCOUNTER_RULES,
    RESEARCH,
)
from explorer.games.adventurers.encounter import takes_weapon
from tests.adventurers.helpers import (
    ALL_CARDS,
    DATA,
    adv,
    choose,
    draw,
    game_at,
    is_turn_of,
    logged,
    names,
    options,
    pending_roll,
    roll,
    scenario,
)
from tests.adventurers.test_encounter import facing, opponent

# ---- registries -----------------------------------------------------------------------------


@pytest.mark.parametrize(("registry", "table", "column"), [
    (EFFECTS, "cards", "effect"), (ADVANTAGES, "professions", "kind"),
    (ENCOUNTER_RULES, "cards", "rule")])
def test_every_vocabulary_value_has_a_named_implementation(registry: dict, table: str,
                                                           column: str) -> None:
    vocabulary = cards.schema("adventurers", table)[column].categories.to_list()
    assert sorted(registry) == sorted(vocabulary)
    for name in vocabulary:  # "where: module.function" names a function that exists
        path = registry[name].split(": ", 1)[1]
        module, _, attribute = path.partition(".Ctx.") if ".Ctx." in path else \
            path.rpartition(".")
        target = importlib.import_module(module)
        if ".Ctx." in path:
            target = target.Ctx
        assert callable(getattr(target, attribute)), path


def test_research_effects_are_those_of_the_research_cards() -> None:
    research = {c.effect for c in DATA.cards.values() if c.type == "Research"}
    assert set(RESEARCH) == research | {"opponent_discards"}  # Saboteur: ruling adv-34


# ---- Weapon cards: "Force +1" (lines 87-92, 117, 122, 195-196) --------------------------------

WEAPONS = ["Bullwhip", "Submachine Gun", "Thrown Knife", "Machine Gun", "Revolver",
           "Flame Thrower", "Bazooka", "Machete", "Grenade"]


@pytest.mark.parametrize("weapon", WEAPONS)
def test_each_weapon_adds_1d6_to_the_escape_roll(weapon: str) -> None:
    game = game_at("encounter", hand=[weapon], encounter=facing("Chase Scene"))
    roll(game, 10)
    choose(game, f"Play {weapon} on the Escape roll (+1D6)")
    assert pending_roll(game).dice == "4D6"


@pytest.mark.parametrize("weapon", WEAPONS)
def test_each_weapon_attached_to_a_person_adds_1d6_to_the_encounter_roll(weapon: str) -> None:
    game = game_at("encounter", others=opponent("Mystery Man", weapon))
    choose(game, "Play Mystery Man")
    choose(game, f"Attach {weapon}")
    assert pending_roll(game).dice == "4D6"


def test_adv_12_fisticuffs_takes_no_weapon_even_as_a_person() -> None:
    nazi = DATA.cards["Big Burly Nazi"]
    assert nazi.rule == "fisticuffs" and not takes_weapon(nazi)
    assert not takes_weapon(replace(nazi, kind="Person"))
    assert takes_weapon(DATA.cards["German Officer"])


# ---- evade cards (lines 93, 96, 104-106, 119, 125, 172, 174-175, 194, 198, 200) -------------

EVADES = [  # card, encounter, chain, offered
    ("Run away", "Tiger", ["Hiking", "Jungle"], True),
    ("Swing to Freedom", "Villain", [], True),
    ("Hide", "Tiger", ["Hiking", "Jungle"], True),
    ("Hide", "Pit Trap", ["Hiking", "Temple"], False),  # "Non-trap" (ruling adv-3)
    ("Sliding Doors", "Chase Scene", ["Hiking", "Temple"], True),  # ruling adv-13
    ("Sliding Doors", "Chase Scene", ["Hiking"], False),
    ("Secret Passage", "Insect Swarm", ["Hiking", "Hotel"], True),
    ("Secret Passage", "Tiger", ["Hiking", "Jungle"], False),
    ("Topple Pillars", "Chase Scene", ["Hiking", "Temple"], True),
    ("Topple Pillars", "Chase Scene", ["Hiking", "Hotel"], False),  # not Ancient
    ("Mistaken Identity", "German Officer", [], True),
    ("Mistaken Identity", "Gangsters", [], False),  # Enemy, not Person (ruling adv-4)
    ("Love Interest", "Pit Trap", ["Hiking", "Temple"], True),
    ("Arab Contact", "Villain", [], True),
    ("Trained Monkey", "Villain", [], True),
    ("Jump off Cliff", "Chase Scene", ["Hiking"], True),  # Ground
    ("Jump off Cliff", "Chase Scene", ["Train"], True),
    ("Jump off Cliff", "Chase Scene", ["Motorcycle"], True),  # Road
    ("Jump off Cliff", "Chase Scene", ["Hiking", "Jungle"], True),  # Wild
    ("Jump off Cliff", "Chase Scene", ["Steamboat"], False),
    ("Jump off Cliff", "Chase Scene", ["Air Liner"], False),
    ("Jump off Cliff", "Chase Scene", ["Hiking", "Temple"], False),
    ("Rope", "Rolling Boulder Trap", ["Hiking", "Temple"], True),  # "Escape Trap" (adv-14)
    ("Rope", "Tiger", ["Hiking", "Jungle"], False),
    ("Dynamite", "Chase Scene", [], True),
]
PRICE = ["Bound & Gagged", "Mines", "Safari"]  # to pay "& Discard 2 cards" with


@pytest.mark.parametrize(("card", "encounter", "chain", "offered"), EVADES,
                         ids=[f"{e[0]}-{e[1]}-{'-'.join(e[2])}" for e in EVADES])
def test_each_evade_card_escapes_automatically_where_it_applies(
        card: str, encounter: str, chain: list[str], offered: bool) -> None:
    game = game_at("encounter", chain=chain, hand=[card, *PRICE], encounter=facing(encounter))
    roll(game, 12, f"Encounter roll for {encounter}")
    assert (card in names(game, "evade")) is offered
    if not offered:
        return
    choose(game, f"Play {card} (")
    if DATA.cards[card].discard_cost:  # ruling adv-16
        choose(game, "Discard Bound & Gagged")
        choose(game, "Discard Mines")
    kept = ["Safari"] if DATA.cards[card].discard_cost else PRICE
    assert adv(game).encounter is None and adv(game).hand == kept
    assert card in game.state.deck.discard and encounter in game.state.deck.discard
    assert not any(e.text.startswith("Escape roll") for e in game.log)  # no roll (line 73)


# ---- Help and Item force bonuses (lines 188, 197) -------------------------------------------


@pytest.mark.parametrize(("card", "chain", "offered"), [
    ("Sidekick Kid", [], True), ("Sidekick Kid", ["Hiking", "Jungle"], True),
    ("Torch", ["Hiking", "Temple"], True), ("Torch", ["Hiking", "Hotel"], True),
    ("Torch", ["Hiking", "Jungle"], False), ("Torch", ["Hiking"], False),
])
def test_help_and_items_add_1d6_where_they_apply(card: str, chain: list[str],
                                                 offered: bool) -> None:
    game = game_at("encounter", chain=chain, hand=[card], encounter=facing("Chase Scene"))
    roll(game, 12)
    if not offered:
        assert game.is_chance and pending_roll(game).dice == "3D6"
        return
    choose(game, f"Play {card}")
    assert pending_roll(game).dice == "4D6"


# ---- Research Phase cards (lines 120, 124, 173, 176, 180-183, 185, 187, 191) -----------------


@pytest.mark.parametrize("card", ["Nazi Spy", "Informant", "Interrogate", "Translator"])
def test_look_at_an_opponents_hand(card: str) -> None:
    game = scenario([{"profession": "Actor", "hand": [card]},
                     {"profession": "Actor", "hand": ["Tiger"]},
                     {"profession": "Actor", "hand": ["Temple", "Hide"]}], at="research.before")
    choose(game, f"Play {card}")
    assert options(game) == ["Choose Player 2 to look at his hand",  # ruling adv-35
                             "Choose Player 3 to look at his hand"]
    choose(game, "Choose Player 3")
    assert logged(game, "Looks at Player 3's hand: Temple, Hide")
    assert game.state.deck.discard == [card]


@pytest.mark.parametrize(("card", "amount"), [("Museum", 10), ("Radio", 7)])
def test_look_at_the_next_cards_which_stay_in_place(card: str, amount: int) -> None:
    game = game_at("research.before", profession="Actor", hand=[card, "Nazi Spy"],
                   top=["Temple"])
    choose(game, f"Play {card}")
    for _ in range(amount - 1):
        game.step()
    top = game.state.deck.top
    assert len(top) == amount and top[0] == "Temple"  # ruling adv-21
    assert logged(game, f"Looks at the next {amount} cards of the deck: Temple, ")
    assert adv(game).hand == ["Nazi Spy"] and game.state.deck.discard == [card]
    assert game.phase == "research.before"


@pytest.mark.parametrize("card", ["Treasure Map", "Guide", "Arab Diggers"])
def test_look_at_the_top_5_and_keep_1(card: str) -> None:
    game = game_at("research.before", profession="Actor", hand=[card, "Nazi Spy"])
    choose(game, f"Play {card}")
    draw(game, "Temple", "Tiger", "Safari", "Mines", "Camels")
    assert names(game, "keep") == ["Temple", "Tiger", "Safari", "Mines", "Camels"]
    choose(game, "Keep Mines")
    assert adv(game).hand == ["Nazi Spy", "Mines"]
    assert game.state.deck.top == ["Temple", "Tiger", "Safari", "Camels"]  # ruling adv-21


@pytest.mark.parametrize("card", ["Read Hieroglyphics", "Decipher Engravings"])
def test_discard_hand_and_draw_5(card: str) -> None:
    game = game_at("research.before", profession="Actor", hand=[card, "Tiger", "Hide"])
    choose(game, f"Play {card}")
    assert game.state.deck.discard == ["Tiger", "Hide"]
    draw(game, "Temple", "Safari", "Mines", "Camels", "Horses")
    assert adv(game).hand == ["Temple", "Safari", "Mines", "Camels", "Horses"]
    assert game.state.deck.discard == ["Tiger", "Hide", card]


def test_adv_35_saboteur_the_opponent_discards_3_cards_of_his_choice() -> None:
    game = game_at("research.before", profession="Actor", hand=["Saboteur"],
                   others=opponent("Tiger", "Temple", "Hide", "Revolver"))
    choose(game, "Play Saboteur")
    choose(game, "Choose Player 2 to discard 3 cards")
    assert game.current_player == 1 and names(game, "discard") == ["Tiger", "Temple", "Hide",
                                                                   "Revolver"]
    choose(game, "Discard Tiger")
    choose(game, "Discard Hide")
    choose(game, "Discard Revolver")
    assert adv(game, 1).hand == ["Temple"]
    game = game_at("research.before", profession="Actor", hand=["Saboteur"],
                   others=opponent("Tiger", "Temple"))
    choose(game, "Play Saboteur")
    choose(game, "Choose Player 2 to discard 3 cards")
    assert adv(game, 1).hand == [] and game.state.deck.discard == ["Tiger", "Temple", "Saboteur"]


# ---- Encounter cards: where each may be played and its Force (lines 94-200) ----------------

ENCOUNTERS = [  # card, force, tops it matches, tops it does not (None: no card face up)
    ("Car Chase", 3, ["Motorcycle"], ["Safari", "Temple"]),
    ("Chase Scene", 3, [None, "Steamboat", "Temple"], []),
    ("Big Burly Nazi", 3, [None, "Temple"], []),
    ("Insect Swarm", 3, ["Hotel", "Temple"], ["Jungle", "Safari"]),
    ("Sewer Rats", 3, ["Mansion"], ["Docks"]),
    ("Snake Den", 3, ["Caves"], ["Camp"]),
    ("Tarantula", 3, [None, "Jungle"], []),
    ("Pit Trap", 3, ["Temple", "Palace"], ["Hotel", "Safari"]),
    ("Big Burly Arab", 3, ["Jungle", "Temple"], ["Safari", None]),
    ("Tiger", 3, ["Jungle", "Docks"], ["Temple", "Safari"]),
    ("Crocodile", 3, ["Island"], ["Hotel"]),
    ("Bound & Gagged", 3, ["Steamboat", "Hotel", "Marketplace"], ["Jungle", "Temple"]),
    ("German Officer", 3, [None, "Train"], []),
    ("SS Guards", 3, [None, "Desert"], []),
    ("Armored Car", 3, ["Motorcycle", "Safari"], ["Train", "Steamboat", "Temple"]),
    ("Mystery Man", 3, [None, "Zeppelin"], []),
    ("Barroom Brawl", 3, ["Air Liner", "Train"], ["Steamboat", "Hotel"]),
    ("Fighter Plane", 3, ["Steamboat", "Air Liner"], ["Hotel"]),
    ("Panzer Tank", 3, ["Troop Truck", "Camels"], ["Biplane"]),
    ("Out of Control Fire", 3, ["Hotel"], ["Docks"]),
    ("Poisoned Dates", 3, [None, "Desert"], []),
    ("Nemesis", 4, [None, "Pyramid"], []),
    ("Gangsters", 3, [None, "Orient Express"], []),
    ("Gestapo Officer", 3, [None, "Airfield"], []),
    ("Sharks", 3, ["Steamboat", "Island"], ["Docks", "Air Liner"]),
    ("Mata Hari", 4, ["Hotel", "Palace", "Docks"], ["Steamboat", "Temple"]),
    ("Native Cultists", 3, ["Jungle"], ["Temple", "Safari"]),
    ("Villain", 4, [None, "Ziggurat"], []),
    ("Rowdy Sailors", 3, ["Freighter", "Island"], ["Docks", "Motorcycle"]),
    ("Thugs", 3, ["Train", "Mansion"], ["Desert"]),
    ("Rolling Boulder Trap", 3, ["Temple"], ["Hotel", "Island"]),
    ("Shooting Dart Trap", 3, ["Fortress"], ["Mansion"]),
    ("Natives with Blowguns", 3, ["Desert"], ["Caves"]),
]
CASES = [(card, force, top, True) for card, force, yes, _ in ENCOUNTERS for top in yes] + \
        [(card, force, top, False) for card, force, _, no in ENCOUNTERS for top in no]


def chain_to(top: str | None) -> list[str]:
    """A chain whose top card is ``top``."""
    if top is None:
        return []
    return [top] if DATA.cards[top].type == "Travel" else ["Hiking", top]


@pytest.mark.parametrize(("card", "force", "top", "matches"), CASES,
                         ids=[f"{c}-{t}" for c, _, t, _ in CASES])
def test_each_encounter_is_played_where_it_matches_with_its_force(
        card: str, force: int, top: str | None, matches: bool) -> None:
    game = game_at("encounter", chain=chain_to(top), others=opponent(card))
    if not matches:
        assert is_turn_of(game, 1)  # no Encounter card to play: no decision
        return
    assert names(game, "encounter") == [card]
    choose(game, f"Play {card}")
    assert pending_roll(game).dice == f"{force}D6"


# ---- Travel and Location cards (lines 126-168) ---------------------------------------------

TRAVELS = [n for n, c in DATA.cards.items() if c.type == "Travel"]
LOCATIONS = [n for n, c in DATA.cards.items() if c.type == "Location"]
ANCIENT = ["Temple", "Mines", "Pyramid", "Caves", "Archeological Dig", "Fortress", "Catacombs",
           "Ziggurat", "Palace"]  # "Ancient" after the ':' (lines 151-159, 161)


@pytest.mark.parametrize("travel", TRAVELS)
def test_each_travel_card_goes_on_the_chain(travel: str) -> None:
    game = game_at("travel", hand=[travel], chain=[] if travel == "Hiking" else ["Hiking"])
    choose(game, f"Play {travel}")
    assert adv(game).chain[-1] == travel and adv(game).locations == 0


@pytest.mark.parametrize("location", LOCATIONS)
def test_each_location_card_is_a_location_visited_on_a_travel_card(location: str) -> None:
    assert names(game_at("travel", hand=[location, "Camels"]), "travel") == ["Camels"]
    fourth = ["Safari", "Hotel", "Camels", "Docks", "Horses", "Desert", "Train", "Jungle",
              "Hiking"]
    if location in fourth:
        fourth = ["Safari", "Airfield", "Camels", "Marketplace", "Horses", "Camp", "Train",
                  "Mansion", "Hiking"]
    game = game_at("travel", hand=[location], chain=fourth)  # the fifth must be Ancient
    assert (location in names(game, "travel")) is (location in ANCIENT)
    game = game_at("travel", hand=[location], chain=["Hiking"])
    choose(game, f"Play {location}")
    assert adv(game).chain == ["Hiking", location] and adv(game).locations == 1


def test_every_card_of_the_deck_is_tested_here() -> None:
    tested = set(WEAPONS) | {e[0] for e in EVADES} | {"Sidekick Kid", "Torch", "Disarm"} | {
        "Nazi Spy", "Informant", "Interrogate", "Translator", "Museum", "Radio",
        "Treasure Map", "Guide", "Arab Diggers", "Read Hieroglyphics", "Decipher Engravings",
        "Saboteur"} | {e[0] for e in ENCOUNTERS} | set(TRAVELS) | set(LOCATIONS)
    assert sorted(tested) == sorted(ALL_CARDS) and len(ALL_CARDS) == 114
    # Disarm: tests/adventurers/test_encounter.py::test_adv_23_disarm_discards_...
