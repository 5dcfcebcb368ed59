"""The ADVENTURE ROUND (seed 002, lines 54-69): round actions until everyone passes, the
ADVENTURE DICE and their flips, the totals, the winner, the winner's rewards, the end of the
ADVENTURE, and the sunburst.

The round actions, pinned by their names: ``encounter``, ``reinforcement``,
``reinforcement_stuff``, ``stuff_die`` and ``pass`` (line 56), each with its own choices after
it. Only a player with at least one participating CHARACTER acts (line 55).
"""

from __future__ import annotations

from explorer.engine import Action, Fact
from explorer.engine.core import Step
from explorer.engine.dice import Roll
from explorer.games.rat_king.common import Ctx, names, player, trigger_played
from explorer.games.rat_king.effects import Run, possible, run_effect
from explorer.games.rat_king.state import Character, Round
from explorer.games.rat_king.stuff import put_from, stuff_plays

ROUND_ACTIONS = ("encounter", "reinforcement", "reinforcement_stuff", "stuff_die", "pass")
"""The top-level action names of an ADVENTURE ROUND (seed 002, line 56)."""

ROUND_TEXT = {
    "encounter": "Play an ENCOUNTER",
    "reinforcement": "Play a CHARACTER as a REINFORCEMENT",
    "reinforcement_stuff": "Play a STUFF on one of your REINFORCEMENTS",
    "stuff_die": "Roll a STUFF DIE",
    "pass": "Pass",
}


def adventure(ctx: Ctx, name: str, by: int) -> Step:
    """The whole ADVENTURE ROUND of ``name``, played by ``by``."""
    state = ctx.state
    state.round = Round(name, by, rolls=[None] * state.players,
                        totals=[None] * state.players)
    card = ctx.data.adventures[name]
    ctx.note(f"ADVENTURE: {name} ({card.ap} AP): {card.text}")
    yield from round_actions(ctx, by)
    yield from resolve(ctx)


def resolve(ctx: Ctx) -> Step:
    """After the round actions: the dice, the totals, the winner and the end."""
    rnd = ctx.state.round
    yield from dice(ctx)
    winner = award(ctx)
    card = ctx.data.adventures[rnd.adventure]
    if winner is not None:
        ctx.check_victory()
        ctx.state.phase = "adventure.won"
        for effect in card.on("win"):
            yield from run_effect(ctx, Run(rnd.adventure, winner), effect)
    end(ctx)
    if winner is not None and card.sunburst:
        yield from sunburst(ctx, winner)
    ctx.check_victory()


def order(ctx: Ctx, first: int) -> list[int]:
    """The seats in seat order from ``first``."""
    players = ctx.state.players
    return [(first + k) % players for k in range(players)]


# ---- round actions -----------------------------------------------------------------------------

def round_actions(ctx: Ctx, seat: int) -> Step:
    """From ``seat``, in seat order, each player with a participating CHARACTER takes one
    action, round and round, until every such player has passed in a row (seed 002, lines
    55-57). A complete action may end the game (ruling rk-33)."""
    state = ctx.state
    rnd = state.round
    players = state.players
    while True:
        state.phase = "adventure.round"
        eligible = [s for s in range(players) if ctx.participants(s)]
        if all(s in rnd.passed for s in eligible):
            return
        if seat in eligible:
            state.active = seat
            acted = yield from round_turn(ctx, seat)
            if acted:
                rnd.passed = []
                ctx.check_victory()
            else:
                rnd.passed.append(seat)
        seat = (seat + 1) % players


def round_offers(ctx: Ctx, seat: int) -> dict[str, list[Action]]:
    """The round actions ``seat`` may take now, each with its choices; ``pass`` always."""

    found = {
        "encounter": encounter_plays(ctx, seat),
        "reinforcement": reinforcement_plays(ctx, seat),
        "reinforcement_stuff": reinforcement_stuff_plays(ctx, seat),
        "stuff_die": stuff_die_uses(ctx, seat),
    }
    offers = {name: actions for name, actions in found.items() if actions}
    offers["pass"] = []
    return offers


def round_turn(ctx: Ctx, seat: int) -> Step:
    """One round action of ``seat``; returns False for a pass."""
    offers = round_offers(ctx, seat)
    kind = yield from ctx.choose(seat, [Action(k, (), ROUND_TEXT[k]) for k in offers],
                                 f"{player(seat)}: your ADVENTURE ROUND action")
    if kind.name == "pass":
        return False
    ctx.state.phase = f"adventure.{kind.name}"
    yield from ROUND_ACTIONS_RUN[kind.name](ctx, seat, offers[kind.name])
    return True


def encounter_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each ENCOUNTER in hand that can do something now (ruling rk-37)."""
    offers = []
    for name in dict.fromkeys(ctx.state.hands[seat]):
        card = ctx.data.encounters.get(name)
        if card is None:
            continue
        run = Run(name, seat, ratling="Ratling" in card.classifications)
        effects = [e.times(multiplier(ctx, name)) for e in card.effects]
        if any(possible(ctx, run, e) for e in effects):
            offers.append(Action("play_encounter", (name,), f"Play {name}",
                                 log=f"{player(seat)} plays the ENCOUNTER {name}"))
    return offers


def multiplier(ctx: Ctx, name: str) -> int:
    """The ADVENTURE's Ratling multiplier for an ENCOUNTER (1 unless it is a Ratling card;
    ruling rk-18)."""
    card = ctx.data.encounters[name]
    rnd = ctx.state.round
    if rnd is None or "Ratling" not in card.classifications:
        return 1
    return ctx.data.adventures[rnd.adventure].ratling_multiplier


def play_encounter(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Play an ENCOUNTER: its effects (a Ratling card's numbers multiplied by the ADVENTURE,
    rk-18); an Instant then goes to the discard pile, an Effect stays in play to the end of the
    ADVENTURE (seed 002, line 72)."""
    state = ctx.state
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: play an ENCOUNTER")
    name = action.args[0]
    card = ctx.data.encounters[name]
    state.hands[seat].remove(name)
    state.resolving.append(name)
    trigger_played(ctx, name)
    times = multiplier(ctx, name)
    if times != 1:
        ctx.note(f"{name} is a Ratling card: its numbers are multiplied by {times} "
                 "(ruling rk-18)")
    run = Run(name, seat, ratling="Ratling" in card.classifications)
    for effect in card.effects:
        yield from run_effect(ctx, run, effect.times(times))
    state.resolving.remove(name)
    if card.encounter_kind == "Instant":
        ctx.to_discard(name)
    else:
        state.round.encounters.append(name)


def reinforcement_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each CHARACTER in hand as a REINFORCEMENT of ``seat``'s group, unless an ADVENTURE rule
    forbids them (seed 002, lines 25, 56)."""
    if ctx.no_reinforcements():
        return []
    return [Action("play_reinforcement", (name,), f"Play {name} as a REINFORCEMENT",
                   log=f"{player(seat)} plays {name} as a REINFORCEMENT")
            for name in dict.fromkeys(ctx.state.hands[seat]) if name in ctx.data.characters]


def play_reinforcement(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """A CHARACTER joins the group for this ADVENTURE only; it does not count towards the
    group limit (seed 002, line 26); exclusions apply to it (ruling rk-26)."""
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: play a REINFORCEMENT")
    name = action.args[0]
    ctx.state.hands[seat].remove(name)
    ctx.enter(seat, name, reinforcement=True)


def reinforcement_stuff_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each STUFF of the hand on a participating REINFORCEMENT of ``seat``'s group, unless the
    ADVENTURE bans it: only such a character can use the STUFF during this adventure (seed 002,
    lines 48, 82, 84; ruling rk-52)."""
    receivers = [c for c in ctx.state.groups[seat]
                 if c.reinforcement and ctx.participating(seat, c)]
    return [a for a in stuff_plays(ctx, seat, receivers) if not ctx.banned(a.args[0])]


def play_reinforcement_stuff(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """A STUFF on one of the player's REINFORCEMENTS that can use it, under the STUFF rules
    (seed 002, line 48; ruling rk-38)."""
    action = yield from ctx.choose(seat, offers,
                                   f"{player(seat)}: play a STUFF on a REINFORCEMENT")
    put_from(ctx, ctx.state.hands[seat], action)


def stuff_die_uses(ctx: Ctx, seat: int) -> list[Action]:
    """Each STUFF with a STUFF DIE on a participating CHARACTER of ``seat``'s group, not banned,
    flipped or not (the flip its use costs then discards a flipped one), as often as it is still
    there; one its use keeps as it is rolls once an ADVENTURE (seed 002, lines 29, 46, 56;
    rulings rk-30, rk-41)."""
    rnd = ctx.state.round
    offers = []
    for index, character in enumerate(ctx.state.groups[seat]):
        if not ctx.participating(seat, character):
            continue
        for slot, gear in enumerate(character.stuff):
            stuff = ctx.stuff_of(gear)
            if (not stuff.stuff_die or ctx.banned(gear.name)
                    or (stuff.on_use == "keep" and gear.uid in rnd.used)):
                continue
            offers.append(Action("use_stuff", (index, slot),
                                 f"Roll the STUFF DIE of {gear.name} on {character.name}",
                                 log=f"{player(seat)} uses {gear.name} on {character.name}"))
    return offers


def use_stuff(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Roll a STUFF's die: the face's effect (lasting the ADVENTURE), then what use does to the
    card: keep, flip or discard it (seed 002, line 46; rulings rk-6, rk-41)."""
    rnd = ctx.state.round
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: roll a STUFF DIE")
    index, slot = action.args
    character = ctx.state.groups[seat][index]
    gear = character.stuff[slot]
    stuff = ctx.stuff_of(gear)
    rnd.used.append(gear.uid)
    die = ctx.data.dice["stuff_die"]
    outcome = yield Roll(f"STUFF DIE of {gear.name}", die.count, die.sides,
                         table="stuff_die").chance()
    effect = stuff.face(outcome.value)
    yield from run_effect(ctx, Run(gear.name, seat, this=character), effect)
    if gear not in character.stuff or not any(c is character for _, c in
                                               ctx.state.characters()):
        return
    if stuff.on_use == "flip":
        ctx.flip_stuff(character, gear, "used")
    elif stuff.on_use == "discard":
        ctx.discard_stuff(character, gear, "used")


ROUND_ACTIONS_RUN = {"encounter": play_encounter, "reinforcement": play_reinforcement,
                     "reinforcement_stuff": play_reinforcement_stuff, "stuff_die": use_stuff}
"""Round action name -> the function that carries it out (``pass`` does nothing)."""


# ---- the dice, the totals, the winner ---------------------------------------------------------

def dice(ctx: Ctx) -> Step:
    """Each participating group rolls its ADVENTURE DIE, in seat order from the player of the
    ADVENTURE (seed 002, lines 58, 83); then every participating CHARACTER whose CHARACTER die
    another player rolled is flipped, once however many rolls match (ruling rk-27)."""
    state = ctx.state
    rnd = state.round
    state.phase = "adventure.dice"
    state.active = None
    die = ctx.data.dice["adventure_die"]
    rolling = [s for s in order(ctx, rnd.by) if ctx.participants(s)]
    for seat in rolling:
        outcome = yield Roll(f"{player(seat)}'s ADVENTURE DIE", die.count, die.sides).chance()
        rnd.rolls[seat] = outcome.value
    hit: list[tuple[int, Character, list[int]]] = []
    for seat in order(ctx, rnd.by):
        for character in ctx.participants(seat):
            by = [s for s in rolling if s != seat
                  and rnd.rolls[s] == ctx.card_of(character).character_die]
            if by:
                hit.append((seat, character, by))
    for _seat, character, by in hit:
        if any(c is character for _, c in state.characters()):
            rolled = names([f"{player(s)}'s {rnd.rolls[s]}" for s in by])
            ctx.flip_character(character, f"CHARACTER die {ctx.card_of(character).character_die}"
                               f", rolled by {rolled}")


def award(ctx: Ctx) -> int | None:
    """The totals: each participating group's CP plus its die; the highest wins the
    ADVENTURE; a tie among the highest goes to the player who played it if he has
    participating CHARACTERS, even if not among the highest, else the ADVENTURE is discarded
    (seed 002, line 61; ruling rk-28). Returns the winner (None: discarded)."""
    state = ctx.state
    rnd = state.round
    state.phase = "adventure.totals"
    contenders = [s for s in order(ctx, rnd.by) if ctx.participants(s)
                  and rnd.rolls[s] is not None]
    breakdown: list[list[list[object]]] = [[] for _ in range(state.players)]
    for seat in contenders:
        breakdown[seat] = [[c.name, ctx.character_cp(seat, c)] for c in ctx.participants(seat)]
        group = ctx.group_cp(seat)
        rnd.totals[seat] = group + rnd.rolls[seat]
        extra = group - sum(cp for _, cp in breakdown[seat])
        ctx.note(f"{player(seat)}'s total: " + " + ".join(
            [f"{n} {cp}" for n, cp in breakdown[seat]]
            + ([f"group modifiers {extra}"] if extra else []) + [f"die {rnd.rolls[seat]}"])
            + f" = {rnd.totals[seat]}")
    name = rnd.adventure
    rnd.settled = True
    state.last_adventure = {"name": name, "played_by": rnd.by, "rolls": list(rnd.rolls),
                            "totals": list(rnd.totals), "characters": breakdown,
                            "winner": None}
    if not contenders:
        ctx.to_discard(name)
        ctx.note(f"No group has participating CHARACTERS: {name} is discarded (ruling rk-28)")
        return None
    best = max(rnd.totals[s] for s in contenders)
    top = [s for s in contenders if rnd.totals[s] == best]
    if len(top) == 1:
        winner = top[0]
    elif ctx.participants(rnd.by):
        winner = rnd.by
        ctx.note(f"{names([player(s) for s in top])} tie at {best}: the ADVENTURE goes to "
                 f"{player(rnd.by)}, who played it (seed 002, line 61)")
    else:
        ctx.to_discard(name)
        ctx.note(f"{names([player(s) for s in top])} tie at {best} and {player(rnd.by)}, who "
                 f"played it, has no participating CHARACTERS: {name} is discarded (seed 002, "
                 "line 61; ruling rk-28)")
        return None
    state.adventures_won[winner].append(name)
    state.last_adventure["winner"] = winner
    card = ctx.data.adventures[name]
    ctx.note(f"{player(winner)} wins {name} ({card.ap} AP) and now has {ctx.ap(winner)} AP",
             event=True, fact=Fact("adventure_won", winner, name, amount=card.ap))
    return winner


def end(ctx: Ctx) -> None:
    """The end of the ADVENTURE: REINFORCEMENTS leave with their STUFF (seed 002, lines 25,
    48), every ENCOUNTER is discarded (line 72), and this ADVENTURE's modifiers end."""
    state = ctx.state
    rnd = state.round
    state.phase = "adventure.end"
    for seat, group in enumerate(state.groups):
        for character in [c for c in group if c.reinforcement]:
            group.remove(character)
            carried = [character.name, *(g.name for g in character.stuff), *character.events]
            for name in carried:
                ctx.to_discard(name)
            ctx.note(f"{player(seat)}'s REINFORCEMENT {character.name} leaves"
                     + (f" with {names(carried[1:])}" if carried[1:] else "")
                     + ": to the discard pile")
    if rnd.encounters:
        for name in rnd.encounters:
            ctx.to_discard(name)
        many = len(rnd.encounters) > 1
        ctx.note(f"The ENCOUNTER{'S' if many else ''} {names(rnd.encounters)} "
                 f"{'are' if many else 'is'} discarded (seed 002, line 72)")
    state.round = None


def sunburst(ctx: Ctx, winner: int) -> Step:
    """The sunburst: the winner may take a STUFF from the discard pile and play it at once
    under the STUFF rules, or decline (seed 002, line 62; ruling rk-36); On the Borderlands
    from his own discard pile (ruling rk-47)."""
    state = ctx.state
    state.phase = "adventure.sunburst"
    state.active = winner
    pile = state.discards[ctx.deck(winner)]
    offers = stuff_plays(ctx, winner, [c for _, c in state.characters()], pile, take=True)
    if not offers:
        ctx.note(f"Sunburst: no STUFF in the discard pile can be played ({player(winner)})")
        return
    action = yield from ctx.choose(winner, [*offers, Action("decline", (), "Take no STUFF")],
                                   f"{player(winner)}: sunburst, take a STUFF from the discard "
                                   "pile")
    if action.name == "decline":
        return
    put_from(ctx, pile, action)
