"""TIE/wi Whisper Modified Interceptor pilots (First Order).

The ship ability, Heavy Weapon Turret, is shared with the TIE/sf fighter and registered in
``tiesffighter.py``. 709th Legion Ace and Red Fury Zealot have no pilot ability. The
configuration Enhanced Jamming Suite is in ``cards/upgrades/configuration_tiewi.py``.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_in_arc, is_me
from tallon.cards.pilots.tiesebomber import records_moved_through, ships_moved_through
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Replacement, Triggered
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, remove_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc

# ------------------------------------------------------------------------ Kylo Ren
KYLO = "kyloren-tiewiwhispermodifiedinterceptor"


def _kylo_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    if facts["faceup"] or ctx.ship.force < 1:
        return False
    target = ctx.other(facts["ship"])
    return target.owner != ctx.ship.owner and is_in_arc(ctx.ship, target, Arc.BULLSEYE)


def _kylo_faceup(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    # RR: REPLACEMENT EFFECTS - only one replacement substitutes for the dealing: the
    # faceup card is not offered to other replacements
    deal_damage_card(ctx.game, ctx.other(facts["ship"]), True, card=facts["card"],
                     then=facts["then"], args=facts["args"], replaceable=False)


register("pilot", KYLO,
         Replacement("spend 1 Force: deal the damage card faceup",
                     point="deal_damage_card", cost=Cost(force=1), applies=_kylo_applies,
                     replace=_kylo_faceup),
         description="Before an enemy ship in his bullseye arc is dealt a facedown damage "
                     "card: may spend 1 Force to deal it faceup instead.")


# --------------------------------------------------------------------------- Wrath
def non_lock_red_or_orange(ship: ShipState) -> bool:
    """The ship has a red or orange token other than a lock (RR: LOCK: a lock is a red
    token of the locked ship)."""
    return any(t.colour in ("red", "orange") and ship.has(t) for t in Token)


def _wrath_targets(ctx: Ctx) -> tuple[str, ...]:
    return tuple(s.id for s in ctx.state.in_play() if s.id != ctx.event["defender"])


def _wrath_can(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: BULLSEYE ARC - a [Bullseye Arc] attack: one with a bullseye arc weapon
    return (is_me(ctx, "attacker") and attack is not None and attack.weapon.arc == "bullseye"
            and non_lock_red_or_orange(ctx.ship)
            and can_bonus_attack(ctx.game, ctx.ship, defenders=_wrath_targets(ctx)))


register("pilot", "wrath",
         Triggered("bonus attack against a different target", window="after_attack",
                   bonus_attack=True, requirement=_wrath_can,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, defenders=_wrath_targets(ctx))),
         description="After a bullseye arc attack, while holding at least 1 red or orange token "
                     "other than a lock: may perform a bonus attack against another target.")


# ------------------------------------------------------------------------ Nightfall
def _nightfall(ctx: Ctx, choice: Any) -> None:
    for ship in ships_moved_through(ctx):
        gain_token(ctx.game, ship, Token.JAM, 2, applier=ctx.ship.owner)


def _nightfall_trigger(window: str) -> Triggered:
    return Triggered("each ship you moved through gains 2 jam tokens", window=window,
                     optional=False,
                     requirement=lambda ctx: is_me(ctx) and bool(ships_moved_through(ctx)),
                     effect=_nightfall)


register("pilot", "nightfall",
         records_moved_through("nightfall"), _nightfall_trigger("after_execute"),
         _nightfall_trigger("after_action"),
         description="After fully executing a maneuver or performing a boost action: each "
                     "ship it moved through, friendly or enemy, gains 2 jam tokens.")


# ------------------------------------------------------------------------ Whirlwind
def _watchers(ctx: Ctx) -> int:
    """Enemy ships that have him in their front arc."""
    return sum(1 for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
               and is_in_arc(s, ctx.ship, Arc.FRONT))


def _whirlwind_choices(ctx: Ctx) -> list[Option]:
    jams, focus = ctx.ship.count(Token.JAM), _watchers(ctx)
    found = []
    for n in range(jams + 1):
        if n:
            found.append(Option(f"jam{n}", f"remove {n} jam token(s)"))
        if focus:
            found.append(Option(f"jam{n}+focus", (f"remove {n} jam token(s), then " if n
                                                  else "") + f"gain {focus} focus token(s)"))
    return found


def _whirlwind(ctx: Ctx, choice: Any) -> None:
    jams, _, focus = str(choice).partition("+")
    removed = int(jams.removeprefix("jam"))
    if removed:
        remove_token(ctx.game, ctx.ship, Token.JAM, removed)
    if focus:
        count = _watchers(ctx)
        if count:
            gain_token(ctx.game, ctx.ship, Token.FOCUS, count)


register("pilot", "whirlwind",
         Triggered("remove jam tokens, then gain focus for each enemy with you in its front "
                   "arc", window="before_engage", requirement=is_me,
                   choices=_whirlwind_choices, effect=_whirlwind),
         description="Before it engages: may remove any number of its jam tokens; then it may gain "
                     "1 focus token per enemy ship whose front arc it is in.")
