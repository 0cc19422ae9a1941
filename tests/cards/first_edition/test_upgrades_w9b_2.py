"""First-edition upgrades of the M12-L Kimogila, Phantom II, TIE Silencer, Resistance Bomber,
Saw's Renegades and TIE Reaper expansion packs, continued (system, tech, crew, illicit and
modification cards, and their conditions). Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 300 facing +y, player 2 facing it; with small
bases an enemy at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.effects import gain_token
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import StartRound
from tallon.engine.state import ConditionCard, Token
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.first_edition.helpers_1e import ever_offers, neutralized, run_to
from tests.cards.first_edition.test_pilots_w9b import (
    ACADEMY,
    BOMBER,
    REAPER,
    ROOKIE,
    SILENCER,
    UWING,
    Y,
)
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)

FIRESPRAY = "1e-firespray31-mandalorianmercenary"


def conditions(game, ship):
    return [c.card for c in game.state.ships[ship].conditions]


# ------------------------------------------------------------- Trajectory Simulator
class TestTrajectorySimulator:
    CARD = "1e-trajectorysimulator"

    def _reveal(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(BOMBER, at=(400, 300, 0), upgrades=upgrades)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, a, "2FW"), a

    def test_launches_a_bomb_with_5_straight(self):
        """Revealing its dial, a bomber with Proton Bombs may launch the bomb with the
        [5 straight] template: the token lands far ahead of it (without the card only the
        drop behind is offered)."""
        game, _a = self._reveal(["1e-protonbombs", self.CARD])
        assert game.decision.kind == "launch_device" and "launch:5F" in values(game)
        game.answer("launch:5F")
        (bomb,) = game.state.devices
        assert bomb.pose.y > 500  # launched ahead (a drop lands behind, y < 300)
        game, _a = self._reveal(["1e-protonbombs"])
        assert "launch:5F" not in values(game)

    def test_not_for_mines(self):
        """Proximity Mines (an "Action:" card) are not launched: its action drops the mine
        with the [1 straight] template only."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BOMBER, at=(400, 300, 0), upgrades=["1e-proximitymines", self.CARD])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        action = next(k for k in values(game) if "proximitymines" in k)
        game.answer(action)
        assert game.decision is None or "launch:5F" not in values(game)


# --------------------------------------------------------------- Targeting Scrambler
class TestTargetingScrambler:
    CARD = "1e-targetingscrambler"
    SCRAMBLED = "1e-scrambled"

    def _planning(self, y=Y[1]):
        sc = Scene(ruleset="1e")
        a = sc.ship(BOMBER, at=(400, 300, 0), upgrades=[self.CARD])
        e = sc.ship(ROOKIE, player=2, at=(400, y, 180))
        game = sc.game()
        start_at(game, StartRound(), phase="planning")
        return game, a, e

    def test_scrambled_enemy_cannot_modify(self):
        """Start of the Planning phase: the bomber receives a weapons disabled token and
        scrambles the X-wing at Range 1; attacking the bomber at Range 1 the X-wing cannot
        spend its focus token on its dice."""
        game, a, e = self._planning()
        decision = run_to(game, "use_ability")
        assert decision is not None and e in decision.option_keys()
        game.answer(e)
        assert game.state.ships[a].has(Token.DISARM)
        assert self.SCRAMBLED in conditions(game, e)
        ship = game.state.ships[e]
        ship.tokens[Token.FOCUS] = 1
        from tallon.engine.attack import Engage

        start_at(game, Engage(e))
        load_dice(game, ["focus", "focus", "hit"], ["blank"])
        declare(game, e, a)
        assert not ever_offers(game, "focus")
        assert game.state.ships[e].has(Token.FOCUS)

    def test_not_beyond_range_3(self):
        """The X-wing is beyond Range 3: nothing offered."""
        game, _a, _e = self._planning(y=850.0)
        assert game.decision.kind == "set_dial"


class TestScrambled:
    SCRAMBLED = "1e-scrambled"

    def _attack(self, defender_upgrades, y=Y[1]):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), focus=1,
                    conditions=[ConditionCard(self.SCRAMBLED, 2, True)])
        d = sc.ship(BOMBER, player=2, at=(400, y, 180), upgrades=defender_upgrades)
        game = engage(sc, a, ["focus", "focus", "hit"], ["blank"])
        declare(game, a, d)
        return game

    def test_may_modify_at_range_2(self):
        """Scrambled, attacking the Targeting Scrambler ship at Range 2: the focus token
        may be spent."""
        game = self._attack(["1e-targetingscrambler"], y=Y[2])
        pass_until(game, "modify_attack_dice")
        assert offers(game, "focus")

    def test_may_modify_against_another_ship(self):
        """Scrambled, attacking a bomber without the card at Range 1: the focus token may be
        spent."""
        game = self._attack([])
        pass_until(game, "modify_attack_dice")
        assert offers(game, "focus")

    def test_removed_at_end_of_combat(self):
        """The condition is removed at the end of the Combat phase."""
        from tallon.engine.queue import FireWindow

        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0),
                    conditions=[ConditionCard(self.SCRAMBLED, 2, True)])
        sc.ship(BOMBER, player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, FireWindow.of("end_activation"))
        assert self.SCRAMBLED in conditions(game, a)
        start_at(game, FireWindow.of("end_engagement"))
        pass_all(game)
        assert self.SCRAMBLED not in conditions(game, a)


# ------------------------------------------------------------------ Thrust Corrector
class TestThrustCorrector:
    CARD = "1e-thrustcorrector"

    def _attack(self, stress=0, upgrades=(CARD,)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), focus=1)
        d = sc.ship(SILENCER, player=2, at=(400, Y[2], 180), upgrades=list(upgrades),
                    stress=stress)
        game = engage(sc, a, ["hit", "hit", "crit"], ["blank"] * 3)
        declare(game, a, d)
        return game, d

    def test_cancel_all_add_evade(self):
        """Against 2 hits and a crit the Silencer (blank, blank, blank) receives a stress
        token to cancel its dice and add 1 evade: 1 hit and the crit land... and its dice
        are then beyond modification."""
        game, d = self._attack()
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, self.CARD)
        assert game.state.ships[d].count(Token.STRESS) == 1
        assert game.decision is None or game.decision.kind != "modify_defense_dice"
        pass_all(game)
        assert "1 hit(s), 1 critical" in neutralized(game)

    def test_not_with_4_stress(self):
        """With 4 stress tokens the card is not offered."""
        game, _d = self._attack(stress=4)
        assert not ever_offers(game, self.CARD)


# ----------------------------------------------------------------------------- Maul
class TestMaul:
    CARD = "1e-maul"

    def _attack(self, stress=0, dice=("blank", "blank", "hit"), rerolls=("hit", "hit")):
        sc = Scene(ruleset="1e")
        a = sc.ship(FIRESPRAY, at=(400, 300, 0), upgrades=[self.CARD], stress=stress)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2] + 20, 180))
        game = engage(sc, a, list(dice), ["blank"] * 3, rerolls=list(rerolls))
        declare(game, a, d)
        return game, a

    def test_stress_per_die_rerolled(self):
        """The Firespray rerolls its 2 blanks into hits with Maul: it receives 2 stress
        tokens; the attack hits, so it then removes 1 of them."""
        game, a = self._attack()
        pass_until(game, "modify_attack_dice", a)
        assert "1e-maul:reroll=blank,blank" in values(game)
        game.answer("1e-maul:reroll=blank,blank")
        assert game.state.ships[a].count(Token.STRESS) == 2
        decision = run_to(game, "use_ability")
        assert decision is not None and decision.ship == a
        game.answer("use")
        assert game.state.ships[a].count(Token.STRESS) == 1

    def test_not_while_stressed(self):
        """A stressed Firespray cannot use Maul's reroll."""
        game, _a = self._attack(stress=1)
        assert not ever_offers(game, self.CARD)


# ------------------------------------------------------- Multi-spectral Camouflage
class TestMultiSpectralCamouflage:
    CARD = "1e-multispectralcamouflage"

    def _locked(self, face, upgrades=(CARD,), first_lock=False):
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=list(upgrades))
        t = sc.ship(SILENCER, player=2, at=(400, Y[2], 180))
        sc.ship(SILENCER, player=2, at=(300, Y[2], 180), locks=[x] if first_lock else [])
        game = sc.at(PerformAction(t, during_activation=True), phase="activation")
        load_dice(game, (), (), then=faces(DieKind.DEFENSE, [face]))
        game.answer("lock")
        game.answer(x)
        pass_all(game)
        return game, x, t

    def test_evade_removes_the_lock(self):
        """The Silencer locks the X-wing (its lock action): it rolls an evade and the lock is
        removed (without the card the lock stays)."""
        game, x, t = self._locked("evade")
        assert x not in game.state.ships[t].locks
        game, x, t = self._locked("evade", upgrades=())
        assert x in game.state.ships[t].locks

    def test_blank_keeps_it(self):
        """It rolls a blank: the lock stays."""
        game, x, t = self._locked("blank")
        assert x in game.state.ships[t].locks

    def test_not_with_a_second_lock(self):
        """Another Silencer already has a lock on it: no roll, both locks stay."""
        game, x, t = self._locked("evade", first_lock=True)
        assert x in game.state.ships[t].locks


# ------------------------------------------------------------------ Advanced Optics
class TestAdvancedOptics:
    CARD = "1e-advancedoptics"

    def test_at_most_one_focus(self):
        """With a focus token the Silencer is assigned another: it keeps 1 (without the
        card 2)."""
        for upgrades, count in (([self.CARD], 1), ([], 2)):
            sc = Scene(ruleset="1e")
            a = sc.ship(SILENCER, at=(400, 300, 0), upgrades=upgrades, focus=1)
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = sc.game()
            start_at(game, phase="activation")
            gain_token(game, game.state.ships[a], Token.FOCUS)
            game._advance()
            pass_all(game)
            assert game.state.ships[a].count(Token.FOCUS) == count

    def test_keeps_focus_in_end_phase(self):
        """End phase: its unused focus token stays (another Silencer's goes)."""
        from tallon.engine.rounds import EndPhase

        sc = Scene(ruleset="1e")
        a = sc.ship(SILENCER, at=(400, 300, 0), upgrades=[self.CARD], focus=1)
        b = sc.ship(SILENCER, at=(200, 300, 0), focus=1)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, EndPhase(), phase="end")
        pass_all(game)
        assert game.state.ships[a].has(Token.FOCUS)
        assert not game.state.ships[b].has(Token.FOCUS)


# -------------------------------------------------------------------- Courier Droid
class TestCourierDroid:
    CARD = "1e-courierdroid"

    def _setup(self, answer):
        sc = Scene(ruleset="1e")
        sc.ship(UWING, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship("1e-uwing-bluesquadronpathfinder", at=(200, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = Game(GameSetup(squads=sc._squads(), seed=1, ruleset="1e", cards=sc.cards))
        placed = []
        asked = False
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "use_ability" and "8" in d.option_keys():
                asked = True
                game.answer(answer)
                continue
            if d.kind == "place_ship":
                placed.append(d.ship)
            game.answer(d.options[0].key)
        return game, placed, asked

    def test_pilot_skill_8_places_last(self):
        """The Partisan Renegade (pilot skill 1) with the droid treats its skill as 8: it is
        placed after the Blue Squadron Pathfinder (skill 2); its skill is 1 again after
        Place Forces."""
        game, placed, asked = self._setup("8")
        assert asked
        p1 = [s for s in placed if s.startswith("p1")]
        assert p1 == ["p1.2", "p1.1"]
        assert game.state.ships["p1.1"].current_initiative == 1

    def test_declined_keeps_order(self):
        """Declined: the Renegade (skill 1) is placed first."""
        _game, placed, _asked = self._setup("decline")
        assert [s for s in placed if s.startswith("p1")] == ["p1.1", "p1.2"]


# ------------------------------------------------------------------ Director Krennic
class TestDirectorKrennic:
    CARD = "1e-directorkrennic"
    PROTOTYPE = "1e-optimizedprototype"

    def _setup(self, friend=REAPER):
        sc = Scene(ruleset="1e")
        sc.ship(REAPER, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship(friend, at=(300, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = Game(GameSetup(squads=sc._squads(), seed=1, ruleset="1e", cards=sc.cards))
        chosen = None
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "use_ability" and "p1.2" in d.option_keys():
                chosen = "p1.2"
                game.answer("p1.2")
                continue
            game.answer(d.options[0].key)
        return game, chosen

    def test_prototype_gains_a_shield(self):
        """Setup: Krennic assigns Optimized Prototype to the other Reaper: its shield value
        is 3 (2 printed), all active."""
        game, chosen = self._setup()
        ship = game.state.ships["p1.2"]
        assert chosen == "p1.2" and self.PROTOTYPE in [c.card for c in ship.conditions]
        assert ship.shields == ship.shield_limit == 3

    def test_not_on_a_ship_with_more_than_3_shields(self):
        """The other friendly Imperial ship is a Lambda shuttle (5 shields): it is never
        offered; the condition goes on Krennic's own Reaper (2 shields, now 3)."""
        sc = Scene(ruleset="1e")
        sc.ship(REAPER, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship("1e-lambdaclassshuttle-omicrongrouppilot", at=(250, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = Game(GameSetup(squads=sc._squads(), seed=1, ruleset="1e", cards=sc.cards))
        while game.decision is not None and game.state.phase == "setup":
            assert not (game.decision.kind == "use_ability"
                        and "p1.2" in game.decision.option_keys())
            game.answer(game.decision.options[0].key)
        assert self.PROTOTYPE in [c.card for c in game.state.ships["p1.1"].conditions]
        assert not game.state.ships["p1.2"].conditions
        assert game.state.ships["p1.1"].shield_limit == 3


class TestOptimizedPrototype:
    PROTOTYPE = "1e-optimizedprototype"

    def _attack(self, krennic_x=300.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(REAPER, at=(400, 300, 0),
                    conditions=[ConditionCard(self.PROTOTYPE, 1, True)])
        sc.ship(REAPER, at=(krennic_x, 300, 0), upgrades=["1e-directorkrennic"])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "hit", "hit"], ["blank"] * 3)
        declare(game, a, d)
        return game, a, d

    def test_spend_a_blank_to_strip_a_shield(self):
        """The Reaper spends its blank result: the X-wing loses a shield, then the 2 hits
        take its other one and deal a card."""
        game, a, d = self._attack()
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.PROTOTYPE)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.shields == 0 and len(ship.damage) == 1

    def test_krennic_locks_the_defender(self):
        """After the primary attack, the Reaper with Krennic at Range 1 may lock the
        defender; beyond Range 2 it is not asked."""
        game, _a, d = self._attack()
        decision = run_to(game, "use_ability")
        assert decision is not None
        game.answer("use")
        assert d in game.state.ships["p1.2"].locks
        game, _a, d = self._attack(krennic_x=20.0)
        assert run_to(game, "use_ability") is None
