"""Riftforce: the best-action finder's time on positions from real games, and the heuristic
bot's strength against the random bot.

    .venv/bin/python benchmarks/riftforce.py [--games 200] [--positions 20]
    .venv/bin/python benchmarks/riftforce.py --heals 30 [--cap 60000]

- the finder (:func:`explorer.odds.riftforce.best_actions`) timed at every turn of
  ``--positions`` seeded games of heuristic against heuristic (the positions of a game played
  sensibly) and of random against random (boards that grow large): median, 90th percentile and
  worst, with the number of candidates;
- ``--games`` seeded games of the heuristic bot against the random bot, half with each seat
  order: the heuristic bot's win rate with its 95% Wilson interval.

``--heals N`` instead compares the finder's rules for a Light's heal side by side on the same
``N`` positions (``best_actions(heals=...)``): "most damaged" (before issue 25 item 13),
"every" (each damaged ally) and "relevant" (each ally a later Fire may hit, one for the rest;
the default). The positions are the turns of seeded random-bot games where the acting player
has a Light on the Rift and a damaged elemental (elsewhere the three rules search alike),
every ``--stride``-th of them. Each rule runs within the page's bound
(:data:`explorer.ui.advice.LIMIT` positions); past it, again within ``--cap`` to time the
whole search. The rules take turns going first at each position, so a loaded machine slows
them alike; ``--repeat k`` times each k times and keeps the fastest (on a busy machine one
search of the same positions took from 4.5 to 15.7 s). It also counts the positions where a
rule's results (each candidate's kind of action and gains) differ from "every"'s.

Prints Markdown tables. Speeds of random-bot games: ``benchmarks/engine_speed.py --game
riftforce``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator

from tqdm import tqdm

import explorer
from explorer.engine import Game
from explorer.engine.bots import make_bot
from explorer.errors import TooMuchWork
from explorer.odds.riftforce import HEALS, Candidate, best_actions
from explorer.odds.rifts import wilson
from explorer.ui.advice import LIMIT


def finder_times(kind: str, games: int) -> tuple[list[float], list[int]]:
    """Seconds and candidates of the finder at every turn of ``games`` games of ``kind``
    bots."""
    times, sizes = [], []
    for seed in tqdm(range(games), desc=f"finder, {kind} games"):
        game = explorer.new_game("riftforce", seed=seed)
        bots = [make_bot(game, kind, seed * 10 + s) for s in range(2)]
        while not game.is_over:
            if game.is_chance:
                game.step()
                continue
            if game.phase == "turn":
                start = time.perf_counter()
                found = best_actions(game)
                times.append(time.perf_counter() - start)
                sizes.append(len(found))
            game.step(bots[game.current_player].choose(game))
    return times, sizes


def heal_positions(count: int, stride: int) -> Iterator[Game]:
    """Every ``stride``-th turn of seeded random-bot games where the acting player has a Light
    on the Rift and a damaged elemental, ``count`` of them (the game is lent, not copied)."""
    seen = found = 0
    seed = 0
    while found < count:
        game = explorer.new_game("riftforce", seed=seed)
        bots = [make_bot(game, "random", seed * 10 + s) for s in range(2)]
        while not game.is_over and found < count:
            if game.is_chance:
                game.step()
                continue
            if game.phase == "turn":
                state = game.state
                mine = [e for location in state.board for e in location[state.active]]
                if (any(e.guild == "Light" for e in mine) and any(e.damage for e in mine)):
                    seen += 1
                    if seen % stride == 0:
                        found += 1
                        yield game
            game.step(bots[game.current_player].choose(game))
        seed += 1


def results(found: list[Candidate]) -> set[tuple[object, ...]]:
    """What the finder found, without which choices: each candidate's kind and gains."""
    return {(c.name, c.riftforce, c.opponent_riftforce, c.destroyed, c.damage, c.lost,
             c.controlled, c.draws) for c in found}


def timed(game: Game, heals: str, cap: int) -> tuple[float, bool, bool, list[Candidate] | None]:
    """The finder with rule ``heals``: (seconds, past the page's bound, past ``cap``, what it
    found or None past ``cap``); past the page's bound the search is run again within ``cap``.
    """
    start = time.perf_counter()
    try:
        found = best_actions(game, LIMIT, heals=heals)
        return time.perf_counter() - start, False, False, found
    except TooMuchWork:
        pass
    start = time.perf_counter()
    try:
        found = best_actions(game, cap, heals=heals)
    except TooMuchWork:
        return time.perf_counter() - start, True, True, None
    return time.perf_counter() - start, True, False, found


def compare_heals(count: int, stride: int, cap: int, repeat: int) -> None:
    """The heal rules side by side (the module docstring's ``--heals``)."""
    times: dict[str, list[float]] = {h: [] for h in HEALS}
    sizes: dict[str, list[int]] = {h: [] for h in HEALS}
    bound = dict.fromkeys(HEALS, 0)
    capped = dict.fromkeys(HEALS, 0)
    differ = dict.fromkeys(HEALS, 0)
    positions = heal_positions(count, stride)
    for n, game in enumerate(tqdm(positions, total=count, desc="heal rules")):
        order = HEALS[n % 3:] + HEALS[:n % 3]
        found: dict[str, list[Candidate] | None] = {}
        fastest: dict[str, float] = {}
        flags: dict[str, tuple[bool, bool]] = {}
        for _ in range(repeat):
            for heals in order:
                seconds, past, stopped, found[heals] = timed(game, heals, cap)
                fastest[heals] = min(seconds, fastest.get(heals, seconds))
                flags[heals] = past, stopped  # alike at each repeat: the search is exact
        for heals in HEALS:
            times[heals].append(fastest[heals])
            bound[heals] += flags[heals][0]
            capped[heals] += flags[heals][1]
            if found[heals] is not None:
                sizes[heals].append(len(found[heals]))
        every = found["every"]
        for heals in HEALS:
            mine = found[heals]
            differ[heals] += (every is not None and mine is not None
                              and results(mine) != results(every))
    print(f"| heal rule | positions | median | 95th percentile | worst | past {LIMIT:,} "
          f"(the page's bound) | past {cap:,} | candidates (median, most) | results unlike "
          "every's |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for heals in HEALS:
        ordered = sorted(times[heals])
        worst = f"{ordered[-1]:.2f} s"
        print(f"| {heals} | {len(ordered)} | {statistics.median(ordered) * 1000:.0f} ms | "
              f"{ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} ms | {worst} | "
              f"{bound[heals]} | {capped[heals]} | {statistics.median(sizes[heals]):.0f}, "
              f"{max(sizes[heals])} | {differ[heals]} |")


def win_rate(games: int) -> tuple[int, int]:
    """Heuristic against random: (heuristic wins, games), half the games in each seat order."""
    wins = 0
    for seed in tqdm(range(games), desc="heuristic v random"):
        game = explorer.new_game("riftforce", seed=seed)
        seat = seed % 2
        bots = {seat: make_bot(game, "heuristic", seed), 1 - seat: make_bot(game, "random", seed)}
        while not game.is_over:
            game.step(None if game.is_chance else bots[game.current_player].choose(game))
        wins += game.winners == [seat]
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--heals", type=int, default=0,
                        help="compare the heal rules on this many positions (only that)")
    parser.add_argument("--stride", type=int, default=3)
    parser.add_argument("--cap", type=int, default=60_000)
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --heals: time each rule this many times, keep the fastest")
    args = parser.parse_args()
    if (args.games < 1 or args.positions < 1 or args.heals < 0 or args.stride < 1
            or args.repeat < 1):
        parser.error("--games, --positions, --stride and --repeat must be at least 1, --heals "
                     "at least 0")
    if args.cap < LIMIT:
        parser.error(f"--cap must be at least the page's bound, {LIMIT}")
    if args.heals:
        compare_heals(args.heals, args.stride, args.cap, args.repeat)
        return
    print("| positions from | turns | median | 90th percentile | worst | candidates "
          "(median, most) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for kind in ("heuristic", "random"):
        times, sizes = finder_times(kind, args.positions)
        ordered = sorted(times)
        print(f"| {kind} v {kind} games | {len(times)} | {statistics.median(times) * 1000:.0f} ms"
              f" | {ordered[int(0.9 * (len(ordered) - 1))] * 1000:.0f} ms | {max(times):.2f} s"
              f" | {statistics.median(sizes):.0f}, {max(sizes)} |")
    wins, games = win_rate(args.games)
    low, high = wilson(wins, games)
    print()
    print("| heuristic v random | games | heuristic wins | win rate | 95% interval |")
    print("| --- | ---: | ---: | ---: | --- |")
    print(f"| both seat orders | {games} | {wins} | {wins / games:.1%} | {low:.1%} - {high:.1%} |")


if __name__ == "__main__":
    main()
