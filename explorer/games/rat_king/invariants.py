"""What must hold of a Rat-King state after every step (checked by the tests, usable anywhere).

- every card of the set (60 with the ME cards; with combined decks every card of every set in
  play) is in exactly one place: a hand, a draw pile, a discard pile, a group (a character, a
  STUFF or an EVENT on one), an EVENT on a group, the ADVENTURES won, the ADVENTURE being fought,
  an ENCOUNTER in play, a card being resolved, or set aside;
- with combined decks: each player's ME card is one he may take (On the Borderlands his own
  set's, in Conjunction one of the first set); On the Borderlands each draw pile and discard
  pile holds its own player's set's cards only; in Conjunction the second set is either all
  waiting set aside or all in the game (rulings rk-46 to rk-49);
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
from typing import Any

from explorer.games.rat_king.common import Ctx, ap_of
from explorer.games.rat_king.data import RatKingData
from explorer.games.rat_king.position import in_play
from explorer.games.rat_king.state import RatKingState


def card_places(state: RatKingState) -> Counter[str]:
    """How many times each card is found anywhere in the state."""
    found: list[str] = [n for discard in state.discards for n in discard]
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
    for pile in state.piles:
        found.extend(pile.top)
    seen = Counter(found)
    for pile in state.piles:
        for name, copies in pile.cards.items():
            seen[name] += copies
    return seen


def check(state: RatKingState, data: RatKingData) -> None:
    """Raise AssertionError naming the first invariant that does not hold."""
    me = set(data.me_cards)
    piles = [*((f"discard pile {d + 1}", p) for d, p in enumerate(state.discards)),
             *((f"draw pile {d + 1}", list(p.contents())) for d, p in enumerate(state.piles))]
    for place, cards in (*piles,
                         *((f"player {s + 1}'s hand", h) for s, h in enumerate(state.hands))):
        found = me.intersection(cards)
        if found:
            raise AssertionError(f"ME card {sorted(found)} in {place}")
    plan = data.plan
    if plan is not None:
        _check_mode(state, data, plan, me)
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
    if plan is None and sum(expected.values()) != data.constants["deck_size"]:
        raise AssertionError(f"the set holds {sum(expected.values())} cards, not "
                             f"{data.constants['deck_size']}")
    found = card_places(state)
    if dict(found) != expected:
        raise AssertionError(f"the cards are not each in one place: missing "
                             f"{dict(Counter(expected) - found)}, extra "
                             f"{dict(found - Counter(expected))}")


def _check_mode(state: RatKingState, data: RatKingData, plan: Any, me: set[str]) -> None:
    """The invariants of the deck-combining modes (rulings rk-46 to rk-49)."""
    if len(state.piles) != plan.decks(state.players) or len(state.discards) != len(state.piles):
        raise AssertionError(f"{len(state.piles)} draw piles for mode {plan.mode}")
    for seat, group in enumerate(state.groups):
        for character in group:
            if character.name in me and not plan.may_take(seat, character.name):
                raise AssertionError(f"player {seat + 1} holds the ME card {character.name}, "
                                     f"which mode {plan.mode} does not deal him")
    if len(state.piles) > 1:
        for deck, (pile, discard) in enumerate(zip(state.piles, state.discards, strict=True)):
            strangers = [n for n in [*pile.contents(), *discard] if plan.home(n) != deck]
            if strangers:
                raise AssertionError(f"player {deck + 1}'s piles hold {sorted(set(strangers))} "
                                     "of another player's set")
    if plan.mode == "conjunction":
        later = [n for n in data.whole_set() if plan.later(n) and n not in me]
        aside = set(state.set_aside)
        waiting = [n for n in later if n in aside]
        if waiting and len(waiting) != len(later):
            raise AssertionError(f"the second set is partly in the game: {sorted(waiting)} "
                                 "still wait")
        if waiting:
            out = [n for n in state.set_aside if not plan.later(n) and n not in me]
            if out:
                raise AssertionError(f"{out} are set aside before the trigger")
