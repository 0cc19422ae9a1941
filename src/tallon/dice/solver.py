"""Exact optimal play of an attack's dice (RR: ATTACK steps 2-4).

The attack is a perfect-information game between the two players, played in
the order the rules give (``docs/dice.md``):

1. roll attack dice (RR: ATTACK step 2a);
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
* Everything about a position except its dice — whose step it is, both
  players' resources, the abilities used — is its *context*. A context is
  worked out once (who may act, what each ability costs, where play goes
  next) and numbered, and a position's key is one integer: the context's
  number above the packed pool. The work per position is then little more
  than looking up an ability's moves for the pool and adding integers. The
  moves come from packed tables (``CardAbility.packed_moves``) that depend on
  no attack: the built-in effects share one per effect, kept across solves.
* The game splits where the attack dice are final. Only their hits and crits
  matter afterwards, and the defense-dice subgame is solved once for every
  (hits, crits) pair at the same time: its values are vectors with one entry
  per pair, and each entry has its own optimal choices. Attacker resources no
  attacker ability can use any more are dropped from the subgame (they are
  added back to the results), so it is shared by all ways of reaching it.
* Rolling k dice is one chance node over the multinomial results of k dice
  (tables made once), landing directly on the positions after the roll.
* Every value is an integer: the true value times ``8**T``, where ``T``
  bounds the number of die rolls, so chance nodes divide exactly by ``8**k``.
  The payoff, the uncanceled crits and both players' tokens left are packed
  into one integer (payoff in the high bits), which expectations keep apart
  because each part is exact and has room to spare. Each phase puts first the
  tokens of the player who decides most there, so that comparing two values
  for that player is one XOR and one comparison.
* A forward pass over the recorded choices gives the exact distribution of
  outcomes.

This module holds the public API: ``AttackSolver`` (which describes the attack
and answers for it) and ``calculate`` with its cache of results. The solver is
built up in layers, each in its own module, each class the base of the next:

* ``solver_keys``: the steps, the key layout and key rules, the roll tables,
  ``ScaleError``;
* ``solver_moves``: the packed-move cache for abilities without packed tables;
* ``solver_contexts``: the kinds of context and each player's resources layout;
* ``solver_values``: ``PackedValues``, packing values and ranking them;
* ``solver_graph``: ``PositionGraph``, making contexts and the keys of every
  choice and roll;
* ``solver_phases``: ``PhaseRecursion``, the backward induction over both
  phases (with the hot loop) and the subgame's forward pass.
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from tallon.dice import packed
from tallon.dice.abilities.base import DiceAbility, Role, Tokens
from tallon.dice.abilities.effects import CardAbility
from tallon.dice.abilities.tokens import REINFORCE
from tallon.dice.attack import MAX_DICE, Attack, Step, attack_dice_count, step_abilities
from tallon.dice.counts import Counts
from tallon.dice.neutralize import defender_cancels
from tallon.dice.objectives import ExpectedDamage, Objective
from tallon.dice.ops import Option
from tallon.dice.packed import POOL_BITS
from tallon.dice.result import AttackResult, Outcome
from tallon.dice.solver_contexts import AttackEnd, Decide, OutcomeKey, Payoff, Resources, Side
from tallon.dice.solver_keys import (
    LAST_ATTACK_STEP,
    POOL_MASK,
    SETTLED,
    SETTLED_BY_ABILITY,
    STEPS,
)
from tallon.dice.solver_keys import ScaleError as ScaleError  # part of the solver's API
from tallon.dice.solver_phases import PhaseRecursion
from tallon.dice.solver_tokens import handles, solve_tokens


class AttackSolver(PhaseRecursion):
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
        self.att = Side(Role.ATTACKER, a_tokens, attack.abilities(Role.ATTACKER, a_tokens))
        self.dfn = Side(Role.DEFENDER, d_tokens, attack.abilities(Role.DEFENDER, d_tokens))

        self.entries = []
        self.mandatory = []
        self.bit_of: dict[int, int] = {}
        bit = 1
        for step in STEPS:
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
        # Abilities whose moves come from packed tables (see PositionGraph._make_use).
        self._plain = {
            bit: isinstance(ability, CardAbility)
            and type(ability).transitions is CardAbility.transitions
            and type(ability).usable is CardAbility.usable
            and type(ability)._build is CardAbility._build
            and not (ability.requires is not None and ability.requirement_reads_dice)
            # A "nothing to do" option would cost nothing, unlike the others.
            and not (ability.mandatory and (ability.cost or ability.gain))
            for found in self.entries
            for ability, bit in found
        }
        # 0 where the attacker acts, 1 where the defender does.
        self._step_defends = [int(step.role is Role.DEFENDER) for step in STEPS]
        self._defense_bits = sum(
            bit for step in STEPS[LAST_ATTACK_STEP + 1 :] for _, bit in self.entries[step]
        )
        # Whether anything at or after each step (in the same pool) can reroll at all.
        self._can_reroll = [
            any(
                ability.rerolls
                for later in range(step, (LAST_ATTACK_STEP if step <= LAST_ATTACK_STEP else
                                          Step.DEFENDER_MODIFIES_DEFENSE) + 1)
                for ability, _ in self.entries[later]
            )
            for step in STEPS
        ]
        # The attacker's weapon (Plasma Torpedoes) or the defender ("Zeb" Orrelios).
        self.crits_first = any(a.crits_canceled_first
                               for a in (*self.att.abilities, *self.dfn.abilities))
        self.evades_cancel_crits = all(a.evades_cancel_crits for a in self.att.abilities)
        self.defender_cancels = defender_cancels(self.dfn.abilities)
        self.reinforce_at = (self.dfn.index.get(REINFORCE) if attack.reinforce_neutralizes
                             else None)

        # Attacker resources that still matter once the attack dice are final.
        relevant: set[str] = set()
        for step in STEPS[LAST_ATTACK_STEP + 1 :]:
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

        # RR: ATTACK step 1: abilities used when the attack is declared, before any die is
        # rolled (Predictive Shot). Each way to start is a root; the attacker takes the best
        # (see _root). Then each start's attack dice (step 2a).
        starts = [self.att.start]
        for ability in self.att.abilities:
            if ability.declare_cost:
                starts += [
                    self.att.changed(self.att.changed(start, ability.declare_cost, -1),
                                     ((ability.key, 1),), 1)
                    for start in starts
                    if all(self.att.view(start)[name] >= amount
                           for name, amount in ability.declare_cost)
                ]
        counted = []
        for start in starts:
            n_attack, changes = attack_dice_count(
                attack,
                self.att.view(start),
                self.dfn.view(self.dfn.start),
                self.att.abilities,
                self.dfn.abilities,
            )
            counted.append((self.att.changed(start, changes.items(), 1), n_attack))
        n_attack = max(n for _, n in counted)
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
        super().__init__(most_left * self.scale)

        # Every (hits, crits) the attack dice can end with: one vector entry each.
        self.pairs = [
            (h, c) for h in range(most_attack_dice + 1) for c in range(most_attack_dice + 1 - h)
        ]
        self.pair_index = {pair: i for i, pair in enumerate(self.pairs)}
        # The pair index of each ``hits + 16 * crits`` (see SETTLED).
        self._pair_of_code = {h + (c << packed.BITS): i for i, (h, c) in enumerate(self.pairs)}
        self._settled = (
            SETTLED_BY_ABILITY if any(a.after_modify_attack for a in self.att.abilities)
            else SETTLED
        )
        self._payoff_reads_tokens = payoff_reads_tokens
        self._hooks = [
            (role, ability)
            for role, side in ((Role.ATTACKER, self.att), (Role.DEFENDER, self.dfn))
            for ability in side.abilities
            if type(ability).after_attack is not DiceAbility.after_attack
        ]
        # Abilities capping the defense dice (Predictive Shot) and preventing damage (Iden
        # Versio): see PositionGraph._make_attack_end and PhaseRecursion._b_end_value.
        self._limiters = [
            (role, ability)
            for role, side in ((Role.ATTACKER, self.att), (Role.DEFENDER, self.dfn))
            for ability in side.abilities
            if type(ability).defense_dice_limit is not DiceAbility.defense_dice_limit
        ]
        self._preventers = [ability for ability in self.dfn.abilities
                            if type(ability).preventions is not DiceAbility.preventions]
        self._starts = [ares for ares, _ in counted]
        self._roots = []
        for ares, n in counted:
            base, how = self._next(True, Step.DEFENDER_MODIFIES_ATTACK, ares, self.dfn.start, 0)
            self._roots.append(self._roll_key(True, n, False, base, how, 0))
        self.root: int | None = self._roots[0] if len(self._roots) == 1 else None

    def _root(self) -> int:
        """The root of the attack: the attacker's best way to start where it has a choice
        when declaring (ties to not using the ability, which keeps its tokens)."""
        if self.root is None:
            values = [self._a_value(root) for root in self._roots]
            self.root = self._roots[self._best_index(True, values)]
        return self.root

    @property
    def declared(self) -> tuple[str, ...]:
        """The keys of the abilities the attacker uses when declaring, under optimal play."""
        ares = self._starts[self._roots.index(self._root())]
        return tuple(a.key for a in self.att.abilities
                     if a.declare_cost and ares[self.att.index[a.key]])

    # --- public -------------------------------------------------------------------------

    def value(self) -> Fraction:
        """The objective's value under optimal play (e.g. the expected damage)."""
        return Fraction(self._a_value(self._root()) >> (3 * self._shift), self.scale)

    def solve(self) -> AttackResult:
        """Solve and return the exact distribution of outcomes under the optimal policy."""
        value = self.value()
        att_view, dfn_view = self.att.view, self.dfn.view
        masses = {
            Outcome(h, c, att_view(a), dfn_view(d)): m
            for (h, c, a, d), m in self.outcome_masses().items()
        }
        return AttackResult(masses, self.payoff_scale, self.payoff_name, value)

    def outcome_masses(self) -> dict[OutcomeKey, int]:
        """Terminal outcomes (hits, crits, attacker resources, defender resources) with their
        probabilities as integers over ``self.payoff_scale``, under the optimal policy."""
        root = self._root()
        self._a_value(root)
        contexts, choice = self._a_contexts, self._choice
        mass: dict[int, int] = {root: self.payoff_scale}
        take, get = mass.pop, mass.get
        for key in reversed(self._order):
            m = take(key, 0)
            if not m:
                continue
            context = contexts[key >> POOL_BITS]
            if type(context) is Decide:
                child = choice[key]
                mass[child] = get(child, 0) + m
                continue
            bits = context.bits
            if context.steps is None:
                for weight, child in self._rolled(context, key & POOL_MASK):
                    mass[child] = get(child, 0) + ((m * weight) >> bits)
                continue
            start = self._key(context.base, context.how, key & POOL_MASK)
            for weight, step in context.steps:
                child = start + step
                mass[child] = get(child, 0) + ((m * weight) >> bits)
        # Every remaining key is an end of the attack-dice phase; continue each in its subgame.
        by_root: dict[int, list[tuple[int, Resources, int]]] = defaultdict(list)
        for key, m in mass.items():
            end = contexts[key >> POOL_BITS]
            assert type(end) is AttackEnd
            pair = self._pair_of_code[key & POOL_MASK]
            # With the defense dice capped by the results, each total has its own subgame.
            root = end.root if end.roots is None else end.roots[pair]
            by_root[root].append((pair, end.ares, m))
        # Sums of products over payoff_scale**2, divided once per outcome at the end.
        found: dict[OutcomeKey, int] = defaultdict(int)
        any_relevant = any(self.relevant)
        for root, arrivals in by_root.items():
            conditional = self._b_conditional(root, {pair for pair, _, _ in arrivals})
            for pair, ares, m in arrivals:
                if not any_relevant:
                    for (hits, crits, _, dres), pm in conditional[pair]:
                        found[(hits, crits, ares, dres)] += m * pm
                    continue
                for (hits, crits, a_rel, dres), pm in conditional[pair]:
                    # The subgame changed only the relevant resources; the rest pass through.
                    merged = tuple(
                        r if keep else v
                        for v, r, keep in zip(ares, a_rel, self.relevant, strict=True)
                    )
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
        attack_phase, context, pool, children, pair = self._position(
            step, attack_dice, defense_dice, self.att.encode(attacker),
            self.dfn.encode(defender), used)
        if not children:
            return None
        if attack_phase:
            best = self._best_index(context.attacker, [self._a_value(c) for c in children])
        else:
            values = [self._b_value(c) for c in children]
            best = self._best_indices(context.attacker, values)[pair]
        return self._options(context, pool)[best]

    def _position(self, step: Step, attack_dice: Counts, defense_dice: Counts, ares: int,
                  dres: int, used: Iterable[DiceAbility]
                  ) -> tuple[bool, Decide, int, list[Any], int]:
        """A live position's decision: (attack phase, its context, the packed pool being
        modified, the children of each choice, the attack results' pair in the defense
        phase)."""
        mask = 0
        for ability in used:
            mask |= self.bit_of.get(id(ability), 0)
        attack_phase = step <= LAST_ATTACK_STEP
        pair = 0
        if attack_phase:
            contexts, most = self._a_contexts, self._most_attack_dice
            pool = packed.pack(attack_dice)
        else:
            pair = self._pair_of(packed.pack(attack_dice))
            # The subgame starts without the attack-dice steps' abilities and the attacker
            # resources that no longer matter.
            mask &= self._defense_bits
            ares = self._relevant(ares)
            contexts, most = self._b_contexts, self._most_defense_dice
            pool = packed.pack(defense_dice)
        context = contexts[self._decide_number(attack_phase, step, ares, dres, mask)]
        assert type(context) is Decide
        return attack_phase, context, pool, self._children(context, pool, most), pair

    def best_prevention(self, hits: int, crits: int, attacker: Mapping[str, int],
                        defender: Mapping[str, int]) -> int:
        """The optimal answer of the defender before suffering the uncanceled ``hits`` and
        ``crits`` (with these resources after the attack's cancels): 0 not to prevent, else
        the number of the prevention to use, counting each damage-preventing ability's
        ``preventions`` in turn from 1."""
        if not self._preventers:
            return 0
        ares = self._relevant(self.att.encode(attacker))
        return self._prevention(hits, crits, ares, self.dfn.encode(defender))[2]

    def abilities(self, step: Step) -> list[DiceAbility]:
        """The abilities that act in ``step`` of this attack."""
        return [ability for ability, _ in self.entries[step]]

    def settle_attack_dice(self, attack_dice: Counts) -> tuple[int, int]:
        """(hits, crits) of the attack dice as they count after the Modify Attack Dice step."""
        return self._settled_pair(packed.pack(attack_dice))


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
        return _solve(attack, objective)
    # Explicit zeros matter (an ability's charges given as 0 are not its default charges),
    # while Tokens equality ignores them: key on the items as given.
    key = (attack, objective, attack.attacker.tokens.items_given(),
           attack.defender.tokens.items_given())
    result = _RESULTS.get(key)
    if result is None:
        result = _RESULTS[key] = _solve(attack, objective)
        if len(_RESULTS) > RESULT_CACHE_SIZE:
            _RESULTS.popitem(last=False)
    else:
        _RESULTS.move_to_end(key)
    return result


def _solve(attack: Attack, objective: Objective) -> AttackResult:
    # Tokens-only attacks for expected damage, the most asked, have a leaner exact solver
    # with the same results (tallon.dice.solver_tokens).
    if handles(attack, objective):
        return solve_tokens(attack, objective)
    return AttackSolver(attack, objective).solve()


def clear_results() -> None:
    """Forget the results ``calculate`` remembered."""
    _RESULTS.clear()
