"""Tactical Relay upgrades: droid-network cards of Separatist ships (RR: SOLITARY - one per
squad), most lending their effects to friendly ships at range 0-3. The Calculate action
Kalani and Kraken add to the action bar comes from the card data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    event_ship,
    is_in_arc,
    range_of,
    recalled,
    remember,
    ship_options,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.dice import ATTACKING, DEFENDING, AddResults, CardAbility, Face, Situation
from tallon.dice.counts import total
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, spend_token
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _friend_near(game: Game, owner: ShipState, user: ShipState) -> bool:
    """``user`` is a friendly ship at range 0-3 of the relay's ship (the ship itself too)."""
    near = range_of(owner, user)
    return friendly(user, owner) and near is not None and near <= 3


def _spend_calculate(ctx: Ctx) -> None:
    _spend_users_calculate(ctx)


def _spend_users_calculate(ctx: Ctx) -> ShipState:
    """The relay's effect is paid by the ship using it: it spends 1 calculate token."""
    user = ctx.other(ctx.event["user"])
    spend_token(ctx.game, user, Token.CALCULATE)
    return user


def has_calculate_on_bar(ship: ShipState) -> bool:
    """RR: ACTIONS - the action bar shows the calculate icon (a linked one counts)."""
    return any(spec.kind == "calculate" or (spec.linked is not None
                                            and spec.linked.kind == "calculate")
               for spec in ship.actions)


# ------------------------------------------------------------------------ K2-B4
K2B4 = "k2b4"
K2B4_EVADE = CardAbility(K2B4, "K2-B4 (spend calculate: add 1 evade)",
                         effect=AddResults(Face.EVADE), roles=DEFENDING)


def _k2b4_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return (attack.defender == user.id and _friend_near(game, owner, user)
            and user.has(Token.CALCULATE))


def _k2b4_after(ctx: Ctx, option: Any) -> None:
    defender = _spend_users_calculate(ctx)
    attack = ctx.attack
    assert attack is not None
    attacker = ctx.other(attack.attacker)
    # the attacker answers before anything else happens to the dice
    ctx.game.now(Ask(attacker.owner, "use_ability",
                     f"{attacker.name} ({attacker.id}): K2-B4 - gain 1 strain token, or let "
                     f"{defender.name} ({defender.id}) add 1 evade result?",
                     (Option("strain", "gain 1 strain token: no evade is added"),
                      Option("allow", "let the evade result be added")),
                     "k2b4.answer", (attacker.id,), ship=attacker.id))


@continuation("k2b4.answer")
def _k2b4_answer(game: Game, answer: str, attacker_id: str) -> None:
    if answer != "strain":
        return
    attack = game.state.attack
    assert attack is not None and attack.defense_dice is not None
    pool = attack.defense_dice
    added = [k for k, die in enumerate(pool) if die.added and die.face is Face.EVADE]
    if added:
        pool.remove(added[-1])
    attacker = game.state.ships[attacker_id]
    game.event("ability", f"{attacker.name} ({attacker.id}) gains a strain token instead "
               "of the added evade result", ship=attacker_id)
    gain_token(game, attacker, Token.STRAIN)


register("upgrade", K2B4,
         DiceMod("spend 1 calculate token: add 1 evade unless the attacker takes a strain "
                 "token", dice=K2B4_EVADE, for_others=True, applies=_k2b4_applies,
                 after=_k2b4_after),
         description="A friendly ship at range 0-3 defending may spend a calculate token to "
                     "add 1 evade result, unless the attacker chooses to gain a strain token "
                     "instead.")


# ------------------------------------------------------------------------ Kalani
KALANI = "kalani"


def _kalani_friends(ctx: Ctx) -> list[ShipState]:
    """Friendly ships with the enemy that just moved in their bullseye arc at range 0-3,
    able to lock it (the cost is paid only if the effect can resolve: RR: PAYING COSTS)."""
    enemy = event_ship(ctx)
    if enemy.owner == ctx.ship.owner or not enemy.in_play or enemy.remote:
        return []
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and is_in_arc(s, enemy, Arc.BULLSEYE) and can_lock(ctx.game, s, enemy.id) is None]


def _kalani(ctx: Ctx, choice: Any) -> None:
    friend = ctx.other(choice)
    acquire_lock(ctx.game, friend, ctx.event["ship"])
    gain_token(ctx.game, friend, Token.STRESS)


register("upgrade", KALANI,
         Triggered("spend 1 charge: a friendly ship with the enemy in its bullseye arc locks "
                   "it and gains 1 stress token", window="after_execute",
                   cost=Cost(charges=1), requirement=lambda ctx: bool(_kalani_friends(ctx)),
                   choices=lambda ctx: ship_options(_kalani_friends(ctx)), effect=_kalani),
         description="After an enemy ship executes a maneuver inside a friendly ship's "
                     "bullseye arc (range 0-3): may spend 1 charge; that friendly ship locks "
                     "it, then gains a stress token.")


# ------------------------------------------------------------------------ Kraken
KRAKEN = "kraken"
KRAKEN_KEPT = f"{KRAKEN}:kept"
KRAKEN_MOST = 3


def _kraken_kept(game: Game, kraken: ShipState) -> tuple[str, ...]:
    held = recalled(kraken, KRAKEN_KEPT)
    return tuple(held[1:]) if held and held[0] == game.state.round else ()


def _kraken_candidates(game: Game, kraken: ShipState) -> list[ShipState]:
    """Friendly ships at range 0-3 with a calculate token to keep, not chosen yet (choosing
    a ship with none would change nothing)."""
    chosen = _kraken_kept(game, kraken)
    return [s for s in ships_in_range(game, kraken, 0, 3, friendly=True)
            if s.has(Token.CALCULATE) and s.id not in chosen]


def _kraken_choose(game: Game, kraken: ShipState, ship_id: str) -> None:
    chosen = (*_kraken_kept(game, kraken), ship_id)
    remember(kraken, KRAKEN_KEPT, (game.state.round, *chosen))
    friend = game.state.ships[ship_id]
    game.event("ability", f"{friend.name} ({friend.id}) will keep 1 calculate token "
               "(Kraken)", ship=kraken.id)
    others = _kraken_candidates(game, kraken)
    if others and len(chosen) < KRAKEN_MOST:
        game.now(Ask(kraken.owner, "use_ability",
                     f"{kraken.name} ({kraken.id}): Kraken - another ship keeps 1 calculate "
                     "token?", (*ship_options(others), Option("decline", "no other ship")),
                     "kraken.chosen", (kraken.id,), ship=kraken.id))


@continuation("kraken.chosen")
def _kraken_chosen(game: Game, answer: str, kraken_id: str) -> None:
    if answer != "decline":
        _kraken_choose(game, game.state.ships[kraken_id], answer)


def _kraken_keeps(game: Game, owner: ShipState, ship: ShipState | None = None,
                  token: Token | None = None, **facts: Any) -> int:
    return 1 if (token is Token.CALCULATE and ship is not None
                 and ship.id in _kraken_kept(game, owner)) else 0


register("upgrade", KRAKEN,
         Triggered("up to 3 friendly ships at range 0-3 keep 1 calculate token",
                   window="end_phase",
                   requirement=lambda ctx: bool(_kraken_candidates(ctx.game, ctx.ship)),
                   choices=lambda ctx: ship_options(_kraken_candidates(ctx.game, ctx.ship)),
                   effect=lambda ctx, choice: _kraken_choose(ctx.game, ctx.ship, choice)),
         Modifier("the chosen ships do not remove 1 calculate token",
                  hook="end_phase_kept_tokens", value=_kraken_keeps),
         description="End Phase: may pick as many as 3 friendly ships within range 0-3; each of "
                     "them keeps 1 calculate token.")


# ------------------------------------------------------------------------ TA-175
def _ta175_wants(ctx: Ctx) -> bool:
    lost = event_ship(ctx)
    near = range_of(ctx.ship, lost)
    return (friendly(lost, ctx.ship) and near is not None and near <= 3
            and has_calculate_on_bar(lost) and bool(_ta175_receivers(ctx)))


def _ta175_receivers(ctx: Ctx) -> list[ShipState]:
    # destroyed ships (the lost one, or this one) are about to leave: they gain nothing
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3, friendly=True)
            if not s.destroyed and has_calculate_on_bar(s)]


def _ta175(ctx: Ctx, choice: Any) -> None:
    for friend in _ta175_receivers(ctx):
        gain_token(ctx.game, friend, Token.CALCULATE)


register("upgrade", "ta175",
         Triggered("each friendly ship at range 0-3 with calculate on its bar gains 1 "
                   "calculate token", window="after_destroyed", optional=False,
                   requirement=_ta175_wants, effect=_ta175),
         description="After the destruction of a friendly ship within range 0-3 that has calculate "
                     "on its action bar: every friendly ship at range 0-3 whose action bar "
                     "includes calculate gains 1 calculate token.")


# ------------------------------------------------------------------------ TV-94
TV94 = "tv94"


def _two_or_fewer(situation: Situation) -> bool:
    return total(situation.pool) <= 2


TV94_HIT = CardAbility(TV94, "TV-94 (spend calculate, 2 dice or fewer: add 1 hit)",
                       effect=AddResults(Face.HIT), roles=ATTACKING, requires=_two_or_fewer)


def _tv94_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return (attack.attacker == user.id and attack.primary and _friend_near(game, owner, user)
            and user.has(Token.CALCULATE)
            and is_in_arc(user, game.state.ships[attack.defender], Arc.BULLSEYE))


register("upgrade", TV94,
         DiceMod("spend 1 calculate token: add 1 hit result", dice=TV94_HIT, for_others=True,
                 applies=_tv94_applies,
                 after=lambda ctx, option: _spend_calculate(ctx)),
         description="A friendly ship at range 0-3 making a primary attack against a defender "
                     "in its bullseye arc with 2 or fewer attack dice may spend a calculate "
                     "token to add 1 hit result.")
