"""RR: ROTATE - the rotate action turns the turret arc indicator to select another standard
arc; a double indicator selects the two it was not selecting. (A rotate linked to focus:
test_linked_action; rotating a ship, not its turret: test_rotate_a_ship.)

The ships are played through the engine, at their Perform Action step."""

from __future__ import annotations

from tallon.geometry import Arc
from tests.rules.game_helpers import EMPIRE, REBEL, solo_at_action


def scene(pilot: str, faction: str):
    return solo_at_action(pilot, faction)


def test_a_single_turret_rotates_to_any_other_standard_arc():
    """An HWK-290 (single turret, placed pointing front) rotates. RR: ROTATE - the ship
    rotates its turret arc indicator to select any other standard arc. Left, rear and right
    are offered; choosing left, the turret points left."""
    game, d = scene("rebelscout", REBEL)
    ship = game.state.ships["p1.1"]
    assert ship.turret == (Arc.FRONT,)
    game.answer("rotate")
    d = game.decision
    assert (d.kind, sorted(d.option_keys())) == ("rotate_arc", ["left", "rear", "right"])
    game.answer("left")
    assert ship.turret == (Arc.LEFT,)


def test_a_double_turret_rotates_to_the_other_two_arcs():
    """A VT-49 (double turret, front and rear) rotates. RR: ROTATE - a double turret arc
    indicator must select the other two standard arcs. It selects left and right, with no
    choice asked."""
    game, _d = scene("patrolleader", EMPIRE)
    ship = game.state.ships["p1.1"]
    assert set(ship.turret) == {Arc.FRONT, Arc.REAR}
    game.answer("rotate")
    assert set(ship.turret) == {Arc.LEFT, Arc.RIGHT}
    assert not (game.decision and game.decision.kind == "rotate_arc")
