"""RR: DISARMED - a ship with a disarm token cannot perform attacks but still engages.
(Disarm tokens from the reload and SLAM actions: test_reload, test_slam; a cloaked ship is
disarmed: test_cloak.)"""

from __future__ import annotations

from tallon.engine.rounds import Sweep
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.rules.attack_helpers import HERE, R2, TIE, XWING, engage, no_attack
from tests.rules.game_helpers import (
    EMPIRE,
    REBEL,
    at,
    drive,
    events,
    give,
    spread,
    squad,
    start,
)


def test_a_disarmed_ship_cannot_attack():
    """A T-65 with a disarm token and an enemy ahead at range 2. RR: DISARMED ("A disarmed
    ship cannot perform attacks"). No declaration; the engine says it is disarmed."""
    game, a, _ = engage(XWING, [(TIE, R2)], tokens={"disarm": 1})
    assert game.decision is None and "disarmed" in no_attack(game, a)


def test_a_disarmed_ship_still_engages():
    """The same disarmed T-65 in the Engagement Phase. RR: DISARMED, RR: ENGAGEMENT PHASE
    ("Disarmed ships still engage"). It engages (its turn passes) without attacking; the
    enemy TIE then engages and attacks it."""
    sc = Scene()
    a = sc.ship(XWING, at=HERE, tokens={"disarm": 1})
    tie = sc.ship(TIE, player=2, at=R2)
    game = sc.at(Sweep("engagement"))
    assert game.state.ships[a].engaged
    assert any(e["kind"] == "engage" and e.get("ship") == a for e in game.log)
    assert game.decision.kind == "declare_attack" and game.decision.ship == tie


def test_a_disarmed_ship_engages_in_a_played_round():
    """A T-65 given a disarm token in the Activation Phase of a played round. RR: DISARMED -
    disarmed ships still engage but cannot perform attacks. It engages once in round 1, and
    the engine logs that it is disarmed instead of an attack."""
    game = start(squad(REBEL, "bluesquadronescort"), squad(EMPIRE, "blacksquadronace"),
                 poses=spread(["p1.1", "p2.1"]))
    drive(game, at("perform_action", "p2.1"))
    give(game, "p1.1", Token.DISARM)
    drive(game, lambda d: game.state.round == 2)
    engage = [e for e in events(game, "engage", "p1.1") if e["round"] == 1]
    refused = [e for e in events(game, "no_attack", "p1.1") if e["round"] == 1]
    assert len(engage) == 1 and "disarmed" in refused[0]["text"]
