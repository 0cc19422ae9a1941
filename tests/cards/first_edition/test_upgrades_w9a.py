"""First-edition upgrades of the Auzituck Gunship, TIE Aggressor, Scurrg H-6 Bomber, Guns
for Hire and Alpha-class Star Wing expansion packs: secondary weapons, talents, crew and the
Harpooned! condition. Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1
at y = 300 facing +y, player 2 facing it; with small bases an enemy at y = 380 / 490 / 550
is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.conditions import has_condition
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice, stack_deck, start_at
from tests.cards.first_edition.helpers_1e import ever_offers, neutralized
from tests.cards.helpers import Hurt, engage, modify_with, offers, pass_all, pass_until, values
from tests.rules.attack_helpers import dice_counts, rolls

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
AGGRESSOR = "1e-tieaggressor-onyxsquadronescort"
AUZITUCK = "1e-auzituckgunship-kashyyykdefender"
STARWING = "1e-alphaclassstarwing-rhosquadronveteran"
ACADEMY = "1e-tiefighter-academypilot"


def duel(pilot: str = ROOKIE, upgrades=(), defender: str = ROOKIE, range_: int = 2,
         heading: float = 180, **setup):
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], heading))
    return sc, a, d


def declarable(game, weapon: str) -> bool:
    d = game.decision
    return d is not None and any((o.info or {}).get("weapon") == weapon for o in d.options)


# ------------------------------------------------------------- Unguided Rockets
class TestUnguidedRockets:
    ROCKETS = "1e-unguidedrockets"

    def test_needs_a_focus_token_it_does_not_spend(self):
        """With a focus token the Aggressor may attack with the rockets (3 dice); the
        token is not spent by the attack. Without one the rockets can't be declared."""
        sc, a, d = duel(AGGRESSOR, [self.ROCKETS], focus=1)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        assert declarable(game, self.ROCKETS)
        declare(game, a, d, self.ROCKETS)
        assert game.state.ships[a].has(Token.FOCUS)
        pass_all(game)
        assert dice_counts(game, a, d) == (3, 2)
        sc, a, d = duel(AGGRESSOR, [self.ROCKETS])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        assert not declarable(game, self.ROCKETS)

    def test_only_the_focus_token_modifies_its_dice(self):
        """Attacking with the rockets with a focus token and a lock: only the focus token's
        change is offered (the lock's reroll is not); with the primary weapon both are."""
        sc, a, d = duel(AGGRESSOR, [self.ROCKETS], focus=1, locks=["p2.1"])
        game = engage(sc, a, ["focus", "blank", "hit"], ["blank"] * 2)
        declare(game, a, d, self.ROCKETS)
        pass_until(game, "modify_attack_dice", a)
        assert offers(game, "focus") and not offers(game, "lock")
        sc, a, d = duel(AGGRESSOR, [self.ROCKETS], focus=1, locks=["p2.1"])
        game = engage(sc, a, ["focus", "blank"], ["blank"] * 2)
        declare(game, a, d, "primary:front")
        pass_until(game, "modify_attack_dice", a)
        assert offers(game, "focus") and offers(game, "lock")


# ----------------------------------------------------------------- Synced Turret
class TestSyncedTurret:
    SYNCED = "1e-syncedturret"

    def test_lock_required_not_spent_rerolls_in_front_arc(self):
        """With a lock on the X-wing ahead, the Aggressor attacks with the turret (3 dice,
        Range 1-2): the lock is kept and he may reroll up to 2 attack dice (primary value
        2)."""
        sc, a, d = duel(AGGRESSOR, [self.SYNCED], locks=["p2.1"])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2, rerolls=["hit", "hit"])
        declare(game, a, d, self.SYNCED)
        assert d in game.state.ships[a].locks
        pass_until(game, "modify_attack_dice", a)
        keys = [o.key for o in game.decision.options
                if (o.info or {}).get("source") == self.SYNCED]
        assert any("blank,blank" in str(k) for k in keys)
        assert not any("blank,blank,blank" in str(k) for k in keys)

    def test_no_lock_no_attack(self):
        """Without a lock the turret can't be declared."""
        sc, a, _d = duel(AGGRESSOR, [self.SYNCED])
        game = engage(sc, a, ["blank"] * 2, ["blank"] * 2)
        assert not declarable(game, self.SYNCED)

    def test_outside_the_primary_arc_no_reroll(self):
        """The X-wing is behind the Aggressor: the turret reaches it, but no reroll is
        offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(AGGRESSOR, at=(400, 300, 180), upgrades=[self.SYNCED], locks=["p2.1"])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game, a, d, self.SYNCED)
        assert not ever_offers(game, self.SYNCED)


# ------------------------------------------------------------- Wookiee Commandos
class TestWookieeCommandos:
    WOOKIEES = "1e-wookieecommandos"

    def test_rerolls_focus_results_attacking(self):
        """The Auzituck rolls focus, focus, blank: the commandos reroll both focus results
        (not the blank)."""
        sc, a, d = duel(AUZITUCK, [self.WOOKIEES])
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 2,
                      rerolls=["hit", "hit"])
        declare(game, a, d)
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.WOOKIEES, "reroll 2 focus")
        pass_all(game)
        assert "2 hit(s)" in neutralized(game)
        sc, a, d = duel(AUZITUCK)
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 2)
        declare(game, a, d)
        pass_all(game)
        assert "hit(s)" not in neutralized(game) or "0 hit(s)" in neutralized(game)

    def test_not_defending(self):
        """Defending, the commandos offer nothing."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(AUZITUCK, player=2, at=(400, Y[2], 180), upgrades=[self.WOOKIEES])
        game = engage(sc, a, ["focus", "hit", "hit"], ["focus"])
        declare(game, a, d)
        assert not ever_offers(game, self.WOOKIEES)


# --------------------------------------------------------------------- Intensity
class TestIntensity:
    INTENSITY = "1e-intensity"

    def _boosted(self, action="barrel_roll"):
        sc = Scene(ruleset="1e")
        s = sc.ship(AGGRESSOR, at=(400, 300, 0), upgrades=[self.INTENSITY])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        game.answer(next(k for k in values(game) if str(k).startswith(action)))
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer(game.decision.options[0].key)
        return game, s

    def side(self, game, s) -> int:
        return next(side for kind, card, side in game.state.ships[s].cards
                    if card == self.INTENSITY)

    def test_barrel_roll_then_a_token_and_the_card_flips(self):
        """After a barrel roll the Aggressor takes an evade token and Intensity flips to
        its Exhausted side."""
        game, s = self._boosted()
        assert game.decision.kind == "use_ability"
        game.answer("evade")
        assert game.state.ships[s].has(Token.EVADE) and self.side(game, s) == 1

    def test_not_after_a_focus_action(self):
        """A focus action: nothing offered, the card stays."""
        game, s = self._boosted("focus")
        assert game.decision is None
        assert self.side(game, s) == 0

    def test_exhausted_flips_back_by_spending_a_token(self):
        """At the end of the Combat phase the exhausted card flips back for a focus token;
        the token is spent. Declined, it stays exhausted."""
        for answer, side, focus in (("focus", 0, False), ("decline", 1, True)):
            game, s = self._boosted()
            game.answer("focus")
            game.state.ships[s].tokens[Token.FOCUS] = 1
            start_at(game, FireWindow.of("end_engagement"))
            assert game.decision.kind == "use_ability"
            game.answer(answer)
            assert self.side(game, s) == side
            assert game.state.ships[s].has(Token.FOCUS) == focus


# ------------------------------------------------------------------ Selflessness
class TestSelflessness:
    SELFLESS = "1e-selflessness"

    def _scene(self, friend_x=460.0):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        f = sc.ship(ROOKIE, player=2, at=(friend_x, Y[2] + 20, 180), upgrades=[self.SELFLESS])
        game = engage(sc, a, ["hit", "hit", "crit"], ["blank", "blank"])
        declare(game, a, d)
        return game, d, f

    def test_suffers_the_hits_instead(self):
        """The friend at Range 1 discards Selflessness and suffers the 2 hits; the
        defender suffers only the critical hit (1 of its 2 shields)."""
        game, d, f = self._scene()
        pass_until(game, "use_ability", f)
        game.answer("use")
        pass_all(game)
        assert game.state.ships[f].shields == 0
        assert game.state.ships[d].shields == 1
        assert "1e-selflessness" not in game.state.ships[f].upgrades

    def test_not_beyond_range_1(self):
        """The friend is at Range 3: the defender suffers all 3."""
        game, d, _f = self._scene(friend_x=700.0)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert game.state.ships[d].shields == 0 and len(game.state.ships[d].damage) == 1


# ------------------------------------------------------------- Breach Specialist
class TestBreachSpecialist:
    BREACH = "1e-breachspecialist"

    def _crits(self, reinforce=1):
        sc = Scene(ruleset="1e")
        s = sc.ship(AUZITUCK, at=(400, 300, 0), upgrades=[self.BREACH], shields=0,
                    reinforce_fore=reinforce)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        stack_deck(game, 1, ["1e-core-directhit", "1e-core-directhit"])
        start_at(game, Hurt(s, hits=0, crits=1), Hurt(s, hits=0, crits=1),
                 phase="activation")
        return game, s

    def test_reinforce_flips_it_facedown_for_the_round(self):
        """A critical hit deals a faceup card: he spends his reinforce token and it is
        dealt facedown; a second critical hit that round is facedown as well."""
        game, s = self._crits()
        assert game.decision.kind == "replacement"
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[s]
        assert len(ship.damage) == 2 and not any(c.faceup for c in ship.damage)
        assert not ship.has(Token.REINFORCE_FORE)

    def test_declined_faceup(self):
        """Declined: both cards are faceup."""
        game, s = self._crits()
        game.answer("decline")
        pass_all(game)
        assert sum(c.faceup for c in game.state.ships[s].damage) == 2

    def test_not_without_reinforce(self):
        """No reinforce token: nothing offered, faceup cards."""
        game, s = self._crits(reinforce=0)
        kinds = pass_all(game)
        assert "replacement" not in kinds
        assert all(c.faceup for c in game.state.ships[s].damage)


# ---------------------------------------------------------------- Cruise Missiles
class TestCruiseMissiles:
    CRUISE = "1e-cruisemissiles"

    def _attack(self, speed):
        sc, a, d = duel(STARWING, [self.CRUISE], locks=["p2.1"], executed_speed=speed)
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 2)
        declare(game, a, d, self.CRUISE)
        return game, a, d

    def test_speed_adds_dice_and_the_card_is_discarded(self):
        """After a speed 3 maneuver the Star Wing rolls 1 + 3 dice (the lock is kept); the
        card is discarded. Declined: 1 die."""
        game, a, d = self._attack(3)
        assert d in game.state.ships[a].locks
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert dice_counts(game, a, d)[0] == 4
        assert self.CRUISE not in game.state.ships[a].upgrades
        game, a, d = self._attack(3)
        pass_until(game, "use_ability", a)
        game.answer("decline")
        pass_all(game)
        assert dice_counts(game, a, d)[0] == 1

    def test_at_most_four(self):
        """After a speed 5 maneuver: 1 + 4 dice."""
        game, a, d = self._attack(5)
        pass_until(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert dice_counts(game, a, d)[0] == 5

    def test_no_maneuver_no_extra_dice(self):
        """No maneuver executed this round: nothing offered."""
        game, _a, _d = self._attack(None)
        assert "use_ability" not in pass_all(game)


# --------------------------------------------------------------- Harpoon Missiles
class TestHarpoonMissiles:
    HARPOON = "1e-harpoonmissiles"

    def test_hit_assigns_harpooned(self):
        """The missiles hit: the defender is assigned Harpooned!; a miss assigns nothing."""
        for dice, hooked in ((["hit"] * 4, True), (["blank"] * 4, False)):
            sc, a, d = duel(STARWING, [self.HARPOON], locks=["p2.1"])
            game = engage(sc, a, dice, ["blank"] * 2)
            declare(game, a, d, self.HARPOON)
            pass_all(game)
            assert has_condition(game.state.ships[d], "1e-harpooned") is hooked
            assert self.HARPOON not in game.state.ships[a].upgrades


class TestHarpooned:
    HARPOONED = "1e-harpooned"

    def _scene(self):
        from tallon.engine.state import ConditionCard

        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        near = sc.ship(ROOKIE, player=2, at=(445, Y[2] + 20, 180))
        game = sc.game()
        game.state.ships[d].conditions = (ConditionCard(self.HARPOONED, 1, True),)
        return sc, game, a, d, near

    def test_crit_hurts_the_ships_at_range_1(self):
        """The harpooned X-wing is hit with a critical hit: the other X-wing at Range 1
        suffers 1 damage, the condition is discarded and the defender receives 1 more
        facedown damage card."""
        _sc, game, a, d, near = self._scene()
        start_at(game, Engage(a))
        load_dice(game, ["crit", "blank", "blank"], ["blank", "blank"])
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[near].shields == 1
        ship = game.state.ships[d]
        assert not has_condition(ship, self.HARPOONED)
        assert ship.shields == 1 and len(ship.damage) == 1

    def test_hit_without_crit_nothing(self):
        """Only hit results: the other X-wing is untouched, the condition stays."""
        _sc, game, a, d, near = self._scene()
        start_at(game, Engage(a))
        load_dice(game, ["hit", "blank", "blank"], ["blank", "blank"])
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[near].shields == 2
        assert has_condition(game.state.ships[d], self.HARPOONED)

    def test_action_discards_and_rolls(self):
        """The harpooned ship's action: the condition is discarded, it rolls a hit and
        suffers 1 damage."""
        _sc, game, _a, d, _near = self._scene()
        load_dice(game, ["hit"])
        start_at(game, PerformAction(d, during_activation=True), phase="activation")
        game.answer(next(k for k in values(game) if "1e-harpooned" in str(k)))
        pass_all(game)
        ship = game.state.ships[d]
        assert not has_condition(ship, self.HARPOONED) and ship.shields == 1

    def test_destroyed_hurts_the_ships_at_range_1(self):
        """The harpooned X-wing is destroyed: the other X-wing suffers 1 damage."""
        _sc, game, _a, d, near = self._scene()
        game.state.ships[d].shields = 0
        game.state.ships[d].hull = 1
        start_at(game, Hurt(d), phase="activation")
        pass_all(game)
        assert game.state.ships[near].shields == 1


# ----------------------------------------------------------------- Jamming Beam
class TestJammingBeam:
    BEAM = "1e-jammingbeam"

    def test_hit_jams_instead_of_damage(self):
        """The beam hits: the X-wing is assigned a jam token and suffers no damage."""
        sc, a, d = duel(ROOKIE, [self.BEAM])
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 2)
        declare(game, a, d, self.BEAM)
        pass_all(game)
        ship = game.state.ships[d]
        assert ship.has(Token.JAM) and ship.shields == 2

    def test_miss_nothing(self):
        """A miss: no jam token."""
        sc, a, d = duel(ROOKIE, [self.BEAM])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
        declare(game, a, d, self.BEAM)
        pass_all(game)
        assert not game.state.ships[d].has(Token.JAM)


# ---------------------------------------------------------------- Linked Battery
class TestLinkedBattery:
    LINKED = "1e-linkedbattery"

    def test_primary_attack_rerolls_one(self):
        """A primary attack: 1 attack die may be rerolled."""
        sc, a, d = duel(ROOKIE, [self.LINKED])
        game = engage(sc, a, ["blank", "hit", "hit"], ["blank"] * 2, rerolls=["hit"])
        declare(game, a, d)
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.LINKED)
        pass_all(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_with_a_missile(self):
        """Attacking with Unguided Rockets (a missile): not offered."""
        sc, a, d = duel(ROOKIE, [self.LINKED, "1e-unguidedrockets"], focus=1)
        game = engage(sc, a, ["blank", "hit", "hit"], ["blank"] * 2)
        declare(game, a, d, "1e-unguidedrockets")
        assert not ever_offers(game, self.LINKED)


# --------------------------------------------------------------- Saturation Salvo
class TestSaturationSalvo:
    SALVO = "1e-saturationsalvo"

    def test_missed_missile_hurts_low_agility_ships_near_the_defender(self):
        """Cruise Missiles (3 points) miss the X-wing (agility 2): the X-wing and its
        neighbour at Range 1 (agility 2 < 3) each roll 1 attack die (hits): each loses a
        shield. A TIE Fighter there (agility 3) rolls nothing."""
        sc = Scene(ruleset="1e")
        a = sc.ship(STARWING, at=(400, 300, 0), upgrades=["1e-cruisemissiles", self.SALVO],
                    locks=["p2.1"])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        near = sc.ship(ROOKIE, player=2, at=(445, Y[2] + 20, 180))
        tie = sc.ship(ACADEMY, player=2, at=(355, Y[2] + 20, 180))
        game = engage(sc, a, ["blank"], ["blank"] * 2,
                      then=faces(DieKind.ATTACK, ["hit", "hit"]))
        declare(game, a, d, "1e-cruisemissiles")
        pass_all(game)
        ships = game.state.ships
        assert ships[d].shields == 1 and ships[near].shields == 1
        assert len(rolls(game, tie)) == 0 or all(len(r) != 1 for r in rolls(game, tie))

    def test_not_after_a_primary_attack(self):
        """A primary attack that misses: no roll."""
        sc = Scene(ruleset="1e")
        a = sc.ship(STARWING, at=(400, 300, 0), upgrades=[self.SALVO])
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 2, ["blank"] * 2)
        declare(game, a, d)
        pass_all(game)
        assert game.state.ships[d].shields == 2
        assert len(rolls(game)) == 2

