"""Riftforce: two players, four guilds each, fighting over five locations along the Rift."""
