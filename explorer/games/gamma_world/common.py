"""The small steps every Gamma World phase is made of: choose, draw, roll, count ones, pick,
discard, keep the limits.

Each is a generator used with ``yield from`` inside the rules' procedure: it yields the
decisions and chance events it needs and returns its result.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from math import comb
from typing import Any

from explorer.engine import Action, Chance, Fact, Outcome
from explorer.engine.core import (
    GameOver,
    RulesContext,
    Step,
)
from explorer.engine.dice import Roll, pick
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.data import GammaData
from explorer.games.gamma_world.state import Attached, Enclave, Follower, GammaState


@cache
def _card_outcome(name: str) -> Outcome:
    return Outcome("card", (name,), name)


@cache
@dataclass(frozen=True)
class Counting:
    """What a counting roll counts and what its count does, in players' words, for the pages
    (a chance step's ``odds``): ``explain`` "Each die showing 1 takes a point off the Threat",
    ``does`` "the Threat loses {n}" (``{n}``: the count times ``per``)."""

    explain: str
    does: str
    per: int = 1

    def effect(self, outcome: Outcome) -> str:
        """What ``outcome`` (a count) does: "the Threat loses 3"."""
        count = outcome.args[0] * self.per
        return self.does.format(n=count) if count else "nothing"


def counting_chance(label: str, dice: int, sides: int, faces: int,
                    counting: Counting | None = None) -> Chance:
    """``dice`` dice of ``sides`` sides, counting those that show one of ``faces`` faces: a
    chance node over the count (binomial weights, exact integers); ``counting`` says what the
    count does."""
    counts = tuple(range(dice + 1))
    weights = tuple(comb(dice, k) * faces ** k * (sides - faces) ** (dice - k) for k in counts)
    word = ("one", "ones") if faces == 1 else ("die counts", "dice count")
    outcomes = tuple(Outcome("count", (k,), f"{k} {word[k != 1]}") for k in counts)
    return Chance(outcomes, weights, label, odds=counting)


@cache
def _labelled(spec: Roll, label: str) -> Chance:
    return replace(spec.chance(), label=label)


class Ctx(RulesContext):
    """The state and data a procedure works on, with the steps it is built from."""

    state: GammaState
    data: GammaData

    # ---- basics --------------------------------------------------------------------------

    def enclave(self, seat: int) -> Enclave:
        return self.state.enclaves[seat]

    def opponents(self, seat: int) -> list[int]:
        """The other seats in turn order, starting after ``seat``."""
        players = self.state.players
        return [(seat + i) % players for i in range(1, players)]

    def owner_text(self, seat: int, viewer: int) -> str:
        return "your" if seat == viewer else f"Player {seat + 1}'s"

    # ---- the deck ------------------------------------------------------------------------

    def draw(self, seen_by: int | None = None) -> Step:
        """Take the deck's top card: known from Precognition (to all, ruling gw-40), or a
        chance event over the cards left (weights = copies) whose outcome only ``seen_by``
        sees (the seat drawing it into his hand; None: all). The deck is never refilled
        (ruling gw-24). The card is in ``limbo`` until placed."""
        state = self.state
        if state.top:
            name = state.top.pop(0)
        else:
            name = yield from self.draw_unknown(seen_by)
        state.limbo.append(name)
        return name

    def draw_unknown(self, seen_by: int | None = None) -> Step:
        """A chance event over the cards left; only ``seen_by`` sees the card (None: all)."""
        deck = self.state.deck
        hidden = "a card" if seen_by is None else f"a card for Player {seen_by + 1}"
        outcome = yield Chance(tuple(map(_card_outcome, deck)), tuple(deck.values()),
                               "Draw from the deck", seen_by=seen_by, hidden=hidden)
        name = outcome.args[0]
        self.take_from_pile(name)
        return name

    def take_from_pile(self, name: str) -> None:
        deck = self.state.deck
        left = deck[name] - 1
        if left:
            deck[name] = left
        else:
            del deck[name]

    def place(self, name: str) -> None:
        """A card in limbo reaches its place (the caller puts it there)."""
        self.state.limbo.remove(name)

    def discard(self, name: str) -> None:
        """A card goes to the discard pile; if it left play, the AP it still had this turn
        go with it (ruling gw-47)."""
        self.state.discard.append(name)
        self.drop_lost_ap()

    def drop_lost_ap(self) -> None:
        """"Vehicles give you one extra AP every turn." (line 111): the AP comes with the card,
        so the unspent AP of a card that has left play this turn (a steed killed, a vehicle
        broken or destroyed, a follower gone with its cards, a location destroyed) is lost
        with it (ruling gw-47)."""
        state = self.state
        if not state.ap:
            return
        kept = E.ap_in_play(self.data, self.enclave(state.active), state.ap)
        if len(kept) == len(state.ap):
            return
        lost = [t for t in state.ap if all(t is not k for k in kept)]
        state.ap[:] = kept
        for token in lost:
            where = f" (Follower {token.follower})" if token.follower is not None else ""
            self.note(f"{token.source}{where} has left play: its unspent AP is lost",
                      state.active)

    def check_deck(self) -> None:
        """"The game ends when all cards have been drawn from the deck." (line 11, ruling
        gw-24): at once, whichever way its last card left it."""
        if self.state.deck_size == 0:
            self.note("The deck is empty: the game ends", event=True, fact=Fact("game_ended"))
            raise GameOver

    # ---- dice ----------------------------------------------------------------------------

    def count_ones(self, roll: str, dice: int, label: str,
                   counting: Counting | None = None) -> Step:
        """Roll ``dice`` dice of the named roll and count those that show its counting faces
        ("Every roll of 1", lines 46 and 48); no dice, no chance. ``counting``: what the count
        does, in words."""
        if dice <= 0:
            return 0
        row = self.data.rolls[roll]
        sides, low, high = row["dice_sides"], row["at_most"], row["at_least"]
        if low is not None:
            faces, counted = low, "1s" if low == 1 else f"1-{low}"
        else:
            faces, counted = sides - high + 1, f"{high}+"
        dice *= row["dice_count"]
        outcome = yield counting_chance(f"{label}: {dice}D{sides}, counting {counted}", dice,
                                        sides, faces, counting)
        return outcome.args[0]

    def amount(self, roll: str, label: str, dice: tuple[int, int] | None = None) -> Step:
        """Roll a named amount (heal counters, Precognition's cards); ``dice`` overrides the
        row's count and sides (a Foe's threat dice)."""
        row = self.data.rolls[roll]
        count, sides = dice or (row["dice_count"], row["dice_sides"])
        mods = ((row["modifier"], "the roll's own modifier"),) if row["modifier"] else ()
        outcome = yield Roll(label, count, sides, mods).chance()
        return max(0, outcome.value + row["modifier"])

    def breakdown(self, seat: int, follower: Follower, held: Attached) -> Step:
        """BREAKDOWN RULE (lines 63-66): 1D6, 6+ discards the item; grenades +1. An energy cell
        may negate the result (ruling gw-27). Returns True if the item broke."""
        card = self.data.card(held.name)
        row = self.data.rolls["breakdown_grenade" if card.grenade else E.BREAKDOWN]
        mods = ((row["modifier"], "grenade"),) if row["modifier"] else ()
        spec = Roll(f"Breakdown roll for {card.name}", row["dice_count"], row["dice_sides"],
                    mods, row["at_least"])
        text = f"{spec.name}: {spec.dice}" + (f" {spec.modifier:+d}" if spec.modifier else "")
        outcome = yield _labelled(spec, f"{text}, {row['at_least']}+ breaks it")
        total = outcome.value + spec.modifier
        if total < row["at_least"]:
            self.note(f"Breakdown roll for {card.name}: {total}, it holds", seat)
            return False
        self.note(f"Breakdown roll for {card.name}: {total}, it breaks down", seat)
        saved = yield from self.negate_breakdown(seat, card.name)
        if saved:
            return False
        if held in follower.cards:
            follower.cards.remove(held)
            self.discard(held.name)
        self.check_follower(seat, follower, f"loses {card.name}")
        return True

    def negate_breakdown(self, seat: int, item: str) -> Step:
        """Offer the energy cells on the player's followers ("Discard to negate a Breakdown
        result", lines 125-126)."""
        cells = [(f, a) for f in self.enclave(seat).followers for a in f.cards
                 if self.data.card(a.name).effect == "negate_breakdown" and a.name != item]
        if not cells:
            return False
        actions = [Action("cell", (f.number, a.name), f"Discard {a.name} ({f}) to keep {item}")
                   for f, a in cells]
        actions.append(Action("let break", (), f"Let {item} break down"))
        action = yield from self.choose(seat, actions, f"{item} breaks down: negate it?")
        if action.name == "let break":
            return False
        follower, held = next((f, a) for f, a in cells
                              if (f.number, a.name) == action.args)
        follower.cards.remove(held)
        self.discard(held.name)
        self.note(f"Discards {held.name}: {item} does not break down", seat)
        self.check_follower(seat, follower, f"loses {held.name}")
        return True

    def pick(self, label: str, items: list[tuple[str, Any]]) -> Step:
        """A uniform random choice among ``items`` (text, value); no chance for one item."""
        if not items:
            return None
        if len(items) == 1:
            return items[0][1]
        outcome = yield pick(label, items)
        return outcome.args[1]

    # ---- followers and limits ------------------------------------------------------------

    def kill(self, seat: int, follower: Follower, why: str) -> None:
        """A follower leaves play: it and every card attached to it are discarded, with
        their unspent AP (ruling gw-47)."""
        self.enclave(seat).followers.remove(follower)
        self.state.discard.extend(held.name for held in follower.cards)
        follower.cards.clear()
        self.note(f"{follower} {why} and is killed; its cards are discarded", seat)
        self.drop_lost_ap()

    def check_follower(self, seat: int, follower: Follower, why: str) -> None:
        """A follower whose Hits fall to its damage is killed (ruling gw-35)."""
        if follower in self.enclave(seat).followers and \
                follower.damage >= E.follower_hits(self.data, follower):
            self.kill(seat, follower, why)

    def keep_hand_limit(self, seat: int) -> Step:
        """"Discard excess cards." (line 36): the player chooses which (ruling gw-37); each
        goes face up to the discard pile, which is public (events take cards from it by
        name), so the choice is named to all."""
        enclave = self.enclave(seat)
        limit = E.hand_limit(self.data, enclave)
        if len(enclave.hand) <= limit:
            return
        phase = self.state.phase
        self.state.phase = f"{phase}.discard"
        while len(enclave.hand) > limit:
            actions = [Action("discard", (n,), f"Discard {n}") for n in dict.fromkeys(enclave.hand)]
            action = yield from self.choose(
                seat, actions, f"Hand limit {limit}: discard {len(enclave.hand) - limit} more")
            enclave.hand.remove(action.args[0])
            self.discard(action.args[0])
        self.state.phase = phase

    def keep_follower_limit(self, seat: int) -> Step:
        """Followers above the limit (a location lost) are discarded, the player's choice
        (ruling gw-37)."""
        enclave = self.enclave(seat)
        limit = E.follower_limit(self.data, enclave)
        phase = self.state.phase
        while len(enclave.followers) > limit:
            self.state.phase = f"{phase}.dismiss"
            actions = [Action("dismiss", (f.number,), f"Discard {f}") for f in enclave.followers]
            action = yield from self.choose(seat, actions, f"Follower limit {limit}: discard "
                                                           "a follower")
            follower = next(f for f in enclave.followers if f.number == action.args[0])
            self.kill(seat, follower, "is over the follower limit")
        self.state.phase = phase

    def keep_limits(self, seat: int) -> Step:
        """After a location leaves an Enclave its limits fall at once (ruling gw-37)."""
        yield from self.keep_hand_limit(seat)
        yield from self.keep_follower_limit(seat)

    def to_hand(self, seat: int, name: str) -> None:
        self.enclave(seat).hand.append(name)

    def mend(self, seat: int, counters: int, why: str) -> Step:
        """A heal card's counters: remove up to ``counters`` damage counters from the
        player's followers and steeds, one at a time where he chooses (ruling gw-36); armor is
        never mended (line 61)."""
        enclave = self.enclave(seat)
        wounds = E.damaged(self.data, enclave)
        if sum((s or f).damage for f, s in wounds) <= counters:
            for follower, steed in wounds:
                (steed or follower).damage = 0
            self.note(f"{why}: every damage counter is removed", seat)
            return
        for _ in range(counters):
            wounds = E.damaged(self.data, enclave)
            if len(wounds) == 1:
                choice = wounds[0]
            else:
                actions = [Action("mend", (f.number, s.name if s else None),
                                  f"Remove a counter from {s.name + ' of ' if s else ''}{f} "
                                  f"({(s or f).damage} damage)") for f, s in wounds]
                action = yield from self.choose(seat, actions, f"{why}: remove a counter")
                choice = wounds[actions.index(action)]
            follower, steed = choice
            (steed or follower).damage -= 1
        self.note(f"{why}: {counters} damage counter(s) removed", seat)
