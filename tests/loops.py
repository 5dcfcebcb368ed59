"""Coroutines run by the tests outside any event loop of the test's own thread."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def in_a_loop_of_its_own(work: Coroutine[Any, Any, Any]) -> Any:
    """``work`` run to its end by ``asyncio.run`` in a thread of its own, and its result: a
    browser test earlier on the same test worker keeps Playwright's event loop running in the
    main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()
