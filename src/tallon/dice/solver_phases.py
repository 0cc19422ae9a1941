"""Backward induction over the positions of an attack (RR: ATTACK steps 2-4).

The attack-dice phase has scalar values; where the attack dice are final, the defense-dice
subgame is solved once for every (hits, crits) pair at the same time, its values vectors with
one entry per pair, each entry with its own optimal choices. At the subgame's ends results
are neutralized (RR: ATTACK step 4) and paid off. The recorded choices give the exact
distribution of outcomes in a forward pass (``_b_conditional`` for the subgame).

``_a_decide_value`` is the solver's hot loop and is kept inline: it repeats the key rules of
``PositionGraph._children`` for the attacker's choices (keep the two alike).
"""

from __future__ import annotations

from tallon.dice.abilities.base import DiceAbility, Role, Tokens
from tallon.dice.neutralize import neutralize
from tallon.dice.packed import FRESH_MASK, POOL_BITS, REROLLED_SHIFT
from tallon.dice.solver_contexts import Decide, End, OutcomeKey, Payoff, Resources, Roll
from tallon.dice.solver_graph import PositionGraph
from tallon.dice.solver_keys import (
    BYTE,
    FORGET,
    HIT_AT,
    KEEP,
    POOL_MASK,
    REROLLED_HIT_AT,
    SETTLED,
    ScaleError,
)
from tallon.dice.solver_moves import check_dice


class PhaseRecursion(PositionGraph):
    """The values and choices of the positions of both phases (``AttackSolver`` builds on
    it)."""

    # The payoff and the rules of Neutralize Results, as AttackSolver.__init__ sets them.
    payoff: Payoff
    payoff_scale: int
    pairs: list[tuple[int, int]]
    """Every (hits, crits) the attack dice can end with: one vector entry each."""
    reinforce_at: int | None
    crits_first: bool
    evades_cancel_crits: bool
    defender_cancels: tuple[int, int]
    """(cancel_crits, cancel_results) for ``neutralize``."""
    _pair_of_code: dict[int, int]
    _payoff_reads_tokens: bool
    _hooks: list[tuple[Role, DiceAbility]]
    _preventers: list[DiceAbility]

    def __init__(self, tokens_bound: int) -> None:
        super().__init__(tokens_bound)
        # Attack-dice phase: values, choices (the child key chosen) and the positions in the
        # order their values were found (children first).
        self._memo: dict[int, int] = {}
        self._choice: dict[int, int] = {}
        self._order: list[int] = []
        # Defense-dice phase: the same with value vectors and one choice per pair.
        self._b_memo: dict[int, tuple[int, ...]] = {}
        self._b_choice: dict[int, int | list[int]] = {}
        self._b_order: list[int] = []
        # The subgames' value vectors in the attacker's layout, by root (see _pack).
        self._a_values_at: dict[int, list[int]] = {}
        # The outcome of each entry at each end of the attack (made when the forward pass
        # needs it): (neutralized results, resources) or the list of outcomes.
        self._b_outcomes: dict[int, tuple[list[tuple[int, int]], Resources, Resources]
                               | list[OutcomeKey]] = {}
        self._neutralized: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._end_payoffs: dict[tuple[int, int], list[int]] = {}
        self._paid_outs: dict[tuple[int, int], int] = {}

    def _a_value(self, key: int) -> int:
        value = self._memo.get(key)
        if value is None:
            value = self._a_eval(key)
        return value

    def _a_eval(self, key: int) -> int:
        context = self._a_contexts[key >> POOL_BITS]
        kind = type(context)
        if kind is Decide:
            value = self._a_decide_value(key, context)  # type: ignore[arg-type]
            self._order.append(key)
        elif kind is Roll:
            value = self._a_roll_value(key, context)  # type: ignore[arg-type]
            self._order.append(key)
        else:
            # An end of the attack-dice phase: solve its defense subgame and note the value of
            # every (hits, crits) at once, so that no other end of it comes here.
            base = key - (key & POOL_MASK)
            frozen = context.frozen  # type: ignore[union-attr]
            roots = context.roots  # type: ignore[union-attr]
            if roots is None:
                values = self._end_values(context.root)  # type: ignore[union-attr]
                self._memo.update({
                    base + code: values[pair] + frozen
                    for code, pair in self._pair_of_code.items()
                })
            else:  # each total its own number of defense dice (Predictive Shot)
                self._memo.update({
                    base + code: self._end_values(roots[pair])[pair] + frozen
                    for code, pair in self._pair_of_code.items()
                })
            return self._memo[key]
        self._memo[key] = value
        return value

    def _end_values(self, root: int) -> list[int]:
        """The value vector of the defense subgame at ``root`` in the attacker's layout."""
        values = self._a_values_at.get(root)
        if values is None:
            # The same subgame for ends that differ only in frozen resources: one layout.
            layout = self._attacker_layout
            values = self._a_values_at[root] = [layout(v) for v in self._b_value(root)]
        return values

    def _a_decide_value(self, key: int, context: Decide) -> int:
        memo = self._memo
        evaluate = self._a_eval
        pool = key & POOL_MASK
        best = best_rank = best_child = None
        if not context.attacker:
            rank_of = self._defender_rank
            for child in self._children(context, pool, self._most_attack_dice):
                value = memo.get(child)
                if value is None:
                    value = evaluate(child)
                rank = rank_of(value)
                if best_rank is None or rank > best_rank:
                    best, best_rank, best_child = value, rank, child
            if best_child is None:  # pragma: no cover - a step always can end
                raise RuntimeError("no legal choice")
            self._choice[key] = best_child
            return best  # type: ignore[return-value]
        # The attacker's choices, as in _children with the key rules written out (this is
        # the hottest loop of the solver); ranks as in _best_index.
        low = self._low
        stop = context.stop
        if stop is not None:
            base, how = stop
            if how == KEEP:
                child = base + pool
            elif how == FORGET:
                child = base + (pool & FRESH_MASK) + (pool >> REROLLED_SHIFT)
            elif how == SETTLED:
                child = base + ((pool >> HIT_AT) & BYTE) + ((pool >> REROLLED_HIT_AT) & BYTE)
            else:
                child = self._key(base, how, pool)
            best = memo.get(child)
            if best is None:
                best = evaluate(child)
            best_rank = best ^ low
            best_child = child
        most = self._most_attack_dice
        tables = context.tables
        if tables is None:
            tables = self._tables_at(context, pool, most)
        for table, ability, base, how, marks, rolls in tables:
            if table is None:
                moves = ability  # (see _tables_at)
            else:
                entry = table.get(pool)
                if entry is None:
                    entry = ability.packed_moves(context.role, context.kind, pool)
                moves, dice = entry
                if dice > most:
                    check_dice(dice, most, ability.key)
            if not moves:
                continue
            for after, count in moves:
                if count:
                    roll = rolls[count]
                    if roll is None:
                        roll = rolls[count] = self._roll_context(
                            True, count, marks, base, how) << POOL_BITS
                    if not marks:
                        after = (after & FRESH_MASK) + (after >> REROLLED_SHIFT)
                    child = roll + after
                elif how == KEEP:
                    child = base + after
                elif how == FORGET:
                    child = base + (after & FRESH_MASK) + (after >> REROLLED_SHIFT)
                elif how == SETTLED:
                    child = (base + ((after >> HIT_AT) & BYTE)
                             + ((after >> REROLLED_HIT_AT) & BYTE))
                else:
                    child = self._key(base, how, after)
                value = memo.get(child)
                if value is None:
                    value = evaluate(child)
                rank = value ^ low
                if best_rank is None or rank > best_rank:
                    best, best_rank, best_child = value, rank, child
        if best_child is None:  # pragma: no cover - a step always can end
            raise RuntimeError("no legal choice")
        self._choice[key] = best_child
        return best  # type: ignore[return-value]

    def _a_roll_value(self, key: int, roll: Roll) -> int:
        memo = self._memo
        evaluate = self._a_eval
        total = 0
        if roll.steps is None:
            for weight, child in self._rolled(roll, key & POOL_MASK):
                value = memo.get(child)
                total += weight * (evaluate(child) if value is None else value)
        else:
            start = self._key(roll.base, roll.how, key & POOL_MASK)
            for weight, step in roll.steps:
                child = start + step
                value = memo.get(child)
                total += weight * (evaluate(child) if value is None else value)
        if total & roll.check:
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        return total >> roll.bits

    def _b_value(self, key: int) -> tuple[int, ...]:
        value = self._b_memo.get(key)
        if value is None:
            value = self._b_eval(key)
        return value

    def _b_eval(self, key: int) -> tuple[int, ...]:
        context = self._b_contexts[key >> POOL_BITS]
        kind = type(context)
        if kind is Decide:
            value = self._b_decide_value(key, context)  # type: ignore[arg-type]
            self._b_order.append(key)
        elif kind is Roll:
            value = self._b_roll_value(key, context)  # type: ignore[arg-type]
            self._b_order.append(key)
        else:
            value = self._b_end_value(key, context)  # type: ignore[arg-type]
        self._b_memo[key] = value
        return value

    def _b_end_value(self, key: int, end: End) -> tuple[int, ...]:
        """Neutralize results (RR: ATTACK step 4) for every (hits, crits) pair, then pay off."""
        evades = key & POOL_MASK
        ares, dres = end.ares, end.dres
        reinforce = dres[self.reinforce_at] if self.reinforce_at is not None else 0
        a_view, d_view = self.att.view(ares), self.dfn.view(dres)
        values = []
        outcomes = []
        fixed = None
        if not self._hooks and not self._preventers:
            fixed = (self.att.left(ares) * self.scale, self.dfn.left(dres) * self.scale)
        neutralized = self._neutralized.get((evades, reinforce))
        if neutralized is None:
            if (reinforce or self.crits_first or not self.evades_cancel_crits
                    or any(self.defender_cancels)):
                neutralized = [
                    neutralize(
                        hits,
                        crits,
                        evades,
                        reinforce=reinforce,
                        crits_first=self.crits_first,
                        evades_cancel_crits=self.evades_cancel_crits,
                        cancel_crits=self.defender_cancels[0],
                        cancel_results=self.defender_cancels[1],
                    )
                    for hits, crits in self.pairs
                ]
            else:
                # The usual rule written out (RR: ATTACK step 4): evades cancel hits, then crits.
                neutralized = [
                    (hits - evades, crits) if hits >= evades
                    else (0, max(0, crits - (evades - hits)))
                    for hits, crits in self.pairs
                ]
            self._neutralized[(evades, reinforce)] = neutralized
        if fixed is not None and not self._payoff_reads_tokens:
            # Payoffs and crits depend only on the neutralized results, shared by all ends
            # with these evades and reinforce: add this end's tokens left to them.
            paid = self._end_payoffs.get((evades, reinforce))
            if paid is None:
                paid = self._end_payoffs[(evades, reinforce)] = [
                    self._paid_out(h, c, a_view, d_view) for h, c in neutralized
                ]
            tokens = self._pack(0, 0, fixed[1], fixed[0])
            self._b_outcomes[key] = (neutralized, ares, dres)
            return tuple([value + tokens for value in paid])
        for left_hits, left_crits in neutralized:
            if not self._preventers:
                value, outcome = self._suffered(left_hits, left_crits, ares, dres, fixed)
            else:
                value, outcome = self._prevention(left_hits, left_crits, ares, dres)[:2]
            values.append(value)
            outcomes.append(outcome)
        self._b_outcomes[key] = outcomes
        return tuple(values)

    def _suffered(self, hits: int, crits: int, ares: Resources, dres: Resources,
                  fixed: tuple[int, int] | None = None) -> tuple[int, OutcomeKey]:
        """The packed value and the outcome of the defender suffering ``hits`` and ``crits``
        damage with these resources: the after-attack hooks, then the payoff."""
        a_out, d_out = ares, dres
        if self._hooks:
            a_view, d_view = self.att.view(ares), self.dfn.view(dres)
            for role, ability in self._hooks:
                if role is Role.ATTACKER:
                    deltas = ability.after_attack(role, a_view, 0)
                    a_out = self.att.changed(a_out, deltas.items(), 1)
                else:
                    deltas = ability.after_attack(role, d_view, hits + crits)
                    d_out = self.dfn.changed(d_out, deltas.items(), 1)
        gain = self.payoff(hits, crits, self.att.view(a_out), self.dfn.view(d_out))
        if gain < 0:
            raise ValueError("payoffs must not be negative")
        a_left, d_left = fixed or (
            self.att.left(a_out) * self.scale,
            self.dfn.left(d_out) * self.scale,
        )
        value = self._pack(gain * self.payoff_scale, crits * self.scale, d_left, a_left)
        return value, (hits, crits, a_out, d_out)

    def _prevention(self, hits: int, crits: int, ares: Resources, dres: Resources
                    ) -> tuple[int, OutcomeKey, int]:
        """The defender's best answer before suffering the uncanceled ``hits`` and ``crits``
        (RR: DAMAGE: prevent some with an ability, e.g. Iden Versio, or not): its value, the
        outcome (the damage suffered) and which way (0: none, then each prevention offered,
        ability by ability). Lower payoff, then fewer crits, then more of the defender's
        tokens kept, then the first way (not preventing first)."""
        d_view = self.dfn.view(dres)
        ways = [(hits, crits, dres)]
        for ability in self._preventers:
            for left_hits, left_crits, spend in ability.preventions(Role.DEFENDER, d_view,
                                                                    hits, crits):
                ways.append((left_hits, left_crits, self.dfn.changed(dres, spend, -1)))
        flip = self._defender_flip
        best: tuple[int, OutcomeKey, int] | None = None
        for index, (left_hits, left_crits, paid) in enumerate(ways):
            value, outcome = self._suffered(left_hits, left_crits, ares, paid)
            if best is None or value ^ flip < best[0] ^ flip:
                best = (value, outcome, index)
        assert best is not None
        return best

    def _paid_out(self, hits: int, crits: int, a_view: Tokens, d_view: Tokens) -> int:
        """Payoff and crits of uncanceled results, packed (for payoffs that read no tokens:
        remembered per result)."""
        value = self._paid_outs.get((hits, crits))
        if value is None:
            value = self._paid_outs[(hits, crits)] = self._pack(
                self.payoff(hits, crits, a_view, d_view) * self.payoff_scale,
                crits * self.scale, 0, 0)
        return value

    def _b_roll_value(self, key: int, roll: Roll) -> tuple[int, ...]:
        memo = self._b_memo
        evaluate = self._b_eval
        sums: list[int] | None = None
        for weight, child in self._rolled(roll, key & POOL_MASK):
            vector = memo.get(child)
            if vector is None:
                vector = evaluate(child)
            if sums is None:
                sums = [weight * v for v in vector]
            else:
                sums = [s + weight * v for s, v in zip(sums, vector, strict=True)]
        assert sums is not None
        check = roll.check
        if any(s & check for s in sums):
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        bits = roll.bits
        return tuple(s >> bits for s in sums)

    def _b_decide_value(self, key: int, context: Decide) -> tuple[int, ...]:
        children = self._children(context, key & POOL_MASK, self._most_defense_dice)
        memo = self._b_memo
        evaluate = self._b_eval
        vectors = []
        for child in children:
            vector = memo.get(child)
            vectors.append(evaluate(child) if vector is None else vector)
        if not vectors:  # pragma: no cover - a step always can end
            raise RuntimeError("no legal choice")
        best = self._best_indices(context.attacker, vectors)
        first = best[0]
        if best.count(first) == len(best):
            # One choice is best for every pair (often stopping): its vector as it is, and
            # the choice kept as one key.
            self._b_choice[key] = children[first]
            return vectors[first]
        self._b_choice[key] = [children[i] for i in best]
        return tuple([vectors[i][pair] for pair, i in enumerate(best)])

    def _b_conditional(self, root: int, pairs: set[int]
                       ) -> dict[int, list[tuple[OutcomeKey, int]]]:
        """For each pair index in ``pairs``: the outcomes reached from ``root`` under the optimal
        policy, with probabilities as integers over ``self.payoff_scale`` (an outcome may come
        more than once)."""
        self._b_value(root)
        width = len(self.pairs)
        start = [self.payoff_scale if i in pairs else 0 for i in range(width)]
        contexts = self._b_contexts
        mass: dict[int, list[int]] = {root: start}
        for key in reversed(self._b_order):
            vector = mass.pop(key, None)
            if vector is None:
                continue
            context = contexts[key >> POOL_BITS]
            if type(context) is Decide:
                choices = self._b_choice[key]
                if type(choices) is int:
                    target = mass.get(choices)
                    mass[choices] = vector if target is None else [
                        t + x for t, x in zip(target, vector, strict=True)
                    ]
                    continue
                for i, m in enumerate(vector):
                    if m:
                        child = choices[i]
                        target = mass.get(child)
                        if target is None:
                            target = mass[child] = [0] * width
                        target[i] += m
                continue
            bits = context.bits  # type: ignore[union-attr]
            for weight, child in self._rolled(context, key & POOL_MASK):  # type: ignore[arg-type]
                target = mass.get(child)
                if target is None:
                    mass[child] = [(m * weight) >> bits for m in vector]
                else:
                    mass[child] = [
                        t + ((m * weight) >> bits) for t, m in zip(target, vector, strict=True)
                    ]
        needed = sorted(pairs)
        found: dict[int, list[tuple[OutcomeKey, int]]] = {i: [] for i in needed}
        for key, vector in mass.items():
            outcomes = self._b_outcomes[key]
            if type(outcomes) is tuple:
                neutralized, ares, dres = outcomes
                for i in needed:
                    m = vector[i]
                    if m:
                        hits, crits = neutralized[i]
                        found[i].append(((hits, crits, ares, dres), m))
                continue
            for i in needed:
                m = vector[i]
                if m:
                    found[i].append((outcomes[i], m))
        return found
