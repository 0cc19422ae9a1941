"""BTL-S8 K-wing pilots (Rebel Alliance): Esege Tuketu and Miranda Doni, each compared
with the same scene without the ability (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is
100 mm."""

from __future__ import annotations

from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, finish, modify_with, offers, rolled, skip_to


class TestEsegeTuketu:
    def scene(self, esege_at: tuple[float, float, float]):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
        esege = sc.ship("esegetuketu", at=esege_at, tokens={"focus": 2})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(xwing, tie, dice=["focus", "focus", "blank"],
                         defense=["blank"] * 3)
        return game, xwing, esege, tie

    def test_a_friend_spends_his_focus_token(self):
        """A friendly X-wing at range 1 of Esege Tuketu attacks with no focus token of its
        own: it spends one of his focus tokens to change both focus results to hits (2
        damage, not 0); he keeps his other token."""
        game, xwing, esege, tie = self.scene((250, 300, 0))
        skip_to(game, "modify_attack_dice", xwing)
        modify_with(game, "esegetuketu")
        finish(game)
        assert len(game.state.ships[tie].damage) == 2
        assert game.state.ships[esege].count(Token.FOCUS) == 1
        assert not game.state.ships[xwing].has(Token.FOCUS)

    def test_not_beyond_range_two(self):
        """Esege Tuketu is at range 3 of the attacking X-wing: his focus tokens are not
        offered, and the 2 focus results stay misses."""
        game, _xwing, esege, tie = self.scene((120, 100, 0))
        assert not offers(game, "esegetuketu")
        finish(game)
        assert not game.state.ships[tie].damage
        assert game.state.ships[esege].count(Token.FOCUS) == 2

    def test_a_defending_friend_spends_his_token(self):
        """The TIE attacks the X-wing (2 hits): the X-wing spends Esege's focus token to turn
        its focus result into an evade, losing 1 shield instead of 2."""
        def shields_lost(esege_at: tuple[float, float, float]) -> int:
            sc = Scene()
            xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
            sc.ship("esegetuketu", at=esege_at, tokens={"focus": 1})
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(tie, xwing, dice=["hit", "hit"], defense=["focus", "blank"])
            # far away, the X-wing has nothing to modify: no decision comes
            if game.decision is not None:
                skip_to(game, "modify_defense_dice", xwing)
                modify_with(game, "esegetuketu")
            finish(game)
            return 2 - game.state.ships[xwing].shields

        assert shields_lost((250, 300, 0)) == 1
        assert shields_lost((120, 100, 0)) == 2


class TestMirandaDoni:
    def test_spend_a_shield_for_a_die(self):
        """Miranda Doni, shielded, performs a primary attack: spending 1 shield she rolls 3
        attack dice instead of 2 (and has 2 shields left)."""
        def attack(use: bool):
            sc = Scene()
            miranda = sc.ship("mirandadoni", at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(miranda, tie, dice=["hit"] * 3, defense=["blank"] * 3)
            if use:
                answer(game, "use_ability", "more", miranda)
            else:
                answer(game, "use_ability", "decline", miranda)
            finish(game)
            return game, miranda

        game, miranda = attack(True)
        assert len(rolled(game, miranda)) == 3 and game.state.ships[miranda].shields == 2
        game, miranda = attack(False)
        assert len(rolled(game, miranda)) == 2 and game.state.ships[miranda].shields == 3

    def test_unshielded_a_die_for_a_shield(self):
        """Miranda Doni with no active shield: only the other choice is offered: she rolls 1
        attack die instead of 2 and recovers 1 shield."""
        sc = Scene()
        miranda = sc.ship("mirandadoni", at=(400, 300, 0), shields=0)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(miranda, tie, dice=["hit"] * 3, defense=["blank"] * 3)
        assert set(game.decision.option_keys()) == {"fewer", "decline"}
        answer(game, "use_ability", "fewer", miranda)
        finish(game)
        assert len(rolled(game, miranda)) == 1 and game.state.ships[miranda].shields == 1

    def test_not_for_a_special_attack(self):
        """Attacking with proton torpedoes (not a primary attack) she is asked nothing and
        rolls the torpedoes' 4 dice."""
        sc = Scene()
        miranda = sc.ship("mirandadoni", at=(400, 300, 0), upgrades=["protontorpedoes"],
                          locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(miranda, tie, dice=["hit"] * 4, defense=["blank"] * 3,
                         weapon="protontorpedoes")
        assert game.decision is None or game.decision.kind != "use_ability"
        finish(game)
        assert len(rolled(game, miranda)) == 4 and game.state.ships[miranda].shields == 3

    def test_no_shield_spent_at_range_zero(self):
        """Ruling: at attack range 0 a primary attack gets no added dice (RR: ATTACK), so
        spending a shield would buy nothing: shielded and touching the TIE, she is asked
        nothing, rolls 2 dice and keeps her shields."""
        sc = Scene()
        miranda = sc.ship("mirandadoni", at=(400, 300, 0), contacts=("p2.1",))
        tie = sc.ship("academypilot", player=2, at=(400, 350.5, 180), contacts=("p1.1",))
        game = sc.attack(miranda, tie, dice=["hit"] * 3, defense=["blank"] * 3)
        assert game.decision is None or game.decision.kind != "use_ability"
        finish(game)
        assert len(rolled(game, miranda)) == 2 and game.state.ships[miranda].shields == 3
