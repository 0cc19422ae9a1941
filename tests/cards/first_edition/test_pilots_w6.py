"""First-edition pilots of the Hound's Tooth, Kihraxz Fighter, K-wing and TIE Punisher
expansion packs and The Force Awakens Core Set. Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 300 facing +y, player 2 facing it; with small
bases an enemy at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.cards.common import remember
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.first_edition.helpers_1e import ACADEMY, ROOKIE, Y, attack_to_end, duel
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
from tests.rules.attack_helpers import dice_counts, rolls

ACE = "1e-kihraxzfighter-blacksunace"
SLAVER = "1e-yv666-trandoshanslaver"
WARDEN = "1e-kwing-wardensquadronpilot"


def modified(game) -> str:
    """The text of the scene's last dice modification (the dice after it)."""
    return [e["text"] for e in game.log if e["kind"] == "modify"][-1]


# ------------------------------------------------------------------ Latts Razzi
class TestLattsRazzi:
    LATTS = "1e-yv666-lattsrazzi"

    def _scene(self, lock=True, weapon_upgrades=(), friend_lock=False):
        sc = Scene(ruleset="1e")
        latts = sc.ship(self.LATTS, at=(150, 150, 0), locks=["p2.1"] if lock else [])
        a = sc.ship(ACE, at=(400, 300, 0), upgrades=list(weapon_upgrades),
                    locks=["p2.1"] if friend_lock else [])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        return sc, latts, a, d

    def test_friend_attack_defender_rolls_one_fewer(self):
        """A friendly Black Sun Ace attacks the X-wing (agility 2) Latts has locked:
        Latts spends his lock; the X-wing rolls 1 defense die instead of 2."""
        sc, latts, a, d = self._scene()
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"])
        pass_until(game, "use_ability", latts)
        game.answer("use")
        assert d not in game.state.ships[latts].locks
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 1)

    def test_declined_the_defender_rolls_its_agility(self):
        """Latts keeps his lock: the X-wing rolls its 2 defense dice."""
        sc, latts, a, d = self._scene()
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 2)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 2)
        assert d in game.state.ships[latts].locks

    def test_not_without_a_lock_on_the_defender(self):
        """Latts has no lock on the X-wing: nothing is offered."""
        sc, _latts, a, d = self._scene(lock=False)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 2)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and dice_counts(game, a, d) == (3, 2)

    def test_his_own_attack(self):
        """Latts himself is a friendly ship: attacking the X-wing he locked, he may spend
        the lock on his ability (1 defense die)."""
        sc = Scene(ruleset="1e")
        latts = sc.ship(self.LATTS, at=(400, 300, 0), locks=["p2.1"])
        d = sc.ship(ROOKIE, player=2, at=(400, 520, 180))
        game = attack_to_end(sc, latts, d, ["blank"] * 3, ["blank"])
        pass_until(game, "use_ability", latts)
        game.answer("use")
        pass_all(game)
        assert dice_counts(game, latts, d) == (3, 1)

    def test_faq_twice_attack_only_the_first(self):
        """FAQ (1e), Latts Razzi: with Cluster Missiles ("perform this attack twice") his
        ability applies to the first attack only: 1 defense die, then 2."""
        sc, latts, a, d = self._scene(weapon_upgrades=["1e-clustermissiles"],
                                      friend_lock=True)
        game = engage(sc, a, ["blank"] * 3 + ["blank"] * 3, ["blank"] + ["blank"] * 2)
        declare(game, a, d, "1e-clustermissiles")
        pass_until(game, "use_ability", latts)
        game.answer("use")
        pass_all(game)
        assert [len(r) for r in rolls(game, d)] == [1, 2]


# ------------------------------------------------------------------------ Bossk
class TestBossk:
    BOSSK = "1e-yv666-bossk"

    def test_crit_becomes_two_hits(self):
        """Bossk's attack hits with 1 critical hit: he cancels it for 2 hits; the
        X-wing loses both shields (declined: 1 shield)."""
        for answer, shields in (("use", 0), ("decline", 1)):
            sc, a, d = duel(self.BOSSK)
            game = attack_to_end(sc, a, d, ["crit", "blank", "blank"], ["blank"] * 2)
            pass_until(game, "use_ability", a)
            game.answer(answer)
            pass_all(game)
            assert game.state.ships[d].shields == shields

    def test_not_when_the_attack_misses(self):
        """The crit is canceled by an evade: the attack misses, nothing is offered."""
        sc, a, d = duel(self.BOSSK)
        game = attack_to_end(sc, a, d, ["crit", "blank", "blank"], ["evade", "blank"])
        kinds = pass_all(game)
        assert "use_ability" not in kinds

    def test_faq_before_draw_their_fire(self):
        """FAQ (1e), Bossk: he uses his ability before Draw Their Fire can be used: with
        his crit turned into hits, the defender's friend has no crit to suffer instead."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.BOSSK, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        friend = sc.ship(ROOKIE, player=2, at=(480, Y[2], 180),
                         upgrades=["1e-drawtheirfire"])
        game = attack_to_end(sc, a, d, ["crit", "blank", "blank"], ["blank"] * 2)
        pass_until(game, "use_ability")
        assert game.decision.ship == a
        game.answer("use")
        pass_all(game)
        assert game.state.ships[d].shields == 0
        assert game.state.ships[friend].shields == 2


# --------------------------------------------------------------- Graz the Hunter
class TestGrazTheHunter:
    GRAZ = "1e-kihraxzfighter-grazthehunter"

    def test_attacker_in_his_arc_one_more_die(self):
        """Graz faces the attacking X-wing: he rolls 3 defense dice (agility 2 + 1); a
        Black Sun Ace in his place rolls 2."""
        for pilot, count in ((self.GRAZ, 3), (ACE, 2)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0))
            d = sc.ship(pilot, player=2, at=(400, Y[2], 180))
            game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * count)
            pass_all(game)
            assert dice_counts(game, a, d) == (3, count)

    def test_not_when_the_attacker_is_behind_him(self):
        """Graz faces away from the X-wing: 2 defense dice."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(self.GRAZ, player=2, at=(400, Y[2], 0))
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 2)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 2)


# -------------------------------------------------------------- Talonbane Cobra
class TestTalonbaneCobra:
    TALONBANE = "1e-kihraxzfighter-talonbanecobra"

    def test_attacking_at_range_1_two_more_dice(self):
        """Talonbane attacks at Range 1: 3 + 2 attack dice; a Black Sun Ace gets 3 + 1."""
        for pilot, count in ((self.TALONBANE, 5), (ACE, 4)):
            sc, a, d = duel(pilot, range_=1)
            game = attack_to_end(sc, a, d, ["blank"] * count, ["blank"] * 2)
            pass_all(game)
            assert dice_counts(game, a, d) == (count, 2)

    def test_defending_at_range_3_two_more_dice(self):
        """The X-wing attacks Talonbane at Range 3: he rolls 2 + 2 defense dice."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(self.TALONBANE, player=2, at=(400, Y[3], 180))
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 4)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 4)

    def test_no_bonus_no_doubling(self):
        """At Range 2 there is no range bonus to double: 3 attack dice; nor does the
        X-wing's range 3 bonus against him (defending at Range 3 is the defender's
        bonus) change when he attacks at Range 3: the X-wing rolls 2 + 1."""
        sc, a, d = duel(self.TALONBANE, range_=2)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 2)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 2)
        sc, a, d = duel(self.TALONBANE, range_=3)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 3)


# ----------------------------------------------------------------- Esege Tuketu
class TestEsegeTuketu:
    ESEGE = "1e-kwing-esegetuketu"

    def _scene(self, esege_at=(480, 300, 0), **friend):
        sc = Scene(ruleset="1e")
        a = sc.ship(WARDEN, at=(400, 300, 0), **friend)
        e = sc.ship(self.ESEGE, at=esege_at, focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        return sc, a, e, d

    def test_friend_spends_his_focus_token(self):
        """The K-wing at Range 1 of Esege attacks with no focus token: it spends Esege's
        focus token to change its 2 focus results to hits."""
        sc, a, e, d = self._scene()
        game = attack_to_end(sc, a, d, ["focus", "focus"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.ESEGE)
        assert not game.state.ships[e].has(Token.FOCUS)
        assert modified(game).endswith("hit, hit")

    def test_not_beyond_range_2(self):
        """Esege is 400 mm away (beyond Range 2): not offered."""
        sc, a, _e, d = self._scene(esege_at=(800, 300, 0))
        game = attack_to_end(sc, a, d, ["focus", "focus"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, self.ESEGE)

    def test_one_focus_token_effect_per_step(self):
        """FAQ (1e), Spending Tokens: his tokens count as the attacker's own. The K-wing
        spends its own focus token, then its lock to reroll its blank into a focus result:
        Esege's token is not offered for it (one focus token effect per Modify Dice step);
        a K-wing that spent no focus token may spend his for the rerolled focus result."""
        for own_focus, offered in ((True, False), (False, True)):
            sc, a, _e, d = self._scene(focus=1, locks=["p2.1"])
            game = attack_to_end(sc, a, d, ["focus", "blank"], ["blank"] * 3,
                                 rerolls=["focus", "focus"])
            skip_dice(game, "modify_attack_dice", a)
            if own_focus:
                modify_with(game, "focus")
                option = next(o.key for o in game.decision.options
                              if (o.info or {}).get("source") == "lock"
                              and "blank" in o.label)
            else:
                option = next(o.key for o in game.decision.options
                              if (o.info or {}).get("source") == "lock"
                              and "blank" in o.label and "focus" not in o.label)
            game.answer(option)
            assert "focus" in modified(game)
            assert offers(game, self.ESEGE) is offered

    def test_not_when_the_friend_defends(self):
        """The K-wing defends: Esege lends his tokens to attackers only."""
        sc = Scene(ruleset="1e")
        x = sc.ship(WARDEN, at=(400, 300, 0))
        sc.ship(self.ESEGE, at=(480, 300, 0), focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, d, x, ["hit", "hit"], ["focus"])
        skip_dice(game, "modify_defense_dice", x)
        assert not offers(game, self.ESEGE)

    def test_faq_poe_dameron_uses_his_focus_token(self):
        """FAQ (1e), Esege Tuketu: Poe Dameron without a focus token, at Range 1 of Esege
        who has one, may use his own ability when attacking; without Esege he may not."""
        sc = Scene(ruleset="1e")
        poe = sc.ship(TestPoeDameron.POE, at=(400, 300, 0))
        sc.ship(self.ESEGE, at=(480, 300, 0), focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, poe, d, ["focus", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", poe)
        assert offers(game, TestPoeDameron.POE)
        sc, poe, d = duel(TestPoeDameron.POE, defender=ACADEMY)
        game = attack_to_end(sc, poe, d, ["focus", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", poe)
        assert not offers(game, TestPoeDameron.POE)


# ----------------------------------------------------------------- Miranda Doni
class TestMirandaDoni:
    MIRANDA = "1e-kwing-mirandadoni"

    def test_spends_a_shield_for_one_more_die(self):
        """Miranda (2 shields) spends 1 shield: 3 attack dice instead of 2."""
        sc, a, d = duel(self.MIRANDA, defender=ACADEMY)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        game.answer("more")
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 3)
        assert game.state.ships[a].shields == 3  # of 4

    def test_one_fewer_die_recovers_a_shield(self):
        """Miranda with 1 of 2 shields rolls 1 fewer die (1) and recovers 1 shield."""
        sc, a, d = duel(self.MIRANDA, defender=ACADEMY, shields=1)
        game = attack_to_end(sc, a, d, ["blank"], ["blank"] * 3)
        pass_until(game, "use_ability", a)
        assert set(values(game)) == {"more", "fewer", "decline"}
        game.answer("fewer")
        pass_all(game)
        assert dice_counts(game, a, d) == (1, 3)
        assert game.state.ships[a].shields == 2

    def test_once_per_round(self):
        """Having used it this round, her next attack of the round offers nothing."""
        sc, a, d = duel(self.MIRANDA, defender=ACADEMY)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        game.answer("more")
        pass_all(game)
        game2 = engage(sc, a, ["blank"] * 2, ["blank"] * 3)
        remember(game2.state.ships[a], "1e-mirandadoni:round", game2.state.round)
        declare(game2, a, d)
        assert "use_ability" not in pass_all(game2)
        assert dice_counts(game2, a, d) == (2, 3)

    def test_faq_twice_attack_either_attack(self):
        """FAQ (1e), Miranda Doni: with Cluster Missiles she may use it on the second
        attack: declined on the first (3 dice), used on the second (4 dice)."""
        sc, a, d = duel(self.MIRANDA, defender=ACADEMY, upgrades=["1e-clustermissiles"],
                        locks=["p2.1"])
        game = engage(sc, a, ["blank"] * 3 + ["blank"] * 4, ["blank"] * 6)
        declare(game, a, d, "1e-clustermissiles")
        pass_until(game, "use_ability", a)
        game.answer("decline")
        pass_until(game, "use_ability", a)
        game.answer("more")
        pass_all(game)
        assert [len(r) for r in rolls(game, a)] == [3, 4]


# -------------------------------------------------------------------- Deathrain
class TestDeathrain:
    DEATHRAIN = "1e-tiepunisher-deathrain"

    def _reveal(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=["1e-protonbombs"])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return activation(sc, a, "2FB"), a

    def test_drops_with_the_front_guides_then_barrel_rolls(self):
        """Deathrain drops his proton bomb with the front guides (the token lands ahead
        of him), then performs a free barrel roll."""
        game, a = self._reveal(self.DEATHRAIN)
        assert game.decision.kind == "launch_device"
        assert "launch:1F" in values(game)
        game.answer("launch:1F")
        device = game.state.devices[0]
        assert device.pose.y > 300
        assert game.decision.kind == "use_ability"
        game.answer("barrel_roll")
        game.answer("left")
        game.answer("middle")
        assert game.state.ships[a].pose.x < 400

    def test_rear_drop_also_gives_the_barrel_roll(self):
        """Dropped behind him as usual, the bomb still gives him his free barrel roll."""
        game, _a = self._reveal(self.DEATHRAIN)
        game.answer("1F")
        assert game.state.devices[0].pose.y < 300
        assert game.decision.kind == "use_ability" and "barrel_roll" in values(game)

    def test_other_punisher_rear_guides_only(self):
        """A Cutlass Squadron Pilot may drop it behind only, and gets no barrel roll."""
        game, _a = self._reveal("1e-tiepunisher-cutlasssquadronpilot")
        assert values(game) == ["1F", "decline"]
        game.answer("1F")
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------------ Moralo Eval
class TestMoraloEval:
    MORALO = "1e-yv666-moraloeval"

    def _targets(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=["1e-heavylasercannon"])
        # beside him: in the auxiliary (180-degree) arc, outside the front arc
        sc.ship(ROOKIE, player=2, at=(620, 330, 270))
        game = sc.at(Engage(a))
        return [o.key for o in game.decision.options]

    def test_cannon_attack_in_the_auxiliary_arc(self):
        """An X-wing beside the YV-666 at Range 2: Moralo may fire his Heavy Laser Cannon
        at it; a Trandoshan Slaver may not."""
        assert any("1e-heavylasercannon" in str(k) for k in self._targets(self.MORALO))
        assert not any("1e-heavylasercannon" in str(k) for k in self._targets(SLAVER))


# --------------------------------------------------------------- Epsilon Leader
class TestEpsilonLeader:
    EPSILON = "1e-tiefofighter-epsilonleader"
    PILOT = "1e-tiefofighter-epsilonsquadronpilot"

    def test_removes_stress_at_range_1(self):
        """At the start of the Combat phase, Epsilon Leader and his friend at Range 1
        each lose 1 stress token; a friend at Range 3 keeps its own; an Epsilon Squadron
        Pilot in his place removes none."""
        for leader, removed in ((self.EPSILON, True), (self.PILOT, False)):
            sc = Scene(ruleset="1e")
            e = sc.ship(leader, at=(400, 300, 0), stress=1)
            near = sc.ship(self.PILOT, at=(480, 300, 0), stress=2)
            far = sc.ship(self.PILOT, at=(700, 300, 0), stress=1)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = sc.at(StartEngagement(), phase="engagement")
            pass_all(game)
            ships = game.state.ships
            assert ships[e].count(Token.STRESS) == (0 if removed else 1)
            assert ships[near].count(Token.STRESS) == (1 if removed else 2)
            assert ships[far].count(Token.STRESS) == 1

    def test_not_enemy_ships(self):
        """An enemy at Range 1 keeps its stress token."""
        sc = Scene(ruleset="1e")
        sc.ship(self.EPSILON, at=(400, 300, 0))
        enemy = sc.ship(ROOKIE, player=2, at=(400, Y[1], 180), stress=1)
        game = sc.at(StartEngagement(), phase="engagement")
        pass_all(game)
        assert game.state.ships[enemy].stressed


# -------------------------------------------------------------------- Omega Ace
class TestOmegaAce:
    OMEGA = "1e-tiefofighter-omegaace"

    def test_focus_and_lock_all_crits(self):
        """Omega Ace spends his focus token and lock: hit, focus and blank all become
        critical hits."""
        sc, a, d = duel(self.OMEGA, focus=1, locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit", "focus"], ["blank"] * 2)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-tiefofighter-omegaace")
        ship = game.state.ships[a]
        assert not ship.has(Token.FOCUS) and not ship.locks
        assert modified(game).endswith("crit, crit")

    def test_not_without_a_lock(self):
        """With a focus token but no lock: not offered."""
        sc, a, d = duel(self.OMEGA, focus=1)
        game = attack_to_end(sc, a, d, ["hit", "blank"], ["blank"] * 2)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, "1e-tiefofighter-omegaace")


# --------------------------------------------------------------------- Zeta Ace
class TestZetaAce:
    ZETA = "1e-tiefofighter-zetaace"

    def _rolls(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        return game, a

    def test_barrel_roll_with_the_2_straight(self):
        """Zeta Ace may barrel roll with the [2 straight] template: he ends 80 mm to the
        side (a small base and the template's 80 mm); an Omega Squadron Pilot can't."""
        game, a = self._rolls(self.ZETA)
        assert "left@2" in values(game)
        game.answer("left@2")
        game.answer("middle")
        assert abs(game.state.ships[a].pose.x - (400 - 40 - 80)) < 1
        game, _ = self._rolls("1e-tiefofighter-omegasquadronpilot")
        assert "left@2" not in values(game)


# ------------------------------------------------------------------ Poe Dameron
class TestPoeDameron:
    POE = "1e-t70xwing-poedameron"

    def test_attacking_focus_to_hit(self):
        """Poe attacks with a focus token: he changes 1 focus result to a hit and keeps
        his token."""
        sc, a, d = duel(self.POE, defender=ACADEMY, focus=1)
        game = attack_to_end(sc, a, d, ["focus", "focus", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.POE)
        assert sorted(modified(game).split("-> ")[1].split(", ")) == ["blank", "focus", "hit"]
        assert game.state.ships[a].has(Token.FOCUS)

    def test_defending_focus_to_evade(self):
        """Poe defends with a focus token: he changes 1 focus result to an evade."""
        sc = Scene(ruleset="1e")
        x = sc.ship(self.POE, at=(400, 300, 0), focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, d, x, ["hit", "hit"], ["focus", "blank"])
        skip_dice(game, "modify_defense_dice", x)
        modify_with(game, self.POE)
        assert sorted(modified(game).split("-> ")[1].split(", ")) == ["blank", "evade"]

    def test_not_without_a_focus_token(self):
        """Without a focus token: not offered."""
        sc, a, d = duel(self.POE, defender=ACADEMY)
        game = attack_to_end(sc, a, d, ["focus", "focus", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, self.POE)


# --------------------------------------------------------------------- Blue Ace
class TestBlueAce:
    BLUE = "1e-t70xwing-blueace"

    def _boosts(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("boost")
        return game, a

    def test_boost_with_the_turn_templates(self):
        """Blue Ace may boost with the [1 turn] templates: turned 90 degrees after a turn
        right; a Red Squadron Veteran can't."""
        game, a = self._boosts(self.BLUE)
        assert {"turn_left", "turn_right"} <= set(values(game))
        game.answer("turn_right")
        assert abs(abs(game.state.ships[a].pose.heading) - 90) < 1
        game, _ = self._boosts("1e-t70xwing-redsquadronveteran")
        assert "turn_left" not in values(game)


# ---------------------------------------------------------------------- Redline
class TestRedline:
    REDLINE = "1e-tiepunisher-redline"

    def _locked(self, pilot, answer="use"):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("lock")
        if game.decision is not None and game.decision.kind != "use_ability":
            game.answer(d)
        if game.decision is not None and game.decision.kind == "use_ability":
            game.answer(answer)
        pass_all(game)
        return sc, game, a, d

    def test_two_locks_one_spent_per_attack(self):
        """Redline locks the X-wing and acquires a second lock on it; attacking, he spends
        one to reroll: the other stays."""
        sc, game, a, d = self._locked(self.REDLINE)
        assert game.state.ships[a].locks == [d, d]
        game2 = engage(sc, a, ["blank", "blank"], ["blank"] * 2, rerolls=["hit", "hit"])
        game2.state.ships[a].locks = [d, d]
        declare(game2, a, d)
        skip_dice(game2, "modify_attack_dice", a)
        modify_with(game2, "lock")
        assert game2.state.ships[a].locks == [d]

    def test_declined_one_lock(self):
        """Declining the second lock: one lock, as usual."""
        _sc, game, a, d = self._locked(self.REDLINE, answer="decline")
        assert game.state.ships[a].locks == [d]

    def test_other_punisher_one_lock(self):
        """A Cutlass Squadron Pilot gets one lock and no offer."""
        _sc, game, a, d = self._locked("1e-tiepunisher-cutlasssquadronpilot")
        assert game.state.ships[a].locks == [d]

    def test_a_lock_on_another_ship_replaces_both(self):
        """Holding two locks on the X-wing, Redline acquires a lock on another ship: both
        former locks go (a ship keeps locks on one ship only)."""
        from tallon.engine.effects import acquire_lock

        sc = Scene(ruleset="1e")
        a = sc.ship(self.REDLINE, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        other = sc.ship(ROOKIE, player=2, at=(500, Y[2], 180))
        game = sc.game()
        game.state.ships[a].locks = [d, d]
        acquire_lock(game, game.state.ships[a], other)
        assert game.state.ships[a].locks == [other]
