"""``benchmarks/load.py`` still runs (issue #15): two simulated viewers for 15 seconds against
its own public Voila, no errors, every click answered, and no kernel of theirs left once they
have left and culling has had its time. A smoke test, not the measurement."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.serve import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SCRIPT = ROOT / "benchmarks" / "load.py"
ONE_POOL = ('--voila-arg=--VoilaKernelManager.kernel_pools_config='
            '{"default": {"pool_size": 0}, "rifts_play.ipynb": {"pool_size": 1}}')
"""Preheat the one page the smoke test opens, not all of them (a quicker start)."""


def _load(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def test_two_viewers_play_without_errors_and_leave_no_kernel(tmp_path: Path) -> None:
    figures = tmp_path / "load.json"
    done = _load("--viewers", "2", "--browsers", "0", "--duration", "15", "--think", "1",
                 "--ramp", "0", "--cull", "4", "--leave", "mixed",
                 "--pages", "rifts_play.ipynb", ONE_POOL, "--json", str(figures))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [run] = json.loads(figures.read_text(encoding="utf-8"))
    assert run["errors"] == 0, run["first_errors"]
    assert run["pages_served"] >= 2 and run["kernels_handed_out"] >= 2
    assert run["clicks"] >= 5 and len(run["samples"]["click_seconds"]) == run["clicks"]
    assert run["click_ms_p95"] is not None and run["click_ms_p95"] < 60_000
    assert run["kernel_rss_mib_median"] > 50  # a kernel's memory was read
    assert run["kernels_left_after_shutdown_call"] == 0  # gone at once
    assert run["kernels_left_after_culling"] == 0  # and the one that only closed its socket
    assert "| errors | 0 |" in done.stdout


def test_a_bad_argument_is_refused_with_what_is_wrong() -> None:
    done = _load("--viewers", "0", "--browsers", "0", "--sweep", "10,20", "--cull", "1",
                 timeout=60)
    assert done.returncode == 2
    assert "at least one viewer is needed" in done.stderr
    assert "--cull must be at least 2 seconds" in done.stderr
    done = _load("--sweep", "10,twenty", timeout=60)
    assert done.returncode == 2 and "is not a list of whole numbers" in done.stderr
