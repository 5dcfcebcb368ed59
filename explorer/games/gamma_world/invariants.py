"""What must hold of a Gamma World state after every step (checked by the tests, usable
anywhere).

- every card is in exactly one place (the deck's pile or its known top, the discard pile, a
  hand, on a follower, controlled as a location, in the battle, or being played);
- every Enclave keeps its limits: followers, hand (except while it is discarding down), one
  vehicle or steed and one armor per follower;
- damage counters stay below the Hits of what carries them; the Threat is never negative;
- follower numbers are unique; Action Points exist only in the active player's Action Phase,
  each from the base or a card still in play (ruling gw-47).
"""

from __future__ import annotations

from collections import Counter

from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.data import GammaData
from explorer.games.gamma_world.state import KINDS, PSH, GammaState
from explorer.games.gamma_world.tables import ITEM_TYPES

ATTACHABLE = frozenset({"Mutation", *ITEM_TYPES})


def card_places(state: GammaState) -> Counter[str]:
    """How many times each card is found anywhere in the state."""
    seen: Counter[str] = Counter(state.deck)
    seen.update(state.top)
    seen.update(state.discard)
    seen.update(state.limbo)
    for enclave in state.enclaves:
        seen.update(enclave.hand)
        seen.update(enclave.locations)
        for follower in enclave.followers:
            seen.update(a.name for a in follower.cards)
    battle = state.battle
    if battle is not None:
        if battle.foe is not None:
            seen[battle.foe] += 1
        if battle.defender is None:
            seen[battle.location] += 1
    return seen


_EXPECTED: dict[int, dict[str, int]] = {}


def _expected(data: GammaData) -> dict[str, int]:
    found = _EXPECTED.get(id(data))
    if found is None:
        found = _EXPECTED[id(data)] = data.deck_contents()
    return found


def check(state: GammaState, data: GammaData) -> None:
    """Raise AssertionError naming the first invariant that does not hold."""
    seen = card_places(state)
    if not dict.__eq__(seen, _expected(data)):  # plain dict equality: Counter's is slow
        _name_misplaced(seen, data)
    numbers = [f.number for e in state.enclaves for f in e.followers]
    if len(numbers) != len(set(numbers)):
        raise AssertionError(f"follower numbers repeat: {sorted(numbers)}")
    for seat in range(state.players):
        _check_enclave(state, data, seat)
    if state.battle is not None and state.battle.threat < 0:
        raise AssertionError(f"the Threat is {state.battle.threat}")
    if state.ap and not state.phase.startswith("action"):
        raise AssertionError(f"{len(state.ap)} AP left at {state.phase}")
    if len(E.ap_in_play(data, state.enclaves[state.active], state.ap)) != len(state.ap):
        raise AssertionError(f"an AP of a card no longer in play is left: {state.ap}")


def _name_misplaced(seen: Counter[str], data: GammaData) -> None:
    for name, copies in data.deck_contents().items():
        found = seen.pop(name, 0)
        if found != copies:
            raise AssertionError(f"card {name!r} is in {found} places, not {copies}")
    raise AssertionError(f"unknown cards in play: {sorted(seen)}")


def _check_enclave(state: GammaState, data: GammaData, seat: int) -> None:
    enclave = state.enclaves[seat]
    who = f"player {seat + 1}"
    if len(enclave.followers) > E.follower_limit(data, enclave) and \
            not state.phase.endswith("dismiss"):
        raise AssertionError(f"{who} has {len(enclave.followers)} followers")
    if len(enclave.hand) > E.hand_limit(data, enclave) and not state.phase.endswith("discard"):
        raise AssertionError(f"{who} holds {len(enclave.hand)} cards at {state.phase}")
    mounts_allowed = data.constants["vehicles_or_steeds_per_follower"]
    armor_allowed = data.constants["armor_per_follower"]
    for follower in enclave.followers:
        if follower.kind not in KINDS:
            raise AssertionError(f"{follower} is a {follower.kind!r}")
        if not 0 <= follower.damage < E.follower_hits(data, follower):
            raise AssertionError(f"{follower} has {follower.damage} damage")
        mounts = armor = mutations = 0
        for held in follower.cards:
            card = data.cards[held.name]
            kind = card.type
            if kind not in ATTACHABLE:
                raise AssertionError(f"{kind} card {held.name} is on {follower}")
            mounts += kind in ("Vehicle", "Steed")
            armor += kind == "Armor"
            mutations += kind == "Mutation"
            if held.damage and not held.damage < card.hits:
                raise AssertionError(f"{held.name} on {follower} has {held.damage} damage")
        if mounts > mounts_allowed or armor > armor_allowed:
            raise AssertionError(f"{follower} carries too many vehicles, steeds or armor")
        if follower.kind == PSH and mutations:
            raise AssertionError(f"{follower} is a Pure Strain Human with mutations")
