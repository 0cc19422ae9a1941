"""Escape Craft pilots and the ship abilities Co-Pilot and Rigged Energy Cells: each card in
a scene built for it, compared with the same scene without the ability (or where it must
not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm; the Escape Craft and a TIE have small bases (40 mm), the YT-1300 a large one.

Co-Pilot is tested with Han Solo's Customized YT-1300 carrying Lando's Millennium Falcon,
which lets 1 Escape Craft dock."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.docking import DockingTurn, to_reserve
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import SystemTurn
from tallon.scene import Scene, declare, stack_deck, start_at
from tests.cards.helpers import Hurt, activation, answer, engage, pass_all


def _docked_scene(craft: str):
    sc = Scene()
    han = sc.ship("hansolo", at=(400, 300, 0), upgrades=["landosmillenniumfalcon"])
    ec = sc.ship(craft, at=(700, 100, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
    game = sc.game()
    state = game.state
    to_reserve(game, state.ships[ec], state.ships[han], "a test")
    return game, han, ec, tie


class TestCoPilot:
    def test_the_carrier_has_the_docked_pilot_ability(self):
        """Co-Pilot: while Lando Calrissian's Escape Craft is docked, its carrier (Han Solo's
        YT-1300) has Lando's pilot ability: after rolling blank+hit Han may gain 1 stress
        token to reroll the blank."""
        game, han, _ec, tie = _docked_scene("landocalrissian-escapecraft")
        start_at(game, Engage(han), phase="engagement")
        declare(game, han, tie)
        answer(game, "use_ability", "use", han)
        assert game.state.ships[han].stressed

    def test_not_after_it_deploys(self):
        """Once the craft deploys (System Phase, from the rear guides) the carrier no longer
        has the ability: nothing is offered after the roll."""
        game, han, ec, tie = _docked_scene("landocalrissian-escapecraft")
        start_at(game, DockingTurn(ec), phase="system")
        answer(game, "dock_or_deploy", "rear:1FB", ec)
        pass_all(game)
        assert game.state.ships[ec].body is not None
        start_at(game, Engage(han), phase="engagement")
        declare(game, han, tie)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[han].stressed

    def test_a_craft_without_co_pilot_lends_nothing(self):
        """The Autopilot Drone has no Co-Pilot: docked, its carrier gains no pilot card
        (where a docked Lando's craft lends its own)."""
        game, han, _ec, _tie = _docked_scene("autopilotdrone")
        assert ("pilot", "autopilotdrone", 0) not in game.state.ships[han].cards
        game, han, _ec, _tie = _docked_scene("landocalrissian-escapecraft")
        assert ("pilot", "landocalrissian-escapecraft", 0) in game.state.ships[han].cards


class TestRiggedEnergyCells:
    def scene(self, charges: int):
        sc = Scene()
        drone = sc.ship("autopilotdrone", at=(400, 300, 0),
                        charges={"autopilotdrone": charges})
        near = sc.ship("academypilot", player=2, at=(400, 400, 180))   # range 1
        far = sc.ship("academypilot", player=2, at=(400, 560, 180))    # range 2
        game = sc.game()
        stack_deck(game, 2, ["weaponsfailure", "weaponsfailure"])
        return game, drone, near, far

    def test_loses_a_charge_in_the_system_phase(self):
        """Rigged Energy Cells: during the System Phase, not docked, the drone loses 1
        charge (3 to 2)."""
        game, drone, _, _ = self.scene(3)
        start_at(game, SystemTurn(drone), phase="system")
        pass_all(game)
        assert game.state.ships[drone].charges["autopilotdrone"].active == 2

    @pytest.mark.parametrize("charges, blown", [(0, True), (1, False)])
    def test_no_charge_at_the_end_of_activation_blows_it_up(self, charges, blown):
        """At the end of the Activation Phase with 0 charges the drone is destroyed, and
        before it is removed each ship at range 0-1 suffers 1 critical damage (the TIE at
        range 1, not the one at range 2); with 1 charge left nothing happens."""
        game, drone, near, far = self.scene(charges)
        start_at(game, FireWindow.of("end_activation"), phase="activation")
        pass_all(game)
        assert game.state.ships[drone].destroyed is blown
        assert len(game.state.ships[near].damage) == (1 if blown else 0)
        assert not game.state.ships[far].damage

    def test_no_blast_when_shot_down(self):
        """RR: FAQ - destroyed another way (damage), the drone deals no critical damage
        around it."""
        game, drone, near, _ = self.scene(3)
        start_at(game, Hurt(drone, hits=4), phase="activation")
        pass_all(game)
        assert game.state.ships[drone].destroyed
        assert not game.state.ships[near].damage


class TestL337EscapeCraft:
    @pytest.mark.parametrize("shields, stressed", [(0, False), (2, True)])
    def test_unshielded_banks_are_easier(self, shields, stressed):
        """L3-37 (Escape Craft): not shielded, her white [2 bank left] is blue and removes
        her stress token; shielded it stays white."""
        sc = Scene()
        ship = sc.ship("l337-escapecraft", at=(400, 300, 0), shields=shields, stress=1)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ship, "2BW")
        pass_all(game)
        assert game.state.ships[ship].stressed is stressed


class TestLandoCalrissianEscapeCraft:
    @pytest.mark.parametrize("stress, damage", [(0, 2), (1, 1)])
    def test_stress_to_reroll_the_blanks(self, stress, damage):
        """Lando Calrissian (Escape Craft): not stressed, after rolling blank+hit he gains 1
        stress token to reroll the blank (2 damage); stressed he can't (1 damage)."""
        sc = Scene()
        lando = sc.ship("landocalrissian-escapecraft", at=(400, 300, 0), stress=stress)
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        game = engage(sc, lando, ["blank", "hit"], ["blank"] * 3, rerolls=["hit"])
        declare(game, lando, tie)
        if not stress:
            answer(game, "use_ability", "use", lando)
        pass_all(game)
        assert len(game.state.ships[tie].damage) == damage


class TestOuterRimPioneer:
    @pytest.mark.parametrize("pioneer_at, attacks", [((480, 300, 0), True),    # range 1
                                                     ((700, 300, 0), False)])  # range 3
    def test_a_friend_on_an_asteroid_may_attack(self, pioneer_at, attacks):
        """Outer Rim Pioneer: friendly ships at range 0-1 can attack at range 0 of
        obstacles: a Y-wing sitting on an asteroid may declare its attack with the pioneer
        at range 1, not with it at range 3 (RR: OBSTACLES)."""
        sc = Scene()
        ywing = sc.ship("hiredgun", at=(400, 300, 0))
        sc.ship("outerrimpioneer", at=pioneer_at)
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        sc.obstacle("core2asteroid5", 400, 300)
        game = engage(sc, ywing, ["blank"] * 2, ["blank"] * 3)
        d = game.decision
        offered = d is not None and d.kind == "declare_attack" and any(
            k.endswith("@" + tie) for k in d.option_keys())
        assert offered is attacks
