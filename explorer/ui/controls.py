"""Controls that belong to one step: a button, and a list with its button, each drawn with the
step's stamp (:attr:`explorer.ui.session.PlaySession.stamp`) and bound to what it does then.

>>> roll = StepButton(on_refused=tell)
>>> roll.bind(stamp, lambda: session.roll(stamp), description="Roll")
>>> take = StepMenu(on_refused=tell, description="Take")
>>> take.bind(stamp, [(key_of(a), str(a), a) for a in actions], lambda a: session.take(a, stamp))

The browser draws the label and keeps the stamp with it; a click sends back the stamp of what
was on screen (and, for a list, the key of the entry chosen there). The kernel takes a click
only when that stamp is the one the control was last bound with, so a click on a label that
was drawn for an earlier step is refused (``on_refused`` says so) even when the kernel has already
rebound the control for the next step and the browser has not yet shown it. What a control
does is the object bound with it (an Action, an Outcome, a plan), never a place in a list.

Every message from the browser is untrusted: its kind, stamp and key are checked first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from explorer.ui.session import STALE

MAX_KEY_LENGTH = 1000
"""The longest key a click may carry (the kernel's own keys are far shorter)."""
NOT_OFFERED = "That is not one of the choices offered; nothing was changed."
"""What a person reads when a click names no choice on screen; nothing changes."""


def key_of(what: Any) -> str:
    """The key of an Action or an Outcome in a list: its name and arguments (equal keys name
    equal choices), not its place in the list."""
    return repr((what.name, what.args))

_BUTTON_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  let drawn = model.get("stamp");
  const draw = () => {
    const style = model.get("button_style");
    button.className = "jupyter-button widget-button step-button" + (style ? " mod-" + style : "");
    button.textContent = model.get("description");
    const icon = model.get("icon");
    if (icon) {
      const i = document.createElement("i");
      i.className = "fa fa-" + icon;
      i.style.marginRight = "4px";
      button.prepend(i);
    }
    button.title = model.get("tooltip") || model.get("description");
    button.disabled = model.get("disabled");
    button.classList.toggle("step-working", model.get("disabled"));
    drawn = model.get("stamp");
    button.setAttribute("data-stamp", String(drawn));
  };
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    if (button.disabled) return;
    // one click: the button is off until the kernel draws the next step (or says why not)
    button.disabled = true;
    button.classList.add("step-working");
    model.send({ event: "click", stamp: drawn });
    setTimeout(draw, 5000);
  });
  // a click on the control's box beside its button (a row taller than the button) is a click
  // on the button
  el.addEventListener("click", (event) => { if (event.target === el) button.click(); });
  for (const name of ["description", "tooltip", "icon", "button_style", "disabled", "stamp"]) {
    model.on("change:" + name, draw);
  }
  draw();
  el.classList.add("step-button-box");
  el.style.width = "fit-content";  // a click on the control's box is a click on its button
  el.style.flex = "0 0 auto";
  el.appendChild(button);
}
export default { render };
"""

_MENU_ESM = """
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "step-menu-label";
  const select = document.createElement("select");
  select.className = "step-menu-select";
  const button = document.createElement("button");
  let drawn = model.get("stamp");
  const draw = () => {
    label.textContent = model.get("label");
    label.style.display = model.get("label") ? "" : "none";
    select.style.width = model.get("width");
    select.replaceChildren(...model.get("options").map(([key, text]) => {
      const option = document.createElement("option");
      option.value = key;
      option.textContent = text;
      return option;
    }));
    select.value = model.get("selected");
    const style = model.get("button_style");
    button.className = "jupyter-button widget-button " + model.get("button_class")
      + (style ? " mod-" + style : "");
    button.textContent = model.get("description");
    select.disabled = button.disabled = model.get("disabled");
    el.classList.toggle("step-working", model.get("disabled"));
    drawn = model.get("stamp");
    el.setAttribute("data-stamp", String(drawn));
  };
  select.addEventListener("change", () =>
    model.send({ event: "select", key: select.value, stamp: drawn }));
  button.addEventListener("click", () => {
    if (button.disabled) return;
    // one click: the list is off until the kernel draws the next step (or says why not)
    select.disabled = button.disabled = true;
    el.classList.add("step-working");
    model.send({ event: "click", key: select.value, stamp: drawn });
    setTimeout(draw, 5000);
  });
  for (const name of ["options", "selected", "label", "width", "description", "button_style",
                      "button_class", "disabled", "stamp"]) {
    model.on("change:" + name, draw);
  }
  draw();
  el.classList.add("step-menu");
  el.style.display = "flex";
  el.style.alignItems = "center";
  el.style.gap = "6px";
  el.style.width = "fit-content";
  el.style.flex = "0 0 auto";
  el.append(label, select, button);
}
export default { render };
"""


def _stamp_of(content: dict[str, Any]) -> int:
    stamp = content.get("stamp")
    return stamp if type(stamp) is int else -1


class StepButton(anywidget.AnyWidget):
    """A button drawn for one step: ``bind(stamp, run)`` sets what it says and does; a click
    runs ``run`` only if it was made on that drawing, else ``on_refused`` is told why."""

    _esm = traitlets.Unicode(_BUTTON_ESM).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    icon = traitlets.Unicode("").tag(sync=True)
    button_style = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    stamp = traitlets.Int(-1).tag(sync=True)

    def __init__(self, on_refused: Callable[[str], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._run: Callable[[], Any] | None = None
        self._on_refused = on_refused
        self._pressed = -1  # the stamp of the last click taken: a double click is one click
        self.on_msg(self._message)

    def bind(self, stamp: int, run: Callable[[], Any], **shown: Any) -> None:
        """Draw the button for the step ``stamp`` (``shown``: its description, tooltip, ...)
        and make a click on that drawing ``run()``."""
        self._run = run
        with self.hold_sync():
            for name, value in shown.items():
                setattr(self, name, value)
            self.stamp = stamp

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        self.press(_stamp_of(content))

    def press(self, stamp: int) -> Any:
        """A click made on the drawing of ``stamp`` (as the browser sends it)."""
        if self.disabled:
            return None
        if stamp != self.stamp or self._run is None:
            if stamp == self._pressed:  # the second click of a double click: said nothing
                return None
            if self._on_refused is not None:
                self._on_refused(STALE)
            return None
        self._pressed = stamp
        return self._run()

    def click(self) -> Any:
        """A click on the button as it is drawn now (tests, scripts)."""
        return self.press(self.stamp)


class StepMenu(anywidget.AnyWidget):
    """A list of choices and its button, drawn for one step: ``bind(stamp, entries, run)``
    with ``entries`` (key, text, what it names); the button runs ``run(what)`` for the entry
    chosen on that drawing, else ``on_refused`` is told why. ``on_select(what)``: an entry was
    chosen in the list (the page shows its card)."""

    _esm = traitlets.Unicode(_MENU_ESM).tag(sync=True)
    options = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    button_style = traitlets.Unicode("").tag(sync=True)
    button_class = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    stamp = traitlets.Int(-1).tag(sync=True)

    def __init__(self, on_refused: Callable[[str], None] | None = None,
                 on_select: Callable[[Any], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound: dict[str, Any] = {}
        self._run: Callable[[Any], Any] | None = None
        self._on_refused = on_refused
        self._on_select = on_select
        self._pressed = -1  # the stamp of the last click taken: a double click is one click
        self.on_msg(self._message)

    @property
    def value(self) -> Any:
        """What the entry chosen now names (None: nothing is bound)."""
        return self._bound.get(self.selected)

    def bind(self, stamp: int, entries: Sequence[tuple[str, str, Any]],
             run: Callable[[Any], Any], selected: str | None = None) -> None:
        """Draw the list for the step ``stamp``, its first entry (or ``selected``) chosen."""
        self._bound = {key: what for key, _, what in entries}
        self._run = run
        first = entries[0][0] if entries else ""
        with self.hold_sync():
            self.options = [[key, text] for key, text, _ in entries]
            self.selected = selected if selected in self._bound else first
            self.stamp = stamp

    def relabel(self, texts: Sequence[str]) -> None:
        """New texts for the entries bound now (the odds worked out after the list was drawn):
        the keys and what they name stay."""
        if len(texts) == len(self.options):
            self.options = [[key, text] for (key, _), text in zip(self.options, texts,
                                                                  strict=True)]

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") not in ("click", "select"):
            return
        key = content.get("key")
        if not isinstance(key, str) or len(key) > MAX_KEY_LENGTH:
            key = None
        if content["event"] == "select":
            self.choose(key, _stamp_of(content))
        else:
            self.press(key, _stamp_of(content))

    def choose(self, key: str | None, stamp: int) -> None:
        """An entry chosen in the list drawn at ``stamp`` (a stale or unknown one is set
        back)."""
        if self.disabled or stamp != self.stamp or key not in self._bound:
            self.send_state("selected")
            return
        self.selected = key
        if self._on_select is not None:
            self._on_select(self._bound[key])

    def press(self, key: str | None, stamp: int) -> Any:
        """The button clicked with ``key`` chosen, on the drawing of ``stamp``."""
        if self.disabled:
            return None
        if stamp != self.stamp and stamp == self._pressed:  # a double click: said nothing
            return None
        if stamp != self.stamp or self._run is None or key not in self._bound:
            if self._on_refused is not None:
                self._on_refused(STALE if stamp != self.stamp or self._run is None
                                 else NOT_OFFERED)
            return None
        self.selected = key
        self._pressed = stamp
        return self._run(self._bound[key])

    def click(self, key: str | None = None) -> Any:
        """The button clicked on the list as it is drawn now, with ``key`` (default: the entry
        chosen now) chosen (tests, scripts)."""
        return self.press(self.selected if key is None else key, self.stamp)

    def key_of(self, text: str) -> str:
        """The key of the entry whose text is ``text`` (tests)."""
        return next(key for key, shown in self.options if shown == text)


_PICKS_ESM = """
function render({ model, el }) {
  const label = document.createElement("div");
  label.className = "step-pick-label";
  const boxes = document.createElement("div");
  boxes.className = "step-pick-boxes";
  const buttons = document.createElement("div");
  buttons.className = "step-pick-buttons";
  let drawn = model.get("stamp");
  let inputs = [];
  const draw = () => {
    label.textContent = model.get("label");
    inputs = [];
    boxes.replaceChildren(...model.get("options").map(([key, text]) => {
      const row = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = key;
      box.disabled = model.get("disabled");
      inputs.push(box);
      row.append(box, " " + text);
      row.style.display = "inline-flex";
      row.style.alignItems = "center";
      row.style.gap = "4px";
      row.style.cursor = "pointer";
      return row;
    }));
    buttons.replaceChildren(...model.get("buttons").map(([plan, text]) => {
      const button = document.createElement("button");
      button.className = "jupyter-button widget-button step-pick-button";
      button.textContent = text;
      button.disabled = model.get("disabled");
      button.addEventListener("click", () => {
        if (button.disabled) return;
        for (const other of buttons.querySelectorAll("button")) other.disabled = true;
        el.classList.add("step-working");
        const keys = inputs.filter((box) => box.checked).map((box) => box.value);
        model.send({ event: "click", keys, plan, stamp: drawn });
        setTimeout(draw, 5000);
      });
      return button;
    }));
    el.classList.toggle("step-working", model.get("disabled"));
    drawn = model.get("stamp");
    el.setAttribute("data-stamp", String(drawn));
  };
  for (const name of ["options", "buttons", "label", "disabled", "stamp"]) {
    model.on("change:" + name, draw);
  }
  draw();
  label.style.fontWeight = "bold";
  boxes.style.display = "flex";
  boxes.style.flexWrap = "wrap";
  boxes.style.gap = "4px 16px";
  boxes.style.margin = "4px 0";
  buttons.style.display = "flex";
  buttons.style.flexWrap = "wrap";
  buttons.style.gap = "6px";
  el.style.fontFamily = "sans-serif";
  el.style.fontSize = "13px";
  el.style.margin = "4px 0";
  el.append(label, boxes, buttons);
}
export default { render };
"""

MAX_PICKS = 60
"""The most entries a click on a pick may carry (a hand is far smaller)."""


class StepPicks(anywidget.AnyWidget):
    """Several entries picked at once, drawn for one step: ``bind(stamp, entries, buttons,
    run)`` with ``entries`` (key, text, what it names) shown as check boxes and ``buttons``
    (plan key, label; "" for no plan); a click runs ``run(picked, plan)`` with what the boxes
    ticked on that drawing name, in the list's order, if the click was made on that drawing,
    else ``on_refused`` is told why."""

    _esm = traitlets.Unicode(_PICKS_ESM).tag(sync=True)
    options = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    buttons = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    stamp = traitlets.Int(-1).tag(sync=True)

    def __init__(self, on_refused: Callable[[str], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._bound: dict[str, Any] = {}
        self._plans: set[str] = set()
        self._run: Callable[[list[Any], str | None], Any] | None = None
        self._on_refused = on_refused
        self._pressed = -1
        self.on_msg(self._message)

    def bind(self, stamp: int, entries: Sequence[tuple[str, str, Any]],
             buttons: Sequence[tuple[str, str]],
             run: Callable[[list[Any], str | None], Any], label: str = "") -> None:
        """Draw the pick for the step ``stamp``."""
        self._bound = {key: what for key, _, what in entries}
        self._plans = {plan for plan, _ in buttons}
        self._run = run
        with self.hold_sync():
            self.options = [[key, text] for key, text, _ in entries]
            self.buttons = [[plan, text] for plan, text in buttons]
            self.label = label
            self.stamp = stamp

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        keys = content.get("keys")
        plan = content.get("plan")
        if not isinstance(keys, list) or len(keys) > MAX_PICKS or not all(
                isinstance(k, str) and len(k) <= MAX_KEY_LENGTH for k in keys):
            keys = None
        if not isinstance(plan, str) or len(plan) > MAX_KEY_LENGTH:
            plan = None
        self.press(keys, plan, _stamp_of(content))

    def press(self, keys: list[str] | None, plan: str | None, stamp: int) -> Any:
        """A button clicked with ``keys`` ticked, on the drawing of ``stamp``."""
        if self.disabled:
            return None
        if stamp != self.stamp and stamp == self._pressed:  # a double click: said nothing
            return None
        if stamp != self.stamp or self._run is None:
            if self._on_refused is not None:
                self._on_refused(STALE)
            return None
        if keys is None or plan is None or plan not in self._plans or \
                any(key not in self._bound for key in keys):
            if self._on_refused is not None:
                self._on_refused(NOT_OFFERED)
            return None
        self._pressed = stamp
        order = list(self._bound)
        picked = [self._bound[key] for key in sorted(keys, key=order.index)]
        return self._run(picked, plan or None)

    def click(self, keys: Sequence[str], plan: str = "") -> Any:
        """A button clicked on the pick as it is drawn now (tests, scripts)."""
        return self.press(list(keys), plan, self.stamp)
