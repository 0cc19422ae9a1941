"""TIE Advanced v1 pilots (the Inquisitors): each test sets a scene, states the card's rule
and shows the ability changing the outcome.

Player 1's ships face +y, player 2's face -y; small ships with centres 120 mm apart are at
range 1, 200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

from typing import Any

import pytest

from tallon.scene import Scene
from tests.cards.helpers import (
    attack,
    dice_count,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
)


def fight(attacker: str, defender: str, gap: float, dice: list[str], defense: list[str],
          attacker_player: int = 1, **kw: Any) -> tuple[Any, str, str]:
    """``attacker`` attacks ``defender`` at ``gap`` mm between centres."""
    sc = Scene()
    if attacker_player == 1:
        a = sc.ship(attacker, at=(400, 300, 0), **kw)
        d = sc.ship(defender, player=2, at=(400, 300 + gap, 180))
    else:
        d = sc.ship(defender, at=(400, 300, 0), **kw)
        a = sc.ship(attacker, player=2, at=(400, 300 + gap, 180))
    return attack(sc, a, d, dice, defense, deck=["consolefire", "structuraldamage"]), a, d


# ---------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["baronoftheempire", "inquisitor"])
def test_generic_pilots_attack_with_2_dice(pilot):
    """Pilots with flavour text only (no ship ability) attack with the v1's 2 dice."""
    game, a, d = fight(pilot, "academypilot", 200, ["hit", "hit"], ["blank"] * 3)
    pass_all(game)
    assert len(rolled(game, a)) == 2
    assert len(game.state.ships[d].damage) == 2


# ------------------------------------------------------------- Grand Inquisitor
class TestGrandInquisitor:
    def test_defending_at_range_1_prevents_the_range_bonus(self):
        """Grand Inquisitor defending at attack range 1 may spend 1 Force to prevent the
        range 1 bonus: the TIE/ln attacker rolls 2 dice, not 3, and he has 1 Force left."""
        game, a, gi = fight("academypilot", "grandinquisitor", 120, ["hit"] * 3,
                            ["blank"] * 3, attacker_player=2)
        assert game.decision.kind == "use_ability" and game.decision.ship == gi
        game.answer("use")
        pass_all(game)
        assert len(rolled(game, a)) == 2
        assert game.state.ships[gi].force == 1

    def test_declining_lets_the_attacker_roll_3(self):
        game, a, gi = fight("academypilot", "grandinquisitor", 120, ["hit"] * 3,
                            ["blank"] * 3, attacker_player=2)
        game.answer("decline")
        pass_all(game)
        assert len(rolled(game, a)) == 3
        assert game.state.ships[gi].force == 2

    def test_not_at_range_2_nor_without_force(self):
        """Defending at range 2 there is no range 1 bonus to prevent, and without Force
        he can't pay: nothing is offered before the attack dice."""
        for gap, force in ((200, 2), (120, 0)):
            game, a, _ = fight("academypilot", "grandinquisitor", gap, ["hit"] * 3,
                                ["blank"] * 3, attacker_player=2, force=force)
            assert game.decision is None or game.decision.kind != "use_ability"
            pass_all(game)
            assert len(rolled(game, a)) == (3 if gap == 120 else 2)

    @pytest.mark.parametrize("gap", [200, 300])
    def test_attacking_at_range_2_3_applies_the_range_1_bonus(self, gap):
        """Grand Inquisitor attacking a defender at attack range 2-3 may spend 1 Force to
        apply the range 1 bonus: 3 attack dice instead of 2."""
        game, gi, _ = fight("grandinquisitor", "academypilot", gap, ["hit"] * 3,
                            ["blank"] * 4)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        assert len(rolled(game, gi)) == 3
        assert game.state.ships[gi].force == 1

    def test_attacking_at_range_1_has_the_bonus_anyway(self):
        """At range 1 the bonus applies by the rules: nothing to spend Force on; 3 dice."""
        game, gi, _ = fight("grandinquisitor", "academypilot", 120, ["hit"] * 3,
                            ["blank"] * 3)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert len(rolled(game, gi)) == 3 and game.state.ships[gi].force == 2

    def test_no_bonus_applied_with_an_ordnance_weapon(self):
        """RR: RANGE BONUS - a weapon with the ordnance icon never gets it, so he can't
        apply it with Concussion Missiles (lock spent) at range 2: 3 dice, Force kept."""
        sc = Scene()
        gi = sc.ship("grandinquisitor", at=(400, 300, 0), upgrades=["concussionmissiles"],
                     locks=["p2.1"])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, gi, target, ["hit"] * 4, ["blank"] * 3,
                      weapon="concussionmissiles")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert dice_count(game, 0) == 3 and game.state.ships[gi].force == 2


# --------------------------------------------------------------- Seventh Sister
class TestSeventhSister:
    def test_spends_2_force_to_cancel_an_evade(self):
        """Seventh Sister, performing a primary attack, before Neutralize Results may spend
        2 Force to cancel 1 evade result: 2 hits against 1 evade then deal 2 damage, not
        1."""
        game, ss, d = fight("seventhsister", "academypilot", 200, ["hit", "hit"],
                            ["evade", "blank", "blank"])
        skip_dice(game, "cancel_defense_results")
        assert offers(game, "seventhsister")
        modify_with(game, "seventhsister")
        pass_all(game)
        assert len(game.state.ships[d].damage) == 2
        assert game.state.ships[ss].force == 0

    def test_without_the_force_the_evade_stays(self):
        """With 1 Force she can't pay 2: not offered; the evade cancels a hit."""
        game, _, d = fight("seventhsister", "academypilot", 200, ["hit", "hit"],
                           ["evade", "blank", "blank"], force=1)
        while game.decision is not None:
            assert not offers(game, "seventhsister")
            pass_all(game, limit=1)
        assert len(game.state.ships[d].damage) == 1


# ---------------------------------------------------------------- Fifth Brother
class TestFifthBrother:
    def test_adds_a_crit_to_an_attack_that_hit(self):
        """Fifth Brother: after Neutralize Results, if the attack hit, he may spend 2 Force
        to add 1 critical hit result: 1 hit becomes 1 hit and 1 critical hit (a faceup
        card)."""
        game, fb, d = fight("fifthbrother", "academypilot", 200, ["hit", "blank"],
                            ["blank"] * 3)
        pass_until(game, "use_ability", fb)
        game.answer("use")
        pass_all(game)
        cards = game.state.ships[d].damage
        assert sorted(c.faceup for c in cards) == [False, True]
        assert game.state.ships[fb].force == 0

    def test_declined_only_the_hit(self):
        game, fb, d = fight("fifthbrother", "academypilot", 200, ["hit", "blank"],
                            ["blank"] * 3)
        pass_until(game, "use_ability", fb)
        game.answer("decline")
        pass_all(game)
        assert [c.faceup for c in game.state.ships[d].damage] == [False]

    def test_not_after_a_miss(self):
        """The attack must have hit: a miss offers nothing."""
        game, fb, d = fight("fifthbrother", "academypilot", 200, ["hit", "blank"],
                            ["evade", "blank", "blank"])
        seen = pass_all(game)
        assert "use_ability" not in seen
        assert not game.state.ships[d].damage and game.state.ships[fb].force == 2
