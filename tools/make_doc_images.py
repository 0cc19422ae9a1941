#!/usr/bin/env python3
"""Draw the example tables shown in docs/geometry.md (writes docs/img/*.svg)."""

from __future__ import annotations

from pathlib import Path

from tallon.geometry import (
    Arc,
    BaseSize,
    Obstacle,
    PlayArea,
    Pose,
    Ship,
    Table,
    attack_obstruction,
    barrel_roll_options,
    execute_maneuver,
    measure_arc,
)
from tallon.render.svg import Drawing, write_svg

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"
AREA = PlayArea(400.0, 320.0)


def ship(ident: str, x: float, y: float, heading: float = 0.0,
         size: BaseSize = BaseSize.SMALL) -> Ship:
    return Ship(ident, Pose(x, y, heading), size)


def partial_bump() -> None:
    table = Table(ships=(ship("x-wing", 120, 60), ship("y-wing", 130, 130),
                         ship("tie", 110, 181, 180)), area=AREA)
    outcome = execute_maneuver(table, "x-wing", "2F")
    drawing = Drawing(templates=[outcome.full_template],
                      ghosts=[table.ship("x-wing").at(outcome.final)],
                      title="[2 straight] bumps the TIE, backs off the Y-wing")
    write_svg(str(OUT / "partial-straight.svg"), table, drawing)


def curved_bump() -> None:
    mover = ship("mover", 100, 60)
    full = execute_maneuver(Table(ships=(mover,), area=AREA), "mover", "3N")
    spot = full.final.moved(right=5, forward=28, rotation=30)
    table = Table(ships=(mover, ship("blocker", spot.x, spot.y, spot.heading)), area=AREA)
    outcome = execute_maneuver(table, "mover", "3N")
    drawing = Drawing(templates=[outcome.full_template],
                      ghosts=[mover.at(outcome.final)],
                      title="[3 bank right] partially executed, both hashmarks on the line")
    write_svg(str(OUT / "partial-bank.svg"), table, drawing)


def attack_range_example() -> None:
    tie = ship("tie", 100, 60)
    xwing = ship("x-wing", 220, 158)
    table = Table(ships=(tie, xwing), area=AREA)
    front = measure_arc(tie, xwing, Arc.FRONT)
    right = measure_arc(tie, xwing, Arc.RIGHT)
    drawing = Drawing(arcs=["tie"], range_bands=["tie"],
                      lines=[(*front.closest.segment, "#f7dc6f"),
                             (*right.closest.segment, "#85c1e9")],
                      title="range 1, but the front-arc attack range is 2")
    write_svg(str(OUT / "attack-range.svg"), table, drawing)


def tied_lines() -> None:
    table = Table(ships=(ship("attacker", 200, 60), ship("defender", 210, 260, 180)),
                  obstacles=(Obstacle("rock", Pose(180, 160, 0), "core2asteroid3"),),
                  area=AREA)
    o = attack_obstruction(table, "attacker", "defender", Arc.FRONT)
    lines = o.lines
    drawing = Drawing(title="tied range lines: the attacker chooses whether it is obstructed")
    for k in range(6):
        t = k / 5
        x0 = lines.a0[0] + t * (lines.a1[0] - lines.a0[0])
        y0 = lines.a0[1] + t * (lines.a1[1] - lines.a0[1])
        drawing.lines.append(((x0, y0), (x0 + lines.offset[0], y0 + lines.offset[1]),
                              "#f7dc6f"))
    write_svg(str(OUT / "tied-lines.svg"), table, drawing)


def barrel_rolls() -> None:
    table = Table(ships=(ship("tie", 140, 160), ship("blocker", 220, 122)), area=AREA)
    options = barrel_roll_options(table, "tie", "right")
    drawing = Drawing(title="barrel roll right: front free; middle and back overlap")
    for attempt in options:
        drawing.ghosts.append(table.ship("tie").at(attempt.final))
    write_svg(str(OUT / "barrel-roll.svg"), table, drawing)


def sideslip_and_tallon() -> None:
    table = Table(ships=(ship("sideslip", 80, 80), ship("tallon", 260, 80)), area=AREA)
    slip = execute_maneuver(table, "sideslip", "2B", sideslip=True)
    drawing = Drawing(templates=[slip.full_template],
                      ghosts=[table.ship("sideslip").at(slip.final)],
                      title="[2 bank left] sideslip; [2 Tallon roll right] front/middle/back")
    for position in ("front", "middle", "back"):
        roll = execute_maneuver(table, "tallon", "2R", position=position)
        if position == "middle":
            drawing.templates.append(roll.full_template)
        drawing.ghosts.append(table.ship("tallon").at(roll.final))
    write_svg(str(OUT / "sideslip-tallon.svg"), table, drawing)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for draw in (partial_bump, curved_bump, attack_range_example, tied_lines, barrel_rolls,
                 sideslip_and_tallon):
        draw()
    print(f"wrote {len(list(OUT.glob('*.svg')))} drawings to {OUT}")


if __name__ == "__main__":
    main()
