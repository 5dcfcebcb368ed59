"""A site of one small notebook for tests that start a Voila of their own."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path

from explorer.serve import ROOT
from explorer.viewer_client import Viewer

BUTTON = "still here"
"""The description of the one widget the notebook shows."""
NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {},
               "outputs": [], "source": ["import ipywidgets\n",
                                         f"ipywidgets.Button(description={BUTTON!r})"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def small_site(folder: Path) -> str:
    """Write ``folder/pages/one.ipynb`` and the project's ``voila.json`` beside it (so
    :func:`explorer.serve.running_voila` started there is the public server); returns the
    notebooks' folder name, for ``running_voila``."""
    (folder / "pages").mkdir()
    (folder / "pages" / "one.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    shutil.copy(ROOT / "voila.json", folder / "voila.json")
    return "pages"


async def clicks(viewer: Viewer, seconds: float, pause: float = 0.2) -> list[float]:
    """Click the small page's button every ``pause`` seconds for ``seconds``; each
    click-to-reply time."""
    button = viewer.control(model="ButtonModel", description=BUTTON)
    deadline = time.monotonic() + seconds
    times = []
    while time.monotonic() < deadline:
        times.append((await viewer.click(button)).seconds)
        await asyncio.sleep(pause)
    return times
