"""A table you click: the Riftforce Rift drawn from ``position(game, seat)``, whose hand cards,
elementals, locations and summoners are the choices of the step pending.

>>> board = ClickBoard("riftforce", on_choice=lambda action, stamp: ...)
>>> board.draw(position, actions, player, stamp)   # after every step

The model is :func:`click_targets`, a pure function from a decision's legal actions to what
clicking each part of the table does: take an action at once (discard a card, activate an
elemental, hit a target, move to a location, take a guild), or select a card in hand so that
the locations it may be played at light up (a Play is a card, then a location). The view is
:class:`ClickBoard`, a small anywidget: the kernel sends the table's HTML (every value escaped
by :mod:`explorer.ui.table`) and the keys that may be clicked, with the step's stamp
(:attr:`explorer.ui.session.PlaySession.stamp`); the browser sends back a key and the stamp it
was drawn with. Only the kernel's own keys count: a key it did not send, or a click on a board
of an earlier step, is refused and changes nothing. A key names the Action itself, never a
place in the list of legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from explorer.engine import Action
from explorer.ui.table import table_html

MAX_KEY_LENGTH = 120
"""The longest key a click may carry (every key the kernel makes is far shorter)."""


@dataclass(frozen=True)
class Target:
    """What clicking one part of the table does: take ``action`` (the legal action at
    ``index`` of the list it was made from), or (when ``select`` is set) select that card in
    hand; ``label`` says so in words (the tooltip)."""

    label: str
    index: int | None = None
    select: str | None = None
    action: Action | None = None


def hand_key(seat: int, name: str) -> str:
    return f"hand:{seat}:{name}"


def location_key(location: int) -> str:
    return f"location:{location}"


def elemental_key(location: int, seat: int, index: int) -> str:
    return f"elemental:{location}:{seat}:{index}"


def guild_key(name: str) -> str:
    return f"guild:{name}"


def click_targets(actions: Sequence[Action], player: int,
                  selected: str | None = None) -> dict[str, Target]:
    """What each clickable part of a Riftforce table does for the pending decision of
    ``player`` (``actions`` in the rules' order), with ``selected`` the card in hand chosen
    for a Play (its locations become clickable). Top-level choices (Play, Activate, Check &
    Draw) and "done" have no part of the table: they stay buttons."""
    targets: dict[str, Target] = {}
    other = 1 - player
    placeable: dict[str, list[int]] = {}
    for index, action in enumerate(actions):
        name, args = action.name, action.args
        if name == "guild":
            targets[guild_key(args[0])] = _take(action, index)
        elif name == "discard":
            targets[hand_key(player, args[0])] = _take(action, index)
        elif name == "place":
            placeable.setdefault(args[0], []).append(index)
        elif name in ("elemental", "heal"):
            targets[elemental_key(args[0], player, args[1])] = _take(action, index)
        elif name == "target":
            targets[elemental_key(args[0], other, args[1])] = _take(action, index)
        elif name in ("move", "location"):
            targets[location_key(args[0])] = _take(action, index)
    for card, indices in placeable.items():
        chosen = card == selected
        targets[hand_key(player, card)] = Target(
            f"{card}: chosen, now click a location" if chosen else
            f"Choose {card}, then the location to play it at", select=card)
        if chosen:
            for index in indices:
                targets[location_key(actions[index].args[1])] = Target(
                    str(actions[index]), index, action=actions[index])
    return targets


def _take(action: Action, index: int) -> Target:
    return Target(str(action), index, action=action)


CLICKABLE: dict[str, Callable[[Sequence[Action], int, str | None], dict[str, Target]]] = {
    "riftforce": click_targets,
}
"""The games whose table is clicked to choose, with what each part of it does."""


_ESM = """
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("html");
    const keys = new Set(model.get("clickable"));
    const labels = model.get("labels");
    const chosen = model.get("selected");
    el.querySelectorAll("[data-click]").forEach((node) => {
      const key = node.getAttribute("data-click");
      if (!keys.has(key)) return;
      node.classList.add("board-clickable");
      if (key === chosen) node.classList.add("board-selected");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("title", labels[key] || "");
      node.setAttribute("aria-label", labels[key] || key);
    });
  };
  const fire = (event) => {
    // a card's "Full text" opens its text: it is not a click on the card
    if (event.target.closest("details.card-face-more")) return;
    const node = event.target.closest("[data-click]");
    if (!node || !el.contains(node) || !node.classList.contains("board-clickable")) return;
    event.preventDefault();
    model.send({ event: "click", key: node.getAttribute("data-click"),
                 step: model.get("step") });
  };
  el.addEventListener("click", fire);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") fire(event);
  });
  model.on("change:html", draw);
  model.on("change:clickable", draw);
  model.on("change:selected", draw);
  draw();
}
export default { render };
"""

_CSS = """
.board-clickable { cursor: pointer; outline: 2px dashed #2563eb; outline-offset: 1px;
  border-radius: 6px; }
.board-clickable:hover, .board-clickable:focus { outline: 3px solid #2563eb;
  background: #dbeafe; }
.board-selected { outline: 3px solid #f59e0b !important; background: #fef3c7; }
"""


class ClickBoard(anywidget.AnyWidget):
    """The table of a game, whose parts named by :func:`click_targets` are clicked to choose
    (``on_choice(action, stamp)`` takes that action, chosen on the table drawn at ``stamp``)."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    html = traitlets.Unicode("").tag(sync=True)
    clickable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)

    def __init__(self, game: str, on_choice: Callable[[Action, int], None],
                 on_refused: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.add_class("table-view-box")
        self.add_class("board-view")
        self._on_choice = on_choice
        self._on_refused = on_refused
        self._targets: dict[str, Target] = {}
        self._drawn = 0
        self._chosen: str | None = None
        self._last: tuple[Any, ...] = ()
        self.on_msg(self._message)

    @property
    def targets(self) -> dict[str, Target]:
        """What each clickable key does now (the kernel's own copy)."""
        return dict(self._targets)

    def draw(self, position: dict[str, Any], actions: Sequence[Action] = (),
             player: int | None = None, stamp: int | None = None) -> None:
        """Redraw from ``position`` for the step ``stamp`` (default: the position's step
        number); with a decision's ``actions`` of ``player`` (a person's), its choices become
        clickable."""
        step = int(position["step"]) if stamp is None else stamp
        if step != self._drawn:
            self._chosen = None  # a new step: no card is selected
        self._drawn = step
        self._actions = tuple(actions)
        self._player = player
        self._position = position
        targets = CLICKABLE[self.game](actions, player, self._chosen) if player is not None \
            else {}
        self._targets = targets
        marks = {key: target.label for key, target in targets.items()}
        value = table_html(position, marks)
        shown = (value, tuple(marks), self._chosen or "", step)
        if shown == self._last:
            return
        self._last = shown
        with self.hold_sync():
            self.html = value
            self.clickable = list(marks)
            self.labels = marks
            self.selected = hand_key(player, self._chosen) if (
                self._chosen and player is not None) else ""
            self.step = step

    def click(self, key: object, step: object = None) -> None:
        """A click on ``key`` (as the browser sends it), checked against what the kernel drew:
        a card selected, or the action taken. A stale or unknown key changes nothing."""
        if step is not None and step != self._drawn:
            self._refuse("That click was on an earlier position; the table has moved on.")
            return
        if not isinstance(key, str) or len(key) > MAX_KEY_LENGTH or key not in self._targets:
            self._refuse("That part of the table is not a choice now.")
            return
        target = self._targets[key]
        if target.select is not None:
            self._chosen = target.select
            self.draw(self._position, self._actions, self._player, self._drawn)
            return
        assert target.action is not None
        self._chosen = None
        self._on_choice(target.action, self._drawn)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        step = content.get("step")
        self.click(content.get("key"), step if type(step) is int else -1)

    def _refuse(self, why: str) -> None:
        if self._on_refused is not None:
            self._on_refused(why)
