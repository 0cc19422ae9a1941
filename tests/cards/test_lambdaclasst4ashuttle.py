"""Lambda-class T-4a Shuttle pilots and the ST-321 title: each test sets a scene, states the
card's rule and shows the ability changing the outcome.

Player 1's ships face +y, player 2's face -y. The shuttle's large base is 80 mm wide, a
small one 40 mm; range bands are 100 mm between the closest points."""

from __future__ import annotations

from typing import Any

from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import PerformAction
from tallon.engine.effects import can_lock
from tallon.engine.rounds import StartActivation, StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import pass_all, values


def test_omicron_group_pilot_sets_up_and_fights():
    """A pilot with flavour text only (the ship has no ship ability) attacks with 3 dice
    from its front arc."""
    sc = Scene()
    shuttle = sc.ship("omicrongrouppilot", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 520, 180))
    game = sc.attack(shuttle, target, dice=["hit"] * 3, defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[target].damage) == 3


# ------------------------------------------------------------------ Captain Kagi
class TestCaptainKagi:
    def scene(self, pilot: str = "captainkagi", far: bool = False) -> tuple[Any, dict[str, str]]:
        """The shuttle (p1.1) with two friends (p1.2, p1.3), each locked by an enemy
        (p2.1 locks p1.2, p2.2 locks p1.3); ``far`` puts p1.3 beyond range 3."""
        sc = Scene()
        ids = {"kagi": sc.ship(pilot, at=(400, 200, 0)),
               "near": sc.ship("academypilot", at=(520, 200, 0)),
               "other": sc.ship("academypilot", at=(800 if far else 280, 200, 0)),
               "e1": sc.ship("academypilot", player=2, at=(400, 700, 180), locks=["p1.2"]),
               "e2": sc.ship("academypilot", player=2, at=(600, 700, 180), locks=["p1.3"])}
        return sc.at(StartEngagement()), ids

    def test_takes_the_enemy_locks_of_the_chosen_friends(self):
        """Captain Kagi, at the start of the Engagement Phase, may choose 1 or more friendly
        ships at range 0-3: every enemy lock on them moves to him. Both chosen: both enemy
        ships lock him."""
        game, ids = self.scene()
        assert values(game) == [ids["near"], ids["other"], "decline"]
        game.answer(ids["near"])
        assert values(game) == [ids["other"], "decline"]
        game.answer(ids["other"])
        assert game.decision is None
        s = game.state.ships
        assert s[ids["e1"]].locks == [ids["kagi"]] and s[ids["e2"]].locks == [ids["kagi"]]

    def test_only_the_chosen_ships(self):
        """Choosing one ship and stopping moves only the lock on that ship."""
        game, ids = self.scene()
        game.answer(ids["near"])
        game.answer("decline")
        s = game.state.ships
        assert s[ids["e1"]].locks == [ids["kagi"]] and s[ids["e2"]].locks == [ids["other"]]

    def test_not_a_friend_beyond_range_3(self):
        """A friendly ship beyond range 3 can't be chosen: only the near one is offered."""
        game, ids = self.scene(far=True)
        assert values(game) == [ids["near"], "decline"]

    def test_another_shuttle_pilot_takes_nothing(self):
        """Without his ability the locks stay where they are."""
        game, ids = self.scene(pilot="omicrongrouppilot")
        assert game.decision is None
        assert game.state.ships[ids["e1"]].locks == [ids["near"]]


# ---------------------------------------------------------------- Colonel Jendon
class TestColonelJendon:
    def scene(self, **kw: Any) -> tuple[Any, str, str, str]:
        """Jendon far left; a friendly TIE Advanced x1 (with a Lock action) with an enemy at
        range 2 (p2.1) and one beyond range 3 (p2.2)."""
        sc = Scene()
        sc.ship("coloneljendon", at=(100, 100, 0), **kw)
        friend = sc.ship("stormsquadronace", at=(450, 100, 0))
        close = sc.ship("academypilot", player=2, at=(450, 320, 180))
        far = sc.ship("academypilot", player=2, at=(450, 850, 180))
        return sc.at(StartActivation(), phase="activation"), friend, close, far

    def test_friendly_ships_lock_only_beyond_range_3(self):
        """Colonel Jendon, at the start of the Activation Phase, may spend 1 charge; then
        this round friendly ships acquire locks beyond range 3 instead of at range 0-3: the
        TIE's Lock action may choose only the far enemy, and no effect can lock the close
        one."""
        game, friend, close, far = self.scene()
        game.answer("use")
        assert game.state.ships["p1.1"].charges["coloneljendon"].active == 1
        start_at(game, PerformAction(friend, during_activation=True), phase="activation")
        game.answer("lock")
        assert far in values(game) and close not in values(game)
        game.answer(far)
        assert game.state.ships[friend].locks == [far]
        assert can_lock(game, game.state.ships[friend], close) is not None

    def test_declined_the_usual_range(self):
        """Without the charge spent the lock is at range 0-3 as usual."""
        game, friend, close, far = self.scene()
        game.answer("decline")
        targets = lock_targets(game, game.state.ships[friend])
        assert close in targets and far not in targets

    def test_no_charge_no_offer(self):
        """Its 2 charges don't recur: with none left nothing is offered."""
        game, friend, close, _ = self.scene(charges={"coloneljendon": 0})
        assert game.decision is None
        assert close in lock_targets(game, game.state.ships[friend])

    def test_the_effect_lasts_this_round_only(self):
        """Next round the friendly ship locks at range 0-3 again."""
        game, friend, close, far = self.scene()
        game.answer("use")
        game.state.round += 1
        targets = lock_targets(game, game.state.ships[friend])
        assert close in targets and far not in targets


# -------------------------------------------------------------- Lieutenant Sai
class TestLieutenantSai:
    def coordinate(self, pilot: str, action: str) -> tuple[Any, str]:
        """The shuttle (p1.1) coordinates a TIE at range 1 (p1.2), which performs
        ``action``."""
        sc = Scene()
        sai = sc.ship(pilot, at=(400, 200, 0))
        friend = sc.ship("academypilot", at=(520, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(sai, during_activation=True), phase="activation")
        game.answer("coordinate")
        game.answer(friend)
        game.answer(action)
        return game, sai

    def test_performs_the_action_the_coordinated_ship_performed(self):
        """Lieutenant Sai: after his coordinate action, if the chosen ship performed an
        action on his action bar (focus), he may perform that action: both have a focus
        token."""
        game, sai = self.coordinate("lieutenantsai", "focus")
        assert values(game) == ["focus", "decline"]
        game.answer("focus")
        pass_all(game)
        assert game.state.ships[sai].has(Token.FOCUS)
        assert game.state.ships["p1.2"].has(Token.FOCUS)

    def test_not_an_action_off_his_bar(self):
        """An evade action is not on the shuttle's action bar: nothing is offered."""
        game, sai = self.coordinate("lieutenantsai", "evade")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert not game.state.ships[sai].has(Token.FOCUS)

    def test_another_shuttle_pilot_gets_nothing(self):
        game, sai = self.coordinate("omicrongrouppilot", "focus")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert not game.state.ships[sai].has(Token.FOCUS)


# ------------------------------------------------------------------------ ST-321
class TestST321:
    def coordinate(self, upgrades: list[str], enemy_y: float) -> tuple[Any, str, str]:
        """A shuttle (p1.1) coordinates a TIE at range 1 (p1.2), which passes; the enemy
        (p2.1) is beyond range 3 of the shuttle and, at ``enemy_y`` = 150, at range 3 of the
        TIE."""
        sc = Scene()
        shuttle = sc.ship("captainkagi", at=(200, 100, 0), upgrades=upgrades)
        friend = sc.ship("academypilot", at=(330, 100, 0))
        enemy = sc.ship("academypilot", player=2, at=(600, enemy_y, 180))
        game = sc.at(PerformAction(shuttle, during_activation=True), phase="activation")
        assert not game.state.in_range(game.state.ships[shuttle], game.state.ships[enemy],
                                       0, 3)
        game.answer("coordinate")
        game.answer(friend)
        game.answer("pass")
        return game, shuttle, enemy

    def test_locks_an_enemy_near_the_coordinated_ship(self):
        """ST-321: after a coordinate action the shuttle may choose an enemy ship at range
        0-3 of the ship it coordinated and lock it, ignoring range restrictions: it locks
        an enemy beyond its own range 3."""
        game, shuttle, enemy = self.coordinate(["st321"], 150)
        assert values(game) == [enemy, "decline"]
        game.answer(enemy)
        pass_all(game)
        assert game.state.ships[shuttle].locks == [enemy]

    def test_not_an_enemy_beyond_range_3_of_the_coordinated_ship(self):
        game, shuttle, _ = self.coordinate(["st321"], 700)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert game.state.ships[shuttle].locks == []

    def test_without_the_title_no_lock(self):
        game, shuttle, _ = self.coordinate([], 150)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert game.state.ships[shuttle].locks == []
