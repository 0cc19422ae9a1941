"""First-edition salvaged astromechs and scum crew droids of the Most Wanted expansion
pack (tallon.cards.first_edition.upgrades_w5a_3). Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing it. A small ship at
(400, 300) has an enemy small ship ahead at Range 1 / 2 / 3 at y = 380 / 490 / 550; a large
one at y = 420 / 520 / 620."""

from __future__ import annotations

from tallon.engine.damage import SufferDamage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.first_edition.test_upgrades_w5a import ACADEMY, SPICE, THUG, C, dealt
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
)


# -------------------------------------------------------------- Unhinged Astromech
class TestUnhingedAstromech:
    def _stress_after(self, dial: str, upgrades=("1e-unhingedastromech",)) -> int:
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 100, 0), upgrades=list(upgrades), stress=1)
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        game = activation(sc, a, dial)
        pass_all(game)
        return game.state.ships[a].count(Token.STRESS)

    def test_three_speed_is_green(self):
        """A stressed Y-wing flies a white 3 straight as green: its stress is removed;
        without the card it stays."""
        assert self._stress_after("3FW") == 0
        assert self._stress_after("3FW", upgrades=()) == 1

    def test_not_other_speeds(self):
        """A white 2 bank stays white: the stress stays."""
        assert self._stress_after("2BW") == 1


# -------------------------------------------------------------- Salvaged Astromech
class TestSalvagedAstromech:
    SALVAGED = "1e-salvagedastromech"

    def _dealt(self, card: str):
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.SALVAGED], shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        stack_deck(game, 1, [card])
        start_at(game, SufferDamage(a, 0, 1, "a test"))
        return game, a

    def test_faq_errata_discards_a_ship_card_then_itself(self):
        """FAQ (1e) errata: dealt a faceup Direct Hit! (Ship), it may discard it at once,
        unresolved, and then itself; declined, the card stays faceup."""
        game, a = self._dealt(C + "directhit")
        assert game.decision.kind == "replacement"
        game.answer("use")
        pass_all(game)
        assert not game.state.ships[a].damage
        assert self.SALVAGED not in game.state.ships[a].upgrades
        game, a = self._dealt(C + "directhit")
        game.answer("decline")
        pass_all(game)
        assert dealt(game, a) == [(C + "directhit", True)]

    def test_not_for_a_pilot_card(self):
        """Injured Pilot (Pilot trait): nothing is asked."""
        game, _a = self._dealt(C + "injuredpilot")
        assert game.decision is None or game.decision.kind != "replacement"


# ------------------------------------------------------------------ R4 Agromech
class TestR4Agromech:
    AGROMECH = "1e-r4agromech"

    def test_faq_lock_after_spending_focus_used_in_the_attack(self):
        """Attacking, he spends his focus token: R4 Agromech acquires a target lock on the
        defender, which he spends at once to reroll a blank (FAQ (1e): usable in that
        attack)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.AGROMECH], focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["focus", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "focus")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert d in game.state.ships[a].locks
        game.answer("lock:reroll=blank")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_without_spending_focus(self):
        """Not spending the focus token, no lock is acquired; a thug without R4 Agromech is
        asked nothing after spending it."""
        for upgrades, spend in (([self.AGROMECH], False), ([], True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(THUG, at=(400, 300, 0), upgrades=upgrades, focus=1)
            d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
            game = engage(sc, a, ["focus", "blank"], ["blank"] * 3)
            declare(game, a, d)
            skip_dice(game, "modify_attack_dice", a)
            if spend:
                modify_with(game, "focus")
            kinds = pass_all(game)
            assert "use_ability" not in kinds and not game.state.ships[a].locks

    def test_faq_one_focus_token_per_step(self):
        """FAQ (1e), R4 Agromech: with 2 focus tokens he still spends only 1 for its effect
        in the Modify Attack Dice step (Spending Tokens)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.AGROMECH], focus=2)
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["focus", "focus"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "focus")
        game.answer("use")
        assert not offers(game, "focus")
        assert game.state.ships[a].count(Token.FOCUS) == 1

    def test_faq_not_for_a_weapons_focus_cost(self):
        """FAQ (1e), R4 Agromech: the focus token spent to attack with a Blaster Turret is
        spent before the target is the defender: no target lock."""
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=[self.AGROMECH, "1e-blasterturret"],
                    focus=1)
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d, "1e-blasterturret")
        assert not game.state.ships[a].has(Token.FOCUS)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].locks


# ----------------------------------------------------------------------- R4-B11
class TestR4B11:
    B11 = "1e-r4b11"

    def _attack(self, upgrades, locks):
        sc = Scene(ruleset="1e")
        a = sc.ship(THUG, at=(400, 300, 0), upgrades=upgrades, locks=locks)
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "hit"], ["evade", "evade", "blank"],
                      then=[])
        load_dice(game, ["hit", "hit"], ["evade", "evade", "blank", "blank", "blank"])
        declare(game, a, d)
        skip_dice(game, "modify_defense_dice", a)
        return game, a, d

    def test_defender_rerolls_chosen_dice(self):
        """With a lock on the TIE he spends it to make it reroll its 2 evades (into
        blanks): both hits land; the lock is gone."""
        game, a, _d = self._attack([self.B11], ["p2.1"])
        option = next(o.key for o in game.decision.options
                      if (o.info or {}).get("source") == self.B11
                      and o.key.endswith("evade,evade"))
        game.answer(option)
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game) and not game.state.ships[a].locks

    def test_not_without_a_lock(self):
        """Without a lock on the defender nothing is offered: the 2 evades cancel both
        hits."""
        game, _, _ = self._attack([self.B11], [])
        assert not offers(game, self.B11)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game) or "misses" in neutralized(game)


# ----------------------------------------------------------- Outlaw Tech, K4 droid
class TestOutlawTech:
    def _after(self, dial, upgrades=("1e-outlawtech",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 100, 0), upgrades=list(upgrades))
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        return activation(sc, a, dial), a

    def test_focus_after_a_red_maneuver(self):
        """After a red 3 bank: may assign a focus token."""
        game, a = self._after("3BR")
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert game.state.ships[a].has(Token.FOCUS)

    def test_not_after_white_or_without(self):
        """A white 2 bank, or the red one without the card: nothing offered."""
        for dial, upgrades in (("2BW", ("1e-outlawtech",)), ("3BR", ())):
            game, _a = self._after(dial, upgrades)
            assert "use_ability" not in pass_all(game)


class TestK4SecurityDroid:
    def _after(self, dial, upgrades=("1e-k4securitydroid",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 100, 0), upgrades=list(upgrades))
        t = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
        return activation(sc, a, dial), a, t

    def test_lock_after_a_green_maneuver(self):
        """After a green 1 straight: may acquire a target lock on the TIE."""
        game, a, t = self._after("1FB")
        pass_until(game, "use_ability", a)
        game.answer(t)
        assert game.state.ships[a].locks == [t]

    def test_not_after_white_or_without(self):
        """A white 2 bank, or the green maneuver without the card: nothing offered."""
        for dial, upgrades in (("2BW", ("1e-k4securitydroid",)), ("1FB", ())):
            game, _a, _ = self._after(dial, upgrades)
            kinds = pass_all(game)
            assert "use_ability" not in kinds
