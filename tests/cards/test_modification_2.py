"""Modification upgrades (second module): each test sets a scene, states the card's rule
and shows the card changing the outcome (the same scene without it, or the state before
and after).

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm. A [2 straight] moves a small ship 120 mm ahead."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction, can_perform
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import ActionSpec, DamageCard, Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    answer,
    attack,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_to,
    values,
)

SLAM = ActionSpec("slam", "white", None, "ship")


def enemy_far(sc: Scene) -> str:
    return sc.ship("academypilot", player=2, at=(400, 850, 180))


def fly(sc: Scene, ship: str, dial: str, dice: list[str] | None = None,
        slam: bool = False):
    """The scene's game at the ship's activation with ``dial`` set (``slam``: a white
    SLAM is added to its action bar)."""
    game = sc.game()
    if slam:
        state = game.state.ships[ship]
        state.actions = (*state.actions, SLAM)
    if dice:
        load_dice(game, dice)
    game.state.ships[ship].dial_set = dial
    start_at(game, Activate(ship), phase="activation")
    return game


def slam_straight(game, ship: str) -> None:
    answer(game, "perform_action", "slam", ship)
    answer(game, "slam_maneuver", "2FB", ship)


# ------------------------------------------------------------------ Advanced SLAM
class TestAdvancedSlam:
    def scene(self, upgrades, blocker: bool = False):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=upgrades)
        if blocker:
            # ahead of the SLAM's [2 straight] (from y=320 to 440): a friendly ship
            sc.ship("academypilot", at=(400, 450, 0))
        enemy_far(sc)
        game = fly(sc, tie, "2FB", dice=["blank"] if blocker else None, slam=True)
        slam_straight(game, tie)
        return game, tie

    def test_after_a_full_slam_a_white_action_treated_as_red(self):
        """Advanced SLAM: after a SLAM action whose maneuver was fully executed the ship
        may perform a white action of its bar, treated as red: it focuses and gains a
        stress token (besides the SLAM's disarm token)."""
        game, tie = self.scene(["advancedslam"])
        assert set(values(game)) == {"focus", "evade", "barrel_roll", "decline"}
        answer(game, "use_ability", "focus", tie)
        ship = game.state.ships[tie]
        assert ship.pose.y == pytest.approx(440)
        assert ship.has(Token.FOCUS) and ship.stressed and ship.has(Token.DISARM)

    def test_without_the_card_the_slam_ends_the_actions(self):
        game, tie = self.scene([])
        assert game.decision is None
        ship = game.state.ships[tie]
        assert not ship.has(Token.FOCUS) and not ship.stressed

    def test_not_after_a_partially_executed_slam(self):
        """The SLAM bumps a friendly ship (a blank: no damage): partially executed, so
        Advanced SLAM offers nothing."""
        game, tie = self.scene(["advancedslam"], blocker=True)
        assert game.decision is None
        ship = game.state.ships[tie]
        assert ship.contacts and not ship.has(Token.FOCUS) and not ship.stressed

    def test_not_after_another_action(self):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=["advancedslam"])
        enemy_far(sc)
        game = fly(sc, tie, "2FB", slam=True)
        answer(game, "perform_action", "evade", tie)
        assert game.decision is None


# --------------------------------------------------------------- Automated Loaders
LOADERS = "automatedloaders-swz98"


class TestAutomatedLoaders:
    def scene(self, upgrades, weapon="primary:front", locks=()):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), locks=list(locks),
                        upgrades=["protontorpedoes", *upgrades],
                        charges={"protontorpedoes": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = attack(sc, xwing, tie, ["blank"] * 4, ["blank"] * 3, weapon=weapon)
        return game, xwing

    def test_after_a_primary_attack_a_charge_buys_a_reload(self):
        """Automated Loaders: after a primary attack the ship may spend 1 charge to
        perform a reload action: the torpedoes recover a charge, it gains a disarm token."""
        game, xwing = self.scene([LOADERS])
        pass_until(game, "use_ability", xwing)
        assert set(values(game)) == {"reload", "decline"}
        answer(game, "use_ability", "reload", xwing)
        pass_all(game)
        ship = game.state.ships[xwing]
        assert ship.charges["protontorpedoes"].active == 2
        assert ship.charges[LOADERS].active == 0 and ship.has(Token.DISARM)

    def test_without_the_card_no_reload(self):
        game, xwing = self.scene([])
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[xwing].charges["protontorpedoes"].active == 1

    def test_not_after_a_torpedo_attack(self):
        game, xwing = self.scene([LOADERS], weapon="protontorpedoes", locks=["p2.1"])
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[xwing].charges["protontorpedoes"].active == 0


# --------------------------------------------------------------- Burnout Thrusters
class TestBurnoutThrusters:
    def scene(self, charges: int = 1):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=["burnoutthrusters"],
                      charges={"burnoutthrusters": charges})
        enemy_far(sc)
        return fly(sc, tie, "2FB"), tie

    def test_a_slam_loses_the_charge_and_may_trade_disarm_for_deplete(self):
        """Burnout Thrusters (it grants a white SLAM): after a SLAM action the ship loses 1
        charge, then may gain 1 deplete token to remove 1 disarm token."""
        game, tie = self.scene()
        slam_straight(game, tie)
        ship = game.state.ships[tie]
        assert ship.charges["burnoutthrusters"].active == 0 and ship.has(Token.DISARM)
        assert set(values(game)) == {"deplete", "decline"}
        answer(game, "use_ability", "deplete", tie)
        assert ship.has(Token.DEPLETE) and not ship.has(Token.DISARM)

    def test_declined_the_disarm_token_stays(self):
        game, tie = self.scene()
        slam_straight(game, tie)
        answer(game, "use_ability", "decline", tie)
        ship = game.state.ships[tie]
        assert ship.has(Token.DISARM) and not ship.has(Token.DEPLETE)

    def test_no_slam_with_the_charge_inactive(self):
        """With its charge inactive the ship cannot perform the SLAM action."""
        game, tie = self.scene(charges=0)
        assert "slam" not in values(game)
        ship = game.state.ships[tie]
        assert can_perform(game, ship, SLAM, True) is not None
        game, tie = self.scene(charges=1)
        assert "slam" in values(game)


# ------------------------------------------------------- Computer-Assisted Handling
HANDLING = "computerassistedhandling-battleoverendor"


class TestComputerAssistedHandling:
    def test_after_a_full_maneuver_a_charge_buys_a_boost(self):
        """Computer-Assisted Handling: after fully executing a maneuver the ship may spend
        1 charge to perform a boost or barrel roll action (the TIE has no boost)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=[HANDLING])
        enemy_far(sc)
        game = fly(sc, tie, "2FB")
        assert set(values(game)) == {"boost", "barrel_roll", "decline"}
        answer(game, "use_ability", "boost", tie)
        answer(game, "boost_direction", "straight", tie)
        ship = game.state.ships[tie]
        assert ship.pose.y == pytest.approx(200 + 120 + 80)
        assert ship.charges[HANDLING].active == 0

    def test_without_the_card_only_the_perform_action_step(self):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 200, 0))
        enemy_far(sc)
        game = fly(sc, tie, "2FB")
        assert game.decision.kind == "perform_action" and "boost" not in values(game)

    def test_not_after_a_partial_maneuver(self):
        """Bumping an enemy ship: partially executed, so no offer (the bump's own red
        focus is offered instead)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 200, 0), upgrades=[HANDLING])
        sc.ship("academypilot", player=2, at=(400, 330, 180))
        game = fly(sc, tie, "2FB")
        assert game.decision.kind == "perform_action"
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[tie].charges[HANDLING].active == 1


# ---------------------------------------------------------------- Stygium Reserve
STYGIUM = "stygiumreserve-tiephphantom"


class TestStygiumReserve:
    def test_boost_after_a_red_maneuver_even_while_stressed(self):
        """Stygium Reserve: after fully executing a maneuver the ship may spend 1 charge to
        perform a boost action, even while stressed (its red Koiogran turn stressed it)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[STYGIUM])
        enemy_far(sc)
        game = fly(sc, tie, "3KR")
        assert set(values(game)) == {"boost", "decline"}
        answer(game, "use_ability", "boost", tie)
        answer(game, "boost_direction", "straight", tie)
        ship = game.state.ships[tie]
        assert ship.stressed and "boost" in ship.actions_done
        assert ship.charges[STYGIUM].active == 0

    @pytest.mark.parametrize("upgrades, charges", [([], {}), ([STYGIUM], {STYGIUM: 0})])
    def test_without_the_card_or_its_charge_a_stressed_ship_cannot_act(self, upgrades,
                                                                       charges):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=upgrades, charges=charges)
        enemy_far(sc)
        game = fly(sc, tie, "3KR")
        assert game.decision is None and "boost" not in game.state.ships[tie].actions_done


# ------------------------------------------------------------- Contingency Protocol
PROTOCOL = "contingencyprotocol-siegeofcoruscant"


class TestContingencyProtocol:
    def scene(self, friend_upgrades, friend_at=(500, 620, 180)):
        """An X-wing one damage card from destruction is hit; a stressed friendly X-wing
        nearby."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        victim = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180),
                         upgrades=[PROTOCOL], shields=0)
        friend = sc.ship("redsquadronveteran", player=2, at=friend_at,
                         upgrades=friend_upgrades, stress=1)

        def damaged(game):
            game.state.ships[victim].damage = tuple(DamageCard("directhit", False, 90 + k)
                                                    for k in range(3))

        game = attack(sc, tie, victim, ["hit", "blank"], ["blank", "blank"], before=damaged)
        return game, victim, friend

    def test_a_friend_with_the_protocol_acts_even_while_stressed(self):
        """Contingency Protocol: after this ship is destroyed, another friendly ship at
        range 0-3 with Contingency Protocol may perform an action, even while stressed."""
        game, victim, friend = self.scene([PROTOCOL])
        pass_until(game, "use_ability", victim)
        assert set(values(game)) == {friend, "decline"}
        answer(game, "use_ability", friend, victim)
        answer(game, "perform_action", "focus", friend)
        pass_all(game)
        ship = game.state.ships[friend]
        assert game.state.ships[victim].destroyed
        assert ship.stressed and ship.has(Token.FOCUS)

    @pytest.mark.parametrize("upgrades, at", [([], (500, 620, 180)),
                                              ([PROTOCOL], (800, 900, 180))])
    def test_not_for_a_friend_without_it_or_beyond_range_3(self, upgrades, at):
        game, victim, friend = self.scene(upgrades, at)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[victim].destroyed
        assert not game.state.ships[friend].has(Token.FOCUS)


# ---------------------------------------------------------------- Impervium Plating
class TestImperviumPlating:
    def scene(self, upgrades, card):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180), shields=0,
                        upgrades=upgrades)
        game = attack(sc, tie, rebel, ["crit", "blank"], ["blank", "blank"], deck=[card])
        return game, rebel

    def test_a_faceup_ship_card_is_discarded_for_a_charge(self):
        """Impervium Plating: before being dealt a faceup Ship damage card (Console
        Fire), the ship may spend 1 charge to discard it instead."""
        game, rebel = self.scene(["imperviumplating"], "consolefire")
        pass_until(game, "replacement", rebel)
        answer(game, "replacement", "use", rebel)
        pass_all(game)
        ship = game.state.ships[rebel]
        assert not ship.damage and ship.charges["imperviumplating"].active == 1
        assert game.state.players[1].discard == ["consolefire"]

    def test_without_the_card_it_is_dealt_faceup(self):
        game, rebel = self.scene([], "consolefire")
        pass_all(game)
        assert [(d.card, d.faceup) for d in game.state.ships[rebel].damage] == [
            ("consolefire", True)]

    def test_not_for_a_pilot_card_nor_without_charges(self):
        game, rebel = self.scene(["imperviumplating"], "blindedpilot")
        assert "replacement" not in pass_all(game)
        assert [(d.card, d.faceup) for d in game.state.ships[rebel].damage] == [
            ("blindedpilot", True)]
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180), shields=0,
                        upgrades=["imperviumplating"], charges={"imperviumplating": 0})
        game = attack(sc, tie, rebel, ["crit", "blank"], ["blank", "blank"],
                      deck=["consolefire"])
        assert "replacement" not in pass_all(game)


# ------------------------------------------------------------------- Sensor Jammer
JAMMER = "sensorjammer-battleofyavin"


class TestSensorJammer:
    def scene(self, upgrades, locked: bool):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        rebel = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180), upgrades=upgrades)
        sc.ship("redsquadronveteran", player=2, at=(700, 700, 180),
                locks=[tie] if locked else [])
        game = attack(sc, tie, rebel, ["hit", "hit"], ["blank", "blank"])
        return game, rebel

    def test_a_friendly_lock_on_the_attacker_turns_a_hit_into_a_focus(self):
        """Sensor Jammer: defending while a friendly ship has a lock on the attacker, the
        ship may change 1 of the attacker's hit results to a focus result: 1 hit lands."""
        game, rebel = self.scene([JAMMER], locked=True)
        skip_to(game, "modify_attack_dice", rebel)
        modify_with(game, JAMMER)
        pass_all(game)
        assert game.state.ships[rebel].shields == 1

    def test_without_the_card_both_hits_land(self):
        game, rebel = self.scene([], locked=True)
        pass_all(game)
        assert game.state.ships[rebel].shields == 0

    def test_not_without_a_friendly_lock(self):
        game, rebel = self.scene([JAMMER], locked=False)
        while game.decision is not None:
            assert not offers(game, JAMMER)
            pass_all(game, limit=1)
        assert game.state.ships[rebel].shields == 0


# ------------------------------------------------------------ Synchronized Console
class TestSynchronizedConsole:
    def scene(self, friend_upgrades, friend_at, locked: bool = True):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["synchronizedconsole"], locks=["p2.1"] if locked else [])
        friend = sc.ship("academypilot", at=friend_at, upgrades=friend_upgrades)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, xwing, tie, ["blank"] * 3, ["blank"] * 3)
        return game, xwing, friend, tie

    def test_the_lock_passes_to_a_friend_at_range_1(self):
        """Synchronized Console: after attacking, the ship may spend its lock on the
        defender and choose a friendly ship at range 1, which may then lock the defender."""
        game, xwing, friend, tie = self.scene([], (520, 300, 0))
        pass_until(game, "use_ability", xwing)
        assert set(values(game)) == {friend, "decline"}
        answer(game, "use_ability", friend, xwing)
        answer(game, "use_ability", "lock", friend)
        s = game.state.ships
        assert s[friend].locks == [tie] and s[xwing].locks == []

    def test_declined_the_lock_stays_with_the_attacker(self):
        game, xwing, friend, tie = self.scene([], (520, 300, 0))
        pass_until(game, "use_ability", xwing)
        answer(game, "use_ability", "decline", xwing)
        s = game.state.ships
        assert s[xwing].locks == [tie] and s[friend].locks == []

    def test_at_range_2_only_a_friend_with_the_console(self):
        """A friend at range 2 qualifies only with Synchronized Console of its own."""
        game, xwing, friend, _ = self.scene([], (620, 300, 0))
        assert "use_ability" not in pass_all(game)
        game, xwing, friend, _tie = self.scene(["synchronizedconsole"], (620, 300, 0))
        pass_until(game, "use_ability", xwing)
        assert friend in values(game)

    def test_not_without_a_lock_on_the_defender(self):
        game, _, friend, _ = self.scene([], (520, 300, 0), locked=False)
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[friend].locks == []


# ---------------------------------------------------------- Target-Assist Algorithm
ALGORITHM = "targetassistalgorithm-battleoverendor"


class TestTargetAssistAlgorithm:
    def scene(self, upgrades, enemy_at=(400, 500, 180), tokens=None):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=upgrades, tokens=tokens)
        sc.ship("academypilot", player=2, at=enemy_at)
        return sc.at(Engage(tie)), tie

    def test_no_green_token_and_an_enemy_ahead_gives_a_calculate_token(self):
        """Target-Assist Algorithm: before engaging, with no green token and an enemy
        object in its front arc, the ship gains a calculate token."""
        game, tie = self.scene([ALGORITHM])
        assert game.state.ships[tie].count(Token.CALCULATE) == 1
        assert game.decision.kind == "declare_attack"

    def test_without_the_card_no_token(self):
        game, tie = self.scene([])
        assert not game.state.ships[tie].has(Token.CALCULATE)

    def test_an_enemy_remote_ahead_counts(self):
        """A remote is an object: an enemy buzz droid swarm ahead (the enemy ship behind)
        is enough."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[ALGORITHM])
        sc.ship("academypilot", player=2, at=(400, 100, 0))
        sc.remote("discordmissiles", player=2, at=(400, 450, 180))
        game = sc.at(Engage(tie))
        assert game.state.ships[tie].count(Token.CALCULATE) == 1

    @pytest.mark.parametrize("enemy_at, tokens", [((400, 100, 0), None),
                                                  ((400, 500, 180), {"focus": 1})])
    def test_not_with_the_enemy_behind_or_a_green_token(self, enemy_at, tokens):
        game, tie = self.scene([ALGORITHM], enemy_at, tokens)
        assert not game.state.ships[tie].has(Token.CALCULATE)


# ------------------------------------------------------------- Evasion Sequence 7
SEQUENCE = "evasionsequence7-siegeofcoruscant"
RED_EVADE = ActionSpec("evade", "red", None, "ship")


class TestEvasionSequence7:
    def scene(self, upgrades, asteroid_y: float | None = 430, red: bool = True):
        """A TIE whose evade is red on its bar (``red``) performs an action; an asteroid
        ahead at range 1 (y=430) or 2 (y=530)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=upgrades)
        enemy_far(sc)
        if asteroid_y is not None:
            sc.obstacle("core2asteroid3", 400, asteroid_y)
        game = sc.game()
        ship = game.state.ships[tie]
        if red:
            ship.actions = tuple(RED_EVADE if s.kind == "evade" else s for s in ship.actions)
        start_at(game, PerformAction(tie, during_activation=True), phase="activation")
        return game, tie

    def test_a_red_evade_near_an_obstacle_is_white(self):
        """Evasion Sequence 7: while the ship performs a red evade action with an obstacle
        at range 1, the action is treated as white: no stress token."""
        game, tie = self.scene([SEQUENCE])
        answer(game, "perform_action", "evade", tie)
        ship = game.state.ships[tie]
        assert ship.has(Token.EVADE) and not ship.stressed

    def test_without_the_card_the_red_evade_stresses(self):
        game, tie = self.scene([])
        answer(game, "perform_action", "evade", tie)
        ship = game.state.ships[tie]
        assert ship.has(Token.EVADE) and ship.stressed

    @pytest.mark.parametrize("asteroid_y", [530, None])
    def test_not_without_an_obstacle_at_range_1(self, asteroid_y):
        game, tie = self.scene([SEQUENCE], asteroid_y)
        answer(game, "perform_action", "evade", tie)
        assert game.state.ships[tie].stressed

    def test_a_white_evade_treated_as_red_stays_red(self):
        """A white evade that an effect treats as red (a red-treated perform action step)
        is not a red evade by itself: the most restrictive colour, red, applies (ruling)."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=[SEQUENCE])
        enemy_far(sc)
        sc.obstacle("core2asteroid3", 400, 430)
        game = sc.game()
        start_at(game, PerformAction(tie, during_activation=True, treat_as="red"),
                 phase="activation")
        answer(game, "perform_action", "evade", tie)
        assert game.state.ships[tie].stressed
