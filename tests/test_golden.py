"""Golden playthroughs: each file in tests/golden/ is regenerated from the arguments in its
header and must match line for line. After an intended rules change, regenerate them with
`make golden` and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.engine import playthrough

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


def _args(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines()[:5]:
        if line.startswith("# args: "):
            return line.removeprefix("# args: ").split()
    raise AssertionError(f"{path.name} has no '# args:' line")


def test_there_are_golden_files() -> None:
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_playthrough_matches_its_golden_file(path: Path) -> None:
    args = _args(path)
    parsed = {k: v for k, v in zip(args[1::2], args[2::2], strict=True)}
    lines = list(playthrough.record(
        args[0], int(parsed["--players"]), int(parsed["--seed"]), parsed["--bots"],
        int(parsed["--max-steps"]) if "--max-steps" in parsed else None))
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs:\n  now: {got}\n  was: {want}"
    assert len(lines) == len(expected), f"{path.name}: {len(lines)} lines, was {len(expected)}"
