"""Riftforce: the best-action finder's time on positions from real games, and the heuristic
bot's strength against the random bot.

    .venv/bin/python benchmarks/riftforce.py [--games 200] [--positions 20]

- the finder (:func:`explorer.odds.riftforce.best_actions`) timed at every turn of
  ``--positions`` seeded games of heuristic against heuristic (the positions of a game played
  sensibly) and of random against random (boards that grow large): median, 90th percentile and
  worst, with the number of candidates;
- ``--games`` seeded games of the heuristic bot against the random bot, half with each seat
  order: the heuristic bot's win rate with its 95% Wilson interval.

Prints Markdown tables. Speeds of random-bot games: ``benchmarks/engine_speed.py --game
riftforce``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tqdm import tqdm

import explorer
from explorer.engine.bots import make_bot
from explorer.odds.riftforce import best_actions
from explorer.odds.rifts import wilson


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
    args = parser.parse_args()
    if args.games < 1 or args.positions < 1:
        parser.error("--games and --positions must be at least 1")
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
