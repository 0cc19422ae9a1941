"""Remote cards (RR: REMOTES, RR: OBJECTS: REMOTES): the DRK-1 probe droid and the sensor
buoy. (The buzz droid swarm is tested with the general remote rules in
tests/rules/test_remotes.py.)

Scenes put the remote on the table directly (``Scene.remote``). A DRK-1 probe droid placed
at (x, y, h) has the edge of its rear guides at (x, y) and its 36 mm disk beyond, facing h,
with its front guides past the disk (front edge 36 mm ahead); a TIE placed at (x, y) has
its base centred there (40 mm square). The droid's controller's Firespray (Separatist
Racketeer, initiative 2) sits in a corner unless a test moves it."""

from __future__ import annotations

import pytest

from tallon.engine.action_bodies import JamAction, LockAction, jam_targets, lock_targets
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import SystemTurn
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import answer

DRK1 = "drk1probedroids"


def droid_scene(droid_at=(400.0, 400.0, 0.0), enemy_at=(400.0, 800.0, 180.0),
                ship_at=(100.0, 100.0, 0.0), droid_player: int = 1):
    """Player 1's Firespray p1.1 at ``ship_at``, player 2's TIE p2.1 at ``enemy_at``, a
    DRK-1 probe droid r<droid_player>.1 at ``droid_at``."""
    sc = Scene()
    sc.ship("separatistracketeer", at=ship_at)
    sc.ship("academypilot", player=2, at=enemy_at)
    droid = sc.remote(DRK1, player=droid_player, at=droid_at)
    return sc, droid


def droid_pose(game, droid="r1.1") -> Pose:
    return game.state.ships[droid].body.pose


def fly_onto(face: str, enemy_at=(400.0, 620.0, 180.0), code="2F", droid_player=1):
    """The TIE flies ``code`` towards a droid at (400, 500); the next die shows ``face``."""
    sc, droid = droid_scene(droid_at=(400.0, 500.0, 0.0), enemy_at=enemy_at,
                            droid_player=droid_player)
    game = sc.game()
    load_dice(game, [face])
    start_at(game, ExecuteManeuver("p2.1", code), phase="activation")
    return game, droid


def rolls(game) -> list[str]:
    return [e["text"] for e in game.log if e["kind"] == "roll"]


class TestDrk1ProbeDroid:
    # ------------------------------------------------------------ System Phase
    def test_relocates_with_a_2_straight_from_its_front_guides(self):
        """The droid's System Phase turn. DRK-1: at its initiative it may relocate with a
        [2 bank left], [2 straight] or [2 bank right] template from any set of its guides
        (RR: OBJECTS: REMOTES). Six relocations are offered, and "decline"; a [2 straight]
        from its front guides puts its rear guides 36 + 80 mm ahead."""
        sc, droid = droid_scene()
        game = sc.at(SystemTurn(droid), phase="system")
        assert set(game.decision.option_keys()) == {
            "front:2B", "front:2F", "front:2N", "rear:2B", "rear:2F", "rear:2N", "decline"}
        answer(game, "relocate_remote", "front:2F", droid)
        assert droid_pose(game) == Pose(400.0, 516.0, 0.0)

    def test_from_its_rear_guides_it_goes_the_other_way(self):
        """The [2 straight] laid from its rear guides: the droid ends 80 mm behind, facing
        back (ruling: its other guides at the template's far end)."""
        sc, droid = droid_scene()
        game = sc.at(SystemTurn(droid), phase="system")
        answer(game, "relocate_remote", "rear:2F", droid)
        pose = droid_pose(game)
        assert (pose.x, pose.y, pose.heading) == pytest.approx((400.0, 320.0, 180.0))

    def test_declining_it_stays(self):
        """Declined, the droid stays where it was (the card's "may")."""
        sc, droid = droid_scene()
        game = sc.at(SystemTurn(droid), phase="system")
        answer(game, "relocate_remote", "decline", droid)
        assert droid_pose(game) == Pose(400.0, 400.0, 0.0)

    def test_only_on_its_own_system_phase_turn(self):
        """The Firespray's own System Phase turn: the droid's ability is not offered then
        (it relocates at its own initiative only): nothing is asked."""
        sc, _ = droid_scene()
        game = sc.at(SystemTurn("p1.1"), phase="system")
        assert game.decision is None

    def test_it_may_land_on_a_ship_and_no_die_is_rolled(self):
        """An enemy TIE centred at (400, 540): the [2 straight] puts the droid under it.
        RR: OBJECTS: REMOTES - it may be placed overlapping an object. It lands there, and
        no die is rolled: the TIE executed no maneuver."""
        sc, droid = droid_scene(droid_at=(400.0, 400.0, 0.0), enemy_at=(400.0, 540.0, 180.0))
        game = sc.at(SystemTurn(droid), phase="system")
        assert "front:2F" in game.decision.option_keys()
        answer(game, "relocate_remote", "front:2F", droid)
        assert droid_pose(game) == Pose(400.0, 516.0, 0.0)
        assert rolls(game) == [] and game.decision is None

    def test_relocated_off_the_table_it_flees(self):
        """The droid near the far edge: the [2 straight] is offered, labelled as fleeing;
        relocated partly outside the play area, it flees (RR: RELOCATING REMOTES)."""
        sc, droid = droid_scene(droid_at=(400.0, 820.0, 0.0), enemy_at=(100.0, 800.0, 180.0))
        game = sc.at(SystemTurn(droid), phase="system")
        labels = {o.key: o.label for o in game.decision.options}
        assert "flees" in labels["front:2F"] and "flees" not in labels["rear:2F"]
        answer(game, "relocate_remote", "front:2F", droid)
        assert game.state.ships[droid].removed

    # -------------------------------------------------- an enemy overlapping it
    def test_an_enemy_ending_on_it_rolls_a_focus_and_destroys_it(self):
        """A TIE's [2 straight] ends on the droid and its die shows a focus. DRK-1: after
        an enemy ship overlaps it, that ship rolls 1 attack die; on a focus result the droid
        suffers 1 hit damage. Hull 1: the droid is destroyed and removed."""
        game, droid = fly_onto("focus")
        assert rolls(game) == ["Academy Pilot (p2.1) rolls focus for drk1probedroid"]
        assert game.state.ships[droid].removed

    def test_any_other_result_leaves_it(self):
        """The same, the die showing a hit: the droid suffers nothing."""
        game, droid = fly_onto("hit")
        assert len(rolls(game)) == 1
        assert not game.state.ships[droid].removed and not game.state.ships[droid].damage

    def test_a_friendly_ship_ending_on_it_rolls_nothing(self):
        """The droid is player 2's own: its TIE ends on it and rolls no die (only enemy
        ships do); the droid stays."""
        game, droid = fly_onto("focus", droid_player=2)
        assert rolls(game) == [] and not game.state.ships[droid].removed

    def test_moving_through_without_ending_on_it_rolls_nothing(self):
        """The TIE's [4 straight] passes over the droid and ends beyond it: only
        overlapping it counts ("after an enemy ship overlaps you"), so no die is
        rolled."""
        game, droid = fly_onto("focus", enemy_at=(400.0, 640.0, 180.0), code="4F")
        assert game.state.ships["p2.1"].pose.y == pytest.approx(440.0)  # beyond it
        assert rolls(game) == [] and not game.state.ships[droid].removed

    # ---------------------------------------------------------- locks and jams
    def test_a_friendly_ship_may_lock_measuring_from_it(self):
        """The Firespray at (400, 100) is beyond range 3 of the TIE at (400, 800), which is
        at range 3 of the droid at (400, 500). DRK-1: a friendly ship locking may measure
        range from it. The lock action offers the TIE and locks it; with the droid
        elsewhere the action fails."""
        sc, _ = droid_scene(droid_at=(400.0, 500.0, 0.0), ship_at=(400.0, 100.0, 0.0))
        game = sc.at(LockAction("p1.1", during_activation=True), phase="activation")
        assert "p2.1" in game.decision.option_keys()
        answer(game, "lock_target", "p2.1", "p1.1")
        assert game.state.ships["p1.1"].locks == ["p2.1"]

        sc, _ = droid_scene(droid_at=(100.0, 400.0, 0.0), ship_at=(400.0, 100.0, 0.0))
        game = sc.at(LockAction("p1.1", during_activation=True), phase="activation")
        assert game.decision is None and game.state.ships["p1.1"].locks == []

    def test_an_enemy_droid_lends_no_range(self):
        """The same scene, the droid being player 2's: the Firespray can't measure from an
        enemy droid, so the TIE is not among its lock targets."""
        sc, _ = droid_scene(droid_at=(400.0, 500.0, 0.0), ship_at=(400.0, 100.0, 0.0),
                            droid_player=2)
        game = sc.game()
        assert "p2.1" not in lock_targets(game, game.state.ships["p1.1"])

    def test_a_friendly_ship_may_jam_an_enemy_at_range_1_of_it(self):
        """The TIE at range 1 of the droid, far from the Firespray: the jam action may
        choose it (ruling: from the droid, which has no arcs, only range 1); moved to range
        2 of the droid it may not."""
        sc, _ = droid_scene(droid_at=(400.0, 500.0, 0.0), enemy_at=(400.0, 600.0, 180.0),
                            ship_at=(400.0, 100.0, 0.0))
        game = sc.at(JamAction("p1.1", during_activation=True), phase="activation")
        answer(game, "jam_target", "p2.1", "p1.1")
        assert game.state.ships["p2.1"].tokens

        sc, _ = droid_scene(droid_at=(400.0, 500.0, 0.0), enemy_at=(400.0, 680.0, 180.0),
                            ship_at=(400.0, 100.0, 0.0))
        game = sc.game()
        assert jam_targets(game, game.state.ships["p1.1"]) == []


class TestSensorBuoy:
    def test_a_buoy_is_a_remote_with_its_card_values(self):
        """A sensor buoy put on the table. RR: OBJECTS: REMOTES (Sensor Buoy) - a remote
        with no rules of its own: initiative 0, agility 3, hull 2 from its card; a device on
        the table, not a ship; nothing happens in its System Phase turn (it has none)."""
        sc = Scene()
        sc.ship("redsquadronveteran", at=(100, 100, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        buoy = sc.remote("sensorbuoysuite", at=(400, 400, 0))
        game = sc.game()
        remote = game.state.ships[buoy]
        assert (remote.initiative, remote.agility, remote.hull) == (0, 3, 2)
        assert remote.remote and buoy in {d.id for d in game.state.table().devices}
        start_at(game, SystemTurn(buoy), phase="system")
        assert game.decision is None and remote.body.pose == Pose(400, 400, 0)
