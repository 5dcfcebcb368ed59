"""What must hold of a Rat-King state after every step (checked by the tests, usable anywhere).

- every card of the set (60 with the ME cards) is in exactly one place: a hand, the draw pile,
  the discard pile, a group (a character, a STUFF or an EVENT on one), an EVENT on a group, the
  ADVENTURES won, the ADVENTURE being fought, an ENCOUNTER in play, a card being resolved, or
  set aside;
- a ME card is never in the discard pile (nor in a hand or the draw pile), and each group holds
  its player's ME card once the ME cards are taken (before, they wait set aside);
- a 2-player group holds at most 4 characters, REINFORCEMENTS not counted; REINFORCEMENTS only
  during an ADVENTURE ROUND;
- AP is never negative;
- no character is in a group with one it excludes, and no card with no flipped value is in
  play flipped.
"""

from __future__ import annotations

from collections import Counter

from explorer.games.rat_king.common import Ctx, ap_of
from explorer.games.rat_king.data import RatKingData
from explorer.games.rat_king.position import in_play
from explorer.games.rat_king.state import RatKingState


def card_places(state: RatKingState) -> Counter[str]:
    """How many times each card is found anywhere in the state."""
    found: list[str] = list(state.discard)
    for hand in state.hands:
        found.extend(hand)
    for group in state.groups:
        for character in group:
            found.append(character.name)
            found.extend(g.name for g in character.stuff)
            found.extend(character.events)
    for won in state.adventures_won:
        found.extend(won)
    found.extend(in_play(state))
    found.extend(state.set_aside)
    found.extend(state.pile.top)
    seen = Counter(found)
    for name, copies in state.pile.cards.items():
        seen[name] += copies
    return seen


def check(state: RatKingState, data: RatKingData) -> None:
    """Raise AssertionError naming the first invariant that does not hold."""
    me = set(data.me_cards)
    for place, cards in (("the discard pile", state.discard),
                         ("the draw pile", list(state.pile.contents())),
                         *((f"player {s + 1}'s hand", h) for s, h in enumerate(state.hands))):
        found = me.intersection(cards)
        if found:
            raise AssertionError(f"ME card {sorted(found)} in {place}")
    for seat in range(state.players):
        ap = ap_of(state, data, seat)
        if ap < 0:
            raise AssertionError(f"player {seat + 1} has {ap} AP")
    limit = data.constants["group_limit_two_players"]
    ctx = Ctx(state, data)
    for seat, group in enumerate(state.groups):
        if state.players == 2 and sum(not c.reinforcement for c in group) > limit:
            raise AssertionError(f"player {seat + 1}'s group holds over {limit} characters")
        if state.round is None and any(c.reinforcement for c in group):
            raise AssertionError(f"player {seat + 1} has a REINFORCEMENT outside an ADVENTURE")
        bad = ctx.excluded(seat)
        if bad:
            raise AssertionError(f"player {seat + 1}'s group holds {[c.name for c in bad]}, "
                                 "which exclude each other")
        for character in group:
            if character.flipped and data.characters[character.name].cp_flipped is None:
                raise AssertionError(f"{character.name} is flipped but has no flipped value")
            for gear in character.stuff:
                if gear.flipped and data.stuffs[gear.name].cp_flipped is None:
                    raise AssertionError(f"{gear.name} is flipped but has no flipped value")
    taking = state.phase == "setup" and state._start is None  # the ME cards being taken
    for seat, group in enumerate(state.groups):
        mine = [c.name for c in group if c.name in me]
        if len(mine) != data.constants["me_per_player"] and not taking:
            raise AssertionError(f"player {seat + 1}'s group holds the ME cards {mine}")
    expected = data.whole_set()
    if sum(expected.values()) != data.constants["deck_size"]:
        raise AssertionError(f"the set holds {sum(expected.values())} cards, not "
                             f"{data.constants['deck_size']}")
    found = card_places(state)
    if dict(found) != expected:
        raise AssertionError(f"the cards are not each in one place: missing "
                             f"{dict(Counter(expected) - found)}, extra "
                             f"{dict(found - Counter(expected))}")
