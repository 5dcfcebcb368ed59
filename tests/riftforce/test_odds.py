"""explorer.odds.riftforce: draw odds against brute-force enumeration of every order of the
piles, and the best-action finder against the game itself."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer.engine.bots import RandomBot, play
from explorer.errors import IllegalAction, TooMuchWork
from explorer.games.riftforce.data import riftforce_data
from explorer.odds import riftforce as rf

from .helpers import GUILDS, act, scenario


def small_piles(pile: int, discard: int, hand: int = 2) -> explorer.Game:
    """Player 1 to act with ``hand`` cards, ``pile`` cards in his draw pile and ``discard`` in
    his discard pile; the rest of his 36 in play."""
    cards = [n for n, c in riftforce_data().deck(GUILDS[0]).items() for _ in range(c)]
    # spread so the piles hold a mix: every 3rd card to the piles first
    order = cards[::3] + cards[1::3] + cards[2::3]
    in_hand, rest = order[:hand], order[hand:]
    in_discard, rest = rest[:discard], rest[discard:]
    in_play = rest[:36 - hand - discard - pile]
    rows = [[in_play[i::5], []] for i in range(5)]
    return explorer.new_game("riftforce", seed=1, scenario={
        "guilds": GUILDS, "first": 0, "active": 0, "riftforce": [0, 0],
        "hands": [in_hand, []], "board": rows, "discards": [in_discard, []]})


def brute_force(pile: list[str], discard: list[str], k: int) -> Counter[tuple[str, ...]]:
    """Every order of the pile, then of the reshuffled discard pile, equally likely."""
    counts: Counter[tuple[str, ...]] = Counter()
    for first in permutations(pile):
        for second in permutations(discard):
            counts[tuple(sorted((list(first) + list(second))[:k]))] += 1
    return counts


def test_check_and_draw_odds_match_every_order_including_the_reshuffle() -> None:
    game = small_piles(pile=4, discard=3, hand=1)
    pile, discard = rf.draw_pool(game)
    assert sum(pile.values()) == 4 and sum(discard.values()) == 3
    odds = rf.draw_odds(game)  # a Check & Draw: 6 cards, 4 from the pile, 2 reshuffled
    counts = brute_force([n for n, c in pile.items() for _ in range(c)],
                         [n for n, c in discard.items() for _ in range(c)], 6)
    total = sum(counts.values())
    expected = {", ".join(c): Fraction(n, total) for c, n in counts.items()}
    got = {}
    for outcome, p in odds.outcomes:
        got[outcome] = got.get(outcome, 0) + p
    assert got == expected and sum(got.values()) == 1


def test_p_at_least_matches_every_order() -> None:
    game = small_piles(pile=6, discard=2, hand=3)
    pile, discard = rf.draw_pool(game)
    cards = [n for n, c in pile.items() for _ in range(c)]
    data = riftforce_data()
    later = [n for n, c in discard.items() for _ in range(c)]
    # the pile's 6 in any order, then (a reshuffle) the discard pile's 2 in any order
    orders = [first + second for first in permutations(cards) for second in permutations(later)]
    for k in (1, 3, 7):
        for guild in GUILDS[0]:
            hits = sum(any(data.kinds[n].guild == guild for n in order[:k]) for order in orders)
            assert rf.p_at_least(game, k, guild=guild) == Fraction(hits, len(orders)), (k, guild)


def test_p_at_least_by_value_and_by_playable_card() -> None:
    game = small_piles(pile=5, discard=0, hand=3)
    pile, _ = rf.draw_pool(game)
    cards = [n for n, c in pile.items() for _ in range(c)]
    data = riftforce_data()
    orders = list(permutations(cards))
    hits = sum(any(data.kinds[n].value == 7 for n in order[:2]) for order in orders)
    assert rf.p_at_least(game, 2, value=7) == Fraction(hits, len(orders))
    fits = sum(any(data.kinds[n].guild == "Fire" or data.kinds[n].value == 6
                   for n in order[:2]) for order in orders)
    assert rf.p_at_least(game, 2, playable_with="Fire 6") == Fraction(fits, len(orders))
    with pytest.raises(IllegalAction, match="exactly one"):
        rf.p_at_least(game, 2)
    with pytest.raises(IllegalAction, match="unknown card 'Fire 9'"):
        rf.p_at_least(game, 2, playable_with="Fire 9")


def test_the_first_draws_of_a_fresh_pile_are_hypergeometric() -> None:
    # 36 cards, 9 of each guild: P(no Fire in 7) = C(27,7)/C(36,7)
    from math import comb

    game = explorer.new_game("riftforce", seed=3, options={"guilds": GUILDS})
    game.step(game.chance_outcomes()[0][0])  # Player 1 picks first: setup draws next
    p = rf.p_at_least(game, 7, guild="Fire", seat=0)
    assert p == 1 - Fraction(comb(27, 7), comb(36, 7))


def test_the_finder_lists_every_complete_action_with_its_gains() -> None:
    # Player 1: a Crystal 5 at Location 2 facing Ice 5/1 (4 more destroy it) and Light 6.
    game = scenario({2: (["Crystal 5"], ["Ice 5/1", "Light 6"])},
                    hands=[["Crystal 6", "Air 7"], ["Water 5"]],
                    guilds=[["Crystal", "Fire", "Air", "Earth"],
                            ["Light", "Ice", "Plant", "Water"]])
    found = rf.best_actions(game)
    best = found[0]
    assert best.name == "activate" and best.riftforce == 1 and best.destroyed == 1
    assert best.damage == 4  # Ice 5 with 1 damage takes 4: all of it counts
    assert [str(a) for a in best.choices][2] == "Activate Crystal 5 (1st at Location 2)"
    names = Counter(c.name for c in found)
    # play: 2 cards x 5 locations alone, or both (no shared guild or value): 10 plays
    # activate: discard either card; Crystal 6 activates the Crystal or none, Air 7 none: 3
    # check: 1
    assert names == {"play": 10, "activate": 3, "check": 1}
    check = next(c for c in found if c.name == "check")
    assert check.riftforce == 0 and check.draws == 5


def test_each_candidate_gains_what_the_game_then_shows() -> None:
    game = explorer.new_game("riftforce", seed=11)
    play(game, lambda seat: RandomBot(seat), until=lambda g: g.phase == "turn"
         and g.state.turns >= 14)
    for candidate in rf.best_actions(game)[:40]:
        copy = explorer.load_game(game.to_json())
        seat = copy.current_player
        before = list(copy.scores)
        for choice in candidate.choices:
            copy.step(choice)
        assert copy.scores[seat] - before[seat] == candidate.riftforce, candidate.text
        assert copy.scores[1 - seat] - before[1 - seat] == candidate.opponent_riftforce


def test_the_finder_never_reads_the_other_hand() -> None:
    board = {2: (["Crystal 5", "Fire 5"], ["Ice 5/1"]), 4: (["Air 6"], ["Light 7"])}
    hand = ["Crystal 6", "Fire 6", "Air 7"]
    one = rf.best_actions(scenario(board, hands=[hand, ["Ice 6"]],
                                   guilds=[["Crystal", "Fire", "Air", "Earth"],
                                           ["Light", "Ice", "Plant", "Water"]]))
    two = rf.best_actions(scenario(board, hands=[hand, ["Water 7", "Plant 5", "Light 5"]],
                                   guilds=[["Crystal", "Fire", "Air", "Earth"],
                                           ["Light", "Ice", "Plant", "Water"]]))
    assert [(c.text, c.riftforce, c.damage) for c in one] == [
        (c.text, c.riftforce, c.damage) for c in two]


def test_the_finder_answers_in_mid_turn_from_the_choices_made() -> None:
    game = scenario({2: (["Crystal 5", "Crystal 7"], ["Ice 5/1", "Light 6"])},
                    hands=[["Crystal 6"], []],
                    guilds=[["Crystal", "Fire", "Air", "Earth"],
                            ["Light", "Ice", "Plant", "Water"]])
    act(game, "activate")
    act(game, "discard", "Crystal 6")
    act(game, "elemental", 1, 0)  # the first Crystal destroys Ice 5/1
    found = rf.best_actions(game)
    assert all(c.name == "activate" for c in found)
    assert max(c.riftforce for c in found) == 1  # the second Crystal: Light 6 takes 4, stands
    assert {str(c.choices[-1]) for c in found} >= {"Stop activating"}


def test_the_finder_pauses_the_collector_and_leaves_it_as_it_found_it(monkeypatch) -> None:
    """The finder's positions are made in one burst and kept to the turn's end: the collector
    is off while it searches (benchmarks/riftforce_gc.py: 38% of a heuristic game's time in
    full collections otherwise) and as it was after, on or off, also after an error."""
    import gc

    seen: list[bool] = []
    run = rf._Search.run

    def watched(self: rf._Search) -> None:
        seen.append(gc.isenabled())
        run(self)

    monkeypatch.setattr(rf._Search, "run", watched)
    game = scenario({2: (["Crystal 5"], ["Ice 5/1", "Light 6"])},
                    hands=[["Crystal 6", "Air 7"], ["Water 5"]],
                    guilds=[["Crystal", "Fire", "Air", "Earth"],
                            ["Light", "Ice", "Plant", "Water"]])
    assert gc.isenabled()
    first = rf.best_actions(game)
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        assert rf.best_actions(game) == first and seen == [False, False]
        assert not gc.isenabled()  # left off, as it was
    finally:
        gc.enable()
    with pytest.raises(TooMuchWork):
        rf.best_actions(game, limit=1)
    assert gc.isenabled()


def test_the_finder_refuses_outside_a_turn() -> None:
    game = explorer.new_game("riftforce", seed=1)
    with pytest.raises(IllegalAction, match="during a player's turn"):
        rf.best_actions(game)
    with pytest.raises(IllegalAction, match="riftforce games"):
        rf.best_actions(explorer.new_game("rifts", seed=1))


def test_a_draw_seen_from_each_seat_counts_only_the_drawers_cards() -> None:
    """Each player draws from his own pile (reference, Setup: "each player shuffles his 36
    elementals"), so the drawer knows its composition exactly, and his opponent sees the
    drawer's pile and hand as one unknown set; the opponent's own hand is never part of it."""
    from fractions import Fraction

    from explorer import odds

    game = scenario({1: (["Fire 5"], [])}, hands=[["Air 6"], ["Ice 7", "Ice 7", "Light 5"]],
                    decks=[["Water 7"], []])
    act(game, "check")  # the known top card, Water 7, comes first, without a chance step
    assert game.is_chance and "Water 7" in game.state.sides[0].hand
    pile = {str(o): Fraction(w, sum(game.pending.weights))
            for o, w in zip(game.pending.outcomes, game.pending.weights, strict=True)}
    mine = odds.at(game, 0)
    assert dict(mine.outcomes) == pile  # 36 - Fire 5, Air 6, Water 7 left: 33 cards
    assert sum(game.pending.weights) == 33
    theirs = dict(odds.at(game, 1).outcomes)
    # Player 2 cannot see Player 1's hand: Air 6 and Water 7 join the 33 (35 in all), and
    # no Light or Ice card (Player 2's own) is ever offered.
    assert theirs["Air 6"] == Fraction(pile["Air 6"] * 33 + 1, 35)
    assert not any(name.startswith(("Ice", "Light")) for name in theirs)
    assert sum(theirs.values()) == 1


def test_item13_the_finder_heals_the_ally_behind_a_fire_before_that_fire() -> None:
    # Reference, Light: "remove 1 damage from this Light or from any one of your elementals
    # anywhere"; Fire: "3 damage to the first enemy here; then 1 damage to your own elemental
    # directly behind this Fire". Player 1 discards Air 6 and activates the 6s: Light 6 at
    # Location 2 (2 damage to Ice 7) heals Air 5/4 behind Fire 6 at Location 1 (not Earth
    # 7/5, the most damaged), then Fire 6 (3 damage to Water 7) hits Air 5/3: 4 damage, it
    # stands. By hand: 5 damage dealt, nothing destroyed, nothing lost, no Riftforce to anyone.
    game = scenario({1: (["Fire 6", "Air 5/4"], ["Water 7"]), 2: (["Light 6"], ["Ice 7"]),
                     3: (["Earth 7/5"], ["Plant 7"])},
                    hands=[["Air 6"], []], guilds=[["Fire", "Light", "Air", "Earth"],
                                                   ["Water", "Ice", "Plant", "Crystal"]])
    found = rf.best_actions(game)
    line = [c for c in found if [(a.name, a.args) for a in c.choices if a.name != "done"] == [
        ("activate", ()), ("discard", ("Air 6",)), ("elemental", (1, 0)), ("heal", (0, 1)),
        ("elemental", (0, 0))]]
    assert len(line) == 1, [c.text for c in found if c.name == "activate"][:20]
    heal_fire = line[0]
    assert (heal_fire.riftforce, heal_fire.opponent_riftforce, heal_fire.destroyed,
            heal_fire.damage, heal_fire.lost) == (0, 0, 0, 5, 0)
    # healing Earth 7/5 instead lets the Fire destroy Air 5/4: 1 lost, 1 Riftforce to Player 2
    assert any(c.lost == 1 and c.opponent_riftforce == 1 and c.damage == 5 for c in found)
    assert found.index(heal_fire) < min(i for i, c in enumerate(found) if c.lost == 1)


def results(found: list[rf.Candidate]) -> set[tuple[object, ...]]:
    """What the finder found, leaving out which choices: each candidate's kind and gains."""
    return {(c.name, c.riftforce, c.opponent_riftforce, c.destroyed, c.damage, c.lost,
             c.controlled, c.draws) for c in found}


HEALERS = [["Fire", "Light", "Water", "Air"], ["Earth", "Ice", "Plant", "Crystal"]]


@st.composite
def heal_positions(draw: st.DrawFn) -> explorer.Game:
    """Player 1 to act with a Light on the Rift among up to 6 more of his Fire, Light, Water
    and Air elementals (Fires twice as often), most of the Light's value, damaged at random
    (often one short of destroyed), crowded on three locations (so allies stand behind Fires
    and movers may join them), often a Fire of the Light's value facing an enemy with a 5
    behind it; up to 4 more enemies; in hand a card of the Light's value and maybe another."""
    copies = [Counter(riftforce_data().deck(guilds)) for guilds in HEALERS]
    value = draw(st.sampled_from([5, 6, 7]))

    def card(seat: int, name: str) -> str | None:
        if not copies[seat][name]:
            return None
        copies[seat][name] -= 1
        return name

    def elemental(seat: int, guilds: list[str], values: list[int]) -> str | None:
        name = card(seat, f"{draw(st.sampled_from(guilds))} {draw(st.sampled_from(values))}")
        if name is None:
            return None
        top = int(name.split()[1]) - 1
        damage = draw(st.one_of(st.just(top), st.integers(0, top))) if seat == 0 else \
            draw(st.integers(0, top))
        return f"{name}/{damage}" if damage else name

    board: dict[int, tuple[list[str], list[str]]] = {n: ([], []) for n in range(1, 6)}
    board[draw(st.integers(1, 3))][0].append(elemental(0, ["Light"], [value]) or "?")
    hand = [card(0, f"{draw(st.sampled_from(HEALERS[0]))} {value}")]
    if draw(st.booleans()):
        hand.append(card(0, f"{draw(st.sampled_from(HEALERS[0]))} "
                            f"{draw(st.sampled_from([5, 6, 7]))}"))
    if draw(st.booleans()):  # a Fire of the Light's value facing an enemy, a 5 behind it
        mine, theirs = board[draw(st.integers(1, 3))]
        mine += [name for name in (card(0, f"Fire {value}"), elemental(0, HEALERS[0], [5]))
                 if name]
        theirs += [name for name in [elemental(1, HEALERS[1], [5, 6, 7])] if name]
    for _ in range(draw(st.integers(0, 6))):
        name = elemental(0, ["Fire", *HEALERS[0]], [value, value, 5, 6, 7])
        if name:
            board[draw(st.integers(1, 3))][0].append(name)
    for _ in range(draw(st.integers(0, 4))):
        name = elemental(1, HEALERS[1], [5, 6, 7])
        if name:
            board[draw(st.integers(1, 4))][1].append(name)
    return scenario(board, hands=[[c for c in hand if c], []], guilds=HEALERS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(heal_positions())
def test_item13_the_heals_the_finder_leaves_out_change_no_result(game: explorer.Game) -> None:
    """The finder heals, of the allies no Fire still to come in the action can hit, only the
    most damaged: every kind of action with its gains is still found, as by healing each."""
    assert results(rf.best_actions(game)) == results(rf.best_actions(game, heals="every"))


SAVES = {
    # item 13's position (its test above): Air 5/4 stands behind Fire 6 at Location 1
    "behind the Fire": (
        {1: (["Fire 6", "Air 5/4"], ["Water 7"]), 2: (["Light 6"], ["Ice 7"]),
         3: (["Earth 7/5"], ["Plant 7"])}, ["Air 6"],
        [["Fire", "Light", "Air", "Earth"], ["Water", "Ice", "Plant", "Crystal"]],
        ("activate", 0, 0, 0, 5, 0, 0, 0)),
    # Light 6 destroys Crystal 5/4 (1 damage counted, 2 Riftforce) and heals Air 6/5 at
    # Location 1 (not Water 7/6, the most damaged); Air 6/4 moves behind Fire 6 at Location 5,
    # destroys Ice 7/6 (1) and hits Plant 5 at Location 4 (1); Fire 6 deals 3 to Earth 7 and 1
    # to Air 6/4, which stands: 3 Riftforce, 2 destroyed, 6 damage, nothing lost or held. Air
    # first and Light after deal 7 (Air's 1 destroys the Crystal, Light's 2 go to Plant 5).
    "moving behind the Fire": (
        {1: (["Air 6/5"], []), 3: (["Water 7/6"], ["Earth 5/4"]),
         4: (["Light 6"], ["Crystal 5/4", "Plant 5"]), 5: (["Fire 6"], ["Ice 7/6", "Earth 7"])},
        ["Water 6"], HEALERS, ("activate", 3, 0, 2, 6, 0, 0, 0)),
    # Light 6 destroys Crystal 5/4 (1, 2 Riftforce) and heals Air 5/4, 3rd at Location 5;
    # Water 6 deals 2 to Ice 5/2 and moves to Location 4 (1 to Plant 5), leaving Air 5/3
    # right behind Fire 6, whose 3 destroy Ice 5/4 (1 counted, 1 Riftforce) and whose 1 leaves
    # Air 5/4 standing: 3 Riftforce, 2 destroyed, 5 damage, Location 1 held (Water 7/6).
    "behind an ally that moves away": (
        {1: (["Water 7/6"], []), 4: (["Light 6"], ["Crystal 5/4", "Plant 5"]),
         5: (["Fire 6", "Water 6", "Air 5/4"], ["Ice 5/2", "Earth 7"])},
        ["Water 6"], HEALERS, ("activate", 3, 0, 2, 5, 0, 1, 0)),
}


@pytest.mark.parametrize("case", sorted(SAVES))
def test_item13_the_finder_heals_each_ally_a_fire_may_reach(case: str) -> None:
    """Each way a later Fire may reach the healed ally in the same action (worked out by hand
    above): the finder finds the line that saves it, which healing only the most damaged ally
    (the rule before item 13) misses, and finds every result healing each ally finds."""
    board, hand, guilds, saved = SAVES[case]
    game = scenario(board, hands=[hand, []], guilds=guilds)
    found = results(rf.best_actions(game))
    assert saved in found
    assert saved not in results(rf.best_actions(game, heals="most damaged"))
    assert found == results(rf.best_actions(game, heals="every"))


def test_item13_allies_no_fire_can_reach_are_one_heal() -> None:
    # No Fire on the Rift: Player 1 discards Light 6 and activates Light 5 at Location 1 (2
    # damage to Ice 7), which may heal Water 7/3, Air 6/2 or Water 5/1; nothing can hit them
    # in this action, so the finder heals the most damaged, Water 7/3, and counts the three
    # heals in that candidate's ways.
    game = scenario({1: (["Light 5"], ["Ice 7"]), 2: (["Water 7/3"], []),
                     4: (["Air 6/2", "Water 5/1"], [])}, hands=[["Light 6"], []],
                    guilds=HEALERS)
    found = [c for c in rf.best_actions(game) if c.name == "activate"
             and any(a.name == "heal" for a in c.choices)]
    every = [c for c in rf.best_actions(game, heals="every") if c.name == "activate"
             and any(a.name == "heal" for a in c.choices)]
    assert len(found) == 1 and len(every) == 3
    assert [str(a) for a in found[0].choices if a.name == "heal"] == [
        "Remove 1 damage from Player 1's Water 7/3 (1st at Location 2)"]
    assert found[0].ways == 3
    assert results(found) == results(every)
    with pytest.raises(IllegalAction, match="heals must be one of"):
        rf.best_actions(game, heals="all")
