"""Exact results of an attack under optimal play, with float views for display."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tallon.dice.abilities.base import Role, Tokens
from tallon.dice.abilities.tokens import LOCK_DISABLED

HIDDEN_RESOURCES = frozenset({LOCK_DISABLED})
"""Internal marks that are not tokens and are left out of reports."""


@dataclass(frozen=True)
class Outcome:
    """How an attack ended: uncanceled results and both ships' resources afterwards."""

    hits: int
    crits: int
    attacker: Tokens
    defender: Tokens

    @property
    def damage(self) -> int:
        return self.hits + self.crits


def fraction_text(value: Fraction) -> str:
    """``"p/q"`` (or ``"p"`` for whole numbers), as used in JSON output."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


class AttackResult:
    """The exact distribution of an attack's outcomes under the solved policy."""

    def __init__(self, outcomes: Mapping[Outcome, Fraction], objective_name: str,
                 objective_value: Fraction) -> None:
        total = sum(outcomes.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"outcome probabilities sum to {total}, not 1")
        self.outcomes: dict[Outcome, Fraction] = dict(outcomes)
        self.objective_name = objective_name
        self.objective_value = objective_value

    @property
    def damage(self) -> list[Fraction]:
        """``damage[d]`` = P(exactly d uncanceled hits + crits)."""
        top = max((o.damage for o in self.outcomes), default=0)
        dist = [Fraction(0)] * (top + 1)
        for outcome, p in self.outcomes.items():
            dist[outcome.damage] += p
        return dist

    @property
    def hits_crits(self) -> dict[tuple[int, int], Fraction]:
        """P(exactly h uncanceled hits and c uncanceled crits), keyed by (h, c)."""
        dist: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for outcome, p in self.outcomes.items():
            dist[(outcome.hits, outcome.crits)] += p
        return dict(sorted(dist.items()))

    @property
    def expected_damage(self) -> Fraction:
        return sum((p * o.damage for o, p in self.outcomes.items()), Fraction(0))

    @property
    def expected_hits(self) -> Fraction:
        return sum((p * o.hits for o, p in self.outcomes.items()), Fraction(0))

    @property
    def expected_crits(self) -> Fraction:
        return sum((p * o.crits for o, p in self.outcomes.items()), Fraction(0))

    def p_at_least(self, damage: int) -> Fraction:
        """P(at least ``damage`` uncanceled hits + crits)."""
        return sum((p for o, p in self.outcomes.items() if o.damage >= damage), Fraction(0))

    @property
    def p_hit(self) -> Fraction:
        """P(the attack hits: at least one uncanceled result)."""
        return self.p_at_least(1)

    @property
    def p_crit(self) -> Fraction:
        """P(at least one uncanceled crit)."""
        return sum((p for o, p in self.outcomes.items() if o.crits >= 1), Fraction(0))

    def expected_tokens(self, role: Role) -> dict[str, Fraction]:
        """Expected count of each of one side's resources after the attack."""
        totals: dict[str, Fraction] = defaultdict(Fraction)
        names: set[str] = set()
        for outcome, p in self.outcomes.items():
            tokens = outcome.attacker if role is Role.ATTACKER else outcome.defender
            names.update(tokens)
            for name, count in tokens.items():
                totals[name] += p * count
        return {n: totals[n] for n in sorted(names) if n not in HIDDEN_RESOURCES}

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data: floats plus exact ``"p/q"`` strings."""
        damage = self.damage
        hc = self.hits_crits
        tokens = {
            role.value: {
                name: {"expected": float(v), "exact": fraction_text(v)}
                for name, v in self.expected_tokens(role).items()
            }
            for role in Role
        }
        return {
            "objective": self.objective_name,
            "objective_value": float(self.objective_value),
            "objective_value_exact": fraction_text(self.objective_value),
            "expected_damage": float(self.expected_damage),
            "expected_damage_exact": fraction_text(self.expected_damage),
            "damage": [float(p) for p in damage],
            "damage_exact": [fraction_text(p) for p in damage],
            "at_least": [float(self.p_at_least(k)) for k in range(len(damage))],
            "at_least_exact": [fraction_text(self.p_at_least(k)) for k in range(len(damage))],
            "p_hit": float(self.p_hit),
            "p_hit_exact": fraction_text(self.p_hit),
            "p_crit": float(self.p_crit),
            "p_crit_exact": fraction_text(self.p_crit),
            "expected_hits": float(self.expected_hits),
            "expected_crits": float(self.expected_crits),
            "hits_crits": [
                {"hits": h, "crits": c, "p": float(p), "exact": fraction_text(p)}
                for (h, c), p in hc.items()
            ],
            "tokens_left": tokens,
        }
