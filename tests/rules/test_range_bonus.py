"""RR: RANGE BONUS - at attack range 1 the attacker rolls one more attack die, at attack range
3 the defender one more defense die; not with a weapon showing the ordnance icon, and not
at attack range 0.

Each test runs one attack with every die blank and counts the dice rolled: a T-65 (attack
3) at (400, 300) facing +y against a TIE/ln (agility 3) facing it, unless said
otherwise."""

from __future__ import annotations

import pytest

from tallon.cards.common import range_of
from tallon.engine.attack import Engage
from tallon.scene import declare, load_dice, start_at
from tests.rules.attack_helpers import (
    BLANKS,
    FIRESPRAY,
    KWING,
    R0,
    R1,
    R2,
    R3,
    blank_attack,
    blank_counts,
    bumped_into_a_tie,
    dice_counts,
    finish,
)


class TestRangeBonus:
    """RR: RANGE BONUS - attack range 1: the attacker rolls 1 additional attack die; attack
    range 3: the defender rolls 1 additional defense die; not with the ordnance icon."""

    @pytest.mark.parametrize(("pose", "expected"), [(R1, (4, 3)), (R2, (3, 3)),
                                                    (R3, (3, 4))])
    def test_range_bonus_by_attack_range(self, pose, expected):
        """A T-65 (3) attacks a TIE/ln (agility 3) straight ahead at range 1, 2 or 3.
        RR: RANGE BONUS. 4 attack dice at range 1; 3 and 3 at range 2; 4 defense dice at
        range 3."""
        assert blank_counts(to=pose) == expected

    def test_the_bonus_follows_the_attack_range_not_the_range_between_the_ships(self):
        """The TIE straddles the front arc's right line: the ships are at range 1 but the
        attack range is 2. RR: RANGE BONUS ("depending on the attack range"),
        RR: ATTACK RANGE. No additional attack die."""
        game, a, d = blank_attack(to=(510, 390, 0))
        assert range_of(game.state.ships[a], game.state.ships[d]) == 1
        assert dice_counts(game, a, d) == (3, 3)

    def test_no_attack_bonus_with_an_ordnance_weapon(self):
        """Proton Rockets (5 dice, ordnance icon, bullseye range 1-2) at attack range 1 from
        a Firespray with a focus token. RR: RANGE BONUS, RR: SPECIAL WEAPON (the ordnance
        icon: range bonuses are not applied). 5 dice, not 6; the primary weapon at the same
        range rolls 3 + 1."""
        pose = (400, 420, 180)
        kw = {"upgrades": ["protonrockets"], "tokens": {"focus": 1}, "to": pose}
        assert blank_counts(FIRESPRAY, weapon="protonrockets", **kw)[0] == 5
        assert blank_counts(FIRESPRAY, weapon="primary:front", **kw)[0] == 4

    def test_no_defense_bonus_against_an_ordnance_weapon(self):
        """Proton Torpedoes (4 dice, ordnance, range 2-3) from a K-wing with a lock, at
        attack range 3. RR: RANGE BONUS, RR: SPECIAL WEAPON. The TIE rolls 3 defense dice
        (its agility), not 4; against the K-wing's primary weapon at the same range it rolls
        4."""
        kw = {"upgrades": ["protontorpedoes"], "locks": ["p2.1"], "to": (400, 610, 180)}
        assert blank_counts(KWING, weapon="protontorpedoes", **kw) == (4, 3)
        assert blank_counts(KWING, weapon="primary:double_turret", **kw) == (2, 4)

    def test_no_bonus_at_attack_range_0(self):
        """The TIE touches the T-65's front edge: attack range 0, which is not range 1.
        RR: ATTACK RANGE, RR: RANGE BONUS. 3 attack dice, 3 defense dice."""
        assert blank_counts(to=R0) == (3, 3)

    def test_no_bonus_after_a_bump(self):
        """The T-65 bumps into the TIE with a [2 straight]: its base stops 6.6 mm short
        (range 1 by the ruler) but the ships are at range 0 (RR: RANGE), so the attack range
        is 0; RR: RANGE BONUS. No die is added: 3 attack dice."""
        game, a, d = bumped_into_a_tie()
        start_at(game, Engage(a))
        load_dice(game, BLANKS, BLANKS)
        declare(game, a, d)
        finish(game)
        assert dice_counts(game, a, d) == (3, 3)
