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
# # Rifts Adventures, step by step
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

play = Stepper("rifts", players=2, seed=7)
play

# %% [markdown]
# ## Setup
#
# Characters, their Aid cards, starting locales, who goes first.

# %%
play.cell("setup")

# %% [markdown]
# ## The Decision Act
#
# Equip from the hand, use Scrying, Draw or Supply cards, then choose the
# turn's one phase.

# %%
play.cell("decision")

# %% [markdown]
# ## The Recuperate Phase
#
# Heal rolls for the wounded, Repair rolls for damaged Equipment.

# %%
play.cell("recuperate")

# %% [markdown]
# ## The Travel Phase
#
# The Survival roll (or a Hazard), the Encounter roll, the new Location.

# %%
play.cell("travel")

# %% [markdown]
# ## The Mission Phase
#
# The Mission Table and what it sends.

# %%
play.cell("mission")

# %% [markdown]
# ## The Supply Phase
#
# The Supply roll, the Bonus Supply Table, the cards drawn.

# %%
play.cell("supply")

# %% [markdown]
# ## Combat
#
# The five segments of each round, from the Escape roll to Morale.

# %%
play.cell("combat")

# %% [markdown]
# ## The End Act
#
# Hand size.

# %%
play.cell("end")
