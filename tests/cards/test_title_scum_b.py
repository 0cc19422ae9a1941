"""Titles of the Firespray (Slave I, both printings; Andrasta; Marauder), the G-1A (Mist
Hunter) and the Gauntlet Fighter (Gauntlet): each card in a scene built for it, compared
with the same scene without the card, and where it must not act.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import DamageCard
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import activation, answer, finish, modify_with, offers, skip_dice


def _heading(game, ship: str) -> float:
    return game.state.ships[ship].pose.heading % 360


class TestSlaveI:
    @staticmethod
    def game(dial: str, title: bool = True):
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 300, 0), upgrades=["slavei"] if title else [])
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, me, dial), me

    def test_turn_set_to_the_other_direction(self):
        """After revealing a [2 turn left] the Firespray may set its dial to the [2 turn
        right]: it executes that instead and ends facing the other way than it would."""
        game, me = self.game("2TW")
        assert game.decision.kind == "use_ability"
        assert game.decision.option_keys() == ["2YW", "decline"]
        answer(game, "use_ability", "2YW", me)
        turned = _heading(game, me)
        plain, me2 = self.game("2TW", title=False)
        assert turned != _heading(plain, me2)
        assert game.state.ships[me].dial_set == "2YW"

    def test_bank_keeps_its_printed_difficulty(self):
        """A blue [1 bank left] is set to the [1 bank right], blue on the dial."""
        game, _me = self.game("1BB")
        assert game.decision.option_keys() == ["1NB", "decline"]

    def test_not_after_a_straight(self):
        """A [2 straight] is neither a turn nor a bank: not asked."""
        game, _me = self.game("2FB")
        assert game.decision.kind == "perform_action"


class TestSlaveISWZ82:
    @staticmethod
    def attack(tie_heading: float):
        sc = Scene()
        me = sc.ship("bobafett", at=(400, 300, 0), upgrades=["slavei-swz82"])
        tie = sc.ship("academypilot", player=2, at=(400, 530, tie_heading))
        game = sc.at(Engage(me))
        load_dice(game, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, me, tie)
        return game, me, tie

    def test_behind_the_defender_a_hit_becomes_a_crit(self):
        """Boba attacks from the TIE's full rear arc with his front arc: he changes a hit to
        a critical hit, the TIE is dealt a faceup damage card."""
        game, me, tie = self.attack(0)
        skip_dice(game, "modify_attack_dice", me)
        modify_with(game, "slavei-swz82")
        skip_dice(game)
        assert sum(1 for d in game.state.ships[tie].damage if d.faceup) == 1

    def test_not_in_front_of_the_defender(self):
        """The TIE faces Boba: not offered; only facedown damage."""
        game, _me, tie = self.attack(180)
        assert not offers(game, "slavei-swz82")
        skip_dice(game)
        assert not any(d.faceup for d in game.state.ships[tie].damage)


class TestMarauder:
    @staticmethod
    def attack(tie_y: float, title: bool = True):
        sc = Scene()
        me = sc.ship("bountyhunter", at=(400, 400, 0), upgrades=["marauder"] if title else [])
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 0))
        game = sc.at(Engage(me))
        load_dice(game, ["blank"] * 3, [])
        declare(game, me, tie)
        return game, me

    def test_rear_primary_attack_reroll(self):
        """A primary attack from the rear arc: Marauder offers a reroll of 1 attack die."""
        game, me = self.attack(200)
        skip_dice(game, "modify_attack_dice", me)
        assert offers(game, "marauder")
        plain, _ = self.attack(200, title=False)
        assert not offers(plain, "marauder")

    def test_not_in_a_front_arc_attack(self):
        """The TIE ahead: a front-arc primary attack, no reroll offered."""
        game, _me = self.attack(600)
        assert not offers(game, "marauder")
        finish(game)


class TestAndrastaAndMistHunter:
    def test_grants_join_the_action_bar(self):
        """Andrasta adds a white reload action to the Firespray, Mist Hunter a white barrel
        roll to the G-1A; without them, neither is on the bar."""
        sc = Scene()
        fire = sc.ship("bountyhunter", at=(200, 300, 0), upgrades=["andrasta"])
        g1a = sc.ship("gandfindsman", at=(500, 300, 0), upgrades=["misthunter"])
        plain = sc.ship("bountyhunter", at=(700, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        ships = game.state.ships
        assert "reload" in [a.kind for a in ships[fire].actions]
        assert "barrel_roll" in [a.kind for a in ships[g1a].actions]
        assert "reload" not in [a.kind for a in ships[plain].actions]


class TestGauntlet:
    @staticmethod
    def turn(card: str):
        sc = Scene()
        me = sc.ship("niteowlliberator", at=(400, 300, 0), upgrades=["gauntlet"],
                     damage=[DamageCard(card, True, 81)])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        return game, me

    def test_repairs_a_faceup_ship_card(self):
        """System Phase: the Gauntlet spends 1 charge to repair its faceup Console Fire
        (flipped facedown)."""
        game, me = self.turn("consolefire")
        answer(game, "use_ability", "81", me)
        ship = game.state.ships[me]
        assert not ship.damage[0].faceup
        assert ship.charges["gauntlet"].active == 1

    def test_not_a_pilot_card(self):
        """A faceup Blinded Pilot (Pilot trait): not offered; the charges stay."""
        game, me = self.turn("blindedpilot")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[me].damage[0].faceup
        assert game.state.ships[me].charges["gauntlet"].active == 2
