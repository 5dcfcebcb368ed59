"""odds.at(game) before the engine's rolls and draws, and the Monte Carlo cross-check: each odds
function against simulations through the engine (issue #5, item 4).

The stated bound: a frequency over N independent runs lies within 4 standard errors,
4 * sqrt(p (1 - p) / N), of the exact probability p; the runs are seeded, so the test is
reproducible (a correct p fails it with probability about 6e-5 per check).
"""

from __future__ import annotations

import math
from fractions import Fraction

import explorer
from explorer import odds
from explorer.engine.bots import make_bot
from explorer.odds import adventurers, gamma_world, rifts

PARTY = [{"members": [{"name": "Wilderness Scout"}, {"name": "Vagabond"}], "location": "Farms"},
         {"members": [{"name": "Mystic"}], "location": "Chi-Town"}]


def within(hits: int, runs: int, p: Fraction) -> None:
    bound = 4 * math.sqrt(float(p) * (1 - float(p)) / runs) + 1e-12
    assert abs(hits / runs - float(p)) <= bound, (hits, runs, float(p), bound)


def test_at_a_roll_shows_the_rolls_own_odds() -> None:
    game = explorer.new_game("rifts", players=2, seed=1, scenario={"parties": PARTY,
                                                                   "at": "Travel"})
    shown = odds.at(game)
    expected = rifts.roll("survival", ["Wilderness Scout", "Vagabond"], "Farms")
    assert (shown.p, shown.modifier, shown.breakdown) == (expected.p, expected.modifier,
                                                          expected.breakdown)


def test_at_a_table_roll_shows_every_row() -> None:
    game = explorer.new_game("rifts", players=2, seed=1, scenario={"parties": PARTY,
                                                                   "at": "Travel"})
    game.step(explorer.engine.Outcome("roll", (1,)))  # Survival fails: the Hazard Table
    shown = odds.at(game)
    assert shown.p is None and len(shown.outcomes) == 20  # lines 322-342, 1/20 each
    assert {p for _, p in shown.outcomes} == {Fraction(1, 20)}
    assert shown.outcomes[6][0] == "Ambush"


def test_at_a_draw_shows_the_cards_left_and_at_a_decision_nothing() -> None:
    game = explorer.new_game("rifts", players=2, seed=1)
    drawn = odds.at(game)
    assert len(drawn.outcomes) == 29 and drawn.outcomes[0] == ("Borg Mercenary", Fraction(1, 29))
    while game.is_chance:
        game.step()
    assert odds.at(game) is None


def test_survival_odds_agree_with_the_engine() -> None:
    exact = rifts.roll("survival", ["Wilderness Scout", "Vagabond"], "Farms").p
    runs, hits = 1200, 0
    for seed in range(runs):
        game = explorer.new_game("rifts", players=2, seed=seed,
                                 scenario={"parties": PARTY, "at": "Travel"})
        game.step()
        hits += "succeeds" in game.log[-1].text
    within(hits, runs, exact)


def test_escape_odds_agree_with_the_engine() -> None:
    exact = adventurers.escape("Tiger", "Trapper").p
    runs, hits = 1500, 0
    for seed in range(runs):
        game = explorer.new_game("adventurers", players=2, seed=seed, scenario={
            "adventurers": [{"profession": "Trapper", "chain": ["Safari", "Jungle"],
                             "encounter": {"card": "Tiger", "by": 1}},
                            {"profession": "Reporter"}], "active": 0, "at": "encounter"})
        game.step()  # the Encounter roll
        game.step()  # the Escape roll
        hits += "escapes Tiger" in game.log[-1].text
    within(hits, runs, exact)


def test_capture_odds_agree_with_the_engine() -> None:
    # two basic followers (Force 1, Hits 2) against Sep, 2D6 Threat (seed 004 line 197)
    exact = gamma_world.attack([(1, 2), (1, 2)], "2D6").p
    runs, hits = 700, 0
    for seed in range(runs):
        game = explorer.new_game("gamma_world", players=2, seed=seed, scenario={
            "enclaves": [{"hand": ["Think Tank"], "followers": [{}, {}]}, {"hand": ["Sep"]}],
            "active": 0, "at": "turn"})
        game.step(next(a for a in game.legal_actions() if str(a) == "Attack Think Tank"))
        game.step(next(a for a in game.legal_actions() if str(a).startswith("Play Sep")))
        while game.state.battle is not None:
            if game.is_chance:
                game.step()
            else:  # fight to the end, as the odds assume
                game.step(next(a for a in game.legal_actions()
                               if str(a).startswith("Fight a round")))
        hits += "Think Tank" in game.state.enclaves[0].locations
    within(hits, runs, exact)


def test_a_battle_estimate_agrees_with_a_second_independent_estimate() -> None:
    first = rifts.battle(["Cyber-Knight", "Mind Melter"], "Wolfen", "Farms", runs=400, seed=1)
    second = rifts.battle(["Cyber-Knight", "Mind Melter"], "Wolfen", "Farms", runs=400, seed=2)
    p1, p2 = float(first.p), float(second.p)
    spread = math.sqrt(p1 * (1 - p1) / 400 + p2 * (1 - p2) / 400)
    assert abs(p1 - p2) <= 4 * spread + 1e-9
    low, high = first.extra["interval"]["victory"]
    assert low <= p1 <= high and "Monte Carlo" in first.note
    assert sum(p for _, p in first.outcomes) == 1


def test_heuristic_bots_and_odds_at_every_step_of_a_game() -> None:
    game = explorer.new_game("rifts", players=2, seed=4)
    bots = [make_bot(game, "heuristic", s) for s in range(2)]
    for _ in range(600):
        if game.is_over:
            break
        shown = odds.at(game)
        if game.is_chance:
            assert sum(p for _, p in shown.outcomes) == 1
            game.step()
        else:
            assert shown is None
            game.step(bots[game.current_player].choose(game))


def test_ruling_86_a_battle_is_a_labelled_estimate() -> None:
    result = rifts.battle(["Vagabond"], "Dinosaurs", "Farms", runs=50, seed=3)
    assert result.note.startswith("Monte Carlo estimate: 50 fights")
    assert set(result.extra["interval"]) == {"victory", "escaped", "wiped out"}
    assert sum(result.extra["wounds"].values()) == 1
    # a lone Vagabond (Force 3, line 52: no attack roll) never destroys 4 Dinosaurs Tokens
    # (line 610); it can only win by Morale (9+ with Monster -1: 1/10 a round, lines 516-518)
    assert result.outcomes[1] == ("escaped", 0)
