"""The search bot (explorer.engine.search): registered for every game, blind to hidden cards
and to the game's generator, reproducible. Its strength is measured by
benchmarks/tournament.py (README, "Bots and their strength") and checked against the
heuristic bot in Rifts and Riftforce by tests/test_search_strength.py (``make strength``)."""

from __future__ import annotations

import random

import pytest

import explorer
from explorer.engine.bots import BOT_KINDS, make_bot
from explorer.engine.search import NO_HOOKS, SearchBot, SearchError, SearchHooks, hooks_for
from explorer.games import GAMES
from explorer.games.riftforce import search as riftforce_search
from explorer.games.rifts import search as rifts_search
from tests.game_helpers import advance, same_search_choice


def _position(game, seat=None):
    import importlib

    return importlib.import_module(f"explorer.games.{game.game_id}").position(game, seat)


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
    advance(real, _rifts_decision if game_id == "rifts" else _riftforce_turn)
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
    advance(real, _rifts_decision if game_id == "rifts" else _riftforce_turn)
    scenario_for = (rifts_search if game_id == "rifts" else riftforce_search).scenario_for
    first, second = _scrambled(game_id, real, 0, scenario_for)
    same_search_choice([first, second])


def test_every_game_has_its_own_search_hooks():
    """All five games give the search bot hooks of their own
    (``explorer.games.<game>.search.HOOKS``), so it looks ahead in each."""
    for game_id in GAMES:
        hooks = hooks_for(game_id)
        assert isinstance(hooks, SearchHooks) and hooks is not NO_HOOKS, game_id


def test_without_hooks_every_decision_goes_to_the_heuristic_bot():
    """A game without hooks (here Rat-King's taken away): the search bot plays a whole game as
    the heuristic bot does, the same choices as a heuristic bot of the seed it derives."""
    game = explorer.new_game("rat_king", players=2, seed=4)
    twin = explorer.new_game("rat_king", players=2, seed=4)
    bots = [make_bot(game, "search", s) for s in range(2)]
    for bot in bots:
        bot.hooks = NO_HOOKS
    heuristic = [twin.rules.heuristic_bot(random.Random(s).getrandbits(63)) for s in range(2)]
    while not game.is_over:
        if game.is_chance:
            game.step()
            twin.step()
            continue
        action = bots[game.current_player].choose(game)
        assert action == heuristic[twin.current_player].choose(twin)
        game.step(action)
        twin.step(action)
    assert all(b.searched == 0 and b.delegated > 0 for b in bots)


def test_riftforce_standing_is_worked_out_by_hand():
    """:func:`standing` of a position, worked out from its weights (10 a Riftforce, 6 a
    location controlled, 2 an elemental on the Rift plus 1 a point of health left, 1/2 a card
    in hand). Player 1: 4 Riftforce (40), 5 cards (5/2), controls Location 1 (6), Fire 5 with 2
    damage (2 + 3) and Water 6 (2 + 6): 123/2. Player 2: 2 Riftforce (20), 3 cards (3/2), Ice
    7 with 3 damage (2 + 4), no location (Location 3 is contested): 55/2. Difference 34."""
    from fractions import Fraction

    from tests.riftforce.helpers import scenario

    game = scenario({1: (["Fire 5/2"], []), 3: (["Water 6"], ["Ice 7/3"])},
                    hands=[["Air 5", "Air 6", "Earth 7", "Water 5", "Fire 6"],
                           ["Ice 5", "Light 6", "Plant 7"]], riftforce=[4, 2])
    assert riftforce_search.standing(game.state, 0) == Fraction(34)
    assert riftforce_search.standing(game.state, 1) == Fraction(-34)


def test_riftforce_search_assumes_the_reply_worst_for_the_seat():
    """After the seat's action, a world is valued after each of the other player's three
    best-valued replies, played on copies of the world here (not by the hooks' own
    play-and-undo), and the least of those values is the world's; the world is left as it
    was. A mutant taking the heuristic's single best reply, or the best for the seat, fails:
    the three values differ here."""
    from explorer.engine import load_game
    from explorer.engine.search import Plan, outcome_value
    from explorer.odds.riftforce import best_actions
    from tests.riftforce.helpers import scenario

    world = scenario({2: (["Fire 5", "Water 6"], ["Ice 7"]), 3: (["Air 5"], ["Plant 6/2"]),
                      4: ([], ["Light 5"])},
                     hands=[["Air 6", "Earth 7", "Water 5"],
                            ["Ice 5", "Light 6", "Plant 7", "Crystal 5", "Ice 6"]],
                     active=1, riftforce=[3, 4])
    seat = 0
    before = world.snapshot()
    values = []
    for candidate in riftforce_search.replies(best_actions(world)):
        copy = load_game(world.to_json())
        assert riftforce_search.follow(copy, 1, candidate.choices)
        while copy.is_chance:
            copy.step()
        values.append(outcome_value(copy, seat) if copy.is_over
                      else riftforce_search.standing(copy.state, seat))
    assert len(values) == riftforce_search.REPLIES and len(set(values)) > 1
    found = riftforce_search.HOOKS.value(world, seat, Plan((world.legal_actions()[0],)))
    assert found == min(values)
    assert world.snapshot() == before
