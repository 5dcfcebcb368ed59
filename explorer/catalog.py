"""The five games: their ids and titles, in the order the project lists them, and where each
declares its card tables (``explorer.games.<game>.tables``). The lowest floor: the engine and
the card data read it, and each game's folder is :mod:`explorer.games`."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import ModuleType

from explorer.errors import UnknownNameError

GAMES: Mapping[str, str] = {
    "rifts": "Rifts Adventures",
    "adventurers": "Adventurers",
    "gamma_world": "Gamma World",
    "rat_king": "Portable Adventures: Lair of the Rat-King",
    "riftforce": "Riftforce",
}
"""Game id -> display title, in the order the project lists them."""


def check_game(game: object) -> str:
    """Return ``game`` if it is a known game id, else raise :class:`UnknownNameError`."""
    if not isinstance(game, str) or game not in GAMES:
        raise UnknownNameError("game", game, list(GAMES))
    return game


@cache
def tables_module(game: str) -> ModuleType:
    """The ``explorer.games.<game>.tables`` module, which declares ``TABLES``."""
    return importlib.import_module(f"explorer.games.{check_game(game)}.tables")
