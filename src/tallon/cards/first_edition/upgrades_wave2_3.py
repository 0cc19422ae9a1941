"""First-edition bombs of wave 2: Seismic Charges (Slave I) and Proximity Mines (Slave I),
dropped with the first-edition bomb block (:mod:`tallon.cards.first_edition.bombs_1e`);
the engine places and detonates their tokens (:mod:`tallon.engine.payloads`). Rules: the
Bomb Tokens reference card (1e), the errata of Proximity Mines and the FAQ (1e)."""

from __future__ import annotations

from typing import Any

from tallon.cards.first_edition.bombs_1e import (
    DROP,
    bomb_device,
    drop_on_reveal,
    dropped_this_round,
)
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.registry import register
from tallon.cards.upgrades.device import _log_roll, _roll
from tallon.dice import Face
from tallon.engine.abilities import CardAction, Ctx
from tallon.engine.decisions import Option
from tallon.engine.devices import (
    can_place_device,
    device_templates,
    parse_template_key,
    placement_options,
)
from tallon.engine.effects import suffer_damage
from tallon.engine.payloads import (
    fits,
    in_range_of,
    outline_of,
    place_devices,
    suffered_effect,
)
from tallon.engine.steps import continuation

SEISMIC = "1e-seismiccharges"
PROXIMITY = "1e-proximitymines"

# the kinds differ from the 2.5 devices' (whose effects differ)
bomb_device(SEISMIC, "1eseismiccharge")
bomb_device(PROXIMITY, "1eproximitymine", category="mine", outline="mine")


# ---------------------------------------------------------------- Seismic Charges
@continuation("detonate.1eseismiccharge")
def _seismic(game: Any, _: Any, device_id: str, ship_id: str) -> None:
    # Bomb Tokens reference card (1e): every ship within range 1 of the token (the engine's 0-1:
    # the first edition has no range 0) suffers 1 damage, friends and its own ship too
    ships = in_range_of(game, device_id, 0, 1, remotes=False)
    suffered_effect(game, device_id, ships)
    for ship in ships:
        suffer_damage(game, ship, hits=1, cause=device_id)


register("upgrade", SEISMIC,
         drop_on_reveal(SEISMIC, "discard this card: drop 1 seismic charge token"),
         description="Revealing his dial: may discard the card, dropping a seismic charge ([1 "
                     "straight] behind). It detonates as the Activation phase ends: 1 damage to "
                     "every ship within Range 1 of it.")


# --------------------------------------------------------------- Proximity Mines
def _mine_options(ctx: Ctx) -> list[Option]:
    # FAQ (1e) Q&A: one bomb drop a round
    if dropped_this_round(ctx.game, ctx.ship) or not can_place_device(ctx.game, ctx.ship):
        return []
    placements = device_templates(ctx.game, ctx.ship, PROXIMITY, DROP, False)
    found = placement_options(ctx.game, ctx.ship, placements, outline_of(PROXIMITY), False)
    return [o for o in found
            if fits(ctx.game, ctx.ship, PROXIMITY, *parse_template_key(str(o.key), False))]


def _drop_mine(ctx: Ctx, choice: Any) -> None:
    template, launched = parse_template_key(str(choice), False)
    discard_upgrade(ctx.game, ctx.ship, PROXIMITY)
    # errata (1e): a mine dropped under a ship's base detonates at once (the engine's mines)
    place_devices(ctx.game, ctx.ship, PROXIMITY, template, launched)


@continuation("detonate.1eproximitymine")
def _proximity(game: Any, _: Any, device_id: str, ship_id: str) -> None:
    ship = game.state.ships.get(ship_id)
    if ship is not None and ship.in_play:
        suffered_effect(game, device_id, [ship])
        _roll(game, ship, 3, "1e-proximitymines.rolled", device_id)


@continuation("1e-proximitymines.rolled")
def _proximity_rolled(game: Any, faces: tuple[Face, ...], ship_id: str, device_id: str
                      ) -> None:
    ship = game.state.ships[ship_id]
    _log_roll(game, ship, faces, device_id)
    hits, crits = faces.count(Face.HIT), faces.count(Face.CRIT)
    if hits or crits:
        suffer_damage(game, ship, hits=hits, crits=crits, cause=device_id)


register("upgrade", PROXIMITY,
         CardAction("discard this card: drop 1 proximity mine token", key="drop",
                    requirement=lambda ctx: bool(_mine_options(ctx)),
                    choices=_mine_options, effect=_drop_mine),
         description="Action: discards the card to drop a proximity mine ([1 straight] "
                     "behind). A ship whose base or template overlaps it sets it off: it "
                     "rolls 3 attack dice and suffers each hit and critical hit.")
