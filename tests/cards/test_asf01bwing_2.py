"""A/SF-01 B-wing, Battle over Endor printings: the ship ability Gyro-Cockpit (an evade token
for 2 charges after gaining stress; a device dropped from a side hashmark for 1 charge)
and the three pilots, each compared with the same scene without the card or outside its
conditions.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
the B-wing has a small base (40 mm: its side hashmarks 20 mm from its centre), and a
[1 straight] template is 40 mm long."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.devices import device_templates
from tallon.engine.rounds import StartEngagement, SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import activation, answer, finish, logged, skip_dice, skip_to, values

ENDOR = ("adonfox-battleoverendor", "braylenstramm-battleoverendor",
         "ginamoonsong-battleoverendor")


def system_drop(pilot: str, at: tuple[float, float, float] = (400, 300, 0),
                charges: int | None = None):
    """The B-wing (with Proton Bombs) at its System Phase turn: Proton Bombs asks how to
    drop its bomb."""
    sc = Scene()
    extra = {"charges": {pilot: charges}} if charges is not None else {}
    me = sc.ship(pilot, at=at, upgrades=["protonbombs"], **extra)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(SystemTurn(me), phase="system"), me


# ------------------------------------------------------------------ Gyro-Cockpit
class TestGyroCockpit:
    @pytest.mark.parametrize("pilot", ENDOR)
    def test_drops_from_the_right_hashmark(self, pilot):
        """Dropping a proton bomb, an Endor B-wing may set the [1 straight] template at its
        right side hashmark for 1 of its 2 charges: the bomb's guides land 60 mm to the
        right of its centre (20 mm to the base's side, then the 40 mm template), level
        with it, instead of 60 mm behind it."""
        game, me = system_drop(pilot)
        assert {"1F", "left:1F", "right:1F"} <= set(values(game))
        game.answer("right:1F")
        bomb = game.state.devices[0]
        assert bomb.pose.x == pytest.approx(460.0) and bomb.pose.y == pytest.approx(300.0)
        ship = game.state.ships[me]
        assert ship.charges[pilot].active == 1
        assert ship.charges["protonbombs"].active == 1

    def test_rear_drop_costs_nothing_and_left_is_to_the_left(self):
        """The same drop from the rear guides lands 60 mm behind and keeps both Gyro
        charges; from the left hashmark it lands 60 mm to the left."""
        game, me = system_drop("adonfox-battleoverendor")
        game.answer("1F")
        bomb = game.state.devices[0]
        assert bomb.pose.x == pytest.approx(400.0) and bomb.pose.y == pytest.approx(240.0)
        assert game.state.ships[me].charges["adonfox-battleoverendor"].active == 2
        game, me = system_drop("adonfox-battleoverendor")
        game.answer("left:1F")
        assert game.state.devices[0].pose.x == pytest.approx(340.0)

    def test_not_without_a_charge_or_on_another_b_wing(self):
        """With no charge left, or on a Blue Squadron Pilot (no Gyro-Cockpit), only the
        rear drop is offered."""
        game, _ = system_drop("adonfox-battleoverendor", charges=0)
        assert "left:1F" not in values(game) and "1F" in values(game)
        game, _ = system_drop("bluesquadronpilot")
        assert [k for k in values(game) if k != "decline"] == ["1F"]

    def test_not_a_side_whose_device_would_leave_the_play_area(self):
        """Near the left edge (centre at x = 30) the bomb set from the left hashmark would
        stick out of the play area: only the right side is offered (RR: DEVICE)."""
        game, _ = system_drop("adonfox-battleoverendor", at=(30, 300, 0))
        keys = values(game)
        assert "right:1F" in keys and "left:1F" not in keys

    def test_only_drops_not_launches(self):
        """Gyro-Cockpit sets only the template of a drop: a device launched from the front
        guides gets no side placement, a dropped one gets both."""
        game, me = system_drop("adonfox-battleoverendor")
        ship = game.state.ships[me]
        assert device_templates(game, ship, "protonbombs", ("1F",), True) == [("1F", True)]
        assert device_templates(game, ship, "protonbombs", ("1F",), False) == [
            ("1F", False), ("left:1F", False), ("right:1F", False)]

    def test_evade_after_stress(self):
        """Adon Fox executes a red [1 turn left] and gains a stress token: he may spend
        his 2 charges to gain an evade token."""
        sc = Scene()
        me = sc.ship("adonfox-battleoverendor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, me, "1TR")
        skip_to(game, "use_ability", me)
        game.answer("use")
        ship = game.state.ships[me]
        assert ship.has(Token.EVADE) and ship.stressed
        assert ship.charges["adonfox-battleoverendor"].active == 0

    def test_no_evade_when_declined_or_short_of_charges(self):
        """Declining, or with only 1 charge (none offered), he keeps no evade token."""
        sc = Scene()
        me = sc.ship("adonfox-battleoverendor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, me, "1TR")
        skip_to(game, "use_ability", me)
        game.answer("decline")
        finish(game)
        assert not game.state.ships[me].has(Token.EVADE)
        sc = Scene()
        me = sc.ship("adonfox-battleoverendor", at=(400, 300, 0),
                     charges={"adonfox-battleoverendor": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, me, "1TR")
        finish(game)
        ship = game.state.ships[me]
        assert ship.stressed and not ship.has(Token.EVADE)
        assert ship.charges["adonfox-battleoverendor"].active == 1

    def test_not_after_a_white_maneuver(self):
        """A white [2 straight] gives no stress token: no evade is offered."""
        sc = Scene()
        me = sc.ship("adonfox-battleoverendor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, me, "2BW")
        finish(game)
        ship = game.state.ships[me]
        assert not ship.has(Token.EVADE) and ship.charges["adonfox-battleoverendor"].active == 2


# -------------------------------------------------- Adon Fox (Battle over Endor)
class TestAdonFoxBattleOverEndor:
    @staticmethod
    def defend(stress: int) -> bool:
        """A TIE rolls 2 hits against Adon Fox; his defense dice show evades. Whether he
        took damage."""
        sc = Scene()
        adon = sc.ship("adonfox-battleoverendor", at=(400, 300, 0),
                       tokens={"stress": stress} if stress else {})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "hit"], (), then=faces(DieKind.DEFENSE, ["evade", "evade"]))
        declare(game, tie, adon)
        skip_dice(game)
        return logged(game, "neutralize", "the attack hits")

    def test_stressed_rolls_an_additional_defense_die(self):
        """Stressed, Adon rolls 2 defense dice (agility 1, plus 1): 2 evades cancel both
        hits."""
        assert not self.defend(1)

    def test_not_without_stress(self):
        """Unstressed he rolls 1 die: 1 hit gets through."""
        assert self.defend(0)


# ------------------------------------- Braylen Stramm and Gina Moonsong (Endor)
def engagement(braylen_stress: int, gina_stress: int, gina_at=(480, 300, 0)):
    sc = Scene()
    braylen = sc.ship("braylenstramm-battleoverendor", at=(400, 300, 0),
                      tokens={"stress": braylen_stress} if braylen_stress else {})
    gina = sc.ship("ginamoonsong-battleoverendor", at=gina_at,
                   tokens={"stress": gina_stress} if gina_stress else {})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc.at(StartEngagement()), braylen, gina, tie


class TestBraylenStrammBattleOverEndor:
    def test_focus_when_gina_is_stressed(self):
        """At the start of the Engagement Phase, friendly Gina Moonsong at range 0-1 is
        stressed: Braylen may gain a focus token."""
        game, braylen, _, _ = engagement(0, 1)
        answer(game, "use_ability", "use", braylen)
        assert game.state.ships[braylen].has(Token.FOCUS)

    def test_not_when_gina_is_calm_or_far(self):
        """Gina unstressed, or stressed but at range 3 (250 mm away): no focus offered."""
        for stress, at in ((0, (480, 300, 0)), (1, (650, 300, 0))):
            game, braylen, _, _ = engagement(0, stress, at)
            finish(game)
            assert not game.state.ships[braylen].has(Token.FOCUS)


class TestGinaMoonsongBattleOverEndor:
    def test_lock_when_braylen_is_stressed(self):
        """Friendly Braylen Stramm at range 0-1 is stressed: at the start of the
        Engagement Phase Gina may acquire a lock, here on the TIE."""
        game, _, gina, tie = engagement(1, 0)
        answer(game, "use_ability", tie, gina)
        assert tie in game.state.ships[gina].locks

    def test_not_when_braylen_is_calm(self):
        """Braylen unstressed: Gina is offered no lock."""
        game, _, gina, tie = engagement(0, 0)
        finish(game)
        assert tie not in game.state.ships[gina].locks
