"""Widgets for the teaching pages: live examples, odds, the rulings that apply, and lessons.

A teaching page is a notebook whose markdown cells tell the rules in our own words, section by
section; its code cells show, for each section:

>>> example("rifts", scenario={...}, caption="A party meets a Foe")   # a live position
>>> odds_card(explorer.odds.rifts.roll("survival", [...], "Farms"))   # the odds that matter
>>> rulings("rifts-32", "rifts-33")                                   # how gaps are decided
>>> Lesson("rifts-seed93.json", commentary={12: "..."})             # a saved game replayed
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from explorer.catalog import GAMES
from explorer.engine import Chance, new_game
from explorer.engine.playthrough import Replay
from explorer.errors import UnknownNameError
from explorer.odds import Odds
from explorer.ui import MessageArea
from explorer.ui.coaching import ReviewPanel
from explorer.ui.faces import FACE_STYLE
from explorer.ui.session import chance_verb, position_of
from explorer.ui.stepper import Stepper, odds_html
from explorer.ui.table import TABLE_STYLE, TableView
from explorer.ui.words import SOURCE, plain

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
"""The rulings file the teaching pages cite (with sources on)."""

_TEACH_STYLE = """
<style>
.teach-box { border: 1px solid #cbd5e1; border-radius: 8px; padding: 8px 12px; margin: 6px 0;
  font-family: sans-serif; font-size: 13px; background: #f8fafc; }
.teach-box h5 { margin: 0 0 4px 0; font-size: 13px; }
.teach-ruling { margin: 4px 0 8px 0; }
.teach-ruling blockquote { margin: 2px 0 2px 10px; color: #475569; font-style: italic; }
.lesson-step { font-family: monospace; font-size: 12px; white-space: pre-wrap; }
.lesson-note { font-family: sans-serif; background: #fef3c7; padding: 6px 10px;
  border-radius: 6px; margin: 4px 0; }
.teach-rulings summary { cursor: pointer; font-weight: bold; }
.teach-ruling-source { color: #64748b; font-size: 12px; }
</style>
"""

SOURCE_CLASS = "teach-source"
"""The class of what only the "Sources" switch shows: seed citations, ruling ids, the seed's
quoted words (a teaching page's markdown wraps its citations in a span of this class)."""

_HIDE_SOURCES = f"<style>.{SOURCE_CLASS} {{ display: none; }}</style>"
_SHOW_SOURCES = (f"<style>span.{SOURCE_CLASS} {{ display: inline !important; }} "
                 f"div.{SOURCE_CLASS} {{ display: block !important; }}</style>")


@cache
def _rulings() -> dict[str, tuple[str, list[str], str, str]]:
    """Ruling id -> (title, quoted seed lines, decision, the sentence for players), parsed
    from docs/rulings.md."""
    text = RULINGS.read_text(encoding="utf-8")
    found = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        head, _, body = block.partition("\n")
        match = re.match(r"([a-z]+-\d+)\. (.*)", head)
        if not match:
            continue
        quotes = [line[2:].strip() for line in body.splitlines() if line.startswith("> ")]
        decision = body.split("Decision:", 1)[-1].split("\nApplied in:", 1)[0]
        players = body.split("For players:", 1)[-1].split("\n\n", 1)[0] \
            if "For players:" in body else match.group(2)
        found[match.group(1)] = (match.group(2), quotes, " ".join(decision.split()),
                                 " ".join(players.split()))
    return found


def players_ruling(ruling: str) -> str:
    """A ruling's one plain sentence for players (its "For players:" line)."""
    known = _rulings()
    if ruling not in known:
        raise UnknownNameError("ruling", ruling, [*sorted(known)[:10], "..."])
    return known[ruling][3]


def ruling_html(ruling: str) -> str:
    """One ruling as HTML: its sentence for players; then, shown only by the "Sources"
    switch, its number, the seed's words and the decision in full."""
    known = _rulings()
    if ruling not in known:
        raise UnknownNameError("ruling", ruling, [*sorted(known)[:10], "..."])
    title, quotes, decision, players = known[ruling]
    quoted = "".join(f"<blockquote>{html.escape(q)}</blockquote>" for q in quotes)
    return (f'<div class="teach-ruling">{html.escape(players)}'
            f'<div class="{SOURCE_CLASS} teach-ruling-source"><b>{html.escape(ruling)}</b> '
            f"{html.escape(title)}{quoted}<div>{_code(html.escape(decision))}</div></div></div>")


def _code(text: str) -> str:
    """A ruling's `names` (a data column, a constant) set as code, without the backticks."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", text)


class Panel:
    """Fixed HTML shown as a cell's output rather than as a widget: the page draws it with its
    text, with nothing for the widget manager to wait for (a teaching page has dozens)."""

    def __init__(self, value: str) -> None:
        self.value = value

    def _repr_html_(self) -> str:
        return self.value


def rulings(*ids: str) -> Panel:
    """The rulings that apply to a section, as a box closed by default: each ruling's plain
    sentence for players, and its sources for the "Sources" switch (from docs/rulings.md)."""
    if not ids:
        raise ValueError("rulings() needs at least one ruling id")
    body = "".join(ruling_html(r) for r in ids)
    return Panel(_TEACH_STYLE + _HIDE_SOURCES + '<details class="teach-box teach-rulings">'
                 f"<summary>Rulings that apply ({len(ids)})</summary>{body}</details>")


def source(text: str) -> str:
    """``text`` (a seed citation, a ruling id) as HTML only the "Sources" switch shows: a
    teaching page's markdown writes its citations so."""
    return f'<span class="{SOURCE_CLASS}">{html.escape(text)}</span>'


def players_html(text: str) -> str:
    """``text`` as HTML in players' words: its sources (:data:`explorer.ui.words.SOURCE`)
    kept only for the "Sources" switch."""
    parts, last = [], 0
    for match in SOURCE.finditer(text):
        parts += [html.escape(text[last:match.start()]), source(match.group(0))]
        last = match.end()
    return "".join(parts) + html.escape(text[last:])


def sources_switch() -> widgets.VBox:
    """The "Sources" switch of a teaching page, off by default: on, the page shows the seed
    citations and ruling ids (the markdown's and the rulings boxes') for teachers."""
    toggle = widgets.ToggleButton(value=False, description="Sources", icon="book",
                                  tooltip="Show the seed citations and ruling ids (for "
                                          "teachers)", layout=widgets.Layout(width="auto"))
    toggle.add_class("teach-sources-switch")
    style = widgets.HTML(_HIDE_SOURCES)
    style.add_class("teach-sources-style")

    def switched(change: dict[str, Any]) -> None:
        style.value = _SHOW_SOURCES if change["new"] else _HIDE_SOURCES

    toggle.observe(switched, names="value")
    note = widgets.HTML("<small>Sources: show where each rule comes from (the rulebook's "
                        "lines and our rulings), for teachers.</small>")
    box = widgets.VBox([widgets.HBox([toggle, note]), style])
    box.add_class("teach-sources")
    return box


def odds_card(odds: Odds, caption: str = "") -> Panel:
    """The odds of a roll as a box: the roll, the chance of success, every modifier, and the
    table of outcomes when it is a table roll."""
    rows = ""
    if odds.p is None or len(odds.outcomes) > 2:
        rows = "<table>" + "".join(
            f"<tr><td>{html.escape(o)}</td><td>{float(p):.1%}</td><td>{p}</td></tr>"
            for o, p in odds.outcomes) + "</table>"
    head = f"<h5>{players_html(caption or odds.title)}</h5>"
    note = f"<div><i>{players_html(odds.note)}</i></div>" if odds.note else ""
    said = replace(odds, breakdown=tuple(plain(b) for b in odds.breakdown),
                   note=plain(odds.note))  # a modifier's source ("(line 70)") is the record's
    return Panel(_TEACH_STYLE + f'<div class="teach-box teach-odds">{head}{odds_html(said)}'
                 f"{rows}{note}</div>")


class Example(widgets.VBox):
    """A live example: the game at a scenario's position, drawn when the reader asks for it
    (a page with a dozen examples would otherwise build them all before it shows)."""

    def __init__(self, game_id: str, scenario: dict[str, Any] | None, caption: str,
                 players: int, seed: int, seats: list[str],
                 options: dict[str, Any] | None = None) -> None:
        new_game(game_id, players=players, seed=seed, scenario=scenario,
                 options=options)  # checked now
        self.spec = (game_id, players, seed, seats, scenario, dict(options or {}))
        self.stepper: Stepper | None = None
        self.caption = widgets.HTML(f"<b>{players_html(caption)}</b>")
        self.message = MessageArea()
        start = widgets.Button(description="Try it: step through this position",
                               icon="play", button_style="info",
                               layout=widgets.Layout(width="auto"))
        start.add_class("teach-example-start")
        start.on_click(self.message.guard(lambda _: self.start()))
        super().__init__([self.caption, start, self.message])
        self.add_class("teach-example")

    def start(self) -> Stepper:
        """Draw the example (once): the table, the step, Undo and Start again."""
        if self.stepper is None:
            game_id, players, seed, seats, scenario, options = self.spec
            self.stepper = Stepper(game_id, players, seed, seats, scenario=scenario,
                                   compact=True, **options)
            self.children = [self.caption, self.stepper]
        return self.stepper


def example(game_id: str, scenario: dict[str, Any] | None, caption: str = "",
            players: int = 2, seed: int = 1, seats: list[str] | None = None,
            options: dict[str, Any] | None = None) -> Example:
    """A live example: the game at ``scenario``'s position (None: a new game), with the game
    ``options`` (such as Lair of the Rat-King's ``genders``), to step through and start again;
    drawn when the reader presses its button."""
    return Example(game_id, scenario, caption, players, seed, seats or ["human"] * players,
                   options)


LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
"""Saved games the lessons replay (made with ``python -m explorer.engine.playthrough GAME
--seed S --bots heuristic --max-steps N --save notebooks/lessons/GAME-seedS.json``)."""


class Lesson(widgets.VBox):
    """A recorded game replayed step by step, with commentary on the steps that have some.

    The record is a saved game (``saved``: a file name in ``notebooks/lessons/`` or a path),
    so the lesson is pinned to the choices and rolls that were made: a change in how bots play
    cannot move the notes, and a rules change that no longer replays it fails loudly. Each
    step shows where the turn is, what was asked or rolled and what was taken, what it did
    (the log, every hand shown), and the table after it.
    """

    def __init__(self, saved: str | Path, commentary: dict[int, str] | None = None) -> None:
        path = Path(saved)
        if not path.is_absolute() and not path.exists():
            path = LESSONS / path
        self.replay = Replay(path.read_text(encoding="utf-8"))
        finished = self.replay.finished
        self.title = (f"{GAMES.get(finished.game_id, finished.game_id)}: a recorded game of "
                      f"{finished.players} players, {len(self.replay)} steps, every hand shown")
        self.commentary = commentary or {}
        beyond = [s for s in self.commentary if not 1 <= s <= len(self.replay)]
        if beyond:
            raise ValueError(f"lesson notes at steps {beyond} are beyond its "
                             f"{len(self.replay)} steps")
        self.message = MessageArea()
        self.position = widgets.IntSlider(min=1, max=max(1, len(self.replay)), value=1,
                                          description="Step", continuous_update=False,
                                          layout=widgets.Layout(width="520px"))
        self.position.add_class("lesson-slider")
        back = widgets.Button(description="Back", icon="step-backward")
        back.add_class("lesson-back")
        forward = widgets.Button(description="Next", icon="step-forward")
        forward.add_class("lesson-next")
        ahead = widgets.Button(description="Next note", icon="forward")
        ahead.add_class("lesson-next-note")
        self.next_note = ahead
        guard = self.message.guard
        back.on_click(guard(lambda _: self._move(-1)))
        forward.on_click(guard(lambda _: self._move(1)))
        ahead.on_click(guard(lambda _: self._next_note()))
        self.position.observe(guard(lambda _: self._draw()), names="value")
        self.shown = widgets.HTML()
        self.shown.add_class("lesson-shown")
        self.table = TableView(finished.game_id)
        self.review_seat = widgets.Dropdown(
            options=[(f"Player {s + 1}", s) for s in range(finished.players)], value=0,
            description="Review", layout=widgets.Layout(width="220px"))
        self.review_seat.add_class("lesson-review-seat")
        review = widgets.Button(description="Review this player's decisions", icon="line-chart",
                                layout=widgets.Layout(width="auto"))
        review.add_class("lesson-review")
        review.on_click(guard(lambda _: self.review()))
        self.review_panel = ReviewPanel(on_open=self._open)
        super().__init__(children=[
            widgets.HTML(_TEACH_STYLE + FACE_STYLE + TABLE_STYLE
                         + f"<b>{html.escape(self.title)}</b>"),
            widgets.HBox([back, forward, ahead, self.position]), self.shown, self.table,
            self.message, widgets.HBox([self.review_seat, review]), self.review_panel])
        self.add_class("lesson")
        self._draw()

    def review(self) -> None:
        """The coach's review of the chosen player's decisions in the recorded game."""
        self.review_panel.run(self.replay.finished, self.review_seat.value)

    def _open(self, step: int) -> None:
        """A costly decision opened in the review: the lesson goes to that step too."""
        self.position.value = min(max(1, step + 1), self.position.max)

    def _move(self, delta: int) -> None:
        self.position.value = min(max(1, self.position.value + delta), self.position.max)

    def _next_note(self) -> None:
        later = [s for s in sorted(self.commentary) if s > self.position.value]
        if not later:
            raise ValueError("no more notes in this lesson")
        self.position.value = min(later[0], self.position.max)

    def step_text(self, number: int) -> tuple[str, str, list[str], dict[str, Any]]:
        """Step ``number`` in people's words: where the turn is, what was asked or rolled
        with what was taken, the log lines it wrote, and the whole position after it."""
        game = self.replay.at(number)
        before = position_of(game)
        pending, logged = game.pending, len(game.log)
        taken = self.replay.taken(number)
        if isinstance(pending, Chance):
            verb = {"Roll": "rolled", "Draw": "drew"}.get(chance_verb(pending), "came up")
            asked = plain(f"{pending.label}: {verb} {taken}")
        else:
            who = f"Player {pending.player + 1}"
            prompt = pending.prompt if pending.prompt.startswith(who) else \
                f"{who}: {pending.prompt}"
            asked = plain(f"{prompt} Chose: {taken}")
        turn = f"Turn {before['turn']} · " if before.get("turn") else ""
        where = f"Step {number} of {len(self.replay)} · {turn}{before['phase']['name']}"
        after = self.replay.at(number + 1)
        lines = [plain(line) for e in after.log[logged:] if (line := e.line(None)) is not None]
        return where, asked, lines, position_of(after)

    def _draw(self) -> None:
        number = self.position.value
        if not 1 <= number <= len(self.replay):
            raise ValueError(f"no step {number} in this lesson")
        where, asked, lines, after = self.step_text(number)
        note = self.commentary.get(number)
        note_html = f'<div class="lesson-note">{html.escape(note)}</div>' if note else ""
        did = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.next_note.disabled = not any(s > number for s in self.commentary)
        self.shown.value = (f'{note_html}<div class="lesson-step"><b>{html.escape(where)}</b>'
                            f'<div class="lesson-asked">{html.escape(asked)}</div>'
                            f'{f"<ul>{did}</ul>" if did else ""}</div>')
        self.table.draw(after)
