"""Hostile widget messages (issue #15), sent straight to the kernels of real pages the way a
crafted client would, not through the controls: values outside a control's options, a
megabyte of text, a file that is not what it claims, clicks on stale or disabled buttons,
bursts of clicks, writes to traits no control writes. After each: nothing that carries an error
or a traceback reached the client, the page is unchanged (the kernel sent its values back) or
the viewer was told in words, and the page still plays.

The pages are those of the browser tests' Voila (``notebooks/``, the project's
``voila.json``); each is opened once for the module by :class:`explorer.viewer_client.Viewer`.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest

from explorer.ui.guard import SETTLE
from explorer.viewer_client import Viewer, Widget

from .loop_thread import LoopThread

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGES = ("rifts_play.ipynb", "riftforce_play.ipynb", "cards.ipynb", "balance.ipynb")
NOT_TAKEN = "Your last change was not taken"
"""How the guard's message to the viewer starts (explorer.ui._tell_viewer)."""


@pytest.fixture(scope="module")
def loop() -> Iterator[LoopThread]:
    running = LoopThread()
    yield running
    running.close()


@pytest.fixture(scope="module")
def pages(voila_url: str, loop: LoopThread) -> Iterator[dict[str, Viewer]]:
    """One viewer of each page of :data:`PAGES`, by notebook name; each leaves at the end as
    a browser does (its page's shutdown call)."""
    viewers = {name: Viewer(voila_url, timeout=180) for name in PAGES}

    async def open_all() -> None:
        await asyncio.gather(*(v.open(name) for name, v in viewers.items()))

    async def close_all() -> None:
        await asyncio.gather(*(v.close() for v in viewers.values()))

    try:
        loop.run(open_all())
        yield viewers
    finally:
        loop.run(close_all())


def step(viewer: Viewer) -> int:
    """The step number the page's status line shows."""
    found = re.search(r"Step (\d+)", viewer.text("stepper-status"))
    assert found, viewer.text("stepper-status")
    return int(found.group(1))


def message(viewer: Viewer) -> str:
    """What the page's message lines say (the page's, and the one beside the step's
    controls)."""
    return viewer.text("explorer-message").strip()


def live_step(viewer: Viewer) -> Widget:
    """The button a person clicks to go on: the pending roll or draw, else the first
    choice (each drawn with its step's stamp: explorer.ui.controls)."""
    return (viewer.find(css="step-roll") or viewer.find(css="step-choice"))[0]


def plays_on(viewer: Viewer, loop: LoopThread) -> None:
    """A normal click still moves the game on, and nothing went wrong on the page."""
    before = step(viewer)
    reply = loop.run(viewer.click(live_step(viewer)))
    assert not reply.problems
    assert step(viewer) > before, viewer.text("stepper-status")
    assert viewer.problems == []


def clear_message(viewer: Viewer, loop: LoopThread) -> None:
    """Clear a step-through page's message line with clicks that change nothing (every
    callback clears it first): the New game form shown, then hidden."""
    toggle = viewer.control(model="ButtonModel", css="stepper-new")
    for _ in range(2):
        assert not loop.run(viewer.click(toggle)).problems
    assert message(viewer) == ""


def test_a_dropdown_refuses_indexes_outside_its_options(pages, loop) -> None:
    """Told each time; a menu's ``value``, which no browser sends (the page writes the index),
    is dropped without a word; nothing changes."""
    viewer = pages["rifts_play.ipynb"]
    seat = viewer.find(model="DropdownModel", css="stepper-seat")[0]
    index, before = seat.state["index"], step(viewer)
    for bad in ({"index": 99}, {"index": -1}, {"index": None}, {"index": "1"},
                {"index": True}, {"index": [0, 1]}):
        clear_message(viewer, loop)
        reply = loop.run(viewer.update(seat, bad))
        assert not reply.problems, bad
        assert viewer.widgets[seat.model_id].state["index"] == index, bad  # set back
        assert NOT_TAKEN in message(viewer) and "not one of the choices" in message(viewer)
    clear_message(viewer, loop)
    reply = loop.run(viewer.update(seat, {"value": "the operator", "label": "x"}))
    assert not reply.problems and message(viewer) == ""
    assert viewer.widgets[seat.model_id].state["index"] == index
    assert step(viewer) == before
    plays_on(viewer, loop)


def test_a_disabled_or_stale_button_does_nothing_and_says_so(pages, loop) -> None:
    viewer = pages["rifts_play.ipynb"]
    redo = viewer.control(model="ButtonModel", css="stepper-redo")
    assert redo.disabled  # nothing undone yet
    before = step(viewer)
    reply = loop.run(viewer.click(redo))
    assert not reply.problems and step(viewer) == before
    assert {"disabled": True} in reply.updates(redo)
    assert NOT_TAKEN in message(viewer) and "not in use right now" in message(viewer)
    while viewer.find(css="step-roll"):  # on to a decision
        plays_on(viewer, loop)
    hidden_roll = viewer.find(css="step-roll", shown=False)[0]
    before = step(viewer)
    reply = loop.run(viewer.click(hidden_roll))  # a Roll left from an earlier step
    assert not reply.problems and step(viewer) == before
    assert "That choice was for an earlier step" in message(viewer)
    plays_on(viewer, loop)


def test_a_click_on_an_earlier_or_unknown_part_of_the_table_is_refused(pages, loop) -> None:
    viewer = pages["riftforce_play.ipynb"]
    board = viewer.control(css="board-view")
    while not board.state.get("clickable"):  # the random picks, up to the player's choice
        plays_on(viewer, loop)
    before, key = step(viewer), board.state["clickable"][0]
    drawn = board.state["step"]
    for click, said in (({"key": key, "step": drawn - 1}, "an earlier position"),
                        ({"key": "hand-9-99", "step": drawn}, "not a choice now"),
                        ({"key": key, "step": "now"}, "an earlier position"),
                        ({"key": ["x"] * 1000, "step": drawn}, "not a choice now")):
        # each said differs from the one before: a message left over would not pass
        reply = loop.run(viewer.custom(board, {"event": "click", **click}))
        assert not reply.problems and step(viewer) == before, click
        assert said in message(viewer), (click, message(viewer))
    reply = loop.run(viewer.custom(board, {"event": "click", "key": key, "step": drawn}))
    assert not reply.problems and step(viewer) > before
    assert viewer.problems == []


def test_a_megabyte_of_text_is_refused_with_a_message(pages, loop) -> None:
    viewer = pages["cards.ipynb"]
    search = viewer.control(model="TextModel", css="cards-search")
    shown = viewer.text("cards-count")
    reply = loop.run(viewer.update(search, {"value": "x" * 2**20}))
    assert not reply.problems and reply.seconds < 30
    assert "at most 200 characters" in message(viewer)
    assert viewer.text("cards-count") == shown
    loop.run(viewer.update(search, {"value": "Borg"}))
    assert viewer.text("cards-count") != shown and message(viewer) == ""
    assert viewer.problems == []


def test_a_file_that_is_not_what_it_claims_is_refused_with_a_message(pages, loop) -> None:
    viewer = pages["cards.ipynb"]
    upload = viewer.control(model="FileUploadModel", css="cards-upload")
    shown = viewer.text("cards-count")
    lie = {"name": "characters.parquet", "type": "application/vnd.apache.parquet",
           "size": 4, "content": b"PAR1 but not Parquet at all", "last_modified": 0}
    reply = loop.run(viewer.update(upload, {"value": [lie]}))
    assert not reply.problems
    assert "characters.parquet" in message(viewer) and "not a Parquet file" in message(viewer)
    assert viewer.text("cards-count") == shown  # the shipped cards still
    assert viewer.problems == []


def test_writes_to_traits_no_control_writes_are_set_back_without_a_word(pages, loop) -> None:
    viewer = pages["rifts_play.ipynb"]
    menu = viewer.find(model="DropdownModel", css="stepper-seat")[0]
    turn = viewer.control(model="ButtonModel", css="stepper-turn")
    status = viewer.control(model="HTMLModel", css="stepper-status")
    root = viewer.widgets[viewer.roots[0]]
    plays_on(viewer, loop)  # a click clears the message line
    quiet = message(viewer)
    kept = {w.model_id: dict(w.state) for w in (menu, turn, status, root)}
    for widget, bad in ((turn, {"disabled": True}), (turn, {"description": "pwned"}),
                        (root, {"children": []}), (menu, {"_options_labels": ["rm -rf /"]}),
                        (menu, {"description": "<b>x</b>"}),
                        (status, {"value": "<b>You won</b>"})):  # an output-only widget
        reply = loop.run(viewer.update(widget, bad))
        assert not reply.problems, bad
        now = viewer.widgets[widget.model_id].state
        assert {k: now[k] for k in bad} == {k: kept[widget.model_id][k] for k in bad}, bad
        assert message(viewer) == quiet, bad  # only a crafted client sends these
    assert len(viewer.shown()) > 10  # the page's widgets are all still there
    plays_on(viewer, loop)


def test_what_is_dropped_from_a_mixed_update_is_sent_back(pages, loop) -> None:
    """The value is taken, the description is not: the page gets the kernel's description
    back, so it does not show what the kernel never took."""
    viewer = pages["rifts_play.ipynb"]
    every_hand = viewer.control(model="CheckboxModel", css="stepper-every-hand")
    label, was = every_hand.description, every_hand.state["value"]
    reply = loop.run(viewer.update(every_hand, {"value": not was, "description": "pwned"}))
    assert not reply.problems
    state = viewer.widgets[every_hand.model_id].state
    assert state["description"] == label and state["value"] is (not was)
    loop.run(viewer.update(every_hand, {"value": was}))
    plays_on(viewer, loop)


def test_a_burst_of_clicks_on_the_run_button_starts_one_run(pages, loop) -> None:
    """50 clicks at once: the first runs the batch, the others reach a disabled button and
    are refused; the button is back a moment later and a normal click runs again."""
    viewer = pages["balance.ipynb"]
    games = viewer.control(model="IntTextModel", css="balance-run-games")
    run = viewer.control(model="ButtonModel", css="balance-run")
    source = viewer.control(model="DropdownModel", css="balance-source")
    loop.run(viewer.update(games, {"value": 4}))

    def fresh() -> list[str]:
        labels = viewer.widgets[source.model_id].state["_options_labels"]
        return [label for label in labels if label.startswith("Fresh")]

    before = fresh()
    replies = loop.run(viewer.burst(run, 50))
    assert len(replies) == 50 and not any(r.problems for r in replies)
    assert len(fresh()) == len(before) + 1, fresh()
    assert "not in use right now" in message(viewer)
    loop.run(viewer.drain(SETTLE + 1))
    assert not viewer.widgets[run.model_id].disabled  # enabled again by the kernel
    reply = loop.run(viewer.click(run))
    assert not reply.problems and len(fresh()) == len(before) + 2
    assert viewer.problems == []


def test_a_burst_of_clicks_on_undo_goes_back_to_the_start_and_no_further(pages, loop) -> None:
    """50 Undo clicks at once: each is answered, none with an error; the game goes back to
    its start, where Undo is disabled and the remaining clicks are refused; it plays on."""
    viewer = pages["rifts_play.ipynb"]
    undo = viewer.control(model="ButtonModel", css="stepper-undo")
    assert not undo.disabled and step(viewer) > 1
    replies = loop.run(viewer.burst(undo, 50))
    assert len(replies) == 50 and not any(r.problems for r in replies)
    assert step(viewer) == 0 and viewer.widgets[undo.model_id].disabled
    assert "not in use right now" in message(viewer)
    plays_on(viewer, loop)
