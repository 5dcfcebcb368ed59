"""Gamma World's plans (:class:`explorer.ui.session.Plan`): several decisions of a person in
one click, each asked for by the person with a button that says exactly what it does.

- "Draw a card with each of my 3 AP left" and "Recruit a follower with each of my 2 AP left"
  at an Action Phase decision: the same action again while the turn's AP pay for it, up to
  the number named; it stops at any other decision (a hand-limit discard, a mutation to
  attach, a Foe to play).
- "Fight every round to the end of this battle (never retreat)" at a battle round.
- A hand-limit discard as one pick of the cards (:func:`pick`), and, in the Action Phase,
  "Discard these, then draw a card with each of my 3 AP left".

A plan reads only what its seat sees: the pending decision, the seat's own AP and the battle
on the table.
"""

from __future__ import annotations

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import Pick, Plan, PlanRule
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.turn import DRAW, RECRUIT

REPEATED = {"draw": (DRAW, "Draw", "Draw a card"), "recruit": (RECRUIT, "Recruit",
                                                                "Recruit a follower")}
"""The Action Phase's actions a plan repeats: the action, its AP cost's name, its words."""
STOPS = "(stops at any other choice)"
"""What a repeating plan's label says of where it stops: at any decision that is not the
repeated action (a hand-limit discard, a mutation to attach), for the person to make."""


def _decision(game: Game, seat: int) -> Decision | None:
    pending = game.pending
    return pending if isinstance(pending, Decision) and pending.player == seat else None


def _action_phase(game: Game, seat: int) -> bool:
    """The seat's Action Phase decision (spend an AP or end the phase) is pending."""
    pending = _decision(game, seat)
    return (pending is not None and game.state.phase == "action"
            and pending.prompt.startswith("Action Phase"))


def times_payable(game: Game, cost_of: str) -> int:
    """How many times the turn's AP left pay for ``cost_of`` ("Draw", "Recruit") in a row."""
    data = game.state._data
    usable = sum(E.pays_for(token, cost_of) for token in game.state.ap)
    return usable // max(1, data.ap_costs[cost_of])


def repeat(action: Action, times: int, turn: int) -> PlanRule:
    """``action`` at each Action Phase decision of the same turn, ``times`` in all."""

    def rule(game: Game, seat: int, done: int) -> Action | None:
        if done >= times or game.state.turn != turn or not _action_phase(game, seat):
            return None
        return action

    return rule


def fight_on(location: str, turn: int) -> PlanRule:
    """Fight at each round of the battle for ``location`` of this turn."""

    def rule(game: Game, seat: int, done: int) -> Action | None:
        pending = _decision(game, seat)
        battle = game.state.battle
        if pending is None or battle is None or game.state.turn != turn or \
                battle.location != location:
            return None
        return next((a for a in pending.actions if a.name == "fight"), None)

    return rule


def plans(game: Game, seat: int) -> list[Plan]:
    """The plans of ``seat``'s pending decision (none when none would repeat)."""
    pending = _decision(game, seat)
    if pending is None:
        return []
    state = game.state
    found: list[Plan] = []
    if _action_phase(game, seat):
        for name, (action, cost, words) in REPEATED.items():
            times = times_payable(game, cost)
            if action in pending.actions and times > 1:
                found.append(Plan(f"repeat-{name}", f"{words} with each of my {times} AP left "
                                  f"{STOPS}", (action,),
                                  repeat(action, times, state.turn)))
    battle = state.battle
    fight = next((a for a in pending.actions if a.name == "fight"), None)
    if fight is not None and battle is not None and battle.attacker == seat:
        found.append(Plan("fight-on", "Fight every round to the end of this battle (never "
                          "retreat)", (fight,), fight_on(battle.location, state.turn)))
    return found


def pick(game: Game, seat: int) -> Pick | None:
    """A hand-limit discard of ``seat`` as one pick: the cards to discard (as many as the
    hand is over its limit), and, in the Action Phase with AP left for drawing, the plan
    "then draw a card with each of my N AP left"."""
    pending = _decision(game, seat)
    if pending is None or not state_discarding(game) or not pending.actions or \
            any(a.name != "discard" for a in pending.actions):
        return None
    enclave = game.state.enclaves[seat]
    count = len(enclave.hand) - E.hand_limit(game.state._data, enclave)
    if count < 1:
        return None
    then: tuple[Plan, ...] = ()
    times = times_payable(game, "Draw")
    if game.state.phase.startswith("action.draw") and times > 0:
        then = (Plan("then-draw", f"Discard these, then draw a card with each of my {times} "
                     f"AP left {STOPS}", (),
                     repeat(DRAW, times + count, game.state.turn)),)
    return Pick(count, f"Choose {count} card{'s' if count > 1 else ''} to discard",
                "Discard these", tuple(pending.actions), then)


def state_discarding(game: Game) -> bool:
    """A hand-limit discard is under way."""
    return game.state.phase.endswith(".discard")
