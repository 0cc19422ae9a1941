"""Spending a lock removes one lock token. A ship normally holds at most one lock on an
object (RR: LOCK), but the first edition's "Redline" may maintain 2 target locks on the same
ship (pilot card, 1e): spending one for its effect leaves the other."""

from __future__ import annotations


def one_lock_fewer(locks: list[str], target: str) -> list[str]:
    """``locks`` (a ship's, as object ids) with one lock on ``target`` spent (a new list;
    unchanged when it holds none)."""
    if target not in locks:
        return locks
    found = list(locks)
    found.remove(target)
    return found
