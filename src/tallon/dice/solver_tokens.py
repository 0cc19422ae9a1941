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
  of k dice; blanks kept are dropped from those positions, since no token acts on them,
  and so are focus results once nothing is left to change them.
* Without reinforce the defender's reply depends on hits + crits alone, and so do the
  expected damage and its tokens left: only the crits need the split (evades cancel hits
  first).
* What depends on the ships' tokens and dice alone, never on a value or a choice, is kept
  across solves like the move tables (``tallon.dice.solver_tokens_sides``, cleared by
  ``clear_layouts``): each ship's layout of resources with the ``Tokens`` views of its
  states, the ends its choices reach from a pool, its rolls of m defense dice grouped by
  those ends, the positions its options lead to, and (the attacker's, per defender layout)
  the ``Outcome`` objects of packed outcomes.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from operator import mul

from tallon.dice.abilities.base import Role
from tallon.dice.abilities.tokens import LOCK, REINFORCE
from tallon.dice.attack import MAX_DICE, Attack, attack_dice_count, defense_dice_count
from tallon.dice.faces import DieKind
from tallon.dice.neutralize import neutralize
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.packed import BITS, LIMIT
from tallon.dice.result import AttackResult, Outcome
from tallon.dice.solver_tokens_sides import (  # noqa: F401 (clear_layouts: re-exported)
    ATTACK_PAIRS,
    ATTACK_ROLLS,
    ATTACK_SPLIT,
    ATTACKER_INERT,
    ATTACKER_SLOTS,
    CHANCE,
    CONVERTS,
    DEFENDER_INERT,
    DEFENDER_SLOTS,
    DICE_AT,
    DROP_FOCUS,
    FOCUS_AT,
    HIT_AT,
    MOST_SIDES,
    NO_BLANKS,
    ONE_ATTACK_DIE,
    ONE_DIE,
    ONE_INERT_DIE,
    POOL_MASK,
    TOKEN_SHIFT,
    clear_layouts,
    defense_groups,
    option_keys,
    reachable,
    token_side,
    tokens_left,
)

_new_outcome = tuple.__new__
_LOCK_AT = BITS * ATTACKER_SLOTS[LOCK]
_PAIR = (0xFF).__and__
"""hits | crits << 4 of a packed outcome."""
_DAMAGE = tuple((pair & LIMIT) + (pair >> BITS) for pair in range(256))
"""The damage (hits + crits) of each hits | crits << 4."""


def handles(attack: Attack, objective: Objective | None) -> bool:
    """Whether this solver takes ``attack``: tokens only, as the module docstring says."""
    if objective is not None and type(objective) is not ExpectedDamage:
        return False
    if not attack.rules.lean_solver:  # its token effects are 2.5's (tallon.dice.dice_rules)
        return False
    attacker, defender = attack.attacker, attack.defender
    if attacker.abilities or defender.abilities:
        return False
    for name in attacker.tokens:
        if name not in ATTACKER_SLOTS and name not in ATTACKER_INERT:
            return False
    return all(name in DEFENDER_SLOTS or name in DEFENDER_INERT for name in defender.tokens)


class TokenSolver:
    """Solve a tokens-only attack (``handles``) exactly, as ``AttackSolver`` would."""

    def __init__(self, attack: Attack) -> None:
        a_tokens, d_tokens = attack.attacker.tokens, attack.defender.tokens
        # Token effects add or remove no dice: the counts need no abilities.
        self.n = attack_dice_count(attack, a_tokens, d_tokens, (), ())[0]
        self.m = defense_dice_count(attack, a_tokens, d_tokens, (), ())[0]
        self.att = token_side(Role.ATTACKER, a_tokens, not attack.attacker_locked_out)
        self.dfn = token_side(Role.DEFENDER, d_tokens, True)
        self.reinforce = d_tokens[REINFORCE] if attack.reinforce_applies else 0
        self._defense_at: dict[int, list[tuple[int, int]]] = {}
        self._policies: dict[int, list[tuple[int, int]]] = {}
        self._stats: dict[int, tuple[int, int, list[tuple[int, int]]]] = {}

    # --- the defense dice: a one-player subgame ----------------------------------------

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
                chosen[(evades if evades < total else total) | out] += weight
                continue
            best_rank = best = None
            for evades, keep, out in ends:
                capped = evades if evades < total else total
                rank = ((total - capped) << 6) + keep
                if best_rank is None or rank < best_rank:
                    best_rank, best = rank, capped | out
            chosen[best] += weight  # type: ignore[index]
        return list(chosen.items())

    def _total_stats(self, total: int) -> tuple[int, int, list[tuple[int, int]]]:
        """Against ``total`` hits and crits (no reinforce): the damage and the defender's
        tokens left summed over its rolls (times their weights), and its evades used as
        (evades, weight) for each number of evades above 0."""
        policy = self._policies.get(total)
        if policy is None:
            policy = self._policies[total] = self._policy(total)
        damage = total << (3 * self.m)
        left = 0
        evades: dict[int, int] = defaultdict(int)
        for evout, weight in policy:
            e = evout & LIMIT
            left += weight * tokens_left(evout >> 8)
            if e:
                damage -= weight * e
                evades[e] += weight
        found = self._stats[total] = (damage, left, list(evades.items()))
        return found

    # --- the attack dice ----------------------------------------------------------------

    def _value(self, pair: int, tokens: int) -> int:
        """Value of the attack dice ending with ``hits | crits << 4`` and the attacker holding
        ``tokens``: the defense subgame's for that pair, with the attacker's tokens left."""
        end = pair | (tokens << 8)
        value = self._ends.get(end)
        if value is None:
            subgame = self._subgame.get(pair)
            if subgame is None:
                if self.reinforce:
                    damage = crit = left = 0
                    for outcome, weight in self._defense(pair):
                        c = (outcome >> BITS) & LIMIT
                        damage += weight * ((outcome & LIMIT) + c)
                        crit += weight * c
                        left += weight * tokens_left(outcome >> 8)
                else:
                    # Evades cancel hits first: the damage is the total less the evades used,
                    # whatever the split; crits lose only the evades beyond the hits.
                    hits, crits = pair & LIMIT, pair >> BITS
                    total = hits + crits
                    stats = self._stats.get(total)
                    if stats is None:
                        stats = self._total_stats(total)
                    damage, left, evades = stats
                    crit = crits << (3 * self.m)
                    for e, weight in evades:
                        if e > hits:
                            crit -= weight * (e - hits)
                width = self._width
                subgame = self._subgame[pair] = (
                    (damage << (3 * width)) | (crit << (2 * width)) | left
                ) * self._defense_scale
            value = self._ends[end] = subgame + ((tokens_left(tokens) * self._scale) << self._width)
        return value

    def _conversions(self, key: int) -> tuple[int, ...]:
        """The ends the attacker's focus results (``focus << FOCUS_AT | tokens <<
        TOKEN_SHIFT``, no lock) can reach, as ``hits gained | tokens << 8``, in the order its
        choices come, each once."""
        return reachable(self.att, Role.ATTACKER, DieKind.ATTACK, HIT_AT, key)

    def _best_end(self, pool: int, tokens: int) -> int:
        """The attacker's choice without a lock: its best reachable end (``hits | crits << 4 |
        tokens << 8``), the first on ties."""
        pair = (pool >> HIT_AT) & 0xFF
        key = (pool & (LIMIT << FOCUS_AT)) | (tokens << TOKEN_SHIFT)
        ends = self.att.reach.get(key)
        if ends is None:
            ends = self._conversions(key)
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
        pool, tokens = key & POOL_MASK, key >> TOKEN_SHIFT
        memo, low = self._memo, self._low
        pair = (pool >> HIT_AT) & 0xFF
        best = self._ends.get(pair | (tokens << 8))
        if best is None:
            best = self._value(pair, tokens)
        best_rank = best ^ low
        choice = None
        att = self.att
        for index, (_, _, shift) in enumerate(att.abilities):
            if not (tokens >> shift) & LIMIT:
                continue
            paid = (tokens - (1 << shift)) << TOKEN_SHIFT
            parts = att.options.get(pool | (index << TOKEN_SHIFT))
            if parts is None:
                parts = option_keys(att, index, pool)
            if shift == _LOCK_AT:  # the lock's reroll: nothing rerolls after it
                # Focus results are blanks to an attacker left with nothing to change them.
                mask = -1 if paid & CONVERTS else DROP_FOCUS
                for part in parts:
                    child = (part & mask) | paid
                    value = memo.get(child)
                    if value is None:
                        value = self._chance(child)
                    rank = value ^ low
                    if rank > best_rank:
                        best, best_rank, choice = value, rank, child
                continue
            for part in parts:
                child = part | paid
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
        if key & (LIMIT << DICE_AT):
            child = key - ONE_DIE
            get = self._memo.get
            total = 0
            for weight, add in ONE_ATTACK_DIE if key & CONVERTS else ONE_INERT_DIE:
                add += child
                value = get(add)
                if value is None:
                    value = self._chance(add)
                total += weight * value
            value = self._memo[key] = total >> 3
            return value
        pool, tokens = key & POOL_MASK, (key >> TOKEN_SHIFT) & 0xFFFF
        if key & CONVERTS:
            end = self._after[key] = self._best_end(pool, tokens)
        else:  # nothing left to change the dice with
            end = self._after[key] = ((pool >> HIT_AT) & 0xFF) | (tokens << 8)
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
        rolled = ATTACK_ROLLS[n]
        shift = 3 * n
        if not self.att.abilities or not start:
            out = start << 8
            for mass, pair, _ in ATTACK_SPLIT[n]:
                ends[pair | out] += mass
            return ends
        self._setup_values()
        if not (start >> (BITS * ATTACKER_SLOTS[LOCK])) & LIMIT:
            # Without focus results no token effect has anything to change.
            best_end, out = self._best_end, start << 8
            for mass, pair, focus in ATTACK_SPLIT[n]:
                if focus:
                    ends[best_end(focus, start)] += mass
                else:
                    ends[pair | out] += mass
            return ends
        paid = start << TOKEN_SHIFT
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
                ends[((key >> HIT_AT) & 0xFF) | ((key >> TOKEN_SHIFT) << 8)] += m
            elif child & CHANCE:
                levels[(child >> DICE_AT) & LIMIT][child] += m
            else:
                mass[child] += m
        # Each reroll one die at a time: masses are multiples of 8**n until then.
        for count in range(n, 0, -1):
            below = levels[count - 1]
            for key, m in levels[count].items():
                child = key - ONE_DIE
                for weight, add in ONE_ATTACK_DIE if key & CONVERTS else ONE_INERT_DIE:
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

    def solve(self, objective_name: str) -> AttackResult:
        """The exact distribution of outcomes under optimal play, as ``AttackSolver.solve``
        gives it (over the same denominator)."""
        self._group_list = defense_groups(self.dfn, self.m)
        # AttackSolver's denominator: 8**(2 attack rolls + 2 rolls of MAX_DICE defense dice).
        factor = 8 ** (2 * MAX_DICE - self.m)
        denominator = 8 ** (2 * self.n + 2 * MAX_DICE)
        found: dict[int, int] = defaultdict(int)
        groups = self._group_list
        if len(groups) == 1 and len(groups[0][1]) == 1 and not groups[0][1][0][0] and \
                not self.reinforce:
            # Nothing to cancel with (no defense dice, no evade): the attack dice's results
            # stand, and the defender keeps what it has.
            factor *= groups[0][0]
            out = groups[0][1][0][2]
            if not self.att.abilities or not self.att.start:
                out |= self.att.start << 24
                found = {pair | out: mass * factor for pair, mass in ATTACK_PAIRS[self.n]}
            else:
                for end, a_mass in self._attack_ends().items():
                    found[(end & 0xFF) | out | ((end >> 8) << 24)] = a_mass * factor
        else:
            defense, known_replies = self._defense, self._defense_at
            for end, a_mass in self._attack_ends().items():
                shifted = (end >> 8) << 24
                a_mass *= factor
                replies = known_replies.get(end & 0xFF)
                if replies is None:
                    replies = defense(end & 0xFF)
                for outcome, d_mass in replies:
                    found[outcome | shifted] += a_mass * d_mass
        known = self.att.outcomes.get(self.dfn)
        if known is None:
            if len(self.att.outcomes) >= MOST_SIDES:
                self.att.outcomes.clear()
            known = self.att.outcomes[self.dfn] = {}
        if not known.keys() >= found.keys():
            for key in found.keys() - known.keys():
                known[key] = self._outcome(key)
        # Whole-collection operations: no Python-level step per outcome.
        masses = dict(zip(map(known.__getitem__, found), found.values(), strict=True))
        damage = sum(map(mul, found.values(), map(_DAMAGE.__getitem__, map(_PAIR, found))))
        return AttackResult.owning(masses, denominator, objective_name,
                                   Fraction(damage, denominator))

    def _outcome(self, key: int) -> Outcome:
        """The ``Outcome`` of a packed one: hits | crits << 4 | defender tokens << 8 |
        attacker tokens << 24."""
        return _new_outcome(Outcome, (key & LIMIT, (key >> BITS) & LIMIT,
                                      self.att.view(key >> 24),
                                      self.dfn.view((key >> 8) & 0xFFFF)))


def solve_tokens(attack: Attack, objective: Objective | None = None) -> AttackResult:
    """``AttackSolver(attack, objective).solve()`` for an attack ``handles`` takes."""
    return TokenSolver(attack).solve((objective or ExpectedDamage()).describe())
