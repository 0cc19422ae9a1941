"""RR: OBSTACLES (asteroid, debris cloud, gas cloud; several obstacles; ending on one;
starting on one; range 0 effects on locks), RR: MOVE, RR: OVERLAP (partial maneuvers and
obstacles).

The scene: p1.1 is the first ship to activate (initiative 1, alone at that initiative),
at (400, 200) facing +y; the Planning Phase's helper rigs the dice it rolls. Player 2's
initiative 3 T-65 far away gives the moment after (its action decision)."""

from __future__ import annotations

import pytest

from tallon.dice import Face
from tallon.engine.state import DamageCard, Token
from tallon.geometry import BaseSize, Obstacle, Pose, Ship, object_distance, range_between
from tests.engine.conftest import (
    ASTEROID,
    DEBRIS,
    EMPIRE,
    GAS,
    REBEL,
    arrange,
    at,
    drive,
    events,
    failed,
    plan,
    refresh,
    squad,
    start,
    tokens,
)

P2 = squad(REBEL, "redsquadronveteran")
FAR = {"p2.1": (800, 850, 180)}


def scene(obstacles: list, code: str = "4FW", pilot: str = "academypilot",
          faces: tuple[Face, ...] = (), faction: str = EMPIRE,
          at_pose: tuple[float, float, float] = (400, 200, 0), prepare=None):
    """Run p1.1's maneuver through ``obstacles`` (outline, x, y, rotation); return the
    decisions p1.1 was asked after it, stopping before player 2's ship acts."""
    game = start(squad(faction, pilot), P2, poses={"p1.1": at_pose, **FAR},
                 obstacles=obstacles)
    if prepare is not None:
        prepare(game)
    plan(game, {"p1.1": code, "p2.1": "1FB"}, faces=faces)
    asked = []
    while game.decision.ship == "p1.1":
        asked.append(game.decision)
        game.answer("pass" if "pass" in game.decision.option_keys()
                    else game.decision.options[0].key)
    assert game.decision.ship == "p2.1"
    return game, asked


def damage(game) -> list[bool]:
    """p1.1's damage cards: True for faceup."""
    return [d.faceup for d in game.state.ships["p1.1"].damage]


def obstacle_events(game) -> list[str]:
    return [e["text"] for e in events(game, "obstacle", "p1.1")]


# ---------------------------------------------------------------------- asteroid
@pytest.mark.parametrize(("face", "cards"), [(Face.BLANK, 1), (Face.FOCUS, 1),
                                             (Face.HIT, 2), (Face.CRIT, 2)])
def test_moving_through_an_asteroid(face, cards):
    """OBSTACLES, asteroid: the ship suffers one regular damage, then rolls an attack
    die: on a hit or crit it suffers one more regular damage (facedown cards for an
    unshielded TIE). Moving through (not ending on it) the ship still acts."""
    game, asked = scene([(ASTEROID, 400, 300, 0)], faces=(face,))
    assert damage(game) == [False] * cards
    assert any(face.label in t for t in obstacle_events(game))
    assert [d.kind for d in asked] == ["perform_action"]


def test_an_asteroid_hits_shields_first():
    game, _ = scene([(ASTEROID, 400, 300, 0)], pilot="cavernangelszealot", faction=REBEL,
                    code="4FW", faces=(Face.HIT,))
    ship = game.state.ships["p1.1"]
    assert (ship.shields, ship.damage) == (0, [])


# ------------------------------------------------------------------------ debris
@pytest.mark.parametrize(("face", "cards"), [(Face.BLANK, []), (Face.FOCUS, []),
                                             (Face.HIT, [False]), (Face.CRIT, [True])])
def test_moving_through_a_debris_cloud(face, cards):
    """OBSTACLES, debris cloud: the ship is assigned a stress token, then rolls: a hit
    deals one regular damage (facedown card), a crit one critical damage (faceup
    card). Stressed, it then performs no action."""
    game, asked = scene([(DEBRIS, 400, 300, 0)], faces=(face,))
    assert damage(game) == cards
    assert tokens(game, "p1.1") == {"stress": 1}
    assert asked == []


def test_critical_damage_from_debris_is_taken_by_a_shield():
    """DAMAGE: critical damage to a shielded ship costs a shield like any damage."""
    game, _ = scene([(DEBRIS, 400, 300, 0)], pilot="cavernangelszealot", faction=REBEL,
                    faces=(Face.CRIT,))
    ship = game.state.ships["p1.1"]
    assert ship.shields == 1 and ship.damage == []


# --------------------------------------------------------------------- gas cloud
@pytest.mark.parametrize(("face", "ions"), [(Face.BLANK, 0), (Face.FOCUS, 0),
                                            (Face.HIT, 1), (Face.CRIT, 3)])
def test_moving_through_a_gas_cloud(face, ions):
    """OBSTACLES, gas cloud: the ship is assigned a strain token, then rolls: a hit gives
    one ion token, a crit three."""
    game, _ = scene([(GAS, 400, 300, 0)], faces=(face,))
    expected = {"strain": 1, **({"ion": ions} if ions else {})}
    assert tokens(game, "p1.1") == expected
    assert damage(game) == []


def test_a_gas_cloud_breaks_the_ships_locks_and_the_locks_on_it():
    """OBSTACLES, gas cloud: the ship breaks all its locks and all locks on it."""
    def locks(game) -> None:
        game.state.ships["p1.1"].locks = ["p2.1"]
        game.state.ships["p2.1"].locks = ["p1.1"]

    game, _ = scene([(GAS, 400, 300, 0)], faces=(Face.BLANK,), prepare=locks)
    assert game.state.ships["p1.1"].locks == []
    assert game.state.ships["p2.1"].locks == []


def test_ion_tokens_from_a_gas_cloud_ionize_the_ship_for_its_action():
    """A small ship given an ion token by a gas cloud is ionized: it may only focus."""
    _, asked = scene([(GAS, 400, 300, 0)], faces=(Face.HIT,))
    assert [d.option_keys() for d in asked] == [["focus", "pass"]]


def test_ion_from_a_gas_cloud_stays_until_an_ion_maneuver():
    """ION: the ion tokens gained from a gas cloud stay after that activation (only an ion
    maneuver removes them): the next round the ship, ionized, gets no dial and executes
    an ion maneuver."""
    game, _ = scene([(GAS, 400, 300, 0)], faces=(Face.HIT,))
    assert tokens(game, "p1.1") == {"strain": 1, "ion": 1}
    drive(game, lambda d: game.state.round == 2)
    asked = []
    while game.decision.kind == "set_dial":
        asked.append(game.decision.ship)
        game.answer(game.decision.options[0].key)
    assert asked == ["p2.1"]
    moves = [e["maneuver"] for e in events(game, "move", "p1.1") if e["round"] == 2]
    assert moves == ["1FB"]


# ----------------------------------------------------------- ending on an obstacle
@pytest.mark.parametrize("outline", [ASTEROID, DEBRIS, GAS])
def test_ending_a_maneuver_on_an_obstacle_skips_the_action(outline):
    """OBSTACLES: if a ship ends a maneuver overlapping an obstacle, it skips its Perform
    Action step (after suffering the obstacle's effect)."""
    game, asked = scene([(outline, 400, 400, 0)], faces=(Face.BLANK,))
    assert asked == []
    assert len(obstacle_events(game)) == 1


def test_starting_on_an_obstacle_and_moving_off_it_has_no_effect():
    """OBSTACLES: before a ship moves, if it is overlapping an obstacle, it does not
    suffer the effects of moving through that obstacle."""
    game, asked = scene([(ASTEROID, 400, 200, 0)], faces=(Face.HIT,))
    assert damage(game) == [] and obstacle_events(game) == []
    assert [d.kind for d in asked] == ["perform_action"]


def test_starting_on_an_obstacle_and_ending_on_it_again_has_its_effect():
    """OBSTACLES: a ship on an obstacle that overlaps it again at the end of its move
    suffers its effect (and skips its action)."""
    game, asked = scene([(DEBRIS, 400, 260, 90)], code="1FB", pilot="cavernangelszealot",
                        faction=REBEL, faces=(Face.BLANK,))
    assert tokens(game, "p1.1") == {"stress": 1}
    assert asked == []


def test_a_stationary_maneuver_on_an_obstacle_has_its_effect():
    """BEARING, stationary: a ship executing a [0 stop] does trigger the effects of
    overlapping any obstacle it is on; it skips its action."""
    game, asked = scene([(ASTEROID, 400, 200, 0)], code="0OR", pilot="rebelscout",
                        faction=REBEL, faces=(Face.BLANK,))
    ship = game.state.ships["p1.1"]
    assert ship.pose == Pose(400, 200, 0)
    assert ship.shields == 1 and len(obstacle_events(game)) == 1
    assert asked == []


def test_a_ship_touching_an_obstacle_before_moving_suffers_it_when_moving_through():
    """OBSTACLES: a ship at range 0 of an obstacle before it moves (touching, not on it)
    does suffer its effect when it moves through it."""
    ship = Ship("probe", Pose(400, 200, 0), BaseSize.SMALL)
    low, high = 250.0, 380.0        # bisect for an asteroid just touching the left side
    for _ in range(80):
        mid = (low + high) / 2
        touching = object_distance(ship, Obstacle("a", Pose(mid, 245, 0), ASTEROID)) <= 5e-7
        low, high = (low, mid) if touching else (mid, high)
    game, asked = scene([(ASTEROID, high, 245, 0)], code="2BB", faces=(Face.BLANK,))
    assert range_between(ship, game.state.obstacles[0]) == 0
    assert len(damage(game)) == 1
    assert len(asked) == 1                 # moved through, not ended on it


def test_a_ship_whose_guides_rest_on_an_obstacle_overlaps_it():
    """Ruling (docs/rulings.md, geometry 8: guides are part of the base except for range
    and arcs): an asteroid touching the front edge lies under the front guides, so the
    ship is overlapping it before it moves - moving off it, even across it, has no
    effect."""
    ship = Ship("probe", Pose(400, 200, 0), BaseSize.SMALL)
    low, high = 220.0, 320.0        # bisect for an asteroid just touching the front edge
    for _ in range(80):
        mid = (low + high) / 2
        touching = object_distance(ship, Obstacle("a", Pose(400, mid, 0), ASTEROID)) <= 5e-7
        low, high = (mid, high) if touching else (low, mid)
    game, asked = scene([(ASTEROID, 400, low, 0)], faces=(Face.HIT,))
    assert damage(game) == [] and len(asked) == 1


# -------------------------------------------------------------- several obstacles
@pytest.mark.parametrize(("layout", "expected"), [
    ([(DEBRIS, 400, 270, 0), (ASTEROID, 400, 360, 0)], [True, False]),
    ([(ASTEROID, 400, 270, 0), (DEBRIS, 400, 360, 0)], [False, False]),
])
def test_several_obstacles_resolve_in_the_order_met_along_the_template(layout, expected):
    """OBSTACLES: a ship moving through several obstacles suffers each one's effect,
    starting with the one closest to its starting position, along the template. The dice
    show a crit then a blank: debris first makes the crit a faceup card and the asteroid
    a facedown one; asteroid first turns the crit into a second hit (two facedown cards)
    and the debris roll is blank."""
    game, _ = scene(layout, code="5FW", faces=(Face.CRIT, Face.BLANK))
    texts = obstacle_events(game)
    first = "debris" if layout[0][0] == DEBRIS else "asteroid"
    assert first in texts[0]
    assert damage(game) == expected
    assert tokens(game, "p1.1") == {"stress": 1}


# ---------------------------------------------------------- partial maneuvers
def test_a_partial_maneuver_ignores_the_template_beyond_its_final_position():
    """OVERLAP / OBSTACLES: after a partial maneuver only the part of the template between
    the start and final positions counts. A [5 straight] ends on an enemy; backing up, the
    ship also backs over a friendly ship and ends behind it. An asteroid between the two
    ships lies on the part of the template beyond the final position: no effect."""
    game = start(squad(EMPIRE, "academypilot", "obsidiansquadronpilot"), P2,
                 poses={"p1.1": (400, 200, 0), "p1.2": (400, 370, 0), "p2.1": (400, 440, 180)},
                 obstacles=[(ASTEROID, 400, 405, 0)])
    plan(game, {"p1.1": "5FW"}, faces=(Face.HIT,))
    d = game.decision
    assert (d.ship, d.kind) == ("p1.1", "perform_action")        # the enemy-bump action
    assert game.state.ships["p1.1"].pose.y < 370 - 40
    assert damage(game) == [] and obstacle_events(game) == []


def test_the_bump_effect_resolves_before_the_obstacles():
    """Ruling (engine docstring): the overlapped ship's effect follows the Check
    Difficulty step, then the obstacles: a ship moving through debris into an enemy is
    offered the red focus before the debris stresses it."""
    def blocker(game) -> None:
        arrange(game, {"p2.1": (400, 400, 180)})

    game, asked = scene([(DEBRIS, 400, 300, 0)], faces=(Face.BLANK,), prepare=blocker)
    assert [d.option_keys() for d in asked] == [["focus", "pass"]]
    assert tokens(game, "p1.1") == {"stress": 1}


def test_an_obstacle_can_destroy_a_ship_removed_at_once():
    def worn(game) -> None:
        game.state.ships["p1.1"].damage = [DamageCard("x", False) for _ in range(2)]

    game, asked = scene([(ASTEROID, 400, 300, 0)], faces=(Face.BLANK,), prepare=worn)
    ship = game.state.ships["p1.1"]
    assert ship.destroyed and ship.removed and asked == []
    assert game.state.players[1].mission_points == 18 + ship.cost


# ------------------------------------------------------------- range 0: locks
def test_a_ship_at_range_0_of_a_gas_cloud_can_not_be_locked():
    """OBSTACLES, gas cloud at range 0: the ship cannot be locked: an enemy's lock options
    leave it out (the cloud itself, an object, may be locked)."""
    game = start(squad(REBEL, "cavernangelszealot"), squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (400, 450, 180)},
                 obstacles=[(GAS, 400, 450, 0)])
    plan(game, {"p1.1": "1FB", "p2.1": "1TW"})
    d = drive(game, at("perform_action", "p1.1"))
    game.answer("lock")
    d = game.decision
    assert d.kind == "lock_target"
    assert "p2.1" not in d.option_keys()
    assert "obstacle-1" in d.option_keys()


def test_a_ship_at_range_0_of_a_gas_cloud_can_not_acquire_locks():
    """OBSTACLES, gas cloud at range 0: the ship cannot acquire locks: its lock action
    fails (LOCK: it fails when there is no valid object)."""
    game = start(squad(REBEL, "cavernangelszealot"), squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p2.1": (400, 450, 180)})
    plan(game, {"p1.1": "1FB", "p2.1": "1TW"})
    drive(game, at("perform_action", "p1.1"))
    arrange(game, obstacles=[(GAS, 400, 280, 0)])       # arranged: the cloud under it
    refresh(game)
    game.answer("lock")
    ship = game.state.ships["p1.1"]
    assert ship.locks == [] and "lock" in ship.actions_done
    assert failed(game, "p1.1")


# ------------------------------------------------- obstacles placed by card effects
# Electro-chaff clouds, loose cargo, spare parts and blazes only come from cards; their
# effect is resolved here directly, as the move would resolve it (RR: OBSTACLES). Where
# the RR's text lost the die icons ("On a [?] or [?] result") they read as hit or crit,
# as for the asteroid (ruling).
def _effect(kind: str, face, tokens: dict | None = None, locks=()):
    from tallon.engine.obstacles import ObstacleEffect
    from tallon.scene import Scene, load_dice, start_at

    sc = Scene()
    ship = sc.ship("bluesquadronescort", at=(400, 300, 0), tokens=tokens or {},
                   locks=list(locks))
    enemy = sc.ship("academypilot", player=1, at=(400, 600, 180))
    game = sc.game()
    if locks:
        game.state.ships[enemy].locks = [ship]
    load_dice(game, [face])
    start_at(game, ObstacleEffect(ship, "obstacle-9", kind), phase="activation")
    return game.state.ships[ship], game.state.ships[enemy]


@pytest.mark.parametrize(("face", "stressed"), [("hit", True), ("crit", True),
                                               ("focus", False), ("blank", False)])
def test_electro_chaff_cloud_breaks_locks_jams_and_may_stress(face, stressed):
    ship, enemy = _effect("electro_chaff_cloud", face, locks=["p2.1"])
    assert ship.locks == [] and enemy.locks == []
    assert ship.count(Token.JAM) == 1
    assert ship.stressed is stressed


@pytest.mark.parametrize("kind", ["loose_cargo", "spare_parts"])
@pytest.mark.parametrize(("face", "stressed"), [("hit", True), ("crit", True),
                                               ("focus", False)])
def test_loose_cargo_and_spare_parts_strain_and_may_stress(kind, face, stressed):
    ship, _ = _effect(kind, face)
    assert ship.count(Token.STRAIN) == 1 and ship.stressed is stressed


@pytest.mark.parametrize(("face", "shields", "stress"), [("hit", 1, 0), ("crit", 1, 0),
                                                         ("focus", 2, 1), ("blank", 2, 0)])
def test_blaze_damages_or_stresses_and_skips_the_action(face, shields, stress):
    ship, _ = _effect("blaze", face)
    assert ship.shields == shields and ship.count(Token.STRESS) == stress
    assert ship.skip_action
