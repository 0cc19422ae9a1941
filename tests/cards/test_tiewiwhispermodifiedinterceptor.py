"""TIE/wi Whisper Modified Interceptor pilots (First Order): each card in a scene built for
it, compared with the same scene without the card (or where it must not trigger). The ship
ability Heavy Weapon Turret is tested with the TIE/sf fighter (tests/cards/
test_tiesffighter.py).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. Small bases are 40 mm
wide and a range band is 100 mm."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    finish,
    pass_all,
    rolled,
    skip_to,
    values,
)
from tests.cards.test_tiesebomber import ACROSS_BOOST

KYLO = "kyloren-tiewiwhispermodifiedinterceptor"


# ------------------------------------------------------------------ generic pilots
class TestGenericPilots:
    def test_709th_legion_ace_attacks_with_its_bullseye_weapon(self):
        """A 709th Legion Ace (no pilot ability) is played: its 3-dice bullseye primary
        weapon rolls 3 dice at range 2."""
        sc = Scene()
        ace = sc.ship("709thlegionace", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, ace, tie, ["hit"] * 3, ["blank"] * 3, weapon="primary:bullseye")
        assert len(rolled(game, ace)) == 3


# ------------------------------------------------------------------------ Kylo Ren
class TestKyloRen:
    @staticmethod
    def scene(enemy_x: float, force: int = 3):
        sc = Scene()
        kylo = sc.ship(KYLO, at=(400, 300, 0), force=force)
        enemy = sc.ship("academypilot", player=2, at=(enemy_x, 500, 180))
        weapon = "primary:bullseye" if enemy_x == 400 else "primary:single_turret"
        game = attack(sc, kylo, enemy, ["hit"], ["blank"] * 3, deck=["consolefire"],
                      weapon=weapon)
        if enemy_x == 400 and force:
            skip_to(game, "replacement")
        else:
            finish(game)
        return game, kylo, enemy

    def test_facedown_card_dealt_faceup(self):
        """An enemy in his bullseye arc would be dealt a facedown damage card: he spends 1
        Force and it is dealt faceup instead."""
        game, kylo, enemy = self.scene(400)
        answer(game, "replacement", "use", kylo)
        assert [c.faceup for c in game.state.ships[enemy].damage] == [True]
        assert game.state.ships[kylo].force == 2

    def test_declined_stays_facedown(self):
        """Declining: the card is dealt facedown and his Force stays."""
        game, kylo, enemy = self.scene(400)
        answer(game, "replacement", "decline", kylo)
        finish(game)
        assert [c.faceup for c in game.state.ships[enemy].damage] == [False]
        assert game.state.ships[kylo].force == 3

    def test_not_outside_the_bullseye(self):
        """The enemy is in his turret arc but not in his bullseye arc: the card is dealt
        facedown, nothing offered."""
        game, _kylo, enemy = self.scene(470)
        assert [c.faceup for c in game.state.ships[enemy].damage] == [False]

    def test_not_without_force(self):
        """With no Force left he can't pay: the card is dealt facedown."""
        game, _kylo, enemy = self.scene(400, force=0)
        assert [c.faceup for c in game.state.ships[enemy].damage] == [False]


# --------------------------------------------------------------------------- Wrath
class TestWrath:
    @staticmethod
    def scene(stress: int = 1, weapon: str = "primary:bullseye"):
        sc = Scene()
        wrath = sc.ship("wrath", at=(400, 300, 0), stress=stress)
        first = sc.ship("academypilot", player=2, at=(400, 500, 180))
        second = sc.ship("academypilot", player=2, at=(470, 500, 180))
        game = attack(sc, wrath, first, ["blank"] * 3, ["blank"] * 3, weapon=weapon)
        return game, wrath, first, second

    def test_bonus_attack_against_another_target(self):
        """After a bullseye arc attack, stressed: he may perform a bonus attack, against
        the other enemy only (a different target)."""
        game, wrath, _first, second = self.scene()
        skip_to(game, "use_ability", wrath)
        answer(game, "use_ability", "use", wrath)
        assert game.decision.kind == "bonus_attack"
        defenders = {o.info["defender"] for o in game.decision.options if o.info}
        assert defenders == {second}

    def test_not_without_a_red_or_orange_token(self):
        """Without a non-lock red or orange token: no bonus attack after the attack."""
        game, _wrath, _first, _second = self.scene(stress=0)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "bonus_attack" not in kinds

    def test_not_after_a_turret_attack(self):
        """After an attack with his turret weapon (not a bullseye arc attack): nothing."""
        game, _wrath, _first, _second = self.scene(weapon="primary:single_turret")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "bonus_attack" not in kinds


# ------------------------------------------------------------------------ Nightfall
class TestNightfall:
    @staticmethod
    def maneuver(pilot: str, other_x: float, player: int = 2):
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0))
        other = sc.ship("academypilot", player=player, at=(other_x, 360, 180))
        if player == 1:
            sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = activation(sc, ship, "2FB")
        pass_all(game)
        return game, other

    def test_ship_moved_through_gains_two_jam_tokens(self):
        """Her [2 straight] passes over an enemy ship: it gains 2 jam tokens (it has no
        green token or lock to lose, so it keeps them)."""
        game, enemy = self.maneuver("nightfall", 400)
        assert game.state.ships[enemy].count(Token.JAM) == 2

    def test_friendly_ships_too(self):
        """A friendly ship she moves through gains 2 jam tokens as well ("each ship")."""
        game, friend = self.maneuver("nightfall", 400, player=1)
        assert game.state.ships[friend].count(Token.JAM) == 2

    def test_another_tie_wi_jams_nobody(self):
        """The same maneuver by a Red Fury Zealot: no jam token."""
        game, enemy = self.maneuver("redfuryzealot", 400)
        assert not game.state.ships[enemy].has(Token.JAM)

    def test_not_when_the_path_is_clear(self):
        """The enemy is beside her path: no jam token."""
        game, enemy = self.maneuver("nightfall", 520)
        assert not game.state.ships[enemy].has(Token.JAM)

    def test_boost_through_an_enemy(self):
        """Her boost action passes over an enemy's corner: it gains 2 jam tokens."""
        sc = Scene()
        nightfall = sc.ship("nightfall", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=ACROSS_BOOST)
        game = sc.at(PerformAction(nightfall, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", nightfall)
        answer(game, "boost_direction", "straight", nightfall)
        pass_all(game)
        assert game.state.ships[enemy].count(Token.JAM) == 2


# ------------------------------------------------------------------------ Whirlwind
class TestWhirlwind:
    @staticmethod
    def scene(jam: int = 1, watcher_heading: float = 180):
        sc = Scene()
        whirlwind = sc.ship("whirlwind", at=(400, 300, 0), jam=jam)
        sc.ship("academypilot", player=2, at=(400, 500, watcher_heading))
        sc.ship("academypilot", player=2, at=(650, 500, 0))
        game = sc.at(Engage(whirlwind), phase="engagement")
        return game, whirlwind

    def test_remove_jam_then_focus(self):
        """Jammed, with one enemy that has him in its front arc (the other faces away):
        he removes his jam token, then gains 1 focus token."""
        game, whirlwind = self.scene()
        assert set(values(game)) == {"jam1", "jam0+focus", "jam1+focus", "decline"}
        answer(game, "use_ability", "jam1+focus", whirlwind)
        ship = game.state.ships[whirlwind]
        assert not ship.has(Token.JAM)
        assert ship.count(Token.FOCUS) == 1

    def test_focus_while_still_jammed_is_lost(self):
        """Gaining the focus token without removing the jam token first: the jam takes it
        (RR: JAM), he ends with neither."""
        game, whirlwind = self.scene()
        answer(game, "use_ability", "jam0+focus", whirlwind)
        pass_all(game, 3)
        ship = game.state.ships[whirlwind]
        assert not ship.has(Token.FOCUS)
        assert not ship.has(Token.JAM)

    def test_declined(self):
        """Declining: he keeps the jam token and gains no focus."""
        game, whirlwind = self.scene()
        answer(game, "use_ability", "decline", whirlwind)
        ship = game.state.ships[whirlwind]
        assert ship.has(Token.JAM) and not ship.has(Token.FOCUS)

    def test_not_without_jam_or_watchers(self):
        """No jam token, and the enemy ahead faces away: nothing to offer, he goes on to
        declare his attack."""
        game, _whirlwind = self.scene(jam=0, watcher_heading=0)
        assert game.decision.kind == "declare_attack"
