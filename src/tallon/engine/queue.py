"""The ability queue (RR: ABILITY QUEUE and the FAQ on abilities).

When a timing window occurs (``fire``), every triggered ability whose requirement holds and
whose cost could be paid is added to the queue: the first player's, then the second
player's; each player orders their own. The queue resolves front to back. An ability
triggered while another resolves is queued in front of the rest: here that falls out of the
step stack, because the new queue is pushed above the remainder of the old one.

Game effects that share a timing window resolve before abilities: the engine fires a window
only after applying its own effect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.engine.abilities import (
    Ctx,
    Event,
    Modifier,
    Replacement,
    Triggered,
    ability_index,
)
from tallon.engine.decisions import Decision, Option
from tallon.engine.steps import UNANSWERED, Step

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


@dataclass(frozen=True)
class Entry:
    """One queued ability: which ship's which card, and its ability."""

    ship_id: str
    card: str
    ability: Triggered


def _active(ship: ShipState, game: Game | None = None) -> bool:
    """A destroyed ship's abilities stay active until it is removed (RR: ABILITIES); during
    setup a ship's "Setup:" abilities work before it is placed."""
    if ship.removed:
        return False
    return ship.body is not None or (game is not None and game.state.phase == "setup")


#: Triggers the rules themselves add to the queue (the linked action): functions giving
#: the entries an event adds.
RULE_TRIGGERS: list[Callable[[Game, Event], list[Entry]]] = []


def collect(game: Game, event: Event, only: ShipState | None = None) -> list[Entry]:
    """The abilities that trigger on ``event``, in player order (not yet ordered within a
    player's own); ``only``: those of one ship (without asking every other ship)."""
    order = game.state.player_order()
    found: list[tuple[int, Entry]] = []
    for rule in RULE_TRIGGERS:
        for entry in rule(game, event):
            if only is None or entry.ship_id == only.id:
                found.append((order.index(game.state.ships[entry.ship_id].owner), entry))
    for ship in game.state.ships.values() if only is None else (only,):
        if not _active(ship, game):
            continue
        for card, ability in ability_index(ship).by_window.get(event.window, ()):
            ctx = Ctx(game, ship, card, event, ability)
            # the cost first: it is cheap, and a card without the charge needs no search
            if ability.cost.can_pay(ctx) and ability.requirement(ctx):
                player = ability.player(ctx) if ability.player else ship.owner
                found.append((order.index(player), Entry(ship.id, card, ability)))
    found.sort(key=lambda item: item[0])
    return [entry for _, entry in found]


def fire(game: Game, window: str, **data: Any) -> None:
    """A timing window occurs: queue the abilities it triggers, to resolve before anything
    already scheduled."""
    event = Event.of(window, **data)
    entries = collect(game, event)
    if entries:
        game.now(Queue(tuple(entries), event))


def _decider(game: Game, entry: Entry, event: Event) -> int:
    ship = game.state.ships[entry.ship_id]
    ability = entry.ability
    if ability.player is None:
        return ship.owner
    return ability.player(Ctx(game, ship, entry.card, event, ability))


@dataclass(frozen=True)
class Queue(Step):
    """Resolve queued abilities in order; a player with several next in line chooses."""

    entries: tuple[Entry, ...]
    event: Event
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        if not self.entries:
            return None
        first = _decider(game, self.entries[0], self.event)
        mine = [k for k, e in enumerate(self.entries) if _decider(game, e, self.event) == first]
        if self.answer is not None:
            index = int(self.answer)
        elif len(mine) == 1:
            index = mine[0]
        else:
            options = tuple(Option(k, f"{self.entries[k].ability.title} "
                                      f"({self.entries[k].card}, {self.entries[k].ship_id})")
                            for k in mine)
            return Decision(first, "order_abilities", "Choose the ability to resolve next",
                            options, self)
        entry = self.entries[index]
        rest = self.entries[:index] + self.entries[index + 1:]
        game.push(Resolve(entry, self.event), Queue(rest, self.event))
        return None


@dataclass(frozen=True)
class Resolve(Step):
    """Resolve one queued ability: its requirement again, its choices, then cost and effect.
    An ability whose requirement or cost fails now is removed without resolving."""

    entry: Entry
    event: Event
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.entry.ship_id]
        ability = self.entry.ability
        if not _active(ship, game):
            return None
        ctx = Ctx(game, ship, self.entry.card, self.event, ability)
        if not ability.requirement(ctx) or not ability.cost.can_pay(ctx):
            return None
        if self.answer is None:
            options = list(ability.choices(ctx)) if ability.choices else [
                Option("use", ability.title)]
            if not options:
                return None  # "may choose a ship" with none to choose: it doesn't resolve
            if ability.optional:
                options.append(Option("decline", "don't use it"))
            if len(options) == 1:
                return self.answered(options[0].value).run(game)
            return Decision(_decider(game, self.entry, self.event), ability.decision,
                            f"{ship.name} ({ship.id}): {ability.title}?", tuple(options),
                            self, ship=ship.id)
        if self.answer == "decline":
            return None
        ability.cost.pay(ctx)
        game.event("ability", f"{ship.name} ({ship.id}) uses {self.entry.card}: "
                   f"{ability.title}", ship=ship.id, card=self.entry.card)
        ability.effect(ctx, self.answer)
        return None


@dataclass(frozen=True)
class FireWindow(Step):
    """Fire a timing window as its own step (so windows resolve one after another)."""

    window: str
    facts: tuple[tuple[str, Any], ...] = ()
    bonus: bool | None = None

    @classmethod
    def of(cls, window: str, bonus: bool | None = None, **facts: Any) -> FireWindow:
        return cls(window, tuple(sorted(facts.items())), bonus)

    def run(self, game: Game) -> Decision | None:
        event = Event(self.window, (*self.facts, ("bonus_window", self.bonus)))
        entries = collect(game, event)
        if self.bonus is not None:
            entries = [e for e in entries if e.ability.bonus_attack == self.bonus]
        if entries:
            game.push(Queue(tuple(entries), event))
        return None


# ------------------------------------------------------------------ constant hooks
def modifiers(game: Game, hook: str) -> list[tuple[ShipState, str, Modifier]]:
    """Every constant ability of ``hook`` on ships whose abilities are active."""
    return list(_modifiers(game, hook))


def _modifiers(game: Game, hook: str) -> Iterator[tuple[ShipState, str, Modifier]]:
    for ship in game.state.ships.values():
        if _active(ship):
            for card, ability in ability_index(ship).by_hook.get(hook, ()):
                yield ship, card, ability


def own_modifiers(ship: ShipState, hook: str) -> tuple[tuple[str, Modifier], ...]:
    """The constant abilities of ``hook`` on ``ship``'s own cards (its entries among
    :func:`modifiers`), with their cards: for hooks that ask about the ship itself."""
    return ability_index(ship).by_hook.get(hook, ()) if _active(ship) else ()


def total(game: Game, hook: str, **facts: Any) -> int:
    """The sum of every ``hook`` modifier's value (None counts as 0)."""
    return sum(ability.value(game, ship, **facts) or 0
               for ship, _, ability in _modifiers(game, hook))


def any_true(game: Game, hook: str, **facts: Any) -> bool:
    """Whether any ``hook`` modifier answers True."""
    return any(ability.value(game, ship, **facts) for ship, _, ability in
               _modifiers(game, hook))


# --------------------------------------------------------------------- replacements
def replacements(game: Game, point: str, facts: dict[str, Any]
                 ) -> list[tuple[ShipState, str, Replacement]]:
    """The replacement abilities that could replace the effect at ``point`` now."""
    found = []
    event = Event.of(point, **facts)
    for ship in game.state.ships.values():
        if not _active(ship):
            continue
        for card, ability in ability_index(ship).by_point.get(point, ()):
            ctx = Ctx(game, ship, card, event, ability)
            if ability.cost.can_pay(ctx) and ability.applies(ctx, facts):
                found.append((ship, card, ability))
    return found
