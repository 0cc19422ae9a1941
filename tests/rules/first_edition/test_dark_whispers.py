"""Dark Whispers, the first edition core set's third mission (rulebook (1e), Mission 3, and
the FAQ's Missions section): the satellites' placement limits, scanning instead of
attacking, satellites returned when their scanner is destroyed, the Rebel reinforcements
and both objectives.

The Rebel squad is player 1 (its edge is y = 0), the Imperial player 2 (y = 914.4). Setup
order: the Imperial ships (p2.1, p2.2), the satellites (one within range 3, one within
range 2; two more with 100-point squads), then the Rebel ships. A satellite token is 40 mm
across (radius 20).
"""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game
from tallon.engine.attack import Engage
from tallon.engine.effects import remove_ship
from tallon.engine.game_end import CheckEnd
from tallon.engine.mission_play_1e import MissionReinforcements
from tallon.engine.movement import ExecuteManeuver
from tests.rules.first_edition.mission_helpers import (
    BLACK,
    OBSIDIAN,
    RED,
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

NAME = "dark-whispers"


def game(rebels=None, imperials=None, seed: int = 0):
    """A Dark Whispers game: a Red Squadron Pilot against a Black and an Obsidian
    Squadron Pilot (or the squads given)."""
    return mission_game(NAME, rebels or squad("rebel", RED),
                        imperials or squad("imperial", BLACK, OBSIDIAN), seed)


def at_satellites(g):
    first_options_until(g, lambda d: d.kind == "place_feature")


def board():
    """After setup: satellite-1 at (457.2, 250), satellite-2 at (300, 150); the Red
    Squadron Pilot far off at (800, 100), the TIEs at the Imperial edge."""
    g = game()
    at_satellites(g)
    g.answer({"x": 457.2, "y": 250})
    g.answer({"x": 300, "y": 150})
    first_options_until(g)
    put(g, "p1.1", 800, 100, 0)
    put(g, "p2.1", 200, SIDE - 30, 180)
    put(g, "p2.2", 700, SIDE - 30, 180)
    return g


def scanned(g, ship_id: str, *satellites: str) -> None:
    """These satellites are on the ship's card (scanned)."""
    s = g.state
    s.features = [f.carried_by(ship_id) if f.id in satellites else f for f in s.features]


def destroy(g, ship_id: str) -> None:
    ship = g.state.ships[ship_id]
    ship.destroyed = True
    remove_ship(g, ship, "destroyed")


class TestSetup:
    def test_the_first_satellite_within_range_3_of_the_rebel_edge(self):
        """Situation: the first satellite. Rule: one satellite within range 3 of the Rebel
        edge, at range 2 or farther from both side edges. Expected: reaching beyond
        300 mm, or within 100 mm of a side edge, is refused with the rule."""
        g = game()
        at_satellites(g)
        assert g.decision.player == 1
        assert "within range 3" in refused(g, {"x": 457.2, "y": 290})
        assert "side edges" in refused(g, {"x": 110, "y": 200})
        assert "side edges" in refused(g, {"x": SIDE - 110, "y": 200})
        g.answer({"x": 457.2, "y": 250})

    def test_the_second_within_range_2_and_at_range_2_3_of_the_first(self):
        """Situation: the first satellite at (457.2, 250). Rule: one satellite within
        range 2; after placement each satellite at range 2-3 of another. Expected: beyond
        range 2 of the edge refused; 60 mm from the first (range 1) refused; 146 mm away
        (range 2) accepted."""
        g = game()
        at_satellites(g)
        g.answer({"x": 457.2, "y": 250})
        assert "within range 2" in refused(g, {"x": 300, "y": 190})
        assert "range 2-3 of another" in refused(g, {"x": 457.2, "y": 150})
        g.answer({"x": 300, "y": 150})
        assert [f.id for f in g.state.features] == ["satellite-1", "satellite-2"]

    def test_four_satellites_with_100_point_squads(self):
        """Situation: 69 points of Red Squadron Pilots. Rule: with 100-point squads two
        more satellites, within range 3 and range 2 (tokens can't overlap). Expected: a
        third one overlapping the first refused; four satellites in the end."""
        g = game(rebels=squad("rebel", RED, RED, RED),
                 imperials=squad("imperial", BLACK, OBSIDIAN, OBSIDIAN, OBSIDIAN))
        at_satellites(g)
        g.answer({"x": 457.2, "y": 250})
        g.answer({"x": 300, "y": 150})
        assert "overlap" in refused(g, {"x": 457.2, "y": 260})
        first_options_until(g)
        assert len(g.state.features) == 4

    def test_ships_within_range_1_of_their_edges(self):
        """Situation: the Imperial ships, then the Rebel ship. Rule: each within range 1
        of its player's edge. Expected: beyond it refused with the rule."""
        g = game()
        assert "within range 1" in refused(g, {"x": 300, "y": SIDE - 150, "heading": 180})
        first_options_until(g, lambda d: d.ship == "p1.1")
        assert "within range 1" in refused(g, {"x": 700, "y": 150, "heading": 0})


class TestScanning:
    def test_an_imperial_ship_overlapping_a_satellite_scans_instead_of_attacking(self):
        """Situation: a TIE over satellite-1. Rule: instead of attacking, an Imperial ship
        overlapping a satellite may scan it: the token goes on its ship card. Expected:
        offered; scanning puts it on p2.1's card and no attack is declared."""
        g = board()
        put(g, "p2.1", 457.2, 250, 180)
        run_steps(g, Engage("p2.1"))
        assert g.decision.kind == "mission_scan"
        assert g.decision.option_keys() == ["scan:satellite-1", "attack"]
        g.answer("scan:satellite-1")
        sat = g.state.features[0]
        assert sat.carrier == "p2.1" and not sat.in_play_area
        assert g.decision is None

    def test_not_without_a_satellite_under_it(self):
        """Situation: a TIE beside satellite-1, touching nothing. Expected: its engagement
        offers no scan."""
        g = board()
        put(g, "p2.1", 600, 250, 180)
        run_steps(g, Engage("p2.1"))
        assert g.decision is None or g.decision.kind != "mission_scan"

    def test_touching_a_rebel_ship_that_overlaps_a_satellite(self):
        """Situation: the X-wing over satellite-1 and a TIE touching the X-wing (not the
        satellite). Rule: an Imperial ship touching a Rebel ship that overlaps a satellite
        may scan it. Expected: offered."""
        g = board()
        put(g, "p1.1", 457.2, 250, 0)
        put(g, "p2.1", 457.2, 290, 180)
        run_steps(g, Engage("p2.1"))
        assert g.decision.kind == "mission_scan"
        assert "scan:satellite-1" in g.decision.option_keys()

    def test_rebel_ships_do_not_scan(self):
        """Situation: the X-wing over satellite-1. Rule: only Imperial ships scan.
        Expected: no scan offered."""
        g = board()
        put(g, "p1.1", 457.2, 250, 0)
        run_steps(g, Engage("p1.1"))
        assert g.decision is None or g.decision.kind != "mission_scan"

    def test_a_game_saved_at_the_scan_loads_and_goes_on(self):
        """Situation: the scan decision pending (its step holds the attack it replaces).
        Expected: a saved snapshot loads with the same state hash and the same decision;
        answering attack there goes on to the attack declaration."""
        g = board()
        put(g, "p2.1", 457.2, 250, 180)
        put(g, "p1.1", 457.2, 150, 0)
        run_steps(g, Engage("p2.1"))
        copy = Game.load(g.save(), CARDS)
        assert copy.state_hash() == g.state_hash()
        assert copy.decision.kind == "mission_scan"
        copy.answer("attack")
        assert copy.decision.kind == "declare_attack"

    def test_choosing_to_attack_goes_on_to_the_attack(self):
        """Situation: a TIE over satellite-1 with the X-wing ahead at range 1. Expected:
        answering attack leads to the attack declaration."""
        g = board()
        put(g, "p2.1", 457.2, 250, 180)
        put(g, "p1.1", 457.2, 150, 0)
        run_steps(g, Engage("p2.1"))
        g.answer("attack")
        assert g.decision.kind == "declare_attack"

    def test_satellites_return_to_the_supply_when_the_scanner_is_destroyed(self):
        """Situation: p2.1 carries satellite-1 and is destroyed. Rule: the satellites on
        its card return to the supply. Expected: satellite-1 is neither on the table nor
        on a card; satellite-2 is still on the table, so no one has won."""
        g = board()
        scanned(g, "p2.1", "satellite-1")
        destroy(g, "p2.1")
        sat = g.state.features[0]
        assert sat.carrier is None and not sat.in_play_area
        run_steps(g, CheckEnd(), phase="end")
        assert not g.over


class TestReinforcements:
    def test_a_rookie_pilot_for_each_rebel_ship_destroyed(self):
        """Situation: the X-wing destroyed this round. Rule: Rebel Reinforcements - a
        Rookie Pilot within range 1 of the Rebel edge. Expected: offered to player 1 and
        placed."""
        g = board()
        destroy(g, "p1.1")
        run_steps(g, MissionReinforcements(), phase="end")
        assert g.decision.kind == "mission_reinforcement" and g.decision.player == 1
        g.answer("call")
        assert g.state.ships["p1.2"].pilot == "1e-xwing-rookiepilot"
        assert "within range 1" in refused(g, {"x": 600, "y": 150, "heading": 0})
        g.answer({"x": 600, "y": 30, "heading": 0})


class TestObjectives:
    def test_imperial_victory_fleeing_with_the_data(self):
        """Situation: p2.1 carries both satellites and flees off the Imperial edge. Rule:
        Imperial Victory - after all satellites are scanned, a ship that scanned one flees
        off the Imperial edge; it is not destroyed. Expected: Imperial wins."""
        g = board()
        scanned(g, "p2.1", "satellite-1", "satellite-2")
        put(g, "p2.1", 200, SIDE - 60, 0)
        run_steps(g, ExecuteManeuver("p2.1", "2FW"), phase="activation")
        assert not g.state.ships["p2.1"].destroyed
        run_steps(g, CheckEnd(), phase="end")
        assert g.over and g.state.winner == 2

    def test_fleeing_before_every_satellite_is_scanned_destroys_it(self):
        """Situation: p2.1 carries satellite-1 (satellite-2 still on the table) and flees
        off the Imperial edge. Rule: ships that flee before all satellites are scanned are
        destroyed. Expected: destroyed, satellite-1 back to the supply, no winner yet."""
        g = board()
        scanned(g, "p2.1", "satellite-1")
        put(g, "p2.1", 200, SIDE - 60, 0)
        run_steps(g, ExecuteManeuver("p2.1", "2FW"), phase="activation")
        assert g.state.ships["p2.1"].destroyed
        assert g.state.features[0].carrier is None
        run_steps(g, CheckEnd(), phase="end")
        assert not g.over

    def test_fleeing_off_the_rebel_edge_destroys_it(self):
        """Situation: p2.1 carries both satellites and flees off the Rebel edge. Rule:
        ships that flee from the non-Imperial edge are destroyed. Expected: destroyed; its
        satellites return; every satellite in the supply: the Rebel player wins."""
        g = board()
        scanned(g, "p2.1", "satellite-1", "satellite-2")
        put(g, "p2.1", 457.2, 60, 180)
        run_steps(g, ExecuteManeuver("p2.1", "2FW"), phase="activation")
        assert g.state.ships["p2.1"].destroyed
        run_steps(g, CheckEnd(), phase="end")
        assert g.state.winner == 1 and "supply" in g.state.end_reason

    def test_rebel_victory_destroying_every_imperial_ship(self):
        """Situation: both TIEs destroyed. Rule: Rebel Victory - destroy all Imperial
        ships. Expected: Rebel wins; with one TIE left, not yet."""
        g = board()
        destroy(g, "p2.1")
        run_steps(g, CheckEnd(), phase="end")
        assert not g.over
        destroy(g, "p2.2")
        run_steps(g, CheckEnd(), phase="end")
        assert g.over and g.state.winner == 1 and "every Imperial ship" in g.state.end_reason


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_with_the_simple_agents(seed):
    """Situation: the mission's own ships (a Red Squadron Pilot with Proton Torpedoes and
    R2-F2 against a Black Squadron Pilot with Determination and an Obsidian Squadron
    Pilot), played by two simple agents. Expected: the game ends in well under 10
    seconds."""
    g = mission_game(NAME, *preset(NAME), seed=seed)
    seconds = whole_game(g, seed)
    assert g.over and seconds < 10
    assert "Dark Whispers" in g.state.end_reason or "no objective" in g.state.end_reason
