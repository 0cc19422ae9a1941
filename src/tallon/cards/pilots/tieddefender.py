"""TIE/D Defender pilots (Galactic Empire), with the Battle over Endor standard-loadout
versions, and the ship abilities Full Throttle and Chiss Engineering (Battle over Endor).
Delta Squadron Pilot and Onyx Squadron Ace have no ability text.

The TIE Defender Elite configuration, which replaces Full Throttle with Advanced Fire
Control, is in ``cards/upgrades/configuration_tieddefender.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import tallon.cards.pilots.tieininterceptor  # noqa: F401 - Vult Skerris's first printing
from tallon.cards.acting import grant_action, granted
from tallon.cards.common import attacking_if, defending_if, dice, is_me, range_of
from tallon.cards.guarding import guards_defender
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.data import load_cards
from tallon.dice import (
    DEFENDING,
    CancelResults,
    CardAbility,
    Face,
    Window,
)
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.effects import acquire_lock, can_lock, gain_token, locks_on, lose_shields
from tallon.engine.queue import any_true
from tallon.engine.state import ShipState, Token
from tallon.engine.weapons import weapons_of
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def fast_full_maneuver(ctx: Ctx) -> bool:
    """The card's ship fully executed a speed 3-5 maneuver (RR: FULLY EXECUTE)."""
    return is_me(ctx) and bool(ctx.event.get("full")) and 3 <= ctx.event.get("speed", 0) <= 5


def weapon_type(ship: ShipState, weapon: str | None) -> str | None:
    """The upgrade type (cannon, missile, turret, ...) of the special weapon ``weapon`` (a
    weapon id) of ``ship``; None for a primary weapon."""
    for kind, xws, side in ship.cards:
        if kind == "upgrade" and xws == weapon:
            sides = load_cards().upgrade(xws).sides
            return str(sides[min(side, len(sides) - 1)].type)
    return None


def weapons_of_type(game: Game, ship: ShipState, upgrade_type: str) -> tuple[str, ...]:
    """The ids of the ship's special weapons of one upgrade type ("a [Cannon] attack")."""
    return tuple(w.id for w in weapons_of(game, ship)
                 if not w.primary and weapon_type(ship, w.id) == upgrade_type)


# -------------------------------------------------------------- Full Throttle
FULL_THROTTLE_EVADE = granted("evade", "white", "Full Throttle")

# RR: ION - an ionized ship can't take the evade (FAQ): the grant offers only what it can do
register("ship_ability", "Full Throttle",
         grant_action("perform an evade action", "after_execute",
                      lambda ctx: [FULL_THROTTLE_EVADE], requirement=fast_full_maneuver),
         description="After fully executing a speed 3-5 maneuver: may perform an evade "
                     "action.")


# ---------------------------------------------------------- Chiss Engineering
CHISS_LOCK = granted("lock", "white", "Chiss Engineering")


def _range_one_bonus_buys_a_die(game: Game, attack: AttackState) -> bool:
    """Whether the range 1 bonus would add a die this attack does not already get
    (RR: RANGE BONUS: not with the ordnance icon nor when a card forbids it; at range 1 it
    applies anyway; RR: ATTACK: no die is added to a primary attack at range 0)."""
    return (attack.range != 1 and not attack.weapon.ordnance
            and not (attack.range == 0 and attack.primary)
            and not any_true(game, "no_range_bonus", attack=attack, kind="attack"))


def _chiss_bonus(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and not ctx.ship.stressed
            and ctx.ship.shields > 0 and _range_one_bonus_buys_a_die(ctx.game, attack))


def _chiss_spend_shield(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    lose_shields(ctx.game, ctx.ship)  # spent as a cost, not damage
    attack.extra_attack_dice += 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 1 shield to apply "
                   "the range 1 bonus", ship=ctx.ship.id)


register("ship_ability", "Chiss Engineering",
         grant_action("perform a lock action", "after_execute", lambda ctx: [CHISS_LOCK],
                      requirement=fast_full_maneuver),
         # RR: RANGE BONUS
         Triggered("spend 1 shield to apply the range 1 bonus", window="before_attack_dice",
                   requirement=_chiss_bonus, effect=_chiss_spend_shield),
         description="After fully executing a speed 3-5 maneuver: may perform a lock "
                     "action. Attacking while not stressed: may spend 1 shield to apply the "
                     "range 1 bonus (1 more attack die).")


# ------------------------------------------------------------- Colonel Vessery
def _vessery(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not (is_me(ctx, "attacker") and ctx.event.get("kind") == "attack"
            and attack is not None):
        return False
    defender = attack.defender
    near = range_of(ctx.ship, ctx.other(defender))
    # RR: LOCK - a locked ship has a lock token of any ship; acquired by an ability, the
    # lock is at range 0-3; one he already has would change nothing
    return (bool(locks_on(ctx.game, defender)) and defender not in ctx.ship.locks
            and near is not None and near <= 3 and can_lock(ctx.game, ctx.ship, defender)
            is None)


register("pilot", "colonelvessery",
         Triggered("acquire a lock on the defender", window="after_dice_rolled",
                   requirement=_vessery,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="Attacking a locked ship, after rolling attack dice: may acquire a lock "
                     "on the defender.")


# --------------------------------------------------------------- Countess Ryad
_HARDER = {"B": "W", "W": "R", "R": "R"}


def _ryad(game: Any, owner: ShipState, maneuver: str = "", **facts: Any) -> list[str]:
    if not maneuver:
        return []
    straight = Maneuver.parse(maneuver)
    if straight.bearing.value != "F" or straight.difficulty is None \
            or straight.difficulty.value not in _HARDER:
        return []  # a purple maneuver's difficulty never changes (RR: DIFFICULTY)
    colour = _HARDER[straight.difficulty.value]
    # RR: STRESS - a stressed ship can't execute the red Koiogran turn it would become
    if colour == "R" and owner.stressed and not any_true(
            game, "may_execute_red_stressed", ship=owner):
        return []
    return [f"{straight.speed}K{colour}"]


# RR: KOIOGRAN TURN (K)
register("pilot", "countessryad",
         Modifier("a straight maneuver, 1 difficulty harder, as a Koiogran turn",
                  hook="maneuver_alternatives", value=_ryad),
         description="About to execute a straight maneuver: may increase its difficulty to "
                     "execute it as a Koiogran turn of the same speed instead.")


# ---------------------------------------------------------------- Rexler Brath
def _rexler(ctx: Ctx) -> bool:
    defender = ctx.state.ships.get(ctx.event.get("defender", ""))
    return (is_me(ctx, "attacker") and bool(ctx.event.get("hit"))
            and ctx.ship.has(Token.EVADE) and defender is not None
            and any(not card.faceup for card in defender.damage))


# RR: EVADE - evading: at least one evade token; RR: DAMAGE CARDS - the card is at random
register("pilot", "rexlerbrath",
         Triggered("expose 1 of the defender's damage cards", window="after_attack",
                   optional=False, requirement=_rexler,
                   effect=lambda ctx, choice: expose_random(ctx.game,
                                                            ctx.other(ctx.event["defender"]))),
         description="After an attack that hits, while he has an evade token: the defender "
                     "exposes 1 of its facedown damage cards (at random).")


# --------------------------------------------------------------- Captain Dobbs
DOBBS = CardAbility("captaindobbs", "Captain Dobbs (gain 1 ion token: cancel 1 hit)",
                    effect=CancelResults(Face.HIT), window=Window.BEFORE_NEUTRALIZE,
                    roles=DEFENDING)


def _dobbs_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                   ) -> bool:
    # RR: ION - "not ionized"; RR: ATTACK ARC - the arc of the weapon the attacker uses
    return (not user.remote and not owner.ionized
            and guards_defender(game, attack, owner, user))


def _dobbs_ion(ctx: Ctx, option: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.ION)


register("pilot", "captaindobbs",
         DiceMod("gain 1 ion token to cancel 1 hit against a friend", dice=DOBBS,
                 for_others=True, applies=_dobbs_applies, after=_dobbs_ion),
         description="Another friendly ship at range 0-1 defends and he is in the attack arc, "
                     "not ionized: before Neutralize Results he may gain 1 ion token to "
                     "cancel 1 hit result.")


# ------------------------------------------------------- Captain Yorr (Endor)
def _yorr_cannons(ctx: Ctx) -> tuple[str, ...]:
    return weapons_of_type(ctx.game, ctx.ship, "cannon")


def _yorr(ctx: Ctx) -> bool:
    cannons = _yorr_cannons(ctx)
    return (is_me(ctx, "attacker") and bool(ctx.event.get("primary"))
            and bool(ctx.event.get("hit")) and bool(cannons)
            and can_bonus_attack(ctx.game, ctx.ship, only=cannons))


# RR: BONUS ATTACK
register("pilot", "captainyorr-battleoverendor",
         Triggered("spend 1 charge to perform a bonus cannon attack", window="after_attack",
                   bonus_attack=True, cost=Cost(charges=1), requirement=_yorr,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, only=_yorr_cannons(ctx))),
         description="After a primary attack that hits: may spend 1 charge to perform a "
                     "bonus cannon attack.")


# ------------------------------------------------------ Colonel Jendon (Endor)
JENDON = dice("coloneljendon-battleoverendor")

# RR: SHIELDS - not shielded: no active shield
register("pilot", "coloneljendon-battleoverendor",
         DiceMod("change 1 blank result to a focus result", dice=JENDON,
                 applies=defending_if(lambda game, attack, owner: owner.shields == 0)),
         description="Defending without an active shield: may change 1 blank result to a "
                     "focus result.")


# ---------------------------------------------------------- Darth Vader (TIE/D)
def _vader_forbids(game: Any, owner: ShipState, ship: ShipState | None = None,
                   attacking: bool = False, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and not attacking


VADER = dice("darthvader-tieddefender")

# RR: FORCE CHARGE - every way of spending it asks the hook (costs, dice, purple actions and
# maneuvers, weapon waivers, template costs); attacking includes declaring the attack
register("pilot", "darthvader-tieddefender",
         Modifier("can't spend Force except while attacking", hook="force_spend_forbidden",
                  value=_vader_forbids),
         DiceMod("spend 1 Force: change 1 blank to a hit", dice=VADER, applies=attacking_if()),
         description="Can spend Force only while attacking. Attacking: may spend 1 Force to "
                     "change 1 blank result to a hit.")
