"""Odds against play (issue 45, item 1): the same situation played through ``Game.step`` from
the same position, many seeded times, and the frequencies compared with the odds.

How the comparison is judged: every outcome of the odds is a yes/no event of play (its label
happened or not), counted over ``runs`` independent plays. An exact probability p is tested
exactly: the chance that Binomial(runs, p) lands as far out as the count did (two-sided,
twice the smaller tail) must not be below :data:`ALPHA` divided by the number of outcomes
compared, i.e. p lies in the plays' exact (Clopper-Pearson) interval at that level. An estimate
(a Monte Carlo answer with its own ``runs``) is compared with the plays by Fisher's exact test
(could the two counts come from one probability?), at the same level: the two intervals meet.
At ALPHA = 1e-4 a correct answer fails a test with chance below 1e-4; the plays are seeded,
so a test gives the same answer at every run. The long fuzz profile compares at many random
positions and uses :data:`ALPHA_FUZZ`. (Wilson intervals, tried first, are far too narrow in
the tails when a count is small: 5 of 60 plays of a 1/114 draw, a 1-in-5000 event (and
114 outcomes compared), fell outside one at 5.5 standard errors.)

Playing "as the odds assume": each kind of odds says what follows the choice (a Rifts fight
fought, or escaped from, every round; a Gamma World battle fought to the end; an Adventurers
Escape roll made at once; a Rat-King round action with the acting player's later choices at
their best for him and everyone passing after it; a Riftforce Check & Draw's draws). The
functions here play exactly that through the public Game API, sampling each chance step with
the engine's own sampler (:meth:`Chance.sample_index`), and read what happened from the
game's state, never from its log's words.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

from explorer import odds
from explorer.engine import Action, Chance, Decision, Game, Outcome
from explorer.engine.dice import Roll
from explorer.games.gamma_world.odds import captured_label

ALPHA = 1e-4
"""The tests' level: a correct answer fails a comparison with chance below this."""
ALPHA_FUZZ = 1e-9
"""The same at the fuzzer's random positions, where very many comparisons are made."""

Play = Callable[[Game, random.Random], set[str]]
"""Plays a copy of the game at the position on, returns the labels of the outcomes that
happened (one for a distribution; any number for rows that are separate events)."""


# ---- the comparison ----------------------------------------------------------------------------

def copies(game: Game, runs: int, play: Play, seed: int = 0) -> Counter[str]:
    """``play`` on ``runs`` fresh copies of ``game`` (its steps taken again), each with its own
    seeded generator; how many times each label happened."""
    counts: Counter[str] = Counter()
    for number in range(runs):
        copy = game.at(game.steps)
        copy.rng = random.Random(f"{seed}/{number}")
        counts.update(play(copy, random.Random(f"{seed}/{number}/play")))
    return counts


def estimate_runs(found: odds.Odds) -> int | None:
    """How many playouts an estimate was made from (None: the odds are computed)."""
    runs = found.extra.get("runs")
    if isinstance(runs, int) and "interval" in found.extra:
        return runs
    return None


def problems(found: odds.Odds, counts: Counter[str], runs: int,
             alpha: float = ALPHA) -> list[str]:
    """Where ``found`` and the plays disagree (empty: they agree), in words a failure shows:
    an outcome played that the odds do not list, an exact probability the plays reject, an
    estimate whose count the plays' count could not share a probability with (module
    docstring)."""
    listed = {label for label, _ in found.outcomes}
    found_problems = [f"played {label!r} ({n} of {runs}), which the odds do not list"
                      for label, n in counts.items() if label not in listed]
    made = estimate_runs(found)
    level = alpha / max(1, len(found.outcomes))
    for label, p in found.outcomes:
        hits = counts[label]
        if made is None:
            chance = two_sided(binomial_tails(hits, runs, p))
            if chance < level:
                found_problems.append(
                    f"{label!r}: the odds say {float(p):.4f} ({p}), play gives {hits} of {runs} "
                    f"= {hits / runs:.4f}: as far out with chance {chance:.2g}")
            continue
        theirs = round(p * made)
        chance = two_sided(fisher_tails(theirs, made, hits, runs))
        if chance < level:
            found_problems.append(
                f"{label!r}: the estimate says {theirs} of {made} = {float(p):.4f}, play gives "
                f"{hits} of {runs} = {hits / runs:.4f}: one probability gives them with "
                f"chance {chance:.2g}")
    return found_problems


def agrees(hits: int, runs: int, p: Fraction | float, alpha: float = ALPHA) -> bool:
    """Whether ``hits`` of ``runs`` plays may come from probability ``p`` (at ``alpha``)."""
    return two_sided(binomial_tails(hits, runs, p)) >= alpha


def two_sided(tails: tuple[float, float]) -> float:
    """Twice the smaller tail, at most 1."""
    return min(1.0, 2 * min(tails))


def binomial_tails(hits: int, runs: int, p: Fraction | float) -> tuple[float, float]:
    """P(X <= hits) and P(X >= hits) for X ~ Binomial(runs, p), exactly in floats (logs)."""
    if p <= 0 or p >= 1:
        certain = 0 if p <= 0 else runs
        return (1.0 if hits >= certain else 0.0), (1.0 if hits <= certain else 0.0)
    log_p, log_q = _log(p), _log(1 - p)
    pmf = [math.exp(_log_comb(runs, k) + k * log_p + (runs - k) * log_q)
           for k in range(runs + 1)]
    return min(1.0, sum(pmf[:hits + 1])), min(1.0, sum(pmf[hits:]))


def _log(x: Fraction | float) -> float:
    """The log of a probability above 0: an exact Fraction's from its numerator and
    denominator, so one within 1e-300 of 0 or of 1 (as a float, 0 or 1) keeps its log (a long
    battle's exact chain gave one; the long fuzz found it)."""
    if isinstance(x, Fraction):
        return math.log(x.numerator) - math.log(x.denominator)
    return math.log(x)


def fisher_tails(hits: int, runs: int, other_hits: int, other_runs: int) -> tuple[float, float]:
    """P(X <= hits) and P(X >= hits) for the first count given both counts' total, under one
    shared probability (the hypergeometric law of Fisher's exact test)."""
    total, both = runs + other_runs, hits + other_hits
    low, high = max(0, both - other_runs), min(runs, both)
    whole = _log_comb(total, runs)
    pmf = {k: math.exp(_log_comb(both, k) + _log_comb(total - both, runs - k) - whole)
           for k in range(low, high + 1)}
    below = sum(v for k, v in pmf.items() if k <= hits)
    above = sum(v for k, v in pmf.items() if k >= hits)
    return min(1.0, below), min(1.0, above)


def _log_comb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def assert_matches_play(found: odds.Odds, game: Game, runs: int, play: Play,
                        alpha: float = ALPHA, seed: int = 0) -> Counter[str]:
    """Play ``runs`` times and fail with every disagreement; the counts, for more checks."""
    counts = copies(game, runs, play, seed)
    found_problems = problems(found, counts, runs, alpha)
    assert not found_problems, f"{found.title}: " + "; ".join(found_problems)
    return counts


def possible(found: odds.Odds, labels: set[str]) -> list[str]:
    """What one play shows that the odds call impossible (probability 0, or not listed), and a
    certain outcome (probability 1) that did not happen; an estimate can be checked only for
    labels it does not list. Cheap enough for every position the quick fuzzing reaches."""
    shown = dict(found.outcomes)
    wrong = [f"played {label!r}, which the odds do not list" for label in labels
             if label not in shown]
    if estimate_runs(found) is None:
        wrong += [f"played {label!r}, which the odds give 0" for label in labels
                  if shown.get(label) == 0]
        wrong += [f"{label!r} is certain by the odds but did not happen"
                  for label, p in found.outcomes if p == 1 and label not in labels]
    return wrong


# ---- chance steps ------------------------------------------------------------------------------

def sample(game: Game, rng: random.Random) -> Outcome:
    """Take the pending chance step with an outcome drawn as the engine draws it (its own
    exact weights, :meth:`Chance.sample_index`); return the outcome."""
    pending = game.pending
    assert isinstance(pending, Chance)
    outcome = pending.outcomes[pending.sample_index(rng)]
    game.step(outcome)
    return outcome


def roll_label(spec: Roll, natural: int, game: Game) -> str:
    """What a natural roll of the engine's ``spec`` is, as :func:`explorer.odds.from_roll`
    names its outcomes: "success" or "failure" against a target, the row read on a table,
    else the total."""
    from explorer.odds import _row_for, _table_rows

    total = natural + spec.modifier
    if spec.target is not None:
        return "success" if total >= spec.target else "failure"
    rows = _table_rows(game, spec.table) if spec.table else None
    if rows:
        return str(_row_for(rows, total)["result"])
    return str(total)


def chance_play(game: Game, rng: random.Random) -> set[str]:
    """The pending roll or draw sampled once: the label :func:`odds.at` gives its outcome (a
    roll by what its total does, any other chance step by its outcome's words)."""
    pending = game.pending
    assert isinstance(pending, Chance)
    spec = pending.odds
    outcome = sample(game, rng)
    if isinstance(spec, Roll):
        return {roll_label(spec, outcome.args[0], game)}
    return {str(outcome)}


# ---- each game's choices, played as their odds assume ------------------------------------------

def choice_play(game: Game, action: Action, found: odds.Odds) -> Play | None:
    """How to play ``action`` at ``game``'s decision as ``found`` (its odds) assumes, or None
    where these odds have no play to compare with."""
    maker = _PLAYS.get(game.game_id)
    return None if maker is None else maker(game, action, found)


def _rifts(game: Game, action: Action, found: odds.Odds) -> Play | None:
    if action.name in ("fight", "escape") and game.state.combat is not None:
        return lambda copy, rng: {_rifts_fight(copy, action, rng)}
    if action.name == "protect":
        return lambda copy, rng: {_first_roll(copy, action, rng, "Protection")}
    if action.name == "phase":
        from explorer.games.rifts.knowledge import ROLL_OF_PHASE

        roll = ROLL_OF_PHASE[action.args[0]][0]
        return lambda copy, rng: {_first_roll(copy, action, rng, roll)}
    return None


RIFTS_FIGHT = {"won": "the Foes are beaten", "escaped": "the party escapes",
               "wiped out": "the party is Wiped Out"}
"""The fight odds' outcomes by the combat's own results."""


def _rifts_fight(game: Game, action: Action, rng: random.Random) -> str:
    """The rest of a Rifts fight through Game.step: ``action``'s policy (fight or escape) at
    every Escape Segment, every Protect and combat ability used, no "roll of your choice"
    bonus (as the odds' playouts choose); its result read from the state at its end: Adventure
    Tokens gained for the Foe (a victory), else every Character unable to act (Wiped Out), else
    an escape."""
    from explorer.games.rifts.combat import WIPED, settled
    from explorer.games.rifts.common import Ctx

    state = game.state
    seat, combat = state.combat.seat, state.combat
    at_before = state.parties[seat].at
    game.step(action)
    while state.combat is not None:
        if game.is_chance:
            sample(game, rng)
            continue
        names = {a.name: a for a in reversed(game.legal_actions())}
        chosen = next((names[n] for n in (action.name, "protect", "use", "no bonus",
                                          "end actions") if n in names), None)
        game.step(chosen or game.legal_actions()[0])
    if state.parties[seat].at > at_before:
        return RIFTS_FIGHT["won"]
    if settled(Ctx(state, state._data), seat, combat) == WIPED:
        return RIFTS_FIGHT["wiped out"]
    return RIFTS_FIGHT["escaped"]


def _first_roll(game: Game, action: Action, rng: random.Random, name: str) -> str:
    """Take ``action``, then play on (no "roll of your choice" bonus, otherwise the first
    choice) up to the roll named ``name``; sample it and name its outcome as the odds do."""
    game.step(action)
    for _ in range(200):
        pending = game.pending
        if isinstance(pending, Chance):
            spec = pending.odds
            if isinstance(spec, Roll) and spec.name == name:
                outcome = sample(game, rng)
                return roll_label(spec, outcome.args[0], game)
            sample(game, rng)
        elif isinstance(pending, Decision):
            bonus = next((a for a in pending.actions if a.name == "no bonus"), None)
            game.step(bonus or pending.actions[0])
        else:
            break
    return f"no {name} roll"


def _gamma_world(game: Game, action: Action, found: odds.Odds) -> Play | None:
    battle = game.state.battle
    if battle is None or action.name not in ("fight", "retreat", "foe", "no foe"):
        return None
    labels = [label for label, _ in found.outcomes]

    def play(copy: Game, rng: random.Random) -> set[str]:
        captured, lost = _gw_battle(copy, action, rng)
        if action.name == "retreat":
            return {labels[0]} if not captured else {"captured"}
        if action.name in ("foe", "no foe"):
            return {labels[1] if captured else labels[0]}
        if not captured:
            return {labels[-1]}
        return {captured_label(lost)}

    return play


def _gw_battle(game: Game, action: Action, rng: random.Random) -> tuple[bool, int]:
    """Take ``action`` and play the battle to its end, the attacker fighting every round, no
    other player playing a Foe after it (the odds count the Foe chosen, or none, alone), any
    other choice on the way its first; whether the location was captured, and how many of the
    attacker's followers were lost in the fight (before the Breakdown rolls after it, which
    can cost a follower his equipment's Hits: the odds count the fight's losses)."""
    return battle_to_the_end(game, rng, action)


def battle_to_the_end(game: Game, rng: random.Random,
                      action: Action | None = None) -> tuple[bool, int]:
    """A Gamma World battle under way (``action`` taken first, if any) played to its end as
    :func:`_gw_battle` plays it."""
    state = game.state
    battle = state.battle
    attacker, location = battle.attacker, battle.location
    enclave = state.enclaves[attacker]
    before = len(enclave.followers)
    after = None

    def fought() -> bool:
        """Whether the fight is over (the Breakdown rolls, or the battle, ended)."""
        return state.battle is None or not state.phase.endswith(
            (".battle", ".foe", ".threat"))

    if action is not None:
        game.step(action)
    while state.battle is not None and not game.is_over:
        if after is None and fought():
            after = len(state.enclaves[attacker].followers)
        if game.is_chance:
            sample(game, rng)
            continue
        actions = game.legal_actions()
        chosen = next((a for a in actions if a.name in ("fight", "no foe")), None)
        game.step(chosen or actions[0])
    enclave = state.enclaves[attacker]
    if after is None:
        after = len(enclave.followers)
    return location in enclave.locations, before - after


def _adventurers(game: Game, action: Action, found: odds.Odds) -> Play | None:
    if action.name in ("evade", "roll", "weapon", "bonus"):
        return lambda copy, rng: {_adventurers_escape(copy, action, rng)}
    if action.name in ("travel", "pass"):
        label_can, label_none = (label for label, _ in found.outcomes)
        return lambda copy, rng: {label_can if _adventurers_travel(copy, action, rng)
                                  else label_none}
    return None


def _adventurers_escape(game: Game, action: Action, rng: random.Random) -> str:
    """Take ``action``, then roll at once (the odds' "then roll"), the Escape roll sampled;
    escaped when the player no longer faces the Encounter."""
    seat = game.current_player
    adventurer = game.state.adventurers[seat]
    game.step(action)
    while adventurer.encounter is not None and game.phase.startswith("encounter"):
        pending = game.pending
        if isinstance(pending, Chance):
            escape = isinstance(pending.odds, Roll) and pending.odds.name.startswith("Escape")
            sample(game, rng)
            if escape:
                break
            continue
        roll = next((a for a in pending.actions if a.name == "roll"), None)
        game.step(roll or pending.actions[0])
    return "escapes" if adventurer.encounter is None else "the encounter stays"


def _adventurers_travel(game: Game, action: Action, rng: random.Random) -> bool:
    """The cards the player has not seen dealt again from his view (a world: the other hands
    and the draw pile), ``action`` taken there: whether the opponent to the right then holds an
    Encounter he may play on the player, by the rules' own test."""
    from explorer.engine.worlds import World
    from explorer.games.adventurers.common import Ctx
    from explorer.games.adventurers.encounter import playable_encounters

    seat = game.current_player
    world = World(game, seat, rng.getrandbits(32))
    world.step(action)
    ctx = Ctx(world.state, world.state._data)
    return bool(playable_encounters(ctx, seat, ctx.right_of(seat)))


def _rat_king(game: Game, action: Action, found: odds.Odds) -> Play | None:
    if game.state.round is None:
        return None
    return lambda copy, rng: {_rat_king_round(copy, action, rng)}


def _rat_king_round(game: Game, action: Action, rng: random.Random) -> str:
    """Take ``action``; the round action's later choices at their best for the acting player
    (the others' at their worst for him), as the odds explore them; then everyone passes and
    the ADVENTURE DICE are rolled. Who won it, from the game's own position."""
    from explorer.games.rat_king import adventure as A
    from explorer.games.rat_king import position
    from explorer.odds import rat_king

    seat = game.current_player
    game.step(action)
    while not game.is_over and game.state.round is not None and not game.state.round.settled:
        pending = game.pending
        if isinstance(pending, Chance):
            sample(game, rng)
            continue
        kind = game.phase.partition(".")[2]
        if game.phase.startswith("adventure.") and kind in A.ROUND_ACTIONS_RUN:
            valued = rat_king.choice_odds(game)
            pick = max if pending.player == seat else min
            best = pick(pending.actions, key=lambda a: valued[a].extra["win"][seat]
                        if a in valued else (-1 if pick is max else 2))
            game.step(best)
            continue
        passing = next((a for a in pending.actions if a.name == "pass"), None)
        game.step(passing or pending.actions[0])
    winner = position(game)["last_adventure"]["winner"]
    return rat_king.DISCARDED if winner is None else f"Player {winner + 1} wins"


def _riftforce(game: Game, action: Action, found: odds.Odds) -> Play | None:
    if action.name != "check":
        return None
    data = game.state._data

    def play(copy: Game, rng: random.Random) -> set[str]:
        drawn = check_and_draw(copy, action, rng)
        guilds = {data.kinds[name].guild for name in drawn}
        return {label for label, _ in found.outcomes
                if any(label == f"{'an' if g[0] in 'AEIOU' else 'a'} {g} card" for g in guilds)}

    return play


def check_and_draw(game: Game, action: Action, rng: random.Random) -> list[str]:
    """Take a Riftforce Check & Draw (or any action) and sample the draws that follow it up to
    the next decision; the cards drawn, by name."""
    game.step(action)
    drawn = []
    while isinstance(game.pending, Chance):
        outcome = sample(game, rng)
        if outcome.name == "card":
            drawn.append(outcome.args[0])
    return drawn


_PLAYS: dict[str, Callable[[Game, Action, odds.Odds], Play | None]] = {
    "rifts": _rifts, "gamma_world": _gamma_world, "adventurers": _adventurers,
    "rat_king": _rat_king, "riftforce": _riftforce}

