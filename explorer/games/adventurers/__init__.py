"""Adventurers (1930s pulp): professions, one common deck, travel/location chains."""

from explorer.games.adventurers.position import position

__all__ = ["position"]
