"""Card Rules Explorer: rules, cards and exact odds of five tabletop card games.

The package's parts: :mod:`explorer.cards` (card data as typed polars tables),
:mod:`explorer.schema` (the declared schemas and their validator), :mod:`explorer.games`
(one folder per game), :mod:`explorer.engine` (the step-through engine every game runs
on: ``explorer.new_game("rifts", players=2, seed=7)``), :mod:`explorer.simulation` (many
games with bots: ``explorer.simulate("rifts", games=1000)``) and :mod:`explorer.ui` (the
ipywidgets views the notebooks show).
"""

from explorer import coach as _coach  # noqa: F401  (registers the coach: make_bot(g, "coach"))
from explorer.engine import Game, load_game, new_game
from explorer.errors import (
    CardDataError,
    ExplorerError,
    IllegalAction,
    SavedGameError,
    UnknownNameError,
)


def simulate(*args, **kwargs):  # type: ignore[no-untyped-def]
    """Play many seeded games with bots: :func:`explorer.simulation.simulate` (one row per seat
    per game, as a polars DataFrame)."""
    from explorer.simulation import simulate as run

    return run(*args, **kwargs)


__all__ = [
    "CardDataError", "ExplorerError", "Game", "IllegalAction", "SavedGameError",
    "UnknownNameError", "__version__", "load_game", "new_game", "simulate",
]
__version__ = "0.1.0"
