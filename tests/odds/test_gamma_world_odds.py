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
    assert odds.outcomes == (("captured, 0 followers lost", Fraction(91, 121)),
                             ("not captured: the followers are wiped out", Fraction(30, 121)))


def oracle(followers: list[tuple[int, int]], threat: int, sweeps: int = 400) -> float:
    """Value iteration over every die face and every hit order: P(capture)."""

    @cache
    def rounds(force: int, threats: int) -> dict[tuple[int, int], float]:
        found: dict[tuple[int, int], float] = {}
        for faces in product(range(1, 7), repeat=force + threats):
            key = (faces[:force].count(1), faces[force:].count(1))
            found[key] = found.get(key, 0) + 6.0 ** -(force + threats)
        return found

    def land(hits: tuple[int, ...], count: int) -> dict[tuple[int, ...], float]:
        if count == 0 or not any(h > 0 for h in hits):
            return {hits: 1.0}
        living = [i for i, h in enumerate(hits) if h > 0]
        found: dict[tuple[int, ...], float] = {}
        for i in living:
            after = tuple(h - 1 if j == i else h for j, h in enumerate(hits))
            for end, p in land(after, count - 1).items():
                found[end] = found.get(end, 0) + p / len(living)
        return found

    forces = [f for f, _ in followers]
    value: dict[tuple[int, tuple[int, ...]], float] = {}

    def get(t: int, hits: tuple[int, ...]) -> float:
        if not any(h > 0 for h in hits):
            return 0.0
        if t <= 0:
            return 1.0
        return value.get((t, hits), 0.0)

    states = [(t, hits) for t in range(1, threat + 1)
              for hits in product(*[range(h + 1) for _, h in followers]) if any(hits)]
    for _ in range(sweeps):
        for t, hits in states:
            force = sum(f for f, h in zip(forces, hits, strict=True) if h > 0)
            total = 0.0
            for (cut, wounds), p in rounds(force, t).items():
                for after, q in land(hits, wounds).items():
                    total += p * q * get(t - cut, after)
            value[t, hits] = total
    return get(threat, tuple(h for _, h in followers))


@pytest.mark.parametrize(("followers", "threat"), [
    ([(1, 2)], 2),
    ([(2, 1)], 3),
    ([(1, 2), (1, 2)], 2),
    ([(2, 2), (1, 1)], 3),
])
def test_exact_odds_agree_with_an_independent_solver(followers: list, threat: int) -> None:
    odds = gamma_world.attack(followers, threat, exact=True)
    assert isinstance(odds.p, Fraction)
    assert abs(float(odds.p) - oracle(followers, threat)) < 1e-12


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


def test_armor_absorbs_before_the_steed_then_the_follower() -> None:
    # Sheath Armor: 3 Hits (seed 004 line 94); Podog: 2 Hits (line 115); a follower 1/2
    # (line 31). Layers in issue #5's order: armor, steed, follower (ruling gw-33).
    built = gamma_world.follower({"armor": "Sheath Armor", "steed": "Podog"})
    assert built.layers == ((3, 0), (2, 0), (2, 1)) and built.hits == 7
    # Brutorz gives +2 Force (line 116) only while it stands
    rider = gamma_world.follower({"steed": "Brutorz"})
    assert [rider.force_after(d) for d in range(5)] == [3, 3, 3, 1, 1]


def test_mutations_and_weapons_against_robots() -> None:
    # Electrical Generation +1, +4 vs Robots (line 160); Needler +2, no effect on Robots (l. 73)
    spec = {"mutations": ["Electrical Generation"], "weapons": ["Needler"]}
    assert gamma_world.follower(spec).layers == ((2, 4),)
    assert gamma_world.follower(spec, robots=True).layers == ((2, 5),)


def test_losses_are_counted() -> None:
    odds = gamma_world.attack([(1, 2), (1, 2)], 2)
    names = [o for o, _ in odds.outcomes]
    assert names == ["captured, 0 followers lost", "captured, 1 follower lost",
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
