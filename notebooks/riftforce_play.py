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
# # Riftforce, step by step
#
# The Rift is drawn as the table: the five locations in a row, your elementals below them and
# the other player's above, each card with its damage, who controls each location and the
# Riftforce of both players. Each part of a turn has a cell below; the cell of the part the
# game is in is live.
#
# **Choose by clicking.** When it is your choice, the cards and places you may choose are
# outlined on the table: a summoner to pick a guild, a card in your hand (then a location, to
# play it), a card to discard, one of your elementals to activate, an enemy to hit, a location
# to move to. The same choices are also listed as buttons. The **best actions** panel lists the
# complete actions that gain the most this turn (exactly, from what you can see), each with a
# **Take it** button. Before every draw the exact odds are shown: beside **Check & Draw**, the
# chance of at least one card of each of your guilds; at each card drawn, the chance of each
# card.
#
# The other player's hand stays hidden; tick **Show every hand** to teach with both hands
# face up. Seats can be played by a person or a bot; Undo and Redo go back and forth; a game can
# be saved and loaded.
#
# **How much you click** is yours to choose. **Pace: every roll** has you draw each card
# yourself; **Pace: to my next choice** makes every draw up to your next decision at once
# after each of your choices (**Draw on to my next choice** beside Draw does the same once),
# and "What happened since your last move" lists each result, phase by phase. The bots' turns
# play without clicks (tick **Step through bots' turns** to draw for them yourself).
# **Play on to my next choice** never decides for you; changing a seat to a bot asks first.

# %%
from explorer.ui.stepper import Stepper

play = Stepper("riftforce", players=2, seed=7)
play

# %% [markdown]
# ## Guild selection
#
# The summoners are shuffled, one is set aside unseen and each player draws one at random; the
# other seven are laid face up. The start marker is tossed, and the players pick in turn until
# each has four guilds.

# %%
play.cell("selection")

# %% [markdown]
# ## Choose an action
#
# Exactly one action a turn: Play, Activate, or Check & Draw (only with fewer than 7 cards in
# hand).

# %%
play.cell("turn")

# %% [markdown]
# ## Play
#
# Up to 3 cards sharing a guild or a value: all at one location, or one each at locations next
# to each other. New cards go behind those already there.

# %%
play.cell("play")

# %% [markdown]
# ## Activate
#
# Discard a card, then activate up to 3 of your elementals sharing its guild or its value, each
# one's ability carried out in full before the next.

# %%
play.cell("activate")

# %% [markdown]
# ## Check & Draw
#
# 1 Riftforce for each location you control, then draw up to 7 cards (your discard pile is
# shuffled into a new draw pile when it runs out).

# %%
play.cell("check")
