"""Fang fighter pilots (Scum and Villainy, Rebel Alliance) and the ship ability Concordia
Faceoff."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    green_tokens,
    is_in_arc,
    is_me,
    range_of,
    remember,
    remove_token_choice,
    ship_options,
    ships_in_range,
    this_round,
    token_choices,
)
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, DiceMod, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, remove_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc
from tallon.geometry.maneuvers import Maneuver


def _faceoff(game: Any, attack: Any, owner: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    return attack.range == 1 and is_in_arc(attacker, owner, Arc.FRONT)


register("ship_ability", "Concordia Faceoff",
         DiceMod("change 1 result to an evade", dice=dice("concordiafaceoff"),
                 applies=defending_if(_faceoff)),
         description="Defending at attack range 1 inside the attacker's front arc: 1 result "
                     "becomes an evade.")


def _teroch_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=False)


def _teroch(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    if is_in_arc(enemy, ctx.ship, Arc.FRONT):
        for token in green_tokens(enemy):
            remove_token(ctx.game, enemy, token, enemy.count(token))
        ctx.game.event("ability", f"{enemy.name} ({enemy.id}) removes its green tokens",
                       ship=enemy.id)


register("pilot", "oldteroch",
         Triggered("an enemy ship at range 1 with you in its front arc removes its green "
                   "tokens", window="start_engagement",
                   requirement=lambda ctx: bool(_teroch_targets(ctx)),
                   choices=lambda ctx: ship_options(_teroch_targets(ctx)), effect=_teroch),
         description="At the start of the Engagement Phase: may choose an enemy ship at range "
                     "1; if he is in its front arc, it removes all its green tokens.")


# ------------------------------------------------------------- Rebel Fang pilots
def _fenn_engager(ctx: Ctx) -> ShipState | None:
    """The friendly ship at range 1-2 about to engage, with an enemy ship at range 1 in its
    front arc, or None."""
    engager = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, engager)
    if engager.id == ctx.ship.id or engager.owner != ctx.ship.owner or near is None \
            or not 1 <= near <= 2:
        return None
    enemies = [s for s in ships_in_range(ctx.game, engager, 1, 1, friendly=False)
               if is_in_arc(engager, s, Arc.FRONT)]
    return engager if enemies else None


def _fenn_choices(ctx: Ctx) -> list[Option]:
    engager = _fenn_engager(ctx)
    if engager is None:
        return []
    # a lock is a red token, but the card excludes it
    return [o for o in token_choices(ctx.game, engager, ("red",))
            if not o.key.startswith("lock:")]


register("pilot", "fennrau-fangfighter",
         Triggered("the engaging friendly ship removes 1 non-lock red token",
                   window="before_engage",
                   requirement=lambda ctx: _fenn_engager(ctx) is not None,
                   choices=_fenn_choices,
                   effect=lambda ctx, choice: remove_token_choice(
                       ctx.game, ctx.other(ctx.event["ship"]), choice)),
         description="Before another friendly ship at range 1-2 engages with an enemy ship at "
                     "range 1 in its front arc: it may remove 1 red token other than a lock.")


BODICA_MEMORY = "bodicavenj:bonus"


def _bodica_applies(ctx: Ctx) -> bool:
    defender = ctx.other(ctx.event["defender"])
    attacker = ctx.event["attacker"]
    return (defender.id != ctx.ship.id and defender.owner == ctx.ship.owner
            and not defender.remote and not ctx.ship.has(Token.DEPLETE)
            and attacker in ctx.state.ships
            and can_bonus_attack(ctx.game, ctx.ship, only=_PRIMARY,
                                 defenders=(attacker,)))


def _bodica(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, BODICA_MEMORY, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, only=_PRIMARY,
                         defenders=(ctx.event["attacker"],))


def _bodica_attacked(ctx: Ctx) -> bool:
    return (ctx.event["attacker"] == ctx.ship.id and bool(ctx.event["bonus"])
            and this_round(ctx, ctx.ship, BODICA_MEMORY))


def _bodica_deplete(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, BODICA_MEMORY, None)
    gain_token(ctx.game, ctx.ship, Token.DEPLETE)


_PRIMARY = ("primary:front",)

# RR: BONUS ATTACK. The deplete token comes once her bonus attack is over (its own step 6),
# so it is an "after you attack" ability of that attack.
register("pilot", "bodicavenj",
         Triggered("bonus primary attack against the attacker", window="after_defend",
                   bonus_attack=True, requirement=_bodica_applies, effect=_bodica),
         Triggered("gain 1 deplete token after the bonus attack", window="after_attack",
                   optional=False, requirement=_bodica_attacked, effect=_bodica_deplete),
         description="After another friendly ship defends, if she is not depleted: may "
                     "perform a bonus primary attack against the attacker, then gains a "
                     "deplete token.")


def _dirk_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=False)
            if is_in_arc(ctx.ship, s, Arc.FRONT) and can_lock(ctx.game, ctx.ship, s.id) is None]


def _dirk_red_maneuver(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "red"


def _dirk_red_action(ctx: Ctx) -> bool:
    return is_me(ctx) and ctx.event["difficulty"] == "red"


def _dirk(window: str, requirement: Any) -> Triggered:
    return Triggered("acquire a lock on an enemy ship in the front arc at range 1",
                     window=window, requirement=requirement,
                     choices=lambda ctx: ship_options(_dirk_targets(ctx)),
                     effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice))


register("pilot", "dirkullodin",
         _dirk("after_execute", _dirk_red_maneuver),
         _dirk("after_action", _dirk_red_action),
         description="After fully executing a red maneuver or performing a red action: may "
                     "lock an enemy ship at range 1 in his front arc.")


def _revealed_speed(ship: ShipState) -> int | None:
    if not ship.dial_revealed or ship.dial_set is None:
        return None
    return Maneuver.parse(ship.dial_set).speed


def _clan_wren(game: Any, attack: Any, owner: ShipState) -> bool:
    speed = _revealed_speed(owner)
    if attack.range != 1 or speed is None:
        return False
    return any(_revealed_speed(s) == speed
               for s in ships_in_range(game, owner, 1, 1, friendly=True, other=True))


register("pilot", "clanwrenvolunteer",
         DiceMod("reroll 1 attack die", dice=dice("clanwrenvolunteer"),
                 applies=attacking_if(_clan_wren)),
         description="Attacking at range 1, if a friendly ship at range 1 revealed a "
                     "maneuver of the same speed as hers: may reroll 1 attack die.")
