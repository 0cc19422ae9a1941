"""TIE/rb Heavy pilots and the Rotating Cannons ship ability: each test sets a scene, states
the card's rule and shows the ability changing the outcome (the same scene without the
card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; the TIE/rb has a medium base (60 mm),
TIE/ln fighters small ones (40 mm); range bands are 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Arc
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, modify_with, offers, pass_all, pass_until, rolled
from tests.rules.attack_helpers import targets

ENEMY_FAR = (400, 850, 180)


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["caridaacademycadet", "onyxsquadronsentry"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules alone: its turret primary
    attack at range 2 (2 dice) hits an undefended TIE twice."""
    sc = Scene()
    heavy = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(heavy, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert rolled(game, heavy) == ["hit", "hit"]
    assert len(game.state.ships[target].damage) == 2


# ---------------------------------------------------------------- Rotating Cannons
def _cannon_targets(turret, cannon="ioncannon"):
    """An Onyx Squadron Sentry at (400, 400) with ``cannon`` and its turret indicator to
    ``turret``; a TIE in front (p2.1) and one behind (p2.2), both at range 2."""
    sc = Scene()
    me = sc.ship("onyxsquadronsentry", at=(400, 400, 0), upgrades=[cannon], turret=turret)
    sc.ship("academypilot", player=2, at=(400, 600, 180))
    sc.ship("academypilot", player=2, at=(400, 200, 0))
    return {t for t in targets(sc.at(Engage(me))) if t[0] == cannon}


class TestRotatingCannons:
    def test_a_front_arc_cannon_fires_from_the_turret_arc(self):
        """Rotating Cannons: the Ion Cannon's front arc requirement is treated as the single
        turret arc: with the indicator to the rear it attacks the TIE behind, not the one
        in front; with the indicator to the front, the reverse."""
        assert _cannon_targets("rear") == {("ioncannon", "p2.2")}
        assert _cannon_targets("front") == {("ioncannon", "p2.1")}

    def test_a_bullseye_cannon_keeps_its_arc(self):
        """Only a front arc requirement changes: the Heavy Laser Cannon (bullseye arc) still
        fires at the TIE ahead, not the one behind, with the indicator to the rear."""
        assert _cannon_targets("rear", "heavylasercannon") == {("heavylasercannon", "p2.1")}

    def test_the_indicator_turns_only_front_or_rear(self):
        """RR: ROTATE - rotating from the front the only arc left is the rear (no left or
        right arc is offered: the rotation goes straight to the rear)."""
        sc = Scene()
        me = sc.ship("onyxsquadronsentry", at=(400, 400, 0))
        sc.ship("academypilot", player=2, at=ENEMY_FAR)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("rotate")
        assert game.decision.kind != "rotate_arc"
        assert game.state.ships[me].turret == (Arc.REAR,)


# ----------------------------------------------------------------------- "Rampage"
def _rampage(dial, enemy_at=(400, 560, 180), **setup):
    """Rampage at (400, 300) executes ``dial``; a TIE waits at ``enemy_at``. A [3 straight]
    brings his 60 mm base to (400, 480): the TIE at (400, 560) is at range 1 in his front
    (turret) arc."""
    sc = Scene()
    me = sc.ship("rampage", at=(400, 300, 0), **setup)
    enemy = sc.ship("academypilot", player=2, at=enemy_at)
    game = sc.game()
    game.state.ships[me].dial_set = dial
    start_at(game, Activate(me), phase="activation")
    return game, me, enemy


class TestRampage:
    def test_strains_a_ship_in_the_turret_arc(self):
        """"Rampage": after executing a speed 3-4 maneuver he may choose a ship in his turret
        arc at range 0-1: it gains 1 strain token."""
        game, me, enemy = _rampage("3FW")
        answer(game, "use_ability", enemy, me)
        assert game.state.ships[enemy].count(Token.STRAIN) == 1

    def test_two_strain_when_damaged(self):
        """Damaged, he gives 2 strain tokens."""
        game, me, enemy = _rampage("3FW")
        ship = game.state.ships[me]
        ship.damage = (*ship.damage, DamageCard("directhit", False, 99))
        answer(game, "use_ability", enemy, me)
        assert game.state.ships[enemy].count(Token.STRAIN) == 2

    def test_not_after_speed_2_or_outside_the_arc(self):
        """A speed 2 maneuver does not trigger it; with the indicator to the rear the TIE
        ahead is not in his turret arc."""
        for dial, turret in (("2FB", "front"), ("3FW", "rear")):
            game, _, enemy = _rampage(dial, turret=turret)
            assert game.decision.kind != "use_ability"
            pass_all(game)
            assert game.state.ships[enemy].count(Token.STRAIN) == 0


# --------------------------------------------------------------------- Lyttan Dree
def _lyttan(lyttan_at):
    """A Carida Academy Cadet at (400, 300) attacks a TIE at (400, 500) facing -y; Lyttan
    Dree at ``lyttan_at``."""
    sc = Scene()
    sc.ship("lyttandree", at=lyttan_at)
    friend = sc.ship("caridaacademycadet", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc.attack(friend, enemy, dice=["blank", "blank", "hit"], defense=["blank"] * 3)


class TestLyttanDree:
    def test_reroll_while_she_is_beside_the_defender(self):
        """Lyttan Dree: a friendly ship at range 0-2 attacks while she is in the defender's
        side arc: the attacker may reroll 1 attack die (a blank becomes a hit)."""
        game = _lyttan((560, 500, 0))
        assert offers(game, "lyttandree")
        modify_with(game, "lyttandree", "reroll 1 blank")
        pass_all(game)
        assert len(game.state.ships["p2.1"].damage) == 1

    def test_not_when_she_is_behind_the_attacker(self):
        """Lyttan behind the attacker is in no side arc of the defender: no reroll."""
        game = _lyttan((400, 150, 0))
        assert not offers(game, "lyttandree")
        pass_all(game)
        assert len(game.state.ships["p2.1"].damage) == 0


# ------------------------------------------------------------- Flight Leader Ubbel
def _ubbel(dice, shields=None):
    """A TIE at (400, 500) facing -y attacks an Onyx Squadron Sentry at (400, 300); Flight
    Leader Ubbel at (300, 300), the TIE in his turret (front) arc at range 2."""
    sc = Scene()
    ubbel = sc.ship("flightleaderubbel", at=(300, 300, 0))
    friend = sc.ship("onyxsquadronsentry", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, friend, dice=dice, defense=["blank"],
                     then=[])
    return game, ubbel, friend, enemy


class TestFlightLeaderUbbel:
    def test_bonus_attack_after_a_friend_is_dealt_a_damage_card(self):
        """Flight Leader Ubbel: after a friendly ship at range 0-2 defends, if it was dealt a
        damage card, he may perform a bonus attack against the attacker."""
        game, ubbel, _, enemy = _ubbel(["hit", "blank"])
        pass_until(game, "use_ability", ubbel)
        game.answer("use")
        assert game.decision.kind == "bonus_attack" and game.decision.ship == ubbel
        assert any(o.info and o.info["defender"] == enemy for o in game.decision.options)

    def test_not_after_a_miss(self):
        """The attack misses (no damage card dealt): he is not asked."""
        game, ubbel, _, _ = _ubbel(["blank", "blank"])
        kinds = []
        while game.decision is not None:
            kinds.append((game.decision.kind, game.decision.ship))
            pass_all(game, limit=1)
        assert ("use_ability", ubbel) not in kinds and ("bonus_attack", ubbel) not in kinds
