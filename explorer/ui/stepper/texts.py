"""The step-through page's words, limits, style and small HTML pieces: a roll's odds, a
choice's odds, what the last step did, the prompt, a drawn card, the cards a line mentions."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

import polars as pl

from explorer import cards
from explorer.odds import Odds
from explorer.schema import Table
from explorer.ui.faces import face
from explorer.ui.session import View
from explorer.ui.words import plain

if TYPE_CHECKING:
    import altair as alt


F = TypeVar("F", bound=Callable[..., Any])
FOLLOW = "follow"
"""The name of a cell that shows whatever step is pending, whatever the phase."""
BUTTONS_UP_TO = 8
"""Choices up to this many are buttons; more are a list to pick from."""
CHART_OUTCOMES_UP_TO = 24
"""Outcomes up to this many are charted; more are a table."""
RESULT_LINES = 12
"""What happened since the person's last move: the latest this many lines are shown, the
earlier ones behind an opener."""
LOG_LINES = 80
"""The game log shows its latest this many lines (oldest first) until the whole log is asked
for."""
PACES = (("every roll", "roll"), ("to my next choice", "choice"))
"""The page's pace: a person rolls each roll and draws each draw (one click each), or every
roll and draw up to the person's next decision is made at once after each decision."""
PLAY_ON = "Play on to my next choice"
"""The label of the button that plays the bots' steps up to the person's next decision."""
PLAY_ON_TURN = "Play on to the next turn (stops at my choice)"
"""The label of the button that plays on to the next turn, stopping at the person's decision."""
WATCH = "Watch the bots play to the end"
"""The label of the button that lets the bots play to the end (every seat a bot)."""
WATCH_TURN = "Watch the bots play a turn"
"""The play-on buttons' labels: with a person at the table they stop at the person's next
decision (nothing decides for a person); with bots in every seat they watch the bots play."""
SEAT_LABELS = {"human": "a person", "heuristic": "the heuristic bot", "random": "a random bot",
               "coach": "the coach"}
"""Each seat kind in the page's words."""
GENDER_CHOICES = [("not given", ""), ("female", "F"), ("male", "M")]
"""Lair of the Rat-King's New game form: each player's gender, what his ME card's "*" stands
for (seed 002, line 85); "not given" for every player starts the game without it."""
SCORE_WORDS = {"rifts": "AT", "adventurers": "locations visited",
               "gamma_world": "locations held", "riftforce": "Riftforce",
               "rat_king": "AP"}
"""What each game's score counts, in the page's words."""

STEP_STYLE = """
<style>
.step-cell { border-left: 4px solid #cbd5e1; padding: 4px 10px; margin: 4px 0; }
.step-cell.step-live { border-left-color: #f59e0b; background: #fffbeb; }
.step-cell h4 { margin: 2px 0 6px 0; font-family: sans-serif; }
.step-history { font-size: 12px; color: #334155; font-family: sans-serif; margin: 2px 0; }
.step-odds, .step-result, .step-prompt, .step-draw { font-family: sans-serif; font-size: 13px; }
.step-result { background: #f1f5f9; border-radius: 6px; padding: 4px 8px; margin: 4px 0; }
.step-result ul { margin: 2px 0 2px 18px; padding: 0; }
.step-event { background: #dcfce7; border: 1px solid #16a34a; border-radius: 6px;
  padding: 4px 8px; margin: 4px 0; font-weight: bold; font-family: sans-serif; }
.step-choice-odds { font-family: sans-serif; font-size: 12px; color: #334155;
  align-self: center; margin-left: 6px; }
.step-choice-consequence { font-family: sans-serif; font-size: 12px; color: #1e3a8a;
  align-self: center; margin-left: 6px; }
.stepper-log-box { max-height: 260px; overflow: auto; font-size: 12px; font-family: sans-serif; }
.stepper-status-line { font-family: sans-serif; }
.step-odds-stale { opacity: 0.35; }
.step-working, .stepper-working { cursor: progress; }
.step-working .widget-button, .step-working select, .step-working .board-clickable,
.stepper-working .stepper-move {
  pointer-events: none; opacity: 0.5; }
.step-result h5 { margin: 4px 0 0 0; font-size: 12px; }
.step-result details summary { cursor: pointer; color: #1d4ed8; }
.stepper-confirm { background: #fef3c7; border: 1px solid #d97706; border-radius: 6px;
  padding: 4px 8px; font-family: sans-serif; align-items: center; gap: 6px; }
.step-action-bar { border-top: 2px solid #f59e0b; padding: 6px 0 4px 0; }
.step-bar-head { align-items: flex-start; }
/* labels wrap rather than end in "..." */
.step-button, .step-menu .widget-button, .stepper .widget-button, .step-cell .widget-button {
  width: auto; max-width: 100%; height: auto; min-height: 28px; white-space: normal;
  overflow: visible; text-overflow: clip; line-height: 1.3; padding-top: 3px;
  padding-bottom: 3px; }
/* a bar taller than its room scrolls: its rows keep their height rather than shrink */
.step-action-bar > * { flex-shrink: 0; }
.step-live .step-action-bar { position: sticky; bottom: 0; z-index: 20; background: #fffbeb;
  box-shadow: 0 -6px 8px -6px rgba(15, 23, 42, 0.35); max-height: 60vh; overflow-y: auto; }
/* the bar sticks to the bottom of the page's scrolling area: the boxes around it let it */
.jp-OutputArea:has(.step-action-bar), .jp-OutputArea-child:has(.step-action-bar),
.jp-OutputArea-output:has(.step-action-bar), .widget-box:has(.step-action-bar) {
  overflow: visible; }
/* ... and down to the window's edge (the page's own bottom padding would show the table) */
.lm-BoxPanel-child:has(.step-action-bar) { padding-bottom: 0 !important; }
.stepper-over { background: #eff6ff; border: 1px solid #1d4ed8; border-radius: 8px;
  padding: 6px 10px; font-family: sans-serif; }
</style>
"""
"""The CSS of the step-through page's own parts (the cells, the action bar, the odds)."""


def outcome_chart(odds: Odds) -> alt.Chart:
    """The exact distribution of a roll, one bar per result in the table's order (a pure
    function). Altair is imported here, at a kernel's first chart, not with the page."""
    import altair as alt

    data = odds.table.with_row_index("order")
    return alt.Chart(data, title=odds.title, width=420).mark_bar().encode(
        x=alt.X("probability:Q", title="probability", axis=alt.Axis(format="%")),
        y=alt.Y("outcome:N", sort=alt.EncodingSortField("order"), title=None),
        tooltip=["outcome", "exact", alt.Tooltip("probability:Q", format=".2%")],
    )


def fraction_text(p: Any) -> str:
    """A probability for people: the fraction when it is short, else about so much."""
    text = str(p)
    return text if len(text) <= 15 else f"about {float(p):.6f}"


def odds_html(odds: Odds) -> str:
    """The odds in words: the chance the roll succeeds (as a percent, and exactly when it is
    exact) and each modifier."""
    lines = []
    if odds.p is not None:
        estimated = bool(odds.note) and odds.note != "exact"
        how = html.escape(plain(odds.note)) if estimated else f"exactly {fraction_text(odds.p)}"
        lines.append(f'<b class="step-p" data-exact="{odds.p}">{float(odds.p):.1%}</b> '
                     f"chance the roll succeeds ({how})")
    explain = odds.extra.get("explain")
    if explain:  # what the roll counts ("Each die showing 1 takes a point off the Threat.")
        lines.append(html.escape(plain(explain)))
    if odds.breakdown:
        lines.append("Modifiers: " + "; ".join(html.escape(plain(b)) for b in odds.breakdown))
    elif odds.p is not None:
        lines.append("No modifiers.")
    return f'<div class="step-odds">{"<br>".join(lines)}</div>'


def choice_odds_html(odds: Odds) -> str:
    """The odds beside a decision's button: what the action leads to, in a line."""
    parts = []
    interval = odds.extra.get("interval", {})
    shown = [(name, p) for name, p in odds.outcomes if p] if len(odds.outcomes) > 2 else []
    if odds.p is not None and not shown:
        parts.append(f'<b class="step-choice-p" data-exact="{odds.p}">{float(odds.p):.0%}'
                     f"</b> {html.escape(_first_outcome(odds))}")
    for name, p in shown:
        low, high = interval.get(name, (None, None))
        spread = f" ({low:.0%}-{high:.0%})" if low is not None else ""
        parts.append(f"{html.escape(name)} <b>{float(p):.0%}</b>{spread}")
    estimated = "estimate" in odds.note
    now = odds.extra.get("escape_this_round")
    if now is not None:
        parts.append(f"this round's Escape roll {float(now):.0%}")
    how = "estimated" if estimated else "exact"
    return (f'<span class="step-choice-odds" title="{html.escape(odds.title)}: '
            f'{html.escape(plain(odds.note or how))}">{" · ".join(parts)} <i>({how})</i></span>')


def groups_html(groups: list[tuple[str, list[str]]]) -> str:
    return "".join(f"<h5>{html.escape(title)}</h5><ul>"
                   + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
                   for title, lines in groups)


def result_html(groups: list[tuple[str, list[str]]], shown: int = RESULT_LINES) -> str:
    """Lines grouped by phase, oldest first: the latest ``shown`` lines open, the earlier ones
    behind an opener ("Earlier: 14 more lines (show)")."""
    total = sum(len(lines) for _, lines in groups)
    if total <= shown:
        return groups_html(groups)
    earlier: list[tuple[str, list[str]]] = []
    latest: list[tuple[str, list[str]]] = []
    left = total - shown  # lines that go behind the opener
    for title, lines in groups:
        if left >= len(lines):
            earlier.append((title, lines))
        elif left > 0:
            earlier.append((title, lines[:left]))
            latest.append((title + " (continued)", lines[left:]))
        else:
            latest.append((title, lines))
        left = max(0, left - len(lines))
    return (f'<details class="step-earlier"><summary>Earlier: {total - shown} more lines '
            f"(show)</summary>{groups_html(earlier)}</details>{groups_html(latest)}")


def prompt_of(view: View) -> str:
    """A decision's prompt without the player it names first ("Player 1: choose your action"
    reads "choose your action"): the page names the seat before it."""
    prompt = view.prompt
    if view.player is not None:
        lead = f"Player {view.player + 1}: "
        if prompt.startswith(lead):
            rest = prompt[len(lead):]
            return rest[:1].upper() + rest[1:]
    return prompt


def consequence_html(sentence: str | None) -> str:
    """What the rules make of a choice, beside its button ("Nobody is wounded: the
    Recuperate Phase does nothing"); nothing when there is nothing to say."""
    if not sentence:
        return ""
    return f'<span class="step-choice-consequence">{html.escape(sentence)}</span>'


def _first_outcome(odds: Odds) -> str:
    """What the chance beside a choice is the chance of: its first outcome, or for a success
    what succeeding is, from the odds' title ("Travel: the Survival roll (no Hazard on the
    way)" reads "the Survival roll succeeds: no Hazard on the way"), and what failing does
    when the odds say (``extra["if_not"]``: "; else a roll on the Hazard Table")."""
    if odds.outcomes and odds.outcomes[0][0] not in ("success", "failure"):
        return odds.outcomes[0][0]
    what = plain(odds.title).split(": ", 1)[-1] if ": " in odds.title else ""
    if what.endswith(")") and " (" in what:
        roll, why = what[:-1].split(" (", 1)
        what = f"{roll} succeeds: {why}" if roll.endswith(" roll") else f"{roll}: {why}"
    elif what.endswith(" roll"):
        what += " succeeds"
    said = what or "succeeds"
    if_not = odds.extra.get("if_not")
    return f"{said}; else {plain(if_not)}" if if_not else said


def draw_html(view: View) -> str | None:
    """A fair draw or random pick in one line ("each of the 29 cards: 1/29"), the outcomes
    listed below it; None when the outcomes are not equally likely."""
    odds = view.odds
    if odds is None or not odds.outcomes or view.verb == "Roll":
        return None
    groups: dict[Any, list[str]] = {}
    for name, p in odds.outcomes:
        groups.setdefault(p, []).append(name)
    what = "cards" if view.verb == "Draw" else "candidates"
    lines = []
    for p, names in sorted(groups.items(), key=lambda item: -item[0]):
        each = f"each of the {len(names)} {what}" if len(names) > 1 else names[0]
        listed = ", ".join(html.escape(n) for n in names)
        lines.append(f'<div><b>{html.escape(each)}</b>: {p} ({float(p):.1%})'
                     + (f'<details><summary>which</summary>{listed}</details>'
                        if len(names) > 1 else "") + "</div>")
    return f'<div class="step-draw">{"".join(lines)}</div>'


@cache
def card_index(game_id: str) -> _CardIndex:
    """The card index of a game, built once per kernel."""
    return _CardIndex(game_id)


class _CardIndex:
    """Card names of a game mapped to their table, for drawing card faces in choices."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.cards: dict[str, str] = {}
        for name in cards.tables(game_id):
            table: Table = cards.declaration(game_id, name)
            if table.kind != "cards":
                continue
            frame: pl.DataFrame = cards.load(game_id, name)
            for card in frame["name"].to_list():
                self.cards.setdefault(card, name)
        self.by_length = sorted(self.cards, key=len, reverse=True)

    def mentioned(self, texts: list[str], limit: int = 3) -> list[str]:
        found: list[str] = []
        for text in texts:
            for name in self.by_length:
                if name in text and name not in found and not any(name in f for f in found):
                    found.append(name)
                    break
            if len(found) >= limit:
                break
        return found

    def face(self, name: str) -> str:
        return face(self.game_id, name, self.cards[name])
