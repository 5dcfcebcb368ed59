"""Odds at every position of real games (issue 25, item 1): ``explorer.odds.at`` (without a
seat and for every seat), ``odds.effects`` and ``odds.choices`` asked at every step of seeded
games of each of the five games, random bots and heuristic bots, on one core. Targets: an
answer (None where a choice has no odds) and never an exception; 1 s at the 95th percentile
and 3 s at most per position.

    .venv/bin/python benchmarks/odds_positions.py [--games 3] [--game G ...]
                                                  [--max-positions N] [--limit 30]

``--games`` games of each kind (random, heuristic) of each game, player counts cycling over
the game's counts; the time of a position is the four queries together (all seats' ``at``).
By default every position of every game is asked; ``--max-positions`` asks about that many
per game instead, at evenly spaced steps of each game (its end included). ``--limit`` stops
a query that runs longer (counted as an error, "over N s").

Prints a Markdown table: positions, p50, p95 and max seconds, errors, and the p50 and p95 of
the decisions where some choice has odds (the slow ones); then each error (first few) with
the game, seed, step and phase to replay it.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tqdm import tqdm

import explorer
from explorer import odds
from explorer.engine import Game
from explorer.engine.bots import make_bot
from explorer.engine.core import rules_for
from explorer.games import GAMES


class Overtime(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Overtime


def ask(game: Game) -> bool:
    """The four queries, as a page asks them; whether a choice has odds."""
    odds.at(game)
    for seat in range(game.players):
        odds.at(game, seat)
    odds.effects(game)
    return any(o is not None for _, o in odds.choices(game))


def positions(game_id: str, games: int, max_positions: int) -> Iterator[tuple[str, int, Game]]:
    """(bot kind, seed, game at a position) at every step of seeded games or, with
    ``max_positions``, at evenly spaced steps, about that many in all: each game is then played
    once to learn its length, then again (the same seeds, so the same game) stopping at every
    stride-th step."""
    counts = rules_for(game_id).player_counts({})
    each = max(1, max_positions // (2 * games))
    for index in range(games):
        for kind in ("random", "heuristic"):
            players = counts[index % len(counts)]
            seed = 1000 * index + (kind == "heuristic")
            stride = 1
            if max_positions:
                length = sum(1 for _ in _played(game_id, kind, players, seed))
                stride = max(1, -(-length // each))
            for step, game in enumerate(_played(game_id, kind, players, seed)):
                if step % stride == 0:
                    yield kind, seed, game


def _played(game_id: str, kind: str, players: int, seed: int) -> Iterator[Game]:
    """The game at each of its positions (before each step), played to its end."""
    game = explorer.new_game(game_id, players=players, seed=seed)
    bots = [make_bot(game, kind, seed * 10 + s) for s in range(players)]
    while not game.is_over:
        yield game
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    yield game


def probe(game_id: str, games: int, max_positions: int, limit: float) -> dict[str, Any]:
    times: list[float] = []
    rich: list[float] = []  # the decisions where some choice has odds
    errors: list[str] = []
    kinds: Counter[str] = Counter()
    bar = tqdm(positions(game_id, games, max_positions), desc=game_id, unit="position")
    for kind, seed, game in bar:
        step = game.steps
        signal.setitimer(signal.ITIMER_REAL, limit)
        start = time.perf_counter()
        has_odds = False
        try:
            has_odds = ask(game)
        except Overtime:
            errors.append(f"{game_id} {kind} seed {seed} players {game.players} step {step} "
                          f"{game.phase}: over {limit:g} s")
        except Exception as error:  # the probe records every failure
            where = traceback.extract_tb(error.__traceback__)[-1]
            errors.append(f"{game_id} {kind} seed {seed} players {game.players} step {step} "
                          f"{game.phase}: {type(error).__name__}: {error} "
                          f"({where.filename.split('explorer/')[-1]}:{where.lineno})")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        times.append(time.perf_counter() - start)
        if has_odds:
            rich.append(times[-1])
        kinds[kind] += 1
    return {"times": times, "rich": rich, "errors": errors, "kinds": kinds}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def shown(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games of each bot kind")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="only this game (repeatable)")
    parser.add_argument("--max-positions", type=int, default=0,
                        help="about this many positions per game, evenly spaced (0: all)")
    parser.add_argument("--limit", type=float, default=30.0,
                        help="seconds after which a query is stopped and counted an error")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    results = {g: probe(g, args.games, args.max_positions, args.limit)
               for g in (args.game or list(GAMES))}
    print("| game | positions (random + heuristic) | p50 | p95 | max | errors | decisions with "
          "odds | their p50 | their p95 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game_id, found in results.items():
        times, rich = found["times"], found["rich"] or [0.0]
        print(f"| {GAMES[game_id]} | {len(times)} ({found['kinds']['random']} + "
              f"{found['kinds']['heuristic']}) | {shown(statistics.median(times))} | "
              f"{shown(quantile(times, 0.95))} | {shown(max(times))} | "
              f"{len(found['errors'])} | {len(found['rich'])} | "
              f"{shown(statistics.median(rich))} | {shown(quantile(rich, 0.95))} |")
    for game_id, found in results.items():
        for line in found["errors"][:15]:
            print(line)
        if len(found["errors"]) > 15:
            print(f"... and {len(found['errors']) - 15} more errors in {game_id}")


if __name__ == "__main__":
    main()
