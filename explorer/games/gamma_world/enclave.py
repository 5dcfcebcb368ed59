"""What an Enclave has and may do: its followers' Force and Hits, its limits, its Action Points.

Pure functions over the state and the data, shared by the rules, the bots and the invariants.
"""

from __future__ import annotations

from collections.abc import Callable

from explorer.games.gamma_world.data import Card, GammaData
from explorer.games.gamma_world.state import ApToken, Attached, Enclave, Follower

BREAKDOWN = "breakdown"


def cards_of(data: GammaData, follower: Follower, card_type: str) -> list[Attached]:
    return [a for a in follower.cards if data.card(a.name).type == card_type]


def follower_force(data: GammaData, follower: Follower, robot: bool = False) -> int:
    """Base Force plus every attached card's Force (against a robot Foe when ``robot``,
    ruling gw-8); never below 0 (ruling gw-29)."""
    total = data.constants["follower_force"]
    for held in follower.cards:
        total += data.card(held.name).force_against(robot)
    return max(0, total)


def follower_hits(data: GammaData, follower: Follower) -> int:
    """Base Hits plus the Hits of its mutations and equipment (armor and steeds keep their
    own Hits: they take damage first, lines 50 and 58)."""
    total = data.constants["follower_hits"]
    for held in follower.cards:
        card = data.card(held.name)
        if card.type in ("Mutation", "Equipment"):
            total += card.hits
    return total


def total_force(data: GammaData, enclave: Enclave, robot: bool = False) -> int:
    """The Force all of an Enclave's followers fight with (line 45)."""
    return sum(follower_force(data, f, robot) for f in enclave.followers)


HIT_ORDER = ("Steed", "Armor")
"""What takes a follower's hits before the follower: "The Steed of a Follower takes damage
first." (line 50), then "Armor always loses hits before followers." (line 58; ruling gw-33)."""


def absorber(data: GammaData, follower: Follower) -> Attached | None:
    """The card that takes the follower's next hit: its steed first (line 50), then its armor
    (line 58; ruling gw-33); None: the follower itself."""
    for card_type in HIT_ORDER:
        for held in cards_of(data, follower, card_type):
            return held
    return None


def location_bonus(data: GammaData, enclave: Enclave, power: str) -> int:
    """The sum of the ``amount`` of the Enclave's locations with ``power``."""
    if not enclave.locations:
        return 0
    cards = data.cards
    return sum(cards[n].amount for n in enclave.locations if cards[n].effect == power)


def hand_limit(data: GammaData, enclave: Enclave) -> int:
    """5 cards, +1 for each "Hand size +1" location (lines 35, 214)."""
    return data.constants["hand_size"] + location_bonus(data, enclave, "hand_size")


def follower_limit(data: GammaData, enclave: Enclave) -> int:
    """6 followers, +1 for each "Maximum number of Followers +1" location (lines 33, 216)."""
    return data.constants["max_followers"] + location_bonus(data, enclave, "follower_limit")


def item_problem(data: GammaData, follower: Follower, card: Card) -> str | None:
    """Why ``card`` cannot be attached to ``follower`` (None: it can). "A Follower can only
    have one vehicle or steed and one armor at a time." (line 39; ruling gw-30)"""
    if not card.is_item:
        return f"{card.name} is not an item card"
    if card.type in ("Vehicle", "Steed"):
        held = sum(data.card(a.name).type in ("Vehicle", "Steed") for a in follower.cards)
        if held >= data.constants["vehicles_or_steeds_per_follower"]:
            return f"{follower} already has a vehicle or steed"
    elif card.type == "Armor":
        held = sum(data.card(a.name).type == "Armor" for a in follower.cards)
        if held >= data.constants["armor_per_follower"]:
            return f"{follower} already has armor"
    return None


def breaks_down(data: GammaData, card: Card) -> bool:
    """Weapons, equipment and vehicles make Breakdown rolls when used (line 64)."""
    return card.type in (data.rolls[BREAKDOWN]["card_types"] or ())


def turn_ap(data: GammaData, enclave: Enclave) -> list[ApToken]:
    """The Action Points of a turn (line 19, "Some cards will provide additional APs"): the
    base AP, one per AP of every card on a follower (vehicles, steeds, Mind Booster, the
    "+1 AP once per turn" mutations, ruling gw-12), each tied to its card (ruling gw-47), and
    each "AP +1 to X only" location's, restricted to X (ruling gw-11). Cards come into play
    during a turn give AP from the next (ruling gw-25)."""
    tokens = [ApToken("base AP") for _ in range(data.constants["base_ap"])]
    cards = data.cards
    for follower in enclave.followers:
        for held in follower.cards:
            ap = cards[held.name].ap
            if ap:
                tokens += [ApToken(held.name, follower=follower.number, card=held)
                           for _ in range(ap)]
    for name in enclave.locations:
        card = data.card(name)
        if card.effect == "extra_ap":
            tokens += [ApToken(name, card.action, card.card_type) for _ in range(card.amount)]
    return tokens


def pays_for(token: ApToken, action: str, card_type: str | None = None) -> bool:
    if token.action is None:
        return True
    return token.action == action and token.card_type in (None, card_type)


def can_pay(data: GammaData, tokens: list[ApToken], action: str,
            card_type: str | None = None) -> bool:
    """Whether the AP left can pay for ``action`` (with an item of ``card_type``)."""
    return sum(pays_for(t, action, card_type) for t in tokens) >= data.ap_costs[action]


def payable(data: GammaData, tokens: list[ApToken]) -> Callable[[str, str | None], bool]:
    """:func:`can_pay` for many actions at once: counts the AP by restriction once."""
    free = 0
    only: dict[tuple[str, str | None], int] = {}
    for token in tokens:
        if token.action is None:
            free += 1
        else:
            key = (token.action, token.card_type)
            only[key] = only.get(key, 0) + 1

    def check(action: str, card_type: str | None = None) -> bool:
        usable = free + only.get((action, None), 0)
        if card_type is not None:
            usable += only.get((action, card_type), 0)
        return usable >= data.ap_costs[action]

    return check


def payment(data: GammaData, tokens: list[ApToken], action: str,
            card_type: str | None = None) -> list[ApToken] | None:
    """The AP that pay for ``action``: restricted AP first, then AP that risk no Breakdown,
    a card's (a steed's, a mutation's: lost if the card leaves play, ruling gw-47) before a
    base AP, and a vehicle's or equipment's last (ruling gw-25); None if they cannot pay."""
    cost = data.ap_costs[action]
    usable = [t for t in tokens if pays_for(t, action, card_type)]
    if len(usable) < cost:
        return None

    def order(token: ApToken) -> int:
        if token.action is not None:
            return 0
        if token.follower is None:
            return 2
        if not breaks_down(data, data.card(token.source)):
            return 1
        return 3

    return sorted(usable, key=order)[:cost]


def ap_in_play(data: GammaData, enclave: Enclave, tokens: list[ApToken]) -> list[ApToken]:
    """The ``tokens`` whose card is still in play in ``enclave``: a follower's card still on
    one of its followers (that very card: one played again gives no AP this turn, ruling
    gw-25), a location's as many as the copies of it still held; the base AP always. The
    others were lost with their card (ruling gw-47)."""
    on_followers = {id(held) for f in enclave.followers for held in f.cards}
    copies: dict[str, int] = {}
    kept: list[ApToken] = []
    for token in tokens:
        if token.card is not None:
            if id(token.card) in on_followers:
                kept.append(token)
            continue
        card = data.cards.get(token.source)
        if card is None or card.type != "Location":
            kept.append(token)
            continue
        if token.source not in copies:
            copies[token.source] = enclave.locations.count(token.source) * card.amount
        if copies[token.source] > 0:
            copies[token.source] -= 1
            kept.append(token)
    return kept


def find_follower(enclaves: list[Enclave], number: int) -> tuple[int, Follower] | None:
    """The seat and follower numbered ``number`` (None if it is no longer in play)."""
    for seat, enclave in enumerate(enclaves):
        for follower in enclave.followers:
            if follower.number == number:
                return seat, follower
    return None


def healing_order(data: GammaData, follower: Follower) -> list[Follower | Attached]:
    """Where a follower's own counter of the Healing Phase comes off: "All your followers (not
    Armor) remove one damage counter each." (line 61): from the follower, or if it has none,
    from its steed (ruling gw-36)."""
    return [follower, *cards_of(data, follower, "Steed")]


def damaged(data: GammaData, enclave: Enclave) -> list[tuple[Follower, Attached | None]]:
    """What a heal card can mend: followers and steeds with damage counters (not armor, line
    61; ruling gw-36)."""
    found: list[tuple[Follower, Attached | None]] = []
    for follower in enclave.followers:
        if follower.damage:
            found.append((follower, None))
        found += [(follower, held) for held in follower.cards
                  if held.damage and data.card(held.name).type == "Steed"]
    return found
