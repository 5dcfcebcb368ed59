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
a client's update enters a widget) once per kernel; :mod:`explorer.ui` calls it on import.
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets import widget as widget_module
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection
from traitlets import TraitError

log = logging.getLogger("explorer.ui.guard")

CLIENT_TRAITS = frozenset({"value", "index", "selected_index", "selected", "playing",
                           "repeat"})
"""The traits a page's own controls write."""
_ORIGINAL = widget_module.Widget.set_state


def client_state(widget: widgets.Widget, sync_data: Any) -> tuple[dict[str, Any], list[str]]:
    """What of a client's update ``widget`` takes, and the names of what it drops (why: see
    the module docstring)."""
    if not isinstance(sync_data, dict):
        return {}, ["(an update that is not a table of traits)"]
    taken = {k: v for k, v in sync_data.items() if k in CLIENT_TRAITS and k in widget.keys}
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


def _guarded_set_state(self: widgets.Widget, sync_data: Any) -> None:
    taken, dropped = client_state(self, sync_data)
    if dropped:
        log.warning("%s %s: dropped a client's update of %s", type(self).__name__,
                    self.model_id, ", ".join(dropped))
    if not taken:
        if dropped:
            self.send_state()  # the page's control back to the kernel's state
        return
    try:
        _ORIGINAL(self, taken)
    except (TraitError, TypeError, ValueError) as error:
        log.warning("%s %s: refused a client's update (%s)", type(self).__name__,
                    self.model_id, str(error)[:200])
        self.send_state()


def install() -> None:
    """Check every client update of every widget of this kernel (idempotent)."""
    widget_module.JUPYTER_WIDGETS_ECHO = False
    widget_module.Widget.set_state = _guarded_set_state
