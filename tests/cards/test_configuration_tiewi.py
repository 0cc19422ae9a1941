"""Configurations restricted to the TIE/wi Whisper Modified Interceptor: Enhanced Jamming
Suite, in scenes compared with the same scene without the card (or where it must not
trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.scene import Scene
from tests.cards.helpers import answer, attack, finish, rolled, values

SUITE = "enhancedjammingsuite"


class TestEnhancedJammingSuite:
    @staticmethod
    def jam(upgrades: tuple[str, ...], pilot: str = "redfuryzealot"):
        sc = Scene()
        wi = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades)
        friend = sc.ship("709thlegionace", at=(480, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 450, 180))
        game = sc.at(PerformAction(wi, during_activation=True), phase="activation")
        answer(game, "perform_action", "jam", wi)
        return game, wi, friend, enemy

    def test_jam_may_choose_itself_or_a_friend(self):
        """While it jams, the ship may choose itself or another friendly ship in range, as
        well as the enemy."""
        game, wi, friend, enemy = self.jam((SUITE,))
        assert game.decision.kind == "jam_target"
        assert set(values(game)) == {wi, friend, enemy}

    def test_without_the_suite_only_enemies(self):
        """A First Order Courier (a jam action of its own, no suite) in the same place:
        its jam offers only the enemy ship."""
        game, _wi, _friend, enemy = self.jam((), pilot="firstordercourier")
        assert game.decision.kind == "jam_target"
        assert values(game) == [enemy]

    @staticmethod
    def defend(attacker_tokens: dict[str, int], jam: int = 0):
        sc = Scene()
        wi = sc.ship("redfuryzealot", at=(400, 300, 0), upgrades=[SUITE], jam=jam)
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180), **attacker_tokens)
        game = attack(sc, enemy, wi, ["hit"] * 3, ["blank"] * 3)
        return game, wi

    def test_extra_die_against_an_attacker_without_green_tokens(self):
        """Defending against an attacker with no green token: it may roll 1 additional
        defense die (3 instead of its agility 2)."""
        game, wi = self.defend({})
        answer(game, "use_ability", "use", wi)
        finish(game)
        assert len(rolled(game, wi)) == 3

    def test_extra_die_when_a_jammed_ship_is_in_the_attack_arc(self):
        """The attacker has a focus token, but the defender itself is jammed and in the
        attack arc: it may roll 1 additional defense die."""
        game, wi = self.defend({"focus": 1}, jam=1)
        answer(game, "use_ability", "use", wi)
        finish(game)
        assert len(rolled(game, wi)) == 3

    def test_not_against_a_focused_attacker_without_jammed_ships(self):
        """The attacker has a focus token and no jammed ship is in the attack arc: nothing
        offered, 2 defense dice."""
        game, wi = self.defend({"focus": 1})
        assert game.decision is None or game.decision.kind != "use_ability"
        finish(game)
        assert len(rolled(game, wi)) == 2
