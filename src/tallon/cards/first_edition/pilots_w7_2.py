"""First-edition pilots of the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs, continued (:mod:`pilots_w7` has the others).
Descriptions are Tallon's own words; "at Range 1" is measured with
:mod:`tallon.cards.first_edition.ranges_1e`.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import bar_actions, may_perform
from tallon.cards.common import (
    is_me,
    one_more_attack_die,
    recalled,
    remember,
    ship_options,
)
from tallon.cards.first_edition.pilots_w5a import friends_within
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Replacement, Triggered
from tallon.engine.damage import SufferDamage
from tallon.engine.dial_codes import difficulty_of
from tallon.engine.effects import deal_damage_card, transfer_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Bearing, Maneuver

# ------------------------------------------------------------------- Zeta Leader
ZETA_LEADER = "1e-tiefofighter-zetaleader"

register("pilot", ZETA_LEADER,
         Triggered("take 1 stress token for an extra attack die",
                   window="before_attack_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker") and not ctx.ship.stressed,
                   cost=Cost(gain=(("stress", 1),)), effect=one_more_attack_die),
         description="Attacking while unstressed: may take 1 stress token for an extra attack die.")


# --------------------------------------------------------------------- Ello Asty
ELLO = "1e-t70xwing-elloasty"
_TALLON_ROLLS = (Bearing.TALLON_ROLL_LEFT, Bearing.TALLON_ROLL_RIGHT)


def _ello_applies(ctx: Ctx) -> bool:
    code = ctx.event["maneuver"]
    return (is_me(ctx) and not ctx.ship.stressed
            and Maneuver.parse(code).bearing in _TALLON_ROLLS and difficulty_of(code) == "red")


def _ello(ctx: Ctx, choice: Any) -> None:
    ctx.ship.execute_difficulty -= 1  # red one step easier: white
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) treats the Tallon roll as "
                   "white", ship=ctx.ship.id)


register("pilot", ELLO,
         Triggered("treat the Tallon roll as a white maneuver", window="after_reveal",
                   requirement=_ello_applies, effect=_ello),
         description="While not stressed: may treat his (red) Tallon roll maneuvers as "
                     "white maneuvers.")


# ------------------------------------------------------------------- Valen Rudor
VALEN = "1e-tieadvprototype-valenrudor"

register("pilot", VALEN,
         # FAQ (1e): against "perform this attack twice", once, after the second attack
         # (the engine's after-defending step follows both)
         may_perform("perform a free action", "after_defend",
                     lambda ctx: bar_actions(ctx.game, ctx.ship, False),
                     requirement=lambda ctx: is_me(ctx, "defender") and ctx.ship.in_play,
                     label="perform a free action"),
         description="After defending: may perform a free action.")


# ------------------------------------------------------------------------ 4-LOM
FOUR_LOM = "1e-g1astarfighter-4lom"


def _lom_targets(ctx: Ctx) -> list[ShipState]:
    if ctx.ship.body is None:
        return []
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and within_1e(ctx.ship, s, 1, 1)]


register("pilot", FOUR_LOM,
         Triggered("pass a stress token to another ship within Range 1",
                   window="start_end_phase",
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.stressed
                   and bool(_lom_targets(ctx)),
                   choices=lambda ctx: ship_options(_lom_targets(ctx)),
                   effect=lambda ctx, choice: transfer_token(ctx.game, ctx.ship,
                                                             ctx.other(choice), Token.STRESS)),
         description="End phase start: may pass 1 of his stress tokens to another ship, friend or "
                     "foe, within Range 1.")


# ---------------------------------------------------------------------- Manaroo
MANAROO = "1e-jumpmaster5000-manaroo"


def _manaroo_has(ship: ShipState) -> bool:
    return ship.has(Token.FOCUS) or ship.has(Token.EVADE) or bool(ship.locks)


def _manaroo(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    moved = 0
    for token in (Token.FOCUS, Token.EVADE):
        while ctx.ship.has(token) and transfer_token(ctx.game, ctx.ship, friend, token):
            moved += 1
    if ctx.ship.locks:
        # a ship keeps 1 target lock (rulebook (1e), Target Lock): the lock assigned
        # replaces the friend's own (ruling)
        friend.locks = list(ctx.ship.locks)
        ctx.ship.locks = []
        moved += len(friend.locks)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) assigns {moved} token(s) "
                   f"to {friend.name} ({friend.id})", ship=ctx.ship.id)


register("pilot", MANAROO,
         Triggered("move all your focus, evade and lock tokens to a "
                   "friend within Range 1", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and _manaroo_has(ctx.ship)
                   and bool(friends_within(ctx.game, ctx.ship, 1, 1)),
                   choices=lambda ctx: ship_options(friends_within(ctx.game, ctx.ship, 1, 1)),
                   effect=_manaroo),
         description="Combat phase start: may move every focus, evade and lock token she has to "
                     "another friendly ship within Range 1.")


# ------------------------------------------------------------------- Tel Trevura
TEL = "1e-jumpmaster5000-teltrevura"
TEL_USED = f"{TEL}:used"


def _tel(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship, game = ctx.ship, ctx.game
    remember(ship, TEL_USED, True)
    # "cancel any remaining damage": the rest of the damage being suffered
    game.stack[:] = [SufferDamage(s.ship_id, 0, 0, s.cause, False, s.shields_lost,
                                  s.cards_dealt, s.crits_suffered, s.destroyed,
                                  s.bypass_shields)
                     if isinstance(s, SufferDamage) and s.ship_id == ship.id else s
                     for s in game.stack]
    ctx.state.player(ship.owner).discard.extend(card.card for card in ship.damage)
    if ship.round_initiative == 0 and any(card.faceup and card.card.endswith("damagedcockpit")
                                          for card in ship.damage):
        # FAQ (1e), Tel Trevura: discarding Damaged Cockpit gives him back his pilot skill
        ship.round_initiative = None
    ship.damage = ()
    game.event("damage", f"{ship.name} ({ship.id}) cancels the remaining damage and "
               "discards all of its damage cards", ship=ship.id)
    for _ in range(4):
        deal_damage_card(game, ship, False)


register("pilot", TEL,
         # FAQ (1e): at the end of the Deal Damage step, before any "after attacking" or
         # "after defending" ability
         Replacement("survive: drop the rest of the damage, swap all damage "
                     "cards for 4 facedown ones", point="destroy_ship", optional=False,
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and ctx.ship.in_play and not recalled(ctx.ship, TEL_USED),
                     replace=_tel),
         description="The first time he would be destroyed: instead the remaining damage is "
                     "canceled, he discards all his damage cards and is dealt 4 facedown "
                     "damage cards.")
