"""First-edition cards left out of their waves until a shared block existed: Twin Laser
Turret, Unkar Plutt (Quadjumper pilot) and Spacetug Tractor Array; the others are in
:mod:`.sweep_1e_2`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import ship_options
from tallon.cards.first_edition.ordnance_1e import hit_suffers_and_ion, ordnance_weapon
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.upgrades_wave4 import inside_printed_arc
from tallon.cards.registry import register
from tallon.engine.abilities import CardAction, Ctx, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.state import Token, opponent, touching

if TYPE_CHECKING:
    from tallon.engine.state import ShipState


# ------------------------------------------------------------ Twin Laser Turret
TLT = "1e-twinlaserturret"

register("upgrade", TLT,
         # "Attack:" (no header requirement, the card stays) performed twice (FAQ (1e),
         # timing chart); each attack that hits deals 1 damage, its results canceled
         *ordnance_weapon("Twin Laser Turret", TLT, requires=None, discard=False, twice=True),
         *hit_suffers_and_ion(TLT, ions=0),
         description="Attack (turret, 3 dice, Range 2-3), performed twice against the same "
                     "defender; each attack that hits deals 1 damage instead of its results.")


# ------------------------------------------------------ Unkar Plutt (Quadjumper)
UNKAR = "1e-quadjumper-unkarplutt"


def _touching(ctx: Ctx) -> list[ShipState]:
    me = ctx.ship
    return [s for s in ctx.state.in_play() if s.id != me.id and not s.remote
            and me.body is not None and s.body is not None and touching(me.body, s.body)]


def _unkar(ctx: Ctx, choice: Any) -> None:
    for ship in _touching(ctx):
        # reference card (1e) "Tractor Beam Token": the player opposing the tractored
        # ship's moves it - for a friendly ship touching him, his opponent
        gain_token(ctx.game, ship, Token.TRACTOR, applier=opponent(ship.owner))


register("pilot", UNKAR,
         Triggered("tractor every ship in contact",
                   window="end_activation", optional=False,
                   requirement=lambda ctx: ctx.ship.in_play and bool(_touching(ctx)),
                   effect=_unkar),
         description="When the Activation phase ends, every ship in contact with him, friend or "
                     "foe, gets a tractor beam token.")


# ------------------------------------------------------- Spacetug Tractor Array
SPACETUG = "1e-spacetugtractorarray"


def _spacetug_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if not s.remote and inside_printed_arc(ctx.ship, s)
            and within_1e(ctx.ship, s, 1, 1)]


def _spacetug(ctx: Ctx, choice: Any) -> None:
    # a friendly ship's token resolves as an enemy's: its move is chosen by the player of
    # the Spacetug's ship (reference card (1e): "the opposing player" chooses the move)
    gain_token(ctx.game, ctx.other(str(choice)), Token.TRACTOR, applier=ctx.ship.owner)


register("upgrade", SPACETUG,
         CardAction("tractor a ship in arc at Range 1",
                    key="spacetugtractorarray",
                    choices=lambda ctx: ship_options(_spacetug_targets(ctx)), effect=_spacetug),
         description="Action: a ship (friend or enemy) inside his firing arc at Range 1 "
                     "receives a tractor beam token; he moves it as an enemy's.")
