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
# # Card Rules Explorer
#
# Learn, teach and analyse five tabletop card games: their cards, their rules step by step, and
# the exact odds of every roll and draw.
#
# ## Learn a game
#
# - [Rifts Adventures: the rules, with live examples](teach_rifts.ipynb)
# - [Adventurers: the rules, with live examples](teach_adventurers.ipynb)
# - [Gamma World: the rules, with live examples](teach_gamma_world.ipynb)
#
# ## Play step by step
#
# - [Rifts Adventures](rifts_play.ipynb): every phase a cell, the odds before every roll
# - [Adventurers](adventurers_play.ipynb)
# - [Gamma World](gamma_world_play.ipynb)
#
# ## Odds
#
# - [Rifts Adventures odds](rifts_odds.ipynb): a party's every roll, the tables, battles
# - [Adventurers escape odds](adventurers_odds.ipynb): every encounter against a profession
# - [Gamma World capture odds](gamma_world_odds.ipynb): followers against threat dice
#
# ## Cards
#
# - [Card browser](cards.ipynb): every card and table of the five games, filtered, sorted and
#   charted
#
# Lair of the Rat-King and Riftforce have their cards in the browser; their rules follow.
