"""What must hold of a Riftforce state after every step (checked by the tests, usable anywhere).

- once the selection is done, each player has 4 guilds, no guild is had by both, and each of a
  player's 36 elementals is in exactly one place (hand, draw pile, discard pile, or his own
  side of the Rift);
- no elemental in play has damage >= its value (it would have been destroyed), none has
  negative damage, and every elemental sits on its owner's side;
- no hand holds more than 7 cards; Riftforce is never negative.
"""

from __future__ import annotations

from collections import Counter

from explorer.games.riftforce.data import RiftforceData
from explorer.games.riftforce.state import RiftforceState


def card_places(state: RiftforceState, seat: int) -> Counter[str]:
    """How many times each of ``seat``'s cards is found anywhere in the state."""
    side = state.sides[seat]
    seen: Counter[str] = Counter(side.pile.contents())
    seen.update(side.hand)
    seen.update(side.discard)
    for location in state.board:
        seen.update(e.name for e in location[seat])
    return seen


def check(state: RiftforceState, data: RiftforceData) -> None:
    """Raise AssertionError naming the first invariant that does not hold."""
    limit = data.constants["draw_up_to"]
    for seat, side in enumerate(state.sides):
        if len(side.hand) > limit:
            raise AssertionError(f"player {seat + 1} holds {len(side.hand)} cards, over {limit}")
        if side.riftforce < 0:
            raise AssertionError(f"player {seat + 1} has {side.riftforce} Riftforce")
    for location, sides in enumerate(state.board):
        for seat, column in enumerate(sides):
            for elemental in column:
                if elemental.owner != seat:
                    raise AssertionError(f"{elemental} of player {elemental.owner + 1} is on "
                                         f"player {seat + 1}'s side of location {location + 1}")
                if not 0 <= elemental.damage < elemental.value:
                    raise AssertionError(f"{elemental} at location {location + 1} has damage "
                                         f"{elemental.damage}")
    if not state.draft.done or state.phase in {"selection", "selection.toss",
                                               "selection.picks"}:
        return
    wanted = data.constants["guilds_per_player"]
    guilds = [side.guilds for side in state.sides]
    if any(len(g) != wanted or len(set(g)) != wanted for g in guilds) or set(guilds[0]) & set(
            guilds[1]):
        raise AssertionError(f"the guilds are not 2 x {wanted} different ones: {guilds}")
    if state.phase == "setup":
        return  # the draw piles are being filled
    for seat, side in enumerate(state.sides):
        expected = data.deck(side.guilds)
        found = card_places(state, seat)
        if found != Counter(expected):
            missing = Counter(expected) - found
            extra = found - Counter(expected)
            raise AssertionError(f"player {seat + 1}'s cards are not each in one place: "
                                 f"missing {dict(missing)}, extra {dict(extra)}")
