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
