"""Riftforce hooks of the search bot (:mod:`explorer.engine.search`): a two-ply look-ahead.

At the first choice of its turn the bot lists the complete actions the best-action finder
reports (:func:`explorer.odds.riftforce.best_actions`, which sees only the acting seat's hand,
the Rift and its own piles) and keeps the :data:`SHORTLIST` of best heuristic value
(:func:`explorer.games.riftforce.bots.value`). Each is played in a few worlds, its draws
sampled with their exact odds, and answered there by the other player's best reply for him:
of the :data:`REPLIES` complete actions the heuristic bot values most with his dealt hand,
the one that leaves the seat worst off. The position after each reply is valued by
:func:`standing` (Riftforce first, then the locations each side controls, each worth most of
the Riftforce a Check & Draw scores for it, the elementals each keeps on the Rift and their
health left, the cards in hand), an exact Fraction; a world the game ends in is won or lost
outright.

Where the heuristic bot weighs only what an action gains this turn, the search sees what the
other player does with the board it leaves him: an elemental put where his next action
destroys it is worth nothing, a location he cannot contest is worth its control.

A world is a scenario (:mod:`explorer.games.riftforce.scenario`) made of what the seat sees:
the guilds, scores, Rift and start marker of its position, its own hand, and its own draw and
discard piles' composition (what the finder also uses); the other hand and the other discard
pile are dealt at random from the other player's cards the seat has not seen (those of his
guilds not on the Rift and not the top of his discard pile), and the rest is his draw pile,
shuffled. The scenario starts at the active player's turn, so only the first choice of a turn
is searched; the rest of the turn follows the chosen plan.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

from explorer.engine import Game
from explorer.engine.search import Plan, SearchHooks, follow
from explorer.errors import TooMuchWork
from explorer.games.riftforce.bots import SEARCH_LIMIT, value
from explorer.games.riftforce.odds import Candidate, best_actions, draw_pool
from explorer.games.riftforce.position import position
from explorer.games.riftforce.state import RiftforceState

SHORTLIST = 16
"""Complete actions of best heuristic value compared by the search. The heuristic bot's
weighing of one turn's gains ranks the actions poorly: the wider the list the search compares
after the other player's reply, the stronger it plays. Against the heuristic bot (search's win
rate, 100 paired seeds from 100000, both seat orders, 2026-12-02): 3 actions, 124/200 = 62.0%
(mean Riftforce margin +0.84); 5, 132/200 = 66.0% (+1.64); 8, 163/200 = 81.5% (+3.04); 16,
181/200 = 90.5% (+3.72), at about 17 s a game against 6 s for 3."""
REPLIES = 3
"""The other player's replies of best heuristic value tried in each world (he plays the one
worst for the seat)."""
REPLY_LIMIT = 3_000
"""The most positions the finder replays for the other player's reply in a world."""
STANDING = {"riftforce": 10, "control": 6, "elemental": 2, "health": 1,
            "hand": Fraction(1, 2)}
""":func:`standing`'s weights: a point of Riftforce above all (as the heuristic bot's "net"),
each location controlled (most of a point: the Riftforce a Check & Draw would score for it),
each elemental on the Rift and each point of health it has left, each card in hand.

Measured against the heuristic bot (search's win rate, paired seeds 31337, both seat orders,
stopped runs): top-3 replies with control 6, 65/112 = 58.0%; the same with control 2, 77/147 =
52.4%; the heuristic's single best reply with control 2 (the previous search), 50.6% of 160;
a shortlist spread over the three kinds of action, 30/73 = 41.1%; the plan's heuristic value
less the best reply's, 50/93 = 53.8%."""


def _unseen(total: dict[str, int], seen: list[str]) -> list[str]:
    """The cards of ``total`` (name -> copies) left once ``seen`` are taken out, sorted."""
    left = Counter(total)
    left.subtract(seen)
    return sorted(left.elements())


def _name(text: str) -> str:
    """The card of a board entry: "Fire 5/2" is a Fire 5."""
    return text.partition("/")[0]


def scenario_for(game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A scenario of the position ``seat`` sees, the other player's hidden cards dealt with
    ``rng``; None outside the first choice of ``seat``'s own turn."""
    view = position(game, seat)
    if (not view["selection"]["done"] or view["over"] or view["active"] != seat
            or view["to_act"] != seat or view["phase"]["id"] != "turn"):
        return None
    data = game.state._data  # the card set: public, never changes
    other = 1 - seat
    board = view["board"]
    hands: list[list[str]] = [[], []]
    discards: list[list[str]] = [[], []]
    hands[seat] = list(view["hands"][seat])
    _, discard = draw_pool(game, seat)  # the seat's own piles, as it knows them
    top = view["discard_tops"][seat]
    mine = sorted(Counter(discard).elements())
    if top is not None:
        mine.remove(top)
        mine.append(top)
    discards[seat] = mine
    on_board = [_name(card) for location in board for card in location[other]]
    top = view["discard_tops"][other]
    pool = _unseen(data.deck(view["guilds"][other]), on_board + ([top] if top else []))
    rng.shuffle(pool)
    count = view["hands"][other]
    hands[other] = pool[:count]
    discarded = view["seats"][other]["discard"]
    if discarded:
        discards[other] = [*pool[count:count + discarded - 1], top]
    return {"guilds": view["guilds"], "first": view["first"], "active": seat,
            "riftforce": view["riftforce"], "hands": hands, "board": board,
            "discards": discards}


class RiftforceHooks(SearchHooks):
    """The two-ply search of the module docstring."""

    worlds = 2

    def scenario(self, game: Game, seat: int, rng: random.Random) -> dict[str, Any] | None:
        return scenario_for(game, seat, rng)

    def plans(self, game: Game, seat: int) -> list[Plan] | None:
        if game.phase != "turn":
            return None
        try:
            candidates = best_actions(game, limit=SEARCH_LIMIT)
        except TooMuchWork:
            return None
        ranked = sorted(candidates, key=lambda c: (-value(c), c.key()))
        return [Plan(c.choices, value(c)) for c in ranked[:SHORTLIST]]

    def roll_out(self, world: Game, seat: int, rng: random.Random) -> None:
        while world.is_chance:  # the plan's draws, up to the other player's first choice
            world.step()

    def value(self, world: Game, seat: int, plan: Plan) -> Fraction | None:
        """The value after the other player's best reply for him (:func:`replies`, each
        played, valued and undone), unless the game is over or the plan left the seat still
        to act; a value is the engine's (the outcome, or :meth:`standing`)."""
        if world.is_over or world.current_player == seat:
            return super().value(world, seat, plan)
        try:
            candidates = best_actions(world, limit=REPLY_LIMIT)
        except TooMuchWork:
            return None  # this world's reply is too big to weigh: the other worlds decide
        if not candidates:
            return super().value(world, seat, plan)
        mark = world.steps
        worst: Fraction | None = None
        for candidate in replies(candidates):
            follow(world, 1 - seat, candidate.choices)
            while world.is_chance:  # the reply's draws
                world.step()
            found = super().value(world, seat, plan)
            worst = found if worst is None else min(worst, found)
            while world.steps > mark:
                world.undo()
        return worst

    def standing(self, world: Game, seat: int) -> Fraction:
        return standing(world.state, seat)

def replies(candidates: list[Candidate]) -> list[Candidate]:
    """The :data:`REPLIES` complete actions the heuristic bot values most, best first (ties:
    the finder's order)."""
    return sorted(candidates, key=lambda c: (-value(c), c.key()))[:REPLIES]


def standing(state: RiftforceState, seat: int) -> Fraction:
    """``seat``'s value of a position between turns: its Riftforce, locations controlled,
    elementals on the Rift with their health left and cards in hand, minus the other
    player's (weights :data:`STANDING`)."""
    total = Fraction(0)
    for side, sign in ((seat, 1), (1 - seat, -1)):
        player = state.sides[side]
        part = (STANDING["riftforce"] * player.riftforce
                + STANDING["hand"] * len(player.hand))
        for location, sides in enumerate(state.board):
            if state.controls(side, location):
                part += STANDING["control"]
            for elemental in sides[side]:
                part += STANDING["elemental"] + STANDING["health"] * (
                    elemental.value - elemental.damage)
        total += sign * part
    return total


HOOKS = RiftforceHooks()
"""The hooks the search bot finds for Riftforce."""
