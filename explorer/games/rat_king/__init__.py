"""Portable Adventures: Lair of the Rat-King, a 60-card game of adventuring groups."""

from explorer.games.rat_king.position import position

__all__ = ["position"]
