"""RR: ROTATE (turret arc indicators: single and double), RR: ARC (turret arcs),
RR: LINKED ACTION."""

from __future__ import annotations

from tallon.geometry import Arc
from tests.engine.conftest import (
    EMPIRE,
    REBEL,
    solo_at_action,
    tokens,
)


def scene(pilot: str, faction: str):
    return solo_at_action(pilot, faction)


def test_a_single_turret_rotates_to_any_other_standard_arc():
    """ROTATE: the ship rotates its turret arc indicator to select any other standard arc
    (HWK-290: placed pointing front)."""
    game, d = scene("rebelscout", REBEL)
    ship = game.state.ships["p1.1"]
    assert ship.turret == (Arc.FRONT,)
    game.answer("rotate")
    d = game.decision
    assert (d.kind, sorted(d.option_keys())) == ("rotate_arc", ["left", "rear", "right"])
    game.answer("left")
    assert ship.turret == (Arc.LEFT,)


def test_a_double_turret_rotates_to_the_other_two_arcs():
    """ROTATE: rotating a double turret arc indicator must select the other two standard
    arcs (VT-49: front and rear become left and right, no choice to make)."""
    game, _d = scene("patrolleader", EMPIRE)
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.FRONT, Arc.REAR}
    game.answer("rotate")
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT}
    assert not (game.decision and game.decision.kind == "rotate_arc")


def test_a_red_rotate_linked_to_focus():
    """LINKED ACTION: the HWK-290's focus links to a red rotate: after it the ship rotates
    and gains a stress token."""
    game, _d = scene("rebelscout", REBEL)
    game.answer("focus")
    assert game.decision.kind == "linked_action"
    game.answer("rotate")
    game.answer("rear")
    assert game.state.ships["p1.1"].turret == (Arc.REAR,)
    assert tokens(game, "p1.1") == {"focus": 1, "stress": 1}
