"""Gamma World's knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: a battle round (fight on: the chance of capturing the
location from the position now, fighting to the end: :func:`explorer.odds.gamma_world.battle`;
retreat: no capture, for certain) and "play a Foe?" against an attack (each Foe: the chance the
attack is stopped; no Foe: captured for certain). Sentences: Retreat, no Foe and a withdrawal,
whose outcomes are certain.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import polars as pl

from explorer.engine import Action, Decision, Game
from explorer.engine.knowledge import GameKnowledge, Start
from explorer.engine.odds import Odds
from explorer.games.gamma_world import plans
from explorer.games.gamma_world.redeal import redeal


def _odds(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    battle = getattr(game.state, "battle", None)
    names = {a.name for a in pending.actions}
    if battle is None or battle.defender is not None:
        return {}
    if "no foe" in names:
        return _gw_foes(game, pending, seed)
    if not {"fight", "retreat"} <= names:
        return {}
    from explorer.games.gamma_world import enclave as E
    from explorer.games.gamma_world import odds as gw

    data = game.state._data
    enclave = game.state.enclaves[battle.attacker]
    followers = [_gw_follower(data, f, battle.robot, E, gw) for f in enclave.followers]
    capture = gw.battle(followers, battle.threat, robots=battle.robot, seed=seed)
    note = capture.note
    if _breakdown_can_kill(data, enclave, battle.robot):
        note += (". After the fight each item used makes its Breakdown roll, and a follower "
                 "whose Hits came from a broken item can still fall")
    fight = Odds(capture.p, 0, (), capture.outcomes,
                 f"Fight on to the end: capture {battle.location}", note=note,
                 extra=capture.extra)
    retreat = Odds(Fraction(1), 0, (), ((f"certain: {battle.location} is not captured, and the "
                                         "location and the Foe are discarded", Fraction(1)),),
                   f"Retreat: {battle.location} is not captured, for certain", note="exact",
                   extra={"certain": True})
    return {a: fight if a.name == "fight" else retreat for a in pending.actions}


def _gw_foes(game: Game, pending: Decision, seed: int) -> dict[Action, Odds]:
    """"Play a Foe?" against an attack (line 43 of seed 004): for each Foe, the chance the
    attacking followers still capture the location, fighting to the end against the Foe's
    Starting Threat (its dice rolled), as :func:`explorer.odds.gamma_world.battle` answers it;
    no Foe: the location is captured for certain (no Threat)."""
    from explorer.games.gamma_world import enclave as E
    from explorer.games.gamma_world import odds as gw

    state = game.state
    battle, data = state.battle, state._data
    enclave = state.enclaves[battle.attacker]
    who = f"Player {battle.attacker + 1}"
    rows = (f"{who} is stopped: {battle.location} is not captured",
            f"{who} captures {battle.location}")
    found: dict[Action, Odds] = {}
    later = _later_opponents(game, pending)
    for action in pending.actions:
        if action.name == "no foe" and later:
            continue  # a later player may still play a Foe, from a hand this seat cannot see
        if action.name == "no foe":  # the same rows as a Foe's, to compare: stopped never
            found[action] = Odds(Fraction(0), 0, (), ((rows[0], Fraction(0)),
                                                      (rows[1], Fraction(1))),
                                 f"No Foe: {who} captures {battle.location} for certain",
                                 note="exact", extra={"certain": True, "capture": Fraction(1)})
            continue
        if action.name != "foe":
            continue
        card = data.card(action.args[0])
        if not card.dice:
            continue
        count, sides = card.dice
        followers = [_gw_follower(data, f, card.robot, E, gw) for f in enclave.followers]
        capture = gw.battle(followers, f"{count}D{sides}", robots=card.robot, seed=seed)
        stopped = 1 - capture.p
        extra = {**capture.extra, "capture": capture.p}
        if "interval_p" in capture.extra:
            low, high = capture.extra["interval_p"]
            extra["interval"] = {rows[0]: (1 - high, 1 - low), rows[1]: (low, high)}
        found[action] = Odds(
            stopped, 0, (), ((rows[0], stopped), (rows[1], capture.p)),
            f"Play {card.name}: {who} fights on to the end against its Threat",
            note=capture.note, extra=extra)
    return found


def _breakdown_can_kill(data: Any, enclave: Any, robot: bool) -> bool:
    """Whether a follower holds equipment that gives him Hits and makes a Breakdown roll after
    the battle (it added Force: lines 63-66, ruling gw-26): the losses the battle's odds count
    are the fight's, and such a follower can fall after it."""
    for follower in enclave.followers:
        for held in follower.cards:
            card = data.card(held.name)
            if card.type == "Equipment" and card.force_against(robot) > 0 and card.hits > 0:
                return True
    return False


def _later_opponents(game: Game, pending: Decision) -> list[int]:
    """The players still to be asked "play a Foe?" after the one deciding now: the
    attacker's opponents in turn order after him (ruling gw-31: the first to play one is the
    one)."""
    attacker, players = game.state.battle.attacker, game.players
    order = [(attacker + i) % players for i in range(1, players)]
    return order[order.index(pending.player) + 1:] if pending.player in order else []


def _gw_follower(data: Any, follower: Any, robot: bool, E: Any, gw: Any) -> Any:
    """A follower as the battle chain's layers, with the damage it has now: its steed, then
    its armor, then itself (ruling gw-33), each (Hits left, the Force it takes with it)."""
    layers = []
    kept = 0
    for card_type in E.HIT_ORDER:
        for held in E.cards_of(data, follower, card_type):
            card = data.card(held.name)
            force = card.force_against(robot)
            layers.append((card.hits - held.damage, force))
            kept += force
    body = E.follower_hits(data, follower) - follower.damage
    layers.append((body, E.follower_force(data, follower, robot) - kept))
    return gw.Follower(tuple(layer for layer in layers if layer[0] > 0))


def _sentences(game: Game, pending: Decision) -> dict[Action, str]:
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
            later = _later_opponents(game, pending)
            if later:
                found[action] = (f"Certain: you add no Threat; Player {battle.attacker + 1} "
                                 f"captures {battle.location} unless "
                                 f"{' or '.join(f'Player {s + 1}' for s in later)} plays a Foe")
            else:
                found[action] = (f"Certain: with no Foe there is no Threat, and Player "
                                 f"{battle.attacker + 1} captures {battle.location}")
        elif action.name == "withdraw":
            found[action] = (f"Certain: Player {battle.attacker + 1} takes {battle.location} "
                             "without a fight")
    return found


FEATURES = ("deck",)
"""Gamma World's own numbers in the coach's value (:func:`state_features`), after the ones
every game reads: the cards left in the shared deck. The game ends when all of them are drawn
(seed 004, line 11), so a lead weighs more the fewer are left (the model's products pair it
with the scores); without it a move at one card left was valued as early in the game."""


def state_features(state: Any, seat: int) -> list[float]:
    """:data:`FEATURES` of ``state`` (the same from every seat: the deck's size is in sight)."""
    return [float(state.deck_size)]


def _features(game: Game, seat: int) -> list[float]:
    return state_features(game.state, seat)


FLAG_SPREAD = 0.30
"""The spread of the real losses of the choices the coach measures again
(``GameKnowledge.flag_spread``): fitted on 120 positions with a flag of 4,624 drawn from
heuristic-bot games (each half's fit, 0.32 and 0.28, checked on the other half: 0.359 claimed
against 0.331 played out, 0.304 against 0.327); at 0.30, 104 flags claimed 0.332 where
play-outs from the real positions lost 0.330 (not shrunk: 0.424 claimed, 0.291 lost;
``benchmarks/coach.py flags --game gamma_world --least 120 --rollouts 50 --fit``,
2026-12-07)."""


def _start(game: Game, seat: int) -> list[str] | None:
    """The mutations on the enclave's followers when the game ends (None before)."""
    from explorer.games.gamma_world.position import position

    if not game.is_over:
        return None
    seats = position(game)["seats"]
    return sorted(m["name"] for f in seats[seat].get("followers", [])
                  for m in f.get("mutations", []))


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences, plans=plans.plans,
                          pick=plans.pick, redeal=redeal, coach_base="search", coach_to_end=True,
                          coach_margin=0.10, features=_features, feature_names=FEATURES,
                          flag_spread=FLAG_SPREAD, bot_learned=True,
                          start=Start("mutations", pl.List(pl.String()), _start,
                                      "the mutations on the enclave's followers at the end"))
"""What the shared queries ask this game. The coach bot leaves the search bot's choice only
where that clearly loses more than 10 points: leaving it wherever the advice told the two
apart made the coach weaker than the search bot alone (the README's tournament table)."""
