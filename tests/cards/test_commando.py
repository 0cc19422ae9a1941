"""The commando crew cards, their Commando Team remote and Drop-Seat Bay
(src/tallon/cards/upgrades/commando.py; RR: OBJECTS: REMOTES - Commando Team, RR: REMOTES,
RR: DEVICE, RR: STRAIN).

Geometry: a Gauntlet Fighter (large base, 80 mm square) placed at (x, y, h) has its base
centred there; a TIE (small base, 40 mm) likewise. A commando team placed at (x, y, h) has
the edge of its rear guides at (x, y), its 33.4 mm body beyond, facing h, and its front
guides past the body: 40 mm long in all, guides included, and 40 mm wide. Its front arc is
a small base's, drawn on that 40 mm square (centre 16.7 mm ahead of (x, y)). One range band
is 100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.common import is_in_arc
from tallon.dice import DieKind
from tallon.engine.action_bodies import reloadable_cards
from tallon.engine.attack import Engage
from tallon.engine.devices import device_templates
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import StartActivation, SystemTurn
from tallon.engine.state import Token
from tallon.geometry import Arc, Pose
from tallon.scene import Scene, faces, load_dice, start_at
from tests.cards.helpers import answer

ROOT = "r1.1"


def team_pose(game, team=ROOT) -> Pose:
    return game.state.ships[team].body.pose


def strain(game, ship: str) -> int:
    return game.state.ships[ship].count(Token.STRAIN)


def carrier_scene(crew: str, pilot: str, at=(400.0, 300.0, 0.0), enemy_at=(400.0, 800.0, 180.0),
                  extra: tuple[str, ...] = (), **setup):
    """Player 1's Gauntlet p1.1 at ``at`` with ``crew`` (and ``extra``), player 2's TIE."""
    sc = Scene()
    sc.ship(pilot, at=at, upgrades=[crew, *extra], **setup)
    sc.ship("academypilot", player=2, at=enemy_at)
    return sc


def team_scene(team_at=(400.0, 400.0, 0.0), enemy_at=(400.0, 550.0, 180.0), player: int = 1,
               crew: str = "clanwrencommandos"):
    """Player 1's Gauntlet p1.1 in a corner, player 2's TIE p2.1 at ``enemy_at``, a commando
    team (of ``player``) at ``team_at``."""
    sc = Scene()
    sc.ship("mandalorianresistancepilot", at=(100.0, 100.0, 0.0), upgrades=[crew])
    sc.ship("academypilot", player=2, at=enemy_at)
    team = sc.remote(crew, player=player, at=team_at)
    return sc, team


def attack_with_team(sc, team, attack, defense):
    game = sc.at(Engage(team))
    load_dice(game, attack, (), then=faces(DieKind.DEFENSE, defense))
    return game


# ------------------------------------------------------------------ the crew cards
class _CommandoCrew:
    """The tests every commando crew card shares (each a faction's printing)."""

    CREW = ""
    PILOT = ""

    def test_drops_a_team_with_the_1_straight_its_rear_guides_at_the_end(self):
        """The Gauntlet's System Phase turn. The card: may spend 1 charge to drop a Commando
        Team remote with the [1 straight] template, with its front or rear guides
        (RR: DEVICE: DROP). Offered: the template with either set of guides, or declining.
        Dropped with its rear guides, the team's guides sit at the template's end, 40 mm
        behind the base's rear edge (y 260 - 40 = 220), facing away from the ship; the
        card has 1 charge left, the team its own 2."""
        game = carrier_scene(self.CREW, self.PILOT).at(SystemTurn("p1.1"), phase="system")
        assert set(game.decision.option_keys()) == {"1F/rear", "1F/front", "decline"}
        answer(game, "launch_device", "1F/rear", "p1.1")
        team = game.state.ships[ROOT]
        assert team.remote and team.pilot == self.CREW and team.owner == 1
        assert team_pose(game) == Pose(400.0, 220.0, 180.0)
        assert game.state.ships["p1.1"].charges[self.CREW].active == 1
        assert team.charges[self.CREW].active == 2
        assert (team.initiative, team.agility, team.hull) == (2, 2, 2)

    def test_without_a_charge_nothing_is_dropped(self):
        """The card's charges are spent: the ship has nothing to do in the System Phase
        (no decision) and no remote enters play."""
        sc = carrier_scene(self.CREW, self.PILOT, charges={self.CREW: 0})
        game = sc.at(SystemTurn("p1.1"), phase="system")
        assert game.decision is None and ROOT not in game.state.ships


class TestClanWrenCommandos(_CommandoCrew):
    CREW = "clanwrencommandos"
    PILOT = "mandalorianresistancepilot"

    def test_its_front_guides_at_the_end_it_faces_the_ship(self):
        """Dropped "using its front guides" (ruling): the team's front guides at the
        template's end (y 220), its body reaching away from the ship and facing it: its
        rear guides 33.4 mm farther back, heading 0."""
        game = carrier_scene(self.CREW, self.PILOT).at(SystemTurn("p1.1"), phase="system")
        answer(game, "launch_device", "1F/front", "p1.1")
        pose = team_pose(game)
        assert (pose.x, pose.y, pose.heading) == pytest.approx((400.0, 186.6, 0.0))

    def test_declined_no_team_and_the_charge_kept(self):
        """Declining the "may": no remote, both charges stay."""
        game = carrier_scene(self.CREW, self.PILOT).at(SystemTurn("p1.1"), phase="system")
        answer(game, "launch_device", "decline", "p1.1")
        assert ROOT not in game.state.ships
        assert game.state.ships["p1.1"].charges[self.CREW].active == 2

    def test_not_where_the_team_would_leave_the_play_area(self):
        """The Gauntlet's rear edge 50 mm from the table's edge: the [1 straight] would put
        the team partly outside the play area, so it can't be dropped (RR: DEVICE) and the
        ship takes no System Phase turn."""
        sc = carrier_scene(self.CREW, self.PILOT, at=(400.0, 90.0, 0.0))
        game = sc.at(SystemTurn("p1.1"), phase="system")
        assert game.decision is None

    def test_its_charge_cannot_be_recovered(self):
        """One charge spent: a reload can't recover it ("this card's charge cannot be
        recovered")."""
        sc = carrier_scene(self.CREW, self.PILOT, charges={self.CREW: 1})
        game = sc.game()
        assert self.CREW not in reloadable_cards(game, game.state.ships["p1.1"])

    def test_dropped_under_an_enemy_ship_it_strains_it(self):
        """A TIE centred 55 mm behind the Gauntlet's rear edge: the team dropped with the
        [1 straight] lands under it. RR: OBJECTS: REMOTES (Commando Team) - an enemy ship
        it is placed under gains 1 strain token."""
        sc = carrier_scene(self.CREW, self.PILOT, enemy_at=(400.0, 205.0, 180.0))
        game = sc.at(SystemTurn("p1.1"), phase="system")
        answer(game, "launch_device", "1F/rear", "p1.1")
        assert strain(game, "p2.1") == 1


class TestDeathWatchCommandos(_CommandoCrew):
    CREW = "deathwatchcommandos"
    PILOT = "deathwatchwarrior"


class TestImperialSuperCommandos(_CommandoCrew):
    CREW = "imperialsupercommandos"
    PILOT = "imperialsupercommando"


class TestMandalorianSuperCommandos(_CommandoCrew):
    CREW = "mandaloriansupercommandos"
    PILOT = "shadowcollectiveoperator"


class TestNiteOwlCommandos(_CommandoCrew):
    CREW = "niteowlcommandos"
    PILOT = "niteowlliberator"


# --------------------------------------------------------------------- the remote
class TestCommandoTeam:
    # ------------------------------------------------- Activation Phase: relocating
    def test_relocates_forward_at_the_start_of_the_activation_phase(self):
        """The start of the Activation Phase. Commando Team: its controller may relocate
        it forward with a [1 bank left], [2 straight] or [1 bank right] template laid at
        its front guides (ruling: the RR's templates). The [2 straight], laid from the
        front edge of its body (33.4 mm ahead), puts its rear guides 80 mm beyond."""
        sc, team = team_scene(enemy_at=(100.0, 800.0, 180.0))
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        assert set(game.decision.option_keys()) == {"front:1B", "front:2F", "front:1N", "decline"}
        assert not any("flees" in o.label for o in game.decision.options)
        answer(game, "relocate_remote", "front:2F", team)
        pose = team_pose(game)
        assert (pose.x, pose.y, pose.heading) == pytest.approx((400.0, 513.4, 0.0))

    def test_the_banks_turn_it(self):
        """The [1 bank left] turns it 45 degrees to its left (heading 315), the [1 bank
        right] to its right (45)."""
        for code, x, heading in (("1B", 376.57, 315.0), ("1N", 423.43, 45.0)):
            sc, team = team_scene(enemy_at=(100.0, 800.0, 180.0))
            game = sc.game()
            start_at(game, StartActivation(), phase="activation")
            answer(game, "relocate_remote", f"front:{code}", team)
            pose = team_pose(game)
            assert (pose.x, pose.heading) == pytest.approx((x, heading), abs=0.01)

    def test_declined_it_stays(self):
        """Declined, the team stays where it was."""
        sc, team = team_scene(enemy_at=(100.0, 800.0, 180.0))
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        answer(game, "relocate_remote", "decline", team)
        assert team_pose(game) == Pose(400.0, 400.0, 0.0)

    def test_teams_of_both_players_relocate_in_player_order(self):
        """Each player has a team; player 1 is the first player. RR: OBJECTS: REMOTES
        (Commando Team) - player order sets the sequence: player 1's team is asked first,
        then player 2's."""
        sc, team = team_scene(enemy_at=(100.0, 800.0, 180.0))
        other = sc.remote("clanwrencommandos", player=2, at=(600.0, 600.0, 180.0))
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        assert game.state.first_player == 1
        answer(game, "relocate_remote", "decline", team)
        answer(game, "relocate_remote", "decline", other)
        assert game.decision is None

    def test_relocated_off_the_table_it_flees(self):
        """Near the far edge the [2 straight] is offered, labelled as fleeing; chosen, the
        team flees (RR: RELOCATING REMOTES)."""
        sc, team = team_scene(team_at=(400.0, 820.0, 0.0), enemy_at=(100.0, 800.0, 180.0))
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        labels = {o.key: o.label for o in game.decision.options}
        assert "flees" in labels["front:2F"]
        answer(game, "relocate_remote", "front:2F", team)
        assert game.state.ships[team].removed

    def test_relocated_under_an_enemy_ship_it_strains_it(self):
        """An enemy TIE centred at (400, 540): the [2 straight] puts the team under it
        (it may land on objects); the TIE gains 1 strain token. Relocated with the [1 bank
        left] instead, clear of the TIE, it gains none."""
        sc, team = team_scene(enemy_at=(400.0, 540.0, 180.0))
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        answer(game, "relocate_remote", "front:2F", team)
        assert strain(game, "p2.1") == 1

        sc, team = team_scene(enemy_at=(400.0, 540.0, 180.0))
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        answer(game, "relocate_remote", "front:1B", team)
        assert strain(game, "p2.1") == 0

    def test_relocated_under_a_friendly_ship_no_strain(self):
        """The team is player 2's own: relocated under its TIE, no strain (enemy ships
        only)."""
        sc, team = team_scene(enemy_at=(400.0, 540.0, 180.0), player=2)
        game = sc.game()
        start_at(game, StartActivation(), phase="activation")
        answer(game, "relocate_remote", "front:2F", team)
        assert strain(game, "p2.1") == 0

    # ------------------------------------------------ an enemy overlapping it
    def test_an_enemy_ending_on_it_gains_a_strain_token(self):
        """The TIE's [2 straight] from (400, 560) ends centred at (400, 440), on the team.
        Commando Team: after an enemy ship overlaps it, that ship gains 1 strain token."""
        sc, _ = team_scene(enemy_at=(400.0, 560.0, 180.0))
        game = sc.game()
        start_at(game, ExecuteManeuver("p2.1", "2F"), phase="activation")
        assert game.state.ships["p2.1"].pose.y == pytest.approx(440.0)
        assert strain(game, "p2.1") == 1

    def test_moving_through_it_is_not_overlapping_it(self):
        """The TIE's [5 straight] from (400, 610) passes over the team and ends centred at
        (400, 370), clear of it: it does not end on the team, so it gains no strain."""
        sc, _ = team_scene(enemy_at=(400.0, 610.0, 180.0))
        game = sc.game()
        start_at(game, ExecuteManeuver("p2.1", "5F"), phase="activation")
        assert game.state.ships["p2.1"].pose.y == pytest.approx(370.0)
        assert strain(game, "p2.1") == 0

    def test_a_friendly_ship_ending_on_it_gains_none(self):
        """The team is player 2's own: its TIE ending on it gains no strain."""
        sc, _ = team_scene(enemy_at=(400.0, 560.0, 180.0), player=2)
        game = sc.game()
        start_at(game, ExecuteManeuver("p2.1", "2F"), phase="activation")
        assert strain(game, "p2.1") == 0

    # ----------------------------------------------------- Engagement Phase: attacking
    def test_its_front_arc_is_its_own(self):
        """Arcs are measured from the team's own token: the TIE ahead of it is in its front
        arc; turned round, the team has it in no front arc."""
        sc, team = team_scene()
        game = sc.game()
        ships = game.state.ships
        assert is_in_arc(ships[team], ships["p2.1"], Arc.FRONT)
        sc, team = team_scene(team_at=(400.0, 440.0, 180.0))
        game = sc.game()
        ships = game.state.ships
        assert not is_in_arc(ships[team], ships["p2.1"], Arc.FRONT)

    def test_spends_a_charge_to_attack_with_2_dice_at_range_1(self):
        """The team engages, the TIE 93 mm ahead (range 1). Commando Team: it may spend 1
        charge to perform its primary front arc range 1-2 attack; the attack has 2 dice,
        and no range bonus (the ordnance icon). Two hits against three blanks: the TIE
        suffers 2 damage; the team has 1 charge left."""
        sc, team = team_scene()
        game = attack_with_team(sc, team, ["hit", "hit"], ["blank", "blank", "blank"])
        answer(game, "declare_attack", "primary:front@p2.1", team)
        while game.decision is not None:
            game.answer("done")
        assert len(game.state.ships["p2.1"].damage) == 2
        assert game.state.ships[team].charges["clanwrencommandos"].active == 1
        rolled = [e["text"] for e in game.log if e["kind"] == "dice"]
        assert rolled[0] == "Clan Wren Commandos rolls hit, hit"

    def test_it_changes_a_focus_result_to_a_hit(self):
        """The same attack rolling focus and blank against blanks. Commando Team: while it
        attacks it may change 1 focus result to a hit: changed, the TIE suffers 1 damage;
        not changed, the attack misses."""
        for change, damage in ((True, 1), (False, 0)):
            sc, team = team_scene()
            game = attack_with_team(sc, team, ["focus", "blank"], ["blank", "blank", "blank"])
            answer(game, "declare_attack", "primary:front@p2.1", team)
            answer(game, "modify_attack_dice",
                   "clanwrencommandos:change=focus>hit" if change else "done", team)
            while game.decision is not None:
                game.answer("done")
            assert len(game.state.ships["p2.1"].damage) == damage

    def test_declined_no_attack_and_the_charge_kept(self):
        """Declaring no attack: no dice, both charges stay (ruling: the charge is spent as
        the attack is declared)."""
        sc, team = team_scene()
        game = attack_with_team(sc, team, ["hit", "hit"], ["blank"] * 3)
        answer(game, "declare_attack", "none", team)
        assert game.decision is None
        assert game.state.ships[team].charges["clanwrencommandos"].active == 2
        assert not game.state.ships["p2.1"].damage

    def test_no_attack_without_a_charge(self):
        """Both charges spent: the team can't attack (nothing is asked)."""
        sc, team = team_scene()
        game = sc.game()
        game.state.ships[team].charges["clanwrencommandos"].active = 0
        start_at(game, Engage(team), phase="engagement")
        assert game.decision is None

    def test_no_attack_with_an_enemy_ship_at_range_0(self):
        """A second TIE touching the team's side (range 0) while the first is in its arc
        at range 1: it can't attack (nothing is asked); the same second TIE 30 mm farther
        off, it may."""
        sc, team = team_scene()
        sc.ship("academypilot", player=2, at=(440.0, 416.7, 270.0))
        game = sc.at(Engage(team))
        assert game.decision is None
        sc, team = team_scene()
        sc.ship("academypilot", player=2, at=(470.0, 416.7, 270.0))
        assert sc.at(Engage(team)).decision.kind == "declare_attack"

    def test_an_enemy_remote_at_range_0_does_not_stop_it(self):
        """An enemy sensor buoy touching the team's side (range 0): remotes are not ships
        (RR: ATTACKING REMOTES), so the team may still attack the TIE (ruling)."""
        sc, team = team_scene()
        sc.remote("sensorbuoysuite", player=2, at=(419.0, 416.7, 90.0))
        game = sc.at(Engage(team))
        assert game.decision.kind == "declare_attack"
        assert "primary:front@p2.1" in game.decision.option_keys()

    def test_not_beyond_range_2_or_outside_its_arc(self):
        """The TIE at range 3 ahead (its edge 263 mm away), or at range 1 behind the
        team: no target, so nothing is asked."""
        sc, team = team_scene(enemy_at=(400.0, 720.0, 180.0))
        assert sc.at(Engage(team)).decision is None
        sc, team = team_scene(enemy_at=(400.0, 320.0, 0.0))
        assert sc.at(Engage(team)).decision is None

    def test_at_range_2_it_may_attack(self):
        """The TIE at range 2 ahead (its edge 163 mm from the team's square): offered, at
        range 2."""
        sc, team = team_scene(enemy_at=(400.0, 620.0, 180.0))
        game = sc.at(Engage(team))
        assert game.decision.kind == "declare_attack"
        assert "range 2" in game.decision.options[0].label


# ----------------------------------------------------------------- Drop-Seat Bay
class TestDropSeatBay:
    def test_bank_templates_at_the_rear_or_a_side_hashmark(self):
        """A Gauntlet with Drop-Seat Bay and Clan Wren Commandos. Drop-Seat Bay: dropping a
        crew remote with a straight template, it may use a bank template of that speed
        instead, at the rear guides or with its middle line on a side hashmark. Without
        it only the [1 straight] is offered."""
        sc = carrier_scene("clanwrencommandos", "mandalorianresistancepilot",
                           extra=("dropseatbay",))
        game = sc.at(SystemTurn("p1.1"), phase="system")
        keys = set(game.decision.option_keys())
        placements = {k.rpartition("/")[0] for k in keys if k != "decline"}
        assert placements == {"1F", "1B", "1N", "left:1B", "left:1N", "right:1B",
                              "right:1N"}
        assert "left:1F/rear" not in keys  # the side hashmark is for the bank only

        game = carrier_scene("clanwrencommandos", "mandalorianresistancepilot").at(
            SystemTurn("p1.1"), phase="system")
        assert set(game.decision.option_keys()) == {"1F/rear", "1F/front", "decline"}

    def test_from_the_left_hashmark(self):
        """The [1 bank left] set at the left side hashmark of the Gauntlet at (400, 300):
        the template points left from the base's left edge (x 360) and curves back; the
        team's guides land at its end, 45 degrees round (heading 225)."""
        sc = carrier_scene("clanwrencommandos", "mandalorianresistancepilot",
                           extra=("dropseatbay",))
        game = sc.at(SystemTurn("p1.1"), phase="system")
        answer(game, "launch_device", "left:1B/rear", "p1.1")
        pose = team_pose(game)
        assert (pose.x, pose.y, pose.heading) == pytest.approx((303.43, 276.57, 225.0),
                                                               abs=0.01)

    def test_not_for_other_remotes(self):
        """DRK-1 probe droids are a device upgrade's remote, not a crew remote: Drop-Seat
        Bay adds no template to them."""
        sc = carrier_scene("drk1probedroids", "mandalorianresistancepilot",
                           extra=("dropseatbay",))
        game = sc.game()
        ship = game.state.ships["p1.1"]
        found = device_templates(game, ship, "drk1probedroids", ("3F",), False)
        assert found == [("3F", False)]
