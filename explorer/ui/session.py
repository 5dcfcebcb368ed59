"""The step-through model: a game being played in a notebook, without any widget.

A :class:`PlaySession` holds one game and who sits in each seat (a person or a bot), and offers
what the notebook's cells need: the pending step described as plain data (:class:`View`), the
moves a person makes (checked), undo/redo, save/load, and playing on with bots to the end of the
turn or of the game. :mod:`explorer.ui.stepper` draws it with widgets.

Every value that comes from a widget is untrusted: moves are checked, saved games are parsed
and validated by :func:`explorer.load_game`, and a refused input changes nothing.

A page's controls always belong to the step on screen: each is drawn with the session's
:attr:`PlaySession.stamp` and bound to the :class:`Action` (or :class:`Outcome`) it names, never
to a place in a list. A move made with the stamp of an earlier step (:meth:`PlaySession.take`,
:meth:`~PlaySession.roll`, :meth:`~PlaySession.force`, :meth:`~PlaySession.follow`) is refused
with :class:`explorer.errors.StaleControl` and changes nothing.

A person may ask for several of his decisions in one click: a game's plans (its module
``explorer.games.<game>.plans``: :meth:`PlaySession.plans`, :meth:`~PlaySession.follow_plan`)
repeat one choice with the rolls between them made, and stop at the first decision that is
not theirs; a decision taken one card at a time is picked whole (:meth:`~PlaySession.pick`,
:meth:`~PlaySession.take_picks`). An undo goes back to before the plan's click.
"""

from __future__ import annotations

import bisect
import importlib
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from explorer import cards
from explorer import odds as odds_module
from explorer.catalog import GAMES
from explorer.coach import CoachBot  # noqa: F401  (registers the coach as a seat's bot)
from explorer.engine import (
    Action,
    Chance,
    Decision,
    Game,
    LogEntry,
    Outcome,
    load_game,
    new_game,
)
from explorer.engine.bots import Bot, make_bot
from explorer.engine.dice import Roll
from explorer.engine.knowledge import Pick, Plan, PlanRule, knowledge_for
from explorer.errors import IllegalAction, SavedGameError, StaleControl
from explorer.odds import Odds

SEAT_KINDS = ("human", "heuristic", "random", "coach")
"""Who may sit in a seat: a person, or one of the bots."""
MAX_SAVE_BYTES = 5 * 2**20
"""The largest saved game a page loads."""
MAX_AUTO_STEPS = 200_000
"""The most steps one "play on" or "watch" click may take."""
STALE = ("That choice was for an earlier step; the table has moved on, and nothing was "
         "changed. Choose again below.")
"""What a person reads when a control drawn for an earlier step is clicked."""
_STAMPS = itertools.count(1)
"""Every stamp of the kernel is new: a control of an earlier game (a restart, a load, a new
game) never carries the stamp of the step pending now."""

CELLS: dict[str, tuple[str, ...]] = {
    "rifts": ("setup", "decision", "recuperate", "travel", "mission", "supply", "combat",
              "end"),
    "adventurers": ("setup", "draw", "research", "travel", "encounter"),
    "gamma_world": ("action", "battle", "healing"),
    "riftforce": ("selection", "turn", "play", "activate", "check"),
    "rat_king": ("setup", "turn", "adventure"),
}
"""The phase cells of each game's step-through notebook, in turn order."""

CELL_TITLES = {
    "setup": "Setup", "decision": "Decision Act", "recuperate": "Recuperate Phase",
    "travel": "Travel Phase", "mission": "Mission Phase", "supply": "Supply Phase",
    "combat": "Combat", "end": "End Act", "draw": "Draw Phase", "research": "Research Phase",
    "encounter": "Encounter Phase", "action": "Action Phase", "battle": "Battle",
    "healing": "Healing Phase", "selection": "Guild Selection", "turn": "Choose an Action",
    "play": "Play", "activate": "Activate", "check": "Check & Draw",
    "adventure": "Adventure Round",
}
"""Each phase cell's title on the page."""


def cell_of(game_id: str, phase: str) -> str:
    """Which notebook cell a phase path belongs to ("travel.encounter.combat.escape" is
    Rifts' combat cell; "action.attack.round" is Gamma World's battle cell)."""
    parts = phase.split(".")
    cells = CELLS.get(game_id, ())
    if "combat" in parts and "combat" in cells:
        return "combat"
    if game_id == "gamma_world" and ({"attack", "encroach"} & set(parts)):
        return "battle"
    if parts[0] == "scenario" and len(parts) > 1:
        return cell_of(game_id, ".".join(parts[1:]))
    return parts[0] if parts[0] in cells else (cells[0] if cells else parts[0])


@dataclass(frozen=True)
class View:
    """The pending step, as plain data for a view to draw.

    ``kind``: "decision", "chance" or "over"; ``choices``: the legal actions' texts (a
    decision) or the outcomes' texts (a chance step); ``odds``: the exact odds of a chance step
    (from :func:`explorer.odds.at`); ``effects``: a chance step's outcomes with what each does
    ("16: succeeds"); ``verb``: what its button does ("Roll", "Draw", "Pick at random");
    ``title``: the phase in people's words."""

    kind: str
    phase: str
    cell: str
    player: int | None
    prompt: str
    choices: tuple[str, ...]
    odds: Odds | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    effects: tuple[str, ...] = ()
    verb: str = ""
    title: str = ""


def position_of(game: Game, seat: int | None = None) -> dict[str, Any]:
    """``explorer.games.<game>.position(game, seat)`` for any game."""
    package = importlib.import_module(f"explorer.games.{game.game_id}")
    return package.position(game, seat)


def chance_verb(pending: Chance) -> str:
    """What a chance step's button does: "Roll" dice, "Draw" a card, "Pick at random"."""
    kind = pending.outcomes[0].name
    if isinstance(pending.odds, Roll) or kind in ("roll", "count"):
        return "Roll"
    if kind == "card":
        return "Draw"
    return "Pick at random"


@dataclass
class PlaySession:
    """A game played step by step, with a person or a bot in each seat."""

    game: Game
    seats: list[str] = field(default_factory=list)
    bot_seed: int = 0
    show_every_hand: bool = False
    """Teaching: show every seat's hand and every log line (else a person sees his own)."""

    def __post_init__(self) -> None:
        self._epoch = 0  # moves of the session, undo, load, new games: each changes the stamp
        self._stamp_key: tuple[Any, ...] | None = None
        self._stamp = 0
        if not self.seats:
            self.seats = ["human"] + ["heuristic"] * (self.game.players - 1)
        self.set_seats(self.seats)

    @classmethod
    def start(cls, game_id: str, players: int = 2, seed: int = 0,
              seats: Sequence[str] | None = None, scenario: dict[str, Any] | None = None,
              **options: Any) -> PlaySession:
        """A new game of ``game_id`` (at a ``scenario``'s position, if one is given)."""
        return cls(new_game(game_id, players=players, seed=seed, scenario=scenario, **options),
                   list(seats or ()), seed)

    # ---- seats ---------------------------------------------------------------------------

    def set_seats(self, seats: Sequence[str]) -> None:
        """Who plays each seat: "human", "heuristic", "random" or "coach"."""
        seats = list(seats)
        if len(seats) != self.game.players or any(s not in SEAT_KINDS for s in seats):
            raise IllegalAction(f"seats must be {self.game.players} of {', '.join(SEAT_KINDS)};"
                                f" found {seats!r}")
        self.seats = seats
        self.bots: dict[int, Bot] = {
            seat: make_bot(self.game, kind, self.bot_seed * 10 + seat)
            for seat, kind in enumerate(seats) if kind != "human"}

    # ---- the step pending and its stamp -----------------------------------------------------

    @property
    def stamp(self) -> int:
        """The stamp of the step pending: a number no other step of this kernel has had. A
        control is drawn with it; a move made with another one was made on an earlier step."""
        key = (self._epoch, id(self.game), self.game.steps, len(self.game.log))
        if key != self._stamp_key:
            self._stamp_key = key
            self._stamp = next(_STAMPS)
        return self._stamp

    def check_stamp(self, stamp: object) -> None:
        """Refuse (:class:`StaleControl`) a move made with a control drawn for another step
        than the one pending; None: a move made without a control (a script)."""
        if stamp is not None and (type(stamp) is not int or stamp != self.stamp):
            raise StaleControl(STALE)

    # ---- what is pending -------------------------------------------------------------------

    def view(self, odds: bool = True) -> View:
        """The pending step; ``odds=False`` leaves out a chance step's odds and effects (a page
        draws the step's controls first, then works them out: :meth:`chance_odds`)."""
        game = self.game
        pending = game.pending
        cell = cell_of(game.game_id, game.phase)
        common = {"phase": game.phase, "cell": cell, "scores": tuple(game.scores),
                  "title": CELL_TITLES.get(cell, cell)}
        if pending is None:
            return View("over", player=None, prompt="The game is over", choices=(),
                        winners=tuple(game.winners), **common)
        if isinstance(pending, Chance):
            return View("chance", player=None, prompt=pending.label,
                        choices=tuple(str(o) for o in pending.outcomes),
                        odds=self.chance_odds() if odds else None,
                        effects=self.effects() if odds else (),
                        verb=chance_verb(pending), **common)
        assert isinstance(pending, Decision)
        return View("decision", player=pending.player, prompt=pending.prompt,
                    choices=tuple(str(a) for a in pending.actions), **common)

    # ---- what a viewer sees ------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the page sees with: the first seat a person plays (None: every
        hand shown, or nobody plays in person)."""
        if self.show_every_hand or "human" not in self.seats:
            return None
        return self.seats.index("human")

    def position(self) -> dict[str, Any]:
        """The game's position as the viewer may see it (``explorer.games.<game>.position``)."""
        return position_of(self.game, self.viewer)

    def lines(self, entries: Sequence[LogEntry]) -> list[str]:
        """Log entries as the viewer reads them, in players' words (no phase ids, no seed
        citations or ruling ids: :func:`explorer.ui.words.plain`); the entries the viewer may
        not see are left out."""
        from explorer.ui.words import plain

        viewer = self.viewer
        return [plain(line) for e in entries if (line := e.line(viewer)) is not None]

    def recent(self) -> list[LogEntry]:
        """What happened since the person's last move (their roll or choice, and every bot
        move and roll after it): the result a page shows until the next step."""
        log = self.game.log
        mark = getattr(self, "_mark", 0)
        return log[mark:] if mark <= len(log) else []

    def recent_groups(self) -> list[tuple[str, list[str]]]:
        """What happened since the person's last move (:meth:`recent`), oldest first, in
        groups of one turn and phase (:meth:`groups`): ("Battle · Player 2's turn",
        ["Player 2: Attacks ...", ...]), as the viewer reads them."""
        mark = getattr(self, "_mark", 0)
        return self.groups(self.recent(), start=mark if mark <= len(self.game.log) else 0)

    def groups(self, entries: Sequence[LogEntry],
               start: int = 0) -> list[tuple[str, list[str]]]:
        """``entries`` (the log's from index ``start``) in groups of consecutive entries of
        one turn and one phase cell, oldest first, each titled with the phase and, when the
        page saw it played, whose turn it was ("Battle · Player 2's turn"); entries the viewer
        may not see are left out (a group left empty is dropped)."""
        game_id = self.game.game_id
        found: list[tuple[str, list[str]]] = []
        last: tuple[str, int | None] | None = None
        for index, entry in enumerate(entries, start):
            cell = cell_of(game_id, entry.phase)
            seat = self._turn_at(index)
            if (cell, seat) != last:
                title = CELL_TITLES.get(cell, cell)
                if seat is not None:
                    title += f" · Player {seat + 1}'s turn"
                found.append((title, []))
                last = (cell, seat)
            found[-1][1].extend(self.lines([entry]))
        return [(title, lines) for title, lines in found if lines]

    def events(self) -> list[LogEntry]:
        """The big events since the person's last move (a Foe defeated, a location captured,
        a party Wiped Out, the game won)."""
        return [e for e in self.recent() if e.event]

    def chance_odds(self) -> Odds | None:
        """The pending roll's or draw's exact odds as the viewer may know them
        (:func:`explorer.odds.at`), worked out once per step."""
        key = (self.stamp, self.viewer)
        cached = getattr(self, "_chance_odds", None)
        if cached is None or cached[0] != key:
            cached = (key, odds_module.at(self.game, self.viewer))
            self._chance_odds = cached
        return cached[1]

    def effects(self) -> tuple[str, ...]:
        """What each outcome of the pending roll or draw does, in its outcomes' order
        (:func:`explorer.odds.effects`)."""
        return tuple(odds_module.effects(self.game))

    def what_if_hidden(self) -> bool:
        """Whether a "what if" list of the pending draw would show the viewer cards he may
        not see (the deck's cards, and so what the others hold unseen)."""
        pending = self.game.pending
        viewer = self.viewer
        if viewer is None or not isinstance(pending, Chance) or isinstance(pending.odds, Roll):
            return False
        return bool(odds_module.hidden_from(self.game, viewer))

    def choices(self) -> list[tuple[Action, Odds | None]]:
        """The pending decision's actions with the odds of what each leads to (computed once
        per position)."""
        return self._per_position("choices", lambda: odds_module.choices(self.game))

    def consequences(self) -> dict[Action, str]:
        """What the rules make of each of the pending decision's actions, in a plain
        sentence, as the viewer sees them (:func:`explorer.odds.consequences`); actions with
        nothing to say are left out."""
        return self._per_position("consequences", lambda: {
            action: said for action, said in odds_module.consequences(self.game, self.viewer)
            if said})

    def _per_position(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()``, worked out once per position (and viewer) and then reused: a page
        asks for a step's odds and sentences more than once as it draws it."""
        key = (name, id(self.game), self.game.steps, len(self.game.log), self.viewer)
        cache = self.__dict__.setdefault("_position_cache", {})
        if name not in cache or cache[name][0] != key:
            cache[name] = (key, compute())
        return cache[name][1]

    def _moved(self) -> None:
        self._mark = len(self.game.log)
        self._epoch += 1
        self._note_turn()

    def _note_turn(self) -> None:
        """Note whose turn the next step is played in, from the log's length on: what happened
        is grouped by turn (:meth:`groups`). An undo cuts the notes past the log's end; a new
        or loaded game starts them afresh."""
        log = self.game.log
        if getattr(self, "_turns_of", None) is not self.game:
            self._turns_of, self._turns = self.game, []
        turns: list[tuple[int, int | None]] = self._turns
        while turns and turns[-1][0] > len(log):
            turns.pop()
        active = getattr(self.game.state, "active", None)
        if turns and turns[-1][1] == active:
            return
        if turns and turns[-1][0] == len(log):
            turns[-1] = (len(log), active)
        else:
            turns.append((len(log), active))

    def _turn_at(self, index: int) -> int | None:
        """The seat whose turn the log entry at ``index`` was logged in (None: not known)."""
        if getattr(self, "_turns_of", None) is not self.game:
            return None
        at = bisect.bisect_right(self._turns, index, key=lambda turn: turn[0])
        return self._turns[at - 1][1] if at else None

    def summary(self) -> dict[str, Any]:
        """A finished game in brief: the winners, every seat's score, the turns played."""
        game = self.game
        turns = self.position().get("turn", 0)
        return {"winners": list(game.winners), "scores": list(game.scores), "turns": turns,
                "steps": game.steps}

    def waiting_for_person(self) -> bool:
        """A decision of a seat a person plays is pending."""
        return (not self.game.is_chance and not self.game.is_over
                and self.seats[self.game.current_player] == "human")

    # ---- moves -----------------------------------------------------------------------------

    def _index(self, index: object, size: int, what: str) -> int:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < size:
            raise IllegalAction(f"{what} must be a number from 0 to {size - 1}; found {index!r}")
        return index

    def act(self, index: int) -> None:
        """Take the legal action at ``index`` of the pending decision (for scripts and tests:
        a page's controls name the action itself, :meth:`take`)."""
        pending = self.game.pending
        if not isinstance(pending, Decision):
            raise IllegalAction("no decision is pending: this step is a roll or a draw")
        action = pending.actions[self._index(index, len(pending.actions), "the choice")]
        self._moved()
        self.game.step(action)

    def take(self, action: Action, stamp: int | None = None) -> None:
        """Take ``action``, a legal action of the pending decision, chosen with a control
        drawn at ``stamp`` (refused if that was an earlier step: :meth:`check_stamp`)."""
        self.check_stamp(stamp)
        pending = self.game.pending
        if not isinstance(pending, Decision):
            raise IllegalAction("no decision is pending: this step is a roll or a draw")
        if not isinstance(action, Action) or action not in pending.actions:
            raise IllegalAction(f"{action} is not a legal choice here; nothing was taken")
        self._moved()
        self.game.step(pending.actions[pending.actions.index(action)])

    def follow(self, choices: Sequence[Action], stamp: int | None = None) -> int:
        """Take ``choices`` in order, each a legal action of the person's decision pending
        when its turn comes (a complete action the best-action finder lists); stops early at
        a roll or a draw. All or nothing: a choice that is not legal when reached undoes the
        ones before it, and the error says which. Returns the choices taken. A plan listed at
        an earlier step (``stamp``) is refused whole."""
        self.check_stamp(stamp)
        saved = self.game.to_json()  # to put back exactly (redo list and dice too)
        mark = getattr(self, "_mark", 0)
        taken = 0
        for action in choices:
            pending = self.game.pending
            if not isinstance(pending, Decision) or not self.waiting_for_person():
                break
            if action not in pending.actions:
                self.game = load_game(saved)
                self._mark = mark
                self._epoch += 1
                raise IllegalAction(f"{action} is not a legal choice here; nothing was taken")
            if taken == 0:
                self._moved()
            self.game.step(pending.actions[pending.actions.index(action)])
            taken += 1
        return taken

    def roll(self, stamp: int | None = None) -> None:
        """Roll (or draw) with the game's seeded generator (with a control drawn at
        ``stamp``)."""
        self.check_stamp(stamp)
        if not self.game.is_chance:
            raise IllegalAction("no roll or draw is pending")
        self._moved()
        self.game.step()

    def force(self, outcome: Outcome | int, stamp: int | None = None) -> None:
        """Make the pending roll or draw come out as ``outcome`` ("what if"), one of its
        outcomes (or, for scripts, the outcome at that index), chosen with a control drawn at
        ``stamp``."""
        self.check_stamp(stamp)
        pending = self.game.pending
        if not isinstance(pending, Chance):
            raise IllegalAction("no roll or draw is pending")
        if isinstance(outcome, Outcome):
            if outcome not in pending.outcomes:
                raise IllegalAction(f"{outcome} is not an outcome of this roll or draw")
            outcome = pending.outcomes[pending.outcomes.index(outcome)]
        else:
            outcome = pending.outcomes[self._index(outcome, len(pending.outcomes),
                                                   "the outcome")]
        self._moved()
        self.game.step(outcome)

    def undo(self) -> None:
        """Go back one step; a step a plan took (:meth:`follow_plan`) goes back to before the
        plan's click, with every step of the plan."""
        self.game.undo()
        planned = self._planned_steps()
        while self.game.can_undo and self.game.steps in planned:
            self.game.undo()
        self._mark = len(self.game.log)
        self._epoch += 1

    # ---- plans: several decisions of a person in one click -----------------------------------

    def _planned_steps(self) -> set[int]:
        """The steps (by the game's step count before each) that plans took after their
        click: an undo goes past them."""
        if getattr(self, "_planned_of", None) is not self.game:
            self._planned_of, self._planned = self.game, set()
        planned: set[int] = self._planned
        return planned

    def plans(self) -> list[Plan]:
        """The plans a person may choose at the pending decision of a seat a person plays
        (the game's knowledge: :meth:`explorer.engine.knowledge.GameKnowledge.plans`); none
        for a bot's decision, a roll, the game's end, or a game that offers none."""
        if not self.waiting_for_person():
            return []
        return list(knowledge_for(self.game.game_id).plans(self.game, self.game.current_player))

    def pick(self) -> Pick | None:
        """The pending decision of a person as several picks in one click (the game's
        knowledge), or None."""
        if not self.waiting_for_person():
            return None
        return knowledge_for(self.game.game_id).pick(self.game, self.game.current_player)

    def follow_plan(self, key: str, stamp: int | None = None) -> int:
        """Follow the plan ``key`` of the pending decision (:meth:`plans`), chosen with a
        control drawn at ``stamp``: its first action, then, with every roll, draw and bot move
        between them made as the pace "to my next choice" makes them, its action at each
        decision of the same seat while its rule has one; it stops at the first decision that
        is not its own (the person decides there) or at the game's end. Returns the steps
        taken. A plan not offered now is refused and changes nothing."""
        self.check_stamp(stamp)
        plan = next((p for p in self.plans() if p.key == key), None)
        if plan is None or not plan.first:
            raise IllegalAction("that plan is not offered for this step; nothing was taken")
        return self._run(plan.first, plan.then)

    def take_picks(self, actions: Sequence[Action], stamp: int | None = None,
                   plan: str | None = None) -> int:
        """Take the picks ``actions`` (exactly :attr:`Pick.count` of them, each one of its
        options, held as often as picked) in order, chosen with a control drawn at ``stamp``;
        ``plan``: the key of one of the pick's plans, followed after the picks. A wrong count,
        an entry not offered or one not legal when reached is refused and changes nothing."""
        self.check_stamp(stamp)
        pick = self.pick()
        if pick is None:
            raise IllegalAction("no choice of several cards is pending; nothing was taken")
        actions = list(actions)
        if len(actions) != pick.count:
            raise IllegalAction(f"choose exactly {pick.count} (you chose {len(actions)}); "
                                "nothing was taken")
        for action in actions:
            if not isinstance(action, Action) or action not in pick.options:
                raise IllegalAction(f"{action} is not one of the choices offered; nothing was "
                                    "taken")
        then = None
        if plan is not None:
            found = next((p for p in pick.plans if p.key == plan), None)
            if found is None:
                raise IllegalAction("that plan is not offered for this step; nothing was taken")
            then = found.then
        return self._run(tuple(actions), then)

    def _run(self, first: Sequence[Action], then: PlanRule | None) -> int:
        """Take ``first`` (each a legal action of the seat's decision pending when reached:
        all or nothing), then follow ``then`` as :meth:`follow_plan` says."""
        seat = self.game.current_player
        saved, mark, start = self.game.to_json(), getattr(self, "_mark", 0), self.game.steps
        self._moved()
        done = 0
        for action in first:
            pending = self.game.pending
            if not (isinstance(pending, Decision) and pending.player == seat
                    and self.waiting_for_person() and action in pending.actions):
                planned = self._planned_steps()
                self.game = load_game(saved)
                self._planned_of, self._planned = self.game, planned  # earlier plans' steps
                self._mark = mark
                self._epoch += 1
                raise IllegalAction(f"{action} is not a legal choice here; nothing was taken")
            self.game.step(pending.actions[pending.actions.index(action)])
            done += 1
        while then is not None and not self.game.is_over:
            self.play(lambda session: session.waiting_for_person() and not session.forced(),
                      use_bots_for_all=False, take_forced=True)
            pending = self.game.pending
            if not isinstance(pending, Decision) or pending.player != seat:
                break
            action = then(self.game, seat, done)
            if action is None or action not in pending.actions:
                break
            self.game.step(pending.actions[pending.actions.index(action)])
            done += 1
        kept = {step for step in self._planned_steps() if step < start}  # an earlier line
        self._planned = kept | set(range(start + 1, self.game.steps))
        self._epoch += 1
        return self.game.steps - start

    def redo(self) -> None:
        self._moved()
        self.game.redo()

    def persons_turn(self) -> bool:
        """The turn under way is a person's (the seat whose turn it is plays "human")."""
        active = getattr(self.game.state, "active", None)
        return active is None or self.seats[active] == "human"

    def advance(self, roll_for_bots: bool = True, roll_for_person: bool = False) -> int:
        """Let the bots decide (and, in a bot's turn, roll) until a person must decide or a
        roll of a person's turn waits; ``roll_for_person`` (the pace "to my next choice"):
        a person's rolls and draws are made too, up to the person's next decision. Returns the
        steps taken."""

        def stop(session: PlaySession) -> bool:
            if session.game.is_chance:
                if session.persons_turn():
                    return not roll_for_person
                return not roll_for_bots
            return session.waiting_for_person() and not (roll_for_person and session.forced())

        return self.play(stop, use_bots_for_all=False, take_forced=roll_for_person)

    def forced(self) -> bool:
        """The pending decision has one legal action only: nothing to choose (the pace "to my
        next choice" takes it; its line is in what happened, like every step's)."""
        pending = self.game.pending
        return isinstance(pending, Decision) and len(pending.actions) == 1

    def play(self, stop: Callable[[PlaySession], bool], use_bots_for_all: bool = True,
             progress: Callable[[int], None] | None = None, take_forced: bool = False) -> int:
        """Step with bots (a heuristic bot in a person's seat too, if ``use_bots_for_all``)
        and sampled dice until ``stop(self)`` or the game ends; ``take_forced``: a person's
        decision with one legal action only is taken (there is nothing to choose)."""
        stand_in = make_bot(self.game, "heuristic", self.bot_seed)
        taken = 0
        while not self.game.is_over and not stop(self) and taken < MAX_AUTO_STEPS:
            self._note_turn()
            if self.game.is_chance:
                self.game.step()
            else:
                seat = self.game.current_player
                bot = self.bots.get(seat) or (stand_in if use_bots_for_all else None)
                if bot is not None:
                    self.game.step(bot.choose(self.game))
                elif take_forced and self.forced():
                    self.game.step(self.game.pending.actions[0])  # type: ignore[union-attr]
                else:
                    break
            taken += 1
            self._epoch += 1
            if progress is not None:
                progress(taken)
        return taken

    def play_to_end_of_turn(self, progress: Callable[[int], None] | None = None) -> int:
        """Play on (rolls, draws and the bots' moves) until the next player's turn begins,
        stopping earlier at a decision of a seat a person plays: nothing here decides for a
        person."""
        state = self.game.state
        active = getattr(state, "active", None)
        turn = self._turn_marker()

        def stop(session: PlaySession) -> bool:
            return (getattr(session.game.state, "active", None) != active
                    or session._turn_marker() != turn or session.waiting_for_person())

        self._moved()
        return self.play(stop, use_bots_for_all=False, progress=progress)

    def _turn_marker(self) -> tuple[Any, ...]:
        state = self.game.state
        parties = getattr(state, "parties", None) or getattr(state, "enclaves", None) or \
            getattr(state, "adventurers", None) or ()
        return (getattr(state, "active", None),
                tuple(getattr(p, "turn", 0) for p in parties))

    def play_to_end_of_game(self, progress: Callable[[int], None] | None = None) -> int:
        """Play on (rolls, draws and the bots' moves) to the end of the game, stopping at a
        decision of a seat a person plays: only when every seat is a bot does this play to
        the end (:meth:`resolve_to_choice`)."""
        return self.resolve_to_choice(progress)

    def resolve_to_choice(self, progress: Callable[[int], None] | None = None) -> int:
        """Roll every roll, draw every draw and let the bots move until a person must decide
        or the game ends; every result is logged (:meth:`recent` lists them). A person's
        decision with one legal action only is taken (nothing to choose); any other decision
        of a person pending: nothing is done. Returns the steps taken."""
        if self.waiting_for_person() and not self.forced():
            return 0
        self._moved()
        return self.play(lambda session: session.waiting_for_person() and not session.forced(),
                         use_bots_for_all=False, progress=progress, take_forced=True)

    # ---- new games ---------------------------------------------------------------------------

    def new_game(self, players: object, seed: object, seats: Sequence[str],
                 options: Mapping[str, Any] | None = None) -> None:
        """Start a new game of the same game with ``players``, ``seed`` and ``seats`` (checked;
        a refused one changes nothing). ``options``: game options that replace the current
        game's (Lair of the Rat-King's ``genders``, say); one given as None is dropped, and the
        others are kept."""
        rules = self.game.rules
        if isinstance(players, bool) or not isinstance(players, int) or not (
                rules.min_players <= players <= rules.max_players):
            raise IllegalAction(f"{rules.title} is for {rules.min_players} to "
                                f"{rules.max_players} players; found {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise IllegalAction(f"the seed must be a whole number from 0 to {2**63 - 1}; "
                                f"found {seed!r}")
        seats = list(seats)
        if len(seats) != players or any(s not in SEAT_KINDS for s in seats):
            raise IllegalAction(f"choose {players} seats, each one of {', '.join(SEAT_KINDS)}")
        if options is not None and not isinstance(options, Mapping):
            raise IllegalAction(f"options must be an object of game options; found {options!r}")
        chosen = {key: value for key, value in {**self.game.options, **(options or {})}.items()
                  if value is not None}
        game = new_game(self.game.game_id, players=players, seed=seed, options=chosen)
        self.game, self.bot_seed, self._mark = game, seed, 0
        self._epoch += 1
        self.set_seats(seats)

    def rematch(self) -> None:
        """The same game again, the same players in the same seats, with the next seed."""
        self.new_game(self.game.players, (self.game.seed + 1) % 2**63, self.seats)

    # ---- the record --------------------------------------------------------------------------

    def log_of(self, cell: str, last: int = 15) -> list[LogEntry]:
        """The ``last`` log entries of one cell: what happened there most recently.

        Entries are indexed by cell as the log grows, so each step costs only its new entries
        (an undo or a load replaces the log, and the index is rebuilt)."""
        log = self.game.log
        indexed = getattr(self, "_indexed", None)
        if indexed is None or indexed[0] is not log or indexed[1] > len(log):
            indexed = (log, 0, {})
        _, done, by_cell = indexed
        game_id = self.game.game_id
        for index in range(done, len(log)):
            by_cell.setdefault(cell_of(game_id, log[index].phase), []).append(index)
        self._indexed = (log, len(log), by_cell)
        return [log[i] for i in by_cell.get(cell, [])[-last:]]

    def save(self) -> str:
        """The game as JSON text (seats are not part of the game)."""
        return self.game.to_json()

    def load(self, text: str | bytes) -> None:
        """Replace the game by a saved one; a bad save changes nothing."""
        if isinstance(text, bytes | bytearray | memoryview):
            if len(text) > MAX_SAVE_BYTES:
                raise SavedGameError(f"a saved game must be under {MAX_SAVE_BYTES // 2**20} MB")
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise SavedGameError("a saved game must be UTF-8 JSON text") from None
        if isinstance(text, str):
            self._same_game(text)
            self._own_cards(text)
        game = load_game(text)
        seats = self.seats if len(self.seats) == game.players else (
            ["human"] + ["heuristic"] * (game.players - 1))
        self.game = game
        self._mark = len(game.log)
        self._epoch += 1
        self.set_seats(seats)

    def _own_cards(self, text: str) -> None:
        """A save whose options name a card set other than the game's own cards or the set
        uploaded in this page is refused in plain words, before anything is read: a page
        never loads a server folder a save names, and never says whether one exists."""
        try:
            data = json.loads(text)
        except ValueError:
            return  # load_game says what is wrong with it
        options = data.get("options") if isinstance(data, dict) else None
        if not isinstance(options, dict) or "cards" not in options:
            return
        if not cards.on_this_page(self.game.game_id, options["cards"]):
            raise SavedGameError("this save plays with a card set that is not on this page; "
                                 "only saves made with the game's own cards, or with the set "
                                 "uploaded in this page, load here")

    def _same_game(self, text: str) -> None:
        """A saved game of another game is refused, saying which it is."""
        try:
            data = json.loads(text)
        except ValueError:
            return  # load_game says what is wrong with it
        other = data.get("game") if isinstance(data, dict) else None
        mine = self.game.game_id
        if isinstance(other, str) and other != mine:
            title = GAMES.get(other)
            if title is None:
                raise SavedGameError("this file is not a saved game of any game here")
            raise SavedGameError(f"this is a saved game of {title}; this page plays "
                                 f"{GAMES[mine]}: open the {title} page to load it")
