"""First-edition bombs: the bomb tokens' devices and the common "discard the card to drop its
bomb as the dial is revealed" rule. This module registers no card.

API (for the first-edition card modules):

* ``bomb_device(card, kind, category="bomb", outline="bomb")`` declares the device the
  upgrade ``card`` (a play id) places, which the card data does not record
  (``tallon.engine.payloads.CARD_DEVICES``); its detonation is the continuation
  ``detonate.<kind>`` the card module registers (``kind`` must differ from the 2.5
  devices' kinds, whose effects differ: ``1eprotonbomb``).
* ``drop_on_reveal(card, title)`` -> the ``Triggered`` ability that, at the dial reveal,
  may discard the card to drop its bomb token (Proton Bombs, Seismic
  Charges, Proximity Mines: the [1 straight] template at the rear guides); with
  ``discard=False`` the card stays ("you may drop 1 bomblet token": Bomblet Generator).
* ``dropped_this_round(game, ship)``: the ship has dropped a bomb this round.
* ``drop_action(card, title)`` -> the ``CardAction`` discarding the card to drop its
  bomb token (Conner Net, Cluster Mines, Proximity Mines); ``being_dropped(game, card)``:
  a token of ``card`` is being dropped now.
* ``suffer_rolled(game, faces, ship_id, device_id)``: the ship logs the dice it rolled for
  the device and suffers each hit and critical hit.

Rules: the Bomb Tokens reference cards (1e); FAQ (1e) Q&A: "each ship is limited to a single
bomb drop each round"; a SLAM does not count as revealing a dial (the engine fires no
``after_reveal`` for it), nor does an ionized ship reveal one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import is_me, recalled, remember
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.upgrades.device import log_device_roll
from tallon.cards.upgrades.ordnance import launch_device
from tallon.dice import Face
from tallon.engine.abilities import FREE, CardAction, Ctx, Triggered
from tallon.engine.decisions import Option
from tallon.engine.devices import (
    can_place_device,
    device_templates,
    parse_template_key,
    placement_options,
)
from tallon.engine.effects import suffer_damage
from tallon.engine.payloads import CARD_DEVICES, fits, outline_of, place_devices
from tallon.engine.state import ShipState
from tallon.engine.steps import Then, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

__all__ = ["DROP", "REVEAL_DROPS", "being_dropped", "bomb_device", "drop_action",
           "drop_on_reveal", "dropped_this_round", "suffer_rolled"]

#: A first-edition bomb is dropped with the [1 straight] template at the rear guides.
DROP = ("1F",)

#: The upgrades whose bomb is dropped at the dial reveal (drop_on_reveal
#: adds them): "Genius" may drop them after the maneuver instead (FAQ (1e) errata).
REVEAL_DROPS: set[str] = set()


def bomb_device(card: str, kind: str, category: str = "bomb", outline: str = "bomb") -> None:
    """Declare the device upgrade ``card`` places (see the module's API)."""
    CARD_DEVICES[card] = (kind, category, outline)


def dropped_this_round(game: Game, ship: ShipState) -> bool:
    """FAQ (1e): a ship drops one bomb a round (the engine notes each device it places)."""
    return ship.device_placed is not None and ship.device_placed[0] == game.state.round


def drop_on_reveal(card: str, title: str, discard: bool = True) -> Triggered:
    """Discard the card to drop its bomb at the dial reveal: offered after the dial is
    revealed, before the maneuver, while the token dropped
    with the [1 straight] template lies inside the play area (ruling: the engine places
    devices inside it only)."""

    if discard:  # Genius discards the card it drops (Bomblet Generator keeps its own)
        REVEAL_DROPS.add(card)

    def drop(ctx: Ctx, template: str, launched: bool) -> None:
        if discard:  # ``discard=False``: "you may drop 1 token" (Bomblet Generator)
            discard_upgrade(ctx.game, ctx.ship, card)
        place_devices(ctx.game, ctx.ship, card, template, launched)

    return launch_device(title, "after_reveal", FREE, DROP, lambda: outline_of(card), drop,
                         card=card, own_window=True, drop=True,
                         fits=lambda ctx, template, launched: fits(ctx.game, ctx.ship, card,
                                                                   template, launched),
                         requirement=lambda ctx: is_me(ctx)
                         and not dropped_this_round(ctx.game, ctx.ship))


# ------------------------------------------------ "Action: discard this card to drop"
def _drop_options(ctx: Ctx, card: str) -> list[Option]:
    # FAQ (1e) Q&A: one bomb drop a round
    if dropped_this_round(ctx.game, ctx.ship) or not can_place_device(ctx.game, ctx.ship):
        return []
    placements = device_templates(ctx.game, ctx.ship, card, DROP, False)
    found = placement_options(ctx.game, ctx.ship, placements, outline_of(card), False)
    return [o for o in found
            if fits(ctx.game, ctx.ship, card, *parse_template_key(str(o.key), False))]


def drop_action(card: str, title: str) -> CardAction:
    """An action discarding the card to drop its bomb token: the [1 straight] template at
    the rear guides (or another placement the ship's cards offer: hook device_templates),
    the token wholly inside the play area."""

    def drop(ctx: Ctx, choice: Any) -> None:
        template, launched = parse_template_key(str(choice), False)
        discard_upgrade(ctx.game, ctx.ship, card)
        # the dropping ship is noted until what the drop set off has resolved
        remember(ctx.ship, DROPPING, card)
        ctx.game.push(Then("1e-bombs.dropped", (ctx.ship.id,)))
        place_devices(ctx.game, ctx.ship, card, template, launched)

    return CardAction(title, key="drop", requirement=lambda ctx: bool(_drop_options(ctx, card)),
                      choices=lambda ctx: _drop_options(ctx, card), effect=drop)


#: card memory of a ship: the bomb card whose token it is dropping now
DROPPING = "1e-bombs:dropping"


@continuation("1e-bombs.dropped")
def _dropped(game: Game, _: Any, ship_id: str) -> None:
    remember(game.state.ships[ship_id], DROPPING, None)


def being_dropped(game: Game, card: str) -> bool:
    """Whether a token of ``card`` is being dropped now (not met by a moving ship)."""
    return any(recalled(s, DROPPING) == card for s in game.state.ships.values())


def suffer_rolled(game: Game, faces: tuple[Face, ...], ship_id: str, device_id: str) -> None:
    """The ship logs the attack dice it rolled for ``device_id`` and suffers each hit and
    critical hit (Proximity Mines, Bomblet Generator)."""
    ship = game.state.ships[ship_id]
    log_device_roll(game, ship, faces, device_id)
    hits, crits = faces.count(Face.HIT), faces.count(Face.CRIT)
    if hits or crits:
        suffer_damage(game, ship, hits=hits, crits=crits, cause=device_id)
