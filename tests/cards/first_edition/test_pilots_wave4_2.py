"""First-edition wave 4 pilots, continued (E-wing, TIE Phantom, A-wing, B-wing; the TIE
Interceptor, Z-95, TIE Defender and the first E-wing pilot are in test_pilots_wave4.py).
Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y,
player 2 facing it; with small bases 380 / 490 / 550 mm put a ship ahead of one at y = 300
at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEndPhase
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice
from tests.cards.first_edition.helpers_1e import attack_to_end, neutralized
from tests.cards.first_edition.test_pilots_wave4 import (
    ACADEMY,
    ROOKIE,
    Y,
    duel,
)
from tests.cards.helpers import (
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)


# ------------------------------------------------------------------- Corran Horn
class TestCorranHorn:
    CORRAN = "1e-ewing-corranhorn"

    def _end_phase(self, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.CORRAN, at=(400, 300, 0), **setup)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(StartEndPhase(), phase="end")
        return game, a, d

    def test_attacks_at_the_start_of_the_end_phase(self):
        """At the start of the End phase Corran may attack; he attacks the TIE."""
        game, a, d = self._end_phase()
        assert game.decision.kind == "use_ability" and game.decision.ship == a
        game.answer("use")
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[d].damage

    def test_cannot_attack_the_next_round(self):
        """After his End phase attack he cannot attack during the next round: in the next
        Combat phase no attack is offered."""
        game, a, d = self._end_phase()
        game.answer("use")
        load_dice(game, ["blank"] * 4, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        game.state.round += 1
        from tallon.scene import start_at

        start_at(game, Engage(a))
        assert game.decision is None or not any(
            o.info and o.info.get("defender") == d for o in game.decision.options)

    def test_attacks_normally_without_using_it(self):
        """Declining, he attacks normally next round (nothing remembered)."""
        game, a, _d = self._end_phase()
        game.answer("decline")
        pass_all(game)
        game.state.round += 1
        from tallon.scene import start_at

        start_at(game, Engage(a))
        assert game.decision is not None and game.decision.kind == "declare_attack"

    def test_faq_before_focus_and_evade_are_removed(self):
        """FAQ (1e), Corran Horn: the attack comes before the End phase removes focus and
        evade tokens: his focus token is still there to spend."""
        game, a, d = self._end_phase(focus=1)
        game.answer("use")
        load_dice(game, ["focus"] * 4, ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "focus")

    def test_faq_two_corrans_the_destroyed_one_still_attacks(self):
        """FAQ (1e), Corran Horn: two Corran Horns; player 1 (initiative) attacks first and
        destroys the other: he is not removed and still has his own End phase attack."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.CORRAN, at=(400, 300, 0))
        b = sc.ship(self.CORRAN, player=2, at=(400, Y[2], 180), shields=0, hull=1)
        game = sc.at(StartEndPhase(), phase="end")
        assert game.decision.ship == a
        game.answer("use")
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        declare(game, a, b)
        pass_until(game, "use_ability", b)
        assert game.state.ships[b].destroyed and not game.state.ships[b].removed
        game.answer("use")
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        declare(game, b, a)
        pass_all(game)
        assert game.state.ships[a].shields < 3


# ------------------------------------------------------------------------ "Echo"
class TestEcho:
    ECHO = "1e-tiephantom-echo"
    SIGMA = "1e-tiephantom-sigmasquadronpilot"

    def _decloak(self, pilot, blocker_at=None):
        from tallon.engine.movement import Decloak

        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), cloak=1)
        sc.ship(ROOKIE, player=2, at=blocker_at or (400, 850, 180))
        return sc.at(Decloak(a), phase="system"), a

    def test_decloaks_with_bank_templates_only(self):
        """Echo decloaking is offered the [2 bank] boosts and bank barrel rolls, never the
        [2 straight]; a Sigma Squadron Pilot is offered the straight ones."""
        game, _ = self._decloak(self.ECHO)
        keys = set(values(game))
        assert {"bank_left", "bank_right", "left:bank_forward", "right:bank_backward"} <= keys
        assert not keys & {"boost", "left", "right"}
        game, _ = self._decloak(self.SIGMA)
        keys = set(values(game))
        assert {"boost", "left", "right"} <= keys and "bank_left" not in keys

    def test_bank_boost_turns_her_45_degrees(self):
        """A [2 bank right] boost decloak: she ends ahead to the right, turned 45 degrees."""
        game, a = self._decloak(self.ECHO)
        game.answer("bank_right")
        pass_all(game)
        ship = game.state.ships[a]
        assert not ship.has(Token.CLOAK)
        assert ship.pose.x > 400 and ship.pose.y > 300 and round(ship.pose.heading) == 45

    def test_bank_barrel_roll(self):
        """A barrel roll to the right with the [2 bank] curving forward: she ends to the
        right, turned 45 degrees to the left."""
        game, a = self._decloak(self.ECHO)
        game.answer("right:bank_forward")
        game.answer("middle")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.pose.x > 480 and round(ship.pose.heading) == 315

    def test_faq_only_decloaks_that_can_be_placed(self):
        """FAQ (1e), "Echo": she must decloak as declared if she can; a decloak that cannot
        be placed is not declared (she may choose another or stay cloaked): an enemy
        where the [2 bank right] boost would end removes that option only."""
        game, _a = self._decloak(self.ECHO, blocker_at=(470, 420, 180))
        keys = set(values(game))
        assert "bank_right" not in keys and "bank_left" in keys and "pass" in keys


# ---------------------------------------------------------------------- "Whisper"
class TestWhisper:
    WHISPER = "1e-tiephantom-whisper"

    def test_focus_after_a_hit(self):
        """Whisper's attack hits: she may assign herself a focus token."""
        sc, a, d = duel(self.WHISPER, defender=ROOKIE)
        game = attack_to_end(sc, a, d, ["hit"] * 4, ["blank"] * 2)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert game.state.ships[a].has(Token.FOCUS)

    def test_not_after_a_miss(self):
        """Her attack misses: nothing offered."""
        sc, a, d = duel(self.WHISPER, defender=ROOKIE)
        game = attack_to_end(sc, a, d, ["blank"] * 4, ["blank"] * 2)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].has(Token.FOCUS)


# ------------------------------------------------------------------ Jake Farrell
class TestJakeFarrell:
    JAKE = "1e-awing-jakefarrell"

    def _act(self, pilot):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        return game, a

    def test_focus_action_then_free_boost(self):
        """Jake performs a focus action: he may then perform a free boost, once (not a
        second time for the focus token the action gave him)."""
        game, a = self._act(self.JAKE)
        game.answer("focus")
        assert game.decision.kind == "use_ability"
        assert "boost" in values(game) and "barrel_roll" in values(game)
        game.answer("boost")
        game.answer("straight")
        kinds = pass_all(game)
        ship = game.state.ships[a]
        assert ship.pose.y > 300 and ship.has(Token.FOCUS)
        assert "use_ability" not in kinds

    def test_assigned_focus_token(self):
        """A focus token assigned by an effect (not an action) also lets him boost."""
        from tests.cards.helpers import Give

        sc = Scene(ruleset="1e")
        a = sc.ship(self.JAKE, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(Give(a, "focus"), phase="activation")
        assert game.decision.kind == "use_ability" and "boost" in values(game)

    def test_not_for_other_pilots_or_actions(self):
        """A Green Squadron Pilot's focus action offers nothing; Jake's evade action
        neither."""
        game, _ = self._act("1e-awing-greensquadronpilot")
        game.answer("focus")
        assert game.decision is None
        game, _ = self._act(self.JAKE)
        game.answer("evade")
        assert game.decision is None


# ------------------------------------------------------------------ Gemmer Sojan
class TestGemmerSojan:
    GEMMER = "1e-awing-gemmersojan"

    def test_one_more_defense_die_at_range_1(self):
        """Attacked at Range 1 by a TIE, Gemmer (agility 3) rolls 4 defense dice; a Green
        Squadron Pilot rolls 3."""
        for pilot, count in ((self.GEMMER, 4), ("1e-awing-greensquadronpilot", 3)):
            sc = Scene(ruleset="1e")
            g = sc.ship(pilot, at=(400, 300, 0))
            t = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
            game = attack_to_end(sc, t, g, ["hit"] * 3, ["blank"] * 4)
            pass_all(game)
            assert len(rolled(game, g)) == count

    def test_not_at_range_2(self):
        """At Range 2 of every enemy: 3 dice (plus nothing)."""
        sc = Scene(ruleset="1e")
        g = sc.ship(self.GEMMER, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, t, g, ["hit"] * 2, ["blank"] * 4)
        pass_all(game)
        assert len(rolled(game, g)) == 3


# --------------------------------------------------------------- Keyan Farlander
class TestKeyanFarlander:
    KEYAN = "1e-bwing-keyanfarlander"

    def test_stress_for_all_focus_to_hits(self):
        """Stressed Keyan rolls 2 focus and a blank: he removes his stress token to change
        both focus results to hits."""
        sc, a, d = duel(self.KEYAN, stress=1)
        game = attack_to_end(sc, a, d, ["focus", "focus", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.KEYAN)
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        assert not game.state.ships[a].has(Token.STRESS)

    def test_not_without_stress(self):
        """Unstressed, nothing to remove: not offered."""
        sc, a, d = duel(self.KEYAN)
        game = attack_to_end(sc, a, d, ["focus", "focus", "blank"], ["blank"] * 3)
        assert game.decision is None or not offers(game, self.KEYAN)

    def test_faq_usable_with_no_focus_result(self):
        """FAQ (1e), Keyan Farlander: with no focus result he may still use it: 0 dice
        change and his stress token is removed."""
        sc, a, d = duel(self.KEYAN, stress=1)
        game = attack_to_end(sc, a, d, ["blank", "blank", "hit"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.KEYAN)
        assert not game.state.ships[a].has(Token.STRESS)

    def test_faq_once_per_attack(self):
        """FAQ (1e), Keyan Farlander: once per attack - with 2 stress tokens, after using
        it he is not offered it again."""
        sc, a, d = duel(self.KEYAN, stress=2)
        game = attack_to_end(sc, a, d, ["focus", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.KEYAN)
        assert not offers(game, self.KEYAN)


# ------------------------------------------------------------------ Nera Dantels
class TestNeraDantels:
    NERA = "1e-bwing-neradantels"

    def _behind(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 400, 0), upgrades=["1e-protontorpedoes"],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 250, 0))
        return sc.at(Engage(a)), a, d

    def test_torpedoes_at_a_ship_behind_her(self):
        """A TIE behind Nera at Range 2 (outside her arc): she may fire her Proton
        Torpedoes at it; a Blue Squadron Pilot may not."""
        game, _a, d = self._behind(self.NERA)
        assert any(o.info and o.info["defender"] == d and o.info["weapon"] ==
                   "1e-protontorpedoes" for o in game.decision.options)
        game, _a, d = self._behind("1e-bwing-bluesquadronpilot")
        assert game.decision is None or not any(
            o.info and o.info["defender"] == d for o in game.decision.options)

    def test_not_the_primary_weapon(self):
        """Her primary weapon still needs her firing arc."""
        game, _a, d = self._behind(self.NERA)
        assert not any(o.info and o.info["defender"] == d and o.info["weapon"].startswith(
            "primary") for o in game.decision.options)

