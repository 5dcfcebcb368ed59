"""Helpers for Adventurers scenario tests: build a position, force dice and draws, make choices.

A test builds a game at a chosen position with :func:`game_at` or :func:`scenario`, then drives
it one step at a time. Chance steps are forced to a chosen outcome (:func:`roll`, :func:`draw`),
never sampled, so every expected value comes from the seed's rules applied by hand.
"""

from __future__ import annotations

from typing import Any

import explorer
from explorer.engine import Chance, Game, Outcome
from explorer.engine.dice import Roll
from explorer.games.adventurers.data import adventurers_data
from explorer.games.adventurers.state import Adventurer
from tests.game_helpers import choose as choose  # shared
from tests.game_helpers import logged as logged
from tests.game_helpers import options as options
from tests.game_helpers import pending_roll as pending_roll

DATA = adventurers_data()
ALL_CARDS = list(DATA.cards)


def scenario(adventurers: list[dict[str, Any]], *, seed: int = 0, **extra: Any) -> Game:
    """An Adventurers game built at a position (see explorer.games.adventurers.scenario)."""
    return explorer.new_game("adventurers", players=len(adventurers), seed=seed,
                             scenario={"adventurers": adventurers, **extra})


def game_at(at: str, *, profession: str = "College Professor", hand: list[str] | None = None,
            chain: list[str] | None = None, encounter: dict[str, Any] | None = None,
            others: list[dict[str, Any]] | None = None, **extra: Any) -> Game:
    """Player 1 (seat 0, active) at phase ``at``; ``others`` are the other seats (default: one
    Reporter with an empty hand). The College Professor's advantage is used only in the
    Research Phase, so he is the default profession elsewhere."""
    first: dict[str, Any] = {"profession": profession, "hand": hand or [],
                             "chain": chain or []}
    if encounter is not None:
        first["encounter"] = encounter
    return scenario([first, *(others or [{"profession": "Reporter"}])], at=at, **extra)



def roll(game: Game, natural: int, name: str | None = None) -> Roll:
    """Force the pending dice roll to total ``natural``; return its Roll. ``name`` checks
    the roll's name starts so ("Escape roll", "Encounter roll for Tiger")."""
    spec = pending_roll(game)
    if name is not None:
        assert spec.name.startswith(name), f"expected {name!r}, found {spec.label()}"
    game.step(Outcome("roll", (natural,)))
    return spec


def draw(game: Game, *names: str) -> None:
    """Force the pending card draws to be ``names``, in order."""
    for name in names:
        pending = game.pending
        assert isinstance(pending, Chance) and pending.label == "Draw from the deck", (
            f"expected a draw at {game.phase}, found {getattr(pending, 'label', pending)!r}")
        game.step(Outcome("card", (name,)))




def names(game: Game, action: str) -> list[str]:
    """The card names of the legal actions called ``action``."""
    return [a.args[0] for a in game.legal_actions() if a.name == action]


def adv(game: Game, seat: int = 0) -> Adventurer:
    return game.state.adventurers[seat]



def is_turn_of(game: Game, seat: int) -> bool:
    """Seat's turn has begun: its Draw Phase draw is pending."""
    return game.state.active == seat and game.phase == "draw" and game.is_chance


def others_hold(*cards: str) -> list[str]:
    """Every card of the deck except ``cards`` (to empty the deck in a scenario)."""
    return [n for n in ALL_CARDS if n not in cards]
