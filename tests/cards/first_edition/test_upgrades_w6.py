"""First-edition upgrades of the Hound's Tooth, Kihraxz Fighter, K-wing and TIE Punisher
packs and The Force Awakens Core Set (module upgrades_w6): dice cards, secondary weapons,
Bossk (crew) and maneuver cards. Scenes on a first-edition table (``Scene(ruleset="1e")``):
the attacker at (400, 300) facing +y, the defender ahead facing it (small bases: y = 380 /
490 / 550 for Range 1 / 2 / 3)."""

from __future__ import annotations

from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.first_edition.helpers_1e import attack_to_end, has_card
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
WARDEN = "1e-kwing-wardensquadronpilot"
NOVICE = "1e-t70xwing-bluesquadronnovice"
SLAVER = "1e-yv666-trandoshanslaver"


def duel(pilot: str = ROOKIE, defender: str = ACADEMY, range_: int = 2, upgrades=(),
         defender_setup=None, **setup):
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180), **(defender_setup or {}))
    return sc, a, d


def modified(game) -> str:
    """The dice after the scene's last dice modification (from the log)."""
    return [e["text"] for e in game.log if e["kind"] == "modify"][-1].split("-> ")[1]


# -------------------------------------------------------------------- Crack Shot
class TestCrackShot:
    CARD = "1e-crackshot"

    def test_cancels_an_evade_then_discarded(self):
        """The X-wing's hit meets the TIE's evade: Crack Shot cancels the evade (and is
        discarded); the hit deals 1 damage. Without it the attack misses."""
        sc, a, d = duel(upgrades=[self.CARD])
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade", "blank", "blank"])
        skip_dice(game, "cancel_defense_results", a)
        modify_with(game, self.CARD)
        pass_all(game)
        assert len(game.state.ships[d].damage) == 1
        assert not has_card(game, a, self.CARD)
        sc, a, d = duel(upgrades=[self.CARD])
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade", "blank", "blank"])
        pass_all(game)
        assert not game.state.ships[d].damage and has_card(game, a, self.CARD)

    def test_faq_errata_at_the_start_of_compare_results(self):
        """Errata (1e), Crack Shot: used at the start of the Compare Results step, after
        both Modify Dice steps: it is not offered while the attacker modifies its dice."""
        sc, a, d = duel(upgrades=[self.CARD], focus=1)
        game = attack_to_end(sc, a, d, ["hit", "focus", "blank"], ["evade", "blank", "blank"])
        kinds = []
        while game.decision is not None and game.decision.kind.startswith(("modify_",
                                                                           "cancel_")):
            if offers(game, self.CARD):
                kinds.append(game.decision.kind)
            game.answer("done")
        assert kinds == ["cancel_defense_results"]

    def _turret_offers(self, at):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-ywing-goldsquadronpilot", at=(400, 300, 0),
                    upgrades=[self.CARD, "1e-ioncannonturret"])
        d = sc.ship(ACADEMY, player=2, at=at)
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade", "blank", "blank"],
                             weapon="1e-ioncannonturret")
        seen = []
        while game.decision is not None and game.decision.kind.startswith(("modify_",
                                                                           "cancel_")):
            seen.append(offers(game, self.CARD))
            game.answer("done")
        return any(seen)

    def test_not_outside_the_firing_arc(self):
        """A Y-wing's Ion Cannon Turret attack at a TIE beside it (outside its firing
        arc): Crack Shot is not offered; at a TIE ahead (inside it) it is."""
        assert not self._turret_offers((520, 300, 270))
        assert self._turret_offers((400, 420, 180))


# ------------------------------------------------------------------------- Wired
class TestWired:
    CARD = "1e-wired"

    def test_stressed_rerolls_focus_results(self):
        """The stressed X-wing rolls 2 focus results and a blank: it rerolls both focus
        results (into hits)."""
        sc, a, d = duel(upgrades=[self.CARD], stress=1)
        game = attack_to_end(sc, a, d, ["focus", "focus", "blank"], ["blank"] * 3,
                             rerolls=["hit", "hit"])
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, self.CARD)
        option = next(o.key for o in game.decision.options
                      if (o.info or {}).get("source") == self.CARD and "2" in o.label)
        game.answer(option)
        assert sorted(modified(game).split(", ")) == ["blank", "hit", "hit"]

    def test_not_unstressed(self):
        """Without a stress token: not offered."""
        sc, a, d = duel(upgrades=[self.CARD])
        game = attack_to_end(sc, a, d, ["focus", "focus", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, self.CARD)

    def test_defending_too(self):
        """The stressed X-wing defends with a focus result: it may reroll it."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.CARD], stress=1)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, d, x, ["hit", "hit"], ["focus", "blank"])
        skip_dice(game, "modify_defense_dice", x)
        assert offers(game, self.CARD)


# ------------------------------------------------------------- Weapons Guidance
class TestWeaponsGuidance:
    CARD = "1e-weaponsguidance"

    def test_focus_for_a_blank_to_hit(self):
        """The T-70 spends its focus token: 1 blank becomes a hit."""
        sc, a, d = duel(NOVICE, upgrades=[self.CARD], focus=1)
        game = attack_to_end(sc, a, d, ["blank", "blank", "hit"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.CARD)
        assert sorted(modified(game).split(", ")) == ["blank", "hit", "hit"]
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_not_without_focus(self):
        """Without a focus token: not offered."""
        sc, a, d = duel(NOVICE, upgrades=[self.CARD])
        game = attack_to_end(sc, a, d, ["blank", "blank", "hit"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, self.CARD)


# ------------------------------------------------------------- Plasma Torpedoes
class TestPlasmaTorpedoes:
    CARD = "1e-plasmatorpedoes"

    def _fire(self, dice, defense, **defender):
        sc, a, d = duel(WARDEN, defender=ROOKIE, upgrades=[self.CARD], locks=["p2.1"],
                        defender_setup=defender)
        game = attack_to_end(sc, a, d, dice, defense, weapon=self.CARD)
        pass_all(game)
        return game, a, d

    def test_one_more_shield_after_the_damage(self):
        """1 hit on the X-wing (2 shields): the damage takes 1 shield, the torpedoes the
        other; the lock is spent and the card discarded."""
        game, a, d = self._fire(["hit", "blank", "blank", "blank"], ["blank"] * 2)
        ship = game.state.ships[d]
        assert ship.shields == 0 and not ship.damage
        assert not game.state.ships[a].locks and not has_card(game, a, self.CARD)

    def test_after_dealing_damage(self):
        """The X-wing has 1 shield and suffers 2 hits: 1 shield and 1 damage card; only
        then is the (absent) shield removed: 1 card, not 2."""
        game, _a, d = self._fire(["hit", "hit", "blank", "blank"], ["blank"] * 2, shields=1)
        ship = game.state.ships[d]
        assert ship.shields == 0 and len(ship.damage) == 1

    def test_damage_taken_by_another_ship(self):
        """The torpedoes' only result, a crit, is suffered by the defender's friend (Draw
        Their Fire): the defender suffered no damage, yet it still loses 1 shield."""
        sc = Scene(ruleset="1e")
        a = sc.ship(WARDEN, at=(400, 300, 0), upgrades=[self.CARD], locks=["p2.1"])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        friend = sc.ship(ROOKIE, player=2, at=(480, Y[2], 180),
                         upgrades=["1e-drawtheirfire"])
        game = attack_to_end(sc, a, d, ["crit", "blank", "blank", "blank"], ["blank"] * 2,
                             weapon=self.CARD)
        pass_until(game, "use_ability", friend)
        game.answer("use")
        pass_all(game)
        assert game.state.ships[friend].shields == 1
        assert game.state.ships[d].shields == 1

    def test_miss_no_shield_removed(self):
        """The attack misses: the X-wing keeps both shields."""
        game, _a, d = self._fire(["hit", "blank", "blank", "blank"], ["evade", "blank"])
        assert game.state.ships[d].shields == 2

    def test_faq_shield_removal_is_not_damage(self):
        """FAQ (1e), Reinforced Deflectors: the shield Plasma Torpedoes removes is not
        damage suffered: the X-wing suffers damage once (the hit: 1 shield), then loses
        the second shield to the torpedoes' effect."""
        game, _a, d = self._fire(["hit", "blank", "blank", "blank"], ["blank"] * 2)
        suffered = [e["text"] for e in game.log if e["kind"] == "damage"
                    and e.get("ship") == d and "suffers damage" in e["text"]]
        assert len(suffered) == 1 and "1 shield(s) lost" in suffered[0]
        assert any("loses 1 shield (Plasma Torpedoes)" in e["text"] for e in game.log)


# ----------------------------------------------------- Advanced Homing Missiles
class TestAdvancedHomingMissiles:
    CARD = "1e-advhomingmissiles"

    def test_faceup_card_then_results_canceled(self):
        """Hit at Range 2: the X-wing (2 shields) is dealt 1 faceup damage card, keeps its
        shields (the results are canceled); the lock stays, the card is discarded."""
        sc, a, d = duel(WARDEN, defender=ROOKIE, upgrades=[self.CARD], locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit", "hit", "blank"], ["blank"] * 2,
                             weapon=self.CARD)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.shields == 2 and [c.faceup for c in ship.damage] == [True]
        assert d in game.state.ships[a].locks and not has_card(game, a, self.CARD)

    def test_miss_nothing(self):
        """The hits are evaded: no damage card."""
        sc, a, d = duel(WARDEN, defender=ROOKIE, upgrades=[self.CARD], locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade", "blank"],
                             weapon=self.CARD)
        pass_all(game)
        assert not game.state.ships[d].damage and game.state.ships[d].shields == 2

    def test_needs_a_lock(self):
        """Without a lock on the X-wing the missiles can't be fired."""
        sc, a, _d = duel(WARDEN, defender=ROOKIE, upgrades=[self.CARD])
        game = engage(sc, a, [], [])
        assert not any((o.info or {}).get("weapon") == self.CARD
                       for o in game.decision.options)


# ------------------------------------------------------------------ Bossk (crew)
class TestBosskCrew:
    CARD = "1e-bossk"

    def test_miss_stress_focus_and_lock(self):
        """The YV-666's attack misses: it receives a stress token, a focus token and a
        lock on the defender."""
        sc, a, d = duel(SLAVER, upgrades=[self.CARD], range_=3)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 4)
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.stressed and ship.has(Token.FOCUS) and d in ship.locks

    def test_hit_nothing(self):
        """The attack hits: no token, no lock."""
        sc, a, d = duel(SLAVER, upgrades=[self.CARD], range_=3)
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["blank"] * 4)
        pass_all(game)
        ship = game.state.ships[a]
        assert not ship.stressed and not ship.has(Token.FOCUS) and not ship.locks

    def test_faq_already_stressed(self):
        """FAQ (1e), Bossk: already stressed, it receives no second stress token but is
        still assigned the focus token and acquires the lock."""
        sc, a, d = duel(SLAVER, upgrades=[self.CARD], range_=3, stress=1)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 4)
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.count(Token.STRESS) == 1 and ship.has(Token.FOCUS) and d in ship.locks


# ----------------------------------------------------------- Lightning Reflexes
class TestLightningReflexes:
    CARD = "1e-lightningreflexes"

    def _fly(self, dial, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.CARD], **setup)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, a, dial), a

    def test_white_maneuver_then_turn_around(self):
        """After a white 3 straight the X-wing discards the card, turns 180 degrees and
        receives 1 stress token."""
        game, a = self._fly("3FW")
        pass_until(game, "use_ability", a)
        game.answer("use")
        ship = game.state.ships[a]
        assert abs(abs(ship.pose.heading) - 180) < 1 and ship.stressed
        assert not has_card(game, a, self.CARD)

    def test_green_maneuver_stress_stays(self):
        """After a green 1 straight (its stress token removed in Check Pilot Stress, then
        the card's token received): the X-wing ends stressed."""
        game, a = self._fly("1FB", stress=1)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].count(Token.STRESS) == 1

    def test_not_after_a_red_maneuver(self):
        """After a red Koiogran-Turn: not offered."""
        game, _a = self._fly("4KR")
        assert "use_ability" not in pass_all(game)

    def test_faq_not_ionized(self):
        """FAQ (1e), Lightning Reflexes: an ionized ship's maneuver is not on its dial: not
        offered."""
        game, _a = self._fly("3FW", ion=1)
        assert "use_ability" not in pass_all(game)

    def test_faq_after_overlapping_a_ship(self):
        """FAQ (1e), Lightning Reflexes: usable after a maneuver overlapping a ship."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 420, 180))
        game = activation(sc, a, "3FW")
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].stressed


# ------------------------------------------------------------------------- BB-8
class TestBB8:
    CARD = "1e-bb8"

    def _reveal(self, dial, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(NOVICE, at=(400, 300, 0), upgrades=[self.CARD], **setup)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, a, dial), a

    def test_green_maneuver_free_barrel_roll(self):
        """Revealing a green 2 straight, the T-70 barrel rolls left before moving."""
        game, a = self._reveal("2FB")
        assert game.decision.kind == "use_ability" and "barrel_roll" in values(game)
        game.answer("barrel_roll")
        game.answer("left")
        game.answer("middle")
        assert game.state.ships[a].pose.x < 400

    def test_not_a_white_maneuver(self):
        """Revealing a white 2 bank: nothing offered."""
        game, _a = self._reveal("2BW")
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_stressed(self):
        """Stressed, the T-70 can't perform the free action: nothing offered."""
        game, _a = self._reveal("1FB", stress=1)
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------- Twin Ion Engine Mk. II
class TestTwinIonEngineMkII:
    CARD = "1e-twinionenginemkii"

    def test_white_bank_is_green(self):
        """The stressed TIE flies its white 3 bank as green: its stress token is removed;
        without the card it stays."""
        for upgrades, stressed in (([self.CARD], False), ([], True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ACADEMY, at=(400, 300, 0), upgrades=upgrades, stress=1)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = activation(sc, a, "3BW")
            pass_all(game)
            assert game.state.ships[a].stressed is stressed

    def test_not_other_maneuvers(self):
        """A white 3 turn stays white: the stress token stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0), upgrades=[self.CARD], stress=1)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = activation(sc, a, "3TW")
        pass_all(game)
        assert game.state.ships[a].stressed


# ------------------------------------------------------------- Maneuvering Fins
class TestManeuveringFins:
    CARD = "1e-maneuveringfins"

    def _reveal(self, dial):
        sc = Scene(ruleset="1e")
        a = sc.ship(SLAVER, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, a, dial), a

    def test_red_turn_becomes_the_white_bank(self):
        """The YV-666 reveals its red 2 turn left and rotates the dial to the white 2 bank
        left: it banks and gets no stress token."""
        game, a = self._reveal("2TR")
        assert game.decision.kind == "use_ability" and values(game)[0] == "2BW"
        game.answer("2BW")
        pass_all(game)
        ship = game.state.ships[a]
        assert not ship.stressed and round(ship.pose.heading) % 360 == 315

    def test_declined_the_turn(self):
        """Declined, it executes the red turn (stressed, turned 90 degrees)."""
        game, a = self._reveal("2TR")
        game.answer("decline")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.stressed and round(ship.pose.heading) % 360 == 270

    def test_not_a_straight(self):
        """Revealing a straight: nothing offered."""
        game, _a = self._reveal("2FB")
        assert game.decision is None or game.decision.kind != "use_ability"

