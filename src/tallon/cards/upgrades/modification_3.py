"""Modifications that change the templates of boosts, barrel rolls, SLAMs and decloaks
(RR: BOOST, RR: BARREL ROLL, RR: SLAM, RR: DECLOAK), with Extreme Maneuvers (a Force power
of the same kind, kept beside them).

The engine offers a card's templates through the hooks ``boost_templates`` (turn
templates, with a cost), ``reposition_speed`` (a template of another speed, optional with a
cost or mandatory "if able") and ``decloak_templates`` (bank templates for a decloak).

Not implemented (refused at setup): Independent Calculations, which replaces the Networked
Calculations ship ability: no ship with that ability is played yet, so there is nothing to
replace.
"""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.engine.abilities import Modifier
from tallon.engine.state import ShipState

#: the moves whose templates these cards change (the hooks' ``move`` fact)
BOOST_OR_ROLL = ("boost", "barrel_roll")


# -------------------------------------------------------------- Extreme Maneuvers
def _extreme(game: Any, owner: ShipState, colour: str = "", **facts: Any
             ) -> tuple[tuple[str, None, tuple[tuple[str, int], ...]], ...]:
    # the action keeps its colour; the Force is the template's cost (RR: BOOST)
    return (("turn_left", None, (("force", 1),)), ("turn_right", None, (("force", 1),)))


register("upgrade", "extrememaneuvers",
         Modifier("a boost may use a [1 turn] template for 1 Force", hook="boost_templates",
                  value=_extreme),
         description="Performing a boost action: may spend 1 Force to boost with the "
                     "[1 turn left] or [1 turn right] template instead.")


# -------------------------------------------------------- Fuel Injection Override
FUEL = "fuelinjectionoverride-battleoverendor"


def _fuel(game: Any, owner: ShipState, move: str = "", **facts: Any
          ) -> tuple[int, bool, tuple[tuple[str, int], ...]] | None:
    return (1, False, ((FUEL, 1),)) if move in BOOST_OR_ROLL else None


register("upgrade", FUEL,
         Modifier("spend 1 charge: a boost or barrel roll template of 1 speed higher",
                  hook="reposition_speed", value=_fuel),
         description="Performing a boost or barrel roll action: may spend 1 charge to use "
                     "the template of 1 speed higher instead (its charges don't recur).")


# --------------------------------------------------------------- Overdrive Thruster
def _overdrive(game: Any, owner: ShipState, move: str = "", colour: str = "",
               **facts: Any) -> tuple[int, bool, tuple[()]] | None:
    # RR: ACTIONS - the colour the action is treated as so far decides "red"
    if colour == "red" and move in (*BOOST_OR_ROLL, "slam"):
        return (1, True, ())
    return None


register("upgrade", "overdrivethruster",
         Modifier("red boosts, barrel rolls and SLAMs use a template 1 speed higher",
                  hook="reposition_speed", value=_overdrive),
         description="Performing a red boost, barrel roll or SLAM action: must use the "
                     "template (or, for a SLAM, a maneuver) of 1 speed higher, if able.")


# ----------------------------------------------------------------- Manual Ailerons
AILERONS = "manualailerons-tiephphantom"


def _ailerons(game: Any, owner: ShipState, speed: int = 0, **facts: Any
              ) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    # only instead of the [2 straight] template: a medium or large ship decloaks with the
    # [1 straight] (RR: CLOAK)
    if speed != 2:
        return ()
    return (("left", ((AILERONS, 1),)), ("right", ((AILERONS, 1),)))


register("upgrade", AILERONS,
         Modifier("decloak with a [2 bank] template for 1 charge", hook="decloak_templates",
                  value=_ailerons),
         description="Decloaking: may spend 1 charge to boost with the [2 bank left] or "
                     "[2 bank right] template instead of the [2 straight] one (its charges "
                     "don't recur).")
