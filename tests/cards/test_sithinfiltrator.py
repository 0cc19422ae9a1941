"""Sith Infiltrator pilots: each test sets a scene, states the card's rule and shows the
ability changing the outcome (the same scene without it, or the state before and after).

Geometry: player 1's ships face +y (heading 0), player 2's face -y (heading 180); the
Infiltrator's large base is 80 mm wide, so its front edge is 40 mm ahead of its centre."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import engage, finish, logged, pass_all, skip_dice, values


def ship(game, ship_id):
    return game.state.ships[ship_id]


def test_dark_courier_sets_up_and_fights():
    """Dark Courier has flavour text only: its attack at range 2 (3 dice) hits."""
    sc = Scene()
    sith = sc.ship("darkcourier", at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 550, 180))
    game = sc.attack(sith, target, dice=["hit"] * 3, defense=["blank"] * 3)
    finish(game)
    assert ship(game, target).destroyed or len(ship(game, target).damage) == 3


# ------------------------------------------------------------------------ Darth Maul
class TestDarthMaul:
    def after_attack(self, hit: bool, force: int = 3):
        """Maul attacks a TIE ahead at range 2 (1 hit or none, no evade); another TIE
        stands in his front arc."""
        sc = Scene()
        maul = sc.ship("darthmaul", at=(400, 300, 0), force=force)
        first = sc.ship("academypilot", player=2, at=(400, 550, 180))
        second = sc.ship("academypilot", player=2, at=(520, 550, 180))
        game = engage(sc, maul, ["hit" if hit else "blank", "blank", "blank"],
                      ["blank"] * 3)
        declare(game, maul, first)
        skip_dice(game, "use_ability")
        return game, maul, first, second

    def targets(self, game) -> set[str]:
        return {o.info["defender"] for o in game.decision.options if o.info}

    def test_spends_2_force_for_a_bonus_attack_on_another_target(self):
        """After a hit: Maul spends 2 Force for a bonus primary attack, which may only be
        declared against the other TIE."""
        game, maul, _first, second = self.after_attack(hit=True)
        game.answer("use")
        assert ship(game, maul).force == 1
        assert game.decision.kind == "bonus_attack"
        assert self.targets(game) == {second}

    def test_after_a_miss_the_same_target_too(self):
        """After a miss, the bonus attack may also target the same TIE."""
        game, _, first, second = self.after_attack(hit=False)
        game.answer("use")
        assert self.targets(game) == {first, second}

    def test_not_without_2_force(self):
        """With 1 Force: nothing is offered and no bonus attack comes."""
        game, maul, *_ = self.after_attack(hit=True, force=1)
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds and ship(game, maul).force == 1


# ------------------------------------------------------------------- Count Dooku
class TestCountDooku:
    def defended(self, tie_at):
        """A TIE attacks Dooku (a stress token, 3 Force); nothing hits."""
        sc = Scene()
        dooku = sc.ship("countdooku", at=(400, 300, 0), stress=1)
        tie = sc.ship("academypilot", player=2, at=tie_at)
        game = engage(sc, tie, ["blank", "blank"], ["blank"])
        declare(game, tie, dooku)
        skip_dice(game, "use_ability")
        return game, dooku

    def test_after_defending_removes_a_red_token(self):
        """The attacker in his front arc: Dooku spends 1 Force to remove his stress token."""
        game, dooku = self.defended((400, 550, 180))
        assert values(game) == ["token:stress", "decline"]
        game.answer("token:stress")
        assert not ship(game, dooku).stressed and ship(game, dooku).force == 2

    def test_a_lock_on_him_is_his_red_token(self):
        """Ruling (RR: FAQ, LOCKING): the TIE's lock on Dooku is Dooku's red token: he may
        remove it instead of the stress token."""
        sc = Scene()
        dooku = sc.ship("countdooku", at=(400, 300, 0), stress=1)
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180), locks=["p1.1"])
        game = engage(sc, tie, ["blank", "blank"], ["blank"])
        declare(game, tie, dooku)
        skip_dice(game, "use_ability")
        assert f"lock:{tie}" in values(game)
        game.answer(f"lock:{tie}")
        assert ship(game, tie).locks == [] and ship(game, dooku).stressed

    def test_not_against_an_attacker_outside_his_firing_arc(self):
        """The TIE attacks from behind: nothing is offered, the stress stays."""
        sc = Scene()
        dooku = sc.ship("countdooku", at=(400, 500, 0), stress=1)
        tie = sc.ship("academypilot", player=2, at=(400, 250, 0))
        game = engage(sc, tie, ["blank", "blank"], ["blank"])
        declare(game, tie, dooku)
        pass_all(game)
        assert ship(game, dooku).stressed and ship(game, dooku).force == 3

    @pytest.mark.parametrize("hit", [True, False])
    def test_after_a_hit_spends_force_to_perform_an_action(self, hit):
        """After his attack hits: he may spend 1 Force to perform an action (he focuses);
        after a miss nothing is offered."""
        sc = Scene()
        dooku = sc.ship("countdooku", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = engage(sc, dooku, ["hit" if hit else "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, dooku, tie)
        if not hit:
            assert "perform_action" not in pass_all(game)
            return
        skip_dice(game, "use_ability")
        game.answer("act")
        assert ship(game, dooku).force == 2
        assert game.decision.kind == "perform_action"
        game.answer("focus")
        assert ship(game, dooku).has(Token.FOCUS)


# ------------------------------------------------------------------------------ 0-66
class TestZeroSixSix:
    @pytest.mark.parametrize("calculate", [1, 0])
    def test_after_defending_spends_calculate_to_perform_an_action(self, calculate):
        """After defending: 0-66 spends its calculate token to perform an action (a lock);
        without a calculate token nothing is offered."""
        sc = Scene()
        droid = sc.ship("066", at=(400, 300, 0), calculate=calculate)
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = engage(sc, tie, ["blank", "blank"], ["blank"])
        declare(game, tie, droid)
        if not calculate:
            assert "perform_action" not in pass_all(game)
            return
        skip_dice(game, "use_ability")
        game.answer("act")
        assert not ship(game, droid).has(Token.CALCULATE)
        assert game.decision.kind == "perform_action"
        game.answer("lock")
        if game.decision is not None and game.decision.kind == "lock_target":
            game.answer(tie)
        assert ship(game, droid).locks == [tie]


# ------------------------------------------------------- Count Dooku (Siege of Coruscant)
class TestCountDookuSiegeOfCoruscant:
    def scene(self, force: int = 3):
        """Dooku (standard loadout: Malice, Roiling Anger, Scimitar) attacks a TIE at range
        2; his dice show no critical hit."""
        sc = Scene()
        dooku = sc.ship("countdooku-siegeofcoruscant", at=(400, 300, 0), force=force,
                        tokens={"cloak": 0})
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.at(Engage(dooku))
        load_dice(game, ["blank", "blank", "blank"], (),
                  then=faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, dooku, tie)
        return game, dooku

    def test_names_a_result_the_roll_must_show(self):
        """With all 3 Force active, before his attack dice: he spends 1 Force and names a
        critical hit; his roll has none, so a blank is changed to a critical hit."""
        game, dooku = self.scene()
        assert game.decision.kind == "use_ability"
        game.answer("crit")
        assert ship(game, dooku).force == 2
        assert logged(game, "modify", "a blank result becomes crit")
        assert logged(game, "neutralize", "1 critical hit(s)")

    def test_not_unless_all_force_is_active(self):
        """With 2 of his 3 Force active: nothing is asked before the dice."""
        game, _dooku = self.scene(force=2)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert logged(game, "neutralize", "0 hit(s), 0 critical hit(s)")
