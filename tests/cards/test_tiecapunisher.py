"""TIE/ca Punisher pilots "Deathrain" and "Redline": each test sets a scene, states the
card's rule and shows the ability changing the outcome (the same scene without the card,
or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, pass_all, values


def test_generic_pilot_sets_up_and_fights():
    """The Cutlass Squadron Pilot (flavour text only) attacks with 2 dice."""
    sc = Scene()
    tie = sc.ship("cutlasssquadronpilot", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[target].damage) == 2


# ----------------------------------------------------------------- "Deathrain"
def drop_bomb(pilot):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=["protonbombs"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(me), phase="system")
    answer(game, "launch_device", "1F", me)
    return game, me


class TestDeathrain:
    def test_action_after_dropping_a_bomb(self):
        """"Deathrain": after dropping a proton bomb in the System Phase she may perform an
        action: she takes a focus action and gains a focus token."""
        game, me = drop_bomb("deathrain")
        assert game.decision.kind == "use_ability"
        assert {"focus", "lock", "barrel_roll", "boost"} <= set(values(game))
        game.answer("focus")
        assert game.state.ships[me].count(Token.FOCUS) == 1

    def test_other_pilots_only_drop(self):
        game, me = drop_bomb("cutlasssquadronpilot")
        pass_all(game)
        assert game.state.ships[me].count(Token.FOCUS) == 0

    def test_not_without_a_device(self):
        """No device dropped: her System Phase asks nothing."""
        sc = Scene()
        me = sc.ship("deathrain", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        assert game.decision is None


# ------------------------------------------------------------------- "Redline"
def redline_scene(pilot="redline"):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 550, 180))
    sc.ship("academypilot", player=2, at=(550, 550, 180))
    game = sc.at(PerformAction(me, during_activation=True), phase="activation")
    return game, me


class TestRedline:
    def test_lock_after_an_action(self):
        """"Redline": after a focus action he may acquire a lock (not an action)."""
        game, me = redline_scene()
        answer(game, "perform_action", "focus", me)
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"p2.1", "p2.2", "decline"}
        game.answer("p2.2")
        assert game.state.ships[me].locks == ["p2.2"]

    def test_keeps_two_locks(self):
        """"Redline" can maintain 2 locks: after a lock action on one TIE, his ability
        locks the other and he keeps both (the TIE already locked is not offered)."""
        game, me = redline_scene()
        answer(game, "perform_action", "lock", me)
        answer(game, "lock_target", "p2.1", me)
        assert set(values(game)) == {"p2.2", "decline"}
        game.answer("p2.2")
        assert sorted(game.state.ships[me].locks) == ["p2.1", "p2.2"]

    def test_other_pilots_keep_one_lock_and_get_none_after_an_action(self):
        game, me = redline_scene("cutlasssquadronpilot")
        answer(game, "perform_action", "focus", me)
        assert game.decision is None
        assert game.state.ships[me].locks == []
