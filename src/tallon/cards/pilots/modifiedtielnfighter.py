"""Modified TIE/ln fighter pilots (Scum and Villainy) and the ship ability Notched
Stabilizers. Mining Guild Surveyor and Mining Guild Sentry have no ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    attacking,
    defending,
    is_in_arc,
    is_me,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.effects import gain_token
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry import Arc, BaseSize, ObstacleType

#: RR: SHIP SIZES - from smallest to largest
SIZES = (BaseSize.SMALL, BaseSize.MEDIUM, BaseSize.LARGE)


# ------------------------------------------------------------ Notched Stabilizers
def _ignores_asteroid(game: Any, owner: ShipState, ship: ShipState | None = None,
                      obstacle: str | None = None, during: str = "", **facts: Any) -> bool:
    # RR: OBSTACLES - only asteroids, and only while moving (not at range 0 when attacking)
    if ship is None or ship.id != owner.id or during != "move":
        return False
    found = next((o for o in game.state.obstacles if o.id == obstacle), None)
    return found is not None and found.type is ObstacleType.ASTEROID


register("ship_ability", "Notched Stabilizers",
         Modifier("ignores asteroids while moving", hook="ignores_obstacle",
                  value=_ignores_asteroid),
         description="While it moves, the ship ignores asteroids.")


# ------------------------------------------------------------------- no ability
# Mining Guild Surveyor and Mining Guild Sentry print flavour text only.


def _enemy_in_attack(attack: AttackState | None, owner: ShipState, game: Any
                     ) -> ShipState | None:
    """The other ship of the attack the owner attacks or defends in, if it is an enemy
    ship (not a remote: RR: ATTACKING REMOTES)."""
    if attack is None or owner.id not in (attack.attacker, attack.defender):
        return None
    other = game.state.ships[attack.defender if attack.attacker == owner.id
                             else attack.attacker]
    return other if other.owner != owner.owner and not other.remote else None


# ------------------------------------------------------------------------ Ahhav
def _larger(game: Any, attack: AttackState, owner: ShipState) -> bool:
    enemy = _enemy_in_attack(attack, owner, game)
    return enemy is not None and enemy.size in SIZES and owner.size in SIZES \
        and SIZES.index(enemy.size) > SIZES.index(owner.size)


register("pilot", "ahhav",
         Modifier("1 more attack die against a larger enemy", hook="attack_dice",
                  value=lambda game, owner, attack=None, **facts:
                  int(attacking(attack, owner) and _larger(game, attack, owner))),
         Modifier("1 more defense die against a larger enemy", hook="defense_dice",
                  value=lambda game, owner, attack=None, **facts:
                  int(defending(attack, owner) and _larger(game, attack, owner))),
         description="Attacking or defending against an enemy ship of a larger size: rolls "
                     "1 additional die.")


# --------------------------------------------------------------- Captain Seevor
def _seevor_enemy(ctx: Ctx) -> ShipState | None:
    return _enemy_in_attack(ctx.attack, ctx.ship, ctx.game)


def _seevor_applies(ctx: Ctx) -> bool:
    enemy = _seevor_enemy(ctx)
    return enemy is not None and not is_in_arc(enemy, ctx.ship, Arc.BULLSEYE)


def _seevor(ctx: Ctx, choice: Any) -> None:
    enemy = _seevor_enemy(ctx)
    assert enemy is not None
    # RR: JAM - the token is his effect's: his player makes the jam's choice
    gain_token(ctx.game, enemy, Token.JAM, applier=ctx.ship.owner)


register("pilot", "captainseevor",
         Triggered("spend 1 charge: the enemy ship gains 1 jam token",
                   window="before_attack_dice", requirement=_seevor_applies,
                   cost=Cost(charges=1), effect=_seevor),
         description="Attacking or defending, before the attack dice are rolled, if he is "
                     "not in the enemy ship's bullseye arc: may spend 1 charge; the enemy "
                     "ship gains 1 jam token.")


# --------------------------------------------------------------- Foreman Proach
def _proach_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=False)
            if is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _proach(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.other(choice), Token.TRACTOR, applier=ctx.ship.owner)


register("pilot", "foremanproach",
         # RR: PAYING COSTS - the disarm token is the cost: replaced (Overseer Yushyn), the
         # tractor token is still given
         Triggered("gain 1 disarm token: an enemy ship in the bullseye arc gains 1 tractor "
                   "token", window="before_engage", requirement=is_me,
                   cost=Cost(gain=(("disarm", 1),)),
                   choices=lambda ctx: ship_options(_proach_targets(ctx)), effect=_proach),
         description="Before he engages: may gain 1 disarm token to pick an enemy ship within "
                     "range 1-2 in his bullseye arc; that ship gains 1 tractor token.")


# -------------------------------------------------------------- Overseer Yushyn
def _yushyn_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    if facts["token"] != Token.DISARM.value or facts["count"] < 1:
        return False
    target = ctx.other(facts["ship"])
    return (friendly(target, ctx.ship) and not target.remote and not target.stressed
            and target.id in {s.id for s in ships_in_range(ctx.game, ctx.ship, 1, 1,
                                                           friendly=True, other=True)})


def _yushyn(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    gain_token(ctx.game, ctx.other(facts["ship"]), Token.STRESS)


register("pilot", "overseeryushyn",
         Replacement("spend 1 charge: gain 1 stress token instead of the disarm token",
                     point="gain_token", applies=_yushyn_applies, replace=_yushyn,
                     cost=Cost(charges=1)),
         description="Before a friendly ship within range 1 that is not stressed would gain a "
                     "disarm token: may spend 1 charge to have it gain 1 stress token in place of "
                     "the disarm token.")


# ------------------------------------------------------------------------ Lapin
def _lapin_locks(game: Any, owner: ShipState, attack: AttackState | None = None,
                 kind: str = "", **facts: Any) -> bool:
    enemy = _enemy_in_attack(attack, owner, game)
    if enemy is None or not enemy.stressed:
        return False
    assert attack is not None
    enemy_kind = "defense" if attack.defender == enemy.id else "attack"
    return kind == enemy_kind


register("pilot", "lapin",
         Modifier("a stressed enemy ship's dice can't be modified", hook="dice_unmodifiable",
                  value=_lapin_locks),
         description="Attacking or defending against a stressed enemy ship: that ship's "
                     "dice can't be modified.")
