"""Vulture-class Droid Fighter pilots (Separatist Alliance), with their Siege of Coruscant
standard-loadout versions, and the ship abilities Networked Calculations (shared by the
Separatist droids: the Hyena, the Tri-Fighter, the Rogue-class) and Modified for Organics
(the Kelrodo-Ai Holdout, Volan Das).

The generic pilots (Trade Federation Drone, Separatist Drone) have no ability text and need
no registration.

Networked Calculations lets the ship spend a calculate token of another friendly ship at
range 0-1 for the calculate token's own effect; a calculate token of its own is spent through
the rules' calculate effect, which does exactly the same (ruling). Independent Calculations
(``cards/upgrades/modification_droid.py``) replaces the ability: a ship carrying it neither
uses it nor lends its tokens to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    event_ship,
    facedown_damage,
    green_tokens,
    is_in_arc,
    is_me,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.dice import BOTH_ROLES, DEFENDING, Face
from tallon.dice.abilities.base import Window
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.chance import PickAtRandom
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    can_lock,
    max_locks,
    repair_damage,
    spend_forbidden,
    spend_token,
    transfer_token,
)
from tallon.engine.state import ShipState, Token, touching
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc, Maneuver, ObstacleType

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

NETWORKED = "Networked Calculations"
ORGANICS = "Modified for Organics"
INDEPENDENT = "independentcalculations"

#: (game, attack, the ship modifying its dice) -> the friendly ships whose calculate token
#: it may spend
Sources = Callable[["Game", "AttackState", ShipState], list[ShipState]]


def has_ship_ability(ship: ShipState, name: str) -> bool:
    """The ship has this ship ability now (Independent Calculations replaces Networked
    Calculations: engine/loadout.py gives a ship one ship ability)."""
    if name == NETWORKED and INDEPENDENT in ship.upgrades:
        return False
    return any(kind == "ship_ability" and xws == name for kind, xws, _ in ship.cards)


def lends_calculate(game: Game, ship: ShipState) -> bool:
    """The ship has a calculate token another ship may spend (RR: CALCULATE)."""
    return ship.has(Token.CALCULATE) and not spend_forbidden(game, ship, Token.CALCULATE)


def _networked_sources(game: Game, attack: AttackState, user: ShipState) -> list[ShipState]:
    # Independent Calculations: other ships can't spend its calculate tokens this way
    return [s for s in ships_in_range(game, user, 0, 1, friendly=True, other=True)
            if INDEPENDENT not in s.upgrades and lends_calculate(game, s)]


def networked_dice(key: str, title: str) -> CardAbility:
    """The calculate token's effect, paid by a friendly ship's token (the ``after`` of
    :func:`friendly_calculate` spends it)."""
    return CardAbility(key, title, effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                       roles=BOTH_ROLES)


def friendly_calculate(title: str, key: str, sources: Sources, card: str) -> DiceMod:
    """"While you defend or perform an attack, you may spend 1 calculate token from a
    friendly ship (chosen by ``sources``) to change 1 focus result to an evade or hit
    result". With several ships to pay, the owner chooses which one after the change (every
    one of them can pay: RR: PAYING COSTS)."""
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        return owner.id == user.id and bool(sources(game, attack, user))

    def after(ctx: Ctx, option: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        payers = sources(ctx.game, attack, ctx.ship)
        ctx.game.now(Ask(ctx.ship.owner, "use_ability",
                         f"{ctx.ship.name} ({ctx.ship.id}): {card} - which friendly ship "
                         "spends its calculate token?", tuple(ship_options(payers)),
                         "networkedcalculations.spend", (), ship=ctx.ship.id))

    return DiceMod(title, dice=networked_dice(key, f"{card} (a friend's calculate token: "
                                                   "change 1 focus result)"),
                   applies=applies, after=after)


@continuation("networkedcalculations.spend")
def _spend_friends_calculate(game: Game, ship_id: str) -> None:
    spend_token(game, game.state.ships[ship_id], Token.CALCULATE)


# ------------------------------------------------------------- ship abilities
register("ship_ability", NETWORKED,
         friendly_calculate("spend a calculate token of a friendly ship at range 0-1: change "
                            "1 focus result to a hit or evade result", "networkedcalculations",
                            lambda game, attack, user: _networked_sources(game, attack, user)
                            if has_ship_ability(user, NETWORKED) else [], NETWORKED),
         description="Attacking or defending: may spend 1 calculate token of a friendly ship "
                     "at range 0-1 to change 1 focus result to a hit (attacking) or evade "
                     "(defending) result.")


def _organics(game: Game, owner: ShipState, ship: ShipState | None = None,
              maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or not maneuver:
        return 0
    move = Maneuver.parse(maneuver)
    bearing = move.bearing.value
    if bearing in ("B", "N") and move.speed in (2, 3):
        return -1
    if bearing in ("T", "Y") and move.speed == 3:
        return 1
    return 0


# RR: STANDARDIZED - the squad-building part is checked in squads/legality.py
register("ship_ability", ORGANICS,
         Modifier("speed 2-3 banks are easier, speed 3 turns harder",
                  hook="maneuver_difficulty", value=_organics),
         description="Not bound by the Standardized restriction. Its speed 2 and 3 bank "
                     "maneuvers are 1 difficulty easier, its speed 3 turns 1 difficulty "
                     "harder.")


# --------------------------------------------------------------------- pilots
def _bullseye_defender(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return is_in_arc(owner, game.state.ships[attack.defender], Arc.BULLSEYE)


# RR: DICE MODIFICATION - a reroll limited to a blank result
register("pilot", "precisehunter",
         DiceMod("reroll 1 blank result", dice=dice("precisehunter"),
                 applies=attacking_if(_bullseye_defender)),
         description="Attacking a defender in its bullseye arc: may reroll 1 blank result.")


def _haor_chall(ctx: Ctx) -> bool:
    """An enemy in the bullseye arc at range 0-2 declared another friendly ship as the
    defender."""
    me = ctx.ship
    attacker = ctx.other(ctx.event["attacker"])
    defender = ctx.other(ctx.event["defender"])
    near = range_of(me, attacker)
    return (attacker.owner != me.owner and friendly(defender, me)
            and defender.id != me.id and not defender.remote and near is not None
            and near <= 2 and is_in_arc(me, attacker, Arc.BULLSEYE))


def _haor_chall_ability(card: str) -> Triggered:
    return grant_action("perform a calculate or lock action", "defender_declared",
                        lambda ctx: [granted("calculate", "white", card),
                                     granted("lock", "white", card)],
                        requirement=_haor_chall)


register("pilot", "haorchallprototype", _haor_chall_ability("haorchallprototype"),
         description="After an enemy ship within range 0-2 in its bullseye arc declares another "
                     "friendly ship as the defender: may perform a calculate or lock action.")
# a scenario feature is never declared as a defender outside scenarios: the same ability
register("pilot", "haorchallprototype-siegeofcoruscant",
         _haor_chall_ability("haorchallprototype-siegeofcoruscant"),
         description="After an enemy ship in its bullseye arc at range 0-2 declares another "
                     "friendly ship (or a scenario feature) as the defender: may perform a "
                     "calculate or lock action.")


def _dfs081_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                    ) -> bool:
    near = range_of(owner, user)
    return (attack.defender == user.id and friendly(user, owner) and near is not None
            and near <= 1 and lends_calculate(game, user))


def _dfs081_spend(ctx: Ctx, option: Any) -> None:
    # the defending ship pays: it spends its own calculate token
    spend_token(ctx.game, ctx.other(ctx.event["user"]), Token.CALCULATE)


register("pilot", "dfs081",
         DiceMod("spend 1 calculate token: change all critical hits to hits",
                 dice=CardAbility("dfs081", "DFS-081 (spend calculate: all crits to hits)",
                                  effect=ChangeResults(None, (Face.CRIT,), (Face.HIT,)),
                                  window=Window.OPPONENT_DICE, roles=DEFENDING),
                 for_others=True, applies=_dfs081_applies, after=_dfs081_spend),
         description="A friendly ship at range 0-1 (itself too) defending may spend 1 "
                     "calculate token to change all critical hit results to hit results.")

DFS081_SOC = "dfs081-siegeofcoruscant"
register("pilot", DFS081_SOC,
         DiceMod("spend 1 charge and 1 calculate token: cancel 1 critical hit",
                 dice=dice(DFS081_SOC),
                 applies=defending_if()),
         description="Defending: may spend 1 charge and 1 calculate token to cancel 1 "
                     "critical hit result.")


def _dfs311_friends(ctx: Ctx) -> list[ShipState]:
    # RR: TOKENS - the receiving ship must be able to have it: a ship, not a remote
    return ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True, other=True)


def _dfs311(ctx: Ctx, choice: Any) -> None:
    transfer_token(ctx.game, ctx.ship, ctx.other(str(choice)), Token.CALCULATE)


DFS311 = Triggered("transfer 1 calculate token to another friendly ship at range 0-3",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.has(Token.CALCULATE)
                   and bool(_dfs311_friends(ctx)),
                   choices=lambda ctx: ship_options(_dfs311_friends(ctx)), effect=_dfs311)
for _xws in ("dfs311", "dfs311-siegeofcoruscant"):
    register("pilot", _xws, DFS311,
             description="At the start of the Engagement Phase: DFS-311 may transfer 1 calculate "
                         "token it holds to another friendly ship within range 0-3.")


# ------------------------------------------------------------ Kelrodo-Ai Holdout
KELRODO = "kelrodoaiholdout"


def _kelrodo_friends(ctx: Ctx) -> list[ShipState]:
    # destroyed ships are about to leave: they take nothing
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True, other=True)
            if s.pilot == KELRODO and not s.destroyed]


def _kelrodo_wants(ctx: Ctx) -> bool:
    me = ctx.ship
    return (is_me(ctx) and (bool(me.locks) or bool(green_tokens(me)))
            and bool(_kelrodo_friends(ctx)))


def _kelrodo(ctx: Ctx, choice: Any) -> None:
    me, friend = ctx.ship, ctx.other(str(choice))
    for token in green_tokens(me):
        while me.has(token) and transfer_token(ctx.game, me, friend, token):
            pass
    for target in list(me.locks):
        # RR: TOKENS - a transfer needs the new holder able to have the lock (RR: LOCK)
        if can_lock(ctx.game, friend, target) is not None:
            continue
        me.locks = [t for t in me.locks if t != target]
        room = max_locks(ctx.game, friend) - 1
        kept = [t for t in friend.locks if t != target]
        friend.locks = (kept[len(kept) - room:] if room > 0 else []) + [target]
        ctx.game.event("lock", f"{me.name} ({me.id}) transfers its lock on {target} to "
                       f"{friend.name} ({friend.id})", ship=friend.id, target=target)


register("pilot", KELRODO,
         Triggered("transfer each lock and green token to another friendly Kelrodo-Ai "
                   "Holdout at range 0-3", window="after_destroyed", requirement=_kelrodo_wants,
                   choices=lambda ctx: ship_options(_kelrodo_friends(ctx)), effect=_kelrodo),
         description="After being destroyed: may transfer every lock and green token of its own to "
                     "another friendly Kelrodo-Ai Holdout within range 0-3.")


# ------------------------------------------------------------ The Iron Assembler
def _on_scrap(ctx: Ctx) -> ShipState | None:
    """The friendly ship at range 0-1 that skipped its Execute Maneuver step, if it has an
    asteroid or debris cloud at range 0 and a damage card to repair (RR: PAYING COSTS: the
    charge is spent only for an effect that can resolve)."""
    ship = event_ship(ctx)
    near = range_of(ctx.ship, ship)
    if ship.owner != ctx.ship.owner or near is None or near > 1 or not ship.damage:
        return None
    assert ship.body is not None
    scrap = any(o.type in (ObstacleType.ASTEROID, ObstacleType.DEBRIS_CLOUD)
                and touching(ship.body, o) for o in ctx.state.obstacles)
    return ship if scrap else None


def _assembler_choices(ctx: Ctx) -> list[Option]:
    ship = _on_scrap(ctx)
    if ship is None:
        return []
    # RR: DAMAGE CARDS - either kind may be repaired; a facedown one is picked at random
    found = [Option(str(d.serial), f"repair {d.card} (faceup)") for d in ship.damage
             if d.faceup]
    if facedown_damage(ship):
        found.append(Option("facedown", "repair a facedown damage card (at random)"))
    return found


def _assembler(ctx: Ctx, choice: Any) -> None:
    ship = event_ship(ctx)
    if choice == "facedown":
        serials = tuple(str(d.serial) for d in facedown_damage(ship))
        ctx.game.now(PickAtRandom(serials, "theironassembler.repair", (ship.id,),
                                  what="a facedown damage card"))
    else:
        repair_damage(ctx.game, ship, int(choice))


@continuation("theironassembler.repair")
def _assembler_picked(game: Game, serial: str, ship_id: str) -> None:
    repair_damage(game, game.state.ships[ship_id], int(serial))


register("pilot", "theironassembler",
         Triggered("spend 1 charge: the ship on an asteroid or debris cloud repairs 1 damage",
                   window="after_skip_execute", cost=Cost(charges=1),
                   requirement=lambda ctx: _on_scrap(ctx) is not None,
                   choices=_assembler_choices, effect=_assembler),
         description="After a friendly ship within range 0-1 has skipped its Execute Maneuver "
                     "step: may spend 1 charge; then, if that ship is at range 0 of an asteroid or "
                     "debris cloud, it may repair 1 damage card.")
