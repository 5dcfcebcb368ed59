"""Golden playthroughs: each file in tests/golden/ is regenerated from the arguments in its
header and must match line for line. After an intended rules change, regenerate them with
`make golden` and review the diff."""

from __future__ import annotations

import json
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


@pytest.mark.parametrize("game_id", ["rifts", "adventurers", "gamma_world", "rat_king"])
def test_a_replay_goes_to_any_step_forward_and_back(game_id: str) -> None:
    from explorer.engine import load_game
    from explorer.errors import ExplorerError

    # a seed whose random game lasts 150 steps (Rat-King's seed 5 game is won at step 105 since
    # the unflip action is paid with cards in play, ruling rk-51)
    seed = {"rat_king": 14}.get(game_id, 5)
    finished = playthrough.play(game_id, 2, seed, "random", max_steps=150)
    replay = playthrough.Replay(finished.to_json())
    assert len(replay) == finished.steps == 150
    # just before step n the game has taken n-1 steps; the same state as undoing to there
    for step in (120, 3, 151, 1, 60):
        game = replay.at(step)
        expected = load_game(finished.to_json())
        while expected.steps > step - 1:
            expected.undo()
        assert game.snapshot() == expected.snapshot(), step
    saved_steps = json.loads(finished.to_json())["steps"]
    assert [replay.taken(n) for n in (1, 150)] == [saved_steps[0]["text"],
                                                   saved_steps[149]["text"]]
    for bad in (0, 152, "3", True):
        with pytest.raises(ExplorerError, match="a step of this saved game is a number"):
            replay.at(bad)
    with pytest.raises(ExplorerError, match="from 1 to 150"):
        replay.taken(151)
