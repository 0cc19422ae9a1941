"""Card abilities, registered by card id (architecture principle 6).

``is_implemented(kind, xws)`` tells the engine, ``tallon cards show`` and setup whether a
card's ability can be played. A card with an ability that isn't implemented is refused at
setup, never played silently without its ability.
"""

from __future__ import annotations

#: (kind, xws) of every card ability the engine implements; kinds are ``pilot``,
#: ``upgrade``, ``condition`` and ``ship_ability``.
IMPLEMENTED: set[tuple[str, str]] = set()


def is_implemented(kind: str, xws: str) -> bool:
    """Whether the engine implements the ability of this card."""
    return (kind, xws) in IMPLEMENTED
