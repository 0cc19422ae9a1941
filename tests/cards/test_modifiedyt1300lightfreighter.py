"""Modified YT-1300 light freighter pilots: each test sets a scene, states the card's rule
and shows the ability changing the outcome.

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm; the
YT-1300's large base is 80 mm square, a TIE's small base 40 mm."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.rounds import StartActivation, Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    engage,
    offered,
    pass_all,
    pass_until,
    pick,
    rolled,
    skip_dice,
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


# ------------------------------------------------------ Han Solo (Battle of Yavin)
HAN_BOY = "hansolo-battleofyavin"


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


class TestHanSoloBattleOfYavin:
    def game(self, dice, charges: int = 4):
        sc = Scene()
        han = sc.ship(HAN_BOY, at=(400, 300, 0), charges={HAN_BOY: charges})
        friend = sc.ship("outerrimsmuggler", at=(600, 300, 0))  # range 2 of Han
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
        game = attack(sc, han, tie, dice, ["blank"] * 3)
        return game, han, friend

    def test_after_a_hit_he_spends_a_charge_to_coordinate(self):
        """Han Solo (Battle of Yavin): after performing an attack that hits he may spend 1
        charge to perform a coordinate action: he coordinates the friend at range 2, which
        performs a focus action; his charges go from 4 to 3."""
        game, han, friend = self.game(["hit"] * 3)
        pass_until(game, "use_ability", han)
        assert values(game) == ["coordinate", "decline"]
        answer(game, "use_ability", "coordinate", han)
        answer(game, "coordinate_target", friend, han)
        answer(game, "perform_action", "focus", friend)
        pass_all(game)
        assert game.state.ships[han].charges[HAN_BOY].active == 3
        assert game.state.ships[friend].count(Token.FOCUS) == 1

    def test_declined_nobody_acts(self):
        """Declining: no coordinate, the friend has no focus and Han keeps his 4 charges."""
        game, han, friend = self.game(["hit"] * 3)
        pass_until(game, "use_ability", han)
        answer(game, "use_ability", "decline", han)
        pass_all(game)
        assert game.state.ships[han].charges[HAN_BOY].active == 4
        assert not game.state.ships[friend].has(Token.FOCUS)

    def test_not_after_a_miss(self):
        """An attack that misses (3 blanks) gives no coordinate offer."""
        game, han, _friend = self.game(["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "coordinate_target" not in kinds
        assert game.state.ships[han].charges[HAN_BOY].active == 4

    def test_not_without_a_charge(self):
        """With no active charge the hit gives no offer."""
        game, _han, _friend = self.game(["hit"] * 3, charges=0)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "coordinate_target" not in kinds

    def test_with_nobody_to_coordinate_the_charge_pays_for_a_failed_coordinate(self):
        """No other friendly ship: the coordinate is still offered (ruling: the action can
        be performed, it fails as RR: COORDINATE says); used, the charge is spent and the
        coordinate action fails (it counts as done this round)."""
        sc = Scene()
        han = sc.ship(HAN_BOY, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
        game = attack(sc, han, tie, ["hit"] * 3, ["blank"] * 3)
        pass_until(game, "use_ability", han)
        answer(game, "use_ability", "coordinate", han)
        assert "coordinate_target" not in pass_all(game)
        ship = game.state.ships[han]
        assert ship.charges[HAN_BOY].active == 3 and "coordinate" in ship.actions_done
        assert any("coordinate action fails" in e["text"] for e in game.log)

    def test_his_standard_loadout_plays(self):
        """Han Solo (Battle of Yavin) flies with his standard loadout (Chewbacca, Rigged
        Cargo Chute, Millennium Falcon, L3-37's Programming): the game sets up, and he has
        the printed 4 non-recurring charges (a data correction, docs/rulings.md)."""
        from tallon.cards import CARDS
        from tallon.cards.pool import default_squads
        from tallon.data import load_cards
        from tallon.engine import GameSetup
        from tallon.engine.setup import build_state
        from tallon.squads import build_squad

        pilot = next(p for p in load_cards().pilots if p.xws == HAN_BOY)
        squad = build_squad(pilot.faction, [(HAN_BOY, list(pilot.standard_loadout))])
        state = build_state(GameSetup((squad, default_squads()[1]), cards=CARDS))
        han = next(s for s in state.ships.values() if s.pilot == HAN_BOY)
        assert (han.charges[HAN_BOY].limit, han.charges[HAN_BOY].recurring) == (4, 0)
        assert {"chewbacca-battleofyavin", "riggedcargochute", "millenniumfalcon",
                "l337sprogramming-battleofyavin"} <= set(han.upgrades)


class TestSolo:
    def attacking(self, charges: int = 4, friend_at=None, enemy_at=None):
        sc = Scene()
        han = sc.ship(HAN_BOY, at=(400, 300, 0), charges={HAN_BOY: charges})
        if friend_at is not None:
            sc.ship("outerrimsmuggler", at=friend_at)
        tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
        if enemy_at is not None:
            sc.ship("academypilot", player=2, at=enemy_at)
        game = engage(sc, han, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"])
        declare(game, han, tie)
        return game, han

    def test_attacking_alone_he_rerolls_one_die(self):
        """Solo: while he performs an attack with no other friendly ship at range 0-1 he
        may spend 1 charge to reroll one of his dice: a blank becomes a hit, 1 hit lands
        instead of none, and 1 of his 4 charges is spent."""
        game, han = self.attacking()
        pick(game, "Solo")
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)
        assert game.state.ships[han].charges[HAN_BOY].active == 3
        game, han = self.attacking()
        pass_all(game)
        assert "0 hit(s)" in neutralized(game)

    def test_defending_alone_he_rerolls_one_die(self):
        """Solo while he defends: the TIE's 2 hits against his 1 blank defense die; he
        spends 1 charge to reroll it into an evade, so only 1 hit lands (1 shield lost
        instead of 2)."""
        for use, shields in ((True, 4), (False, 3)):
            sc = Scene()
            han = sc.ship(HAN_BOY, at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 470, 180))
            game = engage(sc, tie, ["hit", "hit"], ["blank"],
                          then=faces(DieKind.DEFENSE, ["evade"]))
            declare(game, tie, han)
            skip_dice(game, "modify_defense_dice", han)
            if use:
                pick(game, "Solo")
            pass_all(game)
            assert game.state.ships[han].shields == shields, use
            assert game.state.ships[han].charges[HAN_BOY].active == (3 if use else 4)

    def test_not_with_another_friendly_ship_at_range_1(self):
        """Another friendly ship at range 1 of Han: Solo is not offered."""
        game, _han = self.attacking(friend_at=(500, 300, 0))
        assert not offered(game, "Solo")

    def test_an_enemy_ship_at_range_1_does_not_count(self):
        """Only friendly ships count: with an enemy TIE at range 1 Solo is still offered."""
        game, _han = self.attacking(enemy_at=(500, 300, 0))
        assert offered(game, "Solo")

    def test_not_without_a_charge(self):
        """With no active charge Solo is not offered."""
        game, _han = self.attacking(charges=0)
        assert not offered(game, "Solo")
