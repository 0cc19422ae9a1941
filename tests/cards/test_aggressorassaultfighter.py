"""Aggressor assault fighter pilots and the ship ability Advanced Droid Brain: each card in a
scene built for it, compared with the same scene without the ability (or where it must not
trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the Aggressor has a medium base (60 mm)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from tallon.agents.simple import SimpleAgent
from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.geometry import execute_maneuver
from tallon.scene import Scene, declare
from tests.cards.helpers import activation, answer, engage, pass_all, pass_until, values


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


class TestIG88D:
    """IG-88D: his Segnor's loops may be flown on the turn template of their direction or
    the straight template, of the same speed (geometry: tests/geometry/
    test_maneuver_templates.py). From (400, 300) facing +y a medium base ends: [3 Segnor's
    loop left] on its bank template at about (326, 478) facing 135; on the [3 turn] template
    at (280, 420) facing 90; on the [3 straight] template at (400, 480) facing 180."""

    ENDS: ClassVar[dict[str, tuple[float, float, float]]] = {
        "bank": (326.066, 478.492, 135.0), "turn": (280.0, 420.0, 90.0),
        "straight": (400.0, 480.0, 180.0)}

    def game(self, pilot: str = "ig88d", dial: str = "3LR", **setup):
        sc = Scene()
        ig = sc.ship(pilot, at=(400, 300, 0), **setup)
        sc.ship("academypilot", player=2, at=(700, 850, 180))
        return activation(sc, ig, dial), ig

    def pose(self, game, ship):
        pose = game.state.ships[ship].pose
        return (round(pose.x, 3), round(pose.y, 3), round(pose.heading % 360, 3))

    @pytest.mark.parametrize("template", ["bank", "turn", "straight"])
    def test_the_loop_on_the_template_chosen(self, template):
        """He reveals a red [3 Segnor's loop left]: asked which template, he is placed by
        the front guides at the end of the one chosen (the turn and straight templates
        leave him elsewhere than his own bank template); it is still a red Segnor's loop:
        he gains a stress token and the maneuver executed is [3LR]."""
        game, ig = self.game()
        assert values(game) == ["bank", "turn", "straight"]
        answer(game, "maneuver_template", template, ig)
        assert self.pose(game, ig) == self.ENDS[template]
        assert game.state.ships[ig].count(Token.STRESS) == 1
        moves = [e for e in game.log if e["kind"] == "move"]
        assert moves[-1]["maneuver"] == "3LR"
        assert ("template" in moves[-1]) is (template != "bank")

    def test_the_right_loop_turns_right(self):
        """[3 Segnor's loop right] on the turn template uses the right turn: he ends at
        (520, 420) facing 270."""
        game, ig = self.game(dial="3PR")
        answer(game, "maneuver_template", "turn", ig)
        assert self.pose(game, ig) == (520.0, 420.0, 270.0)

    @pytest.mark.parametrize("pilot, dial", [("ig88d", "3FB"), ("ig88d", "2TW"),
                                             ("ig88c", "3LR")])
    def test_no_choice_for_other_maneuvers_or_pilots(self, pilot, dial):
        """Only a Segnor's loop is flown on another template ([3 straight] and [2 turn] are
        not asked about), and only by IG-88D (IG-88C flies his loop on the bank template):
        no maneuver_template decision, and the loop ends at the bank's end."""
        game, ig = self.game(pilot, dial)
        assert "maneuver_template" not in pass_all(game)
        if dial == "3LR":
            assert self.pose(game, ig) == self.ENDS["bank"]

    def test_not_when_stress_turns_the_loop_into_a_straight(self):
        """Stressed, his red loop becomes a white [2 straight] (RR: STRESS): no Segnor's
        loop is executed, so no template is offered; he ends 2 straight ahead."""
        game, ig = self.game(stress=1)
        assert "maneuver_template" not in pass_all(game)
        assert self.pose(game, ig) == (400.0, 440.0, 0.0)

    def test_a_partial_loop_on_the_turn_template_bumps_as_a_turn(self):
        """A friendly ship sits where the turn template would place him: the loop is
        partially executed as the [3 turn left] (still heading between 270 and 360, not
        turned round) and he bumps that ship."""
        sc = Scene()
        ig = sc.ship("ig88d", at=(400, 300, 0))
        blocker = sc.ship("ig88c", at=(280, 420, 0))
        sc.ship("academypilot", player=2, at=(700, 850, 180))
        game = activation(sc, ig, "3LR")
        table = game.state.table()
        answer(game, "maneuver_template", "turn", ig)
        ship = game.state.ships[ig]
        assert ship.pose == execute_maneuver(table, ig, "3T").final
        assert 270 < ship.pose.heading % 360 < 360
        assert ship.contacts == (blocker,)

    def test_the_simple_agent_picks_a_template_that_keeps_him_on_the_table(self):
        """Near the left edge (x = 100) a left loop on the turn template would leave the play
        area and on the bank template end 26 mm from the edge: the built-in agent, scoring
        each template's end as it scores dials, flies it on the straight template."""
        sc = Scene()
        ig = sc.ship("ig88d", at=(100, 300, 0))
        sc.ship("academypilot", player=2, at=(700, 850, 180))
        game = activation(sc, ig, "3LR")
        assert game.decision.kind == "maneuver_template"
        choice = SimpleAgent(seed=1).choose(game.view(1), game.decision)
        assert choice == "straight"
