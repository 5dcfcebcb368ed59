"""Card Rules Explorer: rules, cards and exact odds of five tabletop card games.

The package's parts: :mod:`explorer.cards` (card data as typed polars tables),
:mod:`explorer.schema` (the declared schemas and their validator), :mod:`explorer.games`
(one folder per game) and :mod:`explorer.ui` (the ipywidgets views the notebooks show).
"""

from explorer.errors import CardDataError, ExplorerError, UnknownNameError

__all__ = ["CardDataError", "ExplorerError", "UnknownNameError", "__version__"]
__version__ = "0.1.0"
