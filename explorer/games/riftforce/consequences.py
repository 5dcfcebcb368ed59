"""What each choice of a Riftforce decision leads to, in one plain sentence (issue 27, item 6):
the Riftforce part of :func:`explorer.odds.consequences`.

A choice inside a turn is tried on a copy of what the deciding seat sees (the Rift, its own
hand, the sizes of its own piles; never the other hand nor any pile's order): the turn's
procedure is replayed on the copy to the decision, the choice is sent, and the copy runs on to
the next choice, draw or the end of the action. What changed on the Rift is the sentence:
"Destroys Ice 5 (you score 1 Riftforce, 4 in all)". A Play's card also says what its
activation would do where it goes, as the Rift stands; a Check & Draw the Riftforce it scores
and the cards it draws; a discard which elementals it can activate; a guild what its
elementals do.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from explorer.engine import Action, Decision, Game
from explorer.games.riftforce import abilities
from explorer.games.riftforce import turn as T
from explorer.games.riftforce.common import Ctx, cards, player
from explorer.games.riftforce.state import Elemental, Pile, RiftforceState

__all__ = ["sentences"]

_ASKS = {"move": "then you choose where it moves", "target": "then you choose its target",
         "location": "then you choose where it strikes",
         "heal": "then you choose whom it heals"}
"""What a choice still open inside an ability asks, by its actions' name."""
_MANY = 3
"""Enemies named one by one at most; more are counted ("1 damage to 6 enemies")."""


def sentences(game: Game, pending: Decision) -> dict[Action, str]:
    """For ``pending`` (a decision of ``game``, a Riftforce game), the actions with something
    the rules make of them, each with its sentence; actions with nothing to say are left
    out."""
    state: RiftforceState = game.state
    seat = pending.player
    found: dict[Action, str | None] = {}
    for action in pending.actions:
        if action.name == "guild":
            found[action] = _guild(state, action.args[0])
    if state.draft.done and state._turn_start is not None and state.active == seat:
        for action in pending.actions:
            found[action] = _said(state, seat, pending, action)
    return {action: said for action, said in found.items() if said}


def _said(state: RiftforceState, seat: int, pending: Decision, action: Action) -> str | None:
    """One action's sentence (None: nothing worth saying)."""
    if action.name == "check":
        return _check(state, seat)
    if action.name == "activate":
        mine = any(sides[seat] for sides in state.board)
        return None if mine else ("You have no elemental on the Rift: the card you discard "
                                  "activates nothing")
    if action.name == "discard":
        return _discard(state, seat, action.args[0])
    if action.name in {"play", "done"}:
        return None
    tried = _try(state, seat, pending, action)
    if tried is None:
        return None
    after, stop = tried
    said = _effects(state, after, seat, skip=action, here=_here(state, after, seat, action))
    ask = _asks(stop)
    if action.name == "target" and ask is not None and stop.actions[0].name == "target":
        ask = "then it strikes once more: you choose its target"  # a Thunderbolt's repeat
    if action.name == "place":
        return _placed(state, after, seat, action, said)
    if not said and ask is None:
        return "Does nothing here" if action.name == "elemental" else None
    return _sentence([*said, *([ask] if ask else [])])


# ---- replaying the turn on a copy ------------------------------------------------------------

def _seen(state: RiftforceState, seat: int) -> RiftforceState:
    """A copy with only what ``seat`` sees: no other hand, no pile's order (sizes kept)."""
    copy = state.clone()
    copy.sides[1 - seat].hand = []
    copy.sides[1 - seat].pile = Pile(copy.sides[1 - seat].pile.contents())
    copy.sides[seat].pile = Pile(copy.sides[seat].pile.contents())
    return copy


def _try(state: RiftforceState, seat: int, pending: Decision,
         action: Action) -> tuple[RiftforceState, Any] | None:
    """The copy after ``action``, run on to the next choice or draw (what it stopped at, None
    at the end of the action); None if the replay does not reach this very decision."""
    if state._boundary is not None:
        start, made = state._boundary
        copy = _seen(start, seat)
        ctx = Ctx(copy, copy._data)
        progress = start._progress
        procedure: Generator[Any, Any, Any] = (
            T.placements(ctx, seat, progress[1]) if progress[0] == "play"
            else T.activations(ctx, seat, *progress[1:]))
    else:
        made = 0
        copy = _seen(state._turn_start, seat)
        procedure = T.turn(Ctx(copy, copy._data), seat)
    try:
        asked = procedure.send(None)
        for choice in state._turn_choices[made:]:
            asked = procedure.send(choice)
        if not isinstance(asked, Decision) or asked.actions != pending.actions:
            return None
        stop = procedure.send(action)
    except StopIteration:
        stop = None
    return copy, stop


def _here(before: RiftforceState, after: RiftforceState, seat: int,
          action: Action) -> int | None:
    """The location of the elemental ``action`` acts with, once it has acted (None: not
    known from the action)."""
    if action.name in {"place", "move"}:
        return action.args[-1]
    if action.name == "target":
        return action.args[0]
    if action.name == "elemental":
        location, index = action.args
        uid = before.board[location][seat][index].uid
        return next((e.place for e in _in_play(after).values() if e.uid == uid), location)
    return None


def _asks(stop: Any) -> str | None:
    """What a choice still open inside the same ability asks ("then you choose ...")."""
    if isinstance(stop, Decision) and stop.actions:
        return _ASKS.get(stop.actions[0].name)
    return None


# ---- what changed ----------------------------------------------------------------------------

def _in_play(state: RiftforceState) -> dict[int, Elemental]:
    return {e.uid: e for sides in state.board for column in sides for e in column}


def _effects(before: RiftforceState, after: RiftforceState, seat: int, *,
             skip: Action | None = None, here: int | None = None) -> list[str]:
    """What changed from ``before`` to ``after`` for ``seat``, in players' words: enemies
    destroyed and damaged, its own elementals hurt, healed or moved, Riftforce scored,
    locations it comes to control. ``skip``: the choice itself (a heal or a move it names);
    ``here``: where the acting elemental is (an elemental hit elsewhere is named with its
    location; all are when ``here`` is None)."""
    old, new = _in_play(before), _in_play(after)
    places = before._data.locations
    touched = {e.place for e in old.values()
               if e.uid not in new or new[e.uid].damage != e.damage}
    where = touched != {here}

    def named(e: Elemental) -> str:
        return e.name + (f" at {places[e.place]}" if where else "")

    gone = [e for uid, e in old.items() if uid not in new]
    hurt = [(e, new[e.uid]) for e in old.values()
            if e.uid in new and new[e.uid].damage > e.damage]
    said = []
    enemy = 1 - seat
    killed = [named(e) for e in gone if e.owner == enemy]
    if killed:
        said.append("destroys " + (_names(killed) if len(killed) <= _MANY
                                   else f"{len(killed)} enemies"))
    hit = [(a, b) for a, b in hurt if a.owner == enemy]
    for amount in dict.fromkeys(b.damage - a.damage for a, b in hit):
        alike = [(a, b) for a, b in hit if b.damage - a.damage == amount]
        said.append(f"{amount} damage to " + (
            _names([f"{named(a)} ({b.damage} of {b.value})" for a, b in alike])
            if len(hit) <= _MANY else f"{len(alike)} enemies"))
    if any(e.owner == seat for e in gone):
        said.append("destroys your " + _names([named(e) for e in gone if e.owner == seat]))
    said += [f"{b.damage - a.damage} damage to your {named(a)} ({b.damage} of {b.value})"
             for a, b in hurt if a.owner == seat]
    if skip is None or skip.name != "heal":
        said += [f"removes {a.damage - b.damage} damage from your {named(a)}"
                 for a in old.values() if (b := new.get(a.uid)) and b.damage < a.damage]
    for a in old.values():
        b = new.get(a.uid)
        if b is None or b.place == a.place or (skip is not None and skip.name == "move"):
            continue
        whose = "" if a.owner == seat else "pulls "
        said.append(f"{whose}{a.name} to {places[b.place]}" if whose
                    else f"your {a.name} moves to {places[b.place]}")
    for side, who in ((seat, "you score"), (enemy, f"{player(enemy)} scores")):
        gained = after.sides[side].riftforce - before.sides[side].riftforce
        if gained > 0:
            said.append(f"{who} {gained} Riftforce ({after.sides[side].riftforce} in all)")
    won = [places[p] for p in range(len(places))
           if after.controls(seat, p) and not before.controls(seat, p)]
    if won:
        said.append(f"you control {_names(won)}")
    lost = [places[p] for p in range(len(places))
            if before.controls(seat, p) and not after.controls(seat, p)]
    if lost:
        said.append(f"you no longer control {_names(lost)}")
    return said


def _placed(before: RiftforceState, after: RiftforceState, seat: int, action: Action,
            said: list[str]) -> str | None:
    """A Play's card: what playing it does (an Earth's damage, a location controlled), then
    what its activation would do from there as the Rift stands."""
    name, location = action.args
    column = after.board[location][seat]
    if not column or column[-1].name != name:
        return _sentence(said) if said else None
    preview = _activation_preview(after, seat, column[-1])
    text = _sentence(said) if said else ""
    if preview:
        text += ("; if" if text else "If") + f" activated here: {preview}"
    return text or None


def _activation_preview(state: RiftforceState, seat: int, elemental: Elemental) -> str | None:
    """What activating ``elemental`` would do now, up to its first choice (None: nothing,
    or only a choice)."""
    copy = state.clone()
    this = next(e for e in copy.board[elemental.place][seat] if e.uid == elemental.uid)
    procedure = abilities.activate(Ctx(copy, copy._data), this)
    try:
        stop = procedure.send(None)
    except StopIteration:
        stop = None
    said = _effects(state, copy, seat, here=elemental.place)
    ask = _asks(stop)
    return ", ".join([*said, *([ask] if ask else [])]) if said else None


# ---- the turn's own choices ------------------------------------------------------------------

def _check(state: RiftforceState, seat: int) -> str:
    """Check & Draw: the locations controlled and the Riftforce they score, the cards drawn."""
    data = state._data
    ctx = Ctx(_seen(state, seat), data)
    controlled = ctx.controlled(seat)
    side = state.sides[seat]
    points = data.constants["riftforce_per_location"] * len(controlled)
    room = data.constants["draw_up_to"] - len(side.hand)
    draws = min(room, side.pile.size + len(side.discard))
    if controlled:
        said = (f"{_names([data.locations[p] for p in controlled])}: you score {points} "
                f"Riftforce ({side.riftforce + points} in all)")
    else:
        said = "You control no location: no Riftforce"
    if draws == 0:
        said += "; no card is left to draw"
    else:
        said += f"; you draw {cards(draws)}"
        if draws > side.pile.size:
            said += (f" (your discard pile is shuffled in after the {side.pile.size} left)"
                     if side.pile.size else " (your discard pile is shuffled into a new one)")
    ending = _ending(state, seat, side.riftforce + points)
    return f"{said}; {ending}" if ending else said


def _ending(state: RiftforceState, seat: int, score: int) -> str | None:
    """What the end rule makes of ``seat`` having ``score`` Riftforce after this action, when
    nobody else scores in it (a Check & Draw): the last action, a win, a tie (ruling rf-14)."""
    target = state._data.constants["victory_riftforce"]
    theirs = state.sides[1 - seat].riftforce
    if seat == state.first:
        if state.ending is None and score >= target:
            return f"{target} reached: {player(1 - seat)} takes one last action"
        return None
    if state.ending is None and max(score, theirs) < target:
        return None
    if score == theirs:
        return f"a tie at {score}: one more action each"
    outcome = "win" if score > theirs else "lose"
    return f"the game ends: you {outcome} {score} to {theirs}"


def _discard(state: RiftforceState, seat: int, name: str) -> str:
    """Which of ``seat``'s elementals discarding ``name`` can activate."""
    data = state._data
    kind = data.kinds[name]
    can = [f"{e} at {data.locations[p]}" for p, sides in enumerate(state.board)
           for e in sides[seat] if e.guild == kind.guild or e.value == kind.value]
    if not can:
        return ("None of your elementals on the Rift shares its guild or value: it activates "
                "nothing")
    most = data.constants["activate_max"]
    if len(can) <= most:
        return f"Can activate {_names(can)}"
    names = [f"{e}" for sides in state.board for e in sides[seat]
             if e.guild == kind.guild or e.value == kind.value]
    if len(names) > 2 * most:
        return (f"Can activate up to {most} of your {len(names)} elementals sharing its guild "
                "or value")
    return f"Can activate up to {most} of your {len(names)}: {_names(names)}"


def _guild(state: RiftforceState, name: str) -> str | None:
    """A guild's ability, as its summoner card says it."""
    guild = state._data.guilds.get(name)
    return f"{name}: {guild.text}" if guild is not None else None


# ---- words -----------------------------------------------------------------------------------

def _sentence(parts: list[str]) -> str:
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def _names(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}"
