"""Belbullab-22 Starfighter pilots: each test sets a scene, states the card's rule and
shows the ability changing the outcome (the same scene without it).

Geometry: player 1's ships face +y, player 2's face -y (heading 180); small bases are 40 mm
wide and range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range
1, 200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.scene import Scene, declare
from tests.cards.helpers import engage, finish, modify_with, offers, skip_dice


def ship(game, ship_id):
    return game.state.ships[ship_id]


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["feethanottrawautopilot", "skakoanace"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules: its attack at range 2 (3
    dice) hits an undefended target."""
    sc = Scene()
    belbullab = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(belbullab, target, dice=["hit"] * 3, defense=["blank"] * 3)
    finish(game)
    assert len(ship(game, target).damage) == 3


# --------------------------------------------------------------- General Grievous
class TestGeneralGrievous:
    def scene(self, defender_heading: float):
        """Grievous attacks a TIE at range 2 rolling 2 blanks and a hit; the TIE faces away
        from him (heading 0) or toward him (180)."""
        sc = Scene()
        grievous = sc.ship("generalgrievous", at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, defender_heading))
        game = engage(sc, grievous, ["blank", "blank", "hit"], ["blank"] * 3,
                      rerolls=["hit", "hit"])
        declare(game, grievous, target)
        skip_dice(game, "modify_attack_dice", grievous)
        return game

    def test_rerolls_2_dice_outside_the_defenders_firing_arc(self):
        """Behind the TIE (outside its firing arc): he rerolls his 2 blanks, which come up
        hits: 3 hits instead of 1."""
        game = self.scene(0.0)
        modify_with(game, "generalgrievous", "reroll 2 blank")
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_in_the_defenders_firing_arc(self):
        """In the TIE's front arc: no reroll, 1 hit."""
        game = self.scene(180.0)
        assert not offers(game, "generalgrievous")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


    def test_not_against_a_remote_without_arcs(self):
        """Ruling (RR: ATTACKING REMOTES): a buzz droid swarm has no arcs, so Grievous is
        neither in nor outside them: no reroll."""
        sc = Scene()
        grievous = sc.ship("generalgrievous", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        swarm = sc.remote("discordmissiles", player=2, at=(400, 450, 180))
        game = engage(sc, grievous, ["blank", "blank", "hit"], ["blank"] * 3)
        declare(game, grievous, swarm)
        skip_dice(game, "modify_attack_dice", grievous)
        assert not offers(game, "generalgrievous")


# ----------------------------------------------------------------------- Wat Tambor
class TestWatTambor:
    def scene(self, calculating=(1, 1), far=0):
        """Wat Tambor (with a calculate token) attacks a TIE at range 2 rolling 3 blanks
        (rerolls show hits); friendly ships at range 1 of the TIE hold ``calculating``
        calculate tokens; ``far``: one more calculating friend at range 2 of the TIE."""
        sc = Scene()
        wat = sc.ship("wattambor", at=(400, 300, 0), calculate=1)
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        for k, calc in enumerate(calculating):
            sc.ship("skakoanace", at=(300 + 200 * k, 500, 0), calculate=calc)
        if far:
            sc.ship("skakoanace", at=(600, 700, 0), calculate=1)
        game = engage(sc, wat, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"] * 3)
        declare(game, wat, target)
        skip_dice(game, "modify_attack_dice", wat)
        return game

    def labels(self, game):
        return [o.label for o in game.decision.options
                if (o.info or {}).get("source") == "wattambor"]

    def test_one_die_per_calculating_friend_at_range_1(self):
        """Two calculating friends at range 1 of the defender (Wat himself is at range 2):
        he rerolls 2 blanks, which come up hits."""
        game = self.scene()
        assert not any("reroll 3" in label for label in self.labels(game))
        modify_with(game, "wattambor", "reroll 2 blank")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_a_friend_without_calculate_or_beyond_range_1_does_not_count(self):
        """One friend at range 1 without a calculate token, one calculating friend at range
        2: only 1 die may be rerolled."""
        game = self.scene(calculating=(1, 0), far=1)
        labels = self.labels(game)
        assert labels and all("reroll 1 blank" in label for label in labels)

    def test_none_no_reroll(self):
        """No calculating friend at range 1 of the defender: nothing is offered."""
        game = self.scene(calculating=(0, 0))
        assert not offers(game, "wattambor")


# ---------------------------------------------------------------------- Captain Sear
class TestCaptainSear:
    def scene(self, defender_dx=0.0, sear_x=250.0, calculate=1, x=400.0):
        """A friendly Skakoan Ace (a calculate token) attacks a TIE at range 2 with 2 hits
        and a blank; the TIE rolls an evade and 2 blanks. Captain Sear is beside it."""
        sc = Scene()
        ace = sc.ship("skakoanace", at=(x, 300, 0), calculate=calculate)
        sc.ship("captainsear", at=(sear_x, 300, 0))
        target = sc.ship("academypilot", player=2, at=(x + defender_dx, 500, 180))
        game = engage(sc, ace, ["hit", "hit", "blank"], ["evade", "blank", "blank"])
        declare(game, ace, target)
        skip_dice(game, "cancel_defense_results", ace)
        return game, ace

    def test_the_attacker_spends_calculate_to_cancel_an_evade(self):
        """Defender in the attacker's bullseye arc, Sear at range 1: before Neutralize
        Results the attacker spends its calculate token to cancel the evade: 2 hits instead
        of 1."""
        game, ace = self.scene()
        modify_with(game, "captainsear")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        assert not ship(game, ace).tokens

    @pytest.mark.parametrize("defender_dx, calculate, x", [
        (80.0, 1, 400.0),    # the defender off the bullseye arc
        (0.0, 0, 400.0),     # no calculate token to spend
        (0.0, 1, 750.0)])    # Sear beyond range 3 of the attacker
    def test_not_off_the_bullseye_without_calculate_or_beyond_range_3(
            self, defender_dx, calculate, x):
        """Off the bullseye arc, without a calculate token, or with Sear at range 4: not
        offered, 1 hit."""
        game, _ = self.scene(defender_dx, 250.0, calculate, x)
        assert not offers(game, "captainsear")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
