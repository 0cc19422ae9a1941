"""First-edition wave 4 upgrades, continued: astromechs, crew, systems, modifications and
titles (the talents and weapons are in test_upgrades_wave4.py). Scenes on a first-edition
table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing it; with
small bases 380 / 490 / 550 mm put a ship ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.dice import DieKind, Face
from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartActivation, Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.helpers_1e import attack_to_end, has_card, neutralized
from tests.cards.first_edition.test_upgrades_wave4 import (
    ACADEMY,
    BANDIT,
    KNAVE,
    ROOKIE,
    Y,
    duel,
)
from tests.cards.helpers import (
    Give,
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
    values,
)


# ----------------------------------------------------------------- R7 Astromech
class TestR7Astromech:
    R7 = "1e-r7astromech"

    def _attacked(self, locks=("p2.1",), used=False):
        sc = Scene(ruleset="1e")
        d = sc.ship(KNAVE, at=(400, 300, 0), upgrades=[self.R7], locks=list(locks))
        a = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit", "hit"], ["blank"] * 3, rerolls=["blank", "blank"])
        if used:
            game.state.ships[d].remember(f"{self.R7}:round", game.state.round)
        declare(game, a, d)
        return game, a, d

    def test_attacker_rerolls_the_chosen_dice(self):
        """The E-wing defends with a lock on the attacker: it spends the lock to make the
        TIE reroll both hits, which come up blank: the attack misses."""
        game, a, d = self._attacked()
        skip_dice(game, "modify_attack_dice", d)
        modify_with(game, self.R7, "2")
        skip_dice(game)
        assert "misses" in neutralized(game)
        assert a not in game.state.ships[d].locks

    def test_not_without_a_lock_on_the_attacker(self):
        """No lock on the attacker: nothing offered; the attack hits."""
        game, _a, _d = self._attacked(locks=())
        while game.decision is not None:
            assert not offers(game, self.R7)
            game.answer("done" if "done" in values(game) else values(game)[0])
        assert "hits" in neutralized(game)

    def test_once_per_round(self):
        """Used once this round already (a second attack, lock reacquired): not offered."""
        game, _a, _d = self._attacked(used=True)
        assert not offers(game, self.R7)


# ---------------------------------------------------------------------- R7-T1
class TestR7T1:
    R7T1 = "1e-r7t1"

    def _act(self, enemy_heading):
        sc = Scene(ruleset="1e")
        a = sc.ship(KNAVE, at=(400, 300, 0), upgrades=[self.R7T1])
        e = sc.ship(ACADEMY, player=2, at=(400, Y[2], enemy_heading))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("1e-r7t1:r7t1")
        return game, a, e

    def test_lock_then_boost(self):
        """Inside the TIE's firing arc at Range 2: the E-wing locks it, then boosts."""
        game, a, e = self._act(180)
        if game.decision.kind == "card_action":
            game.answer(e)
        assert game.decision.kind == "use_ability"
        game.answer("lock")
        assert e in game.state.ships[a].locks
        assert game.decision.kind == "perform_action" and "boost" in values(game)
        game.answer("boost")
        game.answer("straight")
        pass_all(game)
        assert game.state.ships[a].pose.y > 300

    def test_faq_boost_even_without_the_lock(self):
        """FAQ (1e), R7-T1: outside the TIE's arc (it faces away) no lock, but the boost
        is still offered."""
        game, a, e = self._act(0)
        if game.decision.kind == "card_action":
            game.answer(e)
        assert game.decision.kind == "perform_action" and "boost" in values(game)
        assert not game.state.ships[a].locks

    def test_no_enemy_in_range(self):
        """No enemy at Range 1-2: the action is not offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(KNAVE, at=(400, 300, 0), upgrades=[self.R7T1])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        assert "1e-r7t1:r7t1" not in values(game)


# ------------------------------------------------------------------- Tactician
class TestTactician:
    def _shot(self, range_, dice=("hit", "blank", "blank"), upgrades=("1e-tactician",)):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-yt1300-hansolo", at=(400, 300, 0), upgrades=list(upgrades))
        d = sc.ship(ACADEMY, player=2, at=(400, {1: 400.0, 2: 510.0}[range_], 180))
        game = attack_to_end(sc, a, d, list(dice), ["blank"] * 3)
        return game, a, d

    def test_stress_at_range_2_in_arc(self):
        """Han Solo attacks a TIE inside his firing arc at Range 2: it receives a stress
        token, hit or miss; without Tactician it does not."""
        game, _a, d = self._shot(2, dice=("blank",) * 3)
        pass_all(game)
        assert game.state.ships[d].stressed
        game, _a, d = self._shot(2, upgrades=())
        pass_all(game)
        assert not game.state.ships[d].stressed

    def test_not_at_range_1(self):
        """At Range 1: no stress."""
        game, _a, d = self._shot(1)
        pass_all(game)
        assert not game.state.ships[d].stressed

    def test_faq_gunner_first_attack_miss_still_stresses(self):
        """FAQ (1e), Tactician: with Gunner, the first attack misses and the defender still
        receives the stress token (before the Gunner attack)."""
        game, a, d = self._shot(2, dice=("blank",) * 3,
                                upgrades=("1e-tactician", "1e-gunner"))
        pass_until(game, "use_ability", a)
        assert game.state.ships[d].count(Token.STRESS) == 1

    def test_faq_once_after_an_attack_made_twice(self):
        """FAQ (1e), Tactician: a Firespray-31's Cluster Missiles attack, made twice at
        Range 2 inside its arc, gives the defender 1 stress token only, after the second
        attack."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-firespray31-bountyhunter", at=(400, 300, 0), locks=["p2.1"],
                    upgrades=["1e-tactician", "1e-clustermissiles"])
        d = sc.ship(ACADEMY, player=2, at=(400, 520, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3,
                      then=[(DieKind.ATTACK, Face.BLANK)] * 3
                      + [(DieKind.DEFENSE, Face.BLANK)] * 3)
        declare(game, a, d, "1e-clustermissiles")
        pass_all(game)
        assert len([e for e in game.log if e["kind"] == "neutralize"]) == 2
        assert game.state.ships[d].count(Token.STRESS) == 1


# -------------------------------------------------------------- Enhanced Scopes
class TestEnhancedScopes:
    def _order(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-ewing-corranhorn", at=(400, 300, 0), upgrades=upgrades)
        t = sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[a].dial_set = "1FB"
        game.state.ships[t].dial_set = "1FW"
        start_at(game, StartActivation(), Sweep("activation"),
                 FireWindow.of("end_activation"), phase="activation")
        pass_all(game)
        moved = [e.get("ship") for e in game.log if e["kind"] == "move"]
        return game, a, t, moved

    def test_activates_at_pilot_skill_0(self):
        """Corran Horn (skill 8) with Enhanced Scopes activates before an Academy Pilot
        (skill 1): his skill is 0 during the Activation phase, his own again afterwards."""
        game, a, t, moved = self._order(["1e-enhancedscopes"])
        assert moved.index(a) < moved.index(t)
        assert game.state.ships[a].current_initiative == 8

    def test_without_the_scopes(self):
        """Without it Corran (skill 8) activates after the Academy Pilot (skill 1)."""
        _game, a, t, moved = self._order([])
        assert moved.index(a) > moved.index(t)


# ----------------------------------------------------------------- Kyle Katarn
class TestKyleKatarn:
    def _green(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-yt1300-hansolo", at=(400, 300, 0), upgrades=upgrades, stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, a, "1FB"), a

    def test_focus_after_removing_stress(self):
        """Han Solo with Kyle Katarn executes a green maneuver, removing his stress token:
        he may assign himself a focus token."""
        game, a = self._green(["1e-kylekatarn"])
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].has(Token.FOCUS) and not game.state.ships[a].stressed

    def test_not_without_removing_stress(self):
        """A white maneuver removes nothing: no focus offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-yt1300-hansolo", at=(400, 300, 0), upgrades=["1e-kylekatarn"],
                    stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2BW")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].has(Token.FOCUS)


# --------------------------------------------------------------------- Jan Ors
class TestJanOrs:
    def _focus(self, upgrades=("1e-janors",), friend_x=500.0):
        sc = Scene(ruleset="1e")
        sc.ship("1e-hwk290-rebeloperative", at=(300, 300, 0), upgrades=list(upgrades))
        f = sc.ship(ROOKIE, at=(friend_x, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(f, during_activation=True), phase="activation")
        game.answer("focus")
        return game, f

    def test_evade_instead_of_focus(self):
        """A friendly X-wing at Range 1-3 performs a focus action: Jan Ors assigns it an
        evade token instead."""
        game, f = self._focus()
        assert game.decision.kind == "replacement"
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[f]
        assert ship.has(Token.EVADE) and not ship.has(Token.FOCUS)

    def test_once_per_round(self):
        """Used once this round: a second focus token is a focus token."""
        game, f = self._focus()
        game.answer("use")
        pass_all(game)
        from tallon.scene import start_at

        start_at(game, Give(f, "focus"), phase="activation")
        assert game.decision is None and game.state.ships[f].has(Token.FOCUS)

    def test_not_beyond_range_3(self):
        """The friend 700 mm away gets its focus token."""
        game, f = self._focus(friend_x=1000.0)
        assert game.decision is None or game.decision.kind != "replacement"
        pass_all(game)
        assert game.state.ships[f].has(Token.FOCUS)

    def test_faq_recon_specialist_focus_and_evade(self):
        """FAQ (1e), Jan Ors: the ship with Jan Ors and Recon Specialist performing a focus
        action may end with 1 focus and 1 evade token."""
        sc = Scene(ruleset="1e")
        h = sc.ship("1e-hwk290-rebeloperative", at=(300, 300, 0),
                    upgrades=["1e-janors", "1e-reconspecialist"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(h, during_activation=True), phase="activation")
        game.answer("focus")
        pass_until(game, "replacement", h)
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[h]
        assert ship.count(Token.EVADE) == 1 and ship.count(Token.FOCUS) == 1


# ---------------------------------------------------------- Munitions Failsafe
class TestMunitionsFailsafe:
    def _shot(self, dice, defense, upgrades=("1e-munitionsfailsafe",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(BANDIT, at=(400, 300, 0), locks=["p2.1"],
                    upgrades=["1e-concussionmissiles", *upgrades])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, a, d, dice, defense, weapon="1e-concussionmissiles")
        pass_all(game)
        return game, a

    def test_miss_keeps_the_missiles(self):
        """The missiles miss: the card stays (and may be fired again); without Munitions
        Failsafe it is discarded."""
        game, a = self._shot(["blank"] * 4, ["blank"] * 3)
        assert has_card(game, a, "1e-concussionmissiles")
        from tallon.cards.first_edition.ordnance_1e import is_discarded

        assert not is_discarded(game.state.ships[a], "1e-concussionmissiles")
        game, a = self._shot(["blank"] * 4, ["blank"] * 3, upgrades=())
        assert not has_card(game, a, "1e-concussionmissiles")

    def test_hit_discards(self):
        """The missiles hit: the card is discarded."""
        game, a = self._shot(["hit"] * 4, ["blank"] * 3)
        assert not has_card(game, a, "1e-concussionmissiles")

    def test_faq_cluster_missiles_both_attacks_must_miss(self):
        """FAQ (1e), Cluster Missiles: with Munitions Failsafe both attacks must miss for
        the card to stay: the first hits and the second misses, it is discarded; both
        miss, it stays."""
        for first, kept in (("hit", False), ("blank", True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(BANDIT, at=(400, 300, 0), locks=["p2.1"],
                        upgrades=["1e-clustermissiles", "1e-munitionsfailsafe"])
            d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
            game = engage(sc, a, [first, "blank", "blank"], ["blank"] * 3,
                          then=[(DieKind.ATTACK, Face.BLANK)] * 3
                          + [(DieKind.DEFENSE, Face.BLANK)] * 3)
            declare(game, a, d, "1e-clustermissiles")
            pass_all(game)
            assert has_card(game, a, "1e-clustermissiles") is kept

    def test_not_a_weapon_that_is_not_discarded(self):
        """A primary attack that misses: nothing happens (nothing to keep)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BANDIT, at=(400, 300, 0), upgrades=["1e-munitionsfailsafe"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        pass_all(game)
        assert not any("Munitions Failsafe" in e["text"] for e in game.log)


# ------------------------------------------- cards the engine plays at build
class TestGrantCards:
    def test_targeting_computer_adds_target_lock(self):
        """A TIE fighter has no target lock on its bar: with Targeting Computer it may
        acquire a target lock."""
        for upgrades, expected in (([], False), (["1e-targetingcomputer"], True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ACADEMY, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("lock" in values(game)) is expected

    def test_hull_upgrade_adds_hull(self):
        """Hull Upgrade: hull 3 becomes 4."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-hullupgrade"])
        b = sc.ship(ROOKIE, at=(200, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        assert (game.state.ships[a].hull, game.state.ships[b].hull) == (4, 3)

    def test_titles_only_change_the_upgrade_bar(self):
        """Royal Guard TIE, A-wing Test Pilot, B-wing/E2 and Chardaan Refit have no ability
        in play (squad building only): they are played with no abilities, and the squad
        check grants their slots."""
        for card in ("1e-royalguardtie", "1e-awingtestpilot", "1e-bwinge2",
                     "1e-chardaanrefit"):
            assert CARDS.implements("upgrade", card)
            assert not CARDS.spec("upgrade", card).abilities()

    def test_faq_discarding_royal_guard_tie_keeps_the_second_modification(self):
        """FAQ (1e), Boba Fett: discarding a card that allowed another to be equipped
        (Royal Guard TIE) does not discard that card: both modifications stay."""
        from tallon.cards.first_edition.ordnance_1e import discard_upgrade

        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tieinterceptor-royalguardpilot", at=(400, 300, 0),
                    upgrades=["1e-royalguardtie", "1e-targetingcomputer", "1e-hullupgrade"])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.game()
        discard_upgrade(game, game.state.ships[a], "1e-royalguardtie")
        assert not has_card(game, a, "1e-royalguardtie")
        assert has_card(game, a, "1e-targetingcomputer") and has_card(game, a, "1e-hullupgrade")

    def test_slot_grants_in_the_squad_check(self):
        """Squad check: A-wing Test Pilot lets a Green Squadron Pilot equip 2 elite talents,
        B-wing/E2 a Blue Squadron Pilot a crew card, Royal Guard TIE a second modification;
        without the grant the extra card is refused."""
        from tests.squads.test_squads_1e import _check, _pilot

        assert _check("rebel", _pilot("greensquadronpilot", "awing", title=["awingtestpilot"],
                                      ept=["predator", "wingman"])).legal
        assert not _check("rebel", _pilot("greensquadronpilot", "awing",
                                          ept=["predator", "wingman"])).legal
        assert _check("rebel", _pilot("bluesquadronpilot", "bwing", mod=["bwinge2"],
                                      crew=["janors"])).legal
        assert not _check("rebel", _pilot("bluesquadronpilot", "bwing", crew=["janors"])).legal
        assert _check("imperial", _pilot("royalguardpilot", "tieinterceptor",
                                         title=["royalguardtie"],
                                         mod=["targetingcomputer", "hullupgrade"])).legal


# ------------------------------------------------ Stygium Particle Accelerator
class TestStygiumParticleAccelerator:
    SPA = "1e-stygiumparticleaccelerator"
    PHANTOM = "1e-tiephantom-sigmasquadronpilot"

    def _phantom(self, upgrades, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.PHANTOM, at=(400, 300, 0), upgrades=upgrades, **setup)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return sc, a

    def test_evade_after_the_cloak_action(self):
        """The Phantom performs a cloak action: it may then perform a free evade action;
        without the card it has no evade."""
        sc, a = self._phantom([self.SPA])
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("cloak")
        assert game.decision.kind == "use_ability" and "evade" in values(game)
        game.answer("evade")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.CLOAK) and ship.has(Token.EVADE)
        sc, a = self._phantom([])
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("cloak")
        pass_all(game)
        assert not game.state.ships[a].has(Token.EVADE)

    def test_evade_after_decloaking(self):
        """The cloaked Phantom decloaks (a boost): it may perform a free evade action."""
        from tallon.engine.movement import Decloak

        sc, a = self._phantom([self.SPA], cloak=1)
        game = sc.at(Decloak(a), phase="system")
        game.answer("boost")
        pass_until(game, "use_ability", a)
        game.answer("evade")
        pass_all(game)
        ship = game.state.ships[a]
        assert not ship.has(Token.CLOAK) and ship.has(Token.EVADE)

    def test_not_after_other_actions(self):
        """A focus action offers no evade."""
        sc, a = self._phantom([self.SPA])
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None

    def test_faq_evade_from_a_decloak_after_the_end_phase_stays(self):
        """FAQ (1e), Stygium Particle Accelerator: a decloak at the end of the round (as
        Cloaking Device forces, after the End phase has removed tokens) gives an evade
        token that is not discarded: it is still there afterwards."""
        from tallon.engine.movement import Decloak
        from tallon.engine.rounds import EndPhase

        sc, a = self._phantom([self.SPA], cloak=1)
        game = sc.at(EndPhase(), Decloak(a), phase="end")
        game.answer("boost")
        pass_until(game, "use_ability", a)
        game.answer("evade")
        pass_all(game)
        assert game.state.ships[a].has(Token.EVADE)


# --------------------------------------------------- Advanced Cloaking Device
class TestAdvancedCloakingDevice:
    ACD = "1e-advancedcloakingdevice"
    PHANTOM = "1e-tiephantom-sigmasquadronpilot"

    def test_cloaks_after_attacking(self):
        """After attacking, the Phantom performs a free cloak action."""
        sc, a, d = duel(self.PHANTOM, defender=ROOKIE, upgrades=[self.ACD])
        game = attack_to_end(sc, a, d, ["blank"] * 4, ["blank"] * 2)
        pass_until(game, "use_ability", a)
        assert "cloak" in values(game)
        game.answer("cloak")
        pass_all(game)
        assert game.state.ships[a].has(Token.CLOAK)

    def test_not_when_defending(self):
        """Attacked, the Phantom is offered no cloak."""
        sc, a, d = duel(self.PHANTOM, defender=ROOKIE, upgrades=[self.ACD])
        game = attack_to_end(sc, d, a, ["blank"] * 3, ["blank"] * 2)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].has(Token.CLOAK)

    def test_faq_not_while_stressed(self):
        """FAQ (1e), Advanced Cloaking Device: a stressed ship performs no action, so no
        free cloak."""
        sc, a, d = duel(self.PHANTOM, defender=ROOKIE, upgrades=[self.ACD], stress=1)
        game = attack_to_end(sc, a, d, ["blank"] * 4, ["blank"] * 2)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].has(Token.CLOAK)
