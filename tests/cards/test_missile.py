"""Missile upgrades (RR: SPECIAL WEAPON, RR: CHARGES, RR: BONUS ATTACK, RR: RELOAD,
RR: DAMAGE CARDS). Each scene puts a Red Squadron Veteran (T-65) facing TIEs at chosen ranges with
loaded dice; a TIE straight ahead is in the bullseye arc."""

from __future__ import annotations

from tallon.dice import DieKind, Face
from tallon.engine.action_bodies import lock_targets
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import acquire_lock
from tallon.engine.rounds import EndPhase, StartEndPhase, StartEngagement, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.geometry import ObstacleType, Pose
from tallon.scene import Scene, faces, load_dice, stack_deck, start_at
from tests.cards.helpers import dice_count, engage, pick, skip_dice

RANGE_Y = {1: 380.0, 2: 490.0, 3: 550.0}
SIDE_X = 460.0  # in the front arc, out of the bullseye arc; range 1 of a TIE at x = 400


def scene(weapon: str, range_: int = 2, x: float = 400.0, tokens: dict | None = None,
          lock: bool = True, defender: str = "academypilot", **setup):
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[weapon],
                    tokens=tokens or {}, locks=["p2.1"] if lock else [], **setup)
    tie = sc.ship(defender, player=2, at=(x, RANGE_Y[range_], 180))
    return sc, xwing, tie


def offered(game) -> set[tuple[str, str]]:
    return {(o.info["weapon"], o.info["defender"]) for o in game.decision.options
            if "defender" in (o.info or {})}


def declare(game, weapon, defender="p2.1"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


# -------------------------------------------------------------------- Proton Rockets
class TestProtonRockets:
    def test_needs_focus_and_the_bullseye_arc(self):
        sc, xwing, _ = scene("protonrockets", lock=False)
        assert ("protonrockets", "p2.1") not in offered(engage(sc, xwing))
        sc, xwing, _ = scene("protonrockets", lock=False, tokens={"focus": 1})
        assert ("protonrockets", "p2.1") in offered(engage(sc, xwing))
        sc, xwing, _ = scene("protonrockets", x=SIDE_X, lock=False, tokens={"focus": 1})
        assert ("protonrockets", "p2.1") not in offered(engage(sc, xwing))

    def test_five_dice_at_range_1_and_the_focus_is_kept(self):
        """Ordnance: no range bonus (5 dice, not 6); the header only requires the focus
        token, it is not spent."""
        sc, xwing, _ = scene("protonrockets", range_=1, lock=False, tokens={"focus": 1})
        game = engage(sc, xwing, ["blank"] * 5, ["blank"] * 3)
        declare(game, "protonrockets")
        skip_dice(game)
        assert dice_count(game, 0) == 5
        ship = game.state.ships[xwing]
        assert ship.count(Token.FOCUS) == 1 and ship.charges["protonrockets"].active == 0


# ------------------------------------------------------------------- Homing Missiles
class TestHomingMissiles:
    def test_the_defender_may_take_a_regular_damage_instead_of_the_dice(self):
        sc, xwing, tie = scene("homingmissiles", range_=3)
        game = engage(sc, xwing, ["crit"] * 4, ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game, "homingmissiles")
        assert game.decision.kind == "homing_choice" and game.decision.player == 2
        game.answer("suffer")
        assert game.decision is None
        assert [c.faceup for c in game.state.ships[tie].damage] == [False]

    def test_no_dice_are_modified_when_the_dice_are_skipped(self):
        """Situation: both ships hold a focus token and Hera Syndulla, friendly to the
        defender at range 1, holds one she could hand it in its Modify Dice step; the
        defender suffers the damage instead of the dice. RR: ATTACK - the Modify Attack
        Dice and Modify Defense Dice steps are part of the dice steps the card skips.
        Expected: no modification and no step action is offered (a game crashed asking
        for one with no dice), the tokens are kept and the attack hits for the damage."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["homingmissiles"],
                        tokens={"focus": 1}, locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, RANGE_Y[3], 180),
                      tokens={"focus": 1})
        sc.ship("herasyndulla-rz1awing", player=2, at=(480, RANGE_Y[3] + 60, 180),
                tokens={"focus": 1})
        game = engage(sc, xwing, ["crit"] * 4, ["blank"] * 3)
        declare(game, "homingmissiles")
        game.answer("suffer")
        assert game.decision is None or not game.decision.kind.startswith("modify")
        assert game.state.ships[xwing].count(Token.FOCUS) == 1
        assert game.state.ships[tie].count(Token.FOCUS) == 1
        assert len(game.state.ships[tie].damage) == 1

    def test_rolling_instead_lets_the_dice_decide(self):
        sc, xwing, tie = scene("homingmissiles", range_=3)
        game = engage(sc, xwing, ["crit", "crit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage", "structuraldamage"])
        declare(game, "homingmissiles")
        game.answer("roll")
        skip_dice(game)
        assert len(game.state.ships[tie].damage) == 2


# ---------------------------------------------------------------------- Ion Missiles
class TestIonMissiles:
    def test_three_dice_one_damage_and_ion_tokens(self):
        sc, xwing, tie = scene("ionmissiles", range_=3)
        game = engage(sc, xwing, ["hit", "hit", "hit"], ["blank"] * 3)
        declare(game, "ionmissiles")
        assert len(game.state.attack.attack_dice) == 3
        skip_dice(game)
        defender = game.state.ships[tie]
        assert len(defender.damage) == 1 and defender.count(Token.ION) == 2


# -------------------------------------------------------------- Heavy Plasma Missiles
class TestHeavyPlasmaMissiles:
    def test_a_hit_costs_the_defender_a_shield_before_damage(self):
        sc, xwing, tie = scene("heavyplasmamissiles-alphaclassstarwing", range_=1,
                               defender="tempestsquadronpilot")
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, "heavyplasmamissiles-alphaclassstarwing")
        skip_dice(game)
        assert game.state.ships[tie].shields == 0  # 1 lost, 1 to the damage

    def test_evades_still_cancel_hits_first(self):
        """Unlike Plasma Torpedoes it does not change the neutralizing order."""
        sc, xwing, _ = scene("heavyplasmamissiles-alphaclassstarwing")
        game = engage(sc, xwing, ["hit", "crit", "blank"], ["evade", "blank", "blank"])
        declare(game, "heavyplasmamissiles-alphaclassstarwing")
        skip_dice(game)
        last = [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]
        assert "0 hit(s), 1 critical" in last


# ------------------------------------------------------------------- Barrage Rockets
class TestBarrageRockets:
    def test_needs_a_focus_token(self):
        sc, xwing, _ = scene("barragerockets", lock=False)
        assert ("barragerockets", "p2.1") not in offered(engage(sc, xwing))

    def test_each_charge_spent_rerolls_one_die_in_the_bullseye(self):
        """Bullseye: spending 2 charges rerolls 2 blanks into hits (5 - 1 - 2 = 2 left)."""
        sc, xwing, _ = scene("barragerockets", lock=False, tokens={"focus": 1})
        game = engage(sc, xwing, ["blank", "blank", "hit"], ["blank"] * 3,
                      rerolls=["hit", "hit"])
        declare(game, "barragerockets")
        pick(game, "spend 2 charges): reroll 2 blank")
        skip_dice(game)
        assert game.state.ships[xwing].charges["barragerockets"].active == 2
        assert "3 hit(s)" in [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]

    def test_not_outside_the_bullseye(self):
        sc, xwing, _ = scene("barragerockets", x=SIDE_X, lock=False, tokens={"focus": 1})
        game = engage(sc, xwing, ["blank", "blank", "hit"], ["blank"] * 3)
        declare(game, "barragerockets")
        assert game.decision is None  # nothing to modify: the attack is over
        assert game.state.ships[xwing].charges["barragerockets"].active == 4


# ------------------------------------------------------------------- Seeker Missiles
class TestSeekerMissiles:
    def test_up_to_two_more_charges_turn_focus_results_into_hits(self):
        sc, xwing, _ = scene("seekermissiles-swz103", range_=3)
        game = engage(sc, xwing, ["focus", "focus", "focus"], ["blank"] * 3)
        declare(game, "seekermissiles-swz103")
        assert game.state.ships[xwing].charges["seekermissiles-swz103"].active == 3
        labels = [o.label for o in game.decision.options if "Seeker" in o.label]
        assert any("spend 1 charge" in x for x in labels)
        assert any("spend 2 charges" in x for x in labels)
        assert not any("spend 3 charges" in x for x in labels)
        pick(game, "spend 2 charges")
        assert game.state.ships[xwing].charges["seekermissiles-swz103"].active == 1
        assert game.state.attack.attack_dice.count(Face.HIT) == 2

    def test_the_charges_limit_the_changes(self):
        sc, xwing, _ = scene("seekermissiles-swz103", range_=3,
                             charges={"seekermissiles-swz103": 2})
        game = engage(sc, xwing, ["focus", "focus", "focus"], ["blank"] * 3)
        declare(game, "seekermissiles-swz103")
        labels = [o.label for o in game.decision.options if "Seeker" in o.label]
        assert labels and all("spend 1 charge" in x for x in labels)


# -------------------------------------------------------------- Energy-Shell Charges
class TestEnergyShellCharges:
    def test_needs_a_calculate_token(self):
        sc, xwing, _ = scene("energyshellcharges", lock=False)
        assert ("energyshellcharges", "p2.1") not in offered(engage(sc, xwing))
        sc, xwing, _ = scene("energyshellcharges", lock=False, tokens={"calculate": 1})
        assert ("energyshellcharges", "p2.1") in offered(engage(sc, xwing))

    def test_a_calculate_token_turns_a_focus_into_a_critical_hit(self):
        """The card's option gives a critical hit where the calculate token's own effect
        gives a hit."""
        sc, xwing, _ = scene("energyshellcharges", lock=False, tokens={"calculate": 1})
        game = engage(sc, xwing, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game, "energyshellcharges")
        pick(game, "Energy-Shell Charges")
        skip_dice(game)
        ship = game.state.ships[xwing]
        assert "1 critical" in [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]
        assert not ship.has(Token.CALCULATE)

    def test_reload_this_card_action(self):
        """Action: the card recovers its charge and the ship gains a disarm token."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["energyshellcharges"], charges={"energyshellcharges": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(xwing, during_activation=True), phase="activation")
        assert "energyshellcharges:reload" in game.decision.option_keys()
        game.answer("energyshellcharges:reload")
        ship = game.state.ships[xwing]
        assert ship.charges["energyshellcharges"].active == 1 and ship.has(Token.DISARM)

    def test_no_reload_when_the_card_is_full(self):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["energyshellcharges"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(xwing, during_activation=True), phase="activation")
        assert "energyshellcharges:reload" not in game.decision.option_keys()


# ----------------------------------------------------------------- Multi-Missile Pods
class TestMultiMissilePods:
    def test_calculate_or_lock(self):
        """Engine: a header with alternatives is met by any one of them."""
        sc, xwing, _ = scene("multimissilepods", lock=False)
        assert ("multimissilepods", "p2.1") not in offered(engage(sc, xwing))
        sc, xwing, _ = scene("multimissilepods", lock=False, tokens={"calculate": 1})
        assert ("multimissilepods", "p2.1") in offered(engage(sc, xwing))
        sc, xwing, _ = scene("multimissilepods")
        assert ("multimissilepods", "p2.1") in offered(engage(sc, xwing))

    def test_two_more_dice_in_the_bullseye(self):
        sc, xwing, _ = scene("multimissilepods")
        game = engage(sc, xwing, ["blank"] * 4, ["blank"] * 3)
        declare(game, "multimissilepods")
        d = game.decision
        assert d.kind == "use_ability" and set(d.option_keys()) == {"1", "2", "decline"}
        game.answer("2")
        assert len(game.state.attack.attack_dice) == 4
        assert game.state.ships[xwing].charges["multimissilepods"].active == 2

    def test_one_more_die_in_the_front_arc(self):
        sc, xwing, _ = scene("multimissilepods", x=SIDE_X)
        game = engage(sc, xwing, ["blank"] * 3, ["blank"] * 3)
        declare(game, "multimissilepods")
        assert set(game.decision.option_keys()) == {"1", "decline"}
        game.answer("1")
        assert len(game.state.attack.attack_dice) == 3

    def test_none_outside_the_front_arc(self):
        """In the full front arc (its attack arc) but out of the front arc: 2 dice."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["multimissilepods"],
                        locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(520, 380, 180))
        game = engage(sc, xwing, ["blank"] * 2, ["blank"] * 3)
        declare(game, "multimissilepods")
        assert game.decision.kind == "modify_attack_dice"
        assert len(game.state.attack.attack_dice) == 2


# ------------------------------------------------------------ XX-23 S-Thread Tracers
class TestXX23SThreadTracers:
    def test_focus_calculate_or_lock(self):
        sc, xwing, _ = scene("xx23sthreadtracers", lock=False)
        assert ("xx23sthreadtracers", "p2.1") not in offered(engage(sc, xwing))
        for tokens in ({"focus": 1}, {"calculate": 1}):
            sc, xwing, _ = scene("xx23sthreadtracers", lock=False, tokens=tokens)
            assert ("xx23sthreadtracers", "p2.1") in offered(engage(sc, xwing))

    def test_a_hit_deals_no_damage_and_friends_may_lock_the_defender(self):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["xx23sthreadtracers"], tokens={"focus": 1})
        friend = sc.ship("redsquadronveteran", at=(250, 300, 0))
        far = sc.ship("redsquadronveteran", at=(100, 100, 0))   # beyond range 3
        tie = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, xwing, ["hit", "hit", "crit"], ["blank"] * 3)
        declare(game, "xx23sthreadtracers", tie)
        skip_dice(game, "use_ability")
        asked = []
        while game.decision is not None:
            asked.append(game.decision.ship)
            game.answer("lock")
        ships = game.state.ships
        assert sorted(asked) == sorted([xwing, friend])
        assert ships[xwing].locks == [tie] and ships[friend].locks == [tie]
        assert ships[far].locks == [] and not ships[tie].damage


# ----------------------------------------------------------------- Mag-Pulse Warheads
class TestMagPulseWarheads:
    def test_one_critical_damage_a_deplete_and_a_jam_token_instead_of_damage(self):
        sc, xwing, tie = scene("magpulsewarheads", range_=3)
        game = engage(sc, xwing, ["hit", "hit", "hit"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game, "magpulsewarheads")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert [c.faceup for c in defender.damage] == [True]
        assert defender.count(Token.DEPLETE) == 1 and defender.count(Token.JAM) == 1

    def test_range_1_to_3_and_nothing_on_a_miss(self):
        sc, xwing, tie = scene("magpulsewarheads", range_=1)
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["evade"] * 3)
        declare(game, "magpulsewarheads")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert not defender.damage and not defender.tokens


# --------------------------------------------------------------- Concussion Missiles
def concussion_scene():
    """The defender and a second TIE have a facedown damage card each; a friendly X-wing
    with one sits at range 1 of the defender; a TIE at range 2 of it has one too."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["concussionmissiles"],
                    locks=["p2.1"])
    wingman = sc.ship("redsquadronveteran", at=(340, 490, 0),
                      damage=[DamageCard("structuraldamage", False, 101)])
    tie = sc.ship("academypilot", player=2, at=(400, 490, 180),
                  damage=[DamageCard("structuraldamage", False, 102)])
    near = sc.ship("academypilot", player=2, at=(460, 490, 180),
                   damage=[DamageCard("structuraldamage", False, 103)])
    far = sc.ship("academypilot", player=2, at=(620, 490, 180),
                  damage=[DamageCard("structuraldamage", False, 104)])
    return sc, xwing, wingman, tie, near, far


class TestConcussionMissiles:
    def test_a_hit_makes_every_ship_at_range_0_1_of_the_defender_expose_a_card(self):
        sc, xwing, wingman, tie, near, far = concussion_scene()
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game, "concussionmissiles", tie)
        skip_dice(game)
        ships = game.state.ships
        assert [c.faceup for c in ships[wingman].damage] == [True]
        assert [c.faceup for c in ships[near].damage] == [True]
        assert [c.faceup for c in ships[far].damage] == [False]
        # the defender exposes its old card, then the attack deals a facedown one
        assert [c.faceup for c in ships[tie].damage] == [True, False]

    def test_nothing_on_a_miss(self):
        sc, xwing, _, tie, _, _ = concussion_scene()
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["evade"] * 3)
        declare(game, "concussionmissiles", tie)
        skip_dice(game)
        assert not any(c.faceup for s in game.state.ships.values() for c in s.damage)


# ------------------------------------------------------------ Diamond-Boron Missiles
class TestDiamondBoronMissiles:
    def test_a_charge_makes_nearby_ships_with_no_more_agility_roll_for_damage(self):
        """An Academy Pilot (agility 3) is hit. Near it: a Black Squadron Ace (agility 3)
        rolls a hit, the defender itself rolls a critical hit, the friendly X-wing (agility
        2) a blank."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["diamondboronmissiles"], locks=["p2.1"])
        wingman = sc.ship("redsquadronveteran", at=(340, 490, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 490, 180))
        ace = sc.ship("blacksquadronace", player=2, at=(460, 490, 180))
        rolls = faces(DieKind.ATTACK, ["blank", "crit", "hit"])  # wingman, tie, ace
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3, then=rolls)
        # dealt in order: the defender's critical, the ace's hit, then the attack's hit
        stack_deck(game, 2, ["structuraldamage", "fuelleak", "fuelleak"])
        declare(game, "diamondboronmissiles", tie)
        skip_dice(game, "use_ability")
        game.answer("use")
        skip_dice(game)
        ships = game.state.ships
        assert ships[xwing].charges["diamondboronmissiles"].active == 1
        assert not ships[wingman].damage and ships[wingman].shields == 2
        assert len(ships[ace].damage) == 1
        assert sorted(c.faceup for c in ships[tie].damage) == [False, True]

    def test_more_agility_than_the_defender_means_no_roll(self):
        """Imperials attack a T-65 (agility 2): the TIE beside it (agility 3) does not
        roll; the Rebel escort (agility 2) does."""
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["diamondboronmissiles"],
                      locks=["p2.1"])
        sc.ship("blacksquadronace", at=(460, 490, 180))
        target = sc.ship("redsquadronveteran", player=2, at=(400, 490, 180))
        escort = sc.ship("bluesquadronescort", player=2, at=(340, 490, 180))
        rolls = faces(DieKind.ATTACK, ["hit", "hit"])  # the target, then the escort
        game = engage(sc, tie, ["hit", "blank", "blank"], ["blank"] * 2, then=rolls)
        declare(game, "diamondboronmissiles", target)
        skip_dice(game, "use_ability")
        game.answer("use")
        skip_dice(game)
        ships = game.state.ships
        assert ships["p1.2"].shields == 0 and not ships["p1.2"].damage
        assert ships[escort].shields == 1
        assert [e for e in game.log if "rolls hit for diamondboronmissiles" in e["text"]]

    def test_declining_keeps_the_charge(self):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["diamondboronmissiles"], locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, "diamondboronmissiles", tie)
        skip_dice(game, "use_ability")
        game.answer("decline")
        assert game.state.ships[xwing].charges["diamondboronmissiles"].active == 2


# ------------------------------------------------------------------ Cluster Missiles
def cluster_scene(charges: int = 4, neighbour: bool = True):
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["clustermissiles"],
                    locks=["p2.1"], charges={"clustermissiles": charges})
    first = sc.ship("academypilot", player=2, at=(400, 490, 180))
    second = sc.ship("academypilot", player=2, at=(460 if neighbour else 650, 490, 180))
    return sc, xwing, first, second


class TestClusterMissiles:
    def test_a_bonus_attack_against_another_ship_near_the_defender_without_a_lock(self):
        sc, xwing, first, second = cluster_scene()
        game = engage(sc, xwing, ["blank"] * 3, ["blank"] * 3,
                      then=faces(DieKind.ATTACK, ["hit", "hit", "blank"])
                      + faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, "clustermissiles", first)
        skip_dice(game, "use_ability")
        game.answer("use")
        d = game.decision
        # Engine: the bonus attack offers only this weapon and only the other ship
        assert d.kind == "bonus_attack"
        assert offered(game) == {("clustermissiles", second)}
        declare(game, "clustermissiles", second)
        skip_dice(game)
        ships = game.state.ships
        assert len(ships[second].damage) == 2 and not ships[first].damage
        assert ships[xwing].charges["clustermissiles"].active == 2   # both attacks paid
        assert ships[xwing].bonus_attack_done

    def test_no_bonus_attack_without_a_charge_left(self):
        sc, xwing, first, _ = cluster_scene(charges=1)
        game = engage(sc, xwing, ["blank"] * 3, ["blank"] * 3)
        declare(game, "clustermissiles", first)
        skip_dice(game)
        assert game.decision is None

    def test_no_bonus_attack_without_another_ship_near_the_defender(self):
        sc, xwing, first, _ = cluster_scene(neighbour=False)
        game = engage(sc, xwing, ["blank"] * 3, ["blank"] * 3)
        declare(game, "clustermissiles", first)
        skip_dice(game)
        assert game.decision is None


# ---------------------------------------------------------------- Saturation Rockets
SATURATION = "saturationrockets-alphaclassstarwing"


class TestSaturationRockets:
    def test_two_charges_to_attack_one_for_a_die_in_the_front_arc(self):
        sc, xwing, _ = scene(SATURATION, range_=1, lock=False)
        game = engage(sc, xwing, ["blank"] * 4, ["blank"] * 3)
        declare(game, SATURATION)
        assert game.state.ships[xwing].charges[SATURATION].active == 2
        d = game.decision
        assert d.kind == "use_ability" and set(d.option_keys()) == {"1", "decline"}
        game.answer("1")
        skip_dice(game)
        assert dice_count(game, 0) == 4
        assert game.state.ships[xwing].charges[SATURATION].active == 1

    def test_one_charge_buys_a_free_bonus_attack_near_the_defender(self):
        """Engine: the bonus attack waives the weapon's 2-charge cost."""
        sc, xwing, first, second = cluster_scene()
        sc.entries[0].upgrades = (SATURATION,)
        sc.entries[0].setup = {}
        game = engage(sc, xwing, ["blank"] * 3, ["blank"] * 3,
                      then=faces(DieKind.ATTACK, ["hit", "blank", "blank"])
                      + faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, SATURATION, first)
        game.answer("decline")                     # no extra die: 4 - 2 = 2 charges left
        skip_dice(game, "use_ability")
        game.answer("use")                         # 1 charge for the bonus attack
        assert offered(game) == {(SATURATION, second)}
        declare(game, SATURATION, second)
        assert game.state.ships[xwing].charges[SATURATION].active == 1
        game.answer("decline")                     # the last charge could buy a die
        skip_dice(game)
        assert len(game.state.ships[second].damage) == 1
        assert game.state.ships[xwing].charges[SATURATION].active == 1


# ------------------------------------------------------------ missiles that launch
DISCORD = "discordmissiles"
CHAFF = "electrochaffmissiles"


def launching(weapon: str, tokens: dict | None = None, at=(400.0, 300.0, 0.0),
              tie_at=(400.0, 850.0, 180.0), tie_setup: dict | None = None):
    """A Red Squadron Veteran (p1.1) with ``weapon`` and a TIE (p2.1)."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=at, upgrades=[weapon], tokens=tokens or {})
    tie = sc.ship("academypilot", player=2, at=tie_at, **(tie_setup or {}))
    return sc, xwing, tie


def at_system_phase(sc):
    return sc.at(Sweep("system"), phase="system")


def at_engagement_start(sc):
    game = sc.game()
    start_at(game, StartEngagement())
    return game


class TestDiscordMissiles:
    def test_launches_a_buzz_droid_swarm_at_the_start_of_the_engagement_phase(self):
        """Card: at the start of the Engagement Phase, spend 1 calculate token and 1 charge
        to launch a buzz droid swarm with the [3 bank left], [3 straight] or [3 bank
        right]. Launched with the [3 straight] from the front guides (y 320), its tab lands
        at y 440, controlled by the X-wing's player."""
        sc, xwing, _ = launching(DISCORD, tokens={"calculate": 1})
        game = at_engagement_start(sc)
        d = game.decision
        assert (d.kind, d.player) == ("launch_device", 1)
        assert d.option_keys() == ["3B", "3F", "3N", "decline"]
        game.answer("3F")
        swarm = game.state.ships["r1.1"]
        assert swarm.remote and swarm.owner == 1 and swarm.in_play
        assert swarm.body.pose == Pose(400.0, 440.0, 0.0)
        ship = game.state.ships[xwing]
        assert Token.CALCULATE not in ship.tokens
        assert ship.charges[DISCORD].active == 0

    def test_without_a_calculate_token_nothing_is_offered(self):
        """The calculate token is a cost: without one the card can't be used."""
        sc, _, _ = launching(DISCORD)
        game = at_engagement_start(sc)
        assert game.decision is None
        assert "r1.1" not in game.state.ships

    def test_declining_keeps_the_token_and_the_charge(self):
        sc, xwing, _ = launching(DISCORD, tokens={"calculate": 1})
        game = at_engagement_start(sc)
        game.answer("decline")
        ship = game.state.ships[xwing]
        assert ship.tokens[Token.CALCULATE] == 1 and ship.charges[DISCORD].active == 1

    def test_the_charge_is_never_recovered(self):
        """Card: this card's charge cannot be recovered: after launching, the End Phase
        leaves it spent, and with no charge the card is not offered again."""
        sc, xwing, _ = launching(DISCORD, tokens={"calculate": 1})
        game = at_engagement_start(sc)
        game.answer("3F")
        start_at(game, EndPhase())
        assert game.state.ships[xwing].charges[DISCORD].active == 0
        game.state.ships[xwing].tokens[Token.CALCULATE] = 1
        start_at(game, StartEngagement())
        assert game.decision is None

    def test_templates_that_would_leave_the_play_area_are_not_offered(self):
        """RR: DEVICE - a device can't be placed partly outside the play area. Near the
        left edge the [3 bank left] would put the swarm off the table."""
        sc, _, _ = launching(DISCORD, tokens={"calculate": 1}, at=(30.0, 300.0, 0.0))
        game = at_engagement_start(sc)
        assert game.decision.option_keys() == ["3F", "3N", "decline"]

    def test_a_swarm_launched_onto_an_enemy_is_relocated_and_then_engages(self):
        """RR: OVERLAP - an object placed under a ship is overlapped by it; the swarm's
        controller then aligns it to that ship's guides (rear here: the swarm sits behind
        the TIE, at range 0 of it). At initiative 0, after both ships, the swarm engages
        and the TIE suffers 1 critical damage (a faceup card)."""
        sc, _, tie = launching(DISCORD, tokens={"calculate": 1}, tie_at=(400.0, 480.0, 180.0))
        game = sc.game()
        stack_deck(game, 2, ["loosestabilizer"])
        start_at(game, StartEngagement(), Sweep("engagement"))
        game.answer("3F")
        d = game.decision
        assert (d.kind, d.player) == ("relocate_remote", 1)
        game.answer("rear")
        assert game.state.ships["r1.1"].body.pose == Pose(400.0, 500.0, 0.0)
        while game.decision is not None:  # neither ship attacks
            game.answer("none" if "none" in game.decision.option_keys()
                        else game.decision.options[-1].key)
        damage = game.state.ships[tie].damage
        assert [(c.card, c.faceup) for c in damage] == [("loosestabilizer", True)]
        engaged = [e["ship"] for e in game.log if e["kind"] == "engage"]
        assert engaged[-1] == "r1.1"


class TestElectroChaffMissiles:
    def test_launches_a_fused_cloud_in_the_system_phase(self):
        """Card: during the System Phase, spend 1 charge to launch an electro-chaff cloud
        with the [3 bank left], [3 bank right] or [4 straight], then put 1 fuse marker on
        it. With the [4 straight] its guides land at y 320 + 160; it is an obstacle."""
        sc, xwing, _ = launching(CHAFF)
        game = at_system_phase(sc)
        d = game.decision
        assert (d.kind, d.player) == ("launch_device", 1)
        assert d.option_keys() == ["3B", "3N", "4F", "decline"]
        game.answer("4F")
        cloud = game.state.obstacles[-1]
        assert cloud.type is ObstacleType.ELECTRO_CHAFF_CLOUD
        assert cloud.pose == Pose(400.0, 480.0, 0.0)
        assert game.state.fuses == {cloud.id: 1}
        assert game.state.ships[xwing].charges[CHAFF].active == 0

    def test_with_no_charge_nothing_is_offered(self):
        sc, xwing, _ = launching(CHAFF, at=(400.0, 300.0, 0.0))
        game = sc.game()
        game.state.ships[xwing].charges[CHAFF].active = 0
        start_at(game, Sweep("system"), phase="system")
        assert game.decision is None

    def test_the_cloud_stays_one_round_and_leaves_at_the_next_end_phase(self):
        """RR: ELECTRO-CHAFF CLOUD: in the End Phase each cloud with no fuse
        marker is removed, then each loses a fuse marker. Launched in round 1 it loses its
        fuse at the end of round 1 and is removed at the end of round 2. The charge is
        never recovered."""
        sc, xwing, _ = launching(CHAFF)
        game = at_system_phase(sc)
        game.answer("4F")
        cloud = game.state.obstacles[-1].id
        start_at(game, StartEndPhase(), EndPhase())
        assert cloud in [o.id for o in game.state.obstacles]
        assert cloud not in game.state.fuses
        assert game.state.ships[xwing].charges[CHAFF].active == 0
        start_at(game, StartEndPhase(), EndPhase())
        assert cloud not in [o.id for o in game.state.obstacles]

    def test_a_cloud_launched_onto_an_enemy_jams_and_may_stress_it(self):
        """RR: OBSTACLES - a ship an obstacle is placed under resolves the effect of
        overlapping it. Electro-chaff cloud: the ship breaks its locks and the locks on it,
        is assigned 1 jam token, and rolls 1 attack die: a hit gives it 1 stress token."""
        sc, xwing, tie = launching(CHAFF, tie_at=(400.0, 520.0, 180.0),
                                   tie_setup={"locks": ["p1.1"]})
        game = sc.game()
        acquire_lock(game, game.state.ships[xwing], tie)
        start_at(game, Sweep("system"), phase="system")
        load_dice(game, ["hit"])
        game.answer("4F")
        ship = game.state.ships[tie]
        assert ship.locks == [] and game.state.ships[xwing].locks == []
        assert ship.tokens[Token.JAM] == 1 and ship.tokens[Token.STRESS] == 1

    def test_a_blank_leaves_the_ship_unstressed(self):
        sc, _, tie = launching(CHAFF, tie_at=(400.0, 520.0, 180.0))
        game = at_system_phase(sc)
        load_dice(game, ["blank"])
        game.answer("4F")
        ship = game.state.ships[tie]
        assert ship.tokens[Token.JAM] == 1 and Token.STRESS not in ship.tokens

    def test_a_ship_at_range_0_of_the_cloud_cannot_be_locked(self):
        """RR: OBSTACLES - at range 0 of an electro-chaff cloud a ship can't be locked:
        before the launch the X-wing can lock the TIE; after it, with the cloud under the
        TIE, it can't."""
        sc, xwing, tie = launching(CHAFF, tie_at=(400.0, 520.0, 180.0))
        game = at_system_phase(sc)
        assert tie in lock_targets(game, game.state.ships[xwing])
        load_dice(game, ["blank"])
        game.answer("4F")
        assert tie not in lock_targets(game, game.state.ships[xwing])

    def test_an_attack_through_the_cloud_is_obstructed(self):
        """RR: OBSTRUCTED - the cloud is an obstacle: the TIE at range 3 beyond it rolls
        3 defense dice, +1 for range 3 and +1 for the obstruction."""
        sc, xwing, _ = launching(CHAFF, tie_at=(400.0, 620.0, 180.0))
        game = at_system_phase(sc)
        game.answer("4F")
        start_at(game, Engage(xwing))
        load_dice(game, ["hit", "hit"], ["blank"] * 5)
        declare(game, "primary:front")
        skip_dice(game)
        assert dice_count(game, 1) == 5
