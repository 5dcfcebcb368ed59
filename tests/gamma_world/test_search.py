"""The search bot's Gamma World hooks (explorer.games.gamma_world.search): worlds made of what
the seat sees, searched at the start of a turn, blind to hidden cards and to the game's
generator. Its strength is measured by benchmarks/tournament.py, not here."""

from __future__ import annotations

import random

import explorer
from explorer.engine.bots import make_bot
from explorer.games.gamma_world import position
from explorer.games.gamma_world import search as S
from tests.game_helpers import advance, same_search_choice


def _searched_turn(game):
    """Seat 0 at a fresh turn worth searching, well into the game, with hidden cards to deal
    (the other hand and the discard pile) and followers numbered unlike a scenario would."""
    if game.is_chance or game.current_player != 0 or game.state.turn < 15:
        return False
    view = position(game, 0)
    numbers = [f["number"] for s in view["seats"] for f in s["followers"]]
    return (S.fresh_turn(view, game.state._data, 0) and view["seats"][1]["hand"]["count"] >= 2
            and view["decks"][0]["discard"] >= 3 and numbers != list(range(1, len(numbers) + 1))
            and (S.HOOKS.plans(game, 0) or []) != [])


def _real():
    return advance(explorer.new_game("gamma_world", players=2, seed=7), _searched_turn)


def _scrambled(real, seat=0):
    """Two games at the same position ``seat`` sees, their hidden parts (the other hand, the
    discard pile under its top, the deck) dealt differently and their generators seeded
    differently."""
    games = [explorer.new_game("gamma_world", players=real.players, seed=seed,
                               scenario=S.scenario_for(real, seat, random.Random(deal)))
             for deal, seed in ((1, 11), (2, 22))]
    first, second = games
    assert position(first, seat) == position(second, seat)
    assert position(first) != position(second)  # the hidden parts differ
    return first, second


def test_worlds_are_built_from_the_seat_view_only():
    """The world a seat searches in is the same for two games that differ only in what the
    seat cannot see: a scenario that read the other hand or the deck would differ here."""
    first, second = _scrambled(_real())
    for deal in range(3):
        made = S.scenario_for(first, 0, random.Random(deal))
        assert made is not None
        assert made == S.scenario_for(second, 0, random.Random(deal))


def test_worlds_deal_only_the_unseen_cards():
    """A world keeps everything the seat sees (its hand, every follower and location, the top
    of the discard pile) and deals the other hand and the discard pile with their real sizes;
    every card is in exactly one place (the scenario would be refused otherwise)."""
    real = _real()
    view = position(real, 0)
    made = S.scenario_for(real, 0, random.Random(5))
    assert made["enclaves"][0]["hand"] == [c["name"] for c in view["seats"][0]["hand"]["cards"]]
    assert len(made["enclaves"][1]["hand"]) == view["seats"][1]["hand"]["count"]
    assert len(made["discard"]) == view["decks"][0]["discard"]
    assert made["discard"][-1] == view["decks"][0]["discard_top"]["name"]
    world = S.HOOKS.world(real, 0, random.Random(5))
    assert position(world, 0)["seats"] == view["seats"]
    assert position(world, 0)["decks"][0]["size"] == view["decks"][0]["size"]


def test_worlds_number_followers_as_the_game():
    """Follower numbers are public and name the follower of an item action: in a world the
    items the seat may play are the very actions of the game (a world numbered 1, 2, ... as a
    plain scenario is would offer none of them)."""
    real = _real()
    world = S.HOOKS.world(real, 0, random.Random(3))
    items = {a for a in real.legal_actions() if a.name == "item"}
    assert {a for a in world.legal_actions() if a.name == "item"} == items
    assert world.legal_actions()[0] in real.legal_actions()


def test_no_world_mid_turn_or_mid_battle():
    """Once an AP of the turn is spent (a scenario would start the turn with all of them) and
    at another seat's decision, there is no scenario: the heuristic bot decides there."""
    real = _real()
    action = next(a for a in real.legal_actions() if a.name in ("recruit", "draw"))
    real.step(action)
    while real.is_chance:
        real.step()
    assert S.scenario_for(real, 0, random.Random(0)) is None
    if real.current_player == 0:
        assert S.HOOKS.plans(real, 0) is None
    assert S.scenario_for(real, 1, random.Random(0)) is None


def test_choice_ignores_hidden_cards_and_the_generator():
    """Same seed, same position the seat sees, hidden parts and game seed scrambled: the
    search bot searches (it does not hand the decision to the heuristic bot) and makes the
    same choice; it leaves the games untouched (state and generator)."""
    same_search_choice(list(_scrambled(_real())))


def test_a_whole_game_of_search_bots():
    """Two search bots play a whole 2-player game to its end, searching decisions (the turn's
    AP) and leaving the rest to the heuristic bot."""
    game = explorer.new_game("gamma_world", players=2, seed=4)
    bots = [make_bot(game, "search", s) for s in range(2)]
    while not game.is_over:
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    assert game.winners
    assert all(b.searched >= 1 for b in bots)
    assert all(b.delegated >= 1 for b in bots)
