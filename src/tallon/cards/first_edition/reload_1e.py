"""The first edition's reload action (``Ruleset.action_bodies``: reload -> reload_1e).

Reference card (1e) "Reload Action and Jam Tokens": the ship chooses any number of its
equipped, discarded [torpedo] or [missile] upgrade cards and flips them faceup, then it is
assigned a weapons disabled token (the engine's disarm token: it cannot perform attacks;
removed in the End Phase). A discarded card is one the first-edition ordnance discarded
(:mod:`tallon.cards.first_edition.ordnance_1e`); flipping it faceup returns it to the
ship with its abilities, weapon and grants (:func:`restore_upgrade`).

The body lives with the card pool because discarding a card is the card pool's building
block; importing this module registers it in the engine's ``ACTION_BODIES``. This module
registers no card.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.cards.first_edition.ordnance_1e import DISCARDED, is_discarded
from tallon.data import load_cards
from tallon.engine.action_bodies import ActionBody
from tallon.engine.actions import ACTION_BODIES
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token
from tallon.engine.loadout import refresh_actions
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import ChoiceStep

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: the upgrade slots a reload flips faceup
RELOADED_SLOTS = ("torpedo", "missile")


def discarded_ordnance(ship: ShipState) -> list[str]:
    """The ship's discarded [torpedo] and [missile] upgrade cards, in the order discarded
    (a card being discarded by the attack in progress is not yet one)."""
    equipped = {xws for kind, xws, _ in ship.cards if kind == "upgrade"}
    return [card for card in ship.recalled(DISCARDED) or ()
            if card not in equipped and load_cards().upgrade(card).slot in RELOADED_SLOTS]


def restore_upgrade(game: Game, ship: ShipState, card: str) -> None:
    """Flip the ship's discarded upgrade ``card`` faceup: it is the ship's again, with its
    abilities, weapon, actions and the agility it grants (the reverse of
    ``ordnance_1e.discard_upgrade``)."""
    if not is_discarded(ship, card):
        return
    kept = tuple(c for c in ship.recalled(DISCARDED) or () if c != card)
    ship.remember(DISCARDED, kept or None)
    upgrade = load_cards().upgrade(card)
    ship.cards = (*ship.cards, ("upgrade", card, 0))
    ship.upgrades = (*ship.upgrades, card)
    for grant in upgrade.sides[0].grants.stats:
        if grant.stat == "agility":
            ship.agility += grant.amount
    refresh_actions(ship)
    game.event("reload", f"{ship.name} ({ship.id}) flips {upgrade.name} faceup",
               ship=ship.id, card=card)


def _subsets(cards: list[str]) -> list[tuple[str, ...]]:
    """Every choice of cards, all of them first and none last."""
    return [group for n in range(len(cards), -1, -1) for group in combinations(cards, n)]


@dataclass(frozen=True)
class Reload1e(ActionBody, ChoiceStep):
    """The first edition's reload (see the module docstring). Answer: the cards flipped
    faceup joined by ``+`` (``"none"``: none; ruling: "any number" includes none, so the
    action is always available and may be performed for its token alone)."""

    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        db = load_cards()
        options = tuple(Option("+".join(group) or "none",
                               ", ".join(db.upgrade(c).name for c in group) or "none")
                        for group in _subsets(discarded_ordnance(ship)))
        return self.ask(ship.owner, "reload_card", f"{ship.name} ({ship.id}): reload which "
                        "discarded cards?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        for card in () if answer == "none" else str(answer).split("+"):
            restore_upgrade(game, ship, card)
        gain_token(game, ship, Token.DISARM)  # the weapons disabled token


ACTION_BODIES["reload_1e"] = Reload1e
