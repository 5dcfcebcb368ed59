"""Adventurers (1930s pulp): professions, one common deck, travel/location chains."""
