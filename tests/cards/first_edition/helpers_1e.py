"""Scene-reading helpers the first-edition card tests share."""

from __future__ import annotations

from tallon.scene import Scene, declare
from tests.cards.helpers import engage, offers, pass_all

# With small bases, an enemy at these y facing a ship at y = 300 is at Range 1 / 2 / 3.
Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"


def duel(pilot: str, defender: str = ROOKIE, range_: int = 2, upgrades=(), **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180))
    return sc, a, d


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
