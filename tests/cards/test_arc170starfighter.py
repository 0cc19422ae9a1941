"""ARC-170 Starfighter pilots (Rebel Alliance): each card in a scene built for it, compared
with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.scene import Scene, load_dice
from tests.cards.helpers import (
    activation,
    answer,
    finish,
    modify_with,
    offers,
    option_with,
    skip_to,
)


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
