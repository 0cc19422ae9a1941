"""First-edition wave 4 upgrades (Imperial Aces, Z-95 Headhunter, TIE Defender, E-wing, TIE
Phantom, Rebel Aces). Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1
at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a ship
ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.helpers_1e import attack_to_end, has_card, neutralized
from tests.cards.helpers import (
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
BANDIT = "1e-z95headhunter-banditsquadronpilot"
BLUE = "1e-bwing-bluesquadronpilot"
GREEN = "1e-awing-greensquadronpilot"
KNAVE = "1e-ewing-knavesquadronpilot"


def duel(pilot: str = ROOKIE, defender: str = ACADEMY, range_: int = 2, upgrades=(),
         **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180))
    return sc, a, d


# ------------------------------------------------------------------ Opportunist
class TestOpportunist:
    def test_stress_for_an_extra_die(self):
        """The defender has no focus or evade token: the rookie receives a stress token and
        rolls 4 attack dice instead of 3."""
        sc, a, d = duel(upgrades=["1e-opportunist"])
        game = engage(sc, a, ["hit"] * 4, ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert len(rolled(game, a)) == 4 and game.state.ships[a].stressed

    def test_not_against_a_focused_defender(self):
        """The defender has a focus token: nothing is offered; 3 dice."""
        sc, a, d = duel(upgrades=["1e-opportunist"])
        sc.entries[1].tokens["focus"] = 1
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and len(rolled(game, a)) == 3

    def test_not_while_stressed(self):
        """Already stressed: he cannot use it."""
        sc, a, d = duel(upgrades=["1e-opportunist"], stress=1)
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds

    def test_faq_captain_yorr_does_not_take_the_cost(self):
        """FAQ (1e), Captain Yorr: a stress token paid as Opportunist's cost, if
        intercepted, would leave the ability unresolved; Tallon's Yorr does not offer to
        intercept a cost (ruling of Captain Yorr): the stress stays and the die is
        rolled."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0), upgrades=["1e-opportunist"])
        y = sc.ship("1e-lambdaclassshuttle-captainyorr", at=(520, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 2)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        kinds = pass_all(game)
        assert "replacement" not in kinds
        assert len(rolled(game, a)) == 3 and game.state.ships[a].stressed
        assert not game.state.ships[y].stressed


# ------------------------------------------------------------ Ion Pulse Missiles
class TestIonPulseMissiles:
    IPM = "1e-ionpulsemissiles"

    def test_hit_deals_one_damage_and_two_ions(self):
        """Bandit with a lock fires Ion Pulse Missiles at Range 2 and hits with 3 hits: the
        defender suffers 1 damage only and receives 2 ion tokens; the lock is not spent;
        the card is discarded."""
        sc, a, d = duel(BANDIT, upgrades=[self.IPM], locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3, weapon=self.IPM)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.count(Token.ION) == 2 and len(ship.damage) == 1
        assert d in game.state.ships[a].locks and not has_card(game, a, self.IPM)

    def test_miss_no_ion(self):
        """The attack misses: no damage, no ion token; the card is still discarded."""
        sc, a, d = duel(BANDIT, upgrades=[self.IPM], locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade"] * 3,
                             weapon=self.IPM)
        pass_all(game)
        assert game.state.ships[d].count(Token.ION) == 0 and not game.state.ships[d].damage
        assert not has_card(game, a, self.IPM)

    def test_needs_a_lock(self):
        """Without a target lock on the defender the missiles cannot be fired."""
        sc, a, _d = duel(BANDIT, upgrades=[self.IPM])
        game = sc.at(Engage(a))
        assert not any(o.info and o.info["weapon"] == self.IPM for o in game.decision.options)


# ---------------------------------------------------------------------- Wingman
class TestWingman:
    def _scene(self, friend_x=480, upgrades=("1e-wingman",)):
        sc = Scene(ruleset="1e")
        w = sc.ship(BANDIT, at=(400, 300, 0), upgrades=list(upgrades))
        f = sc.ship(BANDIT, at=(friend_x, 300, 0), stress=2)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return sc.at(StartEngagement()), w, f

    def test_removes_a_friends_stress(self):
        """At the start of the Combat phase a stressed friend at Range 1 loses 1 stress."""
        game, _w, f = self._scene()
        pass_all(game)
        assert game.state.ships[f].count(Token.STRESS) == 1

    def test_not_beyond_range_1(self):
        """The friend 300 mm away keeps its 2 stress tokens."""
        game, _w, f = self._scene(friend_x=700)
        pass_all(game)
        assert game.state.ships[f].count(Token.STRESS) == 2

    def test_faq_wingman_with_kyle_katarn(self):
        """FAQ (1e), Wingman: the Wingman ship is the one removing the token, so Kyle
        Katarn (crew) on it may assign it a focus token."""
        sc = Scene(ruleset="1e")
        w = sc.ship("1e-yt1300-hansolo", at=(400, 300, 0),
                    upgrades=["1e-wingman", "1e-kylekatarn"])
        f = sc.ship(BANDIT, at=(520, 300, 0), stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(StartEngagement())
        pass_until(game, "use_ability", w)
        game.answer("use")
        assert game.state.ships[w].has(Token.FOCUS)
        assert not game.state.ships[f].stressed


# ------------------------------------------------------------------------ Decoy
class TestDecoy:
    def test_exchanges_pilot_skills_for_the_combat_phase(self):
        """Wedge Antilles (skill 9) with Decoy exchanges with a Rookie Pilot (skill 2) at
        Range 1-2: Wedge has 2 and the rookie 9 until the end of the Combat phase, then
        their own again."""
        sc = Scene(ruleset="1e")
        dec = sc.ship("1e-xwing-wedgeantilles", at=(400, 300, 0), upgrades=["1e-decoy"])
        rook = sc.ship(ROOKIE, at=(550, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(StartEngagement())
        pass_until(game, "use_ability", dec)
        game.answer(rook)
        ships = game.state.ships
        assert (ships[dec].current_initiative, ships[rook].current_initiative) == (2, 9)
        pass_all(game)
        start_at(game, FireWindow.of("end_engagement"))
        pass_all(game)
        assert (ships[dec].current_initiative, ships[rook].current_initiative) == (9, 2)

    def test_not_beyond_range_2(self):
        """The friend is 400 mm away: no one to choose."""
        sc = Scene(ruleset="1e")
        sc.ship("1e-xwing-wedgeantilles", at=(200, 300, 0), upgrades=["1e-decoy"])
        sc.ship(ROOKIE, at=(650, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(StartEngagement())
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# ------------------------------------------------------------------ Outmaneuver
class TestOutmaneuver:
    def test_defender_rolls_one_fewer_die(self):
        """The rookie attacks a TIE from behind (the TIE faces away): the TIE's agility 3
        is reduced to 2 (2 dice, plus the range bonus: none at Range 2)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-outmaneuver"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 0))
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
        pass_all(game)
        assert len(rolled(game, d)) == 2

    def test_not_inside_the_defenders_arc(self):
        """Face to face (he is inside the TIE's arc): 3 defense dice."""
        sc, a, d = duel(upgrades=["1e-outmaneuver"])
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
        pass_all(game)
        assert len(rolled(game, d)) == 3

    def test_faq_turret_ship_affected_outside_its_printed_arc(self):
        """FAQ (1e), Outmaneuver: a YT-1300 (360-degree turret) facing away is affected,
        the rookie being outside its printed arc: its agility 1 becomes 0 and it rolls no
        defense die."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-outmaneuver"])
        d = sc.ship("1e-yt1300-outerrimsmuggler", player=2, at=(400, 520, 0))
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
        pass_all(game)
        assert any(e["text"] == "Outer Rim Smuggler rolls no dice" for e in game.log)
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship("1e-yt1300-outerrimsmuggler", player=2, at=(400, 520, 0))
        game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
        pass_all(game)
        assert len(rolled(game, d)) == 1


    def test_faq_turret_attacker_only_inside_its_printed_arc(self):
        """FAQ (1e), Outmaneuver: a turret ship gains the benefit only against a ship inside
        its printed arc: Han Solo's YT-1300 attacks, with its turret, a TIE behind him that
        faces away: 3 defense dice; the same TIE ahead of him (inside his printed arc,
        facing away) rolls 2."""
        for y, heading, dice in ((80.0, 180, 3), (520.0, 0, 2)):
            sc = Scene(ruleset="1e")
            a = sc.ship("1e-yt1300-hansolo", at=(400, 300, 0), upgrades=["1e-outmaneuver"])
            d = sc.ship(ACADEMY, player=2, at=(400, y, heading))
            game = attack_to_end(sc, a, d, ["hit"] * 3, ["blank"] * 3)
            pass_all(game)
            assert len(rolled(game, d)) == dice


# -------------------------------------------------------------------- Predator
class TestPredator:
    def test_rerolls_one_die(self):
        """Attacking "Night Beast" (skill 5): 1 die may be rerolled; a blank becomes a
        hit."""
        sc, a, d = duel(upgrades=["1e-predator"], defender="1e-tiefighter-nightbeast")
        game = attack_to_end(sc, a, d, ["blank", "blank", "hit"], ["blank"] * 3,
                             rerolls=["hit"])
        skip_dice(game, "modify_attack_dice", a)
        assert any("reroll 1" in o.label for o in game.decision.options)
        modify_with(game, "1e-predator")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_two_dice_against_low_skill(self):
        """The Academy Pilot (skill 1): up to 2 dice rerolled, 3 hits."""
        sc, a, d = duel(upgrades=["1e-predator"])
        game = attack_to_end(sc, a, d, ["blank", "blank", "hit"], ["blank"] * 3,
                             rerolls=["hit", "hit"])
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-predator", "2")
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_when_defending(self):
        """Defending, Predator offers nothing."""
        sc, a, d = duel(ACADEMY, defender=ROOKIE)
        sc.entries[1].upgrades = ("1e-predator",)
        game = attack_to_end(sc, a, d, ["hit", "hit"], ["blank"] * 2)
        while game.decision is not None:
            assert not offers(game, "1e-predator")
            game.answer("done" if "done" in values(game) else values(game)[0])


# --------------------------------------------------------- Flechette Torpedoes
class TestFlechetteTorpedoes:
    FT = "1e-flechettetorpedoes"

    def _shot(self, defender, dice, defense, upgrades=(), **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(KNAVE, at=(400, 300, 0), upgrades=[self.FT, *upgrades], locks=["p2.1"])
        d = sc.ship(defender, player=2, at=(400, 540, 180), **setup)
        game = attack_to_end(sc, a, d, dice, defense, weapon=self.FT)
        pass_all(game)
        return game, a, d

    def test_stress_on_a_small_hull(self):
        """The TIE (hull 3) is hit: it receives a stress token; the lock is spent and the
        card discarded."""
        game, a, d = self._shot(ACADEMY, ["hit"] * 3, ["blank"] * 3)
        assert game.state.ships[d].stressed
        assert not game.state.ships[a].locks and not has_card(game, a, self.FT)

    def test_stress_even_on_a_miss(self):
        """The attack misses: the defender still receives the stress token."""
        game, _a, d = self._shot(ACADEMY, ["blank"] * 3, ["blank"] * 3)
        assert game.state.ships[d].stressed

    def test_not_on_a_big_hull(self):
        """A Firespray-31 (hull 6) receives none."""
        game, _a, d = self._shot("1e-firespray31-bountyhunter", ["hit"] * 3, ["blank"] * 2)
        assert not game.state.ships[d].stressed

    def test_faq_printed_hull_not_hull_left(self):
        """FAQ (1e), Flechette Torpedoes: the hull value counts, not the hull left: a
        YT-1300 (hull 8) with 6 damage cards receives no stress."""
        from tallon.engine.state import DamageCard

        cards = [DamageCard("1e-core-directhit", False, 800 + k) for k in range(6)]
        game, _a, d = self._shot("1e-yt1300-outerrimsmuggler", ["blank"] * 3, ["blank"] * 1,
                                damage=cards)
        assert not game.state.ships[d].stressed

    def test_faq_hull_upgrade_counts(self):
        """FAQ (1e): the hull value includes Hull Upgrade: an HWK-290 (hull 4) is stressed,
        but with Hull Upgrade (hull 5) it is not."""
        game, a, d = self._shot("1e-hwk290-rebeloperative", ["blank"] * 3, ["blank"] * 2)
        assert game.state.ships[d].stressed
        sc = Scene(ruleset="1e")
        a = sc.ship(KNAVE, at=(400, 300, 0), upgrades=[self.FT], locks=["p2.1"])
        d = sc.ship("1e-hwk290-rebeloperative", player=2, at=(400, 540, 180),
                    upgrades=["1e-hullupgrade"])
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 2, weapon=self.FT)
        pass_all(game)
        assert game.state.ships[d].hull == 5 and not game.state.ships[d].stressed

    def test_faq_with_munitions_failsafe(self):
        """FAQ (1e): with Munitions Failsafe a miss still stresses the defender, and the
        torpedoes are not discarded."""
        game, a, d = self._shot(ACADEMY, ["blank"] * 3, ["blank"] * 3,
                                upgrades=["1e-munitionsfailsafe"])
        assert game.state.ships[d].stressed and has_card(game, a, self.FT)


# ------------------------------------------------------------------ Proton Rockets
class TestProtonRockets:
    PR = "1e-protonrockets"

    def test_extra_dice_equal_to_agility(self):
        """An A-wing (agility 3) with a focus token fires Proton Rockets at Range 1: 2 + 3
        = 5 dice; the focus token is not spent; the card is discarded."""
        sc, a, d = duel(GREEN, range_=1, upgrades=[self.PR], focus=1)
        game = attack_to_end(sc, a, d, ["hit"] * 5, ["blank"] * 3, weapon=self.PR)
        pass_until(game, "use_ability", a)
        game.answer("use")
        skip_dice(game, "modify_attack_dice", a)
        assert len(rolled(game, a)) == 5 and game.state.ships[a].has(Token.FOCUS)
        pass_all(game)
        assert not has_card(game, a, self.PR)

    def test_needs_a_focus_token(self):
        """Without a focus token the rockets cannot be fired."""
        sc, a, _d = duel(GREEN, range_=1, upgrades=[self.PR])
        game = sc.at(Engage(a))
        assert not any(o.info and o.info["weapon"] == self.PR for o in game.decision.options)

    def test_at_most_three_more(self):
        """Declined, the rockets roll their own 2 dice."""
        sc, a, d = duel(GREEN, range_=1, upgrades=[self.PR], focus=1)
        game = attack_to_end(sc, a, d, ["hit"] * 2, ["blank"] * 3, weapon=self.PR)
        pass_all(game)
        assert len(rolled(game, a)) == 2
