"""What the two players optimise in the exact calculator.

The attacker maximises and the defender minimises the expectation of a payoff
computed from the uncanceled results. Ties are broken in favour of keeping
one's own spendable tokens (``docs/dice.md``).
"""

from __future__ import annotations

from dataclasses import dataclass


class Objective:
    """Base class: a payoff from the uncanceled (hits, crits) of one attack."""

    name = "objective"

    def payoff(self, hits: int, crits: int) -> int:
        """Payoff of an outcome; the attacker wants it high, the defender low."""
        raise NotImplementedError

    def describe(self) -> str:
        """Short human-readable name."""
        return self.name


@dataclass(frozen=True)
class ExpectedDamage(Objective):
    """Maximise (attacker) / minimise (defender) the expected damage, hits + crits."""

    name = "expected damage"

    def payoff(self, hits: int, crits: int) -> int:
        return hits + crits


@dataclass(frozen=True)
class AtLeast(Objective):
    """Maximise / minimise the chance of dealing at least ``damage`` damage (a kill shot)."""

    damage: int = 1

    def __post_init__(self) -> None:
        if self.damage < 1:
            raise ValueError(f"a kill shot needs at least 1 damage (got {self.damage})")

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"P(damage >= {self.damage})"

    def payoff(self, hits: int, crits: int) -> int:
        return 1 if hits + crits >= self.damage else 0


@dataclass(frozen=True)
class AtLeastCrit(Objective):
    """Maximise / minimise the chance of at least one uncanceled crit."""

    name = "P(crit)"

    def payoff(self, hits: int, crits: int) -> int:
        return 1 if crits >= 1 else 0


def objective_from_text(text: str, most_kill: int | None = None) -> Objective:
    """``damage`` (expected damage), ``kill:K`` (also ``at-least:K``: at least K damage)
    or ``crit`` (at least one crit); ``most_kill`` caps K. ValueError naming what is
    accepted otherwise (the command line and the odds API read it alike)."""
    key, _, number = text.strip().lower().partition(":")
    if key == "damage" and not number:
        return ExpectedDamage()
    if key == "crit" and not number:
        return AtLeastCrit()
    if key in ("kill", "at-least") and number.strip().isdigit():
        kill = int(number)
        if kill >= 1 and (most_kill is None or kill <= most_kill):
            return AtLeast(kill)
    limit = "K a whole number >= 1" if most_kill is None else f"K from 1 to {most_kill}"
    raise ValueError(f"{text!r}; accepted: damage, kill:K ({limit}), crit")
