"""Pilot cards and ship abilities, one module per ship type."""
