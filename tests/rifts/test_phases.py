"""Rifts Adventures outside combat: SETUP, the DECISION ACT, the RECUPERATE, TRAVEL, MISSION and
SUPPLY Phases, the END ACT, and rulings rifts-51..55, 63..67, 76..82 and 84.

Expected values come from the seed (seed 000, cited by line) or docs/rulings.md; every die and
draw is forced.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import explorer
from explorer.engine import Game
from tests.rifts.helpers import (
    choose,
    draw,
    member,
    options,
    party,
    pending_roll,
    pick,
    roll,
    scenario,
)

OTHER = {"members": [{"name": "Mind Melter"}], "location": "Border Town"}  # party 1
FOUR_PHASES = [  # DECISION ACT, lines 288-292
    "Heal & Repair: go to the Recuperate Phase",
    "Travel to a new Location: go to the Travel Phase",
    "Look for nearby Adventure: go to the Mission Phase",
    "Resupply: go to the Supply Phase",
]


def game_at(members: list, location: str = "Farms", *, at: str = "turn",
            hand: tuple[tuple[str, str], ...] = (), other: dict | None = None,
            tokens: int = 0) -> Game:
    """Party 0 (active) with ``members`` at ``location``; party 1 is ``other``."""
    first = {"members": [{"name": m} if isinstance(m, str) else m for m in members],
             "location": location, "at": tokens,
             "hand": [{"deck": d, "name": n} for d, n in hand]}
    return scenario([first, other or OTHER], at=at)


def eq(name: str, **more: Any) -> dict[str, Any]:
    return {"deck": "Equipment", "name": name, **more}


def other_party_recuperates(game: Game) -> None:
    """Party 1's turn: the Recuperate Phase with nothing to heal or repair changes nothing."""
    assert is_turn_of(game, 1)
    choose(game, "Heal & Repair")


def is_turn_of(game: Game, seat: int) -> bool:
    return game.current_player == seat and game.phase == "decision"


def logged(game: Game, text: str) -> bool:
    return any(text in e.text for e in game.log)


def amounts(game: Game) -> list[int]:
    return sorted(m for m, _ in pending_roll(game).modifiers)


def hand_of(game: Game) -> list[str]:
    return [h.name for h in party(game).hand]


def discard(game: Game, deck: str) -> list[str]:
    return game.state.decks[deck].discard


def win_fight(game: Game, fighters: int = 1) -> None:
    """Win against Tokens under 10 Force (no attack rolls, line 481) by the Morale Check."""
    choose(game, "Fight this round")
    roll(game, 9, "Morale")  # 9+: they run away, "still considered a Victory" (line 522)
    roll(game, 1, "Loot")  # 1-5: Nothing (line 437)
    for _ in range(fighters):
        roll(game, 1, "Experience")  # 1 < 6 (line 441)


# ---- SETUP (lines 276-281, 298-299) ---------------------------------------------------------

EQUIPMENT = ["Laser Rifle", "Pulse Rifle", "Laser Pistol", "Vibro Blades", "Riot Armor",
             "Hand Grenades", "Motion Detector", "Bionic Arm", "Bionic Hand", "Robot Tool Kit",
             "Wilks Jet Pack", "Highway Motorcycle"]


def setup_party(game: Game, names: list[str], cards: list[str]) -> None:
    for name in names:
        draw(game, "Character", name)
    for card in cards:
        choose(game, "Equipment")
        draw(game, "Equipment", card)
        choose(game, f"Keep {card} in hand")


def test_ruling_64_starting_locale_after_the_characters_and_their_aid_cards() -> None:
    game = explorer.new_game("rifts", players=2, seed=0)
    draw(game, "Character", "Vagabond")  # "Each player draws 2 Characters." (line 278)
    draw(game, "Character", "Mystic")
    # "For each Character draw 2 cards. These can be from the Equipment, Psionic, or Magic
    # Decks." (lines 279-280)
    assert game.pending.prompt == "Aid card 1 for Vagabond: which deck?"
    assert options(game) == ["Draw from the Equipment deck", "Draw from the Psionic deck",
                             "Draw from the Magic deck"]
    choose(game, "Equipment")
    draw(game, "Equipment", "Laser Rifle")
    # "either put it in your hand or attach it to a Character" (line 384)
    assert options(game) == ["Attach Laser Rifle to Vagabond", "Attach Laser Rifle to Mystic",
                             "Keep Laser Rifle in hand"]
    choose(game, "Attach Laser Rifle to Vagabond")
    choose(game, "Magic")
    draw(game, "Magic", "Fire Ball")
    assert options(game) == ["Attach Fire Ball to Mystic", "Keep Fire Ball in hand"]  # rifts-55
    choose(game, "Attach Fire Ball to Mystic")
    assert game.pending.prompt == "Aid card 1 for Mystic: which deck?"
    for deck, card in (("Psionic", "Empathy"), ("Equipment", "Pulse Rifle")):
        choose(game, deck)
        draw(game, deck, card)
        choose(game, f"Keep {card} in hand")
    setup_party(game, ["Burster", "Cyber-Knight"], EQUIPMENT[4:8])
    assert [m.name for m in party(game).members] == ["Vagabond", "Mystic"]
    assert [h.name for h in member(game, "Vagabond").attached] == ["Laser Rifle"]
    assert [h.name for h in member(game, "Mystic").attached] == ["Fire Ball"]
    assert hand_of(game) == ["Empathy", "Pulse Rifle"]
    assert [m.name for m in party(game, 1).members] == ["Burster", "Cyber-Knight"]
    assert len(party(game, 1).hand) == 2 * 2
    # "draws ... until they draw a location card. Keep it." (lines 298-299): the Location deck
    # holds only Locations: each party keeps its first card
    draw(game, "Location", "Tolkeen")
    draw(game, "Location", "Farms")
    assert [party(game, s).location for s in (0, 1)] == ["Tolkeen", "Farms"]
    assert discard(game, "Location") == []
    spec = roll(game, 5, "First Player")  # "Players roll high on 1D20" (line 281)
    assert (spec.count, spec.sides, spec.modifier) == (1, 20, 0)
    roll(game, 12, "First Player")
    assert game.state.order == [1, 0] and is_turn_of(game, 1)


def test_ruling_63_first_player_ties() -> None:
    game = explorer.new_game("rifts", players=3, seed=0)
    setup_party(game, ["Vagabond", "Mystic"], EQUIPMENT[:4])
    setup_party(game, ["Burster", "Cyber-Knight"], EQUIPMENT[4:8])
    setup_party(game, ["Shifter", "Operator"], EQUIPMENT[8:12])
    for location in ("Tolkeen", "Farms", "Desert"):
        draw(game, "Location", location)
    for natural in (7, 15, 15):  # seats 2 and 3 tie on 15
        roll(game, natural, "First Player")
    start = len(game.log)
    for natural in (4, 4, 2, 9):  # they tie again, then seat 3 is highest
        roll(game, natural, "First Player")
    assert [e.player for e in game.log[start:] if e.text.startswith("First-player")] == \
        [1, 2, 1, 2]
    assert game.state.order == [2, 0, 1] and is_turn_of(game, 2)  # seat order from seat 3


# ---- DECISION ACT (lines 282-293) -----------------------------------------------------------

def test_decision_act_offers_the_four_phases_and_only_one_is_played() -> None:
    game = game_at(["Vagabond"], "Farms")
    assert options(game) == FOUR_PHASES
    choose(game, "Heal & Repair")
    assert is_turn_of(game, 1)  # "You only get 1 Phase per turn." (line 293)


@pytest.mark.parametrize("location", ["Dinosaur Swamp", "Badlands", "Devil’s Gate"])
def test_ruling_79_no_supply(location: str) -> None:
    game = game_at(["Vagabond"], location)  # Supply "None" (lines 549, 551, 555)
    assert options(game) == FOUR_PHASES[:3]


def test_ruling_55_equipping() -> None:
    hand = (("Magic", "Fire Ball"), ("Equipment", "Samson Power Armor"),
            ("Equipment", "Laser Pistol"), ("Psionic", "Mind Bolt"), ("Psionic", "Empathy"),
            ("Equipment", "Dead Boy Body Armor"))
    game = game_at(["Mystic", {"name": "AWOL Coalition Grunt",
                               "attached": [eq("Laser Rifle"), eq("Pulse Rifle")]}],
                   "Farms", hand=hand)
    assert options(game)[-4:] == FOUR_PHASES
    assert [o for o in options(game) if o.startswith("Attach")] == [
        "Attach Fire Ball to Mystic",  # Magic cards: Mages only (line 79)
        "Attach Samson Power Armor to AWOL Coalition Grunt",  # Power Armor ability (line 99)
        "Attach Laser Pistol to Mystic",  # the Grunt has 2 Weapons: "Max 2" (line 119)
        # Mind Bolt is Major (MS, line 225): Mystic is Minor Psychic, "not Major" (line 68)
        "Attach Empathy to Mystic",
        "Attach Dead Boy Body Armor to Mystic",
        "Attach Dead Boy Body Armor to AWOL Coalition Grunt",
    ]
    choose(game, "Attach Samson Power Armor")
    assert game.phase == "decision"  # still in the Decision Act
    # Power Armor is Armor: "Max 1 per Character" (line 120, ruling rifts-15)
    assert "Attach Dead Boy Body Armor to AWOL Coalition Grunt" not in options(game)
    choose(game, "Attach Fire Ball to Mystic")
    choose(game, "Heal & Repair")
    assert [h.name for h in member(game, "AWOL Coalition Grunt").attached] == [
        "Laser Rifle", "Pulse Rifle", "Samson Power Armor"]
    assert [h.name for h in member(game, "Mystic").attached] == ["Fire Ball"]
    assert hand_of(game) == ["Laser Pistol", "Mind Bolt", "Empathy", "Dead Boy Body Armor"]


def test_ruling_54_character_cards() -> None:
    game = game_at(["Mind Melter", "Burster", "Psi-Stalker"], "Farms",  # 12 + 10 + 8 = 30 BF
                   hand=(("Character", "Vagabond"), ("Character", "Dragon Hatchling"),
                         ("Character", "Cyber-Knight")),
                   other={"members": [{"name": "Elemental Warlock"}], "location": "Desert"})
    # "cannot exceed 40" (line 274): +3 = 33, +12 = 42 (no), +10 = 40
    assert options(game)[:-4] == ["Add Vagabond to the party", "Add Cyber-Knight to the party"]
    choose(game, "Add Cyber-Knight")
    assert options(game) == FOUR_PHASES  # 40 + 3 = 43: the Vagabond cannot join now
    assert [m.name for m in party(game).members][-1] == "Cyber-Knight"
    assert hand_of(game) == ["Vagabond", "Dragon Hatchling"]


def test_ruling_65_scrying() -> None:
    game = game_at(["Mystic"], "Farms")  # Mystic: Scrying (line 58)
    choose(game, "Mystic: use Scrying")
    assert options(game) == [f"Look into the {d} deck" for d in
                             ("Character", "Magic", "Psionic", "Equipment", "Location", "Foe")]
    choose(game, "Look into the Location deck")
    spec = roll(game, 5)  # "look at the next 1D10-3 cards" (line 83): 5 - 3 = 2
    assert (spec.count, spec.sides, spec.modifier) == (1, 10, -3)
    draw(game, "Location", "Desert")
    assert len(game.chance_outcomes()) == 28 - 3  # Farms, Border Town and Desert are out
    draw(game, "Location", "Tolkeen")
    assert game.state.decks["Location"].top == ["Desert", "Tolkeen"]
    assert not any("Scrying" in o for o in options(game))  # once per source and turn
    choose(game, "Travel")
    roll(game, 16, "Survival")
    roll(game, 1, "Encounter")
    assert is_turn_of(game, 1)  # no chance event at the Destination Stage: Desert was seen
    assert party(game).location == "Desert" and game.state.decks["Location"].top == ["Tolkeen"]


def test_ruling_65_scrying_magic_card_makes_its_use_roll() -> None:
    game = game_at([{"name": "Shifter", "attached": [{"deck": "Magic", "name": "Sense Evil"}]}])
    choose(game, "Shifter: use Scrying (Sense Evil)")  # Sense Evil: Scrying (line 235)
    choose(game, "Look into the Foe deck")
    roll(game, 3)  # 3 - 3 = 0: nothing seen
    roll(game, 5, "Use")  # USAGE RULE (line 387): 5+, used up
    assert member(game, "Shifter").attached == [] and discard(game, "Magic") == ["Sense Evil"]


def test_ruling_65_scrying_card_chosen_beside_a_scrying_character_makes_its_use_roll() -> None:
    game = game_at([{"name": "Mystic",
                     "attached": [{"deck": "Psionic", "name": "Detect Psionics"}]}])
    choose(game, "Mystic: use Scrying (Detect Psionics)")  # Scrying (line 199)
    choose(game, "Look into the Foe deck")
    roll(game, 3)
    assert pending_roll(game).name == "Use"  # the card used makes its Use Roll (line 387)


# ---- RECUPERATE PHASE (lines 294-303) -------------------------------------------------------

@pytest.mark.parametrize(("natural", "healed"), [(1, False), (15, False), (16, True), (20, True)])
def test_heal_roll_1d20_16_plus_heals_each_wounded_character_fully(natural: int,
                                                                   healed: bool) -> None:
    game = game_at([{"name": "Vagabond", "wounds": 1}, "AWOL Coalition Grunt",
                    {"name": "Rogue Scholar", "wounds": 2}], at="Recuperate")
    # "Make 1 Healing roll for each Wounded Character. Roll 1D20. On a roll of 16+ the
    # Character is fully Healed." (lines 295-296): 2 wounded, 2 rolls
    spec = roll(game, natural, "Heal")
    assert (spec.count, spec.sides, spec.target, spec.modifier) == (1, 20, 16, 0)
    roll(game, natural, "Heal")
    assert is_turn_of(game, 1)
    assert [m.wounds for m in party(game).members] == ([0, 0, 0] if healed else [1, 0, 2])


def test_heal_ability_gives_an_extra_heal_roll_with_its_bonus() -> None:
    game = game_at(["Body Fixer", {"name": "Vagabond", "wounds": 1}], at="Recuperate")
    roll(game, 10, "Heal")  # 10 < 16
    # "Get 1 extra Heal roll" (line 95); Body Fixer: Heal +2 (line 46, ruling rifts-1)
    assert options(game) == ["Body Fixer's extra Heal roll (+2) for Vagabond", "Do not use it"]
    choose(game, "Body Fixer's extra Heal roll")
    assert roll(game, 14, "Heal").modifier == 2  # 14 + 2 = 16: healed
    assert member(game, "Vagabond").wounds == 0 and is_turn_of(game, 1)


def test_magic_card_extra_heal_roll_then_its_use_roll() -> None:
    game = game_at([{"name": "Shifter", "attached": [{"deck": "Magic", "name": "Restoration"}]},
                    {"name": "Vagabond", "wounds": 1}], at="Recuperate")
    roll(game, 2, "Heal")  # "Magic ... can give extra Heal rolls" (line 297)
    choose(game, "Shifter's extra Heal roll (+4) for Vagabond")  # Heal +4 (line 269)
    assert roll(game, 11, "Heal").modifier == 4  # 11 + 4 = 15 < 16
    roll(game, 5, "Use")  # USAGE RULE (lines 386-388): 5+, discarded
    assert member(game, "Shifter").attached == [] and discard(game, "Magic") == ["Restoration"]
    assert member(game, "Vagabond").wounds == 1


def test_incapacitated_healer_gives_no_extra_heal_roll() -> None:
    game = game_at([{"name": "Body Fixer", "wounds": 2}, {"name": "Vagabond", "wounds": 1}],
                   at="Recuperate")
    roll(game, 3, "Heal")
    roll(game, 3, "Heal")
    assert is_turn_of(game, 1)  # 2 wounds: no action (lines 497-499, ruling rifts-50)


@pytest.mark.parametrize(("repairer", "natural", "modifier", "repaired"), [
    ("Retired Coalition Tech", 15, 0, False),  # Repair (line 45): 1D20, 16+ (ruling rifts-34)
    ("Retired Coalition Tech", 16, 0, True),
    ("Operator", 14, 2, True),  # Repair Skill +2 (line 49, ruling rifts-2): 14 + 2 = 16
    ("Operator", 13, 2, False),
])
def test_repair_roll_from_a_non_wounded_character(repairer: str, natural: int, modifier: int,
                                                  repaired: bool) -> None:
    game = game_at([repairer, {"name": "AWOL Coalition Grunt",
                               "attached": [eq("Laser Rifle", damaged=True)]}], at="Recuperate")
    assert options(game) == [f"{repairer} repairs Laser Rifle (AWOL Coalition Grunt)",
                             "Do not repair"]
    choose(game, "repairs Laser Rifle")
    spec = roll(game, natural, "Repair")
    assert (spec.sides, spec.target, spec.modifier) == (20, 16, modifier)
    assert member(game, "AWOL Coalition Grunt").attached[0].damaged is not repaired
    assert is_turn_of(game, 1)


@pytest.mark.parametrize("first", [
    {"name": "Retired Coalition Tech", "wounds": 1},  # "non-wounded Character" (line 302)
    {"name": "Vagabond"},  # "Equipment cards do not get automatic Repair rolls" (line 301)
])
def test_no_repair_roll_without_a_non_wounded_repairer(first: dict) -> None:
    game = game_at([first, {"name": "AWOL Coalition Grunt",
                            "attached": [eq("Laser Rifle", damaged=True)]}], at="Recuperate")
    if first.get("wounds"):
        roll(game, 1, "Heal")
    assert is_turn_of(game, 1)
    assert member(game, "AWOL Coalition Grunt").attached[0].damaged


# ---- TRAVEL PHASE: Survival Stage (lines 309-322) -------------------------------------------

VEHICLE = [eq("Highway Motorcycle")]
SURVIVAL_ROWS = [  # (members, location, the modifiers)
    (["Vagabond", "AWOL Coalition Grunt"], "Farms", [1]),  # Survival +1 each (line 313)
    (["Vagabond", "Escaped Slave Borg"], "Farms", [1, 1]),
    (["Elemental Warlock"], "Farms", [2]),  # Wilderness at a Wilderness Locale (line 314)
    (["Elemental Warlock"], "Chi-Town", []),
    (["Wilderness Scout"], "Farms", [4]),  # Wilderness +2 (line 53): 2 + 2 (ruling rifts-1)
    (["City Rat"], "Chi-Town", [2]),  # Urban at an Urban Locale (line 316)
    (["City Rat"], "Farms", []),
    (["Rogue Scientist", "Rogue Scholar"], "Farms", [1, 1]),  # Knowledge (318, rifts-31)
    ([{"name": "AWOL Coalition Grunt", "attached": VEHICLE},  # all on Vehicles (line 319)
      {"name": "Vagabond", "attached": [eq("Wastelander Motorcycle")]}], "Farms", [1, 1]),
    ([{"name": "AWOL Coalition Grunt", "attached": VEHICLE}, "Coalition Elite Veteran"],
     "Farms", []),
    ([{"name": "AWOL Coalition Grunt", "attached": VEHICLE},  # "non-damaged Vehicles"
      {"name": "Coalition Elite Veteran",
       "attached": [eq("Wastelander Motorcycle", damaged=True)]}], "Farms", []),
    # all flying: "a further +1" (line 320, ruling rifts-33); Jet Pack and Hover Cycle: V, Fly
    ([{"name": "AWOL Coalition Grunt", "attached": [eq("Wilks Jet Pack")]},
      {"name": "Coalition Elite Veteran", "attached": [eq("Hover Cycle")]}], "Farms", [1, 1]),
    (["Dragon Hatchling", "Techno Wizard"], "Farms", [1]),  # Fly, no Vehicle
    (["Dragon Hatchling", "AWOL Coalition Grunt"], "Farms", []),
    (["Vagabond", "Rogue Scholar", "Wilderness Scout"], "Farms", [1, 1, 4]),
    ([{"name": "Vagabond", "wounds": 2}], "Farms", []),  # incapacitated (ruling rifts-50)
]


@pytest.mark.parametrize(("members", "location", "expected"), SURVIVAL_ROWS)
def test_survival_roll_modifiers(members: list, location: str, expected: list[int]) -> None:
    game = game_at(members, location, at="Travel")
    spec = pending_roll(game)
    assert (spec.name, spec.count, spec.sides, spec.target) == ("Survival", 1, 20, 16)
    assert amounts(game) == expected and spec.modifier == sum(expected)


# ---- TRAVEL PHASE: the Hazard Table (lines 323-344) -----------------------------------------

RICH = [  # one of each card a hazard can strike
    {"name": "City Rat", "attached": [eq("Highway Motorcycle"), eq("Bionic Arm"),
                                      eq("Laser Pistol")]},
    {"name": "Mystic", "attached": [{"deck": "Magic", "name": "Fire Ball"},
                                    {"deck": "Psionic", "name": "Deaden Pain"}]},
]
HAND = (("Equipment", "Vibro Blades"), ("Magic", "Energy Bolt"), ("Psionic", "Empathy"))
HAZARDS = [  # (1D20, result, random picks forced, what follows, expected state)
    (1, "Crash", [], "encounter", {"damaged": ["Highway Motorcycle"]}),
    (2, "Destroyed", ["Laser Pistol on City Rat"], "encounter",  # or the Bionic Arm
     {"gone": ["Laser Pistol"], "odds": 2}),
    (3, "Broken", ["Bionic Arm on City Rat"], "encounter", {"damaged": ["Bionic Arm"], "odds": 2}),
    (4, "Hurt", ["Mystic"], "encounter", {"wounds": {"Mystic": 1}, "odds": 2}),
    (5, "Sick", ["City Rat"], "encounter", {"wounds": {"City Rat": 1}, "odds": 2}),
    (6, "Lost", [], "turn ends", {"next_turn": "Travel"}),
    (7, "Ambush", [], "combat", {}),
    (8, "Dissipate", [], "encounter", {"gone": ["Fire Ball"]}),
    (9, "Exhaustion", [], "encounter", {"gone": ["Deaden Pain"]}),
    (10, "Separated", ["Mystic"], "separated", {"odds": 2}),
    (11, "Totaled", ["City Rat"], "encounter",
     {"gone": ["Highway Motorcycle"], "wounds": {"City Rat": 1}, "odds": 2}),
    (12, "Left Behind", ["Energy Bolt", "Vibro Blades"], "encounter",
     {"hand": ["Empathy"], "odds": 3, "discarded": ["Energy Bolt", "Vibro Blades"]}),
    (13, "Weakened", [], "encounter", {"bonus": -2}),
    (14, "Short Circuit", [], "encounter", {"damaged": ["Bionic Arm"]}),
    (15, "Out of Ammo", [], "encounter", {"gone": ["Laser Pistol"]}),
    (16, "Stuck", [], "turn ends", {"next_turn": "Travel"}),
    (17, "Detained", [], "turn ends", {"next_turn": None}),
    (18, "Hunger", [], "encounter", {"bonus": -1}),
    (19, "Exposure", [], "encounter", {"bonus": -1}),
    (20, "Out of Fuel", [], "encounter", {"gone": ["Highway Motorcycle"]}),
]


def attached_cards(game: Game) -> list[tuple[str, bool]]:
    return [(h.name, h.damaged) for m in party(game).members for h in m.attached]


@pytest.mark.parametrize(("natural", "result", "picks", "then", "expect"), HAZARDS,
                         ids=[f"{n}-{r}" for n, r, *_ in HAZARDS])
def test_hazard_table_row(natural: int, result: str, picks: list[str], then: str,
                          expect: dict[str, Any]) -> None:
    game = game_at(RICH, "Farms", at="Travel", hand=HAND if result == "Left Behind" else ())
    roll(game, 15, "Survival")  # 15 + 0 < 16: "roll on the Hazard Table" (line 312)
    before = [name for name, _ in attached_cards(game)]
    spec = roll(game, natural, "Hazard")
    assert (spec.count, spec.sides, spec.modifier) == (1, 20, 0)
    assert logged(game, f"Hazard {natural}: {result}")
    if "odds" in expect:  # a uniform random pick (ruling rifts-81)
        assert [p for _, p in game.chance_outcomes()] == [Fraction(1, expect["odds"])] * \
            expect["odds"]
    for text in picks:
        pick(game, text)
    gone, damaged = expect.get("gone", []), expect.get("damaged", [])
    assert attached_cards(game) == [(n, n in damaged) for n in before if n not in gone]
    assert sorted(discard(game, "Equipment") + discard(game, "Magic") + discard(
        game, "Psionic")) == sorted(expect.get("discarded", gone))
    assert {m.name: m.wounds for m in party(game).members} == \
        {"City Rat": 0, "Mystic": 0, **expect.get("wounds", {})}
    assert hand_of(game) == expect.get("hand", [])
    bonuses = [(b.amount, b.reason) for b in party(game).bonuses]
    assert bonuses == ([(expect["bonus"], result)] if "bonus" in expect else [])
    if then == "encounter":
        assert pending_roll(game).name == "Encounter"
    elif then == "turn ends":  # "Party misses rest of turn" (line 330), "Your turn ends." (341)
        assert is_turn_of(game, 1) and party(game).location == "Farms"
        assert party(game).next_turn == expect["next_turn"]
    elif then == "combat":  # "Flip cards till you get a Foe. They get +5 Force" (line 331)
        draw(game, "Foe", "Mutant Animals")  # 6 Tokens of 9 Force, no cards (line 623)
        assert [t.force for t in game.state.combat.tokens] == [9 + 5] * 6  # ruling rifts-41
    else:  # "lost for the next 1D6 turns" (line 334)
        roll(game, 3, "Turns lost (1D6)")
        assert member(game, "Mystic").away == 1 + 3  # this turn and 3 more (ruling rifts-67)
        assert pending_roll(game).name == "Encounter"


def test_ruling_81_random_picks_with_nothing_to_pick() -> None:
    game = game_at(["Vagabond", "AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 1, "Survival")  # 1 + 1 (Survival) < 16
    roll(game, 1, "Hazard")  # Crash: "One random Vehicle is damaged" (line 325): none
    assert pending_roll(game).name == "Encounter"


def test_ruling_81_random_picks() -> None:
    game = game_at(["Vagabond", "AWOL Coalition Grunt", {"name": "Mystic", "away": 2}],
                   "Farms", at="Travel")
    roll(game, 1, "Survival")
    roll(game, 4, "Hazard")  # Hurt: "One random Character is wounded" (line 328)
    # the Separated Mystic is not with the party (ruling rifts-67)
    assert [(str(o), p) for o, p in game.chance_outcomes()] == [
        ("Vagabond", Fraction(1, 2)), ("AWOL Coalition Grunt", Fraction(1, 2))]
    pick(game, "AWOL Coalition Grunt")
    assert member(game, "AWOL Coalition Grunt").wounds == 1


# ---- TRAVEL PHASE: Encounter and Destination Stages (lines 345-358) -------------------------

@pytest.mark.parametrize(("natural", "foe"), [(1, False), (10, False), (11, True), (20, True)])
def test_encounter_roll_11_plus_flips_a_foe(natural: int, foe: bool) -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 16, "Survival")
    spec = roll(game, natural, "Encounter")  # "Roll 1D20 (Encounter Roll): On 11+" (line 347)
    assert (spec.count, spec.sides, spec.target) == (1, 20, 11)
    assert game.pending.label == f"Draw from the {'Foe' if foe else 'Location'} deck"


@pytest.mark.parametrize("fight", [False, True])
def test_destination_stage_the_top_location_is_the_new_location(fight: bool) -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 16, "Survival")
    roll(game, 11 if fight else 10, "Encounter")
    if fight:  # "If you survived Encounter Phase" (line 357)
        draw(game, "Foe", "Xiticix Hive")
        win_fight(game)
    draw(game, "Location", "Tolkeen")  # "This is your new Location." (line 358)
    assert party(game).location == "Tolkeen" and discard(game, "Location") == ["Farms"]
    assert is_turn_of(game, 1) and party(game).at == (1 if fight else 0)


def test_ruling_77_encounter_roll() -> None:
    game = game_at(["Vagabond", "Wilderness Scout", "Rogue Scholar"], "Farms", at="Travel")
    assert pending_roll(game).modifier == 1 + 4 + 1  # Survival, Wilderness +2, Knowledge
    roll(game, 1, "Survival")
    roll(game, 13, "Hazard")  # Weakened: -2 to "all your rolls" (line 337)
    spec = roll(game, 11, "Encounter")
    assert spec.modifiers == () and spec.target == 11
    game = game_at(["AWOL Coalition Grunt"], "Old Canada", at="Supply")
    roll(game, 10, "Supply")
    roll(game, 11, "Bonus Supply")
    roll(game, 12, "Bonus Supply Table")  # Study Maps: "ignore Foe Cards" (line 402)
    choose(game, "Equipment")
    draw(game, "Equipment", "Bionic Arm")
    choose(game, "Keep")
    other_party_recuperates(game)
    choose(game, "Travel")
    roll(game, 16, "Survival")
    # Study Maps lets the party ignore the Foe cards it meets; the Encounter roll is still made
    spec = roll(game, 10, "Encounter")
    assert spec.modifiers == () and party(game).ignore_foes is False
    assert game.pending.label == "Draw from the Location deck"


def with_study_maps() -> Game:
    """Party 0 at Old Canada (W Any 1, line 537) gains Study Maps (Bonus Supply 12, line 402:
    "Next Travel Phase you may ignore Foe Cards"); party 1 recuperates; party 0 chooses to
    Travel."""
    game = game_at(["AWOL Coalition Grunt"], "Old Canada", at="Supply")
    roll(game, 10, "Supply")
    roll(game, 11, "Bonus Supply")
    roll(game, 12, "Bonus Supply Table")
    choose(game, "Equipment")
    draw(game, "Equipment", "Bionic Arm")
    choose(game, "Keep")
    assert party(game).ignore_foes is True
    other_party_recuperates(game)
    choose(game, "Travel")
    return game


IGNORE = "Ignore the Mutant Animals: the Foe card is discarded (Study Maps)"


@pytest.mark.parametrize("ignore", [True, False])
def test_study_maps_is_a_choice_when_the_encounter_foe_is_met(ignore: bool) -> None:
    # issue #10 item 6; line 402 "you may ignore Foe Cards": a choice, offered when a Foe is
    # met (ruling rifts-80); the Encounter roll is still made (line 347, ruling rifts-77).
    game = with_study_maps()
    roll(game, 16, "Survival")
    roll(game, 11, "Encounter")
    draw(game, "Foe", "Mutant Animals")  # X 6 9 WO (line 623)
    assert options(game) == ["Fight the Mutant Animals", IGNORE]
    assert game.pending.prompt == ("Study Maps: fight the Mutant Animals (6 Token(s) of 9 "
                                   "Force) or ignore it?")
    choose(game, IGNORE if ignore else "Fight the Mutant Animals")
    if ignore:
        assert discard(game, "Foe") == ["Mutant Animals"] and game.state.combat is None
        assert logged(game, "Study Maps: the party ignores the Mutant Animals")
        assert game.pending.label == "Draw from the Location deck"  # on to the Destination
    else:  # the fight: Old Canada gives Xiticix +3 (line 537), not Mutants: 9 per Token
        assert [t.force for t in game.state.combat.tokens] == [9] * 6
        assert options(game) == ["Fight this round", "Try to escape (Escape roll)"]


def test_study_maps_lets_the_party_ignore_an_ambush_and_the_encounter_foe() -> None:
    # issue #10 item 6: "Foe Cards" in the whole next Travel Phase: the Foe flipped by a
    # Hazard Ambush (line 331, "They get +5 Force") and the Encounter Stage's Foe after it
    game = with_study_maps()
    roll(game, 1, "Survival")
    roll(game, 7, "Hazard")
    draw(game, "Foe", "Mutant Animals")
    assert game.pending.prompt == ("Study Maps: fight the Mutant Animals (6 Token(s) of 9 "
                                   "Force, +5 each from the Ambush) or ignore it?")
    choose(game, IGNORE)
    roll(game, 11, "Encounter")  # the trip goes on (line 345)
    draw(game, "Foe", "Wolfen")  # D 10 5 Tech 2 (line 598)
    choose(game, "Ignore the Wolfen: the Foe card is discarded (Study Maps)")
    assert discard(game, "Foe") == ["Mutant Animals", "Wolfen"]
    assert game.pending.label == "Draw from the Location deck"


def test_study_maps_is_spent_by_a_travel_phase_that_ends_early() -> None:
    # issue #10 item 6: "Next Travel Phase" is spent by it even if it ends at a Hazard
    # (Detained, line 341: "Your turn ends"); the Travel Phase after meets its Foe unasked.
    game = with_study_maps()
    roll(game, 1, "Survival")
    roll(game, 17, "Hazard")
    assert party(game).ignore_foes is False and is_turn_of(game, 1)
    other_party_recuperates(game)
    choose(game, "Travel")
    roll(game, 16, "Survival")
    roll(game, 11, "Encounter")
    draw(game, "Foe", "Mutant Animals")
    assert options(game) == ["Fight this round", "Try to escape (Escape roll)"]


@pytest.mark.parametrize(("hazard", "name", "penalty"), [
    (13, "Weakened", -2), (18, "Hunger", -1), (19, "Exposure", -1)])  # lines 337, 342, 343
def test_weakened_hunger_and_exposure_do_not_change_the_morale_check(
        hazard: int, name: str, penalty: int) -> None:
    # issue #10 item 7: "-N to all your rolls" are the party's rolls; the Morale Check is the
    # Foes' ("Foes get -1 to Morale Check", line 507): no modifier (Mutant Animals are
    # Mutants, neither Monster nor Human, lines 518-519). The Escape roll keeps the penalty.
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 1, "Survival")
    roll(game, hazard, "Hazard")
    roll(game, 11, "Encounter")
    draw(game, "Foe", "Mutant Animals")
    choose(game, "Fight this round")  # Force 4 and 9: nobody attacks (lines 473, 481)
    assert roll(game, 1, "Morale").modifiers == ()
    choose(game, "Try to escape")
    assert pending_roll(game).modifiers == ((penalty, name),)


def test_a_known_top_card_is_logged_with_how_it_became_known() -> None:
    # issue #10 item 11: a card on top by the scenario is not "known from Scrying"
    game = scenario([{"members": [{"name": "Mystic"}], "location": "Farms"}, OTHER],
                    at="turn", top={"Location": ["Desert"]})
    choose(game, "Mystic: use Scrying")  # Scrying (line 58, 83): 5 - 3 = 2 cards seen
    choose(game, "Look into the Location deck")
    roll(game, 5)
    draw(game, "Location", "Tolkeen")
    draw(game, "Location", "Chi-Town")
    assert game.state.decks["Location"].top == ["Desert", "Tolkeen", "Chi-Town"]
    choose(game, "Travel")
    roll(game, 16, "Survival")
    roll(game, 1, "Encounter")
    assert logged(game, "Draws Desert from the Location deck (known: put on top by the "
                        "scenario)")
    assert not logged(game, "Scrying)")
    other_party_recuperates(game)
    choose(game, "Travel")
    roll(game, 16, "Survival")
    roll(game, 1, "Encounter")
    assert logged(game, "Draws Tolkeen from the Location deck (known: seen on top by "
                        "Scrying)")


def escape_from(hazard: bool, escape_table: int) -> Game:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 1 if hazard else 16, "Survival")
    roll(game, 7 if hazard else 11, "Hazard" if hazard else "Encounter")  # Ambush / a Foe
    draw(game, "Foe", "Mutant Animals")
    choose(game, "Try to escape")
    roll(game, 16, "Escape")  # "On 16+ the party escapes" (line 463)
    spec = roll(game, escape_table, "Escape Table")  # "roll 1D6 on the Escape Table" (349)
    assert (spec.count, spec.sides, spec.modifier) == (1, 6, 0)
    return game


@pytest.mark.parametrize(("natural", "result", "next_turn"), [
    (1, "Retreat", None), (2, "Retreat", None),  # "Remain at your starting Location." (352)
    (3, "Minor Delay", "Travel"),  # "Go on to Travel Phase next turn" (line 353)
    (4, "Major Delay", "Destination"),  # "Go on to Destination Phase next turn" (line 354)
    (5, "Continue Forward", None), (6, "Continue Forward", None),  # "... now" (line 355)
])
def test_escape_table_row(natural: int, result: str, next_turn: str | None) -> None:
    game = escape_from(False, natural)
    assert logged(game, f"Escape Table {natural}: {result}")
    assert discard(game, "Foe") == ["Mutant Animals"]
    if result == "Continue Forward":
        draw(game, "Location", "Desert")
    assert party(game).location == ("Desert" if result == "Continue Forward" else "Farms")
    assert is_turn_of(game, 1) and party(game).next_turn == next_turn


def test_ruling_76_next_turn_continue_forward_after_an_ambush_is_at_once() -> None:
    game = escape_from(True, 5)  # "Go on to Destination Phase now" (line 355, rifts-69/76)
    assert game.pending.label == "Draw from the Location deck"


def test_ruling_76_next_turn() -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 1, "Survival")
    roll(game, 6, "Hazard")  # Lost: "must start at Travel Phase next turn" (line 330)
    other_party_recuperates(game)
    roll(game, 16, "Survival")  # no Decision Act
    roll(game, 1, "Encounter")
    draw(game, "Location", "Desert")
    other_party_recuperates(game)
    assert options(game) == FOUR_PHASES  # the turn after: the Decision Act again
    game = escape_from(False, 4)  # Major Delay
    other_party_recuperates(game)
    draw(game, "Location", "Desert")  # straight to the Destination Stage
    assert party(game).location == "Desert" and is_turn_of(game, 1)


@pytest.mark.parametrize(("location", "not_met", "met"), [
    ("Chi-Town", "Dinosaurs", "Crazies"),  # WO (line 610) at Chi-Town, U; Crazies UO (624)
    ("Farms", "City Rat Pack", "Xiticix Hive"),  # UO (line 628) at Farms, W
])
def test_ruling_66_only_foes(location: str,
                                                                    not_met: str,
                                                                    met: str) -> None:
    game = game_at(["AWOL Coalition Grunt"], location, at="Travel")
    roll(game, 16, "Survival")
    roll(game, 11, "Encounter")
    draw(game, "Foe", not_met)
    assert discard(game, "Foe") == [not_met]
    draw(game, "Foe", met)
    assert game.state.combat.foe == met


def test_ruling_51_weakened() -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 1, "Survival")
    assert roll(game, 13, "Hazard").modifiers == ()  # Weakened (line 337)
    assert roll(game, 11, "Encounter").modifiers == ()  # not the party's roll (rifts-51, 77)
    draw(game, "Foe", "Mutant Animals")
    choose(game, "Try to escape")
    assert roll(game, 17, "Escape").modifiers == ((-2, "Weakened"),)  # 15 < 16: must fight
    # Grunt: Force 4, Tokens: 9, so no attack rolls (lines 473, 481). The Morale Check is
    # the Foes' roll ("Foes get -1 to Morale Check", line 507): Weakened does not change it
    assert roll(game, 8, "Morale").modifiers == ()  # 8 < 9
    choose(game, "Try to escape")
    roll(game, 18, "Escape")  # 18 - 2 = 16: escapes
    assert roll(game, 1, "Escape Table").modifiers == ()  # a table: Retreat
    other_party_recuperates(game)
    choose(game, "Mission")  # "the rest of this and next turn"
    assert roll(game, 1, "Mission").modifiers == ((-2, "Weakened"),)
    other_party_recuperates(game)
    choose(game, "Mission")
    assert roll(game, 1, "Mission").modifiers == () and party(game).bonuses == []


def test_ruling_67_separated() -> None:
    game = game_at(["Vagabond", "AWOL Coalition Grunt"], "Farms", at="Travel")
    roll(game, 1, "Survival")
    roll(game, 10, "Hazard")  # Separated (line 334)
    pick(game, "Vagabond")
    roll(game, 2, "Turns lost (1D6)")
    roll(game, 1, "Encounter")
    draw(game, "Location", "Desert")
    assert member(game, "Vagabond").away == 2
    other_party_recuperates(game)
    choose(game, "Travel")  # turn 1 of 2 lost: its Survival does not count
    assert roll(game, 20, "Survival").modifiers == ()
    roll(game, 1, "Encounter")
    draw(game, "Location", "Settlement")
    other_party_recuperates(game)
    choose(game, "Heal & Repair")  # turn 2 of 2: it comes back at its end
    assert member(game, "Vagabond").away == 0 and logged(game, "Vagabond finds the party again")
    other_party_recuperates(game)
    choose(game, "Travel")
    assert roll(game, 20, "Survival").modifiers == ((1, "Vagabond: Survival"),)


def test_ruling_92_last_character_killed_by_a_hazard_wipes_out() -> None:
    # Hazard 4 "Hurt": one random Character is wounded (hazard table, ruling rifts-42); a
    # Character with 2 Wounds that takes a third is killed (line 500). With no Character left
    # the party is Wiped Out as after a combat (lines 528-530, ruling rifts-92): half of its 5
    # AT discarded rounding the half down, 5 - 2 = 3 (rifts-88), its cards discarded, and 2 new
    # Characters drawn.
    game = game_at([{"name": "Vagabond", "wounds": 2}], "Farms", at="Travel", tokens=5,
                   hand=(("Magic", "Fly"),))
    roll(game, 1, "Survival")
    roll(game, 4, "Hazard")  # one Character: no random pick
    assert logged(game, "Vagabond is killed")
    assert logged(game, "Wiped Out (ruling rifts-92)")
    assert party(game).at == 3
    assert party(game).hand == []
    draw(game, "Character", "Body Fixer")
    draw(game, "Character", "City Rat")
    assert [m.name for m in party(game).members] == ["Body Fixer", "City Rat"]


# ---- MISSION PHASE (lines 411-432) ----------------------------------------------------------

MISSION_ROWS = [  # (1D20, result, what follows)
    (1, "Find Nothing", "nothing"), (4, "Find Nothing", "nothing"),
    (5, "Meet Foes", "fight"), (6, "Meet Foes", "fight"),
    (7, "Ambushed", "fight first"), (8, "Ambushed", "fight first"),
    (9, "Surprise Foes", "fight +5"), (10, "Surprise Foes", "fight +5"),
    (11, "Rescue Mission", "fight"), (12, "Help Locals", "1 AT"), (13, "Protect Town", "fight"),
    (14, "Discovery", "+5 of your choice"), (15, "Solve Mystery", "Magic"),
    (16, "Abandoned Equipment", "Equipment"), (17, "Battlefield Remains", "damaged Equipment"),
    (18, "Psychic Impressions", "Psionic"), (19, "Major Adventure", "fight"),
    (20, "Minor Adventure", "fight"),
]


@pytest.mark.parametrize(("natural", "result", "then"), MISSION_ROWS,
                         ids=[f"{n}-{r}" for n, r, _ in MISSION_ROWS])
def test_mission_table_row(natural: int, result: str, then: str) -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Mission")
    spec = roll(game, natural, "Mission")  # "Roll 1D20 on the Mission Table" (line 412)
    assert (spec.count, spec.sides, spec.modifier) == (1, 20, 0)
    assert logged(game, f"Mission roll {natural}: {result}")
    if then == "nothing":
        assert is_turn_of(game, 1) and party(game).at == 0
    elif then.startswith("fight"):
        draw(game, "Foe", "Xiticix Hive")
        combat = game.state.combat
        assert combat.foes_first is (then == "fight first")  # "They Attack First" (line 421)
        assert combat.first_round_force == (5 if then == "fight +5" else 0)  # line 422
    elif then == "1 AT":  # "Gain 1 AT" (line 424)
        assert party(game).at == 1 and is_turn_of(game, 1)
    elif then == "+5 of your choice":  # line 426
        assert [(b.amount, b.choice) for b in party(game).bonuses] == [(5, True)]
    else:  # "Gain 1 extra Magic Card" ... "Psionic Card" (lines 427-430)
        deck = then.split()[-1]
        name = {"Magic": "Fire Ball", "Equipment": "Laser Rifle", "Psionic": "Empathy"}[deck]
        draw(game, deck, name)
        choose(game, f"Keep {name} in hand")
        assert [(h.deck, h.name, h.damaged) for h in party(game).hand] == [
            (deck, name, then.startswith("damaged"))]


@pytest.mark.parametrize(("natural", "members", "total"), [
    (19, ["Rogue Scholar"], 20),  # 19 + 1 (Knowledge, line 416)
    (20, ["Rogue Scholar", "Rogue Scientist", "Wilderness Scout"], 20 + 1 + 1 + 4),
])
def test_mission_table_20_plus(natural: int, members: list, total: int) -> None:
    game = game_at(members, "Farms", at="Mission")
    roll(game, natural, "Mission")  # "20+ Minor Adventure" (line 432)
    assert logged(game, f"Mission roll {total}: Minor Adventure")


@pytest.mark.parametrize(("members", "location", "expected"), [
    ([{"name": "Vagabond", "attached": [eq("Surveillance Equipment")]}], "Farms", [1]),  # Track
    (["Rogue Coalition Dog Pack"], "Farms", [4]),  # Hunt +2: "+2 to Track Rolls" (70) + 2
    (["Psi-Stalker"], "Farms", [2]),  # Drain: "+2 to Track Rolls" (line 73)
    ([{"name": "Vagabond", "attached": [eq("Motion Detector")]}], "Farms", [1]),  # Sensors (114)
    (["Elemental Warlock", "City Rat"], "Farms", [2]),  # Wilderness at W (line 414)
    (["Elemental Warlock", "City Rat"], "Tolkeen", [2]),  # Urban at U (line 415)
    (["Rogue Scholar", "Rogue Scientist"], "Tolkeen", [1, 1]),  # Knowledge (line 416)
])
def test_mission_roll_modifiers(members: list, location: str, expected: list[int]) -> None:
    assert amounts(game_at(members, location, at="Mission")) == expected


@pytest.mark.parametrize(("natural", "foes", "won", "at"), [
    (11, ["Xiticix Hive"], 1, 1),  # Rescue Mission (line 423), see below
    (11, ["Xiticix Hive"], 0, 0),  # escaped: no reward (rulings rifts-38, rifts-69)
    (13, ["Xiticix Hive"], 1, 1 + 1),  # Protect Town: "1 extra AT if you win" (line 425)
    (19, ["Xiticix Hive", "Xiticix Scouts", "Mutant Animals"], 3, 3 + 2),  # line 431
    (20, ["Xiticix Hive", "Mutant Animals"], 2, 2 + 1),  # line 432
    (20, ["Xiticix Hive", "Mutant Animals"], 1, 1),  # not "win all": no extra AT
])
def test_mission_fights_and_their_rewards(natural: int, foes: list[str], won: int,
                                          at: int) -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Mission")
    roll(game, natural, "Mission")
    for number, foe in enumerate(foes[:won + 1]):  # every Token under 10 Force
        draw(game, "Foe", foe)
        if number < won:
            win_fight(game)  # "Every time you defeat a Foe gain 1 AT." (line 15)
        else:
            choose(game, "Try to escape")
            roll(game, 16, "Escape")
    if natural == 11 and won:  # "Gain 1 extra Character Card" (line 423)
        draw(game, "Character", "Vagabond")
        assert options(game) == ["Vagabond joins the party", "Keep Vagabond in hand"]
        choose(game, "Vagabond joins the party")  # ruling rifts-54
    assert party(game).at == at and is_turn_of(game, 1)
    assert [m.name for m in party(game).members] == ["AWOL Coalition Grunt"] + (
        ["Vagabond"] if natural == 11 and won else [])


# ---- SUPPLY PHASE (lines 359-410) -----------------------------------------------------------

@pytest.mark.parametrize(("natural", "bonus"), [(9, None), (10, 10), (20, 11)])
def test_supply_roll_10_plus_then_the_bonus_supply_check_11_plus(natural: int,
                                                                  bonus: int | None) -> None:
    game = game_at(["AWOL Coalition Grunt"], "Old Canada", at="Supply")
    spec = roll(game, natural, "Supply")  # "Roll 1D20. On a roll of 10+" (line 360)
    assert (spec.count, spec.sides, spec.target, spec.modifier) == (1, 20, 10, 0)
    if bonus is None:  # "If less you may not Resupply." (line 361)
        assert is_turn_of(game, 1) and party(game).hand == []
        return
    spec = roll(game, bonus, "Bonus Supply")  # "on a roll of 11+ on 1D20" (line 370)
    assert (spec.count, spec.sides, spec.target) == (1, 20, 11)
    if bonus >= 11:
        assert (pending_roll(game).name, pending_roll(game).sides) == ("Bonus Supply Table", 20)
    else:
        assert game.pending.prompt == "Supply card 1 of 1: which deck?"


@pytest.mark.parametrize(("members", "location", "expected"), [
    (["Rogue Scholar"], "Farms", [1, 1]),  # Communicate +1 (line 362), Knowledge +1 (367)
    ([{"name": "Vagabond", "attached": [eq("Universal Translator")]}], "Farms", [1]),  # l. 179
    (["Elemental Warlock", "City Rat"], "Farms", [2]),  # Wilderness at W (line 363)
    (["Elemental Warlock", "City Rat"], "Chi-Town", [2]),  # Urban at U (line 365)
    (["Rogue Scientist", "Vagabond"], "Chi-Town", [1]),  # Knowledge (line 367, rifts-31)
    (["Vagabond"], "Farms", []),
])
def test_supply_roll_modifiers(members: list, location: str, expected: list[int]) -> None:
    assert amounts(game_at(members, location, at="Supply")) == expected


def test_supply_minus_5_when_supplied_here_last_turn() -> None:
    game = game_at(["AWOL Coalition Grunt"], "Old Canada", at="Supply")
    roll(game, 10, "Supply")
    roll(game, 10, "Bonus Supply")
    choose(game, "Draw from the Equipment deck")
    draw(game, "Equipment", "Laser Rifle")
    choose(game, "Keep Laser Rifle in hand")
    other_party_recuperates(game)
    choose(game, "Resupply")
    # "If you gained Supplies from this locale last turn get -5 to the roll." (line 368)
    assert pending_roll(game).modifiers == ((-5, "supplied at this location last turn"),)
    roll(game, 14, "Supply")  # 14 - 5 = 9 < 10: nothing gained
    other_party_recuperates(game)
    choose(game, "Resupply")
    assert pending_roll(game).modifiers == ()  # gained two turns ago, not last turn


SUPPLY_DECKS = [  # (Location, decks offered (lines 371-383), cards drawn: the Supply number)
    ("Northern Wastelands", ["Character", "Magic", "Psionic"],  # Non-Tech 1 (line 372)
     [("Magic", "Fire Ball")]),
    ("Old Canada", ["Character", "Magic", "Psionic", "Equipment"],  # Any 1 (line 383)
     [("Equipment", "Laser Rifle")]),
    ("Chi-Town", ["Character", "Psionic", "Equipment"],  # Tech 2: not Magic (line 378)
     [("Equipment", "Laser Rifle"), ("Psionic", "Empathy")]),
    ("Tolkeen", ["Character", "Magic"],  # Magic 2 (line 375)
     [("Character", "Line Walker"), ("Magic", "Fire Ball")]),
    ("Psi-World", ["Character", "Psionic"],  # Psionic 2 (line 380)
     [("Character", "Burster"), ("Psionic", "Mind Bolt")]),
    ("Refugee Camp", ["Character"], [("Character", "Vagabond")]),  # Character 1 (rifts-18)
    ("Federation of Magic", ["Character", "Magic"],  # Magic 3 (line 552)
     [("Magic", "Fire Ball"), ("Magic", "Energy Bolt"), ("Character", "Shifter")]),
    ("Black Market", ["Character", "Magic", "Psionic", "Equipment"],  # Any 2 (line 559)
     [("Character", "Vagabond"), ("Equipment", "Laser Rifle")]),
]


@pytest.mark.parametrize(("location", "decks", "cards"), SUPPLY_DECKS,
                         ids=[row[0] for row in SUPPLY_DECKS])
def test_supply_kind_gives_its_decks_and_number_of_cards(
        location: str, decks: list[str], cards: list[tuple[str, str]]) -> None:
    game = game_at(["AWOL Coalition Grunt"], location, at="Supply")
    roll(game, 10, "Supply")
    roll(game, 1, "Bonus Supply")
    for number, (deck, name) in enumerate(cards):
        assert game.pending.prompt == f"Supply card {number + 1} of {len(cards)}: which deck?"
        assert options(game) == [f"Draw from the {d} deck" for d in decks]
        choose(game, f"Draw from the {deck} deck")
        draw(game, deck, name)
        choose(game, f"Keep {name} in hand")
    assert is_turn_of(game, 1)
    assert [(h.deck, h.name) for h in party(game).hand] == cards


@pytest.mark.parametrize(("location", "draws", "kept"), [
    # "if it is not a Mage then discard it and draw again from the Magic deck" (line 376)
    ("Tolkeen", [("Character", "Vagabond")], ("Magic", "Fire Ball")),
    ("Tolkeen", [("Character", "Dragon Hatchling")], ("Magic", "Fire Ball")),  # RC (rifts-19)
    ("Tolkeen", [], ("Character", "Line Walker")),  # MG (line 54)
    # "If you draw a Mage from the Character deck, discard it and draw again." (line 379)
    ("Chi-Town", [("Character", "Mystic"), ("Character", "Shifter")],
     ("Character", "Vagabond")),  # again from the Character deck (ruling rifts-20)
    ("Chi-Town", [], ("Character", "Dragon Hatchling")),  # not a Mage (rifts-19)
    # "not Psychic then discard it and draw again from the Psionic deck" (lines 381-382)
    ("Psi-World", [("Character", "Vagabond")], ("Psionic", "Empathy")),
    ("Psi-World", [("Character", "Crazy Mercenary")], ("Psionic", "Empathy")),  # (rifts-19)
    ("Psi-World", [], ("Character", "Burster")),  # PY (line 60)
])
def test_supply_character_redraw_rules_of_the_examples(
        location: str, draws: list[tuple[str, str]], kept: tuple[str, str]) -> None:
    game = game_at(["AWOL Coalition Grunt"], location, at="Supply")
    roll(game, 10, "Supply")
    roll(game, 1, "Bonus Supply")
    choose(game, "Draw from the Character deck")
    for deck, name in [*draws, kept]:
        draw(game, deck, name)
    assert discard(game, "Character") == [name for _, name in draws]
    choose(game, f"Keep {kept[1]} in hand")
    assert [(h.deck, h.name) for h in party(game).hand] == [kept]


def keep(deck: str, name: str) -> list[tuple[str, ...]]:
    return [("draw", deck, name), ("choose", f"Keep {name} in hand")]


BONUS_ROWS = [  # (1D20, result, steps, expected state); Old Canada then gives its 1 card
    (1, "Vehicle Park", [("draw", "Equipment", "Laser Pistol"), *keep("Equipment", "Hover Cycle"),
                         ("draw", "Equipment", "Highway Motorcycle")],  # first Vehicle only
     {"hand": ["Hover Cycle"], "discard": ["Laser Pistol", "Highway Motorcycle"]}),
    (2, "Magical Mentor", keep("Magic", "Fire Ball"), {"hand": ["Fire Ball"]}),
    (3, "Depleted", [], {"cards": 0}),  # 1 - 1
    (4, "Psychic Friend", keep("Psionic", "Empathy"), {"hand": ["Empathy"]}),
    (5, "Broker Agreement", [], {"at": [1 + 1, 2]}),
    (6, "Garbage Heap", keep("Equipment", "Laser Pistol"),
     {"hand": ["Laser Pistol"], "hand_damaged": True}),
    (7, "Framed", [], {"at": [1 - 1, 2]}),
    (8, "Take Credit", [("choose", "Steal 1 AT from Player 2")], {"at": [1 + 1, 2 - 1]}),
    (9, "Hostile Natives", [], {"hostile": ["Old Canada"]}),
    (10, "Leads", [], {"bonus": (5, ("Supply",), False, True, "Old Canada")}),
    (11, "Analyze Data", [], {"bonus": (2, (), True, False, None)}),
    (12, "Study Maps", [], {"ignore_foes": True}),
    (13, "Medical Care", [("choose", "Heal 1 wound of Vagabond")] * 2, {"wounds": 2 - 2}),
    (14, "Rumors of Foes", [], {"bonus": (3, ("Mission",), False, True, None)}),
    (15, "Training", [], {"experience": [1, 1]}),
    (16, "Fixer", [("choose", "Repair Laser Rifle")], {"repaired": True}),
    (17, "Gift", keep("Equipment", "Laser Pistol"), {"hand": ["Laser Pistol"]}),
    (18, "Guide", [], {"bonus": (5, ("Survival",), False, True, None)}),
    (19, "Black Market", [("choose", "Draw from the Psionic deck"), *keep("Psionic", "Empathy")],
     {"hand": ["Empathy"]}),
    (20, "Lean Times", [], {"bonus": (-3, ("Supply",), False, False, "Old Canada")}),
]


def bonus_table_game(natural: int) -> Game:
    game = game_at([{"name": "Vagabond", "wounds": 2},
                    {"name": "Retired Coalition Tech",
                     "attached": [eq("Laser Rifle", damaged=True)]}], "Old Canada",
                   at="Supply", tokens=1, other={**OTHER, "at": 2})
    roll(game, 10, "Supply")
    roll(game, 11, "Bonus Supply")
    assert roll(game, natural, "Bonus Supply Table").modifiers == ()
    return game


@pytest.mark.parametrize(("natural", "result", "steps", "expect"), BONUS_ROWS,
                         ids=[f"{n}-{r}" for n, r, *_ in BONUS_ROWS])
def test_bonus_supply_table_row(natural: int, result: str, steps: list[tuple[str, ...]],
                                expect: dict[str, Any]) -> None:
    game = bonus_table_game(natural)
    assert logged(game, f"Bonus Supply {natural}: {result}")
    if result == "Black Market":  # "Gain 1 extra Aid card of your Choice" (line 409)
        assert options(game) == [f"Draw from the {d} deck" for d in
                                 ("Character", "Magic", "Psionic", "Equipment")]
    for step in steps:
        draw(game, step[1], step[2]) if step[0] == "draw" else choose(game, step[1])
    me = party(game)
    assert hand_of(game) == expect.get("hand", [])
    assert [h.damaged for h in me.hand] == [expect.get("hand_damaged", False)] * len(me.hand)
    assert discard(game, "Equipment") == expect.get("discard", [])
    assert [me.at, party(game, 1).at] == expect.get("at", [1, 2])
    assert me.hostile == expect.get("hostile", [])
    assert me.ignore_foes is expect.get("ignore_foes", False)
    assert member(game, "Vagabond").wounds == expect.get("wounds", 2)
    assert [m.experience for m in me.members] == expect.get("experience", [0, 0])
    assert member(game, "Retired Coalition Tech").attached[0].damaged is not \
        expect.get("repaired", False)
    assert all(b.reason == result for b in me.bonuses)
    assert [(b.amount, b.rolls, b.choice, b.once, b.location) for b in me.bonuses] == (
        [expect["bonus"]] if "bonus" in expect else [])
    if expect.get("cards", 1):
        assert game.pending.prompt == "Supply card 1 of 1: which deck?"
    else:
        assert is_turn_of(game, 1)


@pytest.mark.parametrize(("natural", "phase", "second", "third"), [
    (10, "Resupply", [-5, 5], []),  # Leads: "+5 to next Supply Roll here" (400); -5 (368)
    (20, "Resupply", [-5, -3], [-3]),  # Lean Times: "-3 to further Supply Rolls here" (410)
    (14, "Mission", [3], []),  # Rumors of Foes: "+3 to next Mission Roll" (line 405)
    (18, "Travel", [5], []),  # Guide: "+5 to next Survival Roll" (line 408)
])
def test_ruling_80_bonus_supply(natural: int, phase: str,
                                                             second: list[int],
                                                             third: list[int]) -> None:
    game = bonus_table_game(natural)
    choose(game, "Draw from the Equipment deck")
    draw(game, "Equipment", "Pulse Rifle")
    choose(game, "Keep Pulse Rifle in hand")
    found = []
    for _ in range(2):  # the party's next two turns
        other_party_recuperates(game)
        choose(game, phase)
        found.append(amounts(game))
        if roll(game, 1).name == "Survival":  # 1 + 5 < 16: Detained ends the turn
            roll(game, 17, "Hazard")
    assert found == [second, third]


def test_ruling_80_bonus_supply_take_credit_and_medical_care() -> None:
    game = game_at(["AWOL Coalition Grunt"], "Old Canada", at="Supply")
    roll(game, 10, "Supply")
    roll(game, 11, "Bonus Supply")
    roll(game, 8, "Bonus Supply Table")  # "Steal 1 AT from Opponent" (line 398): none has one
    assert game.pending.prompt == "Supply card 1 of 1: which deck?"
    assert [p.at for p in game.state.parties] == [0, 0]
    game = bonus_table_game(13)  # "Heal up to 2 Party Wounds" (line 403)
    assert options(game) == ["Heal 1 wound of Vagabond", "Heal no more"]
    choose(game, "Heal 1 wound of Vagabond")
    choose(game, "Heal no more")
    assert member(game, "Vagabond").wounds == 1


def test_ruling_78_hostile_natives() -> None:
    game = bonus_table_game(9)  # "You cannot Resupply here again until you complete a mission"
    choose(game, "Draw from the Equipment deck")
    draw(game, "Equipment", "Pulse Rifle")
    choose(game, "Keep Pulse Rifle in hand")
    for mission, foe in ((1, False), (5, True), (12, False)):
        other_party_recuperates(game)
        assert FOUR_PHASES[3] not in options(game)  # no Supply Phase (ruling rifts-79)
        choose(game, "Mission")
        roll(game, mission, "Mission")  # Find Nothing; Meet Foes escaped: not complete
        if foe:
            draw(game, "Foe", "Xiticix Hive")
            choose(game, "Try to escape")
            roll(game, 16, "Escape")
    assert party(game).hostile == []  # Help Locals (line 424) completes a mission
    other_party_recuperates(game)
    assert FOUR_PHASES[3] in options(game)


def test_ruling_52_choice_bonus() -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Mission")
    roll(game, 14, "Mission")  # Discovery: "+5 to a Future Roll of your Choice" (line 426)
    other_party_recuperates(game)
    choose(game, "Mission")
    assert options(game) == ["Add Discovery (+5) to this roll", "Roll without it"]
    choose(game, "Roll without it")
    assert roll(game, 14, "Mission").modifiers == ()  # kept; and a second Discovery
    other_party_recuperates(game)
    choose(game, "Travel")
    game.step(game.legal_actions()[0])  # several may go on one roll (ruling rifts-52)
    assert options(game) == ["Add Discovery (+5) to this roll", "Roll without it"]
    game.step(game.legal_actions()[0])
    assert roll(game, 6, "Survival").modifiers == ((5, "Discovery"), (5, "Discovery"))
    assert party(game).bonuses == []
    assert roll(game, 1, "Encounter").modifiers == ()  # 6 + 10 = 16: no Hazard; no offer


PARTY_0 = ["Borg Mercenary", "Escaped Slave Borg", "Discharged Coalition Pilot",  # 34 BF,
           "Headhunter Mercenary", "AWOL Coalition Grunt", "Coalition Elite Veteran",  # all
           "Retired Coalition Tech", "Body Fixer"]  # under 10 Force: no attack rolls
FULL = [  # with PARTY_0, every Character but the Vagabond (lines 35-63): 40, 40, 33 BF
    ["Dragon Hatchling", "Mind Melter", "Cyber-Knight", "Dismissed CN Specialist"],
    ["Burster", "Rogue Coalition Dog Pack", "Crazy Mercenary", "City Rat", "Operator",
     "Rogue Scientist", "Cyber-Doc", "Mystic"],
    ["Psi-Stalker", "Wilderness Scout", "Juicer Mercenary", "Elemental Warlock",
     "Rogue Scholar", "Line Walker", "Techno Wizard", "Shifter"],
]


def all_characters_held(location: str, vagabond_in_hand: bool, at: str) -> Game:
    others = [{"members": [{"name": n} for n in names], "location": place}
              for names, place in zip(FULL, ("Chi-Town", "Desert", "Settlement"), strict=True)]
    if vagabond_in_hand:
        others[2]["hand"] = [{"deck": "Character", "name": "Vagabond"}]
    return scenario([{"members": [{"name": n} for n in PARTY_0], "location": location},
                     *others], at=at)


def test_ruling_53_empty_deck() -> None:
    game = all_characters_held("Farms", vagabond_in_hand=True, at="Mission")
    assert game.state.decks["Character"].size == 0
    roll(game, 9, "Mission")  # 9 + 2 (Headhunter's Wilderness, line 414) = 11: Rescue Mission
    draw(game, "Foe", "Xiticix Hive")
    win_fight(game, fighters=8)
    assert logged(game, "The Character deck and its discard pile are empty: no card")
    assert is_turn_of(game, 1) and len(party(game).members) == 8 and party(game).hand == []


def test_an_empty_deck_is_refilled_from_its_discard_pile() -> None:
    game = all_characters_held("Tolkeen", vagabond_in_hand=False, at="Supply")
    roll(game, 10, "Supply")
    roll(game, 1, "Bonus Supply")
    for card in ("Fire Ball", "Energy Bolt"):  # Tolkeen: 2 cards (line 542)
        choose(game, "Draw from the Character deck")
        assert [(str(o), p) for o, p in game.chance_outcomes()] == [("Vagabond", 1)]
        draw(game, "Character", "Vagabond")  # not a Mage: discarded (line 376)
        draw(game, "Magic", card)
        choose(game, f"Keep {card} in hand")
    # "If a deck ever runs out of cards, shuffle the discard and draw from it." (line 526)
    assert logged(game, "The Character deck ran out: its discard pile is shuffled to refill it")
    assert discard(game, "Character") == ["Vagabond"]
    assert hand_of(game) == ["Fire Ball", "Energy Bolt"]


def test_ruling_54_character_cards_wait_in_the_hand_of_a_full_party() -> None:
    game = scenario([{"members": [{"name": n} for n in PARTY_0], "location": "Farms"}, OTHER],
                    at="Mission")
    roll(game, 9, "Mission")  # 9 + 2 = 11: Rescue Mission (line 423)
    draw(game, "Foe", "Xiticix Hive")
    win_fight(game, fighters=8)
    draw(game, "Character", "Vagabond")
    assert options(game) == ["Keep Vagabond in hand"]  # "cannot exceed 8 Characters" (275)
    choose(game, "Keep Vagabond in hand")
    assert [(h.deck, h.name) for h in party(game).hand] == [("Character", "Vagabond")]


def test_ruling_82_victory() -> None:
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Mission", tokens=9)
    roll(game, 12, "Mission")  # Help Locals: "Gain 1 AT" (line 424): 9 + 1 = 10 (line 13)
    assert game.is_over and game.winners == [0] and game.scores == [10, 0]
    game = game_at(["AWOL Coalition Grunt"], "Farms", at="Mission", tokens=9)
    roll(game, 19, "Mission")  # Major Adventure: the first Foe defeated is the 10th AT
    draw(game, "Foe", "Xiticix Hive")
    win_fight(game)
    assert game.is_over and game.winners == [0]
    assert game.state.decks["Foe"].size == 43 - 1  # the other 2 Foes are never flipped
    game = game_at(["AWOL Coalition Grunt"], "Old Canada", at="Supply")
    roll(game, 10, "Supply")
    roll(game, 11, "Bonus Supply")
    roll(game, 7, "Bonus Supply Table")  # Framed: "Lose 1 AT" (line 397) at 0 AT
    assert party(game).at == 0


# ---- END ACT (lines 524-526) ----------------------------------------------------------------

def test_ruling_84_hand_limit() -> None:
    hand = (("Equipment", "Vibro Blades"), ("Magic", "Fire Ball"), ("Psionic", "Empathy"),
            ("Equipment", "Pulse Rifle"), ("Character", "Vagabond"), ("Equipment", "Riot Armor"),
            ("Magic", "Energy Bolt"))
    game = game_at([{"name": "AWOL Coalition Grunt",
                     "attached": [eq("Laser Rifle"), eq("Laser Pistol")]}], "Farms", hand=hand)
    choose(game, "Heal & Repair")
    # "Max hand size is 5 cards. Discard excess cards." (line 525): 7 held, 2 discarded
    assert options(game) == [f"Discard {name}" for _, name in hand]
    choose(game, "Discard Vagabond")
    assert len(options(game)) == 6
    choose(game, "Discard Fire Ball")
    assert is_turn_of(game, 1)
    assert hand_of(game) == ["Vibro Blades", "Empathy", "Pulse Rifle", "Riot Armor",
                             "Energy Bolt"]
    assert discard(game, "Character") == ["Vagabond"] and discard(game, "Magic") == ["Fire Ball"]
    assert len(member(game, "AWOL Coalition Grunt").attached) == 2
    game = game_at(["AWOL Coalition Grunt"], "Farms", hand=hand[:5])
    choose(game, "Heal & Repair")
    assert is_turn_of(game, 1) and len(party(game).hand) == 5  # 5: nothing to discard
