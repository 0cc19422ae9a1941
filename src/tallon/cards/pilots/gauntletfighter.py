"""Gauntlet Fighter pilots (Rebel Alliance, Galactic Empire); the ship has no ship ability.

Both Rebel pilots have the same text as another printing of theirs (Chopper's VCX-100, Ezra
Bridger's TIE/ln), so they share its ability objects. The Imperial Super Commando has no
ability text and needs no registration; the Swivel Wing configuration is in
cards/upgrades/configuration_gauntletfighter.py."""

from __future__ import annotations

from typing import Any

import tallon.cards.pilots.tielnfighter  # registers Ezra's TIE/ln printing
import tallon.cards.pilots.vcx100lightfreighter  # noqa: F401  (registers Chopper's)
from tallon.cards.common import is_in_arc, is_me, range_of, recalled, remember
from tallon.cards.registry import CARDS, register
from tallon.cards.upgrades.configuration_gauntletfighter import SWIVEL, wing_down
from tallon.engine.abilities import Ability, Cost, Ctx, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import flip_upgrade
from tallon.engine.movement import ExecuteManeuver, difficulty_of
from tallon.geometry import Arc


def _same_as(xws: str) -> tuple[Ability, ...]:
    spec = CARDS.spec("pilot", xws)
    assert spec is not None, f"{xws} is registered before its other printings"
    return spec.sides[0]


register("pilot", "chopper-gauntletfighter", *_same_as("chopper"),
         description="At the start of the Engagement Phase: each enemy ship at range 0 gains "
                     "2 jam tokens.")

register("pilot", "ezrabridger-gauntletfighter", *_same_as("ezrabridger-tielnfighter"),
         description="Attacking or defending while stressed: may spend 1 Force to change up "
                     "to 2 focus results to hits (attacking) or evades (defending).")


# ----------------------------------------------------------------- Captain Hark
HARK = "captainhark"
_LETTERS = {"blue": "B", "white": "W", "red": "R", "purple": "P"}
_SIDESLIPS = (("left", "B", "execute a [1 bank left] sideslip"),
              ("right", "N", "execute a [1 bank right] sideslip"))


def _hark_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    ship = ctx.ship
    # RR: ION - an ionized ship reveals no dial; the stress maneuver is not the one revealed
    return (facts["ship"] == ship.id and not facts["ion"] and not facts["slam"]
            and ctx.state.phase == "activation" and ship.dial_revealed
            and (ship.dial_set or "").startswith("0O")
            and str(facts["maneuver"]).startswith("0O") and wing_down(ship))


def _hark_replace(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    # RR: DIFFICULTY - the sideslip keeps the difficulty the stationary maneuver had
    letter = _LETTERS[difficulty_of(str(facts["maneuver"]))]
    bearing = next(b for key, b, _ in _SIDESLIPS if key == choice)
    remember(ctx.ship, f"{HARK}:sideslip", ctx.state.round)
    ctx.game.push(ExecuteManeuver(ctx.ship.id, f"1{bearing}{letter}", replaceable=False,
                                  sideslip=True))


def _hark_flip(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, f"{HARK}:sideslip", None)
    if wing_down(ctx.ship):
        flip_upgrade(ctx.game, ctx.ship, SWIVEL)


register("pilot", HARK,
         Replacement("execute a [1 bank] sideslip instead of the [0 stop] maneuver",
                     point="execute_maneuver", optional=False, applies=_hark_applies,
                     choices=lambda ctx, facts: [Option(k, label) for k, _, label in _SIDESLIPS],
                     replace=_hark_replace),
         Triggered("flip Swivel Wing (Down) after the sideslip", window="after_execute",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and recalled(ctx.ship, f"{HARK}:sideslip") == ctx.state.round,
                   effect=_hark_flip),
         description="After revealing a [0 stop] maneuver with Swivel Wing (Down): must "
                     "execute a [1 bank] sideslip of the same difficulty instead, then flip "
                     "Swivel Wing.")


# ------------------------------------------------------------------- Gar Saxon
def _gar_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not attack.primary or attack.range == 0:
        return False  # RR: ATTACK - no die is added to a primary attack at range 0
    attacker, defender = ctx.other(attack.attacker), ctx.other(attack.defender)
    near = 0 if attacker.id == ctx.ship.id else range_of(ctx.ship, attacker)
    # RR: ARC - the standard rear arc of the defender
    return (attacker.owner == ctx.ship.owner and near is not None and near <= 2
            and ctx.ship.in_play and not defender.remote
            and is_in_arc(defender, attacker, Arc.REAR))


def _gar(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


register("pilot", "garsaxon",
         Triggered("spend 1 charge: the attacker rolls 1 additional attack die",
                   window="before_attack_dice", cost=Cost(charges=1),
                   requirement=_gar_applies, effect=_gar),
         description="A friendly ship at range 0-2 (him included) performs a primary attack "
                     "from the defender's rear arc: may spend 1 charge to let it roll 1 "
                     "additional attack die.")

