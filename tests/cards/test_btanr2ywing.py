"""BTA-NR2 Y-wing pilots and the ship ability Intuitive Interface: each card in a scene
built for it, compared with the same scene without the card (or where it must not act).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import answer, attack, finish, offers, skip_dice, skip_to


def acting(pilot: str = "newrepublicpatrol", upgrades=("engineupgrade",), **kw):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(PerformAction(ship, during_activation=True), phase="activation"), ship


def activation(pilot: str, dial: str, friend_at=None, **kw):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), dial_set=dial, **kw)
    friend = sc.ship("newrepublicpatrol", at=friend_at) if friend_at else None
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Activate(ship), phase="activation"), ship, friend


class TestIntuitiveInterface:
    def test_calculate_after_an_upgrades_action(self):
        """The Y-wing performs the white boost Engine Upgrade (a modification) added to its
        bar: it may then perform a calculate action and gains a calculate token."""
        game, ship = acting()
        answer(game, "perform_action", "boost", ship)
        game.answer("straight")
        answer(game, "use_ability", "calculate", ship)
        answer(game, "perform_action", "calculate", ship)
        assert game.state.ships[ship].count(Token.CALCULATE) == 1

    def test_not_after_an_action_of_its_own_bar(self):
        """A focus action from the ship's own bar: no calculate is offered."""
        game, ship = acting()
        answer(game, "perform_action", "focus", ship)
        assert game.decision is None
        assert not game.state.ships[ship].has(Token.CALCULATE)


class TestAftabAckbar:
    def test_trades_the_stress_for_a_strain_after_a_red_turn(self):
        """Aftab executes a red 3 turn and has exactly 1 stress token: he gains a strain
        token instead of keeping it; declining, the stress stays."""
        game, aftab, _ = activation("aftabackbar", "3TR")
        answer(game, "use_ability", "use", aftab)
        s = game.state.ships[aftab]
        assert not s.stressed and s.has(Token.STRAIN)
        game, aftab, _ = activation("aftabackbar", "3TR")
        answer(game, "use_ability", "decline", aftab)
        assert game.state.ships[aftab].stressed

    def test_not_after_a_red_koiogran_turn(self):
        """A red Koiogran turn is not a basic maneuver: he is not asked."""
        game, aftab, _ = activation("aftabackbar", "5KR")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[aftab].stressed

    def test_after_a_red_action(self):
        """Aftab performs the red lock action of his bar: he may trade its stress token
        for a strain token."""
        sc = Scene()
        aftab = sc.ship("aftabackbar", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.at(PerformAction(aftab, during_activation=True), phase="activation")
        answer(game, "perform_action", "lock", aftab)
        if game.decision.kind != "use_ability":
            game.answer(tie)
        answer(game, "use_ability", "use", aftab)
        s = game.state.ships[aftab]
        assert not s.stressed and s.has(Token.STRAIN)


class TestCaithrenalli:
    def test_evade_after_moving_through_a_friend(self):
        """Cai flies a 2 straight over a friendly ship: she may perform an evade action."""
        game, cai, _ = activation("caithrenalli-btanr2ywing", "2FB", friend_at=(400, 360, 0))
        answer(game, "use_ability", "evade", cai)
        assert game.state.ships[cai].count(Token.EVADE) == 1

    def test_not_without_moving_through_a_friend(self):
        """The friendly ship is beside her path: she is not asked."""
        game, _cai, _ = activation("caithrenalli-btanr2ywing", "2FB", friend_at=(520, 360, 0))
        assert game.decision.kind == "perform_action"


class TestCorusKapellim:
    def scene(self, enemy_at):
        sc = Scene()
        corus = sc.ship("coruskapellim", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=enemy_at, tokens={"focus": 1})
        return sc.at(Engage(corus)), corus, tie

    def test_takes_a_focus_token_before_engaging(self):
        """Before engaging Corus takes the focus token of a TIE in his front arc at
        range 1."""
        game, corus, tie = self.scene((400, 390, 180))
        answer(game, "use_ability", f"{tie}:focus", corus)
        assert game.state.ships[corus].count(Token.FOCUS) == 1
        assert not game.state.ships[tie].has(Token.FOCUS)

    def test_not_a_ship_outside_his_firing_arc(self):
        """The TIE is at range 1 behind him: nothing to take."""
        game, _corus, tie = self.scene((400, 210, 0))
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[tie].count(Token.FOCUS) == 1


class TestShasaZaro:
    def scene(self, friend_at):
        sc = Scene()
        shasa = sc.ship("shasazaro", at=(400, 300, 0), tokens={"focus": 1})
        friend = sc.ship("newrepublicpatrol", at=friend_at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, shasa, dice=["blank"] * 2, defense=["blank"])
        return game, shasa, friend

    def test_friend_behind_gains_a_matching_token(self):
        """After defending Sasha gives a friendly ship in her full rear arc a focus token
        like hers (she keeps her own)."""
        game, shasa, friend = self.scene((400, 200, 0))
        skip_to(game, "use_ability", shasa)
        game.answer(f"{friend}:focus")
        assert game.state.ships[friend].count(Token.FOCUS) == 1
        assert game.state.ships[shasa].count(Token.FOCUS) == 1

    def test_not_a_friend_ahead(self):
        """The friendly ship is ahead of her (not in her full rear arc): nothing."""
        game, _shasa, friend = self.scene((520, 340, 0))
        finish(game)
        assert not game.state.ships[friend].has(Token.FOCUS)


class TestTezaNasz:
    def scene(self, flankers):
        sc = Scene()
        attacker = sc.ship("newrepublicpatrol", at=(400, 300, 0))
        sc.ship("tezanasz", at=(520, 300, 0))
        for x in flankers:
            sc.ship("kijimispicerunner", at=(x, 500, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(attacker, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", attacker)
        return game

    def test_reroll_with_both_side_arcs_covered(self):
        """Friendly ships sit in both side arcs of the defender: the attacker (at range 1
        of Teza) may reroll 1 attack die with her ability."""
        assert offers(self.scene((290, 510)), "tezanasz")

    def test_not_with_one_side_arc_covered(self):
        """Only the left side arc holds a friendly ship: no reroll."""
        assert not offers(self.scene((290,)), "tezanasz")


class TestLegaFossang:
    def scene(self, calculating: int):
        sc = Scene()
        lega = sc.ship("legafossang", at=(400, 300, 0))
        for k, x in enumerate((340, 460)):
            sc.ship("kijimispicerunner", at=(x, 450, 0),
                    tokens={"calculate": 1} if k < calculating else {})
        tie = sc.ship("academypilot", player=2, at=(400, 560, 180))
        game = sc.attack(lega, tie, dice=["blank", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice", lega)
        return game

    def test_one_reroll_per_calculating_friend_in_the_arc(self):
        """Two friendly ships with calculate tokens in Lega's front arc: she may reroll up
        to 2 attack dice (and is offered no other count); with one, up to 1."""
        labels = [o.label for o in self.scene(2).decision.options
                  if (o.info or {}).get("source") == "legafossang"]
        assert labels and all("up to 2" in label for label in labels)
        labels = [o.label for o in self.scene(1).decision.options
                  if (o.info or {}).get("source") == "legafossang"]
        assert labels and all("up to 1" in label for label in labels)

    def test_not_without_a_calculating_friend(self):
        """Her friends in the arc have no calculate token: no reroll."""
        assert not offers(self.scene(0), "legafossang")


class TestWilsaTeshlo:
    def scene(self, dice):
        sc = Scene()
        wilsa = sc.ship("wilsateshlo", at=(400, 300, 0))
        xwing = sc.ship("bluesquadronescort", player=2, at=(400, 500, 180), shields=0,
                        upgrades=["protontorpedoes"])
        game = attack(sc, wilsa, xwing, dice=dice, defense=["blank"] * 2,
                      deck=["structuraldamage", "consolefire"])
        return game, wilsa, xwing

    @pytest.mark.parametrize("choice", ["strain", "protontorpedoes"])
    def test_defender_dealt_a_faceup_card_chooses(self, choice):
        """Wilsa's crit deals the X-wing a faceup damage card: its player chooses between
        gaining a strain token and losing 1 charge of its Proton Torpedoes (non-recurring)."""
        game, wilsa, xwing = self.scene(["hit", "crit"])
        skip_to(game, "use_ability", wilsa)
        assert game.decision.player == 2
        assert sorted(game.decision.option_keys()) == ["protontorpedoes", "strain"]
        game.answer(choice)
        s = game.state.ships[xwing]
        assert s.has(Token.STRAIN) == (choice == "strain")
        assert s.charges["protontorpedoes"].active == (1 if choice != "strain" else 2)

    def test_not_without_a_faceup_card(self):
        """Two hits deal only facedown cards: nothing happens."""
        game, _wilsa, xwing = self.scene(["hit", "hit"])
        finish(game)
        s = game.state.ships[xwing]
        assert not s.has(Token.STRAIN) and s.charges["protontorpedoes"].active == 2


# ------------------------------------------------------------------------ Zorii Bliss
class TestZoriiBliss:
    def scene(self, friend_at=(480, 300, 0), charges=1, step=True):
        from tallon.engine.activation_steps import ActionStep

        sc = Scene()
        zorii = sc.ship("zoriibliss", at=(400, 300, 0), charges={"zoriibliss": charges})
        friend = sc.ship("bluesquadronrookie", at=friend_at)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        first = ActionStep(friend) if step else PerformAction(friend, during_activation=True)
        return sc.at(first, phase="activation"), zorii, friend

    def test_copies_a_perform_action_step_action_treated_as_red(self):
        """A friendly T-70 at range 1 focuses in its Perform Action step: Zorii may spend
        her charge to perform a focus action treated as red (focus and a stress token)."""
        game, zorii, friend = self.scene()
        answer(game, "perform_action", "focus", friend)
        answer(game, "use_ability", "act", zorii)
        answer(game, "perform_action", "focus", zorii)
        finish(game)
        ship = game.state.ships[zorii]
        assert ship.has(Token.FOCUS) and ship.stressed
        assert ship.charges["zoriibliss"].active == 0

    def test_not_for_an_action_outside_the_perform_action_step(self):
        """The same focus granted by an effect (not the Perform Action step): nothing."""
        game, zorii, friend = self.scene(step=False)
        answer(game, "perform_action", "focus", friend)
        assert game.decision is None
        assert not game.state.ships[zorii].has(Token.FOCUS)

    def test_not_beyond_range_1(self):
        game, _, friend = self.scene(friend_at=(620, 300, 0))
        answer(game, "perform_action", "focus", friend)
        assert game.decision is None

    def test_not_without_her_charge(self):
        game, _, friend = self.scene(charges=0)
        answer(game, "perform_action", "focus", friend)
        assert game.decision is None

    def enemy_acts(self, action: str):
        from tallon.engine.activation_steps import ActionStep

        sc = Scene()
        zorii = sc.ship("zoriibliss", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(480, 300, 180))
        game = sc.at(ActionStep(enemy), phase="activation")
        answer(game, "perform_action", action, enemy)
        return game, zorii

    def test_an_enemy_ship_counts_too(self):
        """"A ship at range 1": an enemy TIE focusing in its Perform Action step lets her
        perform a red focus action."""
        game, zorii = self.enemy_acts("focus")
        answer(game, "use_ability", "act", zorii)
        answer(game, "perform_action", "focus", zorii)
        assert game.state.ships[zorii].has(Token.FOCUS)

    def test_not_an_action_missing_from_her_bar(self):
        """Her bar has no evade: an enemy's evade action gives her nothing."""
        game, zorii = self.enemy_acts("evade")
        assert game.decision is None
        assert game.state.ships[zorii].charges["zoriibliss"].active == 1
