"""ATTACK A LOCATION (seed 004, lines 41-59) and Encroach's battle (line 138, ruling gw-38).

A battle is a war of attrition: before each round the attacker fights on or retreats; in a
round both sides roll at once, 1D6 per point of Force against 1D6 per point of Threat, and
every 1 takes a point of Threat or a Hit. It ends when the followers retreat or one side is
killed off; then every weapon used makes its Breakdown roll and the location is taken or
discarded.
"""

from __future__ import annotations

from explorer.engine import Action, Fact
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world import powers
from explorer.games.gamma_world.common import Counting, Ctx, Step
from explorer.games.gamma_world.state import Battle, Follower

WON, LOST, RETREATED = "won", "lost", "retreated"


# ---- attacking a location -------------------------------------------------------------------

def attack(ctx: Ctx, seat: int, location: str) -> Step:
    """Play a Location card; all of your followers attack; any one opponent may play a Foe
    whose dice give the Starting Threat (lines 41-44; ruling gw-31)."""
    state = ctx.state
    state.phase = "action.attack.foe"
    battle = Battle(seat, location)
    state.battle = battle
    ctx.note(f"Attacks {location} with {len(ctx.enclave(seat).followers)} follower(s)", seat)
    foe = yield from offer_foe(ctx, seat, location)
    if foe is None:
        ctx.note(f"No opponent plays a Foe: {location} has no Threat", seat)
    else:
        card = ctx.data.card(foe)
        battle.foe, battle.robot = foe, card.robot
        state.phase = "action.attack.threat"
        battle.threat = yield from ctx.amount("starting_threat", f"Starting Threat of {foe}",
                                              card.dice)
        ctx.note(f"The Foe {foe} has a Starting Threat of {battle.threat}")
    result = yield from fight(ctx, battle)
    yield from finish(ctx, battle, result)


def offer_foe(ctx: Ctx, seat: int, location: str) -> Step:
    """"Any one of your opponents may play a Foe card." (line 43): asked in turn order, the
    first to play one is the one (ruling gw-31)."""
    for other in ctx.opponents(seat):
        hand = ctx.enclave(other).hand
        foes = [n for n in dict.fromkeys(hand) if ctx.data.card(n).type == "Foe"]
        if not foes:
            continue
        actions = [Action("foe", (n,), f"Play {n} ({_dice(ctx, n)} Threat) against "
                                        f"Player {seat + 1}") for n in foes]
        actions.append(Action("no foe", (), "Play no Foe"))
        action = yield from ctx.choose(other, actions,
                                       f"Player {seat + 1} attacks {location}: play a Foe?")
        if action.name == "foe":
            hand.remove(action.args[0])  # its choice is the log's line
            return action.args[0]
    return None


def _dice(ctx: Ctx, foe: str) -> str:
    count, sides = ctx.data.card(foe).dice or (0, 0)
    return f"{count}D{sides}"


# ---- the rounds ------------------------------------------------------------------------------

def fight(ctx: Ctx, battle: Battle) -> Step:
    """Rounds until the followers retreat or one side is killed off (line 53)."""
    phase = "action.encroach.battle" if battle.defender is not None else "action.attack.battle"
    while True:
        if battle.defender is None:  # an attack (turn.attack): Rules.resume starts here again
            ctx.state.resumable(("battle", battle.attacker))
        ctx.state.phase = phase
        result = settled(ctx, battle)
        if result is not None:
            return result
        go_on = yield from ctx.choose(battle.attacker, round_choices(ctx, battle),
                                      f"Battle for {battle.location}: round {battle.rounds + 1}")
        if go_on.name == "retreat":
            ctx.note(f"Retreats from {battle.location}", battle.attacker)
            return RETREATED
        if battle.defender is not None:
            stay = yield from ctx.choose(battle.defender, [
                Action("defend", (), f"Defend {battle.location} with your followers"),
                Action("withdraw", (), f"Do not defend: Player {battle.attacker + 1} takes "
                                       f"{battle.location}"),
            ], f"Player {battle.attacker + 1} encroaches on {battle.location}")
            if stay.name == "withdraw":
                ctx.note(f"Does not defend {battle.location}", battle.defender)
                return WON
        yield from battle_round(ctx, battle)


def settled(ctx: Ctx, battle: Battle) -> str | None:
    """WON when the Threat (or every defender) is gone, LOST when every attacking follower
    is; both at once is LOST (ruling gw-34); None while the battle goes on."""
    if not ctx.enclave(battle.attacker).followers:
        return LOST
    if battle.defender is None:
        return WON if battle.threat <= 0 else None
    return None if ctx.enclave(battle.defender).followers else WON


def round_choices(ctx: Ctx, battle: Battle) -> list[Action]:
    force = E.total_force(ctx.data, ctx.enclave(battle.attacker), battle.robot)
    against = opposing_threat(ctx, battle)
    enemy = battle.foe or (f"Player {battle.defender + 1}'s followers"
                           if battle.defender is not None else "no Foe")
    return [Action("fight", (), f"Fight a round: Force {force} against Threat {against} "
                                f"({enemy})"),
            Action("retreat", (), "Retreat")]


def opposing_threat(ctx: Ctx, battle: Battle) -> int:
    """The Foe's Threat, or the defenders' Force in its place (ruling gw-38)."""
    if battle.defender is None:
        return battle.threat
    return E.total_force(ctx.data, ctx.enclave(battle.defender))


def battle_round(ctx: Ctx, battle: Battle) -> Step:
    """One round: the followers' dice and the Threat's dice, rolled at once from the position
    at the round's start (lines 45-49, ruling gw-32), then the damage."""
    battle.rounds += 1
    attacker = ctx.enclave(battle.attacker)
    force = E.total_force(ctx.data, attacker, battle.robot)
    threat = opposing_threat(ctx, battle)
    per_one = ctx.constants["threat_per_battle_roll_of_1"]
    hits = ctx.constants["hits_per_threat_roll_of_1"]
    attackers = f"Player {battle.attacker + 1}'s followers"
    if battle.defender is None:
        battle_does = Counting("Each die showing 1 takes a point off the Threat.",
                               "the Threat loses {n}", per_one)
    else:
        battle_does = Counting(
            f"Each die showing 1 is a Hit on Player {battle.defender + 1}'s followers.",
            f"Player {battle.defender + 1}'s followers take {{n}} Hit(s)", per_one)
    ones = yield from ctx.count_ones("battle", force, f"Battle roll, {attackers}", battle_does)
    against = yield from ctx.count_ones(
        "threat", threat, f"Threat roll, {battle.foe or f'Player {battle.defender + 1}'}",
        Counting(f"Each die showing 1 is a Hit on {attackers}.",
                 f"{attackers} take {{n}} Hit(s)", hits))
    ctx.note(f"Round {battle.rounds}: Force {force} rolls {ones} one(s), Threat {threat} "
             f"rolls {against} one(s)", battle.attacker)
    reduce = ones * ctx.constants["threat_per_battle_roll_of_1"]
    if battle.defender is None:
        battle.threat = max(0, battle.threat - reduce)
    else:
        yield from allocate_hits(ctx, battle.defender, reduce)
    yield from allocate_hits(ctx, battle.attacker,
                             against * ctx.constants["hits_per_threat_roll_of_1"])


# ---- damage ----------------------------------------------------------------------------------

def allocate_hits(ctx: Ctx, seat: int, hits: int) -> Step:
    """"Roll 1D6 for each hit to see which of your followers takes the damage." (line 49):
    each hit falls on one of the followers still standing, each as likely (ruling gw-33)."""
    enclave = ctx.enclave(seat)
    for number in range(hits):
        if not enclave.followers:
            return
        target = yield from ctx.pick(
            f"Hit allocation: which of Player {seat + 1}'s followers takes hit "
            f"{number + 1} of {hits}", [(str(f), f.number) for f in enclave.followers])
        take_hit(ctx, seat, next(f for f in enclave.followers if f.number == target))


def take_hit(ctx: Ctx, seat: int, follower: Follower) -> None:
    """One Hit: the steed takes it first, then the armor, then the follower (lines 50, 58;
    ruling gw-33); anything reduced to 0 Hits is killed or destroyed (lines 52, 57), a steed
    with its unspent AP (ruling gw-47)."""
    held = E.absorber(ctx.data, follower)
    if held is None:
        follower.damage += 1
        ctx.check_follower(seat, follower, "is reduced to 0 Hits")
        return
    held.damage += 1
    if held.damage >= ctx.data.card(held.name).hits:
        what = "is killed" if ctx.data.card(held.name).type == "Steed" else "is destroyed"
        ctx.note(f"{held.name} ({follower}) is reduced to 0 Hits and {what}", seat)
        follower.cards.remove(held)
        ctx.discard(held.name)


# ---- the end ---------------------------------------------------------------------------------

def finish(ctx: Ctx, battle: Battle, result: str) -> Step:
    """Breakdown rolls for what was used; then the location is taken (line 54) or discarded
    with the Threat (line 59)."""
    state = ctx.state
    prefix = "action.encroach" if battle.defender is not None else "action.attack"
    if battle.rounds:
        state.phase = f"{prefix}.breakdown"
        for seat in (battle.attacker, battle.defender):
            if seat is not None:
                yield from used_in_battle(ctx, seat, battle.robot if seat == battle.attacker
                                          else False)
    state.phase = f"{prefix}.end"
    state.battle = None
    if battle.defender is not None:
        yield from _encroach_end(ctx, battle, result)
        return
    if result != WON:
        ctx.discard(battle.location)
        if battle.foe is not None:
            ctx.discard(battle.foe)
        ctx.note(f"The attack on {battle.location} fails ({result}): {battle.location}"
                 + (f" and {battle.foe}" if battle.foe else "") + " are discarded",
                 battle.attacker)
        return
    if battle.foe is not None:
        ctx.discard(battle.foe)
    ctx.enclave(battle.attacker).locations.append(battle.location)
    ctx.note(f"Takes control of {battle.location}", battle.attacker, event=True,
             fact=Fact("location_captured", battle.attacker, battle.location))
    yield from powers.on_capture(ctx, battle.attacker, battle.location)


def _encroach_end(ctx: Ctx, battle: Battle, result: str) -> Step:
    """The location stays with its controller through the battle; the winner takes it."""
    defender = battle.defender
    assert defender is not None
    if result != WON:
        ctx.note(f"Keeps {battle.location}", defender)
        return
    ctx.enclave(defender).locations.remove(battle.location)
    ctx.enclave(battle.attacker).locations.append(battle.location)
    ctx.note(f"Takes {battle.location} from Player {defender + 1}", battle.attacker, event=True,
             fact=Fact("location_captured", battle.attacker, battle.location, (defender,)))
    yield from ctx.keep_limits(defender)


def used_in_battle(ctx: Ctx, seat: int, robot: bool) -> Step:
    """Every weapon and equipment that added Force was used once in the battle: a "One Use
    Only" weapon is spent, the others make a Breakdown roll (lines 64-66, ruling gw-26)."""
    for follower in list(ctx.enclave(seat).followers):
        for held in list(follower.cards):
            card = ctx.data.card(held.name)
            if card.type not in ("Weapon", "Equipment") or card.force_against(robot) <= 0:
                continue
            if follower not in ctx.enclave(seat).followers or held not in follower.cards:
                continue
            if held.uses is not None:
                held.uses -= 1
                if held.uses <= 0:
                    follower.cards.remove(held)
                    ctx.discard(held.name)
                    ctx.note(f"{held.name} ({follower}) is used up (One Use Only)", seat)
                    continue
            yield from ctx.breakdown(seat, follower, held)
