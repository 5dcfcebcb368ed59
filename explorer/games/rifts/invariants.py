"""What must hold of a Rifts state after every step (checked by the tests, usable anywhere).

- every card is in exactly one place (a deck's pile, its known top, its discard pile, a hand,
  a party, attached to a Character, in front of a party as its Location, or in the combat);
- every card known on top of a deck says how it became known;
- Adventure Tokens are never negative; wounds stay within 0-3;
- every party keeps its limits: at most 8 Characters and a Base Force of at most 40.
"""

from __future__ import annotations

from collections import Counter

from explorer.games.rifts import party as P
from explorer.games.rifts.data import DECKS, RiftsData
from explorer.games.rifts.state import RiftsState


def card_places(state: RiftsState) -> Counter[tuple[str, str]]:
    """How many times each card is found anywhere in the state."""
    seen: Counter[tuple[str, str]] = Counter(
        {(deck_name, name): count for deck_name, deck in state.decks.items()
         for name, count in deck.pile.items()})
    found = [(deck_name, name) for deck_name, deck in state.decks.items()
             for name in (*deck.top, *deck.discard)]
    for party in state.parties:
        found.extend(held.ref for held in party.hand)
        for member in party.members:
            found.append(("Character", member.name))
            found.extend(held.ref for held in member.attached)
        if party.location is not None:
            found.append(("Location", party.location))
    found.extend(state.revealed)
    if state.combat is not None:
        found.append(("Foe", state.combat.foe))
        found.extend((deck, name) for token in state.combat.tokens
                     for deck, name, _ in token.cards)
    seen.update(found)  # counted in C: this runs after every step of every test game
    return seen


def check(state: RiftsState, data: RiftsData) -> None:
    """Raise AssertionError naming the first invariant that does not hold."""
    seen = card_places(state)
    for deck in DECKS:
        pile = state.decks[deck]
        if len(pile.known) != len(pile.top):
            raise AssertionError(f"{deck} deck: {len(pile.top)} known top cards, "
                                 f"{len(pile.known)} reasons")
    if not dict.__eq__(seen, data.every_card):  # compared in C; below, which card differs
        for deck in DECKS:
            for name, copies in data.deck_contents(deck).items():
                found = seen.pop((deck, name), 0)
                if found != copies:
                    raise AssertionError(f"{deck} card {name!r} is in {found} places, "
                                         f"not {copies}")
        raise AssertionError(f"unknown cards in play: {sorted(seen)}")
    limit = data.constants["party_base_force_limit"]
    size = data.constants["party_size_limit"]
    for seat, party in enumerate(state.parties):
        if party.at < 0:
            raise AssertionError(f"player {seat + 1} has {party.at} AT")
        if len(party.members) > size:
            raise AssertionError(f"player {seat + 1} has {len(party.members)} Characters")
        total = P.party_base_force(data, party)
        if total > limit:
            raise AssertionError(f"player {seat + 1}'s Base Force is {total}, over {limit}")
        for member in party.members:
            if not 0 <= member.wounds <= data.constants["wounds_killed"]:
                raise AssertionError(f"{member.name} has {member.wounds} wounds")
