"""The five games, each a folder of its own (rules, data, position, scenario, redeal, search
hooks, knowledge and odds); their ids and titles are :mod:`explorer.catalog`'s."""

from explorer.catalog import GAMES, check_game, tables_module

__all__ = ["GAMES", "check_game", "tables_module"]
