"""The card pool: card abilities, one module per ship type, per upgrade slot, and for the
damage deck, conditions and remotes. Each module registers its cards in :data:`CARDS`
(:mod:`tallon.cards.registry`) when imported; importing this package imports them all.

A game plays the cards of the registry in its setup: ``GameSetup(squads, cards=CARDS)``;
``CARDS.implements(kind, xws)`` says whether a card's ability is played.
"""

from __future__ import annotations

import importlib
import pkgutil

from tallon.cards.registry import CARDS


def _load_all() -> None:
    for module in pkgutil.walk_packages(__path__, f"{__name__}."):
        importlib.import_module(module.name)


_load_all()

__all__ = ["CARDS"]
