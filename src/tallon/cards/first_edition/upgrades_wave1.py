"""First-edition upgrades of the Core Set and wave 1: the secondary weapons (Ion Cannon
Turret, Proton Torpedoes, Concussion and Cluster Missiles) and the astromechs; the Elite
talents are in :mod:`.upgrades_wave1_2`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import facedown_damage, is_me, recover_shield
from tallon.cards.first_edition.ordnance_1e import (
    hit_suffers_and_ion,
    ordnance_weapon,
    weapon_dice,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import change_one
from tallon.engine.abilities import CardAction, Ctx, Modifier, Triggered, Weapon
from tallon.engine.action_bodies import lock_targets
from tallon.engine.chance import PickAtRandom, RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, damage_title, repair_damage
from tallon.engine.state import ShipState
from tallon.engine.steps import continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------------ secondary weapons
# Reference (1e): a turret secondary weapon may also attack outside the firing arc
# (the data gives its arc as "all"); no cost, the card stays
register("upgrade", "1e-ioncannonturret",
         Weapon("Ion Cannon Turret"), *hit_suffers_and_ion("1e-ioncannonturret"),
         description="Attack (turret, 3 dice, Range 1-2): a hit deals just 1 damage plus 1 ion "
                     "token to the defender, then all results are canceled.")

register("upgrade", "1e-protontorpedoes",
         *ordnance_weapon("Proton Torpedoes", "1e-protontorpedoes"),
         weapon_dice("1e-protontorpedoes", "turn 1 focus into a critical hit",
                     change_one("1e-protontorpedoes", "Proton Torpedoes (1e)", Face.FOCUS,
                                Face.CRIT, ATTACKING)),
         description="Attack (target lock; spend it and discard this card): 4 dice at Range "
                     "2-3; may change 1 focus result to a critical hit.")

register("upgrade", "1e-concussionmissiles",
         *ordnance_weapon("Concussion Missiles", "1e-concussionmissiles"),
         weapon_dice("1e-concussionmissiles", "change 1 blank result to a hit",
                     change_one("1e-concussionmissiles", "Concussion Missiles (1e)",
                                Face.BLANK, Face.HIT, ATTACKING)),
         description="Attack (target lock; spend it and discard this card): 4 dice at Range "
                     "2-3; may change 1 blank result to a hit.")

register("upgrade", "1e-clustermissiles",
         *ordnance_weapon("Cluster Missiles", "1e-clustermissiles", twice=True),
         description="Attack (target lock; spend it and discard this card): 3 dice at Range "
                     "1-2, performed twice against the same defender.")


# ------------------------------------------------------------------ astromechs
def _speed(code: str) -> int:
    return int(code[0]) if code[:1].isdigit() else 0


def _r2_applies(ctx: Ctx) -> bool:
    code = str(ctx.event.get("maneuver") or "")
    return is_me(ctx) and _speed(code) in (1, 2) and code[-1:] in ("W", "R")


def _r2_green(ctx: Ctx, choice: Any) -> None:
    code = str(ctx.event["maneuver"])
    # green is two steps easier than red, one easier than white (FAQ (1e): an effect
    # making a maneuver harder wins over this one: Ruleset.difficulty_increase_wins)
    ctx.ship.execute_difficulty -= 2 if code.endswith("R") else 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) treats [{code}] as green "
                   "(R2 Astromech)", ship=ctx.ship.id)


register("upgrade", "1e-r2astromech",
         # before the stressed-red check (FAQ (1e), Revealing Red Maneuvers), and for the
         # ion maneuver too (FAQ (1e): R2 Astromech)
         Triggered("treat this 1- or 2-speed maneuver as green", window="before_execute",
                   requirement=_r2_applies, effect=_r2_green),
         description="May treat every 1- and 2-speed maneuver as green.")

register("upgrade", "1e-r2d2",
         # FAQ (1e): after the maneuver and its stress check, before an obstacle's damage
         Triggered("recover 1 shield", window="before_check_difficulty",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["difficulty"] == "blue"
                   and ctx.ship.shields < ctx.ship.shield_limit,
                   effect=lambda ctx, choice: recover_shield(ctx.game, ctx.ship)),
         description="After executing a green maneuver: may recover 1 shield.")

#: card memory: the round R2-F2's action raised the agility
R2F2_ROUND = "1e-r2f2:round"


def _r2f2(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(R2F2_ROUND, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}): agility +1 until the end of "
                   "the round (R2-F2)", ship=ctx.ship.id)


def _r2f2_agility(game: Game, owner: ShipState, ship: ShipState | None = None,
                  **facts: Any) -> int:
    return 1 if (ship is not None and ship.id == owner.id
                 and owner.recalled(R2F2_ROUND) == game.state.round) else 0


register("upgrade", "1e-r2f2",
         CardAction("increase the agility by 1 this round", effect=_r2f2),
         Modifier("agility +1 this round", hook="agility", value=_r2f2_agility),
         description="Action: agility value +1 until the end of the round.")


def roll_defense_die(ctx: Ctx, then: str, args: tuple[Any, ...] = ()) -> None:
    """Roll one defense die for an ability (unmodifiable), at once; the continuation
    ``then`` gets the face and ``args`` (as ``common.roll_die`` does with an attack die)."""
    ctx.game.now(RollDice("defense", 1, "common.die_rolled",
                          (ctx.ship.id, ctx.card, then, args), who=ctx.ship.name))


def _r5d8(ctx: Ctx, choice: Any) -> None:
    roll_defense_die(ctx, "1e-r5d8.rolled", (ctx.ship.id,))


@continuation("1e-r5d8.rolled")
def _r5d8_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    facedown = tuple(str(card.serial) for card in facedown_damage(ship))
    if face not in (Face.EVADE, Face.FOCUS) or not facedown:
        return
    # facedown cards are hidden: the one discarded is any of them
    game.now(PickAtRandom(facedown, "1e-r5d8.discard", (ship_id,),
                          what=f"a facedown damage card of {ship.name} ({ship.id})"))


@continuation("1e-r5d8.discard")
def _r5d8_discard(game: Game, serial: str, ship_id: str) -> None:
    repair_damage(game, game.state.ships[ship_id], int(serial))


register("upgrade", "1e-r5d8",
         CardAction("roll 1 defense die: evade or focus discards a facedown damage card",
                    effect=_r5d8),
         description="Action: roll a defense die; an evade or focus discards one of its "
                     "facedown damage cards.")


def _r5k6(ctx: Ctx, choice: Any) -> None:
    roll_defense_die(ctx, "1e-r5k6.rolled", (ctx.ship.id, str(ctx.event["target"])))


def _r5k6_mark(target: str) -> str:
    return f"1e-r5k6:{target}"


@continuation("1e-r5k6.rolled")
def _r5k6_rolled(game: Game, face: Face, ship_id: str, target: str) -> None:
    ship = game.state.ships[ship_id]
    if face is not Face.EVADE:
        return
    if target not in lock_targets(game, ship):
        # FAQ (1e), Q&A: an ability's lock still needs its target at Range 1-3
        game.event("ability", f"{ship.name} ({ship.id}) can't lock {target} again (R5-K6)",
                   ship=ship.id)
        return
    acquire_lock(game, ship, target)
    attack = game.state.attack
    if attack is not None and attack.attacker == ship.id:
        attack.marks[_r5k6_mark(target)] = 1  # not to be spent during this attack


def _r5k6_unspent(game: Game, owner: ShipState, attack: AttackState | None = None,
                  user: ShipState | None = None, source: str = "", spend: Any = (),
                  **facts: Any) -> bool:
    if attack is None or user is None or user.id != owner.id \
            or _r5k6_mark(attack.defender) not in attack.marks:
        return True
    return not (source == "lock" or any(name == "lock" for name, _ in spend or ()))


register("upgrade", "1e-r5k6",
         Triggered("roll 1 defense die: on an evade, acquire the lock again",
                   window="after_spend_lock", optional=False, requirement=is_me,
                   effect=_r5k6),
         Modifier("the lock R5-K6 gave back is not spent in this attack",
                  hook="dice_option_allowed", value=_r5k6_unspent),
         description="After spending a lock: roll a defense die; an evade relocks the same ship at "
                     "once (that lock is not spendable this attack).")


def damage_trait_1e(card: str) -> str:
    """A first-edition damage card's trait ("ship" or "pilot"), from its deck's data."""
    for deck in ("1e-core-tfa", "1e-core"):
        if card.startswith(deck + "-"):
            return next((str(c.type) for c in load_cards().damage_deck(deck).cards
                         if c.id == card), "")
    return ""


def _ship_trait_faceup(ship: ShipState) -> list[Option]:
    return [Option(str(d.serial), f"flip {damage_title(d.card)} facedown")
            for d in ship.damage if d.faceup and damage_trait_1e(d.card) == "ship"]


register("upgrade", "1e-r5astromech",
         Triggered("flip 1 faceup Ship damage card facedown", window="end_phase",
                   requirement=lambda ctx: bool(_ship_trait_faceup(ctx.ship)),
                   choices=lambda ctx: _ship_trait_faceup(ctx.ship),
                   effect=lambda ctx, choice: repair_damage(ctx.game, ctx.ship, int(choice))),
         description="During the End phase: may flip 1 faceup damage card with the Ship "
                     "trait facedown.")
