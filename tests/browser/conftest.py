"""A real Voila server and Debian's Chromium, driven by Playwright.

The server is started from the repository root as ``make serve`` starts it (so the repository's
``voila.json`` applies), on a free port, and stopped after the session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from explorer.errors import ExplorerError
from explorer.serve import CHROMIUM_ARGS, chromium, running_voila

# A page's update waits on a kernel that shares 2 cores with preheating kernels and the other
# test worker: give each expectation 30 s instead of Playwright's 5 s (a real failure still
# fails, only later).
expect.set_options(timeout=30_000)


UNCAPPED = ("--PoolAwareKernelManager.max_kernels=1000",
            "--PoolAwareKernelManager.max_kernels_per_viewer=1000",
            "--PoolAwareKernelManager.max_kernels_per_client=1000",
            "--PoolAwareKernelManager.max_starts_per_viewer=0",
            "--PoolAwareKernelManager.max_starts_per_client=0",
            "--PoolAwareKernelManager.min_free_memory=0")
"""The browser tests' server: no kernel caps."""
VOILA_LOG: list[Path] = []
"""Where this test process's Voila writes its log (shown with a failed browser test)."""


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a running ``voila notebooks/``."""
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    VOILA_LOG.append(log)
    try:
        # the tests' pages all come from one address and are closed without their unload
        # call: the caps are tested on a server of their own (test_public_server.py)
        with running_voila(log_path=log, extra=UNCAPPED) as url:
            yield url
    except ExplorerError as error:
        pytest.fail(str(error))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator:
    """A failed browser test reports the end of Voila's log (warnings, errors, timeouts)."""
    report = yield
    if report.failed and VOILA_LOG and VOILA_LOG[-1].exists():
        lines = VOILA_LOG[-1].read_text(encoding="utf-8", errors="replace").splitlines()
        report.sections.append((f"Voila's log, last 60 lines of {len(lines)} "
                                f"({VOILA_LOG[-1]})", "\n".join(lines[-60:])))
    return report


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch Debian's Chromium (Playwright's own browser download does not work here)."""
    try:
        path = chromium()
    except ExplorerError as error:
        pytest.fail(str(error))
    return {**browser_type_launch_args, "executable_path": path, "args": list(CHROMIUM_ARGS)}


@pytest.fixture(scope="session")
def base_url(voila_url: str) -> str:
    return voila_url


@pytest.hookimpl(trylast=True)  # after pytest-xdist has named each test's group
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Open every linked page last: it uses up each page's preheated kernel, and the pools
    refilling all at once would slow the pages the other browser tests open.

    Under ``--dist loadgroup`` every browser test must be in the group "browser", run by one
    worker against one Voila: refuse to run when pytest-xdist could not group them."""
    if config.getoption("dist", "no") == "loadgroup" or getattr(config.option, "loadgroup",
                                                                 False):
        ungrouped = [item.nodeid for item in items if item.get_closest_marker("browser")
                     and not item.nodeid.endswith("@browser")]
        if ungrouped:
            raise pytest.UsageError(
                f"pytest-xdist did not put {ungrouped[0]} in the group 'browser' (of "
                f"{len(ungrouped)} browser tests); the browser tests would run on every worker "
                "at once. pyproject.toml pins the pytest that xdist's loadgroup works with.")
    items.sort(key=lambda item: "test_landing.py" in item.nodeid)
