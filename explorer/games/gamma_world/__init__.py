"""Gamma World (fan card game): one shared deck of items, events, mutations, foes and ruins."""

from explorer.games.gamma_world.position import position

__all__ = ["position"]
