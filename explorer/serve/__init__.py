"""Start the project's Voila server (or JupyterLab) and find Debian's Chromium: shared by tests
and scripts.

``make serve`` runs Voila directly; the browser tests, the benchmarks and the README's
screenshot start the same server (same ``voila.json``, from the repository root) with
:func:`running_voila` on a free port. ``make lab`` runs JupyterLab on notebooks/; the JupyterLab
browser test starts the same with :func:`running_lab`.

The public server itself is in the modules of this package: :mod:`.kernels` (the kernel
manager and its caps), :mod:`.channels` (the websocket between a page and its kernel),
:mod:`.frames` (a frame's layout checked before anything decodes it), :mod:`.limits` (the
budgets of a kernel's sockets and the rate-limited log of refusals), :mod:`.pages` (the page
and other HTTP handlers), :mod:`.logs` (one-line errors) and :mod:`.app` (Voila with all of
them, ``python -m explorer.serve voila``).
"""

from __future__ import annotations

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
from pathlib import Path

from explorer.errors import ExplorerError
from explorer.serve.app import public_voila, voila_main
from explorer.serve.channels import (
    CLIENT_COMMS,
    CLIENT_MESSAGES,
    MAX_CLIENT_MESSAGE,
    ViewerChannels,
    channels_handler,
)
from explorer.serve.kernels import PageBeingDrawn, PoolAwareKernelManager
from explorer.serve.logs import ERROR_LOGGERS, OneLineErrors, one_line_errors
from explorer.serve.pages import (
    ASLEEP_AFTER,
    FULL_PAGE,
    NOT_A_PAGE,
    PAGE_SCRIPT,
    TOO_FAST_PAGE,
    kernel_handler,
    page_handler,
    template_file_handler,
)

__all__ = [
    "ASLEEP_AFTER", "CHROMIUM_ARGS", "CLIENT_COMMS", "CLIENT_MESSAGES", "ERROR_LOGGERS",
    "FULL_PAGE", "LAB_ARGS", "MAX_CLIENT_MESSAGE", "NOT_A_PAGE", "PAGE_SCRIPT", "ROOT",
    "TOO_FAST_PAGE", "OneLineErrors",
    "PageBeingDrawn", "PoolAwareKernelManager", "ViewerChannels", "channels_handler",
    "chromium", "free_port", "kernel_handler", "lab", "one_line_errors", "page_handler",
    "public_voila", "running_lab", "running_voila", "template_file_handler", "voila_main",
]

ROOT = Path(__file__).resolve().parents[2]
"""The repository's folder (the notebooks and data the server serves are under it)."""
CHROMIUM_ARGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)
"""How the tests start Debian's Chromium: headless, with nothing fetched on its own."""



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
                  log_path: Path | None = None, cwd: Path = ROOT,
                  descriptors: int | None = None) -> Iterator[str]:
    """Run ``voila notebooks/`` from the repository root (the public server's Voila:
    :func:`voila_main`); yield its base URL; stop it after.

    Voila's output goes to ``log_path`` when given (kept after), else to a temporary file.
    ``cwd`` another folder: Voila run from there; the public server's Voila if that folder
    holds a ``voila.json``, else the stock ``voila`` (the benchmarks' bare Voila).
    ``descriptors``: the process's limit on them, soft and hard (as ``ulimit -n`` sets it).
    """
    port = free_port() if port is None else port
    public = (cwd / "voila.json").exists()  # the project's configuration: its server
    voila = [sys.executable, "-m", "explorer.serve", "voila"] if public else \
        [str(Path(sys.executable).with_name("voila"))]
    with _server([*voila, notebooks, f"--port={port}", "--no-browser", *extra], cwd,
                 f"http://127.0.0.1:{port}/voila/static/voila.js", "Voila", timeout,
                 log_path, descriptors):
        yield f"http://127.0.0.1:{port}"


@contextmanager
def _server(command: list[str], cwd: Path, probe: str, name: str, timeout: float,
            log_path: Path | None, descriptors: int | None = None) -> Iterator[None]:
    """Run ``command`` in ``cwd`` (its output to ``log_path``, else a temporary file) until
    ``probe`` answers (an :class:`ExplorerError` with its log if it does not within
    ``timeout`` seconds, or it stops); hold it for the block; stop it after. ``descriptors``:
    its limit on them, soft and hard."""
    opened = open(log_path, "w+", encoding="utf-8") if log_path else tempfile.TemporaryFile("w+")
    limited = None
    if descriptors is not None:
        import resource

        def limited() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))
    with opened as log:
        server = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"},
                                  preexec_fn=limited)
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(probe, timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise ExplorerError(
                            f"{name} did not start; its log:\n{log.read()}") from None
                    time.sleep(0.3)
            yield
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
    url = f"http://127.0.0.1:{port}"
    with _server([str(jupyter), "lab", f"--port={port}", f"--IdentityProvider.token={token}",
                  "--LabApp.expose_app_in_browser=True", *LAB_ARGS,
                  *(["--allow-root"] if os.geteuid() == 0 else [])], ROOT,
                 f"{url}/api/status?token={token}", "JupyterLab", timeout, log_path):
        yield url, token

def lab(port: int = 8888) -> int:
    """``make lab``: JupyterLab on notebooks/ (as :func:`running_lab` starts it, with the
    login token JupyterLab prints); returns its exit status."""
    jupyter = Path(sys.executable).with_name("jupyter")
    root = ["--allow-root"] if os.geteuid() == 0 else []
    print(f"Opening notebooks/ in JupyterLab at http://127.0.0.1:{port}/lab "
          "(use the link with the token printed below)", flush=True)
    return subprocess.call([str(jupyter), "lab", f"--port={port}", *LAB_ARGS, *root],
                           cwd=ROOT)


