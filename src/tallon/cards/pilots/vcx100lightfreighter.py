"""VCX-100 light freighter pilots (Rebel Alliance) and the ship ability Tail Gun. Hera
Syndulla's ability is shared with her attack shuttle printing. Lothal Rebel has none."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    in_firing_arc,
    one_fewer_attack_die,
    one_more_defense_die,
    ships_in_range,
)
from tallon.cards.pilots.attackshuttle import HERA
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token


def _tail_gun(game: Any, owner: ShipState, **facts: Any) -> list[tuple[str, int]]:
    """A rear primary weapon as strong as the docked ship's front one (RR: DOCK: the
    carrier lists its docked ships)."""
    weapons = []
    for docked_id in owner.docked:
        docked = game.state.ships[docked_id]
        front = [value for arc, value in docked.attacks if arc == "front"]
        if front:
            weapons.append(("rear", front[0]))
    return weapons[:1]


register("ship_ability", "Tail Gun",
         Modifier("a rear primary weapon while a ship is docked", hook="primary_weapons",
                  value=_tail_gun),
         description="With a docked ship: a primary rear-arc weapon of the docked ship's "
                     "front attack value.")


def _enemies_touching(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 0, friendly=False)


def _chopper(ctx: Ctx, choice: Any) -> None:
    for enemy in _enemies_touching(ctx):
        gain_token(ctx.game, enemy, Token.JAM, 2, applier=ctx.ship.owner)


register("pilot", "chopper",
         Triggered("each enemy ship at range 0 gains 2 jam tokens",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: bool(_enemies_touching(ctx)), effect=_chopper),
         description="At the start of the Engagement Phase: every enemy ship at range 0 of Chopper "
                     "gains 2 jam tokens.")


register("pilot", "herasyndulla-vcx100lightfreighter", HERA,
         description="After revealing a red or blue maneuver: may set the dial to another "
                     "maneuver of the same colour.")


def _kanan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None:
        return False
    defender = ctx.other(attack.defender)
    # "a friendly ship in your firing arc": another ship (he is never in his own arc)
    return (defender.id != ctx.ship.id and friendly(defender, ctx.ship)
            and not defender.remote and ctx.ship.in_play and in_firing_arc(ctx.ship, defender))


register("pilot", "kananjarrus",
         Triggered("spend 1 Force: the attacker rolls 1 fewer attack die",
                   window="before_attack_dice", cost=Cost(force=1),
                   requirement=_kanan_applies, effect=one_fewer_attack_die),
         description="While a friendly ship in his firing arc defends: may spend 1 Force to "
                     "make the attacker roll 1 fewer attack die.")


def _kallus_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return attack is not None and attack.defender == ctx.ship.id and \
        attack.marks.get(f"{attack.attacker}:modified attack dice", 0) > 0


register("pilot", "alexsandrkallus",
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=_kallus_applies, effect=one_more_defense_die),
         Modifier("keeps count of the attacker's dice modifications",
                  hook="records_modified_dice", value=lambda game, owner, **facts: True),
         description="Defending, if the attacker modified any of its attack dice: may roll "
                     "1 additional defense die.")
