"""The TURN SEQUENCE of Gamma World (seed 004, lines 13-40, 60-62): the Action Phase, a budget
of Action Points spent on recruiting, drawing, playing items and attacking (events and the
Neutron Missile cost none), then the Healing Phase.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from explorer.engine import Action, Decision
from explorer.games.gamma_world import battle as B
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world import events as V
from explorer.games.gamma_world import powers
from explorer.games.gamma_world.common import Ctx, Step
from explorer.games.gamma_world.data import EVENT
from explorer.games.gamma_world.state import KINDS, MUTANT_HUMAN, PSH, Attached, Follower
from explorer.games.gamma_world.tables import ITEM_TYPES


def setup(ctx: Ctx) -> Step:
    """Each player draws the starting hand, none by ruling gw-22 (constant starting_hand);
    each sees only his own cards."""
    ctx.state.phase = "setup"
    for seat in range(ctx.state.players):
        for _ in range(ctx.constants["starting_hand"]):
            name = yield from ctx.draw(seen_by=seat)
            ctx.place(name)
            ctx.to_hand(seat, name)


def turn(ctx: Ctx, seat: int) -> Step:
    """One player's turn: the Action Phase, then the Healing Phase (lines 15-17)."""
    state = ctx.state
    state.active = seat
    state.turn += 1
    state.phase = "action"
    state.ap = E.turn_ap(ctx.data, ctx.enclave(seat))
    ctx.note(f"Turn {state.turn}: {len(state.ap)} AP "
             f"({', '.join(str(t) for t in state.ap) or 'none'})", seat)
    yield from rest_of_turn(ctx, seat)


def rest_of_turn(ctx: Ctx, seat: int) -> Step:
    """The turn from the Action Phase's next choice on (where a copy of the game resumes it:
    ``Rules.resume``): the Action Phase, then the Healing Phase."""
    yield from action_phase(ctx, seat)
    ctx.state.ap = []
    yield from healing_phase(ctx, seat)


def ap_text(ctx: Ctx) -> str:
    """E.g. "3 AP left (Think Tank: Draw only)"."""
    tokens = ctx.state.ap
    only = [t for t in tokens if t.action is not None]
    if not only:
        return f"{len(tokens)} AP left"
    return f"{len(tokens)} AP left ({'; '.join(str(t) for t in only)})"


# ---- ACTION PHASE ----------------------------------------------------------------------------

def action_phase(ctx: Ctx, seat: int) -> Step:
    """Spend AP until none is left or the player ends the phase (ruling gw-25)."""
    state = ctx.state
    while True:
        state.resumable(("action", seat))  # Rules.resume starts here again: rest_of_turn
        state.phase = "action"
        actions = offers(ctx, seat)
        action = yield Decision(seat, tuple(actions), f"Action Phase: {ap_text(ctx)}")
        if action.name == "end":
            if state.ap:
                ctx.note(f"Ends the Action Phase; {len(state.ap)} AP unspent", seat)
            return
        yield from ACTIONS[action.name](ctx, seat, action)


LIMITED_ITEMS = frozenset({"Vehicle", "Steed", "Armor"})  # line 39; the rest: ruling gw-30
RECRUIT = Action("recruit", (), "Recruit a follower")
DRAW = Action("draw", (), "Draw a card")


@cache
def _action(name: str, *args: Any) -> Action:
    """The Action Phase's actions, made once each (they are immutable)."""
    if name == "item":
        return Action(name, args, f"Play {args[0]} on Follower {args[1]}")
    if name == "attack":
        return Action(name, args, f"Attack {args[0]}")
    if name == "event":
        return Action(name, args[:1], f"Play {args[0]} ({args[1]})")  # args: name, note
    if name == "missile":
        return Action(name, args, f"Launch {args[0]}'s Neutron Missile")
    unspent = args[0]
    return Action("end", (), "End the Action Phase"
                  + (f" ({unspent} AP unspent)" if unspent else ""))


def offers(ctx: Ctx, seat: int) -> list[Action]:
    """Every legal choice now: each action the AP left can pay for, the events with a
    target, the Neutron Missile, and ending the phase."""
    data, state = ctx.data, ctx.state
    card = data.cards.__getitem__
    enclave = ctx.enclave(seat)
    tokens = state.ap
    can = E.payable(data, tokens)
    found: list[Action] = []
    if can("Recruit", None) and len(enclave.followers) < E.follower_limit(data, enclave):
        found.append(RECRUIT)
    if (state.deck or state.top) and can("Draw", None):
        found.append(DRAW)
    held = list(dict.fromkeys(enclave.hand))
    kinds = [card(n).type for n in held]
    followers = enclave.followers
    for name, kind in zip(held, kinds, strict=True):
        if followers and kind in ITEM_TYPES and can("Play Item", kind):
            if kind in LIMITED_ITEMS:
                found += [_action("item", name, f.number) for f in followers
                          if E.item_problem(data, f, card(name)) is None]
            else:
                found += [_action("item", name, f.number) for f in followers]
    if followers and "Location" in kinds and can("Attack", None):
        found += [_action("attack", n) for n, kind in zip(held, kinds, strict=True)
                  if kind == "Location"]
    if "Event" in kinds and can(EVENT, None):
        found += [_action("event", n, card(n).note) for n, kind in zip(held, kinds, strict=True)
                  if kind == "Event" and V.playable(ctx, seat, card(n))]
    if enclave.locations:
        found += [_action("missile", n) for n in powers.silos(ctx, seat)]
    found.append(_action("end", len(tokens)))
    return found


def pay(ctx: Ctx, seat: int, action: str, card_type: str | None = None) -> Step:
    """Spend the AP ``action`` costs; a vehicle's or equipment's AP spent is a use of that
    card and makes a Breakdown roll (line 64, ruling gw-26)."""
    paid = E.payment(ctx.data, ctx.state.ap, action, card_type)
    assert paid is not None, f"{action} cannot be paid for"
    spent = {id(t) for t in paid}
    ctx.state.ap[:] = [t for t in ctx.state.ap if id(t) not in spent]
    for token in paid:
        if token.card is None or not E.breaks_down(ctx.data, ctx.data.card(token.source)):
            continue
        found = E.find_follower(ctx.state.enclaves, token.follower)
        if found is not None and any(a is token.card for a in found[1].cards):  # not lost to
            ctx.state.phase = "action.breakdown"  # an earlier roll of this payment
            yield from ctx.breakdown(seat, found[1], token.card)


def recruit(ctx: Ctx, seat: int, action: Action) -> Step:
    """RECRUIT A FOLLOWER (lines 26-33): a token with any number of mutations from the hand;
    with none it is a Pure Strain Human, with some the player names it Mutant Human or
    Animal (ruling gw-28); then opponents may attach Defect (ruling gw-46)."""
    yield from pay(ctx, seat, "Recruit")
    state = ctx.state
    state.phase = "action.recruit"
    enclave = ctx.enclave(seat)
    follower = Follower(state.next_follower)
    state.next_follower += 1
    enclave.followers.append(follower)
    ctx.note(f"Recruits {follower}", seat)
    while True:
        mutations = [n for n in dict.fromkeys(enclave.hand)
                     if ctx.data.card(n).type == "Mutation"
                     and ctx.data.card(n).attach_to == "Own"]
        if not mutations:
            break
        choice = yield from ctx.choose(seat, [
            *(Action("mutation", (n,), f"Attach {n} to {follower}") for n in mutations),
            Action("done", (), f"No more mutations for {follower}"),
        ], f"Attach mutations to {follower}?")
        if choice.name == "done":
            break
        enclave.hand.remove(choice.args[0])
        follower.cards.append(Attached(choice.args[0]))
        follower.kind = MUTANT_HUMAN  # until the player names its kind
    if follower.cards:
        kind = yield from ctx.choose(seat, [Action("kind", (k,), f"{follower} is a {k}")
                                            for k in KINDS if k != PSH],
                                     f"{follower} has mutations: Mutant Human or Animal?")
        follower.kind = kind.args[0]
    ctx.note(f"{follower} is a {follower.kind} with Force "
             f"{E.follower_force(ctx.data, follower)} and Hits "
             f"{E.follower_hits(ctx.data, follower)}"
             + (f" ({', '.join(a.name for a in follower.cards)})" if follower.cards else ""),
             seat)
    yield from offer_defect(ctx, seat, follower)


def offer_defect(ctx: Ctx, seat: int, follower: Follower) -> Step:
    """"Defect: Attach to opponents follower when recruited" (line 181): each opponent in turn
    order may attach it to the new follower (rulings gw-15, gw-46). Attaching it shows it to
    all; keeping it is the holder's secret (the others read nothing of it)."""
    for other in ctx.opponents(seat):
        hand = ctx.enclave(other).hand
        for name in [n for n in dict.fromkeys(hand)
                     if ctx.data.card(n).attach_to == "Opponent"]:
            ctx.state.phase = "action.recruit.defect"
            choice = yield from ctx.choose(other, [
                Action("defect", (name,), f"Attach {name} to Player {seat + 1}'s {follower}"),
                Action("keep", (name,), f"Keep {name}", hidden=""),
            ], f"Player {seat + 1} recruits {follower}: attach {name}?")
            if choice.name == "defect":
                hand.remove(name)
                follower.cards.append(Attached(name))  # its choice is the log's line
                if follower.kind == PSH:  # ruling gw-28
                    follower.kind = MUTANT_HUMAN


def draw(ctx: Ctx, seat: int, action: Action) -> Step:
    """DRAW ONE CARD FROM THE DECK (lines 34-36): into the hand, excess cards discarded; the
    game ends if it was the deck's last card (line 11). The player alone sees the card,
    unless Precognition showed it to all on top of the deck (ruling gw-40)."""
    yield from pay(ctx, seat, "Draw")
    ctx.state.phase = "action.draw"
    known = bool(ctx.state.top)
    name = yield from ctx.draw(seen_by=seat)
    ctx.place(name)
    ctx.to_hand(seat, name)
    ctx.note(f"Draws {name}", seat, private=not known, hidden="Draws a card")
    yield from ctx.keep_hand_limit(seat)
    ctx.check_deck()


def play_item(ctx: Ctx, seat: int, action: Action) -> Step:
    """PLAY AN ITEM CARD (lines 37-39): attach it to one of your followers."""
    name, number = action.args
    card = ctx.data.card(name)
    yield from pay(ctx, seat, "Play Item", card.type)
    ctx.state.phase = "action.item"
    follower = next(f for f in ctx.enclave(seat).followers if f.number == number)
    ctx.enclave(seat).hand.remove(name)
    follower.cards.append(Attached(name, uses=card.uses))  # its choice is the log's line


def attack(ctx: Ctx, seat: int, action: Action) -> Step:
    """ATTACK A LOCATION (lines 40-59; ruling gw-31)."""
    yield from pay(ctx, seat, "Attack")
    ctx.enclave(seat).hand.remove(action.args[0])
    yield from B.attack(ctx, seat, action.args[0])


def event(ctx: Ctx, seat: int, action: Action) -> Step:
    """Play an event (for its AP cost, none by ruling gw-21): pick its target (asked only
    when there is a choice), apply it, discard it ("used once", line 143)."""
    state = ctx.state
    name = action.args[0]
    card = ctx.data.card(name)
    yield from pay(ctx, seat, EVENT)
    state.phase = "action.event"
    targets = V.playable(ctx, seat, card)
    ctx.enclave(seat).hand.remove(name)
    state.limbo.append(name)  # its choice ("Play X (...)") is the log's line
    if len(targets) > 1:
        target = yield from ctx.choose(seat, targets, f"{name}: choose the target")
        yield from V.play(ctx, seat, card, target)
    elif targets:
        yield from V.play(ctx, seat, card, targets[0])
    else:  # its one target fell to the Breakdown of an AP paid for it
        ctx.note(f"{name} has nothing left to act on", seat)
    state.limbo.remove(name)
    ctx.discard(name)


def missile(ctx: Ctx, seat: int, action: Action) -> Step:
    yield from powers.neutron_missile(ctx, seat, action.args[0])


ACTIONS = {"recruit": recruit, "draw": draw, "item": play_item, "attack": attack,
           "event": event, "missile": missile}


# ---- HEALING PHASE ---------------------------------------------------------------------------

def healing_phase(ctx: Ctx, seat: int) -> Step:
    """"All your followers (not Armor) remove one damage counter each." and "Cards with the
    heal property allow you to remove an extra 1D6 counters." (lines 60-62; ruling gw-36)."""
    ctx.state.phase = "healing"
    enclave = ctx.enclave(seat)
    mended = sum(follower_heals(ctx, f) for f in enclave.followers)
    if mended:
        ctx.note(f"Healing: {mended} damage counter(s) removed", seat)
    used: list[tuple[int | None, str]] = []
    while E.damaged(ctx.data, enclave):
        sources = [s for s in heal_sources(ctx, seat) if s not in used]
        if not sources:
            return
        actions = [Action("heal", s, f"Heal with {s[1]}"
                          + (f" (Follower {s[0]})" if s[0] is not None else "")
                          + ": remove 1D6 more counters") for s in sources]
        actions.append(Action("done", (), "End the Healing Phase"))
        choice = yield from ctx.choose(seat, actions, "Healing Phase: use a heal card?")
        if choice.name == "done":
            return
        used.append(choice.args)
        yield from heal_with(ctx, seat, *choice.args)


def follower_heals(ctx: Ctx, follower: Follower) -> int:
    """One follower's own counters (``healing_per_follower``: one), taken from the follower
    or, once it has none, from its steed (line 61; ruling gw-36); returns how many came off."""
    left = ctx.constants["healing_per_follower"]
    for healed in E.healing_order(ctx.data, follower):
        removed = min(left, healed.damage)
        healed.damage -= removed
        left -= removed
    return ctx.constants["healing_per_follower"] - left


def heal_sources(ctx: Ctx, seat: int) -> list[tuple[int | None, str]]:
    """The player's cards with the heal property: equipment and mutations on his followers,
    his locations (ruling gw-16)."""
    enclave = ctx.enclave(seat)
    found: list[tuple[int | None, str]] = [
        (f.number, a.name) for f in enclave.followers for a in f.cards
        if ctx.data.card(a.name).effect == "heal"]
    found += [(None, n) for n in enclave.locations if ctx.data.card(n).effect == "heal"]
    return found


def heal_with(ctx: Ctx, seat: int, number: int | None, name: str) -> Step:
    """1D6 more counters; heal equipment is used, so it makes a Breakdown roll (gw-16)."""
    counters = yield from ctx.amount("heal", f"Heal with {name}: counters removed")
    yield from ctx.mend(seat, counters, name)
    card = ctx.data.card(name)
    if number is None or not E.breaks_down(ctx.data, card):
        return
    found = E.find_follower(ctx.state.enclaves, number)
    if found is not None:
        held = next((a for a in found[1].cards if a.name == name), None)
        if held is not None:
            yield from ctx.breakdown(seat, found[1], held)
