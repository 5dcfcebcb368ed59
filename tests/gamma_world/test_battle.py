"""ATTACK A LOCATION (seed 004, lines 41-59), the BREAKDOWN RULE (lines 63-66) and Encroach's
battle (line 138), with rulings gw-26, gw-27, gw-31..35 and gw-38.

Expected values come from the seed (cited by line) or docs/rulings.md; every die is forced.
"""

from __future__ import annotations

from fractions import Fraction

from explorer.engine import Game

from .helpers import (
    cards_on,
    choose,
    enclave,
    follower,
    hit,
    in_play,
    logged,
    ones,
    options,
    pending_chance,
    roll,
    scenario,
)


def attack(followers: list, foe: str | None, threat: int = 0, *, location: str = "Think Tank",
           hand: tuple[str, ...] = (), other: dict | None = None) -> Game:
    """Player 1 attacks ``location`` with ``followers``; Player 2 plays ``foe`` (None: no Foe
    in hand) whose Starting Threat rolls ``threat``."""
    second = other or {"hand": [foe] if foe else []}
    game = scenario({"hand": [location, *hand], "followers": followers}, second)
    choose(game, f"Attack {location}")
    if foe is not None:
        choose(game, f"Play {foe}")
        roll(game, threat, f"Starting Threat of {foe}")
    return game


def fight_text(game: Game) -> str:
    return next(o for o in options(game) if o.startswith("Fight a round"))


def fight_round(game: Game, force_ones: int, threat_ones: int) -> None:
    choose(game, "Fight a round")
    ones(game, force_ones, "Battle roll")
    ones(game, threat_ones, "Threat roll")


# ---- the attack and the Foe (lines 41-44) -----------------------------------------------------

def test_gw_31_an_attack_needs_a_location_in_hand_and_a_follower() -> None:
    game = scenario({"hand": ["Think Tank"]}, {})
    assert not any(o.startswith("Attack") for o in options(game))
    game = scenario({"hand": ["Think Tank", "Space Port"], "followers": [{}]}, {})
    assert [o for o in options(game) if o.startswith("Attack")] == [
        "Attack Think Tank", "Attack Space Port"]


def test_gw_31_opponents_in_turn_order_may_play_a_foe_and_the_first_who_does_is_it() -> None:
    game = scenario({"hand": ["Think Tank"], "followers": [{}]}, {"hand": ["Warbot"]},
                    {"hand": ["Blight", "Hoops"]}, {})
    choose(game, "Attack Think Tank")
    assert game.current_player == 1
    choose(game, "Play no Foe")
    assert game.current_player == 2  # Player 4 holds no Foe and would not be asked
    assert options(game) == ["Play Blight (2D6 Threat) against Player 1",
                             "Play Hoops (2D6 Threat) against Player 1", "Play no Foe"]
    choose(game, "Play Hoops")
    assert game.state.battle.foe == "Hoops" and enclave(game, 2).hand == ["Blight"]


def test_gw_31_with_no_foe_played_the_location_is_taken_at_once() -> None:
    game = attack([{}], None)
    assert enclave(game).locations == ["Think Tank"] and game.state.battle is None
    assert game.phase == "action" and game.current_player == 0
    assert logged(game, "No opponent plays a Foe: Think Tank has no Threat")


def test_the_foes_dice_give_its_starting_threat() -> None:
    game = scenario({"hand": ["Think Tank"], "followers": [{}]}, {"hand": ["Warbot"]})
    choose(game, "Attack Think Tank")
    choose(game, "Play Warbot")
    chance = pending_chance(game)  # Warbot 4D6 (line 186)
    assert chance.label == "Starting Threat of Warbot: 4D6"
    totals = [int(str(o)) for o in chance.outcomes]
    assert totals == list(range(4, 25))
    assert dict(zip(totals, (p for _, p in chance.probabilities()), strict=True))[4] == \
        Fraction(1, 6**4)
    roll(game, 13)
    assert fight_text(game) == "Fight a round: Force 1 against Threat 13 (Warbot)"


# ---- the rounds (lines 45-53) ----------------------------------------------------------------

def test_one_die_per_force_point_and_per_threat_point_counting_ones() -> None:
    game = attack([{"cards": ["Laser Pistol"]}, {}], "Blight", 2)
    choose(game, "Fight a round")
    chance = pending_chance(game)
    # "1D6 for every point of force" (line 45): Force 1 + 2 + 1 = 4 dice, each 1 with 1/6
    assert chance.label == "Battle roll, Player 1's followers: 4D6, counting 1s"
    assert [p for _, p in chance.probabilities()] == [
        Fraction(625, 1296), Fraction(500, 1296), Fraction(150, 1296), Fraction(20, 1296),
        Fraction(1, 1296)]
    ones(game, 1)
    chance = pending_chance(game)  # "1D6 for every point of opposing threat" (line 47)
    assert chance.label == "Threat roll, Blight: 2D6, counting 1s"
    assert [p for _, p in chance.probabilities()] == [Fraction(25, 36), Fraction(10, 36),
                                                      Fraction(1, 36)]
    ones(game, 0)
    assert fight_text(game) == "Fight a round: Force 4 against Threat 1 (Blight)"


def test_the_pages_say_what_the_ones_of_each_roll_do() -> None:
    """"Every roll of 1 reduces the Threat by one point" (line 46); "For every roll of 1 by
    the threat one of your followers loses 1 Hit" (line 48): the odds and the "what if" list
    say it in words, not only "counting 1s"."""
    import explorer.odds

    game = attack([{"cards": ["Laser Pistol"]}, {}], "Blight", 2)
    choose(game, "Fight a round")
    assert explorer.odds.at(game).extra["explain"] == \
        "Each die showing 1 takes a point off the Threat."
    assert explorer.odds.effects(game)[:3] == [
        "0 ones: nothing", "1 one: the Threat loses 1", "2 ones: the Threat loses 2"]
    ones(game, 1)
    assert explorer.odds.at(game).extra["explain"] == \
        "Each die showing 1 is a Hit on Player 1's followers."
    assert explorer.odds.effects(game)[2] == "2 ones: Player 1's followers take 2 Hit(s)"


def test_gw_32_the_attacker_may_retreat_before_any_round_and_loses_the_location() -> None:
    game = attack([{}], "Warbot", 20)
    assert options(game) == ["Fight a round: Force 1 against Threat 20 (Warbot)", "Retreat"]
    choose(game, "Retreat")
    # "If the followers retreat or are destroyed discard the location and the threat." (l. 59)
    assert game.state.discard == ["Think Tank", "Warbot"]
    assert enclave(game).locations == [] and in_play(game, 1) and game.phase == "action"


def test_gw_32_both_sides_roll_from_the_start_of_the_round_and_extra_ones_are_lost() -> None:
    game = attack([{"cards": ["Mk V Blaster"]}], "Blight", 2)
    fight_round(game, 3, 1)  # 3 ones against Threat 2: Threat 0; Threat's 1 still hits
    assert follower(game, 1).damage == 1
    roll(game, 1, "Breakdown roll for Mk V Blaster")
    # "If the Threat is eliminated the Followers gain control of the location." (line 54)
    assert enclave(game).locations == ["Think Tank"] and "Blight" in game.state.discard


def test_gw_33_each_hit_falls_on_a_standing_follower_each_as_likely() -> None:
    game = attack([{}, {}, {}], "Sep", 12)
    fight_round(game, 0, 2)
    chance = pending_chance(game)  # "Roll 1D6 for each hit to see which" (line 49)
    assert chance.label == "Hit allocation: which of Player 1's followers takes hit 1 of 2"
    assert [(str(o), p) for o, p in chance.probabilities()] == [
        ("Follower 1", Fraction(1, 3)), ("Follower 2", Fraction(1, 3)),
        ("Follower 3", Fraction(1, 3))]
    hit(game, "Follower 2")
    hit(game, "Follower 2")  # Hits 2 (line 31): killed by its second hit
    assert not in_play(game, 2)
    fight_round(game, 0, 2)
    assert [str(o) for o in pending_chance(game).outcomes] == ["Follower 1", "Follower 3"]


def test_gw_33_a_hit_goes_to_the_steed_first_then_the_armor_then_the_follower() -> None:
    game = attack([{"cards": ["Podog", "Sheath Armor", "Wings"]}, {}], "Sep", 12)
    fight_round(game, 0, 3)
    for _ in range(3):  # "Roll 1D6 for each hit to see which of your followers" (line 49)
        hit(game, "Follower 1")
    # "The Steed of a Follower takes damage first." (line 50): Podog has 2 Hits (line 115),
    # so hits 1 and 2 kill it ("Followers & Steeds reduced to 0 Hits are killed.", line 52)
    # and hit 3 is the armor's ("Armor always loses hits before followers.", line 58)
    assert logged(game, "Podog (Follower 1) is reduced to 0 Hits and is killed")
    assert [str(a) for a in follower(game, 1).cards] == ["Sheath Armor (1 damage)", "Wings"]
    assert follower(game, 1).damage == 0 and "Podog" in game.state.discard
    fight_round(game, 0, 2)
    hit(game, "Follower 1")
    hit(game, "Follower 1")  # Sheath Armor: 3 Hits (line 94), destroyed (line 57)
    assert cards_on(game, 1) == ["Wings"] and follower(game, 1).damage == 0
    assert logged(game, "Sheath Armor (Follower 1) is reduced to 0 Hits and is destroyed")
    fight_round(game, 0, 1)
    hit(game, "Follower 1")  # only now the follower himself: 1 of his 2 Hits (line 31)
    assert follower(game, 1).damage == 1
    fight_round(game, 0, 1)
    hit(game, "Follower 1")  # "Followers & Steeds reduced to 0 Hits are killed." (line 52)
    assert not in_play(game, 1) and "Wings" in game.state.discard


def test_a_steed_losing_its_force_weakens_the_next_round() -> None:
    game = attack([{"cards": ["Brutorz"]}], "Sep", 12)
    assert fight_text(game) == "Fight a round: Force 3 against Threat 12 (Sep)"  # line 116
    fight_round(game, 0, 3)
    assert fight_text(game) == "Fight a round: Force 1 against Threat 12 (Sep)"


def test_gw_34_threat_and_followers_wiped_out_in_the_same_round_is_a_failed_attack() -> None:
    game = attack([{"cards": ["Laser Pistol"]}], "Blight", 2)
    fight_round(game, 2, 2)  # Threat 2 - 2 = 0 as the follower takes its second hit
    assert game.state.battle is None
    assert not in_play(game, 1) and enclave(game).locations == []
    assert game.state.discard == ["Laser Pistol", "Think Tank", "Blight"]
    assert logged(game, "The attack on Think Tank fails (lost)")


def test_the_battle_goes_on_round_after_round_until_one_side_is_killed_off() -> None:
    game = attack([{"cards": ["Total Carapace"]}], "Blight", 3)
    fight_round(game, 1, 1)
    fight_round(game, 0, 0)
    assert fight_text(game) == "Fight a round: Force 1 against Threat 2 (Blight)"
    fight_round(game, 1, 1)
    fight_round(game, 1, 0)
    assert enclave(game).locations == ["Think Tank"] and follower(game, 1).damage == 2
    assert "Blight" in game.state.discard and game.state.battle is None


# ---- robots (lines 73, 160-165; rulings gw-7, gw-8) ------------------------------------------

def test_force_against_a_robot_foe_and_against_others() -> None:
    followers = [{"cards": ["Needler", "Electrical Generation"]},
                 {"cards": ["Mental Blast", "Laser Pistol"]}]
    game = attack(followers, "Warbot", 10)
    # against robots: 1 + 0 + 4 and 1 + 0 + 2 (Needler, Mental Blast add nothing)
    assert fight_text(game) == "Fight a round: Force 8 against Threat 10 (Warbot)"
    game = attack(followers, "Cyborgs", 10)
    # Cyborgs are no robots (gw-7): 1 + 2 + 1 and 1 + 4 + 2
    assert fight_text(game) == "Fight a round: Force 11 against Threat 10 (Cyborgs)"


# ---- BREAKDOWN RULE (lines 63-66) ------------------------------------------------------------

def test_gw_26_every_weapon_used_in_a_battle_makes_one_breakdown_roll_after_it() -> None:
    game = attack([{"cards": ["Laser Pistol", "Frag Grenades", "Needler", "Stim Dose"]},
                   {"cards": ["Small Damage Pack", "Wings"]}], "Warbot", 4)
    # Force (1 + 2 + 3 + 0 + 1) + (1 + 3 + 2) = 13 against the robot (Needler: no effect)
    assert fight_text(game) == "Fight a round: Force 13 against Threat 4 (Warbot)"
    fight_round(game, 4, 0)  # Threat 0: won
    # Needler adds nothing against a robot: not used; Small Damage Pack: "One Use Only"
    assert pending_chance(game).label == "Breakdown roll for Laser Pistol: 1D6, 6+ breaks it"
    roll(game, 5)
    # "Grenades get +1 to this roll." (line 66): 5 + 1 = 6 breaks it
    assert pending_chance(game).label == "Breakdown roll for Frag Grenades: 1D6 +1, 6+ breaks it"
    roll(game, 5)
    assert pending_chance(game).label == "Breakdown roll for Stim Dose: 1D6, 6+ breaks it"
    roll(game, 6)
    assert cards_on(game, 1) == ["Laser Pistol", "Needler"]
    assert cards_on(game, 2) == ["Wings"]
    assert logged(game, "Small Damage Pack (Follower 2) is used up (One Use Only)")
    assert enclave(game).locations == ["Think Tank"]


def test_gw_26_a_battle_never_fought_uses_nothing() -> None:
    game = attack([{"cards": ["Laser Pistol"]}], "Warbot", 20)
    choose(game, "Retreat")
    assert game.phase == "action" and cards_on(game, 1) == ["Laser Pistol"]


def test_gw_35_losing_stim_dose_to_a_breakdown_can_kill_a_wounded_follower() -> None:
    game = attack([{"cards": ["Stim Dose"], "damage": 2}], "Blight", 2)
    fight_round(game, 2, 0)
    roll(game, 6, "Breakdown roll for Stim Dose")  # Hits 2 + 1 -> 2 with 2 damage
    assert not in_play(game, 1) and enclave(game).locations == ["Think Tank"]


def test_gw_27_an_energy_cell_on_any_follower_may_be_discarded_to_save_the_item() -> None:
    game = attack([{"cards": ["Fusion Rifle"]}, {"cards": ["Solar Energy Cells"]}], "Blight", 2)
    fight_round(game, 2, 0)
    roll(game, 6, "Breakdown roll for Fusion Rifle")
    assert options(game) == ["Discard Solar Energy Cells (Follower 2) to keep Fusion Rifle",
                             "Let Fusion Rifle break down"]
    choose(game, "Discard Solar Energy Cells")
    assert cards_on(game, 1) == ["Fusion Rifle"] and cards_on(game, 2) == []
    assert "Solar Energy Cells" in game.state.discard


def test_gw_27_letting_the_item_break_keeps_the_cell() -> None:
    game = attack([{"cards": ["Fusion Rifle", "Atomic Energy Cells"]}], "Blight", 2)
    fight_round(game, 2, 0)
    roll(game, 6)
    choose(game, "Let Fusion Rifle break down")
    assert cards_on(game, 1) == ["Atomic Energy Cells"]


# ---- Encroach (line 138; rulings gw-19, gw-38) -----------------------------------------------

def encroach(attacker: list, defender: list, location: str = "Agri-Dome", **more) -> Game:
    game = scenario({"hand": ["Encroach"], "followers": attacker},
                    {"followers": defender, "locations": [location], **more})
    choose(game, "Play Encroach")
    return game


def test_gw_38_the_defenders_force_is_the_threat_and_the_attackers_ones_hit_them() -> None:
    game = encroach([{"cards": ["Laser Rifle"]}], [{}, {"cards": ["Wings"]}])
    assert options(game) == [
        "Fight a round: Force 3 against Threat 4 (Player 2's followers)", "Retreat"]
    choose(game, "Fight a round")
    assert game.current_player == 1
    assert options(game) == ["Defend Agri-Dome with your followers",
                             "Do not defend: Player 1 takes Agri-Dome"]
    choose(game, "Defend")
    ones(game, 2, "Battle roll, Player 1's followers: 3D6")
    ones(game, 0, "Threat roll, Player 2: 4D6")
    hit(game, "Follower 2")
    hit(game, "Follower 3")
    assert follower(game, 2).damage == 1 and follower(game, 3).damage == 1
    fight_round_encroach(game, 1, 0)
    hit(game, "Follower 2")  # killed (2 Hits)
    fight_round_encroach(game, 1, 0)  # the last defender falls
    roll(game, 1, "Breakdown roll for Laser Rifle")
    assert enclave(game).locations == ["Agri-Dome"] and enclave(game, 1).locations == []
    assert game.state.battle is None and logged(game, "Takes Agri-Dome from Player 2")
    assert game.phase == "action" and "Encroach" in game.state.discard


def fight_round_encroach(game: Game, attacker_ones: int, defender_ones: int) -> None:
    choose(game, "Fight a round")
    choose(game, "Defend")
    ones(game, attacker_ones)
    ones(game, defender_ones)


def test_gw_38_a_defender_who_does_not_defend_loses_the_location() -> None:
    game = encroach([{}], [{}], location="Communications Facility",
                    hand=["Wings", "Warbot", "Needler", "Podog", "Blight", "Zarn"])
    choose(game, "Fight a round")
    choose(game, "Do not defend")
    assert enclave(game).locations == ["Communications Facility"]
    # ruling gw-37: hand size falls from 6 to 5 at once
    assert game.current_player == 1 and game.phase.endswith("discard")
    choose(game, "Discard Zarn")
    assert game.phase == "action" and game.current_player == 0


def test_gw_38_an_undefended_location_is_taken_at_once() -> None:
    game = encroach([{}], [])
    assert enclave(game).locations == ["Agri-Dome"] and game.phase == "action"


def test_gw_38_a_retreating_attacker_leaves_the_location_with_its_controller() -> None:
    game = encroach([{}], [{"cards": ["Mental Blast"]}])
    choose(game, "Retreat")
    assert enclave(game, 1).locations == ["Agri-Dome"] and game.state.battle is None


def test_gw_38_the_defenders_weapons_are_used_too() -> None:
    game = encroach([{"cards": ["Total Carapace"]}], [{"cards": ["Laser Pistol"]}])
    fight_round_encroach(game, 0, 1)
    choose(game, "Retreat")
    roll(game, 6, "Breakdown roll for Laser Pistol")
    assert cards_on(game, 2) == [] and enclave(game, 1).locations == ["Agri-Dome"]
