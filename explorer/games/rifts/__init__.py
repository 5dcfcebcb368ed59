"""Rifts Adventures (seed 000): a fan card game of Rifts adventuring parties."""

from explorer.games.rifts.position import draw_table, position

__all__ = ["draw_table", "position"]
