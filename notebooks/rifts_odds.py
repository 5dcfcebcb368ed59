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
# # Rifts Adventures: the odds
#
# Build a party (up to eight Characters, each with the Aid cards attached to it), pick a
# Location and the situation, and see the exact chance of every roll: Survival, Escape, Supply,
# Heal, Encounter and Morale, as a percent and as the exact fraction, with every modifier and
# its reason, and what success and failure do. The Mission and Hit Result tables are charted
# as the chance of each row; the Hazard Table as what a failed Survival roll does to the party.
# Pick a Foe and simulate a battle through the game engine: victory, escape and Wiped Out are
# Monte Carlo estimates, shown with their 95% intervals, with the wounds the party takes.

# %%
from explorer.ui.odds import RiftsOdds

RiftsOdds()
