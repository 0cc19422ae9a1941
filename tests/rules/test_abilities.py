"""RR: ABILITIES - an ability without "may" is mandatory and must be resolved, with no effect
when it has nothing to do. (The order abilities resolve in: test_ability_queue.)

The attack runs with loaded dice: a K-wing with Proton Torpedoes and a lock attacks a
TIE/ln at range 2."""

from __future__ import annotations

from tests.rules.attack_helpers import choose, damage, finish, loaded_attack, modified, modify_scene


class TestMandatory:
    """RR: ABILITIES ("Unless a card ability uses the word 'may' ... the ability is
    mandatory and must be resolved"). Proton Torpedoes: "change 1 hit result to a crit
    result"."""

    def scene(self, rolled):
        sc, a, d = modify_scene("wardensquadronpilot", to=(400, 510, 180),
                                upgrades=["protontorpedoes"], attacker_setup={"locks": ["p2.1"]})
        return loaded_attack(sc, a, d, ("attack", rolled), ("defense", ["blank"] * 3),
                             weapon="protontorpedoes"), a

    def test_the_step_cannot_end_before_the_mandatory_change(self):
        """Attack dice hit, hit, blank, blank. RR: ABILITIES. "done" is not offered until
        the torpedoes' change is made; then it is, and one hit has become a crit."""
        game, _ = self.scene(["hit", "hit", "blank", "blank"])
        assert "done" not in game.decision.option_keys()
        choose(game, "protontorpedoes")
        assert sorted(modified(game)) == ["blank", "blank", "crit", "hit"]
        assert "done" in game.decision.option_keys()

    def test_a_mandatory_ability_with_nothing_to_change_does_nothing(self):
        """Attack dice with no hit result. RR: ABILITIES (ruling: Dice 6 - the mandatory
        change resolves without effect). The attack ends with no damage dealt."""
        game, _ = self.scene(["blank", "blank", "focus", "blank"])
        finish(game)
        assert damage(game, "p2.1") == (0, 0)
