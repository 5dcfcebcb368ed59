"""Server errors in one line each, so a visitor requesting broken URLs cannot flood the log."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from pathlib import Path


class OneLineErrors(logging.Filter):
    """Log an unexpected server error in one line (what failed, where) instead of a
    traceback of dozens, so a visitor requesting broken URLs cannot flood the log. A message
    of several lines (asyncio's "Task exception was never retrieved" and the task it names)
    becomes one line too, its lines joined by " | "."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            frames = traceback.extract_tb(error.__traceback__)
            where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames \
                else ""
            text = f"{text}: {type(error).__name__}: {str(error)[:200]}{where}"
        elif "\n" not in text:
            return True
        record.msg = " | ".join(line.strip() for line in text.splitlines() if line.strip())
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True


ERROR_LOGGERS = ("tornado.application", "tornado.general", "asyncio", "PublicVoila")
"""The loggers the public server writes unexpected errors to (:class:`OneLineErrors`);
``asyncio`` reports a failed task or callback of the server's event loop itself."""


def one_line_errors(names: tuple[str, ...] = ERROR_LOGGERS) -> Callable[[], None]:
    """Put :class:`OneLineErrors` on the loggers ``names``; returns what takes it off
    again."""
    one_line = OneLineErrors()
    for name in names:
        logging.getLogger(name).addFilter(one_line)

    def remove() -> None:
        for name in names:
            logging.getLogger(name).removeFilter(one_line)

    return remove
