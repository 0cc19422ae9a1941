"""First-edition pilots of the ARC-170, Special Forces TIE, Protectorate Starfighter, Shadow
Caster and Sabine's TIE Fighter expansion packs, and the Suppressive Fire condition. Scenes
on a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2
facing it. A small attacker at (400, 300) has an enemy small ship ahead at Range 1 / 2 / 3
at y = 380 / 490 / 550; a large one (the Lancer) at y = 420 / 520 / 620."""

from __future__ import annotations

from functools import partial

from tallon.engine.attack import Engage
from tallon.engine.conditions import has_condition
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition import helpers_1e
from tests.cards.first_edition.helpers_1e import ACADEMY, ROOKIE
from tests.cards.helpers import (
    Hurt,
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

THANE = "1e-arc170-thanekyrell"
ZETA = "1e-tiesffighter-zetaspecialist"
PROTECTORATE = "1e-protectoratestarfighter-concorddawnveteran"
LANCER = "1e-lancerclasspursuitcraft-shadowporthunter"
SPECTRE = "1e-tiefighter-sabinewren"


#: the shared duel scene, against an Academy Pilot
duel = partial(helpers_1e.duel, defender=ACADEMY)


def pool(game, kind: str = "attack") -> list[str]:
    """The faces of the dice after the scene's last dice modification (from the log)."""
    entry = [e for e in game.log if e["kind"] == "modify"][-1]
    return entry["text"].rsplit("-> ", 1)[1].split(", ")


def offered_to(game, ship: str, card: str) -> bool:
    """Pass until ``ship`` modifies dice (or the game stops): whether ``card`` is offered."""
    for _ in range(50):
        d = game.decision
        if d is None:
            return False
        if d.kind.startswith("modify_") and d.ship == ship:
            return offers(game, card)
        pass_all_once(game)
    return False


def pass_all_once(game) -> None:
    d = game.decision
    keys = d.option_keys()
    for wanted in ("decline", "done", "none", "pass"):
        if wanted in keys:
            game.answer(wanted)
            return
    game.answer(keys[0])


# ----------------------------------------------------------------- Norra Wexley
class TestNorraWexley:
    NORRA = "1e-arc170-norrawexley"

    def test_attacking_spends_her_lock_for_a_focus(self):
        """Attacking the ship she has locked, rolling blanks: she may spend the lock to add a
        focus result, and the lock is gone."""
        sc, a, d = duel(self.NORRA, locks=["p2.1"])
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.NORRA)
        assert pool(game).count("focus") == 1
        assert d not in game.state.ships[a].locks

    def test_not_without_a_lock(self):
        """Without a lock on the defender she is offered nothing."""
        sc, a, d = duel(self.NORRA)
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert not offered_to(game, a, self.NORRA)

    def test_defending_spends_her_lock_on_the_attacker(self):
        """Defending against the ship she has locked: she adds a focus result and spends
        the lock."""
        sc = Scene(ruleset="1e")
        n = sc.ship(self.NORRA, at=(400, 300, 0), locks=["p2.1"])
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, t, ["hit", "hit"], ["blank"])
        declare(game, t, n)
        pass_until(game, "modify_defense_dice", n)
        modify_with(game, self.NORRA)
        assert "focus" in pool(game, "defense")
        assert t not in game.state.ships[n].locks


# --------------------------------------------------------------------- Shara Bey
class TestSharaBey:
    SHARA = "1e-arc170-sharabey"

    def _scene(self, shara_x=480.0, upgrades=()):
        """Shara (locking the enemy) beside a friendly ARC-170 that attacks the enemy."""
        sc = Scene(ruleset="1e")
        f = sc.ship(THANE, at=(400, 300, 0), upgrades=list(upgrades))
        s = sc.ship(self.SHARA, at=(shara_x, 300, 0), locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        return sc, f, s, d

    def test_friend_rerolls_with_her_lock(self):
        """A friendly ship at Range 1 attacking the ship Shara has locked may reroll its
        dice with her lock, which she then loses."""
        sc, f, s, d = self._scene()
        game = engage(sc, f, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, f, d)
        pass_until(game, "modify_attack_dice", f)
        modify_with(game, self.SHARA)
        assert pool(game) == ["hit", "hit"]
        assert d not in game.state.ships[s].locks

    def test_not_beyond_range_2(self):
        """Shara 300 mm (Range 3) away lends nothing."""
        sc, f, _s, d = self._scene(shara_x=720.0)
        game = engage(sc, f, ["blank", "blank"], ["blank"] * 3)
        declare(game, f, d)
        assert not offered_to(game, f, self.SHARA)

    def test_friends_own_lock_is_spent_first(self):
        """A friend with its own lock on the defender fires its Proton Torpedoes: it is
        asked which lock pays (ordnance_1e.lock_payments); with its own, Shara keeps
        hers."""
        sc = Scene(ruleset="1e")
        f = sc.ship(THANE, at=(400, 300, 0), upgrades=["1e-protontorpedoes"], locks=["p2.1"])
        s = sc.ship(self.SHARA, at=(480, 300, 0), locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.at(Engage(f))
        torpedo = next(k for k in values(game) if "protontorpedoes" in str(k))
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        game.answer(torpedo)
        assert set(values(game)) == {"own", s}
        game.answer("own")
        assert d not in game.state.ships[f].locks and d in game.state.ships[s].locks

    def test_her_lock_fires_a_friends_torpedoes(self):
        """A friend with Proton Torpedoes and no lock of its own may attack with them using
        Shara's lock, which is spent; without Shara in range the torpedoes are not
        offered."""
        sc, f, s, d = self._scene(upgrades=["1e-protontorpedoes"])
        game = sc.at(Engage(f))
        assert any(str(k).startswith("1e-protontorpedoes") or "protontorpedoes" in str(k)
                   for k in values(game))
        torpedo = next(k for k in values(game) if "protontorpedoes" in str(k))
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        game.answer(torpedo)
        assert d not in game.state.ships[s].locks
        sc, f, s, d = self._scene(shara_x=720.0, upgrades=["1e-protontorpedoes"])
        game = sc.at(Engage(f))
        assert not any("protontorpedoes" in str(k) for k in values(game))


# ---------------------------------------------------------------- Braylen Stramm
class TestBraylenStramm:
    BRAYLEN = "1e-arc170-braylenstramm"

    def _moved(self, pilot, face, stress=1):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 200, 0), stress=stress)
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        game = activation(sc, a, "2FB")
        load_dice(game, [face])
        return game, a

    def test_hit_removes_a_stress(self):
        """Stressed with 2 tokens, after a green 2 straight (which removes one) he rolls a
        hit and removes another; Thane Kyrell keeps one."""
        game, a = self._moved(self.BRAYLEN, "hit", stress=2)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert game.state.ships[a].count(Token.STRESS) == 0
        game, a = self._moved(THANE, "hit", stress=2)
        pass_all(game)
        assert game.state.ships[a].count(Token.STRESS) == 1

    def test_blank_keeps_it(self):
        """A blank result removes nothing."""
        game, a = self._moved(self.BRAYLEN, "blank", stress=2)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert game.state.ships[a].count(Token.STRESS) == 1

    def test_not_offered_unstressed(self):
        """Without stress the ability is not offered."""
        game, _a = self._moved(self.BRAYLEN, "hit", stress=0)
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# ------------------------------------------------------------------ Thane Kyrell
class TestThaneKyrell:
    THANE = "1e-arc170-thanekyrell"

    def _scene(self, thane_at):
        """An enemy TIE attacks a friendly X-wing; Thane watches from ``thane_at``."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0))
        t = sc.ship(self.THANE, at=thane_at)
        e = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, e, ["blank"] * 2, ["blank"] * 2)
        declare(game, e, x)
        return game, t

    def test_faq_auxiliary_arc_counts(self):
        """FAQ (1e) Q&A: an auxiliary arc is a firing arc: the attacker behind him (inside
        his rear arc) also gives him the free action."""
        game, t = self._scene((600, 490, 90))
        pass_until(game, "use_ability", t)
        assert "focus" in values(game)

    def test_free_action_after_the_enemy_attacks(self):
        """The attacker inside his front arc at Range 2: after its attack he performs a free
        focus action."""
        game, t = self._scene((600, 300, 0))
        pass_until(game, "use_ability", t)
        assert "focus" in values(game)
        game.answer("focus")
        pass_all(game)
        assert game.state.ships[t].has(Token.FOCUS)

    def test_not_when_he_is_the_one_attacked(self):
        """The enemy attacks Thane himself (not another friendly ship): no free action."""
        sc = Scene(ruleset="1e")
        t = sc.ship(self.THANE, at=(400, 300, 0))
        e = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, e, ["blank"] * 2, ["blank"] * 2)
        declare(game, e, t)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[t].has(Token.FOCUS)

    def test_not_outside_his_arcs(self):
        """Thane level with the attacker, which is beside him (outside his front and rear
        arcs): no free action."""
        game, t = self._scene((600, 490, 0))
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[t].has(Token.FOCUS)


# --------------------------------------------------------------------- "Quickdraw"
class TestQuickdraw:
    QUICKDRAW = "1e-tiesffighter-quickdraw"

    def test_faq_attacks_after_the_attack_that_cost_a_shield(self):
        """FAQ (1e), "Quickdraw": hit during an attack, she loses a shield and performs her
        primary weapon attack after that attack (step 9), against the attacker."""
        sc = Scene(ruleset="1e")
        q = sc.ship(self.QUICKDRAW, at=(400, 300, 0))
        e = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, e, ["hit", "hit"], ["blank"] * 2)
        declare(game, e, q)
        pass_until(game, "use_ability", q)
        game.answer("use")
        pass_until(game, "bonus_attack", q)
        assert game.state.attack is None or game.state.attack.attacker == e
        assert any(k.endswith(f"@{e}") for k in values(game))

    def test_once_per_round(self):
        """Losing a second shield later in the round offers nothing more."""
        sc = Scene(ruleset="1e")
        q = sc.ship(self.QUICKDRAW, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.game()
        start_at(game, Hurt(q), phase="activation")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        game.answer("none")
        start_at(game, Hurt(q), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_no_shield_lost_no_attack(self):
        """A Zeta Specialist hit the same way is offered no attack."""
        sc = Scene(ruleset="1e")
        q = sc.ship(ZETA, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.game()
        start_at(game, Hurt(q), phase="activation")
        assert game.decision is None


# --------------------------------------------------------------------- "Backdraft"
class TestBackdraft:
    BACKDRAFT = "1e-tiesffighter-backdraft"

    def test_adds_a_crit_inside_the_auxiliary_arc(self):
        """Attacking a ship behind him (inside his rear auxiliary arc): he may add a critical
        hit result."""
        sc = Scene(ruleset="1e")
        b = sc.ship(self.BACKDRAFT, at=(400, 500, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 310, 0))
        game = engage(sc, b, ["blank", "blank"], ["blank"] * 3)
        declare(game, b, d)
        pass_until(game, "modify_attack_dice", b)
        modify_with(game, self.BACKDRAFT)
        assert pool(game).count("crit") == 1

    def test_not_in_front(self):
        """The defender ahead (front arc): no critical hit offered."""
        sc, b, d = duel(self.BACKDRAFT)
        game = engage(sc, b, ["blank", "blank"], ["blank"] * 3)
        declare(game, b, d)
        assert not offered_to(game, b, self.BACKDRAFT)


# ----------------------------------------------------------------------- Fenn Rau
class TestFennRau:
    FENN = "1e-protectoratestarfighter-fennrau"

    def _dice(self, pilot, range_, use=True):
        sc, a, d = duel(pilot, range_=range_)
        game = engage(sc, a, ["blank"] * 6, ["blank"] * 4)
        declare(game, a, d)
        if game.decision is not None and game.decision.kind == "use_ability":
            game.answer("use" if use else "decline")
        skip_dice(game)
        return len(rolled(game, a))

    def test_extra_attack_die_at_range_1(self):
        """At Range 1 he rolls 5 attack dice (3, the Range 1 bonus and his die); a Concord
        Dawn Veteran rolls 4."""
        assert self._dice(self.FENN, 1) == self._dice(PROTECTORATE, 1) + 1

    def test_not_at_range_2(self):
        """At Range 2 nothing is offered: as many dice as the veteran."""
        assert self._dice(self.FENN, 2) == self._dice(PROTECTORATE, 2)

    def test_extra_defense_die(self):
        """Defending against an enemy at Range 1 he rolls 1 more defense die."""
        sc = Scene(ruleset="1e")
        f = sc.ship(self.FENN, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 380, 180))
        game = engage(sc, t, ["hit"] * 3, ["blank"] * 5)
        declare(game, t, f)
        pass_until(game, "use_ability", f)
        game.answer("use")
        skip_dice(game)
        assert len(rolled(game, f)) == 4  # agility 3 + 1 (no range bonus at Range 1)


# ----------------------------------------------------------------------- Kad Solus
class TestKadSolus:
    KAD = "1e-protectoratestarfighter-kadsolus"

    def _focus(self, pilot, dial):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 200, 0))
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        game = activation(sc, a, dial)
        pass_all(game)
        return game.state.ships[a].count(Token.FOCUS)

    def test_two_focus_after_a_red_maneuver(self):
        """After a red 4 K-turn he has 2 focus tokens; a veteran none."""
        assert self._focus(self.KAD, "4KR") == 2
        assert self._focus(PROTECTORATE, "4KR") == 0

    def test_not_after_a_white_one(self):
        """After a white 3 bank: no focus token."""
        assert self._focus(self.KAD, "3BW") == 0


# ---------------------------------------------------------------------- Old Teroch
class TestOldTeroch:
    TEROCH = "1e-protectoratestarfighter-oldteroch"

    def _scene(self, heading):
        sc = Scene(ruleset="1e")
        o = sc.ship(self.TEROCH, at=(400, 300, 0))
        e = sc.ship(ACADEMY, player=2, at=(400, 380, heading), tokens={"focus": 1, "evade": 1})
        return sc.at(StartEngagement()), o, e

    def test_enemy_discards_focus_and_evade(self):
        """He is inside the enemy's firing arc at Range 1: it discards its focus and evade
        tokens."""
        game, o, e = self._scene(180)
        pass_until(game, "use_ability", o)
        game.answer(e)
        ship = game.state.ships[e]
        assert not ship.has(Token.FOCUS) and not ship.has(Token.EVADE)

    def test_not_outside_its_arc(self):
        """The enemy facing away (he is outside its arc): not offered, tokens kept."""
        game, o, e = self._scene(0)
        assert game.decision is None or game.decision.kind != "use_ability" \
            or game.decision.ship != o
        ship = game.state.ships[e]
        assert ship.has(Token.FOCUS) and ship.has(Token.EVADE)


# -------------------------------------------------------------- Sabine Wren (Lancer)
class TestSabineWrenLancer:
    SABINE = "1e-lancerclasspursuitcraft-sabinewren"

    def _offered(self, pilot, turret):
        sc = Scene(ruleset="1e")
        s = sc.ship(pilot, at=(400, 300, 0), turret=turret)
        t = sc.ship(ACADEMY, player=2, at=(400, 520, 180))
        game = engage(sc, t, ["hit", "hit"], ["blank", "blank"])
        declare(game, t, s)
        return game, s

    def test_adds_a_focus_against_an_attacker_in_her_mobile_arc(self):
        """The attacker at Range 2 inside her mobile arc (pointing forward): she adds a focus
        result."""
        game, s = self._offered(self.SABINE, "front")
        assert offered_to(game, s, self.SABINE)
        modify_with(game, self.SABINE)
        assert "focus" in pool(game)

    def test_not_outside_the_mobile_arc(self):
        """The mobile arc pointing backwards: nothing offered."""
        game, s = self._offered(self.SABINE, "rear")
        assert not offered_to(game, s, self.SABINE)


# ---------------------------------------------------------------- Asajj Ventress
class TestAsajjVentress:
    ASAJJ = "1e-lancerclasspursuitcraft-asajjventress"

    def _scene(self, turret, y=520.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.ASAJJ, at=(400, 300, 0), turret=turret)
        e = sc.ship(ACADEMY, player=2, at=(400, y, 180))
        return sc.at(StartEngagement()), a, e

    def test_stresses_a_ship_in_her_mobile_arc(self):
        """The enemy at Range 2 inside her mobile arc receives a stress token."""
        game, a, e = self._scene("front")
        pass_until(game, "use_ability", a)
        game.answer(e)
        assert game.state.ships[e].stressed

    def test_not_outside_the_mobile_arc(self):
        """The mobile arc pointing left: nothing offered, no stress."""
        game, a, e = self._scene("left")
        assert game.decision is None or game.decision.ship != a
        assert not game.state.ships[e].stressed

    def test_not_beyond_range_2(self):
        """The enemy at Range 3: nothing offered."""
        game, a, _e = self._scene("front", y=680.0)
        assert game.decision is None or game.decision.ship != a


# --------------------------------------------------------------- Sabine Wren (TIE)
class TestSabineWrenTie:
    def _revealing(self, pilot):
        sc = Scene(ruleset="1e")
        s = sc.ship(pilot, at=(400, 200, 0))
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        return activation(sc, s, "2FB"), s

    def test_boost_before_revealing(self):
        """Before her dial is revealed she may boost: she ends 1 straight farther than her
        2 straight alone would take her."""
        game, s = self._revealing(SPECTRE)
        pass_until(game, "use_ability", s)
        assert set(values(game)) >= {"boost", "barrel_roll"}
        game.answer("boost")
        while game.decision is not None and game.decision.kind != "perform_action":
            d = game.decision
            game.answer("straight" if "straight" in d.option_keys() else d.options[0].key)
        y_boosted = game.state.ships[s].body.pose.y
        game, s2 = self._revealing("1e-tiefighter-captainrex")
        pass_all(game)
        assert y_boosted > game.state.ships[s2].body.pose.y + 30

    def test_offered_before_the_reveal(self):
        """The question comes before the dial is revealed (no dial event yet)."""
        game, s = self._revealing(SPECTRE)
        pass_until(game, "use_ability", s)
        assert not any(e["kind"] == "dial" and s in e["text"] for e in game.log)


# ------------------------------------------------------------------ "Zeb" Orrelios
class TestZebOrrelios:
    ZEB = "1e-tiefighter-zeborrelios"

    def _dealt(self, defender):
        sc = Scene(ruleset="1e")
        z = sc.ship(defender, player=2, at=(400, 490, 180))
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        game = engage(sc, a, ["hit", "crit", "blank"], ["evade", "blank", "blank"])
        declare(game, a, z)
        pass_all(game)
        return [c.faceup for c in game.state.ships[z].damage]

    def test_crit_canceled_first(self):
        """A hit and a critical hit against 1 evade: Zeb's evade cancels the critical hit (1
        facedown card); an Academy Pilot's cancels the hit (1 faceup card)."""
        assert self._dealt(self.ZEB) == [False]
        assert self._dealt(ACADEMY) == [True]


# -------------------------------------------------------------------- Ahsoka Tano
class TestAhsokaTano:
    AHSOKA = "1e-tiefighter-ahsokatano"

    def _scene(self, friend_x=480.0, focus=1):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.AHSOKA, at=(400, 300, 0), tokens={"focus": focus} if focus else None)
        f = sc.ship(SPECTRE, at=(friend_x, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return sc.at(StartEngagement()), a, f

    def test_friend_performs_a_free_action(self):
        """She spends her focus token; the friend at Range 1 performs a free evade action."""
        game, a, f = self._scene()
        pass_until(game, "use_ability", a)
        assert f in values(game) and a in values(game)  # FAQ (1e): Range 1 of herself
        game.answer(f)
        pass_until(game, "perform_action", f)
        game.answer("evade")
        assert game.state.ships[f].has(Token.EVADE)
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_faq_may_choose_herself(self):
        """FAQ (1e): a ship is at Range 1 of itself, so she may choose herself and perform a
        free focus action with the focus token she spent."""
        game, a, _f = self._scene()
        pass_until(game, "use_ability", a)
        game.answer(a)
        pass_until(game, "perform_action", a)
        game.answer("focus")
        assert game.state.ships[a].count(Token.FOCUS) == 1

    def test_not_without_focus(self):
        """Without a focus token nothing is offered."""
        game, a, _f = self._scene(focus=0)
        assert game.decision is None or game.decision.ship != a

    def test_not_beyond_range_1(self):
        """The friend 200 mm away (Range 2) is not offered; only herself."""
        game, a, f = self._scene(friend_x=600.0)
        pass_until(game, "use_ability", a)
        assert f not in values(game)


# -------------------------------------------------------------------- Captain Rex
class TestCaptainRex:
    REX = "1e-tiefighter-captainrex"
    FIRE = "1e-suppressivefire"

    def _after_rex_attack(self):
        """Rex attacks an Academy Pilot, another rebel TIE (Zeb) stands beside him."""
        sc = Scene(ruleset="1e")
        r = sc.ship(self.REX, at=(400, 300, 0))
        z = sc.ship("1e-tiefighter-zeborrelios", at=(520, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, r, ["blank"] * 2, ["blank"] * 3)
        declare(game, r, t)
        pass_all(game)
        return game, r, z, t

    def test_assigns_suppressive_fire(self):
        """After his attack (even a miss) the defender has Suppressive Fire."""
        game, _r, _z, t = self._after_rex_attack()
        assert has_condition(game.state.ships[t], self.FIRE)

    def test_suppressed_ship_rolls_fewer_dice_against_others(self):
        """The suppressed TIE attacking Zeb rolls 1 fewer attack die than attacking Rex;
        declaring the attack on Rex removes the card."""
        game, r, z, t = self._after_rex_attack()
        start_at(game, Engage(t))
        load_dice(game, ["blank"] * 4, ["blank"] * 4)
        declare(game, t, z)
        skip_dice(game)
        against_zeb = len(rolled(game, t))
        game, r, z, t = self._after_rex_attack()
        start_at(game, Engage(t))
        load_dice(game, ["blank"] * 4, ["blank"] * 4)
        declare(game, t, r)
        assert not has_condition(game.state.ships[t], self.FIRE)
        skip_dice(game)
        assert len(rolled(game, t)) == against_zeb + 1

    def test_removed_when_rex_does_not_attack(self):
        """At the end of a Combat phase in which Rex did not attack, the card is removed;
        had he attacked this phase, it stays."""
        from tallon.engine.conditions import assign_condition
        from tallon.engine.steps import Step

        sc = Scene(ruleset="1e")
        r = sc.ship(self.REX, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()

        class AssignSuppressiveFire(Step):
            def run(self, game):
                assign_condition(game, game.state.ships[t], TestCaptainRex.FIRE, 1)

        start_at(game, AssignSuppressiveFire())
        assert has_condition(game.state.ships[t], self.FIRE)
        start_at(game, FireWindow.of("end_engagement"), phase="engagement")
        assert game.state.ships[r].last_attack is None
        assert not has_condition(game.state.ships[t], self.FIRE)
        start_at(game, AssignSuppressiveFire())
        game.state.ships[r].last_attack = (game.state.round, "engagement")
        start_at(game, FireWindow.of("end_engagement"), phase="engagement")
        assert has_condition(game.state.ships[t], self.FIRE)
