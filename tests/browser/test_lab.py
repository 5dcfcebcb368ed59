"""The step-through notebook in JupyterLab (a real ``jupyter lab``, as ``make lab`` starts it),
driven in Debian's Chromium: all cells run, and a click on a step's button updates the table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from explorer import ui
from explorer.errors import ExplorerError
from explorer.serve import running_lab
from explorer.ui.session import PlaySession

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    log = tmp_path_factory.mktemp("lab") / "lab.log"
    try:
        with running_lab(log_path=log) as started:
            yield started
    except ExplorerError as error:
        pytest.fail(str(error))


def test_rifts_play_runs_in_jupyterlab_and_a_click_updates_the_table(
        page: Page, lab: tuple[str, str]) -> None:
    url, token = lab
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/lab/tree/rifts_play.ipynb?token={token}", wait_until="domcontentloaded")
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session", timeout=120_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    status = page.locator(".stepper-status")
    session = PlaySession.start("rifts", players=2, seed=7)
    session.advance()
    expect(status).to_contain_text(f"Step {session.game.steps} ", timeout=120_000)
    table = page.locator(".step-live .table-view").first
    expect(table).to_have_attribute("data-step", str(session.game.steps))
    page.locator(".step-live .step-roll").first.click()  # setup's first draw
    session.roll()
    session.advance()
    expect(status).to_contain_text(f"Step {session.game.steps} ")
    expect(page.locator(".step-live .table-view").first).to_have_attribute(
        "data-step", str(session.game.steps))
    assert not errors, errors
    # the charts' Vega bundle is served to JupyterLab as to Voila (explorer.ui.loader)
    ui.enable_offline_charts()
    bundle = page.request.get(f"{url}/files/static/{ui._bundle_path().name}?token={token}")
    assert bundle.ok and len(bundle.body()) == ui._bundle_path().stat().st_size
