"""The step-through engine: one contract (:class:`Game`) for all five games."""

from __future__ import annotations

import importlib

from explorer.engine.core import (
    Action,
    Chance,
    Decision,
    Fact,
    Game,
    GameOver,
    GameState,
    LogEntry,
    Outcome,
    Rules,
    load_game,
    new_game,
    register,
    rules_for,
)

__all__ = [
    "Action", "Chance", "Decision", "Fact", "Game", "GameOver", "GameState", "LogEntry", "Outcome",
    "Rules", "load_game", "load_rules", "new_game", "register", "rules_for",
]


def load_rules(game_id: str) -> None:
    """Import ``explorer.games.<game_id>.rules`` if the game has rules (it registers itself)."""
    try:
        importlib.import_module(f"explorer.games.{game_id}.rules")
    except ModuleNotFoundError as error:
        if error.name != f"explorer.games.{game_id}.rules":
            raise
