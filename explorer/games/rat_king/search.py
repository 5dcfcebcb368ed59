"""Lair of the Rat-King hooks of the search bot (:mod:`explorer.engine.search`).

The bot searches the turn's one action (seed 002, line 17): at the first choice of its turn,
once it has drawn to five, it lists every concrete play the rules offer (which CHARACTER into
which group, which STUFF or EVENT on whom, which ADVENTURE, which card to discard to unflip
what, which turn option) and keeps the best of each kind of action by the heuristic bot's own
value (:class:`explorer.games.rat_king.bots.RatKingHeuristicBot`), plus the next best overall,
up to :data:`SHORTLIST` plans of two choices: the kind of action, then the play. Each plan is
played in a few worlds; the heuristic bots finish the turn (an ADVENTURE ROUND is fought out,
every die and draw sampled with its exact odds by the world's own generator) and play on to
the horizon (:data:`HORIZON`: the other players' turns, up to the start of the seat's next
turn). The world is then valued by :func:`standing` (AP first, then the groups' CP and the
cards in hand; exact Fractions), or by :func:`~explorer.engine.search.outcome_value` once it is
over. Every other decision (the later choices of an unflip or an EVENT's targets, the
ADVENTURE ROUND's actions, the sunburst) is the heuristic bot's.

A world is a scenario (:mod:`explorer.games.rat_king.scenario`) started at the seat's turn,
made of what the seat sees in its position: every group with its characters, STUFF and EVENTS
and their sides, the EVENTS on the groups, the ADVENTURES won, the discard piles (face up, in
order), the dealer and the seat's own hand. The other hands (seen as counts) are dealt at
random from the cards the seat cannot see (the set, less every card named above and the ME
cards set aside); every card left is in its draw pile, whose order is never known (each draw
is a chance event over what is left). What a scenario does not hold (the last ADVENTURE's
result, the count of turns passed, the log) is left out: a world is an estimate of the
position built only from the seat's view. A position a scenario cannot express gives no world
(the heuristic bot decides): an ADVENTURE ROUND under way, a card being resolved, Conjunction
of the Planes once the second set is in, or a view whose unseen cards do not add up to the
hidden hands and draw piles it counts.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

from explorer.engine import Action, Game
from explorer.engine.search import Plan, SearchHooks, play_until
from explorer.games.rat_king import turn as T
from explorer.games.rat_king.bots import RatKingHeuristicBot
from explorer.games.rat_king.common import Ctx
from explorer.games.rat_king.data import RatKingData
from explorer.games.rat_king.position import position
from explorer.games.rat_king.state import RatKingState

SHORTLIST = 6
"""The most plans compared at one turn: the best play of each kind of action first."""
HORIZON = 1
"""The turns after the seat's own that a roll-out plays (1: the other player's, in 2-player
games; more players play one turn each up to this many)."""
WEIGHTS = {"ap": Fraction(10), "cp": Fraction(1), "rival_cp": Fraction(1),
           "hand": Fraction(1, 2)}
""":func:`standing`'s weights: an ADVENTURE POINT above all, then a CP of a group, then a card
in hand."""


def _seen(view: dict[str, Any], seat: int) -> Counter[str]:
    """Every card ``seat``'s view names: its hand, the groups (characters, STUFF, EVENTS), the
    EVENTS on groups, the ADVENTURES won, the discard piles and the cards set aside."""
    found: Counter[str] = Counter(view["hands"][seat])
    for group in view["groups"]:
        for character in group:
            found[character["name"]] += 1
            found.update(g["name"] for g in character["stuff"])
            found.update(character["events"])
    for names in (*view["group_events"], *view["adventures_won"], *view["discards"],
                  view["set_aside"], view["in_play"]):
        found.update(names)
    for events in view["group_events"]:  # in_play lists them once more
        found.subtract(events)
    return found


def _unseen(data: RatKingData, seen: Counter[str]) -> list[str] | None:
    """The cards in play from the start that ``seen`` does not name, sorted (None: the view
    names more copies of a card than the set holds)."""
    plan = data.plan
    left = Counter({n: c for n, c in data.whole_set().items()
                    if plan is None or plan.at_start(n)})
    left.subtract(seen)
    if any(c < 0 for c in left.values()):
        return None
    return sorted(left.elements())


def scenario_for(game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A scenario at the start of ``seat``'s turn (its choice of action) made of its position,
    the other hands dealt with ``rng`` from the cards it cannot see; None anywhere else, or
    where no scenario can express the position (module docstring)."""
    view = position(game, seat)
    if (view["over"] or view["active"] != seat or view["to_act"] != seat
            or view["phase"]["id"] != "turn" or view["adventure"] is not None):
        return None
    if view["mode"] == "conjunction" and not view["waiting"]:
        return None  # the second set is in: a scenario is before the trigger (rk-48)
    if len(view["in_play"]) != sum(len(e) for e in view["group_events"]):
        return None  # a card being resolved
    groups = []
    for group in view["groups"]:
        if any(c["reinforcement"] for c in group):
            return None
        groups.append([{"name": c["name"], "flipped": c["flipped"],
                        "stuff": [dict(g) for g in c["stuff"]], "events": list(c["events"])}
                       for c in group])
    data: RatKingData = game.state._data  # the card set: public, never changes
    unseen = _unseen(data, _seen(view, seat))
    if unseen is None:
        return None
    hidden = {s: count for s, count in enumerate(view["hands"]) if s != seat}
    piles = view["draw_piles"]
    homes = [[n for n in unseen if data.home(n) == deck] for deck in range(len(piles))]
    for deck, pool in enumerate(homes):  # the cards of each home: its pile and the hands
        holding = piles[deck] + (sum(hidden.values()) if len(piles) == 1
                                 else hidden.get(deck, 0))
        if len(pool) != holding:
            return None
    hands: list[list[str]] = [[] for _ in view["hands"]]
    hands[seat] = list(view["hands"][seat])
    for other, count in hidden.items():
        pool = homes[0 if len(piles) == 1 else other]
        rng.shuffle(pool)
        hands[other] = sorted(pool[:count])
        del pool[:count]
    scenario: dict[str, Any] = {
        "active": seat, "hands": hands, "groups": groups,
        "discard": [n for discard in view["discards"] for n in discard],
        "adventures_won": [list(w) for w in view["adventures_won"]],
        "group_events": [list(e) for e in view["group_events"]]}
    if view["dealer"] is not None:
        scenario["dealer"] = view["dealer"]
    return scenario


def standing(state: RatKingState, seat: int) -> Fraction:
    """``seat``'s standing between turns: its AP against the best other player's, its group's
    CP against the strongest other group's, and its cards in hand."""
    ctx = Ctx(state, state._data)
    others = [s for s in range(state.players) if s != seat]
    ap = ctx.ap(seat) - max(ctx.ap(s) for s in others)
    cp = ctx.strength(seat)
    rival = max(ctx.strength(s) for s in others)
    return (WEIGHTS["ap"] * ap + WEIGHTS["cp"] * cp - WEIGHTS["rival_cp"] * rival
            + WEIGHTS["hand"] * len(state.hands[seat]))


def _prior(value: float) -> Fraction:
    """The heuristic bot's float value as an exact Fraction (to break ties)."""
    return Fraction(value).limit_denominator(1_000)


class RatKingHooks(SearchHooks):
    """The turn search of the module docstring."""

    worlds = 6
    """Worlds per searched turn."""

    def scenario(self, game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
        """:func:`scenario_for`."""
        return scenario_for(game, seat, rng)

    def plans(self, game: Game, seat: int) -> list[Plan] | None:
        """At the turn's choice of action: the best play of each kind by the heuristic bot's
        value, then the next best, up to :data:`SHORTLIST`, best first; None elsewhere."""
        if game.phase != "turn" or game.is_chance:
            return None
        state: RatKingState = game.state
        ctx = Ctx(state, state._data)
        judge = RatKingHeuristicBot(0)
        kinds = {a.name: a for a in game.legal_actions()}
        ranked: list[tuple[float, int, Action, Action]] = []
        for order, (kind, offers) in enumerate(T.turn_offers(ctx, seat).items()):
            if kind not in kinds:
                continue
            ranked.extend((judge.worth(ctx, seat, offer), order, kinds[kind], offer)
                          for offer in offers)
        ranked.sort(key=lambda r: (-r[0], r[1]))
        chosen: list[tuple[float, int, Action, Action]] = []
        for row in ranked:  # the best of each kind
            if all(c[2] != row[2] for c in chosen):
                chosen.append(row)
        for row in ranked:  # then the next best overall
            if len(chosen) >= SHORTLIST:
                break
            if row not in chosen:
                chosen.append(row)
        chosen = sorted(chosen, key=lambda r: (-r[0], r[1]))[:max(SHORTLIST, len(kinds))]
        return [Plan((kind, offer), _prior(worth)) for worth, _, kind, offer in chosen]

    def roll_out(self, world: Game, seat: int, rng: random.Random) -> None:
        """Heuristic bots finish the seat's turn and play :data:`HORIZON` more turns."""
        last = world.state.turns + HORIZON

        def done(w: Game) -> bool:
            return w.state.turns > last

        play_until(world, {}, rng, done)

    def standing(self, world: Game, seat: int) -> Fraction:
        return standing(world.state, seat)


HOOKS = RatKingHooks()
"""The hooks the search bot finds for Lair of the Rat-King."""
