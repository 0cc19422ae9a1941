"""First-edition wave 5 upgrades: crew, astromechs, talents and illicit cards
(:mod:`tallon.cards.first_edition.upgrades_w5b`). Scenes on a first-edition table: player 1
at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a ship
ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.card_values import agility
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
BLACK = "1e-tiefighter-blacksquadronpilot"
HWK = "1e-hwk290-rebeloperative"
SPICE = "1e-hwk290-spicerunner"
BOUNTY = "1e-firespray31-bountyhunter"
VETERAN = "1e-m3ainterceptor-tansariipointveteran"
SPACER = "1e-m3ainterceptor-cartelspacer"


def at_window(sc: Scene, window: str, phase: str, **facts):
    """The scene's game firing ``window`` (in ``phase``)."""
    return sc.at(FireWindow.of(window, **facts), phase=phase)


# ----------------------------------------------------------------- R2-D2 (crew)
class TestR2D2Crew:
    R2 = "1e-r2d2-swx22"

    def _end(self, shields, face="hit"):
        sc = Scene(ruleset="1e")
        a = sc.ship(HWK, at=(400, 300, 0), upgrades=[self.R2], shields=shields,
                    damage=[DamageCard("1e-core-consolefire", False, 900)])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        load_dice(game, [face])
        start_at(game, FireWindow.of("end_phase_end"), phase="end")
        return game, a

    def test_recovers_a_shield_and_a_hit_flips_a_card(self):
        """At the end of the End phase the shieldless HWK recovers 1 shield and rolls a hit:
        its facedown card is flipped faceup."""
        game, a = self._end(0)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.shields == 1 and ship.damage[0].faceup

    def test_a_blank_flips_nothing(self):
        """A blank: the shield is recovered, the facedown card stays facedown."""
        game, a = self._end(0, "blank")
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.shields == 1 and not ship.damage[0].faceup

    def test_not_with_a_shield(self):
        """With its shield up nothing is asked."""
        game, a = self._end(1)
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[a].damage[0].faceup


# ------------------------------------------------------------------------ C-3PO
class TestC3PO:
    C3PO = "1e-c3po"

    def _attack(self, defense, guess, upgrades=("1e-c3po",), attacker=ACADEMY, **setup):
        sc = Scene(ruleset="1e")
        d = sc.ship(HWK, at=(400, 300, 0), upgrades=list(upgrades))
        a = sc.ship(attacker, player=2, at=(400, Y[2], 180), **setup)
        game = engage(sc, a, ["hit", "hit"], defense)
        declare(game, a, d)
        if guess is not None:
            skip_dice(game, "use_ability", d)
            assert game.decision.kind == "use_ability"
            game.answer(guess)
        return game, d

    def test_faq_a_right_guess_adds_an_evade_before_modifying(self):
        """The HWK guesses 1 and rolls 1 evade: 1 evade is added (FAQ (1e), C-3PO: before
        the dice are modified), so both hits are canceled."""
        game, _d = self._attack(["evade", "blank"], "1")
        pass_all(game)
        assert "misses" in neutralized(game)

    def test_a_wrong_guess_adds_nothing(self):
        """It guesses 0 and rolls 1 evade: no evade added; 1 hit remains."""
        game, _d = self._attack(["evade", "blank"], "0")
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_faq_not_against_omega_leader(self):
        """FAQ (1e), "Omega Leader": he has the HWK locked; its added evade would modify
        dice, so the right guess adds nothing: 1 hit remains."""
        game, _d = self._attack(["evade", "blank"], "1",
                                attacker="1e-tiefofighter-omegaleader", locks=["p1.1"])
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_once_per_round(self):
        """After one guess this round, a second attack asks nothing (the 1 evade rolled
        then cancels only 1 hit)."""
        game, d = self._attack(["evade", "blank"], "1")
        pass_all(game)
        a = "p2.1"
        load_dice(game, ["hit", "hit"], ["evade", "blank"])
        start_at(game, Engage(a))
        declare(game, a, d)
        assert "use_ability" not in pass_all(game)
        assert "1 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ R3-A2
class TestR3A2:
    R3A2 = "1e-r3a2"

    def test_both_ships_stressed(self):
        """The X-wing declares the TIE ahead: it takes a stress token to give one."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.R3A2])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.state.ships[a].stressed and game.state.ships[d].stressed

    def test_not_outside_the_firing_arc(self):
        """A Y-wing's ion cannon turret attacks a TIE behind it: nothing asked."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-ywing-graysquadronpilot", at=(400, 500, 0),
                    upgrades=[self.R3A2, "1e-ioncannonturret"])
        d = sc.ship(ACADEMY, player=2, at=(400, 300, 0))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d, "1e-ioncannonturret")
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[d].stressed

    def test_faq_only_the_first_of_an_attack_made_twice(self):
        """FAQ (1e), R3-A2: Cluster Missiles attack twice, the target declared once: one
        question, one stress token each."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.R3A2, "1e-clustermissiles"],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 6, ["blank"] * 6)
        declare(game, a, d, "1e-clustermissiles")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[d].count(Token.STRESS) == 1
        assert game.state.ships[a].count(Token.STRESS) == 1


# ------------------------------------------------------------------------ R2-D6
class TestR2D6:
    def test_plays_without_an_ability(self):
        """R2-D6 only changes squad building: an X-wing with it plays a round."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-r2d6"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        assert "1e-r2d6" in sc.game().state.ships[a].upgrades


# ------------------------------------------------------------------------ R4-D6
class TestR4D6:
    R4D6 = "1e-r4d6"

    def _hit(self, upgrades, dice):
        sc = Scene(ruleset="1e")
        d = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=upgrades)
        a = sc.ship(BOUNTY, player=2, at=(400, 520, 180))
        game = engage(sc, a, dice, ["blank"] * 2)
        declare(game, a, d)
        return game, d

    def test_three_hits_become_two(self):
        """3 uncanceled hits: R4-D6 cancels 1 for 1 stress token; the X-wing loses its 2
        shields and is dealt no card (without it: a damage card too)."""
        game, d = self._hit([self.R4D6], ["hit"] * 3)
        pass_until(game, "replacement", d)
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.count(Token.STRESS) == 1 and ship.shields == 0 and not ship.damage
        game, d = self._hit([], ["hit"] * 3)
        pass_all(game)
        assert len(game.state.ships[d].damage) == 1

    def test_not_for_two_hits(self):
        """Only 2 uncanceled hits: nothing is asked, no stress token."""
        game, d = self._hit([self.R4D6], ["hit", "hit", "blank"])
        assert "replacement" not in pass_all(game)
        assert not game.state.ships[d].stressed

    def test_faq_after_bossk(self):
        """FAQ (1e), Bossk: his ability resolves before R4-D6: his 2 hits and 1 critical
        hit become 4 hits, which R4-D6 cuts to 2 (2 stress tokens)."""
        sc = Scene(ruleset="1e")
        d = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.R4D6])
        a = sc.ship("1e-yv666-bossk", player=2, at=(400, 520, 180))
        game = engage(sc, a, ["hit", "hit", "crit"], ["blank"] * 2)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_until(game, "replacement", d)
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.count(Token.STRESS) == 2 and ship.shields == 0 and not ship.damage


# ------------------------------------------------------------------------ R5-P9
class TestR5P9:
    R5P9 = "1e-r5p9"

    def _end_of_combat(self, shields, focus=1):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.R5P9], shields=shields,
                    focus=focus)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return at_window(sc, "end_engagement", "engagement"), a

    def test_spends_focus_to_recover_a_shield(self):
        """At the end of the Combat phase the X-wing (1 of 2 shields) spends its focus
        token to recover a shield."""
        game, a = self._end_of_combat(1)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        ship = game.state.ships[a]
        assert ship.shields == 2 and not ship.has(Token.FOCUS)

    def test_not_without_focus(self):
        """Without a focus token nothing is asked: the shields stay at 1."""
        game, a = self._end_of_combat(1, focus=0)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[a].shields == 1

    def test_faq_usable_with_full_shields(self):
        """FAQ (1e) (Garven Dreis): R5-P9 may be used even when no shield can be
        recovered: the focus token is spent, the shields stay at 2."""
        game, a = self._end_of_combat(2)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        ship = game.state.ships[a]
        assert ship.shields == 2 and not ship.has(Token.FOCUS)


# ------------------------------------------------------------------ Han Solo (crew)
class TestHanSoloCrew:
    HAN = "1e-hansolo"

    def _attack(self, locks):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-yt1300-outerrimsmuggler", at=(400, 300, 0), upgrades=[self.HAN],
                    locks=locks)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        return game, a

    def test_spends_the_lock_for_all_focus_to_hits(self):
        """A YT-1300 with a lock on the TIE rolls 2 focus results: Han Solo spends the lock
        to make them 2 hits."""
        game, a = self._attack(["p2.1"])
        modify_with(game, self.HAN)
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        assert game.state.ships[a].locks == []

    def test_not_without_a_lock(self):
        """Without a lock on the defender Han Solo is not offered."""
        game, _a = self._attack([])
        assert not offers(game, self.HAN)


# ------------------------------------------------------------------ Leia Organa
class TestLeiaOrgana:
    LEIA = "1e-leiaorgana"

    def _reveal(self, upgrades):
        sc = Scene(ruleset="1e")
        sc.ship(HWK, at=(200, 300, 0), upgrades=upgrades)
        x = sc.ship(ROOKIE, at=(400, 200, 0), stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[x].dial_set = "4KR"
        start_at(game, FireWindow.of("start_activation"), Activate(x),
                 FireWindow.of("end_activation"), phase="activation")
        return game, x

    def test_stressed_friend_executes_its_red_maneuver_as_white(self):
        """Leia is discarded at the start of the Activation phase: the stressed X-wing
        reveals its red Koiogran-Turn and executes it as white (turned about, no second
        stress token); without her it executes another, non-red maneuver."""
        game, x = self._reveal([self.LEIA])
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[x]
        assert abs(ship.pose.heading - 180) < 1 and ship.count(Token.STRESS) == 1
        assert self.LEIA not in game.state.ships["p1.1"].upgrades
        game, x = self._reveal([])
        pass_all(game)
        assert abs(game.state.ships[x].pose.heading) < 1

    def test_not_used_keeps_the_card(self):
        """Leia declined: the card stays on the ship."""
        game, _x = self._reveal([self.LEIA])
        game.answer("decline")
        pass_all(game)
        assert self.LEIA in game.state.ships["p1.1"].upgrades


# ---------------------------------------------------------- Inertial Dampeners
class TestInertialDampeners:
    DAMPENERS = "1e-inertialdampeners"

    def test_stops_instead_and_is_stressed(self):
        """The HWK reveals a 3 straight and discards Inertial Dampeners: it stays where it
        is and receives 1 stress token (without using it, it moves ahead)."""
        for use in (True, False):
            sc = Scene(ruleset="1e")
            a = sc.ship(SPICE, at=(400, 200, 0), upgrades=[self.DAMPENERS])
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = activation(sc, a, "3FW")
            assert game.decision.kind == "replacement"
            game.answer("use" if use else "decline")
            pass_all(game)
            ship = game.state.ships[a]
            if use:
                assert abs(ship.pose.y - 200) < 1 and ship.count(Token.STRESS) == 1
                assert self.DAMPENERS not in ship.upgrades
            else:
                assert ship.pose.y > 300 and not ship.stressed


# ------------------------------------------------------------------- Bodyguard
class TestBodyguard:
    BODYGUARD = "1e-bodyguard"

    def _combat(self, friend):
        sc = Scene(ruleset="1e")
        a = sc.ship(VETERAN, at=(400, 300, 0), upgrades=[self.BODYGUARD], focus=1)
        f = sc.ship(friend, at=(480, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return at_window(sc, "start_engagement", "engagement"), a, f

    def test_higher_skill_friend_gets_agility(self):
        """The Tansarii Point Veteran (skill 5) spends its focus: Prince Xizor (7) beside it
        has agility 4 instead of 3 this round."""
        game, a, f = self._combat("1e-starviper-princexizor")
        assert game.decision.kind == "use_ability" and f in values(game)
        before = agility(game, game.state.ships[f])
        game.answer(f)
        assert agility(game, game.state.ships[f]) == before + 1
        assert not game.state.ships[a].has(Token.FOCUS)
        game.state.round += 1
        assert agility(game, game.state.ships[f]) == before

    def test_not_a_lower_skill_friend(self):
        """A Cartel Spacer (skill 2) beside it is not a higher-skill friend: nothing asked."""
        game, _a, _f = self._combat(SPACER)
        assert "use_ability" not in pass_all(game)


# ------------------------------------------------------------ Dead Man's Switch
class TestDeadMansSwitch:
    SWITCH = "1e-deadmansswitch"

    def test_ships_at_range_1_suffer_damage(self):
        """The HWK with Dead Man's Switch is destroyed: the TIE at Range 1 loses its
        shield (none here: a damage card); the X-wing 300 mm away is unharmed."""
        sc = Scene(ruleset="1e")
        d = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.SWITCH], shields=0,
                    damage=[DamageCard("1e-core-consolefire", False, 900 + k)
                            for k in range(3)])
        a = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        far = sc.ship(ROOKIE, at=(750, 300, 0))
        game = engage(sc, a, ["hit", "hit"], ["blank"] * 2)
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[d].destroyed
        assert len(game.state.ships[a].damage) == 1
        assert game.state.ships[far].shields == 2

    def test_faq_simultaneous_attack_for_the_ships_it_destroys(self):
        """FAQ (1e), Dead Man's Switch: a TIE (pilot skill 1) destroys the HWK (skill 1);
        the switch destroys another TIE of skill 1 beside it that has not attacked yet:
        that TIE still attacks (Simultaneous Attack Rule)."""
        sc = Scene(ruleset="1e", first_player=2)
        d = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.SWITCH], shields=0)
        sc.ship(ROOKIE, at=(250, 150, 0))
        a = sc.ship(ACADEMY, player=2, at=(400, 560, 180))
        b = sc.ship(ACADEMY, player=2, at=(400, 380, 180))
        game = sc.game()
        hwk, tie = game.state.ships[d], game.state.ships[b]
        hwk.damage = tuple(DamageCard("1e-core-consolefire", False, 900 + k)
                           for k in range(hwk.hull - 1))
        tie.damage = tuple(DamageCard("1e-core-consolefire", False, 950 + k)
                           for k in range(tie.hull - 1))
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        start_at(game, Sweep("engagement"))
        pass_until(game, "engagement_order")
        game.answer(a)
        declare(game, a, d)
        pass_until(game, "declare_attack", b)
        assert game.state.ships[b].destroyed and game.state.ships[d].destroyed

    def test_faq_before_ig88a_recovers(self):
        """FAQ (1e), Dead Man's Switch: IG-88A (4 of 4 shields) destroys it at Range 1:
        the switch costs him a shield first, then he recovers it (4 shields)."""
        sc = Scene(ruleset="1e")
        d = sc.ship(SPICE, player=2, at=(400, Y[1], 180), upgrades=[self.SWITCH],
                    shields=0, damage=[DamageCard("1e-core-consolefire", False, 900 + k)
                                       for k in range(3)])
        a = sc.ship("1e-aggressor-ig88a", at=(400, 300, 0))
        game = engage(sc, a, ["hit"] * 4, ["blank"] * 2)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        assert game.state.ships[a].shields == 3
        game.answer("use")
        assert game.state.ships[a].shields == 4


# --------------------------------------------------------------- Feedback Array
class TestFeedbackArray:
    ARRAY = "1e-feedbackarray"

    def _engage(self, enemy_y, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.ARRAY], **setup)
        d = sc.ship(ACADEMY, player=2, at=(400, enemy_y, 180))
        return sc.at(Engage(a)), a, d

    def test_instead_of_attacking(self):
        """At Range 1 of a TIE, the HWK receives an ion token and suffers 1 damage: the
        TIE suffers 1 damage, and the HWK does not attack."""
        game, a, d = self._engage(Y[1])
        assert game.decision.kind == "use_ability" and d in values(game)
        game.answer(d)
        kinds = pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.ION) and ship.shields == 0
        assert len(game.state.ships[d].damage) == 1 and "declare_attack" not in kinds

    def test_not_at_range_2(self):
        """The TIE is at Range 2: nothing is asked, the HWK may attack."""
        game, _a, _d = self._engage(Y[2])
        assert game.decision.kind == "declare_attack"

    def test_faq_usable_touching(self):
        """FAQ (1e), Feedback Array: usable against a ship it touches."""
        game, _a, d = self._engage(340)
        assert game.decision.kind == "use_ability" and d in values(game)

    def test_faq_not_with_a_weapons_disabled_token(self):
        """FAQ (1e), Feedback Array: not with a weapons disabled token."""
        game, _a, _d = self._engage(Y[1], disarm=1)
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_faq_simultaneous_attack_for_the_ship_it_destroys(self):
        """FAQ (1e), Feedback Array: it destroys a TIE of the same pilot skill (1) that has
        not attacked yet: that TIE still attacks (Simultaneous Attack Rule)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.ARRAY])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = sc.game()
        tie = game.state.ships[d]
        tie.damage = tuple(DamageCard("1e-core-consolefire", False, 950 + k)
                           for k in range(tie.hull - 1))
        start_at(game, Sweep("engagement"))
        pass_until(game, "use_ability", a)
        game.answer(d)
        pass_until(game, "declare_attack", d)
        assert tie.destroyed

    def test_faq_usable_with_blinded_pilot(self):
        """FAQ (1e), Feedback Array: usable with a faceup Blinded Pilot."""
        game, _a, d = self._engage(Y[1], damage=[DamageCard("1e-core-blindedpilot", True,
                                                           900)])
        assert game.decision.kind == "use_ability" and d in values(game)

    def test_faq_not_overlapping_an_asteroid(self):
        """FAQ (1e), Feedback Array: not while overlapping an asteroid."""
        sc = Scene(ruleset="1e")
        sc.obstacle("core2asteroid0", 400, 300)
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.ARRAY])
        sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = sc.at(Engage(a))
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_faq_one_copy_per_phase(self):
        """FAQ (1e), Feedback Array: with two copies only one is used: the TIE suffers 1
        damage."""
        game, a, d = self._engage(Y[1])
        game.state.ships[a].cards = (*game.state.ships[a].cards, ("upgrade", self.ARRAY, 0))
        start_at(game, Engage(a))
        asked = 0
        while game.decision is not None:
            if game.decision.kind == "use_ability":
                asked += 1
                game.answer(d)
            else:
                pass_all(game, limit=1)
        assert asked == 1 and len(game.state.ships[d].damage) == 1

    def test_faq_not_once_destroyed(self):
        """FAQ (1e), Feedback Array: only with hull remaining - a destroyed ship still
        firing under the Simultaneous Attack Rule cannot use it."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.ARRAY])
        sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = sc.game()
        game.state.ships[a].destroyed = True
        start_at(game, Engage(a))
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_faq_not_after_attacking_this_phase(self):
        """FAQ (1e), Feedback Array: not after an attack in this Combat phase."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=[self.ARRAY])
        sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = sc.game()
        game.state.ships[a].last_attack = (game.state.round, "engagement")
        start_at(game, Engage(a))
        assert game.decision is None or game.decision.kind != "use_ability"


# ----------------------------------------------------------------- Calculation
class TestCalculation:
    CALC = "1e-calculation"

    def _attack(self, focus):
        sc = Scene(ruleset="1e")
        a = sc.ship(BLACK, at=(400, 300, 0), upgrades=[self.CALC], focus=focus)
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 2)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        return game, a

    def test_faq_a_crit_then_the_focus_token(self):
        """FAQ (1e), Calculation: with 2 focus tokens, one turns a focus result into a
        critical hit (Calculation, once), the other the other focus result into a hit."""
        game, _a = self._attack(2)
        modify_with(game, self.CALC)
        assert not offers(game, self.CALC)
        modify_with(game, "focus")
        skip_dice(game)
        assert "1 hit(s), 1 critical hit(s)" in neutralized(game)

    def test_not_without_focus(self):
        """Without a focus token nothing is offered."""
        game, _a = self._attack(0)
        assert game.decision is None or not offers(game, self.CALC)
