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
passing. A later choice of a round action (an ENCOUNTER's target, the target a STUFF DIE's
face asks for) is valued the same way from where the action began, with the choices and dice
already taken in it (:func:`choice_odds`). Only the table is read: no hand but the acting
player's own cards he would play.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator
from fractions import Fraction
from itertools import product
from typing import Any

from explorer.engine import Action, Chance, Decision, Game
from explorer.engine.odds import Odds, check_odds
from explorer.errors import IllegalAction, TooMuchWork

__all__ = ["adventure_odds", "choice_odds", "round_choices", "win_chances"]

DISCARDED = "discarded"
"""The outcome of an ADVENTURE nobody wins: it is discarded."""
LEAVES = 30
"""The most end positions one round action is explored to (each a full count over the dice);
an action with more ways to play out (an ENCOUNTER with many targets in turn) gets no odds."""


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
    CHARACTER die it equals (seed 002, line 58), and it adds to its group's total. A group's CP
    after the dice depends only on which of its own CHARACTERS' dice were rolled by someone
    else, so for each group and each set of its CHARACTER die values the engine's own flips are
    played once on a copy of the table (:meth:`Ctx.flip_character`, ME protection, discards and
    immunities included) and the group's CP read with :meth:`Ctx.group_cp`; every combination
    of dice is then a lookup."""
    from explorer.games.rat_king import adventure as A
    from explorer.games.rat_king.common import Ctx

    ctx = Ctx(state, state._data)
    rnd = state.round
    rolling = [s for s in A.order(ctx, rnd.by) if ctx.participants(s)]
    sides = state._data.dice["adventure_die"].sides
    dice_of = {s: sorted({ctx.card_of(c).character_die for c in ctx.participants(s)})
               for s in rolling}
    after: dict[tuple[int, frozenset[int]], int | None] = {}
    for seat in rolling:
        for mask in range(2 ** len(dice_of[seat])):
            hit = frozenset(v for k, v in enumerate(dice_of[seat]) if mask >> k & 1)
            after[seat, hit] = _cp_after(state, seat, hit)
    faces = [[rnd.rolls[s]] if rnd.rolls[s] is not None else range(1, sides + 1)
             for s in rolling]
    found = [Fraction(0)] * (state.players + 1)
    each = Fraction(1, sides ** sum(1 for s in rolling if rnd.rolls[s] is None))
    by_plays = rnd.by in rolling
    for combo in product(*faces):
        roll = dict(zip(rolling, combo, strict=True))
        totals = {}
        for seat in rolling:
            others = {roll[s] for s in rolling if s != seat}
            cp = after[seat, frozenset(v for v in dice_of[seat] if v in others)]
            if cp is not None:
                totals[seat] = cp + roll[seat]
        plays = by_plays and rnd.by in totals
        winner = _winner(totals, rnd.by, plays)
        found[state.players if winner is None else winner] += each
    return found


def _cp_after(state: Any, seat: int, hit: frozenset[int]) -> int | None:
    """``seat``'s group CP once its participating CHARACTERS whose CHARACTER die is in ``hit``
    are flipped by the engine (None: no CHARACTER of it takes part any more)."""
    from explorer.games.rat_king.common import Ctx

    if not hit:
        trial, ctx = state, Ctx(state, state._data)
    else:
        trial = _copy(state)
        ctx = Ctx(trial, trial._data)
        for character in list(ctx.participants(seat)):
            if ctx.card_of(character).character_die in hit and any(
                    c is character for _, c in trial.characters()):
                ctx.flip_character(character, "a matching ADVENTURE DIE")
    if not ctx.participants(seat):
        return None
    return ctx.group_cp(seat)


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
    the one best for his own chance is taken. Passing is listed first. An action with more
    than :data:`LEAVES` ways to play out is left out (a page must answer quickly)."""
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
                try:
                    chances = _explore(state, seat, lambda c, run=run, choices=choices:
                                       run(c, seat, choices), (choice,))
                except TooMuchWork:
                    continue
                found.append(((top, choice), _odds(chances, f"{top}: {choice}")))
    return found


def choice_odds(game: Game, kind: str | None = None) -> dict[Action, Odds]:
    """At any decision of a round action once it is chosen: its first choice (which ENCOUNTER,
    which STUFF DIE, ...) or a later one (the ENCOUNTER's target, the target a STUFF DIE's
    face asks for): each legal action with the odds of the ADVENTURE after it, as
    :func:`round_choices` counts them. The round action is explored from where it began with
    the choices and dice already taken in it, so every sub-decision is valued from the
    position where it is pending. ``kind`` ("encounter", "stuff_die", ...), when given, must be
    the round action being carried out. An action with more than :data:`LEAVES` ways to play
    out is left out."""
    _round(game)
    pending = game.pending
    from explorer.games.rat_king import adventure as A

    begun = _action_begun(game) if isinstance(pending, Decision) else None
    if begun is None or (kind is not None and kind != begun[0]):
        what = f"round action {kind!r}" if kind is not None else "round action"
        raise IllegalAction(f"no {what} is being carried out")
    name, start, seat, offers, taken = begun
    run = A.ROUND_ACTIONS_RUN[name]
    found = {}
    for action in pending.actions:
        try:
            chances = _explore(start, seat, lambda c: run(c, seat, offers), (*taken, action))
        except TooMuchWork:
            continue
        found[action] = _odds(chances, str(action))
    return found


def _action_begun(game: Game) -> tuple[str, Any, int, list[Action], tuple[Any, ...]] | None:
    """Where the round action being carried out began: (its kind, a copy of the table then,
    the acting seat, the offers its procedure started with, the actions and outcomes taken in
    it since, in order); None outside a round action.

    The round action was chosen at the last step logged at the ADVENTURE ROUND's own phase
    (``adventure.round``). At the action's first choice the table now is the table then;
    later, the game is replayed from its start (the same seed, options, scenario and inputs,
    as undo does) to just after it, the table copied there, and the replay carried on to now
    to read the values sent since."""
    from explorer.engine import Game as _Game
    from explorer.games.rat_king import adventure as A

    kind = game.phase.partition(".")[2]
    if not game.phase.startswith("adventure.") or kind not in A.ROUND_ACTIONS_RUN:
        return None
    chosen = max((e.step for e in game.log if e.phase == "adventure.round"), default=None)
    if chosen is None:
        return None
    pending = game.pending
    if game.state.step == chosen + 1 and isinstance(pending, Decision):  # its first choice
        return kind, _copy(game.state), pending.player, list(pending.actions), ()
    replica = _Game(game.rules, game.players, game.seed, game.options, game.scenario)
    inputs = game._inputs  # the game's own record of steps, as undo replays it
    offset = replica.state.step  # the state's step count when the game's first input is taken
    start = None
    seat = -1
    offers: list[Action] = []
    taken: list[Any] = []
    for index in range(len(inputs)):
        if index + offset == chosen + 1:
            pending = replica.pending
            if not isinstance(pending, Decision) or replica.phase != game.phase:
                return None
            start, seat, offers = _copy(replica.state), pending.player, list(pending.actions)
        is_chance, number = inputs[index][0], inputs[index][1]
        pending = replica.pending
        value = pending.outcomes[number] if is_chance else pending.actions[number]
        if start is not None:
            taken.append(value)
        replica.step(value)
    if start is None:
        return None
    return kind, start, seat, offers, tuple(taken)


def _explore(state: Any, seat: int, start: Callable[[Any], Generator[Any, Any, Any]],
             first: tuple[Action, ...]) -> list[Fraction]:
    """The win chances after a round action's procedure: its chance steps averaged, ``seat``'s
    own choices taken at their best for him, anyone else's at their worst for him."""
    from explorer.games.rat_king.common import Ctx

    leaves = [0]

    def value(choices: tuple[Any, ...]) -> list[Fraction]:
        trial = _copy(state)
        procedure = start(Ctx(trial, trial._data))
        try:
            pending = procedure.send(None)
            for choice in choices:
                pending = procedure.send(choice)
        except StopIteration:
            leaves[0] += 1
            if leaves[0] > LEAVES:
                raise TooMuchWork(f"more than {LEAVES} ways to play this action out") from None
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
