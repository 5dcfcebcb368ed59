"""Odds at decisions: what each legal action of a pending decision leads to, where chance
decides it.

>>> from explorer import odds
>>> for action, each in odds.choices(game):     # in the order of game.legal_actions()
...     print(action, each)                      # an Odds, or None where no chance follows

Each game answers for the decisions where odds matter:

- Rifts Adventures: "fight or try to escape" a Foe (the rest of the fight played out many
  times through the engine's own combat procedure from the position now: a Monte Carlo estimate
  with 95% intervals; the Escape roll's own chance is exact), Protect (exact), and the Decision
  Act's phases (the Survival, Mission, Supply or Heal roll the phase makes, exact);
- Gamma World: a battle round (fight on: the chance of capturing the location from the
  position now, fighting to the end, within a fixed amount of work: exact when the battle's
  chain fits it, else the chain in floating point, else an estimate from seeded playouts with
  95% intervals, the note saying which: :func:`explorer.odds.gamma_world.battle`; retreat: no
  capture, for certain) and "play a Foe?" against an attack (each Foe: the chance the attack
  is stopped, fought to the end against its Starting Threat's dice; no Foe: captured for
  certain);
- Adventurers: the Escape step (an evade card escapes for sure; a weapon or help card and the
  roll itself: the exact chance that the Escape roll beats the Encounter roll) and the Travel
  Phase (each card, or none: the exact chance the opponent to the right holds a matching
  Encounter card).

Only what the deciding seat can see is used: its own party, the public table, the Foe on the
table and the dice; never another seat's hand or the order of a deck.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Generator
from fractions import Fraction
from math import comb
from typing import Any

from explorer.engine import Action, Chance, Decision, Game
from explorer.engine.dice import Roll, dice_weights
from explorer.odds import Odds, check_odds, from_roll

FIGHT_RUNS = 400
"""How many times the rest of a Rifts fight is played out for each choice."""

Choices = list[tuple[Action, Odds | None]]


def choices(game: Game, runs: int = FIGHT_RUNS, seed: int = 0) -> Choices:
    """For the pending decision, each legal action (in order) with the odds of what it leads
    to, or None where no chance follows it; [] on a chance step or once the game is over.
    ``runs`` and ``seed`` set the Monte Carlo estimates (Rifts fights; ``seed`` also seeds a
    Gamma World battle too long to solve within its budget)."""
    pending = game.pending
    if not isinstance(pending, Decision):
        return []
    answer = _GAMES.get(game.game_id)
    found = answer(game, pending, runs, seed) if answer is not None else {}
    return [(action, found.get(action)) for action in pending.actions]


# ---- Rifts Adventures ---------------------------------------------------------------------

def _rifts(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    names = {a.name for a in pending.actions}
    if {"fight", "escape"} <= names and game.state.combat is not None:
        return _rifts_fight(game, pending, runs, seed)
    if "protect" in names:
        return _rifts_protect(game, pending)
    if "phase" in names:
        return _rifts_phases(game, pending)
    return {}


def _rifts_ctx(game: Game) -> Any:
    from explorer.games.rifts.common import Ctx

    return Ctx(game.state, game.state._data)


def _rifts_protect(game: Game, pending: Decision) -> dict[Action, Odds]:
    ctx = _rifts_ctx(game)
    spec = ctx.roll_spec(pending.player, "Protection")
    odds = _titled(from_roll(spec), "Protect: the hit is negated")
    return {a: odds for a in pending.actions if a.name == "protect"}


ROLL_OF_PHASE = {"Travel": ("Survival", "no Hazard on the way"),
                 "Mission": ("Mission", ""),
                 "Supply": ("Supply", "the party may resupply"),
                 "Recuperate": ("Heal", "a wounded Character is fully healed")}
"""The roll each phase of the Decision Act makes first, and what its success means."""
IF_NOT = {"Travel": "a roll on the Hazard Table",  # seed 000, lines 311-312
          "Supply": "no resupply this turn",  # lines 360-361
          "Recuperate": "the Character stays wounded"}  # line 296
"""What failing the roll of :data:`ROLL_OF_PHASE` means."""


def _rifts_phases(game: Game, pending: Decision) -> dict[Action, Odds]:
    ctx = _rifts_ctx(game)
    seat = pending.player
    party = ctx.party(seat)
    found: dict[Action, Odds] = {}
    for action in pending.actions:
        if action.name != "phase" or action.args[0] not in ROLL_OF_PHASE:
            continue
        phase = action.args[0]
        if phase == "Recuperate" and not any(m.wounds for m in party.present()):
            continue
        roll, meaning = ROLL_OF_PHASE[phase]
        bits: dict[str, object] = {}
        if phase == "Supply":
            bits["supplied_here_last_turn"] = party.supplied == (party.location, party.turn)
        spec = ctx.roll_spec(seat, roll, bits=bits)
        rows = ctx.data.tables.get(spec.table) if spec.table and spec.target is None else None
        title = f"{phase}: the {roll} roll" + (f" ({meaning})" if meaning else "")
        odds = _titled(from_roll(spec, rows), title)
        if phase in IF_NOT and odds.p is not None:
            odds.extra["if_not"] = IF_NOT[phase]
        found[action] = odds
    return found


def _rifts_fight(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    """Fight this round, or try to escape: the rest of the fight played out ``runs`` times from
    the position now, fighting every round or trying to escape every round."""
    found: dict[Action, Odds] = {}
    for action in pending.actions:
        policy = action.name
        counts: Counter[str] = Counter()
        rng = random.Random(f"{seed}/{policy}")
        first_roll: Roll | None = None
        for _ in range(runs):
            outcome, roll = _play_out_fight(game, policy, rng)
            counts[outcome] += 1
            first_roll = first_roll or roll
        found[action] = _fight_odds(policy, counts, runs, first_roll)
    return found


def _play_out_fight(game: Game, policy: str, rng: random.Random) -> tuple[str, Roll | None]:
    """One playout of the rest of a Rifts fight on a copy of the fighting party and the
    combat, by the engine's combat procedure; returns the outcome and the first roll made
    (the Escape roll, under the "escape" policy)."""
    from explorer.games.rifts.combat import combat_round, rest_of_round
    from explorer.games.rifts.state import Deck, RiftsState

    state = game.state
    combat = state.combat
    seat = combat.seat
    party, fight = copy.deepcopy((state.parties[seat], combat))
    light = RiftsState(state.players, {name: Deck(dict(d.pile), list(d.top), [], list(d.known))
                                       for name, d in state.decks.items()})
    light.parties[seat] = party
    light.combat = fight
    light.active = seat
    ctx = type(_rifts_ctx(game))(light, state._data)
    where = game.phase.split(".combat")[0]

    def rest() -> Generator[Any, Any, str]:
        outcome = yield from rest_of_round(ctx, seat, fight, where)
        while outcome is None:
            outcome = yield from combat_round(ctx, seat, fight, where)
        return outcome

    first: list[Roll] = []
    outcome = _drive(rest(), rng, lambda d: _fight_policy(d, policy), first)
    return outcome, first[0] if first else None


def _fight_policy(decision: Decision, policy: str) -> Action:
    """The choices a playout makes: the policy at every Escape Segment, every Protect and
    every combat ability used (as the heuristic bot does), no "roll of your choice" bonus."""
    by_name = {a.name: a for a in reversed(decision.actions)}
    for name in (policy, "protect", "use", "no bonus", "end actions"):
        if name in by_name:
            return by_name[name]
    return decision.actions[0]


def _drive(procedure: Generator[Any, Any, Any], rng: random.Random,
           decide: Callable[[Decision], Action], rolls: list[Roll]) -> Any:
    """Run a procedure to its end: chance steps sampled by their exact weights, decisions by
    ``decide``; the first roll made is kept in ``rolls``."""
    value = None
    while True:
        try:
            pending = procedure.send(value)
        except StopIteration as stop:
            return stop.value
        if isinstance(pending, Chance):
            if not rolls and isinstance(pending.odds, Roll):
                rolls.append(pending.odds)
            value = pending.outcomes[pending.sample_index(rng)]
        else:
            value = decide(pending)


def _fight_odds(policy: str, counts: Counter[str], runs: int, first: Roll | None) -> Odds:
    from explorer.games.rifts.combat import ESCAPED, WIPED, WON
    from explorer.odds.rifts import wilson

    names = {WON: "the Foes are beaten", ESCAPED: "the party escapes",
             WIPED: "the party is Wiped Out"}
    outcomes = tuple((names[k], Fraction(counts[k], runs)) for k in (WON, ESCAPED, WIPED))
    check_odds(outcomes)
    interval = {names[k]: wilson(counts[k], runs) for k in (WON, ESCAPED, WIPED)}
    if policy == "escape":
        title = "Try to escape, every round if need be"
        p = Fraction(counts[ESCAPED], runs)
        now = first.success_probability() if first is not None else None
    else:
        title = "Fight, every round to the end"
        p = Fraction(counts[WON], runs)
        now = None
    extra: dict[str, Any] = {"interval": interval, "runs": runs, "counts": dict(counts)}
    note = f"estimate from {runs} playouts of the rest of the fight, with 95% intervals"
    if now is not None:
        extra["escape_this_round"] = now
        note += f"; this round's Escape roll succeeds with probability {now} exactly"
    return Odds(p, 0, (), outcomes, title, note=note, extra=extra)


# ---- Gamma World --------------------------------------------------------------------------

def _gamma_world(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    battle = getattr(game.state, "battle", None)
    names = {a.name for a in pending.actions}
    if battle is None or battle.defender is not None:
        return {}
    if "no foe" in names:
        return _gw_foes(game, pending, seed)
    if not {"fight", "retreat"} <= names:
        return {}
    from explorer.games.gamma_world import enclave as E
    from explorer.odds import gamma_world as gw

    data = game.state._data
    enclave = game.state.enclaves[battle.attacker]
    followers = [_gw_follower(data, f, battle.robot, E, gw) for f in enclave.followers]
    capture = gw.battle(followers, battle.threat, robots=battle.robot, seed=seed)
    fight = Odds(capture.p, 0, (), capture.outcomes,
                 f"Fight on to the end: capture {battle.location}", note=capture.note,
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
    from explorer.odds import gamma_world as gw

    state = game.state
    battle, data = state.battle, state._data
    enclave = state.enclaves[battle.attacker]
    who = f"Player {battle.attacker + 1}"
    rows = (f"{who} is stopped: {battle.location} is not captured",
            f"{who} captures {battle.location}")
    found: dict[Action, Odds] = {}
    for action in pending.actions:
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


# ---- Adventurers --------------------------------------------------------------------------

def _adventurers(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    if any(a.name == "travel" for a in pending.actions):
        return _adventurers_travel(game, pending)
    roll = next((a for a in pending.actions if a.name == "roll"), None)
    if roll is None:
        return {}
    from explorer.games.adventurers import encounter as EN
    from explorer.games.adventurers.common import Ctx

    state = game.state
    ctx = Ctx(state, state._data)
    seat = pending.player
    facing = ctx.adv(seat).encounter
    card = ctx.cards[facing.card]
    dice, total = roll.args
    weapon_now = next((n for n in state.in_play if ctx.cards[n].type == "Weapon"), None)
    base = dice - EN.profession_dice(ctx, seat, card, weapon_now)
    sides = ctx.data.dice("escape")[1]
    found: dict[Action, Odds] = {}
    for action in pending.actions:
        if action.name == "evade":
            found[action] = Odds(Fraction(1), 0, (), (("escapes", Fraction(1)),),
                                 f"{action.args[0]}: escapes for sure", note="exact")
            continue
        if action.name == "roll":
            count, how = dice, f"Roll {dice}D6 now"
        elif action.name == "weapon":
            weapon = action.args[0]
            count = base + EN.weapon_dice(ctx, seat, weapon, "escape_weapon") + \
                EN.profession_dice(ctx, seat, card, weapon)
            how = f"With {weapon}, then roll {count}D6"
        elif action.name == "bonus":
            count = dice + EN.bonus_dice(ctx, ctx.cards[action.args[0]])
            how = f"With {action.args[0]}, then roll {count}D6"
        else:
            continue
        found[action] = _escape_odds(count, sides, total, how)
    return found


def _adventurers_travel(game: Game, pending: Decision) -> dict[Action, Odds]:
    """The Travel Phase: with each card played (or none), the exact chance that the opponent
    to the right holds an Encounter card matching the new top card, so that he can play it on
    the player in the Encounter Phase (lines 61-63 of seed 001). As the player knows it: that
    opponent's hand is any of its size among the cards the player has not seen (the draw pile
    and the other players' hands)."""
    from explorer.games.adventurers.common import Ctx

    state = game.state
    ctx = Ctx(state, state._data)
    seat = pending.player
    by = ctx.right_of(seat)
    held = len(ctx.adv(by).hand)
    unseen = Counter(state.deck.pile)
    unseen.update(state.deck.top)
    for other in range(state.players):
        if other != seat:
            unseen.update(ctx.adv(other).hand)
    whole = sum(unseen.values())
    found: dict[Action, Odds] = {}
    for action in pending.actions:
        if action.name == "travel":
            top, how = ctx.cards[action.args[0]], f"Play {action.args[0]}"
        elif action.name == "pass":
            top, how = ctx.top(seat), "Play no card"
        else:
            continue
        matching = sum(
            n for name, n in unseen.items()
            if ctx.cards[name].type == "Encounter" and ctx.data.at(ctx.cards[name].matches, top))
        p = 1 - Fraction(comb(whole - matching, held), comb(whole, held)) if whole else Fraction(0)
        where = top.name if top is not None else "your empty chain"
        found[action] = Odds(
            p, 0, (), ((f"Player {by + 1} can play an Encounter on {where}", p),
                       ("no Encounter can be played on you", 1 - p)),
            f"{how}: Player {by + 1}, {held} card{'s' if held != 1 else ''} in hand, holds an "
            "Encounter that matches it", note="exact, from the cards you have not seen")
    return found


def _escape_odds(count: int, sides: int, total: int, how: str) -> Odds:
    """The chance ``count``D``sides`` beats ``total`` ("higher than the Encounter roll",
    line 71 of seed 001), exact."""
    totals, weights = dice_weights(count, sides)
    whole = sum(weights)
    wins = sum(w for t, w in zip(totals, weights, strict=True) if t > total)
    p = Fraction(wins, whole)
    return Odds(p, 0, (), (("escapes", p), ("the encounter stays", 1 - p)),
                f"{how}: escape if it beats {total}", note="exact")


# ---- helpers ------------------------------------------------------------------------------

def _titled(odds: Odds, title: str) -> Odds:
    return Odds(odds.p, odds.modifier, odds.breakdown, odds.outcomes, title, odds.note,
                odds.extra)


# ---- Riftforce -------------------------------------------------------------------------------

def _riftforce(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    """Check & Draw: how many cards it brings and, for each of the player's guilds, the exact
    chance that at least one of them is among the draws (reshuffle included)."""
    checks = [a for a in pending.actions if a.name == "check"]
    if not checks:
        return {}
    from explorer.odds import riftforce

    state = game.state
    side = state.sides[pending.player]
    room = state._data.constants["draw_up_to"] - len(side.hand)
    k = min(room, side.pile.size + len(side.discard))
    rows = tuple((f"{'an' if guild[0] in 'AEIOU' else 'a'} {guild} card",
                  riftforce.p_at_least(game, k, guild=guild))
                 for guild in side.guilds)
    return {checks[0]: Odds(None, 0, (), rows, f"Check & Draw: {k} card{'s' if k != 1 else ''}"
                            " from your own draw pile", note="exact",
                            extra={"draws": k})}


# ---- Lair of the Rat-King --------------------------------------------------------------------

def _rat_king(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
    """In an ADVENTURE ROUND: each round action (and, once one is chosen, each of its choices)
    with who wins the ADVENTURE after it if everyone then passes, exactly; a kind of action is
    shown with its best choice for the acting player."""
    state = game.state
    if state.round is None or state.round.settled or not state.phase.startswith("adventure"):
        return {}
    from explorer.games.rat_king import adventure as A
    from explorer.odds import rat_king

    names = {a.name for a in pending.actions}
    seat = pending.player
    if names <= set(A.ROUND_ACTIONS):
        found: dict[Action, Odds] = {}
        best: dict[str, Odds] = {}
        for actions, odds in rat_king.round_choices(game):
            kind = actions[0].name
            if kind not in best or odds.extra["win"][seat] > best[kind].extra["win"][seat]:
                best[kind] = odds
        for action in pending.actions:
            if action.name in best:
                found[action] = best[action.name]
        return found
    if state.phase.partition(".")[2] not in A.ROUND_ACTIONS_RUN:
        return {}
    return rat_king.choice_odds(game)


_GAMES: dict[str, Callable[[Game, Decision, int, int], dict[Action, Odds]]] = {
    "rifts": _rifts, "gamma_world": _gamma_world, "adventurers": _adventurers,
    "riftforce": _riftforce, "rat_king": _rat_king,
}
