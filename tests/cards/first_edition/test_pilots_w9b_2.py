"""First-edition pilots of the M12-L Kimogila, Phantom II, TIE Silencer, Resistance Bomber,
Saw's Renegades and TIE Reaper expansion packs, continued (:mod:`test_pilots_w9b` has the
first part and the scene helpers)."""

from __future__ import annotations

from tallon.scene import Scene, declare
from tests.cards.first_edition.helpers_1e import ever_offers, neutralized, run_to
from tests.cards.first_edition.test_pilots_w9b import (
    ACADEMY,
    BOMBER,
    ROOKIE,
    SILENCER,
    Y,
)
from tests.cards.helpers import activation, engage, modify_with, pass_all, pass_until, values


# ------------------------------------------------------------------ Kullbee Sperado
class TestKullbeeSperado:
    KULLBEE = "1e-xwing-kullbeesperado"
    SFOILS = "1e-servomotorsfoils"

    def _roll(self, pilot, action="barrel_roll"):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=[self.SFOILS])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer(action)
        return game, a

    def _side(self, game, a):
        return next(side for kind, card, side in game.state.ships[a].cards
                    if card == self.SFOILS)

    def test_flips_after_barrel_roll(self):
        """Kullbee barrel rolls (S-foils in Attack): he may flip the card to Closed."""
        game, a = self._roll(self.KULLBEE)
        decision = run_to(game, "use_ability")
        assert decision is not None and decision.ship == a
        game.answer("use")
        assert self._side(game, a) == 1

    def test_not_after_focus_nor_for_others(self):
        """After a focus action he is not asked; a Rookie Pilot's barrel roll flips
        nothing."""
        game, a = self._roll(self.KULLBEE, "focus")
        assert run_to(game, "use_ability") is None
        game, a = self._roll(ROOKIE)
        pass_all(game)
        assert self._side(game, a) == 0


# -------------------------------------------------------------- Kylo Ren (Silencer)
class TestKyloRen:
    KYLO = "1e-tiesilencer-kyloren"
    DARK = "1e-illshowyouthedarkside"

    def _hit(self, pilot, dice=("hit", "hit", "hit")):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(pilot, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, list(dice), ["blank"] * 3)
        declare(game, a, d)
        return game, a, d

    def test_attacker_gets_the_condition(self):
        """Kylo is hit: the X-wing is assigned I'll Show You the Dark Side (Kylo's player
        places a Pilot damage card on it). A Sienar-Jaemus Analyst assigns nothing."""
        game, a, _d = self._hit(self.KYLO)
        for _ in range(40):
            if game.decision is None:
                break
            keys = values(game)
            game.answer("1e-core-stunnedpilot" if "1e-core-stunnedpilot" in keys
                        else game.decision.options[0].key if game.decision.kind not in (
                            "modify_attack_dice", "modify_defense_dice") else "done")
        assert any(c.card == self.DARK for c in game.state.ships[a].conditions)
        game, a, _d = self._hit(SILENCER)
        pass_all(game)
        assert not game.state.ships[a].conditions

    def test_not_on_a_miss(self):
        """The X-wing misses: no condition."""
        game, a, _d = self._hit(self.KYLO, ("blank",) * 3)
        pass_all(game)
        assert not game.state.ships[a].conditions


# ------------------------------------------------------------------- Crimson Leader
class TestCrimsonLeader:
    LEADER = "1e-bsf17bomber-crimsonleader"

    def _attack(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, a, d)
        return game, a, d

    def test_spends_a_hit_for_rattled(self):
        """Crimson Leader spends 1 of his 2 hits: the X-wing is Rattled and takes 1 hit."""
        game, a, d = self._attack(self.LEADER)
        pass_until(game, "modify_attack_dice", a)
        modify_with(game, self.LEADER)
        pass_all(game)
        assert "1e-rattled" in [c.card for c in game.state.ships[d].conditions]
        assert "1 hit(s)" in neutralized(game)

    def test_not_for_a_crimson_squadron_pilot(self):
        """A Crimson Squadron Pilot is offered nothing; 2 hits land."""
        game, _a, _d = self._attack(BOMBER)
        assert not ever_offers(game, self.LEADER)
        assert "2 hit(s)" in neutralized(game)


# --------------------------------------------------------------- Crimson Specialist
class TestCrimsonSpecialist:
    SPECIALIST = "1e-bsf17bomber-crimsonspecialist"

    def _reveal(self, pilot, bomb="1e-protonbombs"):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=[bomb])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, a, "2FW")

    def test_bomb_placed_touching(self):
        """Revealing his dial he drops his proton bomb touching his base at a side (a spot
        the [1 straight] drop cannot reach); a Crimson Squadron Pilot only drops behind."""
        game = self._reveal(self.SPECIALIST)
        spots = [k for k in values(game) if k.startswith("touch")]
        assert spots
        game.answer(spots[2])
        (bomb,) = game.state.devices
        assert bomb.pose.y > 280
        game = self._reveal(BOMBER)
        assert not any(k.startswith("touch") for k in values(game))


class TestSawGerreraHimself:
    SAW = "1e-uwing-sawgerrera"

    def test_saw_himself_rerolls(self):
        """Ruling: "a friendly ship at Range 1-2" includes Saw (Range 1 of himself): Saw,
        stressed, attacks and may reroll 1 attack die; unstressed and undamaged he may
        not."""
        for stress, expected in ((1, True), (0, False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(self.SAW, at=(400, 300, 0), stress=stress)
            d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
            game = engage(sc, a, ["blank", "hit", "blank"], ["blank"] * 3)
            declare(game, a, d)
            assert ever_offers(game, self.SAW) is expected
