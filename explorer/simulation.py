"""Whole games at scale: play many seeded games with bots and tabulate them.

>>> table = explorer.simulate("riftforce", games=1000, bots=["heuristic", "random"], seed=1)
>>> table.group_by("seat").agg(pl.col("winner").mean())

One row per seat per game, with the pinned columns :data:`COLUMNS` (``game``, ``seed``,
``players``, ``seat``, ``bot``, ``winner``, ``score``, ``steps``, ``turns``), what the seat
started with (a column per game: :func:`start_of`) and the ``variant``. Game ``i``'s seed is
:func:`game_seed` of the root seed and ``i`` alone, and every bot's seed derives from its game's
seed and seat, so the table is the same however the games are spread: in this process, over a
``dask.distributed`` LocalCluster of single-threaded workers (``workers=K``), or on an existing
cluster (``scheduler="tcp://host:8786"``). Games go to workers in batches of hundreds, and with
``out`` each batch writes its own Parquet part before the parts are joined.

The same from a terminal: ``explorer simulate GAME --games N --players P --bots B1,B2 --seed S
--out FILE.parquet`` (:mod:`explorer.cli`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from explorer.catalog import GAMES
from explorer.coach import CoachBot  # noqa: F401  (registers the coach as a bot)
from explorer.engine import new_game
from explorer.engine.bots import BOT_KINDS, make_bot
from explorer.engine.knowledge import Start, knowledge_for
from explorer.errors import ExplorerError
from explorer.parallel import SimulationError, bot_seed, dask_client, game_seed

BOTS = BOT_KINDS
"""The bots ``bots=`` may name, each seat's own (the engine's kinds of bot)."""
BATCH = 200
"""Games per task on a cluster (and per Parquet part)."""
MAX_GAMES = 10_000_000
"""The most games one simulation may be asked for."""
MAX_STEPS = 200_000
"""A game that has not ended after this many steps is an error of the rules, not a result."""

COLUMNS: dict[str, pl.DataType] = {
    "game": pl.String(), "seed": pl.Int64(), "players": pl.Int8(), "seat": pl.Int8(),
    "bot": pl.String(), "winner": pl.Boolean(), "score": pl.Int32(), "steps": pl.Int32(),
    "turns": pl.Int32(),
}
"""The pinned columns of every table (issue #14), with their types."""


# ---- what a seat started with, per game ---------------------------------------------------

def start_of(game_id: str) -> Start | None:
    """The column of what a seat of ``game_id`` started with (or, for Gamma World, recruited),
    as the game's knowledge gives it (:attr:`~explorer.engine.knowledge.GameKnowledge.start`);
    None where the game gives none."""
    return knowledge_for(game_id).start


# ---- one game, one batch -----------------------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """Everything a batch needs to play its games (plain data: it travels to workers)."""

    game: str
    players: int
    bots: tuple[str, ...]
    root: int
    variant: tuple[tuple[str, Any], ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def variant_text(self) -> str:
        return ", ".join(f"{key}={value}" for key, value in self.variant)


def play_game(plan: Plan, index: int) -> list[dict[str, Any]]:
    """Play game ``index`` of ``plan`` to the end; one row per seat."""
    seed = game_seed(plan.root, index)
    options = dict(plan.options)
    if plan.variant:
        options["variant"] = dict(plan.variant)
    game = new_game(plan.game, players=plan.players, seed=seed, **options)
    seats = [make_bot(game, kind, bot_seed(seed, seat)) for seat, kind in enumerate(plan.bots)]
    start = start_of(plan.game)
    started: list[Any] = [None] * plan.players
    while not game.is_over:
        if game.steps >= MAX_STEPS:
            raise SimulationError(f"{plan.game} game {index} (seed {seed}) did not end in "
                                  f"{MAX_STEPS} steps")
        if game.is_chance:
            game.step()
        else:
            game.step(seats[game.current_player].choose(game))
        if start is not None and None in started:
            started = [start.read(game, seat) for seat in range(plan.players)]
    if start is not None and None in started:
        started = [start.read(game, seat) for seat in range(plan.players)]
    position = importlib.import_module(f"explorer.games.{plan.game}").position(game)
    turns = int(position.get("turn") or 0)
    winners, scores = set(game.winners), game.scores
    rows = []
    for seat in range(plan.players):
        row = {"game": plan.game, "seed": seed, "players": plan.players, "seat": seat,
               "bot": plan.bots[seat], "winner": seat in winners, "score": int(scores[seat]),
               "steps": game.steps, "turns": turns, "index": index,
               "variant": plan.variant_text()}
        if start is not None:
            row[start.column] = started[seat]
        rows.append(row)
    return rows


def schema(game: str) -> dict[str, pl.DataType]:
    """The table's columns and types for ``game``."""
    found = dict(COLUMNS)
    found["index"] = pl.Int64()
    start = start_of(game)
    if start is not None:
        found[start.column] = start.dtype
    found["variant"] = pl.String()
    return found


def run_batch(plan: Plan, first: int, count: int, part: str | None = None) -> pl.DataFrame:
    """Games ``first`` .. ``first + count - 1`` of ``plan`` as a table (written to ``part``,
    a Parquet file, when given)."""
    rows = [row for index in range(first, first + count) for row in play_game(plan, index)]
    frame = pl.DataFrame(rows, schema=schema(plan.game), orient="row")
    if part is not None:
        frame.write_parquet(part)
    return frame


# ---- the whole run ------------------------------------------------------------------------------

def _check(game: object, games: object, players: object, bots: object, seed: object,
           workers: object, scheduler: object) -> tuple[str, int, int, tuple[str, ...], int]:
    if not isinstance(game, str) or game not in GAMES:
        raise SimulationError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    for name, value, low, high in (("games", games, 1, MAX_GAMES), ("players", players, 1, 99)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SimulationError(f"{name} must be a whole number from {low} to {high}; "
                                  f"found {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"seed must be a whole number; found {seed!r}")
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
    if not isinstance(bots, Sequence) or not bots or not all(isinstance(b, str) for b in bots):
        raise SimulationError(f"bots must be a list of bot names; found {bots!r}")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise SimulationError(f"unknown bot {unknown[0]!r}; bots: {', '.join(BOTS)}")
    if len(bots) == 1:
        bots = list(bots) * players
    if len(bots) != players:
        raise SimulationError(f"give one bot for every seat or one for all: {players} players, "
                              f"{len(bots)} bots ({', '.join(bots)})")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= 256):
        raise SimulationError(f"workers must be a whole number from 1 to 256; found "
                              f"{workers!r}")
    if workers is not None and scheduler is not None:
        raise SimulationError("give workers (a local cluster) or scheduler (an existing one), "
                              "not both")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler):
        raise SimulationError(f"scheduler must be an address such as tcp://host:8786; found "
                              f"{scheduler!r}")
    return game, games, players, tuple(bots), seed


def simulate(game: str, games: int = 100, players: int = 2,
             bots: Sequence[str] | str = ("random",), seed: int = 0,
             variant: Mapping[str, Any] | None = None, workers: int | None = None,
             scheduler: str | None = None, out: str | Path | None = None,
             batch: int = BATCH, progress: bool = True,
             options: Mapping[str, Any] | None = None) -> pl.DataFrame:
    """Play ``games`` seeded games of ``game`` with ``bots`` (one name for every seat, or one
    per seat) and return one row per seat per game, in game then seat order.

    ``workers``: play on a new ``dask.distributed`` LocalCluster of that many single-threaded
    worker processes; ``scheduler``: on an existing cluster at that address; neither: in this
    process. ``out``: also write the table to this Parquet file (each batch first writes its
    part into ``<out>.parts/``). ``variant``: house rules, the constants the game's
    ``variants.toml`` lets change. Raises :class:`SimulationError` (nothing run) on a bad
    argument."""
    game, games, players, bots, seed = _check(game, games, players, bots, seed, workers,
                                              scheduler)
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise SimulationError(f"batch must be a whole number of at least 1; found {batch!r}")
    plan = Plan(game, players, bots, seed, _variant(game, variant), dict(options or {}))
    try:  # a bad player count or variant is refused before anything runs
        new_game(game, players=players, seed=seed, **_options(plan))
    except ExplorerError as error:
        raise SimulationError(str(error)) from None
    spans = [(first, min(batch, games - first)) for first in range(0, games, batch)]
    parts = _parts_folder(out, len(spans))
    if workers is None and scheduler is None:
        frames = _in_process(plan, spans, parts, progress)
    else:
        frames = _on_cluster(plan, spans, parts, progress, workers, scheduler)
    table = pl.concat(frames).sort("index", "seat").drop("index")
    if out is not None:
        table.write_parquet(out)
    return table


def _options(plan: Plan) -> dict[str, Any]:
    options = dict(plan.options)
    if plan.variant:
        options["variant"] = dict(plan.variant)
    return options


def _variant(game: str, variant: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    if variant is None:
        return ()
    if not isinstance(variant, Mapping):
        raise SimulationError(f"variant must be a mapping of constant names to values; found "
                              f"{variant!r}")
    return tuple(sorted(variant.items()))


def _parts_folder(out: str | Path | None, count: int) -> list[str | None]:
    if out is None:
        return [None] * count
    path = Path(out)
    if path.suffix != ".parquet":
        raise SimulationError(f"out must be a .parquet file; found {str(out)!r}")
    if not path.parent.is_dir():
        raise SimulationError(f"out: the folder {str(path.parent)!r} does not exist")
    folder = path.with_name(path.name + ".parts")
    folder.mkdir(exist_ok=True)
    for old in folder.glob("part-*.parquet"):
        old.unlink()
    return [str(folder / f"part-{number:05d}.parquet") for number in range(count)]


def _bar(total: int, enabled: bool, unit: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not enabled, unit=unit, desc="games", leave=True)


def _in_process(plan: Plan, spans: list[tuple[int, int]], parts: list[str | None],
                progress: bool) -> list[pl.DataFrame]:
    frames = []
    with _bar(sum(n for _, n in spans), progress, "game") as bar:
        for (first, count), part in zip(spans, parts, strict=True):
            rows = []
            for index in range(first, first + count):
                rows += play_game(plan, index)
                bar.update(1)
            frame = pl.DataFrame(rows, schema=schema(plan.game), orient="row")
            if part is not None:
                frame.write_parquet(part)
            frames.append(frame)
    return frames


def _on_cluster(plan: Plan, spans: list[tuple[int, int]], parts: list[str | None],
                progress: bool, workers: int | None, scheduler: str | None
                ) -> list[pl.DataFrame]:
    from dask.distributed import as_completed

    with dask_client(workers, scheduler) as client:
        futures = {client.submit(run_batch, plan, first, count, part, pure=False): number
                   for number, ((first, count), part) in enumerate(zip(spans, parts,
                                                                       strict=True))}
        frames: list[pl.DataFrame | None] = [None] * len(spans)
        with _bar(sum(n for _, n in spans), progress, "game") as bar:
            for future in as_completed(futures):
                number = futures[future]
                frames[number] = future.result()
                bar.update(spans[number][1])
    return [f for f in frames if f is not None]
