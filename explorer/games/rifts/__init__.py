"""Rifts Adventures (seed 000): a fan card game of Rifts adventuring parties."""

from explorer.games.rifts.position import position

__all__ = ["position"]
