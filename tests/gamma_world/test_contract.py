"""The engine contract as Gamma World meets it: starting, options, scenarios and their errors,
bots, odds, and the registry naming an implementation for every effect of the data."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer.engine.bots import RandomBot, make_bot, play
from explorer.errors import IllegalAction, ScenarioError, UnknownNameError
from explorer.games.gamma_world import tables
from explorer.games.gamma_world.effects import COLUMNS, EFFECTS
from explorer.games.gamma_world.invariants import check

from .helpers import draw, enclave, options, scenario


def test_a_new_game_starts_at_player_1s_action_phase_with_2_ap() -> None:
    game = explorer.new_game("gamma_world", players=3, seed=7)
    # "A player gets a base 2 Action Points (APs) on his turn." (line 19); no hand (gw-22)
    assert game.phase == "action" and game.current_player == 0
    assert len(game.state.ap) == 2 and game.state.enclaves[0].hand == []
    assert options(game) == ["Recruit a follower", "Draw a card",
                             "End the Action Phase (2 AP unspent)"]


def test_drawing_is_a_chance_over_the_145_cards_of_the_shared_deck() -> None:
    game = explorer.new_game("gamma_world", players=2, seed=7)
    game.step(game.legal_actions()[1])  # Draw a card
    outcomes = game.chance_outcomes()
    # "Players share a common deck." (line 9): 23+9+6+4+7+14+35+26+21 = 145 cards, one each.
    assert len(outcomes) == 145 and {p for _, p in outcomes} == {Fraction(1, 145)}
    assert str(outcomes[0][0]) == "Vibro Dagger"  # the first card of the seed's lists
    draw(game, "Warbot")
    assert enclave(game).hand == ["Warbot"]
    game.step(game.legal_actions()[1])
    assert len(game.chance_outcomes()) == 144  # the drawn card is gone from the deck


def test_unknown_games_options_and_player_counts_are_refused() -> None:
    with pytest.raises(UnknownNameError, match="unknown game 'gamma'"):
        explorer.new_game("gamma")
    with pytest.raises(IllegalAction, match="2 to 4 players; found 5"):
        explorer.new_game("gamma_world", players=5)
    with pytest.raises(IllegalAction, match="options 'cards' and 'variant' only"):
        explorer.new_game("gamma_world", speed="fast")
    with pytest.raises(IllegalAction, match="must be a folder path"):
        explorer.new_game("gamma_world", cards=3)


@pytest.mark.parametrize(("change", "message"), [
    ({"enclaves": []}, "must list 2 enclaves"),
    ({"colour": "red"}, "unknown key 'colour'"),
    ({"enclaves": [{"hand": ["Nothing"]}, {}]},
     r"hand\[0\]: 'Nothing' is not a card left in the deck"),
    ({"enclaves": [{"hand": ["Warbot"]}, {"hand": ["Warbot"]}]},
     "already used in this scenario"),
    ({"enclaves": [{"locations": ["Warbot"]}, {}]}, "Warbot is a Foe card, not Location"),
    ({"enclaves": [{"followers": [{"cards": ["Encroach"]}]}, {}]},
     "Encroach is a Event card, not Mutation or Weapon"),
    ({"enclaves": [{"followers": [{"cards": ["Sheath Armor", "Plastic Armor"]}]}, {}]},
     "Follower 1 already has armor"),
    ({"enclaves": [{"followers": [{"cards": ["Podog", "Hover Car"]}]}, {}]},
     "already has a vehicle or steed"),
    ({"enclaves": [{"followers": [{"damage": 2}]}, {}]}, "damage must be an integer from 0 to 1"),
    ({"enclaves": [{"followers": [{"cards": [{"name": "Sheath Armor", "damage": 3}]}]}, {}]},
     "damage must be an integer from 0 to 2"),
    ({"enclaves": [{"followers": [{"kind": "Pure Strain Human", "cards": ["Wings"]}]}, {}]},
     "a Pure Strain Human has no mutations"),
    ({"enclaves": [{"followers": [{}] * 7}, {}]}, "7 followers, over the limit of 6"),
    ({"enclaves": [{"hand": ["Wings", "Warbot", "Needler", "Podog", "Medi-Kit", "Blight"]},
                   {}]}, "holds 6 cards, over the hand limit of 5"),
    ({"enclaves": [{}, {}], "at": "lunch"}, "scenario.at must be one of turn, healing"),
    ({"enclaves": [{}, {}], "active": 2}, "scenario.active must be an integer from 0 to 1"),
    ({"enclaves": [{"locations": ["Think Tank"]}, {}], "spent": ["Think Tank"]},
     "not a location in play with a one-time power"),
    ({"enclaves": [{"followers": [{"number": 4}]}, {"followers": [{"number": 4}]}]},
     r"enclaves\[1\].followers\[0\].number: 4 is already the number of "
     r"scenario.enclaves\[0\].followers\[0\]"),
    ({"enclaves": [{"followers": [{"number": 0}]}, {}]}, "number must be an integer from 1"),
])
def test_bad_scenarios_name_what_is_wrong(change: dict, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        explorer.new_game("gamma_world", players=2, seed=1,
                          scenario={"enclaves": [{}, {}], **change})


def test_a_scenario_game_saves_and_loads() -> None:
    game = scenario({"hand": ["Think Tank"], "followers": [{"cards": ["Wings"]}]},
                    {"hand": ["Warbot"]})
    play(game, lambda seat: RandomBot(seat), max_steps=60)
    copy = explorer.load_game(game.to_json())
    assert copy.snapshot() == game.snapshot()


def test_every_card_named_in_a_scenario_leaves_the_deck() -> None:
    game = scenario({"hand": ["Think Tank"], "followers": [{"cards": ["Wings", "Podog"]}],
                     "locations": ["Agri-Dome"]}, {"hand": ["Warbot"]},
                    top=["Needler", "Blight"], discard=["Medi-Kit"])
    state = game.state
    for name in ("Think Tank", "Wings", "Podog", "Agri-Dome", "Warbot", "Needler", "Blight",
                 "Medi-Kit"):
        assert name not in state.deck
    assert state.top == ["Needler", "Blight"] and state.discard == ["Medi-Kit"]
    assert state.deck_size == 145 - 8 + 2
    check(state, state._data)


def test_a_scenario_deck_puts_every_card_named_nowhere_in_the_discard_pile() -> None:
    game = scenario({"hand": ["Think Tank"]}, {}, deck=["Needler", "Blight"])
    assert game.state.deck == {"Needler": 1, "Blight": 1}
    assert len(game.state.discard) == 145 - 3
    check(game.state, game.state._data)


def test_log_entries_read_as_plain_english() -> None:
    game = explorer.new_game("gamma_world", players=2, seed=3)
    play(game, lambda seat: RandomBot(seat), max_steps=40)
    lines = [str(e) for e in game.log]
    assert lines[0] == "[action] Player 1: Turn 1: 2 AP (base AP, base AP)"
    assert any(line.startswith("[action.draw] Draw from the deck: ") for line in lines)


def test_the_heuristic_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(12):
        game = explorer.new_game("gamma_world", players=2, seed=seed)
        smart = seed % 2
        play(game, {smart: make_bot(game, "heuristic", seed), 1 - smart: RandomBot(seed)})
        wins += game.winners == [smart]
    # Measured 36 of 40 over seeds 0-39; 9 of 12 is a loose floor for seeds 0-11.
    assert wins >= 9


def test_heuristic_bots_play_3_and_4_player_games_to_the_end() -> None:
    for players in (3, 4):
        game = explorer.new_game("gamma_world", players=players, seed=players)
        play(game, {seat: make_bot(game, "heuristic", seat) for seat in range(players)})
        assert game.is_over and game.winners


def test_unknown_bot_kind() -> None:
    game = explorer.new_game("gamma_world", seed=1)
    with pytest.raises(UnknownNameError, match="unknown bot kind 'genius'"):
        make_bot(game, "genius")


# ---- every effect of the data has a named implementation -----------------------------------

VOCABULARIES = {  # the card type and the vocabulary of its effect (or power) column
    "Equipment": tables.EQUIPMENT_EFFECT,
    "Mutation": tables.MUTATION_EFFECT,
    "Event": tables.EVENT_EFFECT,
    "Location": tables.POWER,
}


def test_every_effect_of_the_vocabularies_has_a_named_implementation() -> None:
    wanted = {(kind, value) for kind, enum in VOCABULARIES.items() for value in enum.categories}
    assert len(wanted) == 4 + 3 + 9 + 6
    assert set(EFFECTS) == wanted
    assert all(callable(fn) and fn.__module__.startswith("explorer.games.gamma_world")
               for fn in EFFECTS.values())


RULE_COLUMNS = {  # the columns of each card table that carry a number or flag of the rules
    "Weapon": {"force", "no_effect_vs_robots", "uses", "grenade"},
    "Armor": {"hits", "force"},
    "Vehicle": {"ap"},
    "Steed": {"hits", "force", "ap"},
    "Equipment": {"force", "hits", "ap"},
    "Mutation": {"force", "force_vs_robots", "hits", "ap"},
    "Foe": {"threat_dice_count", "robot"},
}


def test_every_rule_column_of_the_card_tables_is_read_by_a_function() -> None:
    declared = {t.name: {c.name for c in t.columns} for t in tables.CARD_TABLES}
    by_type = dict(zip(("Weapon", "Armor", "Vehicle", "Steed", "Equipment", "Event",
                        "Mutation", "Foe", "Location"), declared.values(), strict=True))
    for kind, columns in RULE_COLUMNS.items():
        assert columns <= by_type[kind]
    assert set(COLUMNS) == {(k, c) for k, columns in RULE_COLUMNS.items() for c in columns}
    assert all(callable(fn) for fn in COLUMNS.values())


def test_a_scenario_keeps_the_follower_numbers_it_is_given() -> None:
    """A search world keeps a game's follower numbers (they name followers in its actions):
    given numbers are kept, the others take the smallest left in the order listed, and the next
    follower recruited takes one past the largest."""
    game = scenario({"followers": [{"number": 5}, {}]}, {"followers": [{}, {"number": 1}]})
    numbers = [[f.number for f in e.followers] for e in game.state.enclaves]
    assert numbers == [[5, 2], [3, 1]]
    assert game.state.next_follower == 6
    plain = scenario({"followers": [{}, {}]}, {"followers": [{}]})
    assert [[f.number for f in e.followers] for e in plain.state.enclaves] == [[1, 2], [3]]
    assert plain.state.next_follower == 4
