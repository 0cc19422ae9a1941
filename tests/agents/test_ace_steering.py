"""Abilities that change how the ace's ship moves, judged by flying them
(`tallon.agents.steering`; issue 13: "fleeing risk", "every card's 'may' ... by a sensible
default"), and our ships that make way for each other in the dial plan. Each situation
was seen in ace games: the ship fled the table (RR: FLEE) where another answer kept it
on."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tallon.agents import planning
from tallon.agents.ace import AceAgent
from tallon.agents.planning import Planner, unstressed_codes
from tallon.agents.steering import spoils_maneuver
from tallon.engine import Game
from tallon.geometry import Pose
from tallon.scene import Scene
from tests.cards.helpers import activation, pass_until

MAKE_WAY_VIEW = Path(__file__).parent / "data" / "make_way_view.json"


def _ace_answer(game: Game) -> str:
    decision = game.decision
    assert decision is not None
    return AceAgent(1).choose(game.view(decision.player), decision)


def _fled_after(game: Game, ship: str, answer: str) -> bool:
    """Answer the pending decision with ``answer``, play the activation on doing nothing
    else, and say whether ``ship`` fled."""
    game.answer(answer)
    while (d := game.decision) is not None and d.kind not in ("perform_action",
                                                              "declare_attack"):
        keys = d.option_keys()
        game.answer("decline" if "decline" in keys else keys[0])
    return game.state.ships[ship].removed


def _slave_i(dial: str) -> tuple[Game, str]:
    sc = Scene()
    # 60 mm from the left edge, facing up the table: the left turn leaves it
    me = sc.ship("bountyhunter", at=(60, 400, 0), upgrades=["slavei"])
    sc.ship("academypilot", player=2, at=(600, 850, 180))
    return activation(sc, me, dial), me


def test_slave_i_keeps_a_turn_that_stays_on_the_table():
    """Situation: a Firespray with Slave I 60 mm from the left edge reveals a [2 turn
    right] (into the table); Slave I offers the [2 turn left], which leaves it. Rule:
    RR: FLEE. Expected: the ace declines, and the ship is still on the table after its
    move; setting the mirrored turn would have fled."""
    game, me = _slave_i("2YW")
    assert game.decision.option_keys() == ["2TW", "decline"]
    assert _ace_answer(game) == "decline"
    assert not _fled_after(game, me, "decline")
    game, me = _slave_i("2YW")
    assert _fled_after(game, me, "2TW")


def test_slave_i_turns_the_other_way_rather_than_flee():
    """Situation: as above, the [2 turn left] revealed (it flees). Expected: the ace sets
    the [2 turn right] and stays on the table."""
    game, me = _slave_i("2TW")
    assert _ace_answer(game) == "2YW"
    assert not _fled_after(game, me, "2YW")


def _slider(dial: str) -> tuple[Game, str]:
    sc = Scene()
    me = sc.ship("slider", at=(60, 400, 0))
    sc.ship("academypilot", player=2, at=(600, 850, 180))
    return activation(sc, me, dial), me


def test_slider_sideslips_only_where_it_keeps_the_ship_on_the_table():
    """Situation: "Slider" 60 mm from the left edge reveals a [2 bank left] (it flees;
    its sideslip goes into the table), or a [2 bank right] (it stays; its sideslip flees).
    Rule: RR: FLEE, RR: SIDESLIP. Expected: the ace pays for the sideslip of the first and
    stays on the table; it declines the second and stays on the table."""
    game, me = _slider("2BB")
    assert game.decision.kind == "use_ability"
    assert _ace_answer(game) == "use"
    assert not _fled_after(game, me, "use")
    game, me = _slider("2NB")
    assert _ace_answer(game) == "decline"
    assert not _fled_after(game, me, "decline")
    game, me = _slider("2NB")
    assert _fled_after(game, me, "use")


def _striker(dial: str) -> tuple[Game, str]:
    sc = Scene()
    me = sc.ship("blacksquadronscout", at=(130, 400, 0))
    sc.ship("academypilot", player=2, at=(600, 850, 180))
    game = activation(sc, me, dial)
    pass_until(game, "use_ability", me)
    return game, me


def test_adaptive_ailerons_boost_where_the_dial_then_stays_on_the_table():
    """Situation: a TIE/sk striker 130 mm from the left edge, its dial set to a [2 turn
    left]; Adaptive Ailerons makes it boost first (RR: BOOST), and boosting left puts the
    turn off the table. Expected: the ace boosts straight or right and stays on the
    table (the first template offered, left, would have fled)."""
    game, me = _striker("2TW")
    assert game.decision.option_keys() == ["left", "straight", "right"]
    choice = _ace_answer(game)
    assert choice in ("straight", "right")
    assert not _fled_after(game, me, choice)
    game, me = _striker("2TW")
    assert _fled_after(game, me, "left")


def test_a_striker_plans_its_dial_after_its_ailerons_boost():
    """Situation: planning; a TIE/sk striker and a TIE/ln fighter 174 mm from the top
    edge, facing it. A [2 straight] alone keeps either on the table; every Adaptive
    Ailerons boost before it takes the striker off. Expected: the striker's plan sees the
    [2 straight] flee, the fighter's does not."""
    sc = Scene()
    striker = sc.ship("blacksquadronscout", at=(457, 740, 0))
    fighter = sc.ship("academypilot", at=(200, 740, 0))
    sc.ship("academypilot", player=2, at=(600, 100, 0))
    view = sc.game().view(1)
    planner = Planner(view, 1, {"round": view["round"]})
    assert planner.best_maneuver(striker, ["2FB"], random.Random(1))[1] is None
    assert planner.best_maneuver(fighter, ["2FB"], random.Random(1))[1] is not None


def test_a_system_phase_reposition_that_spoils_the_maneuver_is_not_taken():
    """Situation: System Phase; a TIE/ln fighter mid-table with its dial set to a [2 turn
    right] (towards the right edge). Rule: RR: FLEE. Expected: a reposition that would put
    it 94 mm from the right edge, where the turn flees, spoils the maneuver; staying put
    does not; once the System Phase is over nothing is judged so."""
    sc = Scene()
    me = sc.ship("academypilot", at=(200, 400, 0))
    sc.ship("academypilot", player=2, at=(600, 850, 180))
    game = sc.game()
    game.state.ships[me].dial_set = "2YW"
    game.state.phase = "system"
    view = game.view(1)
    planner = Planner(view, 1, {"round": view["round"]})
    ship = planner.by_id[me]
    assert not spoils_maneuver(planner, ship, ship.pose)
    assert spoils_maneuver(planner, ship, Pose(820, 400, 0))
    game.state.phase = "activation"
    view = game.view(1)
    planner = Planner(view, 1, {"round": view["round"]})
    assert not spoils_maneuver(planner, planner.by_id[me], Pose(820, 400, 0))


def _plan_of_seen_game(monkeypatch, make_way: bool) -> dict:
    if not make_way:
        monkeypatch.setattr(planning.Planner, "_make_way",
                            lambda self, ship, planned, *rest: (planned, None))
    view = json.loads(MAKE_WAY_VIEW.read_text())
    planner = Planner(view, view["player"], {"round": view["round"]})
    return planner.plan_dials(
        lambda s: [s.set_code] if s.set_code else unstressed_codes(s), random.Random(1))


def test_a_friend_makes_way_for_a_ship_that_would_flee(monkeypatch):
    """Situation: a view from an ace game (planning, round 5): Lando Calrissian's YT-1300
    (p1.4) near the bottom edge keeps on the table only with a few maneuvers, and a friend
    (p1.1, which moves first) was planned to end across them. Rule: RR: FLEE (bumping
    the friend leaves Lando partly off the table). Expected: the plan changes the friend's maneuver
    and keeps Lando on the table; without making way Lando's plan flees."""
    without = _plan_of_seen_game(monkeypatch, make_way=False)
    assert without["p1.4"][1] is None
    monkeypatch.undo()
    with_way = _plan_of_seen_game(monkeypatch, make_way=True)
    assert with_way["p1.4"][1] is not None
    assert with_way["p1.1"][0] != without["p1.1"][0]


def test_a_purple_maneuver_without_the_force_is_planned_as_the_stress_maneuver():
    """Situation: planning; Shaak Ti's Delta-7 Aethersprite mid-table, with 1 Force or
    none. Rule: RR: ACTIVATION PHASE - a ship that reveals a purple maneuver and cannot
    spend 1 Force executes the stress maneuver, a white [2 straight], instead. Expected:
    the plan flies her purple [2 Tallon roll left] as such with the Force, and as a
    [2 straight] without it."""
    ends = []
    for force in (1, 0):
        sc = Scene()
        me = sc.ship("shaakti-siegeofcoruscant", at=(457, 300, 0), force=force)
        sc.ship("academypilot", player=2, at=(600, 850, 180))
        view = sc.game().view(1)
        planner = Planner(view, 1, {"round": view["round"]})
        ship = planner.by_id[me]
        assert "2EP" in ship.dial
        ends.append(planner.flown(ship, "2EP", True, None))
    with_force, without = ends
    assert with_force is not None and without is not None
    assert with_force[0].heading % 360 != 0.0  # rolled: turned 90 degrees
    assert (round(without[0].x, 3), round(without[0].y, 3), without[0].heading % 360) \
        == (457.0, 420.0, 0.0)
