"""Modified YT-1300 light freighter pilots: each test sets a scene, states the card's rule
and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm; the
YT-1300's large base is 80 mm square, a TIE's small base 40 mm."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.rounds import StartActivation, Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    engage,
    pass_all,
    pass_until,
    rolled,
    values,
)


def test_outer_rim_smuggler_plays_without_an_ability():
    """The Outer Rim Smuggler has no ability text (and the ship none): it sets up and its
    range 2 attack (3 dice) hits an undefended TIE."""
    sc = Scene()
    yt = sc.ship("outerrimsmuggler", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
    game = sc.attack(yt, tie, dice=["hit"] * 3, defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[tie].damage) == 3


class TestChewbacca:
    def chewie_attacked(self, charges: int):
        sc = Scene()
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
        chewie = sc.ship("chewbacca", at=(400, 300, 0), shields=0,
                         charges={"chewbacca": charges})
        game = attack(sc, tie, chewie, ["crit", "blank"], ["blank"], deck=["consolefire"])
        return game, chewie

    def test_a_faceup_card_is_dealt_facedown(self):
        """Chewbacca: before he would be dealt a faceup damage card he may spend 1 charge
        to be dealt it facedown: the crit's Console Fire arrives facedown."""
        game, chewie = self.chewie_attacked(1)
        pass_until(game, "replacement", chewie)
        answer(game, "replacement", "use", chewie)
        pass_all(game)
        ship = game.state.ships[chewie]
        assert [(d.card, d.faceup) for d in ship.damage] == [("consolefire", False)]
        assert ship.charges["chewbacca"].active == 0

    def test_without_a_charge_the_card_is_faceup(self):
        """With his charge spent there is no offer: the card is dealt faceup."""
        game, chewie = self.chewie_attacked(0)
        kinds = pass_all(game)
        assert "replacement" not in kinds
        assert [d.faceup for d in game.state.ships[chewie].damage] == [True]


class TestHanSolo:
    @pytest.mark.parametrize("near", [True, False])
    def test_rerolls_all_his_dice_near_an_obstacle(self, near):
        """Han Solo: after he rolls dice at range 0-1 of an obstacle he may reroll all of
        them: 3 blanks become 3 hits (3 damage); far from the obstacle, no offer (none)."""
        sc = Scene()
        han = sc.ship("hansolo-modifiedyt1300lightfreighter", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
        sc.obstacle("core2asteroid5", 280 if near else 750, 300)
        game = engage(sc, han, ["blank"] * 3, ["blank"], rerolls=["hit"] * 3)
        declare(game, han, tie)
        if near:
            pass_until(game, "use_ability", han)
            answer(game, "use_ability", "use", han)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert len(game.state.ships[tie].damage) == (3 if near else 0)
        assert rolled(game, han) == ["hit" if near else "blank"] * 3


class TestLandoCalrissian:
    def lando_game(self, dial: str):
        sc = Scene()
        lando = sc.ship("landocalrissian-modifiedyt1300lightfreighter", at=(400, 300, 0))
        friend = sc.ship("outerrimsmuggler", at=(600, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return activation(sc, lando, dial), lando, friend

    def test_after_a_blue_maneuver_a_friend_acts(self):
        """Lando Calrissian: after he fully executes a blue maneuver he may choose a
        friendly ship at range 0-3 (him too): the other YT-1300 performs a focus action."""
        game, lando, friend = self.lando_game("2FB")
        assert set(values(game)) == {lando, friend, "decline"}
        answer(game, "use_ability", friend, lando)
        answer(game, "perform_action", "focus", friend)
        assert game.state.ships[friend].has(Token.FOCUS)

    def test_not_after_a_white_maneuver(self):
        """A white maneuver: straight to his own Perform Action step."""
        game, lando, friend = self.lando_game("2TW")
        assert game.decision.kind == "perform_action" and game.decision.ship == lando
        assert not game.state.ships[friend].has(Token.FOCUS)


class TestLeiaOrgana:
    def leia_game(self, dial: str):
        sc = Scene()
        leia = sc.ship("leiaorgana", at=(400, 300, 0))
        friend = sc.ship("outerrimsmuggler", at=(600, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return activation(sc, friend, dial), leia, friend

    def test_a_friends_red_maneuver_earns_it_a_focus(self):
        """Leia Organa: after a friendly ship at range 0-3 fully executes a red maneuver
        she may spend 1 Force; it gains 1 focus token (or would recover 1 Force)."""
        game, leia, friend = self.leia_game("4KR")
        assert set(values(game)) == {"focus", "decline"}  # it has no Force to recover
        answer(game, "use_ability", "focus", leia)
        assert game.state.ships[friend].has(Token.FOCUS)
        assert game.state.ships[leia].force == 0

    def test_not_after_a_white_maneuver(self):
        """A white maneuver: no offer, her Force stays."""
        game, leia, friend = self.leia_game("2TW")
        assert game.decision.kind == "perform_action" and game.decision.ship == friend
        assert game.state.ships[leia].force == 1


class TestHighStakes:
    def endor_game(self):
        sc = Scene()
        lando = sc.ship("landocalrissian-battleoverendor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(lando, during_activation=True), phase="activation")
        return game, lando

    @pytest.mark.parametrize("face, stressed", [("hit", False), ("blank", True)])
    def test_a_red_action_then_a_die_removes_the_stress(self, face, stressed):
        """High Stakes: after performing a red action the ship may roll an attack die; on a
        hit or crit it removes 1 stress token (a blank leaves the red boost's stress)."""
        game, lando = self.endor_game()
        answer(game, "perform_action", "boost", lando)
        answer(game, "boost_direction", "straight")
        assert game.state.ships[lando].stressed
        load_dice(game, [face])
        answer(game, "use_ability", "use", lando)
        assert game.state.ships[lando].stressed is stressed

    def test_not_after_a_white_action(self):
        """A white focus action: no roll is offered."""
        game, lando = self.endor_game()
        answer(game, "perform_action", "focus", lando)
        assert game.decision is None or game.decision.kind != "use_ability"


class TestLandoCalrissianBattleOverEndor:
    def order(self, use: bool):
        sc = Scene()
        lando = sc.ship("landocalrissian-battleoverendor", at=(400, 300, 0))
        ezra = sc.ship("ezrabridger", at=(200, 300, 0))  # initiative 3
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        for ship in game.state.ships.values():
            ship.dial_set = "1FB" if ship.id != "p2.1" else "1FW"
        start_at(game, StartActivation(), Sweep("activation"), phase="activation")
        assert values(game) == [*(str(n) for n in range(1, 7)), "decline"]
        answer(game, "use_ability", "1" if use else "decline", lando)
        pass_all(game)
        revealed = [e["ship"] for e in game.log if e["kind"] == "reveal"]
        first = min((lando, ezra), key=revealed.index)
        return game, first, lando, ezra

    def test_he_activates_at_the_chosen_initiative(self):
        """Lando Calrissian (Battle over Endor): at the start of the Activation Phase he
        may spend 1 charge to activate at a chosen initiative: at 1 he acts before Ezra
        Bridger (initiative 3), and his charge is spent."""
        game, first, lando, _ = self.order(use=True)
        assert first == lando
        assert game.state.ships[lando].charges[LANDO].active == 1
        assert game.state.ships[lando].initiative == 5

    def test_declined_he_activates_at_his_initiative(self):
        """Declined: Ezra (initiative 3) activates first, Lando at 5."""
        game, first, lando, ezra = self.order(use=False)
        assert first == ezra
        assert game.state.ships[lando].charges[LANDO].active == 2


LANDO = "landocalrissian-battleoverendor"
