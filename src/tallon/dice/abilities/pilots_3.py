"""Dice abilities of issue 20's remaining pilots and Force powers, continued from
:mod:`tallon.dice.abilities.pilots_2`: "Zeb" Orrelios, Luke Skywalker, "Leebo", Hate, Biggs
Darklighter and Selfless.

Leebo's and Hate's effects are resources gained after the attack (a calculate token, Force)
that a single attack only reports as tokens left; in a sequence (:mod:`tallon.dice.sequence`)
the defender's carry over to the next attack, as does the Force Luke recovers."""

from __future__ import annotations

from tallon.dice.abilities.base import (
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Role,
    Situation,
    Tokens,
    Window,
)
from tallon.dice.abilities.effects import CardAbility, ChangeResults, Effect, Variant
from tallon.dice.abilities.tokens import CALCULATE, FORCE
from tallon.dice.counts import Counts
from tallon.dice.faces import Face
from tallon.dice.ops import Option

LEEBO_SPENT = "leebo-spent"
"""Mark: "Leebo" spent a calculate token during this attack (cleared once he gains it back)."""


class ZebOrrelios(DiceAbility):
    """"Zeb" Orrelios (Attack Shuttle, TIE/ln and Sheathipede pilots), defending: crit
    results are neutralized before hit results (evades cancel crits first, the way Plasma
    Torpedoes make them; RR: ATTACK step 4). Not a choice."""

    roles = DEFENDING
    crits_canceled_first = True

    def __init__(self, key: str) -> None:
        self.key = key
        self.title = "\"Zeb\" Orrelios (defending: crits neutralized before hits)"


def zeb_orrelios(key: str = "zeborrelios-pilot") -> DiceAbility:
    """"Zeb" Orrelios (pilot; the crew card of the same name is another ability)."""
    return ZebOrrelios(key)


class _NoDice(Effect):
    """An effect that leaves the dice alone: the ability only gains a resource."""

    def variants(self, situation: Situation) -> list[Variant]:
        return [()]


class LukeSkywalker(CardAbility):
    """Luke Skywalker (T-65 pilot, every printing), after he becomes the defender (before
    dice are rolled): may recover 1 Force, up to his Force capacity (2 printed).

    The calculator's first place for the defender is his Modify Attack Dice step, where
    this is resolved first (it is mandatory there): nothing he or the attacker does before
    it reads his Force, so the outcome is the same (ruling). Always taken: Force held is
    never worse."""

    def __init__(self, capacity: int, key: str) -> None:
        super().__init__(key, f"Luke Skywalker (defending: recover 1 Force, up to {capacity})",
                         effect=_NoDice(), window=Window.OPPONENT_DICE, roles=DEFENDING,
                         gain=((FORCE, 1),), requires=lambda s: s.own[FORCE] < capacity,
                         uses=(FORCE,), mandatory=True, requirement_reads_dice=False)

    def _build(self, situation: Situation) -> list[tuple[Option, Counts, int]]:
        # No operation on the dice: the option is the recovery alone.
        return [(Option(self.key, self.title, (), self.cost, self.gain), situation.pool, 0)]


def luke_skywalker(capacity: int = 2, key: str = "lukeskywalker") -> DiceAbility:
    """Luke Skywalker (pilot); ``capacity`` is his Force capacity."""
    return LukeSkywalker(capacity, key)


class Leebo(CardAbility):
    """"Leebo" (Rebel YT-2400 pilot, both printings), after he defends or attacks: if he
    spent a calculate token, gains 1 calculate token.

    The calculate token's own effect (1 focus to a hit or an evade), offered again with a
    mark that he spent one; the token's plain effect stays offered, and the calculator
    prefers this one since it leaves a token more. Exact while the calculate token is the
    only way he spends calculate tokens, which holds for every card a Rebel YT-2400 can
    carry in the catalogue (ruling)."""

    def __init__(self, key: str) -> None:
        super().__init__(key, "\"Leebo\" (spend calculate: 1 focus to hit/evade, regained "
                         "after the attack)",
                         effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                         roles=BOTH_ROLES, cost=((CALCULATE, 1),), gain=((LEEBO_SPENT, 1),))

    def after_attack(self, role: Role, own: Tokens, damage: int) -> dict[str, int]:
        if own[LEEBO_SPENT] >= 1:
            return {CALCULATE: 1, LEEBO_SPENT: -own[LEEBO_SPENT]}
        return {}


def leebo(key: str = "leebo") -> DiceAbility:
    """"Leebo" (Rebel pilot)."""
    return Leebo(key)


class Hate(DiceAbility):
    """Hate (Force power), after the ship suffers 1 or more damage: recovers that many
    Force, up to its Force capacity. In the calculator only the defender suffers damage:
    the uncanceled hits and crits, shields lost included (RR: DAMAGE)."""

    key = "hate"
    roles = DEFENDING

    def __init__(self, capacity: int = 2) -> None:
        self.capacity = capacity
        self.title = f"Hate (recover 1 Force per damage suffered, up to {capacity})"

    def resources(self) -> tuple[str, ...]:
        return (FORCE,)

    def after_attack(self, role: Role, own: Tokens, damage: int) -> dict[str, int]:
        recovered = min(damage, self.capacity - own[FORCE])
        if role is Role.DEFENDER and recovered > 0:
            return {FORCE: recovered}
        return {}


def hate(capacity: int = 2) -> DiceAbility:
    """Hate (Force power); ``capacity`` is the ship's Force capacity."""
    return Hate(capacity)


class CancelBeforeNeutralize(DiceAbility):
    """A ship beside the defender that cancels 1 attack result right before Neutralize
    Results, paying with damage to itself: Biggs Darklighter (T-65 pilot, "1 hit or crit
    damage to cancel 1 matching result") and Selfless (talent, "1 crit damage to cancel 1
    crit result"). Offered to the defender; the other ship's damage is not counted, so the
    cancel is always made, a crit before a hit (never worse for the defender: ruling)."""

    roles = DEFENDING

    def __init__(self, key: str, title: str, faces: tuple[Face, ...]) -> None:
        self.key = key
        self.title = title
        self.cancels_before_neutralize = faces


def biggs_darklighter() -> DiceAbility:
    """Biggs Darklighter (T-65 pilot), another friendly ship at range 0-1 defends with him
    in the attack arc."""
    return CancelBeforeNeutralize("biggsdarklighter", "Biggs Darklighter (his damage: "
                                  "cancel 1 crit, else 1 hit)", (Face.CRIT, Face.HIT))


def selfless() -> DiceAbility:
    """Selfless (talent), another friendly ship at range 0-1 defends with it in the attack
    arc."""
    return CancelBeforeNeutralize("selfless", "Selfless (its crit damage: cancel 1 crit)",
                                  (Face.CRIT,))
