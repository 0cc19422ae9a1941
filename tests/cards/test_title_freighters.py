"""The Rebel freighters' titles (Outrider, Millennium Falcon, Millennium Falcon of the
Battle over Endor): each test sets a scene, states the card's rule and shows the ability
changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm; a large
base is 80 mm square, a small one 40 mm."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import bar_actions
from tallon.scene import Scene, declare, faces
from tests.cards.helpers import (
    engage,
    modify_with,
    pass_all,
    pass_until,
    rolled,
)


class TestOutrider:
    @pytest.mark.parametrize("titles, y, dice", [
        (["outrider"], 650, 5), ([], 650, 4),     # range 3: 1 more die with the title
        (["outrider"], 470, 4),                   # range 2: no change
    ])
    def test_primary_attack_at_range_3_rolls_one_more_die(self, titles, y, dice):
        """Outrider: a primary attack at range 3 rolls 1 additional attack die (Dash
        Rendar's 4 become 5); at range 2 it does not apply."""
        sc = Scene()
        dash = sc.ship("dashrendar", at=(400, 300, 0), upgrades=titles)
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.attack(dash, tie, dice=["blank"] * dice, defense=["blank"] * 4)
        assert len(rolled(game, dash)) == dice

    @pytest.mark.parametrize("titles, damage", [(["outrider"], 1), ([], 0)])
    def test_obstructed_attack_turns_an_evade_into_a_focus(self, titles, damage):
        """Outrider: attacking through an obstacle, Dash may change 1 of the defender's
        evade results to a focus: 2 hits against 2 evades leave 1 hit (none without the
        title)."""
        sc = Scene()
        dash = sc.ship("dashrendar", at=(400, 300, 0), upgrades=titles)
        tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
        sc.obstacle("core2asteroid5", 400, 420)
        game = sc.attack(dash, tie, dice=["hit", "hit", "blank", "blank"],
                         defense=["evade", "evade", "blank", "blank"])
        if titles:
            pass_until(game, "modify_defense_dice", dash)
            modify_with(game, "outrider")
        kinds = pass_all(game)
        assert titles or "modify_defense_dice" not in kinds
        assert len(game.state.ships[tie].damage) == damage


class TestMillenniumFalcon:
    @pytest.mark.parametrize("evading", [True, False])
    def test_evading_it_rerolls_a_defense_die(self, evading):
        """Millennium Falcon: defending while evading (an evade token), the ship may
        reroll 1 defense die: a blank becomes an evade and the hit is canceled; without
        an evade token there is no offer."""
        sc = Scene()
        yt = sc.ship("outerrimsmuggler", at=(400, 300, 0), upgrades=["millenniumfalcon"],
                     tokens={"evade": 1} if evading else {})
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
        game = engage(sc, tie, ["hit", "blank"], ["blank"],
                      then=faces(DieKind.DEFENSE, ["evade"]))
        declare(game, tie, yt)
        if evading:
            pass_until(game, "modify_defense_dice", yt)
            modify_with(game, "millenniumfalcon")
        pass_all(game)  # the evade token is not spent
        assert game.state.ships[yt].shields == (5 if evading else 4)

    def test_the_title_adds_an_evade_action(self):
        """The title adds an evade action to the YT-1300's bar."""
        sc = Scene()
        yt = sc.ship("outerrimsmuggler", at=(400, 300, 0), upgrades=["millenniumfalcon"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert "evade" in [s.kind for s in bar_actions(game, game.state.ships[yt])]


class TestMillenniumFalconBattleOverEndor:
    @pytest.mark.parametrize("stress, offered", [(1, True), (0, False)])
    def test_with_a_red_token_it_rerolls_a_die(self, stress, offered):
        """Millennium Falcon (Battle over Endor): attacking with a non-lock red or orange
        token (stress) the ship may reroll 1 die: a blank becomes a hit; without such a
        token (a lock on it does not count) there is no offer."""
        sc = Scene()
        yt = sc.ship("outerrimsmuggler", at=(400, 300, 0),
                     upgrades=["millenniumfalcon-battleoverendor"], stress=stress)
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180), locks=["p1.1"])
        game = engage(sc, yt, ["blank", "blank", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, yt, tie)
        if offered:
            pass_until(game, "modify_attack_dice", yt)
            modify_with(game, "millenniumfalcon-battleoverendor")
        kinds = pass_all(game)
        assert offered or "modify_attack_dice" not in kinds
        assert len(game.state.ships[tie].damage) == (1 if offered else 0)
