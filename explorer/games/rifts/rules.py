"""Rifts Adventures on the engine: the state at the start (or at a scenario), and the game's
procedure: setup, then turns in order until a party has 10 Adventure Tokens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer.engine import GameOver, Rules, register
from explorer.engine.variants import with_variant
from explorer.games.rifts import turn as T
from explorer.games.rifts.bots import RiftsHeuristicBot
from explorer.games.rifts.combat import WIPED, fight, rest_of_fight
from explorer.games.rifts.common import Ctx, Step
from explorer.games.rifts.data import DECKS, RiftsData, rifts_data
from explorer.games.rifts.scenario import build_scenario
from explorer.games.rifts.state import Deck, RiftsState


def fresh_decks(data: RiftsData) -> dict[str, Deck]:
    """Every deck full, nothing drawn (SETUP: "Shuffle the Decks")."""
    return {deck: Deck(dict(data.deck_contents(deck))) for deck in DECKS}


@register("rifts")
class RiftsRules(Rules):
    """The rules of Rifts Adventures (seed 000)."""

    game_id = "rifts"
    title = "Rifts Adventures"
    min_players = 2
    max_players = 6  # "2-4+ players" (line 3): the decks hold enough for 6 (ruling rifts-91)
    takes_card_folder = True

    def data(self, options: dict[str, Any]) -> RiftsData:
        return with_variant(rifts_data(options.get("cards")), options.get("variant"))

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> RiftsState:
        data = self.data(options)
        state = RiftsState(players, fresh_decks(data))
        state._data = data
        if scenario is not None:
            build_scenario(state, data, scenario)
        return state

    def play(self, state: RiftsState) -> Step:  # type: ignore[override]
        ctx = Ctx(state, state._data)
        try:
            start = state._start
            if start is None:
                yield from T.setup(ctx)
                queue = list(state.order)
            else:
                yield from self._scenario_start(ctx, start)
                queue = state.order[state.order.index(state.active) + 1:]
            yield from _rounds(ctx, queue)
        except GameOver:
            state.phase = "over"

    def resume(self, state: RiftsState, at: tuple[Any, ...]) -> Step:  # type: ignore[override]
        """The turns again from where they marked it: the top of a turn (``at``: the seats
        left to play this round, :func:`_rounds`), or a fight's next round (``at``: "fight",
        the seat, where, and what the turn does after it: :func:`_fight_on`), the rest of that
        turn and the next seats' turns."""
        ctx = Ctx(state, state._data)
        try:
            if at[0] == "fight":
                _, seat, where, then = at
                yield from _fight_on(ctx, seat, where, then)
                yield from T.end_act(ctx, seat)
                at = tuple(state.order[state.order.index(seat) + 1:])
            yield from _rounds(ctx, at)
        except GameOver:
            state.phase = "over"

    def _scenario_start(self, ctx: Ctx, start: dict[str, Any]) -> Step:
        seat = ctx.state.active
        kind = start["at"]
        if kind == "turn":
            yield from T.turn(ctx, seat)
            return
        party = ctx.party(seat)
        party.turn += 1
        if kind == "combat":
            outcome = yield from fight(ctx, seat, start["foe"], "scenario",
                                       foe_bonus=start.get("foe_bonus", 0),
                                       foes_first=start.get("foes_first", False),
                                       first_round_force=start.get("first_round_force", 0))
            if outcome == WIPED:
                yield from T.wipe_out(ctx, seat)
        else:
            yield from {"Recuperate": T.recuperate, "Travel": T.travel, "Mission": T.mission,
                        "Supply": T.supply, "Destination": T.destination}[kind](ctx, seat)
        yield from T.end_act(ctx, seat)

    def heuristic_bot(self, seed: int | None = None) -> RiftsHeuristicBot:
        return RiftsHeuristicBot(seed)

    def scores(self, state: RiftsState) -> list[int]:  # type: ignore[override]
        """Each party's Adventure Tokens."""
        return [p.at for p in state.parties]

    def winners(self, state: RiftsState) -> list[int]:  # type: ignore[override]
        return [] if state.winner is None else [state.winner]


def _fight_on(ctx: Ctx, seat: int, where: str, then: tuple[Any, ...]) -> Step:
    """The fight under way from its next round, then the rest of the turn's phase as the
    fight's mark says (``then``): a mission's next Foes and rewards (``T.mission_fights``),
    a trip on to its Destination Stage (``T.travel``) or, after a Hazard's Ambush, to its
    Encounter Stage (``T.travel_on``, with whether Study Maps was spent on the trip)."""
    outcome = yield from rest_of_fight(ctx, seat, where, then)
    if then[0] == "mission":
        yield from T.mission_fights(ctx, seat, then[1], then[2], outcome)
    elif then[0] == "travel":
        go_on = yield from T.after_travel_fight(ctx, seat, outcome)
        if go_on != T.STOP:
            yield from T.destination(ctx, seat)
    elif then[0] == "ambush":
        go_on = yield from T.after_travel_fight(ctx, seat, outcome)
        yield from T.travel_on(ctx, seat, go_on, then[1])
    else:
        raise ValueError(f"rifts: no way to resume after a fight in {then!r}")


def _rounds(ctx: Ctx, queue: Sequence[int]) -> Step:
    """The turns of the seats in ``queue``, then round after round in turn order, each turn
    marked as a point to resume from (with the seats left in its round)."""
    state = ctx.state
    while True:
        for number, seat in enumerate(queue):
            state.resumable(tuple(queue[number:]))
            yield from T.turn(ctx, seat)
        state.round += 1
        queue = list(state.order)
