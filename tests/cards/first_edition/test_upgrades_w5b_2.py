"""First-edition wave 5 upgrades, continued: systems, cannons, modifications and titles
(:mod:`tallon.cards.first_edition.upgrades_w5b_2`). Scenes on a first-edition table:
player 1 at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a
ship ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from dataclasses import dataclass

from tallon.engine.decisions import Decision
from tallon.engine.effects import deal_damage_card
from tallon.engine.game import Game
from tallon.engine.state import DamageCard, Token
from tallon.engine.steps import Step
from tallon.scene import Scene, declare, start_at
from tallon.squads import check_squad_1e, read_xws_1e
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
)
from tests.rules.attack_helpers import rolls

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
TEMPEST = "1e-tieadvanced-tempestsquadronpilot"
BOUNTY = "1e-firespray31-bountyhunter"
ALPHA = "1e-tieinterceptor-alphasquadronpilot"


@dataclass(frozen=True)
class DealFaceup(Step):
    """A known damage card is dealt faceup to the ship (as a critical hit would)."""

    ship_id: str
    card: str

    def run(self, game: Game) -> Decision | None:
        deal_damage_card(game, game.state.ships[self.ship_id], True, card=self.card)
        return None


def attack(pilot, upgrades, dice, defense, defender=ROOKIE, range_=2, weapon=None,
           **setup):
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180))
    game = engage(sc, a, dice, defense)
    declare(game, a, d, weapon)
    return game, a, d


# ------------------------------------------------- Advanced Targeting Computer
class TestAdvancedTargetingComputer:
    ATC = "1e-advtargetingcomputer"

    def test_adds_a_crit_and_keeps_the_lock(self):
        """A TIE Advanced with a lock on the X-wing adds a critical hit; the lock can then
        not be spent (not offered) and stays."""
        game, a, d = attack(TEMPEST, ["1e-tiex1", self.ATC], ["blank", "blank"],
                            ["blank"] * 2, locks=["p2.1"])
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "lock")
        modify_with(game, self.ATC)
        assert not offers(game, "lock")
        skip_dice(game)
        assert "0 hit(s), 1 critical hit(s)" in neutralized(game)
        assert game.state.ships[a].locks == [d]

    def test_not_without_a_lock(self):
        """Without a lock on the defender nothing is offered."""
        game, _a, _d = attack(TEMPEST, ["1e-tiex1", self.ATC], ["blank", "blank"],
                            ["blank"] * 2)
        assert game.decision is None or not offers(game, self.ATC)

    def test_faq_not_against_omega_leader(self):
        """FAQ (1e), "Omega Leader": attacking him while he has it locked, the TIE Advanced
        cannot add the critical hit (an added result modifies dice)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(TEMPEST, at=(400, 300, 0), upgrades=["1e-tiex1", self.ATC],
                    locks=["p2.1"])
        d = sc.ship("1e-tiefofighter-omegaleader", player=2, at=(400, Y[2], 180),
                    locks=["p1.1"])
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        assert game.decision is None or not offers(game, self.ATC)

    def test_faq_darth_vader_may_equip_it(self):
        """FAQ (1e), Advanced Targeting Computer and TIE/x1: Darth Vader may equip both."""
        imported = read_xws_1e({"version": "1.0.0", "faction": "imperial", "pilots": [
            {"name": "darthvader", "ship": "tieadvanced",
             "upgrades": {"title": ["tiex1"], "system": ["advtargetingcomputer"]}}]})
        assert check_squad_1e(imported.squad, points=100, errors=imported.errors).legal


# ---------------------------------------------------------- Accuracy Corrector
class TestAccuracyCorrector:
    AC = "1e-accuracycorrector"

    def test_two_hits_and_no_more_changes(self):
        """Two blanks become 2 hits; the focus token can no longer be spent on them."""
        game, a, _d = attack(TEMPEST, ["1e-tiex1", self.AC], ["blank", "focus"],
                            ["blank"] * 2, focus=1)
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "focus")
        modify_with(game, self.AC, "add 2 hit")
        assert game.decision is None or not offers(game, "focus")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_faq_may_add_nothing(self):
        """FAQ (1e), Accuracy Corrector: after canceling, adding the 2 hits is a choice;
        it still is an attack (it misses)."""
        game, a, _d = attack(TEMPEST, ["1e-tiex1", self.AC], ["hit", "focus"],
                            ["blank"] * 2)
        skip_dice(game, "modify_attack_dice", a)
        keys = [o.key for o in game.decision.options
                if (o.info or {}).get("source") == self.AC]
        assert len(keys) == 2
        game.answer(next(k for k in keys if "add=" not in k))
        skip_dice(game)
        assert "misses" in neutralized(game)

    def test_faq_with_no_dice_rolled(self):
        """FAQ (1e), Accuracy Corrector: with a faceup Blinded Pilot (no attack dice
        rolled) it still adds 2 hits."""
        game, a, _d = attack(TEMPEST, ["1e-tiex1", self.AC], [], ["blank"] * 2,
                            damage=[DamageCard("1e-core-blindedpilot", True, 900)])
        skip_dice(game, "modify_attack_dice", a)
        assert not rolls(game, a) or not rolls(game, a)[0]
        modify_with(game, self.AC, "add 2 hit")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_faq_added_hits_canceled_by_ion_cannon(self):
        """FAQ (1e), Accuracy Corrector: the added hits may still be canceled - IG-88A's
        Ion Cannon hits: 1 damage and an ion token, the rest canceled."""
        game, a, d = attack("1e-aggressor-ig88a", ["1e-ioncannon", self.AC],
                            ["blank"] * 3, ["blank"] * 2, weapon="1e-ioncannon")
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.AC, "add 2 hit")
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.has(Token.ION) and ship.shields == 1 and not ship.damage

    def test_faq_not_against_omega_leader(self):
        """FAQ (1e), "Omega Leader": attacking him while he has it locked, the TIE Advanced
        cannot use Accuracy Corrector (its added results modify dice)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(TEMPEST, at=(400, 300, 0), upgrades=["1e-tiex1", self.AC])
        d = sc.ship("1e-tiefofighter-omegaleader", player=2, at=(400, Y[2], 180),
                    locks=["p1.1"])
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        assert game.decision is None or not offers(game, self.AC)

    def test_not_when_defending(self):
        """The TIE Advanced defends: Accuracy Corrector is its attacks' only."""
        sc = Scene(ruleset="1e")
        d = sc.ship(TEMPEST, at=(400, 300, 0), upgrades=["1e-tiex1", self.AC])
        a = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        assert game.decision is None or not offers(game, self.AC)


# ------------------------------------------------------------- Flechette Cannon
class TestFlechetteCannon:
    FLECHETTE = "1e-flechettecannon"

    def test_a_hit_deals_1_damage_and_a_stress(self):
        """Two hits with the cannon: the X-wing suffers only 1 damage (a shield) and
        receives a stress token."""
        game, _a, d = attack(BOUNTY, [self.FLECHETTE], ["hit", "hit", "blank"],
                            ["blank"] * 2, weapon=self.FLECHETTE, range_=3)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.shields == 1 and ship.count(Token.STRESS) == 1

    def test_no_second_stress_token(self):
        """The X-wing is already stressed: it suffers the damage, no more stress."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BOUNTY, at=(400, 300, 0), upgrades=[self.FLECHETTE])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[3], 180), stress=1)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 2)
        declare(game, a, d, self.FLECHETTE)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.shields == 1 and ship.count(Token.STRESS) == 1

    def test_a_miss_does_nothing(self):
        """The cannon misses: no damage, no stress token."""
        game, _a, d = attack(BOUNTY, [self.FLECHETTE], ["blank"] * 3, ["blank"] * 2,
                            weapon=self.FLECHETTE, range_=3)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.shields == 2 and not ship.stressed


# ------------------------------------------------------------- "Mangler" Cannon
class TestManglerCannon:
    MANGLER = "1e-manglercannon"

    def test_a_hit_becomes_a_crit(self):
        """Attacking with the Mangler Cannon: its hit becomes a critical hit."""
        game, a, _d = attack(BOUNTY, [self.MANGLER], ["hit", "blank", "blank"],
                            ["blank"] * 2, weapon=self.MANGLER, range_=3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.MANGLER)
        skip_dice(game)
        assert "0 hit(s), 1 critical hit(s)" in neutralized(game)

    def test_not_with_the_primary_weapon(self):
        """Ruling: the change belongs to the cannon's own attack: the Firespray's primary
        attack is not offered it."""
        game, _a, _d = attack(BOUNTY, [self.MANGLER], ["hit", "blank", "blank"],
                            ["blank"] * 2, weapon="primary:front", range_=3)
        assert game.decision is None or not offers(game, self.MANGLER)


# ---------------------------------------------------------------- Autothrusters
class TestAutothrusters:
    AUTO = "1e-autothrusters"

    def _defend(self, attacker, at):
        sc = Scene(ruleset="1e")
        d = sc.ship(ALPHA, at=(400, 300, 0), upgrades=[self.AUTO])
        a = sc.ship(attacker, player=2, at=at)
        game = engage(sc, a, ["hit", "hit", "hit"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_defense_dice", d)
        return game

    def test_inside_the_arc_at_range_3(self):
        """An X-wing attacks the Interceptor inside its arc at Range 3: it may change a
        blank to an evade."""
        assert offers(self._defend(ROOKIE, (400, Y[3], 180)), self.AUTO)

    def test_not_inside_the_arc_at_range_2(self):
        """Inside the X-wing's arc at Range 2: not offered."""
        assert not offers(self._defend(ROOKIE, (400, Y[2], 180)), self.AUTO)

    def test_faq_not_against_the_inquisitors_primary_attack(self):
        """FAQ (1e), The Inquisitor: his primary attack at Range 3 is treated as at Range
        1: no Autothrusters (a Sienar Test Pilot's attack at Range 3 allows them)."""
        assert not offers(self._defend("1e-tieadvprototype-theinquisitor", (400, Y[3], 180)),
                          self.AUTO)
        assert offers(self._defend("1e-tieadvprototype-sienartestpilot", (400, Y[3], 180)),
                      self.AUTO)

    def test_faq_outside_the_arc_of_a_turret(self):
        """FAQ (1e), Inside Firing Arc at Range X: a YT-1300's turret attacks at Range 1
        from behind its printed arc: the Interceptor is outside the attacker's firing arc,
        Autothrusters apply."""
        assert offers(self._defend("1e-yt1300-outerrimsmuggler", (400, 200, 180)),
                      self.AUTO)


# ----------------------------------------------------------------------- titles
class TestHeavyScykInterceptor:
    def test_faq_adds_1_hull(self):
        """FAQ (1e) errata, "Heavy Scyk" Interceptor: hull +1 (M3-A: 2, with it 3)."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-m3ainterceptor-cartelspacer", at=(400, 300, 0),
                    upgrades=["1e-heavyscykinterceptor"])
        b = sc.ship("1e-m3ainterceptor-cartelspacer", at=(200, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.game()
        assert game.state.ships[a].hull == game.state.ships[b].hull + 1


class TestVirago:
    def test_plays_without_an_ability(self):
        """Virago only changes squad building: Prince Xizor with it plays."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-starviper-princexizor", at=(400, 300, 0), upgrades=["1e-virago"])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        assert "1e-virago" in sc.game().state.ships[a].upgrades


class TestTIEx1:
    def test_faq_not_on_the_tie_adv_prototype(self):
        """FAQ (1e), TIE/x1: a TIE Adv. Prototype cannot equip it."""
        imported = read_xws_1e({"version": "1.0.0", "faction": "imperial", "pilots": [
            {"name": "sienartestpilot", "ship": "tieadvprototype",
             "upgrades": {"title": ["tiex1"]}}]})
        report = check_squad_1e(imported.squad, points=100, errors=imported.errors)
        assert not report.legal
        assert any("TIE/x1" in e.message or "tiex1" in e.message for e in report.errors)

    def test_faq_darth_vader_may_equip_it(self):
        """FAQ (1e), TIE/x1: Darth Vader may equip it (a TIE Advanced)."""
        imported = read_xws_1e({"version": "1.0.0", "faction": "imperial", "pilots": [
            {"name": "darthvader", "ship": "tieadvanced", "upgrades": {"title": ["tiex1"]}}]})
        assert check_squad_1e(imported.squad, points=100, errors=imported.errors).legal


# --------------------------------------------------------------------- IG-2000
class TestIG2000:
    IG2000 = "1e-ig2000"

    def _pair(self, titles=True, **setup):
        sc = Scene(ruleset="1e")
        ups = [self.IG2000] if titles else []
        c = sc.ship("1e-aggressor-ig88c", at=(400, 300, 0), upgrades=ups, shields=2,
                    **setup)
        sc.ship("1e-aggressor-ig88a", at=(150, 300, 0), upgrades=ups)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        return sc, c, d

    def _destroy(self, sc, c, d):
        game = engage(sc, c, ["hit"] * 4, ["blank"] * 3)
        declare(game, c, d)
        return game

    def test_has_the_other_ig2000_pilot_ability(self):
        """IG-88C with IG-2000 destroys a TIE: he has IG-88A's ability and recovers a
        shield; without the titles he does not."""
        sc, c, d = self._pair()
        game = self._destroy(sc, c, d)
        pass_until(game, "use_ability", c)
        game.answer("use")
        assert game.state.ships[c].shields == 3
        sc, c, d = self._pair(titles=False)
        game = self._destroy(sc, c, d)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[c].shields == 2

    def test_faq_lost_when_the_other_is_removed(self):
        """FAQ (1e), IG-2000: IG-88A removed from play, IG-88C loses his ability."""
        from tallon.engine.effects import remove_ship

        sc, c, _d = self._pair()
        game = sc.game()
        remove_ship(game, game.state.ships["p1.2"], "a test")
        assert ("pilot", "1e-aggressor-ig88a", 0) not in game.state.ships[c].cards

    def test_faq_injured_pilot_keeps_the_others(self):
        """FAQ (1e), IG-2000: IG-88A is dealt a faceup Injured Pilot: IG-88C no longer has
        his ability, IG-88A still has IG-88C's."""
        sc, c, _d = self._pair()
        game = sc.game()
        a = "p1.2"
        assert ("pilot", "1e-aggressor-ig88a", 0) in game.state.ships[c].cards
        start_at(game, DealFaceup(a, "1e-core-injuredpilot"))
        pass_all(game)
        assert ("pilot", "1e-aggressor-ig88a", 0) not in game.state.ships[c].cards
        assert ("pilot", "1e-aggressor-ig88c", 0) in game.state.ships[a].cards
