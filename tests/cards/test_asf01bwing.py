"""A/SF-01 B-wing pilots: each card in a scene built for it, compared with the same scene
without the card (a generic Blue Squadron Pilot in its place) or outside its conditions.

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm; the B-wing has a small base (40 mm)."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import (
    answer,
    engage,
    finish,
    logged,
    modify_with,
    offers,
    pass_all,
    skip_dice,
)


@pytest.mark.parametrize("pilot", ["bladesquadronveteran", "bluesquadronpilot"])
def test_generic_pilots_field_and_fight(pilot):
    """A generic B-wing attacks with its 3-dice primary weapon at range 2: 2 hits against
    1 evade deal 1 damage."""
    sc = Scene()
    bwing = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(bwing, tie, dice=["hit", "hit", "blank"],
                     defense=["evade", "blank", "blank"])
    finish(game)
    assert len(game.state.ships[tie].damage) == 1


def bwing_attacks(pilot: str, stress: int, dice: list[str], rerolls: list[str] = ()):
    """The B-wing at (400, 300) attacks a TIE at range 2, with ``stress`` stress tokens;
    the TIE rolls 3 blanks; rerolled dice show ``rerolls``."""
    sc = Scene()
    bwing = sc.ship(pilot, at=(400, 300, 0), tokens={"stress": stress} if stress else {})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = engage(sc, bwing, dice, ["blank"] * 3, rerolls=rerolls)
    declare(game, bwing, tie)
    return game, bwing, tie


class TestBraylenStramm:
    def test_stressed_rerolls_two_dice(self):
        """Stressed, Braylen rerolls his 2 blanks, which come up hits: 3 hits land
        instead of 1."""
        game, bwing, _ = bwing_attacks("braylenstramm", 1, ["blank", "blank", "hit"],
                                       ["hit", "hit"])
        skip_dice(game, "modify_attack_dice", bwing)
        modify_with(game, "braylenstramm", "2 blank")
        skip_dice(game)
        assert logged(game, "neutralize", "3 hit(s)")

    def test_not_without_stress(self):
        """Without a stress token he is offered no reroll, and 1 hit lands."""
        game, bwing, _ = bwing_attacks("braylenstramm", 0, ["blank", "blank", "hit"])
        skip_dice(game, "modify_attack_dice", bwing)
        assert game.decision is None or not offers(game, "braylenstramm")
        skip_dice(game)
        assert logged(game, "neutralize", "1 hit(s)")

    def test_while_defending(self):
        """Stressed and defending against a TIE's 2 hits (agility 1: one blank defense
        die), Braylen rerolls the blank into an evade: 1 hit lands instead of 2."""
        sc = Scene()
        bwing = sc.ship("braylenstramm", at=(400, 300, 0), tokens={"stress": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "hit"], (), then=faces(DieKind.DEFENSE, ["blank"])
                  + faces(DieKind.DEFENSE, ["evade"]))
        declare(game, tie, bwing)
        skip_dice(game, "modify_defense_dice", bwing)
        modify_with(game, "braylenstramm", "blank")
        skip_dice(game)
        assert logged(game, "neutralize", "1 hit(s)")


class TestTenNumb:
    def test_spends_stress_to_turn_focus_into_hits(self):
        """Ten Numb, stressed, rolls focus, focus, blank: spending his stress token turns
        both focus results into hits (2 hits land) and removes the token."""
        game, bwing, _ = bwing_attacks("tennumb", 1, ["focus", "focus", "blank"])
        skip_dice(game, "modify_attack_dice", bwing)
        modify_with(game, "tennumb")
        skip_dice(game)
        assert logged(game, "neutralize", "2 hit(s)")
        assert not game.state.ships[bwing].stressed

    def test_needs_a_stress_token(self):
        """Unstressed he has nothing to spend: no Ten Numb option, and no hit lands."""
        game, bwing, _ = bwing_attacks("tennumb", 0, ["focus", "focus", "blank"])
        skip_dice(game, "modify_attack_dice", bwing)
        assert game.decision is None or not offers(game, "tennumb")
        skip_dice(game)
        assert not logged(game, "neutralize", "2 hit(s)")


class TestGinaMoonsong:
    @staticmethod
    def start(friend_at: tuple[float, float, float], second: bool = False):
        sc = Scene()
        gina = sc.ship("ginamoonsong", at=(400, 300, 0), tokens={"stress": 1})
        friend = sc.ship("bluesquadronpilot", at=friend_at)
        if second:
            sc.ship("bluesquadronpilot", at=(520, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(StartEngagement()), gina, friend

    def test_must_pass_a_stress_token_on(self):
        """At the start of the Engagement Phase, Gina must transfer her stress token to
        the only friendly B-wing at range 0-2 (nothing to decide): it has it now."""
        game, gina, friend = self.start((300, 300, 0))
        pass_all(game)
        assert not game.state.ships[gina].stressed
        assert game.state.ships[friend].stressed

    def test_with_two_friends_she_picks_but_cannot_decline(self):
        """Two friends in range: she chooses which one takes the token; "decline" is not
        offered (the card says "must")."""
        game, gina, friend = self.start((300, 300, 0), second=True)
        assert game.decision.kind == "use_ability"
        assert "decline" not in game.decision.option_keys()
        answer(game, "use_ability", friend, gina)
        assert not game.state.ships[gina].stressed
        assert game.state.ships[friend].stressed

    def test_not_beyond_range_2(self):
        """The friend is at range 3 (about 250 mm away): she keeps her stress token."""
        game, gina, friend = self.start((60, 300, 0))
        pass_all(game)
        assert game.state.ships[gina].stressed
        assert not game.state.ships[friend].stressed


class TestNetremPollard:
    @staticmethod
    def barrel_roll(friend_stress: int = 0):
        sc = Scene()
        netrem = sc.ship("netrempollard", at=(400, 300, 0))
        friend = sc.ship("bluesquadronpilot", at=(250, 300, 0),
                         tokens={"stress": friend_stress} if friend_stress else {})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(netrem, during_activation=True), phase="activation")
        answer(game, "perform_action", "barrel_roll", netrem)
        # toward the friend, ending at range 1 of it
        answer(game, "barrel_roll_direction", "left", netrem)
        if game.decision is not None and game.decision.kind == "barrel_roll_position":
            game.answer(game.decision.option_keys()[0])
        return game, netrem, friend

    def test_stresses_a_friend_then_turns_around(self):
        """After his barrel roll, Netrem chooses the unstressed B-wing at range 0-1: it
        gains a stress token and he turns to face the other way (heading 180)."""
        game, netrem, friend = self.barrel_roll()
        answer(game, "use_ability", friend, netrem)
        assert game.state.ships[friend].stressed
        assert round(game.state.ships[netrem].pose.heading) % 360 == 180

    def test_declined_nothing_happens(self):
        """Declining: no stress, no rotation."""
        game, netrem, friend = self.barrel_roll()
        answer(game, "use_ability", "decline", netrem)
        assert not game.state.ships[friend].stressed
        assert round(game.state.ships[netrem].pose.heading) % 360 == 0

    def test_stressed_friend_is_not_offered(self):
        """The friend is already stressed: only Netrem himself may be chosen."""
        game, netrem, friend = self.barrel_roll(friend_stress=1)
        assert game.decision.kind == "use_ability"
        assert friend not in game.decision.option_keys()
        assert netrem in game.decision.option_keys()
