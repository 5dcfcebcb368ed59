"""Gamma World on the engine: the state at the start (or at a scenario), and the game's
procedure: turns in seat order until the deck is drawn out; the most locations wins."""

from __future__ import annotations

from typing import Any

from explorer.engine import GameOver, Rules, register
from explorer.engine.variants import with_variant
from explorer.games.gamma_world import battle as B
from explorer.games.gamma_world import turn as T
from explorer.games.gamma_world.bots import GammaHeuristicBot
from explorer.games.gamma_world.common import Ctx, Step
from explorer.games.gamma_world.data import GammaData, gamma_data
from explorer.games.gamma_world.scenario import build_scenario
from explorer.games.gamma_world.state import GammaState


@register("gamma_world")
class GammaWorldRules(Rules):
    """The rules of Gamma World (seed 004)."""

    game_id = "gamma_world"
    title = "Gamma World"
    min_players = 2
    max_players = 4
    takes_card_folder = True

    def data(self, options: dict[str, Any]) -> GammaData:
        return with_variant(gamma_data(options.get("cards")), options.get("variant"))

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> GammaState:
        data = self.data(options)
        state = GammaState(players, data.deck_contents())
        state._data = data
        if scenario is not None:
            build_scenario(state, data, scenario)
        return state

    def play(self, state: GammaState) -> Step:  # type: ignore[override]
        """Turns in seat order from Player 1 (ruling gw-23) until the deck is empty."""
        ctx = Ctx(state, state._data)
        try:
            seat = state.active
            if state._start is None:
                yield from T.setup(ctx)
            elif state._start == "healing":
                state.turn += 1
                yield from T.healing_phase(ctx, seat)
                seat = (seat + 1) % state.players
            ctx.check_deck()
            yield from _turns(ctx, seat)
        except GameOver:
            _over(state)

    def resume(self, state: GammaState,  # type: ignore[override]
               at: int | tuple[str, int]) -> Step:
        """The turns again from where they marked it: seat ``at``'s turn (:func:`_turns`),
        ``("action", seat)``: that seat's Action Phase at its next choice (``T.action_phase``),
        or ``("battle", seat)``: the next round of the seat's attack on a location
        (``B.fight``), then the rest of its turn and the next seats' turns."""
        ctx = Ctx(state, state._data)
        try:
            if isinstance(at, tuple):
                kind, seat = at
                if kind == "battle":
                    battle = state.battle
                    result = yield from B.fight(ctx, battle)
                    yield from B.finish(ctx, battle, result)
                yield from T.rest_of_turn(ctx, seat)
                at = (seat + 1) % state.players
            yield from _turns(ctx, at)
        except GameOver:
            _over(state)

    def heuristic_bot(self, seed: int | None = None) -> GammaHeuristicBot:
        return GammaHeuristicBot(seed)

    def scores(self, state: GammaState) -> list[int]:  # type: ignore[override]
        """Each Enclave's locations (VICTORY, line 12)."""
        return [len(e.locations) for e in state.enclaves]

    def winners(self, state: GammaState) -> list[int]:  # type: ignore[override]
        """"The player controlling the most location cards wins." (line 12); a tie is shared
        (ruling gw-44)."""
        if not state.over:
            return []
        scores = self.scores(state)
        return [seat for seat, score in enumerate(scores) if score == max(scores)]


def _turns(ctx: Ctx, seat: int) -> Step:
    """Turns in seat order from ``seat``'s on, each marked as a point to resume from."""
    state = ctx.state
    while True:
        state.resumable(seat)
        yield from T.turn(ctx, seat)
        seat = (seat + 1) % state.players


def _over(state: GammaState) -> None:
    """The game has ended: nothing is under way any more."""
    state.phase = "over"
    state.over = True
    state.battle = None
    state.ap = []
