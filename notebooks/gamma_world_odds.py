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
# # Gamma World: the odds of capturing a location
#
# A heat map of the chance that one to six followers capture a location when they fight to
# the end, against a Threat of 1D6 to 5D6 or a fixed Threat. Pick the followers' Force and
# hits (armor and steeds folded in), or the basic follower (1 Force, 2 hits). The figures
# come from the battle's Markov chain, not from sampling, in floating point with a stated
# bound on the rounding (far below 1e-9). One solve gives every heat map of a Force, for each
# number of hits, and is kept; while a new Force is solved (well under a second) a
# "computing" notice stands in for the old map.

# %%
from explorer.ui.odds import GammaWorldOdds

GammaWorldOdds()
