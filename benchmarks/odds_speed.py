"""How long odds queries take (issue #5's targets: a single roll <= 1 ms warm; a Gamma World
battle of up to 3 followers as an exact Fraction, and of 6 followers against 5D6 from the
Markov chain, in <= 1 s).

    .venv/bin/python benchmarks/odds_speed.py

Prints a Markdown table: the median of several runs for quick queries, one run for battles
(each battle is computed from scratch: the chain's caches are per call).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from explorer.odds import adventurers, gamma_world, rifts


def timed(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
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
        shown = f"{seconds * 1000:.3f} ms" if seconds < 0.1 else f"{seconds:.2f} s"
        if result.p is None:
            note = f"{len(result.outcomes)} outcomes"
        else:
            note = f"p = {result.extra.get('float', float(result.p)):.6g}"
        bound = result.extra.get("error_bound")
        if bound is not None and not result.extra.get("exact"):
            note += f", error bound {bound:.1e}"
        print(f"| {name} | {shown} | {note} |")


if __name__ == "__main__":
    main()
