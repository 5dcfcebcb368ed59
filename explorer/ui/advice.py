"""Game-specific advice on the step-through pages: Riftforce's best-action panel, and who wins
the Rat-King ADVENTURE being fought before its dice (:func:`adventure_html`).

The best-action panel of the Riftforce step-through shows what the finder
(:func:`explorer.odds.riftforce.best_actions`) says the person's turn can gain, best first,
with a button that takes a whole complete action.

The finder sees only what the person's seat sees. Its search is bounded (:data:`LIMIT`
positions, about a second here), so no viewer can make the server spend minutes on it; past the
bound the panel says so and the turn is played by hand as usual.

Each Take button is drawn with the step's stamp and bound to the choices of the action it lists
(:class:`explorer.ui.controls.StepButton`): a click on one listed for an earlier step is
refused.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from explorer.engine import Decision
from explorer.errors import TooMuchWork
from explorer.ui.controls import StepButton

if TYPE_CHECKING:
    from explorer.odds.riftforce import Candidate
    from explorer.ui.session import PlaySession

SHOWN = 5
"""How many complete actions the panel lists."""
RANKED_OTHERWISE = ("The Hint ranks them by your chance of winning the game instead, playing "
                    "on past this turn, so its best may be another.")
"""Why the panel and the Hint may disagree: the panel counts this turn's gains, the Hint
weighs the rest of the game (the coach)."""
LIMIT = 6_000
"""The most positions the panel's finder replays for one turn."""

ADVICE_STYLE = """
<style>
.advice-box { border: 1px solid #93c5fd; border-radius: 8px; padding: 4px 8px; margin: 4px 0;
  background: #eff6ff; font-family: sans-serif; font-size: 12px; }
.advice-row { align-items: center; }
.advice-text { font-family: sans-serif; font-size: 12px; }
.advice-die { border-collapse: collapse; font-family: sans-serif; font-size: 12px;
  margin: 4px 0; max-width: 100%; }
.advice-die caption { text-align: left; padding: 2px 0; }
.advice-die td, .advice-die th { border-bottom: 1px solid #e2e8f0; padding: 2px 8px;
  text-align: left; vertical-align: top; overflow-wrap: anywhere; }
</style>
"""
"""The CSS of the advice panels (the Hint, the best-action panel)."""


def gains_text(candidate: Candidate) -> str:
    """What a complete action gains this turn, in words ("+2 Riftforce, 1 enemy destroyed,
    3 damage, controls 2 locations")."""
    parts = [f"{_signed(candidate.riftforce)} Riftforce"]
    if candidate.opponent_riftforce:
        parts.append(f"{_number(candidate.opponent_riftforce)} Riftforce to the opponent")
    if candidate.destroyed:
        parts.append(f"{_number(candidate.destroyed)} enem"
                     f"{'y' if candidate.destroyed == 1 else 'ies'} destroyed")
    if candidate.damage:
        parts.append(f"{_number(candidate.damage)} damage dealt")
    if candidate.lost:
        parts.append(f"{_number(candidate.lost)} of yours lost")
    parts.append(f"controls {_number(candidate.controlled)} location"
                 f"{'' if candidate.controlled == 1 else 's'}")
    if candidate.draws:
        parts.append(f"draws {_number(candidate.draws)}")
    return ", ".join(parts)


def _number(value: Any) -> str:
    return str(value)


def _signed(value: Any) -> str:
    return f"+{value}" if value >= 0 else str(value)


class BestActions(widgets.VBox):
    """The finder's best complete actions for a person's turn, each with a Take button
    (``on_take(choices, stamp)``; ``on_refused(why)``: a click on a button of an earlier
    step)."""

    def __init__(self, on_take: Any, guard: Any = lambda callback: callback,
                 on_refused: Any = None) -> None:
        self._on_take = on_take
        self._on_refused = on_refused
        self.show = widgets.Checkbox(value=True, description="Show the best actions",
                                     indent=False, layout=widgets.Layout(width="200px"))
        self.show.add_class("advice-show")
        self.head = widgets.HTML()
        self.rows = widgets.VBox()
        self._buttons: list[tuple[StepButton, widgets.HTML, widgets.HBox]] = []
        self._stamp = -1
        self._key: tuple[Any, ...] | None = None
        self.candidates: list[Candidate] = []
        super().__init__(children=[widgets.HTML(ADVICE_STYLE), self.show, self.head,
                                   self.rows])
        self.add_class("advice-box")
        self.show.observe(guard(lambda _: self._switched()), names="value")
        self._game: Any = None
        self._found = False

    def applies(self, session: PlaySession) -> bool:
        """The panel has something to say: a Riftforce turn of a person's seat."""
        game = session.game
        return (game.game_id == "riftforce" and isinstance(game.pending, Decision)
                and session.waiting_for_person() and game.state._turn_start is not None)

    def hold(self, session: PlaySession) -> None:
        """A new step's controls are being drawn: the actions listed for the step before go
        (the finder's answer comes after the controls, :meth:`refresh`)."""
        if session.stamp != self._stamp and self.rows.children:
            self.head.value = ('<div class="advice-text">Looking for the best actions of this '
                               "turn...</div>") if self.show.value else ""
            self.rows.children = ()

    def failed(self, session: PlaySession) -> None:
        """The finder failed at this step: nothing is listed."""
        self._stamp = session.stamp
        self.candidates = []
        self._error = "The best actions are not available for this step: play it by hand."
        self._draw()

    def refresh(self, session: PlaySession) -> None:
        """Ask the finder for this position (once per position)."""
        game = session.game
        key = (id(game), game.steps, len(game.log))
        self._stamp = session.stamp
        if key == self._key:
            self._draw()  # the same position: its actions, for this stamp
            return
        self._key = key
        self._game = game
        self._made = len(game.state._turn_choices)
        self._error = ""
        self._found = False
        self.candidates = []
        if self.show.value:
            self._find()
        self._draw()

    def _switched(self) -> None:
        if self.show.value and not self._found and self._game is not None:
            self._find()
        self._draw()

    def _find(self) -> None:
        from explorer.odds.riftforce import best_actions

        self._found = True
        try:
            self.candidates = best_actions(self._game, limit=LIMIT)
        except TooMuchWork:
            self._error = ("This turn has too many ways to play for the finder to list them "
                           "all quickly: play it by hand.")

    def _draw(self) -> None:
        if not self.show.value:
            self.head.value = ""
            self.rows.children = ()
            return
        if self._error:
            self.head.value = f'<div class="advice-text">{html.escape(self._error)}</div>'
            self.rows.children = ()
            return
        shown = self.candidates[:SHOWN]
        total = len(self.candidates)
        self.head.value = (f'<div class="advice-text"><b>Best actions this turn</b> (of '
                           f"{total} complete action{'s' if total != 1 else ''}, by what they "
                           "gain this turn: net Riftforce, then enemies destroyed, locations "
                           "controlled, damage; exact, from what you can see). "
                           f"{RANKED_OTHERWISE}</div>")
        while len(self._buttons) < len(shown):
            button = StepButton(on_refused=self._on_refused, description="Take it")
            button.add_class("advice-take")
            text = widgets.HTML()
            self._buttons.append((button, text, widgets.HBox([button, text])))
        stamp = self._stamp
        for index, ((button, text, _), candidate) in enumerate(zip(self._buttons, shown,
                                                                    strict=False)):
            plan = self.planned(index)
            button.bind(stamp, lambda plan=plan: self._on_take(plan, stamp))
            text.value = (f'<span class="advice-text" data-net="{candidate.net}">'
                          f"{html.escape(candidate.text)}: <b>"
                          f"{html.escape(gains_text(candidate))}</b></span>")
        rows = [row for _, _, row in self._buttons[:len(shown)]]
        for row in rows:
            row.add_class("advice-row")
        self.rows.children = rows

    def planned(self, index: int) -> tuple[Any, ...]:
        """The choices still to make for the listed action at ``index``."""
        if not 0 <= index < len(self.candidates[:SHOWN]):
            return ()
        return tuple(self.candidates[index].choices[self._made:])


DIE_FACE_ROW = 'class="advice-die-face"'
"""The mark of a row of the ADVENTURE DIE's face-by-face table (:func:`adventure_die_html`)."""


def adventure_html(game: Any) -> str | None:
    """Before (and between) a Rat-King ADVENTURE's dice: each player's exact chance of winning
    it (:func:`explorer.odds.rat_king.adventure_odds`), as a line for the page; None when no
    ADVENTURE is being fought."""
    if game.game_id != "rat_king":
        return None
    state = game.state
    if state.round is None or state.round.settled:
        return None
    from explorer.odds.rat_king import adventure_odds

    found = adventure_odds(game)
    parts = [f'<span class="advice-win" data-seat="{seat}" data-exact="{p}">Player {seat + 1} '
             f"<b>{float(p):.1%}</b></span>" for seat, p in enumerate(found.extra["win"])]
    if found.extra["discarded"]:
        parts.append(f"discarded <b>{float(found.extra['discarded']):.1%}</b>")
    return (f'<div class="step-odds advice-adventure"><b>Who wins '
            f"{html.escape(state.round.adventure)}</b> if nobody does anything more (exact, over "
            f"every ADVENTURE DIE and the flips they cause): {' · '.join(parts)}</div>"
            + adventure_die_html(game))


def adventure_die_faces(game: Any) -> list[dict[str, Any]]:
    """While a Rat-King ADVENTURE DIE is to be rolled: for each of its faces, what it does and
    who then wins. One entry per face (``face``; ``flips``, the names of the other groups'
    participating CHARACTERS whose CHARACTER die it equals, which it flips, seed 002 line 58;
    ``win``, each seat's exact chance of winning the ADVENTURE with that face rolled and
    everyone passing, and ``discarded``). Each face is rolled on a copy of the game through
    the engine, so the answer is the rules' own. [] when no ADVENTURE DIE is pending."""
    import explorer
    from explorer.engine import Chance, Outcome
    from explorer.games.rat_king.common import Ctx
    from explorer.odds.rat_king import adventure_odds

    pending = game.pending
    if (game.game_id != "rat_king" or not isinstance(pending, Chance)
            or "ADVENTURE DIE" not in pending.label):
        return []
    state = game.state
    ctx = Ctx(state, state._data)
    roller = _die_roller(state, ctx)
    sides = state._data.dice["adventure_die"].sides
    saved = game.to_json()
    found = []
    for face in range(1, sides + 1):
        flips = [ctx.card_of(c).name for seat in range(state.players) if seat != roller
                 for c in ctx.participants(seat) if ctx.card_of(c).character_die == face]
        trial = explorer.load_game(saved)
        trial.step(Outcome("roll", (face,)))
        if trial.state.round is not None and not trial.state.round.settled:
            odds = adventure_odds(trial)
            win, discarded = list(odds.extra["win"]), odds.extra["discarded"]
        else:
            winner = _last_winner(trial)
            win = [Fraction(int(seat == winner)) for seat in range(state.players)]
            discarded = Fraction(int(winner is None))
        found.append({"face": face, "flips": flips, "win": win, "discarded": discarded})
    return found


def _die_roller(state: Any, ctx: Any) -> int:
    """The seat whose ADVENTURE DIE is rolled next (the first in turn order not yet rolled)."""
    from explorer.games.rat_king import adventure as A

    rnd = state.round
    return next(s for s in A.order(ctx, rnd.by) if ctx.participants(s) and rnd.rolls[s] is None)


def _last_winner(game: Any) -> int | None:
    from explorer.games.rat_king import position

    return position(game)["last_adventure"]["winner"]


def _who_wins(win: list[Fraction], discarded: Fraction) -> str:
    """"Player 2 wins" when certain, else each player's chance: "Player 1 58% · Player 2 42%"."""
    for seat, p in enumerate(win):
        if p == 1:
            return f"Player {seat + 1} wins"
    if discarded == 1:
        return "the ADVENTURE is discarded"
    parts = [f"Player {seat + 1} {float(p):.0%}" for seat, p in enumerate(win) if p]
    if discarded:
        parts.append(f"discarded {float(discarded):.0%}")
    return " · ".join(parts)


def adventure_die_html(game: Any) -> str:
    """The pending ADVENTURE DIE face by face: what each face flips and who then wins (see
    :func:`adventure_die_faces`); "" when no ADVENTURE DIE is pending."""
    faces = adventure_die_faces(game)
    if not faces:
        return ""
    from explorer.games.rat_king.common import Ctx

    state = game.state
    roller = _die_roller(state, Ctx(state, state._data))
    rows = "".join(
        f'<tr {DIE_FACE_ROW} data-face="{f["face"]}"><td><b>{f["face"]}</b></td>'
        f"<td>{html.escape('flips ' + ', '.join(f['flips']) if f['flips'] else 'flips nobody')}"
        f"</td><td>{html.escape(_who_wins(f['win'], f['discarded']))}</td></tr>"
        for f in faces)
    return (f'<table class="advice-die"><caption>Player {roller + 1}\'s ADVENTURE DIE, face by '
            "face (it adds to the group's total and flips the other groups' CHARACTERS whose "
            "CHARACTER die it equals)</caption><thead><tr><th>face</th><th>what it does</th>"
            f"<th>who wins if everyone then passes</th></tr></thead><tbody>{rows}</tbody>"
            "</table>")

