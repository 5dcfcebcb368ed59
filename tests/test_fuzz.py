"""Stateful fuzzing of all five games (issue #15): hypothesis drives each game through the
engine contract with rules a curious player (or a buggy page) could follow, and checks the
invariants after every one.

Rules: take a legal action, force any chance outcome, sample one, play on a run of steps with
a seeded random bot (to reach the middle and the end of games), undo, redo, save and load,
try an illegal action, and restart from a scenario made of a seat's position (the search
bot's worlds: :meth:`explorer.engine.search.SearchHooks.world`). Invariants after every rule:
the game's own invariants (``explorer.games.<game>.invariants.check``), every chance step's
outcomes exact Fractions above 0 summing to 1, a legal action at every decision until the
end, ``load_game(to_json())`` equal to the game, and the odds a page asks for answering
without an error and changing nothing (issue 25, item 1): ``explorer.odds.at`` without a seat
and for every seat (exact outcomes summing to 1, or None off a chance step),
``odds.effects`` (one line per outcome) and ``odds.choices`` (the legal actions in order, each
with an Odds or None; Monte Carlo fights with :data:`ODDS_RUNS` playouts to stay quick). An
illegal action must raise :class:`~explorer.errors.IllegalAction` and change nothing; undo
must give back the position before the step, redo the one after.

And the odds match play (issue 45, item 1; :mod:`tests.odds.match_play`): at a chance step,
``odds.at`` gives the engine's own outcomes and weights (a roll's success, failure or table
row summed over the dice totals the engine rolls) and ``odds.effects`` says for each total what
the engine's roll makes of it; at a decision, each choice ``odds.choices`` gives odds for is
played on from a copy of the position through ``Game.step`` as its odds assume. After every
rule each is played once (what happened must be possible by the odds, and a certain outcome
must happen); and a rule of its own, which hypothesis takes at random positions as it takes
the others, plays each :data:`MATCH_PLAYS` times and compares the frequencies with the odds
at the level :data:`~tests.odds.match_play.ALPHA_FUZZ`. (As an invariant after every rule,
60 plays a choice made the long profile some 3.5 hours on two cores, most of it Rat-King
positions checked again after an undo, a save or a refused step had left them as they were.)

``make test`` runs the quick profile (``HYPOTHESIS_PROFILE`` unset: a few examples per game);
``make fuzz`` the long one (``HYPOTHESIS_PROFILE=fuzz``: thousands per game, README).
"""

from __future__ import annotations

import importlib
import os
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import explorer
from explorer import odds
from explorer.engine import Action, Game, Outcome
from explorer.engine.bots import RandomBot
from explorer.engine.core import rules_for
from explorer.engine.dice import Roll
from explorer.engine.search import hooks_for
from explorer.errors import IllegalAction
from explorer.games import GAMES
from tests.odds import match_play

PROFILES = {
    "quick": {"max_examples": 4, "stateful_step_count": 25},
    "fuzz": {"max_examples": 2000, "stateful_step_count": 60},
}
"""Examples per game and rules per example of each profile."""
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
if PROFILE not in PROFILES:
    raise pytest.UsageError(f"HYPOTHESIS_PROFILE must be one of {', '.join(PROFILES)}; "
                            f"found {PROFILE!r}")
EXAMPLES = os.environ.get("FUZZ_EXAMPLES")
"""Examples per game instead of the profile's (a long run cut to the time there is)."""
if EXAMPLES is not None:
    if not EXAMPLES.isdigit() or int(EXAMPLES) < 1:
        raise pytest.UsageError(f"FUZZ_EXAMPLES must be a whole number above 0; found "
                                f"{EXAMPLES!r}")
    PROFILES[PROFILE] = {**PROFILES[PROFILE], "max_examples": int(EXAMPLES)}
RUN = 200
"""The most steps one "play on" rule takes."""
ODDS_RUNS = 20
"""Playouts of a Rifts fight when the odds invariant asks ``odds.choices``: what is checked is
that it answers, not how closely (its speed is measured by benchmarks/odds_positions.py)."""


MATCH_PLAYS = {"quick": 8, "fuzz": 60}[PROFILE]
"""Plays of each choice (and of the pending chance step) the odds-match rule compares."""
MATCH_ODDS_RUNS = {"quick": ODDS_RUNS, "fuzz": 200}[PROFILE]
"""Playouts of a Rifts fight's estimate where the odds are played against."""


def _check_invariants(game: Game) -> None:
    module = importlib.import_module(f"explorer.games.{game.game_id}.invariants")
    module.check(game.state, game.state._data)


class GameMachine(RuleBasedStateMachine):
    """One game of ``game_id`` driven by hypothesis (a subclass per game sets it)."""

    game_id = ""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None

    @initialize(seed=st.integers(0, 2**63 - 1), data=st.data())
    def start(self, seed: int, data: st.DataObject) -> None:
        counts = rules_for(self.game_id).player_counts({})
        players = data.draw(st.sampled_from(counts), label="players")
        self.game = explorer.new_game(self.game_id, players=players, seed=seed)

    # ---- the rules ----------------------------------------------------------------------

    @precondition(lambda self: not self.game.is_over and not self.game.is_chance)
    @rule(data=st.data())
    def take_a_legal_action(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(self.game.legal_actions()), label="action")
        self._step_and_undo(action)

    @precondition(lambda self: self.game.is_chance)
    @rule(data=st.data())
    def force_a_chance_outcome(self, data: st.DataObject) -> None:
        outcomes = [o for o, _ in self.game.chance_outcomes()]
        self._step_and_undo(data.draw(st.sampled_from(outcomes), label="outcome"))

    @precondition(lambda self: self.game.is_chance)
    @rule()
    def sample_a_chance_outcome(self) -> None:
        self._step_and_undo(None)

    @precondition(lambda self: not self.game.is_over)
    @rule(steps=st.integers(1, RUN), seed=st.integers(0, 2**32 - 1))
    def play_on(self, steps: int, seed: int) -> None:
        bot = RandomBot(seed)
        for _ in range(steps):
            if self.game.is_over:
                break
            self.game.step(None if self.game.is_chance else bot.choose(self.game))

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo_and_redo(self) -> None:
        after = self.game.snapshot()
        self.game.undo()
        before = self.game.snapshot()
        self.game.redo()
        assert self.game.snapshot() == after
        self.game.undo()
        assert self.game.snapshot() == before

    @precondition(lambda self: self.game.can_redo)
    @rule()
    def redo(self) -> None:
        self.game.redo()

    @rule()
    def save_and_load(self) -> None:
        loaded = explorer.load_game(self.game.to_json())
        assert loaded.snapshot() == self.game.snapshot()
        self.game = loaded

    @rule(kind=st.sampled_from(["unknown action", "outcome at a decision",
                                "action at a chance", "nothing at a decision",
                                "wrong outcome"]))
    def try_an_illegal_step(self, kind: str) -> None:
        game = self.game
        before = game.snapshot()
        if game.is_over:
            attempt = Action("fuzz")
        elif game.is_chance:
            attempt = Action("fuzz") if kind != "wrong outcome" else Outcome("fuzz", (-1,))
        elif kind == "outcome at a decision":
            attempt = Outcome("fuzz", (1,))
        elif kind == "nothing at a decision":
            attempt = None
        else:
            attempt = Action("fuzz", ("no such choice",))
        with pytest.raises(IllegalAction):
            game.step(attempt)
        assert game.snapshot() == before

    @precondition(lambda self: not self.game.is_over and not self.game.is_chance)
    @rule(seed=st.integers(0, 2**32 - 1))
    def restart_from_a_scenario(self, seed: int) -> None:
        """A new game from a scenario of the seat's position (where one can start)."""
        world = hooks_for(self.game_id).world(self.game, self.game.current_player,
                                              random.Random(seed))
        if world is not None:
            self.game = world

    def _step_and_undo(self, choice: Action | Outcome | None) -> None:
        """Take the step; undo gives back the position before it, redo the one after."""
        before = self.game.snapshot()
        self.game.step(choice)
        after = self.game.snapshot()
        self.game.undo()
        assert self.game.snapshot() == before
        self.game.redo()
        assert self.game.snapshot() == after

    # ---- the invariants -----------------------------------------------------------------

    @invariant()
    def the_game_is_consistent(self) -> None:
        if self.game is None:
            return
        game = self.game
        _check_invariants(game)
        if game.is_over:
            assert game.current_player is None and not game.legal_actions()
        elif game.is_chance:
            odds = [p for _, p in game.chance_outcomes()]
            assert all(isinstance(p, Fraction) and p > 0 for p in odds)
            assert sum(odds) == 1
        else:
            assert game.legal_actions(), f"no legal action at {game.phase}"
        assert explorer.load_game(game.to_json()).snapshot() == game.snapshot()

    @invariant()
    def the_odds_answer(self) -> None:
        """The five odds queries answer at every position (None where there are no odds,
        never an exception) and leave the game as it was."""
        if self.game is None:
            return
        game = self.game
        before = game.snapshot()
        for seat in (None, *range(game.players)):
            found = odds.at(game, seat)
            if not game.is_chance:
                assert found is None
                continue
            assert found is not None
            assert all(isinstance(p, Fraction) for _, p in found.outcomes)
            assert sum(p for _, p in found.outcomes) == 1
        assert len(odds.effects(game)) == len(game.chance_outcomes())
        found = odds.choices(game, runs=ODDS_RUNS)
        assert [a for a, _ in found] == game.legal_actions()
        assert all(o is None or isinstance(o, odds.Odds) for _, o in found)
        for seat in (None, *range(game.players)):
            said = odds.consequences(game, seat)
            assert [a for a, _ in said] == game.legal_actions()
            assert all(s is None or (isinstance(s, str) and s) for _, s in said)
        assert game.snapshot() == before

    @invariant()
    def the_odds_are_possible_in_play(self) -> None:
        """The odds of the pending roll or draw are the engine's own, and each choice played
        on once does what its odds say may happen (module docstring)."""
        if self.game is not None and not self.game.is_over:
            _odds_against_play(self.game, 1)

    @precondition(lambda self: not self.game.is_over)
    @rule()
    def compare_the_odds_with_play(self) -> None:
        """The same, each played :data:`MATCH_PLAYS` times: the frequencies agree with the
        odds."""
        _odds_against_play(self.game, MATCH_PLAYS)


def _odds_against_play(game: Game, plays: int) -> None:
    before = game.snapshot()
    if game.is_chance:
        _chance_matches(game, plays)
    else:
        _choices_match(game, plays)
    assert game.snapshot() == before


def _chance_matches(game: Game, plays: int) -> None:
    """``odds.at`` sums the engine's outcomes by what each does, ``odds.effects`` names it."""
    pending = game.pending
    found = odds.at(game)
    spec = pending.odds
    engine: dict[str, Fraction] = {}
    for outcome, p in pending.probabilities():
        label = match_play.roll_label(spec, outcome.args[0], game) if isinstance(
            spec, Roll) else str(outcome)
        engine[label] = engine.get(label, Fraction(0)) + p
    shown: dict[str, Fraction] = {}
    for label, p in found.outcomes:
        shown[label] = shown.get(label, Fraction(0)) + p
    assert {k: v for k, v in shown.items() if v} == engine, (game.phase, pending.label)
    if isinstance(spec, Roll) and (spec.target is not None or spec.table):
        words = {"success": "succeeds", "failure": "fails"}
        for outcome, line in zip(pending.outcomes, odds.effects(game), strict=True):
            label = match_play.roll_label(spec, outcome.args[0], game)
            said = words.get(label, label)
            # a table the game keeps no rows of (a Rat-King STUFF DIE's, each STUFF's own
            # faces): the natural alone, which is also the label
            assert line.endswith(f": {said}") or line == said, (line, label)
    _compare(found, game, match_play.chance_play, plays)


def _choices_match(game: Game, plays: int) -> None:
    for action, found in odds.choices(game, runs=MATCH_ODDS_RUNS):
        if found is None:
            continue
        play = match_play.choice_play(game, action, found)
        assert play is not None, f"no play to compare the odds of {action} with"
        _compare(found, game, play, plays)


def _compare(found: odds.Odds, game: Game, play: match_play.Play, plays: int) -> None:
    """One play: possible by the odds; more: the frequencies agree with the odds
    (:func:`tests.odds.match_play.problems`)."""
    if plays == 1:
        labels = play(game.at(game.steps), random.Random(game.steps))
        wrong = match_play.possible(found, labels)
        assert not wrong, f"{found.title} at {game.phase}: " + "; ".join(wrong)
        return
    counts = match_play.copies(game, plays, play, seed=game.steps)
    wrong = match_play.problems(found, counts, plays, match_play.ALPHA_FUZZ)
    assert not wrong, f"{found.title} at {game.phase}: " + "; ".join(wrong)


def _machine(game_id: str) -> type[GameMachine]:
    machine = type(f"{game_id.title().replace('_', '')}Machine", (GameMachine,),
                   {"game_id": game_id})
    machine.TestCase.settings = settings(
        deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=PROFILE == "quick",
        **PROFILES[PROFILE])
    return machine


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_stateful_fuzz(game_id: str) -> None:
    _machine(game_id).TestCase().runTest()
