"""A docked ship's shields treated as on its carrier's ship card (RR: SHIELDS, RR: DOCK):
Lando's Millennium Falcon and its docked Escape Craft.

A carrier's card names the docked ships whose active shields it may treat as its own
(hook ``lent_shields``). The engine then uses them where the carrier loses or spends
shields by its own choice (rulings, docs/rulings.md):

- **Suffering damage** (engine/damage.py): the carrier's own active shields go first, as
  always; once it has none, each damage asks its owner whether a docked ship's active
  shield is lost for it or the damage card is dealt (the "may", damage by damage: a shield
  kept for a critical damage or for the craft's own deployment).
- **Spending a shield as a cost** (:func:`spend_shield`): the carrier's own first, then a
  docked ship's.

The shield lost is the docked ship's own (it deploys with fewer), and the carrier is the
ship that loses it: the window after_lose_shield opens for the carrier. Effects that only
read whether the carrier is shielded, recover its shields or make it lose shields other
than by damage count its own card alone (the carrier does not choose to treat them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Option
from tallon.engine.effects import lose_shields
from tallon.engine.queue import fire, named, own_modifiers
from tallon.engine.state import ShipState
from tallon.engine.steps import Ask

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: The answer to the damage question: be dealt the damage card (keep the docked shields).
DAMAGE_CARD = "card"


def lenders(game: Game, carrier: ShipState) -> list[ShipState]:
    """The docked ships with an active shield that ``carrier``'s cards let it treat as its
    own (hook ``lent_shields``), in docking order; none in games without such a card."""
    if "lent_shields" not in named(game) or not carrier.docked:
        return []
    named_ids: set[str] = set()
    for held in own_modifiers(game, carrier, "lent_shields"):
        named_ids.update(held.ability.value(game, carrier) or ())
    ships = game.state.ships
    return [ships[i] for i in carrier.docked
            if i in named_ids and i in ships and ships[i].shields > 0]


def shield_question(game: Game, carrier: ShipState, then: str, args: tuple[Any, ...]
                    ) -> Ask | None:
    """For 1 damage the carrier suffers: with no active shield of its own but a docked
    ship's to treat as its own, the question which to lose (``<ship id>``) or to be dealt
    the damage card (``card``); None when there is nothing to choose."""
    if carrier.shields > 0:
        return None  # its own shields go first: the docked ones are kept (ruling)
    found = lenders(game, carrier)
    if not found:
        return None
    options = tuple(Option(s.id, f"lose 1 shield of the docked {s.name} ({s.id})")
                    for s in found)
    return Ask(carrier.owner, "shield_to_lose",
               f"{carrier.name} ({carrier.id}) suffers 1 damage: lose a docked ship's "
               "shield?", (*options, Option(DAMAGE_CARD, "be dealt the damage card")),
               then, args, ship=carrier.id)


def lose_lent_shield(game: Game, carrier: ShipState, lender: ShipState) -> None:
    """The carrier loses 1 of ``lender``'s active shields as its own: the docked ship's
    shield goes inactive, and the window after_lose_shield opens for the carrier."""
    lender.shields -= 1
    game.event("damage", f"{carrier.name} ({carrier.id}) loses 1 shield of the docked "
               f"{lender.name} ({lender.id}) ({lender.shields} left)", ship=carrier.id)
    fire(game, "after_lose_shield", ship=carrier.id)


def spendable_shields(game: Game, ship: ShipState) -> int:
    """The active shields the ship could spend as a cost: its own and those of the docked
    ships it treats as its own."""
    return ship.shields + sum(s.shields for s in lenders(game, ship))


def spend_shield(game: Game, ship: ShipState) -> bool:
    """Spend 1 shield as a cost: the ship's own first, else a docked ship's it treats as
    its own (ruling); whether one was spent."""
    if ship.shields > 0:
        return lose_shields(game, ship) > 0
    found = lenders(game, ship)
    if not found:
        return False
    lose_lent_shield(game, ship, found[0])
    return True


__all__ = ["DAMAGE_CARD", "lenders", "lose_lent_shield", "shield_question",
           "spend_shield", "spendable_shields"]
