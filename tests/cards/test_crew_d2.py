"""Crew upgrades, Supreme Leader Snoke to Zuckuss (tallon.cards.upgrades.crew_d2). Scenes
on generic carriers: Academy Pilots (TIE/ln, initiative 1, no shields) and Red Squadron
Veterans (T-65, 2 shields). Player 1 sits at y = 0 facing +y; a ship 40 / 150 / 210 mm
ahead of another's base is at range 1 / 2 / 3."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.upgrades.crew_d2 import tobias_problem
from tallon.dice import DieKind
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.conditions import has_condition, remove_condition
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.effects import can_lock
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase, StartEndPhase, SystemTurn
from tallon.engine.state import Token
from tallon.geometry import Pose
from tallon.scene import Scene, faces, load_dice, start_at
from tests.cards.helpers import engage, finish, offers, pass_all, rolled, skip_dice, values

TIE, XWING = "academypilot", "redsquadronveteran"


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind == "declare_attack", game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def ability_offered(game) -> bool:
    return game.decision is not None and game.decision.kind == "use_ability"


# ---------------------------------------------------------- Supreme Leader Snoke
class TestSupremeLeaderSnoke:
    def scene(self, enemies=((400, 600, 180),), force=None):
        sc = Scene()
        snoke = sc.ship(TIE, at=(400, 300, 0), upgrades=["supremeleadersnoke"],
                        **({"force": force} if force is not None else {}))
        found = [sc.ship(TIE, player=2, at=at) for at in enemies]
        game = sc.game()
        for enemy in found:
            game.state.ships[enemy].dial_set = "2FB"
        start_at(game, SystemTurn(snoke), phase="system")
        return game, snoke, found

    def test_a_far_enemys_dial_is_flipped_for_1_force(self):
        """An enemy beyond range 1: Snoke spends 1 Force to flip its dial faceup."""
        game, snoke, (enemy,) = self.scene()
        game.answer(enemy)
        assert game.state.ships[enemy].dial_revealed
        assert game.state.ships[snoke].force == 0

    def test_several_ships_one_force_each(self):
        """With 2 Force, two enemies can be chosen one after the other."""
        game, snoke, enemies = self.scene(enemies=((300, 600, 180), (500, 600, 180)),
                                          force=1)
        game.state.ships[snoke].force_limit = game.state.ships[snoke].force = 2
        game.answer(enemies[0])
        game.answer(enemies[1])
        assert all(game.state.ships[e].dial_revealed for e in enemies)
        assert game.state.ships[snoke].force == 0

    def test_not_at_range_1_nor_without_force(self):
        for at, force in (((400, 380, 180), None), ((400, 600, 180), 0)):
            game, _, (enemy,) = self.scene(enemies=(at,), force=force)
            assert game.decision is None and not game.state.ships[enemy].dial_revealed


# -------------------------------------------------------------------- Tal Merrik
class TestTalMerrik:
    def scene(self, upgrades=("talmerrik",)):
        sc = Scene()
        tal = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades))
        enemy = sc.ship(TIE, player=2, at=(400, 380, 180))
        return sc, tal, enemy

    def test_setup_assigns_false_friend_to_an_enemy(self):
        """Before placing forces, False Friend is assigned to an enemy ship (the scene
        chooses the first one); without the card nothing is assigned."""
        sc, _, enemy = self.scene()
        game = sc.game()
        assert has_condition(game.state.ships[enemy], "falsefriend")
        sc, _, enemy = self.scene(upgrades=())
        assert not has_condition(sc.game().state.ships[enemy], "falsefriend")

    def test_the_action_assigns_it_again_once_gone(self):
        """With no enemy holding False Friend, the action assigns it to an enemy in the
        front arc at range 0-2; while one holds it, the action is not offered."""
        sc, tal, enemy = self.scene()
        game = sc.game()
        start_at(game, PerformAction(tal, True), phase="activation")
        assert "talmerrik" not in values(game)
        remove_condition(game, game.state.ships[enemy], "falsefriend")
        start_at(game, PerformAction(tal, True), phase="activation")
        game.answer("talmerrik")
        assert has_condition(game.state.ships[enemy], "falsefriend")


# --------------------------------------------------------------------- The Child
class TestTheChild:
    def scene(self, upgrades=("thechild",), enemies=3):
        sc = Scene()
        child = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades))
        for k in range(enemies):
            sc.ship(TIE, player=2, at=(300 + 100 * k, 490, 180))
        return sc, child

    def test_the_opponent_assigns_merciless_pursuit_to_two_ships(self):
        """After placing forces the opponent assigns Merciless Pursuit to 2 of their 3
        ships (the scene takes the first pair)."""
        sc, _ = self.scene()
        game = sc.game()
        marked = [s.id for s in game.state.ships_of(2) if has_condition(s, "mercilesspursuit")]
        assert marked == ["p2.1", "p2.2"]
        assert {c.assigned_by for s in game.state.ships_of(2) for c in s.conditions} == {2}

    def test_the_force_does_not_recur(self):
        """The ship's Force loses its recurring icon: the End Phase recovers none."""
        sc, child = self.scene()
        game = sc.game()
        game.state.ships[child].force = 0
        start_at(game, EndPhase(), phase="end")
        assert game.state.ships[child].force == 0

    def test_damaged_while_defending_it_recovers_1_force(self):
        """Hit while defending: after the attack it recovers 1 Force; missed: it does
        not."""
        for dice, force in ((["hit", "hit"], 1), (["blank", "blank"], 0)):
            sc, child = self.scene(enemies=1)
            game = sc.game()
            game.state.ships[child].force = 0
            start_at(game, Engage("p2.1"))
            load_dice(game, dice, ["blank"] * 3)
            declare(game, child)
            pass_all(game)
            assert game.state.ships[child].force == force


# --------------------------------------------------------------- The Mandalorian
class TestTheMandalorian:
    def scene(self, upgrades=("thechild", "themandalorian")):
        sc = Scene()
        mando = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades), force=0)
        sc.ship(TIE, player=2, at=(400, 490, 180))
        return sc, mando

    def test_it_recovers_a_non_recurring_force(self):
        """The Child's Force does not recur; The Mandalorian recovers 1 of it in the End
        Phase of a round in which it did not defend."""
        for upgrades, force in ((("thechild", "themandalorian"), 1), (("thechild",), 0)):
            sc, mando = self.scene(upgrades)
            game = sc.at(StartEndPhase(), FireWindow.of("end_phase"), EndPhase(), phase="end")
            pass_all(game)
            assert game.state.ships[mando].force == force

    def test_not_after_defending(self):
        sc, mando = self.scene()
        game = sc.game()
        start_at(game, Engage("p2.1"))
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, mando)
        pass_all(game)
        start_at(game, StartEndPhase(), FireWindow.of("end_phase"), phase="end")
        pass_all(game)
        assert game.state.ships[mando].force == 0


# -------------------------------------------------------------------- Toryn Farr
class TestTorynFarr:
    def test_the_coordinated_ship_locks_toryns_target_at_any_range(self):
        """Toryn locks an enemy at range 3, then (linked) coordinates a friend beside it,
        beyond range 3 of the enemy: the friend may lock it anyway."""
        sc = Scene()
        toryn = sc.ship(TIE, at=(400, 300, 0), upgrades=["torynfarr"])
        friend = sc.ship(TIE, at=(400, 170, 0))
        enemy = sc.ship(TIE, player=2, at=(400, 550, 180))
        game = sc.at(PerformAction(toryn, True), phase="activation")
        game.answer("lock")
        game.answer(enemy)
        game.answer("coordinate")               # the linked red coordinate
        game.answer(friend)
        game.answer("pass")
        assert values(game) == [enemy, "decline"]
        game.answer(enemy)
        assert enemy in game.state.ships[friend].locks

    def test_not_when_the_friend_already_locks_it(self):
        """The friend already locks Toryn's target: there is nothing to offer."""
        sc = Scene()
        toryn = sc.ship(TIE, at=(400, 300, 0), upgrades=["torynfarr"])
        friend = sc.ship(TIE, at=(480, 300, 0), locks=["p2.1"])
        enemy = sc.ship(TIE, player=2, at=(400, 490, 180))
        game = sc.at(PerformAction(toryn, True), phase="activation")
        game.answer("lock")
        game.answer(enemy)
        game.answer("coordinate")
        game.answer(friend)
        game.answer("pass")
        assert not ability_offered(game)


# ------------------------------------------------------------------ Tristan Wren
class TestTristanWren:
    def scene(self, weapon="protontorpedoes", tristan_at=(480, 300, 0)):
        sc = Scene()
        a = sc.ship(XWING, at=(400, 300, 0), upgrades=["protontorpedoes"], locks=["p2.1"])
        tristan = sc.ship(TIE, at=tristan_at, upgrades=["tristanwren"])
        sc.ship(TIE, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, weapon=weapon)
        return game, a, tristan

    def test_a_friends_ordnance_attack_gets_a_crit(self):
        """A friend at range 1 attacks with proton torpedoes: Tristan's charge turns a hit
        into a critical hit (besides the torpedoes' own)."""
        game, _, tristan = self.scene()
        game.answer(next(k for k in values(game) if k.startswith("tristanwren@")))
        finish(game)                # the torpedoes' own hit to crit, then nothing
        assert "0 hit(s), 2 critical" in neutralized(game)
        assert game.state.ships[tristan].charges["tristanwren"].active == 0

    def test_not_for_a_primary_attack_nor_beyond_range_3(self):
        for weapon, at in (("primary:front", (480, 300, 0)), ("protontorpedoes",
                                                              (800, 300, 0))):
            game, _, _ = self.scene(weapon=weapon, tristan_at=at)
            assert not offers(game, "tristanwren")


# --------------------------------------------------------------------- Ursa Wren
class TestUrsaWren:
    def test_two_locks_are_kept(self):
        """Ursa Wren keeps a second lock on another object; without her the first one is
        removed."""
        for upgrades, kept in ((["ursawren"], ["p2.1", "p2.2"]), ([], ["p2.2"])):
            sc = Scene()
            ursa = sc.ship(XWING, at=(400, 300, 0), upgrades=upgrades, locks=["p2.1"])
            sc.ship(TIE, player=2, at=(350, 490, 180))
            sc.ship(TIE, player=2, at=(450, 490, 180))
            game = sc.at(PerformAction(ursa, True), phase="activation")
            game.answer("lock")
            game.answer("p2.2")
            pass_all(game)
            assert game.state.ships[ursa].locks == kept

    def test_an_enemy_locks_a_friend_ursa_may_lock(self):
        """An enemy locks a friend at range 0-3: Ursa may perform a lock action."""
        sc = Scene()
        ursa = sc.ship(XWING, at=(400, 300, 0), upgrades=["ursawren"])
        friend = sc.ship(TIE, at=(480, 300, 0))
        enemy = sc.ship(XWING, player=2, at=(480, 490, 180))
        game = sc.at(PerformAction(enemy, True), phase="activation")
        game.answer("lock")
        game.answer(friend)
        assert ability_offered(game) and "lock" in values(game)
        game.answer("lock")
        game.answer(enemy)
        assert game.state.ships[ursa].locks == [enemy]

    def test_not_for_a_friend_beyond_range_3(self):
        sc = Scene()
        sc.ship(TIE, at=(100, 100, 0), upgrades=["ursawren"])
        friend = sc.ship(TIE, at=(800, 300, 0))
        enemy = sc.ship(XWING, player=2, at=(800, 490, 180))
        game = sc.at(PerformAction(enemy, True), phase="activation")
        game.answer("lock")
        game.answer(friend)
        assert not ability_offered(game)


# ---------------------------------------------------------------------- Wolfpack
class TestWolfpack:
    def scene(self, enemy_at=(480, 490, 180)):
        sc = Scene()
        sc.ship(TIE, at=(400, 300, 0), upgrades=["wolfpack"])
        friend = sc.ship(TIE, at=(480, 300, 0))
        enemy = sc.ship(TIE, player=2, at=enemy_at)
        game = sc.game()
        start_at(game, Engage(enemy))
        load_dice(game, ["blank"] * 3, ["blank"] * 3)
        declare(game, friend)
        return game, friend, enemy

    def test_the_defender_gains_strain_to_lock_the_attacker(self):
        """The attacker is in the Wolfpack ship's firing arc: after the attack the friend
        who defended may gain 1 strain token to lock it."""
        game, friend, enemy = self.scene()
        assert ability_offered(game)
        game.answer("use")
        ship = game.state.ships[friend]
        assert ship.has(Token.STRAIN) and ship.locks == [enemy]

    def test_not_with_the_attacker_outside_the_firing_arc(self):
        game, _, _ = self.scene(enemy_at=(640, 330, 270))
        assert not ability_offered(game)


# ------------------------------------------------- Wolfpack (Siege of Coruscant)
class TestWolfpackSiegeOfCoruscant:
    def scene(self, friend="plokoon", lock=True):
        cards = CardRegistry("wolfpack test", base=CARDS)
        # the friends' own abilities play no part here
        cards.register("pilot", "plokoon", description="test stand-in")
        cards.register("ship_ability", "Fine-tuned Controls", description="test stand-in")
        cards.register("pilot", "kickback-siegeofcoruscant", description="test stand-in")
        cards.register("ship_ability", "Born for This", description="test stand-in")
        sc = Scene(cards=cards, factions=("galacticrepublic", None))
        a = sc.ship("goldsquadrontrooper", at=(400, 300, 0),
                    upgrades=["wolfpack-siegeofcoruscant"])
        mate = sc.ship(friend, at=(480, 300, 0), locks=["p2.1"] if lock else [])
        sc.ship(TIE, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game)
        return game, a, mate

    def test_a_plo_koon_lock_rerolls_the_attack_dice(self):
        """Plo Koon's lock on the defender is spent to reroll both blanks into hits."""
        game, _, mate = self.scene()
        game.answer(next(k for k in values(game) if k.startswith("wolfpack")))
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        assert game.state.ships[mate].locks == []

    def test_a_born_for_this_ships_lock(self):
        game, _, _ = self.scene(friend="kickback-siegeofcoruscant")
        assert offers(game, "wolfpack-siegeofcoruscant")

    def test_not_without_such_a_lock_nor_from_another_ship(self):
        for friend, lock in (("plokoon", False), ("goldsquadrontrooper", True)):
            game, _, _ = self.scene(friend=friend, lock=lock)
            assert not offers(game, "wolfpack-siegeofcoruscant")


# -------------------------------------------------------------------------- Yoda
class TestYoda:
    def scene(self, friend_at=(480, 300, 0)):
        sc = Scene()
        yoda = sc.ship(TIE, at=(400, 300, 0), upgrades=["yoda"])
        friend = sc.ship(TIE, at=friend_at, upgrades=["plokoon"])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc.at(PerformAction(friend, True), phase="activation"), yoda, friend

    def test_a_purple_action_nearby_gets_its_force_back(self):
        """A friend at range 1 spends its Force on a purple reinforce action: Yoda spends
        1 Force and the friend recovers 1."""
        game, yoda, friend = self.scene()
        game.answer("reinforce")
        game.answer("fore")
        assert game.state.ships[friend].force == 0
        game.answer("use")
        assert game.state.ships[friend].force == 1
        assert game.state.ships[yoda].force == 1

    def test_not_beyond_range_2(self):
        game, _, friend = self.scene(friend_at=(800, 300, 0))
        game.answer("reinforce")
        game.answer("fore")
        assert not ability_offered(game) and game.state.ships[friend].force == 0


# -------------------------------------------------------------------- Zam Wesell
class TestZamWesell:
    def test_setup_loses_both_charges(self):
        sc = Scene()
        zam = sc.ship(TIE, at=(400, 300, 0), upgrades=["zamwesell"])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        assert sc.game().state.ships[zam].charges["zamwesell"].active == 0

    def test_a_secret_condition_is_assigned_facedown_in_the_system_phase(self):
        """During the System Phase Zam may assign herself one of her secret conditions,
        facedown."""
        sc = Scene()
        zam = sc.ship(TIE, at=(400, 300, 0), upgrades=["zamwesell"])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(zam), phase="system")
        assert set(values(game)) == {"youdbettermeanbusiness", "youshouldthankme", "decline"}
        game.answer("youshouldthankme")
        assert [(c.card, c.faceup) for c in game.state.ships[zam].conditions] == [
            ("youshouldthankme", False)]

    def test_the_conditions_spend_and_recover_the_crew_cards_charges(self):
        """Zam as crew: "You'd Better Mean Business", revealed at the end of the Engagement
        Phase in an enemy's firing arc, recovers 2 charges on the crew card (her charges),
        not on some friendly pilot Zam."""
        sc = Scene()
        zam = sc.ship(TIE, at=(400, 300, 0), upgrades=["zamwesell"])
        sc.ship(TIE, player=2, at=(400, 500, 180))
        game = sc.at(SystemTurn(zam), phase="system")
        game.answer("youdbettermeanbusiness")
        assert game.state.ships[zam].charges["zamwesell"].active == 0
        start_at(game, FireWindow.of("end_engagement"))
        game.answer("use")
        assert game.state.ships[zam].charges["zamwesell"].active == 2
        assert game.state.ships[zam].conditions[0].faceup

    def test_without_the_card_no_system_phase_turn(self):
        sc = Scene()
        ship = sc.ship(TIE, at=(400, 300, 0))
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.at(SystemTurn(ship), phase="system")
        assert game.decision is None and game.state.ships[ship].conditions == ()


# --------------------------------------------------------------- "Zeb" Orrelios
class TestZebOrrelios:
    def attack(self, zeb_on):
        sc = Scene()
        a = sc.ship(TIE, at=(400, 300, 0), upgrades=["zeborrelios"] if zeb_on == 1 else [],
                    tokens={"focus": 1}, contacts=("p2.1",))
        sc.ship(XWING, player=2, at=(400, 341, 180),
                upgrades=["zeborrelios"] if zeb_on == 2 else [], contacts=("p1.1",))
        # at range 0 the range bonus adds no die: 2 dice
        return sc.attack(a, "p2.1", dice=["focus", "hit"], defense=["blank"] * 2)

    def test_at_range_0_the_attacker_may_spend_focus(self):
        """A primary attack at range 0: with Zeb on the attacker or on the defender, the
        attacker may spend its focus token (2 hits instead of 1)."""
        for zeb_on in (1, 2):
            game = self.attack(zeb_on)
            assert game.state.attack.range == 0
            assert values(game) == ["focus:change=all-focus>hit", "done"]
            game.answer("focus:change=all-focus>hit")
            skip_dice(game)
            assert "2 hit(s)" in neutralized(game)

    def test_without_zeb_no_modification_at_range_0(self):
        game = self.attack(0)
        assert game.decision is None and "1 hit(s)" in neutralized(game)


# ----------------------------------------------------------------------- Zuckuss
class TestZuckuss:
    def scene(self, stress=0):
        sc = Scene()
        a = sc.ship(TIE, at=(400, 300, 0), upgrades=["zuckuss"], stress=stress)
        sc.ship(TIE, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "blank", "blank"],
                      then=[])
        return game, a

    def test_an_evade_is_rerolled_for_a_stress_token(self):
        """Attacking unstressed: Zuckuss gains 1 stress token and the defender must reroll
        its evade (into a blank): 2 hits land instead of 1."""
        game, a = self.scene()
        load_dice(game, ["hit", "hit", "blank"], ["evade", "blank", "blank"],
                  then=faces(DieKind.DEFENSE, ["blank"]))
        declare(game)
        skip_dice(game, "modify_defense_dice", a)
        game.answer("zuckuss:reroll=evade")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        assert game.state.ships[a].stressed

    def test_not_while_stressed(self):
        game, _ = self.scene(stress=1)
        declare(game)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------- Qi'ra
class TestQira:
    def test_a_locked_asteroid_is_ignored_while_moving(self):
        """Moving through an asteroid it locks, the ship suffers nothing; through one it
        does not lock, it suffers 1 damage."""
        for locks, damage in (([], 1), (["obstacle-1"], 0)):
            sc = Scene()
            qira = sc.ship(TIE, at=(400, 300, 0), upgrades=["qira"], locks=locks)
            sc.ship(TIE, player=2, at=(400, 800, 180))
            sc.obstacle("core2asteroid0", 400, 390)
            game = sc.game()
            load_dice(game, ["blank"])          # the asteroid's die
            start_at(game, ExecuteManeuver(qira, "2FB"), phase="activation")
            pass_all(game)
            assert len(game.state.ships[qira].damage) == damage

    def test_a_locked_obstacle_does_not_obstruct_its_attack(self):
        """Attacking at range 3 through an asteroid: the defender rolls 5 dice (agility 3,
        range 3, obstructed), or 4 when Qi'ra's ship locks the asteroid."""
        for locks, dice in (([], 5), (["obstacle-1"], 4)):
            sc = Scene()
            qira = sc.ship(TIE, at=(400, 300, 0), upgrades=["qira"], locks=locks)
            sc.ship(TIE, player=2, at=(400, 550, 180))
            sc.obstacle("core2asteroid0", 400, 440)
            game = sc.attack(qira, "p2.1", dice=["hit", "hit"], defense=["blank"] * dice)
            pass_all(game)
            assert len(rolled(game, "p2.1")) == dice

    def test_not_outside_moves_and_attacks(self):
        """A locked gas cloud at range 0 still stops the ship's own locks (neither moving
        nor attacking)."""
        sc = Scene()
        qira = sc.ship(TIE, at=(400, 300, 0), upgrades=["qira"], locks=["obstacle-1"])
        sc.ship(TIE, player=2, at=(400, 490, 180))
        sc.obstacle("gascloud1", 400, 300)
        game = sc.game()
        assert can_lock(game, game.state.ships[qira], "p2.1") is not None


# ---------------------------------------------------------------- Tobias Beckett
class TestTobiasBeckett:
    def scene(self, upgrades=("tobiasbeckett",)):
        sc = Scene()
        sc.ship(TIE, at=(400, 60, 0), upgrades=list(upgrades))
        sc.ship(TIE, player=2, at=(400, 850, 180))
        sc.obstacle("core2asteroid0", 300, 450)
        sc.obstacle("core2debris0", 600, 450)
        return sc.at(FireWindow.of("after_place_forces"), phase="setup")

    def test_an_obstacle_is_moved_to_a_legal_place(self):
        """After placing forces an obstacle is placed elsewhere: beyond range 2 of the
        edges and ships, beyond range 1 of the other obstacle."""
        game = self.scene()
        assert set(values(game)) == {"obstacle-1", "obstacle-2", "decline"}
        game.answer("obstacle-1")
        assert game.decision.kind == "place_obstacle"
        key = values(game)[0]
        game.answer(key)
        moved = game.state.obstacles[0]
        assert key == f"obstacle-1@{moved.pose.x:g},{moved.pose.y:g},{moved.pose.heading:g}"
        assert (moved.pose.x, moved.pose.y) != (300, 450)
        assert tobias_problem(game, "obstacle-1", moved.pose) is None

    def test_a_place_near_a_ship_or_the_other_obstacle_is_refused(self):
        game = self.scene()
        game.answer("obstacle-1")
        for x, y in ((400, 300), (600, 500)):       # range 2 of p1.1; range 1 of obstacle-2
            assert tobias_problem(game, "obstacle-1", Pose(x, y, 0)) is not None
            with pytest.raises(IllegalChoiceError):
                game.answer({"obstacle": "obstacle-1", "x": x, "y": y, "rotation": 0})
        game.answer({"obstacle": "obstacle-1", "x": 300, "y": 600, "rotation": 0})
        assert game.state.obstacles[0].pose == Pose(300, 600, 0)

    def test_without_the_card_nothing_moves(self):
        game = self.scene(upgrades=())
        assert game.decision is None
        assert (game.state.obstacles[0].pose.x, game.state.obstacles[0].pose.y) == (300, 450)
