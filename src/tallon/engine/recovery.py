"""The End Phase's recovery (RR: END PHASE step 4; RR: CHARGES - RECURRING CHARGES,
NEGATIVE RECURRING CHARGES, FORCE CHARGE): each card with a recurring charge symbol
recovers one charge per symbol, each with a negative one loses one; a ship recovers Force
by the highest recurring symbol among its sources (``ship.force_recurring``); a huge ship
recovers shields and pays its stress with energy (RR: APPENDIX: HUGE SHIPS).

"Before a ship recovers 1 recurring [Charge] or [Force]" (Tápusk) is the window
``before_recover_charge``, fired once per standard charge or Force about to be recovered.
A card there may stop that one recovery (:func:`prevent_recovery`). The windows are fired
only when a card could listen: otherwise the recovery happens at once, as it always did,
so games without such a card keep their states. The recoveries of step 4 are
simultaneous: every window comes before any of them (docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tallon.engine.decisions import Decision
from tallon.engine.huge_moves import relieve_stress
from tallon.engine.loadout import ENERGY
from tallon.engine.queue import FireWindow, named
from tallon.engine.state import ShipState
from tallon.engine.steps import Step

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: the ``pool`` fact naming a ship's Force (other pools are the card ids of charges)
FORCE = "force"
#: card memory of a ship: the recoveries a card stopped this End Phase, (pool, count) pairs
PREVENTED = "recovery:prevented"


def recoverable(ship: ShipState) -> Iterator[str]:
    """The pools (card ids, or ``FORCE``) the ship is about to recover from in this End
    Phase, one per charge or Force: none where all of them are active (RR: CHARGES)."""
    for card, charge in ship.charges.items():
        # energy is no [Charge]: a huge ship's own resource (RR: APPENDIX: HUGE SHIPS)
        if card != ENERGY and charge.recurring > 0:
            yield from [card] * max(0, min(charge.recurring, charge.limit - charge.active))
    if ship.force_recurring > 0:
        yield from [FORCE] * max(0, min(ship.force_recurring, ship.force_limit - ship.force))


def end_phase_recovery(game: Game) -> None:
    """Step 4 of the End Phase, for every ship not removed."""
    ships = [ship for ship in game.state.ships.values() if not ship.removed]
    if "before_recover_charge" not in named(game):
        for ship in ships:
            recover(game, ship)
        return
    windows = [FireWindow.of("before_recover_charge", ship=ship.id, pool=pool)
               for ship in ships for pool in recoverable(ship)]
    game.push(*windows, Recover())


def prevent_recovery(game: Game, ship: ShipState, pool: str) -> None:
    """The ship does not recover 1 charge (or Force: ``pool`` ``FORCE``) of ``pool`` in
    this End Phase's recovery."""
    kept = dict(ship.recalled(PREVENTED, ()))
    kept[pool] = kept.get(pool, 0) + 1
    ship.remember(PREVENTED, tuple(sorted(kept.items())))
    what = "Force" if pool == FORCE else f"charge of {pool}"
    game.event("ability", f"{ship.name} ({ship.id}) does not recover 1 {what} this End "
               "Phase", ship=ship.id)


def recover(game: Game, ship: ShipState, prevented: dict[str, int] | None = None) -> None:
    """The ship's recoveries and losses of step 4, less the ``prevented`` ones (by pool)."""
    stopped = prevented or {}
    for card, charge in ship.charges.items():
        if charge.recurring > 0:
            charge.active = _less(min(charge.limit, charge.active + charge.recurring),
                                  charge.active, stopped.get(card, 0))
        elif charge.recurring < 0:
            charge.active = max(0, charge.active + charge.recurring)
    if ship.force_recurring > 0:
        ship.force = _less(min(ship.force_limit, ship.force + ship.force_recurring),
                           ship.force, stopped.get(FORCE, 0))
    if ship.huge:  # RR: APPENDIX: HUGE SHIPS - shields recover; energy pays stress
        ship.shields = min(ship.shield_limit, ship.shields + ship.shield_recurring)
        relieve_stress(game, ship)


def _less(after: int, before: int, stopped: int) -> int:
    # only what was to be recovered can be stopped
    return after - min(stopped, max(0, after - before))


@dataclass(frozen=True)
class Recover(Step):
    """The recoveries, once every ``before_recover_charge`` window has resolved."""

    def run(self, game: Game) -> Decision | None:
        for ship in game.state.ships.values():
            if not ship.removed:
                prevented = dict(ship.recalled(PREVENTED, ()))
                ship.remember(PREVENTED, None)
                recover(game, ship, prevented)
        return None
