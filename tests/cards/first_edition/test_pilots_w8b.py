"""First-edition pilots of the Upsilon-class Shuttle, Quadjumper, U-wing and TIE Striker
expansion packs. Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1 at
y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a ship ahead
of one at y = 300 at Range 1 / 2 / 3. The U-wing and the Upsilon-class shuttle have large
bases (80 mm)."""

from __future__ import annotations

from tallon.cards.first_edition.ranges_1e import range_1e
from tallon.engine.actions import PerformAction
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import StartActivation
from tallon.engine.state import DamageCard, Token, ship_range
from tallon.scene import Scene, declare, start_at
from tests.cards.helpers import activation, engage, pass_all, pass_until, rolled, values

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
TRAINEE = "1e-tiestriker-imperialtrainee"
RENEGADE = "1e-uwing-partisanrenegade"
C = "1e-core-"


# ----------------------------------------------------------------- Cassian Andor
class TestCassianAndor:
    CASSIAN = "1e-uwing-cassianandor"

    def _start(self, pilot, friend_x, **friend):
        """The U-wing at (400, 300); a stressed X-wing beside it at ``friend_x``; the game
        at the start of the Activation phase."""
        sc = Scene(ruleset="1e")
        u = sc.ship(pilot, at=(400, 300, 0))
        x = sc.ship(ROOKIE, at=(friend_x, 300, 0), stress=1, **friend)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(StartActivation(), phase="activation")
        return game, u, x

    def test_removes_a_friends_stress_at_range_2(self):
        """An X-wing at Range 2 with a stress token: at the start of the Activation phase
        Cassian may remove it; the X-wing is no longer stressed."""
        game, u, x = self._start(self.CASSIAN, 600)
        assert range_1e(game.state.ships[u], game.state.ships[x]) == 2
        pass_until(game, "use_ability")
        assert x in values(game)
        game.answer(x)
        assert not game.state.ships[x].stressed

    def test_not_at_range_3_nor_for_another_pilot(self):
        """At Range 3 nothing is offered (the stress stays); nor with a Partisan Renegade
        at Range 2."""
        for pilot, friend_x in ((self.CASSIAN, 700), (RENEGADE, 600)):
            game, u, x = self._start(pilot, friend_x)
            if pilot == self.CASSIAN:
                assert range_1e(game.state.ships[u], game.state.ships[x]) == 3
            assert game.decision is None or game.decision.kind != "use_ability"
            assert game.state.ships[x].stressed

    def test_not_his_own_stress(self):
        """Cassian himself stressed, the X-wing not: no other stressed friend, nothing is
        offered and he keeps his stress token."""
        sc = Scene(ruleset="1e")
        u = sc.ship(self.CASSIAN, at=(400, 300, 0), stress=1)
        sc.ship(ROOKIE, at=(600, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(StartActivation(), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[u].stressed


# ------------------------------------------------------------------- Bodhi Rook
class TestBodhiRook:
    BODHI = "1e-uwing-bodhirook"

    def _locks(self, pilot):
        """An X-wing at (400, 300) locks; the enemy TIE is beyond Range 3 of it but at
        Range 1 of the U-wing at (400, 750)."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0))
        sc.ship(pilot, at=(400, 750, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(x, during_activation=True), phase="activation")
        return game, x, t

    def test_friend_locks_an_enemy_near_him(self):
        """With Bodhi Rook the X-wing's target lock action may choose the far TIE; it
        locks it."""
        game, x, t = self._locks(self.BODHI)
        assert range_1e(game.state.ships[x], game.state.ships[t]) is None or \
            range_1e(game.state.ships[x], game.state.ships[t]) > 3
        game.answer("lock")
        assert game.decision.kind == "lock_target" and values(game) == [t]
        game.answer(t)
        assert t in game.state.ships[x].locks

    def test_not_with_another_pilot(self):
        """With a Partisan Renegade instead, the X-wing's target lock action finds no ship
        to lock and fails: no lock."""
        game, x, _t = self._locks(RENEGADE)
        game.answer("lock")
        assert game.decision is None or game.decision.kind != "lock_target"
        assert not game.state.ships[x].locks


# ------------------------------------------------------------------- Heff Tobber
class TestHeffTobber:
    HEFF = "1e-uwing-hefftobber"

    def _bump(self, pilot):
        """The U-wing at (400, 500) facing +y; a TIE behind it at (400, 380) flies a 2
        straight into its base."""
        sc = Scene(ruleset="1e")
        sc.ship(pilot, at=(400, 500, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 380, 0))
        return activation(sc, t, "2FW")

    def test_free_action_after_an_enemy_overlaps_him(self):
        """An enemy TIE's 2 straight overlaps Heff: he may perform a free action; he
        focuses and has a focus token."""
        game = self._bump(self.HEFF)
        pass_until(game, "use_ability", "p1.1")
        game.answer("use")
        assert game.decision.kind == "perform_action" and "focus" in values(game)
        game.answer("focus")
        assert game.state.ships["p1.1"].has(Token.FOCUS)

    def test_not_with_another_pilot(self):
        """The same overlap with a Partisan Renegade: no ability, no focus token."""
        game = self._bump(RENEGADE)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert not game.state.ships["p1.1"].has(Token.FOCUS)

    def test_not_when_a_friend_overlaps_him(self):
        """A friendly X-wing's 2 straight overlapping him triggers nothing."""
        sc = Scene(ruleset="1e")
        sc.ship(self.HEFF, at=(400, 500, 0))
        x = sc.ship(ROOKIE, at=(400, 380, 0))
        sc.ship(ACADEMY, player=2, at=(800, 850, 180))
        game = activation(sc, x, "2FW")
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert not game.state.ships["p1.1"].has(Token.FOCUS)


# ---------------------------------------------------------------------- Duchess
class TestDuchess:
    DUCHESS = "1e-tiestriker-duchess"
    AILERONS = "1e-adaptiveailerons"

    def test_may_ignore_the_ailerons(self):
        """"Duchess" may decline the Adaptive Ailerons maneuver (an Imperial Trainee may
        not: see TestAdaptiveAilerons); declining, she only executes her 2 straight."""
        sc = Scene(ruleset="1e")
        s = sc.ship(self.DUCHESS, at=(400, 100, 0), upgrades=[self.AILERONS])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = activation(sc, s, "2FB")
        assert game.decision.kind == "use_ability" and "decline" in values(game)
        game.answer("decline")
        pass_all(game)
        assert abs(game.state.ships[s].pose.y - 220) < 1

    def test_may_use_them(self):
        """She may also use them: a 1 bank first, then the 2 straight."""
        sc = Scene(ruleset="1e")
        s = sc.ship(self.DUCHESS, at=(400, 100, 0), upgrades=[self.AILERONS])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = activation(sc, s, "2FB")
        game.answer("1NW")
        pass_all(game)
        ship = game.state.ships[s]
        assert ship.pose.x > 400 and ship.pose.y > 220


# ------------------------------------------------------------------- Countdown
class TestCountdown:
    COUNTDOWN = "1e-tiestriker-countdown"

    def _attacked(self, pilot, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(pilot, player=2, at=(400, Y[2], 180), **setup)
        game = engage(sc, a, ["hit", "hit", "hit"], ["blank", "blank"])
        declare(game, a, d)
        return game, d

    def test_suffers_1_damage_to_cancel_all_results(self):
        """Three hits against Countdown: in Compare Results he suffers 1 damage to cancel
        every result; the attack misses, he has 1 damage card and a stress token."""
        game, d = self._attacked(self.COUNTDOWN)
        pass_until(game, "use_ability", d)
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[d]
        assert len(ship.damage) == 1 and ship.stressed

    def test_declined_he_takes_the_hits(self):
        """Declining, he is dealt the three hits (3 damage cards) and no stress token."""
        game, d = self._attacked(self.COUNTDOWN)
        pass_until(game, "use_ability", d)
        game.answer("decline")
        pass_all(game)
        ship = game.state.ships[d]
        assert len(ship.damage) == 3 and not ship.stressed

    def test_not_when_the_attack_misses_anyway(self):
        """Blank attack dice: nothing to cancel, nothing is offered (ruling) and he suffers
        no damage."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(self.COUNTDOWN, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank", "blank"])
        declare(game, a, d)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[d].damage

    def test_not_while_stressed(self):
        """Stressed, the ability is not offered: 3 damage cards."""
        game, d = self._attacked(self.COUNTDOWN, stress=1)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert len(game.state.ships[d].damage) == 3


# ----------------------------------------------------------------- Pure Sabacc
class TestPureSabacc:
    SABACC = "1e-tiestriker-puresabacc"

    def _dice(self, pilot, damage=()):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0),
                    damage=[DamageCard(C + "directhit", False, k) for k in range(len(damage))])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        return len(rolled(game, a))

    def test_one_more_die_with_few_damage_cards(self):
        """With 0 or 1 damage cards he rolls 4 attack dice (3 + 1); an Imperial Trainee
        rolls 3."""
        assert self._dice(self.SABACC) == 4
        assert self._dice(self.SABACC, damage=[1]) == 4
        assert self._dice(TRAINEE) == 3

    def test_not_with_2_damage_cards(self):
        """With 2 damage cards he rolls 3."""
        assert self._dice(self.SABACC, damage=[1, 2]) == 3


# ----------------------------------------------------------------- Sarco Plank
class TestSarcoPlank:
    SARCO = "1e-quadjumper-sarcoplank"
    GUNRUNNER = "1e-quadjumper-jakkugunrunner"

    def _defense(self, pilot, speed):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(pilot, player=2, at=(400, Y[2], 180), executed_speed=speed)
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 5)
        declare(game, a, d)
        pass_all(game)
        return len(rolled(game, d))

    def test_rolls_the_speed_of_his_maneuver(self):
        """Agility 2, his maneuver this round a speed 3: he rolls 3 defense dice; a Jakku
        Gunrunner rolls 2."""
        assert self._defense(self.SARCO, 3) == 3
        assert self._defense(self.GUNRUNNER, 3) == 2

    def test_a_slower_maneuver_keeps_his_agility(self):
        """After a speed 1 maneuver (or none) he rolls his 2 agility dice."""
        assert self._defense(self.SARCO, 1) == 2
        assert self._defense(self.SARCO, None) == 2


# ---------------------------------------------------------------- Major Stridan
class TestMajorStridan:
    STRIDAN = "1e-upsilonclassshuttle-majorstridan"
    STARKILLER = "1e-upsilonclassshuttle-starkillerbasepilot"
    FO = "1e-tiefofighter-omegasquadronpilot"

    def _coordinating(self, pilot):
        """The shuttle at (400, 300) performs an action; a TIE/fo at Range 3 of it (the
        engine's measure), an enemy far away."""
        sc = Scene(ruleset="1e")
        s = sc.ship(pilot, at=(400, 300, 0))
        f = sc.ship(self.FO, at=(700, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        assert ship_range(game.state.ships[s], game.state.ships[f]) == 3
        return game, s, f

    def test_coordinates_a_friend_at_range_3(self):
        """A TIE/fo at Range 3: Major Stridan's coordinate action may choose it (treated
        as at Range 1)."""
        game, _s, f = self._coordinating(self.STRIDAN)
        game.answer("coordinate")
        assert f in values(game)

    def test_not_another_pilot(self):
        """A Starkiller Base Pilot's coordinate action finds no ship to coordinate."""
        game, _s, f = self._coordinating(self.STARKILLER)
        game.answer("coordinate")
        assert game.decision is None or f not in values(game)

    def test_upgrade_measures_friends_at_range_3_as_range_1(self):
        """His cards' measures (through range_1e) treat the friend at Range 3 as at
        Range 1; a Starkiller Base Pilot's measure it at Range 3."""
        game, s, f = self._coordinating(self.STRIDAN)
        assert range_1e(game.state.ships[s], game.state.ships[f]) == 1
        plain, s2, f2 = self._coordinating(self.STARKILLER)
        assert range_1e(plain.state.ships[s2], plain.state.ships[f2]) == 3


# ----------------------------------------------------------- Lieutenant Dormitz
class TestLieutenantDormitz:
    DORMITZ = "1e-upsilonclassshuttle-lieutenantdormitz"
    STARKILLER = "1e-upsilonclassshuttle-starkillerbasepilot"
    FO = "1e-tiefofighter-omegasquadronpilot"

    def placing(self, shuttle):
        """Setup answered with first options until the TIE/fo (an Omega Squadron Pilot,
        pilot skill 4, placed after the shuttle of skill 3 or 2) is asked its place."""
        sc = Scene(ruleset="1e")
        sc.ship(shuttle)
        sc.ship(self.FO)
        sc.ship(ROOKIE, player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards, ruleset="1e"))
        while not (game.decision.kind == "place_ship" and game.decision.ship == "p1.2"):
            game.answer(game.decision.options[0].key)
        return game

    def test_friend_may_be_placed_near_him(self):
        """The TIE/fo, placed after Dormitz, is offered places beyond its deployment area,
        each at Range 1-2 of him; under a Starkiller Base Pilot only along its edge."""
        game = self.placing(self.DORMITZ)
        inland = [o for o in game.decision.options if o.info and o.info["y"] > 120]
        assert inland
        plain = self.placing(self.STARKILLER)
        assert all(o.info["y"] < 120 for o in plain.decision.options if o.info)


# ---------------------------------------------------------------------- Kylo Ren
class TestKyloRen:
    KYLO = "1e-upsilonclassshuttle-kyloren"
    DARK = "1e-illshowyouthedarkside"

    def _hit(self, pilot, dice=("hit", "hit", "hit")):
        """An X-wing attacks the shuttle at Range 2 (large base: its front 490 mm)."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0))
        k = sc.ship(pilot, player=2, at=(400, 530, 180))
        game = engage(sc, x, list(dice), ["blank"])
        declare(game, x, k)
        return game, x, k

    def test_the_attacker_gets_the_condition(self):
        """Kylo Ren is hit: the X-wing is assigned I'll Show You the Dark Side, and Kylo's
        player places a Pilot damage card of the X-wing's deck on it."""
        game, x, _k = self._hit(self.KYLO)
        pass_until(game, "use_ability")
        assert game.decision.player == 2
        assert "1e-core-blindedpilot" in values(game)
        before = game.state.player(1).deck.count("1e-core-blindedpilot")
        game.answer("1e-core-blindedpilot")
        pass_all(game)
        ship = game.state.ships[x]
        assert any(c.card == self.DARK for c in ship.conditions)
        assert game.state.player(1).deck.count("1e-core-blindedpilot") == before - 1

    def test_not_when_missed_nor_another_pilot(self):
        """A miss, or a Starkiller Base Pilot hit: no condition."""
        for pilot, dice in ((self.KYLO, ("blank",) * 3),
                            ("1e-upsilonclassshuttle-starkillerbasepilot", ("hit",) * 3)):
            game, x, _k = self._hit(pilot, dice)
            pass_all(game)
            assert not game.state.ships[x].conditions

    def test_once_per_round(self):
        """Hit twice in a round (the player placed no card the first time, so the
        condition left again): only the first hit assigns it."""
        from tallon.engine.attack import Engage
        from tallon.scene import load_dice

        game, x, k = self._hit(self.KYLO)
        pass_until(game, "use_ability")
        game.answer("none")
        pass_all(game)
        assert not game.state.ships[x].conditions
        start_at(game, Engage(x))
        load_dice(game, ["hit"] * 3, ["blank"])
        declare(game, x, k)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[x].conditions


# -------------------------------------------------------------- Constable Zuvio
class TestConstableZuvio:
    ZUVIO = "1e-quadjumper-constablezuvio"
    GUNRUNNER = "1e-quadjumper-jakkugunrunner"
    MINES = "1e-proximitymines"

    def _reveal(self, pilot, dial, upgrades=(MINES,)):
        sc = Scene(ruleset="1e")
        q = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return activation(sc, q, dial), q

    def test_drops_an_action_bomb_ahead_on_a_reverse(self):
        """Revealing a reverse 1 straight, Zuvio drops his Proximity Mines (an "Action:"
        bomb) with the front guides: the mine lies ahead of him and the card is
        discarded."""
        game, q = self._reveal(self.ZUVIO, "1SR")
        pass_until(game, "use_ability", q)
        key = next(k for k in values(game) if k.startswith(self.MINES))
        game.answer(key)
        devices = game.state.devices
        assert len(devices) == 1 and devices[0].pose.y > 300
        assert self.MINES not in game.state.ships[q].upgrades

    def test_not_on_a_forward_maneuver(self):
        """Revealing a 1 straight: nothing is offered and no mine is dropped."""
        game, _q = self._reveal(self.ZUVIO, "1FW")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.devices

    def test_not_another_pilot(self):
        """A Jakku Gunrunner revealing the reverse straight has no such choice."""
        game, _q = self._reveal(self.GUNRUNNER, "1SR")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.devices
