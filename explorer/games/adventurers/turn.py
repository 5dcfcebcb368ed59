"""SETUP and the TURN SEQUENCE of Adventurers (seed 001, lines 15-59): the Draw, Research and
Travel Phases, the chain of Travel and Location cards, and the end of the game.

The Encounter Phase is in :mod:`explorer.games.adventurers.encounter`.
"""

from __future__ import annotations

from explorer.engine import Action, Fact, GameOver
from explorer.games.adventurers.common import Ctx, Step
from explorer.games.adventurers.data import Card
from explorer.games.adventurers.effects import RESEARCH
from explorer.games.adventurers.encounter import encounter_phase

# ---- SETUP ----------------------------------------------------------------------------------


def setup(ctx: Ctx) -> Step:
    """Pick your adventurer type, draw 5 cards, roll high on 1D6 to go first (lines 15-19)."""
    state = ctx.state
    state.phase = "setup.profession"
    for seat in range(state.players):
        yield from pick_profession(ctx, seat)
    state.phase = "setup.draw"
    for seat in range(state.players):
        yield from ctx.draw(seat, ctx.constants["starting_hand"])
    state.phase = "setup.first player"
    first = yield from first_player(ctx)
    state.order = [(first + i) % state.players for i in range(state.players)]
    ctx.note(f"Player {first + 1} goes first; play passes to the left")  # ruling adv-25


def pick_profession(ctx: Ctx, seat: int) -> Step:
    """Any of the 13 adventurer types; two players may pick the same one (ruling adv-26)."""
    action = yield from ctx.choose(
        seat, [Action("profession", (p.name,), f"{p.name}: {p.advantage}")
               for p in ctx.data.professions.values()], "Pick your adventurer type")
    ctx.adv(seat).profession = action.args[0]


def first_player(ctx: Ctx) -> Step:
    """Everyone rolls 1D6 (line 19); the tied highest roll again (ruling adv-27)."""
    count, sides = ctx.data.dice("first_player")
    contenders = list(range(ctx.state.players))
    while len(contenders) > 1:
        rolls = {}
        for seat in contenders:
            rolls[seat] = yield from ctx.roll(f"First-player roll for Player {seat + 1}",
                                              count, sides)
        best = max(rolls.values())
        contenders = [s for s, r in rolls.items() if r == best]
    return contenders[0]


# ---- a turn ---------------------------------------------------------------------------------

def turn(ctx: Ctx, seat: int, start: str | None = None) -> Step:
    """One player's turn: the five phases in order (lines 37-44); a scenario may ``start`` at
    one of them (the cards it says were played this turn kept)."""
    state = ctx.state
    state.active = seat
    state.turns += 1
    if start is None:
        state.plays = []
    names = ctx.data.phase_names
    for name in names[names.index(start) if start else 0:]:
        if name == "draw":
            yield from draw_phase(ctx, seat)
        elif name.startswith("research"):
            yield from research_phase(ctx, seat, name)
        elif name == "travel":
            yield from travel_phase(ctx, seat)
        else:
            yield from encounter_phase(ctx, seat)


def draw_phase(ctx: Ctx, seat: int) -> Step:
    """Draw 2 cards (line 47), the Private Investigator one more and then discards one (line
    31); then discard down to the hand size (line 48; ruling adv-28)."""
    ctx.state.phase = "draw"
    profession = ctx.profession(seat)
    extra = profession.amount if profession.kind == "draw_and_discard" else 0
    yield from ctx.draw(seat, ctx.constants["draw_per_turn"] + extra)
    if extra:
        ctx.state.phase = "draw.discard"
        yield from ctx.choose_discards(seat, profession.discard,
                                       f"{profession.name}: discard a card")
    yield from hand_limit(ctx, seat)


def hand_limit(ctx: Ctx, seat: int) -> Step:
    """Max hand size = 5 (Reporter: 7): discard excess cards, of the player's choice."""
    excess = len(ctx.adv(seat).hand) - ctx.hand_limit(seat)
    if excess > 0:
        ctx.state.phase = "draw.hand limit"
        yield from ctx.choose_discards(
            seat, excess, f"Hand size is {ctx.hand_limit(seat)}: discard a card")


# ---- RESEARCH PHASE -------------------------------------------------------------------------

def research_phase(ctx: Ctx, seat: int, phase: str) -> Step:
    """Play research cards (line 52): any number, one at a time (ruling adv-34); the College
    Professor may use his advantage once (ruling adv-37)."""
    ctx.state.phase = phase
    professor = True
    while True:
        offers = research_offers(ctx, seat, professor)
        if not offers:
            return
        action = yield from ctx.choose(
            seat, [*offers, Action("end", (), "End the Research Phase")],
            "Research Phase: play a research card?")
        if action.name == "end":
            return
        if action.name == "advantage":
            professor = False
            yield from professor_look(ctx, seat)
        else:
            yield from play_research(ctx, seat, action.args[0])


def research_offers(ctx: Ctx, seat: int, professor: bool) -> list[Action]:
    """The cards with a Research Phase effect in the hand (ruling adv-34), and the College
    Professor's look if not used yet this phase."""
    offers = [Action("research", (n,), f"Play {ctx.cards[n].describe()}")
              for n in ctx.adv(seat).hand if ctx.cards[n].effect in RESEARCH]
    profession = ctx.profession(seat)
    if professor and profession.kind == "look_next" and \
            len(ctx.adv(seat).hand) >= profession.discard:
        offers.append(Action("advantage", (profession.name,),
                             f"{profession.name}: {profession.advantage}"))
    return offers


def play_research(ctx: Ctx, seat: int, name: str) -> Step:
    """Play a card for its Research Phase effect; it is discarded once its effect is done,
    then any extra card of the profession is drawn (ruling adv-36)."""
    card = ctx.play(seat, name)
    ctx.state.in_play.append(name)
    yield from RESEARCH[card.effect](ctx, seat, card)
    ctx.clear_in_play()
    yield from ctx.extra_draw(seat, card)


def professor_look(ctx: Ctx, seat: int) -> Step:
    """College Professor: "Discard a card to look at the next 4 cards in the deck" (line 25)."""
    profession = ctx.profession(seat)
    yield from ctx.choose_discards(seat, profession.discard,
                                   f"{profession.name}: discard a card to look")
    yield from ctx.look(seat, profession.amount)


# ---- TRAVEL PHASE ---------------------------------------------------------------------------

def travel_phase(ctx: Ctx, seat: int) -> Step:
    """Skipped when facing an Encounter; otherwise the player may play one Travel or Location
    card on top of his chain (lines 55-58; ruling adv-30)."""
    ctx.state.phase = "travel"
    adventurer = ctx.adv(seat)
    if adventurer.encounter is not None:
        ctx.note(f"Faces {adventurer.encounter.card}: skips the Travel Phase", seat)
        return
    offers = [Action("travel", (n,), f"Play {ctx.cards[n].describe()}")
              for n in adventurer.hand if can_add_to_chain(ctx, seat, ctx.cards[n])]
    if not offers:
        return
    action = yield from ctx.choose(
        seat, [*offers, Action("pass", (), "Play no Travel or Location card")],
        "Travel Phase: play a Travel or Location card?")
    if action.name == "travel":
        yield from add_to_chain(ctx, seat, action.args[0])


def can_add_to_chain(ctx: Ctx, seat: int, card: Card) -> bool:
    """A Travel card always; a Location card only on a Travel card (line 58), and the last
    location only if it is Ancient (line 13; ruling adv-22)."""
    if card.type == "Travel":
        return True
    if card.type != "Location":
        return False
    top = ctx.top(seat)
    if top is None or top.type != "Travel":  # ruling adv-30: nothing before it is no Travel
        return False
    number = ctx.adv(seat).locations + 1
    last = ctx.constants["locations_to_win"]
    return card.ancient or number <= last - ctx.constants["final_ancient_locations"]


def add_to_chain(ctx: Ctx, seat: int, name: str) -> Step:
    """The card goes face up on top of the chain; a Location is a location visited."""
    card = ctx.play(seat, name)
    adventurer = ctx.adv(seat)
    adventurer.chain.append(name)
    if card.type == "Location":
        adventurer.locations += 1
        adventurer.visited_at = ctx.state.turns
        ctx.note(f"Locations visited: {adventurer.locations}", seat, event=True,
                 fact=Fact("location_visited", seat, name, amount=adventurer.locations))
        check_victory(ctx, seat)
    check_win_left(ctx)
    yield from ctx.extra_draw(seat, card)


# ---- the end of the game --------------------------------------------------------------------

def check_victory(ctx: Ctx, seat: int) -> None:
    """The first to visit 5 locations, the last one Ancient, wins at once (lines 11-13)."""
    adventurer = ctx.adv(seat)
    if adventurer.locations >= ctx.constants["locations_to_win"]:
        ctx.state.winners = [seat]
        ctx.note(f"Player {seat + 1} has visited {adventurer.locations} locations, the last "
                 f"Ancient: recovers the ancient relic and wins", seat, event=True,
                 fact=Fact("game_won", seat, amount=adventurer.locations))
        raise GameOver


def won(winners: list[int], locations: int) -> Fact:
    """The fact of a win: one winner's, or a shared win's (``seats``: every winner)."""
    if len(winners) == 1:
        return Fact("game_won", winners[0], amount=locations)
    return Fact("game_won", None, seats=tuple(winners), amount=locations)


def can_still_win(ctx: Ctx, seat: int, free: dict[str, int]) -> bool:
    """Whether enough Location (and Ancient Location) and Travel cards are left outside the
    chains for ``seat`` to finish (``free``: cards left by kind; ruling adv-38)."""
    constants = ctx.constants
    locations = constants["locations_to_win"] - ctx.adv(seat).locations
    top = ctx.top(seat)
    travels = locations - (1 if top is not None and top.type == "Travel" else 0)
    return (free["Location"] >= locations and free["Travel"] >= travels
            and free["Ancient"] >= min(locations, constants["final_ancient_locations"]))


def free_cards(ctx: Ctx) -> dict[str, int]:
    """Location, Ancient Location and Travel cards not in any chain (chains never shrink)."""
    free = dict(ctx.data.chain_cards)
    for adventurer in ctx.state.adventurers:
        for name in adventurer.chain:
            card = ctx.cards[name]
            free[card.type] -= 1
            if card.ancient:
                free["Ancient"] -= 1
    return free


def check_win_left(ctx: Ctx) -> None:
    """When no adventurer can still win, the game ends: the most locations visited win, the
    first to visit that many on a tie (ruling adv-38)."""
    free = free_cards(ctx)
    state = ctx.state
    if any(can_still_win(ctx, seat, free) for seat in range(state.players)):
        return
    best = max((a.locations, -a.visited_at) for a in state.adventurers)
    state.winners = [s for s, a in enumerate(state.adventurers)
                     if (a.locations, -a.visited_at) == best]
    ctx.note("No adventurer can still visit a fifth location, the last one Ancient: the game "
             f"ends; the first to visit the most locations ({best[0]}) wins: "
             + ", ".join(f"Player {s + 1}" for s in state.winners), event=True,
             fact=won(state.winners, best[0]))
    raise GameOver
