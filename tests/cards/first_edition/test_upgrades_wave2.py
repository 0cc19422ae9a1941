"""First-edition wave 2 upgrades (talents, cannons, missiles, crew, titles, modifications).
Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y,
player 2 facing it; with small bases the enemy at y = 380 / 490 / 550 is at range 1 / 2 / 3
of a ship at (400, 300). Carriers: Rookie Pilot (X-wing: pilot skill 2, attack 3, agility
2, hull 3, 2 shields; no boost icon), Green Squadron Pilot (A-wing, elite slot, boost icon),
Bounty Hunter (Firespray-31: cannon, bomb, crew, missile slots), Outer Rim Smuggler (YT-1300:
2 crew slots, turret primary weapon), Academy Pilot (TIE fighter: agility 3, hull 3)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, stack_deck
from tests.cards.first_edition.helpers_1e import has_card, neutralized
from tests.cards.helpers import (
    Hurt,
    dice_count,
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
#: range 3 of a large base at (400, 300)
Y3_LARGE = 610.0
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
GREEN = "1e-awing-greensquadronpilot"
HUNTER = "1e-firespray31-bountyhunter"
SMUGGLER = "1e-yt1300-outerrimsmuggler"


def duel(pilot: str = ROOKIE, upgrades=(), defender: str = ACADEMY, range_: int = 2,
         x: float = 400.0, defender_up=(), defender_setup=None, y: float | None = None,
         **setup):
    """The carrier at (400, 300) facing +y, an enemy ahead at ``range_`` (or at ``y``)
    facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(x, y or Y[range_], 180), upgrades=list(defender_up),
                **(defender_setup or {}))
    return sc, a, d


def acting(sc, ship):
    return sc.at(PerformAction(ship, during_activation=True), phase="activation")


# --------------------------------------------------------------------- Daredevil
class TestDaredevil:
    def test_white_turn_then_stress_and_dice_without_boost_icon(self):
        """A Rookie Pilot (no boost icon, no shields) performs Daredevil: a white 1 turn
        left (it ends left of where it was, turned 90 degrees), then a stress token, then
        it rolls 2 attack dice and suffers the hit and the critical hit."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-daredevil"], shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        load_dice(game, ["hit", "crit"])
        game.answer("1e-daredevil:daredevil")
        game.answer("T")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.pose.x < 400 and ship.has(Token.STRESS)
        assert len(ship.damage) == 2

    def test_with_the_boost_icon_no_dice(self):
        """An A-wing has the boost icon: after the turn and the stress, no dice."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-daredevil"], shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        load_dice(game, ["hit", "crit"])
        game.answer("1e-daredevil:daredevil")
        game.answer("Y")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.pose.x > 400 and ship.has(Token.STRESS) and not ship.damage

    def test_not_while_stressed(self):
        """A stressed ship performs no action: Daredevil is not offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-daredevil"], stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        assert game.decision is None or "1e-daredevil:daredevil" not in values(game)

    def test_faq_performed_even_if_it_would_overlap(self):
        """FAQ (1e), Daredevil: it may be performed though the ship would overlap another;
        the overlap is resolved as usual (the ship stops short, touching the other)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-daredevil"])
        b = sc.ship(ROOKIE, at=(345, 370, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        assert "1e-daredevil:daredevil" in values(game)
        game.answer("1e-daredevil:daredevil")
        game.answer("T")
        pass_all(game)
        ship = game.state.ships[a]
        assert b in ship.contacts and ship.has(Token.STRESS)


# ------------------------------------------------------------------- Elusiveness
class TestElusiveness:
    def test_attacker_rerolls_the_chosen_die(self):
        """Defending, the A-wing receives a stress token to make the attacker reroll a hit,
        which comes up blank: 1 hit instead of 2 lands."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(GREEN, player=2, at=(400, 490, 180), upgrades=["1e-elusiveness"])
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3, rerolls=["blank"])
        declare(game, a, d)
        pass_until(game, "modify_attack_dice", d)
        game.answer("1e-elusiveness:reroll=hit")
        skip_dice(game)
        assert game.state.ships[d].has(Token.STRESS)
        assert "1 hit(s)" in neutralized(game)

    def test_not_while_stressed(self):
        """With a stress token the ability cannot be used."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(GREEN, player=2, at=(400, 490, 180), upgrades=["1e-elusiveness"],
                    stress=1)
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert game.decision is None or not offered(game, "Elusiveness")


# --------------------------------------------------------------- Homing Missiles
class TestHomingMissiles:
    def test_evade_tokens_cannot_be_spent(self):
        """With a lock on the TIE, the Firespray fires Homing Missiles (4 dice, range 2):
        the TIE's evade token cannot be spent; 2 hits land. The card is discarded."""
        sc, a, d = duel(HUNTER, ["1e-homingmissiles"], locks=["p2.1"],
                        defender_setup={"evade": 1})
        game = engage(sc, a, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "1e-homingmissiles")
        skip_dice(game, "modify_defense_dice", d)
        assert game.decision is None or not offered(game, "evade")
        finish(game)
        assert "2 hit(s)" in neutralized(game)
        assert not has_card(game, a, "1e-homingmissiles")

    def test_faq_the_lock_is_required_not_spent(self):
        """FAQ (1e), Homing Missiles: the attacker must have a lock on the defender, but
        does not spend it. Without one the weapon cannot be declared."""
        sc, a, d = duel(HUNTER, ["1e-homingmissiles"], locks=["p2.1"])
        game = engage(sc, a, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "1e-homingmissiles")
        finish(game)
        assert game.state.ships[a].locks == ["p2.1"]
        sc, a, d = duel(HUNTER, ["1e-homingmissiles"])
        game = sc.at(Engage(a))
        assert not any(o.info and o.info.get("weapon") == "1e-homingmissiles"
                       for o in game.decision.options)

    def test_evades_spendable_against_other_weapons(self):
        """Against the Firespray's primary weapon the TIE may spend its evade token."""
        sc, a, d = duel(HUNTER, ["1e-homingmissiles"], locks=["p2.1"],
                        defender_setup={"evade": 1})
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, a, d, "primary:front")
        skip_dice(game, "modify_defense_dice", d)
        assert offered(game, "evade")


# ---------------------------------------------------------------- Push the Limit
class TestPushTheLimit:
    def test_free_action_then_stress(self):
        """After its focus action the A-wing may perform a free evade action, then receives
        1 stress token; without the card no free action is offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-pushthelimit"])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        game.answer("focus")
        assert game.decision.kind == "use_ability" and "evade" in values(game)
        game.answer("evade")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.FOCUS) and ship.has(Token.EVADE) and ship.has(Token.STRESS)
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        game.answer("focus")
        assert game.decision is None

    def test_once_per_round(self):
        """The free action is itself an action, but Push the Limit works once per round:
        nothing more is offered after it."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-pushthelimit"])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = acting(sc, a)
        game.answer("focus")
        game.answer("evade")
        assert game.decision is None

    def test_faq_a_free_action_triggers_it(self):
        """FAQ (1e), Push the Limit: free actions (here Turr Phennir's free boost after
        attacking) can trigger it."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-tieinterceptor-turrphennir", at=(400, 300, 0),
                    upgrades=["1e-pushthelimit"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        pick(game, "boost")
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer(values(game)[0])
        assert game.decision is not None and "focus" in values(game)
        game.answer("focus")
        pass_all(game)
        assert game.state.ships[a].has(Token.STRESS)

    def test_faq_only_actions_it_can_perform(self):
        """FAQ (1e), Push the Limit: an action the ship cannot perform (a target lock with
        no enemy in range) is not offered; declining is always possible."""
        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-pushthelimit"])
        sc.ship(ACADEMY, player=2, at=(400, 890, 180))
        game = acting(sc, a)
        game.answer("focus")
        assert "lock" not in values(game) and "decline" in values(game)

    def test_faq_abilities_of_the_free_action_before_the_stress(self):
        """FAQ (1e), Push the Limit: what the free action sets off resolves before the
        stress token. Kath Scarlet with Weapons Engineer: after focus, a free target lock
        on one TIE, Weapons Engineer's second lock - and only then the stress token."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-firespray31-kathscarlet-galacticempire", at=(400, 300, 0),
                    upgrades=["1e-pushthelimit", "1e-weaponsengineer"])
        sc.ship(ACADEMY, player=2, at=(350, 550, 180))
        sc.ship(ACADEMY, player=2, at=(450, 550, 180))
        game = acting(sc, a)
        game.answer("focus")
        game.answer("lock")
        game.answer("p2.1")
        assert game.decision.kind == "use_ability" and "p2.2" in values(game)
        assert not game.state.ships[a].has(Token.STRESS)
        game.answer("p2.2")
        pass_all(game)
        ship = game.state.ships[a]
        assert sorted(ship.locks) == ["p2.1", "p2.2"] and ship.has(Token.STRESS)


# ------------------------------------------------------------------------ Expose
class TestExpose:
    def test_one_more_attack_die_one_fewer_defense_die(self):
        """After the Expose action the X-wing rolls 4 attack dice at range 2 (3 before) and,
        defending, 1 defense die (agility 2 - 1)."""
        sc, a, d = duel(ROOKIE, ["1e-expose"])
        game = acting(sc, a)
        game.answer("1e-expose:expose")
        load_dice(game, ["blank"] * 4, ["blank"] * 3)
        from tallon.scene import start_at

        start_at(game, Engage(a))
        declare(game, a, d)
        finish(game)
        assert len(rolled(game, a)) == 4
        start_at(game, Engage(d))
        load_dice(game, ["blank"] * 3, ["blank"] * 2)
        declare(game, d, a)
        finish(game)
        assert len(rolled(game, a)) == 1

    def test_not_without_the_action(self):
        """Without the action, 3 attack dice at range 2."""
        sc, a, d = duel(ROOKIE, ["1e-expose"])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert len(rolled(game, a)) == 3


# -------------------------------------------------------------------- Ion Cannon
class TestIonCannon:
    def test_hit_deals_1_damage_and_an_ion_token(self):
        """Three hits with the Ion Cannon: the TIE suffers only 1 damage and receives 1 ion
        token; every result is canceled."""
        sc, a, d = duel(HUNTER, ["1e-ioncannon"])
        game = engage(sc, a, ["hit", "hit", "hit"], ["blank"] * 3)
        declare(game, a, d, "1e-ioncannon")
        finish(game)
        ship = game.state.ships[d]
        assert len(ship.damage) == 1 and ship.count(Token.ION) == 1

    def test_miss_does_nothing(self):
        """All canceled by evades: no damage, no ion."""
        sc, a, d = duel(HUNTER, ["1e-ioncannon"])
        game = engage(sc, a, ["hit", "blank", "blank"], ["evade", "blank", "blank"])
        declare(game, a, d, "1e-ioncannon")
        finish(game)
        ship = game.state.ships[d]
        assert not ship.damage and not ship.has(Token.ION)


# ------------------------------------------------------------ Heavy Laser Cannon
class TestHeavyLaserCannon:
    def test_crits_become_hits(self):
        """Two critical hits rolled become hits at once: the TIE is dealt facedown cards."""
        sc, a, d = duel(HUNTER, ["1e-heavylasercannon"])
        game = engage(sc, a, ["crit", "crit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "1e-heavylasercannon")
        finish(game)
        assert "2 hit(s), 0 critical" in neutralized(game)

    def test_faq_rerolled_dice_keep_their_crits(self):
        """FAQ (1e), Heavy Laser Cannon: after the change the dice are modified as usual; a
        die rerolled (with the target lock) into a critical hit stays one."""
        sc, a, d = duel(HUNTER, ["1e-heavylasercannon"], locks=["p2.1"])
        game = engage(sc, a, ["crit", "blank", "blank", "blank"], ["blank"] * 3,
                      rerolls=["crit"])
        declare(game, a, d, "1e-heavylasercannon")
        game.answer("lock:reroll=blank")
        skip_dice(game)
        assert "1 hit(s), 1 critical" in neutralized(game)

    def test_not_at_range_1(self):
        """Range 2-3 only: at range 1 it is not offered."""
        sc, a, _ = duel(HUNTER, ["1e-heavylasercannon"], range_=1)
        game = sc.at(Engage(a))
        assert not any(o.info and o.info.get("weapon") == "1e-heavylasercannon"
                       for o in game.decision.options)


# ------------------------------------------------------------- Assault Missiles
class TestAssaultMissiles:
    def test_hit_damages_each_other_ship_near_the_defender(self):
        """Hit with Assault Missiles: the TIE beside the defender (range 1 of it) suffers 1
        damage; a TIE farther away does not."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=["1e-assaultmissiles"],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        near = sc.ship(ACADEMY, player=2, at=(470, 490, 180))
        far = sc.ship(ACADEMY, player=2, at=(700, 490, 180))
        game = engage(sc, a, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "1e-assaultmissiles")
        finish(game)
        s = game.state.ships
        assert len(s[d].damage) == 1 and len(s[near].damage) == 1 and not s[far].damage
        assert a not in s[a].locks and not has_card(game, a, "1e-assaultmissiles")

    def test_miss_no_splash(self):
        """A miss: nobody suffers damage."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=["1e-assaultmissiles"],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        near = sc.ship(ACADEMY, player=2, at=(470, 490, 180))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, a, d, "1e-assaultmissiles")
        finish(game)
        assert not game.state.ships[near].damage and not game.state.ships[d].damage


# ---------------------------------------------------------------- Stealth Device
class TestStealthDevice:
    def test_one_more_defense_die_and_discarded_when_hit(self):
        """The X-wing with Stealth Device rolls 3 defense dice (agility 2 + 1) and, hit,
        discards the card: its agility is 2 again."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, 490, 180), upgrades=["1e-stealthdevice"])
        game = engage(sc, a, ["hit", "hit"], ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert len(rolled(game, d)) == 3
        assert not has_card(game, d, "1e-stealthdevice")
        assert game.state.ships[d].agility == 2

    def test_kept_when_missed(self):
        """The attack misses: the card stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, 490, 180), upgrades=["1e-stealthdevice"])
        game = engage(sc, a, ["hit", "blank"], ["evade", "blank", "blank"])
        declare(game, a, d)
        finish(game)
        assert has_card(game, d, "1e-stealthdevice") and game.state.ships[d].agility == 3

    def test_faq_other_damage_does_not_discard_it(self):
        """FAQ (1e), Stealth Device: damage from other effects (here the splash of Assault
        Missiles fired at a ship beside it) does not discard it."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=["1e-assaultmissiles"],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        near = sc.ship(ROOKIE, player=2, at=(470, 490, 180), upgrades=["1e-stealthdevice"],
                       shields=0)
        game = engage(sc, a, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "1e-assaultmissiles")
        finish(game)
        assert len(game.state.ships[near].damage) == 1
        assert has_card(game, near, "1e-stealthdevice")


# ----------------------------------------------------------- Mercenary Copilot
class TestMercenaryCopilot:
    def test_hit_to_crit_at_range_3(self):
        """At range 3 a hit becomes a critical hit."""
        sc, a, d = duel(HUNTER, ["1e-mercenarycopilot"], y=Y3_LARGE)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 4)
        declare(game, a, d)
        pick(game, "Mercenary")
        skip_dice(game)
        assert "0 hit(s), 1 critical" in neutralized(game)

    def test_not_at_range_2(self):
        """At range 2 nothing is offered."""
        sc, a, d = duel(HUNTER, ["1e-mercenarycopilot"], range_=2)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert game.decision is None or not offered(game, "Mercenary")

    def test_faq_two_copies_change_two_hits(self):
        """FAQ (1e), Q&A: a ship with two Mercenary Copilots changes two hits to critical
        hits."""
        sc, a, d = duel(SMUGGLER, ["1e-mercenarycopilot", "1e-mercenarycopilot"],
                        y=Y3_LARGE)
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 4)
        declare(game, a, d, "primary:front")
        pick(game, "Mercenary")
        pick(game, "Mercenary")
        skip_dice(game)
        assert "0 hit(s), 2 critical" in neutralized(game)


# keep imports used by some scenes
_ = (Hurt, dice_count, stack_deck)
