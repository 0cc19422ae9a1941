"""TIE Advanced x1 pilots (Galactic Empire) and the ship ability Advanced Targeting
Computer. Storm Squadron Ace and Tempest Squadron Pilot have no pilot ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, during_activation, grant_action, granted
from tallon.cards.common import attacking_if, dice, facedown_damage, is_me
from tallon.cards.registry import register
from tallon.engine.abilities import (
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.decisions import Option
from tallon.engine.effects import damage_title, deal_damage_card, draw_damage, expose_damage
from tallon.engine.queue import fire
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _locked_primary(attack: Any, owner: ShipState) -> bool:
    return (attack is not None and attack.attacker == owner.id and attack.primary
            and attack.defender in owner.locks)


register("ship_ability", "Advanced Targeting Computer",
         Modifier("1 more attack die", hook="attack_dice",
                  value=lambda game, owner, attack=None, **facts:
                  1 if _locked_primary(attack, owner) else 0),
         DiceMod("change 1 hit to a critical hit", dice=dice("advancedtargetingcomputer"),
                 applies=attacking_if(lambda game, attack, owner:
                                      _locked_primary(attack, owner))),
         description="Primary attack against a locked defender: 1 more attack die, and 1 hit "
                     "becomes a critical hit.")


def _vader() -> Any:
    # the action is chosen with the ability, so the Force is never spent for nothing
    return grant_action("spend 1 Force to perform an action", "after_action",
                        lambda ctx: bar_actions(ctx.game, ctx.ship, during_activation(ctx)),
                        requirement=is_me, cost=Cost(force=1))


for _xws in ("darthvader", "darthvader-swz105"):
    register("pilot", _xws, _vader(),
             description="After performing an action: may spend 1 Force to perform an "
                         "action.")

register("pilot", "darthvader-battleofyavin",
         DiceMod("spend 1 Force: change 1 blank to a hit",
                 dice=dice("darthvader-battleofyavin")),
         description="Attacking: may spend 1 Force to change 1 blank result to a hit.")


def _maarek_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    attack = ctx.attack
    return (attack is not None and attack.attacker == ctx.ship.id
            and attack.defender == facts["ship"])


def _maarek(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    defender = ctx.other(facts["ship"])
    # the cards come from the deck the defender's damage is dealt from
    draw_damage(ctx.game, defender.owner, "maarekstele.drawn", (ctx.ship.id, defender.id, ()))


@continuation("maarekstele.drawn")
def _maarek_drawn(game: Game, card: str, ship_id: str, defender_id: str,
                  drawn: tuple[str, ...]) -> None:
    drawn = (*drawn, card)
    ship, defender = game.state.ships[ship_id], game.state.ships[defender_id]
    if len(drawn) < 3:
        draw_damage(game, defender.owner, "maarekstele.drawn", (ship_id, defender_id, drawn))
        return
    # two copies of one card are one choice
    options = tuple(Option(c, damage_title(c)) for c in dict.fromkeys(drawn))
    game.push(Ask(ship.owner, "maarek_damage_card",
                  f"{ship.name} ({ship.id}): which card is dealt faceup to "
                  f"{defender.name} ({defender.id})?", options, "maarekstele.keep",
                  (ship_id, defender_id, drawn), ship=ship.id))


@continuation("maarekstele.keep")
def _maarek_keep(game: Game, kept: str, ship_id: str, defender_id: str,
                 drawn: tuple[str, ...]) -> None:
    ship, defender = game.state.ships[ship_id], game.state.ships[defender_id]
    others = list(drawn)
    others.remove(kept)
    game.state.player(defender.owner).discard.extend(others)
    game.event("damage", f"{ship.name} ({ship.id}) chooses {kept} of {', '.join(drawn)}",
               ship=ship.id)
    deal_damage_card(game, defender, True, card=kept)


def maarek_card() -> Replacement:
    return Replacement("draw 3 damage cards and choose the one dealt", point="deal_faceup",
                       applies=_maarek_applies, replace=_maarek, optional=False)


for _xws in ("maarekstele", "maarekstele-swz105"):
    register("pilot", _xws, maarek_card(),
             description="Attacking: a faceup damage card the defender would be dealt is "
                         "chosen from 3 drawn instead; the other 2 are discarded.")


def _ved(game: Any, owner: ShipState, maneuver: str = "", **facts: Any) -> list[str]:
    if not maneuver:
        return []
    revealed = Maneuver.parse(maneuver)
    difficulty = revealed.difficulty.value if revealed.difficulty else ""
    found = []
    for speed in (revealed.speed - 1, revealed.speed + 1):
        try:
            other = Maneuver.parse(f"{speed}{revealed.bearing.value}{difficulty}")
        except ValueError:
            continue  # no template for that speed (FAQ: no 0-speed banks)
        found.append(other.code)
    return found


register("pilot", "vedfoslo",
         Modifier("a maneuver 1 speed faster or slower", hook="maneuver_alternatives",
                  value=_ved),
         description="Executing a maneuver: may execute the same bearing and difficulty at "
                     "1 speed higher or lower instead.")


def _zertik_options(ctx: Ctx) -> list[Option]:
    options = []
    for target_id in ctx.ship.locks:
        target = ctx.state.ships.get(target_id)
        if target is None or not target.in_play or target.owner == ctx.ship.owner:
            continue
        for n, card in enumerate(facedown_damage(target), start=1):
            options.append(Option(f"{target.id}:{card.serial}",
                                  f"spend the lock on {target.name} ({target.id}) to expose "
                                  f"its facedown damage card {n}"))
    return options


def _zertik(ctx: Ctx, choice: Any) -> None:
    target_id, _, serial = choice.partition(":")
    target = ctx.other(target_id)
    ctx.ship.locks = [t for t in ctx.ship.locks if t != target.id]
    ctx.game.event("lock", f"{ctx.ship.name} ({ctx.ship.id}) spends its lock on {target.id}",
                   ship=ctx.ship.id)
    expose_damage(ctx.game, target, int(serial))
    fire(ctx.game, "after_spend_lock", ship=ctx.ship.id, target=target.id)


register("pilot", "zertikstrom",
         Triggered("spend a lock on an enemy ship to expose 1 of its damage cards",
                   window="end_phase", requirement=lambda ctx: bool(_zertik_options(ctx)),
                   choices=_zertik_options, effect=_zertik),
         description="During the End Phase: may spend a lock on an enemy ship to expose 1 of "
                     "its damage cards.")

register("pilot", "junoeclipse",
         grant_action("perform a red boost action", "after_action",
                      lambda ctx: [granted("boost", "red", ctx.card)], requirement=is_me),
         description="After performing an action: may perform a red boost action.")
