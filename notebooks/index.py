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
# # Card Rules Explorer
#
# Learn, teach and analyse five tabletop card games: their cards, their rules step by step, and
# the exact odds of every roll and draw.
#
# **Start here:** new to a game? Open its rules page
# ([Rifts Adventures](teach_rifts.ipynb), [Adventurers](teach_adventurers.ipynb),
# [Gamma World](teach_gamma_world.ipynb), [Lair of the Rat-King](teach_rat_king.ipynb),
# [Riftforce](teach_riftforce.ipynb)): each rule in a few lines, and a live example to try
# beside it. Then play a game step by step against the
# bots, with the odds shown before every roll, draw and decision.
#
# ---
#
# ## Rifts Adventures
#
# [![A Rifts Adventures table: parties and their cards](img/rifts.jpg)](rifts_play.ipynb)
#
# Lead a party of Characters through the Rifts: equip and heal them, travel, meet Foes and fight
# them in five-segment combat rounds. The first to 10 Adventure Tokens wins.
#
# [Play step by step](rifts_play.ipynb) · [Learn the rules](teach_rifts.ipynb) ·
# [Odds of every roll](rifts_odds.ipynb)
#
# ## Adventurers
#
# [![An Adventurers table: professions, card chains](img/adventurers.jpg)](adventurers_play.ipynb)
#
# A 1930s pulp race for an ancient relic: travel from location to location, escaping the
# dangers met on the way with three dice. The first to visit 5 locations, the last of them
# Ancient, wins.
#
# [Play step by step](adventurers_play.ipynb) · [Learn the rules](teach_adventurers.ipynb) ·
# [Escape odds](adventurers_odds.ipynb)
#
# ## Gamma World
#
# [![A Gamma World table: followers and their cards](img/gamma_world.jpg)](gamma_world_play.ipynb)
#
# Gather followers in a mutated world, arm them with mutations, items and steeds, and capture
# locations by beating their Threat dice. The player holding the most locations wins.
#
# [Play step by step](gamma_world_play.ipynb) · [Learn the rules](teach_gamma_world.ipynb) ·
# [Capture odds](gamma_world_odds.ipynb)
#
# ## Portable Adventures: Lair of the Rat-King
#
# [![A Rat-King table: groups of characters and stuff](img/rat_king.jpg)](rat_king_play.ipynb)
#
# Build a group of adventurers from Character, Stuff and Event cards and battle the other
# groups in Adventures decided by dice; the first to 7 Adventure Points wins.
#
# [Play step by step](rat_king_play.ipynb) · [Learn the rules](teach_rat_king.ipynb)
#
# ## Riftforce
#
# [![A Riftforce table: the Rift and its elementals](img/riftforce.jpg)](riftforce_play.ipynb)
#
# Two players send elementals of four guilds each to the five locations between them, and use
# each guild's ability to destroy the other's. The first to 12 Riftforce ends the game; the
# most Riftforce wins.
#
# [Play step by step](riftforce_play.ipynb) · [Learn the rules](teach_riftforce.ipynb)
#
# ---
#
# ## Balance
#
# [Balance reports](balance.ipynb): what thousands of bot games say about each game, the
# win rate by seat and by starting Character, profession, guild, ME card or mutation, how long
# games last, each bot against the others, and a house rule on against off, every rate with
# its 95% interval; and, for the three dice games, the exact odds of every roll beside the
# frequencies rolled.
#
# ## Every card
#
# The [card browser](cards.ipynb) holds every card and table of the five games: search, filter,
# sort and chart them, and see each card's face.
