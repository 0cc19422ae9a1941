"""TIE Advanced v1 pilots (Galactic Empire): the Inquisitors who use the Force. The ship has
no ship ability; Baron of the Empire and Inquisitor have no pilot ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import attacking_if, dice, is_me
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.queue import any_true
from tallon.engine.state import ShipState

# ------------------------------------------------------------- Grand Inquisitor
GRAND = "grandinquisitor"
#: attack marks: the Force was spent to prevent / to apply the range 1 bonus
PREVENTED = f"{GRAND}:prevented"
APPLIED = f"{GRAND}:applied"


def _bonus_possible(ctx: Ctx) -> bool:
    # RR: RANGE BONUS - never with the ordnance icon, nor when a card removes it
    attack = ctx.attack
    return (attack is not None and not attack.weapon.ordnance
            and not any_true(ctx.game, "no_range_bonus", attack=attack, kind="attack"))


def _may_prevent(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and attack is not None and attack.range == 1
            and _bonus_possible(ctx))


def _may_apply(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and attack.range in (2, 3)
            and _bonus_possible(ctx))


def _mark(key: str) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        assert ctx.attack is not None
        ctx.attack.marks[f"{ctx.ship.id}:{key}"] = 1
        done = "prevents" if key == PREVENTED else "applies"
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) {done} the range 1 bonus",
                       ship=ctx.ship.id)
    return effect


def _prevented(game: Any, owner: ShipState, attack: Any = None, kind: str = "",
               **facts: Any) -> bool:
    return (attack is not None and kind == "attack" and attack.defender == owner.id
            and attack.marks.get(f"{owner.id}:{PREVENTED}", 0) > 0)


def _applied(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return int(attack is not None and attack.attacker == owner.id
               and attack.marks.get(f"{owner.id}:{APPLIED}", 0) > 0)


register("pilot", GRAND,
         Triggered("spend 1 Force to prevent the range 1 bonus", window="before_attack_dice",
                   cost=Cost(force=1), requirement=_may_prevent, effect=_mark(PREVENTED)),
         Modifier("the attacker gets no range 1 bonus", hook="no_range_bonus",
                  value=_prevented),
         Triggered("spend 1 Force to apply the range 1 bonus", window="before_attack_dice",
                   cost=Cost(force=1), requirement=_may_apply, effect=_mark(APPLIED)),
         Modifier("the range 1 bonus at range 2-3", hook="attack_dice", value=_applied),
         description="Defending at attack range 1: may spend 1 Force so the attacker gets no "
                     "range 1 bonus. Attacking at attack range 2-3: may spend 1 Force to get "
                     "the range 1 bonus (1 more attack die).")


# --------------------------------------------------------------- Seventh Sister
SEVENTH = dice("seventhsister")

register("pilot", "seventhsister",
         DiceMod("spend 2 Force: cancel 1 evade result", dice=SEVENTH,
                 applies=attacking_if(lambda game, attack, owner: attack.primary)),
         description="Primary attack, before the Neutralize Results step: may spend 2 Force "
                     "to cancel 1 evade result.")


# ---------------------------------------------------------------- Fifth Brother
def _fifth_hit(ctx: Ctx) -> bool:
    return is_me(ctx, "attacker") and ctx.attack is not None and ctx.attack.hit


def _add_crit(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    # RR: ATTACK step 4 - the results are already neutralized: the crit joins those left
    if attack.attack_dice is not None:
        attack.attack_dice.add(Face.CRIT)
    attack.crits += 1
    ctx.game.event("neutralize", f"{ctx.ship.name} ({ctx.ship.id}) adds 1 critical hit "
                   f"result: {attack.hits} hit(s), {attack.crits} critical hit(s) uncanceled",
                   ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)


register("pilot", "fifthbrother",
         Triggered("spend 2 Force to add 1 critical hit result", window="after_neutralize",
                   cost=Cost(force=2), requirement=_fifth_hit, effect=_add_crit),
         description="While he attacks, once the Neutralize Results step is over, if the attack "
                     "hit: may spend 2 Force to add 1 critical hit result.")
