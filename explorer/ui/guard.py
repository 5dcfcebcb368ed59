"""The kernel's side of every widget against a crafted client (issue #15): what a page may
write into a widget's state, and which of its custom messages (clicks) a widget takes.

A page's controls write few traits: a value, a selection's index, a tab's selected index, a
player's playing and repeat, and the card table its selected row (``selected``). Anything else
a client sends in an update (``disabled``, ``children``, ``_options_labels``, a description, a
layout) is never written by the page's own controls, so it is dropped; so is any update to a
disabled control or to a widget that only shows something (:data:`OUTPUT_ONLY`: HTML, labels,
progress bars, ...), and a selection's index that is empty or out of range. A value of the wrong
JSON type for its trait (:func:`wrong_type`: ``1.5`` or ``true`` for a whole number, text for a
number, a number for a tick box, ...) is refused before the trait sees it, since ipywidgets'
casting traits would take ``1.5`` as 1 and ``true`` as 1 without a word; any other value the
trait refuses is refused without a traceback. Whatever is dropped is sent back with
the kernel's value, so the page shows what the kernel holds, also when the rest of the same
update was taken. No update is echoed to the page before it is checked: ipywidgets' echo (for
several views of one kernel, which Voila never has) is off.

A disabled control takes no custom message either: a click on a disabled button (a stale page,
a double click that arrived during the run it started, or a crafted client) never reaches its
callbacks. A control disabled while its callback runs (:func:`held`) is enabled again with
:func:`enable_later` once its clicks have stopped: :data:`SETTLE` seconds after the work and
after the last click refused on it, so that however slowly a loaded kernel works through the
clicks queued up behind the first, each of them finds the control disabled.

:func:`install` puts the checks in front of ipywidgets' own ``Widget.set_state`` (the one way a
client's update enters a widget) and ``Widget._handle_custom_msg`` (the one way its custom
messages do) once per kernel; :mod:`explorer.ui` calls it on import, and adds a
:data:`listeners` entry that tells the viewer, in the message line of the view the control
belongs to, that the change was not taken.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import ipywidgets as widgets
import traitlets
from ipywidgets.widgets import widget as widget_module
from ipywidgets.widgets.widget_selection import _MultipleSelection, _Selection
from traitlets import TraitError

log = logging.getLogger("explorer.ui.guard")

CLIENT_TRAITS = frozenset({"value", "index", "selected_index", "playing", "repeat"})
"""The traits a page's own controls write (stock ipywidgets controls)."""
CLIENT_TRAITS_OF = {"JupyterChart": frozenset({"local_tz"}),
                    "CardTable": frozenset({"selected"})}
"""Traits the browser side of a widget class of its own writes: Altair's chart tells the kernel
the browser's time zone once it is drawn; the card table, the row clicked."""
OUTPUT_ONLY: tuple[type[widgets.Widget], ...] = (
    widgets.HTML, widgets.HTMLMath, widgets.Label, widgets.Output, widgets.IntProgress,
    widgets.FloatProgress, widgets.Valid, widgets.Image, widgets.Audio, widgets.Video,
    widgets.Stack)
"""Widgets that only show something: no viewer's hand changes them, so a client writes nothing
to them (their ``value`` included)."""
SETTLE = 1.0
"""Seconds without a click a control waits, disabled, after the work it started, before it is
enabled again: the clicks queued up behind the first (a burst, a double click) reach it
disabled, and each one refused starts the wait again (:func:`enable_later`)."""
_ORIGINAL = widget_module.Widget.set_state
_ORIGINAL_CUSTOM = widget_module.Widget._handle_custom_msg


def control_traits(widget: widgets.Widget) -> frozenset[str]:
    """The traits of ``widget`` that a control of a page writes when it is enabled (none for
    an output-only widget)."""
    if isinstance(widget, OUTPUT_ONLY):
        return frozenset()
    allowed = CLIENT_TRAITS | CLIENT_TRAITS_OF.get(type(widget).__name__, frozenset())
    return allowed.intersection(widget.keys)


def client_state(widget: widgets.Widget, sync_data: Any) -> tuple[dict[str, Any], list[str]]:
    """What of a client's update ``widget`` takes, and the names of what it drops (why: see
    the module docstring)."""
    if not isinstance(sync_data, dict):
        return {}, ["(an update that is not a table of traits)"]
    allowed = frozenset() if getattr(widget, "disabled", False) else control_traits(widget)
    taken = {k: v for k, v in sync_data.items() if k in allowed}
    if "index" in taken and not _index_in_range(widget, taken["index"]):
        del taken["index"]
    dropped = sorted(str(k)[:40] for k in sync_data if k not in taken)
    return taken, dropped


def _index_in_range(widget: widgets.Widget, index: Any) -> bool:
    """Whether ``index`` names options ``widget`` has (one for a selection, a list for a
    multiple selection; an index of another widget is left to its trait)."""
    def one(i: Any) -> bool:
        return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(widget.options)

    if isinstance(widget, _Selection):
        return one(index)
    if isinstance(widget, _MultipleSelection):
        return isinstance(index, list | tuple) and all(one(i) for i in index)
    return True


_KINDS: tuple[tuple[type[traitlets.TraitType], str], ...] = (
    (traitlets.Bool, "yes or no"), (traitlets.Int, "a whole number"),
    (traitlets.Float, "a number"), (traitlets.Unicode, "text"))
"""The traits whose JSON type :func:`wrong_type` checks, and what they take, in words (the
casting ``CBool``, ``CInt``, ``CFloat`` and ``CUnicode`` subclass these)."""


def _fits(trait: traitlets.TraitType, value: Any) -> bool:
    """Whether ``value``, as a client's JSON gives it, is of the type ``trait`` holds."""
    if value is None:
        return bool(trait.allow_none)
    if isinstance(trait, traitlets.Bool):
        return isinstance(value, bool)
    if isinstance(value, bool):  # JSON's true is no number
        return not isinstance(trait, traitlets.Int | traitlets.Float | traitlets.Unicode)
    if isinstance(trait, traitlets.Int):
        return isinstance(value, int)
    if isinstance(trait, traitlets.Float):
        return isinstance(value, int | float) and math.isfinite(value)
    if isinstance(trait, traitlets.Unicode):
        return isinstance(value, str)
    if isinstance(trait, traitlets.Tuple) and trait._traits:  # a range slider's (low, high)
        return (isinstance(value, list | tuple) and len(value) == len(trait._traits)
                and all(_fits(t, v) for t, v in zip(trait._traits, value, strict=True)))
    return True


def _kind(trait: traitlets.TraitType) -> str:
    """What ``trait`` takes, in a viewer's words."""
    if isinstance(trait, traitlets.Tuple) and trait._traits:
        return "two " + _kind(trait._traits[0]).removeprefix("a ").replace("number", "numbers")
    return next((words for kind, words in _KINDS if isinstance(trait, kind)), "another value")


def wrong_type(widget: widgets.Widget, state: dict[str, Any]) -> dict[str, str]:
    """The traits of ``state`` whose value is not of the JSON type the trait holds, each with
    what it takes in words ("a whole number"); a trait with a deserializer of its own (a file
    upload's, a date's) is left to it."""
    traits = widget.traits()
    wrong = {}
    for name, value in state.items():
        trait = traits.get(name)
        if trait is None or trait.metadata.get("from_json") is not None:
            continue
        if not _fits(trait, value):
            wrong[name] = _kind(trait)
    return wrong


listeners: list[Callable[[widgets.Widget, str], None]] = []
"""Called with the widget and the reason, in words, each time a client's update or click is
refused (:mod:`explorer.ui` shows it to the viewer in the control's page)."""


def _refused(widget: widgets.Widget, why: str | None, keys: Iterable[str]) -> None:
    """Set the page's copy of ``keys`` back to the kernel's values and tell the listeners why
    (None: say nothing, as for a trait no control of the page writes, which only a crafted
    client sends)."""
    synced = [k for k in keys if k in widget.keys]
    if synced:
        widget.send_state(key=synced)
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
    if not control_traits(widget).intersection(dropped):
        return None
    if getattr(widget, "disabled", False):
        return "that control is not in use right now"
    return "that is not one of the choices offered"


def _guarded_set_state(self: widgets.Widget, sync_data: Any) -> None:
    taken, dropped = client_state(self, sync_data)
    if dropped:
        log.warning("%s %s: dropped a client's update of %s", type(self).__name__,
                    self.model_id, ", ".join(dropped))
    sent = list(sync_data) if isinstance(sync_data, dict) else []
    mistyped = wrong_type(self, taken)
    if mistyped:
        log.warning("%s %s: refused a client's update of the wrong type (%s)",
                    type(self).__name__, self.model_id, ", ".join(sorted(mistyped)))
        kinds = sorted(set(mistyped.values()))
        _refused(self, f"that control takes {' or '.join(kinds)}", sent)
        return
    if taken:
        try:
            _ORIGINAL(self, taken)
        except (TraitError, TypeError, ValueError) as error:
            log.warning("%s %s: refused a client's update (%s)", type(self).__name__,
                        self.model_id, str(error)[:200])
            _refused(self, "that is not a value this control takes", sent)
            return
    if dropped:
        _refused(self, _reason(self, dropped), [k for k in sent if k not in taken])


def _guarded_custom_msg(self: widgets.Widget, content: Any, buffers: Any) -> None:
    if getattr(self, "disabled", False):
        if self in _enable_at:  # a click still arriving: the wait starts again
            wait, _ = _enable_at[self]
            _enable_at[self] = wait, time.monotonic() + wait
        log.warning("%s %s: dropped a client's custom message to a disabled control",
                    type(self).__name__, self.model_id)
        _refused(self, "that control is not in use right now", ["disabled"])
        return
    _ORIGINAL_CUSTOM(self, content, buffers)


_enable_at: weakref.WeakKeyDictionary[widgets.Widget, tuple[float, float]] = (
    weakref.WeakKeyDictionary())
"""The controls :func:`enable_later` will enable again: the wait, and the monotonic time at
which it is over."""


def enable_later(control: widgets.Widget, seconds: float = SETTLE) -> None:
    """Enable ``control`` again on the kernel's event loop once no click has reached it for
    ``seconds``: the clicks sent while it was disabled and queued behind the one being handled
    (a kernel takes one message at a time) are taken in the meantime, find it disabled and are
    refused, each refusal starting the wait again, so a burst is refused whole however slowly
    a loaded kernel works through it. Call it last in the callback that disabled the control
    (the wait starts at once), as :func:`held` does. At once when no event loop runs (outside
    a kernel)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        _enable_at.pop(control, None)
        control.disabled = False
        return
    _enable_at[control] = seconds, time.monotonic() + seconds
    loop.call_later(seconds, _enable_when_quiet, control)


@contextlib.contextmanager
def held(control: widgets.Widget) -> Iterator[None]:
    """``control`` disabled for the block (the work its click started), then enabled again
    with :func:`enable_later` once the block is over, also after an error."""
    control.disabled = True
    try:
        yield
    finally:
        enable_later(control)


def _enable_when_quiet(control: widgets.Widget) -> None:
    """Enable ``control`` if its wait is over, or look again when it will be."""
    if control not in _enable_at:  # enabled already (another enable_later's wait was over)
        return
    _, at = _enable_at[control]
    left = at - time.monotonic()
    if left > 0:
        asyncio.get_running_loop().call_later(left, _enable_when_quiet, control)
        return
    del _enable_at[control]
    try:
        control.disabled = False
    except Exception:  # a closed widget: nothing to enable
        log.warning("could not enable %s again", type(control).__name__)


def install() -> None:
    """Check every client update and custom message of every widget of this kernel
    (idempotent)."""
    widget_module.JUPYTER_WIDGETS_ECHO = False
    widget_module.Widget.set_state = _guarded_set_state
    widget_module.Widget._handle_custom_msg = _guarded_custom_msg
