"""BTL-A4 Y-wing pilots (Rebel Alliance, Scum and Villainy), with their standard-loadout
printings: each card in a scene built for it, compared with the same scene without the
ability (or where it must not trigger). Norra Wexley's Y-wing printing is tested with her
ARC-170 one (tests/cards/test_arc170starfighter.py).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.pilots.btla4ywing import ARLIZ
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import remove_ship
from tallon.engine.payloads import Detonate
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    activation,
    answer,
    engage,
    finish,
    logged,
    modify_with,
    offers,
    option_with,
    rolled,
    skip_dice,
    skip_to,
    values,
)
from tests.rules.device_helpers import answer_all, put

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


# ===================================================== Scum and Villainy pilots
class TestDreaRenthal:
    def scene(self, attacker: str, drea_heading: float = 0):
        sc = Scene()
        sc.ship("drearenthal", at=(300, 300, drea_heading))
        # a focus token: the attacker has something to modify with in any case
        gun = sc.ship(attacker, at=(460, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(420, 500, 180))
        game = engage(sc, gun, ["focus", "hit"], ["blank"] * 3)
        declare(game, gun, tie, "primary:front")
        skip_to(game, "modify_attack_dice", gun)
        return game

    def test_a_non_limited_friend_rerolls_a_die(self):
        """Drea Renthal: a friendly non-limited ship (a Hired Gun) attacks a TIE in her
        front arc: the Hired Gun may reroll 1 attack die with her ability."""
        game = self.scene("hiredgun")
        assert offers(game, "drearenthal")

    @pytest.mark.parametrize("attacker, heading", [("kavil", 0),        # a limited ship
                                                   ("hiredgun", 180)])  # TIE behind her
    def test_not_for_a_limited_ship_or_outside_her_arc(self, attacker, heading):
        """Not offered to a limited attacker (Kavil), nor when the defender is outside her
        firing arc (she faces away)."""
        game = self.scene(attacker, heading)
        assert not offers(game, "drearenthal")


class TestKavil:
    @pytest.mark.parametrize("pilot, weapon, count", [
        ("kavil", "dorsalturret", 3),       # turret: 2 + 1
        ("kavil", "primary:front", 2),      # front arc: as printed
        ("hiredgun", "dorsalturret", 2)])   # without him
    def test_one_more_die_in_a_non_front_arc_attack(self, pilot, weapon, count):
        """Kavil: performing a non-[Front Arc] attack (his dorsal turret at range 2) he rolls
        1 additional attack die (3); his primary front-arc attack rolls its 2, and another
        Y-wing's turret attack 2."""
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0), upgrades=["dorsalturret"])
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = engage(sc, ship, ["blank"] * count, ["blank"] * 3)
        declare(game, ship, tie, weapon)
        finish(game)
        assert len(rolled(game, ship)) == count


class TestLeemaKai:
    @pytest.mark.parametrize("tie_heading, offered", [(0, True), (180, False)])
    def test_locks_before_engaging_when_unseen(self, tie_heading, offered):
        """Leema Kai: before she engages, if she is in no enemy ship's [Front Arc], she may
        acquire a lock on an enemy ship in her full front arc: behind a TIE she locks it;
        facing the TIE (in its front arc) nothing is offered."""
        sc = Scene()
        leema = sc.ship("leemakai", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 480, tie_heading))
        game = sc.at(Engage(leema))
        if offered:
            answer(game, "use_ability", tie, leema)
            assert game.state.ships[leema].locks == [tie]
        else:
            assert game.decision is None or game.decision.kind != "use_ability"
            assert not game.state.ships[leema].locks


def _damaged_card() -> list[DamageCard]:
    return [DamageCard("structuraldamage", False, 90)]


class TestArlizHadrassian:
    @pytest.mark.parametrize("damaged, offered", [(True, True), (False, False)])
    def test_damaged_front_arc_attack_focus_to_crit(self, damaged, offered):
        """Arliz Hadrassian: performing a [Front Arc] attack while damaged she may change 1
        focus result to a critical hit; undamaged she can't."""
        sc = Scene()
        arliz = sc.ship(ARLIZ, at=(400, 300, 0), tokens={"calculate": 1},
                        damage=_damaged_card() if damaged else [])
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = engage(sc, arliz, ["focus", "blank"], ["blank"] * 3)
        declare(game, arliz, tie, "primary:front")
        skip_to(game, "modify_attack_dice", arliz)
        assert offers(game, ARLIZ) is offered
        if offered:
            modify_with(game, ARLIZ)
            finish(game)
            assert logged(game, "neutralize", "0 hit(s), 1 critical hit(s)")

    @pytest.mark.parametrize("damaged, shields", [(True, 1), (False, 2)])
    def test_damaged_defender_loses_a_focus(self, damaged, shields):
        """While she defends damaged, before the Modify Defense Dice step, she must change 1
        focus result to a blank: her focus can no longer become an evade and the hit lands
        (1 shield left); undamaged she spends her focus token and evades it (2 shields)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        arliz = sc.ship(ARLIZ, player=2, at=(400, 480, 180), tokens={"focus": 1},
                        damage=_damaged_card() if damaged else [])
        game = engage(sc, tie, ["hit", "blank"], ["focus"])
        declare(game, tie, arliz, "primary:front")
        if not damaged:
            skip_to(game, "modify_defense_dice", arliz)
            modify_with(game, "focus")
        finish(game)
        assert game.state.ships[arliz].shields == shields


class TestPadric:
    @pytest.mark.parametrize("locked, owner, strained", [(True, 1, True), (False, 1, False),
                                                         (True, 2, False)])
    def test_a_locked_friendly_device_strains_enemies_near_it(self, locked, owner, strained):
        """Padric: after a friendly device he has locked detonates (a proton bomb), each
        enemy ship at range 0-1 of it gains 1 strain token; without his lock, or with an
        enemy's bomb, nobody does."""
        sc = Scene()
        padric = sc.ship("padric", at=(100, 100, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 560, 0))
        game = sc.game()
        bomb = put(game, "protonbombs", (400, 500, 180), owner=owner)
        if locked:
            game.state.ships[padric].locks = [bomb]
        start_at(game, Detonate(bomb, ""), phase="activation")
        answer_all(game)
        assert game.state.ships[tie].has(Token.STRAIN) is strained


# ------------------------------------------------------------------ Evaan Verlaine
class TestEvaanVerlaine:
    def chosen(self, friend_at=(480, 300, 0)):
        """Evaan with a focus token at the start of the Engagement Phase, a friendly
        Y-wing beside her; she spends the focus to choose it (when she can)."""
        sc = Scene()
        evaan = sc.ship("evaanverlaine", at=(400, 300, 0), tokens={"focus": 1})
        friend = sc.ship("goldsquadronveteran", at=friend_at)
        enemy = sc.ship("academypilot", player=2, at=(480, 500, 180))
        game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
        return game, evaan, friend, enemy

    def defense_dice(self, game, enemy, friend) -> int:
        start_at(game, Engage(enemy))
        load_dice(game, ["hit", "hit"], ["blank", "blank", "blank"])
        declare(game, enemy, friend)
        skip_dice(game)
        return len(rolled(game, friend))

    def test_the_chosen_friend_rolls_one_more_defense_die(self):
        """At the start of the Engagement Phase Evaan spends her focus token to choose a
        friendly Y-wing at range 1: defending, it rolls 2 defense dice instead of 1."""
        game, evaan, friend, enemy = self.chosen()
        answer(game, "use_ability", friend, evaan)
        assert not game.state.ships[evaan].has(Token.FOCUS)
        assert self.defense_dice(game, enemy, friend) == 2
        plain, _, friend2, enemy2 = self.chosen()
        plain.answer("decline")
        assert self.defense_dice(plain, enemy2, friend2) == 1

    def test_the_effect_outlives_evaan(self):
        """Evaan is destroyed after choosing: the chosen ship still rolls the extra die
        until the end of the round."""
        game, evaan, friend, enemy = self.chosen()
        answer(game, "use_ability", friend, evaan)
        remove_ship(game, game.state.ships[evaan], "destroyed")
        assert game.state.ships[evaan].removed
        assert self.defense_dice(game, enemy, friend) == 2

    def test_not_in_a_later_round(self):
        game, evaan, friend, enemy = self.chosen()
        answer(game, "use_ability", friend, evaan)
        game.state.round += 1
        assert self.defense_dice(game, enemy, friend) == 1

    def test_not_beyond_range_1(self):
        """A friend at range 2 is not offered (only Evaan herself is)."""
        game, evaan, friend, _ = self.chosen(friend_at=(620, 300, 0))
        assert friend not in values(game) and evaan in values(game)
