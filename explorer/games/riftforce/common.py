"""The small steps every Riftforce phase is made of: draw, place, damage, destroy, score, move.

Each step that needs a choice or a draw is a generator used with ``yield from`` inside the
rules' procedure; the others are plain methods.

The log: the engine logs every choice as its action's text ("Player 1: Play Fire 5 at
Location 2"); the rules note what no choice says (damage dealt, a card destroyed, Riftforce
scored, a draw). A card drawn into a hand is seen by its player alone: its chance line is his to
read, the other reads "a card for Player N".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explorer.engine import Action, Chance, Decision, Fact
from explorer.engine.core import CARD_OUTCOMES, RulesContext, Step
from explorer.games.riftforce.data import RiftforceData
from explorer.games.riftforce.state import Elemental, Pile, Player, RiftforceState


@dataclass(frozen=True)
class PileOf:
    """What a draw's chance step carries for its odds: whose draw pile it is from."""

    seat: int


def pile_owner(chance: Chance) -> int | None:
    """The seat whose draw pile a chance step draws from (None: not a draw from a pile)."""
    return chance.odds.seat if isinstance(chance.odds, PileOf) else None


def cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def player(seat: int) -> str:
    return f"Player {seat + 1}"


class Ctx(RulesContext):
    """The state and data a procedure works on, with the steps it is built from."""

    state: RiftforceState
    data: RiftforceData

    def __init__(self, state: RiftforceState, data: RiftforceData) -> None:
        super().__init__(state, data)
        self.quiet = state._search  # a copy the best-action finder tries things on: no log
        self.locations = data.locations
        self.adjacent = data.adjacent

    def note(self, text: str, seat: int | None = None, *, private: bool = False,
             hidden: str | None = None, event: bool = False, fact: Fact | None = None) -> None:
        if not self.quiet:
            super().note(text, seat, private=private, hidden=hidden, event=event, fact=fact)

    def choose(self, seat: int, actions: Sequence[Action], prompt: str) -> Step:
        """Ask ``seat`` to choose (a single choice is still asked); the turn's choices are kept
        for the best-action finder."""
        action = yield Decision(seat, tuple(actions), prompt)
        self.state._turn_choices.append(action)
        return action

    # ---- basics --------------------------------------------------------------------------

    def side(self, seat: int) -> Player:
        return self.state.sides[seat]

    @staticmethod
    def other(seat: int) -> int:
        return 1 - seat

    def place_name(self, location: int) -> str:
        return self.locations[location]

    def at(self, elemental: Elemental) -> str:
        """"Fire 5 at Location 2" (its damage too: "Fire 5/2 at Location 2")."""
        location, _ = self.state.where(elemental)
        return f"{elemental} at {self.locations[location]}"

    def new_elemental(self, name: str, seat: int) -> Elemental:
        kind = self.data.kinds[name]
        self.state.uids += 1
        return Elemental(kind.guild, kind.value, seat, 0, self.state.uids)

    # ---- the draw pile -------------------------------------------------------------------

    def draw_card(self, seat: int, *, public: bool = False) -> Step:
        """The top card of ``seat``'s draw pile: a known card or a chance event over what is
        left, seen only by ``seat`` unless ``public``. An empty pile is refilled from the
        discard pile, shuffled (reference, C); with both empty there is no card (None)."""
        pile = self.side(seat).pile
        if pile.top:
            return pile.top.pop(0)
        if not pile.cards:
            discard = self.side(seat).discard
            if not discard:
                self.note("The draw pile and the discard pile are empty: no card", seat)
                return None
            for name in discard:
                pile.cards[name] = pile.cards.get(name, 0) + 1
            discard.clear()
            self.note("The draw pile ran out: the discard pile is shuffled into a new one",
                      seat)
        name = yield from self._draw_unknown(pile, seat, public)
        return name

    def _draw_unknown(self, pile: Pile, seat: int, public: bool) -> Step:
        names = tuple(pile.cards)
        outcome = yield Chance(tuple(map(CARD_OUTCOMES.__getitem__, names)),
                               tuple(pile.cards.values()),
                               f"Draw from {player(seat)}'s draw pile", odds=PileOf(seat),
                               seen_by=None if public else seat,
                               hidden=f"a card for {player(seat)}")
        name = outcome.args[0]
        left = pile.cards[name] - 1
        if left:
            pile.cards[name] = left
        else:
            del pile.cards[name]
        return name

    def draw_up_to(self, seat: int, size: int) -> Step:
        """``seat`` draws until his hand holds ``size`` cards (or both piles are empty)."""
        hand = self.side(seat).hand
        drawn = []
        while len(hand) < size:
            name = yield from self.draw_card(seat)
            if name is None:
                break
            hand.append(name)
            drawn.append(name)
        if drawn:
            self.note(f"Draws {', '.join(drawn)}", seat, private=True,
                      hidden=f"Draws {cards(len(drawn))}")
        return drawn

    # ---- the Rift ------------------------------------------------------------------------

    def put(self, elemental: Elemental, location: int) -> None:
        """Into the last position of its owner's column at ``location`` (behind the others)."""
        self.state.board[location][elemental.owner].append(elemental)
        elemental.place = location

    def move(self, elemental: Elemental, location: int) -> None:
        """An elemental moved by an ability goes to the last position of its new location."""
        here, index = self.state.where(elemental)
        del self.state.board[here][elemental.owner][index]
        self.put(elemental, location)

    def enemies(self, seat: int, location: int) -> list[Elemental]:
        """``seat``'s enemies at ``location``, first (closest to the location) first."""
        return self.state.board[location][self.other(seat)]

    def damage(self, target: Elemental, amount: int, by: str) -> bool:
        """Put ``amount`` damage on ``target``; destroy it at damage >= its value, the excess
        lost (reference, Positions). Returns whether it was destroyed."""
        self.state.turn_damage[target.owner] += min(amount, target.value - target.damage)
        target.damage += amount
        destroyed = target.damage >= target.value
        if not self.quiet:
            where = self.locations[target.place]
            what = (f"{by} deals {amount} damage to {player(target.owner)}'s {target.name} at "
                    f"{where}")
            self.note(f"{what}: destroyed" if destroyed
                      else f"{what} ({target.damage} of {target.value})")
        if destroyed:
            self.destroy(target)
        return destroyed

    def destroy(self, target: Elemental) -> None:
        """The card goes to its owner's discard pile, its damage back to the supply, and its
        owner's opponent scores it: 1 Riftforce, plus a Crystal's bonus (rulings rf-10)."""
        location, index = self.state.where(target)
        del self.state.board[location][target.owner][index]
        target.place = -1
        self.side(target.owner).discard.append(target.name)
        self.state.turn_destroyed[target.owner] += 1
        target.damage = 0
        scorer = self.other(target.owner)
        points = self.constants["riftforce_per_destroyed"]
        bonus = self.data.guilds[target.guild].destroyed_bonus
        self.score(scorer, points + bonus,
                   f"for {player(target.owner)}'s {target.name}"
                   + (f" ({bonus} more for {'an' if target.guild[0] in 'AEIOU' else 'a'} "
                      f"{target.guild})" if bonus else ""))

    def score(self, seat: int, points: int, why: str) -> None:
        if points <= 0:
            return
        side = self.side(seat)
        side.riftforce += points
        self.state.turn_gains[seat] += points
        if not self.quiet:
            self.note(f"{player(seat)} scores {points} Riftforce {why} ({side.riftforce} in "
                      "all)", event=True, fact=Fact("points_scored", seat, amount=points))

    def controlled(self, seat: int) -> list[int]:
        """The locations ``seat`` controls: at least one ally there and no enemy."""
        return [location for location in range(len(self.locations))
                if self.state.controls(seat, location)]
