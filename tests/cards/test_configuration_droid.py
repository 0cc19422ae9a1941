"""Configurations of the Separatist droid fighters: each test sets a scene, states the
card's rule and shows the ability changing the outcome.

Geometry: player 1's ships face +y; a [5 straight] template is 200 mm long, so a Vulture at
y 300 flies over an asteroid at y 410 and ends clear of it, while a [2 straight] ends on it.
The obstacle's die is loaded to show a hit."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine.effects import flip_upgrade
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import Activate
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tallon.squads import build_squad
from tests.cards.helpers import Give, Hurt, values

STRUT_LOCK = "strutlockoverride-siegeofcoruscant"


class TestStrutLockOverride:
    def fly(self, code, answer, upgrades=(STRUT_LOCK,)):
        sc = Scene()
        me = sc.ship("dfs311-siegeofcoruscant", at=(400, 300, 0), upgrades=upgrades)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        sc.obstacle("core2asteroid5", 400, 410)
        game = sc.game()
        load_dice(game, ["hit"])
        game.state.ships[me].dial_set = code
        start_at(game, Activate(me), phase="activation")
        if answer is not None:
            assert game.decision.kind == "use_ability"
            game.answer(answer)
        return game, game.state.ships[me]

    def test_ignores_the_asteroid_it_moves_through(self):
        """Spending a charge at the start of its activation, the Vulture flies a [5
        straight] through an asteroid: it suffers nothing and may act."""
        game, me = self.fly("5FW", "use")
        assert not me.damage and me.charges[STRUT_LOCK].active == 1
        assert game.decision.kind == "perform_action"

    @pytest.mark.parametrize("answer, upgrades", [("decline", (STRUT_LOCK,)), (None, ())])
    def test_without_it_the_asteroid_hurts(self, answer, upgrades):
        """Declined (or without the card): the asteroid deals 1 damage and 1 for the hit."""
        _game, me = self.fly("5FW", answer, upgrades)
        assert len(me.damage) == 2

    def test_not_an_asteroid_it_ends_on(self):
        """Ending the [2 straight] on the asteroid is overlapping it, not only moving
        through it: the effects apply and the Perform Action step is skipped."""
        game, me = self.fly("2FB", "use")
        assert len(me.damage) == 2
        assert game.decision is None or game.decision.kind != "perform_action"


# ---------------------------------------------------- Grappling / Landing Struts
def side(game, ship_id, card):
    return next(s for kind, xws, s in game.state.ships[ship_id].cards if xws == card)


class TestGrapplingStruts:
    def land(self, card="grapplingstruts", pilot="tradefederationdrone", answer="use",
             code="2FB", friends=0):
        """The ship flies ``code`` onto an asteroid at y 410 (a [2 straight] ends on it);
        ``friends`` other friendly ships already sit at range 0 of it."""
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=[card])
        for k in range(friends):
            sc.ship("tradefederationdrone", at=(350 + 100 * k, 390, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        sc.obstacle("core2asteroid5", 400, 410)
        game = sc.game()
        load_dice(game, ["hit"])
        game.state.ships[me].dial_set = code
        start_at(game, Activate(me), phase="activation")
        if answer is not None:
            assert game.decision.kind == "use_ability"
            game.answer(answer)
        return game, me

    @pytest.mark.parametrize("card, pilot", [("grapplingstruts", "tradefederationdrone"),
                                             ("landingstruts", "technounionbomber")])
    def test_lands_on_the_asteroid_unharmed(self, card, pilot):
        """Closed: ending its maneuver on an asteroid, it flips the card (open) and suffers
        none of the overlap's effects: no damage, and it may act (but not barrel roll)."""
        game, me = self.land(card, pilot)
        assert side(game, me, card) == 1
        assert not game.state.ships[me].damage
        assert game.decision.kind == "perform_action"
        assert "barrel_roll" not in game.decision.option_keys()

    def test_declined_the_asteroid_hurts(self):
        """Declined: the asteroid deals 2 damage (1, and 1 for the hit) and the ship skips
        its Perform Action step."""
        game, me = self.land(answer="decline")
        assert side(game, me, "grapplingstruts") == 0
        assert len(game.state.ships[me].damage) == 2
        assert game.decision is None or game.decision.kind != "perform_action"

    def test_not_with_2_other_friendly_ships_on_the_asteroid(self):
        """One other friendly ship at range 0 of the asteroid still leaves room; two do
        not."""
        game, me = self.land(friends=1)
        assert side(game, me, "grapplingstruts") == 1
        game, me = self.land(answer=None, friends=2)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert side(game, me, "grapplingstruts") == 0

    def test_not_over_an_asteroid_it_only_flies_through(self):
        """A [5 straight] over the asteroid ends clear of it: nothing to land on."""
        game, me = self.land(answer=None, code="5FW")
        assert side(game, me, "grapplingstruts") == 0
        assert len(game.state.ships[me].damage) == 2

    def landed(self, code, stress=1):
        """Landed last round (open); this round it has a stress token and reveals
        ``code``."""
        game, me = self.land()
        while game.decision is not None:
            game.answer("pass")
        ship = game.state.ships[me]
        start_at(game, Give(me, "stress", stress), phase="activation")
        ship.dial_set = code
        start_at(game, Activate(me), phase="activation")
        return game, ship

    def test_open_it_stays_turns_and_sheds_stress(self):
        """Open, on the asteroid, revealing a [1 turn left]: it skips its Execute Maneuver
        step, removes 1 stress token and turns 90 degrees left in place; the card stays
        open."""
        game, ship = self.landed("1TW")
        assert (ship.body.pose.x, ship.body.pose.y, ship.body.pose.heading) == (400, 420, 270)
        assert not ship.stressed
        assert side(game, ship.id, "grapplingstruts") == 1

    def test_open_a_2_straight_takes_off_and_closes(self):
        """Open, revealing a [2 straight]: it flies off the asteroid and the card flips
        closed after the maneuver."""
        game, ship = self.landed("2FB", stress=0)
        while game.decision is not None:
            game.answer("pass")
        assert ship.body.pose.y == 540
        assert side(game, ship.id, "grapplingstruts") == 0

    def test_starts_closed_without_a_choice(self):
        """Setup: equipped closed side faceup; the owner is not asked (the S-foils of an
        X-wing are)."""
        squads = (build_squad("separatistalliance",
                              [("tradefederationdrone", ["grapplingstruts"])]),
                  build_squad("galacticempire", [("academypilot", [])]))
        game = Game(GameSetup(squads=squads, seed=3, cards=CARDS))
        kinds = []
        for _ in range(40):
            d = game.decision
            if d is None or d.kind == "set_dial":
                break
            kinds.append(d.kind)
            game.answer(d.options[0].key)
        assert "place_ship" in kinds and "upgrade_side" not in kinds
        assert side(game, "p1.1", "grapplingstruts") == 0


# ------------------------------------------------------------ The Iron Assembler
class TestTheIronAssembler:
    def scene(self, pilot="theironassembler", x=500.0, damage=1):
        """A Vulture landed on an asteroid (Grappling Struts open) reveals a [1 turn left]
        and skips its Execute Maneuver step; ``pilot`` stands at ``x`` beside it."""
        sc = Scene()
        me = sc.ship("tradefederationdrone", at=(400, 420, 0), upgrades=["grapplingstruts"])
        helper = sc.ship(pilot, at=(x, 420, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        sc.obstacle("core2asteroid5", 400, 410)
        game = sc.game()
        ship = game.state.ships[me]
        flip_upgrade(game, ship, "grapplingstruts", 1)
        stack_deck(game, 1, ["directhit"] * 3)
        for _ in range(damage):
            start_at(game, Hurt(me, 1), phase="activation")
        ship.dial_set = "1TW"
        start_at(game, Activate(me), phase="activation")
        return game, ship, game.state.ships[helper]

    def test_repairs_the_landed_ship(self):
        """The Iron Assembler at range 1 spends 1 charge: the landed ship repairs its
        facedown damage card."""
        game, ship, assembler = self.scene()
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"facedown", "decline"}
        game.answer("facedown")
        assert not ship.damage
        assert assembler.charges["theironassembler"].active == 2

    def test_not_beyond_range_1_nor_another_pilot_nor_undamaged(self):
        for pilot, x, damage in (("theironassembler", 700.0, 1),
                                 ("tradefederationdrone", 500.0, 1),
                                 ("theironassembler", 500.0, 0)):
            game, ship, _ = self.scene(pilot, x, damage)
            assert game.decision is None or game.decision.kind != "use_ability"
            assert len(ship.damage) == damage
