"""Command upgrades (Epic format): each card in a scene built for it, compared with the same
scene without the card, and where it must not act.

A CR90 (p1.1, a huge ship 80 wide, 225 long) faces +y at (457, 300): its right side is at
x 497. Friendly X-wings (40 mm bases) beside it: centre x 537 is range 1, 637 range 2,
737 range 3."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import activation, answer, skip_dice, values

CR90 = "alderaanianguard"
RANGE_1, RANGE_2, RANGE_3 = 537, 637, 737


def _scene(card: str | None, wing_x: float, wing_at=None, **setup):
    sc = Scene(seed=1)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[card] if card else [], **setup)
    wing = sc.ship("redsquadronveteran", at=wing_at or (wing_x, 300, 0))
    return sc, wing


class TestCaptainNeeda:
    @staticmethod
    def game(card: str | None = "captainneeda", wing_x: float = RANGE_2, **setup):
        sc, wing = _scene(card, wing_x, **setup)
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, wing, "2FB"), wing

    @staticmethod
    def far_game():
        """The X-wing 430 mm ahead of the CR90's front edge (beyond range 4), facing it."""
        sc, wing = _scene("captainneeda", 0, wing_at=(457, 300 + 112.5 + 20 + 430, 180))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, wing, "2FB"), wing

    def test_friend_sets_another_maneuver(self):
        """Situation: an X-wing at range 2 of the CR90 reveals the blue [2 straight]. Card:
        "you may spend 1 [Charge]. If you do, it sets its dial to another maneuver of the
        same difficulty and speed." Expected: the blue speed 2 banks offered; the X-wing
        executes the [2 bank left] (its heading changes), the card has 3 charges; without
        the card it flies straight."""
        game, wing = self.game()
        assert game.decision.kind == "use_ability"
        assert values(game) == ["2BB", "2NB", "decline"]
        game.answer("2BB")
        ship = game.state.ships[wing]
        assert ship.dial_set == "2BB"
        assert game.state.ships["p1.1"].charges["captainneeda"].active == 3
        assert ship.pose.heading % 360 != 0
        plain, wing2 = self.game(card=None)
        assert plain.decision.kind == "perform_action"
        assert plain.state.ships[wing2].pose.heading % 360 == 0

    def test_range_4_counts(self):
        """Situation: the X-wing 330 mm ahead of the CR90's front edge (range 4), facing
        it. Expected: asked."""
        sc, wing = _scene("captainneeda", 0, wing_at=(457, 300 + 112.5 + 20 + 330, 180))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, wing, "2FB")
        assert game.decision.kind == "use_ability"

    def test_not_beyond_range_4_or_without_charges(self):
        """Situation: the X-wing 430 mm ahead of the CR90 (beyond range 4); then at range
        2 with no charge left. Expected: not asked."""
        far, _ = self.far_game()
        spent, _ = self.game(charges={"captainneeda": 0})
        for game in (far, spent):
            assert game.decision.kind != "use_ability"


class TestStrategicCommander:
    def test_same_as_captain_needa_with_three_charges(self):
        """Situation: as Captain Needa's. Card: the same ability, 3 charges. Expected:
        offered; used, 2 charges left."""
        game, wing = TestCaptainNeeda.game(card="strategiccommander")
        assert values(game) == ["2BB", "2NB", "decline"]
        game.answer("2NB")
        assert game.state.ships[wing].dial_set == "2NB"
        assert game.state.ships["p1.1"].charges["strategiccommander"].active == 2


class TestCarlistRieekan:
    @staticmethod
    def game(card: str | None = "carlistrieekan", lost_x: float = RANGE_2):
        """A TIE (p2.1) destroys a 1-hull X-wing (p1.2) at ``lost_x``; another X-wing
        (p1.3) at range 1 of the CR90."""
        sc = Scene(seed=1)
        sc.ship(CR90, at=(457, 300, 0), upgrades=[card] if card else [])
        lost = sc.ship("redsquadronveteran", at=(lost_x, 300, 0), hull=1, shields=0)
        sc.ship("redsquadronveteran", at=(RANGE_1, 500, 0))
        tie = sc.ship("academypilot", player=2, at=(lost_x, 520, 180))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "hit", "hit"], ["blank", "blank", "blank"])
        declare(game, tie, lost)
        skip_dice(game, "use_ability")
        return game

    def test_friend_lost_another_evades(self):
        """Situation: an X-wing at range 2 of the CR90 is destroyed. Card: "you may choose a
        friendly ship at range 0-2. If you do, it may perform a red [Evade] action."
        Expected: asked; the other X-wing chosen performs it: an evade token and a stress
        token; without the card, nothing is asked."""
        game = self.game()
        assert game.decision.kind == "use_ability" and "p1.3" in values(game)
        game.answer("p1.3")
        answer(game, "perform_action", "evade", "p1.3")
        ship = game.state.ships["p1.3"]
        assert ship.has(Token.EVADE) and ship.has(Token.STRESS)
        plain = self.game(card=None)
        assert plain.decision is None or plain.decision.kind != "use_ability"

    def test_not_for_a_friend_lost_beyond_range_2(self):
        """Situation: the X-wing destroyed at range 3 of the CR90. Expected: not asked."""
        game = self.game(lost_x=RANGE_3 + 40)
        assert game.decision is None or game.decision.kind != "use_ability"


class TestAzmorigan:
    @staticmethod
    def game(card: str | None = "azmorigan", wing_x: float = RANGE_1):
        sc, wing = _scene(card, wing_x)
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        sc.entries[-2].tokens.update({"evade": 1})
        return sc.at(FireWindow.of("start_end_phase"), EndPhase(), phase="end"), wing

    def test_friend_keeps_an_evade(self):
        """Situation: End Phase; an X-wing with an evade token at range 1 of the CR90. Card:
        "choose up to 2 friendly ships at range 0-1. If you do, each of these ships does not
        remove 1 calculate or evade token." Expected: offered; chosen, the X-wing keeps
        its evade token; without the card it loses it."""
        game, wing = self.game()
        assert values(game) == [f"{wing}:evade", "decline"]
        game.answer(f"{wing}:evade")
        assert game.state.ships[wing].has(Token.EVADE)
        plain, wing2 = self.game(card=None)
        assert not plain.state.ships[wing2].has(Token.EVADE)

    def test_not_at_range_2(self):
        """Situation: the X-wing at range 2. Expected: not asked; the token is removed."""
        game, wing = self.game(wing_x=RANGE_2)
        assert game.decision is None
        assert not game.state.ships[wing].has(Token.EVADE)


class TestAdmiralOzzel:
    @staticmethod
    def game(card: str | None = "admiralozzel", mover: str = "p1.1", dial: str = "2FB"):
        """The CR90 (p1.1) and an X-wing (p1.2) at range 2; ``mover`` activates with
        ``dial``."""
        sc, _ = _scene(card, RANGE_2)
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return activation(sc, mover, dial)

    def test_huge_ship_one_speed_faster(self):
        """Situation: the CR90 reveals the blue [2 straight]. Card: "it may suffer 1 [Hit]
        damage to execute a maneuver of the same bearing and difficulty of a speed 1
        higher or lower instead." Expected: offered [3 straight] and [1 straight]; the
        [3 straight] taken, the CR90 ends 40 mm (one speed line: estimate) further than
        without the card and has 1 shield less."""
        game = self.game()
        assert game.decision.kind == "replacement"
        assert set(values(game)) >= {"3FB", "1FB"}
        shields = game.state.ships["p1.1"].shields
        game.answer("3FB")
        skip_to_action(game)
        plain = self.game(card=None)
        skip_to_action(plain)
        assert game.state.ships["p1.1"].pose.y > plain.state.ships["p1.1"].pose.y
        assert game.state.ships["p1.1"].shields == shields - 1

    def test_not_for_a_small_ship(self):
        """Situation: the X-wing (small) at range 2 executes its [2 straight]. Expected: no
        replacement offered."""
        game = self.game(mover="p1.2")
        assert game.decision.kind != "replacement"


def skip_to_action(game) -> None:
    """Answer "no" to what comes before the ship's action (nothing but the maneuver)."""
    while game.decision is not None and game.decision.kind != "perform_action":
        d = game.decision
        game.answer("decline" if "decline" in d.option_keys() else d.option_keys()[0])
