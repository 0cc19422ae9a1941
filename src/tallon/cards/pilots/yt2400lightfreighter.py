"""YT-2400 light freighter pilots (Rebel Alliance, Scum and Villainy) and the ship ability
Sensor Blindspot.

Sensor Blindspot has two texts under one name: the first printings (Leebo, Dash Rendar,
Wild Space Fringer) drop the range 0-1 bonus and roll 1 fewer attack die; the swz103
printings (all factions) roll 1 fewer attack die and, defending at range 1, 1 fewer defense
die. The ability reads which text applies from its ship's pilot (:func:`_newer_text`).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.common import is_me, recalled, remember, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, transfer_token
from tallon.engine.obstacles import ignore_obstacles
from tallon.engine.state import AttackState, ShipState, Token
from tallon.geometry.overlap import objects_overlapped

# ------------------------------------------------------------- ship ability
SENSOR_BLINDSPOT = "Sensor Blindspot"


def _newer_text(ship: ShipState) -> bool:
    """Whether the ship's pilot prints the swz103 text of Sensor Blindspot."""
    return "-swz103" in ship.pilot


def _close_primary(attack: AttackState | None, owner: ShipState) -> bool:
    return attack is not None and attack.attacker == owner.id and attack.primary \
        and attack.range <= 1


def _fewer_attack_dice(game: Any, owner: ShipState, attack: AttackState | None = None,
                       **facts: Any) -> int:
    return -1 if _close_primary(attack, owner) else 0


def _no_bonus(game: Any, owner: ShipState, attack: AttackState | None = None,
              kind: str = "", **facts: Any) -> bool:
    return kind == "attack" and not _newer_text(owner) and _close_primary(attack, owner)


def _fewer_defense_dice(game: Any, owner: ShipState, attack: AttackState | None = None,
                        **facts: Any) -> int:
    # RR: ATTACK RANGE - "while you defend at range 1": the attack range
    return -1 if attack is not None and attack.defender == owner.id and attack.range == 1 \
        and _newer_text(owner) else 0


register("ship_ability", SENSOR_BLINDSPOT,
         Modifier("primary attack at range 0-1: 1 fewer attack die", hook="attack_dice",
                  value=_fewer_attack_dice),
         Modifier("primary attack at range 0-1: no range bonus (first printings)",
                  hook="no_range_bonus", value=_no_bonus),
         Modifier("defending at range 1: 1 fewer defense die (swz103 printings)",
                  hook="defense_dice", value=_fewer_defense_dice),
         description="Primary attack at range 0-1: 1 fewer attack die (first printings: and "
                     "no range bonus); swz103 printings: defending at range 1, 1 fewer "
                     "defense die.")


# --------------------------------------------------------------------- pilots
register("pilot", "dashrendar",
         Modifier("ignores obstacles while moving", hook="ignores_obstacle",
                  value=lambda game, owner, ship=None, during="", **facts:
                  ship is not None and ship.id == owner.id and during == "move"),
         description="While moving, he ignores obstacles.")


DASH_SWZ103 = "dashrendar-swz103-rebelalliance"


def _overlapped(game: Any, ship: ShipState) -> list[str]:
    """The ids of the obstacles the ship's base overlaps now."""
    if ship.body is None:
        return []
    return [o.id for o in objects_overlapped(list(game.state.obstacles), ship.body)]


def _dash_overlapping(game: Any, owner: ShipState, ship: ShipState | None = None,
                      obstacle: str = "", **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id and game.state.phase == "engagement" \
        and obstacle in _overlapped(game, owner)


def _dash_engages(ctx: Ctx, choice: Any) -> None:
    # the obstacles he overlaps as the phase starts: ignored for every effect this phase
    # (locks included); those he comes to overlap later are the hook's
    for obstacle in _overlapped(ctx.game, ctx.ship):
        ignore_obstacles(ctx.game, ctx.ship, obstacle, this_phase=True)


register("pilot", DASH_SWZ103,
         Triggered("ignore the obstacles he overlaps this phase", window="start_engagement",
                   optional=False, requirement=lambda ctx: bool(_overlapped(ctx.game,
                                                                              ctx.ship)),
                   effect=_dash_engages),
         Modifier("ignores the obstacles he overlaps in the Engagement Phase",
                  hook="ignores_obstacle", value=_dash_overlapping),
         description="During the Engagement Phase he ignores the effects of the obstacles "
                     "he overlaps.")


DASH_SL = "dashrendar-swz103-sl-rebelalliance"
#: card memory: the round in which an obstacle he met is resolving its effect
_DASH_OBSTACLE = "dashrendar-swz103-sl.obstacle"


def _dash_meets(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, _DASH_OBSTACLE, ctx.state.round)


def _dash_moved(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, _DASH_OBSTACLE, None)


def _dash_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True, other=True)


def _dash_red_token(ctx: Ctx) -> bool:
    token = ctx.event["token"]
    return is_me(ctx) and recalled(ctx.ship, _DASH_OBSTACLE) == ctx.state.round \
        and token in Token._value2member_map_ and Token(token).colour == "red" \
        and ctx.ship.has(Token(token))


def _dash_transfer(ctx: Ctx, choice: Any) -> None:
    transfer_token(ctx.game, ctx.ship, ctx.other(choice), Token(ctx.event["token"]))


# RR: OBSTACLES - the tokens an obstacle's effect assigns come between the "after you move
# through or overlap an obstacle" window and the end of the move (after_execute, after_action
# for a boost or barrel roll, after_decloak): the memory marks that stretch
DASH_SL_ABILITIES = (
         Triggered("an obstacle's effect begins", window="after_obstacle_met",
                   optional=False, requirement=is_me, effect=_dash_meets),
         Triggered("the move is over", window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx) and recalled(
                       ctx.ship, _DASH_OBSTACLE) is not None, effect=_dash_moved),
         Triggered("the move is over", window="after_action", optional=False,
                   requirement=lambda ctx: is_me(ctx) and recalled(
                       ctx.ship, _DASH_OBSTACLE) is not None, effect=_dash_moved),
         Triggered("the move is over", window="after_decloak", optional=False,
                   requirement=lambda ctx: is_me(ctx) and recalled(
                       ctx.ship, _DASH_OBSTACLE) is not None, effect=_dash_moved),
         Triggered("transfer the obstacle's red token to a friendly ship at range 0-1",
                   window="after_gain_token", requirement=_dash_red_token,
                   choices=lambda ctx: ship_options(_dash_friends(ctx)),
                   effect=_dash_transfer),
)
# the Scum printing's text is the Rebel one's
for _xws in (DASH_SL, "dashrendar-swz103-sl-scumandvillainy"):
    register("pilot", _xws, *DASH_SL_ABILITIES,
             description="After gaining a red token from moving through or overlapping an "
                         "obstacle: may transfer it to a friendly ship at range 0-1.")


# ------------------------------------------------------------------- Leebo
_LEEBO_MEMORY = "leebo.calculate spent"


def _attack_key(game: Any, attack: AttackState) -> tuple[Any, ...]:
    """The attack a calculate token was spent in (round, ships, weapon, bonus)."""
    return (game.state.round, attack.attacker, attack.defender, attack.weapon.id,
            attack.bonus)


def _leebo_spent(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    remember(ctx.ship, _LEEBO_MEMORY, _attack_key(ctx.game, ctx.attack))


def _leebo_spends(ctx: Ctx) -> bool:
    attack = ctx.attack
    return is_me(ctx) and ctx.event["token"] == "calculate" and attack is not None \
        and ctx.ship.id in (attack.attacker, attack.defender)


def _leebo_after(role: str) -> Any:
    def requirement(ctx: Ctx) -> bool:
        attack = ctx.attack
        return ctx.event[role] == ctx.ship.id and attack is not None and \
            recalled(ctx.ship, _LEEBO_MEMORY) == _attack_key(ctx.game, attack)
    return requirement


def _leebo_gain(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, _LEEBO_MEMORY, None)
    gain_token(ctx.game, ctx.ship, Token.CALCULATE)


LEEBO = (
    Triggered("note the calculate token spent in this attack", window="after_spend_token",
              optional=False, requirement=_leebo_spends, effect=_leebo_spent),
    Triggered("gain 1 calculate token (one was spent)", window="after_defend",
              optional=False, requirement=_leebo_after("defender"), effect=_leebo_gain),
    Triggered("gain 1 calculate token (one was spent)", window="after_attack",
              optional=False, requirement=_leebo_after("attacker"), effect=_leebo_gain),
)
for _xws in ("leebo", "leebo-swz103-rebelalliance"):
    register("pilot", _xws, *LEEBO,
             description="After defending or attacking, if he spent a calculate token in "
                         "that attack: gains 1 calculate token.")


def _leebo_sl_targets(ctx: Ctx) -> list[Option]:
    enemies = ships_in_range(ctx.game, ctx.ship, 2, 3, friendly=False)
    return [Option(s.id, f"lock {s.name} ({s.id})") for s in enemies
            if can_lock(ctx.game, ctx.ship, s.id) is None]


LEEBO_SL = Triggered("spend a calculate token to lock an enemy ship at range 2-3",
                     window="end_engagement", cost=Cost(tokens=(("calculate", 1),)),
                     requirement=lambda ctx: ctx.ship.in_play, choices=_leebo_sl_targets,
                     effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, choice))
for _xws in ("leebo-swz103-sl-rebelalliance", "leebo-swz103-sl-scumandvillainy"):
    register("pilot", _xws, LEEBO_SL,
             description="At the end of the Engagement Phase: may spend 1 calculate token to "
                         "acquire a lock on one enemy ship at range 2-3.")
