"""Lair of the Rat-King on the engine: the state at the start (or at a scenario), and the game's
procedure: setup, then turns until a player reaches 7 AP or the draw pile runs out.

The options: ``cards`` (the game's own card set, a folder), ``variant`` (as every game),
``genders`` (each player's gender, "F" or "M", one per seat: what a ME card's "*" stands for;
:func:`check_genders`), and the deck-combining modes (``mode`` with ``second_set``,
``trigger``, ``merge``, ``sets`` or ``deck``: :mod:`explorer.games.rat_king.modes`)."""

from __future__ import annotations

from typing import Any

from explorer.engine import GameOver, Rules, register
from explorer.engine.core import Step
from explorer.engine.variants import with_variant
from explorer.errors import IllegalAction
from explorer.games.rat_king import adventure as A
from explorer.games.rat_king import modes as M
from explorer.games.rat_king import turn as T
from explorer.games.rat_king.common import Ctx, ap_of
from explorer.games.rat_king.data import RatKingData, rat_king_data
from explorer.games.rat_king.state import RatKingState

GENDERS = ("F", "M")
"""A player's gender as the option ``genders`` gives it (seed 002, line 85)."""


def check_genders(value: Any) -> list[str]:
    """The option ``genders`` checked: a list of each player's gender, "F" or "M", seat by
    seat ("ME cards have a * symbol which signifies the player's gender", seed 002, line 85;
    ruling rk-31). Its length is checked against the players by :func:`genders_for`. A bad
    value is refused with an IllegalAction naming the option and the seat."""
    if not isinstance(value, list) or not value:
        raise IllegalAction("option 'genders' must list each player's gender, seat by seat, "
                            f"each 'F' or 'M' (seed 002, line 85); found {value!r}")
    for seat, gender in enumerate(value):
        if not isinstance(gender, str) or gender not in GENDERS:
            raise IllegalAction(f"option 'genders': Player {seat + 1}'s gender (genders[{seat}]) "
                                f"must be 'F' or 'M'; found {gender!r}")
    return list(value)


def genders_for(options: dict[str, Any], players: int) -> list[str | None]:
    """Each seat's gender: the checked option ``genders``, which must name one per player, or
    None for every seat when it is not given (a ME card is then neither M nor F; ruling
    rk-53)."""
    genders = options.get("genders")
    if genders is None:
        return [None] * players
    if len(genders) != players:
        missing = (f"Player {len(genders) + 1} has none" if len(genders) < players
                   else f"genders[{players}] has no player")
        given = f"{len(genders)} gender{'' if len(genders) == 1 else 's'}"
        raise IllegalAction(f"option 'genders' must give one gender per player: {players} "
                            f"players, {given} ({missing}); found {genders!r}")
    return list(genders)


@register("rat_king")
class RatKingRules(Rules):
    """The rules of Lair of the Rat-King (seed 002): 2 to 4 players with one set, one ME card
    each; more with combined decks (the option ``mode``; ruling rk-44)."""

    game_id = "rat_king"
    title = "Portable Adventures: Lair of the Rat-King"
    min_players = 2
    max_players = 16
    """The most seats the engine takes at all; how many a game seats is its ME cards' (one set:
    4 at most; combined decks: the mode's ME cards), checked with its options (ruling rk-44)."""
    players_note = ("one set has 4 ME cards; more players need combined decks (the option "
                    "'mode', seed 002, lines 89-96), up to their ME cards")
    takes_card_folder = True

    def data(self, options: dict[str, Any]) -> RatKingData:
        """The cards the game plays with (cached per card set, or per deck-combining options):
        the game's own set, or the sets of its mode combined (ruling rk-45)."""
        if "mode" in options:
            modes = {k: v for k, v in options.items() if k != "genders"}
            return with_variant(M.mode_data(modes), options.get("variant"))
        return with_variant(rat_king_data(options.get("cards")), options.get("variant"))

    def player_counts(self, options: dict[str, Any]) -> list[int]:
        """The numbers of players these sets seat (ruling rk-44): one set 2 to 4, combined
        decks as many as their ME cards (On the Borderlands one set each)."""
        data = self.data(options)
        counts = []
        for players in range(self.min_players, self.max_players + 1):
            try:
                M.check_players(data, players)
            except IllegalAction:
                continue
            counts.append(players)
        return counts

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """``cards`` (the game's own card set folder), ``variant`` as every game takes it
        (the house rules of ``data/rat_king/variants.toml``), ``genders`` (each player's,
        :func:`check_genders`), and
        the deck-combining modes: ``mode`` with ``second_set``, ``trigger``, ``merge``,
        ``sets`` or ``deck`` (:func:`~explorer.games.rat_king.modes.check_mode_options`). Each
        bad value is refused with an IllegalAction naming the option and the value."""
        unknown = sorted(set(options) - {"cards", "variant", "genders", *M.MODE_OPTIONS})
        if unknown:
            raise IllegalAction(
                "rat_king takes the options 'cards' and 'variant' only, each player's "
                "'genders' (seed 002, line 85), and a deck-combining 'mode' with "
                f"{', '.join(repr(k) for k in M.MODE_OPTIONS[1:])} (seed 002, lines 87-96); "
                f"found {unknown}")
        checked = super().check_options({k: v for k, v in options.items()
                                         if k not in M.MODE_OPTIONS and k != "genders"})
        if "genders" in options:
            checked["genders"] = check_genders(options["genders"])
        checked.update(M.check_mode_options(options, checked.get("cards")))
        return checked

    def new_state(self, players: int, options: dict[str, Any],
                  scenario: dict[str, Any] | None) -> RatKingState:
        """The cards before setup, or the scenario's position. A number of players the sets
        cannot seat is refused here (IllegalAction), before any game exists (an unbalanced
        Creation deck is played with a warning, ruling rk-49), and so is an option ``genders``
        that does not give one gender per player."""
        genders = genders_for(options, players)
        data = self.data(options)
        M.check_players(data, players)
        state = RatKingState(players, 1 if data.plan is None else data.plan.decks(players))
        state.genders = genders
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
        for warning in (M.players_warning(state.players, ctx.constants),
                        M.creation_warning(ctx.data, state.players)):
            if warning:
                ctx.note(warning)
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

    def resume(self, state: RatKingState,  # type: ignore[override]
               at: tuple[int, tuple[object, ...]]) -> Step:
        """The turns again from the top of seat ``at[0]``'s turn, with what they had seen
        there (``at[1]``), where they marked it (``T.turns``)."""
        try:
            yield from T.turns(Ctx(state, state._data), *at)
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
