"""Pre Vizsla (crew) coordinating a Commando Team remote
(src/tallon/cards/upgrades/commando_2.py; RR: COORDINATE, RR: REMOTES, RR: RELOCATING REMOTES).

Geometry: a Gauntlet Fighter (large base, 80 mm square) placed at (x, y, h) has its base
centred there. A commando team placed at (x, y, h) has the edge of its rear guides at
(x, y), its 33.4 mm body beyond, facing h; relocated forward, the template is laid from
its body's front edge, so a [2 straight] (80 mm) moves it 113.4 mm. One range band is
100 mm."""

from __future__ import annotations

import pytest

from tallon.cards.acting import granted
from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import finish, values

ME = "p1.1"


def scene(crew: tuple[str, ...] = ("previzsla",), team_at=(400.0, 330.0, 0.0),
          team_player: int = 1, team_card: str = "clanwrencommandos",
          enemy_at=(100.0, 850.0, 180.0), friend_at=None):
    """Player 1's Death Watch Gauntlet p1.1 at (400, 200) facing +y (its front edge at y
    240) with ``crew``; a commando team at ``team_at`` (the [1 straight] ahead: range 1);
    player 2's TIE at ``enemy_at``; optionally a friendly TIE at ``friend_at``."""
    sc = Scene()
    sc.ship("deathwatchwarrior", at=(400.0, 200.0, 0.0), upgrades=list(crew))
    sc.ship("academypilot", player=2, at=enemy_at)
    if friend_at is not None:
        sc.ship("sabersquadronace", at=friend_at)
    team = sc.remote(team_card, player=team_player, at=team_at)
    return sc, team


def coordinate(sc, granted_action: bool = False):
    """The Gauntlet's Perform Action step, the coordinate action chosen (the card's granted
    one, or ``granted_action``: a white coordinate granted by an effect)."""
    grant = (granted("coordinate", "white", "x"),) if granted_action else ()
    game = sc.at(PerformAction(ME, during_activation=True, grant=grant), phase="activation")
    game.answer("coordinate")
    return game


def team_pose(game, team):
    pose = game.state.ships[team].body.pose
    return pose.x, pose.y, pose.heading


class TestPreVizsla:
    def test_the_team_relocates_instead_of_an_action(self):
        """A friendly Commando Team at range 1 and no other friendly ship. Pre Vizsla: the
        coordinate may choose the crew remote; it relocates forward with a [1 turn left],
        [2 straight] or [1 turn right] template. The [2 straight] moves it 113.4 mm."""
        sc, team = scene()
        game = coordinate(sc)
        assert game.decision.kind == "coordinate_target"
        assert values(game) == [team]
        game.answer(team)
        assert game.decision.kind == "relocate_remote"
        assert set(values(game)) == {"front:1T", "front:2F", "front:1Y"}
        game.answer("front:2F")
        assert team_pose(game, team) == pytest.approx((400.0, 443.4, 0.0))
        finish(game)
        assert team_pose(game, team) == pytest.approx((400.0, 443.4, 0.0))

    def test_the_turns_face_it_left_or_right(self):
        """The [1 turn left] turns the team to heading 270, the [1 turn right] to 90 (not
        the banks of its own Activation Phase relocation)."""
        for code, heading in (("1T", 270.0), ("1Y", 90.0)):
            sc, team = scene()
            game = coordinate(sc)
            game.answer(team)
            game.answer(f"front:{code}")
            assert team_pose(game, team)[2] == pytest.approx(heading)

    def test_without_the_card_the_coordinate_fails(self):
        """The same scene, the Gauntlet without Pre Vizsla performing a white coordinate an
        effect grants: no friendly ship, and the remote is not a ship, so the coordinate
        fails and the team stays. With the card, the same granted coordinate moves it."""
        sc, team = scene(crew=())
        game = coordinate(sc, granted_action=True)
        assert game.decision is None or team not in values(game)
        finish(game)
        assert team_pose(game, team) == pytest.approx((400.0, 330.0, 0.0))

        sc, team = scene()
        game = coordinate(sc, granted_action=True)
        game.answer(team)
        game.answer("front:2F")
        assert team_pose(game, team) == pytest.approx((400.0, 443.4, 0.0))

    def test_offered_beside_friendly_ships(self):
        """A friendly TIE at range 1 too: both are offered. Choosing the TIE coordinates it
        as usual (it is asked for an action); the team stays."""
        sc, team = scene(friend_at=(550.0, 200.0, 0.0))
        game = coordinate(sc)
        assert set(values(game)) == {team, "p1.2"}
        game.answer("p1.2")
        assert game.decision.kind == "perform_action" and game.decision.ship == "p1.2"
        finish(game)
        assert team_pose(game, team) == pytest.approx((400.0, 330.0, 0.0))

    def test_not_a_team_beyond_range_2(self):
        """The team 260 mm ahead of the Gauntlet's front edge (range 3): not offered; with
        no friendly ship the coordinate fails and the team stays."""
        sc, team = scene(team_at=(400.0, 500.0, 0.0))
        game = coordinate(sc)
        assert game.decision is None or team not in values(game)
        finish(game)
        assert team_pose(game, team) == pytest.approx((400.0, 500.0, 0.0))

    def test_not_an_enemy_team(self):
        """The team at range 1 is player 2's: not a friendly remote, not offered."""
        sc, team = scene(team_player=2)
        game = coordinate(sc)
        assert game.decision is None or team not in values(game)
        finish(game)
        assert team_pose(game, team) == pytest.approx((400.0, 330.0, 0.0))

    def test_not_a_remote_of_a_missile(self):
        """A friendly buzz droid swarm (placed by Discord Missiles, a missile upgrade) at
        range 1: not a crew remote, not offered."""
        sc, team = scene(team_card="discordmissiles")
        game = coordinate(sc)
        assert game.decision is None or team not in values(game)

    def test_relocated_under_an_enemy_ship_it_strains_it(self):
        """An enemy TIE centred at (400, 470): the [2 straight] puts the team under it; the
        Commando Team's own rule gives the TIE 1 strain token (the [1 turn left] clears
        it: none)."""
        for code, expected in (("2F", 1), ("1T", 0)):
            sc, team = scene(enemy_at=(400.0, 470.0, 180.0))
            game = coordinate(sc)
            game.answer(team)
            game.answer(f"front:{code}")
            finish(game)
            assert game.state.ships["p2.1"].count(Token.STRAIN) == expected

    def test_relocated_off_the_table_it_flees(self):
        """The team near the far edge (rear guides at y 820): the [2 straight] is labelled
        as fleeing; chosen, the team flees (RR: RELOCATING REMOTES)."""
        sc = Scene()
        sc.ship("deathwatchwarrior", at=(400.0, 700.0, 0.0), upgrades=["previzsla"])
        sc.ship("academypilot", player=2, at=(100.0, 100.0, 0.0))
        team = sc.remote("clanwrencommandos", at=(400.0, 820.0, 0.0))
        game = coordinate(sc)
        game.answer(team)
        labels = {o.key: o.label for o in game.decision.options}
        assert "flees" in labels["front:2F"]
        game.answer("front:2F")
        assert game.state.ships[team].removed

