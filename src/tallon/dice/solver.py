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
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from tallon.dice import packed
from tallon.dice.abilities.base import DiceAbility, Role, Situation, Tokens
from tallon.dice.abilities.effects import CardAbility
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
OutcomeKey = tuple[int, int, Resources, Resources]

_STEPS = tuple(Step)
_ROLES = tuple(step.role for step in _STEPS)
_LAST_ATTACK_STEP = Step.ATTACKER_MODIFIES_ATTACK
_LAST_STEP = _STEPS[-1]

# A position's key is (context number << _POOL_BITS) + packed pool.
_POOL_BITS = packed.POOL_BITS
_POOL = (1 << _POOL_BITS) - 1
_FRESH = packed.FRESH_MASK
_HALF = packed.REROLLED_SHIFT
_LIMIT = packed.LIMIT
_EVADE_AT = packed.BITS * Face.EVADE
_REROLLED_EVADE_AT = packed.BITS * (Face.EVADE + REROLLED)
# The hit and crit slots are neighbours: one byte, hits in the low half, in each half of a
# pool. Adding the two bytes gives hits + 16 * crits (at most 15 dice: no carries).
assert Face.CRIT == Face.HIT + 1
_HIT_AT = packed.BITS * Face.HIT
_REROLLED_HIT_AT = packed.BITS * (Face.HIT + REROLLED)
_BYTE = 0xFF

# How the key of the next position is made from its context's base and the pool there:
# marks forgotten, the pool as it is, only the hits and crits (end of the attack-dice
# phase: ``hits + 16 * crits``; _SETTLED_BY_ABILITY when an ability changes them first), only
# the number of evades (end of the attack).
_FORGET, _KEEP, _SETTLED, _SETTLED_BY_ABILITY, _EVADES = 0, 1, 2, 3, 4

# How an ability's moves are found at a position (see AttackSolver._make_use).
_TABLE, _NOTHING, _GENERAL = 0, 1, 2


def _roll_table(kind: DieKind, count: int, marked: bool) -> tuple[tuple[int, int], ...]:
    """Every result of rolling ``count`` dice at once: (weight out of 8**count, the dice as a
    packed pool to add), the dice in the rerolled slots if ``marked``."""
    offset = REROLLED if marked else 0
    table: dict[int, int] = {0: 1}
    for _ in range(count):
        grown: dict[int, int] = defaultdict(int)
        for pool, weight in table.items():
            for face in kind.faces:
                grown[pool + packed.SLOT[face + offset]] += weight * kind.weights[face]
        table = grown
    return tuple((weight, pool) for pool, weight in sorted(table.items()))


_AT_ONCE = MAX_DICE
"""Most dice one chance node rolls: packed values have room for a sum of 8**6 weights. More
dice (only with added dice) roll in several nodes."""
_ROLLS = {
    (kind, marked): tuple(_roll_table(kind, n, marked) for n in range(_AT_ONCE + 1))
    for kind in DieKind
    for marked in (False, True)
}


def _dice_key(how: int, dice: int) -> int:
    """The part of a key that dice (a packed pool) contribute under the key rule ``how``
    (every rule but _SETTLED_BY_ABILITY is additive, see _Roll)."""
    if how == _KEEP:
        return dice
    if how == _FORGET:
        return (dice & _FRESH) + (dice >> _HALF)
    if how == _SETTLED:
        return ((dice >> _HIT_AT) & _BYTE) + ((dice >> _REROLLED_HIT_AT) & _BYTE)
    return ((dice >> _EVADE_AT) & _LIMIT) + ((dice >> _REROLLED_EVADE_AT) & _LIMIT)


_ROLL_STEPS = {
    (kind, marked, how): tuple(
        tuple((weight, _dice_key(how, dice)) for weight, dice in table)
        for table in tables
    )
    for (kind, marked), tables in _ROLLS.items()
    for how in (_FORGET, _KEEP, _SETTLED, _EVADES)
}
"""Every roll's results as (weight, key part) for each additive key rule."""


_PACKED_MOVES: dict[int, tuple[list, tuple[tuple[int, int], ...], int]] = {}
_PACKED_MOVES_LIMIT = 100_000
"""Option lists of abilities without packed tables, packed, by list identity (see
``AttackSolver._packed``)."""


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


# --- contexts: everything about a position but its dice ----------------------------------


class _Decide:
    """A context where a player may act on dice: ``stop`` is where stopping leads (None
    while a mandatory ability is unresolved) and ``uses`` the abilities that may act."""

    __slots__ = ("ares", "attacker", "dres", "kind", "other", "own", "role", "step", "stop",
                 "tables", "used", "uses")

    def __init__(self, step: int, ares: Resources, dres: Resources, used: int) -> None:
        self.step = step
        self.ares = ares
        self.dres = dres
        self.used = used
        self.role = _ROLES[step]
        self.attacker = self.role is Role.ATTACKER
        self.kind = DieKind.ATTACK if step <= _LAST_ATTACK_STEP else DieKind.DEFENSE
        self.stop: tuple[int, int] | None = None
        self.uses: list[_Use] = []
        # When every use is _TABLE: (table, ability, base, how, marks, rolls) for each, as
        # plain tuples for the hottest loop (see AttackSolver._a_decide_value).
        self.tables: tuple[tuple, ...] | None = None
        self.own: Tokens
        self.other: Tokens


class _Next:
    """Where an ability's options lead (the same for all of them): the base and key rule of
    the position after a change, and for rerolls whether the rolled dice keep their marks and
    the roll contexts by number of dice (made when first needed)."""

    __slots__ = ("base", "how", "marks", "rolls")

    def __init__(self, base: int, how: int, marks: bool, most: int) -> None:
        self.base = base
        self.how = how
        self.marks = marks
        self.rolls: list[int | None] = [None] * (most + 1)


class _Use:
    """One ability usable in a context. ``mode`` says how its moves for a pool are found:
    ``_TABLE`` from the ability's packed table, ``_NOTHING`` a mandatory ability with nothing
    to do, ``_GENERAL`` by asking the ability (``next`` is then per cost paid)."""

    __slots__ = ("ability", "bit", "mode", "next", "nexts", "table")

    def __init__(self, ability: DiceAbility, bit: int, mode: int,
                 table: dict | None = None, nxt: _Next | None = None) -> None:
        self.ability = ability
        self.bit = bit
        self.mode = mode
        self.table = table
        self.next = nxt
        self.nexts: dict[tuple, _Next] = {}


class _Roll:
    """A context where dice are rolled into the pool: ``outcomes`` (weight, packed dice),
    ``bits`` (log2 of the total weight), then play goes to (``base``, ``how``).

    Every key rule but _SETTLED_BY_ABILITY is additive (a pool holds at most 15 dice, so no
    count overflows): the key after rolling is the key of the pool before plus the key of the
    dice rolled. ``steps`` holds (weight, key of the dice rolled) for them, None otherwise.
    """

    __slots__ = ("base", "bits", "check", "how", "outcomes", "steps")

    def __init__(self, outcomes: tuple[tuple[int, int], ...], bits: int, check: int,
                 base: int, how: int, steps: tuple[tuple[int, int], ...] | None) -> None:
        self.outcomes = outcomes
        self.bits = bits
        self.check = check
        self.base = base
        self.how = how
        self.steps = steps


class _AttackEnd:
    """The attack dice are final, with these resources: only the pool's (hits, crits) matter
    now, through the defense-dice subgame's value vector (``root``)."""

    __slots__ = ("ares", "dres", "frozen", "n_defense", "root")

    def __init__(self, ares: Resources, dres: Resources, n_defense: int, frozen: int,
                 root: int) -> None:
        self.ares = ares
        self.dres = dres
        self.n_defense = n_defense
        self.frozen = frozen
        self.root = root


class _End:
    """End of the attack with these resources; positions are keyed by the number of evades."""

    __slots__ = ("ares", "dres")

    def __init__(self, ares: Resources, dres: Resources) -> None:
        self.ares = ares
        self.dres = dres


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
        # Abilities whose moves come from packed tables (see _make_use).
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
        self._step_defends = [int(step.role is Role.DEFENDER) for step in _STEPS]
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
        self._shift = (self._tokens_bound << (3 * _AT_ONCE + 3)).bit_length() + 1
        self._low = (1 << self._shift) - 1
        self._two_fields = (1 << (2 * self._shift)) - 1
        # XOR with this turns a defense-phase value into the defender's order, lowest best.
        self._defender_flip = self._low << self._shift
        self._checks: dict[int, int] = {}

        # Every (hits, crits) the attack dice can end with: one vector entry each.
        self.pairs = [
            (h, c) for h in range(most_attack_dice + 1) for c in range(most_attack_dice + 1 - h)
        ]
        self.pair_index = {pair: i for i, pair in enumerate(self.pairs)}

        # Attack-dice phase: contexts (by number), values, choices (the child key chosen) and
        # the positions in the order their values were found (children first).
        self._a_contexts: list[_Decide | _Roll | _AttackEnd] = []
        self._a_numbers: dict[tuple, int] = {}
        self._a_nexts: dict[tuple, tuple[int, int]] = {}
        self._memo: dict[int, int] = {}
        self._choice: dict[int, int] = {}
        self._order: list[int] = []
        # Defense-dice phase: the same with value vectors and one choice per pair.
        self._b_contexts: list[_Decide | _Roll | _End] = []
        self._b_numbers: dict[tuple, int] = {}
        self._b_nexts: dict[tuple, tuple[int, int]] = {}
        self._b_memo: dict[int, tuple[int, ...]] = {}
        self._b_choice: dict[int, int | list[int]] = {}
        self._b_order: list[int] = []
        # The outcome of each entry at each end of the attack (made when the forward pass
        # needs it): (neutralized results, resources) or the list of outcomes.
        # The subgames' value vectors in the attacker's layout, by root (see _pack).
        self._a_values_at: dict[int, list[int]] = {}
        self._b_outcomes: dict[int, tuple[list[tuple[int, int]], Resources, Resources]
                               | list[OutcomeKey]] = {}

        self._contexts: dict[tuple, tuple[bool, bool]] = {}
        self._landings: dict[tuple, tuple[int, bool]] = {}
        self._paid: dict[tuple[int, Resources, tuple, tuple], Resources] = {}
        self._defense_counts: dict[tuple[Resources, Resources], tuple[int, Resources]] = {}
        self._settled_pairs: dict[int, tuple[int, int]] = {}
        self._pair_at: dict[int, int] = {}
        # The pair index of each ``hits + 16 * crits`` (see _SETTLED).
        self._pair_of_code = {h + (c << packed.BITS): i for i, (h, c) in enumerate(self.pairs)}
        self._settled = (
            _SETTLED_BY_ABILITY if any(a.after_modify_attack for a in self.att.abilities)
            else _SETTLED
        )
        self._neutralized: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._end_payoffs: dict[tuple[int, int], list[int]] = {}
        self._paid_outs: dict[tuple[int, int], int] = {}
        self._payoff_reads_tokens = payoff_reads_tokens
        self._hooks = [
            (role, ability)
            for role, side in ((Role.ATTACKER, self.att), (Role.DEFENDER, self.dfn))
            for ability in side.abilities
            if type(ability).after_attack is not DiceAbility.after_attack
        ]
        ares = self.att.changed(self.att.start, changes.items(), 1)
        base, how = self._next(True, Step.DEFENDER_MODIFIES_ATTACK, ares, self.dfn.start, 0)
        self.root = self._roll_key(True, n_attack, False, base, how, 0)

    # --- public -------------------------------------------------------------------------

    def value(self) -> Fraction:
        """The objective's value under optimal play (e.g. the expected damage)."""
        return Fraction(self._a_value(self.root) >> (3 * self._shift), self.scale)

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
        self._a_value(self.root)
        contexts, choice = self._a_contexts, self._choice
        mass: dict[int, int] = {self.root: self.payoff_scale}
        take, get = mass.pop, mass.get
        for key in reversed(self._order):
            m = take(key, 0)
            if not m:
                continue
            context = contexts[key >> _POOL_BITS]
            if type(context) is _Decide:
                child = choice[key]
                mass[child] = get(child, 0) + m
                continue
            bits = context.bits
            if context.steps is None:
                for weight, child in self._rolled(context, key & _POOL):
                    mass[child] = get(child, 0) + ((m * weight) >> bits)
                continue
            start = self._key(context.base, context.how, key & _POOL)
            for weight, step in context.steps:
                child = start + step
                mass[child] = get(child, 0) + ((m * weight) >> bits)
        # Every remaining key is an end of the attack-dice phase; continue each in its subgame.
        by_root: dict[int, list[tuple[int, Resources, int]]] = defaultdict(list)
        for key, m in mass.items():
            end = contexts[key >> _POOL_BITS]
            assert type(end) is _AttackEnd
            by_root[end.root].append((self._pair_of_code[key & _POOL], end.ares, m))
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
        mask = 0
        for ability in used:
            mask |= self.bit_of.get(id(ability), 0)
        ares, dres = self.att.encode(attacker), self.dfn.encode(defender)
        attack_phase = step <= _LAST_ATTACK_STEP
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
        assert type(context) is _Decide
        children = self._children(context, pool, most)
        if not children:
            return None
        if attack_phase:
            best = self._best_index(context.attacker, [self._a_value(c) for c in children])
        else:
            values = [self._b_value(c) for c in children]
            best = self._best_indices(context.attacker, values)[pair]
        return self._options(context, pool)[best]

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
                _LAST_ATTACK_STEP if step <= _LAST_ATTACK_STEP else Step.DEFENDER_MODIFIES_DEFENSE
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

    def _packed(self, moves: list[tuple[Option, Counts, int]], most: int
                ) -> tuple[tuple[int, int], ...]:
        """An ability's transitions as (packed pool after, dice to roll), remembered per list
        (abilities return the same list for the same pool, across solves; the entry keeps the
        list alive, so its id cannot be reused while it is there)."""
        entry = _PACKED_MOVES.get(id(moves))
        if entry is None or entry[0] is not moves:
            if len(_PACKED_MOVES) >= _PACKED_MOVES_LIMIT:
                # Abilities that build a new list on every call would fill it up forever.
                _PACKED_MOVES.clear()
            dice = max(sum(p) + n for _, p, n in moves)
            entry = (moves, tuple((packed.pack(p), n) for _, p, n in moves), dice)
            _PACKED_MOVES[id(moves)] = entry
        self._check_dice(entry[2], most, moves[0][0].source)
        return entry[1]

    @staticmethod
    def _check_dice(dice: int, most: int, source: str) -> None:
        """``most`` is how many dice the pool may hold; more means an ability added dice it did
        not declare in ``max_added_dice``, and the exact arithmetic would not hold."""
        if dice > most:
            raise ScaleError(
                f"{source} leaves more dice than the abilities declared "
                "(max_added_dice); the calculator cannot stay exact"
            )

    def _roll_check(self, bits: int) -> int:
        """Mask of the low ``bits`` bits of each packed part (must be 0 before dividing)."""
        check = self._checks.get(bits)
        if check is None:
            low = (1 << bits) - 1
            shift = self._shift
            check = self._checks[bits] = (
                (low << (3 * shift)) | (low << (2 * shift)) | (low << shift) | low
            )
        return check

    def _pack(self, payoff: int, crits: int, upper: int, lower: int) -> int:
        """One integer holding, from high to low bits: the payoff, the uncanceled crits, and
        two players' spendable tokens left (each scaled, each exact).

        The attack-dice phase puts the attacker's tokens upper, the defense-dice phase the
        defender's: each phase in the layout of the player who decides most there, whose
        order is then the plain order of the integers but for one field (_best_index,
        _best_indices). ``_attacker_layout`` turns one into the other."""
        if max(crits, upper, lower) > self._tokens_bound:
            raise ScaleError("more tokens left than the solver allowed for")  # pragma: no cover
        shift = self._shift
        return (payoff << (3 * shift)) | (crits << (2 * shift)) | (upper << shift) | lower

    def _attacker_layout(self, value: int) -> int:
        """A value of the defense-dice phase (defender's tokens upper) with the two tokens
        fields swapped, as the attack-dice phase keeps it."""
        shift = self._shift
        tokens = value & self._two_fields
        return value - tokens + ((tokens & self._low) << shift) + (tokens >> shift)

    def _best_index(self, attacker: bool, values: list[int]) -> int:
        """Index of the best of ``values`` for the attacker (higher payoff, more crits, more
        attacker tokens left, fewer defender tokens left) or the defender (lower payoff, fewer
        crits, more defender tokens left, fewer attacker tokens left); the first on ties."""
        best = 0
        best_rank = None
        for i, value in enumerate(values):
            # The fields in the order above, each turned so that more is better, as one
            # number. For the attacker only the last field turns: low - d_left in its place,
            # which is value ^ low since d_left <= low.
            rank = value ^ self._low if attacker else self._defender_rank(value)
            if best_rank is None or rank > best_rank:
                best, best_rank = i, rank
        return best

    def _defender_rank(self, value: int) -> int:
        """The defender's ``_best_index`` order as one number: minus the payoff and crits
        (the high part), then the defender's tokens left, then minus the attacker's."""
        shift, low = self._shift, self._low
        return (
            ((value & low) << shift)
            - ((value >> shift) & low)
            - ((value >> (2 * shift)) << (2 * shift))
        )

    def _best_indices(self, attacker: bool, vectors: list[tuple[int, ...]]) -> list[int]:
        """``_best_index`` for each entry (each (hits, crits) pair) of value vectors of the
        defense-dice phase (defender's tokens upper, see ``_pack``)."""
        if len(vectors) == 1:
            return [0] * len(vectors[0])
        if attacker:
            # Higher payoff and crits, then more attacker tokens left, then fewer defender
            # tokens left: the attacker's layout with the last field turned.
            low, layout = self._low, self._attacker_layout
            lowest_best = False
            ranks = [[layout(v) ^ low for v in vector] for vector in vectors]
        else:
            # Lower payoff and crits, then more defender tokens left, then fewer attacker
            # tokens left: the plain order with the defender's field turned, lowest best.
            flip = self._defender_flip
            lowest_best = True
            ranks = [[v ^ flip for v in vector] for vector in vectors]
        best = [0] * len(vectors[0])
        best_rank = ranks[0]
        for i in range(1, len(ranks)):
            # Most choices improve few entries, or none: find them in one pass.
            rank = ranks[i]
            pairs = zip(rank, best_rank, strict=True)
            better = ([j for j, (r, b) in enumerate(pairs) if r < b] if lowest_best else
                      [j for j, (r, b) in enumerate(pairs) if r > b])
            for j in better:
                best[j] = i
                best_rank[j] = rank[j]
        return best

    # --- contexts -----------------------------------------------------------------------

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
            last = _LAST_ATTACK_STEP if attack_dice else _LAST_STEP
            target, marks = self._landing(step, last, ares, dres, used)
            if target <= last:
                number = self._decide_number(attack_dice, target, ares, dres, used)
                found = (number << _POOL_BITS, _KEEP if marks else _FORGET)
            elif attack_dice:
                number = self._number(True, ("end", ares, dres), self._make_attack_end, ares,
                                      dres)
                found = (number << _POOL_BITS, self._settled)
            else:
                number = self._number(False, ("end", ares, dres), _End, ares, dres)
                found = (number << _POOL_BITS, _EVADES)
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
            pool = (pool & _FRESH) + (pool >> _HALF)
        return self._roll_context(attack_dice, count, marked, base, how) << _POOL_BITS | pool

    def _roll_context(self, attack_dice: bool, count: int, marked: bool, base: int,
                      how: int) -> int:
        if count > _AT_ONCE:
            # The first _AT_ONCE dice, then the rest (the arithmetic has room for so many).
            base = self._roll_context(attack_dice, count - _AT_ONCE, marked, base, how)
            base, how, count = base << _POOL_BITS, _KEEP, _AT_ONCE
        return self._number(attack_dice, ("roll", count, marked, base, how), self._make_roll,
                            attack_dice, count, marked, base, how)

    def _make_roll(self, attack_dice: bool, count: int, marked: bool, base: int,
                   how: int) -> _Roll:
        kind = DieKind.ATTACK if attack_dice else DieKind.DEFENSE
        steps = None if how == _SETTLED_BY_ABILITY else _ROLL_STEPS[(kind, marked, how)][count]
        return _Roll(_ROLLS[(kind, marked)][count], 3 * count, self._roll_check(3 * count), base,
                     how, steps)

    def _make_decide(self, step: int, ares: Resources, dres: Resources, used: int) -> _Decide:
        context = _Decide(step, ares, dres, used)
        role = context.role
        own, other = (ares, dres) if context.attacker else (dres, ares)
        context.own = self._side(role).view(own)
        context.other = self._side(role.other).view(other)
        attack_dice = step <= _LAST_ATTACK_STEP
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
        if all(use.mode == _TABLE for use in context.uses):
            context.tables = tuple(
                (use.table, use.ability, use.next.base, use.next.how, use.next.marks,
                 use.next.rolls)
                for use in context.uses
                if use.next is not None
            )
        return context

    def _make_use(self, context: _Decide, ability: DiceAbility, bit: int,
                  situation: Situation) -> _Use | None:
        """How ``ability`` acts in ``context`` (``situation``: the context's, without dice),
        or None if it offers nothing there whatever the dice.

        A plain ``CardAbility`` offers, once usable, moves that depend on the pool alone, and
        whether it is usable depends on the resources alone (unless its requirement reads the
        dice): that is decided here once, and its moves come from its packed table. Anything
        else is asked at each position (``_GENERAL``)."""
        if not self._plain[bit]:
            return _Use(ability, bit, _GENERAL)
        # The check of CardAbility.transitions, for every pool at once.
        if not ability.usable(situation):  # type: ignore[attr-defined]
            if not ability.mandatory:
                return None
            return _Use(ability, bit, _NOTHING, nxt=self._make_next(context, ability, bit, (), ()))
        return _Use(ability, bit, _TABLE, ability.packed_table(context.role, context.kind),
                    self._make_next(context, ability, bit, ability.cost, ability.gain))

    def _make_next(self, context: _Decide, ability: DiceAbility, bit: int,
                   spend: tuple[tuple[str, int], ...], gain: tuple[tuple[str, int], ...]
                   ) -> _Next:
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
        attack_dice = step <= _LAST_ATTACK_STEP
        base, how = self._next(attack_dice, step, a, d, next_used)
        most = self._most_attack_dice if attack_dice else self._most_defense_dice
        return _Next(base, how, marks, most)

    def _children(self, context: _Decide, pool: int, most: int) -> list[int]:
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
            if how == _KEEP:
                append(base + pool)
            elif how == _FORGET:
                append(base + (pool & _FRESH) + (pool >> _HALF))
            elif how == _SETTLED:
                append(base + ((pool >> _HIT_AT) & _BYTE) + ((pool >> _REROLLED_HIT_AT) & _BYTE))
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
                    self._check_dice(dice, most, ability.key)
            for after, count in moves:
                if count:
                    roll = rolls[count]
                    if roll is None:
                        roll = rolls[count] = self._roll_context(
                            context.kind is DieKind.ATTACK, count, marks, base, how
                        ) << _POOL_BITS
                    if not marks:
                        after = (after & _FRESH) + (after >> _HALF)
                    append(roll + after)
                elif how == _KEEP:
                    append(base + after)
                elif how == _FORGET:
                    append(base + (after & _FRESH) + (after >> _HALF))
                else:
                    append(self._key(base, how, after))
        return children

    def _tables_at(self, context: _Decide, pool: int, most: int) -> list[tuple]:
        """``_Decide.tables`` for a context with uses that are not all _TABLE: the moves of the
        others at this pool take the place of their table's ability (with table None)."""
        found: list[tuple] = []
        for use in context.uses:
            if use.mode == _TABLE:
                nxt = use.next
                table, ability = use.table, use.ability
            else:
                moves, nxt = self._moves(context, use, pool, most)
                if not moves:
                    continue
                table, ability = None, moves
            found.append((table, ability, nxt.base, nxt.how, nxt.marks, nxt.rolls))
        return found

    def _moves(self, context: _Decide, use: _Use, pool: int, most: int
               ) -> tuple[tuple[tuple[int, int], ...], _Next]:
        """The moves at a position of a use that is not _TABLE (_children and _a_decide_value
        read those from their tables), as (packed pool after, dice to roll), and where they
        lead. ``most`` is how many dice a pool may hold."""
        if use.mode == _NOTHING:
            return ((pool, 0),), use.next  # type: ignore[return-value]
        situation = Situation(context.role, context.kind, packed.unpack(pool), context.own,
                              context.other)
        found = use.ability.transitions(situation)
        if not found:
            return (), use.next  # type: ignore[return-value]
        moves = self._packed(found, most)
        option = found[0][0]
        nxt = use.nexts.get((option.spend, option.gain))
        if nxt is None:
            nxt = use.nexts[(option.spend, option.gain)] = self._make_next(
                context, use.ability, use.bit, option.spend, option.gain)
        return moves, nxt

    def _key(self, base: int, how: int, pool: int) -> int:
        """The key of a position from its context's base and its pool (see ``_FORGET``)."""
        if how != _SETTLED_BY_ABILITY:
            return base + _dice_key(how, pool)
        hits, crits = self._settled_pair(pool)
        return base + hits + (crits << packed.BITS)

    def _options(self, context: _Decide, pool: int) -> list[Option | None]:
        """The options matching ``_children`` one to one (None for stopping)."""
        situation = Situation(context.role, context.kind, packed.unpack(pool), context.own,
                              context.other)
        options: list[Option | None] = [None] if context.stop is not None else []
        for use in context.uses:
            options.extend(option for option, _, _ in use.ability.transitions(situation))
        return options

    def _rolled(self, roll: _Roll, pool: int) -> list[tuple[int, int]]:
        """(weight, key) of every result of a roll into ``pool``."""
        base, how = roll.base, roll.how
        if roll.steps is None:
            key = self._key
            return [(weight, key(base, how, pool + dice)) for weight, dice in roll.outcomes]
        start = self._key(base, how, pool)
        return [(weight, start + step) for weight, step in roll.steps]

    # --- attack-dice phase (scalar values) ----------------------------------------------

    def _make_attack_end(self, ares: Resources, dres: Resources) -> _AttackEnd:
        """The attack dice are final: count the defense dice (RR: Attack 3a) and find the
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
        return _AttackEnd(ares, dres, n_defense, (frozen_left * self.scale) << self._shift, root)

    def _a_value(self, key: int) -> int:
        value = self._memo.get(key)
        if value is None:
            value = self._a_eval(key)
        return value

    def _a_eval(self, key: int) -> int:
        context = self._a_contexts[key >> _POOL_BITS]
        kind = type(context)
        if kind is _Decide:
            value = self._a_decide_value(key, context)  # type: ignore[arg-type]
            self._order.append(key)
        elif kind is _Roll:
            value = self._a_roll_value(key, context)  # type: ignore[arg-type]
            self._order.append(key)
        else:
            # An end of the attack-dice phase: solve its defense subgame and note the value of
            # every (hits, crits) at once, so that no other end of it comes here.
            root = context.root  # type: ignore[union-attr]
            values = self._a_values_at.get(root)
            if values is None:
                # The same subgame for ends that differ only in frozen resources: one layout.
                layout = self._attacker_layout
                values = self._a_values_at[root] = [layout(v) for v in self._b_value(root)]
            base = key - (key & _POOL)
            frozen = context.frozen  # type: ignore[union-attr]
            self._memo.update({
                base + code: values[pair] + frozen for code, pair in self._pair_of_code.items()
            })
            return self._memo[key]
        self._memo[key] = value
        return value

    def _a_decide_value(self, key: int, context: _Decide) -> int:
        memo = self._memo
        evaluate = self._a_eval
        pool = key & _POOL
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
            if how == _KEEP:
                child = base + pool
            elif how == _FORGET:
                child = base + (pool & _FRESH) + (pool >> _HALF)
            elif how == _SETTLED:
                child = base + ((pool >> _HIT_AT) & _BYTE) + ((pool >> _REROLLED_HIT_AT) & _BYTE)
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
                    self._check_dice(dice, most, ability.key)
            if not moves:
                continue
            for after, count in moves:
                if count:
                    roll = rolls[count]
                    if roll is None:
                        roll = rolls[count] = self._roll_context(
                            True, count, marks, base, how) << _POOL_BITS
                    if not marks:
                        after = (after & _FRESH) + (after >> _HALF)
                    child = roll + after
                elif how == _KEEP:
                    child = base + after
                elif how == _FORGET:
                    child = base + (after & _FRESH) + (after >> _HALF)
                elif how == _SETTLED:
                    child = (base + ((after >> _HIT_AT) & _BYTE)
                             + ((after >> _REROLLED_HIT_AT) & _BYTE))
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

    def _a_roll_value(self, key: int, roll: _Roll) -> int:
        memo = self._memo
        evaluate = self._a_eval
        total = 0
        if roll.steps is None:
            for weight, child in self._rolled(roll, key & _POOL):
                value = memo.get(child)
                total += weight * (evaluate(child) if value is None else value)
        else:
            start = self._key(roll.base, roll.how, key & _POOL)
            for weight, step in roll.steps:
                child = start + step
                value = memo.get(child)
                total += weight * (evaluate(child) if value is None else value)
        if total & roll.check:
            raise ScaleError("an ability rolled more dice than the solver allowed for")
        return total >> roll.bits

    # --- defense-dice phase (one value per (hits, crits) pair) --------------------------

    def _b_value(self, key: int) -> tuple[int, ...]:
        value = self._b_memo.get(key)
        if value is None:
            value = self._b_eval(key)
        return value

    def _b_eval(self, key: int) -> tuple[int, ...]:
        context = self._b_contexts[key >> _POOL_BITS]
        kind = type(context)
        if kind is _Decide:
            value = self._b_decide_value(key, context)  # type: ignore[arg-type]
            self._b_order.append(key)
        elif kind is _Roll:
            value = self._b_roll_value(key, context)  # type: ignore[arg-type]
            self._b_order.append(key)
        else:
            value = self._b_end_value(key, context)  # type: ignore[arg-type]
        self._b_memo[key] = value
        return value

    def _b_end_value(self, key: int, end: _End) -> tuple[int, ...]:
        """Neutralize results (RR: Attack 4) for every (hits, crits) pair, then pay off."""
        evades = key & _POOL
        ares, dres = end.ares, end.dres
        reinforce = dres[self.reinforce_at] if self.reinforce_at is not None else 0
        a_view, d_view = self.att.view(ares), self.dfn.view(dres)
        values = []
        outcomes = []
        fixed = None
        if not self._hooks:
            fixed = (self.att.left(ares) * self.scale, self.dfn.left(dres) * self.scale)
        neutralized = self._neutralized.get((evades, reinforce))
        if neutralized is None:
            if reinforce or self.crits_first or not self.evades_cancel_crits:
                neutralized = [
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
            else:
                # The usual rule written out (RR: Attack 4): evades cancel hits, then crits.
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
                self._pack(gain * self.payoff_scale, left_crits * self.scale, d_left, a_left)
            )
            outcomes.append((left_hits, left_crits, a_out, d_out))
        self._b_outcomes[key] = outcomes
        return tuple(values)

    def _paid_out(self, hits: int, crits: int, a_view: Tokens, d_view: Tokens) -> int:
        """Payoff and crits of uncanceled results, packed (for payoffs that read no tokens:
        remembered per result)."""
        value = self._paid_outs.get((hits, crits))
        if value is None:
            value = self._paid_outs[(hits, crits)] = self._pack(
                self.payoff(hits, crits, a_view, d_view) * self.payoff_scale,
                crits * self.scale, 0, 0)
        return value

    def _b_roll_value(self, key: int, roll: _Roll) -> tuple[int, ...]:
        memo = self._b_memo
        evaluate = self._b_eval
        sums: list[int] | None = None
        for weight, child in self._rolled(roll, key & _POOL):
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

    def _b_decide_value(self, key: int, context: _Decide) -> tuple[int, ...]:
        children = self._children(context, key & _POOL, self._most_defense_dice)
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
            context = contexts[key >> _POOL_BITS]
            if type(context) is _Decide:
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
            for weight, child in self._rolled(context, key & _POOL):  # type: ignore[arg-type]
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
