"""Lair of the Rat-King: the ADVENTURE odds' time on rounds from real games, and the heuristic
bot's strength against random bots.

    .venv/bin/python benchmarks/rat_king.py [--games 200] [--rounds-from 30]

- the ADVENTURE odds (:func:`explorer.odds.rat_king.adventure_odds`) and the round choices
  (:func:`explorer.odds.rat_king.round_choices`) timed at every ADVENTURE ROUND decision of
  ``--rounds-from`` seeded 4-player games between heuristic bots: median, 90th percentile and
  worst, and the largest round met (the most groups rolling, the most CHARACTERS taking part);
- ``--games`` seeded games each of 2, 3 and 4 players of one heuristic bot against random bots
  (the heuristic bot in seat ``seed % players``): its outright wins with a 95% Wilson interval
  (a shared win is not counted as won).

Prints Markdown tables. Speeds of random-bot games: ``benchmarks/engine_speed.py --game
rat_king``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tqdm import tqdm

import explorer
from explorer.engine import Decision
from explorer.engine.bots import make_bot
from explorer.games.rat_king.common import Ctx
from explorer.odds import rat_king as odds
from explorer.odds.rifts import wilson


def odds_times(games: int) -> tuple[list[float], list[float], tuple[int, int, float]]:
    """Seconds of adventure_odds and of round_choices at every round decision of ``games``
    4-player heuristic games, and the largest round: (groups rolling, characters, seconds)."""
    plain, choices, largest = [], [], (0, 0, 0.0)
    for seed in tqdm(range(games), desc="adventure odds"):
        game = explorer.new_game("rat_king", players=4, seed=seed)
        bots = [make_bot(game, "heuristic", seed * 10 + s) for s in range(4)]
        while not game.is_over:
            if game.is_chance:
                game.step()
                continue
            if game.phase == "adventure.round" and isinstance(game.pending, Decision):
                start = time.perf_counter()
                odds.adventure_odds(game)
                plain.append(time.perf_counter() - start)
                start = time.perf_counter()
                odds.round_choices(game)
                choices.append(time.perf_counter() - start)
                ctx = Ctx(game.state, game.state._data)
                groups = [ctx.participants(s) for s in range(4)]
                size = (sum(1 for g in groups if g), sum(len(g) for g in groups))
                if size > largest[:2]:
                    largest = (*size, plain[-1])
            game.step(bots[game.current_player].choose(game))
    return plain, choices, largest


def win_rate(players: int, games: int) -> tuple[int, int]:
    wins = 0
    for seed in tqdm(range(games), desc=f"heuristic v random, {players} players"):
        game = explorer.new_game("rat_king", players=players, seed=seed)
        seat = seed % players
        bots = {s: make_bot(game, "heuristic" if s == seat else "random", seed * 10 + s)
                for s in range(players)}
        while not game.is_over:
            game.step(None if game.is_chance else bots[game.current_player].choose(game))
        wins += game.winners == [seat]
    return wins, games


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds-from", type=int, default=30)
    args = parser.parse_args()
    if args.games < 1 or args.rounds_from < 1:
        parser.error("--games and --rounds-from must be at least 1")
    plain, choices, largest = odds_times(args.rounds_from)
    print("| query, at every ADVENTURE ROUND decision | decisions | median | 90th percentile "
          "| worst |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, times in (("adventure_odds", plain), ("round_choices", choices)):
        ordered = sorted(times)
        print(f"| {name} | {len(times)} | {ms(statistics.median(times))} | "
              f"{ms(ordered[int(0.9 * (len(ordered) - 1))])} | {ms(ordered[-1])} |")
    print(f"\nLargest round met: {largest[0]} groups rolling, {largest[1]} CHARACTERS taking "
          f"part: adventure_odds {ms(largest[2])}.\n")
    print("| heuristic v random | games | heuristic wins | win rate | 95% Wilson interval |")
    print("| --- | ---: | ---: | ---: | --- |")
    for players in (2, 3, 4):
        wins, games = win_rate(players, args.games)
        low, high = wilson(wins, games)
        print(f"| {players} players | {games} | {wins} | {wins / games:.1%} | "
              f"{low:.1%} - {high:.1%} |")


if __name__ == "__main__":
    main()
