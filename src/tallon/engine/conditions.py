"""Condition cards (RR: CONDITION CARDS, RR: LIMITED CONDITIONS, RR: SECRET CONDITIONS).

A condition is assigned by an effect: its text resolves when it is assigned (the
"condition_assigned" window), its abilities are the ship's while it stays, and it is
removed by its own text or another effect. A limited condition has at most its limit of
instances per player: assigning one more first removes one the assigning player chooses.
A secret condition is assigned facedown; the card's registration names its marker, and a
ship keeps only one secret condition per marker. Facedown conditions are hidden from every
player but the one who assigned them (see :mod:`tallon.engine.view`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.data import load_cards
from tallon.engine.decisions import Decision, Option
from tallon.engine.queue import fire
from tallon.engine.state import ConditionCard, ShipState
from tallon.engine.steps import ChoiceStep

if TYPE_CHECKING:
    from tallon.engine.game import Game


def _limit(card: str) -> int:
    return load_cards().condition(card).limited or 0


def secret_marker(game: Game, card: str) -> str | None:
    """The marker a secret condition shares with its siblings (None: not secret)."""
    spec = game.cards.spec("condition", card)
    return spec.marker if spec is not None else None


def instances(game: Game, card: str, player: int) -> list[tuple[ShipState, ConditionCard]]:
    """The instances of ``card`` that count against ``player``'s limit (the ones that
    player's effects assigned)."""
    return [(ship, c) for ship in game.state.ships.values() for c in ship.conditions
            if c.card == card and c.assigned_by == player]


def assign_condition(game: Game, ship: ShipState, card: str, player: int) -> None:
    """``player``'s effect assigns ``card`` to ``ship`` (through a step, because a limited
    condition may first need its player to choose an instance to remove)."""
    game.now(AssignCondition(ship.id, card, player))


def remove_condition(game: Game, ship: ShipState, card: str) -> bool:
    """Remove the condition ``card`` from ``ship`` (facedown ones stay unrevealed)."""
    for k, c in enumerate(ship.conditions):
        if c.card == card:
            ship.conditions = (*ship.conditions[:k], *ship.conditions[k + 1:])
            game.event("condition", f"{card} is removed from {ship.name} ({ship.id})"
                       if c.faceup else f"a secret condition is removed from {ship.name} "
                       f"({ship.id})", ship=ship.id)
            return True
    return False


def reveal_condition(game: Game, ship: ShipState, card: str) -> None:
    for k, c in enumerate(ship.conditions):
        if c.card == card and not c.faceup:
            ship.conditions = (*ship.conditions[:k], replace(c, faceup=True),
                               *ship.conditions[k + 1:])
            game.event("condition", f"{ship.name} ({ship.id}) reveals {card}",
                       ship=ship.id, card=card)


def has_condition(ship: ShipState, card: str) -> bool:
    return any(c.card == card for c in ship.conditions)


def ships_with(game: Game, card: str) -> list[ShipState]:
    return [s for s in game.state.ships.values() if has_condition(s, card)]


@dataclass(frozen=True)
class AssignCondition(ChoiceStep):
    """Assign a condition (RR: CONDITION CARDS, RR: LIMITED CONDITIONS, RR: SECRET CONDITIONS): a
    limited one over its limit first removes an instance its player chooses (answer: the
    ship it is removed from)."""

    ship_id: str
    card: str
    player: int
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        limit = _limit(self.card)
        present = instances(game, self.card, self.player)
        if limit and len(present) >= limit:
            return self.ask(self.player, "remove_condition",
                            f"{self.card} is limited to {limit}: remove which instance?",
                            tuple(Option(s.id, f"{self.card} on {s.name} ({s.id})")
                                  for s, _ in present))
        self._assign(game)
        return None

    def apply(self, game: Game, answer: Any) -> None:
        remove_condition(game, game.state.ships[answer], self.card)
        self._assign(game)

    def _assign(self, game: Game) -> None:
        ship = game.state.ships[self.ship_id]
        marker = secret_marker(game, self.card)
        if marker is not None:
            for c in list(ship.conditions):
                if c.card != self.card and secret_marker(game, c.card) == marker:
                    remove_condition(game, ship, c.card)
        faceup = marker is None
        ship.conditions = (*ship.conditions, ConditionCard(self.card, self.player, faceup))
        if faceup:
            game.event("condition", f"{ship.name} ({ship.id}) is assigned {self.card}",
                       ship=ship.id, card=self.card)
        else:
            game.event("condition", f"{ship.name} ({ship.id}) is assigned a secret "
                       "condition", ship=ship.id,
                       secret={"player": self.player, "condition": self.card})
        fire(game, "condition_assigned", ship=ship.id, card=self.card, player=self.player)
