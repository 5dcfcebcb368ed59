"""Playing a STUFF on a CHARACTER (seed 002, lines 19, 42-44; ruling rk-38): the offers, and
putting it in place. A turn's "play a STUFF" and an ADVENTURE's rewards (a REINFORCEMENT's
STUFF, a STUFF taken from the discard pile) share them."""

from __future__ import annotations

from explorer.engine import Action
from explorer.games.rat_king.common import Ctx, player
from explorer.games.rat_king.state import Character, Gear


def stuff_plays(ctx: Ctx, seat: int, receivers: list[Character],
                source: list[str] | None = None, *, take: bool = False) -> list[Action]:
    """Each STUFF of ``source`` (the hand; ``take``: the discard pile) on each of ``receivers``
    that can use it, added or replacing one STUFF there, when the STUFF on it afterwards fit
    its capacity (seed 002, lines 19, 42-44; ruling rk-38)."""
    state = ctx.state
    source = state.hands[seat] if source is None else source
    name = "take_stuff" if take else "play_stuff"
    offers = []
    for stuff in dict.fromkeys(source):
        if stuff not in ctx.data.stuffs:
            continue
        for character in receivers:
            owner = state.seat_of(character)
            index = state.groups[owner].index(character)
            who = ctx.who(character)
            if take:
                text = f"Take {stuff} from the discard pile and put it on {who}"
                told = f"{player(seat)} takes {stuff} from the discard pile and puts it on {who}"
            else:
                text = f"Put {stuff} on {who}"
                told = f"{player(seat)} puts {stuff} on {who}"
            if ctx.stuff_fits(character, stuff, None):
                offers.append(Action(name, (stuff, owner, index, None), text, log=told))
            for slot, gear in enumerate(character.stuff):
                if ctx.stuff_fits(character, stuff, gear):
                    offers.append(Action(name, (stuff, owner, index, slot),
                                         f"{text}, replacing {gear.name}",
                                         log=f"{told}, replacing {gear.name}, which is "
                                             "discarded"))
    return offers



def put_from(ctx: Ctx, source: list[str], action: Action) -> Gear:
    """Take the STUFF an action names out of ``source`` (a hand, the discard pile) and put it
    where the action says."""
    stuff, owner, index, slot = action.args
    character = ctx.state.groups[owner][index]
    replaced = None if slot is None else character.stuff[slot]
    source.remove(stuff)
    return ctx.put_stuff(character, stuff, replaced)


