"""Rulebook: SALVAGE MISSION - five supply caches; the tow scenario action (from the second
round, in the Perform Action step only); what a towing ship can't do; jettisoning (by
choice at the end of its activation, on critical damage, destruction, fleeing or reserve)
with the opposing player placing the cache at range 1; 1 mission point per cache on a
friendly ship's card at the start of each End Phase from the second round."""

from __future__ import annotations

import pytest

from tallon.engine import IllegalChoiceError
from tallon.engine.effects import gain_token, remove_ship
from tallon.engine.features import TOWING
from tallon.engine.scenarios import feature_range
from tallon.engine.state import Token
from tests.rules.game_helpers import at, drive, events, failed, hurt, inject
from tests.rules.scenario_helpers import (
    CX,
    CY,
    cache,
    play_end_phase,
    points,
    scenario_start,
    scores,
    to_round,
)

FAR = {"p1.2": (60, 60, 0), "p2.1": (60, 860, 180), "p2.2": (860, 860, 180)}


def _salvage(start_y: float = CY - 260):
    """p1.1 flying straight at the centre cache: at range 1 of it after round 2's move."""
    return scenario_start("salvage-mission", poses={**FAR, "p1.1": (CX, start_y, 0)},
                          features=[cache(1, CX, CY), cache(2, 150, 700)])


def _towing(game, cache_id="supply_cache-1", ship_id="p1.1"):
    """Arrange: the ship tows the cache."""
    ship = game.state.ships[ship_id]
    ship.remember(TOWING, cache_id)
    game.state.features = [f.carried_by(ship_id) if f.id == cache_id else f
                           for f in game.state.features]


def test_tow_is_offered_from_the_second_round_in_the_perform_action_step():
    """Situation: a T-65 at range 1 of a supply cache after its move, in rounds 1 and 2.
    Rule: "Ships can use the scenario action ... starting on the second round"; "A ship can
    perform a scenario action only during its Perform Action step." Expected: no tow in
    round 1; tow offered in round 2."""
    game = _salvage(CY - 180)
    d = drive(game, at("perform_action", "p1.1"))
    assert "tow" not in d.option_keys()
    to_round(game, 2)
    d = drive(game, at("perform_action", "p1.1"))
    assert "tow" in d.option_keys()


def test_tow_puts_the_cache_on_the_ships_card_and_scores_each_round():
    """Situation: round 2, the T-65 at range 1 of the centre cache performs a tow action and
    keeps the cache. Rule: "Remove the chosen supply cache from the play area and place it
    on the ship's card"; "earn 1 mission point for each supply cache on a friendly ship's
    card". Expected: the cache is off the table, carried by p1.1; 1 point for player 1 at
    round 2's End Phase, with the reason in the log."""
    game = _salvage()
    to_round(game, 2)
    drive(game, at("perform_action", "p1.1"))
    game.answer("tow")
    assert game.decision.kind == "scenario_target"
    assert game.decision.option_keys() == ["supply_cache-1"]
    game.answer("supply_cache-1")
    cache_now = game.state.features[0]
    assert (cache_now.x, cache_now.carrier) == (None, "p1.1")
    d = drive(game, at("jettison", "p1.1"))
    assert d.option_keys() == ["keep", "jettison"]
    before = points(game)
    play_end_phase(game, answers={"jettison": lambda d: "keep"})
    assert points(game) == (before[0] + 1, before[1])
    assert scores(game) == ["Player 1 scores 1 mission point: supply cache 1 is on Red "
                            "Squadron Veteran's card (p1.1)"]


def test_tow_fails_without_a_cache_in_range():
    """Situation: round 2, the T-65 far from every cache performs a tow action. Rule: "If
    there is no supply cache in range, the action fails." Expected: the action fails (the
    log says so) and nothing is towed."""
    game = _salvage(CY - 420)
    to_round(game, 2)
    drive(game, at("perform_action", "p1.1"))
    game.answer("tow")
    assert failed(game, "p1.1")
    assert all(f.carrier is None for f in game.state.features)


def test_a_towing_ship_cannot_barrel_roll_or_tow_again():
    """Situation: round 3, a T-65 towing a cache at its Perform Action step, next to the
    second cache. Rule: "While a ship is towing a supply cache, it cannot perform [boost],
    [barrel roll], [SLAM] or [cloak] actions" (ruling on the fourth icon), and "A ship can
    have only one supply cache on its card." Expected: neither barrel roll nor tow is
    offered; focus still is."""
    game = _salvage()
    _towing(game)
    to_round(game, 3, answers={"jettison": lambda d: "keep"})
    game.state.features[1] = cache(2, CX, CY + 200)
    d = drive(game, at("perform_action", "p1.1"), answers={"jettison": lambda d: "keep"})
    assert "barrel_roll" not in d.option_keys() and "tow" not in d.option_keys()
    assert "focus" in d.option_keys()


def test_a_towing_ship_cannot_gain_cloak_tokens_and_tow_removes_them():
    """Situation: a towing ship is given a cloak token; a cloaked ship tows. Rule: "After a
    ship performs a tow action, it removes any cloak tokens it has"; a towing ship cannot
    "gain cloak tokens". Expected: no cloak token gained; the cloaked ship's token is
    removed by its tow."""
    game = _salvage()
    ship = game.state.ships["p1.1"]
    _towing(game)
    assert gain_token(game, ship, Token.CLOAK) == 0 and not ship.cloaked
    game2 = _salvage()
    to_round(game2, 2)
    drive(game2, at("perform_action", "p1.1"))
    game2.state.ships["p1.1"].tokens[Token.CLOAK] = 1
    game2.answer("tow")
    game2.answer("supply_cache-1")
    assert not game2.state.ships["p1.1"].cloaked


def test_jettison_by_choice_the_opponent_places_it_at_range_1():
    """Situation: at the end of its activation the towing T-65 jettisons. Rule: "At the end
    of a ship's activation, a ship may choose to jettison its supply cache. If it does,
    ... the opposing player places it ... at range 1 of that ship." Expected: player 2 is
    asked to place it; a spot 300 mm away is refused; an offered spot is at range 1 and the
    cache is back in the play area, carried by nobody."""
    game = _salvage()
    _towing(game)
    drive(game, at("jettison", "p1.1"))
    game.answer("jettison")
    d = game.decision
    assert d.kind == "place_feature" and d.player == 2
    ship = game.state.ships["p1.1"].pose
    with pytest.raises(IllegalChoiceError, match="range 1 of the ship"):
        game.answer({"x": ship.x, "y": ship.y + 330})
    game.answer(d.options[0].key)
    placed = game.state.features[0]
    assert placed.carrier is None and placed.x is not None
    assert feature_range(placed, game.state.ships["p1.1"]) == 1
    assert game.state.ships["p1.1"].recalled(TOWING) is None


def test_critical_damage_jettisons_the_cache():
    """Situation: a towing T-65 suffers 1 critical damage (its shield takes it). Rule:
    "When a ship that is towing a supply cache suffers a [crit] damage or is destroyed, the
    supply cache is jettisoned." Expected: player 2 places the cache; regular damage alone
    does not."""
    game = _salvage()
    _towing(game)
    drive(game, at("set_dial", "p1.1"))
    hurt(game, "p1.1", hits=1)
    assert game.decision.kind == "set_dial"
    hurt(game, "p1.1", crits=1)
    assert game.decision.kind == "place_feature" and game.decision.player == 2


def test_a_fleeing_ship_jettisons_from_where_it_was():
    """Situation: a towing T-65 at the edge is removed by fleeing. Rule: "When a ship that
    is towing a supply cache flees the battlefield, the supply cache is jettisoned from the
    ship's position before it executed its maneuver." Expected: player 2 places it at range
    1 of the ship's last position on the table."""
    game = scenario_start("salvage-mission", poses={**FAR, "p1.1": (CX, 60, 180)},
                          features=[cache(1, CX, CY)])
    _towing(game)
    drive(game, at("set_dial", "p1.1"))
    inject(game, lambda g: remove_ship(g, g.state.ships["p1.1"], "fled"))
    d = game.decision
    assert d.kind == "place_feature" and d.player == 2
    x, y = (float(v) for v in d.options[0].key.split(","))
    assert abs(x - CX) < 160 and y < 200
    assert "jettisons supply cache 1 (fled)" in " ".join(e["text"] for e in
                                                        events(game, "scenario"))


def test_a_destroyed_ship_scores_its_points_and_its_cache_stops_scoring():
    """Situation: a towing T-65 destroyed. Rule: destroyed ships give their squad points;
    the cache is jettisoned. Expected: 5 points to player 2 and a placement for player 2."""
    game = _salvage()
    _towing(game)
    drive(game, at("set_dial", "p1.1"))
    before = points(game)
    hurt(game, "p1.1", hits=6)
    assert game.decision.kind == "place_feature"
    assert points(game) == (before[0], before[1] + 5)
    assert game.state.ships["p1.1"].removed
