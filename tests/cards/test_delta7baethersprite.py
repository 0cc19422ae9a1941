"""Delta-7B Aethersprite pilots: they print the Delta-7 pilots' texts and share their
ability objects (tests/cards/test_delta7aethersprite.py tests the abilities); here each
printing is checked to carry the same abilities, and a few are shown working on the
Delta-7B's own stats.

Player 1's ships face +y, player 2's face -y; range bands are 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import activation, answer, finish, rolled, values

PILOTS = ("obiwankenobi", "plokoon", "saeseetiin", "macewindu", "anakinskywalker",
          "ahsokatano", "barrissoffee", "luminaraunduli", "adigallia")


class TestSharedPrintings:
    @pytest.mark.parametrize("pilot", PILOTS)
    def test_same_abilities_as_the_delta7(self, pilot):
        """Each Delta-7B pilot prints its Delta-7 printing's text: the registry holds the
        very same ability objects under both ids."""
        seven = CARDS.spec("pilot", pilot)
        seven_b = CARDS.spec("pilot", f"{pilot}-delta7baethersprite")
        assert seven is not None and seven_b is not None
        assert seven_b.abilities() == seven.abilities()
        assert all(a is b for a, b in zip(seven_b.abilities(), seven.abilities(), strict=True))


class TestJediKnightDelta7b:
    @staticmethod
    def maneuver(force: int):
        sc = Scene()
        jedi = sc.ship("jediknight-delta7baethersprite", at=(400, 200, 0), force=force)
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return activation(sc, jedi, "2FB"), jedi

    def test_fine_tuned_controls(self):
        """The Delta-7B Jedi Knight has Fine-tuned Controls: after a full [2 straight] he may
        spend his Force to barrel roll (declining, he stays where he is)."""
        game, jedi = self.maneuver(1)
        assert values(game) == ["boost", "barrel_roll", "decline"]
        answer(game, "use_ability", "barrel_roll", jedi)
        while game.decision is not None and game.decision.kind != "perform_action":
            game.answer(game.decision.option_keys()[0])
        ship = game.state.ships[jedi]
        assert ship.body.pose.x != 400 and ship.force == 0

    def test_not_without_force(self):
        """No Force: the ship goes straight to its Perform Action step."""
        game, _jedi = self.maneuver(0)
        assert game.decision.kind == "perform_action"


class TestMaceWinduDelta7b:
    def test_recovers_force_after_a_red_maneuver(self):
        """The Delta-7B Mace Windu fully executes a red [4 Koiogran turn]: he recovers 1
        Force; a white [4 straight] recovers none."""
        for dial, force in (("4KR", 2), ("4FW", 1)):
            sc = Scene()
            mace = sc.ship("macewindu-delta7baethersprite", at=(400, 200, 0), force=1)
            sc.ship("academypilot", player=2, at=(100, 800, 180))
            game = activation(sc, mace, dial)
            assert game.state.ships[mace].force == force
            assert game.state.ships[mace].count(Token.STRESS) == (dial == "4KR")


class TestAdiGalliaDelta7b:
    @staticmethod
    def defend(use: str) -> int:
        sc = Scene()
        adi = sc.ship("adigallia-delta7baethersprite", at=(400, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 330, 180))
        game = sc.attack(tie, adi, dice=["blank"] * 4, defense=["blank"] * 4)
        answer(game, "use_ability", use, adi)
        finish(game)
        return len(rolled(game, tie))

    def test_attacker_loses_the_range_1_bonus(self):
        """A TIE attacks the Delta-7B Adi Gallia at attack range 1: spending 1 Force she
        denies its range bonus (2 attack dice instead of 3)."""
        assert self.defend("use") == 2
        assert self.defend("decline") == 3
