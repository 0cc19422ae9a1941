"""Upgrades kept facedown under a card (the Razor Crest title keeps one non-limited
Illicit upgrade from Setup, which the ship may reveal in the System Phase and equip as at
Setup).

The squad names the card (:mod:`tallon.squads.facedown`); the ship starts with its id in
its card memory (``loadout.FACEDOWN``), not equipped: no slot, charges, actions or
abilities. It is hidden information:

- its owner's view names it, the other player's only counts it
  (:func:`tallon.engine.view.player_view`);
- a determinization for the other player draws it again from the cards it could be
  (:func:`candidates`), and hides it in the copy's squads too
  (:mod:`tallon.engine.determinize`).

Revealing it (:func:`reveal_facedown`) equips it as at Setup: its charges full, its
actions on the bar, its abilities live from then on.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from tallon.data import load_cards
from tallon.engine.loadout import (
    FACEDOWN,
    can_equip,
    movable,
    refresh_actions,
    upgrade_unplayable,
)
from tallon.engine.state import Charge
from tallon.squads.facedown import facedown_room, may_lie_facedown
from tallon.squads.model import EquippedUpgrade, Squad

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


def facedown_upgrades(ship: ShipState) -> tuple[str, ...]:
    """The upgrades lying facedown under the ship's cards (xws ids)."""
    # asked of every ship in every view: most ships remember nothing
    return tuple(ship.recalled(FACEDOWN, ())) if ship.card_memory else ()


def candidates(game: Game, ship: ShipState) -> list[str]:
    """What a facedown upgrade of the ship may be, to a player who has not seen it: every
    card its holders keep (of their type, non-limited), legal in the standard format
    (the one games are judged by), that the game's card pool plays and the ship could
    equip (restrictions met, no copy of an equipped card)."""
    db = load_cards()
    _, kinds = facedown_room([db.upgrade(x) for x in ship.upgrades])
    return sorted(u.xws for kind in kinds for u in db.upgrades_for_slot(kind)
                  if may_lie_facedown(u, kinds) is None and u.standard
                  and not upgrade_unplayable(u, game.cards) and can_equip(ship, u.xws))


def reveal_facedown(game: Game, ship: ShipState, xws: str, source: str) -> None:
    """The ship reveals facedown upgrade ``xws`` and equips it as if it were equipped at
    Setup (``source``: the card that lets it): its charges at their printed value, its
    actions added to the bar; its abilities are the ship's from now on."""
    kept = list(facedown_upgrades(ship))
    kept.remove(xws)
    ship.remember(FACEDOWN, tuple(kept) or None)
    upgrade = load_cards().upgrade(xws)
    if not movable(xws):
        # a card changing stats, Force or turrets would need the whole loadout rebuilt
        raise ValueError(f"{upgrade.name} can't be equipped during the game")
    side = upgrade.front
    if side.charges is not None:
        ship.charges[xws] = Charge(side.charges.value, side.charges.value,
                                   side.charges.recovers)
    # a new tuple: the abilities the game listens for are recounted (engine/queue.named)
    ship.cards = (*ship.cards, ("upgrade", xws, 0))
    ship.upgrades = (*ship.upgrades, xws)
    refresh_actions(ship)
    game.event("facedown", f"{ship.name} ({ship.id}) reveals {upgrade.name} and equips it "
               f"({source})", ship=ship.id, card=xws)


def redraw(game: Game, ship: ShipState, rng: random.Random) -> None:
    """A determinized copy's guess at the ship's facedown upgrades: drawn from
    :func:`candidates` (the real ones stay among them)."""
    hidden = facedown_upgrades(ship)
    if not hidden:
        return
    pool = candidates(game, ship)
    ship.remember(FACEDOWN, tuple(rng.sample(pool, min(len(hidden), len(pool)))) or None)


def squad_as_seen(squad: Squad, owner: int, game: Game) -> Squad:
    """``squad`` with each ship's facedown upgrades replaced by what the (determinized)
    game's ships hold now: what the copy's setup may tell."""
    db = load_cards()
    ships = []
    for number, entry in enumerate(squad.ships, start=1):
        ship = game.state.ships.get(f"p{owner}.{number}")
        if ship is None or not entry.facedown:
            ships.append(entry)
            continue
        # a revealed card is public: it stays as it was
        revealed = tuple(e for e in entry.facedown if e.xws in ship.upgrades)
        held = revealed + tuple(EquippedUpgrade(db.upgrade(x), db.upgrade(x).slot)
                                for x in facedown_upgrades(ship))
        ships.append(replace(entry, facedown=held))
    return replace(squad, ships=tuple(ships))


__all__ = ["candidates", "facedown_upgrades", "redraw", "reveal_facedown", "squad_as_seen"]
