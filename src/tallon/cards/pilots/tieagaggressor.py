"""TIE/ag Aggressor pilots (Galactic Empire): "Double Edge" and Lieutenant Kestal. The ship
has no ship ability; Onyx Squadron Scout and Sienar Specialist have no ability text."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me
from tallon.cards.pilots.tieddefender import weapon_type
from tallon.cards.registry import register
from tallon.cards.upgrades.gunner import is_turret
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.weapons import weapons_of

# ---------------------------------------------------------------- "Double Edge"


def _turret_or_missile(ctx: Ctx) -> bool:
    used = ctx.event.get("weapon")
    spec = next((w for w in weapons_of(ctx.game, ctx.ship) if w.id == used), None)
    return spec is not None and (is_turret(spec) or weapon_type(ctx.ship, used) == "missile")


def _other_weapons(ctx: Ctx) -> tuple[str, ...]:
    used = ctx.event.get("weapon")
    return tuple(w.id for w in weapons_of(ctx.game, ctx.ship) if w.id != used)


def _double_edge(ctx: Ctx) -> bool:
    others = _other_weapons(ctx)
    return (is_me(ctx, "attacker") and not ctx.event.get("hit") and _turret_or_missile(ctx)
            and bool(others) and can_bonus_attack(ctx.game, ctx.ship, only=others))


# RR: BONUS ATTACK - any defender in reach; only the weapon must differ
register("pilot", "doubleedge",
         Triggered("bonus attack with a different weapon", window="after_attack",
                   bonus_attack=True, requirement=_double_edge,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=_other_weapons(ctx))),
         description="After a turret or missile attack that misses: may perform a bonus "
                     "attack with a different weapon.")


# ----------------------------------------------------------- Lieutenant Kestal
_CANCELED = (Face.BLANK, Face.FOCUS)


def _kestal(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and ctx.event.get("kind") == "defense"
            and attack is not None and attack.defense_dice is not None
            and any(attack.defense_dice.count(face) for face in _CANCELED))


def _kestal_cancel(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None and attack.defense_dice is not None
    pool = attack.defense_dice
    # RR: CANCEL - the dice are removed; canceling is not modifying dice
    gone = [i for i, die in enumerate(pool) if die.face in _CANCELED]
    for index in reversed(gone):
        pool.remove(index)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) cancels {len(gone)} blank "
                   "and focus defense result(s)", ship=ctx.ship.id)


register("pilot", "lieutenantkestal",
         Triggered("spend 1 focus token to cancel the defender's blank and focus results",
                   window="after_dice_rolled", cost=Cost(tokens=(("focus", 1),)),
                   requirement=_kestal, effect=_kestal_cancel),
         description="While he attacks, after the defender rolls defense dice: may spend 1 focus "
                     "token; the defender's blank and focus results are all cancelled.")
