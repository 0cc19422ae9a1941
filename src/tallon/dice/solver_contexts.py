"""Contexts of the exact attack calculator: everything about a position but its dice.

A context is whose step it is, both players' resources and the abilities used; the solver
works one out once (who may act, what each ability costs, where play goes next), numbers it
and keys its positions by that number (``tallon.dice.solver_keys``). Here are the kinds of
context, what they hold, each player's layout of resources as a tuple (``Side``), and the
types of resources, outcomes and payoffs the solver passes around.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from tallon.dice.abilities.base import DiceAbility, Role, Tokens
from tallon.dice.abilities.tokens import SPENT_BY_CHOICE
from tallon.dice.faces import DieKind
from tallon.dice.solver_keys import LAST_ATTACK_STEP, ROLES

Resources = tuple[int, ...]
"""One player's resources, in its ``Side``'s layout."""
OutcomeKey = tuple[int, int, Resources, Resources]
"""(uncanceled hits, uncanceled crits, attacker resources, defender resources)."""
Payoff = Callable[[int, int, Tokens, Tokens], int]
"""(uncanceled hits, uncanceled crits, attacker tokens, defender tokens) -> numerator."""

# How an ability's moves are found at a position (see PositionGraph._make_use).
TABLE, NOTHING, GENERAL = 0, 1, 2


class Side:
    """One player's abilities and the layout of its resources as a tuple."""

    def __init__(self, role: Role, tokens: Tokens, abilities: list[DiceAbility]) -> None:
        self.role = role
        self.abilities = abilities
        names = set(tokens)
        for ability in abilities:
            names.update(ability.resources())
        self.names = tuple(sorted(names))
        self.index = {name: i for i, name in enumerate(self.names)}
        defaults = {a.key: a.charges for a in abilities if a.charges}
        self.start = tuple(tokens[n] if n in tokens else defaults.get(n, 0) for n in self.names)
        spendable = set(SPENT_BY_CHOICE)
        for ability in abilities:
            spendable.update(ability.spendable())
        self.spendable = tuple(i for i, n in enumerate(self.names) if n in spendable)
        self._views: dict[Resources, Tokens] = {}

    def view(self, values: Resources) -> Tokens:
        """A ``Tokens`` mapping over a resources tuple (cached: states repeat a lot)."""
        tokens = self._views.get(values)
        if tokens is None:
            tokens = self._views[values] = Tokens.from_layout(self.index, values)
        return tokens

    def encode(self, tokens: Mapping[str, int]) -> Resources:
        """The resources tuple for a mapping of counts (names outside the layout must be 0)."""
        for name, count in tokens.items():
            if count and name not in self.index:
                raise ValueError(f"{self.role.value} resource {name!r} is not tracked here")
        return tuple(tokens.get(n, 0) for n in self.names)

    def changed(self, values: Resources, deltas: Iterable[tuple[str, int]], sign: int) -> Resources:
        slots = list(values)
        for name, amount in deltas:
            slots[self.index[name]] += sign * amount
            if slots[self.index[name]] < 0:
                raise ValueError(f"{self.role.value} cannot pay {amount} {name}")
        return tuple(slots)

    def left(self, values: Resources) -> int:
        return sum(values[i] for i in self.spendable)


class Decide:
    """A context where a player may act on dice: ``stop`` is where stopping leads (None
    while a mandatory ability is unresolved) and ``uses`` the abilities that may act."""

    __slots__ = ("ares", "attacker", "dres", "kind", "other", "own", "role", "step", "stop",
                 "tables", "used", "uses")

    def __init__(self, step: int, ares: Resources, dres: Resources, used: int) -> None:
        self.step = step
        self.ares = ares
        self.dres = dres
        self.used = used
        self.role = ROLES[step]
        self.attacker = self.role is Role.ATTACKER
        self.kind = DieKind.ATTACK if step <= LAST_ATTACK_STEP else DieKind.DEFENSE
        self.stop: tuple[int, int] | None = None
        self.uses: list[Use] = []
        # When every use is TABLE: (table, ability, base, how, marks, rolls) for each, as
        # plain tuples for the hottest loop (see PhaseRecursion._a_decide_value).
        self.tables: tuple[tuple, ...] | None = None
        self.own: Tokens
        self.other: Tokens


class Next:
    """Where an ability's options lead (the same for all of them): the base and key rule of
    the position after a change, and for rerolls whether the rolled dice keep their marks and
    the roll contexts by number of dice (made when first needed)."""

    __slots__ = ("base", "how", "marks", "rolls")

    def __init__(self, base: int, how: int, marks: bool, most: int) -> None:
        self.base = base
        self.how = how
        self.marks = marks
        self.rolls: list[int | None] = [None] * (most + 1)


class Use:
    """One ability usable in a context. ``mode`` says how its moves for a pool are found:
    ``TABLE`` from the ability's packed table, ``NOTHING`` a mandatory ability with nothing
    to do, ``GENERAL`` by asking the ability (``next`` is then per cost paid)."""

    __slots__ = ("ability", "bit", "mode", "next", "nexts", "table")

    def __init__(self, ability: DiceAbility, bit: int, mode: int,
                 table: dict | None = None, nxt: Next | None = None) -> None:
        self.ability = ability
        self.bit = bit
        self.mode = mode
        self.table = table
        self.next = nxt
        self.nexts: dict[tuple, Next] = {}


class Roll:
    """A context where dice are rolled into the pool: ``outcomes`` (weight, packed dice),
    ``bits`` (log2 of the total weight), then play goes to (``base``, ``how``).

    Every key rule but SETTLED_BY_ABILITY is additive (a pool holds at most 15 dice, so no
    count overflows): the key after rolling is the key of the pool before plus the key of the
    dice rolled. ``steps`` holds (weight, key of the dice rolled) for them, None otherwise.
    """

    __slots__ = ("base", "bits", "check", "how", "outcomes", "steps")

    def __init__(self, outcomes: tuple[tuple[int, int], ...], bits: int, check: int,
                 base: int, how: int, steps: tuple[tuple[int, int], ...] | None) -> None:
        self.outcomes = outcomes
        self.bits = bits
        self.check = check
        self.base = base
        self.how = how
        self.steps = steps


class AttackEnd:
    """The attack dice are final, with these resources: only the pool's (hits, crits) matter
    now, through the defense-dice subgame's value vector (``root``). Where an ability caps
    the defense dice by the attack's results (Predictive Shot), ``roots`` holds each pair's
    own subgame root (by pair index), else None."""

    __slots__ = ("ares", "dres", "frozen", "n_defense", "root", "roots")

    def __init__(self, ares: Resources, dres: Resources, n_defense: int, frozen: int,
                 root: int, roots: tuple[int, ...] | None = None) -> None:
        self.ares = ares
        self.dres = dres
        self.n_defense = n_defense
        self.frozen = frozen
        self.root = root
        self.roots = roots


class End:
    """End of the attack with these resources; positions are keyed by the number of evades."""

    __slots__ = ("ares", "dres")

    def __init__(self, ares: Resources, dres: Resources) -> None:
        self.ares = ares
        self.dres = dres
