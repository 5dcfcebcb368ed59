"""A review of a long game within its budget, and stopped with its page (issue 46 item 5),
against a real public Voila and a real browser: a finished 12,680-step Rifts game (1,608
decisions of the person's seat; a prober's 12,610-step save had 1,609 and took 24 minutes of a
core, paid again after each Undo and Redo) is loaded through the page's own load control and
reviewed. The review looks at a sample of the decisions (``EXPLORER_REVIEW_MOST``, small here
to keep the test short), is kept across Undo and Redo, and a page closed in the middle of one
takes its kernel with it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Page, expect

from explorer.engine import new_game
from explorer.engine.bots import make_bot
from explorer.serve import ROOT, running_voila

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGE = "rifts_play.ipynb"
MOST = 4
"""Decisions a review looks at on this test's server."""
POOLS = json.dumps({"default": {"pool_size": 0}, PAGE: {"pool_size": 1}})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("review")
    log = folder / "voila.log"
    with pytest.MonkeyPatch.context() as env:  # the server, and so its kernels, get these
        env.setenv("EXPLORER_REVIEW_MOST", str(MOST))
        env.setenv("EXPLORER_RUN_LOCKS", str(folder / "line"))
        with running_voila("notebooks/", cwd=ROOT, log_path=log, timeout=120, extra=(
                f"--VoilaKernelManager.kernel_pools_config={POOLS}",
                "--PoolAwareKernelManager.max_starts_per_client=0")) as url:
            env.undo()
            yield url, log


@pytest.fixture(scope="module")
def long_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = new_game("rifts", seed=20, players=2, variant={"victory_adventure_tokens": 15})
    bots = [make_bot(game, "random", 200 + seat) for seat in range(2)]
    while not game.is_over:
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    assert game.steps == 12_680
    path = tmp_path_factory.mktemp("saves") / "long-rifts.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return path


def _kernel(page: Page) -> psutil.Process:
    import re

    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', page.content()).group(1)
    for process in psutil.process_iter(["cmdline"]):
        if any(f"kernel-{kernel_id}.json" in part for part in process.info["cmdline"] or ()):
            return process
    raise AssertionError(f"no process for kernel {kernel_id}")


def _loaded(page: Page, url: str, save: Path) -> None:
    page.goto(f"{url}/voila/render/{PAGE}", wait_until="commit")
    expect(page.locator(".stepper-status")).to_contain_text("Step", timeout=120_000)
    page.locator(".stepper-load input[type=file]").set_input_files(str(save))
    expect(page.locator(".stepper-message")).to_contain_text("Game loaded from",
                                                             timeout=60_000)


def test_a_long_games_review_looks_at_a_sample_and_is_kept_across_undo_and_redo(
        server, long_save, page: Page) -> None:
    url, log = server
    _loaded(page, url, long_save)
    page.locator(".stepper-review").first.click()
    summary = page.locator(".coach-review")
    expect(summary).to_contain_text(f"looked at {MOST} of your 1,608 decisions",
                                    timeout=180_000)
    kernel = _kernel(page)
    spent = kernel.cpu_times().user + kernel.cpu_times().system
    page.locator(".stepper-undo").click()
    expect(summary).to_have_count(0, timeout=60_000)
    page.locator(".stepper-redo").click()
    page.locator(".stepper-review").first.click()
    expect(summary).to_contain_text(f"looked at {MOST} of your 1,608 decisions",
                                    timeout=60_000)
    again = kernel.cpu_times().user + kernel.cpu_times().system - spent
    assert again < 5, f"the review kept across Undo and Redo cost {again:.1f} s of CPU"
    assert "Traceback" not in log.read_text(encoding="utf-8")


def test_a_page_closed_in_the_middle_of_a_review_takes_its_kernel_with_it(
        server, long_save, page: Page) -> None:
    url, _ = server
    _loaded(page, url, long_save)
    kernel = _kernel(page)
    page.locator(".stepper-review").first.click()
    expect(page.get_by_text("Reviewing your decisions")).to_be_visible(timeout=60_000)
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 60
    while kernel.is_running() and kernel.status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, "the kernel went on after its page was closed"
        time.sleep(0.5)
