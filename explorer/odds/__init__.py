"""Exact odds, itemized: every result is an :class:`Odds`.

>>> from explorer import odds
>>> odds.rifts.roll("survival", ["Wilderness Scout", "Vagabond"], "Farms").p
Fraction(1, 2)
>>> odds.at(game)          # the odds of whatever roll or draw a live game is about to make
>>> odds.choices(game)     # at a decision: each legal action with the odds of what it leads to
>>> odds.consequences(game)  # at a decision: each legal action with what the rules make of it

Dice algebra is icepool's; anything that depends on a game state comes from the engine's chance
outcomes. Probabilities are ``Fraction``; floats appear only in ``.table`` for display.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from explorer.engine import Chance, Game
from explorer.engine.dice import Roll
from explorer.engine.odds import Odds, check_odds, from_roll, success_table, titled, wilson
from explorer.odds.consequences import consequences
from explorer.odds.decisions import choices

__all__ = ["Odds", "at", "check_odds", "effects", "from_roll", "hidden_from", "success_table",
           "titled", "wilson"]


def at(game: Game, seat: int | None = None) -> Odds | None:
    """The odds of the chance step a live game is at (None on a decision or at the end):
    a roll with its modifiers and target or table, or a draw over the cards left.

    ``seat``: the odds as that seat may know them. A card draw is then uniform over every
    card the seat has not seen: the deck and the other seats' hidden hands (their hands are
    as likely to hold any of those cards as the deck is), never what only the others know.
    """
    pending = game.pending
    if not isinstance(pending, Chance):
        return None
    spec = pending.odds
    if isinstance(spec, Roll):
        rows = None
        if spec.table and spec.target is None:
            rows = _table_rows(game, spec.table)
        return from_roll(spec, rows)
    unseen = hidden_from(game, seat) if seat is not None else {}
    if not unseen:
        outcomes = tuple((str(o), p) for o, p in pending.probabilities())
        explain = getattr(spec, "explain", None)  # a game's words for what a roll counts
        return Odds(None, 0, (), outcomes, pending.label,
                    extra={"explain": explain} if isinstance(explain, str) else {})
    weights = {str(o): w for o, w in zip(pending.outcomes, pending.weights, strict=True)}
    for name, count in unseen.items():
        weights[name] = weights.get(name, 0) + count
    whole = sum(weights.values())
    outcomes = tuple((name, Fraction(w, whole)) for name, w in weights.items())
    return Odds(None, 0, (), outcomes, pending.label,
                note=f"as Player {seat + 1} knows it: the deck and the cards others hold "
                     f"unseen", extra={"unseen_elsewhere": sum(unseen.values())})


def hidden_from(game: Game, seat: int) -> dict[str, int]:
    """The cards of the pending draw's deck that ``seat`` has not seen and that are not in
    it: other seats' hidden hands (and cards drawn and not yet placed), by name. In a game
    where each player draws from a pile of his own (its package's ``pile_owner(chance)`` names
    whose pile a draw is from: Riftforce), only the drawer's hand counts, and the drawer
    himself knows his pile: nothing is added."""
    import importlib

    pending = game.pending
    if not isinstance(pending, Chance) or pending.outcomes[0].name != "card":
        return {}
    package = importlib.import_module(f"explorer.games.{game.game_id}")
    owner_of = getattr(package, "pile_owner", None)
    owner = owner_of(pending) if owner_of is not None else None
    if owner is not None and owner == seat:
        return {}  # a player's own pile: he knows what is in it, only not its order
    whole, mine = package.position(game), package.position(game, seat)
    table_of = getattr(package, "draw_table", None)  # a game with a deck per kind (Rifts)
    deck_table = table_of(pending) if table_of is not None else None
    found: dict[str, int] = {}
    for number, (seen, full) in enumerate(zip(mine["seats"], whole["seats"], strict=True)):
        if owner is not None and number != owner:
            continue  # another player's hand never holds a card of this pile
        for key in ("hand", "drawn"):
            if key in seen and seen[key]["cards"] is None:
                for card in full[key]["cards"] or []:
                    if deck_table is None or card.get("table") == deck_table:
                        found[card["name"]] = found.get(card["name"], 0) + 1
    return found


def effects(game: Game) -> list[str]:
    """What each outcome of the pending chance step does, in words, in the outcomes' order:
    a roll's natural with its result ("16: succeeds", "1: Killed", "4 (total 6): fails"), a
    count with what it does when the game says ("3 ones: the Threat loses 3"), a card or a
    pick by its name; [] on a decision or at the end."""
    pending = game.pending
    if not isinstance(pending, Chance):
        return []
    spec = pending.odds
    if not isinstance(spec, Roll):
        effect = getattr(spec, "effect", None)  # a game's words for what each outcome does
        if callable(effect):
            return [f"{o}: {effect(o)}" for o in pending.outcomes]
        return [str(o) for o in pending.outcomes]
    rows = _table_rows(game, spec.table) if spec.table and spec.target is None else None
    found = []
    for outcome in pending.outcomes:
        natural = outcome.value
        total = natural + spec.modifier
        shown = f"{natural} (total {total})" if spec.modifier else str(natural)
        if spec.target is not None:
            found.append(f"{shown}: {'succeeds' if total >= spec.target else 'fails'}")
        elif rows:
            found.append(f"{shown}: {_row_for(rows, total)['result']}")
        else:
            found.append(shown)
    return found


def _row_for(rows: Sequence[dict[str, Any]], total: int) -> dict[str, Any]:
    """The row of a roll table a total reads; past a closed end, the end row (rifts-36)."""
    for row in rows:
        if (row["low"] is None or total >= row["low"]) and (
                row["high"] is None or total <= row["high"]):
            return row
    return rows[0] if rows[0]["low"] is not None and total < rows[0]["low"] else rows[-1]


def _table_rows(game: Game, table: str) -> Sequence[dict[str, Any]] | None:
    data = getattr(game.state, "_data", None)
    tables = getattr(data, "tables", None)
    if tables is None or table not in tables:
        return None
    return tables[table]


def _game_odds() -> list[str]:
    """Each game's odds module (``explorer.games.<game>.odds``) under its public name
    ``explorer.odds.<game>``: ``odds.rifts.battle``, ``from explorer.odds.riftforce import
    best_actions``. The games are read from their registry, so this module names none."""
    import importlib
    import sys

    from explorer.catalog import GAMES

    for game_id in GAMES:
        module = importlib.import_module(f"explorer.games.{game_id}.odds")
        sys.modules[f"{__name__}.{game_id}"] = module
        globals()[game_id] = module
    return list(GAMES)


__all__ += ["choices", "consequences", *_game_odds()]
