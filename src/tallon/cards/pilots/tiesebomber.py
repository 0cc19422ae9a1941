"""TIE/se Bomber pilots (First Order) and the ship ability Pursuit Thrusters.

First Order Cadet and Sienar-Jaemus Test Pilot have no pilot ability: the ship ability is
all they need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, may_perform
from tallon.cards.common import (
    event_ship,
    is_in_arc,
    is_me,
    range_of,
    recalled,
    remember,
    remove_token_choice,
    ship_options,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.device import DEVICE_ROLL
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CancelResults, CardAbility
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.movement import MOVED_THROUGH
from tallon.engine.payloads import device, in_range_of
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

# ------------------------------------------------------------------ the ship ability
# RR: ACTIONS - an action a card grants is white unless the card says otherwise, even
# though the TIE/se's own boost is red
PURSUIT_BOOST = granted("boost", "white", "Pursuit Thrusters")

register("ship_ability", "Pursuit Thrusters",
         may_perform("perform a boost action", "system_phase", lambda ctx: (PURSUIT_BOOST,),
                     requirement=is_me, label="perform a white boost action", key="boost"),
         description="During the System Phase: may perform a (white) boost action.")


# ------------------------------------------------- "if you moved through" (Breach)
def records_moved_through(xws: str) -> Modifier:
    """The boosts of the card's ship remember the ships they moved through (the engine's
    hook ``records_moved_through``: kept only while such a card asks)."""
    return Modifier(f"{xws}: remember the ships a boost moved through",
                    hook="records_moved_through",
                    value=lambda game, owner, ship=None, **facts: ship is not None
                    and ship.id == owner.id)


def moved_through_now(ctx: Ctx) -> tuple[str, ...]:
    """RR: MOVE - the ships the ship moved through: those of the maneuver it just fully
    executed (after_execute), or of the boost action it just performed (after_action)."""
    if ctx.event.window == "after_execute":
        return tuple(ctx.event.get("moved_through", ())) if ctx.event.get("full") else ()
    if ctx.event.window == "after_action" and ctx.event.get("action") == "boost":
        return tuple(recalled(ctx.ship, MOVED_THROUGH, ()))
    return ()


def ships_moved_through(ctx: Ctx) -> list[ShipState]:
    ships = ctx.state.ships
    return [ships[i] for i in moved_through_now(ctx)
            if i in ships and ships[i].in_play and not ships[i].remote]


# ------------------------------------------------------------------------ Breach
def _breach_targets(ctx: Ctx) -> list[ShipState]:
    # RR: LOCK - a lock a card instructs is still limited to range 0-3
    return [s for s in ships_moved_through(ctx) if s.owner != ctx.ship.owner
            and (range_of(ctx.ship, s) or 0) <= 3 and can_lock(ctx.game, ctx.ship, s.id) is None]


def _breach(window: str) -> Triggered:
    return Triggered("acquire a lock on an enemy ship you moved through", window=window,
                     requirement=lambda ctx: is_me(ctx) and bool(_breach_targets(ctx)),
                     choices=lambda ctx: ship_options(_breach_targets(ctx)),
                     effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice))


register("pilot", "breach",
         records_moved_through("breach"), _breach("after_execute"), _breach("after_action"),
         description="After fully executing a maneuver or performing a boost action that "
                     "moved through an enemy ship: may acquire a lock on that ship.")


# ------------------------------------------------------------------------- Scorch
SCORCH = "scorch-tiesebomber"
#: the attack mark of a hit result spent with Scorch's ability (per Scorch ship)
SCORCH_MARK = "scorch:spent hit"


def _scorch_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState
                    ) -> bool:
    # RR: FRIENDLY - Scorch is a friendly ship at range 0 of himself
    near = range_of(owner, user)
    return (attack.primary and attack.attacker == user.id and friendly(user, owner)
            and near is not None and near <= 1)


def _scorch_spent(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    key = f"{ctx.ship.id}:{SCORCH_MARK}"
    attack.marks[key] = attack.marks.get(key, 0) + 1


def _scorch_strains(ctx: Ctx) -> bool:
    attack = ctx.attack
    return attack is not None and attack.defender == ctx.event["defender"] \
        and attack.marks.get(f"{ctx.ship.id}:{SCORCH_MARK}", 0) > 0


register("pilot", SCORCH,
         DiceMod("spend 1 hit result: the defender gains 1 strain token after defending",
                 dice=CardAbility(SCORCH, "Scorch (spend 1 hit result)",
                                  effect=CancelResults(Face.HIT), roles=ATTACKING),
                 applies=_scorch_applies, for_others=True, after=_scorch_spent),
         Triggered("the defender gains 1 strain token", window="after_defend",
                   optional=False, requirement=_scorch_strains,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRAIN,
                       applier=ctx.ship.owner)),
         description="While a friendly ship at range 0-1 (himself too) performs a primary "
                     "attack, it may spend 1 hit result; then after defending the defender "
                     "gains 1 strain token.")


# -------------------------------------------------------------------------- Dread
def _in_bullseye(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _dread(ctx: Ctx, choice: Any) -> None:
    for ship in _in_bullseye(ctx):
        gain_token(ctx.game, ship, Token.DEPLETE, applier=ctx.ship.owner)


register("pilot", "dread",
         Triggered("each ship in your bullseye arc gains 1 deplete token",
                   window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "reload"
                   and bool(_in_bullseye(ctx)),
                   effect=_dread),
         description="After a reload action: each ship in its bullseye arc, friendly or "
                     "enemy, gains 1 deplete token.")


# ------------------------------------------------------------------ Jul Jerjerrod
def _non_lock_red_or_orange(ctx: Ctx) -> list[Any]:
    # a lock on the ship is a red token too (RR: LOCK), which the card leaves out
    return [o for o in token_choices(ctx.game, ctx.ship, ("red", "orange"))
            if o.key.startswith("token:")]


register("pilot", "juljerjerrod",
         Triggered("spend 1 charge to remove 1 non-lock red or orange token",
                   window="after_action", cost=Cost(charges=1),
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "boost",
                   choices=_non_lock_red_or_orange,
                   effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship, choice)),
         description="After a boost action: may spend 1 charge (they are not recovered) to "
                     "remove 1 of its red or orange tokens other than a lock.")


# ------------------------------------------------------------------------- Grudge
def _grudge_faces(ctx: Ctx) -> tuple[Face, ...]:
    """The faces the ship just rolled for the device's effect, if the device is a friendly
    bomb or mine at range 0-2 of Grudge."""
    placed = device(ctx.game, ctx.event["device"])
    if placed is None or placed.owner != ctx.ship.owner or \
            ctx.ship.id not in {s.id for s in in_range_of(ctx.game, placed.id, 0, 2)}:
        return ()
    return tuple(Face(f) for f in recalled(event_ship(ctx), DEVICE_ROLL, ()))


def _grudge_choices(ctx: Ctx) -> list[Option]:
    faces = _grudge_faces(ctx)
    return [Option(face.label, f"reroll 1 {face.label} result")
            for face in sorted(set(faces))]


def _grudge(ctx: Ctx, choice: Any) -> None:
    roller = event_ship(ctx)
    ctx.game.now(RollDice("attack", 1, "grudge.rerolled", (roller.id, choice),
                          who=f"{roller.name} (Grudge)"))


@continuation("grudge.rerolled")
def _grudge_rerolled(game: Game, faces: tuple[Face, ...], ship_id: str, label: str) -> None:
    ship = game.state.ships[ship_id]
    kept = list(recalled(ship, DEVICE_ROLL, ()))
    old = next(f for f in Face if f.label == label)
    kept[kept.index(int(old))] = int(faces[0])
    remember(ship, DEVICE_ROLL, tuple(kept))
    game.event("roll", f"{ship.name} ({ship.id}) rerolls 1 {label} result (Grudge): "
               f"{faces[0].label}", ship=ship.id)


register("pilot", "grudge",
         Triggered("reroll 1 of the dice rolled for a friendly bomb or mine",
                   window="after_device_dice_rolled", choices=_grudge_choices, effect=_grudge),
         description="While a friendly bomb or mine within range 0-2 of him detonates: whenever "
                     "attack dice are rolled for its effect, he may reroll 1 of those dice.")
