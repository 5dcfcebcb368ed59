"""The small steps every Adventurers phase is made of: draw, look, discard, choose, roll.

Each is a generator used with ``yield from`` inside the rules' procedure: it yields the
decisions and chance events it needs and returns its result.

The log: the engine logs every choice as its action's text ("Player 2: Play Villain ... on
Player 1"), so a card played, discarded or kept by choice is logged once, by that line; the
rules note only what no choice says (the cards drawn, a roll's result, a discard that was no
choice).

Hidden information: a card drawn into a hand or looked at on the deck is seen by its player
alone, so its draw (the chance line) and the note naming it are his to read; the others read
how many cards ("Draws 2 cards", "Looks at the next 4 cards of the deck"). A card played or
discarded goes face up (to the table, or the discard pile, whose cards are public) and is
named to all.
"""

from __future__ import annotations

from collections.abc import Sequence

from explorer.engine import Action, Chance, Outcome
from explorer.engine.core import CARD_OUTCOMES, RulesContext, Step
from explorer.engine.dice import Roll
from explorer.games.adventurers.data import AdventurersData, Card, Profession
from explorer.games.adventurers.state import Adventurer, AdventurersState


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


class Ctx(RulesContext):
    """The state and data a procedure works on, with the steps it is built from."""

    state: AdventurersState
    data: AdventurersData

    def __init__(self, state: AdventurersState, data: AdventurersData) -> None:
        super().__init__(state, data)
        self.cards = data.cards
        self._pile: tuple[tuple[str, ...], tuple[Outcome, ...], tuple[int, ...]] | None = None
        self._pile_of: dict[str, int] | None = None  # the pile ``_pile`` was made of

    # ---- basics --------------------------------------------------------------------------

    def adv(self, seat: int) -> Adventurer:
        return self.state.adventurers[seat]

    def profession(self, seat: int) -> Profession:
        return self.data.professions[self.state.adventurers[seat].profession]

    def top(self, seat: int) -> Card | None:
        """The seat's top Travel or Location card (line 63), or None."""
        chain = self.state.adventurers[seat].chain
        return self.cards[chain[-1]] if chain else None

    def right_of(self, seat: int) -> int:
        """The opponent to the seat's right: the player whose turn comes just before his
        (play passes to the left; ruling adv-25)."""
        order = self.state.order
        return order[order.index(seat) - 1]

    def opponents(self, seat: int) -> list[int]:
        """The other seats, in turn order after ``seat``."""
        order = self.state.order
        start = order.index(seat)
        return [order[(start + i) % len(order)] for i in range(1, len(order))]

    def hand_limit(self, seat: int) -> int:
        """Max hand size (line 48), with the Reporter's +2 (line 32)."""
        limit = self.constants["hand_size"]
        profession = self.profession(seat)
        if profession.kind == "hand_size":
            limit += profession.amount
        return limit

    # ---- the deck ------------------------------------------------------------------------

    def draw_card(self, seat: int) -> Step:
        """``seat`` draws the top card of the deck: a known card (looked at) or a chance event
        over what is left, whose outcome only he sees. An empty deck is refilled from the
        discard pile (line 49); with both empty no card is drawn and None is returned (ruling
        adv-29)."""
        deck = self.state.deck
        if deck.top:
            return deck.top.pop(0)
        if not deck.pile:
            if not deck.discard:
                self.note("The deck and the discard pile are empty: no card")
                return None
            for name in deck.discard:
                deck.pile[name] = deck.pile.get(name, 0) + 1
            deck.discard.clear()
            self._pile = None
            self.note("The deck ran out: the discard pile is shuffled to make a new deck")
        name = yield from self._draw_unknown(seat, f"a card for Player {seat + 1}")
        return name

    def _draw_unknown(self, seat: int, hidden: str) -> Step:
        """A chance event over the pile (its outcomes kept between draws of the same pile:
        only the steps here change it once the game runs, and a world that deals it again
        puts a new pile in its place, :mod:`explorer.games.adventurers.redeal`); only
        ``seat`` sees the card, the other seats read ``hidden``."""
        pile = self.state.deck.pile
        cached = self._pile
        if cached is None or self._pile_of is not pile or len(cached[0]) != len(pile):
            names = tuple(pile)
            cached = (names, tuple(map(CARD_OUTCOMES.__getitem__, names)),
                      tuple(pile.values()))
            self._pile_of = pile
        names, outcomes, weights = cached
        outcome = yield Chance(outcomes, weights, "Draw from the deck", seen_by=seat,
                               hidden=hidden)
        name = outcome.args[0]
        index = names.index(name)
        left = pile[name] - 1
        if left:
            pile[name] = left
            self._pile = (names, outcomes, (*weights[:index], left, *weights[index + 1:]))
        else:
            del pile[name]
            self._pile = (names[:index] + names[index + 1:],
                          outcomes[:index] + outcomes[index + 1:],
                          weights[:index] + weights[index + 1:])
        return name

    def draw(self, seat: int, count: int, why: str = "") -> Step:
        """``seat`` draws ``count`` cards into his hand; returns the cards drawn. He alone
        sees them: the others read how many he draws."""
        drawn = []
        hand = self.adv(seat).hand
        for _ in range(count):
            name = yield from self.draw_card(seat)
            if name is None:
                break
            hand.append(name)
            drawn.append(name)
        if drawn:
            self.note(f"Draws {', '.join(drawn)}{why}", seat, private=True,
                      hidden=f"Draws {_cards(len(drawn))}{why}")
        return drawn

    def look(self, seat: int, count: int) -> Step:
        """``seat`` looks at the next ``count`` cards of the deck: they become known and stay
        on top in order (ruling adv-21). Looking does not reshuffle: with fewer cards left,
        he sees those (ruling adv-29). Returns the cards seen: he alone sees them, the others
        read how many."""
        deck = self.state.deck
        while len(deck.top) < count and deck.pile:
            name = yield from self._draw_unknown(seat, f"a card Player {seat + 1} looks at")
            deck.top.append(name)
        seen = deck.top[:count]
        hidden = f"Looks at the next {count} cards of the deck"
        if len(seen) < count:
            hidden += f" ({len(seen)} left)"
        self.note(f"Looks at the next {count} cards of the deck: "
                  f"{', '.join(seen) if seen else 'none left'}", seat, private=bool(seen),
                  hidden=hidden)
        return seen

    def discard(self, name: str) -> None:
        self.state.deck.discard.append(name)

    def discard_from_hand(self, seat: int, name: str, *, chosen: bool = False) -> None:
        """The card goes from the hand to the discard pile, face up: named to all; noted
        unless ``chosen`` (its "Discard ..." choice is the log's line)."""
        self.adv(seat).hand.remove(name)
        self.discard(name)
        if not chosen:
            self.note(f"Discards {name}", seat)

    def choose_discards(self, seat: int, count: int, prompt: str, *,
                        keep: Sequence[str] = ()) -> Step:
        """``seat`` discards ``count`` cards of his choice from his hand (all of them if he
        holds fewer), never one of ``keep``."""
        hand = self.adv(seat).hand
        for number in range(count):
            offers = [n for n in hand if n not in keep]
            if not offers:
                return
            if len(offers) <= count - number:
                for name in offers:
                    self.discard_from_hand(seat, name)
                return
            action = yield from self.choose(
                seat, [Action("discard", (n,), f"Discard {n}") for n in offers],
                f"{prompt} ({count - number} to go)")
            self.discard_from_hand(seat, action.args[0], chosen=True)

    # ---- playing cards -------------------------------------------------------------------

    def play(self, seat: int, name: str) -> Card:
        """A card leaves ``seat``'s hand to be played (the caller puts it where it goes)."""
        self.adv(seat).hand.remove(name)
        if seat == self.state.active:
            self.state.plays.append(name)
        return self.cards[name]

    def extra_draw(self, seat: int, card: Card) -> Step:
        """The profession advantages "Draw an extra card when you play a ... card" (lines 26,
        28-30): once the card's effect is done (ruling adv-36)."""
        profession = self.profession(seat)
        if profession.kind != "extra_draw_on_play" or card.type != profession.trigger_type:
            return
        if profession.trigger_tag is not None and profession.trigger_tag not in card.tags:
            return
        yield from self.draw(seat, profession.amount, f" ({profession.name}: played {card})")

    def clear_in_play(self) -> None:
        """Cards played to a roll are discarded once it is made (ruling adv-33)."""
        for name in self.state.in_play:
            self.discard(name)
        self.state.in_play.clear()

    # ---- rolls ---------------------------------------------------------------------------

    def roll(self, name: str, count: int, sides: int, target: int | None = None) -> Step:
        """Roll ``count`` dice named ``name``; returns the total."""
        outcome = yield Roll(name, count, sides, target=target).chance()
        return outcome.value
