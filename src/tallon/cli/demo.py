"""``tallon demo``: the main job. Until the rules engine plays games, it lays out a table,
flies a few maneuvers on it (one of them bumps) and draws the result."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from tallon.geometry import (
    Arc,
    BaseSize,
    Obstacle,
    Pose,
    Ship,
    Table,
    execute_maneuver,
)
from tallon.geometry.survey import survey_pair
from tallon.render.svg import Drawing, write_svg


def demo_table() -> Table:
    """A table with four ships and three obstacles."""
    ships = (
        Ship("red-1", Pose(300.0, 150.0, 0.0), BaseSize.SMALL),
        Ship("red-2", Pose(420.0, 120.0, 15.0), BaseSize.MEDIUM),
        Ship("black-1", Pose(350.0, 270.0, 200.0), BaseSize.SMALL),
        Ship("shuttle", Pose(620.0, 760.0, 180.0), BaseSize.LARGE),
    )
    obstacles = (
        Obstacle("core2asteroid0", Pose(250.0, 430.0, 20.0), "core2asteroid0"),
        Obstacle("core2debris1", Pose(560.0, 420.0, 75.0), "core2debris1"),
        Obstacle("gascloud2", Pose(380.0, 620.0, 0.0), "gascloud2"),
    )
    return Table(ships=ships, obstacles=obstacles)


MOVES = (("red-1", "2N"), ("red-2", "3F"), ("shuttle", "2T"))


def demo(
    out: Path = typer.Option(Path("out"), "--out", help="Directory for the drawing."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary instead."),
) -> None:
    """Lay out a demo table, fly three maneuvers (one bumps) and draw it."""
    table = demo_table()
    drawing = Drawing(range_bands=["black-1"], arcs=["red-1"], title="Tallon demo table")
    summary = []
    for ship_id, code in MOVES:
        outcome = execute_maneuver(table, ship_id, code)
        right, forward, rotation = outcome.relative()
        summary.append({
            "ship": ship_id, "maneuver": code, "fully_executed": outcome.fully_executed,
            "forced_by": list(outcome.forced_by), "moved_through": list(outcome.moved_through),
            "forward": round(forward, 3), "right": round(right, 3),
            "rotation": round(rotation, 3),
        })
        if outcome.full_template is not None:
            drawing.templates.append(outcome.full_template)
        drawing.ghosts.append(table.ship(ship_id).at(outcome.final))
    survey = survey_pair(table, "red-1", "black-1")
    front = survey.arcs[Arc.FRONT]
    if front.closest is not None:
        drawing.lines.append((*front.closest.segment, "#f7dc6f"))
    out.mkdir(parents=True, exist_ok=True)
    svg = out / "demo-table.svg"
    write_svg(str(svg), table, drawing)
    if as_json:
        typer.echo(json.dumps({"moves": summary, "measure": survey.to_json(),
                               "drawing": str(svg)}, indent=2))
        return
    for item in summary:
        state = "fully executed" if item["fully_executed"] else (
            f"partially executed (bumped {', '.join(item['forced_by'])})")
        typer.echo(f"{item['ship']:8} [{item['maneuver']}] {state}: "
                   f"{item['forward']:.2f} mm forward, {item['right']:.2f} mm right, "
                   f"turned {item['rotation']:.1f} degrees")
    typer.echo(f"black-1 from red-1: range {survey.range}, "
               f"front-arc attack range {front.range}")
    typer.echo(f"wrote {svg}")


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
