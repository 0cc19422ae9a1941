"""Drawings of the table and of games."""
