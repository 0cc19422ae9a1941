"""Alpha-class Star Wing pilots, the ship ability Prioritized Weapons Systems (standard
loadouts) and the configurations Os-1 Arsenal Loadout and Xg-1 Assault Configuration: each
test sets a scene, states the card's rule and shows the ability changing the outcome (the
same scene without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import Give, modify_with, offers, pass_on, values
from tests.rules.attack_helpers import dice_counts

ENEMY_AT = (400, 500, 180)  # range 2, in the bullseye arc of a ship at (400, 300, 0)
#: the standard loadouts (a Scene equips only the upgrades it is given)
KARSABI_LOADOUT = ("protontorpedoes", "saturationrockets-alphaclassstarwing",
                   "electronicbaffle")
VYNDER_LOADOUT = ("longrangescanners-alphaclassstarwing", "ioncannon",
                  "heavyplasmamissiles-alphaclassstarwing")


def finish(game) -> None:
    for _ in range(80):
        if game.decision is None:
            return
        pass_on(game)


def weapons_offered(game, ship: str) -> set[str]:
    """The weapons the ship may declare an attack with now."""
    for _ in range(10):
        d = game.decision
        if d is None:
            return set()
        if d.kind == "declare_attack" and d.ship == ship:
            return {k.rpartition("@")[0] for k in values(game) if k != "none"}
        pass_on(game)
    raise AssertionError("no attack declaration came")


# ------------------------------------------------------------- generic pilots
@pytest.mark.parametrize("pilot", ["nusquadronpilot", "rhosquadronpilot"])
def test_generic_pilots_fight(pilot):
    """A pilot with flavour text only is played by the rules: its primary attack at range 2
    (2 dice) hits an undefended target."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=ENEMY_AT)
    game = sc.attack(ship, target, dice=["hit", "hit"], defense=["blank"] * 3)
    finish(game)
    assert len(game.state.ships[target].damage) == 2


# ----------------------------------------------------- Prioritized Weapons Systems
def pws_game(pilot: str, disarm: int):
    sc = Scene()
    loadout = KARSABI_LOADOUT if pilot.endswith("-ssl") else ()
    ship = sc.ship(pilot, at=(400, 300, 0), disarm=disarm, upgrades=loadout)
    sc.ship("academypilot", player=2, at=ENEMY_AT)
    return sc.at(Engage(ship)), ship


class TestPrioritizedWeaponsSystems:
    def test_strain_for_the_disarm_token(self):
        """Prioritized Weapons Systems: before engaging, a disarmed ship may gain a strain
        token to remove a disarm token; it may then attack."""
        game, ship = pws_game("lieutenantkarsabi-ssl", 1)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        s = game.state.ships[ship]
        assert s.count(Token.STRAIN) == 1 and not s.has(Token.DISARM)
        assert game.decision.kind == "declare_attack"

    def test_not_without_the_ability_or_a_disarm_token(self):
        """Major Vynder (no ship ability) stays disarmed and can't attack; a Karsabi
        loadout without a disarm token is not asked and gains no strain."""
        game, ship = pws_game("majorvynder", 1)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[ship].has(Token.DISARM)
        game, ship = pws_game("lieutenantkarsabi-ssl", 0)
        assert game.decision.kind == "declare_attack"
        assert not game.state.ships[ship].has(Token.STRAIN)


# ----------------------------------------------------------- Lieutenant Karsabi
def karsabi_game(pilot: str = "lieutenantkarsabi", stress: int = 0):
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), stress=stress)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc.at(Give(ship, "disarm")), ship


class TestLieutenantKarsabi:
    def test_stress_for_the_disarm_token(self):
        """Lieutenant Karsabi: after he gains a disarm token, not stressed, he may gain a
        stress token to remove a disarm token."""
        game, ship = karsabi_game()
        assert game.decision.kind == "use_ability"
        game.answer("use")
        s = game.state.ships[ship]
        assert s.count(Token.STRESS) == 1 and not s.has(Token.DISARM)

    def test_not_while_stressed(self):
        """Already stressed, he is not asked and keeps the disarm token; Major Vynder is
        not asked either."""
        for pilot, stress in (("lieutenantkarsabi", 1), ("majorvynder", 0)):
            game, ship = karsabi_game(pilot, stress)
            assert game.decision is None
            assert game.state.ships[ship].has(Token.DISARM)


class TestLieutenantKarsabiLoadout:
    def reload(self, pilot: str, upgrades: tuple[str, ...] = ()) -> int:
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades,
                       charges={"protontorpedoes": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        game.answer("reload")
        if game.decision is not None and game.decision.kind == "reload_card":
            game.answer("protontorpedoes")
        s = game.state.ships[ship]
        assert s.has(Token.DISARM)
        return s.charges["protontorpedoes"].active

    def test_reload_recovers_one_more_charge(self):
        """Lieutenant Karsabi (Payload Courier): his reload action makes the chosen upgrade
        recover 1 more charge: the empty Proton Torpedoes recover both; the other
        Karsabi's (Os-1 adds the torpedo slot) recover 1."""
        assert self.reload("lieutenantkarsabi-ssl", KARSABI_LOADOUT) == 2
        assert self.reload("lieutenantkarsabi", ("os1arsenalloadout", "protontorpedoes")) == 1


# ----------------------------------------------------------------- Major Vynder
class TestMajorVynder:
    @pytest.mark.parametrize("pilot, disarm, count", [("majorvynder", 1, 3),
                                                      ("majorvynder", 0, 2),
                                                      ("lieutenantkarsabi", 1, 2)])
    def test_disarmed_defender_rolls_one_more(self, pilot, disarm, count):
        """Major Vynder: defending while disarmed he rolls 1 more defense die (agility 2 at
        range 2: 3 dice); not disarmed, or another pilot, 2."""
        sc = Scene()
        ship = sc.ship(pilot, at=(400, 300, 0), disarm=disarm)
        enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(enemy, ship, dice=["blank", "blank"], defense=["blank"] * 3)
        finish(game)
        assert dice_counts(game, enemy, ship)[1] == count


class TestMajorVynderLoadout:
    MISSILES = "heavyplasmamissiles-alphaclassstarwing"

    def game(self, weapon: str):
        sc = Scene()
        ship = sc.ship("majorvynder-ssl", at=(400, 300, 0), locks=["p2.1"],
                       upgrades=VYNDER_LOADOUT)
        enemy = sc.ship("academypilot", player=2, at=ENEMY_AT)
        game = sc.at(Engage(ship))
        load_dice(game, ["blank"] * 3, ["blank"] * 3,
                  then=faces(DieKind.ATTACK, ["focus", "blank", "blank"])
                  + faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, ship, enemy, weapon)
        return game, ship, enemy

    def to_bonus(self, game, ship):
        for _ in range(30):
            d = game.decision
            if d is None or (d.kind == "use_ability" and d.ship == ship):
                return
            pass_on(game)

    @pytest.mark.parametrize("change, damage", [(True, 1), (False, 0)])
    def test_bonus_cannon_attack_with_focus_to_hit(self, change, damage):
        """Major Vynder (Helping Hand): after a missile attack he may perform a bonus
        cannon attack (his Ion Cannon), during which he may change 1 focus result to a
        hit: with the change the ion cannon hits (its 1 result deals 1 damage); without
        it the focus, blank, blank roll misses."""
        game, ship, enemy = self.game(self.MISSILES)
        self.to_bonus(game, ship)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        game.answer(f"ioncannon@{enemy}")
        while not offers(game, "majorvynder-ssl"):
            assert game.decision is not None
            pass_on(game)
        if change:
            modify_with(game, "majorvynder-ssl")
        finish(game)
        assert len(game.state.ships[enemy].damage) == damage

    def test_not_after_a_primary_attack(self):
        """After a primary attack no bonus attack is offered."""
        game, ship, _ = self.game("primary:front")
        self.to_bonus(game, ship)
        assert game.decision is None

    def test_focus_change_only_in_the_bonus_attack(self):
        """The focus change is not offered in the missile attack itself (it rolled a
        focus here)."""
        sc = Scene()
        ship = sc.ship("majorvynder-ssl", at=(400, 300, 0), locks=["p2.1"],
                       upgrades=VYNDER_LOADOUT)
        enemy = sc.ship("academypilot", player=2, at=ENEMY_AT)
        game = sc.attack(ship, enemy, dice=["focus", "blank", "blank"],
                         defense=["blank"] * 3, weapon=self.MISSILES)
        seen = False
        for _ in range(30):
            if game.decision is None or game.decision.kind == "use_ability":
                break
            seen = seen or offers(game, "majorvynder-ssl")
            pass_on(game)
        assert not seen


# ------------------------------------------------------------ Os-1 Arsenal Loadout
def os1_game(disarm: int, locked: bool, upgrades=("os1arsenalloadout", "protontorpedoes")):
    sc = Scene()
    ship = sc.ship("rhosquadronpilot", at=(400, 300, 0), upgrades=upgrades, disarm=disarm,
                   locks=["p2.1"] if locked else [])
    sc.ship("academypilot", player=2, at=ENEMY_AT)
    return sc.at(Engage(ship)), ship


class TestOs1ArsenalLoadout:
    def test_disarmed_torpedo_attack_at_a_locked_target(self):
        """Os-1 Arsenal Loadout: with exactly 1 disarm token the ship can still perform
        torpedo and missile attacks against targets it has locked (not its primary
        weapon)."""
        game, ship = os1_game(1, True)
        assert weapons_offered(game, ship) == {"protontorpedoes"}

    def test_not_unlocked_nor_with_two_disarm_tokens(self):
        """Without a lock on the target, or with 2 disarm tokens, it can't attack."""
        for disarm, locked in ((1, False), (2, True)):
            game, ship = os1_game(disarm, locked)
            assert weapons_offered(game, ship) == set()

    def test_lock_cannot_be_spent(self):
        """Os-1: during such an attack the ship can't spend its lock: the lock's reroll is
        not offered, where a ship not disarmed (same torpedo attack) may spend it."""
        for disarm, offered in ((1, False), (0, True)):
            sc = Scene()
            ship = sc.ship("rhosquadronpilot", at=(400, 300, 0), disarm=disarm,
                           upgrades=("os1arsenalloadout", "protontorpedoes"),
                           locks=["p2.1"])
            enemy = sc.ship("academypilot", player=2, at=ENEMY_AT)
            game = sc.attack(ship, enemy, dice=["blank"] * 4, defense=["blank"] * 3,
                             weapon="protontorpedoes")
            while game.decision.kind != "modify_attack_dice" or game.decision.ship != ship:
                pass_on(game)
            assert offers(game, "lock") == offered, disarm


# ------------------------------------------------------- Xg-1 Assault Configuration
def xg1_game(disarm: int, upgrades=("xg1assaultconfiguration", "heavylasercannon")):
    sc = Scene()
    ship = sc.ship("nusquadronpilot", at=(400, 300, 0), upgrades=upgrades, disarm=disarm)
    enemy = sc.ship("academypilot", player=2, at=ENEMY_AT)
    return sc, ship, enemy


class TestXg1AssaultConfiguration:
    def test_disarmed_cannon_attack_of_at_most_3_dice(self):
        """Xg-1 Assault Configuration: with exactly 1 disarm token the ship can still
        perform cannon attacks (not primary ones), rolling at most 3 attack dice: the
        Heavy Laser Cannon rolls 3 of its 4."""
        sc, ship, enemy = xg1_game(1)
        game = sc.at(Engage(ship))
        assert weapons_offered(game, ship) == {"heavylasercannon"}
        game = sc.attack(ship, enemy, dice=["blank"] * 4, defense=["blank"] * 3,
                         weapon="heavylasercannon")
        finish(game)
        assert dice_counts(game, ship, enemy)[0] == 3

    def test_not_disarmed_all_dice(self):
        """Not disarmed, the same cannon attack rolls its 4 dice."""
        sc, ship, enemy = xg1_game(0)
        game = sc.attack(ship, enemy, dice=["blank"] * 4, defense=["blank"] * 3,
                         weapon="heavylasercannon")
        finish(game)
        assert dice_counts(game, ship, enemy)[0] == 4

    def test_two_disarm_tokens_no_attack(self):
        """With 2 disarm tokens the ship can't attack at all."""
        sc, ship, _ = xg1_game(2)
        game = sc.at(Engage(ship))
        assert weapons_offered(game, ship) == set()
