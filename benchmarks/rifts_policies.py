"""How much a Rifts policy can gain: the heuristic bot against variants of itself.

    .venv/bin/python benchmarks/rifts_policies.py [--games 2000] [--workers 2] [--seed 77]
                                                  [--variant never-flee ...]

Each variant changes one rule of :class:`~explorer.games.rifts.bots.RiftsHeuristicBot` (when
to flee, how to pick the phase); ``--games`` seeded 2-player games are played against the stock
bot, the variant in seat 1 of the even games and seat 2 of the odd ones, in worker processes.
Prints the stock bot's win rate against each variant with its 95% Wilson interval: how far a
better rule of the turn could move the result, which bounds what the search bot can gain.
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool

from explorer.balance import wilson
from explorer.engine import new_game
from explorer.games.rifts.bots import RiftsHeuristicBot
from explorer.simulation import bot_seed, game_seed


class Variant(RiftsHeuristicBot):
    """The heuristic bot with one rule changed (:data:`VARIANTS`)."""

    rule = ""

    def _fight_or_flee(self, state, seat, actions):  # type: ignore[no-untyped-def]
        if self.rule == "never-flee":
            return next(a for a in actions if a.name == "fight")
        return super()._fight_or_flee(state, seat, actions)

    def _phase(self, state, seat, actions):  # type: ignore[no-untyped-def]
        offered = {a.args[0]: a for a in actions if a.name == "phase"}
        if self.rule == "mission-always" and "Mission" in offered:
            return offered["Mission"]
        chosen = super()._phase(state, seat, actions)
        if self.rule == "travel-less" and chosen.args[0] == "Travel" and \
                "Mission" in offered and self.rng.random() < 0.7:
            return offered["Mission"]
        if self.rule == "no-recuperate" and chosen.args[0] == "Recuperate" and \
                "Mission" in offered:
            return offered["Mission"]
        return chosen


VARIANTS = ("never-flee", "mission-always", "travel-less", "no-recuperate")


def play(task: tuple[str, int, int]) -> bool:
    """Game ``index`` of the variant ``rule``: whether the stock bot won it."""
    rule, root, index = task
    seed = game_seed(root, index)
    game = new_game("rifts", players=2, seed=seed)
    seat = index % 2  # the variant's seat
    bots = {}
    for number in range(2):
        bot = (Variant if number == seat else RiftsHeuristicBot)(bot_seed(seed, number))
        bot.rule = rule if number == seat else ""
        bots[number] = bot
    while not game.is_over:
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    return (1 - seat) in game.winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--variant", action="append", choices=VARIANTS)
    args = parser.parse_args()
    print("| variant | stock bot's wins | rate | 95% Wilson | seconds |")
    print("| --- | ---: | ---: | --- | ---: |")
    with Pool(args.workers) as pool:
        for rule in args.variant or VARIANTS:
            start = time.perf_counter()
            won = sum(pool.map(play, [(rule, args.seed, i) for i in range(args.games)],
                               chunksize=20))
            low, high = wilson(won, args.games)
            print(f"| {rule} | {won}/{args.games} | {won / args.games:.1%} | "
                  f"{low:.1%}-{high:.1%} | {time.perf_counter() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main()
