"""ipywidgets views over the package's models; notebooks display them in a cell or two.

Views are composed ``widgets.VBox`` subclasses, returned (not displayed). Every callback runs
through :class:`MessageArea.guard`, so an error reaches the viewer as a plain message and never
as a traceback (a hosted Voila page is public).
"""

from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from explorer.errors import ExplorerError

log = logging.getLogger("explorer.ui")
F = TypeVar("F", bound=Callable[..., Any])


class MessageArea(widgets.HTML):
    """A line of text for errors and notices, shown to the viewer in place of tracebacks."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("explorer-message")

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text`` (escaped) as ``info``, ``warning`` or ``error``."""
        colours = {"info": "#1d4ed8", "warning": "#b45309", "error": "#b91c1c"}
        self.value = (f'<div class="explorer-message-{kind}" style="color:{colours[kind]}">'
                      f"{html.escape(text)}</div>")

    def clear(self) -> None:
        """Remove any message."""
        self.value = ""

    def guard(self, callback: F) -> F:
        """Wrap a widget callback: clear the message, run, and show any error as text.

        Errors of the package (bad data, refused input) show their own message; anything else
        is logged for the operator and shown as a short apology.
        """

        @functools.wraps(callback)
        def run(*args: Any, **kwargs: Any) -> Any:
            self.clear()
            try:
                return callback(*args, **kwargs)
            except (ExplorerError, ValueError) as error:
                self.show(str(error), "error")
            except Exception:
                log.exception("unexpected error in %s", callback.__qualname__)
                self.show("Something went wrong here; the page is unchanged. "
                          "Please reload the page if it persists.", "error")
            return None

        return run  # type: ignore[return-value]
