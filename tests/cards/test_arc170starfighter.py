"""ARC-170 Starfighter pilots (Rebel Alliance and Galactic Republic): each card in a scene
built for it, compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.acting import granted
from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import (
    activation,
    answer,
    engage,
    finish,
    modify_with,
    offers,
    option_with,
    skip_to,
    values,
)
from tests.rules.attack_helpers import rolls


class TestGarvenDreis:
    def scene(self, friend_at: tuple[float, float, float]):
        sc = Scene()
        garven = sc.ship("garvendreis", at=(400, 300, 0), tokens={"focus": 1})
        friend = sc.ship("redsquadronveteran", at=friend_at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(garven, tie, dice=["focus", "hit", "blank"], defense=["blank"])
        answer(game, "modify_attack_dice", option_with(game, "focus"))
        return game, garven, friend

    def test_spent_focus_passes_to_a_friend(self):
        """Garven Dreis spends his focus token on his attack dice: a friendly ship at range
        1-3 gains a focus token; declining, it gains none."""
        game, garven, friend = self.scene((220, 300, 0))
        answer(game, "use_ability", friend, garven)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        game, garven, friend = self.scene((220, 300, 0))
        answer(game, "use_ability", "decline", garven)
        assert not game.state.ships[friend].has(Token.FOCUS)

    def test_no_friend_in_range(self):
        """The only friendly ship is beyond range 3: nobody can be chosen, so nothing is
        asked and it gains no focus token."""
        game, _garven, friend = self.scene((50, 0, 0))
        finish(game)
        assert not game.state.ships[friend].has(Token.FOCUS)


class TestIbtisam:
    def run(self, stress: int, face: str, use: bool = True):
        sc = Scene()
        ship = sc.ship("ibtisam", at=(400, 200, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ship, "3FW")
        load_dice(game, [face])
        return game, ship

    def test_a_hit_removes_a_stress_token(self):
        """Ibtisam, stressed (2), fully executes a white maneuver and may roll an attack
        die: a hit removes 1 stress token (1 left); declining keeps both."""
        game, ship = self.run(2, "hit")
        answer(game, "use_ability", "use", ship)
        assert game.state.ships[ship].count(Token.STRESS) == 1
        game, ship = self.run(2, "hit")
        answer(game, "use_ability", "decline", ship)
        assert game.state.ships[ship].count(Token.STRESS) == 2

    def test_a_critical_hit_also_removes_one(self):
        """A critical hit result removes a stress token too; a blank or focus keeps it."""
        game, ship = self.run(2, "crit")
        answer(game, "use_ability", "use", ship)
        assert game.state.ships[ship].count(Token.STRESS) == 1
        game, ship = self.run(2, "focus")
        answer(game, "use_ability", "use", ship)
        assert game.state.ships[ship].count(Token.STRESS) == 2

    def test_not_when_unstressed(self):
        """Without a stress token after the maneuver the ability does not trigger: the
        next decision is her action, not a die roll."""
        game, _ship = self.run(0, "hit")
        assert game.decision.kind == "perform_action"


class TestNorraWexley:
    @pytest.mark.parametrize(("pilot", "plain"), [("norrawexley", "garvendreis"),
                                                  ("norrawexley-btla4ywing",
                                                   "goldsquadronveteran")])
    def test_enemy_at_range_one_adds_an_evade(self, pilot, plain):
        """Norra Wexley defends against a TIE at range 1 (2 hits and a blank against her
        blank): she adds 1 evade result, so she loses 1 shield; a pilot of the same ship
        without her ability loses 2."""
        def shields_lost(who: str) -> int:
            sc = Scene()
            ship = sc.ship(who, at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 420, 180))
            game = sc.attack(tie, ship, dice=["hit", "hit", "blank"], defense=["blank"])
            finish(game)
            s = game.state.ships[ship]
            return s.shield_limit - s.shields

        assert shields_lost(pilot) == 1
        assert shields_lost(plain) == 2

    def test_no_enemy_close(self):
        """The TIE attacks from range 2 and no other enemy is at range 0-1: no evade is
        added; the 2 hits take 2 shields (an Academy Pilot's 2 dice: she rolls 1)."""
        sc = Scene()
        norra = sc.ship("norrawexley", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, norra, dice=["hit", "hit"], defense=["blank"])
        assert game.decision is None  # nothing to modify: no evade offered or added
        finish(game)
        assert game.state.ships[norra].shields == 1


class TestSharaBey:
    def test_defending_spends_the_lock_on_the_attacker(self):
        """Shara Bey defends with a lock on the attacker: spending the lock adds a focus
        result, which her focus token turns into an evade: 1 of the 2 hits is canceled (2
        shields left, not 1), and the lock is gone."""
        def scene(locks):
            sc = Scene()
            shara = sc.ship("sharabey", at=(400, 300, 0), tokens={"focus": 1}, locks=locks)
            tie = sc.ship("academypilot", player=2, at=(400, 560, 180))
            return sc.attack(tie, shara, dice=["hit", "hit"], defense=["blank", "blank"]), shara

        game, shara = scene(["p2.1"])
        skip_to(game, "modify_defense_dice", shara)
        modify_with(game, "sharabey")
        answer(game, "modify_defense_dice", option_with(game, "focus"))
        finish(game)
        s = game.state.ships[shara]
        assert s.shields == 2 and not s.locks and not s.has(Token.FOCUS)

    def test_no_lock_no_focus_result(self):
        """The same attack with no lock on the attacker: Shara has nothing to offer (and
        her focus token changes no result): both hits take a shield."""
        sc = Scene()
        shara = sc.ship("sharabey", at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 560, 180))
        game = sc.attack(tie, shara, dice=["hit", "hit"], defense=["blank", "blank"])
        assert not offers(game, "sharabey")
        finish(game)
        assert game.state.ships[shara].shields == 1

    def test_primary_attack_spends_the_lock_on_the_defender(self):
        """Shara Bey attacks with her primary weapon, a lock on the TIE and a focus token:
        spending the lock adds a focus result, her focus token makes it a hit: 2 damage;
        without using it, 1."""
        def scene(use: bool):
            sc = Scene()
            shara = sc.ship("sharabey", at=(400, 300, 0), locks=["p2.1"],
                            tokens={"focus": 1})
            tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
            game = sc.attack(shara, tie, dice=["hit", "blank", "blank"],
                             defense=["blank"] * 3)
            skip_to(game, "modify_attack_dice", shara)
            if use:
                modify_with(game, "sharabey")
                assert not game.state.ships[shara].locks
                answer(game, "modify_attack_dice", option_with(game, "focus"))
            finish(game)
            return len(game.state.ships[tie].damage)

        assert scene(True) == 2
        assert scene(False) == 1

    def test_not_for_a_special_attack(self):
        """Attacking with proton torpedoes (not a primary attack), her lock on the defender
        buys no focus result."""
        sc = Scene()
        shara = sc.ship("sharabey", at=(400, 300, 0), locks=["p2.1"],
                        upgrades=["protontorpedoes"])
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = sc.attack(shara, tie, dice=["hit", "blank", "blank", "blank"],
                         defense=["blank"] * 3, weapon="protontorpedoes")
        skip_to(game, "modify_attack_dice", shara)
        assert not offers(game, "sharabey")


# ============================================================ Galactic Republic
def until_ability(game) -> None:
    """Pass on the dice until a use_ability decision (or the end)."""
    while game.decision is not None and game.decision.kind != "use_ability":
        game.answer("done")


def side_scene(pilot: str, friend_at=(430, 300, 0), **setup):
    """The pilot at (300, 300) facing +y; a friendly V-19 at ``friend_at`` (at range 1 in
    his right arc by default); an enemy TIE ahead of the friend."""
    sc = Scene()
    ship = sc.ship(pilot, at=(300, 300, 0), **setup)
    friend = sc.ship("bluesquadronprotector", at=friend_at)
    tie = sc.ship("academypilot", player=2, at=(friend_at[0], friend_at[1] + 200, 180))
    return sc, ship, friend, tie


class TestSinker:
    def test_a_friend_in_the_side_arc_rerolls_1_attack_die(self):
        """A friendly V-19 at range 1 in Sinker's right arc makes a primary attack (2
        blanks): it rerolls 1 die with Sinker's ability (a hit): 1 damage instead of 0."""
        def damage(use: bool) -> int:
            sc, _sinker, friend, tie = side_scene("sinker")
            game = engage(sc, friend, ["blank", "blank"], ["blank"] * 3, ["hit"])
            declare(game, friend, tie)
            if use:
                modify_with(game, "sinker")
            finish(game)
            return len(game.state.ships[tie].damage)

        assert damage(True) == 1
        assert damage(False) == 0

    def test_not_behind_him(self):
        """The friend behind Sinker (not in his left or right arc) is offered nothing."""
        sc, _sinker, friend, tie = side_scene("sinker", friend_at=(300, 150, 0))
        game = engage(sc, friend, ["blank", "blank"], ["blank"] * 3)
        declare(game, friend, tie)
        assert not offers(game, "sinker")


class TestJag:
    def test_lock_the_attacker_of_a_friend_in_the_side_arc(self):
        """The TIE attacks a friendly V-19 at range 1 in Jag's right arc: after it defends,
        Jag may acquire a lock on the attacker; declining, he has none."""
        for use in (True, False):
            sc, jag, friend, tie = side_scene("jag")
            game = sc.attack(tie, friend, dice=["blank", "blank"], defense=["blank"] * 2)
            until_ability(game)
            answer(game, "use_ability", "use" if use else "decline", jag)
            assert game.state.ships[jag].locks == ([tie] if use else [])

    def test_not_for_a_friend_behind_him(self):
        """The defender is behind Jag: nothing is offered, no lock."""
        sc, jag, friend, tie = side_scene("jag", friend_at=(300, 150, 0))
        game = sc.attack(tie, friend, dice=["blank", "blank"], defense=["blank"] * 2)
        finish(game)
        assert game.state.ships[jag].locks == []


class TestJagSiegeOfCoruscant:
    def test_lock_the_defender_after_a_friends_attack(self):
        """A friendly V-19 at range 1 in Jag's right arc attacks: Jag (not strained) may
        acquire a lock on the defender."""
        sc, jag, friend, tie = side_scene("jag-siegeofcoruscant")
        game = sc.attack(friend, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        until_ability(game)
        answer(game, "use_ability", "use", jag)
        assert game.state.ships[jag].locks == [tie]

    def test_not_while_strained(self):
        """Jag with a strain token: nothing is offered, no lock."""
        sc, jag, friend, tie = side_scene("jag-siegeofcoruscant", strain=1)
        game = sc.attack(friend, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        finish(game)
        assert game.state.ships[jag].locks == []


class TestOddBallArc170:
    @pytest.mark.parametrize(("colour", "locked"), [("red", True), ("white", False)])
    def test_a_red_action_locks_the_enemy_in_the_bullseye(self, colour, locked):
        """"Odd Ball" (ARC-170) performs a focus action with an enemy in his bullseye arc:
        red, he may lock it; white, nothing is offered."""
        sc = Scene()
        ship = sc.ship("oddball-arc170starfighter", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.at(PerformAction(ship, during_activation=True,
                                   grant=(granted("focus", colour, "test"),),
                                   only=("focus",)), phase="activation")
        game.answer("focus")
        if locked:
            answer(game, "use_ability", enemy, ship)
        assert (game.state.ships[ship].locks == [enemy]) is locked
        assert game.decision is None


def oddball_soc(enemy_y: float, colour: str = "red"):
    sc = Scene()
    ship = sc.ship("oddball-siegeofcoruscant", at=(400, 300, 0))
    friend = sc.ship("bluesquadronprotector", at=(250, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
    game = sc.at(PerformAction(ship, during_activation=True,
                               grant=(granted("focus", colour, "test"),), only=("focus",)),
                 phase="activation")
    game.answer("focus")
    return game, ship, friend, enemy


class TestOddBallSiegeOfCoruscant:
    def test_a_friend_gains_a_lock_on_an_enemy_at_range_1(self):
        """After a red action, Odd Ball chooses a friendly ship at range 0-3 (himself
        included) and an enemy at range 0-1: the friend gains a lock on the enemy."""
        game, ship, friend, enemy = oddball_soc(420)
        assert set(values(game)) == {f"{ship}>{enemy}", f"{friend}>{enemy}", "decline"}
        game.answer(f"{friend}>{enemy}")
        assert game.state.ships[friend].locks == [enemy]
        assert game.state.ships[ship].locks == []

    def test_not_with_the_enemy_at_range_2_nor_after_a_white_action(self):
        """The enemy at range 2, or a white action: nothing is offered."""
        for enemy_y, colour in ((520, "red"), (420, "white")):
            game, _ship, friend, _enemy = oddball_soc(enemy_y, colour)
            assert game.decision is None
            assert game.state.ships[friend].locks == []


class TestWolffe:
    @pytest.mark.parametrize("pilot", ["wolffe", "wolffe-siegeofcoruscant"])
    def test_front_arc_spends_the_charge_to_reroll(self, pilot):
        """A primary front arc attack (blank, blank, hit): spending his charge, Wolffe
        rerolls a blank into a hit: 2 damage instead of 1."""
        def damage(use: bool):
            sc = Scene()
            wolffe = sc.ship(pilot, at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = engage(sc, wolffe, ["blank", "blank", "hit"], ["blank"] * 3, ["hit"])
            declare(game, wolffe, tie)
            if use:
                modify_with(game, pilot)
            finish(game)
            return len(game.state.ships[tie].damage), game.state.ships[wolffe]

        hits, wolffe = damage(True)
        assert hits == 2 and wolffe.charges[pilot].active == 0
        hits, wolffe = damage(False)
        assert hits == 1 and wolffe.charges[pilot].active == 1

    def test_rear_arc_recovers_the_charge_for_a_die(self):
        """A primary rear arc attack with his charge spent: recovering it, Wolffe rolls 3
        attack dice instead of 2."""
        for use, count in ((True, 3), (False, 2)):
            sc = Scene()
            wolffe = sc.ship("wolffe", at=(400, 300, 0), charges={"wolffe": 0})
            tie = sc.ship("academypilot", player=2, at=(400, 100, 180))
            game = engage(sc, wolffe, ["blank", "blank", "blank"], ["blank"] * 3)
            declare(game, wolffe, tie)
            answer(game, "use_ability", "use" if use else "decline", wolffe)
            finish(game)
            assert len(rolls(game, wolffe)[0]) == count
            assert game.state.ships[wolffe].charges["wolffe"].active == (1 if use else 0)

    def test_no_recovery_with_a_full_charge(self):
        """His charge is active: the rear arc attack offers nothing (2 dice), and the front
        arc reroll is not offered in a rear arc attack."""
        sc = Scene()
        wolffe = sc.ship("wolffe", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 100, 180))
        game = engage(sc, wolffe, ["blank", "blank"], ["blank"] * 3)
        declare(game, wolffe, tie)
        assert not offers(game, "wolffe")
        finish(game)
        assert len(rolls(game, wolffe)[0]) == 2
