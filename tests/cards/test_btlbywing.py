"""BTL-B Y-wing pilots and the ship ability Plated Hull: each card in a scene built for it,
compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.payloads import PlacedDevice
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    activation,
    attack,
    dice_count,
    finish,
    modify_with,
    offers,
    pass_all,
    rolled,
    skip_dice,
    skip_to,
)


def ship(game, ship_id):
    return game.state.ships[ship_id]


# ------------------------------------------------------------------ generic pilots
@pytest.mark.parametrize("pilot", ["shadowsquadronveteran", "redsquadronbomber"])
def test_generic_pilots_field_and_fight(pilot):
    """A generic BTL-B (no ability text) attacks with its 2-dice primary weapon at range 2;
    2 hits against blanks deal 2 damage."""
    sc = Scene()
    ywing = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(ywing, tie, dice=["hit", "hit"], defense=["blank"] * 3)
    finish(game)
    assert rolled(game, ywing) == ["hit", "hit"]
    assert len(ship(game, tie).damage) == 2


# --------------------------------------------------------------------- Plated Hull
class TestPlatedHull:
    def scene(self, damage=()):
        sc = Scene()
        ywing = sc.ship("shadowsquadronveteran", at=(400, 300, 0), shields=0,
                        damage=list(damage))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, tie, ywing, ["crit", "crit", "blank"], ["blank"],
                      deck=["damagedengine", "damagedsensorarray"])
        pass_all(game)
        return [c for c in ship(game, ywing).damage if c.serial < 90]

    def test_one_crit_becomes_a_hit(self):
        """An unshielded BTL-B, not critically damaged, defends against 2 critical hits:
        Plated Hull changes 1 of them to a hit, so it is dealt 1 faceup and 1 facedown
        damage card."""
        dealt = self.scene()
        assert sorted(c.faceup for c in dealt) == [False, True]

    def test_not_while_critically_damaged(self):
        """The same attack against a BTL-B that already has a faceup damage card: Plated
        Hull does nothing and both critical hits deal faceup cards."""
        dealt = self.scene(damage=[DamageCard("(marker)", True, 90)])
        assert [c.faceup for c in dealt] == [True, True]


# ---------------------------------------------------------- Anakin Skywalker (BTL-B)
class TestAnakinSkywalkerBtlb:
    def scene(self, enemy_x=400.0, stress=1):
        sc = Scene()
        anakin = sc.ship("anakinskywalker-btlbywing", at=(400, 200, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(enemy_x, 650, 180))
        game = activation(sc, anakin, "3FW")
        return game, anakin

    def test_enemy_in_bullseye_removes_stress_for_force(self):
        """Anakin, stressed, fully executes a white 3 straight with an enemy ship in his
        bullseye arc at range 2: he may spend 1 Force to remove his stress token."""
        game, anakin = self.scene()
        skip_to(game, "use_ability", anakin)
        game.answer("use")
        assert not ship(game, anakin).stressed
        assert ship(game, anakin).force == 2

    def test_enemy_out_of_the_bullseye_and_beyond_range_1(self):
        """The enemy ship is in his front arc at range 2 but not in his bullseye arc: the
        ability is not offered and the stress stays."""
        game, anakin = self.scene(enemy_x=560.0)
        pass_all(game)
        assert ship(game, anakin).stressed and ship(game, anakin).force == 3

    def test_not_without_stress(self):
        """Without a stress token there is nothing to remove: no Force is spent."""
        game, anakin = self.scene(stress=0)
        pass_all(game)
        assert ship(game, anakin).force == 3


# --------------------------------------------------------------------------- R2-D2
class TestR2D2:
    def scene(self, enemy_y):
        sc = Scene()
        r2 = sc.ship("r2d2", at=(400, 400, 0))
        sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        game = sc.at(StartEngagement())
        return game, r2

    def test_enemy_behind_gives_a_calculate_token(self):
        """At the start of the Engagement Phase an enemy ship is in R2-D2's rear arc: he
        gains 1 calculate token."""
        game, r2 = self.scene(250)
        pass_all(game)
        assert ship(game, r2).has(Token.CALCULATE)

    def test_enemy_in_front_gives_nothing(self):
        """The enemy ship is in his front arc instead: no calculate token."""
        game, r2 = self.scene(600)
        pass_all(game)
        assert not ship(game, r2).has(Token.CALCULATE)


# ------------------------------------------------------------------ "Odd Ball" (BTL-B)
class TestOddBallBtlb:
    def scene(self, dial):
        sc = Scene()
        oddball = sc.ship("oddball-btlbywing", at=(400, 150, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 600, 180))
        return activation(sc, oddball, dial), oddball, enemy

    def test_red_maneuver_locks_the_ship_in_the_bullseye(self):
        """Odd Ball fully executes a red 4 straight with an enemy ship in his bullseye arc:
        he may acquire a lock on it."""
        game, oddball, enemy = self.scene("4FR")
        skip_to(game, "use_ability", oddball)
        game.answer(enemy)
        assert enemy in ship(game, oddball).locks

    def test_white_maneuver_does_not(self):
        """After a white 3 straight the same enemy is in his bullseye, but no lock is
        offered."""
        game, oddball, _ = self.scene("3FW")
        pass_all(game)
        assert not ship(game, oddball).locks


# ------------------------------------------------------------------- "Matchstick"
class TestMatchstick:
    def scene(self, **tokens):
        sc = Scene()
        match = sc.ship("matchstick", at=(400, 300, 0), **tokens)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(match, tie, dice=["blank", "blank"], defense=["blank"] * 3,
                         then=[])
        skip_dice(game, "modify_attack_dice", match)
        return game, match

    def test_rerolls_a_die_per_red_token(self):
        """Matchstick has a stress and a strain token: attacking with his primary weapon,
        he may reroll up to 2 attack dice."""
        game, _ = self.scene(stress=1, strain=1)
        assert offers(game, "matchstick")
        labels = [o.label for o in game.decision.options
                  if (o.info or {}).get("source") == "matchstick"]
        assert any("2" in label for label in labels)

    def test_a_lock_on_him_counts(self):
        """An enemy's lock on him is a red token: 1 reroll is offered."""
        sc = Scene()
        match = sc.ship("matchstick", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180), locks=["p1.1"])
        game = sc.attack(match, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", match)
        assert offers(game, "matchstick")

    def test_no_red_tokens_no_reroll(self):
        """Without red tokens (a green focus token only), nothing is offered."""
        game, _ = self.scene(focus=1)
        assert not offers(game, "matchstick")


# -------------------------------------------------------------------- "Broadside"
class TestBroadside:
    def scene(self, turret, enemy_at, weapon="dorsalturret"):
        sc = Scene()
        broad = sc.ship("broadside", at=(400, 300, 0), upgrades=["dorsalturret"],
                        turret=turret)
        tie = sc.ship("academypilot", player=2, at=enemy_at)
        game = sc.attack(broad, tie, dice=["blank", "hit"], defense=["blank"] * 3,
                         weapon=weapon)
        skip_dice(game, "modify_attack_dice", broad)
        return game, broad

    def test_side_turret_changes_a_blank_to_focus(self):
        """Broadside attacks with his Dorsal Turret pointed at his left arc: he may change
        his blank result to a focus result."""
        game, _ = self.scene("left", (250, 300, 90))
        modify_with(game, "broadside")
        assert [e["text"] for e in game.log if e["kind"] == "modify"][-1].endswith(
            "-> focus, hit")

    def test_not_with_the_turret_pointing_front(self):
        """The same turret attack with the indicator pointing at his front arc: nothing
        is offered."""
        game, _ = self.scene("front", (400, 450, 180))
        assert not offers(game, "broadside")

    def test_not_for_a_primary_attack(self):
        """A primary attack, even with the turret indicator at his left arc: nothing."""
        game, _ = self.scene("left", (400, 450, 180), weapon="primary:front")
        assert not offers(game, "broadside")


# ------------------------------------------------------------------------ "Goji"
class TestGoji:
    def scene(self, bomb_at=None, goji_at=(300, 300, 0)):
        sc = Scene()
        sc.ship("goji", at=goji_at)
        friend = sc.ship("redsquadronbomber", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        if bomb_at is not None:
            game.state.devices.append(PlacedDevice("protonbomb-1", "protonbombs",
                                                   "protonbomb", "bomb", 1,
                                                   Pose(*bomb_at, 0), "bomb"))
            game.state.moved()
        start_at(game, Engage(tie))
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        declare(game, tie, friend)
        return game, friend

    def test_a_friendly_bomb_adds_a_defense_die(self):
        """A friendly BTL-B defends with a friendly bomb at range 1 of it and Goji at range
        1: it may roll 1 additional defense die (2 instead of 1)."""
        game, friend = self.scene(bomb_at=(400, 220))
        skip_to(game, "use_ability")
        game.answer("use")
        skip_dice(game)
        assert len(rolled(game, friend)) == 2

    def test_no_bomb_no_extra_die(self):
        """Without a bomb near the defender, it rolls its 1 agility die."""
        game, friend = self.scene()
        pass_all(game)
        assert len(rolled(game, friend)) == 1

    def test_not_beyond_range_3_of_goji(self):
        """Goji beyond range 3 of the defender: the bomb gives nothing."""
        game, friend = self.scene(bomb_at=(400, 220), goji_at=(20, 20, 0))
        pass_all(game)
        assert len(rolled(game, friend)) == 1
        assert dice_count(game, -1) == 1
