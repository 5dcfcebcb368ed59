"""What a decision's choices lead to by the rules, in one plain sentence each.

>>> from explorer import odds
>>> for action, said in odds.consequences(game):   # in the order of game.legal_actions()
...     print(action, said)                         # a sentence, or None: nothing worth saying

Where chance decides a choice, :func:`explorer.odds.choices` gives its odds; this gives what the
rules decide for certain, such as:

- Rifts Adventures: "Heal & Repair" when nobody is wounded and nothing can be repaired ("Nobody
  is wounded: the Recuperate Phase does nothing"); a "which deck?" for an Aid card: which party
  members can use a Magic or Psionic card ("Your AWOL Coalition Grunt cannot use Psionic
  cards");
- Lair of the Rat-King: a CHARACTER (or a REINFORCEMENT) played into a group where its
  Exclusion discards it with others ("Exclusion: Thrak Bruiser and Borin Brawler will both be
  discarded");
- Gamma World: Retreat, whose outcome is certain; playing no Foe against an attack (the location
  is captured at once);
- Adventurers: a Location card, with how many locations it makes and whether it wins;
- Riftforce: what a card played, an elemental activated or a choice inside its ability does on
  the Rift (damage dealt, who is destroyed, Riftforce scored), what a played card's activation
  would do where it goes, a Check & Draw's Riftforce and cards drawn, which elementals a
  discarded card can activate, a guild's ability
  (:mod:`explorer.games.riftforce.consequences`).

Only what the deciding seat sees is used: the public table, its own party or hand, and the
choices it is offered. Every sentence is for players: no identifiers, no data notation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.engine import Action, Decision, Game

Consequences = list[tuple[Action, str | None]]

__all__ = ["consequences"]


def consequences(game: Game, seat: int | None = None) -> Consequences:
    """For the pending decision, each legal action (in order) with the rule's consequence in a
    plain sentence where it is worth saying, None otherwise; [] on a chance step or once the
    game is over. ``seat``: whose view (default the deciding seat); another seat does not see
    the decider's choices and gets None for each. A seat out of range is a ``ValueError``."""
    players = game.players
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < players):
        raise ValueError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r}")
    pending = game.pending
    if not isinstance(pending, Decision):
        return []
    found: dict[Action, str] = {}
    if seat is None or seat == pending.player:
        answer = _GAMES.get(game.game_id)
        found = answer(game, pending) if answer is not None else {}
    return [(action, found.get(action)) for action in pending.actions]


# ---- Rifts Adventures ---------------------------------------------------------------------

def _rifts(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.rifts.common import Ctx

    ctx = Ctx(game.state, game.state._data)
    found: dict[Action, str] = {}
    for action in pending.actions:
        said = None
        if action.name == "phase" and action.args == ("Recuperate",):
            said = _recuperate(ctx, pending.player)
        elif action.name == "deck" and str(action).startswith("Draw from"):
            if action.args[0] in ("Magic", "Psionic"):
                said = _who_can_use(ctx, pending.player, action.args[0])
            elif action.args[0] == "Character":
                said = _room_to_join(ctx, pending.player)
        if said is not None:
            found[action] = said
    return found


def _recuperate(ctx: Any, seat: int) -> str | None:
    """What the Recuperate Phase would do: nothing when nobody is wounded and no Equipment
    can be repaired (lines 294-303 of the Rifts seed)."""
    from explorer.games.rifts import party as P
    from explorer.games.rifts.turn import damaged_equipment

    party = ctx.party(seat)
    present = party.present()
    if any(m.wounds for m in present):
        return None
    kind = ctx.location_type(seat)
    repairers = [m for m in present if P.use_of(ctx.data, m, "Repair", kind)]
    if damaged_equipment(ctx, seat) and repairers:
        return "Nobody is wounded: only Repair rolls for the damaged Equipment"
    return "Nobody is wounded: the Recuperate Phase does nothing"


def _who_can_use(ctx: Any, seat: int, deck: str) -> str:
    """Which party members can use a card of ``deck`` (Magic: Mages; Psionic: psychics, a
    Minor Psychic all but the Major cards)."""
    from explorer.games.rifts import party as P

    data = ctx.data
    members = ctx.party(seat).members
    full, partly = [], []
    for member in members:
        if deck == "Magic":
            (full if P.can_use_magic(data, member) else []).append(member.name)
            continue
        use = P.psionic_use(data, member)
        if use == "every":
            full.append(member.name)
        elif use == "not Major":
            partly.append(member.name)
    if not full and not partly:
        if len(members) == 1:
            return f"Your {members[0].name} cannot use {deck} cards"
        return f"Nobody in your party can use {deck} cards"
    said = []
    if full:
        said.append(f"{_names(full)} can use {deck} cards")
    if partly:
        said.append(f"{_names(partly)} can use {deck} cards except the Major ones")
    others = [m.name for m in members if m.name not in full and m.name not in partly]
    if others:
        said.append(f"{_names(others)} cannot")
    return "; ".join(said)


def _room_to_join(ctx: Any, seat: int) -> str | None:
    """Whether a Character drawn can join the party: at most 8 Characters and a total Base
    Force of 40 (lines 274-275 of the Rifts seed); one that cannot stays in hand."""
    from explorer.games.rifts import party as P

    data, party = ctx.data, ctx.party(seat)
    size, limit = data.constants["party_size_limit"], data.constants["party_base_force_limit"]
    if len(party.members) >= size:
        return f"Your party already has {size} Characters: one drawn can only stay in hand"
    total = P.party_base_force(data, party)
    room = limit - total
    if room >= max(card.force for card in data.characters.values()):
        return None
    if room <= 0:
        return (f"Your party's Base Force is already {total} of {limit}: a Character drawn "
                "can only stay in hand")
    return (f"Only a Character of Base Force {room} or less can join (your party's Base "
            f"Force is {total} of {limit}); another stays in hand")


# ---- Lair of the Rat-King -----------------------------------------------------------------

def _rat_king(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.rat_king.common import Ctx

    ctx = Ctx(game.state, game.state._data)
    found: dict[Action, str] = {}
    for action in pending.actions:
        said = None
        if action.name == "play_character":
            said = _exclusion(ctx, *action.args)
        elif action.name == "play_reinforcement":  # exclusions apply to it (ruling rk-26)
            said = _exclusion(ctx, action.args[0], pending.player)
        if said is not None:
            found[action] = said
    return found


def _exclusion(ctx: Any, name: str, target: int) -> str | None:
    """Who an Exclusion discards if ``name`` enters ``target``'s group: the new CHARACTER and
    every one there it excludes or that excludes it (seed 002, line 38); a ME card is flipped
    instead of being discarded (line 36)."""
    data = ctx.data
    card = data.characters[name]
    hit = [c for c in ctx.state.groups[target]
           if set(card.excludes) & set(ctx.card_of(c).classifications)
           or set(ctx.card_of(c).excludes) & set(card.classifications)]
    if not hit:
        return None
    everyone = [(name, card.is_me, False),
                *((c.name, ctx.card_of(c).is_me, c.flipped) for c in hit)]
    gone = [n for n, me, _ in everyone if not me]
    flipped = [n for n, me, already in everyone if me and not already]
    stays = [n for n, me, already in everyone if me and already]
    parts = []
    if gone:
        both = "both " if len(gone) == 2 else ("all " if len(gone) > 2 else "")
        verb = "will be" if len(gone) == 1 else f"will {both}be"
        parts.append(f"{_names(gone)} {verb} discarded")
    if flipped:
        parts.append(f"{_names(flipped)} (a ME card) will be flipped")
    if stays:
        parts.append(f"{_names(stays)} (a ME card already flipped) stays flipped")
    return "Exclusion: " + ", and ".join(parts)


# ---- Gamma World --------------------------------------------------------------------------

def _gamma_world(game: Game, pending: Decision) -> dict[Action, str]:
    battle = getattr(game.state, "battle", None)
    if battle is None:
        return {}
    found: dict[Action, str] = {}
    for action in pending.actions:
        if action.name == "retreat":
            if battle.defender is None:
                found[action] = (f"Certain: {battle.location} is not captured; the location "
                                 "and the Foe are discarded")
            else:
                found[action] = (f"Certain: {battle.location} stays with Player "
                                 f"{battle.defender + 1}")
        elif action.name == "no foe":
            found[action] = (f"Certain: with no Foe there is no Threat, and Player "
                             f"{battle.attacker + 1} captures {battle.location}")
        elif action.name == "withdraw":
            found[action] = (f"Certain: Player {battle.attacker + 1} takes {battle.location} "
                             "without a fight")
    return found


# ---- Adventurers --------------------------------------------------------------------------

def _adventurers(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.adventurers.common import Ctx

    ctx = Ctx(game.state, game.state._data)
    seat = pending.player
    found: dict[Action, str] = {}
    for action in pending.actions:
        if action.name != "travel" or ctx.cards[action.args[0]].type != "Location":
            continue
        visited = ctx.adv(seat).locations + 1
        needed = ctx.constants["locations_to_win"]
        if visited >= needed:
            found[action] = f"Your location {visited} of {needed}, and Ancient: you win at once"
        else:
            found[action] = f"Your location {visited} of {needed}"
    return found


# ---- Riftforce ----------------------------------------------------------------------------

def _riftforce(game: Game, pending: Decision) -> dict[Action, str]:
    from explorer.games.riftforce.consequences import sentences

    return sentences(game, pending)


# ---- helpers ------------------------------------------------------------------------------

def _names(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}"


_GAMES: dict[str, Callable[[Game, Decision], dict[Action, str]]] = {
    "rifts": _rifts, "rat_king": _rat_king, "gamma_world": _gamma_world,
    "adventurers": _adventurers, "riftforce": _riftforce,
}
