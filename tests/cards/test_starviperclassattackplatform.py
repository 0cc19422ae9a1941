"""StarViper-class Attack Platform pilots and the Microthrusters ship ability: each card
in a scene built for it, compared with the same scene without the card
or outside its conditions.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the StarViper has a small base (40 mm)."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import Activate, StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, finish, logged, pass_all, pass_until, values


# ----------------------------------------------------------------- Microthrusters
class TestMicrothrusters:
    @pytest.mark.parametrize("pilot", ["blacksunassassin", "blacksunenforcer"])
    def test_barrel_rolls_use_a_bank_template(self, pilot):
        """A generic StarViper (Microthrusters): its barrel roll must use the [1 bank]
        template instead of [1 straight]: only bank options are offered, and rolling right
        curving forward it ends turned 45 degrees, ahead of where it started."""
        sc = Scene()
        viper = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(viper, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        assert set(values(game)) == {"left:bank_forward", "left:bank_backward",
                                     "right:bank_forward", "right:bank_backward"}
        game.answer("right:bank_forward")
        game.answer("middle")
        pose = game.state.ships[viper].pose
        assert pose.heading == pytest.approx(315.0) and pose.x > 400 and pose.y > 300

    def test_another_small_ship_rolls_straight(self):
        """A Z-95 (no Microthrusters) rolls with the [1 straight] template: left or right,
        keeping its heading."""
        sc = Scene()
        z95 = sc.ship("binayrepirate", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(z95, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        assert set(values(game)) == {"left", "right"}


# ------------------------------------------------------------------ Dalan Oberos
def _dalan_moves(bump: bool):
    sc = Scene()
    dalan = sc.ship("dalanoberos-starviperclassattackplatform", at=(400, 300, 0),
                    dial_set="2FB")
    sc.ship("academypilot", player=2, at=(400, 390, 180) if bump else (100, 850, 180))
    game = sc.game()
    start_at(game, Activate(dalan), phase="activation")
    return game, dalan


class TestDalanOberos:
    def test_gains_a_stress_token_to_rotate_90_degrees(self):
        """Dalan fully executes a 2 straight: he may gain 1 stress token to rotate 90
        degrees; rotating right he faces heading 90 and is stressed."""
        game, dalan = _dalan_moves(bump=False)
        pass_until(game, "use_ability", dalan)
        assert set(values(game)) == {"left", "right", "decline"}
        game.answer("right")
        ship = game.state.ships[dalan]
        assert round(ship.pose.heading) % 360 == 90 and ship.count(Token.STRESS) == 1

    def test_declined_he_keeps_his_heading(self):
        """Declining: no stress, heading 0."""
        game, dalan = _dalan_moves(bump=False)
        pass_until(game, "use_ability", dalan)
        game.answer("decline")
        ship = game.state.ships[dalan]
        assert round(ship.pose.heading) % 360 == 0 and not ship.has(Token.STRESS)

    def test_not_after_a_partial_maneuver(self):
        """He bumps a ship (a partial maneuver): he is not asked, and does not turn."""
        game, dalan = _dalan_moves(bump=True)
        assert "use_ability" not in pass_all(game)
        ship = game.state.ships[dalan]
        assert round(ship.pose.heading) % 360 == 0 and not ship.has(Token.STRESS)


# -------------------------------------------------------------------------- Guri
class TestGuri:
    def game(self, enemy_y: float):
        sc = Scene()
        guri = sc.ship("guri", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        return sc.at(StartEngagement()), guri

    def test_focus_with_an_enemy_at_range_1(self):
        """An enemy ship at range 1 at the start of the Engagement Phase: Guri may gain 1
        focus token."""
        game, guri = self.game(400)
        answer(game, "use_ability", "use", guri)
        assert game.state.ships[guri].count(Token.FOCUS) == 1

    def test_not_with_the_enemy_at_range_2(self):
        """The enemy at range 2: she is not asked and gains nothing."""
        game, guri = self.game(500)
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[guri].has(Token.FOCUS)


# ------------------------------------------------------------------ Prince Xizor
class TestPrinceXizor:
    def game(self, friend_at):
        sc = Scene()
        xizor = sc.ship("princexizor", at=(400, 300, 0), shields=0)
        friend = sc.ship("blacksunenforcer", at=friend_at, shields=0)
        tie = sc.ship("academypilot", player=2, at=(530, 480, 180))
        game = sc.attack(tie, xizor, dice=["hit", "hit"], defense=["blank"] * 3)
        return game, xizor, friend

    def test_a_friend_in_the_attack_arc_takes_a_hit(self):
        """Two hits land on Xizor; a friend at range 1 of him and in the attacker's front
        arc may suffer 1 hit damage to cancel 1 hit: each is dealt 1 damage card."""
        game, xizor, friend = self.game((480, 330, 0))
        pass_until(game, "use_ability", xizor)
        assert set(values(game)) == {f"{friend}:hit", "decline"}
        game.answer(f"{friend}:hit")
        finish(game)
        assert len(game.state.ships[xizor].damage) == 1
        assert len(game.state.ships[friend].damage) == 1
        assert logged(game, "neutralize", "Prince Xizor cancels 1 hit")

    def test_not_a_friend_outside_the_attack_arc(self):
        """The friend at range 1 of Xizor but on his other side, outside the attacker's
        front arc: Xizor takes both hits."""
        game, xizor, friend = self.game((320, 320, 0))
        assert "use_ability" not in pass_all(game)
        assert len(game.state.ships[xizor].damage) == 2
        assert not game.state.ships[friend].damage
