"""V-19 Torrent Starfighter pilots (Galactic Republic). The ship has no ship ability but on
its Siege of Coruscant printings (Born for This: cards/pilots/nimbusclassvwing.py); Blue
Squadron Protector and Gold Squadron Trooper have no ability text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import (
    during_activation,
    grant_action,
    granted,
    performable,
    start_action,
)
from tallon.cards.common import green_tokens, is_in_arc, is_me, range_of, ship_options
from tallon.cards.pilots.nimbusclassvwing import ODDBALL, ODDBALL_TEXT, has_born_for_this
from tallon.cards.registry import register
from tallon.engine.abilities import Cost, Ctx, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, can_lock, gain_token, transfer_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc, BaseSize

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _in_side_arc(of: ShipState, ship: ShipState) -> bool:
    return is_in_arc(of, ship, Arc.LEFT) or is_in_arc(of, ship, Arc.RIGHT)


def _friends_in_side_arcs(game: Game, ship: ShipState, low: int, high: int
                          ) -> list[ShipState]:
    found = []
    for other in game.state.in_play():
        near = range_of(ship, other)
        if other.id != ship.id and friendly(other, ship) and not other.remote and \
                near is not None and low <= near <= high and _in_side_arc(ship, other):
            found.append(other)
    return found


# --------------------------------------------------------------------- "Odd Ball"
register("pilot", "oddball", *ODDBALL, description=ODDBALL_TEXT)


# --------------------------------------------------------------------- "Kickback"
def _after_barrel_roll(ctx: Ctx) -> bool:
    return is_me(ctx) and ctx.event["action"] == "barrel_roll"


register("pilot", "kickback",
         grant_action("perform a red lock action", "after_action",
                      lambda ctx: [granted("lock", "red", ctx.card)],
                      requirement=_after_barrel_roll),
         description="After performing a barrel roll action: may perform a red lock action.")

KICKBACK_SOC = "kickback-siegeofcoruscant"


def _kickback_specs(ctx: Ctx) -> dict[str, Any]:
    during = during_activation(ctx)
    red = performable(ctx.game, ctx.ship, [granted("lock", "red", ctx.card)], during)
    white = performable(ctx.game, ctx.ship, [granted("lock", "white", ctx.card)], during)
    found: dict[str, Any] = {}
    if red:
        found["lock"] = red[0]
    if white and red:
        # RR: ACTIONS - treated as white: the red action's stress is not gained
        found["strain"] = white[0]
    return found


def _kickback_choices(ctx: Ctx) -> list[Option]:
    specs = _kickback_specs(ctx)
    labels = {"lock": "perform a red lock action",
              "strain": "gain 1 strain token to perform the lock action as white"}
    return [Option(key, labels[key]) for key in specs]


def _kickback(ctx: Ctx, choice: Any) -> None:
    spec = _kickback_specs(ctx).get(str(choice))
    if spec is None:
        return
    if choice == "strain":
        gain_token(ctx.game, ctx.ship, Token.STRAIN)
    start_action(ctx.game, ctx.ship.id, spec, during_activation(ctx))


register("pilot", KICKBACK_SOC,
         Triggered("perform a red lock action (or gain 1 strain token to treat it as white)",
                   window="after_action", requirement=_after_barrel_roll,
                   choices=_kickback_choices, effect=_kickback),
         description="After performing a barrel roll action: may perform a red lock action; "
                     "before it, may gain 1 strain token to treat it as white.")


# ------------------------------------------------------------------------ "Swoop"
def _swoop_ship(ctx: Ctx) -> ShipState | None:
    """The friendly small or medium ship at range 0-1 that just fully executed a speed 3-4
    maneuver (Swoop herself included: RR: FRIENDLY)."""
    ship = ctx.state.ships[ctx.event["ship"]]
    near = range_of(ctx.ship, ship) if ship.id != ctx.ship.id else 0
    if ship.owner != ctx.ship.owner or ship.remote or not ship.in_play or near is None \
            or near > 1 or ship.size not in (BaseSize.SMALL, BaseSize.MEDIUM):
        return None
    if not ctx.event["full"] or ctx.event["speed"] not in (3, 4):
        return None
    return ship


def _swoop_actor(ctx: Ctx) -> ShipState:
    ship = _swoop_ship(ctx)
    assert ship is not None
    return ship


register("pilot", "swoop",
         grant_action("the ship may perform a red boost action", "after_execute",
                      lambda ctx: [granted("boost", "red", ctx.card)],
                      requirement=lambda ctx: _swoop_ship(ctx) is not None,
                      actor=_swoop_actor),
         description="After a friendly small or medium ship at range 0-1 fully executes a "
                     "speed 3-4 maneuver: that ship may perform a red boost action.")


# -------------------------------------------------------------------------- "Axe"
def _axe_choices(ctx: Ctx) -> list[Option]:
    tokens = green_tokens(ctx.ship)
    return [Option(f"{friend.id}:{token.value}",
                   f"transfer 1 {token.value} token to {friend.name} ({friend.id})")
            for friend in _friends_in_side_arcs(ctx.game, ctx.ship, 1, 2) for token in tokens]


def _axe(ctx: Ctx, choice: Any) -> None:
    friend_id, _, token = str(choice).partition(":")
    transfer_token(ctx.game, ctx.ship, ctx.other(friend_id), Token(token))


def _axe_ability(window: str, role: str) -> Triggered:
    return Triggered("transfer 1 green token to a friendly ship in the left or right arc",
                     window=window, requirement=lambda ctx: is_me(ctx, role),
                     choices=_axe_choices, effect=_axe)


register("pilot", "axe", _axe_ability("after_defend", "defender"),
         _axe_ability("after_attack", "attacker"),
         description="After defending or attacking: may transfer 1 green token to a friendly "
                     "ship at range 1-2 in his left or right arc.")


def _axe_soc_choices(ctx: Ctx) -> list[Option]:
    defender = ctx.state.ships[ctx.event["defender"]]
    if not defender.in_play:
        return []
    return ship_options(s for s in _friends_in_side_arcs(ctx.game, ctx.ship, 0, 2)
                        if has_born_for_this(s) and can_lock(ctx.game, s, defender.id) is None)


register("pilot", "axe-siegeofcoruscant",
         Triggered("another friendly Born for This ship in the left or right arc locks the "
                   "defender", window="after_attack",
                   requirement=lambda ctx: is_me(ctx, "attacker"),
                   choices=_axe_soc_choices,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.other(choice),
                                                           ctx.event["defender"])),
         description="After attacking: may choose another friendly ship with Born for This "
                     "at range 0-2 in his left or right arc; it gains a lock on the "
                     "defender.")


# ----------------------------------------------------------------------- "Tucker"
def _tucker_wants(ctx: Ctx) -> bool:
    attacker = ctx.state.ships[ctx.event["attacker"]]
    defender = ctx.state.ships[ctx.event["defender"]]
    near = range_of(ctx.ship, attacker)
    return (friendly(attacker, ctx.ship) and attacker.id != ctx.ship.id
            and near is not None and 1 <= near <= 2 and defender.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, defender, Arc.FRONT))


register("pilot", "tucker",
         grant_action("perform a focus action", "after_attack",
                      lambda ctx: [granted("focus", "white", ctx.card)],
                      requirement=_tucker_wants),
         description="After a friendly ship at range 1-2 attacks an enemy ship in his front "
                     "arc: may perform a focus action.")


# ---------------------------------------------------------------------- "Slammer"
register("pilot", "slammer",
         grant_action("spend 2 charges to perform a SLAM action, even while stressed",
                      "after_execute", lambda ctx: [granted("slam", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and bool(ctx.event["full"]),
                      cost=Cost(charges=2), even_stressed=True),
         description="After fully executing a maneuver: may spend 2 charges to perform a "
                     "SLAM action, even while stressed.")
