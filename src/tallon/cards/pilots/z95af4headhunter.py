"""Z-95-AF4 Headhunter pilots (Rebel Alliance, Scum and Villainy). The ship has no ship
ability in its standard printing; Bossk's and Nashtah Pup's printings have one (Pursuit
Craft, Escape Craft: cards/pilots/z95af4headhunter_2.py). Binayre Pirate, Black Sun
Soldier and the Rebel generics have no pilot ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions
from tallon.cards.common import is_me, range_of, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import transfer_token
from tallon.engine.state import ShipState, Token


def _airen_targets(ctx: Ctx) -> list[ShipState]:
    # only a ship that can then act (treated as red, so not while stressed) is worth choosing
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=True, other=True)
            if bar_actions(ctx.game, s, False)]


def _airen(ctx: Ctx, choice: Any) -> None:
    # RR: ACTIONS - "treating it as red": a white action becomes red, a purple one stays
    ctx.game.push(PerformAction(choice, during_activation=False, treat_as="red"))


register("pilot", "airencracken",
         Triggered("a friendly ship at range 1 may perform an action, treated as red",
                   window="after_attack", requirement=lambda ctx: is_me(ctx, "attacker"),
                   choices=lambda ctx: ship_options(_airen_targets(ctx)), effect=_airen),
         description="After attacking: may choose a friendly ship at range 1; it may perform "
                     "an action, treated as red.")


def _blount_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    if not is_me(ctx, "attacker") or attack is None or not attack.primary \
            or attack.range == 0:
        return False
    defender = ctx.other(attack.defender)
    return any(s.id != ctx.ship.id and friendly(s, ctx.ship) and not s.remote
               and (near := range_of(s, defender)) is not None and near <= 1
               for s in ctx.state.in_play())


def _one_more_die(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.attack.extra_attack_dice += 1


register("pilot", "lieutenantblount",
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=_blount_applies, effect=_one_more_die),
         description="While he performs a primary attack, if another friendly ship is within range "
                     "0-1 of the defender: may roll 1 additional attack die.")


# --------------------------------------------------------------- Kaa'to Leeachos
_KAATO_TOKENS = (Token.FOCUS, Token.EVADE)


def _kaato_choices(ctx: Ctx) -> list[Option]:
    return [Option(f"{s.id}:{token.value}",
                   f"take 1 {token.value} token from {s.name} ({s.id})")
            for s in ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)
            for token in _KAATO_TOKENS if s.has(token)]


def _kaato(ctx: Ctx, choice: Any) -> None:
    giver, _, token = choice.partition(":")
    transfer_token(ctx.game, ctx.other(giver), ctx.ship, Token(token))


register("pilot", "kaatoleeachos",
         Triggered("take 1 focus or evade token from a friendly ship at range 0-2",
                   window="start_engagement", requirement=lambda ctx: ctx.ship.in_play,
                   choices=_kaato_choices, effect=_kaato),
         description="At the start of the Engagement Phase: may transfer 1 focus or evade "
                     "token from another friendly ship at range 0-2 to himself.")


# ------------------------------------------------------------------ N'dru Suhlak
def _ndru(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    # RR: ATTACK - the engine adds no die to a primary attack at attack range 0
    if attack is None or attack.attacker != owner.id or not attack.primary:
        return 0
    return 0 if ships_in_range(game, owner, 0, 2, friendly=True, other=True) else 1


register("pilot", "ndrusuhlak",
         Modifier("1 more attack die with no other friendly ship at range 0-2",
                  hook="attack_dice", value=_ndru),
         description="Primary attack with no other friendly ship at range 0-2: rolls 1 "
                     "additional attack die.")
