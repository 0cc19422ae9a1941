"""The card pool's registry: every card module registers its cards here
(``register(kind, xws, *abilities, description=...)``), and a game plays them when its
setup is given :data:`CARDS` (``GameSetup(..., cards=CARDS)``)."""

from __future__ import annotations

from tallon.engine.abilities import CardRegistry

#: The cards Tallon plays (filled as :mod:`tallon.cards` imports its modules).
CARDS = CardRegistry("Tallon card pool")
register = CARDS.register

__all__ = ["CARDS", "register"]
