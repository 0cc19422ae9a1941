"""First-edition pilots of the Most Wanted expansion pack, continued
(tallon.cards.first_edition.pilots_w5a). Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing it. A small
attacker at (400, 300) has an enemy small ship ahead at Range 1 / 2 / 3 at y = 380 / 490 /
550; a large one (a Firespray, YT-2400 or VT-49) at y = 420 / 520 / 620."""

from __future__ import annotations

from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement, Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.test_pilots_w5a import (
    ACADEMY,
    BLACKSUN,
    MERC,
    SPICE,
    THUG,
    attack_dice_count,
    duel,
)
from tests.cards.helpers import (
    Give,
    activation,
    engage,
    modify_with,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)


# ------------------------------------------------------------------ Emon Azzameen
class TestEmonAzzameen:
    EMON = "1e-firespray31-emonazzameen"

    def _reveal(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 400, 0), upgrades=["1e-seismiccharges"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, a, "1FW"), a

    def _dropped_y(self, template: str) -> float:
        game, _ = self._reveal(self.EMON)
        assert game.decision.kind == "launch_device"
        assert {"1F", "3T", "3F", "3Y"} <= set(values(game))
        game.answer(template)
        pass_all(game)
        (device,) = game.state.devices.values() if isinstance(game.state.devices, dict) \
            else game.state.devices
        pose = device.pose if hasattr(device, "pose") else device.body.pose
        return pose.y

    def test_drops_with_a_3_template(self):
        """Revealing his dial he may drop the charge with the [3 straight] template: it
        lies 2 template lengths (80 mm) farther behind him than a [1 straight] drop."""
        assert abs(self._dropped_y("1F") - self._dropped_y("3F") - 80) < 1

    def test_others_only_the_1_straight(self):
        """A Mandalorian Mercenary has only the [1 straight]."""
        game, _ = self._reveal(MERC)
        assert "3F" not in values(game) and "1F" in values(game)

    def test_faq_declared_template_and_direction(self):
        """FAQ (1e): he declares the template and direction before dropping: each is one
        answer of the drop (3 turn left and right are distinct choices)."""
        game, _ = self._reveal(self.EMON)
        labels = {o.key: o.label for o in game.decision.options}
        assert labels["3T"] != labels["3Y"]


# ------------------------------------------------------------------- N'Dru Suhlak
class TestNDruSuhlak:
    NDRU = "1e-z95headhunter-ndrusuhlak"

    def test_one_more_die_alone(self):
        """No other friendly ship at Range 1-2: 3 dice (2 + 1); a Black Sun Soldier 2."""
        sc, a, d = duel(self.NDRU)
        assert attack_dice_count(sc, a, d) == 3
        sc, a, d = duel(BLACKSUN)
        assert attack_dice_count(sc, a, d) == 2

    def test_not_with_a_friend_near(self):
        """A friendly Z-95 at Range 2: 2 dice."""
        sc, a, d = duel(self.NDRU)
        sc.ship(BLACKSUN, at=(550, 300, 0))
        assert attack_dice_count(sc, a, d) == 2


# ------------------------------------------------------------------- Drea Renthal
class TestDreaRenthal:
    DREA = "1e-ywing-drearenthal"

    def test_stress_for_a_new_lock(self):
        """She spends her lock on the TIE to reroll: she may receive a stress token to lock
        the other TIE."""
        sc, a, d = duel(self.DREA, locks=[])
        other = sc.ship(ACADEMY, player=2, at=(600, 490, 180))
        sc.entries[0].setup["locks"] = ["p2.1"]
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "lock")
        pass_until(game, "use_ability", a)
        assert other in values(game)
        game.answer(other)
        ship = game.state.ships[a]
        assert ship.locks == [other] and ship.has(Token.STRESS)

    def test_declined_no_stress(self):
        """Declining: no stress and no lock."""
        sc, a, d = duel(self.DREA)
        sc.entries[0].setup["locks"] = ["p2.1"]
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "lock")
        pass_until(game, "use_ability", a)
        game.answer("decline")
        ship = game.state.ships[a]
        assert not ship.locks and not ship.has(Token.STRESS)

    def test_not_for_a_syndicate_thug(self):
        """A Syndicate Thug spending its lock is asked nothing."""
        sc, a, d = duel(THUG)
        sc.entries[0].setup["locks"] = ["p2.1"]
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "lock")
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# ------------------------------------------------- Kaa'to Leeachos, Palob Godalhi
class TestKaatoLeeachos:
    KAATO = "1e-z95headhunter-kaatoleeachos"

    def test_takes_a_friends_evade_token(self):
        """At the start of the Combat phase he takes the evade token of a friendly Z-95 at
        Range 2."""
        sc = Scene(ruleset="1e")
        k = sc.ship(self.KAATO, at=(400, 300, 0))
        f = sc.ship(BLACKSUN, at=(550, 300, 0), evade=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(StartEngagement())
        assert game.decision.kind == "use_ability" and f"{f}:evade" in values(game)
        game.answer(f"{f}:evade")
        s = game.state.ships
        assert s[k].has(Token.EVADE) and not s[f].has(Token.EVADE)
        sc = Scene(ruleset="1e")
        sc.ship(BLACKSUN, at=(400, 300, 0))
        f = sc.ship(BLACKSUN, at=(550, 300, 0), evade=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(StartEngagement())
        assert game.state.ships[f].has(Token.EVADE)  # a Black Sun Soldier takes nothing

    def test_not_from_an_enemy_or_beyond_range_2(self):
        """An enemy's focus token at Range 1 and a friend's beyond Range 2 are not
        offered: nothing is asked."""
        sc = Scene(ruleset="1e")
        sc.ship(self.KAATO, at=(400, 300, 0))
        sc.ship(BLACKSUN, at=(800, 300, 0), focus=1)
        sc.ship(ACADEMY, player=2, at=(400, 380, 180), focus=1)
        game = sc.at(StartEngagement())
        assert game.decision is None or game.decision.kind != "use_ability"


class TestPalobGodalhi:
    PALOB = "1e-hwk290-palobgodalhi"

    def test_takes_an_enemys_focus_token(self):
        """He takes the focus token of a TIE at Range 2."""
        sc = Scene(ruleset="1e")
        p = sc.ship(self.PALOB, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180), focus=1)
        game = sc.at(StartEngagement())
        game.answer(f"{t}:focus")
        s = game.state.ships
        assert s[p].has(Token.FOCUS) and not s[t].has(Token.FOCUS)
        sc = Scene(ruleset="1e")
        sc.ship(SPICE, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180), focus=1)
        game = sc.at(StartEngagement())
        assert game.state.ships[t].has(Token.FOCUS)  # a Spice Runner takes nothing

    def test_not_from_a_friend(self):
        """A friend's focus token is not offered; a Spice Runner takes nothing."""
        for pilot in (self.PALOB, SPICE):
            sc = Scene(ruleset="1e")
            sc.ship(pilot, at=(400, 300, 0))
            sc.ship(BLACKSUN, at=(500, 300, 0), focus=1)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180), focus=1)
            game = sc.at(StartEngagement())
            assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------------- Kavil
class TestKavil:
    KAVIL = "1e-ywing-kavil"
    TURRET = "1e-ioncannonturret"

    def test_one_more_die_outside_his_arc(self):
        """With his ion cannon turret he attacks a TIE beside him (outside his firing arc):
        4 dice (3 + 1); a Syndicate Thug rolls 3."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.KAVIL, at=(400, 300, 0), upgrades=[self.TURRET])
        d = sc.ship(ACADEMY, player=2, at=(550, 300, 90))
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 3)
        declare(game, a, d, self.TURRET)
        assert len(rolled(game, a)) == 4
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.TURRET])
        d = sc.ship(ACADEMY, player=2, at=(550, 300, 90))
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 3)
        declare(game, a, d, self.TURRET)
        assert len(rolled(game, a)) == 3  # a Syndicate Thug's turret: 3

    def test_not_inside_his_arc(self):
        """A TIE ahead: his primary weapon rolls 2 dice."""
        sc, a, d = duel(self.KAVIL)
        assert attack_dice_count(sc, a, d) == 2


# -------------------------------------------------------------------- Dace Bonearm
class TestDaceBonearm:
    DACE = "1e-hwk290-dacebonearm"

    def test_stress_to_damage_the_ionized_enemy(self):
        """A TIE at Range 2 receives an ion token: Dace receives a stress token and the TIE
        suffers 1 damage."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.DACE, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.at(Give(t, "ion", 1, 1))
        assert game.decision.kind == "use_ability"
        game.answer("use")
        s = game.state.ships
        assert len(s[t].damage) == 1 and s[a].has(Token.STRESS)
        sc = Scene(ruleset="1e")
        sc.ship(SPICE, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.at(Give(t, "ion", 1, 1))
        assert game.decision is None and not game.state.ships[t].damage  # a Spice Runner

    def test_not_while_stressed_or_beyond_range_3(self):
        """Stressed, or the TIE beyond Range 3, nothing is asked."""
        for stress, y in ((1, 490), (0, 850)):
            sc = Scene(ruleset="1e")
            sc.ship(self.DACE, at=(400, 100, 0), stress=stress)
            t = sc.ship(ACADEMY, player=2, at=(400, y - 200 if stress else y, 180))
            game = sc.at(Give(t, "ion", 1, 1))
            assert game.decision is None
            assert not game.state.ships[t].damage


# --------------------------------------------------------------------- Torkil Mux
class TestTorkilMux:
    TORKIL = "1e-hwk290-torkilmux"

    def test_chosen_enemy_has_pilot_skill_0(self):
        """At the end of the Activation phase he must choose a TIE (pilot skill 1) at
        Range 2 (the only one: chosen at once): its pilot skill is 0; after the Combat
        phase it is 1 again. With two TIEs in range he is asked which."""
        sc = Scene(ruleset="1e")
        sc.ship(self.TORKIL, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        assert game.state.ships[t].current_initiative == 0
        start_at(game, FireWindow.of("end_engagement"))
        pass_all(game)
        assert game.state.ships[t].current_initiative == 1
        sc = Scene(ruleset="1e")
        sc.ship(self.TORKIL, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        t2 = sc.ship(ACADEMY, player=2, at=(500, 490, 180))
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        assert game.decision.kind == "use_ability" and set(values(game)) == {t, t2}
        assert "decline" not in values(game)
        game.answer(t2)
        assert game.state.ships[t2].current_initiative == 0
        assert game.state.ships[t].current_initiative == 1

    def test_attacks_last(self):
        """Chosen, a Soontir Fel (pilot skill 9) attacks after Torkil (3); without the
        ability (a Spice Runner) Fel attacks first."""
        for pilot, first in ((self.TORKIL, "p1.1"), (SPICE, "p2.1")):
            sc = Scene(ruleset="1e")
            sc.ship(pilot, at=(400, 300, 0))
            sc.ship("1e-tieinterceptor-soontirfel", player=2, at=(400, 380, 180))
            game = sc.at(FireWindow.of("end_activation"), StartEngagement(),
                         Sweep("engagement"), phase="activation")
            pass_until(game, "declare_attack")
            assert game.decision.ship == first

    def test_not_beyond_range_2(self):
        """A TIE at Range 3 is not chosen."""
        sc = Scene(ruleset="1e")
        sc.ship(self.TORKIL, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 580, 180))
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        pass_all(game)
        assert game.state.ships[t].current_initiative == 1
