"""First-edition cards left out of their waves until a shared block existed (continued):
Targeting Synchronizer and Deadeye (the ways to pay a weapon's target lock:
:func:`tallon.cards.first_edition.ordnance_1e.lock_payments`), Extra Munitions (the
ordnance tokens of :func:`~tallon.cards.first_edition.ordnance_1e.discard_upgrade`) and
"Fel's Wrath"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import recalled, remember, this_round
from tallon.cards.first_edition.ordnance_1e import (
    FOCUS_FOR_LOCK,
    LOCK_LENDERS,
    ORDNANCE_TOKEN_SLOTS,
)
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.allegiance import friendly
from tallon.engine.card_values import hull_damage
from tallon.engine.damage import RemoveDestroyed
from tallon.engine.effects import destroy_ship
from tallon.engine.modify_dice import mark_token_used, token_used
from tallon.engine.state import ShipState, Token

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ------------------------------------------------------- Targeting Synchronizer
SYNCHRONIZER = "1e-targetingsynchronizer"


def synchronized(game: Game, owner: ShipState, ship: ShipState) -> bool:
    """Whether ``ship`` attacking may use the Synchronizer's (``owner``'s) target locks:
    a different friend within Range 1-2 of it (ruling: its own locks are its own anyway)."""
    return (ship.id != owner.id and friendly(ship, owner) and not ship.remote
            and owner.in_play and within_1e(owner, ship, 1, 2))


def _header(game: Game, owner: ShipState, ship: ShipState | None = None,
            defender: ShipState | None = None, **facts: Any) -> bool:
    return (ship is not None and defender is not None and defender.id in owner.locks
            and synchronized(game, owner, ship))


def _reroll_applies(game: Game, attack: AttackState, owner: ShipState,
                    user: ShipState) -> bool:
    # "instead" of the attacker's own lock: one lock reroll per Modify Dice step (FAQ (1e),
    # Spending Tokens), whichever lock pays it
    return (user.id == attack.attacker and attack.defender in owner.locks
            and synchronized(game, owner, user)
            and not token_used(attack, user, "lock", "attack"))


def _spend_synchronizer_lock(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    spend_lock_on(ctx.game, ctx.ship, attack.defender)
    mark_token_used(attack, ctx.other(attack.attacker), "lock", "attack")


# its lock on the defender, spent in place of the attacker's: a weapon's "spend your target
# lock" (ordnance_1e.lock_payments) and the lock's reroll (rulebook (1e), Target Lock);
# FAQ (1e) Q&A: both are game effects instructing a ship to spend a target lock
LOCK_LENDERS[SYNCHRONIZER] = synchronized

register("upgrade", SYNCHRONIZER,
         Modifier("a friend at Range 1-2 attacking its locked target needs no target lock",
                  hook="ignore_lock_requirement", value=_header),
         DiceMod("spend the Synchronizer's target lock on the defender: reroll any number of "
                 "attack dice",
                 dice=CardAbility(SYNCHRONIZER, "Targeting Synchronizer's target lock (reroll "
                                  "any number of attack dice)", effect=RerollDice(None),
                                  roles=ATTACKING),
                 for_others=True, applies=_reroll_applies, after=_spend_synchronizer_lock),
         description="When another friend within Range 1-2 shoots at a ship he holds a lock on, "
                     'its "Attack (Target Lock)" weapons need no lock of its own, and it may use '
                     "his lock on that defender instead of one it holds (the weapon's cost, the "
                     "reroll).")


# ---------------------------------------------------------------------- Deadeye
DEADEYE = "1e-deadeye"


def _deadeye_header(game: Game, owner: ShipState, ship: ShipState | None = None,
                    **facts: Any) -> bool:
    # "Attack (Focus)": a focus token meets the requirement (FAQ (1e) "Dark Curse": the
    # cost is paid before the target becomes the defender)
    return ship is not None and ship.id == owner.id and ship.has(Token.FOCUS)


# a weapon's "spend your target lock" may take a focus token instead (ordnance_1e)
FOCUS_FOR_LOCK[DEADEYE] = lambda game, ship: True

register("upgrade", DEADEYE,
         Modifier("treat \"Attack (Target Lock)\" as \"Attack (Focus)\"",
                  hook="ignore_lock_requirement", value=_deadeye_header),
         description="His \"Attack (Target Lock)\" weapons may be fired with a focus token "
                     "instead: a weapon that spends the target lock may spend a focus token.")


# -------------------------------------------------------------- Extra Munitions
EXTRA_MUNITIONS = "1e-extramunitions"

# the tokens and the choice they give live in the shared discard block (ordnance_1e
# discard_upgrade, through which every first-edition discard goes; a weapon's "discard this
# card" cost asks as the cost is paid)
ORDNANCE_TOKEN_SLOTS[EXTRA_MUNITIONS] = ("torpedo", "missile", "bomb")

register("upgrade", EXTRA_MUNITIONS,
         description="Equipped: an ordnance token on each of his torpedo, missile and bomb "
                     "cards (itself included); told to discard one of them, he may discard "
                     "its token instead.")


# ---------------------------------------------------------------- "Fel's Wrath"
FELS_WRATH = "1e-tieinterceptor-felswrath"
#: card memory: the round his damage reached his hull value (he lives on until the end of
#: the next Combat phase), then the round he was destroyed at its end
DOOMED, DOOM_ENDED = "1e-felswrath:doomed", "1e-felswrath:destroyed"


def _doom(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    if recalled(ctx.ship, DOOMED) is None:
        remember(ctx.ship, DOOMED, ctx.state.round)
        ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) is not destroyed until "
                       "the end of the Combat phase", ship=ctx.ship.id)


def _doom_ends(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    remember(ship, DOOMED, None)
    if hull_damage(ctx.game, ship) < ship.hull:
        return  # his damage was repaired below his hull meanwhile
    remember(ship, DOOM_ENDED, ctx.state.round)
    destroy_ship(ctx.game, ship, replaceable=False, by_damage=True)
    ctx.game.now(RemoveDestroyed(ship.id))  # not waiting for the Engagement Phase sweep


def _draw(game: Game, owner: ShipState, **facts: Any) -> bool:
    # FAQ (1e) "Fel's Wrath": destroyed by his ability's end after destroying the last enemy
    # ship, the game is a draw (the winner is checked at the end of the round)
    return this_round(game, owner, DOOM_ENDED)


register("pilot", FELS_WRATH,
         # FAQ (1e): damaged to his hull as the End phase begins (Corran Horn), he is
         # removed at the end of the following round's Combat phase
         Replacement("survive until the Combat phase ends", point="destroy_ship",
                     optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and bool(facts.get("by_damage")) and ctx.ship.in_play,
                     replace=_doom),
         Triggered("destroyed now that the Combat phase ends", window="end_engagement",
                   optional=False, effect=_doom_ends,
                   requirement=lambda ctx: ctx.ship.in_play and not ctx.ship.destroyed
                   and recalled(ctx.ship, DOOMED) is not None),
         Modifier("a game both fleets end by his destruction is a draw",
                  hook="mutual_destruction_draw", value=_draw, outlives_ship=True),
         description="Once his damage cards reach his hull value, his destruction waits for the "
                     "Combat phase to end (the next one, if it is over).")
