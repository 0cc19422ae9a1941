"""Customized YT-1300 light freighter pilots (Scum and Villainy): each card in a scene built
for it, compared with the same scene without the ability (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the YT-1300 has a large base (80 mm), a TIE a small one (40 mm)."""

from __future__ import annotations

import pytest

from tallon.scene import Scene, declare
from tests.cards.helpers import (
    activation,
    answer,
    engage,
    finish,
    pass_all,
    rolled,
    skip_to,
)


def _obstructed_scene(pilot: str, rock: bool, han_attacks: bool):
    sc = Scene()
    han = sc.ship(pilot, at=(400, 200, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
    if rock:
        sc.obstacle("core2asteroid5", 400, 350)
    attacker, defender = (han, tie) if han_attacks else (tie, han)
    game = engage(sc, attacker, ["blank"] * 4, ["blank"] * 4)
    declare(game, attacker, defender)
    return game, han


class TestHanSolo:
    def test_obstructed_primary_attack_rolls_one_more_die(self):
        """Han Solo: performing a primary attack obstructed by an asteroid he may roll 1
        additional die: 3 attack dice instead of the turret's 2."""
        game, han = _obstructed_scene("hansolo", rock=True, han_attacks=True)
        answer(game, "use_ability", "use", han)
        finish(game)
        assert len(rolled(game, han)) == 3

    @pytest.mark.parametrize("pilot, dice", [("hansolo", 4), ("freightercaptain", 3)])
    def test_obstructed_defense_rolls_one_more_die(self, pilot, dice):
        """Defending against an attack obstructed by an asteroid (at range 3) he may roll 1
        additional defense die: agility 1, range 3's 1, the obstruction's 1 and his 1 (4);
        a Freighter Captain in his place rolls 3."""
        game, ship = _obstructed_scene(pilot, rock=True, han_attacks=False)
        if pilot == "hansolo":
            skip_to(game, "use_ability", ship)
            answer(game, "use_ability", "use", ship)
        finish(game)
        assert len(rolled(game, ship)) == dice

    @pytest.mark.parametrize("han_attacks", [True, False])
    def test_not_without_an_obstacle(self, han_attacks):
        """An unobstructed attack at range 3: nothing is offered (2 attack dice, or 2
        defense dice: agility 1 and range 3's 1)."""
        game, han = _obstructed_scene("hansolo", rock=False, han_attacks=han_attacks)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert len(rolled(game, han)) == 2


class TestL337:
    @pytest.mark.parametrize("pilot, shields, stressed", [
        ("l337", 0, False),              # unshielded: the white bank is blue
        ("l337", 3, True),               # shielded: it stays white
        ("freightercaptain", 0, True)])  # without her
    def test_unshielded_banks_are_easier(self, pilot, shields, stressed):
        """L3-37: while not shielded her bank maneuvers are 1 difficulty easier: a white
        [2 bank left] becomes blue and removes her stress token; with shields, or on another
        YT-1300, it stays white and the stress stays."""
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0), shields=shields, stress=1)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ship, "2BW")
        pass_all(game)
        assert game.state.ships[ship].stressed is stressed


class TestLandoCalrissian:
    def test_gains_a_stress_to_reroll_the_blanks(self):
        """Lando Calrissian: after rolling dice, not stressed, he may gain 1 stress token to
        reroll all his blank results: blank+hit becomes hit+hit (2 damage instead of 1)."""
        sc = Scene()
        lando = sc.ship("landocalrissian", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = engage(sc, lando, ["blank", "hit"], ["blank"] * 3, rerolls=["hit"])
        declare(game, lando, tie)
        answer(game, "use_ability", "use", lando)
        finish(game)
        assert game.state.ships[lando].stressed
        assert len(game.state.ships[tie].damage) == 2

    def test_not_while_stressed(self):
        """Stressed, he is not offered the reroll: the blank stays (1 damage)."""
        sc = Scene()
        lando = sc.ship("landocalrissian", at=(400, 300, 0), stress=1)
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = engage(sc, lando, ["blank", "hit"], ["blank"] * 3, rerolls=["hit"])
        declare(game, lando, tie)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert len(game.state.ships[tie].damage) == 1
