"""What the ace's fourth round of speed-ups keeps: an action decision that weighs a barrel
roll only when it could be the best answers as weighing every one does, a planned table
keeps the very ships that did not move, and the hazard foreseen for a move looks only at
the obstacles it could reach without missing one."""

from __future__ import annotations

import math
import random

from tallon.agents import agent_answer
from tallon.agents.ace import AceAgent
from tallon.agents.planning import MOVE_REACH, Planner
from tallon.agents.reading import read_pieces, table_of
from tallon.cards.pool import default_squads
from tallon.geometry import Pose
from tests.agents.test_agent_speed_caches import at_first_dial
from tests.engine.test_agents import SQUADS
from tests.rules.game_helpers import new_game

SIDESTEPS = ("barrel_roll", "boost")


def _best(values: dict[str, float]) -> str | None:
    """The action :meth:`AceAgent._best_action` takes from ``values`` (None: it refuses)."""
    if not values:
        return None
    best = max(values, key=lambda k: values[k])
    return best if values[best] > 0.0 else None


def _sidestep_games():
    """Each action decision offering a barrel roll or a boost in whole ace games (the demo
    squads: X-wings that roll, Fangs that roll and boost; the test squads: TIEs, A-wings,
    a bomber), with the ace that answers it and its view."""
    games = [(default_squads(), seed) for seed in (3, 4)] + \
        [(SQUADS[pair], 30 + pair) for pair in range(len(SQUADS))]
    for squads, seed in games:
        game = new_game(*squads, seed=seed)
        agents = (AceAgent(seed), AceAgent(seed + 1))
        while (decision := game.decision) is not None:
            if decision.is_chance:
                game.answer(decision.options[0].key)
                continue
            agent = agents[decision.player - 1]
            if decision.kind == "perform_action" and any(
                    k.split(":")[0] in SIDESTEPS for k in decision.option_keys()):
                yield agent, game.view(decision.player, log=False), decision
            game.answer(agent_answer(agent, game))


def test_weighing_only_the_rolls_that_could_win_answers_as_weighing_all():
    """Situation: every action decision of five ace games whose ship may barrel roll or
    boost (in the open, in the melee, some places blocked by ships, obstacles or the
    edge). Rule: RR: BARREL ROLL - a place that overlaps a ship or an obstacle or leaves
    the play area fails; the ace takes the action worth most, if it is worth anything.
    Expected: weighing a roll only while one of its places could beat the best of the
    rest gives the same action, every value it gives equals the full weighing's, a roll
    or boost taken goes to the same place, and rolls were left unmeasured (and some
    sidesteps taken)."""
    decisions = skipped = taken = 0
    for agent, view, decision in _sidestep_games():
        ship = decision.ship or ""
        full = agent._action_values(view, ship, decision)
        full_places = dict(agent._repositions)
        pruned = agent._action_values(view, ship, decision, best_only=True)
        pruned_places = dict(agent._repositions)
        best = _best(full)
        assert _best(pruned) == best
        assert all(pruned[k] == full[k] for k in pruned)
        assert set(pruned) <= set(full)
        if best is not None and best.split(":")[0] in SIDESTEPS:
            kind = best.split(":")[0]
            assert pruned_places[kind] == full_places[kind]
            taken += 1
        skipped += len(set(full) - set(pruned))
        decisions += 1
    assert decisions > 100 and skipped > 50 and taken > 5


def test_a_planned_table_keeps_the_ships_that_did_not_move():
    """Situation: the demo squads' first dial, one ship moved 60 mm in the plan. Rule: the
    planned table is the view's, the moved ship where the plan puts it. Expected: every
    other ship is the read table's very object (what the geometry derived of it is kept),
    the moved one a new object at the planned pose."""
    game = at_first_dial(default_squads())
    view = game.view(1, log=False)
    pieces = read_pieces(view)
    first = pieces[0]
    moved = {first.id: Pose(first.pose.x, first.pose.y + 60, first.pose.heading)}
    read = table_of(pieces, view)
    planned = table_of(pieces, view, moved, read)
    assert planned.ship(first.id) is not read.ship(first.id)
    assert planned.ship(first.id).pose == moved[first.id]
    assert all(planned.ship(p.id) is read.ship(p.id) for p in pieces[1:])
    assert len(pieces) > 3


def _hazard_everywhere(planner: Planner, ship, end: Pose) -> bool:
    """The hazard foreseen as it was: every obstacle's circle tried."""
    half = {"small": 20.0, "medium": 30.0, "large": 40.0}[ship.size]
    mid_x, mid_y = (ship.pose.x + end.x) / 2, (ship.pose.y + end.y) / 2
    return any(math.hypot(end.x - x, end.y - y) < r + half
               or math.hypot(mid_x - x, mid_y - y) < r + half * 0.5
               for x, y, r in (o.circle for o in planner.table.obstacles))


def test_the_hazard_foreseen_tries_every_obstacle_a_move_could_reach():
    """Situation: a view of the demo game with its six obstacles; 2,000 random moves of
    each ship, short and long (up to 1.5 times the reach the planner filters by), from its
    start. Rule: a foreseen move is likely hazardous when an obstacle's circle reaches its
    end or its midpoint. Expected: the planner, trying only the obstacles within reach of
    the start, says so exactly when trying every obstacle does, and hazards were found
    both ways."""
    game = at_first_dial(default_squads())
    planner = Planner(game.view(1, log=False), 1)
    rng = random.Random(9)
    found = {True: 0, False: 0}
    for ship in planner.pieces:
        for _ in range(2000):
            # starts spread over the table too: the ship stood anywhere
            ship.pose = Pose(rng.uniform(50, 864), rng.uniform(50, 864), ship.pose.heading)
            angle, length = rng.uniform(0, 2 * math.pi), rng.uniform(0, 1.5 * MOVE_REACH)
            end = Pose(ship.pose.x + length * math.sin(angle),
                       ship.pose.y + length * math.cos(angle), 0.0)
            expected = _hazard_everywhere(planner, ship, end)
            assert planner._likely_hazard(ship, end) == expected
            found[expected] += 1
    assert found[True] > 200 and found[False] > 200
