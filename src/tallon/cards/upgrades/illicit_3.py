"""Illicit upgrades, continued (after :mod:`tallon.cards.upgrades.illicit_2`): Scanner
Baffler (ships placed again at the end of Setup, with the engine's placement step:
:mod:`tallon.engine.placement`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import ships_in_range
from tallon.cards.registry import register
from tallon.engine.abilities import Ctx, Triggered
from tallon.engine.decisions import Option
from tallon.engine.placement import DEPLOYMENT, PlaceByCard, pick_up
from tallon.engine.setup import ship_placement_problem
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

# ------------------------------------------------------------------- Scanner Baffler
BAFFLER = "scannerbaffler"


def _baffled(game: Game, ship: ShipState) -> list[ShipState]:
    """Other friendly ships at range 0-1 still in their deployment area (RR: SETUP step 5:
    within range 1 of the player's edge). No ship is huge: the engine has no huge ships."""
    if ship.body is None:
        return []
    return [s for s in ships_in_range(game, ship, 0, 1, friendly=True, other=True)
            if ship_placement_problem(game, s, s.pose) is None]


def _options(game: Game, ship: ShipState) -> list[Option]:
    return [Option(s.id, f"pick up {s.name} ({s.id}) to place it again")
            for s in _baffled(game, ship)]


def _choose(game: Game, answer: str, ship_id: str, chosen: tuple[str, ...]) -> None:
    """One more ship chosen (or done): chosen ships are picked up at once, and placed
    once the player has chosen them all."""
    ship = game.state.ships[ship_id]
    if answer != "done":
        pick_up(game, game.state.ships[answer])
        chosen = (*chosen, answer)
        more = _options(game, ship)
        if more:
            game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): Scanner "
                          "Baffler - choose another ship?",
                          (Option("done", "choose no more ships"), *more),
                          "scannerbaffler.chosen", (ship_id, chosen), ship=ship.id))
            return
    # "place those ships anywhere in the same deployment area"
    game.push(*(PlaceByCard(i, DEPLOYMENT) for i in chosen))


@continuation("scannerbaffler.chosen")
def _chosen(game: Game, answer: str, ship_id: str, chosen: tuple[str, ...]) -> None:
    _choose(game, answer, ship_id, chosen)


def _baffler(ctx: Ctx, choice: Any) -> None:
    _choose(ctx.game, str(choice), ctx.ship.id, ())


register("upgrade", BAFFLER,
         Triggered("end of Setup: pick up other friendly ships at range 0-1 in the "
                   "deployment area and place them anywhere in it", window="end_setup",
                   requirement=lambda ctx: bool(_baffled(ctx.game, ctx.ship)),
                   choices=lambda ctx: _options(ctx.game, ctx.ship), effect=_baffler),
         description="At the end of Setup: may choose any number of other friendly ships at "
                     "range 0-1 in its deployment area and place them anywhere in that "
                     "deployment area.")
