"""The first edition's FAQ rulings on the rules (faq-1e.txt: General, Actions and Game
Effects, Combat, Movement, Range Measurement) that concern what Tallon plays, one test
each, named after the ruling. Card rulings live with their cards (tests/cards/first_edition)
and the missions' with the missions.

Ships: the core set's X-wing (Rookie Pilot: attack 3, agility 2, hull 3, shields 2) and TIE
fighter (Academy Pilot: attack 2, agility 3, hull 3), and the YT-1300 (Outer Rim
Smuggler: a turret primary weapon, large).
"""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.effects import suffer_damage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.engine.steps import Step
from tallon.engine.weapons import valid_targets
from tallon.scene import Scene, start_at
from tests.rules.attack_helpers import HERE, R2

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
YT1300 = "1e-yt1300-outerrimsmuggler"


class _Damage(Step):
    """A test step: the ship suffers ``hits`` damage at once."""

    def __init__(self, ship: str, hits: int) -> None:
        self.ship, self.hits = ship, hits

    def run(self, game):  # type: ignore[no-untyped-def]
        suffer_damage(game, game.state.ships[self.ship], hits=self.hits, cause="a test")
        return None


def test_faq_a_ship_cannot_attack_a_friendly_ship():
    """A Rookie Pilot with a friendly X-wing and an enemy TIE both at range 2 in its arc.
    FAQ (1e), Combat: "Can a ship choose to attack a friendly ship? No." Expected: only the
    enemy is a target."""
    sc = Scene(ruleset="1e")
    sc.ship(ROOKIE, 1, at=HERE)
    sc.ship(ROOKIE, 1, at=(330, 500, 180))
    sc.ship(ACADEMY, 2, at=(470, 500, 180))
    game = sc.game()
    start_at(game, Engage("p1.1"))
    assert {t.defender for t in valid_targets(game, game.state.ships["p1.1"])} == {"p2.1"}


def test_faq_a_turret_weapon_measures_closest_point_to_closest_point():
    """A YT-1300 (turret primary weapon) with a TIE straight behind it at range 1. FAQ
    (1e), Range Measurement: a weapon that can target ships outside the firing arc measures
    range from the closest point to the closest point. Expected: the TIE is a target at
    range 1, and an X-wing (front arc only) in the same place could not target it."""
    sc = Scene(ruleset="1e")
    sc.ship(YT1300, 1, at=(400, 400, 0))
    sc.ship(ACADEMY, 2, at=(400, 280, 0))  # behind the large base, 40 mm from its rear
    game = sc.game()
    start_at(game, Engage("p1.1"))
    assert [(t.defender, t.range) for t in valid_targets(game, game.state.ships["p1.1"])] \
        == [("p2.1", 1)]
    other = Scene(ruleset="1e")
    other.ship(ROOKIE, 1, at=(400, 400, 0))
    other.ship(ACADEMY, 2, at=(400, 300, 0))
    xwing = other.game()
    start_at(xwing, Engage("p1.1"))
    assert valid_targets(xwing, xwing.state.ships["p1.1"]) == []


def test_faq_excess_damage_cards_are_still_dealt():
    """An Academy Pilot (hull 3, no shields) suffers 5 damage. FAQ (1e), Combat: "If a ship
    suffers more damage ... than is needed to destroy it, are the excess Damage cards still
    assigned? Yes." Expected: five damage cards are dealt and the ship is destroyed."""
    sc = Scene(ruleset="1e")
    sc.ship(ROOKIE, 1, at=HERE)
    sc.ship(ACADEMY, 2, at=R2)
    game = sc.game()
    start_at(game, _Damage("p2.1", 5))
    tie = game.state.ships["p2.1"]
    assert len(tie.damage) == 5
    assert tie.destroyed


def test_faq_a_green_maneuver_that_bumps_still_removes_stress():
    """A stressed X-wing executes a green [2 straight] into a TIE parked in its path.
    FAQ (1e), Movement: "If a ship executes a green maneuver and overlaps a ship ..., is
    one stress token still removed from it? Yes." Expected: the X-wing bumps (it stops
    short) and its stress token is gone."""
    sc = Scene(ruleset="1e")
    sc.ship(ROOKIE, 1, at=(400, 200, 0), tokens={"stress": 1})
    sc.ship(ACADEMY, 2, at=(400, 330, 180))
    game = sc.game()
    game.state.ships["p1.1"].dial_set = "2FB"
    start_at(game, Activate("p1.1"), phase="activation")
    xwing = game.state.ships["p1.1"]
    assert "p2.1" in xwing.contacts
    assert not xwing.has(Token.STRESS)


def test_faq_a_bumped_ship_performs_no_action_but_the_bump_does_nothing_else():
    """An unstressed X-wing bumps into an enemy TIE. Rulebook (1e), Plastic Bases
    Overlapping: the ship skips its Perform Action step; the 2.5 bump effects (a focus
    action after an enemy bump, a die after a friendly one) do not exist. Expected: no
    action decision for the X-wing and no die rolled for the bump."""
    sc = Scene(ruleset="1e")
    sc.ship(ROOKIE, 1, at=(400, 200, 0))
    sc.ship(ACADEMY, 2, at=(400, 330, 180))
    game = sc.game()
    game.state.ships["p1.1"].dial_set = "2FB"
    start_at(game, Activate("p1.1"), phase="activation")
    d = game.decision
    assert d is None or d.ship != "p1.1" or d.kind != "perform_action"
    assert not [e for e in game.log if e["kind"] == "bump" and "rolls" in e["text"]]
