"""YT-2400 light freighter pilots and the ship ability Sensor Blindspot (both texts): each
test sets a scene, states the card's rule and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm; the
YT-2400's large base is 80 mm square, a TIE's small base 40 mm."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.effects import ignores_obstacle
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    answer,
    modify_with,
    pass_all,
    pass_until,
    rolled,
    values,
)

# centre distances from a YT-2400 at y=300 to a TIE: range 1 and range 2
RANGE_1, RANGE_2 = 380, 470


class TestSensorBlindspot:
    @pytest.mark.parametrize("pilot, y, dice", [
        ("wildspacefringer", RANGE_1, 2),            # 3, no range bonus, 1 fewer
        ("wildspacefringer", RANGE_2, 3),            # range 2: untouched
        ("leebo-swz103-rebelalliance", RANGE_1, 3),  # 3 + 1 range bonus - 1
        ("leebo-swz103-rebelalliance", RANGE_2, 3),
    ])
    def test_primary_attack_at_range_1_rolls_fewer_dice(self, pilot, y, dice):
        """Sensor Blindspot: a primary attack at range 0-1 rolls 1 fewer attack die; the
        first printings also lose the range 1 bonus (2 dice instead of 4), the swz103
        printings keep it (3); at range 2 it does not apply."""
        sc = Scene()
        yt = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.attack(yt, tie, dice=["blank"] * dice, defense=["blank"] * 4)
        assert len(rolled(game, yt)) == dice

    @pytest.mark.parametrize("pilot, y, dice", [
        ("leebo-swz103-rebelalliance", RANGE_1, 1),  # agility 2 - 1
        ("leebo-swz103-rebelalliance", RANGE_2, 2),
        ("wildspacefringer", RANGE_1, 2),            # the first text has no defense part
    ])
    def test_swz103_text_defends_with_fewer_dice_at_range_1(self, pilot, y, dice):
        """Sensor Blindspot (swz103 text): defending at attack range 1, 1 fewer defense
        die; not at range 2, and not for the first printings."""
        sc = Scene()
        yt = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.attack(tie, yt, dice=["blank"] * 3, defense=["blank"] * dice)
        pass_all(game)
        assert len(rolled(game, yt)) == dice


class TestDashRendar:
    @pytest.mark.parametrize("pilot, shields", [("dashrendar", 4), ("wildspacefringer", 2)])
    def test_ignores_the_asteroid_he_flies_over(self, pilot, shields):
        """Dash Rendar: while he moves he ignores obstacles: his [2 straight] onto an
        asteroid costs him nothing and he may still act; another YT-2400 suffers 1 damage
        and the rolled hit (2 shields lost) and skips its action."""
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        sc.obstacle("core2asteroid5", 400, 420)
        game = sc.game()
        load_dice(game, ["hit"])
        game.state.ships[ship].dial_set = "2FW"
        start_at(game, Activate(ship), phase="activation")
        assert game.state.ships[ship].shields == shields
        acting = game.decision is not None and game.decision.kind == "perform_action"
        assert acting is (pilot == "dashrendar")


LEEBO = "leebo-swz103-rebelalliance"


def leebo_attack(spend: bool):
    sc = Scene()
    leebo = sc.ship(LEEBO, at=(400, 300, 0), tokens={"calculate": 1})
    tie = sc.ship("academypilot", player=2, at=(400, RANGE_2, 180))
    game = sc.attack(leebo, tie, dice=["focus", "hit", "blank"], defense=["blank"] * 3)
    pass_until(game, "modify_attack_dice", leebo)
    if spend:
        modify_with(game, "calculate")
    pass_all(game)
    return game, leebo


class TestLeebo:
    def test_spending_calculate_in_an_attack_gives_one_back(self):
        """"Leebo": after he performs an attack in which he spent a calculate token, he
        gains 1 calculate token (he ends with one again)."""
        game, leebo = leebo_attack(spend=True)
        assert game.state.ships[leebo].count(Token.CALCULATE) == 1
        assert len(game.state.ships["p2.1"].damage) == 2  # the focus became a hit

    def test_without_spending_nothing_is_gained(self):
        """He keeps his unspent token and gains none (1, not 2)."""
        game, leebo = leebo_attack(spend=False)
        assert game.state.ships[leebo].count(Token.CALCULATE) == 1
        assert len(game.state.ships["p2.1"].damage) == 1

    def test_also_after_defending(self):
        """After he defends having spent a calculate token (focus to evade), he gains
        one."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0))
        leebo = sc.ship("leebo", player=2, at=(400, 300 + 170, 180),
                        tokens={"calculate": 1})
        game = sc.attack(tie, leebo, dice=["hit", "hit"], defense=["focus", "evade"])
        pass_until(game, "modify_defense_dice", leebo)
        modify_with(game, "calculate")
        pass_all(game)
        assert game.state.ships[leebo].count(Token.CALCULATE) == 1
        assert game.state.ships[leebo].shields == 4


class TestLeeboStandardLoadout:
    @pytest.mark.parametrize("y, locked", [(600, True), (RANGE_1, False)])
    def test_end_of_engagement_lock_for_a_calculate(self, y, locked):
        """"Leebo" (standard loadout): at the end of the Engagement Phase he may spend a
        calculate token to lock an enemy ship at range 2-3; an enemy at range 1 can't be
        chosen (no question, the token stays)."""
        sc = Scene()
        leebo = sc.ship("leebo-swz103-sl-rebelalliance", at=(400, 300, 0),
                        tokens={"calculate": 1})
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.at(FireWindow.of("end_engagement"), phase="engagement")
        if locked:
            assert values(game) == [tie, "decline"]
            answer(game, "use_ability", tie, leebo)
        else:
            assert game.decision is None or game.decision.kind != "use_ability"
        ship = game.state.ships[leebo]
        assert (tie in ship.locks) is locked
        assert ship.has(Token.CALCULATE) is not locked


class TestDashRendarSwz103:
    @pytest.mark.parametrize("pilot, attacks", [("dashrendar-swz103-rebelalliance", True),
                                                ("leebo-swz103-rebelalliance", False)])
    def test_attacks_while_overlapping_an_asteroid(self, pilot, attacks):
        """Dash Rendar (swz103): during the Engagement Phase he ignores the effects of the
        obstacles he overlaps: sitting on an asteroid he may still attack; another YT-2400
        there can't (RR: OBSTACLES, range 0 of an asteroid)."""
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, RANGE_2, 180))
        sc.obstacle("core2asteroid5", 400, 300)
        game = sc.at(FireWindow.of("start_engagement"), Engage(ship))
        d = game.decision
        offered = d is not None and d.kind == "declare_attack" and any(
            k.endswith("@" + tie) for k in d.option_keys())
        assert offered is attacks

    def test_not_outside_the_engagement_phase(self):
        """In the Activation Phase the obstacle he overlaps is not ignored: the hook asks
        for the Engagement Phase only."""
        sc = Scene()
        ship = sc.ship("dashrendar-swz103-rebelalliance", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        rock = sc.obstacle("core2asteroid5", 400, 300)
        game = sc.game()
        game.state.phase = "activation"
        assert not ignores_obstacle(game, game.state.ships[ship], rock, "move")
        game.state.phase = "engagement"
        assert ignores_obstacle(game, game.state.ships[ship], rock, "move")


DASH_SL = "dashrendar-swz103-sl-rebelalliance"


def dash_sl_game(dial: str, rock: bool = True, pilot: str = DASH_SL, upgrades=()):
    sc = Scene()
    dash = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades)
    friend = sc.ship("wildspacefringer", at=(520, 400, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    if rock:
        sc.obstacle("core2debris0", 400, 420)
    game = sc.game()
    load_dice(game, ["blank"])
    game.state.ships[dash].dial_set = dial
    start_at(game, Activate(dash), phase="activation")
    return game, dash, friend


class TestDashRendarStandardLoadout:
    def test_the_debris_stress_goes_to_a_friend(self):
        """Dash Rendar (standard loadout): after he gains a red token from moving through
        or overlapping an obstacle (a debris cloud's stress), he may transfer it to a
        friendly ship at range 0-1: the Wild Space Fringer beside him takes it."""
        game, dash, friend = dash_sl_game("2FW")
        assert values(game) == [friend, "decline"]
        answer(game, "use_ability", friend, dash)
        assert not game.state.ships[dash].stressed
        assert game.state.ships[friend].stressed

    def test_a_red_maneuver_stress_is_not_offered(self):
        """Without an obstacle, the stress of his red [4 K-turn] stays: no offer."""
        game, dash, friend = dash_sl_game("4KR", rock=False)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[dash].stressed
        assert not game.state.ships[friend].stressed


# the Scum and Villainy printings, with their standard loadouts
LEEBO_SCUM_LOADOUT = ["efficientprocessing-swz103", "seekermissiles-swz103", "outrider"]
DASH_SCUM_LOADOUT = ["mercenary-swz103", "seekermissiles-swz103", "leebo-swz103", "outrider"]


class TestLeeboScumStandardLoadout:
    @pytest.mark.parametrize("y, locked", [(600, True), (RANGE_1, False)])
    def test_end_of_engagement_lock_for_a_calculate(self, y, locked):
        """"Leebo" (Scum standard loadout, the Rebel one's text): at the end of the
        Engagement Phase he may spend a calculate token to lock an enemy ship at range 2-3;
        at range 1 nothing is offered and the token stays."""
        sc = Scene()
        leebo = sc.ship("leebo-swz103-sl-scumandvillainy", at=(400, 300, 0),
                        upgrades=LEEBO_SCUM_LOADOUT, tokens={"calculate": 1})
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.at(FireWindow.of("end_engagement"), phase="engagement")
        if locked:
            answer(game, "use_ability", tie, leebo)
        else:
            assert game.decision is None or game.decision.kind != "use_ability"
        ship = game.state.ships[leebo]
        assert (tie in ship.locks) is locked
        assert ship.has(Token.CALCULATE) is not locked


class TestDashRendarScumStandardLoadout:
    @pytest.mark.parametrize("rock, moved", [(True, True), (False, False)])
    def test_the_debris_stress_goes_to_a_friend(self, rock, moved):
        """Dash Rendar (Scum standard loadout, the Rebel one's text): the stress a debris
        cloud gives him may go to a friendly ship at range 0-1; the stress of a red
        maneuver without an obstacle is not offered."""
        game, dash, friend = dash_sl_game("2FW" if rock else "4KR", rock=rock,
                                          pilot="dashrendar-swz103-sl-scumandvillainy",
                                          upgrades=DASH_SCUM_LOADOUT)
        if moved:
            answer(game, "use_ability", friend, dash)
        else:
            assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[friend].stressed is moved
        assert game.state.ships[dash].stressed is not moved
