"""The search bot's Lair of the Rat-King hooks (explorer.games.rat_king.search): worlds made
only of what the seat sees, the turn's choice of action searched, the real game untouched.

Its strength against the heuristic bot is measured by benchmarks/tournament.py, not claimed
here (a tournament is too slow and too noisy for a test)."""

from __future__ import annotations

import random
from fractions import Fraction

import explorer
from explorer.engine.bots import make_bot
from explorer.engine.search import hooks_for
from explorer.games.rat_king import search as S
from explorer.games.rat_king.position import position
from tests.game_helpers import advance, same_search_choice


def _turn_choice(game):
    """Seat 0 chooses its turn's action among several, a few turns in."""
    return (not game.is_chance and game.current_player == 0 and game.phase == "turn"
            and len(game.legal_actions()) > 1 and game.state.turns > 4)


def _real(seed=7):
    game = explorer.new_game("rat_king", players=2, seed=seed)
    return advance(game, _turn_choice)


def _scrambled(real, seat=0):
    """Two games at the position ``seat`` sees in ``real``, the other hand (and so the draw
    pile) dealt differently and the generators seeded differently."""
    games = []
    for deal, seed in ((1, 11), (2, 22)):
        scenario = S.scenario_for(real, seat, random.Random(deal))
        game = explorer.new_game("rat_king", players=real.players, seed=seed,
                                 scenario=scenario)
        while game.is_chance:
            game.step()
        games.append(game)
    first, second = games
    assert position(first, seat) == position(second, seat)
    assert position(first) != position(second)  # the hidden parts differ
    return first, second


def test_a_world_is_the_seat_view_with_the_other_hand_dealt_from_unseen_cards():
    """A world started from the scenario shows the seat exactly what the real game shows it
    (but the step and turn counters and the last ADVENTURE's result, which a scenario does not
    hold), offers the same choices, and deals the other hand from cards the seat cannot see.
    Fails if a world misses a card of the seat's view or deals the other player a seen card."""
    real = _real()
    scenario = S.scenario_for(real, 0, random.Random(3))
    world = explorer.new_game("rat_king", players=2, seed=5, scenario=scenario)
    while world.is_chance:
        world.step()
    seen, mine = position(real, 0), position(world, 0)
    assert {k for k in seen if seen[k] != mine[k]} <= {"step", "turn", "last_adventure"}
    assert world.legal_actions() == real.legal_actions()
    dealt = scenario["hands"][1]
    assert len(dealt) == seen["hands"][1]
    visible = S._seen(seen, 0)
    assert not any(visible[name] >= real.state._data.whole_set()[name] for name in dealt)


def test_worlds_are_built_from_the_seat_view_only():
    """Two games that differ only in what seat 0 cannot see (the other hand, the draw pile's
    content, the generator) give the same scenario for the same generator: the world never
    reads a hidden card. Fails if scenario_for reads game.state's hands or piles."""
    first, second = _scrambled(_real())
    for deal in range(3):
        assert S.scenario_for(first, 0, random.Random(deal)) == \
            S.scenario_for(second, 0, random.Random(deal))


def test_no_world_outside_the_turns_choice_of_action():
    """Setup, the other player's turn and an ADVENTURE ROUND give no scenario (those decisions
    go to the heuristic bot). Fails if a scenario is built where it cannot start."""
    game = explorer.new_game("rat_king", players=2, seed=7)
    assert S.scenario_for(game, 0, random.Random(0)) is None
    real = _real()
    assert S.scenario_for(real, 1, random.Random(0)) is None
    game = explorer.new_game("rat_king", players=2, seed=3)
    advance(game, lambda g: g.phase.startswith("adventure") and not g.is_chance)
    assert S.scenario_for(game, game.current_player, random.Random(0)) is None


def test_plans_are_legal_turns_led_by_the_best_of_each_kind():
    """The plans at a turn are a kind of action then one of its plays, every kind offered
    among them, at most SHORTLIST (or one per kind); each plays in a world and values to an
    exact Fraction. Fails if a plan's choices are not the ones the rules offer next."""
    real = _real()
    plans = S.HOOKS.plans(real, 0)
    kinds = {a.name for a in real.legal_actions()}
    assert {p.first.name for p in plans} == kinds
    assert len(plans) <= max(S.SHORTLIST, len(kinds))
    for plan in plans:
        world = S.HOOKS.world(real, 0, random.Random(1))
        assert world.current_player == 0 and plan.first in world.legal_actions()
        world.step(plan.first)
        assert plan.actions[1] in world.legal_actions()
        world.step(plan.actions[1])
        S.HOOKS.roll_out(world, 0, random.Random(2))
        assert world.is_over or world.current_player is not None
        assert isinstance(S.HOOKS.value(world, 0, plan), Fraction)


def test_choice_ignores_hidden_cards_and_the_generator():
    """Same seed, same position the seat sees, hidden parts and game seed scrambled: the search
    bot searches (it does not hand the decision to the heuristic bot), makes the same choice in
    both games, and leaves them untouched (state and generator). Fails if the search peeks at
    the hidden cards, draws on the game's generator, or delegates the turn's choice."""
    assert isinstance(hooks_for("rat_king"), S.RatKingHooks)
    same_search_choice(list(_scrambled(_real())))


def test_a_whole_game_of_search_bots_finishes():
    """Two search bots play a 2-player game to its end, and search at least one decision on
    each side (the turn's choice of action). Fails if the hooks never search, or a plan or a
    world breaks the game."""
    game = explorer.new_game("rat_king", players=2, seed=4)
    bots = [make_bot(game, "search", s) for s in range(2)]
    for _ in range(2_000):
        if game.is_over:
            break
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    assert game.is_over
    assert game.winners
    assert all(b.searched >= 1 for b in bots)
