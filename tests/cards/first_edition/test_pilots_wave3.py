"""First-edition wave 3 pilots (B-wing, HWK-290, TIE Bomber, Lambda-class Shuttle). Scenes
on a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2
facing it; with small bases 40 / 150 / 210 mm between the ships' centres' lines are
Ranges 1 / 2 / 3 (first-edition ranges: touching ships are at Range 1)."""

from __future__ import annotations

from functools import partial

from tallon.cards import CARDS
from tallon.dice import DieKind, Face
from tallon.engine.abilities import CardRegistry, Cost, Triggered
from tallon.engine.actions import PerformAction, available_actions
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement, Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.first_edition import helpers_1e
from tests.cards.first_edition.helpers_1e import ACADEMY, ROOKIE, neutralized
from tests.cards.helpers import (
    activation,
    dice_count,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
    values,
)

Y = {**helpers_1e.Y, 4: 660.0}
BLUE = "1e-bwing-bluesquadronpilot"
SCIMITAR = "1e-tiebomber-scimitarsquadronpilot"
OPERATIVE = "1e-hwk290-rebeloperative"
OMICRON = "1e-lambdaclassshuttle-omicrongrouppilot"
APT = "1e-advprotontorpedoes"


#: the shared duel scene, against an Academy Pilot
duel = partial(helpers_1e.duel, defender=ACADEMY)


def attack_to_end(sc, a, d, dice, defense, rerolls=()):
    game = engage(sc, a, dice, defense, rerolls)
    declare(game, a, d)
    return game


# --------------------------------------------------------------------- Ten Numb
class TestTenNumb:
    def test_one_crit_cannot_be_canceled(self):
        """Ten Numb rolls a critical hit and 2 hits against 3 evades: the evades cancel the
        hits, and his critical hit cannot be canceled by defense dice: the attack hits.
        A Blue Squadron Pilot with the same dice misses."""
        sc, a, d = duel("1e-bwing-tennumb")
        game = attack_to_end(sc, a, d, ["crit", "hit", "hit"], ["evade"] * 3)
        pass_all(game)
        assert "1 critical hit(s) uncanceled" in neutralized(game)
        sc, a, d = duel(BLUE)
        game = attack_to_end(sc, a, d, ["crit", "hit", "hit"], ["evade"] * 3)
        pass_all(game)
        assert "misses" in neutralized(game)

    def test_only_one_of_his_crits(self):
        """Two critical hits against 3 evades: one is kept, the other is canceled."""
        sc, a, d = duel("1e-bwing-tennumb")
        game = attack_to_end(sc, a, d, ["crit", "crit", "blank"], ["evade"] * 3)
        pass_all(game)
        assert "0 hit(s), 1 critical hit(s) uncanceled" in neutralized(game)

    def test_not_while_defending(self):
        """A rookie attacks Ten Numb with a critical hit; his evade cancels it: the ability
        is only for his attacks."""
        sc, a, d = duel(ROOKIE, defender="1e-bwing-tennumb")
        game = attack_to_end(sc, a, d, ["crit", "blank", "blank"], ["evade"])
        pass_all(game)
        assert "misses" in neutralized(game)

    def test_faq_evade_token_cannot_cancel_his_crit(self):
        """FAQ (1e), Ten Numb: evade tokens and added evade results count as defense dice
        results: the defender spends its evade token, and Ten Numb's critical hit still
        hits."""
        sc, a, d = duel("1e-bwing-tennumb")
        sc.entries[1].tokens["evade"] = 1
        game = attack_to_end(sc, a, d, ["crit", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_defense_dice", d)
        modify_with(game, "evade")
        pass_all(game)
        assert not game.state.ships[d].has(Token.EVADE)
        assert "1 critical hit(s) uncanceled" in neutralized(game)


# ---------------------------------------------------------------------- Ibtisam
class TestIbtisam:
    IBTISAM = "1e-bwing-ibtisam"

    def test_stressed_she_rerolls_one_attack_die(self):
        """Stressed, Ibtisam attacks and rolls 3 blanks: she rerolls 1 die, which shows a
        hit; the attack hits."""
        sc, a, d = duel(self.IBTISAM, stress=1)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"])
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, self.IBTISAM)
        modify_with(game, self.IBTISAM)
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_stressed_she_rerolls_a_defense_die(self):
        """Stressed and defending: she may reroll 1 of her defense dice."""
        sc, a, d = duel(ROOKIE, defender=self.IBTISAM)
        sc.entries[1].setup["stress"] = 1
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["blank"])
        skip_dice(game, "modify_defense_dice", d)
        assert offers(game, self.IBTISAM)

    def test_not_without_stress(self):
        """Without a stress token nothing is offered."""
        sc, a, d = duel(self.IBTISAM)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        while game.decision is not None and game.decision.kind != "modify_attack_dice":
            game.answer("done")
        assert game.decision is None or not offers(game, self.IBTISAM)


# ------------------------------------------------------------------ Roark Garnet
class TestRoarkGarnet:
    ROARK = "1e-hwk290-roarkgarnet"

    def scene(self, roark: str = "1e-hwk290-roarkgarnet"):
        sc = Scene(ruleset="1e")
        r = sc.ship(roark, at=(300, 200, 0))
        friend = sc.ship(ROOKIE, at=(400, 200, 0))
        other = sc.ship(ROOKIE, at=(500, 200, 0))
        fel = sc.ship("1e-tieinterceptor-soontirfel", player=2, at=(400, 480, 180))
        return sc, r, friend, other, fel

    def combat(self, sc):
        return sc.at(StartEngagement(), Sweep("engagement"), FireWindow.of("end_engagement"))

    def test_chosen_friend_has_pilot_skill_12_and_engages_first(self):
        """At the start of the Combat phase Roark chooses a rookie (pilot skill 2) at Range
        1: its pilot skill is 12 this phase, so it attacks before Soontir Fel (pilot skill
        9); Roark himself can't be chosen."""
        sc, roark, friend, other, _fel = self.scene()
        game = self.combat(sc)
        assert game.decision.kind == "use_ability" and game.decision.ship == roark
        assert set(values(game)) == {friend, other}
        game.answer(friend)
        assert game.state.ships[friend].current_initiative == 12
        pass_until(game, "declare_attack")
        assert game.decision.ship == friend

    def test_without_roark_pilot_skill_order(self):
        """The same table without Roark's ability (an HWK Rebel Operative): Soontir Fel
        (pilot skill 9) attacks first."""
        sc, _roark, _friend, _other, fel = self.scene(roark=OPERATIVE)
        game = self.combat(sc)
        pass_until(game, "declare_attack")
        assert game.decision.ship == fel

    def test_not_a_friend_beyond_range_3(self):
        """A friend beyond Range 3 can't be chosen: nothing happens to it."""
        sc = Scene(ruleset="1e")
        sc.ship(self.ROARK, at=(100, 100, 0))
        friend = sc.ship(ROOKIE, at=(800, 100, 0))
        sc.ship(ACADEMY, player=2, at=(800, 800, 180))
        game = sc.at(StartEngagement())
        assert not (game.decision and game.decision.kind == "use_ability")
        assert game.state.ships[friend].current_initiative == 2

    def test_pilot_skill_back_after_the_phase(self):
        """Once the Combat phase ends, the chosen ship's pilot skill is its own again."""
        sc, _roark, friend, _other, _fel = self.scene()
        game = self.combat(sc)
        game.answer(friend)
        pass_all(game)
        assert game.state.ships[friend].current_initiative == 2


# ------------------------------------------------------------------- Kyle Katarn
class TestKyleKatarn:
    KYLE = "1e-hwk290-kylekatarn"

    def scene(self, friend_x: float = 500.0, focus: int = 1):
        sc = Scene(ruleset="1e")
        kyle = sc.ship(self.KYLE, at=(300, 200, 0), tokens={"focus": focus})
        friend = sc.ship(ROOKIE, at=(friend_x, 200, 0))
        sc.ship(ACADEMY, player=2, at=(400, 880, 180))
        return sc, kyle, friend

    def test_assigns_his_focus_to_a_friend(self):
        """Kyle has a focus token; at the start of the Combat phase he assigns it to the
        rookie at Range 2: the token moves."""
        sc, kyle, friend = self.scene()
        game = sc.at(StartEngagement())
        assert friend in values(game)
        game.answer(friend)
        assert game.state.ships[friend].has(Token.FOCUS)
        assert not game.state.ships[kyle].has(Token.FOCUS)

    def test_not_without_focus_or_beyond_range_3(self):
        """Without a focus token, or with the friend beyond Range 3, nothing is asked."""
        for x, focus in ((500.0, 0), (850.0, 1)):
            sc, kyle, _friend = self.scene(friend_x=x, focus=focus)
            game = sc.at(StartEngagement())
            assert not (game.decision and game.decision.kind == "use_ability"
                        and game.decision.ship == kyle)

    def test_faq_assigned_focus_is_not_a_focus_action(self):
        """FAQ (1e), Assigning a Token to Your Ship: a ship assigned a focus token by Kyle
        can still perform the focus action this round."""
        sc, _kyle, friend = self.scene()
        game = sc.at(StartEngagement())
        game.answer(friend)
        ship = game.state.ships[friend]
        assert ship.has(Token.FOCUS)
        assert "focus" in [s.kind for s in available_actions(game, ship, True)]


# ----------------------------------------------------------------------- Jan Ors
class TestJanOrs:
    JAN = "1e-hwk290-janors"

    def scene(self, jan_x: float = 300.0, **jan):
        sc = Scene(ruleset="1e")
        rookie = sc.ship(ROOKIE, at=(400, 300, 0))
        sc.ship(self.JAN, at=(jan_x, 200, 0), **jan)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        return sc, rookie, d

    def test_stress_for_one_more_attack_die(self):
        """A friendly rookie at Range 1 of Jan attacks at Range 2 (3 dice); Jan receives a
        stress token and it rolls 4 dice."""
        sc, rookie, d = self.scene()
        game = engage(sc, rookie, ["blank"] * 4, ["blank"] * 3)
        declare(game, rookie, d)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        assert dice_count(game, 0) == 4
        assert game.state.ships["p1.2"].stressed

    def test_declined_three_dice(self):
        """Declining: the rookie rolls its 3 dice."""
        sc, rookie, d = self.scene()
        game = engage(sc, rookie, ["blank"] * 3, ["blank"] * 3)
        declare(game, rookie, d)
        game.answer("decline")
        pass_all(game)
        assert dice_count(game, 0) == 3

    def test_not_while_stressed_or_beyond_range_3(self):
        """Jan stressed, or the attacker beyond Range 3 of her: nothing is offered."""
        for x, stress in ((300.0, 1), (900.0, 0)):
            sc, rookie, d = self.scene(jan_x=x, stress=stress)
            game = engage(sc, rookie, ["blank"] * 3, ["blank"] * 3)
            declare(game, rookie, d)
            assert not (game.decision and game.decision.kind == "use_ability")

    def test_faq_extra_die_before_the_roll(self):
        """FAQ (1e) Q&A: extra attack dice are added in the Roll Attack Dice step before the
        roll: the die is part of the one roll of 4 dice (no separate roll)."""
        sc, rookie, d = self.scene()
        game = engage(sc, rookie, ["hit"] * 4, ["blank"] * 3)
        declare(game, rookie, d)
        game.answer("use")
        pass_all(game)
        rolls = [e["text"] for e in game.log if e["kind"] == "dice" and e.get("ship") == rookie]
        assert len(rolls) == 1 and rolls[0].endswith("hit, hit, hit, hit")

    def test_faq_only_for_a_single_attack(self):
        """FAQ (1e), Jan Ors: her die is for one attack. An Outer Rim Smuggler (attack 2)
        with Gunner rolls 3 dice thanks to Jan, misses, and attacks again with Gunner: that
        attack rolls its own 2 dice (Jan, stressed now, is not asked again)."""
        sc = Scene(ruleset="1e")
        falcon = sc.ship("1e-yt1300-outerrimsmuggler", at=(400, 300, 0),
                         upgrades=["1e-gunner"])
        jan = sc.ship(self.JAN, at=(300, 200, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 530, 180))
        # attack 3 dice (2 and Jan's), defense 3, Gunner's attack 2, defense 3
        game = engage(sc, falcon, ["blank"] * 3, ["blank"] * 3,
                      then=[(DieKind.ATTACK, Face.BLANK)] * 2
                      + [(DieKind.DEFENSE, Face.BLANK)] * 3)
        declare(game, falcon, d)
        asked = []
        while game.decision is not None:
            dec = game.decision
            asked.append((dec.kind, dec.ship))
            if dec.kind == "use_ability":
                game.answer("use")
            elif dec.kind == "bonus_attack":
                game.answer(dec.options[0].key)
            else:
                game.answer("done" if "done" in dec.option_keys() else dec.options[0].key)
        assert asked.count(("use_ability", jan)) == 1
        falcon_rolls = [e["text"] for e in game.log if e["kind"] == "dice"
                        and e["text"].startswith("Outer Rim Smuggler rolls")]
        assert [len(r.split(", ")) for r in falcon_rolls] == [3, 2]


# ----------------------------------------------------------------- Captain Jonus
class TestCaptainJonus:
    JONUS = "1e-tiebomber-captainjonus"

    def scene(self, jonus_x: float = 480.0, upgrades=(APT,), own: bool = False):
        sc = Scene(ruleset="1e")
        shooter = self.JONUS if own else SCIMITAR
        a = sc.ship(shooter, at=(400, 300, 0), upgrades=list(upgrades), locks=["p2.1"])
        if not own:
            sc.ship(self.JONUS, at=(jonus_x, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        return sc, a, d

    def test_friend_rerolls_two_dice_of_a_secondary_weapon(self):
        """A friendly bomber at Range 1 of Jonus attacks with Advanced Proton Torpedoes:
        Jonus lets it reroll 2 blanks, which show hits."""
        sc, a, d = self.scene()
        game = engage(sc, a, ["blank", "blank", "blank", "blank", "blank"], ["blank"] * 3,
                      rerolls=["hit", "hit"])
        declare(game, a, d, weapon=APT)
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, self.JONUS)
        modify_with(game, self.JONUS)
        pass_all(game)
        assert "2 hit(s)" in neutralized(game)

    def test_faq_each_attack_of_cluster_missiles(self):
        """FAQ (1e), Captain Jonus: a friend attacking twice with Cluster Missiles may use
        his ability for each attack: it is offered in both attacks."""
        sc, a, d = self.scene(upgrades=("1e-clustermissiles",))
        game = engage(sc, a, ["blank"] * 6, ["blank"] * 6)
        declare(game, a, d, weapon="1e-clustermissiles")
        offered_in = 0
        while game.decision is not None:
            dec = game.decision
            if dec.kind == "modify_attack_dice" and offers(game, self.JONUS):
                offered_in += 1
            game.answer("done" if "done" in dec.option_keys() else dec.options[0].key)
        assert offered_in == 2

    def test_not_for_a_primary_attack_nor_beyond_range_1(self):
        """No secondary weapon (the bomber's primary), or Jonus at Range 2: not offered."""
        for weapon, x in ((None, 480.0), (APT, 600.0)):
            sc, a, d = self.scene(jonus_x=x)
            game = engage(sc, a, ["blank"] * 5, ["blank"] * 3)
            declare(game, a, d, weapon=weapon)
            skip_dice(game, "modify_attack_dice", a)
            assert not offers(game, self.JONUS)

    def test_not_his_own_attack(self):
        """"Another friendly ship": Jonus's own torpedo attack is not helped."""
        sc, a, d = self.scene(own=True)
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 3)
        declare(game, a, d, weapon=APT)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, self.JONUS)


# ------------------------------------------------------------------ Major Rhymer
class TestMajorRhymer:
    RHYMER = "1e-tiebomber-majorrhymer"

    def targets(self, pilot: str, range_: int) -> list[str]:
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=[APT], locks=["p2.1"])
        sc.ship(ACADEMY, player=2, at=(400, Y[range_], 180))
        game = engage(sc, a, [], [])
        return [o.info["weapon"] for o in game.decision.options if o.info]

    def test_range_1_torpedoes_reach_range_2(self):
        """Advanced Proton Torpedoes attack at Range 1 only; Major Rhymer may increase the
        range by 1: he may fire them at Range 2, a Scimitar pilot may not."""
        assert any("advprotontorpedoes" in w for w in self.targets(self.RHYMER, 2))
        assert not any("advprotontorpedoes" in w for w in self.targets(SCIMITAR, 2))

    def test_not_two_bands_away(self):
        """At Range 3 even Rhymer can't fire them (one band only)."""
        assert not any("advprotontorpedoes" in w for w in self.targets(self.RHYMER, 3))


# ------------------------------------------------------------------ Captain Kagi
class TestCaptainKagi:
    KAGI = "1e-lambdaclassshuttle-captainkagi"

    def scene(self, kagi_y: float = 600.0, kagi: str | None = None, **rookie):
        sc = Scene(ruleset="1e")
        r = sc.ship(ROOKIE, at=(400, 300, 0), **rookie)
        near = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        k = sc.ship(kagi or self.KAGI, player=2, at=(200, kagi_y, 180))
        return sc, r, near, k

    def lock_options(self, sc, r) -> list[str]:
        game = sc.at(PerformAction(r, during_activation=True), phase="activation")
        game.answer("lock")
        assert game.decision.kind == "lock_target"
        return values(game)

    def test_enemy_must_lock_kagi(self):
        """The rookie performs a target lock action with an Academy Pilot at Range 1 and
        Kagi at Range 2-3: only Kagi is offered. With an Omicron pilot instead of Kagi,
        both are."""
        sc, r, near, k = self.scene()
        assert self.lock_options(sc, r) == [k]
        sc, r, near, k = self.scene(kagi=OMICRON)
        assert set(self.lock_options(sc, r)) >= {near, k}

    def test_not_when_kagi_is_out_of_range(self):
        """Kagi beyond Range 3: the rookie locks whom it likes."""
        sc, r, near, _k = self.scene(kagi_y=880.0)
        sc.entries[2].at = (850, 880, 180)
        assert near in self.lock_options(sc, r)

    def test_faq_already_locking_kagi(self):
        """FAQ (1e), Captain Kagi: a ship with a target lock on Kagi can't lock a
        different ship while it could lock Kagi."""
        sc, r, _near, k = self.scene(locks=["p2.2"])
        assert self.lock_options(sc, r) == [k]

    def test_faq_cannot_choose_a_different_action(self):
        """FAQ (1e), Captain Kagi: having chosen the target lock action, the ship must
        acquire it on Kagi: the only answer is Kagi (no passing)."""
        sc, r, _near, k = self.scene()
        options = self.lock_options(sc, r)
        assert options == [k]

    def test_faq_fire_control_system_locks_the_defender(self):
        """FAQ (1e), Captain Kagi: an enemy with Fire-Control System in range of Kagi attacks
        another ship: its lock goes on the defender, not on Kagi."""
        sc, r, near, _k = self.scene(kagi=None)
        sc.entries[0].pilot = "1e-bwing-bluesquadronpilot"
        sc.entries[0].upgrades = ("1e-firecontrolsystem",)
        game = engage(sc, r, ["blank"] * 4, ["blank"] * 3)
        declare(game, r, near)
        pass_until(game, "use_ability", r)
        game.answer("use")
        assert game.state.ships[r].locks == [near]


# ---------------------------------------------------------------- Colonel Jendon
class TestColonelJendon:
    JENDON = "1e-lambdaclassshuttle-coloneljendon"

    def scene(self, friend: str = ROOKIE, friend_x: float = 520.0, **friend_setup):
        sc = Scene(ruleset="1e")
        j = sc.ship(self.JENDON, at=(400, 300, 0), locks=["p2.1"])
        f = sc.ship(friend, at=(friend_x, 300, 0), **friend_setup)
        e = sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        return sc, j, f, e

    def test_assigns_his_lock_to_a_friend_at_range_1(self):
        """Jendon locks the Academy Pilot; at the start of the Combat phase he assigns that
        lock to the rookie at Range 1: the rookie now has it, he no longer does."""
        sc, j, f, e = self.scene(friend=ROOKIE)
        game = sc.at(StartEngagement())
        assert game.decision.ship == j
        game.answer(f"{f}|{e}")
        assert game.state.ships[f].locks == [e]
        assert game.state.ships[j].locks == []

    def test_not_beyond_range_1_nor_to_a_locking_ship(self):
        """A friend at Range 2, or one that has a target lock already: nothing is asked."""
        for x, locks in ((650.0, []), (520.0, ["p2.1"])):
            sc, j, _f, _e = self.scene(friend_x=x, locks=locks)
            game = sc.at(StartEngagement())
            assert not (game.decision and game.decision.kind == "use_ability"
                        and game.decision.ship == j)

    def test_faq_friend_without_target_lock_action(self):
        """FAQ (1e), Colonel Jendon: the friend need not have the target lock action: an
        Academy Pilot's TIE fighter (no target lock on its bar) receives it."""
        sc = Scene(ruleset="1e")
        j = sc.ship(self.JENDON, at=(400, 300, 0), locks=["p2.1"])
        tie = sc.ship(ACADEMY, at=(520, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(StartEngagement())
        assert game.decision.ship == j
        ship = game.state.ships[tie]
        assert "lock" not in [s.kind for s in ship.actions]
        game.answer(f"{tie}|p2.1")
        assert ship.locks == ["p2.1"]


# ------------------------------------------------------------------ Captain Yorr
class TestCaptainYorr:
    YORR = "1e-lambdaclassshuttle-captainyorr"

    def scene(self, yorr_x: float = 400.0, cards=CARDS, **yorr):
        sc = Scene(ruleset="1e", cards=cards)
        tie = sc.ship(ACADEMY, at=(520, 200, 0))
        y = sc.ship(self.YORR, at=(yorr_x, 200, 0), **yorr)
        sc.ship(ROOKIE, player=2, at=(400, 880, 180))
        return sc, tie, y

    def test_takes_the_stress_of_a_red_maneuver(self):
        """A friendly TIE at Range 1 flies a red K-turn: Yorr receives its stress token
        instead."""
        sc, tie, y = self.scene()
        game = activation(sc, tie, "4KR")
        pass_until(game, "replacement", y)
        game.answer("use")
        pass_all(game)
        assert not game.state.ships[tie].stressed
        assert game.state.ships[y].count(Token.STRESS) == 1

    def test_not_with_three_stress_or_beyond_range_2(self):
        """Yorr with 3 stress tokens, or at Range 3 of the TIE: the TIE keeps its stress."""
        for x, stress in ((400.0, 3), (800.0, 0)):
            sc, tie, _y = self.scene(yorr_x=x, stress=stress)
            game = activation(sc, tie, "4KR")
            kinds = pass_all(game)
            assert "replacement" not in kinds
            assert game.state.ships[tie].stressed

    def test_faq_stress_paid_as_a_cost_is_not_intercepted(self):
        """FAQ (1e), Captain Yorr: intercepting a stress token paid as the cost of another
        ship's ability means that ability does not resolve, which leaves that ship as if it
        had not used it; Tallon does not offer it (ruling): an ability costing 1 stress
        resolves with its stress on its own ship."""
        mine = CardRegistry("test", base=CARDS)
        mine.register("pilot", ACADEMY, Triggered(
            "receive 1 stress: gain 1 focus", window="start_engagement",
            cost=Cost(gain=(("stress", 1),)),
            effect=lambda ctx, choice: ctx.ship.tokens.__setitem__(Token.FOCUS, 1)),
            description="a test ability")
        sc, tie, _y = self.scene(cards=mine)
        game = sc.at(StartEngagement())
        pass_until(game, "use_ability", tie)
        game.answer("use")
        assert game.decision is None or game.decision.kind != "replacement"
        assert game.state.ships[tie].stressed and game.state.ships[tie].has(Token.FOCUS)

    def test_faq_stress_from_an_ability_resolves_then_yorr_receives_it(self):
        """FAQ (1e), Captain Yorr: a stress token resulting from an ability (here Rebel
        Captive's, given to the TIE that declares its ship as target) may be intercepted:
        the ability has resolved, and Yorr receives the token."""
        sc = Scene(ruleset="1e")
        tie = sc.ship(ACADEMY, at=(400, 300, 0))
        y = sc.ship(self.YORR, at=(280, 300, 0))
        hwk = sc.ship(OPERATIVE, player=2, at=(400, Y[2], 180),
                      upgrades=["1e-rebelcaptive"])
        game = engage(sc, tie, ["blank"] * 3, ["blank"] * 2)
        declare(game, tie, hwk)
        assert game.decision.kind == "replacement" and game.decision.ship == y
        game.answer("use")
        pass_all(game)
        assert game.state.ships[y].stressed and not game.state.ships[tie].stressed


