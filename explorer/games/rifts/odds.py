"""Rifts Adventures odds: every roll of a party at a location, and battles.

>>> from explorer.odds import rifts
>>> rifts.roll("survival", ["Wilderness Scout", ("Techno Wizard", ["Hover Cycle"])], "Farms")
>>> rifts.roll("hit", [], None, tough=True).table
>>> rifts.battle(["Cyber-Knight", "Mind Melter"], "Wolfen", "Farms").extra["victory"]

The modifiers are the rules' own (``explorer.games.rifts.party.uses_for_roll`` reading the
``roll_modifiers`` table), so the odds shown are the odds the engine plays.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from explorer.engine import LogEntry, new_game
from explorer.engine.dice import Roll
from explorer.engine.odds import Odds, check_odds, from_roll, wilson
from explorer.errors import ExplorerError, ScenarioError, UnknownNameError
from explorer.games.rifts import party as P
from explorer.games.rifts.data import RiftsData, rifts_data
from explorer.games.rifts.state import Held, Member, Party

KINDS = {
    "survival": "Survival", "escape": "Escape", "supply": "Supply", "mission": "Mission",
    "heal": "Heal", "encounter": "Encounter", "morale": "Morale", "hit": "Hit Result",
    "hazard": "Hazard", "escape_table": "Escape Table", "bonus_supply": "Bonus Supply",
    "bonus_supply_table": "Bonus Supply Table", "loot": "Loot", "experience": "Experience",
    "combat_event": "Combat Event", "chaos": "Chaos", "use": "Use", "repair": "Repair",
    "protection": "Protection", "ley_lines": "Ley Lines",
    "character_attack": "Character Attack", "foe_attack": "Foe Attack",
}
"""The kinds of roll :func:`roll` knows, and their names in the ``rolls`` table: the issue's
eight, and every other check or table roll of the game."""

SITUATION = {kind: {"modifier"} for kind in KINDS} | {
    "supply": {"modifier", "supplied_here_last_turn"},
    "morale": {"modifier", "foe", "monster", "human", "tokens_destroyed", "below_half",
               "show_fear"},
    "hit": {"modifier", "tough", "target"},
}
"""The situation keywords each kind takes (``modifier``: any other modifier, e.g. a healer's
+2 on an extra Heal roll, or -2 for Weakened)."""

CardSpec = str | tuple[str, str] | dict[str, Any]
"""A card a Character carries: its name, (table, name), or a dict such as ``{"name": ...,
"table": ...}``."""
MemberSpec = str | tuple[str, Sequence[CardSpec]]
"""A party member: a Character's name, or (name, the cards it carries)."""


class OddsInputError(ExplorerError, ValueError):
    """A party, location or situation the odds cannot be computed for; says what is wrong."""


def _card(data: RiftsData, spec: CardSpec, where: str) -> Held:
    damaged = False
    if isinstance(spec, dict):
        damaged = bool(spec.get("damaged", False))
        spec = (spec.get("deck"), spec.get("name"))  # type: ignore[assignment]
    if isinstance(spec, tuple):
        deck, name = spec
        if deck not in ("Equipment", "Magic", "Psionic") or name not in data.aid[deck]:
            raise OddsInputError(f"{where}: no {deck} card named {name!r}")
        return Held(deck, name, damaged, data.aid[deck][name].uses)
    if not isinstance(spec, str):
        raise OddsInputError(f"{where}: a card is a name, a (deck, name) pair or a dict; "
                             f"found {spec!r}")
    deck_name, _, rest = spec.partition(":")
    if rest and deck_name in ("Equipment", "Magic", "Psionic"):
        return _card(data, (deck_name, rest), where)
    decks = [d for d in ("Equipment", "Magic", "Psionic") if spec in data.aid[d]]
    if not decks:
        raise OddsInputError(f"{where}: no Aid card named {spec!r}")
    if len(decks) > 1:
        raise OddsInputError(f"{where}: {spec!r} is a card of {' and '.join(decks)}; write "
                             f"'{decks[0]}:{spec}' to say which")
    return Held(decks[0], spec, damaged, data.aid[decks[0]][spec].uses)


def party_of(data: RiftsData, members: Sequence[MemberSpec]) -> Party:
    """A party from Character names or ``(name, [attached cards])`` pairs, checked like a real
    one: known cards, cards the Character can use, the party limits."""
    if isinstance(members, str) or not isinstance(members, Sequence):
        raise OddsInputError(f"party must be a list of Characters; found {members!r}")
    party = Party()
    for index, spec in enumerate(members):
        where = f"party[{index}]"
        name, cards = (spec, ()) if isinstance(spec, str) else (spec[0], spec[1]) if (
            isinstance(spec, tuple | list) and len(spec) == 2) else (None, ())
        if name not in data.characters:
            raise OddsInputError(f"{where}: no Character named {name!r}")
        if any(m.name == name for m in party.members):
            raise OddsInputError(f"{where}: {name} is in the party twice (one card each)")
        member = Member(name)
        for number, card in enumerate(cards):
            held = _card(data, card, f"{where} card {number}")
            problem = P.attach_problem(data, member, data.aid[held.deck][held.name])
            if problem:
                raise OddsInputError(f"{where}: {problem}")
            member.attached.append(held)
        problem = P.can_join(data, party, name)
        if problem:
            raise OddsInputError(f"{where}: {problem}")
        party.members.append(member)
    return party


def _location(data: RiftsData, location: str | None) -> str | None:
    if location is None:
        return None
    if location not in data.locations:
        raise UnknownNameError("Rifts location", location, list(data.locations))
    return data.locations[location].type


def _situation(kind: str, situation: dict[str, Any]) -> None:
    unknown = sorted(set(situation) - SITUATION[kind])
    if unknown:
        raise OddsInputError(f"a {kind} roll takes {', '.join(sorted(SITUATION[kind]))}; "
                             f"found {unknown[0]!r}")
    for key in ("modifier", "tokens_destroyed"):
        value = situation.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 99:
            raise OddsInputError(f"{key} must be an integer from -99 to 99; found {value!r}")
    for key in ("supplied_here_last_turn", "monster", "human", "below_half", "show_fear",
                "tough"):
        if not isinstance(situation.get(key, False), bool):
            raise OddsInputError(f"{key} must be true or false; found {situation[key]!r}")


def roll(kind: str, party: Sequence[MemberSpec], location: str | None,
         data: RiftsData | None = None, **situation: Any) -> Odds:
    """The exact odds of a party's roll of ``kind`` at ``location``.

    ``kind``: survival, escape, supply, mission, heal, encounter, morale or hit. Situation
    keywords: ``modifier`` (any other modifier, e.g. -2 for Weakened) for every kind;
    ``supplied_here_last_turn`` (supply); ``foe`` (a Foe's name) or ``monster``/``human``,
    ``tokens_destroyed``, ``below_half``, ``show_fear`` (morale); ``tough`` or ``target`` (a
    Character of the party, whose Tough counts) for hit.
    """
    data = data or rifts_data()
    if kind not in KINDS:
        raise UnknownNameError("kind of roll", kind, list(KINDS))
    _situation(kind, situation)
    name = KINDS[kind]
    kind_of_place = _location(data, location)
    built = party_of(data, party)
    bits: dict[str, Any] = {"supplied_here_last_turn": situation.get("supplied_here_last_turn")}
    extra: list[tuple[int, str]] = []
    members = None
    if kind == "morale":
        types = set()
        if "foe" in situation:
            if situation["foe"] not in data.foes:
                raise UnknownNameError("Rifts foe", situation["foe"], list(data.foes))
            types.update(data.foes[situation["foe"]].types)
        types.update(t for t, on in (("Monster", situation.get("monster")),
                                     ("Human", situation.get("human"))) if on)
        bits.update(foe_types=tuple(types), tokens_destroyed=situation.get("tokens_destroyed", 0),
                    below_half=situation.get("below_half", False))
        if situation.get("show_fear"):
            extra.append((-1, "Show Fear (Combat Event 4)"))
    elif kind == "hit":
        members = []
        target = situation.get("target")
        if target is not None:
            found = [m for m in built.members if m.name == target]
            if not found:
                raise OddsInputError(f"target {target!r} is not in the party")
            bits["target"] = found[0]
        if situation.get("tough"):
            extra.append((1, "Tough"))
    elif kind == "encounter":
        members = []
    if situation.get("modifier"):
        extra.append((situation["modifier"], "other modifiers"))
    modifiers = [(a, r) for a, r, _ in P.uses_for_roll(data, built, name, kind_of_place, bits,
                                                      members)]
    count, sides, fixed, target = data.roll(name)
    if fixed:
        modifiers.insert(0, (fixed, "the roll's own modifier"))
    spec = Roll(name, count, sides, tuple((a, r) for a, r in (*modifiers, *extra) if a),
                target, data.rolls[name]["table"])
    rows = data.tables[spec.table] if spec.table else None
    return from_roll(spec, rows)


# ---- battles --------------------------------------------------------------------------------

def battle(party: Sequence[MemberSpec], foe: str, location: str, runs: int = 2000,
           seed: int = 0, escape: bool = False,
           progress: bool | Callable[[int, int], None] = False) -> Odds:
    """Odds of a party's fight with ``foe`` at ``location``: victory (destroyed or routed),
    escape and Wiped Out, and the distribution of wounds taken.

    A Rifts battle's chance tree has no bound (a failed Morale check can repeat forever), so
    the figures are a Monte Carlo estimate through the engine itself: ``runs`` fights, the
    party played by the heuristic bot (``escape=False``: it never tries to escape), each
    fight's outcome read from the facts its log lines carry for the party's seat
    (:func:`fight_outcome`; the scenario's other seat, an empty party, is Wiped Out at its own
    turn after every fight and does not count). Each probability comes with its 95% Wilson
    interval in ``extra["interval"]``; ``p`` is the estimated victory rate as a Fraction of
    wins over runs, marked as an estimate in ``note``; ``extra["counts"]`` holds the raw counts
    (fights per outcome, fights per wounds taken, -1 for Wiped Out). ``progress``: True for a
    tqdm bar, or a function called with (fights done, runs) after each fight.
    """
    from explorer.engine.bots import make_bot
    from explorer.games.rifts.combat import ESCAPED

    data = rifts_data()
    if foe not in data.foes:
        raise UnknownNameError("Rifts foe", foe, list(data.foes))
    _location(data, location)
    if not isinstance(runs, int) or isinstance(runs, bool) or not 1 <= runs <= 100_000:
        raise OddsInputError(f"runs must be an integer from 1 to 100000; found {runs!r}")
    built = party_of(data, party)
    scenario = {
        "parties": [{"members": [{"name": m.name, "attached": [
            {"deck": h.deck, "name": h.name, "damaged": h.damaged} for h in m.attached]}
            for m in built.members], "location": location}, {}],
        "at": "combat", "foe": foe,
    }
    results: Counter[str] = Counter()
    wounds: Counter[int] = Counter()
    rng = random.Random(seed)
    from tqdm.auto import tqdm

    report = progress if callable(progress) else None
    for done in tqdm(range(1, runs + 1), disable=progress is not True,
                     desc=f"battles with {foe}"):
        try:
            game = new_game("rifts", players=2, seed=rng.randrange(2**62), scenario=scenario)
        except ScenarioError as error:
            raise OddsInputError(str(error)) from None
        bot = make_bot(game, "heuristic", rng.randrange(2**62))
        start, seat = len(game.log), game.state.active
        while game.state.combat is not None or game.phase.startswith("scenario.combat.start"):
            if game.is_chance:
                game.step()
                continue
            actions = game.legal_actions()
            if not escape and {a.name for a in actions} == {"fight", "escape"}:
                game.step(next(a for a in actions if a.name == "fight"))
            else:
                game.step(bot.choose(game))
        outcome = fight_outcome(game.log[start:], seat)
        results[outcome] += 1
        taken = sum(3 for m in built.members if not any(
            x.name == m.name for x in game.state.parties[seat].members)) + sum(
            x.wounds for x in game.state.parties[seat].members
            if any(m.name == x.name for m in built.members))
        wounds[taken if outcome != "wiped out" else -1] += 1
        if report is not None:
            report(done, runs)
    outcomes = tuple((name, Fraction(results[name], runs))
                     for name in ("victory", ESCAPED, "wiped out"))
    check_odds(outcomes)
    intervals = {name: wilson(results[name], runs) for name, _ in outcomes}
    wound_table = {wounds_label(k): Fraction(v, runs) for k, v in sorted(wounds.items())}
    return Odds(
        outcomes[0][1], 0, (), outcomes, f"{', '.join(m.name for m in built.members)} vs {foe}",
        note=f"Monte Carlo estimate: {runs} fights through the engine (seed {seed}), each "
             f"outcome with its 95% Wilson interval",
        extra={"victory": outcomes[0][1], "interval": intervals, "wounds": wound_table,
               "runs": runs, "counts": {"outcomes": dict(results),
                                        "wounds": dict(sorted(wounds.items()))}})


FIGHT_OUTCOMES = {"wiped_out": "wiped out", "foe_defeated": "victory", "foe_routed": "victory",
                  "escaped": "escaped"}
"""The facts that end a fight (:class:`~explorer.engine.Fact` kinds) and the outcome each
counts as in :func:`battle`, the first found in this order deciding: a party that wins and then
loses its last Character (a Drugs wound) is Wiped Out all the same (ruling rifts-92)."""


def fight_outcome(entries: Sequence[LogEntry], seat: int) -> str:
    """How a fight ended for ``seat``'s party, "victory", "escaped" or "wiped out", from the
    facts its log ``entries`` carry about that seat (never from their words: another party's
    fate is not this one's). Raises :class:`OddsInputError` when no entry says."""
    kinds = {e.fact.kind for e in entries if e.fact is not None and e.fact.seat == seat}
    for kind, outcome in FIGHT_OUTCOMES.items():
        if kind in kinds:
            return outcome
    raise OddsInputError(f"the fight of Player {seat + 1}'s party logged no outcome (none of "
                         f"the facts {', '.join(FIGHT_OUTCOMES)})")


def wounds_label(wounds: int) -> str:
    """"Wiped out" for -1, else "1 wound", "2 wounds", ..."""
    if wounds == -1:
        return "wiped out"
    return f"{wounds} wound" + ("" if wounds == 1 else "s")
