"""RR: REMOTES - remotes are devices with initiative, agility and hull that ships move
through and overlap without bumping (RR: OBJECTS); attacking, damaging, using and
relocating them (RR: ATTACKING REMOTES, RR: DAMAGING REMOTES, RR: USING REMOTES,
RR: RELOCATING REMOTES); and the buzz droid swarm of RR: APPENDIX: EXAMPLES (relocated to
a ship's guides, damaging ships at range 0 when it engages).

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
from tallon.geometry import Pose, Table, range_between
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.conftest import ship

DISCORD = "discordmissiles"


def swarm_scene(swarm_at=(400.0, 400.0, 0.0), enemy_at=(400.0, 520.0, 180.0),
                swarm_player: int = 1, **extra):
    """Player 1 (p1.1 far away) controls the swarm r1.1; player 2's TIE p2.1 flies."""
    sc = Scene()
    sc.ship("academypilot", at=(100, 100, 0))
    sc.ship("academypilot", player=2, at=enemy_at, **extra)
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
    """RR: REMOTES, RR: USING REMOTES - a remote is a device, not a ship: ships move through
    and overlap it, it has no dial and takes no tokens but locks."""
    def test_the_swarm_has_its_card_values_and_is_a_device_on_the_table(self):
        """A swarm of player 1's on the table. RR: REMOTES - a device with initiative,
        agility and hull; the RR errata sets the swarm's agility to 1. It has initiative 0,
        agility 1, hull 1, belongs to player 1, costs nothing, and is on the table as a
        device, not a ship."""
        sc, swarm = swarm_scene()
        game = sc.game()
        remote = game.state.ships[swarm]
        assert (remote.initiative, remote.agility, remote.hull) == (0, 1, 1)
        assert remote.remote and remote.owner == 1 and remote.cost == 0
        table = game.state.table()
        assert swarm in {d.id for d in table.devices}
        assert swarm not in {s.id for s in table.ships}

    def test_a_ship_moves_through_a_remote_without_bumping(self):
        """A TIE flies a [3 straight] through a friendly swarm. RR: REMOTES - ships can move
        through and overlap remotes. It executes the maneuver fully (no partial maneuver)
        and ends 120 mm on."""
        sc, _ = swarm_scene(swarm_player=2)
        game = fly(sc, "p2.1", "3FW")
        moves = [e for e in game.log if e["kind"] == "move"]
        assert moves[-1]["full"] is True
        assert game.state.ships["p2.1"].pose.y == pytest.approx(360.0)

    def test_a_ship_can_end_on_a_remote(self):
        """A TIE's [2 straight] ends on a friendly swarm. RR: REMOTES - a ship may overlap a
        remote. It is fully executed, at range 0 of the swarm, and its action step is not
        skipped (a remote is not an obstacle); a friendly swarm stays where it was."""
        sc, _ = swarm_scene(swarm_player=2, enemy_at=(400.0, 540.0, 180.0))
        game = fly(sc, "p2.1", "2FW")
        ship = game.state.ships["p2.1"]
        assert [e for e in game.log if e["kind"] == "move"][-1]["full"] is True
        assert ship.pose.y == pytest.approx(420.0)
        assert range_between(ship.body, game.state.ships["r2.1"].body) == 0
        assert not ship.skip_action
        assert swarm_pose(game, "r2.1") == Pose(400.0, 400.0, 0.0)  # a friend: it stays

    def test_a_remote_gets_no_dial_and_does_not_activate(self):
        """A swarm through the Planning, System and Activation Phases. RR: USING REMOTES -
        the swarm has no dial and nothing to do in the Activation Phase. It is never asked
        anything and does not activate."""
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
        """A swarm is given a jam and a stress token, then an enemy TIE locks it.
        RR: USING REMOTES - a remote can be assigned no tokens except locks. It gains
        neither token; the TIE may lock it and does."""
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
        """An enemy swarm at range 1 of a TIE. RR: ATTACKING REMOTES - "enemy ship" and
        "friendly ship" effects don't apply to a remote outside an attack. The jam action
        (an enemy ship at range 1) can't pick it, and the card helper for ships in range
        doesn't list it."""
        sc, swarm = swarm_scene(enemy_at=(400.0, 520.0, 180.0))
        game = sc.game()
        tie = game.state.ships["p2.1"]
        assert game.state.range(tie, game.state.ships[swarm]) == 1
        assert swarm not in [s.id for s in jam_targets(game, tie)]
        assert swarm not in [s.id for s in ships_in_range(game, tie, 0, 3)]


# ----------------------------------------------------------- the swarm relocates
@pytest.mark.parametrize("rear,y,heading", [(False, 420, 0), (True, 380, 180)])
def test_aligning_a_swarm_to_a_ships_guides_only_touches_that_ship(rear, y, heading):
    """A swarm aligned to a ship's front or rear guides. RR: APPENDIX: EXAMPLES (Buzz Droid
    Swarm) - the swarm's tab is aligned to the ship's front or rear guides, facing away from
    it. The ship is at range 0 of it but not overlapped, and it is inside the play area."""
    from tallon.geometry import align_to_guides, range_between

    table = Table(ships=(ship("a", 400, 400),))
    spot = align_to_guides(table, "a", "r1.1", "buzzdroidswarm", rear=rear)
    assert (spot.device.pose.y, spot.device.pose.heading) == pytest.approx((y, heading))
    assert spot.overlapped == () and not spot.outside_play_area
    assert spot.guides == ("rear" if rear else "front")
    assert range_between(table.ship("a"), spot.device) == 0


def test_aligning_a_swarm_reports_what_it_would_overlap(table_svg):
    """A ship 50 mm ahead of another's front guides, the other near the table's edge.
    RR: APPENDIX: EXAMPLES (Buzz Droid Swarm - the swarm cannot be aligned where it would
    overlap an object). Aligned to the front guides, the swarm would overlap the ship ahead;
    to the rear guides, it would stick out of the play area."""
    from tallon.geometry import align_to_guides

    table = table_svg(Table(ships=(ship("a", 400, 40), ship("b", 400, 110))))
    front = align_to_guides(table, "a", "r1.1", "buzzdroidswarm")
    rear = align_to_guides(table, "a", "r1.1", "buzzdroidswarm", rear=True)
    assert front.overlapped == ("b",)
    assert rear.outside_play_area and rear.overlapped == ()


class TestSwarmRelocation:
    """RR: APPENDIX: EXAMPLES (Buzz Droid Swarm: "After an enemy ship overlaps or moves
    through a buzz droid swarm, the swarm's controlling player relocates it by aligning the
    tab to that ship's front or rear guides"), RR: RELOCATING REMOTES."""
    def test_an_enemy_moving_through_makes_the_controller_choose_the_guides(self):
        """An enemy TIE flies a [3 straight] through player 1's swarm.
        RR: APPENDIX: EXAMPLES. Its controlling player (player 1, not the mover's) is asked
        for the front or rear guides; placed at the front it touches the ship (range 0) and
        faces away."""
        sc, swarm = swarm_scene()
        game = fly(sc, "p2.1", "3FW")
        d = game.decision
        assert (d.kind, d.player) == ("relocate_remote", 1)
        assert set(d.option_keys()) == {"front", "rear"}
        game.answer("front")
        tie = game.state.ships["p2.1"]
        assert swarm_pose(game) == Pose(400.0, 340.0, 180.0)
        assert range_between(tie.body, game.state.ships[swarm].body) == 0

    def test_rear_guides(self):
        """The same, player 1 choosing the rear guides. RR: APPENDIX: EXAMPLES. The swarm
        sits behind the ship, facing away."""
        sc, _ = swarm_scene()
        game = fly(sc, "p2.1", "3FW")
        game.answer("rear")
        assert swarm_pose(game) == Pose(400.0, 380.0, 0.0)

    def test_an_enemy_ending_on_the_swarm_relocates_it(self):
        """An enemy TIE's [2 straight] ends on the swarm. RR: APPENDIX: EXAMPLES - after an
        enemy ship overlaps it. The relocation is asked; at the rear guides it lies 20 mm
        behind the TIE's centre."""
        sc, _ = swarm_scene(enemy_at=(400.0, 540.0, 180.0))
        game = fly(sc, "p2.1", "2FW")
        assert game.decision.kind == "relocate_remote"
        game.answer("rear")
        tie = game.state.ships["p2.1"]
        assert swarm_pose(game).y == pytest.approx(tie.pose.y + 20.0)

    def test_a_friendly_ship_does_not_move_it(self):
        """A TIE flies through its own player's swarm. RR: APPENDIX: EXAMPLES - only an
        enemy ship's move relocates it. Nothing is asked and the swarm stays."""
        sc, _ = swarm_scene(swarm_player=2)
        game = fly(sc, "p2.1", "3FW")
        assert game.decision is None
        assert swarm_pose(game, "r2.1") == Pose(400.0, 400.0, 0.0)

    def test_a_blocked_set_of_guides_leaves_the_other(self):
        """An asteroid ahead of the TIE's final position blocks its front guides.
        RR: APPENDIX: EXAMPLES - the swarm can't be aligned where it would overlap an
        object; then it must go to the other set. No choice is asked; it goes to the rear
        guides."""
        sc, _ = swarm_scene()
        sc.obstacle("core2asteroid3", 400.0, 305.0)
        game = fly(sc, "p2.1", "3FW")
        assert game.decision is None
        assert swarm_pose(game) == Pose(400.0, 380.0, 0.0)

    def test_both_sets_blocked_damages_both(self):
        """The front guides are blocked by an asteroid, the rear ones by the TIE's own
        swarm, which it flew through (a friendly swarm does nothing). RR: APPENDIX: EXAMPLES
        - if neither set works, the swarm and the ship each suffer 1 critical damage;
        RR: DAMAGING REMOTES. The swarm (hull 1) is destroyed and leaves the play area, its
        facedown card back in its player's deck; the TIE gets a faceup card."""
        sc, swarm = swarm_scene()
        sc.obstacle("core2asteroid3", 400.0, 305.0)
        sc.remote(DISCORD, player=2, at=(400.0, 384.0, 0.0))
        game = sc.game()
        deck = len(game.state.players[0].deck)
        stack_deck(game, 2, ["loosestabilizer"])
        start_at(game, ExecuteManeuver("p2.1", "3FW"), phase="activation")
        answer_all(game)
        remote, tie = game.state.ships[swarm], game.state.ships["p2.1"]
        assert remote.destroyed and remote.removed and not remote.damage
        assert len(game.state.players[0].deck) == deck
        assert [d.faceup for d in tie.damage] == [True]
        assert swarm not in {d.id for d in game.state.table().devices}

    def test_the_swarm_relocated_off_the_table_flees(self):
        """A TIE near the near edge, the swarm sent to its front guides, over the edge.
        RR: RELOCATING REMOTES - a remote relocated with any part outside the play area
        flees. The option says so; the swarm is removed, not destroyed."""
        sc, swarm = swarm_scene(swarm_at=(400.0, 125.0, 0.0), enemy_at=(400.0, 230.0, 180.0))
        game = fly(sc, "p2.1", "4FW")
        d = game.decision
        front = next(o for o in d.options if o.key == "front")
        assert "flees" in front.label
        game.answer("front")
        remote = game.state.ships[swarm]
        assert remote.removed and not remote.destroyed

    def test_a_barrel_roll_over_the_swarm_moves_it(self):
        """A TIE barrel rolls over the swarm. RR: MOVE - a barrel roll is a move with a
        template; RR: APPENDIX: EXAMPLES. Rolling over the swarm meets it: the relocation is
        asked."""
        sc, _ = swarm_scene(swarm_at=(470.0, 380.0, 0.0), enemy_at=(400.0, 400.0, 180.0))
        game = sc.at(PerformAction("p2.1"), phase="activation")
        game.answer("barrel_roll")
        game.answer("left")  # the TIE faces -y: its left is +x
        if game.decision.kind == "barrel_roll_position":
            game.answer("middle")
        assert game.decision.kind == "relocate_remote"

    def test_starting_on_the_swarm_and_moving_off_does_not_count(self):
        """A TIE already over the swarm flies off it. RR: APPENDIX: EXAMPLES (ruling: as for
        obstacles, a ship that overlaps the swarm before it moves doesn't meet it by moving
        off it). Nothing is asked; the swarm stays."""
        sc, _ = swarm_scene(swarm_at=(400.0, 480.0, 180.0), enemy_at=(400.0, 470.0, 180.0))
        game = fly(sc, "p2.1", "2FW")
        assert game.decision is None
        assert swarm_pose(game) == Pose(400.0, 480.0, 180.0)


# -------------------------------------------------------------- the swarm engages
class TestSwarmEngagement:
    """RR: USING REMOTES, RR: APPENDIX: EXAMPLES (Buzz Droid Swarm: "When you engage, each
    enemy ship at range 0 of the buzz droid swarm suffers 1 critical damage")."""
    def test_each_enemy_ship_at_range_0_suffers_1_critical_damage(self):
        """The swarm engages with a friendly TIE touching it, an enemy touching its tab, an
        enemy on its disk and an enemy at range 1. RR: APPENDIX: EXAMPLES. Each enemy at
        range 0 suffers 1 critical damage (a faceup card); the friend and the enemy at range
        1 don't."""
        sc = Scene()
        sc.remote(DISCORD, at=(400, 400, 0))  # tab y 400-404; disk centre (400, 424), r 20
        sc.ship("academypilot", at=(440, 424, 0))              # p1.1: friendly, touching
        sc.ship("academypilot", player=2, at=(400, 380, 0))    # p2.1: touching the tab
        sc.ship("academypilot", player=2, at=(520, 420, 0))    # p2.2: range 1
        sc.ship("academypilot", player=2, at=(400, 430, 0))    # p2.3: on the disk
        game = sc.game()
        assert game.state.range(game.state.ships["r1.1"], game.state.ships["p1.1"]) == 0
        ships = game.state.ships
        assert game.state.range(ships["r1.1"], ships["p2.2"]) == 1
        stack_deck(game, 2, ["loosestabilizer", "loosestabilizer"])
        start_at(game, Engage("r1.1"))
        answer_all(game)
        ships = game.state.ships
        assert [len(ships[i].damage) for i in ("p1.1", "p2.1", "p2.2", "p2.3")] == \
            [0, 1, 0, 1]
        assert ships["p2.1"].damage[0].faceup

    def test_the_swarm_engages_at_initiative_0(self):
        """The Engagement Phase with two initiative 1 TIEs and the swarm. RR: USING REMOTES
        - it engages at its initiative. It engages last, after the TIEs, and damages the
        enemy touching it."""
        sc = Scene()
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=2, at=(400, 380, 0))
        sc.remote(DISCORD, at=(400, 400, 0))
        game = sc.game()
        stack_deck(game, 2, ["loosestabilizer"])
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
    sc.ship(pilot, player=2, at=attacker_at)
    sc.remote(DISCORD, player=1, at=swarm_at)
    return sc


class TestAttackingRemotes:
    """RR: ATTACKING REMOTES, RR: DAMAGING REMOTES - a remote can be declared as the
    defender; attacked, it is treated as a ship; damaged, it is dealt facedown cards and
    destroyed at its hull value. Player 2's TIE attacks player 1's swarm, which faces it."""
    def test_an_enemy_remote_in_arc_and_range_is_a_valid_target(self):
        """An enemy TIE with the swarm in its front arc, and player 1's own ship engaging.
        RR: ATTACKING REMOTES - a remote can be declared as the defender (an enemy one). The
        TIE is offered the swarm; player 1's ship is not."""
        sc = attack_scene()
        game = sc.at(Engage("p2.1"))
        targets = {(o.info["defender"], o.info.get("weapon")) for o in game.decision.options
                   if "defender" in (o.info or {})}
        assert ("r1.1", "primary:front") in targets
        game = sc.at(Engage("p1.1"))
        assert all(t.defender != "r1.1" for t in
                   valid_targets(game, game.state.ships["p1.1"]))

    def test_range_bonus_and_obstruction_apply(self):
        """The TIE attacks the swarm at range 3 through a debris cloud.
        RR: ATTACKING REMOTES - range bonuses apply and the attack can be obstructed. The
        swarm rolls agility 1 + 1 + 1 = 3 dice."""
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
        """The TIE rolls a crit against the swarm (hull 1). RR: DAMAGING REMOTES - a hit
        deals a facedown card (a crit too); at its hull value it is destroyed, removed from
        the play area at once (the attack was not at its initiative) and its card is
        shuffled back into its player's deck. No faceup card, the deck is whole again, no
        points are scored, and it is off the table."""
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
        """The TIE, with a lock on the swarm, destroys it. RR: REMOVED FROM THE GAME,
        RR: LOCK - the lock on the destroyed swarm breaks with it. The TIE has no lock."""
        sc = attack_scene()
        game = sc.at(Engage("p2.1"))
        game.state.ships["p2.1"].locks = ["r1.1"]
        load_dice(game, ["hit", "hit"], ["blank"])
        declare(game, "p2.1", "r1.1")
        answer_all(game, "done")
        assert game.state.ships["p2.1"].locks == []

    def test_an_initiative_0_attacker_and_simultaneous_fire(self):
        """A TIE whose initiative is 0 for the round destroys the swarm (initiative 0).
        RR: DAMAGING REMOTES, RR: SIMULTANEOUS FIRE - destroyed by an attack at its own
        initiative, the swarm stays until all units of initiative 0 have engaged. It still
        engages, the TIE touching it suffers 1 critical damage, and only then is it removed."""
        sc = Scene(first_player=2)
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=2, at=(400, 380, 0), round_initiative=0)
        sc.remote(DISCORD, player=1, at=(400, 400, 0))
        game = sc.at(StartEngagement(), Sweep("engagement"))
        stack_deck(game, 2, ["loosestabilizer"])
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
    """RR: ATTACKING REMOTES - card effects on "friendly ships", "enemy ships" and arcs, as
    they apply (or not) to remotes."""
    def test_a_friendly_ship_card_does_not_protect_a_remote(self):
        """Biggs Darklighter (may take a hit for a friendly ship at range 0-1 that defends)
        beside his player's swarm, which a TIE attacks. RR: ATTACKING REMOTES - "friendly
        ship" effects don't apply to a remote. He is not offered the choice, and the swarm
        is destroyed (he is offered it for a friendly ship in the same place:
        tests/cards/test_t65xwing.py)."""
        sc = Scene()
        sc.ship("biggsdarklighter", at=(460, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(420, 500, 180))
        swarm = sc.remote(DISCORD, player=1, at=(400, 280, 0))
        game = sc.attack(tie, swarm, dice=["hit", "crit"], defense=["blank"])
        kinds = []
        while game.decision is not None:
            kinds.append(game.decision.kind)
            game.answer("done" if "done" in game.decision.option_keys()
                        else game.decision.options[-1].key)
        assert "use_ability" not in kinds
        assert game.state.ships[swarm].destroyed

    def test_no_ship_is_outside_the_arcs_of_a_remote(self):
        """A T-65 with Outmaneuver ("not in the defender's firing arc": one fewer defense
        die) attacks a swarm at range 3, then a TIE facing away in the same place. RR: FAQ
        (remotes with no arcs), RR: ATTACKING REMOTES ("If a remote does not have any arcs,
        a ship cannot be in or outside of any of that remote's arcs"). The swarm rolls its
        agility 1 + the range bonus = 2; the TIE 3 + 1 - 1 = 3."""
        for defender, expected in (("swarm", 2), ("tie", 3)):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["outmaneuver"])
            if defender == "swarm":
                target = sc.remote(DISCORD, player=2, at=(400, 540, 0))
                sc.ship("academypilot", player=2, at=(800, 800, 0))
            else:
                target = sc.ship("academypilot", player=2, at=(400, 560, 0))
            game = sc.attack(a, target, dice=["blank"] * 3, defense=["blank"] * 3)
            finish_attack(game)
            rolls = [e["text"] for e in game.log if e["kind"] == "dice"]
            assert len(rolls[-1].split(" rolls ")[1].split(", ")) == expected, defender

    def test_a_bonus_attack_against_a_different_target_may_pick_a_remote(self):
        """A T-65 attacks a TIE with Cluster Missiles; an enemy swarm is beside the TIE.
        RR: ATTACKING REMOTES - a remote can be declared as the defender, so the missiles'
        "a different target at range 0-1 of the defender" offers the swarm, alone."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["clustermissiles"],
                        locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 490, 180))
        swarm = sc.remote(DISCORD, player=2, at=(460, 470, 0))
        game = sc.attack(xwing, tie, dice=["blank"] * 3, defense=["blank"] * 3,
                         weapon="clustermissiles")
        finish_attack(game)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        offered = {o.info["defender"] for o in game.decision.options
                   if "defender" in (o.info or {})}
        assert offered == {swarm}

    def test_effects_on_each_ship_near_the_defender_skip_remotes(self):
        """A T-65 attacks a TIE with Concussion Missiles; an enemy swarm is beside the TIE.
        RR: ATTACKING REMOTES ("friendly" or "enemy ships" effects). The ships near the
        defender that Concussion and Diamond-Boron Missiles affect ("each ship at range 0-1
        of the defender") leave the swarm out; only "targets" (Cluster Missiles, Saturation
        Rockets) include remotes."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["concussionmissiles"], locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
        swarm = sc.remote(DISCORD, player=2, at=(460, 500, 0))
        game = sc.attack(xwing, tie, dice=["hit", "blank", "blank"], defense=["blank"] * 3,
                         weapon="concussionmissiles")
        from tallon.cards.upgrades.ordnance import ships_near

        near = {s.id for s in ships_near(game, game.state.ships[tie], 0, 1)}
        assert swarm not in near and tie in near
        assert swarm in {s.id for s in ships_near(game, game.state.ships[tie], 0, 1,
                                                  remotes=True)}


# ----------------------------------------------------------------- the game's end
class TestGameEnd:
    """RR: GAME LENGTH AND TRACKING ROUNDS with remotes: only ships count."""
    def test_a_player_with_only_remotes_has_no_ships(self):
        """Player 2's only ship is removed; player 2 still has a swarm.
        RR: GAME LENGTH AND TRACKING ROUNDS - a player whose ships are all removed loses,
        remotes or not. At the end of the round the game is over, won by player 1."""
        sc = Scene()
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=2, at=(600, 800, 180))
        sc.remote(DISCORD, player=2, at=(400, 400, 0))
        game = sc.game()
        game.state.ships["p2.1"].removed = True
        start_at(game, CheckEnd(), phase="end")
        assert game.state.over and game.state.winner == 1


# ------------------------------------------------------------------ view, snapshot
class TestViewAndSnapshot:
    """RR: REMOTES - a remote is an object on the table, open to both players; the game's
    views and snapshots carry it (architecture principle 5: open information)."""
    def test_both_players_see_remotes_apart_from_ships(self):
        """A swarm on the table, seen by each player. RR: REMOTES (open information). Both
        views list it apart from the ships, with its owner, kind, hull and pose."""
        sc, swarm = swarm_scene()
        game = sc.game()
        for player in (1, 2):
            view = game.view(player)
            assert swarm not in {s["id"] for s in view["ships"]}
            (remote,) = view["remotes"]
            assert remote["id"] == swarm and remote["owner"] == 1
            assert remote["remote"] == "buzzdroidswarm" and remote["hull"] == 1
            assert remote["pose"] == {"x": 400.0, "y": 400.0, "heading": 0.0}

    def test_the_snapshot_holds_remotes_and_a_clone_is_independent(self):
        """A swarm in a snapshot, then moved in a clone. RR: REMOTES. The snapshot lists it;
        moving the clone's swarm changes the clone's state hash, not the game's, and the
        game's swarm stays put."""
        sc, swarm = swarm_scene()
        game = sc.game()
        assert game.snapshot()["remotes"][0]["id"] == swarm
        copy = game.clone()
        before = game.state_hash()
        copy.state.set_pose(copy.state.ships[swarm], Pose(300, 300, 0))
        assert game.state_hash() == before != copy.state_hash()
        assert swarm_pose(game) == Pose(400.0, 400.0, 0.0)


# --------------------------------------------------------- relocating with templates
class TestRelocatingForward:
    """RR: RELOCATING REMOTES - relocating a remote forward with a template: the template
    at its front guides, its rear guides at the far end (engine/devices.py
    relocation_pose), shown with a DRK-1 probe droid (guides at both ends, 36 mm deep)."""

    @staticmethod
    def droid(at=(400.0, 400.0, 0.0)):
        sc = Scene()
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=2, at=(700, 800, 180))
        droid = sc.remote("drk1probedroids", at=at)
        return sc.game(), droid

    def test_a_straight_moves_it_its_length_plus_the_template(self):
        """A [2 straight] from the droid's front guides: the rear guides land 36 + 80 mm
        ahead, facing the same way; the template laid from the rear guides instead moves
        it 80 mm back, facing back."""
        from tallon.engine.devices import relocation_pose

        game, droid = self.droid()
        remote = game.state.ships[droid]
        assert relocation_pose(remote, "2F") == Pose(400.0, 516.0, 0.0)
        back = relocation_pose(remote, "2F", rear=True)
        assert (back.x, back.y, back.heading) == pytest.approx((400.0, 320.0, 180.0))

    def test_a_bank_turns_it_45_degrees(self):
        """A [2 bank right] from the front guides: it ends turned 45 degrees right, to the
        right of and ahead of its front edge (the template's far end)."""
        from tallon.engine.devices import relocation_pose

        game, droid = self.droid()
        pose = relocation_pose(game.state.ships[droid], "2N")
        assert pose.heading == pytest.approx(45.0)
        assert pose.x > 400.0 and pose.y > 436.0


class TestPlacingARemoteByHand:
    """RR: REMOTES - a remote placed by an effect (not with a template) is an object in the
    play area (engine/devices.py place_remote), numbered after its controller's others."""

    def test_placed_remote_is_a_device_of_its_controller(self):
        """Player 2 places a sensor buoy at (300, 300): it is remote r2.1, a device on the
        table (not a ship) at that pose, logged; another is r2.2."""
        from tallon.engine.devices import place_remote

        sc = Scene()
        sc.ship("academypilot", at=(100, 100, 0))
        sc.ship("academypilot", player=2, at=(700, 800, 180))
        game = sc.game()
        buoy = place_remote(game, 2, "sensorbuoysuite", Pose(300, 300, 0), "Player 2")
        assert buoy.id == "r2.1" and buoy.owner == 2 and buoy.body.pose == Pose(300, 300, 0)
        assert buoy.id in {d.id for d in game.state.table().devices}
        assert buoy.id not in {s.id for s in game.state.table().ships}
        assert "places Sensor Buoy (r2.1)" in game.log[-1]["text"]
        assert place_remote(game, 2, "sensorbuoysuite", Pose(500, 300, 0), "P2").id == "r2.2"
