"""First-edition pilots of the M12-L Kimogila, Phantom II, TIE Silencer, Resistance Bomber,
Saw's Renegades and TIE Reaper expansion packs. Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 300 facing +y, player 2 facing it; with small
bases an enemy at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.payloads import PlacedDevice, outline_of
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import (
    ACADEMY,
    ROOKIE,
    Y,
    ever_offers,
    neutralized,
    run_to,
)
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)
from tests.rules.attack_helpers import dice_counts

KIMOGILA = "1e-m12lkimogilafighter-cartelbrute"
SILENCER = "1e-tiesilencer-sienarjaemusanalyst"
BOMBER = "1e-bsf17bomber-crimsonsquadronpilot"
REAPER = "1e-tiereaper-scarifbasepilot"
UWING = "1e-uwing-partisanrenegade"
AP5 = "1e-sheathipedeclassshuttle-ap5"


# ------------------------------------------------------------------- Torani Kulda
class TestToraniKulda:
    TORANI = "1e-m12lkimogilafighter-toranikulda"

    def _attack(self, pilot, x=400.0, focus=1):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), focus=focus)
        sc.ship(ROOKIE, player=2, at=(x, Y[3], 180), evade=1)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game, a, d)
        return game, a, d

    def test_enemy_chooses_to_lose_its_tokens(self):
        """Torani's attack misses the X-wing in his bullseye arc (another at Range 3 off to
        the side is not): it chooses to remove its focus token and keeps its shields.
        A Cartel Brute's miss leaves the focus token."""
        game, _a, d = self._attack(self.TORANI, x=100.0)
        decision = run_to(game, "use_ability")
        assert decision.ship == d and decision.player == 2
        assert set(decision.option_keys()) == {"damage", "tokens"}
        game.answer("tokens")
        pass_all(game)
        assert not game.state.ships[d].has(Token.FOCUS)
        assert game.state.ships["p2.2"].has(Token.EVADE)  # outside the bullseye
        game, _a, d = self._attack(KIMOGILA, x=100.0)
        pass_all(game)
        assert game.state.ships[d].has(Token.FOCUS)

    def test_enemy_chooses_damage(self):
        """The X-wing chooses to suffer 1 damage: it loses a shield, keeps its focus."""
        game, _a, d = self._attack(self.TORANI, x=100.0)
        run_to(game, "use_ability")
        game.answer("damage")
        pass_all(game)
        assert game.state.ships[d].shields == 1
        assert game.state.ships[d].has(Token.FOCUS)

    def test_each_enemy_in_the_bullseye(self):
        """Two X-wings in the bullseye (Range 2 and 3): both are asked; the second, with
        only an evade token, removes it."""
        game, _a, d = self._attack(self.TORANI)
        asked = []
        while (decision := run_to(game, "use_ability")) is not None:
            asked.append(decision.ship)
            game.answer("tokens")
        assert asked == [d, "p2.2"]
        assert not game.state.ships["p2.2"].has(Token.EVADE)

    def test_no_tokens_means_damage(self):
        """Ruling: an X-wing without focus or evade tokens cannot choose to remove them: it
        suffers 1 damage."""
        game, _a, d = self._attack(self.TORANI, x=100.0, focus=0)
        pass_all(game)
        assert game.state.ships[d].shields == 1


# ------------------------------------------------------------------- Dalan Oberos
class TestDalanOberos:
    DALAN = "1e-m12lkimogilafighter-dalanoberos"

    def _scene(self, x=400.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.DALAN, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(x, Y[3], 180))
        game = sc.game()
        from tallon.engine.rounds import StartEngagement

        start_at(game, StartEngagement())
        return game, a, d

    def test_locks_enemy_in_bullseye(self):
        """Start of the Combat phase, an X-wing in his bullseye arc at Range 3: he may lock
        it."""
        game, a, d = self._scene()
        decision = run_to(game, "use_ability")
        assert decision.ship == a and d in decision.option_keys()
        game.answer(d)
        assert d in game.state.ships[a].locks

    def test_not_outside_bullseye(self):
        """The X-wing is inside his front arc but not his bullseye: no lock offered."""
        game, a, _d = self._scene(x=480.0)
        assert run_to(game, "use_ability") is None
        assert not game.state.ships[a].locks


# ------------------------------------------------------------------------ Fenn Rau
class TestFennRau:
    FENN = "1e-sheathipedeclassshuttle-fennrau"

    def _scene(self, pilot, stress=0):
        sc = Scene(ruleset="1e")
        f = sc.ship(pilot, at=(400, 300, 0), stress=stress)
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), focus=1)
        game = sc.at(Engage(e))
        load_dice(game, ["focus", "focus", "blank"], ["blank"] * 2)
        return game, f, e

    def test_enemy_cannot_spend_focus(self):
        """The X-wing in Fenn's arc engages; Fenn receives a stress token: its focus token
        cannot change its 2 focus results (0 hits). With AP-5 it turns them into 2 hits."""
        game, f, e = self._scene(self.FENN)
        decision = run_to(game, "use_ability")
        assert decision.ship == f
        game.answer("use")
        assert game.state.ships[f].has(Token.STRESS)
        declare(game, e, f)
        assert not ever_offers(game, "focus")
        assert game.state.ships[e].has(Token.FOCUS)
        assert "the attack misses" in neutralized(game)

        game, f, e = self._scene(AP5)
        declare(game, e, f)
        pass_until(game, "modify_attack_dice", e)
        assert offers(game, "focus")

    def test_not_while_stressed(self):
        """Fenn is stressed: his ability is not offered."""
        game, _f, _e = self._scene(self.FENN, stress=1)
        assert run_to(game, "use_ability") is None


# ------------------------------------------------------------ Ezra Bridger (shuttle)
class TestEzraBridger:
    EZRA = "1e-sheathipedeclassshuttle-ezrabridger"

    def _attack(self, stress):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(self.EZRA, player=2, at=(400, Y[2], 180), stress=stress)
        game = engage(sc, a, ["hit", "hit", "hit"], ["focus", "focus"])
        declare(game, a, d)
        return game, a, d

    def test_stressed_two_focus_to_evade(self):
        """Ezra, stressed, rolls 2 focus against 3 hits: he changes both to evades and 1 hit
        lands (without the stress token he is not offered the change)."""
        game, _a, d = self._attack(1)
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, self.EZRA)
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_unstressed(self):
        """Ezra is not stressed: no change offered; 3 hits land."""
        game, _a, _d = self._attack(0)
        assert not ever_offers(game, self.EZRA)
        assert "3 hit(s)" in neutralized(game)


# ----------------------------------------------------------------- "Zeb" Orrelios
class TestZebOrrelios:
    ZEB = "1e-sheathipedeclassshuttle-zeborrelios"

    def _attack(self, pilot, attacker=False):
        sc = Scene(ruleset="1e")
        if attacker:
            a = sc.ship(pilot, at=(400, 300, 0))
            d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        else:
            a = sc.ship(ROOKIE, at=(400, 300, 0))
            d = sc.ship(pilot, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit", "crit", "blank"], ["evade", "blank"])
        declare(game, a, d)
        pass_all(game)
        return game

    def test_evade_cancels_the_crit(self):
        """Zeb defends against a hit and a crit with 1 evade: the crit is canceled, the hit
        lands; AP-5 loses the hit to his evade and suffers the crit."""
        assert "1 hit(s), 0 critical" in neutralized(self._attack(self.ZEB))
        assert "0 hit(s), 1 critical" in neutralized(self._attack(AP5))

    def test_not_when_attacking(self):
        """Zeb attacks: the X-wing's evade cancels the hit as usual."""
        assert "0 hit(s), 1 critical" in neutralized(self._attack(self.ZEB, attacker=True))


# ------------------------------------------------------------------- Cobalt Leader
def _bomb(game, owner: int, x: float, y: float, card="1e-protonbombs", kind="1eprotonbomb"):
    device = PlacedDevice(f"d{owner}.{len(game.state.devices) + 1}", card, kind, "bomb",
                          owner, Pose(x, y, 0.0), outline_of(card))
    game.state.devices = [*game.state.devices, device]
    game.state.moved()
    return device.id


class TestCobaltLeader:
    COBALT = "1e-bsf17bomber-cobaltleader"

    def _dice(self, pilot, bomb_x):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        _bomb(game, 1, bomb_x, Y[2] + 60)
        load_dice(game, ["blank"] * 3, ["blank"] * 2)
        declare(game, a, d)
        pass_all(game)
        return dice_counts(game, a, d)[1]

    def test_defender_near_bomb_rolls_one_fewer(self):
        """A bomb token lies just behind the X-wing (Range 1): against Cobalt Leader it
        rolls 1 defense die instead of 2 (a Crimson Squadron Pilot: 2)."""
        assert self._dice(self.COBALT, 400) == 1
        assert self._dice(BOMBER, 400) == 2

    def test_not_with_the_bomb_far(self):
        """The bomb token is beyond Range 1 of the X-wing: 2 dice."""
        assert self._dice(self.COBALT, 800) == 2


# ----------------------------------------------------------- Test Pilot "Blackout"
class TestBlackout:
    BLACKOUT = "1e-tiesilencer-testpilotblackout"

    def _dice(self, pilot, rock):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[3], 180))
        if rock:
            sc.obstacle("core2asteroid5", 400, 430)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        return dice_counts(game, a, d)[1]

    def test_obstructed_two_fewer(self):
        """At Range 3 through an asteroid the X-wing rolls 2 + 1 (range) + 1 (obstructed)
        = 4 dice against a Sienar-Jaemus Analyst, 2 against "Blackout"."""
        assert self._dice(SILENCER, True) == 4
        assert self._dice(self.BLACKOUT, True) == 2

    def test_not_unobstructed(self):
        """No obstacle: 3 dice (range bonus) against "Blackout" too."""
        assert self._dice(self.BLACKOUT, False) == 3


# ------------------------------------------------------------------ Major Vermeil
class TestMajorVermeil:
    VERMEIL = "1e-tiereaper-majorvermeil"

    def _attack(self, tokens):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.VERMEIL, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), **tokens)
        game = engage(sc, a, ["blank", "hit", "blank"], ["blank"] * 2)
        declare(game, a, d)
        return game

    def test_blank_to_hit(self):
        """The X-wing has no focus or evade token: Vermeil changes a blank to a hit, 2 hits
        land instead of 1."""
        game = self._attack({})
        pass_until(game, "modify_attack_dice")
        modify_with(game, self.VERMEIL)
        pass_all(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_against_a_focus_token(self):
        """The X-wing has a focus token: no change offered."""
        assert not ever_offers(self._attack({"focus": 1}), self.VERMEIL)


# ------------------------------------------------------------ Saw Gerrera (U-wing)
class TestSawGerrera:
    SAW = "1e-uwing-sawgerrera"

    def _attack(self, saw_x=200.0, stress=1, saw=None):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), stress=stress)
        sc.ship(saw or self.SAW, at=(saw_x, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "hit", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, a, d)
        return game

    def test_stressed_friend_rerolls(self):
        """A stressed X-wing at Range 2 of Saw attacks: it rerolls a blank into a hit."""
        game = self._attack()
        pass_until(game, "modify_attack_dice")
        modify_with(game, self.SAW)
        pass_all(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_unstressed_and_undamaged(self):
        """The X-wing has no stress and no damage card: no reroll offered; with a damage
        card it is."""
        assert not ever_offers(self._attack(stress=0), self.SAW)
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0),
                    damage=[DamageCard("1e-core-directhit", False, 99)])
        sc.ship(self.SAW, at=(200, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "hit", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, a, d)
        pass_until(game, "modify_attack_dice")
        assert offers(game, self.SAW)

    def test_not_beyond_range_2(self):
        """Saw is beyond Range 2 of the attacker: nothing offered."""
        assert not ever_offers(self._attack(saw_x=20.0), self.SAW)


# -------------------------------------------------------------- Benthic Two Tubes
class TestBenthicTwoTubes:
    BENTHIC = "1e-uwing-benthictwotubes"

    def _focus(self, pilot, friend_x=300.0):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        b = sc.ship(pilot, at=(400, 300, 0))
        f = sc.ship(ROOKIE, at=(friend_x, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(b, during_activation=True), phase="activation")
        game.answer("focus")
        return game, b, f

    def test_gives_his_focus(self):
        """After his focus action Benthic gives the focus token to an X-wing at Range 1."""
        game, b, f = self._focus(self.BENTHIC)
        decision = run_to(game, "use_ability")
        assert f in decision.option_keys()
        game.answer(f)
        assert game.state.ships[f].has(Token.FOCUS)
        assert not game.state.ships[b].has(Token.FOCUS)

    def test_not_to_a_ship_beyond_range_2(self):
        """The X-wing is beyond Range 2: nothing asked, Benthic keeps his token; a Partisan
        Renegade is never asked."""
        game, b, _f = self._focus(self.BENTHIC, friend_x=20.0)
        assert run_to(game, "use_ability") is None
        assert game.state.ships[b].has(Token.FOCUS)
        game, b, _f = self._focus(UWING)
        assert run_to(game, "use_ability") is None


# ------------------------------------------------------------------- Leevan Tenza
class TestLeevanTenza:
    LEEVAN = "1e-xwing-leevantenza"

    def _act(self, action):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        a = sc.ship(self.LEEVAN, at=(400, 300, 0), upgrades=["1e-servomotorsfoils"])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        from tallon.engine.effects import flip_upgrade

        flip_upgrade(game, game.state.ships[a], "1e-servomotorsfoils", 1)  # closed: boost
        start_at(game, PerformAction(a, during_activation=True), phase="activation")
        game.answer(action)
        return game, a

    def test_boost_then_stress_for_evade(self):
        """After a boost action Leevan receives a stress token and an evade token."""
        game, a = self._act("boost")
        decision = run_to(game, "use_ability")
        assert decision is not None and decision.ship == a
        game.answer("use")
        ship = game.state.ships[a]
        assert ship.has(Token.STRESS) and ship.has(Token.EVADE)

    def test_not_after_focus(self):
        """After a focus action nothing is offered."""
        game, a = self._act("focus")
        assert run_to(game, "use_ability") is None
        assert not game.state.ships[a].has(Token.EVADE)


# ------------------------------------------------------------------ Captain Feroph
class TestCaptainFeroph:
    FEROPH = "1e-tiereaper-captainferoph"

    def _attack(self, pilot, jam):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), jam=jam)
        d = sc.ship(pilot, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"])
        declare(game, a, d)
        pass_all(game)
        return neutralized(game)

    def test_jammed_attacker_adds_evade(self):
        """A jammed X-wing's 2 hits: Feroph adds an evade, 1 hit lands (a Scarif Base Pilot
        takes 2)."""
        assert "1 hit(s)" in self._attack(self.FEROPH, 1)
        assert "2 hit(s)" in self._attack(REAPER, 1)

    def test_not_unjammed(self):
        """The X-wing is not jammed: 2 hits land."""
        assert "2 hit(s)" in self._attack(self.FEROPH, 0)


# --------------------------------------------------------------------------- Vizier
class TestVizier:
    VIZIER = "1e-tiereaper-vizier"

    def _move(self, dial, vizier=None, friend_x=470.0, bump=False):
        sc = Scene(ruleset="1e")
        v = sc.ship(vizier or self.VIZIER, at=(400, 400, 0), focus=1)
        t = sc.ship(ACADEMY, at=(friend_x, 300, 0))
        sc.ship(ROOKIE, player=2, at=(friend_x, 395 if bump else 800, 180))
        game = activation(sc, t, dial)
        return game, v, t

    def test_gives_focus_after_a_speed_1_maneuver(self):
        """A TIE beside Vizier executes a 1 straight and ends at Range 1: Vizier gives it
        his focus token."""
        game, v, t = self._move("1FW")
        decision = run_to(game, "use_ability")
        assert decision.ship == v and decision.option_keys()[0] == "focus"
        game.answer("focus")
        assert game.state.ships[t].has(Token.FOCUS)
        assert not game.state.ships[v].has(Token.FOCUS)

    def test_not_after_speed_2_or_a_bump(self):
        """A 2 straight, or a 1 straight that overlaps an X-wing: nothing offered."""
        game, v, _t = self._move("2FW")
        assert run_to(game, "use_ability") is None
        game, v, _t = self._move("1FW", bump=True)
        assert run_to(game, "use_ability") is None
        assert game.state.ships[v].has(Token.FOCUS)


# ---------------------------------------------------------------- Edrio Two Tubes
class TestEdrioTwoTubes:
    EDRIO = "1e-xwing-edriotwotubes"

    def _activate(self, pilot, focus):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), focus=focus)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[a].dial_set = "2FW"
        start_at(game, Activate(a), phase="activation")
        return game, a

    def test_free_action_before_moving(self):
        """Edrio, with a focus token, becomes the active ship: he may perform a free action
        (a target lock) before his maneuver."""
        game, a = self._activate(self.EDRIO, 1)
        decision = run_to(game, "use_ability")
        assert decision.ship == a
        game.answer("act")
        assert game.decision.kind == "perform_action"
        assert "lock" in values(game)
        assert game.state.ships[a].pose.y == 300  # not moved yet

    def test_not_without_focus(self):
        """No focus token: no free action is offered (a Rookie Pilot never is)."""
        game, _a = self._activate(self.EDRIO, 0)
        assert game.decision is None or game.decision.kind != "use_ability"
        game, _a = self._activate(ROOKIE, 1)
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------ Magva Yarro (U-wing)
class TestMagvaYarro:
    MAGVA = "1e-uwing-magvayarro"

    def _attack(self, magva_x):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 300, 0), focus=1)
        sc.ship(self.MAGVA, at=(magva_x, Y[2], 180))
        d = sc.ship(ROOKIE, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 2)
        game.state.ships[a].locks = [d]
        declare(game, a, d)
        pass_until(game, "modify_attack_dice", a)
        return game

    def test_attacker_rerolls_only_one_die(self):
        """A TIE attacks an X-wing beside Magva with 2 blanks and a lock: its lock may
        reroll only 1 die; with Magva beyond Range 2 it may reroll both."""
        game = self._attack(300.0)
        assert "lock:reroll=blank" in values(game)
        assert "lock:reroll=blank,blank" not in values(game)
        game = self._attack(850.0)
        assert "lock:reroll=blank,blank" in values(game)
