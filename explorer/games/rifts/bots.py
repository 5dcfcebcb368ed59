"""A sensible Rifts player: equips what it can, heals when hurt, fights what it can beat."""

from __future__ import annotations

import random

from explorer.engine import Action, Game
from explorer.engine.bots import Bot
from explorer.games.rifts import party as P
from explorer.games.rifts.state import RiftsState


class RiftsHeuristicBot(Bot):
    """Heuristic play for Rifts Adventures.

    Attaches every card it can, recruits every Character it can; heals when a Character is
    wounded, and repairs when a card is damaged and a Character can repair it; otherwise looks
    for Missions (the way to Adventure Tokens), resupplies when its hand and cards run low, and
    travels away from Locations with no supply. In combat it fights unless the Foe's Force is
    far above its own, uses every action and every Protect, loots the card of most Force,
    ignores (Study Maps) only Foes far above it, and spends "roll of your
    choice" bonuses on Mission and Escape rolls.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        names = {a.name for a in actions}
        state: RiftsState = game.state  # type: ignore[assignment]
        seat = game.current_player
        for preferred in ("join", "recruit", "attach", "use", "protect", "heal", "repair"):
            if preferred in names:
                return self._best_of(state, seat, [a for a in actions if a.name == preferred])
        if "phase" in names:
            return self._phase(state, seat, actions)
        if {"fight", "escape"} <= names:
            return self._fight_or_flee(state, seat, actions)
        if "ignore foe" in names:
            return self._ignore_or_fight(state, seat, actions)
        if "loot" in names:
            return max(actions, key=lambda a: state._data.card(*a.args).force or 5)
        if "bonus" in names:
            roll = game.pending.prompt.split(" roll")[0]  # type: ignore[union-attr]
            wanted = roll in {"Mission", "Escape", "Survival"}
            return next(a for a in actions if (a.name == "bonus") == wanted)
        if "discard" in names:
            return min(actions, key=lambda a: self._card_value(state, seat, a))
        if "steal" in names:
            return max(actions, key=lambda a: state.parties[a.args[0]].at)
        if "deck" in names:
            weights = {"Equipment": 4, "Character": 3, "Psionic": 2, "Magic": 2}
            options = [a for a in actions if a.args]
            return self.rng.choices(options, [weights.get(a.args[0], 1) for a in options])[0]
        for fallback in ("hand", "skip", "end actions", "no bonus", "take hit", "fight"):
            if fallback in names:
                return next(a for a in actions if a.name == fallback)
        return actions[self.rng.randrange(len(actions))]

    def _best_of(self, state: RiftsState, seat: int, actions: list[Action]) -> Action:
        if actions[0].name == "attach":  # spread cards: the Character holding fewest
            members = state.parties[seat].members
            return min(actions, key=lambda a: len(members[a.args[-1]].attached)
                       if isinstance(a.args[-1], int) else 0)
        return actions[0]

    def _phase(self, state: RiftsState, seat: int, actions: list[Action]) -> Action:
        party = state.parties[seat]
        offered = {a.args[0]: a for a in actions if a.name == "phase"}
        data = state._data
        hurt = any(m.wounds for m in party.present())
        kind = data.locations[party.location].type if party.location else None
        damaged = any(h.damaged for m in party.members for h in m.attached) and any(
            P.use_of(data, m, "Repair", kind) for m in party.present() if m.wounds == 0)
        if (hurt or damaged) and self.rng.random() < 0.8:
            return offered["Recuperate"]
        location = data.locations[party.location] if party.location else None
        if location is not None and location.supply == "None" and self.rng.random() < 0.4:
            return offered["Travel"]
        few_cards = sum(len(m.attached) for m in party.members) < 2 * len(party.members)
        if "Supply" in offered and few_cards and self.rng.random() < 0.4:
            return offered["Supply"]
        return offered["Mission"] if self.rng.random() < 0.85 else offered["Travel"]

    def _fight_or_flee(self, state: RiftsState, seat: int, actions: list[Action]) -> Action:
        combat = state.combat
        data = state._data
        ours = self._party_force(state, seat)
        per_attack = data.constants["foe_force_per_attack_roll"]
        dangerous = [t for t in combat.tokens if t.alive and t.force + t.bonus >= per_attack] \
            if combat else []
        theirs = sum(t.force for t in dangerous)
        flee = theirs > 2.5 * max(ours, 1)  # Tokens under 10 Force cannot attack at all
        return next(a for a in actions if a.name == ("escape" if flee else "fight"))

    def _ignore_or_fight(self, state: RiftsState, seat: int, actions: list[Action]) -> Action:
        """Study Maps: fight a Foe the party can beat (an AT), ignore the others."""
        data = state._data
        foe = data.foes[actions[0].args[0]]
        theirs = foe.tokens * foe.force_per_token
        ignore = theirs > 2 * max(self._party_force(state, seat), 1)
        return next(a for a in actions if a.name == ("ignore foe" if ignore else "meet foe"))

    def _party_force(self, state: RiftsState, seat: int) -> int:
        data = state._data
        return sum(P.base_force(data, m) + sum(
            (data.card(h.deck, h.name).force or 0) for h in m.attached if not h.damaged)
            for m in state.parties[seat].members if P.is_able(m, data))

    def _card_value(self, state: RiftsState, seat: int, action: Action) -> int:
        held = state.parties[seat].hand[action.args[0]]
        if held.deck == "Character":
            return state._data.characters[held.name].force or 0
        return state._data.card(held.deck, held.name).force or 0
