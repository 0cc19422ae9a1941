"""The game state: every fact of a game in progress, as plain mutable data.

The state is deliberately dumb: containers of numbers, strings and immutable geometry
objects, copied by :meth:`GameState.clone` in a few tens of microseconds so that search can
clone thousands of games. The procedures that change it live in the rules modules.
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tallon.dice import DicePool, Die
from tallon.engine.features import Feature
from tallon.engine.token_kinds import GREEN_TOKENS as GREEN_TOKENS
from tallon.engine.token_kinds import ORANGE_TOKENS as ORANGE_TOKENS
from tallon.engine.token_kinds import Token as Token
from tallon.geometry import Arc, BaseSize, Device, Obstacle, Pose, Ship, Table, range_between
from tallon.geometry.constants import EPS, HUGE_BASE_LENGTH, RANGE_BAND_LENGTH
from tallon.geometry.table import HugeShip

if TYPE_CHECKING:
    from tallon.engine.payloads import PlacedDevice


#: The stand-in for a facedown damage card whose card went back into a rebuilt deck
#: (RR: DAMAGE CARDS, "record how many facedown damage cards each ship has").
MARKER = "(marker)"

#: Tokens making a ship ionized / tractored, by size (RR: ION, RR: TRACTOR, RR: SHIP SIZES).
THRESHOLD = {BaseSize.SMALL: 1, BaseSize.MEDIUM: 2, BaseSize.LARGE: 3}
#: RR: APPENDIX: HUGE SHIPS - a huge ship is ionized (tractored) with six tokens or more.
HUGE_THRESHOLD = 6
#: card memory: the ion tokens making the ship ionized, where the ruleset sets it (1e)
ION_THRESHOLD = "rule:ion threshold"


#: The players' numbers wherever a player is named (decisions, owners, the winner, views,
#: logs, the command line); the chance player is :data:`tallon.engine.decisions.CHANCE`.
PLAYERS = (1, 2)


def opponent(player: int) -> int:
    """The other player's number."""
    return 3 - player


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action a ship can perform: its kind, difficulty and the linked action if any."""

    kind: str
    difficulty: str = "white"
    linked: ActionSpec | None = None
    source: str = "ship"

    @property
    def label(self) -> str:
        text = self.kind.replace("_", " ")
        if self.difficulty != "white":
            text = f"{self.difficulty} {text}"
        if self.linked is not None:
            text += f" > {self.linked.label}"
        return text


@dataclass(slots=True)
class Charge:
    """Charges on one card (RR: CHARGES): active count, limit and recurring count
    (negative: negative recurring)."""

    active: int
    limit: int
    recurring: int = 0


@dataclass(frozen=True, slots=True)
class DamageCard:
    """A damage card dealt to a ship: its id, whether it is faceup, and a serial number
    that names this copy for its abilities (two cards of one name are two cards). Frozen:
    flipping a card replaces it (see :attr:`ShipState.damage`)."""

    card: str
    faceup: bool
    serial: int = 0

    @property
    def unseen(self) -> bool:
        """Facedown and standing for a real card (not a rebuilt deck's marker): a card
        nobody has seen."""
        return not self.faceup and self.card != MARKER


@dataclass(frozen=True, slots=True)
class ConditionCard:
    """A condition assigned to a ship (RR: CONDITION CARDS): who assigned it, and whether
    it is faceup (a secret condition is facedown until its effect resolves). Frozen:
    revealing one replaces it."""

    card: str
    assigned_by: int
    faceup: bool = True


@dataclass(slots=True)
class ShipState:
    """One ship: the card facts it was built with and everything that changes in play.

    A remote (RR: REMOTES) is kept as a ShipState too, with ``remote`` set: it is attacked
    and damaged as a ship is, but it is not a ship. It has no dial, actions or weapons, can
    be assigned no tokens but locks, and its body is a device on the table (``outline`` is
    its token's outline id), which ships move through and overlap without bumping. Code
    looking for ships must leave remotes out: :meth:`GameState.ships_of` and
    :meth:`GameState.in_play` list ships only, :meth:`GameState.remotes_of` the remotes;
    ``GameState.ships`` holds both, for the rules that treat them alike (initiative order,
    abilities, attacking, damage).

    What decides the ship's abilities - ``cards``, ``conditions`` and ``damage`` - is kept
    in tuples of frozen records: a change replaces the tuple, so a clone shares them and
    the ability lookup can remember its answer for as long as they are the same objects.
    """

    id: str
    owner: int
    pilot: str
    name: str
    ship_type: str
    size: BaseSize
    initiative: int
    cost: int
    dial: tuple[str, ...]
    attacks: tuple[tuple[str, int], ...]
    agility: int
    hull: int
    shield_limit: int
    actions: tuple[ActionSpec, ...]
    upgrades: tuple[str, ...] = ()
    cards: tuple[tuple[str, str, int], ...] = ()
    conditions: tuple[ConditionCard, ...] = ()
    body: Ship | Device | None = None
    shields: int = 0
    #: a huge ship's recurring shields and engagement value (RR: APPENDIX: HUGE SHIPS)
    shield_recurring: int = 0
    engagement: int | None = None
    force: int = 0
    force_limit: int = 0
    force_recurring: int = 0
    charges: dict[str, Charge] = field(default_factory=dict)
    tokens: dict[Token, int] = field(default_factory=dict)
    locks: list[str] = field(default_factory=list)
    damage: tuple[DamageCard, ...] = ()
    turret: tuple[Arc, ...] = ()
    turret_double: bool = False
    turret2: tuple[Arc, ...] = ()  # a huge ship's second indicator (RR: APPENDIX: HUGE SHIPS)
    turret2_cards: tuple[str, ...] = ()  # the upgrades whose weapons use it
    docked: tuple[str, ...] = ()
    remote: bool = False
    outline: str = ""
    contacts: tuple[str, ...] = ()
    destroyed: bool = False
    removed: bool = False
    # per round
    dial_set: str | None = None
    dial_revealed: bool = False
    #: whether the ship was stressed when its dial was set (it then could not set a red
    #: maneuver: what an opponent knows of a facedown dial)
    dial_stressed: bool = False
    activated: bool = False
    engaged: bool = False
    actions_done: set[str] = field(default_factory=set)
    skip_action: bool = False
    actions_blocked: bool = False
    action_failed: bool = False
    #: the colour effects treat the action being performed as (RR: ACTIONS: "treat as")
    action_colour: str | None = None
    #: obstacles whose effects the ship ignores: (obstacle id or "*" for all, round, phase
    #: or "*" for the whole round) (RR: OBSTACLES; RR: FAQ, "ignores obstacles")
    obstacles_ignored: tuple[tuple[str, int, str], ...] = ()
    system_done: bool = False
    tractored_this_round: bool = False
    executed_speed: int | None = None
    #: difficulty steps "before you execute" abilities apply to the maneuver about to be
    #: executed (-1 easier, +1 harder); cleared once that maneuver is settled
    execute_difficulty: int = 0
    attacked: bool = False
    bonus_attack_done: bool = False
    #: the initiative a card makes the ship treat as its own until the end of the round
    #: (the most recent such effect replaces the previous one: RR: INITIATIVE)
    round_initiative: int | None = None
    # (round, phase) of the ship's last attack: "if you did not attack this phase"
    last_attack: tuple[int, str] | None = None
    #: (round, phase) in which the ship last dropped or launched a device: it can't place
    #: another in that System Phase, nor decloak (RR: DEVICE)
    device_placed: tuple[int, str] | None = None
    #: what the ship's cards remember, (key ``"<card>:<what>"``, value) pairs: tokens on a
    #: card, an effect lasting the round; replaced as a whole (clones share it)
    card_memory: tuple[tuple[str, Any], ...] = ()
    #: the card registry's last answer about the ship's abilities, with the cards,
    #: conditions and damage it was for (a cache: not part of the game's facts)
    _abilities: Any = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ copying
    def clone(self) -> ShipState:
        copy = ShipState.__new__(ShipState)
        for name in _SHIP_SCALARS:
            setattr(copy, name, getattr(self, name))
        copy.charges = {k: Charge(c.active, c.limit, c.recurring)
                        for k, c in self.charges.items()}
        copy.tokens = dict(self.tokens)
        copy.locks = list(self.locks)
        copy.actions_done = set(self.actions_done)
        return copy

    # ---------------------------------------------------------------- questions
    @property
    def in_play(self) -> bool:
        """On the table (placed, not removed)."""
        return self.body is not None and not self.removed

    @property
    def pose(self) -> Pose:
        assert self.body is not None, f"{self.id} is not on the table"
        return self.body.pose

    def count(self, token: Token) -> int:
        return self.tokens.get(token, 0)

    def has(self, token: Token) -> bool:
        return self.tokens.get(token, 0) > 0

    def recalled(self, key: str, default: Any = None) -> Any:
        """What the card memory holds under ``key``."""
        return next((value for held, value in self.card_memory if held == key), default)

    def remember(self, key: str, value: Any) -> None:
        """Keep ``value`` (plain data) under ``key`` in the card memory; None forgets it."""
        kept = tuple(item for item in self.card_memory if item[0] != key)
        self.card_memory = kept if value is None else (*kept, (key, value))

    @property
    def current_initiative(self) -> int:
        """The initiative the ship acts at now: its own, unless a card changed it."""
        return self.initiative if self.round_initiative is None else self.round_initiative

    @property
    def stressed(self) -> bool:
        return self.has(Token.STRESS)

    @property
    def huge(self) -> bool:
        """A huge ship (RR: APPENDIX: HUGE SHIPS): its base, moves and rules differ."""
        return self.ship_type in HUGE_BASE_LENGTH

    @property
    def ionized(self) -> bool:
        ions = self.tokens.get(Token.ION, 0)  # the card memory is read only with ion tokens
        limit = ions and self.card_memory and self.recalled(ION_THRESHOLD)  # a ruleset's (1e: 1)
        return ions >= (limit or (HUGE_THRESHOLD if self.huge else THRESHOLD[self.size]))

    @property
    def tractored(self) -> bool:
        return self.count(Token.TRACTOR) >= (
            HUGE_THRESHOLD if self.huge else THRESHOLD[self.size])

    @property
    def cloaked(self) -> bool:
        return self.has(Token.CLOAK)

    @property
    def disarmed(self) -> bool:
        return self.has(Token.DISARM) or self.cloaked

    @property
    def damage_count(self) -> int:
        return len(self.damage)

    @property
    def hull_remaining(self) -> int:
        return self.hull - len(self.damage)


_SHIP_SCALARS = tuple(
    name for name in ShipState.__slots__  # type: ignore[attr-defined]
    if name not in ("charges", "tokens", "locks", "actions_done")
)


# ---------------------------------------------------------------------- attacks
#: The standard arcs of each printed primary arc (turrets point where their indicator is).
ARCS = {"front": (Arc.FRONT,), "rear": (Arc.REAR,), "full_front": (Arc.FULL_FRONT,),
        "full_rear": (Arc.FULL_REAR,), "bullseye": (Arc.BULLSEYE,), "left": (Arc.LEFT,),
        "right": (Arc.RIGHT,), "all": (Arc.FULL_FRONT, Arc.FULL_REAR)}  # all: a 1e turret


@dataclass(frozen=True)
class WeaponSpec:
    """A weapon a ship can attack with: its primary weapon (one per printed arc) or a
    special weapon from an upgrade card, whose ``Weapon`` ability ``ref`` names (RR: PRIMARY WEAPON,
    RR: SPECIAL WEAPON)."""

    id: str
    name: str
    primary: bool
    arc: str
    value: int
    min_range: int
    max_range: int
    ordnance: bool = False
    card: str | None = None
    ref: str | None = None

    def arcs(self, ship: ShipState) -> tuple[Arc, ...]:
        """The standard arcs the weapon may attack into now (turrets: where they point)."""
        if self.arc in ("single_turret", "double_turret"):
            return ship.turret2 if self.card in ship.turret2_cards else ship.turret
        return ARCS[self.arc]


@dataclass(slots=True)
class AttackState:
    """An attack in progress (RR: ATTACK; kept in the game state, so it is cloned and
    saved with it)."""

    attacker: str
    defender: str
    weapon: WeaponSpec
    arc: Arc
    range: int
    obstructed: bool
    bonus: bool = False
    attack_dice: DicePool | None = None
    defense_dice: DicePool | None = None
    used: set[str] = field(default_factory=set)
    marks: dict[str, int] = field(default_factory=dict)
    step: str = "declare"
    hit: bool = False
    hits: int = 0
    crits: int = 0
    extra_attack_dice: int = 0
    extra_defense_dice: int = 0
    destroyed: list[str] = field(default_factory=list)
    #: a card skipped the Attack Dice and Defense Dice steps; the attack is treated as
    #: hitting with no results (Homing Missiles and Torpedoes)
    dice_skipped: bool = False

    def clone(self) -> AttackState:
        return AttackState(
            self.attacker, self.defender, self.weapon, self.arc, self.range,
            self.obstructed, self.bonus, _clone_pool(self.attack_dice),
            _clone_pool(self.defense_dice), set(self.used), dict(self.marks), self.step,
            self.hit, self.hits, self.crits, self.extra_attack_dice, self.extra_defense_dice,
            destroyed=list(self.destroyed), dice_skipped=self.dice_skipped)

    @property
    def primary(self) -> bool:
        return self.weapon.primary

    def pool(self, kind: str) -> DicePool | None:
        """The ``"attack"`` or ``"defense"`` dice."""
        return self.attack_dice if kind == "attack" else self.defense_dice


def _clone_pool(pool: DicePool | None) -> DicePool | None:
    if pool is None:
        return None
    return DicePool(pool.kind, [Die(d.kind, d.face, d.rerolled, d.added) for d in pool])


@dataclass(slots=True)
class PlayerState:
    """A player: their number (1 or 2, :data:`PLAYERS`), squad's name and faction, damage
    deck and mission points."""

    number: int
    faction: str
    squad_name: str
    squad_points: int
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    mission_points: int = 0
    obstacles: tuple[str, ...] = ()

    def clone(self) -> PlayerState:
        return PlayerState(self.number, self.faction, self.squad_name, self.squad_points,
                           list(self.deck), list(self.discard), self.mission_points,
                           self.obstacles)


@dataclass(slots=True)
class GameState:
    """Everything about a game in progress."""

    players: list[PlayerState]
    ships: dict[str, ShipState]
    rng: random.Random
    obstacles: list[Obstacle] = field(default_factory=list)
    #: fuse markers on objects, by object id (RR: FUSE MARKER)
    fuses: dict[str, int] = field(default_factory=dict)
    #: how many obstacles cards have placed so far (names the next one)
    obstacles_placed: int = 0
    round: int = 0
    phase: str = "setup"
    first_player: int = 1
    last_round: int = 12
    over: bool = False
    #: the player who won (1 or 2); None while the game goes on and after a draw (:attr:`draw`)
    winner: int | None = None
    end_reason: str = ""
    attacks: list[AttackState] = field(default_factory=list)
    _table: Table | None = None
    serial: int = 0
    #: (the ships' cards, card registry version, names): :func:`tallon.engine.queue.named`
    _named: tuple[tuple[Any, ...], object, frozenset[str]] | None = None
    #: bombs and mines in play in the order placed (RR: DEVICE); how many were ever placed
    devices: list[PlacedDevice] = field(default_factory=list)
    devices_placed: int = 0
    #: who controls each obstacle a ship placed, by obstacle id: kept only while a card
    #: asks (hook device_controllers), so other games keep their state hashes
    obstacle_owners: dict[str, int] = field(default_factory=dict)
    #: the scenario played (tallon.engine.scenarios), its features, and what it (and the
    #: environment card) remembers
    scenario: str | None = None
    features: list[Feature] = field(default_factory=list)
    scenario_marks: dict[str, int] = field(default_factory=dict)
    #: the environment card dealt (tallon.engine.environments), if any
    environment: str | None = None

    def clone(self) -> GameState:
        if type(self.rng) is random.Random:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        else:
            rng = copy.copy(self.rng)  # a scene's loaded dice keep their script
        return GameState(
            [p.clone() for p in self.players],
            {k: s.clone() for k, s in self.ships.items()},
            rng,
            list(self.obstacles), dict(self.fuses), self.obstacles_placed,
            self.round, self.phase, self.first_player, self.last_round, self.over,
            self.winner, self.end_reason, [a.clone() for a in self.attacks], self._table,
            self.serial, self._named, list(self.devices), self.devices_placed,
            dict(self.obstacle_owners), self.scenario, list(self.features),
            dict(self.scenario_marks), self.environment,
        )

    @property
    def attack(self) -> AttackState | None:
        """The attack in progress (the innermost, during a bonus attack), or None."""
        return self.attacks[-1] if self.attacks else None

    # --------------------------------------------------------------- questions
    def player(self, number: int) -> PlayerState:
        """Player ``number`` (1 or 2)."""
        if number not in PLAYERS:
            raise ValueError(f"players are numbered 1 and 2, not {number!r}")
        return self.players[number - 1]

    @property
    def draw(self) -> bool:
        """True when the game is over and no one won."""
        return self.over and self.winner is None

    @property
    def mission_points(self) -> dict[int, int]:
        """Each player's mission points, by player number: ``{1: 0, 2: 3}``."""
        return {p.number: p.mission_points for p in self.players}

    def player_order(self) -> tuple[int, int]:
        """Players in player order (RR: PLAYER ORDER)."""
        return (self.first_player, opponent(self.first_player))

    def ships_of(self, player: int | None = None) -> list[ShipState]:
        """The player's ships, or both players' (``None``), in play or not; remotes are
        not ships."""
        return [s for s in self.ships.values()
                if not s.remote and (player is None or s.owner == player)]

    def remotes_of(self, player: int | None = None) -> list[ShipState]:
        """The player's remotes, or both players' (``None``), in play or not."""
        return [s for s in self.ships.values()
                if s.remote and (player is None or s.owner == player)]

    def in_play(self) -> list[ShipState]:
        """The ships in play (remotes are not ships)."""
        return [s for s in self.ships.values() if s.in_play and not s.remote]

    def table(self) -> Table:
        """The geometry of the table now (cached until something moves); remotes are
        devices on it."""
        if self._table is None:
            units = [s.body for s in self.ships.values() if s.in_play and s.body]
            self._table = Table(
                ships=tuple(b for b in units if isinstance(b, Ship)),
                obstacles=tuple(self.obstacles),
                devices=(*(b for b in units if isinstance(b, Device)),
                         *(d.body for d in self.devices)),
            )
        return self._table

    def moved(self) -> None:
        """Forget the cached table after any ship or obstacle changed."""
        self._table = None

    def set_pose(self, ship: ShipState, pose: Pose) -> None:
        ship.body = Device(ship.id, pose, ship.outline) if ship.remote else \
            HugeShip.of_type(ship.id, pose, ship.ship_type) if ship.huge else \
            Ship(ship.id, pose, ship.size)
        self._table = None
        if ship.contacts:
            # a ship that moves leaves the contacts bumps made (RR: RANGE)
            for other in ship.contacts:
                mate = self.ships[other]
                mate.contacts = tuple(c for c in mate.contacts if c != ship.id)
            ship.contacts = ()

    def add_contact(self, a: str, b: str) -> None:
        """RR: RANGE - after a partial maneuver a ship is at range 0 of the ship it
        overlapped, until one of them moves."""
        for one, other in ((a, b), (b, a)):
            ship = self.ships[one]
            if other not in ship.contacts:
                ship.contacts = (*ship.contacts, other)

    def range(self, ship: ShipState, other: Any) -> int:
        """The range from ``ship`` to another ship (a ShipState) or object (RR: RANGE),
        counting bump contacts as range 0."""
        return ship_range(ship, other)

    def range_up_to(self, ship: ShipState, other: Any, high: int) -> int | None:
        """The range from ``ship`` to ``other`` (as :meth:`range`) when it is ``high`` or
        less, else None: objects whose bounding circles are farther apart than range
        ``high`` are rejected without measuring (target lists ask this of every object)."""
        return range_up_to(ship, other, high)

    def in_range(self, ship: ShipState, other: Any, low: int, high: int) -> bool:
        """Whether ``other`` (as :meth:`range`) is at range ``low``-``high`` of ``ship``; the
        bounding circles settle most objects (surely too far or near enough) unmeasured."""
        return in_range(ship, other, low, high)


def in_range(ship: ShipState, other: Any, low: int, high: int) -> bool:
    """See :meth:`GameState.in_range`."""
    if isinstance(other, ShipState):
        if other.id in ship.contacts:
            return low == 0
        body = other.body
    else:
        body = other
    mine = ship.body
    assert mine is not None and body is not None
    ax, ay, ar = mine.circle
    bx, by, br = body.circle
    centres = math.hypot(ax - bx, ay - by)
    # range n is a distance d with (n - 1) * band < d - EPS <= n * band
    limit = high * RANGE_BAND_LENGTH + EPS
    if centres - ar - br > limit:
        return False
    # a ship's centre lies on its base: the closest points are no farther apart than it
    farthest = centres + (0.0 if type(mine) is Ship else ar) + (
        0.0 if type(body) is Ship else br)
    if farthest <= limit and (low == 0 or
                              centres - ar - br > (low - 1) * RANGE_BAND_LENGTH + EPS):
        return True
    return low <= range_between(mine, body) <= high


def range_up_to(ship: ShipState, other: Any, high: int) -> int | None:
    """See :meth:`GameState.range_up_to`."""
    body = other.body if isinstance(other, ShipState) else other
    assert ship.body is not None and body is not None
    if not ship.body.near(body, high * RANGE_BAND_LENGTH + EPS) and not (
            isinstance(other, ShipState) and other.id in ship.contacts):
        return None
    found = ship_range(ship, other)
    return found if found <= high else None


def ship_range(ship: ShipState, other: Any) -> int:
    """The range from ``ship`` to another ship or object, counting bump contacts as range 0
    (RR: RANGE: after a partial maneuver the ships are at range 0)."""
    if isinstance(other, ShipState):
        if other.id in ship.contacts:
            return 0
        other = other.body
    assert ship.body is not None and other is not None
    return range_between(ship.body, other)


def touching(a: Any, b: Any) -> bool:
    """Whether two table objects are at range 0 (touching or overlapping), rejecting far
    apart ones by their bounding circles first (the engine asks this about every obstacle
    before every attack and lock)."""
    ax, ay, ar = a.circle
    bx, by, br = b.circle
    if math.hypot(ax - bx, ay - by) - ar - br > EPS:
        return False
    return range_between(a, b) == 0
