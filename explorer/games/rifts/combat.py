"""COMBAT RESOLUTION (seed 000, lines 443-530): a party against one Foe card, round by round.

Each round has five segments: Escape, Character Attack, Action, Foe Attack, Morale. The fight
ends when the party escapes, when every Token is destroyed or the Foes run away (a victory), or
when every Character is killed or Immobilized (Wiped Out).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from explorer.engine import Action, Fact
from explorer.games.rifts import abilities as A
from explorer.games.rifts import party as P
from explorer.games.rifts.common import Ctx
from explorer.games.rifts.state import Combat, Fighter, Held, Member, Token

Step = Generator[Any, Any, Any]

WON, ESCAPED, WIPED = "won", "escaped", "wiped out"


def fight(ctx: Ctx, seat: int, foe_name: str, where: str, *, foe_bonus: int = 0,
          foes_first: bool = False, first_round_force: int = 0,
          then: tuple[Any, ...] | None = None) -> Step:
    """Fight the Foe card ``foe_name``; return WON, ESCAPED or WIPED.

    ``foe_bonus`` is extra Force per Token (Ambush +5), ``foes_first`` makes the Foes attack
    first every round (Ambushed), ``first_round_force`` is extra Force for every Character in
    the first round (Surprise Foes). ``then``: what the turn does after the fight, when a copy
    of the game may resume the fight at a round (:func:`rest_of_fight`).
    """
    ctx.state.phase = f"{where}.combat.start"
    yield from start(ctx, seat, foe_name, foe_bonus, foes_first, first_round_force)
    outcome = yield from rest_of_fight(ctx, seat, where, then)
    return outcome


def rest_of_fight(ctx: Ctx, seat: int, where: str, then: tuple[Any, ...] | None) -> Step:
    """The fight under way (``state.combat``) from its next round to its end; returns WON,
    ESCAPED or WIPED. Each round's top is marked as a point the game's ``Rules.resume`` picks
    the turn up from, with ``then``: what the turn does after the fight (None: no mark)."""
    state = ctx.state
    combat = state.combat
    outcome = None
    while outcome is None:
        if then is not None:
            state.resumable(("fight", seat, where, then))
        outcome = yield from combat_round(ctx, seat, combat, where)
    state.phase = f"{where}.combat.end"
    yield from finish(ctx, seat, combat, outcome)
    return outcome


# ---- the start ------------------------------------------------------------------------------

def start(ctx: Ctx, seat: int, foe_name: str, foe_bonus: int, foes_first: bool,
          first_round_force: int) -> Step:
    """Set up the Tokens (location bonus, the Foe's Aid cards, Drugs) and the Characters
    (their cards' choices, Use Rolls, Drugs, Ley Lines)."""
    data, party = ctx.data, ctx.party(seat)
    foe = data.foes[foe_name]
    location = data.locations[party.location] if party.location else None
    bonus = foe_bonus
    if location is not None and set(foe.groups) & set(location.foe_bonus_groups):
        bonus += location.foe_bonus  # ruling rifts-30: once per Token whatever the groups
        ctx.note(f"{location.name} gives each {foe.name} Token +{location.foe_bonus} Force",
                 seat)
    force = foe.force_per_token + bonus
    ctx.take("Foe", foe_name)
    combat = Combat(seat, foe_name, [Token(force, force) for _ in range(foe.tokens)],
                    foes_first=foes_first, first_round_force=first_round_force)
    ctx.state.combat = combat
    ctx.note(f"Combat with {foe.name}: {foe.tokens} Token(s) of {force} Force", seat)
    dealt = 0
    for deck, count in foe.draws:  # "Distribute these evenly" (line 457; ruling rifts-83)
        for _ in range(count):
            name = yield from ctx.draw(deck)
            if name is None:
                continue
            card = data.card(deck, name)
            amount = card.force if card.force is not None else (
                yield from ctx.amount("Psionic Force", f"{name}'s Force (1D10)"))
            token = combat.tokens[dealt % len(combat.tokens)]
            ctx.take(deck, name)
            dealt += 1
            token.cards.append((deck, name, amount))
            token.force += amount
            token.start += amount
            ctx.note(f"{foe.name} draws {name}: a Token gets +{amount} Force", seat)
    if any(a.name == "Drugs" for a in foe.abilities):  # ruling rifts-24
        for index, token in enumerate(combat.tokens):
            extra = yield from ctx.amount("Drugs", f"Drugs Force for Token {index + 1}")
            token.force += extra
            token.start += extra
    for member in list(party.members):
        if member.away:
            continue
        fighter = combat.fighters[member.name] = Fighter()
        if P.is_able(member, data):
            yield from prepare(ctx, seat, member, fighter)
    return combat


def prepare(ctx: Ctx, seat: int, member: Member, fighter: Fighter) -> Step:
    """A Character readies its Magic and Psionic cards (:func:`ready`), and rolls for Drugs and
    Ley Lines."""
    for held in list(member.attached):
        if held.deck in _READY_DECKS:  # ready() puts only these to use
            yield from ready(ctx, seat, member, fighter, held)
    kind = ctx.location_type(seat)
    if P.use_of(ctx.data, member, "Drugs", kind):
        fighter.drugs = yield from ctx.amount("Drugs", f"Drugs Force for {member.name}")
    if P.use_of(ctx.data, member, "Ley Lines", kind):
        yield from ley_lines(ctx, seat, member, fighter)


def ready(ctx: Ctx, seat: int, member: Member, fighter: Fighter, held: Held) -> Step:
    """Put an attached Magic or Psionic card to use for this combat (USAGE RULE, line 386): an
    "or" card, or a Major card used "not as written", takes one ability for the combat, and
    the card makes its one Use Roll of the combat (ruling rifts-60). Once per card a combat."""
    if held.damaged or held.deck not in _READY_DECKS or held.ref in fighter.ready:
        return
    fighter.ready.append(held.ref)
    card = ctx.data.card(held.deck, held.name)
    special = P.specialist(ctx.data, member)
    if special is not None and card.kind == "Major":
        options = P.PSYCHIC_SPECIALISTS[special][1]
    elif card.choice and len(card.abilities) > 1:
        options = tuple(a.name for a in card.abilities)
    else:
        options = ()
    if len(options) > 1:
        action = yield from ctx.choose(
            seat, [Action("ability", (held.name, o), f"{held.name} on {member.name}: {o}")
                   for o in options], f"Which ability does {held.name} give this combat?")
        fighter.psychic[held.name] = action.args[1]
    elif options:
        fighter.psychic[held.name] = options[0]
    result = yield from ctx.roll(None, "Use")
    if result.success:
        fighter.used.append(held.ref)
        ctx.note(f"{held.name} gives its last benefit this combat (Use Roll 5+)", seat)


_READY_DECKS = frozenset({"Magic", "Psionic"})
"""The decks whose cards make a Use Roll when they are put to use in a combat."""


def ley_lines(ctx: Ctx, seat: int, member: Member, fighter: Fighter) -> Step:
    """Ley Lines: "When in Combat roll 1D6: on a roll of 4+ this Character gets +1D10 Force for
    the turn and gets to draw 1 Magic Card" (line 87). One roll a turn, in the Character's first
    combat of the turn; its Force lasts through every fight of that turn (ruling rifts-89). The
    card drawn, attached to a Character in the fight, is readied at once (ruling rifts-90)."""
    turn = ctx.party(seat).turn
    if member.ley_lines is not None and member.ley_lines[0] == turn:
        force = member.ley_lines[1]
        if force:
            fighter.force_bonus += force
            ctx.note(f"{member.name} keeps +{force} Force from the Ley Lines this turn", seat)
        return
    member.ley_lines = (turn, 0)
    result = yield from ctx.roll(seat, "Ley Lines", member=member)
    if not result.success:
        return
    extra = yield from ctx.amount("Ley Lines Force", f"Ley Lines Force for {member.name}")
    member.ley_lines = (turn, extra)
    fighter.force_bonus += extra
    ctx.note(f"{member.name} draws on the Ley Lines: +{extra} Force for the turn", seat)
    for _ in range(ctx.constants["ley_lines_magic_cards"]):
        name = yield from ctx.gain(seat, "Magic")
        if name is not None:
            yield from ready_arrival(ctx, seat, ("Magic", name))


def ready_arrival(ctx: Ctx, seat: int, ref: tuple[str, str]) -> Step:
    """A card that arrives in the middle of a combat (Ley Lines' Magic card) is readied if it
    was attached to a Character fighting there (ruling rifts-90)."""
    combat = ctx.state.combat
    if combat is None:
        return
    for member in ctx.party(seat).members:
        fighter = combat.fighters.get(member.name)
        if fighter is None or not P.is_able(member, ctx.data):
            continue
        for held in member.attached:
            if held.ref == ref and held.ref not in fighter.ready:
                yield from ready(ctx, seat, member, fighter, held)
                return


# ---- a round --------------------------------------------------------------------------------

def combat_round(ctx: Ctx, seat: int, combat: Combat, where: str) -> Step:
    """One round of five segments; returns the fight's outcome, or None to go on."""
    outcome = yield from begin_round(ctx, seat, combat)
    if outcome is not None:
        return outcome
    outcome = yield from rest_of_round(ctx, seat, combat, where)
    return outcome


def begin_round(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """What comes before the Escape Segment: next-round effects start, the Foe's Breath is
    rolled; returns the fight's outcome if it is already settled."""
    combat.round += 1
    combat.destroyed_this_round = 0
    combat.morale_modifier = 0
    combat.used_actions.clear()
    ctx.note(f"Round {combat.round}", seat)
    for token in combat.tokens:
        token.no_attack = token.for_party = False
        token.bonus = 0
    for fighter in combat.fighters.values():
        for effect in fighter.pending:
            if effect == "pinned":
                fighter.immobile = -1 if fighter.immobile == -1 else max(fighter.immobile, 1)
            elif effect == "out of ammo":
                fighter.fewer_attacks = 1
            elif effect == "confused":
                fighter.confused = True
        fighter.pending.clear()
    outcome = settled(ctx, seat, combat)
    if outcome is not None:
        return outcome
    yield from token_round_force(ctx, seat, combat)
    return None


def rest_of_round(ctx: Ctx, seat: int, combat: Combat, where: str) -> Step:
    """The round from its Escape Segment on (where the party chooses to fight or escape);
    returns the fight's outcome, or None to go on."""
    state = ctx.state
    state.phase = f"{where}.combat.escape"
    if (yield from escape_segment(ctx, seat, combat)):
        return ESCAPED
    segments = [character_attacks, actions, foe_attacks]
    if combat.foes_first:  # Ambushed: "They Attack First every Round" (ruling rifts-85)
        segments = [foe_attacks, character_attacks, actions]
    for segment in segments:
        state.phase = f"{where}.combat.{segment.__name__.replace('_', ' ')}"
        yield from segment(ctx, seat, combat)
        if segment is foe_attacks:  # an Immobilized Token has sat out one of its attacks
            for token in combat.tokens:
                token.immobilized = max(0, token.immobilized - 1)
        outcome = settled(ctx, seat, combat)
        if outcome is not None:
            return outcome
    state.phase = f"{where}.combat.morale"
    if (yield from morale(ctx, seat, combat)):
        return WON
    for fighter in combat.fighters.values():
        if fighter.immobile > 0:
            fighter.immobile -= 1
        fighter.fewer_attacks = 0
        fighter.confused = False
    return None


def token_round_force(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """A Foe's Breath: each Token +1D6 Force every other round (ruling rifts-23)."""
    foe = ctx.data.foes[combat.foe]
    if combat.round % 2 == 1 and any(a.name == "Breath" for a in foe.abilities):
        for index in combat.living():
            combat.tokens[index].bonus = yield from ctx.amount(
                "Breath", f"Breath Force for Token {index + 1}")


def fighters(ctx: Ctx, seat: int, combat: Combat) -> list[tuple[Member, Fighter]]:
    """The party's Characters in this combat that are still in play."""
    return [(m, combat.fighters[m.name]) for m in ctx.party(seat).members
            if m.name in combat.fighters]


def can_act(ctx: Ctx, member: Member, fighter: Fighter) -> bool:
    """Not incapacitated and not Immobilized by a combat event (line 498)."""
    return P.is_able(member, ctx.data) and fighter.immobile == 0


def settled(ctx: Ctx, seat: int, combat: Combat) -> str | None:
    if not combat.any_living():
        return WON
    in_combat = combat.fighters
    for member in ctx.party(seat).members:  # fighters(), without the list
        fighter = in_combat.get(member.name)
        if fighter is not None and can_act(ctx, member, fighter):
            return None
    return WIPED  # WIPED OUT: all killed or Immobilized (line 528; ruling rifts-73)


FIGHT_OR_ESCAPE = (Action("fight", (), "Fight this round"),
                   Action("escape", (), "Try to escape (Escape roll)"))
"""The Escape Segment's choice, made once (actions are immutable)."""


def escape_segment(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """The party may try to escape: 1D20, 16+ with the Escape modifiers (line 460; ruling
    rifts-69)."""
    action = yield from ctx.choose(seat, FIGHT_OR_ESCAPE,
                                   f"Round {combat.round}: fight or try to escape {combat.foe}?")
    if action.name == "fight":
        return False
    able = [m for m, f in fighters(ctx, seat, combat) if can_act(ctx, m, f)]
    chosen = {m.name: f.psychic for m, f in fighters(ctx, seat, combat)}
    result = yield from ctx.roll(seat, "Escape", members=able, bits={"combat": chosen},
                                 if_success=Fact("escaped", seat, combat.foe))
    return result.success


# ---- Force and attacks ----------------------------------------------------------------------

def card_force(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat) -> Step:
    """Force from the Character's attached, undamaged cards this round; each Equipment card
    that gives its Force gets the party's Artificer or Cybernetics +1 with it (rifts-57)."""
    data = ctx.data
    special = P.specialist(data, member)
    total = 0
    bonuses: dict[bool, int] = {}  # the party's bonus, for implants and for other cards
    for held in member.attached:
        if held.damaged:
            continue
        card = data.card(held.deck, held.name)
        if card.deck == "Equipment":
            if card.every_other_round and combat.round % 2 == 0:
                continue  # "Use every other Round": rounds 1, 3, 5 (ruling rifts-58)
            if card.uses is not None and card.kind == "Weapon":  # ruling rifts-62
                if (held.uses or 0) <= 0:
                    continue
                fighter.weapon_uses[held.name] = fighter.weapon_uses.get(held.name, 0) + 1
            implant = card.kind == "Cybernetic Implant"  # what equipment_bonus asks
            bonus = bonuses.get(implant)
            if bonus is None:
                bonus = bonuses[implant] = A.equipment_bonus(ctx, seat, card)
            total += (card.force or 0) + bonus
        elif special is not None and card.kind == "Major":
            total += yield from ctx.amount(special, f"{held.name} via {special}")
            total += sum(s.ability.bonus for s in P.sources(  # "Hunt +2" (ruling rifts-47)
                data, member, special, ctx.location_type(seat)))
        elif card.force_dice is not None:
            total += yield from ctx.amount("Psionic Force", f"{held.name}'s Force (1D10)")
        else:
            total += card.force or 0
    return total


def force_of(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat) -> Step:
    """A Character's Force this round: Base Force, Experience, cards and abilities."""
    data, kind = ctx.data, ctx.location_type(seat)
    total = P.base_force(data, member) + fighter.force_bonus
    total += yield from card_force(ctx, seat, member, fighter, combat)
    extra = ("Crazy",) if (member.crazy or fighter.crazy) else ()
    have = P.ability_names(data, member).union(extra, fighter.psychic.values())
    for name, fn in A.FORCE.items():
        if name not in have:
            continue
        found = P.sources(data, member, name, kind, extra, fighter.psychic)
        if found:
            use = P.Use(member, name, sum([s.ability.bonus for s in found]))
            total += yield from fn(ctx, seat, member, fighter, combat, use)
    if combat.round == 1:
        total += combat.first_round_force
    return total


def attack_rolls(ctx: Ctx, seat: int, member: Member, fighter: Fighter, force: int) -> int:
    """1 attack roll per 10 Force, 1 less when Wounded, +1 with Attack (lines 473, 496, 110)."""
    rolls = force // ctx.constants["force_per_attack_roll"]
    if member.wounds >= 1:
        rolls -= ctx.constants["wounded_attack_penalty"]
    if has_combat_ability(ctx, seat, member, fighter, "Attack"):
        rolls += ctx.constants["attack_extra_rolls"]
    return max(0, rolls - fighter.fewer_attacks)


def has_combat_ability(ctx: Ctx, seat: int, member: Member, fighter: Fighter,
                       ability: str) -> bool:
    """Whether a Character has ``ability`` in this combat (an "or" card or a Major card used
    not as written gives only the ability chosen for the combat)."""
    return P.has_source(ctx.data, member, ability, ctx.location_type(seat),
                        chosen=fighter.psychic)  # combat_sources, without making them


def combat_sources(ctx: Ctx, seat: int, member: Member, fighter: Fighter,
                   ability: str) -> list[str]:
    """Names of the sources of ``ability`` for a Character in combat."""
    return [str(s) for s in P.sources(ctx.data, member, ability, ctx.location_type(seat),
                                      chosen=fighter.psychic)]


def character_attacks(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """Each Character rolls 1D6 per attack; 4+ takes 1D10 Force from a random Token (l. 472)."""
    for member, fighter in fighters(ctx, seat, combat):
        if not can_act(ctx, member, fighter) or not combat.any_living():
            continue
        force = yield from force_of(ctx, seat, member, fighter, combat)
        rolls = attack_rolls(ctx, seat, member, fighter, force)
        ctx.note(f"{member.name} fights with Force {force}: {rolls} attack roll(s)", seat)
        if not rolls:  # no attack this round: limited weapons keep their uses (rifts-62)
            fighter.weapon_uses.clear()
            continue
        for _ in range(rolls):
            if not combat.any_living():
                break
            result = yield from ctx.roll(seat, "Character Attack", member=member)
            if not result.success:
                continue
            if fighter.confused:  # Confused: "attacks own Party" (ruling rifts-61)
                others = [(m.name, m) for m, _ in fighters(ctx, seat, combat) if m is not member]
                target = yield from ctx.pick("Which Character is attacked", others)
                if target is not None:
                    yield from hit(ctx, seat, combat, target)
                continue
            yield from damage_token(ctx, seat, combat)
        spend_weapons(ctx, seat, member, fighter)


def damage_token(ctx: Ctx, seat: int, combat: Combat, exclude: int | None = None) -> Step:
    """A random living Token loses 1D10 Force; at 0 or less it is destroyed (line 476)."""
    targets = [(f"Token {i + 1} ({combat.tokens[i].force} Force)", i)
               for i in combat.living() if i != exclude]
    index = yield from ctx.pick("Which Token is hit", targets)
    if index is None:
        return
    loss = yield from ctx.amount("Attack Damage", "Force lost (1D10)")
    token = combat.tokens[index]
    token.force -= loss
    if token.alive:
        ctx.note(f"Token {index + 1} loses {loss} Force: {token.force} left", combat.seat)
    else:
        combat.destroyed_this_round += 1
        ctx.note(f"Token {index + 1} loses {loss} Force and is destroyed", combat.seat)


def spend_weapons(ctx: Ctx, seat: int, member: Member, fighter: Fighter) -> None:
    """Limited-use Equipment spends one use per round its Force was counted (ruling rifts-62)."""
    for held in list(member.attached):
        if fighter.weapon_uses.pop(held.name, 0) and held.uses is not None:
            held.uses -= 1
            if held.uses <= 0:
                ctx.remove_held(member, held, "is used up", seat)


# ---- the Action Segment ---------------------------------------------------------------------

def actions(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """Characters use Chaos, Control, Immobilize and the card-negating abilities (line 478),
    each source once a round, until the player ends the segment (ruling rifts-71)."""
    while combat.living():
        offers = []
        for member, fighter in fighters(ctx, seat, combat):
            if not can_act(ctx, member, fighter):
                continue
            have = P.ability_names(ctx.data, member).union(fighter.psychic.values())
            for ability in A.ACTIONS:
                if ability not in have:
                    continue
                for source in P.sources(ctx.data, member, ability, ctx.location_type(seat),
                                        chosen=fighter.psychic):
                    key = f"{member.name}/{ability}/{source}"
                    if key in combat.used_actions:
                        continue
                    deck = A.ACTION_TARGETS.get(ability)
                    for index in combat.living():
                        token = combat.tokens[index]
                        if deck is not None and not any(c[0] == deck for c in token.cards):
                            continue
                        offers.append(Action("use", (member.name, ability, str(source), index,
                                                     source.ability.bonus),
                                             f"{member.name}: {ability} ({source}) on Token "
                                             f"{index + 1}"))
        if not offers:
            return
        action = yield from ctx.choose(seat, [*offers, Action("end actions", (),
                                                               "End the Action Segment")],
                                       "Action Segment: use an ability?")
        if action.name == "end actions":
            return
        name, ability, source, index, bonus = action.args
        combat.used_actions.append(f"{name}/{ability}/{source}")
        member = next(m for m in ctx.party(seat).members if m.name == name)
        yield from A.ACTIONS[ability](ctx, seat, member, combat, index, bonus)


# ---- the Foe Attack Segment -----------------------------------------------------------------

def foe_attacks(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """Each Token rolls 1D6 per 10 Force; 4+ hits a random Character, who rolls on the Hit
    Result Table; Protect may negate a hit (lines 480-487)."""
    foe = ctx.data.foes[combat.foe]
    extra = ctx.constants["attack_extra_rolls"] if any(
        a.name == "Attack" for a in foe.abilities) else 0  # ruling rifts-22
    for index, token in enumerate(combat.tokens):
        if not token.alive or token.immobilized or token.no_attack:
            continue
        rolls = (token.force + token.bonus) // ctx.constants["foe_force_per_attack_roll"] + extra
        for _ in range(rolls):
            if settled(ctx, seat, combat) is not None:
                return
            result = yield from ctx.roll(None, "Foe Attack")
            if not result.success:
                continue
            if token.for_party:  # Chaos 5-6 or Control: it attacks for the party
                yield from damage_token(ctx, seat, combat, exclude=index)
                continue
            if (yield from protect(ctx, seat, combat)):
                continue
            targets = [(m.name, m) for m, _ in fighters(ctx, seat, combat)]
            target = yield from ctx.pick(f"Which Character Token {index + 1} hits", targets)
            if target is not None:
                yield from hit(ctx, seat, combat, target)


def protect(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """Protect: negate the attack on 4+ on 1D6 (line 111), each source once a round (ruling
    rifts-70)."""
    offers = []
    for member, fighter in fighters(ctx, seat, combat):
        if not can_act(ctx, member, fighter) or not has_combat_ability(
                ctx, seat, member, fighter, "Protect"):
            continue
        for source in combat_sources(ctx, seat, member, fighter, "Protect"):
            key = f"{member.name}/Protect/{source}"
            if key not in combat.used_actions:
                offers.append(Action("protect", (member.name, source),
                                     f"{member.name}: Protect ({source}), 4+ negates"))
    if not offers:
        return False
    action = yield from ctx.choose(seat, [*offers, Action("take hit", (), "Take the hit")],
                                   "A Foe hits: use Protect?")
    if action.name == "take hit":
        return False
    combat.used_actions.append(f"{action.args[0]}/Protect/{action.args[1]}")
    result = yield from ctx.roll(seat, "Protection")
    if result.success:
        ctx.note("The attack is negated by Protect", seat)
    return result.success


def hit(ctx: Ctx, seat: int, combat: Combat | None, member: Member) -> Step:
    """Roll 1D10 on the Hit Result Table for ``member`` (+1 with Tough) and apply the row."""
    fighter = combat.fighters.get(member.name) if combat is not None else None
    bits = {"target": member, "chosen": fighter.psychic if fighter is not None else None}
    result = yield from ctx.roll(seat, "Hit Result", bits=bits, members=[])
    row = ctx.data.row("hit_result", result.total)
    ctx.note(f"Hit Result for {member.name}: {result.total}, {row['result']}", seat)
    effect = row["effect"]
    if effect == "wound":
        wound(ctx, seat, member, row["wounds"])
    elif effect == "roll_table":
        yield from combat_event(ctx, seat, combat, member)
    elif effect == "discard_card":
        held = yield from ctx.pick(f"Which Aid card of {member.name} is discarded",
                                   [(h.name, h) for h in member.attached])
        if held is not None:
            ctx.remove_held(member, held, "is discarded (Hit Result 8)", seat)
    elif effect == "damage_card":
        held = yield from ctx.pick(
            f"Which Equipment of {member.name} is damaged",
            [(h.name, h) for h in member.attached if h.deck == "Equipment" and not h.damaged])
        if held is not None:
            held.damaged = True
            ctx.note(f"{held.name} on {member.name} is damaged", seat)


def wound(ctx: Ctx, seat: int, member: Member, wounds: int) -> None:
    """Add wounds (ruling rifts-39): 2 incapacitate, 3 kill (lines 495-500)."""
    member.wounds = min(member.wounds + wounds, ctx.constants["wounds_killed"])
    if member.wounds >= ctx.constants["wounds_killed"]:
        ctx.discard_member(seat, member, "is killed")
    elif member.wounds >= ctx.constants["wounds_incapacitated"]:
        ctx.note(f"{member.name} has {member.wounds} wounds and is incapacitated", seat)
    else:
        ctx.note(f"{member.name} has {member.wounds} wound(s)", seat)


def combat_event(ctx: Ctx, seat: int, combat: Combat | None, member: Member) -> Step:
    """Roll 1D10 on the Combat Event Table for ``member`` and apply the row (lines 502-512;
    durations: ruling rifts-72)."""
    result = yield from ctx.roll(None, "Combat Event")
    row = ctx.data.row("combat_event", result.total)
    ctx.note(f"Combat Event for {member.name}: {row['result']}", seat)
    fighter = combat.fighters.get(member.name) if combat is not None else None
    if fighter is None:
        return
    effect, duration = row["effect"], row["duration"]
    if effect == "force_bonus":
        extra = yield from ctx.amount(row["result"], f"{row['result']} Force")
        fighter.force_bonus += extra
    elif effect == "immobilize":
        if row["wounds"]:  # Knocked Out: at 1 Wound (ruling rifts-40)
            member.wounds = max(member.wounds, row["wounds"])
        if duration == "next round":
            fighter.pending.append("pinned")
        elif duration == "rest of combat":
            fighter.immobile = -1
        else:  # "for 1D6 Rounds": the rest of this round and the next N (ruling rifts-72)
            rounds = yield from ctx.amount(row["result"], f"{row['result']} rounds")
            if fighter.immobile != -1:
                fighter.immobile = max(fighter.immobile, rounds + 1)
            ctx.note(f"{member.name} is Immobilized for the rest of this round and the next "
                     f"{rounds} round(s)", seat)
    elif effect == "attacks_modifier":
        fighter.pending.append("out of ammo")
    elif effect == "roll_modifier":
        combat.morale_modifier += row["roll_modifier"]
    elif effect == "gain_ability":
        if duration == "permanent":
            member.crazy = True
        else:
            fighter.crazy = True
    elif effect == "attack_own_party":
        fighter.pending.append("confused")


# ---- Morale ---------------------------------------------------------------------------------

def morale(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """1D10 with the modifier list; 9+ and the Foes run away (lines 514-522)."""
    foe = ctx.data.foes[combat.foe]
    bits = {"foe_types": foe.types, "tokens_destroyed": combat.destroyed_this_round,
            "below_half": len(combat.living()) * 2 < len(combat.tokens)}
    extra = [(combat.morale_modifier, "Show Fear")] if combat.morale_modifier else []
    result = yield from ctx.roll(seat, "Morale", bits=bits, extra=extra)
    if result.success:
        ctx.note(f"The {foe.name} run away: a victory", seat)
    return result.success


# ---- the end --------------------------------------------------------------------------------

def finish(ctx: Ctx, seat: int, combat: Combat, outcome: str) -> Step:
    """After the fight: AT, Loot and Experience for a victory (lines 437-442, 523; ruling
    rifts-75); the Drugs wounds; spent cards, the Foe and its cards discarded (rifts-74). The
    victory's AT line carries the fact: the Foe defeated (every Token destroyed) or routed."""
    data = ctx.data
    won = Fact("foe_routed" if combat.any_living() else "foe_defeated", seat, combat.foe)
    if outcome == WON:
        yield from loot(ctx, seat, combat)
        for member, _ in fighters(ctx, seat, combat):
            result = yield from ctx.roll(seat, "Experience", member=member)
            if result.success:
                member.experience += data.constants["experience_tokens"]
                ctx.note(f"{member.name} gains an Experience Token", seat)
    for member, fighter in fighters(ctx, seat, combat):
        if fighter.drugs == 6:  # "on a roll of 6" (ruling rifts-46)
            ctx.note(f"{member.name} rolled a 6 for Drugs: 1 Wound", seat)
            wound(ctx, seat, member, data.constants["drugs_wounds"])
        for ref in fighter.used:
            held = next((h for h in member.attached if h.ref == ref), None)
            if held is not None:
                ctx.remove_held(member, held, "is used up", seat)
    for token in combat.tokens:
        for deck, name, _ in token.cards:
            ctx.discard(deck, name)
        token.cards.clear()
    ctx.discard("Foe", combat.foe)
    ctx.state.combat = None
    if outcome == WON:
        ctx.add_at(seat, data.constants["adventure_tokens_per_foe"],
                   f"defeated the {combat.foe}", event=True, fact=won)


def loot(ctx: Ctx, seat: int, combat: Combat) -> Step:
    """Loot: 1D10, 6+ gains 1 Aid card that was attached to the Foe (line 434), the one the
    winner chooses (ruling rifts-74)."""
    result = yield from ctx.roll(seat, "Loot")
    row = ctx.data.row("loot", result.total)
    ctx.note(f"Loot roll {result.total}: {row['result']}", seat)
    if row["effect"] != "gain_attached_card":
        return
    offers: dict[tuple[str, str], Action] = {}
    for token in combat.tokens:
        for deck, name, _ in token.cards:
            offers.setdefault((deck, name), Action(
                "loot", (deck, name), f"Loot {name} ({deck}, Force "
                f"{_force_text(ctx, deck, name)})"))
    if not offers:
        ctx.note("The Foe had no Aid card to loot", seat)
        return
    action = yield from ctx.choose(seat, list(offers.values()),
                                   "Loot: which of the Foe's Aid cards do you take?")
    deck, name = action.args
    token, entry = next((t, c) for t in combat.tokens for c in t.cards if c[:2] == (deck, name))
    token.cards.remove(entry)
    ctx.state.revealed.append((deck, name))
    ctx.note(f"Loots {name} ({deck})", seat)
    yield from ctx.place(seat, deck, name, public=True)


def _force_text(ctx: Ctx, deck: str, name: str) -> str:
    card = ctx.data.card(deck, name)
    if card.force is None and card.force_dice is not None:
        return f"{card.force_dice[0]}D{card.force_dice[1]}"
    return str(card.force or 0)
