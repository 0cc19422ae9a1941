"""Dice abilities of the freighter pilots and crew the reference calculator offers (issue 20),
continued from :mod:`tallon.dice.abilities.pilots`. The table conditions (obstacles, ranges)
stay the caller's to check, as everywhere in the catalogue."""

from __future__ import annotations

from tallon.dice import packed
from tallon.dice.abilities.base import (
    BOTH_ROLES,
    DiceAbility,
    Role,
    Situation,
    Tokens,
    Window,
)
from tallon.dice.abilities.effects import CardAbility, RerollDice
from tallon.dice.faces import Face
from tallon.dice.ops import Option

STRESS = "stress"
GREEN_TOKENS = ("calculate", "evade", "focus", "reinforce")
"""The green tokens the calculator knows (RR: TOKENS: calculate, evade, focus, reinforce)."""


def lando_calrissian(key: str = "landocalrissian") -> DiceAbility:
    """Lando Calrissian (Customized YT-1300 and Escape Craft pilot), after rolling dice while
    not stressed: may gain 1 stress token to reroll all of his blank results (every fresh
    blank: "all" leaves no choice of which; ``packed.LIMIT`` is more dice than a pool holds)."""
    return CardAbility(key, "Lando Calrissian (gain 1 stress: reroll all blanks)",
                       effect=RerollDice(packed.LIMIT, exactly=True, faces=(Face.BLANK,)),
                       roles=BOTH_ROLES, gain=((STRESS, 1),),
                       requires=lambda s: s.own[STRESS] == 0, uses=(STRESS,),
                       requirement_reads_dice=False)


class GreenTokenReroll(DiceAbility):
    """Lando Calrissian (Scum crew), after rolling dice: may spend 1 green token to reroll up
    to 2 of his results. One option per green token held: which one to give up is the
    owner's choice, and the calculator weighs them."""

    key = "landocalrissian-crew"
    title = "Lando Calrissian (crew: 1 green token: reroll up to 2)"
    roles = BOTH_ROLES
    window = Window.OWN_DICE
    rerolls = True

    def __init__(self) -> None:
        self._effect = RerollDice(2)

    def resources(self) -> tuple[str, ...]:
        return GREEN_TOKENS

    def spendable(self) -> tuple[str, ...]:
        return GREEN_TOKENS

    def affordable(self, own: Tokens) -> bool:
        return any(own[name] >= 1 for name in GREEN_TOKENS)

    def may_reroll(self, own: Tokens) -> bool:
        return self.affordable(own)

    def options(self, situation: Situation) -> list[Option]:
        if situation.role not in self.roles:
            return []
        variants = self._effect.variants(situation)
        return [Option(self.key, f"{self.title} [{name}]", ops, ((name, 1),))
                for name in GREEN_TOKENS if situation.own[name] >= 1 for ops in variants]


def lando_calrissian_crew() -> DiceAbility:
    """Lando Calrissian (Scum crew)."""
    return GreenTokenReroll()


class HanSoloPilot(DiceAbility):
    """Han Solo (Customized YT-1300 pilot), defending or performing a primary attack
    obstructed by an obstacle: may roll 1 additional die (his own kind: attack dice when
    attacking, defense dice when defending). Never worse to roll, so always taken."""

    key = "hansolo"
    title = "Han Solo (obstructed: +1 die)"
    roles = BOTH_ROLES

    def attack_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return 1 if role is Role.ATTACKER else 0

    def defense_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return 1 if role is Role.DEFENDER else 0


def han_solo_pilot() -> DiceAbility:
    """Han Solo (Scum Customized YT-1300 pilot)."""
    return HanSoloPilot()
