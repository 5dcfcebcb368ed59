"""SETUP and the TURN SEQUENCE of Rifts Adventures (seed 000, lines 276-420, 524-530).

A turn is the Decision Act (equip, use Scrying/Draw/Supply cards, pick one phase), then the
chosen phase (Recuperate, Travel, Mission or Supply), then the End Act (hand size).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from explorer.engine import Action, Fact
from explorer.games.rifts import party as P
from explorer.games.rifts.combat import ESCAPED, WIPED, fight
from explorer.games.rifts.common import Ctx
from explorer.games.rifts.data import AID_DECKS, DECKS
from explorer.games.rifts.state import Bonus, Held, Member

Step = Generator[Any, Any, Any]

PHASES = {
    "Recuperate": "Heal & Repair: go to the Recuperate Phase",
    "Travel": "Travel to a new Location: go to the Travel Phase",
    "Mission": "Look for nearby Adventure: go to the Mission Phase",
    "Supply": "Resupply: go to the Supply Phase",
}
PHASE_ACTIONS = {p: Action("phase", (p,), text) for p, text in PHASES.items()}
"""The Decision Act's choice of phase, made once (actions are immutable)."""
STARTING_DECKS = ("Equipment", "Psionic", "Magic")  # line 280


# ---- SETUP ----------------------------------------------------------------------------------

def setup(ctx: Ctx) -> Step:
    """Each player draws 2 Characters and 2 Aid cards for each, takes a starting locale, and
    the high 1D20 goes first (lines 276-282, 299)."""
    state = ctx.state
    state.phase = "setup.characters"
    for seat in range(state.players):
        yield from new_characters(ctx, seat)
    state.phase = "setup.locale"
    for seat in range(state.players):
        yield from starting_locale(ctx, seat)
    state.phase = "setup.first player"
    contenders = list(range(state.players))
    while len(contenders) > 1:  # ties roll again (ruling rifts-63)
        rolls = {}
        for seat in contenders:
            result = yield from ctx.roll(None, "First Player")
            rolls[seat] = result.total
            ctx.note(f"First-player roll: {result.total}", seat)
        best = max(rolls.values())
        contenders = [s for s, r in rolls.items() if r == best]
    first = contenders[0]
    state.order = [(first + i) % state.players for i in range(state.players)]
    ctx.note(f"Player {first + 1} goes first")


def new_characters(ctx: Ctx, seat: int, count: str = "starting_characters") -> Step:
    """Draw the starting Characters, then 2 cards for each from Equipment, Psionic or Magic."""
    party = ctx.party(seat)
    for _ in range(ctx.constants[count]):
        name = yield from ctx.draw("Character")
        if name is not None:
            ctx.take("Character", name)
            party.members.append(Member(name))
            ctx.note(f"Draws {name}", seat)
    for member in list(party.members):
        for number in range(ctx.constants["starting_cards_per_character"]):
            deck = yield from ctx.choose_deck(
                seat, STARTING_DECKS, f"Aid card {number + 1} for {member.name}: which deck?")
            if deck is not None:
                yield from ctx.gain(seat, deck)


def starting_locale(ctx: Ctx, seat: int) -> Step:
    """The first Location card drawn is the party's starting locale (ruling rifts-64)."""
    name = yield from ctx.draw("Location")
    ctx.take("Location", name)
    ctx.party(seat).location = name
    ctx.note(f"Starts at {name}", seat)


# ---- a turn ---------------------------------------------------------------------------------

def turn(ctx: Ctx, seat: int) -> Step:
    """One player's turn: Decision Act, one phase, End Act (lines 284-293)."""
    state, party = ctx.state, ctx.party(seat)
    state.active = seat
    party.turn += 1
    party.bonuses = [b for b in party.bonuses
                     if b.until_turn is None or b.until_turn >= party.turn]
    state.phase = "decision"
    if not party.present():
        ctx.note("No Character is with the party: the turn passes", seat)
    else:
        forced, party.next_turn = party.next_turn, None
        if forced is not None:  # ruling rifts-76
            ctx.note(f"The party must start at the {forced} stage this turn", seat)
            phase = forced
        else:
            phase = yield from decision_act(ctx, seat)
        if phase == "Recuperate":
            yield from recuperate(ctx, seat)
        elif phase == "Travel":
            yield from travel(ctx, seat)
        elif phase == "Destination":
            yield from destination(ctx, seat)
        elif phase == "Mission":
            yield from mission(ctx, seat)
        elif phase == "Supply":
            yield from supply(ctx, seat)
    yield from end_act(ctx, seat)


def decision_act(ctx: Ctx, seat: int) -> Step:
    """Equip from the hand, use Decision-Act abilities, then choose the turn's one phase."""
    party = ctx.party(seat)
    used: list[str] = []
    while True:
        offers = equip_offers(ctx, seat) + ability_offers(ctx, seat, used)
        phases = [a for p, a in PHASE_ACTIONS.items()
                  if p != "Supply" or supply_problem(ctx, seat) is None]
        action = yield from ctx.choose(seat, [*offers, *phases],
                                       "Decision Act: equip, or choose this turn's phase")
        if action.name == "phase":
            ctx.note(f"Chooses the {action.args[0]} Phase", seat)
            return action.args[0]
        if action.name == "attach":
            deck, name, index = action.args
            held = next(h for h in party.hand if h.deck == deck and h.name == name)
            party.hand.remove(held)
            party.members[index].attached.append(held)
        elif action.name == "recruit":
            held = next(h for h in party.hand if h.ref == ("Character", action.args[0]))
            party.hand.remove(held)
            party.members.append(Member(held.name))
        else:
            ability, member_name, source_name = action.args
            used.append(f"{member_name}/{ability}/{source_name}")
            member = next(m for m in party.members if m.name == member_name)
            source = next(s for s in P.sources(ctx.data, member, ability,
                                               ctx.location_type(seat))
                          if str(s) == source_name)
            yield from DECISION_ABILITIES[ability](ctx, seat, member, source)


def equip_offers(ctx: Ctx, seat: int) -> list[Action]:
    party = ctx.party(seat)
    offers = []
    for held in party.hand:
        if held.deck == "Character":
            if P.can_join(ctx.data, party, held.name) is None:
                offers.append(Action("recruit", (held.name,), f"Add {held.name} to the party"))
            continue
        card = ctx.data.card(held.deck, held.name)
        for index, member in enumerate(party.members):
            if not member.away and P.can_attach(ctx.data, member, card):
                offers.append(Action("attach", (held.deck, held.name, index),
                                     f"Attach {held.name} to {member.name}"))
    return offers


def ability_offers(ctx: Ctx, seat: int, used: list[str]) -> list[Action]:
    offers = []
    kind = ctx.location_type(seat)
    for member in ctx.party(seat).members:
        if not P.is_able(member, ctx.data):
            continue
        have = P.ability_names(ctx.data, member)  # a quick filter: no name, no source
        if have.isdisjoint(DECISION_ABILITIES):
            continue
        for ability in DECISION_ABILITIES:
            if ability not in have:
                continue
            for source in P.sources(ctx.data, member, ability, kind):
                key = f"{member.name}/{ability}/{source}"
                if key not in used:
                    offers.append(Action("ability", (ability, member.name, str(source)),
                                         f"{member.name}: use {ability} ({source})"))
    return offers


def _spend(ctx: Ctx, seat: int, source: P.Source) -> Step:
    """The source used pays for it: a Magic or Psionic card its Use Roll, Equipment a use."""
    if source.consumable:
        yield from ctx.spend(seat, source)


def scry(ctx: Ctx, seat: int, member: Member, source: P.Source) -> Step:
    """Scrying: look at the next 1D10-3 cards of any deck (line 83); they stay on top, in the
    order seen (ruling rifts-65)."""
    action = yield from ctx.choose(seat, [Action("deck", (d,), f"Look into the {d} deck")
                                          for d in DECKS], "Scrying: which deck?")
    deck = ctx.state.decks[action.args[0]]
    count = (yield from ctx.amount("Scrying", "Scrying: cards seen (1D10-3)")) + \
        source.ability.bonus
    seen = []
    for _ in range(count):
        if not deck.pile:
            break
        name = yield from ctx.draw_unknown(action.args[0], seen_by=seat)
        ctx.take(action.args[0], name)
        deck.top.append(name)
        deck.known.append("Scrying")
        seen.append(name)
    ctx.note(f"{member.name} scries the {action.args[0]} deck: "
             f"{', '.join(seen) if seen else 'nothing'} on top", seat, private=True,
             hidden=f"{member.name} scries the {action.args[0]} deck: {len(seen)} card(s)")
    yield from _spend(ctx, seat, source)


def draw_cards(ctx: Ctx, seat: int, member: Member, source: P.Source) -> Step:
    """Draw: draw N cards, each from the top of any Aid Deck (ruling rifts-11)."""
    for number in range(source.ability.cards or 0):
        deck = yield from ctx.choose_deck(seat, AID_DECKS, f"Draw card {number + 1}: which deck?")
        if deck is not None:
            yield from ctx.gain(seat, deck)
    yield from _spend(ctx, seat, source)


def portal_supply(ctx: Ctx, seat: int, member: Member, source: P.Source) -> Step:
    """Supply N: resupply N cards from any Aid Deck with no Supply roll (ruling rifts-12)."""
    for number in range(source.ability.cards or 0):
        deck = yield from ctx.choose_deck(seat, AID_DECKS,
                                          f"Supply card {number + 1}: which deck?")
        if deck is not None:
            yield from ctx.gain(seat, deck)
    yield from _spend(ctx, seat, source)


DECISION_ABILITIES = {"Scrying": scry, "Draw": draw_cards, "Supply": portal_supply}


# ---- RECUPERATE PHASE -----------------------------------------------------------------------

def recuperate(ctx: Ctx, seat: int) -> Step:
    """One Heal roll per wounded Character (1D20, 16+ heals fully), extra Heal rolls from
    Heal abilities, and Repair rolls from non-wounded Characters' Repair (lines 294-303)."""
    data, party = ctx.data, ctx.party(seat)
    state = ctx.state
    state.phase = "recuperate.heal"
    for member in [m for m in party.present() if m.wounds]:
        result = yield from ctx.roll(seat, "Heal", member=member)
        if result.success:
            member.wounds = 0
            ctx.note(f"{member.name} is fully healed", seat)
    kind = ctx.location_type(seat)
    for healer in [m for m in party.present() if P.is_able(m, data)]:
        use = P.use_of(data, healer, "Heal", kind)
        for _ in range(data.constants["heal_extra_rolls"] if use else 0):
            wounded = [m for m in party.present() if m.wounds]
            if not wounded:
                break
            action = yield from ctx.choose(seat, [
                *(Action("heal", (m.name,), f"{healer.name}'s extra Heal roll "
                          f"(+{use.bonus}) for {m.name}") for m in wounded),
                Action("skip", (), "Do not use it"),
            ], f"{healer.name} can give an extra Heal roll")
            if action.name == "skip":
                continue
            target = next(m for m in party.present() if m.name == action.args[0])
            result = yield from ctx.roll(seat, "Heal", extra=[(use.bonus, use.reason())],
                                         spends=use.spends, member=target)
            if result.success:
                target.wounds = 0
                ctx.note(f"{target.name} is fully healed", seat)
    state.phase = "recuperate.repair"
    for repairer in [m for m in party.present() if m.wounds == 0]:
        use = P.use_of(data, repairer, "Repair", kind)
        for _ in range(data.constants["repair_rolls"] if use else 0):
            damaged = damaged_equipment(ctx, seat)
            if not damaged:
                return
            action = yield from ctx.choose(seat, [
                *(Action("repair", (i,), f"{repairer.name} repairs {held.name}"
                         f" ({where})") for i, (where, held) in enumerate(damaged)),
                Action("skip", (), "Do not repair"),
            ], f"{repairer.name} can make a Repair roll (+{use.bonus})")
            if action.name == "skip":
                continue
            where, held = damaged[action.args[0]]
            result = yield from ctx.roll(seat, "Repair", extra=[(use.bonus, use.reason())],
                                         spends=use.spends)
            if result.success:
                held.damaged = False
                ctx.note(f"{held.name} ({where}) is repaired", seat)


def damaged_equipment(ctx: Ctx, seat: int) -> list[tuple[str, Held]]:
    """The party's damaged Equipment, attached or in hand, with where it is."""
    party = ctx.party(seat)
    found = [(m.name, h) for m in party.members for h in m.attached if h.damaged]
    found += [("in hand", h) for h in party.hand if h.damaged]
    return found


# ---- TRAVEL PHASE ---------------------------------------------------------------------------

def travel(ctx: Ctx, seat: int) -> Step:
    """Survival Stage, Encounter Stage, Destination Stage (lines 304-358)."""
    state, party = ctx.state, ctx.party(seat)
    maps, party.ignore_foes = party.ignore_foes, False  # spent by this phase (ruling rifts-80)
    if maps:
        ctx.note("Study Maps: the party may ignore Foe cards in this Travel Phase", seat)
    state.phase = "travel.survival"
    result = yield from ctx.roll(seat, "Survival")
    go_on = ONWARD
    if not result.success:
        state.phase = "travel.hazard"
        go_on = yield from hazard(ctx, seat, maps)
    yield from travel_on(ctx, seat, go_on, maps)


def travel_on(ctx: Ctx, seat: int, go_on: str, maps: bool) -> Step:
    """The trip after its Survival Stage, as the Hazard left it (``go_on``: ONWARD, STOP or
    DESTINATION; where a copy of the game picks up a trip after an Ambush: ``Rules.resume``):
    the Encounter Stage, then the Destination Stage. ``maps``: Study Maps was spent on it."""
    state = ctx.state
    if go_on == STOP:
        return
    if go_on == DESTINATION:
        yield from destination(ctx, seat)
        return
    state.phase = "travel.encounter"
    result = yield from ctx.roll(None, "Encounter")  # no modifiers (ruling rifts-77)
    ctx.note(f"Encounter roll {result.total}: "
             f"{'a Foe is met' if result.success else 'no Foe'}", seat)
    if result.success:
        foe = yield from flip_foe(ctx, seat)
        if foe is not None and not (yield from ignore_foe(ctx, seat, foe, maps)):
            go_on = yield from travel_fight(ctx, seat, foe, "travel.encounter",
                                            then=("travel",))
            if go_on == STOP:
                return
    yield from destination(ctx, seat)


def ignore_foe(ctx: Ctx, seat: int, foe: str, maps: bool, foe_bonus: int = 0) -> Step:
    """Study Maps: "Next Travel Phase you may ignore Foe Cards" (line 402). With it, each Foe
    card met in the Travel Phase (the Encounter Stage's, a Hazard Ambush's) may be fought or
    ignored; an ignored Foe is discarded and the trip goes on (ruling rifts-80). Returns
    whether the Foe is ignored."""
    if not maps:
        return False
    card = ctx.data.foes[foe]
    extra = f", +{foe_bonus} each from the Ambush" if foe_bonus else ""
    action = yield from ctx.choose(seat, [
        Action("meet foe", (foe,), f"Fight the {foe}"),
        Action("ignore foe", (foe,), f"Ignore the {foe}: the Foe card is discarded "
                                     "(Study Maps)"),
    ], f"Study Maps: fight the {foe} ({card.tokens} Token(s) of {card.force_per_token} "
       f"Force{extra}) or ignore it?")
    if action.name == "meet foe":
        return False
    ctx.discard("Foe", foe)
    ctx.note(f"Study Maps: the party ignores the {foe}", seat)
    return True


STOP, ONWARD, DESTINATION = "stop", "onward", "destination"


def travel_fight(ctx: Ctx, seat: int, foe: str, where: str, foe_bonus: int = 0,
                 then: tuple[Any, ...] | None = None) -> Step:
    """Fight a Foe met on the way. Returns ONWARD (won: the trip goes on), DESTINATION
    (escaped, Continue Forward: straight to the Destination Stage) or STOP (the turn ends).
    ``then``: what the turn does after (the fight's rounds are marked: ``fight``)."""
    outcome = yield from fight(ctx, seat, foe, where, foe_bonus=foe_bonus, then=then)
    go_on = yield from after_travel_fight(ctx, seat, outcome)
    return go_on


def after_travel_fight(ctx: Ctx, seat: int, outcome: str) -> Step:
    """What a fight on the way leaves: ONWARD, DESTINATION or STOP (:func:`travel_fight`)."""
    if outcome == WIPED:
        yield from wipe_out(ctx, seat)
        return STOP
    if outcome != ESCAPED:
        return ONWARD
    ctx.state.phase = "travel.escape table"  # "If you are forced to escape" (line 349)
    result = yield from ctx.roll(seat, "Escape Table")
    row = ctx.data.row("escape", result.total)
    ctx.note(f"Escape Table {result.total}: {row['result']}", seat)
    if row["effect"] == "end_turn":
        return STOP
    if row["next_turn"]:
        ctx.party(seat).next_turn = row["go_to"]
        return STOP
    return DESTINATION


def destination(ctx: Ctx, seat: int) -> Step:
    """Flip the top Location card: the party's new Location (line 357)."""
    party = ctx.party(seat)
    ctx.state.phase = "travel.destination"
    name = yield from ctx.draw("Location")
    if name is None:
        return
    if party.location is not None:
        ctx.discard("Location", party.location)
    ctx.take("Location", name)
    party.location = name
    ctx.note(f"Arrives at {name}", seat)


def flip_foe(ctx: Ctx, seat: int) -> Step:
    """The top Foe card; a Wilderness-only Foe met in an Urban Location (or Urban-only in the
    Wilderness) is discarded and the next flipped (ruling rifts-66)."""
    kind = ctx.location_type(seat)
    for _ in range(ctx.data.deck_size("Foe")):
        name = yield from ctx.draw("Foe")
        if name is None:
            return None
        only = ctx.data.foes[name].only
        if only is None or only == kind:
            return name
        ctx.discard("Foe", name)
        ctx.note(f"{name} is met only in {only} Locations: discarded, the next is flipped", seat)
    return None


def _random_held(ctx: Ctx, seat: int, target: str) -> list[tuple[str, tuple[Member, Held]]]:
    """The party's attached cards a Hazard may strike: ``target`` is a Hazard Table target."""
    data = ctx.data
    found = []
    for member in ctx.party(seat).present():
        for held in member.attached:
            card = data.card(held.deck, held.name)
            if target == "Vehicle":
                ok = held.deck == "Equipment" and P.limit_group(data, card) == "Vehicle"
            elif target == "Non-Vehicle Equipment":
                ok = held.deck == "Equipment" and P.limit_group(data, card) != "Vehicle"
            elif target == "Cybernetic Implant":
                ok = held.deck == "Equipment" and card.kind == "Cybernetic Implant"
            elif target == "Weapon":
                ok = held.deck == "Equipment" and card.kind == "Weapon"
            elif target == "Magic Card":
                ok = held.deck == "Magic"
            elif target == "Psionic Card":
                ok = held.deck == "Psionic"
            else:
                raise ValueError(f"hazard: unknown target {target!r}")
            if ok:
                found.append((f"{held.name} on {member.name}", (member, held)))
    return found


def hazard(ctx: Ctx, seat: int, maps: bool = False) -> Step:
    """Roll on the Hazard Table and apply the row (lines 322-342); returns ONWARD, STOP (the
    turn ends) or DESTINATION (an Ambush escaped with Continue Forward). ``maps``: Study Maps
    lets the party ignore an Ambush's Foe."""
    party = ctx.party(seat)
    result = yield from ctx.roll(seat, "Hazard")
    row = ctx.data.row("hazard", result.total)
    ctx.note(f"Hazard {result.total}: {row['result']}", seat)
    effect, target = row["effect"], row["target"]
    if effect in {"damage_card", "discard_card", "discard_and_wound"}:
        if target == "Hand Card":
            for _ in range(row["count"]):
                held = yield from ctx.pick("Which card is left behind",
                                           [(h.name, h) for h in party.hand])
                if held is not None:
                    party.hand.remove(held)
                    ctx.discard(held.deck, held.name)
                    ctx.note(f"{held.name} is left behind", seat)
        else:
            candidates = _random_held(ctx, seat, target)
            if effect == "damage_card":
                candidates = [c for c in candidates if not c[1][1].damaged]
            found = yield from ctx.pick(f"Which {target} is struck", candidates)
            if found is not None:
                member, held = found
                if effect == "damage_card":
                    held.damaged = True
                    ctx.note(f"{held.name} on {member.name} is damaged", seat)
                else:
                    ctx.remove_held(member, held, "is discarded", seat)
        if effect == "discard_and_wound":
            yield from wound_random(ctx, seat, row["wounds"])
    elif effect == "wound":
        yield from wound_random(ctx, seat, row["wounds"])
    elif effect == "go_to":
        party.next_turn = row["go_to"]
        ctx.note(f"The party misses the rest of the turn; next turn starts at {row['go_to']}",
                 seat)
        return STOP
    elif effect == "end_turn":
        ctx.note("The party stays where it is; the turn ends", seat)
        return STOP
    elif effect == "ambush":
        foe = yield from flip_foe(ctx, seat)
        if foe is not None and not (
                yield from ignore_foe(ctx, seat, foe, maps, row["foe_force_bonus"])):
            go_on = yield from travel_fight(ctx, seat, foe, "travel.ambush",
                                            foe_bonus=row["foe_force_bonus"],
                                            then=("ambush", maps))
            return go_on
    elif effect == "separate":
        member = yield from ctx.pick("Which Character is separated",
                                     [(m.name, m) for m in party.present()])
        if member is not None:
            turns = yield from ctx.amount("Separated", "Turns lost (1D6)")
            member.away = turns + 1  # the rest of this turn and the next N (ruling rifts-67)
            ctx.note(f"{member.name} is separated from the party for {turns} turn(s)", seat)
    elif effect == "roll_modifier":
        party.bonuses.append(Bonus(row["roll_modifier"], row["result"],
                                   until_turn=party.turn + 1))
    else:
        raise ValueError(f"hazard: unknown effect {effect!r}")
    return ONWARD if party.present() else STOP


def wound_random(ctx: Ctx, seat: int, wounds: int) -> Step:
    from explorer.games.rifts.combat import wound

    member = yield from ctx.pick("Which Character is wounded",
                                 [(m.name, m) for m in ctx.party(seat).present()])
    if member is not None:
        wound(ctx, seat, member, wounds)


# ---- MISSION PHASE --------------------------------------------------------------------------

def mission(ctx: Ctx, seat: int) -> Step:
    """Roll on the Mission Table (with the Track modifiers) and play the row (lines 408-432)."""
    party = ctx.party(seat)
    ctx.state.phase = "mission.roll"
    result = yield from ctx.roll(seat, "Mission")
    row = ctx.data.row("mission", result.total)
    ctx.note(f"Mission roll {result.total}: {row['result']}", seat)
    effect = row["effect"]
    completed = effect != "nothing"
    if effect == "fight":
        yield from mission_fights(ctx, seat, result.total)
        return
    if effect == "adventure_tokens":
        ctx.add_at(seat, row["at"], row["result"])
    elif effect == "roll_modifier":
        party.bonuses.append(Bonus(row["roll_modifier"], row["result"], choice=True))
    elif effect == "gain_card":
        ctx.state.phase = "mission.reward"
        for _ in range(row["cards"]):
            yield from ctx.gain(seat, row["deck"], row["damaged"])
    elif effect != "nothing":
        raise ValueError(f"mission: unknown effect {effect!r}")
    mission_done(ctx, seat, completed)


def mission_fights(ctx: Ctx, seat: int, total: int, first: int = 0,
                   outcome: str | None = None) -> Step:
    """The Mission Table row ``total``'s fights, from Foe ``first`` on (``outcome``: how the
    fight with it has just ended, where a copy of the game picks it up at a round:
    ``Rules.resume``), then its rewards for a win (ruling rifts-38)."""
    row = ctx.data.row("mission", total)
    completed = True
    for number in range(first, row["foes"]):
        if outcome is None:
            foe = yield from flip_foe(ctx, seat)
            if foe is None:
                completed = False
                break
            outcome = yield from fight(
                ctx, seat, foe, "mission", foes_first=row["foes_attack_first"],
                first_round_force=row["first_round_force"] if number == 0 else 0,
                then=("mission", total, number))
        if outcome != "won":
            completed = False
            if outcome == WIPED:
                yield from wipe_out(ctx, seat)
            break
        outcome = None
    if completed:  # rewards need a win (ruling rifts-38)
        ctx.state.phase = "mission.reward"
        if row["cards"] and row["deck"]:
            for _ in range(row["cards"]):
                yield from ctx.gain(seat, row["deck"], row["damaged"])
        if row["at"]:
            ctx.add_at(seat, row["at"], row["result"])
    mission_done(ctx, seat, completed)


def mission_done(ctx: Ctx, seat: int, completed: bool) -> None:
    """A completed mission ends the natives' hostility ("until you complete a mission";
    ruling rifts-78)."""
    party = ctx.party(seat)
    if completed and party.hostile:
        party.hostile.clear()
        ctx.note("A mission is complete: the natives are hostile no more", seat)


# ---- SUPPLY PHASE ---------------------------------------------------------------------------

def supply_problem(ctx: Ctx, seat: int) -> str | None:
    """Why the party cannot Resupply here (None if it can; ruling rifts-79)."""
    party = ctx.party(seat)
    if party.location is None:
        return "the party has no Location"
    location = ctx.data.locations[party.location]
    if not ctx.data.supply_types[location.supply]["decks"]:
        return f"{location.name} has no supply"
    if location.name in party.hostile:
        return "Hostile Natives: no Resupply here until a mission is complete"
    return None


def supply(ctx: Ctx, seat: int) -> Step:
    """Supply roll (1D20, 10+), the Bonus Supply check and table, then draw the Location's
    cards (lines 359-407)."""
    party, data = ctx.party(seat), ctx.data
    location = data.locations[party.location]
    ctx.state.phase = "supply.roll"
    last = party.supplied == (location.name, party.turn - 1)
    result = yield from ctx.roll(seat, "Supply", bits={"supplied_here_last_turn": last})
    if not result.success:
        return
    count = location.supply_cards
    ctx.state.phase = "supply.bonus"
    check = yield from ctx.roll(seat, "Bonus Supply")
    if check.success:
        count += yield from bonus_supply(ctx, seat)
    ctx.state.phase = "supply.draw"
    kind = data.supply_types[location.supply]
    gained = 0
    for number in range(max(0, count)):
        deck = yield from ctx.choose_deck(seat, kind["decks"],
                                          f"Supply card {number + 1} of {count}: which deck?")
        if deck is None:
            break
        name = yield from supply_draw(ctx, seat, deck, kind)
        if name is not None:
            gained += 1
            yield from ctx.place(seat, name[0], name[1])
    if gained:  # "If you gained Supplies from this locale last turn" (line 368)
        party.supplied = (location.name, party.turn)


def supply_draw(ctx: Ctx, seat: int, deck: str, kind: dict[str, Any]) -> Step:
    """Draw one supply card; a Character of the wrong class is discarded and the draw made
    again from the redraw deck (SUPPLY PHASE EXAMPLES; rulings rifts-19, rifts-20)."""
    for _ in range(ctx.data.deck_size("Character") + 1):
        name = yield from ctx.draw(deck, seen_by=seat)
        if name is None:
            return None
        if deck != "Character":
            return deck, name
        cls = ctx.data.characters[name].kind
        if (kind["required_class"] and cls != kind["required_class"]) or (
                kind["forbidden_class"] and cls == kind["forbidden_class"]):
            ctx.discard("Character", name)
            ctx.note(f"{name} ({cls}) cannot be had here: discarded, drawn again from the "
                     f"{kind['redraw_deck']} deck", seat)
            deck = kind["redraw_deck"]
            continue
        return deck, name
    return None


def bonus_supply(ctx: Ctx, seat: int) -> Step:
    """Roll on the Bonus Supply Table and apply the row (ruling rifts-80); returns the change
    to the number of supply cards (Depleted: -1)."""
    party, data = ctx.party(seat), ctx.data
    result = yield from ctx.roll(seat, "Bonus Supply Table")
    row = data.row("bonus_supply", result.total)
    ctx.note(f"Bonus Supply {result.total}: {row['result']}", seat)
    effect = row["effect"]
    here = party.location if row["here"] else None
    if effect == "search_deck":  # Vehicle Park: flip 3, keep the first Vehicle
        kept = False
        for _ in range(row["cards"]):
            name = yield from ctx.draw(row["deck"])
            if name is None:
                break
            card = data.card(row["deck"], name)
            if not kept and P.limit_group(data, card) == row["equipment_type"]:
                kept = True  # flipped face up: seen by all
                yield from ctx.place(seat, row["deck"], name, public=True)
            else:
                ctx.discard(row["deck"], name)
                ctx.note(f"Flips {name}: discarded", seat)
    elif effect == "gain_card":
        deck = row["deck"]
        if deck is None:  # Black Market: "of your Choice"
            deck = yield from ctx.choose_deck(seat, AID_DECKS, "Black Market: which deck?")
        for _ in range(row["cards"]):
            if deck is not None:
                yield from ctx.gain(seat, deck, row["damaged"])
    elif effect == "supply_cards":
        return row["cards"]
    elif effect == "adventure_tokens":
        ctx.add_at(seat, row["at"], row["result"])
    elif effect == "steal_adventure_token":
        rivals = [s for s in range(ctx.state.players) if s != seat and ctx.party(s).at > 0]
        if rivals:
            action = yield from ctx.choose(seat, [
                Action("steal", (s,), f"Steal 1 AT from Player {s + 1}") for s in rivals],
                "Take Credit: steal 1 AT from which opponent?")
            victim = action.args[0]
            ctx.add_at(victim, -row["at"], "Take Credit by an opponent")
            ctx.add_at(seat, row["at"], row["result"])
    elif effect == "no_resupply_here":
        party.hostile.append(party.location)
    elif effect == "roll_modifier":
        rolls = (row["roll"],) if row["roll"] else ()
        choice = not rolls
        once = row["scope"] == "next roll"
        party.bonuses.append(Bonus(row["roll_modifier"], row["result"], rolls=rolls,
                                   choice=choice, once=once and not choice, location=here))
    elif effect == "ignore_foes":
        party.ignore_foes = True
    elif effect == "heal_wounds":
        for _ in range(row["wounds"]):
            wounded = [m for m in party.present() if m.wounds]
            if not wounded:
                break
            action = yield from ctx.choose(seat, [
                *(Action("heal", (m.name,), f"Heal 1 wound of {m.name}") for m in wounded),
                Action("skip", (), "Heal no more")], "Medical Care: heal a wound")
            if action.name == "skip":
                break
            target = next(m for m in wounded if m.name == action.args[0])
            target.wounds -= 1
    elif effect == "experience":
        for member in party.present():
            member.experience += row["experience"]
        ctx.note("Every Character gains an Experience Token", seat)
    elif effect == "repair":
        damaged = damaged_equipment(ctx, seat)
        if damaged:
            action = yield from ctx.choose(seat, [
                Action("repair", (i,), f"Repair {h.name} ({w})")
                for i, (w, h) in enumerate(damaged)], "Fixer: repair which card?")
            damaged[action.args[0]][1].damaged = False
    else:
        raise ValueError(f"bonus supply: unknown effect {effect!r}")
    return 0


# ---- END ACT and WIPED OUT ------------------------------------------------------------------

def end_act(ctx: Ctx, seat: int) -> Step:
    """Max hand size is 5: discard the excess (line 525; ruling rifts-84); Separated
    Characters count down. A party whose last Character was killed outside a combat (a
    hazard's wound) is Wiped Out first (ruling rifts-92)."""
    party = ctx.party(seat)
    if not party.members:
        ctx.note("Every Character of the party is dead: it is Wiped Out (ruling rifts-92)", seat)
        yield from wipe_out(ctx, seat)
    ctx.state.phase = "end"
    limit = ctx.constants["hand_size_limit"]
    while len(party.hand) > limit:
        action = yield from ctx.choose(seat, [
            Action("discard", (i,), f"Discard {h.name}") for i, h in enumerate(party.hand)],
            f"Hand size is {len(party.hand)}, max {limit}: discard a card")
        held = party.hand.pop(action.args[0])
        ctx.discard(held.deck, held.name)
    for member in party.members:
        if member.away:
            member.away -= 1
            if not member.away:
                ctx.note(f"{member.name} finds the party again", seat)


def wipe_out(ctx: Ctx, seat: int) -> Step:
    """WIPED OUT: discard all cards and half the AT (the half discarded rounds down; ruling
    rifts-88), then start again with 2
    new Characters, each with 2 Aid cards as at setup (lines 527-530; ruling rifts-68)."""
    party = ctx.party(seat)
    ctx.note("The party is Wiped Out", seat, event=True, fact=Fact("wiped_out", seat))
    if party.hand:  # face up onto the discard piles: every player sees them go
        ctx.note(f"Discards its hand: {', '.join(held.name for held in party.hand)}", seat)
    for held in party.hand:
        ctx.discard(held.deck, held.name)
    party.hand.clear()
    for member in list(party.members):
        ctx.discard_member(seat, member, "is lost with the party")
    # "discard ... half your AT rounding down": the half discarded rounds down (rifts-88)
    party.at -= party.at // ctx.constants["wiped_out_adventure_token_divisor"]
    ctx.note(f"Keeps {party.at} AT", seat)
    yield from new_characters(ctx, seat, "wiped_out_new_characters")
