"""Decloaking with a barrel roll on a bank template, and decloaks measured before they are
declared, for :class:`tallon.engine.movement.Decloak`.

* A card may make the ship's decloak barrel rolls use the bank template of the decloak's
  speed, curving forward or backward, instead of the straight one (hook
  ``decloak_roll_banks``: 1e "Echo", "you must use the [2 bank] template instead of the
  [2 straight] template"), laid as a barrel roll with a bank template is
  (:func:`tallon.geometry.repositioning.barrel_roll_bank`, ruling of Lieutenant Lorrir).
  The answer keys are ``<side>:bank_<forward or backward>``.
* Under a ruleset that measures repositions before they are declared
  (``Ruleset.reposition_measured_first``: FAQ (1e), Performing a Barrel Roll / a Boost,
  and "Echo": a decloak that can be performed must be, one that cannot is not declared),
  only the bank decloaks a card offers that can place the ship are offered (the straight
  ones keep the Decloak step's rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tallon.engine.decisions import Option
from tallon.engine.queue import own_modifiers
from tallon.geometry import BaseSize, boost
from tallon.geometry.repositioning import Attempt, barrel_roll, barrel_roll_bank

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

#: the bank barrel roll decloaks, by answer key: (side, curve)
ROLL_BANKS = {f"{side}:bank_{curve}": (side, curve) for side in ("left", "right")
              for curve in ("forward", "backward")}


def decloak_speed(ship: ShipState) -> int:
    """The speed of the decloak templates (RR: DECLOAK: [2 straight] small, else [1])."""
    return 2 if ship.size is BaseSize.SMALL else 1


def rolls_bank(game: Game, ship: ShipState) -> bool:
    """A card makes the ship's decloak barrel rolls use the bank template (hook
    ``decloak_roll_banks``; small ships: the only ones a bank barrel roll is laid for)."""
    return ship.size is BaseSize.SMALL and any(
        held.ability.value(game, ship, speed=decloak_speed(ship))
        for held in own_modifiers(game, ship, "decloak_roll_banks"))


def decloak_options(game: Game, ship: ShipState, options: tuple[Option, ...]
                    ) -> tuple[Option, ...]:
    """The decloak choices: ``options`` (the Decloak step's) with the bank barrel rolls a
    card offers instead of the straight ones, and, under a ruleset measuring first, only
    those that can place the ship ("pass" always)."""
    speed = decloak_speed(ship)
    if rolls_bank(game, ship):
        options = (*(o for o in options if o.key not in ("left", "right")),
                   *(Option(key, f"decloak: barrel roll {side} with the [{speed} bank] "
                            f"template curving {curve}")
                     for key, (side, curve) in ROLL_BANKS.items()))
    if not game.rules.reposition_measured_first:
        return options
    # the bank templates a card offers instead (the straight decloaks are the Decloak
    # step's own rule: declared, then placed or failed)
    return tuple(o for o in options if not _banked(o.key) or placeable(game, ship, o.key))


def _banked(key: str) -> bool:
    return key in ROLL_BANKS or key.startswith("bank_")


def placeable(game: Game, ship: ShipState, key: str) -> bool:
    """Whether the decloak ``key`` (boost, a bank boost, a barrel roll side or a bank
    barrel roll) can place the ship."""
    from tallon.engine.movement import reposition_fails

    if key == "boost" or key.startswith("bank_"):
        direction = "straight" if key == "boost" else key.removeprefix("bank_")
        attempt = boost(game.state.table(), ship.id, direction, decloak_speed(ship))
        return not reposition_fails(game, ship, attempt, "boost")
    return bool(positions(game, ship, key))


def positions(game: Game, ship: ShipState, declared: str) -> dict[str, Attempt]:
    """Where the declared barrel roll decloak (a side, or a bank barrel roll's key) may
    place the ship, by position (front, middle, back)."""
    from tallon.engine.movement import roll_positions

    if declared in ROLL_BANKS:
        side, curve = ROLL_BANKS[declared]
        return roll_positions(game, ship, side, decloak_speed(ship), through_obstacles=True,
                              bank=curve)
    return roll_positions(game, ship, declared, decloak_speed(ship), through_obstacles=True)


def attempt_at(game: Game, ship: ShipState, declared: str, position: str) -> Attempt:
    """The declared barrel roll decloak at ``position`` (measured again)."""
    if declared in ROLL_BANKS:
        side, curve = ROLL_BANKS[declared]
        return barrel_roll_bank(game.state.table(), ship.id, side, curve, position,
                                decloak_speed(ship))
    return barrel_roll(game.state.table(), ship.id, declared, position, decloak_speed(ship))
