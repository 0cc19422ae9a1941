"""RR: APPENDIX: HUGE SHIPS - TURRET ARC INDICATORS: a huge ship equipping two upgrades that
grant a turret arc has two indicators, each tied to its upgrade and pointed on its own; the
rotate action may rotate either or both.

Scenes: a CR90 (Alderaanian Guard, 7 energy) facing +y at (457, 300), its right side at x
497, with a Point-Defense Battery (a double turret: 2 dice at range 1-2, for 1 energy; the
first indicator) and a Turbolaser Battery (a single turret: 3 dice at range 3-5 with a
lock, for 3 energy; the second indicator). Defenders: a TIE/ln (Academy Pilot) at range 1
of its right side and a Lambda shuttle (Omicron Group Pilot) at range 4 of it, locked."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tallon.cards import CARDS
from tallon.cards.common import firing_arcs, in_firing_arc
from tallon.cards.upgrades.gunner import rotate, rotate_options
from tallon.data import load_cards
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.game import Game, GameSetup
from tallon.engine.loadout import build_ship, second_indicator_double, unplayable_cards
from tallon.engine.view import _ship_public
from tallon.engine.weapons import valid_targets
from tallon.geometry import Arc, Pose
from tallon.scene import Scene, start_at
from tallon.squads import build_squad
from tests.cards.helpers import values

CR90 = "alderaanianguard"
PDB, TLB = "pointdefensebattery", "turbolaserbattery"
TIE_R1, SHUTTLE_R4 = 537, 907


def _scene(turret: tuple[Arc, ...], turret2: tuple[Arc, ...]) -> Scene:
    sc = Scene(seed=5)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[PDB, TLB], turret=turret[0],
            turret2=turret2, locks=["p2.2"])
    sc.ship("academypilot", player=2, at=(TIE_R1, 300, 0))
    sc.ship("omicrongrouppilot", player=2, at=(SHUTTLE_R4, 300, 0))
    return sc


def _targets(game: Game) -> set[str]:
    ship = game.state.ships["p1.1"]
    return {f"{t.weapon.id}@{t.defender}" for t in valid_targets(game, ship, headers=True)}


def _squad(*upgrades: str):
    return build_squad("rebelalliance", [(CR90, list(upgrades))])


def test_two_turret_upgrades_play_with_an_indicator_each():
    """Situation: a CR90 squad with the Point-Defense Battery and the Turbolaser Battery.
    Rule: TURRET ARC INDICATORS - "A huge ship can have up to two turret arc indicators if
    it equips two upgrades that grant it" a turret arc. Expected: the squad plays; the
    battery keeps the first (double) indicator, the Turbolaser Battery gets a second
    (single) one."""
    squad = _squad(PDB, TLB)
    assert unplayable_cards(squad, CARDS) == []
    ship = build_ship(1, 1, squad.ships[0])
    assert ship.turret_double and ship.turret2_cards == (TLB,)
    assert not second_indicator_double(ship)
    one = build_ship(1, 1, _squad(PDB).ships[0])
    assert one.turret2_cards == ()


def test_each_weapon_attacks_from_its_own_indicator():
    """Situation: the battery's indicator points right (right and left), the Turbolaser
    Battery's points front; then the battery's points front (front and rear) and the
    Turbolaser Battery's right. Rule: "Each indicator is associated with the upgrade that
    has the matching position marker" and each can point at a different arc. Expected:
    first only the battery may attack the TIE at range 1 on the right; then only the
    Turbolaser Battery may attack the shuttle at range 4 on the right."""
    game = _scene((Arc.RIGHT, Arc.LEFT), (Arc.FRONT,)).at(Engage("p1.1"))
    assert game.state.ships["p1.1"].turret == (Arc.RIGHT, Arc.LEFT)
    assert _targets(game) >= {f"{PDB}@p2.1"}
    assert f"{TLB}@p2.2" not in _targets(game)
    game = _scene((Arc.FRONT, Arc.REAR), (Arc.RIGHT,)).at(Engage("p1.1"))
    assert f"{TLB}@p2.2" in _targets(game)
    assert f"{PDB}@p2.1" not in _targets(game)


def test_both_indicators_are_firing_arcs():
    """Situation: the battery's indicator points right (right and left), the Turbolaser
    Battery's front. Rule: "both indicators behave similarly and occupy the arc they are
    pointing toward" (RR: FIRING ARCS). Expected: the CR90's firing arcs are its printed
    left and right arcs and the front arc; pointing the second indicator rear instead, the
    rear arc replaces the front one, and a TIE behind it is in a firing arc."""
    game = _scene((Arc.RIGHT, Arc.LEFT), (Arc.FRONT,)).game()
    ship = game.state.ships["p1.1"]
    assert set(firing_arcs(ship)) == {Arc.LEFT, Arc.RIGHT, Arc.FRONT}
    behind = game.state.ships["p2.1"]
    game.state.set_pose(behind, Pose(457, 100, 0))
    assert not in_firing_arc(ship, behind)
    ship.turret2 = (Arc.REAR,)
    assert set(firing_arcs(ship)) == {Arc.LEFT, Arc.RIGHT, Arc.REAR}
    assert in_firing_arc(ship, behind)


def test_both_indicators_may_point_at_the_same_arc():
    """Situation: both indicators point right. Rule: "each indicator can be pointed at
    different arcs or at the same arc". Expected: the battery may attack the TIE and the
    Turbolaser Battery the shuttle."""
    game = _scene((Arc.RIGHT, Arc.LEFT), (Arc.RIGHT,)).at(Engage("p1.1"))
    assert {f"{PDB}@p2.1", f"{TLB}@p2.2"} <= _targets(game)


def _rotate(turret2: tuple[Arc, ...]) -> Game:
    game = _scene((Arc.FRONT, Arc.REAR), turret2).game()
    start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
    game.answer("rotate")
    return game


def test_the_rotate_action_offers_either_or_both_indicators():
    """Situation: the battery's double indicator points front, the Turbolaser Battery's
    right; the CR90 performs the rotate action. Rule: "it can rotate either or both of its
    turret arc indicators". Expected: the first to left (its other pair), the second to
    front, rear or left, and each pairing of the two are offered."""
    game = _rotate((Arc.RIGHT,))
    d = game.decision
    assert d is not None and d.kind == "rotate_arc"
    assert sorted(values(game)) == sorted(
        ["left", "2:front", "2:rear", "2:left", "left+2:front", "left+2:rear",
         "left+2:left"])


def test_rotating_one_indicator_leaves_the_other():
    """Situation: as before; the CR90 turns only the second indicator to left, then (a
    second scene) only the first. Rule: each indicator is pointed on its own. Expected: the
    other indicator keeps its arcs."""
    game = _rotate((Arc.RIGHT,))
    game.answer("2:left")
    ship = game.state.ships["p1.1"]
    assert ship.turret2 == (Arc.LEFT,) and set(ship.turret) == {Arc.FRONT, Arc.REAR}
    game = _rotate((Arc.RIGHT,))
    game.answer("left")
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT} and ship.turret2 == (Arc.RIGHT,)


def test_rotating_both_indicators():
    """Situation: as before; the CR90 turns both. Rule: "either or both". Expected: the
    battery selects left and right, the Turbolaser Battery rear."""
    game = _rotate((Arc.RIGHT,))
    game.answer("left+2:rear")
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT} and ship.turret2 == (Arc.REAR,)


def test_a_single_indicator_huge_ship_rotates_as_before():
    """Situation: a CR90 with the Point-Defense Battery alone (front and rear) rotates. Rule:
    RR: ROTATE - a double indicator selects the other two arcs. Expected: no second
    indicator, and it selects left and right without a choice."""
    sc = Scene(seed=5)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[PDB], turret="front")
    sc.ship("academypilot", player=2, at=(TIE_R1, 300, 0))
    game = sc.game()
    start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
    game.answer("rotate")
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT} and ship.turret2 == ()


def _to_placement(game: Game) -> None:
    while game.decision is not None and not (
            game.decision.kind == "place_ship" and game.decision.ship == "p1.1"):
        game.answer(game.decision.options[0].key)


def _setup_game() -> Game:
    other = build_squad("galacticempire", [("academypilot", [])])
    return Game(GameSetup(squads=(_squad(PDB, TLB), other), seed=3, cards=CARDS))


def test_setup_places_both_indicators():
    """Situation: the CR90 is placed at setup with a free answer pointing the first
    indicator left and the second rear; then (another game) with an offered spot. Rule:
    SETUP - the ship is placed with its turret indicators; TURRET ARC INDICATORS - each is
    pointed on its own. Expected: left and right (the battery is double) and rear; an
    offered spot points both front (the battery front and rear)."""
    game = _setup_game()
    _to_placement(game)
    x, y, heading = game.decision.options[0].key.split(",")[:3]
    game.answer({"x": float(x), "y": float(y), "heading": float(heading),
                 "turret": "left", "turret2": "rear"})
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT} and ship.turret2 == (Arc.REAR,)
    assert _ship_public(ship)["turret2"] == ["rear"]
    game = _setup_game()
    _to_placement(game)
    game.answer(game.decision.options[0].key)
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.FRONT, Arc.REAR} and ship.turret2 == (Arc.FRONT,)


def test_setup_refuses_a_second_indicator_the_ship_lacks():
    """Situation: a CR90 with the Point-Defense Battery alone is placed with a "turret2".
    Rule: only a huge ship with two turret upgrades has a second indicator. Expected: the
    answer is refused."""
    other = build_squad("galacticempire", [("academypilot", [])])
    game = Game(GameSetup(squads=(_squad(PDB), other), seed=3, cards=CARDS))
    _to_placement(game)
    x, y, heading = game.decision.options[0].key.split(",")[:3]
    answer = {"x": float(x), "y": float(y), "heading": float(heading), "turret2": "rear"}
    with pytest.raises(IllegalChoiceError, match="no second turret"):
        game.answer(answer)


def test_a_third_turret_upgrade_shares_the_second_indicator():
    """Situation: a CR90 entry (slots not checked here) with the Point-Defense Battery, the
    Turbolaser Battery and the Ion Cannon Battery (a single turret). Rule: TURRET ARC
    INDICATORS allows at most two indicators; with three such upgrades two share one
    (ruling: the later ones share the second). Expected: the battery keeps the first
    indicator, the other two share the second, which is single."""
    db = load_cards()
    entry = SimpleNamespace(pilot=db.pilot(CR90), upgrades=[
        SimpleNamespace(upgrade=db.upgrade(x)) for x in (PDB, TLB, "ioncannonbattery")])
    ship = build_ship(1, 1, entry)
    assert ship.turret_double and ship.turret2_cards == (TLB, "ioncannonbattery")
    assert not second_indicator_double(ship)


def test_a_card_rotating_the_turret_may_turn_either_or_both():
    """Situation: the CR90 (double indicator pointing front/rear, single indicator pointing
    right) with Agile Gunner, in the End Phase. Rule: TURRET ARC INDICATORS - "When a huge
    ship is instructed to rotate its turret arc indicator ... it can rotate either or both".
    Expected: Agile Gunner offers the first indicator's turn (left/right), the second's
    (front, rear, left) and each pair; turning both points each at its arc."""
    sc = Scene(seed=5)
    cr90 = sc.ship(CR90, at=(457, 300, 0), upgrades=[PDB, TLB, "agilegunner"],
                   turret="front", turret2=(Arc.RIGHT,))
    sc.ship("academypilot", player=2, at=(TIE_R1, 300, 0))
    game = sc.game()
    ship = game.state.ships[cr90]
    keys = [o.key for o in rotate_options(ship)]
    assert "rotate:left" in keys and "rotate:2:front" in keys and "rotate:2:right" not in keys
    assert "rotate:left+2:rear" in keys
    assert len(keys) == 1 + 3 + 1 * 3
    rotate(game, ship, "rotate:left+2:rear")
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT} and ship.turret2 == (Arc.REAR,)


def test_a_standard_ships_gunner_turns_its_one_indicator():
    """Situation: an HWK-290 (single turret pointing front) with Agile Gunner. Rule:
    RR: ROTATE. Expected: the three other standard arcs, no second-indicator option."""
    sc = Scene(seed=5)
    hwk = sc.ship("spicerunner", at=(457, 300, 0), upgrades=["agilegunner"], turret="front")
    sc.ship("academypilot", player=2, at=(457, 700, 180))
    game = sc.game()
    assert sorted(o.key for o in rotate_options(game.state.ships[hwk])) == [
        "rotate:left", "rotate:rear", "rotate:right"]
