"""Political Escort, the first edition core set's first mission (rulebook (1e), Mission 1,
and the FAQ's Missions section): the senator's shuttle, its setup, movement, damage and the
PROTECT action, the Imperial reinforcements and both objectives.

The Rebel squad is player 1 (its edge is y = 0), the Imperial player 2 (y = 914.4); a Red
Squadron Pilot is p1.1 and the shuttle joins as p1.2.
"""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup, SetupError
from tallon.engine.actions import PerformAction
from tallon.engine.activation_steps import ActionStep
from tallon.engine.attack import Engage
from tallon.engine.damage import SufferDamage
from tallon.engine.effects import remove_ship
from tallon.engine.game_end import CheckEnd
from tallon.engine.mission_play_1e import MissionReinforcements, MoveShuttle
from tallon.engine.rounds import EndPhase, StartEndPhase
from tallon.engine.state import ActionSpec, Token
from tallon.scene import declare, load_dice
from tests.rules.attack_helpers import sources
from tests.rules.first_edition.mission_helpers import (
    ACADEMY,
    OBSIDIAN,
    RED,
    SIDE,
    first_options_until,
    kinds_asked,
    mission_game,
    preset,
    put,
    refused,
    run_steps,
    squad,
    whole_game,
)

NAME = "political-escort"
SHUTTLE = "p1.2"


def game(seed: int = 0, rebels=None, imperials=None):
    """A Political Escort game with a Red Squadron Pilot against two Academy Pilots."""
    return mission_game(NAME, rebels or squad("rebel", RED),
                        imperials or squad("imperial", ACADEMY, ACADEMY), seed)


def ready(seed: int = 0, **kw):
    """The game after its setup (first offered placements), at the first dial."""
    g = game(seed, **kw)
    first_options_until(g)
    return g


class TestSetup:
    def test_the_mission_is_read_from_the_setup_not_the_state(self):
        """Situation: a first-edition game with scenario="political-escort". Rule: the
        mission is a 1e mission, not a 2.5 scenario. Expected: GameState.scenario stays
        None (2.5 scenario rules never run) and the mission's setup starts with the
        shuttle."""
        g = game()
        assert g.state.scenario is None
        assert g.decision.kind == "place_ship" and g.decision.ship == SHUTTLE

    def test_a_mission_needs_a_rebel_and_an_imperial_squad(self):
        """Situation: two Rebel squads. Rule: the missions are Rebel against Imperial.
        Expected: SetupError saying so; an unknown mission name is refused too."""
        with pytest.raises(SetupError, match="Rebel and an Imperial"):
            mission_game(NAME, squad("rebel", RED), squad("rebel", RED))
        with pytest.raises(SetupError, match="unknown first-edition mission"):
            mission_game("hoth", squad("rebel", RED), squad("imperial", ACADEMY))

    def test_mission_names_belong_to_the_first_edition(self):
        """Situation: a 2.5 scenario named in a first-edition game, a mission in a 2.5
        game, an environment card in a mission. Rule: the missions are the 1e ruleset's,
        the scenarios and environment cards 2.5's. Expected: each refused."""
        with pytest.raises(SetupError, match="unknown first-edition mission"):
            mission_game("satellite-array", squad("rebel", RED), squad("imperial", ACADEMY))
        rebels, imperials = squad("rebel", RED), squad("imperial", ACADEMY)
        with pytest.raises(SetupError, match="environment"):
            GameSetup((rebels, imperials), ruleset="1e", cards=CARDS, scenario=NAME,
                      environment="minefield")

    def test_a_rebel_player_2_places_the_shuttle_at_the_far_edge(self):
        """Situation: the Rebel squad is player 2 (edge y = 914.4). Rule: the shuttle at
        the centre of the Rebel edge, facing the Imperial edge. Expected: offered at
        (457.2, 890.9) facing 180; facing 0 refused."""
        g = mission_game(NAME, squad("rebel", RED), squad("imperial", ACADEMY, ACADEMY),
                         rebel_player=2)
        assert g.decision.ship == "p2.2"
        assert g.decision.option_keys() == ["457.2,890.9,180"]
        assert "exact centre" in refused(g, {"x": 457.2, "y": 890.9, "heading": 0})

    def test_the_players_views_show_the_mission(self):
        """Situation: the game after setup. Expected: each player's view names the
        mission, the Rebel and Imperial players and the shuttle; the satellites list is
        empty."""
        view = ready().view(2)
        assert view["mission"]["name"] == NAME and view["mission"]["shuttle"] == SHUTTLE
        assert (view["mission"]["rebel"], view["mission"]["imperial"]) == (1, 2)

    def test_the_shuttle_has_its_stats(self):
        """Situation: 23 against 24 points. Rule: Shuttle Stats - agility 2, hull 6, no
        shields below 100-point squads. Expected: so; no dial, no attack, no action."""
        g = game()
        shuttle = g.state.ships[SHUTTLE]
        assert (shuttle.agility, shuttle.hull, shuttle.shields) == (2, 6, 0)
        assert shuttle.owner == 1 and shuttle.attacks == () and shuttle.actions == ()

    def test_with_100_point_squads_the_shuttle_has_six_shields(self):
        """Situation: three Red Squadron Pilots (69 points) against three TIEs. Rule: with
        100-point squads the shuttle has shield value 6 (Tallon: a squad over 50 points).
        Expected: 6 shields."""
        g = game(rebels=squad("rebel", RED, RED, RED),
                 imperials=squad("imperial", OBSIDIAN, OBSIDIAN, OBSIDIAN))
        assert g.state.ships["p1.4"].shields == 6

    def test_the_shuttle_goes_at_the_exact_centre_of_the_rebel_edge(self):
        """Situation: the shuttle's placement. Rule: within range 1 of the Rebel edge, in
        the exact centre, pointing at the Imperial edge. Expected: off centre, turned or
        beyond range 1 is refused with the rule; the centre within range 1 is accepted."""
        g = game()
        assert "exact centre" in refused(g, {"x": 300, "y": 23.5, "heading": 0})
        assert "exact centre" in refused(g, {"x": 457.2, "y": 23.5, "heading": 90})
        assert "within range 1" in refused(g, {"x": 457.2, "y": 120, "heading": 0})
        g.answer({"x": 457.2, "y": 60, "heading": 0})
        assert g.state.ships[SHUTTLE].pose.y == 60

    def test_escorts_within_range_2_of_their_edges(self):
        """Situation: the Red Squadron Pilot, then a TIE. Rule: each player places his
        ships within range 2 of his edge. Expected: a base reaching beyond 200 mm is
        refused; one within it is accepted (for the Imperial player at his own edge)."""
        g = game()
        g.answer(g.decision.options[0].key)  # the shuttle
        assert "within range 2" in refused(g, {"x": 200, "y": 190, "heading": 0})
        g.answer({"x": 200, "y": 170, "heading": 0})
        assert g.decision.ship == "p2.1"
        assert "within range 2" in refused(g, {"x": 200, "y": 170, "heading": 180})
        g.answer({"x": 200, "y": SIDE - 170, "heading": 180})

    def test_no_obstacles_are_placed(self):
        """Situation: the whole setup. Rule: the mission's setup names no obstacles
        (Tallon: none are placed). Expected: no obstacle on the table."""
        g = ready()
        assert g.state.obstacles == []

    def test_with_the_predetermined_ships_the_imperial_player_has_initiative(self):
        """Situation: the mission's own ships (Red Squadron 23 points, two Academy 24).
        Rule: Squad Building in Missions - with the pre-determined ships the Imperial
        player has initiative. Expected: player 2; with built squads the lower total does
        (Rebel 23 against 25)."""
        assert game(rebels=preset(NAME)[0], imperials=preset(NAME)[1]).state.first_player == 2
        assert game(imperials=squad("imperial", ACADEMY, OBSIDIAN)).state.first_player == 1


class TestShuttle:
    def test_it_moves_at_the_start_of_the_activation_phase(self):
        """Situation: the shuttle at (400, 400). Rule: Shuttle Movement - the Rebel player
        may execute [2 straight], [1 bank left] or [1 bank right]. Expected: those three
        and staying; [2 straight] moves it 120 mm ahead."""
        g = ready()
        put(g, SHUTTLE, 400, 400, 0)
        run_steps(g, MoveShuttle(SHUTTLE), phase="activation")
        assert g.decision.kind == "shuttle_maneuver" and g.decision.player == 1
        assert g.decision.option_keys() == ["2F", "1B", "1N", "stay"]
        g.answer("2F")
        assert g.state.ships[SHUTTLE].pose.y == pytest.approx(520)

    def test_it_sets_no_dial_activates_not_and_attacks_not(self):
        """Situation: a whole round. Rule: the shuttle cannot perform actions or attack
        and moves only by its own rule. Expected: no decision of the round is asked for it
        but its maneuver."""
        g = ready()
        asked = []
        while g.state.round == 1:
            d = g.decision
            asked.append((d.kind, d.ship))
            g.answer(d.options[0].key)
        assert [k for k, ship in asked if ship == SHUTTLE] == ["shuttle_maneuver"]
        assert ("set_dial", "p1.1") in asked

    def test_no_action_even_one_a_card_grants(self):
        """Situation: an effect grants the shuttle a focus action. Rule: the shuttle cannot
        perform actions. Expected: nothing is offered, no token gained; a Red Squadron
        Pilot granted the same performs it."""
        g = ready()
        focus = ActionSpec("focus")
        run_steps(g, PerformAction(SHUTTLE, grant=(focus,)), phase="activation")
        assert g.decision is None and g.state.ships[SHUTTLE].count(Token.FOCUS) == 0
        run_steps(g, PerformAction("p1.1", grant=(focus,)), phase="activation")
        assert g.decision.option_keys() == ["focus", "pass"]

    def test_critical_damage_is_regular_damage(self):
        """Situation: the shuttle suffers 2 critical damage; a TIE suffers 1. Rule:
        Shuttle Damage - crits against the shuttle are hits (no faceup card). Expected: the
        shuttle gets 2 facedown cards; the TIE a faceup one."""
        g = ready()
        run_steps(g, SufferDamage(SHUTTLE, 0, 2))
        shuttle = g.state.ships[SHUTTLE]
        assert len(shuttle.damage) == 2 and not any(c.faceup for c in shuttle.damage)
        kinds_asked(g, 5)
        run_steps(g, SufferDamage("p2.1", 0, 1))
        assert g.state.ships["p2.1"].damage[0].faceup

    def test_an_attack_spends_one_evade_token(self):
        """Situation: a TIE attacks the shuttle, which has 2 evade tokens. Rule: the Rebel
        player may spend only one evade token during each attack. Expected: after one is
        spent the evade token is no longer offered; one stays and 2 of the 3 hits damage it."""
        g = ready()
        put(g, SHUTTLE, 457.2, 400, 0)
        put(g, "p2.1", 457.2, 500, 180)
        put(g, "p1.1", 100, 100, 0)
        put(g, "p2.2", 800, 800, 180)
        g.state.ships[SHUTTLE].tokens[Token.EVADE] = 2
        run_steps(g, Engage("p2.1"))
        load_dice(g, ["hit", "hit", "hit"], ["blank", "blank"])
        declare(g, "p2.1", SHUTTLE)
        while g.decision.kind != "modify_defense_dice":
            g.answer("done")
        assert "evade" in sources(g)
        option = next(o for o in g.decision.options if o.info and o.info["source"] == "evade")
        g.answer(option.key)
        # nothing more is offered: the attack resolves with 3 hits against 1 evade
        d = g.decision
        assert d is None or d.kind != "modify_defense_dice" or "evade" not in sources(g)
        kinds_asked(g, 20)
        shuttle = g.state.ships[SHUTTLE]
        assert shuttle.count(Token.EVADE) == 1 and len(shuttle.damage) == 2


class TestProtect:
    def test_a_rebel_ship_at_range_1_may_protect(self):
        """Situation: the Red Squadron Pilot 60 mm behind the shuttle, which already has 2
        evade tokens. Rule: PROTECT - a Rebel ship at range 1 of the shuttle places one
        evade token on it, with no limit. Expected: protect is offered; the shuttle then
        has 3."""
        g = ready()
        put(g, "p1.1", 457.2, 200, 0)
        put(g, SHUTTLE, 457.2, 300, 0)
        g.state.ships[SHUTTLE].tokens[Token.EVADE] = 2
        run_steps(g, ActionStep("p1.1"), phase="activation")
        assert "protect" in g.decision.option_keys()
        g.answer("protect")
        assert g.state.ships[SHUTTLE].count(Token.EVADE) == 3
        assert g.state.ships["p1.1"].count(Token.EVADE) == 0

    def test_touching_the_shuttle_is_range_1(self):
        """Situation: the Red Squadron Pilot's base touching the shuttle's. Rule (1e):
        touching ships are at range 1. Expected: protect is offered."""
        g = ready()
        put(g, "p1.1", 457.2, 260, 0)
        put(g, SHUTTLE, 457.2, 300, 0)
        run_steps(g, ActionStep("p1.1"), phase="activation")
        assert "protect" in g.decision.option_keys()

    def test_not_beyond_range_1(self):
        """Situation: the Red Squadron Pilot 160 mm from the shuttle (range 2). Rule: only
        within range 1. Expected: protect is not offered."""
        g = ready()
        put(g, "p1.1", 457.2, 100, 0)
        put(g, SHUTTLE, 457.2, 300, 0)
        run_steps(g, ActionStep("p1.1"), phase="activation")
        assert "protect" not in g.decision.option_keys()

    def test_faq_protect_is_not_an_action_of_the_action_bar(self):
        """Situation: the PROTECT offered. FAQ (1e), Missions: mission-specific actions
        such as protect are not actions of the ship's action bar. Expected: it is offered
        as the mission's action and the ship's action bar has none."""
        g = ready()
        put(g, "p1.1", 457.2, 200, 0)
        put(g, SHUTTLE, 457.2, 300, 0)
        run_steps(g, ActionStep("p1.1"), phase="activation")
        label = next(o.label for o in g.decision.options if o.key == "protect")
        assert "mission" in label
        assert all(spec.kind != "protect" for spec in g.state.ships["p1.1"].actions)

    def test_its_evade_tokens_leave_in_the_end_phase(self):
        """Situation: the shuttle with 3 evade tokens. Rule: during the End phase remove
        all evade tokens from the shuttle. Expected: none left."""
        g = ready()
        g.state.ships[SHUTTLE].tokens[Token.EVADE] = 3
        run_steps(g, EndPhase(), phase="end")
        assert g.state.ships[SHUTTLE].count(Token.EVADE) == 0


class TestReinforcements:
    def test_an_academy_pilot_for_each_imperial_ship_destroyed(self):
        """Situation: a TIE destroyed this round. Rule: Imperial Reinforcements - one
        Academy Pilot per Imperial ship destroyed that round, placed within range 1 of the
        Imperial edge. Expected: offered once; beyond range 1 refused; placed as p2.3."""
        g = ready()
        tie = g.state.ships["p2.1"]
        tie.destroyed = True
        remove_ship(g, tie, "destroyed")
        run_steps(g, MissionReinforcements(), phase="end")
        assert g.decision.kind == "mission_reinforcement" and g.decision.player == 2
        g.answer("call")
        assert g.decision.ship == "p2.3"
        assert g.state.ships["p2.3"].pilot == "1e-tiefighter-academypilot"
        assert "within range 1" in refused(g, {"x": 300, "y": SIDE - 150, "heading": 180})
        g.answer({"x": 300, "y": SIDE - 30, "heading": 180})
        assert g.decision is None
        assert g.state.ships["p2.3"].in_play

    def test_none_without_a_loss(self):
        """Situation: nothing destroyed this round. Expected: no reinforcement asked."""
        g = ready()
        run_steps(g, MissionReinforcements(), phase="end")
        assert g.decision is None and "p2.3" not in g.state.ships


class TestObjectives:
    def test_rebel_victory_when_the_shuttle_flees_off_the_imperial_edge(self):
        """Situation: the shuttle 60 mm from the Imperial edge executes [2 straight].
        Rule: Rebel Victory - it flees off the Imperial edge. Expected: it is not destroyed
        and the Rebel player wins at the end of the round."""
        g = ready()
        put(g, SHUTTLE, 457.2, SIDE - 60, 0)
        run_steps(g, MoveShuttle(SHUTTLE), phase="activation")
        g.answer("2F")
        shuttle = g.state.ships[SHUTTLE]
        assert shuttle.removed and not shuttle.destroyed
        run_steps(g, CheckEnd(), phase="end")
        assert g.over and g.state.winner == 1

    def test_fleeing_off_a_side_edge_destroys_it(self):
        """Situation: the shuttle at a side edge banks off it. Rule: a ship that flees
        otherwise is destroyed (Fleeing the Battlefield). Expected: destroyed; the Imperial
        player wins."""
        g = ready()
        put(g, SHUTTLE, 25, 400, 0)
        run_steps(g, MoveShuttle(SHUTTLE), phase="activation")
        g.answer("1B")
        assert g.state.ships[SHUTTLE].destroyed
        run_steps(g, CheckEnd(), phase="end")
        assert g.over and g.state.winner == 2

    def test_faq_fleeing_beyond_two_edges_at_once_destroys_it(self):
        """Situation: in the Imperial corner, the shuttle banks right off both the
        Imperial and the side edge. FAQ (1e), Missions: a ship that must flee off one edge
        and crosses two at once is destroyed. Expected: destroyed; Imperial victory."""
        g = ready()
        put(g, SHUTTLE, SIDE - 30, SIDE - 30, 0)
        run_steps(g, MoveShuttle(SHUTTLE), phase="activation")
        g.answer("1N")
        assert g.state.ships[SHUTTLE].destroyed
        run_steps(g, CheckEnd(), phase="end")
        assert g.state.winner == 2

    def test_imperial_victory_when_the_shuttle_is_destroyed(self):
        """Situation: the shuttle suffers 6 damage. Rule: Imperial Victory - destroy it.
        Expected: the Imperial player wins at the end of the round."""
        g = ready()
        run_steps(g, SufferDamage(SHUTTLE, 6, 0), StartEndPhase(), CheckEnd())
        assert g.over and g.state.winner == 2
        assert "destroyed" in g.state.end_reason

    def test_destroying_every_imperial_ship_wins_nothing(self):
        """Situation: both TIEs destroyed. Rule: a player can only win by fulfilling his
        faction's objective. Expected: the game goes on."""
        g = ready()
        for tie in ("p2.1", "p2.2"):
            g.state.ships[tie].destroyed = True
            remove_ship(g, g.state.ships[tie], "destroyed")
        run_steps(g, CheckEnd(), phase="end")
        assert not g.over

    def test_no_objective_by_the_last_round_is_a_draw(self):
        """Situation: the last round ends with the shuttle still on the table. Rule
        (Tallon): the game's last round ends it; no objective fulfilled, no winner.
        Expected: a draw."""
        g = ready()
        g.state.round = g.state.last_round
        run_steps(g, CheckEnd(), phase="end")
        assert g.over and g.state.winner is None


def test_a_whole_game_with_the_simple_agents():
    """Situation: the mission's own ships, played by two simple agents. Expected: the game
    ends (an objective or the last round) in well under 10 seconds, and its record (the
    mission in its setup) replays to the same state."""
    g = mission_game(NAME, *preset(NAME), seed=3)
    seconds = whole_game(g, 3)
    assert g.over and seconds < 10
    assert "Political Escort" in g.state.end_reason or "no objective" in g.state.end_reason
    record = g.to_record()
    assert record["setup"]["scenario"] == NAME
    assert Game.from_record(record, CARDS).reproduces(record)
