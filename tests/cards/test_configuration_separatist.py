"""Repulsorlift Stabilizers (HMP Droid Gunship configuration): each test sets a scene,
states the card's rule and shows the card changing the outcome (the same scene without it,
or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y."""

from __future__ import annotations

from tallon.cards.upgrades.configuration_separatist import ACTIVE, INACTIVE, STABILIZERS
from tallon.engine.effects import flip_upgrade
from tallon.engine.rounds import Activate, effective_code
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import logged


def side(ship) -> int:
    return next(s for kind, card, s in ship.cards if card == STABILIZERS)


def flying(dial: str, active: bool, upgrades=(STABILIZERS,), pilot="separatistpredator",
           **setup):
    """A gunship at its activation, its dial showing ``dial``, the card on its Active side
    if ``active``."""
    sc = Scene()
    gunship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **setup)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    ship = game.state.ships[gunship]
    if active:
        flip_upgrade(game, ship, STABILIZERS, ACTIVE)
    ship.dial_set = dial
    start_at(game, Activate(gunship), phase="activation")
    return game, ship


class TestRepulsorliftStabilizers:
    def test_starts_inactive_and_eases_straight_maneuvers(self):
        """Setup: the Inactive side is equipped faceup (no side is asked); the red [4
        straight] is then white, a turn unchanged; without the card it stays red."""
        sc = Scene()
        gunship = sc.ship("separatistpredator", at=(400, 300, 0), upgrades=[STABILIZERS])
        plain = sc.ship("separatistpredator", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert side(game.state.ships[gunship]) == INACTIVE
        assert effective_code(game, game.state.ships[gunship], "4FR") == "4FW"
        assert effective_code(game, game.state.ships[gunship], "3TW") == "3TW"
        assert effective_code(game, game.state.ships[plain], "4FR") == "4FR"

    def test_inactive_may_flip_after_a_full_maneuver(self):
        """Inactive, after fully executing a [2 straight]: may flip the card (Active)."""
        game, ship = flying("2FB", active=False)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert side(ship) == ACTIVE

    def test_active_turns_become_sideslips_then_it_flips(self):
        """Active, a [3 turn left] revealed: it is executed as a sideslip, then the card
        flips back to Inactive, and nothing offers to flip it again after that sideslip.
        Inactive, the same turn is executed as a turn."""
        game, ship = flying("3TW", active=True)
        assert logged(game, "move", "[3TW] as a sideslip")
        assert side(ship) == INACTIVE
        assert game.decision is None or game.decision.kind != "use_ability"
        game, ship = flying("3TW", active=False)
        assert not logged(game, "move", "as a sideslip")

    def test_active_may_flip_after_a_full_straight(self):
        """Active, a [2 straight] (no sideslip) fully executed: may flip the card back
        (Inactive); the straight is not a sideslip."""
        game, ship = flying("2FB", active=True)
        assert not logged(game, "move", "as a sideslip")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert side(ship) == INACTIVE


class TestOnderonOppressorSideslip:
    def test_stressed_after_a_sideslip_gains_a_calculate_token(self):
        """Onderon Oppressor, stressed, Repulsorlift Stabilizers Active: its white [3 turn]
        becomes a sideslip, after which it gains 1 calculate token; the same turn executed
        as a turn (Inactive) gives none."""
        game, ship = flying("3TW", active=True, pilot="onderonoppressor", stress=1)
        # both mandatory abilities of the window: its player orders them
        assert game.decision.kind == "order_abilities"
        game.answer(game.decision.options[0].key)
        assert ship.has(Token.CALCULATE) and side(ship) == INACTIVE
        game, ship = flying("3TW", active=False, pilot="onderonoppressor", stress=1)
        assert not ship.has(Token.CALCULATE)
