"""RR: CLOAK - the cloak action and token (a cloaked ship has +2 agility, is disarmed and
cannot gain a second cloak token), and decloaking in the System Phase: small ships with the
[2 straight], medium and large with the [1 straight]; it can fail, is allowed while
stressed, and is neither an action nor a maneuver. (RR: DECLOAK only points here.)

The cloak action and cloak tokens are arranged on generic ships (the TIE/ph Phantom's own,
with its Stygium Array, are tested with its cards), so that each rule is seen alone."""

from __future__ import annotations

import pytest

from tallon.engine.effects import gain_token
from tallon.engine.state import ActionSpec, Token
from tallon.geometry import BaseSize, Pose, Table, decloak_options
from tests.conftest import ship
from tests.rules.attack_helpers import R2, TIE, XWING, blank_counts, engage, no_attack
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    failed,
    give,
    inject,
    offered,
    plan,
    solo,
    squad,
    start,
    to_action,
    tokens,
)


# ------------------------------------------------------------ the cloak action
def test_the_cloak_action_gives_a_cloak_token_and_disarms():
    """A T-65 given (arranged) the cloak action performs it. RR: CLOAK - the ship gains a
    cloak token; a cloaked ship is disarmed and cannot perform the cloak action. It has the
    token and is disarmed; the blue token stays through the End Phase; in round 2 (after
    passing its decloak) cloak is not offered again."""
    game = solo("cavernangelszealot")
    ship = game.state.ships["p1.1"]
    ship.actions = (*ship.actions, ActionSpec("cloak"))
    d = to_action(game, "p1.1", {"p1.1": "1FB"})
    assert "cloak" in offered(d)
    game.answer("cloak")
    assert tokens(game, "p1.1") == {"cloak": 1}
    assert ship.cloaked and ship.disarmed
    drive(game, lambda d: game.state.round == 2)
    assert tokens(game, "p1.1") == {"cloak": 1}            # blue: kept in the End Phase
    d = drive(game, at("decloak", "p1.1"))
    game.answer("pass")
    d = drive(game, at("perform_action", "p1.1"))
    assert "cloak" not in offered(d)


def cloaked(pilot: str = "bluesquadronescort", at_pose=(400, 300, 0), stressed: bool = False,
            others: dict | None = None, obstacles: list = ()):
    """A game at p1.1's (initiative 2) decloak decision (round 1 System Phase); the TIE
    p2.1 (initiative 1) activates first: its action decision follows the System Phase."""
    game = start(squad(REBEL, pilot, "redsquadronveteran"), squad(EMPIRE, "academypilot"),
                 poses={"p1.1": at_pose, "p1.2": (100, 60, 0), "p2.1": (800, 850, 180),
                        **(others or {})}, obstacles=list(obstacles))
    give(game, "p1.1", Token.CLOAK)
    if stressed:
        give(game, "p1.1", Token.STRESS)
    plan(game, {"p1.1": "2FB"})
    d = game.decision
    assert (d.kind, d.ship, d.player) == ("decloak", "p1.1", 1)
    assert game.state.phase == "system"
    return game


def test_a_cloaked_ship_can_not_gain_a_second_cloak_token():
    """A cloaked ship is given a cloak token by an effect. RR: CLOAK - a cloaked ship cannot
    gain a second cloak token. It still has one."""
    game = cloaked()
    inject(game, lambda g: gain_token(g, g.state.ships["p1.1"], Token.CLOAK))
    assert tokens(game, "p1.1") == {"cloak": 1}


def test_a_cloaked_defender_adds_2_to_its_agility():
    """A cloaked TIE/ln (agility 3) defends at range 2 against a T-65. RR: CLOAK ("Its
    agility value is increased by 2"). It rolls 5 defense dice."""
    assert blank_counts(defender_tokens={"cloak": 1}) == (3, 5)


def test_a_cloaked_ship_is_disarmed():
    """A T-65 with a cloak token engages an enemy at range 2. RR: CLOAK ("A cloaked ship ...
    is disarmed"). No attack is declared, and the engine says why."""
    game, a, _ = engage(XWING, [(TIE, R2)], tokens={"cloak": 1})
    assert game.decision is None and no_attack(game, a) is not None


# ------------------------------------------------------------------ decloaking
def test_only_cloaked_ships_have_a_system_phase_decision():
    """Two T-65s, one cloaked, and a TIE in the System Phase. RR: CLOAK - during the System
    Phase each cloaked ship may spend its cloak token to decloak; RR: SYSTEM PHASE - most
    ships have nothing to resolve then. Only the cloaked ship is asked (pass, boost, left,
    right); passing keeps its token and the Activation Phase follows."""
    game = cloaked()
    assert game.decision.option_keys() == ["pass", "boost", "left", "right"]
    game.answer("pass")
    assert game.state.phase == "activation"
    assert tokens(game, "p1.1") == {"cloak": 1}


def test_small_ship_decloaks_with_the_speed_2_straight():
    """A small ship's decloak options. RR: CLOAK - a small ship decloaks by a boost or a
    barrel roll with the [2 straight]. The straight boost moves it 40 + 80 mm forward, a
    barrel roll 80 + 40 mm sideways with the usual front/middle/back shifts; seven options
    in all (the boost straight, and left or right at three positions)."""
    options = decloak_options(Table(ships=(ship("a", 400, 400),)), "a")
    moves = {o.label: o.relative() for o in options}
    assert moves["boost straight"] == pytest.approx((0, 120, 0))
    assert moves["barrel roll left front"] == pytest.approx((-120, 10, 0))
    assert moves["barrel roll right back"] == pytest.approx((120, -10, 0))
    assert len(options) == 7


@pytest.mark.parametrize("size,across,ahead", [(BaseSize.MEDIUM, 80, 100),
                                               (BaseSize.LARGE, 100, 120)])
def test_medium_and_large_ships_decloak_with_the_speed_1_straight(size, across, ahead):
    """A medium and a large ship's decloak options. RR: CLOAK - medium and large ships
    decloak with the [1 straight], barrel rolling with its long edge as they do. The boost
    moves them their base plus 40 mm; the middle barrel roll their base plus 20 mm sideways."""
    options = decloak_options(Table(ships=(ship("a", 400, 400, 0, size),)), "a")
    moves = {o.label: o.relative() for o in options}
    assert moves["boost straight"] == pytest.approx((0, ahead, 0))
    assert moves["barrel roll right middle"] == pytest.approx((across, 0, 0))


def test_a_small_ship_decloaks_with_the_2_straight_boost():
    """A cloaked T-65 at (400, 300) decloaks with a boost. RR: CLOAK - a small ship boosts
    with the [2 straight], spending its cloak token. It ends at (400, 420) with no token."""
    game = cloaked()
    game.answer("boost")
    assert game.state.ships["p1.1"].pose == Pose(400, 420, 0)
    assert tokens(game, "p1.1") == {}


@pytest.mark.parametrize(("side", "position", "expected"), [
    ("left", "middle", (280, 300)), ("right", "front", (520, 310)),
    ("right", "back", (520, 290))])
def test_a_small_ship_decloaks_with_the_2_straight_barrel_roll(side, position, expected):
    """The cloaked T-65 decloaks with a barrel roll left or right. RR: CLOAK - a small ship
    barrel rolls with the [2 straight]. The position is asked (front, middle, back); the
    ship moves 80 mm of template plus its base sideways, and the token is spent."""
    game = cloaked()
    game.answer(side)
    d = game.decision
    assert (d.kind, d.option_keys()) == ("decloak_position", ["front", "middle", "back"])
    game.answer(position)
    assert game.state.ships["p1.1"].pose == Pose(*expected, 0)
    assert tokens(game, "p1.1") == {}


def test_a_medium_ship_decloaks_with_the_1_straight():
    """A cloaked UT-60D (medium) decloaks by boost, then (in a second game) by a barrel roll
    right. RR: CLOAK - medium ships decloak with the [1 straight]. The boost moves it 60 +
    40 mm ahead; the barrel roll (long edge) 60 + 20 mm sideways."""
    game = cloaked(pilot="bluesquadronscout")
    game.answer("boost")
    assert game.state.ships["p1.1"].pose == Pose(400, 400, 0)
    game = cloaked(pilot="bluesquadronscout")
    game.answer("right")
    game.answer("middle")
    assert game.state.ships["p1.1"].pose == Pose(480, 300, 0)


def test_a_failed_decloak_keeps_the_ship_and_its_cloak_token():
    """A cloaked T-65 boosts to decloak into a friendly ship in the way. RR: CLOAK - if a
    decloak fails, the ship returns to its prior position and the cloak token is not
    removed. It stays at (400, 300), cloaked, and the decloak failed."""
    game = cloaked(others={"p1.2": (400, 420, 0)})
    game.answer("boost")
    assert game.state.ships["p1.1"].pose == Pose(400, 300, 0)
    assert tokens(game, "p1.1") == {"cloak": 1}
    assert failed(game, "p1.1", "decloak")


def test_a_decloak_through_an_obstacle_fails():
    """A cloaked T-65 boosts to decloak across an asteroid. RR: CLOAK, RR: BOOST - the
    decloak is a boost, which fails if it would move through or overlap an obstacle. The
    ship stays cloaked where it was and suffers nothing from the asteroid."""
    game = cloaked(obstacles=[("core2asteroid3", 400, 370, 0)])
    game.answer("boost")
    ship = game.state.ships["p1.1"]
    assert ship.pose == Pose(400, 300, 0) and ship.cloaked
    assert not events(game, "obstacle", "p1.1")


def test_a_ship_can_not_flee_by_decloaking():
    """A cloaked T-65 near the left edge barrel rolls left to decloak. RR: CLOAK, RR: FLEE -
    a ship cannot flee while decloaking: the decloak fails instead. The ship stays in play
    where it was, still cloaked."""
    game = cloaked(at_pose=(60, 300, 0))
    game.answer("left")
    ship = game.state.ships["p1.1"]
    assert ship.in_play and ship.pose == Pose(60, 300, 0) and ship.cloaked


def test_a_stressed_ship_can_decloak():
    """A cloaked, stressed T-65 decloaks with a boost. RR: CLOAK - a ship can decloak even
    while stressed. It moves to (400, 420), keeping its stress token and spending the cloak
    token."""
    game = cloaked(stressed=True)
    game.answer("boost")
    assert tokens(game, "p1.1") == {"stress": 1}
    assert game.state.ships["p1.1"].pose == Pose(400, 420, 0)


def test_decloaking_is_neither_an_action_nor_a_maneuver():
    """A cloaked T-65 with Engine Upgrade decloaks with a boost, then flies its
    [2 straight]. RR: CLOAK - decloaking does not count as performing an action or executing
    a maneuver. No action is recorded, no maneuver executed; it still executes its dial
    (decloak 120 mm, then 120 mm more) and may boost as its action."""
    game = cloaked(pilot=("bluesquadronescort", ["engineupgrade"]))
    game.answer("boost")
    ship = game.state.ships["p1.1"]
    assert ship.actions_done == set() and ship.executed_speed is None
    d = drive(game, at("perform_action", "p1.1"))
    assert "boost" in offered(d)
    assert ship.pose == Pose(400, 540, 0)            # decloak 120, then [2 straight] 120
