"""RZ-2 A-wing pilots and the ship ability Refined Gyrostabilizers: each card in a scene
built for it, compared with the same scene without the card (or where it must not act).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.geometry import Arc
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    answer,
    finish,
    modify_with,
    offers,
    option_with,
    pass_all,
    rolled,
    skip_dice,
    skip_to,
)

GYRO = "Refined Gyrostabilizers"


def after_focus(pilot: str = "greensquadronexpert", cards=CARDS, **kw):
    """The RZ-2 performs a focus action in its activation."""
    sc = Scene(cards=cards)
    ship = sc.ship(pilot, at=(400, 300, 0), **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    answer(game, "perform_action", "focus", ship)
    return game, ship


def maneuver(pilot: str, bump: bool, **kw):
    """The RZ-2 executes a 2 straight; with ``bump`` a friendly ship 9 cm ahead stops it
    (the friendly-bump die shows a blank)."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), dial_set="2FB", **kw)
    if bump:
        sc.ship("greensquadronexpert", at=(400, 390, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.game()
    load_dice(game, ["blank"])
    start_at(game, Activate(ship), phase="activation")
    return game, ship


class TestRefinedGyrostabilizers:
    def test_red_rotate_after_an_action(self):
        """A generic RZ-2 performs a focus action: its ship ability lets it perform a red
        rotate action, which turns the turret from the front to the rear arc (the only
        other arc allowed) and gives it a stress token; declining leaves both as they
        were."""
        game, ship = after_focus()
        answer(game, "use_ability", "act", ship)
        assert {"boost", "rotate"} <= set(game.decision.option_keys())
        answer(game, "perform_action", "rotate", ship)
        # the rear arc is the only one left: the turret turns there without a question
        s = game.state.ships[ship]
        assert s.turret == (Arc.REAR,) and s.stressed
        # stressed now: no second red action is offered after the rotate
        assert game.decision is None
        game, ship = after_focus()
        answer(game, "use_ability", "decline", ship)
        s = game.state.ships[ship]
        assert s.turret == (Arc.FRONT,) and not s.stressed

    def test_turret_turns_only_to_front_or_rear(self):
        """With the turret at the left arc, the rotate offers only the front and rear
        arcs; without the restriction (the same ship ability lacking it) the right arc is
        offered too."""
        game, ship = after_focus(turret="left")
        answer(game, "use_ability", "act", ship)
        answer(game, "perform_action", "rotate", ship)
        assert sorted(game.decision.option_keys()) == ["front", "rear"]
        unrestricted = CardRegistry("no restriction", base=CARDS)
        spec = CARDS.spec("ship_ability", GYRO)
        unrestricted.register("ship_ability", GYRO, spec.sides[0][1], description="test")
        game, ship = after_focus(turret="left", cards=unrestricted)
        answer(game, "use_ability", "act", ship)
        answer(game, "perform_action", "rotate", ship)
        assert sorted(game.decision.option_keys()) == ["front", "rear", "right"]

    def test_placed_turret_points_front_or_rear(self):
        """Placing the ship rotates its turret indicator (RR: SETUP, Place Forces): an
        RZ-2 placed with it at the left arc is refused; at the rear arc it is accepted."""
        sc = Scene()
        awing = sc.ship("greensquadronexpert")
        sc.ship("academypilot", player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=1, cards=sc.cards))
        while game.decision.kind != "place_ship" or game.decision.ship != awing:
            game.answer(game.decision.options[0].key)
        x, y, heading, _ = game.decision.options[0].key.split(",")
        spot = {"x": float(x), "y": float(y), "heading": float(heading)}
        with pytest.raises(IllegalChoiceError, match="can't point at left"):
            game.answer({**spot, "turret": "left"})
        game.answer({**spot, "turret": "rear"})
        assert game.state.ships[awing].turret == (Arc.REAR,)

    def test_not_after_another_ships_action(self):
        """Another friendly RZ-2 performs the focus action: only the ship that acted is
        offered the red action."""
        sc = Scene()
        actor = sc.ship("greensquadronexpert", at=(400, 300, 0))
        sc.ship("bluesquadronrecruit", at=(500, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(actor, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", actor)
        assert game.decision.kind == "use_ability" and game.decision.ship == actor
        answer(game, "use_ability", "decline", actor)
        assert game.decision is None


class TestLuloLampar:
    def test_stressed_attacker_rolls_one_more_die(self):
        """Stressed Lulo makes a primary attack at range 2: 3 attack dice instead of 2."""
        for stress, expected in ((1, 3), (0, 2)):
            sc = Scene()
            lulo = sc.ship("lulolampar", at=(400, 300, 0), tokens={"stress": stress})
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(lulo, tie, dice=["hit"] * 3, defense=["blank"] * 3)
            finish(game)
            assert len(rolled(game, lulo)) == expected

    def test_stressed_defender_rolls_one_fewer_die(self):
        """Stressed Lulo defends at range 2: 2 defense dice instead of 3."""
        for stress, expected in ((1, 2), (0, 3)):
            sc = Scene()
            lulo = sc.ship("lulolampar", at=(400, 300, 0), tokens={"stress": stress})
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(tie, lulo, dice=["hit"] * 2, defense=["blank"] * 3)
            finish(game)
            assert len(rolled(game, lulo)) == expected


class TestTallissanLintra:
    def scene(self, tie_x: float):
        sc = Scene()
        tallissan = sc.ship("tallissanlintra", at=(400, 300, 0))
        friend = sc.ship("greensquadronexpert", at=(450, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(tie_x, 500, 180))
        game = sc.attack(tie, friend, dice=["hit"] * 2, defense=["blank"] * 4)
        return game, tallissan, friend

    def test_defender_rolls_one_more_die(self):
        """An enemy in Tallissan's bullseye arc attacks her wingman: she spends her charge
        and the wingman rolls 4 defense dice instead of 3; declining, 3."""
        game, tallissan, friend = self.scene(400)
        answer(game, "use_ability", "use", tallissan)
        finish(game)
        assert len(rolled(game, friend)) == 4
        assert game.state.ships[tallissan].charges["tallissanlintra"].active == 0
        game, tallissan, friend = self.scene(400)
        answer(game, "use_ability", "decline", tallissan)
        finish(game)
        assert len(rolled(game, friend)) == 3

    def test_attacker_outside_the_bullseye(self):
        """The attacker is in her front arc but not her bullseye arc: no offer."""
        game, _tallissan, friend = self.scene(550)
        finish(game)
        assert len(rolled(game, friend)) == 3

    def test_no_charge(self):
        """Without her charge she is not asked."""
        sc = Scene()
        sc.ship("tallissanlintra", at=(400, 300, 0), charges={"tallissanlintra": 0})
        friend = sc.ship("greensquadronexpert", at=(450, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, friend, dice=["hit"] * 2, defense=["blank"] * 4)
        finish(game)
        assert len(rolled(game, friend)) == 3


class TestZariBangel:
    def test_keeps_her_action_after_a_bump(self):
        """Zari bumps a friendly ship: she still gets her Perform Action step; a generic
        RZ-2 in the same bump skips it."""
        game, zari = maneuver("zaribangel", bump=True)
        skip_to(game, "perform_action", zari)
        game, _other = maneuver("bluesquadronrecruit", bump=True)
        assert "perform_action" not in pass_all(game)

    def test_the_bump_still_has_its_effect(self):
        """Her ability keeps only the action: the friendly-bump die is still rolled (a
        hit deals her 1 damage)."""
        sc = Scene()
        zari = sc.ship("zaribangel", at=(400, 300, 0), dial_set="2FB")
        sc.ship("greensquadronexpert", at=(400, 390, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        load_dice(game, ["hit"])
        start_at(game, Activate(zari), phase="activation")
        skip_to(game, "perform_action", zari)
        assert game.state.ships[zari].shields == 1


class TestGreerSonnel:
    def test_rotates_after_a_full_maneuver(self):
        """After fully executing a maneuver Greer may turn her turret (not an action: no
        stress), only to the rear arc (Refined Gyrostabilizers)."""
        game, greer = maneuver("greersonnel", bump=False)
        d = game.decision
        assert d.kind == "use_ability" and sorted(d.option_keys()) == ["decline", "rear"]
        game.answer("rear")
        s = game.state.ships[greer]
        assert s.turret == (Arc.REAR,) and not s.stressed

    def test_not_after_a_partial_maneuver(self):
        """After a bump (a partial maneuver) she is not asked."""
        game, greer = maneuver("greersonnel", bump=True)
        pass_all(game)
        assert game.state.ships[greer].turret == (Arc.FRONT,)
        assert not any("turret" in e["text"] for e in game.log if e["kind"] == "ability")


class TestZiziTlo:
    def scene(self, charges: int):
        sc = Scene()
        zizi = sc.ship("zizitlo", at=(400, 300, 0), charges={"zizitlo": charges})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        return sc.attack(zizi, tie, dice=["blank"] * 2, defense=["blank"] * 3), zizi

    def test_gains_an_evade_token_after_attacking(self):
        """After her attack Zizi spends her charge to gain an evade token."""
        game, zizi = self.scene(1)
        skip_to(game, "use_ability", zizi)
        assert sorted(game.decision.option_keys()) == ["decline", "evade", "focus"]
        game.answer("evade")
        s = game.state.ships[zizi]
        assert s.count(Token.EVADE) == 1 and s.charges["zizitlo"].active == 0

    def test_gains_a_focus_token_after_defending(self):
        """After defending she may gain a focus token the same way."""
        sc = Scene()
        zizi = sc.ship("zizitlo", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, zizi, dice=["blank"] * 2, defense=["blank"] * 3)
        skip_to(game, "use_ability", zizi)
        game.answer("focus")
        assert game.state.ships[zizi].count(Token.FOCUS) == 1

    def test_no_charge(self):
        """With no charge left she is not asked and gains nothing."""
        game, zizi = self.scene(0)
        finish(game)
        s = game.state.ships[zizi]
        assert not s.has(Token.EVADE) and not s.has(Token.FOCUS)


class TestMerlCobben:
    def scene(self, merl_x: float):
        sc = Scene()
        sc.ship("merlcobben", at=(merl_x, 300, 0))
        friend = sc.ship("greensquadronexpert", at=(480, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(friend, tie, dice=["hit"] * 2, defense=["blank"] * 3)
        finish(game)
        return len(rolled(game, tie))

    def test_defender_rolls_one_fewer_die(self):
        """A friendly RZ-2 at range 1 of Merl attacks a TIE whose bullseye arc Merl is in:
        the TIE rolls 2 defense dice instead of 3."""
        assert self.scene(400) == 2

    def test_his_own_primary_attack(self):
        """Ruling: Merl is a friendly ship at range 0 of himself: attacking a TIE whose
        bullseye arc he is in, the TIE rolls 2 defense dice instead of 3."""
        sc = Scene()
        merl = sc.ship("merlcobben", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(merl, tie, dice=["hit"] * 2, defense=["blank"] * 3)
        finish(game)
        assert len(rolled(game, tie)) == 2

    def test_not_outside_the_defenders_bullseye(self):
        """Merl beside the TIE's bullseye arc: it rolls all 3 dice."""
        assert self.scene(300) == 3


class TestSuralindaJavos:
    def test_rotates_after_a_partial_maneuver(self):
        """Suralinda bumps a friendly ship: she may gain a strain token to rotate 180
        degrees."""
        game, sur = maneuver("suralindajavos", bump=True)
        skip_to(game, "use_ability", sur)
        assert {"left", "right", "around"} <= set(game.decision.option_keys())
        game.answer("around")
        s = game.state.ships[sur]
        assert s.has(Token.STRAIN) and round(s.pose.heading) % 360 == 180

    def test_not_after_a_full_maneuver(self):
        """After a full maneuver she is not asked: no strain, same facing."""
        game, sur = maneuver("suralindajavos", bump=False)
        pass_all(game)
        s = game.state.ships[sur]
        assert not s.has(Token.STRAIN) and round(s.pose.heading) % 360 == 0


class TestSeftinVanik:
    def scene(self, friend_at):
        sc = Scene()
        seftin = sc.ship("seftinvanik", at=(400, 300, 0), tokens={"evade": 1})
        friend = sc.ship("greensquadronexpert", at=friend_at)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(seftin, during_activation=True), phase="activation")
        answer(game, "perform_action", "boost", seftin)
        game.answer("straight")
        return game, seftin, friend

    def test_transfers_an_evade_token_after_a_boost(self):
        """After a boost Seftin may pass his evade token to a friendly ship at range 1."""
        game, seftin, friend = self.scene((300, 420, 0))
        game.answer(f"{seftin}:seftinvanik#0")  # his ability first
        answer(game, "use_ability", friend, seftin)
        assert game.state.ships[friend].count(Token.EVADE) == 1
        assert not game.state.ships[seftin].has(Token.EVADE)

    def test_not_to_a_ship_beyond_range_1(self):
        """The friendly ship is at range 3 after the boost: nothing is transferred."""
        game, seftin, friend = self.scene((100, 100, 0))
        pass_all(game)
        assert game.state.ships[seftin].count(Token.EVADE) == 1
        assert not game.state.ships[friend].has(Token.EVADE)


class TestRonithBlario:
    def scene(self, turret: str):
        sc = Scene()
        ronith = sc.ship("ronithblario", at=(400, 300, 0))
        friend = sc.ship("greensquadronexpert", at=(500, 300, 0), turret=turret,
                         tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(ronith, tie, dice=["focus", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", ronith)
        return game, ronith, friend, tie

    def test_spends_a_friends_focus_token(self):
        """The TIE is in a friendly RZ-2's turret arc: Ronith spends that ship's focus token
        to change his focus result to a hit, and the TIE takes 1 damage."""
        game, _ronith, friend, tie = self.scene("front")
        modify_with(game, "ronithblario", "hit")
        finish(game)
        assert not game.state.ships[friend].has(Token.FOCUS)
        assert len(game.state.ships[tie].damage) == 1

    def test_not_when_the_turret_points_away(self):
        """The friend's turret points to its rear arc: the TIE is not in it, no offer."""
        game, _ronith, friend, tie = self.scene("rear")
        assert not offers(game, "ronithblario")
        finish(game)
        assert game.state.ships[friend].has(Token.FOCUS)
        assert not game.state.ships[tie].damage


class TestWrobieTyce:
    def scene(self, tie_y: float, modify: bool):
        sc = Scene()
        wrobie = sc.ship("wrobietyce", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180), tokens={"focus": 1})
        game = sc.attack(tie, wrobie, dice=["focus", "blank", "blank"],
                         defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", tie)
        if modify:
            game.answer(option_with(game, "focus"))
        finish(game)
        return game.state.ships[tie]

    def test_attacker_that_modified_gains_a_deplete_token(self):
        """A TIE at range 1 spends its focus token on its attack dice: after Wrobie
        defends it gains a deplete token; not modifying, it gains none."""
        assert self.scene(400, modify=True).has(Token.DEPLETE)
        assert not self.scene(400, modify=False).has(Token.DEPLETE)

    def test_not_at_range_2(self):
        """The same attack at range 2: no deplete token."""
        assert not self.scene(500, modify=True).has(Token.DEPLETE)
