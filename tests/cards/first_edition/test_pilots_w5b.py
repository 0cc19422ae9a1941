"""First-edition pilots of the StarViper, M3-A Interceptor, IG-2000, Imperial Raider and
Tantive IV expansion packs. Scenes on a first-edition table (``Scene(ruleset="1e")``):
player 1 at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a
ship ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from dataclasses import dataclass

from tallon.engine.actions import PerformAction
from tallon.engine.decisions import Decision
from tallon.engine.effects import acquire_lock
from tallon.engine.game import Game
from tallon.engine.rounds import StartEndPhase, StartEngagement, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.engine.steps import Step
from tallon.scene import Scene, declare, load_dice, start_at
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
from tests.rules.attack_helpers import rolls

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
TEMPEST = "1e-tieadvanced-tempestsquadronpilot"
ENFORCER = "1e-starviper-blacksunenforcer"
SPACER = "1e-m3ainterceptor-cartelspacer"
BOUNTY = "1e-firespray31-bountyhunter"


def neutralized(game: Game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def duel(pilot: str, defender: str = ACADEMY, range_: int = 2, upgrades=(), them=None,
         **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it (set up
    with ``them``)."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180), **(them or {}))
    return sc, a, d


def attack_to_end(sc, a, d, dice, defense, rerolls=(), weapon=None, then=()):
    game = engage(sc, a, dice, defense, rerolls, then)
    declare(game, a, d, weapon)
    return game


@dataclass(frozen=True)
class LockWithCard(Step):
    """A card (not the target lock action) gives the ship a lock."""

    ship_id: str
    target: str

    def run(self, game: Game) -> Decision | None:
        acquire_lock(game, game.state.ships[self.ship_id], self.target)
        return None


# ------------------------------------------------------------------ Wes Janson
class TestWesJanson:
    WES = "1e-xwing-wesjanson"

    def test_removes_an_evade_token_from_the_defender(self):
        """Wes attacks a TIE with a focus and an evade token and misses; afterwards he
        removes its evade token (a Rookie Pilot's identical attack leaves it)."""
        for pilot, kept in ((self.WES, False), (ROOKIE, True)):
            sc, a, d = duel(pilot, them={"focus": 1, "evade": 1})
            game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
            if pilot == self.WES:
                pass_until(game, "use_ability", a)
                assert set(values(game)) == {"token:focus", "token:evade", "decline"}
                game.answer("token:evade")
            pass_all(game)
            ship = game.state.ships[d]
            assert ship.has(Token.EVADE) is kept and ship.has(Token.FOCUS)

    def test_removes_the_defenders_blue_lock(self):
        """The TIE holds a target lock on a friendly X-wing: Wes removes it."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.WES, at=(400, 300, 0))
        friend = sc.ship(ROOKIE, at=(200, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180), locks=["p1.2"])
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        game.answer(f"lock:{friend}")
        assert game.state.ships[d].locks == []

    def test_not_when_the_defender_has_none(self):
        """A defender with no focus, evade or lock: nothing to remove, nothing asked."""
        sc, a, d = duel(self.WES)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        assert "use_ability" not in pass_all(game)

    def test_faq_tokens_usable_during_the_attack(self):
        """FAQ (1e), Wes Janson: the defender may spend its tokens during his attack; the
        token is removed only after the attack: the TIE spends its evade token against
        his hit, and only then is Wes asked (about its focus token)."""
        sc, a, d = duel(self.WES, them={"focus": 1, "evade": 1})
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_defense_dice", d)
        modify_with(game, "evade")
        skip_dice(game, "use_ability", a)
        assert "misses" in neutralized(game)
        assert values(game) == ["token:focus", "decline"]


# ----------------------------------------------------------------- Jek Porkins
class TestJekPorkins:
    JEK = "1e-xwing-jekporkins"

    def _k_turn(self, pilot, face):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 200, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "4KR")
        load_dice(game, [face])
        return game, a

    def test_faq_removes_the_stress_and_still_acts(self):
        """Jek's red Koiogran-Turn gives him a stress token: he removes it, rolls a blank
        (no damage) and - FAQ (1e), Jek Porkins - still performs an action; a Rookie
        Pilot stays stressed and gets no action."""
        game, a = self._k_turn(self.JEK, "blank")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        ship = game.state.ships[a]
        assert not ship.stressed and not ship.damage
        assert game.decision.kind == "perform_action"
        game, a = self._k_turn(ROOKIE, "blank")
        kinds = pass_all(game)
        assert game.state.ships[a].stressed and "perform_action" not in kinds

    def test_a_hit_deals_a_facedown_card_past_the_shields(self):
        """He rolls a hit: 1 facedown damage card, his 2 shields untouched."""
        game, a = self._k_turn(self.JEK, "hit")
        game.answer("use")
        ship = game.state.ships[a]
        assert [c.faceup for c in ship.damage] == [False] and ship.shields == 2

    def test_not_for_another_token(self):
        """A focus token does not trigger him."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.JEK, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------ "Hobbie" Klivian
class TestHobbieKlivian:
    HOBBIE = "1e-xwing-hobbieklivian"

    def test_spending_a_lock_removes_a_stress(self):
        """Stressed Hobbie spends his lock to reroll: he may remove his stress token."""
        sc, a, d = duel(self.HOBBIE, locks=["p2.1"], stress=1)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "lock")
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert not game.state.ships[a].stressed

    def test_faq_acquiring_without_the_action(self):
        """FAQ (1e), "Hobbie" Klivian: a lock acquired without the target lock action
        counts: a card gives stressed Hobbie a lock, he removes his stress token."""
        sc, a, d = duel(self.HOBBIE, stress=1)
        game = sc.at(LockWithCard(a, d))
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert not game.state.ships[a].stressed and d in game.state.ships[a].locks

    def test_not_for_a_focus_token(self):
        """Spending a focus token is no lock: the stress token stays."""
        sc, a, d = duel(self.HOBBIE, focus=1, stress=1)
        game = attack_to_end(sc, a, d, ["focus"] * 3, ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "focus")
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[a].stressed


# ------------------------------------------------------------------ Tarn Mison
class TestTarnMison:
    TARN = "1e-xwing-tarnmison"

    def test_locks_the_attacker(self):
        """A TIE declares Tarn as its target: he acquires a target lock on it."""
        sc = Scene(ruleset="1e")
        tarn = sc.ship(self.TARN, at=(400, 300, 0))
        tie = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, tie, tarn, ["blank"] * 2, ["blank"] * 2)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.state.ships[tarn].locks == [tie]

    def test_not_for_a_rookie_nor_when_already_locked(self):
        """A Rookie Pilot is not asked; nor is Tarn when he already has the attacker
        locked."""
        for pilot, locks in ((ROOKIE, []), (self.TARN, ["p2.1"])):
            sc = Scene(ruleset="1e")
            x = sc.ship(pilot, at=(400, 300, 0), locks=locks)
            tie = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
            game = attack_to_end(sc, tie, x, ["blank"] * 2, ["blank"] * 2)
            assert "use_ability" not in pass_all(game)
            assert game.state.ships[x].locks == locks


# ---------------------------------------------------------------- Prince Xizor
class TestPrinceXizor:
    XIZOR = "1e-starviper-princexizor"

    def _scene(self, friend_x=480.0, weapon=None, friend_upgrades=()):
        sc = Scene(ruleset="1e")
        xizor = sc.ship(self.XIZOR, at=(400, 300, 0))
        friend = sc.ship(ENFORCER, at=(friend_x, 300, 0), upgrades=list(friend_upgrades))
        upgrades = ["1e-ioncannon"] if weapon else []
        tie = sc.ship(BOUNTY, player=2, at=(400, 520, 180), upgrades=upgrades)
        return sc, xizor, friend, tie

    def test_a_friend_suffers_a_hit_instead(self):
        """Xizor is hit by 2 hits: the Black Sun Enforcer beside him suffers 1 (a shield)
        and Xizor only 1."""
        sc, xizor, friend, tie = self._scene()
        game = attack_to_end(sc, tie, xizor, ["hit", "hit", "blank"], ["blank"] * 3)
        pass_until(game, "replacement", xizor)
        game.answer(f"{friend}:hit")
        pass_all(game)
        assert game.state.ships[friend].shields == 0
        assert game.state.ships[xizor].shields == 0 and not game.state.ships[xizor].damage

    def test_not_a_friend_beyond_range_1(self):
        """The Enforcer is 300 mm away: nobody takes the result; Xizor suffers both."""
        sc, xizor, friend, tie = self._scene(friend_x=700)
        game = attack_to_end(sc, tie, xizor, ["hit", "hit", "blank"], ["blank"] * 3)
        assert "replacement" not in pass_all(game)
        assert game.state.ships[friend].shields == 1
        assert len(game.state.ships[xizor].damage) == 1

    def test_faq_the_friend_is_not_hit(self):
        """FAQ (1e), Prince Xizor: the friend suffering the result is not hit by the attack:
        its Stealth Device (discarded when it is hit) stays."""
        sc, xizor, friend, tie = self._scene(friend_upgrades=["1e-stealthdevice"])
        game = attack_to_end(sc, tie, xizor, ["hit", "hit", "blank"], ["blank"] * 3)
        pass_until(game, "replacement", xizor)
        game.answer(f"{friend}:hit")
        pass_all(game)
        ship = game.state.ships[friend]
        assert ship.shields == 0 and "1e-stealthdevice" in ship.upgrades

    def test_faq_not_against_a_hit_that_cancels_all_results(self):
        """FAQ (1e), Prince Xizor: hit by an Ion Cannon, he cannot give the result away:
        he suffers the cannon's damage and ion token himself."""
        sc, xizor, friend, tie = self._scene(weapon=True)
        game = attack_to_end(sc, tie, xizor, ["hit", "blank", "blank"], ["blank"] * 3,
                             weapon="1e-ioncannon")
        assert "replacement" not in pass_all(game)
        ship = game.state.ships[xizor]
        assert ship.has(Token.ION) and ship.shields == 0
        assert game.state.ships[friend].shields == 1


# -------------------------------------------------------------------------- Guri
class TestGuri:
    GURI = "1e-starviper-guri"

    def test_focus_at_range_1_of_an_enemy(self):
        """At the start of the Combat phase an enemy is at Range 1: Guri gets a focus."""
        sc, a, _d = duel(self.GURI, range_=1)
        game = sc.at(StartEngagement())
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.state.ships[a].has(Token.FOCUS)

    def test_not_at_range_2(self):
        """The enemy is at Range 2: nothing is asked, no focus token."""
        sc, a, _d = duel(self.GURI, range_=2)
        game = sc.at(StartEngagement())
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[a].has(Token.FOCUS)


# ---------------------------------------------------------------------- Serissu
class TestSerissu:
    SERISSU = "1e-m3ainterceptor-serissu"

    def _scene(self, defender, serissu_x=480.0):
        sc = Scene(ruleset="1e")
        tie = sc.ship(TEMPEST, player=2, at=(400, 300, 0))
        spacer = sc.ship(SPACER, player=1, at=(400, 490, 180))
        serissu = sc.ship(self.SERISSU, player=1, at=(serissu_x, 490, 180))
        target = spacer if defender == "spacer" else serissu
        game = attack_to_end(sc, tie, target, ["hit"] * 2, ["blank"] * 3)
        skip_dice(game, "modify_defense_dice", target)
        return game

    def test_a_friend_at_range_1_rerolls_a_defense_die(self):
        """The Cartel Spacer beside Serissu defends: it may reroll 1 defense die."""
        game = self._scene("spacer")
        assert offers(game, self.SERISSU)

    def test_not_far_away_nor_for_herself(self):
        """Serissu 300 mm away: not offered; Serissu defending: not for herself."""
        assert not offers(self._scene("spacer", serissu_x=750), self.SERISSU)
        assert not offers(self._scene("serissu", serissu_x=250), self.SERISSU)


# ---------------------------------------------------------------- Laetin A'shera
class TestLaetinAshera:
    LAETIN = "1e-m3ainterceptor-laetinashera"

    def test_evade_after_a_miss(self):
        """The TIE misses Laetin: she may take an evade token; a hit gives none."""
        for dice, gets in ((["blank"] * 2, True), (["hit", "hit"], False)):
            sc = Scene(ruleset="1e")
            laetin = sc.ship(self.LAETIN, at=(400, 300, 0))
            tie = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
            game = attack_to_end(sc, tie, laetin, dice, ["blank"] * 3)
            if gets:
                pass_until(game, "use_ability", laetin)
                game.answer("use")
            pass_all(game)
            assert game.state.ships[laetin].has(Token.EVADE) is gets


# ----------------------------------------------------------------------- IG-88A
class TestIG88A:
    IG88A = "1e-aggressor-ig88a"

    def test_recovers_a_shield_after_destroying(self):
        """IG-88A (2 of 4 shields) destroys the TIE: he recovers 1 shield."""
        sc, a, d = duel(self.IG88A, shields=2)
        game = attack_to_end(sc, a, d, ["hit"] * 4, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].shields == 3

    def test_not_when_the_defender_survives(self):
        """One hit: the TIE survives; nothing is asked, the shields stay at 2."""
        sc, a, d = duel(self.IG88A, shields=2)
        game = attack_to_end(sc, a, d, ["hit"] + ["blank"] * 3, ["blank"] * 3)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[a].shields == 2

    def test_faq_before_a_simultaneous_attack(self):
        """FAQ (1e), IG-88A: he destroys Dutch Vander (pilot skill 6, like him) and
        recovers his shield before Dutch fires back under the Simultaneous Attack Rule."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.IG88A, at=(400, 300, 0), shields=3)
        d = sc.ship("1e-ywing-dutchvander", player=2, at=(400, Y[2], 180), shields=0,
                    damage=[DamageCard("1e-core-consolefire", False, 900 + k)
                            for k in range(4)])
        game = sc.game()
        load_dice(game, ["hit"] * 4, ["blank"])
        start_at(game, StartEngagement(), Sweep("engagement"))
        pass_until(game, "declare_attack", a)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        assert not [e for e in game.log if e["kind"] == "attack" and e.get("ship") == d]
        game.answer("use")
        assert game.state.ships[a].shields == 4
        pass_until(game, "declare_attack", d)

    def test_faq_not_above_his_shield_value(self):
        """FAQ (1e), IG-88A: at full shields he recovers none (nothing is asked)."""
        sc, a, d = duel(self.IG88A)
        game = attack_to_end(sc, a, d, ["hit"] * 4, ["blank"] * 3)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[a].shields == 4


# ----------------------------------------------------------------------- IG-88B
class TestIG88B:
    IG88B = "1e-aggressor-ig88b"

    def test_cannon_attack_after_a_miss(self):
        """IG-88B's primary attack misses: he may attack with his Ion Cannon."""
        sc, a, d = duel(self.IG88B, upgrades=["1e-ioncannon"])
        game = attack_to_end(sc, a, d, ["blank"] * 4, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        assert all(o.info["weapon"] == "1e-ioncannon" for o in game.decision.options
                   if o.info)

    def test_not_after_a_hit_nor_without_a_cannon(self):
        """A hit: nothing asked; a miss without a cannon: nothing asked."""
        sc, a, d = duel(self.IG88B, upgrades=["1e-ioncannon"])
        game = attack_to_end(sc, a, d, ["hit"] + ["blank"] * 3, ["blank"] * 3)
        assert not {"use_ability", "bonus_attack"} & set(pass_all(game))
        sc, a, d = duel(self.IG88B)
        game = attack_to_end(sc, a, d, ["blank"] * 4, ["blank"] * 3)
        assert not {"use_ability", "bonus_attack"} & set(pass_all(game))


# ----------------------------------------------------------------------- IG-88C
class TestIG88C:
    IG88C = "1e-aggressor-ig88c"

    def _act(self, pilot, action):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer(action)
        return game, a

    def test_free_evade_after_a_boost(self):
        """After a boost IG-88C performs a free evade action."""
        game, a = self._act(self.IG88C, "boost")
        while game.decision.kind == "boost_direction":
            game.answer("straight")
        assert game.decision.kind == "use_ability"
        game.answer("evade")
        assert game.state.ships[a].has(Token.EVADE)

    def test_not_after_a_focus(self):
        """After a focus action nothing is asked."""
        game, a = self._act(self.IG88C, "focus")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[a].has(Token.EVADE)


# ----------------------------------------------------------------------- IG-88D
class TestIG88D:
    IG88D = "1e-aggressor-ig88d"

    def _loop(self, pilot, dial="3LR"):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(800, 850, 180))
        return activation(sc, a, dial), a

    def test_segnors_loop_on_the_turn_template(self):
        """IG-88D reveals a 3 Segnor's Loop left: he may fly it on the 3 turn template,
        ending farther to the left than on the bank template."""
        ends = {}
        for template in ("turn", "bank"):
            game, a = self._loop(self.IG88D)
            assert game.decision.kind == "maneuver_template"
            assert set(values(game)) == {"turn", "bank"}
            game.answer(template)
            pass_all(game)
            ends[template] = game.state.ships[a].pose
        assert ends["turn"].x < ends["bank"].x - 10

    def test_not_other_maneuvers(self):
        """A 2 bank offers no template; nor does IG-88A's Segnor's Loop."""
        for pilot, dial in ((self.IG88D, "2BB"), ("1e-aggressor-ig88a", "3LR")):
            game, _a = self._loop(pilot, dial)
            assert game.decision is None or game.decision.kind != "maneuver_template"


# ------------------------------------------------------------ Commander Alozen
class TestCommanderAlozen:
    ALOZEN = "1e-tieadvanced-commanderalozen"

    def test_locks_an_enemy_at_range_1(self):
        """At the start of the Combat phase an X-wing is at Range 1: Alozen locks it."""
        sc, a, d = duel(self.ALOZEN, defender=ROOKIE, range_=1)
        game = sc.at(StartEngagement())
        assert game.decision.kind == "use_ability" and d in values(game)
        game.answer(d)
        assert game.state.ships[a].locks == [d]

    def test_not_at_range_2(self):
        """The X-wing is at Range 2: nothing is asked, no lock."""
        sc, a, _d = duel(self.ALOZEN, defender=ROOKIE, range_=2)
        game = sc.at(StartEngagement())
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[a].locks == []


# ---------------------------------------------------------- Lieutenant Colzet
class TestLieutenantColzet:
    COLZET = "1e-tieadvanced-lieutenantcolzet"

    def test_flips_a_facedown_card(self):
        """Colzet has a lock on an X-wing with 1 facedown card: at the start of the End
        phase he spends the lock and the card is flipped faceup."""
        sc, a, d = duel(self.COLZET, defender=ROOKIE, locks=["p2.1"])
        game = sc.game()
        game.state.ships[d].damage = (DamageCard("1e-core-consolefire", False, 900),)
        start_at(game, StartEndPhase(), phase="end")
        assert game.decision.kind == "use_ability"
        game.answer(d)
        assert game.state.ships[d].damage[0].faceup
        assert game.state.ships[a].locks == []

    def test_not_without_a_lock(self):
        """Without a lock nothing is asked: the card stays facedown."""
        sc, _a, d = duel(self.COLZET, defender=ROOKIE)
        game = sc.game()
        game.state.ships[d].damage = (DamageCard("1e-core-consolefire", False, 900),)
        start_at(game, StartEndPhase(), phase="end")
        pass_all(game)
        assert not game.state.ships[d].damage[0].faceup


# ---------------------------------------------------------------- Zertik Strom
class TestZertikStrom:
    ZERTIK = "1e-tieadvanced-zertikstrom"

    def test_no_range_bonus_for_an_enemy_at_range_1(self):
        """An X-wing at Range 1 attacks Zertik: it rolls 3 dice, not 4 (a Tempest
        Squadron Pilot gives it its bonus)."""
        for pilot, count in ((self.ZERTIK, 3), (TEMPEST, 4)):
            sc = Scene(ruleset="1e")
            d = sc.ship(pilot, player=2, at=(400, Y[1], 180))
            x = sc.ship(ROOKIE, at=(400, 300, 0))
            game = attack_to_end(sc, x, d, ["blank"] * count, ["blank"] * 3)
            pass_all(game)
            assert len(rolls(game, x)[0]) == count

    def test_not_for_a_friend(self):
        """A friendly TIE at Range 1 of Zertik keeps its range bonus."""
        sc = Scene(ruleset="1e")
        sc.ship(self.ZERTIK, player=2, at=(480, 300, 0))
        tie = sc.ship(TEMPEST, player=2, at=(400, 300, 0))
        x = sc.ship(ROOKIE, at=(400, Y[1], 180))
        game = attack_to_end(sc, tie, x, ["blank"] * 3, ["blank"] * 2)
        pass_all(game)
        assert len(rolls(game, tie)[0]) == 3


# ---------------------------------------------------------------- Juno Eclipse
class TestJunoEclipse:
    JUNO = "1e-tieadvanced-junoeclipse"

    def _reveal(self, pilot, dial):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 200, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return activation(sc, a, dial), a

    def test_one_faster_or_slower(self):
        """Juno reveals a white 2 bank left: she may fly it at speed 1 or 3 (still
        white); at speed 3 she ends farther ahead."""
        game, a = self._reveal(self.JUNO, "2BW")
        assert game.decision.kind == "choose_maneuver"
        assert set(values(game)) == {"2BW", "1BW", "3BW"}
        game.answer("3BW")
        pass_all(game)
        assert game.state.ships[a].pose.y > 200 + 3 * 40

    def test_minimum_speed_1_and_no_tempest(self):
        """A 1 bank can only become a 2 bank; a Tempest Squadron Pilot is not asked."""
        game, _a = self._reveal(self.JUNO, "1BB")
        assert set(values(game)) == {"1BB", "2BB"}
        game, _a = self._reveal(TEMPEST, "2BW")
        assert game.decision is None or game.decision.kind != "choose_maneuver"
