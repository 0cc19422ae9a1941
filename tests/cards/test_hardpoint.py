"""Hardpoint upgrades of huge ships (RR: APPENDIX: HUGE SHIPS; the bonus attacks' engine
rules in tests/rules/test_huge_bonus_attacks.py).

Scenes: a CR90 (Alderaanian Guard: primary 4 left and right, 7 energy, locks at range 1-4)
facing +y at (457, 300), 225 mm long and 80 wide: its right side at x 497, its front edge at
y 412.5. A Trident-class assault ship (Lawless Pirates: 3 energy) facing +y at (457, 300),
195 mm long: its rear edge at y 202.5. Defenders: TIE/ln fighters (Academy Pilot: agility
3, hull 3) and Lambda shuttles (Omicron Group Pilot: a large base, agility 1, hull 6,
shields 4)."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.huge_moves import energy
from tallon.engine.loadout import unplayable_cards
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, faces, load_dice, start_at
from tallon.squads import build_squad
from tests.cards.helpers import answer, skip_dice, values
from tests.rules.game_helpers import events

CR90 = "alderaanianguard"
TRIDENT = "lawlesspirates"
TIE = "academypilot"
SHUTTLE = "omicrongrouppilot"
#: a TIE's centre beside the CR90's right side at range 1, 2 and 5 (its base 40 mm)
TIE_R1, TIE_R2, TIE_R5 = 537, 637, 967
#: a shuttle's centre (an 80 mm base) beside the CR90's right side at range 1 and 4
SHUTTLE_R1, SHUTTLE_R4 = 577, 907


def _cr90(upgrade: str, x: float, defender: str = TIE, turret: str = "right",
          **setup) -> Scene:
    sc = Scene(seed=5)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[upgrade], turret=turret, **setup)
    sc.ship(defender, player=2, at=(x, 300, 0))
    return sc


def _trident(upgrades: list[str], y: float, defender: str = TIE, cards=CARDS,
             **setup) -> Scene:
    sc = Scene(seed=5, cards=cards)
    sc.ship(TRIDENT, at=(457, 300, 0), upgrades=upgrades, **setup)
    sc.ship(defender, player=2, at=(457, y, 0))
    return sc


def _fire(game, key: str, attack=(), defense=()) -> None:
    """Declare ``key`` with these dice and resolve the attack up to the next declaration
    (or the end), using mandatory dice abilities and no other modification."""
    load_dice(game, attack, defense)
    assert key in values(game), values(game)
    game.answer(key)
    while game.decision is not None and game.decision.kind != "declare_attack":
        d = game.decision
        assert d.kind.startswith(("modify_", "cancel_")), f"unexpected {d.kind}"
        keys = d.option_keys()
        game.answer("done" if "done" in keys else keys[0])


def _misses(game, count: int = 10):
    load_dice(game, then=(faces(DieKind.ATTACK, ["blank"] * 6)
                          + faces(DieKind.DEFENSE, ["evade"] * 6)) * count)
    return game


def _side(game, ship: str, card: str) -> int:
    return next(side for kind, xws, side in game.state.ships[ship].cards if xws == card)


class TestPointDefenseBattery:
    def test_four_bonus_attacks_in_both_arcs_of_its_double_turret(self):
        """Situation: the CR90's battery points right (a double turret: right and left); a
        shuttle at range 1 of its right side. Card: "Bonus Attack: Spend 1 energy." four
        times, 2 dice at range 1-2. Expected: four bonus attacks for 4 energy, then none."""
        game = _misses(_cr90("pointdefensebattery", SHUTTLE_R1, SHUTTLE).at(Engage("p1.1")))
        for _ in range(4):
            assert "pointdefensebattery@p2.1" in values(game)
            game.answer("pointdefensebattery@p2.1")
            skip_dice(game, "declare_attack")
        assert "pointdefensebattery@p2.1" not in values(game)
        assert energy(game.state.ships["p1.1"]) == 3

    def test_the_left_arc_of_the_double_turret_and_not_range_3(self):
        """Situation: a TIE at range 1 of the CR90's left side, then one at range 3 on its
        right. Card: a double turret arc weapon at range 1-2. Expected: the left TIE can be
        attacked with it; the far one can't."""
        game = _cr90("pointdefensebattery", 914 - TIE_R1).at(Engage("p1.1"))
        assert "pointdefensebattery@p2.1" in values(game)
        game = _cr90("pointdefensebattery", 737).at(Engage("p1.1"))
        assert "pointdefensebattery@p2.1" not in (values(game) if game.decision else [])

    def test_offline_it_flips_back_for_2_energy_after_engaging(self):
        """Situation: the battery is offline; the CR90 engages and attacks nothing. Card
        (offline): "After you engage, you may spend 2 energy to flip this card."
        Expected: it may flip back (5 energy left); the battery then attacks again."""
        sc = _cr90("pointdefensebattery", SHUTTLE_R1, SHUTTLE)
        game = sc.game()
        cards = game.state.ships["p1.1"].cards
        game.state.ships["p1.1"].cards = tuple(
            (k, x, 1 if x == "pointdefensebattery" else s) for k, x, s in cards)
        start_at(game, Engage("p1.1"))
        assert values(game) == ["primary:right@p2.1", "none"]
        game.answer("none")
        answer(game, "use_ability", values(game)[0])
        assert _side(game, "p1.1", "pointdefensebattery") == 0
        assert energy(game.state.ships["p1.1"]) == 5

    def test_offline_without_2_energy_it_stays_offline(self):
        """Situation: as before with 1 energy. Card: the cost is 2 energy. Expected: no
        ability is offered; the battery stays offline."""
        sc = _cr90("pointdefensebattery", SHUTTLE_R1, SHUTTLE, charges={"energy": 1})
        game = sc.game()
        cards = game.state.ships["p1.1"].cards
        game.state.ships["p1.1"].cards = tuple(
            (k, x, 1 if x == "pointdefensebattery" else s) for k, x, s in cards)
        start_at(game, Engage("p1.1"))
        game.answer("none")
        assert game.decision is None
        assert _side(game, "p1.1", "pointdefensebattery") == 1


    def test_a_second_turret_upgrade_plays(self):
        """Situation: a CR90 squad with the battery and a Turbolaser Battery (both turret
        weapons), and one with the battery alone. Rule: TURRET ARC INDICATORS - the second
        turret upgrade gets a second indicator (tests/rules/test_huge_turrets.py). Expected:
        both squads play."""
        both = build_squad("rebelalliance", [(CR90, ["pointdefensebattery",
                                                     "turbolaserbattery"])])
        assert unplayable_cards(both, CARDS) == []
        one = build_squad("rebelalliance", [(CR90, ["pointdefensebattery"])])
        assert unplayable_cards(one, CARDS) == []


class TestTargetingBattery:
    def test_after_the_attack_it_may_lock_the_defender(self):
        """Situation: the CR90 attacks a shuttle at range 1 (too close: the battery reaches
        2-5), then at range 4 with its Targeting Battery. Card: "After you perform this
        attack, you may acquire a lock on the defender." Expected: at range 4 (the CR90
        locks at range 1-4) it locks the shuttle, having spent 1 energy."""
        game = _cr90("targetingbattery", SHUTTLE_R1, SHUTTLE).at(Engage("p1.1"))
        assert "targetingbattery@p2.1" not in values(game)
        game = _misses(_cr90("targetingbattery", SHUTTLE_R4, SHUTTLE).at(Engage("p1.1")))
        game.answer("targetingbattery@p2.1")
        skip_dice(game, "use_ability")
        answer(game, "use_ability", values(game)[0])
        ship = game.state.ships["p1.1"]
        assert ship.locks == ["p2.1"] and energy(ship) == 6

    def test_no_lock_beyond_the_lock_range(self):
        """Situation: the CR90 attacks a TIE at range 5. Card: the lock obeys the usual
        range (RR: FAQ: Targeting Battery; the CR90 locks at range 1-4). Expected: the attack
        is allowed, no lock is offered."""
        game = _misses(_cr90("targetingbattery", TIE_R5).at(Engage("p1.1")))
        game.answer("targetingbattery@p2.1")
        skip_dice(game, "declare_attack")
        assert game.state.ships["p1.1"].locks == [] and game.decision is None


class TestTurbolaserBattery:
    def test_a_hit_adds_3_hit_results(self):
        """Situation: with a lock on the shuttle at range 4, the CR90 fires the Turbolaser
        Battery: 1 hit gets through. Card: "Bonus Attack (Lock): Spend 3 energy. If this
        attack hits, add 3 hit results." Expected: 4 damage (the shuttle's 4 shields go),
        4 energy left."""
        game = _cr90("turbolaserbattery", SHUTTLE_R4, SHUTTLE, locks=["p2.1"]).at(
            Engage("p1.1"))
        _fire(game, "turbolaserbattery@p2.1", ["hit", "blank", "blank"],
              ["blank"] * 3)
        shuttle = game.state.ships["p2.1"]
        assert shuttle.shields == 0 and energy(game.state.ships["p1.1"]) == 4

    def test_a_miss_adds_nothing(self):
        """Situation: as before, every hit canceled. Card: only if the attack hits.
        Expected: the shuttle keeps its shields."""
        game = _cr90("turbolaserbattery", SHUTTLE_R4, SHUTTLE, locks=["p2.1"]).at(
            Engage("p1.1"))
        _fire(game, "turbolaserbattery@p2.1", ["hit", "blank", "blank"],
              ["evade"] * 3)
        assert game.state.ships["p2.1"].shields == 4

    def test_it_needs_a_lock_and_range_3(self):
        """Situation: no lock on the shuttle at range 4; then a lock and the shuttle at
        range 1. Card: "Bonus Attack (Lock)", range 3-5. Expected: neither is offered."""
        game = _cr90("turbolaserbattery", SHUTTLE_R4, SHUTTLE).at(Engage("p1.1"))
        assert "turbolaserbattery@p2.1" not in (values(game) if game.decision else [])
        game = _cr90("turbolaserbattery", SHUTTLE_R1, SHUTTLE, locks=["p2.1"]).at(
            Engage("p1.1"))
        assert "turbolaserbattery@p2.1" not in values(game)


class TestIonCannonBattery:
    def test_a_hit_deals_1_critical_damage_and_ion_tokens(self):
        """Situation: the CR90 hits a TIE at range 2 with 2 hits. Card: "the defender
        suffers 1 critical damage, and all hit/critical results inflict ion tokens instead
        of damage." Expected: 1 faceup damage card and 2 ion tokens; 6 energy left."""
        game = _cr90("ioncannonbattery", TIE_R2).at(Engage("p1.1"))
        _fire(game, "ioncannonbattery@p2.1", ["hit", "hit", "blank", "blank"],
              ["blank"] * 3)
        tie = game.state.ships["p2.1"]
        assert [d.faceup for d in tie.damage] == [True]
        assert tie.count(Token.ION) == 2 and energy(game.state.ships["p1.1"]) == 6

    def test_a_miss_does_nothing(self):
        """Situation: the hits are evaded. Card: only if the attack hits. Expected: no
        damage, no ion token."""
        game = _cr90("ioncannonbattery", TIE_R2).at(Engage("p1.1"))
        _fire(game, "ioncannonbattery@p2.1", ["hit", "hit", "blank", "blank"],
              ["evade", "evade", "blank"])
        tie = game.state.ships["p2.1"]
        assert tie.damage == () and tie.count(Token.ION) == 0


class TestDrillBeak:
    def test_at_range_0_every_hit_becomes_a_critical_hit(self):
        """Situation: a TIE touches the Trident's rear edge (range 0); the Drill Beak rolls
        2 hits. Card: "If the attack range is 0, change all hit results to critical hit
        results." Expected: 2 faceup damage cards on the TIE; 2 energy left."""
        game = _trident(["drillbeak"], 182.5).at(Engage("p1.1"))
        _fire(game, "drillbeak@p2.1", ["hit", "hit", "blank"], ["blank"] * 3)
        tie = game.state.ships["p2.1"]
        assert [d.faceup for d in tie.damage] == [True, True]
        assert energy(game.state.ships["p1.1"]) == 2

    def test_at_range_1_the_hits_stay_hits(self):
        """Situation: the TIE at range 1 behind the Trident. Card: only at range 0.
        Expected: 2 facedown damage cards."""
        game = _trident(["drillbeak"], 180).at(Engage("p1.1"))
        _fire(game, "drillbeak@p2.1", ["hit", "hit", "blank"], ["blank"] * 3)
        assert [d.faceup for d in game.state.ships["p2.1"].damage] == [False, False]

    def test_offline_an_action_repairs_it_for_1_energy(self):
        """Situation: the Drill Beak is offline; the Trident performs an action. Card
        (offline): "Action: Spend 1 energy to repair this card." (ruling: it flips faceup).
        Expected: the action is offered; afterwards the card is faceup, 2 energy left."""
        sc = _trident(["drillbeak"], 180)
        game = sc.game()
        cards = game.state.ships["p1.1"].cards
        game.state.ships["p1.1"].cards = tuple(
            (k, x, 1 if x == "drillbeak" else s) for k, x, s in cards)
        start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
        key = next(k for k in values(game) if "drillbeak" in str(k))
        game.answer(key)
        assert _side(game, "p1.1", "drillbeak") == 0
        assert energy(game.state.ships["p1.1"]) == 2


class TestTractorTentacles:
    def test_five_bonus_attacks_the_first_free(self):
        """Situation: a shuttle at range 1 behind the Trident (3 energy). Card: "Bonus
        Attack. Bonus Attack: Spend 1 energy." (four times). Expected: the first attack
        costs nothing; three more spend the 3 energy; with none left no more are offered."""
        game = _misses(_trident(["tractortentacles"], 140, SHUTTLE).at(Engage("p1.1")))
        game.answer("tractortentacles@p2.1")
        skip_dice(game, "declare_attack")
        assert energy(game.state.ships["p1.1"]) == 3
        for _ in range(3):
            game.answer("tractortentacles@p2.1")
            skip_dice(game, "declare_attack")
        assert energy(game.state.ships["p1.1"]) == 0
        assert "tractortentacles@p2.1" not in (values(game) if game.decision else [])

    def test_not_at_range_3(self):
        """Situation: a shuttle at range 3 behind the Trident. Card: range 1-2 in the rear
        arc. Expected: the tentacles can't attack it."""
        sc = Scene(seed=5)
        sc.ship(TRIDENT, at=(457, 500, 0), upgrades=["tractortentacles"])
        sc.ship(SHUTTLE, player=2, at=(457, 112.5, 0))  # 250 mm behind its rear edge
        game = sc.at(Engage("p1.1"))
        assert game.decision is None or "tractortentacles@p2.1" not in values(game)
        sc = Scene(seed=5)
        sc.ship(TRIDENT, at=(457, 500, 0), upgrades=["tractortentacles"])
        sc.ship(SHUTTLE, player=2, at=(457, 212.5, 0))  # 150 mm: range 2
        assert "tractortentacles@p2.1" in values(sc.at(Engage("p1.1")))


class TestProtonCannonBattery:
    def test_one_hit_becomes_a_critical_hit(self):
        """Situation: a TIE at range 2 ahead of the CR90's front edge, in its bullseye arc;
        2 hits. Card: "Change 1 hit result to a critical hit result." Expected: 1 faceup and
        1 facedown damage card; the free header was used (7 energy)."""
        sc = Scene(seed=5)
        sc.ship(CR90, at=(457, 300, 0), upgrades=["protoncannonbattery"])
        sc.ship(TIE, player=2, at=(457, 562.5, 180))
        game = sc.at(Engage("p1.1"))
        _fire(game, "protoncannonbattery@p2.1", ["hit", "hit", "blank", "blank"],
              ["blank"] * 3)
        faceup = sorted(d.faceup for d in game.state.ships["p2.1"].damage)
        assert faceup == [False, True] and energy(game.state.ships["p1.1"]) == 7


class TestEnhancedPropulsion:
    def _at_end_phase(self, **setup):
        sc = Scene(seed=5)
        sc.ship(TRIDENT, at=(457, 300, 0), upgrades=["enhancedpropulsion"], **setup)
        sc.ship(TIE, player=2, at=(100, 800, 180))
        return sc.at(FireWindow.of("start_end_phase"), phase="end")

    def test_2_energy_for_a_white_2_straight(self):
        """Situation: the start of the End Phase; the Trident (3 energy) at (457, 300)
        facing +y. Card: "you may spend 2 energy to execute a white [2 straight], [1 bank
        left], or [1 bank right] maneuver." Expected: the three maneuvers are offered;
        choosing [2 straight] moves it 80 mm ahead with the huge ship maneuver tool, 1
        energy left."""
        game = self._at_end_phase()
        d = game.decision
        assert d.kind == "use_ability"
        assert {"2FW", "1BW", "1NW"} <= set(values(game))
        game.answer("2FW")
        ship = game.state.ships["p1.1"]
        assert (round(ship.pose.x), round(ship.pose.y), ship.pose.heading) == (457, 380, 0)
        assert energy(ship) == 1

    def test_without_2_energy_it_stays(self):
        """Situation: as before with 1 energy. Card: the cost is 2 energy. Expected: nothing
        is offered; the ship stays."""
        game = self._at_end_phase(charges={"energy": 1})
        assert game.decision is None
        assert game.state.ships["p1.1"].pose.y == 300


class TestOrdnanceTubes:
    """The Trident with Proton Torpedoes (Attack (lock), 2 charges: 4 dice at range 2-3 in
    the front arc) and a lock on the TIE."""

    def _scene(self, at: tuple[float, float, float], tubes: bool = True, side: int = 0):
        sc = Scene(seed=5)
        sc.ship(TRIDENT, at=(457, 300, 0), locks=["p2.1"],
                upgrades=["protontorpedoes", *(["ordnancetubes"] if tubes else [])])
        sc.ship(TIE, player=2, at=at)
        game = sc.game()
        if side:
            ship = game.state.ships["p1.1"]
            ship.cards = tuple((k, x, side if x == "ordnancetubes" else s)
                               for k, x, s in ship.cards)
        start_at(game, Engage("p1.1"))
        return game

    AHEAD = (457, 567.5, 180)  # 150 mm ahead of the front edge: range 2, bullseye
    BESIDE = (247, 360, 180)  # 150 mm off the left side, ahead of the centre line

    def test_a_torpedo_attack_only_as_a_bonus_attack_once_a_round(self):
        """Situation: the TIE at range 2 ahead. Card: "You can perform [Torpedo] ... attacks
        only as bonus attacks ... Bonus Attack: Perform a [Torpedo] attack." Expected: the
        torpedoes are offered through the tubes' header only (key bonus:...); the attack is
        a bonus attack spending a torpedo charge and no energy; afterwards the torpedoes
        are offered no more, the primary attack still is. Without the tubes the torpedoes
        are a standard attack."""
        game = _misses(self._scene(self.AHEAD))
        assert set(values(game)) == {"primary:front@p2.1", "bonus:protontorpedoes@p2.1",
                                     "none"}
        game.answer("bonus:protontorpedoes@p2.1")
        skip_dice(game, "declare_attack")
        ship = game.state.ships["p1.1"]
        assert ship.charges["protontorpedoes"].active == 1 and energy(ship) == 3
        assert any("as a bonus attack" in e["text"] for e in events(game, "attack"))
        assert values(game) == ["primary:front@p2.1", "none"]
        plain = self._scene(self.AHEAD, tubes=False)
        assert "protontorpedoes@p2.1" in values(plain)

    def test_the_front_arc_requirement_becomes_the_full_front_arc(self):
        """Situation: the TIE at range 2 beside the Trident's front half (in its full front
        arc, outside its front arc). Card: "treat the [Front Arc] requirement ... as [Full
        Front Arc]". Expected: the torpedoes reach it; without the tubes they don't."""
        game = self._scene(self.BESIDE)
        assert "bonus:protontorpedoes@p2.1" in values(game)
        plain = self._scene(self.BESIDE, tubes=False)
        assert plain.decision is None or "protontorpedoes@p2.1" not in values(plain)

    def test_offline_the_bullseye_arc_and_a_standard_attack(self):
        """Situation: the tubes are offline. Card (offline): "treat the [Front Arc]
        requirement ... as [Bullseye Arc]" (no header, no bonus-only rule). Expected: the
        torpedoes attack the TIE ahead (in the bullseye arc) as a standard attack, not the
        one beside the ship."""
        game = self._scene(self.AHEAD, side=1)
        assert "protontorpedoes@p2.1" in values(game)
        game = self._scene(self.BESIDE, side=1)
        assert game.decision is None or "protontorpedoes@p2.1" not in values(game)

    def test_offline_an_action_flips_it_for_2_energy(self):
        """Situation: the tubes are offline; the Trident (3 energy) performs an action.
        Card (offline): "Action: Spend 2 energy to flip this card." Expected: the card is
        faceup again, 1 energy left; with 1 energy the action is not offered."""
        for energy_left, offered in ((3, True), (1, False)):
            sc = Scene(seed=5)
            sc.ship(TRIDENT, at=(457, 300, 0), upgrades=["ordnancetubes"],
                    charges={"energy": energy_left})
            sc.ship(TIE, player=2, at=(100, 800, 180))
            game = sc.game()
            ship = game.state.ships["p1.1"]
            ship.cards = tuple((k, x, 1 if x == "ordnancetubes" else s)
                               for k, x, s in ship.cards)
            start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
            keys = [k for k in values(game) if "ordnancetubes" in str(k)]
            assert bool(keys) == offered
            if offered:
                game.answer(keys[0])
                assert _side(game, "p1.1", "ordnancetubes") == 0
                assert energy(game.state.ships["p1.1"]) == 1


class TestCorsairRefit:
    """A C-ROC (Syndicate Smugglers) with Corsair Refit and a Heavy Laser Cannon (4 dice,
    range 2-3, bullseye); a TIE at range 2 ahead."""

    def _scene(self, refit: bool = True):
        sc = Scene(seed=5)
        sc.ship("syndicatesmugglers", at=(457, 300, 0),
                upgrades=["heavylasercannon", *(["corsairrefit"] if refit else [])])
        sc.ship(TIE, player=2, at=(457, 300 + 97.5 + 150 + 20, 180))
        return _misses(sc.at(Engage("p1.1")))

    def test_a_bonus_cannon_attack_for_1_energy_once_a_round(self):
        """Card: "Bonus Attack: Spend 1 [Energy] to perform a [Cannon], [Turret], or
        [Missile] attack." Expected: after its standard attack with the cannon (missing),
        the C-ROC is offered the cannon again as a bonus attack; it costs 1 energy; then no
        more cannon attacks. Without the refit the cannon is no bonus attack."""
        miss = {"attack": ["blank"] * 4, "defense": ["evade"] * 3}
        game = self._scene()
        _fire(game, "heavylasercannon@p2.1", **miss)
        assert values(game) == ["bonus:heavylasercannon@p2.1", "none"]
        before = energy(game.state.ships["p1.1"])
        _fire(game, "bonus:heavylasercannon@p2.1", **miss)
        assert energy(game.state.ships["p1.1"]) == before - 1
        assert game.decision is None  # nothing left to attack with: the engagement ended
        plain = self._scene(refit=False)
        assert "bonus:heavylasercannon@p2.1" not in values(plain)
