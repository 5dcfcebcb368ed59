"""An event loop in a thread of its own, for tests that drive viewers (websocket clients)
beside Playwright's sync API (which may hold the test thread's loop)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any


class LoopThread:
    """An event loop running in a daemon thread: :meth:`run` a coroutine on it and wait for
    its result; the viewers made on it live on between runs."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, work: Coroutine[Any, Any, Any], timeout: float = 300) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
