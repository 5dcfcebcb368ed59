"""Server errors in one line each, and refused requests once a minute per address, so a
visitor requesting broken URLs cannot flood the log."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from explorer.serve.limits import Once


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


REFUSED_REQUESTS = Once(60)
"""The log of answers of 400 and over: one line per address and status a minute."""


def log_request(handler: Any, once: Once = REFUSED_REQUESTS) -> None:
    """Tornado's log line of a request (its ``log_function``), but an answer of 400 or more
    is written once a minute per address and status, the next line saying how many like it
    were not (a flood of refused requests wrote 24-44 KiB of log a second); the others as
    Tornado writes them (at info level, which the server does not show)."""
    from tornado.log import access_log

    status = handler.get_status()
    request = handler.request
    took = 1000.0 * request.request_time()
    if status < 400:
        access_log.info("%d %s %.2fms", status, handler._request_summary(), took)
        return
    more = once.say((request.remote_ip or "unknown", str(status)))
    if more is None:
        return
    say = access_log.warning if status < 500 else access_log.error
    say("%d %s %.2fms%s", status, handler._request_summary(), took, more)
