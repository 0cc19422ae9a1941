"""Card abilities as small units, registered by card id (RR: ABILITIES, RR: TIMING,
RR: ABILITY QUEUE, RR: REPLACEMENT EFFECTS, RR: PAYING COSTS; architecture principle 6).

The engine asks its registry which abilities a ship has (its pilot card, ship ability,
equipped upgrades on their current side, conditions and faceup damage cards) and offers them
at the right moments. There are six shapes of ability:

- :class:`Triggered` — "At the start of ...", "After you ...", "Before you ...": added to the
  ability queue when its timing window occurs and its requirement holds; resolved in queue
  order; its cost is paid when it resolves (all or none); an optional one is a decision.
- :class:`DiceMod` — a dice modification offered in the Modify Dice steps, built on the
  shared dice abilities of :mod:`tallon.dice` (once per opportunity).
- :class:`Modifier` — a constant ability: the engine asks it for a value at a named hook
  (dice counts, difficulty, whether an action is allowed, ...).
- :class:`Replacement` — "If you would ..., instead ...": offered at the moment the replaced
  effect would happen; only one replacement applies to an effect.
- :class:`CardAction` — an ability with the "Action:" header: a standard action.
- :class:`Weapon` — a special weapon ("Attack:" header): arc, range, value and requirements.

The engine knows cards only through a :class:`CardRegistry` given to each game in its
setup (``GameSetup(..., cards=...)``); the card pool (``tallon.cards``) builds one and its
modules register their cards in it. The engine never imports the card pool. Each ability
has a stable reference, ``"<kind>:<xws>:<side>:<position>"``, by which steps and queue
entries name it (steps hold plain data). The rules' own triggered abilities (the linked
action) are registered in :data:`RULES` under the kind ``rule``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from tallon.engine import vocabulary
from tallon.engine.loadout import ENERGY
from tallon.engine.state import Token

if TYPE_CHECKING:
    from tallon.dice import DiceAbility
    from tallon.engine.decisions import Option, Value
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState, ShipState

KINDS = ("pilot", "ship_ability", "upgrade", "condition", "damage", "remote", "rule")


# ------------------------------------------------------------------------ context
@dataclass(frozen=True)
class Event:
    """What happened: a timing window and its facts (ship ids, action kinds, ...)."""

    window: str
    data: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, window: str, **data: Any) -> Event:
        return cls(window, tuple(sorted(data.items())))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        raise KeyError(f"event {self.window!r} has no {key!r}")


@dataclass(frozen=True)
class Ctx:
    """An ability at work: the game, the ship whose card it is, the card and the event."""

    game: Game
    ship: ShipState
    card: str
    event: Event
    ability: Ability

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def attack(self) -> AttackState | None:
        return self.game.state.attack

    def other(self, ship_id: str) -> ShipState:
        return self.game.state.ships[ship_id]


Requirement = Callable[[Ctx], bool]


def always(ctx: Ctx) -> bool:
    return True


# -------------------------------------------------------------------------- costs
@dataclass(frozen=True)
class Cost:
    """What an ability costs (RR: PAYING COSTS): paid on resolution, all or none.

    ``charges`` are spent from the ability's own card, ``force`` from the ship; ``tokens``
    are spent (removed) from the ship; ``gain`` tokens are gained as the cost.
    """

    charges: int = 0
    force: int = 0
    tokens: tuple[tuple[str, int], ...] = ()
    gain: tuple[tuple[str, int], ...] = ()
    #: energy spent from the ship card (RR: APPENDIX: HUGE SHIPS - ENERGY)
    energy: int = 0

    def can_pay(self, ctx: Ctx) -> bool:
        ship = ctx.ship
        if self.charges and (ctx.card not in ship.charges
                             or ship.charges[ctx.card].active < self.charges):
            return False
        if self.energy and (ENERGY not in ship.charges
                            or ship.charges[ENERGY].active < self.energy):
            return False
        from tallon.engine.effects import spend_forbidden, spendable_force  # the recursion

        if self.force and spendable_force(ctx.game, ship, _attacking(ctx)) < self.force:
            return False
        if not self.tokens:
            return True
        return all(ship.count(Token(t)) >= n and not spend_forbidden(ctx.game, ship, Token(t))
                   for t, n in self.tokens)

    def pay(self, ctx: Ctx) -> None:
        # the rules' recursion: spending and gaining tokens are effects with consequences
        from tallon.engine.effects import gain_token, spend_force, spend_token

        ship = ctx.ship
        if self.charges:
            ship.charges[ctx.card].active -= self.charges
        if self.energy:
            # RR: APPENDIX: HUGE SHIPS - ENERGY: spent from the ship card
            ship.charges[ENERGY].active -= self.energy
            ctx.game.event("energy", f"{ship.name} ({ship.id}) spends {self.energy} energy",
                           ship=ship.id)
        if self.force:
            spend_force(ctx.game, ship, self.force)
        for name, n in self.tokens:
            spend_token(ctx.game, ship, Token(name), n)
        for name, n in self.gain:
            gain_token(ctx.game, ship, Token(name), n, cost=True)

    @property
    def free(self) -> bool:
        return not (self.charges or self.force or self.tokens or self.gain or self.energy)

    def facts(self) -> dict[str, Any]:
        """The cost as public facts for a decision's ``info``: its parts that are not
        nothing (``{"force": 1, "tokens": {"calculate": 1}}``; ``{}`` when free)."""
        found: dict[str, Any] = {}
        for part in ("charges", "force", "energy"):
            if getattr(self, part):
                found[part] = getattr(self, part)
        for part in ("tokens", "gain"):
            if getattr(self, part):
                found[part] = dict(getattr(self, part))
        return found


FREE = Cost()


def _attacking(ctx: Ctx) -> bool:
    """Whether the card's ship is performing an attack now (Force spent "while attacking"),
    its declaration included (a special weapon's cost)."""
    if ctx.event.window == "declare_attack":
        return True
    attack = ctx.game.state.attack
    return attack is not None and attack.attacker == ctx.ship.id


# ---------------------------------------------------------------------- abilities
@dataclass(frozen=True)
class Ability:
    """Base of every ability: ``title`` is Tallon's own short description."""

    title: str


@dataclass(frozen=True)
class Triggered(Ability):
    """Resolved through the ability queue when ``window`` occurs.

    ``requirement`` is checked when the ability would be queued and again when it
    resolves. ``choices`` lists the ways to use it (targets, modes); ``effect(ctx, choice)``
    carries it out, scheduling steps on ``ctx.game`` when it needs more choices. A
    ``player`` function names who decides (default: the ship's owner); ``decision`` is the
    kind of the decision it asks.
    """

    window: str = ""
    effect: Callable[[Ctx, Value], None] = field(default=lambda ctx, choice: None)
    requirement: Requirement = always
    cost: Cost = FREE
    optional: bool = True
    choices: Callable[[Ctx], list[Option]] | None = None
    bonus_attack: bool = False
    player: Callable[[Ctx], int] | None = None
    decision: str = "use_ability"


@dataclass(frozen=True)
class DiceMod(Ability):
    """A dice modification. ``dice`` gives the options (see :mod:`tallon.dice`);
    ``applies(game, attack, owner, user)`` checks the card's conditions for this attack,
    where ``owner`` has the card and ``user`` is the ship modifying dice (the same ship
    unless ``for_others``: the card lets another ship use it, e.g. "a friendly ship at
    range 0-1 may reroll"). ``after(ctx, option)`` carries out what the card does besides
    changing dice, once the option is applied ("... If you do, deal 1 facedown damage
    card")."""

    dice: DiceAbility | None = None
    applies: Callable[[Game, AttackState, ShipState, ShipState], bool] = field(
        default=lambda game, attack, owner, user: owner.id == user.id)
    for_others: bool = False
    after: Callable[[Ctx, Any], None] | None = None


@dataclass(frozen=True)
class Modifier(Ability):
    """A constant ability: ``value(game, owner, **facts)`` at ``hook``. With
    ``outlives_ship`` it keeps answering after its ship is removed from the game: an
    effect the card already set up on another ship ("... until the end of the round")
    lasts its time, which the value checks."""

    hook: str = ""
    value: Callable[..., Any] = field(default=lambda game, owner, **facts: None)
    outlives_ship: bool = False


@dataclass(frozen=True)
class Replacement(Ability):
    """RR: REPLACEMENT EFFECTS - at ``point``, ``applies(ctx, facts)`` says whether it can
    replace the effect; ``replace(ctx, facts, choice)`` carries out the replacement."""

    point: str = ""
    applies: Callable[[Ctx, dict[str, Any]], bool] = field(
        default=lambda ctx, facts: False)
    choices: Callable[[Ctx, dict[str, Any]], list[Option]] | None = None
    replace: Callable[[Ctx, dict[str, Any], Value], None] = field(
        default=lambda ctx, facts, choice: None)
    cost: Cost = FREE
    optional: bool = True


@dataclass(frozen=True)
class CardAction(Ability):
    """An "Action:" header: a standard action of the ship (RR: ACTIONS)."""

    key: str = ""
    effect: Callable[[Ctx, Value], None] = field(default=lambda ctx, choice: None)
    requirement: Requirement = always
    cost: Cost = FREE
    difficulty: str = "white"
    choices: Callable[[Ctx], list[Option]] | None = None


@dataclass(frozen=True)
class Weapon(Ability):
    """A special weapon (RR: SPECIAL WEAPON). The arc, attack value, range and ordnance
    icon come from the card data; ``requires`` is ``"lock"``, ``"focus"`` or
    ``"calculate"`` for the "Attack (lock):", "Attack (focus):" and "Attack (calculate):"
    headers, or a tuple of them when the header offers alternatives ("Attack (calculate
    or lock):"); ``cost`` is paid when the attack is declared."""

    requires: str | tuple[str, ...] | None = None
    cost: Cost = FREE
    extra_requirement: Callable[[Ctx], bool] = always
    #: the card's "BONUS ATTACK:" headers, each its cost (RR: APPENDIX: HUGE SHIPS): the
    #: weapon then attacks only as a huge ship's bonus attack, each header once per round
    bonus: tuple[Cost, ...] = ()


# ------------------------------------------------------------------------ registry
@dataclass(frozen=True)
class CardSpec:
    """A card the engine implements: its abilities by side, and a short description."""

    kind: str
    xws: str
    sides: tuple[tuple[Ability, ...], ...]
    description: str = ""
    marker: str | None = None
    #: a condition or damage card making every player ignore some of its ship's cards
    #: (1e Injured Pilot): ``ignores(ship, kind, card)`` for each entry of ``ship.cards``
    ignores: Callable[[Any, str, str], bool] | None = None

    def abilities(self, side: int = 0) -> tuple[Ability, ...]:
        return self.sides[side] if side < len(self.sides) else ()


class Held(NamedTuple):
    """An ability a ship has now: the card it comes from (a damage card as
    ``"<card>@<serial>"``), the ability, and its stable reference."""

    card: str
    ability: Any
    ref: str


@dataclass(frozen=True)
class AbilityIndex:
    """A ship's abilities, and the same sorted by what the engine looks them up by."""

    all: tuple[Held, ...]
    by_window: dict[str, tuple[Held, ...]]
    by_hook: dict[str, tuple[Held, ...]]
    by_point: dict[str, tuple[Held, ...]]
    #: the dice modifications (with options), in the order of ``all``: every Modify Dice
    #: step asks every ship for them
    dice: tuple[Held, ...] = ()


def ability_ref(kind: str, xws: str, side: int, position: int) -> str:
    return f"{kind}:{xws}:{side}:{position}"


class CardRegistry:
    """The cards a game can play: each card's abilities by kind and xws id.

    Card modules register into one registry (the card pool's); a game is given the
    registry in its setup and asks it for every ship's abilities. A registry made from a
    ``base`` starts with the base's cards: cards registered in it are added to them (a
    card of the base registered again is replaced, for house rules and tests).
    """

    def __init__(self, name: str, base: CardRegistry | None = None) -> None:
        self.name = name
        self.specs: dict[tuple[str, str], CardSpec] = dict(base.specs) if base else {}
        self._abilities: dict[str, Ability] = dict(base._abilities) if base else {}
        self._own: set[tuple[str, str]] = set()  # registered here, not taken from a base
        self._indexes: dict[tuple[Any, ...], AbilityIndex] = {}
        self._windows: dict[str, tuple[Held, ...]] = {}
        self._named: dict[tuple[Any, ...], frozenset[str]] = {}
        self._outliving: frozenset[str] | None = None
        #: a new object each time the registry changes: a ship's remembered abilities hold
        #: the one they were found with
        self._generation = object()

    @property
    def outliving_hooks(self) -> frozenset[str]:
        """The hooks of Modifiers that outlive their ship (``outlives_ship``): only these
        are asked of removed ships."""
        if self._outliving is None:
            self._outliving = frozenset(
                a.hook for a in self._abilities.values()
                if isinstance(a, Modifier) and a.outlives_ship)
        return self._outliving

    def __repr__(self) -> str:
        return f"CardRegistry({self.name!r}, {len(self.specs)} cards)"

    def register(self, kind: str, xws: str, *abilities: Ability, description: str = "",
                 back: tuple[Ability, ...] | None = None, marker: str | None = None,
                 ignores: Callable[[Any, str, str], bool] | None = None) -> CardSpec:
        """Register a card's abilities (``back``: the abilities of a two-sided card's
        other side; ``marker``: the marker a secret condition shares with its siblings;
        ``ignores``: a condition or damage card's "ignore these cards of your ship").
        A card registered with no abilities is one whose ability the engine handles in
        its own rules (or that has none). Unknown windows, hooks and replacement points
        are refused (:mod:`tallon.engine.vocabulary`)."""
        if kind not in KINDS:
            raise ValueError(f"unknown card kind {kind!r}")
        if (kind, xws) in self._own:
            raise ValueError(f"{kind} {xws!r} is registered twice")
        if (kind, xws) in self.specs:
            self.unregister(kind, xws)  # a card of the base, replaced
        sides = (tuple(abilities),) if back is None else (tuple(abilities), tuple(back))
        for held in sides:
            for ability in held:
                check_vocabulary(ability, f"{kind} {xws!r}")
        for side, held in enumerate(sides):
            for position, ability in enumerate(held):
                self._abilities[ability_ref(kind, xws, side, position)] = ability
        spec = CardSpec(kind, xws, sides, description, marker, ignores)
        self.specs[(kind, xws)] = spec
        self._own.add((kind, xws))
        self._changed()
        return spec

    def unregister(self, kind: str, xws: str) -> None:
        """Forget a card (for tests that register a card of their own)."""
        spec = self.specs.pop((kind, xws), None)
        self._own.discard((kind, xws))
        if spec is not None:
            for side, held in enumerate(spec.sides):
                for position in range(len(held)):
                    self._abilities.pop(ability_ref(kind, xws, side, position), None)
        self._changed()

    def _changed(self) -> None:
        self._indexes.clear()
        self._windows.clear()
        self._named.clear()
        self._outliving = None
        self._generation = object()

    @property
    def version(self) -> object:
        """An object that changes whenever a card is registered or forgotten."""
        return self._generation

    def spec(self, kind: str, xws: str) -> CardSpec | None:
        return self.specs.get((kind, xws))

    def implements(self, kind: str, xws: str) -> bool:
        """Whether this registry plays the card's ability."""
        return (kind, xws) in self.specs

    def ability(self, ref: str) -> Ability:
        """The ability a reference names (the rules' own abilities included)."""
        found = self._abilities.get(ref)
        if found is None:
            found = RULES._abilities.get(ref)
            if found is None:
                raise KeyError(f"no ability is registered as {ref!r}")
        return found

    def index(self, ship: ShipState) -> AbilityIndex:
        """The ship's abilities now (cached by its cards, conditions and faceup damage:
        the engine asks at every timing window and hook). The ship remembers the last
        answer while its card, condition and damage tuples are the same objects (they are
        immutable: any change replaces them)."""
        memo = ship._abilities
        if memo is not None and memo[0] is ship.cards and memo[1] is ship.conditions and \
                memo[2] is ship.damage and memo[3] is self._generation:
            return memo[4]  # type: ignore[no-any-return]
        index = self._lookup(ship)
        ship._abilities = (ship.cards, ship.conditions, ship.damage, self._generation, index)
        return index

    def _lookup(self, ship: ShipState) -> AbilityIndex:
        if ship.conditions or ship.damage:
            key: tuple[Any, ...] = (ship.cards, tuple(c.card for c in ship.conditions),
                                    tuple((d.card, d.serial) for d in ship.damage if d.faceup))
        else:
            key = (ship.cards,)  # the usual case, without building generators
        index = self._indexes.get(key)
        if index is None:
            if len(self._indexes) > 50_000:
                self._indexes.clear()
            index = self._indexes[key] = self._build_index(ship)
        return index

    def named(self, key: tuple[tuple[tuple[str, str, int], ...], ...],
              damage: frozenset[str] | None = None) -> frozenset[str]:
        """Every timing window, hook and replacement point an ability of ships holding
        these cards (``key``: each ship's ``cards``) could name: those of any side of the
        cards, and of every condition and damage card (which a ship comes to hold in
        play; ``damage``: only these damage cards, those the game's decks hold). A name
        outside it has no listener: most windows the engine fires have none, and this
        answers that without asking each ship."""
        found = self._named.get((key, damage))
        if found is None:
            if len(self._named) > 10_000:
                self._named.clear()
            held_cards = {card[:2] for cards in key for card in cards}
            specs = [spec for spec in self.specs.values() if spec.kind == "condition" or (
                spec.kind == "damage" and (damage is None or spec.xws in damage))]
            specs.extend(spec for spec in map(self.specs.get, held_cards) if spec)
            found = self._named[(key, damage)] = frozenset(
                _name_of(ability) for spec in specs for held in spec.sides
                for ability in held)
        return found

    def by_window(self, window: str) -> tuple[Held, ...]:
        """Every registered triggered ability of ``window`` (for the rules' own
        abilities, which belong to no ship's cards)."""
        found = self._windows.get(window)
        if found is None:
            found = self._windows[window] = tuple(
                Held(spec.xws, ability, ability_ref(spec.kind, spec.xws, side, position))
                for spec in self.specs.values() for side, held in enumerate(spec.sides)
                for position, ability in enumerate(held)
                if isinstance(ability, Triggered) and ability.window == window)
        return found

    def abilities(self, ship: ShipState) -> tuple[Held, ...]:
        """Every ability the ship has now: pilot, ship ability, upgrades (current side),
        conditions and faceup damage cards."""
        return self.index(ship).all

    def _build_index(self, ship: ShipState) -> AbilityIndex:
        found = tuple(self._held(ship))
        windows: dict[str, list[Held]] = {}
        hooks: dict[str, list[Held]] = {}
        points: dict[str, list[Held]] = {}
        for held in found:
            ability = held.ability
            if isinstance(ability, Triggered):
                windows.setdefault(ability.window, []).append(held)
            elif isinstance(ability, Modifier):
                hooks.setdefault(ability.hook, []).append(held)
            elif isinstance(ability, Replacement):
                points.setdefault(ability.point, []).append(held)
        return AbilityIndex(found, {k: tuple(v) for k, v in windows.items()},
                            {k: tuple(v) for k, v in hooks.items()},
                            {k: tuple(v) for k, v in points.items()},
                            tuple(held for held in found if isinstance(held.ability, DiceMod)
                                  and held.ability.dice is not None))

    def _held(self, ship: ShipState) -> Iterator[Held]:
        ignored = self._ignoring(ship) if ship.conditions or ship.damage else ()
        for kind, xws, side in ship.cards:
            if ignored and any(ignores(ship, kind, xws) for ignores in ignored):
                continue  # every player ignores this card (CardSpec.ignores)
            spec = self.specs.get((kind, xws))
            if spec is not None:
                for position, ability in enumerate(spec.abilities(side)):
                    yield Held(xws, ability, ability_ref(kind, xws, side, position))
        for condition in ship.conditions:
            spec = self.specs.get(("condition", condition.card))
            if spec is not None:
                for position, ability in enumerate(spec.abilities(0)):
                    yield Held(condition.card, ability,
                               ability_ref("condition", condition.card, 0, position))
        # each faceup damage card is its own card, even two of one name (RR: ACTIONS): its
        # abilities name it "<card>@<serial number>"
        for card in ship.damage:
            if card.faceup:
                spec = self.specs.get(("damage", card.card))
                if spec is not None:
                    for position, ability in enumerate(spec.abilities(0)):
                        yield Held(f"{card.card}@{card.serial}", ability,
                                   ability_ref("damage", card.card, 0, position))


    def _ignoring(self, ship: ShipState) -> tuple[Any, ...]:
        """The ``ignores`` of the ship's conditions and faceup damage cards (1e Injured
        Pilot): they depend on the cards alone, as the index does."""
        held = [("condition", c.card) for c in ship.conditions] + [
            ("damage", d.card) for d in ship.damage if d.faceup]
        specs = [self.specs.get(key) for key in held]
        return tuple(spec.ignores for spec in specs if spec is not None and spec.ignores)


def _name_of(ability: Ability) -> str:
    """The window, hook or replacement point an ability is looked up by."""
    if isinstance(ability, Triggered):
        return ability.window
    if isinstance(ability, Modifier):
        return ability.hook
    if isinstance(ability, Replacement):
        return ability.point
    return ""


def check_vocabulary(ability: Ability, where: str) -> None:
    """Refuse an ability naming a timing window, hook, replacement point or decision kind
    the engine does not declare (a misspelt window would never fire)."""
    try:
        if isinstance(ability, Triggered):
            vocabulary.check_window(ability.window)
            vocabulary.check_decision_kind(ability.decision)
        elif isinstance(ability, Modifier):
            vocabulary.check_hook(ability.hook)
        elif isinstance(ability, Replacement):
            vocabulary.check_point(ability.point)
    except ValueError as error:
        raise ValueError(f"{where}, ability {ability.title!r}: {error}") from None


#: The rules' own triggered abilities (RR: LINKED ACTION), kind ``rule``: each concerns the
#: ship named by its window's ``ship`` fact.
RULES = CardRegistry("rules")
