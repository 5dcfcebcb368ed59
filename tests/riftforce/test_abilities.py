"""The ten guild abilities, each in a scenario whose resulting position is worked out by hand
from reference/riftforce.md ("ref", section "The ten base guild abilities" and the FAQ).

A board is written as the read-out writes it: per location [Player 1's column, Player 2's
column], each from the location outward (first enemy first), "Ice 6/4" for 4 damage on it.
"""

from __future__ import annotations

from .helpers import act, activate, board, offers, riftforce, scenario

WITH_CRYSTAL = [["Fire", "Crystal", "Air", "Earth"], ["Light", "Ice", "Plant", "Water"]]
WITH_LIGHT = [["Light", "Fire", "Air", "Earth"], ["Water", "Ice", "Plant", "Crystal"]]
WITH_ICE = [["Ice", "Plant", "Thunderbolt", "Shadow"], ["Water", "Air", "Fire", "Crystal"]]


def test_fire_deals_3_to_the_first_enemy_and_1_to_the_ally_behind_it() -> None:
    # ref: "Fire: 3 damage to the first enemy here; then 1 damage to your own elemental
    # directly behind this Fire". Ice 6 with 1 damage + 3 = 4; Water 5 behind takes 1.
    game = scenario({2: (["Fire 5", "Water 5"], ["Ice 6/1", "Ice 5"])}, hands=[["Fire 6"], []])
    activate(game, "Fire 6", (2, 0))
    assert board(game, 2) == [["Fire 5", "Water 5/1"], ["Ice 6/4", "Ice 5"]]


def test_fire_destroying_your_own_crystal_scores_2_for_the_opponent() -> None:
    # ref: "If your own Fire destroys your own elemental, your opponent scores it" and (FAQ)
    # "Crystal: when it is destroyed its owner's opponent gains 2 Riftforce in all (also when
    # the owner's own Fire destroys it)". Ice 5/3 + 3 = 6 >= 5: destroyed, 1 for Player 1;
    # Crystal 5/4 + 1 = 5: destroyed, 1 + 1 for Player 2.
    game = scenario({1: (["Fire 5", "Crystal 5/4"], ["Ice 5/3"])}, hands=[["Fire 6"], []],
                    guilds=WITH_CRYSTAL)
    activate(game, "Fire 6", (1, 0))
    assert board(game, 1) == [["Fire 5"], []]
    assert riftforce(game) == [1, 2]
    assert game.state.sides[0].discard == ["Fire 6", "Crystal 5"]
    assert game.state.sides[1].discard == ["Ice 5"]


def test_water_at_an_end_must_move_one_location_toward_the_middle() -> None:
    # ref: "Water: 2 damage to the first enemy here; then move this Water to an adjacent
    # location (it must move); then 1 damage to the first enemy at the new location"; FAQ: "a
    # Water at an end must move one location toward the middle".
    game = scenario({1: (["Water 5"], ["Ice 5"]), 2: ([], ["Light 6/2"])},
                    hands=[["Water 6"], []])
    activate(game, "Water 6", (1, 0))
    assert offers(game) == [("move", (1,))]  # Location 2 only
    act(game, "move", 1)
    assert board(game, 1) == [[], ["Ice 5/2"]]
    assert board(game, 2) == [["Water 5"], ["Light 6/3"]]


def test_water_in_the_middle_chooses_either_neighbour() -> None:
    game = scenario({3: (["Water 5"], [])}, hands=[["Water 6"], []])
    activate(game, "Water 6", (3, 0))
    assert offers(game) == [("move", (1,)), ("move", (3,))]  # Locations 2 and 4


def test_air_moves_anywhere_then_hits_the_first_enemy_there_and_either_side() -> None:
    # ref: "Air: move this Air to any other location (it must move); then 1 damage to the
    # first enemy at the new location and 1 to the first enemy at each location adjacent".
    # Moved to Location 3: Light 5/4 there is destroyed (1 Riftforce), Ice 5 at 2 and Plant 7/1
    # at 4 take 1; Ice 7 at Location 5 is not adjacent.
    game = scenario({1: (["Air 5"], []), 2: ([], ["Ice 5"]), 3: ([], ["Light 5/4", "Ice 6"]),
                     4: ([], ["Plant 7/1"]), 5: ([], ["Ice 7"])}, hands=[["Air 6"], []])
    activate(game, "Air 6", (1, 0))
    assert offers(game) == [("move", (1,)), ("move", (2,)), ("move", (3,)), ("move", (4,))]
    act(game, "move", 2)
    assert [board(game, n) for n in range(1, 6)] == [
        [[], []], [[], ["Ice 5/1"]], [["Air 5"], ["Ice 6"]], [[], ["Plant 7/2"]],
        [[], ["Ice 7"]]]
    assert riftforce(game) == [1, 0]


def test_earth_hits_every_enemy_there_when_played_and_the_first_when_activated() -> None:
    # ref: "Earth: when played (not activated), 1 damage to every enemy at that location. When
    # activated: 2 damage to the first enemy here."
    game = scenario({4: ([], ["Ice 5/4", "Light 6"])}, hands=[["Earth 5", "Earth 6"], []])
    act(game, "play")
    act(game, "place", "Earth 5", 3)
    assert board(game, 4) == [["Earth 5"], ["Light 6/1"]]  # Ice 5/4 + 1: destroyed
    assert riftforce(game) == [1, 0]
    act(game, "done")
    act(game, "check")  # Player 2's turn; then Player 1 activates the Earth
    while game.is_chance:
        game.step()
    activate(game, "Earth 6", (4, 0))
    assert board(game, 4) == [["Earth 5"], ["Light 6/3"]]


def test_light_deals_2_then_heals_itself_or_any_ally_anywhere() -> None:
    # ref: "Light: 2 damage to the first enemy here; then remove 1 damage from this Light or
    # from any one of your elementals anywhere" (ruling rf-9).
    game = scenario({2: (["Light 5/2"], ["Ice 6"]), 4: (["Fire 7/3"], [])},
                    hands=[["Light 6"], []], guilds=WITH_LIGHT)
    activate(game, "Light 6", (2, 0))
    assert offers(game) == [("heal", (1, 0)), ("heal", (3, 0))]  # the Light first
    act(game, "heal", 3, 0)
    assert board(game, 2) == [["Light 5/2"], ["Ice 6/2"]]
    assert board(game, 4) == [["Fire 7/2"], []]


def test_ice_deals_4_to_a_damaged_last_enemy_and_1_to_an_undamaged_one() -> None:
    # ref: "Ice: if the last enemy here already has damage, 4 damage to it; otherwise 1".
    damaged = scenario({3: (["Ice 5"], ["Water 5", "Air 6/1"])}, hands=[["Ice 6"], []],
                       guilds=WITH_ICE)
    activate(damaged, "Ice 6", (3, 0))
    assert board(damaged, 3) == [["Ice 5"], ["Water 5", "Air 6/5"]]
    fresh = scenario({3: (["Ice 5"], ["Water 5/2", "Air 6"])}, hands=[["Ice 6"], []],
                     guilds=WITH_ICE)
    activate(fresh, "Ice 6", (3, 0))
    assert board(fresh, 3) == [["Ice 5"], ["Water 5/2", "Air 6/1"]]


def test_rf8_ice_strikes_once_even_when_its_4_destroy_the_last_enemy() -> None:
    # ruling rf-8: the two Ice steps are exclusive. 4 damage destroy Air 5/1; the new last
    # enemy, Water 5 (undamaged), does not then take the "otherwise 1".
    game = scenario({3: (["Ice 5"], ["Water 5", "Air 5/1"])}, hands=[["Ice 6"], []],
                    guilds=WITH_ICE)
    activate(game, "Ice 6", (3, 0))
    assert board(game, 3) == [["Ice 5"], ["Water 5"]]
    assert riftforce(game) == [1, 0]


def test_a_lone_enemy_is_both_the_first_and_the_last() -> None:
    # ref FAQ: "Ice: a lone enemy is both the first and the last enemy."
    game = scenario({3: (["Ice 5"], ["Water 7/2"])}, hands=[["Ice 6"], []], guilds=WITH_ICE)
    activate(game, "Ice 6", (3, 0))
    assert board(game, 3) == [["Ice 5"], ["Water 7/6"]]


def test_plant_hits_the_first_enemy_next_door_and_pulls_it_behind_the_others() -> None:
    # ref: "Plant: 2 damage to the first enemy at one adjacent location; then move that enemy
    # to this Plant's location (last position there)"; FAQ: "never its own location".
    game = scenario({1: ([], ["Crystal 5", "Air 6"]), 2: (["Plant 5"], ["Water 6"]),
                     3: ([], ["Fire 5/4"])}, hands=[["Plant 6"], []], guilds=WITH_ICE)
    activate(game, "Plant 6", (2, 0))
    assert offers(game) == [("location", (0,)), ("location", (2,))]
    act(game, "location", 0)
    assert board(game, 1) == [[], ["Air 6"]]
    assert board(game, 2) == [["Plant 5"], ["Water 6", "Crystal 5/2"]]


def test_rf12_plant_pulls_nothing_when_its_damage_destroys_the_enemy() -> None:
    game = scenario({2: (["Plant 5"], []), 3: ([], ["Fire 5/4", "Air 6"])},
                    hands=[["Plant 6"], []], guilds=WITH_ICE)
    activate(game, "Plant 6", (2, 0))
    act(game, "location", 2)
    assert board(game, 2) == [["Plant 5"], []]
    assert board(game, 3) == [[], ["Air 6"]]
    assert riftforce(game) == [1, 0]


def test_crystal_deals_4_to_the_first_enemy() -> None:
    # ref: "Crystal: 4 damage to the first enemy here."
    game = scenario({5: (["Crystal 5"], ["Ice 7/2", "Light 5"])}, hands=[["Crystal 6"], []],
                    guilds=WITH_CRYSTAL)
    activate(game, "Crystal 6", (5, 0))
    assert board(game, 5) == [["Crystal 5"], ["Ice 7/6", "Light 5"]]


def test_thunderbolt_picks_any_enemy_and_repeats_once_when_it_destroys() -> None:
    # ref: "Thunderbolt: 2 damage to any one enemy here (not only the first); if that destroys
    # it, repeat this ability once at once (at most one repeat per activation)".
    game = scenario({2: (["Thunderbolt 5"], ["Water 5/3", "Air 6/4", "Fire 7/5"])},
                    hands=[["Thunderbolt 6"], []], guilds=WITH_ICE)
    activate(game, "Thunderbolt 6", (2, 0))
    assert offers(game) == [("target", (1, 0)), ("target", (1, 1)), ("target", (1, 2))]
    act(game, "target", 1, 1)  # Air 6/4 + 2: destroyed, so once more
    assert offers(game) == [("target", (1, 0)), ("target", (1, 1))]
    act(game, "target", 1, 0)  # Water 5/3 + 2: destroyed; no second repeat
    assert board(game, 2) == [["Thunderbolt 5"], ["Fire 7/5"]]
    assert riftforce(game) == [2, 0]
    assert game.current_player == 1  # no other Thunderbolt or 6: the turn is over


def test_thunderbolt_does_not_repeat_when_it_does_not_destroy() -> None:
    game = scenario({2: (["Thunderbolt 5"], ["Water 5", "Air 6/1"])},
                    hands=[["Thunderbolt 6"], []], guilds=WITH_ICE)
    activate(game, "Thunderbolt 6", (2, 0))
    act(game, "target", 1, 0)
    assert board(game, 2) == [["Thunderbolt 5"], ["Water 5/2", "Air 6/1"]]
    assert game.current_player == 1


def test_shadow_moves_then_destroying_scores_2_and_3_for_a_crystal() -> None:
    # ref FAQ: "Shadow: destroying an enemy gains 2 Riftforce in all (3 for a Crystal)".
    game = scenario({1: (["Shadow 5"], []), 4: ([], ["Crystal 5/4", "Water 6"])},
                    hands=[["Shadow 6"], []], guilds=WITH_ICE)
    activate(game, "Shadow 6", (1, 0))
    assert offers(game) == [("move", (1,)), ("move", (2,)), ("move", (3,)), ("move", (4,))]
    act(game, "move", 3)
    assert board(game, 4) == [["Shadow 5"], ["Water 6"]]
    assert riftforce(game) == [3, 0]
    plain = scenario({1: (["Shadow 5"], []), 4: ([], ["Water 5/4"])}, hands=[["Shadow 6"], []],
                     guilds=WITH_ICE)
    activate(plain, "Shadow 6", (1, 0))
    act(plain, "move", 3)
    assert riftforce(plain) == [2, 0]


def test_damage_with_no_enemy_is_lost_and_the_activation_allowed() -> None:
    # ref: "Damage with no enemy to receive it is simply lost; activating such an elemental is
    # allowed."
    game = scenario({3: (["Crystal 5"], [])}, hands=[["Crystal 6"], []], guilds=WITH_CRYSTAL)
    activate(game, "Crystal 6", (3, 0))
    assert board(game, 3) == [["Crystal 5"], []]
    assert any("the damage is lost" in e.text for e in game.log)
