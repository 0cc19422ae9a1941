"""First-edition bombs of wave 2: Seismic Charges (Slave I) and Proximity Mines (Slave I),
dropped with the first-edition bomb block (:mod:`tallon.cards.first_edition.bombs_1e`);
the engine places and detonates their tokens (:mod:`tallon.engine.payloads`). Rules: the
Bomb Tokens reference card (1e), the errata of Proximity Mines and the FAQ (1e)."""

from __future__ import annotations

from typing import Any

from tallon.cards.first_edition.bombs_1e import (
    bomb_device,
    drop_action,
    drop_on_reveal,
    suffer_rolled,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.device import mine_roll
from tallon.dice import Face
from tallon.engine.effects import suffer_damage
from tallon.engine.payloads import (
    in_range_of,
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
@continuation("detonate.1eproximitymine")
def _proximity(game: Any, _: Any, device_id: str, ship_id: str) -> None:
    mine_roll(game, device_id, ship_id, 3, "1e-proximitymines.rolled")


@continuation("1e-proximitymines.rolled")
def _proximity_rolled(game: Any, faces: tuple[Face, ...], ship_id: str, device_id: str
                      ) -> None:
    suffer_rolled(game, faces, ship_id, device_id)


register("upgrade", PROXIMITY,
         # errata (1e): a mine dropped under a ship's base detonates at once (the engine's mines)
         drop_action(PROXIMITY, "discard this card: drop 1 proximity mine token"),
         description="Action: discards the card to drop a proximity mine ([1 straight] "
                     "behind). A ship whose base or template overlaps it sets it off: it "
                     "rolls 3 attack dice and suffers each hit and critical hit.")
