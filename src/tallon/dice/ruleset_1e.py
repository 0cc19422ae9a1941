"""The first edition's dice rules (ruleset ``1e``) for the exact calculator.

Sources: the core-set rulebook (Combat Phase: range combat bonuses, Roll Attack Dice,
Spending Target Lock Tokens, Spending a Focus Token, Roll Defense Dice, Spending an Evade
Token, Compare Results, obstacles), the FAQ (Spending Tokens; the timing chart for
performing an attack) and the reference cards (Reinforce Action, Tractor Beam Token, Cloak
Action). Where they differ from 2.5:

* evade adds an evade result (2.5 changes a blank or focus result into one);
* focus, evade and a target lock are each spent for their effect at most once in a Modify
  Dice step (FAQ, Spending Tokens: "a ship cannot spend 2 evade tokens to add 2 evade
  results"); 2.5 lets a ship spend another;
* the range bonus (range 1: +1 attack die, range 3: +1 defense die) is for primary weapons
  only, and there are no range 0 attacks (ships whose bases touch cannot attack each other);
* reinforce (small and large ships) adds 1 evade result when the attacker is on the side the
  token names, without being spent; a tractor beam token takes 1 from the agility value, a
  cloak token adds 2 (and a cloaked ship cannot attack);
* no calculate, Force, deplete or strain, and no card abilities yet: the calculator's
  catalogue is 2.5's, and the first edition's card pool is not in it.

Obstruction (+1 defense die), the target lock's reroll of any number of attack dice, focus
changing all focus results, and evades canceling hits before crits are as in 2.5.
docs/dice.md, section "First edition", and docs/rulings.md say more.
"""

from __future__ import annotations

from tallon.dice.abilities.base import BOTH_ROLES, DEFENDING, DiceAbility, Role, Tokens
from tallon.dice.abilities.effects import AddResults, CardAbility, ChangeResults
from tallon.dice.abilities.tokens import (
    EVADE,
    FOCUS,
    LOCK,
    LOCK_ABILITY,
    REINFORCE,
    STRESS,
)
from tallon.dice.dice_rules import DiceRules
from tallon.dice.faces import Face

TRACTOR = "tractor"
"""Tractor beam tokens: each takes 1 from the ship's agility value, to a minimum of 0."""
CLOAK = "cloak"
"""A cloak token: the ship's agility value is 2 higher; it cannot attack."""

# A cloak token is accepted on the attacker only to refuse the attack with the rule's
# reason (a cloaked ship cannot attack) instead of "unknown token".
ATTACKER_TOKENS_1E = (FOCUS, LOCK, EVADE, STRESS, CLOAK)
DEFENDER_TOKENS_1E = (FOCUS, EVADE, REINFORCE, TRACTOR, CLOAK, STRESS)

# Rulebook: "change all eye results ... to asterisk results" (attack) or to evade results
# (defense); once per step (FAQ, Spending Tokens), so not repeatable.
FOCUS_1E = CardAbility(
    FOCUS,
    "Spend focus",
    effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
    roles=BOTH_ROLES,
    cost=((FOCUS, 1),),
)
# Rulebook: "add one additional evade result to his defense roll"; FAQ: also in excess of
# the hits and crits, and one evade token per attack.
EVADE_1E = CardAbility(
    EVADE,
    "Spend evade",
    effect=AddResults(Face.EVADE),
    roles=DEFENDING,
    cost=((EVADE, 1),),
)
# Reference card "Reinforce Action": the effect is resolved while defending (mandatory) and
# does not spend the token; a ship holds one reinforce token, so it adds 1 evade at most.
REINFORCE_1E = CardAbility(
    REINFORCE,
    "Reinforce",
    effect=AddResults(Face.EVADE),
    roles=DEFENDING,
    mandatory=True,
)


def token_effects_1e(role: Role, tokens: Tokens, reinforce_applies: bool
                     ) -> list[DiceAbility]:
    """The first edition's token effects a ship in ``role`` holding ``tokens`` may use.

    The lock is 2.5's ability: "reroll any number of attack dice", and a ship holds one
    lock, so its being repeatable in 2.5 changes nothing here.
    """
    found: list[DiceAbility] = []
    if tokens[FOCUS]:
        found.append(FOCUS_1E)
    if role is Role.ATTACKER and tokens[LOCK]:
        found.append(LOCK_ABILITY)
    if role is Role.DEFENDER:
        if tokens[EVADE]:
            found.append(EVADE_1E)
        if tokens[REINFORCE] and reinforce_applies:
            found.append(REINFORCE_1E)
    return found


RULES_1E = DiceRules(
    name="1e",
    title="the first edition (1e)",
    attacker_tokens=ATTACKER_TOKENS_1E,
    defender_tokens=DEFENDER_TOKENS_1E,
    token_table=token_effects_1e,
    token_limits={LOCK: 1, CLOAK: 1, REINFORCE: 1},
    card_abilities=False,
    ranges=(1, 2, 3),
    range_bonus_primary_only=True,
    ordnance=False,
    attacker_cannot_hold=((CLOAK, "a ship with a cloak token cannot attack: Cloak Action"),),
    agility_per_token=((CLOAK, 2), (TRACTOR, -1)),
    dice_capped=False,
    reinforce_at_neutralize=False,
    lean_solver=False,
)
