"""Combining decks (seed 002, lines 87-96): the card sets a game draws from, the options that
choose them, and the Creation balance check.

A game of Lair of the Rat-King may use more than one card set (each a folder of Parquet tables
in the shipped schema, read by :func:`explorer.cards.load_set`) in one of the rulebook's four
ways, chosen with the option ``mode`` (ruling rk-44 to rk-49)::

    new_game("rat_king", players=5, mode="multiverse", second_set="sets/8th_grade")
    new_game("rat_king", players=3, mode="conjunction", second_set="sets/8th_grade",
             trigger="Dimensional Rift", merge="replace")      # merge: "shuffle" (default)
    new_game("rat_king", players=3, mode="borderlands",
             sets=[None, "sets/8th_grade", "sets/space"])       # one set per seat
    new_game("rat_king", players=5, mode="creation",
             deck={"base": "all", "sets/8th_grade": {"Detention Hall": 1, "ME Science Whiz": 1}})

- ``multiverse``: the ME cards of every set are pooled, each player takes one at random, and
  the rest of every set is one draw pile (line 90; ruling rk-46). ``second_set``: a folder, or
  a list of folders ("2 (or more) decks").
- ``conjunction``: play with the game's own set; the second set waits set aside until the
  ``trigger`` card (any card of the game's own set but a ME card, such as a trigger card (*))
  is played: then the second set without its ME cards is shuffled into the draw pile
  (``merge="shuffle"``) or replaces the cards left in it, which are set aside
  (``merge="replace"``) (line 92; ruling rk-48).
- ``borderlands``: ``sets`` names one set per seat (``None``: the game's own set), each a
  different set (two the same are refused); each player takes his ME card from his set and
  draws from and discards to his set's own piles (line 94; ruling rk-47).
- ``creation``: ``deck`` maps each set (``"base"``: the game's own set; else a folder) to the
  cards taken from it: ``"all"``, a list of card names (a name twice: two copies) or names with
  counts; a deck that fails :func:`creation_check` for the number of players is played with a
  warning at the start of the log (line 96; ruling rk-49). Its ME cards are pooled as in
  Multiverse.

The game's own set is the option ``cards`` (or the shipped set); its rule numbers (the
``constants``) are the game's. A card of a later set whose name an earlier set already has is
keyed ``"Name [label]"``, the label being its folder's name (ruling rk-45). Without ``mode``, a
game is for 2 to 4 players; with it, for as many as the ME cards the mode deals from (a warning
is logged past the recommended 8; ruling rk-44).

This module holds what does not depend on a game in progress: the options' checks, the
:class:`Plan` of a mode and the combined card data, the sets' cards as :class:`SetCard` rows
and the balance rule.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import polars as pl

from explorer.errors import CardDataError, IllegalAction
from explorer.games.rat_king.data import RatKingData, rat_king_data

MODES = ("multiverse", "conjunction", "borderlands", "creation")
"""The rulebook's four ways of combining decks (lines 89-96)."""
CARD_TABLES = ("characters", "stuffs", "encounters", "adventures", "events")
AP_TABLES = ("adventures", "events", "stuffs")
"""The card types the Creation rule counts: "ADVENTURE/EVENT or STUFF cards" (line 96)."""
MERGES = ("shuffle", "replace")
"""Conjunction of the Planes: "shuffle in the 2nd set, or replace the remaining cards in the
draw pile with the 2nd set" (line 92)."""
BASE = "base"
"""The key of the game's own set (the option ``cards``, or the shipped set) in a Creation
``deck``."""
MODE_OPTIONS = ("mode", "second_set", "trigger", "merge", "sets", "deck")
"""The options of the deck-combining modes."""
TAKES = {"multiverse": ("second_set",), "conjunction": ("second_set", "trigger", "merge"),
         "borderlands": ("sets",), "creation": ("deck",)}
"""The options each mode takes; all but ``merge`` are needed."""


# ---- the options ---------------------------------------------------------------------------------

def _folder(value: Any, option: str) -> str:
    if not isinstance(value, str) or not value:
        raise IllegalAction(f"option {option!r} must be a card set folder (a path); found "
                            f"{value!r}")
    return value


def load(folder: str | None, option: str) -> RatKingData:
    """A set's own data, or IllegalAction naming the option when it cannot be loaded."""
    try:
        return rat_king_data(folder)
    except CardDataError as error:
        raise IllegalAction(f"option {option!r}: {folder!r} is not a Lair of the Rat-King card "
                            f"set: {error}") from None


def check_mode_options(options: Mapping[str, Any], cards: str | None) -> dict[str, Any]:
    """The deck-combining options of ``options`` checked and normalised (``{}`` without
    ``mode``); each bad value refused with an IllegalAction naming the option and the value.
    ``cards`` is the game's own set (None: the shipped set). What depends on the number of
    players (the ME cards, the Creation balance) is checked by :func:`check_players`."""
    given = {k: options[k] for k in MODE_OPTIONS if k in options}
    if "mode" not in given:
        for key, value in given.items():
            raise IllegalAction(f"option {key!r} is an option of a deck-combining mode: give "
                                f"the option 'mode' too ({', '.join(MODES)}); found "
                                f"{key}={value!r}")
        return {}
    mode = given.pop("mode")
    if mode not in MODES:
        raise IllegalAction(f"option 'mode' must be one of {', '.join(MODES)} (seed 002, lines "
                            f"89-96); found {mode!r}")
    takes = TAKES[mode]
    for key, value in given.items():
        if key not in takes:
            raise IllegalAction(f"option {key!r} is not an option of mode {mode!r}, which takes "
                                f"{', '.join(repr(t) for t in takes)}; found {key}={value!r}")
    for key in takes:
        if key not in given and key != "merge":
            raise IllegalAction(f"mode {mode!r} needs the option {key!r}")
    checked: dict[str, Any] = {"mode": mode}
    base = load(cards, "cards")
    if mode in ("multiverse", "conjunction"):
        second = given["second_set"]
        if isinstance(second, list) and mode == "multiverse":
            if not second:
                raise IllegalAction("option 'second_set' must name at least one folder; found "
                                    "[]")
            for index, folder in enumerate(second):
                load(_folder(folder, f"second_set[{index}]"), f"second_set[{index}]")
            checked["second_set"] = list(second)
        else:
            load(_folder(second, "second_set"), "second_set")
            checked["second_set"] = second
    if mode == "conjunction":
        checked["trigger"] = _trigger(given["trigger"], base)
        merge = given.get("merge", "shuffle")
        if merge not in MERGES:
            raise IllegalAction(f"option 'merge' must be 'shuffle' or 'replace' (seed 002, "
                                f"line 92); found {merge!r}")
        checked["merge"] = merge
    if mode == "borderlands":
        checked["sets"] = _seat_sets(given["sets"], cards)
    if mode == "creation":
        checked["deck"] = _deck(given["deck"], cards)
    return checked


def _trigger(value: Any, base: RatKingData) -> str:
    """Conjunction's agreed card: "Predetermine a specific card to trigger the merging" (line
    92): any card of the game's own set but a ME card (taken at setup, never played; ruling
    rk-48), a trigger card (*) such as the Dimensional Rift or any other."""
    if not isinstance(value, str) or value not in base.table:
        why = "not a card of the game's own set" if isinstance(value, str) else "not a card name"
        raise IllegalAction(f"option 'trigger' must name a card of the game's own set (not a ME "
                            f"card), such as a trigger card (*): "
                            f"{', '.join(_triggers(base)) or 'it has none'}; found {value!r}: "
                            f"{why}")
    if base.table[value] == "characters" and base.characters[value].is_me:
        raise IllegalAction(f"option 'trigger' must name a card of the game's own set that is "
                            f"played: a ME card is taken at setup, never played; found "
                            f"{value!r}")
    return value


def _triggers(base: RatKingData) -> list[str]:
    return [name for name, table in base.table.items() if base.trigger(name)
            and not (table == "characters" and base.characters[name].is_me)]


def _seat_sets(value: Any, cards: str | None) -> list[str | None]:
    """On the Borderlands' sets, one per seat: each a set that loads, and no two the same
    ("Each player plays with a different set", line 94; ruling rk-47): the same folder, or two
    folders holding the same cards, are one set."""
    if not isinstance(value, list) or len(value) < 2:
        raise IllegalAction("option 'sets' must list one card set per player (a folder, or None "
                            f"for the game's own set), at least 2; found {value!r}")
    seen: dict[Any, int] = {}
    for index, folder in enumerate(value):
        if folder is not None:
            _folder(folder, f"sets[{index}]")
        data = load(cards if folder is None else folder, f"sets[{index}]")
        same = json.dumps(sorted(data.whole_set().items()))
        if same in seen:
            first = seen[same]
            raise IllegalAction(
                f"mode 'borderlands' (On the Borderlands): each player plays with a different "
                f"set (seed 002, line 94), but sets[{first}] and sets[{index}] are the same set "
                f"({label(cards if value[first] is None else value[first])}); found "
                f"sets={value!r}")
        seen[same] = index
    return list(value)


def _deck(value: Any, cards: str | None) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise IllegalAction("option 'deck' must map each card set ('base' for the game's own "
                            "set, else a folder) to its cards ('all', a list of names, or names "
                            f"with counts); found {value!r}")
    checked: dict[str, Any] = {}
    for key, picked in sorted(value.items(), key=lambda item: item[0] != BASE):  # base first
        where = f"deck[{key!r}]"
        folder = cards if key == BASE else _folder(key, "deck")
        data = load(folder, where)
        if picked == "all":
            checked[key] = "all"
            continue
        if isinstance(picked, list):
            counts: dict[str, Any] = {}
            for name in picked:
                if not isinstance(name, str):
                    raise IllegalAction(f"option {where} must list card names; found {name!r}")
                counts[name] = counts.get(name, 0) + 1
        elif isinstance(picked, dict) and picked:
            counts = dict(picked)
        else:
            raise IllegalAction(f"option {where} must be 'all', a list of card names or names "
                                f"with counts; found {picked!r}")
        for name, count in counts.items():
            if name not in data.table:
                raise IllegalAction(f"option {where}: {name!r} is not a card of that set")
            copies = getattr(data, data.table[name])[name].copies
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= copies:
                raise IllegalAction(f"option {where}: the copies of {name!r} must be a whole "
                                    f"number from 1 to {copies} (the set has {copies}); found "
                                    f"{count!r}")
        checked[key] = counts
    return checked


# ---- the plan and the combined data --------------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """How a deck-combining mode uses its sets: each set's label, which set each card comes
    from (by the card's key in the game) and the name printed on it, and Conjunction's trigger
    card and merge."""

    mode: str
    labels: tuple[str, ...]
    set_of: Mapping[str, int]
    names: Mapping[str, str]
    trigger: str | None = None
    merge: str | None = None

    def home(self, name: str) -> int:
        """The piles the card belongs to: On the Borderlands its set's (set ``i`` is seat
        ``i``'s), else the one pair (ruling rk-47)."""
        return self.set_of[name] if self.mode == "borderlands" else 0

    def decks(self, players: int) -> int:
        """How many draw piles (and discard piles) the game has."""
        return players if self.mode == "borderlands" else 1

    def at_start(self, name: str) -> bool:
        """Whether the card is in the game from the start: in Conjunction the second set waits
        set aside until the trigger (ruling rk-48)."""
        return self.mode != "conjunction" or self.set_of[name] == 0

    def may_take(self, seat: int, name: str) -> bool:
        """Whether ``seat`` may take the ME card ``name`` at setup: On the Borderlands one of
        his own set, in Conjunction one of the first set, else any (rulings rk-46 to rk-49)."""
        if self.mode == "borderlands":
            return self.set_of[name] == seat
        if self.mode == "conjunction":
            return self.set_of[name] == 0
        return True

    def later(self, name: str) -> bool:
        """A card of Conjunction's second set."""
        return self.mode == "conjunction" and self.set_of[name] != 0


def label(folder: str | None) -> str:
    """A set's label: its folder's name ("rat_king" for the shipped set)."""
    if folder is None:
        from explorer.cards import data_root

        return (data_root() / "rat_king").resolve().name
    path = Path(folder)
    return path.name or path.resolve().name or folder


def sets_in_play(options: Mapping[str, Any]) -> list[tuple[str | None, Mapping[str, int] | None]]:
    """The sets of a game with checked options, in order, each with the cards taken from it
    (None: all of them)."""
    cards = options.get("cards")
    mode = options["mode"]
    if mode in ("multiverse", "conjunction"):
        second = options["second_set"]
        return [(cards, None), *((f, None) for f in (second if isinstance(second, list)
                                                     else [second]))]
    if mode == "borderlands":
        return [(cards if f is None else f, None) for f in options["sets"]]
    return [(cards if key == BASE else key, None if picked == "all" else picked)
            for key, picked in options["deck"].items()]


def mode_data(options: Mapping[str, Any]) -> RatKingData:
    """The combined data of a game with checked deck-combining options (made once per
    options)."""
    return _combined(json.dumps(dict(options)))  # in order: the sets' order matters


@cache
def _combined(key: str) -> RatKingData:
    options = json.loads(key)
    sets = sets_in_play(options)
    base = load(options.get("cards"), "cards")
    labels: list[str] = []
    for index, (folder, _) in enumerate(sets):
        name = label(folder)
        labels.append(f"{name} {index + 1}" if name in labels else name)
    set_of: dict[str, int] = {}
    names: dict[str, str] = {}
    groups: dict[str, dict[str, Any]] = {table: {} for table in CARD_TABLES}
    effects = dict.fromkeys(base.effects)
    for index, (folder, picked) in enumerate(sets):
        data = load(folder, "second_set" if index else "cards")
        effects.update(dict.fromkeys(data.effects))
        for table in CARD_TABLES:
            for name, card in getattr(data, table).items():
                copies = card.copies if picked is None else picked.get(name, 0)
                if not copies:
                    continue
                key_ = name if name not in set_of else f"{name} [{labels[index]}]"
                if key_ in set_of:
                    raise IllegalAction(f"the card {name!r} of {labels[index]} cannot be told "
                                        f"apart from {key_!r} of another set")
                set_of[key_] = index
                names[key_] = name
                groups[table][key_] = dataclasses.replace(card, name=key_, copies=copies)
    table_of = {name: table for table, group in groups.items() for name in group}
    plan = Plan(options["mode"], tuple(labels), set_of, names, options.get("trigger"),
                options.get("merge"))
    return RatKingData(characters=groups["characters"], stuffs=groups["stuffs"],
                       encounters=groups["encounters"], adventures=groups["adventures"],
                       events=groups["events"], effects=tuple(effects), dice=base.dice,
                       constants=base.constants, table=table_of, plan=plan)


# ---- the number of players ---------------------------------------------------------------------

def me_cards_for(data: RatKingData, seat: int | None = None) -> int:
    """The ME cards a game deals from (On the Borderlands: ``seat``'s set's)."""
    plan = data.plan
    found = 0
    for name in data.me_cards:
        if plan is None or (plan.may_take(0 if seat is None else seat, name)):
            found += data.characters[name].copies
    return found


def check_players(data: RatKingData, players: int) -> Balance | None:
    """Refuse a number of players the game's sets cannot seat (IllegalAction): with one set, 2
    to 4 and no more than its ME cards; with combined decks as many as the mode's ME cards
    (On the Borderlands one set per player, each with a ME card). Returns Creation's balance
    (None in other games): a deck that is not balanced for them is played all the same, with
    a warning (:func:`creation_warning`; line 96, ruling rk-49)."""
    constants = data.constants
    each = constants["me_per_player"]
    plan = data.plan
    if plan is None:
        me = me_cards_for(data)
        most = min(me // each, constants["creation_base_players"])
        if players > most:
            raise IllegalAction(f"rat_king is for 2 to {most} players; found {players} (one set "
                                f"has {me} ME cards; more players need combined decks: the "
                                "option 'mode', seed 002, lines 89-96)")
        return None
    balance = None
    if plan.mode == "creation":  # an unbalanced deck is played with a warning (ruling rk-49)
        balance = creation_check(deck_cards(data), players, constants)
    if plan.mode == "borderlands":
        if len(plan.labels) != players:
            raise IllegalAction(f"option 'sets' names {len(plan.labels)} sets, one per player; "
                                f"found {players} players")
        for seat in range(players):
            if me_cards_for(data, seat) < each:
                raise IllegalAction(f"option 'sets': sets[{seat}] ({plan.labels[seat]}) has no "
                                    "ME card for its player")
        return balance
    me = me_cards_for(data)
    if me // each < 2:
        raise IllegalAction(f"mode {plan.mode!r} with these sets deals from {me} ME card"
                            f"{'' if me == 1 else 's'}, {each} each: not enough for 2 players")
    if players * each > me:
        raise IllegalAction(f"mode {plan.mode!r} with these sets is for 2 to {me // each} "
                            f"players (it deals from {me} ME cards, {each} each); found "
                            f"{players}")
    return balance


def players_warning(players: int, constants: Mapping[str, Any]) -> str:
    """The warning past the recommended number of players ("" up to it; line 96)."""
    most = constants["recommended_max_players"]
    if players <= most:
        return ""
    return (f"{players} players: the rulebook recommends at most {most} for speed and ease of "
            "play (seed 002, line 96; ruling rk-44)")


def creation_warning(data: RatKingData, players: int) -> str:
    """The warning of a Creation deck below the rulebook's advice for ``players`` ("" when it
    is balanced, and in the other games): line 96's "As long as there are at least 14
    ADVENTURE/EVENT or STUFF cards totaling at least 21 ADVENTURE points, play will be
    balanced" is advice, so the deck is played (ruling rk-49)."""
    plan = data.plan
    if plan is None or plan.mode != "creation":
        return ""
    balance = creation_check(deck_cards(data), players, data.constants)
    if balance.balanced:
        return ""
    return (f"This Creation deck is below the rulebook's advice for {players} players: "
            f"{balance.why_not()}. It is played all the same, but play may not be balanced "
            "(seed 002, line 96; ruling rk-49)")


def deck_cards(data: RatKingData) -> list[SetCard]:
    """Every card row of a game's data as :class:`SetCard` rows."""
    return [SetCard(table, name, card.copies, getattr(card, "ap", 0) or 0,
                    bool(getattr(card, "is_me", False)))
            for table in CARD_TABLES for name, card in getattr(data, table).items()]


@dataclass(frozen=True, slots=True)
class SetCard:
    """One card row of a set: its table, name, copies, AP, and whether it is a ME card."""

    table: str
    name: str
    copies: int
    ap: int
    me: bool


def set_cards(frames: Mapping[str, pl.DataFrame]) -> list[SetCard]:
    """Every card row of a card set (its five card tables), in table order."""
    found = []
    for table in CARD_TABLES:
        for row in frames[table].iter_rows(named=True):
            found.append(SetCard(table, row["name"], int(row["copies"]),
                                 int(row.get("ap") or 0), row.get("kind") == "ME"))
    return found


@dataclass(frozen=True, slots=True)
class Balance:
    """The Creation rule applied to a deck: how many ADVENTURE/EVENT/STUFF cards it has and
    the AP they total, what the rule asks for with this many players, and any warning."""

    cards: int
    ap: int
    needed_cards: int
    needed_ap: int
    warning: str = ""

    @property
    def balanced(self) -> bool:
        return self.cards >= self.needed_cards and self.ap >= self.needed_ap

    def why_not(self) -> str:
        """What the deck lacks, in words ("" when balanced)."""
        lacks = []
        if self.cards < self.needed_cards:
            lacks.append(f"{self.cards} ADVENTURE, EVENT and STUFF cards with AP (at least "
                         f"{self.needed_cards} needed)")
        if self.ap < self.needed_ap:
            lacks.append(f"{self.ap} ADVENTURE POINTS on them (at least {self.needed_ap} "
                         "needed)")
        return "; ".join(lacks)


def creation_check(cards: Iterable[SetCard], players: int,
                   constants: Mapping[str, Any]) -> Balance:
    """The balance rule of Creation (line 96): "at least 14 ADVENTURE/EVENT or STUFF cards
    totaling at least 21 ADVENTURE points" (the cards that carry AP, as ruling rk-22 reads it),
    "6 points worth of any combination of the above per player" past 4 players, and a warning
    past the recommended 8. The numbers are the constants' (``creation_*``,
    ``recommended_max_players``; rulings rk-22, rk-49)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise IllegalAction(f"players must be a whole number of at least 2; found {players!r}")
    counted = [c for c in cards if c.table in AP_TABLES and c.ap > 0]
    count = sum(c.copies for c in counted)
    ap = sum(c.ap * c.copies for c in counted)
    extra = max(0, players - constants["creation_base_players"])
    needed_ap = constants["creation_min_ap"] + extra * constants["creation_ap_per_extra_player"]
    return Balance(count, ap, constants["creation_min_ap_cards"], needed_ap,
                   players_warning(players, constants))
