"""Dice abilities that act outside the dice modification steps: one used when the attack is
declared (Predictive Shot) and damage prevented before it is suffered (Iden Versio).

Neither changes a die: Predictive Shot caps the number of defense dice rolled, Iden Versio
changes what the uncanceled results do. The calculator (``tallon.dice.solver``) asks their
``DiceAbility`` hooks (``declare_cost``, ``defense_dice_limit``, ``preventions``); the engine's
cards keep their own implementations (a triggered ability with a modifier of the defense dice,
and a replacement of suffering damage), as neither is a dice modification there."""

from __future__ import annotations

from tallon.dice.abilities.base import ATTACKING, DEFENDING, DiceAbility, Role, Tokens
from tallon.dice.abilities.tokens import FORCE

Prevention = tuple[int, int, tuple[tuple[str, int], ...]]


class PredictiveShot(DiceAbility):
    """Predictive Shot (Force power), the defender in the attacker's bullseye arc: after the
    attack is declared, may spend 1 Force; then the defender rolls no more defense dice than
    the attacker's hit and crit results at the Roll Defense Dice step (RR: ATTACK step 3a,
    after the Modify Attack Dice step).

    The Force is spent before any die is rolled, so it is not there for the Force token's
    own effect later. Whether to spend it is the attacker's choice, made before it sees its
    dice: the calculator takes the better of both (ruling)."""

    key = "predictiveshot"
    title = "Predictive Shot (spend 1 Force: the defender rolls no more dice than your hits)"
    roles = ATTACKING
    declare_cost = ((FORCE, 1),)

    def resources(self) -> tuple[str, ...]:
        # The mark of the Force spent for it; the Force itself is the ship's token.
        return (self.key,)

    def spendable(self) -> tuple[str, ...]:
        return ()

    def defense_dice_limit(self, role: Role, own: Tokens, results: int) -> int | None:
        return results if own[self.key] else None

    def after_attack(self, role: Role, own: Tokens, damage: int) -> dict[str, int]:
        # The mark lasts for this attack only.
        return {self.key: -own[self.key]} if own[self.key] else {}


def predictive_shot() -> DiceAbility:
    """Predictive Shot (Force power); the caller checks the bullseye arc."""
    return PredictiveShot()


class IdenVersio(DiceAbility):
    """Iden Versio, before a friendly TIE at range 0-1 of her (her too) would suffer damage:
    may spend charges to prevent it (RR: DAMAGE). The TIE/ln printings (``idenversio``,
    ``idenversio-swz105``, 1 charge) spend 1 charge to prevent all of that damage; the Battle
    of Yavin printing (a TIE/in, 2 charges) spends 2 to prevent 1 damage, a hit's or a
    crit's (the calculator's defender picks).

    The damage is prevented after Neutralize Results: the results stay uncanceled (the
    attack hits), but the defender suffers no damage from them; the calculator's outcome
    counts the damage suffered (ruling, ``docs/rulings.md``)."""

    roles = DEFENDING

    def __init__(self, key: str, charges: int, cost: int, prevents_all: bool) -> None:
        self.key = key
        self.charges = charges
        self.cost = cost
        self.prevents_all = prevents_all
        what = "all damage" if prevents_all else "1 damage"
        self.title = (f"Iden Versio ({charges} charge{'s' if charges != 1 else ''}; spend "
                      f"{cost}: prevent {what})")

    def preventions(self, role: Role, own: Tokens, hits: int, crits: int
                    ) -> tuple[Prevention, ...]:
        if role is not Role.DEFENDER or not hits + crits or own[self.key] < self.cost:
            return ()
        spend = ((self.key, self.cost),)
        if self.prevents_all:
            return ((0, 0, spend),)
        found: list[Prevention] = []
        if crits:
            found.append((hits, crits - 1, spend))
        if hits:
            found.append((hits - 1, crits, spend))
        return tuple(found)


def iden_versio(charges: int = 1, key: str = "idenversio") -> DiceAbility:
    """Iden Versio (TIE/ln pilot, either printing): 1 charge printed."""
    return IdenVersio(key, charges, 1, True)


def iden_versio_boy(charges: int = 2) -> DiceAbility:
    """Iden Versio (Battle of Yavin, TIE/in pilot): 2 charges printed."""
    return IdenVersio("idenversio-battleofyavin", charges, 2, False)
