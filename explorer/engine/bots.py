"""Seat players: bots that choose among the legal actions, and a loop that plays a game out."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from tqdm.auto import tqdm

from explorer.engine.core import Action, Game, randbelow


class Bot:
    """A seat player: ``choose(game)`` returns one of ``game.legal_actions()``."""

    name = "bot"
    work = 0
    """The work this bot has done thinking so far, in steps' worth (a search's replayed
    positions: each costs about as much as a step): what a budget that counts work, not
    seconds, adds to the steps played (:func:`explorer.coach.advise`). 0 for a bot whose
    thinking costs less than the step it chooses."""

    def choose(self, game: Game) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        return actions[randbelow(self.rng, len(actions))]  # rng.randrange(len(actions))


BOT_KINDS = ("random", "heuristic", "search", "coach")
"""The kinds of bot a seat may have. Each is made by the module that defines it, which
registers its maker here (:func:`register_bot`): this module the random and heuristic bots,
:mod:`explorer.engine.search` the search bot, :mod:`explorer.coach` the coach."""

BotMaker = Callable[[Game, "int | None"], Bot]
"""What :func:`register_bot` takes: ``maker(game, seed)`` returns a bot for the game's seats."""
_MAKERS: dict[str, BotMaker] = {}


def register_bot(kind: str, maker: BotMaker) -> None:
    """Let :func:`make_bot` make bots of ``kind`` with ``maker(game, seed)``."""
    _MAKERS[kind] = maker


def make_bot(game: Game, kind: str, seed: int | None = None) -> Bot:
    """A bot of ``kind`` ("random", "heuristic", "search": :mod:`explorer.engine.search`, or
    "coach": :class:`explorer.coach.CoachBot`, once :mod:`explorer.coach` is imported) for
    ``game``'s seats."""
    maker = _MAKERS.get(kind)
    if maker is None:
        from explorer.errors import UnknownNameError

        raise UnknownNameError("bot kind", kind, list(_MAKERS) or BOT_KINDS)
    return maker(game, seed)


register_bot("random", lambda game, seed: RandomBot(seed))
register_bot("heuristic", lambda game, seed: game.rules.heuristic_bot(seed))


def play(game: Game, bots: Mapping[int, Bot] | Callable[[int], Bot],
         max_steps: int | None = None, progress: bool = False,
         until: Callable[[Game], bool] | None = None) -> int:
    """Step ``game`` with bots in the seats (chance steps sampled) until it ends.

    ``bots`` maps seats to bots (or makes one per seat). Stops early after ``max_steps`` steps
    or when ``until(game)`` is true, or at a seat with no bot. Returns the steps taken; shows a
    tqdm progress bar (notebook or terminal) when ``progress`` is true.
    """
    seats = bots if isinstance(bots, Mapping) else {s: bots(s) for s in range(game.players)}
    taken = 0
    bar = tqdm(total=max_steps, disable=not progress, desc=f"{game.game_id} steps", unit="step")
    try:
        while not game.is_over and (max_steps is None or taken < max_steps):
            if until is not None and until(game):
                break
            if game.is_chance:
                game.step()
            else:
                bot = seats.get(game.current_player)
                if bot is None:
                    break
                game.step(bot.choose(game))
            taken += 1
            bar.update()
    finally:
        bar.close()
    return taken
