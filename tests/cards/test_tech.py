"""Tech upgrades: each test sets a scene, states the card's rule and shows the card
changing the outcome."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import Give, answer, attack, modify_with, offers, pass_all, values


# ---------------------------------------------------------------- Advanced Optics
def optics_game(tokens):
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["advancedoptics"],
                 tokens=tokens)
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return attack(sc, x1, enemy, ["hit", "blank"], ["blank"] * 3), x1, enemy


def test_advanced_optics_spend_focus_to_turn_a_blank_into_a_hit():
    """Advanced Optics: attacking, the ship may spend 1 focus token to change 1 blank
    result to a hit."""
    game, x1, enemy = optics_game({"focus": 1})
    modify_with(game, "advancedoptics", "change 1 blank to hit")
    pass_all(game)
    assert not game.state.ships[x1].has(Token.FOCUS)
    assert len(game.state.ships[enemy].damage) == 2


def test_advanced_optics_need_a_focus_token():
    game, _, enemy = optics_game({})
    assert not offers(game, "advancedoptics")
    pass_all(game)
    assert len(game.state.ships[enemy].damage) == 1


# ---------------------------------------------------------------- Primed Thrusters
@pytest.mark.parametrize("upgrades, stress, offered", [
    (["primedthrusters"], 2, {"barrel_roll", "pass"}),
    (["primedthrusters"], 3, None),
    ([], 1, None),
])
def test_primed_thrusters_barrel_roll_and_boost_while_stressed(upgrades, stress, offered):
    """Primed Thrusters: with 2 or fewer stress tokens the ship can perform barrel roll and
    boost actions while stressed (not its other actions)."""
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=upgrades, stress=stress)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(PerformAction(x1, during_activation=True), phase="activation")
    if offered is None:
        assert game.decision is None
    else:
        assert set(values(game)) == offered


# ---------------------------------------------------------- Deuterium Power Cells
def power_cells_used():
    """A TIE Advanced with 1 shield uses its Deuterium Power Cells in the System Phase."""
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), shields=1,
                 upgrades=["deuteriumpowercells"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(Sweep("system"), phase="system")
    answer(game, "use_ability", "use", x1)
    return game, x1


def test_deuterium_power_cells_recover_a_shield_in_the_system_phase():
    """Deuterium Power Cells: in the System Phase the ship may spend 1 charge and gain a
    disarm token to recover 1 shield (the card gives the ship a System Phase turn)."""
    game, x1 = power_cells_used()
    # the disarm token is a cost the card's own second ability could replace (RR: FAQ: a
    # replaced cost still pays): declined here
    answer(game, "replacement", "decline", x1)
    ship = game.state.ships[x1]
    assert ship.shields == 2 and ship.has(Token.DISARM)
    assert ship.charges["deuteriumpowercells"].active == 1


def test_deuterium_power_cells_may_replace_their_own_disarm_cost():
    game, x1 = power_cells_used()
    answer(game, "replacement", "use", x1)
    ship = game.state.ships[x1]
    assert ship.shields == 2 and ship.stressed and not ship.has(Token.DISARM)
    assert ship.charges["deuteriumpowercells"].active == 0


def test_deuterium_power_cells_need_a_lost_shield():
    sc = Scene()
    sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["deuteriumpowercells"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(Sweep("system"), phase="system")
    assert game.decision is None


@pytest.mark.parametrize("use", [True, False])
def test_deuterium_power_cells_take_stress_instead_of_another_token(use):
    """... and unstressed, before gaining 1 token other than a lock, the ship may spend 1
    charge to gain a stress token instead (here instead of a jam token)."""
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["deuteriumpowercells"],
                 tokens={"focus": 1})
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, Give(x1, "jam", 1, applier=1), phase="activation")
    answer(game, "replacement", "use" if use else "decline", x1)
    pass_all(game)
    ship = game.state.ships[x1]
    if use:
        assert ship.stressed and ship.has(Token.FOCUS) and not ship.has(Token.JAM)
    else:
        # the jam token takes the focus token with it
        assert not ship.stressed and not ship.has(Token.FOCUS)


# ---------------------------------------------------------------- Pattern Analyzer
def analyzer_game(upgrades, dial):
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.game()
    game.state.ships[tie].dial_set = dial
    from tallon.engine.rounds import Activate

    start_at(game, Activate(tie), phase="activation")
    return game, tie


def test_pattern_analyzer_acts_before_the_red_maneuvers_stress():
    """Pattern Analyzer: while fully executing a red maneuver, before the Check Difficulty
    step, the ship may perform 1 action (it is not yet stressed)."""
    game, tie = analyzer_game(["patternanalyzer"], "3KR")
    assert not game.state.ships[tie].stressed
    answer(game, "use_ability", "focus", tie)
    ship = game.state.ships[tie]
    assert ship.has(Token.FOCUS) and ship.stressed


def test_pattern_analyzer_not_for_white_maneuvers_and_not_without_it():
    game, tie = analyzer_game(["patternanalyzer"], "2TW")
    assert game.decision.kind == "perform_action"
    game, tie = analyzer_game([], "3KR")
    assert game.decision is None and not game.state.ships[tie].tokens.get(Token.FOCUS)


# ------------------------------------------------------------ Targeting Synchronizer
@pytest.mark.parametrize("upgrades, offered", [(["targetingsynchronizer"], True),
                                               ([], False)])
def test_targeting_synchronizer_lends_its_lock_to_a_friend(upgrades, offered):
    """Targeting Synchronizer: a friendly ship at range 1-2 attacking a ship the card's
    ship has locked ignores the [lock] attack requirement (proton torpedoes without its
    own lock)."""
    sc = Scene()
    sc.ship("tempestsquadronpilot", at=(250, 300, 0), locks=["p2.1"], upgrades=upgrades)
    bomber = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["protontorpedoes"])
    sc.ship("academypilot", player=2, at=(400, 550, 180))
    from tallon.engine.attack import Engage

    game = sc.at(Engage(bomber))
    weapons = {o.info["weapon"] for o in game.decision.options if o.info}
    assert ("protontorpedoes" in weapons) is offered


# ---------------------------------------------------------------- Ferrosphere Paint
def painted(x: float, upgrades: tuple[str, ...] = ("ferrospherepaint",)):
    """A TIE Advanced at (400, 500) facing down locks the T-65 at (x, 300) (range 2, in its
    front arc; in its bullseye only at x = 400)."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(x, 300, 0), upgrades=list(upgrades))
    tie = sc.ship("tempestsquadronpilot", player=2, at=(400, 500, 180))
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", tie)
    if game.decision is not None and game.decision.kind == "lock_target":
        game.answer(ship)
    return game, ship, tie


class TestFerrospherePaint:
    def test_the_locking_ship_chooses_stress(self):
        """Ferrosphere Paint: after an enemy locks the ship from outside its bullseye arc,
        that enemy gains a stress token unless its player breaks the lock. Player 2 is
        asked; keeping the lock, the TIE is stressed."""
        game, ship, tie = painted(470)
        d = game.decision
        assert d.kind == "use_ability" and d.player == 2
        assert set(d.option_keys()) == {"stress", "break"}
        game.answer("stress")
        t = game.state.ships[tie]
        assert t.count(Token.STRESS) == 1 and t.locks == [ship]

    def test_the_locking_ship_breaks_its_lock(self):
        """Breaking the lock instead: no stress, no lock."""
        game, _, tie = painted(470)
        assert game.decision.kind == "use_ability" and game.decision.player == 2
        game.answer("break")
        t = game.state.ships[tie]
        assert not t.stressed and t.locks == []

    def test_in_the_bullseye_nothing_happens(self):
        """The T-65 is in the TIE's bullseye arc: the paint does nothing; the TIE keeps its
        lock without stress."""
        game, ship, tie = painted(400)
        assert game.decision is None or game.decision.kind != "use_ability"
        t = game.state.ships[tie]
        assert t.locks == [ship] and not t.stressed

    def test_without_the_paint_no_question(self):
        game, ship, tie = painted(470, upgrades=())
        t = game.state.ships[tie]
        assert t.locks == [ship] and not t.stressed
