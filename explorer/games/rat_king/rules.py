"""Lair of the Rat-King on the engine: the state at the start (or at a scenario), and the game's
procedure: setup, then turns until a player reaches 7 AP or the draw pile runs out."""

from __future__ import annotations

from typing import Any

from explorer.engine import GameOver, Rules, register
from explorer.engine.core import Step
from explorer.games.rat_king import adventure as A
from explorer.games.rat_king import turn as T
from explorer.games.rat_king.common import Ctx, ap_of
from explorer.games.rat_king.data import RatKingData, rat_king_data
from explorer.games.rat_king.state import RatKingState


@register("rat_king")
class RatKingRules(Rules):
    """The rules of Lair of the Rat-King (seed 002) for 2 to 4 players, one ME card each."""

    game_id = "rat_king"
    title = "Portable Adventures: Lair of the Rat-King"
    min_players = 2
    max_players = 4
    players_note = ("one set has 4 ME cards; more players need combined decks (seed 002, "
                    "lines 89-96), which are not options yet")
    takes_card_folder = True

    def data(self, options: dict[str, Any]) -> RatKingData:
        """The card set the game plays with (cached per card set)."""
        return rat_king_data(options.get("cards"))

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """``cards`` (a card set folder), and ``variant`` as every game takes it (there is no
        ``data/rat_king/variants.toml``, so no house rule is accepted yet). The deck-combining
        modes are not options yet."""
        return super().check_options(options)

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> RatKingState:
        """The cards before setup, or the scenario's position."""
        data = self.data(options)
        state = RatKingState(players)
        state._data = data
        if scenario is not None:
            from explorer.games.rat_king.scenario import build_scenario

            build_scenario(state, data, scenario)
        else:
            T.fresh(state, data)
        return state

    def play(self, state: RatKingState) -> Step:  # type: ignore[override]
        """Setup (or the scenario's turn or ADVENTURE ROUND), then turns to the end."""
        ctx = Ctx(state, state._data)
        try:
            if state._start is None:
                seat = yield from T.setup(ctx)
            elif state.round is not None:
                by = state.round.by
                yield from A.round_actions(ctx, state.active)
                yield from A.resolve(ctx)
                seat = (by + 1) % state.players
            else:
                seat = state.active
            yield from T.turns(ctx, seat)
        except GameOver:
            state.phase = "over"
            state.active = None

    def heuristic_bot(self, seed: int | None = None) -> Any:
        """:class:`~explorer.games.rat_king.bots.RatKingHeuristicBot`."""
        from explorer.games.rat_king.bots import RatKingHeuristicBot

        return RatKingHeuristicBot(seed)

    def scores(self, state: RatKingState) -> list[int]:  # type: ignore[override]
        """Each player's ADVENTURE POINTS."""
        return [ap_of(state, state._data, seat) for seat in range(state.players)]

    def winners(self, state: RatKingState) -> list[int]:  # type: ignore[override]
        """The winning seats (several on a shared win)."""
        return list(state.winners)
