"""Adventurers on the engine: the state at the start (or at a scenario), and the game's
procedure: setup, then turns in order until an adventurer visits his fifth location."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from explorer.engine import GameOver, Rules, register
from explorer.engine.variants import with_variant
from explorer.games.adventurers import turn as T
from explorer.games.adventurers.bots import AdventurersHeuristicBot
from explorer.games.adventurers.common import Ctx, Step
from explorer.games.adventurers.data import AdventurersData, adventurers_data
from explorer.games.adventurers.scenario import build_scenario
from explorer.games.adventurers.state import AdventurersState, Deck


@register("adventurers")
class AdventurersRules(Rules):
    """The rules of Adventurers (seed 001)."""

    game_id = "adventurers"
    title = "Adventurers"
    min_players = 2
    max_players = 4
    takes_card_folder = True

    def data(self, options: dict[str, Any]) -> AdventurersData:
        return with_variant(adventurers_data(options.get("cards")), options.get("variant"))

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> AdventurersState:
        data = self.data(options)
        state = AdventurersState(players, Deck(data.deck_contents()))
        state._data = data
        if scenario is not None:
            build_scenario(state, data, scenario)
        return state

    def play(self, state: AdventurersState) -> Step:  # type: ignore[override]
        ctx = Ctx(state, state._data)
        try:
            if state._start is None:
                yield from T.setup(ctx)
                queue = list(state.order)
            else:
                T.check_win_left(ctx)
                yield from T.turn(ctx, state.active, state._start)
                queue = state.order[state.order.index(state.active) + 1:]
            yield from _turns(ctx, queue)
        except GameOver:
            state.phase = "over"

    def resume(self, state: AdventurersState,  # type: ignore[override]
               at: tuple[int, ...]) -> Step:
        """The turns again from the first of ``at``, the seats left to play this round, where
        they marked it (:func:`_turns`)."""
        try:
            yield from _turns(Ctx(state, state._data), at)
        except GameOver:
            state.phase = "over"

    def heuristic_bot(self, seed: int | None = None) -> AdventurersHeuristicBot:
        return AdventurersHeuristicBot(seed)

    def scores(self, state: AdventurersState) -> list[int]:  # type: ignore[override]
        """Each adventurer's locations visited."""
        return [a.locations for a in state.adventurers]

    def winners(self, state: AdventurersState) -> list[int]:  # type: ignore[override]
        return list(state.winners)


def _turns(ctx: Ctx, queue: Sequence[int]) -> Step:
    """The turns of the seats in ``queue``, then round after round in turn order, each turn
    marked as a point to resume from (with the seats left in its round)."""
    state = ctx.state
    while True:
        for number, seat in enumerate(queue):
            state.resumable(tuple(queue[number:]))
            yield from T.turn(ctx, seat)
        queue = list(state.order)
