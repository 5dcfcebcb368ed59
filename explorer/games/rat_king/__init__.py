"""Portable Adventures: Lair of the Rat-King, a 60-card game of adventuring groups."""
