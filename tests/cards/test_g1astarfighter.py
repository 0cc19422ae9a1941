"""G-1A starfighter pilots (4-LOM, Zuckuss) and the Mist Hunter title: each card in a scene
built for it, compared with the same scene without the card, and where it must not act.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
the G-1A has a medium (60 mm) base."""

from __future__ import annotations

from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import activation, answer, finish, rolled, skip_to


class Test4LOM:
    @staticmethod
    def maneuver(dial: str):
        sc = Scene()
        lom = sc.ship("4lom", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, lom, dial), lom

    def test_calculate_after_a_red_maneuver(self):
        """4-LOM fully executes a red [1 turn left]: he gains 1 calculate token (and the
        stress token of the red maneuver)."""
        game, lom = self.maneuver("1TR")
        ship = game.state.ships[lom]
        assert ship.count(Token.CALCULATE) == 1 and ship.count(Token.STRESS) == 1

    def test_nothing_after_a_white_maneuver(self):
        """A white [2 bank left]: no calculate token."""
        game, lom = self.maneuver("2BW")
        assert game.state.ships[lom].count(Token.CALCULATE) == 0

    @staticmethod
    def end_phase(tie_y: float):
        sc = Scene()
        lom = sc.ship("4lom", at=(400, 300, 0), stress=1)
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        return sc.at(FireWindow.of("start_end_phase"), phase="end"), lom, tie

    def test_stress_transferred_at_the_start_of_the_end_phase(self):
        """Stressed 4-LOM with a TIE at range 1: at the start of the End Phase he gives it
        his stress token."""
        game, lom, tie = self.end_phase(430)
        answer(game, "use_ability", tie, lom)
        assert not game.state.ships[lom].stressed
        assert game.state.ships[tie].count(Token.STRESS) == 1

    def test_not_beyond_range_1(self):
        """The TIE is at range 3: no ship to choose, he keeps the stress token."""
        game, lom, _tie = self.end_phase(650)
        assert game.decision is None
        assert game.state.ships[lom].count(Token.STRESS) == 1


class TestZuckuss:
    @staticmethod
    def attack(use: str, tie_y: float = 530):
        sc = Scene()
        zuckuss = sc.ship("zuckuss", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = sc.attack(zuckuss, tie, dice=["blank"] * 5, defense=["blank"] * 5)
        if use:
            skip_to(game, "use_ability", zuckuss)
            answer(game, "use_ability", use, zuckuss)
        finish(game)
        return len(rolled(game, zuckuss)), len(rolled(game, tie))

    def test_one_more_die_each(self):
        """Primary attack at range 2: Zuckuss rolls 4 dice instead of 3, the TIE 4 defense
        dice instead of 3."""
        assert self.attack("use") == (4, 4)
        assert self.attack("decline") == (3, 3)

    def test_not_at_range_0(self):
        """The TIE touches him (attack range 0): no die may be added, the ability is not
        offered."""
        assert self.attack("", tie_y=349)[0] == 3
