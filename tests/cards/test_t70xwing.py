"""T-70 X-wing pilots (Resistance) and the ship ability Weapon Hardpoint: each card in a
scene built for it, compared with the same scene without the card (or where it must not
trigger).

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import (
    activation,
    answer,
    finish,
    modify_with,
    offers,
    rolled,
    skip_to,
    values,
)


# ------------------------------------------------------ generics and Weapon Hardpoint
class TestWeaponHardpoint:
    @pytest.mark.parametrize("pilot", ["bluesquadronrookie", "redsquadronexpert",
                                       "blacksquadronace-t70xwing"])
    def test_generic_pilots_field_and_fight(self, pilot):
        """A generic T-70 (no ability text) attacks with its 3-dice primary weapon at
        range 2: 2 hits against 1 evade deal 1 damage."""
        sc = Scene()
        xwing = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(xwing, tie, dice=["hit", "hit", "blank"],
                         defense=["evade", "blank", "blank"])
        finish(game)
        assert len(rolled(game, xwing)) == 3
        assert len(game.state.ships[tie].damage) == 1

    def test_hardpoint_holds_a_torpedo(self):
        """Weapon Hardpoint: the T-70 equips proton torpedoes (its hardpoint slot) and
        attacks with them, rolling 4 dice; a T-70 without them has only its 3-dice
        primary weapon."""
        sc = Scene()
        xwing = sc.ship("bluesquadronrookie", at=(400, 300, 0), upgrades=["protontorpedoes"],
                        locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(xwing, tie, dice=["hit"] * 4, defense=["blank"] * 3,
                         weapon="protontorpedoes")
        assert len(rolled(game, xwing)) == 4


# ------------------------------------------------------------------- Poe Dameron
class TestPoeDameron:
    @staticmethod
    def scene(charges: int = 1):
        sc = Scene()
        poe = sc.ship("poedameron", at=(400, 300, 0), charges={"poedameron": charges})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(poe, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", poe)
        return game, poe

    def test_second_action_treated_as_red(self):
        """After his focus action Poe spends his charge to perform a white boost, treated
        as red: he moves, gains a stress token and has no charge left."""
        game, poe = self.scene()
        answer(game, "use_ability", "use", poe)
        assert game.decision.kind == "perform_action"
        assert "focus" not in values(game)  # the same action can't be repeated
        answer(game, "perform_action", "boost", poe)
        answer(game, "boost_direction", "straight", poe)
        ship = game.state.ships[poe]
        assert ship.pose.y > 300 and ship.stressed
        assert ship.charges["poedameron"].active == 0

    def test_no_charge_no_second_action(self):
        """Without an active charge the ability is not offered: the activation goes on
        without a second action."""
        game, poe = self.scene(charges=0)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[poe].pose.y == 300


class TestPoeDameronSwz68:
    @staticmethod
    def scene(during: bool = True, charges: int = 2, friend_x: float = 550):
        sc = Scene()
        poe = sc.ship("poedameron-swz68", at=(400, 300, 0),
                      charges={"poedameron-swz68": charges})
        friend = sc.ship("bluesquadronrookie", at=(friend_x, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(friend, during_activation=during), phase="activation")
        answer(game, "perform_action", "focus", friend)
        return game, poe, friend

    def test_friend_performs_a_white_action_as_red(self):
        """A friendly T-70 at range 1 focuses during its activation: Poe spends 2 charges
        and it performs a boost treated as red (it moves and is stressed)."""
        game, poe, friend = self.scene()
        answer(game, "use_ability", "use", poe)
        answer(game, "perform_action", "boost", friend)
        answer(game, "boost_direction", "straight", friend)
        ship = game.state.ships[friend]
        assert ship.pose.y > 300 and ship.stressed
        assert game.state.ships[poe].charges["poedameron-swz68"].active == 0

    def test_not_outside_its_activation(self):
        """The friend's action is not during its activation: no offer."""
        game, _, friend = self.scene(during=False)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[friend].stressed

    def test_not_with_one_charge_or_beyond_range_2(self):
        """With 1 charge, or with the friend at range 3, Poe is not asked."""
        for kw in ({"charges": 1}, {"friend_x": 690}):
            game, _, _ = self.scene(**kw)
            assert game.decision is None or game.decision.kind != "use_ability", kw


# ---------------------------------------------------------------------- Ello Asty
class TestElloAsty:
    @staticmethod
    def run(pilot: str, stress: int):
        sc = Scene()
        ello = sc.ship(pilot, at=(400, 300, 0), tokens={"stress": stress})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ello, "3ER")
        if game.decision is not None and game.decision.kind == "tallon_position":
            answer(game, "tallon_position", "middle", ello)
        return game, game.state.ships[ello]

    @staticmethod
    def executed(game) -> list[str]:
        return [e["maneuver"] for e in game.log if e["kind"] == "move"]

    def test_stressed_red_tallon_roll_is_white(self):
        """Stressed (1), Ello reveals a red [3 Tallon roll left]: treated as white, he
        executes it (ends turned left) and gains no stress; a generic T-70 executes the
        stress maneuver [2 straight] instead and stays heading forward."""
        game, ello = self.run("elloasty", 1)
        assert self.executed(game) == ["3EW"] and ello.count(Token.STRESS) == 1
        base, _generic = self.run("redsquadronexpert", 1)
        assert self.executed(base) == ["2FW"]

    def test_not_with_three_stress(self):
        """With 3 stress tokens the ability does not apply: he executes the stress
        maneuver."""
        game, _ = self.run("elloasty", 3)
        assert self.executed(game) == ["2FW"]

    def test_unstressed_gains_no_stress(self):
        """Unstressed, the treated-white Tallon roll gives him no stress token."""
        game, ello = self.run("elloasty", 0)
        assert self.executed(game) == ["3EW"] and not ello.stressed


# ----------------------------------------------------------------------- Kare Kun
class TestKareKun:
    @staticmethod
    def boost_options(pilot: str):
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", ship)
        return game, ship

    def test_turn_templates_offered(self):
        """Kare's boost may use the [1 turn] templates (she ends turned 90 degrees); a
        generic T-70's boost offers only the bank and straight ones."""
        game, kare = self.boost_options("karekun")
        assert {"turn_left", "turn_right"} <= set(values(game))
        answer(game, "boost_direction", "turn_left", kare)
        assert round(game.state.ships[kare].pose.heading) % 360 != 0
        base, _ = self.boost_options("bluesquadronrookie")
        assert "turn_left" not in values(base)


# ----------------------------------------------------------------------- Nien Nunb
class TestNienNunb:
    @staticmethod
    def run(pilot: str, tie_at):
        sc = Scene()
        nien = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=tie_at)
        # his red [4 Koiogran turn] gives him a stress token, ending facing the TIE
        return activation(sc, nien, "4KR"), nien, tie

    def test_removes_the_stress_with_an_enemy_ahead(self):
        """After the red K-turn he gains a stress token with a TIE at range 1 in his front
        arc: he may remove it; a generic T-70 keeps it."""
        game, nien, _ = self.run("niennunb", (470, 420, 0))
        answer(game, "use_ability", "use", nien)
        assert not game.state.ships[nien].stressed
        base, generic, _ = self.run("redsquadronexpert", (470, 420, 0))
        assert base.state.ships[generic].stressed

    def test_not_without_an_enemy_in_range(self):
        """The TIE is far away: no offer, he stays stressed."""
        game, nien, _ = self.run("niennunb", (100, 850, 180))
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[nien].stressed


# ------------------------------------------------------------------- Jaycris Tubbs
class TestJaycrisTubbs:
    @staticmethod
    def run(dial: str):
        sc = Scene()
        jay = sc.ship("jaycristubbs", at=(400, 300, 0))
        friend = sc.ship("redsquadronexpert", at=(510, 380, 0), tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, jay, dial), jay, friend

    def test_blue_maneuver_destresses_a_friend(self):
        """After a blue [2 straight] the stressed friend at range 1 removes its stress
        token."""
        game, jay, friend = self.run("2FB")
        answer(game, "use_ability", friend, jay)
        assert not game.state.ships[friend].stressed

    def test_he_may_choose_himself(self):
        """Range 0-1 includes himself: with 2 stress tokens, the blue maneuver removes one
        and his ability the other."""
        sc = Scene()
        jay = sc.ship("jaycristubbs", at=(400, 300, 0), tokens={"stress": 2})
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, jay, "2FB")
        assert jay in values(game)
        answer(game, "use_ability", jay, jay)
        assert not game.state.ships[jay].stressed

    def test_not_after_a_white_maneuver(self):
        """After a white [4 straight] nothing is offered: the friend stays stressed."""
        game, _jay, friend = self.run("4FW")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[friend].stressed


# ------------------------------------------------------------------- Temmin Wexley
class TestTemminWexley:
    @staticmethod
    def run(pilot: str, dial: str):
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, ship, dial), ship

    def test_boost_after_a_speed_2_maneuver(self):
        """After a [2 straight] Temmin may boost (before his action step): he moves
        further than the maneuver took him."""
        game, temmin = self.run("temminwexley", "2FB")
        answer(game, "use_ability", "boost", temmin)
        answer(game, "perform_action", "boost", temmin)
        answer(game, "boost_direction", "straight", temmin)
        base, generic = self.run("redsquadronexpert", "2FB")
        assert game.state.ships[temmin].pose.y > base.state.ships[generic].pose.y

    def test_not_after_a_speed_1_maneuver(self):
        """After a [1 straight] no boost is offered (the next decision is the ordinary
        action step)."""
        game, _ = self.run("temminwexley", "1FB")
        assert game.decision.kind == "perform_action"


# ------------------------------------------------------------------ C'ai Threnalli
class TestCaiThrenalli:
    @staticmethod
    def run(friend_x: float):
        sc = Scene()
        cai = sc.ship("caithrenalli", at=(400, 300, 0))
        sc.ship("redsquadronexpert", at=(friend_x, 380, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, cai, "4FW"), cai

    def test_evade_after_moving_through_a_friend(self):
        """Her [4 straight] passes over a friendly ship: she may perform an evade action
        (not on her bar) and gains an evade token."""
        game, cai = self.run(400)
        answer(game, "use_ability", "evade", cai)
        answer(game, "perform_action", "evade", cai)
        assert game.state.ships[cai].has(Token.EVADE)

    def test_not_when_the_path_is_clear(self):
        """The friend is beside her path: no evade offered."""
        game, _cai = self.run(600)
        assert game.decision.kind == "perform_action"
        assert "evade" not in values(game)


# -------------------------------------------------------------------- Nimi Chireen
class TestNimiChireen:
    @staticmethod
    def run(defender: str):
        sc = Scene()
        nimi = sc.ship("nimichireen", at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship(defender, player=2, at=(400, 500, 180))
        game = sc.attack(nimi, tie, dice=["hit", "blank", "blank"], defense=["blank"] * 3)
        return game, nimi, tie

    def test_blank_to_focus_against_higher_initiative(self):
        """Attacking an initiative 3 TIE: she changes a blank to a focus, which her focus
        token turns into a hit - 2 damage instead of 1."""
        game, nimi, tie = self.run("blacksquadronace")
        skip_to(game, "modify_attack_dice", nimi)
        modify_with(game, "nimichireen")
        modify_with(game, "focus")
        finish(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_not_against_lower_initiative(self):
        """Against an initiative 1 TIE the change is not offered."""
        game, _nimi, tie = self.run("academypilot")
        # no other modification applies either: no Modify Dice decision at all
        assert game.decision is None or not offers(game, "nimichireen")
        finish(game)
        assert len(game.state.ships[tie].damage) == 1


# ---------------------------------------------------------------------- Zay Versio
class TestZayVersio:
    @staticmethod
    def run(attacker_damaged: bool):
        sc = Scene()
        zay = sc.ship("zayversio", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        if attacker_damaged:
            game.state.ships[tie].damage = (DamageCard("directhit", False, 1),)
        load_dice(game, ["hit", "hit"], ["blank", "blank"],
                  then=faces(DieKind.DEFENSE, ["evade"]))
        declare(game, tie, zay)
        return game, zay

    def test_reroll_against_a_damaged_attacker(self):
        """The attacker has a damage card: Zay rerolls a blank into an evade and loses 1
        of his 3 shields instead of 2."""
        game, zay = self.run(True)
        skip_to(game, "modify_defense_dice", zay)
        modify_with(game, "zayversio")
        finish(game)
        assert game.state.ships[zay].shields == 2

    def test_not_against_an_undamaged_attacker(self):
        """Against an undamaged attacker no reroll is offered: both hits land."""
        game, zay = self.run(False)
        assert game.decision is None or not offers(game, "zayversio")
        finish(game)
        assert game.state.ships[zay].shields == 1


# ------------------------------------------------------------------ Joph Seastriker
class TestJophSeastriker:
    def attacked(self, pilot: str, shields: int | None = None):
        sc = Scene()
        xwing = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        if shields is not None:
            game.state.ships[xwing].shields = shields
        load_dice(game, ["hit", "hit", "blank"], ["blank", "blank"])
        declare(game, tie, xwing)
        finish(game)
        return game.state.ships[xwing]

    def test_each_shield_lost_to_damage_gains_an_evade_token(self):
        """Two hits against Joph's 3 shields: he loses 2 shields, and after each he gains
        1 evade token (2 in all); a generic T-70 in his place gains none."""
        joph = self.attacked("jophseastriker")
        assert joph.shields == 1 and joph.tokens.get(Token.EVADE, 0) == 2
        generic = self.attacked("blacksquadronace-t70xwing")
        assert generic.shields == 1 and generic.tokens.get(Token.EVADE, 0) == 0

    def test_damage_cards_without_shields_gain_nothing(self):
        """With no active shield each hit deals a damage card: no shield is lost, so no
        evade token."""
        joph = self.attacked("jophseastriker", shields=0)
        assert len(joph.damage) == 2 and joph.tokens.get(Token.EVADE, 0) == 0

    def test_one_shield_left_one_evade(self):
        """With 1 shield left, 2 hits lose that shield (1 evade) and deal 1 damage card."""
        joph = self.attacked("jophseastriker", shields=1)
        assert joph.shields == 0 and len(joph.damage) == 1
        assert joph.tokens.get(Token.EVADE, 0) == 1

    def test_a_shield_spent_as_a_cost_is_lost_too(self):
        """Ruling (docs/rulings.md, Joph Seastriker): spending a shield as a cost loses it.
        R2-D2 (Resistance) spends 1 shield in the End Phase to remove Joph's stress token:
        he gains 1 evade token."""
        sc = Scene()
        joph = sc.ship("jophseastriker", at=(400, 300, 0), upgrades=["r2d2-resistance"],
                       tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(FireWindow.of("end_phase"), phase="end")
        answer(game, "use_ability", "token:stress", joph)
        finish(game)
        ship = game.state.ships[joph]
        assert ship.shields == 2 and not ship.stressed
        assert ship.tokens.get(Token.EVADE, 0) == 1
