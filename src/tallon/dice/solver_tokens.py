"""A lean exact solver for the most asked attacks: tokens only, expected damage.

``calculate`` hands here the attacks in which neither ship has a card ability, the attacker
holds only focus, calculate, Force and a lock, the defender only focus, calculate, Force and
evade tokens, and the players optimise the expected damage. The game is the one
``AttackSolver`` solves (``tallon.dice.solver``: the same steps, the same options in the same
order from the same move tables, the same tie-breaks) and so are the results, exactly: tests
compare the two on every such attack up to a size (``tests/dice/test_speed_exactness.py``).
What makes it lean is what this game lets it drop:

* Only the lock rerolls, and a ship holds at most one lock: no die is ever marked as
  rerolled while the lock can still be spent, so pools are plain counts per face (packed
  as in ``tallon.dice.packed``).
* Nobody acts on the opponent's dice, and the attacker's tokens cannot touch the defense
  dice: the defense dice are a one-player subgame. The defender's options are all
  deterministic, so its choice for the attack's (hits, crits) is the first outcome it can
  reach (stopping first, then each option in order, depth first) that it ranks best:
  fewer damage, then fewer crits, then more tokens left. That is a comparison of small
  integers per reachable outcome, and defense rolls that reach the same outcomes in the
  same order are handled together.
* Attack-dice positions keep one packed integer value as in ``solver_values`` (expected
  damage, crits, attacker tokens left, defender tokens left, each times ``8**T``), so the
  attacker's choices, ties included, are the general solver's; without an attacker choice
  no values are needed at all.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from tallon.dice.abilities.base import Role, Tokens
from tallon.dice.abilities.tokens import (
    CALCULATE,
    CALCULATE_ABILITY,
    EVADE,
    EVADE_ABILITY,
    FOCUS,
    FOCUS_ABILITY,
    FORCE,
    FORCE_ABILITY,
    LOCK,
    LOCK_ABILITY,
    token_abilities,
)
from tallon.dice.attack import MAX_DICE, Attack, attack_dice_count, defense_dice_count
from tallon.dice.faces import DieKind, Face
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.packed import BITS, LIMIT
from tallon.dice.result import AttackResult, Outcome
from tallon.dice.solver_keys import ROLLS

# Each side's tokens in one integer, one packed.BITS-wide count per ability (in token order).
_ATTACKER_SLOTS = {FOCUS: 0, CALCULATE: 1, FORCE: 2, LOCK: 3}
_DEFENDER_SLOTS = {FOCUS: 0, CALCULATE: 1, FORCE: 2, EVADE: 3}
_TOKEN_SHIFT = 5 * BITS
"""A position's key: its packed pool (fresh dice only) below, the mover's tokens above."""
_POOL_MASK = (1 << _TOKEN_SHIFT) - 1
_HIT_AT, _CRIT_AT, _EVADE_AT = BITS * Face.HIT, BITS * Face.CRIT, BITS * Face.EVADE
_PAIR_BITS = (LIMIT << _HIT_AT) | (LIMIT << _CRIT_AT)
_CHANCE = 1 << 48
"""Flag of the key of a reroll: pool kept | tokens << _TOKEN_SHIFT | dice << 36 | _CHANCE."""
_DICE_AT = 36
_KEPT_MASK = (1 << _DICE_AT) - 1


def _pairs_table(count: int) -> tuple[tuple[int, int, int], ...]:
    """(weight out of 8**count, hits, crits) of rolling ``count`` attack dice."""
    found: dict[tuple[int, int], int] = defaultdict(int)
    for weight, pool in ROLLS[(DieKind.ATTACK, False)][count]:
        found[((pool >> _HIT_AT) & LIMIT, (pool >> _CRIT_AT) & LIMIT)] += weight
    return tuple((w, h, c) for (h, c), w in found.items())


_ATTACK_PAIRS = tuple(_pairs_table(n) for n in range(MAX_DICE + 1))
"""The rolls of n attack dice by (hits, crits), made at import like the roll tables."""


def handles(attack: Attack, objective: Objective | None) -> bool:
    """Whether this solver takes ``attack``: tokens only, as the module docstring says."""
    if objective is not None and type(objective) is not ExpectedDamage:
        return False
    attacker, defender = attack.attacker, attack.defender
    if attacker.abilities or defender.abilities:
        return False
    for name in attacker.tokens:
        if name not in _ATTACKER_SLOTS:
            return False
    return all(name in _DEFENDER_SLOTS for name in defender.tokens)


def _left(tokens: int) -> int:
    """Tokens left in a packed tokens integer (four slots of at most 10, all spent by choice):
    neighbouring slots added into two bytes, then the bytes added."""
    pairs = (tokens & 0x0F0F) + ((tokens >> BITS) & 0x0F0F)
    return (pairs & 0xFF) + (pairs >> 8)


def _evades_table(count: int) -> tuple[tuple[int, int], ...]:
    """(weight out of 8**count, evades) of rolling ``count`` defense dice."""
    found: dict[int, int] = defaultdict(int)
    for weight, pool in ROLLS[(DieKind.DEFENSE, False)][count]:
        found[(pool >> _EVADE_AT) & LIMIT] += weight
    return tuple((w, e) for e, w in found.items())


_EVADES = tuple(_evades_table(n) for n in range(MAX_DICE + 1))
_EXTRA_NAMES = {ability: ability.resources() for ability in (
    FOCUS_ABILITY, CALCULATE_ABILITY, FORCE_ABILITY, EVADE_ABILITY, LOCK_ABILITY)}
"""Each token effect's resources (its token, and the lock its mark "disabled")."""
_END_MASK = ~(_POOL_MASK ^ _PAIR_BITS)
"""Of a position's key, what its end keeps: hits, crits and the attacker's tokens."""
_new_outcome = tuple.__new__


class _Side:
    """One ship's token effects, their slots, and its layout of resources for outcomes."""

    __slots__ = ("_slots", "_views", "abilities", "index", "start")

    def __init__(self, role: Role, tokens: Tokens, slots: dict[str, int], acts: bool) -> None:
        held = token_abilities(role, tokens)
        names = list(tokens)
        for ability in held:
            names.extend(name for name in _EXTRA_NAMES[ability] if name not in tokens)
        # The general solver's layout (solver_contexts.Side): the names sorted.
        self.index = {name: i for i, name in enumerate(sorted(set(names)))}
        kind = role.own_dice
        # (ability, its move table, its slot's shift), in the general solver's order.
        self.abilities = [
            (ability, ability.packed_table(role, kind), BITS * slots[ability.key])
            for ability in held
        ] if acts else []
        self.start = 0
        self._slots = []
        for name, slot in slots.items():
            if name in self.index:
                self.start += tokens[name] << (BITS * slot)
                self._slots.append((self.index[name], BITS * slot))
        self._views: dict[int, Tokens] = {}

    def view(self, tokens: int) -> Tokens:
        """The resources of packed ``tokens`` as the general solver reports them."""
        found = self._views.get(tokens)
        if found is None:
            values = [0] * len(self.index)
            for i, shift in self._slots:
                values[i] = (tokens >> shift) & LIMIT
            found = self._views[tokens] = Tokens.from_layout(self.index, tuple(values))
        return found


class TokenSolver:
    """Solve a tokens-only attack (``handles``) exactly, as ``AttackSolver`` would."""

    def __init__(self, attack: Attack) -> None:
        a_tokens, d_tokens = attack.attacker.tokens, attack.defender.tokens
        # Token effects add or remove no dice: the counts need no abilities.
        self.n = attack_dice_count(attack, a_tokens, d_tokens, (), ())[0]
        self.m = defense_dice_count(attack, a_tokens, d_tokens, (), ())[0]
        self.att = _Side(Role.ATTACKER, a_tokens, _ATTACKER_SLOTS,
                         not attack.attacker_locked_out)
        self.dfn = _Side(Role.DEFENDER, d_tokens, _DEFENDER_SLOTS, True)
        self._defense_at: dict[int, list[tuple[int, int]]] = {}

    # --- the defense dice: a one-player subgame ----------------------------------------

    def _terminals(self, key: int, found: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
        """The ends the defender can reach from a position (pool | tokens << _TOKEN_SHIFT), as
        ``evades | tokens << _TOKEN_SHIFT``, in the order its choices come (stopping first,
        then each ability's options depth first), each once."""
        ends = found.get(key)
        if ends is not None:
            return ends
        pool, tokens = key & _POOL_MASK, key >> _TOKEN_SHIFT
        reached = [((pool >> _EVADE_AT) & LIMIT) | (tokens << _TOKEN_SHIFT)]
        for ability, table, shift in self.dfn.abilities:
            if not (tokens >> shift) & LIMIT:
                continue
            entry = table.get(pool)
            if entry is None:
                entry = ability.packed_moves(Role.DEFENDER, DieKind.DEFENSE, pool)
            paid = (tokens - (1 << shift)) << _TOKEN_SHIFT
            for after, _ in entry[0]:
                reached.extend(self._terminals(after | paid, found))
        ends = found[key] = tuple(dict.fromkeys(reached))
        return ends

    def _groups(self) -> list[tuple[int, tuple[tuple[int, int, int], ...]]]:
        """The defense rolls by the ends reachable from them (same ends, same choices): (weight
        out of 8**m, ((evades, 63 - tokens left, tokens << _TOKEN_SHIFT), ...))."""
        start = self.dfn.start
        keep = 63 - _left(start)
        if not self.dfn.abilities or not start:
            out = start << _TOKEN_SHIFT
            return [(w, ((e, keep, out),)) for w, e in _EVADES[self.m]]
        groups: dict[tuple[int, ...], int] = defaultdict(int)
        found: dict[int, tuple[int, ...]] = {}
        paid = start << _TOKEN_SHIFT
        for weight, pool in ROLLS[(DieKind.DEFENSE, False)][self.m]:
            groups[self._terminals(pool | paid, found)] += weight
        mask = ~_POOL_MASK
        return [
            (w, tuple((end & LIMIT, 63 - _left(end >> _TOKEN_SHIFT), end & mask) for end in ends))
            for ends, w in groups.items()
        ]

    def _defense(self, pair: int) -> list[tuple[int, int]]:
        """The defender's play against the attack's ``hits | crits << 4``: its outcomes as
        (hits | crits << 4 | tokens << _TOKEN_SHIFT, weight out of 8**m)."""
        found = self._defense_at.get(pair)
        if found is not None:
            return found
        hits, crits = pair & LIMIT, pair >> BITS
        # RR: ATTACK step 4, for each number of evades: evades cancel hits, then crits; and
        # the defender's rank, lowest best: less damage, then fewer crits (then more tokens).
        results = []
        for evades in range(self.m + 1):
            if hits >= evades:
                h, c = hits - evades, crits
            else:
                h, c = 0, max(0, crits - (evades - hits))
            results.append((((h + c) << 12) | (c << 6), h | (c << BITS)))
        outcomes: dict[int, int] = defaultdict(int)
        for weight, ends in self._group_list:
            if len(ends) == 1:
                evades, _, out = ends[0]
                outcomes[results[evades][1] | out] += weight
                continue
            best_rank = best = None
            for evades, keep, out in ends:
                rank, result = results[evades]
                rank += keep
                if best_rank is None or rank < best_rank:
                    best_rank, best = rank, result | out
            outcomes[best] += weight  # type: ignore[index]
        found = self._defense_at[pair] = list(outcomes.items())
        return found

    # --- the attack dice ----------------------------------------------------------------

    def _end_value(self, key: int) -> int:
        """Value where the attack dice are final (position ``key``): the defense subgame's
        for their hits and crits, with the attacker's tokens left."""
        end = key & _END_MASK
        value = self._ends.get(end)
        if value is None:
            pair = (key >> _HIT_AT) & 0xFF
            subgame = self._subgame.get(pair)
            if subgame is None:
                damage = crit = left = 0
                for outcome, weight in self._defense(pair):
                    c = (outcome >> BITS) & LIMIT
                    damage += weight * ((outcome & LIMIT) + c)
                    crit += weight * c
                    left += weight * _left(outcome >> _TOKEN_SHIFT)
                width = self._width
                subgame = self._subgame[pair] = (
                    (damage << (3 * width)) | (crit << (2 * width)) | left
                ) * self._defense_scale
            value = self._ends[end] = subgame + (
                (_left(key >> _TOKEN_SHIFT) * self._scale) << self._width)
        return value

    def _state(self, key: int) -> int:
        """Value of a position not yet valued: the attacker's choice, or without tokens the
        end of the attack dice."""
        if key >> _TOKEN_SHIFT:
            return self._decide(key)
        value = self._memo[key] = self._end_value(key)
        return value

    def _decide(self, key: int) -> int:
        """The attacker modifies its dice (RR: ATTACK step 2b): stopping first, then each
        option of each ability; the best for it (more damage, more crits, more of its tokens
        left, fewer of the defender's), the first on ties."""
        pool, tokens = key & _POOL_MASK, key >> _TOKEN_SHIFT
        memo, low = self._memo, self._low
        best = self._end_value(key)
        best_rank = best ^ low
        choice = None
        for ability, table, shift in self.att.abilities:
            if not (tokens >> shift) & LIMIT:
                continue
            entry = table.get(pool)
            if entry is None:
                entry = ability.packed_moves(Role.ATTACKER, DieKind.ATTACK, pool)
            paid = (tokens - (1 << shift)) << _TOKEN_SHIFT
            for after, count in entry[0]:
                if count:
                    child = after | paid | (count << _DICE_AT) | _CHANCE
                    value = memo.get(child)
                    if value is None:
                        value = self._reroll(child)
                else:
                    child = after | paid
                    value = memo.get(child)
                    if value is None:
                        value = self._state(child)
                rank = value ^ low
                if rank > best_rank:
                    best, best_rank, choice = value, rank, child
        memo[key] = best
        self._choice[key] = choice
        self._order.append(key)
        return best

    def _reroll(self, key: int) -> int:
        """Roll dice into the pool kept (marked or not: nothing can reroll them again)."""
        kept = key & _KEPT_MASK
        get, state = self._memo.get, self._state
        total = 0
        count = (key >> _DICE_AT) & LIMIT
        for weight, dice in ROLLS[(DieKind.ATTACK, False)][count]:
            child = kept + dice
            value = get(child)
            total += weight * (state(child) if value is None else value)
        total >>= 3 * count
        self._memo[key] = total
        self._order.append(key)
        return total

    def _attack_ends(self) -> dict[int, dict[int, int]]:
        """Where the attack dice end under the attacker's play: hits | crits << 4 -> attacker
        tokens -> mass out of 8**(2n)."""
        n, start = self.n, self.att.start
        ends: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        if not self.att.abilities or not start:
            for weight, hits, crits in _ATTACK_PAIRS[n]:
                ends[hits | (crits << BITS)][start] += weight << (3 * n)
            return ends
        # Values are exact expectations times 8**T, T bounding the dice rolled on any path;
        # each field has room for a sum over the 8**6 results of a roll (solver_values).
        self._scale = 8 ** (2 * n + self.m)
        self._defense_scale = 8 ** (2 * n)
        self._width = ((40 * self._scale) << (3 * MAX_DICE + 3)).bit_length() + 1
        self._low = (1 << self._width) - 1
        self._memo: dict[int, int] = {}
        self._choice: dict[int, int | None] = {}
        self._order: list[int] = []
        self._ends: dict[int, int] = {}
        self._subgame: dict[int, int] = {}
        rolled = ROLLS[(DieKind.ATTACK, False)][n]
        paid = start << _TOKEN_SHIFT
        memo = self._memo
        for _, pool in rolled:
            if pool | paid not in memo:
                self._decide(pool | paid)
        # The masses down the choices made, parents before children.
        mass: dict[int, int] = defaultdict(int)
        for weight, pool in rolled:
            mass[pool | paid] += weight << (3 * n)
        choice, take = self._choice, mass.pop
        for key in reversed(self._order):
            m = take(key, 0)
            if not m:
                continue
            if key & _CHANCE:
                kept = key & _KEPT_MASK
                count = (key >> _DICE_AT) & LIMIT
                bits = 3 * count
                for weight, dice in ROLLS[(DieKind.ATTACK, False)][count]:
                    mass[kept + dice] += (m * weight) >> bits
                continue
            child = choice[key]
            if child is None:
                ends[(key >> _HIT_AT) & 0xFF][key >> _TOKEN_SHIFT] += m
            else:
                mass[child] += m
        for key, m in mass.items():  # positions without tokens left
            ends[(key >> _HIT_AT) & 0xFF][key >> _TOKEN_SHIFT] += m
        return ends

    def solve(self, objective_name: str) -> AttackResult:
        """The exact distribution of outcomes under optimal play, as ``AttackSolver.solve``
        gives it (over the same denominator)."""
        self._group_list = self._groups()
        found: dict[int, int] = defaultdict(int)
        for pair, arrivals in self._attack_ends().items():
            outcomes = self._defense(pair)
            for a_tokens, a_mass in arrivals.items():
                shifted = a_tokens << 40
                for outcome, d_mass in outcomes:
                    found[outcome | shifted] += a_mass * d_mass
        # AttackSolver's denominator: 8**(2 attack rolls + 2 rolls of MAX_DICE defense dice).
        factor = 8 ** (2 * MAX_DICE - self.m)
        denominator = 8 ** (2 * self.n + 2 * MAX_DICE)
        att_view, dfn_view = self.att.view, self.dfn.view
        a_views: dict[int, Tokens] = {}
        d_views: dict[int, Tokens] = {}
        masses = {}
        damage = 0
        for key, mass in found.items():
            hits, crits = key & LIMIT, (key >> BITS) & LIMIT
            mass *= factor
            damage += mass * (hits + crits)
            a_tokens, d_tokens = key >> 40, (key >> _TOKEN_SHIFT) & 0xFFFFF
            a_view = a_views.get(a_tokens)
            if a_view is None:
                a_view = a_views[a_tokens] = att_view(a_tokens)
            d_view = d_views.get(d_tokens)
            if d_view is None:
                d_view = d_views[d_tokens] = dfn_view(d_tokens)
            masses[_new_outcome(Outcome, (hits, crits, a_view, d_view))] = mass
        return AttackResult(masses, denominator, objective_name, Fraction(damage, denominator))


def solve_tokens(attack: Attack, objective: Objective | None = None) -> AttackResult:
    """``AttackSolver(attack, objective).solve()`` for an attack ``handles`` takes."""
    return TokenSolver(attack).solve((objective or ExpectedDamage()).describe())
