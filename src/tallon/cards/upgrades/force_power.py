"""Force power upgrades."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    enemy_in_arc,
    is_in_arc,
    is_me,
    recover_force,
)
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.state import ShipState
from tallon.geometry import Arc, range_between

register("upgrade", "instinctiveaim",
         Modifier("spend 1 Force to ignore a special weapon's lock or focus requirement",
                  hook="weapon_requirement_waiver",
                  value=lambda game, owner, ship=None, weapon=None, **facts: 1
                  if ship is not None and ship.id == owner.id and weapon is not None
                  and not weapon.primary else None),
         description="While performing a special attack: may spend 1 Force to ignore its "
                     "lock or focus requirement.")


def _hate(ctx: Ctx, choice: Any) -> None:
    recover_force(ctx.ship, ctx.event["shields"] + ctx.event["cards"])


register("upgrade", "hate",
         Triggered("recover as much Force as the damage suffered",
                   window="after_suffer_damage", optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.ship.force < ctx.ship.force_limit,
                   effect=_hate),
         description="After suffering damage: recover 1 Force per damage suffered.")


def _outside_bullseye(game: Any, attack: Any, owner: ShipState) -> bool:
    return not is_in_arc(game.state.ships[attack.attacker], owner, Arc.BULLSEYE)


register("upgrade", "brilliantevasion",
         DiceMod("spend 1 Force to change 2 focus results to evades",
                 dice=dice("brilliantevasion"), applies=defending_if(_outside_bullseye)),
         description="While defending outside the attacker's bullseye arc: may spend 1 Force "
                     "to change 2 focus results to evades.")


register("upgrade", "patience",
         Triggered("gain a deplete token to recover 1 Force", window="start_engagement",
                   cost=Cost(gain=(("deplete", 1),)),
                   requirement=lambda ctx: ctx.ship.in_play
                   and enemy_in_arc(ctx.game, ctx.ship, Arc.FRONT)
                   and ctx.ship.force < ctx.ship.force_limit,
                   effect=lambda ctx, choice: recover_force(ctx.ship)),
         description="At the start of the Engagement Phase, with an enemy ship in its front "
                     "arc: may gain a deplete token to recover 1 Force.")


def _predictive_mark(ship: ShipState) -> str:
    return f"{ship.id}:predictiveshot"


def _predictive_wants(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (attack is not None and ctx.event.get("attacker") == ctx.ship.id
            and is_in_arc(ctx.ship, ctx.other(attack.defender), Arc.BULLSEYE))


def _predictive(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    # the attack remembers the card was used; the limit applies when the defense is rolled
    ctx.attack.marks[_predictive_mark(ctx.ship)] = 1


def _predictive_limit(game: Any, owner: ShipState, attack: Any = None, **facts: Any
                      ) -> int | None:
    if attack is None or attack.attacker != owner.id or attack.attack_dice is None \
            or not attack.marks.get(_predictive_mark(owner)):
        return None
    return attack.attack_dice.count(Face.HIT) + attack.attack_dice.count(Face.CRIT)


register("upgrade", "predictiveshot",
         Triggered("spend 1 Force: the defender rolls no more defense dice than your hits",
                   window="defender_declared", cost=Cost(force=1),
                   requirement=_predictive_wants, effect=_predictive),
         Modifier("the defender rolls no more dice than your hit and critical hit results",
                  hook="max_defense_dice", value=_predictive_limit),
         description="After declaring an attack against a defender in its bullseye arc: "
                     "may spend 1 Force; the defender then rolls no more defense dice than "
                     "its hit and critical hit results.")


def _shattering(game: Any, attack: Any, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    on_obstacle = defender.body is not None and any(
        range_between(defender.body, o) == 0 for o in game.state.obstacles)
    return bool(attack.obstructed) or on_obstacle


register("upgrade", "shatteringshot",
         DiceMod("spend 1 Force to add 1 focus result",
                 dice=dice("shatteringshot"),
                 applies=attacking_if(_shattering)),
         description="While attacking through an obstacle or a defender at range 0 of one: "
                     "may spend 1 Force to add a focus result.")
