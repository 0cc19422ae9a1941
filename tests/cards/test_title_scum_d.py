"""Scum and Villainy titles (Punishing One, Shadow Caster): each card in a scene built for
it, compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
large bases are 80 mm wide, small ones 40 mm."""

from __future__ import annotations

from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import attack, finish, pass_all, rolled


# ----------------------------------------------------------------- Punishing One
class TestPunishingOne:
    def dice(self, upgrades: tuple[str, ...] = ("punishingone",), turret: str = "front",
             behind: bool = False) -> int:
        sc = Scene()
        me = sc.ship("dengar", at=(400, 300, 0), upgrades=upgrades, turret=turret)
        # range 2 either in front of the JumpMaster or behind it
        where = (400, 80, 0) if behind else (400, 520, 180)
        tie = sc.ship("academypilot", player=2, at=where)
        game = attack(sc, me, tie, ["hit"] * 4, ["blank"] * 3)
        finish(game)
        return len(rolled(game, me))

    def test_defender_in_the_front_arc_adds_a_die(self):
        """Dengar's turret primary attack at range 2 against a TIE in his front arc: with
        Punishing One he rolls 3 dice instead of 2."""
        assert self.dice() == 3
        assert self.dice(upgrades=()) == 2

    def test_not_outside_the_front_arc(self):
        """The TIE behind him, his turret turned to the rear: 2 dice, title or not."""
        assert self.dice(turret="rear", behind=True) == 2


# ----------------------------------------------------------------- Shadow Caster
class TestShadowCaster:
    def game(self, upgrades: tuple[str, ...] = ("shadowcaster",), turret: str = "front",
             dice: tuple[str, ...] = ("hit", "hit", "hit")):
        sc = Scene()
        me = sc.ship("ketsuonyo", at=(400, 300, 0), upgrades=upgrades, turret=turret)
        tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
        game = attack(sc, me, tie, list(dice), ["blank"] * 3, weapon="primary:front")
        pass_all(game)
        return game, tie

    def test_a_hit_in_both_arcs_gives_a_tractor_token(self):
        """Ketsu's front-arc attack hits a TIE that is also in her turret arc: with Shadow
        Caster the TIE gains 1 tractor token (her player may then move it); without the
        title it gains none."""
        game, tie = self.game()
        assert game.state.ships[tie].count(Token.TRACTOR) == 1
        game, tie = self.game(upgrades=())
        assert game.state.ships[tie].count(Token.TRACTOR) == 0

    def test_not_outside_the_turret_arc(self):
        """Her turret turned to her left arc: the TIE is only in her front arc, no token."""
        game, tie = self.game(turret="left")
        assert game.state.ships[tie].count(Token.TRACTOR) == 0

    def test_not_after_a_miss(self):
        """All blanks: the attack misses, no tractor token."""
        game, tie = self.game(dice=("blank", "blank", "blank"))
        assert game.state.ships[tie].count(Token.TRACTOR) == 0
