"""Titles of the huge ships (RR: APPENDIX: HUGE SHIPS): the CR90 Corellian Corvette's, the
GR-75 Medium Transport's, the C-ROC Cruiser's, the Raider-class Corvette's and the
Gozanti-class Cruiser's. Their slots, actions and stat changes (energy too: it adds to the
ship's, RR: APPENDIX: HUGE SHIPS - ENERGY) are grants the loadout applies
(:func:`tallon.engine.loadout.build_ship`); what follows is the rest of their text.

Energy costs are paid from the ship card (``Cost(energy=...)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    dice,
    is_in_arc,
    is_me,
    one_more_defense_die,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.docking import GUIDES, HUGE_DEPLOY_SIDES
from tallon.engine.effects import acquire_lock, can_lock, gain_token
from tallon.engine.huge_moves import energy
from tallon.engine.loadout import ENERGY
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc, BaseSize
from tallon.geometry.huge import huge_maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------ shared shapes
def _defending(ctx: Ctx) -> bool:
    return is_me(ctx, "defender") and ctx.attack is not None


def _attacker(ctx: Ctx) -> ShipState:
    assert ctx.attack is not None
    return ctx.state.ships[ctx.attack.attacker]


def one_more_defense_die_if(title: str, test: Any) -> Triggered:
    """"While you defend, if (test), you may roll 1 additional defense die": ``test(ctx)``
    is checked before the defense dice are rolled."""
    return Triggered(title, window="before_defense_dice",
                     requirement=lambda ctx: _defending(ctx) and test(ctx),
                     effect=one_more_defense_die)


def docks_small_ships(capacity: int) -> Modifier:
    """"You can dock up to (capacity) small ships": they deploy from the guides or the sides
    (RR: APPENDIX: HUGE SHIPS - DOCKING WITH HUGE SHIPS)."""

    def value(game: Game, owner: ShipState, ship: ShipState | None = None,
              **facts: Any) -> tuple[str, ...] | None:
        if ship is None or ship.huge or ship.size is not BaseSize.SMALL:
            return None
        # the ship asking may be one already docked (deploying: where from)
        others = [i for i in owner.docked if i != ship.id]
        return (*GUIDES, *HUGE_DEPLOY_SIDES) if len(others) < capacity else None

    return Modifier(f"carries up to {capacity} small ships", hook="docking", value=value)


def _deployed_from_me(ctx: Ctx) -> bool:
    return ctx.event.get("carrier") == ctx.ship.id and ctx.event.get("ship") in ctx.state.ships


def _deployed_ship(ctx: Ctx) -> ShipState:
    return ctx.state.ships[ctx.event["ship"]]


def after_deploy_action(title: str, card: str, kinds: tuple[str, ...]) -> Triggered:
    """"After a ship deploys from you, it may perform a (kind) or (kind) action"."""
    return grant_action(title, "after_deploy",
                        lambda ctx: [granted(k, "white", card) for k in kinds],
                        requirement=_deployed_from_me, actor=_deployed_ship)


def recover_energy(ship: ShipState, amount: int = 1) -> int:
    """Recover up to ``amount`` energy, never above the ship's energy limit."""
    charge = ship.charges.get(ENERGY)
    if charge is None:
        return 0
    gained = max(0, min(amount, charge.limit - charge.active))
    charge.active += gained
    return gained


def red_or_orange_token(game: Game, ship: ShipState) -> bool:
    """RR: TOKEN COLORS AND SHAPES, RR: LOCK - the ship has an orange or red token: its own
    tokens, or a lock token assigned to it (lock tokens are red)."""
    if any(ship.has(t) for t in Token if t.colour in ("red", "orange")):
        return True
    return any(ship.id in other.locks for other in game.state.ships.values())


# ------------------------------------------------------------------ CR90 titles
register("upgrade", "tantiveiv",
         one_more_defense_die_if("attacker in the rear arc: roll 1 additional defense die",
                                 lambda ctx: is_in_arc(ctx.ship, _attacker(ctx), Arc.REAR)),
         description="Defending, with the attacker in this ship's rear arc: may roll 1 "
                     "additional defense die. Adds 2 crew slots.")


def _jaina_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not attack.obstructed:  # RR: OBSTRUCTED - by an obstacle only
        return False
    defender = ctx.state.ships[attack.defender]
    if defender.owner != ctx.ship.owner or not defender.in_play:
        return False
    r = range_of(ctx.ship, defender)
    return defender.id == ctx.ship.id or (r is not None and r <= 2)


register("upgrade", "jainaslight",
         Triggered("friendly defender obstructed by an obstacle: spend 1 energy, it rolls 1 "
                   "additional defense die", window="before_defense_dice",
                   cost=Cost(energy=1), requirement=_jaina_applies,
                   effect=one_more_defense_die),
         description="A friendly ship within range 0-2 defending against an obstacle-obstructed "
                     "attack: may spend 1 energy to have the defender roll an extra defense die.")

register("upgrade", "liberator",
         docks_small_ships(2),
         after_deploy_action("the deployed ship may perform a focus or barrel roll action",
                             "liberator", ("focus", "barrel_roll")),
         description="Can dock as many as 2 small ships. A ship that deploys from it may then "
                     "perform a focus or barrel roll action.")

register("upgrade", "dodonnaspride",
         description="Adds team and cargo slots, evade and focus actions each linked to a "
                     "red coordinate; 2 fewer shields (all grants the loadout applies).")

# ------------------------------------------------------------------ GR-75 titles
register("upgrade", "quantumstorm",
         Triggered("after fully executing a white maneuver: recover 1 energy",
                   window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                   and ctx.event.get("difficulty") == "white"
                   and ENERGY in ctx.ship.charges
                   and energy(ctx.ship) < ctx.ship.charges[ENERGY].limit,
                   effect=lambda ctx, choice: recover_energy(ctx.ship)),
         description="After fully executing a white maneuver: recovers 1 energy. Adds team "
                     "and cargo slots.")

def _bright_hope_sides(game: Game, owner: ShipState, ship: ShipState | None = None,
                       **facts: Any) -> tuple[str, ...] | None:
    # RR: REINFORCE - the fore side is the full front arc
    return ("fore",) if ship is not None and ship.id == owner.id else None


def _bright_hope_applies(ctx: Ctx) -> bool:
    reinforced = ctx.ship.has(Token.REINFORCE_FORE) or ctx.ship.has(Token.REINFORCE_AFT)
    return reinforced and is_in_arc(ctx.ship, _attacker(ctx), Arc.FULL_FRONT)


register("upgrade", "brighthope",
         Modifier("reinforces only its full front arc", hook="reinforce_sides",
                  value=_bright_hope_sides),
         one_more_defense_die_if("reinforced, attacker in the full front arc: roll 1 "
                                 "additional defense die", _bright_hope_applies),
         description="Reinforces only its full front arc (fore). Defending while reinforced, "
                     "with the attacker in its full front arc: may roll 1 additional defense "
                     "die.")

# ------------------------------------------------------------------ C-ROC titles
BROKEN_HORN_SPEEDS = (3, 4, 5)


def _broken_horn(game: Game, owner: ShipState, ship: ShipState | None = None,
                 maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver or not owner.damage:
        return 0
    return -1 if huge_maneuver(maneuver).speed in BROKEN_HORN_SPEEDS else 0


register("upgrade", "brokenhorn",
         Modifier("damaged: speed 3-5 maneuvers 1 difficulty easier",
                  hook="maneuver_difficulty", value=_broken_horn),
         description="While damaged (a damage card): its speed 3-5 maneuvers are 1 "
                     "difficulty easier. Adds crew and illicit slots.")


def _worrt_choices(ctx: Ctx) -> list[Option]:
    ship = ctx.ship
    found = []
    if ship.shields < ship.shield_limit:
        found.append(Option("shield", "recover 1 additional shield"))
    charge = ship.charges.get(ENERGY)
    if charge is not None and charge.active < charge.limit:
        found.append(Option("energy", "recover 1 additional energy"))
    return found


def _worrt(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    if choice == "shield":
        ship.shields = min(ship.shield_limit, ship.shields + 1)
    else:
        recover_energy(ship)
    ctx.game.event("recover", f"{ship.name} ({ship.id}) recovers 1 additional {choice} "
                   "(Insatiable Worrt)", ship=ship.id)


register("upgrade", "insatiableworrt",
         Triggered("End Phase: recover 1 additional shield or energy", window="end_phase_end",
                   requirement=lambda ctx: ctx.ship.in_play, choices=_worrt_choices,
                   effect=_worrt),
         description="In the End Phase, after the regular recovery: may recover 1 more "
                     "shield or 1 more energy. Adds a cargo slot.")

# ------------------------------------------------------------ Raider titles
register("upgrade", "assailer",
         one_more_defense_die_if("attack range 1: roll 1 additional defense die",
                                 lambda ctx: ctx.attack.range == 1),
         description="Defending at attack range 1: may roll 1 additional defense die. Adds a "
                     "gunner slot.")


def _instigator(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return user.id == owner.id and attack.attacker == owner.id and \
        red_or_orange_token(game, game.state.ships[attack.defender])


register("upgrade", "instigator",
         DiceMod("defender with an orange or red token: reroll up to 2 attack dice",
                 dice=dice("instigator"), applies=_instigator),
         description="Attacking a defender with an orange or red token (a lock on it "
                     "included): may reroll up to 2 attack dice. Adds a team slot.")


def _impetuous_applies(ctx: Ctx) -> bool:
    defender = ctx.state.ships.get(ctx.event["defender"])
    return is_me(ctx, "attacker") and defender is not None and defender.destroyed


register("upgrade", "impetuous",
         grant_action("defender destroyed: may perform a focus or lock action", "after_attack",
                      lambda ctx: [granted("focus", "white", "impetuous"),
                                   granted("lock", "white", "impetuous")],
                      requirement=_impetuous_applies),
         description="After an attack that destroyed the defender: may perform a focus or "
                     "lock action. Adds a crew slot.")

register("upgrade", "corvus",
         docks_small_ships(2),
         Triggered("after a calculate action: gain 1 calculate token", window="after_action",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "calculate",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="Carries up to 2 small ships. After a calculate action: gains 1 more "
                     "calculate token. Adds a calculate action.")


# ----------------------------------------------------------- Gozanti titles
def _attacking_close(game: Game, attack: AttackState, owner: ShipState,
                     user: ShipState) -> bool:
    return user.id == owner.id and attack.attacker == owner.id and \
        attack.range is not None and 1 <= attack.range <= 2


register("upgrade", "bloodcrow",
         DiceMod("attack at range 1-2: add 1 focus result", dice=dice("bloodcrow"),
                 applies=_attacking_close),
         description="Attacking at attack range 1-2: may add 1 focus result. Adds a gunner "
                     "slot.")

register("upgrade", "vector",
         after_deploy_action("the deployed ship may perform an evade or boost action",
                             "vector", ("evade", "boost")),
         description="After a ship deploys from it, that ship may perform an evade or boost "
                     "action. Adds crew and cargo slots.")


def _requiem_targets(ctx: Ctx) -> list[ShipState]:
    deployed = _deployed_ship(ctx)
    # "ignoring range restrictions": any ship the carrier locks that can be locked at all
    return [ctx.state.ships[t] for t in ctx.ship.locks
            if t in ctx.state.ships and t != deployed.id and can_lock(ctx.game, deployed, t)
            is None]


register("upgrade", "requiem",
         Triggered("the deployed ship may lock a ship this ship is locking",
                   window="after_deploy", requirement=_deployed_from_me,
                   choices=lambda ctx: ship_options(_requiem_targets(ctx)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, _deployed_ship(ctx),
                                                           choice)),
         description="After a ship deploys from it, that ship may acquire a lock on a ship "
                     "this ship is locking, ignoring range restrictions.")


def _suppressor_targets(ctx: Ctx) -> list[ShipState]:
    target = ctx.state.ships.get(ctx.event.get("target") or "")
    if target is None or target.owner != ctx.ship.owner or not target.in_play:
        return []
    return ships_in_range(ctx.game, target, 0, 2, friendly=False)


register("upgrade", "suppressor",
         Triggered("after coordinating a friendly ship: spend 1 energy to jam an enemy ship "
                   "at range 0-2 of it", window="after_coordinate", cost=Cost(energy=1),
                   requirement=is_me,
                   choices=lambda ctx: ship_options(_suppressor_targets(ctx)),
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.state.ships[choice], Token.JAM,
                       applier=ctx.ship.owner)),
         description="Adds a sensor slot. After it coordinates a friendly ship: may spend 1 energy "
                     "and jam an enemy ship within range 0-2 of the coordinated ship, ignoring "
                     "range restrictions.")
