"""The coach's targets (issue 28): how fast ``advise`` answers, how well its win chance is
calibrated, how long a whole game's review takes on a 2-worker LocalCluster.

    .venv/bin/python benchmarks/coach.py speed [--positions 40] [--game G ...]
    .venv/bin/python benchmarks/coach.py calibration [--least 2000] [--workers 2] [--game G ...]
    .venv/bin/python benchmarks/coach.py review [--workers 2] [--game G ...]

``speed``: positions drawn from 2-player heuristic-bot games (seed 2026 onward, one decision
with two or more choices in every few), ``advise`` at its default budget (1 s) on one core;
the median and 95th percentile of its wall time, and the choices and worlds per answer.

``calibration``: heuristic-bot games (root seed 2026: not the games the models were fitted to,
root seed 1), in batches of 100 until there are ``--least`` positions, played to the end; at
one decision in :data:`EVERY` the acting seat's predicted chance of winning (:func:`value_at`:
the value ``advise`` gives a position, in worlds dealt from the seat's view) against whether
that seat won the game. Per decile of the prediction: the
mean prediction, the observed frequency, and the 95% interval of the frequency if the
predictions were right (a normal interval with the predictions' own variance); the Brier
score against the Brier score of the seat's base rate (the win rate of its seat number in the
same games).

``review``: one 2-player heuristic game per game (seed 2026), ``review(game, 0)`` at its
default worlds on a new 2-worker LocalCluster; the wall time, the cluster's start included.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from tqdm import tqdm

from explorer.coach import advise, review
from explorer.coach.value import outcome, win_chance
from explorer.engine import new_game
from explorer.engine.knowledge import knowledge_for
from explorer.engine.worlds import World
from explorer.games import GAMES
from explorer.simulation import bot_seed, game_seed, spread

SEED = 2026
EVERY = 9
"""One decision in this many is a calibration position (positions of one game are alike)."""
Z95 = 1.959963984540054
ROLL_OUTS = 32
"""Worlds played to the end for one prediction in a game the coach plays on to its end."""


def _game(game_id: str, index: int):
    seed = game_seed(SEED, index)
    game = new_game(game_id, players=2, seed=seed)
    bots = [game.rules.heuristic_bot(bot_seed(seed, s)) for s in range(2)]
    return game, bots, seed


def positions_of(game_id: str, index: int, every: int) -> list:
    """Games at decisions with two or more choices, about one in ``every``."""
    game, bots, seed = _game(game_id, index)
    pick = random.Random(seed)
    found = []
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        if len(game.legal_actions()) > 1 and pick.randrange(every) == 0:
            found.append(game.at(game.steps))
        game.step(bots[game.current_player].choose(game))
    return found


def speed(games: list[str], count: int) -> None:
    print("| game | positions | median s | 95th percentile s | max s | choices (median) "
          "| worlds (median) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game_id in games:
        found = []
        index = 0
        while len(found) < count:
            found += positions_of(game_id, index, 6)[:max(1, count // 8)]
            index += 1
        found = found[:count]
        times, choices, worlds = [], [], []
        for game in tqdm(found, desc=game_id, unit="position", leave=False):
            start = time.perf_counter()
            advice = advise(game)
            times.append(time.perf_counter() - start)
            choices.append(len(advice))
            worlds.append(advice[0].worlds)
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        print(f"| {game_id} | {len(times)} | {statistics.median(times):.2f} | {p95:.2f} | "
              f"{times[-1]:.2f} | {statistics.median(choices):.0f} | "
              f"{statistics.median(worlds):.0f} |")


def value_at(game, seat: int, rng: random.Random) -> float:
    """The coach's chance of winning for ``seat`` at ``game``, as ``advise`` values what a
    choice leads to: the learned win chance in 4 worlds, or, in a game the coach plays on to
    its end, the share of :data:`ROLL_OUTS` worlds played to the end by the heuristic bots
    that the seat wins."""
    if not knowledge_for(game.game_id).coach_to_end:
        return sum(win_chance(World(game, seat, rng.getrandbits(63)), seat)
                   for _ in range(4)) / 4
    won = 0.0
    for _ in range(ROLL_OUTS):
        world = World(game, seat, rng.getrandbits(63))
        bots = [world.rules.heuristic_bot(rng.getrandbits(63)) for _ in range(world.players)]
        while not world.is_over:
            world.step(None if world.is_chance else bots[world.current_player].choose(world))
        won += float(outcome(world, seat))
    return won / ROLL_OUTS


def predictions_of(game_id: str, index: int) -> list[tuple[float, int, int]]:
    """(predicted chance, won, seat) at about one decision in :data:`EVERY` of one game."""
    game, bots, seed = _game(game_id, index)
    pick = random.Random(seed ^ 0xCA1)
    found = []
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        seat = game.current_player
        if pick.randrange(EVERY) == 0:
            found.append((value_at(game, seat, pick), seat))
        game.step(bots[seat].choose(game))
    winners = set(game.winners)
    return [(p, int(seat in winners), seat) for p, seat in found]


def calibration(games: list[str], least: int, workers: int | None) -> None:
    for game_id in games:
        rows: list[tuple[float, int, int]] = []
        count = 0
        while len(rows) < least:  # games in batches until there are enough positions
            batch = [(game_id, i) for i in range(count, count + 100)]
            rows += [r for found in spread(predictions_of, batch, workers=workers,
                                           desc=game_id, unit="game") for r in found]
            count += len(batch)
        rows.sort()
        n = len(rows)
        base = {s: sum(w for _, w, seat in rows if seat == s) /
                max(1, sum(1 for *_, seat in rows if seat == s)) for s in (0, 1)}
        brier = sum((p - w) ** 2 for p, w, _ in rows) / n
        brier_base = sum((base[s] - w) ** 2 for _, w, s in rows) / n
        inside = 0
        lines = []
        for decile in range(10):
            part = rows[decile * n // 10:(decile + 1) * n // 10]
            mean = sum(p for p, _, _ in part) / len(part)
            seen = sum(w for _, w, _ in part) / len(part)
            half = Z95 * math.sqrt(sum(p * (1 - p) for p, _, _ in part)) / len(part)
            ok = mean - half <= seen <= mean + half
            inside += ok
            lines.append(f"| {decile + 1} | {len(part)} | {mean:.3f} | {seen:.3f} | "
                         f"{max(0, mean - half):.3f}-{min(1, mean + half):.3f} | "
                         f"{'yes' if ok else 'no'} |")
        print(f"\n{game_id}: {n} positions of {count} games; Brier {brier:.4f} against the "
              f"seat's base rate's {brier_base:.4f} (seat 1 won {base[0]:.1%}, seat 2 "
              f"{base[1]:.1%}); {inside} of 10 deciles inside their interval")
        print("| decile | positions | predicted | observed | 95% interval | inside |")
        print("|---:|---:|---:|---:|---|---|")
        print("\n".join(lines))


def review_speed(games: list[str], workers: int) -> None:
    print("| game | steps | decisions reviewed | wall s (2-worker LocalCluster) |")
    print("|---|---:|---:|---:|")
    for game_id in games:
        game, bots, _ = _game(game_id, 0)
        while not game.is_over:
            game.step(None if game.is_chance else bots[game.current_player].choose(game))
        start = time.perf_counter()
        table = review(game, 0, workers=workers, progress=True)
        print(f"| {game_id} | {game.steps} | {table.height} | "
              f"{time.perf_counter() - start:.1f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("speed", "calibration", "review"))
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game (repeatable; default: all five)")
    parser.add_argument("--positions", type=int, default=40,
                        help="speed: positions per game (default 40)")
    parser.add_argument("--least", type=int, default=2000,
                        help="calibration: positions at least, per game (default 2000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    start = time.perf_counter()
    if args.what == "speed":
        speed(games, args.positions)
    elif args.what == "calibration":
        calibration(games, args.least, args.workers)
    else:
        review_speed(games, args.workers)
    print(f"\n{time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
