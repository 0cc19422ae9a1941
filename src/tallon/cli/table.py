"""``tallon move``, ``tallon measure`` and ``tallon draw``: the table, measured."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import typer

from tallon.cli.common import fail
from tallon.files import FileAccessError
from tallon.geometry import (
    Arc,
    BaseSize,
    HugeShip,
    Maneuver,
    Obstacle,
    Pose,
    Ship,
    Table,
    barrel_roll,
    boost,
    decloak_options,
    execute_maneuver,
    obstacle_outline,
    place_device,
    rotate_ship,
)
from tallon.geometry.constants import HUGE_BASE_LENGTH
from tallon.geometry.huge import execute_huge_maneuver
from tallon.geometry.overlap import ships_overlapped
from tallon.geometry.survey import survey_pair
from tallon.render.svg import Drawing, write_svg

SHIP_HELP = ("A ship as ID=SIZE@X,Y,HEADING (mm, degrees clockwise from +y), e.g. "
             "xw=small@300,100,0; SIZE is small, medium, large or a huge ship's type, e.g. "
             "cr90=cr90corelliancorvette@457,300,0. Repeat for each ship.")
OBSTACLE_HELP = ("An obstacle as OBSTACLE_ID@X,Y,ROTATION, e.g. core2asteroid0@450,450,30. "
                 "Repeat for each obstacle.")


def _fail(message: str) -> typer.BadParameter:
    return typer.BadParameter(message)


def _numbers(text: str, count: int, what: str) -> list[float]:
    parts = text.split(",")
    if len(parts) != count:
        raise _fail(f"{what}: expected {count} comma-separated numbers, got {text!r}")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise _fail(f"{what}: {text!r} is not a list of numbers") from None
    if not all(math.isfinite(v) for v in values):
        raise _fail(f"{what}: {text!r} has a non-finite number")
    return values


def parse_ship(spec: str) -> Ship:
    """Parse ``ID=SIZE@X,Y,HEADING``."""
    ident, eq, rest = spec.partition("=")
    size_text, at, where = rest.partition("@")
    if not eq or not at or not ident.strip():
        raise _fail(f"--ship {spec!r}: expected ID=SIZE@X,Y,HEADING, e.g. xw=small@300,100,0")
    x, y, heading = _numbers(where, 3, f"--ship {spec!r}")
    if size_text.strip().lower() in HUGE_BASE_LENGTH:  # RR: APPENDIX: HUGE SHIPS
        return HugeShip.of_type(ident.strip(), Pose(x, y, heading), size_text.strip().lower())
    try:
        size = BaseSize.parse(size_text)
    except ValueError as exc:
        huge = ", ".join(sorted(HUGE_BASE_LENGTH))
        raise _fail(f"--ship {spec!r}: {exc} (or a huge ship's type: {huge})") from None
    return Ship(ident.strip(), Pose(x, y, heading), size)


def parse_obstacle(spec: str, taken: set[str]) -> Obstacle:
    """Parse ``OBSTACLE_ID@X,Y,ROTATION``; repeated outlines get a #2, #3 ... suffix."""
    outline, at, where = spec.partition("@")
    if not at:
        raise _fail(f"--obstacle {spec!r}: expected OBSTACLE_ID@X,Y,ROTATION")
    outline = outline.strip()
    try:
        obstacle_outline(outline)
    except KeyError as exc:
        raise _fail(f"--obstacle {spec!r}: {exc.args[0]}") from None
    x, y, rotation = _numbers(where, 3, f"--obstacle {spec!r}")
    ident, n = outline, 1
    while ident in taken:
        n += 1
        ident = f"{outline}#{n}"
    taken.add(ident)
    return Obstacle(ident, Pose(x, y, rotation), outline)


def build_table(ships: list[str], obstacles: list[str]) -> Table:
    parsed = [parse_ship(s) for s in ships]
    taken: set[str] = {s.id for s in parsed}
    if len(taken) != len(parsed):
        raise _fail("two --ship options use the same ID")
    placed = [parse_obstacle(o, taken) for o in obstacles]
    table = Table(ships=tuple(parsed), obstacles=tuple(placed))
    for piece in (*table.ships, *table.obstacles):
        if table.area.entirely_outside(piece.overlap_pieces):
            option = "--ship" if isinstance(piece, Ship) else "--obstacle"
            raise _fail(f"{option} {piece.id} at ({piece.pose.x:g}, {piece.pose.y:g}) lies "
                        f"wholly off the play area (0 to {table.area.width:g} mm each way)")
    return table


# ----------------------------------------------------------------------------- move
@dataclass
class _MoveResult:
    label: str
    right: float
    forward: float
    rotation: float
    outline: dict[str, object] | None
    note: str = ""


def _rounded(v: float) -> float:
    r = round(v, 6)
    return 0.0 if r == 0 else r


def move(
    size: str = typer.Option(..., "--size", help="Base size: small, medium or large."),
    maneuver: str = typer.Option(None, "--maneuver",
                                 help="A dial code: speed, bearing letter, optional "
                                      "difficulty letter (2N, 3K, 1E, 4FW ...; the letters "
                                      "are listed above)."),
    sideslip: bool = typer.Option(False, "--sideslip",
                                  help="Fly the bank or turn --maneuver as a sideslip."),
    barrel_roll_side: str = typer.Option(None, "--barrel-roll",
                                         help="Barrel roll to the left or right."),
    boost_direction: str = typer.Option(None, "--boost", help="Boost left, straight or right."),
    decloak: str = typer.Option(None, "--decloak",
                                help="Decloak: boost, left or right (a barrel roll)."),
    drop: str = typer.Option(None, "--drop",
                             help="Drop a device with this template code (1F, 1B, 2T ...)."),
    launch: str = typer.Option(None, "--launch",
                               help="Launch a device with this template code (1F, 5F ...)."),
    rotate: float = typer.Option(None, "--rotate", help="Rotate the ship by this many degrees."),
    position: str = typer.Option(None, "--position",
                                 help="front, middle or back: the barrel roll or decloak "
                                      "placement, or the Tallon roll placement."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
    outline: bool = typer.Option(False, "--outline",
                                 help="Also give the placed template's outline."),
) -> None:
    """Where one move leaves a ship, relative to where it started.

    Prints the final position of the base's centre as millimetres forward and to the right
    of the start, and the rotation in degrees clockwise. For --drop/--launch the position is
    the device's (the middle of its guides).

    A dial code (--maneuver, and the template of --drop and --launch) is a speed 0-5, a
    bearing letter and an optional difficulty letter, in upper or lower case. The speed
    must fit the template: straight 1-5, bank and turn 1-3. Bearings:

        F  straight               K  Koiogran turn
        B  bank left              N  bank right
        T  turn left              Y  turn right
        L  Segnor's loop left     P  Segnor's loop right
        E  Tallon roll left       R  Tallon roll right
        A  reverse bank left      D  reverse bank right
        S  reverse straight       O  stationary (speed 0 only)

    Difficulty: W white, R red, B blue, P purple; it does not change where the ship
    ends. The first letter is always the bearing: 3BR is a red 3 bank left, 1RR a red 1
    Tallon roll right. Examples:

        tallon move --size small --maneuver 2N
        tallon move --size small --maneuver 3TR
        tallon move --size medium --maneuver 2E --position front
        tallon move --size large --maneuver 1B --sideslip
        tallon move --size small --drop 1F
    """
    chosen = [n for n, v in (("--maneuver", maneuver), ("--barrel-roll", barrel_roll_side),
                             ("--boost", boost_direction), ("--decloak", decloak),
                             ("--drop", drop), ("--launch", launch), ("--rotate", rotate))
              if v is not None]
    if len(chosen) != 1:
        raise _fail("give exactly one of --maneuver, --barrel-roll, --boost, --decloak, "
                    f"--drop, --launch, --rotate (got {', '.join(chosen) or 'none'})")
    if sideslip and maneuver is None:
        raise _fail("--sideslip goes with --maneuver")
    if position is not None and chosen[0] not in ("--maneuver", "--barrel-roll", "--decloak"):
        raise _fail(f"--position goes with --barrel-roll, --decloak or a Tallon roll "
                    f"--maneuver, not {chosen[0]}")
    if rotate is not None and not -360 <= rotate <= 360:  # also refuses nan
        raise _fail(f"--rotate {rotate}: give degrees from -360 to 360")
    try:
        base = BaseSize.parse(size)
        origin = Pose(0.0, 0.0, 0.0)
        table = Table(ships=(Ship("ship", origin, base),))
        result = _perform(table, origin, maneuver, sideslip, barrel_roll_side,
                          boost_direction, decloak, drop, launch, rotate, position)
    except (ValueError, KeyError) as exc:
        raise _fail(str(exc.args[0] if exc.args else exc)) from None
    if as_json:
        data: dict[str, object] = {"forward": result.forward, "right": result.right,
                                   "rotation": result.rotation, "move": result.label}
        if outline:
            data["outline"] = result.outline
        typer.echo(json.dumps(data))
        return
    typer.echo(f"{result.label} ({base.value} base)")
    typer.echo(f"  forward  {result.forward:10.3f} mm")
    typer.echo(f"  right    {result.right:10.3f} mm")
    typer.echo(f"  rotation {result.rotation:10.3f} degrees clockwise")
    if result.note:
        typer.echo(f"  {result.note}")
    if outline and result.outline is not None:
        typer.echo(f"  template outline: {json.dumps(result.outline)}")


def _perform(table: Table, origin: Pose, maneuver: str | None, sideslip: bool,
             roll: str | None, boost_direction: str | None, decloak: str | None,
             drop: str | None, launch: str | None, rotate: float | None,
             position: str | None) -> _MoveResult:
    def result(label: str, final: Pose, described: dict[str, object] | None,
               note: str = "") -> _MoveResult:
        right, forward, rotation = final.relative_to(origin)
        return _MoveResult(label, _rounded(right), _rounded(forward), _rounded(rotation),
                           described, note)

    if maneuver is not None:
        parsed = Maneuver.parse(maneuver)
        outcome = execute_maneuver(table, "ship", parsed, sideslip=sideslip, position=position)
        described = outcome.full_template.describe(origin) if outcome.full_template else None
        label = f"[{parsed.code}]" + (" sideslip" if sideslip else "")
        if outcome.position:
            label += f" ({outcome.position})"
        return result(label, outcome.final, described)
    if roll is not None:
        attempt = barrel_roll(table, "ship", roll, position or "middle")
        rect = attempt.template_outline
        described = None
        if rect is not None:
            described = {"template": "[1 straight]", "shape": "rectangle",
                         "corners": [[_rounded(v) for v in origin.to_local(*p)] for p in rect]}
        return result(attempt.label, attempt.final, described)
    if boost_direction is not None:
        attempt = boost(table, "ship", boost_direction)
        described = attempt.template.describe(origin) if attempt.template else None
        return result(attempt.label, attempt.final, described)
    if decloak is not None:
        key = decloak.strip().lower()
        options = decloak_options(table, "ship")
        if key == "boost":
            chosen = options[0]
        elif key in ("left", "right"):
            wanted = f"barrel roll {key} {(position or 'middle').strip().lower()}"
            matches = [a for a in options if a.label == wanted]
            if not matches:
                raise ValueError(f"unknown decloak position {position!r}")
            chosen = matches[0]
        else:
            raise ValueError(f"unknown decloak {decloak!r}; expected boost, left or right")
        return result(f"decloak: {chosen.label}", chosen.final, None)
    if drop is not None or launch is not None:
        code = drop if drop is not None else launch
        assert code is not None
        placement = place_device(table, "ship", "device", code, launch=launch is not None)
        verb = "launch" if launch is not None else "drop"
        return result(f"{verb} a device with [{code}]", placement.device.pose,
                      placement.template.describe(origin),
                      "position of the middle of the device's guides")
    assert rotate is not None
    rotation = rotate_ship(table, "ship", rotate)
    return result(f"rotate {rotate:g} degrees", rotation.final, None)


# -------------------------------------------------------------------------- measure
def _format_range(value: int | None) -> str:
    return "-" if value is None else str(value)


def measure(
    ships: list[str] = typer.Option(..., "--ship", help=SHIP_HELP),
    obstacles: list[str] = typer.Option([], "--obstacle", help=OBSTACLE_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Range, arcs, attack ranges, obstruction and relative position for every ordered pair
    of ships, measured exactly."""
    table = build_table(ships, obstacles)
    for warning in _placement_warnings(table):
        typer.echo(f"warning: {warning}", err=True)
    records = [survey_pair(table, a.id, b.id)
               for a in table.ships for b in table.ships if a.id != b.id]
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in records], indent=2))
        return
    if not records:
        typer.echo("Nothing to measure: give at least two --ship options.")
        return
    for r in records:
        relation = r.relation.value.replace("_", " ") if r.relation else "beyond range 3"
        typer.echo(f"{r.target} from {r.ship}: range {r.range} ({r.distance:.3f} mm), "
                   f"{relation}")
        for arc in Arc:
            m = r.arcs[arc]
            if not m.in_arc:
                continue
            o = r.obstruction[arc]
            extra = ""
            if o is not None and o.obstructed:
                extra = f", obstructed by {', '.join(o.obstacles)}"
            elif o is not None and o.attacker_chooses:
                extra = f", attacker may choose to be obstructed by {', '.join(o.obstacles)}"
            if o is not None and o.objects:
                extra += f"; the line crosses {', '.join(o.objects)}"
            typer.echo(f"  in {arc.value.replace('_', ' ')} arc: attack range "
                       f"{_format_range(m.range)} ({m.distance:.3f} mm){extra}")


def _placement_warnings(table: Table) -> list[str]:
    warnings = []
    for ship in table.ships:
        if not table.area.contains_pieces(ship.overlap_pieces):
            warnings.append(f"{ship.id} is (partly) outside the play area")
        for other in ships_overlapped(table, ship):
            if ship.id < other:
                warnings.append(f"{ship.id} and {other} overlap")
    return warnings


# ----------------------------------------------------------------------------- draw
def draw(
    ships: list[str] = typer.Option(..., "--ship", help=SHIP_HELP),
    obstacles: list[str] = typer.Option([], "--obstacle", help=OBSTACLE_HELP),
    out: Path = typer.Option(Path("table.svg"), "--out", help="The SVG file to write."),
    maneuvers: list[str] = typer.Option([], "--maneuver",
                                        help="ID=CODE: draw that ship's maneuver (template "
                                             "and final position), e.g. xw=2N; the dial codes "
                                             "are in 'tallon move --help'; a huge ship's "
                                             "final position by its maneuver tool, e.g. "
                                             "cr90=2N. Repeatable."),
    range_bands: list[str] = typer.Option([], "--range-bands",
                                          help="Draw range 1-3 bands round this ship."),
    arcs: list[str] = typer.Option([], "--arcs", help="Shade this ship's front arc to range 3."),
    lines: bool = typer.Option(False, "--lines",
                               help="Draw the front-arc attack range line of each pair."),
) -> None:
    """Draw ships, obstacles, templates and range bands as an SVG."""
    table = build_table(ships, obstacles)
    drawing = Drawing(range_bands=list(range_bands), arcs=list(arcs))
    for spec in maneuvers:
        ident, eq, code = spec.partition("=")
        if not eq:
            raise _fail(f"--maneuver {spec!r}: expected ID=CODE, e.g. xw=2N")
        try:
            if table.ship(ident.strip()).huge:
                # RR: APPENDIX: HUGE SHIPS - the huge ship maneuver tool, not a template
                final = execute_huge_maneuver(table, ident.strip(), code.strip()).final
            else:
                outcome = execute_maneuver(table, ident.strip(), code.strip())
                final = outcome.final
                if outcome.full_template is not None:
                    drawing.templates.append(outcome.full_template)
        except (ValueError, KeyError) as exc:
            raise _fail(f"--maneuver {spec!r}: {exc.args[0]}") from None
        drawing.ghosts.append(table.ship(ident.strip()).at(final))
    for name in (*range_bands, *arcs):
        try:
            table.ship(name)
        except KeyError as exc:
            raise _fail(str(exc.args[0])) from None
    if lines:
        for a in table.ships:
            for b in table.ships:
                if a.id == b.id:
                    continue
                m = survey_pair(table, a.id, b.id).arcs[Arc.FRONT]
                if m.closest is not None:
                    start, end = m.closest.segment
                    drawing.lines.append((start, end, "#f7dc6f"))
    try:
        write_svg(str(out), table, drawing)
    except FileAccessError as error:
        raise fail(str(error)) from None
    typer.echo(f"wrote {out}")


def register(app: typer.Typer) -> None:
    app.command("move")(move)
    app.command("measure")(measure)
    app.command("draw")(draw)
