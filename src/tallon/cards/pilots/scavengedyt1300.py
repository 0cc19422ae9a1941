"""Scavenged YT-1300 pilots (Resistance). The ship has no ship ability; the generic
Resistance Sympathizer has no ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import during_activation, granted, performable
from tallon.cards.common import dice, is_in_arc, is_me, range_of, recalled, remember
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.state import AttackState, ShipState
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game


# -------------------------------------------------------------------------- Rey
def _rey(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
        return False
    enemy = attack.defender if owner.id == attack.attacker else attack.attacker
    return is_in_arc(owner, game.state.ships[enemy], Arc.FRONT)


register("pilot", "rey",
         DiceMod("spend 1 Force: change 1 blank to a hit or evade",
                 dice=dice("rey"),
                 applies=_rey),
         description="Attacking or defending with the enemy ship in her front arc: may spend "
                     "1 Force to turn 1 blank result into a hit (attacking) or an evade "
                     "(defending).")


# --------------------------------------------------------------------- Chewbacca
def _chewie_applies(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, lost)
    # RR: FRIENDLY - a ship is friendly to itself
    return (friendly(lost, ctx.ship) and not lost.remote and ctx.ship.in_play
            and near is not None and near <= 3)


def _chewie(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(PerformAction(ctx.ship.id, during_activation=False),
                  Then("chewbacca-scavengedyt1300.bonus", (ctx.ship.id,)))


@continuation("chewbacca-scavengedyt1300.bonus")
def _chewie_bonus(game: Game, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if can_bonus_attack(game, ship):
        perform_bonus_attack(game, ship)


register("pilot", "chewbacca-scavengedyt1300",
         Triggered("perform an action, then a bonus attack", window="after_destroyed",
                   bonus_attack=True, requirement=_chewie_applies, effect=_chewie),
         description="After a friendly ship within range 0-3 is destroyed and before it is "
                     "removed: may perform an action; afterwards, may perform a bonus attack.")


# ------------------------------------------------------------------ Poe Dameron
POE = "poedameron-scavengedyt1300"
POE_IGNORING = f"{POE}:ignoring"
POE_ACTIONS = (granted("boost", "white", POE), granted("barrel_roll", "red", POE))


def _poe_ignore(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, POE_IGNORING, ctx.state.round)
    ctx.game.event("obstacle", f"{ctx.ship.name} ({ctx.ship.id}) ignores obstacles during "
                   "this maneuver", ship=ctx.ship.id)


def _poe_ignores(game: Any, owner: ShipState, ship: ShipState | None = None,
                 during: str = "", **facts: Any) -> bool:
    return (ship is not None and ship.id == owner.id and during == "move"
            and recalled(owner, POE_IGNORING) == game.state.round)


def _poe_done(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, POE_IGNORING, None)


def _poe_can_act(ctx: Ctx) -> bool:
    return (is_me(ctx) and bool(ctx.event.get("full"))
            and bool(performable(ctx.game, ctx.ship, POE_ACTIONS, during_activation(ctx))))


def _poe_act(ctx: Ctx, choice: Any) -> None:
    ctx.game.push(PerformAction(ctx.ship.id, during_activation=during_activation(ctx),
                                grant=POE_ACTIONS,
                                then=f"{POE}.acted", args=(ctx.ship.id,)))


@continuation(f"{POE}.acted")
def _poe_acted(game: Game, _: Any, ship_id: str, answer: str) -> None:
    if answer == "barrel_roll":
        expose_random(game, game.state.ships[ship_id])


register("pilot", POE,
         # the flag is cleared when the maneuver is over (it covers this maneuver only)
         Triggered("spend 1 charge: ignore obstacles during this maneuver",
                   window="before_execute", cost=Cost(charges=1),
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.state.obstacles),
                   effect=_poe_ignore),
         Modifier("ignores obstacles during the maneuver", hook="ignores_obstacle",
                  value=_poe_ignores),
         Triggered("the maneuver is over", window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and recalled(ctx.ship, POE_IGNORING) is not None,
                   effect=_poe_done),
         Triggered("spend 2 charges: perform a white boost or red barrel roll action",
                   window="after_execute", cost=Cost(charges=2), requirement=_poe_can_act,
                   effect=_poe_act),
         description="Before executing a maneuver: may spend 1 charge to ignore obstacles "
                     "during it. After fully executing a maneuver: may spend 2 charges to "
                     "perform a white boost or a red barrel roll action; after the red "
                     "barrel roll he exposes 1 damage card, if able.")


# ------------------------------------------------------------- Lando Calrissian
LANDO = "landocalrissian-scavengedyt1300"


def _lando_friends(game: Game, lando: ShipState) -> list[ShipState]:
    return [s for s in game.state.in_play() if friendly(s, lando)
            and (near := range_of(lando, s)) is not None and near <= 2]


def _lando_offer(game: Game, lando: ShipState, chosen: tuple[str, ...], during: bool
                 ) -> None:
    left = [s for s in _lando_friends(game, lando) if s.id not in chosen]
    if not left or lando.charges[LANDO].active < 1:
        _lando_release(game, lando.id, chosen, during)
        return
    options = tuple(Option(s.id, f"spend 1 charge: choose {s.name} ({s.id})") for s in left)
    game.push(Ask(lando.owner, "use_ability", f"{lando.name} ({lando.id}): choose another "
                  "friendly ship?", (*options, Option("done", "no more ships")),
                  f"{LANDO}.chosen", (lando.id, chosen, during), ship=lando.id))


@continuation(f"{LANDO}.chosen")
def _lando_chosen(game: Game, answer: str, lando_id: str, chosen: tuple[str, ...],
                 during: bool) -> None:
    lando = game.state.ships[lando_id]
    if answer == "done":
        _lando_release(game, lando_id, chosen, during)
        return
    lando.charges[LANDO].active -= 1
    game.event("ability", f"{lando.name} ({lando.id}) spends 1 charge to choose {answer}",
               ship=lando.id)
    _lando_offer(game, lando, (*chosen, answer), during)


def _lando_release(game: Game, lando_id: str, chosen: tuple[str, ...], during: bool
                   ) -> None:
    # each chosen ship in turn, in the order chosen, may act even while stressed; only
    # Lando's own action can be part of his activation
    game.push(*(PerformAction(ship_id, during_activation=during and ship_id == lando_id,
                              even_stressed=True) for ship_id in chosen))


def _lando_applies(ctx: Ctx) -> bool:
    if not is_me(ctx) or ctx.ship.charges[LANDO].active < 1:
        return False
    if ctx.event.window == "after_execute":
        return bool(ctx.event.get("full")) and ctx.event.get("difficulty") == "red"
    return ctx.event.get("difficulty") == "red"


def _lando(ctx: Ctx, choice: Any) -> None:
    _lando_offer(ctx.game, ctx.ship, (), during_activation(ctx))


def _lando_ability(window: str) -> Triggered:
    return Triggered("spend charges to let that many friendly ships at range 0-2 act",
                     window=window, requirement=_lando_applies, effect=_lando)


register("pilot", LANDO, _lando_ability("after_execute"), _lando_ability("after_action"),
         description="After he fully executes a red maneuver or performs a red action: may spend X "
                     "charges (any number) to pick X friendly ships within range 0-2; each picked "
                     "ship may perform an action even while stressed.")


# ---------------------------------------------------------------------- Han Solo
# RR: SETUP - in Place Forces he may be placed in his deployment area or anywhere else
# beyond range 3 of the enemy ships placed so far
register("pilot", "hansolo-scavengedyt1300",
         Modifier("may be placed anywhere beyond range 3 of enemy ships",
                  hook="setup_placement_rules",
                  value=lambda game, owner, **facts: (("anywhere", "far"),)),
         description="Setup: he may be placed at any point of the play area beyond range 3 of all "
                     "enemy ships (or in his deployment area as usual).")
