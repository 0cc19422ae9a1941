"""RR: REMOTES (attacking, damaging, using and relocating remotes), RR: OBJECTS,
RR: SIMULTANEOUS FIRE, RR: FLEE, and the appendix's Buzz Droid Swarm.

The scenes put a buzz droid swarm (the remote Discord Missiles launch: initiative 0,
agility 1, hull 1) on the table directly. A swarm placed at (x, y, h) has the back edge of
its 20 x 4 mm tab at (x, y) and its 40 mm disk beyond, facing h; a TIE placed at (x, y)
has its base centred there (40 mm square)."""

from __future__ import annotations

import pytest

from tallon.cards.common import ships_in_range
from tallon.engine.action_bodies import jam_targets, lock_targets
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.effects import acquire_lock, gain_token
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import CheckEnd, StartEngagement, Sweep
from tallon.engine.state import Token
from tallon.engine.weapons import valid_targets
from tallon.geometry import Pose, range_between
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at

DISCORD = "discordmissiles"


def swarm_scene(swarm_at=(400.0, 400.0, 0.0), enemy_at=(400.0, 520.0, 180.0),
                swarm_player: int = 0, **extra):
    """Player 1 (p1.1 far away) controls the swarm r1.1; player 2's TIE p2.1 flies."""
    sc = Scene()
    sc.ship("academypilot", at=(100, 100, 0))
    sc.ship("academypilot", player=1, at=enemy_at, **extra)
    swarm = sc.remote(DISCORD, player=swarm_player, at=swarm_at)
    return sc, swarm


def fly(sc, ship: str, code: str):
    return sc.at(ExecuteManeuver(ship, code), phase="activation")


def swarm_pose(game, remote="r1.1") -> Pose:
    return game.state.ships[remote].body.pose


def answer_all(game, value=None):
    while game.decision is not None:
        d = game.decision
        game.answer(value if value in d.option_keys() else d.options[-1].key)


# ---------------------------------------------------------------------- the remote
class TestARemoteIsAnObjectNotAShip:
    def test_the_swarm_has_its_card_values_and_is_a_device_on_the_table(self):
        """RR: REMOTES - a device with initiative, agility and hull; the RR errata sets the
        swarm's agility to 1. It is on the table as a device, not a ship."""
        sc, swarm = swarm_scene()
        game = sc.game()
        remote = game.state.ships[swarm]
        assert (remote.initiative, remote.agility, remote.hull) == (0, 1, 1)
        assert remote.remote and remote.owner == 0 and remote.cost == 0
        table = game.state.table()
        assert swarm in {d.id for d in table.devices}
        assert swarm not in {s.id for s in table.ships}

    def test_a_ship_moves_through_a_remote_without_bumping(self):
        """RR: REMOTES - ships can move through and overlap remotes: a TIE flying a 3
        straight through a friendly swarm executes it fully (no partial maneuver) and the
        move reports the swarm as met."""
        sc, _ = swarm_scene(swarm_player=1)
        game = fly(sc, "p2.1", "3FW")
        moves = [e for e in game.log if e["kind"] == "move"]
        assert moves[-1]["full"] is True
        assert game.state.ships["p2.1"].pose.y == pytest.approx(360.0)

    def test_a_ship_can_end_on_a_remote(self):
        """RR: REMOTES - a ship may overlap a remote: a 2 straight ending on a friendly
        swarm is fully executed and the ship's action step is not skipped (a remote is not
        an obstacle)."""
        sc, _ = swarm_scene(swarm_player=1, enemy_at=(400.0, 540.0, 180.0))
        game = fly(sc, "p2.1", "2FW")
        ship = game.state.ships["p2.1"]
        assert [e for e in game.log if e["kind"] == "move"][-1]["full"] is True
        assert ship.pose.y == pytest.approx(420.0)
        assert range_between(ship.body, game.state.ships["r2.1"].body) == 0
        assert not ship.skip_action
        assert swarm_pose(game, "r2.1") == Pose(400.0, 400.0, 0.0)  # a friend: it stays

    def test_a_remote_gets_no_dial_and_does_not_activate(self):
        """RR: USING REMOTES - the swarm has no dial (Planning Phase) and nothing to do in
        the Activation Phase."""
        sc, swarm = swarm_scene()
        game = sc.game()
        asked = []
        while game.state.phase in ("planning", "system", "activation"):
            d = game.decision
            asked.append(d.ship)
            game.answer(d.options[0].key)
        assert swarm not in asked
        assert not game.state.ships[swarm].activated

    def test_a_remote_gets_no_tokens_but_can_be_locked(self):
        """RR: USING REMOTES - a remote can be assigned no tokens except locks."""
        sc, swarm = swarm_scene(enemy_at=(400.0, 600.0, 180.0))
        game = sc.game()
        remote = game.state.ships[swarm]
        assert gain_token(game, remote, Token.JAM) == 0
        assert gain_token(game, remote, Token.STRESS) == 0
        assert not remote.tokens
        tie = game.state.ships["p2.1"]
        assert swarm in lock_targets(game, tie)
        assert acquire_lock(game, tie, swarm) and tie.locks == [swarm]

    def test_jam_and_ship_ranges_leave_remotes_out(self):
        """RR: ATTACKING REMOTES - "enemy ship" and "friendly ship" effects don't apply to
        a remote outside an attack: the jam action (an enemy ship at range 1) can't pick
        the swarm, and the card helper for ships in range doesn't list it."""
        sc, swarm = swarm_scene(enemy_at=(400.0, 520.0, 180.0))
        game = sc.game()
        tie = game.state.ships["p2.1"]
        assert game.state.range(tie, game.state.ships[swarm]) == 1
        assert swarm not in [s.id for s in jam_targets(game, tie)]
        assert swarm not in [s.id for s in ships_in_range(game, tie, 0, 3)]


# ----------------------------------------------------------- the swarm relocates
class TestSwarmRelocation:
    def test_an_enemy_moving_through_makes_the_controller_choose_the_guides(self):
        """Appendix, Buzz Droid Swarm: after an enemy ship moves through it, its
        controlling player (player 1, not the mover's) relocates it to the ship's front or
        rear guides; placed at the front it touches the ship (range 0) and faces away."""
        sc, swarm = swarm_scene()
        game = fly(sc, "p2.1", "3FW")
        d = game.decision
        assert (d.kind, d.player) == ("relocate_remote", 0)
        assert set(d.option_keys()) == {"front", "rear"}
        game.answer("front")
        tie = game.state.ships["p2.1"]
        assert swarm_pose(game) == Pose(400.0, 340.0, 180.0)
        assert range_between(tie.body, game.state.ships[swarm].body) == 0

    def test_rear_guides(self):
        """The same, aligned to the rear guides: it sits behind the ship, facing away."""
        sc, _ = swarm_scene()
        game = fly(sc, "p2.1", "3FW")
        game.answer("rear")
        assert swarm_pose(game) == Pose(400.0, 380.0, 0.0)

    def test_an_enemy_ending_on_the_swarm_relocates_it(self):
        """Appendix: after an enemy ship overlaps it (ends its move on it)."""
        sc, _ = swarm_scene(enemy_at=(400.0, 540.0, 180.0))
        game = fly(sc, "p2.1", "2FW")
        assert game.decision.kind == "relocate_remote"
        game.answer("rear")
        tie = game.state.ships["p2.1"]
        assert swarm_pose(game).y == pytest.approx(tie.pose.y + 20.0)

    def test_a_friendly_ship_does_not_move_it(self):
        """Appendix: only an enemy ship's move relocates it."""
        sc, _ = swarm_scene(swarm_player=1)
        game = fly(sc, "p2.1", "3FW")
        assert game.decision is None
        assert swarm_pose(game, "r2.1") == Pose(400.0, 400.0, 0.0)

    def test_a_blocked_set_of_guides_leaves_the_other(self):
        """Appendix: the swarm can't be aligned where it would overlap an object; then it
        must go to the other set (no choice is asked). An asteroid ahead of the TIE's
        final position blocks its front guides."""
        sc, _ = swarm_scene()
        sc.obstacle("core2asteroid3", 400.0, 305.0)
        game = fly(sc, "p2.1", "3FW")
        assert game.decision is None
        assert swarm_pose(game) == Pose(400.0, 380.0, 0.0)

    def test_both_sets_blocked_damages_both(self):
        """Appendix: if neither set works, the swarm and the ship each suffer 1 critical
        damage: the swarm (hull 1) is destroyed and leaves the play area; its facedown card
        goes back into its player's deck; the TIE gets a faceup card. The front guides are
        blocked by an asteroid, the rear ones by the TIE's own swarm, which it flew
        through (a friendly swarm does nothing)."""
        sc, swarm = swarm_scene()
        sc.obstacle("core2asteroid3", 400.0, 305.0)
        sc.remote(DISCORD, player=1, at=(400.0, 384.0, 0.0))
        game = sc.game()
        deck = len(game.state.players[0].deck)
        stack_deck(game, 1, ["loosestabilizer"])
        start_at(game, ExecuteManeuver("p2.1", "3FW"), phase="activation")
        answer_all(game)
        remote, tie = game.state.ships[swarm], game.state.ships["p2.1"]
        assert remote.destroyed and remote.removed and not remote.damage
        assert len(game.state.players[0].deck) == deck
        assert [d.faceup for d in tie.damage] == [True]
        assert swarm not in {d.id for d in game.state.table().devices}

    def test_the_swarm_relocated_off_the_table_flees(self):
        """RR: RELOCATING REMOTES - a remote relocated with any part outside the play area
        flees: a TIE at the edge, the swarm sent to its front guides (over the edge)."""
        sc, swarm = swarm_scene(swarm_at=(400.0, 125.0, 0.0), enemy_at=(400.0, 230.0, 180.0))
        game = fly(sc, "p2.1", "4FW")
        d = game.decision
        front = next(o for o in d.options if o.key == "front")
        assert "flees" in front.label
        game.answer("front")
        remote = game.state.ships[swarm]
        assert remote.removed and not remote.destroyed

    def test_a_barrel_roll_over_the_swarm_moves_it(self):
        """RR: MOVE - a barrel roll is a move with a template: rolling over the swarm
        meets it and relocates it."""
        sc, _ = swarm_scene(swarm_at=(470.0, 380.0, 0.0), enemy_at=(400.0, 400.0, 180.0))
        game = sc.at(PerformAction("p2.1"), phase="activation")
        game.answer("barrel_roll")
        game.answer("left")  # the TIE faces -y: its left is +x
        if game.decision.kind == "barrel_roll_position":
            game.answer("middle")
        assert game.decision.kind == "relocate_remote"

    def test_starting_on_the_swarm_and_moving_off_does_not_count(self):
        """Ruling (as for obstacles): a ship that overlaps the swarm before it moves doesn't
        meet it by moving off it (the swarm stuck under a ship stays)."""
        sc, _ = swarm_scene(swarm_at=(400.0, 480.0, 180.0), enemy_at=(400.0, 470.0, 180.0))
        game = fly(sc, "p2.1", "2FW")
        assert game.decision is None
        assert swarm_pose(game) == Pose(400.0, 480.0, 180.0)


# -------------------------------------------------------------- the swarm engages
class TestSwarmEngagement:
    def test_each_enemy_ship_at_range_0_suffers_1_critical_damage(self):
        """Appendix: when the swarm engages, each enemy ship at range 0 suffers 1 critical
        damage; a friendly ship at range 0 and an enemy at range 1 don't."""
        sc = Scene()
        sc.remote(DISCORD, at=(400, 400, 0))  # tab y 400-404; disk centre (400, 424), r 20
        sc.ship("academypilot", at=(440, 424, 0))              # p1.1: friendly, touching
        sc.ship("academypilot", player=1, at=(400, 380, 0))    # p2.1: touching the tab
        sc.ship("academypilot", player=1, at=(520, 420, 0))    # p2.2: range 1
        sc.ship("academypilot", player=1, at=(400, 430, 0))    # p2.3: on the disk
        game = sc.game()
        assert game.state.range(game.state.ships["r1.1"], game.state.ships["p1.1"]) == 0
        ships = game.state.ships
        assert game.state.range(ships["r1.1"], ships["p2.2"]) == 1
        stack_deck(game, 1, ["loosestabilizer", "loosestabilizer"])
        start_at(game, Engage("r1.1"))
        answer_all(game)
        ships = game.state.ships
        assert [len(ships[i].damage) for i in ("p1.1", "p2.1", "p2.2", "p2.3")] == \
            [0, 1, 0, 1]
        assert ships["p2.1"].damage[0].faceup

    def test_the_swarm_engages_at_initiative_0(self):
        """RR: USING REMOTES - it engages at its initiative: after the initiative 1 TIEs."""
        sc = Scene()
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=1, at=(400, 380, 0))
        sc.remote(DISCORD, at=(400, 400, 0))
        game = sc.game()
        stack_deck(game, 1, ["loosestabilizer"])
        start_at(game, StartEngagement(), Sweep("engagement"))
        answer_all(game, "none")
        engaged = [e["ship"] for e in game.log if e["kind"] == "engage"]
        assert engaged[-1] == "r1.1" and set(engaged[:-1]) == {"p1.1", "p2.1"}
        assert len(game.state.ships["p2.1"].damage) == 1


# -------------------------------------------------------------- attacking remotes
def attack_scene(attacker_at=(400.0, 250.0, 0.0), swarm_at=(400.0, 420.0, 180.0),
                 pilot="academypilot"):
    """Player 2's TIE attacks player 1's swarm, which faces it."""
    sc = Scene()
    sc.ship("academypilot", at=(100, 100, 0))
    sc.ship(pilot, player=1, at=attacker_at)
    sc.remote(DISCORD, player=0, at=swarm_at)
    return sc


class TestAttackingRemotes:
    def test_an_enemy_remote_in_arc_and_range_is_a_valid_target(self):
        """RR: ATTACKING REMOTES - a remote can be declared as the defender; a friendly one
        can't (the defender is an enemy)."""
        sc = attack_scene()
        game = sc.at(Engage("p2.1"))
        targets = {(o.info["defender"], o.info.get("weapon")) for o in game.decision.options
                   if "defender" in (o.info or {})}
        assert ("r1.1", "primary:front") in targets
        game = sc.at(Engage("p1.1"))
        assert all(t.defender != "r1.1" for t in
                   valid_targets(game, game.state.ships["p1.1"]))

    def test_range_bonus_and_obstruction_apply(self):
        """RR: ATTACKING REMOTES - range bonuses apply and the attack can be obstructed:
        at range 3 through a debris cloud the swarm rolls agility 1 + 1 + 1 = 3 dice."""
        sc = attack_scene(attacker_at=(400.0, 150.0, 0.0), swarm_at=(400.0, 440.0, 180.0))
        sc.obstacle("core2debris2", 400.0, 300.0)
        game = sc.at(Engage("p2.1"))
        load_dice(game, ["blank", "blank"], ["blank", "blank", "blank"])
        declare(game, "p2.1", "r1.1")
        answer_all(game, "done")
        rolls = [e["text"] for e in game.log if e["kind"] == "dice"]
        assert rolls[-1].startswith("Buzz Droid Swarm rolls")
        assert len(rolls[-1].split(" rolls ")[1].split(", ")) == 3

    def test_damage_destroys_it_and_its_card_goes_back_into_the_deck(self):
        """RR: DAMAGING REMOTES - a hit deals a facedown card (a crit too); at hull 1 it is
        destroyed, removed from the play area at once (the attack was not at its
        initiative) and its card is shuffled back into its player's deck; it scores
        nothing."""
        sc = attack_scene()
        game = sc.at(Engage("p2.1"))
        deck = len(game.state.players[0].deck)
        points = [p.mission_points for p in game.state.players]
        load_dice(game, ["crit", "blank"], ["blank"])
        declare(game, "p2.1", "r1.1")
        answer_all(game, "done")
        remote = game.state.ships["r1.1"]
        assert remote.destroyed and remote.removed and not remote.damage
        assert len(game.state.players[0].deck) == deck
        assert [p.mission_points for p in game.state.players] == points
        dealt = [e for e in game.log if e["kind"] == "damage" and e.get("ship") == "r1.1"]
        assert not any("faceup" in e["text"] for e in dealt)
        assert "r1.1" not in {d.id for d in game.state.table().devices}

    def test_a_lock_on_it_breaks_when_it_is_removed(self):
        """RR: REMOVED FROM THE GAME / RR: LOCK - the attacker's lock on the destroyed swarm
        breaks with it."""
        sc = attack_scene()
        game = sc.at(Engage("p2.1"))
        game.state.ships["p2.1"].locks = ["r1.1"]
        load_dice(game, ["hit", "hit"], ["blank"])
        declare(game, "p2.1", "r1.1")
        answer_all(game, "done")
        assert game.state.ships["p2.1"].locks == []

    def test_an_initiative_0_attacker_and_simultaneous_fire(self):
        """RR: DAMAGING REMOTES, RR: SIMULTANEOUS FIRE - destroyed by an attack at its own
        initiative (0: the TIE's initiative is set to 0 for the round), the swarm stays
        until all units of initiative 0 have engaged: it still engages, the TIE touching it
        suffers 1 critical damage, and only then is it removed."""
        sc = Scene(first_player=1)
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=1, at=(400, 380, 0), round_initiative=0)
        sc.remote(DISCORD, player=0, at=(400, 400, 0))
        game = sc.at(StartEngagement(), Sweep("engagement"))
        stack_deck(game, 1, ["loosestabilizer"])
        load_dice(game, ["hit", "hit", "hit"], [])
        while game.decision is not None:
            d = game.decision
            if d.kind == "declare_attack" and d.ship == "p2.1":
                declare(game, "p2.1", "r1.1")
            elif d.kind == "declare_attack":
                game.answer("none")
            else:
                game.answer(d.options[-1].key if "done" not in d.option_keys()
                            else "done")
        remote, tie = game.state.ships["r1.1"], game.state.ships["p2.1"]
        assert remote.destroyed and remote.removed
        assert remote.engaged
        assert len(tie.damage) == 1


# ------------------------------------------------- ship effects and remotes
def finish_attack(game):
    while game.decision is not None and game.decision.kind.startswith(("modify_", "cancel_")):
        game.answer("done")


class TestShipEffectsAndRemotes:
    def test_a_friendly_ship_card_does_not_protect_a_remote(self):
        """RR: ATTACKING REMOTES - "friendly ship" effects don't apply to a remote: Biggs
        Darklighter, who may take a hit for a friendly ship at range 0-1 that defends, is
        not offered the choice when his player's swarm beside him is attacked (he is for
        a friendly ship in the same place: tests/cards/test_t65xwing.py)."""
        sc = Scene()
        sc.ship("biggsdarklighter", at=(460, 300, 0))
        tie = sc.ship("academypilot", player=1, at=(420, 500, 180))
        swarm = sc.remote(DISCORD, player=0, at=(400, 280, 0))
        game = sc.attack(tie, swarm, dice=["hit", "crit"], defense=["blank"])
        kinds = []
        while game.decision is not None:
            kinds.append(game.decision.kind)
            game.answer("done" if "done" in game.decision.option_keys()
                        else game.decision.options[-1].key)
        assert "use_ability" not in kinds
        assert game.state.ships[swarm].destroyed

    def test_no_ship_is_outside_the_arcs_of_a_remote(self):
        """RR: FAQ (remotes with no arcs): Outmaneuver's "not in the defender's firing arc"
        can't be met against the swarm: it rolls its agility 1 + the range 3 bonus = 2 dice,
        while a TIE facing away in the same place rolls 3 + 1 - 1 = 3."""
        for defender, expected in (("swarm", 2), ("tie", 3)):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["outmaneuver"])
            if defender == "swarm":
                target = sc.remote(DISCORD, player=1, at=(400, 540, 0))
                sc.ship("academypilot", player=1, at=(800, 800, 0))
            else:
                target = sc.ship("academypilot", player=1, at=(400, 560, 0))
            game = sc.attack(a, target, dice=["blank"] * 3, defense=["blank"] * 3)
            finish_attack(game)
            rolls = [e["text"] for e in game.log if e["kind"] == "dice"]
            assert len(rolls[-1].split(" rolls ")[1].split(", ")) == expected, defender

    def test_a_bonus_attack_against_a_different_target_may_pick_a_remote(self):
        """RR: ATTACKING REMOTES - a remote can be declared as the defender, so Cluster
        Missiles' "a different target at range 0-1 of the defender" offers the enemy
        swarm beside the TIE."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["clustermissiles"],
                        locks=["p2.1"])
        tie = sc.ship("academypilot", player=1, at=(400, 490, 180))
        swarm = sc.remote(DISCORD, player=1, at=(460, 470, 0))
        game = sc.attack(xwing, tie, dice=["blank"] * 3, defense=["blank"] * 3,
                         weapon="clustermissiles")
        finish_attack(game)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        offered = {o.info["defender"] for o in game.decision.options
                   if "defender" in (o.info or {})}
        assert offered == {swarm}

    def test_effects_on_each_ship_near_the_defender_skip_remotes(self):
        """The ships near a defender that Concussion and Diamond-Boron Missiles affect
        ("each ship at range 0-1 of the defender") leave the swarm beside it out; only
        "targets" (Cluster Missiles, Saturation Rockets) include remotes."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["concussionmissiles"], locks=["p2.1"])
        tie = sc.ship("academypilot", player=1, at=(400, 520, 180))
        swarm = sc.remote(DISCORD, player=1, at=(460, 500, 0))
        game = sc.attack(xwing, tie, dice=["hit", "blank", "blank"], defense=["blank"] * 3,
                         weapon="concussionmissiles")
        from tallon.cards.upgrades.ordnance import ships_near

        near = {s.id for s in ships_near(game, game.state.ships[tie], 0, 1)}
        assert swarm not in near and tie in near
        assert swarm in {s.id for s in ships_near(game, game.state.ships[tie], 0, 1,
                                                  remotes=True)}


# ----------------------------------------------------------------- the game's end
class TestGameEnd:
    def test_a_player_with_only_remotes_has_no_ships(self):
        """RR: GAME LENGTH AND TRACKING ROUNDS - a player whose ships are all destroyed loses,
        remotes or not; the winner's remotes score nothing."""
        sc = Scene()
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=1, at=(600, 800, 180))
        sc.remote(DISCORD, player=1, at=(400, 400, 0))
        game = sc.game()
        game.state.ships["p2.1"].removed = True
        start_at(game, CheckEnd(), phase="end")
        assert game.state.over and game.state.winner == 0


# ------------------------------------------------------------------ view, snapshot
class TestViewAndSnapshot:
    def test_both_players_see_remotes_apart_from_ships(self):
        """Architecture principle 5: remotes are open information, listed apart from the
        ships with their pose, hull and facedown damage."""
        sc, swarm = swarm_scene()
        game = sc.game()
        for player in (0, 1):
            view = game.view(player)
            assert swarm not in {s["id"] for s in view["ships"]}
            (remote,) = view["remotes"]
            assert remote["id"] == swarm and remote["owner"] == 0
            assert remote["remote"] == "buzzdroidswarm" and remote["hull"] == 1
            assert remote["pose"] == {"x": 400.0, "y": 400.0, "heading": 0.0}

    def test_the_snapshot_holds_remotes_and_a_clone_is_independent(self):
        """The state hash changes when a remote moves; a clone's remote is its own."""
        sc, swarm = swarm_scene()
        game = sc.game()
        assert game.snapshot()["remotes"][0]["id"] == swarm
        copy = game.clone()
        before = game.state_hash()
        copy.state.set_pose(copy.state.ships[swarm], Pose(300, 300, 0))
        assert game.state_hash() == before != copy.state_hash()
        assert swarm_pose(game) == Pose(400.0, 400.0, 0.0)
