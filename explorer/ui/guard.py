"""The kernel's side of every widget against a crafted client (issue #15): what a page may
write into a widget's state.

A page's controls write few traits: a value, a selection's index, a tab's selected index, the
card table's selected row (``selected``), a player's playing and repeat. Anything else a client
sends in an update (``disabled``, ``children``, ``_options_labels``, a layout) is never written
by the page's own controls, so it is dropped; so is any update to a disabled control, and a
selection's index that is empty or out of range. A value the trait refuses (a wrong type) is
refused without a traceback, and the page's control is set back to the kernel's value. No
update is echoed to the page before it is checked: ipywidgets' echo (for several views of one
kernel, which Voila never has) is off.

:func:`install` puts the check in front of ipywidgets' own ``Widget.set_state`` (the one way
a client's update enters a widget) once per kernel; :mod:`explorer.ui` calls it on import,
and adds a :data:`listeners` entry that tells the viewer, in the message line of the view the
control belongs to, that the change was not taken.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets import widget as widget_module
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection
from traitlets import TraitError

log = logging.getLogger("explorer.ui.guard")

CLIENT_TRAITS = frozenset({"value", "index", "selected_index", "selected", "playing",
                           "repeat"})
"""The traits a page's own controls write."""
CLIENT_TRAITS_OF = {"JupyterChart": frozenset({"local_tz"})}
"""Traits the browser side of a widget class writes by itself, not by a viewer's hand:
Altair's chart tells the kernel the browser's time zone once it is drawn."""
_ORIGINAL = widget_module.Widget.set_state


def client_state(widget: widgets.Widget, sync_data: Any) -> tuple[dict[str, Any], list[str]]:
    """What of a client's update ``widget`` takes, and the names of what it drops (why: see
    the module docstring)."""
    if not isinstance(sync_data, dict):
        return {}, ["(an update that is not a table of traits)"]
    allowed = CLIENT_TRAITS | CLIENT_TRAITS_OF.get(type(widget).__name__, frozenset())
    taken = {k: v for k, v in sync_data.items() if k in allowed and k in widget.keys}
    if getattr(widget, "disabled", False):
        taken = {}
    if "index" in taken and isinstance(widget, _Selection):
        index = taken["index"]
        if isinstance(index, bool) or not isinstance(index, int) or \
                not 0 <= index < len(widget.options):
            del taken["index"]
    if "index" in taken and isinstance(widget, _MultipleSelection):
        index = taken["index"]
        if not isinstance(index, list | tuple) or not all(
                isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(widget.options)
                for i in index):
            del taken["index"]
    dropped = sorted(str(k)[:40] for k in sync_data if k not in taken)
    return taken, dropped


listeners: list[Callable[[widgets.Widget, str], None]] = []
"""Called with the widget and the reason, in words, each time a client's update is refused
(:mod:`explorer.ui` shows it to the viewer in the control's page)."""


def _refused(widget: widgets.Widget, why: str | None) -> None:
    """Set the page's control back to the kernel's state and tell the listeners why (None:
    say nothing, as for a trait no control of the page writes, which only a crafted client
    sends)."""
    widget.send_state()
    if why is None:
        return
    for listener in listeners:
        try:
            listener(widget, why)
        except Exception:  # a listener's failure never reaches the client
            log.exception("a refusal listener failed")


def _reason(widget: widgets.Widget, dropped: list[str]) -> str | None:
    """Why a viewer's change of a control was dropped, in a viewer's words (None: it changed
    nothing a control of the page changes)."""
    if not CLIENT_TRAITS.intersection(dropped):
        return None
    if getattr(widget, "disabled", False):
        return "that control is not in use right now"
    return "that is not one of the choices offered"


def _guarded_set_state(self: widgets.Widget, sync_data: Any) -> None:
    taken, dropped = client_state(self, sync_data)
    if dropped:
        log.warning("%s %s: dropped a client's update of %s", type(self).__name__,
                    self.model_id, ", ".join(dropped))
    if not taken:
        if dropped:
            _refused(self, _reason(self, dropped))
        return
    try:
        _ORIGINAL(self, taken)
    except (TraitError, TypeError, ValueError) as error:
        log.warning("%s %s: refused a client's update (%s)", type(self).__name__,
                    self.model_id, str(error)[:200])
        _refused(self, "that is not a value this control takes")


def install() -> None:
    """Check every client update of every widget of this kernel (idempotent)."""
    widget_module.JUPYTER_WIDGETS_ECHO = False
    widget_module.Widget.set_state = _guarded_set_state
