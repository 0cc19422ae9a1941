"""First-edition wave 3 upgrades (src/tallon/cards/first_edition/upgrades_wave3.py):
weapons, crew and systems. Scenes on a first-edition table (``Scene(ruleset="1e")``):
player 1 at y = 0 facing +y, player 2 facing it; with small bases 40 / 150 / 210 mm
between the ships' centres' lines are Ranges 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind, Face
from tallon.engine.actions import PerformAction
from tallon.engine.knowledge import sees_dial
from tallon.engine.rounds import Activate, StartActivation
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
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
BLUE = "1e-bwing-bluesquadronpilot"
SCIMITAR = "1e-tiebomber-scimitarsquadronpilot"
OPERATIVE = "1e-hwk290-rebeloperative"
OMICRON = "1e-lambdaclassshuttle-omicrongrouppilot"


def duel(pilot: str, defender: str = ACADEMY, range_: int = 2, upgrades=(), d_setup=None,
         **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180), **(d_setup or {}))
    return sc, a, d


def weapons_offered(game) -> list[str]:
    return [o.info["weapon"] for o in game.decision.options if o.info]


# ------------------------------------------------------- Advanced Proton Torpedoes
class TestAdvancedProtonTorpedoes:
    APT = "1e-advprotontorpedoes"

    def test_five_dice_blanks_to_focus_lock_spent_card_discarded(self):
        """A Scimitar pilot with a lock on a TIE at Range 1 fires the torpedoes: the lock
        is spent, 5 dice are rolled, its 3 blanks may become focus results, and the card is
        discarded after the attack."""
        sc, a, d = duel(SCIMITAR, range_=1, upgrades=[self.APT], locks=["p2.1"])
        game = engage(sc, a, ["blank", "blank", "blank", "blank", "hit"], ["blank"] * 3)
        declare(game, a, d, weapon=self.APT)
        assert game.state.ships[a].locks == []
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.APT)
        pass_all(game)
        modified = [e["text"] for e in game.log if e["kind"] == "modify"]
        assert modified[-1].endswith("focus, focus, focus, blank, hit")
        assert self.APT not in game.state.ships[a].upgrades

    def test_not_without_a_lock_nor_at_range_2(self):
        """Without a target lock on the defender, or at Range 2, the torpedoes can't be
        fired: only the primary weapon is offered."""
        for range_, locks in ((1, []), (2, ["p2.1"])):
            sc, a, _d = duel(SCIMITAR, range_=range_, upgrades=[self.APT], locks=locks)
            game = engage(sc, a, [], [])
            assert self.APT not in weapons_offered(game)
            assert "primary:front" in weapons_offered(game)


# ------------------------------------------------------------------- Autoblaster
class TestAutoblaster:
    AUTO = "1e-autoblaster"

    def attack(self, dice, defense, weapon="1e-autoblaster", **d_setup):
        sc, a, d = duel(BLUE, range_=1, upgrades=[self.AUTO], d_setup=d_setup)
        game = engage(sc, a, dice, defense)
        declare(game, a, d, weapon=weapon)
        return game, a, d

    def test_hits_cannot_be_canceled(self):
        """The Autoblaster rolls 2 hits against 3 evades: no hit is canceled. The B-wing's
        primary weapon with the same dice misses."""
        game, _a, _d = self.attack(["hit", "hit", "blank"], ["evade"] * 3)
        pass_all(game)
        assert "2 hit(s), 0 critical hit(s) uncanceled" in neutralized(game)
        game, _a, _d = self.attack(["hit", "hit", "blank", "blank"], ["evade"] * 3,
                                 weapon="primary:front")
        pass_all(game)
        assert "misses" in neutralized(game)

    def test_evades_cancel_critical_hits(self):
        """A critical hit and a hit against 1 evade: the defender cancels the critical hit
        (before the hit, which it can't cancel)."""
        game, _a, _d = self.attack(["crit", "hit", "blank"], ["evade"])
        pass_all(game)
        assert "1 hit(s), 0 critical hit(s) uncanceled" in neutralized(game)

    def test_faq_evade_token_cannot_cancel_hits(self):
        """FAQ (1e), Autoblaster: evade tokens and other added evade results can't cancel
        its hits either: the defender spends its evade token, the hit stays."""
        game, _a, d = self.attack(["hit", "blank", "blank"], ["blank"] * 3, evade=1)
        skip_dice(game, "modify_defense_dice", d)
        modify_with(game, "evade")
        pass_all(game)
        assert not game.state.ships[d].has(Token.EVADE)
        assert "1 hit(s)" in neutralized(game)

    def test_range_1_only(self):
        """Attack: Range 1 only: at Range 2 it is not offered."""
        sc, a, _d = duel(BLUE, range_=2, upgrades=[self.AUTO])
        game = engage(sc, a, [], [])
        assert self.AUTO not in weapons_offered(game)


# --------------------------------------------------------------- Blaster Turret
class TestBlasterTurret:
    TURRET = "1e-blasterturret"

    def scene(self, y: float, focus: int = 1):
        sc = Scene(ruleset="1e")
        a = sc.ship(OPERATIVE, at=(400, 400, 0), upgrades=[self.TURRET],
                    tokens={"focus": focus})
        d = sc.ship(ACADEMY, player=2, at=(400, y, 0))
        return sc, a, d

    def test_spends_focus_to_attack_outside_the_arc(self):
        """A TIE behind the HWK at Range 2 (outside its firing arc): the Blaster Turret is
        offered, and firing it spends the focus token."""
        sc, a, d = self.scene(y=400 - 190)
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
        assert self.TURRET in weapons_offered(game)
        assert "primary:front" not in weapons_offered(game)
        declare(game, a, d, weapon=self.TURRET)
        assert not game.state.ships[a].has(Token.FOCUS)
        pass_all(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_without_focus_nor_at_range_3(self):
        """Without a focus token, or with the TIE at Range 3, it is not offered."""
        for y, focus in ((400 - 190, 0), (400 - 250, 1)):
            sc, a, _d = self.scene(y=y, focus=focus)
            game = engage(sc, a, [], [])
            assert game.decision is None or self.TURRET not in weapons_offered(game)


# ---------------------------------------------------------- Fire-Control System
class TestFireControlSystem:
    FCS = "1e-firecontrolsystem"

    def test_lock_on_the_defender_after_attacking(self):
        """A B-wing with Fire-Control System attacks (a miss): afterwards it may acquire a
        target lock on the defender; a B-wing without it has none."""
        sc, a, d = duel(BLUE, upgrades=[self.FCS])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].locks == [d]
        sc, a, d = duel(BLUE)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[a].locks == []

    def test_relocking_the_defender(self):
        """FAQ (1e) Q&A: a ship may acquire a target lock again on the ship it has locked
        (to trigger an ability such as "Dutch" Vander's): with the defender locked already,
        the lock is still offered, and "after you acquire a target lock" abilities follow."""
        sc, a, d = duel(BLUE, upgrades=[self.FCS], locks=["p2.1"])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d, weapon="primary:front")
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].locks == [d]
        assert sum(1 for e in game.log if e["kind"] == "lock" and "locks" in e["text"]) == 1

    def test_not_after_defending(self):
        """The B-wing defends: no lock is offered."""
        sc, a, d = duel(ACADEMY, defender=BLUE, d_setup={"upgrades": [self.FCS]})
        game = engage(sc, a, ["blank"] * 3, ["blank"])
        declare(game, a, d)
        assert "use_ability" not in pass_all(game)

    def test_faq_attack_twice_locks_after_the_second_attack(self):
        """FAQ (1e), Fire-Control System: with a weapon attacking twice (Cluster
        Missiles) the lock is acquired only after the second attack: it is offered once,
        after both rolls."""
        sc, a, d = duel(SCIMITAR, upgrades=["1e-clustermissiles", self.FCS],
                        locks=["p2.1"], range_=1)
        game = engage(sc, a, ["blank"] * 6, ["blank"] * 6)
        declare(game, a, d, weapon="1e-clustermissiles")
        pass_until(game, "use_ability", a)
        rolls = [e for e in game.log if e["kind"] == "dice" and e.get("ship") == a]
        assert len(rolls) == 2
        game.answer("use")
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[a].locks == [d]

    def test_faq_with_weapons_engineer_the_defender_is_locked(self):
        """FAQ (1e), Fire-Control System: with Weapons Engineer (two target locks) the
        first lock goes on the defender: after the attack the ship locks it as well as the
        ship it had locked."""
        sc = Scene(ruleset="1e")
        a = sc.ship(OMICRON, at=(400, 300, 0),
                    upgrades=[self.FCS, "1e-weaponsengineer"], locks=["p2.2"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490 + 20, 180))
        sc.ship(ACADEMY, player=2, at=(650, 600, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert set(game.state.ships[a].locks) == {d, "p2.2"}


# ------------------------------------------------------------- Recon Specialist
class TestReconSpecialist:
    RECON = "1e-reconspecialist"

    def act(self, action: str, upgrades=("1e-reconspecialist",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(OPERATIVE, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(ACADEMY, player=2, at=(400, 880, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer(action)
        pass_all(game)
        return game.state.ships[a]

    def test_focus_action_two_focus_tokens(self):
        """A focus action with Recon Specialist gives 2 focus tokens; without it 1."""
        assert self.act("focus").count(Token.FOCUS) == 2
        assert self.act("focus", upgrades=()).count(Token.FOCUS) == 1

    def test_not_for_another_action(self):
        """A target lock action: no focus token."""
        assert self.act("lock").count(Token.FOCUS) == 0


# ---------------------------------------------------------------------- Saboteur
class TestSaboteur:
    SABOTEUR = "1e-saboteur"

    def scene(self, y: float = Y[1], target: str = ACADEMY, card="1e-core-directhit"):
        sc = Scene(ruleset="1e")
        a = sc.ship(OPERATIVE, at=(400, 300, 0), upgrades=[self.SABOTEUR])
        d = sc.ship(target, player=2, at=(400, y, 180),
                    damage=[DamageCard(card, False, 1)])
        return sc, a, d

    def sabotage(self, sc, a, die: str):
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        load_dice(game, [die])
        game.answer(f"{self.SABOTEUR}:sabotage")
        return game

    def test_hit_flips_a_facedown_card(self):
        """Saboteur's action against the TIE at Range 1 (the only enemy there), the die a
        hit: its facedown damage card is flipped faceup."""
        sc, a, d = self.scene()
        game = self.sabotage(sc, a, "hit")
        pass_all(game)
        assert game.state.ships[d].damage[0].faceup

    def test_blank_nothing(self):
        """The die a blank: the card stays facedown."""
        sc, a, d = self.scene()
        game = self.sabotage(sc, a, "blank")
        pass_all(game)
        assert not game.state.ships[d].damage[0].faceup

    def test_not_at_range_2(self):
        """The TIE at Range 2: no enemy to choose, the action fails without a roll."""
        sc, a, d = self.scene(y=Y[2])
        game = self.sabotage(sc, a, "hit")
        pass_all(game)
        assert any(e["kind"] == "action" and "fails" in e["text"] for e in game.log)
        assert not game.state.ships[d].damage[0].faceup

    def test_faq_flipped_not_dealt_chewbacca(self):
        """FAQ (1e), Chewbacca: a card Saboteur flips faceup is not dealt: Chewbacca's
        ability (flip dealt faceup cards facedown) does not apply, the card stays faceup."""
        sc, a, d = self.scene(target="1e-yt1300-chewbacca", card="1e-core-damagedcockpit")
        sc.entries[1].at = (400, Y[1] + 40, 180)
        game = self.sabotage(sc, a, "hit")
        pass_all(game)
        assert game.state.ships[d].damage[0].faceup


    def test_faq_saboteur_a_stressed_red_turn_becomes_a_white_2_straight(self):
        """FAQ (1e), Saboteur: a flipped Damaged Engine makes a stressed rookie's white turn
        red. The FAQ's Saboteur entry lets Saboteur's player choose its maneuver, but the
        FAQ's errata to the Rules Reference (Stress) replaced that rule: a stressed ship
        revealing a red maneuver executes a white [2 straight] (docs/rulings.md, "First
        edition: play"). Expected: nobody chooses; the rookie executes 2FW."""
        sc, a, d = self.scene(target=ROOKIE, card="1e-core-damagedengine")
        sc.entries[1].setup["stress"] = 1
        game = self.sabotage(sc, a, "hit")
        pass_all(game)
        assert game.state.ships[d].damage[0].faceup
        game.state.ships[d].dial_set = "2TW"
        start_at(game, Activate(d), phase="activation")
        assert "choose_maneuver" not in pass_all(game)
        moved = [e for e in game.log if e["kind"] == "move" and e.get("ship") == d]
        assert moved and moved[-1]["maneuver"] == "2FW"


# ------------------------------------------------------------ Intelligence Agent
class TestIntelligenceAgent:
    AGENT = "1e-intelligenceagent"

    def game(self, y: float):
        sc = Scene(ruleset="1e")
        sc.ship(OPERATIVE, at=(400, 300, 0), upgrades=[self.AGENT])
        d = sc.ship(ACADEMY, player=2, at=(400, y, 180))
        game = sc.game()
        game.state.ships[d].dial_set = "2FW"
        start_at(game, StartActivation(), phase="activation")
        return game, d

    def test_looks_at_a_dial_at_range_2(self):
        """At the start of the Activation phase the agent chooses the TIE at Range 2: its
        owner's opponent now sees its dial."""
        game, d = self.game(Y[2])
        assert not sees_dial(game.state, game.state.ships[d], 1)
        game.answer(d)
        assert sees_dial(game.state, game.state.ships[d], 1)

    def test_not_at_range_3(self):
        """The TIE at Range 3: nothing is asked, the dial stays hidden."""
        game, d = self.game(Y[3] + 60)
        assert game.decision is None
        assert not sees_dial(game.state, game.state.ships[d], 1)


# ------------------------------------------------------------------- Darth Vader
class TestDarthVader:
    VADER = "1e-darthvader"

    def test_two_damage_for_a_critical(self):
        """A Lambda with Darth Vader attacks a TIE (a miss), then uses him: it loses 2
        shields and the TIE suffers 1 critical damage (a faceup card)."""
        sc, a, d = duel(OMICRON, upgrades=[self.VADER])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert game.state.ships[a].shields == 3
        assert [c.faceup for c in game.state.ships[d].damage] == [True]

    def test_declined_or_defending_nothing(self):
        """Declined, nothing happens; defending, he is not offered."""
        sc, a, d = duel(OMICRON, upgrades=[self.VADER])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[a].shields == 5 and not game.state.ships[d].damage
        sc, a, d = duel(ACADEMY, defender=OMICRON, d_setup={"upgrades": [self.VADER]})
        game = engage(sc, a, ["blank"] * 3, ["blank"])
        declare(game, a, d)
        assert "use_ability" not in pass_all(game)

    def test_faq_only_with_hull_remaining(self):
        """FAQ (1e), Darth Vader: only while his ship has hull remaining: a ship already
        destroyed (attacking in simultaneous fire) can't use him."""
        sc, a, d = duel(OMICRON, upgrades=[self.VADER])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        game.state.ships[a].destroyed = True
        declare(game, a, d)
        assert "use_ability" not in pass_all(game)

    def test_faq_attack_twice_once_after_the_second(self):
        """FAQ (1e), Darth Vader: with a weapon that attacks twice he is used once, after
        the second attack."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tiebomber-gammasquadronpilot", at=(400, 300, 0),
                    upgrades=["1e-clustermissiles", self.VADER], locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = engage(sc, a, ["blank"] * 6, ["blank"] * 6)
        declare(game, a, d, weapon="1e-clustermissiles")
        pass_until(game, "use_ability", a)
        assert len([e for e in game.log if e["kind"] == "dice" and e.get("ship") == a]) == 2
        game.answer("use")
        assert "use_ability" not in pass_all(game)

    def test_faq_draw_their_fire_cannot_take_his_critical(self):
        """FAQ (1e), Draw Their Fire: the critical damage Darth Vader causes is not an
        attack's: a friend of the defender with Draw Their Fire can't suffer it instead."""
        sc = Scene(ruleset="1e")
        a = sc.ship(OMICRON, at=(400, 300, 0), upgrades=[self.VADER])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        friend = sc.ship(OPERATIVE, player=2, at=(480, Y[2] + 20, 180),
                         upgrades=["1e-drawtheirfire"])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        asked = pass_all(game)
        assert game.state.ships[d].shields == 1
        assert game.state.ships[friend].shields == 1 and not game.state.ships[friend].damage
        assert "use_ability" not in asked

    def test_faq_twice_with_gunner(self):
        """FAQ (1e), Darth Vader: a ship attacking twice (Gunner after a miss) may use him
        after each attack."""
        sc = Scene(ruleset="1e")
        a = sc.ship(OMICRON, at=(400, 300, 0), upgrades=[self.VADER, "1e-gunner"])
        d = sc.ship("1e-tiefighter-obsidiansquadronpilot", player=2, at=(400, Y[2], 180),
                    hull=10)
        game = engage(sc, a, ["blank"] * 6, ["blank"] * 6)
        declare(game, a, d)
        uses = 0
        while game.decision is not None:
            dec = game.decision
            if dec.kind == "use_ability" and "suffer 2 damage" in dec.options[0].label:
                uses += 1
                game.answer("use")
            elif dec.kind in ("use_ability", "bonus_attack"):
                game.answer(dec.options[0].key)
            else:
                game.answer("done" if "done" in dec.option_keys() else dec.options[0].key)
        assert uses == 2


# ------------------------------------------------------------------ Rebel Captive
class TestRebelCaptive:
    CAPTIVE = "1e-rebelcaptive"

    def scene(self):
        sc = Scene(ruleset="1e")
        t1 = sc.ship(ACADEMY, at=(400, 300, 0))
        t2 = sc.ship(ACADEMY, at=(300, 300, 0))
        hwk = sc.ship(OPERATIVE, player=2, at=(400, Y[2], 180), upgrades=[self.CAPTIVE])
        return sc, t1, t2, hwk

    def test_first_attacker_of_the_round_stressed(self):
        """A TIE declares the HWK with Rebel Captive as its target: it receives 1 stress
        token; a second TIE attacking it the same round does not."""
        sc, t1, t2, hwk = self.scene()
        game = engage(sc, t1, ["blank"] * 2, ["blank"] * 2)
        declare(game, t1, hwk)
        pass_all(game)
        assert game.state.ships[t1].stressed
        from tallon.engine.attack import Engage
        start_at(game, Engage(t2))
        declare(game, t2, hwk)
        pass_all(game)
        assert not game.state.ships[t2].stressed

    def test_not_when_it_attacks(self):
        """The HWK attacks: no stress for its target."""
        sc, t1, _t2, hwk = self.scene()
        game = engage(sc, hwk, ["blank"], ["blank"] * 3)
        declare(game, hwk, t1)
        pass_all(game)
        assert not game.state.ships[t1].stressed

    def test_faq_stress_as_the_target_is_declared(self):
        """FAQ (1e), Rebel Captive: it triggers as the target is declared: the stress token
        comes before any attack die is rolled."""
        sc, t1, _t2, hwk = self.scene()
        game = engage(sc, t1, ["blank"] * 2, ["blank"] * 2)
        declare(game, t1, hwk)
        pass_all(game)
        kinds = [e["kind"] for e in game.log]
        texts = [e["text"] for e in game.log]
        stress = next(i for i, t in enumerate(texts) if "gains 1 stress" in t)
        assert stress < kinds.index("dice")


# -------------------------------------------------------------- Flight Instructor
class TestFlightInstructor:
    FI = "1e-flightinstructor"

    def game(self, attacker: str, defense: list[str], upgrades=("1e-flightinstructor",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(attacker, at=(400, 300, 0))
        d = sc.ship(OPERATIVE, player=2, at=(400, Y[2], 180), upgrades=list(upgrades))
        dice = ["hit"] + ["blank"] * (2 if attacker == ROOKIE else 1)  # attack 3 / 2
        game = engage(sc, a, dice, defense, then=[(DieKind.DEFENSE, Face.EVADE)])
        declare(game, a, d)
        skip_dice(game, "modify_defense_dice", d)
        return game, d

    def test_rerolls_a_focus_result(self):
        """Defending against Dutch Vander (pilot skill 6), the HWK rolls a focus and a
        blank: it rerolls the focus, which shows an evade: the hit is canceled. Without
        Flight Instructor the attack hits."""
        game, _d = self.game("1e-ywing-dutchvander", ["focus", "blank"])
        modify_with(game, self.FI)
        pass_all(game)
        assert "misses" in neutralized(game)
        game, _d = self.game("1e-ywing-dutchvander", ["focus", "blank"], upgrades=())
        assert not offers(game, self.FI)
        pass_all(game)
        assert "hits" in neutralized(game)

    def test_blank_only_against_low_pilot_skill(self):
        """Only blank results: against the rookie (pilot skill 2, "2 or lower") a blank may
        be rerolled; against Dutch Vander (pilot skill 6) nothing is offered."""
        game, _d = self.game(ROOKIE, ["blank", "blank"])
        modify_with(game, self.FI)
        pass_all(game)
        assert "misses" in neutralized(game)
        game, _d = self.game("1e-ywing-dutchvander", ["blank", "blank"])
        assert not offers(game, self.FI)


# ----------------------------------------------------------------- Sensor Jammer
class TestSensorJammer:
    JAMMER = "1e-sensorjammer"

    def attack(self, dice, upgrades=("1e-sensorjammer",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), locks=["p2.1"])
        d = sc.ship(BLUE, player=2, at=(400, Y[2], 180), upgrades=list(upgrades))
        game = engage(sc, a, dice, ["blank"])
        declare(game, a, d)
        return game, a, d

    def test_hit_to_focus_that_cannot_be_rerolled(self):
        """The rookie (with a lock) rolls 2 hits and a blank; the B-wing changes a hit to a
        focus: the rookie's lock may reroll the blank or the hit, not the focus; the attack
        deals 1 hit instead of 2."""
        game, a, _d = self.attack(["hit", "hit", "blank"])
        modify_with(game, self.JAMMER)
        assert game.decision.ship == a
        assert not any("focus" in key for key in values(game))
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)

    def test_without_it_a_focus_is_rerollable(self):
        """The same attack without Sensor Jammer, the rookie rolling a focus: its lock may
        reroll the focus."""
        game, a, _d = self.attack(["hit", "focus", "blank"], upgrades=())
        skip_dice(game, "modify_attack_dice", a)
        assert any("focus" in key for key in values(game) if key.startswith("lock"))

    def test_not_when_attacking(self):
        """The B-wing attacking: it is not offered on its own dice."""
        sc = Scene(ruleset="1e")
        b = sc.ship(BLUE, at=(400, 300, 0), upgrades=[self.JAMMER])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, b, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, b, d)
        assert not offers(game, self.JAMMER)
