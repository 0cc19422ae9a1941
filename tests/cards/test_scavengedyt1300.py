"""Scavenged YT-1300 pilots: each card in a scene built for it, compared with the same
scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose, Ship, beyond_range
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    answer,
    finish,
    modify_with,
    offers,
    pass_all,
    pass_on,
    skip_to,
    values,
)

ROCK = "core2asteroid3"


def asked(game) -> list[tuple[str, str]]:
    """Pass on every decision to the end; the (kind, ship) of each one asked."""
    found = []
    while game.decision is not None:
        found.append((game.decision.kind, game.decision.ship))
        pass_on(game)
    return found


# -------------------------------------------------------------------------- Rey
class TestRey:
    def attack(self, pilot: str, turret: str = "front", use: bool = True):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), turret=turret)
        tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
        game = sc.attack(me, tie, dice=["blank", "hit", "hit"], defense=["blank"] * 3)
        return game, me, tie

    def test_front_arc_blank_to_hit(self):
        """The TIE is in Rey's front arc: she spends 1 Force to turn her blank into a hit
        and deals 3 damage; passing, 2."""
        game, me, tie = self.attack("rey")
        skip_to(game, "modify_attack_dice", me)
        modify_with(game, "rey")
        finish(game)
        assert len(game.state.ships[tie].damage) == 3
        assert game.state.ships[me].force == 1
        game, me, tie = self.attack("rey")
        finish(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_not_outside_her_front_arc(self):
        """The TIE is behind her (her turret covers front and rear): no Force offer."""
        sc = Scene()
        me = sc.ship("rey", at=(400, 300, 0), turret="front")
        tie = sc.ship("academypilot", player=2, at=(400, 80, 0))
        game = sc.attack(me, tie, dice=["blank", "hit", "hit"], defense=["blank"] * 3)
        assert not offers(game, "rey")


# --------------------------------------------------------------------- Chewbacca
class TestChewbacca:
    def scene(self, me_at=(400, 300, 0)):
        sc = Scene()
        me = sc.ship("chewbacca-scavengedyt1300", at=me_at, turret="front")
        friend = sc.ship("logisticsdivisionpilot", at=(250, 300, 0), shields=0,
                         damage=tuple(DamageCard("blindedpilot", False, 81 + k)
                                      for k in range(4)))
        tie = sc.ship("academypilot", player=2, at=(330, 520, 180))
        game = sc.attack(tie, friend, dice=["hit", "hit"], defense=["blank"])
        return game, me, friend, tie

    def test_a_friend_destroyed_he_acts_then_attacks(self):
        """The TIE destroys a friendly transport at range 1 of Chewbacca: he performs a
        focus action, then is offered a bonus attack."""
        game, me, friend, _ = self.scene()
        skip_to(game, "use_ability", me)
        game.answer("use")
        answer(game, "perform_action", "focus", me)
        assert game.state.ships[me].has(Token.FOCUS)
        assert game.decision.ship == me and "none" in values(game)
        assert game.state.ships[friend].destroyed

    def test_too_far_nothing(self):
        """The destroyed transport is beyond range 3 of him: nothing is offered."""
        game, me, friend, _ = self.scene(me_at=(850, 60, 0))
        assert ("use_ability", me) not in asked(game)
        assert game.state.ships[friend].destroyed


# ------------------------------------------------------------------ Poe Dameron
POE = "poedameron-scavengedyt1300"


class TestPoeDameron:
    def fly(self, use: bool, rock: bool = True):
        sc = Scene()
        me = sc.ship(POE, at=(400, 300, 0), charges={POE: 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        if rock:
            sc.obstacle(ROCK, 400, 420)
        game = sc.game()
        game.state.ships[me].dial_set = "2FB"
        start_at(game, Activate(me), phase="activation")
        load_dice(game, ["blank"] * 3)
        return game, me

    def test_spending_a_charge_ignores_the_asteroid(self):
        """An asteroid lies on his [2 straight]: spending his charge he ignores it and
        keeps his shields; declining, he suffers the asteroid."""
        game, me = self.fly(True)
        shields = game.state.ships[me].shields
        answer(game, "use_ability", "use", me)
        pass_all(game)
        assert game.state.ships[me].shields == shields
        assert game.state.ships[me].charges[POE].active == 0
        game, me = self.fly(False)
        answer(game, "use_ability", "decline", me)
        pass_all(game)
        assert game.state.ships[me].shields < shields

    def test_no_obstacle_no_offer(self):
        """With no obstacle in play the charge is not offered before the maneuver."""
        game, me = self.fly(True, rock=False)
        pass_all(game)
        assert game.state.ships[me].charges[POE].active == 1

    def act(self, charges: int):
        sc = Scene()
        me = sc.ship(POE, at=(400, 300, 0), charges={POE: charges},
                     damage=(DamageCard("blindedpilot", False, 81),))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[me].dial_set = "2FB"
        start_at(game, Activate(me), phase="activation")
        return game, me

    def test_red_barrel_roll_exposes_a_card(self):
        """After his [2 straight], 2 charges buy a red barrel roll; then his facedown
        damage card is exposed."""
        game, me = self.act(2)
        answer(game, "use_ability", "use", me)
        answer(game, "perform_action", "barrel_roll", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert ship.damage[0].faceup and ship.count(Token.STRESS) == 1
        assert ship.charges[POE].active == 0

    def test_white_boost_exposes_nothing(self):
        """A white boost instead: no card is exposed, no stress."""
        game, me = self.act(2)
        answer(game, "use_ability", "use", me)
        answer(game, "perform_action", "boost", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert not ship.damage[0].faceup and not ship.stressed

    def test_one_charge_is_not_enough(self):
        """With 1 charge nothing is offered after the maneuver."""
        game, me = self.act(1)
        assert ("use_ability", me) not in asked(game)
        assert not game.state.ships[me].damage[0].faceup


# ------------------------------------------------------------- Lando Calrissian
LANDO = "landocalrissian-scavengedyt1300"


class TestLandoCalrissian:
    def scene(self, pilot: str = LANDO, charges: int = 3):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), **({"charges": {LANDO: charges}}
                                                 if pilot == LANDO else {}))
        friend = sc.ship("logisticsdivisionpilot", at=(250, 300, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("boost")
        answer(game, "boost_direction", "straight", me)
        return game, me, friend

    def test_red_boost_lets_a_stressed_friend_act(self):
        """After his red boost Lando spends 1 charge to choose the stressed transport; it
        performs a focus action despite its stress."""
        game, me, friend = self.scene()
        skip_to(game, "use_ability", me)
        game.answer("use")
        answer(game, "use_ability", friend, me)
        answer(game, "use_ability", "done", me)
        answer(game, "perform_action", "focus", friend)
        pass_all(game)
        assert game.state.ships[friend].has(Token.FOCUS)
        assert game.state.ships[me].charges[LANDO].active == 2

    def test_generic_pilot_gives_nothing(self):
        """The Resistance Sympathizer's red boost lets nobody act."""
        game, me, _ = self.scene("resistancesympathizer")
        assert ("use_ability", me) not in asked(game)
        assert game.state.ships[me].count(Token.STRESS) == 1  # the boost was red

    def test_without_charges_nothing(self):
        """With no charge left nothing is offered."""
        game, me, _ = self.scene(charges=0)
        assert ("use_ability", me) not in asked(game)
        assert game.state.ships[me].count(Token.STRESS) == 1


# ---------------------------------------------------------------------- Han Solo
class TestHanSolo:
    def placing(self, pilot: str):
        """Setup answered with first options until the YT-1300 is asked its place (the
        enemy TIE, initiative 1, is placed before it)."""
        sc = Scene()
        sc.ship(pilot)
        sc.ship("academypilot", player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
        while not (game.decision.kind == "place_ship" and game.decision.ship == "p1.1"):
            game.answer(game.decision.options[0].key)
        return game

    @staticmethod
    def far(game, x: float, y: float) -> bool:
        han = game.state.ships["p1.1"]
        body = Ship("p1.1", Pose(x, y, 0.0), han.size)
        return all(beyond_range(body, e.body, 3) for e in game.state.in_play()
                   if e.owner != han.owner)

    def test_offers_places_beyond_range_3_of_enemies_anywhere(self):
        """Setup: Han may be placed anywhere beyond range 3 of enemy ships, besides his
        deployment area: the places offered reach the middle of the play area, and each
        one beyond his edge's range 1 is beyond range 3 of the enemy TIE. A generic
        Scavenged YT-1300 is offered places along its edge only."""
        game = self.placing("hansolo-scavengedyt1300")
        offered = [(o.info["x"], o.info["y"]) for o in game.decision.options]
        inland = [(x, y) for x, y in offered if y > 200]
        assert inland and all(self.far(game, x, y) for x, y in inland)
        plain = self.placing("resistancesympathizer")
        assert all(o.info["y"] < 100 for o in plain.decision.options)

    def test_a_free_place_is_checked_against_the_rule(self):
        """A free {x, y, heading}: in the middle of the table far from the enemy it is
        accepted; within range 3 of the enemy TIE (placed at its edge) it is refused."""
        game = self.placing("hansolo-scavengedyt1300")
        enemy = next(s for s in game.state.in_play() if s.owner == 2)
        near = {"x": enemy.pose.x, "y": enemy.pose.y - 250, "heading": 0}
        assert not self.far(game, near["x"], near["y"])
        with pytest.raises(IllegalChoiceError):
            game.answer(near)
        game.answer({"x": 450, "y": 400, "heading": 0})
        assert (game.state.ships["p1.1"].pose.x, game.state.ships["p1.1"].pose.y) == (450, 400)
