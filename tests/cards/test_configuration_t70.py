"""Integrated S-foils (T-70 X-wing configuration, side 0 closed, side 1 open), in scenes
compared side against side."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.rounds import Activate
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import answer, rolled, values

FOILS = "integratedsfoils"


def side(game, ship: str) -> int:
    return next(s for kind, xws, s in game.state.ships[ship].cards if xws == FOILS)


class TestIntegratedSFoils:
    @staticmethod
    def dice_rolled(open_foils: bool, tie_x: float) -> int:
        """A T-70 attacks a TIE at range 2, straight ahead (in its bullseye arc) or off to
        the side (in its front arc only)."""
        sc = Scene()
        xwing = sc.ship("bluesquadronrookie", at=(400, 300, 0), upgrades=[FOILS])
        tie = sc.ship("academypilot", player=2, at=(tie_x, 500, 180))
        game = sc.game()
        if open_foils:
            flip_upgrade(game, game.state.ships[xwing], FOILS)
        start_at(game, Engage(xwing))
        load_dice(game, ["hit"] * 3, ["blank"] * 3)
        declare(game, xwing, tie)
        return len(rolled(game, xwing))

    def test_closed_outside_the_bullseye_rolls_one_fewer(self):
        """Closed, against a defender outside the bullseye arc: 2 dice instead of 3; open:
        3."""
        assert self.dice_rolled(open_foils=False, tie_x=520) == 2
        assert self.dice_rolled(open_foils=True, tie_x=520) == 3

    def test_closed_inside_the_bullseye_rolls_all(self):
        """Closed, against a defender in the bullseye arc: all 3 dice."""
        assert self.dice_rolled(open_foils=False, tie_x=400) == 3

    def test_closed_adds_barrel_roll_and_linked_barrel_roll(self):
        """Closed, the bar gains [barrel roll] and [focus] > red [barrel roll]: after a
        focus the ship may perform the linked red barrel roll. Open, no barrel roll."""
        sc = Scene()
        xwing = sc.ship("bluesquadronrookie", at=(400, 300, 0), upgrades=[FOILS])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(xwing, during_activation=True), phase="activation")
        assert "barrel_roll" in values(game)
        answer(game, "perform_action", "focus", xwing)
        assert game.decision.kind == "linked_action"
        assert "barrel_roll" in values(game)

        opened = Scene()
        xwing2 = opened.ship("bluesquadronrookie", at=(400, 300, 0), upgrades=[FOILS])
        opened.ship("academypilot", player=2, at=(400, 850, 180))
        game2 = opened.game()
        flip_upgrade(game2, game2.state.ships[xwing2], FOILS)
        start_at(game2, PerformAction(xwing2, during_activation=True), phase="activation")
        assert "barrel_roll" not in values(game2)

    def test_may_flip_before_activating(self):
        """Before activating the ship may flip the card (closed to open); declining leaves
        it closed."""
        for use, expected in (("use", 1), ("decline", 0)):
            sc = Scene()
            xwing = sc.ship("bluesquadronrookie", at=(400, 300, 0), upgrades=[FOILS])
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            game = sc.game()
            game.state.ships[xwing].dial_set = "2FB"
            start_at(game, Activate(xwing), phase="activation")
            answer(game, "use_ability", use, xwing)
            assert side(game, xwing) == expected
