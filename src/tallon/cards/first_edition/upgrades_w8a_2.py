"""First edition, wave 8 (first half), continued from :mod:`upgrades_w8a`: the Shadow
Caster and Ketsu Onyo (crew) with their tractor beam tokens, Seismic Torpedo, Rigged Cargo
Chute and IG-88D. Descriptions are Tallon's own words; the rules sources are the first
edition's core rulebook, its reference cards and its FAQ (``FAQ (1e)``).

A tractor beam token follows the first edition's reference card through the ruleset
(``Ruleset.tractor_agility_per_token``, ``Ruleset.tractor_move_1e``): the "opposing player"
who may move a small ship receiving its first token of the round is the opponent of that
ship's player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recalled, remember, ship_options
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_w5a import enemies_within
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.upgrades_w5b_2 import sync_pilot_abilities
from tallon.cards.pilots.mg100starfortress import in_turret_arc
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.engine.abilities import CardAction, Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.devices import launch_obstacle, placement, remove_obstacle
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.state import ShipState, Token, opponent
from tallon.engine.steps import Then, continuation
from tallon.geometry import Arc, at_range, in_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Obstacle


def give_tractor(game: Game, ship: ShipState) -> None:
    """Assign ``ship`` 1 tractor beam token; the opposing player (reference card (1e)
    "Tractor Beam Token") may then move it."""
    gain_token(game, ship, Token.TRACTOR, applier=opponent(ship.owner))


# ------------------------------------------------------------------ Shadow Caster
SHADOW_CASTER = "1e-shadowcaster"


def _shadow_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker") or not ctx.event["hit"]:
        return False
    defender = ctx.other(ctx.event["defender"])
    return (defender.in_play and not defender.remote and in_turret_arc(ctx.ship, defender)
            and within_1e(ctx.ship, defender, 1, 2))


register("upgrade", SHADOW_CASTER,
         Triggered("tractor the defender", window="after_attack",
                   requirement=_shadow_applies,
                   effect=lambda ctx, choice: give_tractor(
                       ctx.game, ctx.other(ctx.event["defender"]))),
         description="Title (Lancer): after hitting a defender in its mobile arc within Range 1-2, "
                     "may give it a tractor beam token.")


# ------------------------------------------------------------- Ketsu Onyo (crew)
KETSU = "1e-ketsuonyo"
#: card memory: (round, the id of the enemy ship that keeps its tractor beam tokens)
KETSU_KEPT = f"{KETSU}:kept"


def _ketsu_targets(ctx: Ctx) -> list[ShipState]:
    # a ship without a tractor beam token would keep nothing: only the others are offered
    return [s for s in enemies_within(ctx.game, ctx.ship, 1, 2)
            if inside_firing_arc(ctx.ship, s) and s.has(Token.TRACTOR)]


def _ketsu_keep(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, KETSU_KEPT, (ctx.state.round, str(choice)))
    target = ctx.other(str(choice))
    ctx.game.event("ability", f"{target.name} ({target.id}) keeps its tractor beam tokens "
                   "this End phase", ship=ctx.ship.id)


def _ketsu_kept(game: Game, owner: ShipState, ship: ShipState | None = None,
                token: Token | None = None, **facts: Any) -> int:
    if ship is None or token is not Token.TRACTOR or \
            recalled(owner, KETSU_KEPT) != (game.state.round, ship.id):
        return 0
    return ship.count(Token.TRACTOR)


register("upgrade", KETSU,
         Triggered("keep tractor beams on an enemy in your firing arc "
                   "within Range 1-2", window="start_end_phase",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_ketsu_targets(ctx)),
                   choices=lambda ctx: ship_options(_ketsu_targets(ctx)), effect=_ketsu_keep),
         Modifier("the chosen ship keeps its tractor beam tokens",
                  hook="end_phase_kept_tokens", value=_ketsu_kept),
         description="Crew: End phase start, may pick an enemy within Range 1-2 in its firing arc; "
                     "that ship keeps its tractor beam tokens.")


# -------------------------------------------------------------- Seismic Torpedo
SEISMIC = "1e-seismictorpedo"


def _seismic_targets(ctx: Ctx) -> list[Obstacle]:
    """Obstacles at Range 1-2 (some part of them; touching is Range 1) and inside the
    ship's primary (front) firing arc."""
    body = ctx.ship.body
    if body is None:
        return []
    return [o for o in ctx.state.obstacles
            if at_range(body, o, 0, 2) and in_arc(body, o, Arc.FRONT)]


def _seismic(ctx: Ctx, choice: Any) -> None:
    game, ship = ctx.game, ctx.ship
    obstacle = next(o for o in ctx.state.obstacles if o.id == str(choice))
    discard_upgrade(game, ship, SEISMIC)
    order = ctx.state.player_order()
    every = list(ctx.state.ships)
    # every ship within Range 1 of the obstacle (its own included), in player order (ruling)
    hit = sorted((s for s in ctx.state.in_play() if not s.remote and s.body is not None
                  and at_range(obstacle, s.body, 0, 1)),
                 key=lambda s: (order.index(s.owner), every.index(s.id)))
    game.event("ability", f"{ship.name} ({ship.id}) fires its Seismic Torpedo at "
               f"{obstacle.id}", ship=ship.id)
    game.push(*(RollDice("attack", 1, "common.die_rolled",
                         (s.id, SEISMIC, "1e-seismictorpedo.rolled", (s.id,)), who=s.name)
                for s in hit),
              Then("1e-seismictorpedo.remove", (obstacle.id,)))


@continuation("1e-seismictorpedo.rolled")
def _seismic_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is Face.HIT:
        suffer_damage(game, ship, hits=1, cause="Seismic Torpedo")
    elif face is Face.CRIT:
        suffer_damage(game, ship, crits=1, cause="Seismic Torpedo")


@continuation("1e-seismictorpedo.remove")
def _seismic_remove(game: Game, _: Any, obstacle_id: str) -> None:
    if any(o.id == obstacle_id for o in game.state.obstacles):
        remove_obstacle(game, obstacle_id, "destroyed by a Seismic Torpedo")


register("upgrade", SEISMIC,
         CardAction("discard: blow up an obstacle within Range 1-2 in your primary arc", key="fire",
                    requirement=lambda ctx: bool(_seismic_targets(ctx)),
                    choices=lambda ctx: [Option(o.id, f"the obstacle {o.id}")
                                         for o in _seismic_targets(ctx)],
                    effect=_seismic),
         description="Torpedo. Action: discard this card to pick an obstacle within Range 1-2 in "
                     "its primary firing arc; every ship within Range 1 of it rolls an attack die "
                     "and suffers what it rolls (hit: damage, critical hit: critical damage); the "
                     "obstacle is then removed.")


# ------------------------------------------------------------ Rigged Cargo Chute
CHUTE = "1e-riggedcargochute"
#: the cargo token: a debris cloud obstacle (geometry/outlines.py "1ecargo")
CARGO = "1ecargo"
#: reference card (1e) "Using Cargo": dropped with the [1 straight] at the rear guides
CHUTE_TEMPLATE = "1F"


def _chute(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, CHUTE)
    # a ship under the token resolves the debris cloud's effects at once (place_obstacle)
    launch_obstacle(ctx.game, ctx.ship, CARGO, CHUTE_TEMPLATE, fuses=0, launch=False,
                    card=CHUTE)


register("upgrade", CHUTE,
         CardAction("discard this card: drop a cargo token", key="drop",
                    # ruling: only a drop that leaves the token inside the play area
                    requirement=lambda ctx: ctx.ship.body is not None and placement(
                        ctx.game, ctx.ship, CHUTE_TEMPLATE, CARGO, launch=False).allowed,
                    effect=_chute),
         description="Illicit (large ship). Action: discard this card, dropping a cargo token (a "
                     "debris cloud) with the [1 straight] template at its rear guides; a ship it "
                     "lands on suffers its effects at once.")


# -------------------------------------------------------------------- IG-88D
IG88D = "1e-ig88d"
IG2000 = "1e-ig2000"
#: card memory: the ids of the ships whose pilot ability IG-88D gave this ship
IG88D_SHARED = f"{IG88D}:shared"


def _equipped(ship: ShipState, card: str) -> bool:
    return any(kind == "upgrade" and xws == card for kind, xws, _ in ship.cards)


def _ig88d_wanted(game: Game, ship: ShipState) -> tuple[str, ...]:
    """The ships whose pilot ability the ship should have through IG-88D now: the other
    friendly ships with IG-2000 in play, but for one whose pilot ability a faceup Injured
    Pilot withholds (FAQ (1e), IG-2000). A ship with IG-2000 itself already has exactly
    those through its title."""
    if ship.removed or not _equipped(ship, IG88D) or _equipped(ship, IG2000):
        return ()
    return tuple(sorted(
        other.id for other in game.state.ships.values()
        if other.id != ship.id and not other.removed and other.body is not None
        and friendly(other, ship) and _equipped(other, IG2000)
        and not any(c.faceup and c.card.endswith("-injuredpilot") for c in other.damage)))


def _ig88d_out_of_step(ctx: Ctx) -> bool:
    return tuple(recalled(ctx.ship, IG88D_SHARED, ())) != _ig88d_wanted(ctx.game, ctx.ship)


def _ig88d_share(ctx: Ctx, choice: Any) -> None:
    sync_pilot_abilities(ctx.game, ctx.ship, IG88D_SHARED, _ig88d_wanted(ctx.game, ctx.ship))


def _ig88d_sync(window: str) -> Triggered:
    return Triggered("have the pilot abilities of the friendly ships with IG-2000",
                     window=window, optional=False, requirement=_ig88d_out_of_step,
                     effect=_ig88d_share)


register("upgrade", IG88D,
         # as IG-2000 does (upgrades_w5b_2): at the end of Setup, then whenever a pilot
         # ability may have come or gone (a ship removed takes its ability with it:
         # effects.remove_ship; a faceup Injured Pilot withholds it: FAQ (1e), IG-2000)
         _ig88d_sync("end_setup"), _ig88d_sync("damage_dealt_faceup"),
         _ig88d_sync("after_repair"), _ig88d_sync("after_attack"),
         _ig88d_sync("after_defend"), _ig88d_sync("start_round"),
         _ig88d_sync("start_activation"), _ig88d_sync("start_engagement"),
         _ig88d_sync("start_end_phase"),
         description="Crew: also gains the pilot abilities of every friendly ship "
                     "carrying the IG-2000 title.")


