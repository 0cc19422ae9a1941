"""Building blocks shared by card abilities: finding ships, choosing them, recurring
effects and the conditions of an attack. Cards should be short: a requirement, a cost and
an effect made from these pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tallon.dice import DiceAbility, Face, lookup
from tallon.engine.abilities import Ctx
from tallon.engine.decisions import Option
from tallon.engine.state import ShipState, Token, ship_range
from tallon.geometry import Arc, in_arc

if TYPE_CHECKING:
    from tallon.engine.attack import AttackState
    from tallon.engine.game import Game


# ----------------------------------------------------------------------- ships
def ships_in_range(game: Game, ship: ShipState, low: int, high: int, *,
                   friendly: bool | None = None, other: bool = False) -> list[ShipState]:
    """Ships in play at range ``low``-``high`` of ``ship`` (or of a remote): friendly ones
    (True), enemy ones (False) or both (None); ``other`` leaves ``ship`` itself out (it is
    at range 0 of itself). Remotes are not ships (RR: ATTACKING REMOTES: "friendly ship"
    effects don't apply to them, "enemy ship" ones only while attacking them)."""
    if ship.body is None:
        return []
    found = []
    for candidate in game.state.in_play():
        if other and candidate.id == ship.id:
            continue
        if friendly is True and candidate.owner != ship.owner:
            continue
        if friendly is False and candidate.owner == ship.owner:
            continue
        if low <= game.state.range(ship, candidate) <= high:
            found.append(candidate)
    return found


def range_of(a: ShipState, b: ShipState) -> int | None:
    """The range between two ships (None if one is off the table); ships a bump left in
    contact are at range 0."""
    if a.body is None or b.body is None:
        return None
    return ship_range(a, b)


def is_in_arc(of: ShipState, target: ShipState, arc: Arc) -> bool:
    """Whether ``target`` is in ``of``'s arc (within range 3). A remote has no arcs: nothing
    is in them, nor outside them (RR: ATTACKING REMOTES; cards asking "not in the defender's
    arc" must check ``remote`` themselves)."""
    if of.body is None or target.body is None or of.remote:
        return False
    return in_arc(of.body, target.body, arc)  # type: ignore[arg-type]


def firing_arcs(ship: ShipState) -> tuple[Arc, ...]:
    """RR: FIRING ARCS - the arcs of the ship's primary weapons (shaded on its token) and
    where its turret indicator points."""
    from tallon.engine.attack import ARCS

    arcs: list[Arc] = []
    for arc, _ in ship.attacks:
        arcs.extend(ARCS.get(arc, ()))
    arcs.extend(ship.turret)
    return tuple(dict.fromkeys(arcs))


def in_firing_arc(of: ShipState, target: ShipState) -> bool:
    """Whether ``target`` is in one of ``of``'s firing arcs (a ship is never in its own)."""
    return of.id != target.id and any(is_in_arc(of, target, arc) for arc in firing_arcs(of))


def ship_options(ships: Iterable[ShipState]) -> list[Option]:
    return [Option(s.id, f"{s.name} ({s.id})") for s in ships]


def choose_ships(finder: Callable[[Ctx], Iterable[ShipState]]) -> Callable[[Ctx], list[Option]]:
    """``choices`` for an ability that chooses one of the ships ``finder`` returns."""
    return lambda ctx: ship_options(finder(ctx))


# ---------------------------------------------------------------------- tokens
def recover_force(ship: ShipState, amount: int = 1) -> int:
    """Recover Force up to the ship's capacity; returns how much was recovered."""
    gained = min(amount, ship.force_limit - ship.force)
    ship.force += max(0, gained)
    return max(0, gained)


def recover_charge(ship: ShipState, card: str, amount: int = 1) -> int:
    charge = ship.charges.get(card)
    if charge is None:
        return 0
    gained = min(amount, charge.limit - charge.active)
    charge.active += max(0, gained)
    return max(0, gained)


def green_tokens(ship: ShipState) -> list[Token]:
    from tallon.engine.state import GREEN_TOKENS

    return [t for t in GREEN_TOKENS if ship.has(t)]


# ---------------------------------------------------------------------- attacks
def attacking(attack: AttackState | None, ship: ShipState) -> bool:
    return attack is not None and attack.attacker == ship.id


def defending(attack: AttackState | None, ship: ShipState) -> bool:
    return attack is not None and attack.defender == ship.id


def attack_ships(game: Game, attack: AttackState) -> tuple[ShipState, ShipState]:
    return game.state.ships[attack.attacker], game.state.ships[attack.defender]


def damaged(ship: ShipState) -> bool:
    return bool(ship.damage)


def dice(key: str, number: int | None = None) -> DiceAbility:
    """A dice ability of the shared dice catalogue (e.g. ``dice("predator")``)."""
    return lookup(key).make(number)


# ------------------------------------------------------------------ damage cards
def this_card(ctx: Ctx) -> int:
    """The serial number of the damage card whose ability this is."""
    from tallon.engine.effects import damage_serial

    return damage_serial(ctx.card)


def dealt_this(ctx: Ctx) -> bool:
    """The event is this damage card being dealt faceup (or exposed)."""
    return ctx.event.get("serial") == this_card(ctx) and is_me(ctx)


def repair_this(ctx: Ctx) -> None:
    from tallon.engine.effects import repair_damage

    if any(d.serial == this_card(ctx) for d in ctx.ship.damage):
        repair_damage(ctx.game, ctx.ship, this_card(ctx))


def roll_die(ctx: Ctx) -> Face:
    """Roll one attack die for an ability (such rolls can't be modified) and log it."""
    from tallon.engine.rolls import roll_one

    face = roll_one(ctx.state.rng)
    ctx.game.event("roll", f"{ctx.ship.name} ({ctx.ship.id}) rolls {face.label} for "
                   f"{ctx.card.partition('@')[0]}", ship=ctx.ship.id)
    return face


def event_ship(ctx: Ctx, key: str = "ship") -> ShipState:
    return ctx.game.state.ships[ctx.event[key]]


def is_me(ctx: Ctx, key: str = "ship") -> bool:
    return ctx.event.get(key) == ctx.ship.id


__all__ = [
    "Any",
    "attack_ships",
    "attacking",
    "choose_ships",
    "damaged",
    "dealt_this",
    "defending",
    "dice",
    "event_ship",
    "firing_arcs",
    "green_tokens",
    "in_firing_arc",
    "is_in_arc",
    "is_me",
    "range_of",
    "recover_charge",
    "recover_force",
    "repair_this",
    "roll_die",
    "ship_options",
    "ships_in_range",
    "this_card",
]
