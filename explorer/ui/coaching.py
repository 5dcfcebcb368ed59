"""The coach on the play pages: the Hint at a person's decision and the Review at game over.

The Hint draws :func:`explorer.coach.advise`'s answer beside the choices themselves:
:func:`badge_html` (the chance of winning as a bar, its 95% interval as a band on it, and the
label) or, in a long list, :func:`badge_text`; :func:`hint_line` names the best.
:class:`ReviewPanel` draws :func:`explorer.coach.review` of the person's game: a chart of the
person's chance of winning through the game (Altair), and the costly decisions with what was
better, each opening the table as it was at that step, seen from the person's seat (read only:
the game is not changed).

The words are players' words: chances in percent, no identifiers.
"""

from __future__ import annotations

import hashlib
import html
import importlib
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

if TYPE_CHECKING:
    from explorer.coach import Advice
    from explorer.engine import Game

REVIEW_WORLDS = 8
"""Worlds each decision of a page's review is played in (a game's review stays short; with
fewer, no decision could be told from the best with the confidence a label claims)."""
REVIEW_MOST = int(os.environ.get("EXPLORER_REVIEW_MOST", "") or 60)
"""The most decisions one review looks at (``EXPLORER_REVIEW_MOST``); a longer game's are a
sample spread evenly through it. Each decision's advice does a bounded amount of work
(:data:`explorer.coach.DEFAULT_WORK`; about a second of a core in a long Rifts game), so a
review's is bounded too: a 12,610-step game loaded into a page had 1,609 decisions, about 24
minutes of a core, paid again after each Undo and Redo."""
PAGE_REVIEW_DECISIONS = 4 * REVIEW_MOST
"""The decisions one page may have reviewed in all (four long reviews); past them the page
says so (a reload is a fresh page, and pages are counted per browser and address)."""
KEEP_REVIEWS = 4
"""Reviews a page keeps (a game reviewed again, after Undo and Redo, costs nothing)."""
COSTLY = ("blunder", "mistake", "inaccuracy")
"""The labels a review lists, worst first."""
LABEL_COLOURS = {"best": "#15803d", "good": "#4d7c0f", "inaccuracy": "#b45309",
                 "mistake": "#c2410c", "blunder": "#b91c1c", "too close to call": "#475569",
                 "not examined": "#475569"}
"""Each label's colour on the coach's panels."""

COACH_STYLE = """
<style>
.coach-hint { border: 1px solid #93c5fd; border-radius: 8px; padding: 4px 8px; margin: 4px 0;
  background: #f8fbff; }
.coach-bar { position: relative; width: 12em; height: 14px; background: #e5e7eb;
  border-radius: 3px; }
.coach-bar .fill { position: absolute; left: 0; top: 0; bottom: 0; background: #60a5fa;
  border-radius: 3px; }
.coach-bar .band { position: absolute; top: 5px; height: 4px; background: #1e3a8a; }
.coach-label { font-size: 0.85em; font-weight: 600; white-space: nowrap; }
.coach-reason { font-size: 0.8em; color: #334155; }
.coach-review { border: 1px solid #cbd5e1; border-radius: 8px; padding: 6px 8px; margin: 4px 0; }
.coach-then { border: 1px dashed #94a3b8; border-radius: 8px; padding: 4px; margin: 4px 0; }
</style>
"""
"""The CSS of the coach's panels (the Hint, the review)."""


def percent(p: float) -> str:
    """A chance in percent, as players read it."""
    return f"{100 * p:.0f}%" if 0.005 <= p <= 0.995 or p in (0.0, 1.0) else \
        f"{100 * p:.1f}%"


def _bar(win: float, interval: tuple[float, float]) -> str:
    low, high = interval
    return (f'<div class="coach-bar" title="{percent(low)} to {percent(high)}">'
            f'<div class="fill" style="width:{100 * win:.1f}%"></div>'
            f'<div class="band" style="left:{100 * low:.1f}%;'
            f'width:{max(0.5, 100 * (high - low)):.1f}%"></div></div>')


def chance_words(item: Advice) -> str:
    """A choice's chance of winning in words: "certain win", "certain loss" or "52% to win"
    (with "at a glance" where it met no imagined game)."""
    if item.exact == 1:
        return "certain win"
    if item.exact == 0:
        return "certain loss"
    return f"{percent(item.win)} to win" + (" at a glance" if item.screened else "")


def reason(item: Advice) -> str:
    """Why a choice has its label, in players' words: how far below the best and how sure,
    or that the imagined games cannot tell, or that it was not played on at all."""
    if item.screened:
        return "not played on: judged at a glance from the table it leaves"
    if item.label == "best":
        if item.loss_interval != (0.0, 0.0) or item.loss != 0.0:
            return "as good as the best in every imagined game"
        return "the usual play, and none found clearly better" if item.usual \
            else "the best found"
    points = round(100 * item.loss)
    if item.label == "too close to call":
        if points <= 0:
            return "as good as the best, as far as the imagined games tell"
        return (f"{points} point{'s' if points != 1 else ''} below the best, but too few "
                "imagined games to tell")
    return f"{points} point{'s' if points != 1 else ''} below the best, sure"


TOGETHER = "the imagined games cannot tell the choices apart"
"""The reason beside every choice where the coach cannot tell them apart (:func:`undecided`)."""


def badge_html(item: Advice, together: bool = False) -> str:
    """One choice's chance of winning as a small bar, its label and the label's reason,
    beside the choice (the style comes with :func:`hint_line`, drawn with it). ``together``:
    the coach cannot tell the choices apart (:func:`undecided`): each is "too close to call"
    with that reason, and no chance in numbers (a column of near-equal chances would claim a
    difference the games did not find)."""
    if together and not item.screened:
        return (f'<span class="coach-badge" style="display:inline-flex;gap:6px;'
                f'align-items:center"><span class="coach-label" style="color:'
                f'{LABEL_COLOURS["too close to call"]}">too close to call</span>'
                f'<span class="coach-reason">{TOGETHER}</span></span>')
    colour = LABEL_COLOURS.get(item.label, "#475569")
    chance = chance_words(item)
    if item.screened:
        chance = chance.replace(" at a glance", " (at a glance)")
    return (f'<span class="coach-badge" style="display:inline-flex;gap:6px;'
            f'align-items:center">{_bar(item.win, item.interval)}<span>{chance}</span>'
            f'<span class="coach-label" style="color:{colour}" '
            f'title="{html.escape(reason(item))}">'
            f"{html.escape(item.label)}</span>"
            f'<span class="coach-reason">{html.escape(reason(item))}</span></span>')


def badge_text(item: Advice, together: bool = False) -> str:
    """A choice's chance of winning, label and reason in a list's entry (plain text; "at a
    glance" says why a screened choice is not examined; ``together`` as in
    :func:`badge_html`)."""
    if together and not item.screened:
        return f" — too close to call ({TOGETHER})"
    why = "" if item.screened else f" ({reason(item)})"
    return f" — {chance_words(item)}, {item.label}{why}"


def hint_line(advice: Sequence[Advice]) -> str:
    """The hint's one line in the action bar: where the chances are, and the best choice, or
    that the coach cannot tell the choices apart."""
    from explorer.coach import undecided

    best = advice[0]
    glance = ("; \"at a glance\": judged from the table it leaves, not played on"
              if any(item.screened for item in advice) else "")
    note = f" The imagined games were {best.note}." if best.note else ""
    where = (f"beside each choice, your chance of winning after it, from up to {best.worlds} "
             f"imagined games each (the cards you cannot see dealt at random{glance}).")
    if undecided(advice):
        verdict = ("The coach cannot tell these choices apart: none is clearly better than "
                   "the others.")
    else:
        close = [item.text for item in advice[1:]
                 if not item.screened and item.label in ("best", "too close to call")]
        usual = "; the usual play, and none is clearly better" if best.usual and close else ""
        verdict = f"Best: {html.escape(best.text)} ({chance_words(best)}{usual})."
        if close:
            verdict += (" As good as far as the imagined games tell: "
                        f"{html.escape('; '.join(close))}.")
    return (f'{COACH_STYLE}<div class="coach-hint"><b>Hint</b>: {where} {verdict}{note}'
            "</div>")


class ReviewPanel(widgets.VBox):
    """The review of a finished game for the person's seat: a chart, the costly decisions, and
    the table as it was at the step of one of them."""

    def __init__(self, on_open: Callable[[int], None] | None = None) -> None:
        super().__init__()
        self.add_class("coach-review-panel")
        self.on_open = on_open
        self.summary = widgets.HTML()
        self.chart_box = widgets.VBox()
        self.list_box = widgets.VBox()
        self.then = widgets.HTML()
        self.then.add_class("coach-then-view")
        self.progress = widgets.IntProgress(value=0, min=0, max=1,
                                            description="Reviewing")
        self.progress.layout.visibility = "hidden"
        self.game: Game | None = None
        self.seat = 0
        self.reviewed = 0  # decisions this page had reviewed (:data:`PAGE_REVIEW_DECISIONS`)
        self._reviews: dict[tuple[str, int], tuple[Any, int, int]] = {}  # kept reviews
        self.children = ()

    def clear(self) -> None:
        """Nothing shown (a new game, or play went back): the reviews made are kept."""
        self.game = None
        self.children = ()

    def run(self, game: Game, seat: int) -> None:
        """Review ``game`` for ``seat`` and draw the panel: in the machine's line of long work
        (:mod:`explorer.slots`: the page says how many come first), at most
        :data:`REVIEW_MOST` decisions spread through the game, within the page's
        :data:`PAGE_REVIEW_DECISIONS`, a progress bar while it runs. A game reviewed before
        (the same moves, the same seat) is drawn from :data:`KEEP_REVIEWS` kept. An error or a
        refusal goes to the control's guard, which says it where the person looks."""
        from explorer.coach import CoachError, decisions, review, spread_evenly
        from explorer.slots import FOLDER, SLOTS, WAIT_SECONDS, NoTurn, turn

        key = (hashlib.sha256(game.to_json().encode()).hexdigest(), seat)
        self.game, self.seat = game, seat
        if key in self._reviews:
            self._draw(*self._reviews[key])  # reviewed already: costs nothing
            return
        every = decisions(game, seat)
        left = PAGE_REVIEW_DECISIONS - self.reviewed
        if every and left <= 0:
            raise CoachError("This page has had all the reviews it may have. Reload the page "
                             "to review another game.")
        chosen = spread_evenly(every, min(REVIEW_MOST, left))
        self.progress.layout.visibility = "visible"
        self.progress.value, self.progress.max = 0, max(1, len(chosen))
        self.summary.value = "<div>Reviewing your decisions...</div>"
        self.children = (self.summary, self.progress)

        def waiting(ahead: int) -> None:
            work = "piece of work comes" if ahead == 1 else "pieces of work come"
            self.summary.value = (f"<div>Waiting for the coach: {ahead} {work} before your "
                                  "review (other people's reviews and runs)...</div>")

        def tick(done: int, total: int) -> None:
            self.progress.max = max(1, total)
            self.progress.value = done

        try:
            with turn(FOLDER, SLOTS, waiting, wait=WAIT_SECONDS):
                self.summary.value = "<div>Reviewing your decisions...</div>"
                table = review(game, seat, worlds=REVIEW_WORLDS, on_row=tick, steps=chosen)
        except NoTurn:
            self.children = ()
            raise CoachError("The server is busy with other people's reviews and runs: "
                             "nothing was reviewed. Try again in a minute.") from None
        finally:
            self.progress.layout.visibility = "hidden"
        self.reviewed += len(chosen)
        self._reviews[key] = (table, len(chosen), len(every))
        while len(self._reviews) > KEEP_REVIEWS:
            del self._reviews[next(iter(self._reviews))]
        self._draw(table, len(chosen), len(every))

    def _draw(self, table: Any, looked: int, total: int) -> None:
        """Draw a review of ``looked`` of the game's ``total`` decisions."""
        from explorer.coach import summary
        from explorer.coach.value import unfitted

        assert self.game is not None
        found = summary(table)
        self.summary.value = summary_html(found, self.seat, unfitted(self.game),
                                          of=total if looked < total else None)
        self.chart_box.children = (self._chart(table),) if table.height else ()
        self.list_box.children = self._costly(table)
        self.then.value = ""
        self.children = (self.summary, self.chart_box, self.list_box, self.then)

    def _chart(self, table: Any) -> widgets.Widget:
        import altair as alt

        from explorer.ui import enable_offline_charts

        frame = table.select("turn", "step", "win_chosen", "label", "chosen").with_columns(
            (table["win_chosen"] * 100).alias("chance"))
        line = alt.Chart(frame).mark_line(color="#2563eb").encode(
            x=alt.X("step:Q", title="Step of the game"),
            y=alt.Y("chance:Q", title="Your chance of winning (%)",
                    scale=alt.Scale(domain=[0, 100])))
        costly = alt.Chart(frame.filter(frame["label"].is_in(list(COSTLY)))).mark_point(
            filled=True, size=70).encode(
            x="step:Q", y="chance:Q",
            color=alt.Color("label:N", title="Decision",
                            scale=alt.Scale(domain=list(COSTLY),
                                            range=[LABEL_COLOURS[k] for k in COSTLY])),
            tooltip=[alt.Tooltip("turn:Q", title="Turn"),
                     alt.Tooltip("chosen:N", title="You chose"),
                     alt.Tooltip("label:N", title="Decision")])
        chart = (line + costly).properties(
            width=520, height=180, title="Your chance of winning through the game")
        enable_offline_charts()  # the first chart of the kernel sets up Vega offline
        widget = alt.JupyterChart(chart, embed_options={"renderer": "svg", "actions": False})
        widget.add_class("coach-review-chart")
        return widget

    def _costly(self, table: Any) -> tuple[widgets.Widget, ...]:
        order = {label: n for n, label in enumerate(COSTLY)}
        rows = [r for r in table.iter_rows(named=True) if r["label"] in order]
        rows.sort(key=lambda r: (order[r["label"]], -r["loss"]))
        if not rows:
            return (widgets.HTML("<div>No costly decision: every choice you made was the best "
                                 "or too close to the best to call.</div>"),)
        parts: list[widgets.Widget] = [widgets.HTML("<b>Your costly decisions</b>")]
        for row in rows[:10]:
            text = (f'<span class="coach-label" style="color:{LABEL_COLOURS[row["label"]]}">'
                    f"{html.escape(row['label'].capitalize())}</span> turn {row['turn']} "
                    f"({html.escape(row['phase'])}): you chose "
                    f"{html.escape(row['chosen'])} ({percent(row['win_chosen'])}); better: "
                    f"{html.escape(row['best'])} ({percent(row['win_best'])}).")
            shown = widgets.HTML(text)
            shown.layout.flex = "1 1 auto"
            button = widgets.Button(description="Show the table then", icon="eye")
            button.add_class("coach-open-step")
            button.on_click(lambda _, step=row["step"]: self.open_step(step))
            parts.append(widgets.HBox([shown, button]))
        return tuple(parts)

    def open_step(self, step: int) -> None:
        """Show the table as it was at ``step``, seen from the person's seat (the game itself
        is not changed)."""
        from explorer.ui.table import table_html

        game = self.game
        if game is None or not 0 <= step <= game.steps:
            return
        then = game.at(step)
        view = importlib.import_module(f"explorer.games.{game.game_id}").position(
            then, self.seat)
        self.then.value = (f'<div class="coach-then"><b>The table at turn {view.get("turn")} '
                           f"(step {step}), as Player {self.seat + 1} saw it</b>"
                           f"{table_html(view)}</div>")
        if self.on_open is not None:
            self.on_open(step)


def summary_html(found: dict[str, Any], seat: int, note: str | None = None,
                 of: int | None = None) -> str:
    """A review's summary in a sentence and the counts by label (``note``: why the coach's
    learned chances do not fit this game, in players' words, said first; ``of``: the
    decisions of the game where the review looked at a sample of them)."""
    counts = ", ".join(f"{count} {label}" for label, count in found["labels"].items()
                       if count)
    costly = sum(found["labels"].get(label, 0) for label in COSTLY)
    cost = (f"on average each cost {100 * found['mean_loss']:.1f} points of your chance of "
            "winning" if costly else "none of them clearly cost you anything")
    caveat = (f" The coach played each imagined game to its end, as {note}: its numbers here "
              "are rougher." if note else "")
    sample = (f" The coach looked at {found['decisions']:,} of your {of:,} decisions, spread "
              "evenly through the game (a review looks at no more on this server)."
              if of is not None else "")
    return (f'{COACH_STYLE}<div class="coach-review"><b>Review of Player {seat + 1}\'s '
            f"game</b>: {found['decisions']} decisions ({counts or 'none'}); {cost}.{caveat}"
            f"{sample}</div>")
