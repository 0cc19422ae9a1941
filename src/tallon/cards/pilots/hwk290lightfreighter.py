"""HWK-290 light freighter pilots (Rebel Alliance, Scum and Villainy). The ship has no ship
ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    give_token_in_firing_arc,
    in_firing_arc,
    keep_circular_tokens,
    one_fewer_attack_die,
    one_more_attack_die,
    range_of,
    recalled,
    remember,
    ship_options,
)
from tallon.cards.pilots.mg100starfortress import in_turret_arc
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, transfer_token
from tallon.engine.recovery import FORCE, prevent_recovery
from tallon.engine.state import ShipState, Token

register("pilot", "kylekatarn", give_token_in_firing_arc(Token.FOCUS),
         description="At the start of the Engagement Phase: may give 1 of his focus tokens "
                     "to a friendly ship in his firing arc.")


def _jan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    if attack is None or attack.attacker == ctx.ship.id or not attack.primary \
            or attack.range == 0 or ctx.ship.stressed or not ctx.ship.in_play:
        return False
    attacker = ctx.other(attack.attacker)
    return attacker.owner == ctx.ship.owner and in_firing_arc(ctx.ship, attacker)


register("pilot", "janors",
         Triggered("gain 1 stress token: the attacker rolls 1 additional attack die",
                   window="before_attack_dice", cost=Cost(gain=(("stress", 1),)),
                   requirement=_jan_applies, effect=one_more_attack_die),
         description="A friendly ship in her firing arc performs a primary attack and she is "
                     "not stressed: she may gain a stress token to let it roll 1 additional "
                     "attack die.")

ROARK = "roarkgarnet"


def _roark_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and in_firing_arc(ctx.ship, s)]


def _engages_at(key: str, initiative: int, until: str) -> tuple[Triggered, Modifier]:
    """Roark Garnet and Torkil Mux: a ship chosen in the firing arc at the start of the
    Engagement Phase engages at ``initiative`` instead of its own."""

    def choose(ctx: Ctx, choice: Any) -> None:
        # remembered with the round: the effect lasts for this Engagement Phase only
        remember(ctx.ship, key, f"{ctx.state.round}:{choice}")
        chosen = ctx.other(choice)
        ctx.game.event("ability", f"{chosen.name} ({chosen.id}) engages at initiative "
                       f"{initiative} this {until}", ship=ctx.ship.id)

    def step(game: Any, owner: ShipState, ship: ShipState | None = None,
             **facts: Any) -> int | None:
        if ship is None or recalled(owner, key) != f"{game.state.round}:{ship.id}":
            return None
        return initiative

    return (Triggered(f"a ship in your firing arc engages at initiative {initiative}",
                      window="start_engagement", requirement=lambda ctx: ctx.ship.in_play,
                      choices=lambda ctx: ship_options(_roark_targets(ctx)), effect=choose),
            Modifier(f"the chosen ship engages at initiative {initiative}",
                     hook="engage_initiative", value=step))


register("pilot", ROARK, *_engages_at(ROARK, 7, "phase"),
         description="At the start of the Engagement Phase: may choose a ship in his firing "
                     "arc; it engages at initiative 7 this phase instead of its own "
                     "initiative.")


# ============================================================ Scum and Villainy
# ------------------------------------------------------------------ Dace Bonearm
def _dace_applies(ctx: Ctx) -> bool:
    if ctx.event["token"] != Token.ION.value or not ctx.ship.in_play:
        return False
    ionized = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, ionized)
    return (ionized.owner != ctx.ship.owner and not ionized.remote and ionized.in_play
            and near is not None and near <= 3)


register("pilot", "dacebonearm",
         Triggered("spend 3 charges: that ship gains 2 more ion tokens",
                   window="after_gain_token", cost=Cost(charges=3),
                   requirement=_dace_applies,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(ctx.event["ship"]),
                                                         Token.ION, 2,
                                                         applier=ctx.ship.owner)),
         description="After an enemy ship at range 0-3 gains an ion token: may spend 3 "
                     "charges; that ship gains 2 more ion tokens.")


# ----------------------------------------------------------------- Palob Godalhi
_PALOB_TOKENS = (Token.FOCUS, Token.EVADE)


def _palob_choices(ctx: Ctx) -> list[Option]:
    options = []
    for enemy in ctx.state.in_play():
        near = range_of(ctx.ship, enemy)
        if enemy.owner == ctx.ship.owner or near is None or near > 2 \
                or not in_firing_arc(ctx.ship, enemy):
            continue
        options += [Option(f"{enemy.id}:{t.value}", f"take 1 {t.value} token from "
                           f"{enemy.name} ({enemy.id})") for t in _PALOB_TOKENS if enemy.has(t)]
    return options


def _palob(ctx: Ctx, choice: Any) -> None:
    enemy_id, _, token = str(choice).partition(":")
    # RR: TOKENS - a token that can't be removed is not transferred
    transfer_token(ctx.game, ctx.other(enemy_id), ctx.ship, Token(token))


register("pilot", "palobgodalhi",
         Triggered("take 1 focus or evade token from an enemy ship in your firing arc at "
                   "range 0-2", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play, choices=_palob_choices,
                   effect=_palob),
         description="At the start of the Engagement Phase: may choose an enemy ship in his "
                     "firing arc at range 0-2 and transfer 1 of its focus or evade tokens to "
                     "himself.")


# -------------------------------------------------------------------- Torkil Mux
TORKIL = "torkilmux"


register("pilot", TORKIL, *_engages_at(TORKIL, 0, "round"),
         description="At the start of the Engagement Phase: may choose a ship in his firing "
                     "arc; it engages at initiative 0 this round instead of its own "
                     "initiative.")


# --------------------------------------------------------------------- Gamut Key
GAMUT_KEPT = "gamutkey-hwk290:kept"


def _gamut_targets(ctx: Ctx) -> list[ShipState]:
    if not ctx.ship.in_play:
        return []
    return [s for s in ctx.state.in_play()
            if (s.id == ctx.ship.id or (not s.remote and in_turret_arc(ctx.ship, s)))
            and any(t.circular and s.has(t) for t in Token)]


register("pilot", "gamutkey",
         *keep_circular_tokens(GAMUT_KEPT, "spend 2 charges: you or a ship in your turret "
                               "arc keeps its circular tokens", _gamut_targets),
         description="At the start of the End Phase: may spend 2 charges to choose himself or "
                     "a ship in his turret arc that has a circular token; that ship's "
                     "circular tokens are not removed this End Phase.")


# ------------------------------------------------------------------ Kanan Jarrus
def _kanan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not ctx.ship.in_play:
        return False
    defender = ctx.other(attack.defender)
    # "a ship in your turret arc": any ship, friendly or enemy (ruling)
    return defender.id == ctx.ship.id or (not defender.remote
                                          and in_turret_arc(ctx.ship, defender))


register("pilot", "kananjarrus-hwk290lightfreighter",
         Triggered("spend 1 Force: the attacker rolls 1 fewer attack die",
                   window="before_attack_dice", cost=Cost(force=1),
                   requirement=_kanan_applies, effect=one_fewer_attack_die),
         description="While he or a ship in his turret arc defends: may spend 1 Force to make "
                     "the attacker roll 1 fewer attack die.")


# ------------------------------------------------------------------------ Tápusk
def _tapusk_applies(ctx: Ctx) -> bool:
    target = ctx.other(ctx.event["ship"])
    # RR: ENEMY; "in your turret arc" as Gamut Key measures it
    return (ctx.ship.in_play and target.owner != ctx.ship.owner and not target.remote
            and target.in_play and in_turret_arc(ctx.ship, target))


def _tapusk_choices(ctx: Ctx) -> list[Option]:
    target = ctx.other(ctx.event["ship"])
    pool = ctx.event["pool"]
    what = "1 Force" if pool == FORCE else f"1 charge of {pool}"
    return [Option("prevent", f"{target.name} ({target.id}) does not recover {what}")]


register("pilot", "tapusk",
         Triggered("spend 2 charges: an enemy ship in your turret arc does not recover 1 "
                   "charge or Force", window="before_recover_charge", cost=Cost(charges=2),
                   requirement=_tapusk_applies, choices=_tapusk_choices,
                   effect=lambda ctx, choice: prevent_recovery(
                       ctx.game, ctx.other(ctx.event["ship"]), ctx.event["pool"])),
         description="In the End Phase, before an enemy ship in his turret arc recovers 1 "
                     "recurring charge or Force: may spend 2 charges; it does not recover "
                     "that one.")
