"""Fireball pilots (Resistance) and the ship ability Explosion with Wings.

The generic Colossus Station Mechanic has no ability text: the ship ability makes it
playable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import facedown_damage, is_me, one_more_defense_die
from tallon.cards.conditions import equipped
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.effects import deal_damage_card, remove_token
from tallon.engine.rounds import effective_code
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Then, continuation
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game


# ------------------------------------------------------------- ship ability
KAZ = "kazsfireball"


def _ewings_setup(ctx: Ctx, choice: Any) -> None:
    deal_damage_card(ctx.game, ctx.ship, faceup=False)


def _ewings_can(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.event["action"] == "slam" and ctx.ship.has(Token.DISARM)
            and bool(facedown_damage(ctx.ship)))


def _ewings(ctx: Ctx, choice: Any) -> None:
    # RR: DAMAGE CARDS - the exposed card is picked at random; exposing is the price, so
    # the disarm token goes once the card has been flipped and resolved
    ctx.game.push(Then("explosionwithwings.disarm", (ctx.ship.id,)))
    expose_random(ctx.game, ctx.ship)


@continuation("explosionwithwings.disarm")
def _ewings_disarm(game: Game, _: Any, ship_id: str) -> None:
    remove_token(game, game.state.ships[ship_id], Token.DISARM)


# RR: SETUP - the damage deck exists only once forces are placed: the card is dealt at
# the end of Setup
register("ship_ability", "Explosion with Wings",
         # with Kaz's Fireball the title deals the card (its search replaces the draw)
         Triggered("you are dealt 1 facedown damage card", window="end_setup",
                   optional=False, requirement=lambda ctx: not equipped(ctx.ship, KAZ),
                   effect=_ewings_setup),
         Triggered("expose 1 damage card to remove 1 disarm token", window="after_action",
                   requirement=_ewings_can, effect=_ewings),
         description="Setup: dealt 1 facedown damage card. After a SLAM action: may expose "
                     "1 of its damage cards to remove a disarm token.")


# --------------------------------------------------------------------- pilots
def _jarek(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> bool:
    if ship is None or ship.id != owner.id or owner.count(Token.STRESS) > 2:
        return False
    if not owner.damage or owner.dial_set is None:
        return False
    code = effective_code(game, owner, owner.dial_set)
    if Maneuver.parse(code).bearing.is_basic:
        return True
    # RR: DAMAGE CARDS (damaged, critically damaged) - a faceup card also opens advanced ones
    return any(card.faceup for card in owner.damage)


register("pilot", "jarekyeager",
         Modifier("may execute red maneuvers while stressed when damaged",
                  hook="may_execute_red_stressed", value=_jarek),
         description="With 2 or fewer stress tokens: damaged, he can execute red basic "
                     "maneuvers while stressed; critically damaged, red advanced ones too.")


def _kazuda_beats(ctx: Ctx, enemy_key: str) -> bool:
    enemy = ctx.other(ctx.event[enemy_key])
    return enemy.current_initiative > len(ctx.ship.damage)


def _kazuda_attacks(ctx: Ctx) -> bool:
    attack = ctx.attack
    # a primary attack at range 0 rolls no dice: nothing to add
    return (is_me(ctx, "attacker") and attack is not None and attack.primary
            and attack.range > 0 and _kazuda_beats(ctx, "defender"))


def _kazuda_more_attack(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


register("pilot", "kazudaxiono",
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=_kazuda_attacks, effect=_kazuda_more_attack),
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and _kazuda_beats(ctx, "attacker"),
                   effect=one_more_defense_die),
         description="Defending or performing a primary attack against a ship of higher "
                     "initiative than his number of damage cards: may roll 1 more die.")


# R1-J5's choice is made where every exposure happens (engine/effects.py expose_damage)
register("pilot", "r1j5",
         Modifier("choose which facedown damage card is exposed",
                  hook="choose_exposed_damage",
                  value=lambda game, owner, ship=None, **facts: ship is not None
                  and ship.id == owner.id),
         description="Before one of his damage cards is exposed: may look at his facedown "
                     "damage cards and expose the one he chooses instead.")
