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
  first). From m hits and crits on (m defense dice, so at most m evades) nothing is capped
  and the reply is the same; against none, every roll stops and keeps every token.
* What depends on the ships' tokens and dice alone, never on a value or a choice, is kept
  across solves like the move tables (``tallon.dice.solver_tokens_sides``, cleared by
  ``clear_layouts``): each ship's layout of resources with the ``Tokens`` views of its
  states, the ends its choices reach from a pool, its rolls of m defense dice grouped by
  those ends, the positions its options lead to, the attacker's whole game from n dice
  compiled into flat lists (``tallon.dice.solver_tokens_graph``: a solve walks them instead
  of recursing), and (the attacker's, per defender layout) the ``Outcome`` objects of packed
  outcomes.
* The distribution is complete when the solve returns (packed outcomes with their masses);
  the result turns it into ``Outcome`` keys, and sums the value, when first read
  (``AttackResult.deferred``): hashing both ships' ``Tokens`` of every outcome adds a
  quarter to the solve of a small attack, and the figures most read (the value, the damage
  distribution, P(crit)) need only the masses by (hits, crits).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from operator import add, mul

from tallon.dice.abilities.base import Role
from tallon.dice.abilities.tokens import REINFORCE
from tallon.dice.attack import MAX_DICE, Attack, attack_dice_count, defense_dice_count
from tallon.dice.neutralize import neutralize
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.packed import BITS, LIMIT
from tallon.dice.result import AttackResult, Outcome
from tallon.dice.solver_tokens_graph import AttackGraph, attack_graph
from tallon.dice.solver_tokens_sides import (  # noqa: F401 (clear_layouts: re-exported)
    ATTACK_PAIRS,
    ATTACKER_INERT,
    ATTACKER_SLOTS,
    DEFENDER_INERT,
    DEFENDER_SLOTS,
    MOST_SIDES,
    TokenSide,
    clear_layouts,
    defense_groups,
    token_side,
    tokens_left,
)

_new_outcome = tuple.__new__
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

    def solve(self, objective_name: str) -> AttackResult:
        """The exact distribution of outcomes under optimal play, as ``AttackSolver.solve``
        gives it (over the same denominator)."""
        n, m = self.n, self.m
        graph = attack_graph(self.att, n)
        groups = defense_groups(self.dfn, m)
        # AttackSolver's denominator: 8**(2 attack rolls + 2 rolls of MAX_DICE defense dice);
        # masses here are out of 8**(2n + m). Each end of the attack dice with its mass (the
        # ends are the graph's first nodes: zip stops there) meets each defender's reply.
        factor = 8 ** (2 * MAX_DICE - m)
        if len(groups) == 1 and len(groups[0][1]) == 1 and not groups[0][1][0][0] and \
                not self.reinforce and not graph.chooses:
            # Nothing to cancel with (no defense dice, no evade) and nothing to choose: the
            # attack dice's results stand, and the defender keeps what it has.
            factor *= groups[0][0]
            out = groups[0][1][0][2] | (self.att.start << 24)
            found = {pair | out: mass for pair, mass in ATTACK_PAIRS[n]}
        elif self.reinforce:
            replies = {pair: self._reinforced(groups, pair) for pair in graph.pairs}
            masses = graph.play(self._ranks(graph, replies) if graph.chooses else [])
            found = defaultdict(int)
            for (shifted, pair, _, _), a_mass in zip(graph.end_outs, masses, strict=False):
                if a_mass:
                    for outcome, d_mass in replies[pair]:
                        found[outcome | shifted] += a_mass * d_mass
        else:
            policies = _policies(groups, graph.totals, m)
            masses = graph.play(self._ranks(graph, policies) if graph.chooses else [])
            found = defaultdict(int)
            for (_, _, total, canceled), a_mass in zip(graph.end_outs, masses, strict=False):
                if a_mass:
                    for evades, tokens, d_mass in policies[total][0]:
                        found[canceled[evades] | tokens] += a_mass * d_mass
        denominator = 8 ** (2 * n + 2 * MAX_DICE)
        att, dfn = self.att, self.dfn
        return AttackResult.deferred(
            lambda: _masses(att, dfn, found, factor), denominator, objective_name,
            lambda: Fraction(factor * sum(map(mul, found.values(),
                                              map(_DAMAGE.__getitem__, map(_PAIR, found)))),
                             denominator),
            lambda: _pairs(found, factor))

    # --- the defense dice: a one-player subgame ----------------------------------------

    def _reinforced(self, groups: list, pair: int) -> list[tuple[int, int]]:
        """The defender's play against the attack's ``hits | crits << 4`` with reinforce: its
        outcomes as (hits | crits << 4 | tokens << 8, weight out of 8**m)."""
        hits, crits = pair & LIMIT, pair >> BITS
        # RR: ATTACK step 4 and RR: REINFORCE: the defender's rank, lowest best (less damage,
        # then fewer crits; then more tokens left) of each number of evades.
        results = [neutralize(hits, crits, e, reinforce=self.reinforce)
                   for e in range(self.m + 1)]
        ranks = [((h + c) << 12) | (c << 6) for h, c in results]
        outcomes: dict[int, int] = defaultdict(int)
        for weight, ends in groups:
            best_rank = best = None
            for evades, keep, out in ends:
                rank = ranks[evades] + keep
                if best_rank is None or rank < best_rank:
                    best_rank, best = rank, out | evades
            h, c = results[best & LIMIT]  # type: ignore[operator]
            outcomes[h | (c << BITS) | (best & ~LIMIT)] += weight  # type: ignore[operator]
        return list(outcomes.items())

    def _ranks(self, graph: AttackGraph, replies: dict) -> list[int]:
        """The ranks of the graph's ends (``solver_tokens_graph``) that a choice compares: the
        defense subgame's expected damage, crits and defender tokens left for the end's hits
        and crits, with the attacker's tokens left; ``replies`` are the defender's by pair
        (``_reinforced``) or, without reinforce, by total (``_policies``)."""
        scale, width, dscale = _fields(self.n, self.m)
        low = (1 << width) - 1
        sub = [0] * 256  # by pair: 0 for those no choice compares
        if self.reinforce:
            for pair in graph.compared:
                damage = crit = left = 0
                for outcome, weight in replies[pair]:
                    c = (outcome >> BITS) & LIMIT
                    damage += weight * ((outcome & LIMIT) + c)
                    crit += weight * c
                    left += weight * tokens_left(outcome >> 8)
                sub[pair] = (((damage << (3 * width)) | (crit << (2 * width)) | left)
                             * dscale) ^ low
        else:
            # Evades cancel hits first: the damage is the total less the evades used,
            # whatever the split; crits lose only the evades beyond the hits.
            fields, all_crits = {}, 3 * self.m
            for total, (_, used, left) in replies.items():
                fields[total] = ((((total << all_crits) - used) << (3 * width)) | left) * dscale
            crit_at = 2 * width
            for pair in graph.compared:
                hits, crits = pair & LIMIT, pair >> BITS
                crit = crits << all_crits
                if crits:
                    for evades, _, weight in replies[hits + crits][0]:
                        if evades > hits:
                            crit -= weight * (evades - hits)
                sub[pair] = (fields[hits + crits] + ((crit * dscale) << crit_at)) ^ low
        terms = {left: (left * scale) << width for left in graph.lefts}
        return list(map(add, map(sub.__getitem__, graph.end_pairs),
                        map(terms.__getitem__, graph.end_left)))


def _policies(groups: list, totals: tuple[int, ...], m: int) -> dict[int, tuple]:
    """The defender's choices against each of ``totals`` hits and crits without reinforce
    (RR: ATTACK step 4: evades cancel hits, then crits; below the total each evade takes one
    damage, from there on all are alike, so the rank depends on the total alone): ((evades
    capped at the total, tokens << 8, weight out of 8**m) for each distinct choice, evades
    used and tokens left summed over the rolls times their weights)."""
    found: dict[int, tuple] = {}
    uncapped = None
    for total in totals:
        # Token effects only change results, so no more than m evades: from m hits and crits
        # on, nothing is capped and the ranks keep their order.
        if total >= m and uncapped is not None:
            found[total] = uncapped
            continue
        if not total:
            # Nothing to cancel: every roll's first end, stopping, keeps the most tokens (all
            # of them, the same for every roll).
            _, keep, out = groups[0][1][0]
            found[0] = ([(0, out, 1 << (3 * m))], 0, (63 - keep) << (3 * m))
            continue
        chosen: dict[int, int] = {}
        used = left = 0
        for weight, ends in groups:
            evades, keep, out = ends[0]
            if evades > total:
                evades = total
            if len(ends) > 1:
                best_rank = ((total - evades) << 6) + keep
                for e, k, o in ends[1:]:
                    if e > total:
                        e = total
                    rank = ((total - e) << 6) + k
                    if rank < best_rank:
                        best_rank, evades, keep, out = rank, e, k, o
            chosen[evades | out] = chosen.get(evades | out, 0) + weight
            used += weight * evades
            left += weight * (63 - keep)
        found[total] = ([(key & LIMIT, key & ~LIMIT, weight) for key, weight in chosen.items()],
                        used, left)
        if total >= m:
            uncapped = found[total]
    return found


def _fields(n: int, m: int) -> tuple[int, int, int]:
    """For n attack and m defense dice: the scale of end values, the width of a field of a
    packed value and the scale of the defense subgame's fields. Values are exact expectations
    times 8**T, T bounding the dice rolled on any path; each field has room for a sum over
    the 8**6 results of a roll (solver_values)."""
    found = _FIELDS.get((n, m))
    if found is None:
        scale = 8 ** (2 * n + m)
        width = ((40 * scale) << (3 * MAX_DICE + 3)).bit_length() + 1
        found = _FIELDS[(n, m)] = (scale, width, 8 ** (2 * n))
    return found


_FIELDS: dict[tuple[int, int], tuple[int, int, int]] = {}


def _masses(att: TokenSide, dfn: TokenSide, found: dict[int, int],
            factor: int) -> dict[Outcome, int]:
    """The ``Outcome`` masses of packed ones (hits | crits << 4 | defender tokens << 8 |
    attacker tokens << 24), the ``Outcome`` objects kept per pair of sides."""
    known = att.outcomes.get(dfn)
    if known is None:
        if len(att.outcomes) >= MOST_SIDES:
            att.outcomes.clear()
        known = att.outcomes[dfn] = {}
    for key in () if known.keys() >= found.keys() else found.keys() - known.keys():
        known[key] = _new_outcome(Outcome, (key & LIMIT, (key >> BITS) & LIMIT,
                                            att.view(key >> 24), dfn.view((key >> 8) & 0xFFFF)))
    return {known[key]: mass * factor for key, mass in found.items()}


def _pairs(found: dict[int, int], factor: int) -> dict[tuple[int, int], int]:
    """The masses of packed outcomes by uncanceled (hits, crits)."""
    pairs: dict[int, int] = defaultdict(int)
    for key, mass in found.items():
        pairs[key & 0xFF] += mass
    return {(pair & LIMIT, pair >> BITS): mass * factor for pair, mass in pairs.items()}


def solve_tokens(attack: Attack, objective: Objective | None = None) -> AttackResult:
    """``AttackSolver(attack, objective).solve()`` for an attack ``handles`` takes."""
    return TokenSolver(attack).solve((objective or ExpectedDamage()).describe())
