"""What the ace's speed-ups keep: the damage tables it shares between positions equal the
calculator's figures and are never changed by reading them, the written-out judgement of a
position equals the arc-by-arc one it replaced, a decision answered without a view is
answered as with one (and no view is built for it), a barrel roll judged before it is
measured is the one measuring every place finds, and the shared caches carry nothing
from one game into another."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pytest

from tallon.agents import agent_answer, play, wants_view
from tallon.agents.ace import AceAgent
from tallon.agents.reading import (
    FOCUSED,
    HALF_ARC,
    HALF_BASE,
    RANGE_BAND,
    ROLL_POSITIONS,
    Opponent,
    Piece,
    _arc_holds,
    _damage_tables,
    attack_tokens,
    defense_tokens,
    engagement,
    expected_damage,
    opponent,
    read_pieces,
    table_of,
)
from tallon.agents.simple import table_from_view
from tallon.cards.pool import default_squads
from tallon.geometry import Pose, barrel_roll
from tests.engine.test_agents import SQUADS
from tests.rules.game_helpers import new_game

#: Attacks of the ships judged: a front arc alone (the written-out case), front and rear,
#: a turret, a bullseye and sides, and no attack.
ATTACKS = [(("front", 3),), (("front", 3), ("rear", 2)), (("single_turret", 2),),
           (("front", 2), ("bullseye", 3), ("left", 1), ("right", 1)),
           (("full_front", 2), ("full_rear", 1)), ()]


def at_first_dial(squads, seed: int = 5):
    """A new game of ``squads`` played by two aces up to its first dial."""
    game = new_game(*squads, seed=seed)
    agents = (AceAgent(1), AceAgent(2))
    while game.decision.kind != "set_dial":
        decision = game.decision
        game.answer(agent_answer(agents[decision.player - 1], game) if not
                    decision.is_chance else decision.options[0].key)
    return game


def _piece(name: str, owner: int, size: str, pose: Pose, attacks, agility: int = 2
           ) -> Piece:
    return Piece(name, owner, size, pose, 3, attacks, agility, ("2FW",), ("focus",), 4, 40,
                 {}, False, (), {})


def _reference(size: str, at: Pose, opponents: list[Opponent]
               ) -> tuple[float, float, float, float]:
    """The judgement as it was written before: every arc tested with its angles."""
    h = math.radians(at.heading)
    sin, cos = math.sin(h), math.cos(h)
    half, half_arc = HALF_BASE[size], HALF_ARC[size]
    offense = threat = 0.0
    nearest, aim = math.inf, 0.0
    for enemy in opponents:
        other = enemy.half
        reach = 1.1 * (half + other)
        mine = 0.0
        for x, y, esin, ecos, weight in enemy.places:
            dx, dy = x - at.x, y - at.y
            distance = math.hypot(dx, dy)
            forward = dx * sin + dy * cos
            if distance < nearest:
                nearest, aim = distance, forward / max(distance, 1.0)
            gap = distance - reach
            if gap > 3 * RANGE_BAND:
                continue
            band = 1 if gap <= 0 else min(3, 1 + int(gap // RANGE_BAND))
            right = dx * cos - dy * sin
            angle = math.degrees(math.atan2(right, forward))
            margin = math.degrees(math.atan2(other, max(distance, 1e-6)))
            best = 0.0
            for arc, damage in enemy.ours:
                if damage[band] > best and _arc_holds(arc, half_arc, angle, margin, forward,
                                                      right, other):
                    best = damage[band]
            mine += weight * best
            back_forward, back_right = -dx * esin - dy * ecos, -dx * ecos + dy * esin
            back_angle = math.degrees(math.atan2(back_right, back_forward))
            back_margin = math.degrees(math.atan2(half, max(distance, 1e-6)))
            worst = 0.0
            for arc, damage in enemy.theirs:
                if damage[band] > worst and _arc_holds(arc, enemy.half_arc, back_angle,
                                                       back_margin, back_forward, back_right,
                                                       half):
                    worst = damage[band]
            threat += weight * worst
        offense = max(offense, mine * enemy.worth)
    return offense, threat, nearest, aim


def test_the_shared_damage_tables_equal_the_calculator_and_stay_unchanged():
    """Situation: the tables of a 3-dice front arc and a 2-dice rear arc against agility 2,
    the attacker focused, read through two opponents and a judgement. Rule: the ace's
    figures are the exact calculator's expected damage by range. Expected: index r (1-3)
    holds expected_damage at range r, index 0 is 0; both opponents share one table, and
    judging a position leaves it as it was."""
    attacks = (("front", 3), ("rear", 2))
    tables = _damage_tables(attacks, 2, FOCUSED, FOCUSED)
    for (arc, damage), (name, value) in zip(tables, attacks, strict=True):
        assert arc == name
        assert damage == (0.0, *(expected_damage(value, 2, r, FOCUSED, FOCUSED)
                                 for r in (1, 2, 3)))
    ours = _piece("a", 1, "small", Pose(400, 300, 0), attacks)
    enemy = _piece("b", 2, "small", Pose(400, 450, 180), (("front", 2),))
    first = opponent(ours, enemy, [(enemy.pose, 1.0)], FOCUSED, ())
    second = opponent(ours, enemy, [(enemy.pose, 1.0)], FOCUSED, ())
    assert first.ours is second.ours
    before = [(arc, tuple(d)) for arc, d in first.ours]
    offense, _, _, _ = engagement("small", ours.pose, [first])
    assert offense > 0.0 and [(arc, tuple(d)) for arc, d in first.ours] == before


@pytest.mark.parametrize("seed", range(4))
def test_the_written_out_judgement_equals_the_arc_by_arc_one(seed):
    """Situation: 300 random positions of a ship among three enemies of random sizes and
    attacks (front only, front and rear, turret, bullseye and sides, full arcs, none),
    each foreseen at up to three weighted places. Rule: the position is judged by the best
    arc that holds each enemy at its range band, both ways. Expected: exactly (==) the
    figures of the arc-by-arc judgement it replaced."""
    rng = random.Random(seed)
    sizes = ("small", "medium", "large")
    shots = threats = 0
    for _ in range(300):
        size = rng.choice(sizes)
        ours = _piece("a", 1, size, Pose(457, 457, rng.uniform(0, 360)), rng.choice(ATTACKS),
                      rng.randint(1, 3))
        opponents = []
        for n in range(3):
            enemy = _piece(f"e{n}", 2, rng.choice(sizes), Pose(0, 0, 0), rng.choice(ATTACKS),
                           rng.randint(0, 3))
            places = [(Pose(rng.uniform(100, 814), rng.uniform(100, 814), rng.uniform(0, 360)),
                       rng.random()) for _ in range(rng.randint(1, 3))]
            opponents.append(opponent(ours, enemy, places, FOCUSED, ()))
        at = Pose(rng.uniform(150, 764), rng.uniform(150, 764), rng.uniform(0, 360))
        found = engagement(size, at, opponents)
        assert found == _reference(size, at, opponents)
        shots += found[0] > 0.0
        threats += found[1] > 0.0
    assert shots > 50 and threats > 50  # the arcs were tested, not only the ranges


def _blind_kinds_game():
    """A game of the demo squads (ships of equal initiative on both sides) stopped at its
    first decision the ace answers blind (it has no handler of its own for the kind)."""
    game = new_game(*default_squads(), seed=5)
    agents = (AceAgent(1), AceAgent(2))
    while game.decision is not None:
        decision = game.decision
        if not decision.is_chance and not wants_view(agents[decision.player - 1],
                                                     decision):
            return game, agents
        game.answer(agent_answer(agents[decision.player - 1], game) if not
                    decision.is_chance else decision.options[0].key)
    raise AssertionError("no decision answered blind")


def test_a_decision_answered_blind_is_answered_as_with_its_view(monkeypatch):
    """Situation: an ace game at a decision of a kind the ace has no judgement of its own
    for (an order of activation or of abilities). Rule: the ace answers it with the first
    option whatever it sees, so building the view for it is wasted. Expected: no view is
    built for it, the answer equals the one given with the full view, and a kind it judges
    (setting a dial) still gets its view."""
    game, agents = _blind_kinds_game()
    decision = game.decision
    agent = agents[decision.player - 1]
    built = []
    real_view = type(game).view

    def counting_view(self, *args, **kwargs):
        built.append(args)
        return real_view(self, *args, **kwargs)

    monkeypatch.setattr(type(game), "view", counting_view)
    blind = agent_answer(agent, game)
    assert built == []
    assert blind == agent.choose(game.view(decision.player, log=False), decision)
    assert len(built) == 1
    assert not wants_view(agent, decision)
    assert wants_view(agent, SimpleNamespace(kind="set_dial"))


def test_the_moved_table_shares_the_read_obstacles():
    """Situation: a view of a game at its first dial, one ship moved 50 mm in the plan.
    Rule: the ships of a planned table stand where the plan says, the obstacles and remotes
    are the view's. Expected: the table built from an already-read table has the same
    ships (the moved one moved) and the very same obstacle objects, and equals the one
    read from the view again."""
    game = at_first_dial(SQUADS[0])
    view = game.view(1, log=False)
    pieces = read_pieces(view)
    moved = {pieces[0].id: Pose(pieces[0].pose.x, pieces[0].pose.y + 50, pieces[0].pose.heading)}
    read = table_of(pieces, view)
    shared = table_of(pieces, view, moved, read)
    fresh = table_of(pieces, view, moved)
    assert shared.obstacles is read.obstacles and len(shared.obstacles) > 0
    assert [(s.id, s.pose) for s in shared.ships] == [(s.id, s.pose) for s in fresh.ships]
    assert shared.ship(pieces[0].id).pose == moved[pieces[0].id]
    assert [o.pose for o in shared.obstacles] == [o.pose for o in
                                                  table_from_view(view).obstacles]


def _answers(seed: int) -> list[object]:
    game = new_game(*SQUADS[1], seed=seed, rounds=3)
    answers: list[object] = []

    class Recording(AceAgent):
        def choose(self, view, decision):
            value = super().choose(view, decision)
            answers.append((decision.kind, value))
            return value

    play(game, (Recording(seed), Recording(seed + 1)))
    return answers


def test_the_shared_caches_carry_nothing_from_one_game_into_another():
    """Situation: three rounds of an ace game, played once, then again after another game
    (other squads, other seed) has filled the shared tables. Rule: what is remembered
    between games (damage tables, maneuver ends) depends only on its arguments. Expected:
    the same answers, one for one."""
    first = _answers(11)
    play(new_game(*SQUADS[2], seed=4, rounds=3), (AceAgent(4), AceAgent(5)))
    assert _answers(11) == first and len(first) > 30


def _every_roll(planner, ship, attack, guard):
    """The barrel roll as the ace judged it before: all six places measured, in order."""
    best = None
    for side in ("left", "right"):
        for position in ROLL_POSITIONS:
            try:
                found = barrel_roll(planner.table, ship.id, side, position)
            except ValueError:
                continue
            if found.fails():
                continue
            value = planner.position_value(ship, found.final, False, attack, guard)
            if best is None or value > best[0]:
                best = (value, side, position)
    return best


def test_the_best_barrel_roll_is_the_one_measuring_every_place_finds():
    """Situation: every action decision of three ace games whose ship may barrel roll
    (TIEs and X-wings of the test squads, in the open and in the melee, some places
    blocked by ships, obstacles or the edge). Rule: RR: BARREL ROLL - a place that
    overlaps a ship or an obstacle or leaves the play area fails. Expected: the ace's
    roll, judging every place first and measuring only the best, is the one measuring
    all six in order finds (same value, side and place), or none when all fail."""
    compared = blocked = 0
    for pair in range(len(SQUADS)):
        game = new_game(*SQUADS[pair], seed=pair + 20)
        agents = (AceAgent(1), AceAgent(2))
        while (decision := game.decision) is not None:
            if decision.kind == "perform_action" and "barrel_roll" in decision.option_keys():
                agent = agents[decision.player - 1]
                planner = agent.planner(game.view(decision.player, log=False))
                ship = planner.by_id[decision.ship]
                attack = attack_tokens(ship.tokens, False)
                guard = defense_tokens(ship.tokens)
                expected = _every_roll(planner, ship, attack, guard)
                assert AceAgent._best_roll(planner, ship, attack, guard) == expected
                compared += 1
                places = [barrel_roll(planner.table, ship.id, side, position)
                          for side in ("left", "right") for position in ROLL_POSITIONS]
                blocked += any(place.fails() for place in places)
            game.answer(agent_answer(agents[decision.player - 1], game) if not
                        decision.is_chance else decision.options[0].key)
    assert compared > 20 and blocked > 0
