"""Gamma World outside battle: the TURN SEQUENCE, the ACTION PHASE (Action Points, recruiting,
drawing, playing items), the HEALING PHASE and the end of the game, with rulings gw-23..25,
gw-28..30, gw-36, gw-37, gw-41, gw-44, gw-46 and gw-47.

Expected values come from the seed (seed 004, cited by line) or docs/rulings.md; every die and
draw is forced.
"""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.data import gamma_data
from explorer.games.gamma_world.invariants import check
from explorer.games.gamma_world.state import Attached, Enclave, Follower

from .helpers import (
    ap_left,
    cards_on,
    choose,
    draw,
    enclave,
    end_phase,
    follower,
    hit,
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

END_2 = "End the Action Phase (2 AP unspent)"


def fight_text(game) -> str:
    return next(o for o in options(game) if o.startswith("Fight a round"))


# ---- TURN SEQUENCE (lines 13-17) --------------------------------------------------------------

def test_gw_23_player_1_goes_first_and_turns_pass_in_seat_order() -> None:
    game = explorer.new_game("gamma_world", players=3, seed=4)
    assert is_turn_of(game, 0)
    for seat in (1, 2, 0, 1):
        end_phase(game)  # the Healing Phase has nothing to heal: no step
        assert is_turn_of(game, seat)
    assert game.state.turn == 5


def test_ruling_22_the_game_starts_with_no_hands_and_2_ap() -> None:
    game = explorer.new_game("gamma_world", players=4, seed=1)
    assert all(e.hand == [] for e in game.state.enclaves)  # ruling gw-22
    assert options(game) == ["Recruit a follower", "Draw a card", END_2]


# ---- Action Points (lines 18-25) --------------------------------------------------------------

def test_each_ap_buys_one_action_then_only_ending_is_left() -> None:
    game = scenario({}, {})
    choose(game, "Recruit a follower")  # 1. Recruit one Follower. (line 21)
    assert ap_left(game) == 1
    choose(game, "Draw a card")  # 2. Draw one card from the deck. (line 22)
    draw(game, "Blight")
    assert ap_left(game) == 0
    assert options(game) == ["End the Action Phase"]
    end_phase(game)
    assert is_turn_of(game, 1)


def test_gw_25_cards_in_play_add_ap_counted_at_the_start_of_the_turn() -> None:
    game = scenario({"followers": [{"cards": ["Hover Car"]}, {"cards": ["Podog"]},
                                   {"cards": ["Mind Booster", "Teleportation"]}],
                     "hand": ["Turbine Car"]}, {})
    # base 2 (line 19) + Hover Car +1 (line 111) + Podog +1 (line 115) + Mind Booster +1
    # (line 123) + Teleportation +1 (line 178)
    assert ap_left(game) == 6
    assert logged(game, "Turn 1: 6 AP (base AP, base AP, Hover Car, Podog, Mind Booster, "
                        "Teleportation)")
    choose(game, "Play Turbine Car on Follower 3")
    assert ap_left(game) == 5  # the car played this turn gives its AP from the next turn
    end_phase(game)
    end_phase(game)  # player 2
    assert ap_left(game) == 7


def test_gw_25_unspent_ap_are_lost_when_the_phase_ends() -> None:
    game = scenario({}, {})
    end_phase(game)
    assert logged(game, "Ends the Action Phase; 2 AP unspent")
    end_phase(game)
    assert ap_left(game) == 2  # not 4


def test_gw_25_a_restricted_ap_pays_only_its_action_and_is_spent_first() -> None:
    game = scenario({"locations": ["Think Tank"]}, {}, top=["Blight", "Zarn", "Hoops"])
    assert ap_left(game) == 3  # Think Tank: AP +1 to draw cards only (line 213)
    assert game.pending.prompt == "Action Phase: 3 AP left (Think Tank: Draw only)"
    choose(game, "Draw a card")  # paid with Think Tank's AP (restricted first)
    assert [t.source for t in game.state.ap] == ["base AP", "base AP"]
    choose(game, "Recruit a follower")
    choose(game, "Draw a card")
    assert enclave(game).hand == ["Blight", "Zarn"]


def test_gw_25_with_only_a_restricted_ap_left_only_its_action_is_offered() -> None:
    game = scenario({"locations": ["Weapons Lab"], "followers": [{}],
                     "hand": ["Laser Pistol", "Sheath Armor"]}, {})
    choose(game, "Recruit a follower")
    choose(game, "Play Sheath Armor on Follower 1")
    # Weapons Lab: "AP +1 to play Weapon cards only" (line 229; ruling gw-11)
    assert options(game) == ["Play Laser Pistol on Follower 1", "Play Laser Pistol on Follower 2",
                             "End the Action Phase (1 AP unspent)"]


def test_gw_25_a_vehicles_ap_is_spent_last_and_its_use_makes_a_breakdown_roll() -> None:
    game = scenario({"followers": [{"cards": ["Hover Car"]}]}, {},
                    top=["Blight", "Zarn", "Hoops"])
    choose(game, "Draw a card")
    choose(game, "Draw a card")
    assert [t.source for t in game.state.ap] == ["Hover Car"]  # no roll so far
    choose(game, "Draw a card")
    # "Roll 1D6 for every time a weapon, equipment, or vehicle is used." (line 64, gw-26)
    assert pending_chance(game).label == "Breakdown roll for Hover Car: 1D6, 6+ breaks it"
    roll(game, 6)  # "On a roll of 6+ that item is discarded" (line 65)
    assert cards_on(game, 1) == [] and "Hover Car" in game.state.discard
    assert enclave(game).hand == ["Blight", "Zarn", "Hoops"]  # the AP was still spent


# ---- a card's AP leaves play with it (line 111; ruling gw-47) ---------------------------------

def fight_round(game, force_ones: int, threat_ones: int) -> None:
    choose(game, "Fight a round")
    ones(game, force_ones, "Battle roll")
    ones(game, threat_ones, "Threat roll")


def test_gw_47_a_steed_killed_during_the_turn_takes_its_unspent_ap_with_it() -> None:
    game = scenario({"hand": ["Think Tank"],
                     "followers": [{"cards": ["Podog"]}, {"cards": ["Hopper"]}]},
                    {"hand": ["Sep"]})
    assert ap_left(game) == 4  # base 2 (line 19) + Podog's +1 (line 115) + Hopper's (line 117)
    choose(game, "Attack Think Tank")  # "4. Attack a Location." (line 24): 1 AP
    # paid with a card's AP, which its card could take away, before a base AP (ruling gw-47)
    assert [t.source for t in game.state.ap] == ["base AP", "base AP", "Hopper"]
    choose(game, "Play Sep")
    roll(game, 12, "Starting Threat of Sep")
    fight_round(game, 0, 3)
    for _ in range(3):
        hit(game, "Follower 2")  # Hopper: 3 Hits (line 117), and it takes them first (line 50)
    assert cards_on(game, 2) == [] and follower(game, 2).damage == 0
    assert logged(game, "Hopper (Follower 2) has left play: its unspent AP is lost")
    choose(game, "Retreat")
    assert [t.source for t in game.state.ap] == ["base AP", "base AP"]  # 4 - 1 - Hopper's


def test_gw_47_a_follower_killed_during_the_turn_takes_its_vehicles_unspent_ap() -> None:
    game = scenario({"hand": ["Think Tank"], "followers": [{}, {"cards": ["Hover Car"]}]},
                    {"hand": ["Sep"]})
    assert ap_left(game) == 3  # base 2 + "Vehicles give you one extra AP" (line 111)
    choose(game, "Attack Think Tank")  # paid with a base AP: the vehicle's risks a Breakdown
    choose(game, "Play Sep")
    roll(game, 12, "Starting Threat of Sep")
    fight_round(game, 0, 2)
    hit(game, "Follower 2")
    hit(game, "Follower 2")  # Hits 2 (line 31): killed, its cards discarded
    assert not in_play(game, 2) and "Hover Car" in game.state.discard
    assert logged(game, "Hover Car (Follower 2) has left play: its unspent AP is lost")
    choose(game, "Retreat")
    assert [t.source for t in game.state.ap] == ["base AP"]  # 3 - 1 - the car's


def test_gw_47_a_location_destroyed_during_the_turn_takes_its_unspent_ap() -> None:
    game = scenario({"locations": ["Missile Silo", "Think Tank"]}, {"locations": ["Armory"]})
    assert ap_left(game) == 3  # Think Tank: "AP (Action Points) +1 to draw cards only" (213)
    choose(game, "Launch Missile Silo's Neutron Missile")
    choose(game, "Destroy your Think Tank")  # any location but the Silo (ruling gw-20)
    assert logged(game, "Think Tank has left play: its unspent AP is lost")
    assert game.pending.prompt == "Action Phase: 2 AP left"  # the Draw-only AP is gone


def test_gw_47_an_item_back_in_play_the_same_turn_gives_its_ap_only_from_the_next() -> None:
    game = scenario({"hand": ["Brotherhood of Thought"],
                     "followers": [{"cards": ["Podog"]}, {}]}, {})
    assert ap_left(game) == 3  # base 2 + Podog's (line 115)
    choose(game, "Play Brotherhood of Thought")  # an event: no AP (ruling gw-21)
    choose(game, "discard your Follower 1")
    choose(game, "Keep Podog in your hand")  # "(controller may keep items)" (line 132)
    assert ap_left(game) == 2 and logged(game, "Podog (Follower 1) has left play")
    choose(game, "Play Podog on Follower 2")
    assert ap_left(game) == 1  # played this turn: its AP from the next turn (ruling gw-25)
    end_phase(game)
    end_phase(game)  # Player 2
    assert ap_left(game) == 3


def test_gw_47_each_ap_follows_its_own_card_even_between_two_copies() -> None:
    # two copies of Mind Booster ("AP +1 once per turn", line 123) on one follower, as a card
    # set of one's own could hold: losing one takes its own AP, not its twin's
    data = gamma_data()
    first, second = Attached("Mind Booster"), Attached("Mind Booster")
    band = Enclave(followers=[Follower(1, cards=[first, second])])
    tokens = E.turn_ap(data, band)
    assert [t.source for t in tokens] == ["base AP", "base AP", "Mind Booster", "Mind Booster"]
    spent = tokens.pop(2)  # the first copy's AP is spent
    assert spent.card is first
    band.followers[0].cards.remove(second)  # the other copy leaves play: its unspent AP goes,
    # though a Mind Booster is still on the follower (it gave its AP already)
    assert [t.source for t in E.ap_in_play(data, band, tokens)] == ["base AP", "base AP"]


# ---- RECRUIT A FOLLOWER (lines 26-33) --------------------------------------------------------

def test_a_follower_with_no_mutations_is_a_pure_strain_human_of_force_1_and_hits_2() -> None:
    game = scenario({"hand": ["Laser Pistol"]}, {})
    choose(game, "Recruit a follower")
    assert follower(game, 1).kind == "Pure Strain Human"  # line 29
    assert logged(game, "Follower 1 is a Pure Strain Human with Force 1 and Hits 2")  # line 31


def test_gw_28_mutations_from_the_hand_and_the_kind_named_by_the_player() -> None:
    game = scenario({"hand": ["Wings", "Chameleon Power", "Laser Pistol"]}, {})
    choose(game, "Recruit a follower")
    # "You may attach any number of Mutation cards to the token just played." (line 28)
    assert options(game) == ["Attach Wings to Follower 1", "Attach Chameleon Power to Follower 1",
                             "No more mutations for Follower 1"]
    choose(game, "Attach Wings")
    choose(game, "Attach Chameleon Power")
    # "designate the follower as either a Mutant Human or Animal" (line 30)
    assert options(game) == ["Follower 1 is a Mutant Human", "Follower 1 is a Mutant Animal"]
    choose(game, "Mutant Animal")
    # Force 1 + Wings 2 + Chameleon Power 1 = 4; Hits 2 + 2 = 4 (lines 31, 153, 166)
    assert logged(game, "Follower 1 is a Mutant Animal with Force 4 and Hits 4 "
                        "(Wings, Chameleon Power)")
    assert enclave(game).hand == ["Laser Pistol"]


def test_gw_28_a_pure_strain_human_given_a_mutation_later_becomes_a_mutant_human() -> None:
    game = scenario({"hand": ["Radiation", "Wings"], "followers": [{}]}, {})
    choose(game, "Play Radiation")
    assert follower(game, 1).kind == "Mutant Human" and cards_on(game, 1) == ["Wings"]


def test_the_follower_limit_is_6_and_each_follower_location_raises_it() -> None:
    six = [{}] * 6
    game = scenario({"followers": six}, {})
    assert not offered(game, "Recruit")  # "a maximum of 6 Followers" (line 33)
    game = scenario({"followers": six, "locations": ["Agri-Dome"]}, {})
    choose(game, "Recruit a follower")  # Agri-Dome: Maximum number of Followers +1 (line 216)
    assert len(enclave(game).followers) == 7 and not offered(game, "Recruit")


def test_gw_46_each_opponent_in_turn_order_may_attach_defect_to_a_new_follower() -> None:
    game = scenario({"hand": ["Wings"]}, {}, {"hand": ["Defect"]})
    choose(game, "Recruit a follower")
    choose(game, "Attach Wings")
    choose(game, "Mutant Human")
    assert game.current_player == 2  # Player 2 holds no Defect: not asked
    assert options(game) == ["Attach Defect to Player 1's Follower 1", "Keep Defect"]
    choose(game, "Attach Defect")
    assert cards_on(game, 1) == ["Wings", "Defect"]
    # Force 1 + 2 - 2 = 1 (lines 31, 153, 181; ruling gw-4)
    assert logged(game, "Attach Defect to Player 1's Follower 1")


def test_gw_29_defect_cannot_take_a_followers_force_below_0() -> None:
    game = scenario({"hand": ["Think Tank"]}, {"hand": ["Defect", "Blight"]})
    choose(game, "Recruit a follower")
    choose(game, "Attach Defect")
    assert follower(game, 1).kind == "Mutant Human"  # ruling gw-28
    choose(game, "Attack Think Tank")
    choose(game, "Play Blight")
    roll(game, 5)
    assert fight_text(game) == "Fight a round: Force 0 against Threat 5 (Blight)"  # 1 - 2 -> 0


def test_gw_46_defect_cannot_go_on_its_holders_own_followers() -> None:
    game = scenario({"hand": ["Defect", "Latent Mutation"], "followers": [{}]}, {})
    choose(game, "Recruit a follower")
    assert not game.pending.prompt.startswith("Attach mutations")  # back at the Action Phase
    assert not offered(game, "Play Latent Mutation")  # no mutation it may attach


# ---- DRAW ONE CARD FROM THE DECK (lines 34-36) ------------------------------------------------

def test_drawing_over_the_hand_limit_discards_a_card_of_the_players_choice() -> None:
    hand = ["Wings", "Warbot", "Needler", "Podog", "Medi-Kit"]
    game = scenario({"hand": hand}, {}, top=["Blight"])
    choose(game, "Draw a card")
    # "You may have a maximum of 5 cards in your hand. Discard excess cards." (lines 35-36)
    assert game.phase == "action.draw.discard"
    assert options(game) == [f"Discard {n}" for n in [*hand, "Blight"]]
    choose(game, "Discard Needler")
    assert enclave(game).hand == ["Wings", "Warbot", "Podog", "Medi-Kit", "Blight"]
    assert game.state.discard == ["Needler"]


def test_a_hand_size_location_raises_the_hand_limit() -> None:
    hand = ["Wings", "Warbot", "Needler", "Podog", "Medi-Kit"]
    game = scenario({"hand": hand, "locations": ["Mining Operation"]}, {}, top=["Blight"])
    choose(game, "Draw a card")  # Mining Operation: Hand size +1 (line 224)
    assert game.phase == "action" and len(enclave(game).hand) == 6


# ---- PLAY AN ITEM CARD (lines 37-39) ---------------------------------------------------------

def test_gw_30_items_go_on_your_own_followers_with_one_armor_and_one_vehicle_or_steed() -> None:
    game = scenario({"hand": ["Plastic Armor", "Podog", "Laser Pistol"],
                     "followers": [{"cards": ["Sheath Armor", "Hover Car", "Vibro Dagger",
                                              "Vibro Blade", "Energy Mace"]}, {}]},
                    {"followers": [{}]})
    # line 39: one vehicle or steed and one armor per follower; weapons have no limit
    assert options(game) == [
        "Recruit a follower", "Draw a card",
        "Play Plastic Armor on Follower 2", "Play Podog on Follower 2",
        "Play Laser Pistol on Follower 1", "Play Laser Pistol on Follower 2",
        "End the Action Phase (3 AP unspent)"]
    choose(game, "Play Laser Pistol on Follower 1")
    assert cards_on(game, 1)[-1] == "Laser Pistol"


def test_playing_an_item_costs_one_ap() -> None:
    game = scenario({"hand": ["Laser Pistol"], "followers": [{}]}, {})
    choose(game, "Play Laser Pistol on Follower 1")  # 3. Play an Item card. (line 23)
    assert ap_left(game) == 1 and enclave(game).hand == []


# ---- HEALING PHASE (lines 60-62) --------------------------------------------------------------

def test_gw_36_each_follower_removes_one_counter_from_itself_or_else_from_its_steed() -> None:
    game = scenario({"followers": [
        {"damage": 1, "cards": [{"name": "Centisteed", "damage": 2},
                                {"name": "Inertia Armor", "damage": 3}]},
        {"cards": ["Chameleon Power"], "damage": 3},
        {"cards": [{"name": "Podog", "damage": 1}]},
        {"cards": [{"name": "Plastic Armor", "damage": 2}]}]}, {})
    end_phase(game)
    # "All your followers (not Armor) remove one damage counter each." (line 61): one counter
    # per follower. Follower 1 has one: it comes off him, and his Centisteed keeps its 2
    # (ruling gw-36); Follower 2: 3 - 1; Follower 3 has none, so it comes off his Podog;
    # Follower 4 has none and no steed: his armor never mends.
    assert [f.damage for f in enclave(game).followers] == [0, 2, 0, 0]
    assert [a.damage for a in follower(game, 1).cards] == [2, 3]
    assert [a.damage for a in follower(game, 3).cards] == [0]
    assert [a.damage for a in follower(game, 4).cards] == [2]
    assert logged(game, "Healing: 3 damage counter(s) removed")  # one per follower mended
    assert is_turn_of(game, 1)


def test_gw_36_a_mounted_follower_hurt_in_battle_mends_one_counter_not_two() -> None:
    game = scenario({"hand": ["Centisteed", "Think Tank"], "followers": [{"damage": 1}]},
                    {"hand": ["Sep"]})
    choose(game, "Play Centisteed on Follower 1")
    choose(game, "Attack Think Tank")
    choose(game, "Play Sep")
    roll(game, 12, "Starting Threat of Sep")
    fight_round(game, 0, 1)  # a lone follower: no allocation roll; the steed takes it (line 50)
    choose(game, "Retreat")
    assert follower(game, 1).damage == 1 and [str(a) for a in follower(game, 1).cards] == [
        "Centisteed (1 damage)"]
    end_phase(game)
    # "All your followers (not Armor) remove one damage counter each." (line 61): one for
    # Follower 1, off himself; his Centisteed keeps its counter (ruling gw-36)
    assert follower(game, 1).damage == 0
    assert [a.damage for a in follower(game, 1).cards] == [1]
    assert is_turn_of(game, 1)


def test_gw_36_a_heal_card_removes_1d6_more_counters_placed_one_at_a_time() -> None:
    game = scenario({"followers": [{"cards": ["Medi-Kit", "Total Carapace"], "damage": 5},
                                   {"cards": ["Absorption"], "damage": 4}]}, {})
    end_phase(game)  # one counter each: 4 and 3 left
    assert game.phase == "healing"
    assert options(game) == ["Heal with Medi-Kit (Follower 1): remove 1D6 more counters",
                             "End the Healing Phase"]
    choose(game, "Heal with Medi-Kit")
    roll(game, 3, "Heal with Medi-Kit: counters removed: 1D6")  # "an extra 1D6" (line 62)
    choose(game, "Remove a counter from Follower 2")
    choose(game, "Remove a counter from Follower 1")
    choose(game, "Remove a counter from Follower 2")
    assert (follower(game, 1).damage, follower(game, 2).damage) == (3, 1)
    # equipment used to heal makes its Breakdown roll (ruling gw-16)
    assert pending_chance(game).label == "Breakdown roll for Medi-Kit: 1D6, 6+ breaks it"
    roll(game, 2)
    assert is_turn_of(game, 1)


def test_gw_36_heals_covering_every_counter_need_no_choices_and_a_location_never_breaks() -> None:
    game = scenario({"followers": [{"damage": 1, "cards": ["Total Carapace"]},
                                   {"damage": 2, "cards": ["Absorption"]}],
                     "locations": ["Medical Center"]}, {})
    end_phase(game)
    choose(game, "Heal with Medical Center")
    roll(game, 4)  # 0 + 1 counters left: all removed
    assert [f.damage for f in enclave(game).followers] == [0, 0]
    assert is_turn_of(game, 1)


def test_a_scenario_may_start_at_the_healing_phase() -> None:
    game = scenario({"followers": [{"cards": ["Medi-Kit", "Absorption"], "damage": 3}]}, {},
                    at="healing")
    assert game.phase == "healing" and game.current_player == 0
    assert follower(game, 1).damage == 2  # one counter already removed (line 61)
    choose(game, "End the Healing Phase")
    assert is_turn_of(game, 1)


def test_gw_36_using_a_heal_card_is_the_players_choice() -> None:
    game = scenario({"followers": [{"cards": ["Regeneration", "Total Carapace"],
                                    "damage": 3}]}, {})
    end_phase(game)
    choose(game, "End the Healing Phase")
    assert follower(game, 1).damage == 2 and is_turn_of(game, 1)


# ---- limits (ruling gw-37) and events (ruling gw-41) -----------------------------------------

def test_gw_37_cards_coming_back_to_a_full_hand_are_discarded_down_at_once() -> None:
    game = scenario({"hand": ["Brotherhood of Thought"]},
                    {"hand": ["Wings", "Warbot", "Needler", "Podog", "Blight"],
                     "followers": [{"cards": ["Laser Rifle", "Sheath Armor"]}]})
    choose(game, "Play Brotherhood of Thought")  # its one target: Player 2's Follower 1
    assert game.current_player == 1
    choose(game, "Keep Laser Rifle, Sheath Armor in your hand")  # ruling gw-13
    # 7 cards: Player 2 discards 2 of his choice before the game goes on
    assert game.phase == "action.event.discard" and game.current_player == 1
    choose(game, "Discard Wings")
    choose(game, "Discard Podog")
    assert enclave(game, 1).hand == ["Warbot", "Needler", "Blight", "Laser Rifle",
                                     "Sheath Armor"]
    assert game.phase == "action" and game.current_player == 0


def test_gw_41_events_need_a_target_and_foes_and_locations_are_not_played_freely() -> None:
    game = scenario({"hand": ["Healers", "Seekers", "Brotherhood of Thought", "Warbot",
                              "Think Tank"]}, {})
    # no damage to heal, no item in play, no follower anywhere; a Foe is only for an opponent's
    # attack (line 43); a Location only to attack (line 41), which needs a follower
    assert options(game) == ["Recruit a follower", "Draw a card", END_2]


def test_gw_41_the_foe_is_played_only_when_an_opponent_attacks() -> None:
    game = scenario({"hand": ["Think Tank"], "followers": [{}]}, {"hand": ["Blight"]})
    choose(game, "Attack Think Tank")
    assert game.current_player == 1
    assert options(game) == ["Play Blight (2D6 Threat) against Player 1", "Play no Foe"]


# ---- VICTORY (lines 10-12) ---------------------------------------------------------------------

def test_gw_24_drawing_the_decks_last_card_ends_the_game_at_once() -> None:
    game = scenario({"locations": ["Think Tank"]}, {"locations": ["Agri-Dome", "Aqua-Base"]},
                    deck=["Blight", "Zarn"])
    choose(game, "Draw a card")  # Think Tank's AP
    draw(game, "Zarn")
    assert not game.is_over and game.state.deck_size == 1
    choose(game, "Draw a card")
    draw(game, "Blight")  # the last card
    # "The game ends when all cards have been drawn from the deck." (line 11): at once
    assert game.is_over and game.phase == "over" and ap_left(game) == 0
    # "The player controlling the most location cards wins." (line 12)
    assert game.scores == [1, 2] and game.winners == [1]
    assert enclave(game).hand == ["Zarn", "Blight"]
    check(game.state, game.state._data)


def test_gw_24_the_discard_pile_is_never_shuffled_back() -> None:
    game = scenario({}, {}, deck=["Blight"])
    assert len(game.state.discard) == 144
    choose(game, "Draw a card")
    draw(game, "Blight")
    assert game.is_over


def test_gw_44_a_tie_for_most_locations_is_a_shared_victory() -> None:
    game = scenario({"locations": ["Think Tank"]}, {"locations": ["Agri-Dome"]},
                    {"locations": []}, deck=["Blight"])
    choose(game, "Draw a card")
    draw(game, "Blight")
    assert game.winners == [0, 1] and game.scores == [1, 1, 0]


def test_a_scenario_with_an_empty_deck_is_over_at_once() -> None:
    game = scenario({"locations": ["Think Tank"]}, {}, deck=[])
    assert game.is_over and game.winners == [0]


def test_the_draw_odds_are_the_copies_left() -> None:
    game = scenario({}, {}, deck=["Blight", "Zarn", "Hoops"])
    choose(game, "Draw a card")
    assert game.chance_outcomes() == [(o, Fraction(1, 3)) for o, _ in game.chance_outcomes()]
