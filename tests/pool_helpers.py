"""The card pool with some cards taken out, for tests of what happens to cards the engine
does not play (the refusal at setup, the warnings of `tallon squad check`): as the pool
nears completion, such tests take cards out instead of relying on some being missing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tallon.cards import CARDS


@contextmanager
def without_cards(*cards: tuple[str, str]) -> Iterator[None]:
    """The shared card pool without these ``(kind, xws)`` cards inside the block; they are
    registered again, with the same abilities, when it ends."""
    saved = [CARDS.specs[card] for card in cards]
    for kind, xws in cards:
        CARDS.unregister(kind, xws)
    try:
        yield
    finally:
        for spec in saved:
            CARDS.register(spec.kind, spec.xws, *spec.sides[0],
                           back=spec.sides[1] if len(spec.sides) > 1 else None,
                           description=spec.description, marker=spec.marker)
