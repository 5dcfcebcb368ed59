"""The location powers that act (LOCATION CARD LIST, seed 004, lines 211-236): searching the
deck when a location is captured, and the Neutron Missile. The lasting powers are read where
they count: extra AP (enclave.turn_ap), hand size (enclave.hand_limit), follower limit
(enclave.follower_limit), Heal (turn.healing_phase).
"""

from __future__ import annotations

from explorer.engine import Action
from explorer.games.gamma_world.common import Ctx, Step


def on_capture(ctx: Ctx, seat: int, location: str) -> Step:
    """"Deploying (Playing) cards immediately is a one time event." (line 234): a search
    power is used as the location is taken, once (ruling gw-10)."""
    card = ctx.data.card(location)
    if card.effect == "search_deck" and location not in ctx.state.spent:
        ctx.state.spent.append(location)
        yield from search_deck(ctx, seat, location)


def search_deck(ctx: Ctx, seat: int, location: str) -> Step:
    """"Search deck for 3 Weapon cards & PTIYH" (line 215): the player picks them from the
    deck, known top included; fewer if fewer are left (ruling gw-39). Then the hand limit,
    and the game ends if the deck is empty (ruling gw-24). The player alone sees what he
    takes, except a card of the top that Precognition showed to all (ruling gw-40): the top
    stays known (gw-39), so taking it is seen."""
    card = ctx.data.card(location)
    state = ctx.state
    state.phase = "action.attack.search"
    found = []
    article = "an" if card.card_type[0] in "AEIOU" else "a"
    secret = f"Takes {article} {card.card_type} card from the deck"
    for number in range(card.amount):
        names = [n for n in dict.fromkeys([*state.top, *state.deck])
                 if ctx.data.card(n).type == card.card_type]
        if not names:
            break
        action = yield from ctx.choose(seat, [Action("search", (n,), f"Take {n}",
                                                     hidden=None if n in state.top else secret)
                                              for n in names],
                                       f"{location}: search the deck for {card.card_type} "
                                       f"card {number + 1} of {card.amount}")
        name = action.args[0]
        if name in state.top:
            state.top.remove(name)
        else:
            ctx.take_from_pile(name)
        state.limbo.append(name)
        found.append(name)
    for name in found:
        ctx.place(name)
        ctx.to_hand(seat, name)
    ctx.note(f"{location}: finds {', '.join(found) if found else 'nothing'} in the deck",
             seat, private=bool(found),
             hidden=f"{location}: finds {len(found)} {card.card_type} card(s) in the deck")
    yield from ctx.keep_hand_limit(seat)
    ctx.check_deck()


def missile_targets(ctx: Ctx, silo: str) -> list[tuple[int, str]]:
    """The locations a Neutron Missile may destroy: any in play but the Silo firing it
    (rulings gw-20, gw-43)."""
    return [(owner, name) for owner, enclave in enumerate(ctx.state.enclaves)
            for name in enclave.locations if name != silo]


def silos(ctx: Ctx, seat: int) -> list[str]:
    """The player's locations whose Neutron Missile is not yet launched ("The Neutron Missile
    can be used only once.", line 235) and has a target."""
    uses = ctx.constants["neutron_missile_uses"]
    return [n for n in ctx.enclave(seat).locations
            if ctx.data.card(n).effect == "neutron_missile" and ctx.state.spent.count(n) < uses
            and missile_targets(ctx, n)]


def neutron_missile(ctx: Ctx, seat: int, silo: str) -> Step:
    """"Launch Neutron Missile: Destroy target location" (line 223): the location is
    discarded, with any AP of it unspent this turn (ruling gw-47), and its controller's limits
    fall (rulings gw-20, gw-37)."""
    ctx.state.phase = "action.missile"
    actions = [Action("target", (owner, name), f"Destroy {ctx.owner_text(owner, seat)} {name}")
               for owner, name in missile_targets(ctx, silo)]
    action = yield from ctx.choose(seat, actions, f"{silo}: which location does the Neutron "
                                                  "Missile destroy?")
    owner, name = action.args
    ctx.state.spent.append(silo)
    ctx.note(f"{silo} launches the Neutron Missile at Player {owner + 1}'s {name}", seat)
    ctx.enclave(owner).locations.remove(name)
    ctx.discard(name)
    yield from ctx.keep_limits(owner)
