"""Turret upgrades (RR: SPECIAL WEAPON, RR: TURRET ARCS, RR: ROTATE, RR: ION). Each scene puts
a Gold Squadron Veteran (BTL-A4 Y-wing: a front primary weapon, a turret slot, no turret of
its own) at (400, 300) facing +y, and a TIE/ln behind or beside it."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.geometry import Arc
from tallon.scene import Scene
from tests.cards.helpers import dice_count, engage, skip_dice

BEHIND_Y = {1: 220.0, 2: 110.0, 3: 50.0}  # a TIE behind the Y-wing, at range 1-3
RIGHT_X = {1: 480.0, 2: 590.0, 3: 650.0}  # a TIE to its right, at range 1-3


def behind(upgrades, range_: int = 2, turret: str | None = "rear"):
    sc = Scene()
    setup = {"turret": turret} if turret else {}
    ywing = sc.ship("goldsquadronveteran", at=(400, 300, 0), upgrades=list(upgrades), **setup)
    tie = sc.ship("academypilot", player=2, at=(400, BEHIND_Y[range_], 0))
    return sc, ywing, tie


def beside(upgrades, range_: int = 2, turret: str = "right"):
    sc = Scene()
    ywing = sc.ship("goldsquadronveteran", at=(400, 300, 0), upgrades=list(upgrades),
                    turret=turret)
    tie = sc.ship("academypilot", player=2, at=(RIGHT_X[range_], 300, 90))
    return sc, ywing, tie


def weapons(game) -> set[str]:
    d = game.decision
    if d is None:
        return set()
    assert d.kind in ("declare_attack", "bonus_attack"), d.prompt
    return {o.info["weapon"] for o in d.options if "defender" in (o.info or {})}


def declare(game, weapon, defender="p2.1"):
    game.answer(f"{weapon}@{defender}")


# ------------------------------------------------------------------ Dorsal Turret
class TestDorsalTurret:
    def test_it_attacks_where_the_indicator_points(self):
        """A TIE behind the Y-wing: with the indicator pointing to the rear arc the turret
        reaches it (the front primary weapon doesn't); pointing front, nothing does."""
        sc, ywing, _ = behind(["dorsalturret"])
        assert weapons(engage(sc, ywing)) == {"dorsalturret"}
        sc, ywing, _ = behind(["dorsalturret"], turret="front")
        assert weapons(engage(sc, ywing)) == set()

    def test_range_1_to_2_with_the_range_bonus(self):
        """2 dice, 3 at range 1 (no ordnance icon); not offered at range 3."""
        for range_, count in ((1, 3), (2, 2)):
            sc, ywing, _ = behind(["dorsalturret"], range_=range_)
            game = engage(sc, ywing, ["blank"] * count, ["blank"] * 3)
            declare(game, "dorsalturret")
            skip_dice(game)
            assert dice_count(game, -2) == count, range_
        sc, ywing, _ = behind(["dorsalturret"], range_=3)
        assert weapons(engage(sc, ywing)) == set()

    def test_the_card_adds_the_indicator_and_the_rotate_action(self):
        """Setup points the new indicator front; the white rotate action turns it to the
        chosen arc without stress. Without the card the Y-wing has neither."""
        sc, ywing, _ = behind(["dorsalturret"], turret=None)
        game = sc.at(PerformAction(ywing, during_activation=True), phase="activation")
        ship = game.state.ships[ywing]
        assert ship.turret == (Arc.FRONT,) and not ship.turret_double
        assert "rotate" in game.decision.option_keys()
        game.answer("rotate")
        assert game.decision.kind == "rotate_arc"
        assert set(game.decision.option_keys()) == {"left", "right", "rear"}
        game.answer("rear")
        assert ship.turret == (Arc.REAR,) and not ship.has(Token.STRESS)
        sc, ywing, _ = behind([], turret=None)
        game = sc.at(PerformAction(ywing, during_activation=True), phase="activation")
        assert game.state.ships[ywing].turret == ()
        assert "rotate" not in game.decision.option_keys()


# ------------------------------------------------------------- Ion Cannon Turret
class TestIonCannonTurret:
    def test_one_result_deals_damage_the_others_give_ion_tokens(self):
        """Three hits on a TIE to the right, the indicator pointing right: 1 damage and 2
        ion tokens; the Dorsal Turret's hits, in the same arc, deal damage only."""
        for card, damage, ions in (("ioncannonturret", 1, 2), ("dorsalturret", 2, 0)):
            sc, ywing, tie = beside([card])
            dice = ["hit", "hit", "hit"][:3 if card == "ioncannonturret" else 2]
            game = engage(sc, ywing, dice, ["blank"] * 3)
            declare(game, card)
            skip_dice(game)
            defender = game.state.ships[tie]
            assert (len(defender.damage), defender.count(Token.ION)) == (damage, ions), card

    def test_a_miss_inflicts_nothing(self):
        sc, ywing, tie = beside(["ioncannonturret"])
        game = engage(sc, ywing, ["hit", "blank", "blank"], ["evade"] * 3)
        declare(game, "ioncannonturret")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert not defender.damage and not defender.has(Token.ION)

    def test_not_out_of_its_turret_arc_nor_at_range_3(self):
        sc, ywing, _ = beside(["ioncannonturret"], turret="left")
        assert weapons(engage(sc, ywing)) == set()
        sc, ywing, _ = beside(["ioncannonturret"], range_=3)
        assert weapons(engage(sc, ywing)) == set()
        sc, ywing, _ = beside(["ioncannonturret"])
        assert weapons(engage(sc, ywing)) == {"ioncannonturret"}
