"""Card abilities, one module per ship type, per upgrade slot, and for the damage deck and
conditions. Each module registers its cards with the engine's registry
(:mod:`tallon.engine.abilities`) when it is imported; importing this package imports them
all. ``is_implemented(kind, xws)`` says whether the engine plays a card's ability.
"""

from __future__ import annotations

import importlib
import pkgutil

from tallon.engine.abilities import is_implemented


def _load_all() -> None:
    for module in pkgutil.walk_packages(__path__, f"{__name__}."):
        importlib.import_module(module.name)


_load_all()

__all__ = ["is_implemented"]
