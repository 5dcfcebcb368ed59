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
# # Adventurers: the odds of escaping
#
# The exact chance that the Escape roll beats every Encounter card, for the profession you
# pick (or none), without and with a played weapon card, and with or without the opponent
# attaching a weapon to a Person encounter. As a chart (encounters with the same odds share a
# bar, the best odds first) and as a table of every encounter with the exact fractions and the
# dice rolled.

# %%
from explorer.ui.odds import AdventurersOdds

AdventurersOdds()
