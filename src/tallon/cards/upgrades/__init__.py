"""Upgrade cards, one module per upgrade slot."""
