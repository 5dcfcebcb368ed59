"""A sensible Gamma World player: builds strength, then takes locations it can win."""

from __future__ import annotations

import random

from explorer.engine import Action, Game
from explorer.engine.bots import Bot
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.data import Card, GammaData
from explorer.games.gamma_world.state import GammaState

TYPE_VALUE = {"Location": 6, "Foe": 5, "Weapon": 3, "Armor": 3, "Steed": 3, "Vehicle": 3,
              "Equipment": 2, "Mutation": 2, "Event": 1}
EVENT_USE = {"heal", "retrieve", "destroy", "discard_follower", "attach_mutation",
             "opponent_discards", "attack_location"}


class GammaHeuristicBot(Bot):
    """Heuristic play for Gamma World.

    In the Action Phase: launches the Neutron Missile at the leader, plays useful events,
    equips its followers, attacks a location in hand once its Force is high enough, recruits
    up to the limit (with every mutation in hand), and draws while its hand has room. It
    always plays its strongest Foe and its Defect against others, fights while its Force
    outweighs the Threat, heals whenever it can, and discards its least useful cards.
    """

    name = "heuristic"
    attack_force = 9  # about the Starting Threat of a 2D6 or 3D6 Foe, with room to spare

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        state: GammaState = game.state  # type: ignore[assignment]
        seat = game.current_player
        assert seat is not None
        data: GammaData = state._data  # type: ignore[assignment]
        names = {a.name for a in actions}
        if "end" in names:
            return self._action_phase(state, data, seat, actions)
        for preferred in ("mutation", "defect", "foe", "keep items", "cell", "defend", "heal",
                          "kind"):
            if preferred in names:
                return self._best(data, state, seat, [a for a in actions if a.name == preferred])
        if {"fight", "retreat"} <= names:
            return self._fight_or_retreat(state, data, actions)
        if names & {"discard", "dismiss"}:
            return min(actions, key=lambda a: self._keep_value(data, state, a))
        return max(actions, key=lambda a: self._target_value(data, state, seat, a))

    # ---- the Action Phase ------------------------------------------------------------------

    def _action_phase(self, state: GammaState, data: GammaData, seat: int,
                      actions: list[Action]) -> Action:
        by_name: dict[str, list[Action]] = {}
        for action in actions:
            by_name.setdefault(action.name, []).append(action)
        enclave = state.enclaves[seat]
        if "missile" in by_name:
            return by_name["missile"][0]
        for action in by_name.get("event", []):
            card = data.card(action.args[0])
            if card.effect in EVENT_USE and self._event_worth(state, data, seat, card):
                return action
        if "item" in by_name:
            return max(by_name["item"], key=lambda a: self._item_value(data, state, a))
        force = E.total_force(data, enclave)
        if "attack" in by_name and force >= self.attack_force:
            return by_name["attack"][0]
        if "recruit" in by_name:
            return by_name["recruit"][0]
        if "draw" in by_name:  # with a full hand too: the worst card goes
            return by_name["draw"][0]
        return by_name["end"][0]

    def _event_worth(self, state: GammaState, data: GammaData, seat: int, card: Card) -> bool:
        enclave = state.enclaves[seat]
        if card.effect == "retrieve":
            return len(enclave.hand) < E.hand_limit(data, enclave)
        if card.effect in ("destroy", "discard_follower"):
            others = [e for s, e in enumerate(state.enclaves) if s != seat]
            if card.effect == "discard_follower":
                return any(e.followers for e in others)
            return any(data.card(a.name).type in card.card_types and data.card(a.name).force > 0
                       for e in others for f in e.followers for a in f.cards)
        if card.effect == "attack_location":
            return E.total_force(data, enclave) > 1.5 * max(
                E.total_force(data, e) for s, e in enumerate(state.enclaves) if s != seat)
        return True

    def _item_value(self, data: GammaData, state: GammaState, action: Action) -> float:
        card = data.card(action.args[0])
        found = E.find_follower(state.enclaves, action.args[1])
        load = len(found[1].cards) if found else 0
        return card.force + card.hits + 2 * card.ap - 0.1 * load

    # ---- battles ---------------------------------------------------------------------------

    def _fight_or_retreat(self, state: GammaState, data: GammaData,
                          actions: list[Action]) -> Action:
        battle = state.battle
        assert battle is not None
        force = E.total_force(data, state.enclaves[battle.attacker], battle.robot)
        if battle.defender is None:
            threat = battle.threat
        else:
            threat = E.total_force(data, state.enclaves[battle.defender])
        wanted = "fight" if force >= threat else "retreat"
        return next(a for a in actions if a.name == wanted)

    # ---- choices of cards and targets -----------------------------------------------------

    def _best(self, data: GammaData, state: GammaState, seat: int,
              actions: list[Action]) -> Action:
        if actions[0].name == "foe":
            return max(actions, key=lambda a: (data.card(a.args[0]).dice or (0, 0))[0])
        return actions[0]

    def _keep_value(self, data: GammaData, state: GammaState, action: Action) -> float:
        if action.name == "dismiss":
            found = E.find_follower(state.enclaves, action.args[0])
            return E.follower_force(data, found[1]) if found else 0
        card = data.card(action.args[0])
        return TYPE_VALUE[card.type] + card.force / 10 + (card.dice or (0, 0))[0] / 10

    def _target_value(self, data: GammaData, state: GammaState, seat: int,
                      action: Action) -> float:
        """Higher for what hurts an opponent most or helps the player most."""
        args = action.args
        if action.name in ("destroy", "follower"):
            found = E.find_follower(state.enclaves, args[0])
            if found is None:
                return 0
            owner, follower = found
            if action.name == "destroy":
                card = data.card(args[1])
                worth = card.force + card.hits + card.ap
                return -worth if owner == seat else worth
            strength = E.follower_force(data, follower) + len(follower.cards)
            return -strength if owner == seat else strength
        if action.name in ("player", "target", "location"):
            owner = args[0]
            if owner == seat:
                return -1
            return len(state.enclaves[owner].locations) + len(state.enclaves[owner].hand) / 10
        if action.name in ("take", "search"):
            card = data.card(args[0])
            return card.force + card.hits + 2 * card.ap + (3 if card.effect == "heal" else 0)
        if action.name == "attach":
            return data.card(args[0]).force + data.card(args[0]).hits
        if action.name == "mend":
            return 0
        return self.rng.random()
