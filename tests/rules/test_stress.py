"""RR: STRESS - a stressed ship cannot execute red maneuvers: it cannot set one, and one it
reveals becomes the stress maneuver. (A stressed ship's actions: test_actions; gaining and
removing stress with the difficulty: test_difficulty and test_maneuver.)"""

from __future__ import annotations

import pytest

from tallon.engine import IllegalChoiceError
from tallon.engine.state import Token
from tests.rules.game_helpers import (
    after_p1_activates,
    at,
    before_p1_activates,
    between_ties,
    drive,
    events,
    give,
    moved,
    pacer_game,
    plan,
    tokens,
)


def test_a_stressed_ship_can_not_set_a_red_maneuver():
    """A T-65 stressed by its red [3 Tallon roll] sets its dial in round 2. RR: STRESS - a
    stressed ship cannot execute red maneuvers (the rulebook: nor set them). Its dial
    decision lists only its non-red maneuvers, and a red one is refused."""
    game = pacer_game()
    drive(game, lambda d: game.state.round == 2, dials={"p1.1": "3ER"})   # red: stress
    assert tokens(game, "p1.1") == {"stress": 1}
    d = drive(game, at("set_dial", "p1.1"))
    ship = game.state.ships["p1.1"]
    assert d.option_keys() == [c for c in ship.dial if not c.endswith("R")]
    with pytest.raises(IllegalChoiceError):
        game.answer("4KR")


def test_an_unstressed_ship_may_set_red_maneuvers():
    """An unstressed T-65 sets its dial. RR: STRESS - only a stressed ship is limited. Its
    red [4 Koiogran turn] and [3 Tallon roll] are offered."""
    game = pacer_game()
    d = drive(game, at("set_dial", "p1.1"))
    assert "4KR" in d.option_keys() and "3ER" in d.option_keys()


def test_a_stressed_ship_revealing_red_executes_the_stress_maneuver():
    """A T-65 sets a red [3 Tallon roll] and becomes stressed (arranged) before it
    activates. RR: STRESS, RR: ACTIVATION PHASE - a stressed ship that reveals a red
    maneuver executes the stress maneuver, a white [2 straight], instead. It moves 120 mm
    ahead, gains no more stress and performs no action; the revealed dial the opponent sees
    is still the red one."""
    game = between_ties("bluesquadronescort")
    plan(game, {"p1.1": "3ER"})
    before_p1_activates(game)
    give(game, "p1.1", Token.STRESS)       # arranged: stressed after setting the dial
    after_p1_activates(game)
    assert moved(game, "p1.1", (400, 200, 0)) == (0.0, 120.0, 0.0)
    assert tokens(game, "p1.1") == {"stress": 1}
    assert [e["maneuver"] for e in events(game, "move", "p1.1")] == ["2FW"]
    assert [e["maneuver"] for e in events(game, "reveal", "p1.1")] == ["3ER"]
    assert game.view(2)["ships"][0]["dial"] == "3ER"
