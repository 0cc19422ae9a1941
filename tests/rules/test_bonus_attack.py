"""RR: BONUS ATTACK - performed in an attack's Aftermath step; a weapon's bonus attack keeps
its range, arc and cost requirements; one bonus attack per ship per round. (The order of
the defender's and the attacker's bonus attacks: test_attack, Aftermath.)

Cards used because their timing is the point: Cluster Missiles (after attacking with them:
a bonus attack with them against another ship at range 0-1 of the defender) and Zam
Wesell's "You'd Better Mean Business" (after defending: spend 2 of Zam's charges for a
bonus attack against the attacker)."""

from __future__ import annotations

import pytest

from tallon.cards.common import is_in_arc, range_of
from tallon.engine.attack import Engage
from tallon.engine.state import ConditionCard
from tallon.geometry import Arc
from tallon.scene import Scene, declare, load_dice, start_at
from tests.rules.attack_helpers import (
    HERE,
    KWING,
    TIE,
    XWING,
    attacks,
    decisions,
    evades,
    script,
)

BUSINESS = "youdbettermeanbusiness"


class TestBonusAttack:
    """RR: BONUS ATTACK - performed in the Aftermath step; a weapon's bonus attack keeps its
    range, arc and cost; "A ship can perform only one bonus attack per round"."""

    def scene(self):
        """A K-wing (Cluster Missiles: 4 charges, a lock) and three TIEs in a row ahead of
        it at range 2, 80 mm apart: each at range 1 of the next."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        ties = [sc.ship(TIE, player=2, at=(x, 490, 180)) for x in (320, 400, 480)]
        game = sc.attack(a, ties[0], weapon="clustermissiles",
                         then=script(*[("attack", ["blank"] * 3), evades(3)] * 3))
        return game, a, ties

    @staticmethod
    def zam_defends(case):
        """A T-65 attacks Zam Wesell (4 charges, "You'd Better Mean Business" facedown) at
        range 2; ``case`` stops Zam from attacking back."""
        sc = Scene()
        at = (200, 480, 90) if case == "attacker beside her" else HERE
        a = sc.ship(XWING, at=at)
        zam = sc.ship("zamwesell", player=2, at=(400, 480, 180), charges={"zamwesell": 4},
                      tokens={"disarm": 1} if case == "disarmed" else None)
        if case == "on an asteroid":
            sc.obstacle("core2asteroid0", 400, 500)
        game = sc.game()
        game.state.ships[zam].conditions += (ConditionCard(BUSINESS, 1, False),)
        start_at(game, Engage(a))
        load_dice(game, then=script(("attack", ["blank"] * 3), evades(2)))
        declare(game, a, zam)
        return game, a, zam

    @pytest.mark.parametrize("case", ["disarmed", "attacker beside her", "on an asteroid"])
    def test_a_bonus_attack_that_cannot_be_made_is_not_offered(self, case):
        """Zam is disarmed, or the attacker is beside her (in none of her arcs), or she sits
        on an asteroid. RR: BONUS ATTACK - the bonus attack is an attack and must be
        possible. Her ability is not offered and no charge is spent."""
        game, _, zam = self.zam_defends(case)
        assert game.decision is None
        assert game.state.ships[zam].charges["zamwesell"].active == 4

    def test_the_bonus_attack_pays_the_weapons_cost_again(self):
        """The K-wing attacks with its Cluster Missiles (a charge spent), then makes their
        bonus attack. RR: BONUS ATTACK ("the same ... cost requirements are followed"). A
        second charge is spent: 2 of 4 are left."""
        game, a, _ = self.scene()
        assert game.state.ships[a].charges["clustermissiles"].active == 3
        decisions(game)
        assert game.state.ships[a].charges["clustermissiles"].active == 2

    def test_the_bonus_attack_keeps_the_weapons_arc(self):
        """The defender at range 2 ahead-left of the K-wing; two more enemies at range 1 of
        it: one in the K-wing's front arc, one beside the K-wing (in its left arc, which its
        turret does not cover). RR: BONUS ATTACK ("the same arc requirements, range
        requirements, and cost requirements are followed"). Only the first is offered."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        d = sc.ship(TIE, player=2, at=(320, 490, 180))
        in_arc = sc.ship(TIE, player=2, at=(400, 490, 180))
        beside = sc.ship(TIE, player=2, at=(250, 400, 90))
        game = sc.attack(a, d, weapon="clustermissiles",
                         then=script(("attack", ["blank"] * 3), evades(3)))
        assert decisions(game, until="bonus_attack") == [("use_ability", a)]
        offered = {o.info["defender"] for o in game.decision.options if o.info}
        assert offered == {in_arc}
        s = game.state.ships
        assert range_of(s[beside], s[d]) == 1 and not is_in_arc(s[a], s[beside], Arc.FRONT)

    def test_only_one_bonus_attack_per_round(self):
        """The K-wing's bonus attack against the second TIE, which has the third at range 1.
        RR: BONUS ATTACK ("A ship can perform only one bonus attack per round"). No further
        bonus attack follows: two attacks in all, the second against the second TIE."""
        game, a, ties = self.scene()
        seen = decisions(game)
        assert seen.count(("bonus_attack", a)) == 1
        assert len(attacks(game, a)) == 2
        assert f"({ties[1]})" in attacks(game, a)[1]
        assert game.state.ships[a].bonus_attack_done

    def test_a_ship_that_had_its_bonus_attack_gets_no_other(self):
        """The K-wing already performed a bonus attack this round. RR: BONUS ATTACK. The
        missiles offer no bonus attack after its attack."""
        game, a, _ = self.scene()
        game.state.ships[a].bonus_attack_done = True
        assert decisions(game) == []
        assert len(attacks(game, a)) == 1
