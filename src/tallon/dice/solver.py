"""Exact optimal play of an attack's dice (RR: Attack steps 2-4).

The attack is a perfect-information game between the two players, played in
the order the rules give (``docs/dice.md``):

1. roll attack dice (RR: Attack 2a);
2. the defender modifies attack dice, then the attacker does (2b);
3. roll defense dice (3a);
4. the attacker modifies defense dice, then the defender does (3b);
5. the attacker's cancels before Neutralize Results (e.g. Crack Shot);
6. neutralize results (4), with reinforce.

In each of its steps a player may use its abilities one at a time, in any
order, seeing everything that happened so far, and stops when it likes (not
before resolving its mandatory abilities). Every choice is evaluated by
backward induction: the attacker maximises and the defender minimises the
expected payoff; ties go to more uncanceled crits for the attacker and
fewer for the defender, then to the choice that keeps more of one's own
spendable tokens, then to the one that leaves the opponent fewer, then to
the earliest choice (stopping first). The result is exact.

How it stays fast:

* Positions are canonical multisets (``tallon.dice.counts``), packed into
  integers (``tallon.dice.packed``); "already rerolled" marks are forgotten as
  soon as nothing can reroll that pool.
* The game splits where the attack dice are final. Only their hits and crits
  matter afterwards, and the defense-dice subgame is solved once for every
  (hits, crits) pair at the same time: its values are vectors with one entry
  per pair, and each entry has its own optimal choices. Attacker resources no
  attacker ability can use any more are dropped from the subgame (they are
  added back to the results), so it is shared by all ways of reaching it.
* Rolling k dice is a chain of one-die chance nodes, so "reroll any subset"
  options share their work.
* Every value is an integer: the true value times ``8**T``, where ``T``
  bounds the number of die rolls, so chance nodes divide exactly by 8. The
  payoff, the uncanceled crits and both players' tokens left are packed into
  one integer (payoff in the high bits), which expectations keep apart
  because each part is exact and has room to spare.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from tallon.dice import packed
from tallon.dice.abilities.base import DiceAbility, Role, Situation, Tokens
from tallon.dice.abilities.tokens import REINFORCE, SPENT_BY_CHOICE
from tallon.dice.attack import (
    MAX_DICE,
    Attack,
    Step,
    attack_dice_count,
    defense_dice_count,
    step_abilities,
)
from tallon.dice.counts import EMPTY, REROLLED, Counts, face_count
from tallon.dice.faces import DieKind, Face
from tallon.dice.neutralize import neutralize
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.ops import Option, apply_to_counts
from tallon.dice.result import AttackResult, Outcome

Payoff = Callable[[int, int, Tokens, Tokens], int]
"""(uncanceled hits, uncanceled crits, attacker tokens, defender tokens) -> numerator."""

Resources = tuple[int, ...]
Key = tuple
OutcomeKey = tuple[int, int, Resources, Resources]

# Node tags. Attack-dice phase: decision, roll, end of the phase ("boundary").
# Defense-dice phase (vector valued): decision, roll, end of the attack.
_A_DECIDE, _A_ROLL, _A_END = "D", "R", "B"
_B_DECIDE, _B_ROLL, _B_END = "d", "r", "t"

_STEPS = tuple(Step)
_LAST_ATTACK_STEP = Step.ATTACKER_MODIFIES_ATTACK
_LAST_STEP = _STEPS[-1]
_ATTACK_FACES = tuple((int(f), DieKind.ATTACK.weights[f]) for f in DieKind.ATTACK.faces)
_DEFENSE_FACES = tuple((int(f), DieKind.DEFENSE.weights[f]) for f in DieKind.DEFENSE.faces)


def _roll_table(kind: DieKind, count: int) -> tuple[tuple[int, int], ...]:
    """Every result of rolling ``count`` fresh dice at once: (weight out of 8**count, packed
    pool)."""
    table: dict[Counts, int] = {EMPTY: 1}
    for _ in range(count):
        grown: dict[Counts, int] = defaultdict(int)
        for pool, weight in table.items():
            for face in kind.faces:
                slots = list(pool)
                slots[face] += 1
                grown[tuple(slots)] += weight * kind.weights[face]
        table = grown
    return tuple((weight, packed.pack(pool)) for pool, weight in sorted(table.items()))


_FRESH_ROLLS = {
    kind: tuple(_roll_table(kind, n) for n in range(MAX_DICE + 1)) for kind in DieKind
}


_PACKED_MOVES: dict[int, tuple[list, list[tuple[Option, int, int]], int]] = {}
_PACKED_MOVES_LIMIT = 100_000
"""Abilities' option lists with packed pools, by list identity (see ``AttackSolver._packed``)."""


def clear_packed_moves() -> None:
    """Forget the packed option lists (with the abilities' caches, for cold measurements)."""
    _PACKED_MOVES.clear()


class ScaleError(ArithmeticError):
    """An ability rolled more dice than the solver's arithmetic allowed for."""


class _Side:
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


class AttackSolver:
    """Solve one attack exactly; see the module docstring for the game being solved.

    ``objective`` chooses what the players optimise (expected damage by
    default). ``defender_tokens`` replaces the defender's starting tokens (for
    tokens carried over between attacks). ``payoff`` replaces the objective by
    a payoff over outcomes whose values are numerators over
    ``8**payoff_exponent`` (used by attack sequences); set
    ``payoff_reads_attacker`` if it looks at the attacker's tokens.
    """

    def __init__(
        self,
        attack: Attack,
        objective: Objective | None = None,
        *,
        defender_tokens: Mapping[str, int] | None = None,
        payoff: Payoff | None = None,
        payoff_exponent: int = 0,
        payoff_name: str | None = None,
        payoff_reads_attacker: bool = False,
        payoff_reads_tokens: bool | None = None,
    ) -> None:
        self.attack = attack
        self.objective = objective or ExpectedDamage()
        if payoff is None:
            objective_payoff = self.objective.payoff

            def payoff(hits: int, crits: int, _a: Tokens, _d: Tokens) -> int:
                return objective_payoff(hits, crits)

            payoff_exponent = 0
            payoff_reads_tokens = False
        if payoff_reads_tokens is None:
            payoff_reads_tokens = True
        self.payoff = payoff
        self.payoff_name = payoff_name or self.objective.describe()
        a_tokens = attack.attacker.tokens
        d_tokens = (
            Tokens(dict(defender_tokens)) if defender_tokens is not None else attack.defender.tokens
        )
        self.att = _Side(Role.ATTACKER, a_tokens, attack.abilities(Role.ATTACKER, a_tokens))
        self.dfn = _Side(Role.DEFENDER, d_tokens, attack.abilities(Role.DEFENDER, d_tokens))

        self.entries: list[list[tuple[DiceAbility, int]]] = []
        self.mandatory: list[int] = []
        self.bit_of: dict[int, int] = {}
        bit = 1
        for step in _STEPS:
            side = self._side(step.role)
            found = []
            mandatory = 0
            for ability in step_abilities(attack, step, side.abilities):
                found.append((ability, bit))
                self.bit_of[id(ability)] = bit
                if ability.mandatory:
                    mandatory |= bit
                bit <<= 1
            self.entries.append(found)
            self.mandatory.append(mandatory)
        self._defense_bits = sum(
            bit for step in _STEPS[_LAST_ATTACK_STEP + 1 :] for _, bit in self.entries[step]
        )
        # Whether anything at or after each step (in the same pool) can reroll at all.
        self._can_reroll = [
            any(
                ability.rerolls
                for later in range(step, (_LAST_ATTACK_STEP if step <= _LAST_ATTACK_STEP else
                                          Step.DEFENDER_MODIFIES_DEFENSE) + 1)
                for ability, _ in self.entries[later]
            )
            for step in _STEPS
        ]
        self.crits_first = any(a.crits_canceled_first for a in self.att.abilities)
        self.evades_cancel_crits = all(a.evades_cancel_crits for a in self.att.abilities)
        self.reinforce_at = self.dfn.index.get(REINFORCE) if attack.reinforce_applies else None

        # Attacker resources that still matter once the attack dice are final.
        relevant: set[str] = set()
        for step in _STEPS[_LAST_ATTACK_STEP + 1 :]:
            for ability, _ in self.entries[step]:
                if step.role is Role.ATTACKER:
                    relevant.update(ability.resources())
                else:
                    relevant.update(ability.opponent_resources())
        for ability in self.att.abilities:
            if type(ability).after_attack is not DiceAbility.after_attack:
                relevant.update(ability.resources())
        if payoff_reads_attacker:
            relevant.update(self.att.names)
        self.relevant = tuple(name in relevant for name in self.att.names)

        n_attack, changes = attack_dice_count(
            attack,
            self.att.view(self.att.start),
            self.dfn.view(self.dfn.start),
            self.att.abilities,
            self.dfn.abilities,
        )
        self.attack_dice = n_attack
        added_attack = sum(a.max_added_dice for s in (0, 1) for a, _ in self.entries[s])
        added_defense = sum(a.max_added_dice for s in (2, 3) for a, _ in self.entries[s])
        most_attack_dice = n_attack + added_attack
        self._most_attack_dice = most_attack_dice
        self._most_defense_dice = MAX_DICE + added_defense
        self.rolls = 2 * most_attack_dice + 2 * (MAX_DICE + added_defense)
        self.payoff_exponent = payoff_exponent
        self.payoff_scale = 8**self.rolls
        self.scale = 8 ** (self.rolls + payoff_exponent)
        most_left = max(
            self.att.left(self.att.start), self.dfn.left(self.dfn.start), most_attack_dice
        ) + 1
        self._tokens_bound = most_left * self.scale
        # Room for a sum over all results of rolling 6 dice at once (weights add up to 8**6).
        self._shift = (self._tokens_bound << (3 * MAX_DICE + 3)).bit_length() + 1
        self._low = (1 << self._shift) - 1
        self._check = self._roll_check(3)

        # Every (hits, crits) the attack dice can end with: one vector entry each.
        self.pairs = [
            (h, c) for h in range(most_attack_dice + 1) for c in range(most_attack_dice + 1 - h)
        ]
        self.pair_index = {pair: i for i, pair in enumerate(self.pairs)}

        self._memo: dict[Key, int] = {}
        self._choice: dict[Key, tuple[Option | None, Key]] = {}
        self._children: dict[Key, list[tuple[int, Key]]] = {}
        self._order: list[Key] = []
        self._b_memo: dict[Key, tuple[int, ...]] = {}
        self._b_choice: dict[Key, list[tuple[Option | None, Key]]] = {}
        self._b_children: dict[Key, list[tuple[int, Key]]] = {}
        self._b_order: list[Key] = []
        self._b_outcomes: dict[Key, list[OutcomeKey]] = {}
        self._contexts: dict[tuple, tuple[bool, bool]] = {}
        self._landings: dict[tuple, tuple[int, bool]] = {}
        self._uses: dict[tuple, tuple] = {}
        self._paid: dict[tuple[int, Resources], Resources] = {}
        self._ends: dict[tuple[int, Resources, Resources], Key] = {}
        self._defense_counts: dict[tuple[Resources, Resources], tuple[int, Resources]] = {}
        self._settled_pairs: dict[int, tuple[int, int]] = {}
        self._splits: dict[Resources, tuple[Resources, int]] = {}
        self._neutralized: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._payoff_reads_tokens = payoff_reads_tokens
        self._hooks = [
            (role, ability)
            for role, side in ((Role.ATTACKER, self.att), (Role.DEFENDER, self.dfn))
            for ability in side.abilities
            if type(ability).after_attack is not DiceAbility.after_attack
        ]
        self.root = self._a_roll_key(
            n_attack,
            False,
            Step.DEFENDER_MODIFIES_ATTACK,
            0,
            self.att.changed(self.att.start, changes.items(), 1),
            self.dfn.start,
            0,
        )

    # --- public -------------------------------------------------------------------------

    def value(self) -> Fraction:
        """The objective's value under optimal play (e.g. the expected damage)."""
        return Fraction(self._a_eval(self.root) >> (3 * self._shift), self.scale)

    def solve(self) -> AttackResult:
        """Solve and return the exact distribution of outcomes under the optimal policy."""
        value = self.value()
        masses = {
            Outcome(h, c, self.att.view(a), self.dfn.view(d)): m
            for (h, c, a, d), m in self.outcome_masses().items()
        }
        return AttackResult(masses, self.payoff_scale, self.payoff_name, value)

    def outcome_masses(self) -> dict[OutcomeKey, int]:
        """Terminal outcomes (hits, crits, attacker resources, defender resources) with their
        probabilities as integers over ``self.payoff_scale``, under the optimal policy."""
        self._a_eval(self.root)
        mass: dict[Key, int] = {self.root: self.payoff_scale}
        for key in reversed(self._order):
            m = mass.pop(key, 0)
            if not m:
                continue
            if key[0] == _A_DECIDE:
                child = self._choice[key][1]
                mass[child] = mass.get(child, 0) + m
            else:
                bits, children = self._children[key]
                for weight, child in children:
                    mass[child] = mass.get(child, 0) + ((m * weight) >> bits)
        # Every remaining key is an end of the attack-dice phase; continue each in its subgame.
        by_root: dict[Key, list[tuple[int, Resources, int]]] = defaultdict(list)
        roots: dict[tuple[int, Resources, Resources], Key] = {}
        for key, m in mass.items():
            _, hits, crits, ares, dres, n_defense = key
            root = roots.get((n_defense, ares, dres))
            if root is None:
                root = roots[(n_defense, ares, dres)] = self._b_root(
                    n_defense, self._relevant(ares), dres
                )
            by_root[root].append((self.pair_index[(hits, crits)], ares, m))
        # Sums of products over payoff_scale**2, divided once per outcome at the end.
        found: dict[OutcomeKey, int] = defaultdict(int)
        any_relevant = any(self.relevant)
        for root, arrivals in by_root.items():
            conditional = self._b_conditional(root, {pair for pair, _, _ in arrivals})
            for pair, ares, m in arrivals:
                for (hits, crits, a_rel, dres), pm in conditional[pair].items():
                    if any_relevant:
                        # The subgame changed only the relevant resources; the rest pass through.
                        merged = tuple(
                            r if keep else v
                            for v, r, keep in zip(ares, a_rel, self.relevant, strict=True)
                        )
                    else:
                        merged = ares
                    found[(hits, crits, merged, dres)] += m * pm
        scale = self.payoff_scale
        return {k: m // scale for k, m in found.items() if m}

    def best_option(
        self,
        step: Step,
        attack_dice: Counts,
        defense_dice: Counts,
        attacker: Mapping[str, int],
        defender: Mapping[str, int],
        used: Iterable[DiceAbility] = (),
    ) -> Option | None:
        """The optimal choice in a live position: an option to use next, or None to stop.

        Any position can be asked, on or off the optimal path; unseen ones are
        solved on demand. ``used`` lists the once-per-opportunity abilities
        already used in this attack.
        """
        mask = 0
        for ability in used:
            mask |= self.bit_of.get(id(ability), 0)
        ares, dres = self.att.encode(attacker), self.dfn.encode(defender)
        if step <= _LAST_ATTACK_STEP:
            moves = self._a_moves(step, packed.pack(attack_dice), ares, dres, mask)
            return self._a_pick(step, moves)[1][0] if moves else None
        pair = self.pair_index[self._settled_pair(packed.pack(attack_dice))]
        # Abilities of the attack-dice steps no longer matter: the subgame starts without them.
        mask &= self._defense_bits
        moves = self._b_moves(step, packed.pack(defense_dice), self._relevant(ares), dres, mask)
        return self._b_pick(step, moves)[1][pair][0] if moves else None

    def abilities(self, step: Step) -> list[DiceAbility]:
        """The abilities that act in ``step`` of this attack."""
        return [ability for ability, _ in self.entries[step]]

    def settle_attack_dice(self, attack_dice: Counts) -> tuple[int, int]:
        """(hits, crits) of the attack dice as they count after the Modify Attack Dice step."""
        return self._settled_pair(packed.pack(attack_dice))

    # --- shared helpers -----------------------------------------------------------------

    def _side(self, role: Role) -> _Side:
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
        role = _STEPS[step].role
        own = self._side(role).view(ares if role is Role.ATTACKER else dres)
        idle = all(
            (used & bit and not ability.repeatable)
            or (not ability.mandatory and not ability.affordable(own))
            for ability, bit in self.entries[step]
        )
        marks = False
        if self._can_reroll[step]:
            last = (
                _LAST_ATTACK_STEP if step <= _LAST_ATTACK_STEP else Step.DEFENDER_MODIFIES_DEFENSE
            )
            for s in range(step, last + 1):
                role = _STEPS[s].role
                own = self._side(role).view(ares if role is Role.ATTACKER else dres)
                marks = any(
                    ability.rerolls
                    and (ability.repeatable or not used & bit)
                    and ability.may_reroll(own)
                    for ability, bit in self.entries[s]
                )
                if marks:
                    break
        known = self._contexts[cache_key] = (idle, marks)
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

    def _packed(self, moves: list[tuple[Option, Counts, int]], most: int
                ) -> list[tuple[Option, int, int]]:
        """An ability's transitions with packed pools (remembered per list: abilities return
        the same list for the same pool, across solves; the entry keeps the list alive, so its
        id cannot be reused while it is there).
        ``most`` is how many dice the pool may hold; more means an ability added dice it did
        not declare in ``max_added_dice``, and the exact arithmetic would not hold."""
        entry = _PACKED_MOVES.get(id(moves))
        if entry is None or entry[0] is not moves:
            if len(_PACKED_MOVES) >= _PACKED_MOVES_LIMIT:
                # Abilities that build a new list on every call would fill it up forever.
                _PACKED_MOVES.clear()
            dice = max(sum(p) + n for _, p, n in moves)
            entry = (moves, [(o, packed.pack(p), n) for o, p, n in moves], dice)
            _PACKED_MOVES[id(moves)] = entry
        if entry[2] > most:
            raise ScaleError(
                f"{moves[0][0].source} leaves more dice than the abilities declared "
                "(max_added_dice); the calculator cannot stay exact"
            )
        return entry[1]

    def _use(self, step: int, ability: DiceAbility, bit: int, ares: Resources, dres: Resources,
             used: int, moves: list[tuple[Option, Counts, int]]) -> tuple:
        """Everything about using ``ability`` that does not depend on the dice: resources and
        used abilities afterwards, whether rerolled marks still matter, and where play goes
        when no reroll is involved. The same for all its options."""
        role = _STEPS[step].role
        side = self._side(role)
        attacker_moves = role is Role.ATTACKER
        own, other = (ares, dres) if attacker_moves else (dres, ares)
        next_used = used if ability.repeatable else used | bit
        new_own = self._pay(side, bit, own, moves[0][0])
        a, d = (new_own, other) if attacker_moves else (other, new_own)
        marks = self._context(step, a, d, next_used)[1]
        last = _LAST_ATTACK_STEP if step <= _LAST_ATTACK_STEP else _LAST_STEP
        target, target_marks = self._landing(step, last, a, d, next_used)
        return a, d, next_used, marks, target, target_marks

    def _pay(self, side: _Side, bit: int, own: Resources, option: Option) -> Resources:
        """The owner's resources after using an ability: the same for all its options."""
        cache_key = (bit, own)
        paid = self._paid.get(cache_key)
        if paid is None:
            paid = own
            if option.spend:
                paid = side.changed(paid, option.spend, -1)
            if option.gain:
                paid = side.changed(paid, option.gain, 1)
            self._paid[cache_key] = paid
        return paid

    def _roll_check(self, bits: int) -> int:
        """Mask of the low ``bits`` bits of each packed part (must be 0 before dividing)."""
        low = (1 << bits) - 1
        shift = self._shift
        return (low << (3 * shift)) | (low << (2 * shift)) | (low << shift) | low

    def _pack(self, payoff: int, crits: int, a_left: int, d_left: int) -> int:
        """One integer holding, from high to low bits: the payoff, the uncanceled crits, the
        attacker's and the defender's spendable tokens left (each scaled, each exact)."""
        if max(crits, a_left, d_left) > self._tokens_bound:
            raise ScaleError("more tokens left than the solver allowed for")  # pragma: no cover
        shift = self._shift
        return (payoff << (3 * shift)) | (crits << (2 * shift)) | (a_left << shift) | d_left

    def _attacker_key(self, value: int) -> int:
        # Higher payoff, more crits, more attacker tokens left, fewer defender tokens left:
        # the fields in that order, the last one negated, as one number to maximise.
        return value - 2 * (value & self._low)

    def _defender_key(self, value: int) -> int:
        # Lower payoff, fewer crits, more defender tokens left, fewer attacker tokens left.
        shift, low = self._shift, self._low
        return (
            ((value & low) << shift)
            - ((value >> shift) & low)
            - ((value >> (2 * shift)) << (2 * shift))
        )

    # --- attack-dice phase (scalar values) ----------------------------------------------

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

    def _a_key(self, step: int, apool: int, ares: Resources, dres: Resources,
               used: int) -> Key:
        """Key of the first position at or after the start of ``step`` where someone acts
        on the attack dice, or of the end of the attack-dice phase."""
        target, marks = self._landing(step, _LAST_ATTACK_STEP, ares, dres, used)
        if target > _LAST_ATTACK_STEP:
            return self._a_end_key(apool, ares, dres)
        return (_A_DECIDE, target, apool if marks else packed.forget(apool), ares, dres, used)

    def _a_after(self, step: int, apool: int, ares: Resources, dres: Resources,
                 used: int) -> Key:
        """Key of what follows when the player of ``step`` stops."""
        if step == _LAST_ATTACK_STEP:
            return self._a_end_key(apool, ares, dres)
        return self._a_key(step + 1, apool, ares, dres, used)

    def _a_roll_key(self, count: int, rerolled: bool, step: int, apool: int,
                    ares: Resources, dres: Resources, used: int) -> Key:
        """Key of rolling ``count`` attack dice into the pool, then playing ``step``."""
        if count == 0:
            return self._a_key(step, apool, ares, dres, used)
        if not self._context(step, ares, dres, used)[1]:
            rerolled = False
            apool = packed.forget(apool)
        return (_A_ROLL, count, rerolled, step, apool, ares, dres, used)

    def _a_end_key(self, apool: int, ares: Resources, dres: Resources) -> Key:
        """The attack dice are final: settle them and count the defense dice (RR: Attack 3a)."""
        cache_key = (apool, ares, dres)
        key = self._ends.get(cache_key)
        if key is None:
            key = self._ends[cache_key] = self._make_end_key(apool, ares, dres)
        return key

    def _make_end_key(self, apool: int, ares: Resources, dres: Resources) -> Key:
        hits, crits = self._settled_pair(apool)
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
        return (_A_END, hits, crits, ares, dres, n_defense)

    def _a_eval(self, key: Key) -> int:
        value = self._memo.get(key)
        if value is not None:
            return value
        tag = key[0]
        if tag == _A_DECIDE:
            value = self._a_decide(key)
        elif tag == _A_ROLL:
            value = self._a_roll(key)
        else:
            value = self._a_end_value(key)
        self._memo[key] = value
        if tag != _A_END:
            self._order.append(key)
        return value

    def _a_end_value(self, key: Key) -> int:
        _, hits, crits, ares, dres, n_defense = key
        split = self._splits.get(ares)
        if split is None:
            relevant = self._relevant(ares)
            frozen_left = self.att.left(ares) - self.att.left(relevant)
            split = self._splits[ares] = (relevant, (frozen_left * self.scale) << self._shift)
        relevant, frozen = split
        vector = self._b_eval(self._b_root(n_defense, relevant, dres))
        return vector[self.pair_index[(hits, crits)]] + frozen

    def _a_roll(self, key: Key) -> int:
        _, count, rerolled, step, apool, ares, dres, used = key
        if apool == 0 and not rerolled:
            # A fresh roll into an empty pool shares nothing: enumerate its results at once.
            children = [
                (weight, self._a_key(step, pool, ares, dres, used))
                for weight, pool in _FRESH_ROLLS[DieKind.ATTACK][count]
            ]
            memo = self._memo
            total = 0
            for weight, child in children:
                value = memo.get(child)
                total += weight * (self._a_eval(child) if value is None else value)
            if total & self._roll_check(3 * count):
                raise ScaleError("an ability rolled more dice than the solver allowed for")
            self._children[key] = (3 * count, children)
            return total >> (3 * count)
        offset = REROLLED if rerolled else 0
        children = []
        total = 0
        target, marks = self._landing(step, _LAST_ATTACK_STEP, ares, dres, used)
        memo = self._memo
        for face, weight in _ATTACK_FACES:
            grown = apool + packed.SLOT[face + offset]
            if count > 1:
                child = (_A_ROLL, count - 1, rerolled, step, grown, ares, dres, used)
            elif target > _LAST_ATTACK_STEP:
                child = self._a_end_key(grown, ares, dres)
            else:
                pool = grown if marks else packed.forget(grown)
                child = (_A_DECIDE, target, pool, ares, dres, used)
            children.append((weight, child))
            value = memo.get(child)
            total += weight * (self._a_eval(child) if value is None else value)
        if total & self._check:
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        self._children[key] = (3, children)
        return total >> 3

    def _a_moves(self, step: int, apool: int, ares: Resources, dres: Resources,
                 used: int) -> list[tuple[Option | None, Key]]:
        """Every choice at a position of the attack-dice phase: (None, next key) to stop, if
        allowed, then (option, resulting key) for each option of each usable ability."""
        role = _STEPS[step].role
        attacker_moves = role is Role.ATTACKER
        own, other = (ares, dres) if attacker_moves else (dres, ares)
        situation = Situation(
            role, DieKind.ATTACK, packed.unpack(apool), self._side(role).view(own),
            self._side(role.other).view(other),
        )
        # Options never mark dice (only rerolls do, through roll nodes), so a pool without
        # marks stays without them and needs no forgetting.
        marked = apool > packed.FRESH_MASK
        found: list[tuple[Option | None, Key]] = []
        mandatory = self.mandatory[step]
        if used & mandatory == mandatory:
            found.append((None, self._a_after(step, apool, ares, dres, used)))
        for ability, bit in self.entries[step]:
            if used & bit and not ability.repeatable:
                continue
            moves = ability.transitions(situation)
            if not moves:
                continue
            use_key = (bit, ares, dres, used)
            use = self._uses.get(use_key)
            if use is None:
                use = self._uses[use_key] = self._use(step, ability, bit, ares, dres, used, moves)
            a, d, next_used, marks, target, target_marks = use
            for option, new_pool, to_roll in self._packed(moves, self._most_attack_dice):
                if to_roll:
                    pool = new_pool if marks or not marked else packed.forget(new_pool)
                    child = (_A_ROLL, to_roll, marks, step, pool, a, d, next_used)
                elif target > _LAST_ATTACK_STEP:
                    child = self._a_end_key(new_pool, a, d)
                else:
                    pool = new_pool if target_marks or not marked else packed.forget(new_pool)
                    child = (_A_DECIDE, target, pool, a, d, next_used)
                found.append((option, child))
        return found

    def _a_pick(self, step: int, moves: list[tuple[Option | None, Key]]
                ) -> tuple[int, tuple[Option | None, Key]]:
        """The best of ``moves`` for the player of ``step``, with its value."""
        rank = self._attacker_key if _STEPS[step].role is Role.ATTACKER else self._defender_key
        memo = self._memo
        best = best_key = 0
        best_choice: tuple[Option | None, Key] | None = None
        for choice in moves:
            child = choice[1]
            value = memo.get(child)
            if value is None:
                value = self._a_eval(child)
            value_key = rank(value)
            if best_choice is None or value_key > best_key:
                best, best_key, best_choice = value, value_key, choice
        if best_choice is None:  # pragma: no cover - a step always can end
            raise RuntimeError("no legal choice")
        return best, best_choice

    def _a_decide(self, key: Key) -> int:
        _, step, apool, ares, dres, used = key
        best, choice = self._a_pick(step, self._a_moves(step, apool, ares, dres, used))
        self._choice[key] = choice
        return best

    # --- defense-dice phase (one value per (hits, crits) pair) --------------------------

    def _b_root(self, n_defense: int, ares: Resources, dres: Resources) -> Key:
        return self._b_roll_key(
            n_defense, False, Step.ATTACKER_MODIFIES_DEFENSE, 0, ares, dres, 0
        )

    def _b_key(self, step: int, dpool: int, ares: Resources, dres: Resources,
               used: int) -> Key:
        """Key of the first position at or after the start of ``step`` where someone acts
        on the defense dice, or of the end of the attack."""
        target, marks = self._landing(step, _LAST_STEP, ares, dres, used)
        if target > _LAST_STEP:
            return (_B_END, packed.count(dpool, Face.EVADE), ares, dres)
        return (_B_DECIDE, target, dpool if marks else packed.forget(dpool), ares, dres, used)

    def _b_roll_key(self, count: int, rerolled: bool, step: int, dpool: int,
                    ares: Resources, dres: Resources, used: int) -> Key:
        if count == 0:
            return self._b_key(step, dpool, ares, dres, used)
        if not self._context(step, ares, dres, used)[1]:
            rerolled = False
            dpool = packed.forget(dpool)
        return (_B_ROLL, count, rerolled, step, dpool, ares, dres, used)

    def _b_eval(self, key: Key) -> tuple[int, ...]:
        value = self._b_memo.get(key)
        if value is not None:
            return value
        tag = key[0]
        if tag == _B_DECIDE:
            value = self._b_decide(key)
        elif tag == _B_ROLL:
            value = self._b_roll(key)
        else:
            value = self._b_end_value(key)
        self._b_memo[key] = value
        if tag != _B_END:
            self._b_order.append(key)
        return value

    def _b_end_value(self, key: Key) -> tuple[int, ...]:
        """Neutralize results (RR: Attack 4) for every (hits, crits) pair, then pay off."""
        _, evades, ares, dres = key
        reinforce = dres[self.reinforce_at] if self.reinforce_at is not None else 0
        a_view, d_view = self.att.view(ares), self.dfn.view(dres)
        values = []
        outcomes = []
        fixed = None
        if not self._hooks:
            fixed = (self.att.left(ares) * self.scale, self.dfn.left(dres) * self.scale)
        neutralized = self._neutralized.get((evades, reinforce))
        if neutralized is None:
            neutralized = self._neutralized[(evades, reinforce)] = [
                neutralize(
                    hits,
                    crits,
                    evades,
                    reinforce=reinforce,
                    crits_first=self.crits_first,
                    evades_cancel_crits=self.evades_cancel_crits,
                )
                for hits, crits in self.pairs
            ]
        if fixed is not None and not self._payoff_reads_tokens:
            a_left, d_left = fixed
            scale = self.payoff_scale
            payoff = self.payoff
            crit_scale = self.scale
            values = [
                self._pack(payoff(h, c, a_view, d_view) * scale, c * crit_scale, a_left, d_left)
                for h, c in neutralized
            ]
            self._b_outcomes[key] = [(h, c, ares, dres) for h, c in neutralized]
            return tuple(values)
        for left_hits, left_crits in neutralized:
            a_out, d_out = ares, dres
            for role, ability in self._hooks:
                if role is Role.ATTACKER:
                    deltas = ability.after_attack(role, a_view, 0)
                    a_out = self.att.changed(a_out, deltas.items(), 1)
                else:
                    deltas = ability.after_attack(role, d_view, left_hits + left_crits)
                    d_out = self.dfn.changed(d_out, deltas.items(), 1)
            gain = self.payoff(left_hits, left_crits, self.att.view(a_out), self.dfn.view(d_out))
            if gain < 0:
                raise ValueError("payoffs must not be negative")
            a_left, d_left = fixed or (
                self.att.left(a_out) * self.scale,
                self.dfn.left(d_out) * self.scale,
            )
            values.append(
                self._pack(gain * self.payoff_scale, left_crits * self.scale, a_left, d_left)
            )
            outcomes.append((left_hits, left_crits, a_out, d_out))
        self._b_outcomes[key] = outcomes
        return tuple(values)

    def _b_roll(self, key: Key) -> tuple[int, ...]:
        _, count, rerolled, step, dpool, ares, dres, used = key
        if dpool == 0 and not rerolled:
            children = [
                (weight, self._b_key(step, pool, ares, dres, used))
                for weight, pool in _FRESH_ROLLS[DieKind.DEFENSE][count]
            ]
            width = len(self.pairs)
            sums = [0] * width
            for weight, child in children:
                for i, v in enumerate(self._b_eval(child)):
                    sums[i] += weight * v
            bits = 3 * count
            check = self._roll_check(bits)
            if any(s & check for s in sums):
                raise ScaleError("an ability rolled more dice than the solver allowed for")
            self._b_children[key] = (bits, children)
            return tuple(s >> bits for s in sums)
        offset = REROLLED if rerolled else 0
        children = []
        vectors = []
        for face, weight in _DEFENSE_FACES:
            grown = dpool + packed.SLOT[face + offset]
            if count == 1:
                child = self._b_key(step, grown, ares, dres, used)
            else:
                child = (_B_ROLL, count - 1, rerolled, step, grown, ares, dres, used)
            children.append((weight, child))
            vectors.append(self._b_eval(child))
        (w0, w1, w2), (v0, v1, v2) = (w for w, _ in children), vectors
        sums = [w0 * x + w1 * y + w2 * z for x, y, z in zip(v0, v1, v2, strict=True)]
        check = self._check
        if any(s & check for s in sums):
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        self._b_children[key] = (3, children)
        return tuple(s >> 3 for s in sums)

    def _b_moves(self, step: int, dpool: int, ares: Resources, dres: Resources,
                 used: int) -> list[tuple[Option | None, Key]]:
        """Every choice at a position of the defense-dice phase (see ``_a_moves``)."""
        role = _STEPS[step].role
        attacker_moves = role is Role.ATTACKER
        own, other = (ares, dres) if attacker_moves else (dres, ares)
        situation = Situation(
            role, DieKind.DEFENSE, packed.unpack(dpool), self._side(role).view(own),
            self._side(role.other).view(other),
        )
        found: list[tuple[Option | None, Key]] = []
        mandatory = self.mandatory[step]
        if used & mandatory == mandatory:
            found.append((None, self._b_key(step + 1, dpool, ares, dres, used)))
        for ability, bit in self.entries[step]:
            if used & bit and not ability.repeatable:
                continue
            moves = ability.transitions(situation)
            if not moves:
                continue
            use_key = (bit, ares, dres, used)
            use = self._uses.get(use_key)
            if use is None:
                use = self._uses[use_key] = self._use(step, ability, bit, ares, dres, used, moves)
            a, d, next_used, marks, target, target_marks = use
            for option, new_pool, to_roll in self._packed(moves, self._most_defense_dice):
                if to_roll:
                    pool = new_pool if marks else packed.forget(new_pool)
                    child = (_B_ROLL, to_roll, marks, step, pool, a, d, next_used)
                elif target > _LAST_STEP:
                    child = (_B_END, packed.count(new_pool, Face.EVADE), a, d)
                else:
                    pool = new_pool if target_marks else packed.forget(new_pool)
                    child = (_B_DECIDE, target, pool, a, d, next_used)
                found.append((option, child))
        return found

    def _b_pick(self, step: int, moves: list[tuple[Option | None, Key]]
                ) -> tuple[list[int], list[tuple[Option | None, Key]]]:
        """For every (hits, crits) pair: the best of ``moves`` and its value."""
        shift, low = self._shift, self._low
        attacker = _STEPS[step].role is Role.ATTACKER
        best: list[int] = []
        best_rank: list[int] = []
        choices: list[tuple[Option | None, Key]] = []
        for choice in moves:
            vector = self._b_eval(choice[1])
            # The same keys as _attacker_key / _defender_key, for a whole vector at once.
            if attacker:
                ranks = [v - 2 * (v & low) for v in vector]
            else:
                ranks = [
                    ((v & low) << shift) - ((v >> shift) & low) - ((v >> 2 * shift) << 2 * shift)
                    for v in vector
                ]
            if not choices:
                best = list(vector)
                best_rank = ranks
                choices = [choice] * len(vector)
                continue
            for i, r in enumerate(ranks):
                if r > best_rank[i]:
                    best[i], best_rank[i], choices[i] = vector[i], r, choice
        if not choices:  # pragma: no cover - a step always can end
            raise RuntimeError("no legal choice")
        return best, choices

    def _b_decide(self, key: Key) -> tuple[int, ...]:
        _, step, dpool, ares, dres, used = key
        best, choices = self._b_pick(step, self._b_moves(step, dpool, ares, dres, used))
        self._b_choice[key] = choices
        return tuple(best)

    def _b_conditional(self, root: Key, pairs: set[int]) -> dict[int, dict[OutcomeKey, int]]:
        """For each pair index in ``pairs``: the outcomes reached from ``root`` under the optimal
        policy, with probabilities as integers over ``self.payoff_scale``."""
        self._b_eval(root)
        width = len(self.pairs)
        start = [self.payoff_scale if i in pairs else 0 for i in range(width)]
        mass: dict[Key, list[int]] = {root: start}
        for key in reversed(self._b_order):
            vector = mass.pop(key, None)
            if vector is None:
                continue
            if key[0] == _B_DECIDE:
                choices = self._b_choice[key]
                for i, m in enumerate(vector):
                    if m:
                        child = choices[i][1]
                        target = mass.get(child)
                        if target is None:
                            target = mass[child] = [0] * width
                        target[i] += m
            else:
                bits, children = self._b_children[key]
                for weight, child in children:
                    share = [(m * weight) >> bits for m in vector]
                    target = mass.get(child)
                    mass[child] = share if target is None else [
                        t + x for t, x in zip(target, share, strict=True)
                    ]
        found: dict[int, dict[OutcomeKey, int]] = {i: defaultdict(int) for i in pairs}
        for key, vector in mass.items():
            outcomes = self._b_outcomes[key]
            for i, m in enumerate(vector):
                if m:
                    found[i][outcomes[i]] += m
        return found


_RESULTS: OrderedDict[tuple, AttackResult] = OrderedDict()
RESULT_CACHE_SIZE = 4096
"""How many distinct (attack, objective) results ``calculate`` remembers."""


def calculate(
    attack: Attack, objective: Objective | None = None, *, cache: bool = True
) -> AttackResult:
    """Solve ``attack`` exactly under optimal play for ``objective`` (default: expected damage).

    Results are remembered (least recently used first out) because an AI asks about the same
    few attacks again and again; ``cache=False`` always solves. Abilities count as the same
    when they are the same objects.
    """
    objective = objective or ExpectedDamage()
    if not cache:
        return AttackSolver(attack, objective).solve()
    # Explicit zeros matter (an ability's charges given as 0 are not its default charges),
    # while Tokens equality ignores them: key on the items as given.
    key = (
        attack,
        objective,
        tuple(sorted(attack.attacker.tokens.items())),
        tuple(sorted(attack.defender.tokens.items())),
    )
    result = _RESULTS.get(key)
    if result is None:
        result = _RESULTS[key] = AttackSolver(attack, objective).solve()
        if len(_RESULTS) > RESULT_CACHE_SIZE:
            _RESULTS.popitem(last=False)
    else:
        _RESULTS.move_to_end(key)
    return result


def clear_results() -> None:
    """Forget the results ``calculate`` remembered."""
    _RESULTS.clear()
