"""Cannon upgrades: special weapons without ordnance charges, most of them changing what
the results do (RR: SPECIAL WEAPON, RR: ATTACK, RR: INFLECT, RR: ION, RR: JAM, RR: TRACTOR,
RR: RANGE BONUS, RR: BONUS ATTACK), and Ancillary Ion Weapons, which changes the primary
attack's critical hits into ion tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import dice, event_ship, is_in_arc, is_me
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import (
    GainTokens,
    attacking_with,
    in_arc_of_attacker,
    ion_results,
    replaces_damage,
    with_weapon,
)
from tallon.dice import Face
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import cannot_attack, valid_targets
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def inflict_tokens(card: str, token: Token) -> Triggered:
    """"If this attack hits, all hit/crit results inflict (tokens) instead of damage"
    (RR: INFLECT): the defender gains one token per uncanceled result, given by the
    attacker's player (who then makes the jam or tractor choices). Pair it with
    ``replaces_damage``."""

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        gain_token(ctx.game, ctx.other(attack.defender), token, attack.hits + attack.crits,
                   ctx.ship.owner)

    return Triggered(f"the results inflict {token.value} tokens instead of damage",
                     window="attack_hit", optional=False,
                     requirement=lambda ctx: attacking_with(ctx, card), effect=effect)


# ------------------------------------------------------------------ Ion Cannon
register("upgrade", "ioncannon",
         Weapon("Ion Cannon"),
         replaces_damage("ioncannon", "the results give ion tokens instead of damage"),
         ion_results("ioncannon"),
         description="Attack: 3 dice at range 1-3 in the front arc; on a hit, one hit or "
                     "critical result deals 1 regular damage and each other one gives the "
                     "defender an ion token instead of damage.")


# ------------------------------------------------------- Jamming Beam, Tractor Beam
register("upgrade", "jammingbeam",
         Weapon("Jamming Beam"),
         replaces_damage("jammingbeam", "the results give jam tokens instead of damage"),
         inflict_tokens("jammingbeam", Token.JAM),
         description="Attack: 3 dice at range 1-2 in the front arc; on a hit, no damage: the "
                     "defender gains 1 jam token per uncanceled hit or critical result.")

register("upgrade", "tractorbeam",
         Weapon("Tractor Beam"),
         replaces_damage("tractorbeam", "the results give tractor tokens instead of damage"),
         inflict_tokens("tractorbeam", Token.TRACTOR),
         description="Attack: 3 dice at range 1-3 in the front arc; on a hit, no damage: the "
                     "defender gains 1 tractor token per uncanceled hit or critical result.")


# ---------------------------------------------------------- Heavy Laser Cannon
def crits_to_hits(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None and attack.attack_dice is not None
    pool = attack.attack_dice
    for index, die in enumerate(pool.dice):
        if die.face is Face.CRIT:
            pool.change(index, Face.HIT)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): Heavy Laser Cannon turns "
                   "every critical hit result into a hit", ship=ctx.ship.id)


def has_crit(ctx: Ctx) -> bool:
    attack = ctx.attack
    return attack is not None and attack.attack_dice is not None and \
        attack.attack_dice.count(Face.CRIT) > 0


# "after the Modify Attack Dice step": the Defense Dice step's opening window comes next
register("upgrade", "heavylasercannon",
         Weapon("Heavy Laser Cannon"),
         Triggered("change every critical hit result to a hit", window="before_defense_dice",
                   optional=False,
                   requirement=lambda ctx: attacking_with(ctx, "heavylasercannon")
                   and has_crit(ctx), effect=crits_to_hits),
         description="Attack: 4 dice at range 2-3 in the bullseye arc; once the attack dice "
                     "are modified, every critical hit result becomes a hit.")


# --------------------------------------------------------------- Proton Cannons
register("upgrade", "protoncannons",
         Weapon("Proton Cannons", cost=Cost(charges=2)),
         DiceMod("change 1 focus or hit to a critical hit", dice=dice("protoncannons"),
                 applies=with_weapon("protoncannons")),
         description="Attack, 2 charges (2, 1 recurring): 4 dice at range 2-3 in the bullseye "
                     "arc; 1 focus or hit result must become a critical hit.")


# -------------------------------------------------------- Precision-Tuned Cannons
PRECISION = "precisiontunedcannons-battleoverendor"
_with_precision = with_weapon(PRECISION)


def _precision_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                       ) -> bool:
    return _with_precision(game, attack, owner, user) and in_arc_of_attacker(
        game, attack, Arc.BULLSEYE)


register("upgrade", PRECISION,
         Weapon("Precision-Tuned Cannons"),
         DiceMod("add 1 focus result", dice=dice(PRECISION), applies=_precision_applies),
         description="Attack: 2 dice at range 2-3 in the front arc; with the defender in the "
                     "bullseye arc, a focus result is added to the attack dice.")


# ------------------------------------------------------------------ Autoblasters
def _autoblasters_die(game: Game, owner: ShipState, attack: AttackState | None = None,
                      **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or attack.weapon.card != "autoblasters":
        return 0
    return 1 if in_arc_of_attacker(game, attack, Arc.BULLSEYE) else 0


def _outside_defender_front(game: Game, owner: ShipState, attack: AttackState | None = None,
                            **facts: Any) -> bool:
    if attack is None or attack.attacker != owner.id or attack.weapon.card != "autoblasters":
        return False
    defender = game.state.ships[attack.defender]
    # RR: ATTACKING REMOTES - a remote without arcs has nothing "not in" its arcs either
    return not defender.remote and not is_in_arc(defender, owner, Arc.FRONT)


register("upgrade", "autoblasters",
         Weapon("Autoblasters"),
         Modifier("roll 1 more die with the defender in the bullseye arc", hook="attack_dice",
                  value=_autoblasters_die),
         Modifier("evades don't cancel critical hits outside the defender's front arc",
                  hook="evades_ignore_crits", value=_outside_defender_front),
         description="Attack: 2 dice at range 1-2 in the front arc, 1 more with the defender "
                     "in the bullseye arc; when the attacker is outside the defender's front "
                     "arc, evade results cancel no critical hit results.")


# --------------------------------------------------------- Synced Laser Cannons
def _synced(game: Game, owner: ShipState, attack: AttackState | None = None,
            kind: str = "", **facts: Any) -> bool:
    # RR: CALCULATE - "calculating" is read when the defense dice are counted, after the
    # attacker may have spent its calculate tokens on its own dice
    return (attack is not None and kind == "defense" and attack.attacker == owner.id
            and attack.weapon.card == "syncedlasercannons" and owner.has(Token.CALCULATE))


register("upgrade", "syncedlasercannons",
         Weapon("Synced Laser Cannons"),
         Modifier("a calculating attacker denies the defender its range bonus",
                  hook="no_range_bonus", value=_synced),
         description="Attack: 3 dice at range 2-3 in the front arc; while the attacker has a "
                     "calculate token, the defender gets no range 3 bonus die.")


# --------------------------------------------------- Underslung Blaster Cannon
UNDERSLUNG = "underslungblastercannon"


def _underslung_targets(ctx: Ctx) -> tuple[str, ...]:
    enemy = event_ship(ctx)
    ship = ctx.ship
    if enemy.owner == ship.owner or not enemy.in_play or ship.bonus_attack_done \
            or not ship.in_play or cannot_attack(ctx.game, ship):
        return ()
    return (enemy.id,) if valid_targets(ctx.game, ship, (UNDERSLUNG,), (enemy.id,)) else ()


def _underslung(ctx: Ctx, choice: Any) -> None:
    perform_bonus_attack(ctx.game, ctx.ship, only=(UNDERSLUNG,),
                         defenders=_underslung_targets(ctx))


def _lock_only(game: Game, owner: ShipState, attack: AttackState | None = None,
               kind: str = "", source: str = "", source_ship: ShipState | None = None,
               **facts: Any) -> bool:
    if attack is None or attack.attacker != owner.id or attack.weapon.card != UNDERSLUNG \
            or kind != "attack":
        return True
    # "your dice can be modified only by ...": whoever would modify them (ruling)
    return source == "lock" and source_ship is not None and source_ship.id == owner.id


register("upgrade", UNDERSLUNG,
         Weapon("Underslung Blaster Cannon", requires="lock"),
         Modifier("the attack dice are modified only by spending the lock",
                  hook="dice_option_allowed", value=_lock_only),
         Triggered("attack the enemy ship that just moved, as a bonus attack",
                   window="after_execute", bonus_attack=True,
                   requirement=lambda ctx: bool(_underslung_targets(ctx)), effect=_underslung),
         description="Attack (lock): 2 dice at range 1 in the turret arc, no range bonus; its "
                     "dice are modified by nothing but the lock's reroll. After an enemy ship "
                     "executes a maneuver, may make this attack against it as a bonus attack.")


# ------------------------------------------------------- Ancillary Ion Weapons
ANCILLARY = "ancillaryionweapons-siegeofcoruscant"
ANCILLARY_MARK = "ancillaryionweapons-ion"


def _ancillary_armed(game: Game, attack: AttackState | None, ship_id: str) -> bool:
    return attack is not None and attack.attacker == ship_id and attack.primary and \
        attack.marks.get(f"{ship_id}:{ANCILLARY_MARK}", 0) > 0


def _arm(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[f"{ctx.ship.id}:{ANCILLARY_MARK}"] = 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): its critical hit results "
                   "will inflict ion tokens instead of damage", ship=ctx.ship.id)


def _ion_crits(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    # RR: ATTACK step 5 - the regular damage first; the crits' ion tokens take their place
    suffer_damage(ctx.game, defender, hits=attack.hits, cause="the attack")
    if attack.crits:
        ctx.game.now(GainTokens(defender.id, "ion", attack.crits, ctx.ship.owner))


def _armed_value(game: Game, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> bool:
    return _ancillary_armed(game, attack, owner.id)


register("upgrade", ANCILLARY,
         Triggered("spend 2 charges: critical hit results inflict ion tokens",
                   window="before_attack_dice", cost=Cost(charges=2),
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.attack is not None
                   and ctx.attack.primary, effect=_arm),
         Modifier("critical hit results inflict ion tokens instead of damage",
                  hook="weapon_replaces_damage", value=_armed_value),
         Triggered("the hits deal damage, the critical hits give ion tokens",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: _ancillary_armed(ctx.game, ctx.attack, ctx.ship.id),
                   effect=_ion_crits),
         description="2 charges (1 recurring). During a primary attack, before the attack "
                     "dice are rolled: may spend 2 charges so that each uncanceled critical "
                     "hit result gives the defender an ion token instead of damage.")

