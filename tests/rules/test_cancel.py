"""RR: CANCEL - canceling dice does not count as modifying them: dice that cannot be modified
can still be canceled (RR: DICE MODIFICATION)."""

from __future__ import annotations

from tallon.engine.state import Token
from tallon.scene import Scene
from tests.rules.attack_helpers import HERE, XWING, answer, choose, finish, script


class TestCancelIsNotModifying:
    """RR: CANCEL ("Canceling dice does not count as modifying dice"),
    RR: DICE MODIFICATION. Moff Gideon (before attack dice: spend 1 charge, choose a
    friendly ship at range 0-1 of the defender, which gains a strain token; the defense dice
    can't be modified this attack) helps a Baron of the Empire with Crack Shot attack a T-65
    at range 1."""

    def scene(self, gideon: bool):
        sc = Scene()
        a = sc.ship("baronoftheempire", at=HERE, upgrades=["crackshot"])
        sc.ship("moffgideon", at=(300, 300, 0))
        d = sc.ship(XWING, player=2, at=(400, 420, 180), tokens={"focus": 1})
        game = sc.attack(a, d, then=script(("attack", ["hit", "hit", "blank"]),
                                           ("defense", ["evade", "focus"])))
        answer(game, "use_ability", a if gideon else "decline")
        return game, a, d

    def test_without_gideon_the_defender_spends_its_focus(self):
        """Gideon's ability is declined; the T-65 has a focus token and rolls evade, focus.
        RR: DICE MODIFICATION. The defender is asked to modify its defense dice."""
        game, _, d = self.scene(gideon=False)
        assert game.decision.kind == "modify_defense_dice" and game.decision.ship == d

    def test_unmodifiable_dice_can_still_be_canceled(self):
        """With Gideon's effect the defender's focus is not offered (its dice can't be
        modified), but the attacker's Crack Shot cancel is. RR: CANCEL. The attacker cancels
        the evade with Crack Shot's charge; the T-65 keeps its focus token."""
        game, a, d = self.scene(gideon=True)
        assert game.decision.kind == "cancel_defense_results" and game.decision.ship == a
        choose(game, "crackshot")
        finish(game)
        assert game.state.ships[d].count(Token.FOCUS) == 1
        assert game.state.ships[a].charges["crackshot"].active == 0
