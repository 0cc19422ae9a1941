"""TIE/sk Striker pilots (Galactic Empire) and the ship ability Adaptive Ailerons.

Adaptive Ailerons boosts as the TIE Reaper's Controlled Ailerons does (the shared pieces
are in tiereaper.py), but the boost is mandatory: the player picks the template, and only
when every template would fail does nothing happen (RR: BOOST). "Duchess" may decline it
and may use it while stressed: the ship ability asks who flies the ship. Black Squadron
Scout and Planetary Sentinel have no ability text and need no registration."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, one_more_attack_die
from tallon.cards.pilots.tiereaper import ailerons_boost, ailerons_may_trigger, ailerons_options
from tallon.cards.registry import register
from tallon.cards.upgrades.device import payload_options, place_payload
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.state import Token

DUCHESS = "duchess"


def _adaptive(ctx: Ctx, choice: Any) -> None:
    ailerons_boost(ctx, choice, "Adaptive Ailerons")


def _flown_by_duchess(ctx: Ctx) -> bool:
    return ctx.ship.pilot == DUCHESS


register("ship_ability", "Adaptive Ailerons",
         Triggered("boost before revealing the dial", window="before_reveal",
                   requirement=lambda ctx: not _flown_by_duchess(ctx)
                   and ailerons_may_trigger(ctx),
                   choices=lambda ctx: ailerons_options(ctx.game, ctx.ship),
                   effect=_adaptive, optional=False),
         # "Duchess": the same boost, but she may decline it, and may use it stressed
         Triggered("boost before revealing the dial (\"Duchess\": optional, even stressed)",
                   window="before_reveal",
                   requirement=lambda ctx: _flown_by_duchess(ctx)
                   and ailerons_may_trigger(ctx, even_stressed=True),
                   choices=lambda ctx: ailerons_options(ctx.game, ctx.ship),
                   effect=_adaptive),
         description="Before revealing its dial, if not stressed: must boost (not an "
                     "action), if able.")

register("pilot", DUCHESS,
         description="She may choose not to use Adaptive Ailerons, and may use it while "
                     "stressed (the ship ability reads this off its pilot).")


# ------------------------------------------------------------------ "Countdown"
def countdown_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "defender") and attack is not None and not ctx.ship.stressed
            and attack.hits + attack.crits > 0)


def countdown(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    ship = ctx.ship
    # RR: CANCEL - every result of both pools is removed; nothing is left to hit
    for pool in (attack.attack_dice, attack.defense_dice):
        if pool is not None:
            for index in reversed(range(len(pool))):
                pool.remove(index)
    attack.hits = attack.crits = 0
    attack.hit = False
    ctx.game.event("neutralize", f"{ship.name} ({ship.id}) cancels all dice results: the "
                   "attack misses", ship=ship.id, hits=0, crits=0)
    gain_token(ctx.game, ship, Token.STRESS)
    suffer_damage(ctx.game, ship, hits=1, cause="\"Countdown\"")


register("pilot", "countdown",
         Triggered("suffer 1 hit damage and gain 1 stress token: cancel all dice results",
                   window="after_neutralize", requirement=countdown_applies,
                   effect=countdown),
         description="Defending, after Neutralize Results, if not stressed: may suffer 1 "
                     "hit damage and gain 1 stress token to cancel all dice results.")


# --------------------------------------------------------------- "Pure Sabacc"
def _sabacc_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    return (is_me(ctx, "attacker") and attack is not None and len(ctx.ship.damage) <= 1
            and not (attack.primary and attack.range == 0))


register("pilot", "puresabacc",
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=_sabacc_applies, effect=one_more_attack_die),
         description="Attacking with 1 or fewer damage cards: may roll 1 additional attack "
                     "die.")


# ------------------------------------------------------------------ "Vagabond"
register("pilot", "vagabond",
         Triggered("drop 1 device", window="after_ailerons_move",
                   requirement=lambda ctx: is_me(ctx) and not ctx.ship.stressed,
                   choices=lambda ctx: payload_options(ctx.game, ctx.ship, ("bomb", "mine")),
                   effect=place_payload, decision="launch_device"),
         description="After boosting with Adaptive Ailerons, if not stressed: may drop 1 "
                     "bomb or mine (paying its card's charge, with its template).")
