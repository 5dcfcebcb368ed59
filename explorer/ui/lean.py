"""Keeping a kernel's first chart cheap.

Altair validates its charts with jsonschema, and jsonschema, on its import, imports the
``rfc3987_syntax`` package whenever it is installed (Jupyter's event schemas pull it in), only
to offer an "iri" format check. That package compiles 39 grammars when it is imported: about
1.2 s of CPU, more than all the rest of ``import altair`` (0.4 s), paid by every viewer's
kernel at its first chart, thirty times over when a class arrives. Nothing here checks the
"iri" format, so :func:`install` tells jsonschema the package is absent, and only jsonschema:
anyone else importing it gets it as usual.
"""

from __future__ import annotations

import sys
from typing import Any

SKIPPED = "rfc3987_syntax"
"""The package jsonschema is told is absent."""
ASKER = "jsonschema._format"
"""The module whose import of it is skipped."""


class SkipIriGrammar:
    """An import finder that refuses :data:`SKIPPED` to :data:`ASKER` alone (jsonschema
    imports it under ``suppress(ImportError)`` and goes without the "iri" check)."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> None:
        if name != SKIPPED:
            return None
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_globals.get("__name__") == ASKER:
                raise ModuleNotFoundError(f"{SKIPPED} is left out for {ASKER}", name=name)
            frame = frame.f_back
        return None


def install() -> None:
    """Put :class:`SkipIriGrammar` first among the import finders (once)."""
    if not any(isinstance(finder, SkipIriGrammar) for finder in sys.meta_path):
        sys.meta_path.insert(0, SkipIriGrammar())
