"""The interface every dice ability implements, for live games and the calculator alike.

A ``DiceAbility`` is anything that changes an attack's dice: the rules' own
token effects (focus, lock, ...) and card abilities (Predator, Juke, ...).
It answers questions about a ``Situation`` — never about ships or positions:
conditions such as "the defender is in your bullseye arc" are the caller's to
check; an ability is handed to the calculator or the engine only when its
conditions hold for this attack.

An ability may take part in several places of the attack:

* ``window`` and ``options``: dice modification (RR: ATTACK steps 2b/3b) or canceling
  before the Neutralize Results step;
* ``attack_dice_bonus`` / ``defense_dice_bonus``: dice rolled (RR: ATTACK steps 2a/3a);
* ``after_modify_attack``: a fixed change after the Modify Attack Dice step;
* ``crits_canceled_first`` / ``evades_cancel_crits``: neutralizing rules;
* ``declare_cost`` / ``defense_dice_limit``: a choice made when the attack is declared and
  what it does to the defense dice (Predictive Shot);
* ``preventions``: damage prevented before it is suffered (Iden Versio);
* ``after_attack``: resource changes once the damage is known.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import Enum
from typing import NamedTuple

from tallon.dice.counts import Counts
from tallon.dice.faces import DieKind, Face
from tallon.dice.ops import Op, Option, apply_to_counts


class Role(Enum):
    """The part a ship plays in an attack."""

    ATTACKER = "attacker"
    DEFENDER = "defender"

    # Members are singletons: identity hashing is correct and much faster than
    # Enum's default, which matters in the calculator's caches.
    __hash__ = object.__hash__

    @property
    def other(self) -> Role:
        return Role.DEFENDER if self is Role.ATTACKER else Role.ATTACKER

    @property
    def own_dice(self) -> DieKind:
        """The kind of dice this role rolls."""
        return DieKind.ATTACK if self is Role.ATTACKER else DieKind.DEFENSE


BOTH_ROLES = frozenset(Role)
ATTACKING = frozenset({Role.ATTACKER})
DEFENDING = frozenset({Role.DEFENDER})


class Window(Enum):
    """When during the attack an ability acts on dice."""

    OWN_DICE = "own dice"
    """Modify the owner's own dice (attacker: step 2b after the defender; defender: step 3b)."""
    OPPONENT_DICE = "opponent dice"
    """Modify the opponent's dice (defender: step 2b first; attacker: step 3b first)."""
    BEFORE_NEUTRALIZE = "before neutralize"
    """Cancel the opponent's results after both Modify steps, before Neutralize Results."""

    __hash__ = object.__hash__


class Tokens(Mapping[str, int]):
    """An immutable count of a ship's resources: tokens, Force, charges and marks.

    Names not present count as 0. The calculator shares one name layout for all
    states of an attack; a live game builds one from the ship's state.
    """

    __slots__ = ("_given", "_hash", "_index", "_values")

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        items = sorted((counts or {}).items())
        for name, value in items:
            if value < 0:
                raise ValueError(f"{name} cannot be negative ({value})")
        self._index = {name: i for i, (name, _) in enumerate(items)}
        self._values = tuple(value for _, value in items)
        self._hash: int | None = None
        self._given: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def from_layout(cls, index: Mapping[str, int], values: tuple[int, ...]) -> Tokens:
        """Wrap a values tuple whose positions are given by ``index`` (no copying)."""
        tokens = cls.__new__(cls)
        tokens._index = index
        tokens._values = values
        tokens._hash = tokens._given = None
        return tokens

    def __getitem__(self, name: str) -> int:
        i = self._index.get(name)
        return 0 if i is None else self._values[i]

    def __contains__(self, name: object) -> bool:
        # Mapping's default relies on KeyError, which __getitem__ never raises.
        return name in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={self[k]}" for k in self if self[k])
        return f"Tokens({shown})"

    def items_given(self) -> tuple[tuple[str, int], ...]:
        """Every (name, count) as given, zeros included, sorted by name."""
        # Kept: the calculator keys its caches on it several times per attack.
        if self._given is None:
            self._given = tuple(zip(self._index, self._values, strict=True))
        return self._given

    def nonzero(self) -> dict[str, int]:
        """The counts that are not 0 (names with 0 behave exactly like absent names)."""
        return {k: v for k, v in zip(self._index, self._values, strict=True) if v}

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tokens):
            return self.nonzero() == other.nonzero()
        if isinstance(other, Mapping):
            return self.nonzero() == {k: v for k, v in other.items() if v}
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(tuple(sorted(self.nonzero().items())))
        return self._hash

    def changed(self, deltas: Mapping[str, int]) -> Tokens:
        """A copy with each named count moved by its delta."""
        merged = dict(self.items())
        for name, delta in deltas.items():
            merged[name] = merged.get(name, 0) + delta
        return Tokens(merged)


class Situation(NamedTuple):
    """What an ability may look at when offering options.

    ``pool`` is the canonical counts of the dice being modified (of kind
    ``kind``); ``own`` and ``opponent`` are the owner's and the other ship's
    resources. Tokens are open information (``docs/rulings.md``).
    """

    role: Role
    kind: DieKind
    pool: Counts
    own: Tokens
    opponent: Tokens


class DiceAbility:
    """Base class: an effect on an attack's dice. Subclasses override what they use."""

    key: str = ""
    """Stable identifier (card xws-like id, e.g. ``"predator"``)."""
    title: str = ""
    """Short description in our own words."""
    roles: frozenset[Role] = BOTH_ROLES
    """Roles in which the ability can be used."""
    window: Window | None = None
    """When it modifies or cancels dice; None if it does neither."""
    mandatory: bool = False
    """True if it must be resolved once in its window ("may" is absent from the card)."""
    repeatable: bool = False
    """True for token effects: usable again in the same window while the cost can be paid.
    Card abilities are once per opportunity (RR: ONCE PER OPPORTUNITY)."""
    rerolls: bool = False
    """True if some option may reroll dice."""
    max_added_dice: int = 0
    """Most dice the ability can add during one attack (bounds the calculator's arithmetic)."""
    charges: int = 0
    """Charges the ability starts with, kept as the owner's resource named ``key``."""

    def resources(self) -> tuple[str, ...]:
        """Names of the owner's resources the ability reads, spends or gains."""
        return (self.key,) if self.charges else ()

    def spendable(self) -> tuple[str, ...]:
        """Names of resources counted as "tokens left" (spent by choice, worth keeping)."""
        return (self.key,) if self.charges else ()

    def opponent_resources(self) -> tuple[str, ...]:
        """Names of the opponent's resources the ability reads (e.g. "has no green tokens")."""
        return ()

    def options(self, situation: Situation) -> list[Option]:
        """Legal ways to use the ability now; empty if it cannot be used."""
        return []

    def transitions(self, situation: Situation) -> list[tuple[Option, Counts, int]]:
        """Each option with its effect on the canonical pool: (option, pool after, dice to roll).

        ``pool after`` excludes the dice being rerolled; they are rolled and
        added back as rerolled dice. The calculator uses this; subclasses may
        cache it, so the list returned may be shared and must not be modified.
        """
        return [
            (option, *apply_to_counts(situation.pool, option.ops, situation.kind))
            for option in self.options(situation)
        ]

    def affordable(self, own: Tokens) -> bool:
        """Whether the owner could pay the ability's cost now (False lets the calculator skip
        positions where nothing can be used; answering True when unsure is always correct)."""
        return True

    def may_reroll(self, own: Tokens) -> bool:
        """Whether the ability might still reroll dice given the owner's resources.

        Used to forget rerolled marks that can no longer matter; answering True
        when unsure is always correct.
        """
        return self.rerolls

    def attack_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        """Attack dice added (positive) or removed (negative) at RR: ATTACK step 2a."""
        return 0

    def defense_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        """Defense dice added or removed at RR: ATTACK step 3a."""
        return 0

    after_modify_attack: tuple[Op, ...] = ()
    """Operations applied to the attack dice right after the Modify Attack Dice step
    (attacker's abilities only; not a choice)."""

    crits_canceled_first: bool = False
    """Neutralize: evades cancel crits before hits (attacker's weapon effects, or the
    defender's own: "Zeb" Orrelios)."""
    evades_cancel_crits: bool = True
    """Neutralize: False if evades cannot cancel crits (attacker's weapon effects)."""
    cancels_before_neutralize: tuple[Face, ...] = ()
    """A defender's ability (of a ship beside it: Biggs Darklighter, Selfless): the faces of
    which it cancels 1 attack result right before Neutralize Results, a crit before a hit
    (``tallon.dice.neutralize``); not a choice, since that is never worse for the defender."""

    declare_cost: tuple[tuple[str, int], ...] = ()
    """An attacker's ability used, if at all, right after the attack is declared, before any
    die is rolled (Predictive Shot): what it costs. Using it marks the owner's resource named
    ``key`` (1 while the attack lasts); the calculator's attacker pays it only when that is
    better (RR: ATTACK step 1, "may")."""

    def defense_dice_limit(self, role: Role, own: Tokens, results: int) -> int | None:
        """Most defense dice the defender may roll at RR: ATTACK step 3a, given the attack's
        hit and crit ``results`` after the Modify Attack Dice step; None: no limit."""
        return None

    def preventions(self, role: Role, own: Tokens, hits: int, crits: int
                    ) -> tuple[tuple[int, int, tuple[tuple[str, int], ...]], ...]:
        """A defender's ways to prevent damage it would suffer from the uncanceled ``hits``
        and ``crits`` (RR: DAMAGE: Iden Versio), each as (hit damage still suffered, crit
        damage still suffered, resources spent); empty if it cannot. A "may": the calculator's
        defender picks the best of them or none."""
        return ()

    def after_attack(self, role: Role, own: Tokens, damage: int) -> dict[str, int]:
        """Resource changes for the owner once the attack's damage is known (the damage
        suffered, after any prevention)."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"
