"""What an Adventurers table shows: :func:`position`, plain data a view draws from.

Besides the keys every game's position has (:mod:`explorer.engine.position`), an Adventurers
position holds ``order`` (the seats in turn order), ``played`` (the cards the active player has
played this turn), ``in_play`` (cards played to the roll under way, discarded once it is made)
and for each seat: ``profession`` (the adventurer type and its advantage), ``chain`` (the
Travel and Location cards played face up, first played first), ``top`` (the chain's top card,
which Encounters must match), ``locations_visited`` and ``locations_to_win``, ``hand_limit``
and ``encounter`` (the unresolved Encounter faced, with who played it, its attached weapon and
the dice of its Encounter roll; None).

Cards known on top of the deck ("Look at next N cards", the College Professor, or put there by a
scenario) are in ``known_top`` of the whole position only (``seat=None``): they are seen by the
player who looked (ruling adv-21), and the engine does not record who that was.
"""

from __future__ import annotations

from typing import Any

from explorer.engine import Game
from explorer.engine import position as shared
from explorer.engine.position import Card
from explorer.games.adventurers.common import Ctx
from explorer.games.adventurers.data import AdventurersData
from explorer.games.adventurers.encounter import weapon_dice
from explorer.games.adventurers.state import Adventurer, AdventurersState, Facing

PHASES = {
    "scenario": "Scenario",
    "setup.profession": "Setup: Adventurer Type",
    "setup.draw": "Setup: Starting Hand",
    "setup.first player": "Setup: First Player",
    "draw": "Draw Phase",
    "draw.discard": "Draw Phase: Discard",
    "draw.hand limit": "Draw Phase: Hand Limit",
    "research.before": "Research Phase (before Travel)",
    "research.after": "Research Phase (after the Encounter)",
    "travel": "Travel Phase",
    "encounter": "Encounter Phase",
    "encounter.play": "Encounter Phase: Playing an Encounter",
    "encounter.weapon": "Encounter Phase: Weapon",
    "encounter.disarm": "Encounter Phase: Disarm",
    "encounter.roll": "Encounter Phase: Encounter Roll",
    "encounter.escape": "Encounter Phase: Escape",
    "encounter.escape.discard": "Encounter Phase: Escape, Discarding",
    "over": "Game Over",
}
"""Every phase in the seed's words (TURN SEQUENCE, lines 37-44: Draw, Research, Travel,
Encounter and Research Phases)."""


def phase_name(phase_id: str) -> str | None:
    """The phase in the seed's words ("Encounter Phase: Escape"); None for a phase id it does
    not know."""
    return PHASES.get(phase_id)


def position(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The Adventurers position as plain data: the whole of it (``seat=None``) or what
    ``seat`` sees (other seats' hands as counts, no card known on top of the deck).

    Raises :class:`~explorer.errors.IllegalAction` for a seat that is not None or a seat
    number of the game.
    """
    game = shared.check_game(game, "adventurers")
    viewer = shared.check_seat(game, seat)
    state: AdventurersState = game.state
    data: AdventurersData = state._data
    ctx = Ctx(state, data)
    active = None if game.is_over else state.active
    scores = game.scores
    deck = state.deck
    known = [card(data, n) for n in deck.top] if viewer is None else None
    return {
        **shared.frame(
            game, viewer, phase_entry=shared.phase(game.phase, phase_name(game.phase)),
            active=active, turn=state.turns,
            decks=[shared.deck("Deck", deck.size, len(deck.discard),
                               card(data, deck.discard[-1]) if deck.discard else None, known)],
            seats=[_seat(game, ctx, number, viewer, active, scores[number])
                   for number in range(game.players)]),
        "order": list(state.order),
        "played": [card(data, n) for n in state.plays],
        "in_play": [card(data, n) for n in state.in_play],
    }


def card(data: AdventurersData, name: str) -> Card:
    """A card of the common deck, with its type (Encounter, Travel, Location, ...); an
    Encounter's Force and kind, a Location's Ancient tag."""
    face = data.cards[name]
    entry: Card = {"name": name, "table": "cards", "type": face.type}
    if face.type == "Encounter":
        entry.update(force=face.force, kind=face.kind)
    elif face.type == "Location":
        entry["ancient"] = face.ancient
    return entry


def _seat(game: Game, ctx: Ctx, number: int, viewer: int | None, active: int | None,
          score: int) -> dict[str, Any]:
    data = ctx.data
    adventurer: Adventurer = ctx.adv(number)
    profession = None
    if adventurer.profession is not None:
        face = data.professions[adventurer.profession]
        profession = {"name": face.name, "table": "professions", "advantage": face.advantage}
    return {
        **shared.seat(game, number, viewer, active, score,
                      [card(data, n) for n in adventurer.hand]),
        "profession": profession,
        "chain": [card(data, n) for n in adventurer.chain],
        "top": None if adventurer.top is None else card(data, adventurer.top),
        "locations_visited": adventurer.locations,
        "locations_to_win": ctx.constants["locations_to_win"],
        "hand_limit": ctx.hand_limit(number) if profession is not None
        else ctx.constants["hand_size"],
        "encounter": None if adventurer.encounter is None
        else encounter(ctx, adventurer.encounter),
    }


def encounter(ctx: Ctx, facing: Facing) -> dict[str, Any]:
    """The unresolved Encounter an adventurer faces (it stays until escaped, ruling adv-32):
    the card, who played it, its attached weapon (line 67) and the Encounter roll's dice, 1D6
    a point of Force and the weapon's (lines 64-67; ruling adv-15)."""
    face = ctx.data.cards[facing.card]
    dice = ctx.data.dice("encounter", face.force)[0]
    if facing.weapon is not None:
        dice += weapon_dice(ctx, facing.by, facing.weapon, "encounter_weapon")
    return {"card": card(ctx.data, facing.card), "by": facing.by,
            "weapon": None if facing.weapon is None else card(ctx.data, facing.weapon),
            "encounter_dice": dice}
