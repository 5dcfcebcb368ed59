"""What a crafted client can make a viewer's kernel do (issue 26, the kernel's items), sent
straight to the kernels of real pages by :class:`explorer.viewer_client.Viewer`, not through
the pages' controls: card set uploads that decode to far more than their Parquet footer says
(item 4), saves naming a server folder as their card set (item 5), values of the wrong JSON
type in the seed boxes (item 8), and two balance runs started at once (item 3).

The server is the public server's Voila on a small site of copies of three real pages
(balance, cards, Rifts play) with the project's ``voila.json``; its kernels' run slots are
set for the test (one slot, a lock folder of its own), so other servers on the machine do
not take part.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import psutil
import pytest

import explorer
from explorer import cards
from explorer.balance import WAITING
from explorer.errors import ExplorerError
from explorer.serve import ROOT, running_voila
from explorer.viewer_client import Reply, Viewer, Widget
from tests.browser.conftest import UNCAPPED
from tests.browser.loop_thread import LoopThread
from tests.browser.test_hostile_widgets import NOT_TAKEN
from tests.parquet_bombs import declared_bytes, dictionary_bomb, footer_lie

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGES = ("balance.ipynb", "cards.ipynb", "rifts_play.ipynb")


@pytest.fixture(scope="module")
def loop() -> Iterator[LoopThread]:
    running = LoopThread()
    yield running
    running.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the public server's Voila serving copies of :data:`PAGES`, its
    kernels playing one balance run at a time (their own lock folder)."""
    folder = tmp_path_factory.mktemp("kernel-site")
    (folder / "pages").mkdir()
    for page in PAGES:
        shutil.copy(ROOT / "notebooks" / page, folder / "pages" / page)
    shutil.copy(ROOT / "voila.json", folder / "voila.json")
    with pytest.MonkeyPatch.context() as env:  # the server, and so its kernels, get these
        env.setenv("EXPLORER_RUN_SLOTS", "1")
        env.setenv("EXPLORER_RUN_LOCKS", str(folder / "run-slots"))
        try:
            with running_voila("pages", cwd=folder, extra=UNCAPPED,
                               log_path=folder / "voila.log") as url:
                env.undo()
                yield url
        except ExplorerError as error:
            pytest.fail(str(error))


def opened(site: str, loop: LoopThread, page: str) -> Viewer:
    viewer = Viewer(site, timeout=240)
    loop.run(viewer.open(page))
    return viewer


def kernel_process(viewer: Viewer) -> psutil.Process:
    """The kernel process of ``viewer``'s page (its command line names its connection file,
    ``kernel-<id>.json``)."""
    for process in psutil.process_iter(["cmdline"]):
        if any(viewer.kernel_id in part for part in process.info["cmdline"] or ()):
            return process
    raise AssertionError(f"no process for kernel {viewer.kernel_id}")


def resident(process: psutil.Process) -> tuple[int, int]:
    """The process's resident memory now and at its peak (``VmRSS``, ``VmHWM``), bytes."""
    fields = dict(line.split(":", 1) for line in
                  Path(f"/proc/{process.pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024


def message(viewer: Viewer) -> str:
    return viewer.text("explorer-message").strip()


# ---- item 4 --------------------------------------------------------------------------------

def test_item4_a_card_upload_that_decodes_far_past_its_footer_is_refused_and_the_kernel_barely_moves(  # noqa: E501
        site: str, loop: LoopThread) -> None:
    """The upload control is sent, as a crafted client sends it, a 5 KB file whose footer
    declares 1 MB (2 GB decoded), a 6 KB file declaring 15.9 MB (30 GB decoded) and a 24 KB
    file whose footer says 0 bytes for 200 MB: each is refused by name in the page's message
    line, the cards shown stay the shipped ones, and the kernel's peak resident memory moves
    by less than 64 MiB for each (before the fix: 155 MB to 2.2 GB). A real table, uploaded
    the same way, still loads."""
    viewer = opened(site, loop, "cards.ipynb")
    try:
        upload = viewer.control(model="FileUploadModel", css="cards-upload")
        shown = viewer.text("cards-count")
        kernel = kernel_process(viewer)
        for what, content in (("1 MiB dictionary", dictionary_bomb()),
                              ("15 MiB dictionary", dictionary_bomb(15 * 2**20)),
                              ("lying footer", footer_lie())):
            assert len(content) < 32_000 and declared_bytes(content) < 16 * 2**20
            Path(f"/proc/{kernel.pid}/clear_refs").write_text("5")  # its peak starts again
            before, _ = resident(kernel)
            item = {"name": "characters.parquet", "type": "application/vnd.apache.parquet",
                    "size": len(content), "content": content, "last_modified": 0}
            reply = loop.run(viewer.update(upload, {"value": [item]}))
            _, peak = resident(kernel)
            said = message(viewer)
            assert not reply.problems, what
            assert said.startswith("characters.parquet "), (what, said)
            assert "far more than a card table may hold" in said or "too long" in said, said
            assert viewer.text("cards-count") == shown, what
            assert peak - before < 64 * 2**20, f"{what}: {(peak - before) / 2**20:.0f} MiB"
        shipped = (cards.data_root() / "rifts" / "characters.parquet").read_bytes()
        item = {"name": "characters.parquet", "type": "", "size": len(shipped),
                "content": shipped, "last_modified": 0}
        assert not loop.run(viewer.update(upload, {"value": [item]})).problems
        assert message(viewer).startswith("Loaded your Rifts Adventures cards: characters")
        assert viewer.problems == []
    finally:
        loop.run(viewer.close())


# ---- item 5 --------------------------------------------------------------------------------

def _save_naming(folder: str) -> str:
    """A save of Rifts (version 1: no checksum to redo) naming ``folder`` as its card set."""
    data = json.loads(explorer.new_game("rifts", players=2, seed=5).to_json())
    data["version"] = 1
    del data["checksum"]
    data["options"]["cards"] = folder
    return json.dumps(data)


def test_item5_a_save_naming_a_server_folder_is_refused_in_words_that_name_no_path(
        site: str, loop: LoopThread, tmp_path: Path) -> None:
    """The page's load control is sent saves whose options name a folder of the server
    holding a good Rifts card set, a system folder, a folder that is not there and a file:
    each is refused with the same plain words (no path, nothing on whether it exists) and the
    game is unchanged; a save naming the game's own cards loads."""
    server_set = tmp_path / "server-set"
    shutil.copytree(cards.data_root() / "rifts", server_set)
    viewer = opened(site, loop, "rifts_play.ipynb")
    try:
        load = viewer.control(css="stepper-load")
        status = viewer.text("stepper-status")
        said = set()
        for folder in (str(server_set), "/etc", "/nonexistent-dir", "/etc/passwd"):
            reply = loop.run(viewer.custom(load, {"event": "file", "name": "game.json",
                                                  "text": _save_naming(folder)}))
            text = message(viewer)
            assert not reply.problems, folder
            assert "not on this page" in text, (folder, text)
            assert "/" not in text and "exist" not in text and "folder" not in text, text
            assert viewer.text("stepper-status") == status, folder
            said.add(text)
        assert len(said) == 1
        own = str(cards.data_root() / "rifts")
        assert not loop.run(viewer.custom(load, {"event": "file", "name": "game.json",
                                                 "text": _save_naming(own)})).problems
        assert "Game loaded from game.json" in message(viewer)
        assert viewer.problems == []
    finally:
        loop.run(viewer.close())


# ---- item 8 --------------------------------------------------------------------------------

def test_item8_a_seed_box_refuses_a_fraction_and_true_with_the_pages_message(
        site: str, loop: LoopThread) -> None:
    """The seed boxes of the balance page (IntText) and of a play page's new-game form
    (BoundedIntText) are sent 1.5, true, "7" and null: each is set back to the kernel's value
    and the page says the change was not taken and that the box takes a whole number; a
    whole number is taken without a word."""
    for page, css in (("balance.ipynb", "balance-run-seed"),
                      ("rifts_play.ipynb", "stepper-new-seed")):
        viewer = opened(site, loop, page)
        try:
            seed = viewer.control(css=css) if page == "balance.ipynb" else \
                viewer.find(css=css, shown=False)[0]
            kept = seed.state["value"]
            for wrong in (1.5, True, "7", None):
                reply = loop.run(viewer.update(seed, {"value": wrong}))
                assert not reply.problems, (page, wrong)
                assert viewer.widgets[seed.model_id].state["value"] == kept, (page, wrong)
                assert {"value": kept} in reply.updates(seed), (page, wrong)  # set back
                said = message(viewer)
                assert NOT_TAKEN in said and "a whole number" in said, (page, wrong, said)
            reply = loop.run(viewer.update(seed, {"value": kept + 1}))
            assert not reply.problems
            assert viewer.widgets[seed.model_id].state["value"] == kept + 1
            assert viewer.problems == []
        finally:
            loop.run(viewer.close())


# ---- item 3 --------------------------------------------------------------------------------

def _dated(reply: Reply, widget: Widget, words: str) -> list[datetime]:
    """When the kernel sent each update of ``widget`` whose value holds ``words``."""
    return [datetime.fromisoformat(m["header"]["date"]) for m in reply.messages
            if m.get("msg_type") == "comm_msg"
            and m["content"].get("comm_id") == widget.model_id
            and words in str(m["content"].get("data", {}).get("state", {}).get("value", ""))]


def test_item3_two_balance_runs_started_at_once_take_turns(site: str, loop: LoopThread) -> None:
    """Two balance pages click Run at the same moment (the server plays one run at a time
    here): one page says it is waiting for another run, and its play starts only after the
    other's has finished; both runs complete."""
    viewers = [opened(site, loop, "balance.ipynb") for _ in range(2)]
    try:
        runs, statuses = [], []
        for viewer in viewers:
            games = viewer.control(model="IntTextModel", css="balance-run-games")
            assert not loop.run(viewer.update(games, {"value": 30})).problems
            runs.append(viewer.control(model="ButtonModel", css="balance-run"))
            statuses.append(viewer.control(css="balance-run-status"))

        async def both() -> list[Reply]:
            return await asyncio.gather(*(v.click(r) for v, r in zip(viewers, runs,
                                                                     strict=True)))

        replies = loop.run(both(), timeout=600)
        assert not any(r.problems for r in replies)
        waited = [i for i, r in enumerate(replies) if _dated(r, statuses[i], WAITING)]
        assert len(waited) == 1, [v.text("balance-run-status") for v in viewers]
        second = waited[0]
        first = 1 - second
        finished = _dated(replies[first], statuses[first], "Played 30 of 30 games")
        started = _dated(replies[second], statuses[second], "playing...")
        assert finished and started and started[0] >= finished[0], (finished, started)
        assert all("Played 30 of 30 games" in v.text("balance-run-status") for v in viewers)
    finally:
        for viewer in viewers:
            loop.run(viewer.close())
