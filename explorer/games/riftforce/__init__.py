"""Riftforce (seed 003 and reference/riftforce.md): two players, four guilds each, fighting over
five locations along the Rift."""

from explorer.games.riftforce.common import pile_owner
from explorer.games.riftforce.position import position

__all__ = ["pile_owner", "position"]
