"""HMP Droid Gunship pilots (Separatist Alliance) and the ship ability Networked Aim.

The generic pilots (Baktoid Drone, Separatist Predator) have no ability text: the ship
ability is all they need. The gunship's configuration, Repulsorlift Stabilizers, is in
``cards/upgrades/configuration_separatist.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attacking_if,
    dice,
    is_in_arc,
    is_me,
    ship_options,
    ships_in_range,
    weapon_of_type,
)
from tallon.cards.registry import register
from tallon.dice import ATTACKING
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    gain_token,
    locks_on,
    remove_token,
    transfer_token,
)
from tallon.engine.queue import any_true
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

NETWORKED_AIM = "Networked Aim"
#: the most friendly locks a defender can carry that the rerolls count (one per ship)
AIM_MOST = 8


# ------------------------------------------------------------------ ship ability
def friendly_locks(game: Game, attack: AttackState, owner: ShipState) -> int:
    """RR: LOCK - the locks friendly ships (the owner too) have on the defender: one per
    ship at most on one object."""
    return sum(1 for s in locks_on(game, attack.defender) if friendly(s, owner))


def _no_lock_rerolls(game: Any, owner: ShipState, attack: Any = None, kind: str = "",
                     user: ShipState | None = None, source_ship: ShipState | None = None,
                     reroll: bool = False, spend: Any = (), **facts: Any) -> bool:
    # "your locks": spent by the owner, to reroll the attack dice
    if (kind != "attack" or not reroll or user is None or user.id != owner.id
            or source_ship is None or source_ship.id != owner.id):
        return True
    return not any(name == "lock" for name, _ in spend)


def _aim(count: int) -> DiceMod:
    # one modification per count of friendly locks (one key: used once per attack)
    return DiceMod(f"reroll up to {count} attack dice", dice=dice("networkedaim", count),
                   applies=attacking_if(lambda game, attack, owner:
                                        min(friendly_locks(game, attack, owner), AIM_MOST)
                                        == count))


register("ship_ability", NETWORKED_AIM,
         Modifier("can't spend its locks to reroll attack dice", hook="dice_option_allowed",
                  value=_no_lock_rerolls),
         *(_aim(n) for n in range(1, AIM_MOST + 1)),
         description="Can't spend its locks to reroll attack dice. Attacking: may reroll up "
                     "to 1 attack die for each friendly lock on the defender.")


# ------------------------------------------------------------------------ DGS-047
DGS047 = "dgs047"


def _dgs047_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "attacker"):
        return False
    defender = ctx.other(ctx.event["defender"])
    # nothing to do: no lock to acquire and no strain to give
    return (defender.in_play and is_in_arc(ctx.ship, defender, Arc.FRONT)
            and (can_lock(ctx.game, ctx.ship, defender.id) is None
                 or is_in_arc(ctx.ship, defender, Arc.BULLSEYE)))


def _dgs047_choices(ctx: Ctx) -> list[Option]:
    defender = ctx.other(ctx.event["defender"])
    found = [Option("nolock", "don't acquire a lock")]
    if can_lock(ctx.game, ctx.ship, defender.id) is None:
        found.insert(0, Option("lock", f"acquire a lock on {defender.name} ({defender.id})"))
    return found


def _dgs047(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    if choice == "lock":
        acquire_lock(ctx.game, ctx.ship, defender.id)
    if is_in_arc(ctx.ship, defender, Arc.BULLSEYE):
        gain_token(ctx.game, defender, Token.STRAIN, applier=ctx.ship.owner)


register("pilot", DGS047,
         Triggered("may acquire a lock on the defender in the front arc; then a defender in "
                   "the bullseye arc gains 1 strain token", window="after_attack",
                   optional=False, requirement=_dgs047_applies, choices=_dgs047_choices,
                   effect=_dgs047),
         description="After attacking a defender in its front arc: may acquire a lock on it; "
                     "then, if it is in the bullseye arc, it gains 1 strain token.")


# ----------------------------------------------------------- Geonosian Prototype
PROTOTYPE = "geonosianprototype"


def _prototype_applies(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    # RR: PAYING COSTS - the tractor token must be there to remove
    return (weapon_of_type(attack.weapon, ("missile", "cannon"))
            and defender.has(Token.TRACTOR)
            and not any_true(game, "token_removal_forbidden", ship=defender,
                             token=Token.TRACTOR))


def _prototype_paid(ctx: Ctx, option: Any) -> None:
    assert ctx.attack is not None
    defender = ctx.other(ctx.attack.defender)
    remove_token(ctx.game, defender, Token.TRACTOR)
    ctx.game.event("token", f"{ctx.ship.name} ({ctx.ship.id}) removes 1 tractor token from "
                   f"{defender.name} ({defender.id})", ship=defender.id)


register("pilot", PROTOTYPE,
         DiceMod("remove 1 tractor token from the defender: reroll up to 2 attack dice",
                 dice=CardAbility(PROTOTYPE, "Geonosian Prototype (remove the defender's "
                                  "tractor token: reroll up to 2 attack dice)",
                                  effect=RerollDice(2), roles=ATTACKING),
                 applies=attacking_if(_prototype_applies), after=_prototype_paid),
         description="While it performs a missile or cannon attack: may remove 1 of the defender's "
                     "tractor tokens; if it does, it may reroll up to 2 attack dice.")


# ------------------------------------------------------------------------ DGS-286
def _dgs286_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)
            if s.has(Token.CALCULATE)]


register("pilot", "dgs286",
         Triggered("another friendly ship at range 0-1 transfers 1 calculate token to you",
                   window="before_engage",
                   requirement=lambda ctx: is_me(ctx) and bool(_dgs286_friends(ctx)),
                   choices=lambda ctx: ship_options(_dgs286_friends(ctx)),
                   effect=lambda ctx, choice: transfer_token(ctx.game, ctx.other(str(choice)),
                                                             ctx.ship, Token.CALCULATE)),
         description="Before it engages: may pick another friendly ship within range 0-1, which "
                     "transfers 1 of its calculate tokens to DGS-286.")


# ---------------------------------------------------------------- Onderon Oppressor
def _oppressor_rolled(ctx: Ctx) -> bool:
    """After a barrel roll that is no action's (a tractor move's, a decloak's), or after a
    barrel roll action: the engine gives a red action's stress once its effect is done
    (FinishAction), and RR: ACTIONS makes that stress a cost paid before it, so the action
    is judged once it is over (ruling)."""
    if not is_me(ctx) or not ctx.ship.stressed:
        return False
    if ctx.event.window == "after_action":
        return ctx.event.get("action") == "barrel_roll"
    # inside an action (its colour is set until it finishes): judged after the action
    return ctx.ship.action_colour is None


def _oppressor_slid(ctx: Ctx) -> bool:
    # RR: SIDESLIP - the maneuver's event says it was executed as one
    return is_me(ctx) and ctx.ship.stressed and bool(ctx.event.get("sideslip"))


def _oppressor(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.CALCULATE)


register("pilot", "onderonoppressor",
         Triggered("stressed after a barrel roll: gain 1 calculate token",
                   window="after_barrel_roll", optional=False,
                   requirement=_oppressor_rolled, effect=_oppressor),
         Triggered("stressed after a barrel roll action: gain 1 calculate token",
                   window="after_action", optional=False,
                   requirement=_oppressor_rolled, effect=_oppressor),
         Triggered("stressed after a sideslip: gain 1 calculate token",
                   window="after_execute", optional=False,
                   requirement=_oppressor_slid, effect=_oppressor),
         description="After a barrel roll (an action's or not) or a sideslip, if stressed: "
                     "gains 1 calculate token.")
