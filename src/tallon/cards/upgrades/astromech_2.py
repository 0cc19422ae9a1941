"""Astromech upgrades, continued: droids that take the ship through obstacles, repair it,
help it attack (M9-G8, R6-D8, R5-P8, R4-B11), let it attack friends (R5-TK) or keep damage
cards away (R1-J5, R4-P17)."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    attacking_if,
    dice,
    is_in_arc,
    is_me,
    obstruction_ignored,
    remove_token_choice,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.astromech import R2_SHIELD, R5_ACTIONS
from tallon.cards.upgrades.modification_2 import damage_trait, discard_instead
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, Window
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import (
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    damage_titles,
    locks_on,
    remove_token,
    repair_damage,
    suffer_damage,
)
from tallon.engine.obstacles import ignore_obstacles
from tallon.engine.queue import any_true
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc, Maneuver

# ------------------------------------------------------- obstacles: Q7, R5-X3
register("upgrade", "q7astromech",
         Modifier("boosts and barrel rolls can move through and overlap obstacles",
                  hook="reposition_through_obstacles",
                  # RR: CARD INTERPRETATION - "can" is a capability, always applied
                  value=lambda game, owner, **facts: True),
         description="Its boosts and barrel rolls can move through and overlap obstacles "
                     "(it still suffers their effects).")


def _r5x3(ctx: Ctx, choice: Any) -> None:
    ignore_obstacles(ctx.game, ctx.ship, this_phase=True)


def _r5x3_ability(window: str) -> Triggered:
    return Triggered("spend 1 charge to ignore obstacles until the end of this phase",
                     window=window, cost=Cost(charges=1),
                     # with no obstacle in play the charge would buy nothing (ruling)
                     requirement=lambda ctx: is_me(ctx) and bool(ctx.state.obstacles),
                     effect=_r5x3)


register("upgrade", "r5x3",
         _r5x3_ability("before_activate"), _r5x3_ability("before_engage"),
         Modifier("no obstruction by the obstacles it ignores", hook="ignore_obstruction",
                  value=obstruction_ignored),
         description="Before activating or engaging: may spend 1 charge to ignore obstacles "
                     "until the end of the phase.")


# ------------------------------------------------- the generic R2 and R5 (extended)
register("upgrade", "r2astromech", R2_SHIELD,
         description="After revealing the dial: may spend 1 charge and gain a disarm token "
                     "to recover 1 shield.")
register("upgrade", "r5astromech", *R5_ACTIONS,
         description="Action: spend 1 charge to repair a facedown damage card. Action: "
                     "repair a faceup Ship damage card.")


# ---------------------------------------------------------------------------- R2-A6
def _r2a6_options(ctx: Ctx) -> list[Option]:
    revealed = Maneuver.parse(str(ctx.ship.dial_set))
    found = []
    for code in ctx.ship.dial:
        other = Maneuver.parse(code)
        if other.bearing is revealed.bearing and abs(other.speed - revealed.speed) == 1:
            found.append(Option(code, f"set the dial to [{code}]"))
    return found


def _r2a6(ctx: Ctx, choice: Any) -> None:
    # RR: DIAL - the dial now shows the new maneuver: it is the one executed
    ctx.ship.dial_set = str(choice)
    ctx.game.event("reveal", f"{ctx.ship.name} ({ctx.ship.id}) sets its dial to [{choice}]",
                   ship=ctx.ship.id, maneuver=str(choice))


register("upgrade", "r2a6",
         Triggered("set the dial to the same bearing, 1 speed faster or slower",
                   window="after_reveal",
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.dial_set is not None,
                   choices=_r2a6_options, effect=_r2a6),
         description="After revealing its dial: may set the dial to a maneuver of the same "
                     "bearing, 1 speed higher or lower.")


# ---------------------------------------------------------------------------- M9-G8
def _m9g8_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # "while a ship you are locking performs an attack": the owner's player picks the die
    # in its own turn of the Modify Attack Dice step (RR: ATTACK step 2b - the defender's
    # player, then the attacker's), as the attacker's or the defender's side
    return attack.attacker in owner.locks and friendly(user, owner)


M9G8_FRIEND = CardAbility("m9g8", "M9-G8 (the attacker rerolls 1 attack die you choose)",
                          effect=RerollDice(1), roles=ATTACKING)

register("upgrade", "m9g8",
         DiceMod("choose 1 attack die of the attacker you lock: it rerolls it",
                 dice=dice("m9g8"), applies=_m9g8_applies, for_others=True),
         DiceMod("choose 1 attack die of the friendly attacker you lock: it rerolls it",
                 dice=M9G8_FRIEND, applies=_m9g8_applies, for_others=True),
         description="While a ship it has locked attacks: its player may choose 1 attack "
                     "die, which the attacker rerolls.")


# ---------------------------------------------------------------------------- R6-D8
def r6d8_ships(game: Any, attack: AttackState, owner: ShipState) -> int:
    """Friendly ships at range 0-3 of the attacker (itself included: RR: FRIENDLY) with the
    defender in their bullseye arc."""
    defender = game.state.ships[attack.defender]
    return sum(1 for s in ships_in_range(game, owner, 0, 3, friendly=True)
               if is_in_arc(s, defender, Arc.BULLSEYE))


def _r6d8(ships: int) -> DiceMod:
    # one ability per count (up to the 6 dice an attack can have), the one of this attack's
    # count applying: all share the dice key "r6d8", so the card is used once
    def applies(game: Any, attack: AttackState, owner: ShipState) -> bool:
        return min(r6d8_ships(game, attack, owner), 6) == ships

    return DiceMod(f"reroll up to {ships} attack dice", dice=dice("r6d8", ships),
                   applies=attacking_if(applies))


register("upgrade", "r6d8", *(_r6d8(n) for n in range(1, 7)),
         description="Attacking: may reroll up to 1 attack die per friendly ship at range "
                     "0-3 that has the defender in its bullseye arc.")


# ---------------------------------------------------------------------------- R5-P8
def _r5p8_after(ctx: Ctx, option: Any) -> None:
    # the die's new face decides (RR: DICE MODIFICATION: a rerolled die shows a new result)
    if Face.CRIT in ctx.event["rerolled"]:
        suffer_damage(ctx.game, ctx.ship, crits=1, cause="R5-P8")


register("upgrade", "r5p8",
         DiceMod("spend 1 charge: reroll 1 attack die (a crit rerolled hurts you)",
                 dice=dice("r5p8"),
                 applies=attacking_if(lambda game, attack, owner: is_in_arc(
                     owner, game.state.ships[attack.defender], Arc.FRONT)),
                 after=_r5p8_after),
         description="Attacking a defender in its front arc: may spend 1 charge to reroll 1 "
                     "attack die; if the die rerolls to a crit, it suffers 1 crit damage.")


# ---------------------------------------------------------------------------- R4-B11
R4B11 = "r4b11"
#: the defender's tokens R4-B11 may remove: orange and red (RR: TOKEN COLORS AND SHAPES),
#: and the locks on it (its red tokens: RR: FAQ)
R4B11_TOKENS = tuple(t for t in Token if t.colour in ("orange", "red"))


def _r4b11_used(attack: AttackState, owner: ShipState) -> bool:
    return any(k.startswith(f"{owner.id}:{R4B11}:") for k in attack.used)


def _r4b11_has(game: Any, defender: ShipState, token: str) -> bool:
    if token == "lock":
        return bool(locks_on(game, defender.id))
    kind = Token(token)
    return defender.has(kind) and not any_true(game, "token_removal_forbidden",
                                               ship=defender, token=kind)


def _r4b11(token: str) -> DiceMod:
    def applies(game: Any, attack: AttackState, owner: ShipState) -> bool:
        # one use per attack whatever token pays for it (RR: ONCE PER OPPORTUNITY)
        return not _r4b11_used(attack, owner) and \
            _r4b11_has(game, game.state.ships[attack.defender], token)

    return DiceMod(f"remove 1 {token} token from the defender: reroll any defense dice",
                   dice=CardAbility(f"remove-{token}", f"R4-B11 (remove the defender's "
                                    f"{token} token: reroll any defense dice)",
                                    effect=RerollDice(), window=Window.OPPONENT_DICE,
                                    roles=ATTACKING),
                   applies=attacking_if(applies), after=_r4b11_paid)


def _r4b11_paid(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    defender = ctx.other(attack.defender)
    token = option.source.removeprefix("remove-")
    if token != "lock":
        remove_token(ctx.game, defender, Token(token))
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) removes 1 {token} token "
                       f"from {defender.name} ({defender.id}) (R4-B11)", ship=ctx.ship.id)
        return
    # several ships lock the defender: the attacker's player picks the lock removed
    choices = tuple(o for o in token_choices(ctx.game, defender, ("red",))
                    if o.key.startswith("lock:"))
    ctx.game.now(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                     "R4-B11 - remove which lock from the defender?", choices,
                     "r4b11.lock_removed", (defender.id,), ship=ctx.ship.id))


@continuation("r4b11.lock_removed")
def _r4b11_lock_removed(game: Any, answer: str, defender_id: str) -> None:
    remove_token_choice(game, game.state.ships[defender_id], answer)


register("upgrade", R4B11, *(_r4b11(t.value) for t in R4B11_TOKENS), _r4b11("lock"),
         description="Attacking: may take 1 orange or red token (a lock on it included) off the "
                     "defender to reroll as many defense dice as it likes.")


# ----------------------------------------------------------------------------- R5-TK
register("upgrade", "r5tk",
         Modifier("can attack friendly ships", hook="attack_friendly",
                  # RR: FRIENDLY - "unless specified otherwise": this card specifies
                  value=lambda game, owner, **facts: True),
         description="Can perform attacks against friendly ships.")


# ---------------------------------------------------------------------------- R1-J5
R1J5 = "r1j5"


def _r1j5_stressed(game: Any, owner: ShipState, ship: ShipState | None = None,
                   spec: Any = None, **facts: Any) -> bool:
    # an action on a damage card is a card action whose source is "<card>@<serial>"
    return (ship is not None and ship.id == owner.id and spec is not None
            and owner.count(Token.STRESS) <= 2
            and spec.source.partition("@")[0] in damage_titles()
            and "@" in spec.source)


def _r1j5_again(ctx: Ctx) -> bool:
    # "after you repair a damage card with the Ship trait": a faceup one, flipped facedown
    # (a facedown card repaired is discarded: nothing is left to repair again)
    if not is_me(ctx) or not ctx.event["faceup"]:
        return False
    card = next((d for d in ctx.ship.damage if d.serial == ctx.event["serial"]), None)
    return card is not None and not card.faceup and damage_trait(card.card) == "ship"


register("upgrade", R1J5,
         Modifier("with 2 or fewer stress, actions on damage cards even while stressed",
                  hook="may_act_stressed", value=_r1j5_stressed),
         Triggered("spend 1 charge to repair the Ship damage card again", window="after_repair",
                   cost=Cost(charges=1), requirement=_r1j5_again,
                   effect=lambda ctx, choice: repair_damage(ctx.game, ctx.ship,
                                                            ctx.event["serial"])),
         description="With 2 or fewer stress tokens: can perform actions on damage cards "
                     "while stressed. After repairing a faceup Ship damage card: may spend 1 "
                     "charge to repair it again (it is discarded).")


# ---------------------------------------------------------------------------- R4-P17
R4P17 = "r4p17-siegeofcoruscant"


def _r4p17_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    attack = ctx.attack
    return facts["ship"] == ctx.ship.id and (attack is None or attack.defender != ctx.ship.id)


register("upgrade", R4P17,
         Replacement("spend 1 charge and gain 1 strain: discard the damage card instead",
                     point="deal_damage_card", cost=Cost(charges=1, gain=(("strain", 1),)),
                     applies=_r4p17_applies,
                     replace=lambda ctx, facts, choice: discard_instead(ctx.game, facts)),
         description="About to be dealt a damage card (faceup or facedown) while not "
                     "defending: may spend 1 charge and gain 1 strain token to discard it "
                     "instead.")
