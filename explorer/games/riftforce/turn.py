"""Riftforce's procedure in the reference's order: guild selection, setup, then turns of exactly
one action (Play, Activate, Check & Draw) until the end rule decides a winner."""

from __future__ import annotations

from functools import cache

from explorer.engine import Action, Chance, Fact, GameOver, Outcome
from explorer.engine.core import Step
from explorer.games.riftforce import abilities
from explorer.games.riftforce.common import Ctx, player
from explorer.games.riftforce.data import Kind
from explorer.games.riftforce.state import Elemental

NOBODY = -1
"""``seen_by`` of a chance nobody at the table sees (the summoner set aside unseen); only the
whole position (every hand shown) reads it."""

# ---- guild selection -------------------------------------------------------------------------


def select_guilds(ctx: Ctx) -> Step:
    """Shuffle the summoners, set one aside unseen, each player draws one at random (seen only
    by him until the selection ends, ruling rf-15), the rest face up; toss the start marker;
    pick alternately until each has 4; the last is set aside; the first picker keeps the
    marker (reference, Guild selection)."""
    state, draft = ctx.state, ctx.state.draft
    state.phase = "selection"
    pool = list(ctx.data.guilds)
    draft.aside = yield from _draw_summoner(ctx, pool, NOBODY, "the summoner set aside unseen")
    for seat in range(state.players):
        name = yield from _draw_summoner(ctx, pool, seat, f"{player(seat)}'s summoner")
        draft.drawn[seat] = name
        ctx.side(seat).guilds.append(name)
        ctx.note(f"Draws the {name} summoner at random", seat, private=True,
                 hidden="Draws a summoner at random")
    draft.face_up = pool
    ctx.note(f"Face up: {', '.join(pool)}")
    first = yield from toss(ctx)
    state.phase = "selection.picks"
    seat = first
    wanted = ctx.constants["guilds_per_player"]
    while any(len(side.guilds) < wanted for side in state.sides):
        if len(ctx.side(seat).guilds) < wanted:
            state.active = seat
            action = yield from ctx.choose(seat, [
                Action("guild", (g,), f"Take the {g} guild",
                       log=f"{player(seat)} takes the {g} guild") for g in draft.face_up],
                f"{player(seat)}: pick a guild ({len(ctx.side(seat).guilds)} of {wanted})")
            name = action.args[0]
            draft.face_up.remove(name)
            draft.picks.append((seat, name))
            ctx.side(seat).guilds.append(name)
        seat = ctx.other(seat)
    draft.last = draft.face_up.pop() if draft.face_up else None
    end_selection(ctx, first)


def _draw_summoner(ctx: Ctx, pool: list[str], seen_by: int, hidden: str) -> Step:
    outcome = yield Chance(tuple(Outcome("summoner", (g,), g) for g in pool),
                           (1,) * len(pool), "Draw a summoner at random", seen_by=seen_by,
                           hidden=hidden)
    pool.remove(outcome.args[0])
    return outcome.args[0]


def toss(ctx: Ctx) -> Step:
    """The start-marker toss (rolls.start_marker_toss, ruling rf-11): which seat picks first."""
    ctx.state.phase = "selection.toss"
    sides = ctx.data.constants.get("players", 2)
    outcome = yield Chance(tuple(Outcome("first", (s,), f"{player(s)} picks first")
                                 for s in range(sides)), (1,) * sides,
                           "Toss the start marker")
    return outcome.args[0]


def end_selection(ctx: Ctx, first: int) -> None:
    state = ctx.state
    state.first = first
    state.draft.done = True
    for seat in range(state.players):
        side = ctx.side(seat)
        ctx.note(f"{player(seat)}'s guilds: {', '.join(side.guilds)}")
    ctx.note(f"{player(first)} keeps the start marker and acts first")


def given_guilds(ctx: Ctx, guilds: list[list[str]]) -> Step:
    """The game option ``guilds``: both players' guilds given; the start marker is still
    tossed (ruling rf-16)."""
    ctx.state.phase = "selection"
    for seat, names in enumerate(guilds):
        ctx.side(seat).guilds = list(names)
    first = yield from toss(ctx)
    end_selection(ctx, first)


# ---- setup -----------------------------------------------------------------------------------


def setup(ctx: Ctx) -> Step:
    """Each player shuffles his 36 elementals and draws 7; the player without the start marker
    puts the top card of his draw pile at the middle location (ruling rf-2)."""
    state = ctx.state
    state.phase = "setup"
    for seat in range(state.players):
        ctx.side(seat).pile.cards = ctx.data.deck(ctx.side(seat).guilds)
    for seat in range(state.players):
        yield from ctx.draw_up_to(seat, ctx.constants["hand_size"])
    second = ctx.other(state.first)
    middle = ctx.data.middle
    for _ in range(ctx.constants["start_cards"]):
        name = yield from ctx.draw_card(second, public=True)
        if name is None:
            break
        ctx.put(ctx.new_elemental(name, second), middle)
        ctx.note(f"Turns over {name} and puts it at {ctx.place_name(middle)}", second)


# ---- a turn ----------------------------------------------------------------------------------


def turn(ctx: Ctx, seat: int) -> Step:
    """One turn: exactly one of the three actions (reference, A turn)."""
    state = ctx.state
    if not state._search:  # for the best-action finder (explorer.odds.riftforce)
        state._turn_start, state._boundary = state.clone(), None
    state._turn_choices = []
    state.active = seat
    state.turns += 1
    state.turn_gains = [0, 0]
    state.turn_damage = [0, 0]
    state.turn_destroyed = [0, 0]
    state.phase = "turn"
    side = ctx.side(seat)
    hand_size = ctx.constants["draw_up_to"]
    offers = []
    if side.hand:
        offers.append(Action("play", (), "Play up to 3 cards"))
        offers.append(Action("activate", (), "Discard a card to activate up to 3 elementals"))
    if len(side.hand) < hand_size:
        controlled = len(ctx.controlled(seat))
        offers.append(Action("check", (), f"Check & Draw: score {controlled} Riftforce for "
                                          f"the locations you control, draw up to {hand_size}"))
    action = yield from ctx.choose(seat, offers, f"{player(seat)}: choose your action")
    if action.name == "play":
        yield from play(ctx, seat)
    elif action.name == "activate":
        yield from activate(ctx, seat)
    else:
        yield from check(ctx, seat)


def play(ctx: Ctx, seat: int) -> Step:
    """Play up to 3 cards that all share a guild or all share a value: all at one location
    (in any order) or one each at adjacent locations in a connected run; each goes behind the
    cards already there; an Earth deals its 1 damage to each enemy there when played."""
    ctx.state.phase = "play"
    yield from placements(ctx, seat, ())


def placements(ctx: Ctx, seat: int, placed: tuple[tuple[str, int], ...]) -> Step:
    """The cards of a Play from ``placed`` (the cards and locations played so far) on; the
    progress is kept in ``state._progress`` at each choice (the best-action finder resumes
    there)."""
    state = ctx.state
    most = ctx.constants["play_max"]
    while True:
        offers = placement_offers(ctx, seat, placed)
        if offers is None:
            return
        state.at_boundary(("play", placed))
        action = yield from ctx.choose(
            seat, offers, f"{player(seat)}: play a card ({len(placed) + 1} of up to {most})"
            if not placed else f"{player(seat)}: play another card sharing a guild or value, "
                               "or stop")
        state._progress = None
        if action.name == "done":
            return
        placed = yield from place(ctx, seat, action, placed)


def placement_offers(ctx: Ctx, seat: int,
                     placed: tuple[tuple[str, int], ...]) -> list[Action] | None:
    """The choices of a Play's next card (and, after the first, "done"); None: the Play is
    over (3 played, or no card in hand fits)."""
    if len(placed) >= ctx.constants["play_max"]:
        return None
    places = _places(ctx, placed)
    offers = [Action("place", (name, location), f"Play {name} at {ctx.place_name(location)}"
                     + _earth_note(ctx, name, seat, location))
              for name in dict.fromkeys(ctx.side(seat).hand) if _fits(ctx, name, placed)
              for location in places]
    if placed:
        if not offers:
            return None
        offers.append(Action("done", (), f"Stop: {len(placed)} played"))
    return offers


def place(ctx: Ctx, seat: int, action: Action,
          placed: tuple[tuple[str, int], ...]) -> Step:
    """Play one card: from the hand to the last position of the location, then its guild's
    on-play steps (Earth). Returns the cards played so far."""
    name, location = action.args
    ctx.side(seat).hand.remove(name)
    elemental = ctx.new_elemental(name, seat)
    ctx.put(elemental, location)
    yield from abilities.played(ctx, elemental)
    return (*placed, (name, location))


def _earth_note(ctx: Ctx, name: str, seat: int, location: int) -> str:
    guild = ctx.data.guilds[ctx.data.kinds[name].guild]
    steps = guild.on("play")
    if not steps:
        return ""
    enemies = ctx.enemies(seat, location)
    amount = sum(s.amount or 0 for s in steps if s.name == "damage")
    return f" ({amount} damage to each of the {len(enemies)} enemies there)" if enemies else ""


def _fits(ctx: Ctx, name: str, placed: tuple[tuple[str, int], ...]) -> bool:
    """Whether ``name`` shares a guild with every card played so far, or a value with all."""
    if not placed:
        return True
    kinds = ctx.data.kinds
    kind = kinds[name]
    others = [kinds[n] for n, _ in placed]
    return (all(k.guild == kind.guild for k in others)
            or all(k.value == kind.value for k in others))


def _places(ctx: Ctx, placed: tuple[tuple[str, int], ...]) -> list[int]:
    """Where the next card may go: anywhere first; then the same location as all the others,
    or (each at its own) a location extending the connected run."""
    count = len(ctx.locations)
    if not placed:
        return list(range(count))
    used = [location for _, location in placed]
    if len(placed) == 1:
        return sorted({used[0], *ctx.adjacent[used[0]]})
    if len(set(used)) == 1:
        return [used[0]]
    low, high = min(used), max(used)
    return [p for p in (low - 1, high + 1) if 0 <= p < count]


def activate(ctx: Ctx, seat: int) -> Step:
    """Discard 1 card, then activate up to 3 of your elementals in play that all share its
    value or all share its guild, one at a time, each resolved fully (ruling rf-17: none is
    allowed)."""
    state = ctx.state
    state.phase = "activate"
    side = ctx.side(seat)
    action = yield from ctx.choose(seat, [
        Action("discard", (name,), f"Discard {name}" + _matching_note(ctx, seat, name))
        for name in dict.fromkeys(side.hand)], f"{player(seat)}: discard a card to activate "
                                                "elementals sharing its guild or value")
    name = action.args[0]
    side.hand.remove(name)
    side.discard.append(name)
    yield from activations(ctx, seat, name, frozenset(), frozenset({"guild", "value"}))


def activations(ctx: Ctx, seat: int, name: str, done: frozenset[int],
                modes: frozenset[str]) -> Step:
    """The activations after discarding ``name``, from ``done`` (the elementals activated so
    far, by ``uid``) and ``modes`` (what they still all share with it: "guild", "value") on;
    the progress is kept in ``state._progress`` at each choice (the best-action finder resumes
    there)."""
    state = ctx.state
    discarded = ctx.data.kinds[name]
    most = ctx.constants["activate_max"]
    while True:
        offers = activation_offers(ctx, seat, name, done, modes)
        if offers is None:
            return
        state.at_boundary(("activate", name, done, modes))
        action = yield from ctx.choose(
            seat, offers, f"{player(seat)}: activate an elemental sharing the {discarded.guild} "
                          f"guild or the value {discarded.value} ({len(done) + 1} of up to "
                          f"{most})")
        state._progress = None
        if action.name == "done":
            return
        done, modes = yield from activate_one(ctx, seat, name, action, done, modes)


def activation_offers(ctx: Ctx, seat: int, name: str, done: frozenset[int],
                      modes: frozenset[str]) -> list[Action] | None:
    """The choices of the next elemental to activate, and "done"; None: the activation is
    over (3 activated, or none left that shares the discarded card's guild or value)."""
    if len(done) >= ctx.constants["activate_max"]:
        return None
    discarded = ctx.data.kinds[name]
    offers = [_activation(str(elemental), location, index, ctx.locations[location])
              for location, sides in enumerate(ctx.state.board)
              for index, elemental in enumerate(sides[seat])
              if elemental.uid not in done and _shares(elemental, discarded) & modes]
    if not offers and done:
        return None
    offers.append(Action("done", (), "Stop activating" if done else "Activate none"))
    return offers


def activate_one(ctx: Ctx, seat: int, name: str, action: Action, done: frozenset[int],
                 modes: frozenset[str]) -> Step:
    """Activate the chosen elemental, its ability resolved fully. Returns the elementals
    activated so far and what they all share with the discarded card."""
    state = ctx.state
    location, index = action.args
    elemental = state.board[location][seat][index]
    modes = modes & _shares(elemental, ctx.data.kinds[name])
    done = done | {elemental.uid}
    state.phase = f"activate.{elemental.guild.lower()}"
    ctx.note(f"Activates {elemental} at {ctx.place_name(location)}: "
             f"{ctx.data.guilds[elemental.guild].text}", seat)
    yield from abilities.activate(ctx, elemental)
    state.phase = "activate"
    return done, modes


@cache
def _activation(elemental: str, location: int, index: int, where: str) -> Action:
    """The choice "Activate Fire 5/2 (2nd at Location 3)" (made once: the finder asks often).
    """
    return Action("elemental", (location, index), f"Activate {elemental} "
                  f"({abilities.ordinal(index)} at {where})")


_GUILD, _VALUE, _BOTH = frozenset({"guild"}), frozenset({"value"}), frozenset({"guild", "value"})
_NEITHER: frozenset[str] = frozenset()


def _shares(elemental: Elemental, card: Kind) -> frozenset[str]:
    """What ``elemental`` shares with ``card``: its guild, its value, both or neither."""
    if elemental.guild == card.guild:
        return _BOTH if elemental.value == card.value else _GUILD
    return _VALUE if elemental.value == card.value else _NEITHER


def _matching_note(ctx: Ctx, seat: int, name: str) -> str:
    kind = ctx.data.kinds[name]
    mine = [e for sides in ctx.state.board for e in sides[seat]]
    by_guild = sum(e.guild == kind.guild for e in mine)
    by_value = sum(e.value == kind.value for e in mine)
    return f" ({by_guild} {kind.guild} and {by_value} of value {kind.value} in play)"


def check(ctx: Ctx, seat: int) -> Step:
    """Check & Draw: 1 Riftforce per location you control, then draw up to 7, reshuffling the
    discard pile when the draw pile runs out (reference, C; ruling rf-6)."""
    state = ctx.state
    state.phase = "check"
    controlled = ctx.controlled(seat)
    per = ctx.constants["riftforce_per_location"]
    if controlled:
        ctx.score(seat, per * len(controlled), "for controlling "
                  + ", ".join(ctx.place_name(p) for p in controlled))
    else:
        ctx.note(f"{player(seat)} controls no location", seat)
    state.phase = "check.draw"
    yield from ctx.draw_up_to(seat, ctx.constants["draw_up_to"])


# ---- the game --------------------------------------------------------------------------------


def turns(ctx: Ctx, seat: int) -> Step:
    """Turns from ``seat`` on, alternating, until the end rule (ruling rf-14): once a player
    has 12 Riftforce after an action, the round is finished (after the start-marker holder's
    action, the other player takes one more); then the higher score wins, and on a tie each
    player takes one more action, again and again."""
    state = ctx.state
    target = ctx.constants["victory_riftforce"]
    first = state.first
    while True:
        state.resumable(seat)  # Rules.resume starts here again: turns(ctx, seat)
        yield from turn(ctx, seat)
        if state.ending is None and max(s.riftforce for s in state.sides) >= target:
            state.ending = "last action"
            seats = tuple(s for s in range(state.players) if ctx.side(s).riftforce >= target)
            reached = [player(s) for s in seats]
            fact = Fact("end_triggered", None, seats=seats, amount=target)
            if seat == first:
                ctx.note(f"{' and '.join(reached)} reached {target} Riftforce: "
                         f"{player(ctx.other(first))} takes one more action (ruling rf-14)",
                         event=True, fact=fact)
            else:
                ctx.note(f"{' and '.join(reached)} reached {target} Riftforce at the end of the "
                         "round (ruling rf-14)", event=True, fact=fact)
        if stuck(ctx):
            scores = [side.riftforce for side in state.sides]
            state.winners = [s for s in range(state.players) if scores[s] == max(scores)]
            state.phase = "over"
            ctx.note("No card is left to play, draw or discard and no location can be "
                     f"controlled: the game is stuck and ends at {scores[0]} to {scores[1]} "
                     "(ruling rf-21)", event=True, fact=Fact("game_ended"))
            raise GameOver
        if state.ending is not None and seat != first:
            scores = [s.riftforce for s in state.sides]
            if scores[0] != scores[1]:
                win = scores.index(max(scores))
                state.winners = [win]
                state.phase = "over"
                ctx.note(f"{player(win)} wins with {scores[win]} Riftforce to "
                         f"{scores[ctx.other(win)]}", event=True,
                         fact=Fact("game_won", win, amount=scores[win]))
                raise GameOver
            state.ending = "tie"
            ctx.note(f"Tied at {scores[0]} Riftforce: each player takes one more action "
                     "(ruling rf-14)", event=True, fact=Fact("tied", None, amount=scores[0]))
        seat = ctx.other(seat)


def stuck(ctx: Ctx) -> bool:
    """Nothing can ever change (ruling rf-21): both hands, draw piles and discard piles are
    empty (only a Check & Draw is left, drawing nothing) and no player controls a location."""
    return all(not side.hand and not side.pile.size and not side.discard
               for side in ctx.state.sides) and not any(
        ctx.controlled(seat) for seat in range(ctx.state.players))
