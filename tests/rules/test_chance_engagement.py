"""Rulebook: CHANCE ENGAGEMENT - one satellite in the centre, contested by any ship at range
0-2 (one more point when only one player contests it), half a ship's squad points when it
is reduced to half its health and the rest when it is destroyed."""

from __future__ import annotations

from tallon.engine.effects import remove_ship
from tallon.engine.scenarios import contesting, end_phase_points, health, removal_points
from tallon.geometry import Pose
from tests.rules.game_helpers import REBEL, hurt, squad
from tests.rules.scenario_helpers import (
    CX,
    CY,
    play_end_phase,
    points,
    satellite,
    scenario_start,
    scores,
    to_round,
)

FAR = {"p1.2": (60, 60, 0), "p2.2": (860, 860, 180)}


def _game(**poses):
    return scenario_start("chance-engagement", poses={**FAR, **poses},
                          features=[satellite(1, CX, CY)])


def test_both_players_contesting_score_one_each():
    """Situation: an X-wing 150 mm below the satellite's edge (range 2) and a TIE at range 1
    above it. Rule: "a player earns 1 mission point if they contest the satellite. A player
    contests the satellite if they have one or more ships at range 0-2." Expected: both
    contest; one point each, no bonus."""
    game = _game(**{"p1.1": (CX, CY - 190, 0), "p2.1": (CX, CY + 80, 180)})
    assert contesting(game, game.state.features[0]) == (1, 2)
    assert sorted(end_phase_points(game)) == [(1, 1, "contests satellite 1"),
                                              (2, 1, "contests satellite 1")]


def test_the_only_player_contesting_scores_one_more():
    """Situation: only player 2's TIE at range 0-2; the X-wing 250 mm away (range 3). Rule:
    "If only one player is contesting the satellite, that player scores one additional
    mission point." Expected: 2 points for player 2, none for player 1."""
    game = _game(**{"p1.1": (CX, CY - 290, 0), "p2.1": (CX, CY + 80, 180)})
    found = end_phase_points(game)
    assert sum(p for player, p, _ in found if player == 2) == 2
    assert not [f for f in found if f[0] == 1]


def test_half_health_gives_half_the_squad_points_rounded_down_once():
    """Situation: a T-65 Red Squadron Veteran (5 points, 4 hull + 2 shields = 6 health)
    suffering 2 damage (its shields), then 1 more, then 1 more. Rule: "When a ship is
    reduced to half its health (combined total hull and shields ...), the opposing player
    immediately gains mission points equal to half the squad point value ..., rounded
    down." Expected: nothing at 4 of 6; 2 points (5 // 2) at 3 of 6, with the reason in the
    log; nothing more at 2 of 6 (once per ship: ruling)."""
    game = _game(**{"p1.1": (CX, CY - 290, 0), "p2.1": (CX, CY + 290, 180)})
    ship = game.state.ships["p1.1"]
    assert health(ship) == (6, 6)
    before = points(game)
    hurt(game, "p1.1", hits=2)
    assert health(ship) == (4, 6) and points(game) == before
    hurt(game, "p1.1", hits=1)
    assert points(game) == (before[0], before[1] + 2)
    assert "Player 2 scores 2 mission points: Red Squadron Veteran (p1.1) is reduced to " \
        "half its health (3 of 6)" in scores(game)
    hurt(game, "p1.1", hits=1)
    assert health(ship) == (2, 6) and points(game) == (before[0], before[1] + 2)


def test_a_destroyed_ship_gives_the_rest_rounded_up_after_half_health_scored():
    """Situation: the T-65 (5 points) after its half health scored 2, then removed. Rule:
    "When an enemy ship is destroyed or removed from the game, the opposing player gains
    mission points equal to half the squad point value of that ship, rounded up."
    Expected: 3 more points (5 in all)."""
    game = _game(**{"p1.1": (CX, CY - 290, 0), "p2.1": (CX, CY + 290, 180)})
    ship = game.state.ships["p1.1"]
    game.state.scenario_marks["half-health:p1.1"] = 2
    assert removal_points(game, ship) == 3


def test_a_ship_removed_without_half_health_scored_gives_all_its_points():
    """Situation: the T-65 (5 points) at full health flees the battlefield. Rule: "If no
    mission points were scored earlier in the game from a ship that has been removed from
    the game being reduced to half its health, the opposing player gains mission points
    equal to the squad point value of that ship instead." Expected: 5 points."""
    game = _game(**{"p1.1": (CX, CY - 290, 0), "p2.1": (CX, CY + 290, 180)})
    before = points(game)
    remove_ship(game, game.state.ships["p1.1"], "fled")
    assert points(game) == (before[0], before[1] + 5)


def test_health_counts_the_cards_that_modify_hull_and_shields():
    """Situation: a T-65 with Hull Upgrade (+1 hull): 5 hull and 2 shields. Rule: "combined
    total hull and shields, including any modifications to hull and shields via cards such
    as Hull Upgrade". Expected: health 7; reduced to half at 3 left, not at 4."""
    game = scenario_start("chance-engagement", squads=(
        squad(REBEL, ("redsquadronveteran", ["hullupgrade"]), "redsquadronveteran"),
        squad("galacticempire", "blacksquadronace", "blacksquadronace")),
        poses={**FAR, "p1.1": (CX, CY - 290, 0), "p2.1": (CX, CY + 290, 180)},
        features=[satellite(1, CX, CY)])
    ship = game.state.ships["p1.1"]
    assert health(ship) == (7, 7)


def test_contest_is_scored_in_a_played_round():
    """Situation: Chance Engagement, an X-wing flying straight at the satellite through
    rounds 1 and 2, no enemy near. Rule: scoring from the second round. Expected: 2 points
    for player 1 at the start of round 2's End Phase (contesting alone)."""
    game = scenario_start("chance-engagement", poses={
        **FAR, "p1.1": (CX, CY - 300, 0), "p2.1": (60, 860, 180)},
        features=[satellite(1, CX, CY)])
    to_round(game, 2)
    before = points(game)
    play_end_phase(game)
    assert points(game) == (before[0] + 2, before[1])
    assert game.state.ships["p1.1"].pose != Pose(CX, CY - 300, 0)


def test_a_ship_destroyed_from_full_health_gives_all_its_points_in_two_parts():
    """Situation: the T-65 (5 points, 6 health) suffers 6 damage at once in round 1. Rule:
    half its points rounded down when reduced to half its health, then half rounded up
    when destroyed. Expected: 5 points in all for player 2."""
    game = _game(**{"p1.1": (CX, CY - 290, 0), "p2.1": (CX, CY + 290, 180)})
    before = points(game)
    hurt(game, "p1.1", hits=6)
    assert game.state.ships["p1.1"].removed
    assert points(game) == (before[0], before[1] + 5)
