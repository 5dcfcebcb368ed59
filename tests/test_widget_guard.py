"""Hostile widget updates (issue #15): comm messages sent straight to the kernel's widgets, the
way a crafted client would send them, not through the controls (:mod:`explorer.ui.guard`)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.tests.utils import setup_test_comm, teardown_test_comm

import explorer.ui  # noqa: F401 - installs the guard, as every page does
from explorer.ui.guard import CLIENT_TRAITS


@pytest.fixture(autouse=True)
def _comm() -> Iterator[None]:
    setup_test_comm()
    yield
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
