"""BTL-A4 Y-wing pilots (Rebel Alliance), with their standard-loadout printings. The Rebel
BTL-A4 has no ship ability of its own (the Battle of Yavin printings have Hope, registered
in :mod:`tallon.cards.pilots.t65xwing`); its generic pilots have no ability text.

Norra Wexley's ability is the one of her ARC-170 printing (same text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, granted, let_perform, performable
from tallon.cards.common import (
    attacking_if,
    is_me,
    recover_charge,
    ship_options,
    ships_in_range,
)
from tallon.cards.pilots.arc170starfighter import NORRA, NORRA_TEXT
from tallon.cards.registry import register
from tallon.cards.upgrades.gunner import is_turret
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.action_bodies import reload_amount
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


register("pilot", "norrawexley-btla4ywing", NORRA, description=NORRA_TEXT)


# ------------------------------------------------------------------ "Dutch" Vander
def _dutch_friends(ctx: Ctx) -> list[ShipState]:
    # the chosen ship's "may" is its player's, the same as Dutch's: choosing a ship that
    # could not take the lock would be choosing none
    target = ctx.event.get("target")
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)
            if target is not None and can_lock(ctx.game, s, target) is None]


DUTCH = Triggered("a friendly ship at range 1-3 locks the object you locked, at any range",
                  window="after_action",
                  requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "lock"
                  and bool(_dutch_friends(ctx)),
                  choices=lambda ctx: ship_options(_dutch_friends(ctx)),
                  effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.other(choice),
                                                          ctx.event["target"]))
for _xws in ("dutchvander", "dutchvander-swz106"):
    register("pilot", _xws, DUTCH,
             description="After a lock action: may choose a friendly ship at range 1-3; it "
                         "may acquire a lock on the same object, ignoring range.")


def _dutch_yavin_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)


def _dutch_yavin(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    assert ctx.attack is not None
    defender = ctx.attack.defender
    target = ctx.other(defender)
    # "acquire a lock" with no range given: range 0-3 of the chosen ship (RR: LOCK)
    near = ctx.state.in_range(friend, target, 0, 3) if target.body is not None else False
    if not near or can_lock(ctx.game, friend, defender) is not None:
        ctx.game.event("ability", f"{friend.name} ({friend.id}) can't lock {defender}",
                       ship=friend.id)
        return
    ctx.game.push(Ask(friend.owner, "use_ability", f"{friend.name} ({friend.id}): acquire "
                      f"a lock on {target.name} ({defender})? (\"Dutch\" Vander)",
                      (Option("lock", f"lock {target.name} ({defender})"),
                       Option("decline", "decline")),
                      "common.lock_if_chosen", (friend.id, defender), ship=friend.id))


def _dutch_yavin_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # any attack, his own or one he defends against (ruling: "during an attack")
    return is_me(ctx) and attack is not None and bool(_dutch_yavin_friends(ctx))


# "choose" without "may": he must choose a ship; the chosen ship may then lock
register("pilot", "dutchvander-battleofyavin",
         Triggered("choose a friendly ship at range 1-3: it may lock the defender",
                   window="after_spend_lock", optional=False,
                   requirement=_dutch_yavin_applies,
                   choices=lambda ctx: ship_options(_dutch_yavin_friends(ctx)),
                   effect=_dutch_yavin),
         description="After spending a lock while attacking: chooses a friendly ship at "
                     "range 1-3, which may acquire a lock on the defender.")


# ------------------------------------------------------------------- Horton Salm
def _friends_near_defender(game: Game, attack: AttackState, owner: ShipState) -> int:
    defender = game.state.ships[attack.defender]
    return sum(1 for s in ships_in_range(game, defender, 0, 1, friendly=None)
               if s.owner == owner.owner and s.id != owner.id)


HORTON_MOST = 8


def _horton(count: int) -> DiceMod:
    # one ability per count of friendly ships (one key: used once per attack); more
    # ships than dice allow to reroll every die
    ability = CardAbility("hortonsalm", f"Horton Salm (reroll {count})",
                          effect=RerollDice(count if count < HORTON_MOST else None),
                          roles=ATTACKING)

    def counted(game: Game, attack: AttackState, owner: ShipState) -> bool:
        return min(_friends_near_defender(game, attack, owner), HORTON_MOST) == count

    return DiceMod(f"reroll up to {count} attack dice", dice=ability,
                   applies=attacking_if(counted))


HORTON = tuple(_horton(n) for n in range(1, HORTON_MOST + 1))
for _xws in ("hortonsalm", "hortonsalm-swz106"):
    register("pilot", _xws, *HORTON,
             description="Attacking: may reroll 1 attack die for each other friendly ship at "
                         "range 0-1 of the defender.")


# -------------------------------------------------------------------- Dex Tiree
def _dex_wants(ctx: Ctx) -> bool:
    return is_me(ctx, "defender") and bool(
        ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True))


def _one_more_defense_die(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_defense_dice += 1


register("pilot", "dextiree-battleofyavin",
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=_dex_wants, effect=_one_more_defense_die),
         description="Defending with another friendly ship at range 0-1: may roll 1 "
                     "additional defense die.")


# ---------------------------------------------------------------------- Hol Okand
def _hol_cards(ctx: Ctx) -> list[str]:
    # an upgrade whose charges "cannot be recovered" stays as it is
    return [card for card in ctx.ship.upgrades if card in ctx.ship.charges
            and ctx.ship.charges[card].active < ctx.ship.charges[card].limit
            and reload_amount(ctx.game, ctx.ship, card) > 0]


def _hol_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and not ships_in_range(ctx.game, ctx.ship, 1, 2, friendly=False)
            and bool(_hol_cards(ctx)))


def _hol(ctx: Ctx, choice: Any) -> None:
    recover_charge(ctx.ship, str(choice))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers 1 charge on "
                   f"{choice}", ship=ctx.ship.id)


register("pilot", "holokand-battleofyavin",
         Triggered("recover 1 charge on an upgrade", window="system_phase",
                   requirement=_hol_applies,
                   choices=lambda ctx: [Option(c, f"recover 1 charge on {c}")
                                        for c in _hol_cards(ctx)],
                   effect=_hol),
         description="During the System Phase, with no enemy ship at range 1-2: may recover "
                     "1 charge on one of his upgrades.")


# ----------------------------------------------------------------- "Pops" Krail
register("pilot", "popskrail-battleofyavin",
         DiceMod("reroll up to 2 attack dice",
                 dice=CardAbility("popskrail-battleofyavin", "\"Pops\" Krail (reroll 2)",
                                  effect=RerollDice(2), roles=ATTACKING),
                 applies=attacking_if(lambda game, attack, owner: is_turret(attack.weapon))),
         description="Performing a single turret arc attack: may reroll up to 2 attack "
                     "dice.")

POPS_FOCUS = granted("focus", "white", "popskrail")


def _pops_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True)
            if performable(ctx.game, s, (POPS_FOCUS,), _pops_during(ctx, s.id))]


def _pops_during(ctx: Ctx, ship_id: str) -> bool:
    # only his own action falls during his activation
    return ship_id == ctx.ship.id and during_activation(ctx)


def _pops_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "white"
            and bool(_pops_friends(ctx)))


register("pilot", "popskrail",
         Triggered("a friendly ship at range 0-1 may perform a focus action",
                   window="after_execute", requirement=_pops_applies,
                   choices=lambda ctx: ship_options(_pops_friends(ctx)),
                   effect=lambda ctx, choice: let_perform(
                       ctx.game, str(choice), (POPS_FOCUS,), _pops_during(ctx, str(choice)))),
         description="After fully executing a white maneuver: may choose a friendly ship at "
                     "range 0-1 (himself included); it may perform a focus action.")
