"""Odds at decisions: what each legal action of a pending decision leads to, where chance
decides it.

>>> from explorer import odds
>>> for action, each in odds.choices(game):     # in the order of game.legal_actions()
...     print(action, each)                      # an Odds, or None where no chance follows

Each game answers for the decisions where odds matter, in its own folder
(``explorer.games.<game>.knowledge``, :mod:`explorer.engine.knowledge`):

- Rifts Adventures: "fight or try to escape" a Foe (the rest of the fight played out many
  times through the engine's own combat procedure from the position now: a Monte Carlo estimate
  with 95% intervals; the Escape roll's own chance is exact), Protect (exact), and the Decision
  Act's phases (the Survival, Mission, Supply or Heal roll the phase makes, exact);
- Gamma World: a battle round (fight on: the chance of capturing the location from the
  position now, fighting to the end, within a fixed amount of work: exact when the battle's
  chain fits it, else the chain in floating point, else an estimate from seeded playouts with
  95% intervals, the note saying which: :func:`explorer.odds.gamma_world.battle`; retreat: no
  capture, for certain) and "play a Foe?" against an attack (each Foe: the chance the attack
  is stopped, fought to the end against its Starting Threat's dice; no Foe: captured for
  certain);
- Adventurers: the Escape step (an evade card escapes for sure; a weapon or help card and the
  roll itself: the exact chance that the Escape roll beats the Encounter roll) and the Travel
  Phase (each card, or none: the exact chance the opponent to the right holds a matching
  Encounter card).

Only what the deciding seat can see is used: its own party, the public table, the Foe on the
table and the dice; never another seat's hand or the order of a deck.
"""

from __future__ import annotations

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import knowledge_for
from explorer.engine.odds import Odds, titled

FIGHT_RUNS = 400
"""How many times the rest of a Rifts fight is played out for each choice."""

Choices = list[tuple[Action, Odds | None]]
"""Each legal action with its :class:`~explorer.engine.odds.Odds`, or None where no chance
follows it."""


def choices(game: Game, runs: int = FIGHT_RUNS, seed: int = 0) -> Choices:
    """For the pending decision, each legal action (in order) with the odds of what it leads
    to, or None where no chance follows it; [] on a chance step or once the game is over.
    ``runs`` and ``seed`` set the Monte Carlo estimates (Rifts fights; ``seed`` also seeds a
    Gamma World battle too long to solve within its budget)."""
    pending = game.pending
    if not isinstance(pending, Decision):
        return []
    found = knowledge_for(game.game_id).decision_odds(game, pending, runs, seed)
    return [(action, found.get(action)) for action in pending.actions]


__all__ = ["FIGHT_RUNS", "choices", "titled"]
