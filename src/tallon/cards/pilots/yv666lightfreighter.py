"""YV-666 Light Freighter pilots (Scum and Villainy); the ship has no ship ability.
Trandoshan Slaver has no pilot ability. The Hound's Tooth title is in
cards/upgrades/title.py."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import green_tokens, is_me, recalled, remember, ships_in_range
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_b import spend_lock
from tallon.engine.abilities import Cost, Ctx, Replacement, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import break_locks_on, gain_token, spend_forbidden, spend_token
from tallon.engine.placement import deploy, pick_up
from tallon.engine.reserve import in_reserve, mark_reserve, reserve_rule, usable_in_reserve
from tallon.engine.state import ShipState, Token
from tallon.geometry.constants import PLAY_AREA_SIDE


# ------------------------------------------------------------------------- Bossk
def _bossk_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and attack.primary
            and attack.crits > 0)


def bossk(ctx: Ctx, choice: Any, verb: str = "spends") -> None:
    """One uncanceled critical hit becomes two hits (Bossk; the 1e card ``cancels`` it)."""
    attack = ctx.attack
    assert attack is not None
    # RR: ATTACK step 4 - the results are neutralized: the crit is spent, two hits join
    attack.crits -= 1
    attack.hits += 2
    attack.hit = True
    ctx.game.event("neutralize", f"{ctx.ship.name} ({ctx.ship.id}) {verb} 1 critical hit "
                   f"result to add 2 hit results: {attack.hits} hit(s), {attack.crits} "
                   "critical hit(s) uncanceled", ship=ctx.ship.id, hits=attack.hits,
                   crits=attack.crits)


#: shared by both printings (YV-666 and Z-95-AF4 headhunter): the same text
BOSSK = Triggered("spend 1 critical hit result to add 2 hit results",
                  window="after_neutralize", requirement=_bossk_applies, effect=bossk)
register("pilot", "bossk", BOSSK,
         description="Primary attack, after the Neutralize Results step: may spend 1 "
                     "critical hit result to add 2 hit results.")


# ------------------------------------------------------------------- Latts Razzi
def _latts_choices(ctx: Ctx) -> list[Option]:
    return [Option(s.id, f"spend the lock on {s.name} ({s.id}): it gains 1 tractor token")
            for s in ships_in_range(ctx.game, ctx.ship, 1, 1, other=True)
            if s.id in ctx.ship.locks]


def _latts(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(choice)
    spend_lock(ctx.game, ctx.ship, target.id)
    # RR: TRACTOR - Latts's player makes the choices the tractored ship's token calls for
    gain_token(ctx.game, target, Token.TRACTOR, applier=ctx.ship.owner)


register("pilot", "lattsrazzi",
         Triggered("spend a lock on a ship at range 1: it gains 1 tractor token",
                   window="start_engagement", requirement=lambda ctx: ctx.ship.in_play,
                   choices=_latts_choices, effect=_latts),
         description="At the start of the Engagement Phase: may spend his lock on a ship at "
                     "range 1; that ship gains 1 tractor token.")


# ------------------------------------------------------------------ Doctor Aphra
APHRA = "doctoraphra"


def _aphra_choices(ctx: Ctx) -> list[Option]:
    # ruling: offered only with a ship to choose, so the token and charge buy something
    targets = [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)
               if not s.stressed]
    tokens = [t for t in green_tokens(ctx.ship) if not spend_forbidden(ctx.game, ctx.ship, t)]
    return [Option(f"{token.value}:{s.id}",
                   f"spend 1 {token.value} token: {s.name} ({s.id}) gains 1 stress token")
            for token in tokens for s in targets]


def _aphra(ctx: Ctx, choice: Any) -> None:
    token, _, target_id = choice.partition(":")
    spend_token(ctx.game, ctx.ship, Token(token))
    gain_token(ctx.game, ctx.other(target_id), Token.STRESS, applier=ctx.ship.owner)


register("pilot", APHRA,
         Triggered("spend 1 green token and 1 charge: a ship at range 0-1 gains 1 stress "
                   "token", window="before_engage", requirement=is_me,
                   cost=Cost(charges=1), choices=_aphra_choices, effect=_aphra),
         description="Before engaging: may spend 1 green token and 1 charge to give "
                     "another unstressed ship at range 0-1 a stress token.")


# ------------------------------------------------------------------- Moralo Eval
MORALO = "moraloeval"
#: card memory: the round Moralo Eval went to reserve instead of fleeing
MORALO_FLED = "moraloeval:fled"


def fled_edge(ship: ShipState) -> str:
    """The edge of the play area the ship's base crosses farthest (a corner: the edge it
    is farther beyond; ruling): ``south`` (y = 0), ``north``, ``west`` (x = 0), ``east``."""
    assert ship.body is not None
    points = [p for piece in ship.body.range_pieces for p in piece]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    beyond = {"south": -min(ys), "north": max(ys) - PLAY_AREA_SIDE, "west": -min(xs),
              "east": max(xs) - PLAY_AREA_SIDE}
    return max(beyond, key=lambda side: beyond[side])


def _moralo_reserve(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.ship
    side = fled_edge(ship)
    # RR: RESERVE - off the table, not removed: nothing can lock it there
    break_locks_on(ctx.game, ship.id)
    pick_up(ctx.game, ship)
    mark_reserve(ship, (f"edge:{side}",))
    remember(ship, MORALO_FLED, ctx.state.round)
    ctx.game.event("reserve", f"{ship.name} ({ship.id}) is placed in reserve instead of "
                   f"fleeing (the {side} edge)", ship=ship.id)


def _moralo_returns(ctx: Ctx) -> bool:
    fled = recalled(ctx.ship, MORALO_FLED)
    rule = reserve_rule(ctx.ship)
    # "the next Planning Phase": not one of the round he fled in
    return (fled is not None and fled < ctx.state.round and in_reserve(ctx.game, ctx.ship)
            and rule is not None and rule[0].startswith("edge:"))


usable_in_reserve(register(
    "pilot", MORALO,
    # RR: FLEE, RR: REPLACEMENT EFFECTS
    Replacement("spend 1 charge: go to reserve instead of fleeing", point="flee",
                applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                replace=_moralo_reserve, cost=Cost(charges=1)),
    # RR: RESERVE
    Triggered("placed within range 1 of the edge he fled from", window="start_planning",
              optional=False, requirement=_moralo_returns,
              effect=lambda ctx, choice: deploy(ctx.game, ctx.ship)),
    description="If he would flee: may spend 1 charge; if he does, he goes into reserve instead "
                "and, when the next Planning Phase starts, is placed within range 1 of the play "
                "area edge he fled from."))
