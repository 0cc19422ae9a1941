"""Scene-reading helpers the first-edition card tests share."""

from __future__ import annotations

from tallon.scene import declare
from tests.cards.helpers import engage, offers, pass_all


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def ever_offers(game, card: str) -> bool:
    seen = False
    while game.decision is not None:
        seen = seen or offers(game, card)
        pass_all(game, limit=1)
    return seen


def run_to(game, kind: str, limit: int = 60):
    """Pass until a decision of ``kind`` is pending; returns it (or None at the end)."""
    while game.decision is not None and limit:
        if game.decision.kind == kind:
            return game.decision
        pass_all(game, limit=1)
        limit -= 1
    return None


def attack_to_end(sc, a, d, dice, defense, rerolls=(), weapon=None):
    game = engage(sc, a, dice, defense, rerolls)
    declare(game, a, d, weapon)
    return game


def has_card(game, ship: str, card: str) -> bool:
    return any(c[1] == card for c in game.state.ships[ship].cards)
