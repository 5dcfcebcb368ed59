"""The coach's value of a position: a seat's chance of winning, learned from simulated games.

Like GNU Backgammon's evaluation, the value is a model fitted to the outcomes of games the
bots played, not a weighing written by hand: a logistic regression (scikit-learn) over a few
numbers read from what the seat sees (:func:`features`): the scores, each game's own standing
of a seat (its search hooks' :meth:`~explorer.engine.search.SearchHooks.standing`), the hand
sizes, the turn, plus a game's own numbers (its knowledge's ``features``), and their squares
and products (degree 2). Its chances are then calibrated: a centred isotonic regression (an
increasing map, one point per block of the isotonic fit, Oron and Flournoy's form, so two
different chances never become one) fitted to predictions for games the regression did not
see (5 folds by game). Its numbers are stored in ``data/models/<game>.json`` and read with no
library beyond the standard one, so a page's kernel never imports scikit-learn; :func:`train`
writes them again from new games (``make models``), on a Dask cluster when asked.

The model answers for positions of a game not over; a finished game's value is exact
(:func:`outcome`).
"""

from __future__ import annotations

import bisect
import importlib
import itertools
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
MODEL_VERSION = 2
"""The version of a model file's layout; a file of another version is refused."""
FOLDS = 5
"""Folds (by game) whose held-out predictions the calibration is fitted to."""


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
    hooks = hooks_for(game.game_id)
    base = base_features(seat, game.scores,
                         [hooks.standing(game, s) for s in range(game.players)],
                         [entry["hand"]["count"] for entry in view["seats"]],
                         view["to_act"] == seat, view["turn"] or 0)
    own = knowledge_for(game.game_id).features(game, seat)
    return base + ([] if own is None else [float(x) for x in own])


def base_features(seat: int, scores: Sequence[float], standing: Sequence[float],
                  hands: Sequence[int | float], to_act: bool, turn: int) -> list[float]:
    """:data:`BASE_FEATURES` from ``seat``'s side, from each seat's score, standing and hand
    size (a game's quick estimate of a position it has not reached reads them so)."""
    others = [s for s in range(len(scores)) if s != seat]
    best_score = max(scores[s] for s in others)
    best_standing = float(max(standing[s] for s in others))
    return [float(len(scores)), float(scores[seat]), float(best_score),
            float(scores[seat] - best_score), float(standing[seat]), best_standing,
            float(standing[seat]) - best_standing, float(hands[seat]),
            float(max(hands[s] for s in others)), float(to_act), float(turn)]


def learned(game_id: str, seat: int, scores: Sequence[float], standing: Sequence[float],
            hands: Sequence[int | float], to_act: bool, turn: int,
            own: Sequence[float] = ()) -> float:
    """The learned chance that ``seat`` wins a position of ``game_id`` told by its numbers
    (:func:`base_features`, then the game's own ``own``): what a game's quick estimate of a
    position it has not reached reads (:meth:`explorer.engine.knowledge.GameKnowledge.quick`)."""
    numbers = base_features(seat, scores, standing, hands, to_act, turn)
    return model_for(game_id).win(numbers + [float(x) for x in own])


@cache
def _position(game_id: str) -> Callable[..., dict[str, Any]]:
    return importlib.import_module(f"explorer.games.{game_id}").position


@dataclass(frozen=True)
class Model:
    """A fitted model of the chance of winning. The features named in ``names`` are
    standardized (``u = (x - mean) / scale``); each of ``terms`` is the product of the ``u``
    it indexes (one index: the feature itself; two: a square or a product), standardized in
    turn with ``term_mean`` and ``term_scale``; ``z = intercept + sum(coef * term)``; the
    chance is ``1 / (1 + exp(-z))``, mapped through the calibration: linear between the
    points ``(calibration_x, calibration_y)``, increasing, flat beyond the ends."""

    game: str
    names: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    terms: tuple[tuple[int, ...], ...]
    term_mean: tuple[float, ...]
    term_scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    calibration_x: tuple[float, ...]
    calibration_y: tuple[float, ...]
    trained: dict[str, Any]

    def win(self, numbers: Sequence[float]) -> float:
        """The chance of winning for one list of :func:`features`."""
        if len(numbers) != len(self.names):
            raise CoachError(f"the {self.game} model reads {len(self.names)} numbers; found "
                             f"{len(numbers)}")
        u = [(x - m) / s for x, m, s in zip(numbers, self.mean, self.scale, strict=True)]
        z = self.intercept
        for term, c, m, s in zip(self.terms, self.coef, self.term_mean, self.term_scale,
                                 strict=True):
            value = u[term[0]] if len(term) == 1 else u[term[0]] * u[term[1]]
            z += c * (value - m) / s
        return self.calibrated(1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0)

    def calibrated(self, chance: float) -> float:
        """``chance`` through the calibration map (itself when there is none)."""
        xs, ys = self.calibration_x, self.calibration_y
        if not xs:
            return chance
        if chance <= xs[0]:
            return ys[0]
        if chance >= xs[-1]:
            return ys[-1]
        right = bisect.bisect_right(xs, chance)
        x0, x1, y0, y1 = xs[right - 1], xs[right], ys[right - 1], ys[right]
        return y0 + (y1 - y0) * (chance - x0) / (x1 - x0)

    def to_json(self) -> str:
        """The model as JSON text (:func:`load_model` reads it)."""
        return json.dumps({"version": MODEL_VERSION, "game": self.game,
                           "features": list(self.names), "mean": list(self.mean),
                           "scale": list(self.scale), "terms": [list(t) for t in self.terms],
                           "term_mean": list(self.term_mean),
                           "term_scale": list(self.term_scale), "coef": list(self.coef),
                           "intercept": self.intercept,
                           "calibration": {"x": list(self.calibration_x),
                                           "y": list(self.calibration_y)},
                           "trained": self.trained}, indent=1)


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
        wanted = BASE_FEATURES + knowledge_for(game_id).feature_names
        if names[:len(BASE_FEATURES)] != BASE_FEATURES or \
                (len(wanted) > len(BASE_FEATURES) and names != wanted):
            raise CoachError(f"{path}: reads the numbers {', '.join(names)}; {game_id} gives "
                             f"{', '.join(wanted)} (fit it again: `make models`)")
        mean, scale = (tuple(float(x) for x in data[key]) for key in ("mean", "scale"))
        if len(mean) != len(names) or len(scale) != len(names) or not all(scale):
            raise CoachError(f"{path}: mean and scale must each hold one number per feature "
                             f"({len(names)}), the scales nonzero")
        terms = tuple(tuple(int(i) for i in term) for term in data["terms"])
        if any(not 1 <= len(t) <= 2 or not all(0 <= i < len(names) for i in t)
               for t in terms):
            raise CoachError(f"{path}: each term is one or two feature indices from 0 to "
                             f"{len(names) - 1}")
        parts = [tuple(float(x) for x in data[key])
                 for key in ("term_mean", "term_scale", "coef")]
        if any(len(part) != len(terms) for part in parts) or not all(parts[1]):
            raise CoachError(f"{path}: term_mean, term_scale and coef must each hold one "
                             f"number per term ({len(terms)}), the scales nonzero")
        xs, ys = (tuple(float(v) for v in data["calibration"][key]) for key in ("x", "y"))
        if len(xs) != len(ys) or any(b <= a for a, b in itertools.pairwise(xs)) or \
                any(b < a for a, b in itertools.pairwise(ys)) or \
                not all(0.0 <= v <= 1.0 for v in xs + ys):
            raise CoachError(f"{path}: the calibration's x must increase and y never fall, "
                             "as many of each, all from 0 to 1")
        return Model(game_id, names, mean, scale, terms, *parts, float(data["intercept"]),
                     xs, ys, dict(data["trained"]))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, CoachError):
            raise
        raise CoachError(f"{path}: not a value model ({error!r})") from None


@cache
def model_for(game_id: str) -> Model:
    """The stored model of ``game_id``, read once."""
    return load_model(game_id)


LATE = 3.0
"""A turn more than this many standard deviations past the mean turn of the positions a model
was fitted to is later than the games it learned from (when the model does not store the
latest turn it saw)."""


def latest_turn(model: Model) -> float:
    """The latest turn of the positions ``model`` was fitted to, as far as the model knows it:
    the stored one (``trained["latest_turn"]``), else :data:`LATE` standard deviations past
    their mean turn."""
    stored = model.trained.get("latest_turn")
    if isinstance(stored, int | float) and not isinstance(stored, bool):
        return float(stored)
    at = model.names.index("turn")
    return model.mean[at] + LATE * model.scale[at]


def unfitted(game: Game) -> str | None:
    """Why the learned win chance of ``game``'s model does not fit ``game``'s position, in
    players' words (None: it fits): a position set up by hand (a scenario), another number of
    players than the games it was fitted to, or a turn later than theirs. The coach plays its
    worlds to the end there instead (:func:`explorer.coach.advise`)."""
    model = model_for(game.game_id)
    players = model.trained.get("players", 2)
    if game.scenario is not None:
        return "this position was set up by hand, unlike the games the coach learned from"
    if game.players != players:
        return f"the coach learned from games of {players} players, not {game.players}"
    turn = _position(game.game_id)(game, None).get("turn") or 0
    if turn > latest_turn(model):
        return f"turn {turn} is later than the games the coach learned from"
    return None


def win_chance(game: Game, seat: int) -> float:
    """``seat``'s chance of winning ``game``: exact once it is over, else the model's."""
    if game.is_over:
        return float(outcome(game, seat))
    return model_for(game.game_id).win(features(game, seat))


# ---- training -------------------------------------------------------------------------------

def positions(game_id: str, index: int, seed: int, players: int = 2,
              every: int = 2) -> list[tuple[list[float], float, int]]:
    """One heuristic-bot game of ``game_id`` (game ``index`` from root ``seed``) played to the
    end: the :func:`features` of the deciding seat at about one in ``every`` of its decisions
    with two or more choices (chosen at random: the positions the coach values), each with
    that seat's share of the win (:func:`outcome`: a win shared by two is half a win) and the
    game's index."""
    from explorer.parallel import bot_seed, game_seed

    played = game_seed(seed, index)  # this game's seed
    game = new_game(game_id, players=players, seed=played)
    bots = [game.rules.heuristic_bot(bot_seed(played, s)) for s in range(players)]
    pick = random.Random(played ^ 0xC0AC4)
    found: list[tuple[list[float], int]] = []
    while not game.is_over:
        if game.is_chance:
            game.step()
            continue
        seat = game.current_player
        if len(game.legal_actions()) > 1 and pick.randrange(every) == 0:
            found.append((features(game, seat), seat))
        game.step(bots[seat].choose(game))
    return [(numbers, float(outcome(game, s)), index) for numbers, s in found]


def _regression(x: Any, y: Any, weight: Any = None) -> tuple[Any, ...]:
    """The degree-2 logistic regression of ``y`` (shares of a win, from 0 to 1) on ``x``,
    each position counted ``weight`` times (default once): (mean, scale, terms, term mean,
    term scale, coef, intercept), each scale 1 where a number does not vary. A share is
    fitted as a win and a loss weighted by it and by the rest."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    weight = np.ones(len(y)) if weight is None else np.asarray(weight, dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale = np.where(scale > 0, scale, 1.0)
    width = x.shape[1]
    terms = [(i,) for i in range(width)] + [(i, j) for i in range(width)
                                            for j in range(i, width)]
    t = _columns((x - mean) / scale, terms)
    term_mean = t.mean(axis=0)
    term_scale = t.std(axis=0)
    term_scale = np.where(term_scale > 0, term_scale, 1.0)
    inputs = (t - term_mean) / term_scale
    shared = (y > 0) & (y < 1)  # (each such row again, as the loss)
    model = LogisticRegression(C=0.3, max_iter=3000).fit(
        np.concatenate([inputs, inputs[shared]]),
        np.concatenate([(y > 0).astype(int), np.zeros(int(shared.sum()), dtype=int)]),
        sample_weight=np.concatenate([np.where(shared, y, 1.0) * weight,
                                      (1.0 - y[shared]) * weight[shared]]))
    return (mean, scale, terms, term_mean, term_scale, model.coef_[0],
            float(model.intercept_[0]))


def _columns(u: Any, terms: Sequence[tuple[int, ...]]) -> Any:
    """The terms of standardized features ``u`` (one row a position), one column a term: a
    feature itself, or the product of two (:class:`Model` does the same for one position)."""
    import numpy as np

    return np.column_stack([u[:, t[0]] if len(t) == 1 else u[:, t[0]] * u[:, t[1]]
                            for t in terms])


def _chances(parts: tuple[Any, ...], x: Any) -> Any:
    """The uncalibrated chances of a :func:`_regression`'s ``parts`` for positions ``x``."""
    import numpy as np

    mean, scale, terms, term_mean, term_scale, coef, intercept = parts
    z = intercept + ((_columns((x - mean) / scale, terms) - term_mean) / term_scale) @ coef
    return 1.0 / (1.0 + np.exp(-z))


def centred_isotonic(chances: Any, won: Any,
                     weight: Any = None) -> tuple[list[float], list[float]]:
    """The points of a centred isotonic regression of ``won`` on ``chances`` (each position
    counted ``weight`` times, default once): scikit-learn's isotonic fit, each of its flat
    blocks made one point at the middle of its chances, so the map between the points rises
    strictly (Oron and Flournoy, "Centered isotonic regression", 2017). A block's share of
    wins is taken as (wins + 1/2) / (n + 1) (Jeffreys' estimate), ``n`` the block's weight,
    so no block, however few its positions, says "certain"."""
    import numpy as np
    from sklearn.isotonic import IsotonicRegression

    chances = np.asarray(chances, dtype=float)
    weight = np.ones(len(chances)) if weight is None else np.asarray(weight, dtype=float)
    fitted = IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip").fit(
        chances, won, sample_weight=weight)
    xs, ys = fitted.X_thresholds_.tolist(), fitted.y_thresholds_.tolist()
    order = np.argsort(chances, kind="stable")
    ordered = chances[order]
    before = np.concatenate([[0.0], np.cumsum(weight[order])])  # the weight below an index
    points_x: list[float] = []
    points_y: list[float] = []
    first = 0
    for last in range(len(xs)):
        if last + 1 == len(xs) or ys[last + 1] != ys[first]:
            low = 0 if first == 0 else int(np.searchsorted(ordered, xs[first], "left"))
            high = len(ordered) if last + 1 == len(xs) else \
                int(np.searchsorted(ordered, xs[last + 1], "left"))
            size = float(before[high] - before[low]) if high > low else 1.0
            points_x.append((xs[first] + xs[last]) / 2)
            points_y.append((ys[first] * size + 0.5) / (size + 1))
            first = last + 1
    for number in range(1, len(points_y)):  # (a small block's estimate may dip: never fall)
        points_y[number] = max(points_y[number], points_y[number - 1])
    return points_x, points_y


def fit(game_id: str, rows: Sequence[tuple[list[float], float, int]],
        trained: dict[str, Any]) -> Model:
    """A :class:`Model` fitted to ``rows`` of :func:`positions`: the regression to them all,
    the calibration to the predictions of :data:`FOLDS` regressions each fitted without one
    fold of the games (scikit-learn's GroupKFold), for the positions of that fold. Each game
    weighs the same, its positions sharing its weight: they share one outcome, so a long
    game's many positions are not more evidence than a short game's few (counted one by one,
    Rifts' long games had left its lowest decile too hopeful on positions drawn one a game:
    21.0% predicted, 11.5% observed, ``benchmarks/coach.py calibration``)."""
    import numpy as np
    from sklearn.model_selection import GroupKFold

    x = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    games = np.array([r[2] for r in rows], dtype=int)
    if len(set(y.tolist())) < 2:
        raise CoachError(f"{game_id}: the games give only one outcome; play more games")
    if len(set(games.tolist())) < FOLDS:
        raise CoachError(f"{game_id}: at least {FOLDS} games are needed to calibrate; found "
                         f"{len(set(games.tolist()))}")
    counts = np.bincount(games)
    weight = len(y) / np.count_nonzero(counts) / counts[games]  # (a mean of 1, as before)
    held = np.zeros(len(y))
    for inside, outside in GroupKFold(FOLDS).split(x, y, games):
        if len(set(y[inside].tolist())) < 2:
            raise CoachError(f"{game_id}: the games outside one of the {FOLDS} folds give "
                             f"only one outcome; play more games")
        held[outside] = _chances(_regression(x[inside], y[inside], weight[inside]),
                                 x[outside])
    calibration_x, calibration_y = centred_isotonic(held, y, weight)
    mean, scale, terms, term_mean, term_scale, coef, intercept = _regression(x, y, weight)
    own = x.shape[1] - len(BASE_FEATURES)
    given = knowledge_for(game_id).feature_names
    if given and len(given) != own:
        raise CoachError(f"{game_id}: the positions hold {own} of the game's own numbers; it "
                         f"names {len(given)}")
    names = BASE_FEATURES + (given or tuple(f"own_{i}" for i in range(own)))
    return Model(game_id, names, tuple(mean.tolist()), tuple(scale.tolist()),
                 tuple(tuple(t) for t in terms), tuple(term_mean.tolist()),
                 tuple(term_scale.tolist()), tuple(coef.tolist()), intercept,
                 tuple(calibration_x), tuple(calibration_y),
                 {**trained, "positions": len(y), "weights": "each game the same",
                  "latest_turn": float(x[:, BASE_FEATURES.index("turn")].max())})


def train(game_id: str, games: int = 3000, seed: int = 1, players: int = 2,
          workers: int | None = None, scheduler: str | None = None,
          progress: bool = True, folder: Path | None = None) -> Model:
    """Play ``games`` heuristic-bot games of ``game_id`` (spread over a Dask cluster with
    ``workers`` or ``scheduler``), fit the value model to their positions and write it to
    ``folder`` (default ``data/models``)."""
    from explorer.parallel import spread

    rows: list[tuple[list[float], float, int]] = []
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

