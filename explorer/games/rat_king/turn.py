"""Lair of the Rat-King's procedure in the rulebook's order: setup, then turns (draw to 5, then
exactly one action) until a player reaches 7 AP or the last card of the draw pile is drawn.

The actions of a turn (seed 002, lines 17-23), pinned by their names: ``character``, ``stuff``,
``event``, ``adventure``, ``unflip`` and ``option``. Each is offered only when it can be taken,
and its own choices (which card, which group, which character, which target) follow as further
decisions, each a readable sentence. ENCOUNTERS cannot be played in a regular turn (line 72).
With no action to take the turn passes (ruling rk-34).
"""

from __future__ import annotations

from explorer.engine import Action, Chance, GameOver, Outcome
from explorer.engine.core import CARD_OUTCOMES, Step
from explorer.games.rat_king import adventure as A
from explorer.games.rat_king.circle import clock, closed_circle, round_key
from explorer.games.rat_king.common import (
    Ctx,
    cards,
    group_name,
    names,
    player,
    trigger_played,
    won,
)
from explorer.games.rat_king.data import RatKingData
from explorer.games.rat_king.effects import (
    Run,
    character_ref,
    own_flipped,
    possible,
    resolve,
    run_effect,
    stuff_ref,
)
from explorer.games.rat_king.state import Character, Gear, RatKingState
from explorer.games.rat_king.stuff import put_from, stuff_plays

TURN_ACTIONS = ("character", "stuff", "event", "adventure", "unflip", "option")
"""The top-level action names of a regular turn, in the rulebook's order (seed 002, lines
18-23)."""

TURN_TEXT = {
    "character": "Play a CHARACTER into a group",
    "stuff": "Play or replace a STUFF on a CHARACTER",
    "event": "Play an EVENT on a CHARACTER or a group",
    "adventure": "Play an ADVENTURE",
    "unflip": "Discard up to 3 of your cards in play to unflip your cards",
    "option": "Use a CHARACTER's turn option",
}


# ---- setup -----------------------------------------------------------------------------------

def setup(ctx: Ctx) -> Step:
    """Each player takes a ME card at random, face up in his group; the unused ME cards stay
    set aside; a random dealer shuffles the rest and deals 4 to each player, from his left; the
    player to his left goes first (seed 002, line 14; ruling rk-23). With combined decks the ME
    cards come from the mode's sets, and On the Borderlands each player's cards from his own
    set's draw pile (rulings rk-46 to rk-49). Returns the first seat."""
    state = ctx.state
    plan = ctx.data.plan
    state.phase = "setup"
    for _ in range(ctx.constants["me_per_player"]):
        for seat in range(state.players):
            name = yield from _take_me(ctx, seat)
            ctx.enter(seat, name)
            ctx.note(f"{player(seat)} takes {name} at random and places it face up in his "
                     "group")
    me = set(ctx.data.me_cards)
    unused = [n for n in state.set_aside if n in me]
    if unused:
        ctx.note(f"{names(unused)} {'is' if len(unused) == 1 else 'are'} "
                 "set aside, out of the game (ruling rk-23)")
    if plan is not None and plan.mode == "conjunction":
        waiting = sum(plan.later(n) and n not in me for n in state.set_aside)
        ctx.note(f"{plan.labels[1]} ({cards(waiting)} without its ME cards) waits set aside "
                 f"until {plan.trigger} is played (seed 002, line 92; ruling rk-48)")
    state.phase = "setup.dealer"
    outcome = yield Chance(tuple(Outcome("dealer", (s,), f"{player(s)} deals")
                                 for s in range(state.players)), (1,) * state.players,
                           "Choose the dealer at random")
    state.dealer = outcome.args[0]
    if len(state.piles) == 1:
        ctx.note(f"{player(state.dealer)} shuffles the {state.pile.size} other cards and deals "
                 f"{ctx.constants['deal']} to each player")
    else:
        ctx.note(f"Each player shuffles the other cards of his own set ("
                 f"{', '.join(str(p.size) for p in state.piles)}); {player(state.dealer)} deals "
                 f"{ctx.constants['deal']} to each player from his own draw pile (ruling rk-47)")
    state.phase = "setup.deal"
    first = (state.dealer + 1) % state.players
    for offset in range(state.players):
        seat = (first + offset) % state.players
        yield from ctx.draw(seat, ctx.constants["deal"], "the deal", deal=True)
    ctx.note(f"{player(first)}, to the dealer's left, goes first (seed 002, line 14)")
    return first


def _take_me(ctx: Ctx, seat: int) -> Step:
    """A ME card at random from those not taken yet that ``seat`` may take (they wait with the
    cards set aside; with combined decks, rulings rk-46 to rk-49)."""
    pool = ctx.state.set_aside
    plan = ctx.data.plan
    me = ctx.data.me_cards
    left = [n for n in dict.fromkeys(pool) if n in me
            and (plan is None or plan.may_take(seat, n))]
    outcome = yield Chance(tuple(CARD_OUTCOMES[n] for n in left),
                           tuple(pool.count(n) for n in left),
                           f"{player(seat)}'s ME card at random")
    name = outcome.args[0]
    pool.remove(name)
    return name


def fresh(state: RatKingState, data: RatKingData) -> None:
    """The cards before setup: the ME cards waiting to be taken (with the cards set aside), the
    rest to be shuffled into the draw pile (On the Borderlands each set into its player's; in
    Conjunction the second set waits set aside, ruling rk-48), so every card is somewhere from
    the first step."""
    state.set_aside = [name for name in data.me_cards
                       for _ in range(data.characters[name].copies)]
    plan = data.plan
    if plan is None:
        state.pile.cards = data.deck()
        return
    for name, copies in data.deck().items():
        if plan.at_start(name):
            state.piles[plan.home(name)].cards[name] = copies
        else:
            state.set_aside.extend([name] * copies)


# ---- the turns -------------------------------------------------------------------------------

def turns(ctx: Ctx, seat: int, resumed: tuple[object, ...] | None = None) -> Step:
    """Turns in seat order from ``seat`` until the game ends (a GameOver ends them). A round
    runs from ``seat``'s turn to the turn before his next one. A game in which nobody can act
    or draw any more ends (ruling rk-35), and so does a game in a loop nobody can leave: a round
    ends in a position already seen at an earlier round's end, with no card drawn and no AP won
    or lost between, and either nobody had a choice between or every choice open leads back
    into the same circle (:func:`~explorer.games.rat_king.circle.closed_circle`; ruling rk-54).
    It never ends early otherwise. ``resumed``: what the turns had seen, as the top of a turn
    marked it (``Rules.resume`` picks the turns up there)."""
    state = ctx.state
    watch = Watch()
    if resumed is None:
        first = round_key(ctx, seat)
        resumed = (seat, (first,), (first,), (), clock(ctx), False)
    start, seen, visited, looked, moved, watch.open = resumed
    seen = set(seen)  # the rounds' end positions since the play last moved or had a choice
    visited = set(visited)  # the rounds' end positions since the play last moved
    looked = set(looked)  # those whose circle was looked at and found to have a way out
    while True:
        state.resumable((seat, (start, frozenset(seen), frozenset(visited), frozenset(looked),
                                moved, watch.open)))
        yield from watch.steps(turn(ctx, seat))
        if state.passes >= state.players:
            stuck(ctx)
        seat = (seat + 1) % state.players
        now = clock(ctx)
        if now != moved:  # a card drawn or an AP won or lost: the play has moved on
            seen.clear()
            visited.clear()
            looked.clear()
            moved = now
        if seat != start:
            continue
        key = round_key(ctx, seat)
        if key in seen and not watch.open:
            repeated(ctx)
        if key in visited and key not in looked:
            looked.add(key)
            if closed_circle(ctx, seat, turn):
                circled(ctx)
        if watch.open:  # somebody could have done otherwise: no loop is forced yet
            seen.clear()
            watch.open = False
        seen.add(key)
        visited.add(key)


class Watch:
    """Whether any step since it was last cleared left the play a way to go otherwise
    (``open``): a decision with more than one action, or a chance step (a draw, a die) with
    more than one outcome (ruling rk-54)."""

    def __init__(self) -> None:
        self.open = False

    def steps(self, procedure: Step) -> Step:
        """Run ``procedure``, passing each of its steps on and its answer back, noting an open
        step; returns what it returns."""
        try:
            pending = next(procedure)
            while True:
                if not self.open and _open(pending):
                    self.open = True
                pending = procedure.send((yield pending))
        except StopIteration as done:
            return done.value


def _open(pending: object) -> bool:
    """A decision with a choice of actions, or a chance step that could fall otherwise."""
    if isinstance(pending, Chance):
        return len(pending.outcomes) > 1
    return len(getattr(pending, "actions", ())) > 1


def turn(ctx: Ctx, seat: int) -> Step:
    """One turn: draw until 5 cards in hand (seed 002, line 16), then exactly one action
    (line 17); with none to take, the turn passes (ruling rk-34). The end is checked after the
    action (ruling rk-33)."""
    state = ctx.state
    state.active = seat
    state.turns += 1
    state.phase = "turn.draw"
    drawn = yield from ctx.draw_up(seat)
    state.phase = "turn"
    offers = turn_offers(ctx, seat)
    if not offers:
        state.passes = 0 if drawn else state.passes + 1
        ctx.note(f"{player(seat)} has no action to take: the turn passes (ruling rk-34)")
        return
    state.passes = 0
    kind = yield from ctx.choose(seat, [Action(k, (), TURN_TEXT[k]) for k in offers],
                                 f"{player(seat)}: choose your action")
    state.phase = f"turn.{kind.name}"
    yield from ACTIONS[kind.name](ctx, seat, offers[kind.name])
    ctx.check_victory()


def turn_offers(ctx: Ctx, seat: int) -> dict[str, list[Action]]:
    """The actions ``seat`` may take now, each with the choices it opens (an action with none
    is not offered)."""
    found = {
        "character": character_plays(ctx, seat),
        "stuff": stuff_plays(ctx, seat, [c for _, c in ctx.state.characters()]),
        "event": event_plays(ctx, seat),
        "adventure": adventure_plays(ctx, seat),
        "unflip": unflip_pairs(ctx, seat, 0),
        "option": option_plays(ctx, seat),
    }
    return {name: actions for name, actions in found.items() if actions}


def repeated(ctx: Ctx) -> None:
    """A round ended in a position already seen at an earlier round's end, with no card drawn,
    no AP won or lost and no choice open to anybody between (every decision had one action,
    every chance step one outcome): the play must go round the same circle for ever and nobody
    can get closer to 7 AP or to the last card of the draw pile (seed 002, lines 8-9). The game
    ends; the most AP wins, a tie is shared (ruling rk-54)."""
    _end_at_most_ap(ctx, "The round ends in a position already seen at the end of an earlier "
                    "round, with no card drawn, no AP won and no other choice open to anybody "
                    "since: the play goes round in a circle", "rk-54")


def circled(ctx: Ctx) -> None:
    """A round ended in a position already seen at an earlier round's end, with no card drawn
    and no AP won or lost between, and every choice open to anybody from it leads back into the
    same circle of positions, never to a card drawn, an AP won or lost, a die or the game's
    end: nothing any player does can bring 7 AP or the last card of the draw pile (seed 002,
    lines 8-9). The game ends; the most AP wins, a tie is shared (ruling rk-54)."""
    _end_at_most_ap(ctx, "The round ends in a position already seen at the end of an earlier "
                    "round, with no card drawn and no AP won since, and every choice open to "
                    "anybody leads back to the same circle: the play goes round in a circle",
                    "rk-54")


def stuck(ctx: Ctx) -> None:
    """A whole round of turns passed with no action taken and no card drawn: the position
    repeats for ever. The game ends; the most AP wins, a tie is shared (ruling rk-35)."""
    _end_at_most_ap(ctx, "No player can act or draw any more: the game is stuck", "rk-35")


def _end_at_most_ap(ctx: Ctx, why: str, ruling: str) -> None:
    """End the game now: the most AP wins, a tie is shared; the log says ``why`` and the
    ``ruling``."""
    state = ctx.state
    aps = [ctx.ap(s) for s in range(state.players)]
    state.winners = [s for s in range(state.players) if aps[s] == max(aps)]
    state.phase = "over"
    ctx.note(f"{why} and ends at {' to '.join(map(str, aps))} AP (ruling {ruling})", event=True,
             fact=won(state.winners, max(aps)))
    raise GameOver


# ---- play a CHARACTER --------------------------------------------------------------------------

def character_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each CHARACTER in hand into each group with room: a 2-player group holds at most 4,
    reinforcements not counted (seed 002, lines 18, 26)."""
    hand = ctx.state.hands[seat]
    return [Action("play_character", (name, target), f"Play {name} into "
                   f"{group_name(target, seat)}",
                   log=f"{player(seat)} plays {name} into {group_name(target)}")
            for name in dict.fromkeys(hand) if name in ctx.data.characters
            for target in range(ctx.state.players) if ctx.group_has_room(target)]


def play_character(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Play a CHARACTER into any group (seed 002, line 18); exclusions apply at once (line
    38)."""
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: play a CHARACTER")
    name, target = action.args
    ctx.state.hands[seat].remove(name)
    ctx.enter(target, name)


# ---- play or replace a STUFF -------------------------------------------------------------------

def play_stuff(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Play a STUFF on any CHARACTER in any group, or replace one there (the replaced STUFF to
    the discard pile; seed 002, lines 19, 42)."""
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: play a STUFF")
    put_from(ctx, ctx.state.hands[seat], action)


# ---- play an EVENT -----------------------------------------------------------------------------

def event_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each EVENT in hand on each CHARACTER (``played_on = "character"``) or each group
    (``"group"``), in any group (seed 002, line 20)."""
    state = ctx.state
    offers = []
    for name in dict.fromkeys(state.hands[seat]):
        event = ctx.data.events.get(name)
        if event is None:
            continue
        if event.played_on == "group":
            offers.extend(Action("play_event", (name, target, None),
                                 f"Play {name} on {group_name(target, seat)}",
                                 log=f"{player(seat)} plays {name} on {group_name(target)}")
                          for target in range(state.players))
        else:
            offers.extend(Action("play_event", (name, target, index),
                                 f"Play {name} on {ctx.who(c)}",
                                 log=f"{player(seat)} plays {name} on {ctx.who(c)}")
                          for target, group in enumerate(state.groups)
                          for index, c in enumerate(group))
    return offers


def play_event(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Play an EVENT: its effects happen, then it stays on its CHARACTER or group (``stays``)
    or goes to the discard pile (seed 002, line 50)."""
    state = ctx.state
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: play an EVENT")
    name, target, index = action.args
    event = ctx.data.events[name]
    state.hands[seat].remove(name)
    state.resolving.append(name)
    character = None if index is None else state.groups[target][index]
    run = Run(name, seat, this=character)
    for effect in event.effects:
        if effect.when == "on_play":
            yield from run_effect(ctx, run, effect)
    state.resolving.remove(name)
    _place_event(ctx, name, target, character)
    trigger_played(ctx, name)  # once it has been discarded (seed 002, line 79)


def _place_event(ctx: Ctx, name: str, target: int, character: Character | None) -> None:
    """A played EVENT goes to the discard pile, or stays on its CHARACTER or group (seed 002,
    line 50)."""
    state = ctx.state
    event = ctx.data.events[name]
    if not event.stays:
        ctx.to_discard(name)
        return
    if character is None:
        state.group_events[target].append(name)
    elif any(c is character for _, c in state.characters()):
        character.events.append(name)
        if event.reputation and character.flipped and event.cp_flipped is None:
            character.events.remove(name)
            ctx.to_discard(name)
            ctx.note(f"{name} joins a flipped CHARACTER and has no flipped value: it is "
                     "discarded (rulings rk-25, rk-16)")
    else:
        ctx.to_discard(name)
        ctx.note(f"{name} has no CHARACTER left to stay on and is discarded")


# ---- play an ADVENTURE -------------------------------------------------------------------------

def adventure_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each ADVENTURE in hand (seed 002, line 21)."""
    return [Action("play_adventure", (name,), f"Play {name}",
                   log=f"{player(seat)} plays {name}, starting an ADVENTURE ROUND")
            for name in dict.fromkeys(ctx.state.hands[seat]) if name in ctx.data.adventures]


def play_adventure(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Play an ADVENTURE: its player first draws 1 card, then the ADVENTURE ROUND (seed 002,
    lines 54-69)."""
    state = ctx.state
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: play an ADVENTURE")
    name = action.args[0]
    state.hands[seat].remove(name)
    state.resolving.append(name)
    trigger_played(ctx, name)
    yield from ctx.draw(seat, ctx.constants["adventure_bonus_draw"],
                        "for playing an ADVENTURE")
    state.resolving.remove(name)
    yield from A.adventure(ctx, name, seat)


# ---- discard to unflip -------------------------------------------------------------------------

def unflip_pairs(ctx: Ctx, seat: int, done: int) -> list[Action]:
    """Each card in play ``seat`` controls and may discard (:func:`unflip_payments`) paired
    with each flipped CHARACTER or STUFF card of his that does not leave with it, while fewer
    than 3 were unflipped; the arguments are the paid card's reference, then the unflipped
    card's (seed 002, lines 22, 81; rulings rk-43, rk-51)."""
    if done >= ctx.constants["unflip_discard_max"]:
        return []
    flipped = own_flipped(ctx, seat, stuff=True)
    offers = []
    for pay, paid, paid_what in unflip_payments(ctx, seat):
        for character, gear in flipped:
            if paid is character or (gear is not None and paid is gear):
                continue  # neither the card paid nor a STUFF leaving with it
            what = _card_text(character, gear)
            ref = (character_ref(ctx, seat, character) if gear is None
                   else stuff_ref(ctx, seat, character, gear))
            offers.append(Action("unflip_pair", (*pay, *ref),
                                 f"Discard {paid_what} to unflip {what}",
                                 log=f"{player(seat)} discards {paid_what} to unflip {what}"))
    return offers


def unflip_payments(ctx: Ctx, seat: int) -> list[tuple[tuple, object, str]]:
    """The cards in play ``seat`` controls that he may discard to pay for an unflip: the cards
    of his group, whoever played them there (ruling rk-43): each CHARACTER but a ME card, which
    is never discarded (seed 002, line 36; ruling rk-24), each STUFF and each EVENT on his
    characters, and each EVENT on his group. Never a card of his hand: line 22 says "Discard",
    not "Discard a card from your hand" (line 81; ruling rk-51). Each as (its reference, the
    CHARACTER or STUFF card leaving play with it, None for an EVENT, its sentence)."""
    found: list[tuple[tuple, object, str]] = []
    for index, character in enumerate(ctx.state.groups[seat]):
        if not ctx.card_of(character).is_me:
            found.append((character_ref(ctx, seat, character), character, character.name))
        found.extend((stuff_ref(ctx, seat, character, gear), gear,
                      _card_text(character, gear)) for gear in character.stuff)
        found.extend((("event", seat, index, slot), None, f"{name} on {character.name}")
                     for slot, name in enumerate(character.events))
    found.extend((("group_event", seat, slot), None, f"{name} on your group")
                 for slot, name in enumerate(ctx.state.group_events[seat]))
    return found


def _card_text(character: Character, gear: Gear | None) -> str:
    return character.name if gear is None else f"{gear.name} on {character.name}"


REF_LENGTH = {"character": 3, "stuff": 4, "event": 4, "group_event": 3}
"""How many arguments a card's reference takes, by its kind."""


def split_unflip_args(args: tuple) -> tuple[tuple, tuple]:
    """An ``unflip_pair``'s arguments as (the paid card's reference, the unflipped card's)."""
    cut = REF_LENGTH[args[0]]
    return tuple(args[:cut]), tuple(args[cut:])


def pay_for_unflip(ctx: Ctx, pay: tuple) -> None:
    """Discard the card in play ``pay`` names: a CHARACTER with its STUFF and EVENTS (seed 002,
    line 48), a STUFF, or an EVENT from a character or a group (ruling rk-51)."""
    state = ctx.state
    kind = pay[0]
    if kind == "character":
        ctx.discard_character(resolve(ctx, pay), "paid to unflip")
    elif kind == "stuff":
        ctx.discard_stuff(*resolve(ctx, pay), "paid to unflip")
    elif kind == "event":
        character = state.groups[pay[1]][pay[2]]
        name = character.events.pop(pay[3])
        ctx.to_discard(name)
        ctx.note(f"{name} on {ctx.who(character)} is discarded (paid to unflip)")
    else:
        name = state.group_events[pay[1]].pop(pay[2])
        ctx.to_discard(name)
        ctx.note(f"{name} on {group_name(pay[1])} is discarded (paid to unflip)")


def unflip(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Discard up to 3 cards in play you control to unflip as many of your flipped CHARACTER
    or STUFF cards, one pair at a time (seed 002, lines 22, 81; ruling rk-51)."""
    done = 0
    while offers:
        choices = list(offers)
        if done:
            choices.append(Action("stop", (), "Stop unflipping"))
        action = yield from ctx.choose(
            seat, choices, f"{player(seat)}: discard a card in play to unflip one of yours "
                           f"({done + 1} of up to {ctx.constants['unflip_discard_max']})")
        if action.name == "stop":
            return
        pay, ref = split_unflip_args(action.args)
        thing = resolve(ctx, ref)
        pay_for_unflip(ctx, pay)
        if ref[0] == "character":
            thing.flipped = False
        else:
            thing[1].flipped = False
        done += 1
        offers = unflip_pairs(ctx, seat, done)


# ---- a turn option -------------------------------------------------------------------------

def option_plays(ctx: Ctx, seat: int) -> list[Action]:
    """Each unflipped CHARACTER of ``seat``'s group with a turn option that can do something
    now (seed 002, lines 23, 37; ruling rk-37)."""
    offers = []
    for index, character in enumerate(ctx.state.groups[seat]):
        effects = ctx.card_of(character).on("turn_option")
        if character.flipped or not effects:
            continue
        run = Run(character.name, seat, this=character)
        if any(possible(ctx, run, e) for e in effects):
            what = option_text(ctx.card_of(character).text)
            offers.append(Action("use_option", (index,),
                                 f"Use {character.name}'s turn option" + (
                                     f": {what}" if what else ""),
                                 log=f"{player(seat)} uses {character.name}'s turn option"
                                     + (f": {what}" if what else "")))
    return offers


def option_text(text: str) -> str:
    """The turn option in the card's own words: "draw one card" from "Turn option: consult
    your spellbook and draw one card."."""
    _, found, rest = text.partition("Turn option:")
    if not found:
        return ""
    return rest.strip().split(". ")[0].rstrip(".")


def use_option(ctx: Ctx, seat: int, offers: list[Action]) -> Step:
    """Use an unflipped CHARACTER's turn option: its effects in order (seed 002, line 23)."""
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: use a turn option")
    character = ctx.state.groups[seat][action.args[0]]
    run = Run(character.name, seat, this=character)
    for effect in ctx.card_of(character).on("turn_option"):
        yield from run_effect(ctx, run, effect)


ACTIONS = {"character": play_character, "stuff": play_stuff, "event": play_event,
           "adventure": play_adventure, "unflip": unflip, "option": use_option}
"""Top-level action name -> the function that carries it out."""
