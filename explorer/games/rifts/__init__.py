"""Rifts Adventures (seed 000): a fan card game of Rifts adventuring parties."""
