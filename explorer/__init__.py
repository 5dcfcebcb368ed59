"""Card Rules Explorer: rules, cards and exact odds of five tabletop card games.

The package's parts: :mod:`explorer.cards` (card data as typed polars tables),
:mod:`explorer.schema` (the declared schemas and their validator), :mod:`explorer.games`
(one folder per game), :mod:`explorer.engine` (the step-through engine every game runs
on: ``explorer.new_game("rifts", players=2, seed=7)``) and :mod:`explorer.ui` (the
ipywidgets views the notebooks show).
"""

from explorer.engine import Game, load_game, new_game
from explorer.errors import (
    CardDataError,
    ExplorerError,
    IllegalAction,
    SavedGameError,
    UnknownNameError,
)

__all__ = [
    "CardDataError", "ExplorerError", "Game", "IllegalAction", "SavedGameError",
    "UnknownNameError", "__version__", "load_game", "new_game",
]
__version__ = "0.1.0"
