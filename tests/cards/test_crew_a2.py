"""Crew upgrades, second part (tallon.cards.upgrades.crew_a2): 4-LOM, Baze Malbus, the C-3PO
cards, Chancellor Palpatine, "Chopper" and Ciena Ree. Scenes on generic carriers (T-65 Red
Squadron Veterans, TIE/ln Academy Pilots); player 1 at y = 0 facing +y."""

from __future__ import annotations

from tallon.cards.acting import granted
from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import flip_upgrade
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import ActionStep
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, faces, load_dice, start_at
from tests.cards.helpers import Give, finish, offers, pass_until, pick, skip_dice, values

Y = {1: 380.0, 2: 490.0, 3: 550.0}


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def far_enemy(sc):
    return sc.ship("academypilot", player=2, at=(100, 850, 180))


# ---------------------------------------------------------------------------- 4-LOM
class Test4LOM:
    def attack(self, answer):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["4lom"])
        d = sc.ship("academypilot", player=2, at=(400, 490, 180), evade=1)
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, d)
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"focus", "evade", "calculate", "reinforce", "decline"}
        game.answer(answer)
        return game, a, d

    def test_naming_evade_keeps_the_defender_from_spending_its_evade(self):
        """4-LOM names evade: the attacker gains 2 ion tokens and the defender, with an
        evade token, is not offered to spend it; both hits land."""
        game, a, d = self.attack("evade")
        assert game.state.ships[a].count(Token.ION) == 2
        skip_dice(game, "modify_defense_dice", d)
        assert not offers(game, "evade")
        finish(game)
        assert "2 hit(s)" in neutralized(game)
        assert game.state.ships[d].has(Token.EVADE)

    def test_declined_the_defender_spends_its_evade(self):
        game, a, d = self.attack("decline")
        assert not game.state.ships[a].has(Token.ION)
        skip_dice(game, "modify_defense_dice", d)
        assert offers(game, "evade")

    def test_naming_focus_leaves_the_evade_usable(self):
        game, _, d = self.attack("focus")
        skip_dice(game, "modify_defense_dice", d)
        assert offers(game, "evade")

    def test_not_while_defending(self):
        """The 4-LOM ship defends: no token is named."""
        sc = Scene()
        d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["4lom"])
        a = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "blank"], ["blank"] * 2)
        declare(game, d)
        assert game.decision is None or game.decision.kind != "use_ability"


# ---------------------------------------------------------------------- Baze Malbus
class TestBazeMalbus:
    def scene(self):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["bazemalbus"])
        sc.ship("academypilot", player=2, at=(400, 380, 180))
        sc.ship("academypilot", player=2, at=(480, 380, 180))
        sc.ship("academypilot", player=2, at=(320, 380, 180))
        return sc.at(PerformAction(me, during_activation=True), phase="activation"), me

    def test_a_red_focus_gains_a_focus_per_enemy_up_to_2(self):
        """Three enemies at range 1: treating the focus action as red gives 3 focus tokens
        (1 + at most 2) and a stress token."""
        game, me = self.scene()
        game.answer("focus")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        finish(game)
        ship = game.state.ships[me]
        assert ship.count(Token.FOCUS) == 3 and ship.count(Token.STRESS) == 1

    def test_declined_a_white_focus(self):
        game, me = self.scene()
        game.answer("focus")
        game.answer("decline")
        ship = game.state.ships[me]
        assert ship.count(Token.FOCUS) == 1 and not ship.stressed

    def test_not_for_a_focus_token_from_elsewhere(self):
        """A focus token gained outside a focus action: no offer."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["bazemalbus"])
        sc.ship("academypilot", player=2, at=(400, 380, 180))
        game = sc.at(Give(me, "focus"), phase="activation")
        assert game.decision is None and game.state.ships[me].count(Token.FOCUS) == 1


# --------------------------------------------------------------------------- C-3PO
class TestC3PO:
    def attack(self, guess):
        sc = Scene()
        d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c3po"], calculate=1)
        a = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "hit"], ["evade", "blank"])
        declare(game, d)
        assert set(values(game)) == {"1", "2", "3", "4", "5", "6", "decline"}
        game.answer(guess)
        return game, d

    def test_a_right_guess_adds_an_evade(self):
        """C-3PO guesses 1 and rolls exactly 1 evade: an evade is added, no hit lands; the
        calculate token is spent."""
        game, d = self.attack("1")
        assert not game.state.ships[d].has(Token.CALCULATE)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)

    def test_a_wrong_guess_adds_nothing(self):
        game, _ = self.attack("2")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_without_a_calculate_token(self):
        sc = Scene()
        d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c3po"])
        a = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = sc.at(Engage(a))
        load_dice(game, ["hit", "hit"], ["evade", "blank"])
        declare(game, d)
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_a_calculate_action_gives_a_second_token(self):
        """The card adds the calculate action to the bar; after it, 1 more calculate."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c3po"])
        far_enemy(sc)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("calculate")
        finish(game)
        assert game.state.ships[me].count(Token.CALCULATE) == 2


class TestC3POResistance:
    def scene(self, friend_crew=("c3po-republic",)):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c3po-crew"])
        mate = sc.ship("redsquadronveteran", at=(650, 300, 0),  # range 3
                       upgrades=list(friend_crew))
        far_enemy(sc)
        return sc.at(PerformAction(me, during_activation=True), phase="activation"), me, mate

    def test_coordinates_a_calculating_ship_at_range_3(self):
        """A T-65 at range 3 with the calculate action on its bar (its own C-3PO card adds
        it) can be coordinated; then the card gives 1 calculate token."""
        game, me, mate = self.scene()
        game.answer("coordinate")
        assert mate in values(game)
        game.answer(mate)
        pass_until(game, "perform_action", mate)
        game.answer("pass")
        finish(game)
        assert game.state.ships[me].count(Token.CALCULATE) == 1

    def test_not_a_ship_without_calculate_beyond_range_2(self):
        """A plain T-65 at range 3: the coordinate has no target and fails (no calculate)."""
        game, me, mate = self.scene(())
        game.answer("coordinate")
        assert game.decision is None or mate not in values(game)
        assert not game.state.ships[me].has(Token.CALCULATE)


class TestC3PORepublic:
    def test_calculating_reroll_a_defense_die(self):
        """With a calculate token the defender rerolls a blank into an evade: no hit lands
        instead of 1; without the token no offer."""
        for calc, result in ((1, "0 hit(s)"), (0, "1 hit(s)")):
            sc = Scene()
            d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c3po-republic"],
                        calculate=calc)
            a = sc.ship("academypilot", player=2, at=(400, 490, 180))
            game = sc.at(Engage(a))
            load_dice(game, ["hit", "hit"], ["evade", "blank"],
                      then=faces(DieKind.DEFENSE, ["evade"]))
            declare(game, d)
            skip_dice(game, "modify_defense_dice", d)
            assert offers(game, "c3po-republic") is bool(calc)
            if calc:
                pick(game, "C-3PO")
            skip_dice(game)
            assert result in neutralized(game)

    def test_a_calculate_action_gives_a_second_token(self):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["c3po-republic"])
        far_enemy(sc)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("calculate")
        finish(game)
        assert game.state.ships[me].count(Token.CALCULATE) == 2


# ------------------------------------------------------------ Chancellor Palpatine
class TestChancellorPalpatine:
    def defend(self, range_):
        sc = Scene()
        d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chancellorpalpatine"])
        a = sc.ship("academypilot", player=2, at=(400, Y[range_], 180))
        game = sc.at(Engage(a))
        load_dice(game, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game, a and d)
        return game, d, a

    def test_one_force_stresses_the_attacker(self):
        """After defending against an attacker at range 2: 1 Force gives it a stress."""
        game, d, a = self.defend(2)
        pass_until(game, "use_ability")
        game.answer("use")
        assert game.state.ships[a].stressed and game.state.ships[d].force == 0

    def test_not_at_range_3(self):
        game, d, a = self.defend(3)
        finish(game)
        assert not game.state.ships[a].stressed and game.state.ships[d].force == 1

    def test_may_flip_in_the_end_phase(self):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chancellorpalpatine"])
        far_enemy(sc)
        game = sc.at(FireWindow.of("end_phase"), phase="end")
        game.answer("use")
        assert ("upgrade", "chancellorpalpatine", 1) in game.state.ships[me].cards

    def test_sidious_stresses_then_focuses_the_coordinated_ship(self):
        """Darth Sidious side: after its purple coordinate, the ship coordinated (which
        passed) gains 1 stress token, then a focus token (it has no Force to recover)."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chancellorpalpatine"])
        mate = sc.ship("redsquadronveteran", at=(500, 300, 0))
        far_enemy(sc)
        game = sc.game()
        flip_upgrade(game, game.state.ships[me], "chancellorpalpatine", 1)
        start_at(game, PerformAction(me, during_activation=True), phase="activation")
        game.answer("coordinate")
        game.answer(mate)
        game.answer("pass")
        finish(game)
        ship = game.state.ships[mate]
        assert ship.count(Token.STRESS) == 1 and ship.count(Token.FOCUS) == 1
        assert game.state.ships[me].force == 0

    def test_palpatine_side_does_nothing_after_a_coordinate(self):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chancellorpalpatine"])
        mate = sc.ship("redsquadronveteran", at=(500, 300, 0))
        far_enemy(sc)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("coordinate")
        game.answer(mate)
        game.answer("pass")
        finish(game)
        assert not game.state.ships[mate].stressed


# ----------------------------------------------------------------------- "Chopper"
class TestChopperCrew:
    def scene(self, crew, damage=()):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=crew, stress=1,
                     damage=damage)
        far_enemy(sc)
        return sc.at(ActionStep(me), phase="activation"), me

    def test_stressed_it_acts_and_suffers_a_hit(self):
        """Stressed in its Perform Action step it still focuses, then suffers 1 damage (it
        has no facedown card to expose): a shield is lost."""
        game, me = self.scene(["chopper-crew"])
        game.answer("focus")
        finish(game)
        ship = game.state.ships[me]
        assert ship.has(Token.FOCUS) and ship.shields == 1

    def test_or_exposes_a_damage_card(self):
        game, me = self.scene(["chopper-crew"], (DamageCard("blindedpilot", False, 1),))
        game.answer("focus")
        assert set(values(game)) == {"expose", "suffer"}
        game.answer("expose")
        finish(game)
        ship = game.state.ships[me]
        assert ship.damage[0].faceup and ship.shields == 2

    def test_without_it_a_stressed_ship_does_not_act(self):
        game, _ = self.scene([])
        assert game.decision is None

    def test_only_in_the_perform_action_step(self):
        """A granted action elsewhere is still refused while stressed."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chopper-crew"],
                     stress=1)
        far_enemy(sc)
        game = sc.at(PerformAction(me), phase="activation")
        assert game.decision is None


# ---------------------------------------------------------------------- Ciena Ree
class TestCienaRee:
    def coordinate(self, action):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["cienaree"])
        mate = sc.ship("redsquadronveteran", at=(550, 300, 0))
        far_enemy(sc)
        game = sc.at(PerformAction(me, True, grant=(granted("coordinate", "white", "x"),)),
                     phase="activation")
        game.answer("coordinate")
        game.answer(mate)
        game.answer(action)
        return game, mate

    def test_after_a_barrel_roll_the_coordinated_ship_may_rotate(self):
        """The coordinated T-65 barrel rolls; after the coordinate it gains a stress token
        to rotate 90 degrees left (heading 0 becomes 270)."""
        game, mate = self.coordinate("barrel_roll")
        pass_until(game, "use_ability")
        assert {"left", "right", "decline"} >= set(values(game)) >= {"left", "decline"}
        game.answer("left")
        finish(game)
        ship = game.state.ships[mate]
        assert ship.stressed and round(ship.pose.heading) % 360 == 270

    def test_not_after_a_focus(self):
        game, mate = self.coordinate("focus")
        finish(game)
        ship = game.state.ships[mate]
        assert not ship.stressed and round(ship.pose.heading) % 360 == 0
