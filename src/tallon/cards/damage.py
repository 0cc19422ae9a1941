"""The core damage deck (33 cards, 14 kinds): each faceup card's effect (RR: DAMAGE CARDS).

A card dealt faceup (or exposed) resolves its text at once ("damage_dealt_faceup"); its
lasting effects are its abilities while it stays faceup; "Action: Repair this card" is a
standard action of its own, one per copy. Repairing a faceup card flips it facedown, so it
still counts against the ship's hull.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import repair_this, roll_die, this_card
from tallon.cards.damage_blocks import REPAIR
from tallon.cards.damage_blocks import on_dealt as _on_dealt
from tallon.cards.damage_blocks import own_trigger as _mine
from tallon.cards.registry import register
from tallon.dice import Face, Role
from tallon.engine.abilities import (
    Ctx,
    Modifier,
    Replacement,
)
from tallon.engine.damage import SufferDamage
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game

def _hit_then_repair(cause: str) -> Any:
    """The effect "suffer 1 [hit] damage, then repair this card"."""

    def effect(ctx: Ctx, choice: Any) -> None:
        suffer_damage(ctx.game, ctx.ship, hits=1, cause=cause)
        repair_this(ctx)

    return effect


# ------------------------------------------------------------------- pilot cards
def _panicked(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.STRESS, 2)
    repair_this(ctx)


register("damage", "panickedpilot", _on_dealt("gain 2 stress, then repair", _panicked),
         description="Dealt faceup: gain 2 stress tokens, then repair it.")


def _blinded_allows(game: Any, owner: ShipState, attack: Any = None, kind: str = "",
                    role: Role | None = None, source: str = "", **facts: Any) -> bool:
    if attack is None or attack.attacker != owner.id or role is not Role.ATTACKER \
            or kind != "attack":
        return True
    return source == "force"


register("damage", "blindedpilot",
         Modifier("attacking: modify dice only with Force, for its default effect",
                  hook="dice_option_allowed", value=_blinded_allows),
         REPAIR,
         description="While attacking, its dice may be modified only by spending Force "
                     "for the default effect. Action: repair.")


def _wounded(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "woundedpilot.rolled", (ctx.ship.id,))


@continuation("woundedpilot.rolled")
def _wounded_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face in (Face.HIT, Face.CRIT):
        gain_token(game, game.state.ships[ship_id], Token.STRESS)


register("damage", "woundedpilot",
         _mine("after_action", "roll: a hit or crit gives 1 stress", _wounded), REPAIR,
         description="After each action: roll an attack die, a hit or crit gives a stress "
                     "token. Action: repair.")

register("damage", "stunnedpilot",
         _mine("after_execute", "moved through or onto an obstacle: suffer 1 damage",
               lambda ctx, choice: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                 cause="Stunned Pilot"),
               extra=lambda ctx: bool(ctx.event.get("obstacles"))),
         description="After a maneuver through or onto an obstacle: suffer 1 hit damage.")


# -------------------------------------------------------------------- ship cards
def _console_fire(ctx: Ctx, choice: Any) -> None:
    roll_die(ctx, "consolefire.rolled", (ctx.ship.id,))


@continuation("consolefire.rolled")
def _console_fire_rolled(game: Game, face: Face, ship_id: str) -> None:
    if face is Face.HIT:
        suffer_damage(game, game.state.ships[ship_id], hits=1, cause="Console Fire")


register("damage", "consolefire",
         _mine("before_engage", "roll: a hit deals 1 damage", _console_fire), REPAIR,
         description="Before engaging: roll an attack die, a hit deals 1 hit damage. "
                     "Action: repair.")


def _turns_harder(game: Any, owner: ShipState, ship: ShipState | None = None,
                  maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver or ship.huge:
        return 0  # a huge ship has no turns (and speed 0 banks templates don't fly)
    return 1 if Maneuver.parse(maneuver).bearing.value in ("T", "Y") else 0


register("damage", "damagedengine",
         Modifier("turns are 1 difficulty harder", hook="maneuver_difficulty",
                  value=_turns_harder),
         description="Turn maneuvers are one difficulty harder.")


def _one_fewer_attacking(game: Any, owner: ShipState, attack: Any = None,
                         **facts: Any) -> int:
    return -1 if attack is not None and attack.attacker == owner.id else 0


register("damage", "weaponsfailure",
         Modifier("attacking: 1 fewer attack die", hook="attack_dice",
                  value=_one_fewer_attacking), REPAIR,
         description="While attacking, roll 1 fewer attack die. Action: repair.")


def _hull_breach(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ctx.game.event("damage", f"{ctx.ship.name} ({ctx.ship.id}): Hull Breach turns "
                   f"{facts['hits']} hit damage into critical damage", ship=ctx.ship.id)
    ctx.game.now(SufferDamage(ctx.ship.id, 0, facts["hits"] + facts["crits"],
                              facts.get("cause", ""), replaceable=False))


register("damage", "hullbreach",
         Replacement("hit damage becomes critical damage", point="suffer_damage",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and facts["hits"] > 0,
                     replace=_hull_breach, optional=False),
         REPAIR,
         description="Hit damage is suffered as critical damage instead. Action: repair.")


def _one_fewer_defending(game: Any, owner: ShipState, attack: Any = None,
                         **facts: Any) -> int:
    return -1 if attack is not None and attack.defender == owner.id else 0


register("damage", "structuraldamage",
         Modifier("defending: 1 fewer defense die", hook="defense_dice",
                  value=_one_fewer_defending),
         description="While defending, roll 1 fewer defense die.")


def _sensor_forbids(game: Any, owner: ShipState, ship: ShipState | None = None,
                    action: str = "", **facts: Any) -> bool:
    if ship is None or ship.id != owner.id:
        return False
    from_damage_card = "@" in action  # damage card actions are named "<card>@<serial>"
    return action != "focus" and not from_damage_card


register("damage", "damagedsensorarray",
         Modifier("only focus and damage card actions", hook="action_forbidden",
                  value=_sensor_forbids),
         REPAIR,
         description="Only the focus action and damage cards' actions can be performed. "
                     "Action: repair.")


register("damage", "loosestabilizer",
         _mine("after_execute", "a maneuver that isn't a straight: 1 damage, then repair",
               _hit_then_repair("Loose Stabilizer"),
               extra=lambda ctx: ctx.event.get("bearing") != "F"),
         REPAIR,
         description="After any maneuver but a [straight]: suffer 1 hit damage and repair "
                     "it. Action: repair.")

register("damage", "disabledpowerregulator",
         _mine("before_engage", "gain 1 ion token",
               lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.ION)),
         _mine("after_execute", "an ion maneuver repairs it",
               lambda ctx, choice: repair_this(ctx), extra=lambda ctx: ctx.event.get("ion")),
         description="Before engaging: gain an ion token. After an ion maneuver: repair it.")


register("damage", "fuelleak",
         _mine("after_suffer_crit", "after critical damage: 1 damage, then repair",
               _hit_then_repair("Fuel Leak"),
               extra=lambda ctx: ctx.event.get("dealt") != this_card(ctx)),
         REPAIR,
         description="After suffering critical damage: suffer 1 hit damage and repair it. "
                     "Action: repair.")


register("damage", "directhit",
         _on_dealt("suffer 1 damage, then repair", _hit_then_repair("Direct Hit!")),
         description="Dealt faceup: suffer 1 hit damage, then repair it.")
