"""The first edition's Force Awakens core set damage deck (``1e-core-tfa``: 33 cards, 14
kinds). Cards of one title doing the same thing as the original deck's are its blocks
(:mod:`.damage_core`), registered here under this deck's ids; the rules are the same
(rulebook (1e): Critical Damage, Destroying Ships)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, repair_this, this_card
from tallon.cards.damage_blocks import on_dealt, own_trigger
from tallon.cards.first_edition.damage_core import (
    AGILITY_DOWN,
    DAMAGED_COCKPIT,
    DAMAGED_ENGINE,
    DIRECT_HIT,
    THRUST_CONTROL_FIRE,
    console_fire,
    flip_action,
    overlaps_at_end,
    roll_for_damage,
    roll_to_flip,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Replacement, Triggered
from tallon.engine.effects import deal_damage_card, gain_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import obstacle_forbids
from tallon.geometry import Maneuver

TFA = "1e-core-tfa-"

# ------------------------------------------------- the same as the original deck's
register("damage", TFA + "consolefire", *console_fire(TFA + "consolefire"),
         description="Start of the Combat phase: roll an attack die, a hit deals 1 damage. "
                     "Action: flip it facedown.")
register("damage", TFA + "damagedcockpit", DAMAGED_COCKPIT,
         description="From the round after it is dealt: pilot skill 0.")
register("damage", TFA + "damagedengine", DAMAGED_ENGINE,
         description="Turn maneuvers are red.")
register("damage", TFA + "directhit", DIRECT_HIT,
         description="Counts as 2 damage against the hull.")
register("damage", TFA + "thrustcontrolfire", THRUST_CONTROL_FIRE,
         description="Dealt faceup: gains 1 stress token and the card turns facedown.")
register("damage", TFA + "structuraldamage", AGILITY_DOWN,
         *roll_to_flip(TFA + "structuraldamage", ("hit", "crit")),
         description="Agility reduced by 1 (minimum 0). Action: roll an attack die, a hit "
                     "or critical hit flips it facedown.")


# -------------------------------------------------------------------- Shaken Pilot
def _no_straight(game: Any, owner: ShipState, ship: ShipState | None = None,
                 maneuver: str = "", **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and \
        Maneuver.parse(maneuver).bearing.value == "F"


register("damage", TFA + "shakenpilot",
         Modifier("no straight maneuver can be set", hook="dial_forbidden",
                  value=_no_straight),
         own_trigger("after_reveal", "flip it facedown as the dial is revealed",
                     lambda ctx, choice: repair_this(ctx)),
         description="Planning: a straight maneuver can't be set. Revealing the dial flips "
                     "it facedown.")


# ------------------------------------------------------------------- Blinded Pilot
def _blinded(game: Any, owner: ShipState, ship: ShipState | None = None,
             **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


def _had_opportunity(ctx: Ctx) -> bool:
    """FAQ (1e): a ship with a weapons disabled token, or on an asteroid, has no
    opportunity to attack in the Combat phase (nor has a cloaked one)."""
    ship = ctx.ship
    return is_me(ctx) and not ship.disarmed and ship.body is not None and \
        obstacle_forbids(ctx.game, ship) is None


register("damage", TFA + "blindedpilot",
         Modifier("can't perform attacks", hook="cannot_attack", value=_blinded),
         Triggered("after the opportunity to attack: flip it facedown", window="after_engage",
                   effect=lambda ctx, choice: repair_this(ctx), optional=False,
                   requirement=_had_opportunity),
         description="The ship can't attack; after its next opportunity to attack in the "
                     "Combat phase (even without a target), flip it facedown.")


# ------------------------------------------------------------------- Stunned Pilot
def _touching_or_on_obstacle(ctx: Ctx) -> bool:
    # "touching another ship": a bump of this maneuver, or a contact it keeps
    return bool(ctx.ship.contacts) or overlaps_at_end(ctx)


register("damage", TFA + "stunnedpilot",
         own_trigger("after_execute", "touching a ship or on an obstacle: suffer 1 damage",
                     lambda ctx, choice: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                       cause="Stunned Pilot"),
                     extra=_touching_or_on_obstacle),
         description="After a maneuver, touching another ship or on an obstacle: suffer 1 "
                     "damage.")


# ----------------------------------------------------------------- Major Explosion
register("damage", TFA + "majorexplosion",
         on_dealt("roll: a hit deals 1 critical damage; then flip it facedown",
                  roll_for_damage("Major Explosion", crit=True, flip=True)),
         description="Dealt faceup: roll an attack die, a hit deals 1 critical damage; then "
                     "flip it facedown.")


# ----------------------------------------------------------------- Weapons Failure
def _one_fewer(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return -1 if attack is not None and attack.attacker == owner.id else 0


register("damage", TFA + "weaponsfailure",
         Modifier("attacking: 1 fewer attack die", hook="attack_dice", value=_one_fewer),
         *roll_to_flip(TFA + "weaponsfailure", ("hit", "crit")),
         description="Attacks roll 1 fewer die. Action: roll an attack die; a hit or critical hit "
                     "turns the card facedown.")


# --------------------------------------------------------------- Major Hull Breach
def _breach_key(ctx: Ctx) -> str:
    return f"majorhullbreach:{this_card(ctx)}"


def _breach_dealt(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(_breach_key(ctx), None)  # dealt (or faceup again) this round


def _breach_round(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(_breach_key(ctx), True)


def _breach_faceup(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.game.state.ships[facts["ship"]]
    ctx.game.event("damage", f"{ship.name} ({ship.id}): Major Hull Breach - the damage card "
                   "is dealt faceup", ship=ship.id)
    deal_damage_card(ctx.game, ship, True, card=facts["card"], then=facts["then"],
                     args=facts["args"])


register("damage", TFA + "majorhullbreach",
         on_dealt("received this round", _breach_dealt),
         Triggered("from the round after: damage cards are dealt faceup", window="start_round",
                   effect=_breach_round, optional=False,
                   requirement=lambda ctx: ctx.ship.in_play),
         Replacement("the damage card is dealt faceup", point="deal_damage_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and not facts["faceup"] and bool(ctx.ship.recalled(_breach_key(ctx))),
                     replace=_breach_faceup, optional=False),
         *flip_action(TFA + "majorhullbreach"),
         description="From the round after it is dealt: every damage card dealt to the ship "
                     "is dealt faceup. Action: flip it facedown.")


# ------------------------------------------------------------ Damaged Sensor Array
def _only_damage_actions(game: Any, owner: ShipState, ship: ShipState | None = None,
                         action: str = "", **facts: Any) -> bool:
    # damage cards' actions are named "<card>@<serial>"
    return ship is not None and ship.id == owner.id and "@" not in action


register("damage", TFA + "damagedsensorarray",
         Modifier("only damage cards' actions", hook="action_forbidden",
                  value=_only_damage_actions),
         *roll_to_flip(TFA + "damagedsensorarray", ("hit", "crit")),
         description="Only damage cards' actions can be performed. Action: roll an attack "
                     "die, a hit or critical hit flips it facedown.")


# ---------------------------------------------------------------- Loose Stabilizer
register("damage", TFA + "loosestabilizer",
         own_trigger("after_execute", "gain 1 stress token (white maneuver)",
                     lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.STRESS),
                     extra=lambda ctx: ctx.event.get("difficulty") == "white"),
         *flip_action(TFA + "loosestabilizer"),
         description="Each white maneuver executed gives 1 stress token. Action: "
                     "turn the card facedown.")
