"""Issue 25, item 1: ``explorer.odds.choices``, ``odds.at`` (with and without a seat) and
``odds.effects`` answer at every reachable position of every game, quickly.

The Rat-King positions are a round action's later choices (an ENCOUNTER's target, the target a
STUFF DIE's face asks for), where the odds used to raise KeyError and ValueError; their known
answers are counted by hand from the dice (seed 002, lines 58-61). The Gamma World positions
are battle rounds: a battle too long to solve within the page's budget gets a seeded estimate
with its 95% intervals, labelled as one; a short one stays exact.
"""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer import odds
from explorer.engine import Decision, Game
from explorer.engine.bots import make_bot
from explorer.odds import gamma_world
from explorer.ui.stepper import choice_odds_html
from tests.gamma_world import helpers as gw
from tests.rat_king.helpers import act, char, roll, scenario


def p1_wins(found: odds.Odds | None) -> Fraction:
    assert found is not None and found.note == "exact"
    assert sum(p for _, p in found.outcomes) == 1
    return found.extra["win"][0]


# ---- Rat-King: a round action's later choices --------------------------------------------------

def test_item1_rat_king_encounter_target_has_exact_odds() -> None:
    """Player 1 (ME Rogue) played The Hidden Nest (no special rules, Ratling numbers x1) against
    Player 2's ME Wizard; both are 2 CP face up and flipped (rulings rk-4, rk-6), so a die that
    flips one changes nothing. He plays Rat-King's Guard ("one group gets +3 CP this
    ADVENTURE") and must name the group. The highest total wins and a tie goes to him, who
    played the ADVENTURE (line 61). On his group: 5 + d1 >= 2 + d2, i.e. d2 <= d1 + 3: 4 + 5
    + 4 x 6 = 33 of 36 pairs, 11/12. On hers: 2 + d1 >= 5 + d2, i.e. d1 >= d2 + 3: (4,1),
    (5,1), (6,1), (5,2), (6,2), (6,3), 6 of 36, 1/6."""
    game = scenario([char("ME Rogue")], [char("ME Wizard")],
                    hands=[["Rat-King's Guard"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "encounter")
    act(game, "play_encounter", "Rat-King's Guard")
    assert game.phase == "adventure.encounter"
    targets = odds.choices(game)
    assert [a for a, _ in targets] == game.legal_actions() and len(targets) == 2
    by_group = {a.args: p1_wins(o) for a, o in targets}
    assert by_group == {("group", 0): Fraction(11, 12), ("group", 1): Fraction(1, 6)}


def test_item1_rat_king_mind_control_target_after_its_stuff_die() -> None:
    """Player 1's ME Wizard rolls the STUFF DIE of his Mind Control Spell and it shows 5: "one
    opponent's CHARACTER is not participating" (its 5-6 face). Player 2 has ME Rogue (2 CP,
    CHARACTER die 6) and Thrak Bruiser (5 CP, 1 flipped, CHARACTER die 2). Player 1 played The
    Hidden Nest and takes a tie (line 61); a die flips the other group's participating
    CHARACTERS whose CHARACTER die it equals (line 58).
    - Thrak out: 2 + d1 against 2 + d2 (the MEs' flips change nothing): d1 >= d2 in 21 of
      36, 7/12.
    - ME Rogue out: 2 + d1 against Thrak's 5 + d2, or 1 + d2 when d1 = 2 flips him: d1 = 2
      wins for d2 <= 3 (3), d1 = 4, 5, 6 for d2 <= 1, 2, 3 (1 + 2 + 3), d1 = 1, 3 never: 9 of
      36, 1/4."""
    game = scenario([char("ME Wizard", "Mind Control Spell")],
                    [char("ME Rogue"), char("Thrak Bruiser")],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 5)
    assert isinstance(game.pending, Decision) and game.phase == "adventure.stuff_die"
    targets = odds.choices(game)
    assert [a for a, _ in targets] == game.legal_actions() and len(targets) == 2
    by_target = {a.args: p1_wins(o) for a, o in targets}  # Player 2's characters 0 and 1
    assert by_target == {("character", 1, 1): Fraction(7, 12),  # Thrak Bruiser out
                         ("character", 1, 0): Fraction(1, 4)}   # ME Rogue out


def test_item1_rat_king_first_choice_of_a_round_action_keeps_its_odds() -> None:
    """The ENCOUNTER's own choice (which card) is valued as before: Rat-King's Guard, best
    target for its player, 11/12 (the count above); at the round action, the same."""
    game = scenario([char("ME Rogue")], [char("ME Wizard")],
                    hands=[["Rat-King's Guard"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    by_name = {a.name: o for a, o in odds.choices(game)}
    assert p1_wins(by_name["encounter"]) == Fraction(11, 12)
    act(game, "encounter")
    (only,) = odds.choices(game)
    assert p1_wins(only[1]) == Fraction(11, 12)


# ---- every game: the four queries at every position of a few games ------------------------------

def ask_everything(game: Game) -> None:
    odds.at(game)
    for seat in range(game.players):
        odds.at(game, seat)
    assert isinstance(odds.effects(game), list)
    found = odds.choices(game)
    assert [a for a, _ in found] == game.legal_actions()


def test_item1_rat_king_odds_answer_at_every_position_of_random_games() -> None:
    """Every step of seeded 3-player random games (where about one decision in twenty used to
    raise) and a heuristic one."""
    for seed, kind in ((0, "random"), (1000, "random"), (1, "heuristic")):
        game = explorer.new_game("rat_king", players=3, seed=seed)
        bots = [make_bot(game, kind, seed * 10 + s) for s in range(3)]
        while not game.is_over:
            ask_everything(game)
            game.step(None if game.is_chance else bots[game.current_player].choose(game))


# ---- Gamma World: a battle within the page's budget --------------------------------------------

def long_battle() -> Game:
    """Player 1 attacks Think Tank with six followers, each with its own steed, armor or
    weapon (so none is like another), against Sep, whose Starting Threat is forced to 12."""
    followers = [{}, {"cards": ["Sheath Armor"]}, {"cards": ["Podog"]},
                 {"cards": ["Inertia Armor", "Laser Pistol"]}, {"cards": ["Centisteed"]},
                 {"cards": ["Powered Plate Armor", "Vibro Dagger"]}]
    game = gw.scenario({"hand": ["Think Tank"], "followers": followers}, {"hand": ["Sep"]})
    gw.choose(game, "Attack Think Tank")
    gw.choose(game, "Play Sep")
    gw.roll(game, 12, "Starting Threat of Sep")
    return game


def fight_odds(game: Game) -> odds.Odds:
    return next(o for a, o in odds.choices(game) if a.name == "fight")


def test_item1_gamma_world_long_battle_is_an_estimate_with_intervals() -> None:
    game = long_battle()
    found = fight_odds(game)
    assert found.extra["how"] == "estimate"
    assert "estimate" in found.note and "95% interval" in found.note
    runs = found.extra["runs"]
    assert sum(found.extra["counts"]) == runs
    assert sum(p for _, p in found.outcomes) == 1
    for name, p in found.outcomes:
        low, high = found.extra["interval"][name]
        assert low <= p <= high
    assert found == fight_odds(long_battle())  # the same position, the same answer
    shown = choice_odds_html(found)
    assert "(estimated)" in shown and "%-" in shown  # labelled, with its intervals


def test_item1_gamma_world_estimate_agrees_with_a_count_by_hand() -> None:
    """The battle of a basic follower with 1 damage counter against a Threat of 2 (its exact
    chance, 125/1001, counted by hand in tests/odds/test_choices.py from seed 004, lines
    45-48, and ruling gw-34), with budgets too small for any chain: the estimate's 99.9%
    interval holds the exact chance."""
    from explorer.odds.rifts import wilson

    found = gamma_world.battle([(1, 1)], 2, exact_budget=1, float_budget=1)
    assert found.extra["how"] == "estimate"
    low, high = wilson(round(found.p * found.extra["runs"]), found.extra["runs"], z=3.29)
    assert low <= 125 / 1001 <= high


def test_item1_gamma_world_short_battle_stays_exact() -> None:
    """A basic follower (Force 1, Hits 2, line 31) with 1 damage counter against Blight's
    Threat forced to 2: 125/1001 (counted by hand in tests/odds/test_choices.py)."""
    game = gw.scenario({"hand": ["Think Tank"], "followers": [
        {"kind": "Pure Strain Human", "damage": 1}]}, {"hand": ["Blight"]})
    gw.choose(game, "Attack Think Tank")
    gw.choose(game, "Play Blight")
    gw.roll(game, 2, "Starting Threat of Blight")
    found = fight_odds(game)
    assert found.p == Fraction(125, 1001)
    assert found.note == "exact" and found.extra["how"] == "exact"
    assert "(exact)" in choice_odds_html(found)


def test_item1_gamma_world_battle_between_the_budgets_is_computed_in_floats() -> None:
    """Three followers (1,2) (2,3) (3,4) against a Threat of 15: too much work for Fractions
    within the budget, not for floats; the answer says it is computed, not sampled, and is
    the exact chain's (attack(..., exact=True), with no budget) within a billionth."""
    followers = [(1, 2), (2, 3), (3, 4)]
    found = gamma_world.battle(followers, 15)
    assert found.extra["how"] == "float"
    assert "not sampled" in found.note and "estimate" not in found.note
    exact = gamma_world.attack(followers, 15, exact=True)
    assert abs(float(found.p) - float(exact.p)) < 1e-9
