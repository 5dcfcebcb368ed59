"""The coach's targets (issue 28): how fast ``advise`` answers, how well its win chance is
calibrated, how long a whole game's review takes on a 2-worker LocalCluster, and what a bot's
departures from the heuristic bot's choices are worth.

    .venv/bin/python benchmarks/coach.py speed [--positions 40] [--game G ...]
    .venv/bin/python benchmarks/coach.py calibration [--least 2000] [--workers 2] [--game G ...]
    .venv/bin/python benchmarks/coach.py review [--workers 2] [--game G ...]
    .venv/bin/python benchmarks/coach.py gain [--games 40] [--rollouts 100] [--bot coach]
                                               [--workers 2] [--game G ...]
    .venv/bin/python benchmarks/coach.py audit [--positions 40] [--worlds W] [--game G ...]
    .venv/bin/python benchmarks/coach.py flags [--least 100] [--rollouts 100] [--workers 2]
                                                [--first 0] [--save F] [--load F] [--fit]
                                                [--game G ...]
    .venv/bin/python benchmarks/coach.py agree [--positions 40] [--rollouts 100] [--learned]
                                                [--workers 2] [--game G ...]

``speed``: positions drawn from 2-player heuristic-bot games (seed 2026 onward, one decision
with two or more choices in every few), ``advise`` at its default budget on one core;
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

``audit`` (issue 45): the same positions as ``speed``. At each, ``advise`` at its default
(one core, the machine otherwise quiet), again with two busy processes spinning on both
cores, and at ten times the default's worlds and work. Reported per game: positions where the
two default answers are the same to the digit shown (every choice, label and win chance in
whole percent); where the best choice is the same as at ten times the budget (and where the
default's best is one the larger answer cannot tell from its best; where the larger
answer's best is among the choices the default cannot tell from its best, which a page names
beside it; and where the default cannot tell any choice apart, which a page says); the share
of choices
played on in both whose ten-times value lies inside the default's 95% interval; label flips
between best/good and mistake/blunder; the default's median, 95th percentile and largest
time, and the time under load.

``flags`` (issue 45): decisions of heuristic-bot games (root seed 2026, from game
``--first``) drawn at random until ``--least`` of them have a choice the default advice labels
a mistake or a blunder (the first such choice of each: one flag a position). Each flagged
choice and the best are played out ``--rollouts`` times from the real position (its real
hidden cards; play-out ``n``'s chance the same for both) by the heuristic bots to the end;
the measured loss is the difference of the seat's mean shares of the win. The loss claimed is
the one the advice shows: measured again in fresh worlds, to the end where the game allows
(``advise``'s ``confirm``), and shrunk by the game's ``GameKnowledge.flag_spread``. Every
choice the advice would flag with its losses not shrunk is kept (``--save``), so one run
reports the flags both ways. Reported: the mean loss the coach claimed and the mean
measured, with its 95% interval over the flags, per label, and the share of flags whose
measured loss is above 0. ``--fit``: the spread that makes the two means agree, fitted on
each half of the games and checked on the other half, then on all of them; ``--load``
reports on a saved run without drawing.

``agree`` (issue 45): ``--positions`` heuristic-bot games (root seed 2026), one decision with
two or more choices drawn at random from each game's record (the positions ``speed`` draws
lie early in their games, where a chance is near a half). At each, the default advice's best
choice is played out ``--rollouts`` times in worlds dealt from the seat's view (seeds the
coach never uses), every seat then played to the end by its heuristic bot: what the coach's
chance claims to be. Reported: the positions where the play-outs' share lies inside the
advice's 95% interval widened by the play-outs' own 99% interval, the mean distance between
the coach's chance and the share, and the advice's mean interval width. ``--learned``: the
same with the game's coach valuing worlds at the seat's next decision by the learned win
chance (``GameKnowledge.coach_to_end`` off), as Rifts, Gamma World and Rat-King did before.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
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


def played_to_the_end(game_id: str, index: int) -> tuple:
    """Heuristic-bot game ``index`` played to its end: the game, the (step, seat) of each of
    its decisions with two or more choices, and its seed."""
    game, bots, seed = _game(game_id, index)
    steps = []
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        if len(game.legal_actions()) > 1:
            steps.append((game.steps, game.current_player))
        game.step(bots[game.current_player].choose(game))
    return game, steps, seed


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


def sample_positions(game_id: str, count: int) -> list:
    """``count`` positions of :func:`positions_of`, at most an eighth of them from one game."""
    found: list = []
    index = 0
    while len(found) < count:
        found += positions_of(game_id, index, 6)[:max(1, count // 8)]
        index += 1
    return found[:count]


def speed(games: list[str], count: int) -> None:
    print("| game | positions | median s | 95th percentile s | max s | choices (median) "
          "| worlds (median) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game_id in games:
        found = sample_positions(game_id, count)
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
    game, steps, seed = played_to_the_end(game_id, index)
    pick = random.Random(seed ^ 0xCA1)
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


def _shown(advice) -> list[tuple[str, str, str]]:
    """An answer as a page shows it: each choice, its label and its win chance in whole
    percent."""
    return [(a.text, a.label, f"{100 * a.win:.0f}%") for a in advice]


def _busy(seconds: float) -> None:
    """Spin one core for ``seconds`` (a busy process of the loaded machine)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def audit(games: list[str], count: int, worlds: int | None = None) -> None:
    """The audit of the module docstring; ``worlds``: the budget audited instead of the
    default's worlds (its work the default's)."""
    import multiprocessing

    from explorer.coach import DEFAULT_WORK, DEFAULT_WORLDS, undecided

    worlds = worlds or DEFAULT_WORLDS

    print("| game | positions | same answer under load | best as at 10x | best within 10x's "
          "ties | 10x's best among the default's best or too close | default cannot tell "
          "the choices apart | 10x value inside 95% interval | "
          "best/good vs mistake/blunder flips | median s | 95th percentile s | max s | "
          "max s under load |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game_id in games:
        found = sample_positions(game_id, count)
        same = best_same = best_tied = inside = compared = flips = named = named_same = 0
        times, loaded = [], []
        for game in tqdm(found, desc=game_id, unit="position", leave=False):
            start = time.perf_counter()
            default = advise(game, worlds=worlds)
            times.append(time.perf_counter() - start)
            spinners = [multiprocessing.Process(target=_busy, args=(600.0,)) for _ in range(2)]
            for spinner in spinners:
                spinner.start()
            try:
                start = time.perf_counter()
                again = advise(game, worlds=worlds)
                loaded.append(time.perf_counter() - start)
            finally:
                for spinner in spinners:
                    spinner.terminate()
                    spinner.join()
            same += _shown(default) == _shown(again)
            larger = advise(game, worlds=10 * worlds, work=10 * DEFAULT_WORK)
            same_best = default[0].actions == larger[0].actions
            best_same += same_best
            ties = {a.actions for a in larger if a.label in ("best", "too close to call")}
            best_tied += default[0].actions in ties
            told = {a.actions for a in default if not a.screened and a.label in (
                "best", "too close to call")}  # the choices the default cannot tell apart
            named += larger[0].actions in told  # the larger answer's best is one of them
            named_same += undecided(default)
            by_run = {a.actions: a for a in larger}
            for item in default:
                other = by_run.get(item.actions)
                if item.screened or other is None or other.screened:
                    continue
                compared += 1
                inside += item.interval[0] - 1e-9 <= other.win <= item.interval[1] + 1e-9
                kinds = {item.label, other.label}
                flips += bool(kinds & {"best", "good"}) and bool(kinds & {"mistake",
                                                                          "blunder"})
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        n = len(found)
        print(f"| {game_id} | {n} | {same} of {n} | {best_same} of {n} | {best_tied} of {n} | "
              f"{named} of {n} | {named_same} of {n} | "
              f"{inside} of {compared} ({inside / max(1, compared):.0%}) | {flips} | "
              f"{statistics.median(times):.2f} | {p95:.2f} | {times[-1]:.2f} | "
              f"{max(loaded):.2f} |", flush=True)


def flag_of(game_id: str, index: int, rollouts: int) -> dict | None:
    """One heuristic-bot game, one decision drawn at random from its record: every choice the
    default advice, its flags' losses not shrunk (``GameKnowledge.flag_spread`` None), labels
    a mistake or a blunder there, each with the loss the coach measured and its 95% interval,
    and the loss measured by paired play-outs from the real position (module docstring);
    None when no choice there is so labelled. Shrunk, a loss can only lose its label, so these
    hold every flag of any spread (:func:`flags_at`)."""
    game, steps, seed = played_to_the_end(game_id, index)
    here = game.at(steps[random.Random(seed ^ 0xF1A6).randrange(len(steps))][0])
    seat = here.current_player
    knowledge = knowledge_for(game_id)
    shipped, knowledge.flag_spread = knowledge.flag_spread, None
    try:
        advice = advise(here)
    finally:
        knowledge.flag_spread = shipped
    flagged = [a for a in advice if a.label in ("mistake", "blunder")]
    if not flagged:
        return None
    best = [_played_out(here, seat, advice[0].actions, n) for n in range(rollouts)]
    candidates = [{"loss": a.loss, "low": a.loss_interval[0], "high": a.loss_interval[1],
                   "measured": statistics.mean(
                       b - _played_out(here, seat, a.actions, n) for n, b in enumerate(best))}
                  for a in flagged]
    return {"index": index, "candidates": candidates}


def flags_at(records: list[dict], spread: float | None) -> list[tuple[str, float, float]]:
    """The flags of ``records`` (:func:`flag_of`) with losses shrunk by ``spread``
    (:func:`explorer.coach._shrunk`): at each position the first choice still labelled a
    mistake or a blunder (the smallest loss, as the advice lists them), with its label, the
    loss claimed and the loss measured."""
    from explorer.coach import _label, _shrunk

    found = []
    for record in records:
        labelled = []
        for candidate in record["candidates"]:
            loss, interval = _shrunk(candidate["loss"], (candidate["low"], candidate["high"]),
                                     spread)
            label = _label(loss, interval)
            if label in ("mistake", "blunder"):
                labelled.append((label, loss, candidate["measured"]))
        if labelled:
            found.append(min(labelled, key=lambda row: row[1]))
    return found


def _flag_rows(game_id: str, found: list[tuple[str, float, float]], drawn: int,
               name: str) -> list[str]:
    from explorer.coach import t95

    rows = []
    for label in ("mistake", "blunder", "either"):
        chosen = [r for r in found if label in ("either", r[0])]
        if len(chosen) < 2:
            continue
        claimed = statistics.mean(r[1] for r in chosen)
        measured = [r[2] for r in chosen]
        mean = statistics.mean(measured)
        half = t95(len(chosen) - 1) * statistics.stdev(measured) / math.sqrt(len(chosen))
        above = sum(m > 0 for m in measured)
        rows.append(f"| {game_id} | {name} | {label} | {len(chosen)} | {drawn:,} | "
                    f"{claimed:.3f} | {mean:.3f} | {mean - half:.3f} to {mean + half:.3f} | "
                    f"{above} of {len(chosen)} |")
    return rows


SPREADS = (*(round(0.02 * n, 2) for n in range(1, 26)), 0.6, 0.8, 1.0)
"""The spreads ``flags --fit`` tries."""


def fit_spread(records: list[dict]) -> float | None:
    """The largest spread of :data:`SPREADS` (the least shrinking) whose flags over
    ``records`` claim on average no more than they lose played out; None where none does.
    (The nearest agreement alone can land on a spread so small that a handful of flags is
    left, agreeing by luck.)"""
    for guess in sorted(SPREADS, reverse=True):
        found = flags_at(records, guess)
        if len(found) >= 2 and \
                statistics.mean(r[1] for r in found) <= statistics.mean(r[2] for r in found):
            return guess
    return None


def flags(games: list[str], least: int, rollouts: int, workers: int, first: int,
          save: str | None, load: str | None, fit: bool) -> None:
    print("| game | spread | label | flags | positions drawn | mean loss claimed | "
          "mean loss measured | 95% interval | measured above 0 |")
    print("|---|---|---|---:|---:|---:|---:|---|---:|")
    kept: dict = json.loads(pathlib.Path(load).read_text()) if load else {}
    for game_id in games:
        shipped = knowledge_for(game_id).flag_spread
        records, drawn = (kept[game_id]["records"], kept[game_id]["drawn"]) \
            if game_id in kept else ([], 0)
        while not load and (wanted := least - len(flags_at(records, shipped))) > 0:
            batch = max(2 * wanted, 20)
            results = spread(flag_of, [(game_id, first + drawn + i, rollouts)
                                       for i in range(batch)],
                             workers=workers, desc=f"{game_id} positions", unit="position",
                             chunk=1)
            drawn += batch
            records += [r for r in results if r is not None]
        kept[game_id] = {"records": records, "drawn": drawn, "first": first,
                         "rollouts": rollouts}
        for row in _flag_rows(game_id, flags_at(records, None), drawn, "not shrunk"):
            print(row, flush=True)
        if shipped is not None:
            for row in _flag_rows(game_id, flags_at(records, shipped), drawn, f"{shipped}"):
                print(row, flush=True)
        if fit:
            halves = [[r for r in records if r["index"] % 2 == side] for side in (0, 1)]
            for side, other in ((0, 1), (1, 0)):
                chosen = fit_spread(halves[side])
                if chosen is None:
                    print(f"{game_id}: no spread fits the games of half {side}", flush=True)
                    continue
                for row in _flag_rows(game_id, flags_at(halves[other], chosen), drawn,
                                      f"{chosen}, fitted on the other half"):
                    print(row, flush=True)
            chosen = fit_spread(records)
            print(f"{game_id}: spread fitted on all {len(records)} positions with a flag: "
                  f"{chosen}", flush=True)
    if save:
        pathlib.Path(save).write_text(json.dumps(kept))


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


def agree_at(game_id: str, index: int, rollouts: int, learned: bool
             ) -> tuple[float, float, float, float]:
    """Heuristic-bot game ``index``, at one decision drawn at random from its record: the
    best choice's chance and interval width by the default advice (``learned``: valued at
    the next decision), the share of ``rollouts`` play-outs from the seat's view, and
    whether the share lies inside the interval widened by the play-outs' 99% one."""
    knowledge = knowledge_for(game_id)
    played, steps, seed = played_to_the_end(game_id, index)
    game = played.at(steps[random.Random(seed ^ 0xA6EE).randrange(len(steps))][0])
    seat = game.current_player
    if learned:
        knowledge.coach_to_end = False
    best = advise(game)[0]
    shares = [_world_share(game, seat, best.actions, 1_000_003 + n) for n in range(rollouts)]
    share = statistics.mean(shares)
    spread_ = max(statistics.pstdev(shares), 0.5 / math.sqrt(rollouts))
    half = 2.576 * spread_ / math.sqrt(rollouts)
    low, high = best.interval
    inside = low - half <= share <= high + half
    return best.win, high - low, share, float(inside)


def _world_share(game, seat: int, run, seed: int) -> float:
    """``seat``'s share of the win in a world of ``seed`` dealt from its view of ``game``,
    after ``run``, played to the end by heuristic bots."""
    world = World(game, seat, seed)
    for action in run:
        if world.is_over or world.is_chance or world.current_player != seat or \
                action not in world.legal_actions():
            break
        world.step(action)
    _play_on(world, seat, {}, random.Random(seed), to_end=True)
    return float(outcome(world, seat))


def agree(games: list[str], count: int, rollouts: int, learned: bool, workers: int) -> None:
    print("| game | valued | positions | play-outs inside the interval | mean distance | "
          "mean interval width |")
    print("|---|---|---:|---:|---:|---:|")
    for game_id in games:
        rows = spread(agree_at, [(game_id, i, rollouts, learned) for i in range(count)],
                      workers=workers, desc=game_id, unit="position", chunk=1)
        valued = "learned chance" if learned or not knowledge_for(game_id).coach_to_end \
            else "to the end"
        inside = sum(int(r[3]) for r in rows)
        distance = statistics.mean(abs(r[0] - r[2]) for r in rows)
        width = statistics.mean(r[1] for r in rows)
        print(f"| {game_id} | {valued} | {count} | {inside} of {count} | {distance:.3f} | "
              f"{width:.3f} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("speed", "calibration", "review", "gain", "audit",
                                         "flags", "agree"))
    parser.add_argument("--game", action="append", choices=list(GAMES),
                        help="a game (repeatable; default: all five)")
    parser.add_argument("--positions", type=int, default=40,
                        help="speed: positions per game (default 40)")
    parser.add_argument("--least", type=int, default=None,
                        help="calibration: games (one position each), per game (default "
                             "2000); flags: flags per game (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--worlds", type=int, default=None,
                        help="audit: the worlds audited (default: advise's default)")
    parser.add_argument("--games", type=int, default=40,
                        help="gain: heuristic-bot games per game (default 40)")
    parser.add_argument("--rollouts", type=int, default=100,
                        help="gain: play-outs of each choice at a departure (default 100)")
    parser.add_argument("--bot", default="coach", choices=("search", "coach"),
                        help="gain: the bot whose departures are weighed (default coach)")
    parser.add_argument("--learned", action="store_true",
                        help="agree: value worlds by the learned chance at the next decision")
    parser.add_argument("--first", type=int, default=0,
                        help="flags: the first heuristic-bot game drawn (default 0; another "
                             "to check a fit on games it was not fitted on)")
    parser.add_argument("--save", default=None,
                        help="flags: write every position with a flag to this JSON file")
    parser.add_argument("--load", default=None,
                        help="flags: report on the positions of a --save file, drawing none")
    parser.add_argument("--fit", action="store_true",
                        help="flags: fit GameKnowledge.flag_spread on the flags found (each "
                             "half of the games checked with the other half's fit)")
    args = parser.parse_args(argv)
    if args.first < 0:
        parser.error("--first must be 0 or more")
    if args.least is None:
        args.least = 100 if args.what == "flags" else 2000
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
    elif args.what == "audit":
        audit(games, args.positions, args.worlds)
    elif args.what == "flags":
        flags(games, args.least, args.rollouts, args.workers, args.first, args.save,
              args.load, args.fit)
    elif args.what == "agree":
        agree(games, args.positions, args.rollouts, args.learned, args.workers)
    else:
        review_speed(games, args.workers)
    print(f"\n{time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
