"""Z-95-AF4 Headhunter pilots (Rebel Alliance, Scum and Villainy): each test sets a
scene, states the card's rule and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2."""

from __future__ import annotations

from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, attack, dice_count, pass_all, values


def reach(game, kind, ship):
    """Pass on everything until a ``kind`` decision for ``ship``, or the end."""
    while game.decision is not None and not (game.decision.kind == kind
                                             and game.decision.ship == ship):
        pass_all(game, 1)


# ------------------------------------------------------------------ Airen Cracken
class TestAirenCracken:
    def game(self, friend_x: float):
        sc = Scene()
        airen = sc.ship("airencracken", at=(400, 300, 0))
        friend = sc.ship("banditsquadronpilot", at=(friend_x, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, airen, tie, ["blank", "blank"], ["blank"] * 3)
        return game, airen, friend

    def test_after_attacking_a_friend_at_range_1_acts_treated_as_red(self):
        """Airen Cracken: after he attacks he may choose a friendly ship at range 1; it may
        perform an action treated as red: the Bandit focuses and gains a stress token."""
        game, airen, friend = self.game(500)
        reach(game, "use_ability", airen)
        assert friend in values(game)
        game.answer(friend)
        assert game.decision.kind == "perform_action" and game.decision.ship == friend
        game.answer("focus")
        ship = game.state.ships[friend]
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.STRESS) == 1

    def test_not_for_a_friend_at_range_2(self):
        game, airen, friend = self.game(600)
        reach(game, "use_ability", airen)
        assert game.decision is None
        assert not game.state.ships[friend].has(Token.FOCUS)


# -------------------------------------------------------------- Lieutenant Blount
class TestLieutenantBlount:
    def game(self, friend_at):
        sc = Scene()
        blount = sc.ship("lieutenantblount", at=(400, 300, 0))
        sc.ship("banditsquadronpilot", at=friend_at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, blount, tie, ["hit", "hit", "hit"], ["blank"] * 3)
        return game, blount, tie

    def test_rolls_one_more_die_with_a_friend_near_the_defender(self):
        """Lieutenant Blount: performing a primary attack with another friendly ship at
        range 0-1 of the defender, he may roll 1 additional attack die: 3 dice at range 2
        instead of 2, and 3 damage."""
        game, blount, tie = self.game((500, 500, 180))
        reach(game, "use_ability", blount)
        answer(game, "use_ability", "use", blount)
        pass_all(game)
        assert dice_count(game, 0) == 3
        assert len(game.state.ships[tie].damage) == 3

    def test_not_without_a_friend_near_the_defender(self):
        """The friend at range 2 of the defender: 2 dice only, nothing asked."""
        game, blount, tie = self.game((200, 300, 0))
        reach(game, "use_ability", blount)
        assert game.decision is None
        assert dice_count(game, 0) == 2
        assert len(game.state.ships[tie].damage) == 2


# --------------------------------------------------------------- Kaa'to Leeachos
class TestKaatoLeeachos:
    def game(self, friend_x: float):
        sc = Scene()
        kaato = sc.ship("kaatoleeachos", at=(400, 300, 0))
        friend = sc.ship("binayrepirate", at=(friend_x, 300, 0), tokens={"focus": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(StartEngagement()), kaato, friend

    def test_takes_a_focus_token_from_a_friend_at_range_1(self):
        """At the start of the Engagement Phase a friendly ship at range 1 has a focus
        token: Kaa'to may transfer it to himself."""
        game, kaato, friend = self.game(480)
        reach(game, "use_ability", kaato)
        assert values(game) == [f"{friend}:focus", "decline"]
        game.answer(f"{friend}:focus")
        assert game.state.ships[kaato].count(Token.FOCUS) == 1
        assert not game.state.ships[friend].has(Token.FOCUS)

    def test_not_from_a_friend_at_range_3(self):
        """The friend at range 3: nothing is asked; the token stays with it."""
        game, kaato, friend = self.game(680)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert not game.state.ships[kaato].has(Token.FOCUS)


# ------------------------------------------------------------------ N'dru Suhlak
class TestNdruSuhlak:
    def game(self, friend_x: float):
        sc = Scene()
        ndru = sc.ship("ndrusuhlak", at=(400, 300, 0))
        sc.ship("binayrepirate", at=(friend_x, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, ndru, tie, ["hit", "hit", "hit"], ["blank"] * 3)
        pass_all(game)
        return game, tie

    def test_alone_he_rolls_one_more_die(self):
        """No other friendly ship at range 0-2: his primary attack at range 2 rolls 3 dice
        instead of 2, and deals 3 damage."""
        game, tie = self.game(40)
        assert dice_count(game, 0) == 3
        assert len(game.state.ships[tie].damage) == 3

    def test_not_with_a_friend_at_range_2(self):
        """A friendly ship at range 2: 2 dice, 2 damage."""
        game, tie = self.game(600)
        assert dice_count(game, 0) == 2
        assert len(game.state.ships[tie].damage) == 2
