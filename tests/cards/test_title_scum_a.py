"""Scum and Villainy titles of the Aggressor assault fighter and the Customized YT-1300:
each card in a scene built for it, compared with the same scene without it.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
the Customized YT-1300 has a large base (80 mm), the Escape Craft and the TIE small ones.
L3-37 flies the YT-1300 (2 attack dice, a double turret; her pilot ability only eases banks)
and the Autopilot Drone (2 shields, no Co-Pilot) is the Escape Craft docked in it."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.common import recover_shield
from tallon.dice import Attack, Combatant, calculate
from tallon.dice.abilities.catalogue import CATALOGUE
from tallon.engine import Game, GameSetup
from tallon.engine.actions import PerformAction
from tallon.engine.docking import DockingTurn, to_reserve
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tallon.squads import build_squad
from tallon.squads.xws import read_xws_file
from tests.cards.helpers import Hurt, activation, answer, attack, finish, pass_all, rolled, values


class TestIG2000:
    @pytest.mark.parametrize("titles, evades", [(True, True), (False, False)])
    def test_has_the_other_title_holders_pilot_ability(self, titles, evades):
        """IG-2000: IG-88B has the pilot ability of each other friendly ship with IG-2000:
        with IG-88C carrying it too, after a boost action IG-88B may perform an evade action
        (IG-88C's ability); without the titles nothing is offered."""
        sc = Scene()
        title = ["ig2000"] if titles else []
        ig88b = sc.ship("ig88b", at=(400, 300, 0), upgrades=title)
        sc.ship("ig88c", at=(200, 300, 0), upgrades=title)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(ig88b, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", ig88b)
        answer(game, "boost_direction", "straight", ig88b)
        if evades:
            answer(game, "use_ability", "evade", ig88b)
        pass_all(game)
        assert game.state.ships[ig88b].has(Token.EVADE) is evades

    def test_not_from_a_ship_without_the_title(self):
        """Only ships carrying IG-2000 lend their ability: IG-88C without it gives IG-88B
        nothing although IG-88B carries the title."""
        sc = Scene()
        ig88b = sc.ship("ig88b", at=(400, 300, 0), upgrades=["ig2000"])
        ig88c = sc.ship("ig88c", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        assert ("pilot", "ig88c", 0) not in game.state.ships[ig88b].cards
        assert ("pilot", "ig88b", 0) not in game.state.ships[ig88c].cards


class TestIG2000CopiesIG88D:
    @pytest.mark.parametrize("titles", [True, False])
    def test_ig88a_flies_his_loop_on_a_turn_template_with_ig88ds_ability(self, titles):
        """IG-2000: IG-88A, with IG-88D carrying the title too, has IG-88D's pilot ability:
        revealing a red [3 Segnor's loop left] he is asked which template and, on the [3
        turn] template, ends at (280, 420) facing 90. Without the titles he is not asked and
        ends at the bank template's end (about (326, 478) facing 135)."""
        sc = Scene()
        title = ["ig2000"] if titles else []
        ig88a = sc.ship("ig88a", at=(400, 300, 0), upgrades=title)
        sc.ship("ig88d", at=(150, 100, 0), upgrades=title)
        sc.ship("academypilot", player=2, at=(700, 850, 180))
        game = activation(sc, ig88a, "3LR")
        if titles:
            assert values(game) == ["bank", "turn", "straight"]
            answer(game, "maneuver_template", "turn", ig88a)
        else:
            assert "maneuver_template" not in pass_all(game)
        pose = game.state.ships[ig88a].pose
        assert (round(pose.x, 3), round(pose.y, 3), round(pose.heading % 360, 3)) == (
            (280.0, 420.0, 90.0) if titles else (326.066, 478.492, 135.0))


# ------------------------------------------------------- Lando's Millennium Falcon
FALCON = "landosmillenniumfalcon"


def _squad_game(title: bool) -> Game:
    squad = build_squad("scumandvillainy", [("l337", [FALCON] if title else []),
                                            ("autopilotdrone", [])])
    other = read_xws_file("tests/lists/rebel-y-wing-bombers.json").squad
    return Game(GameSetup((squad, other), seed=5, cards=CARDS))


def _docked(carrier_shields: int = 0, craft: str = "autopilotdrone", title: bool = True,
            docked: bool = True, craft_shields: int = 2):
    sc = Scene()
    falcon = sc.ship("l337", at=(400, 300, 0), upgrades=[FALCON] if title else [],
                     shields=carrier_shields)
    ec = sc.ship(craft, at=(700, 100, 0), shields=craft_shields)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.game()
    if docked:
        to_reserve(game, game.state.ships[ec], game.state.ships[falcon], "a test")
    return game, falcon, ec


class TestLandosMillenniumFalconDocking:
    def test_an_escape_craft_may_start_docked(self):
        """RR: DOCK - a squad of L3-37 with Lando's Millennium Falcon and an Autopilot
        Drone: before Place Forces the drone's player is asked whether it starts docked in
        the YT-1300 (answers none or p1.1); docked, it is never placed. Without the title
        nothing is asked."""
        game = _squad_game(title=False)
        kinds = []
        while game.decision.kind != "place_ship":
            kinds.append(game.decision.kind)
            game.answer(game.decision.option_keys()[0])
        assert "start_docked" not in kinds
        game = _squad_game(title=True)
        while game.decision.kind != "start_docked":
            game.answer(game.decision.option_keys()[0])
        assert game.decision.option_keys() == ["none", "p1.1"]
        game.answer("p1.1")
        placed = []
        while game.decision.kind in ("place_ship", "upgrade_side"):
            placed.append(game.decision.ship)
            game.answer(game.decision.option_keys()[0])
        assert game.state.ships["p1.1"].docked == ("p1.2",)
        assert "p1.2" not in placed and not game.state.ships["p1.2"].in_play

    def test_the_craft_deploys_with_the_shields_left(self):
        """The docked drone lent 1 shield to the carrier's damage (2 to 1); in the System
        Phase it deploys from the carrier's front guides with a [2 straight] and is on the
        table with 1 shield, no longer docked."""
        game, falcon, ec = _docked()
        start_at(game, Hurt(falcon, hits=1), phase="activation")
        answer(game, "shield_to_lose", ec, falcon)
        start_at(game, DockingTurn(ec), phase="system")
        answer(game, "dock_or_deploy", "front:2FB", ec)
        pass_all(game)
        drone = game.state.ships[ec]
        assert drone.in_play and game.state.ships[falcon].docked == ()
        assert drone.shields == 1


class TestLandosMillenniumFalconShields:
    def test_the_docked_crafts_shields_take_the_damage(self):
        """Unshielded L3-37 suffers 2 damage with the drone docked: for each she may lose
        one of the drone's shields as her own (answers p1.2 or card); losing both, she has
        no damage card and the drone has 0 shields."""
        game, falcon, ec = _docked()
        start_at(game, Hurt(falcon, hits=2), phase="activation")
        assert values(game) == [ec, "card"]
        answer(game, "shield_to_lose", ec, falcon)
        answer(game, "shield_to_lose", ec, falcon)
        pass_all(game)
        assert len(game.state.ships[falcon].damage) == 0
        assert game.state.ships[ec].shields == 0

    @pytest.mark.parametrize("title, docked", [(False, True), (True, False)])
    def test_not_without_the_title_or_undocked(self, title, docked):
        """The same 2 damage without the title (the drone docked by other means), or with
        the drone on the table: nothing is asked, L3-37 is dealt 2 damage cards and the
        drone keeps its 2 shields."""
        game, falcon, ec = _docked(title=title, docked=docked)
        start_at(game, Hurt(falcon, hits=2), phase="activation")
        assert "shield_to_lose" not in pass_all(game)
        assert len(game.state.ships[falcon].damage) == 2
        assert game.state.ships[ec].shields == 2

    def test_not_the_shields_of_another_docked_ship(self):
        """Only an Escape Craft lends its shields: a Z-95 (2 shields) put in reserve in the
        YT-1300 lends none; 1 damage deals L3-37 a damage card."""
        game, falcon, z95 = _docked(craft="binayrepirate")
        start_at(game, Hurt(falcon, hits=1), phase="activation")
        assert "shield_to_lose" not in pass_all(game)
        assert len(game.state.ships[falcon].damage) == 1
        assert game.state.ships[z95].shields == 2

    def test_her_own_shields_go_first(self):
        """Ruling: with 1 shield of her own, L3-37's first damage loses it without a
        question; only the second asks, and the drone's shield takes it: 0 damage cards,
        the drone left with 1 shield."""
        game, falcon, ec = _docked(carrier_shields=1)
        start_at(game, Hurt(falcon, hits=2), phase="activation")
        assert game.decision.kind == "shield_to_lose"
        assert game.state.ships[falcon].shields == 0
        answer(game, "shield_to_lose", ec, falcon)
        pass_all(game)
        assert len(game.state.ships[falcon].damage) == 0
        assert game.state.ships[ec].shields == 1

    def test_a_shield_kept_for_the_critical_damage(self):
        """The "may" is asked damage by damage: for 1 hit and 1 critical damage L3-37 takes
        the facedown card for the hit (card) and loses a drone shield for the critical one:
        1 facedown damage card, no faceup card, the drone left with 1 shield."""
        game, falcon, ec = _docked()
        start_at(game, Hurt(falcon, hits=1, crits=1), phase="activation")
        answer(game, "shield_to_lose", "card", falcon)
        answer(game, "shield_to_lose", ec, falcon)
        pass_all(game)
        damage = game.state.ships[falcon].damage
        assert len(damage) == 1 and not damage[0].faceup
        assert game.state.ships[ec].shields == 1

    def test_no_question_once_the_craft_has_no_shield(self):
        """The drone docked with no active shield: nothing to treat as her own, L3-37 is
        dealt the damage card without a question."""
        game, falcon, _ec = _docked(craft_shields=0)
        start_at(game, Hurt(falcon, hits=1), phase="activation")
        assert "shield_to_lose" not in pass_all(game)
        assert len(game.state.ships[falcon].damage) == 1


class TestLandosMillenniumFalconOwnCardCounts:
    @pytest.mark.parametrize("own, stressed", [(0, False), (1, True)])
    def test_l337_is_unshielded_with_the_craft_shielded(self, own, stressed):
        """Ruling: whether the carrier is shielded counts its own card only. L3-37 with 0
        shields of her own (the drone docked with 2) reveals a white [2 bank left] while
        stressed: it is blue for her (not shielded), so her stress token is removed; with
        1 shield of her own it stays white and she stays stressed."""
        game, falcon, _ec = _docked(carrier_shields=own)
        game.state.ships[falcon].tokens[Token.STRESS] = 1
        game.state.ships[falcon].dial_set = "2BW"
        start_at(game, Activate(falcon), phase="activation")
        pass_all(game)
        assert game.state.ships[falcon].stressed is stressed

    def test_a_recovery_flips_only_her_own_shields(self):
        """Ruling: recovering a shield restores the carrier's own card only: L3-37 with her
        3 shields active and the drone docked with 1 of 2 recovers nothing."""
        game, falcon, ec = _docked(carrier_shields=3, craft_shields=1)
        assert not recover_shield(game, game.state.ships[falcon])
        assert game.state.ships[falcon].shields == 3 and game.state.ships[ec].shields == 1


class TestLandosMillenniumFalconSpentShield:
    @pytest.mark.parametrize("docked", [True, False])
    def test_inertial_dampeners_paid_with_the_crafts_shield(self, docked):
        """Unshielded L3-37 with Inertial Dampeners reveals [3 straight]: with the drone
        docked she may spend one of its shields as her own (ruling: a cost takes her own
        shields first, then the craft's): she stays put, the drone is left with 1 shield.
        With the drone on the table nothing is offered and she moves."""
        sc = Scene()
        falcon = sc.ship("l337", at=(400, 300, 0), upgrades=[FALCON, "inertialdampeners"],
                         shields=0)
        ec = sc.ship("autopilotdrone", at=(700, 100, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        if docked:
            to_reserve(game, game.state.ships[ec], game.state.ships[falcon], "a test")
        game.state.ships[falcon].dial_set = "3FW"
        start_at(game, Activate(falcon), phase="activation")
        if docked:
            answer(game, "replacement", "use", falcon)
        else:
            assert "replacement" not in pass_all(game)
        pass_all(game)
        assert (game.state.ships[falcon].pose.y == 300) is docked
        assert game.state.ships[ec].shields == (1 if docked else 2)


class TestLandosMillenniumFalconExtraDie:
    def dice(self, stressed: bool, title: bool = True, weapon: str | None = None) -> int:
        sc = Scene()
        me = sc.ship("l337", at=(400, 300, 0), upgrades=[FALCON, "concussionmissiles"]
                     if title else ["concussionmissiles"], locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 540, 180),    # range 2
                      stress=1 if stressed else 0)
        game = attack(sc, me, tie, ["hit"] * 4, ["blank"] * 3, weapon=weapon)
        finish(game)
        return len(rolled(game, me))

    def test_primary_attack_against_a_stressed_ship(self):
        """L3-37's primary attack (2 dice) at range 2 against a stressed TIE: with the title
        she rolls 3 dice, without it 2."""
        assert self.dice(stressed=True) == 3
        assert self.dice(stressed=True, title=False) == 2

    def test_not_against_an_unstressed_ship(self):
        """The TIE not stressed: 2 dice, title or not."""
        assert self.dice(stressed=False) == 2

    def test_not_with_a_special_weapon(self):
        """Concussion Missiles (3 dice) against the stressed TIE: not a primary attack,
        still 3 dice."""
        assert self.dice(stressed=True, weapon="concussionmissiles") == 3

    def test_the_dice_calculator_adds_the_die(self):
        """The calculator's ability: 1 attack die against agility 0 (a hit or crit 1/2),
        with the defender stressed 2 dice roll, expected damage 1; unstressed 1/2."""
        ability = CATALOGUE[FALCON].make()
        for stress, expected in ((1, 1), (0, 0.5)):
            result = calculate(Attack(Combatant(1, {}, (ability,)),
                                      Combatant(0, {"stress": stress}), attack_range=2))
            assert float(result.expected_damage) == expected
