"""Dice rolled by the engine outside attacks, through the shared dice module."""

from __future__ import annotations

import random

from tallon.dice import DieKind, Face, roll_face


def roll_attack_faces(count: int, rng: random.Random) -> list[Face]:
    """Roll ``count`` attack dice with the game's generator (these rolls can't be modified:
    player order, bumps, obstacles)."""
    return [roll_face(DieKind.ATTACK, rng) for _ in range(count)]


def roll_one(rng: random.Random) -> Face:
    return roll_face(DieKind.ATTACK, rng)
