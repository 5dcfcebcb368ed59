"""The engine contract as Adventurers meets it: starting, options, scenarios and their errors,
bots, the log, and the turn's phases."""

from __future__ import annotations

import pytest

import explorer
from explorer.engine import rules_for
from explorer.engine.bots import RandomBot, make_bot, play
from explorer.errors import IllegalAction, ScenarioError
from explorer.games.adventurers.invariants import check
from tests.adventurers.helpers import DATA, game_at, roll, scenario


def test_the_game_is_registered_with_its_title_and_player_range() -> None:
    rules = rules_for("adventurers")
    assert rules.title == "Adventurers" and (rules.min_players, rules.max_players) == (2, 4)
    game = explorer.new_game("adventurers", players=4, seed=3)
    assert game.phase == "setup.profession" and game.current_player == 0
    assert game.scores == [0, 0, 0, 0] and game.winners == []


def test_unknown_options_and_player_counts_are_refused() -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players; found 5"):
        explorer.new_game("adventurers", players=5)
    with pytest.raises(IllegalAction, match="option 'cards' only"):
        explorer.new_game("adventurers", speed="fast")


def test_the_turn_has_the_seeds_five_phases_in_order() -> None:
    assert DATA.phase_names == ("draw", "research.before", "travel", "encounter",
                                "research.after")  # lines 39-44


BASE = {"adventurers": [{"profession": "Actor"}, {"profession": "Trapper"}]}


@pytest.mark.parametrize(("change", "message"), [
    ({"adventurers": []}, "must list 2 adventurers"),
    ({"colour": "red"}, "unknown key 'colour'"),
    ({"adventurers": [{"profession": "Pirate"}, {"profession": "Actor"}]},
     "profession must be one of Actor, Archaeologist"),
    ({"adventurers": [{"profession": "Actor", "hand": ["Holy Grail"]}, {"profession": "Actor"}]},
     r"hand\[0\]: 'Holy Grail' is not a card left in the deck"),
    ({"adventurers": [{"profession": "Actor", "hand": ["Tiger"]},
                      {"profession": "Actor", "hand": ["Tiger"]}]}, "already used"),
    ({"adventurers": [{"profession": "Actor", "chain": ["Temple"]}, {"profession": "Actor"}]},
     r"chain\[0\]: the Location Temple must be played on a Travel card"),
    ({"adventurers": [{"profession": "Actor", "chain": ["Tiger"]}, {"profession": "Actor"}]},
     r"Tiger is not a Travel or Location card \(its type is Encounter\)"),
    ({"adventurers": [{"profession": "Actor", "encounter": {"card": "Hide", "by": 1}},
                      {"profession": "Actor"}]}, "Hide is not an Encounter card"),
    ({"adventurers": [{"profession": "Actor", "chain": [
        "Safari", "Temple", "Camels", "Mines", "Horses", "Caves", "Train", "Pyramid", "Hiking",
        "Palace"]}, {"profession": "Actor"}]}, "5 locations, but the game ends at 5"),
    ({"adventurers": [{"profession": "Actor", "encounter": {"card": "Tiger", "by": 1}},
                      {"profession": "Actor"}]}, "Tiger does not match the top card"),
    ({"adventurers": [{"profession": "Actor", "encounter": {"card": "Villain", "by": 0}},
                      {"profession": "Actor"}]}, "played by an opponent"),
    ({"adventurers": [{"profession": "Actor", "encounter": {
        "card": "Villain", "by": 1, "weapon": "Revolver"}}, {"profession": "Actor"}]},
     "Villain takes no weapon card"),
    ({"at": "lunch"}, "scenario.at must be one of turn, draw, research.before"),
    ({"order": [0, 0]}, "scenario.order must list the seats 0-1 once each"),
    ({"active": 2}, "scenario.active must be an integer from 0 to 1"),
])
def test_bad_scenarios_name_what_is_wrong(change: dict, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        explorer.new_game("adventurers", players=2, seed=1, scenario={**BASE, **change})


def test_every_card_named_in_a_scenario_leaves_the_deck() -> None:
    game = scenario([{"profession": "Actor", "hand": ["Hide"], "chain": ["Safari", "Jungle"],
                      "encounter": {"card": "Tiger", "by": 1, "weapon": None}},
                     {"profession": "Gangster", "hand": ["Revolver"]}],
                    top=["Temple", "Mines"], discard=["Grenade"], at="travel")
    deck = game.state.deck
    assert deck.top == ["Temple", "Mines"] and deck.discard == ["Grenade"]
    assert not {"Hide", "Safari", "Jungle", "Tiger", "Revolver", "Temple", "Mines",
                "Grenade"} & set(deck.pile)
    assert deck.size == 114 - 8 + 2
    check(game.state, DATA)


def test_a_scenario_game_saves_and_loads() -> None:
    game = game_at("encounter", chain=["Safari"], others=[{"profession": "Actor",
                                                           "hand": ["Armored Car"]}])
    play(game, lambda seat: RandomBot(seat), max_steps=60)
    copy = explorer.load_game(game.to_json())
    assert copy.snapshot() == game.snapshot()


def test_chance_outcomes_sum_to_one_for_rolls_and_draws() -> None:
    game = game_at("encounter", encounter={"card": "Villain", "by": 1})
    outcomes = game.chance_outcomes()  # 4D6: 21 totals, 1296 ways (lines 64-65)
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    roll(game, 24)
    assert game.pending.odds.success_probability() == 0  # 3D6 cannot beat 24


def test_log_entries_read_as_plain_english() -> None:
    game = explorer.new_game("adventurers", players=2, seed=3)
    play(game, lambda seat: RandomBot(seat), max_steps=80)
    lines = [str(e) for e in game.log]
    assert lines[0].startswith("[setup.profession] Player 1: ")
    assert any(line.startswith("[setup.draw] Player 1: Draws ") for line in lines)
    assert any("goes first; play passes to the left" in line for line in lines)


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(12):
        game = explorer.new_game("adventurers", players=2, seed=seed)
        smart = seed % 2
        play(game, {smart: make_bot(game, "heuristic", seed), 1 - smart: RandomBot(seed)})
        wins += game.winners == [smart]
    # Measured 40 of 40 two-player games over seeds 0-39 (38 of 40 with 4 players); 10 of 12
    # is a loose floor.
    assert wins >= 10


def test_heuristic_bots_finish_games_against_each_other() -> None:
    for players in (2, 3, 4):
        game = explorer.new_game("adventurers", players=players, seed=players)
        play(game, lambda seat, g=game: make_bot(g, "heuristic", seat), max_steps=5000)
        assert game.is_over and len(game.winners) == 1
