"""TIE/in Interceptor pilots (Galactic Empire), with their standard-loadout versions, and the
ship abilities Autothrusters and Sensitive Controls. Alpha Squadron Pilot and Saber
Squadron Ace have no ability text."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, during_activation, grant_action, granted
from tallon.cards.common import (
    attacking,
    defending,
    enemy_in_arc,
    is_me,
    range_of,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.guarding import prevent_one_damage
from tallon.cards.pilots.starviperclassattackplatform import BANKED_BARREL_ROLLS
from tallon.cards.registry import register
from tallon.cards.shared_rules import GIDEON_HASK
from tallon.data import load_cards
from tallon.engine.abilities import CardAction, Cost, Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, remove_token
from tallon.engine.movement import reposition, reposition_fails, roll_positions
from tallon.engine.rounds import Sweep
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc, boost

SHIP = "tieininterceptor"

AUTOTHRUSTERS = (granted("barrel_roll", "red", "Autothrusters"),
                 granted("boost", "red", "Autothrusters"))
SENSITIVE_ACTIONS = (granted("barrel_roll", "red", "Sensitive Controls"),
                     granted("boost", "red", "Sensitive Controls"))


# ------------------------------------------------------------- ship abilities
# RR: ACTIONS - a granted action need not be on the bar; a stressed ship can't take the red
# one, so the ability can't chain after its own red action
register("ship_ability", "Autothrusters",
         grant_action("perform a red barrel roll or red boost action", "after_action",
                      lambda ctx: list(AUTOTHRUSTERS), requirement=is_me),
         description="After performing an action: may perform a red barrel roll or a red "
                     "boost action.")

register("ship_ability", "Sensitive Controls",
         grant_action("perform a red barrel roll or red boost action", "system_phase",
                      lambda ctx: list(SENSITIVE_ACTIONS), requirement=is_me),
         description="During the System Phase: may perform a red barrel roll or a red boost "
                     "action.")
# the configuration's only text is its ship ability, which the engine gives the ship
# instead of Autothrusters (engine/loadout.py build_ship)
register("upgrade", "sensitivecontrols",
         description="Its ship ability becomes Sensitive Controls instead of Autothrusters.")


# --------------------------------------------------------------------- pilots
def _soontir(ctx: Ctx) -> bool:
    return enemy_in_arc(ctx.game, ctx.ship, Arc.BULLSEYE)


register("pilot", "soontirfel",
         Triggered("gain 1 focus token", window="start_engagement", optional=False,
                   requirement=_soontir,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="At the start of the Engagement Phase, with an enemy ship in its bullseye "
                     "arc: gains 1 focus token.")

TURR_ACTIONS = (granted("barrel_roll", "white", "turrphennir"),
                granted("boost", "white", "turrphennir"))

register("pilot", "turrphennir",
         grant_action("perform a barrel roll or boost action, even while stressed",
                      "after_attack", lambda ctx: list(TURR_ACTIONS),
                      requirement=lambda ctx: is_me(ctx, "attacker"), even_stressed=True),
         description="After attacking: may perform a barrel roll or a boost action, even "
                     "while stressed.")


def _ciena_lost(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, lost)
    return (lost.id != ctx.ship.id and friendly(lost, ctx.ship) and near is not None
            and near <= 3 and ctx.ship.stressed)


register("pilot", "cienaree",
         Triggered("gain 1 stress token", window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and ctx.other(ctx.event["defender"]).destroyed,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.STRESS)),
         Triggered("remove 1 stress token", window="after_destroyed", optional=False,
                   requirement=_ciena_lost,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.STRESS)),
         description="After an attack that destroyed the defender: gains 1 stress token. "
                     "After another friendly ship at range 0-3 is destroyed: removes 1 stress "
                     "token.")


register("pilot", "gideonhask-tieininterceptor", GIDEON_HASK,
         description="Attacking a damaged defender: 1 more attack die.")


def _vult_recover(ctx: Ctx, choice: Any) -> None:
    charge = ctx.ship.charges[ctx.card]
    charge.active = min(charge.limit, charge.active + 1)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge",
                   ship=ctx.ship.id)


def _vult_charge_spent(ctx: Ctx) -> bool:
    charge = ctx.ship.charges.get(ctx.card)
    return charge is not None and charge.active < charge.limit


VULT = (
    # RR: PAYING COSTS - no strain for nothing: only with its charge spent
    CardAction("gain 1 strain token to recover 1 charge", cost=Cost(gain=(("strain", 1),)),
               requirement=_vult_charge_spent, effect=_vult_recover),
    grant_action("spend 1 charge to perform an action", "before_engage",
                 lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx)),
                 requirement=is_me, cost=Cost(charges=1)))
# his TIE/D Defender printing has the same text: the same ability objects
for _xws in ("vultskerris-tieininterceptor", "vultskerris"):
    register("pilot", _xws, *VULT,
             description="Action: gain 1 strain token to recover 1 charge. Before engaging: "
                         "may spend 1 charge to perform an action.")

GORAN_FOCUS = granted("focus", "red", "commandantgoran")


def _goran_applies(ctx: Ctx) -> bool:
    mover = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, mover)
    return (not ctx.event.get("full") and friendly(mover, ctx.ship)
            and mover.current_initiative < ctx.ship.current_initiative
            and near is not None and near <= 3)


register("pilot", "commandantgoran",
         grant_action("that ship may perform a red focus action", "after_execute",
                      lambda ctx: [GORAN_FOCUS], requirement=_goran_applies,
                      actor=lambda ctx: ctx.other(ctx.event["ship"])),
         description="After a friendly ship within range 0-3 whose initiative is below his "
                     "partially executes a maneuver: that ship may perform a focus action, treated "
                     "as red.")


register("pilot", "lieutenantlorrir", BANKED_BARREL_ROLLS,
         description="His barrel rolls must use the [1 bank left] or [1 bank right] template "
                     "instead of [1 straight] (curving forward or backward).")

# --------------------------------------------------------------- Nash Windrider
NASH_STEP = "nashwindrider:engages"


def _current_step(game: Any) -> int | None:
    """The initiative step of the Engagement Phase now (the sweep's, once a ship engaged)."""
    for step in reversed(game.stack):
        if isinstance(step, Sweep) and step.phase == "engagement":
            return step.last_initiative
    return None


def _nash_applies(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, lost)
    return (ctx.state.phase == "engagement" and friendly(lost, ctx.ship)
            and lost.size.value == "small" and not lost.engaged and near is not None
            and near <= 3 and _current_step(ctx.game) is not None)


def _nash(ctx: Ctx, choice: Any) -> None:
    lost = ctx.other(ctx.event["ship"])
    step = _current_step(ctx.game)
    held = dict(recalled(ctx.ship, NASH_STEP) or ())
    held[lost.id] = (ctx.state.round, step)
    remember(ctx.ship, NASH_STEP, tuple(sorted(held.items())))
    ctx.game.event("ability", f"{lost.name} ({lost.id}) engages at initiative {step}",
                   ship=lost.id)


def _nash_step(game: Any, owner: ShipState, ship: ShipState | None = None,
               **facts: Any) -> int | None:
    if ship is None:
        return None
    held = dict(recalled(owner, NASH_STEP) or ()).get(ship.id)
    if held is None or held[0] != game.state.round:
        return None
    return held[1]


register("pilot", "nashwindrider",
         # RR: SIMULTANEOUS FIRE - the destroyed ship is not removed before it engages
         Triggered("spend 1 charge: that ship engages at the current initiative",
                   window="after_destroyed", cost=Cost(charges=1),
                   requirement=_nash_applies, effect=_nash),
         Modifier("the ship engages at the current initiative", hook="engage_initiative",
                  value=_nash_step),
         description="In the Engagement Phase, after the destruction of a friendly small ship "
                     "within range 0-3 that has not engaged this phase: may spend 1 charge; that "
                     "ship then engages at the current initiative.")


# ------------------------------------------------------------ Battle of Yavin
def _is_tie(ship: ShipState) -> bool:
    return "TIE" in load_cards().pilot(ship.pilot).keywords


def _iden_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    target = ctx.other(facts["ship"])
    near = range_of(ctx.ship, target)
    return (facts["hits"] + facts["crits"] > 0 and friendly(target, ctx.ship)
            and not target.remote and _is_tie(target) and near is not None and near <= 1)


register("pilot", "idenversio-battleofyavin",
         prevent_one_damage("spend 2 charges to prevent 1 damage", _iden_applies,
                            Cost(charges=2)),
         description="Before a friendly TIE at range 0-1 (her too) would suffer damage: may "
                     "spend 2 charges to prevent 1 of it.")

register("pilot", "sigma4-battleofyavin",
         grant_action("spend 1 charge to perform a boost action", "after_action",
                      lambda ctx: [granted("boost", "white", "sigma4-battleofyavin")],
                      requirement=lambda ctx: is_me(ctx)
                      and ctx.event.get("action") == "barrel_roll", cost=Cost(charges=1)),
         description="After a barrel roll action: may spend 1 charge to perform a boost "
                     "action.")

register("pilot", "sigma5-battleofyavin",
         grant_action("spend 1 charge to perform an evade action", "after_attack",
                      lambda ctx: [granted("evade", "white", "sigma5-battleofyavin")],
                      requirement=lambda ctx: is_me(ctx, "attacker")
                      and bool(ctx.event.get("hit")), cost=Cost(charges=1)),
         description="After an attack that hits: may spend 1 charge to perform an evade "
                     "action.")

register("pilot", "sigma6-battleofyavin",
         grant_action("spend 1 charge to perform a SLAM action", "after_execute",
                      lambda ctx: [granted("slam", "white", "sigma6-battleofyavin")],
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                      and 3 <= ctx.event.get("speed", 0) <= 5, cost=Cost(charges=1)),
         description="After fully executing a speed 3-5 maneuver: may spend 1 charge to "
                     "perform a SLAM action.")


def _sigma7_targets(ctx: Ctx) -> list[Option]:
    return ship_options(s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
                        if can_lock(ctx.game, ctx.ship, s.id) is None)


register("pilot", "sigma7-battleofyavin",
         # RR: LOCK - acquiring a lock, not the lock action
         Triggered("spend 1 charge to lock an enemy ship at range 0-1", window="system_phase",
                   requirement=is_me, cost=Cost(charges=1), choices=_sigma7_targets,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice)),
         description="During the System Phase: may spend 1 charge and then acquire a lock on one "
                     "enemy ship within range 0-1.")


# ---------------------------------------------------------------- Second Sister
def _sister_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (attack is not None and attacking(attack, ctx.ship) and attack.hit
            and attack.hits > 0)


def _sister(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.crits += attack.hits
    attack.hits = 0
    ctx.game.event("neutralize", f"Second Sister changes her hit results to critical hit "
                   f"results: {attack.hits} hit(s), {attack.crits} critical hit(s) uncanceled",
                   ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)


register("pilot", "secondsister",
         Triggered("spend 2 Force: change all hit results to critical hit results",
                   window="after_neutralize", cost=Cost(force=2),
                   requirement=_sister_applies, effect=_sister),
         description="Attacking, after Neutralize Results, if the attack hit: may spend 2 "
                     "Force to change all its hit results to critical hit results.")


# ----------------------------------------------------------- Battle over Endor
def _sapphire(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    # RR: FOCUS - a ship with a focus token is focused
    return 1 if defending(attack, owner) and owner.has(Token.FOCUS) else 0


register("pilot", "sapphire2-battleoverendor",
         Modifier("1 more defense die while focused", hook="defense_dice", value=_sapphire),
         description="Defending while focused: 1 more defense die.")

register("pilot", "mausmonare-battleoverendor",
         Triggered("gain 1 calculate token", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "evade",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="After an evade action: gains 1 calculate token.")


def _fel_moves(ctx: Ctx) -> dict[str, Any]:
    """The boosts and barrel rolls (not actions) the ship can make now, by label."""
    ship = ctx.ship
    table = ctx.state.table()
    attempts = [boost(table, ship.id, d) for d in ("left", "straight", "right")]
    for side in ("left", "right"):
        attempts += list(roll_positions(ctx.game, ship, side, through_obstacles=True).values())
    return {a.label: a for a in attempts if not reposition_fails(
        ctx.game, ship, a, "boost" if a.label.startswith("boost") else "barrel_roll")}


def _fel_move(ctx: Ctx, choice: Any) -> None:
    attempt = _fel_moves(ctx)[choice]
    reposition(ctx.game, ctx.ship, attempt)
    ctx.game.event("move", f"{ctx.ship.name} ({ctx.ship.id}): {attempt.label} (Soontir Fel, "
                   "not an action)", ship=ctx.ship.id)


register("pilot", "soontirfel-battleoverendor",
         # RR: BOOST, RR: BARREL ROLL - to boost or barrel roll is not the action
         Triggered("spend 1 charge and gain 1 deplete token to boost or barrel roll",
                   window="after_attack", cost=Cost(charges=1, gain=(("deplete", 1),)),
                   requirement=lambda ctx: is_me(ctx, "attacker"),
                   choices=lambda ctx: [Option(k, k) for k in _fel_moves(ctx)],
                   effect=_fel_move),
         description="After he performs an attack: may gain 1 deplete token and spend 1 charge; if "
                     "he does, he boosts or barrel rolls (not an action).")
