"""The small steps every Rat-King phase is made of: drawing, flipping, discarding, exclusions,
STUFF capacity, CP and AP, participation and immunity, and the end checks.

Each step that needs a choice or a draw is a generator used with ``yield from`` inside the
rules' procedure; the others are plain methods.

The log: the engine logs every choice by its sentence ("Player 2 plays Rikki Rogue into Player
1's group"); the rules note what no choice says (a flip, a discard, a draw, an ADVENTURE won).
A card drawn into a hand is seen by its player alone: the others read "a card for Player N".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from explorer.engine import Chance, Fact, GameOver
from explorer.engine.core import CARD_OUTCOMES, RulesContext, Step
from explorer.games.rat_king.data import CharacterCard, RatKingData, StuffCard
from explorer.games.rat_king.state import Character, Gear, Modifier, RatKingState


@dataclass(frozen=True)
class DrawPile:
    """What a draw's chance step carries for its odds: the seat drawing from the draw pile."""

    seat: int


def cards(count: int) -> str:
    """"1 card", "3 cards"."""
    return f"{count} card{'' if count == 1 else 's'}"


def player(seat: int) -> str:
    """"Player 1" for seat 0."""
    return f"Player {seat + 1}"


def group_name(seat: int, viewer: int | None = None) -> str:
    """"your group" for the viewer's own group, else "Player 2's group"."""
    return "your group" if seat == viewer else f"{player(seat)}'s group"


def names(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Ctx(RulesContext):
    """The state and data a procedure works on, with the steps it is built from."""

    state: RatKingState
    data: RatKingData

    # ---- naming ----------------------------------------------------------------------------

    def who(self, character: Character) -> str:
        """"Rikki Rogue (Player 1)": a character with the player whose group it is in."""
        return f"{character.name} ({player(self.state.seat_of(character))})"

    # ---- card data -------------------------------------------------------------------------

    def card_of(self, character: Character) -> CharacterCard:
        """The card data of a character in play."""
        return self.data.characters[character.name]

    def gender(self, seat: int, character: Character) -> str | None:
        """A character's gender, M or F, as a card for men or women counts it: the one printed
        on it; a ME card's "*" is its player's (``seat``'s group is his), from the option
        ``genders``, or None (neither) in a game started without it (seed 002, line 85;
        rulings rk-31, rk-53)."""
        printed = self.card_of(character).gender
        return self.state.genders[seat] if printed == "*" else printed

    def stuff_of(self, gear: Gear) -> StuffCard:
        """The card data of a STUFF in play."""
        return self.data.stuffs[gear.name]

    def new_uid(self) -> int:
        """The next card-in-play number."""
        self.state.uids += 1
        return self.state.uids

    # ---- the draw pile -------------------------------------------------------------------

    def deck(self, seat: int) -> int:
        """The draw pile and discard pile ``seat`` draws from and goes through: the one pair,
        or On the Borderlands his own set's (ruling rk-47)."""
        return seat if len(self.state.piles) > 1 else 0

    def draw_pile_name(self, deck: int) -> str:
        """"the draw pile", or On the Borderlands "Player 2's draw pile"."""
        return f"{player(deck)}'s draw pile" if len(self.state.piles) > 1 else "the draw pile"

    def draw(self, seat: int, count: int, why: str = "", deal: bool = False) -> Step:
        """``seat`` draws ``count`` cards into his hand, each a chance step over the draw pile
        seen by him alone. A draw that takes the last card of the draw pile ends the game at
        once, however many cards it needed (seed 002, line 9; ruling rk-32). Only a draw that
        starts from a draw pile already empty (a scenario's, or one the deal emptied) shuffles
        the discard pile into a new draw pile first (line 16); with both empty he draws
        nothing (ruling rk-32). The deal (``deal``) comes before the draw pile is formed (line
        14: "The remaining cards form the draw pile"): it never ends the game, and a deal that
        runs short goes on from the discard pile as line 16 says. On the Borderlands these are
        his own set's piles (ruling rk-47)."""
        if count <= 0:
            return []
        deck = self.deck(seat)
        pile = self.state.piles[deck]
        drawn: list[str] = []
        while len(drawn) < count:
            if not pile.size:
                if not self.state.discards[deck]:
                    self.note(("The draw pile and the discard pile are empty"
                               if len(self.state.piles) == 1 else
                               f"{player(deck)}'s draw pile and discard pile are empty")
                              + ": no more cards to draw (ruling rk-32)")
                    break
                self.reshuffle(("The draw pile is empty: the discard pile is shuffled into a "
                                "new draw pile" if len(self.state.piles) == 1 else
                                f"{player(deck)}'s draw pile is empty: his discard pile is "
                                "shuffled into a new draw pile") + " (seed 002, line 16)", deck)
            name = yield from self.draw_one(seat)
            drawn.append(name)
            self.state.hands[seat].append(name)
            if not pile.size and not deal:
                break  # the last card of the draw pile: the game ends (line 9)
        if drawn:
            what = f"Draws {', '.join(drawn)}" + (f" ({why})" if why else "")
            self.note(what, seat, private=True,
                      hidden=f"Draws {cards(len(drawn))}" + (f" ({why})" if why else ""))
        if drawn and not pile.size and not deal:
            end_by_draw_pile(self, deck)
        return drawn

    def draw_one(self, seat: int) -> Step:
        """The top card of the draw pile: a known card, or a chance step over what is left."""
        deck = self.deck(seat)
        pile = self.state.piles[deck]
        if pile.top:
            return pile.top.pop(0)
        names_left = tuple(pile.cards)
        label = "Draw from the draw pile" if len(self.state.piles) == 1 else (
            f"Draw from {self.draw_pile_name(deck)}")
        outcome = yield Chance(tuple(map(CARD_OUTCOMES.__getitem__, names_left)),
                               tuple(pile.cards.values()), label,
                               odds=DrawPile(seat), seen_by=seat,
                               hidden=f"a card for {player(seat)}")
        name = outcome.args[0]
        left = pile.cards[name] - 1
        if left:
            pile.cards[name] = left
        else:
            del pile.cards[name]
        return name

    def reshuffle(self, why: str, deck: int = 0) -> None:
        """The discard pile is shuffled into the draw pile (order unknown: composition only);
        ``deck``: On the Borderlands, whose."""
        state = self.state
        state.piles[deck].add(state.discards[deck])
        state.discards[deck].clear()
        self.note(why)

    def draw_up(self, seat: int) -> Step:
        """At the start of a turn, draw until the hand holds ``hand_size`` (seed 002, line
        16)."""
        missing = self.constants["hand_size"] - len(self.state.hands[seat])
        drawn = yield from self.draw(seat, missing)
        return drawn

    # ---- discarding and flipping ---------------------------------------------------------

    def to_discard(self, name: str) -> None:
        """Put a card on the discard pile (face up: the last is on top); On the Borderlands on
        its owner's (ruling rk-47)."""
        self.state.discards[self.data.home(name)].append(name)

    def discard_character(self, character: Character, why: str = "") -> None:
        """Discard a character with its STUFF and EVENTS (seed 002, line 48); a ME card is
        flipped instead, and a flipped one stays flipped (seed 002, line 36; ruling rk-24)."""
        if self.card_of(character).is_me:
            self._me_instead(character, "discarded", why)
            return
        seat = self.state.seat_of(character)
        self.state.groups[seat].remove(character)
        self.to_discard(character.name)
        for gear in character.stuff:
            self.to_discard(gear.name)
        for event in character.events:
            self.to_discard(event)
        carried = [g.name for g in character.stuff] + list(character.events)
        self.note(f"{character.name} ({player(seat)}) is discarded"
                  + (f" with {names(carried)}" if carried else "") + (f" ({why})" if why else ""))

    def _me_instead(self, character: Character, what: str, why: str) -> None:
        seat = self.state.seat_of(character)
        label = f"{character.name} ({player(seat)})"
        if character.flipped:
            self.note(f"{label} would be {what}, but a ME card already flipped stays flipped "
                      "(ruling rk-24)")
            return
        if what == "discarded":
            self.note(f"{label} is a ME card: it is flipped instead of being discarded"
                      + (f" ({why})" if why else "") + " (seed 002, line 36)")
        else:
            self.note(f"{label} is flipped" + (f" ({why})" if why else ""))
        self._flip_up(character)

    def flip_character(self, character: Character, why: str = "") -> None:
        """Flip a character; one already flipped, or with no flipped value, is discarded
        instead (seed 002, lines 29 and 36; ruling rk-16), a ME card never (ruling rk-24)."""
        card = self.card_of(character)
        seat = self.state.seat_of(character)
        if card.is_me:
            self._me_instead(character, "flipped", why)
            return
        if character.flipped:
            self.discard_character(character, "flipped while already flipped")
            return
        if card.cp_flipped is None:
            self.discard_character(character, "flipped, and it has no flipped value")
            return
        self.note(f"{character.name} ({player(seat)}) is flipped" + (f" ({why})" if why else ""))
        self._flip_up(character)

    def _flip_up(self, character: Character) -> None:
        """Turn a character face down; its REPUTATIONS turn with it, and one with no flipped
        value is discarded (rulings rk-25, rk-16)."""
        character.flipped = True
        for event in list(character.events):
            card = self.data.events[event]
            if card.reputation and card.cp_flipped is None:
                character.events.remove(event)
                self.to_discard(event)
                self.note(f"{event} has no flipped value and is discarded")

    def unflip_character(self, character: Character) -> None:
        """Turn a character right side up; its REPUTATIONS with it (ruling rk-25)."""
        character.flipped = False
        self.note(f"{self.who(character)} is unflipped")

    def discard_stuff(self, character: Character, gear: Gear, why: str = "") -> None:
        """A STUFF leaves its character for the discard pile."""
        character.stuff.remove(gear)
        self.to_discard(gear.name)
        self.note(f"{gear.name} on {self.who(character)} is discarded"
                  + (f" ({why})" if why else ""))

    def flip_stuff(self, character: Character, gear: Gear, why: str = "") -> None:
        """Flip a STUFF card; one already flipped, or with no flipped value, is discarded
        (seed 002, line 29; ruling rk-16)."""
        if gear.flipped:
            self.discard_stuff(character, gear, "flipped while already flipped")
        elif self.stuff_of(gear).cp_flipped is None:
            self.discard_stuff(character, gear, "flipped, and it has no flipped value")
        else:
            gear.flipped = True
            self.note(f"{gear.name} on {self.who(character)} is flipped"
                      + (f" ({why})" if why else ""))

    def unflip_stuff(self, character: Character, gear: Gear) -> None:
        """Turn a STUFF right side up."""
        gear.flipped = False
        self.note(f"{gear.name} on {self.who(character)} is unflipped")

    # ---- groups ----------------------------------------------------------------------------

    def enter(self, seat: int, name: str, *, reinforcement: bool = False) -> Character:
        """Put a character into ``seat``'s group (unflipped, seed 002, line 29), then apply
        the exclusions (seed 002, lines 38-39; ruling rk-26)."""
        character = Character(name, reinforcement=reinforcement, uid=self.new_uid())
        self.state.groups[seat].append(character)
        self.exclusions(seat)
        if self.state.phase != "setup":
            trigger_played(self, name)
        return character

    def excluded(self, seat: int) -> list[Character]:
        """The characters of ``seat``'s group (reinforcements too, ruling rk-26) that exclude
        another one there or are excluded by one (seed 002, line 38; ruling rk-15)."""
        group = self.state.groups[seat]
        cards_ = [self.card_of(c) for c in group]
        bad: list[Character] = []
        for i, (character, card) in enumerate(zip(group, cards_, strict=True)):
            for j, other in enumerate(cards_):
                if i != j and (set(card.excludes) & set(other.classifications)
                               or set(other.excludes) & set(card.classifications)):
                    bad.append(character)
                    break
        return bad

    def exclusions(self, seat: int) -> None:
        """Discard every character of the group that is with one it excludes, or one that
        excludes it: "discard both!" (seed 002, line 38), a ME card flipped instead."""
        bad = self.excluded(seat)
        if not bad:
            return
        self.note(f"{names([c.name for c in bad])} cannot be in one group: "
                  "exclusion (seed 002, line 38)")
        for character in bad:
            self.discard_character(character, "exclusion")

    def characters_in_group(self, seat: int) -> int:
        """The characters counting towards the 2-player group limit: reinforcements are not
        officially in the group (seed 002, line 26)."""
        return sum(not c.reinforcement for c in self.state.groups[seat])

    def group_has_room(self, seat: int) -> bool:
        """A 2-player group holds at most ``group_limit_two_players`` characters; with 3 or
        more players there is no limit (seed 002, line 18)."""
        if self.state.players != 2:
            return True
        return self.characters_in_group(seat) < self.constants["group_limit_two_players"]

    # ---- STUFF rules -----------------------------------------------------------------------

    def capacity(self, character: Character, gear: list[str]) -> int:
        """How many STUFF ``character`` may hold with ``gear`` on it: 1 plus the extra STUFF of
        the character and of each STUFF there, cumulative (seed 002, lines 19, 43; ruling
        rk-38)."""
        card = self.card_of(character)
        return (self.constants["stuff_per_character"] + card.extra_stuff
                + sum(self.data.stuffs[n].extra_stuff for n in gear))

    def can_use(self, character: Character, stuff: str) -> bool:
        """The colour rule: the STUFF's colours include the character's (seed 002, line 47)."""
        return self.card_of(character).color in self.data.stuffs[stuff].colors

    def stuff_fits(self, character: Character, stuff: str, replaced: Gear | None) -> bool:
        """Whether ``stuff`` may be played on ``character`` (replacing ``replaced``, if given):
        the colour rule, and the capacity after the play (seed 002, line 44; ruling rk-38)."""
        if not self.can_use(character, stuff):
            return False
        after = [g.name for g in character.stuff if g is not replaced] + [stuff]
        return len(after) <= self.capacity(character, after)

    def put_stuff(self, character: Character, stuff: str, replaced: Gear | None) -> Gear:
        """Put ``stuff`` on ``character``, unflipped; a replaced STUFF goes to the discard pile
        (seed 002, line 42)."""
        if replaced is not None:
            character.stuff.remove(replaced)
            self.to_discard(replaced.name)
        gear = Gear(stuff, uid=self.new_uid())
        character.stuff.append(gear)
        trigger_played(self, stuff)
        return gear

    # ---- an ADVENTURE's modifiers --------------------------------------------------------

    def modifiers(self) -> Iterator[Modifier]:
        """The modifiers in force: this ADVENTURE's own rules (read from its card) and those
        put in force by ENCOUNTERS and STUFF DICE."""
        rnd = self.state.round
        if rnd is None:
            return
        yield from self._rules_of(rnd.adventure)
        yield from rnd.modifiers

    def _rules_of(self, adventure: str) -> tuple[Modifier, ...]:
        """An ADVENTURE's own rules (``when = "adventure"``) as modifiers, made once."""
        key = (id(self.data), adventure)
        found = _RULES.get(key)
        if found is None or found[0] is not self.data:
            made = tuple(Modifier(e.name, adventure, e.amount or 0, every=_every(e.target),
                                  gender=e.gender, stuff_range=e.stuff_range)
                         for e in self.data.adventures[adventure].on("adventure"))
            found = _RULES[key] = (self.data, made)
        return found[1]

    def immune_group(self, seat: int) -> bool:
        """A group immune to Ratling ENCOUNTERS: it holds an unflipped character with an
        ``immune`` effect on its own group (Grimble Ratcatcher; ruling rk-39)."""
        return any(not c.flipped and any(e.name == "immune" and e.target == "own_group"
                                         for e in self.card_of(c).on("in_play"))
                   for c in self.state.groups[seat])

    def immune(self, seat: int, character: Character) -> bool:
        """Whether Ratling ENCOUNTERS do not affect ``character``: its group is immune, or it
        wears an unflipped STUFF with an ``immune`` effect on this character (Rat-King's
        Crown; ruling rk-39)."""
        return self.immune_group(seat) or any(
            not g.flipped and any(e.name == "immune" and e.target == "this_character"
                                  for e in self.stuff_of(g).effects)
            for g in character.stuff)

    def group_out(self, seat: int) -> bool:
        """The group is not participating (seed 002, line 83)."""
        return any(m.kind == "not_participating" and m.group == seat
                   and not (m.ratling and self.immune_group(seat)) for m in self.modifiers())

    def participating(self, seat: int, character: Character) -> bool:
        """During an ADVENTURE: the character takes part (seed 002, lines 82-83)."""
        if self.state.round is None or self.group_out(seat):
            return False
        return not any(m.kind == "not_participating" and m.character == character.uid
                       and not (m.ratling and self.immune(seat, character))
                       for m in self.modifiers())

    def participants(self, seat: int) -> list[Character]:
        """The participating characters of ``seat``'s group (none outside an ADVENTURE)."""
        return [c for c in self.state.groups[seat] if self.participating(seat, c)]

    def banned(self, stuff: str) -> bool:
        """A ``no_stuff`` ban of the STUFF's range is in force; an Any STUFF is never banned
        (seed 002, line 84; ruling rk-30)."""
        rng = self.data.stuffs[stuff].stuff_range
        return any(m.kind == "no_stuff" and m.stuff_range == rng for m in self.modifiers())

    def no_reinforcements(self) -> bool:
        """A ``no_reinforcements`` rule is in force (The Gnawed Gate)."""
        return any(m.kind == "no_reinforcements" for m in self.modifiers())

    # ---- CP and AP -----------------------------------------------------------------------

    def base_cp(self, character: Character) -> int:
        """A character's own CP with its STUFF and EVENTS, the side each shows; a banned STUFF
        adds nothing while an ADVENTURE bans it (rulings rk-25, rk-30, rk-42)."""
        card = self.card_of(character)
        total = card.cp_flipped if character.flipped else card.cp
        total = total or 0
        for gear in character.stuff:
            stuff = self.stuff_of(gear)
            if self.state.round is not None and self.banned(gear.name):
                continue
            total += (stuff.cp_flipped or 0) if gear.flipped else stuff.cp
        for name in character.events:
            event = self.data.events[name]
            if event.reputation and character.flipped:
                total += event.cp_flipped or 0
            else:
                total += event.cp
        return total

    def character_cp(self, seat: int, character: Character) -> int:
        """A participating character's CP total for the ADVENTURE: its CP, STUFF and EVENTS,
        plus every modifier on it in force; a Wererat then makes the total negative, and a
        negative total stays negative (ruling rk-14, rk-42)."""
        total = self.base_cp(character)
        gender = self.gender(seat, character)
        negate = False
        for m in self.modifiers():
            if m.ratling and self.immune(seat, character):
                continue
            applies = m.character == character.uid or (
                m.every == "character" and (m.gender is None or m.gender == gender))
            if not applies:
                continue
            if m.kind == "cp":
                total += m.amount
            elif m.kind == "negate_cp":
                negate = True
        return -abs(total) if negate else total

    def group_cp(self, seat: int) -> int:
        """A group's CP for the ADVENTURE: its participating characters, plus the modifiers on
        the group (seed 002, line 61)."""
        total = sum(self.character_cp(seat, c) for c in self.participants(seat))
        for m in self.modifiers():
            if m.kind != "cp" or (m.ratling and self.immune_group(seat)):
                continue
            if m.group == seat or m.every == "group":
                total += m.amount
        return total

    def strength(self, seat: int) -> int:
        """A group's CP: during an ADVENTURE its total without the die (participating
        characters and every modifier); otherwise what it is worth "for any ADVENTURE"
        (seed 002, line 24): its characters' CP with their STUFF and EVENTS."""
        if self.state.round is not None:
            return self.group_cp(seat)
        return sum(self.base_cp(c) for c in self.state.groups[seat])

    def ap(self, seat: int) -> int:
        """A player's ADVENTURE POINTS: the ADVENTURES he won, and the AP of the cards in his
        group, on his characters and on the group, flipped or not; a REINFORCEMENT and the
        cards on it count for nobody, as they are not officially in the group (seed 002, lines
        26, 48; ruling rk-40)."""
        return ap_of(self.state, self.data, seat)

    # ---- the end -------------------------------------------------------------------------

    def check_victory(self) -> None:
        """The first to reach ``victory_ap`` wins at once (seed 002, line 8); checked after
        every complete action; two at once: the most AP wins, a tie is shared (ruling
        rk-33)."""
        target = self.constants["victory_ap"]
        aps = [self.ap(s) for s in range(self.state.players)]
        reached = [s for s in range(self.state.players) if aps[s] >= target]
        if not reached:
            return
        best = max(aps[s] for s in reached)
        state = self.state
        state.winners = [s for s in reached if aps[s] == best]
        state.phase = "over"
        if len(reached) > 1:
            self.note(f"{names([player(s) for s in reached])} reach {target} AP at once: "
                      f"{names([player(s) for s in state.winners])} "
                      f"win{'s' if len(state.winners) == 1 else ''} with {best} AP "
                      "(ruling rk-33)", event=True, fact=won(state.winners, best))
        else:
            self.note(f"{player(reached[0])} reaches {aps[reached[0]]} AP and wins "
                      "(seed 002, line 8)", event=True, fact=won(state.winners, best))
        raise GameOver


_RULES: dict[tuple[int, str], tuple[RatKingData, tuple[Modifier, ...]]] = {}


def ap_of(state: RatKingState, data: RatKingData, seat: int) -> int:
    """``seat``'s AP (see :meth:`Ctx.ap`), for the read-out and the scores: a REINFORCEMENT,
    with its STUFF and EVENTS, adds none (ruling rk-40)."""
    total = sum(data.adventures[n].ap for n in state.adventures_won[seat])
    total += sum(data.events[n].ap for n in state.group_events[seat])
    for character in state.groups[seat]:
        if character.reinforcement:
            continue  # "not officially in your group" (seed 002, line 26)
        total += data.characters[character.name].ap
        total += sum(data.stuffs[g.name].ap for g in character.stuff)
        total += sum(data.events[n].ap for n in character.events)
    return total


def end_by_draw_pile(ctx: Ctx, deck: int = 0) -> None:
    """The last card of the draw pile was drawn: the most AP wins, a tie is shared (seed 002,
    line 9; ruling rk-32); On the Borderlands the last card of any player's draw pile (ruling
    rk-47)."""
    state = ctx.state
    aps = [ctx.ap(s) for s in range(state.players)]
    best = max(aps)
    state.winners = [s for s in range(state.players) if aps[s] == best]
    state.phase = "over"
    ctx.note(f"The last card of {ctx.draw_pile_name(deck)} is drawn: the game ends at "
             f"{' to '.join(map(str, aps))} AP and {names([player(s) for s in state.winners])} "
             f"win{'s' if len(state.winners) == 1 else ''} (seed 002, line 9; ruling rk-32"
             + ("" if len(state.piles) == 1 else ", rk-47") + ")", event=True,
             fact=won(state.winners, best))
    raise GameOver


def won(winners: list[int], ap: int) -> Fact:
    """The fact of a game won by ``winners`` (one seat, or a win shared by several) with
    ``ap`` AP each."""
    if len(winners) == 1:
        return Fact("game_won", winners[0], amount=ap)
    return Fact("game_won", None, seats=tuple(winners), amount=ap)


def trigger_played(ctx: Ctx, name: str) -> None:
    """A card was played; called for every card once its play is done (an EVENT once it has
    been discarded or placed, seed 002, line 79). In Conjunction of the Planes the agreed card,
    any card of the first set (line 92: "Predetermine a specific card to trigger the merging"),
    brings the second set in (ruling rk-48). What a TRIGGER card (*) triggers is a prior
    agreement among the players (line 78; ruling rk-21): any other trigger card is logged and
    does nothing more; any other card, nothing."""
    plan = ctx.data.plan
    if plan is not None and plan.mode == "conjunction" and name == plan.trigger:
        conjunction(ctx, name)
        return
    if not ctx.data.trigger(name):
        return
    if plan is None or plan.mode != "conjunction":
        ctx.note(f"{name} is a trigger card (*): trigger card played; with no deck-combining "
                 "option agreed it does nothing more (ruling rk-21)" if plan is None else
                 f"{name} is a trigger card (*): trigger card played; {plan.mode} agrees no "
                 "trigger, so it does nothing more (rulings rk-21, rk-48)")
        return
    ctx.note(f"{name} is a trigger card (*): trigger card played; the agreed trigger is "
             f"{plan.trigger}, so it does nothing more (ruling rk-48)")


def conjunction(ctx: Ctx, name: str) -> None:
    """Conjunction of the Planes: the agreed trigger card is played, so the second set,
    without its ME cards, is shuffled into the draw pile, or replaces the cards left in it,
    which are set aside (seed 002, line 92; ruling rk-48). Once a game: played again, the
    trigger does nothing more."""
    state = ctx.state
    plan = ctx.data.plan
    me = set(ctx.data.me_cards)
    coming = [n for n in state.set_aside if plan.later(n) and n not in me]
    if not coming:
        ctx.note(f"{name} is played again: the planes have already merged, it does nothing more "
                 "(ruling rk-48)")
        return
    state.set_aside = [n for n in state.set_aside if not plan.later(n) or n in me]
    pile = state.pile
    label = plan.labels[1]
    if plan.merge == "replace":
        replaced = [n for n, copies in pile.contents().items() for _ in range(copies)]
        pile.cards.clear()
        pile.top.clear()
        state.set_aside.extend(replaced)
        pile.add(coming)
        ctx.note(f"{name}: the planes merge. The {cards(len(replaced))} left in the draw pile "
                 f"are set aside and {label} ({cards(len(coming))}, without its ME cards) "
                 "becomes the draw pile (seed 002, line 92; ruling rk-48)", event=True,
                 fact=Fact("planes_merged", None, name))
    else:
        pile.add(coming)
        ctx.note(f"{name}: the planes merge. {label} ({cards(len(coming))}, without its ME "
                 f"cards) is shuffled into the draw pile, now {cards(pile.size)} (seed 002, "
                 "line 92; ruling rk-48)", event=True, fact=Fact("planes_merged", None, name))


def _every(target: str | None) -> str | None:
    if target == "every_character":
        return "character"
    if target == "every_group":
        return "group"
    return None
