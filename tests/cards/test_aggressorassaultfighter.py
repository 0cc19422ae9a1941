"""Aggressor assault fighter pilots and the ship ability Advanced Droid Brain: each card in a
scene built for it, compared with the same scene without the ability (or where it must not
trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the Aggressor has a medium base (60 mm)."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.helpers import answer, engage, pass_all, pass_until, values


class TestAdvancedDroidBrain:
    @pytest.mark.parametrize("action, calculate", [("calculate", 2), ("evade", 0)])
    def test_a_calculate_action_gives_a_second_token(self, action, calculate):
        """Advanced Droid Brain: after performing a calculate action the ship gains 1 more
        calculate token (2 in all, where the action alone gives 1); after an evade action
        it gains none."""
        sc = Scene()
        ig = sc.ship("ig88c", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(ig, during_activation=True), phase="activation")
        answer(game, "perform_action", action, ig)
        pass_all(game)
        assert game.state.ships[ig].count(Token.CALCULATE) == calculate


class TestIG88A:
    def scene(self, friend: str, y: float = 500):
        sc = Scene()
        ig = sc.ship("ig88a", at=(400, 300, 0), tokens={"calculate": 1})
        other = sc.ship(friend, at=(400, y, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(FireWindow.of("start_engagement")), ig, other

    def test_gives_a_calculate_token_to_a_friend(self):
        """IG-88A: at the start of the Engagement Phase he may transfer 1 of his calculate
        tokens to a friendly ship at range 1-3 with [Calculate] on its bar (IG-88C, range
        2): the token moves; declining, he keeps it."""
        game, ig, friend = self.scene("ig88c")
        assert values(game) == [friend, "decline"]
        answer(game, "use_ability", friend, ig)
        assert not game.state.ships[ig].has(Token.CALCULATE)
        assert game.state.ships[friend].count(Token.CALCULATE) == 1
        game, ig, friend = self.scene("ig88c")
        answer(game, "use_ability", "decline", ig)
        assert game.state.ships[ig].count(Token.CALCULATE) == 1
        assert not game.state.ships[friend].has(Token.CALCULATE)

    @pytest.mark.parametrize("friend, y", [("crymorahgoon", 500),  # no calculate on its bar
                                           ("ig88c", 760)])         # range 4
    def test_not_without_calculate_or_beyond_range_3(self, friend, y):
        """A friend without [Calculate] on its bar (a Y-wing), or one beyond range 3, can't
        be chosen: no question, the token stays."""
        game, ig, _ = self.scene(friend, y)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[ig].count(Token.CALCULATE) == 1


class TestIG88B:
    @pytest.mark.parametrize("dice, bonus", [(["blank"] * 4, True), (["hit"] * 4, False)])
    def test_a_missed_attack_is_followed_by_a_cannon_attack(self, dice, bonus):
        """IG-88B: after his primary attack misses (4 blanks) he may perform a bonus
        [Cannon] attack: the bonus declaration offers only his ion cannon; after a hit, no
        bonus attack is offered."""
        sc = Scene()
        ig = sc.ship("ig88b", at=(400, 300, 0), upgrades=["ioncannon"])
        tie = sc.ship("academypilot", player=2, at=(400, 450, 180))
        game = engage(sc, ig, dice, ["blank"] * 3)
        declare(game, ig, tie, "primary:front")
        pass_until(game, "use_ability") if bonus else pass_all(game)
        if bonus:
            answer(game, "use_ability", "use", ig)
            d = game.decision
            assert d.kind == "bonus_attack"
            assert {k for k in d.option_keys() if k != "none"} == {f"ioncannon@{tie}"}
        else:
            assert game.state.ships[ig].bonus_attack_done is False

    def test_no_cannon_no_offer(self):
        """Without a [Cannon] upgrade there is nothing to attack with: no question after
        the miss."""
        sc = Scene()
        ig = sc.ship("ig88b", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 450, 180))
        game = engage(sc, ig, ["blank"] * 4, ["blank"] * 3)
        declare(game, ig, tie, "primary:front")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "bonus_attack" not in kinds


class TestIG88C:
    @pytest.mark.parametrize("action, evades", [("boost", True), ("calculate", False)])
    def test_a_boost_is_followed_by_an_evade(self, action, evades):
        """IG-88C: after performing a boost action he may perform an evade action (he ends
        with an evade token); after a calculate action nothing is offered."""
        sc = Scene()
        ig = sc.ship("ig88c", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(ig, during_activation=True), phase="activation")
        answer(game, "perform_action", action, ig)
        if action == "boost":
            answer(game, "boost_direction", "straight", ig)
            assert values(game) == ["evade", "decline"]
            answer(game, "use_ability", "evade", ig)
        pass_all(game)
        assert game.state.ships[ig].has(Token.EVADE) is evades
