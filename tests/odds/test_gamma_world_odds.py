"""explorer.odds.gamma_world.attack: a hand-solved chain, and an independent solver.

The oracle here does what the module does not: it enumerates every face of every die of a
round (itertools.product), every order of hits, and solves the chain by value iteration in
floats; the module's exact Fractions must agree to 1e-12.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from explorer.errors import UnknownNameError
from explorer.odds import gamma_world
from explorer.odds.gamma_world import BattleInputError


def test_one_follower_against_a_threat_of_one_by_hand() -> None:
    # A follower of Force 1, Hits 2 (seed 004 line 31) against Threat 1. Each round: our 1D6
    # (a 1 removes the Threat point, line 47), their 1D6 (a 1 is a hit, line 49); rounds
    # with no 1 are left out (11/36 of rounds do something).
    # With 1 hit left: capture needs our 1 and not theirs: 5/36 of 11/36 = 5/11.
    # Unhurt: our 1 captures (5/36 + 1/36, the hit does not kill), their 1 alone leaves 1 hit
    # (5/36): (6/11) + (5/11)(5/11) = 91/121.
    odds = gamma_world.attack([(1, 2)], 1)
    assert odds.p == Fraction(91, 121)
    assert odds.outcomes == (("captured, 0 followers lost in the fight", Fraction(91, 121)),
                             ("not captured: the followers are wiped out", Fraction(30, 121)))


ORDER = ("steed", "armor", "body")
"""Who takes a follower's hit, in turn: "The Steed of a Follower takes damage first." (seed 004,
line 50), then "Armor always loses hits before followers." (line 58), then the follower."""


def parts(spec: tuple[int, int] | dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """A follower for the oracle: (force, hits), or {"steed": (hits, force), "armor": ...,
    "body": (hits, force)} with the numbers copied from the seed's card lists."""
    if isinstance(spec, tuple):
        force, hits = spec
        return {"body": (hits, force)}
    return spec


def oracle(followers: list, threat: int, sweeps: int = 400) -> float:
    """Value iteration over every die face and every hit order: P(capture). A follower's state
    is the Hits left of each of its parts; a hit takes one from the first part in ORDER still
    standing; the follower is gone when its body is."""
    specs = [parts(f) for f in followers]
    layout = [[name for name in ORDER if name in spec] for spec in specs]

    @cache
    def rounds(force: int, threats: int) -> dict[tuple[int, int], float]:
        found: dict[tuple[int, int], float] = {}
        for faces in product(range(1, 7), repeat=force + threats):
            key = (faces[:force].count(1), faces[force:].count(1))
            found[key] = found.get(key, 0) + 6.0 ** -(force + threats)
        return found

    def alive(state: tuple[tuple[int, ...], ...]) -> list[int]:
        return [i for i, left in enumerate(state) if left[-1] > 0]  # the body is last

    def force_of(state: tuple[tuple[int, ...], ...]) -> int:
        total = 0
        for i in alive(state):
            part_force = [specs[i][name][1] for name in layout[i]]
            total += max(0, sum(f for f, left in zip(part_force, state[i], strict=True)
                                if left > 0))
        return total

    def struck(left: tuple[int, ...]) -> tuple[int, ...]:
        first = next(k for k, h in enumerate(left) if h > 0)
        return tuple(h - 1 if k == first else h for k, h in enumerate(left))

    def land(state: tuple[tuple[int, ...], ...], count: int) -> dict:
        living = alive(state)
        if count == 0 or not living:
            return {state: 1.0}
        found: dict = {}
        for i in living:
            after = tuple(struck(left) if j == i else left for j, left in enumerate(state))
            for end, p in land(after, count - 1).items():
                found[end] = found.get(end, 0) + p / len(living)
        return found

    start = tuple(tuple(spec[name][0] for name in names)
                  for spec, names in zip(specs, layout, strict=True))
    reachable, frontier = {start}, [start]
    while frontier:  # every state some sequence of hits can reach
        state = frontier.pop()
        for after in land(state, 1):
            if after not in reachable:
                reachable.add(after)
                frontier.append(after)
    value: dict = {}

    def get(t: int, state: tuple[tuple[int, ...], ...]) -> float:
        if not alive(state):
            return 0.0
        if t <= 0:
            return 1.0
        return value.get((t, state), 0.0)

    states = [(t, state) for t in range(1, threat + 1) for state in reachable if alive(state)]
    for _ in range(sweeps):
        for t, state in states:
            total = 0.0
            for (cut, wounds), p in rounds(force_of(state), t).items():
                for after, q in land(state, wounds).items():
                    total += p * q * get(t - cut, after)
            value[t, state] = total
    return get(threat, start)


# the cards as the seed lists them, (hits, force): Brutorz 3 +2 (line 116), Podog 2 - (line
# 115), Sheath Armor 3 - (line 94), Powered Scout Armor 5 +1 (line 99); a follower's own body
# is Force 1, Hits 2 (line 31)
BODY = (2, 1)
BRUTORZ, PODOG, SHEATH, SCOUT = (3, 2), (2, 0), (3, 0), (5, 1)


@pytest.mark.parametrize(("followers", "oracle_followers", "threat"), [
    ([(1, 2)], [(1, 2)], 2),
    ([(2, 1)], [(2, 1)], 3),
    ([(1, 2), (1, 2)], [(1, 2), (1, 2)], 2),
    ([(2, 2), (1, 1)], [(2, 2), (1, 1)], 3),
    ([{"steed": "Brutorz", "armor": "Sheath Armor"}],
     [{"steed": BRUTORZ, "armor": SHEATH, "body": BODY}], 2),
    ([{"steed": "Podog", "armor": "Powered Scout Armor"}, (1, 2)],
     [{"steed": PODOG, "armor": SCOUT, "body": BODY}, (1, 2)], 2),
])
def test_exact_odds_agree_with_an_independent_solver(followers: list, oracle_followers: list,
                                                     threat: int) -> None:
    odds = gamma_world.attack(followers, threat, exact=True)
    assert isinstance(odds.p, Fraction)
    assert abs(float(odds.p) - oracle(oracle_followers, threat)) < 1e-12


def test_dice_threat_is_the_mixture_of_fixed_threats() -> None:
    # 1D3 Threat: 1, 2 or 3, each 1/3 (line 44: "Roll the indicated dice")
    mixed = gamma_world.attack([(1, 2)], "1D3").p
    assert mixed == sum(gamma_world.attack([(1, 2)], t).p for t in (1, 2, 3)) / 3


def test_the_float_chain_agrees_with_the_exact_one() -> None:
    followers = [(1, 2), (2, 3), (1, 4)]
    exact = gamma_world.attack(followers, "3D6", exact=True)
    floating = gamma_world.attack(followers, "3D6", exact=False)
    assert abs(float(exact.p) - floating.extra["float"]) < 1e-12
    assert floating.extra["error_bound"] < 1e-9


def test_a_hit_goes_to_the_steed_first_then_the_armor_then_the_follower() -> None:
    # Podog: 2 Hits (seed 004 line 115); Sheath Armor: 3 Hits (line 94); a follower 1/2
    # (line 31). Layers in the seed's order: the steed (line 50), the armor (line 58), the
    # follower (ruling gw-33).
    built = gamma_world.follower({"armor": "Sheath Armor", "steed": "Podog"})
    assert built.layers == ((2, 0), (3, 0), (2, 1)) and built.hits == 7
    # Brutorz gives +2 Force (line 116) only while it stands: its 3 Hits go first
    rider = gamma_world.follower({"steed": "Brutorz", "armor": "Powered Scout Armor"})
    assert [rider.force_after(d) for d in range(10)] == [4, 4, 4, 2, 2, 2, 2, 2, 1, 1]


def test_a_mounted_armored_follower_against_a_threat_of_one_by_hand() -> None:
    # Brutorz (3 Hits, +2 Force, line 116) and Sheath Armor (3 Hits, line 94) on a follower
    # of Force 1, Hits 2 (line 31): 8 hits in all, Force 3 while the Brutorz stands. Threat 1:
    # one Threat die, at most one hit a round. Leaving out the rounds with no 1: with h hits
    # still to take after this one, our F dice capture (any 1: a = 1 - (5/6)^F) before their
    # die lands a hit ((1 - a)/6) with odds a : (1 - a)/6, so the hit comes first with
    # q(F) = ((1 - a)/6) / (a + (1 - a)/6): q(3) = 125/671, q(1) = 5/11. On the last Hit a
    # hit kills even in a round our 1 captures (ruling gw-34): lost 6/11.
    q3, q1, last = Fraction(125, 671), Fraction(5, 11), Fraction(6, 11)
    # the steed first (line 50): 3 hits at Force 3, then 4 at Force 1 (armor, then 1 Hit)
    steed_first = 1 - q3 ** 3 * q1 ** 4 * last
    armor_first = 1 - q3 ** 6 * q1 * last  # issue #5's order: the Brutorz would last longer
    odds = gamma_world.attack([{"steed": "Brutorz", "armor": "Sheath Armor"}], 1)
    assert odds.p == steed_first and odds.p != armor_first


def test_mutations_and_weapons_against_robots() -> None:
    # Electrical Generation +1, +4 vs Robots (line 160); Needler +2, no effect on Robots (l. 73)
    spec = {"mutations": ["Electrical Generation"], "weapons": ["Needler"]}
    assert gamma_world.follower(spec).layers == ((2, 4),)
    assert gamma_world.follower(spec, robots=True).layers == ((2, 5),)


def test_losses_are_counted() -> None:
    odds = gamma_world.attack([(1, 2), (1, 2)], 2)
    names = [o for o, _ in odds.outcomes]
    assert names == ["captured, 0 followers lost in the fight",
                     "captured, 1 follower lost in the fight",
                     "not captured: the followers are wiped out"]
    assert sum(p for _, p in odds.outcomes) == 1


@pytest.mark.parametrize(("followers", "threat", "message"), [
    ([], 3, "at least one follower"),
    ([(1, 0)], 3, "hits from 1 to 99"),
    ([(1, 2, 3)], 3, r"a follower is \(force, hits\)"),
    ([{"wings": True}], 3, "unknown follower key 'wings'"),
    ([(1, 2)], "3D", "dice such as '3D6'"),
    ([(1, 2)], -1, "threat must be from 0 to 200"),
])
def test_bad_input_is_refused(followers: list, threat, message: str) -> None:
    with pytest.raises(BattleInputError, match=message):
        gamma_world.attack(followers, threat)


def test_single_rolls_breakdown_and_heal() -> None:
    # Breakdown: 1D6, 6+ discards the item (seed 004 lines 64-65): 1/6; grenades +1 (line
    # 66): 5 or 6, 2/6; heal: 1D6 counters (line 62), each 1/6.
    assert gamma_world.roll("breakdown").p == Fraction(1, 6)
    assert gamma_world.roll("breakdown_grenade").p == Fraction(1, 3)
    heal = gamma_world.roll("heal")
    assert heal.p is None and heal.outcomes == tuple((str(n), Fraction(1, 6))
                                                     for n in range(1, 7))
    with pytest.raises(UnknownNameError, match="unknown Gamma World roll 'battle'"):
        gamma_world.roll("battle")


# ---- the heat map's grid: one solve for every follower count and Threat ---------------------

@pytest.fixture
def fresh_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    """No solve kept from another test: each grid here is solved (or reused) in the test."""
    monkeypatch.setattr(gamma_world, "_SOLVES", {})


@pytest.mark.parametrize(("spec", "followers", "threats"), [
    ((1, 2), (1, 2, 3), (1, 2, 3, 6, "1D6", "2D6")),
    ((2, 3), (1, 2), (1, 4, "1D6", "2D3")),
    ((3, 1), (1, 2, 3), (5, "3D6")),
    ((0, 2), (1, 2), (2, "1D6")),  # no Force: never captured
    ((-2, 2), (1,), (1,)),  # a negative Force rolls no dice (as in attack)
    ((1, 2), (2,), (0,)),  # Threat 0: captured at once
    ({"steed": "Brutorz", "armor": "Sheath Armor"}, (1, 2), (1, 2, "1D6")),
    ({"steed": "Podog", "mutations": ["Electrical Generation"]}, (1, 2), (3,)),
])
def test_capture_grid_exact_is_attacks_exact_fraction(fresh_solves: None, spec, followers,
                                                      threats) -> None:
    grid = gamma_world.capture_grid(spec, followers, threats, exact=True)
    assert grid.exact and grid.error_bound == 0
    for n in followers:
        for threat in threats:
            expected = gamma_world.attack([spec] * n, threat, exact=True).p
            assert isinstance(grid.p[n, threat], Fraction)
            assert grid.p[n, threat] == expected, (n, threat)


def test_capture_grid_agrees_with_the_independent_solver(fresh_solves: None) -> None:
    grid = gamma_world.capture_grid((1, 2), (1, 2), (2, 3))
    for n, threat in ((1, 3), (2, 2)):
        assert abs(grid.p[n, threat] - oracle([(1, 2)] * n, threat)) < 1e-12


@pytest.mark.parametrize(("spec", "followers", "threats"), [
    ((1, 2), gamma_world.HEAT_MAP_FOLLOWERS, gamma_world.HEAT_MAP_THREATS),  # the whole map
    ((3, 2), gamma_world.HEAT_MAP_FOLLOWERS, ("3D6", 6, 10)),
    ((1, 3), (1, 2, 3), gamma_world.HEAT_MAP_THREATS),
    ((2, 3), (1, 2, 3, 4), ("1D6", "2D6", 1, 5, 10)),
    ({"steed": "Brutorz", "armor": "Sheath Armor"}, (1, 2), ("2D6", 4)),
])
def test_capture_grid_floats_are_within_their_stated_bound(fresh_solves: None, spec,
                                                           followers, threats) -> None:
    exact = gamma_world.capture_grid(spec, followers, threats, exact=True)
    floating = gamma_world.capture_grid(spec, followers, threats)
    assert not floating.exact and 0 < floating.error_bound < 1e-9
    for cell, p in exact.p.items():
        assert isinstance(floating.p[cell], float)
        # measured exactly: the float as a Fraction against the exact Fraction
        assert abs(Fraction(floating.p[cell]) - p) <= floating.error_bound, cell


def test_the_heat_maps_stated_bound_is_below_1e_9(fresh_solves: None) -> None:
    # the largest heat maps of the dashboard: 6 followers of 5 hits, Force 1 and 6
    for force in (1, 6):
        grid = gamma_world.capture_grid((force, 5))
        assert grid.error_bound < 1e-9
        assert set(grid.p) == {(n, t) for n in gamma_world.HEAT_MAP_FOLLOWERS
                               for t in gamma_world.HEAT_MAP_THREATS}


def test_a_shorter_follower_is_read_off_a_taller_solve(fresh_solves: None) -> None:
    # (Force 1, 5 hits) after 2 hits each is the battle of (Force 1, 3 hits): once the taller
    # one is solved, the shorter is read off it, to the same exact Fractions
    threats = (1, 3, "2D6")
    alone = gamma_world.capture_grid((1, 3), (1, 2, 3), threats, exact=True)
    gamma_world._SOLVES.clear()
    gamma_world.capture_grid((1, 5), (1, 2, 3), threats, exact=True)
    assert gamma_world.capture_grid_is_cached((1, 3), (1, 2, 3), threats, exact=True)
    assert not gamma_world.capture_grid_is_cached((2, 3), (1, 2, 3), threats, exact=True)
    assert len(gamma_world._SOLVES) == 1
    read = gamma_world.capture_grid((1, 3), (1, 2, 3), threats, exact=True)
    assert len(gamma_world._SOLVES) == 1 and read.p == alone.p
    # and in floats, within the bound of each
    floating = gamma_world.capture_grid((1, 3), (1, 2, 3), threats)
    assert all(abs(Fraction(floating.p[c]) - p) <= floating.error_bound
               for c, p in alone.p.items())


def test_a_grid_of_fewer_followers_or_threats_reuses_the_larger_solve(fresh_solves) -> None:
    big = gamma_world.capture_grid((2, 2), (1, 2, 3, 4), ("3D6",))
    small = gamma_world.capture_grid((2, 2), (2, 3), (4, "1D6"))
    assert len(gamma_world._SOLVES) == 1
    assert small.p[3, 4] == gamma_world.capture_grid((2, 2), (3,), (4,)).p[3, 4]
    assert big.followers == (1, 2, 3, 4) and small.threats == (4, "1D6")


@pytest.mark.parametrize(("spec", "followers", "threats", "message"), [
    ((1, 2), (), (1,), "followers must be counts from 1"),
    ((1, 2), (0, 1), (1,), "followers must be counts from 1"),
    ((1, 2), (True,), (1,), "followers must be counts from 1"),
    ((1, 2), (1,), (), "at least one Threat"),
    ((1, 2), (1,), ("3D",), "dice such as '3D6'"),
    ((1, 60), (6,), (1,), "too many states"),
    ((1, 0), (1,), (1,), "hits from 1 to 99"),
])
def test_capture_grid_refuses_bad_input(spec, followers, threats, message: str) -> None:
    with pytest.raises(BattleInputError, match=message):
        gamma_world.capture_grid(spec, followers, threats)


def test_a_stopped_solve_raises_and_keeps_nothing(fresh_solves: None) -> None:
    asked = []

    def stop() -> bool:  # asked once a step: stop at the fourth
        asked.append(1)
        return len(asked) >= 4

    with pytest.raises(gamma_world.SolveStopped):
        gamma_world.capture_grid((1, 5), stop=stop)
    assert len(asked) == 4 and gamma_world._SOLVES == {}
    assert not gamma_world.capture_grid_is_cached((1, 5))
    grid = gamma_world.capture_grid((1, 5), stop=lambda: False)
    assert gamma_world.capture_grid_is_cached((1, 5)) and grid.p[1, 1] > 0
