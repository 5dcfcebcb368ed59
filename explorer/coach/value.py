"""The coach's value of a position: a seat's chance of winning, learned from simulated games.

Like GNU Backgammon's evaluation, the value is a model fitted to the outcomes of games the
bots played, not a weighing written by hand: a logistic regression (scikit-learn) over a few
numbers read from what the seat sees (:func:`features`): the scores, each game's own standing
of a seat (its search hooks' :meth:`~explorer.engine.search.SearchHooks.standing`), the hand
sizes, the turn, plus a game's own numbers (its knowledge's ``features``). Its coefficients are
stored in ``data/models/<game>.json`` and read with no library beyond the standard one, so a
page's kernel never imports scikit-learn; :func:`train` writes them again from new games
(``make models``), on a Dask cluster when asked.

The model answers for positions of a game not over; a finished game's value is exact
(:func:`outcome`).
"""

from __future__ import annotations

import importlib
import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from explorer.engine import Game, new_game
from explorer.engine.knowledge import knowledge_for
from explorer.engine.search import hooks_for
from explorer.errors import ExplorerError

MODELS = Path(__file__).resolve().parents[2] / "data" / "models"
"""Where the models are stored, one JSON file per game."""
BASE_FEATURES = ("players", "score", "best_other_score", "score_lead", "standing",
                 "best_other_standing", "standing_lead", "hand", "most_other_hand", "to_act",
                 "turn")
"""The numbers every game's value reads (:func:`features`), before the game's own."""
MODEL_VERSION = 1


class CoachError(ExplorerError, ValueError):
    """The coach cannot answer: a bad argument (not a game, an unknown seat, a finished game, a
    seat with no decision), or a game without a model or a redeal."""


def outcome(game: Game, seat: int) -> Fraction:
    """``seat``'s share of the win in the finished ``game``: 1, 0, or 1/k of a win shared by
    k seats."""
    winners = game.winners
    return Fraction(1, len(winners)) if seat in winners else Fraction(0)


def features(game: Game, seat: int) -> list[float]:
    """The numbers the value reads of ``game`` from ``seat``'s side (:data:`BASE_FEATURES`,
    then the game's own), all from ``position(game, seat)`` and the game's standing of each
    seat (in a world, :mod:`explorer.engine.worlds`, the hidden parts are dealt at random)."""
    view = _position(game.game_id)(game, seat)
    players = game.players
    others = [s for s in range(players) if s != seat]
    scores = game.scores
    hooks = hooks_for(game.game_id)
    standing = [float(hooks.standing(game, s)) for s in range(players)]
    hands = [entry["hand"]["count"] for entry in view["seats"]]
    best_score = max(scores[s] for s in others)
    best_standing = max(standing[s] for s in others)
    base = [float(players), float(scores[seat]), float(best_score),
            float(scores[seat] - best_score), standing[seat], best_standing,
            standing[seat] - best_standing, float(hands[seat]),
            float(max(hands[s] for s in others)), float(view["to_act"] == seat),
            float(view["turn"] or 0)]
    own = knowledge_for(game.game_id).features(game, seat)
    return base + ([] if own is None else [float(x) for x in own])


@cache
def _position(game_id: str) -> Callable[..., dict[str, Any]]:
    return importlib.import_module(f"explorer.games.{game_id}").position


@dataclass(frozen=True)
class Model:
    """A fitted logistic model: the chance of winning is ``1 / (1 + exp(-z))`` with ``z =
    intercept + sum(coef * (x - mean) / scale)`` over the features named in ``names``."""

    game: str
    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    trained: dict[str, Any]

    def win(self, numbers: Sequence[float]) -> float:
        """The chance of winning for one list of :func:`features`."""
        if len(numbers) != len(self.names):
            raise CoachError(f"the {self.game} model reads {len(self.names)} numbers; found "
                             f"{len(numbers)}")
        z = self.intercept + sum(c * (x - m) / s for c, x, m, s in
                                 zip(self.coef, numbers, self.mean, self.scale, strict=True))
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def to_json(self) -> str:
        """The model as JSON text (:func:`load_model` reads it)."""
        return json.dumps({"version": MODEL_VERSION, "game": self.game,
                           "features": list(self.names), "mean": list(self.mean),
                           "scale": list(self.scale), "coef": list(self.coef),
                           "intercept": self.intercept, "trained": self.trained}, indent=1)


def load_model(game_id: str, folder: Path | None = None) -> Model:
    """The stored model of ``game_id``; a :class:`CoachError` names a missing or bad file."""
    path = (folder or MODELS) / f"{game_id}.json"
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise CoachError(f"no value model for {game_id} ({path}); make one with "
                         f"`make models`") from None
    except (OSError, ValueError) as error:
        raise CoachError(f"{path}: not a value model ({error})") from None
    try:
        if data["version"] != MODEL_VERSION or data["game"] != game_id:
            raise CoachError(f"{path}: a model of version {data['version']} for "
                             f"{data['game']}; expected version {MODEL_VERSION} for {game_id}")
        names = tuple(str(n) for n in data["features"])
        parts = [tuple(float(x) for x in data[key]) for key in ("mean", "scale", "coef")]
        if any(len(part) != len(names) for part in parts) or not all(parts[1]):
            raise CoachError(f"{path}: mean, scale and coef must each hold one nonzero-scaled "
                             f"number per feature ({len(names)})")
        return Model(game_id, names, *parts, float(data["intercept"]), dict(data["trained"]))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, CoachError):
            raise
        raise CoachError(f"{path}: not a value model ({error!r})") from None


@cache
def model_for(game_id: str) -> Model:
    """The stored model of ``game_id``, read once."""
    return load_model(game_id)


def win_chance(game: Game, seat: int) -> float:
    """``seat``'s chance of winning ``game``: exact once it is over, else the model's."""
    if game.is_over:
        return float(outcome(game, seat))
    return model_for(game.game_id).win(features(game, seat))


# ---- training -------------------------------------------------------------------------------

def positions(game_id: str, index: int, seed: int, players: int = 2,
              every: int = 3) -> list[tuple[list[float], int, int]]:
    """One heuristic-bot game of ``game_id`` (game ``index`` from root ``seed``) played to the
    end: the :func:`features` of every seat at about one decision in ``every`` (chosen at
    random), each with whether that seat won and the game's index."""
    from explorer.simulation import bot_seed, game_seed

    played = game_seed(seed, index)  # this game's seed
    game = new_game(game_id, players=players, seed=played)
    bots = [game.rules.heuristic_bot(bot_seed(played, s)) for s in range(players)]
    pick = random.Random(played ^ 0xC0AC4)
    found: list[tuple[list[float], int]] = []
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        if pick.randrange(every) == 0:
            for s in range(players):
                found.append((features(game, s), s))
        game.step(bots[game.current_player].choose(game))
    winners = set(game.winners)
    return [(numbers, int(s in winners), index) for numbers, s in found]


def fit(game_id: str, rows: Sequence[tuple[list[float], int, int]],
        trained: dict[str, Any]) -> Model:
    """A :class:`Model` fitted (scikit-learn's logistic regression, standardized features) to
    ``rows`` of :func:`positions`."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    x = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=int)
    if len(set(y.tolist())) < 2:
        raise CoachError(f"{game_id}: the games give only one outcome; play more games")
    scaler = StandardScaler().fit(x)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    model = LogisticRegression(C=1.0, max_iter=2000).fit((x - scaler.mean_) / scale, y)
    names = BASE_FEATURES + tuple(f"own_{i}" for i in range(x.shape[1] - len(BASE_FEATURES)))
    return Model(game_id, names, tuple(scaler.mean_.tolist()), tuple(scale.tolist()),
                 tuple(model.coef_[0].tolist()), float(model.intercept_[0]),
                 {**trained, "positions": len(y)})


def train(game_id: str, games: int = 400, seed: int = 1, players: int = 2,
          workers: int | None = None, scheduler: str | None = None,
          progress: bool = True, folder: Path | None = None) -> Model:
    """Play ``games`` heuristic-bot games of ``game_id`` (spread over a Dask cluster with
    ``workers`` or ``scheduler``), fit the value model to their positions and write it to
    ``folder`` (default ``data/models``)."""
    from explorer.simulation import spread

    rows: list[tuple[list[float], int, int]] = []
    for found in spread(positions, [(game_id, i, seed, players) for i in range(games)],
                        workers=workers, scheduler=scheduler, progress=progress,
                        desc=f"{game_id} games", unit="game"):
        rows.extend(found)
    model = fit(game_id, rows, {"games": games, "seed": seed, "players": players,
                                "bots": "heuristic"})
    target = folder or MODELS
    target.mkdir(parents=True, exist_ok=True)
    (target / f"{game_id}.json").write_text(model.to_json() + "\n")
    if folder is None:
        model_for.cache_clear()
    return model

