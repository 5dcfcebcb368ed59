"""The cost of a copy of a game (issue 45, item 3): ``game.at(game.steps)`` and
``World(game, seat, seed)``, by the replay from the start (old) and from the latest checkpoint
(new: :mod:`explorer.engine.checkpoints`), side by side in one run.

    .venv/bin/python benchmarks/copy_speed.py [--games 3] [--seed 1] [--repeat 3] [--game rifts ...]

Plays ``--games`` seeded 2-player games of heuristic bots of each game, then:

- at an early, a middle and a late step of each (10%, 50% and 90% of its steps), times
  ``game.at(step)`` (a review's copy) and a world of the seat to act in a copy at that step
  (moved on to the next decision: the coach makes worlds at a seat's own decision), old and
  new; each time is the best of ``--repeat`` (the garbage collector's pauses fall on some);
- the new copy at every step of every game (the target: 0.5 ms or less at any step), its
  median, 95th percentile and maximum, with the step of the maximum and how many steps it
  replays after its checkpoint;
- the first copy of a game that was only played (loaded from its save: it keeps no
  checkpoint yet), which replays the game once keeping its checkpoints, beside a copy by the
  replay alone (the best of ``--repeat``, each on a game loaded afresh).

Prints Markdown tables (milliseconds). (Not ``benchmarks/copy.py``: a script's folder comes
first on the import path, and a ``copy.py`` there would stand in for the standard library's.)
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

import explorer
from explorer.engine import Game, checkpoints
from explorer.engine.worlds import World

GAMES = ["rifts", "adventurers", "rat_king", "riftforce", "gamma_world"]
SHARES = {"early": 0.1, "middle": 0.5, "late": 0.9}
TARGET_MS = 0.5


def played(game_id: str, seed: int) -> Game:
    """A seeded 2-player game of heuristic bots to its end."""
    game = explorer.new_game(game_id, players=2, seed=seed)
    bots = [game.rules.heuristic_bot(seed * 7 + seat) for seat in range(2)]
    while not game.is_over:
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    return game


def first_copy(game: Game, repeat: int) -> tuple[float, float]:
    """The first copy at its last step of the game loaded afresh (keeping no checkpoint yet),
    and a copy by the replay alone (ms, best of ``repeat``, the two in turn)."""
    save = game.to_json()
    first, replay = [], []
    for _ in range(repeat):
        first.append(copy_ms(explorer.load_game(save)))
        with checkpoints.replaying():
            replay.append(copy_ms(explorer.load_game(save)))
    return min(first), min(replay)


def copy_ms(game: Game) -> float:
    """One copy of ``game`` at its last step (ms)."""
    return best_ms(lambda: game.at(game.steps), 1)


def best_ms(run: Callable[[], Any], repeat: int) -> float:
    """The best of ``repeat`` timings of ``run``, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def at_decision(game: Game, step: int) -> Game:
    """The game at ``step``, moved on past chance steps to a decision (where a world is made)."""
    copy = game.at(step)
    while copy.is_chance:
        copy.step()
    return copy


def timed_copies(game: Game, step: int, repeat: int) -> dict[str, float]:
    """A copy of the game at ``step`` and a world of a copy at ``step`` (moved on to a
    decision), old and new (ms); the game and the copy once copied already (so keeping
    checkpoints: the table after the sweep times a first copy)."""
    base = at_decision(game, step)
    if not base.is_over:  # the first world of a game replays it once, keeping checkpoints
        World(base, base.current_player, 7)
    times = {"at new": best_ms(lambda: game.at(step), repeat)}
    with checkpoints.replaying():
        times["at old"] = best_ms(lambda: game.at(step), repeat)
    if base.is_over:
        return times
    seat = base.current_player
    times["world new"] = best_ms(lambda: World(base, seat, 7), repeat)
    with checkpoints.replaying():
        times["world old"] = best_ms(lambda: World(base, seat, 7), repeat)
    return times


def sweep(game: Game) -> list[tuple[float, int, int]]:
    """The new copy at every step: (ms, step, steps replayed after its checkpoint)."""
    found = []
    for step in range(game.steps + 1):
        point = checkpoints.latest(game._checkpoints, step)
        found.append((best_ms(lambda s=step: game.at(s), 2), step,
                      step - (point.step if point else 0)))
    return found


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} / {max(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each game")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--repeat", type=int, default=3, help="timings per copy (best kept)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    args = parser.parse_args()
    names = args.game or GAMES
    rows, sweeps, plays = [], [], []
    bar = tqdm(total=len(names) * args.games, desc="games", unit="game")
    for game_id in names:
        for number in range(args.games):
            seed = args.seed + number
            game = played(game_id, seed)
            plays.append((game_id, game.steps, *first_copy(game, args.repeat)))
            for label, share in SHARES.items():
                step = round(share * game.steps)
                rows.append((game_id, label, step, timed_copies(game, step, args.repeat)))
            sweeps.append((game_id, game.steps, sweep(game)))
            bar.update()
    bar.close()
    print_tables(names, rows, sweeps, plays)


def print_tables(names: list[str], rows: list[Any], sweeps: list[Any], plays: list[Any]) -> None:
    print("\n### A copy at an early, a middle and a late step (ms, median / max over the games)\n")
    print("| game | where | steps | at: old | at: new | World: old | World: new |")
    print("|---|---|---|---|---|---|---|")
    for game_id in names:
        for label in SHARES:
            mine = [r for r in rows if r[0] == game_id and r[1] == label]
            steps = ", ".join(str(r[2]) for r in mine)
            cells = []
            for key in ("at old", "at new", "world old", "world new"):
                values = [r[3][key] for r in mine if key in r[3]]
                cells.append(cell(values) if values else "-")
            print(f"| {game_id} | {label} | {steps} | {' | '.join(cells)} |")
    print(f"\n### The new copy (`game.at(step)`) at every step (ms; target {TARGET_MS})\n")
    print("| game | games' steps | median | 95th percentile | max | at step (replayed "
          "after its checkpoint) | steps over the target |")
    print("|---|---|---|---|---|---|---|")
    for game_id in names:
        mine = [s for s in sweeps if s[0] == game_id]
        found = [entry for s in mine for entry in s[2]]
        times = sorted(entry[0] for entry in found)
        worst = max(found)
        over = sum(1 for entry in found if entry[0] > TARGET_MS)
        print(f"| {game_id} | {', '.join(str(s[1]) for s in mine)} | "
              f"{statistics.median(times):.3f} | {times[int(0.95 * (len(times) - 1))]:.3f} | "
              f"{worst[0]:.3f} | {worst[1]} ({worst[2]}) | {over} of {len(found)} |")
    print("\n### The first copy of a game only played, at its last step (ms, median / max over "
          "the games): it replays the game once, keeping its checkpoints\n")
    print("| game | steps | by replay (old) | first copy (new) |")
    print("|---|---|---|---|")
    for game_id in names:
        mine = [p for p in plays if p[0] == game_id]
        print(f"| {game_id} | {', '.join(str(p[1]) for p in mine)} | "
              f"{cell([p[3] for p in mine])} | {cell([p[2] for p in mine])} |")


if __name__ == "__main__":
    main()
