"""What must hold of an Adventurers state after every step (checked by the tests, usable
anywhere).

- every card is in exactly one place (the deck's pile, its known top, the discard pile, a hand,
  a chain, an Encounter in front of a player, a weapon attached to it, or played to a roll);
- every chain starts with a Travel card and has a Travel card under every Location card;
  ``locations`` counts its Location cards, never more than 5, and a fifth is Ancient;
- each Encounter faced matches its player's top card and was played by an opponent, and
  carries at most one weapon, only if it takes one;
- when the Research Phase begins, the active player's hand is within his hand size.
"""

from __future__ import annotations

from collections import Counter

from explorer.games.adventurers.data import AdventurersData
from explorer.games.adventurers.encounter import takes_weapon
from explorer.games.adventurers.state import AdventurersState


def card_places(state: AdventurersState) -> Counter[str]:
    """How many times each card is found anywhere in the state."""
    seen: Counter[str] = Counter(state.deck.pile)
    seen.update(state.deck.top)
    seen.update(state.deck.discard)
    seen.update(state.in_play)
    for adventurer in state.adventurers:
        seen.update(adventurer.hand)
        seen.update(adventurer.chain)
        if adventurer.encounter is not None:
            seen[adventurer.encounter.card] += 1
            if adventurer.encounter.weapon is not None:
                seen[adventurer.encounter.weapon] += 1
    return seen


def check(state: AdventurersState, data: AdventurersData) -> None:
    """Raise AssertionError naming the first invariant that does not hold."""
    seen = card_places(state)
    for name, copies in data.deck_contents().items():
        found = seen.pop(name, 0)
        if found != copies:
            raise AssertionError(f"card {name!r} is in {found} places, not {copies}")
    if seen:
        raise AssertionError(f"unknown cards in play: {sorted(seen)}")
    for seat, adventurer in enumerate(state.adventurers):
        _check_chain(data, seat, adventurer.chain, adventurer.locations)
        _check_encounter(state, data, seat)
    if state.phase == "research.before" and not state.plays and state.active is not None:
        adventurer = state.adventurers[state.active]
        profession = data.professions[adventurer.profession]
        limit = data.constants["hand_size"] + (
            profession.amount if profession.kind == "hand_size" else 0)
        if len(adventurer.hand) > limit:
            raise AssertionError(f"player {state.active + 1} starts the Research Phase with "
                                 f"{len(adventurer.hand)} cards, over {limit}")


def _check_chain(data: AdventurersData, seat: int, chain: list[str], locations: int) -> None:
    types = [data.cards[n].type for n in chain]
    if any(t not in {"Travel", "Location"} for t in types):
        raise AssertionError(f"player {seat + 1}'s chain holds other cards: {chain}")
    for index, kind in enumerate(types):
        if kind == "Location" and (index == 0 or types[index - 1] != "Travel"):
            raise AssertionError(f"player {seat + 1}'s {chain[index]} is not on a Travel card")
    if types.count("Location") != locations:
        raise AssertionError(f"player {seat + 1} counts {locations} locations in {chain}")
    to_win = data.constants["locations_to_win"]
    if locations > to_win:
        raise AssertionError(f"player {seat + 1} has {locations} locations")
    if locations == to_win and not data.cards[chain[-1]].ancient:
        raise AssertionError(f"player {seat + 1}'s last location is not Ancient")


def _check_encounter(state: AdventurersState, data: AdventurersData, seat: int) -> None:
    adventurer = state.adventurers[seat]
    facing = adventurer.encounter
    if facing is None:
        return
    card = data.cards[facing.card]
    top = data.cards[adventurer.chain[-1]] if adventurer.chain else None
    if card.type != "Encounter" or not data.at(card.matches, top):
        raise AssertionError(f"player {seat + 1} faces {facing.card}, which does not match")
    if facing.by == seat:
        raise AssertionError(f"player {seat + 1} faces his own {facing.card}")
    if facing.weapon is not None and not takes_weapon(card):
        raise AssertionError(f"{facing.card} carries {facing.weapon} but takes no weapon")
