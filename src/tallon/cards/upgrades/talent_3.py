"""Talent upgrades, continued from :mod:`tallon.cards.upgrades.talent_2`: Treacherous,
True Grit, Without a Trace, Heroic Sacrifice and Tierfon Belly Run."""

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
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.dice import DEFENDING, CancelResults, CardAbility, Face, Situation, Window
from tallon.dice.abilities.effects import Effect, Variant
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import destroy_ship, gain_token, suffer_damage
from tallon.engine.state import ShipState, Token, touching
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import BaseSize, ObstacleType

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, WeaponSpec


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
         description="Defending, before Neutralize Results: may pick a ship that obstructs the "
                     "attack and spend its charge to cancel 1 hit or critical hit result; the "
                     "picked ship gains 1 strain token. Recovers 1 charge after any ship at range "
                     "0-3 is destroyed.")


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


# ---------------------------------------------------------------- Heroic Sacrifice
HEROIC = "heroicsacrifice-battleoverendor"


def _sacrifice(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ctx.game.now(RollDice("attack", 5, "heroicsacrifice.rolled", (ship.id,),
                          who=f"{ship.name} ({ship.id}), Heroic Sacrifice"))


@continuation("heroicsacrifice.rolled")
def _sacrifice_rolled(game: Game, faces: tuple[Face, ...], ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    damage = sum(1 for face in faces if face in (Face.HIT, Face.CRIT))
    game.event("roll", f"{ship.name} ({ship.id}) rolls "
               f"{', '.join(f.label for f in faces)} for Heroic Sacrifice", ship=ship.id)
    # RR: SHIP SIZES - Tallon has no huge ships nor scenario features: large ships only;
    # friendly ones too ("each")
    for other in ships_in_range(game, ship, 0, 0, other=True):
        if other.size is BaseSize.LARGE:
            suffer_damage(game, other, hits=damage, cause="Heroic Sacrifice",
                          bypass_shields=True)
    game.now(Then("heroicsacrifice.destroyed", (ship.id,)))


@continuation("heroicsacrifice.destroyed")
def _sacrifice_destroyed(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if ship.in_play:
        destroy_ship(game, ship)  # RR: DESTROYING SHIPS


register("upgrade", HEROIC,
         Triggered("roll 5 attack dice: each large ship at range 0 suffers 1 hit damage per "
                   "hit or critical hit, bypassing shields; then this ship is destroyed",
                   window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "slam",
                   effect=_sacrifice),
         Modifier("may perform SLAM actions while stressed", hook="may_act_stressed",
                  value=lambda game, owner, ship=None, spec=None, **facts: ship is not None
                  and ship.id == owner.id and spec is not None and spec.kind == "slam"),
         description="After performing a SLAM action: rolls 5 attack dice; each large ship "
                     "at range 0 suffers 1 hit damage per hit or critical hit result, past "
                     "its shields; then this ship is destroyed. It may perform SLAM actions "
                     "while stressed.")


# ---------------------------------------------------------------- Tierfon Belly Run
def _at_obstacle(game: Game, ship: ShipState) -> bool:
    return ship.body is not None and any(touching(ship.body, o)
                                         for o in game.state.obstacles)


def _special_at_asteroid(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
                         obstacle: str | None = None, **facts: Any) -> bool:
    found = next((o for o in game.state.obstacles if o.id == obstacle), None)
    return weapon is not None and not weapon.primary and found is not None \
        and found.type is ObstacleType.ASTEROID


def _rerolls_allowed(game: Game, owner: ShipState, attack: AttackState | None = None,
                     kind: str = "", reroll: bool = False, **facts: Any) -> bool:
    # RR: DICE MODIFICATION - by anyone: the attacker's own rerolls and the defender's
    if attack is None or attack.defender != owner.id or kind != "attack" or not reroll:
        return True
    return not _at_obstacle(game, owner)


register("upgrade", "tierfonbellyrun",
         Modifier("may perform special attacks at range 0 of asteroids",
                  hook="attack_at_obstacle", value=_special_at_asteroid),
         Modifier("defending at range 0 of an obstacle: attack dice can't be rerolled",
                  hook="dice_option_allowed", value=_rerolls_allowed),
         description="Special attacks are allowed even at range 0 of an asteroid. Defending while "
                     "at range 0 of an obstacle: nobody can reroll the attack dice.")
