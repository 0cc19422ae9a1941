"""BTL-A4 Y-wing pilots (Rebel Alliance), with their standard-loadout printings: each card
in a scene built for it, compared with the same scene without the ability (or where it
must not trigger). Norra Wexley's Y-wing printing is tested with her ARC-170 one
(tests/cards/test_arc170starfighter.py).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.helpers import (
    activation,
    answer,
    engage,
    finish,
    modify_with,
    offers,
    option_with,
    rolled,
    skip_to,
)

YAVIN_DUTCH = ["ioncannonturret", "advprotontorpedoes", "targetingastromech-battleofyavin"]
YAVIN_DEX = ["dorsalturret", "advprotontorpedoes", "r4astromech"]
YAVIN_HOL = ["dorsalturret", "advprotontorpedoes", "preciseastromech-battleofyavin"]
YAVIN_POPS = ["ioncannonturret", "advprotontorpedoes", "r4astromech"]


class TestDutchVander:
    def lock_scene(self, pilot: str, upgrades: list[str]):
        sc = Scene()
        dutch = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades)
        # the friend is at range 1 of Dutch, beyond range 3 of the TIE
        friend = sc.ship("goldsquadronveteran", at=(400, 180, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.at(PerformAction(dutch, during_activation=True), phase="activation")
        answer(game, "perform_action", "lock", dutch)
        answer(game, "lock_target", tie, dutch)
        return game, dutch, friend, tie

    @pytest.mark.parametrize(("pilot", "upgrades"), [
        ("dutchvander", []), ("dutchvander-swz106", ["ioncannonturret", "protonbombs"])])
    def test_a_friend_locks_the_same_ship_at_any_range(self, pilot, upgrades):
        """"Dutch" Vander locks a TIE: a friendly ship at range 1 of him, beyond range 3 of
        the TIE, acquires a lock on it too; declining, it has no lock."""
        game, dutch, friend, tie = self.lock_scene(pilot, upgrades)
        answer(game, "use_ability", friend, dutch)
        assert game.state.ships[friend].locks == [tie]
        assert game.state.ships[dutch].locks == [tie]
        game, dutch, friend, tie = self.lock_scene(pilot, upgrades)
        answer(game, "use_ability", "decline", dutch)
        assert not game.state.ships[friend].locks

    def test_not_after_another_action(self):
        """After a focus action nothing is offered: the friend gets no lock."""
        sc = Scene()
        dutch = sc.ship("dutchvander", at=(400, 300, 0))
        friend = sc.ship("goldsquadronveteran", at=(400, 180, 0))
        sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.at(PerformAction(dutch, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", dutch)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[friend].locks


class TestDutchVanderBattleOfYavin:
    def scene(self, friend_at: tuple[float, float, float]):
        sc = Scene()
        dutch = sc.ship("dutchvander-battleofyavin", at=(400, 300, 0), upgrades=YAVIN_DUTCH,
                        locks=["p2.1"])
        friend = sc.ship("goldsquadronveteran", at=friend_at)
        sc.ship("goldsquadronveteran", at=(550, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(dutch, tie, dice=["blank", "blank"], defense=["blank"] * 3,
                         weapon="primary:front")
        return game, dutch, friend, tie

    def test_spending_the_lock_lets_a_friend_lock_the_defender(self):
        """"Dutch" Vander (Battle of Yavin) spends his lock on the TIE to reroll his attack
        dice: he must choose one of the two friendly ships at range 1-3 (no "decline"),
        which may then lock the TIE."""
        game, dutch, friend, tie = self.scene((250, 300, 0))
        skip_to(game, "modify_attack_dice", dutch)
        answer(game, "modify_attack_dice", option_with(game, "lock"))
        d = game.decision
        assert d.kind == "use_ability" and "decline" not in d.option_keys()
        game.answer(friend)
        answer(game, "use_ability", "lock", friend)
        assert game.state.ships[friend].locks == [tie]
        assert not game.state.ships[dutch].locks

    def test_keeping_the_lock_triggers_nothing(self):
        """The same attack without spending the lock: the friend gets no lock."""
        game, dutch, friend, tie = self.scene((250, 300, 0))
        finish(game)
        assert not game.state.ships[friend].locks
        assert game.state.ships[dutch].locks == [tie]

    def test_the_friend_may_decline(self):
        """The chosen ship may decline the lock."""
        game, dutch, friend, _tie = self.scene((250, 300, 0))
        skip_to(game, "modify_attack_dice", dutch)
        answer(game, "modify_attack_dice", option_with(game, "lock"))
        game.answer(friend)
        answer(game, "use_ability", "decline", friend)
        assert not game.state.ships[friend].locks

    def test_while_defending_the_defender_is_himself(self):
        """Ruling: "during an attack" includes an attack he defends against. Dutch defends
        and spends his lock on the attacker with R2-HA: the one friendly ship at range 1-3
        is chosen and may lock the defender, Dutch himself."""
        sc = Scene()
        dutch = sc.ship("dutchvander-battleofyavin", at=(400, 300, 0),
                        upgrades=["ioncannonturret", "advprotontorpedoes", "r2ha"],
                        locks=["p2.1"])
        friend = sc.ship("goldsquadronveteran", at=(250, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, dutch, dice=["hit", "hit"], defense=["blank"])
        skip_to(game, "modify_defense_dice", dutch)
        modify_with(game, "r2ha")
        answer(game, "use_ability", "lock", friend)
        assert game.state.ships[friend].locks == [dutch]


class TestHortonSalm:
    def scene(self, pilot: str, friends: list[tuple[float, float, float]],
              upgrades: list[str] | None = None):
        sc = Scene()
        horton = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades or [])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        for at in friends:
            sc.ship("goldsquadronveteran", at=at)
        game = sc.attack(horton, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        return game, horton

    def most_rerolled(self, game, horton) -> int:
        skip_to(game, "modify_attack_dice", horton)
        found = [o for o in game.decision.options
                 if (o.info or {}).get("source") == "hortonsalm"
                 or (o.info or {}).get("source") == "hortonsalm-swz106"]
        return max((str(o.key).count("blank") for o in found), default=0)

    @pytest.mark.parametrize(("pilot", "upgrades"), [
        ("hortonsalm", []), ("hortonsalm-swz106", ["ioncannonturret", "proximitymines"])])
    def test_one_reroll_per_friend_near_the_defender(self, pilot, upgrades):
        """Horton Salm attacks a TIE with two blanks: one other friendly ship at range 0-1
        of the TIE lets him reroll 1 die, two let him reroll both."""
        game, horton = self.scene(pilot, [(480, 470, 0)], upgrades)
        assert self.most_rerolled(game, horton) == 1
        game, horton = self.scene(pilot, [(480, 470, 0), (320, 470, 0)], upgrades)
        assert self.most_rerolled(game, horton) == 2

    def test_no_friend_near_the_defender(self):
        """No other friendly ship is at range 0-1 of the TIE (the only one is far away):
        nothing is offered and the two blanks stay."""
        game, horton = self.scene("hortonsalm", [(100, 50, 0)])
        assert not offers(game, "hortonsalm")
        finish(game)
        assert rolled(game, horton) == ["blank", "blank"]

    def test_the_reroll_changes_the_result(self):
        """With one friend near the TIE he rerolls a blank into a hit: 1 damage."""
        sc = Scene()
        horton = sc.ship("hortonsalm", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        sc.ship("goldsquadronveteran", at=(480, 470, 0))
        game = engage(sc, horton, ["blank", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, horton, tie)
        skip_to(game, "modify_attack_dice", horton)
        modify_with(game, "hortonsalm")
        finish(game)
        assert len(game.state.ships[tie].damage) == 1


class TestDexTireeBattleOfYavin:
    def scene(self, friend_at: tuple[float, float, float]):
        sc = Scene()
        dex = sc.ship("dextiree-battleofyavin", at=(400, 300, 0), upgrades=YAVIN_DEX)
        sc.ship("goldsquadronveteran", at=friend_at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, dex, dice=["hit", "hit"], defense=["evade", "evade"])
        return game, dex

    def test_a_friend_close_adds_a_defense_die(self):
        """Dex Tiree defends with a friendly ship at range 1: he may roll 2 defense dice
        instead of 1 (both evades cancel both hits); declining, he rolls 1."""
        game, dex = self.scene((300, 300, 0))
        answer(game, "use_ability", "use", dex)
        finish(game)
        assert len(rolled(game, dex)) == 2 and game.state.ships[dex].shields == 2
        game, dex = self.scene((300, 300, 0))
        answer(game, "use_ability", "decline", dex)
        finish(game)
        assert len(rolled(game, dex)) == 1 and game.state.ships[dex].shields == 1

    def test_no_friend_close(self):
        """The only friendly ship is far away (beyond range 1): he is asked nothing and
        rolls 1 die."""
        game, dex = self.scene((120, 60, 0))
        assert game.decision is None or game.decision.kind != "use_ability"
        finish(game)
        assert len(rolled(game, dex)) == 1


class TestHolOkandBattleOfYavin:
    def scene(self, enemy_at: tuple[float, float, float]):
        sc = Scene()
        hol = sc.ship("holokand-battleofyavin", at=(400, 300, 0), upgrades=YAVIN_HOL,
                      charges={"advprotontorpedoes": 0})
        sc.ship("academypilot", player=2, at=enemy_at)
        game = sc.at(SystemTurn(hol), phase="system")
        return game, hol

    def test_recovers_a_charge_with_no_enemy_close(self):
        """Hol Okand's torpedoes are spent and no enemy is at range 1-2: in the System Phase
        he recovers their charge; declining, it stays spent."""
        game, hol = self.scene((400, 850, 180))
        answer(game, "use_ability", "advprotontorpedoes", hol)
        assert game.state.ships[hol].charges["advprotontorpedoes"].active == 1
        game, hol = self.scene((400, 850, 180))
        answer(game, "use_ability", "decline", hol)
        assert game.state.ships[hol].charges["advprotontorpedoes"].active == 0

    def test_not_with_an_enemy_at_range_two(self):
        """An enemy ship at range 2: nothing is offered, the charge stays spent."""
        game, hol = self.scene((400, 500, 180))
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[hol].charges["advprotontorpedoes"].active == 0


class TestPopsKrailBattleOfYavin:
    def scene(self, weapon: str):
        sc = Scene()
        # a focus token: he always has a dice decision to look at
        pops = sc.ship("popskrail-battleofyavin", at=(400, 300, 0), upgrades=YAVIN_POPS,
                       tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(pops, tie, dice=["focus", "blank", "blank"], defense=["blank"] * 3,
                         weapon=weapon)
        return game, pops

    def test_turret_attack_rerolls_up_to_two(self):
        """"Pops" Krail (Battle of Yavin) attacks with his ion cannon turret (a focus and 2
        blanks): he may reroll up to 2 of the dice, never all 3."""
        game, pops = self.scene("ioncannonturret")
        skip_to(game, "modify_attack_dice", pops)
        found = [o for o in game.decision.options
                 if (o.info or {}).get("source") == "popskrail-battleofyavin"]
        assert max(str(o.key).count("blank") for o in found) == 2
        assert all(str(o.key).count("blank") + str(o.key).count("focus") <= 2 for o in found)

    def test_not_a_front_arc_attack(self):
        """His primary front arc attack is no turret attack: nothing is offered."""
        game, pops = self.scene("primary:front")
        skip_to(game, "modify_attack_dice", pops)
        assert not offers(game, "popskrail-battleofyavin")


class TestPopsKrail:
    def scene(self, dial: str):
        sc = Scene()
        pops = sc.ship("popskrail", at=(400, 200, 0))
        friend = sc.ship("goldsquadronveteran", at=(300, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, pops, dial)
        return game, pops, friend

    def test_a_friend_focuses_after_a_white_maneuver(self):
        """"Pops" Krail fully executes a white 2 bank: a friendly ship at range 0-1 may
        perform a focus action; it gains a focus token."""
        game, pops, friend = self.scene("2BW")
        answer(game, "use_ability", friend, pops)
        answer(game, "perform_action", "focus", friend)
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_not_after_a_blue_maneuver(self):
        """After a blue maneuver he is asked nothing: his own action step comes next."""
        game, pops, friend = self.scene("2FB")
        assert game.decision.kind == "perform_action" and game.decision.ship == pops
        assert not game.state.ships[friend].has(Token.FOCUS)

    def test_he_may_choose_himself(self):
        """Ruling: range 0-1 includes "Pops" himself (range 0). With no other friendly ship
        near, he chooses himself after a white maneuver and performs the focus action, as
        part of his activation."""
        sc = Scene()
        pops = sc.ship("popskrail", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, pops, "2BW")
        answer(game, "use_ability", pops, pops)
        answer(game, "perform_action", "focus", pops)
        assert game.state.ships[pops].count(Token.FOCUS) == 1
