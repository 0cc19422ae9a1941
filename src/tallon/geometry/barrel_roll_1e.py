"""The first edition's barrel roll: the template anywhere along the ship's side.

Rulebook (1e), Barrel Roll: one end of the [1 straight] template is placed against the
left or right side of the ship's base, anywhere along it as long as no part of the
template goes beyond the front or back edge of the base; the ship is then placed at the
opposite end of the template, again with no part of the template beyond its front or back
edge, facing as before. Every base size lays the template's end against its side (2.5
lays a medium or large ship's long edge there instead, RR: BARREL ROLL).

A position is given by two shifts along the ship's facing, in mm: ``template`` (the
template's middle line from the side's hashmark, forward positive) and ``ship`` (the
ship's side hashmark from the template's middle line, once placed). Each may be up to
:func:`roll_slack` either way; 2.5's front, middle and back positions of a small ship are
``template=0`` with ``ship`` at the slack, 0 and minus the slack.
"""

from __future__ import annotations

from tallon.geometry.bases import base_shape
from tallon.geometry.constants import EPS, STRAIGHT_LENGTH_PER_SPEED, TEMPLATE_WIDTH, BaseSize
from tallon.geometry.pose import Transform
from tallon.geometry.repositioning import Attempt, Side, _attempt
from tallon.geometry.table import Table


def roll_slack(size: BaseSize) -> float:
    """How far (mm) the template may slide from the middle of the side either way, and the
    ship along the template's far end: half of what the side is longer than the
    template's end."""
    return (base_shape(size).length - TEMPLATE_WIDTH) / 2


def barrel_roll_at(table: Table, ship_id: str, side: Side | str, template: float,
                   ship: float, template_speed: int = 1) -> Attempt:
    """The barrel roll to ``side`` with the template shifted ``template`` mm and the ship
    ``ship`` mm along it (see the module docstring); ValueError beyond the slack."""
    side = Side.parse(side) if isinstance(side, str) else side
    piece = table.ship(ship_id)
    slack = roll_slack(piece.size)
    if abs(template) > slack + EPS or abs(ship) > slack + EPS:
        raise ValueError(f"a barrel roll's shifts are at most {slack:g} mm either way")
    length = base_shape(piece.size).length
    across = STRAIGHT_LENGTH_PER_SPEED * template_speed
    s = side.value
    x0, x1 = s * length / 2, s * (length / 2 + across)
    low, high = template - TEMPLATE_WIDTH / 2, template + TEMPLATE_WIDTH / 2
    rectangle = ((min(x0, x1), low), (max(x0, x1), low), (max(x0, x1), high),
                 (min(x0, x1), high))
    final = piece.pose.moved(s * (length + across), template + ship)
    label = (f"barrel roll {side.name.lower()} (template {template:+g} mm, ship "
             f"{ship:+g} mm)")
    return _attempt(table, piece, final, None, Transform(piece.pose).apply(rectangle),
                    label)
