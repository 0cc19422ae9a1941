"""SVG drawings of the table: ships with facing and arcs, obstacles, devices, templates,
range bands and measuring lines.

Geometry is drawn in table millimetres inside a group that flips y, so that the drawing
shows the table as the coordinate convention reads: x to the right, y up the page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from tallon.files import write_file
from tallon.geometry.arcs import Arc, ship_arc_halfplanes
from tallon.geometry.constants import RANGE_BAND_LENGTH
from tallon.geometry.outlines import ObstacleType
from tallon.geometry.polygons import Polygon, clip
from tallon.geometry.pose import Point, Pose
from tallon.geometry.sector import AnnularSector
from tallon.geometry.table import Device, Obstacle, Ship, Table
from tallon.geometry.templates import PlacedTemplate

OBSTACLE_FILL = {
    ObstacleType.ASTEROID: "#8d7b68",
    ObstacleType.DEBRIS_CLOUD: "#b0a18e",
    ObstacleType.GAS_CLOUD: "#9b7fc4",
    ObstacleType.ELECTRO_CHAFF_CLOUD: "#7fb0c4",
    ObstacleType.LOOSE_CARGO: "#c4a97f",
    ObstacleType.SPARE_PARTS: "#a9a9a9",
    ObstacleType.BLAZE: "#e07b39",
}
PALETTE = ("#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e")


@dataclass
class Drawing:
    """What to draw besides the table's objects."""

    templates: list[PlacedTemplate] = field(default_factory=list)
    range_bands: list[str] = field(default_factory=list)
    arcs: list[str] = field(default_factory=list)
    lines: list[tuple[Point, Point, str]] = field(default_factory=list)
    ship_colours: dict[str, str] = field(default_factory=dict)
    ghosts: list[Ship] = field(default_factory=list)
    title: str = ""
    #: for a page that works with the drawing: each ship and obstacle in its own group
    #: carrying its id and pose, each ship's range bands and arcs in a hidden group to show
    #: on hover, and ``pieces`` (ships and obstacles still to place) drawn at the origin in
    #: ``<defs>`` for the page to move about as ghosts (``#piece-<id>``)
    interactive: bool = False
    ship_arcs: dict[str, tuple[Arc, ...]] = field(default_factory=dict)
    pieces: list[Ship | Obstacle] = field(default_factory=list)
    #: SVG fragments in the table's frame, drawn over the templates and under the ships
    fragments: list[str] = field(default_factory=list)


def fmt(v: float) -> str:
    """A number as short as it reads (3 decimals at most), so drawings are deterministic."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _points(poly: Iterable[Point]) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in poly)


def _polygon(poly: Iterable[Point], style: str) -> str:
    return f'<polygon points="{_points(poly)}" {style}/>'


def _sector_path(s: AnnularSector) -> str:
    def at(r: float, a: float) -> str:
        return f"{fmt(s.cx + r * math.cos(a))} {fmt(s.cy + r * math.sin(a))}"

    large = 1 if s.sweep > math.pi else 0
    # in the y-up frame a positive sweep flag runs counter-clockwise
    return (f"M {at(s.r_out, s.a_lo)} A {fmt(s.r_out)} {fmt(s.r_out)} 0 {large} 1 "
            f"{at(s.r_out, s.a_hi)} L {at(s.r_in, s.a_hi)} A {fmt(s.r_in)} {fmt(s.r_in)} "
            f"0 {large} 0 {at(s.r_in, s.a_lo)} Z")


def _template(t: PlacedTemplate) -> str:
    style = 'fill="#f4d03f" fill-opacity="0.45" stroke="#9a7d0a" stroke-width="0.6"'
    if t.polygon is not None:
        return _polygon(t.polygon, style)
    assert t.sector is not None
    return f'<path d="{_sector_path(t.sector)}" {style}/>'


def _ship(ship: Ship, colour: str, ghost: bool = False) -> list[str]:
    out = []
    opacity = "0.35" if ghost else "0.9"
    base = ship.base
    t = ship.pose
    square = base.square_at(t)
    out.append(_polygon(square, f'fill="#1c2833" fill-opacity="{opacity}" stroke="{colour}" '
                                f'stroke-width="1.2"'))
    for guide in base.pieces_at(t)[1:]:
        out.append(_polygon(guide, f'fill="{colour}" fill-opacity="{opacity}"'))
    # front arc lines as printed on the token, from the centre to the base edge (a huge
    # base is a rectangle: the line ends on its front or side edge, whichever comes first)
    half, width = base.half, base.half_width
    (c1, s1, _), (c2, s2, _) = ship_arc_halfplanes(ship, Arc.FRONT)
    for nx, ny in ((c1, s1), (c2, s2)):
        # direction along the arc line (perpendicular to the unit normal)
        dx, dy = -ny, nx
        if dy < 0:
            dx, dy = -dx, -dy
        k = min(width / abs(dx) if dx else math.inf, half / abs(dy) if dy else math.inf)
        for sign in (1, -1):
            ex, ey = t.to_world(sign * dx * k, sign * dy * k)
            out.append(f'<line x1="{fmt(t.x)}" y1="{fmt(t.y)}" x2="{fmt(ex)}" '
                       f'y2="{fmt(ey)}" stroke="{colour}" stroke-width="0.5"/>')
    # the facing arrow, sized by the narrower side and moved up to the front edge (a
    # square's: by its half side, not moved)
    m = min(half, width)
    shift = half - m
    tip = t.to_world(0, m * 0.9 + shift)
    left = t.to_world(-m * 0.22, m * 0.2 + shift)
    right = t.to_world(m * 0.22, m * 0.2 + shift)
    out.append(_polygon((tip, left, right), f'fill="{colour}" fill-opacity="{opacity}"'))
    return out


def _arc_wedge(ship: Ship, colour: str) -> str:
    """The front arc out to range 3, lightly shaded."""
    t = ship.pose
    reach = ship.base.half + 3 * RANGE_BAND_LENGTH
    (c1, s1, _), _ = ship_arc_halfplanes(ship, Arc.FRONT)
    a_left = math.atan2(-c1, s1)  # angle from +forward of the left arc line
    points = [(t.x, t.y)]
    for k in range(25):
        a = a_left + (-2 * a_left) * k / 24
        points.append(t.to_world(reach * math.sin(a), reach * math.cos(a)))
    return _polygon(points, f'fill="{colour}" fill-opacity="0.08" stroke="{colour}" '
                            f'stroke-opacity="0.4" stroke-width="0.4"')


def _range_bands(ship: Ship, colour: str) -> list[str]:
    t = ship.pose
    # a huge base is a rectangle: its bands are rounded rectangles
    half, width = ship.base.half, ship.base.half_width
    out = []
    for n in (1, 2, 3):
        r = n * RANGE_BAND_LENGTH
        out.append(
            f'<rect x="{fmt(-width - r)}" y="{fmt(-half - r)}" width="{fmt(2 * (width + r))}" '
            f'height="{fmt(2 * (half + r))}" rx="{fmt(r)}" '
            f'transform="translate({fmt(t.x)} {fmt(t.y)}) rotate({fmt(-t.heading)})" '
            f'fill="none" stroke="{colour}" stroke-dasharray="4 3" stroke-width="0.6" '
            f'stroke-opacity="0.6"/>')
    return out


#: how many straight pieces approximate a quarter circle of a range band's corner
_CORNER_STEPS = 8


def _reach_outline(half: float, reach: float, width: float | None = None) -> Polygon:
    """In the ship's frame, the points within ``reach`` of a base of half length ``half``
    and half width ``width`` (a square's by default: a rounded square), counter-clockwise."""
    w = half if width is None else width
    points: list[Point] = []
    for cx, cy, start in ((w, half, 0.0), (-w, half, 90.0), (-w, -half, 180.0),
                          (w, -half, 270.0)):
        for k in range(_CORNER_STEPS + 1):
            a = math.radians(start + 90.0 * k / _CORNER_STEPS)
            points.append((cx + reach * math.cos(a), cy + reach * math.sin(a)))
    return tuple(points)


def _arc_regions(ship: Ship, arcs: Iterable[Arc], colour: str) -> list[str]:
    """Each arc out to range 3, as the rules measure it: the region of the arc's
    half-planes within range 3 of the base."""
    outline = _reach_outline(ship.base.half, 3 * RANGE_BAND_LENGTH, ship.base.half_width)
    out = []
    for arc in arcs:
        region = clip(outline, ship_arc_halfplanes(ship, arc))
        if len(region) < 3:
            continue
        world = tuple(ship.pose.to_world(x, y) for x, y in region)
        out.append(_polygon(world, f'class="arc" data-arc="{arc.value}" fill="{colour}" '
                                   f'fill-opacity="0.12" stroke="{colour}" '
                                   f'stroke-opacity="0.5" stroke-width="0.5"'))
    return out


def _attrs(pose: Pose) -> str:
    return f'data-x="{fmt(pose.x)}" data-y="{fmt(pose.y)}" data-heading="{fmt(pose.heading)}"'


def _interactive_ship(ship: Ship, colour: str, arcs: Iterable[Arc]) -> list[str]:
    reach = [*_range_bands(ship, colour), *_arc_regions(ship, arcs, colour)]
    # a huge ship's size is LARGE (the standard size as wide): its length tells it apart
    huge = f' data-huge="true" data-length="{fmt(ship.base.length)}"' if ship.huge else ""
    return [f'<g class="reach" data-ship="{escape(ship.id)}" visibility="hidden">',
            *reach, "</g>",
            f'<g class="ship" data-ship="{escape(ship.id)}" {_attrs(ship.pose)} '
            f'data-size="{ship.size.value}"{huge}>',
            *_ship(ship, colour), "</g>"]


def _piece_defs(pieces: Iterable[Ship | Obstacle]) -> list[str]:
    out = ["<defs>"]
    for piece in pieces:
        out.append(f'<g id="piece-{escape(piece.id)}">')
        if isinstance(piece, Ship):
            # at(): a huge ship's ghost keeps its rectangle
            out.extend(_ship(piece.at(Pose(0.0, 0.0, 0.0)), "#f7dc6f", ghost=True))
        else:
            out.append(_obstacle(Obstacle(piece.id, Pose(0.0, 0.0, 0.0), piece.outline_id)))
        out.append("</g>")
    out.append("</defs>")
    return out


def _attachments(o: Obstacle | Device) -> tuple[Polygon, ...]:
    """The placed guides or tab of a device (the last of its pieces)."""
    count = len(o.outline.attachments)
    return o.range_pieces[len(o.range_pieces) - count:] if count else ()


def _obstacle(o: Obstacle) -> str:
    # an obstacle that is also a device (electro-chaff cloud) shows its guides
    return "".join([_polygon(o.boundary, f'fill="{OBSTACLE_FILL[o.type]}" stroke="#4d4036" '
                                         f'stroke-width="0.6"'),
                    *(_polygon(g, 'fill="#4d4036"') for g in _attachments(o))])


def _device(d: Device) -> list[str]:
    # a group named after the device, with its id as the hover text (which bomb is which)
    out = [f'<g class="device" data-id="{escape(d.id)}"><title>{escape(d.id)}</title>',
           _polygon(d.boundary, 'fill="#d35400" fill-opacity="0.8" stroke="#6e2c00" '
                                'stroke-width="0.6"')]
    for guide in _attachments(d):
        out.append(_polygon(guide, 'fill="#6e2c00"'))
    out.append("</g>")
    return out


def draw_table(table: Table, drawing: Drawing | None = None, margin: float = 30.0) -> str:
    """The table as an SVG document."""
    drawing = drawing or Drawing()
    w, h = table.area.width, table.area.height
    colours = dict(drawing.ship_colours)
    for k, ship in enumerate(table.ships):
        colours.setdefault(ship.id, PALETTE[k % len(PALETTE)])
    body: list[str] = [
        f'<rect x="0" y="0" width="{fmt(w)}" height="{fmt(h)}" fill="#0b1320" '
        f'stroke="#5d6d7e" stroke-width="1"/>'
    ]
    for ship_id in drawing.range_bands:
        body.extend(_range_bands(table.ship(ship_id), colours[ship_id]))
    for ship_id in drawing.arcs:
        body.append(_arc_wedge(table.ship(ship_id), colours[ship_id]))
    if drawing.interactive:
        body.extend(_piece_defs(drawing.pieces))
        body.extend(f'<g class="obstacle" data-id="{escape(o.id)}" {_attrs(o.pose)}>'
                    f'{_obstacle(o)}</g>' for o in table.obstacles)
    else:
        body.extend(_obstacle(o) for o in table.obstacles)
    for d in table.devices:
        body.extend(_device(d))
    body.extend(_template(t) for t in drawing.templates)
    body.extend(drawing.fragments)
    for ghost in drawing.ghosts:
        body.extend(_ship(ghost, colours.get(ghost.id, "#95a5a6"), ghost=True))
    for ship in table.ships:
        if drawing.interactive:
            body.extend(_interactive_ship(ship, colours[ship.id],
                                          drawing.ship_arcs.get(ship.id, (Arc.FRONT,))))
        else:
            body.extend(_ship(ship, colours[ship.id]))
    for (x1, y1), (x2, y2), colour in drawing.lines:
        body.append(f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
                    f'stroke="{colour}" stroke-width="0.8"/>')
    labels = [
        f'<text x="{fmt(s.pose.x)}" y="{fmt(_label_y(s, h))}" '
        f'font-size="11" text-anchor="middle" fill="{colours[s.id]}" '
        f'font-family="sans-serif"{_label_of(s, drawing)}>{escape(s.id)}</text>'
        for s in table.ships
    ]
    labels += [
        f'<text x="{fmt(o.pose.x)}" y="{fmt(h - o.pose.y + 3)}" font-size="8" '
        f'text-anchor="middle" fill="#fdfefe" font-family="sans-serif">{escape(o.id)}</text>'
        for o in table.obstacles
    ]
    title = ""
    if drawing.title:
        title = (f'<text x="0" y="-10" font-size="14" fill="#1c2833" '
                 f'font-family="sans-serif">{escape(drawing.title)}</text>')
    view = f"{fmt(-margin)} {fmt(-margin)} {fmt(w + 2 * margin)} {fmt(h + 2 * margin)}"
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" '
        f'width="{fmt(w + 2 * margin)}" height="{fmt(h + 2 * margin)}">',
        f'<rect x="{fmt(-margin)}" y="{fmt(-margin)}" width="100%" height="100%" '
        f'fill="#fbfcfc"/>',
        title,
        f'<g id="table" transform="translate(0 {fmt(h)}) scale(1 -1)">',
        *body,
        "</g>",
        *labels,
        "</svg>",
    ])


def _label_y(ship: Ship, height: float) -> float:
    """Where a ship's label sits on the page (y down): just above its base. A huge base
    is long: its label clears the top of the rectangle as it lies, not a circle round it
    (which would float it a hundred millimetres off a broadside ship)."""
    top = max(y for _, y in ship.base.square_at(ship.pose)) if ship.huge else \
        ship.pose.y + ship.base.half
    return height - top - 6


def _label_of(ship: Ship, drawing: Drawing) -> str:
    return f' class="label" data-ship="{escape(ship.id)}"' if drawing.interactive else ""


def ship_layer(ships: Iterable[Ship], colours: dict[str, str], height: float,
               pieces: Iterable[Obstacle | Device] = ()) -> str:
    """Ships, and the ``pieces`` placed during the game under them (remotes and devices
    that are obstacles), as an SVG fragment: a group in the flipped table frame and the
    ships' labels (for pages that redraw them over a fixed board)."""
    ships = list(ships)
    body: list[str] = []
    for piece in pieces:
        if isinstance(piece, Obstacle):
            body.append(_obstacle(piece))
        else:
            body.extend(_device(piece))
    body += [part for ship in ships for part in _ship(ship, colours[ship.id])]
    labels = [
        f'<text x="{fmt(s.pose.x)}" y="{fmt(_label_y(s, height))}" '
        f'font-size="11" text-anchor="middle" fill="{colours[s.id]}" '
        f'font-family="sans-serif">{escape(s.id)}</text>'
        for s in ships
    ]
    return (f'<g transform="translate(0 {fmt(height)}) scale(1 -1)">' + "".join(body)
            + "</g>" + "".join(labels))


def template_svg(template: PlacedTemplate) -> str:
    """A placed template as an SVG fragment in the table's frame."""
    return _template(template)


def move_preview(template: PlacedTemplate | None, ghost: Ship, colour: str) -> str:
    """A template and the ship's base where it ends, as an SVG fragment in the table's
    frame (for a page to lay over its drawing's ``#table`` group)."""
    parts = [] if template is None else [_template(template)]
    return "".join([*parts, *_ship(ghost, colour, ghost=True)])


def write_svg(path: str, table: Table, drawing: Drawing | None = None) -> None:
    """Write the drawing to ``path`` (:class:`tallon.files.FileAccessError` if it cannot)."""
    write_file(path, draw_table(table, drawing))


__all__: Sequence[str] = ("Drawing", "draw_table", "move_preview", "template_svg",
                        "write_svg")
