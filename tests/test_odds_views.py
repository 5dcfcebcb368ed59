"""The odds dashboards (explorer.ui.odds) and their charts (explorer.ui.charts), headless.

The figures the views show must be the figures explorer.odds returns; the expected values are
computed here through explorer.odds (the odds functions have their own oracle tests), plus a
few known answers derived by hand in the comments.
"""

from __future__ import annotations

import asyncio
import functools
import re
import threading
from fractions import Fraction
from typing import Any

import polars as pl
import pytest

from explorer import cards
from explorer.odds import adventurers, gamma_world, rifts
from explorer.ui import charts as odds_charts
from explorer.ui import odds as odds_ui
from explorer.ui.odds import (
    AdventurersOdds,
    GammaWorldOdds,
    RiftsOdds,
    aid_card_label,
    aid_card_names,
    modifier_words,
    rolls_html,
)


def _exact(view: RiftsOdds, kind: str) -> str:
    """The exact fraction the rolls table shows for ``kind`` (as a browser would read it)."""
    match = re.search(rf'data-kind="{kind}" data-exact="([^"]+)".*?'
                      r'<td class="odds-exact">([^<]+)</td>', view.rolls.value)
    assert match, view.rolls.value
    assert match.group(1) == match.group(2)
    return match.group(2)


def _error(view) -> str:
    assert "explorer-message-error" in view.message.value, view.message.value
    return view.message.value


# ---- Rifts ---------------------------------------------------------------------------------

@pytest.fixture
def view() -> RiftsOdds:
    return RiftsOdds()


def test_rifts_view_shows_every_roll_of_the_default_party(view: RiftsOdds) -> None:
    party, location = ["Wilderness Scout", "Vagabond"], "Farms"
    # Farms is Wilderness: Wilderness Scout +2 +2, Vagabond Survival +1: 1D20+5 >= 16 is 10/20.
    assert _exact(view, "survival") == "1/2"
    for kind in ("survival", "escape", "supply", "heal", "encounter", "morale"):
        assert _exact(view, kind) == str(rifts.roll(kind, party, location).p), kind
    assert ("+4 Wilderness Scout: +2 for Wilderness at a Wilderness location, and +2 more for "
            "the Wilderness +2 on its card") in view.rolls.value
    assert 'data-kind="mission"' in view.rolls.value and 'data-kind="hit"' in view.rolls.value
    assert view.message.value == ""
    # only the first rows of the party show until more are filled
    assert [r.layout.display for r in view.rows][:4] == [None, None, None, "none"]


def test_rifts_location_and_situation_change_the_figures(view: RiftsOdds) -> None:
    party = ["Wilderness Scout", "Vagabond"]
    view.location.value = "Chi-Town"  # Urban: only Vagabond's Survival +1 -> 1D20+1: 6/20
    assert _exact(view, "survival") == "3/10" == str(rifts.roll("survival", party, "Chi-Town").p)
    view.modifier.value = -2
    assert _exact(view, "survival") == str(
        rifts.roll("survival", party, "Chi-Town", modifier=-2).p) == "1/5"
    assert "-2 other modifiers" in view.rolls.value
    view.supplied.value = True
    assert _exact(view, "supply") == str(
        rifts.roll("supply", party, "Chi-Town", modifier=-2, supplied_here_last_turn=True).p)
    view.morale_foe.value = "Wolfen"
    view.tokens.value = 2
    view.below_half.value = True
    view.show_fear.value = True
    assert _exact(view, "morale") == str(rifts.roll(
        "morale", party, "Chi-Town", modifier=-2, foe="Wolfen", tokens_destroyed=2,
        below_half=True, show_fear=True).p)
    assert "Show Fear" in view.rolls.value
    assert view.message.value == ""


def test_rifts_party_and_cards_change_the_figures(view: RiftsOdds) -> None:
    view.members[0].value = "City Rat"
    view.members[1].value = "Rogue Scholar"
    view.attached[0].value = ["Survivalist Bag"]
    view.location.value = "Chi-Town"
    party = [("City Rat", ["Survivalist Bag"]), "Rogue Scholar"]
    # Chi-Town is Urban: City Rat Urban +2, Survivalist Bag Survival +1, Rogue Scholar
    # Knowledge +1: 1D20+4 >= 16 is 9/20.
    assert _exact(view, "survival") == "9/20" == str(rifts.roll("survival", party,
                                                                "Chi-Town").p)
    assert view.odds["mission"] == rifts.roll("mission", party, "Chi-Town")
    assert view.target.options == (("(any Character)", ""), ("City Rat", "City Rat"),
                                   ("Rogue Scholar", "Rogue Scholar"))
    view.tough.value = True
    assert view.odds["hit"] == rifts.roll("hit", party, "Chi-Town", tough=True)
    view.members[2].value = "Dragon Hatchling"
    view.target.value = "Dragon Hatchling"  # Dragon Hatchling is Tough itself
    assert view.odds["hit"] == rifts.roll("hit", [*party, "Dragon Hatchling"], "Chi-Town",
                                          tough=True, target="Dragon Hatchling")
    assert [r.layout.display for r in view.rows][:5] == [None, None, None, None, "none"]


def test_rifts_table_charts_follow_the_rolls(view: RiftsOdds) -> None:
    mission = view.mission_chart.chart.to_dict()
    assert "1D20 +4" in mission["title"]  # Wilderness Scout +4 at Farms
    rows = next(iter(mission["datasets"].values()))
    assert rows[0]["outcome"] == "Find Nothing"
    assert {r["outcome"]: r["exact"] for r in rows}["Minor Adventure"] == "1/4"
    view.location.value = "Chi-Town"
    rows = next(iter(view.mission_chart.chart.to_dict()["datasets"].values()))
    assert {r["outcome"]: r["exact"] for r in rows}["Minor Adventure"] == "1/20"
    hazard = next(iter(view.hazard_chart.chart.to_dict()["datasets"].values()))
    # 1D20, plain: the 20 results grouped by what they do (data/rifts/hazard.toml)
    assert len(hazard) == 8 and sum(Fraction(r["exact"]) for r in hazard) == 1


@pytest.mark.parametrize("change, expected", [
    (lambda v: setattr(v.members[1], "value", "Wilderness Scout"), "in the party twice"),
    (lambda v: setattr(v.attached[0], "value", ["Befuddle"]), "cannot use Magic cards"),
    (lambda v: setattr(v.attached[3], "value", ["Survivalist Bag"]), "pick a Character"),
    (lambda v: (setattr(v.modifier, "max", 99), setattr(v.modifier, "value", 50)),
     "from -10 to 10"),
    (lambda v: (setattr(v.tokens, "min", -50), setattr(v.tokens, "value", -40)),
     "tokens destroyed"),
    (lambda v: (setattr(v.attached[1], "allowed_tags", ["Bogus"]),
                setattr(v.attached[1], "value", ["Bogus"])), "no Aid card named"),
])
def test_rifts_refuses_bad_values_and_changes_nothing(view: RiftsOdds, change,
                                                      expected: str) -> None:
    before = (view.rolls.value, dict(view.odds), view.mission_chart.chart.to_dict())
    controls = [(m.value, tuple(a.value)) for m, a in zip(view.members, view.attached,
                                                          strict=True)]
    change(view)
    assert expected in _error(view)
    assert (view.rolls.value, dict(view.odds), view.mission_chart.chart.to_dict()) == before
    assert [(m.value, tuple(a.value)) for m, a in zip(view.members, view.attached,
                                                      strict=True)] == controls
    assert (view.modifier.value, view.modifier.max, view.tokens.value) == (0, 10, 0)
    assert "Bogus" not in view.attached[1].allowed_tags
    view.location.value = "Chi-Town"  # a good change afterwards works and clears the message
    assert view.message.value == "" and _exact(view, "survival") == "3/10"


def test_rifts_refuses_a_party_over_the_base_force_limit(view: RiftsOdds) -> None:
    # Wilderness Scout 5 + Vagabond 3 + Mind Melter 12 + Dragon Hatchling 12 = 32 <= 40;
    # Cyber-Knight's 10 would make 42.
    view.members[2].value = "Mind Melter"
    view.members[3].value = "Dragon Hatchling"
    assert view.message.value == ""
    before = view.rolls.value
    view.members[4].value = "Cyber-Knight"
    assert "Base Force would be 42, over 40" in _error(view)
    assert view.members[4].value == "" and view.rolls.value == before


def test_rifts_aid_cards_name_a_shared_name_by_deck() -> None:
    names = aid_card_names()
    assert "Magic:Impervious" in names and "Psionic:Impervious" in names
    assert "Impervious" not in names and "Hover Cycle" in names
    assert len(names) == 60 + 38 + 38
    # the page writes a shared name with its deck in words, and reads it back
    assert aid_card_label("Magic:Impervious") == "Impervious (Magic)"
    assert aid_card_label("Hover Cycle") == "Hover Cycle"
    view = RiftsOdds()
    assert "Impervious (Psionic)" in view.attached[0].allowed_tags
    assert not any(":" in tag for tag in view.attached[0].allowed_tags)
    view.members[2].value = "Mystic"  # data/rifts/characters.toml: a Mage-class Character
    view.attached[2].value = ["Impervious (Magic)"]
    assert ("Mystic", ["Magic:Impervious"]) in view.party() and view.message.value == ""


def test_rifts_battle_shows_a_labelled_monte_carlo_estimate(view: RiftsOdds) -> None:
    view.battle_foe.value = "Goblinoids"
    view.battle_runs.value = 200
    view.battle_button.click()
    assert view.message.value == ""
    assert view.battle_progress.value == view.battle_progress.max
    result = view.battle_odds
    assert result is not None and result.extra["runs"] == 200
    assert sum(p for _, p in result.outcomes) == 1
    assert sum(result.extra["wounds"].values()) == 1
    text = view.battle_results.value
    assert "Monte Carlo estimate: 200 fights" in text and "95% interval" in text
    assert "extra[" not in text and "seed" not in text and "heuristic" not in text
    assert 'data-outcome="victory"' in text and "vs Goblinoids" in text
    low, high = result.extra["interval"]["victory"]
    assert low <= float(result.p) <= high
    assert f"{low:.1%} to {high:.1%}" in text
    bars = view.battle_charts.children[0].chart.to_dict()
    assert "Monte Carlo" in bars["title"]
    # the same call through explorer.odds directly gives the same estimate
    direct = rifts.battle(["Wilderness Scout", "Vagabond"], "Goblinoids", "Farms", runs=200,
                          seed=0)
    assert direct.outcomes == result.outcomes
    assert view.battle_progress.value == 200
    view.location.value = "Chi-Town"
    assert "press Simulate battle again" in view.battle_results.value


def test_rifts_battle_refuses_an_empty_party(view: RiftsOdds) -> None:
    view.members[1].value = ""
    view.members[0].value = ""
    assert view.message.value == ""  # an empty party still has odds (no modifiers)
    assert _exact(view, "survival") == "1/4"
    view.battle_button.click()
    assert "at least one Character" in _error(view)
    assert view.battle_odds is None


def test_rolls_html_gives_stable_selectors() -> None:
    party = ["Vagabond"]
    odds = {k: rifts.roll(k, party, "Farms") for k in rifts.KINDS}
    text = rolls_html(odds)
    # Vagabond: Survival +1 -> 1D20+1 >= 16: 6/20
    assert '<tr class="odds-roll" data-kind="survival" data-exact="3/10">' in text
    assert '<td class="odds-percent">30.0%</td>' in text
    # seed 000 line 311: "On a roll of 16+ you travel without incident"; line 312: "Otherwise
    # roll on the Hazard Table" -- every percent says what success and failure do
    assert ('<td class="odds-means">30.0%: the party travels without incident; otherwise roll '
            "on the Hazard Table</td>") in text
    assert "25.0%: the Character is fully Healed; otherwise its wounds stay" in text  # line 296


def test_modifier_words_split_a_rule_bonus_from_a_card_bonus() -> None:
    # roll_modifiers.toml line 6 (seed 000 line 314): +2 per Wilderness Character at a
    # Wilderness location; characters.toml line 22: Wilderness Scout has Wilderness +2
    assert modifier_words("+4 Wilderness Scout: Wilderness +2 at a Wilderness location") == (
        "+4 Wilderness Scout: +2 for Wilderness at a Wilderness location, and +2 more for the "
        "Wilderness +2 on its card")
    assert modifier_words("+1 Vagabond: Survival") == "+1 Vagabond: Survival"
    assert modifier_words("+2 Mystic: Heal +2") == "+2 Mystic: Heal +2"


# ---- Adventurers ------------------------------------------------------------------------------

def test_adventurers_view_shows_every_encounter_both_ways() -> None:
    view = AdventurersOdds()
    names = adventurers.encounters()
    assert view.table.value.count('class="adv-odds-row"') == len(names) == 33
    # Tiger: 3D6 vs 3D6, strictly higher: (1 - P(tie)) / 2 = (1 - 4332/46656) / 2
    tiger = adventurers.escape("Tiger").p
    assert tiger == (1 - Fraction(4332, 46656)) / 2
    assert f'data-case="without a weapon" data-exact="{tiger}"' in view.table.value
    # rows best chance first: the Force 4 Nemesis (3D6 against 4D6, seed 001 lines 64-66)
    # comes after the Force 3 Natives with Blowguns, though it is earlier in the deck
    # (data/adventurers/cards.toml lines 97 and 121)
    assert view.table.value.index('data-encounter="Natives with Blowguns"') < \
        view.table.value.index('data-encounter="Nemesis"')
    # teach_adventurers section 6 (seed 001 lines 71-72): a higher total discards the
    # Encounter; a tie or less leaves it in front of you
    assert "you discard the Encounter. Otherwise (a tie or less) the Encounter stays" in \
        view.summary.value
    data = next(iter(view.chart.chart.to_dict()["datasets"].values()))
    # one bar per group of encounters with the same odds, each case; every encounter counted
    assert sum(r["count"] for r in data if r["weapon"] == "without a weapon") == len(names)
    assert view.message.value == ""


def test_adventurers_controls_change_the_figures() -> None:
    view = AdventurersOdds()
    before = view.frame
    assert view.face.value == ""
    view.profession.value = "Trapper"  # +1D6 vs Animal encounters
    trapper = view.frame
    # the profession's face follows the dropdown (issue #11)
    assert 'data-card="Trapper"' in view.face.value and "Animal" in view.face.value
    tiger = trapper.filter((pl.col("encounter") == "Tiger")
                           & (pl.col("weapon") == "without a weapon")).row(0, named=True)
    assert tiger["exact"] == str(adventurers.escape("Tiger", profession="Trapper").p)
    assert tiger["dice"] == "4D6 vs 3D6"
    assert before.filter(pl.col("kind") != "Animal").equals(
        trapper.filter(pl.col("kind") != "Animal"))
    view.foe_weapon.value = True
    person = view.frame.filter((pl.col("encounter") == "Mystery Man")
                               & (pl.col("weapon") == "with a weapon")).row(0, named=True)
    assert person["exact"] == str(adventurers.escape("Mystery Man", profession="Trapper",
                                                     weapon=True, foe_weapon=True).p)
    view.weapon.value = "with"
    data = next(iter(view.chart.chart.to_dict()["datasets"].values()))
    assert {r["weapon"] for r in data} == {"with a weapon"}
    assert 'data-case="without a weapon"' not in view.table.value


def test_adventurers_refuses_bad_values() -> None:
    view = AdventurersOdds()
    view.profession.value = "Actor"
    before = (view.table.value, view.frame)
    # what a client sends: an index past the options; the kernel's guard drops it
    # (explorer.ui.guard; before it, the widget itself raised a TraitError)
    view.profession.set_state({"index": 99})
    view.weapon.set_state({"index": -5})
    assert view.table.value == before[0] and view.frame.equals(before[1])
    assert view.profession.value == "Actor"
    assert "Your last change was not taken" in view.message.value  # the viewer is told


# ---- Gamma World ------------------------------------------------------------------------------

def own_thread(test: Any) -> Any:
    """Run a test in a thread of its own, where no event loop runs: a browser test that ran
    earlier in this worker leaves Playwright's loop running in the main thread, and these
    tests need "no loop" (to compute at once) or a loop of their own (asyncio.run)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        failure: list[BaseException] = []

        def body() -> None:
            try:
                test(*args, **kwargs)
            except BaseException as error:  # re-raised in the test's own thread
                failure.append(error)

        thread = threading.Thread(target=body)
        thread.start()
        thread.join()
        if failure:
            raise failure[0]

    return run


@pytest.fixture
def fresh_heat_maps(monkeypatch: pytest.MonkeyPatch) -> None:
    """No heat map or solve kept from another test."""
    monkeypatch.setattr(odds_ui, "_CAPTURE_FRAMES", {})
    monkeypatch.setattr(gamma_world, "_SOLVES", {})


def _cell(frame: pl.DataFrame, followers: int, threat: str) -> float:
    return frame.filter((pl.col("followers") == followers)
                        & (pl.col("threat") == threat))["probability"][0]


@own_thread
def test_gamma_world_heat_map_is_attack_for_basic_followers(fresh_heat_maps: None) -> None:
    view = GammaWorldOdds()
    frame = view.frame
    assert frame.height == 6 * len(odds_charts.THREATS) and view.shown == (1, 2)
    exact = gamma_world.attack([(1, 2), (1, 2)], "3D6").p
    assert abs(_cell(frame, 2, "3D6") - float(exact)) < 1e-9
    # One basic follower (Force 1, 2 hits) vs Threat 1; each round both roll 1D6, a 1 is a
    # cut (a = 1/6) or a hit (b = 1/6); rounds with neither are left out (divide by 11/36).
    # After one hit: captured only on a cut with no hit, P1 = (5/36) / (11/36) = 5/11 (a cut
    # with a hit fells both: not captured). Unhurt: P0 = (a + (1-a) b P1) / (11/36)
    # = (6/36 + 25/396) * 36/11 = 91/121.
    assert gamma_world.attack([(1, 2)], 1).p == Fraction(91, 121)
    assert abs(_cell(frame, 1, "1") - 91 / 121) < 1e-12
    assert "Force 1 and 2 hits" in str(view.chart.chart.to_dict()["title"])
    # every cell is the dashboard's grid, whose bound the page states
    grid = gamma_world.capture_grid((1, 2), odds_charts.FOLLOWERS, odds_charts.THREATS)
    assert frame["probability"].to_list() == [grid.p[n, t] for n in odds_charts.FOLLOWERS
                                              for t in odds_charts.THREATS]
    assert view.error_bound == grid.error_bound < 1e-9
    assert f"within {grid.error_bound:.0e} of the exact chance" in view.summary.value
    # explorer/odds/gamma_world.py (seed 004, lines 44-64): the followers fight to the end
    assert "otherwise every one of them is lost" in view.summary.value
    assert view.computing.layout.display == "none" and view.drawn.layout.display is None


@own_thread
def test_gamma_world_controls_change_the_heat_map_and_cache_it(fresh_heat_maps: None) -> None:
    view = GammaWorldOdds()
    basic = view.frame
    view.hits.value = 3  # no event loop here: computed at once
    assert not view.frame.equals(basic) and view.shown == (1, 3)
    assert abs(_cell(view.frame, 3, "6") - float(gamma_world.attack([(1, 3)] * 3, 6).p)) < 1e-9
    assert set(odds_ui._CAPTURE_FRAMES) == {(1, 2), (1, 3)}
    view.hits.value = 5
    assert abs(_cell(view.frame, 6, "5D6")
               - gamma_world.attack([(1, 5)] * 6, "5D6").extra["float"]) < 1e-9
    view.basic.click()
    assert (view.force.value, view.hits.value) == (1, 2) and view.frame.equals(basic)
    assert view.message.value == ""


@own_thread
def test_gamma_world_refuses_bad_values_and_changes_nothing() -> None:
    view = GammaWorldOdds()
    before = (view.frame, view.chart.chart.to_dict())
    view.hits.max = 60
    view.hits.value = 60
    assert "hits per follower must be a whole number from 1 to 5" in _error(view)
    assert view.frame.equals(before[0]) and view.chart.chart.to_dict() == before[1]
    assert (view.hits.value, view.hits.max) == (2, 5)


async def _drawn(view: GammaWorldOdds, key: tuple[int, int]) -> None:
    """Let the kernel's loop run until ``key``'s heat map is on screen."""
    for _ in range(60_000):
        if view.shown == key:
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"heat map {key} never drawn; shown: {view.shown}")


@own_thread
def test_gamma_world_computes_off_the_loop_showing_computing_then_the_latest(
        fresh_heat_maps: None) -> None:
    async def scenario() -> None:
        view = GammaWorldOdds()  # in a running loop, as in a kernel: a worker thread solves
        drawn: list[tuple[int, int]] = []
        draw = view._draw
        view._draw = lambda key, *rest: (drawn.append(key), draw(key, *rest))[1]
        await _drawn(view, (1, 2))  # the first map is drawn at once
        old = view.chart.chart.to_dict()
        view.force.value = 4
        # the handler returned at once: the old map is replaced by the computing notice
        assert view.shown is None
        assert view.drawn.layout.display == "none" and view.computing.layout.display is None
        assert "gw-odds-computing" in view.computing._dom_classes
        assert "Force 4 and 2 hits" in view.computing.value
        view.force.value = 5  # supersedes the request for Force 4 before it is drawn
        assert "Force 5 and 2 hits" in view.computing.value
        await _drawn(view, (5, 2))
        assert drawn == [(5, 2)] and view.message.value == ""
        assert view.chart.chart.to_dict() != old
        assert view.computing.layout.display == "none" and view.drawn.layout.display is None
        assert view.frame["probability"].to_list() == [
            gamma_world.capture_grid((5, 2), odds_charts.FOLLOWERS, odds_charts.THREATS).p[n, t]
            for n in odds_charts.FOLLOWERS for t in odds_charts.THREATS]
        # the worker then solves ahead, every heat map of Force 5 first (one solve): once it
        # has, a change of hits is drawn in the handler itself
        for _ in range(60_000):
            if odds_ui._all_hits_kept(5):
                break
            await asyncio.sleep(0.001)
        view.hits.value = 5
        assert view.shown == (5, 5) and drawn == [(5, 2), (5, 5)]
        # a refused value is put back at once, and nothing is computed
        view.force.max = 60
        view.force.value = 60
        assert "Force per follower must be a whole number from 0 to 6" in _error(view)
        assert (view.force.value, view.force.max) == (5, 6) and view.shown == (5, 5)
        assert view.computing.layout.display == "none"

    asyncio.run(scenario())


@own_thread
def test_gamma_world_a_failed_solve_puts_the_controls_back(fresh_heat_maps: None,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("solver broke")

    async def scenario() -> None:
        view = GammaWorldOdds()
        shown = view.chart.chart.to_dict()
        monkeypatch.setattr(odds_ui, "capture_frame", broken)
        view.hits.value = 4
        assert view.shown is None
        await _drawn(view, (1, 2))
        assert "could not be computed" in _error(view)
        assert (view.force.value, view.hits.value) == (1, 2)
        assert view.chart.chart.to_dict() == shown and view.drawn.layout.display is None
        assert view.computing.layout.display == "none"

    asyncio.run(scenario())


def test_gamma_world_solving_ahead_gives_way_to_a_waiting_request(
        fresh_heat_maps: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # a request waits before the next Force: nothing more is solved
    monkeypatch.setattr(odds_ui, "_GW_QUEUED", [1])
    odds_ui._warm([2, 3])
    assert odds_ui._CAPTURE_FRAMES == {} and gamma_world._SOLVES == {}
    # a request comes in the middle of a solve: it is abandoned at its next step
    asked = []

    def waiting() -> bool:
        asked.append(1)
        return len(asked) > 3

    monkeypatch.setattr(odds_ui, "_gw_waiting", waiting)
    odds_ui._warm([2, 3])
    assert odds_ui._CAPTURE_FRAMES == {} and gamma_world._SOLVES == {}
    # nobody waits: every heat map of each Force, from one solve each
    monkeypatch.setattr(odds_ui, "_gw_waiting", lambda: False)
    odds_ui._warm([2, 3])
    assert set(odds_ui._CAPTURE_FRAMES) == {(f, h) for f in (2, 3) for h in range(1, 6)}
    assert len(gamma_world._SOLVES) == 2


@own_thread
def test_gamma_world_without_a_loop_or_told_so_computes_at_once(fresh_heat_maps: None) -> None:
    async def scenario() -> None:
        view = GammaWorldOdds(background=False)
        view.force.value = 2
        assert view.shown == (2, 2) and view.computing.layout.display == "none"

    asyncio.run(scenario())


# ---- chart functions ---------------------------------------------------------------------------

def test_outcome_chart_keeps_the_seed_order_and_exact_fractions() -> None:
    odds = rifts.roll("hit", [], None)
    spec = odds_charts.outcome_chart(odds, "Hit Result").to_dict()
    rows = next(iter(spec["datasets"].values()))
    # Hit Result Table, 1D10: 1, 2-3, 4-6, 7, 8, 9-10 -> 1, 2, 3, 1, 1, 2 faces of ten
    assert [r["exact"] for r in rows] == ["1/10", "1/5", "3/10", "1/10", "1/10", "1/5"]
    assert rows[0]["outcome"] == "Killed"
    assert spec["mark"]["type"] == "bar" and spec["title"] == "Hit Result"


def test_plain_table_odds_of_the_hazard_table() -> None:
    rows = cards.load("rifts", "hazard").to_dicts()
    odds = odds_charts.plain_table_odds("Hazard", 1, 20, "hazard", rows)
    assert odds.p is None and len(odds.outcomes) == 20
    assert all(p == Fraction(1, 20) for _, p in odds.outcomes)


def test_the_hazard_chart_groups_the_table_by_what_it_does() -> None:
    rows = cards.load("rifts", "hazard").to_dicts()
    odds = odds_charts.plain_table_odds("Hazard", 1, 20, "hazard", rows)
    frame = odds_charts.consequence_frame(odds, rows)
    # data/rifts/hazard.toml: Destroyed, Dissipate, Exhaustion, Left Behind, Out of Ammo and
    # Out of Fuel discard a card (6 of 20 faces); Hurt and Sick wound a Character (2 of 20)
    first = frame.row(0, named=True)
    assert first["consequence"] == "one of the party's cards is discarded"
    assert first["exact"] == "3/10" and len(first["results"].split(", ")) == 6
    wound = frame.filter(pl.col("consequence") == "a Character is wounded")
    assert wound["exact"].to_list() == ["1/10"] and wound["results"][0] == "Hurt, Sick"
    assert sum(Fraction(x) for x in frame["exact"]) == 1
    assert frame["probability"].to_list() == sorted(frame["probability"], reverse=True)
    assert len(set(frame["probability"])) > 1  # the bars differ
    assert not any("_" in c for c in frame["consequence"])
    view_chart = RiftsOdds().hazard_chart.chart.to_dict()
    assert "failed Survival roll" in str(view_chart["title"])


def test_battle_and_wounds_charts() -> None:
    odds = rifts.battle(["Cyber-Knight"], "Goblinoids", "Farms", runs=20)
    layered = odds_charts.battle_chart(odds).to_dict()
    assert len(layered["layer"]) == 2 and "Monte Carlo, 20 fights" in layered["title"]
    rows = next(iter(layered["datasets"].values()))
    assert [r["outcome"] for r in rows] == ["victory", "escaped", "wiped out"]
    assert all(r["low"] <= r["probability"] <= r["high"] for r in rows)
    wounds = odds_charts.wounds_chart(odds).to_dict()
    assert sum(r["probability"] for r in next(iter(wounds["datasets"].values()))) == (
        pytest.approx(1))


def test_escape_frame_and_chart() -> None:
    frame = odds_charts.escape_frame("Archaeologist")
    assert frame.height == 2 * 33
    pit = frame.filter(pl.col("encounter") == "Pit Trap")
    # a trap: no weapon counts, Archaeologist +1D6: 4D6 vs 3D6 both ways
    assert pit["dice"].to_list() == ["4D6 vs 3D6", "4D6 vs 3D6"]
    assert pit["exact"].n_unique() == 1
    spec = odds_charts.escape_chart(frame).to_dict()
    assert spec["layer"][0]["encoding"]["yOffset"]["field"] == "weapon"


def test_escape_chart_groups_encounters_with_the_same_odds_best_first() -> None:
    groups = odds_charts.escape_groups(odds_charts.escape_frame(None))
    # seed 001 (33 Encounters): Nemesis, Mata Hari and Villain are Force 4; the 3 traps
    # ignore weapons (line 69); the other 27 are Force 3 and a weapon adds 1D6
    labels = groups["group"].unique(maintain_order=True).to_list()
    assert labels == ["3D6 vs 3D6, with a weapon 4D6 vs 3D6: 27 encounters",
                      "3D6 vs 3D6, a weapon does not help: 3 encounters",
                      "3D6 vs 4D6, with a weapon 4D6 vs 4D6: 3 encounters"]
    force4 = groups.filter(pl.col("row") == 2)
    assert set(force4["encounters"][0].split(", ")) == {"Nemesis", "Mata Hari", "Villain"}
    first = groups.filter(pl.col("weapon") == "without a weapon")["probability"].to_list()
    assert first == sorted(first, reverse=True)
    assert groups.group_by("row").agg(pl.col("count").first())["count"].sum() == 33
    spec = odds_charts.escape_chart(odds_charts.escape_frame(None)).to_dict()
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["bar", "text"]


def test_capture_frame_and_heatmap() -> None:
    calls = []
    frame = odds_charts.capture_frame(1, 2, threats=("1D6", 2), followers=(1, 2),
                                      progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (4, 4) and frame.height == 4
    assert frame["threat"].to_list() == ["1D6", "2", "1D6", "2"]
    spec = odds_charts.capture_heatmap(frame).to_dict()
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["rect", "text"]
    assert spec["layer"][0]["encoding"]["x"]["sort"] == ["1D6", "2"]


def test_heat_map_labels_never_round_to_a_certainty() -> None:
    assert [odds_charts.cell_label(p) for p in (0, 0.0004, 0.0123, 0.42, 0.956, 0.9996, 1)] == [
        "0%", "<0.1%", "1.2%", "42%", "95.6%", ">99.9%", "100%"]
