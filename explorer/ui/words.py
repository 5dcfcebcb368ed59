"""Players' words: what a player reads on a page has no developers' words in it.

The games' log lines keep their sources for the record ("... (seed 002, line 8)", "... (ruling
rk-33)"): the golden playthroughs and the tests read them. A page shows a line through
:func:`plain`, which takes the sources out; :func:`developer_words` names whatever developers'
words a text still has (a seed citation, a ruling id, an identifier, data notation, a command),
so tests can assert that a page's text has none.

>>> plain("Player 1 reaches 20 AP and wins (seed 002, line 8)")
'Player 1 reaches 20 AP and wins'
>>> developer_words("Heal +2 is {name = \\"Heal\\", bonus = 2} (ruling rifts-1)")
['ruling id: rifts-1', 'data notation: {name = "Heal", bonus = 2}']
"""

from __future__ import annotations

import re

_RULING = r"(?:rifts|adv|gw|rk|rf)-\d+"
_SEED = r"seed 00\d"
_LINES = r"lines? \d+(?:\s*(?:-|–|and|,)\s*\d+)*"

SOURCE = re.compile(
    rf"\s*\((?:[^()]*?\b(?:{_SEED}|rulings? {_RULING}|{_LINES})\b[^()]*)\)"
    rf"|\s*\[(?:[^\[\]]*?\b(?:{_SEED}|rulings? {_RULING})\b[^\[\]]*)\]")
"""A source in brackets: "(seed 002, line 8)", "(ruling rk-33)", "(seed 002, lines 8-9;
ruling rk-32)", "(line 67)"."""

_CHECKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("seed citation", re.compile(rf"\b{_SEED}\b|\bseed \d+, lines? \d+")),
    ("line citation", re.compile(rf"\({_LINES}\)")),
    ("ruling id", re.compile(rf"\b{_RULING}\b")),
    ("data notation", re.compile(r"\{[^{}]*\b\w+\s*[=:]\s*[^{}]*\}|\[\s*['\"][^\]]*\]")),
    ("identifier", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ("code", re.compile(r"`[^`]+`|\b\w+\[['\"]\w+['\"]\]")),
    ("command", re.compile(r"\bpython3? -m\b|\bpytest\b|\bpip install\b|\bmake (?:serve|lab|"
                           r"test|golden|lint|fuzz|stress|strength|balance|data|venv|clean)\b")),
)


def plain(text: str) -> str:
    """``text`` with its sources taken out (seed citations, ruling ids in brackets), as a
    player reads it; the rest of the text is kept as it is."""
    if not isinstance(text, str):
        raise TypeError(f"plain() takes a text, not {type(text).__name__}")
    return SOURCE.sub("", text)


def developer_words(text: str) -> list[str]:
    """The developers' words in ``text``, each as "kind: words" (kinds: seed citation, line
    citation, ruling id, data notation, identifier, code, command); empty when a player may
    read it as it is."""
    if not isinstance(text, str):
        raise TypeError(f"developer_words() takes a text, not {type(text).__name__}")
    found = []
    for kind, pattern in _CHECKS:
        found += [f"{kind}: {m.group(0).strip()}" for m in pattern.finditer(text)]
    return found
