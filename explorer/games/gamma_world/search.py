"""Gamma World hooks of the search bot (:mod:`explorer.engine.search`): how to spend the turn's
Action Points.

The bot searches where a turn's Action Phase can be started afresh: the active player's
Action Phase with every Action Point of the turn still unspent (its first choice, or the next
one after an event or a Neutron Missile, which cost no AP) and nothing being played or fought.
The plans are the turn's main choice (:func:`turn_plans`): up to :data:`PLAN_STEPS` paid
actions in a row (play an item on the follower the heuristic bot would pick, recruit, attack
with a location of the hand, draw a card), an event or a Neutron Missile alone, or ending the
phase. The choices a recruit asks next (attach every mutation of the hand, the heuristic
bot's way) are part of the plan. Wherever the turn leaves the plan (a draw over the hand
limit, a Foe played against an attack, an event's target), the heuristic bot plays on, in the
worlds as in the game itself. Each plan is played in a few worlds to the end of the seat's
turn (:data:`HORIZON`) by the heuristic bots, every roll and draw sampled with its exact odds
by the world's own generator, and the world valued by :func:`standing` (locations
controlled above all; then the locations, Foes and other cards in hand, the followers' Force
and Hits; the other Enclaves' against it), or by :func:`~explorer.engine.search.outcome_value`
once the deck is drawn out and the game over. The other decisions are the heuristic bot's.

A world is a scenario (:mod:`explorer.games.gamma_world.scenario`) started at the seat's turn,
made of what the seat sees in its position: every Enclave's followers (kind, damage, every
card on them with its damage and uses left) and locations, the spent one-time powers, the
seat's own hand, the known top of the deck (Precognition) and the top of the discard pile.
Every other card is one the seat cannot see: the other hands (seen as counts) and the rest of
the discard pile (seen as a count) are dealt at random from them, and the rest is the deck,
whose order is never known anyway (each draw is a chance event over what is left). The world
numbers its followers as the game does (follower numbers are public and name the followers in
the item actions of a plan).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

from explorer.engine import Action, Game
from explorer.engine.search import Plan, SearchHooks, play_until
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world.data import GammaData
from explorer.games.gamma_world.position import position
from explorer.games.gamma_world.state import KINDS, PSH, Attached, Enclave, Follower, GammaState

PLAN_STEPS = 2
"""The most paid actions a plan makes in a row (a turn has 2 AP, more with some cards)."""
HORIZON = 1
"""The turns a roll-out plays (a world starts at its turn 1, the seat's): 1 is the seat's
own, to the start of the next player's turn."""
PAID_ORDER = ("item", "recruit", "attack", "draw")
"""The order of a plan's paid actions: items and recruits add Force before an attack; a draw
comes last (it may end the plan: a card over the hand limit asks which card goes)."""
WEIGHTS = {"location": 60, "hand_location": 8, "hand_foe": 4, "hand_card": 2, "force": 4,
           "hits": 1, "ap": 8, "heal": 2}
""":func:`standing`'s weights: a location controlled (a point of the score) above all."""


# ---- the world: a scenario of what the seat sees ---------------------------------------------

def _card(held: dict[str, Any]) -> dict[str, Any]:
    """A follower's card in the position as a scenario's."""
    entry: dict[str, Any] = {"name": held["name"]}
    if held["damage"]:
        entry["damage"] = held["damage"]
    if held["uses"] is not None:
        entry["uses"] = held["uses"]
    return entry


def _cards(follower: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card on a follower of the position: mutations, items, steed, armor."""
    found = [*follower["mutations"], *follower["items"]]
    found += [follower[slot] for slot in ("steed", "armor") if follower[slot] is not None]
    return found


def _follower(follower: dict[str, Any]) -> dict[str, Any]:
    return {"number": follower["number"], "kind": follower["kind"], "damage": follower["damage"],
            "cards": [_card(c) for c in _cards(follower)]}


def _enclave(seat_view: dict[str, Any]) -> Enclave:
    """The Enclave of a seat of the position, without its hand (what its AP are made of)."""
    followers = [Follower(f["number"], f["kind"], f["damage"],
                          [Attached(c["name"], c["damage"], c["uses"]) for c in _cards(f)])
                 for f in seat_view["followers"]]
    return Enclave([], followers, [loc["name"] for loc in seat_view["locations"]])


def fresh_turn(view: dict[str, Any], data: GammaData, seat: int) -> bool:
    """Whether ``seat`` is at its Action Phase with every AP of the turn unspent and nothing
    being played, fought or searched for: where a scenario at its turn starts the same."""
    if (view["over"] or view["active"] != seat or view["to_act"] != seat
            or view["phase"]["id"] != "action" or view["battle"] is not None
            or view["played"] or any(s["drawn"]["count"] for s in view["seats"])):
        return False
    tokens = E.turn_ap(data, _enclave(view["seats"][seat]))
    return Counter(str(t) for t in tokens) == Counter(
        t["label"] for t in view["action_points"]["tokens"])


def scenario_for(game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A scenario at the start of ``seat``'s turn made of its position, the cards it cannot see
    dealt with ``rng`` (the other hands and the discard pile under its top card; the rest is
    the deck); None where no scenario starts the same (:func:`fresh_turn`)."""
    view = position(game, seat)
    data: GammaData = game.state._data  # the card set: public, never changes
    if not fresh_turn(view, data, seat):
        return None
    deck = view["decks"][0]
    seen: Counter[str] = Counter(card["name"] for card in view["seats"][seat]["hand"]["cards"])
    for seat_view in view["seats"]:
        seen.update(loc["name"] for loc in seat_view["locations"])
        for follower in seat_view["followers"]:
            seen.update(card["name"] for card in _cards(follower))
    top = [card["name"] for card in deck["known_top"]]
    seen.update(top)
    discard_top = deck["discard_top"]["name"] if deck["discard_top"] else None
    if discard_top is not None:
        seen[discard_top] += 1
    unseen = Counter(data.deck_contents())
    unseen.subtract(seen)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    enclaves = []
    for number, seat_view in enumerate(view["seats"]):
        if number == seat:
            hand = [card["name"] for card in seat_view["hand"]["cards"]]
        else:
            count = seat_view["hand"]["count"]
            hand, pool = pool[:count], pool[count:]
        enclaves.append({"hand": hand,
                         "followers": [_follower(f) for f in seat_view["followers"]],
                         "locations": [loc["name"] for loc in seat_view["locations"]]})
    discard: list[str] = []
    if discard_top is not None:
        under = deck["discard"] - 1
        discard, pool = [*pool[:under], discard_top], pool[under:]
    spent = [loc["name"] for s in view["seats"] for loc in s["locations"] if loc["spent"]]
    return {"enclaves": enclaves, "active": seat, "at": "turn", "top": top,
            "discard": discard, "spent": spent}


# ---- the plans -------------------------------------------------------------------------------

def _mutations(hand: list[str], data: GammaData) -> list[str]:
    """The mutations of ``hand`` a recruit may take, in the order the game offers them."""
    return [n for n in hand if data.card(n).type == "Mutation" and data.card(n).attach_to == "Own"]


def _recruit(hand: list[str], data: GammaData) -> tuple[tuple[Action, ...], list[str]]:
    """A recruit and the choices it asks next, the heuristic bot's way (every mutation of the
    hand, then a Mutant Human); and the hand it leaves."""
    mutations = _mutations(hand, data)
    steps = [Action("recruit")]
    steps += [Action("mutation", (n,)) for n in mutations]
    if mutations:
        steps.append(Action("kind", (next(k for k in KINDS if k != PSH),)))
    left = list(hand)
    for name in mutations:
        left.remove(name)
    return tuple(steps), left


def _item_value(data: GammaData, name: str, load: int) -> Fraction:
    """The heuristic bot's worth of an item on a follower carrying ``load`` cards."""
    card = data.card(name)
    return card.force + card.hits + 2 * card.ap - Fraction(load, 10)


def _items(actions: list[Action], view: dict[str, Any], data: GammaData) -> list[Action]:
    """For each item of the hand, its play on the follower the heuristic bot would pick."""
    loads = {f["number"]: len(_cards(f)) for s in view["seats"] for f in s["followers"]}
    best: dict[str, Action] = {}
    for action in actions:
        if action.name != "item":
            continue
        name, number = action.args
        held = best.get(name)
        if held is None or _item_value(data, name, loads[number]) > \
                _item_value(data, name, loads[held.args[1]]):
            best[name] = action
    return sorted(best.values(), key=lambda a: -_item_value(data, a.args[0], loads[a.args[1]]))


def turn_plans(game: Game, seat: int) -> list[Plan]:
    """The plans of a fresh turn (module docstring): each event and Neutron Missile alone,
    ending the phase, and every run of up to :data:`PLAN_STEPS` paid actions in
    :data:`PAID_ORDER` (items on the followers of the heuristic bot's choice)."""
    view = position(game, seat)
    data: GammaData = game.state._data
    actions = game.legal_actions()
    me = view["seats"][seat]
    hand = [card["name"] for card in me["hand"]["cards"]]
    ap = view["action_points"]["left"]
    steps = min(ap, PLAN_STEPS)
    free = [Plan((a,)) for a in actions if a.name in ("event", "missile")]
    paid: list[Action] = [*_items(actions, view, data)]
    paid += [a for a in actions if a.name == "recruit"]
    paid += [a for a in actions if a.name == "attack"]
    paid += [a for a in actions if a.name == "draw"]
    plans: list[Plan] = []

    def extend(done: tuple[Action, ...], start: int, hand: list[str], followers: int) -> None:
        if done:
            plans.append(Plan(done))
        if sum(a.name in PAID_ORDER for a in done) >= steps:
            return
        if done and done[-1].name == "draw" and len(hand) > me["hand_limit"]:
            return  # over the hand limit: the plan ends with the discard
        for index in range(start, len(paid)):
            action = paid[index]
            if action.name == "recruit":
                if followers >= me["follower_limit"]:
                    continue
                more, left = _recruit(hand, data)
                extend(done + more, index, left, followers + 1)
                continue
            if action.name in ("item", "attack"):
                if action.args[0] not in hand:
                    continue
                left = list(hand)
                left.remove(action.args[0])
                extend((*done, action), index + (hand.count(action.args[0]) < 2), left,
                       followers)
                continue
            extend((*done, action), index, [*hand, "?"], followers)  # a draw

    extend((), 0, hand, len(me["followers"]))
    ends = [Plan((a,)) for a in actions if a.name == "end"]
    return [*free, *plans, *ends]


# ---- valuing a world -------------------------------------------------------------------------

def _enclave_value(data: GammaData, enclave: Enclave) -> Fraction:
    """One Enclave's standing: locations, cards in hand, its followers' Force and Hits left
    (armor and steeds included), the AP its cards give every turn and its heal cards."""
    w = WEIGHTS
    value = w["location"] * len(enclave.locations) + w["force"] * E.total_force(data, enclave)
    value += w["ap"] * (len(E.turn_ap(data, enclave)) - data.constants["base_ap"])
    value += w["heal"] * sum(data.card(n).effect == "heal" for n in enclave.locations)
    for name in enclave.hand:
        kind = data.card(name).type
        value += w["hand_location"] if kind == "Location" else \
            w["hand_foe"] if kind == "Foe" else w["hand_card"]
    for follower in enclave.followers:
        hits = E.follower_hits(data, follower) - follower.damage
        hits += sum(data.card(h.name).hits - h.damage for h in follower.cards
                    if data.card(h.name).type in ("Steed", "Armor"))
        value += w["hits"] * hits
        value += w["heal"] * sum(data.card(h.name).effect == "heal" for h in follower.cards)
    return Fraction(value)


def standing(state: GammaState, seat: int) -> Fraction:
    """``seat``'s standing minus the best other Enclave's (:data:`WEIGHTS`)."""
    data: GammaData = state._data
    values = [_enclave_value(data, e) for e in state.enclaves]
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


class GammaWorldHooks(SearchHooks):
    """The search of the turn's Action Points of the module docstring."""

    worlds = 4
    """Worlds per searched decision."""

    def scenario(self, game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
        """:func:`scenario_for`."""
        return scenario_for(game, seat, rng)

    def plans(self, game: Game, seat: int) -> list[Plan] | None:
        """:func:`turn_plans` at a fresh turn (:func:`fresh_turn`); None elsewhere."""
        if not fresh_turn(position(game, seat), game.state._data, seat):
            return None
        plans = turn_plans(game, seat)
        return plans if len(plans) > 1 else None

    def roll_out(self, world: Game, seat: int, rng: random.Random) -> None:
        """Heuristic bots for every seat until :data:`HORIZON` turns are played."""
        state: GammaState = world.state  # a world starts at its turn 1: the seat's
        play_until(world, {}, rng, lambda w: state.turn > HORIZON)

    def standing(self, world: Game, seat: int) -> Fraction:
        return standing(world.state, seat)


HOOKS = GammaWorldHooks()
"""The hooks the search bot finds for Gamma World."""
