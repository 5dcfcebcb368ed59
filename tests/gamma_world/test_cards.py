"""Every card of Gamma World, by its list in the seed (seed 004): weapons, armor, vehicles,
steeds, equipment, events, mutations and locations, each with its effect tested; rulings gw-35,
gw-39, gw-40, gw-42, gw-43 and gw-45.

The expected numbers are copied from the seed's card lists (the line is given with each card)
or come from docs/rulings.md; every die and draw is forced.
"""

from __future__ import annotations

import pytest

from explorer.engine import Game

from .helpers import (
    ap_left,
    cards_on,
    choose,
    draw,
    enclave,
    end_phase,
    follower,
    in_play,
    is_turn_of,
    logged,
    offered,
    ones,
    options,
    pending_chance,
    roll,
    scenario,
)


def attack_with(cards: list[str], foe: str, threat: int, *, damage: int = 0) -> Game:
    """Player 1's lone follower carrying ``cards`` attacks Think Tank; Player 2 plays ``foe``."""
    game = scenario({"hand": ["Think Tank"], "followers": [{"cards": cards, "damage": damage}]},
                    {"hand": [foe]})
    choose(game, "Attack Think Tank")
    choose(game, f"Play {foe}")
    roll(game, threat)
    return game


def force_shown(game: Game) -> int:
    text = next(o for o in options(game) if o.startswith("Fight a round"))
    return int(text.split("Force ")[1].split(" ")[0])


def fight_round(game: Game, force_ones: int, threat_ones: int) -> None:
    choose(game, "Fight a round")
    ones(game, force_ones)
    ones(game, threat_ones)


# ---- WEAPON CARD LIST (lines 67-91) ----------------------------------------------------------

WEAPONS = [  # name, Force, Force against robots (gw-8), grenade (gw-5), one use (gw-6), line
    ("Vibro Dagger", 1, 1, False, False, 69),
    ("Vibro Blade", 1, 1, False, False, 70),
    ("Energy Mace", 1, 1, False, False, 71),
    ("Stun Whip", 1, 1, False, False, 72),
    ("Needler", 2, 0, False, False, 73),
    ("Slug Thrower", 2, 2, False, False, 74),
    ("Stun Ray Pistol", 2, 2, False, False, 75),
    ("Stun Ray Rifle", 2, 2, False, False, 76),
    ("Laser Pistol", 2, 2, False, False, 77),
    ("Laser Rifle", 2, 2, False, False, 78),
    ("Gas Grenades", 2, 0, True, False, 79),
    ("Energy Grenades", 3, 3, True, False, 80),
    ("Frag Grenades", 3, 3, True, False, 81),
    ("Photon Grenades", 4, 4, True, False, 82),
    ("Mk V Blaster", 3, 3, False, False, 83),
    ("Mk VII Blaster Rifle", 3, 3, False, False, 84),
    ("Micro Missile", 3, 3, False, False, 85),
    ("Small Damage Pack", 3, 3, False, True, 86),
    ("Torc Grenades", 5, 5, True, False, 87),
    ("Fusion Rifle", 4, 4, False, False, 88),
    ("Mini Missile", 4, 4, False, False, 89),
    ("Matter Bomb", 6, 6, False, True, 90),
    ("Black Ray Pistol", 5, 0, False, False, 91),
]


def test_the_weapon_list_is_the_seeds() -> None:
    assert len(WEAPONS) == 23 and [w[-1] for w in WEAPONS] == list(range(69, 92))


@pytest.mark.parametrize(("name", "force", "robots", "grenade", "one_use", "line"), WEAPONS,
                         ids=[w[0] for w in WEAPONS])
def test_each_weapon_adds_its_force_and_breaks_down_after_a_battle(
        name: str, force: int, robots: int, grenade: bool, one_use: bool, line: int) -> None:
    # "The follower has a base Force = 1" (line 31), plus the weapon's Force
    assert force_shown(attack_with([name], "Security Robotoids", 12)) == 1 + robots
    game = attack_with([name], "Cyborgs", 2)
    assert force_shown(game) == 1 + force
    fight_round(game, 2, 0)
    if one_use:  # "One Use Only": discarded after its one use, no roll (ruling gw-6)
        assert cards_on(game, 1) == [] and name in game.state.discard
        assert game.phase == "action"
        return
    label = pending_chance(game).label
    assert label == f"Breakdown roll for {name}: 1D6{' +1' if grenade else ''}, 6+ breaks it"
    roll(game, 5)
    assert (cards_on(game, 1) == []) == grenade  # 5 + 1 breaks a grenade (line 66)


# ---- ARMOR CARD LIST (lines 92-102) ----------------------------------------------------------

ARMOR = [  # name, Hits, Force, line
    ("Sheath Armor", 3, 0, 94), ("Plastic Armor", 3, 0, 95), ("Inertia Armor", 4, 0, 96),
    ("Energized Armor", 4, 0, 97), ("Powered Plate Armor", 5, 0, 98),
    ("Powered Scout Armor", 5, 1, 99), ("Powered Battle Armor", 6, 1, 100),
    ("Powered Attack Armor", 6, 1, 101), ("Powered Assault Armor", 7, 2, 102),
]


@pytest.mark.parametrize(("name", "hits", "force", "line"), ARMOR, ids=[a[0] for a in ARMOR])
def test_each_armor_takes_its_hits_before_the_follower(name: str, hits: int, force: int,
                                                       line: int) -> None:
    game = attack_with([name], "Serf Brigade", 24)
    assert force_shown(game) == 1 + force
    fight_round(game, 0, hits - 1)  # "Armor always loses hits before followers." (line 58)
    assert cards_on(game, 1) == [name] and follower(game, 1).damage == 0
    fight_round(game, 0, 2)  # "Armor reduced to 0 Hits is destroyed." (line 57)
    assert cards_on(game, 1) == [] and follower(game, 1).damage == 1
    assert logged(game, f"{name} (Follower 1) is reduced to 0 Hits and is destroyed")


# ---- VEHICLE CARD LIST (lines 103-111) -------------------------------------------------------

VEHICLES = ["Turbine Car", "Hover Car", "Flit Car", "Environmental Car", "Bubble Car",
            "Anti-Gravity Sled"]  # lines 105-110, each "+1"


@pytest.mark.parametrize("name", VEHICLES)
def test_each_vehicle_gives_one_extra_ap_every_turn(name: str) -> None:
    game = scenario({"followers": [{"cards": [name]}]}, {})
    assert ap_left(game) == 3  # "Vehicles give you one extra AP every turn." (line 111)
    end_phase(game)
    end_phase(game)
    assert ap_left(game) == 3 and is_turn_of(game, 0)


# ---- STEEDS (lines 112-117) ------------------------------------------------------------------

STEEDS = [("Centisteed", 3, 0, 114), ("Podog", 2, 0, 115), ("Brutorz", 3, 2, 116),
          ("Hopper", 3, 0, 117)]  # name, Hits, Force, line; AP +1 each


@pytest.mark.parametrize(("name", "hits", "force", "line"), STEEDS, ids=[s[0] for s in STEEDS])
def test_each_steed_adds_ap_and_force_and_takes_damage_before_its_rider(
        name: str, hits: int, force: int, line: int) -> None:
    assert ap_left(scenario({"followers": [{"cards": [name]}]}, {})) == 3
    game = attack_with([name, "Sheath Armor"], "Serf Brigade", 24)
    assert force_shown(game) == 1 + force
    fight_round(game, 0, hits)  # "The Steed of a Follower takes damage first." (line 50)
    assert cards_on(game, 1) == ["Sheath Armor"] and follower(game, 1).damage == 0
    assert logged(game, f"{name} (Follower 1) is reduced to 0 Hits and is killed")
    assert force_shown(game) == 1  # its Force goes with it
    fight_round(game, 0, 3)  # then the armor (line 58; ruling gw-33): Sheath Armor 3 Hits
    assert cards_on(game, 1) == [] and follower(game, 1).damage == 0  # (line 94)


# ---- EQUIPMENT CARD LIST (lines 118-126) -----------------------------------------------------

@pytest.mark.parametrize("name", ["Rejuv Chamber", "Life Ray", "Medi-Kit"])  # lines 120-122
def test_each_heal_equipment_heals_1d6_in_the_healing_phase_and_may_break(name: str) -> None:
    game = scenario({"followers": [{"cards": [name, "Absorption"], "damage": 5}]}, {})
    end_phase(game)  # 5 - 1 = 4 (line 61)
    choose(game, f"Heal with {name}")
    roll(game, 2)  # "remove an extra 1D6 counters" (line 62)
    assert follower(game, 1).damage == 2
    roll(game, 6, f"Breakdown roll for {name}")
    assert cards_on(game, 1) == ["Absorption"] and is_turn_of(game, 1)


def test_mind_booster_adds_one_ap_and_breaks_down_when_its_ap_is_spent() -> None:
    game = scenario({"followers": [{"cards": ["Mind Booster"]}]}, {}, top=["Blight", "Zarn"])
    assert ap_left(game) == 3  # "AP +1 once per turn" (line 123)
    choose(game, "Recruit")
    choose(game, "Recruit")
    choose(game, "Draw")
    roll(game, 4, "Breakdown roll for Mind Booster")
    assert enclave(game).hand == ["Blight"] and cards_on(game, 1) == ["Mind Booster"]


def test_stim_dose_adds_one_force_and_one_hit() -> None:
    game = attack_with(["Stim Dose"], "Serf Brigade", 20, damage=2)
    assert force_shown(game) == 2  # "Force +1 and Hits +1" (line 124)
    fight_round(game, 0, 0)
    assert in_play(game, 1)  # 2 damage of 3 Hits


@pytest.mark.parametrize("name", ["Solar Energy Cells", "Atomic Energy Cells"])  # 125-126
def test_each_energy_cell_negates_a_breakdown_result(name: str) -> None:
    game = scenario({"followers": [{"cards": ["Hover Car", name]}]}, {},
                    top=["Blight", "Zarn", "Hoops"])
    for _ in range(3):
        choose(game, "Draw")
    roll(game, 6, "Breakdown roll for Hover Car")
    choose(game, f"Discard {name}")  # "Discard to negate a Breakdown result"
    assert cards_on(game, 1) == ["Hover Car"] and name in game.state.discard
    assert logged(game, f"Discards {name}: Hover Car does not break down")


# ---- MUTATION CARD LIST (lines 145-181) ------------------------------------------------------

MUTATIONS = [  # name, Force, Hits, Force against robots, line
    *((n, 2, 0, 2, line) for n, line in (
        ("Heat Generation", 147), ("Increased Speed", 148), ("Light Generation", 149),
        ("Radiated Eyes", 150), ("Shapechange", 151), ("Sonic Attack", 152), ("Wings", 153),
        ("Cryokinesis", 154), ("Molecular Disruption", 155), ("Pyrokinesis", 156),
        ("Telekinesis", 157), ("Illusion Generation", 158),
        ("Light Wave Manipulation", 159))),
    ("Electrical Generation", 1, 0, 4, 160), ("Magnetic Control", 1, 0, 4, 161),
    ("Mental Blast", 4, 0, 0, 162), ("Mental Control", 4, 0, 0, 163),
    ("Life Leech", 4, 0, 0, 164), ("Gas Generation", 4, 0, 0, 165),
    *((n, 1, 2, 1, line) for n, line in (
        ("Chameleon Power", 166), ("Heightened Senses", 167), ("Density Control", 168),
        ("Multiple Body Parts", 169), ("New Body Parts", 170), ("Quills/Spines", 171))),
    *((n, 0, 4, 0, line) for n, line in (
        ("Absorption", 172), ("Total Carapace", 173), ("Repulsion Field", 174),
        ("Physical Reflection", 175), ("Force Field Generation", 176))),
    *((n, 0, 0, 0, line) for n, line in (
        ("Regeneration", 177), ("Teleportation", 178), ("Time Field Manipulation", 179),
        ("Genius Capability", 180))),
]


def test_the_mutation_list_is_the_seeds_but_defect() -> None:
    assert [m[-1] for m in MUTATIONS] == list(range(147, 181))  # Defect (181): gw-46 tests


@pytest.mark.parametrize(("name", "force", "hits", "robots", "line"), MUTATIONS,
                         ids=[m[0] for m in MUTATIONS])
def test_each_mutation_adds_force_and_hits_on_recruitment(name: str, force: int, hits: int,
                                                          robots: int, line: int) -> None:
    game = scenario({"hand": [name]}, {})
    choose(game, "Recruit")
    choose(game, f"Attach {name}")  # the last mutation in hand: no "no more" step
    choose(game, "Mutant Human")
    # "The follower has a base Force = 1 and Hits = 2. Mutations increase ..." (lines 31-32)
    assert logged(game, f"Follower 1 is a Mutant Human with Force {1 + force} and Hits "
                        f"{2 + hits} ({name})")
    game = attack_with([name], "Warbot", 12)
    assert force_shown(game) == 1 + robots


@pytest.mark.parametrize("name", ["Teleportation", "Time Field Manipulation",
                                  "Genius Capability"])  # lines 178-180
def test_each_ap_mutation_adds_one_ap_every_turn(name: str) -> None:
    game = scenario({"followers": [{"cards": [name]}]}, {})
    assert ap_left(game) == 3
    choose(game, "Recruit")
    choose(game, "Recruit")
    choose(game, "Recruit")  # a mutation's AP makes no Breakdown roll (line 64)
    assert ap_left(game) == 0 and game.phase == "action"


def test_regeneration_heals_1d6_with_no_breakdown() -> None:
    game = scenario({"followers": [{"cards": ["Regeneration", "Absorption"], "damage": 5}]}, {})
    end_phase(game)
    choose(game, "Heal with Regeneration")  # line 177
    roll(game, 6)
    assert follower(game, 1).damage == 0 and is_turn_of(game, 1)


# ---- EVENTS (lines 127-144) ------------------------------------------------------------------

def test_healers_removes_1d6_counters_from_your_followers_once() -> None:
    game = scenario({"hand": ["Healers"],
                     "followers": [{"cards": ["Absorption"], "damage": 3}]}, {})
    choose(game, "Play Healers")  # "Healers* Heal" (line 129; ruling gw-16)
    roll(game, 2, "Healers: counters removed: 1D6")
    assert follower(game, 1).damage == 1 and "Healers" in game.state.discard
    assert ap_left(game) == 2  # events cost no AP (ruling gw-21)


@pytest.mark.parametrize(("event", "takes"), [
    ("Archivists", ["Laser Rifle", "Podog", "Sheath Armor", "Hover Car", "Medi-Kit"]),  # 130
    ("Repairs", ["Laser Rifle", "Podog", "Sheath Armor", "Hover Car", "Medi-Kit"]),  # 139
    ("Gene Pool", ["Wings"]),  # 140
    ("Yexil Trader", ["Laser Rifle", "Medi-Kit"]),  # 142
])
def test_the_retrieving_events_take_their_cards_from_the_discard_pile(event: str,
                                                                      takes: list[str]) -> None:
    pile = ["Laser Rifle", "Wings", "Podog", "Blight", "Sheath Armor", "Hover Car", "Medi-Kit",
            "Think Tank", "Encroach"]
    game = scenario({"hand": [event]}, {}, discard=pile)
    choose(game, f"Play {event}")
    if len(takes) > 1:
        assert options(game) == [f"{event}: take {n} from the discard pile" for n in takes]
        choose(game, f"take {takes[-1]}")
    assert enclave(game).hand == [takes[-1]] and takes[-1] not in game.state.discard


def test_seekers_destroys_an_item_of_any_player() -> None:
    game = scenario({"hand": ["Seekers"], "followers": [{"cards": ["Wings", "Laser Rifle"]}]},
                    {"followers": [{"cards": ["Powered Assault Armor", "Hover Car"]}]})
    choose(game, "Play Seekers")  # "Destroy Target Item" (line 131; gw-9, gw-14)
    assert options(game) == ["Seekers: destroy Laser Rifle on your Follower 1",
                             "Seekers: destroy Powered Assault Armor on Player 2's Follower 2",
                             "Seekers: destroy Hover Car on Player 2's Follower 2"]
    choose(game, "Powered Assault Armor")
    assert cards_on(game, 2) == ["Hover Car"] and "Powered Assault Armor" in game.state.discard


@pytest.mark.parametrize("keep", [True, False])
def test_gw_45_brotherhood_of_thought_discards_a_follower_its_owner_keeps_the_items(
        keep: bool) -> None:
    game = scenario({"hand": ["Brotherhood of Thought"], "followers": [{}]},
                    {"followers": [{"cards": ["Wings", "Laser Rifle", "Podog"]}]})
    choose(game, "Play Brotherhood of Thought")
    assert options(game) == ["Brotherhood of Thought: discard your Follower 1",
                             "Brotherhood of Thought: discard Player 2's Follower 2"]
    choose(game, "Player 2's Follower 2")
    assert game.current_player == 1  # "(controller may keep items)" (line 132)
    choose(game, "Keep Laser Rifle, Podog" if keep else "Discard Laser Rifle, Podog")
    assert not in_play(game, 2) and "Wings" in game.state.discard
    assert enclave(game, 1).hand == (["Laser Rifle", "Podog"] if keep else [])


def test_gw_35_de_evolution_destroys_a_mutation_and_can_kill_its_follower() -> None:
    game = scenario({"hand": ["De-Evolution"], "followers": [{"cards": ["Defect"]}]},
                    {"followers": [{"cards": ["Density Control", "Wings"], "damage": 2}]})
    choose(game, "Play De-Evolution")  # "Destroy Target Mutation" (line 133)
    assert options(game) == ["De-Evolution: destroy Defect on your Follower 1",
                             "De-Evolution: destroy Density Control on Player 2's Follower 2",
                             "De-Evolution: destroy Wings on Player 2's Follower 2"]
    choose(game, "Density Control")  # Hits 2 + 2 -> 2, with 2 damage: killed
    assert not in_play(game, 2) and {"Density Control", "Wings"} <= set(game.state.discard)


def test_gw_40_precognition_shows_the_next_2d6_cards_which_stay_on_top() -> None:
    game = scenario({"hand": ["Precognition"]}, {})
    choose(game, "Play Precognition")
    roll(game, 3, "Precognition: cards seen: 2D6")  # "Look at next 2D6 cards" (line 134)
    draw(game, "Warbot")
    draw(game, "Needler")
    draw(game, "Agri-Dome")
    assert game.state.top == ["Warbot", "Needler", "Agri-Dome"]
    assert logged(game, "Precognition: the next 3 card(s) are Warbot, Needler, Agri-Dome")
    choose(game, "Draw a card")  # the known top card: no chance step
    assert enclave(game).hand == ["Warbot"] and game.state.top == ["Needler", "Agri-Dome"]


def test_telepathy_shows_an_opponents_hand() -> None:
    game = scenario({"hand": ["Telepathy"]}, {"hand": ["Warbot", "Wings"]}, {})
    choose(game, "Play Telepathy")  # "Look at opponents hand" (line 135): one with cards
    assert logged(game, "Telepathy: Player 2 holds Warbot, Wings")


@pytest.mark.parametrize("event", ["Latent Mutation", "Radiation"])  # lines 136-137
def test_the_mutation_events_attach_a_mutation_from_the_hand_to_your_follower(
        event: str) -> None:
    game = scenario({"hand": [event, "Wings", "Absorption"],
                     "followers": [{}, {"cards": ["Sonic Attack"]}]}, {"followers": [{}]})
    choose(game, f"Play {event}")
    assert options(game) == [f"{event}: attach {m} to your Follower {f}"
                             for f in (1, 2) for m in ("Wings", "Absorption")]
    choose(game, "attach Absorption to your Follower 2")
    assert cards_on(game, 2) == ["Sonic Attack", "Absorption"]
    assert enclave(game).hand == ["Wings"] and event in game.state.discard


def test_encroach_attacks_a_location_of_an_opponent() -> None:
    game = scenario({"hand": ["Encroach"], "followers": [{}]},
                    {"locations": ["Aqua-Base", "Armory"]}, {"locations": ["Space Port"]})
    choose(game, "Play Encroach")  # line 138
    assert options(game) == ["Encroach: attack Player 2's Aqua-Base",
                             "Encroach: attack Player 2's Armory",
                             "Encroach: attack Player 3's Space Port"]
    choose(game, "Space Port")  # Player 3 has no follower to defend it
    assert enclave(game).locations == ["Space Port"] and enclave(game, 2).locations == []


def test_gw_42_wasteland_makes_an_opponent_discard_1d6_cards_of_his_choice() -> None:
    game = scenario({"hand": ["Wasteland"]}, {"hand": ["Warbot", "Wings", "Podog"]},
                    {"hand": ["Blight"]})
    choose(game, "Play Wasteland")
    choose(game, "target Player 2")
    roll(game, 2, "Wasteland: cards discarded: 1D6")  # line 141
    assert game.current_player == 1
    choose(game, "Discard Wings")
    choose(game, "Discard Warbot")
    assert enclave(game, 1).hand == ["Podog"]


def test_gw_42_wasteland_takes_the_whole_hand_when_it_holds_fewer() -> None:
    game = scenario({"hand": ["Wasteland"]}, {"hand": ["Warbot", "Wings"]})
    choose(game, "Play Wasteland")
    roll(game, 5)
    assert enclave(game, 1).hand == [] and game.current_player == 0


# ---- LOCATION CARD LIST (lines 211-236) ------------------------------------------------------

EXTRA_AP = [  # name, the action its AP pays for, the item type, line
    ("Think Tank", "Draw", None, 213),
    ("Biomorphic Biosphere", "Recruit", None, 220),
    ("Residential Megastructure", "Recruit", None, 221),
    ("Recreation Sportsplex", "Recruit", None, 222),
    ("Space Port", "Attack", None, 226),
    ("Weapons Lab", "Play Item", "Weapon", 229),
    ("Armory", "Play Item", "Armor", 230),
    ("Industrial Complex", "Play Item", "Vehicle", 231),
    ("Robotics Factory", "Play Item", "Equipment", 233),
]
ONLY = {"Draw": "Draw a card", "Recruit": "Recruit a follower", "Attack": "Attack Agri-Dome",
        "Weapon": "Play Laser Pistol on Follower 1", "Armor": "Play Sheath Armor on Follower 1",
        "Vehicle": "Play Hover Car on Follower 1", "Equipment": "Play Medi-Kit on Follower 1"}


@pytest.mark.parametrize(("name", "action", "item", "line"), EXTRA_AP,
                         ids=[e[0] for e in EXTRA_AP])
def test_each_extra_ap_location_gives_one_ap_for_its_action_only(
        name: str, action: str, item: str | None, line: int) -> None:
    hand = ["Agri-Dome", "Laser Pistol", "Sheath Armor", "Medi-Kit", "Hover Car"]
    game = scenario({"locations": [name], "hand": hand, "followers": [{}]}, {},
                    top=["Blight", "Zarn"])
    assert ap_left(game) == 3  # "AP +1 to ... only" (ruling gw-11)
    if action == "Draw":  # spend the 2 base AP on something else
        choose(game, "Recruit")
        choose(game, "Recruit")
    else:
        for drawn in ("Blight", "Zarn"):
            choose(game, "Draw")
            choose(game, f"Discard {drawn}")
    assert options(game) == [ONLY[item or action], "End the Action Phase (1 AP unspent)"]


def test_industrial_complex_plays_a_vehicle_and_not_a_steed() -> None:
    game = scenario({"locations": ["Industrial Complex"], "hand": ["Hover Car", "Podog"],
                     "followers": [{}, {}]}, {}, top=["Blight", "Zarn"])
    choose(game, "Draw")
    choose(game, "Draw")
    assert options(game) == ["Play Hover Car on Follower 1", "Play Hover Car on Follower 2",
                             "End the Action Phase (1 AP unspent)"]  # gw-11: not steeds


@pytest.mark.parametrize("name", ["Communications Facility", "Mining Operation",
                                  "Nuclear Power Plant"])  # lines 214, 224, 225
def test_each_hand_size_location_raises_the_hand_limit_by_one(name: str) -> None:
    hand = ["Wings", "Warbot", "Needler", "Podog", "Medi-Kit"]
    game = scenario({"hand": hand, "locations": [name]}, {}, top=["Blight", "Zarn"])
    choose(game, "Draw")
    assert game.phase == "action"
    choose(game, "Draw")
    assert game.phase == "action.draw.discard"  # 7 cards over a limit of 6


@pytest.mark.parametrize("name", ["Agri-Dome", "Aqua-Base", "Food-Processing-Plant",
                                  "Hydroponics Farm"])  # lines 216-219
def test_each_follower_location_raises_the_follower_limit_by_one(name: str) -> None:
    game = scenario({"locations": [name], "followers": [{}] * 6}, {})
    choose(game, "Recruit")
    assert not offered(game, "Recruit") and len(enclave(game).followers) == 7


SEARCHES = [("Military Installation", "Weapon", 215), ("Bunker System", "Weapon", 228),
            ("Research Laboratories", "Equipment", 232)]


@pytest.mark.parametrize(("name", "kind", "line"), SEARCHES, ids=[s[0] for s in SEARCHES])
def test_gw_39_each_search_location_puts_3_cards_of_its_type_in_the_hand_once(
        name: str, kind: str, line: int) -> None:
    game = scenario({"hand": [name, "Encroach"], "followers": [{}]}, {"followers": []},
                    top=["Medi-Kit", "Laser Rifle"])
    choose(game, f"Attack {name}")  # no Foe in any hand: taken at once
    assert game.phase == "action.attack.search"
    first = options(game)
    assert first[0] == ("Take Laser Rifle" if kind == "Weapon" else "Take Medi-Kit")
    assert len(first) == (23 if kind == "Weapon" else 7)  # the whole list of that type
    taken = [o.removeprefix("Take ") for o in first[:3]]
    for name_taken in taken:
        choose(game, f"Take {name_taken}")
    assert enclave(game).hand == ["Encroach", *taken]
    assert not any(t in game.state.deck or t in game.state.top for t in taken)
    assert game.state.spent == [name] and game.phase == "action"


def test_gw_39_a_search_takes_fewer_when_fewer_are_left_and_can_end_the_game() -> None:
    game = scenario({"hand": ["Research Laboratories"], "followers": [{}],
                     "locations": ["Agri-Dome"]}, {}, deck=["Medi-Kit", "Life Ray"])
    choose(game, "Attack Research Laboratories")
    choose(game, "Take Life Ray")
    choose(game, "Take Medi-Kit")  # the deck is empty: the game ends at once (ruling gw-24)
    assert game.is_over and game.winners == [0] and game.scores == [2, 0]


def test_gw_43_the_neutron_missile_destroys_one_location_once_for_no_ap() -> None:
    game = scenario({"locations": ["Missile Silo", "Armory"]},
                    {"locations": ["Agri-Dome", "Aqua-Base"], "followers": [{}] * 8})
    assert options(game)[-2] == "Launch Missile Silo's Neutron Missile"
    choose(game, "Launch Missile Silo's Neutron Missile")  # line 223
    assert options(game) == ["Destroy your Armory", "Destroy Player 2's Agri-Dome",
                             "Destroy Player 2's Aqua-Base"]
    choose(game, "Agri-Dome")
    # the follower limit falls from 8 to 7 at once (ruling gw-37): Player 2 picks one
    assert game.current_player == 1 and game.phase == "action.missile.dismiss"
    choose(game, "Discard Follower 3")
    assert enclave(game, 1).locations == ["Aqua-Base"] and "Agri-Dome" in game.state.discard
    assert ap_left(game) == 3 and game.current_player == 0  # 2 + Armory's, none spent
    assert not offered(game, "Launch")  # "The Neutron Missile can be used only once." (235)


def test_medical_center_heals_1d6_in_the_healing_phase() -> None:
    game = scenario({"locations": ["Medical Center"],
                     "followers": [{"cards": ["Absorption"], "damage": 5}]}, {})
    end_phase(game)
    choose(game, "Heal with Medical Center")  # line 227
    roll(game, 3)
    assert follower(game, 1).damage == 1 and is_turn_of(game, 1)


def test_every_location_of_the_seed_is_tested_here() -> None:
    named = {e[0] for e in EXTRA_AP} | {s[0] for s in SEARCHES} | {
        "Communications Facility", "Mining Operation", "Nuclear Power Plant", "Agri-Dome",
        "Aqua-Base", "Food-Processing-Plant", "Hydroponics Farm", "Missile Silo",
        "Medical Center"}
    assert len(named) == 21  # lines 213-233
