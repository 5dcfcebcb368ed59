"""What a Rifts Adventures table shows: :func:`position`, plain data a view draws from.

Besides the keys every game's position has (:mod:`explorer.engine.position`), a Rifts position
holds ``order`` (the seats in turn order), ``round`` (rounds of turns completed), ``revealed``
(Foe and Location cards flipped and not yet placed), ``combat`` (the fight under way, or None)
and for each seat its party: ``characters`` (each with its attached cards, wounds, Experience
and Force), ``location``, ``adventure_tokens``, ``party_turn``, ``party_base_force`` and its
limit, ``hand_limit``, ``effects`` (what the party carries: Weakened, Guide, a forced start,
Study Maps, Hostile Natives) and ``drawn`` (Aid cards the party drew and has not yet placed,
hidden from the other seats like a hand).

Cards known on top of a deck (Scrying, or put there by a scenario) are in ``known_top`` of the
whole position only (``seat=None``): Scrying's cards are seen by the player who looked, and the
engine does not record who that was (``Deck.known`` says only "Scrying" or "the scenario").
"""

from __future__ import annotations

from typing import Any

from explorer.engine import Game
from explorer.engine import position as shared
from explorer.engine.position import Card
from explorer.games.rifts import party as P
from explorer.games.rifts.common import KNOWN_BY
from explorer.games.rifts.data import DECKS, RiftsData
from explorer.games.rifts.state import (
    Bonus,
    Combat,
    Fighter,
    Held,
    Member,
    Party,
    RiftsState,
    Token,
)

TABLES = {"Character": "characters", "Equipment": "equipment", "Psionic": "psionic",
          "Magic": "magic", "Location": "locations", "Foe": "foes"}
"""Each deck's card table in data/rifts/."""

def draw_table(chance: Any) -> str | None:
    """The card table the deck of a pending draw holds (Rifts has a deck per kind of card):
    what :func:`explorer.odds.hidden_from` counts the unseen cards of."""
    args = chance.outcomes[0].args
    return TABLES.get(args[0]) if len(args) == 2 else None


PUBLIC_DECKS = frozenset({"Foe", "Location"})
"""Decks whose cards are flipped face up when drawn (a Foe met, a Location reached)."""

PHASES = {
    "scenario": "Scenario",
    "setup.characters": "Setup: Characters",
    "setup.locale": "Setup: Starting Locale",
    "setup.first player": "Setup: First Player",
    "decision": "Decision Act",
    "recuperate.heal": "Recuperate Phase: Heal Rolls",
    "recuperate.repair": "Recuperate Phase: Repair Rolls",
    "travel.survival": "Travel Phase: Survival Stage",
    "travel.hazard": "Travel Phase: Survival Stage, Hazard Table",
    "travel.encounter": "Travel Phase: Encounter Stage",
    "travel.escape table": "Travel Phase: Escape Table",
    "travel.destination": "Travel Phase: Destination Stage",
    "mission.roll": "Mission Phase: Mission Roll",
    "mission.reward": "Mission Phase: Reward",
    "supply.roll": "Supply Phase: Supply Roll",
    "supply.bonus": "Supply Phase: Bonus Supply",
    "supply.draw": "Supply Phase: Supply Cards",
    "end": "End Act",
    "over": "Game Over",
}
"""Every phase outside a combat, in the seed's words (TURN SEQUENCE, lines 284-420)."""

FIGHTS = {"travel.encounter": "Travel Phase: Encounter Stage",
          "travel.ambush": "Travel Phase: Hazard Table, Ambush",
          "mission": "Mission Phase", "scenario": None}
"""Where a combat is fought (the part of its phase id before ".combat.")."""

SEGMENTS = {"start": "Start", "escape": "Escape Segment",
            "character attacks": "Character Attack Segment", "actions": "Action Segment",
            "foe attacks": "Foe Attack Segment", "morale": "Morale Segment", "end": "End"}
"""A combat's segments (COMBAT RESOLUTION, lines 443-522), with its start and end."""


def phase_name(phase_id: str) -> str | None:
    """The phase in the seed's words ("Combat: Escape Segment (Mission Phase)"); None for a
    phase id it does not know."""
    if phase_id in PHASES:
        return PHASES[phase_id]
    where, found, segment = phase_id.partition(".combat.")
    if not found or where not in FIGHTS or segment not in SEGMENTS:
        return None
    during = FIGHTS[where]
    return f"Combat: {SEGMENTS[segment]}" + (f" ({during})" if during else "")


def position(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The Rifts position as plain data: the whole of it (``seat=None``) or what ``seat`` sees
    (other seats' hands and drawn cards as counts, no card known on top of a deck).

    Raises :class:`~explorer.errors.IllegalAction` for a seat that is not None or a seat
    number of the game.
    """
    game = shared.check_game(game, "rifts")
    viewer = shared.check_seat(game, seat)
    state: RiftsState = game.state
    data: RiftsData = state._data
    active = None if game.is_over else state.active
    scores = game.scores
    drawn, revealed = _revealed(game)
    drawer = _drawer(game)
    seats = [_seat(game, data, number, viewer, active, scores[number],
                   drawn if number == drawer else [])
             for number in range(game.players)]
    return {
        **shared.frame(game, viewer, phase_entry=shared.phase(game.phase,
                                                              phase_name(game.phase)),
                       active=active, turn=sum(p.turn for p in state.parties),
                       decks=[_deck(state, name, viewer) for name in DECKS], seats=seats),
        "order": list(state.order),
        "round": state.round,
        "revealed": revealed,
        "combat": None if state.combat is None else _combat(game, data, state.combat),
    }


# ---- cards and decks ------------------------------------------------------------------------

def card(deck: str, name: str) -> Card:
    """A card of a Rifts deck, by its deck and name."""
    return {"name": name, "table": TABLES[deck]}


def held(item: Held) -> Card:
    """An Aid card held or attached: damaged (gives nothing until repaired), uses left (None:
    unlimited)."""
    return {**card(item.deck, item.name), "damaged": item.damaged, "uses": item.uses}


def _deck(state: RiftsState, name: str, viewer: int | None) -> dict[str, Any]:
    pile = state.decks[name]
    known = [{**card(name, top), "known": KNOWN_BY[how]}
             for top, how in zip(pile.top, pile.known, strict=True)]
    top = card(name, pile.discard[-1]) if pile.discard else None
    return shared.deck(name, pile.size, len(pile.discard), top,
                       known if viewer is None else None)


def _drawer(game: Game) -> int | None:
    """The seat placing the cards drawn: the active party's, or at setup the seat choosing."""
    active = game.state.active
    return active if active is not None else game.current_player


def _revealed(game: Game) -> tuple[list[Card], list[Card]]:
    """The cards drawn and not yet placed (``state.revealed``), split into the Aid cards the
    drawing party sees (hidden from the others like its hand: they may go to it) and the
    Foe and Location cards, face up for all. The Aid cards a Foe draws at the start of a
    combat (line 457) are the Foe's, face up: they are drawn before its Characters are set up
    (``combat.fighters`` still empty)."""
    state: RiftsState = game.state
    foe_drawing = state.combat is not None and not state.combat.fighters
    drawn, public = [], []
    for deck, name in state.revealed:
        (public if deck in PUBLIC_DECKS or foe_drawing else drawn).append(card(deck, name))
    return drawn, public


# ---- a seat ---------------------------------------------------------------------------------

def _seat(game: Game, data: RiftsData, number: int, viewer: int | None, active: int | None,
          score: int, drawn: list[Card]) -> dict[str, Any]:
    party = game.state.parties[number]
    playing = number == active
    location = None
    if party.location is not None:
        location = {**card("Location", party.location),
                    "type": data.locations[party.location].type}
    return {
        **shared.seat(game, number, viewer, active, score, [held(h) for h in party.hand]),
        "drawn": shared.hidden(drawn, shared.sees(viewer, number)),
        "characters": [character(data, party, m, playing) for m in party.members],
        "location": location,
        "adventure_tokens": party.at,
        "party_turn": party.turn,
        "party_base_force": P.party_base_force(data, party),
        "party_base_force_limit": data.constants["party_base_force_limit"],
        "hand_limit": data.constants["hand_size_limit"],
        "effects": effects(data, party, playing),
    }


def character(data: RiftsData, party: Party, member: Member, playing: bool) -> Card:
    """A Character card with what is on it: Base Force, Experience and the Force it gives
    (each Token +1, line 437), wounds (2 incapacitate, 3 kill: lines 495-500), Separated,
    Crazy, this turn's Ley Lines Force, and its attached cards. ``playing``: the party's turn
    is under way."""
    face = data.characters[member.name]
    ley = member.ley_lines[1] if (playing and member.ley_lines is not None
                                  and member.ley_lines[0] == party.turn) else 0
    return {
        "name": member.name, "table": "characters", "class": face.kind,
        "base_force": face.force, "experience": member.experience,
        "experience_force": member.experience * data.constants["experience_force"],
        "force": P.base_force(data, member), "ley_lines_force": ley,
        "wounds": member.wounds,
        "incapacitated": member.wounds >= data.constants["wounds_incapacitated"],
        "away": member.away, "crazy": member.crazy,
        "attached": [held(h) for h in member.attached],
        "labels": member_labels(data, member, playing, ley),
    }


def member_labels(data: RiftsData, member: Member, playing: bool, ley: int) -> list[str]:
    """What a Character's card carries now, in words."""
    labels = []
    if member.wounds >= data.constants["wounds_incapacitated"]:
        labels.append(f"Incapacitated: {member.wounds} wounds")
    elif member.wounds:
        labels.append(f"Wounded: {member.wounds} wound")
    if member.away:
        labels.append(separated(member.away, playing))
    if member.crazy:
        labels.append(_event_label(data, "gain_ability", "permanent"))
    if ley:
        labels.append(f"Ley Lines: +{ley} Force this turn")
    return labels


def separated(away: int, playing: bool) -> str:
    """``Member.away`` counts the party's End Acts still to come before the Character is back
    (the rest of the turn it was lost in, then 1D6 turns: ruling rifts-67)."""
    if playing:
        if away == 1:
            return "Separated: back at the end of this turn"
        return f"Separated: lost for this turn and the next {_turns(away - 1)}"
    return f"Separated: lost for the party's next {_turns(away)}"


def _turns(count: int) -> str:
    return f"{count} turn{'s' if count != 1 else ''}"


def effects(data: RiftsData, party: Party, playing: bool) -> list[dict[str, Any]]:
    """What the party carries beyond its cards, each with a ``label`` in words: roll bonuses
    (the Hazard, Mission and Bonus Supply rows that give them), a start forced on the next
    turn (ruling rifts-76), Study Maps and Hostile Natives (rulings rifts-78, rifts-80)."""
    found = [bonus(b, party, playing) for b in party.bonuses if _lasting(b, party, playing)]
    if party.next_turn is not None:
        stage = "Travel Phase" if party.next_turn == "Travel" else f"{party.next_turn} Stage"
        found.append({"kind": "next turn", "start": party.next_turn,
                      "label": f"Next turn starts at the {stage}"})
    if party.ignore_foes:
        found.append({"kind": "ignore foes", "label": _row_label(data, "ignore_foes")})
    for location in party.hostile:
        found.append({"kind": "hostile", "location": location,
                      "label": f"{_row_label(data, 'no_resupply_here')} ({location})"})
    return found


def _lasting(item: Bonus, party: Party, playing: bool) -> bool:
    """A bonus with a last turn lasts through that party turn; between the party's turns it
    has lapsed once its last turn is over (it is taken off at the party's next turn)."""
    return item.until_turn is None or _turns_left(item.until_turn, party, playing) > 0


def _turns_left(until: int, party: Party, playing: bool) -> int:
    """The party's turns a bonus still applies in, counting the one under way."""
    return until - party.turn + (1 if playing else 0)


def bonus(item: Bonus, party: Party, playing: bool) -> dict[str, Any]:
    """A carried roll bonus (``Bonus``) with its numbers and a label such as "Weakened: -2 to
    your rolls until the end of your next turn"."""
    if item.choice:
        what = "a future roll of your choice"
    elif not item.rolls:
        what = "your rolls"
    else:
        what = f"your {'next ' if item.once else ''}{' or '.join(item.rolls)} " \
               f"roll{'' if item.once else 's'}"
    label = f"{item.reason}: {item.amount:+d} to {what}"
    if item.location is not None:
        label += f" at {item.location}"
    if item.until_turn is not None:
        left = _turns_left(item.until_turn, party, playing)
        if playing and left == 1:
            label += " until the end of this turn"
        elif left == 1 or (playing and left == 2):
            label += " until the end of your next turn"
        else:
            label += f" for {_turns(left)}"
    return {"kind": "bonus", "reason": item.reason, "amount": item.amount,
            "rolls": list(item.rolls), "choice": item.choice, "once": item.once,
            "location": item.location, "until_turn": item.until_turn, "label": label}


def _row_label(data: RiftsData, effect: str) -> str:
    """A Bonus Supply row's result and note: "Study Maps: Next Travel Phase you may ignore
    Foe Cards"."""
    row = next(r for r in data.tables["bonus_supply"] if r["effect"] == effect)
    return f"{row['result']}: {row['note']}"


def _event_label(data: RiftsData, effect: str, duration: str) -> str:
    """A Combat Event row's result and note: "Pinned Down: Character Immobilized next
    Round"."""
    row = next(r for r in data.tables["combat_event"]
               if r["effect"] == effect and r["duration"] == duration)
    return f"{row['result']}: {row['note']}"


# ---- the combat -----------------------------------------------------------------------------

def _combat(game: Game, data: RiftsData, combat: Combat) -> dict[str, Any]:
    """The fight under way: the Foe card, each Token's Force now and at the start with the
    cards it drew, the round and segment, and each fighting Character's state."""
    foe = data.foes[combat.foe]
    _, found, segment = game.phase.partition(".combat.")
    party = game.state.parties[combat.seat]
    return {
        "seat": combat.seat,
        "foe": {**card("Foe", foe.name), "types": list(foe.types), "tokens": foe.tokens,
                "force_per_token": foe.force_per_token,
                "abilities": [str(a) for a in foe.abilities]},
        "round": combat.round,
        "segment": SEGMENTS.get(segment) if found else None,
        "foes_first": combat.foes_first,
        "first_round_force": combat.first_round_force,
        "morale_modifier": combat.morale_modifier,
        "destroyed_this_round": combat.destroyed_this_round,
        "tokens": [_token(data, number, t) for number, t in enumerate(combat.tokens, start=1)],
        "fighters": [_fighter(data, m, combat.fighters[m.name]) for m in party.members
                     if m.name in combat.fighters],
        "labels": _combat_labels(data, combat),
    }


def _combat_labels(data: RiftsData, combat: Combat) -> list[str]:
    labels = []
    if combat.foes_first:  # Ambushed (ruling rifts-85)
        labels.append("Ambushed: the Foes attack first every round")
    if combat.first_round_force and combat.round <= 1:  # Surprise Foes
        labels.append(f"Surprise Foes: every Character gets +{combat.first_round_force} Force "
                      "in the first round")
    if combat.morale_modifier:
        row = next(r for r in data.tables["combat_event"] if r["effect"] == "roll_modifier")
        labels.append(f"{row['result']}: {combat.morale_modifier:+d} to the Foes' Morale "
                      "Check this round")
    return labels


def _token(data: RiftsData, number: int, token: Token) -> dict[str, Any]:
    labels = []
    if token.bonus:
        labels.append(f"Breath: +{token.bonus} Force this round")
    if token.immobilized:
        labels.append(f"Immobilized: sits out its next {token.immobilized} Foe Attack "
                      f"Segment{'s' if token.immobilized != 1 else ''}")
    for effect, flag in (("no_attack", token.no_attack),
                         ("attack_for_party", token.for_party)):
        if flag:
            row = next(r for r in data.tables["chaos"] if r["effect"] == effect)
            labels.append(f"{row['result']} this round")
    return {
        "number": number, "force": token.force, "start": token.start,
        "destroyed": not token.alive, "breath": token.bonus,
        "cards": [{**card(deck, name), "force": amount} for deck, name, amount in token.cards],
        "immobilized": token.immobilized, "no_attack": token.no_attack,
        "for_party": token.for_party, "labels": labels,
    }


def _fighter(data: RiftsData, member: Member, fighter: Fighter) -> dict[str, Any]:
    """A Character's state in the combat: Immobilized rounds (-1: the rest of the combat),
    Force from Berserk and the Ley Lines, the Drugs die, Crazy, an attack fewer, Confused,
    the Magic and Psionic cards in use (``ready``; ``used``: gone at the end) and the ability
    each "or" or Major card took for the combat (ruling rifts-60)."""
    return {
        "name": member.name, "immobile": fighter.immobile, "force_bonus": fighter.force_bonus,
        "drugs": fighter.drugs, "crazy": fighter.crazy, "fewer_attacks": fighter.fewer_attacks,
        "confused": fighter.confused,
        "ready": [card(deck, name) for deck, name in fighter.ready],
        "used": [card(deck, name) for deck, name in fighter.used],
        "chosen": dict(fighter.psychic),
        "labels": fighter_labels(data, fighter),
    }


PENDING = {"pinned": ("immobilize", "next round"),
           "out of ammo": ("attacks_modifier", "next round"),
           "confused": ("attack_own_party", "next round")}
"""``Fighter.pending`` effects -> their Combat Event row (effect, duration)."""


def fighter_labels(data: RiftsData, fighter: Fighter) -> list[str]:
    """A fighting Character's combat effects in words, from the Combat Event rows that gave
    them (durations: ruling rifts-72)."""
    labels = []
    if fighter.immobile == -1:
        labels.append(_event_label(data, "immobilize", "rest of combat"))
    elif fighter.immobile == 1:
        labels.append("Immobilized this round")
    elif fighter.immobile > 1:
        labels.append(f"Immobilized this round and the next {fighter.immobile - 1} "
                      f"round{'s' if fighter.immobile > 2 else ''}")
    if fighter.crazy:
        labels.append(_event_label(data, "gain_ability", "rest of combat"))
    if fighter.fewer_attacks:
        labels.append(f"Out of Ammo: {fighter.fewer_attacks} less attack this round")
    if fighter.confused:
        labels.append("Confused: attacks its own party this round")
    labels.extend(_event_label(data, *PENDING[effect]) for effect in fighter.pending)
    return labels
