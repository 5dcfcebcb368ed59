"""Riftforce odds and analysis: exact draw odds and the best-action finder.

>>> from explorer.odds import riftforce as rf
>>> rf.best_actions(game)[0]          # the complete action that gains most this turn
>>> rf.draw_odds(game)                # what a Check & Draw brings, exactly
>>> rf.p_at_least(game, 3, guild="Fire")

Both see only what the acting seat sees: its hand, the Rift, and the composition of its own
draw and discard piles (never their order, never the other hand).
"""

from __future__ import annotations

import contextlib
import gc
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Any

from explorer.engine import Action, Chance, Decision, Game
from explorer.engine.odds import Odds, check_odds
from explorer.errors import IllegalAction, TooMuchWork
from explorer.games.riftforce import turn as T
from explorer.games.riftforce.common import Ctx
from explorer.games.riftforce.state import Pile, RiftforceState

__all__ = ["Candidate", "best_actions", "draw_odds", "draw_pool", "p_at_least"]


@dataclass(frozen=True)
class Candidate:
    """One complete action of a turn (every choice in it, in order) and what it gains this
    turn: ``riftforce`` for the acting player and ``opponent_riftforce`` (his own Fire can give
    some away), ``destroyed`` enemies, ``damage`` dealt to enemies (excess not counted),
    ``lost`` (his own elementals destroyed), ``controlled`` (locations he controls after it)
    and ``draws`` (cards a Check & Draw brings). Exact: Fractions (an expectation where the
    action draws; no base-game gain depends on what is drawn)."""

    choices: tuple[Action, ...]
    riftforce: Fraction
    opponent_riftforce: Fraction
    destroyed: Fraction
    damage: Fraction
    lost: Fraction
    controlled: Fraction
    draws: Fraction
    ways: int = 1

    @property
    def name(self) -> str:
        """"play", "activate" or "check"."""
        return self.choices[0].name

    @property
    def text(self) -> str:
        """The choices in words, joined: "Play Fire 5 at Location 2; Play Fire 6 at ..."."""
        shown = [str(a) for a in self.choices[1:] if a.name != "done"]
        return "; ".join(shown) if shown else str(self.choices[0])

    @property
    def net(self) -> Fraction:
        return self.riftforce - self.opponent_riftforce

    def key(self) -> tuple[Any, ...]:
        """Sort key: most net Riftforce, then enemies destroyed, locations controlled, damage
        dealt, fewest own losses; ties in the order of the choices' texts."""
        return (-self.net, -self.destroyed, -self.controlled, -self.damage, self.lost,
                tuple(str(a) for a in self.choices))


def _view(state: RiftforceState, seat: int) -> RiftforceState:
    """What ``seat`` may use: a copy without the other hand and without either draw pile's
    order (the other's pile is not needed in one's own action)."""
    view = state.clone()
    other = view.sides[1 - seat]
    other.hand = []
    other.pile = Pile({})
    mine = view.sides[seat].pile
    view.sides[seat].pile = Pile(mine.contents())
    return view


@dataclass
class _Node:
    """A point of the search where a Play is at its next card or an Activate at its next
    elemental: the state there, the choices that led there, and how many choice sequences
    reach the same state."""

    state: RiftforceState
    path: tuple[Action, ...]
    ways: int = 1


def _key(state: RiftforceState) -> tuple[Any, ...]:
    """Two states equal under this key have the same future in this turn and the same gains:
    the board by what is where (two undamaged Fire 5 side by side are alike; an elemental
    already activated in this turn is marked), the hands, the discard piles, the turn's
    gains and where the Play or Activate is."""
    progress = state._progress
    done: frozenset[int] = frozenset()
    if progress is not None and progress[0] == "activate":
        done = progress[2]
        progress = (progress[0], progress[1], progress[3])
    return (tuple(tuple(tuple((e.guild, e.value, e.damage, e.uid in done) for e in column)
                        for column in location) for location in state.board),
            tuple(tuple(sorted(side.hand)) for side in state.sides),
            tuple(tuple(sorted(side.discard)) for side in state.sides),
            tuple(state.turn_gains), tuple(state.turn_damage), tuple(state.turn_destroyed),
            progress, state.phase)


HEALS = ("relevant", "every", "most damaged")
"""The finder's rules for a Light's heal (:func:`best_actions`' ``heals``)."""


def best_actions(game: Game, limit: int | None = None, *,
                 heals: str = "relevant", work: list[int] | None = None) -> list[Candidate]:
    """Every legal complete action of the acting player's turn from here, with what each gains
    this turn, best first; exact and deterministic. Choice sequences that reach the same
    position (activating the same elementals in another order with the same result) are one
    candidate, its choices the first such sequence, its ``ways`` how many there are.

    A Light's heal (``heals``, default "relevant") is tried on every damaged ally whose heal
    can change what the action gains: each ally a Fire still to be activated in this action
    may destroy (one short of it, standing behind that Fire, or a Water, Air or Shadow still
    to be activated that may move behind it), since that Fire's 1 damage may then no longer
    destroy it (issue 25 item 13). The other allies are one choice, the most damaged of them
    healed and the others counted in ``ways`` (:func:`_heal_choices` argues why that loses no
    result). "every" tries every damaged ally (the search unpruned, to check the pruning
    against); "most damaged" only the most damaged ally (the rule before item 13, which
    misses lines: kept for ``benchmarks/riftforce.py --heals``).

    Uses only what the acting seat sees. Raises IllegalAction outside a player's turn, and
    :class:`~explorer.errors.TooMuchWork` when ``limit`` is given and the search would replay
    more than ``limit`` positions (a page bounds what one viewer makes the server spend).
    ``work``: a one-number list the positions replayed are added to (a budget that counts
    work).
    """
    return [found for found, _ in _searched(game, limit, heals, work)]


def action_outcomes(game: Game, limit: int | None = None
                    ) -> list[tuple[Candidate, RiftforceState]]:
    """:func:`best_actions`, each candidate with the position it leads to as the acting seat
    sees it (the other hand and the draw piles' order unknown, a Check & Draw's cards not yet
    drawn): what a quick estimate of the rest of the game reads."""
    return _searched(game, limit, "relevant")


def _searched(game: Game, limit: int | None, heals: str, work: list[int] | None = None
              ) -> list[tuple[Candidate, RiftforceState]]:
    if game.game_id != "riftforce":
        raise IllegalAction(f"the best-action finder is for riftforce games; found a "
                            f"{game.game_id} game")
    if heals not in HEALS:
        raise IllegalAction(f"heals must be one of {', '.join(map(repr, HEALS))}; "
                            f"found {heals!r}")
    state: RiftforceState = game.state
    if not isinstance(game.pending, Decision) or state._turn_start is None:
        raise IllegalAction("the best-action finder answers during a player's turn, not in "
                            "the guild selection, at a draw or once the game is over")
    seat = state.active
    with collector_paused():
        search = _Search(seat, limit, heals)
        try:
            if state._boundary is not None:
                boundary, made = state._boundary
                path = tuple(state._turn_choices[:made])
                search.expand(_Node(_view(boundary, seat), path),
                              tuple(state._turn_choices[made:]))
            else:
                start = _view(state._turn_start, seat)
                search.segment(start, lambda ctx: T.turn(ctx, seat), (), 1,
                               tuple(state._turn_choices))
            search.run()
        finally:
            if work is not None:
                work[0] += search.replays
        found = sorted(search.candidates(), key=lambda pair: pair[0].key())
        del search  # its positions freed before the collector runs again
    return found


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the block (as it was after). The finder
    keeps every position of a turn alive until it ends, tens of thousands of objects made in
    one burst, and each burst set off CPython's full collections over all of them again and
    again: 38% of a Riftforce heuristic game's time (``benchmarks/riftforce_gc.py``). What
    the finder drops is freed by reference counts; the collector runs again after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Search:
    """The positions of one turn: from each node (a Play's next card, an Activate's next
    elemental) every choice, its ability's own choices explored by replay (a procedure is a
    generator, which cannot be copied); equal positions merged."""

    def __init__(self, seat: int, limit: int | None = None, heals: str = "relevant") -> None:
        self.seat = seat
        self.limit = limit
        self.heals = heals
        self.replays = 0
        self.nodes: dict[tuple[Any, ...], _Node] = {}
        self.queue: list[_Node] = []
        self.leaves: dict[tuple[Any, ...], tuple[Candidate, int, RiftforceState]] = {}

    def run(self) -> None:
        while self.queue:
            self.expand(self.queue.pop())

    def candidates(self) -> list[tuple[Candidate, RiftforceState]]:
        """Each complete action found, with the position it leads to."""
        return [(replace(found, ways=ways), state)
                for found, ways, state in self.leaves.values()]

    def expand(self, node: _Node, required: tuple[Action, ...] = ()) -> None:
        """Every choice at ``node`` (only those starting with ``required``: the choices
        already made in mid-turn)."""
        state, seat = node.state, self.seat
        progress = state._progress
        ctx = Ctx(state, state._data)
        if progress[0] == "play":
            placed = progress[1]
            offers = T.placement_offers(ctx, seat, placed)
            if offers is None:
                return self.leaf(state, node.path, None, node.ways)
            for action in offers if not required else required[:1]:
                if action.name == "done":
                    self.leaf(state, (*node.path, action), None, node.ways)
                    continue
                self.segment(state, _placing(seat, action, placed), (*node.path, action),
                             node.ways, required[1:])
            return None
        _, name, done, modes = progress
        offers = T.activation_offers(ctx, seat, name, done, modes)
        if offers is None:
            return self.leaf(state, node.path, None, node.ways)
        for action in offers if not required else required[:1]:
            if action.name == "done":
                self.leaf(state, (*node.path, action), None, node.ways)
                continue
            self.segment(state, _activating(seat, name, action, done, modes),
                         (*node.path, action), node.ways, required[1:],
                         (name, action, done, modes))
        return None

    def segment(self, start: RiftforceState, resume: Callable[[Ctx], Generator[Any, Any, Any]],
                path: tuple[Action, ...], ways: int, required: tuple[Action, ...],
                activation: tuple[Any, ...] | None = None) -> None:
        """Run ``resume`` on copies of ``start``, depth first over its own choices, to the next
        node (the procedure returns its progress) or the end of the turn. ``activation``: the
        discarded card, the elemental's choice, and the elementals activated and modes before
        it, when ``resume`` activates one (what a Light's heal needs to know what may follow).
        """
        stack = [(list(required), ways)]
        while stack:
            choices, ways = stack.pop()
            self.replays += 1
            if self.limit is not None and self.replays > self.limit:
                raise TooMuchWork(f"the best-action finder stopped after {self.limit} "
                                  "positions: this turn has too many ways to play")
            state = start.clone()
            procedure = resume(Ctx(state, state._data))
            try:
                pending = procedure.send(None)
                for choice in choices:
                    pending = procedure.send(choice)
            except StopIteration as stop:
                if isinstance(stop.value, tuple):  # a Play or Activate goes on: a node
                    self.node(state, stop.value, path + tuple(choices), ways)
                else:
                    self.leaf(state, path + tuple(choices), None, ways)
                continue
            if isinstance(pending, Decision) and state._progress is not None:
                self.node(state, None, path + tuple(choices), ways)  # the turn's first node
            elif isinstance(pending, Decision) and pending.player == self.seat:
                offers = pending.actions
                if (offers[0].name == "heal" and len(choices) >= len(required)
                        and self.heals != "every"):
                    stack.extend(([*choices, a], ways * n) for a, n in reversed(
                        _heal_choices(start, state, self.seat, offers, activation,
                                      self.heals == "most damaged")))
                else:
                    stack.extend(([*choices, a], ways) for a in reversed(offers))
            else:
                self.leaf(state, path + tuple(choices), pending, ways)

    def node(self, state: RiftforceState, progress: tuple[Any, ...] | None,
             path: tuple[Action, ...], ways: int) -> None:
        if progress is not None:
            state._progress = progress
        key = _key(state)
        if key in self.nodes:
            self.nodes[key].ways += ways
            return
        node = self.nodes[key] = _Node(state, path, ways)
        self.queue.append(node)

    def leaf(self, state: RiftforceState, path: tuple[Action, ...], pending: Any,
             ways: int) -> None:
        state._progress = None
        key = _key(state)
        if key in self.leaves:
            found, count, first = self.leaves[key]
            self.leaves[key] = (found, count + ways, first)
        else:
            self.leaves[key] = (_candidate(state, self.seat, path, pending), ways, state)


def _heal_choices(start: RiftforceState, state: RiftforceState, seat: int,
                  offers: tuple[Action, ...], activation: tuple[Any, ...] | None,
                  most_damaged: bool = False) -> list[tuple[Action, int]]:
    """The heals the finder tries at a Light's heal, each with how many of the offered heals
    it stands for: each heal of an ally a Fire may still destroy in this action alone, and
    the most damaged of the others (ties: the first offered) for all of them.

    Why that loses no result. In one's own action nothing damages one's own elementals but a
    Fire's 1 damage to the ally directly behind it (the only ``ally_behind`` step), and how
    damaged one's own elementals are changes nothing else a candidate counts (Riftforce,
    enemies destroyed or damaged, locations controlled, cards drawn depend on which elementals
    stand where, not on their damage). So a heal changes a result only by saving an ally from
    a Fire later in this action. A Fire never moves, nothing moves an ally but its own move
    (Water, Air, Shadow: to the last position there), each elemental is activated once an
    action, and an Activate has ``activate_max`` activations. Call an ally reachable when:
    its damage and the 1 of each Fire still to come (not yet activated, sharing the discarded
    card's guild or value as all activated so far do) could destroy it; and, with one
    activation left, it stands right behind such a Fire; with two or more, it stands behind
    one anywhere in its column (an ally between may leave) or can still be activated and moves
    while such a Fire stands elsewhere. An ally no Fire can destroy, healed or not, is not
    reachable now nor later (activations, Fires and movers to come only grow fewer; positions
    only change by the moves counted). Two heals of unreachable allies lead to positions that
    differ only in those allies' damage: the same later choices are offered in both (a later
    heal may offer one of the two and not the other, but heals of unreachable allies change
    nothing counted), the same elementals stand and fall. So both reach the same set of
    results: the most damaged stands for all (its ``ways`` counts the others' choice sequences
    as if alike). Equal positions are still merged.

    Unsure cases keep every heal: a heal outside an activation, a healer whose own steps may
    still hurt an ally, or a Fire-like guild that moves. ``most_damaged``: the rule before
    issue 25 item 13, the most damaged ally for all (kept for the benchmark's comparison)."""
    board = state.board
    hurt = [board[location][seat][index] for location, index in (a.args for a in offers)]
    everyone = list(zip(offers, hurt, strict=True))
    if most_damaged:
        best = max(everyone, key=lambda pair: pair[1].damage)
        return [(best[0], len(offers))]
    if activation is None:
        return [(a, 1) for a in offers]
    name, chosen, done, modes = activation
    data = state._data
    kind = data.kinds[name]
    location, index = chosen.args
    light = start.board[location][seat][index]
    done = done | {light.uid}
    modes = modes & T._shares(light, kind)

    def steps(guild: str) -> tuple[Any, ...]:
        return data.guilds[guild].on("activate")

    def hit(guild: str) -> int:  # the damage its ability deals an ally behind it
        return sum(s.amount or 0 for s in steps(guild)
                   if s.name == "damage" and s.target == "ally_behind")

    def moves(guild: str) -> bool:
        return any(s.name in {"move_self", "move_enemy"} for s in steps(guild))

    own = steps(light.guild)
    if hit(light.guild) or own[-1].name != "heal":
        return [(a, 1) for a in offers]  # the healer's own steps may still hurt an ally
    left = data.constants["activate_max"] - len(done)
    later = [(p, i, e) for p, sides in enumerate(board) for i, e in enumerate(sides[seat])
             if left > 0 and e.uid not in done and T._shares(e, kind) & modes]
    fires = [(p, i, hit(e.guild)) for p, i, e in later if hit(e.guild)]
    if any(hit(e.guild) and moves(e.guild) for _, _, e in later):
        return [(a, 1) for a in offers]
    movers = {e.uid: p for p, _, e in later if moves(e.guild)} if left >= 2 else {}
    most = sorted((h for _, _, h in fires), reverse=True)[:left]

    def reachable(action: Action, ally: Any) -> bool:
        where, at = action.args
        if ally.damage + sum(most) < ally.value:
            return False  # not destroyed by every Fire to come, healed or not
        if ally.uid in movers and any(p != movers[ally.uid] for p, _, _ in fires):
            return True
        return any(p == where and (i == at - 1 if left == 1 else i < at) for p, i, _ in fires)

    chosen_heals = [(a, 1) for a, ally in everyone if reachable(a, ally)]
    others = [(a, ally) for a, ally in everyone if not reachable(a, ally)]
    if others:
        best = max(others, key=lambda pair: pair[1].damage)
        chosen_heals.append((best[0], len(others)))
    order = {a: n for n, a in enumerate(offers)}
    return sorted(chosen_heals, key=lambda pair: order[pair[0]])


def _placing(seat: int, action: Action, placed: tuple[Any, ...]) -> Callable[[Ctx], Any]:
    def resume(ctx: Ctx) -> Generator[Any, Any, Any]:
        ctx.state._progress = None
        placed_now = yield from T.place(ctx, seat, action, placed)
        return ("play", placed_now)
    return resume


def _activating(seat: int, name: str, action: Action, done: frozenset[int],
                modes: frozenset[str]) -> Callable[[Ctx], Any]:
    def resume(ctx: Ctx) -> Generator[Any, Any, Any]:
        ctx.state._progress = None
        now = yield from T.activate_one(ctx, seat, name, action, done, modes)
        return ("activate", name, *now)
    return resume


def _candidate(state: RiftforceState, seat: int, choices: tuple[Action, ...],
               pending: Any) -> Candidate:
    other = 1 - seat
    draws = 0
    if isinstance(pending, Chance) and state.phase == "check.draw":
        side = state.sides[seat]
        room = state._data.constants["draw_up_to"] - len(side.hand)
        draws = min(room, side.pile.size + len(side.discard))
    controlled = sum(state.controls(seat, p) for p in range(len(state.board)))
    return Candidate(choices, Fraction(state.turn_gains[seat]), Fraction(state.turn_gains[other]),
                     Fraction(state.turn_destroyed[other]), Fraction(state.turn_damage[other]),
                     Fraction(state.turn_destroyed[seat]), Fraction(controlled),
                     Fraction(draws))


# ---- draws -------------------------------------------------------------------------------------


def draw_pool(game: Game, seat: int | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """``seat``'s draw pile and discard pile as he knows them: card name -> copies (default:
    the acting seat)."""
    state: RiftforceState = game.state
    seat = state.active if seat is None else seat
    if seat not in (0, 1):
        raise IllegalAction(f"seat must be 0 or 1; found {seat!r}")
    side = state.sides[seat]
    return side.pile.contents(), dict(Counter(side.discard))


def _phases(pile: dict[str, int], discard: dict[str, int], k: int) -> list[tuple[dict, int]]:
    """The k draws as (composition, count) stages: from the pile, then (reshuffled) from the
    discard pile."""
    size = sum(pile.values())
    if k <= size:
        return [(pile, k)]
    return [(pile, size), (discard, min(k - size, sum(discard.values())))]


def draw_odds(game: Game, k: int | None = None, seat: int | None = None) -> Odds:
    """The exact distribution of the cards ``k`` draws bring (default: a Check & Draw's, up to
    7 in hand), the discard pile reshuffled when the pile runs out. Outcomes are the drawn
    cards, sorted ("Fire 5, Fire 5, Water 6")."""
    pile, discard = draw_pool(game, seat)
    state: RiftforceState = game.state
    seat = state.active if seat is None else seat
    if k is None:
        k = state._data.constants["draw_up_to"] - len(state.sides[seat].hand)
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise IllegalAction(f"the number of draws must be a whole number >= 0; found {k!r}")
    outcomes: Counter[tuple[str, ...]] = Counter()
    for combo, p in _multisets(_phases(pile, discard, k)):
        outcomes[combo] += p
    rows = sorted(((", ".join(c) or "nothing", p) for c, p in outcomes.items()),
                  key=lambda r: (-r[1], r[0]))
    check_odds(rows)
    return Odds(None, outcomes=tuple(rows), title=f"{k} draw{'s' if k != 1 else ''} of "
                f"Player {seat + 1}")


def _multisets(stages: list[tuple[dict[str, int], int]]) -> Iterator[tuple[tuple[str, ...],
                                                                           Fraction]]:
    """Every multiset the stages' draws can bring, with its exact (hypergeometric) chance."""
    def stage(pool: dict[str, int], k: int) -> Iterator[tuple[tuple[str, ...], Fraction]]:
        names = sorted(pool)
        total = comb(sum(pool.values()), k)

        def rec(i: int, left: int) -> Iterator[tuple[list[str], int]]:
            if left == 0:
                yield [], 1
                return
            if i == len(names):
                return
            name = names[i]
            for take in range(min(left, pool[name]), -1, -1):
                for rest, ways in rec(i + 1, left - take):
                    yield [name] * take + rest, ways * comb(pool[name], take)

        for cards, ways in rec(0, k):
            yield tuple(cards), Fraction(ways, total)

    def combine(index: int) -> Iterator[tuple[tuple[str, ...], Fraction]]:
        if index == len(stages):
            yield (), Fraction(1)
            return
        for head, p in stage(*stages[index]):
            for tail, q in combine(index + 1):
                yield tuple(sorted(head + tail)), p * q

    yield from combine(0)


def p_at_least(game: Game, k: int, *, guild: str | None = None, value: int | None = None,
               playable_with: str | None = None, seat: int | None = None) -> Fraction:
    """P(at least one card of ``guild``, of ``value``, or playable with the card
    ``playable_with`` (sharing its guild or its value) among the next ``k`` draws), the
    discard pile reshuffled when the pile runs out."""
    chosen = [x is not None for x in (guild, value, playable_with)]
    if sum(chosen) != 1:
        raise IllegalAction("give exactly one of guild, value or playable_with")
    data = game.state._data
    if playable_with is not None and playable_with not in data.kinds:
        raise IllegalAction(f"unknown card {playable_with!r} (cards are named like 'Fire 5')")
    if guild is not None and guild not in data.guilds:
        raise IllegalAction(f"unknown guild {guild!r}; known: {', '.join(data.guilds)}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise IllegalAction(f"the number of draws must be a whole number >= 0; found {k!r}")

    def good(name: str) -> bool:
        kind = data.kinds[name]
        if guild is not None:
            return kind.guild == guild
        if value is not None:
            return kind.value == value
        other = data.kinds[playable_with]
        return kind.guild == other.guild or kind.value == other.value

    pile, discard = draw_pool(game, seat)
    miss = Fraction(1)
    for pool, count in _phases(pile, discard, k):
        total = sum(pool.values())
        bad = sum(n for name, n in pool.items() if not good(name))
        miss *= Fraction(comb(bad, count), comb(total, count))
    return 1 - miss
