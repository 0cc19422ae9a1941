#!/usr/bin/env python3
"""Draw the huge ship maneuver tool's end positions shown in docs/geometry.md, Huge ships
(writes docs/img/huge-straight.svg and docs/img/huge-bank.svg)."""

from __future__ import annotations

from pathlib import Path

from tallon.geometry import HugeShip, PlayArea, Pose, Table, execute_huge_maneuver
from tallon.render.svg import Drawing, write_svg

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"


def _cr90(pose: Pose) -> HugeShip:
    return HugeShip.of_type("cr90", pose, "cr90corelliancorvette")


def straights() -> None:
    """[1-5 straight]: the centre line moves from the speed 0 line to the speed line."""
    table = Table(ships=(_cr90(Pose(130, 140, 0)),), area=PlayArea(330, 560))
    ship = table.ship("cr90")
    ghosts = [ship.at(execute_huge_maneuver(table, "cr90", f"{s}F").final) for s in (1, 3, 5)]
    lines = [((180, 140 + 40 * s), (200, 140 + 40 * s), "#9a7d0a") for s in range(6)]
    drawing = Drawing(ghosts=ghosts, lines=lines,
                      title="[1], [3], [5 straight]: speed lines 40 apart")
    write_svg(str(OUT / "huge-straight.svg"), table, drawing)


def banks() -> None:
    """[0-3 bank right] and [0-3 bank left], each ending turned 45 degrees with its front
    corner in the tool's corner for the speed (the marks)."""
    table = Table(ships=(_cr90(Pose(300, 150, 0)),), area=PlayArea(600, 480))
    ship = table.ship("cr90")
    ghosts, lines = [], []
    for letter, side in (("N", 1.0), ("B", -1.0)):
        for speed in range(4):
            moved = ship.at(execute_huge_maneuver(table, "cr90", f"{speed}{letter}").final)
            ghosts.append(moved)
            x, y = moved.pose.to_world(side * moved.base.half_width, moved.base.half)
            lines.append(((x - 4, y), (x + 4, y), "#c0392b"))
            lines.append(((x, y - 4), (x, y + 4), "#c0392b"))
    drawing = Drawing(ghosts=ghosts, lines=lines,
                      title="huge ship [0-3 bank left] and [0-3 bank right]")
    write_svg(str(OUT / "huge-bank.svg"), table, drawing)


def main() -> None:
    straights()
    banks()


if __name__ == "__main__":
    main()
