"""Configuration upgrades of the UT-60D U-wing, the A/SF-01 B-wing and the RZ-1 A-wing:
Pivot Wing and Stabilized S-foils (two-sided cards: the front (closed) side's abilities,
then ``back=`` (open); each side's action bar comes from the card data), and Vectored
Cannons (RZ-1); L3-37's Programming (Battle of Yavin), the pilot L3-37's ability on a
configuration card."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.pilots.asf01bwing import can_rotate, rotate_by
from tallon.cards.pilots.customizedyt1300lightfreighter import L337
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import flip_upgrade
from tallon.engine.state import ShipState

PIVOT = "pivotwing"
FOILS = "stabilizedsfoils"


def _flip(card: str, title: str, requirement: Any = is_me) -> Triggered:
    return Triggered(title, window="before_activate", requirement=requirement,
                     effect=lambda ctx, choice: flip_upgrade(ctx.game, ctx.ship, card))


# ------------------------------------------------------------------- Pivot Wing
def _fewer_defense(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return -1 if attack is not None and attack.defender == owner.id else 0


_TURNS = (("left", -90.0, "rotate 90 degrees left"),
          ("right", 90.0, "rotate 90 degrees right"),
          ("around", 180.0, "rotate 180 degrees"))


def _pivot_choices(ctx: Ctx) -> list[Option]:
    return [Option(key, label) for key, degrees, label in _TURNS
            if can_rotate(ctx.game, ctx.ship, degrees)]


def _pivot(ctx: Ctx, choice: Any) -> None:
    degrees = next(d for key, d, _ in _TURNS if key == choice)
    rotate_by(ctx.game, ctx.ship, degrees)


register("upgrade", PIVOT,
         Modifier("roll 1 fewer defense die", hook="defense_dice", value=_fewer_defense),
         # RR: ROTATE A SHIP - only turns that would not overlap a ship are offered
         Triggered("rotate the ship 90 or 180 degrees", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["speed"] == 0
                   and ctx.event["bearing"] == "O",
                   choices=_pivot_choices, effect=_pivot),
         _flip(PIVOT, "open the pivot wing"),
         back=(_flip(PIVOT, "close the pivot wing"),),
         description="Closed: defends with 1 fewer die, and after executing a [0 stop] "
                     "maneuver may rotate 90 or 180 degrees. Either side: may flip before "
                     "activating.")


# ----------------------------------------------------------- Stabilized S-foils
def _not_critically_damaged(ctx: Ctx) -> bool:
    # RR: DAMAGE CARDS - critically damaged: at least one faceup damage card
    return is_me(ctx) and not any(card.faceup for card in ctx.ship.damage)


def _cannons(ctx: Ctx) -> tuple[str, ...]:
    """The ship's cannon upgrades other than the one this attack used (the turn's only
    other attack: RR: BONUS ATTACK allows one bonus attack a round)."""
    db = load_cards()
    used = ctx.event.get("weapon")
    return tuple(xws for kind, xws, side in ctx.ship.cards
                 if kind == "upgrade" and xws != used
                 and db.upgrade(xws).sides[side].type == "cannon")


def _foils_applies(ctx: Ctx) -> bool:
    defender = ctx.event["defender"]
    cannons = _cannons(ctx)
    return (is_me(ctx, "attacker") and defender in ctx.ship.locks and bool(cannons)
            and can_bonus_attack(ctx.game, ctx.ship, only=cannons, defenders=(defender,)))


def _foils_attack(ctx: Ctx, choice: Any) -> None:
    defender = ctx.event["defender"]
    cannons = _cannons(ctx)
    spend_lock_on(ctx.game, ctx.ship, defender)
    perform_bonus_attack(ctx.game, ctx.ship, only=cannons, defenders=(defender,))


register("upgrade", FOILS,
         _flip(FOILS, "open the S-foils", _not_critically_damaged),
         back=(Triggered("spend the lock on the defender: bonus cannon attack against it",
                         window="after_attack", requirement=_foils_applies,
                         effect=_foils_attack, bonus_attack=True),
               _flip(FOILS, "close the S-foils", _not_critically_damaged)),
         description="Either side: may flip before activating unless critically damaged. "
                     "Open: after attacking, may spend the lock on the defender for a bonus "
                     "attack against it with another cannon upgrade.")


# ------------------------------------------------------------ Vectored Cannons (RZ-1)
def _vectored_cannons(game: Any, owner: ShipState, arc: str = "", **facts: Any) -> str | None:
    # RR: PRIMARY WEAPON - the [Front Arc] primary attack becomes a [Single Turret Arc] one;
    # the turret indicator comes with the card (its data grants it) and the ship ability
    # Vectored Cannons replaces Vectored Thrusters (engine/loadout.py build_ship)
    return "single_turret" if arc == "front" else None


register("upgrade", "vectoredcannonsrz1",
         Modifier("the front arc primary attack is a single turret arc attack",
                  hook="primary_weapon_arc", value=_vectored_cannons),
         description="Gains a single turret arc indicator; its front arc primary attack is "
                     "treated as a single turret arc attack. Its ship ability becomes "
                     "Vectored Cannons instead of Vectored Thrusters.")


# ------------------------------------------------- L3-37's Programming (Battle of Yavin)
# the same text as the pilot L3-37's ability: the same ability object
register("upgrade", "l337sprogramming-battleofyavin", L337,
         description="Without active shields: the ship's bank maneuvers are 1 difficulty "
                     "easier.")
