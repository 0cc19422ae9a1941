"""TIE/ph Phantom pilots and the Stygium Array ship ability: each test sets a scene, states
the card's rule and shows the ability changing the outcome.

Player 1's ships face +y, player 2's face -y; centres 200 mm apart on a line are at range
2 (no range bonus)."""

from __future__ import annotations

from typing import Any

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.movement import Decloak
from tallon.engine.rounds import StartEndPhase
from tallon.engine.state import Token
from tallon.geometry import Pose
from tallon.scene import Scene
from tests.cards.helpers import attack, pass_all, values


def decloaking(pilot: str, **kw: Any) -> tuple[Any, str]:
    """The System Phase: a cloaked ship of ``pilot`` (player 1) about to decloak."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), tokens={"cloak": 1, **kw.pop("tokens", {})}, **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Decloak(ship), phase="system"), ship


# ---------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["imdaartestpilot", "sigmasquadronace"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only attacks with the TIE/ph's 3 dice."""
    sc = Scene()
    ph = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, ph, target, ["hit", "hit", "hit"], ["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[target].damage) == 3


# ------------------------------------------------------------------ Stygium Array
class TestStygiumArray:
    def test_after_decloaking_it_may_perform_an_evade_action(self):
        """Stygium Array: after decloaking (a boost here) the ship may perform an evade
        action: it ends with an evade token; a TIE/ln without the ability decloaking the same
        way is asked nothing and has none."""
        for pilot, evades in (("imdaartestpilot", 1), ("academypilot", 0)):
            game, ship = decloaking(pilot)
            game.answer("boost")
            if evades:
                d = game.decision
                assert d.kind == "use_ability" and "evade" in d.option_keys()
                game.answer("evade")
            assert game.decision is None
            s = game.state.ships[ship]
            assert not s.cloaked and s.count(Token.EVADE) == evades

    def test_a_stressed_ship_cant_take_the_evade_action(self):
        """Stygium Array grants an action: a stressed ship decloaks (allowed while stressed)
        but can't perform the evade action, so nothing is offered."""
        game, ship = decloaking("imdaartestpilot", tokens={"stress": 1})
        game.answer("boost")
        assert game.decision is None
        assert not game.state.ships[ship].has(Token.EVADE)

    def test_staying_cloaked_triggers_nothing(self):
        """Stygium Array triggers after decloaking: a ship that stays cloaked gets no evade
        action."""
        game, ship = decloaking("imdaartestpilot")
        game.answer("pass")
        assert game.decision is None and game.state.ships[ship].cloaked

    def end_phase(self, pilot: str, **tokens: int) -> tuple[Any, str]:
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0), tokens=tokens)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(StartEndPhase(), phase="end"), ship

    def test_spends_an_evade_token_to_cloak_at_the_start_of_the_end_phase(self):
        """Stygium Array: at the start of the End Phase the ship may spend 1 evade token to
        gain 1 cloak token; it is then cloaked, its evade token gone."""
        game, ship = self.end_phase("sigmasquadronace", evade=1)
        assert values(game) == ["use", "decline"]
        game.answer("use")
        s = game.state.ships[ship]
        assert s.cloaked and not s.has(Token.EVADE)

    def test_declining_keeps_the_evade_token(self):
        game, ship = self.end_phase("sigmasquadronace", evade=1)
        game.answer("decline")
        s = game.state.ships[ship]
        assert not s.cloaked and s.has(Token.EVADE)

    @pytest.mark.parametrize("tokens", [{}, {"evade": 1, "cloak": 1}])
    def test_not_offered_without_an_evade_or_while_cloaked(self, tokens):
        """Stygium Array: no evade token to spend, or already cloaked (a cloaked ship can't
        gain a second cloak token, RR: CLOAK): nothing is offered."""
        game, ship = self.end_phase("sigmasquadronace", **tokens)
        assert game.decision is None
        assert game.state.ships[ship].count(Token.EVADE) == tokens.get("evade", 0)


# ---------------------------------------------------------------------- "Whisper"
class TestWhisper:
    @pytest.mark.parametrize("pilot, dice, evades", [
        ("whisper", ["hit", "hit"], 1), ("whisper", ["blank", "blank"], 0),
        ("imdaartestpilot", ["hit", "hit"], 0)])
    def test_gains_an_evade_token_after_an_attack_that_hits(self, pilot, dice, evades):
        """"Whisper": after performing an attack that hits she gains 1 evade token; an attack
        that misses gives none, nor does a hit by a pilot without her ability."""
        sc = Scene()
        ph = sc.ship(pilot, at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, ph, target, [*dice, "blank"], ["blank"] * 3)
        pass_all(game)
        assert game.state.ships[ph].count(Token.EVADE) == evades


# ----------------------------------------------------- "Whisper" (Unseen Assailant)
class TestWhisperUnseenAssailant:
    def attacked(self, **kw: Any) -> tuple[Any, str]:
        sc = Scene()
        ph = sc.ship("whisper-ssl", at=(400, 300, 0), **kw)
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, ph, target, ["blank"] * 3, ["blank"] * 3)
        while game.decision is not None and game.decision.kind != "use_ability":
            pass_all(game, limit=1)
        return game, ph

    def test_spends_a_charge_to_cloak_after_attacking(self):
        """"Whisper" (Unseen Assailant): after performing an attack (even one that misses)
        she may spend 1 charge to perform a cloak action: she is cloaked with 1 charge
        left."""
        game, ph = self.attacked()
        d = game.decision
        assert d is not None and d.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        s = game.state.ships[ph]
        assert s.cloaked and s.charges["whisper-ssl"].active == 1

    def test_no_charge_no_cloak(self):
        """Her charges don't recur: with none left nothing is offered and she stays
        uncloaked."""
        game, ph = self.attacked(charges={"whisper-ssl": 0})
        assert game.decision is None
        assert not game.state.ships[ph].cloaked

    def test_declined_keeps_the_charge(self):
        game, ph = self.attacked()
        game.answer("decline")
        pass_all(game)
        s = game.state.ships[ph]
        assert not s.cloaked and s.charges["whisper-ssl"].active == 2


# ------------------------------------------------------------------------ "Echo"
class TestEcho:
    def test_decloaks_only_with_a_bank_template(self):
        """"Echo": while decloaking she must use the [2 bank left] or [2 bank right] template
        instead of the [2 straight]: only the bank boosts are offered (no straight boost,
        no barrel roll: ruling), at no cost; she ends turned 45 degrees."""
        game, ship = decloaking("echo")
        assert values(game) == ["pass", "bank_left", "bank_right"]
        game.answer("bank_right")
        s = game.state.ships[ship]
        right, forward, rotation = s.pose.relative_to(Pose(400, 300, 0))
        assert round(rotation) == 45 and right > 0 and forward > 60
        assert not s.cloaked

    def test_another_phantom_decloaks_straight(self):
        """Without her ability the same ship decloaks with the straight template only."""
        game, _ = decloaking("whisper")
        assert values(game) == ["pass", "boost", "left", "right"]


# ----------------------------------------------------------- "Echo" (Copycat)
class TestEchoCopycat:
    def enemy_acts(self, enemy: str, y: float, **kw: Any) -> tuple[Any, str, str]:
        """Player 2's ``enemy`` at (400, y) performs an action; "Echo" (Copycat) sits at
        (400, 300)."""
        sc = Scene()
        echo = sc.ship("echo-ssl", at=(400, 300, 0), **kw)
        other = sc.ship(enemy, player=2, at=(400, y, 180))
        game = sc.at(PerformAction(other, during_activation=True), phase="activation")
        return game, echo, other

    def test_copies_a_focus_action_at_range_1(self):
        """"Echo" (Copycat): after an enemy ship at range 0-1 performs an action on its
        action bar (focus), she may spend 1 charge to perform the same action: she gains a
        focus token and has no charge left."""
        game, echo, _ = self.enemy_acts("academypilot", 420)
        game.answer("focus")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        s = game.state.ships[echo]
        assert s.has(Token.FOCUS) and s.charges["echo-ssl"].active == 0

    def test_a_red_action_is_copied_as_white(self):
        """"Echo" (Copycat) treats the copied action as white: the Lambda shuttle's red jam
        (on its bar) jams her; she copies the jam, jamming the shuttle, and gains no stress
        while the shuttle does."""
        game, echo, shuttle = self.enemy_acts("omicrongrouppilot", 440)
        game.answer("jam")
        game.answer(echo)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.decision.kind == "jam_target"
        game.answer(shuttle)
        pass_all(game)
        s, other = game.state.ships[echo], game.state.ships[shuttle]
        assert other.has(Token.JAM) and other.has(Token.STRESS)
        assert not s.has(Token.STRESS)

    def test_not_beyond_range_1(self):
        """The enemy must be at range 0-1: at range 2 nothing is offered."""
        game, echo, _ = self.enemy_acts("academypilot", 500)
        game.answer("focus")
        assert game.decision is None
        assert not game.state.ships[echo].has(Token.FOCUS)

    def test_not_without_a_charge(self):
        game, echo, _ = self.enemy_acts("academypilot", 420, charges={"echo-ssl": 0})
        game.answer("focus")
        assert game.decision is None
        assert not game.state.ships[echo].has(Token.FOCUS)
