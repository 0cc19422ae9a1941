"""Astromech upgrades, continued (cards/upgrades/astromech_2.py): each card in a scene built
for it, compared with the same scene without the card (or with it declined).

Scenarios don't check squad-building restrictions. A range band is 100 mm; the asteroid
outline ``core2asteroid3`` is about 50 mm across."""

from __future__ import annotations

from typing import Any

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import ignores_obstacle
from tallon.engine.movement import Decloak
from tallon.engine.rounds import Activate
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import Hurt, answer, finish, skip_dice, values
from tests.rules.attack_helpers import dice_counts, script

R4P17_XWS = "r4p17-siegeofcoruscant"

ROCK = "core2asteroid3"


def acting(upgrades: list[str], obstacles: list[tuple[float, float]] = (),
           pilot: str = "redsquadronveteran", **kw: Any):
    """The ship's Perform Action step at (400, 300) facing up; an enemy far away; an
    asteroid at each of ``obstacles``."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    for x, y in obstacles:
        sc.obstacle(ROCK, x, y)
    return sc.at(PerformAction(ship, during_activation=True), phase="activation"), ship


def roll_right(game: Any, ship: str) -> Any:
    answer(game, "perform_action", "barrel_roll", ship)
    answer(game, "barrel_roll_direction", "right", ship)
    return game.decision


# ---------------------------------------------------------------------- Q7 Astromech
class TestQ7Astromech:
    def test_barrel_rolls_through_an_asteroid_and_suffers_it(self):
        """An asteroid lies under the barrel roll template. Q7: the ship can move through
        and overlap obstacles while it barrel rolls (RR: CARD INTERPRETATION, "can"); it
        still suffers the asteroid after the move (RR: OBSTACLES). The roll succeeds and the
        ship loses 1 shield to the asteroid (its die loaded blank)."""
        game, ship = acting(["q7astromech"], obstacles=[(440, 300)])
        load_dice(game, ["blank"])
        shields = game.state.ships[ship].shields
        d = roll_right(game, ship)
        assert d.kind == "barrel_roll_position"
        game.answer("middle")
        s = game.state.ships[ship]
        assert s.pose == Pose(480, 300, 0) and s.shields == shields - 1

    def test_without_q7_the_roll_fails(self):
        """The same asteroid, no Q7: RR: BARREL ROLL - a roll through an obstacle fails at
        every position. The ship stays where it was, unharmed."""
        game, ship = acting([], obstacles=[(440, 300)])
        shields = game.state.ships[ship].shields
        roll_right(game, ship)
        s = game.state.ships[ship]
        assert s.pose == Pose(400, 300, 0) and s.shields == shields
        assert "barrel_roll" in s.actions_done

    def test_q7_does_not_let_a_roll_overlap_a_ship(self):
        """An enemy covers all three right positions. Q7 only concerns obstacles: the roll
        still fails on the ship (RR: BARREL ROLL)."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["q7astromech"])
        sc.ship("academypilot", player=2, at=(485, 300, 0))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        roll_right(game, ship)
        assert game.state.ships[ship].pose == Pose(400, 300, 0)


    def test_a_decloak_is_a_boost_and_passes_the_asteroid(self):
        """A cloaked T-65 decloaks with a [2 straight] boost over an asteroid. RR: CLOAK -
        decloaking is a boost (or barrel roll), so Q7 lets it move through the obstacle,
        which it then suffers; without Q7 the decloak fails and the cloak token stays."""
        def decloak(upgrades: list[str]) -> Any:
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades,
                           tokens={"cloak": 1})
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            sc.obstacle(ROCK, 400, 360)
            game = sc.at(Decloak(ship), phase="system")
            load_dice(game, ["blank"])
            answer(game, "decloak", "boost", ship)
            return game.state.ships[ship]

        through = decloak(["q7astromech"])
        assert through.pose == Pose(400, 420, 0) and not through.cloaked
        assert through.shields == through.shield_limit - 1
        blocked = decloak([])
        assert blocked.pose == Pose(400, 300, 0) and blocked.cloaked


# ---------------------------------------------------------------------------- R5-X3
def flying(upgrades: list[str], dial: str = "2FB", **kw: Any):
    """A T-65 at (400, 300) about to activate with ``dial``; an asteroid at (400, 400),
    under the [2 straight] template; an enemy far away."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, dial_set=dial,
                   **kw)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    sc.obstacle(ROCK, 400, 400)
    return sc.at(Activate(ship), phase="activation"), ship


class TestR5X3:
    def test_ignoring_obstacles_flies_through_an_asteroid_unharmed(self):
        """Before activating, R5-X3 spends its charge: the ship ignores obstacles until the
        end of the Activation Phase (FAQ: OBJECTS - no effects of moving through or
        overlapping them). Its [2 straight] crosses the asteroid: no damage, no die rolled,
        and it keeps its Perform Action step."""
        game, ship = flying(["r5x3"])
        shields = game.state.ships[ship].shields
        answer(game, "use_ability", "use", ship)
        s = game.state.ships[ship]
        assert s.charges["r5x3"].active == 1
        assert s.pose.y > 400 and s.shields == shields
        assert game.decision.kind == "perform_action" and not s.skip_action

    def test_declined_the_asteroid_hits(self):
        """The same maneuver with R5-X3 declined: the asteroid deals 1 damage (die loaded
        blank) (RR: OBSTACLES)."""
        game, ship = flying(["r5x3"])
        load_dice(game, ["blank"])
        shields = game.state.ships[ship].shields
        answer(game, "use_ability", "decline", ship)
        s = game.state.ships[ship]
        assert s.shields == shields - 1 and s.charges["r5x3"].active == 2

    def test_no_charge_no_offer(self):
        """Without an active charge R5-X3 is not offered: the maneuver meets the asteroid."""
        game, ship = flying(["r5x3"], charges={"r5x3": 0})
        assert game.decision is None or game.decision.kind != "use_ability"
        s = game.state.ships[ship]
        assert s.shields < s.shield_limit  # the asteroid's damage (1 or 2)

    def test_the_effect_ends_with_the_phase(self):
        """Ignoring obstacles lasts until the end of this phase only: in the Engagement
        Phase the ship on the asteroid can't attack (RR: OBSTACLES, range 0 of an
        asteroid)."""
        game, ship = flying(["r5x3"])
        answer(game, "use_ability", "use", ship)
        finish(game)
        s = game.state.ships[ship]
        assert ignores_obstacle(game, s, "obstacle-1")
        game.state.phase = "engagement"
        assert not ignores_obstacle(game, s, "obstacle-1")

    def test_before_engaging_it_may_attack_from_an_asteroid(self):
        """A T-65 sits on an asteroid with an enemy ahead at range 2. Normally it can't
        attack (RR: OBSTACLES). R5-X3 spent before it engages lets it ignore the asteroid:
        it declares its attack."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r5x3"])
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        sc.obstacle(ROCK, 400, 300)
        game = sc.at(Engage(ship))
        answer(game, "use_ability", "use", ship)
        assert game.decision.kind == "declare_attack"
        assert any(o.key != "none" for o in game.decision.options)

        declined = sc.at(Engage(ship))
        answer(declined, "use_ability", "decline", ship)
        d = declined.decision
        assert d is None or d.kind != "declare_attack"

    def test_no_obstruction_bonus_for_the_defender(self):
        """The T-65 attacks a TIE at range 2 through an asteroid. Obstructed, the TIE rolls
        4 defense dice (agility 3 + 1). Ignoring obstacles, the attacker ignores the
        obstruction (FAQ: OBJECTS): 3 dice."""
        def attack(use: str) -> int:
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r5x3"])
            tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
            sc.obstacle(ROCK, 400, 410)
            game = sc.at(Engage(ship))
            load_dice(game, ["hit", "hit", "hit"], ["blank"] * 4)
            answer(game, "use_ability", use, ship)
            declare(game, ship, tie)
            skip_dice(game)
            return dice_counts(game, ship, tie)[1]

        assert attack("decline") == 4
        assert attack("use") == 3


# ------------------------------------------------------------ R2 and R5 Astromech
class TestR2Astromech:
    def test_recovers_a_shield_for_a_charge_and_a_disarm_token(self):
        """After revealing its dial, a ship without shields spends a charge and gains a
        disarm token to recover 1 shield; declined, nothing changes."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r2astromech"],
                       dial_set="2FB", shields=0)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Activate(ship), phase="activation")
        answer(game, "use_ability", "use", ship)
        s = game.state.ships[ship]
        assert s.shields == 1 and s.has(Token.DISARM) and s.charges["r2astromech"].active == 1

        declined = sc.at(Activate(ship), phase="activation")
        answer(declined, "use_ability", "decline", ship)
        assert declined.state.ships[ship].shields == 0

    def test_full_shields_are_not_offered(self):
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r2astromech"],
                       dial_set="2FB")
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Activate(ship), phase="activation")
        assert game.decision.kind == "perform_action"


class TestR5Astromech:
    def test_repairs_a_facedown_card_for_a_charge(self):
        """Action: spend 1 charge to repair a facedown damage card; without facedown cards
        the action is not offered."""
        game, ship = acting(["r5astromech"], damage=[DamageCard("directhit", False, 80)])
        answer(game, "perform_action", "r5astromech:facedown", ship)
        s = game.state.ships[ship]
        assert not s.damage and s.charges["r5astromech"].active == 1
        bare, _ = acting(["r5astromech"])
        assert "r5astromech:facedown" not in bare.decision.option_keys()

    def test_flips_a_faceup_ship_card(self):
        """Action: repair a faceup Ship damage card (Console Fire flips facedown), no
        charge spent."""
        game, ship = acting(["r5astromech"], damage=[DamageCard("consolefire", True, 81)])
        answer(game, "perform_action", "r5astromech:faceup", ship)
        s = game.state.ships[ship]
        assert not s.damage[0].faceup and s.charges["r5astromech"].active == 2


# ---------------------------------------------------------------------------- R2-A6
def revealing(upgrades: list[str], dial: str):
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades, dial_set=dial)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    return sc.at(Activate(ship), phase="activation"), ship


class TestR2A6:
    def test_sets_the_dial_one_speed_faster(self):
        """R2-A6: after revealing [2 straight] the ship may set its dial to a straight of
        speed 1 or 3 from its dial; it then executes [3 straight] (ends 160 mm ahead, not
        120)."""
        game, ship = revealing(["r2a6"], "2FB")
        d = game.decision
        assert d.kind == "use_ability" and set(d.option_keys()) == {"1FB", "3FW", "decline"}
        game.answer("3FW")
        assert game.state.ships[ship].pose == Pose(400, 460, 0)

        declined, ship2 = revealing(["r2a6"], "2FB")
        answer(declined, "use_ability", "decline", ship2)
        assert declined.state.ships[ship2].pose == Pose(400, 420, 0)

    def test_only_maneuvers_on_the_dial(self):
        """A revealed [4 Koiogran turn]: the T-65's dial has no [3] or [5] Koiogran turn,
        so R2-A6 has nothing to offer and the turn is executed."""
        game, ship = revealing(["r2a6"], "4KR")
        d = game.decision
        assert d is None or d.kind != "use_ability"
        assert round(game.state.ships[ship].pose.heading) % 360 == 180


# ------------------------------------------------------------------------ attacks
def shooting(attacker_upgrades: list[str] = (), *, attack: list[str], defense: list[str],
             rerolls: list[str] = (), others: Any = (), defender: str = "academypilot",
             attacker: str = "redsquadronveteran", at: tuple[float, float, float] = (400, 500,
                                                                                    180),
             defender_setup: dict[str, Any] | None = None, **kw: Any):
    """A T-65 at (400, 300) attacking a TIE at ``at`` (range 2 in its bullseye by
    default): the attack declared, the dice loaded (attack, its rerolls, then defense).
    ``others``: extra ships as (pilot, player, pose, setup)."""
    sc = Scene()
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=attacker_upgrades, **kw)
    d = sc.ship(defender, player=2, at=at, **(defender_setup or {}))
    extra = [sc.ship(pilot, player=player, at=pose, **setup)
             for pilot, player, pose, setup in others]
    game = sc.at(Engage(a))
    load_dice(game, [], [], then=script(("attack", attack), ("attack", list(rerolls)),
                                        ("defense", defense)))
    declare(game, a, d)
    return game, a, d, extra


def damage_of(game: Any, ship: str) -> int:
    s = game.state.ships[ship]
    return len(s.damage) + (s.shield_limit - s.shields)


class TestM9G8:
    def m9g8(self, locks: list[str] | None) -> tuple[Any, str, str]:
        """p2.2 (M9-G8) has ``locks``; p1.1 attacks p2.1 with hit, hit, blank; the TIE's
        three defense dice are blank; a rerolled die shows blank."""
        setup = {"upgrades": ["m9g8"]} | ({"locks": locks} if locks is not None else {})
        game, a, d, _ = shooting(attack=["hit", "hit", "blank"], rerolls=["blank"],
                                 defense=["blank"] * 3,
                                 others=[("bluesquadronescort", 2, (700, 700, 180), setup)])
        return game, a, d

    def test_the_defenders_player_makes_the_attacker_reroll_a_hit(self):
        """M9-G8's ship (p2.2) locks the attacker. RR: ATTACK step 2b - the defending player
        modifies the attack dice first: p2 chooses one of the attacker's hits, the attacker
        rerolls it (a blank). The attack deals 1 damage instead of 2."""
        game, _a, d = self.m9g8(locks=["p1.1"])
        answer(game, "modify_attack_dice", "m9g8@p2.2:reroll=hit", "p2.1")
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 1

    def test_without_the_lock_nothing_is_offered(self):
        """The same attack, M9-G8's ship locking nothing: the card does not apply, the
        defender's player is not even asked, and both hits deal damage."""
        game, _a, d = self.m9g8(locks=None)
        assert game.decision is None or game.decision.player == 1
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 2

    def test_locking_a_friendly_attacker_it_helps_it(self):
        """M9-G8 on p1.2 locks its friend p1.1, which attacks: now p1 chooses the die, in
        the attacker's turn (the blank), and the reroll shows a hit: 3 damage."""
        game, a, d, _ = shooting(attack=["hit", "hit", "blank"], rerolls=["hit"],
                                 defense=["blank"] * 3,
                                 others=[("bluesquadronescort", 1, (250, 300, 0),
                                          {"upgrades": ["m9g8"], "locks": ["p1.1"]})])
        answer(game, "modify_attack_dice", "m9g8@p1.2:reroll=blank", a)
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 3


class TestR6D8:
    FRIEND = ("bluesquadronescort", 1, (400, 240, 0), {})  # behind, the TIE in its bullseye

    def test_a_friend_with_the_defender_in_its_bullseye_adds_a_reroll(self):
        """The attacker and a friend behind it have the TIE in their bullseye arcs (range
        0-3 of the attacker): R6-D8 rerolls up to 2 attack dice; both blanks reroll to
        hits: 3 damage instead of 1."""
        game, a, d, _ = shooting(["r6d8"], attack=["blank", "blank", "hit"],
                                 rerolls=["hit", "hit"], defense=["blank"] * 3,
                                 others=[self.FRIEND])
        answer(game, "modify_attack_dice", "r6d8:reroll=blank,blank", a)
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 3

    def test_alone_it_rerolls_one_die(self):
        """Without the friend only the attacker counts: up to 1 die."""
        game, a, d, _ = shooting(["r6d8"], attack=["blank", "blank", "hit"],
                                 rerolls=["hit"], defense=["blank"] * 3)
        assert "r6d8:reroll=blank,blank" not in values(game)
        answer(game, "modify_attack_dice", "r6d8:reroll=blank", a)
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 2

    def test_no_bullseye_no_reroll(self):
        """The TIE is in the front arc but in nobody's bullseye: R6-D8 offers nothing."""
        game, _a, d, _ = shooting(["r6d8"], attack=["blank", "blank", "hit"],
                                 defense=["blank"] * 3, at=(480, 500, 180),
                                 others=[self.FRIEND])
        assert game.decision is None  # nothing offered: the attack resolved
        assert damage_of(game, d) == 1


class TestR5P8:
    def test_a_rerolled_crit_hurts_the_attacker(self):
        """R5-P8 spends 1 charge to reroll the blank; it shows a crit: the defender takes
        3 damage, and the attacker suffers 1 crit damage (a shield lost)."""
        game, a, d, _ = shooting(["r5p8"], attack=["blank", "hit", "hit"], rerolls=["crit"],
                                 defense=["blank"] * 3)
        answer(game, "modify_attack_dice", "r5p8:reroll=blank", a)
        skip_dice(game)
        finish(game)
        ship = game.state.ships[a]
        assert ship.charges["r5p8"].active == 2 and ship.shields == ship.shield_limit - 1
        assert damage_of(game, d) == 3

    def test_a_rerolled_hit_costs_only_the_charge(self):
        """The same reroll showing a hit: 3 damage to the defender, none to the attacker."""
        game, a, d, _ = shooting(["r5p8"], attack=["blank", "hit", "hit"], rerolls=["hit"],
                                 defense=["blank"] * 3)
        answer(game, "modify_attack_dice", "r5p8:reroll=blank", a)
        skip_dice(game)
        finish(game)
        assert game.state.ships[a].shields == game.state.ships[a].shield_limit
        assert damage_of(game, d) == 3

    def test_not_against_a_defender_outside_the_front_arc(self):
        """An ARC-170 attacks a TIE behind it with its rear primary weapon: the defender is
        not in its front arc, so R5-P8 is not offered."""
        sc = Scene()
        a = sc.ship("squadsevenveteran", at=(400, 500, 0), upgrades=["r5p8"])
        d = sc.ship("academypilot", player=2, at=(400, 300, 0))
        # the rear arc's value is 2: a blank and a hit
        game = sc.attack(a, d, dice=["blank", "hit"], defense=["blank"] * 3)
        assert game.decision is None  # nothing offered: the attack resolved
        assert game.state.ships[a].charges["r5p8"].active == 3
        assert damage_of(game, d) == 1

    def test_no_charge_no_reroll(self):
        """R5-P8's charges don't recur: with none left it is not offered."""
        game, _a, _d, _ = shooting(["r5p8"], attack=["blank", "hit", "hit"],
                                 defense=["blank"] * 3, charges={"r5p8": 0})
        assert game.decision is None or not any(k.startswith("r5p8") for k in values(game))


class TestR4B11:
    def test_removing_the_defenders_stress_rerolls_its_evades(self):
        """The TIE (stressed) rolls three evades against three hits. R4-B11: the attacker
        removes its stress token to reroll any defense dice; all three reroll to blanks:
        3 damage instead of none, and the TIE is no longer stressed."""
        game, a, d, _ = shooting(["r4b11"], attack=["hit"] * 3, defense=["evade"] * 3,
                                 defender_setup={"tokens": {"stress": 1}})
        load_dice(game, [], [], then=script(("defense", ["blank"] * 3)))
        skip_dice(game, "modify_defense_dice", a)
        answer(game, "modify_defense_dice", "r4b11/remove-stress:reroll=evade,evade,evade", a)
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 3 and not game.state.ships[d].stressed

    def test_a_lock_on_the_defender_is_a_red_token(self):
        """The TIE has no red or orange token but a lock p1.2 has on it: R4-B11 removes
        that lock (RR: FAQ, a lock is the locked ship's red token)."""
        game, a, d, _ = shooting(["r4b11"], attack=["hit"] * 3, defense=["evade"] * 3,
                                 rerolls=["blank"],
                                 others=[("bluesquadronescort", 1, (250, 300, 0),
                                          {"locks": ["p2.1"]})])
        skip_dice(game, "modify_defense_dice", a)
        answer(game, "modify_defense_dice", "r4b11/remove-lock:reroll=evade", a)
        skip_dice(game)
        finish(game)
        assert game.state.ships["p1.2"].locks == [] and damage_of(game, d) == 1

    def test_green_tokens_pay_nothing(self):
        """The TIE has only a focus token (green): R4-B11 is not offered, the evades
        stand."""
        game, a, d, _ = shooting(["r4b11"], attack=["hit"] * 3, defense=["evade"] * 3,
                                 defender_setup={"tokens": {"focus": 1}})
        skip_dice(game, "modify_defense_dice", a)
        assert game.decision is None or not any("r4b11" in k for k in values(game))
        skip_dice(game)
        finish(game)
        assert damage_of(game, d) == 0


class TestR5TK:
    def friendly_fire(self, upgrades: list[str]) -> Any:
        """p1.1 with a friendly T-65 at range 1 in its bullseye, the enemy behind it."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades)
        sc.ship("bluesquadronescort", at=(400, 420, 180))
        sc.ship("academypilot", player=2, at=(400, 100, 0))
        return sc.at(Engage(a))

    def test_it_may_attack_a_friendly_ship(self):
        """R5-TK: the T-65 may declare its friend as the defender (RR: FRIENDLY, "unless
        specified otherwise")."""
        game = self.friendly_fire(["r5tk"])
        assert "primary:front@p1.2" in values(game)

    def test_without_it_no_friendly_target(self):
        """Without R5-TK the friend is no target (RR: ATTACK step 1c: an enemy ship) and the
        enemy is out of arc: nothing to attack."""
        game = self.friendly_fire([])
        assert game.decision is None or "primary:front@p1.2" not in values(game)


class TestR1J5:
    def stressed(self, stress: int, charges: int = 3) -> tuple[Any, str]:
        """A stressed T-65 (``stress`` tokens) with a faceup Weapons Failure in its Perform
        Action step."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["r1j5"],
                       tokens={"stress": stress}, charges={"r1j5": charges},
                       damage=[DamageCard("weaponsfailure", True, 1)])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(PerformAction(ship, during_activation=True), phase="activation"), ship

    def test_stressed_it_may_repair_a_damage_card_and_again(self):
        """1 stress token: R1-J5 lets the ship perform the card's repair action while
        stressed; after repairing the Ship card (flipped facedown), it may spend 1 charge
        to repair it again: the card is discarded."""
        game, ship = self.stressed(1)
        assert values(game) == ["weaponsfailure@1:repair", "pass"]
        answer(game, "perform_action", "weaponsfailure@1:repair", ship)
        answer(game, "use_ability", "use", ship)
        s = game.state.ships[ship]
        assert s.damage == () and s.charges["r1j5"].active == 2
        assert "weaponsfailure" in game.state.player(1).discard

    def test_declined_the_card_stays_facedown(self):
        game, ship = self.stressed(1)
        answer(game, "perform_action", "weaponsfailure@1:repair", ship)
        answer(game, "use_ability", "decline", ship)
        assert game.state.ships[ship].damage == (DamageCard("weaponsfailure", False, 1),)

    def test_three_stress_tokens_are_too_many(self):
        """With 3 stress tokens R1-J5 no longer helps: a stressed ship can't act."""
        game, _ship = self.stressed(3)
        assert game.decision is None

    def test_no_charge_no_second_repair(self):
        """Without a charge the card is repaired once (facedown) and nothing is offered."""
        game, ship = self.stressed(1, charges=0)
        answer(game, "perform_action", "weaponsfailure@1:repair", ship)
        assert game.decision is None
        assert game.state.ships[ship].damage == (DamageCard("weaponsfailure", False, 1),)


class TestR4P17:
    def hurt(self, hits: int = 0, crits: int = 0, **kw: Any) -> tuple[Any, str]:
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[R4P17_XWS],
                       shields=0, **kw)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(Hurt(ship, hits, crits), phase="activation")
        return game, ship

    def test_a_facedown_card_is_discarded_for_a_charge_and_a_strain(self):
        """An unshielded T-65 suffers 1 damage outside an attack: about to be dealt a
        facedown card, R4-P17 spends 1 charge and gives it a strain token to discard the
        card instead."""
        game, ship = self.hurt(hits=1)
        answer(game, "replacement", "use", ship)
        s = game.state.ships[ship]
        assert s.damage == () and s.count(Token.STRAIN) == 1
        assert s.charges[R4P17_XWS].active == 1 and game.state.player(1).discard

    def test_a_faceup_card_too(self):
        """A critical damage: the faceup card is discarded the same way."""
        game, ship = self.hurt(crits=1)
        answer(game, "replacement", "use", ship)
        assert game.state.ships[ship].damage == ()

    def test_declined_the_card_is_dealt(self):
        game, ship = self.hurt(hits=1)
        answer(game, "replacement", "decline", ship)
        s = game.state.ships[ship]
        assert len(s.damage) == 1 and not s.has(Token.STRAIN)

    def test_not_while_defending(self):
        """Hit while defending, the card is dealt: R4-P17 is not offered."""
        sc = Scene()
        a = sc.ship("academypilot", player=2, at=(400, 500, 180))
        d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[R4P17_XWS], shields=0)
        sc.ship("redsquadronveteran", at=(100, 100, 0))
        game = sc.attack(a, d, dice=["hit", "hit"], defense=["blank", "blank"])
        skip_dice(game)
        assert game.decision is None
        assert len(game.state.ships[d].damage) == 2
