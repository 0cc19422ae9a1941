"""The first edition's barrel roll and boost, and the first-edition ship types in play
(continued from test_actions_1e.py, whose scenes these tests share)."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.data.cards_1e import load_cards_1e
from tallon.data.first_edition_play import first_edition_cards, unplayed_rules
from tallon.data.model import Pilot
from tallon.engine.decisions import IllegalChoiceError
from tallon.scene import Scene
from tests.cards.helpers import values
from tests.rules.first_edition.test_actions_1e import (
    ACADEMY,
    ROOKIE,
    YT2400,
    free_action,
    scene,
)


# ------------------------------------------------------------------ barrel roll
class TestBarrelRoll1e:
    def test_positions_along_the_whole_side(self):
        """Rulebook (1e), Barrel Roll: the template anywhere along the side, the ship
        anywhere along its end: besides 2.5's front, middle and back (10 mm either way),
        the ship may end 20 mm forward ("far front")."""
        sc, a, _d = scene(ACADEMY, enemy=ROOKIE, enemy_at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("barrel_roll")
        game.answer("right")
        assert set(values(game)) == {"front", "middle", "back", "far front", "far back"}
        assert game.decision.free is not None
        game.answer("far front")
        ship = game.state.ships[a]
        assert round(ship.pose.x) == 480 and round(ship.pose.y) == 320

    def test_a_free_answer_places_the_ship_anywhere_along_the_side(self):
        """A free answer: the template 7 mm forward, the ship 4 mm back along it."""
        sc, a, _d = scene(ACADEMY, enemy=ROOKIE, enemy_at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("barrel_roll")
        game.answer("left")
        game.answer({"template": 7, "ship": -4})
        ship = game.state.ships[a]
        assert round(ship.pose.x) == 320 and round(ship.pose.y) == 303

    def test_a_free_answer_beyond_the_side_is_refused(self):
        """The template cannot go beyond the front or back edge of the base: 15 mm is more
        than the 10 mm a small base allows."""
        sc, a, _d = scene(ACADEMY, enemy=ROOKIE, enemy_at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("barrel_roll")
        game.answer("left")
        with pytest.raises(IllegalChoiceError):
            game.answer({"template": 15, "ship": 0})

    def test_large_ship_moves_the_template_length(self):
        """A large ship lays the template's end against its side as a small ship does (2.5
        lays its long edge): the YT-2400 moves 40 + 80 mm sideways."""
        sc, a, _d = scene(YT2400, enemy=ROOKIE, enemy_at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("barrel_roll")
        game.answer("right")
        game.answer("middle")
        assert round(game.state.ships[a].pose.x) == 520

    def test_faq_a_blocked_side_is_not_declared(self):
        """FAQ (1e), Performing a Barrel Roll: a side where the ship cannot be placed is
        not performed - the player declares the other side: with an enemy on its right,
        only the left is offered."""
        sc, a, _d = scene(ACADEMY, enemy=ROOKIE, enemy_at=(470, 300, 180))
        game = free_action(sc, a)
        game.answer("barrel_roll")
        # the only side is taken unasked: the positions to the left are asked
        assert game.decision.kind == "barrel_roll_position" and " left " in \
            game.decision.prompt

    def test_faq_no_barrel_roll_when_no_side_is_possible(self):
        """With ships on both sides the barrel roll cannot be performed, so it is not
        offered (the player declares a different action); it is not a failed action."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(470, 300, 180))
        sc.ship(ROOKIE, player=2, at=(330, 300, 180))
        game = free_action(sc, a)
        assert "barrel_roll" not in values(game) and "focus" in values(game)


# ------------------------------------------------------------------------ boost
class TestBoost1e:
    def test_faq_a_blocked_template_is_not_declared(self):
        """FAQ (1e), Performing a Boost: a template that cannot place the ship is not
        performed - another is declared: with an enemy ahead on the right, the right bank
        is not offered, the straight and the left bank are."""
        sc, a, _d = scene("1e-awing-greensquadronpilot", enemy=ROOKIE, enemy_at=(440, 395, 180))
        game = free_action(sc, a)
        game.answer("boost")
        assert values(game) == ["left", "straight"]

    def test_boost_from_the_front_guides(self):
        """Reference card (1e) "Boost Action": the [1 straight] between the front guides
        moves a small ship 40 mm + its base ahead."""
        sc, a, _d = scene("1e-awing-greensquadronpilot", enemy=ROOKIE, enemy_at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("boost")
        game.answer("straight")
        assert round(game.state.ships[a].pose.y) == 380


# ------------------------------------------------------------ the ships in play
def _generic_pilots() -> dict[str, Pilot]:
    """A pilot of each non-huge first-edition ship type, one without an ability where the
    ship has one."""
    found: dict[str, Pilot] = {}
    for pilot in sorted(first_edition_cards().pilots, key=lambda p: p.has_ability):
        if pilot.ship not in found and not pilot.epic:
            found[pilot.ship] = pilot
    return found


class TestShipsPlayable:
    def test_no_non_huge_ship_has_an_unplayed_action(self):
        """Every non-huge first-edition ship type's action bar is played (cloak, SLAM,
        reinforce, jam, reload, coordinate and rotate arc included)."""
        found = {s.xws: unplayed_rules("1e-" + s.xws) for s in load_cards_1e().ships
                 if s.size != "huge"}
        assert {k: v for k, v in found.items() if v} == {}

    def test_a_game_with_a_pilot_of_each_ship_starts(self):
        """A game with a pilot of each non-huge ship type (a generic one where the ship has
        one; else one whose ability is played: AP-5 for the Sheathipede-class shuttle)
        against a Rookie Pilot starts, the ships of the actions above among them."""
        started = []
        for ship, pilot in _generic_pilots().items():
            if pilot.has_ability and not CARDS.implements("pilot", pilot.xws):
                pilot = next((p for p in first_edition_cards().pilots if p.ship == ship
                              and CARDS.implements("pilot", p.xws)), None)
                if pilot is None:
                    continue
            sc = Scene(ruleset="1e")
            sc.ship(pilot.xws, at=(400, 300, 0))
            sc.ship(ROOKIE, player=2, at=(400, 800, 180))
            game = sc.game()
            assert game.decision is not None and game.decision.kind == "set_dial"
            started.append(ship)
        for ship in ("1e-tiephantom", "1e-kwing", "1e-lancerclasspursuitcraft",
                     "1e-upsilonclassshuttle", "1e-sheathipedeclassshuttle",
                     "1e-auzituckgunship", "1e-alphaclassstarwing",
                     "1e-m12lkimogilafighter", "1e-tiereaper"):
            assert ship in started
