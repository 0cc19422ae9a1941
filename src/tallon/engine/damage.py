"""Suffering damage (RR: DAMAGE, RR: SHIELDS, RR: DAMAGE CARDS, RR: DESTROYING SHIPS).

Damage is suffered one at a time, regular damage before critical damage: each loses an
active shield or, without one, deals a damage card, facedown for regular damage and faceup
for critical damage, whose text resolves before the next damage is suffered. A card may
replace the damage before it is suffered ("before you would suffer damage"). A remote is
dealt a facedown card for each damage, critical or not (RR: DAMAGING REMOTES).
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, replace
from typing import TYPE_CHECKING, Any

from tallon.engine.decisions import Decision
from tallon.engine.effects import deal_damage_card, lose_shields, remove_ship
from tallon.engine.lent_shields import (
    DAMAGE_CARD,
    lenders,
    lose_lent_shield,
    shield_question,
)
from tallon.engine.missions_1e import is_shuttle
from tallon.engine.queue import FireWindow, Queue, any_true, fire, replacements
from tallon.engine.replace import Replaceable
from tallon.engine.steps import Step, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


@dataclass(frozen=True)
class SufferDamage(Step):
    ship_id: str
    hits: int
    crits: int
    cause: str = ""
    replaceable: bool = True
    shields_lost: int = 0
    cards_dealt: int = 0
    crits_suffered: int = 0
    #: this damage destroyed the ship: the log says so after its summary
    destroyed: bool = False
    #: "bypassing shields": each damage deals a damage card even while shields are active
    bypass_shields: bool = False

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        if self.crits and is_shuttle(ship):  # rulebook (1e), Shuttle Damage: crits are hits
            game.push(replace(self, hits=self.hits + self.crits, crits=0))
            return None
        if self.replaceable:
            facts = {"ship": ship.id, "hits": self.hits, "crits": self.crits,
                     "cause": self.cause}
            if self.bypass_shields:
                facts["bypass_shields"] = True  # the default effect keeps bypassing them
            if replacements(game, "suffer_damage", facts):
                game.push(Replaceable("suffer_damage", tuple(sorted(facts.items()))))
                return None
        if self.hits + self.crits == 0:
            self._report(game)
            return None
        if ship.shields > 0 and not self.bypass_shields:
            self._shield_lost(game, None)
            return None
        if not self.bypass_shields and lenders(game, ship):
            # a docked ship's shields the carrier may treat as its own (lent_shields.py)
            asked = shield_question(game, ship, "damage.shield_chosen",
                                    astuple(replace(self, replaceable=False)))
            if asked is not None:
                game.push(asked)
                return None
        self._card_dealt(game)
        return None

    def _next(self) -> tuple[SufferDamage, bool]:
        """The damage left after this one, and whether this one is critical."""
        hits, crits = self.hits, self.crits
        critical = hits == 0
        rest = SufferDamage(self.ship_id, max(0, hits - 1), crits - (1 if critical else 0),
                            self.cause, False, self.shields_lost, self.cards_dealt,
                            self.crits_suffered + (1 if critical else 0), self.destroyed,
                            self.bypass_shields)
        return rest, critical

    def _shield_lost(self, game: Game, lender: str | None) -> None:
        """This damage loses an active shield: the ship's own, or (``lender``) a docked
        ship's it treats as its own."""
        ship = game.state.ships[self.ship_id]
        rest, critical = self._next()
        game.push(_counted(rest, shields=1))
        if lender is None:
            lose_shields(game, ship)
        else:
            lose_lent_shield(game, ship, game.state.ships[lender])
        if critical:
            fire(game, "after_suffer_crit", ship=ship.id, dealt=None)

    def _card_dealt(self, game: Game) -> None:
        """This damage deals a damage card (no active shield, or bypassing them)."""
        ship = game.state.ships[self.ship_id]
        rest, critical = self._next()
        if ship.remote:
            # RR: DAMAGING REMOTES - every damage deals a remote a facedown card
            game.push(_counted(rest, cards=1))
            deal_damage_card(game, ship, False,
                             then="damage.critical_card_dealt" if critical else None,
                             args=(ship.id, False))
            return
        if critical:
            facts = {"ship": ship.id}
            if replacements(game, "deal_faceup", facts):
                game.push(Replaceable("deal_faceup", tuple(facts.items())),
                          FireWindow.of("after_suffer_crit", ship=ship.id, dealt=None),
                          _counted(rest, cards=1))
                return
        game.push(_counted(rest, cards=1))
        deal_damage_card(game, ship, critical,
                         then="damage.critical_card_dealt" if critical else None,
                         args=(ship.id, True))

    def _report(self, game: Game) -> None:
        ship = game.state.ships[self.ship_id]
        text = f"{ship.name} ({ship.id}) suffers damage"
        if self.cause:
            text += f" from {self.cause}"
        game.event("damage", f"{text}: {self.shields_lost} shield(s) lost, "
                   f"{self.cards_dealt} damage card(s) dealt", ship=ship.id)
        if self.destroyed:
            game.event("destroyed", f"{ship.name} ({ship.id}) is destroyed", ship=ship.id)
        if self.shields_lost + self.cards_dealt:
            fire(game, "after_suffer_damage", ship=ship.id, shields=self.shields_lost,
                 cards=self.cards_dealt, crits=self.crits_suffered,
                 hits=self.shields_lost + self.cards_dealt - self.crits_suffered)


@continuation("damage.shield_chosen")
def _shield_chosen(game: Game, answer: str, *fields: Any) -> None:
    # the carrier's answer for this one damage: a docked ship's shield, or the card
    step = SufferDamage(*fields)
    if answer == DAMAGE_CARD:
        step._card_dealt(game)
    else:
        step._shield_lost(game, answer)


@continuation("damage.critical_card_dealt")
def _critical_card_dealt(game: Game, serial: int, ship_id: str, faceup: bool) -> None:
    # the card's own text first, then "after you suffer critical damage" abilities (the
    # card just dealt was not in play when the damage began: ruling); a remote's card is
    # facedown, and names no card dealt
    fire(game, "after_suffer_crit", ship=ship_id, dealt=serial if faceup else None)


def _counted(step: SufferDamage, shields: int = 0, cards: int = 0) -> SufferDamage:
    return SufferDamage(step.ship_id, step.hits, step.crits, step.cause, False,
                        step.shields_lost + shields, step.cards_dealt + cards,
                        step.crits_suffered, step.destroyed, step.bypass_shields)


def gone(game: Game, ship: ShipState) -> bool:
    """Whether ``ship`` is out of the game: off the table, or destroyed in a phase other
    than the Engagement Phase, where RR: DESTROYING SHIPS removes it at once (its removal
    waits only for the effects of the moment: :class:`RemoveDestroyed`); it performs no
    action then (docs/rulings.md)."""
    return not ship.in_play or (ship.destroyed and game.state.phase != "engagement")


@dataclass(frozen=True)
class RemoveDestroyed(Step):
    """Remove a ship destroyed outside the Engagement Phase once the effects of its
    destruction are done (RR: DESTROYING SHIPS, RR: ABILITY QUEUE)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.destroyed or ship.removed:
            return None
        if any_true(game, "removal_until_end_phase", ship=ship):
            return None  # a card keeps it until the end of the End Phase (CheckEnd)
        # a ship is not removed while abilities are in the queue, nor before it has suffered
        # all its damage (excess cards are still dealt): wait below the last of them
        waiting = [k for k, step in enumerate(game.stack) if isinstance(step, Queue) or (
            isinstance(step, SufferDamage) and step.ship_id == self.ship_id)]
        if waiting:
            game.stack.insert(waiting[0], self)
            return None
        remove_ship(game, ship, "destroyed")
        return None
