"""Golden playthroughs: a readable record of a seeded game, step by step.

Each step gives where the turn is, who acts, the legal actions or the chance outcomes with
their exact probabilities, and what was taken. The test suite regenerates the files in
``tests/golden/`` and compares them line by line, so any change in the rules shows as a diff;
the teaching pages replay them as lessons.

    python -m explorer.engine.playthrough rifts --players 2 --seed 37 > tests/golden/x.txt
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from explorer.engine.bots import make_bot
from explorer.engine.core import Chance, Decision, Game, load_game, new_game
from explorer.errors import ExplorerError, command_status

ENGINE_BOTS = ("random", "heuristic", "search")
"""The bots a golden playthrough may be played by: the engine's own."""

HEADER = "# Card Rules Explorer playthrough"
"""The first line of every golden playthrough file."""


def _outcomes(pending: Chance) -> str:
    pairs = pending.probabilities()
    if len({p for _, p in pairs}) == 1:
        return f"each {pairs[0][1]}: " + ", ".join(str(o) for o, _ in pairs)
    return ", ".join(f"{o} {p}" for o, p in pairs)


def arguments(game_id: str, players: int, seed: int, bots: str,
              max_steps: int | None) -> list[str]:
    """The command-line arguments that regenerate a playthrough."""
    args = [game_id, "--players", str(players), "--seed", str(seed), "--bots", bots]
    return args + (["--max-steps", str(max_steps)] if max_steps is not None else [])


def describe(game: Game, step: int) -> list[str]:
    """The lines of one pending step: where, who, and its legal actions or exact outcomes."""
    pending = game.pending
    if isinstance(pending, Chance):
        return [f"{step} [{game.phase}] chance: {pending.label}",
                f"  outcomes: {_outcomes(pending)}"]
    assert isinstance(pending, Decision)
    return [f"{step} [{game.phase}] player {pending.player + 1}: {pending.prompt}",
            "  legal: " + " | ".join(str(a) for a in pending.actions)]


def _ending(game: Game, step: int) -> str:
    if game.is_over:
        return (f"# over after {step} steps: winners {[w + 1 for w in game.winners]}, "
                f"scores {game.scores}")
    return f"# stopped after {step} steps: scores {game.scores}"


def play(game_id: str, players: int, seed: int, bots: str = "random",
         max_steps: int | None = None) -> Game:
    """Play a seeded game with bots (seat ``s`` seeded ``seed * 10 + s``) and return it."""
    game: Game = new_game(game_id, players=players, seed=seed)
    seats = {s: make_bot(game, bots, seed * 10 + s) for s in range(players)}
    while not game.is_over and (max_steps is None or game.steps < max_steps):
        if game.is_chance:
            game.step()
        else:
            game.step(seats[game.current_player].choose(game))
    return game


def record(game_id: str, players: int, seed: int, bots: str = "random",
           max_steps: int | None = None) -> Iterator[str]:
    """Play a seeded game with bots (seat ``s`` seeded ``seed * 10 + s``); yield its record."""
    game: Game = new_game(game_id, players=players, seed=seed)
    seats = {s: make_bot(game, bots, seed * 10 + s) for s in range(players)}
    yield HEADER
    yield (f"# game {game_id}, {players} players, seed {seed}, {bots} bots seeded "
           f"{seed * 10}..{seed * 10 + players - 1}")
    yield "# args: " + " ".join(arguments(game_id, players, seed, bots, max_steps))
    step = 0
    while not game.is_over and (max_steps is None or step < max_steps):
        step += 1
        yield from describe(game, step)
        if game.is_chance:
            game.step()
            taken = game._inputs[-1][3]  # the recorded step's text
        else:
            action = seats[game.current_player].choose(game)
            game.step(action)
            taken = str(action)
        yield f"  -> {taken}"
    yield _ending(game, step)


def replay(saved: str) -> Iterator[str]:
    """The record of a saved game (``Game.to_json`` text), step by step: a lesson pinned to
    the choices and rolls that were made, whatever bots do today. A save the rules no longer
    replay raises SavedGameError naming the step."""
    finished = load_game(saved)  # validates every step first
    game = new_game(finished.game_id, finished.players, finished.seed, finished.scenario,
                    **finished.options)
    yield HEADER
    yield (f"# game {finished.game_id}, {finished.players} players, seed {finished.seed}, "
           f"a saved game of {finished.steps} steps")
    for step, taken in enumerate(finished._inputs, start=1):
        yield from describe(game, step)
        game._take(taken, clear_redo=False)
        yield f"  -> {taken[3]}"  # the recorded step's text
    yield _ending(game, finished.steps)


class Replay:
    """A saved game (``Game.to_json`` text) replayed to any of its steps, forward or back.

    ``at(n)`` is the game just before its step ``n`` (1 to ``len``; ``len + 1``: after the
    last); ``taken(n)`` what was chosen or rolled at step ``n``. Moving forward takes the saved
    steps; moving back starts again from the first (a few thousand steps take milliseconds).
    A save the rules no longer replay raises SavedGameError when it is loaded.
    """

    def __init__(self, saved: str) -> None:
        self.finished = load_game(saved)  # validates every step first
        self._inputs = list(self.finished._inputs)
        self._game = self._fresh()

    def _fresh(self) -> Game:
        f = self.finished
        return new_game(f.game_id, f.players, f.seed, f.scenario, **f.options)

    def __len__(self) -> int:
        return len(self._inputs)

    def _check(self, step: int, last: int) -> None:
        if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= last:
            raise ExplorerError(f"a step of this saved game is a number from 1 to {last}; "
                                f"found {step!r}")

    def at(self, step: int) -> Game:
        """The game just before step ``step`` (the same object each time: do not change it)."""
        self._check(step, len(self) + 1)
        if self._game.steps > step - 1:
            self._game = self._fresh()
        while self._game.steps < step - 1:
            self._game._take(self._inputs[self._game.steps], clear_redo=False)
        return self._game

    def taken(self, step: int) -> str:
        """What was chosen, drawn or rolled at step ``step``."""
        self._check(step, len(self))
        return self._inputs[step - 1][3]  # the recorded step's text


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print a playthrough; exit status 2 for bad arguments."""
    parser = argparse.ArgumentParser(prog="python -m explorer.engine.playthrough",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", choices=ENGINE_BOTS, default="random")
    parser.add_argument("--max-steps", type=int, default=None)
    parser.add_argument("--save", metavar="FILE", help="write the game (to_json) to FILE "
                        "instead of printing its record: a lesson to replay")
    args = parser.parse_args(argv)
    if args.players < 1 or args.seed < 0 or (args.max_steps is not None and args.max_steps < 1):
        parser.error("--players and --max-steps must be positive, --seed not negative")

    def work() -> None:
        if args.save:
            game = play(args.game, args.players, args.seed, args.bots, args.max_steps)
            Path(args.save).write_text(game.to_json(), encoding="utf-8")
            print(f"wrote {args.save}: {game.steps} steps")
            return
        for line in record(args.game, args.players, args.seed, args.bots, args.max_steps):
            print(line)

    return command_status(work)


if __name__ == "__main__":
    sys.exit(main())
