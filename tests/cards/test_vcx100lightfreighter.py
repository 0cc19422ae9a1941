"""VCX-100 light freighter pilots and the ship ability Tail Gun: each test sets a scene,
states the card's rule and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm; the
VCX-100 large base is 80 mm long, a TIE's small base 40 mm."""

from __future__ import annotations

import pytest

from tallon.engine.weapons import weapons_of
from tallon.scene import Scene
from tests.cards.helpers import activation, answer, pass_all, pass_until, rolled, values


class TestTailGun:
    def test_a_docked_shuttle_gives_a_rear_weapon(self):
        """Tail Gun: while a ship is docked, the VCX has a primary rear-arc weapon of the
        docked ship's front attack value (the attack shuttle's 3); without it, none."""
        sc = Scene()
        vcx = sc.ship("lothalrebel", at=(400, 300, 0), upgrades=["ghost"])
        shuttle = sc.ship("sabinewren", at=(700, 100, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        carrier = game.state.ships[vcx]
        assert [w.id for w in weapons_of(game, carrier)] == ["primary:front"]
        carrier.docked = (shuttle,)
        game.state.ships[shuttle].body = None
        game.state.moved()
        rear = [(w.id, w.value) for w in weapons_of(game, carrier) if w.arc == "rear"]
        assert rear == [("primary:rear", 3)]


class TestHeraSyndulla:
    def test_blue_maneuver_becomes_another_blue_one(self):
        """Hera Syndulla: after revealing a blue maneuver she may set her dial to another
        blue one: [1 straight] blue becomes [2 straight] blue (she ends 40 mm
        farther)."""
        sc = Scene()
        hera = sc.ship("herasyndulla-vcx100lightfreighter", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, hera, "1FB")
        assert set(values(game)) == {"2BB", "2FB", "2NB", "decline"}
        answer(game, "use_ability", "2FB", hera)
        assert game.state.ships[hera].pose.y == pytest.approx(300 + 80 + 80)

    def test_white_maneuver_does_not_trigger(self):
        sc = Scene()
        hera = sc.ship("herasyndulla-vcx100lightfreighter", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, hera, "3FW")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[hera].pose.y == pytest.approx(300 + 80 + 120)


class TestKananJarrus:
    @pytest.mark.parametrize("kanan_at, dice", [((400, 200), 1), ((150, 650), 2)])
    def test_the_attacker_of_a_friend_in_his_arc_rolls_fewer_dice(self, kanan_at, dice):
        """Kanan Jarrus: while a friendly ship in his firing arc defends he may spend 1
        Force: the attacker rolls 1 fewer attack die (1 instead of 2 at range 2). With the
        friend outside his arc (Kanan ahead of it) there is no offer."""
        sc = Scene()
        kanan = sc.ship("kananjarrus", at=(*kanan_at, 0))
        friend = sc.ship("lothalrebel", at=(400, 400, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.attack(tie, friend, dice=["hit"] * dice, defense=[])
        if dice == 1:
            pass_until(game, "use_ability", kanan)
            answer(game, "use_ability", "use", kanan)
            assert game.state.ships[kanan].force == 1
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert len(rolled(game, tie)) == dice


class TestAlexsandrKallus:
    def kallus_game(self, focus: int):
        sc = Scene()
        kallus = sc.ship("alexsandrkallus", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180), tokens={"focus": focus})
        game = sc.attack(tie, kallus, dice=["focus", "hit"] if focus else ["hit", "hit"],
                         defense=["evade"])
        return game, kallus, tie

    def test_an_extra_die_after_the_attacker_modified_its_dice(self):
        """Alexsandr Kallus: defending, if the attacker modified any attack dice (it spent
        its focus token), he may roll 1 additional defense die: his VCX (agility 0) rolls
        an evade and loses 1 shield instead of 2."""
        game, kallus, tie = self.kallus_game(focus=1)
        pass_until(game, "modify_attack_dice", tie)
        answer(game, "modify_attack_dice", next(k for k in values(game) if k.startswith("focus")))
        pass_until(game, "use_ability", kallus)
        answer(game, "use_ability", "use", kallus)
        pass_all(game)
        assert rolled(game, kallus) == ["evade"]
        assert game.state.ships[kallus].shields == 3

    def test_no_offer_when_the_dice_were_not_modified(self):
        """The attacker modified nothing: no extra die (none rolled), 2 shields lost."""
        game, kallus, _tie = self.kallus_game(focus=0)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert game.state.ships[kallus].shields == 2
