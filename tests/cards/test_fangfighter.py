"""Fang fighter pilots of the Rebel Alliance (Fenn Rau, Bodica Venj, Dirk Ullodin, Clan
Wren Volunteer): each card in a scene built for it, compared with the same scene without
the card.

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import (
    activation,
    answer,
    finish,
    modify_with,
    offers,
    rolled,
    skip_dice,
    skip_to,
    values,
)


# ------------------------------------------------------------------------ Fenn Rau
class TestFennRau:
    @staticmethod
    def scene(fenn: str = "fennrau-fangfighter", enemy_y: float = 400):
        sc = Scene()
        sc.ship(fenn, at=(300, 200, 0))
        friend = sc.ship("redsquadronveteran", at=(450, 300, 0), tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(450, enemy_y, 180))
        return sc.at(Engage(friend)), friend

    def test_friend_removes_a_red_token_before_engaging(self):
        """A stressed friendly X-wing at range 1-2 of Fenn engages with a TIE at range 1 in
        its front arc: it may remove its stress token (red); without Fenn it keeps it."""
        game, friend = self.scene()
        assert game.decision.kind == "use_ability"
        assert "token:stress" in values(game)
        # the same player decides for the friendly ship; the question names Fenn's card
        answer(game, "use_ability", "token:stress", "p1.1")
        assert not game.state.ships[friend].has(Token.STRESS)
        plain, friend2 = self.scene(fenn="bodicavenj")
        assert plain.decision.kind == "declare_attack"
        assert plain.state.ships[friend2].has(Token.STRESS)

    def test_not_when_the_enemy_is_beyond_range_1(self):
        """The TIE is at range 2 of the friendly ship's front: Fenn's ability does not
        trigger and the ship engages still stressed."""
        game, friend = self.scene(enemy_y=560)
        assert game.decision.kind == "declare_attack"
        assert game.state.ships[friend].has(Token.STRESS)

    def test_a_lock_is_not_offered(self):
        """The friendly ship is locked by the TIE (a red token) but not stressed: the lock
        can't be removed, so the ability has nothing to do."""
        sc = Scene()
        sc.ship("fennrau-fangfighter", at=(300, 200, 0))
        friend = sc.ship("redsquadronveteran", at=(450, 300, 0))
        sc.ship("academypilot", player=2, at=(450, 400, 180), locks=["p1.2"])
        game = sc.at(Engage(friend))
        assert game.decision.kind == "declare_attack"


# ---------------------------------------------------------------------- Bodica Venj
class TestBodicaVenj:
    @staticmethod
    def scene(bodica: str = "bodicavenj", **kw):
        sc = Scene()
        me = sc.ship(bodica, at=(300, 300, 0), **kw)
        friend = sc.ship("redsquadronveteran", at=(550, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(420, 520, 180))
        # the friend at range 3 rolls 3 defense dice (range bonus)
        game = sc.attack(tie, friend, dice=["blank", "blank"], defense=["blank"] * 3,
                         then=faces(DieKind.ATTACK, ["hit"] * 3)
                         + faces(DieKind.DEFENSE, ["blank"] * 3))
        return game, me, tie

    def test_bonus_attack_against_the_attacker_then_deplete(self):
        """A TIE attacks another friendly ship; afterwards Bodica performs a bonus primary
        attack against it (3 hits on blanks: the 3-hull TIE is destroyed) and then gains a
        deplete token."""
        game, me, tie = self.scene()
        skip_to(game, "use_ability", me)
        answer(game, "use_ability", "use", me)
        declare(game, me, tie)
        finish(game)
        assert game.state.ships[tie].destroyed
        assert game.state.ships[me].count(Token.DEPLETE) == 1

    def test_declined_nothing_happens(self):
        """Declining: no bonus attack, no deplete token, the TIE is unharmed."""
        game, me, tie = self.scene()
        skip_to(game, "use_ability", me)
        answer(game, "use_ability", "decline", me)
        finish(game)
        assert not game.state.ships[tie].damage
        assert not game.state.ships[me].has(Token.DEPLETE)

    def test_not_while_depleted(self):
        """Already depleted, Bodica is not offered the bonus attack."""
        game, me, _ = self.scene(tokens={"deplete": 1})
        finish(game)
        assert not any(e["kind"] == "attack" and me in e["text"] for e in game.log
                       if "bonus" in e["text"])
        assert game.state.ships[me].count(Token.DEPLETE) == 1

    def test_not_when_she_defends_herself(self):
        """The TIE attacks Bodica herself: "another friendly ship" - no bonus attack."""
        sc = Scene()
        me = sc.ship("bodicavenj", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, me, dice=["blank", "blank"], defense=["blank"] * 3)
        finish(game)
        assert not game.state.ships[tie].damage
        assert not game.state.ships[me].has(Token.DEPLETE)


# ---------------------------------------------------------------------- Dirk Ullodin
class TestDirkUllodin:
    @staticmethod
    def maneuver(dial: str, start_y: float, tie_at: tuple[float, float, float]):
        sc = Scene()
        dirk = sc.ship("dirkullodin", at=(400, start_y, 0))
        tie = sc.ship("academypilot", player=2, at=tie_at)
        return activation(sc, dirk, dial), dirk, tie

    def test_lock_after_a_red_maneuver(self):
        """Dirk fully executes his red [4 Koiogran turn] and ends facing a TIE at range 1
        in his front arc: he may lock it."""
        game, dirk, tie = self.maneuver("4KR", 300, (470, 420, 0))
        answer(game, "use_ability", tie, dirk)
        assert game.state.ships[dirk].locks == [tie]

    def test_no_lock_after_a_blue_maneuver(self):
        """A blue [2 straight] ending with the TIE at range 1 in his front arc: the
        ability does not trigger (the next decision is his action)."""
        game, dirk, _tie = self.maneuver("2FB", 300, (400, 560, 180))
        assert game.decision.kind == "perform_action"
        assert not game.state.ships[dirk].locks

    def test_lock_after_a_red_action(self):
        """Dirk barrel rolls and then performs the linked red focus action: after the red
        action he may lock the TIE at range 1 in his front arc."""
        sc = Scene()
        dirk = sc.ship("dirkullodin", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 420, 180))
        game = sc.at(PerformAction(dirk, during_activation=True), phase="activation")
        answer(game, "perform_action", "barrel_roll", dirk)
        while game.decision.kind.startswith("barrel_roll"):
            game.answer(game.decision.options[0].key)
        # the linked red focus
        assert game.decision.kind == "linked_action"
        game.answer(next(k for k in values(game) if k != "decline"))
        assert game.decision.kind == "use_ability"
        answer(game, "use_ability", tie, dirk)
        assert game.state.ships[dirk].locks == [tie]

    def test_no_lock_after_a_white_action(self):
        """A white focus action: Dirk's ability does not trigger."""
        sc = Scene()
        dirk = sc.ship("dirkullodin", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 420, 180))
        game = sc.at(PerformAction(dirk, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", dirk)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[dirk].locks


# ---------------------------------------------------------------- Clan Wren Volunteer
class TestClanWrenVolunteer:
    @staticmethod
    def scene(friend_dial: str = "2FB", tie_y: float = 420):
        sc = Scene()
        me = sc.ship("clanwrenvolunteer", at=(400, 300, 0))
        friend = sc.ship("redsquadronveteran", at=(520, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = sc.at(Engage(me))
        for ship, dial in ((me, "2FB"), (friend, friend_dial)):
            game.state.ships[ship].dial_set = dial
            game.state.ships[ship].dial_revealed = True
        # the reroll (a hit) comes before the defense dice
        load_dice(game, ["blank", "blank", "blank", "blank"],
                  then=faces(DieKind.ATTACK, ["hit"]) + faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, me, tie)
        return game, me

    def test_reroll_when_speeds_match(self):
        """Attacking at range 1 with a friendly ship at range 1 that revealed a speed 2
        maneuver like hers: she may reroll 1 attack die (a blank becomes a hit)."""
        game, me = self.scene()
        skip_to(game, "modify_attack_dice", me)
        assert offers(game, "clanwrenvolunteer")
        modify_with(game, "clanwrenvolunteer")
        finish(game)
        assert len(game.state.ships["p2.1"].damage) == 1

    def test_not_when_speeds_differ(self):
        """The friend revealed a speed 3 maneuver: no reroll offered."""
        game, _me = self.scene(friend_dial="3FB")
        # nothing else modifies the dice: no modification step is offered at all
        assert game.decision is None or not offers(game, "clanwrenvolunteer")
        finish(game)
        assert not game.state.ships["p2.1"].damage

    def test_not_at_range_2(self):
        """The TIE is at range 2: no reroll offered even though the speeds match."""
        game, me = self.scene(tie_y=520)
        assert game.decision is None or not offers(game, "clanwrenvolunteer")
        finish(game)
        assert len(rolled(game, me)) == 3


# ============================================================== Scum Fang pilots
class TestFennRauScum:
    @staticmethod
    def attack(attacker_first: bool, tie_y: float = 420):
        sc = Scene()
        fenn = sc.ship("fennrau", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = sc.at(Engage(fenn if attacker_first else tie))
        load_dice(game, ["blank"] * 5, ["blank"] * 4)
        if attacker_first:
            declare(game, fenn, tie)
        else:
            declare(game, tie, fenn)
        return game, fenn, tie

    def test_one_more_attack_die_at_range_1(self):
        """Fenn attacks a TIE at attack range 1: 3 dice + 1 (range bonus) + 1 (his ability)
        = 5 dice; declining, 4."""
        game, fenn, _ = self.attack(True)
        skip_to(game, "use_ability", fenn)
        answer(game, "use_ability", "use", fenn)
        finish(game)
        assert len(rolled(game, fenn)) == 5
        plain, fenn2, _ = self.attack(True)
        skip_to(plain, "use_ability", fenn2)
        answer(plain, "use_ability", "decline", fenn2)
        finish(plain)
        assert len(rolled(plain, fenn2)) == 4

    def test_one_more_defense_die_at_range_1(self):
        """A TIE attacks Fenn at range 1: he rolls 3 (agility) + 1 defense dice."""
        game, fenn, _ = self.attack(False)
        skip_to(game, "use_ability", fenn)
        answer(game, "use_ability", "use", fenn)
        finish(game)
        assert len(rolled(game, fenn)) == 4

    def test_not_at_range_2(self):
        """At attack range 2 the ability is not offered: 3 attack dice."""
        game, fenn, _ = self.attack(True, tie_y=520)
        finish(game)
        assert len(rolled(game, fenn)) == 3


class TestJoyRekkoff:
    @staticmethod
    def attack(**kw):
        sc = Scene()
        joy = sc.ship("joyrekkoff", at=(400, 300, 0), upgrades=["protontorpedoes"], **kw)
        tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
        game = sc.attack(joy, tie, dice=["blank"] * 3, defense=["blank"] * 3)
        return game, joy, tie

    def test_torpedo_charge_removes_a_defense_die(self):
        """Joy attacks a TIE (agility 3) at range 2 with Proton Torpedoes charged: she spends
        1 of its charges and the TIE rolls 2 defense dice instead of 3."""
        game, joy, tie = self.attack()
        skip_to(game, "use_ability", joy)
        assert values(game) == ["protontorpedoes", "decline"]
        answer(game, "use_ability", "protontorpedoes", joy)
        finish(game)
        assert len(rolled(game, tie)) == 2
        assert game.state.ships[joy].charges["protontorpedoes"].active == 1

    def test_declined_the_defender_rolls_all_its_dice(self):
        """Declining: 3 defense dice, the torpedoes keep both charges."""
        game, joy, tie = self.attack()
        skip_to(game, "use_ability", joy)
        answer(game, "use_ability", "decline", joy)
        finish(game)
        assert len(rolled(game, tie)) == 3
        assert game.state.ships[joy].charges["protontorpedoes"].active == 2

    def test_not_without_a_torpedo_charge(self):
        """The torpedoes have no active charge: nothing is offered, 3 defense dice."""
        game, _joy, tie = self.attack(charges={"protontorpedoes": 0})
        finish(game)
        assert len(rolled(game, tie)) == 3


class TestKadSolus:
    @staticmethod
    def game(dial: str):
        sc = Scene()
        kad = sc.ship("kadsolus", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, kad, dial), kad

    def test_two_focus_after_a_red_maneuver(self):
        """Kad fully executes the red [4 Koiogran turn]: he gains 2 focus tokens."""
        game, kad = self.game("4KR")
        assert game.state.ships[kad].count(Token.FOCUS) == 2

    def test_nothing_after_a_blue_maneuver(self):
        """A blue [2 straight]: no focus token."""
        game, kad = self.game("2FB")
        assert game.state.ships[kad].count(Token.FOCUS) == 0


class TestMandalorianRoyalGuard:
    @staticmethod
    def attack(friend: str = "bountyhunter", guard_x: float = 300):
        sc = Scene()
        guard = sc.ship("mandalorianroyalguard", at=(guard_x, 300, 0))
        defender = sc.ship(friend, at=(450, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(420, 520, 180))
        game = sc.attack(tie, defender, dice=["hit", "hit"], defense=["blank"] * 3)
        return game, guard, defender

    def test_the_friend_changes_a_result_to_an_evade(self):
        """A TIE attacks a friendly Firespray (medium) with the guard in its front arc: the
        guard gains 1 deplete and 1 strain token, the Firespray changes a blank to an
        evade and suffers 1 damage instead of 2."""
        game, guard, defender = self.attack()
        skip_to(game, "modify_defense_dice")
        assert offers(game, "mandalorianroyalguard")
        modify_with(game, "mandalorianroyalguard")
        finish(game)
        ship = game.state.ships[defender]
        assert ship.shields == 3
        assert game.state.ships[guard].count(Token.DEPLETE) == 1
        assert game.state.ships[guard].count(Token.STRAIN) == 1

    def test_without_it_two_damage(self):
        """Not used: the Firespray suffers 2 damage; the guard gains nothing."""
        game, guard, defender = self.attack()
        finish(game)
        assert game.state.ships[defender].shields == 2
        assert not game.state.ships[guard].has(Token.DEPLETE)

    def test_not_for_a_small_friend(self):
        """The defender is a small Fang fighter: the guard's ability is not offered."""
        game, _guard, defender = self.attack(friend="zealousrecruit")
        # no dice modification is offered at all: both hits land
        assert game.decision is None or not offers(game, "mandalorianroyalguard")
        finish(game)
        assert len(game.state.ships[defender].damage) == 2

    def test_not_outside_the_attack_arc(self):
        """The guard sits beside the TIE, outside its front arc: not offered."""
        game, _guard, _ = self.attack(guard_x=50)
        skip_dice(game)
        assert game.state.ships["p1.2"].shields == 2


class TestTorPhun:
    @staticmethod
    def attack(dice: list[str], **kw):
        sc = Scene()
        tor = sc.ship("torphun", at=(400, 300, 0), **kw)
        tie = sc.ship("academypilot", player=2, at=(400, 420, 180))
        other = sc.ship("academypilot", player=2, at=(500, 500, 180))
        game = sc.attack(tor, tie, dice=dice, defense=["blank"] * 3,
                         then=faces(DieKind.ATTACK, ["blank"] * 4)
                         + faces(DieKind.DEFENSE, ["blank"] * 3))
        return game, tor, tie, other

    def test_action_while_stressed_then_strain_for_a_bonus_attack(self):
        """Tor Phun, stressed, destroys a TIE: he focuses even while stressed, then gains 2
        strain tokens to perform a bonus attack against the other TIE."""
        game, tor, tie, other = self.attack(["hit"] * 4, stress=1)
        skip_to(game, "use_ability", tor)
        answer(game, "use_ability", "use", tor)
        assert game.decision.kind == "perform_action"
        answer(game, "perform_action", "focus", tor)
        answer(game, "use_ability", "use", tor)
        assert game.state.ships[tie].destroyed
        assert game.state.ships[tor].count(Token.STRAIN) == 2
        assert game.state.ships[tor].count(Token.FOCUS) == 1
        assert game.decision.kind == "bonus_attack"
        declare(game, tor, other)

    def test_not_when_the_defender_survives(self):
        """The attack misses: no ability, no action, no strain."""
        game, tor, tie, _ = self.attack(["blank"] * 4, stress=1)
        finish(game)
        assert not game.state.ships[tie].destroyed
        assert not game.state.ships[tor].has(Token.STRAIN)
        assert not game.state.ships[tor].has(Token.FOCUS)
