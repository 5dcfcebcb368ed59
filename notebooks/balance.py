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
# # Balance reports
#
# What thousands of games between bots say about each game. Pick a game and a table: a
# shipped one (random bots, the heuristic bot against the random one in both seat orders,
# and a house rule) or a fresh batch you run
# here (games, players, each seat's bot, seed and house rule; at most 2,000 games a run). Then
# read the win rate by seat and the first seat's advantage, the win rate of each starting
# Character, profession, guild, ME card or recruited mutation, how long games last, each bot's
# win rate by seat, and a house rule on against off with the difference and its interval.
# Every rate carries its 95% Wilson interval; rates over fewer than 30 games are marked. For
# the three dice games, the exact odds of every kind of roll stand beside the frequencies the
# engine rolled, with a verdict that allows for the many comparisons.

# %%
from explorer.ui.balance import BalanceReport

BalanceReport()
