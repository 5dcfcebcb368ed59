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
# # Card browser
#
# Every card and table of the five games. Pick a game and a deck, filter by type, ability or
# any text on the card, sort by any stat, and click a card's row (or move with the arrow keys)
# to see its face. A search also looks in the game's other decks and says which of them hold
# matches, with a button to go there. The chart follows the filter. Upload `<table>.parquet`
# files to browse your own cards: each file replaces the shipped table of its name, the other
# tables stay shipped.

# %%
from explorer.ui.cards import CardBrowser

CardBrowser()
