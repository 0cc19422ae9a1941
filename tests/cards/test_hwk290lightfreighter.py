"""HWK-290 light freighter pilots (Rebel Alliance, Scum and Villainy): each test sets a
scene, states the card's rule and shows the ability changing the outcome. (Kyle Katarn is
tested in tests/cards/test_queue_example_pilots.py.)

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2."""

from __future__ import annotations

from tallon.engine.loadout import ENERGY
from tallon.engine.queue import FireWindow
from tallon.engine.recovery import recoverable
from tallon.engine.rounds import EndPhase, StartEngagement, Sweep, step_of
from tallon.engine.state import Charge, Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import Give, answer, attack, dice_count, pass_all, values


def reach(game, kind, ship):
    """Pass on everything until a ``kind`` decision for ``ship``, or the end."""
    while game.decision is not None and not (game.decision.kind == kind
                                             and game.decision.ship == ship):
        pass_all(game, 1)


# ----------------------------------------------------------------------- Jan Ors
class TestJanOrs:
    def game(self, stress: int = 0, turret: str = "front"):
        sc = Scene()
        jan = sc.ship("janors", at=(400, 200, 0), stress=stress, turret=turret)
        friend = sc.ship("banditsquadronpilot", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, friend, tie, ["hit", "hit", "hit"], ["blank"] * 3)
        return game, jan, tie

    def test_gains_stress_so_the_friend_rolls_one_more_die(self):
        """Jan Ors: a friendly ship in her firing arc performs a primary attack; not
        stressed, she may gain 1 stress token so that it rolls 1 additional attack die (3
        at range 2 instead of 2)."""
        game, jan, tie = self.game()
        reach(game, "use_ability", jan)
        answer(game, "use_ability", "use", jan)
        pass_all(game)
        assert dice_count(game, 0) == 3
        assert len(game.state.ships[tie].damage) == 3
        assert game.state.ships[jan].count(Token.STRESS) == 1

    def test_not_while_stressed(self):
        game, jan, _tie = self.game(stress=1)
        reach(game, "use_ability", jan)
        assert game.decision is None
        assert dice_count(game, 0) == 2

    def test_not_outside_her_firing_arc(self):
        """Her turret pointed at her rear arc: the friend in front is outside her firing
        arc."""
        game, jan, _tie = self.game(turret="rear")
        reach(game, "use_ability", jan)
        assert game.decision is None
        assert dice_count(game, 0) == 2


# ------------------------------------------------------------------- Roark Garnet
class TestRoarkGarnet:
    def game(self, turret: str = "front"):
        sc = Scene()
        roark = sc.ship("roarkgarnet", at=(400, 300, 0), turret=turret)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.game()
        start_at(game, StartEngagement(), Sweep("engagement"))
        return game, roark, tie

    def test_a_ship_in_his_firing_arc_engages_at_initiative_7(self):
        """Roark Garnet: at the start of the Engagement Phase he may choose a ship in his
        firing arc; it engages at initiative 7 this phase: the initiative 1 TIE attacks
        before Roark (initiative 4)."""
        game, roark, tie = self.game()
        assert tie in values(game)
        answer(game, "use_ability", tie, roark)
        assert step_of(game, game.state.ships[tie], "engagement") == 7
        assert game.decision.kind == "declare_attack" and game.decision.ship == tie
        game.state.round += 1                 # the effect lasts for this phase only
        assert step_of(game, game.state.ships[tie], "engagement") == 1

    def test_without_it_the_initiative_order_holds(self):
        game, roark, _tie = self.game()
        answer(game, "use_ability", "decline", roark)
        assert game.decision.kind == "declare_attack" and game.decision.ship == roark

    def test_not_outside_his_firing_arc(self):
        """His turret pointed at his rear arc: the TIE in front can't be chosen, nothing
        is asked and the TIE keeps its initiative (Roark, with no target in his arc, has no
        attack to declare)."""
        game, _roark, tie = self.game(turret="rear")
        assert game.decision.kind == "declare_attack"
        assert step_of(game, game.state.ships[tie], "engagement") == 1


# ================================================================ Scum and Villainy
def gives_ion(owner: int = 2, charges: int = 3, y: float = 500):
    """Dace Bonearm and a ship (player ``owner``'s) at range 2 in front of him that gains 1
    ion token from player 1's effect."""
    sc = Scene()
    dace = sc.ship("dacebonearm", at=(400, 300, 0), charges={"dacebonearm": charges})
    other = (sc.ship("academypilot", player=2, at=(400, y, 180)) if owner == 2
             else sc.ship("spicerunner", at=(400, y, 0)))
    if owner == 1:
        sc.ship("academypilot", player=2, at=(100, 850, 180))
    game = sc.game()
    start_at(game, Give(other, "ion", 1, 1))
    return game, dace, other


# ------------------------------------------------------------------ Dace Bonearm
class TestDaceBonearm:
    def test_the_enemy_gains_two_more_ion_tokens(self):
        """An enemy TIE at range 2 gains 1 ion token: Dace spends his 3 charges and it gains
        2 more (3 in all); declining, it keeps 1."""
        game, dace, tie = gives_ion()
        answer(game, "use_ability", "use", dace)
        assert game.state.ships[tie].count(Token.ION) == 3
        assert game.state.ships[dace].charges["dacebonearm"].active == 0
        game, dace, tie = gives_ion()
        answer(game, "use_ability", "decline", dace)
        assert game.state.ships[tie].count(Token.ION) == 1

    def test_not_with_fewer_than_3_charges(self):
        game, _dace, tie = gives_ion(charges=2)
        assert game.decision is None
        assert game.state.ships[tie].count(Token.ION) == 1

    def test_not_beyond_range_3(self):
        game, _dace, _tie = gives_ion(y=720)
        assert game.decision is None

    def test_not_a_friendly_ship(self):
        game, _dace, friend = gives_ion(owner=1)
        assert game.decision is None
        assert game.state.ships[friend].count(Token.ION) == 1


def engagement_start(pilot: str, enemy: str = "academypilot", y: float = 500,
                     turret: str = "front", **enemy_tokens: int):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), turret=turret)
    tie = sc.ship(enemy, player=2, at=(400, y, 180), **enemy_tokens)
    game = sc.game()
    start_at(game, StartEngagement(), Sweep("engagement"))
    return game, me, tie


# ----------------------------------------------------------------- Palob Godalhi
class TestPalobGodalhi:
    def test_he_takes_a_token_from_the_enemy(self):
        """Start of the Engagement Phase: the TIE in his firing arc at range 2 has a focus
        and an evade token; he takes the evade token."""
        game, me, tie = engagement_start("palobgodalhi", focus=1, evade=1)
        assert set(values(game)) >= {f"{tie}:focus", f"{tie}:evade"}
        answer(game, "use_ability", f"{tie}:evade", me)
        assert game.state.ships[me].count(Token.EVADE) == 1
        assert not game.state.ships[tie].has(Token.EVADE)
        assert game.state.ships[tie].count(Token.FOCUS) == 1

    def test_another_pilot_takes_nothing(self):
        game, me, tie = engagement_start("spicerunner", evade=1)
        pass_all(game)
        assert game.state.ships[tie].count(Token.EVADE) == 1
        assert not game.state.ships[me].has(Token.EVADE)

    def test_not_at_range_3(self):
        game, _me, _tie = engagement_start("palobgodalhi", y=600, evade=1)
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_outside_his_firing_arc(self):
        game, _me, _tie = engagement_start("palobgodalhi", turret="rear", evade=1)
        assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------- Torkil Mux
class TestTorkilMux:
    def test_the_chosen_ship_engages_at_initiative_0(self):
        """Start of the Engagement Phase: Torkil (initiative 2) chooses the initiative 3 TIE
        in his firing arc; it engages at initiative 0 this round, so Torkil declares his
        attack first. Declining, the TIE goes first."""
        game, me, tie = engagement_start("torkilmux", enemy="blacksquadronace")
        answer(game, "use_ability", tie, me)
        assert step_of(game, game.state.ships[tie], "engagement") == 0
        assert game.decision.kind == "declare_attack" and game.decision.ship == me
        game.state.round += 1                 # the effect lasts for this round only
        assert step_of(game, game.state.ships[tie], "engagement") == 3
        game, me, tie = engagement_start("torkilmux", enemy="blacksquadronace")
        answer(game, "use_ability", "decline", me)
        assert game.decision.kind == "declare_attack" and game.decision.ship == tie

    def test_not_outside_his_firing_arc(self):
        """His turret to the rear: the TIE can't be chosen and keeps its initiative."""
        game, _me, tie = engagement_start("torkilmux", enemy="blacksquadronace",
                                          turret="rear")
        assert game.decision.kind == "declare_attack" and game.decision.ship == tie


# --------------------------------------------------------------------- Gamut Key
class TestGamutKey:
    def game(self, turret: str = "front", charges: int = 2):
        sc = Scene()
        me = sc.ship("gamutkey", at=(400, 300, 0), turret=turret, focus=1,
                     charges={"gamutkey": charges})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180), evade=1)
        game = sc.at(FireWindow.of("start_end_phase"), EndPhase(), phase="end")
        return game, me, tie

    def test_he_keeps_his_own_circular_tokens(self):
        """At the start of the End Phase he spends 2 charges choosing himself: his focus
        token stays; the TIE's evade token is removed."""
        game, me, tie = self.game()
        answer(game, "use_ability", me, me)
        pass_all(game)
        assert game.state.ships[me].count(Token.FOCUS) == 1
        assert not game.state.ships[tie].has(Token.EVADE)

    def test_or_a_ship_in_his_turret_arc(self):
        """Choosing the TIE in his turret arc: its evade token stays, his focus goes.
        Declining, both are removed."""
        game, me, tie = self.game()
        answer(game, "use_ability", tie, me)
        pass_all(game)
        assert game.state.ships[tie].count(Token.EVADE) == 1
        assert not game.state.ships[me].has(Token.FOCUS)
        game, me, tie = self.game()
        answer(game, "use_ability", "decline", me)
        pass_all(game)
        assert not game.state.ships[tie].has(Token.EVADE)
        assert not game.state.ships[me].has(Token.FOCUS)

    def test_not_a_ship_outside_his_turret_arc(self):
        game, me, tie = self.game(turret="rear")
        assert tie not in values(game) and me in values(game)

    def test_not_with_fewer_than_2_charges(self):
        game, me, _tie = self.game(charges=1)
        assert game.decision is None
        assert not game.state.ships[me].has(Token.FOCUS)


# ------------------------------------------------------------------ Kanan Jarrus
KANAN = "kananjarrus-hwk290lightfreighter"


class TestKananJarrusHwk:
    def game(self, turret: str = "front", force: int = 1, himself: bool = False):
        sc = Scene()
        me = sc.ship(KANAN, at=(400, 300, 0), turret=turret, force=force)
        friend = sc.ship("spicerunner", at=(400, 420, 0))
        # the TIE attacks Kanan from range 2 (over the friend's side) or the friend
        tie = sc.ship("academypilot", player=2, at=(300, 500, 180) if himself
                      else (400, 620, 180))
        game = attack(sc, tie, me if himself else friend, ["hit", "hit", "hit"],
                      ["blank", "blank", "blank"])
        return game, me

    def test_a_ship_in_his_turret_arc_defends(self):
        """The TIE attacks the friendly HWK in his turret arc at range 2: Kanan spends his
        Force and it rolls 1 attack die instead of 2."""
        game, me = self.game()
        answer(game, "use_ability", "use", me)
        pass_all(game)
        assert dice_count(game, 0) == 1
        assert game.state.ships[me].force == 0
        game, me = self.game()
        answer(game, "use_ability", "decline", me)
        pass_all(game)
        assert dice_count(game, 0) == 2

    def test_he_defends(self):
        """The TIE attacks Kanan himself: he may spend his Force, it rolls 1 die instead of 2."""
        game, me = self.game(himself=True)
        answer(game, "use_ability", "use", me)
        pass_all(game)
        assert dice_count(game, 0) == 1

    def test_an_enemy_ship_in_his_turret_arc_too(self):
        """"A ship in your turret arc" is any ship (ruling): a friendly HWK attacks the enemy
        TIE in front of Kanan, who may spend his Force so that his friend rolls 1 fewer
        die."""
        sc = Scene()
        me = sc.ship(KANAN, at=(400, 300, 0))
        friend = sc.ship("spicerunner", at=(250, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
        game = attack(sc, friend, tie, ["hit", "hit"], ["blank"] * 3)
        answer(game, "use_ability", "use", me)
        pass_all(game)
        assert dice_count(game, 0) == 1

    def test_not_outside_his_turret_arc(self):
        game, _me = self.game(turret="rear")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert dice_count(game, 0) == 2

    def test_not_without_force(self):
        game, _me = self.game(force=0)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert dice_count(game, 0) == 2


# ------------------------------------------------------------------------ Tápusk
class TestTapusk:
    def game(self, turret: str = "front", charges: int = 2, enemy: bool = True,
             wolf: int = 0, force: int = 3):
        """Tápusk faces an enemy (or friendly) Darth Vader at range 1 in front of him; Vader's
        Lone Wolf (1 recurring charge) has ``wolf`` active charges, his Force ``force`` of 3
        (1 recurring). The scene starts at the End Phase's token removal."""
        sc = Scene()
        me = sc.ship("tapusk", at=(400, 300, 0), turret=turret, charges={"tapusk": charges})
        vader = sc.ship("darthvader", player=2 if enemy else 1, at=(400, 420, 180),
                        upgrades=["lonewolf"], charges={"lonewolf": wolf}, force=force)
        if not enemy:  # the other player's ship, behind Tápusk
            sc.ship("academypilot", player=2, at=(400, 100, 0))
        game = sc.at(EndPhase(), phase="end")
        return game, me, vader

    def test_the_enemy_does_not_recover_the_charge(self):
        """Tápusk: during the End Phase, before an enemy ship in his turret arc recovers 1
        recurring charge, he may spend 2 charges; it does not recover it: Lone Wolf stays
        inactive, and Tápusk, spent, recovers 1 of his own (recurring 1)."""
        game, me, vader = self.game()
        assert values(game) == ["prevent", "decline"]
        answer(game, "use_ability", "prevent", me)
        pass_all(game)
        assert game.state.ships[vader].charges["lonewolf"].active == 0
        assert game.state.ships[me].charges["tapusk"].active == 1
        assert game.state.ships[vader].card_memory == ()

    def test_declined_the_enemy_recovers(self):
        """Declining: Lone Wolf recovers its charge, Tápusk keeps his 2."""
        game, me, vader = self.game()
        answer(game, "use_ability", "decline", me)
        pass_all(game)
        assert game.state.ships[vader].charges["lonewolf"].active == 1
        assert game.state.ships[me].charges["tapusk"].active == 2

    def test_or_the_force(self):
        """Before the enemy recovers 1 recurring Force: Vader at 1 Force of 3 stays at 1
        (declined, he recovers to 2)."""
        for use, force in ((True, 1), (False, 2)):
            game, me, vader = self.game(wolf=1, force=1)
            answer(game, "use_ability", "prevent" if use else "decline", me)
            pass_all(game)
            assert game.state.ships[vader].force == force, use

    def test_one_decision_per_recovery(self):
        """Lone Wolf's charge and the Force are two recoveries, offered one after the other
        (ruling): he lets the charge recover and stops the Force."""
        game, me, vader = self.game(force=1)
        assert "charge of lonewolf" in game.decision.options[0].label
        answer(game, "use_ability", "decline", me)
        assert "Force" in game.decision.options[0].label
        answer(game, "use_ability", "prevent", me)
        pass_all(game)
        ship = game.state.ships[vader]
        assert (ship.charges["lonewolf"].active, ship.force) == (1, 1)

    def test_nothing_to_stop_where_all_are_active(self):
        """Vader's charge and Force are all active: nothing would be recovered, no offer."""
        game, _me, _vader = self.game(wolf=1)
        assert game.decision is None

    def test_not_outside_his_turret_arc(self):
        """His turret arc pointed to the rear: Vader is not in it; no offer, he recovers."""
        game, _me, vader = self.game(turret="rear")
        assert game.decision is None
        assert game.state.ships[vader].charges["lonewolf"].active == 1

    def test_not_a_friendly_ship(self):
        """Vader on Tápusk's side: not an enemy ship, no offer."""
        game, _me, vader = self.game(enemy=False)
        assert game.decision is None
        assert game.state.ships[vader].charges["lonewolf"].active == 1

    def test_his_own_recovery_comes_too_late(self):
        """With 1 charge he cannot pay 2, and the charge he recovers in this End Phase comes
        with every other recovery, after the offers (ruling): no offer, Vader recovers,
        Tápusk ends with 2 charges."""
        game, me, vader = self.game(charges=1)
        assert game.decision is None
        assert game.state.ships[vader].charges["lonewolf"].active == 1
        assert game.state.ships[me].charges["tapusk"].active == 2

    def test_not_a_huge_ships_energy(self):
        """Energy is no [Charge] (ruling): Vader given a recurring energy charge (as a huge
        ship's) with all his Force and charges active gets no offer, and the energy still
        recovers."""
        sc = Scene()
        me = sc.ship("tapusk", at=(400, 300, 0), turret="front")
        vader = sc.ship("darthvader", player=2, at=(400, 420, 180))
        game = sc.game()
        game.state.ships[vader].charges[ENERGY] = Charge(0, 2, 1)
        assert list(recoverable(game.state.ships[vader])) == []
        start_at(game, EndPhase(), phase="end")
        assert game.decision is None
        assert game.state.ships[vader].charges[ENERGY].active == 1
        assert game.state.ships[me].charges["tapusk"].active == 2
