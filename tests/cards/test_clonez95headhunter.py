"""Clone Z-95 Headhunter pilots and the ship ability Versatile Frame: each card in a scene
built for it, compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.rounds import InitiativeSevenDone, StartEndPhase, StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    Hurt,
    activation,
    finish,
    logged,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    skip_to,
    values,
)


def ship(game, ship_id):
    return game.state.ships[ship_id]


def reveal(game, ship_id, code):
    s = ship(game, ship_id)
    s.dial_set, s.dial_revealed = code, True


# ------------------------------------------------------------------ generic pilots
@pytest.mark.parametrize("pilot", ["7thskycorpspilot", "reapersquadronscout"])
def test_generic_pilots_field_and_fight(pilot):
    """A generic Clone Z-95 (no ability text) attacks with its 2-dice primary weapon at
    range 2; 2 hits against blanks deal 2 damage."""
    sc = Scene()
    z95 = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(z95, tie, dice=["hit", "hit"], defense=["blank"] * 3)
    finish(game)
    assert len(ship(game, tie).damage) == 2


# ----------------------------------------------------------------- Versatile Frame
class TestVersatileFrame:
    def actions(self, dial):
        sc = Scene()
        z95 = sc.ship("7thskycorpspilot", at=(400, 200, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, z95, dial)
        pass_until(game, "perform_action", z95)
        return values(game)

    def test_blue_maneuver_adds_a_white_boost(self):
        """After revealing a blue 2 straight, the Z-95's action bar has a white boost: its
        Perform Action step offers it."""
        assert "boost" in self.actions("2FB")

    def test_white_maneuver_does_not(self):
        """After a white 3 bank there is no boost on its bar."""
        assert "boost" not in self.actions("3BW")


# ------------------------------------------------------------------------ "Killer"
class TestKiller:
    def scene(self, damage):
        sc = Scene()
        killer = sc.ship("killer", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180),
                      damage=[DamageCard("(marker)", False, 90 + k) for k in range(damage)])
        game = sc.at(Engage(killer))
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, killer, tie)
        return game, killer

    def test_weak_defender_one_more_die_then_deplete(self):
        """The TIE has 2 hull remaining: Killer may roll 1 additional attack die (3 at
        range 2) and then gains 1 deplete token."""
        game, killer = self.scene(1)
        skip_to(game, "use_ability", killer)
        game.answer("use")
        skip_dice(game)
        assert len(rolled(game, killer)) == 3
        assert ship(game, killer).has(Token.DEPLETE)

    def test_declined_no_deplete(self):
        """Declined: 2 dice and no deplete token."""
        game, killer = self.scene(1)
        pass_all(game)
        assert len(rolled(game, killer)) == 2 and not ship(game, killer).has(Token.DEPLETE)

    def test_healthy_defender_not_offered(self):
        """The TIE has 3 hull remaining: nothing is offered."""
        game, killer = self.scene(0)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert len(rolled(game, killer)) == 2


# ------------------------------------------------------------------------- "Drift"
class TestDrift:
    def scene(self, **tokens):
        sc = Scene()
        sc.ship("drift", at=(300, 300, 0), **tokens)
        friend = sc.ship("7thskycorpspilot", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(friend, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", friend)
        return game

    def test_one_stress_lets_a_friend_reroll(self):
        """Drift has exactly 1 stress token; a friendly ship at range 1 attacks: it may
        reroll 1 attack die."""
        assert offers(self.scene(stress=1), "drift")

    def test_one_orange_token_is_enough(self):
        """Exactly 1 jam token (orange), 2 stress tokens: still offered."""
        assert offers(self.scene(stress=2, jam=1), "drift")

    def test_two_red_tokens_not(self):
        """2 stress tokens and no orange token: nothing is offered."""
        assert not offers(self.scene(stress=2), "drift")


# ------------------------------------------------------------------------- "Boost"
class TestBoost:
    def scene(self, code):
        sc = Scene()
        boost = sc.ship("boost", at=(300, 300, 0))
        friend = sc.ship("7thskycorpspilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        reveal(game, friend, code)
        start_at(game, StartEngagement())
        return game, boost

    def test_blue_friend_lets_him_boost(self):
        """A friendly ship at range 1 revealed a blue maneuver: at the start of the
        Engagement Phase Boost may perform a boost action, and moves forward."""
        game, boost = self.scene("2FB")
        y = ship(game, boost).pose.y
        skip_to(game, "use_ability", boost)
        game.answer("boost")
        game.answer("straight")
        assert ship(game, boost).pose.y > y + 30

    def test_white_friend_no_boost(self):
        """The friend revealed a white maneuver: nothing is offered."""
        game, _ = self.scene("3BW")
        assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------------- "Stub"
class TestStub:
    def attack_dice(self, code):
        sc = Scene()
        stub = sc.ship("stub", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        reveal(game, stub, code)
        start_at(game, Engage(stub))
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, stub, tie)
        pass_all(game)
        return len(rolled(game, stub))

    def defense_dice(self, code):
        sc = Scene()
        stub = sc.ship("stub", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        reveal(game, stub, code)
        start_at(game, Engage(tie))
        load_dice(game, ["blank"] * 2, ["blank"] * 3)
        declare(game, tie, stub)
        pass_all(game)
        return len(rolled(game, stub))

    def test_odd_speed_adds_an_attack_die(self):
        """Revealed speed 3 (odd): his primary attack at range 2 rolls 3 dice; at speed 2
        (even) 2 dice."""
        assert self.attack_dice("3FW") == 3
        assert self.attack_dice("2FB") == 2

    def test_even_speed_adds_a_defense_die(self):
        """Revealed speed 2 (even): defending at range 2 he rolls 3 dice; at speed 3 he
        rolls his 2 agility dice."""
        assert self.defense_dice("2FB") == 3
        assert self.defense_dice("3FW") == 2


# ------------------------------------------------------------------------- "Knack"
class TestKnack:
    def scene(self, receiver):
        sc = Scene()
        knack = sc.ship("knack", at=(300, 300, 0), upgrades=["predator"], shields=0)
        friend = sc.ship(receiver, at=(500, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Hurt(knack, hits=2), phase="activation")
        return game, knack, friend

    def test_destroyed_gives_a_talent_to_a_non_limited_friend(self):
        """Knack is destroyed: he assigns his Predator talent to a friendly 7th Sky Corps
        Pilot, which then has it."""
        game, knack, friend = self.scene("7thskycorpspilot")
        assert f"{friend}:predator" in values(game)
        game.answer(f"{friend}:predator")
        assert "predator" in ship(game, friend).upgrades
        assert "predator" not in ship(game, knack).upgrades

    def test_not_to_a_limited_ship(self):
        """The only friend is "Drift" (limited): nothing is offered."""
        game, _, friend = self.scene("drift")
        pass_all(game)
        assert "predator" not in ship(game, friend).upgrades


# -------------------------------------------------------------------------- "Hawk"
class TestHawk:
    def scene(self, code):
        sc = Scene()
        sc.ship("hawk-clonez95headhunter", at=(300, 300, 0))
        friend = sc.ship("7thskycorpspilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        reveal(game, friend, code)
        start_at(game, StartEndPhase(), phase="end")
        return game, friend

    def test_fast_friend_strains_to_boost(self):
        """A friend at range 1 revealed a speed 3 maneuver: at the start of the End Phase it
        may gain 1 strain token to boost; it boosts forward with a strain token."""
        game, friend = self.scene("3FW")
        y = ship(game, friend).pose.y
        skip_to(game, "use_ability", friend)
        game.answer("boost")
        game.answer("straight")
        assert ship(game, friend).has(Token.STRAIN)
        assert ship(game, friend).pose.y > y + 30

    def test_slow_friend_not_offered(self):
        """The friend revealed a speed 2 maneuver: it is not offered anything."""
        game, friend = self.scene("2FB")
        assert game.decision is None or game.decision.ship != friend


# ------------------------------------------------------------------------ "Slider"
class TestSlider:
    def run(self, code, use, charges=2):
        sc = Scene()
        slider = sc.ship("slider", at=(400, 200, 0), charges={"slider": charges})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, slider, code)
        if use is not None:
            skip_to(game, "use_ability", slider)
            game.answer(use)
        pass_all(game)
        return game, slider

    def test_two_charges_sideslip(self):
        """Slider reveals a blue 2 bank left and spends 2 charges: he executes it as a
        sideslip (keeping his heading), not as the bank (which turns him 45 degrees)."""
        game, slider = self.run("2BB", "use")
        assert ship(game, slider).charges["slider"].active == 0
        assert logged(game, "move", "sideslip")
        declined, plain = self.run("2BB", "decline")
        assert not logged(declined, "move", "sideslip")
        assert ship(game, slider).pose != ship(declined, plain).pose

    def test_not_for_a_straight_nor_without_charges(self):
        """A 2 straight, or a 2 bank with 1 charge left: nothing is offered."""
        for code, charges in (("2FB", 2), ("2BB", 1)):
            game, slider = self.run(code, None, charges)
            assert not logged(game, "move", "sideslip")
            assert ship(game, slider).charges["slider"].active == charges


# ----------------------------------------------------------------------- "Warthog"
class TestWarthog:
    def scene(self, receiver="7thskycorpspilot", x=400.0, end=False):
        sc = Scene()
        sc.ship("warthog-clonez95headhunter", at=(300, 300, 0))
        friend = sc.ship(receiver, at=(x, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        steps = [Hurt(friend, hits=4), InitiativeSevenDone()]
        if end:
            steps.append(StartEndPhase())
        game = sc.at(*steps, phase="engagement")
        pass_all(game)
        return game, friend

    def test_friend_stays_until_the_end_of_the_phase(self):
        """A friendly non-limited Z-95 at range 1 is destroyed in the Engagement Phase: it
        is not removed after the initiative step (it would be without Warthog's ability),
        only at the end of the phase."""
        game, friend = self.scene()
        assert ship(game, friend).destroyed and not ship(game, friend).removed
        game, friend = self.scene(end=True)
        assert ship(game, friend).removed

    def test_not_a_limited_friend_nor_beyond_range_2(self):
        """A limited friend ("Drift"), or a friend at range 3: removed at once."""
        for pilot, x in (("drift", 400.0), ("7thskycorpspilot", 600.0)):
            game, friend = self.scene(pilot, x)
            assert ship(game, friend).removed
