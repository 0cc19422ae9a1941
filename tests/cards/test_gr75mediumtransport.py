"""GR-75 Medium Transport's ship ability Resupply Craft (a huge ship: its rules in
tests/rules/test_huge_ships.py). The GR-75 (Echo Base Evacuees: 4 energy, a 195 mm base)
faces +y at (457, 300); a Red Squadron Veteran (T-65, 2 shields) beside it performs a
focus action."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.huge_moves import energy
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, pass_all, values

GR75 = "echobaseevacuees"
#: the X-wing's centre beside the GR-75's right side: 50 mm off it (range 1), 150 (range 2)
RANGE_1, RANGE_2 = (567, 300, 0), (667, 300, 0)


def _scene(friend_at=RANGE_1, energy_left: int = 4, **friend: object):
    """The GR-75 (p1.1), the X-wing (p1.2) with ``friend``'s state, a TIE (p2.1) far off;
    the game at the X-wing's Perform Action step."""
    sc = Scene(seed=1)
    gr75 = sc.ship(GR75, at=(457, 300, 0), charges={"energy": energy_left})
    xwing = sc.ship("redsquadronveteran", at=friend_at, **friend)
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.at(PerformAction(xwing, during_activation=True), phase="activation")
    return game, gr75, xwing


class TestResupplyCraft:
    def test_spending_energy_removes_an_orange_or_red_token(self):
        """Situation: the X-wing at range 1 of the GR-75, with an ion and a disarm token and
        1 of 2 shields, performs a focus action. Card: "After another friendly ship at
        range 0-1 performs an action, you may spend 1 [Energy]. If you do, it removes 1
        orange or red token, or recovers 1 shield." Expected: the GR-75 is offered the ion
        token, the disarm token and the shield (not the green focus token); choosing the ion
        token removes it and the GR-75 has 3 energy left. Declining, both keep theirs."""
        game, gr75, xwing = _scene(ion=1, disarm=1, shields=1)
        answer(game, "perform_action", "focus", xwing)
        assert game.decision.ship == gr75
        assert sorted(values(game)) == ["decline", "shield", "token:disarm", "token:ion"]
        answer(game, "use_ability", "token:ion", gr75)
        pass_all(game)
        ship = game.state.ships[xwing]
        assert not ship.has(Token.ION) and ship.has(Token.DISARM) and ship.has(Token.FOCUS)
        assert energy(game.state.ships[gr75]) == 3

        game, gr75, xwing = _scene(ion=1, disarm=1, shields=1)
        answer(game, "perform_action", "focus", xwing)
        answer(game, "use_ability", "decline", gr75)
        pass_all(game)
        assert game.state.ships[xwing].has(Token.ION)
        assert energy(game.state.ships[gr75]) == 4

    def test_spending_energy_recovers_a_shield(self):
        """Situation: the same X-wing (1 of 2 shields) performs a focus action. Expected:
        choosing the shield, it has 2 shields; the GR-75 3 energy."""
        game, gr75, xwing = _scene(ion=1, shields=1)
        answer(game, "perform_action", "focus", xwing)
        answer(game, "use_ability", "shield", gr75)
        pass_all(game)
        assert game.state.ships[xwing].shields == 2
        assert energy(game.state.ships[gr75]) == 3

    def test_a_lock_on_the_ship_is_its_red_token(self):
        """Situation: the TIE has a lock on the X-wing (a lock is the locked ship's red
        token: RR: LOCK, its FAQ), its shields full. Expected: the lock is offered and removed."""
        game, gr75, xwing = _scene()
        game.state.ships["p2.1"].locks = [xwing]
        answer(game, "perform_action", "focus", xwing)
        assert sorted(values(game)) == ["decline", "lock:p2.1"]
        answer(game, "use_ability", "lock:p2.1", gr75)
        pass_all(game)
        assert game.state.ships["p2.1"].locks == []

    def test_no_offer_beyond_range_1_without_energy_or_with_nothing_to_do(self):
        """Situation: the X-wing with an ion token acts at range 2 of the GR-75; then at
        range 1 with the GR-75 out of energy; then at range 1 with full shields and no
        orange or red token. Expected: no use_ability decision in any of them (the
        action ends, the ion token stays)."""
        for friend_at, energy_left, state in ((RANGE_2, 4, {"ion": 1}),
                                              (RANGE_1, 0, {"ion": 1}),
                                              (RANGE_1, 4, {})):
            game, _, xwing = _scene(friend_at, energy_left, **state)
            answer(game, "perform_action", "focus", xwing)
            assert "use_ability" not in pass_all(game), (friend_at, energy_left, state)
            assert game.state.ships[xwing].count(Token.ION) == state.get("ion", 0)

    def test_the_gr75s_own_actions_do_not_resupply(self):
        """Situation: the GR-75 itself, with a disarm token and 2 of 3 shields, performs a
        focus action. Card: "another friendly ship". Expected: no use_ability decision."""
        sc = Scene(seed=1)
        gr75 = sc.ship(GR75, at=(457, 300, 0), disarm=1, shields=2)
        sc.ship("redsquadronveteran", at=RANGE_1)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.at(PerformAction(gr75, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", gr75)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[gr75].has(Token.DISARM)

    def test_an_enemy_ships_action_does_not_resupply(self):
        """Situation: a TIE with an ion token at range 1 of the GR-75 performs a focus
        action. Card: "friendly ship". Expected: no use_ability decision."""
        sc = Scene(seed=1)
        sc.ship(GR75, at=(457, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(567, 300, 0), ion=1)
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", tie)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[tie].has(Token.ION)
