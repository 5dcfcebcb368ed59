"""The small steps every Rifts phase is made of: draw, roll, pick, place a card, discard.

Each is a generator used with ``yield from`` inside the rules' procedure: it yields the
decisions and chance events it needs and returns its result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from explorer.engine import Action, Chance, Fact, Outcome
from explorer.engine.core import (
    GameOver,
    RulesContext,
    Step,
    quick_init,
)
from explorer.engine.dice import Roll, pick
from explorer.games.rifts import party as P
from explorer.games.rifts.data import RiftsData
from explorer.games.rifts.state import CardRef, Held, Member, Party, RiftsState


@quick_init
@dataclass(frozen=True, slots=True)
class Result:
    """A roll made: the die's natural total, the modifier, and whether it met its target."""

    natural: int
    modifier: int
    target: int | None

    @property
    def total(self) -> int:
        return self.natural + self.modifier

    @property
    def success(self) -> bool:
        return self.target is not None and self.natural + self.modifier >= self.target


KNOWN_BY = {"Scrying": "seen on top by Scrying",
            "the scenario": "put on top by the scenario"}
"""How a card on top of a deck came to be known (``Deck.known``), as the log says it."""

_CARD_OUTCOMES: dict[CardRef, Outcome] = {}


def _card_outcome(deck: str, name: str) -> Outcome:
    key = (deck, name)
    outcome = _CARD_OUTCOMES.get(key)
    if outcome is None:
        outcome = _CARD_OUTCOMES[key] = Outcome("card", key, name)
    return outcome


class _DeckOutcomes(dict[str, Outcome]):
    """The outcomes "this card of the deck is drawn", by card name (:func:`_card_outcome`)."""

    def __init__(self, deck: str) -> None:
        super().__init__()
        self.deck = deck
        self.label = f"Draw from the {deck} deck"
        self.hidden = f"{'an' if deck[0] in 'AEIOU' else 'a'} {deck} card"

    def __missing__(self, name: str) -> Outcome:
        outcome = self[name] = _card_outcome(self.deck, name)
        return outcome


_DECK_OUTCOMES: dict[str, _DeckOutcomes] = {}

_Made = dict[tuple[int, "str | None"], tuple[Result, "str | None"]]
_Node = tuple[Chance, int, "int | None", _Made]
"""A roll as :meth:`Ctx.roll` makes it: its chance node, total modifier, target, and by
natural total and Character (its name) the result and the log's line."""


class _DeckActions(dict[str, Action]):
    """The choice "draw from this deck", one action per deck, made once."""

    def __missing__(self, deck: str) -> Action:
        action = self[deck] = Action("deck", (deck,), f"Draw from the {deck} deck")
        return action


_DECK_ACTIONS = _DeckActions()


@lru_cache(maxsize=4096)
def _roll_node(name: str, count: int, sides: int, modifiers: tuple[tuple[int, str], ...],
               target: int | None, table: str | None) -> _Node:
    """A roll as :meth:`Ctx.roll` makes it, made once for the same roll (the modifiers, each
    with its reason, included): a roll is the same whenever it is the same, and so are its
    results and the log's lines of them, kept as they are made."""
    spec = Roll(name, count, sides, modifiers, target, table)
    return spec.chance(), spec.modifier, target, {}


class Ctx(RulesContext):
    """The state and data a procedure works on, with the steps it is built from."""

    state: RiftsState
    data: RiftsData

    def __init__(self, state: RiftsState, data: RiftsData) -> None:
        super().__init__(state, data)
        # the chance node of each roll made (with its total modifier and target), by the roll's
        # name and modifiers; of each amount rolled, by its label, dice and fixed modifier
        self._rolls: dict[tuple[str, tuple[tuple[int, str], ...]], _Node] = {}
        self._amounts: dict[tuple[str, int, int, int], Chance] = {}
        self._plain_rolls: dict[str, _Node] = {}  # with the roll's own modifier only

    # ---- basics --------------------------------------------------------------------------

    def party(self, seat: int) -> Party:
        return self.state.parties[seat]

    def location_type(self, seat: int) -> str | None:
        location = self.state.parties[seat].location
        return None if location is None else self.data.locations[location].type

    # ---- cards ---------------------------------------------------------------------------

    def draw(self, deck: str, seen_by: int | None = None) -> Step:
        """Draw the top card of ``deck`` (a chance event unless Scrying revealed it);
        ``seen_by``: the seat that alone sees the card (a card drawn into its hand).

        An empty deck is refilled from its discard pile (END ACT, line 526); with both empty,
        nothing is drawn and None is returned (ruling rifts-53).
        """
        pile = self.state.decks[deck]
        if pile.top:
            name = pile.top.pop(0)
            how = pile.known.pop(0)
            self.note(f"Draws {name} from the {deck} deck (known: {KNOWN_BY[how]})", seen_by,
                      private=seen_by is not None, hidden=f"Draws a card from the {deck} deck")
            self.state.revealed.append((deck, name))
            return name
        name = yield from self.draw_unknown(deck, seen_by)
        return name

    def draw_unknown(self, deck: str, seen_by: int | None = None) -> Step:
        """Draw from the part of ``deck`` whose order nobody knows (below any Scrying-known
        top cards): a chance event over what is left, refilled from the discard if empty;
        ``seen_by``: the seat that alone sees the card."""
        pile = self.state.decks[deck]
        if not pile.pile:
            if not pile.discard:
                self.note(f"The {deck} deck and its discard pile are empty: no card")
                return None
            for name in pile.discard:
                pile.pile[name] = pile.pile.get(name, 0) + 1
            pile.discard.clear()
            self.note(f"The {deck} deck ran out: its discard pile is shuffled to refill it")
        outcomes = _DECK_OUTCOMES.get(deck)
        if outcomes is None:
            outcomes = _DECK_OUTCOMES[deck] = _DeckOutcomes(deck)
        outcome = yield Chance(tuple(map(outcomes.__getitem__, pile.pile)),
                               tuple(pile.pile.values()), outcomes.label,
                               seen_by=seen_by, hidden=outcomes.hidden)
        name = outcome.args[1]
        left = pile.pile[name] - 1
        if left:
            pile.pile[name] = left
        else:
            del pile.pile[name]
        self.state.revealed.append((deck, name))
        return name

    def take(self, deck: str, name: str) -> None:
        """A drawn card reaches its place (a party, a hand, the combat, a deck's top)."""
        if (deck, name) in self.state.revealed:
            self.state.revealed.remove((deck, name))

    def discard(self, deck: str, name: str) -> None:
        self.take(deck, name)
        self.state.decks[deck].discard.append(name)

    def discard_member(self, seat: int, member: Member, why: str) -> None:
        """A Character leaves play: it and every card attached to it are discarded."""
        party = self.party(seat)
        party.members.remove(member)
        for held in member.attached:
            self.discard(held.deck, held.name)
        member.attached.clear()
        self.discard("Character", member.name)
        self.note(f"{member.name} {why} and is discarded with its cards", seat)

    def remove_held(self, member: Member, held: Held, why: str, seat: int) -> None:
        member.attached.remove(held)
        self.discard(held.deck, held.name)
        self.note(f"{held.name} on {member.name} {why}", seat)

    def place(self, seat: int, deck: str, name: str, damaged: bool = False,
              public: bool = False) -> Step:
        """A gained Aid card goes to the hand or is attached to a Character who can use it
        (line 384); a Character card joins the party if the limits allow, or goes to the hand
        (ruling rifts-54). Keeping it in hand is the player's secret unless the card was seen
        by all (``public``: a looted card)."""
        party = self.party(seat)
        card = self.data.card(deck, name)
        actions = []
        if deck == "Character":
            if P.can_join(self.data, party, name) is None:
                actions.append(Action("join", (name,), f"{name} joins the party"))
        else:
            for index, member in enumerate(party.members):
                if P.can_attach(self.data, member, card):
                    actions.append(Action("attach", (name, index),
                                          f"Attach {name} to {member.name}"))
        actions.append(Action("hand", (name,), f"Keep {name} in hand",
                              hidden=None if public else
                              f"Keeps {'an' if deck[0] in 'AEIOU' else 'a'} {deck} card in hand"))
        action = yield from self.choose(seat, actions, f"Where does {name} go?")
        self.take(deck, name)
        if action.name == "join":
            party.members.append(Member(name))
        elif action.name == "attach":
            party.members[action.args[1]].attached.append(
                Held(deck, name, damaged, card.uses))
        else:  # a damaged card kept in hand stays damaged when attached later
            party.hand.append(Held(deck, name, damaged, card.uses))
        return action

    def gain(self, seat: int, deck: str, damaged: bool = False) -> Step:
        """Draw a card from ``deck`` and place it (hand or attached)."""
        name = yield from self.draw(deck, seen_by=seat)
        if name is None:
            return None
        self.note(f"Gains {name} ({deck}){' damaged' if damaged else ''}", seat, private=True,
                  hidden=f"Gains {'an' if deck[0] in 'AEIOU' else 'a'} {deck} card"
                         f"{' damaged' if damaged else ''}")
        yield from self.place(seat, deck, name, damaged)
        return name

    def choose_deck(self, seat: int, decks: Sequence[str], prompt: str) -> Step:
        """Ask which deck to draw from (only decks with a card left to draw)."""
        usable = [d for d in decks if self.state.decks[d].size or self.state.decks[d].discard]
        if not usable:
            return None
        action = yield from self.choose(seat, [_DECK_ACTIONS[d] for d in usable], prompt)
        return action.args[0]

    # ---- rolls ---------------------------------------------------------------------------

    def roll(self, seat: int | None, name: str, *, extra: Sequence[tuple[int, str]] = (),
             bits: dict[str, object] | None = None, members: list[Member] | None = None,
             spends: Sequence[P.Source] = (), member: Member | None = None,
             if_success: Fact | None = None) -> Step:
        """Make the named roll of the ``rolls`` table for ``seat``'s party.

        Adds the modifiers the party's abilities give it (``roll_modifiers``), the bonuses it
        carries, any "roll of your choice" bonus the player spends, and ``extra``; afterwards
        spends what the abilities used (Use Rolls, limited uses). Returns a :class:`Result`.
        ``if_success``: the fact the roll's line carries when it succeeds (an escape).
        """
        spent: Sequence[P.Source]
        party = None if seat is None else self.state.parties[seat]
        if not extra and (party is None or (
                not party.bonuses and name not in self.data.modifiers)):
            # only the roll's own modifier: nobody's roll, or one that no ability and no bonus
            # of the party changes
            node = self._plain_rolls.get(name)
            if node is None:
                node = self._plain_rolls[name] = self._roll_node(
                    name, self._modifiers(None, name, (), None, None)[0])
            spent = () if party is None else list(spends)
        else:
            mods, spent, carried = self._modifiers(seat, name, extra, bits, members)
            if spends:
                spent[:0] = spends
            if party is not None:
                if party.bonuses and name in P.CHOICE_ROLLS and any(
                        b.choice for b in party.bonuses):
                    chosen = yield from self._spend_choice_bonuses(seat, name)
                    mods.extend((b.amount, b.reason) for b in chosen)
                for bonus in carried:
                    if bonus.once:
                        party.bonuses.remove(bonus)
            node = self._roll_node(name, mods)
        chance, modifier, target, results = node
        outcome = yield chance
        natural = outcome.args[0]
        key = (natural, None if member is None else member.name)
        made = results.get(key)
        if made is None:  # the same roll and total: the same (immutable) result and line
            text = None
            if target is not None:
                total = natural + modifier
                verdict = "succeeds" if total >= target else "fails"
                who = f" for {member.name}" if member is not None else ""
                text = (f"{name} roll{who}: {natural}{modifier:+d} = {total} "
                        f"({target}+ needed): {verdict}")
            made = results[key] = Result(natural, modifier, target), text
        result, text = made
        if text is not None:
            self.note(text, seat, fact=if_success if if_success is not None and result.success
                      else None)
        for source in spent:
            if seat is not None:
                yield from self.spend(seat, source)
        return result

    def _roll_node(self, name: str, mods: list[tuple[int, str]]) -> _Node:
        """The named roll with these modifiers (:func:`_roll_node`), looked up once a game
        for each roll and set of modifiers."""
        key = (name, tuple([m for m in mods if m[0]]) if mods else ())
        node = self._rolls.get(key)
        if node is None:
            count, sides, _, target = self.data.roll(name)
            node = self._rolls[key] = _roll_node(name, count, sides, key[1], target,
                                                 self.data.rolls[name]["table"])
        return node

    def roll_spec(self, seat: int | None, name: str, *,
                  extra: Sequence[tuple[int, str]] = (), bits: dict[str, object] | None = None,
                  members: list[Member] | None = None) -> Roll:
        """The named roll as :meth:`roll` would make it now, with every modifier but a "roll
        of your choice" bonus the player may add: for odds, changing nothing."""
        count, sides, _, target = self.data.roll(name)
        mods, _, _ = self._modifiers(seat, name, extra, bits, members)
        return Roll(name, count, sides, tuple(m for m in mods if m[0]), target,
                    self.data.rolls[name]["table"])

    def _modifiers(self, seat: int | None, name: str, extra: Sequence[tuple[int, str]],
                   bits: dict[str, object] | None, members: list[Member] | None
                   ) -> tuple[list[tuple[int, str]], list[P.Source], list[Any]]:
        """A roll's modifiers (its own, ``extra``, the party's abilities, the bonuses it
        carries), the ability sources it spends, and the carried bonuses it uses."""
        data = self.data
        fixed = data.roll(name)[2]
        mods: list[tuple[int, str]] = [(fixed, "the roll's own modifier")] if fixed else []
        if extra:
            mods.extend(extra)
        spent: list[P.Source] = []
        carried: list[Any] = []
        if seat is not None:
            party = self.party(seat)
            if name in data.modifiers:
                kind = self.location_type(seat)
                for amount, reason, used in P.uses_for_roll(data, party, name, kind, bits,
                                                             members):
                    mods.append((amount, reason))
                    spent.extend(used)
            if party.bonuses:
                carried = P.party_bonuses(party, name, party.location)
                mods.extend((b.amount, b.reason) for b in carried)
        return mods, spent, carried

    def _spend_choice_bonuses(self, seat: int, roll: str) -> Step:
        party = self.party(seat)
        chosen = []
        while True:
            offers = [b for b in party.bonuses if b.choice]
            if not offers:
                return chosen
            actions = [Action("bonus", (i,), f"Add {b.reason} ({b.amount:+d}) to this roll")
                       for i, b in enumerate(offers)]
            actions.append(Action("no bonus", (), "Roll without it"))
            action = yield from self.choose(seat, actions, f"{roll} roll: spend a bonus?")
            if action.name == "no bonus":
                return chosen
            bonus = offers[action.args[0]]
            party.bonuses.remove(bonus)
            chosen.append(bonus)

    def amount(self, name: str, label: str | None = None) -> Step:
        """Roll a named amount (Force dice, rounds, turns, cards): the total, at least 0."""
        count, sides, fixed, _ = self.data.roll(name)
        outcome = yield self._amount_node(label or name, count, sides, fixed)
        return max(0, outcome.value + fixed)

    def dice(self, count: int, sides: int, label: str) -> Step:
        """Roll dice that no ``rolls`` row names (a card's own Force dice)."""
        outcome = yield self._amount_node(label, count, sides, 0)
        return outcome.value

    def _amount_node(self, label: str, count: int, sides: int, fixed: int) -> Chance:
        key = (label, count, sides, fixed)
        chance = self._amounts.get(key)
        if chance is None:
            chance = self._amounts[key] = _roll_node(
                label, count, sides, ((fixed, "the roll's own modifier"),) if fixed else (),
                None, None)[0]
        return chance

    def pick(self, label: str, items: list[tuple[str, Any]]) -> Step:
        """A uniform random choice among ``items`` (text, value); None if there are none
        (ruling rifts-81)."""
        if not items:
            return None
        if len(items) == 1:
            return items[0][1]
        outcome = yield pick(label, items)
        return outcome.args[1]

    def spend(self, seat: int, source: P.Source) -> Step:
        """A consumable source was used: Magic/Psionic cards make their Use Roll (USAGE RULE,
        line 386: 5+ and the card is discarded); limited Equipment spends a use."""
        held, card = source.held, source.card
        if held is None or card is None:
            return
        owner = next((m for m in self.party(seat).members if held in m.attached), None)
        if owner is None:
            return
        if card.deck in {"Magic", "Psionic"}:
            result = yield from self.roll(None, "Use")
            if result.success:
                self.remove_held(owner, held, "is used up (Use Roll 5+)", seat)
        elif held.uses is not None:
            held.uses -= 1
            if held.uses <= 0:
                self.remove_held(owner, held, "has no uses left", seat)

    # ---- adventure tokens ---------------------------------------------------------------

    def add_at(self, seat: int, amount: int, why: str, event: bool = False,
               fact: Fact | None = None) -> None:
        """Gain (or lose, never below 0) Adventure Tokens; reaching the victory total ends the
        game at once (VICTORY, line 13; ruling rifts-82). ``event``: a page announces it (a Foe
        defeated); ``fact``: what the line says as data (the fight won)."""
        party = self.party(seat)
        party.at = max(0, party.at + amount)
        self.note(f"{'Gains' if amount >= 0 else 'Loses'} {abs(amount)} AT ({why}): "
                  f"now {party.at}", seat, event=event, fact=fact)
        if party.at >= self.constants["victory_adventure_tokens"]:
            self.state.winner = seat
            self.note(f"Player {seat + 1} has {party.at} AT and wins", seat, event=True,
                      fact=Fact("game_won", seat, amount=party.at))
            raise GameOver

