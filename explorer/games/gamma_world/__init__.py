"""Gamma World (fan card game): one shared deck of items, events, mutations, foes and ruins."""
