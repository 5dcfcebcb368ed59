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
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import polars as pl

from explorer.engine import Chance, Game
from explorer.engine.dice import Roll, dice_weights

__all__ = ["Odds", "at", "check_odds", "effects", "from_roll", "hidden_from"]


@dataclass(frozen=True)
class Odds:
    """The odds of one roll, draw or battle.

    ``p``: probability of success (None for a pure table roll or a draw); ``modifier``: the
    total roll modifier; ``breakdown``: each modifier with its reason ("+4 Wilderness Scout:
    Wilderness +2 at a Wilderness location"); ``outcomes``: each outcome with its exact
    probability, in the seed's order; ``table``: the same as a polars DataFrame (``outcome``,
    ``probability`` as a float for display, ``exact`` as text such as "3/20"); ``note``: how it
    was computed when that matters (a Monte Carlo estimate says so, with its interval).
    """

    p: Fraction | None
    modifier: int = 0
    breakdown: tuple[str, ...] = ()
    outcomes: tuple[tuple[str, Fraction], ...] = ()
    title: str = ""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def table(self) -> pl.DataFrame:
        """One row per outcome: ``outcome``, ``probability`` (float), ``exact`` (text)."""
        return pl.DataFrame(
            {"outcome": [o for o, _ in self.outcomes],
             "probability": [float(p) for _, p in self.outcomes],
             "exact": [str(p) for _, p in self.outcomes]},
            schema={"outcome": pl.String, "probability": pl.Float64, "exact": pl.String})

    def __str__(self) -> str:
        head = self.title or "odds"
        if self.p is not None:
            head += f": {float(self.p):.1%} ({self.p})"
        return head


def check_odds(outcomes: Sequence[tuple[str, Fraction]]) -> None:
    """Probabilities are exact and sum to 1 (a bug guard for every odds function)."""
    total = sum(p for _, p in outcomes)
    if total != 1:
        raise AssertionError(f"odds sum to {total}, not 1")


def success_table(p: Fraction) -> tuple[tuple[str, Fraction], ...]:
    return (("success", p), ("failure", 1 - p))


def from_roll(roll: Roll, rows: Sequence[dict[str, Any]] | None = None) -> Odds:
    """The odds of a :class:`~explorer.engine.dice.Roll`: against its target, read on a
    roll table (``rows`` with ``low``/``high``/``result``), or as the distribution of totals."""
    breakdown = tuple(f"{m:+d} {reason}" for m, reason in roll.modifiers)
    totals, weights = dice_weights(roll.count, roll.sides)
    whole = sum(weights)
    if roll.target is not None:
        p = roll.success_probability()
        return Odds(p, roll.modifier, breakdown, success_table(p), roll.label())
    if rows is not None:
        outcomes = []
        for row in rows:
            low, high = row["low"], row["high"]
            ways = sum(w for t, w in zip(totals, weights, strict=True)
                       if (low is None or t + roll.modifier >= low)
                       and (high is None or t + roll.modifier <= high))
            outcomes.append((str(row["result"]), Fraction(ways, whole)))
        _clamp(outcomes, rows, totals, weights, roll.modifier, whole)
        check_odds(outcomes)
        return Odds(None, roll.modifier, breakdown, tuple(outcomes), roll.label())
    outcomes = tuple((str(t + roll.modifier), Fraction(w, whole))
                     for t, w in zip(totals, weights, strict=True))
    return Odds(None, roll.modifier, breakdown, outcomes, roll.label())


def _clamp(outcomes: list[tuple[str, Fraction]], rows: Sequence[dict[str, Any]],
           totals: Sequence[int], weights: Sequence[int], modifier: int, whole: int) -> None:
    """Totals past a closed end of a table read the end row (ruling rifts-36)."""
    first, last = rows[0], rows[-1]
    below = sum(w for t, w in zip(totals, weights, strict=True)
                if first["low"] is not None and t + modifier < first["low"])
    above = sum(w for t, w in zip(totals, weights, strict=True)
                if last["high"] is not None and t + modifier > last["high"])
    if below:
        outcomes[0] = (outcomes[0][0], outcomes[0][1] + Fraction(below, whole))
    if above:
        outcomes[-1] = (outcomes[-1][0], outcomes[-1][1] + Fraction(above, whole))


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
    deck_table = _draw_table(game, pending)
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


def _draw_table(game: Game, pending: Chance) -> str | None:
    """The card table a draw's deck holds, where a game has several decks (Rifts)."""
    args = pending.outcomes[0].args
    if game.game_id == "rifts" and len(args) == 2:
        from explorer.games.rifts.position import TABLES

        return TABLES.get(args[0])
    return None


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


from explorer.odds import adventurers, gamma_world, rifts  # noqa: E402  (they use Odds)
from explorer.odds.consequences import consequences  # noqa: E402
from explorer.odds.decisions import choices  # noqa: E402

__all__ += ["adventurers", "choices", "consequences", "gamma_world", "rifts"]
