"""Xi-class Light Shuttle pilots (First Order): each card in a scene built for it, compared
with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. Small bases are 40 mm
wide, the shuttle's medium base 60 mm; a range band is 100 mm."""

from __future__ import annotations

from tallon.engine.game import Game, GameSetup
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare
from tests.cards.helpers import answer, engage, finish, rolled, values

MALARUS = "commandermalarus-xiclasslightshuttle"
GIDEON = "gideonhask-xiclasslightshuttle"


def _hurt(game, ship) -> int:
    state = game.state.ships[ship]
    return len(state.damage) + state.shield_limit - state.shields


# ------------------------------------------------------------ Commander Malarus
class TestCommanderMalarus:
    @staticmethod
    def scene(shuttle: str = MALARUS, friend_x: float = 500, dice=("blank", "hit")):
        sc = Scene()
        sc.ship(shuttle, at=(400, 200, 0))
        friend = sc.ship("firstordercadet", at=(friend_x, 250, 0))
        enemy = sc.ship("academypilot", player=2, at=(friend_x, 450, 180))
        game = engage(sc, friend, list(dice), ["blank"] * 3, rerolls=["hit"])
        declare(game, friend, enemy)
        finish(game)
        return game, friend, enemy

    def test_friend_must_reroll_a_blank_and_gain_strain(self):
        """A friendly ship at range 1 rolls a blank and a hit on a primary attack: before
        the Modify Dice step it gains 1 strain token and rerolls the blank (a hit here),
        so the attack deals 2 damage."""
        game, friend, enemy = self.scene()
        assert game.state.ships[friend].count(Token.STRAIN) == 1
        assert _hurt(game, enemy) == 2

    def test_courier_changes_nothing(self):
        """A First Order Courier in his place: the blank stays, 1 damage, no strain."""
        game, friend, enemy = self.scene(shuttle="firstordercourier")
        assert not game.state.ships[friend].has(Token.STRAIN)
        assert _hurt(game, enemy) == 1

    def test_not_beyond_range_2(self):
        """The friend is at range 3 of him: no strain, the blank stays."""
        game, friend, enemy = self.scene(friend_x=720)
        assert not game.state.ships[friend].has(Token.STRAIN)
        assert _hurt(game, enemy) == 1

    def test_not_without_a_blank(self):
        """No blank result: nothing to reroll, no strain."""
        game, friend, _enemy = self.scene(dice=("hit", "focus"))
        assert not game.state.ships[friend].has(Token.STRAIN)


# ------------------------------------------------------------------- Gideon Hask
class TestGideonHask:
    @staticmethod
    def scene(damaged: bool = True, attacker: str = "firstordercadet", shuttle: str = GIDEON):
        sc = Scene()
        sc.ship(shuttle, at=(400, 200, 0))
        friend = sc.ship(attacker, at=(500, 250, 0))
        hurt = {"damage": (DamageCard("consolefire", False, 99),)} if damaged else {}
        enemy = sc.ship("academypilot", player=2, at=(500, 450, 180), **hurt)
        # the additional die is the next attack die rolled: a hit
        game = engage(sc, friend, ["hit", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, friend, enemy)
        return game, friend, enemy

    def test_friend_gains_strain_to_roll_one_more_die(self):
        """A friendly small ship at range 1 attacks a damaged defender with 2 dice: it may
        gain 1 strain token to roll 1 more attack die (a hit): 3 dice, 2 damage."""
        game, friend, enemy = self.scene()
        answer(game, "use_ability", "use", None)
        finish(game)
        assert game.state.ships[friend].count(Token.STRAIN) == 1
        assert len(rolled(game, friend)) == 3
        assert _hurt(game, enemy) == 1 + 2

    def test_declined(self):
        """Declining: 2 dice, 1 damage, no strain."""
        game, friend, enemy = self.scene()
        answer(game, "use_ability", "decline", None)
        finish(game)
        assert not game.state.ships[friend].has(Token.STRAIN)
        assert _hurt(game, enemy) == 1 + 1

    def test_not_against_an_undamaged_defender(self):
        """The defender has no damage card: nothing offered."""
        game, _friend, _enemy = self.scene(damaged=False)
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_for_a_medium_friend(self):
        """The attacker is a friendly First Order Courier (a medium ship): nothing
        offered."""
        game, _friend, _enemy = self.scene(attacker="firstordercourier")
        assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------- Agent Terex
class TestAgentTerex:
    @staticmethod
    def setup(pilot: str = "agentterex"):
        """Setup answered with first options until his question (or the first dial):
        p1.1 the shuttle with Contraband Cybernetics (1 charge) and Dead Man's Switch,
        p1.2 a Zeta Squadron Pilot (TIE/fo), p1.3 an Omega Squadron Expert (TIE/sf), p1.4
        a First Order Courier (no TIE: it can't receive one)."""
        sc = Scene()
        sc.ship(pilot, upgrades=["contrabandcybernetics", "deadmansswitch"])
        sc.ship("zetasquadronpilot")
        sc.ship("omegasquadronexpert")
        sc.ship("firstordercourier")
        sc.ship("academypilot", player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
        while game.decision.kind != "set_dial" and not (
                game.decision.kind == "use_ability" and game.decision.ship == "p1.1"):
            game.answer(game.decision.options[0].key)
        return game

    def test_illicits_go_to_the_tie_fighters(self):
        """After placing forces he equips Contraband Cybernetics (with its charge) to the
        TIE/fo fighter; the next card may go only to the TIE/sf (1 each): he equips Dead
        Man's Switch to it and keeps neither."""
        game = self.setup()
        assert set(values(game)) == {"p1.2", "p1.3", "keep"}
        game.answer("p1.2")
        assert set(values(game)) == {"p1.3", "keep"}
        game.answer("p1.3")
        ships = game.state.ships
        assert "contrabandcybernetics" in ships["p1.2"].upgrades
        assert ships["p1.2"].charges["contrabandcybernetics"].active == 1
        assert "deadmansswitch" in ships["p1.3"].upgrades
        assert ships["p1.1"].upgrades == ()
        assert "contrabandcybernetics" not in ships["p1.1"].charges

    def test_keeping_them(self):
        """Answering keep twice: the cards stay on him."""
        game = self.setup()
        game.answer("keep")
        game.answer("keep")
        assert game.state.ships["p1.1"].upgrades == ("contrabandcybernetics",
                                                     "deadmansswitch")
        assert "contrabandcybernetics" not in game.state.ships["p1.2"].upgrades

    def test_a_courier_keeps_its_cards(self):
        """A First Order Courier with the same cards is asked nothing before the first
        dial: they stay."""
        game = self.setup("firstordercourier")
        assert game.decision.kind == "set_dial"
        assert game.state.ships["p1.1"].upgrades == ("contrabandcybernetics",
                                                     "deadmansswitch")
