"""Gozanti-class Cruiser's ship ability Docking Clamps (a huge ship: its rules in
tests/rules/test_huge_ships.py; docking in tests/rules/test_dock.py). The Gozanti (Outer
Rim Garrison, a 195 mm base 80 wide) faces +y at (457, 300): its right side is at x 497,
its front edge at y 397.5. The docked ships are TIE/ln fighters (small bases)."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.docking import carrier_of
from tallon.engine.rounds import SystemTurn
from tallon.geometry import Pose
from tallon.scene import Scene, start_at
from tests.cards.helpers import values

GOZANTI = "outerrimgarrison"
#: The same cards, Docking Clamps played as a card without an ability.
WITHOUT = CardRegistry("without Docking Clamps", base=CARDS)
WITHOUT.register("ship_ability", "Docking Clamps", description="test: the ability taken away")


def _scene(docked: int, guest: str = "academypilot", guest_at=(567, 300, 0),
           cards: CardRegistry = CARDS):
    """The Gozanti (p1.1) with ``docked`` TIEs docked, one more ship of player 1
    (``guest``) at ``guest_at``, an X-wing far off; returns the game and the guest's id."""
    sc = Scene(seed=1, cards=cards)
    sc.ship(GOZANTI, at=(457, 300, 0))
    inside = [sc.ship("academypilot", at=(100 + 60 * k, 60, 0)) for k in range(docked)]
    guest_id = sc.ship(guest, at=guest_at)
    sc.ship("redsquadronveteran", player=2, at=(100, 800, 180))
    game = sc.game()
    game.state.ships["p1.1"].docked = tuple(inside)
    for ship_id in inside:
        game.state.ships[ship_id].body = None
    game.state.moved()
    return game, inside, guest_id


def _system_turn(game, ship_id):
    start_at(game, SystemTurn(ship_id), phase="system")
    return game.decision


class TestDockingClamps:
    def test_a_docked_tie_deploys_from_the_gozantis_side(self):
        """Situation: a TIE docked in the Gozanti, System Phase. Card: "You can dock up to 4
        small ships." Rule: RR: APPENDIX: HUGE SHIPS, RR: DOCKING WITH HUGE SHIPS - it may
        deploy from the front or rear guides, or with the template's centre line on the
        huge ship's centre line (its sides). Expected: deploys from all four offered; a
        [2 straight] from the right side ends with the TIE's centre 40 + 80 mm beyond its
        start (front edge on the side at x 497): at (597, 300), facing +x."""
        game, (tie, *_), _ = _scene(1, guest_at=(800, 60, 0))
        d = _system_turn(game, tie)
        assert d.kind == "dock_or_deploy"
        keys = values(game)
        assert {"front:2FB", "rear:2FB", "left:2FB", "right:2FB", "stay"} <= set(keys)
        game.answer("right:2FB")
        ship = game.state.ships[tie]
        assert ship.in_play and ship.pose == Pose(597, 300, 90)
        assert game.state.ships["p1.1"].docked == ()

    def test_a_small_ship_at_range_1_may_dock(self):
        """Situation: a TIE 50 mm off the Gozanti's right side (range 1), System Phase, with
        3 TIEs docked. Rule: DOCKING WITH HUGE SHIPS - standard ships may dock with a huge
        carrier at range 0-1. Expected: it may dock, and then is docked; without Docking
        Clamps nothing is asked."""
        game, _, tie = _scene(3)
        _system_turn(game, tie)
        assert values(game) == ["dock:p1.1", "stay"]
        game.answer("dock:p1.1")
        assert carrier_of(game, game.state.ships[tie]).id == "p1.1"
        assert len(game.state.ships["p1.1"].docked) == 4
        game, _, tie = _scene(3, cards=WITHOUT)
        assert _system_turn(game, tie) is None

    def test_no_fifth_ship_no_ship_at_range_2_and_no_larger_ship(self):
        """Situation: a TIE at range 1 with 4 TIEs docked already; a TIE 150 mm off (range
        2) with none docked; a Lambda shuttle (large) touching the Gozanti's side with none
        docked. Card: up to 4 small ships. Expected: no docking offered in any of them."""
        game, _, tie = _scene(4)
        assert _system_turn(game, tie) is None
        game, _, tie = _scene(0, guest_at=(667, 300, 0))
        assert _system_turn(game, tie) is None
        game, _, shuttle = _scene(0, guest="omicrongrouppilot", guest_at=(537, 300, 0))
        assert _system_turn(game, shuttle) is None

    def test_one_of_four_docked_ships_may_still_deploy(self):
        """Situation: 4 TIEs docked (the clamps full). Expected: each may still deploy (the
        capacity counts the others)."""
        game, inside, _ = _scene(4, guest_at=(800, 60, 0))
        _system_turn(game, inside[3])
        assert "front:2FB" in values(game)
