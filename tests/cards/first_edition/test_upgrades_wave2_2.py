"""First-edition wave 2 upgrades, continued: crew (Gunner, Luke Skywalker, Chewbacca, Nien
Nunb, Weapons Engineer), Veteran Instincts, Draw Their Fire, the titles and the stat
modifications. Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1 at
y = 0 facing +y, player 2 facing it; with small bases the enemy at y = 380 / 490 / 550 is at
range 1 / 2 / 3 of a ship at (400, 300). Carriers: Outer Rim Smuggler (YT-1300: 2 crew
slots, a turret primary weapon of 2 dice, agility 1, hull 6, 4 shields), Bounty Hunter
(Firespray-31), Rookie Pilot (X-wing, pilot skill 2), Green Squadron Pilot (A-wing)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.cards.first_edition.helpers_1e import has_card
from tests.cards.helpers import (
    Hurt,
    activation,
    engage,
    finish,
    offered,
    pass_all,
    pass_until,
    pick,
    skip_dice,
    values,
)

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
GREEN = "1e-awing-greensquadronpilot"
HUNTER = "1e-firespray31-bountyhunter"
SMUGGLER = "1e-yt1300-outerrimsmuggler"


def neutralized(game) -> list[str]:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"]


def attacks_declared(game, ship) -> int:
    return sum(1 for e in game.log if e["kind"] == "attack" and e.get("ship") == ship
               and " attacks " in e["text"])


# -------------------------------------------------------------------- Gunner
class TestGunner:
    def _scene(self, crew="1e-gunner"):
        sc = Scene(ruleset="1e")
        a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=[crew])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        e = sc.ship(ACADEMY, player=2, at=(250, 490, 180))
        return sc, a, d, e

    def test_a_miss_brings_a_primary_attack(self):
        """The YT-1300 misses; Gunner lets it attack again with its primary weapon (2 dice)
        and the second attack hits."""
        sc, a, d, _ = self._scene()
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3,
                      then=[])
        load_dice(game, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        assert offered(game, "primary")
        game.answer("use")
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        assert game.decision.kind == "bonus_attack"
        declare(game, a, d, "primary:all")
        finish(game)
        assert attacks_declared(game, a) == 2 and game.state.ships[d].damage

    def test_not_after_a_hit(self):
        """The first attack hits: no second attack."""
        sc, a, d, _ = self._scene()
        game = engage(sc, a, ["hit", "hit"], ["blank"] * 3)
        declare(game, a, d)
        finish(game)
        assert attacks_declared(game, a) == 1

    def test_faq_a_separate_attack_at_another_target(self):
        """FAQ (1e), Gunner: a separate attack - another target may be declared (the
        second TIE)."""
        sc, a, d, e = self._scene()
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert any(o.info and o.info.get("defender") == e for o in game.decision.options)
        load_dice(game, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, e, "primary:all")
        finish(game)
        assert attacks_declared(game, a) == 2

    def test_faq_blinded_pilot_misses_and_gunner_fires(self):
        """FAQ (1e), Blinded Pilot (original deck): the ship rolls no attack dice, the
        attack misses, and Gunner may still be used after it."""
        from tallon.engine.state import DamageCard

        sc = Scene(ruleset="1e")
        a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-gunner"],
                    damage=[DamageCard("1e-core-blindedpilot", True, 90)])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, [], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        assert offered(game, "primary")

    def test_faq_tfa_blinded_pilot_no_attack_no_gunner(self):
        """FAQ (1e), Blinded Pilot (The Force Awakens deck): the ship cannot perform
        attacks, so there is no attack for Gunner to follow."""
        from tallon.engine.state import DamageCard

        sc = Scene(ruleset="1e")
        a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-gunner"],
                    damage=[DamageCard("1e-core-tfa-blindedpilot", True, 90)])
        sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.at(Engage(a))
        pass_all(game)
        assert attacks_declared(game, a) == 0

    def test_faq_attack_twice_both_must_miss(self):
        """FAQ (1e), Gunner: with a weapon that attacks twice (Cluster Missiles) both attacks
        must miss: the second hits, no Gunner attack; both miss, Gunner is offered."""
        from tallon.dice import DieKind
        from tallon.scene import faces

        for second, gunner in ((["hit", "hit", "blank"], False), (["blank"] * 3, True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(HUNTER, at=(400, 300, 0), locks=["p2.1"],
                        upgrades=["1e-gunner", "1e-clustermissiles"])
            d = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
            game = sc.at(Engage(a))
            load_dice(game, ["blank"] * 3, ["blank"] * 3,
                      then=faces(DieKind.ATTACK, second) + faces(DieKind.DEFENSE,
                                                                  ["blank"] * 3))
            declare(game, a, d, "1e-clustermissiles")
            while game.decision is not None and not (
                    game.decision.kind == "use_ability" and game.decision.ship == a):
                game.answer("done" if "done" in values(game) else values(game)[0])
            assert sum(1 for e in game.log if e["kind"] == "neutralize") == 2
            assert (game.decision is not None and offered(game, "primary")) is gunner

    def test_no_other_attack_this_round(self):
        """After the Gunner attack the ship cannot attack again this round (another
        engagement finds it unable to attack)."""
        sc, a, d, _ = self._scene()
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        load_dice(game, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d, "primary:all")
        finish(game)
        start_at(game, Engage(a))
        assert game.decision is None or game.decision.kind != "declare_attack"


# -------------------------------------------------------------- Luke Skywalker
class TestLukeSkywalker:
    def test_second_attack_changes_a_focus_to_a_hit(self):
        """The YT-1300 misses; Luke's primary attack rolls a focus and a blank, and he
        changes the focus into a hit."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-lukeskywalker"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        load_dice(game, ["focus", "blank"], ["blank"] * 3)
        declare(game, a, d, "primary:all")
        pick(game, "Luke")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)[-1]

    def test_no_focus_change_in_the_first_attack(self):
        """In the ship's own attack Luke changes nothing."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-lukeskywalker"])
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        assert game.decision is None or not offered(game, "Luke")


# ------------------------------------------------------------- Draw Their Fire
class TestDrawTheirFire:
    def _scene(self, x=460.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 700, 180))
        d = sc.ship(ROOKIE, at=(400, 500, 0), shields=0)
        guard = sc.ship(ROOKIE, at=(x, 500, 0), upgrades=["1e-drawtheirfire"], shields=0)
        return sc, a, d, guard

    def test_suffers_a_critical_hit_instead(self):
        """The X-wing beside the defender (range 1) suffers one of the 2 uncanceled
        critical hits: each ship is dealt 1 faceup card."""
        sc, a, d, guard = self._scene()
        game = engage(sc, a, ["crit", "crit", "blank"], ["blank", "blank"])
        declare(game, a, d)
        pass_until(game, "use_ability", guard)
        game.answer("use")
        finish(game)
        s = game.state.ships
        assert len(s[d].damage) == 1 and len(s[guard].damage) == 1

    def test_the_defender_was_still_hit(self):
        """Ruling: the result is suffered instead of the defender, not canceled - the
        defender was hit. Its only critical hit taken by the guard, the defender still
        discards its Stealth Device (discarded when hit by an attack)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 700, 180))
        d = sc.ship(ROOKIE, at=(400, 500, 0), shields=0, upgrades=["1e-stealthdevice"])
        guard = sc.ship(ROOKIE, at=(460, 500, 0), upgrades=["1e-drawtheirfire"], shields=0)
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", guard)
        game.answer("use")
        finish(game)
        s = game.state.ships
        assert not s[d].damage and len(s[guard].damage) == 1
        assert not has_card(game, d, "1e-stealthdevice")

    def test_not_for_hits_nor_beyond_range_1(self):
        """Only critical hits can be taken (two hits: nothing offered), and only for a
        friend at range 1 (a guard 300 mm away: nothing offered)."""
        sc, a, d, guard = self._scene()
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank", "blank"])
        declare(game, a, d)
        finish(game)
        assert len(game.state.ships[d].damage) == 2 and not game.state.ships[guard].damage
        sc, a, d, guard = self._scene(x=700.0)
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank", "blank"])
        declare(game, a, d)
        finish(game)
        assert not game.state.ships[guard].damage

    def test_faq_not_damage_outside_an_attack(self):
        """FAQ (1e), Draw Their Fire: critical damage that is not from an attack (here 1
        critical damage suffered by some effect) cannot be taken."""
        sc, _, d, guard = self._scene()
        game = sc.at(Hurt(d, hits=0, crits=1))
        pass_all(game)
        assert len(game.state.ships[d].damage) == 1 and not game.state.ships[guard].damage


# ------------------------------------------------------------- Chewbacca (crew)
class TestChewbaccaCrew:
    def test_discards_the_damage_card_and_recovers_a_shield(self):
        """Without shields the YT-1300 is dealt a card: Chewbacca discards it, a shield is
        recovered, and the card Chewbacca is discarded."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        d = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-chewbacca"], shields=0)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"])
        declare(game, a, d)
        pass_until(game, "replacement", d)
        game.answer("use")
        finish(game)
        ship = game.state.ships[d]
        assert not ship.damage and ship.shields == 1
        assert not has_card(game, d, "1e-chewbacca")

    def test_declined_the_card_is_dealt(self):
        """Declining, the card is dealt as usual and Chewbacca stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        d = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-chewbacca"], shields=0)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"])
        declare(game, a, d)
        pass_until(game, "replacement", d)
        game.answer("decline")
        finish(game)
        assert len(game.state.ships[d].damage) == 1 and has_card(game, d, "1e-chewbacca")

    def test_faq_looks_at_the_card_first(self):
        """FAQ (1e), Chewbacca: dealt a critical damage, the player may look at the card
        before choosing: the question names it."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        d = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-chewbacca"], shields=0)
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank"])
        stack_deck(game, 1, ["1e-core-directhit"])
        declare(game, a, d)
        pass_until(game, "replacement", d)
        assert offered(game, "Direct Hit!")

    def test_faq_prevents_the_last_damage(self):
        """FAQ (1e), Chewbacca: about to suffer the damage that would destroy the ship, it
        may discard that card: the ship survives with a shield."""
        from tallon.engine.state import DamageCard

        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        d = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-chewbacca"], shields=0,
                    damage=[DamageCard("1e-core-consolefire", False, 90 + k)
                            for k in range(5)])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"])
        declare(game, a, d)
        pass_until(game, "replacement", d)
        game.answer("use")
        finish(game)
        ship = game.state.ships[d]
        assert not ship.destroyed and ship.shields == 1 and len(ship.damage) == 5


# -------------------------------------------------------------------- Nien Nunb
class TestNienNunb:
    def test_white_straight_is_green(self):
        """A stressed YT-1300 executes a white 2 straight, green with Nien Nunb: the stress
        token is removed (without him it stays)."""
        for crew, stressed in (["1e-niennunb"], False), ([], True):
            sc = Scene(ruleset="1e")
            a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=crew, stress=1)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            game = activation(sc, a, "2FW")
            pass_all(game)
            assert game.state.ships[a].has(Token.STRESS) is stressed

    def test_faq_ionized_white_1_straight_is_green(self):
        """FAQ (1e), Nien Nunb: an ionized ship's white 1 straight is green with him: the
        stress token is removed."""
        for crew, stressed in (["1e-niennunb"], False), ([], True):
            sc = Scene(ruleset="1e")
            a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=crew, stress=1, ion=1)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            game = sc.game()
            from tallon.engine.rounds import Activate

            start_at(game, Activate(a), phase="activation")
            pass_all(game)
            ship = game.state.ships[a]
            assert ship.has(Token.STRESS) is stressed and not ship.has(Token.ION)

    def test_not_a_turn(self):
        """A white 2 turn stays white: the stress token stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=["1e-niennunb"], stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = activation(sc, a, "2TW")
        pass_all(game)
        assert game.state.ships[a].has(Token.STRESS)


# ------------------------------------------------------------ Weapons Engineer
class TestWeaponsEngineer:
    def _scene(self, crew=("1e-weaponsengineer",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=list(crew))
        sc.ship(ACADEMY, player=2, at=(350, 550, 180))
        sc.ship(ACADEMY, player=2, at=(450, 550, 180))
        return sc, a

    def test_locks_two_ships(self):
        """A target lock action on one TIE, then a second lock on the other: both kept."""
        sc, a = self._scene()
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("lock")
        game.answer("p2.1")
        assert values(game) == ["p2.2", "decline"]
        game.answer("p2.2")
        pass_all(game)
        assert sorted(game.state.ships[a].locks) == ["p2.1", "p2.2"]

    def test_without_the_card_one_lock(self):
        """Without Weapons Engineer, one lock and nothing more is offered."""
        sc, a = self._scene(crew=())
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("lock")
        game.answer("p2.1")
        assert game.decision is None and game.state.ships[a].locks == ["p2.1"]

    KAGI = "1e-lambdaclassshuttle-captainkagi"

    def test_faq_kagi_the_second_lock_must_be_on_kagi(self):
        """A B-wing with Fire-Control System and Weapons Engineer attacks a TIE while
        Captain Kagi is at Range 2-3. FAQ (1e), Captain Kagi: Fire-Control System's lock
        goes on the defender, and "its second target lock must be acquired on Captain
        Kagi". Expected: after the first lock (on the TIE) the second lock offers Kagi
        only, not the other TIE at Range 2."""
        sc = Scene(ruleset="1e")
        b = sc.ship("1e-bwing-bluesquadronpilot", at=(400, 300, 0),
                    upgrades=["1e-firecontrolsystem", "1e-weaponsengineer"])
        tie = sc.ship(ACADEMY, player=2, at=(400, 450, 180))
        other = sc.ship(ACADEMY, player=2, at=(520, 520, 180))
        kagi = sc.ship(self.KAGI, player=2, at=(200, 600, 180))
        game = engage(sc, b, ["blank"] * 3, ["blank"] * 3)
        declare(game, b, tie)
        pass_until(game, "use_ability", b)
        game.answer("use")
        assert game.state.ships[b].locks == [tie]
        pass_until(game, "use_ability", b)
        assert other not in values(game) and kagi in values(game)
        game.answer(kagi)
        assert sorted(game.state.ships[b].locks) == sorted([tie, kagi])

    def test_faq_kagi_locked_no_second_lock_elsewhere(self):
        """The Firespray with Weapons Engineer performs a target lock action with a TIE at
        Range 2 and Captain Kagi in range. FAQ (1e), Captain Kagi: the lock must be on Kagi,
        and a ship with a lock on Kagi cannot lock a different ship while in range of him.
        Expected: the action locks Kagi and no second lock is offered."""
        sc, a = self._scene()
        kagi = sc.ship(self.KAGI, player=2, at=(200, 600, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("lock")
        assert values(game) == [kagi]
        game.answer(kagi)
        assert game.decision is None or not {"p2.1", "p2.2"} & set(values(game))
        assert game.state.ships[a].locks == [kagi]


# ------------------------------------------------------------ Veteran Instincts
class TestVeteranInstincts:
    def test_pilot_skill_plus_2(self):
        """A Green Squadron Pilot (pilot skill 3) with Veteran Instincts has pilot skill 5;
        without it, 3."""
        for upgrades, skill in ((["1e-veteraninstincts"], 5), ([], 3)):
            sc = Scene(ruleset="1e")
            a = sc.ship(GREEN, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            game = sc.game()
            assert game.state.ships[a].current_initiative == skill


    def test_faq_altered_pilot_skill_most_recent_applies(self):
        """FAQ (1e), Altered Pilot Skill: a Green Squadron Pilot with Veteran Instincts is at
        5; with a faceup Damaged Cockpit (dealt in an earlier round) it is at 0 from the
        next round, not 2."""
        from tallon.engine.queue import FireWindow
        from tallon.engine.state import DamageCard

        sc = Scene(ruleset="1e")
        a = sc.ship(GREEN, at=(400, 300, 0), upgrades=["1e-veteraninstincts"],
                    damage=[DamageCard("1e-core-damagedcockpit", True, 90)])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships[a].current_initiative == 5
        start_at(game, FireWindow.of("start_round"), phase="planning")
        pass_all(game)
        assert game.state.ships[a].current_initiative == 0


# -------------------------------------------------------- titles, modifications
class TestSlaveI:
    def test_adds_a_torpedo_slot(self):
        """With Slave I, Boba Fett's squad may equip Proton Torpedoes; without it his
        upgrade bar has no torpedo icon and the squad is refused."""
        from tallon.squads.legality_1e import check_squad_1e
        from tallon.squads.xws_1e import read_xws_1e

        for upgrades, legal in (({"title": ["slavei"], "torpedo": ["protontorpedoes"]}, True),
                                ({"torpedo": ["protontorpedoes"]}, False)):
            found = read_xws_1e({"faction": "imperial", "pilots": [
                {"name": "bobafett", "ship": "firespray31", "upgrades": upgrades}]})
            report = check_squad_1e(found.squad, errors=found.errors)
            assert (not report.errors) is legal


class TestMillenniumFalcon:
    def test_evade_action(self):
        """The YT-1300 with the title may perform the evade action; without it, not."""
        for upgrades, has in ((["1e-millenniumfalcon"], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(SMUGGLER, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("evade" in values(game)) is has


class TestShieldUpgrade:
    def test_one_more_shield(self):
        """An X-wing (2 shields) with Shield Upgrade has 3."""
        for upgrades, shields in ((["1e-shieldupgrade"], 3), ([], 2)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            ship = sc.game().state.ships[a]
            assert ship.shields == ship.shield_limit == shields


class TestEngineUpgrade:
    def test_boost_action(self):
        """An X-wing with Engine Upgrade may boost; without it, not."""
        for upgrades, has in ((["1e-engineupgrade"], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("boost" in values(game)) is has
