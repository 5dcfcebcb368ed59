"""Balance reports: what many simulated games say about seats, starts, bots, lengths and
variants, and whether the engine's dice agree with the exact odds.

>>> from explorer import balance
>>> table = balance.load("rifts")                   # the shipped simulation table
>>> balance.win_rate_by_seat(balance.batch(table, "base"))
>>> balance.first_seat_advantage(table)

Every function here is widget-free and reads a simulation table as
:func:`explorer.simulation.simulate` returns it (one row per seat per game: ``seed``,
``players``, ``seat``, ``bot``, ``winner``, ``steps``, ``turns``, ``variant`` and the game's
start column), or the same table read back from Parquet. A table that lacks those columns, is
empty, or holds a game twice is refused with a :class:`BalanceError` naming what is wrong.

The statistics (the README's "Balance reports" section says the same):

- a win rate is wins / games for the seats in question, a shared win counting as a win for
  every winner, with its **Wilson score interval** (95%, z = 1.96):
  ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``; a rate over fewer than
  :data:`MIN_GAMES` games is flagged ``few`` ("too few games");
- the first-seat advantage is seat 1's win rate less the fair rate, the mean win rate of a
  seat in the same games (wins / seat-rows: exactly 1/players when every game has one
  winner), with seat 1's Wilson interval shifted by the same amount (the fair rate is taken as
  known: it is exact for one winner a game);
- a difference of two independent win rates (a variant on against off) has **Newcombe's
  hybrid score interval** (his method 10) from the two Wilson intervals ``(l1, u1)``,
  ``(l2, u2)``: ``d - sqrt((p1-l1)² + (u2-p2)²)`` to ``d + sqrt((u1-p1)² + (p2-l2)²)``;
- a difference of two mean game lengths is a **normal approximation** (Welch's standard error
  ``sqrt(s1²/n1 + s2²/n2)``, ±1.96 of it), fair for the hundreds of games these tables hold;
- the roll check compares each outcome's exact probability with its observed frequency: a
  Wilson 95% interval per cell for reading, and for the verdict an **exact two-sided binomial
  test per cell with a Bonferroni correction** over every cell of the table (family level
  :data:`FAMILY_ALPHA`): a cell disagrees when its p-value is below ``FAMILY_ALPHA / cells``.
  With hundreds of cells about 5% of the 95% intervals miss by chance; the corrected test
  fails a correct engine with probability at most 0.1%.

The shipped tables are ``data/simulations/<game>.parquet`` (every game: a ``base`` batch of
random bots; a ``bots`` batch of the heuristic bot against the random one, both seat orders;
a ``variant`` batch of one house rule; see :data:`PLAN`) and ``data/simulations/rolls.parquet``
(the roll counts of the three dice games), all made by ``python -m explorer.balance build``
(or ``make balance``), deterministic from fixed seeds.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import polars as pl

from explorer.catalog import GAMES
from explorer.errors import ExplorerError, command_status
from explorer.slots import FOLDER, SLOTS, WAIT_SECONDS, NoTurn, turn

MIN_GAMES = 30
"""A rate over fewer games than this is flagged "too few games"."""
FEW = "too few games"
"""The flag of a rate over fewer than :data:`MIN_GAMES` games."""
Z95 = 1.96
"""z of a two-sided 95% interval."""
FAMILY_ALPHA = 0.001
"""The roll check's family-wise error level (Bonferroni over every cell)."""
DICE_GAMES = ("rifts", "adventurers", "gamma_world")
"""The games whose chance steps include dice rolls (the roll check's games)."""
DICE_OUTCOMES = ("roll", "count")
"""Chance outcomes that are dice: a roll's natural total, or a count of dice showing a face."""
REQUIRED = ("seed", "players", "seat", "bot", "winner", "steps", "turns", "variant")
"""The columns every report needs."""
MEASURES = ("turns", "steps")
"""The two measures of a game's length."""


class BalanceError(ExplorerError, ValueError):
    """A table or an argument a report cannot use; the message says what is wrong."""


# ---- intervals -----------------------------------------------------------------------------

def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` in ``n`` (95% for z = 1.96); (0, 1) for no
    trials. The same as :func:`explorer.odds.rifts.wilson`."""
    from explorer.engine.odds import wilson as score

    if isinstance(successes, bool) or isinstance(n, bool) or not 0 <= successes <= n:
        raise BalanceError(f"successes must be a count from 0 to n = {n}; found {successes!r}")
    return score(successes, n, z)


def newcombe(s1: int, n1: int, s2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """The difference of two independent proportions ``s1/n1 - s2/n2`` with Newcombe's hybrid
    score interval (method 10, from the two Wilson intervals): (difference, low, high)."""
    if n1 < 1 or n2 < 1:
        raise BalanceError("a difference of rates needs games on both sides")
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), \
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def mean_difference(a: Sequence[float], b: Sequence[float], z: float = Z95
                    ) -> tuple[float, float, float]:
    """``mean(a) - mean(b)`` with a normal-approximation interval (Welch's standard error
    ``sqrt(var(a)/n_a + var(b)/n_b)``, sample variances): (difference, low, high)."""
    if len(a) < 2 or len(b) < 2:
        raise BalanceError("a difference of means needs at least 2 games on each side")
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(va / len(a) + vb / len(b))
    d = ma - mb
    return d, d - z * se, d + z * se


def _with_rate(frame: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """Add ``rate`` (wins / n), its Wilson interval ``low``/``high`` and ``few`` (n below
    :data:`MIN_GAMES`) to a frame with ``wins`` and ``n``."""
    n, w = pl.col("n").cast(pl.Float64), pl.col("wins").cast(pl.Float64)
    p = w / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)).sqrt() / (1 + z * z / n)
    return frame.with_columns(
        rate=p, low=(centre - half).clip(0.0, 1.0), high=(centre + half).clip(0.0, 1.0),
        few=pl.col("n") < MIN_GAMES)


# ---- the table ----------------------------------------------------------------------------

def check_table(table: object) -> pl.DataFrame:
    """``table`` if it is a simulation table a report can read; else a :class:`BalanceError`.

    It must be a non-empty polars DataFrame with the :data:`REQUIRED` columns, every game
    (the rows sharing ``seed``, ``players``, ``variant`` and ``batch`` when there is one) once:
    one row for each of its seats 0 .. players - 1."""
    if not isinstance(table, pl.DataFrame):
        raise BalanceError(f"a simulation table is a polars DataFrame; found "
                           f"{type(table).__name__}")
    missing = [c for c in REQUIRED if c not in table.columns]
    if missing:
        raise BalanceError(f"the table has no {', '.join(missing)} column"
                           f"{'s' if len(missing) > 1 else ''} (a simulation table has "
                           f"{', '.join(REQUIRED)})")
    if table.height == 0:
        raise BalanceError("the table is empty: no games to report on")
    if table["winner"].dtype != pl.Boolean:
        raise BalanceError(f"the winner column must be true or false; found "
                           f"{table['winner'].dtype}")
    if table.select(pl.any_horizontal(pl.col(REQUIRED).is_null()).any()).item():
        raise BalanceError("the table has empty cells in its required columns")
    counts = table.group_by(_game_key(table)).agg(
        rows=pl.len(), seats=pl.col("seat").n_unique(), low=pl.col("seat").min(),
        high=pl.col("seat").max())
    bad = counts.filter((pl.col("rows") != pl.col("players")) | (pl.col("seats") != pl.col("rows"))
                        | (pl.col("low") != 0) | (pl.col("high") != pl.col("players") - 1))
    if bad.height:
        seed = bad["seed"][0]
        raise BalanceError(f"game {seed} does not have one row per seat: the same game twice, "
                           "or seats missing")
    return table


def _game_key(table: pl.DataFrame) -> list[str]:
    key = ["seed", "players", "variant"]
    return [*key, "batch"] if "batch" in table.columns else key


def start_column(table: pl.DataFrame) -> str | None:
    """The table's start column (Rifts ``characters``, Adventurers ``profession``, Gamma World
    ``mutations``, Riftforce ``guilds``, Rat-King ``me_card``), or None."""
    from explorer.simulation import start_of

    known = {start.column for game in GAMES if (start := start_of(game)) is not None}
    return next((c for c in table.columns if c in known), None)


def games(table: pl.DataFrame) -> pl.DataFrame:
    """One row per game: its key (``seed``, ``players``, ``variant``, ``batch`` if any),
    ``lineup`` (the bots in seat order, "heuristic vs random"), ``steps``, ``turns`` and
    ``winners`` (the winning seats, 0-based)."""
    table = check_table(table)
    return (table.sort("seat").group_by(_game_key(table), maintain_order=True)
            .agg(lineup=pl.col("bot").str.join(" vs "), steps=pl.col("steps").first(),
                 turns=pl.col("turns").first(),
                 winners=pl.col("seat").filter(pl.col("winner"))))


def lineups(table: pl.DataFrame) -> list[str]:
    """The bot lineups of the table's games ("random vs random"), most games first."""
    counted = games(table)["lineup"].value_counts(sort=True)
    return counted["lineup"].to_list()


def describe(table: pl.DataFrame) -> str:
    """The table in a line: games, players, bots and variant."""
    found = games(table)
    players = sorted(found["players"].unique().to_list())
    parts = [f"{found.height:,} games", " or ".join(map(str, players)) + " players"]
    ups = lineups(table)
    parts.append(", ".join(ups[:4]) + (" ..." if len(ups) > 4 else ""))
    variants = [v for v in found["variant"].unique().sort().to_list() if v]
    parts.append(("variant " + "; ".join(variants)) if variants else "the rules as printed")
    return ", ".join(parts)


# ---- win rates -------------------------------------------------------------------------------

def win_rate_by_seat(table: pl.DataFrame) -> pl.DataFrame:
    """Each seat's win rate: ``players``, ``seat`` (0-based), ``n`` (games), ``wins``,
    ``rate``, ``low``/``high`` (Wilson 95%), ``few`` and ``fair`` (the mean seat's rate in
    those games: 1/players when each game has one winner)."""
    table = check_table(table)
    rates = _with_rate(table.group_by("players", "seat").agg(
        n=pl.len(), wins=pl.col("winner").sum()).sort("players", "seat"))
    return rates.join(_fair(table), on="players", how="left")


def _fair(table: pl.DataFrame) -> pl.DataFrame:
    return table.group_by("players").agg(fair=pl.col("winner").mean())


def first_seat_advantage(table: pl.DataFrame) -> pl.DataFrame:
    """Seat 1's (seat 0's) win rate against the fair rate, per player count: ``players``,
    ``n``, ``wins``, ``rate``, ``low``, ``high``, ``fair``, ``advantage`` (rate - fair) with
    ``advantage_low``/``advantage_high`` (the Wilson interval shifted by ``fair``), ``few`` and
    ``shared`` (the share of games won by more than one seat)."""
    table = check_table(table)
    seats = win_rate_by_seat(table).filter(pl.col("seat") == 0).drop("seat")
    shared = games(table).group_by("players").agg(
        shared=(pl.col("winners").list.len() > 1).mean())
    return seats.join(shared, on="players", how="left").with_columns(
        advantage=pl.col("rate") - pl.col("fair"),
        advantage_low=pl.col("low") - pl.col("fair"),
        advantage_high=pl.col("high") - pl.col("fair"))


def win_rate_by_start(table: pl.DataFrame, column: str | None = None) -> pl.DataFrame:
    """The win rate of each start value (a Character, profession, guild, ME card or mutation)
    over the seats that had it: ``value``, ``n`` (seat-games with it), ``wins``, ``rate``,
    ``low``, ``high``, ``few``; highest rate first. A list column (a party's Characters, the
    guilds) counts a seat once for each value in its list (once, however often it is there);
    a seat with no value counts as "(none)"."""
    table = check_table(table)
    column = column or start_column(table)
    if column is None or column not in table.columns:
        raise BalanceError(f"the table has no start column{f' {column!r}' if column else ''}")
    values = table.select(pl.col(column).alias("value"), "winner")
    if isinstance(values["value"].dtype, pl.List):
        values = values.with_columns(pl.col("value").list.unique()).explode("value")
    values = values.with_columns(pl.col("value").cast(pl.String).fill_null("(none)"))
    rates = values.group_by("value").agg(n=pl.len(), wins=pl.col("winner").sum())
    return _with_rate(rates).sort(["rate", "n", "value"], descending=[True, True, False])


# ---- game length ---------------------------------------------------------------------------

def _measure(measure: str) -> str:
    if measure not in MEASURES:
        raise BalanceError(f"a game's length is measured in {' or '.join(MEASURES)}; found "
                           f"{measure!r}")
    return measure


def length_distribution(table: pl.DataFrame, measure: str = "turns") -> pl.DataFrame:
    """How many games lasted each length: ``length`` (turns or steps), ``games``, ``share``
    (of the table's games); shortest first."""
    measure = _measure(measure)
    found = games(table)
    counted = found.group_by(measure).agg(games=pl.len()).sort(measure)
    return counted.rename({measure: "length"}).with_columns(
        share=pl.col("games") / found.height)


def length_summary(table: pl.DataFrame) -> pl.DataFrame:
    """Turns and steps a game, one row each: ``measure``, ``games``, ``mean``, ``sd``,
    ``min``, ``p10``, ``median``, ``p90``, ``max``."""
    found = games(table)
    rows = []
    for measure in MEASURES:
        values = found[measure].cast(pl.Float64)
        rows.append({"measure": measure, "games": found.height, "mean": values.mean(),
                     "sd": values.std() if found.height > 1 else None,
                     "min": values.min(), "p10": values.quantile(0.1, "nearest"),
                     "median": values.median(), "p90": values.quantile(0.9, "nearest"),
                     "max": values.max()})
    return pl.DataFrame(rows, schema={"measure": pl.String, "games": pl.Int64,
                                      **{k: pl.Float64 for k in ("mean", "sd", "min", "p10",
                                                                 "median", "p90", "max")}})


# ---- bots ------------------------------------------------------------------------------------

def mixed(table: pl.DataFrame) -> bool:
    """Whether some game of the table has different bots in its seats."""
    return any(len(set(up.split(" vs "))) > 1 for up in lineups(table))


def bot_vs_bot(table: pl.DataFrame) -> pl.DataFrame:
    """Each bot's win rate by seat in the games with mixed bots: ``lineup``, ``seat``
    (0-based), ``bot``, ``n``, ``wins``, ``rate``, ``low``, ``high``, ``few``; and one row per
    bot over every seat of those games (``lineup`` "every mixed game", ``seat`` null)."""
    table = check_table(table)
    found = games(table).select(*_game_key(table), "lineup")
    rows = table.join(found, on=_game_key(table)).filter(
        pl.col("lineup").str.split(" vs ").list.unique().list.len() > 1)
    if rows.height == 0:
        raise BalanceError("the table has no game with different bots in its seats")
    by_seat = rows.group_by("lineup", "seat", "bot").agg(n=pl.len(),
                                                         wins=pl.col("winner").sum())
    overall = rows.group_by("bot").agg(n=pl.len(), wins=pl.col("winner").sum()).with_columns(
        lineup=pl.lit("every mixed game"), seat=pl.lit(None, pl.Int8))
    both = pl.concat([by_seat.with_columns(pl.col("seat").cast(pl.Int8)),
                      overall.select(by_seat.columns)])
    return _with_rate(both).sort("lineup", "seat", "bot", nulls_last=True)


# ---- variants --------------------------------------------------------------------------------

def variant_effect(off: pl.DataFrame, on: pl.DataFrame) -> pl.DataFrame:
    """A variant ``on`` against the rules ``off``: one row per measure, each seat's win rate
    and the mean turns and steps a game: ``measure``, ``off``, ``on``, ``difference`` (on -
    off), ``low``/``high`` (95%), ``method`` (Newcombe's hybrid score interval for rates, a
    normal approximation for means), ``n_off``, ``n_on`` (games). Both tables must have one
    player count and the same lineups."""
    off, on = check_table(off), check_table(on)
    players = {*off["players"].unique().to_list(), *on["players"].unique().to_list()}
    if len(players) != 1:
        raise BalanceError("compare tables of one player count: found "
                           + ", ".join(map(str, sorted(players))))
    if sorted(lineups(off)) != sorted(lineups(on)):
        raise BalanceError("compare tables with the same bots: found "
                           f"{', '.join(lineups(off))} against {', '.join(lineups(on))}")
    rows = []
    seats_off, seats_on = win_rate_by_seat(off), win_rate_by_seat(on)
    for a, b in zip(seats_off.iter_rows(named=True), seats_on.iter_rows(named=True),
                    strict=True):
        d, low, high = newcombe(b["wins"], b["n"], a["wins"], a["n"])
        rows.append({"measure": f"seat {a['seat'] + 1} win rate", "off": a["rate"],
                     "on": b["rate"], "difference": d, "low": low, "high": high,
                     "method": "Newcombe hybrid score", "n_off": a["n"], "n_on": b["n"]})
    games_off, games_on = games(off), games(on)
    for measure in MEASURES:
        x, y = games_off[measure].to_list(), games_on[measure].to_list()
        d, low, high = mean_difference(y, x)
        rows.append({"measure": f"mean {measure}", "off": sum(x) / len(x),
                     "on": sum(y) / len(y), "difference": d, "low": low, "high": high,
                     "method": "normal approximation", "n_off": len(x), "n_on": len(y)})
    return pl.DataFrame(rows)


# ---- the roll check ----------------------------------------------------------------------------

@dataclass(frozen=True)
class RollKind:
    """A kind of roll: its readable ``name`` (no player's or card's words), its exact
    ``distribution`` (outcome, probability) in the odds' order, and for each of the chance's
    outcomes (in its order) the outcome of the distribution it counts as; ``index_of``: each of
    the chance's outcomes (:class:`~explorer.engine.Outcome`, as data) and its place in that
    order, to count a later roll of the same kind whatever the order of its outcomes."""

    name: str
    distribution: tuple[tuple[str, Fraction], ...]
    counts_as: tuple[str, ...]
    index_of: Mapping[Any, int]

    @property
    def key(self) -> str:
        """The distribution as text ("success 1/2; failure 1/2"), part of the kind's key."""
        return "; ".join(f"{o} {p}" for o, p in self.distribution)


_WORDS = re.compile(r" (?:for|against|with|of|via) .*$|\s*\(.*$")


def plain_name(name: str) -> str:
    """A roll's name without the words that name a player, a Character, a card or a Foe:
    "Escape roll with Bullwhip against 12" -> "Escape roll", "Crazy Force for Vagabond
    (1D10-4)" -> "Crazy Force", "Battle roll, Player 1's followers: 16D6, counting 1s" ->
    "Battle roll: 16D6, counting 1s"."""
    head, sep, tail = name.partition(":")
    if "," in head and sep:  # "Battle roll, Player 1's followers: 16D6 ..."
        return f"{head.split(',')[0].strip()}:{tail}"
    return (_WORDS.sub("", head).strip() or head.strip()) + (sep + tail if sep else "")


def roll_kind(game: Any) -> RollKind | None:
    """The kind of the dice roll ``game`` is about to make; None when its pending step is not
    a dice roll (a decision, a card drawn, a random pick).

    A :class:`~explorer.engine.dice.Roll` gives its exact odds through
    :func:`explorer.odds.at` (success or failure against its target, the rows of its table,
    or its totals); each natural total counts as the outcome its total reads (for a table,
    :func:`explorer.odds.effects` says which row). Other dice (a count of dice showing a face)
    are read from the chance's own outcomes and weights. The weights of the outcomes counting
    as each outcome must add up to its exact probability (:class:`BalanceError` otherwise)."""
    from explorer import odds
    from explorer.engine import Chance
    from explorer.engine.dice import Roll

    pending = game.pending
    if not isinstance(pending, Chance):
        return None
    spec = pending.odds
    index_of = {o: i for i, o in enumerate(pending.outcomes)}
    if isinstance(spec, Roll):
        name = dataclasses.replace(spec, name=plain_name(spec.name)).label()
        exact = odds.at(game)
        modifier = spec.modifier
        if spec.target is not None:
            counts_as = tuple("success" if o.value + modifier >= spec.target else "failure"
                              for o in pending.outcomes)
        elif spec.table:
            counts_as = tuple(e.split(": ", 1)[1] if ": " in e else str(o.value + modifier)
                              for e, o in zip(odds.effects(game), pending.outcomes,
                                              strict=True))
        else:
            counts_as = tuple(str(o.value + modifier) for o in pending.outcomes)
        merged: dict[str, Fraction] = {}
        for outcome, p in exact.outcomes:
            merged[outcome] = merged.get(outcome, Fraction(0)) + p
        distribution = tuple(merged.items())
    elif pending.outcomes[0].name in DICE_OUTCOMES:
        name = plain_name(pending.label)
        counts_as = tuple(str(o) for o in pending.outcomes)
        distribution = tuple((str(o), p) for o, p in pending.probabilities())
    else:
        return None
    whole = sum(pending.weights)
    found: dict[str, Fraction] = {}
    for outcome, weight in zip(counts_as, pending.weights, strict=True):
        found[outcome] = found.get(outcome, Fraction(0)) + Fraction(weight, whole)
    if any(found.get(o, Fraction(0)) != p for o, p in distribution) or set(found) - {
            o for o, _ in distribution}:
        raise BalanceError(f"{pending.label}: the exact odds do not match the roll's own "
                           f"outcomes ({found} against {dict(distribution)})")
    return RollKind(name, distribution, counts_as, index_of)


def _sampled(game: Any, rolled: Any, kind: RollKind) -> int:
    """The place in ``kind``'s order of the outcome the game's last step took on the chance
    ``rolled``, from the game's own record of its steps (:meth:`Game.outcome_index`)."""
    outcome = rolled.outcomes[game.outcome_index(-1)]
    if outcome not in kind.index_of:
        raise BalanceError(f"{rolled.label}: the outcome {outcome} is not one of its kind's")
    return kind.index_of[outcome]


ROLL_COUNTS: dict[str, pl.DataType] = {
    "game": pl.String(), "kind": pl.String(), "distribution": pl.String(),
    "order": pl.Int32(), "outcome": pl.String(), "exact": pl.String(), "p": pl.Float64(),
    "count": pl.Int64(),
}
"""The roll counts' columns: for each kind of roll (``kind`` its name, ``distribution`` its
exact odds as text) and outcome (``order`` its place in the odds), ``exact`` its probability
as a fraction ("1/2"), ``p`` the same as a float, ``count`` how often it was rolled."""


def record_rolls(game: str, games: int = 200, seed: int = 0, players: int = 2,
                 progress: Callable[[int, int], None] | None = None) -> pl.DataFrame:
    """Play ``games`` seeded games of a dice game with random bots (game ``i``'s seed and its
    bots' as :func:`explorer.simulate` derives them) and count every dice roll's outcome by
    kind (:func:`roll_kind`): one row per kind and outcome (:data:`ROLL_COUNTS`), outcomes
    never rolled included with count 0. ``progress(done, games)`` is called after each
    game."""
    from explorer.engine import new_game
    from explorer.engine.bots import make_bot
    from explorer.engine.dice import Roll
    from explorer.simulation import MAX_STEPS, bot_seed, game_seed

    if game not in DICE_GAMES:
        raise BalanceError(f"the roll check is for the dice games ({', '.join(DICE_GAMES)}); "
                           f"found {game!r}")
    for label, value, low in (("games", games, 1), ("players", players, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise BalanceError(f"{label} must be a whole number of at least {low}; found "
                               f"{value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BalanceError(f"seed must be a whole number; found {seed!r}")
    kinds: dict[tuple[str, str], RollKind] = {}
    counts: dict[tuple[str, str], list[int]] = {}
    cache: dict[Any, RollKind | None] = {}
    for index in range(games):
        game_seed_ = game_seed(seed, index)
        played = new_game(game, players=players, seed=game_seed_)
        bots = [make_bot(played, "random", bot_seed(game_seed_, s)) for s in range(players)]
        while not played.is_over:
            if played.steps >= MAX_STEPS:
                raise BalanceError(f"{game} game {index} did not end in {MAX_STEPS} steps")
            if not played.is_chance:
                played.step(bots[played.current_player].choose(played))
                continue
            pending = played.pending
            if isinstance(pending.odds, Roll):
                key: Any = pending.odds
            elif pending.outcomes[0].name in DICE_OUTCOMES:
                key = (pending.label, pending.weights)
            else:  # a card drawn, a random pick: not dice
                played.step()
                continue
            if key not in cache:
                cache[key] = roll_kind(played)
            kind = cache[key]
            played.step()
            if kind is None:
                continue
            slot = (kind.name, kind.key)
            if slot not in kinds:
                kinds[slot] = kind
                counts[slot] = [0] * len(kind.distribution)
            outcome = kind.counts_as[_sampled(played, pending, kind)]
            counts[slot][[o for o, _ in kind.distribution].index(outcome)] += 1
        if progress is not None:
            progress(index + 1, games)
    rows = [{"game": game, "kind": name, "distribution": key, "order": order, "outcome": o,
             "exact": str(p), "p": float(p), "count": counts[(name, key)][order]}
            for (name, key), kind in sorted(kinds.items())
            for order, (o, p) in enumerate(kind.distribution)]
    return pl.DataFrame(rows, schema=ROLL_COUNTS, orient="row")


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 1e-14
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            delta = d * c
            h *= delta
        if abs(delta - 1.0) < eps:
            return h
    raise BalanceError("the incomplete beta function did not converge")


def beta_regularized(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (a, b > 0, 0 <= x <= 1)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def binomial_p_value(k: int, n: int, p: float) -> float:
    """The two-sided p-value of ``k`` successes in ``n`` trials of probability ``p``: twice
    the smaller tail, P(X <= k) or P(X >= k), at most 1 (exact, through the incomplete beta
    function: P(X >= k) = I_p(k, n - k + 1))."""
    if not 0 <= k <= n:
        raise BalanceError(f"k must be from 0 to n = {n}; found {k!r}")
    if p <= 0.0 or p >= 1.0:
        return 1.0 if k == (0 if p <= 0.0 else n) else 0.0
    upper = 1.0 if k == 0 else beta_regularized(k, n - k + 1, p)
    lower = 1.0 if k == n else 1.0 - beta_regularized(k + 1, n - k, p)
    return min(1.0, 2.0 * min(lower, upper))


def roll_check(counts: pl.DataFrame, family: float = FAMILY_ALPHA) -> pl.DataFrame:
    """Exact odds against observed frequencies, per kind of roll and outcome: the roll counts
    (:data:`ROLL_COUNTS`, of one game or several) with ``n`` (rolls of the kind), ``observed``
    (count / n), ``low``/``high`` (Wilson 95%), ``inside`` (the exact value within them),
    ``few`` (fewer than :data:`MIN_GAMES` rolls of the kind), ``p_value`` (exact two-sided
    binomial test) and ``agrees`` (``p_value`` at least ``family / cells``: Bonferroni over
    every cell of ``counts``, so a correct engine fails somewhere with probability at most
    ``family``)."""
    if not isinstance(counts, pl.DataFrame) or any(c not in counts.columns for c in ROLL_COUNTS):
        raise BalanceError(f"roll counts are a DataFrame with columns {', '.join(ROLL_COUNTS)}")
    if counts.height == 0:
        raise BalanceError("there are no rolls to check")
    if not 0 < family < 1:
        raise BalanceError(f"family must be a level between 0 and 1; found {family!r}")
    kind = ["game", "kind", "distribution"]
    found = counts.with_columns(n=pl.col("count").sum().over(kind)).rename(
        {"count": "wins"})
    found = _with_rate(found).rename({"wins": "count", "rate": "observed"}).with_columns(
        inside=(pl.col("p") >= pl.col("low") - 1e-12) & (pl.col("p") <= pl.col("high") + 1e-12))
    values = [binomial_p_value(k, n, float(Fraction(e)))
              for k, n, e in found.select("count", "n", "exact").iter_rows()]
    level = family / found.height
    return found.with_columns(p_value=pl.Series(values, dtype=pl.Float64)).with_columns(
        agrees=pl.col("p_value") >= level).sort("game", "kind", "distribution", "order")


def roll_summary(check: pl.DataFrame) -> dict[str, Any]:
    """The roll check in figures: ``kinds``, ``cells``, ``rolls``, ``inside`` (cells whose
    exact value is within the 95% interval), ``disagree`` (cells the corrected test
    rejects), ``level`` (the per-cell level, ``FAMILY_ALPHA / cells``) and ``agrees``."""
    kinds = check.select("game", "kind", "distribution").unique().height
    disagree = int((~check["agrees"]).sum())
    return {"kinds": kinds, "cells": check.height,
            "rolls": int(check.group_by("game", "kind", "distribution").agg(
                pl.col("n").first())["n"].sum()),
            "inside": int(check["inside"].sum()), "disagree": disagree,
            "level": FAMILY_ALPHA / check.height, "agrees": disagree == 0}


# ---- a fresh batch, in steps ----------------------------------------------------------------

MAX_RUN_GAMES = 2000
"""The most games one fresh batch may ask for (a page's viewer shares the server)."""
MAX_RUN_SECONDS = 90.0
"""A fresh batch stops after this much play, keeping the games played so far."""
PLAYERS = {"rifts": (2, 6), "adventurers": (2, 4), "gamma_world": (2, 4), "riftforce": (2, 2),
           "rat_king": (2, 4)}
"""The player counts a fresh batch may ask for (Rat-King past 4 needs combined decks)."""


@dataclass(frozen=True)
class Run:
    """A fresh batch's settings, checked: as :func:`explorer.simulate` takes them."""

    game: str
    games: int
    players: int
    bots: tuple[str, ...]
    seed: int
    variant: tuple[tuple[str, int], ...] = ()

    def text(self) -> str:
        """The settings in a line."""
        rule = ", ".join(f"{k}={v}" for k, v in self.variant) or "the rules as printed"
        return (f"{self.games:,} games of {self.players} players, "
                f"{' vs '.join(self.bots)}, seed {self.seed}, {rule}")


def check_run(game: object, games: object, players: object, bots: object, seed: object,
              variant: Mapping[str, Any] | None = None,
              max_games: int = MAX_RUN_GAMES) -> Run:
    """The settings of a fresh batch if :func:`run_steps` may play them; else a
    :class:`BalanceError` saying what is wrong (too many games, an unknown bot, a player
    count or house rule the game does not allow)."""
    from explorer.engine import new_game
    from explorer.engine.variants import allowed
    from explorer.simulation import BOTS

    if not isinstance(game, str) or game not in GAMES:
        raise BalanceError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise BalanceError(f"games must be a whole number of at least 1; found {games!r}")
    if games > max_games:
        raise BalanceError(f"at most {max_games:,} games a run; asked for {games:,}")
    low, high = PLAYERS[game]
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise BalanceError(f"{GAMES[game]} is played here by {low} to {high} players; found "
                           f"{players!r}" if low < high else
                           f"{GAMES[game]} is for {low} players; found {players!r}")
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != players:
        raise BalanceError(f"give one bot for each of the {players} seats; found {bots!r}")
    for bot in bots:
        if bot not in BOTS:
            raise BalanceError(f"unknown bot {bot!r}; bots: {', '.join(BOTS)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise BalanceError(f"seed must be a whole number from 0 to 2**63 - 1; found {seed!r}")
    rules = dict(variant or {})
    for name, value in rules.items():
        known = allowed(game)
        if name not in known or value not in known[name]:
            raise BalanceError(f"{GAMES[game]} has no house rule {name}={value!r}")
    try:
        new_game(game, players=players, seed=seed, variant=rules or None)
    except ExplorerError as error:
        raise BalanceError(str(error)) from None
    return Run(game, games, players, tuple(bots), seed, tuple(sorted(rules.items())))


def run_steps(run: Run, progress: Callable[[int, int], None] | None = None,
              seconds: float = MAX_RUN_SECONDS, chunk: int | None = None,
              clock: Callable[[], float] = time.monotonic) -> tuple[pl.DataFrame, bool]:
    """Play a checked :class:`Run` a few games at a time (``chunk``; about 20 steps by
    default), calling ``progress(done, games)`` after each, and stop early once ``seconds``
    have passed. Returns the table (the same rows :func:`explorer.simulate` gives for the
    games played: games 0 .. done - 1 of the seeded run) and whether every game was played."""
    from explorer.simulation import Plan, run_batch

    plan = Plan(run.game, run.players, run.bots, run.seed, run.variant)
    size = chunk or max(1, min(25, -(-run.games // 20)))
    frames, done, start = [], 0, clock()
    while done < run.games:
        count = min(size, run.games - done)
        frames.append(run_batch(plan, done, count))
        done += count
        if progress is not None:
            progress(done, run.games)
        if done < run.games and clock() - start >= seconds:
            break
    table = pl.concat(frames).sort("index", "seat").drop("index")
    return table, done == run.games


# ---- one server's runs, a few at a time ----------------------------------------------------

RUN_SLOTS = SLOTS
"""How many fresh batches (and reviews) the machine plays at once, across every page's kernel:
:data:`explorer.slots.SLOTS` (``EXPLORER_RUN_SLOTS``). A run takes a core for up to
:data:`MAX_RUN_SECONDS`; the others wait (:func:`run_slot`)."""
RUN_WAIT_SECONDS = WAIT_SECONDS
"""The longest a run waits for a slot before it is given up, saying the server is busy
(:data:`explorer.slots.WAIT_SECONDS`, ``EXPLORER_RUN_WAIT_SECONDS``)."""
RUN_LOCKS = FOLDER
"""The folder of the line of long work (:data:`explorer.slots.FOLDER`,
``EXPLORER_RUN_LOCKS``)."""
WAITING = "Waiting for another run to finish..."
"""What a page says while its run waits for a slot."""
BUSY = ("The server is busy with other people's runs; nothing was played. Try again in a "
        "minute.")
"""What a page says when no run slot came free in time: nothing was played."""


@contextmanager
def run_slot(waiting: Callable[[], None] | None = None, *, slots: int | None = None,
             folder: Path | None = None, wait: float | None = None,
             poll: float = 0.2) -> Iterator[None]:
    """Hold one of the machine's :data:`RUN_SLOTS` turns for a run (the block), in the line
    of every page's long work, first come first served (:func:`explorer.slots.turn`). When
    others come first, ``waiting()`` is called once (the page says :data:`WAITING`) and the
    run waits; after ``wait`` seconds (:data:`RUN_WAIT_SECONDS`) it is given up with a
    :class:`BalanceError` (:data:`BUSY`)."""
    def said(ahead: int) -> None:  # (the line says so again whenever the count changes)
        nonlocal told
        if not told and waiting is not None:
            waiting()
        told = True

    told = False

    try:
        with turn(RUN_LOCKS if folder is None else folder,
                  RUN_SLOTS if slots is None else slots, said,
                  wait=RUN_WAIT_SECONDS if wait is None else wait, poll=poll):
            yield
    except NoTurn:
        raise BalanceError(BUSY) from None


# ---- the shipped tables ----------------------------------------------------------------------

@dataclass(frozen=True)
class Batch:
    """One batch of a shipped table: ``name`` (the ``batch`` column), ``games`` split evenly
    over the ``lineups`` (each its own root seed, ``seed`` + its position), the ``variant``."""

    name: str
    games: int
    lineups: tuple[tuple[str, ...], ...]
    seed: int
    variant: tuple[tuple[str, int], ...] = ()
    players: int = 2


_RANDOM = (("random", "random"),)
_MIXED = (("heuristic", "random"), ("random", "heuristic"))

PLAN: dict[str, tuple[Batch, ...]] = {
    "rifts": (Batch("base", 1000, _RANDOM, 1401), Batch("bots", 400, _MIXED, 1402),
              Batch("variant", 400, _RANDOM, 1404, (("victory_adventure_tokens", 5),))),
    "adventurers": (Batch("base", 2000, _RANDOM, 2401), Batch("bots", 1000, _MIXED, 2402),
                    Batch("variant", 1000, _RANDOM, 2404, (("locations_to_win", 3),))),
    "gamma_world": (Batch("base", 1000, _RANDOM, 3401), Batch("bots", 400, _MIXED, 3402),
                    Batch("variant", 400, _RANDOM, 3404, (("base_ap", 3),))),
    "riftforce": (Batch("base", 2000, _RANDOM, 4401), Batch("bots", 100, _MIXED, 4402),
                  Batch("variant", 1000, _RANDOM, 4404, (("victory_riftforce", 8),))),
    "rat_king": (Batch("base", 2000, _RANDOM, 5401), Batch("bots", 1000, _MIXED, 5402),
                 Batch("variant", 1000, _RANDOM, 5404, (("victory_ap", 5),))),
}
"""What ``python -m explorer.balance build`` plays for each game (2 players): with the roll
check's games about 7 CPU minutes in all. Riftforce's ``bots`` batch is small: its heuristic
bot searches every complete action, about 1.4 s a game against the random bot."""
ROLL_GAMES: dict[str, tuple[int, int]] = {"rifts": (150, 6401), "adventurers": (1000, 6402),
                                          "gamma_world": (250, 6403)}
"""The roll check's shipped counts: games and root seed for each dice game."""
BATCH_TITLES = {"base": "random bots", "bots": "heuristic against random",
                "variant": "a house rule, random bots"}
"""Each shipped batch's name on the page."""


def folder() -> Path:
    """Where the shipped tables live: ``data/simulations/`` (in an installed package, its
    copy of the data)."""
    from explorer.cards import data_root

    return data_root() / "simulations"


def load(game: str, where: str | Path | None = None) -> pl.DataFrame:
    """The shipped simulation table of ``game`` (its batches in the ``batch`` column)."""
    if game not in GAMES:
        raise BalanceError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    path = Path(where or folder()) / f"{game}.parquet"
    if not path.exists():
        raise BalanceError(f"there is no shipped table for {GAMES[game]} ({path.name}): run "
                           "`python -m explorer.balance build`")
    return check_table(pl.read_parquet(path))


def load_rolls(where: str | Path | None = None) -> pl.DataFrame:
    """The shipped roll counts of the three dice games (:data:`ROLL_COUNTS`)."""
    path = Path(where or folder()) / "rolls.parquet"
    if not path.exists():
        raise BalanceError("there are no shipped roll counts (rolls.parquet): run "
                           "`python -m explorer.balance build`")
    return pl.read_parquet(path)


def batch(table: pl.DataFrame, name: str) -> pl.DataFrame:
    """The rows of one batch of a shipped table."""
    if "batch" not in table.columns:
        raise BalanceError("the table has no batch column")
    names = table["batch"].unique(maintain_order=True).to_list()
    if name not in names:
        raise BalanceError(f"no batch {name!r} in the table; batches: {', '.join(names)}")
    return table.filter(pl.col("batch") == name)


def _play_batch(game: str, spec: Batch) -> pl.DataFrame:
    from explorer.simulation import simulate

    share, extra = divmod(spec.games, len(spec.lineups))
    frames = [simulate(game, games=share + (i < extra), players=spec.players, bots=list(up),
                       seed=spec.seed + i, variant=dict(spec.variant) or None, progress=False)
              for i, up in enumerate(spec.lineups)]
    return pl.concat(frames).with_columns(batch=pl.lit(spec.name))


def _timed(work: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """``work(*args)`` and the CPU seconds it took (in a worker process)."""
    start = time.process_time()
    result = work(*args)
    return result, time.process_time() - start


MS_PER_GAME = {"rifts": 150, "gamma_world": 75, "adventurers": 25, "rat_king": 25,
               "riftforce": 10}
"""Rough CPU milliseconds a game (random bots, 2 players): the build starts the longest
tasks first (a batch with a heuristic bot at :data:`HEURISTIC_FACTOR` times as long)."""
HEURISTIC_FACTOR = {"riftforce": 140}
"""How many times longer than :data:`MS_PER_GAME` a game with a heuristic bot takes, where it
is far longer."""


@contextmanager
def _pool(workers: int) -> Iterator[Callable[..., Any]]:
    """``submit(work, *args)`` returning a future: in this process for one worker, else on a
    ``dask.distributed`` LocalCluster of single-threaded worker processes (spawned, not forked:
    a fork of a process whose polars threads have run can deadlock), the longest tasks first
    (the tasks are submitted longest first)."""
    if workers == 1:
        yield _Inline().submit
        return
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client:
        submitted: list[Any] = []

        def submit(work: Callable[..., Any], *args: Any) -> Any:
            # Dask runs the highest priority first: the first submitted (the longest) first
            submitted.append(client.submit(work, *args, pure=False, priority=-len(submitted)))
            return submitted[-1]

        yield submit


class _Inline:
    """A pool of one: each task runs at once, in this process."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def submit(self, work: Callable[..., Any], *args: Any) -> Future[Any]:
        done: Future[Any] = Future()
        try:
            done.set_result(work(*args))
        except Exception as error:  # raised again where the result is read
            done.set_exception(error)
        return done


def _import_everything() -> None:
    """Import what the workers run, so that an error they send back unpickles here."""
    import importlib

    for name in ("explorer.simulation", "explorer.odds", "explorer.engine.bots",
                 *(f"explorer.games.{g}" for g in GAMES)):
        importlib.import_module(name)


def build(where: str | Path | None = None, workers: int = 2, scale: float = 1.0,
          say: Callable[[str], None] = print) -> dict[str, Any]:
    """Play every batch of :data:`PLAN` and the roll check's games (:data:`ROLL_GAMES`) and
    write ``<game>.parquet`` and ``rolls.parquet`` to ``where`` (the shipped folder by
    default), on ``workers`` processes. ``scale`` multiplies every number of games (for a
    quick trial; the shipped tables are scale 1). Deterministic: the same files every time.
    Returns the wall-clock and CPU seconds taken and each file's size in bytes."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
        raise BalanceError(f"workers must be a whole number from 1 to 64; found {workers!r}")
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not 0 < scale <= 10:
        raise BalanceError(f"scale must be above 0 and at most 10; found {scale!r}")
    target = Path(where or folder())
    target.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    _import_everything()
    sized = {g: tuple(dataclasses.replace(b, games=max(len(b.lineups), round(b.games * scale)))
                      for b in batches) for g, batches in PLAN.items()}
    rolls = {g: (max(1, round(n * scale)), s) for g, (n, s) in ROLL_GAMES.items()}
    tasks: list[tuple[float, Any, tuple[Any, ...]]] = [
        (b.games * MS_PER_GAME[g] * (HEURISTIC_FACTOR.get(g, 1) if b.name == "bots" else 1),
         (g, b.name), (_play_batch, g, b))
        for g, batches in sized.items() for b in batches]
    tasks += [(n * MS_PER_GAME[g] * 1.5, (g, "rolls"), (record_rolls, g, n, s))
              for g, (n, s) in rolls.items()]
    tasks.sort(key=lambda t: -t[0])
    cpu = 0.0
    sizes: dict[str, int] = {}
    with _pool(workers) as submit:
        futures = {key: submit(_timed, *work) for _, key, work in tasks}

        def result(key: tuple[str, str]) -> pl.DataFrame:
            nonlocal cpu
            frame, seconds = futures[key].result()
            cpu += seconds
            return frame

        def write(frame: pl.DataFrame, name: str) -> None:
            path, partial = target / name, target / f".{name}.partial"
            frame.write_parquet(partial, compression="zstd", compression_level=19,
                                statistics=False)
            partial.replace(path)  # a reader never sees half a file
            sizes[name] = path.stat().st_size
            say(f"{path}: {frame.height:,} rows, {sizes[name] / 1024:.0f} KB "
                f"({time.monotonic() - start:.0f} s)")

        for game, batches in sized.items():
            write(pl.concat([result((game, b.name)) for b in batches], how="diagonal_relaxed"),
                  f"{game}.parquet")
        write(pl.concat([result((g, "rolls")) for g in rolls]), "rolls.parquet")
    seconds = time.monotonic() - start
    say(f"built in {seconds:.0f} s on {workers} worker(s), {cpu:.0f} CPU seconds in all; "
        f"{sum(sizes.values()) / 1024:.0f} KB")
    return {"seconds": seconds, "cpu": cpu, "sizes": sizes}


def main(argv: Iterable[str] | None = None) -> int:
    """``python -m explorer.balance build [--workers K] [--out FOLDER] [--scale X]``."""
    top = argparse.ArgumentParser(prog="python -m explorer.balance",
                                  description="Balance reports: build the shipped tables.")
    commands = top.add_subparsers(dest="command", required=True)
    run = commands.add_parser("build", help="play the shipped simulation tables and roll "
                              "counts (deterministic) into data/simulations/")
    run.add_argument("--workers", type=int, default=2, help="processes to play on (2)")
    run.add_argument("--out", default=None, help="folder to write (data/simulations/)")
    run.add_argument("--scale", type=float, default=1.0,
                     help="multiply every number of games (a quick trial: 0.05)")
    args = top.parse_args(list(argv) if argv is not None else None)
    from explorer import balance  # the module's own functions, not __main__'s copies

    return command_status(lambda: balance.build(args.out, workers=args.workers,
                                                scale=args.scale))


if __name__ == "__main__":
    sys.exit(main())
