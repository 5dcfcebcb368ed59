"""Worlds per second, this tree beside another (issue 45, item 3): how many of the coach's
worlds a core builds and plays on in a second, per game, with the release before the
checkpoints run beside this one in the same run.

    git worktree add /tmp/before 251f3ca
    .venv/bin/python benchmarks/world_rate.py --before /tmp/before [--games 3] [--worlds 40]

For each game, ``--games`` 2-player heuristic-bot games (seeds 2026 onward, the same games in
both trees: their rules play alike), and in each the deciding seat's decisions with two or
more choices at a quarter, half, three quarters and the end of the game. At each position a
fresh copy of the game (``game.at(step)``, as a page's or a review's position) meets
``--worlds`` worlds of the coach: built (``World(game, seat, seed)``: the hidden cards dealt
again) and played on after the first choice to the seat's next decision
(``explorer.coach._evaluate``). Reported per game and tree: worlds built a second, and worlds
built and played on a second (the median over the positions), each tree run in its own
process, the two in turn game by game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tqdm import tqdm

GAMES = ("rifts", "adventurers", "gamma_world", "rat_king", "riftforce")
SEED = 2026


def positions(game_id: str, count: int) -> list:
    """Copies of ``count`` heuristic-bot games at the deciding seat's decisions a quarter,
    half, three quarters of the way and at the end."""
    from explorer.engine import new_game
    from explorer.simulation import bot_seed, game_seed

    found = []
    for index in range(count):
        seed = game_seed(SEED, index)
        game = new_game(game_id, players=2, seed=seed)
        bots = [game.rules.heuristic_bot(bot_seed(seed, s)) for s in range(2)]
        steps = []
        while not game.is_over:
            if game.is_chance:
                game.step()
                continue
            if len(game.legal_actions()) > 1:
                steps.append(game.steps)
            game.step(bots[game.current_player].choose(game))
        for share in (0.25, 0.5, 0.75, 1.0):
            found.append((game, steps[min(len(steps) - 1, int(share * len(steps)))]))
    return found


def child(game_id: str, count: int, worlds: int) -> dict:
    """The rates in this process's tree (``--child``)."""
    import explorer.coach as coach
    from explorer.engine.worlds import World

    built, played, steps = [], [], []
    for game, step in positions(game_id, count):
        here = game.at(step)
        seat = here.current_player
        start = time.perf_counter()
        for number in range(worlds):
            World(here, seat, number)
        built.append(worlds / (time.perf_counter() - start))
        here = game.at(step)
        first = here.legal_actions()[0]
        start = time.perf_counter()
        for number in range(worlds):
            coach._evaluate(here, seat, (first,), number)
        played.append(worlds / (time.perf_counter() - start))
        steps.append(step)
    return {"built": statistics.median(built), "played": statistics.median(played),
            "steps": max(steps)}


def run(tree: Path, game_id: str, count: int, worlds: int) -> dict:
    """``child`` in ``tree``, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", game_id,
                           "--games", str(count), "--worlds", str(worlds)],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, help="the other tree (a worktree of the "
                        "release before)")
    parser.add_argument("--games", type=int, default=3, help="games per game (default 3)")
    parser.add_argument("--worlds", type=int, default=40,
                        help="worlds at each position (default 40)")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="a game (repeatable; default: all five)")
    parser.add_argument("--child", choices=GAMES, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1 or args.worlds < 1:
        parser.error("--games and --worlds must be at least 1")
    if args.child:
        print(json.dumps(child(args.child, args.games, args.worlds)))
        return 0
    if args.before is None or not (args.before / "explorer").is_dir():
        parser.error("--before must name a tree with the explorer package in it")
    here = Path(__file__).resolve().parents[1]
    print("| game | latest step | worlds built a second, before | after | built and played "
          "on a second, before | after |")
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in tqdm(args.game or GAMES, desc="games", unit="game"):
        before = run(args.before, game_id, args.games, args.worlds)
        after = run(here, game_id, args.games, args.worlds)
        print(f"| {game_id} | {after['steps']} | {before['built']:.0f} | {after['built']:.0f} "
              f"| {before['played']:.0f} | {after['played']:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
