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
# # Card browser
#
# Every card and table of the five games. Pick a game and a deck, filter by type, ability or
# any text, sort by any stat, and pick a card to see its face. The chart follows the filter.
# Upload a folder's worth of `<table>.parquet` files to browse your own card set instead.

# %%
from explorer.ui.cards import CardBrowser

CardBrowser()
