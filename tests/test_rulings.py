"""docs/rulings.md: every entry quotes the seed, decides, is tested, and every citation exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEXT = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
PREFIXES = ("rifts", "adv", "gw", "rk", "rf")
ENTRY = re.compile(r"^### ((rifts|adv|gw|rk|rf)-(\d+))\. (.+)$", re.M)
ENTRIES = ENTRY.findall(TEXT)
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))


def _body(ruling: str) -> str:
    start = TEXT.index(f"### {ruling}.")
    following = ENTRY.search(TEXT, start + 1)
    end = following.start() if following else len(TEXT)
    return TEXT[start:end]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_numbers_run_from_one_without_gaps(prefix: str) -> None:
    numbers = [int(n) for _, p, n, _ in ENTRIES if p == prefix]
    assert numbers == list(range(1, len(numbers) + 1)), numbers


@pytest.mark.parametrize("ruling", [e[0] for e in ENTRIES])
def test_each_ruling_quotes_the_seed_and_decides(ruling: str) -> None:
    body = _body(ruling)
    assert re.search(r"^> ", body, re.M), f"{ruling} quotes no seed words"
    assert "Decision:" in body, f"{ruling} states no decision"


@pytest.mark.parametrize(("ruling", "prefix", "number"), [e[:3] for e in ENTRIES])
def test_each_ruling_has_a_test(ruling: str, prefix: str, number: str) -> None:
    named = re.compile(rf"def test_(ruling_|{prefix}_?){number}_")
    assert named.search(TESTS), f"no test is named for {ruling}"


def test_every_citation_names_an_existing_ruling() -> None:
    known = {e[0] for e in ENTRIES}
    cited = set()
    for folder in ("explorer", "data", "tests", "notebooks"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".toml"}:
                found = re.findall(r"\bruling[s]? ((?:rifts|adv|gw|rk|rf)-\d+)",
                                   path.read_text(encoding="utf-8"))
                cited.update(found)
    assert cited, "no citations found: the pattern is wrong"
    assert cited <= known, sorted(cited - known)


FOR_PLAYERS = re.compile(r"\A### [^\n]+\n\nFor players: (?P<text>.+?)\n\n", re.S)


@pytest.mark.parametrize("ruling", [e[0] for e in ENTRIES])
def test_each_ruling_has_one_plain_sentence_for_players(ruling: str) -> None:
    """Issue 27, item 8: right after its heading, every entry says its decision to players in
    one sentence, with no citation, id, backtick or data notation (the teaching pages show it
    with the Sources switch off)."""
    from explorer.ui.words import developer_words

    match = FOR_PLAYERS.match(_body(ruling))
    assert match, f"{ruling} has no 'For players:' line after its heading"
    sentence = " ".join(match["text"].split())
    first = next(c for c in sentence if c.isalnum())
    assert (first.isupper() or first.isdigit()) and sentence.endswith("."), sentence
    assert "`" not in sentence and "seed" not in sentence.lower(), sentence
    assert not re.search(r"\([^()]*\d+[^()]*\)\s*$", sentence.removesuffix(".")), sentence
    assert not developer_words(sentence), developer_words(sentence)
    assert len(re.findall(r"[.!?](?:\s|$)", sentence)) == 1, f"more than one sentence: {sentence}"
