"""Ships in reserve (RR: RESERVE).

- **What reserve is.** A ship in reserve sits on its ship card, off the table: it has no
  body, so it is not in play (no dial, no actions, no attacks, not a target), but it is
  not removed from the game; during the End Phase it still loses its circular tokens and
  recovers its charges (engine/rounds.py does that for every ship not removed). A docked
  ship is in reserve in its carrier (:mod:`tallon.engine.docking`); the other ships in
  reserve carry the mark :data:`RESERVE` in their card memory, whose value is the rule by
  which they will be placed (:mod:`tallon.engine.placement`).
- **Starting in reserve.** "Setup: Start in reserve": a card of the ship answers the hook
  ``starts_in_reserve`` with its placement rule; Place Forces then leaves the ship off the
  table (engine/setup.py).
- **Abilities in reserve.** A ship's abilities are inactive while it is in reserve, unless
  the ability says it works there: a card registers as such with
  :func:`usable_in_reserve`. Its triggered abilities then trigger while the ship is in
  reserve at the windows that reach reserve: ``start_round`` (:func:`window_steps`) and
  any window with a ship fact the rules' own ability "abilities in reserve" listens to
  (``after_destroyed``). They are mandatory ("you must deploy"), so they resolve without a
  question; a player with several orders them, as in the ability queue.
- **Leaving reserve.** The card's effect places the ship
  (:func:`tallon.engine.placement.deploy`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from tallon.engine.abilities import RULES, CardSpec, Ctx, Event, Triggered
from tallon.engine.docking import carrier_of
from tallon.engine.queue import Entry, FireWindow, Queue, named, own_modifiers
from tallon.engine.steps import Step

if TYPE_CHECKING:
    from tallon.engine.decisions import Decision
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState

#: The card memory key of a ship in reserve outside a carrier; its value is the placement
#: rule that will place it (a tuple of rule names, engine/placement.py).
RESERVE = "rule:reserve"

#: The cards whose abilities work while their ship is in reserve: (kind, xws).
_USABLE_IN_RESERVE: set[tuple[str, str]] = set()


# ------------------------------------------------------------------------- who
def in_reserve(game: Game, ship: ShipState) -> bool:
    """Whether the ship is in reserve: off the table, not removed, and either marked in
    reserve or docked in a carrier."""
    if ship.removed or ship.body is not None:
        return False
    return reserve_rule(ship) is not None or carrier_of(game, ship) is not None


def reserve_rule(ship: ShipState) -> tuple[str, ...] | None:
    """The placement rule a ship in reserve (outside a carrier) will be placed by, or
    None when it is not marked in reserve."""
    rule = ship.recalled(RESERVE)
    return None if rule is None else tuple(rule)


def mark_reserve(ship: ShipState, rule: tuple[str, ...] | None) -> None:
    """Mark the ship in reserve with its placement rule (None: the mark leaves)."""
    ship.remember(RESERVE, None if rule is None else tuple(rule))


def reserved_ships(game: Game) -> list[ShipState]:
    """The ships marked in reserve (outside carriers), in player order, then by id."""
    order = game.state.player_order()
    return sorted((s for s in game.state.ships.values()
                   if not s.removed and s.body is None and reserve_rule(s) is not None),
                  key=lambda s: (order.index(s.owner), s.id))


# ------------------------------------------------------------------------ setup
def start_in_reserve(game: Game) -> list[str]:
    """RR: RESERVE - at Place Forces, mark in reserve each ship whose card says it starts
    there (hook ``starts_in_reserve``: the rule it will be placed by); returns their ids.
    A docked ship is in reserve already."""
    found: list[str] = []
    if "starts_in_reserve" not in named(game):
        return found
    for ship in game.state.ships_of():
        if ship.body is not None or ship.removed or carrier_of(game, ship) is not None:
            continue
        for held in own_modifiers(game, ship, "starts_in_reserve"):
            rule = held.ability.value(game, ship, ship=ship)
            if rule:
                mark_reserve(ship, tuple(rule))
                game.event("reserve", f"{ship.name} ({ship.id}) starts in reserve "
                           f"({held.card})", ship=ship.id)
                found.append(ship.id)
                break
    return found


# --------------------------------------------------------- abilities in reserve
def usable_in_reserve(spec: CardSpec) -> CardSpec:
    """Declare that the card's abilities work while its ship is in reserve (RR: RESERVE:
    "unless the ability explicitly allows it"). Its triggered abilities must be mandatory,
    free and without choices: they resolve without the queue's question."""
    for side in spec.sides:
        for ability in side:
            if isinstance(ability, Triggered) and (
                    ability.optional or ability.choices is not None or not ability.cost.free):
                raise ValueError(f"{spec.kind} {spec.xws!r}: {ability.title!r} can't work in "
                                 "reserve (only mandatory, free abilities without choices)")
    _USABLE_IN_RESERVE.add((spec.kind, spec.xws))
    return spec


def reserve_entries(game: Game, event: Event) -> list[Entry]:
    """The abilities of ships in reserve that ``event`` triggers, in player order."""
    found = []
    for ship in reserved_ships(game):
        for held in game.cards.index(ship).by_window.get(event.window, ()):
            kind, xws = held.ref.split(":")[:2]
            if (kind, xws) not in _USABLE_IN_RESERVE:
                continue
            if held.ability.requirement(Ctx(game, ship, held.card, event, held.ability)):
                found.append(Entry(ship.id, held.card, held.ref))
    return found


def listens_in_reserve(game: Game, window: str) -> bool:
    """Whether a ship in reserve has an ability that works there at this window (without
    facts): the window then needs its :class:`ReserveWindow`."""
    # asked every round: the cheap answer first (no card of any ship names the window)
    return window in named(game) and bool(reserve_entries(game, Event(window, ())))


def window_steps(game: Game, window: str) -> list[Step]:
    """A window that ships in reserve may listen to, as steps: the ability queue's (ships
    in play) and the reserve's (ships in reserve); none when no ship has an ability of it
    (other games keep their state hashes)."""
    if window not in named(game):
        return []
    index = game.cards.index
    if not any(index(s).by_window.get(window) for s in game.state.ships.values()
               if not s.removed):
        return []
    return [FireWindow.of(window), ReserveWindow(window)]


@dataclass(frozen=True)
class ReserveWindow(Step):
    """The abilities of ships in reserve that a window (without facts) triggers."""

    window: str

    def run(self, game: Game) -> Decision | None:
        event = Event(self.window, ())
        entries = reserve_entries(game, event)
        if entries:
            game.push(ReserveQueue(tuple(entries), event))
        return None


@dataclass(frozen=True)
class ReserveQueue(Queue):
    """The ability queue of abilities of ships in reserve: each player orders their own
    (answers: the entries' keys), each then resolves without the activity check."""

    def apply(self, game: Game, answer: Any) -> None:
        index = next(k for k, e in enumerate(self.entries) if e.key == answer)
        entry = self.entries[index]
        rest = self.entries[:index] + self.entries[index + 1:]
        game.push(ResolveInReserve(entry, self.event), ReserveQueue(rest, self.event))


@dataclass(frozen=True)
class ResolveInReserve(Step):
    """Resolve one ability of a ship in reserve: its requirement again, then its effect
    (they are mandatory and free: :func:`usable_in_reserve`)."""

    entry: Entry
    event: Event

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.entry.ship_id]
        if not in_reserve(game, ship):
            return None
        ability = cast("Triggered", game.cards.ability(self.entry.ref))
        ctx = Ctx(game, ship, self.entry.card, self.event, ability)
        if not ability.requirement(ctx):
            return None
        game.event("ability", f"{ship.name} ({ship.id}) uses {self.entry.card} in reserve: "
                   f"{ability.title}", ship=ship.id, card=self.entry.card)
        ability.effect(ctx, "use")
        return None


def _reserve_listens(ctx: Ctx) -> bool:
    return bool(reserve_entries(ctx.game, ctx.event))


def _reserve_resolves(ctx: Ctx, choice: Any) -> None:
    entries = reserve_entries(ctx.game, ctx.event)
    if entries:
        ctx.game.push(ReserveQueue(tuple(entries), ctx.event))


# the windows with a ship fact that reach ships in reserve: the rules' own ability,
# triggered by the ship the event names, passes them on to the abilities in reserve
RULES.register("rule", "abilities in reserve",
               Triggered("abilities of ships in reserve", window="after_destroyed",
                         optional=False, requirement=_reserve_listens,
                         effect=_reserve_resolves),
               description="A ship was destroyed: the abilities of ships in reserve that "
                           "work there and listen to it trigger.")


__all__ = ["RESERVE", "ReserveQueue", "ReserveWindow", "ResolveInReserve", "in_reserve",
           "mark_reserve", "reserve_entries", "reserve_rule", "reserved_ships",
           "start_in_reserve", "usable_in_reserve", "window_steps"]
