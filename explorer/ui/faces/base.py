"""What every card face is made of: the plain-text :class:`Face` and its :class:`Stat`, the
:class:`Context` a face builder reads, the builders' registry (:func:`face_of`), and the small
words every game's faces use ("two cards", "a Trap", "+2")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

# ---- the face of a card, as plain text ------------------------------------------------------

@dataclass(frozen=True)
class Stat:
    """One stat printed on a face: its label and value, as people read them."""

    label: str
    value: str


@dataclass
class Face:
    """What a card face shows, in plain text (the HTML is made, escaped, by :func:`face`)."""

    title: str
    type_line: str
    colour: str
    corner: Stat | None = None
    stats: list[Stat] = field(default_factory=list)
    rules: list[tuple[str, str]] = field(default_factory=list)
    flavor: str = ""
    swatches: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""

    def rule(self, lead: str, text: str = "") -> None:
        """Add a paragraph of rules text (``lead`` is shown in bold)."""
        if lead or text:
            self.rules.append((lead, text))

    def text(self) -> str:
        """Every word on the face, for search and for tests."""
        parts = [self.title, self.type_line, *(label for label, _ in self.swatches)]
        if self.corner:
            parts += [self.corner.value, self.corner.label]
        parts += [f"{s.label} {s.value}" for s in self.stats]
        parts += [f"{lead} {text}".strip() for lead, text in self.rules]
        parts += [self.flavor, self.footer]
        return "\n".join(p for p in parts if p)


@dataclass(frozen=True)
class Context:
    """What a face builder may read besides its row: the card set and the game."""

    game: str
    table: str
    card_set: Mapping[str, pl.DataFrame]

    def rows(self, table: str) -> list[dict[str, Any]]:
        return self.card_set[table].to_dicts() if table in self.card_set else []

    def lookup(self, table: str, key: str) -> dict[str, dict[str, Any]]:
        return {str(r[key]): r for r in self.rows(table)}


Builder = Callable[[dict[str, Any], Context, Face], None]
"""Draws one kind of card face from the card's row."""
BUILDERS: dict[tuple[str, str], Builder] = {}
"""Each (game, card table)'s face builder, filled by :func:`face_of` as each game's module is
imported."""


def face_of(game: str, *tables: str) -> Callable[[Builder], Builder]:
    """A decorator: the builder below draws the faces of ``tables`` of ``game``."""

    def register(builder: Builder) -> Builder:
        for table in tables:
            BUILDERS[game, table] = builder
        return builder
    return register


# ---- words ------------------------------------------------------------------------------------

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
"""Small numbers in words, as the cards write them ("draw two cards")."""


def number(n: int) -> str:
    return NUMBERS.get(n, str(n))


def n_cards(n: int, what: str = "card") -> str:
    return f"{number(n)} {what}" + ("" if n == 1 else "s")


def joined(items: Sequence[str], word: str = "and") -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def a_or_an(word: str) -> str:
    """"a Trap", "an Ice", "an Action"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def dice_text(count: int | None, sides: int | None) -> str:
    return f"{count}D{sides}" if count and sides else ""
