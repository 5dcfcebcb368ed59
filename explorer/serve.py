"""Start the project's Voila server (or JupyterLab) and find Debian's Chromium: shared by tests
and scripts.

``make serve`` runs Voila directly; the browser tests, the benchmarks and the README's
screenshot start the same server (same ``voila.json``, from the repository root) with
:func:`running_voila` on a free port. ``make lab`` runs JupyterLab on notebooks/; the JupyterLab
browser test starts the same with :func:`running_lab`.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from explorer.errors import ExplorerError

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)


class PoolAwareKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, with a kernel's idle time counted from when it leaves Voila's
    pool of preheated kernels (``voila.json`` names this class).

    Voila keeps pooled kernels from being culled but not their idle clock: a kernel preheated
    long ago and handed to a viewer could be culled in the second before the viewer's browser
    connects to it, and the page would never show its widgets. Before each culling round, the
    pooled kernels are marked active, so a kernel handed out has the whole idle timeout (less
    one culling interval) for its viewer to connect.

    Nor does Voila notice a pooled kernel that died and was restarted by Jupyter (same kernel
    id, nothing in it): it would hand out the page the dead kernel rendered, and the browser
    would find none of its widgets ("model not found"). A restarted kernel leaves its pool
    and is shut down, and the pool preheats another.
    """

    _shutting: ClassVar[set[asyncio.Future]] = set()

    def _pooled(self) -> Iterator[tuple[str, Any, str]]:
        """Each preheated kernel waiting in a pool: (notebook, pool item, kernel id)."""
        for notebook, pool in list(getattr(self, "_pools", {}).items()):
            for item in list(pool):
                if item.done() and not item.cancelled() and item.exception() is None:
                    yield notebook, item, item.result().get("kernel_id")

    async def cull_kernels(self) -> None:
        """Mark the pooled kernels active, then cull as Jupyter does."""
        now = datetime.now(UTC)
        for _, _, kernel_id in self._pooled():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel as Jupyter does, watching for its restarts."""
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.add_restart_callback(kernel_id, partial(self._restarted, kernel_id), "restart")
        return kernel_id

    def _restarted(self, kernel_id: str) -> None:
        """A kernel is being restarted: if it waits in a pool, drop it from the pool now,
        preheat another, and shut it down once its restart is over."""
        for notebook, item, pooled in self._pooled():
            if pooled == kernel_id:
                self._pools[notebook].remove(item)
                rendering = item.result().get("task")  # the page the dead kernel was drawing
                if rendering is not None and not rendering.done():
                    rendering.cancel()
                self.log.warning("Preheated kernel %s of %s died and was restarted empty: "
                                 "shutting it down and preheating another", kernel_id, notebook)
                task = asyncio.ensure_future(self._retire(kernel_id))
                self._shutting.add(task)  # kept until done (the loop holds tasks weakly)
                task.add_done_callback(self._shutting.discard)
                self.fill_if_needed(notebook_name=notebook)  # Voila's own refill
                return

    async def _retire(self, kernel_id: str, timeout: float = 120) -> None:
        """Shut a restarted kernel down once Jupyter's restart of it is over (the restart
        callbacks run before the restart; shutting down in the middle of it fails)."""
        deadline = time.monotonic() + timeout
        await asyncio.sleep(0.5)  # the restarter starts the restart after its callbacks
        while kernel_id in self._kernels and time.monotonic() < deadline:
            ready = getattr(self._kernels[kernel_id], "ready", None)
            if ready is None or ready.done():
                break
            await asyncio.sleep(0.5)
        if kernel_id not in self._kernels:
            return
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception as error:  # a kernel that died again is culled later
            self.log.warning("Could not shut down restarted kernel %s: %s", kernel_id, error)


def chromium() -> str:
    """The path of Debian's Chromium, or an error saying how to install it."""
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise ExplorerError("Debian's chromium is not installed: run `make test` as root, "
                            "or `sudo apt-get install chromium`")
    return path


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_voila(notebooks: str = "notebooks/", port: int | None = None,
                  extra: tuple[str, ...] = (), timeout: float = 60,
                  log_path: Path | None = None, cwd: Path = ROOT) -> Iterator[str]:
    """Run ``voila notebooks/`` from the repository root; yield its base URL; stop it after.

    Voila's output goes to ``log_path`` when given (kept after), else to a temporary file.
    ``cwd`` another folder: Voila run from there, without the project's ``voila.json`` (the
    benchmarks' stock Voila).
    """
    port = free_port() if port is None else port
    voila = Path(sys.executable).with_name("voila")
    opened = open(log_path, "w+", encoding="utf-8") if log_path else tempfile.TemporaryFile("w+")
    with opened as log:
        server = subprocess.Popen(
            [str(voila), notebooks, f"--port={port}", "--no-browser", *extra],
            cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/voila/static/voila.js", timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise ExplorerError(
                            f"Voila did not start; its log:\n{log.read()}") from None
                    time.sleep(0.3)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


LAB_ARGS = ("--no-browser", "--ServerApp.ip=127.0.0.1", "--ServerApp.root_dir=notebooks",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class="
            "jupyterlab.NeverCheckForUpdate")
"""How ``make lab`` and the tests start JupyterLab: on loopback, over notebooks/, offline."""


@contextmanager
def running_lab(port: int | None = None, timeout: float = 90,
                log_path: Path | None = None) -> Iterator[tuple[str, str]]:
    """Run ``jupyter lab`` on notebooks/ with a fresh token and the app exposed to the page
    (so a test can run its commands); yield (base URL, token); stop it after."""
    import secrets

    port = free_port() if port is None else port
    token = secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    opened = open(log_path, "w+", encoding="utf-8") if log_path else tempfile.TemporaryFile("w+")
    with opened as log:
        server = subprocess.Popen(
            [str(jupyter), "lab", f"--port={port}", f"--IdentityProvider.token={token}",
             "--LabApp.expose_app_in_browser=True", *LAB_ARGS,
             *(["--allow-root"] if os.geteuid() == 0 else [])],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise ExplorerError(
                            f"JupyterLab did not start; its log:\n{log.read()}") from None
                    time.sleep(0.3)
            yield url, token
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def lab(port: int = 8888) -> int:
    """``make lab``: JupyterLab on notebooks/ (as :func:`running_lab` starts it, with the
    login token JupyterLab prints); returns its exit status."""
    jupyter = Path(sys.executable).with_name("jupyter")
    root = ["--allow-root"] if os.geteuid() == 0 else []
    print(f"Opening notebooks/ in JupyterLab at http://127.0.0.1:{port}/lab "
          "(use the link with the token printed below)", flush=True)
    return subprocess.call([str(jupyter), "lab", f"--port={port}", *LAB_ARGS, *root],
                           cwd=ROOT)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Start the project's servers.")
    parser.add_argument("what", choices=["lab"])
    parser.add_argument("--port", type=int, default=8888)
    arguments = parser.parse_args()
    raise SystemExit(lab(arguments.port))
