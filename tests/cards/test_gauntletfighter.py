"""Gauntlet Fighter pilots (Rebel Alliance, Galactic Empire) and the Swivel Wing
configuration: each card in a scene built for it, compared with the same scene without the
card (or where it must not act).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.pilots.gauntletfighter import BOKATAN_CIS
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.rounds import Activate, StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    answer,
    attack,
    dice_count,
    finish,
    modify_with,
    offers,
    pass_all,
    skip_dice,
    values,
)


class TestChopperGauntletFighter:
    def scene(self, enemy_y: float):
        sc = Scene()
        sc.ship("chopper-gauntletfighter", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
        return sc.at(StartEngagement()), enemy

    def test_enemy_at_range_0_gains_two_jam_tokens(self):
        """At the start of the Engagement Phase an enemy touching Chopper's large base
        gains 2 jam tokens."""
        game, enemy = self.scene(358)
        assert game.state.ships[enemy].count(Token.JAM) == 2

    def test_not_an_enemy_at_range_1(self):
        """An enemy a few millimetres away (range 1) gains none."""
        game, enemy = self.scene(370)
        assert not game.state.ships[enemy].has(Token.JAM)


class TestEzraBridgerGauntletFighter:
    def scene(self, stress: int):
        sc = Scene()
        ezra = sc.ship("ezrabridger-gauntletfighter", at=(400, 300, 0),
                       tokens={"stress": stress})
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.attack(ezra, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", ezra)
        return game, ezra, tie

    def test_stressed_changes_two_focus_results(self):
        """Stressed, Ezra spends his Force to change his 2 focus results to hits: the TIE
        suffers 2 damage; passing, none."""
        game, ezra, tie = self.scene(1)
        assert offers(game, "ezrabridger-gauntletfighter")
        modify_with(game, "ezrabridger-gauntletfighter", "change 2 focus to hit")
        finish(game)
        assert game.state.ships[ezra].force == 0
        assert len(game.state.ships[tie].damage) == 2

    def test_not_while_unstressed(self):
        """Unstressed he is not offered the change."""
        game, ezra, tie = self.scene(0)
        assert not offers(game, "ezrabridger-gauntletfighter")
        finish(game)
        assert game.state.ships[ezra].force == 1 and not game.state.ships[tie].damage


# ------------------------------------------------------------------ Swivel Wing
def swivel_game(pilot: str, dial: str, up: bool = False, stress: int = 0):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=["swivelwing"], stress=stress)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    if up:
        flip_upgrade(game, game.state.ships[ship], "swivelwing")
    game.state.ships[ship].dial_set = dial
    start_at(game, Activate(ship), phase="activation")
    return game, ship


def wing_side(game, ship: str) -> int:
    return next(side for kind, xws, side in game.state.ships[ship].cards if xws == "swivelwing")


class TestSwivelWing:
    def test_down_rotates_after_a_stationary_maneuver_then_flips_up(self):
        """Swivel Wing (Down): after executing a [0 stop] maneuver the ship may rotate 90
        or 180 degrees; if it does, the card flips to (Up)."""
        game, ship = swivel_game("imperialsupercommando", "0OR")
        assert values(game) == ["left", "right", "around", "decline"]
        answer(game, "use_ability", "around", ship)
        assert game.state.ships[ship].pose.heading == pytest.approx(180.0)
        assert wing_side(game, ship) == 1

    def test_down_declined_keeps_heading_and_side(self):
        game, ship = swivel_game("imperialsupercommando", "0OR")
        answer(game, "use_ability", "decline", ship)
        assert game.state.ships[ship].pose.heading == pytest.approx(0.0)
        assert wing_side(game, ship) == 0

    def test_down_not_after_a_moving_maneuver(self):
        """After a [2 straight] maneuver (Down side) nothing is offered but the action."""
        game, ship = swivel_game("imperialsupercommando", "2FB")
        assert game.decision.kind == "perform_action"
        assert wing_side(game, ship) == 0

    def test_up_may_flip_down_after_a_full_moving_maneuver(self):
        """Swivel Wing (Up): after fully executing a maneuver that is not stationary, the
        ship may flip the card back to (Down)."""
        game, ship = swivel_game("imperialsupercommando", "2FB", up=True)
        answer(game, "use_ability", "use", ship)
        assert wing_side(game, ship) == 0

    def test_up_not_after_a_stationary_maneuver(self):
        game, ship = swivel_game("imperialsupercommando", "0OR", up=True)
        assert "use_ability" not in pass_all(game)
        assert wing_side(game, ship) == 1

    @pytest.mark.parametrize("up, count", [(False, 2), (True, 1)])
    def test_up_rolls_one_fewer_defense_die(self, up, count):
        """Swivel Wing (Up): while defending the ship rolls 1 fewer defense die (agility 2
        at range 2: 2 dice down, 1 up)."""
        sc = Scene()
        enemy = sc.ship("academypilot", at=(400, 300, 0))
        gauntlet = sc.ship("imperialsupercommando", player=2, at=(400, 540, 180),
                           upgrades=["swivelwing"])

        def wing(game):
            if up:
                flip_upgrade(game, game.state.ships[gauntlet], "swivelwing")

        game = attack(sc, enemy, gauntlet, ["hit", "hit"], ["blank", "blank"], before=wing)
        pass_all(game)
        assert dice_count(game, 1) == count


# ----------------------------------------------------------------- Captain Hark
class TestCaptainHark:
    def test_sideslips_instead_of_the_stationary_maneuver_then_flips_the_wing(self):
        """Captain Hark: after revealing a [0 stop] maneuver with Swivel Wing (Down), he
        must execute a [1 bank] sideslip of the same difficulty (red: a stress token)
        instead, then flip Swivel Wing to (Up). A left sideslip lays the template on the
        right side (RR: SIDESLIP): he ends to the right, turned 45 degrees."""
        game, hark = swivel_game("captainhark", "0OR")
        assert values(game) == ["left", "right"]  # no "decline": he must
        answer(game, "replacement", "left", hark)
        ship = game.state.ships[hark]
        assert ship.pose.x > 450 and ship.pose.heading == pytest.approx(315.0)
        assert ship.count(Token.STRESS) == 1
        assert wing_side(game, hark) == 1

    def test_with_the_wing_up_he_executes_the_stationary_maneuver(self):
        """With Swivel Wing (Up) the [0 stop] maneuver is executed as revealed: he stays."""
        game, hark = swivel_game("captainhark", "0OR", up=True)
        pass_all(game)
        ship = game.state.ships[hark]
        assert (ship.pose.x, ship.pose.y) == pytest.approx((400.0, 300.0))
        assert wing_side(game, hark) == 1

    def test_stressed_he_executes_the_stress_maneuver(self):
        """Stressed, the red [0 stop] (and so the red sideslip) can't be executed: he
        executes the white [2 straight] stress maneuver, and the wing is not flipped."""
        game, hark = swivel_game("captainhark", "0OR", stress=1)
        assert "replacement" not in pass_all(game)
        ship = game.state.ships[hark]
        assert ship.pose.y > 400 and ship.pose.x == pytest.approx(400.0)
        assert wing_side(game, hark) == 0

    def test_not_for_another_maneuver(self):
        """A revealed [2 straight] is executed as it is; the wing stays (Down)."""
        game, hark = swivel_game("captainhark", "2FB")
        assert game.decision.kind == "perform_action"
        assert game.state.ships[hark].pose.x == pytest.approx(400.0)
        assert wing_side(game, hark) == 0


# -------------------------------------------------------------------- Gar Saxon
def gar_game(enemy_heading: float, gar_x: float = 550):
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0))
    gar = sc.ship("garsaxon", at=(gar_x, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, enemy_heading))
    return attack(sc, tie, enemy, ["hit"] * 3, ["blank"] * 3), gar


class TestGarSaxon:
    def test_a_friend_in_the_defenders_rear_arc_rolls_one_more_die(self):
        """Gar Saxon: a friendly ship at range 0-2 of him performs a primary attack from
        the defender's rear arc: he may spend 1 charge so it rolls 1 additional die (3
        instead of 2 at range 2)."""
        game, gar = gar_game(0)
        answer(game, "use_ability", "use", gar)
        pass_all(game)
        assert dice_count(game, 0) == 3
        assert game.state.ships[gar].charges["garsaxon"].active == 1

    def test_declined_two_dice(self):
        game, gar = gar_game(0)
        answer(game, "use_ability", "decline", gar)
        pass_all(game)
        assert dice_count(game, 0) == 2

    def test_not_from_the_defenders_front(self):
        """The defender faces the attacker (not its rear arc): not asked, 2 dice."""
        game, _ = gar_game(180)
        assert "use_ability" not in pass_all(game)
        assert dice_count(game, 0) == 2

    def test_not_beyond_range_2_of_gar(self):
        """Gar beyond range 2 of the attacker: not asked."""
        game, _ = gar_game(0, gar_x=800)
        assert "use_ability" not in pass_all(game)
        assert dice_count(game, 0) == 2



# ================================================================ Scum: Rook Kast
class TestRookKast:
    @staticmethod
    def scene(strain: str):
        sc = Scene()
        rook = sc.ship("rookkast", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 510, 180))
        game = sc.at(Engage(rook))
        answer(game, "use_ability", strain, rook)
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, rook, tie)
        return game, rook, tie

    def test_strained_a_blank_becomes_a_hit(self):
        """Before engaging Rook gains a strain token; in his primary attack he changes a
        blank result to a hit: the TIE suffers 1 damage."""
        game, rook, tie = self.scene("use")
        assert game.state.ships[rook].count(Token.STRAIN) == 1
        skip_dice(game, "modify_attack_dice", rook)
        modify_with(game, "rookkast")
        skip_dice(game)
        assert len(game.state.ships[tie].damage) == 1

    def test_not_strained_no_change(self):
        """He declines the strain token: no change is offered, 3 blanks miss."""
        game, _rook, tie = self.scene("decline")
        assert not offers(game, "rookkast")
        skip_dice(game)
        assert not game.state.ships[tie].damage


# ============================================================ Republic: Bo-Katan
class TestBoKatanKryze:
    @staticmethod
    def scene(tie_x: float = 400):
        sc = Scene()
        bo = sc.ship("bokatankryze", at=(400, 100, 0))
        friend = sc.ship("niteowlliberator", at=(650, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(tie_x, 470, 180))
        sc.ship("academypilot", player=2, at=(150, 700, 180))
        game = sc.game()
        game.state.ships[bo].dial_set = "2FB"
        start_at(game, Activate(bo), phase="activation")
        return game, bo, friend, tie

    def test_a_friend_locks_the_chosen_ship(self):
        """After her [2 straight] a TIE is in her front arc at range 1-2: she gains a deplete
        token to choose it, and the friendly Gauntlet performs a lock action that can only
        lock that TIE."""
        game, bo, friend, tie = self.scene()
        assert values(game) == [tie, "decline"]
        answer(game, "use_ability", tie, bo)
        assert game.state.ships[bo].count(Token.DEPLETE) == 1
        answer(game, "use_ability", f"friend:{friend}", bo)
        answer(game, "perform_action", "lock", friend)
        # the other TIE is in range of the friend too, but not offered
        assert values(game) == [tie]
        answer(game, "lock_target", tie, friend)
        assert game.state.ships[friend].locks == [tie]

    def test_declined_no_deplete_no_lock(self):
        """Declining: no deplete token, the friend locks nothing."""
        game, bo, friend, _tie = self.scene()
        answer(game, "use_ability", "decline", bo)
        assert not game.state.ships[bo].has(Token.DEPLETE)
        assert not game.state.ships[friend].locks

    def test_nothing_in_the_front_arc(self):
        """No object in her front arc at range 1-2: nothing to choose, no deplete token."""
        game, bo, _friend, _tie = self.scene(tie_x=850)
        assert game.decision.kind == "perform_action"
        assert not game.state.ships[bo].has(Token.DEPLETE)


# ========================================================== Separatist: Bo-Katan
class TestBoKatanKryzeSeparatist:
    @staticmethod
    def scene(**tokens):
        sc = Scene()
        bo = sc.ship("bokatankryze-separatistalliance", at=(400, 300, 0))
        friend = sc.ship("deathwatchwarrior", at=(600, 300, 0), **tokens)
        sc.ship("academypilot", player=2, at=(150, 800, 180))
        game = sc.game()
        game.state.ships[friend].dial_set = "3FW"
        start_at(game, Activate(friend), phase="activation")
        return game, bo, friend

    def test_strain_to_remove_a_jam_token(self):
        """Before a friendly Gauntlet with a stress and a jam token activates, Bo-Katan
        spends her charge: it gains a strain token to remove the jam token (the stress token
        is not offered)."""
        game, bo, friend = self.scene(stress=1, jam=1)
        answer(game, "use_ability", "use", bo)
        assert values(game) == ["token:jam", "decline"]
        answer(game, "use_ability", "token:jam", friend)
        ship = game.state.ships[friend]
        assert ship.count(Token.STRAIN) == 1 and not ship.has(Token.JAM)
        assert ship.count(Token.STRESS) == 1
        assert game.state.ships[bo].charges[BOKATAN_CIS].active == 0

    def test_not_with_only_stress(self):
        """The friend has only a stress token: nothing to remove, not asked; the charge
        stays."""
        game, bo, friend = self.scene(stress=1)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[bo].charges[BOKATAN_CIS].active == 1
        assert not game.state.ships[friend].has(Token.STRAIN)


# ========================================================= Separatist: Pre Vizsla
class TestPreVizsla:
    @staticmethod
    def scene(enemy: str):
        sc = Scene()
        pre = sc.ship("previzsla", at=(400, 300, 0))
        target = sc.ship(enemy, player=2, at=(400, 510, 180))
        game = attack(sc, pre, target, ["blank"] * 4, ["blank"] * 3)
        return game, pre

    def test_two_charges_for_a_die_against_equal_initiative(self):
        """Pre Vizsla (initiative 3) attacks an X-wing of initiative 3: he spends 2 charges
        to roll 4 dice instead of 3."""
        game, pre = self.scene("redsquadronveteran")
        answer(game, "use_ability", "use", pre)
        pass_all(game)
        assert dice_count(game, 0) == 4
        assert game.state.ships[pre].charges["previzsla"].active == 0

    def test_not_against_lower_initiative(self):
        """The TIE has initiative 1: not asked, 3 dice."""
        game, pre = self.scene("academypilot")
        assert "use_ability" not in pass_all(game)
        assert dice_count(game, 0) == 3
        assert game.state.ships[pre].charges["previzsla"].active == 2


# ===================================================================== Scum: Maul
class TestMaul:
    @staticmethod
    def scene(first: str = "shadowcollectiveoperator"):
        sc = Scene()
        maul = sc.ship("maul", at=(400, 300, 0))
        one = sc.ship(first, at=(600, 300, 0))
        two = sc.ship("bountyhunter", at=(400, 150, 0))
        sc.ship("academypilot", player=2, at=(150, 850, 180))
        game = sc.at(PerformAction(maul, during_activation=True), phase="activation")
        answer(game, "perform_action", "coordinate", maul)
        answer(game, "coordinate_target", one, maul)
        return game, maul, one, two

    def test_force_white_coordinate_and_a_second_ship(self):
        """Maul (initiative 5) coordinates a Gauntlet of initiative 1: he spends 1 Force, the
        red coordinate becomes white (no stress), the Gauntlet gains a strain token and
        focuses; then he coordinates a Firespray (initiative 2), which gains a strain token
        and focuses too."""
        game, maul, one, two = self.scene()
        answer(game, "use_ability", "use", maul)
        answer(game, "perform_action", "focus", one)
        assert values(game) == [two, "decline"]
        answer(game, "use_ability", two, maul)
        answer(game, "perform_action", "focus", two)
        ships = game.state.ships
        assert ships[maul].force == 2 and not ships[maul].stressed
        for ship in (one, two):
            assert ships[ship].count(Token.STRAIN) == 1
            assert ships[ship].count(Token.FOCUS) == 1

    def test_declined_a_red_coordinate(self):
        """Declining: the coordinate stays red (Maul is stressed), no strain, no second
        ship."""
        game, maul, one, two = self.scene()
        answer(game, "use_ability", "decline", maul)
        answer(game, "perform_action", "focus", one)
        ships = game.state.ships
        assert ships[maul].stressed and ships[maul].force == 3
        assert not ships[one].has(Token.STRAIN) and not ships[two].has(Token.FOCUS)

    def test_not_for_a_ship_of_higher_initiative(self):
        """The chosen ship is Boba Fett, of initiative 5 like Maul: not lower, so the
        ability is not offered and the coordinate stays red."""
        game, maul, one, _two = self.scene(first="bobafett")
        assert game.decision.kind == "perform_action" and game.decision.ship == one
        answer(game, "perform_action", "focus", one)
        assert game.state.ships[maul].stressed
