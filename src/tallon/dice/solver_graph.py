"""The positions of the exact attack calculator: contexts, keys, and where each choice and
each roll leads (RR: ATTACK steps 2-4).

Contexts (``tallon.dice.solver_contexts``) are made when first reached and numbered per
phase, the attack-dice phase and the defense-dice subgame; a position's key is its context's
number above its packed pool (``tallon.dice.solver_keys``). The moves of an ability at a
pool come from its packed table where it has one, else from asking it
(``tallon.dice.solver_moves``). At the end of the attack-dice phase the defense dice are
counted (RR: ATTACK step 3a) and the subgame is entered without the attacker resources that no
longer matter.
"""

from __future__ import annotations

from collections.abc import Callable

from tallon.dice import packed
from tallon.dice.abilities.base import DiceAbility, Role, Situation
from tallon.dice.attack import Attack, Step, defense_dice_count
from tallon.dice.counts import EMPTY, face_count
from tallon.dice.faces import DieKind, Face
from tallon.dice.ops import Option, apply_to_counts
from tallon.dice.packed import FRESH_MASK, POOL_BITS, REROLLED_SHIFT
from tallon.dice.solver_contexts import (
    GENERAL,
    NOTHING,
    TABLE,
    AttackEnd,
    Decide,
    End,
    Next,
    Resources,
    Roll,
    Side,
    Use,
)
from tallon.dice.solver_keys import (
    AT_ONCE,
    BYTE,
    EVADES,
    FORGET,
    HIT_AT,
    KEEP,
    LAST_ATTACK_STEP,
    LAST_STEP,
    REROLLED_HIT_AT,
    ROLL_STEPS,
    ROLLS,
    SETTLED,
    SETTLED_BY_ABILITY,
    dice_key,
)
from tallon.dice.solver_moves import check_dice, pack_moves
from tallon.dice.solver_values import PackedValues


class PositionGraph(PackedValues):
    """Making, numbering and finding the contexts and positions of one attack
    (``PhaseRecursion`` and ``AttackSolver`` build on it)."""

    # The attack, as AttackSolver.__init__ describes it.
    attack: Attack
    att: Side
    dfn: Side
    entries: list[list[tuple[DiceAbility, int]]]
    """The abilities acting in each step, with their bits in the mask of abilities used."""
    mandatory: list[int]
    relevant: tuple[bool, ...]
    pair_index: dict[tuple[int, int], int]
    scale: int
    _plain: dict[int, bool]
    _step_defends: list[int]
    _can_reroll: list[bool]
    _most_attack_dice: int
    _most_defense_dice: int
    _settled: int
    pairs: list[tuple[int, int]]
    _limiters: list[tuple[Role, DiceAbility]]
    """Abilities that cap the defense dice by the attack's results (Predictive Shot)."""

    def __init__(self, tokens_bound: int) -> None:
        super().__init__(tokens_bound)
        # Each phase's contexts by number, their numbers by description (see _number) and
        # where play goes on from a step with some resources and abilities used (see
        # _next): the attack-dice phase, then the defense-dice subgame.
        self._a_contexts: list[Decide | Roll | AttackEnd] = []
        self._a_numbers: dict[tuple, int] = {}
        self._a_nexts: dict[tuple, tuple[int, int]] = {}
        self._b_contexts: list[Decide | Roll | End] = []
        self._b_numbers: dict[tuple, int] = {}
        self._b_nexts: dict[tuple, tuple[int, int]] = {}
        # What contexts are made of, remembered: states repeat a lot.
        self._contexts: dict[tuple, tuple[bool, bool]] = {}
        self._landings: dict[tuple, tuple[int, bool]] = {}
        self._paid: dict[tuple[int, Resources, tuple, tuple], Resources] = {}
        self._defense_counts: dict[tuple[Resources, Resources], tuple[int, Resources]] = {}
        self._settled_pairs: dict[int, tuple[int, int]] = {}
        self._pair_at: dict[int, int] = {}

    def _side(self, role: Role) -> Side:
        return self.att if role is Role.ATTACKER else self.dfn

    def _relevant(self, ares: Resources) -> Resources:
        return tuple(v if keep else 0 for v, keep in zip(ares, self.relevant, strict=True))

    def _context(self, step: int, ares: Resources, dres: Resources, used: int) -> tuple[bool, bool]:
        """(idle, marks) for a position of ``step`` with these resources and used abilities.

        idle: no ability of the step can be used whatever the dice, so the
        position is skipped. marks: some ability could still reroll this
        step's pool, so "already rerolled" marks must be kept.
        """
        cache_key = (step, ares, dres, used)
        known = self._contexts.get(cache_key)
        if known is not None:
            return known
        # Written as loops: this runs for every state the solver meets.
        views = (self.att.view(ares), self.dfn.view(dres))  # indexed by _step_defends
        own = views[self._step_defends[step]]
        idle = True
        for ability, bit in self.entries[step]:
            if (ability.repeatable or not used & bit) and (
                ability.mandatory or ability.affordable(own)
            ):
                idle = False
                break
        marks = False
        if self._can_reroll[step]:
            last = (
                LAST_ATTACK_STEP if step <= LAST_ATTACK_STEP else Step.DEFENDER_MODIFIES_DEFENSE
            )
            for s in range(step, last + 1):
                own = views[self._step_defends[s]]
                for ability, bit in self.entries[s]:
                    if (
                        ability.rerolls
                        and (ability.repeatable or not used & bit)
                        and ability.may_reroll(own)
                    ):
                        marks = True
                        break
                if marks:
                    break
        known = self._contexts[cache_key] = (idle, marks)
        return known

    def _landing(self, step: int, last: int, ares: Resources, dres: Resources,
                 used: int) -> tuple[int, bool]:
        """First step from ``step`` to ``last`` where someone can act, and whether rerolled
        marks matter there; (``last + 1``, False) if nobody can act any more."""
        cache_key = (step, last, ares, dres, used)
        known = self._landings.get(cache_key)
        if known is None:
            known = (last + 1, False)
            for s in range(step, last + 1):
                if self.entries[s]:
                    idle, marks = self._context(s, ares, dres, used)
                    if not idle:
                        known = (s, marks)
                        break
            self._landings[cache_key] = known
        return known

    def _settled_pair(self, apool: int) -> tuple[int, int]:
        """(hits, crits) of the attack dice after the Modify Attack Dice step (fixed changes
        such as the Heavy Laser Cannon's applied): all that still matters of them."""
        pair = self._settled_pairs.get(apool)
        if pair is None:
            counts = packed.unpack(apool)
            for ability in self.att.abilities:
                if ability.after_modify_attack:
                    counts = apply_to_counts(counts, ability.after_modify_attack, DieKind.ATTACK)[0]
            pair = self._settled_pairs[apool] = (
                face_count(counts, Face.HIT), face_count(counts, Face.CRIT)
            )
        return pair

    def _pair_of(self, apool: int) -> int:
        """The vector entry of the settled (hits, crits) of an attack pool."""
        index = self._pair_at.get(apool)
        if index is None:
            index = self._pair_at[apool] = self.pair_index[self._settled_pair(apool)]
        return index

    def _next(self, attack_dice: bool, step: int, ares: Resources, dres: Resources,
              used: int) -> tuple[int, int]:
        """(base, key rule) of the first position at or after the start of ``step`` where
        someone acts on the dice of the phase (the attack dice if ``attack_dice``, else the
        defense dice), or of the end of the phase: the end of the attack-dice phase keeps the
        settled hits and crits, the end of the attack only the evades."""
        nexts = self._a_nexts if attack_dice else self._b_nexts
        name = (step, ares, dres, used)
        found = nexts.get(name)
        if found is None:
            last = LAST_ATTACK_STEP if attack_dice else LAST_STEP
            target, marks = self._landing(step, last, ares, dres, used)
            if target <= last:
                number = self._decide_number(attack_dice, target, ares, dres, used)
                found = (number << POOL_BITS, KEEP if marks else FORGET)
            elif attack_dice:
                number = self._number(True, ("end", ares, dres), self._make_attack_end, ares,
                                      dres)
                found = (number << POOL_BITS, self._settled)
            else:
                number = self._number(False, ("end", ares, dres), End, ares, dres)
                found = (number << POOL_BITS, EVADES)
            nexts[name] = found
        return found

    def _number(self, attack_dice: bool, name: tuple, make: Callable[..., object],
                *args: object) -> int:
        """The number of the context described by ``name`` in the attack-dice or defense-dice
        phase. A new context is numbered before ``make(*args)`` makes it, so that contexts
        leading back to it find it."""
        contexts, numbers = ((self._a_contexts, self._a_numbers) if attack_dice else
                             (self._b_contexts, self._b_numbers))
        number = numbers.get(name)
        if number is None:
            number = numbers[name] = len(contexts)
            contexts.append(None)  # type: ignore[arg-type]
            contexts[number] = make(*args)  # type: ignore[assignment]
        return number

    def _decide_number(self, attack_dice: bool, step: int, ares: Resources, dres: Resources,
                       used: int) -> int:
        return self._number(attack_dice, ("decide", step, ares, dres, used), self._make_decide,
                            step, ares, dres, used)

    def _roll_key(self, attack_dice: bool, count: int, marked: bool, base: int, how: int,
                  pool: int) -> int:
        """Key of rolling ``count`` dice into ``pool`` (marked as rerolled if ``marked``),
        play then going to (``base``, ``how``)."""
        if count == 0:
            return self._key(base, how, pool)
        if not marked:
            pool = (pool & FRESH_MASK) + (pool >> REROLLED_SHIFT)
        return self._roll_context(attack_dice, count, marked, base, how) << POOL_BITS | pool

    def _roll_context(self, attack_dice: bool, count: int, marked: bool, base: int,
                      how: int) -> int:
        if count > AT_ONCE:
            # The first AT_ONCE dice, then the rest (the arithmetic has room for so many).
            base = self._roll_context(attack_dice, count - AT_ONCE, marked, base, how)
            base, how, count = base << POOL_BITS, KEEP, AT_ONCE
        return self._number(attack_dice, ("roll", count, marked, base, how), self._make_roll,
                            attack_dice, count, marked, base, how)

    def _make_roll(self, attack_dice: bool, count: int, marked: bool, base: int,
                   how: int) -> Roll:
        kind = DieKind.ATTACK if attack_dice else DieKind.DEFENSE
        steps = None if how == SETTLED_BY_ABILITY else ROLL_STEPS[(kind, marked, how)][count]
        return Roll(ROLLS[(kind, marked)][count], 3 * count, self._roll_check(3 * count), base,
                     how, steps)

    def _make_decide(self, step: int, ares: Resources, dres: Resources, used: int) -> Decide:
        context = Decide(step, ares, dres, used)
        role = context.role
        own, other = (ares, dres) if context.attacker else (dres, ares)
        context.own = self._side(role).view(own)
        context.other = self._side(role.other).view(other)
        attack_dice = step <= LAST_ATTACK_STEP
        mandatory = self.mandatory[step]
        if used & mandatory == mandatory:
            context.stop = self._next(attack_dice, step + 1, ares, dres, used)
        # What requirements that read no dice see (see _make_use).
        situation = Situation(role, context.kind, EMPTY, context.own, context.other)
        for ability, bit in self.entries[step]:
            if used & bit and not ability.repeatable:
                continue
            use = self._make_use(context, ability, bit, situation)
            if use is not None:
                context.uses.append(use)
        if all(use.mode == TABLE for use in context.uses):
            context.tables = tuple(
                (use.table, use.ability, use.next.base, use.next.how, use.next.marks,
                 use.next.rolls)
                for use in context.uses
                if use.next is not None
            )
        return context

    def _make_use(self, context: Decide, ability: DiceAbility, bit: int,
                  situation: Situation) -> Use | None:
        """How ``ability`` acts in ``context`` (``situation``: the context's, without dice),
        or None if it offers nothing there whatever the dice.

        A plain ``CardAbility`` offers, once usable, moves that depend on the pool alone, and
        whether it is usable depends on the resources alone (unless its requirement reads the
        dice): that is decided here once, and its moves come from its packed table. Anything
        else is asked at each position (``GENERAL``)."""
        if not self._plain[bit]:
            return Use(ability, bit, GENERAL)
        # The check of CardAbility.transitions, for every pool at once.
        if not ability.usable(situation):  # type: ignore[attr-defined]
            if not ability.mandatory:
                return None
            return Use(ability, bit, NOTHING, nxt=self._make_next(context, ability, bit, (), ()))
        return Use(ability, bit, TABLE, ability.packed_table(context.role, context.kind),
                    self._make_next(context, ability, bit, ability.cost, ability.gain))

    def _make_next(self, context: Decide, ability: DiceAbility, bit: int,
                   spend: tuple[tuple[str, int], ...], gain: tuple[tuple[str, int], ...]
                   ) -> Next:
        """Where using ``ability`` (paying ``spend``, gaining ``gain``) in ``context`` leads:
        the player may go on in the same step."""
        step = context.step
        side = self._side(context.role)
        own, other = (context.ares, context.dres) if context.attacker else (
            context.dres, context.ares)
        next_used = context.used if ability.repeatable else context.used | bit
        cache_key = (bit, own, spend, gain)
        paid = self._paid.get(cache_key)
        if paid is None:
            paid = own
            if spend:
                paid = side.changed(paid, spend, -1)
            if gain:
                paid = side.changed(paid, gain, 1)
            self._paid[cache_key] = paid
        a, d = (paid, other) if context.attacker else (other, paid)
        marks = self._context(step, a, d, next_used)[1]
        attack_dice = step <= LAST_ATTACK_STEP
        base, how = self._next(attack_dice, step, a, d, next_used)
        most = self._most_attack_dice if attack_dice else self._most_defense_dice
        return Next(base, how, marks, most)

    def _children(self, context: Decide, pool: int, most: int) -> list[int]:
        """The keys of every choice at a position: stopping first (if allowed), then each
        option of each usable ability, in order. ``most`` is how many dice a pool may hold."""
        # The key rules of _key are written out for the common cases: this runs for every
        # position. _a_decide_value repeats this loop for the attacker's choices (keep the two
        # alike).
        children: list[int] = []
        append = children.append
        stop = context.stop
        if stop is not None:
            base, how = stop
            if how == KEEP:
                append(base + pool)
            elif how == FORGET:
                append(base + (pool & FRESH_MASK) + (pool >> REROLLED_SHIFT))
            elif how == SETTLED:
                append(base + ((pool >> HIT_AT) & BYTE) + ((pool >> REROLLED_HIT_AT) & BYTE))
            else:
                append(self._key(base, how, pool))
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
            for after, count in moves:
                if count:
                    roll = rolls[count]
                    if roll is None:
                        roll = rolls[count] = self._roll_context(
                            context.kind is DieKind.ATTACK, count, marks, base, how
                        ) << POOL_BITS
                    if not marks:
                        after = (after & FRESH_MASK) + (after >> REROLLED_SHIFT)
                    append(roll + after)
                elif how == KEEP:
                    append(base + after)
                elif how == FORGET:
                    append(base + (after & FRESH_MASK) + (after >> REROLLED_SHIFT))
                else:
                    append(self._key(base, how, after))
        return children

    def _tables_at(self, context: Decide, pool: int, most: int) -> list[tuple]:
        """``Decide.tables`` for a context with uses that are not all TABLE: the moves of the
        others at this pool take the place of their table's ability (with table None)."""
        found: list[tuple] = []
        for use in context.uses:
            if use.mode == TABLE:
                nxt = use.next
                table, ability = use.table, use.ability
            else:
                moves, nxt = self._moves(context, use, pool, most)
                if not moves:
                    continue
                table, ability = None, moves
            found.append((table, ability, nxt.base, nxt.how, nxt.marks, nxt.rolls))
        return found

    def _moves(self, context: Decide, use: Use, pool: int, most: int
               ) -> tuple[tuple[tuple[int, int], ...], Next]:
        """The moves at a position of a use that is not TABLE (_children and _a_decide_value
        read those from their tables), as (packed pool after, dice to roll), and where they
        lead. ``most`` is how many dice a pool may hold."""
        if use.mode == NOTHING:
            return ((pool, 0),), use.next  # type: ignore[return-value]
        situation = Situation(context.role, context.kind, packed.unpack(pool), context.own,
                              context.other)
        found = use.ability.transitions(situation)
        if not found:
            return (), use.next  # type: ignore[return-value]
        moves = pack_moves(found, most)
        option = found[0][0]
        nxt = use.nexts.get((option.spend, option.gain))
        if nxt is None:
            nxt = use.nexts[(option.spend, option.gain)] = self._make_next(
                context, use.ability, use.bit, option.spend, option.gain)
        return moves, nxt

    def _key(self, base: int, how: int, pool: int) -> int:
        """The key of a position from its context's base and its pool (see ``FORGET``)."""
        if how != SETTLED_BY_ABILITY:
            return base + dice_key(how, pool)
        hits, crits = self._settled_pair(pool)
        return base + hits + (crits << packed.BITS)

    def _options(self, context: Decide, pool: int) -> list[Option | None]:
        """The options matching ``_children`` one to one (None for stopping)."""
        situation = Situation(context.role, context.kind, packed.unpack(pool), context.own,
                              context.other)
        options: list[Option | None] = [None] if context.stop is not None else []
        for use in context.uses:
            options.extend(option for option, _, _ in use.ability.transitions(situation))
        return options

    def _rolled(self, roll: Roll, pool: int) -> list[tuple[int, int]]:
        """(weight, key) of every result of a roll into ``pool``."""
        base, how = roll.base, roll.how
        if roll.steps is None:
            key = self._key
            return [(weight, key(base, how, pool + dice)) for weight, dice in roll.outcomes]
        start = self._key(base, how, pool)
        return [(weight, start + step) for weight, step in roll.steps]

    def _make_attack_end(self, ares: Resources, dres: Resources) -> AttackEnd:
        """The attack dice are final: count the defense dice (RR: ATTACK step 3a) and find the
        defense subgame, without the attacker resources that no longer matter."""
        counted = self._defense_counts.get((ares, dres))
        if counted is None:
            n_defense, changes = defense_dice_count(
                self.attack,
                self.att.view(ares),
                self.dfn.view(dres),
                self.att.abilities,
                self.dfn.abilities,
            )
            counted = (n_defense, self.dfn.changed(dres, changes.items(), 1))
            self._defense_counts[(ares, dres)] = counted
        n_defense, dres = counted
        relevant = self._relevant(ares)
        frozen_left = self.att.left(ares) - self.att.left(relevant)
        base, how = self._next(False, Step.ATTACKER_MODIFIES_DEFENSE, relevant, dres, 0)
        root = self._roll_key(False, n_defense, False, base, how, 0)
        frozen = (frozen_left * self.scale) << self._shift
        if not self._limiters:
            return AttackEnd(ares, dres, n_defense, frozen, root)
        # Defense dice capped by the attack's hit and crit results (Predictive Shot): the
        # same subgame rolling fewer dice for the totals below the count.
        views = {Role.ATTACKER: self.att.view(ares), Role.DEFENDER: self.dfn.view(dres)}
        roots = []
        for hits, crits in self.pairs:
            count = n_defense
            for role, ability in self._limiters:
                most = ability.defense_dice_limit(role, views[role], hits + crits)
                if most is not None:
                    count = min(count, max(0, most))
            roots.append(root if count == n_defense
                         else self._roll_key(False, count, False, base, how, 0))
        return AttackEnd(ares, dres, n_defense, frozen, root,
                         None if all(r == root for r in roots) else tuple(roots))
