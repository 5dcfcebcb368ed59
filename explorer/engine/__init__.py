"""The step-through engine: one contract (:class:`Game`) for all five games."""

from __future__ import annotations

from explorer.engine import search as _search  # noqa: F401  (registers the search bot)
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
    load_rules,
    new_game,
    register,
    rules_for,
)

__all__ = [
    "Action", "Chance", "Decision", "Fact", "Game", "GameOver", "GameState", "LogEntry", "Outcome",
    "Rules", "load_game", "load_rules", "new_game", "register", "rules_for",
]
