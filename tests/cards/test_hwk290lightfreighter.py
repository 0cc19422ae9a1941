"""HWK-290 light freighter pilots (Rebel Alliance): each test sets a scene, states the
card's rule and shows the ability changing the outcome. (Kyle Katarn is tested in
tests/cards/test_queue_example_pilots.py.)

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2."""

from __future__ import annotations

from tallon.engine.rounds import StartEngagement, Sweep, step_of
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, attack, dice_count, pass_all, values


def reach(game, kind, ship):
    """Pass on everything until a ``kind`` decision for ``ship``, or the end."""
    while game.decision is not None and not (game.decision.kind == kind
                                             and game.decision.ship == ship):
        pass_all(game, 1)


# ----------------------------------------------------------------------- Jan Ors
class TestJanOrs:
    def game(self, stress: int = 0, turret: str = "front"):
        sc = Scene()
        jan = sc.ship("janors", at=(400, 200, 0), stress=stress, turret=turret)
        friend = sc.ship("banditsquadronpilot", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, friend, tie, ["hit", "hit", "hit"], ["blank"] * 3)
        return game, jan, tie

    def test_gains_stress_so_the_friend_rolls_one_more_die(self):
        """Jan Ors: a friendly ship in her firing arc performs a primary attack; not
        stressed, she may gain 1 stress token so that it rolls 1 additional attack die (3
        at range 2 instead of 2)."""
        game, jan, tie = self.game()
        reach(game, "use_ability", jan)
        answer(game, "use_ability", "use", jan)
        pass_all(game)
        assert dice_count(game, 0) == 3
        assert len(game.state.ships[tie].damage) == 3
        assert game.state.ships[jan].count(Token.STRESS) == 1

    def test_not_while_stressed(self):
        game, jan, _tie = self.game(stress=1)
        reach(game, "use_ability", jan)
        assert game.decision is None
        assert dice_count(game, 0) == 2

    def test_not_outside_her_firing_arc(self):
        """Her turret pointed at her rear arc: the friend in front is outside her firing
        arc."""
        game, jan, _tie = self.game(turret="rear")
        reach(game, "use_ability", jan)
        assert game.decision is None
        assert dice_count(game, 0) == 2


# ------------------------------------------------------------------- Roark Garnet
class TestRoarkGarnet:
    def game(self, turret: str = "front"):
        sc = Scene()
        roark = sc.ship("roarkgarnet", at=(400, 300, 0), turret=turret)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        start_at(game, StartEngagement(), Sweep("engagement"))
        return game, roark, tie

    def test_a_ship_in_his_firing_arc_engages_at_initiative_7(self):
        """Roark Garnet: at the start of the Engagement Phase he may choose a ship in his
        firing arc; it engages at initiative 7 this phase: the initiative 1 TIE attacks
        before Roark (initiative 4)."""
        game, roark, tie = self.game()
        assert tie in values(game)
        answer(game, "use_ability", tie, roark)
        assert step_of(game, game.state.ships[tie], "engagement") == 7
        assert game.decision.kind == "declare_attack" and game.decision.ship == tie
        game.state.round += 1                 # the effect lasts for this phase only
        assert step_of(game, game.state.ships[tie], "engagement") == 1

    def test_without_it_the_initiative_order_holds(self):
        game, roark, _tie = self.game()
        answer(game, "use_ability", "decline", roark)
        assert game.decision.kind == "declare_attack" and game.decision.ship == roark

    def test_not_outside_his_firing_arc(self):
        """His turret pointed at his rear arc: the TIE in front can't be chosen, nothing
        is asked and the TIE keeps its initiative (Roark, with no target in his arc, has no
        attack to declare)."""
        game, _roark, tie = self.game(turret="rear")
        assert game.decision.kind == "declare_attack"
        assert step_of(game, game.state.ships[tie], "engagement") == 1
