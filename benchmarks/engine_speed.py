"""Engine speed: random-bot games on one core, with the log kept and undo available, side by
side with catanatron (a pure-Python Catan engine) when it is installed.

    .venv/bin/python benchmarks/engine_speed.py [--game rifts] [--games 40] [--players 2]
                                                 [--catanatron-games N] [--no-catanatron]
                                                 [--profile]

Prints steps per second and whole games per second (median of the per-game rates and the
overall rate), and with ``--profile`` the functions where the time goes (cProfile, by own
time). Every step is a full ``Game.step`` through the public contract, exactly as a notebook
or a test drives it: the log is written, the inputs are recorded so undo and save work.

catanatron (``pip install -e '.[bench]'``) plays random-player games in the same run, one of
its games after each of ours, so that the machine's noise falls on both alike; its steps are
its actions played (``Game.play_tick``: one player's action, validated against the playable
actions, a dice roll being part of the ROLL action), the same count as its ``state.actions``
log. The ratio is our overall steps/s over catanatron's.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time
from collections.abc import Callable, Iterator

from tqdm import tqdm

import explorer
from explorer.engine.bots import RandomBot

CATANATRON_MAX_PLAYERS = 4


def rifts_like_game(game_id: str, players: int, seed: int) -> tuple[int, int, float]:
    """One seeded random-bot game of ours: (steps, chance steps, seconds)."""
    game = explorer.new_game(game_id, players=players, seed=seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    start = time.perf_counter()
    steps = chance = 0
    while not game.is_over:
        if game.is_chance:
            game.step(None)
            chance += 1
        else:
            game.step(bots[game.current_player].choose(game))
        steps += 1
    return steps, chance, time.perf_counter() - start


def run(game_id: str, games: int, players: int, progress: bool = True) -> tuple[int, float,
                                                                                  list[float]]:
    """Play ``games`` seeded random-bot games; return total steps, seconds, per-game rates."""
    total_steps, total_time, rates = 0, 0.0, []
    for seed in tqdm(range(games), desc=f"{game_id} games", disable=not progress):
        steps, _, elapsed = rifts_like_game(game_id, players, seed)
        total_steps += steps
        total_time += elapsed
        rates.append(steps / elapsed)
    return total_steps, total_time, rates


def catanatron_game() -> Callable[[int, int], tuple[int, float]] | None:
    """A function playing one seeded random-player catanatron game, (actions, seconds); None
    when catanatron is not installed."""
    try:
        from catanatron import Color, RandomPlayer
        from catanatron import Game as CatanGame
        from catanatron.game import TURNS_LIMIT
    except ImportError:
        return None

    def play(players: int, seed: int) -> tuple[int, float]:
        colors = list(Color)[:min(players, CATANATRON_MAX_PLAYERS)]
        game = CatanGame([RandomPlayer(c) for c in colors], seed=seed + 1)  # seed 0: unseeded
        start = time.perf_counter()
        steps = 0
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            game.play_tick()  # exactly Game.play's loop, without its two whole-game copies
            steps += 1
        elapsed = time.perf_counter() - start
        assert steps == len(game.state.actions)
        return steps, elapsed

    return play


class Tally:
    """Steps and seconds of a series of games."""

    def __init__(self) -> None:
        self.steps = self.chance = 0
        self.seconds = 0.0
        self.rates: list[float] = []

    def add(self, steps: int, seconds: float, chance: int = 0) -> None:
        self.steps += steps
        self.chance += chance
        self.seconds += seconds
        self.rates.append(steps / seconds)

    def row(self, name: str, players: int) -> str:
        games = len(self.rates)
        return (f"| {name} | {players} | {games} | {self.steps} | "
                f"{self.steps / self.seconds:,.0f} | {statistics.median(self.rates):,.0f} | "
                f"{games / self.seconds:.2f} |")


def side_by_side(game_id: str, games: int, players: int, catan_games: int,
                 catan: Callable[[int, int], tuple[int, float]] | None,
                 progress: bool = True) -> tuple[Tally, Tally]:
    """Our games and catanatron's, alternating one game each (while both have games left)."""
    ours, theirs = Tally(), Tally()

    def order() -> Iterator[tuple[str, int]]:
        for i in range(max(games, catan_games if catan else 0)):
            if i < games:
                yield "ours", i
            if catan is not None and i < catan_games:
                yield "catanatron", i

    plan = list(order())
    for who, seed in tqdm(plan, desc="games", disable=not progress):
        if who == "ours":
            steps, chance, seconds = rifts_like_game(game_id, players, seed)
            ours.add(steps, seconds, chance)
        else:
            assert catan is not None
            theirs.add(*catan(players, seed))
    return ours, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rifts")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--catanatron-games", type=int, default=None,
                        help="catanatron games to play alongside (default: as many as --games)")
    parser.add_argument("--no-catanatron", action="store_true",
                        help="do not run catanatron even when it is installed")
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    catan_games = args.games if args.catanatron_games is None else args.catanatron_games
    if catan_games < 0:
        parser.error("--catanatron-games must be at least 0")
    catan = None if args.no_catanatron or catan_games == 0 else catanatron_game()
    run(args.game, 2, args.players, progress=False)  # warm the caches (data, dice)
    if catan is not None:
        catan(args.players, 0)  # warm catanatron's caches too
    ours, theirs = side_by_side(args.game, args.games, args.players, catan_games, catan)
    print("| game | players | games | steps | steps/s (overall) | steps/s (median game) "
          "| games/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(ours.row(args.game, args.players))
    if catan is not None:
        print(theirs.row("catanatron", min(args.players, CATANATRON_MAX_PLAYERS)))
    print()
    print(f"{args.game}: {ours.chance} of the {ours.steps} steps are chance steps (a roll, a "
          f"draw: {ours.chance / ours.steps:.0%}), the rest players' decisions.")
    if catan is not None:
        ratio = (ours.steps / ours.seconds) / (theirs.steps / theirs.seconds)
        median = statistics.median(ours.rates) / statistics.median(theirs.rates)
        print("catanatron: one step is one action played (Game.play_tick, validated; its dice "
              "rolls are inside its ROLL actions), games alternating with ours in this run.")
        print(f"ratio {args.game}/catanatron, steps/s: {ratio:.2f} overall, {median:.2f} "
              f"median game")
    elif not args.no_catanatron and catan_games:
        print("catanatron is not installed (pip install -e '.[bench]'): no side-by-side "
              "comparison.")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, args.game, min(args.games, 10), args.players, False)
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("tottime")
        stats.print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
