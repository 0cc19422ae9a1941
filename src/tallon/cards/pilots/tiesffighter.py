"""TIE/sf Fighter pilots (First Order) and the ship ability Heavy Weapon Turret. Omega
Squadron Expert and Zeta Squadron Survivor have no pilot ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking,
    is_in_arc,
    is_me,
    remember,
    this_round,
)
from tallon.cards.guarding import friend_takes_result
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.allegiance import friendly
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import locks_on
from tallon.engine.state import AttackState, ShipState
from tallon.engine.steps import Ask, continuation
from tallon.engine.weapons import weapons_of
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------------ the ship ability
def _front_or_rear(game: Any, owner: ShipState, ship: ShipState | None = None,
                   **facts: Any) -> tuple[Arc, ...] | None:
    return (Arc.FRONT, Arc.REAR) if ship is not None and ship.id == owner.id else None


def _missile_arc(game: Any, owner: ShipState, card: str = "", arc: str = "",
                 **facts: Any) -> str | None:
    # RR: SPECIAL WEAPON - only the [Front Arc] requirement of a missile changes (a
    # bullseye or full front arc missile keeps its own)
    if arc == "front" and load_cards().upgrade(card).slot == "missile":
        return "single_turret"
    return None


register("ship_ability", "Heavy Weapon Turret",
         # RR: ROTATE
         Modifier("the turret rotates only to the front or rear arc",
                  hook="turret_arcs_allowed", value=_front_or_rear),
         Modifier("missiles attack from the turret arc", hook="special_weapon_arc",
                  value=_missile_arc),
         description="The turret indicator can be rotated only to the front or rear arc. "
                     "Its missiles' front arc requirement is its single turret arc instead.")


# ----------------------------------------------------------------------- "Quickdraw"
QUICKDRAW = "quickdraw"
QUICKDRAW_PENDING = f"{QUICKDRAW}:bonus attack round"


def primary_weapons(game: Game, ship: ShipState) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(game, ship) if w.primary)


def primary_now_or_after(ctx: Ctx, pending: str) -> None:
    """Perform a bonus primary attack now or, during an attack, remember (card memory
    ``pending``: the round) to perform it after that attack (:func:`primary_after`)."""
    if ctx.attack is not None:
        # RR: BONUS ATTACK - during an attack the bonus attack waits for its Aftermath step
        remember(ctx.ship, pending, ctx.state.round)
        return
    perform_bonus_attack(ctx.game, ctx.ship, only=primary_weapons(ctx.game, ctx.ship))


def primary_after(pending: str, label: str) -> tuple[Triggered, Triggered]:
    """The primary attack :func:`primary_now_or_after` left pending, once the attack in
    progress is over, whichever side the ship's player was on."""
    def due(side: str) -> Any:
        def requirement(ctx: Ctx) -> bool:
            # the attack's side her player is on resolves her bonus attack (RR: ATTACK step 6)
            return (this_round(ctx, ctx.ship, pending)
                    and friendly(ctx.other(ctx.event[side]), ctx.ship))

        return requirement

    def bonus(ctx: Ctx, choice: Any) -> None:
        remember(ctx.ship, pending, None)
        perform_bonus_attack(ctx.game, ctx.ship, only=primary_weapons(ctx.game, ctx.ship))

    return (Triggered(label, window="after_defend", bonus_attack=True, optional=False,
                      requirement=due("defender"), effect=bonus),
            Triggered(label, window="after_attack", bonus_attack=True, optional=False,
                      requirement=due("attacker"), effect=bonus))


register("pilot", QUICKDRAW,
         Triggered("spend 1 charge: perform a bonus primary attack", window="after_lose_shield",
                   requirement=lambda ctx: is_me(ctx) and not ctx.ship.bonus_attack_done,
                   cost=Cost(charges=1),
                   effect=lambda ctx, choice: primary_now_or_after(ctx, QUICKDRAW_PENDING)),
         *primary_after(QUICKDRAW_PENDING, "perform the bonus primary attack"),
         description="After losing a shield: may spend 1 charge to perform a bonus primary "
                     "attack (after the attack in progress, if any).")


# ----------------------------------------------------------------------- "Backdraft"
def _backdraft(game: Any, owner: ShipState, attack: AttackState | None = None,
               **facts: Any) -> int:
    if not attacking(attack, owner) or not attack.primary or \
            attack.weapon.arc != "single_turret":
        return 0
    return 1 if is_in_arc(owner, game.state.ships[attack.defender], Arc.REAR) else 0


register("pilot", "backdraft",
         Modifier("1 more attack die against a defender in the rear arc", hook="attack_dice",
                  value=_backdraft),
         description="Single turret arc primary attack against a defender in his rear arc: "
                     "1 more attack die.")


# --------------------------------------------------------------- Lieutenant LeHuse
LEHUSE = "lieutenantlehuse"


def _lockers(game: Any, attack: AttackState, owner: ShipState) -> list[ShipState]:
    return [s for s in locks_on(game, attack.defender)
            if friendly(s, owner) and s.id != owner.id and not s.remote]


def _lehuse_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState
                    ) -> bool:
    return (user.id == owner.id and attack.attacker == owner.id
            and bool(_lockers(game, attack, owner)))


def _lehuse_spend(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    lockers = _lockers(ctx.game, attack, ctx.ship)
    if len(lockers) == 1:
        spend_lock_on(ctx.game, lockers[0], attack.defender)
        return
    ctx.game.now(Ask(ctx.ship.owner, "use_ability", f"{ctx.ship.name} ({ctx.ship.id}): "
                     "spend which friendly ship's lock?",
                     tuple(Option(s.id, f"the lock of {s.name} ({s.id})") for s in lockers),
                     "lieutenantlehuse.spend", (attack.defender,), ship=ctx.ship.id))


@continuation("lieutenantlehuse.spend")
def _lehuse_spent(game: Game, answer: str, defender: str) -> None:
    spend_lock_on(game, game.state.ships[answer], defender)


register("pilot", LEHUSE,
         DiceMod("spend another friendly ship's lock on the defender: reroll any dice",
                 dice=CardAbility(LEHUSE, "Lieutenant LeHuse (a friend's lock: reroll)",
                                  effect=RerollDice(None), roles=ATTACKING),
                 applies=_lehuse_applies, after=_lehuse_spend),
         description="While attacking: may spend a lock that another friendly ship holds on the "
                     "defender; if he does, he may reroll any number of his attack dice.")


# ------------------------------------------------------------------- Captain Phasma
register("pilot", "captainphasma",
         friend_takes_result("Captain Phasma", "another friendly ship at range 0-1 suffers 1 "
                             "damage to cancel 1 result", optional=False),
         description="While she defends, after the Neutralize Results step: a friendly ship other "
                     "than her within range 0-1 must suffer 1 hit or critical damage, cancelling 1 "
                     "matching result.")
