"""The search bot (explorer.engine.search): registered for every game, blind to hidden cards
and to the game's generator, reproducible. Its strength is measured by
benchmarks/tournament.py (README, "Bots and their strength"): it does not beat the heuristic
bot yet, so no test claims it does."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.engine.bots import BOT_KINDS, make_bot
from explorer.engine.search import SearchBot, SearchError, hooks_for
from explorer.games import GAMES
from explorer.games.riftforce import search as riftforce_search
from explorer.games.rifts import search as rifts_search


def _position(game, seat=None):
    import importlib

    return importlib.import_module(f"explorer.games.{game.game_id}").position(game, seat)


def _advance(game, until, seed=0):
    """Play ``game`` with heuristic bots until ``until(game)``."""
    bots = [make_bot(game, "heuristic", seed + s) for s in range(game.players)]
    while not until(game):
        assert not game.is_over, "the game ended before the position looked for"
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    return game


def _scrambled(game_id, real, seat, scenario_for):
    """Two games at the same position ``seat`` sees, their hidden parts dealt differently
    (other hands, what the other piles hold) and their generators seeded differently."""
    games = []
    for deal, seed in ((1, 11), (2, 22)):
        scenario = scenario_for(real, seat, random.Random(deal))
        if game_id == "rifts":  # the other party holds 3 Equipment cards, which ones hidden
            named = rifts_search._named(scenario["parties"])
            pool = sorted(name for name in real.state._data.deck_contents("Equipment")
                          if ("Equipment", name) not in named)
            scenario["parties"][1]["hand"] = [{"deck": "Equipment", "name": name}
                                              for name in random.Random(deal).sample(pool, 3)]
        games.append(explorer.new_game(game_id, players=real.players, seed=seed,
                                       scenario=scenario))
    first, second = games
    assert _position(first, seat) == _position(second, seat)
    assert _position(first) != _position(second)  # the hidden parts differ
    return first, second


def _rifts_decision(game):
    actions = game.legal_actions()
    return (game.current_player == 0 and game.phase == "decision"
            and sum(a.name == "phase" for a in actions) > 1
            and not {a.name for a in actions} & rifts_search.EQUIPPING)


def _riftforce_turn(game):
    return (game.current_player == 0 and game.phase == "turn"
            and len(game.legal_actions()) > 1 and game.state.turns > 4)


def test_search_is_a_bot_kind_of_every_game():
    """"search" is registered: make_bot gives a SearchBot for all five games, which answers
    with a legal action."""
    assert "search" in BOT_KINDS
    for game_id in GAMES:
        game = explorer.new_game(game_id, players=2, seed=3)
        while game.is_chance:
            game.step()
        bot = make_bot(game, "search", 5)
        assert isinstance(bot, SearchBot)
        assert bot.choose(game) in game.legal_actions()


def test_search_refuses_another_game():
    """A search bot plays the game it was made for, and says so otherwise."""
    rifts = explorer.new_game("rifts", seed=1)
    bot = make_bot(rifts, "search", 1)
    other = explorer.new_game("riftforce", seed=1)
    with pytest.raises(SearchError, match="plays rifts"):
        bot.choose(other)
    with pytest.raises(SearchError, match="worlds"):
        SearchBot("rifts", 1, worlds=0)


@pytest.mark.parametrize("game_id, scenario_for", [
    ("rifts", rifts_search.scenario_for), ("riftforce", riftforce_search.scenario_for)])
def test_worlds_are_built_from_the_seat_view_only(game_id, scenario_for):
    """The world a seat searches in is the same for two games that differ only in what the
    seat cannot see."""
    real = explorer.new_game(game_id, players=2, seed=7)
    _advance(real, _rifts_decision if game_id == "rifts" else _riftforce_turn)
    first, second = _scrambled(game_id, real, 0, scenario_for)
    for deal in range(3):
        assert scenario_for(first, 0, random.Random(deal)) == \
            scenario_for(second, 0, random.Random(deal))


@pytest.mark.parametrize("game_id", ["rifts", "riftforce"])
def test_choice_ignores_hidden_cards_and_the_generator(game_id):
    """Same seed, same position the seat sees, hidden parts and game seed scrambled: the
    search bot searches (it does not hand the decision to the heuristic bot) and makes the
    same choice; it leaves the games untouched (state and generator)."""
    real = explorer.new_game(game_id, players=2, seed=7)
    _advance(real, _rifts_decision if game_id == "rifts" else _riftforce_turn)
    scenario_for = (rifts_search if game_id == "rifts" else riftforce_search).scenario_for
    first, second = _scrambled(game_id, real, 0, scenario_for)
    choices = []
    for game in (first, second):
        before = game.snapshot()
        bot = make_bot(game, "search", 123)
        choices.append(bot.choose(game))
        assert bot.searched == 1 and bot.delegated == 0
        assert game.snapshot() == before
    assert choices[0] == choices[1]
    again = make_bot(first, "search", 123).choose(first)
    assert again == choices[0]  # reproducible


def test_games_without_hooks_leave_decisions_to_the_heuristic_bot():
    """Adventurers, Gamma World and Lair of the Rat-King have no search hooks yet: the search
    bot plays a whole game there as the heuristic bot does."""
    for game_id in ("adventurers", "gamma_world", "rat_king"):
        assert hooks_for(game_id).world(explorer.new_game(game_id, seed=1), 0,
                                        random.Random(0)) is None
        game = explorer.new_game(game_id, players=2, seed=4)
        bots = [make_bot(game, "search", s) for s in range(2)]
        while not game.is_over:
            game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
        assert all(b.searched == 0 for b in bots)
