"""Fireball pilots and the ship ability Explosion with Wings: each card in a scene built
for it, compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, finish, pass_all, rolled, values


# ------------------------------------------------------------ Explosion with Wings
class TestExplosionWithWings:
    def test_setup_deals_a_facedown_damage_card(self):
        """Setup: a Fireball is dealt 1 facedown damage card; the transport beside it (no such
        ship ability) starts undamaged."""
        sc = Scene()
        fireball = sc.ship("colossusstationmechanic", at=(400, 300, 0))
        other = sc.ship("logisticsdivisionpilot", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        damage = game.state.ships[fireball].damage
        assert len(damage) == 1 and not damage[0].faceup
        assert not game.state.ships[other].damage

    def slam(self, damage: tuple[DamageCard, ...] = (DamageCard("blindedpilot", False, 81),)):
        sc = Scene()
        me = sc.ship("colossusstationmechanic", at=(400, 300, 0), executed_speed=2,
                     damage=damage)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("slam")
        answer(game, "slam_maneuver", "2FB", me)
        return game, me

    def test_after_a_slam_exposing_a_card_removes_the_disarm(self):
        """After its SLAM action (which disarms it), the Fireball may expose its facedown
        damage card to remove the disarm token; declining keeps both as they are."""
        game, me = self.slam()
        answer(game, "use_ability", "use", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert not ship.has(Token.DISARM) and ship.damage[0].faceup
        game, me = self.slam()
        answer(game, "use_ability", "decline", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert ship.has(Token.DISARM) and not ship.damage[0].faceup

    def test_no_facedown_card_no_offer(self):
        """With only a faceup damage card there is nothing to expose: the disarm token
        stays and nothing is asked."""
        game, me = self.slam(damage=(DamageCard("blindedpilot", True, 81),))
        assert game.decision is None or "use" not in values(game)
        pass_all(game)
        assert game.state.ships[me].has(Token.DISARM)


# ---------------------------------------------------------------------- Jarek Yeager
class TestJarekYeager:
    def fly(self, dial: str, damage: tuple[DamageCard, ...], stress: int = 1,
            pilot: str = "jarekyeager") -> int | None:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), stress=stress, damage=damage)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[me].dial_set = dial
        start_at(game, Activate(me), phase="activation")
        pass_all(game)
        return game.state.ships[me].executed_speed

    FACEDOWN = (DamageCard("blindedpilot", False, 81),)
    FACEUP = (DamageCard("blindedpilot", True, 81),)

    def test_damaged_he_executes_a_red_basic_maneuver_while_stressed(self):
        """Stressed and damaged, Jarek executes his red [3 turn]; a stressed Kazuda (same
        damage, no such ability) executes the white [2 straight] instead."""
        assert self.fly("3TR", self.FACEDOWN) == 3
        assert self.fly("3TR", self.FACEDOWN, pilot="kazudaxiono") == 2

    def test_undamaged_or_too_stressed_he_cannot(self):
        """Undamaged, or with 3 stress tokens, Jarek gets the [2 straight] instead."""
        assert self.fly("3TR", ()) == 2
        assert self.fly("3TR", self.FACEDOWN, stress=3) == 2

    def test_advanced_maneuvers_need_a_faceup_card(self):
        """A red Tallon roll (advanced) needs him critically damaged: with only a
        facedown card he gets the [2 straight]; with a faceup one he rolls at speed 3."""
        assert self.fly("3ER", self.FACEDOWN) == 2
        assert self.fly("3ER", self.FACEUP) == 3


# ---------------------------------------------------------------------- Kazuda Xiono
class TestKazudaXiono:
    def attack(self, use: bool, damage: tuple[DamageCard, ...] = ()) -> list[str]:
        sc = Scene()
        kaz = sc.ship("kazudaxiono", at=(400, 300, 0), damage=damage)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(kaz, tie, dice=["hit"] * 3, defense=["blank"] * 3)
        if damage:
            assert game.decision is None or "use" not in values(game)
        else:
            answer(game, "use_ability", "use" if use else "decline", kaz)
        finish(game)
        return rolled(game, kaz)

    def test_attacking_a_higher_initiative_ship_he_may_roll_one_more_die(self):
        """Undamaged (0 cards) against an initiative 1 TIE: his primary attack rolls 3
        dice instead of 2 when he uses the ability."""
        assert len(self.attack(True)) == 3
        assert len(self.attack(False)) == 2

    def test_not_when_his_damage_matches_the_initiative(self):
        """With 1 damage card against initiative 1 nothing is offered: 2 dice."""
        assert len(self.attack(True, damage=(DamageCard("blindedpilot", False, 81),))) == 2

    def test_defending_he_may_roll_one_more_die(self):
        """Defending against the TIE undamaged: 3 defense dice instead of 2."""
        for use, count in ((True, 3), (False, 2)):
            sc = Scene()
            kaz = sc.ship("kazudaxiono", at=(400, 300, 0), damage=())
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(tie, kaz, dice=["hit"] * 2, defense=["blank"] * 3)
            answer(game, "use_ability", "use" if use else "decline", kaz)
            finish(game)
            assert len(rolled(game, kaz)) == count


# ---------------------------------------------------------------------------- R1-J5
class TestR1J5:
    TWO = (DamageCard("blindedpilot", False, 81), DamageCard("consolefire", False, 82))

    def slam(self, pilot: str, damage: tuple[DamageCard, ...]):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), executed_speed=2, damage=damage)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("slam")
        answer(game, "slam_maneuver", "2FB", me)
        answer(game, "use_ability", "use", me)  # Explosion with Wings
        return game, me

    def test_he_chooses_the_card_exposed(self):
        """Explosion with Wings exposes one of R1-J5's 2 facedown cards: he looks at them
        and chooses Console Fire; the other stays facedown."""
        game, me = self.slam("r1j5", self.TWO)
        assert set(values(game)) == {"81", "82", "decline"}
        answer(game, "use_ability", "82", me)
        pass_all(game)
        faceup = {d.serial for d in game.state.ships[me].damage if d.faceup}
        assert faceup == {82}

    def test_others_expose_at_random_without_a_choice(self):
        """The generic pilot is asked nothing: one card is exposed at random."""
        game, me = self.slam("colossusstationmechanic", self.TWO)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert sum(d.faceup for d in game.state.ships[me].damage) == 1

    def test_one_facedown_card_no_choice(self):
        """With a single facedown card there is nothing to choose: no question."""
        game, me = self.slam("r1j5", self.TWO[:1])
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert game.state.ships[me].damage[0].faceup
