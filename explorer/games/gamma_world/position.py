"""What a Gamma World table shows: :func:`position`, plain data a view draws from.

Besides the keys every game's position has (:mod:`explorer.engine.position`), a Gamma World
position holds ``action_points`` (the active player's AP left, what each may pay for, and what
each action costs), ``played`` (an event card being played), ``battle`` (the battle under way,
or None) and for each seat: ``followers`` (each with its kind, Force, Hits and damage, and its
mutations, items, steed and armor), ``locations`` (the ones controlled, each with whether its
one-time power is spent), ``force`` (what all the followers fight with), ``hand_limit``,
``follower_limit`` and ``drawn`` (cards a deck search found, on their way to the hand: hidden
from the other seats like a hand).

The cards Precognition saw stay on top of the deck known to all (ruling gw-40), so
``known_top`` is in every seat's view.
"""

from __future__ import annotations

from typing import Any

from explorer.engine import Game
from explorer.engine import position as shared
from explorer.engine.position import Card
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.battle import opposing_threat
from explorer.games.gamma_world.common import Ctx
from explorer.games.gamma_world.data import GammaData
from explorer.games.gamma_world.state import ApToken, Attached, Battle, Follower, GammaState
from explorer.games.gamma_world.turn import ap_text

PHASES = {
    "scenario": "Scenario",
    "setup": "Setup",
    "action": "Action Phase",
    "action.breakdown": "Action Phase: Breakdown Roll",
    "action.recruit": "Action Phase: Recruit a Follower",
    "action.recruit.defect": "Action Phase: Recruit a Follower, Defect",
    "action.draw": "Action Phase: Draw a Card",
    "action.item": "Action Phase: Play an Item",
    "action.event": "Action Phase: Event",
    "action.missile": "Action Phase: Neutron Missile",
    "action.attack.foe": "Battle: Playing a Foe",
    "action.attack.threat": "Battle: Starting Threat",
    "action.attack.battle": "Battle: Round",
    "action.attack.breakdown": "Battle: Breakdown Rolls",
    "action.attack.end": "Battle: End",
    "action.attack.search": "Battle: Searching the Deck",
    "action.encroach.battle": "Encroach: Round",
    "action.encroach.breakdown": "Encroach: Breakdown Rolls",
    "action.encroach.end": "Encroach: End",
    "healing": "Healing Phase",
    "over": "Game Over",
}
"""Every phase in the seed's words (TURN SEQUENCE, lines 13-62: the Action Phase with its
actions and battles, the Healing Phase)."""

LIMITS = {"discard": "Discarding Excess Cards", "dismiss": "Discarding Excess Followers"}
"""The hand and follower limits kept at once wherever they are passed (ruling gw-37): a
suffix of the phase they interrupt."""

TAKES_HITS = ("Steed", "Armor")
"""Attached cards with Hits of their own, which take a follower's hits first (lines 50, 58)."""

_TABLES: dict[int, tuple[GammaData, dict[str, str]]] = {}


def phase_name(phase_id: str) -> str | None:
    """The phase in the seed's words ("Battle: Round"); None for a phase id it does not
    know."""
    if phase_id in PHASES:
        return PHASES[phase_id]
    base, _, limit = phase_id.rpartition(".")
    if limit in LIMITS and base in PHASES:
        return f"{PHASES[base]}, {LIMITS[limit]}"
    return None


def position(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The Gamma World position as plain data: the whole of it (``seat=None``) or what
    ``seat`` sees (other seats' hands and cards found by a search as counts).

    Raises :class:`~explorer.errors.IllegalAction` for a seat that is not None or a seat
    number of the game.
    """
    game = shared.check_game(game, "gamma_world")
    viewer = shared.check_seat(game, seat)
    state: GammaState = game.state
    data: GammaData = state._data
    active = None if game.is_over or game.phase == "setup" else state.active
    scores = game.scores
    searching = game.phase.startswith("action.attack.search")
    limbo = [card(data, n) for n in state.limbo]
    deck = shared.deck("Deck", state.deck_size, len(state.discard),
                       card(data, state.discard[-1]) if state.discard else None,
                       [card(data, n) for n in state.top])
    seats = [_seat(game, data, number, viewer, active, scores[number],
                   limbo if searching and number == active else [])
             for number in range(game.players)]
    return {
        **shared.frame(game, viewer, phase_entry=shared.phase(game.phase,
                                                              phase_name(game.phase)),
                       active=active, turn=state.turn, decks=[deck], seats=seats),
        "action_points": action_points(state, data),
        "played": [] if searching else limbo,
        "battle": None if state.battle is None else battle(state, data, state.battle),
    }


# ---- cards ----------------------------------------------------------------------------------

def table_of(data: GammaData, name: str) -> str:
    """The card table in data/gamma_world/ that a card of the shared deck comes from."""
    found = _TABLES.get(id(data))
    if found is None or found[0] is not data:
        found = _TABLES[id(data)] = (data, {c.name: table for table, cards in data.tables.items()
                                            for c in cards})
    return found[1][name]


def card(data: GammaData, name: str) -> Card:
    """A card of the shared deck, with its type."""
    return {"name": name, "table": table_of(data, name), "type": data.card(name).type}


def attached(data: GammaData, held: Attached) -> Card:
    """A card on a follower, with its Force and Hits (armor and steeds: their own, which take
    hits first; mutations and equipment: added to the follower's) and what is on it now:
    damage counters, uses left (a "One Use Only" weapon; None: no limit)."""
    face = data.card(held.name)
    entry = {**card(data, held.name), "force": face.force, "hits": face.hits,
             "damage": held.damage, "uses": held.uses}
    if face.type in TAKES_HITS:
        entry["hits_left"] = face.hits - held.damage
    return entry


# ---- a seat ---------------------------------------------------------------------------------

def _seat(game: Game, data: GammaData, number: int, viewer: int | None, active: int | None,
          score: int, drawn: list[Card]) -> dict[str, Any]:
    enclave = game.state.enclaves[number]
    spent = game.state.spent
    return {
        **shared.seat(game, number, viewer, active, score,
                      [card(data, n) for n in enclave.hand]),
        "drawn": shared.hidden(drawn, shared.sees(viewer, number)),
        "followers": [follower(data, f) for f in enclave.followers],
        "locations": [{**card(data, n), "one_time": data.card(n).one_time,
                       "spent": n in spent} for n in enclave.locations],
        "force": E.total_force(data, enclave),
        "hand_limit": E.hand_limit(data, enclave),
        "follower_limit": E.follower_limit(data, enclave),
    }


def follower(data: GammaData, token: Follower) -> dict[str, Any]:
    """A follower token: its kind, Force (base and every card's, ruling gw-29; and against a
    robot Foe, ruling gw-8), Hits (base, mutations and equipment), damage counters and Hits
    left, and its cards: mutations, items (weapons, vehicles, equipment), its steed and its
    armor (one each, line 39; more, if a card set allows them, are listed with the items)."""
    mutations, items = [], []
    steed = armor = None
    for held in token.cards:
        entry = attached(data, held)
        if entry["type"] == "Mutation":
            mutations.append(entry)
        elif entry["type"] == "Steed" and steed is None:
            steed = entry
        elif entry["type"] == "Armor" and armor is None:
            armor = entry
        else:
            items.append(entry)
    hits = E.follower_hits(data, token)
    return {
        "number": token.number, "name": str(token), "kind": token.kind,
        "force": E.follower_force(data, token),
        "force_vs_robots": E.follower_force(data, token, robot=True),
        "hits": hits, "damage": token.damage, "hits_left": hits - token.damage,
        "mutations": mutations, "items": items, "steed": steed, "armor": armor,
    }


# ---- the turn's Action Points and the battle ------------------------------------------------

def action_points(state: GammaState, data: GammaData) -> dict[str, Any]:
    """The active player's AP left this turn (none outside his Action Phase), each with its
    source and what it may pay for (ruling gw-11: "AP +1 to X only"), and what each action
    costs (an event's: ruling gw-21)."""
    costs = dict(data.ap_costs)
    return {"left": len(state.ap), "label": ap_text(Ctx(state, data)),
            "tokens": [_token(t, costs) for t in state.ap], "costs": costs}


def _token(token: ApToken, costs: dict[str, int]) -> dict[str, Any]:
    return {"source": token.source, "follower": token.follower,
            "pays_for": [a for a in costs if token.action in (None, a)],
            "card_type": token.card_type, "label": str(token)}


def battle(state: GammaState, data: GammaData, fight: Battle) -> dict[str, Any]:
    """The battle under way: who attacks which location, the Foe and its Threat left (line
    47), or in an Encroach the defender; the rounds fought; the Force the attacking followers
    roll and the Threat they roll against (the Foe's, or the defenders' Force: ruling gw-38)."""
    attacker = state.enclaves[fight.attacker]
    return {
        "attacker": fight.attacker, "location": card(data, fight.location),
        "foe": None if fight.foe is None else {**card(data, fight.foe), "robot": fight.robot},
        "threat": fight.threat, "defender": fight.defender, "encroach": fight.defender
        is not None, "rounds": fight.rounds,
        "force": E.total_force(data, attacker, fight.robot),
        "opposing_threat": opposing_threat(Ctx(state, data), fight),
        "label": battle_label(fight),
    }


def battle_label(fight: Battle) -> str:
    """E.g. "Battle for Agri-Dome against Warbot: 1 round fought"."""
    if fight.defender is not None:
        what = f"Encroach on {fight.location}, defended by Player {fight.defender + 1}"
    else:
        what = f"Battle for {fight.location}" + (f" against {fight.foe}" if fight.foe else "")
    return f"{what}: {fight.rounds} round{'s' if fight.rounds != 1 else ''} fought"
