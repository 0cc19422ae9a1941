"""Configuration upgrades of the U-wing and B-wing: Pivot Wing and Stabilized S-foils,
two-sided cards (side 0 closed, side 1 open), in scenes compared side against side.

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.state import DamageCard
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import activation, answer, pass_all, rolled, skip_dice

PIVOT = "pivotwing"
FOILS = "stabilizedsfoils"


def side(game, ship: str, card: str) -> int:
    return next(s for kind, xws, s in game.state.ships[ship].cards if xws == card)


class TestPivotWing:
    @staticmethod
    def defense_dice(opened: bool) -> int:
        """A TIE attacks the U-wing (agility 2) at range 2 with its wing closed (or
        open): how many defense dice the U-wing rolls."""
        sc = Scene()
        uwing = sc.ship("bluesquadronscout", at=(400, 300, 0), upgrades=[PIVOT])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        if opened:
            flip_upgrade(game, game.state.ships[uwing], PIVOT)
        start_at(game, Engage(tie))
        load_dice(game, ["hit"] * 2, ["blank"] * 2)
        declare(game, tie, uwing)
        skip_dice(game)
        return len(rolled(game, uwing))

    def test_closed_rolls_one_fewer_defense_die(self):
        """Closed: 1 defense die instead of 2; open: both."""
        assert self.defense_dice(opened=False) == 1
        assert self.defense_dice(opened=True) == 2

    @staticmethod
    def activate(dial: str, opened: bool = False):
        sc = Scene()
        uwing = sc.ship("bluesquadronscout", at=(400, 300, 0), upgrades=[PIVOT])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, uwing, dial)
        if opened:
            flip_upgrade(game, game.state.ships[uwing], PIVOT)
        answer(game, "use_ability", "decline", uwing)  # don't flip before activating
        return game, uwing

    def test_closed_rotates_after_a_stationary_maneuver(self):
        """Closed, after its [0 stop] maneuver the U-wing may rotate 90 degrees either way
        or 180 degrees; it turns around (heading 180)."""
        game, uwing = self.activate("0OR")
        assert game.decision.kind == "use_ability"
        assert {"left", "right", "around"} <= set(game.decision.option_keys())
        answer(game, "use_ability", "around", uwing)
        assert round(game.state.ships[uwing].pose.heading) % 360 == 180

    def test_no_rotation_after_moving_or_when_open(self):
        """After a [1 straight] it is offered no rotation; open, not after the [0 stop]
        either: its heading stays 0."""
        for dial, opened in (("1FB", False), ("0OR", True)):
            game, uwing = self.activate(dial, opened)
            kinds = pass_all(game)
            assert "use_ability" not in kinds
            assert round(game.state.ships[uwing].pose.heading) % 360 == 0

    def test_flips_before_activating(self):
        """Before activating it may flip the card: closed to open."""
        sc = Scene()
        uwing = sc.ship("bluesquadronscout", at=(400, 300, 0), upgrades=[PIVOT])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, uwing, "1FB")
        assert side(game, uwing, PIVOT) == 0
        answer(game, "use_ability", "use", uwing)
        assert side(game, uwing, PIVOT) == 1


class TestStabilizedSFoils:
    @staticmethod
    def attack(opened: bool = True, locked: bool = True):
        """A B-wing with an Ion Cannon and the S-foils open (or closed), locked on the TIE
        (or not), attacks it with its primary weapon at range 2."""
        sc = Scene()
        bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0),
                        upgrades=["ioncannon", FOILS],
                        **({"locks": ["p2.1"]} if locked else {}))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        if opened:
            flip_upgrade(game, game.state.ships[bwing], FOILS)
        start_at(game, Engage(bwing))
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, bwing, tie, "primary:front")
        skip_dice(game, "use_ability")
        return game, bwing, tie

    def test_open_spends_the_lock_for_a_bonus_cannon_attack(self):
        """Open, after the primary attack the B-wing spends its lock on the TIE to attack
        it again with the Ion Cannon (the only weapon offered)."""
        game, bwing, tie = self.attack()
        answer(game, "use_ability", "use", bwing)
        assert tie not in game.state.ships[bwing].locks
        assert game.decision.kind == "bonus_attack"
        weapons = {k.partition("@")[0] for k in game.decision.option_keys() if "@" in k}
        assert weapons == {"ioncannon"}

    def test_not_without_a_lock_or_closed(self):
        """Without a lock on the defender, or with the S-foils closed, no bonus attack is
        offered."""
        for opened, locked in ((True, False), (False, True)):
            game, _, _ = self.attack(opened, locked)
            kinds = pass_all(game)
            assert "use_ability" not in kinds and "bonus_attack" not in kinds

    def test_no_flip_when_critically_damaged(self):
        """Before activating the B-wing may flip the S-foils; with a faceup damage card it
        may not (and the card stays closed)."""
        for crit, asked in ((False, True), (True, False)):
            sc = Scene()
            extra = {"damage": (DamageCard("directhit", True, 1),)} if crit else {}
            bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0), upgrades=[FOILS],
                            **extra)
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            game = activation(sc, bwing, "2FB")
            flip_asked = (game.decision is not None and game.decision.kind == "use_ability")
            assert flip_asked == asked
            if asked:
                answer(game, "use_ability", "use", bwing)
                assert side(game, bwing, FOILS) == 1
            else:
                assert side(game, bwing, FOILS) == 0


# ------------------------------------------------------------ Vectored Cannons (RZ-1)
class TestVectoredCannonsRZ1:
    def scene(self, upgrades, **turret):
        sc = Scene()
        awing = sc.ship("greensquadronpilot", at=(400, 300, 0), upgrades=upgrades, **turret)
        sc.ship("academypilot", player=2, at=(400, 100, 0))   # behind it, range 1-2
        return sc.at(Engage(awing)), awing

    def test_the_primary_attack_follows_the_turret(self):
        """Vectored Cannons (RZ-1): the front arc primary attack is a single turret arc
        attack. With the turret pointing to the rear arc, the TIE behind the A-wing can be
        attacked; a plain RZ-1 has no weapon reaching behind it."""
        from tests.rules.attack_helpers import targets

        game, _ = self.scene(["vectoredcannonsrz1"], turret="rear")
        front, _ = self.scene(["vectoredcannonsrz1"], turret="front")
        assert front.decision is None      # pointing forward, the TIE behind is out of arc
        assert set(targets(game)) == {("primary:single_turret", "p2.1")}
        plain, _ = self.scene([])
        assert plain.decision is None or not targets(plain)

    def test_the_ship_ability_becomes_vectored_cannons(self):
        """The card replaces Vectored Thrusters with Vectored Cannons: the ship holds the
        new ship ability, and its turret may turn only to the front or rear arc."""
        from tallon.engine.action_bodies import rotatable_arcs
        from tallon.geometry import Arc

        game, awing = self.scene(["vectoredcannonsrz1"], turret="front")
        ship = game.state.ships[awing]
        abilities = [xws for kind, xws, _ in ship.cards if kind == "ship_ability"]
        assert abilities == ["Vectored Cannons"]
        assert rotatable_arcs(game, ship) == [Arc.REAR]


# ------------------------------------------------- L3-37's Programming (Battle of Yavin)
class TestL337sProgramming:
    @pytest.mark.parametrize("upgrades, shields, stressed", [
        (["l337sprogramming-battleofyavin"], 0, False),   # unshielded: the bank is blue
        (["l337sprogramming-battleofyavin"], 3, True),    # shielded: it stays white
        ([], 0, True)])                                   # without the card
    def test_unshielded_banks_are_easier(self, upgrades, shields, stressed):
        """L3-37's Programming: while the ship is not shielded its bank maneuvers are 1
        difficulty easier: a white [2 bank left] becomes blue and removes its stress token;
        with shields, or without the card, it stays white."""
        from tallon.engine.rounds import Activate

        sc = Scene()
        ship = sc.ship("outerrimsmuggler", at=(400, 300, 0), upgrades=upgrades,
                       shields=shields, stress=1, dial_set="2BW")
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Activate(ship), phase="activation")
        pass_all(game)
        assert game.state.ships[ship].stressed is stressed
