"""The tournament script's duplicate deals and paired interval (benchmarks/tournament.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tournament():
    spec = importlib.util.spec_from_file_location("tournament", ROOT / "benchmarks" /
                                                  "tournament.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_duplicate_deals_give_both_seat_orders_the_same_seeds():
    tournament = _tournament()
    plain = tournament.tasks(["rat_king"], 20, 7, [("heuristic", "coach")])
    same = tournament.tasks(["rat_king"], 20, 7, [("heuristic", "coach")], duplicate=True)
    seeds = {}
    for _, order, seed, count in same:
        seeds.setdefault(order, []).append((seed, count))
    first, second = seeds.values()
    assert first == second and sum(c for _, c in first) == 20
    plain_seeds = {}
    for _, order, seed, _count in plain:
        plain_seeds.setdefault(order, set()).add(seed)
    assert not set.intersection(*plain_seeds.values())  # independent deals otherwise


def test_the_paired_interval_is_the_normal_interval_of_the_deals_mean_share():
    """Worked by hand: shares of the four deals 1, 0, 1/2, 1; mean 5/8; sample variance
    (9/64 + 25/64 + 1/64 + 9/64) / 3 = 11/48; half width 1.96 * sqrt(11/48) / 2 = 0.4691."""
    mean, low, high = _tournament().paired([1, 0, 1, 1], [1, 0, 0, 1])
    assert mean == 0.625
    assert low == pytest.approx(0.625 - 0.46914, abs=1e-4) and high == 1.0
    mean, low, high = _tournament().paired([1, 0] * 50, [0, 1] * 50)  # every deal split
    assert (mean, low, high) == (0.5, 0.5, 0.5)


def test_a_later_start_plays_new_deals_that_extend_the_earlier_run():
    tournament = _tournament()
    pair = [("heuristic", "coach")]

    def deals(games, start):
        return {(order, seed, count) for _, order, seed, count in
                tournament.tasks(["adventurers"], games, 28, pair, True, start)}

    earlier, later, whole = deals(150, 0), deals(150, 150), deals(300, 0)
    assert not earlier & later and earlier | later == whole
    assert sum(c for order, _, c in later if order == ("heuristic", "coach")) == 150


def test_the_start_must_be_a_whole_chunk(capsys):
    with pytest.raises(SystemExit) as stop:
        _tournament().main(["--start", "15", "--game", "rifts"])
    assert stop.value.code == 2 and "--start must be a multiple of 10" in capsys.readouterr().err


def test_the_written_record_keeps_each_deals_result_by_seat_order():
    """Two deals of heuristic (seat 0) against coach, then coach (seat 0) against heuristic:
    the record says who won each deal in each seat, in deal order, with the run's settings."""
    results = {("adventurers", ("heuristic", "coach")): [[1, 0], [0, 1], 1200],
               ("adventurers", ("coach", "heuristic")): [[0, 0], [1, 1], 900]}
    written = _tournament().record(results, 28, 150, 2, True)
    assert {k: written[k] for k in ("seed", "start", "games", "duplicate")} == {
        "seed": 28, "start": 150, "games": 2, "duplicate": True}
    assert written["results"] == [
        {"game": "adventurers", "seat0": "heuristic", "seat1": "coach",
         "seat0_won": [1, 0], "seat1_won": [0, 1]},
        {"game": "adventurers", "seat0": "coach", "seat1": "heuristic",
         "seat0_won": [0, 0], "seat1_won": [1, 1]}]
