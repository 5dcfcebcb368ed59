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
# # Gamma World, step by step
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

play = Stepper("gamma_world", players=2, seed=7)
play

# %% [markdown]
# ## The Action Phase
#
# Spend Action Points to recruit, draw, play items and attack.

# %%
play.cell("action")

# %% [markdown]
# ## A battle
#
# Rounds of Force dice against Threat dice until one side falls or the followers retreat.

# %%
play.cell("battle")

# %% [markdown]
# ## The Healing Phase
#
# Damage counters removed.

# %%
play.cell("healing")
