"""Team and Cargo upgrades of huge ships (cards/upgrades/team_cargo.py; the huge ship rules
in tests/rules/test_huge_ships.py). A C-ROC Cruiser (Syndicate Smugglers: 195 mm long, 80
wide, primary 3 in its front arc, energy 4, shields 4) faces +y at (457, 300): its front
edge is at y 397.5, its right side at x 497. A Raider-class Corvette (Outer Rim Patrol,
energy 6) carries the torpedoes and missiles."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.huge_moves import energy
from tallon.engine.loadout import ENERGY
from tallon.engine.rounds import Activate, EndPhase
from tallon.engine.state import Token
from tallon.scene import Scene, declare, start_at
from tests.cards.helpers import (
    answer,
    engage,
    logged,
    modify_with,
    offers,
    pass_on,
    skip_dice,
    values,
)

CROC = "syndicatesmugglers"
RAIDER = "outerrimpatrol"
ROCK = "core2asteroid3"
#: The same cards, Ordnance Team's text taken away (its reload action grant stays).
NO_ORDNANCE_TEAM = CardRegistry("without Ordnance Team's ability", base=CARDS)
NO_ORDNANCE_TEAM.register("upgrade", "ordnanceteam",
                          description="test: the card's ability taken away")


def _croc(upgrades: list[str], *, tokens=None,
          enemy_at=(457, 500, 180), cards: CardRegistry = CARDS) -> Scene:
    """The C-ROC (p1.1) with ``upgrades`` and a TIE/ln (p2.1) at range 1 ahead of it."""
    sc = Scene(seed=1, cards=cards)
    sc.ship(CROC, at=(457, 300, 0), upgrades=upgrades, tokens=tokens)
    sc.ship("academypilot", player=2, at=enemy_at)
    return sc


def _taken(game, ship_id: str) -> int:
    """The damage the ship has suffered: shields lost and damage cards."""
    ship = game.state.ships[ship_id]
    return ship.shield_limit - ship.shields + len(ship.damage)


def _finish(game, never: str | None = None) -> None:
    """Pass on everything left (declining the linked action); ``never``: a decision kind
    that must not be asked."""
    while game.decision is not None:
        assert game.decision.kind != never, game.decision.prompt
        if game.decision.kind == "linked_action":
            game.answer("decline")
        else:
            pass_on(game)


def _set_energy(game, ship_id: str, amount: int) -> None:
    game.state.ships[ship_id].charges[ENERGY].active = amount


# ------------------------------------------------------------- Optimized Power Core
class TestOptimizedPowerCore:
    def _after(self, upgrades: list[str], dial: str) -> int:
        sc = _croc(upgrades, enemy_at=(100, 800, 180))
        game = sc.game()
        _set_energy(game, "p1.1", 2)
        game.state.ships["p1.1"].dial_set = dial
        start_at(game, Activate("p1.1"), phase="activation")
        assert game.decision.kind == "perform_action"
        return energy(game.state.ships["p1.1"])

    def test_a_blue_maneuver_recovers_1_energy(self):
        """Situation: the C-ROC with 2 of its 4 energy executes the blue [1 straight]. Card:
        "After you execute a blue maneuver, recover 1 energy." Expected: 3 energy; without
        the card still 2."""
        assert self._after(["optimizedpowercore"], "1FB") == 3
        assert self._after([], "1FB") == 2

    def test_a_white_maneuver_recovers_nothing(self):
        """Situation: the same, executing the white [1 bank left]. Expected: still 2
        energy (the maneuver is not blue)."""
        assert self._after(["optimizedpowercore"], "1BW") == 2


# ------------------------------------------------------------------ Tibanna Reserves
class TestTibannaReserves:
    def _action(self, upgrades: list[str], left: int):
        game = _croc(upgrades, enemy_at=(100, 800, 180)).game()
        _set_energy(game, "p1.1", left)
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        return game

    def test_the_action_spends_a_charge_to_recover_2_energy(self):
        """Situation: the C-ROC with 1 energy performs its action. Card: "Action: Spend 1
        charge to recover 2 energy." (3 charges, not recurring). Expected: 3 energy, 2
        charges left; without the card the action is not on offer."""
        game = self._action(["tibannareserves"], 1)
        answer(game, "perform_action", "tibannareserves:recover", "p1.1")
        croc = game.state.ships["p1.1"]
        assert energy(croc) == 3 and croc.charges["tibannareserves"].active == 2
        assert "tibannareserves:recover" not in values(self._action([], 1))

    def test_never_beyond_the_energy_limit_and_not_with_full_energy(self):
        """Situation: with 3 of 4 energy the action recovers only 1; with 4 of 4 the action
        is not offered (ruling: it would recover nothing)."""
        game = self._action(["tibannareserves"], 3)
        answer(game, "perform_action", "tibannareserves:recover", "p1.1")
        assert energy(game.state.ships["p1.1"]) == 4
        assert "tibannareserves:recover" not in values(self._action(["tibannareserves"], 4))


# ---------------------------------------------------------------------- IG-RM Droids
class TestIGRMDroids:
    def _modify(self, tokens, upgrades=("igrmdroids",)):
        game = _croc(list(upgrades), tokens=tokens).attack(
            "p1.1", "p2.1", dice=["hit", "hit", "blank", "blank"], defense=["blank"] * 3)
        skip_dice(game, "modify_attack_dice")
        return game

    def test_calculating_it_changes_a_hit_to_a_crit(self):
        """Situation: the C-ROC, with a calculate token, attacks a TIE at range 1 and rolls
        2 hits and 2 blanks. Card: "While you perform an attack, if you are calculating,
        you may change 1 hit result to a critical hit result." Expected: the TIE is dealt
        1 hit and 1 critical hit (one faceup card); the calculate token is kept (not
        spent); without the card, two facedown cards."""
        game = self._modify({"calculate": 1})
        modify_with(game, "igrmdroids")
        skip_dice(game)
        while game.decision is not None:
            pass_on(game)
        tie = game.state.ships["p2.1"]
        assert sorted(d.faceup for d in tie.damage) == [False, True]
        assert game.state.ships["p1.1"].has(Token.CALCULATE)
        without = self._modify({"calculate": 1}, upgrades=())
        assert not offers(without, "igrmdroids")
        skip_dice(without)
        _finish(without)
        assert [d.faceup for d in without.state.ships["p2.1"].damage] == [False, False]

    def test_not_without_a_calculate_token(self):
        """Situation: the same attack with no calculate token. Expected: no IG-RM Droids
        option."""
        game = self._modify(None)
        assert not offers(game, "igrmdroids")


# -------------------------------------------------------------- Gunnery Specialists
class TestGunnerySpecialists:
    def _attack(self, upgrades: list[str], rerolls=("hit", "hit")):
        sc = _croc(upgrades)
        game = engage(sc, "p1.1", ["blank", "blank", "hit", "hit"], ["blank"] * 3,
                      rerolls=list(rerolls))
        declare(game, "p1.1", "p2.1")
        skip_dice(game, "modify_attack_dice")
        return game

    def test_spend_2_energy_to_reroll_2_attack_dice(self):
        """Situation: the C-ROC's primary attack rolls 2 blanks and 2 hits. Card: "While you
        perform a primary or hardpoint attack, you may spend 1 or more energy to reroll that
        many attack dice." Expected: spending 2 energy rerolls both blanks (to hits): 4
        hits, 2 energy left; without the card nothing is offered."""
        game = self._attack(["gunneryspecialists"])
        modify_with(game, "gunneryspecialists", "reroll 2 blank")
        assert energy(game.state.ships["p1.1"]) == 2
        while game.decision is not None:
            pass_on(game)
        assert logged(game, "neutralize", "4 hit(s)")
        assert not offers(self._attack([]), "gunneryspecialists")

    def test_once_per_attack_and_never_more_than_the_energy(self):
        """Situation: the same with 1 energy. Expected: only the 1-energy reroll is
        offered; after it, the card offers nothing more this attack."""
        sc = _croc(["gunneryspecialists"])
        game = engage(sc, "p1.1", ["blank", "blank", "hit", "hit"], ["blank"] * 3,
                      rerolls=["blank"])
        _set_energy(game, "p1.1", 1)
        declare(game, "p1.1", "p2.1")
        skip_dice(game, "modify_attack_dice")
        labels = [o.label for o in game.decision.options
                  if (o.info or {}).get("source") == "gunneryspecialists"]
        assert labels and all("spend 1 energy" in label for label in labels)
        modify_with(game, "gunneryspecialists", "reroll 1 blank")
        assert energy(game.state.ships["p1.1"]) == 0
        assert not offers(game, "gunneryspecialists")


# ------------------------------------------------------------------ Adaptive Shields
class TestAdaptiveShields:
    def _scene(self, friend_x: float = 560, upgrades=("adaptiveshields",)) -> Scene:
        """The C-ROC and a Binayre Pirate (Z-95, small: p1.2) to its right at range 1
        (x 560) or 2 (x 660); a TIE (p2.1) 160 mm ahead of the Z-95 attacks it."""
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=list(upgrades))
        sc.ship("binayrepirate", at=(friend_x, 300, 0))
        sc.ship("academypilot", player=2, at=(friend_x, 500, 180))
        return sc

    def _cancel_stage(self, sc: Scene):
        game = sc.attack("p2.1", "p1.2", dice=["hit", "hit"], defense=["blank"] * 2)
        while game.decision is not None and not game.decision.kind.startswith("cancel"):
            game.answer("done")
        return game

    def test_spend_a_shield_to_cancel_a_hit_on_a_smaller_friend(self):
        """Situation: the Z-95 at range 1 of the C-ROC defends against 2 hits with 2 blanks.
        Card: "While another friendly ship at range 0-1 defends, if it is a smaller size
        than you, you may spend 1 shield or 2 energy to cancel 1 hit or critical hit
        result." Expected: the C-ROC spends 1 shield (4 -> 3); the Z-95 suffers 1 damage,
        not 2 (as it does without the card)."""
        game = self._cancel_stage(self._scene())
        modify_with(game, "adaptiveshields", "spend 1 shield")
        skip_dice(game)
        while game.decision is not None:
            pass_on(game)
        croc = game.state.ships["p1.1"]
        assert croc.shields == 3 and energy(croc) == 4
        without = self._cancel_stage(self._scene(upgrades=()))
        assert not offers(without, "adaptiveshields")
        skip_dice(without)
        while without.decision is not None:
            pass_on(without)
        assert _taken(game, "p1.2") == 1 and _taken(without, "p1.2") == 2

    def test_or_2_energy(self):
        """Situation: the same, paying with energy. Expected: 2 energy spent (4 -> 2), the
        shields untouched."""
        game = self._cancel_stage(self._scene())
        modify_with(game, "adaptiveshields", "spend 2 energy")
        croc = game.state.ships["p1.1"]
        assert energy(croc) == 2 and croc.shields == 4
        assert not offers(game, "adaptiveshields")

    def test_not_at_range_2(self):
        """Situation: the Z-95 at range 2 of the C-ROC defends. Expected: no Adaptive
        Shields option."""
        game = self._cancel_stage(self._scene(friend_x=660))
        assert not offers(game, "adaptiveshields")


# -------------------------------------------------------------------- Sensor Experts
class TestSensorExperts:
    def _lock(self, upgrades: list[str], third_at=(457, 800, 180), left: int = 4):
        """The C-ROC locks TIE p2.1 (range 2 ahead); TIE p2.2 is at range 1 of it but range
        4 of the C-ROC; TIE p2.3 at ``third_at``."""
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=upgrades)
        sc.ship("academypilot", player=2, at=(457, 620, 180))
        sc.ship("academypilot", player=2, at=(457, 720, 180))
        sc.ship("academypilot", player=2, at=third_at)
        game = sc.game()
        _set_energy(game, "p1.1", left)
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "lock")
        answer(game, "lock_target", "p2.1")
        if game.decision is not None and game.decision.kind == "order_abilities":
            game.answer("p1.1:sensorexperts#1")
        return game

    def test_spend_energy_to_lock_an_object_near_the_locked_one_beyond_range(self):
        """Situation: the C-ROC performs a lock action on a TIE; another TIE is at range 1 of
        it and range 4 of the C-ROC. Card: "After you perform a lock action, you may spend up
        to 2 energy to acquire a lock on that many other objects at range 0-1 of the object
        you locked, ignoring range restrictions." Expected: only that TIE is offered (the
        third, at range 2 of the locked one, is not); 1 energy spent, the C-ROC keeps both
        locks ("up to 3 locks"); without the card it has only its one lock."""
        game = self._lock(["sensorexperts"])
        assert values(game) == ["p2.2", "decline"]
        game.answer("p2.2")
        croc = game.state.ships["p1.1"]
        assert croc.locks == ["p2.1", "p2.2"] and energy(croc) == 3
        without = self._lock([])
        _finish(without)
        assert without.state.ships["p1.1"].locks == ["p2.1"]

    def test_two_more_locks_for_2_energy(self):
        """Situation: two TIEs at range 1 of the locked one. Expected: after the first, a
        second is offered; spending 2 energy the C-ROC keeps 3 locks."""
        game = self._lock(["sensorexperts"], third_at=(540, 620, 180))
        assert set(values(game)) == {"p2.2", "p2.3", "decline"}
        game.answer("p2.2")
        answer(game, "use_ability", "p2.3")
        croc = game.state.ships["p1.1"]
        assert croc.locks == ["p2.1", "p2.2", "p2.3"] and energy(croc) == 2

    def test_an_obstacle_locked_measures_from_the_obstacle(self):
        """Situation: the C-ROC locks an asteroid at range 2 ahead; a TIE is at range 1 of
        the asteroid (range 4 of the C-ROC), another at range 4 of it. Expected: only the
        near TIE is offered (range measured from the locked object, whatever it is)."""
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=["sensorexperts"])
        rock = sc.obstacle(ROCK, 457, 620)
        sc.ship("academypilot", player=2, at=(457, 720, 180))
        sc.ship("academypilot", player=2, at=(800, 880, 180))
        game = sc.at(PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "lock")
        answer(game, "lock_target", rock)
        if game.decision.kind == "order_abilities":
            game.answer("p1.1:sensorexperts#1")
        assert values(game) == ["p2.1", "decline"]

    def test_not_without_energy(self):
        """Situation: the C-ROC has no energy. Expected: after the lock action, nothing is
        offered; one lock."""
        game = self._lock(["sensorexperts"], left=0)
        _finish(game, never="use_ability")
        assert game.state.ships["p1.1"].locks == ["p2.1"]


# ------------------------------------------------------------------------ Comms Team
class TestCommsTeam:
    def _coordinate(self, upgrades: list[str], left: int = 4):
        """The C-ROC coordinates the Z-95 p1.2 (range 1 to its right); Z-95 p1.3 is at range
        1 of p1.2, p1.4 at range 2 of it."""
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=upgrades)
        for x in (600, 680, 800):
            sc.ship("binayrepirate", at=(x, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.game()
        _set_energy(game, "p1.1", left)
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "coordinate")
        answer(game, "coordinate_target", "p1.2")
        answer(game, "perform_action", "focus", "p1.2")
        if game.decision is not None and game.decision.kind == "order_abilities":
            game.answer("p1.1:commsteam#1")
        return game

    def test_spend_energy_to_coordinate_a_ship_near_the_coordinated_one(self):
        """Situation: after the C-ROC's coordinate action (the Z-95 p1.2 focused). Card:
        "After you perform a coordinate action, you may spend up to 2 energy to coordinate
        that many additional ships at range 0-1 of the ship you coordinated." Expected: only
        p1.3 is offered (p1.4 is at range 2 of p1.2); for 1 energy it performs a focus
        action; without the card p1.3 gets no action."""
        game = self._coordinate(["commsteam"])
        assert values(game) == ["p1.3", "decline"]
        game.answer("p1.3")
        answer(game, "perform_action", "focus", "p1.3")
        assert game.state.ships["p1.3"].has(Token.FOCUS)
        assert energy(game.state.ships["p1.1"]) == 3
        without = self._coordinate([])
        _finish(without, never="use_ability")
        assert not without.state.ships["p1.3"].has(Token.FOCUS)

    def test_not_without_energy(self):
        """Situation: the same with no energy. Expected: no ship is offered."""
        game = self._coordinate(["commsteam"], left=0)
        _finish(game, never="use_ability")
        assert not game.state.ships["p1.3"].has(Token.FOCUS)


# --------------------------------------------------------------------- Ordnance Team
class TestOrdnanceTeam:
    def _reload(self, upgrades: list[str], left: int = 6, cards: CardRegistry = CARDS):
        """The Raider (p1.1: Proton Torpedoes 0/2, Concussion Missiles 2/3) reloads its
        torpedoes."""
        sc = Scene(seed=1, cards=cards)
        sc.ship(RAIDER, at=(457, 300, 0),
                upgrades=[*upgrades, "protontorpedoes", "concussionmissiles"])
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.game()
        raider = game.state.ships["p1.1"]
        raider.charges["protontorpedoes"].active = 0
        raider.charges["concussionmissiles"].active = 2
        _set_energy(game, "p1.1", left)
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "reload")
        answer(game, "reload_card", "protontorpedoes")
        return game

    def _to(self, game, entry: str) -> None:
        while game.decision is not None and game.decision.kind != "use_ability":
            d = game.decision
            game.answer(entry if d.kind == "order_abilities" and d.find(entry) is not None
                        else "decline" if d.find("decline") is not None else d.options[0].key)

    def test_energy_reloads_more_charges_and_removes_the_disarm_token(self):
        """Situation: the Raider reloads its Proton Torpedoes (0 -> 1, gaining a disarm
        token). Card: "While you perform a reload action, you may spend up to 3 energy to
        reload that many additional charges on your equipped missile/torpedo upgrades.
        After you perform a reload action, you may spend 1 energy to remove 1 disarm token."
        Expected: the ways offered share at most what is missing (1 torpedo, 1 missile);
        spending 2 energy fills both; 1 more energy removes the disarm token (6 -> 3)."""
        game = self._reload(["ordnanceteam"])
        self._to(game, "p1.1:ordnanceteam#0")
        assert set(values(game)) == {"protontorpedoes=1", "concussionmissiles=1",
                                     "concussionmissiles=1+protontorpedoes=1", "decline"}
        game.answer("concussionmissiles=1+protontorpedoes=1")
        raider = game.state.ships["p1.1"]
        assert raider.charges["protontorpedoes"].active == 2
        assert raider.charges["concussionmissiles"].active == 3
        self._to(game, "p1.1:ordnanceteam#1")
        answer(game, "use_ability", "use")
        assert not raider.has(Token.DISARM) and energy(raider) == 3

    def test_without_the_ability_one_charge_and_the_disarm_token(self):
        """Situation: the same reload with the card's ability taken away (the reload action
        is the card's grant). Expected: 1 torpedo charge, 2 missile charges, a disarm token
        kept."""
        game = self._reload(["ordnanceteam"], cards=NO_ORDNANCE_TEAM)
        _finish(game)
        raider = game.state.ships["p1.1"]
        assert raider.charges["protontorpedoes"].active == 1
        assert raider.charges["concussionmissiles"].active == 2 and raider.has(Token.DISARM)

    def test_no_more_charges_than_the_energy(self):
        """Situation: the Raider has 1 energy. Expected: only 1-energy ways are offered."""
        game = self._reload(["ordnanceteam"], left=1)
        self._to(game, "p1.1:ordnanceteam#0")
        assert set(values(game)) == {"protontorpedoes=1", "concussionmissiles=1", "decline"}


# --------------------------------------------------------------- Tractor Technicians
class TestTractorTechnicians:
    def _scene(self, upgrades=("tractortechnicians",), tractor: int = 1,
               at=(560, 350, 0)) -> Scene:
        """A TIE/ln (p2.1, small: 1 tractor token tractors it) beside the C-ROC at range 1
        (x 560), facing +y, away from it."""
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=at,
                tokens={"tractor": tractor} if tractor else None)
        return sc

    def _flown(self, sc: Scene, use: bool = True) -> tuple[float, int]:
        """How far the TIE moves executing its white [3 straight], and the C-ROC's energy."""
        game = sc.game()
        game.state.ships["p2.1"].dial_set = "3FW"
        start_at(game, Activate("p2.1"), phase="activation")
        if game.decision is not None and game.decision.kind == "use_ability":
            assert game.decision.ship == "p1.1"
            game.answer("use" if use else "decline")
        _finish(game)
        return game.state.ships["p2.1"].pose.y - 350, energy(game.state.ships["p1.1"])

    def test_energy_slows_a_tractored_enemy_by_1_speed(self):
        """Situation: the tractored TIE at range 1 of the C-ROC reveals a [3 straight].
        Card: "Before a tractored enemy ship at range 0-1 reveals its dial, you may spend 1
        energy. If you do, while that ship executes its maneuver this activation, it
        reduces the speed of that maneuver by 1, to a minimum of 1." Expected: 1 energy
        spent and the TIE moves 40 mm (one speed) less than without the card or when the
        C-ROC declines."""
        slowed, left = self._flown(self._scene())
        plain, full = self._flown(self._scene(upgrades=()))
        declined, _ = self._flown(self._scene(), use=False)
        assert left == 3 and full == 4
        assert abs((plain - slowed) - 40) < 0.5 and declined == plain

    def test_not_a_ship_that_is_not_tractored_nor_one_at_range_2(self):
        """Situation: the TIE without tractor tokens; then tractored at range 2 (x 660).
        Expected: the C-ROC is not asked; the TIE flies its full speed."""
        plain, _ = self._flown(self._scene(upgrades=()))
        assert self._flown(self._scene(tractor=0)) == (plain, 4)
        far, left = self._flown(self._scene(at=(660, 350, 0)))
        assert left == 4 and far == plain

    def _end_phase(self, upgrades=("tractortechnicians",), at=(560, 350, 0)) -> bool:
        game = self._scene(upgrades=upgrades, at=at).at(EndPhase(), phase="end")
        _finish(game)
        return game.state.ships["p2.1"].has(Token.TRACTOR)

    def test_other_ships_near_it_keep_their_tractor_tokens_in_the_end_phase(self):
        """Situation: the End Phase; the TIE at range 1 has a tractor token. Card: "During
        the End Phase, each other ship at range 0-1 cannot remove its tractor tokens."
        Expected: the TIE keeps it; without the card, or at range 2, it is removed."""
        assert self._end_phase()
        assert not self._end_phase(upgrades=())
        assert not self._end_phase(at=(660, 350, 0))
