"""Tallon: a rules-exact engine for Star Wars: X-Wing."""

__version__ = "0.1.0"
