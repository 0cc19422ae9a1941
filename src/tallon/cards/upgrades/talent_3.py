"""Talent upgrades, continued from :mod:`tallon.cards.upgrades.talent_2`: Treacherous,
True Grit and Without a Trace."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    attack_crossing,
    event_ship,
    is_me,
    range_of,
    recover_charge,
    remove_token_choice,
    ship_options,
    token_choices,
)
from tallon.cards.registry import register
from tallon.dice import DEFENDING, CancelResults, CardAbility, Face, Situation, Window
from tallon.dice.abilities.effects import Effect, Variant
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ---------------------------------------------------------------------- Treacherous
def obstructing_ships(game: Game, attack: AttackState) -> list[ShipState]:
    """The ships the attack's range lines pass through (RR: OBSTRUCTED: a ship obstructs
    with no inherent effect)."""
    crossing = attack_crossing(game, attack)
    ships = game.state.ships
    return [] if crossing is None else [ships[i] for i in crossing.objects if i in ships
                                        and not ships[i].remote and ships[i].in_play]


class CancelHitOrCrit(Effect):
    """Cancel 1 hit or 1 critical hit result."""

    def variants(self, situation: Situation) -> list[Variant]:
        return CancelResults(Face.HIT).variants(situation) + \
            CancelResults(Face.CRIT).variants(situation)


TREACHEROUS = CardAbility("treacherous", "Treacherous (cancel 1 hit or crit)",
                          effect=CancelHitOrCrit(), window=Window.BEFORE_NEUTRALIZE,
                          roles=DEFENDING, cost=(("treacherous", 1),))


def _treacherous_strain(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    ctx.game.push(Ask(ctx.ship.owner, "use_ability",
                      f"{ctx.ship.name} ({ctx.ship.id}): Treacherous - which obstructing "
                      "ship gains 1 strain token?",
                      tuple(ship_options(obstructing_ships(ctx.game, attack))),
                      "treacherous.strain", (ctx.ship.owner,), ship=ctx.ship.id))


@continuation("treacherous.strain")
def _treacherous_strained(game: Game, chosen: str, applier: int) -> None:
    gain_token(game, game.state.ships[chosen], Token.STRAIN, applier=applier)


def _treacherous_recovers(ctx: Ctx) -> bool:
    lost = event_ship(ctx)
    near = range_of(ctx.ship, lost)
    charge = ctx.ship.charges.get(ctx.card)
    return near is not None and near <= 3 and charge is not None \
        and charge.active < charge.limit


register("upgrade", "treacherous",
         DiceMod("spend 1 charge: cancel 1 hit or critical hit; an obstructing ship gains 1 "
                 "strain token", dice=TREACHEROUS, after=_treacherous_strain,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id and bool(obstructing_ships(game, attack))),
         Triggered("recover 1 charge", window="after_destroyed", optional=False,
                   requirement=_treacherous_recovers,
                   effect=lambda ctx, choice: recover_charge(ctx.ship, ctx.card)),
         description="Defending, before Neutralize Results: may choose a ship obstructing "
                     "the attack and spend its charge to cancel 1 hit or critical hit; the "
                     "chosen ship gains 1 strain token. After a ship at range 0-3 is "
                     "destroyed: recovers 1 charge.")


# ------------------------------------------------------------------------ True Grit
def _grit_choices(ctx: Ctx) -> list[Option]:
    return [o for o in token_choices(ctx.game, ctx.ship, ("red", "orange"))
            if not str(o.key).startswith("lock:")]


register("upgrade", "truegrit-swz98",
         Triggered("gain 1 strain token to remove 1 red or orange token (not a lock)",
                   window="end_activation", cost=Cost(gain=(("strain", 1),)),
                   requirement=lambda ctx: not ctx.ship.has(Token.STRAIN),
                   choices=_grit_choices,
                   effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship,
                                                                  str(choice))),
         description="At the end of the Activation Phase, if not strained: may gain 1 "
                     "strain token to remove 1 of its red or orange tokens other than a "
                     "lock.")


# ------------------------------------------------------------------- Without a Trace
def _untraceable(game: Game, owner: ShipState, ship: ShipState | None = None,
                 target: str | None = None, **facts: Any) -> bool:
    return ship is not None and target == owner.id and owner.cloaked \
        and ship.owner != owner.owner


register("upgrade", "withoutatrace-tiephphantom",
         Triggered("remove 1 red token", window="after_gain_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "cloak",
                   choices=lambda ctx: token_choices(ctx.game, ctx.ship, ("red",)),
                   effect=lambda ctx, choice: remove_token_choice(ctx.game, ctx.ship,
                                                                  str(choice))),
         Modifier("enemy ships can't lock it while it is cloaked", hook="lock_forbidden",
                  value=_untraceable),
         description="After gaining a cloak token: may remove 1 of its red tokens (a lock "
                     "on it included). While cloaked, enemy ships can't acquire locks on "
                     "it.")
