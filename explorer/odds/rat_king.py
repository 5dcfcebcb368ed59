"""Lair of the Rat-King odds: who wins the ADVENTURE being fought, exactly.

>>> from explorer.odds import rat_king
>>> rat_king.adventure_odds(game)        # each player's chance of winning the ADVENTURE
>>> rat_king.round_choices(game)         # each further round action with the odds after it

Every ADVENTURE DIE is enumerated (6 faces per participating group), and each combination is
played through the engine's own dice, flips and totals (seed 002, lines 58-63) on a copy of the
table, so the odds are the rules' to the letter: a CHARACTER flipped by a matching die, a
Mercenary discarded, a tie going to the player who played the ADVENTURE, an ADVENTURE discarded.
A further round action is explored the same way: each of its choices, each face of a STUFF DIE
(an expectation), the acting player's own choices after it (the best for him), then everyone
passing. Only the table is read: no hand but the acting player's own cards he would play.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator
from fractions import Fraction
from itertools import product
from typing import Any

from explorer.engine import Action, Chance, Decision, Game
from explorer.errors import IllegalAction
from explorer.odds import Odds, check_odds

__all__ = ["adventure_odds", "choice_odds", "round_choices", "win_chances"]

DISCARDED = "discarded"


def _copy(state: Any) -> Any:
    """A copy of the table to try things on: the card data shared, the log left behind."""
    memo = {id(state._data): state._data, id(state.log): []}
    return copy.deepcopy(state, memo)


def _round(game: Game) -> Any:
    if game.game_id != "rat_king":
        raise IllegalAction(f"these odds are for rat_king games; found a {game.game_id} game")
    state = game.state
    if state.round is None or state.round.settled:
        raise IllegalAction("no ADVENTURE is being fought: the odds answer during an "
                            "ADVENTURE ROUND, up to its last die")
    return state


def win_chances(state: Any) -> list[Fraction]:
    """For a table in an ADVENTURE ROUND where everyone now passes: each seat's exact chance of
    winning the ADVENTURE, and last the chance it is discarded (so the list sums to 1). Dice
    already rolled stay as rolled.

    The dice matter in two ways: a face flips the other groups' participating CHARACTERS whose
    CHARACTER die it equals, and it adds to its group's total. Combinations that flip the same
    CHARACTERS are played through the engine's dice once (on a copy of the table), and each
    combination's totals and winner are then read off that table."""
    from explorer.games.rat_king import adventure as A
    from explorer.games.rat_king.common import Ctx

    ctx = Ctx(state, state._data)
    rnd = state.round
    rolling = [s for s in A.order(ctx, rnd.by) if ctx.participants(s)]
    sides = state._data.dice["adventure_die"].sides
    flipping = {s: {ctx.card_of(c).character_die for other in rolling if other != s
                    for c in ctx.participants(other)} for s in rolling}
    faces = [[rnd.rolls[s]] if rnd.rolls[s] is not None else range(1, sides + 1)
             for s in rolling]
    patterns: dict[tuple[int | None, ...], list[tuple[int, ...]]] = {}
    for combo in product(*faces):
        key = tuple(f if f in flipping[s] else None for s, f in zip(rolling, combo, strict=True))
        patterns.setdefault(key, []).append(combo)
    found = [Fraction(0)] * (state.players + 1)
    each = Fraction(1, sides ** sum(1 for s in rolling if rnd.rolls[s] is None))
    for combos in patterns.values():
        trial = _copy(state)
        trial_ctx = Ctx(trial, trial._data)
        dice = A.dice(trial_ctx)
        try:
            pending = dice.send(None)
            for face in combos[0]:
                pending = dice.send(next(o for o in pending.outcomes if o.value == face))
        except StopIteration:
            pass
        contenders = [s for s in rolling if trial_ctx.participants(s)]
        strength = {s: trial_ctx.group_cp(s) for s in contenders}
        by_plays = bool(trial_ctx.participants(rnd.by))
        for combo in combos:
            roll = dict(zip(rolling, combo, strict=True))
            winner = _winner({s: strength[s] + roll[s] for s in contenders}, rnd.by, by_plays)
            found[state.players if winner is None else winner] += each
    return found


def _winner(totals: dict[int, int], by: int, by_plays: bool) -> int | None:
    """The ADVENTURE's winner from the groups' totals (seed 002, line 61; ruling rk-28): the
    highest; a tie goes to the player who played it if he has participating CHARACTERS, else
    the ADVENTURE is discarded (None), as it is when no group takes part. The engine's own
    ``adventure.award`` decides the same way; a test plays both against each other."""
    if not totals:
        return None
    best = max(totals.values())
    top = [s for s, t in totals.items() if t == best]
    if len(top) == 1:
        return top[0]
    return by if by_plays else None


def _odds(chances: list[Fraction], title: str) -> Odds:
    players = len(chances) - 1
    rows = [(f"Player {s + 1} wins", chances[s]) for s in range(players)]
    rows.append((DISCARDED, chances[players]))
    check_odds(rows)
    return Odds(None, 0, (), tuple(rows), title, note="exact",
                extra={"win": chances[:players], "discarded": chances[players]})


def adventure_odds(game: Game) -> Odds:
    """The ADVENTURE being fought, if every player now passes: each player's exact chance of
    winning it (``outcomes`` "Player N wins", and "discarded"; ``extra["win"]`` by seat), over
    every ADVENTURE DIE and the flips the dice cause."""
    state = _round(game)
    name = state.round.adventure
    return _odds(win_chances(_copy(state)), f"{name}: who wins if everyone passes now")


def round_choices(game: Game) -> list[tuple[tuple[Action, ...], Odds]]:
    """At a player's ADVENTURE ROUND action: each thing he may do now (an ENCOUNTER, a
    REINFORCEMENT, a STUFF on a REINFORCEMENT, a STUFF DIE; each with its choice, as the
    actions he would take) with the odds of the ADVENTURE after it if everyone then passes.
    A STUFF DIE is averaged over its faces; where the action leaves him choices (a target),
    the one best for his own chance is taken. Passing is listed first."""
    state = _round(game)
    pending = game.pending
    if not isinstance(pending, Decision) or not state.phase.startswith("adventure"):
        raise IllegalAction("round choices answer at a player's ADVENTURE ROUND action")
    from explorer.games.rat_king import adventure as A
    from explorer.games.rat_king.common import Ctx

    seat = pending.player
    ctx = Ctx(state, state._data)
    found: list[tuple[tuple[Action, ...], Odds]] = []
    if pending.actions[0].name in A.ROUND_ACTIONS or any(
            a.name in A.ROUND_ACTIONS for a in pending.actions):
        found.append(((Action("pass", (), A.ROUND_TEXT["pass"]),),
                      _odds(win_chances(_copy(state)), "Pass")))
        offers = A.round_offers(ctx, seat)
        for kind, choices in offers.items():
            if kind == "pass":
                continue
            run = A.ROUND_ACTIONS_RUN[kind]
            top = Action(kind, (), A.ROUND_TEXT[kind])
            for choice in choices:
                chances = _explore(state, seat, lambda c, run=run, choices=choices:
                                   run(c, seat, choices), (choice,))
                found.append(((top, choice), _odds(chances, f"{top}: {choice}")))
    return found


def choice_odds(game: Game, kind: str) -> dict[Action, Odds]:
    """Once a round action of ``kind`` is chosen ("reinforcement", "stuff_die", ...): each of
    its choices with the odds of the ADVENTURE after it, as :func:`round_choices` counts them."""
    state = _round(game)
    pending = game.pending
    from explorer.games.rat_king import adventure as A

    if not isinstance(pending, Decision) or kind not in A.ROUND_ACTIONS_RUN:
        raise IllegalAction(f"no round action {kind!r} is being chosen")
    run, seat, offers = A.ROUND_ACTIONS_RUN[kind], pending.player, list(pending.actions)
    return {action: _odds(_explore(state, seat, lambda c: run(c, seat, offers), (action,)),
                          str(action)) for action in pending.actions}


def _explore(state: Any, seat: int, start: Callable[[Any], Generator[Any, Any, Any]],
             first: tuple[Action, ...]) -> list[Fraction]:
    """The win chances after a round action's procedure: its chance steps averaged, ``seat``'s
    own choices taken at their best for him, anyone else's at their worst for him."""
    from explorer.games.rat_king.common import Ctx

    def value(choices: tuple[Any, ...]) -> list[Fraction]:
        trial = _copy(state)
        procedure = start(Ctx(trial, trial._data))
        try:
            pending = procedure.send(None)
            for choice in choices:
                pending = procedure.send(choice)
        except StopIteration:
            trial.round.passed = list(range(trial.players))
            return win_chances(trial)
        if isinstance(pending, Chance):
            total = [Fraction(0)] * (state.players + 1)
            for outcome, p in pending.probabilities():
                for index, q in enumerate(value((*choices, outcome))):
                    total[index] += p * q
            return total
        assert isinstance(pending, Decision)
        options = [value((*choices, action)) for action in pending.actions]
        pick = max if pending.player == seat else min
        return pick(options, key=lambda chances: chances[seat])

    return value(first)
