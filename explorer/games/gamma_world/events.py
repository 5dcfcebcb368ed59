"""Every event of Gamma World (EVENTS, seed 004, lines 127-144), one small function per effect.

An event is played in its owner's Action Phase for no AP (ruling gw-21), only when it has
something to act on (ruling gw-41), and is then discarded (line 143). Each effect has two
parts: ``targets`` (what it may act on now; empty: it cannot be played) and ``play``. The
card's columns say the rest: the card types it takes, whose things it may target, its dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.engine import Action
from explorer.games.gamma_world import battle as B
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.common import Ctx, Step
from explorer.games.gamma_world.data import Card
from explorer.games.gamma_world.state import MUTANT_HUMAN, PSH, Attached, Battle, Follower

Targets = Callable[[Ctx, int, Card], list[Action]]
Play = Callable[[Ctx, int, Card, Action], Step]


@dataclass(frozen=True, slots=True)
class Effect:
    """An event effect: the actions naming its possible targets, and what it does to one."""

    targets: Targets
    play: Play


EVENTS: dict[str, Effect] = {}


def effect(name: str, targets: Targets) -> Callable[[Play], Play]:
    """Register ``play`` (the decorated function) as the event effect ``name``."""

    def register(play: Play) -> Play:
        EVENTS[name] = Effect(targets, play)
        return play

    return register


def seats_for(ctx: Ctx, seat: int, card: Card) -> list[int]:
    """Whose things the event may target: its ``target_owner`` (ruling gw-14)."""
    if card.target_owner == "Own":
        return [seat]
    if card.target_owner == "Opponent":
        return ctx.opponents(seat)
    return [seat, *ctx.opponents(seat)]


def _whose(ctx: Ctx, owner: int, seat: int) -> str:
    return ctx.owner_text(owner, seat)


def _follower(ctx: Ctx, number: int) -> tuple[int, Follower]:
    found = E.find_follower(ctx.state.enclaves, number)
    assert found is not None, f"follower {number} is not in play"
    return found


# ---- heal: Healers --------------------------------------------------------------------------

def _wounded(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    if not E.damaged(ctx.data, ctx.enclave(seat)):
        return []
    return [Action("heal", (), f"{card.name}: remove 1D6 damage counters from your followers")]


@effect("heal", _wounded)
def heal(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Heal" once, when played: 1D6 counters off the player's followers (ruling gw-16)."""
    counters = yield from ctx.amount("heal", f"{card.name}: counters removed")
    yield from ctx.mend(seat, counters, card.name)


# ---- retrieve: Archivists, Repairs, Gene Pool, Yexil Trader ---------------------------------

def _in_discard(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    return [Action("take", (n,), f"{card.name}: take {n} from the discard pile")
            for n in dict.fromkeys(ctx.state.discard)
            if ctx.data.card(n).type in card.card_types]


@effect("retrieve", _in_discard)
def retrieve(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Put item card from discard into your hand" (lines 130, 139-140, 142; ruling gw-9).
    The discard pile is face up, its cards public (the player picks one by name), so the card
    taken is named to all."""
    name = target.args[0]
    ctx.state.discard.remove(name)
    ctx.to_hand(seat, name)
    ctx.note(f"{card.name}: takes {name} from the discard pile", seat)
    yield from ctx.keep_hand_limit(seat)


# ---- destroy: Seekers, De-Evolution ---------------------------------------------------------

def _in_play(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    return [Action("destroy", (f.number, a.name),
                   f"{card.name}: destroy {a.name} on {_whose(ctx, owner, seat)} {f}")
            for owner in seats_for(ctx, seat, card)
            for f in ctx.enclave(owner).followers for a in f.cards
            if ctx.data.card(a.name).type in card.card_types]


@effect("destroy", _in_play)
def destroy(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Destroy Target Item" / "Destroy Target Mutation" (lines 131, 133): the card is
    discarded, with its unspent AP (ruling gw-47); a follower left with no Hits is killed
    (ruling gw-35)."""
    owner, follower = _follower(ctx, target.args[0])
    held = next(a for a in follower.cards if a.name == target.args[1])
    ctx.note(f"{card.name} destroys {held.name} on Player {owner + 1}'s {follower}", seat)
    follower.cards.remove(held)
    ctx.discard(held.name)
    ctx.check_follower(owner, follower, f"loses {held.name}")
    return
    yield


# ---- discard_follower: Brotherhood of Thought -----------------------------------------------

def _followers(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    return [Action("follower", (f.number,),
                   f"{card.name}: discard {_whose(ctx, owner, seat)} {f}")
            for owner in seats_for(ctx, seat, card) for f in ctx.enclave(owner).followers]


@effect("discard_follower", _followers)
def discard_follower(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Discard target Follower (controller may keep items)" (line 132): the controller
    chooses to take its item cards into his hand (ruling gw-13, gw-45)."""
    owner, follower = _follower(ctx, target.args[0])
    items = [a for a in follower.cards if ctx.data.card(a.name).is_item]
    keep = False
    if card.keep_items and items:
        listed = ", ".join(a.name for a in items)
        action = yield from ctx.choose(owner, [
            Action("keep items", (), f"Keep {listed} in your hand"),
            Action("discard items", (), f"Discard {listed} with {follower}"),
        ], f"{card.name} discards your {follower}: keep its items?")
        keep = action.name == "keep items"
    if keep:
        for held in items:
            follower.cards.remove(held)
            ctx.to_hand(owner, held.name)
        ctx.note(f"Keeps {', '.join(a.name for a in items)} in hand", owner)
    ctx.kill(owner, follower, f"is discarded by {card.name}")
    yield from ctx.keep_hand_limit(owner)


# ---- look_next: Precognition -----------------------------------------------------------------

def _deck(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    return [Action("look", (), f"{card.name}: look at the next cards of the deck")]


@effect("look_next", _deck)
def look_next(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Look at next 2D6 cards in deck" (line 134): they stay on top in the order seen, known
    from then on (rulings gw-17, gw-40)."""
    state = ctx.state
    count = yield from ctx.amount(card.name.lower(), f"{card.name}: cards seen", card.dice)
    while len(state.top) < count and state.deck:
        name = yield from ctx.draw_unknown()
        state.top.append(name)
    ctx.note(f"{card.name}: the next {min(count, len(state.top))} card(s) are "
             f"{', '.join(state.top[:count])}", seat)


# ---- look_hand: Telepathy -------------------------------------------------------------------

def _hands(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    return [Action("player", (other,), f"{card.name}: target Player {other + 1} "
                                       f"({len(ctx.enclave(other).hand)} cards in hand)")
            for other in seats_for(ctx, seat, card) if ctx.enclave(other).hand]


@effect("look_hand", _hands)
def look_hand(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Look at opponents hand" (line 135): the hand is shown to the player alone (and
    logged for him; the others read whose hand he looks at)."""
    other = target.args[0]
    ctx.note(f"{card.name}: Player {other + 1} holds "
             f"{', '.join(ctx.enclave(other).hand)}", seat, private=True,
             hidden=f"{card.name}: looks at Player {other + 1}'s hand")
    return
    yield


# ---- attach_mutation: Latent Mutation, Radiation --------------------------------------------

def _mutable(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    enclave = ctx.enclave(seat)
    mutations = [n for n in dict.fromkeys(enclave.hand)
                 if ctx.data.card(n).type in card.card_types
                 and ctx.data.card(n).attach_to == "Own"]
    return [Action("attach", (n, f.number), f"{card.name}: attach {n} to your {f}")
            for owner in seats_for(ctx, seat, card)
            for f in ctx.enclave(owner).followers for n in mutations]


@effect("attach_mutation", _mutable)
def attach_mutation(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Attach a mutation card to one of your followers" (lines 136-137): a mutation from
    the hand (not Defect, ruling gw-46); a Pure Strain Human becomes a Mutant Human (ruling
    gw-28)."""
    name, number = target.args
    _, follower = _follower(ctx, number)
    ctx.enclave(seat).hand.remove(name)
    follower.cards.append(Attached(name))
    if follower.kind == PSH:
        follower.kind = MUTANT_HUMAN
    ctx.note(f"{card.name}: {follower} gains {name}", seat)
    return
    yield


# ---- attack_location: Encroach ---------------------------------------------------------------

def _locations(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    if not ctx.enclave(seat).followers:
        return []
    return [Action("location", (other, n), f"{card.name}: attack Player {other + 1}'s {n}")
            for other in seats_for(ctx, seat, card) for n in ctx.enclave(other).locations]


@effect("attack_location", _locations)
def attack_location(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Attack an opponents location. He may defend with his followers" (line 138): the
    defender's followers take the Threat's place (rulings gw-19, gw-38)."""
    other, name = target.args
    ctx.state.phase = "action.encroach.battle"
    battle = Battle(seat, name, defender=other)
    ctx.state.battle = battle
    ctx.note(f"{card.name}: attacks Player {other + 1}'s {name}", seat)
    result = yield from B.fight(ctx, battle)
    yield from B.finish(ctx, battle, result)


# ---- opponent_discards: Wasteland -----------------------------------------------------------

@effect("opponent_discards", _hands)
def opponent_discards(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    """"Opponent must discard 1D6 cards." (line 141): he chooses which; all if he holds
    fewer (rulings gw-17, gw-42). The cards go face up to the discard pile: named to all."""
    other = target.args[0]
    count = yield from ctx.amount(card.name.lower(), f"{card.name}: cards discarded", card.dice)
    hand = ctx.enclave(other).hand
    if count >= len(hand):
        ctx.note(f"{card.name}: discards the whole hand ({', '.join(hand)})", other)
        ctx.state.discard.extend(hand)
        hand.clear()
        return
    ctx.state.phase = "action.event.discard"
    for number in range(count):
        action = yield from ctx.choose(other, [Action("discard", (n,), f"Discard {n}")
                                               for n in dict.fromkeys(hand)],
                                       f"{card.name}: discard card {number + 1} of {count}")
        hand.remove(action.args[0])
        ctx.discard(action.args[0])


def playable(ctx: Ctx, seat: int, card: Card) -> list[Action]:
    """The targets the event may be played on now (empty: it cannot be played)."""
    return EVENTS[card.effect or ""].targets(ctx, seat, card)


def play(ctx: Ctx, seat: int, card: Card, target: Action) -> Step:
    yield from EVENTS[card.effect or ""].play(ctx, seat, card, target)

