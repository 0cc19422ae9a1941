"""Resistance Transport Pod pilots: each card in a scene built for it, compared with the
same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.helpers import (
    answer,
    engage,
    finish,
    modify_with,
    offers,
    pass_all,
    skip_to,
    values,
)


# -------------------------------------------------------------------------- BB-8
class TestBB8:
    def scene(self, stress: int = 0):
        sc = Scene()
        bb8 = sc.ship("bb8", at=(400, 300, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(SystemTurn(bb8), phase="system"), bb8

    def test_system_phase_red_boost(self):
        """In the System Phase BB-8 may perform a red boost: he moves forward and gains a
        stress token."""
        game, bb8 = self.scene()
        y = game.state.ships[bb8].body.pose.y
        answer(game, "use_ability", "act", bb8)
        assert {"barrel_roll", "boost"} <= set(values(game))
        game.answer("boost")
        pass_all(game)
        ship = game.state.ships[bb8]
        assert ship.body.pose.y > y and ship.count(Token.STRESS) == 1

    def test_stressed_he_cannot(self):
        """Stressed, he can't perform the red actions: nothing is asked."""
        game, _ = self.scene(stress=1)
        assert game.decision is None


# -------------------------------------------------------------------- Rose Tico
class TestRoseTico:
    def scene(self, friends: list[tuple[float, float, float]]):
        sc = Scene()
        rose = sc.ship("rosetico", at=(400, 300, 0))
        for at in friends:
            sc.ship("logisticsdivisionpilot", at=at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, rose, attack=["blank", "blank"], defense=["blank", "blank", "blank"],
                      rerolls=["hit", "hit"])
        declare(game, rose, tie)
        return game, rose, tie

    def test_one_reroll_per_friendly_ship_in_the_attack_arc(self):
        """Two friendly ships in her front arc: she rerolls both blanks into hits and the
        TIE takes 2 damage."""
        game, rose, tie = self.scene([(300, 420, 0), (500, 420, 0)])
        skip_to(game, "modify_attack_dice", rose)
        modify_with(game, "rosetico", "reroll 2 blank")
        finish(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_one_friend_one_reroll(self):
        """One friendly ship in the arc: only the 1-die reroll is offered."""
        game, rose, _ = self.scene([(300, 420, 0)])
        skip_to(game, "modify_attack_dice", rose)
        labels = [o.label for o in game.decision.options]
        assert any("up to 1 dice" in x for x in labels)
        assert not any("up to 2 dice" in x for x in labels)

    def test_no_friend_in_the_arc_no_reroll(self):
        """The only friendly ship behind her is outside the attack arc: no reroll."""
        game, _, tie = self.scene([(400, 150, 0)])
        assert not offers(game, "rosetico")
        finish(game)
        assert not game.state.ships[tie].damage


# --------------------------------------------------------------------- Vi Moradi
class TestViMoradi:
    def test_assigns_compromising_intel_at_setup(self):
        """After placing forces Vi Moradi assigns Compromising Intel to the enemy ship; an
        otherwise identical scene with BB-8 assigns nothing."""
        for pilot, expected in (("vimoradi", True), ("bb8", False)):
            sc = Scene()
            sc.ship(pilot, at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            held = [c.card for c in game.state.ships[tie].conditions]
            assert ("compromisingintel" in held) is expected


# -------------------------------------------------------------------------- Finn
class TestFinn:
    def defend(self, use: str | None):
        sc = Scene()
        finn = sc.ship("finn", at=(400, 300, 0), focus=1)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, finn, dice=["hit", "hit"], defense=["evade", "blank"])
        skip_to(game, "modify_defense_dice", finn)
        if use:
            modify_with(game, "finn", use)
        return game, finn

    def test_strain_for_a_focus_result(self):
        """Defending with a focus token: Finn gains a strain token to add a focus result,
        then his focus token turns it into an evade: both hits are canceled. Without the
        ability (passing) he loses his shield."""
        game, finn = self.defend("add 1 focus")
        assert game.state.ships[finn].count(Token.STRAIN) == 1
        modify_with(game, "focus")
        finish(game)
        assert game.state.ships[finn].shields == 1
        game, finn = self.defend(None)
        finish(game)
        assert game.state.ships[finn].shields == 0

    def test_one_or_the_other(self):
        """Having added a blank he can't also add the focus result (one ability)."""
        game, finn = self.defend("add 1 blank")
        assert not game.state.ships[finn].has(Token.STRAIN)
        assert not offers(game, "finn")
