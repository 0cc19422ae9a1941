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
expected payoff; ties go to the choice that keeps more of one's own
spendable tokens, then to the earliest choice (stopping first). The result
is exact.

How it stays fast:

* Positions are canonical multisets (``tallon.dice.counts``); "already
  rerolled" marks are forgotten as soon as nothing can reroll that pool.
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
  payoff and both players' tokens left are packed into one integer (payoff in
  the high bits), which expectations keep apart because each part is exact.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

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
from tallon.dice.counts import EMPTY, REROLLED, Counts, face_count, forget_rerolls
from tallon.dice.faces import DieKind, Face
from tallon.dice.neutralize import neutralize
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.ops import Option
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
    ) -> None:
        self.attack = attack
        self.objective = objective or ExpectedDamage()
        if payoff is None:
            objective_payoff = self.objective.payoff

            def payoff(hits: int, crits: int, _a: Tokens, _d: Tokens) -> int:
                return objective_payoff(hits, crits)

            payoff_exponent = 0
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
        self.rolls = 2 * most_attack_dice + 2 * (MAX_DICE + added_defense)
        self.payoff_exponent = payoff_exponent
        self.payoff_scale = 8**self.rolls
        self.scale = 8 ** (self.rolls + payoff_exponent)
        most_left = max(self.att.left(self.att.start), self.dfn.left(self.dfn.start)) + 1
        self._tokens_bound = most_left * self.scale
        self._shift = (8 * self._tokens_bound).bit_length() + 1
        self._low = (1 << self._shift) - 1
        self._check = (7 << (2 * self._shift)) | (7 << self._shift) | 7

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
        self._flags: dict[tuple, bool] = {}
        self.root = self._a_roll_key(
            n_attack,
            False,
            Step.DEFENDER_MODIFIES_ATTACK,
            EMPTY,
            self.att.changed(self.att.start, changes.items(), 1),
            self.dfn.start,
            0,
        )

    # --- public -------------------------------------------------------------------------

    def value(self) -> Fraction:
        """The objective's value under optimal play (e.g. the expected damage)."""
        return Fraction(self._a_eval(self.root) >> (2 * self._shift), self.scale)

    def solve(self) -> AttackResult:
        """Solve and return the exact distribution of outcomes under the optimal policy."""
        value = self.value()
        outcomes = {
            Outcome(h, c, self.att.view(a), self.dfn.view(d)): Fraction(m, self.payoff_scale)
            for (h, c, a, d), m in self.outcome_masses().items()
        }
        return AttackResult(outcomes, self.payoff_name, value)

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
                for weight, child in self._children[key]:
                    mass[child] = mass.get(child, 0) + ((m * weight) >> 3)
        # Every remaining key is an end of the attack-dice phase; continue each in its subgame.
        by_root: dict[Key, list[tuple[int, Resources, int]]] = defaultdict(list)
        for key, m in mass.items():
            _, hits, crits, ares, dres, n_defense = key
            root = self._b_root(n_defense, self._relevant(ares), dres)
            by_root[root].append((self.pair_index[(hits, crits)], ares, m))
        found: dict[OutcomeKey, int] = defaultdict(int)
        for root, arrivals in by_root.items():
            conditional = self._b_conditional(root, {pair for pair, _, _ in arrivals})
            for pair, ares, m in arrivals:
                for (hits, crits, a_rel, dres), pm in conditional[pair].items():
                    merged = tuple(
                        r if keep else v
                        for v, r, keep in zip(ares, a_rel, self.relevant, strict=True)
                    )
                    found[(hits, crits, merged, dres)] += (m * pm) // self.payoff_scale
        return {k: m for k, m in found.items() if m}

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
            key = self._a_decision_key(step, attack_dice, ares, dres, mask)
            self._a_eval(key)
            return self._choice[key][0]
        settled = self._settled(attack_dice)
        pair = self.pair_index[(settled[Face.HIT], settled[Face.CRIT])]
        key = self._b_decision_key(step, defense_dice, self._relevant(ares), dres, mask)
        self._b_eval(key)
        return self._b_choice[key][pair][0]

    def abilities(self, step: Step) -> list[DiceAbility]:
        """The abilities that act in ``step`` of this attack."""
        return [ability for ability, _ in self.entries[step]]

    def settle_attack_dice(self, attack_dice: Counts) -> Counts:
        """The attack dice as they count after the Modify Attack Dice step."""
        return self._settled(attack_dice)

    # --- shared helpers -----------------------------------------------------------------

    def _side(self, role: Role) -> _Side:
        return self.att if role is Role.ATTACKER else self.dfn

    def _relevant(self, ares: Resources) -> Resources:
        return tuple(v if keep else 0 for v, keep in zip(ares, self.relevant, strict=True))

    def _flags_matter(self, step: int, ares: Resources, dres: Resources, used: int) -> bool:
        """Whether any ability could still reroll the pool acted on at ``step``."""
        if step > Step.DEFENDER_MODIFIES_DEFENSE:
            return False
        cache_key = (step, ares, dres, used)
        known = self._flags.get(cache_key)
        if known is not None:
            return known
        last = _LAST_ATTACK_STEP if step <= _LAST_ATTACK_STEP else Step.DEFENDER_MODIFIES_DEFENSE
        matters = False
        for s in range(step, last + 1):
            role = _STEPS[s].role
            own = self._side(role).view(ares if role is Role.ATTACKER else dres)
            for ability, bit in self.entries[s]:
                if (
                    ability.rerolls
                    and (ability.repeatable or not used & bit)
                    and ability.may_reroll(own)
                ):
                    matters = True
                    break
            if matters:
                break
        self._flags[cache_key] = matters
        return matters

    def _settled(self, apool: Counts) -> Counts:
        """Attack dice after the Modify Attack Dice step: only hits and crits still matter."""
        for ability in self.att.abilities:
            apool = ability.after_attack_dice(apool)
        slots = [0] * len(EMPTY)
        slots[Face.HIT] = face_count(apool, Face.HIT)
        slots[Face.CRIT] = face_count(apool, Face.CRIT)
        return tuple(slots)

    def _pack(self, payoff: int, a_left: int, d_left: int) -> int:
        if max(a_left, d_left) > self._tokens_bound:
            raise ScaleError("more tokens left than the solver allowed for")  # pragma: no cover
        return (payoff << (2 * self._shift)) | (a_left << self._shift) | d_left

    def _better_for_attacker(self, value: int, best: int) -> bool:
        # Higher payoff, then more attacker tokens left.
        return (value >> self._shift) > (best >> self._shift)

    def _defender_key(self, value: int) -> int:
        # Lower payoff, then more defender tokens left: one number to maximise.
        return (value & self._low) - ((value >> (2 * self._shift)) << self._shift)

    # --- attack-dice phase (scalar values) ----------------------------------------------

    def _a_decision_key(self, step: int, apool: Counts, ares: Resources, dres: Resources,
                        used: int) -> Key:
        if not self._flags_matter(step, ares, dres, used):
            apool = forget_rerolls(apool)
        return (_A_DECIDE, step, apool, ares, dres, used)

    def _a_at_step(self, step: int, apool: Counts, ares: Resources, dres: Resources,
                   used: int) -> Key:
        """Key of the first position at or after the start of ``step`` where someone acts."""
        while step <= _LAST_ATTACK_STEP and not self.entries[step]:
            step += 1
        if step > _LAST_ATTACK_STEP:
            return self._a_end_key(apool, ares, dres)
        return self._a_decision_key(step, apool, ares, dres, used)

    def _a_roll_key(self, count: int, rerolled: bool, step: int, apool: Counts,
                    ares: Resources, dres: Resources, used: int) -> Key:
        """Key of rolling ``count`` attack dice into the pool, then playing ``step``."""
        if count == 0:
            return self._a_at_step(step, apool, ares, dres, used)
        if not self._flags_matter(step, ares, dres, used):
            rerolled = False
            apool = forget_rerolls(apool)
        return (_A_ROLL, count, rerolled, step, apool, ares, dres, used)

    def _a_end_key(self, apool: Counts, ares: Resources, dres: Resources) -> Key:
        """The attack dice are final: settle them and count the defense dice (RR: Attack 3a)."""
        settled = self._settled(apool)
        n_defense, changes = defense_dice_count(
            self.attack,
            self.att.view(ares),
            self.dfn.view(dres),
            self.att.abilities,
            self.dfn.abilities,
        )
        dres = self.dfn.changed(dres, changes.items(), 1)
        return (_A_END, settled[Face.HIT], settled[Face.CRIT], ares, dres, n_defense)

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
        relevant = self._relevant(ares)
        vector = self._b_eval(self._b_root(n_defense, relevant, dres))
        frozen_left = self.att.left(ares) - self.att.left(relevant)
        return vector[self.pair_index[(hits, crits)]] + ((frozen_left * self.scale) << self._shift)

    def _a_roll(self, key: Key) -> int:
        _, count, rerolled, step, apool, ares, dres, used = key
        offset = REROLLED if rerolled else 0
        children = []
        total = 0
        for face, weight in _ATTACK_FACES:
            slots = list(apool)
            slots[face + offset] += 1
            grown = tuple(slots)
            if count == 1:
                child = self._a_at_step(step, grown, ares, dres, used)
            else:
                child = (_A_ROLL, count - 1, rerolled, step, grown, ares, dres, used)
            children.append((weight, child))
            total += weight * self._a_eval(child)
        if total & self._check:
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        self._children[key] = children
        return total >> 3

    def _a_decide(self, key: Key) -> int:
        _, step, apool, ares, dres, used = key
        role = _STEPS[step].role
        attacker_moves = role is Role.ATTACKER
        side = self._side(role)
        own, other = (ares, dres) if attacker_moves else (dres, ares)
        situation = Situation(
            role, DieKind.ATTACK, apool, side.view(own), self._side(role.other).view(other)
        )
        best: int | None = None
        best_key = 0
        best_choice: tuple[Option | None, Key] | None = None
        mandatory = self.mandatory[step]
        if used & mandatory == mandatory:
            if step == _LAST_ATTACK_STEP:
                child = self._a_end_key(apool, ares, dres)
            else:
                child = self._a_at_step(step + 1, apool, ares, dres, used)
            best = self._a_eval(child)
            best_key = best >> self._shift if attacker_moves else self._defender_key(best)
            best_choice = (None, child)
        for ability, bit in self.entries[step]:
            if used & bit and not ability.repeatable:
                continue
            moves = ability.transitions(situation)
            if not moves:
                continue
            next_used = used if ability.repeatable else used | bit
            new_own = own
            first = moves[0][0]
            if first.spend:
                new_own = side.changed(new_own, first.spend, -1)
            if first.gain:
                new_own = side.changed(new_own, first.gain, 1)
            a, d = (new_own, other) if attacker_moves else (other, new_own)
            for option, new_pool, to_roll in moves:
                if to_roll:
                    child = self._a_roll_key(to_roll, True, step, new_pool, a, d, next_used)
                else:
                    child = self._a_decision_key(step, new_pool, a, d, next_used)
                value = self._a_eval(child)
                value_key = value >> self._shift if attacker_moves else self._defender_key(value)
                if best is None or value_key > best_key:
                    best, best_key, best_choice = value, value_key, (option, child)
        if best is None or best_choice is None:  # pragma: no cover - a step always can end
            raise RuntimeError(f"no legal choice at {key!r}")
        self._choice[key] = best_choice
        return best

    # --- defense-dice phase (one value per (hits, crits) pair) --------------------------

    def _b_root(self, n_defense: int, ares: Resources, dres: Resources) -> Key:
        return self._b_roll_key(
            n_defense, False, Step.ATTACKER_MODIFIES_DEFENSE, EMPTY, ares, dres, 0
        )

    def _b_decision_key(self, step: int, dpool: Counts, ares: Resources, dres: Resources,
                        used: int) -> Key:
        if not self._flags_matter(step, ares, dres, used):
            dpool = forget_rerolls(dpool)
        return (_B_DECIDE, step, dpool, ares, dres, used)

    def _b_at_step(self, step: int, dpool: Counts, ares: Resources, dres: Resources,
                   used: int) -> Key:
        while step <= _LAST_STEP and not self.entries[step]:
            step += 1
        if step > _LAST_STEP:
            return (_B_END, face_count(dpool, Face.EVADE), ares, dres)
        return self._b_decision_key(step, dpool, ares, dres, used)

    def _b_roll_key(self, count: int, rerolled: bool, step: int, dpool: Counts,
                    ares: Resources, dres: Resources, used: int) -> Key:
        if count == 0:
            return self._b_at_step(step, dpool, ares, dres, used)
        if not self._flags_matter(step, ares, dres, used):
            rerolled = False
            dpool = forget_rerolls(dpool)
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
        for hits, crits in self.pairs:
            left_hits, left_crits = neutralize(
                hits,
                crits,
                evades,
                reinforce=reinforce,
                crits_first=self.crits_first,
                evades_cancel_crits=self.evades_cancel_crits,
            )
            a_out, d_out = ares, dres
            for ability in self.att.abilities:
                a_out = self.att.changed(
                    a_out, ability.after_attack(Role.ATTACKER, a_view, 0).items(), 1
                )
            for ability in self.dfn.abilities:
                deltas = ability.after_attack(Role.DEFENDER, d_view, left_hits + left_crits)
                d_out = self.dfn.changed(d_out, deltas.items(), 1)
            gain = self.payoff(left_hits, left_crits, self.att.view(a_out), self.dfn.view(d_out))
            if gain < 0:
                raise ValueError("payoffs must not be negative")
            values.append(
                self._pack(
                    gain * self.payoff_scale,
                    self.att.left(a_out) * self.scale,
                    self.dfn.left(d_out) * self.scale,
                )
            )
            outcomes.append((left_hits, left_crits, a_out, d_out))
        self._b_outcomes[key] = outcomes
        return tuple(values)

    def _b_roll(self, key: Key) -> tuple[int, ...]:
        _, count, rerolled, step, dpool, ares, dres, used = key
        offset = REROLLED if rerolled else 0
        children = []
        vectors = []
        for face, weight in _DEFENSE_FACES:
            slots = list(dpool)
            slots[face + offset] += 1
            grown = tuple(slots)
            if count == 1:
                child = self._b_at_step(step, grown, ares, dres, used)
            else:
                child = (_B_ROLL, count - 1, rerolled, step, grown, ares, dres, used)
            children.append((weight, child))
            vectors.append(self._b_eval(child))
        (w0, w1, w2), (v0, v1, v2) = (w for w, _ in children), vectors
        sums = [w0 * x + w1 * y + w2 * z for x, y, z in zip(v0, v1, v2, strict=True)]
        check = self._check
        if any(s & check for s in sums):
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        self._b_children[key] = children
        return tuple(s >> 3 for s in sums)

    def _b_decide(self, key: Key) -> tuple[int, ...]:
        _, step, dpool, ares, dres, used = key
        role = _STEPS[step].role
        attacker_moves = role is Role.ATTACKER
        side = self._side(role)
        own, other = (ares, dres) if attacker_moves else (dres, ares)
        situation = Situation(
            role, DieKind.DEFENSE, dpool, side.view(own), self._side(role.other).view(other)
        )
        shift = self._shift
        rank = (lambda v: v >> shift) if attacker_moves else self._defender_key
        best: list[int] | None = None
        best_rank: list[int] = []
        choices: list[tuple[Option | None, Key]] = []
        mandatory = self.mandatory[step]
        if used & mandatory == mandatory:
            child = self._b_at_step(step + 1, dpool, ares, dres, used)
            best = list(self._b_eval(child))
            best_rank = [rank(v) for v in best]
            choices = [(None, child)] * len(best)
        for ability, bit in self.entries[step]:
            if used & bit and not ability.repeatable:
                continue
            moves = ability.transitions(situation)
            if not moves:
                continue
            next_used = used if ability.repeatable else used | bit
            new_own = own
            first = moves[0][0]
            if first.spend:
                new_own = side.changed(new_own, first.spend, -1)
            if first.gain:
                new_own = side.changed(new_own, first.gain, 1)
            a, d = (new_own, other) if attacker_moves else (other, new_own)
            for option, new_pool, to_roll in moves:
                if to_roll:
                    child = self._b_roll_key(to_roll, True, step, new_pool, a, d, next_used)
                else:
                    child = self._b_decision_key(step, new_pool, a, d, next_used)
                vector = self._b_eval(child)
                choice = (option, child)
                if best is None:
                    best = list(vector)
                    best_rank = [rank(v) for v in vector]
                    choices = [choice] * len(vector)
                    continue
                for i, v in enumerate(vector):
                    r = rank(v)
                    if r > best_rank[i]:
                        best[i], best_rank[i], choices[i] = v, r, choice
        if best is None:  # pragma: no cover - a step always can end
            raise RuntimeError(f"no legal choice at {key!r}")
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
                for weight, child in self._b_children[key]:
                    target = mass.get(child)
                    if target is None:
                        target = mass[child] = [0] * width
                    for i, m in enumerate(vector):
                        if m:
                            target[i] += (m * weight) >> 3
        found: dict[int, dict[OutcomeKey, int]] = {i: defaultdict(int) for i in pairs}
        for key, vector in mass.items():
            outcomes = self._b_outcomes[key]
            for i, m in enumerate(vector):
                if m:
                    found[i][outcomes[i]] += m
        return found


def calculate(attack: Attack, objective: Objective | None = None) -> AttackResult:
    """Solve ``attack`` exactly under optimal play for ``objective`` (default: expected damage)."""
    return AttackSolver(attack, objective).solve()
