"""Rulebook: ASSAULT AT THE SATELLITE ARRAY - five satellites placed with limits, control by
more ships at range 0-1 (medium and large ships count as two), 1 mission point per
satellite controlled at the start of each End Phase from the second round."""

from __future__ import annotations

import pytest

from tallon.cards.pool import default_squads
from tallon.engine import IllegalChoiceError
from tallon.engine.scenarios import controller, end_phase_points
from tallon.geometry import Pose
from tests.rules.game_helpers import REBEL, squad
from tests.rules.scenario_helpers import (
    CX,
    CY,
    play_end_phase,
    points,
    satellite,
    scenario_game,
    scenario_start,
    scores,
    set_up,
    to_round,
)

#: A satellite at range 3 of the centre one: 250 mm between their edges, straight towards
#: player 1's edge (its edge 167 mm from that edge: range 2).
NEAR_P1 = (CX, CY - 290)
NEAR_P2 = (CX, CY + 290)


def _first_placement(game):
    d = game.decision
    assert d.kind == "place_feature"
    return d.player


def test_a_satellite_must_be_at_range_3_of_the_centre_one():
    """Situation: the first player places a satellite 150 mm (edge to edge) from the centre
    satellite. Rule: "players take turns placing the remaining four satellites at range 3
    of the center satellite". Expected: refused, naming range 3 of the centre."""
    game = scenario_game("satellite-array")
    player = _first_placement(game)
    y = CY - 190 if player == 1 else CY + 190
    with pytest.raises(IllegalChoiceError, match="range 3 of the centre satellite"):
        game.answer({"x": CX, "y": y})


def test_the_first_satellite_goes_near_its_players_edge_the_second_near_the_opponents():
    """Situation: each player's first satellite placed towards the opponent's edge, then
    towards their own. Rule: "The first satellite placed by each player must be placed at
    range 2-4 of their board edge. The second ... at range 2-4 of their opponent's board
    edge." Expected: the first refused (naming your edge), the second accepted; the
    player's second satellite refused near their own edge, accepted near the opponent's."""
    game = scenario_game("satellite-array")
    first = _first_placement(game)
    own, theirs = (NEAR_P1, NEAR_P2) if first == 1 else (NEAR_P2, NEAR_P1)
    with pytest.raises(IllegalChoiceError, match="range 2-4 of your board edge"):
        game.answer({"x": theirs[0], "y": theirs[1]})
    game.answer({"x": own[0], "y": own[1]})
    game.answer(game.decision.options[0].key)  # the second player's first
    assert game.decision.player == first
    left = (CX - 290, CY)
    with pytest.raises(IllegalChoiceError, match="your opponent's board edge"):
        game.answer({"x": left[0], "y": left[1]})  # 437 mm from either edge: range 5
    game.answer({"x": theirs[0], "y": theirs[1]})
    assert len(game.state.features) == 4


def test_satellites_must_be_beyond_range_2_of_each_other():
    """Situation: a player's satellite placed at range 3 of the centre but 60 mm (edge to
    edge) from another player-placed satellite. Rule: "... and beyond range 2 of each other
    satellite". Expected: refused, naming the satellite too close."""
    game = scenario_game("satellite-array")
    first = _first_placement(game)
    own = NEAR_P1 if first == 1 else NEAR_P2
    game.answer({"x": own[0], "y": own[1]})
    second_own = NEAR_P2 if first == 1 else NEAR_P1
    game.answer({"x": second_own[0], "y": second_own[1]})
    # the first player's second satellite, 100 mm beside the second player's
    x, y = second_own
    with pytest.raises(IllegalChoiceError, match="beyond range 2 of each other feature "
                                                 r"\(satellite-3\)"):
        game.answer({"x": x + 100, "y": y - 10 if y > CY else y + 10})


AWAY = {"p2.1": (60, 860, 180), "p2.2": (860, 860, 180)}


def test_more_ships_at_range_0_1_control_the_satellite():
    """Situation: the centre satellite with one X-wing at range 1 below it and one TIE at
    range 1 above it, then a second X-wing at range 1 beside it. Rule: "A player controls a
    satellite if they have more ships at range 0-1 of the satellite than any other player."
    Expected: nobody controls it while tied; player 1 with two ships against one."""
    game = scenario_start("satellite-array", poses={
        "p1.1": (CX, CY - 90, 0), "p1.2": (60, 60, 0), "p2.1": (CX, CY + 90, 180),
        "p2.2": (860, 860, 180)}, features=[satellite(1, CX, CY)])
    sat = game.state.features[0]
    assert controller(game, sat) is None
    game.state.set_pose(game.state.ships["p1.2"], Pose(CX - 90, CY, 90))
    assert controller(game, sat) == 1
    assert end_phase_points(game) == [(1, 1, "controls satellite 1")]


def test_a_medium_ship_counts_as_two():
    """Situation: a medium ARC-170 at range 1 of a satellite against two small TIEs at range
    1; then against one TIE. Rule: "When determining control of a satellite, medium and
    large ships each count as two ships." Expected: tied (nobody) against two TIEs; player 1
    controls it against one."""
    game = scenario_start("satellite-array", squads=(
        squad(REBEL, "sharabey"), squad("galacticempire", "blacksquadronace",
                                        "blacksquadronace")),
        poses={"p1.1": (CX, CY - 100, 0), "p2.1": (CX - 90, CY, 90),
               "p2.2": (CX + 90, CY, 270)}, features=[satellite(1, CX, CY)])
    sat = game.state.features[0]
    assert controller(game, sat) is None
    game.state.set_pose(game.state.ships["p2.2"], Pose(860, 860, 180))
    assert controller(game, sat) == 1


def test_ships_beyond_range_1_do_not_count():
    """Situation: an X-wing whose base is 120 mm from the satellite's edge (range 2).
    Rule: control counts ships at range 0-1. Expected: nobody controls the satellite."""
    game = scenario_start("satellite-array", poses={
        "p1.1": (CX, CY - 160, 0), "p1.2": (60, 60, 0), **AWAY},
        features=[satellite(1, CX, CY)])
    assert controller(game, game.state.features[0]) is None


def test_a_whole_game_scores_satellites_round_after_round():
    """Situation: a whole Assault at the Satellite Array game of the default squads with
    setup's first offers and straight flying. Rule: the scenario's scoring and victory.
    Expected: the game ends by a victory condition; every mission point scored after the
    start is in the log with its reason, and the log's points add up to the final score."""
    game = scenario_game("satellite-array", squads=default_squads(), seed=3)
    set_up(game)
    start = points(game)
    to_round(game, 12)
    play_end_phase(game)
    assert game.over
    scored = {1: 0, 2: 0}
    for event in game.log:
        if event["kind"] == "score":
            scored[event["player"]] += event["points"]
        elif event["kind"] == "removed" and "scores" in event["text"]:
            player = int(event["text"].rsplit("player ", 1)[1].split()[0])
            scored[player] += int(event["text"].rsplit(" ", 1)[1])
    assert points(game) == (start[0] + scored[1], start[1] + scored[2])
    assert any("controls satellite" in text for text in scores(game))
