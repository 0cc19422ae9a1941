"""RR: PRIMARY WEAPON - a primary weapon requires the attack range to be 0-3. (Its arc:
test_attack_arc; its attack value: test_attack; a ship's two primary weapons:
test_attack_arc and test_arc.)

The test engages one ship (``engage``) and looks at the declaration the engine offers."""

from __future__ import annotations

import pytest

from tests.rules.attack_helpers import R0, R1, R2, R3, R4, TIE, XWING, declarable


@pytest.mark.parametrize(("pose", "attack_range"), [
    (R0, 0), (R1, 1), (R2, 2), (R3, 3), (R4, None)])
def test_primary_weapon_range_is_0_to_3(pose, attack_range):
    """An enemy straight ahead at range 0, 1, 2, 3 or 4. RR: PRIMARY WEAPON,
    RR: ATTACK step 1 ("A primary weapon requires the attack range to be range 0-3").
    Offered at 0-3, not at 4. (The FAQ on Automated Target Priority says range 0 is not a
    valid attack range for a primary weapon; the glossary rule, followed here and by the
    engine, says 0-3.)"""
    found = declarable(XWING, [(TIE, pose)])
    if attack_range is None:
        assert found == {}
    else:
        assert found == {("primary:front", "p2.1"): attack_range}
