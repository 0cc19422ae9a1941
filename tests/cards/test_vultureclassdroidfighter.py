"""Vulture-class Droid Fighter pilots and the ship abilities Networked Calculations and
Modified for Organics: each test sets a scene, states the card's rule and shows the ability
changing the outcome (the same scene without it, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range
bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1, 200 mm at
range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import effective_code
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import (
    Hurt,
    finish,
    modify_with,
    offers,
    pass_all,
    rolled,
    skip_dice,
    values,
)

NC = "Networked Calculations"


def ship(game, ship_id):
    return game.state.ships[ship_id]


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["tradefederationdrone", "separatistdrone"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules and its ship ability: its
    attack at range 2 (2 dice) hits an undefended target."""
    sc = Scene()
    droid = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(droid, target, dice=["hit", "hit"], defense=["blank", "blank", "blank"])
    pass_all(game)
    assert rolled(game, droid) == ["hit", "hit"]
    assert len(ship(game, target).damage) == 2


# ---------------------------------------------------------- Networked Calculations
class TestNetworkedCalculations:
    def scene(self, friend_x=500.0, friend_calculate=1, friend_upgrades=(), own_upgrades=(),
              own_calculate=0):
        """A Trade Federation Drone attacks a TIE at range 2 with a focus and a blank; a
        friendly drone at ``friend_x`` (100 mm: range 1) may hold a calculate token."""
        sc = Scene()
        droid = sc.ship("tradefederationdrone", at=(400, 300, 0), upgrades=own_upgrades,
                        calculate=own_calculate)
        friend = sc.ship("tradefederationdrone", at=(friend_x, 300, 0),
                         upgrades=friend_upgrades, calculate=friend_calculate)
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(droid))
        load_dice(game, ["focus", "blank"], ["blank", "blank", "blank"])
        declare(game, droid, target)
        skip_dice(game, "modify_attack_dice", droid)
        return game, droid, friend, target

    def test_spends_a_friends_calculate_token_to_hit(self):
        """Attacking, with a friendly ship at range 1 holding a calculate token: the drone
        spends that token to change its focus result to a hit; the attack then hits."""
        game, _droid, friend, _target = self.scene()
        modify_with(game, NC)
        assert not ship(game, friend).has(Token.CALCULATE)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_defending_changes_a_focus_to_an_evade(self):
        """Defending against a TIE's hit with a focus result, a friend at range 1 holding a
        calculate token: the focus becomes an evade and the hit is canceled."""
        sc = Scene()
        droid = sc.ship("tradefederationdrone", at=(400, 300, 0))
        friend = sc.ship("separatistdrone", at=(500, 300, 0), calculate=1)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "blank"], ["focus", "blank"])
        declare(game, tie, droid)
        skip_dice(game, "modify_defense_dice", droid)
        modify_with(game, NC)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)
        assert not ship(game, friend).has(Token.CALCULATE)

    def test_chooses_which_friend_pays(self):
        """Two friends at range 0-1 hold calculate tokens: the drone's player chooses the
        one that spends its token (answer: the ship's id)."""
        sc = Scene()
        droid = sc.ship("tradefederationdrone", at=(400, 300, 0))
        left = sc.ship("tradefederationdrone", at=(300, 300, 0), calculate=1)
        right = sc.ship("tradefederationdrone", at=(500, 300, 0), calculate=1)
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(droid))
        load_dice(game, ["focus", "blank"], ["blank", "blank", "blank"])
        declare(game, droid, target)
        skip_dice(game, "modify_attack_dice", droid)
        modify_with(game, NC)
        assert game.decision.kind == "use_ability"
        assert sorted(game.decision.option_keys()) == sorted([left, right])
        game.answer(right)
        assert ship(game, left).has(Token.CALCULATE)
        assert not ship(game, right).has(Token.CALCULATE)

    def test_not_beyond_range_1_nor_without_a_token(self):
        """A friend at range 2, or one at range 1 without a calculate token: nothing to
        spend, the ability is not offered and the attack misses."""
        for friend_x, calculate in ((600.0, 1), (500.0, 0)):
            game, *_ = self.scene(friend_x, calculate)
            assert not offers(game, NC)
            skip_dice(game)
            assert "0 hit(s)" in neutralized(game)

    def test_not_an_enemy_ships_token(self):
        """An enemy ship at range 1 with a calculate token is not a friendly ship."""
        sc = Scene()
        droid = sc.ship("tradefederationdrone", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(500, 300, 0), calculate=1)
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(droid))
        load_dice(game, ["focus", "blank"], ["blank", "blank", "blank"])
        declare(game, droid, target)
        skip_dice(game, "modify_attack_dice", droid)
        assert not offers(game, NC)

    def test_a_ship_with_independent_calculations_does_not_lend_its_token(self):
        """Independent Calculations: other ships can't spend its calculate tokens with
        Networked Calculations."""
        game, *_ = self.scene(friend_upgrades=["independentcalculations"])
        assert not offers(game, NC)

    def test_a_ship_with_independent_calculations_has_no_networked_calculations(self):
        """Independent Calculations replaces the ship ability: the ship can't spend a
        friend's token."""
        game, *_ = self.scene(own_upgrades=["independentcalculations"])
        assert not offers(game, NC)


# ------------------------------------------------------------ Modified for Organics
class TestModifiedForOrganics:
    @pytest.mark.parametrize("code, organics, drone", [
        ("2BW", "2BB", "2BW"), ("3NR", "3NW", "3NR"), ("3TW", "3TR", "3TW"),
        ("1TW", "1TW", "1TW"), ("2FB", "2FB", "2FB")])
    def test_banks_easier_and_turns_harder(self, code, organics, drone):
        """Modified for Organics: speed 2-3 banks 1 difficulty easier, speed 3 turns 1
        harder, others unchanged; a Trade Federation Drone flies the dial as printed."""
        sc = Scene()
        kelrodo = sc.ship("kelrodoaiholdout", at=(400, 300, 0))
        other = sc.ship("tradefederationdrone", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert effective_code(game, ship(game, kelrodo), code) == organics
        assert effective_code(game, ship(game, other), code) == drone


# --------------------------------------------------------------- Precise Hunter
class TestPreciseHunter:
    def attack(self, target_x=400.0):
        sc = Scene()
        hunter = sc.ship("precisehunter", at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(target_x, 500, 180))
        game = sc.at(Engage(hunter))
        load_dice(game, ["blank", "hit"], ["blank", "blank", "blank"])
        declare(game, hunter, target)
        skip_dice(game, "modify_attack_dice", hunter)
        return game, hunter

    def test_rerolls_a_blank_in_the_bullseye_arc(self):
        """The defender straight ahead (bullseye arc): Precise Hunter rerolls its blank
        result (the reroll shows a hit), and the attack deals 2 hits instead of 1."""
        sc = Scene()
        hunter = sc.ship("precisehunter", at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(hunter))
        load_dice(game, ["blank", "hit"], (), then=faces(DieKind.ATTACK, ["hit"])
                  + faces(DieKind.DEFENSE, ["blank", "blank", "blank"]))
        declare(game, hunter, target)
        skip_dice(game, "modify_attack_dice", hunter)
        modify_with(game, "precisehunter")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_outside_the_bullseye_arc(self):
        """The defender in the front arc but not the bullseye arc: no reroll offered."""
        game, _ = self.attack(target_x=520.0)
        assert not offers(game, "precisehunter")


# ---------------------------------------------------------- Haor Chall Prototype
class TestHaorChallPrototype:
    def scene(self, pilot="haorchallprototype", enemy_x=400.0, defender_friend=True):
        """An enemy TIE faces player 1 at y 500, the Haor Chall drone (y 300, x 400) has it
        ahead; the TIE attacks a friendly drone (or the Haor Chall itself)."""
        sc = Scene()
        haor = sc.ship(pilot, at=(400, 300, 0))
        friend = sc.ship("tradefederationdrone", at=(enemy_x, 350, 0))
        tie = sc.ship("academypilot", player=2, at=(enemy_x, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["blank", "blank"], ["blank", "blank"])
        declare(game, tie, friend if defender_friend else haor)
        return game, haor

    @pytest.mark.parametrize("pilot", ["haorchallprototype",
                                       "haorchallprototype-siegeofcoruscant"])
    def test_locks_when_an_enemy_in_its_bullseye_attacks_a_friend(self, pilot):
        """The TIE in its bullseye arc at range 2 declares a friendly drone as defender: the
        Haor Chall Prototype may perform a calculate or lock action; it locks the TIE."""
        game, haor = self.scene(pilot)
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"calculate", "lock", "decline"}
        game.answer("lock")
        while game.decision is not None and game.decision.kind == "lock_target":
            game.answer(game.state.ships["p2.1"].id)
        assert "p2.1" in ship(game, haor).locks

    def test_not_when_it_is_the_defender(self):
        """Declared itself as the defender: not "another friendly ship", no action."""
        game, haor = self.scene(defender_friend=False)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not ship(game, haor).locks

    def test_not_when_the_enemy_is_outside_its_bullseye(self):
        game, haor = self.scene(enemy_x=520.0)
        assert not ship(game, haor).locks
        assert game.decision is None or game.decision.kind != "use_ability"


# --------------------------------------------------------------------- DFS-081
class TestDFS081:
    def attack(self, dfs_x=500.0, calculate=1, pilot="dfs081"):
        """A TIE rolls 2 crits against a Trade Federation Drone; DFS-081 at ``dfs_x``."""
        sc = Scene()
        droid = sc.ship("tradefederationdrone", at=(400, 300, 0), calculate=calculate)
        sc.ship(pilot, at=(dfs_x, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["crit", "crit"], ["blank", "blank"])
        declare(game, tie, droid)
        return game, droid

    def test_a_friend_changes_all_crits_to_hits(self):
        """A friendly drone at range 1 of DFS-081 defends: it spends its calculate token to
        change both crit results to hits (no faceup damage card)."""
        game, droid = self.attack()
        modify_with(game, "dfs081")
        assert not ship(game, droid).has(Token.CALCULATE)
        skip_dice(game)
        assert "2 hit(s), 0 critical" in neutralized(game)

    def test_not_beyond_range_1_nor_without_a_calculate_token(self):
        for dfs_x, calculate in ((600.0, 1), (500.0, 0)):
            game, _ = self.attack(dfs_x, calculate)
            assert not offers(game, "dfs081")
            skip_dice(game)
            assert "0 hit(s), 2 critical" in neutralized(game)


class TestDFS081SiegeOfCoruscant:
    def attack(self, calculate=1, charges=2):
        sc = Scene()
        dfs = sc.ship("dfs081-siegeofcoruscant", at=(400, 300, 0), calculate=calculate,
                      charges={"dfs081-siegeofcoruscant": charges})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["crit", "hit"], ["blank", "blank"])
        declare(game, tie, dfs)
        return game, dfs

    def test_cancels_a_crit_for_a_charge_and_a_calculate_token(self):
        """Defending against a crit and a hit: DFS-081 spends 1 charge and its calculate
        token to cancel the crit; only the hit is left."""
        game, dfs = self.attack()
        modify_with(game, "dfs081-siegeofcoruscant")
        me = ship(game, dfs)
        assert not me.has(Token.CALCULATE)
        assert me.charges["dfs081-siegeofcoruscant"].active == 1
        skip_dice(game)
        assert "1 hit(s), 0 critical" in neutralized(game)

    def test_not_without_a_charge_or_a_calculate_token(self):
        for calculate, charges in ((0, 2), (1, 0)):
            game, _ = self.attack(calculate, charges)
            assert not offers(game, "dfs081-siegeofcoruscant")


# --------------------------------------------------------------------- DFS-311
class TestDFS311:
    def scene(self, friend_x=600.0, calculate=1, pilot="dfs311"):
        sc = Scene()
        dfs = sc.ship(pilot, at=(400, 300, 0), calculate=calculate)
        friend = sc.ship("tradefederationdrone", at=(friend_x, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("start_engagement"), phase="engagement")
        return game, dfs, friend

    @pytest.mark.parametrize("pilot", ["dfs311", "dfs311-siegeofcoruscant"])
    def test_transfers_a_calculate_token_to_a_friend(self, pilot):
        """At the start of the Engagement Phase, a friend at range 2: DFS-311 gives it its
        calculate token."""
        game, dfs, friend = self.scene(pilot=pilot)
        assert set(values(game)) == {friend, "decline"}
        game.answer(friend)
        assert ship(game, friend).has(Token.CALCULATE)
        assert not ship(game, dfs).has(Token.CALCULATE)

    def test_not_beyond_range_3_nor_without_a_token(self):
        for friend_x, calculate in ((800.0, 1), (600.0, 0)):
            game, _dfs, friend = self.scene(friend_x, calculate)
            assert game.decision is None
            assert not ship(game, friend).has(Token.CALCULATE)


# ----------------------------------------------------------- Kelrodo-Ai Holdout
class TestKelrodoAiHoldout:
    def scene(self, other="kelrodoaiholdout", other_x=600.0):
        sc = Scene()
        doomed = sc.ship("kelrodoaiholdout", at=(400, 300, 0), focus=1, calculate=1,
                         hull=1, locks=["p2.1"])
        heir = sc.ship(other, at=(other_x, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.at(Hurt(doomed, hits=1))
        return game, doomed, heir

    def test_passes_its_tokens_and_lock_to_another_holdout(self):
        """Destroyed, with a focus and a calculate token and a lock: another Kelrodo-Ai
        Holdout at range 2 takes them all."""
        game, _doomed, heir = self.scene()
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {heir, "decline"}
        game.answer(heir)
        finish(game)
        h = ship(game, heir)
        assert h.has(Token.FOCUS) and h.has(Token.CALCULATE) and h.locks == ["p2.1"]

    def test_not_to_another_ship_type_nor_beyond_range_3(self):
        """Only a Kelrodo-Ai Holdout, at range 0-3, can take them."""
        for other, x in (("tradefederationdrone", 600.0), ("kelrodoaiholdout", 800.0)):
            game, _doomed, heir = self.scene(other, x)
            assert game.decision is None or game.decision.kind != "use_ability"
            assert not ship(game, heir).has(Token.FOCUS)


class TestModifiedForOrganicsStandardized:
    def report(self, holdout: str):
        from tallon.data import load_cards
        from tallon.squads import Rule, SquadRules, build_squad, check_squad

        db = load_cards()
        squad = build_squad("separatistalliance",
                            [("tradefederationdrone", ("independentcalculations",)),
                             ("tradefederationdrone", ("independentcalculations",)),
                             (holdout, ())], db)
        report = check_squad(squad, db, SquadRules())
        return [p for p in report.errors if p.rule == Rule.STANDARDIZED]

    def test_a_holdout_needs_no_copy_of_a_standardized_upgrade(self):
        """Two Vultures carry Independent Calculations (standardized): the Kelrodo-Ai
        Holdout (Modified for Organics) is not affected by the restriction and needs no
        copy; another Vulture without it breaks STANDARDIZED."""
        assert self.report("kelrodoaiholdout") == []
        [error] = self.report("separatistdrone")
        assert error.card == "independentcalculations"
