"""A Riftforce bot that plays the best complete action the finder reports
(:func:`explorer.odds.riftforce.best_actions`), by a fixed weighing of what it gains this turn.

It sees only what its seat sees (the finder uses the seat's hand, the Rift and its own piles'
composition). In the guild selection it takes the face-up guild whose elementals deal the most
damage per activation (``guilds.max_damage``), ties at random.

Its search is bounded (:data:`SEARCH_LIMIT` positions, a few seconds at most): on a board where
the turn has more ways to play than that (seen only on boards random bots build), it takes a
Check & Draw when it may, else a random legal choice, so a page never waits minutes for it.
"""

from __future__ import annotations

import random
from fractions import Fraction

from explorer.engine import Action, Game
from explorer.engine.bots import Bot
from explorer.errors import TooMuchWork
from explorer.games.riftforce.odds import Candidate, best_actions

WEIGHTS = {"net": 10, "destroyed": 2, "damage": 1, "controlled": 2, "lost": -3,
           "draws": Fraction(3, 2), "played": Fraction(3, 2), "discarded": -1}
"""How much the bot values each gain of a turn: net Riftforce above all."""
SEARCH_LIMIT = 20_000
"""The most positions the bot's finder replays for one turn (about 6,000 a second here)."""
REPLAY_COST = 6
"""A position the finder replays, in steps' worth of work (:attr:`explorer.engine.bots.Bot.work`):
the coach's Riftforce worlds did about 14,000 units of work a second counting each replay as
one, where the other games' worlds did 65,000 to 125,000 steps a second (2026-12-06, one
core)."""


def value(candidate: Candidate) -> Fraction:
    """The bot's value of a complete action."""
    played = sum(a.name == "place" for a in candidate.choices)
    discarded = candidate.name == "activate"
    return (WEIGHTS["net"] * candidate.net + WEIGHTS["destroyed"] * candidate.destroyed
            + WEIGHTS["damage"] * candidate.damage + WEIGHTS["controlled"] * candidate.controlled
            + WEIGHTS["lost"] * candidate.lost + WEIGHTS["draws"] * candidate.draws
            + WEIGHTS["played"] * played + WEIGHTS["discarded"] * discarded)


class RiftforceHeuristicBot(Bot):
    """Plans its whole action at the turn's first choice, then follows the plan."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._plan: list[Action] = []
        self._at = -1
        self._work = [0]

    @property
    def work(self) -> int:  # type: ignore[override]
        """The positions its finder replayed so far, each :data:`REPLAY_COST` steps' worth."""
        return self._work[0] * REPLAY_COST

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if actions[0].name == "guild":
            return self._pick_guild(game, actions)
        if self._plan and game.steps == self._at and self._plan[0] in actions:
            return self._follow(game, actions)
        try:
            candidates = best_actions(game, limit=SEARCH_LIMIT, work=self._work)
        except TooMuchWork:
            return self._fallback(actions)
        if not candidates:
            return actions[0]
        scores = [value(c) for c in candidates]  # (Fraction arithmetic: weighed once)
        best = max(scores)
        top = [c for c, score in zip(candidates, scores, strict=True) if score == best]
        chosen = top[self.rng.randrange(len(top))]
        made = len(game.state._turn_choices)  # a candidate lists the whole turn's choices
        self._plan = list(chosen.choices[made:]) if len(chosen.choices) > made else []
        self._at = game.steps
        if not self._plan or self._plan[0] not in actions:
            return actions[0]
        return self._follow(game, actions)

    def _fallback(self, actions: list[Action]) -> Action:
        self._plan = []
        checks = [a for a in actions if a.name == "check"]
        return checks[0] if checks else actions[self.rng.randrange(len(actions))]

    def _follow(self, game: Game, actions: list[Action]) -> Action:
        action = self._plan.pop(0)
        self._at = game.steps + 1
        return actions[actions.index(action)]

    def _pick_guild(self, game: Game, actions: list[Action]) -> Action:
        guilds = game.state._data.guilds
        damage = {a: sum(s.amount or 0 for s in guilds[a.args[0]].on("activate")
                         if s.name == "damage") for a in actions}
        best = max(damage.values())
        top = [a for a in actions if damage[a] == best]
        return top[self.rng.randrange(len(top))]
