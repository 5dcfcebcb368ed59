"""What a Rat-King table shows: :func:`position`, plain data a view draws from.

The read-out pinned by issue #13 (keep it exact)::

    {"active": seat to act, "ap": [int per seat],
     "hands": [[card name, ...] per seat], "draw_pile": int, "discard": [card names],
     "groups": [[{"name", "flipped", "reinforcement", "stuff": [{"name", "flipped"}],
                  "events": [card names]} per character] per seat],
     "adventures_won": [[card names] per seat],
     "in_play": [card names on the table not listed above: an ADVENTURE being fought, Effect
                 ENCOUNTERS, EVENTS on a group, a card whose effects are being resolved],
     "set_aside": [card names out of the game, such as unused ME cards]}

Every card of the set (of every set in play, with combined decks) is in exactly one of these
places at every step. With a seat the
read-out is what that seat sees: the other hands as counts (the discard pile is face up, and
looked through by the cards that take from it). It also holds the keys every game's position
has (:mod:`explorer.engine.position`, with one deck: the draw pile and the discard pile), and:

- ``cp``: each group's CP (during an ADVENTURE its total before the die, else what its
  characters are worth);
- ``group_events``: the EVENTS on each group (also in ``in_play``);
- ``adventure``: the ADVENTURE ROUND under way (its card, who played it, the ENCOUNTERS in
  play, this ADVENTURE's modifiers, the dice and totals once rolled), or None;
- ``last_adventure``: the last ADVENTURE's result (its card, who played it, the dice, the
  totals, each participating character's CP, the winner: None if it was discarded);
- ``dealer`` and ``to_win`` (the AP that wins);
- ``genders``: each player's gender, "F" or "M", the "*" of his ME card (the option
  ``genders``), or None in a game started without it (rulings rk-31, rk-53);
- ``mode``: the deck-combining mode (None: one set) and ``sets``: the labels of the sets in
  play (ruling rk-45);
- ``draw_piles`` and ``discards``: each draw pile's size and each discard pile, one of each, or
  On the Borderlands one per player (``draw_pile`` is then their total and ``discard`` all
  the discard piles one after the other; ruling rk-47);
- ``waiting``: in Conjunction of the Planes, whether the second set still waits set aside for
  the trigger card (ruling rk-48).
"""

from __future__ import annotations

from typing import Any

from explorer.engine import Game
from explorer.engine import position as shared
from explorer.engine.position import Card
from explorer.games.rat_king.common import Ctx, ap_of
from explorer.games.rat_king.data import RatKingData
from explorer.games.rat_king.state import Character, Modifier, RatKingState

PHASES = {
    "scenario": "Scenario",
    "setup": "Setup: the ME Cards",
    "setup.dealer": "Setup: the Dealer",
    "setup.deal": "Setup: the Deal",
    "turn.draw": "Draw to Five",
    "turn": "Choose an Action",
    "turn.character": "Play a Character",
    "turn.stuff": "Play a Stuff",
    "turn.event": "Play an Event",
    "turn.adventure": "Play an Adventure",
    "turn.unflip": "Discard to Unflip",
    "turn.option": "Turn Option",
    "adventure.round": "Adventure Round",
    "adventure.encounter": "Adventure Round: an Encounter",
    "adventure.reinforcement": "Adventure Round: a Reinforcement",
    "adventure.reinforcement_stuff": "Adventure Round: a Stuff on a Reinforcement",
    "adventure.stuff_die": "Adventure Round: a Stuff Die",
    "adventure.dice": "Adventure Dice",
    "adventure.totals": "Adventure Totals",
    "adventure.won": "Adventure Won",
    "adventure.end": "End of the Adventure",
    "adventure.sunburst": "Sunburst",
    "over": "Game Over",
}
"""Every phase in people's words (seed 002: Starting the Game, Your Turn, Adventure Cards)."""


def phase_name(phase_id: str) -> str | None:
    """The phase in words; None for a phase id it does not know."""
    return PHASES.get(phase_id)


def card(data: RatKingData, name: str) -> Card:
    """A card as a view draws it: its name and its card table."""
    return {"name": name, "table": data.table[name]}


def character_entry(character: Character) -> dict[str, Any]:
    """A character in a group, as the read-out writes it."""
    return {"name": character.name, "flipped": character.flipped,
            "reinforcement": character.reinforcement,
            "stuff": [{"name": g.name, "flipped": g.flipped} for g in character.stuff],
            "events": list(character.events)}


def in_play(state: RatKingState) -> list[str]:
    """The cards on the table outside the groups, the ADVENTURES won and the piles: the
    ADVENTURE being fought, the Effect ENCOUNTERS, a card being resolved, the EVENTS on
    groups."""
    found: list[str] = []
    rnd = state.round
    if rnd is not None:
        if not rnd.settled:
            found.append(rnd.adventure)
        found.extend(rnd.encounters)
    found.extend(state.resolving)
    for events in state.group_events:
        found.extend(events)
    return found


def modifier_entry(state: RatKingState, modifier: Modifier) -> dict[str, Any] | None:
    """A modifier as a scenario gives it: the character as [seat, index in the group]; None
    for one on a character that has left play (it does nothing any more)."""
    entry: dict[str, Any] = {"kind": modifier.kind, "source": modifier.source,
                             "amount": modifier.amount}
    if modifier.character is not None:
        found = state.find(modifier.character)
        if found is None:
            return None
        entry["character"] = [found[0], state.groups[found[0]].index(found[1])]
    for key in ("group", "every", "gender", "stuff_range"):
        value = getattr(modifier, key)
        if value is not None:
            entry[key] = value
    if modifier.ratling:
        entry["ratling"] = True
    return entry


def adventure_entry(state: RatKingState) -> dict[str, Any] | None:
    """The ADVENTURE ROUND under way as the read-out's ``adventure`` (None: there is none)."""
    rnd = state.round
    if rnd is None:
        return None
    return {"name": rnd.adventure, "played_by": rnd.by, "encounters": list(rnd.encounters),
            "modifiers": [e for e in (modifier_entry(state, m) for m in rnd.modifiers)
                          if e is not None],
            "rolls": list(rnd.rolls), "totals": list(rnd.totals), "settled": rnd.settled}


def _plain(value: Any) -> Any:
    """A copy made of new lists and objects (the read-out shares nothing with the state)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def position(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The Rat-King position as plain data: the whole of it (``seat=None``) or what ``seat``
    sees (the other hands as counts, no card known on top of the draw pile).

    Raises :class:`~explorer.errors.IllegalAction` for a seat that is not None or a seat
    number of the game.
    """
    game = shared.check_game(game, "rat_king")
    viewer = shared.check_seat(game, seat)
    state: RatKingState = game.state
    data: RatKingData = state._data
    active = None if game.is_over else state.active
    scores = game.scores
    ctx = Ctx(state, data)
    plan = data.plan
    several = len(state.piles) > 1
    decks = []
    for number, (pile, discard) in enumerate(zip(state.piles, state.discards, strict=True)):
        known = [card(data, n) for n in pile.top] if viewer is None else None
        decks.append(shared.deck(f"Player {number + 1}'s draw pile" if several else "Draw pile",
                                 pile.size, len(discard),
                                 card(data, discard[-1]) if discard else None, known))
    seats = [{**shared.seat(game, number, viewer, active, scores[number],
                            [card(data, n) for n in state.hands[number]]),
              "ap": scores[number], "dealer": state.dealer == number}
             for number in range(game.players)]
    return {
        **shared.frame(game, viewer,
                       phase_entry=shared.phase(game.phase, phase_name(game.phase)),
                       active=active, turn=state.turns, decks=decks, seats=seats),
        "ap": [ap_of(state, data, s) for s in range(game.players)],
        "cp": [ctx.strength(s) for s in range(game.players)],
        "hands": [list(hand) if shared.sees(viewer, number) else len(hand)
                  for number, hand in enumerate(state.hands)],
        "draw_pile": sum(p.size for p in state.piles),
        "discard": [n for discard in state.discards for n in discard],
        "groups": [[character_entry(c) for c in group] for group in state.groups],
        "adventures_won": [list(won) for won in state.adventures_won],
        "in_play": in_play(state),
        "set_aside": list(state.set_aside),
        "group_events": [list(events) for events in state.group_events],
        "adventure": adventure_entry(state),
        "last_adventure": _plain(state.last_adventure),
        "dealer": state.dealer,
        "genders": list(state.genders),
        "to_win": data.constants["victory_ap"],
        "mode": None if plan is None else plan.mode,
        "sets": [] if plan is None else list(plan.labels),
        "draw_piles": [p.size for p in state.piles],
        "discards": [list(discard) for discard in state.discards],
        "waiting": waiting(state, data),
    }


def waiting(state: RatKingState, data: RatKingData) -> bool:
    """In Conjunction of the Planes: the second set still waits set aside (ruling rk-48)."""
    plan = data.plan
    if plan is None or plan.mode != "conjunction":
        return False
    me = set(data.me_cards)
    return any(plan.later(n) and n not in me for n in state.set_aside)
