"""First-edition wave 2 pilots (TIE Interceptor, A-wing, YT-1300, Firespray-31). Scenes on
a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2
facing it; with small bases 40 / 150 / 210 mm between the ships' centres' lines are ranges
1 / 2 / 3. Generic opponents: Rookie Pilot (X-wing, pilot skill 2, agility 2, 2 shields),
Academy Pilot (TIE fighter, pilot skill 1, agility 3, hull 3, no shields)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, stack_deck
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    activation,
    engage,
    finish,
    offered,
    pass_all,
    pass_until,
    pick,
    rolled,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"


def duel(pilot: str, defender: str = ACADEMY, range_: int = 2, upgrades=(), x: float = 400.0,
         **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(x, Y[range_], 180))
    return sc, a, d


# ------------------------------------------------------------------ Turr Phennir
class TestTurrPhennir:
    def test_after_attacking_a_free_boost(self):
        """Turr Phennir attacks (a miss); after the attack he may boost for free: he moves
        forward although his Perform Action step is long past."""
        sc, a, d = duel("1e-tieinterceptor-turrphennir")
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        assert offered(game, "boost") and offered(game, "barrel roll")
        before = game.state.ships[a].pose.y
        pick(game, "boost")
        while game.decision is not None:
            game.answer(values(game)[0])  # the first boost offered: straight ahead
        assert game.state.ships[a].pose.y > before

    def test_faq_same_pilot_skill_moves_before_the_enemy_attacks(self):
        """FAQ (1e), Turr Phennir: his player has initiative and the enemy has his pilot
        skill (7): Turr attacks first, barrel rolls out of the enemy's firing arc with his
        ability, and the enemy can no longer attack him."""
        from tallon.engine.rounds import StartEngagement, Sweep
        from tallon.engine.weapons import valid_targets

        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tieinterceptor-turrphennir", at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(480, 500, 160), initiative=7)
        game = sc.at(StartEngagement(), Sweep("engagement"))
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        assert game.decision.kind == "declare_attack" and game.decision.ship == a
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        # until he moves, the enemy could attack him
        assert a in [t.defender for t in valid_targets(game, game.state.ships[d])]
        game.answer("barrel_roll")
        game.answer("left")
        while game.decision is not None and game.decision.ship == a:
            game.answer(values(game)[0])
        assert game.decision is None or not any(
            o.info and o.info.get("defender") == a for o in game.decision.options)

    def test_not_after_another_ships_attack(self):
        """The enemy attacks Turr Phennir: defending is not attacking, nothing is offered."""
        sc, a, d = duel("1e-tieinterceptor-turrphennir")
        game = engage(sc, d, ["blank"] * 2, ["blank"] * 3)
        declare(game, d, a)
        assert game.decision is None or not offered(game, "boost")

    def test_stressed_he_cannot(self):
        """A stressed ship cannot perform actions (rulebook (1e), Stress), free ones
        included: the ability has nothing to offer."""
        sc, a, d = duel("1e-tieinterceptor-turrphennir", stress=1)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        assert game.decision is None


# ------------------------------------------------------------------- Soontir Fel
class TestSoontirFel:
    def test_stress_brings_a_focus_token(self):
        """Soontir Fel flies a red K-turn: he receives a stress token and may assign
        himself a focus token (an Alpha Squadron Pilot doing the same gets none)."""
        for pilot, focus in (("1e-tieinterceptor-soontirfel", 1),
                             ("1e-tieinterceptor-alphasquadronpilot", 0)):
            sc = Scene(ruleset="1e")
            a = sc.ship(pilot, at=(400, 300, 0))
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = activation(sc, a, "3KR")
            if focus:
                assert game.decision.kind == "use_ability"
                game.answer("use")
            ship = game.state.ships[a]
            assert ship.has(Token.STRESS) and ship.count(Token.FOCUS) == focus

    def test_faq_captain_yorr_takes_the_stress(self):
        """FAQ (1e), Captain Yorr: when Yorr receives Soontir Fel's stress token instead of
        him, Soontir receives no stress and his ability does not resolve."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tieinterceptor-soontirfel", at=(400, 300, 0))
        yorr = sc.ship("1e-lambdaclassshuttle-captainyorr", at=(550, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = activation(sc, a, "3KR")
        assert game.decision.kind == "replacement" and game.decision.player == 1
        game.answer("use")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        s = game.state.ships
        assert not s[a].has(Token.STRESS) and not s[a].has(Token.FOCUS)
        assert s[yorr].has(Token.STRESS)

    def test_not_for_another_token(self):
        """Gaining a focus token is no stress: nothing is offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tieinterceptor-soontirfel", at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[a].count(Token.FOCUS) == 1


# ------------------------------------------------------------------ Tycho Celchu
class TestTychoCelchu:
    def test_acts_while_stressed(self):
        """Tycho Celchu, stressed, is offered his actions in his Perform Action step; a
        stressed Green Squadron Pilot is not (rulebook (1e), Stress)."""
        for pilot, acts in (("1e-awing-tychocelchu", True), ("1e-awing-greensquadronpilot",
                                                              False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(pilot, at=(400, 300, 0), stress=1)
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            if acts:
                assert "focus" in values(game)
                game.answer("focus")
                assert game.state.ships[a].count(Token.FOCUS) == 1
            else:
                assert game.decision is None or "focus" not in values(game)


# ------------------------------------------------------------------ Arvel Crynyd
class TestArvelCrynyd:
    def _touching(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), contacts=("p2.1",))
        d = sc.ship(ACADEMY, player=2, at=(400, 342, 180), contacts=("p1.1",))
        return sc, a, d

    def test_attacks_the_ship_he_touches(self):
        """Arvel Crynyd touches a TIE fighter in his firing arc: he may attack it, at
        range 1 (3 dice: 2 and the range bonus); a Green Squadron Pilot touching it can't
        (rulebook (1e): ships touching cannot attack each other)."""
        sc, a, d = self._touching("1e-awing-arvelcrynyd")
        game = engage(sc, a, ["hit", "hit", "hit"], ["blank"] * 3)
        declare(game, a, d)
        assert len(rolled(game, a)) == 3
        sc, a, d = self._touching("1e-awing-greensquadronpilot")
        game = sc.at(Engage(a))
        assert game.decision is None or not any(
            o.info and o.info.get("defender") == d for o in game.decision.options)

    def test_only_weapons_reaching_range_1(self):
        """Touching is range 1 (ruling): with a target lock on the TIE he touches, his
        Concussion Missiles (range 2-3) are not offered against it, his primary weapon is."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-awing-arvelcrynyd", at=(400, 300, 0), contacts=("p2.1",),
                    upgrades=["1e-concussionmissiles"], locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 342, 180), contacts=("p1.1",))
        game = sc.at(Engage(a))
        weapons = {o.info["weapon"] for o in game.decision.options
                   if o.info and o.info.get("defender") == d}
        assert weapons == {"primary:front"}

    def test_not_outside_his_arc(self):
        """The TIE touches his base from behind: not in his firing arc, no attack."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-awing-arvelcrynyd", at=(400, 300, 0), contacts=("p2.1",))
        d = sc.ship(ACADEMY, player=2, at=(400, 258, 0), contacts=("p1.1",))
        game = sc.at(Engage(a))
        assert game.decision is None or not any(
            o.info and o.info.get("defender") == d for o in game.decision.options)


# --------------------------------------------------------------------- Chewbacca
class TestChewbacca:
    def test_faceup_card_is_flipped_facedown(self):
        """A critical hit deals Chewbacca a faceup Direct Hit!: it is flipped facedown at
        once, its text not resolved (1 card, not 2 damage); an Outer Rim Smuggler keeps
        it faceup."""
        for pilot, faceup in (("1e-yt1300-chewbacca", False),
                              ("1e-yt1300-outerrimsmuggler", True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0))
            d = sc.ship(pilot, player=2, at=(400, 500, 180), shields=0)
            game = engage(sc, a, ["crit", "blank", "blank"], ["blank"])
            stack_deck(game, 2, ["1e-core-directhit"])
            declare(game, a, d)
            finish(game)
            damage = game.state.ships[d].damage
            assert len(damage) == 1 and damage[0].faceup is faceup

    def test_faq_injured_pilot_too(self):
        """FAQ (1e), Chewbacca: any faceup card dealt to him is flipped facedown without
        resolving, Injured Pilot included."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship("1e-yt1300-chewbacca", player=2, at=(400, 500, 180), shields=0)
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank"])
        stack_deck(game, 2, ["1e-core-injuredpilot"])
        declare(game, a, d)
        finish(game)
        assert [c.faceup for c in game.state.ships[d].damage] == [False]

    def test_faq_a_card_flipped_faceup_is_not_dealt(self):
        """FAQ (1e), Chewbacca: a damage card flipped faceup by an ability is not "dealt":
        his ability does not flip it back."""
        from tallon.engine.effects import expose_damage

        sc = Scene(ruleset="1e")
        d = sc.ship("1e-yt1300-chewbacca", at=(400, 300, 0),
                    damage=[DamageCard("1e-core-consolefire", False, 1)])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        expose_damage(game, game.state.ships[d], 1)
        pass_all(game)
        assert game.state.ships[d].damage[0].faceup


# -------------------------------------------------------------- Lando Calrissian
class TestLandoCalrissian:
    def _scene(self, dial_friend_range=(450, 420, 0)):
        sc = Scene(ruleset="1e")
        lando = sc.ship("1e-yt1300-landocalrissian", at=(300, 300, 0))
        friend = sc.ship(ROOKIE, at=dial_friend_range)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        return sc, lando, friend

    def test_green_maneuver_gives_a_friend_a_free_action(self):
        """Lando (a large base) executes a green 1 straight; the X-wing beside where he
        ends (range 1) may perform a free focus action."""
        sc, lando, friend = self._scene()
        game = activation(sc, lando, "1FB")
        pass_until(game, "use_ability", lando)
        assert friend in values(game)
        game.answer(friend)
        assert game.decision.kind == "perform_action" and game.decision.ship == friend
        game.answer("focus")
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_not_after_a_white_maneuver(self):
        """A white 2 bank: not green, nothing is offered to the friend."""
        sc, lando, friend = self._scene()
        game = activation(sc, lando, "2BW")
        while game.decision is not None and game.decision.ship != friend and \
                game.decision.kind != "use_ability":
            game.answer("pass" if "pass" in values(game) else values(game)[0])
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_a_friend_beyond_range_1(self):
        """The X-wing is 400 mm away: beyond range 1, Lando has no one to choose."""
        sc, lando, _ = self._scene((700, 420, 0))
        game = activation(sc, lando, "1FB")
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer("pass" if "pass" in values(game) else values(game)[0])
        assert game.decision is None


# ---------------------------------------------------------------------- Han Solo
class TestHanSolo:
    def test_reroll_all_dice(self):
        """Han Solo rolls 2 blanks and a hit and rerolls all three (as many as possible):
        3 hits instead of 1."""
        sc, a, d = duel("1e-yt1300-hansolo", defender=ROOKIE)
        game = engage(sc, a, ["blank", "blank", "hit"], ["blank", "blank"],
                      rerolls=["hit"] * 3)
        declare(game, a, d, "primary:front")
        pick(game, "Han Solo")
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_when_defending(self):
        """Han Solo defends: his ability is for attacking only."""
        sc, a, d = duel("1e-yt1300-hansolo", defender=ROOKIE)
        game = engage(sc, d, ["hit", "hit", "blank"], ["blank", "blank", "blank"])
        declare(game, d, a)
        skip_dice(game, "modify_defense_dice", a)
        assert game.decision is None or not offered(game, "Han Solo")


# ------------------------------------------------------------------- Kath Scarlet
class TestKathScarlet:
    KATH = "1e-firespray31-kathscarlet-galacticempire"

    def test_defender_canceling_a_crit_is_stressed(self):
        """Kath rolls a hit and a crit, the defender 2 evades: both are canceled, the crit
        among them, and the defender receives a stress token."""
        sc, a, d = duel(self.KATH)
        game = engage(sc, a, ["hit", "crit", "blank"], ["evade", "evade", "blank"])
        declare(game, a, d)
        finish(game)
        assert game.state.ships[d].has(Token.STRESS)

    def test_no_stress_when_only_hits_are_canceled(self):
        """One evade cancels the hit only (evades cancel hits first): no stress."""
        sc, a, d = duel(self.KATH)
        game = engage(sc, a, ["hit", "crit", "blank"], ["evade", "blank", "blank"])
        declare(game, a, d)
        finish(game)
        assert not game.state.ships[d].has(Token.STRESS)

    def test_faq_ion_cannon_cancels_are_not_the_defenders(self):
        """FAQ (1e), Kath Scarlet: the critical hits her Ion Cannon cancels do not stress
        the defender."""
        sc, a, d = duel(self.KATH, upgrades=["1e-ioncannon"])
        game = engage(sc, a, ["crit", "crit", "blank"], ["blank"] * 3)
        declare(game, a, d, "1e-ioncannon")
        finish(game)
        ship = game.state.ships[d]
        assert not ship.has(Token.STRESS) and ship.has(Token.ION)


# ---------------------------------------------------------------------- Boba Fett
class TestBobaFett:
    BOBA = "1e-firespray31-bobafett-galacticempire"

    def test_turns_the_dial_to_the_other_bank(self):
        """Boba Fett reveals a 2 bank left; he may execute the 2 bank right instead, and
        ends to the right of where he started."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.BOBA, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = activation(sc, a, "2BW")
        assert game.decision.kind == "choose_maneuver"
        assert "2NW" in values(game)
        game.answer("2NW")
        pass_all(game)
        assert game.state.ships[a].pose.x > 400

    def test_faq_with_navigator_any_bank_of_any_speed(self):
        """FAQ (1e), Boba Fett: with Navigator, revealing a bank he may end on any bank of
        any speed - 2 bank left turned by Navigator to the 3 bank left, then Boba Fett's
        3 bank right."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.BOBA, at=(400, 300, 0), upgrades=["1e-navigator"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = activation(sc, a, "2BW")
        pass_until(game, "use_ability", a)
        game.answer("3BW")
        assert game.decision.kind == "choose_maneuver" and "3NW" in values(game)

    def test_not_for_a_straight(self):
        """A 2 straight is no bank: no other maneuver is offered (a Bounty Hunter gets
        none for a bank either)."""
        for pilot, dial in ((self.BOBA, "2FB"), ("1e-firespray31-bountyhunter", "2BW")):
            sc = Scene(ruleset="1e")
            a = sc.ship(pilot, at=(400, 300, 0))
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = activation(sc, a, dial)
            assert game.decision is None or game.decision.kind != "choose_maneuver"


# ------------------------------------------------------------------ Krassis Trelix
class TestKrassisTrelix:
    def test_rerolls_one_die_with_a_secondary_weapon(self):
        """Krassis fires a Heavy Laser Cannon at range 2: a blank is rerolled into a hit."""
        sc, a, d = duel("1e-firespray31-krassistrelix", upgrades=["1e-heavylasercannon"])
        game = engage(sc, a, ["hit", "blank", "blank", "blank"], ["blank"] * 3,
                      rerolls=["hit"])
        declare(game, a, d, "1e-heavylasercannon")
        pick(game, "Krassis")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_with_the_primary_weapon(self):
        """With the primary weapon nothing is offered."""
        sc, a, d = duel("1e-firespray31-krassistrelix")
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "primary:front")
        assert game.decision is None or not offered(game, "Krassis")


# keep the imports used by scenes above
_ = (load_dice,)
