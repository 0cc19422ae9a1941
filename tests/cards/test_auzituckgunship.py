"""Auzituck Gunship pilots: each card in a scene built for it, compared with the same
scene without the card (or where it must not act).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene
from tests.cards.helpers import answer, finish, rolled


class TestLowhhrick:
    def scene(self, friend_at):
        sc = Scene()
        low = sc.ship("lowhhrick", at=(300, 300, 0), tokens={"reinforce_fore": 1})
        friend = sc.ship("kashyyykdefender", at=friend_at)
        tie = sc.ship("academypilot", player=2, at=(friend_at[0], 500, 180))
        game = sc.attack(tie, friend, dice=["hit"] * 2, defense=["blank"] * 2)
        return game, low, friend

    def test_gives_the_defender_an_evade_token(self):
        """A friendly gunship at range 1 becomes the defender: Lowhhrick spends his
        reinforce token and it gains an evade token; declining, it has none."""
        game, low, friend = self.scene((420, 300, 0))
        answer(game, "use_ability", "reinforce_fore", low)
        assert game.state.ships[friend].count(Token.EVADE) == 1
        assert not game.state.ships[low].has(Token.REINFORCE_FORE)
        game, low, friend = self.scene((420, 300, 0))
        answer(game, "use_ability", "decline", low)
        assert not game.state.ships[friend].has(Token.EVADE)

    def test_he_may_help_himself(self):
        """Ruling: Lowhhrick is a friendly ship at range 0 of himself: attacked, he may
        spend his reinforce token to gain an evade token."""
        sc = Scene()
        low = sc.ship("lowhhrick", at=(400, 300, 0), tokens={"reinforce_aft": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, low, dice=["hit"] * 2, defense=["blank"] * 2)
        answer(game, "use_ability", "reinforce_aft", low)
        assert game.state.ships[low].count(Token.EVADE) == 1

    def test_not_beyond_range_1(self):
        """The defender is at range 3 of him: he is not asked."""
        game, low, _friend = self.scene((650, 300, 0))
        finish(game)
        assert game.state.ships[low].has(Token.REINFORCE_FORE)


class TestWullffwarro:
    def scene(self, damaged: bool):
        sc = Scene()
        damage = [DamageCard("(marker)", False, 90)] if damaged else []
        wullff = sc.ship("wullffwarro", at=(400, 300, 0), damage=damage)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        return sc.attack(wullff, tie, dice=["hit"] * 4, defense=["blank"] * 3), wullff

    @pytest.mark.parametrize("choice, expected", [("use", 4), ("decline", 3)])
    def test_damaged_rolls_one_more_die(self, choice, expected):
        """Damaged, Wullffwarro's primary attack may roll 4 dice instead of 3."""
        game, wullff = self.scene(True)
        answer(game, "use_ability", choice, wullff)
        finish(game)
        assert len(rolled(game, wullff)) == expected

    def test_not_while_undamaged(self):
        """Without a damage card he is not asked and rolls 3 dice."""
        game, wullff = self.scene(False)
        finish(game)
        assert len(rolled(game, wullff)) == 3
