"""The Commando Team remote and the crew cards that drop it (RR: OBJECTS: REMOTES - Commando
Team, RR: REMOTES, RR: DEVICE, RR: STRAIN).

Each of the five commando crew cards (one per faction) drops its own Commando Team remote
in the System Phase, spending one of its two charges, which are never recovered; the team
may be set with its rear guides (facing away from the ship) or its front guides (facing
the ship) at the template's end. Its remote card, registered under the remote's id (the
device's name: ``clanwrencommandos``, ...), plays the rest: at the start of the Activation
Phase it may relocate forward; when it engages it may spend one of its own charges to
perform its primary front arc attack at range 1-2 (its arcs are measured from its token:
:func:`tallon.geometry.arcs.arc_origin`), changing 1 focus result to a hit; enemy ships
overlapping it, or that it is placed under, gain a strain token.

Drop-Seat Bay (Gauntlet Fighter) lets a ship drop a crew remote with a bank template of the
dropping template's speed instead of a straight one, at its rear guides or with the
template's middle line on a side hashmark (hook ``device_templates``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, is_me, ships_in_range
from tallon.cards.registry import register
from tallon.cards.upgrades.device import unrecoverable
from tallon.data import load_cards
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.attack import DeclareAttack
from tallon.engine.decisions import Option
from tallon.engine.devices import (
    can_place_device,
    device_steps,
    device_templates,
    parse_template_key,
    placement,
    placement_words,
    put_remote,
    relocate_remote,
    relocation_pose,
    remote_kind,
    split_code,
    template_key,
    template_name,
)
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import cannot_attack, valid_targets
from tallon.geometry import Bearing, Device, Maneuver, Pose
from tallon.geometry.outlines import device_outline, front_edge
from tallon.geometry.overlap import objects_overlapped, ships_overlapped

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: The five crew cards; each drops the remote named after it (remote_kind).
COMMANDO_CREWS = ("clanwrencommandos", "deathwatchcommandos", "imperialsupercommandos",
                  "mandaloriansupercommandos", "niteowlcommandos")
#: The template the crew cards drop the team with.
DROP = ("1F",)
#: RR: OBJECTS: REMOTES (Commando Team) - the templates it relocates forward with at the
#: start of the Activation Phase: [1 bank left], [2 straight], [1 bank right] (ruling: the
#: RR's symbols; the card data's text names turns).
RELOCATIONS = ("1B", "2F", "1N")
GUIDES = ("rear", "front")


# --------------------------------------------------------------------- dropping it
def front_guides_pose(pose: Pose, outline: str) -> Pose:
    """The pose of a device set with its front guides where ``pose`` (the usual way, its
    rear guides at the template's end) would put its rear guides: turned round, its body
    reaching away from the template."""
    return pose.rotated(180.0).moved(forward=-front_edge(device_outline(outline)))


def _spot(game: Game, ship: ShipState, card: str, code: str, launched: bool, guides: str
          ) -> tuple[Pose, bool]:
    """Where the team lands with placement ``code`` and the guides it is set with, and
    whether it lies wholly inside the play area (RR: DEVICE: it can't be placed
    otherwise)."""
    outline = remote_kind(card)
    pose = placement(game, ship, code, outline, launched).device.pose
    if guides == "front":
        pose = front_guides_pose(pose, outline)
    body = Device("(placing)", pose, outline)
    return pose, game.state.table().area.contains_pieces(body.overlap_pieces)


def _drop_choices(ctx: Ctx) -> list[Option]:
    """Each placement (the [1 straight] template at the rear guides, and those the ship's
    cards add) with each set of the team's guides, where it fits in the play area; keys
    ``<placement key>/<guides>``."""
    if not is_me(ctx) or not can_place_device(ctx.game, ctx.ship):
        return []
    found = []
    for code, launched in device_templates(ctx.game, ctx.ship, ctx.card, DROP, False):
        if split_code(code)[0] not in (None, "left", "right"):
            continue  # placed by hand, not with a template: no guides to choose
        for guides in GUIDES:
            if _spot(ctx.game, ctx.ship, ctx.card, code, launched, guides)[1]:
                words = placement_words(code, launched, "the team")
                words = words.replace("drops ", "drop ", 1).replace("launches ", "launch ", 1)
                found.append(Option(f"{template_key(code, launched, False)}/{guides}",
                                    f"{words}, its {guides} guides at the template's end"))
    return found


def _drop(ctx: Ctx, choice: Any) -> None:
    key, _, guides = str(choice).rpartition("/")
    code, launched = parse_template_key(key, False)
    pose, _ = _spot(ctx.game, ctx.ship, ctx.card, code, launched, guides)
    put_remote(ctx.game, ctx.ship, ctx.card, pose, code, launched,
               f", its {guides} guides at the template's end")


for _crew in COMMANDO_CREWS:
    register("upgrade", _crew,
             Triggered("spend 1 charge: drop a Commando Team remote with the [1 straight] "
                       "template", window="system_phase", cost=Cost(charges=1),
                       requirement=lambda ctx: bool(_drop_choices(ctx)),
                       choices=_drop_choices, effect=_drop, decision="launch_device"),
             unrecoverable(_crew),
             description="2 charges, never recovered. During the System Phase: may spend 1 "
                         "charge to drop a Commando Team remote with the [1 straight] "
                         "template, set with its front or its rear guides at the template's "
                         "end.")


# ------------------------------------------------------------------- the remote
def _enemy_ship(team: ShipState, other: ShipState | None) -> bool:
    return other is not None and other.in_play and not other.remote \
        and other.owner != team.owner


def _overlapped_by_enemy(ctx: Ctx) -> bool:
    """An enemy ship met this team and overlaps it now (moving through it is not
    overlapping it; a team placed under the ship is overlapped by it)."""
    team = ctx.ship
    mover = ctx.state.ships.get(ctx.event.get("ship"))
    if ctx.event.get("device") != team.id or not team.in_play or \
            not _enemy_ship(team, mover):
        return False
    assert mover is not None and mover.body is not None and team.body is not None
    return bool(objects_overlapped([team.body], mover.body))


def _strain(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.other(ctx.event["ship"]), Token.STRAIN, applier=ctx.ship.owner)


def forward_relocations(game: Game, team: ShipState, codes: tuple[str, ...]
                        ) -> list[Option]:
    """Each template of ``codes`` laid at the remote's front guides (keys
    ``front:<template>``, as a DRK-1 probe droid's); one that would leave it partly outside
    the play area is offered too, and makes it flee (RR: RELOCATING REMOTES). Pre Vizsla's
    relocation (commando_2.py) uses it as well."""
    if not team.in_play:
        return []
    area = game.state.table().area
    found = []
    for code in codes:
        body = Device(team.id, relocation_pose(team, code), team.outline)
        flees = not area.contains_pieces(body.overlap_pieces)
        found.append(Option(f"front:{code}", f"relocate forward with the "
                            f"{template_name(code)} template"
                            + (" (outside the play area: it flees)" if flees else "")))
    return found


def relocate_forward(game: Game, team: ShipState, choice: Any) -> None:
    """Relocate the remote with the template of a :func:`forward_relocations` answer."""
    code = str(choice).partition(":")[2]
    # RR: OBJECTS: REMOTES (Commando Team) - it may land overlapping objects; a ship it
    # lands under is on top of it, and overlaps it
    relocate_remote(game, team, relocation_pose(team, code),
                    f"forward with the {template_name(code)} template")
    if not team.in_play:
        return  # it fled
    assert team.body is not None
    order = game.state.player_order()
    under = sorted(ships_overlapped(game.state.table(), team.body),
                   key=lambda i: order.index(game.state.ships[i].owner))
    game.push(*device_steps(game, under, team.id))


def _relocations(ctx: Ctx) -> list[Option]:
    return forward_relocations(ctx.game, ctx.ship, RELOCATIONS)


def _relocate(ctx: Ctx, choice: Any) -> None:
    relocate_forward(ctx.game, ctx.ship, choice)


def _can_attack(ctx: Ctx) -> bool:
    """Its engagement: a charge to spend, no enemy ship at range 0, and a target in
    reach."""
    team, game = ctx.ship, ctx.game
    if not is_me(ctx) or not team.in_play or team.charges[ctx.card].active < 1 or \
            ships_in_range(game, team, 0, 0, friendly=False):
        return False
    return cannot_attack(game, team) is None and bool(valid_targets(game, team))


def _attack(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(DeclareAttack(ctx.ship.id))


def _spends(ctx: Ctx, choice: Any) -> None:
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 1 charge to attack",
                   ship=ctx.ship.id)


def _attacking(game: Game, attack: Any, owner: ShipState, user: ShipState) -> bool:
    return attack.attacker == owner.id and user.id == owner.id


def _team_abilities(kind: str) -> tuple[Any, ...]:
    return (
        Triggered("an enemy ship overlapping the team gains 1 strain token",
                  window="after_device_met", optional=False,
                  requirement=_overlapped_by_enemy, effect=_strain),
        Triggered("relocate forward with a [1 bank left], [2 straight] or [1 bank right] "
                  "template", window="start_activation",
                  requirement=lambda ctx: bool(_relocations(ctx)), choices=_relocations,
                  effect=_relocate, decision="relocate_remote"),
        Triggered("it may perform a primary attack", window="engage", optional=False,
                  requirement=_can_attack, effect=_attack),
        # ruling: the charge is spent as the attack is declared (not for declining it)
        Triggered("spend 1 charge for the attack", window="defender_declared",
                  optional=False, cost=Cost(charges=1),
                  requirement=lambda ctx: is_me(ctx, "attacker"), effect=_spends),
        DiceMod("change 1 focus result to a hit result",
                dice=dice(kind),
                applies=_attacking),
    )


for _crew in COMMANDO_CREWS:
    register("remote", _crew, *_team_abilities(_crew),
             description="Commando Team remote (initiative 2, agility 2, hull 2, 2 charges "
                         "never recovered). At the start of the Activation Phase its "
                         "controller may relocate it forward with a [1 bank left], [2 "
                         "straight] or [1 bank right] template, even onto objects. When it "
                         "engages, with no enemy ship at range 0, it may spend 1 charge to "
                         "perform its primary front arc attack (2 dice, range 1-2, no range "
                         "bonus), and may change 1 focus result to a hit. An enemy ship that "
                         "overlaps it, or that it is placed under, gains 1 strain token.")


# ------------------------------------------------------------------ Drop-Seat Bay
def _crew_remote(card: str) -> bool:
    upgrade = load_cards().upgrade(card)
    device = upgrade.front.device
    return upgrade.slot == "crew" and device is not None and device.type == "remote"


def _bank_drops(game: Game, owner: ShipState, card: str, templates: tuple[str, ...],
                launch: bool) -> list[tuple[str, bool]]:
    """For each straight template a crew remote would be dropped with: the bank templates
    of its speed, at the rear guides or set at either side's hashmark."""
    if launch or not _crew_remote(card):
        return []
    found = []
    for code in templates:
        if split_code(code)[0] is not None:
            continue
        maneuver = Maneuver.parse(code)
        if maneuver.bearing is not Bearing.STRAIGHT:
            continue
        for bank in (f"{maneuver.speed}B", f"{maneuver.speed}N"):
            found += [(bank, False), (f"left:{bank}", False), (f"right:{bank}", False)]
    return found


register("upgrade", "dropseatbay",
         Modifier("drop a crew remote with a bank template instead of a straight one, at the "
                  "rear guides or a side hashmark", hook="device_templates", value=_bank_drops),
         description="Dropping a crew remote with a straight template, the ship may use a "
                     "bank template of that speed instead, laid at its rear guides or with "
                     "the template's middle line on its left or right side hashmark. (The "
                     "slot changes are the card's printed grants.)")
