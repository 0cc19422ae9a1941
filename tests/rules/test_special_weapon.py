"""RR: SPECIAL WEAPON - a special weapon's arc, range requirement, header requirement ("Attack
(lock)", "Attack (focus)") and cost. (The bullseye arc: test_arc; the ordnance icon:
test_range_bonus.)

Each test engages one ship (``engage``) and looks at the (weapon, defender) pairs the
engine offers. The attacker sits at (400, 300) facing +y."""

from __future__ import annotations

import pytest

from tests.rules.attack_helpers import (
    FIRESPRAY,
    KWING,
    TIE,
    declarable,
    engage,
    finish,
)


class TestSpecialWeapons:
    """RR: SPECIAL WEAPON - arc, range requirement, header requirement and cost. Proton
    Torpedoes: "Attack (lock)", front arc, range 2-3, 2 charges, 1 spent per attack."""

    @staticmethod
    def torpedo(pose, **setup):
        setup.setdefault("locks", ["p2.1"])
        return declarable(KWING, [(TIE, pose)], upgrades=["protontorpedoes"], **setup)

    @pytest.mark.parametrize(("y", "attack_range", "allowed"), [
        (350, 0, False), (420, 1, False), (510, 2, True), (610, 3, True), (670, 4, False)])
    def test_range_requirement(self, y, attack_range, allowed):
        """A K-wing (double turret, front/rear) with Proton Torpedoes and a lock on an enemy
        straight ahead at range ``attack_range``. RR: SPECIAL WEAPON (the range
        requirement). The torpedoes are offered only at attack range 2-3; the primary weapon
        wherever it reaches (0-3)."""
        found = self.torpedo((400, y, 180))
        assert (("protontorpedoes", "p2.1") in found) is allowed
        if attack_range <= 3:
            assert found[("primary:double_turret", "p2.1")] == attack_range

    def test_lock_requirement(self):
        """The K-wing without a lock, or with a lock on another ship. RR: SPECIAL WEAPON
        ("Attack (lock)": the attacker must have a lock on the defender). The torpedoes are
        offered only against the ship it has locked."""
        assert ("protontorpedoes", "p2.1") not in self.torpedo((400, 510, 180), locks=[])
        found = declarable(KWING, [(TIE, (400, 510, 180)), (TIE, (480, 560, 180))],
                           upgrades=["protontorpedoes"], locks=["p2.2"])
        assert ("protontorpedoes", "p2.1") not in found
        assert ("protontorpedoes", "p2.2") in found

    def test_focus_requirement(self):
        """A Firespray with Proton Rockets ("Attack (focus)"), without and with a focus
        token. RR: SPECIAL WEAPON (the attacker must have a focus token). Without one, only
        the primary weapon is offered; with one, the rockets too."""
        pose = (400, 470, 180)
        assert set(declarable(FIRESPRAY, [(TIE, pose)], upgrades=["protonrockets"])) == \
            {("primary:front", "p2.1")}
        assert ("protonrockets", "p2.1") in declarable(
            FIRESPRAY, [(TIE, pose)], upgrades=["protonrockets"], tokens={"focus": 1})

    def test_a_cost_that_cannot_be_paid_rules_the_weapon_out(self):
        """The torpedoes have no active charge. RR: SPECIAL WEAPON, RR: ATTACK step 1 ("if
        the attacker cannot pay the costs required for the attack, the attacking player
        either chooses a different weapon or chooses not to attack"). Only the primary
        weapon is offered."""
        found = self.torpedo((400, 510, 180), charges={"protontorpedoes": 0})
        assert set(found) == {("primary:double_turret", "p2.1")}

    def test_the_cost_is_paid_when_the_attack_is_declared(self):
        """The K-wing declares a torpedo attack, then (another game) a primary attack.
        RR: SPECIAL WEAPON, RR: ATTACK step 1d (Pay Costs). Declaring the torpedo attack
        spends 1 charge at once; declaring the primary attack spends none."""
        for weapon, left in (("protontorpedoes", 1), ("primary:double_turret", 2)):
            game, a, (tie,) = engage(KWING, [(TIE, (400, 510, 180))],
                                     upgrades=["protontorpedoes"], locks=["p2.1"])
            game.answer(f"{weapon}@{tie}")
            assert game.state.ships[a].charges["protontorpedoes"].active == left
            finish(game)
