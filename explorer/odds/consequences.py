"""What a decision's choices lead to by the rules, in one plain sentence each.

>>> from explorer import odds
>>> for action, said in odds.consequences(game):   # in the order of game.legal_actions()
...     print(action, said)                         # a sentence, or None: nothing worth saying

Where chance decides a choice, :func:`explorer.odds.choices` gives its odds; this gives what the
rules decide for certain; each game says it in its own folder
(``explorer.games.<game>.knowledge``, :mod:`explorer.engine.knowledge`), such as:

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

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import knowledge_for, listed

Consequences = list[tuple[Action, str | None]]
"""Each legal action with its sentence, or None where the rules say nothing of it."""

__all__ = ["consequences", "listed"]


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
        found = knowledge_for(game.game_id).consequences(game, pending)
    return [(action, found.get(action)) for action in pending.actions]
