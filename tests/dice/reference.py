"""A deliberately naive exact solver, used only to check ``AttackSolver``.

It plays the same game (RR: ATTACK steps 2-4, same step order, same
tie-breaks) with none of the solver's shortcuts: ``Fraction`` arithmetic,
every die rolled as its own chance node, full states (rerolled marks always
kept, all resources, the full attack pool to the end) and one solve per
(hits, crits) instead of vectors. Only the abilities' option lists, dice
counts and neutralizing are shared with the library; those are checked by
their own hand-computed tests.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

from tallon.dice import Attack, Face, Role, Situation, Step, Tokens
from tallon.dice.abilities.tokens import REINFORCE, SPENT_BY_CHOICE
from tallon.dice.attack import attack_dice_count, defense_dice_count, step_abilities
from tallon.dice.counts import EMPTY, REROLLED, face_count
from tallon.dice.faces import DieKind
from tallon.dice.neutralize import neutralize
from tallon.dice.ops import apply_to_counts


def reference_solve(attack: Attack, payoff=lambda hits, crits: hits + crits):
    """Return (value, {(hits, crits, attacker tokens, defender tokens): probability})."""
    att_abilities = attack.abilities(Role.ATTACKER)
    def_abilities = attack.abilities(Role.DEFENDER)
    steps = [
        step_abilities(attack, step, att_abilities if step.role is Role.ATTACKER else def_abilities)
        for step in Step
    ]

    def start(tokens, abilities):
        values = dict(tokens.items())
        for ability in abilities:
            if ability.charges and ability.key not in tokens:
                values[ability.key] = ability.charges
        return Tokens(values)

    def spendable(abilities):
        names = set(SPENT_BY_CHOICE)
        for ability in abilities:
            names.update(ability.spendable())
        return names

    a_spend, d_spend = spendable(att_abilities), spendable(def_abilities)

    def left(tokens, names):
        return sum(tokens[n] for n in names)

    def add_die(pool, face, rerolled):
        slots = list(pool)
        slots[face + (REROLLED if rerolled else 0)] += 1
        return tuple(slots)

    def finish(apool, dpool, a, d):
        for ability in att_abilities:
            apool = apply_to_counts(apool, ability.after_modify_attack, DieKind.ATTACK)[0]
        hits, crits = face_count(apool, Face.HIT), face_count(apool, Face.CRIT)
        reinforce = d[REINFORCE] if attack.reinforce_neutralizes else 0
        hits, crits = neutralize(
            hits,
            crits,
            face_count(dpool, Face.EVADE),
            reinforce=reinforce,
            crits_first=any(x.crits_canceled_first for x in att_abilities),
            evades_cancel_crits=all(x.evades_cancel_crits for x in att_abilities),
        )
        for ability in att_abilities:
            a = a.changed(ability.after_attack(Role.ATTACKER, a, 0))
        for ability in def_abilities:
            d = d.changed(ability.after_attack(Role.DEFENDER, d, hits + crits))
        return {(hits, crits, a, d): Fraction(1)}

    @cache
    def play(step, apool, dpool, a, d, used):
        """(values (payoff, crits, attacker left, defender left), outcome distribution)."""
        if step == len(steps):
            dist = finish(apool, dpool, a, d)
            ((h, c, a2, d2),) = dist
            return (Fraction(payoff(h, c)), Fraction(c), Fraction(left(a2, a_spend)),
                    Fraction(left(d2, d_spend))), dist
        stp = Step(step)
        role = stp.role
        kind = stp.dice
        pool = apool if kind is DieKind.ATTACK else dpool
        own, other = (a, d) if role is Role.ATTACKER else (d, a)
        situation = Situation(role, kind, pool, own, other)
        candidates = []
        pending = any(x.mandatory and x not in used for x in steps[step])
        if not pending:
            candidates.append(after_step(step, apool, dpool, a, d, used))
        for ability in steps[step]:
            if ability in used and not ability.repeatable:
                continue
            for option in ability.options(situation):
                new_own = own.changed({n: -k for n, k in option.spend})
                new_own = new_own.changed(dict(option.gain))
                new_pool, to_roll = apply_to_counts(pool, option.ops, kind)
                new_used = used if ability.repeatable else used | {ability}
                na, nd = (new_own, other) if role is Role.ATTACKER else (other, new_own)
                candidates.append(
                    roll(to_roll, True, step, *(
                        (new_pool, dpool) if kind is DieKind.ATTACK else (apool, new_pool)
                    ), na, nd, new_used)
                )
        best = None
        for value, dist in candidates:
            if best is None:
                best = (value, dist)
                continue
            b = best[0]
            if role is Role.ATTACKER:
                better = (value[0], value[1], value[2], -value[3]) > (b[0], b[1], b[2], -b[3])
            else:
                better = (-value[0], -value[1], value[3], -value[2]) > (-b[0], -b[1], b[3], -b[2])
            if better:
                best = (value, dist)
        return best

    def after_step(step, apool, dpool, a, d, used):
        if step == Step.ATTACKER_MODIFIES_ATTACK:
            n, changes = defense_dice_count(attack, a, d, att_abilities, def_abilities)
            return roll(n, False, step + 1, apool, dpool, a, d.changed(changes), used)
        return play(step + 1, apool, dpool, a, d, used)

    def roll(count, rerolled, step, apool, dpool, a, d, used):
        if count == 0:
            return play(step, apool, dpool, a, d, used)
        kind = DieKind.ATTACK if step <= Step.ATTACKER_MODIFIES_ATTACK else DieKind.DEFENSE
        value = [Fraction(0)] * 4
        dist = defaultdict(Fraction)
        for face in kind.faces:
            p = Fraction(kind.weights[face], 8)
            if kind is DieKind.ATTACK:
                pools = (add_die(apool, face, rerolled), dpool)
            else:
                pools = (apool, add_die(dpool, face, rerolled))
            sub = roll(count - 1, rerolled, step, *pools, a, d, used)
            for i in range(4):
                value[i] += p * sub[0][i]
            for outcome, q in sub[1].items():
                dist[outcome] += p * q
        return tuple(value), dict(dist)

    a0 = start(attack.attacker.tokens, att_abilities)
    d0 = start(attack.defender.tokens, def_abilities)
    n, changes = attack_dice_count(attack, a0, d0, att_abilities, def_abilities)
    value, dist = roll(n, False, 0, EMPTY, EMPTY, a0.changed(changes), d0, frozenset())
    return value[0], dist
