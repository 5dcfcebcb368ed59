"""The one exception hierarchy of the package.

Every error the package raises on purpose derives from :class:`ExplorerError`, so callers
(notebooks, the Voila app, the CLI) can catch the whole family in one place and show the
message to a person instead of a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

_MISSING: Any = object()


class ExplorerError(Exception):
    """Base of every error raised on purpose by ``explorer``."""


class UnknownNameError(ExplorerError, LookupError):
    """A game, table or other name that the package does not know.

    The message lists the names that are known, so the fix is one look away.
    """

    def __init__(self, kind: str, name: object, known: list[str] | tuple[str, ...]) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(known)
        super().__init__(f"unknown {kind} {name!r}; known: {', '.join(self.known)}")

    def __str__(self) -> str:  # LookupError would otherwise repr() the message
        return str(self.args[0])


class CardDataError(ExplorerError, ValueError):
    """Card data that does not match its table's declared schema.

    The message names the file, the row (0-based, with the card's name when known), the
    column and the offending value, in the form
    ``"<file>: row 3 ('Borg Mercenary'), column 'base_force': must be an integer; found '7'"``.
    """

    def __init__(
        self,
        problem: str,
        *,
        file: str | Path | None = None,
        row: int | None = None,
        name: object = None,
        column: str | None = None,
        value: Any = _MISSING,
    ) -> None:
        self.problem = problem
        self.file = None if file is None else str(file)
        self.row = row
        self.name = name
        self.column = column
        self.value = None if value is _MISSING else value
        self.has_value = value is not _MISSING
        where = []
        if self.row is not None:
            where.append(f"row {row}" + (f" ({name!r})" if name is not None else ""))
        if column is not None:
            where.append(f"column {column!r}")
        text = ", ".join(where)
        text = f"{text}: {problem}" if text else problem
        if self.has_value:
            text += f"; found {value!r}"
        if self.file is not None:
            text = f"{self.file}: {text}"
        super().__init__(text)


class IllegalAction(ExplorerError, ValueError):
    """An action (or chance outcome) that is not legal now. The game is left unchanged."""


class StaleControl(IllegalAction):
    """A click on a control drawn for an earlier step than the one pending (a button, a card on
    the table, a "what if" choice): refused, and the game is left unchanged."""


class SavedGameError(ExplorerError, ValueError):
    """A saved game (``to_json`` text) that cannot be loaded; says what and where."""


class ScenarioError(ExplorerError, ValueError):
    """A scenario (a game built at a chosen position) that is not a legal position."""


class TooMuchWork(ExplorerError, RuntimeError):
    """A query that would take longer than the budget it was given (a page's best-action
    finder on a crowded board); nothing is changed."""


class RunawayStep(ExplorerError, RuntimeError):
    """A step whose rules ran on without stopping for a decision or a chance (a loop in a
    game's rules: a bug, not a position); the game is left as it was before the step."""


def command_status(work: Callable[[], object], prog: str | None = None) -> int:
    """Run a command line's ``work``: 0 when it returns, 2 when it raises an
    :class:`ExplorerError`, whose message goes to stderr as ``"[prog: ]error: ..."`` (no
    traceback; anything else is a bug and propagates)."""
    try:
        work()
    except ExplorerError as error:
        print(f"{prog + ': ' if prog else ''}error: {error}", file=sys.stderr)
        return 2
    return 0
