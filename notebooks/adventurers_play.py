# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Adventurers, step by step
#
# Each phase of a turn has a cell below. The cell of the phase the game is in is live:
# its choices are buttons, and before every roll or draw it shows the exact odds, the
# modifiers, a **Roll** button and a "what if" choice of outcome. The other cells show
# what happened there last. Seats can be played by a person or a bot; Undo and Redo go
# back and forth; a game can be saved and loaded.
#
# **How much you click** is yours to choose. **Pace: every roll** has you roll each roll and
# draw each card; **Pace: to my next choice** makes every roll and draw up to your next
# decision at once after each of your choices (**Roll on to my next choice** beside Roll does
# the same once), and "What happened since your last move" lists each result, phase by phase.
# The bots' turns play without clicks (tick **Step through bots' turns** to roll them yourself).
# **Play on to my next choice** never decides for you; changing a seat to a bot asks first.

# %%
from explorer.ui.stepper import Stepper

play = Stepper("adventurers", players=2, seed=7)
play

# %% [markdown]
# ## Setup
#
# Professions, 5 cards each, who goes first.

# %%
play.cell("setup")

# %% [markdown]
# ## The Draw Phase
#
# 2 cards, hand size 5.

# %%
play.cell("draw")

# %% [markdown]
# ## The Research Phases
#
# Before and after travelling: Research cards are played here.

# %%
play.cell("research")

# %% [markdown]
# ## The Travel Phase
#
# A Travel or Location card on the chain.

# %%
play.cell("travel")

# %% [markdown]
# ## The Encounter Phase
#
# The opponent to your right may play an Encounter; the Encounter and
# Escape rolls.

# %%
play.cell("encounter")
