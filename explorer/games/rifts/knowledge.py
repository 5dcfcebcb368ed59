"""Rifts Adventures' knowledge of its decisions (:mod:`explorer.engine.knowledge`).

Odds at decisions: "fight or try to escape" a Foe (the rest of the fight
played out many times through the engine's own combat procedure from the position now: a Monte
Carlo estimate with 95% intervals; the Escape roll's own chance is exact), Protect (exact), and
the Decision Act's phases (the Survival, Mission, Supply or Heal roll the phase makes, exact,
with what failing means). Sentences: "Heal & Repair" when nobody is wounded ("Nobody is
wounded: the Recuperate Phase does nothing"); a "which deck?" for an Aid card: which party
members can use a Magic or Psionic card, and whether a Character drawn can join.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Generator
from fractions import Fraction
from typing import Any

import polars as pl

from explorer.engine import Action, Chance, Decision, Game
from explorer.engine.dice import Roll
from explorer.engine.knowledge import GameKnowledge, Start, listed
from explorer.engine.odds import Odds, check_odds, from_roll, titled
from explorer.games.rifts.redeal import redeal


def _odds(game: Game, pending: Decision, runs: int, seed: int) -> dict[Action, Odds]:
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
    odds = titled(from_roll(spec), "Protect: the hit is negated")
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
            bits["supplied_here_last_turn"] = party.supplied == (party.location, party.turn - 1)
        spec = ctx.roll_spec(seat, roll, bits=bits)
        rows = ctx.data.tables.get(spec.table) if spec.table and spec.target is None else None
        title = f"{phase}: the {roll} roll" + (f" ({meaning})" if meaning else "")
        odds = titled(from_roll(spec, rows), title)
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
    from explorer.engine.odds import wilson
    from explorer.games.rifts.combat import ESCAPED, WIPED, WON

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


def _sentences(game: Game, pending: Decision) -> dict[Action, str]:
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
        said.append(f"{listed(full)} can use {deck} cards")
    if partly:
        said.append(f"{listed(partly)} can use {deck} cards except the Major ones")
    others = [m.name for m in members if m.name not in full and m.name not in partly]
    if others:
        said.append(f"{listed(others)} cannot")
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


FLAG_SPREAD = 0.24
"""The spread of the real losses of the choices the coach measures again
(``GameKnowledge.flag_spread``), taken from Rat-King's and Gamma World's flags fitted
together (272 positions with a flag: 0.24, between their own 0.22 and 0.30;
``benchmarks/coach.py flags``, 2026-12-07): Rifts' flags are too rare to fit on their own
(about 3 of every 200 positions drawn)."""


def _start(game: Game, seat: int) -> list[str] | None:
    """The party's Characters once the setup has ended (None before)."""
    if game.phase.startswith("setup") and not game.is_over:
        return None
    return [member.name for member in game.state.parties[seat].members]


KNOWLEDGE = GameKnowledge(decision_odds=_odds, consequences=_sentences,
                           redeal=redeal, coach_base="search", coach_to_end=True, coach_margin=0.10,
                           flag_spread=FLAG_SPREAD, bot_learned=True,
                           start=Start("characters", pl.List(pl.String()), _start,
                                       "the party's Characters when the setup ends"))
"""What the shared queries ask this game. The coach bot leaves the search bot's choice only
where that is more than 15 points below the best (5 and the 10 of ``coach_margin``): at 5
the heuristic bot won 46.2% of 80 games against it; at 15, 37.5% of those 80 deals and 38.8%
of 80 deals after them (the README's tournament table)."""
