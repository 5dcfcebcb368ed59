"""Hostile widget updates (issue #15): comm messages sent straight to the kernel's widgets, the
way a crafted client would send them, not through the controls (:mod:`explorer.ui.guard`)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import comm
import ipywidgets as widgets
import pytest
from ipywidgets.widgets import widget as widget_module
from ipywidgets.widgets.tests.utils import DummyComm, setup_test_comm, teardown_test_comm

import explorer.ui  # noqa: F401 - installs the guard, as every page does
from explorer.ui.guard import CLIENT_TRAITS
from tests.loops import in_a_loop_of_its_own


class _Comm(DummyComm):
    """ipywidgets' test comm, with an id of its own (as in a kernel), so each widget is one
    entry of the kernel's widget registry."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__()
        self.comm_id = uuid.uuid4().hex


@pytest.fixture(autouse=True)
def _comm() -> Iterator[None]:
    setup_test_comm()
    comm.create_comm = lambda **kwargs: _Comm()
    before = set(widget_module._instances)
    yield
    for key in set(widget_module._instances) - before:  # this test's widgets, closed while
        widget_module._instances[key].close()  # the comm module lives (not at exit)
    teardown_test_comm()


def update(widget: widgets.Widget, **state: object) -> list[dict]:
    """Deliver ``state`` as a client's update message; the messages the kernel sent back."""
    widget.comm.messages.clear()
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})
    return [kwargs.get("data") or args[0] for args, kwargs in widget.comm.messages]


def test_a_dropdown_takes_an_index_in_range_and_nothing_else() -> None:
    seen: list[object] = []
    menu = widgets.Dropdown(options=["Rifts", "Riftforce"], value="Rifts")
    menu.observe(lambda change: seen.append(change["new"]), "value")
    for bad in ({"index": 7}, {"index": -1}, {"index": None}, {"index": "1"},
                {"index": True}, {"_options_labels": ["rm -rf"]}, {"disabled": True},
                {"layout": "IPY_MODEL_x"}, {"description": "x" * 2**20}):
        sent = update(menu, **bad)
        assert menu.value == "Rifts" and menu.index == 0 and not menu.disabled, bad
        assert not any(m.get("method") == "echo_update" for m in sent)  # nothing echoed
        assert any(m.get("method") == "update" for m in sent)  # the control is set back
    assert menu.options == ("Rifts", "Riftforce") and seen == []
    update(menu, index=1)
    assert menu.value == "Riftforce" and seen == ["Riftforce"]


def test_a_disabled_control_and_a_box_take_no_update() -> None:
    checkbox = widgets.Checkbox(value=False, disabled=True)
    update(checkbox, value=True, disabled=False)
    assert checkbox.value is False and checkbox.disabled
    box = widgets.VBox([widgets.Label("a")])
    update(box, children=[])
    assert len(box.children) == 1


def test_a_value_of_the_wrong_type_is_refused_without_a_traceback() -> None:
    slider = widgets.IntSlider(value=3, min=0, max=10)
    sent = update(slider, value="three")
    assert slider.value == 3 and any(m.get("method") == "update" for m in sent)
    text = widgets.Text(value="")
    update(text, value="x" * 2**20)  # a megabyte of text: taken; the handlers judge it
    assert len(text.value) == 2**20


def test_item8_a_value_of_the_wrong_json_type_is_set_back_and_the_viewer_told() -> None:
    """Issue 26 item 8: a seed box (IntText, BoundedIntText) took 1.5 and true as 1 without a
    word (ipywidgets' casting traits). Every kind of control the pages use refuses a value of
    the wrong JSON type, sends its value back and says what it takes; a good value is taken."""
    from explorer.ui import MessageArea

    class View(widgets.VBox):
        def __init__(self, control: widgets.Widget) -> None:
            self.message = MessageArea()
            super().__init__([control, self.message])

    cases = [  # the control, wrong values, the words, a good value
        (widgets.IntText(value=7), [1.5, True, "3", None, [3]], "a whole number", 8),
        (widgets.BoundedIntText(value=7, min=0, max=99), [1.5, False, "9", {}],
         "a whole number", 9),
        (widgets.IntSlider(value=3, min=0, max=10), [2.5, True, "4"], "a whole number", 4),
        (widgets.IntRangeSlider(value=(1, 5), min=0, max=10), [[1.5, 4], [True, 4], [1], "1-4"],
         "two whole numbers", (2, 4)),
        (widgets.FloatSlider(value=1.0, min=0, max=5), [True, "2", float("nan")], "a number",
         2),
        (widgets.Checkbox(value=False), [1, 0, "true", None], "yes or no", True),
        (widgets.ToggleButton(value=False), [1, "yes"], "yes or no", True),
        (widgets.Text(value="a"), [5, True, ["a"], None], "text", "b"),
        (widgets.Play(value=0, max=10), [0.5, True], "a whole number", 3),
        (widgets.Accordion(children=[widgets.Label("x"), widgets.Label("y")],
                           selected_index=0), [0.5, True, "1"], "a whole number", 1),
    ]
    for control, wrongs, words, good in cases:
        name = "selected_index" if isinstance(control, widgets.Accordion) else "value"
        view = View(control)
        before = getattr(control, name)
        for wrong in wrongs:
            view.message.clear()
            sent = update(control, **{name: wrong})
            assert getattr(control, name) == before, (control, wrong)
            assert {"method": "update", "state": {name: before},
                    "buffer_paths": []} in sent, (control, wrong, sent)  # set back
            said = view.message.value
            assert "Your last change was not taken" in said and words in said, (wrong, said)
        view.message.clear()
        update(control, **{name: good})
        assert getattr(control, name) == good and view.message.value == "", control
    play = widgets.Play(value=0, max=10)
    update(play, playing=1)
    assert play.playing is False
    update(play, playing=True)
    assert play.playing is True


def test_a_multiple_selection_takes_only_indexes_in_range() -> None:
    select = widgets.SelectMultiple(options=["a", "b"], value=["a"])
    update(select, index=[0, 5])
    assert select.value == ("a",)
    update(select, index=[0, 1])
    assert select.value == ("a", "b")


def test_each_trait_a_page_may_write_is_a_synced_trait_of_a_control() -> None:
    """The guard lets through only traits that some control of the pages syncs (a stock
    ipywidgets control, or the card table's ``selected``): a name added by mistake fails."""
    from explorer.ui.cards import CardTable

    controls = [widgets.Dropdown, widgets.SelectMultiple, widgets.Tab, widgets.Play,
                widgets.Text, widgets.Checkbox, widgets.IntSlider, widgets.FileUpload,
                CardTable]
    synced = {name for control in controls for name in control.class_trait_names(sync=True)}
    assert CLIENT_TRAITS <= synced, sorted(CLIENT_TRAITS - synced)


def test_the_viewer_is_told_in_the_view_the_refused_control_belongs_to() -> None:
    """A refused update shows a warning in the message line of the innermost view holding the
    control (and in no other view's); a mutant that drops the guard's listener, or shows it in
    the first view found, fails."""
    from explorer.ui import MessageArea

    class View(widgets.VBox):
        def __init__(self, *controls: widgets.Widget) -> None:
            self.message = MessageArea()
            super().__init__([*controls, self.message])

    menu = widgets.Dropdown(options=["a", "b"], value="a")
    inner = View(menu)
    outer = View(widgets.Button(description="other"), inner)
    elsewhere = View(widgets.Dropdown(options=["c"]))
    update(menu, index=9)
    assert "was not taken" in inner.message.value
    assert "not one of the choices" in inner.message.value
    assert outer.message.value == "" and elsewhere.message.value == ""
    update(menu, index=1)  # a good update: nothing new said, the warning stays until cleared
    assert menu.value == "b"
    check = widgets.Checkbox(value=False, disabled=True)
    beside = View(check)
    update(check, value=True)
    assert "not in use right now" in beside.message.value and check.value is False
    quiet = View(widgets.Button(description="go"))
    update(quiet.children[0], description="pwned", layout="IPY_MODEL_x")
    assert quiet.message.value == ""  # no control writes those: only a crafted client does
    assert quiet.children[0].description == "go"


def test_a_chart_may_tell_the_kernel_its_time_zone_and_nothing_else() -> None:
    """Altair's chart writes ``local_tz`` itself once drawn: taken, not bounced back (a
    re-sent state redraws the chart); its spec is not the client's to write."""
    import altair as alt

    chart = alt.JupyterChart(alt.Chart(alt.Data(values=[{"x": 1}])).mark_point().encode(x="x:Q"))
    spec = chart.spec
    sent = update(chart, local_tz="Europe/Paris")
    assert chart.local_tz == "Europe/Paris" and not sent
    update(chart, spec={"mark": "bar"})
    assert chart.spec == spec


def custom(widget: widgets.Widget, content: object) -> list[dict]:
    """Deliver a client's custom message (a click); the messages the kernel sent back."""
    widget.comm.messages.clear()
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})
    return [kwargs.get("data") or args[0] for args, kwargs in widget.comm.messages]


def test_a_widget_that_only_shows_takes_no_value_from_a_client() -> None:
    """HTML, labels, progress bars and the like show what the kernel says: a client writing
    their value is set back without a word (no control of a page writes them)."""
    from explorer.ui import MessageArea

    shows = [widgets.HTML("<b>kernel</b>"), widgets.HTMLMath("$x$"), widgets.Label("kernel"),
             widgets.IntProgress(value=3, max=10), widgets.FloatProgress(value=0.5, max=1),
             widgets.Valid(value=True)]
    before = [w.value for w in shows]
    view = widgets.VBox(shows)
    view.message = MessageArea()
    for widget, bad in zip(shows, ("<script>x</script>", "$y$", "pwned", 9, 0.9, False),
                           strict=True):
        sent = update(widget, value=bad)
        assert [m["state"] for m in sent if m.get("method") == "update"] == [
            {"value": widget.value}], type(widget).__name__
    assert [w.value for w in shows] == before
    update(view.message, value="<b>a fake notice</b>")
    assert view.message.value == ""


def test_a_disabled_button_takes_no_click() -> None:
    """A click on a disabled button (a stale page, a click queued behind a long run, a crafted
    client) never reaches its callbacks; the page is set back and the viewer told why."""
    from explorer.ui import MessageArea

    clicks: list[int] = []
    button = widgets.Button(description="Run", disabled=True)
    button.on_click(lambda _: clicks.append(1))
    view = widgets.VBox([button])
    view.message = MessageArea()
    sent = custom(button, {"event": "click"})
    assert clicks == []
    assert {"disabled": True} in [m["state"] for m in sent if m.get("method") == "update"]
    assert "not in use right now" in view.message.value
    button.disabled = False
    custom(button, {"event": "click"})
    assert clicks == [1]


def test_what_a_mixed_update_drops_is_sent_back() -> None:
    """One trait taken and another dropped in the same update: the dropped one goes back to
    the page with the kernel's value (else the page shows what the kernel never took)."""
    number = widgets.IntText(value=5, description="Games")
    sent = update(number, value=7, description="pwned", disabled=True)
    assert number.value == 7 and number.description == "Games" and not number.disabled
    back = [m["state"] for m in sent if m.get("method") == "update"]
    assert back == [{"description": "Games", "disabled": False}]


def test_the_board_keeps_its_own_selection() -> None:
    """``selected`` is the card table's to write (a row clicked); the game board's highlight
    is the kernel's."""
    from explorer.ui.board import ClickBoard
    from explorer.ui.cards import CardTable

    board = ClickBoard("riftforce", on_choice=lambda index: None)
    update(board, selected="hand-0-0")
    assert board.selected == ""
    table = CardTable()
    update(table, selected="Borg Mercenary")
    assert table.selected == "Borg Mercenary"  # the card browser checks it against its rows


def test_a_control_is_enabled_again_only_after_the_queued_clicks() -> None:
    """In a kernel (an event loop running) the control stays disabled for its wait (1 s here)
    after its work, so the clicks queued behind the first are refused; outside one, at once."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from explorer.ui.guard import enable_later

    def outside_a_kernel() -> bool:
        outside = widgets.Button(disabled=True)
        enable_later(outside)
        return outside.disabled

    async def in_a_kernel() -> tuple[bool, bool]:
        button = widgets.Button(disabled=True)
        start = asyncio.get_running_loop().time()
        enable_later(button, seconds=1.0)
        await asyncio.sleep(0.3)  # margins of 0.7 s and 1 s for a slow machine's sleeps
        soon = button.disabled
        await asyncio.sleep(max(0.0, start + 2.0 - asyncio.get_running_loop().time()))
        return soon, button.disabled

    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API may hold this thread's loop
        assert pool.submit(outside_a_kernel).result() is False
    assert in_a_loop_of_its_own(in_a_kernel()) == (True, False)


def test_a_held_control_is_disabled_for_its_work_and_enabled_after_even_an_error() -> None:
    """``held`` disables the control for the block and hands it to enable_later after it
    (outside a kernel, at once), also when the work fails."""
    from concurrent.futures import ThreadPoolExecutor

    from explorer.ui.guard import held

    def outside_a_kernel() -> tuple[bool, bool, bool]:
        button = widgets.Button()
        with held(button):
            during = button.disabled
        after = button.disabled
        with pytest.raises(RuntimeError, match="the work failed"), held(button):
            raise RuntimeError("the work failed")
        return during, after, button.disabled

    with ThreadPoolExecutor(1) as pool:  # a thread with no event loop running
        assert pool.submit(outside_a_kernel).result() == (True, False, False)


def test_each_click_refused_while_waiting_starts_the_wait_again() -> None:
    """A loaded kernel may take the clicks queued behind the first more slowly than the wait:
    each one refused restarts it, so none of them finds the control enabled (the CI failure
    of stop 23: a 50-click burst started three runs). Wait 1 s; a click at 0.5 s moves the
    end to 1.5 s; still disabled at 1.2 s, enabled by 2.2 s (margins of 0.3 s or more for a
    slow machine's sleeps)."""
    import asyncio

    from explorer.ui.guard import enable_later

    async def in_a_kernel() -> tuple[bool, list[str], bool, bool]:
        button = widgets.Button(disabled=True)
        clicked: list[str] = []
        button.on_click(lambda _: clicked.append("ran"))
        start = asyncio.get_running_loop().time()

        async def until(t: float) -> None:
            await asyncio.sleep(max(0.0, start + t - asyncio.get_running_loop().time()))

        enable_later(button, seconds=1.0)
        await until(0.5)
        custom(button, {"event": "click"})
        held_after_click = button.disabled
        await until(1.2)
        held_past_first_end = button.disabled
        await until(2.2)
        return held_after_click, clicked, held_past_first_end, button.disabled

    held, clicked, held_later, disabled = in_a_loop_of_its_own(in_a_kernel())
    assert held and clicked == [] and held_later and not disabled


def test_a_burst_of_clicks_on_the_balance_run_button_starts_one_run() -> None:
    """Three clicks queued at once (a kernel takes them one after another): the first runs,
    the others find the button disabled; the button is back once they are refused."""
    import asyncio

    from explorer.ui.balance import BalanceReport
    from explorer.ui.guard import SETTLE

    async def burst() -> tuple[list[str], str, bool, bool]:
        view = BalanceReport()
        view.run_games.value = 4
        for _ in range(3):
            custom(view.run_button, {"event": "click"})
        fresh = [key for _, key in view.source.options if key.startswith("fresh:")]
        held = view.run_button.disabled
        await asyncio.sleep(SETTLE + 1)
        return fresh, view.message.value, held, view.run_button.disabled

    fresh, message, held, disabled = in_a_loop_of_its_own(burst())
    assert fresh == ["fresh:1"]
    assert "not in use right now" in message
    assert held and not disabled
