"""The table as the game page works with it: an interactive drawing, maneuver previews and
the roster of public card facts beside the table.

Everything here is public: positions, obstacles, each squad's cards (lists are open in
X-Wing). A maneuver preview is given only for the pending decision of the player asking,
for the ship that decision is about and a maneuver among its options, so that a preview
never measures what the player could not choose.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from tallon.data import load_cards
from tallon.engine import Game
from tallon.engine.loadout import ENERGY
from tallon.engine.missions_1e import is_shuttle
from tallon.engine.setup import remaining_obstacles
from tallon.engine.state import ShipState
from tallon.geometry.arcs import Arc
from tallon.geometry.constants import HUGE_BASE_LENGTH
from tallon.geometry.huge import resolve_huge_overlap
from tallon.geometry.movement import execute_maneuver
from tallon.geometry.pose import Pose
from tallon.geometry.table import HugeShip, Obstacle, Ship, Table
from tallon.geometry.templates import TemplateKind
from tallon.render.replay import player_colours
from tallon.render.svg import Drawing, draw_table, fmt, move_preview, template_svg

#: decisions whose options are maneuvers a preview can show
MANEUVER_DECISIONS = frozenset({"set_dial", "choose_maneuver", "slam_maneuver"})


ORIGIN = Pose(0.0, 0.0, 0.0)


class PreviewError(ValueError):
    """A preview the pending decision does not allow."""


def _arcs_of(ship: ShipState) -> tuple[Arc, ...]:
    arcs: list[Arc] = []
    for name, _ in ship.attacks:
        try:
            arc = Arc.parse(name)
        except ValueError:
            continue  # turret arcs: the indicator's arcs are added below
        if arc not in arcs:
            arcs.append(arc)
    arcs += [arc for arc in ship.turret + ship.turret2 if arc not in arcs]
    return tuple(arcs) or (Arc.FRONT,)


def _body_of(ship: ShipState, pose: Pose) -> Ship:
    """The ship's base at ``pose``: a huge ship's rectangle (HugeShip), else its size's
    square (a huge ship's ``size`` is LARGE: drawn by size it would be an 80 mm square)."""
    if ship.huge:
        return HugeShip.of_type(ship.id, pose, ship.ship_type)
    return Ship(ship.id, pose, ship.size)


#: decisions that place a ship the page lets the player drag (or shows as ghosts): setup,
#: a card's placement, a ship a huge ship overlapped put back in its rear arc
PLACING_SHIP = frozenset({"place_ship", "card_placement", "place_picked_up"})


def _pieces_to_place(game: Game, player: int) -> list[Ship | Obstacle]:
    """The ship or obstacles the player's pending placement may put on the table."""
    decision = game.decision
    if decision is None or decision.player != player:
        return []
    if decision.kind in PLACING_SHIP and decision.ship is not None:
        return [_body_of(game.state.ships[decision.ship], ORIGIN)]
    if decision.kind == "place_obstacle":
        return [Obstacle(outline, ORIGIN, outline)
                for outline in dict.fromkeys(remaining_obstacles(game))]
    return []


def _trails(game: Game, since: int) -> list[str]:
    """The templates of the maneuvers executed since the ``since``-th log event, each in
    a hidden group with the ship and its start (for the page to animate the move)."""
    found = []
    for event in game.log[max(since, 0):]:
        if event.get("kind") != "move" or "start" not in event or "maneuver" not in event:
            continue
        ship = game.state.ships.get(event["ship"])
        if ship is None:
            continue
        x, y, heading = event["start"]
        body = ""
        if not ship.huge:  # a huge ship flies the maneuver tool: no template to lay
            alone = Table(ships=(Ship(ship.id, Pose(x, y, heading), ship.size),))
            flown_on = TemplateKind(event["template"]) if "template" in event else None
            template = execute_maneuver(alone, ship.id, event["maneuver"],
                                        template=flown_on).full_template
            body = "" if template is None else template_svg(template)
        found.append(f'<g class="trail" data-ship="{escape(ship.id)}" '
                     f'data-start="{fmt(x)},{fmt(y)},{fmt(heading)}" '
                     f'data-maneuver="{escape(event["maneuver"])}" visibility="hidden">'
                     f'{body}</g>')
    return found


def board_svg(game: Game, player: int, since: int | None = None) -> str:
    """The table drawn to scale for the page: ships grouped with their poses, each ship's
    range bands and arcs ready to show on hover, the pieces ``player`` is placing, and
    the maneuvers executed since the ``since``-th log event (see :func:`_trails`)."""
    state = game.state
    arcs = {ship.id: _arcs_of(ship) for ship in state.ships_of() if ship.in_play}
    drawing = Drawing(ship_colours=player_colours(game), interactive=True, ship_arcs=arcs,
                      pieces=_pieces_to_place(game, player),
                      fragments=[] if since is None else _trails(game, since))
    return draw_table(state.table(), drawing)


def preview(game: Game, player: int, maneuver: str) -> dict[str, Any]:
    """Where the pending maneuver decision's ship would end if it executed ``maneuver``
    now: the template and base as an SVG fragment, and what it would meet."""
    decision = game.decision
    if decision is None or decision.player != player or \
            decision.kind not in MANEUVER_DECISIONS or decision.ship is None:
        raise PreviewError("a preview is given only for your pending maneuver decision")
    if maneuver not in decision.option_keys():
        raise PreviewError(f"{maneuver!r} is not among the maneuvers offered")
    table = game.state.table()
    ship = table.ship(decision.ship)
    colour = player_colours(game)[ship.id]
    if ship.huge:
        return _huge_preview(table, ship, maneuver, colour)
    outcome = execute_maneuver(table, decision.ship, maneuver)
    ghost = Ship(ship.id, outcome.final, ship.size)
    bumped = list(outcome.forced_by) if outcome.partial else []
    return {"ship": ship.id, "maneuver": maneuver,
            "svg": move_preview(outcome.full_template, ghost, colour),
            "final": {"x": outcome.final.x, "y": outcome.final.y,
                      "heading": outcome.final.heading},
            "partial": outcome.partial, "bumped": bumped, "fled": outcome.fled,
            "obstacles": list(outcome.hazards)}


def _huge_preview(table: Table, ship: Ship, maneuver: str, colour: str) -> dict[str, Any]:
    """A huge ship's preview (RR: APPENDIX: HUGE SHIPS): the maneuver tool lays no
    template; the ghost is where the move ends once lowered past other huge ships
    (``partial``, ``bumped``: the huge ships it would overlap), and ``overlaps`` lists
    the standard ships its base would land on."""
    resolution = resolve_huge_overlap(table, ship.id, maneuver)
    move = resolution.executed
    ghost = ship.at(move.final)
    return {"ship": ship.id, "maneuver": maneuver, "svg": move_preview(None, ghost, colour),
            "final": {"x": move.final.x, "y": move.final.y, "heading": move.final.heading},
            "partial": bool(resolution.huge_ships_overlapped),
            "bumped": list(resolution.huge_ships_overlapped), "fled": move.fled,
            "obstacles": [*move.obstacles, *move.devices],
            "overlaps": list(move.standard_ships)}


def roster(game: Game) -> list[dict[str, Any]]:
    """Each ship's printed facts (open information): pilot, ship, initiative, cost,
    attacks, agility, hull, shields, Force, actions, upgrades with their slots, and dial;
    a huge ship's base length, energy limit and engagement value."""
    cards = load_cards()
    found = []
    for ship in game.state.ships_of():
        upgrades = []
        for xws in ship.upgrades:
            card = cards.upgrade(xws) if cards.has_upgrade(xws) else None
            upgrades.append({"xws": xws, "name": card.name if card else xws,
                             "slot": card.slot if card else ""})
        found.append({
            "id": ship.id, "owner": ship.owner, "pilot": ship.pilot, "name": ship.name,
            "ship": ship.ship_type, "ship_name": _ship_name(ship, game),
            "size": ship.size.value, "initiative": ship.initiative,
            "cost": ship.cost, "attacks": [[arc, value] for arc, value in ship.attacks],
            "agility": ship.agility, "hull": ship.hull, "shields": ship.shield_limit,
            "force": ship.force_limit, "actions": [action.label for action in ship.actions],
            "upgrades": upgrades, "dial": list(ship.dial),
            # a huge ship's base, energy limit and engagement value (only then: other
            # ships' entries are as they were)
            **({"huge": True, "length": HUGE_BASE_LENGTH[ship.ship_type],
                "energy": ship.charges[ENERGY].limit if ENERGY in ship.charges else 0,
                "engagement": ship.engagement} if ship.huge else {}),
        })
    return found


def _ship_name(ship: ShipState, game: Game) -> str:
    cards = load_cards()
    if cards.has_ship(ship.ship_type):
        return cards.ship(ship.ship_type, game.state.player(ship.owner).faction).name
    if is_shuttle(ship):
        # a ship of no card: the first edition's Political Escort puts it on the table
        return "Senator's shuttle (Political Escort mission)"
    return ship.name  # another ship of no card data: its own name, never its type's id


__all__ = ["MANEUVER_DECISIONS", "PreviewError", "board_svg", "preview", "roster"]
