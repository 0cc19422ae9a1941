"""BTL-S8 K-wing pilots (Rebel Alliance): Esege Tuketu and Miranda Doni. The K-wing has no
ship ability; the Warden Squadron Pilot has no ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, range_of, recover_shield
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import lose_shields

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState


# ------------------------------------------------------------------ Esege Tuketu
def _esege_lends(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # his own ship spends its tokens by the rules; a remote is no friendly ship
    near = range_of(owner, user)
    return (user.id != owner.id and friendly(user, owner) and not user.remote
            and near is not None and near <= 2
            and user.id in (attack.attacker, attack.defender))


# a focus token's own effect (RR: FOCUS), paid from his tokens: a token effect, so it may
# be used again while he has focus tokens (as the ship's own focus tokens can)
register("pilot", "esegetuketu",
         DiceMod("spend Esege Tuketu's focus token: change all focus results",
                 dice=CardAbility("esegetuketu", "Esege Tuketu (his focus token: all focus "
                                  "to hits or evades)",
                                  effect=ChangeResults(None, (Face.FOCUS,),
                                                       (Face.HIT, Face.EVADE)),
                                  roles=BOTH_ROLES, cost=(("focus", 1),), repeatable=True),
                 applies=_esege_lends, for_others=True),
         description="A friendly ship at range 0-2 that defends or attacks may spend his "
                     "focus tokens as its own (each changes all its focus results).")


# ------------------------------------------------------------------ Miranda Doni
def _miranda_attacks(ctx: Ctx) -> bool:
    attack = ctx.attack
    return is_me(ctx, "attacker") and attack is not None and attack.primary \
        and bool(_miranda_options(ctx))


def _miranda_options(ctx: Ctx) -> list[Option]:
    attack = ctx.attack
    assert attack is not None
    found = []
    # RR: ATTACK - no dice are added to a primary attack at range 0: the shield would buy
    # nothing
    if ctx.ship.shields > 0 and attack.range > 0:
        found.append(Option("more", "spend 1 shield to roll 1 additional attack die"))
    if ctx.ship.shields == 0 and ctx.ship.shield_limit > 0:
        found.append(Option("fewer", "roll 1 fewer attack die to recover 1 shield"))
    return found


def miranda(ctx: Ctx, choice: Any) -> None:
    """Miranda Doni's trade: ``more`` (a shield for a die) or ``fewer`` (a die for one)."""
    attack = ctx.attack
    assert attack is not None
    if choice == "more":
        lose_shields(ctx.game, ctx.ship)  # spending the shield is the cost, not damage
        attack.extra_attack_dice += 1
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 1 shield to roll "
                       "1 additional attack die", ship=ctx.ship.id)
    else:
        attack.extra_attack_dice -= 1
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) rolls 1 fewer attack "
                       "die", ship=ctx.ship.id)
        recover_shield(ctx.game, ctx.ship)


register("pilot", "mirandadoni",
         Triggered("spend 1 shield for 1 more attack die, or unshielded, 1 fewer die for a "
                   "shield", window="before_attack_dice", requirement=_miranda_attacks,
                   choices=_miranda_options, effect=miranda),
         description="While she performs a primary attack, she may choose one: spend 1 shield for "
                     "1 extra attack die; or, with no shields active, recover 1 shield by rolling "
                     "1 fewer attack die.")
