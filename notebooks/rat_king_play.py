# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lair of the Rat-King, step by step
#
# Each player's group is drawn as a row of card faces: every CHARACTER with its STUFF and
# EVENTS under it, a flipped card upside down, the group's CP and its AP towards the 7 that
# win. Each part of a turn has a cell below; the cell of the part the game is in is live, with
# the legal choices as buttons.
#
# In an ADVENTURE ROUND the odds are shown before the dice: beside each round action, each
# player's exact chance of winning the ADVENTURE after it (if everyone then passes), and at the
# dice, who wins over every ADVENTURE DIE and the flips a matching die causes. Your own hand is
# face up and the others hidden; tick **Show every hand** to teach with every hand face up.
# Seats can be played by a person or a bot; Undo and Redo go back and forth; a game can be
# saved and loaded.
#
# **How much you click** is yours to choose. **Pace: every roll** has you roll each roll and
# draw each card; **Pace: to my next choice** makes every roll and draw up to your next
# decision at once after each of your choices (**Roll on to my next choice** beside Roll does
# the same once), and "What happened since your last move" lists each result, phase by phase.
# The bots' turns play without clicks (tick **Step through bots' turns** to roll them yourself).
# **Play on to my next choice** never decides for you; changing a seat to a bot asks first.

# %%
from explorer.ui.stepper import Stepper

play = Stepper("rat_king", players=3, seed=7)
play

# %% [markdown]
# ## Setup
#
# A ME card at random for each player, 4 cards dealt to each, a dealer at random; the player to
# the dealer's left goes first.

# %%
play.cell("setup")

# %% [markdown]
# ## Your turn
#
# Draw until you hold 5 cards, then one action: play a CHARACTER into any group, play or
# replace a STUFF, play an EVENT, play an ADVENTURE, discard up to 3 of your cards in play to
# unflip as many of your other cards, or use a CHARACTER's turn option.

# %%
play.cell("turn")

# %% [markdown]
# ## The ADVENTURE ROUND
#
# From the player who played the ADVENTURE, each player with a participating CHARACTER plays an
# ENCOUNTER, a REINFORCEMENT, a STUFF on a reinforcement, rolls a STUFF DIE, or passes, until
# everyone passes in a row. Then every participating group rolls its ADVENTURE DIE: a roll that
# matches another group's CHARACTER die flips that CHARACTER. The highest CP plus die wins.

# %%
play.cell("adventure")
