"""V-19 Torrent Starfighter pilots: each test sets a scene, states the card's rule and shows
the ability changing the outcome (the same scene without the card, or where it must not
trigger).

Geometry: player 1's ships face +y, player 2's face -y (a ship facing +y has its right arc
towards +x); small bases are 40 mm wide and range bands 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.acting import granted
from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import activation, answer, finish, values


def barrel_roll(game, ship: str) -> None:
    """The ship barrel rolls left (middle position) in its Perform Action step."""
    answer(game, "perform_action", "barrel_roll", ship)
    answer(game, "barrel_roll_direction", "left", ship)
    answer(game, "barrel_roll_position", "middle", ship)


def kickback_scene(pilot: str):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 550, 180))
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    barrel_roll(game, ship)
    return game, ship, enemy


# ------------------------------------------------------------------- "Kickback"
class TestKickback:
    def test_a_red_lock_after_the_barrel_roll(self):
        """"Kickback" barrel rolls: he may then perform a red lock action (stress gained);
        declining, he has no lock."""
        game, ship, enemy = kickback_scene("kickback")
        answer(game, "order_abilities", f"{ship}:kickback#0")
        assert values(game) == ["lock", "decline"]
        game.answer("lock")
        answer(game, "lock_target", enemy, ship)
        s = game.state.ships[ship]
        assert s.locks == [enemy] and s.count(Token.STRESS) == 1

        game, ship, enemy = kickback_scene("kickback")
        answer(game, "order_abilities", f"{ship}:kickback#0")
        game.answer("decline")
        assert game.state.ships[ship].locks == []

    def test_not_after_another_action(self):
        """After a focus action nothing is offered."""
        sc = Scene()
        ship = sc.ship("kickback", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None


class TestKickbackSiegeOfCoruscant:
    def test_gain_strain_to_treat_the_lock_as_white(self):
        """The Siege of Coruscant "Kickback" may gain 1 strain token to treat the red lock
        action as white: he locks with a strain token and no stress, so he can still take
        the linked evade; as red, he gets the stress token instead."""
        game, ship, enemy = kickback_scene("kickback-siegeofcoruscant")
        answer(game, "order_abilities", f"{ship}:kickback-siegeofcoruscant#0")
        assert values(game) == ["lock", "strain", "decline"]
        game.answer("strain")
        answer(game, "lock_target", enemy, ship)
        s = game.state.ships[ship]
        assert s.locks == [enemy] and s.count(Token.STRAIN) == 1 and not s.stressed
        assert game.decision.kind == "linked_action"

        game, ship, enemy = kickback_scene("kickback-siegeofcoruscant")
        answer(game, "order_abilities", f"{ship}:kickback-siegeofcoruscant#0")
        game.answer("lock")
        answer(game, "lock_target", enemy, ship)
        s = game.state.ships[ship]
        assert s.locks == [enemy] and s.stressed and not s.has(Token.STRAIN)


# ------------------------------------------------------------------- "Odd Ball"
class TestOddBall:
    @pytest.mark.parametrize(("colour", "locked"), [("red", True), ("white", False)])
    def test_a_red_action_locks_the_enemy_in_the_bullseye(self, colour, locked):
        """"Odd Ball" (V-19) performs a focus action with an enemy in his bullseye arc: red,
        he may lock it; white, nothing is offered."""
        sc = Scene()
        ship = sc.ship("oddball", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.at(PerformAction(ship, during_activation=True,
                                   grant=(granted("focus", colour, "test"),),
                                   only=("focus",)), phase="activation")
        game.answer("focus")
        if locked:
            answer(game, "use_ability", enemy, ship)
        assert (game.state.ships[ship].locks == [enemy]) is locked
        assert game.decision is None


# ---------------------------------------------------------------------- "Swoop"
def swoop_scene(mover: str, dial: str, swoop_at=(300, 460, 0)):
    """A friendly ship at (400, 300) executes ``dial``; "Swoop" waits at ``swoop_at``."""
    sc = Scene()
    swoop = sc.ship("swoop", at=swoop_at)
    friend = sc.ship(mover, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return activation(sc, friend, dial), swoop, friend


class TestSwoop:
    def test_a_friend_boosts_after_a_speed_3_maneuver(self):
        """A friendly V-19 fully executes a speed 3 straight and ends at range 1 of Swoop:
        it may perform a red boost action (and gains a stress token)."""
        game, _swoop, friend = swoop_scene("bluesquadronprotector", "3FB")
        assert game.decision.kind == "use_ability"
        y = game.state.ships[friend].body.pose.y
        game.answer("boost")
        answer(game, "boost_direction", "straight", friend)
        s = game.state.ships[friend]
        assert s.body.pose.y > y + 30 and s.stressed

    def test_not_at_speed_2_nor_out_of_range(self):
        """A speed 2 maneuver, or a speed 3 one ending beyond range 1 of Swoop: the ship
        goes on to its Perform Action step."""
        game, _swoop, friend = swoop_scene("bluesquadronprotector", "2FB")
        assert game.decision.kind == "perform_action" and game.decision.ship == friend
        game, _swoop, friend = swoop_scene("bluesquadronprotector", "3FB",
                                           swoop_at=(100, 460, 0))
        assert game.decision.kind == "perform_action" and game.decision.ship == friend

    def test_swoop_herself(self):
        """Swoop is a friendly ship at range 0 of herself (ruling): after her own speed 3
        maneuver she may perform the red boost."""
        sc = Scene()
        swoop = sc.ship("swoop", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, swoop, "3FB")
        assert game.decision.kind == "use_ability" and "boost" in values(game)


# ------------------------------------------------------------------------ "Axe"
def axe_scene(pilot: str, friend: str, friend_at=(520, 300, 0), defend: bool = False):
    sc = Scene()
    axe = sc.ship(pilot, at=(400, 300, 0), tokens={"focus": 1})
    mate = sc.ship(friend, at=friend_at)
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    if defend:
        game = sc.attack(tie, axe, dice=["blank", "blank"], defense=["blank", "blank"])
    else:
        game = sc.attack(axe, tie, dice=["blank", "blank"], defense=["blank"] * 3)
    return game, axe, mate, tie


class TestAxe:
    @pytest.mark.parametrize("defend", [False, True])
    def test_transfer_a_green_token(self, defend):
        """After attacking (or defending), Axe transfers his focus token to a friendly ship
        at range 1 in his right arc; declining, he keeps it."""
        game, axe, mate, _tie = axe_scene("axe", "bluesquadronprotector", defend=defend)
        finish_dice(game)
        assert values(game) == [f"{mate}:focus", "decline"]
        game.answer(f"{mate}:focus")
        assert game.state.ships[mate].count(Token.FOCUS) == 1
        assert not game.state.ships[axe].has(Token.FOCUS)

    def test_not_to_a_ship_behind_him(self):
        """The friend is behind him (his rear, not his side arcs): nothing is offered."""
        game, axe, mate, _tie = axe_scene("axe", "bluesquadronprotector",
                                          friend_at=(400, 150, 0))
        finish(game)
        assert game.state.ships[axe].count(Token.FOCUS) == 1
        assert not game.state.ships[mate].has(Token.FOCUS)


def finish_dice(game) -> None:
    """Pass on the dice until a use_ability decision (or the end)."""
    while game.decision is not None and game.decision.kind != "use_ability":
        game.answer("done")


class TestAxeSiegeOfCoruscant:
    def test_a_born_for_this_friend_gains_a_lock_on_the_defender(self):
        """After attacking, the Siege of Coruscant Axe chooses another friendly ship with
        Born for This in his right arc: it gains a lock on the defender."""
        game, _axe, mate, tie = axe_scene("axe-siegeofcoruscant", "kickback-siegeofcoruscant")
        finish_dice(game)
        assert values(game) == [mate, "decline"]
        game.answer(mate)
        assert game.state.ships[mate].locks == [tie]

    def test_not_a_ship_without_born_for_this(self):
        """A friend without Born for This in the same place is not offered."""
        game, _axe, mate, _tie = axe_scene("axe-siegeofcoruscant", "bluesquadronprotector")
        finish(game)
        assert game.state.ships[mate].locks == []


# --------------------------------------------------------------------- "Tucker"
def tucker_scene(heading: float):
    sc = Scene()
    tucker = sc.ship("tucker", at=(300, 300, heading))
    friend = sc.ship("bluesquadronprotector", at=(420, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(friend, tie, dice=["blank", "blank"], defense=["blank"] * 3)
    return game, tucker


class TestTucker:
    def test_focus_after_a_friends_attack_on_an_enemy_in_his_front_arc(self):
        """A friendly ship at range 1 attacks a TIE in Tucker's front arc: Tucker may
        perform a focus action."""
        game, tucker = tucker_scene(0)
        finish_dice(game)
        answer(game, "use_ability", "focus", tucker)
        assert game.state.ships[tucker].count(Token.FOCUS) == 1

    def test_not_when_the_enemy_is_outside_his_front_arc(self):
        """Tucker faces away: the TIE is not in his front arc, nothing is offered."""
        game, tucker = tucker_scene(180)
        finish(game)
        assert not game.state.ships[tucker].has(Token.FOCUS)


# -------------------------------------------------------------------- "Slammer"
class TestSlammer:
    def test_spend_2_charges_to_slam_even_while_stressed(self):
        """"Slammer", stressed, fully executes a white 2 turn: he may spend 2 charges to
        perform a SLAM action anyway (a speed 2 maneuver, then a disarm token)."""
        sc = Scene()
        ship = sc.ship("slammer", at=(400, 200, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ship, "2TW")
        assert values(game) == ["slam", "decline"]
        game.answer("slam")
        assert game.decision.kind == "slam_maneuver"
        game.answer("2FB")
        s = game.state.ships[ship]
        assert s.charges["slammer"].active == 0 and s.has(Token.DISARM)

    def test_not_with_one_charge(self):
        """With 1 charge the SLAM is not offered: his Perform Action step comes next."""
        sc = Scene()
        ship = sc.ship("slammer", at=(400, 200, 0), charges={"slammer": 1})
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = activation(sc, ship, "2TW")
        assert game.decision.kind == "perform_action"
