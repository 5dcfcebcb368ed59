"""Where the package keeps what it builds once per user and machine (the offline Vega bundle):
a folder of the user's cache, shared by the kernels that build into it and the server that
serves from it."""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/card-rules-explorer`` (``~/.cache`` when unset)."""
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return home / "card-rules-explorer"
