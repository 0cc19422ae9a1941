"""Title upgrades of :mod:`tallon.cards.upgrades.title` (RR: DOCK): the Ghost, the Hound's
Tooth and the Phantom. The attack shuttle pilot (Zeb Orrelios) and its ship ability are
registered without abilities in a test registry of our own, so that the scene plays the
docking alone."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.rounds import SystemTurn
from tallon.scene import Scene, start_at

SHUTTLES = CardRegistry("shuttles for the titles' tests", base=CARDS)
SHUTTLES.register("pilot", "zeborrelios", description="(ability not under test)")
SHUTTLES.register("ship_ability", "Locked and Loaded", description="(not under test)")


def _docked(carrier_pilot, carrier_titles, docked_pilot, docked_titles=(), cards=CARDS):
    sc = Scene(cards=cards)
    carrier = sc.ship(carrier_pilot, at=(400, 300, 0), upgrades=list(carrier_titles))
    docked = sc.ship(docked_pilot, at=(700, 100, 0), upgrades=list(docked_titles))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    game.state.ships[carrier].docked = (docked,)
    game.state.ships[docked].body = None
    game.state.moved()
    return game, carrier, docked


class TestGhost:
    def test_docked_shuttles_deploy_only_from_the_rear_guides(self):
        """An attack shuttle docked in a VCX-100 with the Ghost deploys only from the rear
        guides."""
        game, _, shuttle = _docked("lothalrebel", ["ghost"], "zeborrelios", cards=SHUTTLES)
        start_at(game, SystemTurn(shuttle), phase="system")
        keys = [k for k in game.decision.option_keys() if k != "stay"]
        assert keys and all(k.startswith("rear:") for k in keys)

    def test_only_shuttles_can_dock(self):
        """A Z-95 beside a VCX-100 with the Ghost is offered no docking; without the title
        the shuttle is offered none either."""
        for pilot, titles in (("binayrepirate", ["ghost"]), ("zeborrelios", [])):
            sc = Scene(cards=SHUTTLES)
            sc.ship("lothalrebel", at=(400, 300, 0), upgrades=titles)
            ship = sc.ship(pilot, at=(460, 300, 0))  # touching: range 0
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            start_at(game, SystemTurn(ship), phase="system")
            assert game.decision is None or game.decision.kind != "dock_or_deploy"


class TestHoundsTooth:
    def test_a_z95_docks_and_deploys_from_either_guides(self):
        """A Z-95 docked in a YV-666 with the Hound's Tooth may deploy from the front or
        the rear guides."""
        game, _, pup = _docked("trandoshanslaver", ["houndstooth"], "binayrepirate")
        start_at(game, SystemTurn(pup), phase="system")
        keys = game.decision.option_keys()
        assert any(k.startswith("front:") for k in keys)
        assert any(k.startswith("rear:") for k in keys)

    def test_one_ship_at_most(self):
        """With a Z-95 docked already, a second Z-95 touching the carrier may not dock."""
        sc = Scene()
        carrier = sc.ship("trandoshanslaver", at=(400, 300, 0), upgrades=["houndstooth"])
        first = sc.ship("binayrepirate", at=(700, 100, 0))
        second = sc.ship("binayrepirate", at=(460, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[carrier].docked = (first,)
        game.state.ships[first].body = None
        game.state.moved()
        start_at(game, SystemTurn(second), phase="system")
        assert game.decision is None


class TestPhantom:
    def test_docks_at_range_1(self):
        """An attack shuttle with the Phantom 50 mm (range 1) from the Ghost may dock; the
        same shuttle without the Phantom may not."""
        for titles, offered in ((["phantom"], True), ([], False)):
            sc = Scene(cards=SHUTTLES)
            carrier = sc.ship("lothalrebel", at=(400, 300, 0), upgrades=["ghost"])
            shuttle = sc.ship("zeborrelios", at=(530, 300, 0), upgrades=titles)
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            start_at(game, SystemTurn(shuttle), phase="system")
            found = game.decision is not None and \
                f"dock:{carrier}" in game.decision.option_keys()
            assert found is offered
