"""A sensible Adventurers player: builds its chain toward an Ancient fifth location, plays
Encounters on whoever it can, escapes with weapons and evade cards when the odds are poor."""

from __future__ import annotations

import random
from fractions import Fraction

from explorer.engine import Action, Game
from explorer.engine.bots import Bot
from explorer.engine.dice import dice_weights
from explorer.games.adventurers.data import AdventurersData, Card
from explorer.games.adventurers.state import AdventurersState

PROFESSIONS = ("Private Investigator", "Reporter", "College Professor", "Daredevil Pilot",
               "Soldier of Fortune", "Trapper")
"""The professions the bot likes: more cards to choose from, or dice against common foes."""
MODES = ("Air", "Train", "Road", "Ground", "Water")  # fewest matching Encounters first


def escape_odds(count: int, total: int) -> Fraction:
    """The chance that ``count`` D6 roll higher than ``total``."""
    totals, weights = dice_weights(count, 6)
    wins = sum(w for t, w in zip(totals, weights, strict=True) if t > total)
    return Fraction(wins, sum(weights))


class AdventurersHeuristicBot(Bot):
    """Heuristic play for Adventurers.

    Plays a Location whenever its top card is a Travel card (keeping Ancient ones for last
    when it can), else a Travel card; plays the strongest matching Encounter on the player to
    its left and arms Person encounters; Disarms; evades when the Escape roll's odds are
    poor, after adding its weapon and help; keeps and discards cards by their use to it.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        by_name: dict[str, list[Action]] = {}
        for action in actions:
            by_name.setdefault(action.name, []).append(action)
        state: AdventurersState = game.state  # type: ignore[assignment]
        data: AdventurersData = state._data
        seat = game.current_player
        if "profession" in by_name:
            liked = [a for a in by_name["profession"] if a.args[0] in PROFESSIONS]
            return self.rng.choice(liked or by_name["profession"])
        if "travel" in by_name:
            return self._travel(state, data, seat, by_name["travel"])
        if "encounter" in by_name:
            return max(by_name["encounter"], key=lambda a: data.cards[a.args[0]].force)
        for always in ("attach", "disarm"):
            if always in by_name:
                return by_name[always][0]
        if "roll" in by_name:
            return self._escape(state, data, seat, by_name)
        if "discard" in by_name:
            return min(by_name["discard"], key=lambda a: self._value(state, data, seat,
                                                                     a.args[0]))
        if "keep" in by_name:
            return max(by_name["keep"], key=lambda a: self._value(state, data, seat, a.args[0]))
        if "opponent" in by_name:
            return max(by_name["opponent"], key=lambda a: (
                state.adventurers[a.args[0]].locations, len(state.adventurers[a.args[0]].hand)))
        if "end" in by_name:
            return self._research(data, by_name)
        return actions[self.rng.randrange(len(actions))]

    def _travel(self, state: AdventurersState, data: AdventurersData, seat: int,
                offers: list[Action]) -> Action:
        adventurer = state.adventurers[seat]
        locations = [a for a in offers if data.cards[a.args[0]].type == "Location"]
        if locations:
            plain = [a for a in locations if not data.cards[a.args[0]].ancient]
            return (plain or locations)[0]
        top = data.cards[adventurer.chain[-1]] if adventurer.chain else None
        travels = [a for a in offers if data.cards[a.args[0]].type == "Travel"]
        if top is not None and top.type == "Travel":
            return Action("pass")
        return min(travels, key=lambda a: MODES.index(data.cards[a.args[0]].travel_mode))

    def _research(self, data: AdventurersData, by_name: dict[str, list[Action]]) -> Action:
        for action in by_name.get("research", []):
            if data.cards[action.args[0]].effect in {"look_keep", "opponent_discards"}:
                return action
        return by_name["end"][0]

    def _escape(self, state: AdventurersState, data: AdventurersData, seat: int,
                by_name: dict[str, list[Action]]) -> Action:
        roll = by_name["roll"][0]
        odds = escape_odds(*roll.args)  # the dice it would roll, the Encounter roll to beat
        free = [a for a in by_name.get("evade", []) if not data.cards[a.args[0]].discard_cost]
        if free and odds < Fraction(4, 5):
            return free[0]
        if odds < Fraction(2, 3):
            for boost in ("weapon", "bonus"):
                if boost in by_name:
                    return by_name[boost][0]
        if odds < Fraction(1, 3) and "evade" in by_name and \
                len(state.adventurers[seat].hand) >= 4:
            return by_name["evade"][0]
        return roll

    def _value(self, state: AdventurersState, data: AdventurersData, seat: int,
               name: str) -> int:
        """How much a card is worth keeping now: what the chain needs next comes first."""
        card: Card = data.cards[name]
        adventurer = state.adventurers[seat]
        others = [data.cards[n] for n in adventurer.hand if n != name]
        if card.type == "Location":
            needed = data.constants["locations_to_win"] - adventurer.locations
            if card.ancient and not any(c.ancient for c in others):
                return 9
            held = sum(c.type == "Location" for c in others)
            return 8 if held < needed - 1 else 2
        if card.type == "Travel":
            top = data.cards[adventurer.chain[-1]] if adventurer.chain else None
            wanted = top is None or top.type != "Travel"
            spare = any(c.type == "Travel" for c in others)
            return 10 if wanted and not spare else 6 if not spare else 3
        if card.effect == "evade":
            return 6 if not card.discard_cost else 5
        if card.type == "Encounter":
            return 3 + card.force
        if card.effect in {"force_bonus", "negate_weapon", "look_keep", "opponent_discards"}:
            return 4
        return 1
