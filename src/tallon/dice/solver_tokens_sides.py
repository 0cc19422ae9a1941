"""The lean tokens-only solver's layouts (``tallon.dice.solver_tokens``): what depends on a
ship's tokens and its dice alone, never on the opponent or on any value, and is kept across
solves like the built-in effects' move tables.

* Keys: a position is its packed pool (fresh dice only, ``tallon.dice.packed``) below
  ``TOKEN_SHIFT`` and the mover's spendable tokens above, one ``packed.BITS``-wide count per
  token effect (``ATTACKER_SLOTS``, ``DEFENDER_SLOTS``).
* Roll tables: the rolls of n dice (``ATTACK_SPLIT``) and one attack die at a time
  (``ONE_ATTACK_DIE``, ``ONE_INERT_DIE``), from ``solver_keys.ROLLS``.
* ``TokenSide``: one ship's token effects with their move tables and slots, the general
  solver's layout of its resources with the ``Tokens`` views of its states, and closures of
  the move tables: the ends its choices reach from a pool (``reachable``) and its rolls of m
  defense dice grouped by those ends (``defense_groups``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tallon.dice.abilities.base import DiceAbility, Role, Tokens
from tallon.dice.abilities.tokens import (
    CALCULATE,
    CALCULATE_ABILITY,
    DEPLETE,
    EVADE,
    EVADE_ABILITY,
    FOCUS,
    FOCUS_ABILITY,
    FORCE,
    FORCE_ABILITY,
    LOCK,
    LOCK_ABILITY,
    REINFORCE,
    STRAIN,
    token_abilities,
)
from tallon.dice.attack import MAX_DICE
from tallon.dice.faces import DieKind, Face
from tallon.dice.packed import BITS, LIMIT, SLOT
from tallon.dice.result import Outcome
from tallon.dice.solver_keys import ROLLS

# Each side's spendable tokens in one integer, one packed.BITS-wide count per ability; the
# inert ones (reinforce, strain, deplete) are constants of the attack.
ATTACKER_SLOTS = {FOCUS: 0, CALCULATE: 1, FORCE: 2, LOCK: 3}
DEFENDER_SLOTS = {FOCUS: 0, CALCULATE: 1, FORCE: 2, EVADE: 3}
ATTACKER_INERT = (DEPLETE,)
DEFENDER_INERT = (REINFORCE, STRAIN)
TOKEN_SHIFT = 5 * BITS
"""A position's key: its packed pool (fresh dice only) below, the mover's tokens above."""
POOL_MASK = (1 << TOKEN_SHIFT) - 1
FOCUS_AT, HIT_AT, EVADE_AT = BITS * Face.FOCUS, BITS * Face.HIT, BITS * Face.EVADE
NO_BLANKS = POOL_MASK ^ LIMIT
DICE_AT = 36
ONE_DIE = 1 << DICE_AT
CHANCE = 1 << 48
"""Flag of the key of a reroll: dice kept (no blanks) | tokens << TOKEN_SHIFT | dice to roll
<< DICE_AT | CHANCE; with 0 dice to roll, the position after the reroll."""
ATTACK_ROLLS = ROLLS[(DieKind.ATTACK, False)]
DEFENSE_ROLLS = ROLLS[(DieKind.DEFENSE, False)]
ATTACK_SPLIT = tuple(
    tuple((weight << (3 * n), (pool >> HIT_AT) & 0xFF,
           pool & NO_BLANKS if pool & (LIMIT << FOCUS_AT) else 0)
          for weight, pool in ATTACK_ROLLS[n])
    for n in range(MAX_DICE + 1)
)
"""The rolls of n attack dice: (weight out of 8**n times 8**n for the reroll that may follow,
hits | crits << 4, the pool without blanks or 0 if it holds no focus result)."""
ATTACK_PAIRS = tuple(
    tuple(pairs.items()) for pairs in (
        {pair: sum(mass for mass, p, _ in split if p == pair) for _, pair, _ in split}
        for split in ATTACK_SPLIT
    )
)
"""The rolls of n attack dice by their hits | crits << 4, with masses as in ATTACK_SPLIT."""
ONE_ATTACK_DIE = tuple(
    (weight, SLOT[face] if face != Face.BLANK else 0)
    for face, weight in enumerate(DieKind.ATTACK.weights) if weight
)
"""One attack die: (weight out of 8, what it adds to a pool without blanks)."""
ONE_INERT_DIE = (
    (DieKind.ATTACK.weights[Face.BLANK] + DieKind.ATTACK.weights[Face.FOCUS], 0),
    *((weight, add) for weight, add in ONE_ATTACK_DIE if add > SLOT[Face.FOCUS]),
)
"""One attack die where focus results are as blanks (nothing left to change them)."""
CANCELED = tuple(
    tuple((hits - e) | (crits << BITS) if hits >= e else max(0, crits - (e - hits)) << BITS
          for e in range(LIMIT + 1))
    for hits, crits in ((pair & LIMIT, pair >> BITS) for pair in range(256))
)
"""Without reinforce, hits | crits << 4 after e evades, ``CANCELED[pair][e]``
(RR: ATTACK step 4: evades cancel hits first, then crits)."""
CONVERTS = sum(LIMIT << (BITS * ATTACKER_SLOTS[name]) for name in (FOCUS, CALCULATE, FORCE)) \
    << TOKEN_SHIFT
"""The attacker's focus, calculate and Force in a key: what can change focus results."""
DROP_FOCUS = ~(LIMIT << FOCUS_AT)
"""A key without its focus results."""
_EXTRA_NAMES = {ability: ability.resources() for ability in (
    FOCUS_ABILITY, CALCULATE_ABILITY, FORCE_ABILITY, EVADE_ABILITY, LOCK_ABILITY)}
"""Each token effect's resources (its token, and the lock its mark "disabled")."""


def tokens_left(tokens: int) -> int:
    """Tokens left in a packed tokens integer (four slots of at most 10, all spent by choice):
    neighbouring slots added into two bytes, then the bytes added."""
    pairs = (tokens & 0x0F0F) + ((tokens >> BITS) & 0x0F0F)
    return (pairs & 0xFF) + (pairs >> 8)


class TokenSide:
    """One ship's tokens as the lean solver uses them: its token effects with their move
    tables and slots, the packed start, and the general solver's layout of resources for
    outcomes (``views``). Depends on the ship's tokens alone (kept by ``token_side``)."""

    __slots__ = ("_slots", "_template", "abilities", "graphs", "groups", "index", "kind",
                 "options", "outcomes", "reach", "role", "start", "views")

    def __init__(self, role: Role, tokens: Tokens, acts: bool) -> None:
        slots, inert = ((ATTACKER_SLOTS, ATTACKER_INERT) if role is Role.ATTACKER
                        else (DEFENDER_SLOTS, DEFENDER_INERT))
        self.role, self.kind = role, role.own_dice
        held = token_abilities(role, tokens)
        names = list(tokens)
        for ability in held:
            names.extend(name for name in _EXTRA_NAMES[ability] if name not in tokens)
        # The general solver's layout (solver_contexts.Side): the names sorted.
        self.index = {name: i for i, name in enumerate(sorted(set(names)))}
        kind = role.own_dice
        # (ability, its move table, its slot's shift), in the general solver's order.
        self.abilities: list[tuple[DiceAbility, dict, int]] = [
            (ability, ability.packed_table(role, kind), BITS * slots[ability.key])
            for ability in held
        ] if acts else []
        self.start = 0
        self._slots = []
        for name, slot in slots.items():
            if name in self.index:
                self.start += tokens[name] << (BITS * slot)
                self._slots.append((self.index[name], BITS * slot))
        template = [0] * len(self.index)
        for name in inert:
            if name in self.index:
                # Strain and deplete are paid before the rolls (RR: STRAIN, RR: DEPLETE).
                template[self.index[name]] = tokens[name] - (name != REINFORCE and
                                                             tokens[name] > 0)
        self._template = template
        self.views: dict[int, Tokens] = {}
        # Closures of the move tables, kept like them: the ends this side's choices reach
        # from a pool and tokens (``reachable``), and its rolls of m dice grouped by those
        # ends (``defense_groups``). Neither holds a value or a choice.
        self.reach: dict[int, tuple[int, ...]] = {}
        self.groups: dict[int, list[tuple[int, tuple[tuple[int, int, int], ...]]]] = {}
        # The keys the options of each ability lead to from a pool (``option_keys``).
        self.options: dict[int, tuple[int, ...]] = {}
        # The attacker's: for each defender side, packed outcome -> its Outcome object.
        self.outcomes: dict[TokenSide, dict[int, Outcome]] = {}
        # The attacker's: its compiled game per number of dice (solver_tokens_graph).
        self.graphs: dict[int, Any] = {}

    def view(self, tokens: int) -> Tokens:
        """The resources of packed ``tokens`` as the general solver reports them."""
        found = self.views.get(tokens)
        if found is None:
            values = list(self._template)
            for i, shift in self._slots:
                values[i] = (tokens >> shift) & LIMIT
            found = self.views[tokens] = Tokens.from_layout(self.index, tuple(values))
        return found


_SIDES: dict[tuple, TokenSide] = {}
MOST_SIDES = 4096
GRAPH_HOLDERS: list[TokenSide] = []
"""The sides holding compiled games (``solver_tokens_graph``), one entry per game: a bound
on them all, since a game of six dice and many tokens takes about a megabyte."""


def token_side(role: Role, tokens: Tokens, acts: bool) -> TokenSide:
    """The ``TokenSide`` for a ship holding ``tokens`` (zeros given count: they are in layouts)."""
    key = (role is Role.ATTACKER, acts, tokens.items_given())
    found = _SIDES.get(key)
    if found is None:
        if len(_SIDES) >= MOST_SIDES:
            _SIDES.clear()
        found = _SIDES[key] = TokenSide(role, tokens, acts)
    return found


def clear_layouts() -> None:
    """Forget the sides' layouts and views kept across solves (for measurements from
    nothing; they depend on tokens alone, never needed for correctness)."""
    _SIDES.clear()
    GRAPH_HOLDERS.clear()


def reachable(side: TokenSide, role: Role, kind: DieKind, counted_at: int,
               key: int) -> tuple[int, ...]:
    """The ends one side's choices reach from ``key`` (pool | tokens << TOKEN_SHIFT): the
    count of the face at ``counted_at`` with the tokens left (``| tokens << 8``), in the order
    its choices come (stopping first, then each ability's options depth first), each once
    (kept in ``side.reach``: a side counts one face, of its own dice)."""
    found = side.reach
    ends = found.get(key)
    if ends is not None:
        return ends
    pool, tokens = key & POOL_MASK, key >> TOKEN_SHIFT
    reached = [((pool >> counted_at) & LIMIT) | (tokens << 8)]
    for ability, table, shift in side.abilities:
        if not (tokens >> shift) & LIMIT:
            continue
        entry = table.get(pool)
        if entry is None:
            entry = ability.packed_moves(role, kind, pool)
        paid = (tokens - (1 << shift)) << TOKEN_SHIFT
        for after, _ in entry[0]:
            reached.extend(reachable(side, role, kind, counted_at, after | paid))
    ends = found[key] = tuple(dict.fromkeys(reached))
    return ends


def defense_groups(side: TokenSide, m: int) -> list[tuple[int, tuple[tuple[int, int, int], ...]]]:
    """The defender's rolls of ``m`` dice by the ends reachable from them (same ends, same
    choices): (weight out of 8**m, ((evades, 63 - tokens left, tokens << 8), ...)); kept in
    ``side.groups``."""
    found = side.groups.get(m)
    if found is not None:
        return found
    start = side.start
    groups: dict[tuple[int, ...], int] = defaultdict(int)
    if not side.abilities or not start:
        out = start << 8
        for weight, pool in DEFENSE_ROLLS[m]:
            groups[(((pool >> EVADE_AT) & LIMIT) | out,)] += weight
    else:
        paid = start << TOKEN_SHIFT
        for weight, pool in DEFENSE_ROLLS[m]:
            groups[reachable(side, Role.DEFENDER, DieKind.DEFENSE, EVADE_AT,
                              pool | paid)] += weight
    found = side.groups[m] = [
        (w, tuple((end & LIMIT, 63 - tokens_left(end >> 8), end & ~LIMIT) for end in ends))
        for ends, w in groups.items()
    ]
    return found


def option_keys(side: TokenSide, index: int, pool: int) -> tuple[int, ...]:
    """Where the options of ``side``'s ability ``index`` lead from ``pool``, without the tokens:
    the pool after, or for a reroll the dice kept without blanks | dice to roll << DICE_AT |
    CHANCE; kept in ``side.options``."""
    ability, table, _ = side.abilities[index]
    entry = table.get(pool)
    if entry is None:
        entry = ability.packed_moves(side.role, side.kind, pool)
    found = side.options[pool | (index << TOKEN_SHIFT)] = tuple(
        (after & NO_BLANKS) | (count << DICE_AT) | CHANCE if count else after
        for after, count in entry[0]
    )
    return found
