"""First-edition upgrades of the M12-L Kimogila, Phantom II, TIE Silencer, Resistance Bomber,
Saw's Renegades and TIE Reaper expansion packs (modifications, titles, missiles, crew and
talents). Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 300
facing +y, player 2 facing it; with small bases an enemy at y = 380 / 490 / 550 is at
Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.actions import PerformAction, available_actions
from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.rounds import Activate, StartActivation
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import ever_offers, neutralized, run_to
from tests.cards.first_edition.test_pilots_w9b import (
    ACADEMY,
    BOMBER,
    KIMOGILA,
    REAPER,
    ROOKIE,
    SILENCER,
    UWING,
    Y,
)
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    pass_all,
    pass_until,
    values,
)
from tests.rules.attack_helpers import dice_counts

KULLBEE = "1e-xwing-kullbeesperado"


def kinds(game, ship):
    return {s.kind for s in available_actions(game, game.state.ships[ship], True)}


# --------------------------------------------------------------- Servomotor S-foils
class TestServomotorSFoils:
    SFOILS = "1e-servomotorsfoils"

    def _scene(self, closed=False, stress=0, y=800.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.SFOILS], stress=stress)
        d = sc.ship(ACADEMY, player=2, at=(400, y, 180))
        game = sc.game()
        if closed:
            flip_upgrade(game, game.state.ships[a], self.SFOILS, 1)
        return sc, game, a, d

    def test_side_chosen_at_placement(self):
        """Reference card (1e), Dual Upgrade Cards: as the X-wing is placed its owner
        chooses the side faceup (Attack or Closed)."""
        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.SFOILS])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        from tallon.engine.game import Game, GameSetup

        game = Game(GameSetup(squads=sc._squads(), seed=1, ruleset="1e", cards=sc.cards))
        seen = []
        while game.decision is not None and game.state.phase == "setup":
            if game.decision.kind == "use_ability" and "closed" in values(game):
                seen.append(game.decision.ship)
                game.answer("closed")
                continue
            game.answer(game.decision.options[0].key)
        assert seen == ["p1.1"]
        assert ("upgrade", self.SFOILS, 1) in game.state.ships["p1.1"].cards

    def test_attack_side_barrel_roll_closed_side_boost(self):
        """Attack side: barrel roll on the bar, no boost; Closed: boost, no barrel roll (a
        Rookie Pilot's X-wing has neither)."""
        _sc, game, a, _d = self._scene()
        assert "barrel_roll" in kinds(game, a) and "boost" not in kinds(game, a)
        _sc, game, a, _d = self._scene(closed=True)
        assert "boost" in kinds(game, a) and "barrel_roll" not in kinds(game, a)

    def test_attack_side_turn_as_tallon_roll(self):
        """Attack side, not stressed, revealing a 3 turn left: the X-wing may execute a red
        3 Tallon Roll left instead; Closed, only the turn."""
        sc, _game, a, _d = self._scene()
        game = activation(sc, a, "3TW")
        decision = run_to(game, "choose_maneuver")
        assert decision is not None and "3ER" in decision.option_keys()
        sc, game, a, _d = self._scene(closed=True)
        game.state.ships[a].dial_set = "3TW"
        start_at(game, Activate(a), phase="activation")
        assert run_to(game, "choose_maneuver") is None

    def test_closed_one_fewer_primary_die(self):
        """Closed: the X-wing's primary attack at Range 2 rolls 2 dice instead of 3."""
        for closed, count in ((False, 3), (True, 2)):
            _sc, game, a, d = self._scene(closed=closed, y=Y[2])
            start_at(game, Engage(a))
            load_dice(game, ["blank"] * 3, ["blank"] * 3)
            declare(game, a, d)
            pass_all(game)
            assert dice_counts(game, a, d)[0] == count

    def test_closed_two_banks_green(self):
        """Closed: a stressed X-wing's white 2 bank is green and removes its stress token;
        on the Attack side it keeps it."""
        for closed, stressed in ((True, False), (False, True)):
            _sc, game, a, _d = self._scene(closed=closed, stress=1)
            game.state.ships[a].dial_set = "2BW"
            start_at(game, Activate(a), phase="activation")
            pass_all(game)
            assert game.state.ships[a].has(Token.STRESS) is stressed

    def test_may_flip_at_start_of_activation(self):
        """Start of the Activation phase: the X-wing may flip the card (Attack -> Closed)."""
        _sc, game, a, _d = self._scene()
        start_at(game, StartActivation(), phase="activation")
        decision = run_to(game, "use_ability")
        assert decision is not None and decision.ship == a
        game.answer("use")
        assert ("upgrade", self.SFOILS, 1) in game.state.ships[a].cards


# ------------------------------------------------------------------------ Enforcer
class TestEnforcer:
    def _attack(self, upgrades, x=400.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(x, 300, 0))
        d = sc.ship(KIMOGILA, player=2, at=(400, Y[2], 180), upgrades=upgrades)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game, a, d)
        pass_all(game)
        return game.state.ships[a]

    def test_attacker_in_bullseye_stressed(self):
        """The X-wing attacks from the Kimogila's bullseye: it receives a stress token
        (none without Enforcer)."""
        assert self._attack(["1e-enforcer"]).has(Token.STRESS)
        assert not self._attack([]).has(Token.STRESS)

    def test_not_outside_bullseye(self):
        """The X-wing attacks from outside the bullseye: no stress."""
        assert not self._attack(["1e-enforcer"], x=470.0).has(Token.STRESS)


# -------------------------------------------------------------- Scrambler Missiles
class TestScramblerMissiles:
    CARD = "1e-scramblermissiles"

    def _attack(self, dice):
        sc = Scene(ruleset="1e")
        a = sc.ship(KIMOGILA, at=(400, 300, 0), upgrades=[self.CARD], locks=["p2.1"])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        o = sc.ship(ROOKIE, player=2, at=(480, Y[2], 180))
        far = sc.ship(ROOKIE, player=2, at=(800, Y[2], 180))
        game = sc.at(Engage(a))
        load_dice(game, dice, ["blank"] * 3)
        declare(game, a, d, weapon=self.CARD)
        pass_all(game)
        return game, a, d, o, far

    def test_hit_jams_instead_of_damage(self):
        """The missiles hit: the defender and the X-wing at Range 1 of it receive a jam
        token (one farther does not), and no damage is dealt; the card is discarded and
        the lock spent."""
        game, a, d, o, far = self._attack(["hit"] * 3)
        ships = game.state.ships
        assert ships[d].has(Token.JAM) and ships[o].has(Token.JAM)
        assert not ships[far].has(Token.JAM)
        assert ships[d].shields == 2 and not ships[d].damage
        assert self.CARD not in ships[a].upgrades and not ships[a].locks

    def test_miss_jams_nothing(self):
        """The missiles miss: no jam tokens."""
        game, _a, d, _o, _far = self._attack(["blank"] * 3)
        assert not game.state.ships[d].has(Token.JAM)


# ---------------------------------------------------------------- Tactical Officer
class TestTacticalOfficer:
    def test_coordinate_on_the_bar(self):
        """A TIE Reaper with Tactical Officer can perform a coordinate action; without it
        it cannot."""
        for upgrades, expected in ((["1e-tacticalofficer"], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(REAPER, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(REAPER, at=(300, 300, 0))
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("coordinate" in values(game)) is expected


# ------------------------------------------------------------- Magva Yarro (crew)
class TestMagvaYarroCrew:
    def _defend(self, upgrades, y=Y[2]):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 300, 0))
        d = sc.ship(UWING, at=(400, y, 180), upgrades=upgrades)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        return game, a, d

    def test_locks_the_attacker(self):
        """After defending (even against a miss) the U-wing may lock the attacker."""
        game, a, d = self._defend(["1e-magvayarro"])
        decision = run_to(game, "use_ability")
        assert decision is not None and a in decision.option_keys()
        game.answer(a)
        assert a in game.state.ships[d].locks

    def test_not_without_the_card(self):
        """Without Magva no lock is offered."""
        game, _a, _d = self._defend([])
        assert run_to(game, "use_ability") is None


# ------------------------------------------------------------------ Death Troopers
class TestDeathTroopers:
    def _attack(self, upgrades, trooper=(480.0, Y[2]), defender=(400.0, Y[2])):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(REAPER, player=2, at=(*defender, 180))
        sc.ship(REAPER, player=2, at=(*trooper, 180), upgrades=upgrades)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        return game.state.ships[a]

    def test_attacker_stressed(self):
        """The X-wing attacks the Reaper beside the Death Troopers' Reaper, which is in its
        arc: it receives a stress token (not without the card)."""
        assert self._attack(["1e-deathtroopers"]).has(Token.STRESS)
        assert not self._attack([]).has(Token.STRESS)

    def test_not_outside_the_attackers_arc(self):
        """The Troopers' Reaper is at Range 1 of the defender but outside the X-wing's arc:
        no stress."""
        assert not self._attack(["1e-deathtroopers"], trooper=(590.0, 420.0),
                                defender=(500.0, 440.0)).has(Token.STRESS)


# -------------------------------------------------------------- Saw Gerrera (crew)
class TestSawGerreraCrew:
    CARD = "1e-sawgerrera"

    def _attack(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(UWING, at=(400, 300, 0), upgrades=upgrades)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["focus", "focus", "hit"], ["blank"] * 3)
        declare(game, a, d)
        return game, a

    def test_focus_to_crits_for_a_damage(self):
        """Saw turns 2 focus results into critical hits; the U-wing suffers 1 damage (a
        shield)."""
        game, a = self._attack([self.CARD])
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.CARD)
        pass_all(game)
        assert "1 hit(s), 2 critical" in neutralized(game)
        ship = game.state.ships[a]
        assert ship.shields == ship.shield_limit - 1

    def test_not_without_the_card(self):
        """Without Saw, 1 hit lands."""
        game, _a = self._attack([])
        assert not ever_offers(game, self.CARD)
        assert "1 hit(s), 0 critical" in neutralized(game)


# ------------------------------------------------------------- Crossfire Formation
class TestCrossfireFormation:
    CARD = "1e-crossfireformation"

    def _attack(self, friend_x):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 600, 180))
        d = sc.ship(BOMBER, at=(400, 600 - 190, 0), upgrades=[self.CARD], focus=1)
        sc.ship(BOMBER, at=(friend_x, 600, 0))
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, a, d)
        return game, d

    def test_adds_a_focus(self):
        """Another Resistance bomber at Range 1 of the attacker: the defender adds a focus
        result, which its focus token turns into an evade: 1 of the 2 hits lands. Without
        the card (nothing to spend the focus token on) 2 land."""
        game, d = self._attack(300.0)
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, self.CARD)
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, "focus")
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)
        game, d = self._attack(300.0)
        pass_all(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_without_a_friend_near_the_attacker(self):
        """The other bomber is beyond Range 2 of the attacker: nothing offered."""
        game, _d = self._attack(20.0)
        assert not ever_offers(game, self.CARD)


# ---------------------------------------------------------------- "Chopper" (SWX72)
class TestChopper:
    CARD = "1e-chopper-swx72"

    def _act(self, shields, upgrades=("1e-protontorpedoes",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.CARD, *upgrades], shields=shields)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        return game, a

    def test_discards_an_upgrade_for_a_shield(self):
        """Action: the X-wing (1 shield of 2) discards its Proton Torpedoes to recover a
        shield."""
        game, a = self._act(1)
        action = next(k for k in values(game) if k.startswith(self.CARD))
        game.answer(action)
        if game.decision is not None and game.decision.kind == "card_action":
            game.answer("1e-protontorpedoes")
        ship = game.state.ships[a]
        assert ship.shields == 2 and "1e-protontorpedoes" not in ship.upgrades

    def test_not_with_full_shields_or_nothing_to_discard(self):
        """Ruling: full shields, or no other upgrade card: the action is not offered."""
        game, _a = self._act(2)
        assert not any(k.startswith(self.CARD) for k in values(game))
        game, _a = self._act(1, upgrades=())
        assert not any(k.startswith(self.CARD) for k in values(game))


# ------------------------------------------------------------------ Debris Gambit
class TestDebrisGambit:
    CARD = "1e-debrisgambit"

    def _act(self, rocks):
        sc = Scene(ruleset="1e")
        a = sc.ship(KULLBEE, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        for rock in rocks:
            x, y = rock if isinstance(rock, tuple) else (rock, 300.0)
            sc.obstacle("core2asteroid5", x, y)
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        return game, a

    def test_evade_per_obstacle_at_most_2(self):
        """Three asteroids at Range 1: the action gives 2 evade tokens (the maximum); one
        asteroid: 1."""
        for rocks, evades in (((300.0, 500.0, (400.0, 200.0)), 2), ((300.0,), 1)):
            game, a = self._act(rocks)
            action = next(k for k in values(game) if k.startswith(self.CARD))
            game.answer(action)
            assert game.state.ships[a].count(Token.EVADE) == evades

    def test_not_without_an_obstacle_near(self):
        """Ruling: no obstacle at Range 1: the action is not offered."""
        game, _a = self._act((800.0,))
        assert not any(k.startswith(self.CARD) for k in values(game))


# ----------------------------------------------------------- First Order Vanguard
class TestFirstOrderVanguard:
    CARD = "1e-firstordervanguard"

    def _attack(self, other_x=None):
        sc = Scene(ruleset="1e")
        a = sc.ship(SILENCER, at=(400, 300, 0), upgrades=[self.CARD])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        if other_x is not None:
            sc.ship(ROOKIE, player=2, at=(other_x, Y[3], 180))
        game = engage(sc, a, ["blank", "hit", "hit"], ["blank"] * 3, rerolls=["hit"])
        declare(game, a, d)
        return game, a

    def test_reroll_when_alone_in_arc(self):
        """The X-wing is the only ship in the Silencer's arc: it rerolls a blank into a
        hit (3 hits land)."""
        game, a = self._attack()
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.CARD)
        pass_all(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_with_another_ship_in_arc(self):
        """A second X-wing is in the arc too: no reroll offered."""
        game, _a = self._attack(other_x=470.0)
        assert not ever_offers(game, self.CARD)

    def test_discard_to_reroll_all_defense_dice(self):
        """Defending, the Silencer discards the card to reroll its 3 defense dice (blanks ->
        evades): the attack misses; the card is gone."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(SILENCER, player=2, at=(400, Y[2], 180), upgrades=[self.CARD])
        # its 3 defense dice show blanks, their rerolls evades
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3 + ["evade"] * 3)
        declare(game, a, d)
        pass_until(game, "modify_defense_dice", d)
        modify_with(game, self.CARD, "discard")
        pass_all(game)
        assert "the attack misses" in neutralized(game)
        assert self.CARD not in game.state.ships[d].upgrades


# ----------------------------------------------------------- Contraband Cybernetics
class TestContrabandCybernetics:
    CARD = "1e-contrabandcybernetics"

    def _activate(self, upgrades, stress=1, dial="2FW"):
        sc = Scene(ruleset="1e")
        a = sc.ship(KIMOGILA, at=(400, 300, 0), upgrades=upgrades, stress=stress)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[a].dial_set = dial
        start_at(game, Activate(a), phase="activation")
        return game, a

    def test_stressed_ship_may_act(self):
        """The stressed Kimogila discards the card (2 stress tokens now): it may still
        perform an action in its Perform Action step; without the card it may not."""
        game, a = self._activate([self.CARD])
        decision = run_to(game, "use_ability")
        assert decision is not None and decision.ship == a
        game.answer("use")
        assert game.state.ships[a].count(Token.STRESS) == 2
        assert run_to(game, "perform_action") is not None
        assert self.CARD not in game.state.ships[a].upgrades
        game, a = self._activate([])
        assert run_to(game, "perform_action") is None

    def test_declined_nothing_changes(self):
        """Declining: the ship keeps the card and its 1 stress token, and gets no action."""
        game, a = self._activate([self.CARD])
        run_to(game, "use_ability")
        game.answer("decline")
        assert run_to(game, "perform_action") is None
        assert self.CARD in game.state.ships[a].upgrades


    def test_stressed_red_maneuver_executed(self):
        """Having discarded the card, the stressed Kimogila executes its revealed red
        [4 K-turn] (it ends facing back); without the card it flies the white [2 straight]
        instead (FAQ (1e) errata, Stress)."""
        game, a = self._activate([self.CARD], dial="4KR")
        run_to(game, "use_ability")
        game.answer("use")
        pass_all(game)
        assert abs(game.state.ships[a].pose.heading - 180) < 1
        game, a = self._activate([], dial="4KR")
        pass_all(game)
        assert abs(game.state.ships[a].pose.heading) < 1


# -------------------------------------------------------------------- ISB Slicer
class TestISBSlicer:
    CARD = "1e-isbslicer"

    def _jam(self, upgrades, other_x=470.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(REAPER, at=(400, 300, 0), upgrades=upgrades)
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        o = sc.ship(ROOKIE, player=2, at=(other_x, Y[2], 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("jam")
        if game.decision is not None and game.decision.kind == "jam_target":
            game.answer(e)
        return game, e, o

    def test_jams_a_neighbour(self):
        """After jamming an X-wing, the Reaper assigns a jam token to the X-wing beside it
        (Range 1)."""
        game, _e, o = self._jam([self.CARD])
        decision = run_to(game, "use_ability")
        assert decision is not None and o in decision.option_keys()
        game.answer(o)
        assert game.state.ships[o].has(Token.JAM)

    def test_not_without_a_ship_at_range_1(self):
        """The other X-wing is beyond Range 1 of the jammed one: nothing offered."""
        game, _e, o = self._jam([self.CARD], other_x=800.0)
        assert run_to(game, "use_ability") is None
        assert not game.state.ships[o].has(Token.JAM)


# ------------------------------------------------------------------ Threat Tracker
class TestThreatTracker:
    CARD = "1e-threattracker"

    def _engage(self, locks, y=Y[2]):
        sc = Scene(ruleset="1e")
        a = sc.ship(SILENCER, at=(400, 300, 0), upgrades=[self.CARD], locks=locks)
        e = sc.ship(ROOKIE, player=2, at=(400, y, 180))
        game = sc.at(Engage(e))
        return game, a, e

    def test_spends_lock_for_a_boost(self):
        """The locked X-wing in the Silencer's arc at Range 2 engages: the Silencer spends
        its lock to boost."""
        game, a, _e = self._engage(["p2.1"])
        decision = run_to(game, "use_ability")
        assert decision is not None and "boost" in decision.option_keys()
        game.answer("boost")
        while game.decision is not None and game.decision.kind != "declare_attack":
            game.answer(game.decision.options[0].key)
        ship = game.state.ships[a]
        assert not ship.locks and ship.pose.y > 300

    def test_not_without_a_lock_or_beyond_range_2(self):
        """No lock on it, or the X-wing at Range 3: nothing offered."""
        game, _a, _e = self._engage([])
        assert run_to(game, "use_ability") is None
        game, _a, _e = self._engage(["p2.1"], y=Y[3] + 20)
        assert run_to(game, "use_ability") is None


# --------------------------------------------------------------- Advanced Ailerons
class TestAdvancedAilerons:
    CARD = "1e-advancedailerons"

    def _activate(self, upgrades, dial="3BR", stress=0):
        sc = Scene(ruleset="1e")
        a = sc.ship(REAPER, at=(400, 200, 0), upgrades=upgrades, stress=stress)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[a].dial_set = dial
        start_at(game, Activate(a), phase="activation")
        return game, a

    def test_moves_before_revealing(self):
        """Before revealing its dial the Reaper must execute a white 1 bank or 1 straight
        (the choice offered; no decline)."""
        game, a = self._activate([self.CARD], dial="1FW")
        decision = run_to(game, "use_ability")
        assert decision is not None and "1FW" in decision.option_keys()
        assert "decline" not in decision.option_keys()
        game.answer("1FW")
        pass_all(game)
        assert game.state.ships[a].pose.y > 200 + 2 * 40 + 0.5 * 40  # two 1-straights

    def test_bank_3_is_white(self):
        """The red 3 bank is white: the Reaper ends unstressed (without the card: 1
        stress token)."""
        for upgrades, stressed in (([self.CARD], False), ([], True)):
            game, a = self._activate(upgrades)
            pass_all(game)
            assert game.state.ships[a].has(Token.STRESS) is stressed

    def test_not_while_stressed(self):
        """Stressed: no move before revealing."""
        game, _a = self._activate([self.CARD], dial="1FW", stress=1)
        assert run_to(game, "use_ability") is None


class TestISBSlicerTarget:
    def test_not_the_jammed_ship_itself(self):
        """Ruling: "a ship at Range 1 of that ship" is another ship: the X-wing just jammed
        is not offered; the one beside it is."""
        sc = Scene(ruleset="1e")
        a = sc.ship(REAPER, at=(400, 300, 0), upgrades=["1e-isbslicer"])
        e = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        o = sc.ship(ROOKIE, player=2, at=(470.0, Y[2], 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("jam")
        if game.decision is not None and game.decision.kind == "jam_target":
            game.answer(e)
        decision = run_to(game, "use_ability")
        assert decision is not None and e not in decision.option_keys()
        assert o in decision.option_keys()
