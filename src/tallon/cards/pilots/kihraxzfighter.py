"""Kihraxz fighter pilots (Scum and Villainy). The ship has no ship ability."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import ship_options
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.effects import gain_token
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry.arcs import Relation, relation

# --------------------------------------------------------------- Captain Jostero
JOSTERO = "captainjostero"


def _jostero_target(ctx: Ctx) -> ShipState | None:
    """The enemy ship that just suffered damage, if it is not defending."""
    hurt = ctx.other(ctx.event["ship"])
    attack = ctx.attack
    if hurt.owner == ctx.ship.owner or hurt.remote or not hurt.in_play \
            or (attack is not None and attack.defender == hurt.id):
        return None
    return hurt


def _jostero_now(ctx: Ctx) -> bool:
    hurt = _jostero_target(ctx)
    return (ctx.attack is None and hurt is not None
            and can_bonus_attack(ctx.game, ctx.ship, defenders=(hurt.id,)))


def _jostero_mid_attack(ctx: Ctx) -> bool:
    return ctx.attack is not None and _jostero_target(ctx) is not None


def _jostero_note(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    # per-attack: the bonus attack waits for this attack's Aftermath step
    ctx.attack.marks[f"{ctx.ship.id}:{JOSTERO}@{ctx.event['ship']}"] = 1


def _jostero_noted(ctx: Ctx) -> list[str]:
    attack = ctx.attack
    if attack is None:
        return []
    prefix = f"{ctx.ship.id}:{JOSTERO}@"
    return [key[len(prefix):] for key in attack.marks if key.startswith(prefix)]


def _jostero_later(ctx: Ctx) -> list[ShipState]:
    return [ctx.other(t) for t in _jostero_noted(ctx)
            if ctx.other(t).in_play and can_bonus_attack(ctx.game, ctx.ship, defenders=(t,))]


# RR: BONUS ATTACK - one a round, and never inside another attack: damage suffered during
# an attack (not by its defender) lets him attack in that attack's Aftermath step (ruling)
register("pilot", JOSTERO,
         Triggered("bonus attack against the enemy ship that suffered damage",
                   window="after_suffer_damage", bonus_attack=True, requirement=_jostero_now,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, defenders=(ctx.event["ship"],))),
         Triggered("note an enemy ship damaged during an attack", window="after_suffer_damage",
                   optional=False, requirement=_jostero_mid_attack, effect=_jostero_note),
         Triggered("bonus attack against an enemy ship damaged during the attack",
                   window="after_attack", bonus_attack=True,
                   requirement=lambda ctx: bool(_jostero_later(ctx)),
                   choices=lambda ctx: ship_options(_jostero_later(ctx)),
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, defenders=(str(choice),))),
         description="After an enemy ship that is not defending suffers damage: may perform "
                     "a bonus attack against it (after the attack in progress, if any).")


# -------------------------------------------------------------------------- Graz
def _behind(game: Any, of: ShipState, to: ShipState) -> bool:
    # RR: ARC - behind: in the other ship's full rear arc, not crossing its midway line
    if of.body is None or to.body is None or to.remote:
        return False
    return relation(of.body, to.body) is Relation.BEHIND  # type: ignore[arg-type]


def _graz_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    return 1 if _behind(game, owner, game.state.ships[attack.defender]) else 0


def _graz_defense(game: Any, owner: ShipState, attack: AttackState | None = None,
                  **facts: Any) -> int:
    if attack is None or attack.defender != owner.id:
        return 0
    return 1 if _behind(game, owner, game.state.ships[attack.attacker]) else 0


register("pilot", "graz",
         Modifier("behind the defender: 1 more attack die", hook="attack_dice",
                  value=_graz_attack),
         Modifier("behind the attacker: 1 more defense die", hook="defense_dice",
                  value=_graz_defense),
         description="Behind the other ship of an attack: rolls 1 additional attack die when "
                     "attacking, 1 additional defense die when defending.")


# --------------------------------------------------------------- Talonbane Cobra
def _talonbane_attack(game: Any, owner: ShipState, attack: AttackState | None = None,
                      **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id and attack.range == 1 \
        else 0


def _talonbane_defense(game: Any, owner: ShipState, attack: AttackState | None = None,
                       **facts: Any) -> int:
    return 1 if attack is not None and attack.defender == owner.id and attack.range == 3 \
        else 0


register("pilot", "talonbanecobra",
         Modifier("attack range 1: 1 more attack die", hook="attack_dice",
                  value=_talonbane_attack),
         Modifier("defending at attack range 3: 1 more defense die", hook="defense_dice",
                  value=_talonbane_defense),
         description="Rolls 1 additional attack die attacking at attack range 1, and 1 "
                     "additional defense die defending at attack range 3.")


# -------------------------------------------------------------------- Viktor Hel
def _viktor_applies(ctx: Ctx) -> bool:
    if ctx.event["defender"] != ctx.ship.id or ctx.attack is None:
        return False
    pool = ctx.attack.defense_dice
    # dice added to the results were not rolled (a skipped roll rolled none)
    rolled = 0 if pool is None else sum(1 for die in pool.dice if not die.added)
    return rolled != 2 and ctx.other(ctx.event["attacker"]).in_play


register("pilot", "viktorhel",
         Triggered("the attacker gains 1 stress token", window="after_defend",
                   optional=False, requirement=_viktor_applies,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["attacker"]), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="After he defends: the attacker gains 1 stress token unless he rolled exactly "
                     "2 defense dice.")
