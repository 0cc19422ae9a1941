"""Hyena-class Droid Bomber pilots (Separatist Alliance), with their Siege of Coruscant
standard-loadout versions. Their ship ability, Networked Calculations, is registered in
``cards/pilots/vultureclassdroidfighter.py``.

The generic pilots (Techno Union Bomber, Separatist Bomber) have no ability text and need
no registration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import is_me
from tallon.cards.pilots.vultureclassdroidfighter import NETWORKED, has_ship_ability
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.effects import suffer_damage
from tallon.engine.state import ShipState

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ---------------------------------------------------------- Bombardment Drone
def _launch_instead(game: Game, owner: ShipState, card: str = "",
                    templates: tuple[str, ...] = (), launch: bool = False,
                    **facts: Any) -> list[tuple[str, bool]]:
    # RR: DEVICE - a device dropped with a template may be launched with the same one
    return [] if launch else [(code, True) for code in templates]


register("pilot", "bombardmentdrone",
         Modifier("a device it would drop may be launched with the same template",
                  hook="device_templates", value=_launch_instead),
         description="When it would drop a device: may launch it instead, with the same "
                     "template.")


# -------------------------------------------------------------------- DBS-404
def _at_range_1(attack: AttackState | None, owner: ShipState) -> bool:
    return attack is not None and attack.attacker == owner.id and attack.range == 1


def _dbs404_hit(ctx: Ctx) -> bool:
    return (is_me(ctx, "attacker") and bool(ctx.event["hit"])
            and _at_range_1(ctx.attack, ctx.ship))


DBS404 = (Modifier("1 more attack die at attack range 1", hook="attack_dice",
                   value=lambda game, owner, attack=None, **facts:
                   1 if _at_range_1(attack, owner) else 0),
          Triggered("the attack at range 1 hit: suffer 1 critical damage", window="after_attack",
                    optional=False, requirement=_dbs404_hit,
                    effect=lambda ctx, choice: suffer_damage(ctx.game, ctx.ship, crits=1,
                                                             cause="DBS-404")))
for _xws in ("dbs404", "dbs404-siegeofcoruscant"):
    register("pilot", _xws, *DBS404,
             description="Attacking at attack range 1: must roll 1 more attack die; after "
                         "such an attack hits, it suffers 1 critical damage.")


# --------------------------------------------------------- Baktoid Prototype
def _baktoid(game: Game, owner: ShipState, ship: ShipState | None = None,
             defender: ShipState | None = None, weapon: Any = None, **facts: Any) -> bool:
    # RR: SPECIAL WEAPON - only special attacks have a requirement to ignore
    if ship is None or ship.id != owner.id or defender is None:
        return False
    return any(friendly(s, owner) and defender.id in s.locks
               and has_ship_ability(s, NETWORKED) for s in game.state.in_play())


for _xws in ("baktoidprototype", "baktoidprototype-siegeofcoruscant"):
    register("pilot", _xws,
             Modifier("a friendly Networked Calculations ship's lock on the defender waives "
                      "the weapon's requirement", hook="ignore_weapon_requirement",
                      value=_baktoid),
             description="Special attack: if a friendly ship with Networked Calculations "
                         "has a lock on the defender, may ignore the weapon's focus, "
                         "calculate or lock requirement.")


# -------------------------------------------------------------------- DBS-32C
def _networked_only(game: Game, owner: ShipState, ship: ShipState | None = None,
                    **facts: Any) -> bool:
    # RR: COORDINATE
    return ship is not None and not has_ship_ability(ship, NETWORKED)


register("pilot", "dbs32c",
         grant_action("spend 1 calculate token to perform a coordinate action",
                      "start_engagement",
                      lambda ctx: [granted("coordinate", "white", "dbs32c")],
                      requirement=lambda ctx: True, cost=Cost(tokens=(("calculate", 1),))),
         Modifier("can't coordinate ships without Networked Calculations",
                  hook="coordinate_forbidden", value=_networked_only),
         description="At the start of the Engagement Phase: may spend 1 calculate token to "
                     "perform a coordinate action. It can't coordinate ships without the "
                     "Networked Calculations ship ability.")

DBS32C_SOC = "dbs32c-siegeofcoruscant"
register("pilot", DBS32C_SOC,
         grant_action("spend 1 charge to perform a jam action", "after_action",
                      lambda ctx: [granted("jam", "white", DBS32C_SOC)],
                      requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "calculate",
                      cost=Cost(charges=1)),
         description="After performing a calculate action: may spend 1 charge to perform a "
                     "jam action.")
