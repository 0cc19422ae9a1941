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

from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, cast

from tallon.data import load_cards
from tallon.engine.abilities import RULES, Ctx, Event, Held, Modifier, Replacement, Triggered
from tallon.engine.decisions import Decision, Option, from_card
from tallon.engine.steps import ChoiceStep, Step
from tallon.rulesets import ruleset_rules

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import ShipState


@dataclass(frozen=True)
class Entry:
    """One queued ability: which ship's which card, and the ability's reference."""

    ship_id: str
    card: str
    ref: str

    @property
    def key(self) -> str:
        """The stable answer naming this entry: ship, card and the ability's position."""
        return f"{self.ship_id}:{self.card}#{self.ref.rpartition(':')[2]}"


#: The cards whose abilities work while their ship is docked ("while you are docked":
#: RR: DOCK), as (kind, xws): :func:`usable_docked` declares them.
_USABLE_DOCKED: set[tuple[str, str]] = set()


def usable_docked(kind: str, xws: str) -> None:
    """Declare that the card's abilities work while its ship is docked in a carrier: its
    triggered abilities trigger there, and its ``added_actions`` modifiers reach the
    carrier's action bar (:func:`docked_modifiers`)."""
    _USABLE_DOCKED.add((kind, xws))


def _docked_held(game: Game, ship: ShipState, held: tuple[Held, ...]) -> list[Held]:
    """Of a ship off the table, the abilities that work because it is docked."""
    if not any(ship.id in c.docked for c in game.state.ships.values()):
        return []
    return [h for h in held if tuple(h.ref.split(":")[:2]) in _USABLE_DOCKED]


def _works_docked(game: Game, ship: ShipState, ref: str) -> bool:
    """Whether the ability ``ref`` of a ship off the table works because it is docked."""
    return not ship.removed and ship.body is None and tuple(ref.split(":")[:2]) in \
        _USABLE_DOCKED and any(ship.id in c.docked for c in game.state.ships.values())


def docked_modifiers(game: Game, carrier: ShipState, hook: str
                     ) -> list[tuple[ShipState, Held]]:
    """The ``hook`` modifiers of the ships docked in ``carrier`` that work while docked
    (asked with the carrier as the ``ship`` fact)."""
    if not _USABLE_DOCKED or not carrier.docked:
        return []
    found: list[tuple[ShipState, Held]] = []
    for ship_id in carrier.docked:
        docked = game.state.ships[ship_id]
        if not docked.removed:
            held = game.cards.index(docked).by_hook.get(hook, ())
            found.extend((docked, h) for h in _docked_held(game, docked, held))
    return found


def _active(ship: ShipState, game: Game | None = None) -> bool:
    """A destroyed ship's abilities stay active until it is removed (RR: ABILITIES); during
    setup a ship's "Setup:" abilities work before it is placed."""
    if ship.removed:
        return False
    return ship.body is not None or (game is not None and game.state.phase == "setup")


def collect(game: Game, event: Event, only: ShipState | None = None) -> list[Entry]:
    """The abilities that trigger on ``event``, in player order (not yet ordered within a
    player's own); ``only``: those of one ship (without asking every other ship). The
    rules' own abilities (:data:`~tallon.engine.abilities.RULES`) concern the ship the
    event names and come first."""
    state = game.state
    window = event.window
    rules = RULES.by_window(window)
    cards_listen = window in named(game)
    if not rules and not cards_listen:
        return []  # the usual case: no card in the game has an ability of this window
    # the rules' own abilities (a huge ship's stress, a scenario's jettison) listen at
    # common windows: the ships' cards are only searched when one of them could listen
    listening = _listening(game, window, only) if cards_listen else []
    if not rules and not listening:
        return []
    order = state.player_order()
    found: list[tuple[int, Entry]] = []
    if rules:
        ship = state.ships.get(event.get("ship"))
        if ship is not None and (only is None or only.id == ship.id) and _active(ship, game):
            for held in rules:
                ctx = Ctx(game, ship, held.card, event, held.ability)
                if held.ability.requirement(ctx):
                    found.append((order.index(ship.owner), Entry(ship.id, held.card,
                                                                  held.ref)))
    for ship, held in listening:
        ability = held.ability
        ctx = Ctx(game, ship, held.card, event, ability)
        # the cost first: it is cheap, and a card without the charge needs no search
        if ability.cost.can_pay(ctx) and ability.requirement(ctx):
            player = ability.player(ctx) if ability.player else ship.owner
            found.append((order.index(player), Entry(ship.id, held.card, held.ref)))
    found.sort(key=lambda item: item[0])
    return [entry for _, entry in found]


def _listening(game: Game, window: str, only: ShipState | None
               ) -> list[tuple[ShipState, Held]]:
    """The abilities of ``window`` on ships whose abilities are active (asked at every
    window of the game: kept to one pass over the ships)."""
    state = game.state
    setup = state.phase == "setup"
    index = game.cards.index
    found: list[tuple[ShipState, Held]] = []
    for ship in state.ships.values() if only is None else (only,):
        # inline _active: a removed ship's abilities are gone; before it is placed, only
        # during setup
        if ship.removed or (ship.body is None and not setup):
            if _USABLE_DOCKED and not ship.removed and not setup:
                docked = index(ship).by_window.get(window)
                if docked:
                    found.extend((ship, h) for h in _docked_held(game, ship, docked))
            continue
        held = index(ship).by_window.get(window)
        if held:
            found.extend((ship, h) for h in held)
    return found


_cards_of = attrgetter("cards")


def named(game: Game) -> frozenset[str]:
    """The windows, hooks and replacement points the game's ships could have abilities
    of (:meth:`~tallon.engine.abilities.CardRegistry.named`): the engine fires many
    windows no card listens to, and this answers those at once. Remembered while the
    ships' card tuples are the same objects (any change replaces them) and the card
    registry is unchanged."""
    state = game.state
    memo = state._named
    version = game.cards.version
    cards = tuple(map(_cards_of, state.ships.values()))
    if memo is not None and memo[1] is version and memo[0] == cards:
        return memo[2]
    found = game.cards.named(cards, dealable(game.setup.ruleset))
    state._named = (cards, version, found)
    return found


@cache
def dealable(ruleset: str) -> frozenset[str]:
    """The damage cards a game of ``ruleset`` can deal: those of its decks (a 2.5 game
    never holds a first-edition damage card, whose hooks then need no asking)."""
    db = load_cards()
    return frozenset(card.id for name in ruleset_rules(ruleset).damage_decks
                     for card in db.damage_deck(name).cards)


def fire(game: Game, window: str, **data: Any) -> None:
    """A timing window occurs: queue the abilities it triggers, to resolve before anything
    already scheduled."""
    event = Event.of(window, **data)
    entries = collect(game, event)
    if entries:
        game.now(Queue(tuple(entries), event))


def _context(game: Game, entry: Entry, event: Event) -> Ctx:
    return Ctx(game, game.state.ships[entry.ship_id], entry.card, event,
               _triggered(game, entry))


def _triggered(game: Game, entry: Entry) -> Triggered:
    """The queued ability of ``entry`` (only triggered abilities are queued)."""
    return cast("Triggered", game.cards.ability(entry.ref))


def _decider(game: Game, entry: Entry, event: Event) -> int:
    ctx = _context(game, entry, event)
    ability = cast("Triggered", ctx.ability)
    return ctx.ship.owner if ability.player is None else ability.player(ctx)


@dataclass(frozen=True)
class Queue(ChoiceStep):
    """Resolve queued abilities in order; a player with several next in line chooses
    (answers: the entries' keys, ``"<ship>:<card>#<position>"``)."""

    entries: tuple[Entry, ...]
    event: Event
    auto_single: ClassVar[bool] = True

    def _mine(self, game: Game) -> tuple[int, list[Entry]]:
        first = _decider(game, self.entries[0], self.event)
        return first, [e for e in self.entries if _decider(game, e, self.event) == first]

    def choice(self, game: Game) -> Decision | None:
        if not self.entries:
            return None
        first, mine = self._mine(game)
        if len(mine) == 1:
            return self.ask(first, "order_abilities", "", (Option(mine[0].key, ""),))
        options = tuple(self._option(game, e) for e in mine)
        return self.ask(first, "order_abilities", "Choose the ability to resolve next",
                        options)

    @staticmethod
    def _option(game: Game, entry: Entry) -> Option:
        """An entry as an option: its title, and in ``info`` the card, the ship and what
        the ability costs (printed on the card: public), so a player can resolve first
        what gives before what spends."""
        ability = _triggered(game, entry)
        return Option(entry.key, f"{ability.title} ({entry.card}, {entry.ship_id})",
                      {"card": entry.card, "ship": entry.ship_id,
                       "cost": ability.cost.facts()})

    def apply(self, game: Game, answer: Any) -> None:
        index = next(k for k, e in enumerate(self.entries) if e.key == answer)
        entry = self.entries[index]
        rest = self.entries[:index] + self.entries[index + 1:]
        game.push(Resolve(entry, self.event), Queue(rest, self.event))


@dataclass(frozen=True)
class Resolve(ChoiceStep):
    """Resolve one queued ability: its requirement again, its choices, then cost and effect.
    An ability whose requirement or cost fails now is removed without resolving."""

    entry: Entry
    event: Event
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.entry.ship_id]
        if not _active(ship, game) and not _works_docked(game, ship, self.entry.ref):
            return None
        ctx = _context(game, self.entry, self.event)
        ability = cast("Triggered", ctx.ability)
        if not ability.requirement(ctx) or not ability.cost.can_pay(ctx):
            return None
        options = list(ability.choices(ctx)) if ability.choices else [
            Option("use", ability.title)]
        if not options:
            return None  # "may choose a ship" with none to choose: it doesn't resolve
        options = from_card(options, self.entry.card)
        if ability.optional:
            options.append(Option("decline", "don't use it"))
        return self.ask(_decider(game, self.entry, self.event), ability.decision,
                        f"{ship.name} ({ship.id}): {ability.title}?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "decline":
            return
        ctx = _context(game, self.entry, self.event)
        ship, ability = ctx.ship, cast("Triggered", ctx.ability)
        ability.cost.pay(ctx)
        game.event("ability", f"{ship.name} ({ship.id}) uses {self.entry.card}: "
                   f"{ability.title}", ship=ship.id, card=self.entry.card)
        ability.effect(ctx, answer)


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
        if self.window not in named(game) and not RULES.by_window(self.window):
            return None  # what collect answers first: nothing listens (most windows fired)
        event = Event(self.window, (*self.facts, ("bonus_window", self.bonus)))
        entries = collect(game, event)
        if self.bonus is not None:
            entries = [e for e in entries
                       if _triggered(game, e).bonus_attack == self.bonus]
        if entries:
            game.push(Queue(tuple(entries), event))
        return None


# ------------------------------------------------------------------ constant hooks
def modifiers(game: Game, hook: str) -> list[tuple[ShipState, str, Modifier]]:
    """Every constant ability of ``hook`` on ships whose abilities are active."""
    return _modifiers(game, hook)


def _modifiers(game: Game, hook: str) -> list[tuple[ShipState, str, Modifier]]:
    # a new list, built without a generator's frame: hooks are asked very often, and most
    # often no ship has one
    if hook not in named(game):
        return []
    index = game.cards.index
    # an effect a card set up on another ship may outlive its ship (Modifier.outlives_ship)
    outliving = hook in game.cards.outliving_hooks
    found = []
    for ship in game.state.ships.values():
        if not ship.removed and ship.body is not None:  # _active, inline: asked very often
            for h in index(ship).by_hook.get(hook, ()):
                found.append((ship, h.card, h.ability))
        elif outliving and ship.removed:
            for h in index(ship).by_hook.get(hook, ()):
                if getattr(h.ability, "outlives_ship", False):
                    found.append((ship, h.card, h.ability))
    return found


def own_modifiers(game: Game, ship: ShipState, hook: str, off_table: bool = False
                  ) -> tuple[Held, ...]:
    """The constant abilities of ``hook`` on ``ship``'s own cards (its entries among
    :func:`modifiers`): for hooks that ask about the ship itself. ``off_table``: asked of
    a ship not removed but off the table too (a docked ship: may it deploy?)."""
    active = _active(ship, game) or (off_table and not ship.removed)
    return game.cards.index(ship).by_hook.get(hook, ()) if active else ()


def total(game: Game, hook: str, **facts: Any) -> int:
    """The sum of every ``hook`` modifier's value (None counts as 0)."""
    found = _modifiers(game, hook)
    return sum(ability.value(game, ship, **facts) or 0 for ship, _, ability in found) \
        if found else 0


def any_true(game: Game, hook: str, **facts: Any) -> bool:
    """Whether any ``hook`` modifier answers True."""
    found = _modifiers(game, hook)
    return bool(found) and any(ability.value(game, ship, **facts)
                               for ship, _, ability in found)


# --------------------------------------------------------------------- replacements
def replacements(game: Game, point: str, facts: dict[str, Any]
                 ) -> list[tuple[ShipState, str, Replacement]]:
    """The replacement abilities that could replace the effect at ``point`` now."""
    cards = game.cards
    ships = game.state.ships.values()
    if point not in named(game):
        return []
    found = []
    event = Event.of(point, **facts)
    for ship in ships:
        if not _active(ship):
            continue
        for held in cards.index(ship).by_point.get(point, ()):
            ability = held.ability
            ctx = Ctx(game, ship, held.card, event, ability)
            if ability.cost.can_pay(ctx) and ability.applies(ctx, facts):
                found.append((ship, held.card, ability))
    return found
