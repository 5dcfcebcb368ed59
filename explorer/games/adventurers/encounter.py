"""The ENCOUNTER PHASE of Adventurers (seed 001, lines 60-73).

The opponent to the right plays an Encounter card that matches the active player's top Travel
or Location card (or the one already faced is fought again, ruling adv-31) and may attach a
Weapon card to it; the player may Disarm it; the opponent makes the Encounter roll; the player
may evade with a card, or add weapons and help and make the Escape roll. An Escape roll higher
than the Encounter roll discards the encounter; otherwise it stays (ruling adv-32).
"""

from __future__ import annotations

from explorer.engine import Action
from explorer.games.adventurers.common import Ctx, Step
from explorer.games.adventurers.data import Card
from explorer.games.adventurers.state import Facing


def encounter_phase(ctx: Ctx, seat: int) -> Step:
    """The whole phase for the active ``seat``."""
    ctx.state.phase = "encounter"
    adventurer = ctx.adv(seat)
    if adventurer.encounter is None:
        played = yield from play_encounter(ctx, seat)
        if not played:
            return
    else:
        ctx.note(f"Still faces {adventurer.encounter.card}: it is fought again", seat)
    yield from fight(ctx, seat, adventurer.encounter)


def playable_encounters(ctx: Ctx, seat: int, by: int) -> list[str]:
    """The Encounter cards in ``by``'s hand that match ``seat``'s top card (line 63)."""
    top = ctx.top(seat)
    return [n for n in ctx.adv(by).hand
            if ctx.cards[n].type == "Encounter" and ctx.data.at(ctx.cards[n].matches, top)]


def play_encounter(ctx: Ctx, seat: int) -> Step:
    """The opponent to the right may play a matching Encounter card on the player (lines
    61-63); returns whether he did."""
    ctx.state.phase = "encounter.play"
    by = ctx.right_of(seat)
    offers = [Action("encounter", (n,), f"Play {ctx.cards[n].describe()} on Player {seat + 1}")
              for n in playable_encounters(ctx, seat, by)]
    if not offers:
        return False
    action = yield from ctx.choose(
        by, [*offers, Action("no encounter", (), "Play no Encounter card")],
        f"Encounter Phase of Player {seat + 1}: play an Encounter card on him?")
    if action.name != "encounter":
        return False
    card = ctx.play(by, action.args[0])
    ctx.adv(seat).encounter = Facing(card.name, by)
    return True


def fight(ctx: Ctx, seat: int, facing: Facing) -> Step:
    """Weapon, Disarm, the Encounter roll, then evade or the Escape roll."""
    card = ctx.cards[facing.card]
    yield from attach_weapon(ctx, seat, facing, card)
    yield from disarm(ctx, seat, facing)
    ctx.state.phase = "encounter.roll"
    total = yield from encounter_roll(ctx, facing, card)
    ctx.state.phase = "encounter.escape"
    yield from escape(ctx, seat, facing, card, total)


# ---- weapons --------------------------------------------------------------------------------

def takes_weapon(card: Card) -> bool:
    """A Weapon card may be attached to a Person Encounter (line 67; rulings adv-4, adv-5:
    the Villain and the natives too), never to one with the fisticuffs rule (Big Burly Nazi,
    ruling adv-12), nor a trap (line 70)."""
    return card.kind == "Person" and card.rule != "fisticuffs"


def weapon_cards(ctx: Ctx, seat: int, against: Card) -> list[str]:
    """The cards ``seat`` may use as a weapon card against ``against``: Weapon cards, and for
    the Gangster Enemy Encounter cards (line 27; ruling adv-18); none against a trap (line
    70)."""
    if against.kind == "Trap":
        return []
    profession = ctx.profession(seat)
    enemy_kind = profession.card_kind if profession.kind == "enemy_as_weapon" else None
    found = []
    for name in ctx.adv(seat).hand:
        card = ctx.cards[name]
        if card.type == "Weapon" or (enemy_kind is not None and card.type == "Encounter"
                                     and card.kind == enemy_kind):
            found.append(name)
    return found


def weapon_dice(ctx: Ctx, seat: int, name: str, roll: str) -> int:
    """The dice a weapon card adds to ``roll``: a Weapon card its Force (1D6 a point, ruling
    adv-15), the Gangster's Enemy card what his advantage gives (ruling adv-18)."""
    card = ctx.cards[name]
    if card.type == "Weapon":
        return ctx.data.dice(roll, card.force_bonus)[0]
    return ctx.profession(seat).dice_count


def attach_weapon(ctx: Ctx, seat: int, facing: Facing, card: Card) -> Step:
    """The opponent who played the encounter may attach a weapon card to it (line 67; one,
    ruling adv-24); it stays with the encounter (ruling adv-33)."""
    if facing.weapon is not None or not takes_weapon(card):
        return
    if ctx.constants["weapons_per_encounter_roll"] < 1:
        return
    offers = [Action("attach", (n,), f"Attach {n} to {card} (+"
                     f"{weapon_dice(ctx, facing.by, n, 'encounter_weapon')}D6)")
              for n in weapon_cards(ctx, facing.by, card)]
    if not offers:
        return
    ctx.state.phase = "encounter.weapon"
    action = yield from ctx.choose(
        facing.by, [*offers, Action("no weapon", (), "Attach no weapon")],
        f"Attach a weapon card to {card}?")
    if action.name != "attach":
        return
    weapon = ctx.play(facing.by, action.args[0])
    facing.weapon = weapon.name
    yield from ctx.extra_draw(facing.by, weapon)


def disarm(ctx: Ctx, seat: int, facing: Facing) -> Step:
    """Disarm: "Negate a Foes weapon card" (line 88): the weapon attached to the encounter is
    discarded before the Encounter roll (ruling adv-23)."""
    if facing.weapon is None:
        return
    offers = [Action("disarm", (n,), f"Play {n}: discard the {facing.weapon} attached to "
                                     f"{facing.card}")
              for n in ctx.adv(seat).hand if ctx.cards[n].effect == "negate_weapon"]
    if not offers:
        return
    ctx.state.phase = "encounter.disarm"
    action = yield from ctx.choose(
        seat, [*offers, Action("no disarm", (), "Do not disarm")],
        f"{facing.card} carries {facing.weapon}: disarm it?")
    if action.name != "disarm":
        return
    card = ctx.play(seat, action.args[0])
    ctx.discard(facing.weapon)
    facing.weapon = None
    ctx.discard(card.name)
    yield from ctx.extra_draw(seat, card)


# ---- the rolls ------------------------------------------------------------------------------

def encounter_roll(ctx: Ctx, facing: Facing, card: Card) -> Step:
    """The opponent rolls 1D6 per point of the card's Force (lines 64-65; ruling adv-15),
    plus the attached weapon's dice (line 67)."""
    count, sides = ctx.data.dice("encounter", card.force)
    what = f"{card} (Force {card.force})"
    if facing.weapon is not None:
        count += weapon_dice(ctx, facing.by, facing.weapon, "encounter_weapon")
        what += f" with {facing.weapon}"
    total = yield from ctx.roll(f"Encounter roll for {what}", count, sides)
    return total


def profession_dice(ctx: Ctx, seat: int, card: Card, weapon: str | None) -> int:
    """The escape_dice advantages (Actor, Archaeologist, Trapper, Soldier of Fortune, Sea
    Captain; lines 23-35): their dice when the encounter is of their kind or their place (the
    Sea Captain's "Water Encounters" are the cards of Water), and (Actor) no weapon is used
    (rulings adv-19, adv-20)."""
    profession = ctx.profession(seat)
    if profession.kind != "escape_dice":
        return 0
    if profession.versus_kind is not None and card.kind != profession.versus_kind:
        return 0
    if profession.versus_place and not set(profession.versus_place) & set(card.matches):
        return 0
    if profession.without_weapon and weapon is not None:
        return 0
    return profession.dice_count


def can_evade(ctx: Ctx, seat: int, evader: Card, card: Card) -> bool:
    """An evade card works on this encounter: its kind filters (rulings adv-3, adv-4), the
    place it is faced at (ruling adv-13), and the discard price paid from the rest of the
    hand (ruling adv-16)."""
    if evader.effect != "evade":
        return False
    if evader.only_kind is not None and card.kind != evader.only_kind:
        return False
    if evader.except_kind is not None and card.kind == evader.except_kind:
        return False
    if not ctx.data.at(evader.faced_at, ctx.top(seat)):
        return False
    return (evader.discard_cost or 0) <= len(ctx.adv(seat).hand) - 1


def escape_offers(ctx: Ctx, seat: int, card: Card, weapons: list[str]) -> list[Action]:
    """What the player may play before the Escape roll: evade cards, a weapon card (one,
    ruling adv-24) and force bonus Help and Item cards (ruling adv-15)."""
    offers = []
    top = ctx.top(seat)
    for name in ctx.adv(seat).hand:
        other = ctx.cards[name]
        if can_evade(ctx, seat, other, card):
            cost = f", discarding {other.discard_cost} other cards" if other.discard_cost else ""
            offers.append(Action("evade", (name,), f"Play {other.describe()}: evade {card}"
                                                   f"{cost}"))
        elif (other.effect == "force_bonus" and other.type != "Weapon"
              and ctx.data.at(other.faced_at, top)):
            offers.append(Action("bonus", (name,), f"Play {other.describe()} on the Escape "
                                                   f"roll (+{bonus_dice(ctx, other)}D6)"))
    if len(weapons) < ctx.constants["weapons_per_escape_roll"]:
        offers.extend(Action("weapon", (n,), f"Play {n} on the Escape roll "
                                             f"(+{weapon_dice(ctx, seat, n, 'escape_weapon')}D6)")
                      for n in weapon_cards(ctx, seat, card))
    return offers


def bonus_dice(ctx: Ctx, card: Card) -> int:
    """A Help or Item card's "Force +1": 1D6 a point, as a weapon's (ruling adv-15)."""
    return ctx.data.dice("escape_weapon", card.force_bonus)[0]


def escape(ctx: Ctx, seat: int, facing: Facing, card: Card, total: int) -> Step:
    """The player evades with a card (line 73), or plays his weapon and help and rolls 3D6
    (lines 68-69): higher than the Encounter roll escapes (line 71)."""
    count, sides = ctx.data.dice("escape")
    weapons: list[str] = []
    extras: list[str] = []
    state = ctx.state
    while True:
        offers = escape_offers(ctx, seat, card, weapons)
        if not offers:
            break
        dice = count + profession_dice(ctx, seat, card, weapons[0] if weapons else None)
        action = yield from ctx.choose(
            seat, [*offers, Action("roll", (dice, total),
                                   f"Roll to escape: {dice}D6 against {total}")],
            f"Escape from {card} (Encounter roll {total})")
        if action.name == "roll":
            break
        if action.name == "evade":
            yield from evade(ctx, seat, facing, action.args[0])
            return
        played = ctx.play(seat, action.args[0])
        state.in_play.append(played.name)
        if action.name == "weapon":
            weapons.append(played.name)
            count += weapon_dice(ctx, seat, played.name, "escape_weapon")
        else:
            count += add_to_escape(ctx, played)
        extras.append(played.name)
        yield from ctx.extra_draw(seat, played)
    bonus = profession_dice(ctx, seat, card, weapons[0] if weapons else None)
    if bonus:
        extras.append(ctx.profession(seat).name)
    with_ = f" with {', '.join(extras)}" if extras else ""
    rolled = yield from ctx.roll(f"Escape roll{with_} against {total}", count + bonus, sides,
                                 target=total + 1)
    ctx.clear_in_play()
    if rolled > total:
        ctx.note(f"Escape roll {rolled} beats {total}: escapes {card}", seat)
        discard_encounter(ctx, seat)
    else:
        ctx.note(f"Escape roll {rolled} does not beat {total}: {card} stays", seat)


def add_to_escape(ctx: Ctx, card: Card) -> int:
    """Sidekick Kid, Torch: "Force +1" adds 1D6 to the Escape roll (ruling adv-15)."""
    return bonus_dice(ctx, card)


def evade(ctx: Ctx, seat: int, facing: Facing, name: str) -> Step:
    """The automatic escape (line 73; ruling adv-14): the card's price is paid (ruling
    adv-16) and the encounter is discarded without rolling."""
    card = ctx.play(seat, name)
    ctx.state.in_play.append(name)
    if card.discard_cost:
        ctx.state.phase = "encounter.escape.discard"
        yield from ctx.choose_discards(seat, card.discard_cost, f"{card}: discard a card")
    ctx.clear_in_play()
    discard_encounter(ctx, seat)
    yield from ctx.extra_draw(seat, card)


def discard_encounter(ctx: Ctx, seat: int) -> None:
    """The encounter is resolved: it and its attached weapon are discarded (line 71)."""
    adventurer = ctx.adv(seat)
    facing = adventurer.encounter
    ctx.discard(facing.card)
    if facing.weapon is not None:
        ctx.discard(facing.weapon)
    adventurer.encounter = None
