"""Riftforce's sentences of :func:`explorer.odds.consequences` (issue 27, item 6): what each
choice leads to on the Rift, worked out by hand from the seed (003, "seed") and
reference/riftforce.md ("ref", by line), never read off the code under test.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import odds
from explorer.engine import Game
from explorer.ui.words import developer_words

from .helpers import act, scenario

WITH_CRYSTAL = [["Fire", "Crystal", "Air", "Earth"], ["Light", "Ice", "Plant", "Water"]]


def said(game: Game, seat: int | None = None) -> dict[str, str | None]:
    return {str(a): s for a, s in odds.consequences(game, seat)}


def test_fire_activation_names_its_damage_and_the_ally_behind() -> None:
    # ref lines 60-61: Fire deals 3 to the first enemy here, then 1 to the ally right behind;
    # line 44: destroyed at damage >= its number. Ice 6 with 1 damage + 3 = 4 of 6; the
    # Water 5 behind takes 1.
    game = scenario({2: (["Fire 5", "Water 5"], ["Ice 6/1", "Ice 5"])}, hands=[["Fire 6"], []])
    act(game, "activate")
    act(game, "discard", "Fire 6")
    assert said(game) == {
        "Activate Fire 5 (1st at Location 2)":
            "3 damage to Ice 6 (4 of 6), 1 damage to your Water 5 (1 of 5)",
        "Activate none": None}


def test_fire_destroying_your_own_crystal_says_who_scores_what() -> None:
    # Ice 5/3 + 3 = 6 >= 5: destroyed, 1 Riftforce for Player 1 (seed line 23, ref line 46);
    # the Crystal 5/4 behind + 1 = 5: destroyed, its owner's opponent scores 2 (ref lines 46-47
    # and 89-90). Fire 5 is left alone at Location 1: Player 1 controls it (ref line 37).
    game = scenario({1: (["Fire 5", "Crystal 5/4"], ["Ice 5/3"])}, hands=[["Fire 6"], []],
                    guilds=WITH_CRYSTAL)
    act(game, "activate")
    act(game, "discard", "Fire 6")
    assert said(game)["Activate Fire 5 (1st at Location 1)"] == (
        "Destroys Ice 5, destroys your Crystal 5, you score 1 Riftforce (1 in all), Player 2 "
        "scores 2 Riftforce (2 in all), you control Location 1")


def test_a_played_earth_hits_every_enemy_there_and_says_what_its_activation_would_do() -> None:
    # ref lines 66-67: a played Earth deals 1 to every enemy there; activated, 2 to the first.
    # Ice 5/4 + 1: destroyed (1 Riftforce, seed line 23); Light 6 + 1 = 1 of 6, then the
    # first enemy left is the Light 6: 2 more would make 3 of 6.
    game = scenario({4: ([], ["Ice 5/4", "Light 6"])}, hands=[["Earth 5", "Fire 6"], []])
    act(game, "play")
    found = said(game)
    assert found["Play Earth 5 at Location 4 (1 damage to each of the 2 enemies there)"] == (
        "Destroys Ice 5, 1 damage to Light 6 (1 of 6), you score 1 Riftforce (1 in all); "
        "if activated here: 2 damage to Light 6 (3 of 6)")
    # ref line 60: a Fire there would deal 3 to the first enemy, the Ice 5 with 4 damage.
    assert found["Play Fire 6 at Location 4"] == (
        "If activated here: destroys Ice 5, you score 1 Riftforce (1 in all)")
    # No enemy at Location 1: the Fire alone there controls it (ref line 37).
    assert found["Play Fire 6 at Location 1"] == "You control Location 1"


def test_water_says_its_damage_then_the_move_then_the_damage_where_it_goes() -> None:
    # ref lines 62-63: Water deals 2 to the first enemy here, must move to an adjacent
    # location, then deals 1 to the first enemy there (Light 6/2 + 1 = 3 of 6).
    game = scenario({1: (["Water 5"], ["Ice 5"]), 2: ([], ["Light 6/2"])},
                    hands=[["Water 6"], []])
    act(game, "activate")
    act(game, "discard", "Water 6")
    assert said(game)["Activate Water 5 (1st at Location 1)"] == (
        "2 damage to Ice 5 (2 of 5), then you choose where it moves")
    act(game, "elemental", 0, 0)
    assert said(game) == {"Move Water 5 to Location 2 (first enemy there: Light 6/2)":
                          "1 damage to Light 6 (3 of 6)"}


WITH_ICE = [["Ice", "Plant", "Thunderbolt", "Shadow"], ["Water", "Air", "Fire", "Crystal"]]


def test_air_names_each_location_it_hits_and_the_location_it_leaves() -> None:
    # ref lines 64-65 and 94-95: Air must move to any other location, then deals 1 to the
    # first enemy there and at each location next to it. Moved to Location 3: Light 5/4 there
    # is destroyed (1 Riftforce), Ice 5 at Location 2 and Plant 7/1 at Location 4 take 1; the
    # Air leaves Location 1, which it held alone (ref line 37).
    game = scenario({1: (["Air 5"], []), 2: ([], ["Ice 5"]), 3: ([], ["Light 5/4", "Ice 6"]),
                     4: ([], ["Plant 7/1"]), 5: ([], ["Ice 7"])}, hands=[["Air 6"], []])
    act(game, "activate")
    act(game, "discard", "Air 6")
    act(game, "elemental", 0, 0)
    assert said(game)["Move Air 5 to Location 3 (first enemy there: Light 5/4)"] == (
        "Destroys Light 5 at Location 3, 1 damage to Ice 5 at Location 2 (1 of 5) and Plant 7 "
        "at Location 4 (2 of 7), you score 1 Riftforce (1 in all), you no longer control "
        "Location 1")


def test_thunderbolt_says_when_it_strikes_once_more() -> None:
    # ref lines 75-76 and 98-99: 2 damage to any one enemy here; if that destroys it, once
    # more (at most one repeat). Air 6/4 + 2 destroys it: a second target; then Water 5/3 + 2
    # destroys it too, and nothing more.
    game = scenario({2: (["Thunderbolt 5"], ["Water 5/3", "Air 6/4", "Fire 7/5"])},
                    hands=[["Thunderbolt 6"], []], guilds=WITH_ICE)
    act(game, "activate")
    act(game, "discard", "Thunderbolt 6")
    act(game, "elemental", 1, 0)
    assert said(game)["2 damage to Player 2's Air 6/4 (2nd at Location 2): destroyed"] == (
        "Destroys Air 6, you score 1 Riftforce (1 in all), then it strikes once more: you "
        "choose its target")
    act(game, "target", 1, 1)
    assert said(game)["2 damage to Player 2's Water 5/3 (1st at Location 2): destroyed"] == (
        "Destroys Water 5, you score 1 Riftforce (2 in all)")


def test_shadow_destroying_a_crystal_scores_3() -> None:
    # ref line 91: a Shadow destroying an enemy gains 2 Riftforce in all, 3 for a Crystal.
    game = scenario({1: (["Shadow 5"], []), 4: ([], ["Crystal 5/4", "Water 6"])},
                    hands=[["Shadow 6"], []], guilds=WITH_ICE)
    act(game, "activate")
    act(game, "discard", "Shadow 6")
    act(game, "elemental", 0, 0)
    assert said(game)["Move Shadow 5 to Location 4 (first enemy there: Crystal 5/4)"] == (
        "Destroys Crystal 5, you score 3 Riftforce (3 in all), you no longer control "
        "Location 1")


def test_plant_pulls_the_enemy_it_hit_unless_it_destroyed_it() -> None:
    # ref lines 71-72 and 96-97: 2 damage to the first enemy at one adjacent location, then
    # that enemy is pulled to the Plant's location; ruling rf-12: not when it was destroyed.
    game = scenario({1: ([], ["Crystal 5", "Air 6"]), 2: (["Plant 5"], ["Water 6"]),
                     3: ([], ["Fire 5/4"])}, hands=[["Plant 6"], []], guilds=WITH_ICE)
    act(game, "activate")
    act(game, "discard", "Plant 6")
    assert said(game)["Activate Plant 5 (1st at Location 2)"] == (
        "Then you choose where it strikes")
    act(game, "elemental", 1, 0)
    assert said(game) == {
        "Location 1: 2 damage to Player 2's Crystal 5 (1st at Location 1)":
            "2 damage to Crystal 5 at Location 1 (2 of 5), pulls Crystal 5 to Location 2",
        "Location 3: 2 damage to Player 2's Fire 5/4 (1st at Location 3)":
            "Destroys Fire 5 at Location 3, you score 1 Riftforce (1 in all)"}


def test_a_discard_names_the_elementals_it_can_activate() -> None:
    # ref lines 32-33: the discarded card activates elementals sharing its number or its
    # symbol. Fire 6: the Fire 5 only; Air 5: the Fire 5 and Water 5 (value 5) and the Air 7.
    game = scenario({1: (["Fire 5"], []), 3: (["Water 5"], []), 4: (["Air 7"], ["Ice 5"])},
                    hands=[["Fire 6", "Air 5", "Earth 6"], []])
    act(game, "activate")
    assert said(game) == {
        "Discard Fire 6 (1 Fire and 0 of value 6 in play)": "Can activate Fire 5 at Location 1",
        "Discard Air 5 (1 Air and 2 of value 5 in play)":
            "Can activate Fire 5 at Location 1, Water 5 at Location 3 and Air 7 at Location 4",
        "Discard Earth 6 (0 Earth and 0 of value 6 in play)":
            "None of your elementals on the Rift shares its guild or value: it activates "
            "nothing"}


def test_check_and_draw_scores_the_locations_controlled_and_draws_up_to_7() -> None:
    # seed line 27: 1 Riftforce per location with an ally and no enemy, then draw until 7 in
    # hand. Locations 1 and 3 are Player 1's alone, Location 4 is contested: 3 + 2 = 5; 4 cards
    # in hand: 3 drawn.
    game = scenario({1: (["Fire 5"], []), 3: (["Water 5"], []), 4: (["Air 7"], ["Ice 5"])},
                    hands=[["Fire 6", "Fire 7", "Air 5", "Earth 5"], []], riftforce=[3, 0])
    assert said(game)[
        "Check & Draw: score 2 Riftforce for the locations you control, draw up to 7"] == (
        "Location 1 and Location 3: you score 2 Riftforce (5 in all); you draw 3 cards")


def test_check_and_draw_to_12_says_what_the_end_rule_does() -> None:
    # seed line 31: reaching 12 first, the first player's opponent takes one more action; the
    # second player reaching it ends the game at once, the higher score winning.
    first = scenario({1: (["Fire 5"], [])}, hands=[["Fire 6"], []], riftforce=[11, 5])
    assert said(first)[
        "Check & Draw: score 1 Riftforce for the locations you control, draw up to 7"] == (
        "Location 1: you score 1 Riftforce (12 in all); you draw 6 cards; 12 reached: Player 2 "
        "takes one last action")
    second = scenario({2: ([], ["Ice 6"])}, hands=[["Fire 6"], ["Ice 7"]], riftforce=[10, 11],
                      active=1)
    assert said(second)[
        "Check & Draw: score 1 Riftforce for the locations you control, draw up to 7"] == (
        "Location 2: you score 1 Riftforce (12 in all); you draw 6 cards; the game ends: you "
        "win 12 to 10")


def test_the_sentences_use_nothing_the_deciding_seat_cannot_see() -> None:
    # The other hand and the order of the piles are hidden (ref line 105 and the seed's
    # face-down deck, line 9): two games differing only there say the same.
    board = {2: (["Fire 5", "Water 5"], ["Ice 6/1", "Ice 5"]), 3: ([], ["Plant 5"])}
    games = [scenario(board, hands=[["Fire 6", "Earth 5"], other],
                      decks=[top, []])
             for other, top in ((["Ice 7"], ["Air 5"]), (["Crystal 7", "Light 5"], ["Fire 7"]))]
    for game in games:
        act(game, "play")
    assert said(games[0]) == said(games[1])
    assert said(games[0], seat=1) == dict.fromkeys(said(games[0]))  # the other seat: nothing


def test_a_guild_pick_says_what_its_elementals_do() -> None:
    # Seed 4 lays Fire, Air, Light, Plant, Crystal, Thunderbolt and Shadow face up (ref lines
    # 16-18: 10 summoners, one aside, one drawn by each player, 7 face up).
    game = explorer.new_game("riftforce", players=2, seed=4)
    while game.is_chance:
        game.step()
    found = said(game)
    assert len(found) == 7
    # ref line 73: Crystal deals 4 damage to the first enemy here; its destroyer's side gains
    # 1 extra Riftforce (the summoner's words, data/riftforce/guilds.toml).
    assert found["Take the Crystal guild"] == (
        "Crystal: Deal 4 damage to the first enemy here. Whoever destroys a Crystal scores 1 "
        "extra Riftforce for it.")
    assert all(s is not None and s.startswith(t.split()[2] + ": ") for t, s in found.items())


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(10, 300))
def test_sentences_at_random_reachable_positions_are_players_words(seed: int,
                                                                    steps: int) -> None:
    game = explorer.new_game("riftforce", players=2, seed=seed)
    rng = random.Random(seed)
    seen = 0
    for _ in range(steps):
        if game.is_over:
            break
        if game.is_chance:
            game.step()
            continue
        for _, sentence in odds.consequences(game):
            if sentence is not None:
                seen += 1
                assert sentence and developer_words(sentence) == [], sentence
        game.step(rng.choice(game.legal_actions()))
    assert seen > 0  # every game offers the guilds at least, each with its ability
