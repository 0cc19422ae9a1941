"""TIE/sa Bomber pilots and the Nimble Bomber ship ability: each test sets a scene, states
the card's rule and shows the ability changing the outcome (the same scene without the
card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2, 300 mm at range 3. Standard-loadout printings get their upgrades
explicitly (a scene equips only what it is given)."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.devices import device_templates
from tallon.engine.rounds import Activate, SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.helpers import (
    Hurt,
    answer,
    engage,
    finish,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    values,
)
from tests.rules.attack_helpers import targets

ENEMY_FAR = (400, 800, 180)


def _system_turn(pilot, upgrades, charges=None, **setup):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, charges=charges or {}, **setup)
    sc.ship("academypilot", player=2, at=ENEMY_FAR)
    game = sc.game()
    start_at(game, SystemTurn(me), phase="system")
    return game, me


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["gammasquadronace", "scimitarsquadronpilot"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules alone: its primary attack at
    range 2 (2 dice) hits an undefended TIE twice."""
    sc = Scene()
    bomber = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(bomber, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert rolled(game, bomber) == ["hit", "hit"]
    assert len(game.state.ships[target].damage) == 2


# ------------------------------------------------------------------ Nimble Bomber
class TestNimbleBomber:
    def test_a_straight_drop_may_use_a_bank_template(self):
        """Nimble Bomber: dropping a proton bomb (its card: [1 straight]) the TIE/sa may use
        the [1 bank left] or [1 bank right] template instead; a B-wing with the same card
        is offered the straight one only."""
        game, _ = _system_turn("scimitarsquadronpilot", ["protonbombs"])
        assert values(game) == ["1F", "1B", "1N", "decline"]
        game.answer("1B")
        bomb = game.state.devices[0]
        # at the end of the bank template: turned 45 degrees, off the ship's centre line
        # (a straight drop puts it at (400, 240) facing 180)
        assert bomb.pose.heading == 135 and bomb.pose.x == pytest.approx(423.43, abs=0.01)
        other, _ = _system_turn("graysquadronbomber", ["protonbombs"])
        assert values(other) == ["1F", "decline"]

    def test_not_for_a_launch(self):
        """Nimble Bomber speaks of dropping only: a device launched with a straight template
        gets no bank template (the hook asked for a launch adds nothing)."""
        game, me = _system_turn("scimitarsquadronpilot", ["protonbombs"])
        ship = game.state.ships[me]
        assert device_templates(game, ship, "protonbombs", ("1F",), True) == [("1F", True)]
        assert ("1B", False) in device_templates(game, ship, "protonbombs", ("1F",), False)

    def test_banks_a_straight_template_another_card_offers(self):
        """RR: DEVICE ("other effects can modify how it is placed"): with Skilled
        Bombardier's [2 straight] the drop may also use the [2 bank] templates."""
        game, _ = _system_turn("scimitarsquadronpilot", ["protonbombs", "skilledbombardier"])
        assert set(values(game)) == {"1F", "1B", "1N", "2F", "2B", "2N", "decline"}


# ------------------------------------------------------------------ Captain Jonus
def _jonus_scene(jonus_x, weapon="protontorpedoes", pilot="captainjonus"):
    """Jonus at ``jonus_x`` beside a Gamma Squadron Ace at (400, 300) that attacks a TIE
    at range 2 with ``weapon``: blanks only (4 torpedo dice, 2 primary ones), the rerolls
    hits, the defense blanks."""
    sc = Scene()
    sc.ship(pilot, at=(jonus_x, 300, 0))
    friend = sc.ship("gammasquadronace", at=(400, 300, 0), upgrades=["protontorpedoes"],
                     locks=["p2.1"])
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    count = 4 if weapon == "protontorpedoes" else 2
    game = engage(sc, friend, attack=["blank"] * count, rerolls=["hit", "hit"],
                  defense=["blank"] * 3)
    declare(game, friend, enemy, weapon)
    return game, friend, enemy


class TestCaptainJonus:
    @pytest.mark.parametrize("pilot", ["captainjonus", "captainjonus-swz105"])
    def test_friend_at_range_1_rerolls_two_torpedo_dice(self, pilot):
        """Captain Jonus: a friendly ship at range 0-1 performing a torpedo attack may
        reroll up to 2 attack dice: two blanks rerolled as hits deal 2 damage (without the
        reroll, the same scene deals none: test_not_beyond_range_1)."""
        game, _, enemy = _jonus_scene(480, pilot=pilot)
        modify_with(game, pilot, "reroll 2 blank")
        finish(game)
        assert len(game.state.ships[enemy].damage) == 2

    def test_not_beyond_range_1(self):
        """A friend at range 2 of Jonus gets no reroll: its blanks deal no damage."""
        game, _, enemy = _jonus_scene(620)
        assert not offers(game, "captainjonus")
        finish(game)
        assert len(game.state.ships[enemy].damage) == 0

    def test_not_for_a_primary_attack(self):
        """Only torpedo and missile attacks: the friend's primary attack gets no reroll."""
        game, _, _ = _jonus_scene(480, weapon="primary:front")
        assert not offers(game, "captainjonus")

    def test_his_own_missile_attack(self):
        """RR: FRIENDLY - Jonus is friendly to himself (range 0): his own missile attack
        with Barrage Rockets (a dual missile card counts as a missile: RR: FAQ) may reroll."""
        sc = Scene()
        jonus = sc.ship("captainjonus", at=(400, 300, 0), upgrades=["barragerockets"],
                        focus=1)
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(jonus, enemy, dice=["blank"] * 3, defense=["blank"] * 3,
                         weapon="barragerockets")
        assert offers(game, "captainjonus")


class TestCaptainJonusTopCover:
    def test_gains_an_evade_token_after_dropping(self):
        """Captain Jonus (Top Cover): after dropping a device he gains 1 evade token."""
        game, me = _system_turn("captainjonus-swz98", ["protonbombs"])
        game.answer("1F")
        pass_all(game)
        assert game.state.ships[me].count(Token.EVADE) == 1

    def test_nothing_without_a_device(self):
        """Declining the drop, he gains nothing; another bomber dropping gains nothing."""
        game, me = _system_turn("captainjonus-swz98", ["protonbombs"])
        game.answer("decline")
        pass_all(game)
        assert game.state.ships[me].count(Token.EVADE) == 0
        other, ace = _system_turn("gammasquadronace", ["protonbombs"])
        other.answer("1F")
        pass_all(other)
        assert other.state.ships[ace].count(Token.EVADE) == 0


# ------------------------------------------------------------------- Major Rhymer
def _rhymer_targets(pilot, y, torpedo="protontorpedoes"):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=[torpedo], locks=["p2.1"])
    enemy = sc.ship("academypilot", player=2, at=(400, y, 180))
    game = sc.at(Engage(me))
    return targets(game), enemy


class TestMajorRhymer:
    def test_torpedoes_reach_one_range_closer(self):
        """Major Rhymer: the proton torpedoes' range 2-3 may become 1-3: a TIE at range 1
        is a valid torpedo target for him, not for a Gamma Squadron Ace."""
        found, enemy = _rhymer_targets("majorrhymer", 420)
        assert found[("protontorpedoes", enemy)] == 1
        found, enemy = _rhymer_targets("gammasquadronace", 420)
        assert ("protontorpedoes", enemy) not in found

    def test_advanced_proton_torpedoes_reach_range_2_not_3(self):
        """Range 1 only becomes at most 0-2 (one step): range 2 is reached, range 3 not."""
        found, enemy = _rhymer_targets("majorrhymer", 520, "advprotontorpedoes")
        assert found[("advprotontorpedoes", enemy)] == 2
        found, enemy = _rhymer_targets("majorrhymer", 620, "advprotontorpedoes")
        assert ("advprotontorpedoes", enemy) not in found

    def test_torpedoes_at_range_0(self):
        """RR: FAQ - he may perform a torpedo attack at attack range 0 (touching bases)."""
        found, enemy = _rhymer_targets("majorrhymer", 340, "advprotontorpedoes")
        assert found.get(("advprotontorpedoes", enemy)) == 0


def _bullseye_scene(x, pilot="majorrhymer-swz98", weapon="advprotontorpedoes"):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=["advprotontorpedoes"], locks=["p2.1"])
    enemy = sc.ship("academypilot", player=2, at=(x, 400, 180))
    game = sc.attack(me, enemy, dice=["focus", "blank", "blank", "blank", "blank"],
                     defense=["blank"] * 3, weapon=weapon)
    return game, me, enemy


class TestMajorRhymerPrecisionDestruction:
    def test_focus_becomes_a_crit_in_the_bullseye(self):
        """Major Rhymer (Precision Destruction): a torpedo attack on a defender in his
        bullseye arc changes 1 focus result to a critical hit (mandatory)."""
        game, _, _ = _bullseye_scene(400)
        assert offers(game, "majorrhymer-swz98")
        assert "done" not in values(game)  # it must be used
        modify_with(game, "majorrhymer-swz98")
        faces = [d.face.name for d in game.state.attack.attack_dice]
        assert faces.count("CRIT") == 1 and faces.count("FOCUS") == 0

    def test_not_outside_the_bullseye(self):
        """The defender in his front arc but not his bullseye: the focus stays."""
        game, _, _ = _bullseye_scene(450)
        assert not offers(game, "majorrhymer-swz98")

    def test_not_for_a_primary_attack(self):
        """A primary attack in the bullseye is no torpedo attack."""
        game, _, _ = _bullseye_scene(400, weapon="primary:front")
        assert not offers(game, "majorrhymer-swz98")


# --------------------------------------------------------------------- Tomax Bren
def _reload(pilot, elusive=0):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=["elusive", "protonbombs"],
                 charges={"elusive": elusive, "protonbombs": 1})
    sc.ship("academypilot", player=2, at=ENEMY_FAR)
    game = sc.at(PerformAction(me, during_activation=True), phase="activation")
    return game, me


class TestTomaxBren:
    @pytest.mark.parametrize("pilot", ["tomaxbren", "tomaxbren-swz105"])
    def test_reload_recovers_a_talent_charge(self, pilot):
        """Tomax Bren: after a reload action he may recover 1 charge of an equipped talent
        upgrade (Elusive, spent): it is back at 1, besides the bomb's reloaded charge."""
        game, me = _reload(pilot)
        game.answer("reload")
        answer(game, "use_ability", "elusive", me)
        ship = game.state.ships[me]
        assert ship.charges["elusive"].active == 1
        assert ship.charges["protonbombs"].active == 2

    def test_other_pilot_or_full_talent(self):
        """A Gamma Squadron Ace reloading keeps its spent Elusive; Tomax with a full Elusive
        is not asked."""
        game, me = _reload("gammasquadronace")
        game.answer("reload")
        pass_all(game)
        assert game.state.ships[me].charges["elusive"].active == 0
        game, me = _reload("tomaxbren", elusive=1)
        game.answer("reload")
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_after_another_action(self):
        """After a focus action he is not asked."""
        game, me = _reload("tomaxbren")
        game.answer("focus")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[me].charges["elusive"].active == 0


class TestTomaxBrenScimitarVeteran:
    def _roll(self, charges):
        sc = Scene()
        me = sc.ship("tomaxbren-swz98", at=(400, 300, 0), charges={"tomaxbren-swz98": charges})
        sc.ship("academypilot", player=2, at=ENEMY_FAR)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        pass_until(game, "use_ability", me) if charges >= 2 else pass_all(game)
        return game, me

    def test_barrel_roll_then_focus_for_2_charges(self):
        """Tomax Bren (Scimitar Veteran): after a barrel roll action he may spend 2 charges
        to gain a focus token."""
        game, me = self._roll(2)
        game.answer("use")
        ship = game.state.ships[me]
        assert ship.count(Token.FOCUS) == 1 and ship.charges["tomaxbren-swz98"].active == 0

    def test_not_with_1_charge(self):
        """With 1 charge he can't pay: no focus token."""
        game, me = self._roll(1)
        assert game.state.ships[me].count(Token.FOCUS) == 0


# ------------------------------------------------------------ "Deathfire" (swz98)
class TestDeathfireObstinateBombardier:
    def _after(self, dial, placed=False):
        sc = Scene()
        me = sc.ship("deathfire-swz98", at=(400, 300, 0), upgrades=["protonbombs"])
        sc.ship("academypilot", player=2, at=ENEMY_FAR)
        game = sc.game()
        ship = game.state.ships[me]
        ship.dial_set = dial
        if placed:
            ship.device_placed = (game.state.round, "system")
        start_at(game, Activate(me), phase="activation")
        return game, me

    def test_drops_or_launches_a_bomb_with_the_3_straight(self):
        """"Deathfire": after fully executing a speed 3 maneuver he may spend 2 charges to
        drop or launch a bomb with the [3 straight] template (Nimble Bomber adds the
        [3 bank] drops), paying the bomb card's charge too (RR: DEVICE)."""
        game, me = self._after("3FB")
        assert game.decision.kind == "launch_device"
        assert set(values(game)) == {"protonbombs@3F", "protonbombs@launch:3F",
                                     "protonbombs@3B", "protonbombs@3N", "decline"}
        game.answer("protonbombs@launch:3F")
        ship = game.state.ships[me]
        assert ship.charges["deathfire-swz98"].active == 0
        assert ship.charges["protonbombs"].active == 1
        assert game.state.devices[0].pose.y > 300

    def test_not_after_a_speed_2_maneuver(self):
        """A speed 2 maneuver does not trigger it."""
        game, _ = self._after("2FB")
        assert game.decision.kind != "launch_device"

    def test_not_after_a_device_this_round(self):
        """Having dropped a device in the System Phase, he can't."""
        game, _ = self._after("3FB", placed=True)
        assert game.decision.kind != "launch_device"


# ------------------------------------------------------------------ Scimitar 1 and 3
class TestScimitar1:
    def _attack(self, scimitar_x, charges=2):
        sc = Scene()
        me = sc.ship("scimitar1-battleoverendor", at=(scimitar_x, 300, 0),
                     charges={"scimitar1-battleoverendor": charges})
        friend = sc.ship("gammasquadronace", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(friend, enemy, dice=["blank", "blank"], defense=["blank"] * 3)
        return game, me, enemy

    def test_locks_the_defender_after_a_friend_attacks(self):
        """Scimitar 1: after a friendly ship at range 0-3 attacks, she may spend 1 charge to
        acquire a lock on the defender."""
        game, me, enemy = self._attack(300)
        pass_until(game, "use_ability", me)
        game.answer("use")
        ship = game.state.ships[me]
        assert ship.locks == [enemy] and ship.charges["scimitar1-battleoverendor"].active == 1

    def test_not_without_a_charge_or_beyond_range_3(self):
        """No charge left, or the attacker beyond range 3 (and the defender too): no lock."""
        for x, charges in ((300, 0), (800, 2)):
            game, me, _ = self._attack(x, charges)
            pass_all(game)
            assert game.state.ships[me].locks == []


class TestScimitar3:
    def test_boosts_after_dropping_a_bomb(self):
        """Scimitar 3: after dropping a bomb she may spend 1 charge to perform a boost
        action (not on her bar): she ends 1 template further on."""
        game, me = _system_turn("scimitar3-battleoverendor", ["protonbombs"])
        game.answer("1F")
        answer(game, "use_ability", "boost", me)
        answer(game, "perform_action", "boost", me)
        answer(game, "boost_direction", "straight", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert ship.charges["scimitar3-battleoverendor"].active == 1
        assert ship.pose.y > 300 + 39

    def test_not_after_a_mine(self):
        """A proximity mine is no bomb: no boost."""
        game, _ = _system_turn("scimitar3-battleoverendor", ["proximitymines"])
        game.answer(values(game)[0])
        assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------- "Deathfire"
def _doomed(pilot, step=None, phase="engagement"):
    """``pilot`` at (400, 300) with Proton Bombs and 5 of its 6 hull lost; a TIE at range 2
    ahead attacks it with 2 hits (or ``step`` hurts it), the TIE's dice rolling blanks
    against 2 hits of the bomber's own attack."""
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=["protonbombs"])
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.game()
    ship = game.state.ships[me]
    ship.damage = tuple(DamageCard("structuraldamage", False, 90 + i) for i in range(5))
    start_at(game, step or Engage(enemy), phase=phase)
    load_dice(game, ["hit", "hit"], ["blank", "blank"],
              then=faces(DieKind.ATTACK, ["hit", "hit"]) + faces(DieKind.DEFENSE, ["blank"] * 3))
    if step is None:
        declare(game, enemy, me)
    return game, me, enemy


class TestDeathfire:
    def test_attacks_and_drops_a_bomb_when_destroyed(self):
        """"Deathfire": after he is destroyed, before he is removed, he may perform an
        attack (2 hits on the TIE) and drop 1 device (a proton bomb, paying its charge;
        Nimble Bomber offers the bank drops too)."""
        game, me, enemy = _doomed("deathfire")
        pass_until(game, "use_ability", me)
        game.answer("use")
        answer(game, "declare_attack", f"primary:front@{enemy}", me)
        pass_until(game, "launch_device", me)
        assert set(values(game)) == {"protonbombs@1F", "protonbombs@1B", "protonbombs@1N",
                                     "decline"}
        game.answer("protonbombs@1F")
        pass_all(game)
        assert len(game.state.ships[enemy].damage) == 2
        assert [d.kind for d in game.state.devices] == ["protonbomb"]
        assert game.state.ships[me].charges["protonbombs"].active == 1

    def test_another_bomber_does_nothing(self):
        """A Gamma Squadron Ace destroyed the same way neither attacks nor drops."""
        game, _, enemy = _doomed("gammasquadronace")
        pass_all(game)
        assert len(game.state.ships[enemy].damage) == 0 and game.state.devices == []

    def test_destroyed_outside_the_engagement_phase(self):
        """Destroyed in the Activation Phase (by damage from outside an attack), he still
        attacks before he is removed."""
        game, me, enemy = _doomed("deathfire", Hurt("p1.1"), phase="activation")
        answer(game, "use_ability", "use", me)
        answer(game, "declare_attack", f"primary:front@{enemy}", me)
        pass_all(game)
        assert len(game.state.ships[enemy].damage) == 2
        assert not game.state.ships[me].in_play

    def test_the_device_without_the_attack(self):
        """Declining the attack, he may still drop the device (ruling: each part is his
        choice, in the card's order)."""
        game, me, enemy = _doomed("deathfire")
        pass_until(game, "use_ability", me)
        game.answer("use")
        answer(game, "declare_attack", "none", me)
        answer(game, "launch_device", "protonbombs@1N", me)
        pass_all(game)
        assert len(game.state.ships[enemy].damage) == 0
        assert len(game.state.devices) == 1
