"""First-edition pilots of wave 2: the TIE Interceptor, A-wing, Millennium Falcon (YT-1300)
and Slave I (Firespray-31) expansion packs, registered under their play ids
(:mod:`tallon.data.first_edition_play`). Descriptions are Tallon's own words; the rules
sources are the first edition's core rulebook, its reference cards and its FAQ
(``FAQ (1e)``)."""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, grant_action, granted, let_perform
from tallon.cards.common import attacking_if, is_me, range_zero_as_one, ship_options
from tallon.cards.pilots.modifiedyt1300lightfreighter import chewbacca
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, RerollDice, reroll
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import bar_actions as engine_bar
from tallon.engine.allegiance import friendly
from tallon.engine.effects import gain_token
from tallon.engine.rounds import effective_code
from tallon.engine.state import ActionSpec, ShipState, Token, WeaponSpec
from tallon.geometry import Maneuver


# ------------------------------------------------------- free actions of the bar
def bar_free_actions(game: Any, ship: ShipState, during: bool) -> list[ActionSpec]:
    """The actions "shown on (the ship's) action bar" it could perform now as a free action
    (Lando Calrissian, Push the Limit): not the "Action:" headers of its cards, and no
    target lock without a ship to lock (FAQ (1e), Acquiring a Target Lock and Push the
    Limit: an action that cannot be performed is not chosen)."""
    bar = {spec.kind for spec in engine_bar(game, ship)}
    return [spec for spec in bar_actions(game, ship, during) if spec.kind in bar
            and (spec.kind != "lock" or lock_targets(game, ship))]


# ------------------------------------------------------------------ Turr Phennir
def _turr_actions(ctx: Ctx) -> list[Any]:
    return [granted("boost", "white", ctx.card), granted("barrel_roll", "white", ctx.card)]


register("pilot", "1e-tieinterceptor-turrphennir",
         grant_action("boost or barrel roll as a free action", "after_attack",
                      _turr_actions,
                      requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id),
         description="After attacking: may boost or barrel roll as a free action.")


# ------------------------------------------------------------------- Soontir Fel
register("pilot", "1e-tieinterceptor-soontirfel",
         Triggered("gain a focus token", window="after_gain_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress",
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="Each time he receives a stress token: may assign himself 1 focus "
                     "token (not an action).")


# ------------------------------------------------------------------ Tycho Celchu
def _tycho(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


register("pilot", "1e-awing-tychocelchu",
         Modifier("may perform actions while stressed", hook="may_act_stressed",
                  value=_tycho),
         Modifier("may perform his Perform Action step's action while stressed",
                  hook="action_step_stressed", value=_tycho),
         description="May perform actions even while he has stress tokens.")


# ------------------------------------------------------------------ Arvel Crynyd
def _arvel_arcs(game: Any, owner: ShipState, weapon: WeaponSpec | None = None,
                **facts: Any) -> list[tuple[str, int, int]]:
    # rulebook (1e): touching ships cannot attack each other (the engine's range 0); Arvel
    # may declare an enemy he touches inside his firing arc, at range 1 (ruling): with a
    # weapon that reaches range 1
    if weapon is not None and weapon.min_range > 1:
        return []
    return [(arc, 0, 0) for arc, _ in owner.attacks if arc != "all"]


register("pilot", "1e-awing-arvelcrynyd",
         Modifier("may attack an enemy ship he touches inside his firing arc",
                  hook="weapon_arc_alternatives", value=_arvel_arcs),
         Modifier("an attack on a ship he touches is made at range 1",
                  hook="treated_attack_range", value=range_zero_as_one),
         description="May declare an enemy ship he is touching, inside his firing arc, as "
                     "the target of his attack (measured as range 1).")


# --------------------------------------------------------------------- Chewbacca
# the 2.5 Chewbacca's replacement, without its charge: the card is dealt facedown instead
register("pilot", "1e-yt1300-chewbacca",
         Replacement("a faceup damage card dealt to him is flipped facedown",
                     point="deal_faceup_card", optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                     replace=chewbacca),
         description="A faceup damage card dealt to him is at once flipped facedown, its "
                     "text not resolved.")


# -------------------------------------------------------------- Lando Calrissian
def _lando_friends(ctx: Ctx) -> list[ShipState]:
    if ctx.ship.body is None:
        return []
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and friendly(ctx.ship, s)
            and ctx.state.in_range(ctx.ship, s, 0, 1)
            and bar_free_actions(ctx.game, s, False)]


def _lando(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(str(choice))
    let_perform(ctx.game, friend.id, bar_free_actions(ctx.game, friend, False), False)


register("pilot", "1e-yt1300-landocalrissian",
         Triggered("choose another friendly ship at range 1: it may perform a free action "
                   "on its action bar", window="after_execute",
                   # "green maneuver": the engine's blue difficulty (1e dials' G is B)
                   requirement=lambda ctx: is_me(ctx) and ctx.event["difficulty"] == "blue"
                   and bool(_lando_friends(ctx)),
                   choices=lambda ctx: ship_options(_lando_friends(ctx)), effect=_lando),
         description="After executing a green maneuver: chooses another friendly ship at "
                     "range 1, which may perform 1 free action from its action bar.")


# ---------------------------------------------------------------------- Han Solo
HAN = CardAbility("1e-hansolo", "Han Solo (reroll all of your dice)",
                  effect=RerollDice(15, exactly=True), roles=ATTACKING)

register("pilot", "1e-yt1300-hansolo",
         DiceMod("reroll all of your dice", dice=HAN, applies=attacking_if()),
         description="Attacking: may reroll all his attack dice (as many as can be "
                     "rerolled).")


# ------------------------------------------------------------------- Kath Scarlet
def _kath_canceled(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (attack is not None and attack.attacker == ctx.ship.id
            and attack.attack_dice is not None and not attack.dice_skipped
            and attack.attack_dice.count(Face.CRIT) > attack.crits)


register("pilot", "1e-firespray31-kathscarlet-galacticempire",
         Triggered("stress the defender (it canceled a critical hit)",
                   window="after_neutralize", optional=False, requirement=_kath_canceled,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.attack.defender), Token.STRESS,
                       applier=ctx.ship.owner)),
         description="Her defenders gain 1 stress token if they cancel any critical hit "
                     "(in Compare Results).")


# ---------------------------------------------------------------------- Boba Fett
_OTHER_BANK = {"B": "N", "N": "B"}


def _boba(game: Any, owner: ShipState, maneuver: str = "", **facts: Any) -> list[str]:
    if not maneuver or owner.dial_set is None:
        return []
    revealed = Maneuver.parse(owner.dial_set)
    bearing = owner.dial_set[1:-1]
    if bearing not in _OTHER_BANK:
        return []
    # the dial turned to the other bank of the same speed: that maneuver as printed
    wanted = f"{revealed.speed}{_OTHER_BANK[bearing]}"
    return [effective_code(game, owner, code) for code in owner.dial
            if code[:-1] == wanted]


register("pilot", "1e-firespray31-bobafett-galacticempire",
         Modifier("switch to the opposite bank of equal speed",
                  hook="maneuver_alternatives", value=_boba),
         description="Revealing a bank: may switch to the opposite bank of equal speed.")


# ------------------------------------------------------------------ Krassis Trelix
register("pilot", "1e-firespray31-krassistrelix",
         DiceMod("reroll 1 attack die", dice=reroll("1e-krassistrelix",
                                                    "Krassis Trelix (reroll 1 die)",
                                                    ATTACKING, 1),
                 applies=attacking_if(lambda game, attack, owner: not attack.primary)),
         description="Attacking with a secondary weapon: may reroll 1 attack die.")
