"""Engine speed: random-bot games on one core, with the log kept and undo available.

    .venv/bin/python benchmarks/engine_speed.py [--game rifts] [--games 40] [--players 2]
                                                 [--profile]

Prints steps per second and whole games per second (median of the per-game rates and the
overall rate), and with ``--profile`` the functions where the time goes (cProfile, by own
time). Every step is a full ``Game.step`` through the public contract, exactly as a notebook
or a test drives it: the log is written, the inputs are recorded so undo and save work.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time

from tqdm import tqdm

import explorer
from explorer.engine.bots import RandomBot


def run(game_id: str, games: int, players: int, progress: bool = True) -> tuple[int, float,
                                                                                  list[float]]:
    """Play ``games`` seeded random-bot games; return total steps, seconds, per-game rates."""
    total_steps, total_time, rates = 0, 0.0, []
    for seed in tqdm(range(games), desc=f"{game_id} games", disable=not progress):
        game = explorer.new_game(game_id, players=players, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        start = time.perf_counter()
        steps = 0
        while not game.is_over:
            game.step(None if game.is_chance else bots[game.current_player].choose(game))
            steps += 1
        elapsed = time.perf_counter() - start
        total_steps += steps
        total_time += elapsed
        rates.append(steps / elapsed)
    return total_steps, total_time, rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rifts")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    run(args.game, 2, args.players, progress=False)  # warm the caches (data, dice)
    steps, seconds, rates = run(args.game, args.games, args.players)
    print("| game | players | games | steps | steps/s (overall) | steps/s (median game) "
          "| games/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {args.game} | {args.players} | {args.games} | {steps} | {steps / seconds:,.0f} "
          f"| {statistics.median(rates):,.0f} | {args.games / seconds:.2f} |")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, args.game, min(args.games, 10), args.players, False)
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("tottime")
        stats.print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
