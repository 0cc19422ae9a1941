"""Upsilon-class command shuttle pilots (First Order) and the ship ability Linked Battery:
each card in a scene built for it, compared with the same scene without the card (or
where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. The shuttle's large
base is 80 mm wide, small bases 40 mm; a range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.common import range_of, ships_in_range
from tallon.engine.actions import coordinate_targets
from tallon.engine.attack import Engage
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.game import Game, GameSetup
from tallon.engine.state import Token
from tallon.geometry import Pose, Ship, at_range
from tallon.scene import Scene, declare, start_at
from tests.cards.helpers import (
    Give,
    Hurt,
    answer,
    attack,
    engage,
    finish,
    modify_with,
    offers,
    pass_all,
    rolled,
    values,
)


# ------------------------------------------------------------------- Linked Battery
class TestLinkedBattery:
    @staticmethod
    def scene(weapon: str):
        sc = Scene()
        shuttle = sc.ship("starkillerbasepilot", at=(400, 200, 0), upgrades=["ioncannon"])
        tie = sc.ship("academypilot", player=2, at=(400, 450, 180))
        game = attack(sc, shuttle, tie, ["blank"] * 5, ["blank"] * 3, weapon=weapon)
        finish(game)
        return game, shuttle

    def test_cannon_attack_rolls_one_more_die(self):
        """Linked Battery: the Ion Cannon (3 dice printed) rolls 4 attack dice."""
        game, shuttle = self.scene("ioncannon")
        assert len(rolled(game, shuttle)) == 4

    def test_primary_attack_rolls_its_printed_dice(self):
        """A primary attack is no cannon attack: 4 dice, its printed value, at range 2."""
        game, shuttle = self.scene("primary:front")
        assert len(rolled(game, shuttle)) == 4


# ---------------------------------------------------------- Petty Officer Thanisson
class TestPettyOfficerThanisson:
    @staticmethod
    def scene(enemy_at: tuple[float, float] = (400, 400), phase: str = "activation",
              charges: int = 1):
        sc = Scene()
        officer = sc.ship("pettyofficerthanisson", at=(400, 200, 0),
                          charges={"pettyofficerthanisson": charges})
        enemy = sc.ship("academypilot", player=2, at=(*enemy_at, 180))
        game = sc.at(Give(enemy, "stress"), phase=phase)
        return game, officer, enemy

    def test_stressed_ship_in_front_arc_gains_tractor(self):
        """During the Activation Phase an enemy in his front arc at range 1 gains a stress
        token: he spends his charge and it gains 1 tractor token."""
        game, officer, enemy = self.scene()
        answer(game, "use_ability", "use", officer)
        pass_all(game)
        assert game.state.ships[enemy].has(Token.TRACTOR)
        assert game.state.ships[officer].charges["pettyofficerthanisson"].active == 0

    def test_declined_no_tractor(self):
        """Declining: no tractor token, the charge stays."""
        game, officer, enemy = self.scene()
        answer(game, "use_ability", "decline", officer)
        assert not game.state.ships[enemy].has(Token.TRACTOR)
        assert game.state.ships[officer].charges["pettyofficerthanisson"].active == 1

    def test_not_outside_the_front_arc(self):
        """The stressed enemy is beside him at range 1, in his side arc: nothing
        offered."""
        game, _officer, enemy = self.scene(enemy_at=(560, 200))
        assert game.decision is None
        assert not game.state.ships[enemy].has(Token.TRACTOR)

    def test_not_in_the_end_phase(self):
        """The same stress gained in the End Phase: nothing offered."""
        game, _officer, enemy = self.scene(phase="end")
        assert game.decision is None
        assert not game.state.ships[enemy].has(Token.TRACTOR)

    def test_not_without_a_charge(self):
        """His charge is spent: nothing offered."""
        game, _officer, _enemy = self.scene(charges=0)
        assert game.decision is None


# --------------------------------------------------------------- Lieutenant Tavson
class TestLieutenantTavson:
    @staticmethod
    def scene(pilot: str = "lieutenanttavson", charges: int = 2):
        sc = Scene()
        setup = {"charges": {"lieutenanttavson": charges}} if pilot == "lieutenanttavson" \
            else {}
        shuttle = sc.ship(pilot, at=(400, 200, 0), **setup)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Hurt(shuttle), phase="engagement")
        return game, shuttle

    def test_damage_then_an_action(self):
        """After suffering damage he spends 1 charge to perform an action (a focus
        action: he gains a focus token)."""
        game, tavson = self.scene()
        assert {"focus", "reinforce", "decline"} <= set(values(game))
        answer(game, "use_ability", "focus", tavson)
        ship = game.state.ships[tavson]
        assert ship.has(Token.FOCUS)
        assert ship.charges["lieutenanttavson"].active == 1

    def test_another_shuttle_gets_no_action(self):
        """A Starkiller Base Pilot suffering the same damage is offered nothing."""
        game, shuttle = self.scene("starkillerbasepilot")
        assert game.decision is None
        assert not game.state.ships[shuttle].has(Token.FOCUS)

    def test_not_without_charges(self):
        """With no charge left nothing is offered."""
        game, _tavson = self.scene(charges=0)
        assert game.decision is None


# ----------------------------------------------------------------- Captain Cardinal
class TestCaptainCardinal:
    @staticmethod
    def scene(friend: str = "firstordercadet", friend_x: float = 520, charges: int = 2):
        sc = Scene()
        sc.ship("captaincardinal", at=(400, 200, 0), charges={"captaincardinal": charges})
        ship = sc.ship(friend, at=(friend_x, 250, 0))
        enemy = sc.ship("academypilot", player=2, at=(friend_x, 450, 180))
        game = engage(sc, ship, ["focus", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, ship, enemy)
        return game, enemy

    def test_lower_initiative_friend_rerolls_a_focus(self):
        """A First Order Cadet (initiative 3, lower than his 4) at range 1 attacks: it may
        reroll its focus result, into a hit here: the attack deals 1 damage."""
        game, enemy = self.scene()
        modify_with(game, "captaincardinal")
        finish(game)
        assert len(game.state.ships[enemy].damage) == 1

    def test_declined_the_focus_stays(self):
        """Not rerolling: focus and blank miss, no damage."""
        game, enemy = self.scene()
        assert offers(game, "captaincardinal")
        finish(game)
        assert len(game.state.ships[enemy].damage) == 0

    def test_not_for_a_higher_initiative_friend(self):
        """Breach (initiative 5) in the same place: nothing offered."""
        game, _breach = self.scene(friend="breach")
        assert not offers(game, "captaincardinal")

    def test_not_beyond_range_2(self):
        """The cadet is at range 3 of him: nothing offered."""
        game, _cadet = self.scene(friend_x=700)
        assert not offers(game, "captaincardinal")

    def test_not_without_charges(self):
        """He has no charge left: nothing offered."""
        game, _cadet = self.scene(charges=0)
        assert not offers(game, "captaincardinal")

    @staticmethod
    def destroy(enemy_y: float):
        sc = Scene()
        cardinal = sc.ship("captaincardinal", at=(400, 200, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        game = sc.at(Hurt(enemy, hits=3), phase="engagement")
        pass_all(game)
        return game, cardinal, enemy

    def test_enemy_destroyed_nearby_loses_a_charge(self):
        """An enemy ship at range 2 of him is destroyed: he loses 1 charge."""
        game, cardinal, enemy = self.destroy(420)
        assert game.state.ships[enemy].destroyed
        assert game.state.ships[cardinal].charges["captaincardinal"].active == 1

    def test_enemy_destroyed_far_away_costs_nothing(self):
        """An enemy destroyed beyond range 3 of him: his charges stay."""
        game, cardinal, enemy = self.destroy(800)
        assert game.state.ships[enemy].destroyed
        assert game.state.ships[cardinal].charges["captaincardinal"].active == 2



# --------------------------------------------------------------- Lieutenant Dormitz
class TestLieutenantDormitz:
    @staticmethod
    def placing(shuttle: str, ship: str = "p1.2"):
        """Setup answered with first options (the shuttle takes the first place along its
        edge) until ``ship`` is asked its place: p1.2 a First Order Cadet (initiative 3,
        placed after the shuttle), p1.3 Petty Officer Thanisson (initiative 1, placed
        before it)."""
        sc = Scene()
        sc.ship(shuttle)
        sc.ship("firstordercadet")
        sc.ship("pettyofficerthanisson")
        sc.ship("academypilot", player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
        while not (game.decision.kind == "place_ship" and game.decision.ship == ship):
            game.answer(game.decision.options[0].key)
        return game

    @staticmethod
    def near_him(game, x: float, y: float) -> bool:
        shuttle = game.state.ships["p1.1"]
        body = Ship("p1.2", Pose(x, y, 0.0), game.state.ships["p1.2"].size)
        return at_range(body, shuttle.body, 0, 2)

    def test_later_friend_offered_places_near_him(self):
        """The cadet, placed after him, is offered places beyond its deployment area
        (range 1 of the edge), each of them at range 0-2 of him; under a Starkiller Base
        Pilot it is offered places along its edge only."""
        game = self.placing("lieutenantdormitz")
        inland = [(o.info["x"], o.info["y"]) for o in game.decision.options
                  if o.info["y"] > 120]
        assert inland and all(self.near_him(game, x, y) for x, y in inland)
        plain = self.placing("starkillerbasepilot")
        assert all(o.info["y"] < 120 for o in plain.decision.options)

    def test_a_free_place_must_be_near_him(self):
        """A free place in the middle of the table beyond range 2 of him is refused; one
        at range 2 of him, beyond the deployment area, is accepted."""
        game = self.placing("lieutenantdormitz")
        shuttle = game.state.ships["p1.1"]
        with pytest.raises(IllegalChoiceError):
            game.answer({"x": shuttle.pose.x + 400, "y": 400, "heading": 0})
        game.answer({"x": shuttle.pose.x, "y": 250, "heading": 0})
        assert game.state.ships["p1.2"].pose.y == 250

    def test_not_for_a_friend_placed_before_him(self):
        """Petty Officer Thanisson (initiative 1) is placed before him: only places along
        his edge are offered."""
        game = self.placing("lieutenantdormitz", ship="p1.3")
        assert game.state.ships["p1.1"].body is None
        assert all(o.info["y"] < 120 for o in game.decision.options)


# ------------------------------------------------------------------- Major Stridan
def stridan_scene(pilot: str = "majorstridan", friend_x: float = 450.0,
                  upgrades: tuple[str, ...] = ()) -> tuple[Scene, str, str, str]:
    """The shuttle at (150, 200) (base edges x 110-190) and a friendly Silencer at
    (friend_x, 200): at 450 its base starts 240 mm away, range 3; at 560, beyond range 3.
    An enemy TIE at (450, 450) lies 210 mm ahead of the Silencer (range 3), locked by the
    shuttle."""
    sc = Scene()
    shuttle = sc.ship(pilot, at=(150, 200, 0), upgrades=list(upgrades), locks=["p2.1"])
    friend = sc.ship("firstordertestpilot", at=(friend_x, 200, 0),
                     upgrades=["protontorpedoes"])
    enemy = sc.ship("academypilot", player=2, at=(450, 450, 180))
    return sc, shuttle, friend, enemy


class TestMajorStridan:
    def test_coordinates_a_friendly_ship_at_range_3(self):
        """RR: COORDINATE reaches friendly ships at range 1-2; Major Stridan treats the one
        at range 3 as at range 1 and may choose it. A Starkiller Base Pilot may not, nor
        may Stridan choose a friendly ship beyond range 3."""
        for pilot, x, expected in (("majorstridan", 450.0, True),
                                   ("starkillerbasepilot", 450.0, False),
                                   ("majorstridan", 560.0, False)):
            sc, shuttle, friend, _ = stridan_scene(pilot, x)
            game = sc.game()
            found = [s.id for s in coordinate_targets(game, game.state.ships[shuttle])]
            assert (friend in found) is expected, (pilot, x)

    def test_his_upgrade_reaches_a_friendly_ship_at_range_3(self):
        """Targeting Synchronizer (his tech upgrade): a friendly ship at range 1-2
        attacking a ship he has locked ignores the lock requirement. The Silencer at range
        3 counts as at range 1 for Stridan: it may declare Proton Torpedoes (lock needed)
        without a lock of its own; with a Starkiller Base Pilot it may not."""
        for pilot, expected in (("majorstridan", True), ("starkillerbasepilot", False)):
            sc, _, friend, enemy = stridan_scene(pilot, upgrades=("targetingsynchronizer",))
            game = sc.game()
            start_at(game, Engage(friend), phase="engagement")
            assert game.decision.kind == "declare_attack"
            assert (f"protontorpedoes@{enemy}" in values(game)) is expected, pilot

    def test_only_friendly_ships_at_range_2_3(self):
        """The measuring building blocks from Stridan: a friendly ship at range 3 is found
        at range 0-1 and range_of gives 1 (measured from the friendly ship, the true 3);
        beyond range 3 it keeps its range; an enemy ship at range 2 keeps its range and is
        not found at range 0-1."""
        sc, shuttle, friend, _ = stridan_scene()
        near_enemy = sc.ship("academypilot", player=2, at=(150, 450, 180))
        game = sc.game()
        ships = game.state.ships
        s, f, e = ships[shuttle], ships[friend], ships[near_enemy]
        assert friend in [x.id for x in ships_in_range(game, s, 0, 1, friendly=True)]
        assert range_of(s, f) == 1 and range_of(f, s) == 3
        assert range_of(s, e) == 2
        assert near_enemy not in [x.id for x in ships_in_range(game, s, 0, 1)]
        far_sc, far_shuttle, far_friend, _ = stridan_scene(friend_x=560.0)
        far = far_sc.game()
        assert range_of(far.state.ships[far_shuttle], far.state.ships[far_friend]) == 4
