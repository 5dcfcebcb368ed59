"""Riftforce on the engine: the state at the start (or at a scenario), and the game's
procedure: guild selection, setup, then turns until the end rule decides."""

from __future__ import annotations

from typing import Any

from explorer.engine import GameOver, Rules, register
from explorer.engine.core import Step
from explorer.engine.variants import with_variant
from explorer.errors import IllegalAction
from explorer.games.riftforce import turn as T
from explorer.games.riftforce.common import Ctx
from explorer.games.riftforce.data import RiftforceData, riftforce_data
from explorer.games.riftforce.scenario import build_scenario, check_guilds
from explorer.games.riftforce.state import RiftforceState


@register("riftforce")
class RiftforceRules(Rules):
    """The rules of Riftforce (seed 003 and reference/riftforce.md): 2 players only."""

    game_id = "riftforce"
    title = "Riftforce"
    min_players = 2
    max_players = 2
    takes_card_folder = True

    def data(self, options: dict[str, Any]) -> RiftforceData:
        return with_variant(riftforce_data(options.get("cards")), options.get("variant"))

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """``cards`` (a card set folder) and ``guilds``: both players' 4 guilds, given
        instead of the selection (``[[4 names], [4 names]]``, no guild twice)."""
        unknown = sorted(set(options) - {"cards", "guilds", "variant"})
        if unknown:
            raise IllegalAction(f"riftforce takes the options 'cards', 'guilds' and 'variant' "
                                f"only; found {unknown}")
        checked = super().check_options({k: v for k, v in options.items() if k != "guilds"})
        if "guilds" in options:
            checked["guilds"] = check_guilds(options["guilds"], self.data(checked),
                                             "option 'guilds'")
        return checked

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> RiftforceState:
        data = self.data(options)
        state = RiftforceState(players, len(data.locations))
        state._data = data
        state._guilds = options.get("guilds")
        if scenario is not None:
            build_scenario(state, data, scenario)
        return state

    def play(self, state: RiftforceState) -> Step:  # type: ignore[override]
        ctx = Ctx(state, state._data)
        try:
            if state._start is None:
                guilds = state._guilds
                if guilds is None:
                    yield from T.select_guilds(ctx)
                else:
                    yield from T.given_guilds(ctx, guilds)
                yield from T.setup(ctx)
                seat = state.first
            else:
                seat = state.active
            yield from T.turns(ctx, seat)
        except GameOver:
            state.phase = "over"
            state.active = None

    shared_state = ("_guilds", "_turn_start", "_boundary")
    """Set anew, never changed in place: the option and the copies the best-action finder
    starts from."""

    def resume(self, state: RiftforceState, at: int) -> Step:  # type: ignore[override]
        """The turns again from seat ``at``'s, where they marked it (``T.turns``)."""
        ctx = Ctx(state, state._data)
        try:
            yield from T.turns(ctx, at)
        except GameOver:
            state.phase = "over"
            state.active = None

    def heuristic_bot(self, seed: int | None = None) -> Any:
        from explorer.games.riftforce.bots import RiftforceHeuristicBot

        return RiftforceHeuristicBot(seed)

    def scores(self, state: RiftforceState) -> list[int]:  # type: ignore[override]
        """Each player's Riftforce."""
        return [side.riftforce for side in state.sides]

    def winners(self, state: RiftforceState) -> list[int]:  # type: ignore[override]
        return list(state.winners)
