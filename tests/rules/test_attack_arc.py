"""RR: ATTACK ARC - the arc of the weapon chosen for an attack: the defender must be in it.
(The arcs themselves: test_arc.)

Each test engages one ship (``engage``) and looks at the (weapon, defender) pairs the
engine offers, or no declaration at all (the engine logs why). The attacker sits at (400,
300) facing +y."""

from __future__ import annotations

import pytest

from tallon.cards.common import is_in_arc, range_of
from tallon.geometry import Arc
from tests.rules.attack_helpers import (
    BEHIND,
    FIRESPRAY,
    LEFT,
    R2,
    R4,
    RIGHT,
    TIE,
    XWING,
    declarable,
    engage,
    no_attack,
    targets,
)


class TestStandardArcs:
    """RR: ARC, RR: ATTACK ARC - the defender must be in the arc of the chosen weapon."""

    @pytest.mark.parametrize(("pose", "expected"), [
        (R2, True), (BEHIND, False), (LEFT, False), (RIGHT, False)])
    def test_front_arc_weapon_reaches_only_the_front_arc(self, pose, expected):
        """A T-65 (primary front weapon only) with one enemy at range 2 ahead, behind, left
        or right. RR: ATTACK ARC. Only the enemy ahead can be declared."""
        found = declarable(XWING, [(TIE, pose)])
        assert bool(found) is expected
        if expected:
            assert set(found) == {("primary:front", "p2.1")}

    def test_rear_arc_weapon_reaches_behind_the_ship(self):
        """A Firespray (primary front 3 and rear 3) with one enemy ahead and one behind.
        RR: ATTACK ARC, RR: ARC (rear arc), RR: PRIMARY WEAPON (up to two primary weapons,
        each with its arc). The enemy ahead is offered to the front weapon only, the one
        behind to the rear weapon only."""
        game, _, (ahead, behind) = engage(FIRESPRAY, [(TIE, R2), (TIE, BEHIND)])
        assert set(targets(game)) == {("primary:front", ahead), ("primary:rear", behind)}

    def test_a_front_weapon_cannot_shoot_behind(self):
        """The same enemy behind a T-65 (no rear weapon). RR: ATTACK ARC. No attack; the
        engine says there is no target."""
        game, a, _ = engage(XWING, [(TIE, BEHIND)])
        assert game.decision is None and "no target" in no_attack(game, a)

    def test_a_ship_partly_in_the_arc_is_in_the_arc(self):
        """An enemy whose base straddles the front arc's right line. RR: ATTACK ARC, RR: ARC
        ("A ship is in an arc if any part of its base is inside that area"). It can be
        declared."""
        game, a, (tie,) = engage(XWING, [(TIE, (510, 390, 0))])
        s = game.state.ships
        assert is_in_arc(s[a], s[tie], Arc.FRONT) and is_in_arc(s[a], s[tie], Arc.RIGHT)
        assert ("primary:front", tie) in targets(game)

    def test_arcs_reach_only_to_range_3(self):
        """An enemy straight ahead at range 4. RR: ATTACK ARC, RR: ARC ("extending ... to
        range 3"), RR: PRIMARY WEAPON (range 0-3). No attack."""
        game, a, (tie,) = engage(XWING, [(TIE, R4)])
        assert range_of(game.state.ships[a], game.state.ships[tie]) == 4
        assert game.decision is None and "no target" in no_attack(game, a)


def test_a_touching_ship_outside_the_arc_cannot_be_attacked():
    """An enemy touching the T-65's rear edge. RR: ATTACK ARC, RR: RANGE - range 0 does not
    put a ship in an arc. No attack can be declared."""
    assert declarable(XWING, [(TIE, (400, 260, 0))]) == {}
