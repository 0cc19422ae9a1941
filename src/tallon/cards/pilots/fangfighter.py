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
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, remove_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc, BaseSize
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
    return (defender.id != ctx.ship.id and friendly(defender, ctx.ship)
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
         description="After another friendly ship defends, if she is not depleted: may attack the "
                     "attacker with a bonus primary attack; after that attack she gains 1 deplete "
                     "token.")


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


# -------------------------------------------------------------- Scum Fang pilots
def _range_one(role: str) -> Any:
    def requirement(ctx: Ctx) -> bool:
        return is_me(ctx, role) and ctx.attack is not None and ctx.attack.range == 1
    return requirement


def _one_more(role: str) -> Any:
    def effect(ctx: Ctx, choice: Any) -> None:
        assert ctx.attack is not None
        if role == "attacker":
            ctx.attack.extra_attack_dice += 1
        else:
            ctx.attack.extra_defense_dice += 1
    return effect


register("pilot", "fennrau",
         Triggered("roll 1 additional attack die", window="before_attack_dice",
                   requirement=_range_one("attacker"), effect=_one_more("attacker")),
         Triggered("roll 1 additional defense die", window="before_defense_dice",
                   requirement=_range_one("defender"), effect=_one_more("defender")),
         description="Attacking or defending at attack range 1: may roll 1 additional die.")


JOY = "joyrekkoff"
JOY_MARK = f"{JOY}:fewer"


def _torpedoes(ship: ShipState) -> list[str]:
    """The ship's equipped torpedo upgrades with an active charge."""
    cards = load_cards()
    return [xws for xws in ship.upgrades if "torpedo" in cards.upgrade(xws).slots
            and xws in ship.charges and ship.charges[xws].active >= 1]


def _joy(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    ctx.ship.charges[choice].active -= 1
    ctx.attack.marks[f"{ctx.ship.id}:{JOY_MARK}"] = 1
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) spends 1 charge of {choice}: "
                   "the defender rolls 1 fewer defense die", ship=ctx.ship.id)


def _joy_fewer(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    return int(attack is not None and attack.attacker == owner.id
               and attack.marks.get(f"{owner.id}:{JOY_MARK}", 0) > 0)


# the torpedo's charge is spent before the defense dice are counted, so the reduction
# applies to this attack's roll (RR: ATTACK, step 3a)
register("pilot", JOY,
         Triggered("spend 1 torpedo charge: the defender rolls 1 fewer defense die",
                   window="before_defense_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and bool(_torpedoes(ctx.ship)),
                   choices=lambda ctx: [Option(x, f"spend 1 charge of {x}")
                                        for x in _torpedoes(ctx.ship)],
                   effect=_joy),
         Modifier("the defender rolls 1 fewer defense die", hook="defense_dice_reduction",
                  value=_joy_fewer),
         description="Attacking: may spend 1 charge of an equipped torpedo upgrade to make "
                     "the defender roll 1 fewer defense die.")


def _red_full(ctx: Ctx) -> bool:
    return is_me(ctx) and bool(ctx.event["full"]) and ctx.event["difficulty"] == "red"


register("pilot", "kadsolus",
         Triggered("gain 2 focus tokens", window="after_execute", optional=False,
                   requirement=_red_full,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS, 2)),
         description="After fully executing a red maneuver: gains 2 focus tokens.")


def _guard_applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
    attacker = game.state.ships[attack.attacker]
    # RR: ATTACK ARC - the arc of the weapon the attacker uses
    return (user.id != owner.id and friendly(user, owner) and not user.remote
            and attack.defender == user.id and user.size is not BaseSize.SMALL and owner.in_play
            and is_in_arc(attacker, owner, attack.arc))


def _guard_tokens(ctx: Ctx, option: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.DEPLETE)
    gain_token(ctx.game, ctx.ship, Token.STRAIN)


register("pilot", "mandalorianroyalguard",
         DiceMod("gain 1 deplete and 1 strain: the defender changes 1 result to an evade",
                 dice=dice("mandalorianroyalguard"), for_others=True, applies=_guard_applies,
                 after=_guard_tokens),
         description="A friendly non-small ship defends with her in the attack arc: she may "
                     "gain 1 deplete and 1 strain token to let it change 1 result to an "
                     "evade.")


TORPHUN = "torphun"


def _torphun_applies(ctx: Ctx) -> bool:
    defender = ctx.state.ships.get(ctx.event["defender"])
    return is_me(ctx, "attacker") and defender is not None and defender.destroyed


def _torphun(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(PerformAction(ctx.ship.id, during_activation=False, even_stressed=True),
                  Then("torphun.strain", (ctx.ship.id,)))


@continuation("torphun.strain")
def _torphun_strain(game: Any, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if not can_bonus_attack(game, ship):
        return
    game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): gain 2 strain tokens "
                  "to perform a bonus attack?",
                  (Option("use", "gain 2 strain tokens: bonus attack"),
                   Option("decline", "no bonus attack")),
                  "torphun.bonus", (ship_id,), ship=ship_id))


@continuation("torphun.bonus")
def _torphun_bonus(game: Any, answer: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if answer != "use" or not can_bonus_attack(game, ship):
        return
    gain_token(game, ship, Token.STRAIN, 2)
    perform_bonus_attack(game, ship)


# RR: BONUS ATTACK - the whole ability grants a bonus attack, so it resolves in step 6d
register("pilot", TORPHUN,
         Triggered("perform an action even while stressed, then may gain 2 strain for a "
                   "bonus attack", window="after_attack", bonus_attack=True,
                   requirement=_torphun_applies, effect=_torphun),
         description="After attacking, if the defender was destroyed: may perform an action even "
                     "while stressed; after that, by gaining 2 strain tokens, may perform a bonus "
                     "attack.")
