"""How long odds queries take (issue #5's targets: a single roll <= 1 ms warm; a Gamma World
battle of up to 3 followers as an exact Fraction, and of 6 followers against 5D6 from the
Markov chain, in <= 1 s; issue #11 item 8: every control of the Gamma World odds dashboard
answers within 1 s).

    .venv/bin/python benchmarks/odds_speed.py [--skip-before] [--repeat 3]

Prints three Markdown tables: single queries (the median of several runs for quick ones, one
run for battles, each computed from scratch: the chain's caches are per call); the Gamma
World heat maps, before (every cell its own chain, ``explorer.ui.charts.capture_frame``, as
the dashboard did until issue #11) and after (one solve per heat map,
``explorer.odds.gamma_world.capture_grid``) side by side in the same run, caches cleared
before each; and the dashboard's answer to each control, computed in its worker thread as in
a kernel, from a cold start. ``--skip-before`` leaves out the slow "before" column.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from typing import Any

from explorer.odds import adventurers, gamma_world, rifts
from explorer.ui import charts as odds_charts
from explorer.ui import odds as odds_ui


def timed(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def shown(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds:.2f} s"


def queries() -> None:
    party = ["Wilderness Scout", ("Rogue Scholar", ["Surveillance Equipment"]), "Vagabond"]
    rifts.roll("survival", party, "Farms")  # warm: card data loaded
    adventurers.escape("Tiger")
    cases: list[tuple[str, Callable[[], Any], int]] = [
        ("Rifts survival roll, 3 Characters (warm)",
         lambda: rifts.roll("survival", party, "Farms"), 1000),
        ("Rifts mission roll read on its table (warm)",
         lambda: rifts.roll("mission", party, "Farms"), 1000),
        ("Adventurers escape, Trapper with a weapon vs Tiger (warm)",
         lambda: adventurers.escape("Tiger", "Trapper", True), 1000),
        ("Gamma World: 3 basic followers vs 5D6, exact",
         lambda: gamma_world.attack([(1, 2)] * 3, "5D6"), 3),
        ("Gamma World: 3 followers (1,2) (3,4) (2,2) vs 3D6, exact",
         lambda: gamma_world.attack([(1, 2), (3, 4), (2, 2)], "3D6"), 3),
        ("Gamma World: 3 followers (1,2) (3,4) (2,2) vs 5D6, exact",
         lambda: gamma_world.attack([(1, 2), (3, 4), (2, 2)], "5D6"), 3),
        ("Gamma World: 6 basic followers vs 5D6, Markov chain (floats)",
         lambda: gamma_world.attack([(1, 2)] * 6, "5D6"), 3),
        ("Gamma World: 6 followers (Force 2, Hits 3) vs 5D6, Markov chain",
         lambda: gamma_world.attack([(2, 3)] * 6, "5D6"), 3),
        ("Gamma World: 6 mixed followers vs 5D6, Markov chain",
         lambda: gamma_world.attack([(1, 2), (1, 2), (1, 2), (2, 3), (2, 3), (3, 4)], "5D6"),
         1),
        ("Rifts battle, 2 Characters vs Wolfen, 2000 Monte Carlo fights",
         lambda: rifts.battle(["Cyber-Knight", "Mind Melter"], "Wolfen", "Farms"), 1),
    ]
    print("| query | time | result |")
    print("| --- | ---: | --- |")
    for name, call, repeat in cases:
        seconds, result = timed(call, repeat)
        if result.p is None:
            note = f"{len(result.outcomes)} outcomes"
        else:
            note = f"p = {result.extra.get('float', float(result.p)):.6g}"
        bound = result.extra.get("error_bound")
        if bound is not None and not result.extra.get("exact"):
            note += f", error bound {bound:.1e}"
        print(f"| {name} | {shown(seconds)} | {note} |")


def forget() -> None:
    """Clear every cache of the heat maps (the figures, the solves, the old per-cell one)."""
    odds_ui._gw_worker().submit(lambda: None).result()  # let any warm-up finish first
    odds_charts._CAPTURE.clear()
    odds_ui._CAPTURE_FRAMES.clear()
    gamma_world._SOLVES.clear()


def heat_maps(before: bool, repeat: int) -> None:
    """One heat map (6 follower counts x 15 Threats), cold, before and after."""
    print()
    print(f"| heat map, cold (6 x 15 cells) | before: a chain per cell | after: one solve "
          f"(median of {repeat}) | largest difference | error bound (after) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for force, hits in ((1, 2), (1, 3), (1, 5), (3, 5), (6, 5), (0, 5)):
        times = []
        for _ in range(repeat):
            forget()
            start = time.perf_counter()
            grid = gamma_world.capture_grid((force, hits), odds_charts.FOLLOWERS,
                                            odds_charts.THREATS)
            times.append(time.perf_counter() - start)
        old_time, difference = "-", "-"
        if before:
            forget()
            start = time.perf_counter()
            frame = odds_charts.capture_frame(force, hits)
            old_time = shown(time.perf_counter() - start)
            cells = zip(frame["followers"], frame["threat"], frame["probability"], strict=True)
            largest = max(abs(p - grid.p[n, _threat(t)]) for n, t, p in cells)
            difference = f"{largest:.1e}"
        print(f"| Force {force}, {hits} hits | {old_time} | {shown(statistics.median(times))} "
              f"| {difference} | {grid.error_bound:.1e} |")
    times = []
    for _ in range(repeat):
        forget()
        start = time.perf_counter()
        odds_ui.capture_frames(6)
        times.append(time.perf_counter() - start)
    print(f"| all five heat maps of Force 6 (hits 5 to 1), one solve | | "
          f"{shown(statistics.median(times))} | | |")


def _threat(text: str) -> int | str:
    return int(text) if text.isdigit() else text


async def dashboard(repeat: int) -> None:
    """Each control of the dashboard, as a viewer uses it: the time until the old heat map is
    replaced (by the "computing" notice, or the new map when it is kept), and until the new
    heat map is drawn; cold: every cache cleared just before the change."""
    forget()
    start = time.perf_counter()
    view = odds_ui.GammaWorldOdds(background=True)
    opened = time.perf_counter() - start

    async def go(key: tuple[int, int]) -> None:
        view._set(view.force, value=key[0])
        view._set(view.hits, value=key[1])
        view.refresh()
        while view.shown != key:
            await asyncio.sleep(0.001)

    async def change(act: Callable[[], None], before: tuple[int, int],
                     after: tuple[int, int], cold: bool,
                     ahead: bool = False) -> tuple[float, float]:
        await go(before)
        if cold:
            forget()
        else:
            odds_ui.capture_frames(after[0])
        if ahead:  # the worker busy solving ahead, from the Force shown, when the change comes
            view._solve_ahead(asyncio.get_running_loop())
            await asyncio.sleep(0.05)
        start = time.perf_counter()
        act()
        replaced = time.perf_counter() - start
        while view.shown != after:
            await asyncio.sleep(0.001)
        return replaced, time.perf_counter() - start

    def slider(control: Any, value: int) -> Callable[[], None]:
        return lambda: setattr(control, "value", value)

    print()
    print(f"| dashboard control (worker thread, as in a kernel; median of {repeat}, "
          "slowest) | old map replaced | new map drawn |")
    print("| --- | ---: | ---: |")
    print(f"| open the page: Force 1, 2 hits, computed at once | | {shown(opened)} |")
    scenarios = [
        ("Hits 2 to 5 at Force 1, cold", slider(view.hits, 5), (1, 2), (1, 5), True, False),
        ("Hits 5 to 3 at Force 1, solved ahead", slider(view.hits, 3), (1, 5), (1, 3), False,
         False),
        ("Force 1 to 6 at 5 hits, cold", slider(view.force, 6), (1, 5), (6, 5), True, False),
        ("Force 1 to 6 at 5 hits, cold, the worker busy solving ahead", slider(view.force, 6),
         (1, 5), (6, 5), True, True),
        ("Force 6 to 5 at 5 hits, cold", slider(view.force, 5), (6, 5), (5, 5), True, False),
        ("Force 2 to 3 at 4 hits, cold", slider(view.force, 3), (2, 4), (3, 4), True, False),
        ("Force 6 to 5 at 5 hits, solved ahead", slider(view.force, 5), (6, 5), (5, 5), False,
         False),
        ("Basic follower button from Force 6, 5 hits, cold", view.basic.click, (6, 5),
         (1, 2), True, False),
    ]
    for name, act, before, after, cold, ahead in scenarios:
        results = [await change(act, before, after, cold, ahead) for _ in range(repeat)]
        replaced = [r for r, _ in results]
        drawn = [d for _, d in results]
        print(f"| {name} | {shown(statistics.median(replaced))}, {shown(max(replaced))} "
              f"| {shown(statistics.median(drawn))}, {shown(max(drawn))} |")
    worst = (0.0, (0, 0))
    for hits in range(HITS[0], HITS[1] + 1):
        for force in range(FORCES[0], FORCES[1] + 1):
            before = (force - 1 if force else 1, hits)
            _, drawn = await change(slider(view.force, force), before, (force, hits), True)
            worst = max(worst, (drawn, (force, hits)))
    print(f"| slowest of every Force 0-6 x hits 1-5, each cold | | {shown(worst[0])} "
          f"(Force {worst[1][0]}, {worst[1][1]} hits) |")


FORCES, HITS = odds_ui.FORCE_RANGE, odds_ui.HITS_RANGE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-before", action="store_true",
                        help="leave out the heat maps' slow 'before' column")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each heat map and dashboard timing (median, slowest)")
    args = parser.parse_args()
    queries()
    heat_maps(before=not args.skip_before, repeat=args.repeat)
    asyncio.run(dashboard(args.repeat))


if __name__ == "__main__":
    main()
