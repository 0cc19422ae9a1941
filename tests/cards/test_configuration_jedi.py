"""Calibrated Laser Targeting (Delta-7 Aethersprite configuration): the scene with the card
and without it, and where it must not act.

Player 1's ships face +y, player 2's face -y; range bands are 100 mm."""

from __future__ import annotations

from tallon.scene import Scene
from tests.cards.helpers import finish, modify_with, offers, pass_on, skip_to


def _attack(tie_x: float, upgrades: tuple[str, ...]):
    sc = Scene()
    jedi = sc.ship("jediknight", at=(400, 200, 0), upgrades=upgrades, force=0, focus=1)
    tie = sc.ship("academypilot", player=2, at=(tie_x, 420, 180))
    game = sc.attack(jedi, tie, dice=["blank", "blank"], defense=["blank"] * 3)
    return game, jedi, tie


class TestCalibratedLaserTargeting:
    def test_adds_a_focus_result_in_the_bullseye(self):
        """Primary attack on a TIE in the bullseye arc, 2 blanks rolled: the card adds a
        focus result, which the focus token turns into a hit; the TIE is damaged. Without
        the card the attack misses."""
        game, jedi, tie = _attack(400, ("calibratedlasertargeting",))
        skip_to(game, "modify_attack_dice", jedi)
        modify_with(game, "calibratedlasertargeting")
        modify_with(game, "focus")
        finish(game)
        assert len(game.state.ships[tie].damage) == 1
        game, jedi, tie = _attack(400, ())
        finish(game)
        assert not game.state.ships[tie].damage

    def test_mandatory(self):
        """The card says "add", not "may add": passing on every choice still adds the focus
        result, which cannot be left unused ("done" is not offered while it waits)."""
        game, jedi, _tie = _attack(400, ("calibratedlasertargeting",))
        skip_to(game, "modify_attack_dice", jedi)
        assert offers(game, "calibratedlasertargeting")
        assert "done" not in game.decision.option_keys()

    def test_not_outside_the_bullseye(self):
        """The TIE is in the front arc but outside the bullseye arc: nothing is added and the
        attack misses."""
        game, _jedi, tie = _attack(470, ("calibratedlasertargeting",))
        while game.decision is not None:
            assert not offers(game, "calibratedlasertargeting")
            pass_on(game)
        assert not game.state.ships[tie].damage
