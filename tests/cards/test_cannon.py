"""Cannon upgrades (RR: SPECIAL WEAPON, RR: ATTACK, RR: INFLECT, RR: ION, RR: JAM, RR: TRACTOR,
RR: RANGE BONUS, RR: BONUS ATTACK). Each scene puts a Blue Squadron Pilot (B-wing, two cannon
slots, a 3-dice front primary weapon) at (400, 300) facing a TIE/ln (agility 3, hull 3) at a
chosen range; a TIE straight ahead is in the bullseye arc."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.cards.common import defending_if
from tallon.dice import DEFENDING, CardAbility, ChangeResults, Face, Window
from tallon.engine.abilities import CardRegistry, DiceMod
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import Token
from tallon.engine.weapons import weapons_of
from tallon.geometry import Arc
from tallon.scene import Scene, load_dice, stack_deck
from tests.cards.helpers import dice_count, engage, logged, modify_with, offers, skip_dice

RANGE_Y = {1: 380.0, 2: 490.0, 3: 550.0}
SIDE_X = 490.0  # in the front arc at range 2, out of the bullseye arc


def scene(upgrades, range_: int = 2, x: float = 400.0, heading: float = 180.0,
          tokens: dict | None = None, defender_tokens: dict | None = None, **setup):
    sc = Scene()
    bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0), upgrades=list(upgrades),
                    tokens=tokens or {}, **setup)
    tie = sc.ship("academypilot", player=2, at=(x, RANGE_Y[range_], heading),
                  tokens=defender_tokens or {})
    return sc, bwing, tie


def weapons(game) -> set[str]:
    d = game.decision
    assert d.kind in ("declare_attack", "bonus_attack"), d.prompt
    return {o.info["weapon"] for o in d.options if "defender" in (o.info or {})}


def declare(game, weapon, defender="p2.1"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ------------------------------------------------------------------ Ion Cannon
class TestIonCannon:
    def test_one_result_deals_damage_the_others_give_ion_tokens(self):
        """Three uncanceled results: the TIE suffers 1 damage and gains 2 ion tokens; the
        primary weapon's same three results deal 3 damage and no ion token."""
        for weapon, damage, ions in (("ioncannon", 1, 2), ("primary:front", 3, 0)):
            sc, bwing, tie = scene(["ioncannon"])
            game = engage(sc, bwing, ["hit", "hit", "crit"], ["blank"] * 3)
            declare(game, weapon)
            skip_dice(game)
            defender = game.state.ships[tie]
            assert (len(defender.damage), defender.count(Token.ION)) == (damage, ions), weapon

    def test_a_lone_critical_hit_deals_one_regular_damage(self):
        """The spent result deals 1 hit damage even when it is a critical hit: a facedown
        card, no ion token."""
        sc, bwing, tie = scene(["ioncannon"])
        game = engage(sc, bwing, ["crit", "blank", "blank"], ["blank"] * 3)
        declare(game, "ioncannon")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert [c.faceup for c in defender.damage] == [False]
        assert not defender.has(Token.ION)

    def test_a_miss_inflicts_nothing(self):
        sc, bwing, tie = scene(["ioncannon"])
        game = engage(sc, bwing, ["hit", "blank", "blank"], ["evade"] * 3)
        declare(game, "ioncannon")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert not defender.damage and not defender.has(Token.ION)

    def test_front_arc_only(self):
        """A TIE beside the B-wing (outside its front arc) can't be attacked with it."""
        sc = Scene()
        bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0), upgrades=["ioncannon"])
        sc.ship("academypilot", player=2, at=(560, 300, 180))
        game = engage(sc, bwing)
        assert game.decision is None or "ioncannon" not in weapons(game)


# ------------------------------------------------------- Jamming Beam, Tractor Beam
class TestJammingBeam:
    def test_the_results_jam_the_defender_instead_of_damaging_it(self):
        """Two hits against a TIE with a focus and an evade token: no damage, two jam
        tokens, and the attacker's player chooses what the jam removes (the evade token,
        with one jam token); the primary weapon deals 2 damage instead."""
        green = {"focus": 1, "evade": 1}
        sc, bwing, tie = scene(["jammingbeam"], defender_tokens=green)
        game = engage(sc, bwing, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, "jammingbeam")
        skip_dice(game, "jam_effect")
        d = game.decision
        assert d.kind == "jam_effect" and d.player == 1
        game.answer("token:evade")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert not defender.damage and not defender.has(Token.EVADE)
        assert defender.has(Token.FOCUS) and defender.count(Token.JAM) == 1
        sc, bwing, tie = scene(["jammingbeam"], defender_tokens=green)
        game = engage(sc, bwing, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, "primary:front")
        skip_dice(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_not_at_range_3(self):
        sc, bwing, _ = scene(["jammingbeam"], range_=3)
        assert "jammingbeam" not in weapons(engage(sc, bwing))


class TestTractorBeam:
    def test_a_hit_tractors_the_defender_and_its_mover_is_the_attacker(self):
        """One hit on a small TIE: no damage, one tractor token; being tractored, the TIE
        may be moved by the attacker's player (player 1)."""
        sc, bwing, tie = scene(["tractorbeam"])
        game = engage(sc, bwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, "tractorbeam")
        skip_dice(game, "tractor_move")
        assert game.decision.kind == "tractor_move" and game.decision.player == 1
        defender = game.state.ships[tie]
        assert not defender.damage and defender.count(Token.TRACTOR) == 1

    def test_a_miss_gives_no_token(self):
        sc, bwing, tie = scene(["tractorbeam"])
        game = engage(sc, bwing, ["hit", "blank", "blank"], ["evade"] * 3)
        declare(game, "tractorbeam")
        skip_dice(game)
        assert not game.state.ships[tie].has(Token.TRACTOR)


# ---------------------------------------------------------- Heavy Laser Cannon
class TestHeavyLaserCannon:
    def test_critical_hits_become_hits_once_the_attack_dice_are_modified(self):
        """Two crits and a hit: the TIE is dealt 3 facedown cards, not 2 faceup ones."""
        sc, bwing, tie = scene(["heavylasercannon"])
        game = engage(sc, bwing, ["crit", "crit", "hit", "blank"], ["blank"] * 3)
        declare(game, "heavylasercannon")
        skip_dice(game)
        assert "3 hit(s), 0 critical" in neutralized(game)
        assert [c.faceup for c in game.state.ships[tie].damage] == [False] * 3

    def test_the_primary_weapon_keeps_its_critical_hits(self):
        sc, bwing, _ = scene(["heavylasercannon"])
        game = engage(sc, bwing, ["crit", "crit", "hit"], ["blank"] * 3)
        declare(game, "primary:front")
        skip_dice(game)
        assert "1 hit(s), 2 critical" in neutralized(game)

    def test_bullseye_arc_only(self):
        sc, bwing, _ = scene(["heavylasercannon"], x=SIDE_X)
        assert "heavylasercannon" not in weapons(engage(sc, bwing))
        sc, bwing, _ = scene(["heavylasercannon"])
        assert "heavylasercannon" in weapons(engage(sc, bwing))


# --------------------------------------------------------------- Proton Cannons
class TestProtonCannons:
    def test_two_charges_per_attack(self):
        """Declaring spends both charges; with 1 charge left it is not offered."""
        sc, bwing, _ = scene(["protoncannons"])
        game = engage(sc, bwing, ["blank"] * 4, ["blank"] * 3)
        declare(game, "protoncannons")
        assert game.state.ships[bwing].charges["protoncannons"].active == 0
        sc, bwing, _ = scene(["protoncannons"], charges={"protoncannons": 1})
        assert "protoncannons" not in weapons(engage(sc, bwing))

    def test_a_focus_result_must_become_a_critical_hit(self):
        """A focus and three blanks: no 'done' before the change; the TIE is dealt a faceup
        card (without the change the focus result would be nothing)."""
        sc, bwing, tie = scene(["protoncannons"])
        game = engage(sc, bwing, ["focus", "blank", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game, "protoncannons")
        assert "done" not in game.decision.option_keys()
        modify_with(game, "protoncannons")
        skip_dice(game)
        assert [c.faceup for c in game.state.ships[tie].damage] == [True]

    def test_nothing_to_change_is_no_obstacle(self):
        """Only blanks: the mandatory change has nothing to act on; the attack misses."""
        sc, bwing, tie = scene(["protoncannons"])
        game = engage(sc, bwing, ["blank"] * 4, ["blank"] * 3)
        declare(game, "protoncannons")
        skip_dice(game)
        assert not game.state.ships[tie].damage


# -------------------------------------------------------- Precision-Tuned Cannons
class TestPrecisionTunedCannons:
    PTC = "precisiontunedcannons-battleoverendor"

    def test_a_focus_result_is_added_in_the_bullseye_arc(self):
        """Two blanks: the added focus (no 'done' before it), turned into a hit by the focus
        token, makes the attack hit."""
        sc, bwing, tie = scene([self.PTC], tokens={"focus": 1})
        game = engage(sc, bwing, ["blank", "blank"], ["blank"] * 3)
        declare(game, self.PTC)
        assert "done" not in game.decision.option_keys()
        modify_with(game, self.PTC)
        assert game.state.attack.attack_dice.faces() == [Face.BLANK, Face.BLANK, Face.FOCUS]
        modify_with(game, "focus")
        skip_dice(game)
        assert len(game.state.ships[tie].damage) == 1

    def test_nothing_is_added_off_the_bullseye_arc(self):
        """The same two blanks against a TIE in the front arc but off the bullseye: nothing
        to modify, and the attack misses."""
        sc, bwing, tie = scene([self.PTC], x=SIDE_X, tokens={"focus": 1})
        game = engage(sc, bwing, ["blank", "blank"], ["blank"] * 3)
        declare(game, self.PTC)
        assert game.decision is None
        assert "0 hit(s), 0 critical" in neutralized(game)
        assert not game.state.ships[tie].damage

    def test_not_with_the_primary_weapon(self):
        sc, bwing, _ = scene([self.PTC])
        game = engage(sc, bwing, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "primary:front")
        assert game.decision is None or not offers(game, self.PTC)


# ------------------------------------------------------------------ Autoblasters
class TestAutoblasters:
    def test_one_more_die_in_the_bullseye_arc(self):
        """Range 2: 3 dice with the TIE straight ahead, 2 with it off the bullseye."""
        for x, count in ((400.0, 3), (SIDE_X, 2)):
            sc, bwing, _ = scene(["autoblasters"], x=x)
            game = engage(sc, bwing, ["blank"] * count, ["blank"] * 3)
            declare(game, "autoblasters")
            skip_dice(game)
            assert dice_count(game, -2) == count, x  # the attack roll, then the defense roll

    def test_evades_spare_the_critical_hits_from_outside_the_front_arc(self):
        """A crit and a hit against two evades: facing away from the B-wing, the TIE cancels
        only the hit; facing it, both."""
        for heading, left in ((0.0, "0 hit(s), 1 critical"), (180.0, "0 hit(s), 0 critical")):
            sc, bwing, _ = scene(["autoblasters"], x=SIDE_X, heading=heading)
            game = engage(sc, bwing, ["crit", "hit"], ["evade", "evade", "blank"])
            declare(game, "autoblasters")
            skip_dice(game)
            assert left in neutralized(game), heading

    def test_the_primary_weapon_is_unchanged(self):
        sc, bwing, _ = scene(["autoblasters"], x=SIDE_X, heading=0.0)
        game = engage(sc, bwing, ["crit", "hit", "blank"], ["evade", "evade", "blank"])
        declare(game, "primary:front")
        skip_dice(game)
        assert "0 hit(s), 0 critical" in neutralized(game)

    def test_a_remote_without_arcs_cancels_as_usual(self):
        """Ruling: a ship is neither in nor outside the arcs of a remote that has none
        (RR: ATTACKING REMOTES), so the swarm's evade cancels the crit."""
        sc = Scene()
        bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0), upgrades=["autoblasters"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        swarm = sc.remote("discordmissiles", player=2, at=(400, 440, 180))
        # range 1 and the bullseye arc: 4 dice; the swarm rolls 1 die
        game = engage(sc, bwing, ["crit", "blank", "blank", "blank"], ["evade"])
        declare(game, "autoblasters", swarm)
        skip_dice(game)
        assert "0 hit(s), 0 critical" in neutralized(game)


# --------------------------------------------------------- Synced Laser Cannons
class TestSyncedLaserCannons:
    def test_a_calculating_attacker_denies_the_range_bonus(self):
        """Range 3: the TIE rolls 3 defense dice against a calculating attacker, 4 without
        the calculate token."""
        for tokens, count in (({"calculate": 1}, 3), ({}, 4)):
            sc, bwing, _ = scene(["syncedlasercannons"], range_=3, tokens=tokens)
            game = engage(sc, bwing, ["blank"] * 3, ["blank"] * 4)
            declare(game, "syncedlasercannons")
            skip_dice(game)
            assert dice_count(game) == count, tokens

    def test_a_calculate_token_spent_on_the_attack_dice_no_longer_counts(self):
        """Ruling: calculating is judged when the defense dice are counted; the attacker
        spent its only calculate token on its focus result, so the TIE rolls 4."""
        sc, bwing, _ = scene(["syncedlasercannons"], range_=3, tokens={"calculate": 1})
        game = engage(sc, bwing, ["focus", "blank", "blank"], ["blank"] * 4)
        declare(game, "syncedlasercannons")
        modify_with(game, "calculate")
        skip_dice(game)
        assert dice_count(game) == 4

    def test_not_with_the_primary_weapon(self):
        sc, bwing, _ = scene(["syncedlasercannons"], range_=3, tokens={"calculate": 1})
        game = engage(sc, bwing, ["blank"] * 3, ["blank"] * 4)
        declare(game, "primary:front")
        skip_dice(game)
        assert dice_count(game) == 4


# --------------------------------------------------- Underslung Blaster Cannon
class TestUnderslungBlasterCannon:
    def scene(self, start_y: float, lock: bool = True, **setup):
        sc = Scene()
        bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0),
                        upgrades=["underslungblastercannon"], tokens={"focus": 1},
                        locks=["p2.1"] if lock else [], **setup)
        tie = sc.ship("academypilot", player=2, at=(400, start_y, 180))
        game = sc.at(ExecuteManeuver(tie, "1FB"), phase="activation")
        return game, bwing, tie

    def test_an_enemy_ending_at_range_1_draws_a_bonus_attack(self):
        """The TIE moves from range 2 to range 1 in the turret arc (pointing front): the
        B-wing may attack it at once, with 2 dice (no range bonus: ordnance)."""
        game, bwing, tie = self.scene(470)
        d = game.decision
        assert d.kind == "use_ability" and d.ship == bwing
        load_dice(game, ["hit", "blank", "blank"], ["blank"] * 3)
        game.answer("use")
        assert weapons(game) == {"underslungblastercannon"}
        declare(game, "underslungblastercannon", tie)
        assert len(game.state.attack.attack_dice) == 2
        assert game.state.ships[bwing].bonus_attack_done

    def test_only_the_lock_may_modify_its_dice(self):
        """The focus token can't turn the focus result into a hit; the lock may reroll.
        The primary weapon's same dice may spend either."""
        game, _, tie = self.scene(470)
        load_dice(game, ["focus", "blank"], ["blank"] * 3)
        game.answer("use")
        declare(game, "underslungblastercannon", tie)
        d = game.decision
        assert d.kind == "modify_attack_dice"
        assert {(o.info or {}).get("source") for o in d.options} - {None} == {"lock"}
        sc, bwing, _ = scene(["underslungblastercannon"], range_=1, tokens={"focus": 1},
                             locks=["p2.1"])
        game = engage(sc, bwing, ["focus", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "primary:front")
        sources = {(o.info or {}).get("source") for o in game.decision.options} - {None}
        assert sources == {"lock", "focus"}

    def test_nor_may_the_defender_modify_them(self):
        """Ruling: "your dice can be modified only by spending a lock" binds whoever would
        modify them. A TIE given a card that turns 1 of the attacker's hits into a focus
        is not asked during the cannon's attack; during the primary attack it is."""
        mine = CardRegistry("test", base=CARDS)
        jammer = CardAbility("testjammer", "1 attacker hit to focus",
                             effect=ChangeResults(1, (Face.HIT,), (Face.FOCUS,)),
                             window=Window.OPPONENT_DICE, roles=DEFENDING)
        mine.register("pilot", "academypilot", DiceMod("turn a hit into a focus",
                                                       dice=jammer, applies=defending_if()),
                      description="test: 1 of the attacker's hits becomes a focus")
        for weapon, asked in (("underslungblastercannon", False), ("primary:front", True)):
            sc = Scene(cards=mine)
            bwing = sc.ship("bluesquadronpilot", at=(400, 300, 0),
                            upgrades=["underslungblastercannon"], locks=["p2.1"])
            sc.ship("academypilot", player=2, at=(400, RANGE_Y[1], 180))
            game = engage(sc, bwing, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
            declare(game, weapon)
            d = game.decision
            assert (d.kind == "modify_attack_dice" and d.player == 2) is asked, weapon

    def test_no_attack_when_the_enemy_ends_at_range_2_or_without_a_lock(self):
        game, _, _ = self.scene(560)
        assert game.decision is None
        game, _, _ = self.scene(470, lock=False)
        assert game.decision is None

    def test_the_turret_indicator_and_the_rotate_action(self):
        """The card gives the B-wing a turret arc indicator (pointing front after setup) and
        a rotate action; without it there is neither."""
        sc, bwing, _ = scene(["underslungblastercannon"])
        ship = sc.game().state.ships[bwing]
        assert [a.value for a in ship.turret] == ["front"]
        assert "rotate" in {a.kind for a in ship.actions}
        sc, bwing, _ = scene([])
        ship = sc.game().state.ships[bwing]
        assert ship.turret == () and "rotate" not in {a.kind for a in ship.actions}


    def test_a_double_turret_ship_shares_its_indicator(self):
        """Ruling: a standard ship has one turret arc indicator. On a StarFortress (double
        turret primary weapon) the cannon uses it: both arcs it selects."""
        sc = Scene()
        mg = sc.ship("cobaltsquadronbomber", at=(400, 300, 0),
                     upgrades=["underslungblastercannon"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        ship = game.state.ships[mg]
        assert ship.turret_double and ship.turret == (Arc.FRONT, Arc.REAR)
        cannon = next(w for w in weapons_of(game, ship) if w.card == "underslungblastercannon")
        assert cannon.arcs(ship) == (Arc.FRONT, Arc.REAR)


# ------------------------------------------------------- Ancillary Ion Weapons
class TestAncillaryIonWeapons:
    AIW = "ancillaryionweapons-siegeofcoruscant"

    def test_critical_hits_inflict_ion_tokens_for_two_charges(self):
        """A hit and two crits from the primary weapon: paying 2 charges, the TIE suffers 1
        damage and gains 2 ion tokens; declining, it is dealt 3 cards."""
        for answer, damage, ions in (("use", 1, 2), ("decline", 3, 0)):
            sc, bwing, tie = scene([self.AIW])
            game = engage(sc, bwing, ["hit", "crit", "crit"], ["blank"] * 3)
            stack_deck(game, 2, ["structuraldamage", "structuraldamage", "loosestabilizer"])
            declare(game, "primary:front")
            d = game.decision
            assert d.kind == "use_ability" and d.ship == bwing
            game.answer(answer)
            skip_dice(game)
            defender = game.state.ships[tie]
            assert (len(defender.damage), defender.count(Token.ION)) == (damage, ions), answer
            faceup = sum(c.faceup for c in defender.damage)
            assert faceup == (0 if answer == "use" else 2), answer
            charges = game.state.ships[bwing].charges[self.AIW].active
            assert charges == (0 if answer == "use" else 2)

    def test_only_during_a_primary_attack_with_two_charges(self):
        """Not asked with the Ion Cannon, nor with 1 charge left (the attacks run to their
        end without a question)."""
        sc, bwing, _ = scene([self.AIW, "ioncannon"])
        game = engage(sc, bwing, ["hit", "crit", "blank"], ["blank"] * 3)
        declare(game, "ioncannon")
        assert game.decision is None and logged(game, "neutralize", "1 critical")
        sc, bwing, _ = scene([self.AIW], charges={self.AIW: 1})
        game = engage(sc, bwing, ["hit", "crit", "blank"], ["blank"] * 3)
        declare(game, "primary:front")
        assert game.decision is None and logged(game, "neutralize", "1 critical")

    def test_the_damage_comes_before_the_ion_tokens(self):
        sc, bwing, tie = scene([self.AIW])
        game = engage(sc, bwing, ["hit", "crit", "blank"], ["blank"] * 3)
        declare(game, "primary:front")
        game.answer("use")
        skip_dice(game)
        kinds = [e["kind"] for e in game.log if e.get("ship") == tie
                 and e["kind"] in ("damage", "token")]
        assert kinds.index("damage") < kinds.index("token")
        assert logged(game, "ability", "inflict ion tokens")
