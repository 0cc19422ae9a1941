"""Where the rulesets' dice rules differ, in one value an ``Attack`` carries (``DiceRules``).

``Attack.ruleset`` names the rules (``"2.5"``, the default, or ``"1e"``); the attack, the
dice counts and the solvers ask its ``DiceRules`` instead of testing the name. This module
holds the type and the 2.5 rules (the constants the calculator has always used);
``tallon.dice.ruleset_1e`` holds the first edition's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tallon.dice.abilities.base import DiceAbility, Role, Tokens
from tallon.dice.abilities.tokens import (
    ATTACKER_TOKENS,
    DEFENDER_TOKENS,
    LOCK,
    token_abilities,
)

#: The token effects a ship in a role holding some tokens may use; the last argument says
#: whether the attacker is in the arc the defender's reinforce token names.
TokenTable = Callable[[Role, Tokens, bool], list[DiceAbility]]


@dataclass(frozen=True)
class DiceRules:
    """One ruleset's dice rules: its tokens and their effects, ranges and dice counts."""

    name: str
    title: str
    attacker_tokens: tuple[str, ...]
    defender_tokens: tuple[str, ...]
    token_table: TokenTable = field(compare=False)
    #: Most of a token a ship can hold (one lock; 1e: one cloak token).
    token_limits: Mapping[str, int] = field(default_factory=dict, compare=False)
    #: Whether the calculator's card abilities (the 2.5 catalogue) belong to this ruleset.
    card_abilities: bool = True
    #: Attack ranges an attack may be made at.
    ranges: tuple[int, ...] = (0, 1, 2, 3)
    #: Whether the range bonus needs a primary weapon (1e) or only excludes ordnance (2.5).
    range_bonus_primary_only: bool = False
    #: Whether the rules know ordnance (2.5: no range bonus for it).
    ordnance: bool = True
    #: Tokens with which a ship cannot attack, and why (1e: a cloak token).
    attacker_cannot_hold: tuple[tuple[str, str], ...] = ()
    #: Change of the defender's agility value per token held (1e: cloak +2, tractor -1).
    agility_per_token: tuple[tuple[str, int], ...] = ()
    #: Whether the rules cap dice at 6 (2.5); without a cap, more is refused (solver limit).
    dice_capped: bool = True
    #: Whether reinforce is applied at Neutralize Results (2.5 RR: REINFORCE).
    reinforce_at_neutralize: bool = True
    #: Whether the lean tokens-only solver (2.5's token effects) may solve it.
    lean_solver: bool = True

    def tokens(self, role: Role) -> tuple[str, ...]:
        """The token names a ship in ``role`` may hold under these rules."""
        return self.attacker_tokens if role is Role.ATTACKER else self.defender_tokens

    def token_effects(self, role: Role, tokens: Tokens, reinforce_applies: bool
                      ) -> list[DiceAbility]:
        """The token effects of a ship in ``role`` holding ``tokens``."""
        return self.token_table(role, tokens, reinforce_applies)

    def range_bonus(self, primary: bool, ordnance: bool) -> bool:
        """Whether the attack's range bonus dice apply (range 1 attack, range 3 defense)."""
        return primary if self.range_bonus_primary_only else not ordnance

    def agility(self, value: int, tokens: Tokens) -> int:
        """The defender's agility value with its tokens' changes, at least 0."""
        if not self.agility_per_token:
            return value
        return max(0, value + sum(tokens[name] * per for name, per in self.agility_per_token))


RULES_2_5 = DiceRules(
    name="2.5",
    title="X-Wing 2.5",
    attacker_tokens=ATTACKER_TOKENS,
    defender_tokens=DEFENDER_TOKENS,
    token_table=lambda role, tokens, _reinforce: token_abilities(role, tokens),
    token_limits={LOCK: 1},
)
