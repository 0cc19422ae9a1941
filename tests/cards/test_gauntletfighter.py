"""Gauntlet Fighter pilots (Rebel Alliance): each card in a scene built for it, compared
with the same scene without the card (or where it must not act).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import finish, modify_with, offers, skip_dice


class TestChopperGauntletFighter:
    def scene(self, enemy_y: float):
        sc = Scene()
        sc.ship("chopper-gauntletfighter", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        return sc.at(StartEngagement()), enemy

    def test_enemy_at_range_0_gains_two_jam_tokens(self):
        """At the start of the Engagement Phase an enemy touching Chopper's large base
        gains 2 jam tokens."""
        game, enemy = self.scene(358)
        assert game.state.ships[enemy].count(Token.JAM) == 2

    def test_not_an_enemy_at_range_1(self):
        """An enemy a few millimetres away (range 1) gains none."""
        game, enemy = self.scene(370)
        assert not game.state.ships[enemy].has(Token.JAM)


class TestEzraBridgerGauntletFighter:
    def scene(self, stress: int):
        sc = Scene()
        ezra = sc.ship("ezrabridger-gauntletfighter", at=(400, 300, 0),
                       tokens={"stress": stress})
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.attack(ezra, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", ezra)
        return game, ezra, tie

    def test_stressed_changes_two_focus_results(self):
        """Stressed, Ezra spends his Force to change his 2 focus results to hits: the TIE
        suffers 2 damage; passing, none."""
        game, ezra, tie = self.scene(1)
        assert offers(game, "ezrabridger-gauntletfighter")
        modify_with(game, "ezrabridger-gauntletfighter", "change 2 focus to hit")
        finish(game)
        assert game.state.ships[ezra].force == 0
        assert len(game.state.ships[tie].damage) == 2

    def test_not_while_unstressed(self):
        """Unstressed he is not offered the change."""
        game, ezra, tie = self.scene(0)
        assert not offers(game, "ezrabridger-gauntletfighter")
        finish(game)
        assert game.state.ships[ezra].force == 1 and not game.state.ships[tie].damage
