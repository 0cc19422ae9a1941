"""Asteroid Run, the first edition core set's second mission (rulebook (1e), Mission 2, and
the FAQ's Missions section): the setup areas, the disabled ship, the Imperial player's six
asteroids, the tracking rounds and the repair in round 5, the reinforcements (at either
edge) and both objectives.

The Rebel squad is player 1 (its edge is y = 0), the Imperial player 2 (y = 914.4). Setup
order: the Imperial ships (p2.1, p2.2), the Rebel ships (p1.1, ...), the disabled ship,
then the six asteroids.
"""

from __future__ import annotations

import pytest

from tallon.engine.effects import remove_ship
from tallon.engine.game_end import CheckEnd
from tallon.engine.mission_play_1e import MissionReinforcements, MissionRepair
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import SetDial
from tests.rules.first_edition.mission_helpers import (
    BLACK,
    OBSIDIAN,
    RED,
    ROOKIE,
    SIDE,
    first_options_until,
    mission_game,
    preset,
    put,
    refused,
    run_steps,
    squad,
    whole_game,
)

NAME = "asteroid-run"


def game(rebels=None, seed: int = 0):
    """An Asteroid Run game: a Red Squadron Pilot (or ``rebels``) against a Black and an
    Obsidian Squadron Pilot."""
    return mission_game(NAME, rebels or squad("rebel", RED),
                        squad("imperial", BLACK, OBSIDIAN), seed)


def ready(rebels=None, seed: int = 0):
    g = game(rebels, seed)
    first_options_until(g)
    return g


def at_asteroids(g):
    """Answer the offered placements up to the first asteroid."""
    first_options_until(g, lambda d: d.kind == "place_obstacle")


def flee(g, ship_id: str, y: float, heading: float, code: str = "2FW", x: float = 457.2):
    """Put the ship at (x, y) and execute ``code``; then the end of the round."""
    put(g, ship_id, x, y, heading)
    run_steps(g, ExecuteManeuver(ship_id, code), phase="activation")
    run_steps(g, CheckEnd(), phase="end")


class TestSetup:
    def test_imperial_ships_within_range_1_of_either_edge(self):
        """Situation: the first TIE. Rule: the Imperial player places his ships within
        range 1 of either player's edge. Expected: at the Rebel edge is accepted; in the
        middle refused with the rule."""
        g = game()
        assert g.decision.ship == "p2.1"
        assert "either player's edge" in refused(g, {"x": 300, "y": 400, "heading": 0})
        g.answer({"x": 300, "y": 30, "heading": 0})
        assert g.decision.ship == "p2.2"
        g.answer({"x": 300, "y": SIDE - 30, "heading": 180})

    def test_rebel_ships_beyond_range_3_of_both_edges(self):
        """Situation: the Red Squadron Pilot. Rule: placed not within range 1-3 of either
        the Imperial or the Rebel edge. Expected: a base reaching within 300 mm of either
        edge is refused with the rule; the middle is accepted."""
        g = game()
        first_options_until(g, lambda d: d.ship == "p1.1")
        assert "beyond range 3" in refused(g, {"x": 300, "y": 310, "heading": 0})
        assert "beyond range 3" in refused(g, {"x": 300, "y": SIDE - 310, "heading": 0})
        g.answer({"x": 300, "y": 457.2, "heading": 90})
        assert g.state.ships["p1.1"].pose.heading == 90

    def test_the_disabled_ship_is_chosen_and_limited_to_speeds_1_and_2(self):
        """Situation: a Red Squadron and a Rookie Pilot. Rule: the Rebel player chooses
        the disabled ship; until repaired it may be assigned only speed 1 and 2 maneuvers.
        Expected: both offered; the chosen one's dial holds speeds 1-2 only, the other's
        its whole dial."""
        g = game(squad("rebel", RED, ROOKIE))
        first_options_until(g, lambda d: d.kind == "mission_disabled")
        assert g.decision.option_keys() == ["p1.1", "p1.2"]
        g.answer("p1.2")
        disabled, other = g.state.ships["p1.2"], g.state.ships["p1.1"]
        assert {code[0] for code in disabled.dial} == {"1", "2"}
        assert {"3", "4"} <= {code[0] for code in other.dial}

    def test_asteroids_beyond_range_1_of_rebel_ships_and_each_other(self):
        """Situation: the Rebel ship at (457.2, 457.2). Rule: the Imperial player places
        the six asteroids not within range 1 of any Rebel ship or other asteroid.
        Expected: 80 mm from the ship refused, and beside another asteroid; partly off
        the table refused; a clear spot accepted; six are placed."""
        g = game()
        at_asteroids(g)
        put(g, "p1.1", 457.2, 457.2, 0)
        a = "core2asteroid0"
        assert "Rebel ship" in refused(g, {"obstacle": a, "x": 457.2, "y": 600, "rotation": 0})
        assert "inside the play area" in refused(g, {"obstacle": a, "x": 5, "y": 200})
        g.answer({"obstacle": a, "x": 150, "y": 150, "rotation": 0})
        b = "core2asteroid1"
        assert "other asteroids" in refused(g, {"obstacle": b, "x": 150, "y": 260})
        assert "not among" in refused(g, {"obstacle": a, "x": 700, "y": 150})
        first_options_until(g)
        assert len(g.state.obstacles) == 6
        assert sorted(o.outline_id for o in g.state.obstacles) == [
            f"core2asteroid{k}" for k in range(6)]


class TestDisabledShip:
    def test_only_speed_1_and_2_maneuvers_before_round_5(self):
        """Situation: round 1's dial of the disabled ship. Rule: until repaired it may be
        assigned only 1- or 2-speed maneuvers. Expected: its dial decision offers no other
        speed."""
        g = ready()
        run_steps(g, SetDial("p1.1"), phase="planning")
        assert {key[0] for key in g.decision.option_keys()} == {"1", "2"}

    def test_repaired_at_the_start_of_round_5(self):
        """Situation: the start of rounds 4 and 5. Rule: at the start of round 5 the
        disabled ship is repaired: any maneuver of its dial. Expected: still limited in
        round 4; its whole dial (speeds 3 and 4 too) in round 5."""
        g = ready()
        g.state.round = 4
        run_steps(g, MissionRepair(), phase="planning")
        assert "3FW" not in g.state.ships["p1.1"].dial
        g.state.round = 5
        run_steps(g, MissionRepair(), SetDial("p1.1"), phase="planning")
        assert {"3", "4"} <= {key[0] for key in g.decision.option_keys()}


class TestReinforcements:
    def test_an_academy_pilot_at_either_edge(self):
        """Situation: a TIE destroyed this round. Rule: one Academy Pilot per Imperial
        ship destroyed, placed within range 1 of either player's edge. Expected: placed at
        the Rebel edge."""
        g = ready()
        tie = g.state.ships["p2.1"]
        tie.destroyed = True
        remove_ship(g, tie, "destroyed")
        run_steps(g, MissionReinforcements(), phase="end")
        g.answer("call")
        assert "either player's edge" in refused(g, {"x": 600, "y": 400, "heading": 0})
        g.answer({"x": 600, "y": 30, "heading": 0})
        assert g.state.ships["p2.3"].pilot == "1e-tiefighter-academypilot"


class TestObjectives:
    def test_rebel_victory_fleeing_off_the_rebel_edge_in_round_5(self):
        """Situation: round 5, the repaired disabled ship 60 mm from the Rebel edge,
        facing it, executes [2 straight]. Rule: Rebel Victory - it flees off either
        player's edge in round 5 or later, and is not destroyed. Expected: Rebel wins."""
        g = ready()
        g.state.round = 5
        flee(g, "p1.1", 60, 180)
        assert not g.state.ships["p1.1"].destroyed
        assert g.over and g.state.winner == 1

    def test_rebel_victory_fleeing_off_the_imperial_edge_later(self):
        """Situation: round 7, off the Imperial edge. Expected: Rebel wins too."""
        g = ready()
        g.state.round = 7
        flee(g, "p1.1", SIDE - 60, 0)
        assert g.state.winner == 1

    def test_fleeing_before_round_5_destroys_it(self):
        """Situation: round 4, the disabled ship flees off the Rebel edge. Rule: ships
        that flee before round 5 are destroyed as normal. Expected: destroyed; the
        Imperial player wins (Imperial Victory: destroy the disabled ship)."""
        g = ready()
        g.state.round = 4
        flee(g, "p1.1", 60, 180)
        assert g.state.ships["p1.1"].destroyed
        assert g.over and g.state.winner == 2

    def test_fleeing_off_a_side_edge_destroys_it(self):
        """Situation: round 5, the disabled ship flees off a side edge. Rule: ships that
        flee from a non-Imperial/non-Rebel edge are destroyed. Expected: Imperial wins."""
        g = ready()
        g.state.round = 5
        flee(g, "p1.1", 457.2, 90, x=SIDE - 60)
        assert g.state.ships["p1.1"].destroyed and g.state.winner == 2

    def test_another_rebel_ship_fleeing_wins_nothing(self):
        """Situation: round 5, the Rookie Pilot (not the disabled ship) flees off the
        Rebel edge. Rule: only the disabled ship's flight is the objective; other ships
        that flee are destroyed. Expected: destroyed; the game goes on."""
        g = ready(squad("rebel", RED, ROOKIE))
        g.state.round = 5
        flee(g, "p1.2", 60, 180)
        assert g.state.ships["p1.2"].destroyed and not g.over

    def test_faq_fleeing_beyond_two_edges_at_once_destroys_it(self):
        """Situation: round 5, in a corner, the disabled ship's base ends beyond the Rebel
        and a side edge. FAQ (1e), Missions: crossing two edges at once destroys a ship
        that must flee off one. Expected: destroyed; Imperial victory."""
        g = ready()
        g.state.round = 5
        flee(g, "p1.1", 30, 180, code="1NW", x=30)
        assert g.state.ships["p1.1"].destroyed and g.state.winner == 2

    def test_imperial_victory_when_the_disabled_ship_is_destroyed(self):
        """Situation: the disabled ship is destroyed. Rule: Imperial Victory. Expected:
        the Imperial player wins at the end of the round."""
        g = ready()
        ship = g.state.ships["p1.1"]
        ship.destroyed = True
        remove_ship(g, ship, "destroyed")
        run_steps(g, CheckEnd(), phase="end")
        assert g.over and g.state.winner == 2


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_with_the_simple_agents(seed):
    """Situation: the mission's own ships (Luke Skywalker against "Night Beast" and
    "Mauler Mithel"), played by two simple agents. Expected: the game ends in well under
    10 seconds."""
    g = mission_game(NAME, *preset(NAME), seed=seed)
    seconds = whole_game(g, seed)
    assert g.over and seconds < 10
    assert "Asteroid Run" in g.state.end_reason or "no objective" in g.state.end_reason
