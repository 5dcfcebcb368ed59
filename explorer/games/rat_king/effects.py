"""The card effects: one small function per effect name of ``data/rat_king/effects.toml``.

An effect runs for a card (an EVENT played, an ENCOUNTER played, a STUFF DIE face, a turn
option) with :class:`Run`: the card, the player it works for, and the character it is on. Each
function reads the effect's typed fields (``amount``, ``count``, ``target``, ``gender``,
``stuff_range``); on a Ratling card during an ADVENTURE the caller has multiplied ``amount``
and ``count`` already (ruling rk-18). Choices (which target) are the player's, offered as
readable sentences; several targets of one effect are different ones, as many as there are
(ruling rk-37).

During an ADVENTURE an ENCOUNTER only reaches participating characters and groups (seed 002,
line 82), and a Ratling one nothing immune to Ratlings (ruling rk-39). Effects that last "this
ADVENTURE" (``cp``, ``negate_cp``, ``not_participating``, ``no_stuff``) are modifiers of the
round (:class:`~explorer.games.rat_king.state.Modifier`), ended with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from explorer.engine import Action
from explorer.engine.core import Step
from explorer.games.rat_king.common import Ctx, cards, group_name, player
from explorer.games.rat_king.data import Effect
from explorer.games.rat_king.state import Character, Gear, Modifier


@dataclass(slots=True)
class Run:
    """One run of a card's effects: the card, the player it works for (who played it or
    controls it), the character it is on or belongs to, and whether it is a Ratling card."""

    card: str
    seat: int
    this: Character | None = None
    ratling: bool = False


Target = tuple[Any, ...]
"""A target as an action's arguments: ("character", seat, index), ("stuff", seat, index,
stuff index) or ("group", seat)."""


# ---- targets -----------------------------------------------------------------------------------

def _reach(ctx: Ctx, run: Run, seat: int, character: Character) -> bool:
    """Whether an effect of ``run`` may reach ``character`` (participating during an ADVENTURE;
    not immune to a Ratling card)."""
    if ctx.state.round is not None and not ctx.participating(seat, character):
        return False
    return not (run.ratling and ctx.immune(seat, character))


def character_targets(ctx: Ctx, run: Run, target: str) -> list[tuple[int, Character]]:
    """The characters ``target`` names for ``run``: own, opponent's or any."""
    found = []
    for seat, character in ctx.state.characters():
        if target == "own_character" and seat != run.seat:
            continue
        if target == "opponent_character" and seat == run.seat:
            continue
        if _reach(ctx, run, seat, character):
            found.append((seat, character))
    return found


def stuff_targets(ctx: Ctx, run: Run, target: str) -> list[tuple[int, Character, Gear]]:
    """The STUFF on the characters ``target`` names (any or an opponent's)."""
    found = []
    for seat, character in ctx.state.characters():
        if target == "opponent_stuff" and seat == run.seat:
            continue
        if _reach(ctx, run, seat, character):
            found.extend((seat, character, gear) for gear in character.stuff)
    return found


def group_targets(ctx: Ctx, run: Run) -> list[int]:
    """The groups an effect may reach: during an ADVENTURE the participating ones, and for a
    Ratling card not an immune one."""
    found = []
    for seat in range(ctx.state.players):
        if ctx.state.round is not None and not ctx.participants(seat):
            continue
        if run.ratling and ctx.immune_group(seat):
            continue
        found.append(seat)
    return found


def own_flipped(ctx: Ctx, seat: int, *, stuff: bool) -> list[tuple[Character, Gear | None]]:
    """``seat``'s flipped cards in his group: characters, and (``stuff``) the STUFF on them
    (ruling rk-43)."""
    found: list[tuple[Character, Gear | None]] = []
    for character in ctx.state.groups[seat]:
        if character.flipped:
            found.append((character, None))
        if stuff:
            found.extend((character, gear) for gear in character.stuff if gear.flipped)
    return found


def character_ref(ctx: Ctx, seat: int, character: Character) -> Target:
    """A character as an action's arguments."""
    return ("character", seat, ctx.state.groups[seat].index(character))


def stuff_ref(ctx: Ctx, seat: int, character: Character, gear: Gear) -> Target:
    """A STUFF in play as an action's arguments."""
    index = ctx.state.groups[seat].index(character)
    return ("stuff", seat, index, character.stuff.index(gear))


def resolve(ctx: Ctx, ref: Target) -> Any:
    """The character, (character, STUFF) or group seat an action's arguments name."""
    if ref[0] == "character":
        return ctx.state.groups[ref[1]][ref[2]]
    if ref[0] == "stuff":
        character = ctx.state.groups[ref[1]][ref[2]]
        return character, character.stuff[ref[3]]
    return ref[1]


def pick(ctx: Ctx, run: Run, offers: list[tuple[Target, str]], count: int, prompt: str, *,
         optional: bool = False) -> Step:
    """Let ``run``'s player choose ``count`` different targets among ``offers`` (target,
    sentence), as many as there are; ``optional``: "up to", so he may stop after the first.
    Returns the targets chosen. The offers are recomputed by the caller between picks when
    choosing changes them; here they are fixed, each taken once."""
    chosen: list[Target] = []
    left = list(offers)
    while left and len(chosen) < count:
        actions = [Action("target", ref, text, log=f"{player(run.seat)}: {text} ({run.card})")
                   for ref, text in left]
        if optional and chosen:
            actions.append(Action("stop", (), "Stop here"))
        action = yield from ctx.choose(run.seat, actions, f"{player(run.seat)}: {prompt} "
                                       f"({len(chosen) + 1} of {count})" if count > 1
                                       else f"{player(run.seat)}: {prompt}")
        if action.name == "stop":
            break
        chosen.append(action.args)
        left = [(ref, text) for ref, text in left if ref != action.args]
    return chosen


def _character_offers(ctx: Ctx, run: Run, found: list[tuple[int, Character]],
                      verb: str) -> list[tuple[Target, str]]:
    return [(character_ref(ctx, seat, c), f"{verb} {ctx.who(c)}")
            for seat, c in found]


def _group_offers(ctx: Ctx, run: Run, seats: list[int], verb: str) -> list[tuple[Target, str]]:
    return [(("group", seat), verb.format(group=group_name(seat, run.seat))) for seat in seats]


def _stuff_offers(ctx: Ctx, run: Run, found: list[tuple[int, Character, Gear]],
                  verb: str) -> list[tuple[Target, str]]:
    return [(stuff_ref(ctx, seat, c, g), f"{verb} {g.name} on {ctx.who(c)}")
            for seat, c, g in found]


def _count(effect: Effect) -> int:
    return effect.count if effect.count is not None else 1


def _add(ctx: Ctx, run: Run, modifier: Modifier) -> None:
    rnd = ctx.state.round
    if rnd is None:  # an ADVENTURE modifier outside an ADVENTURE: nothing to last for
        ctx.note(f"{run.card}: no ADVENTURE is under way, so it does nothing")
        return
    rnd.modifiers.append(modifier)


def _modifier(run: Run, effect: Effect, **where: Any) -> Modifier:
    return Modifier(effect.name, run.card, effect.amount or 0, gender=effect.gender,
                    stuff_range=effect.stuff_range, ratling=run.ratling, **where)


# ---- one function per effect name ------------------------------------------------------------

def cp(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """``amount`` CP for this ADVENTURE to the character it is on, to ``count`` groups of the
    player's choice, or to every group or every (M or F) character."""
    amount = effect.amount or 0
    target = effect.target
    if target == "this_character" and run.this is not None:
        _add(ctx, run, _modifier(run, effect, character=run.this.uid))
        ctx.note(f"{ctx.who(run.this)} gets {amount:+d} CP this ADVENTURE ({run.card})")
    elif target == "every_group":
        _add(ctx, run, _modifier(run, effect, every="group"))
        ctx.note(f"Every group gets {amount:+d} CP this ADVENTURE ({run.card})")
    elif target == "every_character":
        _add(ctx, run, _modifier(run, effect, every="character"))
        which = {"M": "M ", "F": "F "}.get(effect.gender or "", "")
        ctx.note(f"Every {which}CHARACTER gets {amount:+d} CP this ADVENTURE ({run.card})")
    elif target == "any_group":
        offers = _group_offers(ctx, run, group_targets(ctx, run), f"Give {{group}} {amount:+d} CP")
        for ref in (yield from pick(ctx, run, offers, _count(effect), "choose a group")):
            _add(ctx, run, _modifier(run, effect, group=ref[1]))
            ctx.note(f"{player(ref[1])}'s group gets {amount:+d} CP this ADVENTURE "
                     f"({run.card})")
    elif target in ("any_character", "own_character", "opponent_character"):
        found = character_targets(ctx, run, target)
        offers = _character_offers(ctx, run, found, f"Give {amount:+d} CP to")
        for ref in (yield from pick(ctx, run, offers, _count(effect), "choose a character")):
            character = resolve(ctx, ref)
            _add(ctx, run, _modifier(run, effect, character=character.uid))
            ctx.note(f"{ctx.who(character)} gets {amount:+d} CP this ADVENTURE ({run.card})")


def negate_cp(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """A character's CP total counts as negative this ADVENTURE: minus its absolute value
    (ruling rk-14)."""
    found = character_targets(ctx, run, effect.target or "any_character")
    offers = [(character_ref(ctx, seat, c), f"Make the CP total of {ctx.who(c)} negative")
              for seat, c in found]
    for ref in (yield from pick(ctx, run, offers, _count(effect), "choose a character")):
        character = resolve(ctx, ref)
        _add(ctx, run, _modifier(run, effect, character=character.uid))
        ctx.note(f"{ctx.who(character)}'s CP total counts as negative this ADVENTURE "
                 f"({run.card}; ruling rk-14)")


def flip(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Flip ``count`` targets (characters or STUFF) or the character the card is on; a target
    already flipped, or with no flipped value, is discarded (a ME card never is)."""
    target = effect.target
    why = run.card
    if target == "this_character":
        if run.this is not None and _in_play(ctx, run.this):
            ctx.flip_character(run.this, why)
        return
    if target in ("any_stuff", "opponent_stuff"):
        offers = _stuff_offers(ctx, run, stuff_targets(ctx, run, target), "Flip")
        chosen = yield from pick(ctx, run, offers, _count(effect), "choose a STUFF to flip")
        for character, gear in [resolve(ctx, ref) for ref in chosen]:
            if gear in character.stuff:
                ctx.flip_stuff(character, gear, why)
        return
    offers = _character_offers(ctx, run, character_targets(ctx, run, target or ""), "Flip")
    chosen = yield from pick(ctx, run, offers, _count(effect), "choose a character to flip")
    for character in [resolve(ctx, ref) for ref in chosen]:
        if _in_play(ctx, character):
            ctx.flip_character(character, why)


def unflip(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Unflip up to ``count`` of the player's flipped characters (``own_character``) or
    characters and STUFF (``own_card``) in his group (ruling rk-43)."""
    found = own_flipped(ctx, run.seat, stuff=effect.target == "own_card")
    if not found:
        ctx.note(f"{run.card}: nothing of {player(run.seat)}'s is flipped")
        return
    offers = [(_flipped_ref(ctx, run.seat, c, g), _unflip_text(c, g)) for c, g in found]
    for ref in (yield from pick(ctx, run, offers, _count(effect), "choose a card to unflip",
                                optional=True)):
        thing = resolve(ctx, ref)
        if ref[0] == "character":
            ctx.unflip_character(thing)
        else:
            ctx.unflip_stuff(*thing)


def _flipped_ref(ctx: Ctx, seat: int, character: Character, gear: Gear | None) -> Target:
    if gear is None:
        return character_ref(ctx, seat, character)
    return stuff_ref(ctx, seat, character, gear)


def _unflip_text(character: Character, gear: Gear | None) -> str:
    if gear is None:
        return f"Unflip {character.name}"
    return f"Unflip {gear.name} on {character.name}"


def discard(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Discard ``count`` targets from play (STUFF, or the character the card is on); a ME card
    is flipped instead (seed 002, line 36)."""
    target = effect.target
    if target == "this_character":
        if run.this is not None and _in_play(ctx, run.this):
            ctx.discard_character(run.this, run.card)
        return
    if target in ("any_stuff", "opponent_stuff"):
        offers = _stuff_offers(ctx, run, stuff_targets(ctx, run, target), "Discard")
        chosen = yield from pick(ctx, run, offers, _count(effect), "choose a STUFF to discard")
        for character, gear in [resolve(ctx, ref) for ref in chosen]:
            if gear in character.stuff:
                ctx.discard_stuff(character, gear, run.card)
        return
    offers = _character_offers(ctx, run, character_targets(ctx, run, target or ""), "Discard")
    chosen = yield from pick(ctx, run, offers, _count(effect), "choose a character to discard")
    for character in [resolve(ctx, ref) for ref in chosen]:
        if _in_play(ctx, character):
            ctx.discard_character(character, run.card)


def not_participating(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """``count`` characters or groups are not participating in this ADVENTURE (seed 002,
    lines 82-83)."""
    if effect.target in ("any_group", "every_group"):
        offers = _group_offers(ctx, run, group_targets(ctx, run),
                               "Put {group} out of this ADVENTURE")
        for ref in (yield from pick(ctx, run, offers, _count(effect), "choose a group")):
            _add(ctx, run, _modifier(run, effect, group=ref[1]))
            ctx.note(f"{player(ref[1])}'s group is not participating in this ADVENTURE "
                     f"({run.card})")
        return
    found = character_targets(ctx, run, effect.target or "any_character")
    offers = [(character_ref(ctx, seat, c), f"Put {ctx.who(c)} out of this ADVENTURE")
              for seat, c in found]
    for ref in (yield from pick(ctx, run, offers, _count(effect), "choose a character")):
        character = resolve(ctx, ref)
        _add(ctx, run, _modifier(run, effect, character=character.uid))
        ctx.note(f"{ctx.who(character)} is not participating in this ADVENTURE ({run.card})")


def no_stuff(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """No STUFF of ``stuff_range`` may be used this ADVENTURE; Any STUFF still may (seed 002,
    line 84; ruling rk-30)."""
    _add(ctx, run, _modifier(run, effect, every="group"))
    ctx.note(f"No {effect.stuff_range} STUFF may be used this ADVENTURE ({run.card})")
    return
    yield


def no_reinforcements(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """No REINFORCEMENTS may be played this ADVENTURE (an ADVENTURE's rule, in force from its
    card while the round lasts: :meth:`Ctx.no_reinforcements`)."""
    _add(ctx, run, _modifier(run, effect, every="group"))
    ctx.note(f"No REINFORCEMENTS may be played this ADVENTURE ({run.card})")
    return
    yield


def draw(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """The player (or the ADVENTURE's winner, whom ``run.seat`` names) draws ``amount``
    cards."""
    yield from ctx.draw(run.seat, effect.amount or 0, run.card)


def discard_from_hand(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """The player discards ``amount`` cards of his choice from his hand."""
    hand = ctx.state.hands[run.seat]
    for number in range(effect.amount or 0):
        if not hand:
            ctx.note(f"{player(run.seat)} has no card left to discard")
            return
        action = yield from ctx.choose(run.seat, [
            Action("discard_card", (name,), f"Discard {name} from your hand",
                   log=f"{player(run.seat)} discards {name} from his hand")
            for name in dict.fromkeys(hand)],
            f"{player(run.seat)}: discard a card from your hand ({number + 1} of "
            f"{effect.amount})")
        hand.remove(action.args[0])
        ctx.to_discard(action.args[0])


def steal_moves(ctx: Ctx, seat: int) -> list[Action]:
    """Every STUFF on an opponent's character that one of ``seat``'s characters can use and
    has room for, as the move it would be (ruling rk-38)."""
    moves = []
    run = Run("", seat)
    for owner, holder, gear in stuff_targets(ctx, run, "opponent_stuff"):
        for index, mine in enumerate(ctx.state.groups[seat]):
            if ctx.stuff_fits(mine, gear.name, None):
                moves.append(Action(
                    "steal", (*stuff_ref(ctx, owner, holder, gear)[1:], index),
                    f"Take {gear.name} from {ctx.who(holder)} and put it on {mine.name}",
                    log=f"{player(seat)} takes {gear.name} from {ctx.who(holder)} and puts "
                        f"it on {mine.name}"))
    return moves


def steal_stuff(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Move ``count`` STUFF cards from opponents' characters onto the player's characters that
    can use them (the colour rule and room for it; ruling rk-38)."""
    for _ in range(_count(effect)):
        moves = steal_moves(ctx, run.seat)
        if not moves:
            ctx.note(f"{run.card}: no STUFF to take")
            return
        action = yield from ctx.choose(run.seat, moves,
                                       f"{player(run.seat)}: take a STUFF from an opponent")
        owner, index, slot, mine = action.args
        holder = ctx.state.groups[owner][index]
        gear = holder.stuff.pop(slot)
        ctx.state.groups[run.seat][mine].stuff.append(gear)


def salvage_stuff(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Take ``count`` STUFF cards from the discard pile into the player's hand (On the
    Borderlands his own discard pile, ruling rk-47)."""
    pile = ctx.state.discards[ctx.deck(run.seat)]
    for _ in range(_count(effect)):
        found = [n for n in dict.fromkeys(pile) if n in ctx.data.stuffs]
        if not found:
            ctx.note(f"{run.card}: no STUFF in the discard pile")
            return
        action = yield from ctx.choose(run.seat, [
            Action("salvage", (name,), f"Take {name} from the discard pile into your hand",
                   log=f"{player(run.seat)} takes {name} from the discard pile into his hand")
            for name in found], f"{player(run.seat)}: take a STUFF from the discard pile")
        pile.remove(action.args[0])
        ctx.state.hands[run.seat].append(action.args[0])


def immune(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """A lasting benefit, never run: ENCOUNTERS of ``classification`` do not affect the
    target while its card is unflipped (:meth:`Ctx.immune`, ruling rk-39)."""
    return
    yield


def reshuffle_discard(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Shuffle the discard pile into the draw pile (On the Borderlands the player's own,
    ruling rk-47)."""
    deck = ctx.deck(run.seat)
    count = len(ctx.state.discards[deck])
    if len(ctx.state.piles) == 1:
        ctx.reshuffle(f"{run.card}: the discard pile ({cards(count)}) is shuffled into the draw "
                      "pile")
    else:
        ctx.reshuffle(f"{run.card}: {player(deck)}'s discard pile ({cards(count)}) is shuffled "
                      "into his draw pile", deck)
    return
    yield


def nothing(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """No effect."""
    ctx.note(f"{run.card}: nothing happens")
    return
    yield


EFFECTS: dict[str, Callable[[Ctx, Run, Effect], Step]] = {
    "cp": cp, "negate_cp": negate_cp, "flip": flip, "unflip": unflip, "discard": discard,
    "not_participating": not_participating, "no_stuff": no_stuff,
    "no_reinforcements": no_reinforcements, "draw": draw, "discard_from_hand": discard_from_hand,
    "steal_stuff": steal_stuff, "salvage_stuff": salvage_stuff, "immune": immune,
    "reshuffle_discard": reshuffle_discard, "nothing": nothing,
}
"""Effect name -> the function that runs it (every name of ``effects.toml``)."""


def run_effect(ctx: Ctx, run: Run, effect: Effect) -> Step:
    """Run one effect by its name."""
    yield from EFFECTS[effect.name](ctx, run, effect)


def _in_play(ctx: Ctx, character: Character) -> bool:
    return any(c is character for _, c in ctx.state.characters())


# ---- whether an effect can do anything (ruling rk-37) -----------------------------------------

def possible(ctx: Ctx, run: Run, effect: Effect) -> bool:
    """Whether ``effect`` would do something now: a target to choose, a card to draw, a STUFF
    to take. Untargeted effects always can."""
    name, target = effect.name, effect.target
    if name == "draw":
        deck = ctx.deck(run.seat)
        return bool(ctx.state.piles[deck].size or ctx.state.discards[deck])
    if name == "discard_from_hand":
        return bool(ctx.state.hands[run.seat])
    if name == "steal_stuff":
        return bool(steal_moves(ctx, run.seat))
    if name == "salvage_stuff":
        return any(n in ctx.data.stuffs for n in ctx.state.discards[ctx.deck(run.seat)])
    if name == "unflip":
        return bool(own_flipped(ctx, run.seat, stuff=target == "own_card"))
    if name in ("immune", "nothing"):
        return name == "nothing"
    if target == "this_character":
        return run.this is not None
    if target in ("any_stuff", "opponent_stuff"):
        return bool(stuff_targets(ctx, run, target))
    if target in ("any_character", "own_character", "opponent_character"):
        return bool(character_targets(ctx, run, target))
    if target == "any_group":
        return bool(group_targets(ctx, run))
    return True
