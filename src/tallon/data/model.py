"""The typed card model: frozen dataclasses holding the facts of every card.

Only facts are kept (names, ids, numbers, dials, slots, costs, legality flags,
restrictions). Card ability texts are deliberately absent; ``has_ability`` records only
whether the printed card carries one, so that tools can say whether the engine
implements it.

Field types are limited to what the generic reader in :mod:`tallon.data.codec`
understands: ``str``, ``int``, ``bool``, ``Literal`` vocabularies, nested dataclasses,
``tuple[X, ...]`` and ``X | None``. A field with a default may be left out of a data
file.
"""

from __future__ import annotations

from dataclasses import dataclass

from tallon.data.vocab import (
    ActionType,
    Arc,
    CostVariable,
    DamageType,
    DeviceType,
    Difficulty,
    FactionId,
    ForceSide,
    Size,
    Slot,
    StatName,
)


@dataclass(frozen=True, slots=True)
class Action:
    """An action on an action bar, with the action linked to it if any.

    ``linked`` is the action that may be performed after this one (RR: LINKED ACTION);
    it has its own difficulty.
    """

    type: ActionType
    difficulty: Difficulty = "white"
    linked: Action | None = None


@dataclass(frozen=True, slots=True)
class PrimaryAttack:
    """A primary weapon: the arc it fires from and its attack value."""

    arc: Arc
    value: int


@dataclass(frozen=True, slots=True)
class Charges:
    """Standard charges (RR: CHARGES).

    ``recovers`` is the recurring count: positive recovers that many at the end of each
    round, negative loses that many (RR: NEGATIVE RECURRING CHARGES), zero never recovers.
    """

    value: int
    recovers: int = 0

    @property
    def recurring(self) -> bool:
        return self.recovers > 0

    @property
    def negative_recurring(self) -> bool:
        return self.recovers < 0


@dataclass(frozen=True, slots=True)
class Force:
    """Force charges (RR: FORCE CHARGE): the value, the recurring count, and the side."""

    value: int
    recovers: int = 0
    sides: tuple[ForceSide, ...] = ()


@dataclass(frozen=True, slots=True)
class Stats:
    """A ship's printed combat values: primary attacks, agility, hull, shields, energy.

    Huge ships recover shields and energy (``shield_recovers``, ``energy_recovers``);
    ``energy`` is ``None`` for ships without an energy value.
    """

    attacks: tuple[PrimaryAttack, ...]
    agility: int
    hull: int
    shields: int = 0
    shield_recovers: int = 0
    energy: int | None = None
    energy_recovers: int = 0


@dataclass(frozen=True, slots=True)
class Faction:
    """One of the seven factions: its xws id and its printed name."""

    xws: FactionId
    name: str


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship type as fielded by one faction.

    The same ship type (same ``xws``) can exist for several factions with identical
    facts; each faction's copy is its own :class:`Ship` so that ``faction`` is exact.
    ``dial`` keeps the source's codes, e.g. ``"2NW"``: speed, bearing letter, difficulty
    letter (see :data:`tallon.data.vocab.BEARINGS`). ``ship_abilities`` lists the ship
    ability names printed on this ship's pilot cards; the pilot's own
    :attr:`Pilot.ship_ability` is the one that applies to it.
    """

    xws: str
    name: str
    faction: FactionId
    size: Size
    dial: tuple[str, ...]
    attacks: tuple[PrimaryAttack, ...]
    agility: int
    hull: int
    actions: tuple[Action, ...]
    shields: int = 0
    shield_recovers: int = 0
    energy: int | None = None
    energy_recovers: int = 0
    ship_abilities: tuple[str, ...] = ()

    @property
    def stats(self) -> Stats:
        return Stats(
            attacks=self.attacks,
            agility=self.agility,
            hull=self.hull,
            shields=self.shields,
            shield_recovers=self.shield_recovers,
            energy=self.energy,
            energy_recovers=self.energy_recovers,
        )


@dataclass(frozen=True, slots=True)
class Pilot:
    """A pilot (ship) card.

    ``cost`` is in squad points and ``loadout`` is the loadout value (``None`` for a
    standard-loadout pilot, which carries exactly ``standard_loadout``). The stat and
    action fields ``attacks``, ``agility``, ``hull``, ``shields`` and ``actions`` are
    ``None`` unless this pilot's card prints values different from its ship's; use
    :meth:`tallon.data.CardDatabase.stats_of` for the values that apply.
    """

    xws: str
    name: str
    ship: str
    faction: FactionId
    initiative: int
    limited: int
    cost: int
    standard: bool
    extended: bool
    epic: bool
    loadout: int | None = None
    slots: tuple[Slot, ...] = ()
    keywords: tuple[str, ...] = ()
    caption: str | None = None
    charges: Charges | None = None
    force: Force | None = None
    ship_ability: str | None = None
    attacks: tuple[PrimaryAttack, ...] | None = None
    agility: int | None = None
    hull: int | None = None
    shields: int | None = None
    actions: tuple[Action, ...] | None = None
    standard_loadout: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    engagement: int | None = None
    has_ability: bool = False

    @property
    def is_standard_loadout(self) -> bool:
        return bool(self.standard_loadout)


@dataclass(frozen=True, slots=True)
class CostStep:
    """One row of a variable cost table: the ship's value (``key``) and the cost."""

    key: str
    cost: int


@dataclass(frozen=True, slots=True)
class UpgradeCost:
    """An upgrade's loadout-point cost.

    Fixed: ``value`` is set. Variable: ``variable`` names what the cost depends on
    (``"size"``, ``"agility"`` or ``"initiative"``) and ``table`` maps each value of it to
    a cost. Neither set: the card prints no usable cost (the source writes ``"?"``).
    """

    value: int | None = None
    variable: CostVariable | None = None
    table: tuple[CostStep, ...] = ()

    @property
    def is_variable(self) -> bool:
        return self.variable is not None

    @property
    def is_priced(self) -> bool:
        return self.value is not None or self.variable is not None

    def for_ship(self, *, size: str, agility: int, initiative: int) -> int | None:
        """The cost on a ship with these printed values, or ``None`` if not priced for it.

        Per the FAQ (List Building), variable costs use the ship's printed values, not
        values changed by other upgrades.
        """
        if self.value is not None:
            return self.value
        if self.variable is None:
            return None
        key = {"size": size, "agility": str(agility), "initiative": str(initiative)}[
            self.variable
        ]
        for step in self.table:
            if step.key == key:
                return step.cost
        return None


@dataclass(frozen=True, slots=True)
class SpecialAttack:
    """An attack printed on an upgrade or remote (RR: SPECIAL WEAPON)."""

    arc: Arc
    value: int
    min_range: int
    max_range: int
    ordnance: bool = False


@dataclass(frozen=True, slots=True)
class SlotGrant:
    """An upgrade slot added (positive ``amount``) or removed (negative) by an upgrade."""

    slot: Slot
    amount: int


@dataclass(frozen=True, slots=True)
class StatGrant:
    """A change to a ship value made by an upgrade; ``arc`` is set for attack changes."""

    stat: StatName
    amount: int
    arc: Arc | None = None


@dataclass(frozen=True, slots=True)
class ForceGrant:
    """Force charges added by an upgrade, and the Force side they belong to."""

    amount: int
    sides: tuple[ForceSide, ...] = ()


@dataclass(frozen=True, slots=True)
class Grants:
    """What equipping an upgrade side adds to the ship."""

    actions: tuple[Action, ...] = ()
    slots: tuple[SlotGrant, ...] = ()
    stats: tuple[StatGrant, ...] = ()
    arcs: tuple[Arc, ...] = ()
    force: tuple[ForceGrant, ...] = ()


@dataclass(frozen=True, slots=True)
class Device:
    """A device an upgrade places (bomb, mine, obstacle or remote) and its values."""

    name: str
    type: DeviceType
    initiative: int | None = None
    charges: Charges | None = None
    attack: SpecialAttack | None = None
    agility: int | None = None
    hull: int | None = None


@dataclass(frozen=True, slots=True)
class UpgradeSide:
    """One side of an upgrade card.

    ``slots`` are the upgrade slots it occupies (two entries for a dual-slot card);
    ``actions`` is the action bar printed on the card.
    """

    title: str
    type: Slot
    slots: tuple[Slot, ...]
    attack: SpecialAttack | None = None
    charges: Charges | None = None
    force: Force | None = None
    grants: Grants = Grants()
    device: Device | None = None
    conditions: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    ship_ability: str | None = None
    has_ability: bool = False


@dataclass(frozen=True, slots=True)
class ActionRequirement:
    """An action a ship must have on its action bar; any difficulty when ``None``."""

    type: ActionType
    difficulty: Difficulty | None = None


@dataclass(frozen=True, slots=True)
class RestrictionGroup:
    """One entry of an upgrade's restriction box.

    A ship satisfies the group when it matches ANY of the listed alternatives (for
    example "Scum or Darth Vader"); an upgrade's groups must ALL be satisfied.
    """

    factions: tuple[FactionId, ...] = ()
    ships: tuple[str, ...] = ()
    sizes: tuple[Size, ...] = ()
    keywords: tuple[str, ...] = ()
    arcs: tuple[Arc, ...] = ()
    force_sides: tuple[ForceSide, ...] = ()
    equipped: tuple[Slot, ...] = ()
    names: tuple[str, ...] = ()
    ship_abilities: tuple[str, ...] = ()
    action: ActionRequirement | None = None


@dataclass(frozen=True, slots=True)
class Upgrade:
    """An upgrade card.

    ``slot`` is its XWS slot key (the key it is listed under in an XWS file). The front
    side (``sides[0]``) decides the slots used while squad building. ``standardized``,
    ``solitary`` and ``non_limited`` are the squad-level restriction markers (RR: STANDARDIZED,
    RR: SOLITARY); ``cost`` is ``None`` for cards that exist only as part of a standard loadout.
    """

    xws: str
    name: str
    slot: Slot
    limited: int
    sides: tuple[UpgradeSide, ...]
    standard: bool
    extended: bool
    epic: bool
    cost: UpgradeCost | None = None
    restrictions: tuple[RestrictionGroup, ...] = ()
    standardized: bool = False
    solitary: bool = False
    non_limited: bool = False
    standard_loadout_only: bool = False

    @property
    def front(self) -> UpgradeSide:
        return self.sides[0]

    @property
    def slots(self) -> tuple[str, ...]:
        """The slots this card occupies when equipped (its front side's)."""
        return self.sides[0].slots

    @property
    def has_ability(self) -> bool:
        return any(side.has_ability for side in self.sides)


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition card (RR: CONDITION CARDS)."""

    xws: str
    name: str
    limited: int
    has_ability: bool = False


@dataclass(frozen=True, slots=True)
class DamageCard:
    """One kind of damage card: ``count`` copies of it are in the deck."""

    id: str
    number: int
    title: str
    type: DamageType
    count: int


@dataclass(frozen=True, slots=True)
class DamageDeck:
    """A damage deck: its kinds of card, in the source's order."""

    name: str
    cards: tuple[DamageCard, ...]

    @property
    def size(self) -> int:
        return sum(card.count for card in self.cards)

    def expanded(self) -> tuple[DamageCard, ...]:
        """Every physical card of the deck, in a fixed order (before shuffling)."""
        return tuple(card for card in self.cards for _ in range(card.count))


@dataclass(frozen=True, slots=True)
class QuickBuildUpgrade:
    """An upgrade of a quick build: its XWS slot key and upgrade id."""

    slot: Slot
    upgrade: str


@dataclass(frozen=True, slots=True)
class QuickBuildPilot:
    """A ship of a quick build: the pilot id and its upgrades."""

    pilot: str
    upgrades: tuple[QuickBuildUpgrade, ...] = ()


@dataclass(frozen=True, slots=True)
class QuickBuild:
    """A quick build: a ready-made group of pilots and upgrades with a threat level.

    The source gives quick builds no ids; ``id`` is ``<faction>-<number>`` in source order.
    """

    id: str
    faction: FactionId
    threat: int
    pilots: tuple[QuickBuildPilot, ...]


@dataclass(frozen=True, slots=True)
class SourceInfo:
    """Where the generated data came from: the source database, version and commit."""

    database: str
    version: str
    commit: str


Card = Pilot | Upgrade | Ship | Condition
