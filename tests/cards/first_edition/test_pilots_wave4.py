"""First-edition wave 4 pilots (Imperial Aces, Z-95 Headhunter, TIE Defender, E-wing, TIE
Phantom, Rebel Aces). Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1
at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm put a ship
ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, stack_deck
from tests.cards.first_edition.helpers_1e import ACADEMY, ROOKIE, Y, attack_to_end, neutralized
from tests.cards.first_edition.helpers_1e import duel as duel_1e
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

ALPHA = "1e-tieinterceptor-alphasquadronpilot"
BANDIT = "1e-z95headhunter-banditsquadronpilot"


def duel(pilot: str, defender: str = ACADEMY, range_: int = 2, upgrades=(), **setup):
    """helpers_1e.duel with this file's usual enemy, an Academy Pilot."""
    return duel_1e(pilot, defender, range_, upgrades, **setup)


# ------------------------------------------------------------ Lieutenant Lorrir
class TestLieutenantLorrir:
    LORRIR = "1e-tieinterceptor-lieutenantlorrir"

    def _roll(self, pilot, blocker_at=None):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        if blocker_at is not None:
            sc.ship(ALPHA, at=blocker_at)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        return game, a

    def test_bank_barrel_roll_for_a_stress_token(self):
        """Lorrir barrel rolls right with the [1 bank] curving forward: he receives 1 stress
        token and ends to the right, turned 45 degrees."""
        game, a = self._roll(self.LORRIR)
        game.answer("right:bank_forward")
        game.answer("middle")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.count(Token.STRESS) == 1
        assert ship.pose.x > 440 and round(ship.pose.heading) == 315

    def test_straight_roll_costs_nothing(self):
        """With the usual [1 straight] template: no stress, facing unchanged; an Alpha
        Squadron Pilot is offered no bank template."""
        game, a = self._roll(self.LORRIR)
        game.answer("right")
        pass_all(game)
        ship = game.state.ships[a]
        assert not ship.stressed and round(ship.pose.heading) == 0
        game, a = self._roll(ALPHA)
        assert not any("bank" in key for key in values(game))

    def test_faq_only_rolls_that_can_be_placed(self):
        """FAQ (1e), Lieutenant Lorrir: he must roll as declared if he can; a roll that
        cannot be placed (a friendly ship where the right-forward bank would put him) is
        not declared, the others are offered."""
        game, _a = self._roll(self.LORRIR, blocker_at=(500, 350, 315))
        keys = set(values(game))
        assert "right:bank_forward" not in keys and "left:bank_forward" in keys


# ---------------------------------------------------------------- Tetran Cowall
class TestTetranCowall:
    TETRAN = "1e-tieinterceptor-tetrancowall"

    def _k_turn(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return sc, a

    def test_k_turn_at_speed_1_3_or_5(self):
        """Tetran reveals his red 3 Koiogran-Turn: he may execute it at speed 1 or 5
        instead; at speed 5 he ends farther ahead (and still stressed: it stays red)."""
        sc, a = self._k_turn(self.TETRAN)
        game = activation(sc, a, "3KR")
        assert game.decision.kind == "choose_maneuver"
        assert {"1KR", "5KR"} <= set(values(game))
        game.answer("5KR")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.pose.y > 300 + 5 * 40 and ship.has(Token.STRESS)

    def test_not_other_maneuvers(self):
        """A 3 bank is no Koiogran-Turn: nothing is offered; an Alpha Squadron Pilot gets
        nothing for his K-turn either."""
        for pilot, dial in ((self.TETRAN, "3BW"), (ALPHA, "3KR")):
            sc, a = self._k_turn(pilot)
            game = activation(sc, a, dial)
            assert game.decision is None or game.decision.kind != "choose_maneuver"


# -------------------------------------------------------------------- Kir Kanos
class TestKirKanos:
    KIR = "1e-tieinterceptor-kirkanos"

    def test_spends_evade_for_a_hit_at_range_2(self):
        """Kir Kanos attacks at Range 2 with an evade token and rolls 3 blanks: he spends
        the evade token to add a hit; the attack hits."""
        sc, a, d = duel(self.KIR, evade=1)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.KIR)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert not game.state.ships[a].has(Token.EVADE)

    def test_not_at_range_1(self):
        """At Range 1 the ability is not offered."""
        sc, a, d = duel(self.KIR, range_=1, evade=1)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, self.KIR)

    def test_not_without_evade_token(self):
        """Without an evade token at Range 3: nothing to spend, nothing offered."""
        sc, a, d = duel(self.KIR, range_=3)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        assert game.decision is None or not offers(game, self.KIR)


# ------------------------------------------------------------------- Carnor Jax
class TestCarnorJax:
    JAX = "1e-tieinterceptor-carnorjax"

    def _actions(self, enemy_x):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0))
        sc.ship(self.JAX, player=2, at=(enemy_x, 380, 180))
        game = sc.at(PerformAction(x, during_activation=True), phase="activation")
        return values(game)

    def test_no_focus_action_at_range_1(self):
        """An X-wing at Range 1 of Carnor Jax may not focus (nor evade); at Range 3
        it may."""
        assert "focus" not in self._actions(400)
        far = self._actions(900)
        assert "focus" in far

    def test_no_focus_spent_at_range_1(self):
        """The X-wing at Range 1 attacks Carnor Jax with a focus token: it cannot spend
        it; against an Alpha Squadron Pilot it can."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), focus=1)
        d = sc.ship(self.JAX, player=2, at=(400, Y[1], 180))
        game = attack_to_end(sc, a, d, ["focus", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert game.decision is None or not offers(game, "focus")
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), focus=1)
        d = sc.ship(ALPHA, player=2, at=(400, Y[1], 180))
        game = attack_to_end(sc, a, d, ["focus", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "focus")

    def test_faq_the_inquisitor_at_range_2_may_spend_focus(self):
        """FAQ (1e), The Inquisitor: his primary attack is treated as at Range 1, but
        abilities measuring the range of ships, as Carnor Jax's, use the real range: at
        Range 2 of Carnor Jax he may spend his focus token attacking him; at Range 1 he
        may not."""
        for y, allowed in ((Y[2], True), (Y[1], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship("1e-tieadvprototype-theinquisitor", at=(400, 300, 0), focus=1)
            d = sc.ship(self.JAX, player=2, at=(400, y, 180))
            game = attack_to_end(sc, a, d, ["focus", "blank", "blank"], ["blank"] * 3)
            skip_dice(game, "modify_attack_dice", a)
            assert offers(game, "focus") is allowed

    def test_friendly_ships_unaffected(self):
        """An Academy Pilot (his friend) at Range 1 may still focus."""
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        sc.ship(ROOKIE, at=(400, 100, 0))
        friend = sc.ship(ACADEMY, player=2, at=(400, 380, 180))
        sc.ship(self.JAX, player=2, at=(400, 300, 180))
        game = sc.at(PerformAction(friend, during_activation=True), phase="activation")
        assert "focus" in values(game)


# ------------------------------------------------------------ Lieutenant Blount
class TestLieutenantBlount:
    BLOUNT = "1e-z95headhunter-lieutenantblount"

    def test_a_miss_hits(self):
        """Blount's hit is canceled by an evade: the attack is a hit that deals no damage
        (the log says so; no damage card)."""
        sc, a, d = duel(self.BLOUNT)
        game = attack_to_end(sc, a, d, ["hit", "blank"], ["evade", "blank", "blank"])
        pass_all(game)
        assert any("hit by the attack" in e["text"] for e in game.log)
        attack_log = [e for e in game.log if e["kind"] == "neutralize"]
        assert "misses" in attack_log[-1]["text"]
        assert not game.state.ships[d].damage

    def test_if_this_attack_hits_effects_apply(self):
        """Blount fires Ion Pulse Missiles; the evade cancels his hit, yet the attack hits:
        the missiles' "if this attack hits" gives the defender 2 ion tokens; a Bandit's
        identical shot misses and gives none."""
        sc, a, d = duel(self.BLOUNT, upgrades=["1e-ionpulsemissiles"], locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade", "blank", "blank"],
                             weapon="1e-ionpulsemissiles")
        pass_all(game)
        assert game.state.ships[d].count(Token.ION) == 2
        sc, a, d = duel(BANDIT, upgrades=["1e-ionpulsemissiles"], locks=["p2.1"])
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade", "blank", "blank"],
                             weapon="1e-ionpulsemissiles")
        pass_all(game)
        assert game.state.ships[d].count(Token.ION) == 0

    def test_not_when_defending(self):
        """Blount defends and is missed: the attack misses (his ability is his attacks')."""
        sc, a, d = duel(BANDIT, defender=self.BLOUNT)
        game = attack_to_end(sc, a, d, ["hit", "blank"], ["evade", "blank"])
        pass_all(game)
        assert not any("hit by the attack" in e["text"] for e in game.log)


# ----------------------------------------------------------------- Airen Cracken
class TestAirenCracken:
    CRACKEN = "1e-z95headhunter-airencracken"

    def _scene(self, friend_at=(480, 300, 0)):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.CRACKEN, at=(400, 300, 0))
        f = sc.ship(BANDIT, at=friend_at)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        return sc, a, f, d

    def test_friend_performs_a_free_action(self):
        """After attacking, Cracken chooses the Bandit beside him (Range 1): it performs a
        free focus action."""
        sc, a, f, d = self._scene()
        game = attack_to_end(sc, a, d, ["blank"] * 2, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        assert f in values(game)
        game.answer(f)
        assert game.decision.kind == "perform_action" and game.decision.ship == f
        game.answer("focus")
        assert game.state.ships[f].has(Token.FOCUS)

    def test_not_a_friend_beyond_range_1(self):
        """The Bandit is 300 mm away: no one to choose."""
        sc, a, f, d = self._scene((700, 300, 0))
        game = attack_to_end(sc, a, d, ["blank"] * 2, ["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[f].has(Token.FOCUS)

    def test_faq_only_a_friend_that_can_act(self):
        """FAQ (1e), Airen Cracken: a ship that cannot perform an action is not the one
        chosen; Cracken chooses another friendly ship at Range 1: the stressed Bandit is
        not offered, the other one is."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.CRACKEN, at=(400, 300, 0))
        stressed = sc.ship(BANDIT, at=(480, 300, 0), stress=1)
        other = sc.ship(BANDIT, at=(320, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = attack_to_end(sc, a, d, ["blank"] * 2, ["blank"] * 3)
        pass_until(game, "use_ability", a)
        assert other in values(game) and stressed not in values(game)


# -------------------------------------------------------------- Colonel Vessery
class TestColonelVessery:
    VESSERY = "1e-tiedefender-colonelvessery"

    def test_locks_a_defender_another_ship_locked(self):
        """A friendly Academy Pilot has a lock on the X-wing; Vessery attacks it and,
        after rolling, acquires his own lock, then spends it to reroll."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.VESSERY, player=2, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(200, 300, 0), locks=["p1.1"])
        d = sc.ship(ROOKIE, player=1, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 2, rerolls=["hit"] * 3)
        declare(game, a, d)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert d in game.state.ships[a].locks
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "lock")

    def test_not_without_a_red_lock_on_the_defender(self):
        """Nobody has the defender locked: nothing is offered."""
        sc, a, d = duel(self.VESSERY)
        game = attack_to_end(sc, a, d, ["blank"] * 3, ["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].locks

    def test_faq_relock_after_spending_his_own_on_a_missile(self):
        """FAQ (1e), Colonel Vessery: a friend has the defender locked; Vessery spends his
        own lock to fire Concussion Missiles, then acquires a new lock on it and may spend
        it to reroll."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.VESSERY, player=2, at=(400, 300, 0),
                    upgrades=["1e-concussionmissiles"], locks=["p1.1"])
        sc.ship(ACADEMY, player=2, at=(200, 300, 0), locks=["p1.1"])
        d = sc.ship(ROOKIE, player=1, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 2, rerolls=["hit"] * 4)
        declare(game, a, d, "1e-concussionmissiles")
        assert d not in game.state.ships[a].locks
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert d in game.state.ships[a].locks
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "lock")


# ------------------------------------------------------------------ Rexler Brath
class TestRexlerBrath:
    REXLER = "1e-tiedefender-rexlerbrath"

    def test_flips_the_dealt_cards_faceup(self):
        """Rexler's 2 hits deal the shieldless TIE 2 facedown cards; he spends his focus
        token to flip them faceup (their texts resolve)."""
        sc, a, d = duel(self.REXLER, focus=1)
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["1e-core-consolefire", "1e-core-damagedengine"])
        declare(game, a, d)
        skip_dice(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[d]
        assert [c.faceup for c in ship.damage] == [True, True]
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_not_without_focus(self):
        """Without a focus token nothing is offered: the cards stay facedown."""
        sc, a, d = duel(self.REXLER)
        game = attack_to_end(sc, a, d, ["hit", "hit", "blank"], ["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert [c.faceup for c in game.state.ships[d].damage] == [False, False]

    def test_not_when_no_card_is_dealt(self):
        """The attack misses: no card dealt, no offer, the focus token stays."""
        sc, a, d = duel(self.REXLER, focus=1)
        game = attack_to_end(sc, a, d, ["hit", "blank", "blank"], ["evade"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and game.state.ships[a].has(Token.FOCUS)

    def test_faq_only_the_cards_of_this_attack(self):
        """FAQ (1e), Rexler Brath: "those cards" - a facedown card the defender had before
        the attack stays facedown."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.REXLER, at=(400, 300, 0), focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180),
                    damage=[DamageCard("1e-core-consolefire", False, 900)])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["1e-core-damagedengine"])
        declare(game, a, d)
        skip_dice(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        faceup = {c.serial: c.faceup for c in game.state.ships[d].damage}
        assert faceup[900] is False and sorted(faceup.values()) == [False, True]

    def test_faq_a_resolved_card_flipped_facedown_is_flipped_again(self):
        """FAQ (1e), Rexler Brath: he chooses after the faceup cards his attack dealt have
        resolved, and a faceup card that resolved and flipped itself facedown (Munitions
        Failure) is flipped faceup again with the others."""
        sc, a, d = duel(self.REXLER, focus=1)
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["1e-core-munitionsfailure"])
        declare(game, a, d)
        skip_dice(game, "use_ability", a)
        texts = [e["text"] for e in game.log]
        assert any("repairs Munitions Failure" in t for t in texts)
        game.answer("use")
        pass_all(game)
        assert any("exposes Munitions Failure" in e["text"] for e in game.log)
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_faq_once_per_attack(self):
        """FAQ (1e), Rexler Brath: once per attack: with 2 focus tokens, after he has used
        it nothing more is offered."""
        sc, a, d = duel(self.REXLER, focus=2)
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "use_ability", a)
        game.answer("use")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and game.state.ships[a].count(Token.FOCUS) == 1

    def test_faq_flipped_cards_are_not_dealt(self):
        """FAQ (1e) (Chewbacca): cards Rexler flips faceup are not "dealt": the 1e
        Chewbacca does not flip them facedown again."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.REXLER, player=2, at=(400, 300, 0), focus=1)
        d = sc.ship("1e-yt1300-chewbacca", player=1, at=(400, 520, 180), shields=0)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 2)
        stack_deck(game, 1, ["1e-core-damagedengine"])
        declare(game, a, d)
        skip_dice(game, "use_ability", a)
        game.answer("use")
        pass_all(game)
        assert [c.faceup for c in game.state.ships[d].damage] == [True]


# ------------------------------------------------------------------ Etahn A'baht
class TestEtahnAbaht:
    ETAHN = "1e-ewing-etahnabaht"

    def _scene(self, enemy_at):
        sc = Scene(ruleset="1e")
        sc.ship(self.ETAHN, at=(400, 300, 0))
        x = sc.ship(ROOKIE, at=(250, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=enemy_at)
        return sc, x, d

    def test_attacker_changes_a_hit_to_a_crit(self):
        """A TIE in Etahn's firing arc at Range 2 defends against an X-wing: the X-wing may
        change 1 hit to a critical hit."""
        sc, x, d = self._scene((350, Y[2], 180))
        game = attack_to_end(sc, x, d, ["hit", "blank", "blank"], ["blank"] * 3)
        skip_dice(game, "modify_attack_dice", x)
        modify_with(game, self.ETAHN)
        skip_dice(game)
        assert "0 hit(s), 1 critical hit(s)" in neutralized(game)

    def test_not_outside_his_arc(self):
        """The TIE is behind Etahn (outside his arc): nothing is offered."""
        sc = Scene(ruleset="1e")
        sc.ship(self.ETAHN, at=(400, 500, 0))
        x = sc.ship(ROOKIE, at=(250, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(300, Y[2], 180))
        game = attack_to_end(sc, x, d, ["hit", "blank", "blank"], ["blank"] * 3)
        assert game.decision is None or not offers(game, self.ETAHN)
