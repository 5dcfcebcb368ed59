"""The Adventurers hooks of the search bot (explorer.games.adventurers.search): worlds made of
what the seat sees, choices blind to hidden cards and to the game's generator, whole games
played. Its strength against the heuristic bot is measured by benchmarks/tournament.py, not
claimed here."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import explorer
from explorer.engine.bots import make_bot
from explorer.engine.search import hooks_for
from explorer.games.adventurers import position
from explorer.games.adventurers import search as S
from explorer.games.adventurers.invariants import check
from tests.game_helpers import same_search_choice


def _advance(game, phase, seed=0):
    """Play ``game`` with heuristic bots to a decision of seat 0 in ``phase`` that the hooks
    search (more than one plan), after the first few turns."""
    bots = [make_bot(game, "heuristic", seed + s) for s in range(game.players)]
    while True:
        assert not game.is_over, "the game ended before the position looked for"
        if game.is_chance:
            game.step()
            continue
        if (game.current_player == 0 and game.phase == phase and game.state.turns > 4
                and S.HOOKS.plans(game, 0) is not None):
            return game
        game.step(bots[game.current_player].choose(game))


def _scrambled(real, seat):
    """Two games at the same position ``seat`` sees, their hidden parts (the other hand, the
    discard pile under its top card, the deck) dealt differently and their generators seeded
    differently."""
    games = []
    for deal, seed in ((1, 11), (2, 22)):
        scenario = S.scenario_for(real, seat, random.Random(deal))
        games.append(explorer.new_game("adventurers", players=real.players, seed=seed,
                                       scenario=scenario))
    first, second = games
    assert position(first, seat) == position(second, seat)
    assert position(first) != position(second)  # the hidden parts differ
    return first, second


PHASES = ["travel", "encounter.play"]
"""A decision of the seat's own turn, and one in the other player's turn."""


def test_adventurers_has_search_hooks():
    """The search bot finds these hooks (no longer the empty ones that delegate everything)."""
    assert hooks_for("adventurers") is S.HOOKS


@pytest.mark.parametrize("phase", PHASES)
def test_a_world_is_the_seat_view(phase):
    """A world shows its seat exactly what the real game shows it (hand, chains, Encounters,
    deck and discard pile sizes, the discard top, the menu), and holds every card once: the
    scenario leaves nothing out of what the seat sees and invents nothing."""
    real = _advance(explorer.new_game("adventurers", players=2, seed=7), phase)
    world = S.HOOKS.world(real, 0, random.Random(3))
    check(world.state, world.state._data)
    mine, theirs = position(world, 0), position(real, 0)
    for key in ("phase", "active", "to_act", "order", "seats", "decks", "in_play"):
        assert mine[key] == theirs[key], key
    assert world.legal_actions() == real.legal_actions()


@pytest.mark.parametrize("phase", PHASES)
def test_worlds_are_built_from_the_seat_view_only(phase):
    """Two games that differ only in what the seat cannot see give the same scenario for the
    same generator: a scenario that read the other hand or the discard pile would differ."""
    real = _advance(explorer.new_game("adventurers", players=2, seed=7), phase)
    first, second = _scrambled(real, 0)
    for deal in range(3):
        assert S.scenario_for(first, 0, random.Random(deal)) == \
            S.scenario_for(second, 0, random.Random(deal))


@pytest.mark.parametrize("phase", PHASES)
def test_choice_ignores_hidden_cards_and_the_generator(phase):
    """Same seed, same position the seat sees, hidden parts and game seed scrambled: the
    search bot searches (it does not hand the decision to the heuristic bot), makes the same
    choice in both games and leaves them untouched (state, log and generator)."""
    real = _advance(explorer.new_game("adventurers", players=2, seed=7), phase)
    same_search_choice(list(_scrambled(real, 0)))


def test_no_scenario_inside_a_phase():
    """Decisions made inside a phase (discarding to the hand size, evading or rolling to
    escape) cannot start a scenario: they go to the heuristic bot, which the bot counts."""
    game = explorer.new_game("adventurers", players=2, seed=7)
    bots = [make_bot(game, "heuristic", s) for s in range(2)]
    inside = 0
    while not game.is_over and inside < 5:
        if game.is_chance:
            game.step()
            continue
        seat = game.current_player
        if game.phase in ("draw.hand limit", "encounter.escape", "setup.profession"):
            inside += 1
            assert S.scenario_for(game, seat, random.Random(0)) is None
            assert S.HOOKS.plans(game, seat) is None
        if game.phase not in S.STARTS:
            assert S.scenario_for(game, seat, random.Random(0)) is None
        game.step(bots[seat].choose(game))
    assert inside == 5


def test_escape_chance_is_exact():
    """The odds the value prices an Encounter with are exact: counted over every roll of the
    dice here (3D6 against 3D6, 4D6 against 3D6)."""
    for escape, against in ((3, 3), (4, 3), (2, 2)):
        wins = total = 0
        for dice in itertools.product(range(1, 7), repeat=escape + against):
            total += 1
            wins += sum(dice[:escape]) > sum(dice[escape:])
        assert S.escape_chance(escape, against) == Fraction(wins, total)


def test_a_faced_encounter_costs_turns():
    """An adventurer facing an Encounter needs more turns to win than the same adventurer
    free of it, and more facing a Force 4 one (Villain) than a Force 3 one (Mystery Man),
    whose Escape roll is likelier: the value prefers blocking the other player, and hard."""
    def needed(encounter):
        first = {"profession": "Reporter", "hand": [], "chain": ["Safari"]}
        if encounter is not None:
            first["encounter"] = {"card": encounter, "by": 1}
        game = explorer.new_game("adventurers", players=2, seed=1, scenario={
            "adventurers": [first, {"profession": "Reporter"}], "at": "research.after"})
        return S.turns_needed(S.Ctx(game.state, game.state._data), 0)

    free, weak, strong = needed(None), needed("Mystery Man"), needed("Villain")
    assert free < weak < strong
    assert weak - free == 1 / S.escape_chance(3, 3)  # 3D6 to escape against 3D6


def test_two_search_bots_play_a_whole_game():
    """A 2-player game between two search bots ends with a winner, and both bots searched
    some of their decisions (the hooks do not leave them all to the heuristic bot)."""
    game = explorer.new_game("adventurers", players=2, seed=4)
    bots = [make_bot(game, "search", s) for s in range(2)]
    while not game.is_over:
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    assert game.winners
    assert all(bot.searched >= 1 for bot in bots)
