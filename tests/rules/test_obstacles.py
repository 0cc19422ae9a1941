"""RR: OBSTACLES - the effects of moving through or overlapping an asteroid, debris cloud, gas
cloud and the obstacles cards place (electro-chaff cloud, loose cargo, spare parts,
blaze), in the order met along the template; ending on an obstacle skips the Perform
Action step (granted actions are still allowed); starting on one has no effect; at range
0, no attacks and no locks.

The first tests fly a template on a table (which obstacles are met, in which order). In
the game tests p1.1 is the first ship to activate (initiative 1, alone at that
initiative), at (400, 200) facing +y; the Planning Phase's helper rigs the dice it rolls.
Player 2's initiative 3 T-65 far away gives the moment after (its action decision). The
attack tests engage one ship (``engage``) and look at the declaration the engine
offers."""

from __future__ import annotations

import pytest

from tallon.dice import Face
from tallon.engine.state import DamageCard, Token
from tallon.geometry import (
    BaseSize,
    Obstacle,
    Pose,
    Ship,
    Table,
    execute_maneuver,
    object_distance,
    range_between,
)
from tests.conftest import obstacle, ship
from tests.rules.attack_helpers import R2, TIE, XWING, declarable, engage, no_attack
from tests.rules.game_helpers import (
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
from tests.rules.game_helpers import damage_faces as damage


# -------------------------------------------------------- along the template
def test_obstacles_are_met_in_order_along_the_template(table_svg):
    """Three asteroids across a [5 straight] template, listed far, near, middle.
    RR: OBSTACLES ("If a ship moves through or overlaps more than one obstacle, it suffers
    the effects of each obstacle, starting with the obstacle that was closest to the ship in
    its starting position and proceeding along the template"). They are met near, middle,
    far."""
    far = obstacle("far", 320, 575, outline="core2asteroid1")
    near = obstacle("near", 290, 380, outline="core2asteroid3")
    middle = obstacle("middle", 300, 470, outline="core2asteroid3")
    table = table_svg(Table(ships=(ship("a", 300, 300),), obstacles=(far, near, middle)))
    outcome = execute_maneuver(table, "a", "5F")
    assert outcome.hazards == ("near", "middle", "far")


def test_obstacles_along_a_curve_are_ordered_by_the_curve(table_svg):
    """Two asteroids on a [3 turn right] template, one near its end listed first, one near
    its start. RR: OBSTACLES - the order follows the template, also on a turn. The one near
    the start is met first."""
    probe = execute_maneuver(Table(ships=(ship("a", 300, 300),)), "a", "3Y").full_template
    spots = [probe.template.centre_point(probe.template.length * f) for f in (0.85, 0.15)]
    late, early = (probe.start.to_world(r, f) for r, f, _ in spots)
    table = table_svg(Table(ships=(ship("a", 300, 300),), obstacles=(
        obstacle("late", *late, outline="core2asteroid3"),
        obstacle("early", *early, outline="core2asteroid3"))))
    assert execute_maneuver(table, "a", "3Y").hazards == ("early", "late")


def test_after_a_partial_maneuver_only_the_travelled_template_counts(table_svg):
    """A [4 straight] whose template crosses two asteroids, the far one beyond a ship that
    stops the maneuver. RR: OBSTACLES ("If a ship partially executes a maneuver, only the
    portion of the template that is between the starting and final position of the ship is
    counted"). Without the ship both are moved through; with it only the near one is (the
    far one is overlapped by the base itself where it stopped)."""
    table = table_svg(Table(
        ships=(ship("a", 300, 300), ship("b", 300, 490)),
        obstacles=(obstacle("near", 300, 350, outline="core2asteroid3"),
                   obstacle("far", 300, 470, outline="core2asteroid3")),
    ))
    full_template = execute_maneuver(table.without("b"), "a", "4F").moved_through
    assert full_template == ("near", "far")
    outcome = execute_maneuver(table, "a", "4F")
    assert outcome.partial
    assert "near" in outcome.moved_through
    assert "far" not in outcome.moved_through
    assert "far" in outcome.overlapping  # the base itself stopped on it


# ---------------------------------------------------------------------- the scene
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


def obstacle_events(game) -> list[str]:
    return [e["text"] for e in events(game, "obstacle", "p1.1")]


# ---------------------------------------------------------------------- asteroid
@pytest.mark.parametrize(("face", "cards"), [(Face.BLANK, 1), (Face.FOCUS, 1),
                                             (Face.HIT, 2), (Face.CRIT, 2)])
def test_moving_through_an_asteroid(face, cards):
    """An unshielded TIE flies a [4 straight] through an asteroid, the die showing a blank,
    focus, hit or crit. RR: OBSTACLES, asteroid - the ship suffers one regular damage, then
    rolls an attack die: on a hit or crit it suffers one more. One facedown card for a blank
    or focus, two for a hit or crit; the log names the result; moving through (not ending on
    it) the ship still acts."""
    game, asked = scene([(ASTEROID, 400, 300, 0)], faces=(face,))
    assert damage(game) == [False] * cards
    assert any(face.label in t for t in obstacle_events(game))
    assert [d.kind for d in asked] == ["perform_action"]


def test_an_asteroid_hits_shields_first():
    """A T-65 (2 shields) flies through an asteroid and rolls a hit. RR: OBSTACLES,
    RR: DAMAGE - the asteroid's damage is suffered like any other, on shields first. Both
    shields are lost and no card is dealt."""
    game, _ = scene([(ASTEROID, 400, 300, 0)], pilot="cavernangelszealot", faction=REBEL,
                    code="4FW", faces=(Face.HIT,))
    ship = game.state.ships["p1.1"]
    assert (ship.shields, ship.damage) == (0, ())


# ------------------------------------------------------------------------ debris
@pytest.mark.parametrize(("face", "cards"), [(Face.BLANK, []), (Face.FOCUS, []),
                                             (Face.HIT, [False]), (Face.CRIT, [True])])
def test_moving_through_a_debris_cloud(face, cards):
    """An unshielded TIE flies through a debris cloud, the die showing a blank, focus, hit
    or crit. RR: OBSTACLES, debris cloud - the ship is assigned a stress token, then rolls:
    a hit deals one regular damage (facedown card), a crit one critical damage (faceup
    card). It has the stress token and the cards, and, stressed, performs no action."""
    game, asked = scene([(DEBRIS, 400, 300, 0)], faces=(face,))
    assert damage(game) == cards
    assert tokens(game, "p1.1") == {"stress": 1}
    assert asked == []


def test_critical_damage_from_debris_is_taken_by_a_shield():
    """A T-65 (2 shields) flies through a debris cloud and rolls a crit. RR: DAMAGE -
    critical damage to a shielded ship costs a shield like any damage. One shield is left
    and no card is dealt."""
    game, _ = scene([(DEBRIS, 400, 300, 0)], pilot="cavernangelszealot", faction=REBEL,
                    faces=(Face.CRIT,))
    ship = game.state.ships["p1.1"]
    assert ship.shields == 1 and ship.damage == ()


# --------------------------------------------------------------------- gas cloud
@pytest.mark.parametrize(("face", "ions"), [(Face.BLANK, 0), (Face.FOCUS, 0),
                                            (Face.HIT, 1), (Face.CRIT, 3)])
def test_moving_through_a_gas_cloud(face, ions):
    """A TIE flies through a gas cloud, the die showing a blank, focus, hit or crit.
    RR: OBSTACLES, gas cloud - the ship is assigned a strain token, then rolls: a hit gives
    one ion token, a crit three. It has the strain token and 0, 0, 1 or 3 ion tokens, and no
    damage."""
    game, _ = scene([(GAS, 400, 300, 0)], faces=(face,))
    expected = {"strain": 1, **({"ion": ions} if ions else {})}
    assert tokens(game, "p1.1") == expected
    assert damage(game) == []


def test_a_gas_cloud_breaks_the_ships_locks_and_the_locks_on_it():
    """A TIE with a lock on the T-65, and locked by it, flies through a gas cloud.
    RR: OBSTACLES, gas cloud - the ship breaks all its locks and all locks on it. Neither
    ship has a lock left."""
    def locks(game) -> None:
        game.state.ships["p1.1"].locks = ["p2.1"]
        game.state.ships["p2.1"].locks = ["p1.1"]

    game, _ = scene([(GAS, 400, 300, 0)], faces=(Face.BLANK,), prepare=locks)
    assert game.state.ships["p1.1"].locks == []
    assert game.state.ships["p2.1"].locks == []


def test_ion_tokens_from_a_gas_cloud_ionize_the_ship_for_its_action():
    """A TIE (small) gains an ion token from a gas cloud it moves through. RR: OBSTACLES,
    RR: ION - one ion token ionizes a small ship, and an ionized ship may only focus. Its
    Perform Action step offers focus and pass."""
    _, asked = scene([(GAS, 400, 300, 0)], faces=(Face.HIT,))
    assert [d.option_keys() for d in asked] == [["focus", "pass"]]


def test_ion_from_a_gas_cloud_stays_until_an_ion_maneuver():
    """The same TIE, ionized by the gas cloud, plays round 2. RR: ION - ion tokens stay
    after that activation (only an ion maneuver removes them). In round 2 it gets no dial
    (only player 2's ship is asked) and executes an ion maneuver, [1 straight]."""
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
    """A TIE ends its [4 straight] on an asteroid, a debris cloud or a gas cloud.
    RR: OBSTACLES - if a ship ends a maneuver overlapping an obstacle, it skips its Perform
    Action step (after suffering the obstacle's effect). The obstacle's effect happens once
    and no action is offered."""
    game, asked = scene([(outline, 400, 400, 0)], faces=(Face.BLANK,))
    assert asked == []
    assert len(obstacle_events(game)) == 1


def test_starting_on_an_obstacle_and_moving_off_it_has_no_effect():
    """A TIE on an asteroid flies off it (its die would show a hit). RR: OBSTACLES - before
    a ship moves, if it is overlapping an obstacle, it does not suffer the effects of moving
    through that obstacle. No damage, no obstacle event, and it acts."""
    game, asked = scene([(ASTEROID, 400, 200, 0)], faces=(Face.HIT,))
    assert damage(game) == [] and obstacle_events(game) == []
    assert [d.kind for d in asked] == ["perform_action"]


def test_starting_on_an_obstacle_and_ending_on_it_again_has_its_effect():
    """A T-65 on a debris cloud flies a [1 straight] that ends on it again. RR: OBSTACLES -
    a ship that overlaps the obstacle again at the end of its move suffers its effect. It
    gains the stress token and skips its action."""
    game, asked = scene([(DEBRIS, 400, 260, 90)], code="1FB", pilot="cavernangelszealot",
                        faction=REBEL, faces=(Face.BLANK,))
    assert tokens(game, "p1.1") == {"stress": 1}
    assert asked == []


def test_a_stationary_maneuver_on_an_obstacle_has_its_effect():
    """An HWK-290 on an asteroid executes a red [0 stop]. RR: BEARING, stationary - a ship
    executing a stationary maneuver does trigger the effects of overlapping any obstacle it
    is on; RR: OBSTACLES - then it skips its action. It stays put, loses a shield to the
    asteroid (one obstacle event) and performs no action."""
    game, asked = scene([(ASTEROID, 400, 200, 0)], code="0OR", pilot="rebelscout",
                        faction=REBEL, faces=(Face.BLANK,))
    ship = game.state.ships["p1.1"]
    assert ship.pose == Pose(400, 200, 0)
    assert ship.shields == 1 and len(obstacle_events(game)) == 1
    assert asked == []


def test_a_ship_touching_an_obstacle_before_moving_suffers_it_when_moving_through():
    """A TIE touching an asteroid's side (range 0, not on it) flies a [2 bank left] across
    it. RR: OBSTACLES - a ship at range 0 of an obstacle before it moves does suffer its
    effect when it moves through it again. It is dealt one card, and (moving through, not
    ending on it) it still acts."""
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
    """A TIE with an asteroid just touching its front edge, under its front guides, flies
    across it. RR: OBSTACLES - a ship overlapping an obstacle before it moves does not
    suffer moving through it; the guides are part of the base except for range and arcs
    (ruling: docs/rulings.md, geometry 8), so the ship overlaps it. No damage, and it acts."""
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
    """A TIE flies a [5 straight] through a debris cloud and an asteroid, in either order;
    the dice show a crit then a blank. RR: OBSTACLES - each obstacle's effect, the one
    closest to the starting position first, along the template. Debris first: the crit is a
    faceup card and the asteroid's a facedown one; asteroid first: its crit roll adds a
    second facedown card and the debris roll is blank. Either way the debris stresses it."""
    game, _ = scene(layout, code="5FW", faces=(Face.CRIT, Face.BLANK))
    texts = obstacle_events(game)
    first = "debris" if layout[0][0] == DEBRIS else "asteroid"
    assert first in texts[0]
    assert damage(game) == expected
    assert tokens(game, "p1.1") == {"stress": 1}


# ---------------------------------------------------------- partial maneuvers
def test_a_partial_maneuver_ignores_the_template_beyond_its_final_position():
    """A TIE's [5 straight] ends on an enemy; backing up, it also backs over a friendly ship
    and ends behind it; an asteroid lies between the two ships. RR: OBSTACLES, RR: OVERLAP -
    after a partial maneuver only the part of the template between the start and the final
    position counts. The asteroid, beyond the final position, has no effect (no damage, no
    obstacle event); the enemy-bump action is offered."""
    game = start(squad(EMPIRE, "academypilot", "obsidiansquadronpilot"), P2,
                 poses={"p1.1": (400, 200, 0), "p1.2": (400, 370, 0), "p2.1": (400, 440, 180)},
                 obstacles=[(ASTEROID, 400, 405, 0)])
    plan(game, {"p1.1": "5FW"}, faces=(Face.HIT,))
    d = game.decision
    assert (d.ship, d.kind) == ("p1.1", "perform_action")        # the enemy-bump action
    assert game.state.ships["p1.1"].pose.y < 370 - 40
    assert damage(game) == [] and obstacle_events(game) == []


def test_the_bump_effect_resolves_before_the_obstacles():
    """A TIE flies through a debris cloud into an enemy. RR: OBSTACLES, RR: OVERLAP (ruling:
    engine docstring - the overlapped ship's effect follows the Check Difficulty step, then
    the obstacles). It is offered the red focus before the debris stresses it, and ends with
    the debris' stress."""
    def blocker(game) -> None:
        arrange(game, {"p2.1": (400, 400, 180)})

    game, asked = scene([(DEBRIS, 400, 300, 0)], faces=(Face.BLANK,), prepare=blocker)
    assert [d.option_keys() for d in asked] == [["focus", "pass"]]
    assert tokens(game, "p1.1") == {"stress": 1}


def test_an_obstacle_can_destroy_a_ship_removed_at_once():
    """An unshielded TIE with 2 damage cards (hull 3) flies through an asteroid.
    RR: OBSTACLES, RR: DESTROYING SHIPS - destroyed outside the Engagement Phase, it is
    removed at once. It is destroyed and removed, performs no action, and player 2 scores
    its cost."""
    def worn(game) -> None:
        game.state.ships["p1.1"].damage = tuple(DamageCard("x", False) for _ in range(2))

    game, asked = scene([(ASTEROID, 400, 300, 0)], faces=(Face.BLANK,), prepare=worn)
    ship = game.state.ships["p1.1"]
    assert ship.destroyed and ship.removed and asked == []
    assert game.state.players[1].mission_points == 18 + ship.cost


# ------------------------------------------------------- range 0: locks, attacks
def test_a_ship_at_range_0_of_a_gas_cloud_can_not_be_locked():
    """A T-65 locks with the only enemy, a TIE, sitting on a gas cloud. RR: OBSTACLES, gas
    cloud at range 0 - the ship cannot be locked. The TIE is not offered; the cloud (an
    object) is."""
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
    """A T-65 with a gas cloud (arranged) under it locks. RR: OBSTACLES, gas cloud at range
    0 - the ship cannot acquire locks; RR: LOCK - a lock fails when there is no valid
    object. It has no lock, and the lock action failed and is spent."""
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


@pytest.mark.parametrize("outline", [ASTEROID, DEBRIS, GAS])
def test_a_ship_at_range_0_of_an_obstacle_cannot_attack(outline):
    """A T-65 sitting on an asteroid, a debris cloud or a gas cloud, an enemy ahead at range
    2. RR: OBSTACLES ("While a ship is at range 0 of an obstacle ... Asteroid / Debris Cloud
    / Gas Cloud: The ship cannot perform attacks"). No declaration; the engine says it is at
    range 0 of the obstacle."""
    game, a, _ = engage(XWING, [(TIE, R2)], obstacles=[(outline, 400, 300)])
    assert game.decision is None
    assert "range 0 of" in no_attack(game, a)


def test_the_obstacle_rule_binds_the_attacker_not_the_defender():
    """The enemy, not the attacker, sits on an asteroid. RR: OBSTACLES (the ship at range 0
    cannot perform attacks; nothing stops it being attacked). It can be declared at range 2."""
    found = declarable(XWING, [(TIE, R2)], obstacles=[(ASTEROID, 400, 520)])
    assert found == {("primary:front", "p2.1"): 2}


def test_a_ship_that_ended_on_an_obstacle_can_still_be_granted_an_action():
    """A T-65 ends its maneuver on an asteroid; a UT-60D then coordinates it. RR: OBSTACLES
    - a ship that is overlapping an obstacle skips its Perform Action step but can still
    perform actions granted by other effects. The UT-60D is the next to act (the T-65 had no
    action step); coordinated, the T-65 is offered an action and focuses."""
    game = start(squad(REBEL, "cavernangelszealot", "bluesquadronscout"),
                 squad(EMPIRE, "blacksquadronace"),
                 poses={"p1.1": (400, 200, 0), "p1.2": (520, 150, 0), "p2.1": (800, 850, 180)},
                 obstacles=[("core2asteroid3", 400, 290, 0)])
    plan(game, {"p1.1": "1FB", "p1.2": "1FB"})
    d = game.decision
    assert d.ship == "p1.2"                      # p1.1 skipped its action
    assert events(game, "obstacle", "p1.1")
    game.answer("coordinate")
    game.answer("p1.1")
    d = game.decision
    assert (d.kind, d.ship) == ("perform_action", "p1.1")
    game.answer("focus")
    assert tokens(game, "p1.1") == {"focus": 1}


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
    enemy = sc.ship("academypilot", player=2, at=(400, 600, 180))
    game = sc.game()
    if locks:
        game.state.ships[enemy].locks = [ship]
    load_dice(game, [face])
    start_at(game, ObstacleEffect(ship, "obstacle-9", kind), phase="activation")
    return game.state.ships[ship], game.state.ships[enemy]


@pytest.mark.parametrize(("face", "stressed"), [("hit", True), ("crit", True),
                                               ("focus", False), ("blank", False)])
def test_electro_chaff_cloud_breaks_locks_jams_and_may_stress(face, stressed):
    """A T-65 with a lock on a TIE, and locked by it, moves through an electro-chaff cloud;
    the die shows a hit, crit, focus or blank. RR: OBSTACLES, electro-chaff cloud - the ship
    breaks all its locks and all locks on it, is assigned a jam token, then on a hit or crit
    a stress token. No lock is left, it has the jam token, and it is stressed only on a hit
    or crit."""
    ship, enemy = _effect("electro_chaff_cloud", face, locks=["p2.1"])
    assert ship.locks == [] and enemy.locks == []
    assert ship.count(Token.JAM) == 1
    assert ship.stressed is stressed


@pytest.mark.parametrize("kind", ["loose_cargo", "spare_parts"])
@pytest.mark.parametrize(("face", "stressed"), [("hit", True), ("crit", True),
                                               ("focus", False)])
def test_loose_cargo_and_spare_parts_strain_and_may_stress(kind, face, stressed):
    """A T-65 moves through loose cargo or spare parts; the die shows a hit, crit or focus.
    RR: OBSTACLES, loose cargo and spare parts - the ship is assigned a strain token, then
    on a hit or crit a stress token. It has the strain token, and is stressed only on a hit
    or crit."""
    ship, _ = _effect(kind, face)
    assert ship.count(Token.STRAIN) == 1 and ship.stressed is stressed


@pytest.mark.parametrize(("face", "shields", "stress"), [("hit", 1, 0), ("crit", 1, 0),
                                                         ("focus", 2, 1), ("blank", 2, 0)])
def test_blaze_damages_or_stresses_and_skips_the_action(face, shields, stress):
    """A T-65 (2 shields) moves through a blaze; the die shows a hit, crit, focus or blank.
    RR: OBSTACLES, blaze - on a hit or crit the ship suffers one damage, on a focus it gains
    a stress token; then it skips its Perform Action step. A shield is lost on a hit or
    crit, a stress token gained on a focus, nothing on a blank; the action is skipped each
    time."""
    ship, _ = _effect("blaze", face)
    assert ship.shields == shields and ship.count(Token.STRESS) == stress
    assert ship.skip_action
