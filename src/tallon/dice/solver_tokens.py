"""A lean exact solver for the most asked attacks: tokens only, expected damage.

``calculate`` hands here the attacks in which neither ship has a card ability, the attacker
holds only focus, calculate, Force, a lock and deplete, the defender only focus, calculate,
Force, evade, reinforce and strain, and the players optimise the expected damage. The game is
the one ``AttackSolver`` solves (``tallon.dice.solver``: the same steps, the same options in
the same order from the same move tables, the same tie-breaks) and so are the results,
exactly: tests compare the two on every such attack up to a size
(``tests/dice/test_speed_exactness.py``). What makes it lean is what this game lets it drop:

* Only the lock rerolls, and a ship holds at most one lock: no die is ever marked as
  rerolled while the lock can still be spent, so pools are plain counts per face (packed
  as in ``tallon.dice.packed``). Reinforce, strain and deplete never change during the
  dice steps (strain and deplete are paid before the rolls), so they are constants here.
* A player whose choices are all deterministic picks the first end it can reach (stopping
  first, then each option in order, depth first) that it ranks best: that is what backward
  induction with "the first on ties" gives. Nobody acts on the opponent's dice, so the
  defense dice are a one-player subgame: for the attack's (hits, crits) the defender ranks
  its reachable ends by less damage, then fewer crits, then more tokens left. Without
  reinforce that ranking depends on hits + crits only (more evades are better until they
  cancel everything), so one choice per defense roll and total serves every pair.
* The attacker without a lock, and after spending it, chooses the same way among the ends
  its focus results can reach (which depend on the number of focus results alone). Values
  (one packed integer as in ``solver_values``: expected damage, crits, attacker tokens left,
  defender tokens left, each times ``8**T``) are needed only to compare those ends and
  where the lock can still reroll. A reroll of k dice is valued one die at a time (the
  expectation over k dice of the best end is the expectation over one die of that over
  k - 1), which is exact and costs four terms per (k, dice kept) instead of one per result
  of k dice; blanks kept are dropped from those positions, since no token acts on them.
* Each side's layout of resources depends on its tokens alone and is kept across solves
  (``clear_layouts``), with the ``Tokens`` views of its states.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

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
from tallon.dice.attack import MAX_DICE, Attack, attack_dice_count, defense_dice_count
from tallon.dice.faces import DieKind, Face
from tallon.dice.neutralize import neutralize
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.packed import BITS, LIMIT, SLOT
from tallon.dice.result import AttackResult, Outcome
from tallon.dice.solver_keys import ROLLS

# Each side's spendable tokens in one integer, one packed.BITS-wide count per ability; the
# inert ones (reinforce, strain, deplete) are constants of the attack.
_ATTACKER_SLOTS = {FOCUS: 0, CALCULATE: 1, FORCE: 2, LOCK: 3}
_DEFENDER_SLOTS = {FOCUS: 0, CALCULATE: 1, FORCE: 2, EVADE: 3}
_ATTACKER_INERT = (DEPLETE,)
_DEFENDER_INERT = (REINFORCE, STRAIN)
_TOKEN_SHIFT = 5 * BITS
"""A position's key: its packed pool (fresh dice only) below, the mover's tokens above."""
_POOL_MASK = (1 << _TOKEN_SHIFT) - 1
_FOCUS_AT, _HIT_AT, _EVADE_AT = BITS * Face.FOCUS, BITS * Face.HIT, BITS * Face.EVADE
_NO_BLANKS = _POOL_MASK ^ LIMIT
_DICE_AT = 36
_ONE_DIE = 1 << _DICE_AT
_CHANCE = 1 << 48
"""Flag of the key of a reroll: dice kept (no blanks) | tokens << _TOKEN_SHIFT | dice to roll
<< _DICE_AT | _CHANCE; with 0 dice to roll, the position after the reroll."""
_ATTACK_ROLLS = ROLLS[(DieKind.ATTACK, False)]
_DEFENSE_ROLLS = ROLLS[(DieKind.DEFENSE, False)]
_ONE_ATTACK_DIE = tuple(
    (weight, SLOT[face] if face != Face.BLANK else 0)
    for face, weight in enumerate(DieKind.ATTACK.weights) if weight
)
"""One attack die: (weight out of 8, what it adds to a pool without blanks)."""
_EXTRA_NAMES = {ability: ability.resources() for ability in (
    FOCUS_ABILITY, CALCULATE_ABILITY, FORCE_ABILITY, EVADE_ABILITY, LOCK_ABILITY)}
"""Each token effect's resources (its token, and the lock its mark "disabled")."""
_new_outcome = tuple.__new__


def handles(attack: Attack, objective: Objective | None) -> bool:
    """Whether this solver takes ``attack``: tokens only, as the module docstring says."""
    if objective is not None and type(objective) is not ExpectedDamage:
        return False
    attacker, defender = attack.attacker, attack.defender
    if attacker.abilities or defender.abilities:
        return False
    for name in attacker.tokens:
        if name not in _ATTACKER_SLOTS and name not in _ATTACKER_INERT:
            return False
    return all(name in _DEFENDER_SLOTS or name in _DEFENDER_INERT for name in defender.tokens)


def _left(tokens: int) -> int:
    """Tokens left in a packed tokens integer (four slots of at most 10, all spent by choice):
    neighbouring slots added into two bytes, then the bytes added."""
    pairs = (tokens & 0x0F0F) + ((tokens >> BITS) & 0x0F0F)
    return (pairs & 0xFF) + (pairs >> 8)


class _Side:
    """One ship's tokens as the lean solver uses them: its token effects with their move
    tables and slots, the packed start, and the general solver's layout of resources for
    outcomes (``views``). Depends on the ship's tokens alone (kept by ``_side``)."""

    __slots__ = ("_slots", "_template", "abilities", "index", "start", "views")

    def __init__(self, role: Role, tokens: Tokens, acts: bool) -> None:
        slots, inert = ((_ATTACKER_SLOTS, _ATTACKER_INERT) if role is Role.ATTACKER
                        else (_DEFENDER_SLOTS, _DEFENDER_INERT))
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

    def view(self, tokens: int) -> Tokens:
        """The resources of packed ``tokens`` as the general solver reports them."""
        found = self.views.get(tokens)
        if found is None:
            values = list(self._template)
            for i, shift in self._slots:
                values[i] = (tokens >> shift) & LIMIT
            found = self.views[tokens] = Tokens.from_layout(self.index, tuple(values))
        return found


_SIDES: dict[tuple, _Side] = {}
_MOST_SIDES = 4096


def _side(role: Role, tokens: Tokens, acts: bool) -> _Side:
    """The ``_Side`` for a ship holding ``tokens`` (zeros given count: they are in layouts)."""
    key = (role, acts, tokens.items_given())
    found = _SIDES.get(key)
    if found is None:
        if len(_SIDES) >= _MOST_SIDES:
            _SIDES.clear()
        found = _SIDES[key] = _Side(role, tokens, acts)
    return found


def clear_layouts() -> None:
    """Forget the sides' layouts and views kept across solves (for measurements from
    nothing; they depend on tokens alone, never needed for correctness)."""
    _SIDES.clear()


class TokenSolver:
    """Solve a tokens-only attack (``handles``) exactly, as ``AttackSolver`` would."""

    def __init__(self, attack: Attack) -> None:
        a_tokens, d_tokens = attack.attacker.tokens, attack.defender.tokens
        # Token effects add or remove no dice: the counts need no abilities.
        self.n = attack_dice_count(attack, a_tokens, d_tokens, (), ())[0]
        self.m = defense_dice_count(attack, a_tokens, d_tokens, (), ())[0]
        self.att = _side(Role.ATTACKER, a_tokens, not attack.attacker_locked_out)
        self.dfn = _side(Role.DEFENDER, d_tokens, True)
        self.reinforce = d_tokens[REINFORCE] if attack.reinforce_applies else 0
        self._defense_at: dict[int, list[tuple[int, int]]] = {}
        self._policies: dict[int, list[tuple[int, int]]] = {}

    # --- the defense dice: a one-player subgame ----------------------------------------

    def _terminals(self, key: int, found: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
        """The ends the defender can reach from a position (pool | tokens << _TOKEN_SHIFT), as
        ``evades | tokens << 8``, in the order its choices come (stopping first, then each
        ability's options depth first), each once."""
        return self._reachable(self.dfn, Role.DEFENDER, DieKind.DEFENSE, _EVADE_AT, key,
                               found)

    def _reachable(self, side: _Side, role: Role, kind: DieKind, counted_at: int, key: int,
                   found: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
        """The ends one side's choices reach from ``key`` (pool | tokens << _TOKEN_SHIFT):
        the count of the face at ``counted_at`` with the tokens left (``| tokens << 8``), in
        the order its choices come, each once (remembered in ``found``)."""
        ends = found.get(key)
        if ends is not None:
            return ends
        pool, tokens = key & _POOL_MASK, key >> _TOKEN_SHIFT
        reached = [((pool >> counted_at) & LIMIT) | (tokens << 8)]
        for ability, table, shift in side.abilities:
            if not (tokens >> shift) & LIMIT:
                continue
            entry = table.get(pool)
            if entry is None:
                entry = ability.packed_moves(role, kind, pool)
            paid = (tokens - (1 << shift)) << _TOKEN_SHIFT
            for after, _ in entry[0]:
                reached.extend(self._reachable(side, role, kind, counted_at, after | paid,
                                               found))
        ends = found[key] = tuple(dict.fromkeys(reached))
        return ends

    def _groups(self) -> list[tuple[int, tuple[tuple[int, int, int], ...]]]:
        """The defense rolls by the ends reachable from them (same ends, same choices): (weight
        out of 8**m, ((evades, 63 - tokens left, tokens << 8), ...))."""
        start = self.dfn.start
        keep = 63 - _left(start)
        out = start << 8
        if not self.dfn.abilities or not start:
            found: dict[int, int] = defaultdict(int)
            for weight, pool in _DEFENSE_ROLLS[self.m]:
                found[(pool >> _EVADE_AT) & LIMIT] += weight
            return [(w, ((e, keep, out),)) for e, w in found.items()]
        groups: dict[tuple[int, ...], int] = defaultdict(int)
        reached: dict[int, tuple[int, ...]] = {}
        paid = start << _TOKEN_SHIFT
        for weight, pool in _DEFENSE_ROLLS[self.m]:
            groups[self._terminals(pool | paid, reached)] += weight
        return [
            (w, tuple((end & LIMIT, 63 - _left(end >> 8), end & ~LIMIT) for end in ends))
            for ends, w in groups.items()
        ]

    def _defense(self, pair: int) -> list[tuple[int, int]]:
        """The defender's play against the attack's ``hits | crits << 4``: its outcomes as
        (hits | crits << 4 | tokens << 8, weight out of 8**m)."""
        found = self._defense_at.get(pair)
        if found is not None:
            return found
        hits, crits = pair & LIMIT, pair >> BITS
        m = self.m
        if self.reinforce:
            # RR: ATTACK step 4 and RR: REINFORCE: the defender's rank, lowest best (less
            # damage, then fewer crits; then more tokens left) of each number of evades.
            results = [neutralize(hits, crits, e, reinforce=self.reinforce)
                       for e in range(m + 1)]
            ranks = [((h + c) << 12) | (c << 6) for h, c in results]
            outcomes: dict[int, int] = defaultdict(int)
            for weight, ends in self._group_list:
                best_rank = best = None
                for evades, keep, out in ends:
                    rank = ranks[evades] + keep
                    if best_rank is None or rank < best_rank:
                        best_rank, best = rank, out | evades
                h, c = results[best & LIMIT]  # type: ignore[operator]
                outcomes[h | (c << BITS) | (best & ~LIMIT)] += weight  # type: ignore[operator]
            found = self._defense_at[pair] = list(outcomes.items())
            return found
        # RR: ATTACK step 4: evades cancel hits, then crits. Below hits + crits each evade
        # takes one damage; from there on all are alike: the rank depends on the total alone.
        total = hits + crits
        policy = self._policies.get(total)
        if policy is None:
            policy = self._policies[total] = self._policy(total)
        if len(policy) == 1 and not policy[0][0] & LIMIT:  # no evades at all
            found = self._defense_at[pair] = [(pair | policy[0][0], policy[0][1])]
            return found
        found = []
        for evout, weight in policy:
            evades = evout & LIMIT
            if hits >= evades:
                result = (hits - evades) | (crits << BITS)
            else:
                result = max(0, crits - (evades - hits)) << BITS
            found.append((result | (evout & ~LIMIT), weight))
        self._defense_at[pair] = found
        return found

    def _policy(self, total: int) -> list[tuple[int, int]]:
        """The defender's choice against ``total`` hits and crits: (evades, capped at the total,
        | tokens << 8, weight out of 8**m) for each distinct choice."""
        chosen: dict[int, int] = defaultdict(int)
        for weight, ends in self._group_list:
            if len(ends) == 1:
                evades, _, out = ends[0]
                chosen[min(evades, total) | out] += weight
                continue
            best_rank = best = None
            for evades, keep, out in ends:
                capped = min(evades, total)
                rank = ((total - capped) << 6) + keep
                if best_rank is None or rank < best_rank:
                    best_rank, best = rank, capped | out
            chosen[best] += weight  # type: ignore[index]
        return list(chosen.items())

    # --- the attack dice ----------------------------------------------------------------

    def _value(self, pair: int, tokens: int) -> int:
        """Value of the attack dice ending with ``hits | crits << 4`` and the attacker holding
        ``tokens``: the defense subgame's for that pair, with the attacker's tokens left."""
        end = pair | (tokens << 8)
        value = self._ends.get(end)
        if value is None:
            subgame = self._subgame.get(pair)
            if subgame is None:
                damage = crit = left = 0
                for outcome, weight in self._defense(pair):
                    c = (outcome >> BITS) & LIMIT
                    damage += weight * ((outcome & LIMIT) + c)
                    crit += weight * c
                    left += weight * _left(outcome >> 8)
                width = self._width
                subgame = self._subgame[pair] = (
                    (damage << (3 * width)) | (crit << (2 * width)) | left
                ) * self._defense_scale
            value = self._ends[end] = subgame + ((_left(tokens) * self._scale) << self._width)
        return value

    def _conversions(self, key: int) -> tuple[int, ...]:
        """The ends the attacker's focus results (``focus << _FOCUS_AT | tokens <<
        _TOKEN_SHIFT``, no lock) can reach, as ``hits gained | tokens << 8``, in the order its
        choices come, each once."""
        return self._reachable(self.att, Role.ATTACKER, DieKind.ATTACK, _HIT_AT, key,
                               self._converts)

    def _best_end(self, pool: int, tokens: int) -> int:
        """The attacker's choice without a lock: its best reachable end (``hits | crits << 4 |
        tokens << 8``), the first on ties."""
        pair = (pool >> _HIT_AT) & 0xFF
        ends = self._conversions((pool & (LIMIT << _FOCUS_AT)) | (tokens << _TOKEN_SHIFT))
        if len(ends) == 1:
            return pair | (tokens << 8)
        get, low = self._ends.get, self._low
        best = best_rank = None
        for end in ends:
            value = get(pair + end)
            if value is None:
                value = self._value(pair + (end & LIMIT), end >> 8)
            rank = value ^ low
            if best_rank is None or rank > best_rank:
                best_rank, best = rank, end
        return pair + best  # type: ignore[operator]

    def _decide(self, key: int) -> int:
        """The attacker holding its lock modifies its dice (RR: ATTACK step 2b): stopping
        first, then each option of each ability; the best for it (more damage, more crits,
        more of its tokens left, fewer of the defender's), the first on ties."""
        pool, tokens = key & _POOL_MASK, key >> _TOKEN_SHIFT
        memo, low = self._memo, self._low
        pair = (pool >> _HIT_AT) & 0xFF
        best = self._ends.get(pair | (tokens << 8))
        if best is None:
            best = self._value(pair, tokens)
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
                if count:  # the lock's reroll: nothing rerolls after it
                    child = (after & _NO_BLANKS) | paid | (count << _DICE_AT) | _CHANCE
                    value = memo.get(child)
                    if value is None:
                        value = self._chance(child)
                else:
                    child = after | paid
                    value = memo.get(child)
                    if value is None:
                        value = self._decide(child)
                rank = value ^ low
                if rank > best_rank:
                    best, best_rank, choice = value, rank, child
        memo[key] = best
        self._choice[key] = choice
        self._order.append(key)
        return best

    def _chance(self, key: int) -> int:
        """Expected value of rolling ``count`` dice into the dice kept, one die at a time;
        with none left to roll, the attacker's best end there (its choice remembered)."""
        if key & (LIMIT << _DICE_AT):
            child = key - _ONE_DIE
            get = self._memo.get
            total = 0
            for weight, add in _ONE_ATTACK_DIE:
                value = get(child + add)
                if value is None:
                    value = self._chance(child + add)
                total += weight * value
            value = self._memo[key] = total >> 3
            return value
        pool, tokens = key & _POOL_MASK, (key >> _TOKEN_SHIFT) & 0xFFFF
        end = self._after[key] = self._best_end(pool, tokens)
        value = self._ends.get(end)
        if value is None:
            value = self._value(end & 0xFF, end >> 8)
        self._memo[key] = value
        return value

    def _attack_ends(self) -> dict[int, int]:
        """Where the attack dice end under the attacker's play: hits | crits << 4 | attacker
        tokens << 8 -> mass out of 8**(2n)."""
        n, start = self.n, self.att.start
        ends: dict[int, int] = defaultdict(int)
        rolled = _ATTACK_ROLLS[n]
        shift = 3 * n
        if not self.att.abilities or not start:
            out = start << 8
            for weight, pool in rolled:
                ends[((pool >> _HIT_AT) & 0xFF) | out] += weight << shift
            return ends
        self._setup_values()
        if not (start >> (BITS * _ATTACKER_SLOTS[LOCK])) & LIMIT:
            best_end = self._best_end
            for weight, pool in rolled:
                ends[best_end(pool, start)] += weight << shift
            return ends
        paid = start << _TOKEN_SHIFT
        memo = self._memo
        for _, pool in rolled:
            if pool | paid not in memo:
                self._decide(pool | paid)
        # The masses down the choices made, parents before children.
        mass: dict[int, int] = defaultdict(int)
        for weight, pool in rolled:
            mass[pool | paid] += weight << shift
        levels: list[dict[int, int]] = [defaultdict(int) for _ in range(n + 1)]
        choice, take = self._choice, mass.pop
        for key in reversed(self._order):
            m = take(key, 0)
            if not m:
                continue
            child = choice[key]
            if child is None:
                ends[((key >> _HIT_AT) & 0xFF) | ((key >> _TOKEN_SHIFT) << 8)] += m
            elif child & _CHANCE:
                levels[(child >> _DICE_AT) & LIMIT][child] += m
            else:
                mass[child] += m
        # Each reroll one die at a time: masses are multiples of 8**n until then.
        for count in range(n, 0, -1):
            below = levels[count - 1]
            for key, m in levels[count].items():
                child = key - _ONE_DIE
                for weight, add in _ONE_ATTACK_DIE:
                    below[child + add] += (m * weight) >> 3
        after = self._after
        for key, m in levels[0].items():
            ends[after[key]] += m
        return ends

    def _setup_values(self) -> None:
        # Values are exact expectations times 8**T, T bounding the dice rolled on any path;
        # each field has room for a sum over the 8**6 results of a roll (solver_values).
        n = self.n
        self._scale = 8 ** (2 * n + self.m)
        self._defense_scale = 8 ** (2 * n)
        self._width = ((40 * self._scale) << (3 * MAX_DICE + 3)).bit_length() + 1
        self._low = (1 << self._width) - 1
        self._memo: dict[int, int] = {}
        self._choice: dict[int, int | None] = {}
        self._order: list[int] = []
        self._after: dict[int, int] = {}
        self._ends: dict[int, int] = {}
        self._subgame: dict[int, int] = {}
        self._converts: dict[int, tuple[int, ...]] = {}

    def solve(self, objective_name: str) -> AttackResult:
        """The exact distribution of outcomes under optimal play, as ``AttackSolver.solve``
        gives it (over the same denominator)."""
        self._group_list = self._groups()
        found: dict[int, int] = defaultdict(int)
        defense = self._defense
        for end, a_mass in self._attack_ends().items():
            shifted = (end >> 8) << 24
            for outcome, d_mass in defense(end & 0xFF):
                found[outcome | shifted] += a_mass * d_mass
        # AttackSolver's denominator: 8**(2 attack rolls + 2 rolls of MAX_DICE defense dice).
        factor = 8 ** (2 * MAX_DICE - self.m)
        denominator = 8 ** (2 * self.n + 2 * MAX_DICE)
        att_views, dfn_views = self.att.views, self.dfn.views
        att_view, dfn_view = self.att.view, self.dfn.view
        masses = {}
        damage = 0
        for key, mass in found.items():
            hits, crits = key & LIMIT, (key >> BITS) & LIMIT
            mass *= factor
            damage += mass * (hits + crits)
            a_tokens, d_tokens = key >> 24, (key >> 8) & 0xFFFF
            a_view = att_views.get(a_tokens)
            if a_view is None:
                a_view = att_view(a_tokens)
            d_view = dfn_views.get(d_tokens)
            if d_view is None:
                d_view = dfn_view(d_tokens)
            masses[_new_outcome(Outcome, (hits, crits, a_view, d_view))] = mass
        return AttackResult.owning(masses, denominator, objective_name,
                                   Fraction(damage, denominator))


def solve_tokens(attack: Attack, objective: Objective | None = None) -> AttackResult:
    """``AttackSolver(attack, objective).solve()`` for an attack ``handles`` takes."""
    return TokenSolver(attack).solve((objective or ExpectedDamage()).describe())
