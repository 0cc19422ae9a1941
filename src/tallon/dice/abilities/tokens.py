"""The rules' own ways to modify dice with tokens and Force, as dice abilities.

RR: FOCUS, RR: CALCULATE, RR: EVADE, RR: LOCK, RR: CHARGES (Force charge). Token effects are
game rules, not card abilities, so "once per opportunity" does not limit
them: a ship may spend another token in the same step while it has one and
the effect can be resolved (for example focus, lock reroll, focus again).
See ``docs/rulings.md`` (Dice).
"""

from __future__ import annotations

from tallon.dice.abilities.base import (
    ATTACKING,
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Role,
    Situation,
    Tokens,
)
from tallon.dice.abilities.effects import CardAbility, ChangeResults, RerollDice
from tallon.dice.faces import Face

FOCUS = "focus"
EVADE = "evade"
CALCULATE = "calculate"
FORCE = "force"
LOCK = "lock"
"""The attacker has a lock on the defender (0 or 1)."""
REINFORCE = "reinforce"
"""Reinforce tokens on the defender whose arc contains the attacker (RR: REINFORCE)."""
STRAIN = "strain"
DEPLETE = "deplete"
STRESS = "stress"
LOCK_DISABLED = "lock-disabled"
"""Mark: the attacker may not spend its lock during this attack (Fire-Control System)."""

GREEN_TOKENS = (FOCUS, EVADE, CALCULATE, REINFORCE)
"""Green tokens that matter to dice (RR: TOKENS); others are not modelled here."""

ATTACKER_TOKENS = (FOCUS, CALCULATE, FORCE, LOCK, EVADE, REINFORCE, DEPLETE, STRAIN, STRESS)
DEFENDER_TOKENS = (FOCUS, EVADE, CALCULATE, FORCE, REINFORCE, STRAIN, DEPLETE, STRESS)
SPENT_BY_CHOICE = (FOCUS, EVADE, CALCULATE, FORCE, LOCK)
"""Tokens a ship spends by choice to modify dice: counted in "tokens left" tie-breaks."""


def _lock_not_disabled(situation: Situation) -> bool:
    return situation.own[LOCK_DISABLED] == 0


class LockAbility(CardAbility):
    """RR: LOCK — spend the lock on the defender to reroll one or more attack dice."""

    def __init__(self) -> None:
        super().__init__(
            LOCK,
            "Spend lock",
            effect=RerollDice(),
            roles=ATTACKING,
            cost=((LOCK, 1),),
            requires=_lock_not_disabled,
            uses=(LOCK_DISABLED,),
            repeatable=True,
            requirement_reads_dice=False,
        )

    def may_reroll(self, own: Tokens) -> bool:
        return own[LOCK] >= 1 and own[LOCK_DISABLED] == 0


FOCUS_ABILITY = CardAbility(
    FOCUS,
    "Spend focus",
    effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
    roles=BOTH_ROLES,
    cost=((FOCUS, 1),),
    repeatable=True,
)
CALCULATE_ABILITY = CardAbility(
    CALCULATE,
    "Spend calculate",
    effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
    roles=BOTH_ROLES,
    cost=((CALCULATE, 1),),
    repeatable=True,
)
FORCE_ABILITY = CardAbility(
    FORCE,
    "Spend Force",
    effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
    roles=BOTH_ROLES,
    cost=((FORCE, 1),),
    repeatable=True,
)
EVADE_ABILITY = CardAbility(
    EVADE,
    "Spend evade",
    effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.EVADE,)),
    roles=DEFENDING,
    cost=((EVADE, 1),),
    repeatable=True,
)
LOCK_ABILITY = LockAbility()

_BY_TOKEN: dict[str, DiceAbility] = {
    FOCUS: FOCUS_ABILITY,
    CALCULATE: CALCULATE_ABILITY,
    FORCE: FORCE_ABILITY,
    EVADE: EVADE_ABILITY,
    LOCK: LOCK_ABILITY,
}


def token_abilities(role: Role, tokens: Tokens) -> list[DiceAbility]:
    """The token effects a ship in ``role`` holding ``tokens`` can use to modify its dice."""
    found = []
    for name, ability in _BY_TOKEN.items():
        if tokens[name] > 0 and role in ability.roles:
            found.append(ability)
    return found
