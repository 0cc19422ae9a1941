"""First-edition weapons, "Genius", titles and modifications of the YT-2400 Freighter, VT-49
Decimator and Most Wanted expansion packs. Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing it. A small ship at
(400, 300) has an enemy small ship ahead at Range 1 / 2 / 3 at y = 380 / 490 / 550."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.card_values import agility
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    activation,
    engage,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
FRINGER = "1e-yt2400-wildspacefringer"
PATROL = "1e-vt49decimator-patrolleader"
THUG = "1e-ywing-syndicatethug"
SPICE = "1e-hwk290-spicerunner"
BLACKSUN = "1e-z95headhunter-blacksunsoldier"
C = "1e-core-"


def has_card(game, ship: str, card: str) -> bool:
    return card in game.state.ships[ship].upgrades


def dice_done(game) -> None:
    while game.decision is not None and game.decision.kind.startswith(("modify_", "cancel_")):
        game.answer("done")


# --------------------------------------------------------------- Ion Torpedoes
class TestIonTorpedoes:
    TORP = "1e-iontorpedoes"

    def _fire(self, dice):
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.TORP], locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        near = sc.ship(ACADEMY, player=2, at=(470, 490, 180))
        far = sc.ship(ACADEMY, player=2, at=(750, 490, 180))
        game = engage(sc, a, dice, ["blank"] * 3)
        declare(game, a, d, self.TORP)
        dice_done(game)
        pass_all(game)
        return game, a, d, near, far

    def test_hit_ionizes_the_defender_and_its_neighbours(self):
        """The torpedoes hit at Range 2: the defender suffers the damage and receives an ion
        token, so does the TIE at Range 1 of it, not the far one; the lock is spent and the
        card discarded."""
        game, a, d, near, far = self._fire(["hit"] * 4)
        s = game.state.ships
        assert s[d].has(Token.ION) and s[near].has(Token.ION) and not s[far].has(Token.ION)
        assert s[d].destroyed or s[d].damage
        assert not s[a].locks and not has_card(game, a, self.TORP)

    def test_miss_no_ion(self):
        """A miss: no ion token anywhere."""
        game, _, d, near, _ = self._fire(["blank"] * 4)
        s = game.state.ships
        assert not s[d].has(Token.ION) and not s[near].has(Token.ION)

    def test_needs_a_lock(self):
        """Without a target lock the torpedoes can't be declared."""
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.TORP])
        sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit"] * 4, ["blank"] * 3)
        assert not any(k.startswith(self.TORP) for k in values(game))


# ------------------------------------------------------------- Hot Shot Blaster
class TestHotShotBlaster:
    HOT = "1e-hotshotblaster"

    def test_attacks_outside_the_arc_then_discarded(self):
        """A Z-95 attacks a TIE beside it with the blaster (3 dice); the card is then
        discarded and can't be declared again."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BLACKSUN, at=(400, 300, 0), upgrades=[self.HOT])
        d = sc.ship(ACADEMY, player=2, at=(500, 300, 90))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        assert f"{self.HOT}@{d}" in values(game) and f"primary:front@{d}" not in values(game)
        declare(game, a, d, self.HOT)
        assert len(rolled(game, a)) == 3
        pass_all(game)
        assert not has_card(game, a, self.HOT)

    def test_not_beyond_range_2(self):
        """A TIE at Range 3 ahead: the blaster can't reach it."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BLACKSUN, at=(400, 300, 0), upgrades=[self.HOT])
        d = sc.ship(ACADEMY, player=2, at=(400, 550, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        assert f"{self.HOT}@{d}" not in values(game)


# ---------------------------------------------------------- Autoblaster Turret
class TestAutoblasterTurret:
    TURRET = "1e-autoblasterturret"

    def _fire(self, dice, defense, evade=0, y=380.0, x=400.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.TURRET])
        d = sc.ship(ACADEMY, player=2, at=(x, y, 180), evade=evade)
        game = engage(sc, a, dice, defense)
        return game, a, d

    def test_hits_not_canceled(self):
        """Two hits against two evades: both hits stay (any direction: a TIE beside the
        HWK)."""
        game, a, d = self._fire(["hit", "hit"], ["evade", "evade"], x=480, y=300)
        declare(game, a, d, self.TURRET)
        dice_done(game)
        assert "2 hit(s), 0 critical hit(s)" in neutralized(game)

    def test_evades_cancel_crits_first(self):
        """A hit and a critical hit against one evade: the evade cancels the critical hit,
        the hit stays."""
        game, a, d = self._fire(["hit", "crit"], ["evade", "blank"])
        declare(game, a, d, self.TURRET)
        dice_done(game)
        assert "1 hit(s), 0 critical hit(s)" in neutralized(game)

    def test_evade_token_cannot_cancel_hits(self):
        """As FAQ (1e), Autoblaster: the defender spends its evade token (an added evade
        result), which cannot cancel the hits."""
        game, a, d = self._fire(["hit", "hit"], ["blank", "blank"], evade=1)
        declare(game, a, d, self.TURRET)
        skip_dice(game, "modify_defense_dice", d)
        game.answer(next(k for k in values(game) if k.startswith("evade")))
        dice_done(game)
        assert not game.state.ships[d].has(Token.EVADE)
        assert "2 hit(s)" in neutralized(game)

    def test_only_at_range_1(self):
        """A TIE at Range 2: out of the turret's range."""
        game, _, d = self._fire(["hit"], ["blank"], y=490)
        assert f"{self.TURRET}@{d}" not in values(game)


# ----------------------------------------------------------------------- "Genius"
class TestGenius:
    GENIUS = "1e-genius"
    CHARGES = "1e-seismiccharges"

    def _flight(self, upgrades, at_reveal):
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 200, 0), upgrades=["1e-bombloadout", *upgrades])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2FB")
        assert game.decision.kind == "launch_device"
        game.answer("1F" if at_reveal else "decline")
        return game, a

    def test_faq_drops_after_the_maneuver(self):
        """FAQ (1e) errata: declining the drop at the reveal, after the 2 straight he drops
        the charge behind his new position instead."""
        game, a = self._flight([self.GENIUS, self.CHARGES], False)
        pass_until(game, "launch_device", a)
        key = next(k for k in values(game) if k.endswith("@" + self.CHARGES))
        game.answer(key)
        pass_all(game)
        (device,) = game.state.devices.values() if isinstance(game.state.devices, dict) \
            else game.state.devices
        pose = device.pose if hasattr(device, "pose") else device.body.pose
        assert pose.y > 200 and not has_card(game, a, self.CHARGES)

    def test_not_without_genius(self):
        """Without "Genius", declining at the reveal means no drop this round."""
        game, a = self._flight([self.CHARGES], False)
        kinds = pass_all(game)
        assert "launch_device" not in kinds and has_card(game, a, self.CHARGES)

    def test_faq_one_drop_a_round(self):
        """FAQ (1e) Q&A: dropped at the reveal, nothing more after the maneuver."""
        game, _ = self._flight([self.GENIUS, self.CHARGES], True)
        assert "launch_device" not in pass_all(game)


# ------------------------------------------------- Bomb Loadout, Andrasta
class TestBombLoadout:
    def _report(self, upgrades):
        from tallon.squads import check_squad_1e, read_xws_1e

        imported = read_xws_1e({"version": "1.0.0", "faction": "scum", "pilots": [
            {"name": "syndicatethug", "ship": "ywing", "upgrades": upgrades}]})
        return check_squad_1e(imported.squad, points=100, errors=imported.errors)

    def test_adds_a_bomb_icon(self):
        """A Syndicate Thug may carry Seismic Charges with Bomb Loadout, not without."""
        assert self._report({"torpedo": ["bombloadout"], "bomb": ["seismiccharges"]}).legal
        assert not self._report({"bomb": ["seismiccharges"]}).legal

    def test_plays_with_the_bomb(self):
        """In play the card does nothing itself: the charges it carries drop as usual."""
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=["1e-bombloadout", "1e-seismiccharges"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2FB")
        assert game.decision.kind == "launch_device"


class TestAndrasta:
    def _report(self, bombs, title=("andrasta",)):
        from tallon.squads import check_squad_1e, read_xws_1e

        upgrades = {"bomb": bombs}
        if title:
            upgrades["title"] = list(title)
        imported = read_xws_1e({"version": "1.0.0", "faction": "scum", "pilots": [
            {"name": "mandalorianmercenary", "ship": "firespray31", "upgrades": upgrades}]})
        return check_squad_1e(imported.squad, points=100, errors=imported.errors)

    def test_three_bombs(self):
        """With Andrasta a Firespray carries 3 bomb cards; 4 are too many, and without it
        3 are."""
        assert self._report(["seismiccharges", "protonbombs", "proximitymines"]).legal
        assert not self._report(["seismiccharges", "protonbombs", "proximitymines",
                                 "seismiccharges"]).legal
        assert not self._report(["seismiccharges", "protonbombs", "proximitymines"],
                                title=()).legal


# ---------------------------------------------------------------------- Outrider
class TestOutrider:
    HLC = "1e-heavylasercannon"

    def _targets(self, upgrades, x=400.0, y=520.0, heading=180.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 300, 0), upgrades=upgrades)
        d = sc.ship(ACADEMY, player=2, at=(x, y, heading))
        game = engage(sc, a, ["hit"] * 4, ["blank"] * 3)
        return values(game), d

    def test_cannon_outside_the_arc_and_no_primary(self):
        """With Outrider and a Heavy Laser Cannon: no primary weapon attack; the cannon may
        attack a TIE behind the YT-2400 at Range 2; without Outrider it can't."""
        keys, d = self._targets(["1e-outrider", self.HLC], y=100, heading=0)
        assert f"{self.HLC}@{d}" in keys and not any(k.startswith("primary") for k in keys)
        keys, d = self._targets([self.HLC], y=100, heading=0)
        assert f"{self.HLC}@{d}" not in keys and any(k.startswith("primary") for k in keys)

    def test_primary_without_a_cannon(self):
        """With Outrider but no cannon, the primary weapon attacks as usual."""
        keys, d = self._targets(["1e-outrider"])
        assert any(k.startswith("primary") and k.endswith(d) for k in keys)


# ---------------------------------------------------------------------- Dauntless
class TestDauntless:
    DAUNTLESS = "1e-dauntless"

    def _bump(self, dial, upgrades=("1e-dauntless",), **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0), upgrades=list(upgrades), **setup)
        sc.ship(ROOKIE, player=2, at=(400, 395, 180))
        return activation(sc, a, dial), a

    def test_free_action_then_stress_after_a_bump(self):
        """The Decimator's white 1 straight bumps an X-wing: it may focus (a free action),
        then receives a stress token."""
        game, a = self._bump("1FW")
        pass_until(game, "use_ability", a)
        assert "focus" in values(game)
        game.answer("focus")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.FOCUS) and ship.has(Token.STRESS)

    def test_not_without_a_bump(self):
        """A 1 straight with nothing ahead: nothing offered; a bump without Dauntless:
        nothing either."""
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0), upgrades=[self.DAUNTLESS])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = activation(sc, a, "1FW")
        assert "use_ability" not in pass_all(game)
        game, a = self._bump("1FW", upgrades=())
        assert "use_ability" not in pass_all(game)

    def test_faq_red_maneuver_no_free_action(self):
        """FAQ (1e), Dauntless: after a red maneuver that overlaps a ship (stressed by it)
        it cannot perform the free action: here Stay on Target turns the revealed 1 bank
        into a red 1 straight into the X-wing; the white 1 straight gets the action."""
        game, a = self._bump("1BW", upgrades=(self.DAUNTLESS, "1e-stayontarget"))
        pass_until(game, "use_ability", a)
        game.answer("1FW")
        kinds = pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.STRESS) and not ship.has(Token.FOCUS)
        assert kinds.count("use_ability") == 0

    def test_faq_green_maneuver_stress_stays(self):
        """FAQ (1e), Dauntless: a green 2 straight that overlaps the X-wing: the free action
        and its stress come after the green maneuver removed the old stress - the new one
        stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0), upgrades=[self.DAUNTLESS], stress=1)
        sc.ship(ROOKIE, player=2, at=(400, 430, 180))
        game = activation(sc, a, "2FB")
        pass_until(game, "use_ability", a)
        game.answer("focus")
        pass_all(game)
        assert game.state.ships[a].count(Token.STRESS) == 1

    def test_faq_daredevil_as_the_free_action(self):
        """FAQ (1e), Dauntless: the free action may be Daredevil's action."""
        game, a = self._bump("1FW", upgrades=(self.DAUNTLESS, "1e-daredevil"))
        pass_until(game, "use_ability", a)
        assert any("daredevil" in k for k in values(game))


# ------------------------------------------------------------------- BTL-A4 Y-wing
class TestBtlA4Ywing:
    BTL = "1e-btla4ywing"
    TURRET = "1e-ioncannonturret"

    def _primary(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=upgrades)
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 2, ["blank"] * 3,
                      then=[])
        load_dice(game, ["blank"] * 2, ["blank"] * 3)
        declare(game, a, d, "primary:front")
        dice_done(game)
        return game, a, d

    def test_turret_attack_after_the_primary_attack(self):
        """After the primary weapon attack he may attack with the ion cannon turret; without
        the title no second attack."""
        game, a, d = self._primary([self.BTL, self.TURRET])
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.decision.kind == "bonus_attack" and f"{self.TURRET}@{d}" in values(game)
        game, a, _ = self._primary([self.TURRET])
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds

    def test_no_attack_outside_the_firing_arc(self):
        """With the title his turret can't attack a TIE beside him; without, it can."""
        for upgrades, can in (([self.BTL, self.TURRET], False), ([self.TURRET], True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(THUG, at=(400, 300, 0), upgrades=upgrades)
            d = sc.ship(ACADEMY, player=2, at=(520, 300, 90))
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
            keys = values(game) if game.decision is not None else []
            assert (f"{self.TURRET}@{d}" in keys) is can


# ------------------------------------------------------------ Experimental Interface
class TestExperimentalInterface:
    EI = "1e-experimentalinterface"
    LANDO = "1e-landocalrissian"

    def _after_focus(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 300, 0), upgrades=upgrades)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        load_dice(game, (), ["evade", "blank"])
        game.answer("focus")
        return game, a

    def test_upgrade_action_then_stress(self):
        """After his focus action he performs Lando's action for free (an evade token) and
        receives a stress token."""
        game, a = self._after_focus([self.EI, self.LANDO])
        pass_until(game, "use_ability", a)
        assert values(game) == [self.LANDO, "decline"] or self.LANDO in values(game)
        game.answer(self.LANDO)
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.EVADE) and ship.has(Token.STRESS)

    def test_not_a_bar_action_nor_without_the_card(self):
        """It offers no action of the action bar: with no upgrade action nothing is asked;
        without the card Lando's action is not offered again."""
        game, _ = self._after_focus([self.EI])
        assert "use_ability" not in pass_all(game)
        game, _ = self._after_focus([self.LANDO])
        assert "use_ability" not in pass_all(game)

    def test_faq_with_push_the_limit(self):
        """FAQ (1e), Experimental Interface: with Push the Limit both give a free action
        after the focus action, and the 2 stress tokens come once both are done."""
        game, a = self._after_focus([self.EI, self.LANDO, "1e-pushthelimit"])
        assert game.decision.kind == "order_abilities"
        game.answer(next(k for k in values(game) if self.EI in k))
        pass_until(game, "use_ability", a)
        game.answer(self.LANDO)
        pass_until(game, "use_ability", a)
        assert "barrel_roll" in values(game)
        assert not game.state.ships[a].has(Token.STRESS)
        game.answer("barrel_roll")
        pass_all(game)
        assert game.state.ships[a].count(Token.STRESS) == 2


# ---------------------------------------------------------------- Countermeasures
class TestCountermeasures:
    CM = "1e-countermeasures"

    def _combat(self, upgrades, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0), upgrades=upgrades, **setup)
        x = sc.ship(ROOKIE, player=2, at=(400, 800, 180), locks=["p1.1"])
        return sc.at(StartEngagement()), a, x

    def test_agility_and_lock_removed(self):
        """At the start of the Combat phase the Decimator discards it: agility 1 this round
        and the X-wing's lock on it is removed; the card leaves at the end of the round."""
        game, a, x = self._combat([self.CM])
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.decision.kind == "use_ability"
        game.answer(x)
        ship = game.state.ships[a]
        assert agility(game, ship) == 1 and not game.state.ships[x].locks
        start_at(game, FireWindow.of("end_phase_end"), phase="end")
        pass_all(game)
        assert self.CM not in game.state.ships[a].upgrades

    def test_declined_or_without(self):
        """Declined, its agility stays 0 and the lock stays."""
        game, a, x = self._combat([self.CM])
        game.answer("decline")
        assert agility(game, game.state.ships[a]) == 0 and game.state.ships[x].locks

    def test_faq_increasing_and_reducing_values(self):
        """FAQ (1e), Increasing and Reducing Values: agility 0 with Structural Damage (-1)
        and Countermeasures (+1) is 0."""
        game, a, _ = self._combat([self.CM],
                                  damage=[DamageCard(C + "structuraldamage", True, 1)])
        game.answer("use")
        pass_all(game)
        assert agility(game, game.state.ships[a]) == 0


# ---------------------------------------------------------------- Tactical Jammer
class TestTacticalJammer:
    JAMMER = "1e-tacticaljammer"

    def _defense_dice(self, jammer_player: int, upgrades=("1e-tacticaljammer",),
                      x: float = 400.0) -> int:
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 100, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
        sc.ship(PATROL, player=jammer_player, at=(x, 260, 0), upgrades=list(upgrades))
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 6)
        declare(game, a, d)
        dice_done(game)
        return len(rolled(game, d))

    def test_obstructs_an_enemy_attack(self):
        """The X-wing attacks a TIE at Range 3 across the jamming Decimator: the TIE rolls
        5 dice (agility 3, range 3, obstructed); without the card 4."""
        assert self._defense_dice(2) == 5
        assert self._defense_dice(2, upgrades=()) == 4

    def test_not_a_friendly_attack_nor_off_the_line(self):
        """The Decimator on the attacker's side does not obstruct its own side's attack;
        one beside the range line doesn't either."""
        assert self._defense_dice(1) == 4
        assert self._defense_dice(2, x=700.0) == 4
