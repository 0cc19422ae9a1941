"""Condition cards of src/tallon/cards/conditions_2.py: I'll Show You the Dark Side,
Optimized Prototype, Primed for Speed, Rattled, Sickening Maneuver, Trials of the
Darksaber and It's the Resistance (assigned by GA-97 at setup: the ship starts in reserve).

Each condition is assigned directly in the scene (``Assign``, the engine's
``assign_condition``) or put on the ship as a judge would; the cards the conditions look
for are stand-ins without abilities (see tests/cards/test_conditions.py).

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.common import recalled
from tallon.engine.actions import PerformAction
from tallon.engine.conditions import has_condition
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.payloads import Detonate, PlacedDevice
from tallon.engine.reserve import in_reserve
from tallon.engine.rounds import Activate, CheckEnd, StartRound
from tallon.engine.state import ConditionCard, DamageCard, Token
from tallon.engine.view import player_view
from tallon.geometry import Pose, Ship, beyond_range
from tallon.scene import Scene, declare, stack_deck, start_at
from tests.cards.helpers import (
    Hurt,
    answer,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
    values,
)
from tests.cards.test_conditions import STANDINS, Assign

DARK = "illshowyouthedarkside"
PILOT_CARDS = {"blindedpilot", "consoleFire", "damagedcockpit", "loosestabilizer",
               "woundedpilot", "panickedpilot", "stunnedpilot"}


# ------------------------------------------------------ I'll Show You the Dark Side
class TestIllShowYouTheDarkSide:
    def scene(self, shields: int = 0, assign: bool = True):
        sc = Scene()
        sc.ship("academypilot", at=(400, 300, 0))
        victim = sc.ship("wedgeantilles", player=2, at=(400, 500, 180))
        other = sc.ship("lukeskywalker", player=2, at=(250, 500, 180))
        game = sc.game()
        game.state.ships[victim].shields = shields
        if assign:
            start_at(game, Assign(victim, DARK, 1), phase="activation")
        return game, victim, other

    def test_the_assigning_player_places_a_pilot_damage_card_on_it(self):
        """When assigned with no damage card on it, the player who assigned it takes a
        Pilot damage card of their choice from the damage deck (the ship's player's: the
        deck its cards come from) and places it faceup on the condition."""
        game, victim, _ = self.scene()
        deck = game.state.player(2).deck
        before = len(deck)
        d = game.decision
        assert d.kind == "use_ability" and d.player == 1
        assert "blindedpilot" in values(game) and "directhit" not in values(game)
        game.answer("blindedpilot")
        assert len(deck) == before - 1
        assert recalled(game.state.ships[victim], f"{DARK}:on:1") == "blindedpilot"
        # the opponent's view does not show the question's options
        assert player_view(game, 2)["decision"] is None or \
            "options" not in player_view(game, 2)["decision"]

    def test_a_critical_damage_deals_that_card_instead_then_the_card_leaves(self):
        """Instead of suffering 1 critical damage the ship is dealt the faceup card on the
        condition (its shield stays), then the condition is removed. Without the
        condition the crit takes the shield."""
        game, victim, _ = self.scene(shields=1)
        game.answer("blindedpilot")
        start_at(game, Hurt(victim, hits=0, crits=1), phase="activation")
        pass_all(game)
        ship = game.state.ships[victim]
        assert ship.shields == 1
        assert [(d.card, d.faceup) for d in ship.damage] == [("blindedpilot", True)]
        assert not has_condition(ship, DARK)
        game, victim, _ = self.scene(shields=1, assign=False)
        ship = game.state.ships[victim]
        start_at(game, Hurt(victim, hits=0, crits=1), phase="activation")
        pass_all(game)
        assert ship.shields == 0 and ship.damage == ()

    def test_regular_damage_first_then_the_card_then_the_other_crits(self):
        """2 hits and 2 crits on a ship with 2 shields: the hits take the shields, the
        first crit deals the card on the condition, the second crit a faceup card from the
        deck."""
        game, victim, _ = self.scene(shields=2)
        game.answer("blindedpilot")
        stack_deck(game, 2, ["blindedpilot"])  # its second copy: the second crit's card
        start_at(game, Hurt(victim, hits=2, crits=2), phase="activation")
        pass_all(game)
        ship = game.state.ships[victim]
        assert ship.shields == 0
        assert [(d.card, d.faceup) for d in ship.damage] == [("blindedpilot", True)] * 2
        assert not game.state.player(2).deck.count("blindedpilot")

    def test_regular_damage_alone_leaves_it_in_place(self):
        """Regular damage is not critical damage: the condition stays."""
        game, victim, _ = self.scene(shields=0)
        game.answer("blindedpilot")
        start_at(game, Hurt(victim, hits=1), phase="activation")
        pass_all(game)
        ship = game.state.ships[victim]
        assert has_condition(ship, DARK) and not ship.damage[0].faceup

    def test_assigned_again_the_card_keeps_its_damage_card(self):
        """Limited 1: assigned to another ship, the instance moves
        (RR: LIMITED CONDITIONS); the damage card on it stays on it, so there is no new
        search."""
        game, victim, other = self.scene()
        game.answer("blindedpilot")
        deck = len(game.state.player(2).deck)
        start_at(game, Assign(other, DARK, 1), phase="activation")
        pass_all(game)
        assert not has_condition(game.state.ships[victim], DARK)
        assert recalled(game.state.ships[other], f"{DARK}:on:1") == "blindedpilot"
        assert len(game.state.player(2).deck) == deck


# ---------------------------------------------------------------- Optimized Prototype
class TestOptimizedPrototype:
    def scene(self, locked: bool = True, dice=("focus", "blank", "blank")):
        sc = Scene(cards=STANDINS)
        krennic = sc.ship("imperialsupercommando", at=(250, 300, 0),
                          upgrades=["directorkrennic"])
        holder = sc.ship("academypilot", at=(400, 400, 0))
        target = sc.ship("lukeskywalker", player=2, at=(400, 500, 180))
        game = engage(sc, holder, list(dice), ["blank", "blank"])
        if locked:
            game.state.ships[krennic].locks = [target]
        game.state.ships[holder].conditions = (ConditionCard("optimizedprototype", 1),)
        declare(game, holder, target)
        skip_dice(game, "modify_attack_dice", holder)
        return game, holder, target

    def test_a_result_spent_takes_a_shield_from_the_defender(self):
        """Optimized Prototype: in a front-arc primary attack against a ship a friendly
        Director Krennic ship has locked, the ship may spend a hit, critical hit or focus
        result; then the defender loses 1 shield (its player's choice; with no facedown
        damage card the other choice is not there)."""
        game, _, target = self.scene()
        shields = game.state.ships[target].shields
        modify_with(game, "optimizedprototype", "")
        pass_all(game)
        assert game.state.ships[target].shields == shields - 1
        game, _, target = self.scene()
        pass_all(game)
        assert game.state.ships[target].shields == shields

    def test_or_flips_a_facedown_damage_card(self):
        """With a facedown damage card the player may choose to flip it faceup instead."""
        game, holder, target = self.scene()
        game.state.ships[target].damage = (DamageCard("blindedpilot", False, 90),)
        option = next(k for k in values(game) if k.startswith("optimizedprototype"))
        game.answer(option)
        answer(game, "use_ability", "expose", holder)
        assert game.state.ships[target].damage[0].faceup

    def test_not_without_the_krennic_lock(self):
        """Without a friendly Director Krennic ship's lock on the defender nothing is
        offered."""
        game, _, _ = self.scene(locked=False)
        assert game.decision is None or not offers(game, "optimizedprototype")


# ---------------------------------------------------------------- Primed for Speed
class TestPrimedForSpeed:
    def scene(self, primed: bool = True):
        sc = Scene()
        holder = sc.ship("academypilot", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        if primed:
            game.state.ships[holder].conditions = (ConditionCard("primedforspeed", 1),)
        game.state.ships[holder].dial_set = "2FW"
        start_at(game, Activate(holder), phase="activation")
        pass_until(game, "perform_action", holder)
        return game, holder

    def test_a_white_slam_on_the_bar_costs_a_damage_to_shed_the_disarm(self):
        """Primed for Speed adds a white SLAM action to the action bar; after a SLAM the
        ship must suffer 1 hit damage to remove 1 disarm token (the SLAM's)."""
        game, holder = self.scene()
        assert "slam" in values(game)
        game.answer("slam")
        answer(game, "slam_maneuver", "2FB", holder)
        pass_all(game)
        ship = game.state.ships[holder]
        assert not ship.has(Token.DISARM) and len(ship.damage) == 1
        assert not ship.has(Token.STRESS)  # a white action

    def test_without_the_condition_there_is_no_slam(self):
        """A TIE/ln fighter has no SLAM on its bar."""
        game, _ = self.scene(primed=False)
        assert "slam" not in values(game)


# --------------------------------------------------------------------------- Rattled
def bomb_scene(holder_y: float, rattled: bool = True):
    sc = Scene()
    sc.ship("academypilot", at=(400, 100, 0))
    holder = sc.ship("academypilot", player=2, at=(400, holder_y, 180))
    game = sc.game()
    game.state.devices.append(PlacedDevice("ionbomb-1", "ionbombs", "ionbomb", "bomb", 1,
                                           Pose(400, 500, 0), "bomb"))
    game.state.moved()
    if rattled:
        game.state.ships[holder].conditions = (ConditionCard("rattled", 1),)
    return game, holder


class TestRattled:
    def test_a_bomb_detonating_at_range_1_deals_a_critical_damage(self):
        """Rattled: after a bomb or mine at range 0-1 detonates, the ship suffers 1
        critical damage, then the condition is removed (the ion bomb itself deals no
        damage: without Rattled the ship has no damage card)."""
        game, holder = bomb_scene(580)
        stack_deck(game, 2, ["blindedpilot"])
        start_at(game, Detonate("ionbomb-1"), phase="activation")
        pass_all(game)
        ship = game.state.ships[holder]
        assert [(d.card, d.faceup) for d in ship.damage] == [("blindedpilot", True)]
        assert not has_condition(ship, "rattled")
        game, holder = bomb_scene(580, rattled=False)
        start_at(game, Detonate("ionbomb-1"), phase="activation")
        pass_all(game)
        assert game.state.ships[holder].damage == ()

    def test_not_for_a_bomb_at_range_2(self):
        """A bomb detonating at range 2 leaves the ship and the condition alone."""
        game, holder = bomb_scene(680)
        start_at(game, Detonate("ionbomb-1"), phase="activation")
        pass_all(game)
        ship = game.state.ships[holder]
        assert ship.damage == () and has_condition(ship, "rattled")

    def test_the_action_removes_it_only_with_no_bomb_or_mine_near(self):
        """Action: with no bomb or mine at range 0-1, remove the condition; with one at
        range 1 the action is not offered."""
        game, holder = bomb_scene(680)
        start_at(game, PerformAction(holder, during_activation=True), phase="activation")
        answer(game, "perform_action", "rattled", holder)
        assert not has_condition(game.state.ships[holder], "rattled")
        game, holder = bomb_scene(580)
        start_at(game, PerformAction(holder, during_activation=True), phase="activation")
        assert "rattled" not in values(game)


# -------------------------------------------------------------- Sickening Maneuver
class TestSickeningManeuver:
    def activate(self, dial: str, sick: bool = True, stress: int = 0):
        sc = Scene()
        holder = sc.ship("academypilot", at=(400, 300, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        ship = game.state.ships[holder]
        if sick:
            ship.conditions = (ConditionCard("sickeningmaneuver", 1),)
        ship.dial_set = dial
        start_at(game, Activate(holder), phase="activation")
        pass_all(game)
        return game, game.state.ships[holder]

    def test_a_revealed_turn_is_a_sideslip_with_a_strain_token(self):
        """Sickening Maneuver: after revealing a bank or turn, the ship must gain 1 strain
        token and execute it as a sideslip (it ends elsewhere than the turn would take
        it); then the condition is removed."""
        game, ship = self.activate("2TW")
        assert any("as a sideslip" in e["text"] for e in game.log if e["kind"] == "move")
        assert ship.count(Token.STRAIN) == 1 and not has_condition(ship, "sickeningmaneuver")
        _, plain = self.activate("2TW", sick=False)
        assert (round(ship.pose.x), round(ship.pose.y)) != (round(plain.pose.x),
                                                            round(plain.pose.y))
        assert plain.count(Token.STRAIN) == 0

    def test_a_revealed_straight_is_a_red_koiogran_turn(self):
        """A revealed straight is executed as a red Koiogran turn of its speed: the ship
        turns around and gains a stress token."""
        game, ship = self.activate("2FW")
        assert round(ship.pose.heading) % 360 == 180 and ship.count(Token.STRESS) == 1
        assert any("[2KR]" in e["text"] for e in game.log if e["kind"] == "move")

    def test_a_stressed_ship_may_execute_a_red_maneuver(self):
        """While it has the condition a stressed ship executes its red maneuver (here a
        red Koiogran turn revealed as such is no straight, bank or turn: it is executed
        as it is) instead of the stress maneuver."""
        _, ship = self.activate("4KR", stress=1)
        assert round(ship.pose.heading) % 360 == 180
        _, plain = self.activate("4KR", sick=False, stress=1)
        assert round(plain.pose.heading) % 360 == 0  # the [2 straight] stress maneuver


# ------------------------------------------------------------ Trials of the Darksaber
TRIALS = "trialsofthedarksaber"


class TestTrialsOfTheDarksaber:
    def attack(self, their_points: int = 3, target_y: float = 400):
        sc = Scene()
        holder = sc.ship("academypilot", at=(400, 300, 0))
        target = sc.ship("lukeskywalker", player=2, at=(400, target_y, 180))
        game = engage(sc, holder, ["crit", "hit", "hit"], ["blank", "blank"])
        game.state.player(1).mission_points = 0
        game.state.player(2).mission_points = their_points
        game.state.ships[holder].conditions = (ConditionCard(TRIALS, 1),)
        declare(game, holder, target)
        skip_dice(game, "modify_attack_dice", holder)
        return game, holder

    def test_a_critical_hit_spent_takes_a_victory_point(self):
        """Trials of the Darksaber: attacking at range 0-2, the ship may spend 1 critical
        hit result; the defender's player, who has scored more, loses 1 point, placed on
        the card."""
        game, holder = self.attack()
        modify_with(game, TRIALS)
        assert game.state.player(2).mission_points == 2
        assert recalled(game.state.ships[holder], f"{TRIALS}:on:1") == 1

    def test_not_when_the_defenders_player_has_not_scored_more(self):
        """With the defender's player not ahead (0 each) there is nothing to take: no
        option (the result would be spent for nothing)."""
        game, _ = self.attack(their_points=0)
        assert game.decision is None or not offers(game, TRIALS)

    def test_not_at_attack_range_3(self):
        """Attack range 3 is beyond 0-2."""
        game, _ = self.attack(target_y=620)
        assert game.decision is None or not offers(game, TRIALS)

    def test_destroyed_at_range_2_the_card_goes_to_the_attacker(self):
        """Destroyed by an enemy ship at attack range 0-2, the card and its victory
        points are assigned to the attacker."""
        sc = Scene()
        attacker = sc.ship("academypilot", player=2, at=(400, 500, 180))
        holder = sc.ship("academypilot", at=(400, 300, 0))
        game = engage(sc, attacker, ["hit", "hit"], ["blank"] * 3)
        ship = game.state.ships[holder]
        ship.conditions = (ConditionCard(TRIALS, 1),)
        ship.card_memory = ((f"{TRIALS}:on:1", 2),)
        ship.damage = (DamageCard("directhit", False, 90), DamageCard("directhit", False, 91))
        declare(game, attacker, holder)
        pass_all(game)
        taker = game.state.ships[attacker]
        assert taker.conditions == (ConditionCard(TRIALS, 1),)
        assert recalled(taker, f"{TRIALS}:on:1") == 2
        assert not has_condition(ship, TRIALS)

    def test_the_points_on_it_score_at_the_end_of_the_game(self):
        """At the end of the game the ship's player scores the points on the card: player
        1's 2 points tie player 2's, a draw instead of player 2's win."""
        def end(points_on_card: int):
            sc = Scene()
            holder = sc.ship("academypilot", at=(400, 300, 0))
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            game.state.round = game.state.last_round
            game.state.player(1).mission_points = 0
            game.state.player(2).mission_points = 2
            ship = game.state.ships[holder]
            ship.conditions = (ConditionCard(TRIALS, 1),)
            if points_on_card:
                ship.card_memory = ((f"{TRIALS}:on:1", points_on_card),)
            start_at(game, CheckEnd(), phase="end")
            return game.state

        state = end(2)
        assert state.over and state.winner is None
        assert state.player(1).mission_points == 2
        state = end(0)
        assert state.winner == 2


# ------------------------------------------------------------ It's the Resistance
RESISTANCE = "itstheresistance"


def _resistance(third: bool = False):
    """GA-97 (player 1, at y 300) assigns It's the Resistance at setup to the other
    friendly ship (its first choice: 3 of its 5 charges), which starts in reserve; an
    enemy at (400, 800). ``third``: a third friendly ship without GA-97."""
    sc = Scene()
    ga97 = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["ga97"])
    held = sc.ship("redsquadronveteran")
    other = sc.ship("redsquadronveteran", at=(200, 300, 0)) if third else None
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc.game(), ga97, held, other


def _by_the_edge_far_from_enemies(game, ship_id, x, y, heading):
    ship = game.state.ships[ship_id]
    body = Ship(ship_id, Pose(x, y, heading), ship.size)
    points = [p for piece in body.range_pieces for p in piece]
    edge = min(max(px for px, _ in points), max(py for _, py in points),
               max(914.4 - px for px, _ in points), max(914.4 - py for _, py in points))
    return edge <= 100.01 and all(beyond_range(body, e.body, 3)
                                  for e in game.state.in_play() if e.owner != ship.owner)


class TestItsTheResistance:
    def test_the_ship_waits_in_reserve_until_ga97s_charges_are_all_active(self):
        """Setup: the ship with the condition starts in reserve (no dial while it waits).
        At the start of a round with GA-97 at 4 of 5 charges it stays; with all 5 active
        it must deploy, before the dials are set: placed within range 1 of an edge and
        beyond range 3 of every enemy ship, then the card is removed (no disarm token) and
        it gets a dial that round."""
        game, ga97, held, _ = _resistance()
        ship = game.state.ships[held]
        assert in_reserve(game, ship) and has_condition(ship, RESISTANCE)
        assert game.state.ships[ga97].charges["ga97"].active == 2
        assert game.decision.kind == "set_dial" and game.decision.ship != held

        game.state.ships[ga97].charges["ga97"].active = 4
        start_at(game, StartRound(), phase="end")
        assert game.decision.kind == "set_dial" and game.decision.ship == ga97
        assert in_reserve(game, ship)

        game.state.ships[ga97].charges["ga97"].active = 5
        start_at(game, StartRound(), phase="end")
        d = game.decision
        assert d.kind == "card_placement" and d.ship == held
        assert d.options and all(_by_the_edge_far_from_enemies(
            game, held, o.info["x"], o.info["y"], o.info["heading"]) for o in d.options)
        game.answer(d.options[0].key)
        assert ship.in_play and not has_condition(ship, RESISTANCE)
        assert ship.count(Token.DISARM) == 0
        pass_until(game, "set_dial", held)

    def test_a_free_placement_is_checked_against_the_card(self):
        """A free answer in the middle of the table, or at an edge within range 3 of the
        enemy, is refused; at the far left edge, beyond range 3 of the enemy, accepted."""
        game, ga97, held, _ = _resistance()
        game.state.ships[ga97].charges["ga97"].active = 5
        start_at(game, StartRound(), phase="end")
        with pytest.raises(IllegalChoiceError, match="edge"):
            game.answer({"x": 457, "y": 457, "heading": 0})
        with pytest.raises(IllegalChoiceError, match="beyond range 3"):
            game.answer({"x": 400, "y": 880, "heading": 180})
        game.answer({"x": 30, "y": 200, "heading": 90})
        assert game.state.ships[held].pose == Pose(30, 200, 90)

    def test_it_deploys_at_once_after_ga97_is_destroyed(self):
        """During the Activation Phase GA-97's ship is destroyed: the ship in reserve must
        deploy at once, gains 1 disarm token, the card is removed, and (ruling: it was
        assigned no dial this round) it does not activate this round. Another friendly
        ship destroyed instead leaves it in reserve."""
        game, ga97, held, other = _resistance(third=True)
        start_at(game, Hurt(other, hits=10), phase="activation")
        assert game.state.ships[other].removed and game.decision is None
        assert in_reserve(game, game.state.ships[held])

        game, ga97, held, other = _resistance(third=True)
        start_at(game, Hurt(ga97, hits=10), phase="activation")
        d = game.decision
        assert d.kind == "card_placement" and d.ship == held
        game.answer(d.options[0].key)
        ship = game.state.ships[held]
        assert ship.in_play and ship.count(Token.DISARM) == 1
        assert not has_condition(ship, RESISTANCE) and ship.activated

    def test_with_ga97_gone_from_the_game_it_deploys_at_the_start_of_the_round(self):
        """Ruling: GA-97's ship fled (removed, not destroyed): nothing holds the ship back,
        so it deploys at the start of the next round although the charges are not all
        active."""
        game, ga97, held, _ = _resistance()
        game.state.ships[ga97].removed = True
        game.state.ships[ga97].body = None
        start_at(game, StartRound(), phase="end")
        assert game.decision.kind == "card_placement" and game.decision.ship == held

    def test_a_ship_in_reserve_is_not_removed_from_the_game(self):
        """RR: REMOVED FROM THE GAME: at the end of a round a player whose only other ship
        has left still has the ship in reserve: the game goes on. Without it the player
        has no ships and loses."""
        def end(keep_reserve: bool):
            game, ga97, held, _ = _resistance()
            game.state.ships[ga97].removed = True
            game.state.ships[ga97].body = None
            game.state.ships[held].removed = not keep_reserve
            start_at(game, CheckEnd(), phase="end")
            return game.state

        assert not end(True).over
        state = end(False)
        assert state.over and state.winner == 2
