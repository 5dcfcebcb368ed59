"""The coach's targets (issue 28): how fast ``advise`` answers, how well its win chance is
calibrated, how long a whole game's review takes on a 2-worker LocalCluster, and what a bot's
departures from the heuristic bot's choices are worth.

    .venv/bin/python benchmarks/coach.py speed [--positions 40] [--game G ...]
    .venv/bin/python benchmarks/coach.py calibration [--least 2000] [--workers 2] [--game G ...]
    .venv/bin/python benchmarks/coach.py review [--workers 2] [--game G ...]
    .venv/bin/python benchmarks/coach.py gain [--games 40] [--rollouts 100] [--bot coach]
                                               [--workers 2] [--game G ...]

``speed``: positions drawn from 2-player heuristic-bot games (seed 2026 onward, one decision
with two or more choices in every few), ``advise`` at its default budget (1 s) on one core;
the median and 95th percentile of its wall time, and the choices and worlds per answer.

``calibration``: ``--least`` heuristic-bot games (root seed 2026: not the games the models
were fitted to, root seed 1), one position from each (a decision with two or more choices
drawn at random from its record), so no two positions share a game's outcome and the
binomial intervals hold. At it, the deciding seat's learned chance of winning
(:func:`learned_at`, the value ``advise`` gives a position) against whether that seat won
the game; in a game the coach plays on to the end (Adventurers) also the share
of worlds played to the end that it wins, in two halves of :data:`HALF`: positions ranked
into deciles by one half, the other half's mean as the prediction (ranking and predicting by
the same noisy share would pull the outer deciles' observed frequencies inwards). Per decile:
the mean prediction, the observed frequency, and the 95% interval of the frequency if the
predictions were right (:func:`deciles`); the Brier score (of the whole roll-out share)
against the Brier score of the seat's base rate (the win rate of its seat number in the same
games).

``review``: one 2-player heuristic game per game (seed 2026), ``review(game, 0)`` at its
default worlds on a new 2-worker LocalCluster; the wall time, the cluster's start included.

``gain``: ``--games`` 2-player heuristic-bot games (root seed 2026). At every decision of
Player 1 with two or more choices, a fresh ``--bot`` is asked too; where its choice differs
from the heuristic bot's, each choice is played out ``--rollouts`` times from the real
position (the real hidden cards, each play-out's chance the same for both choices) by the
heuristic bots, and the difference of Player 1's mean share of the win is the departure's
gain; the game itself goes on with the heuristic bot's choice. A real game's hidden cards
are what a seat could believe of them after that history, so the mean over games is the
gain as the seat would reckon it, without the worlds' guesswork: far less noisy than a
tournament, it says whether a bot's departures are improvements. It measures one departure
at a time, the rest of the game played by the heuristic bots, not a whole game of the bot.
Reported: departures per game, the mean gain of one, and the gain per game with its 95%
interval over the games.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from tqdm import tqdm

from explorer.coach import _play_on, advise, review
from explorer.coach.value import outcome, win_chance
from explorer.engine import new_game
from explorer.engine.knowledge import knowledge_for
from explorer.engine.worlds import World
from explorer.games import GAMES
from explorer.simulation import bot_seed, game_seed, spread

SEED = 2026
Z95 = 1.959963984540054
WORLDS = 4
"""Worlds a learned prediction is the mean of (as the coach bot's)."""
HALF = 16
"""Worlds played to the end in each half of a roll-out prediction."""


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


def learned_at(game, seat: int, rng: random.Random) -> float:
    """The learned win chance of ``seat`` at ``game`` as ``advise`` values a position: its
    mean over :data:`WORLDS` worlds dealt from the seat's view."""
    return sum(win_chance(World(game, seat, rng.getrandbits(63)), seat)
               for _ in range(WORLDS)) / WORLDS


def rolled_at(game, seat: int, rng: random.Random, count: int) -> float:
    """The share of ``count`` worlds played to the end by the heuristic bots that ``seat``
    wins (how ``advise`` values a choice in a game it plays on to its end)."""
    won = 0.0
    for _ in range(count):
        world = World(game, seat, rng.getrandbits(63))
        _play_on(world, seat, {}, rng, to_end=True)
        won += float(outcome(world, seat))
    return won / count


def prediction_of(game_id: str, index: int) -> tuple[float, float | None, float | None, float,
                                                      int]:
    """One position of one game: a decision with two or more choices drawn at random from the
    game's record, the deciding seat's learned chance there, in a game the coach plays on to
    its end the two halves of its roll-outs (else None), the seat's share of the win, and
    the seat."""
    game, bots, seed = _game(game_id, index)
    pick = random.Random(seed ^ 0xCA1)
    steps = []
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        if len(game.legal_actions()) > 1:
            steps.append((game.steps, game.current_player))
        game.step(bots[game.current_player].choose(game))
    step, seat = steps[pick.randrange(len(steps))]
    here = game.at(step)
    learned = learned_at(here, seat, pick)
    first = second = None
    if knowledge_for(game_id).coach_to_end:
        first, second = (rolled_at(here, seat, pick, HALF) for _ in range(2))
    return learned, first, second, float(outcome(game, seat)), seat


def deciles(rows: list[tuple[float, float, float]], draws: int | None) -> tuple[int, list[str]]:
    """Rows (ranked by, predicted, won) cut into deciles of the ranking: per decile the mean
    prediction, the observed share of wins and the 95% interval of that share if the
    predictions were right. The interval's variance is the sum of p(1 - p) over the
    positions; when the predictions are shares of ``draws`` roll-outs each, it is
    p(1 - p) * draws / (draws - 1) (unbiased for the true chance's) times 1 + 1 / draws (the
    roll-outs' own noise in the mean)."""
    rows = sorted(rows, key=lambda r: r[0])
    n = len(rows)
    inside, lines = 0, []
    for decile in range(10):
        part = rows[decile * n // 10:(decile + 1) * n // 10]
        mean = sum(p for _, p, _ in part) / len(part)
        seen = sum(w for *_, w in part) / len(part)
        spread = sum(p * (1 - p) for _, p, _ in part)
        if draws is not None:
            spread *= draws / (draws - 1) * (1 + 1 / draws)
        half = Z95 * math.sqrt(spread) / len(part)
        ok = mean - half <= seen <= mean + half
        inside += ok
        lines.append(f"| {decile + 1} | {len(part)} | {mean:.3f} | {seen:.3f} | "
                     f"{max(0, mean - half):.3f}-{min(1, mean + half):.3f} | "
                     f"{'yes' if ok else 'no'} |")
    return inside, lines


def calibration(games: list[str], least: int, workers: int | None) -> None:
    summary = []
    for game_id in games:
        found = spread(prediction_of, [(game_id, i) for i in range(least)], workers=workers,
                       desc=game_id, unit="game")
        n = len(found)
        base = {s: sum(r[3] for r in found if r[4] == s) /
                max(1, sum(1 for r in found if r[4] == s)) for s in (0, 1)}
        brier_base = sum((base[r[4]] - r[3]) ** 2 for r in found) / n
        kinds = [("learned win chance", [(r[0], r[0], r[3]) for r in found], None,
                  [r[0] for r in found])]
        if found[0][1] is not None:  # deciles by one half of the roll-outs, the other's mean
            kinds.append(("played to the end", [(r[1], r[2], r[3]) for r in found], HALF,
                          [(r[1] + r[2]) / 2 for r in found]))
        for kind, rows, draws, predicted in kinds:
            brier = sum((p - r[3]) ** 2 for p, r in zip(predicted, found, strict=True)) / n
            inside, lines = deciles(rows, draws)
            summary.append(f"| {game_id} ({kind}) | {n:,} | {brier:.4f} | {brier_base:.4f} | "
                           f"{inside} of 10 |")
            print(f"\n{game_id}, {kind}: {n} positions, one a game; Brier {brier:.4f} "
                  f"against the seat's base rate's {brier_base:.4f} (seat 1 won "
                  f"{base[0]:.1%}, seat 2 {base[1]:.1%}); {inside} of 10 deciles inside")
            print("| decile | positions | predicted | observed | 95% interval | inside |")
            print("|---:|---:|---:|---:|---|---|")
            print("\n".join(lines), flush=True)
    print("\n| game | positions | Brier | Brier of the seat's base rate | deciles inside |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print("\n".join(summary))


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


def _played_out(game, seat: int, run, number: int) -> float:
    """``seat``'s share of the win after ``run`` from the real position of ``game`` (its real
    hidden cards), played to the end by heuristic bots; play-out ``number`` sets its chance."""
    copy = game.at(game.steps)
    copy.rng = random.Random(7919 * number + 17)
    for action in run:
        if copy.is_over or copy.is_chance or copy.current_player != seat or \
                action not in copy.legal_actions():
            break
        copy.step(action)
    _play_on(copy, seat, {}, random.Random(number), to_end=True)
    return float(outcome(copy, seat))


def gain_of(game_id: str, index: int, kind: str, rollouts: int) -> tuple[int, int, float]:
    """One heuristic-bot game: Player 1's decisions with two or more choices, the bot's
    departures from the heuristic bot's choice, and the sum of their gains (module
    docstring)."""
    from explorer.engine.bots import make_bot

    game, bots, seed = _game(game_id, index)
    decisions = departures = 0
    total = 0.0
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        seat = game.current_player
        usual = bots[seat].choose(game)
        if seat == 0 and len(game.legal_actions()) > 1:
            decisions += 1
            bot = make_bot(game, kind, bot_seed(seed, game.steps))
            first = bot.choose(game)
            if first != usual:
                departures += 1
                run = (first, *getattr(bot, "_plan", ()))
                total += sum(_played_out(game, seat, run, n) -
                             _played_out(game, seat, (usual,), n)
                             for n in range(rollouts)) / rollouts
        game.step(usual)
    return decisions, departures, total


def gain(games: list[str], count: int, rollouts: int, kind: str, workers: int) -> None:
    from explorer.coach import t95

    print("| game | bot | games | decisions a game | departures a game | gain of one "
          "departure | gain a game | 95% interval |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for game_id in games:
        found = spread(gain_of, [(game_id, i, kind, rollouts) for i in range(count)],
                       workers=workers, desc=game_id, unit="game", chunk=1)
        per_game = [total for *_, total in found]
        mean = statistics.mean(per_game)
        half = t95(count - 1) * statistics.stdev(per_game) / math.sqrt(count)
        departed = sum(d for _, d, _ in found)
        one = sum(per_game) / departed if departed else 0.0
        print(f"| {game_id} | {kind} | {count} | {sum(d for d, _, _ in found) / count:.1f} | "
              f"{departed / count:.2f} | {one:+.4f} | {mean:+.4f} | "
              f"{mean - half:+.4f} to {mean + half:+.4f} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("speed", "calibration", "review", "gain"))
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game (repeatable; default: all five)")
    parser.add_argument("--positions", type=int, default=40,
                        help="speed: positions per game (default 40)")
    parser.add_argument("--least", type=int, default=2000,
                        help="calibration: games (one position each), per game (default 2000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--games", type=int, default=40,
                        help="gain: heuristic-bot games per game (default 40)")
    parser.add_argument("--rollouts", type=int, default=100,
                        help="gain: play-outs of each choice at a departure (default 100)")
    parser.add_argument("--bot", default="coach", choices=("search", "coach"),
                        help="gain: the bot whose departures are weighed (default coach)")
    args = parser.parse_args(argv)
    if min(args.games, args.rollouts, args.positions, args.least) < 2 or args.workers < 1:
        parser.error("--games, --rollouts, --positions and --least must be at least 2, "
                     "--workers at least 1")
    games = args.game or list(GAMES)
    start = time.perf_counter()
    if args.what == "speed":
        speed(games, args.positions)
    elif args.what == "calibration":
        calibration(games, args.least, args.workers)
    elif args.what == "gain":
        gain(games, args.games, args.rollouts, args.bot, args.workers)
    else:
        review_speed(games, args.workers)
    print(f"\n{time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
