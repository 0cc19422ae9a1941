"""The Syliure-class hyperspace ring: its ship ability Hyperspace Docking Ring
(cards/pilots/syliureclasshyperspacering.py) and the Syliure-31 Hyperdrive
(cards/upgrades/epic_ring.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tallon.cards.upgrades.epic_ring import HYPERDRIVE_RULE
from tallon.data import load_cards
from tallon.engine import Game, GameSetup, IllegalChoiceError
from tallon.engine.docking import dock_guides, to_reserve
from tallon.engine.placement import placement_problem
from tallon.engine.rounds import Activate, SetDial, SystemTurn, _dial_steps, _eligible
from tallon.engine.state import Token
from tallon.geometry import Maneuver, Pose, execute_maneuver
from tallon.scene import Scene, start_at
from tallon.squads import check_squad, check_squad_to_play, read_xws_file
from tests.cards.helpers import pass_all, pass_until

RING = "transgalmegcontrollink"
ETA2 = tuple(load_cards().ship("eta2actis").dial)
LISTS = Path(__file__).resolve().parent.parent / "lists" / "epic"


def ring_scene(carried: str = "jedigeneral", docked: bool = True, stress: int = 0,
               carried_at: tuple[float, float, float] = (700, 100, 0)):
    """The ring (p1.1) at (400, 300) facing the enemy, a ship it may carry (p1.2), docked
    with it when ``docked``, and an enemy TIE (p2.1) far away."""
    sc = Scene()
    ring = sc.ship(RING, at=(400, 300, 0), stress=stress)
    ship = sc.ship(carried, at=carried_at)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    if docked:
        to_reserve(game, game.state.ships[ship], game.state.ships[ring], "scene")
    return game, ring, ship


def activate(game: Game, ring: str, dial: str) -> Game:
    game.state.ships[ring].dial_set = dial
    start_at(game, Activate(ring), phase="activation")
    return game


def executed(game: Game, ship: str) -> list[str]:
    return [e["text"] for e in game.log if e.get("ship") == ship and "executes [" in e["text"]]


def where_after(game: Game, ship: str, code: str) -> Pose:
    """Where the ship would end after ``code`` from where it stands."""
    return execute_maneuver(game.state.table(), ship, Maneuver.parse(code)).final


class TestHyperspaceDockingRing:
    # ------------------------------------------------------------------ docking
    def test_only_the_three_ship_types_dock_one_at_a_time(self):
        """RR: DOCK. The ring carries 1 Delta-7 Aethersprite, Eta-2 Actis or Nimbus-class
        V-wing: each of those may dock with the empty ring, from its front or rear guides;
        a V-19 Torrent or a Delta-7B Aethersprite (another ship type: ruling) may not, and
        with an Eta-2 docked no second ship may."""
        sc = Scene()
        ring = sc.ship(RING, at=(400, 300, 0))
        pilots = ("jediknight", "jedigeneral", "klick", "goldsquadrontrooper",
                  "jediknight-delta7baethersprite", "obiwankenobi-eta2actis")
        ids = [sc.ship(p, at=(100 + 120 * k, 100, 0)) for k, p in enumerate(pilots)]
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        s = game.state
        found = [dock_guides(game, s.ships[ring], s.ships[i]) for i in ids]
        assert found[:3] == [("front", "rear")] * 3
        assert found[3] is None and found[4] is None
        to_reserve(game, s.ships[ids[1]], s.ships[ring], "scene")
        assert dock_guides(game, s.ships[ring], s.ships[ids[5]]) is None

    def test_a_touching_eta2_may_dock_in_the_system_phase(self):
        """RR: DOCK. An Eta-2 at range 0 of the empty ring is offered to dock with it in
        the System Phase; a V-19 touching it is not asked anything."""
        game, ring, eta = ring_scene(docked=False, carried_at=(400, 340, 0))
        start_at(game, SystemTurn(eta), phase="system")
        pass_until(game, "dock_or_deploy")
        assert f"dock:{ring}" in game.decision.option_keys()
        game, ring, v19 = ring_scene("goldsquadrontrooper", docked=False,
                                     carried_at=(400, 340, 0))
        start_at(game, SystemTurn(v19), phase="system")
        assert "dock_or_deploy" not in pass_all(game)

    # --------------------------------------------------- initiative and dial
    def test_it_takes_on_the_docked_ships_initiative_and_dial(self):
        """While a Jedi General (initiative 4, an Eta-2) is docked with it, the ring has
        initiative 4 and the Eta-2's dial, and is assigned a dial in the Planning Phase
        with the Eta-2's maneuvers. Empty, it has its own initiative 0 and no dial, and
        gets no dial to set."""
        game, ring, _ = ring_scene(docked=False)
        ship = game.state.ships[ring]
        assert (ship.initiative, ship.dial) == (0, ())
        assert not any(isinstance(s, SetDial) and s.ship_id == ring
                       for s in _dial_steps(game))
        game, ring, _ = ring_scene()
        ship = game.state.ships[ring]
        assert (ship.initiative, ship.dial) == (4, ETA2)
        step = next(s for s in _dial_steps(game) if isinstance(s, SetDial)
                    and s.ship_id == ring)
        start_at(game, step, phase="planning")
        assert game.decision.kind == "set_dial"
        assert set(game.decision.option_keys()) == set(ETA2)

    def test_empty_it_neither_activates_nor_engages(self):
        """Empty, the ring does not activate or engage (the sweeps leave it out); carrying
        a ship it does both, at that ship's initiative."""
        game, ring, _ = ring_scene(docked=False)
        ship = game.state.ships[ring]
        assert not _eligible(game, ship, "activation")
        assert not _eligible(game, ship, "engagement")
        game, ring, _ = ring_scene()
        ship = game.state.ships[ring]
        assert _eligible(game, ship, "activation") and _eligible(game, ship, "engagement")

    def test_after_its_ship_deploys_it_is_empty_again(self):
        """RR: DOCK. The Eta-2 deploys from the ring's front guides in the System Phase:
        the ring's initiative is 0 again, it has no dial (the one set this round is gone)
        and it does not activate."""
        game, ring, eta = ring_scene()
        game.state.ships[ring].dial_set = "2FB"
        start_at(game, SystemTurn(eta), phase="system")
        pass_until(game, "dock_or_deploy")
        game.answer("front:2FB")
        pass_all(game)
        ship = game.state.ships[ring]
        assert game.state.ships[eta].in_play
        assert (ship.initiative, ship.dial, ship.dial_set) == (0, (), None)
        assert not _eligible(game, ship, "activation")

    def test_a_ship_docking_after_planning_does_not_make_it_activate(self):
        """Ruling (RR: DOCK, RR: RESERVE): an Eta-2 docks with the empty ring in the System
        Phase; the ring takes on its initiative and dial, but was assigned no dial this
        round, so it does not activate this round. Docked before the Planning Phase, it
        does."""
        game, ring, eta = ring_scene(docked=False, carried_at=(400, 340, 0))
        start_at(game, SystemTurn(eta), phase="system")
        pass_until(game, "dock_or_deploy")
        game.answer(f"dock:{ring}")
        ship = game.state.ships[ring]
        assert (ship.initiative, ship.dial) == (4, ETA2)
        assert ship.activated
        game, ring, _ = ring_scene()
        assert not game.state.ships[ring].activated

    def test_docked_at_setup_it_is_placed_at_the_ships_initiative(self):
        """RR: DOCK, RR: SETUP. Obi-Wan Kenobi (initiative 5) starts docked with the ring:
        the ring is placed after the enemy TIE (initiative 1) with initiative 5. Without
        him docked, the ring (initiative 0) is placed first."""
        for dock, first in ((True, "p2.1"), (False, "p1.1")):
            sc = Scene()
            sc.ship(RING)
            sc.ship("obiwankenobi-eta2actis")
            sc.ship("academypilot", player=2)
            game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
            while game.decision.kind != "place_ship":
                d = game.decision
                answer = ("p1.1" if dock else "none") if d.kind == "start_docked" \
                    else d.options[0].key
                game.answer(answer)
            assert game.decision.ship == first
            assert game.state.ships["p1.1"].initiative == (5 if dock else 0)

    # ------------------------------------------------------------- maneuvers
    def test_its_maneuvers_are_executed_at_speed_1(self):
        """The ring reveals the Eta-2's [3 straight] (blue): it executes [1 straight] and
        ends where a speed 1 straight takes it, not a speed 3 one."""
        game, ring, _ = ring_scene()
        slow, fast = where_after(game, ring, "1FB"), where_after(game, ring, "3FB")
        activate(game, ring, "3FB")
        pass_all(game)
        assert executed(game, ring) == [f"TransGalMeg Control Link ({ring}) executes [1FB]"]
        pose = game.state.ships[ring].pose
        assert (round(pose.y, 3), round(pose.x, 3)) == (round(slow.y, 3), round(slow.x, 3))
        assert round(pose.y, 3) != round(fast.y, 3)

    def test_an_advanced_maneuver_becomes_a_white_stationary_then_it_may_rotate(self):
        """The ring reveals the Eta-2's red [4 Koiogran turn]: it executes a white
        stationary maneuver instead (it does not move and gains no stress), then may
        rotate 90 degrees either way or 180 degrees; turning around, it faces the other
        way."""
        game, ring, _ = ring_scene()
        activate(game, ring, "4KR")
        assert game.decision.kind == "use_ability" and game.decision.ship == ring
        assert set(game.decision.option_keys()) == {"left", "right", "around", "decline"}
        game.answer("around")
        pass_all(game)
        ship = game.state.ships[ring]
        assert executed(game, ring) == [f"TransGalMeg Control Link ({ring}) executes [0OW]"]
        assert (ship.pose.x, ship.pose.y, ship.pose.heading % 360) == (400, 300, 180)
        assert not ship.stressed

    def test_it_may_decline_to_rotate(self):
        """After the white stationary maneuver the rotation is a "may": declined, the ring
        keeps its facing."""
        game, ring, _ = ring_scene()
        activate(game, ring, "4KR")
        game.answer("decline")
        pass_all(game)
        assert game.state.ships[ring].pose.heading % 360 == 0

    def test_a_purple_tallon_roll_needs_no_force(self):
        """Ruling (RR: DIFFICULTY, RR: FORCE CHARGE): the ring (no Force) reveals the Eta-2's
        purple [2 Tallon roll]: its ability replaces it before it is attempted, so it
        executes the white stationary maneuver, not the stress maneuver a ship without
        Force would."""
        game, ring, _ = ring_scene()
        activate(game, ring, "2EP")
        pass_all(game)
        assert executed(game, ring) == [f"TransGalMeg Control Link ({ring}) executes [0OW]"]
        assert game.state.ships[ring].pose.y == 300

    def test_stressed_its_red_advanced_maneuver_is_still_replaced(self):
        """Ruling (RR: STRESS): the stressed ring reveals a red [4 Koiogran turn]; its
        ability comes first, so it executes the white stationary maneuver (keeping its one
        stress token) instead of the white [2 straight] (executed at speed 1) of a stressed
        ship's red maneuver."""
        game, ring, _ = ring_scene(stress=1)
        activate(game, ring, "4KR")
        pass_all(game)
        ship = game.state.ships[ring]
        assert executed(game, ring) == [f"TransGalMeg Control Link ({ring}) executes [0OW]"]
        assert ship.count(Token.STRESS) == 1 and ship.pose.y == 300

    def test_a_stressed_red_basic_maneuver_is_the_stress_maneuver_at_speed_1(self):
        """The stressed ring reveals a red basic maneuver (a Nimbus's [1 bank left]): it
        executes the stress maneuver, slowed to [1 straight]; no rotation is offered
        after a basic maneuver."""
        game, ring, _ = ring_scene("klick", stress=1)
        activate(game, ring, "1BR")
        kinds = pass_all(game)
        assert executed(game, ring) == [f"TransGalMeg Control Link ({ring}) executes [1FW]"]
        assert "use_ability" not in kinds

    def test_a_basic_maneuver_offers_no_rotation(self):
        """The ring reveals the Eta-2's [2 bank left]: it executes [1 bank left]; its
        ability offers no rotation (that follows only the stationary maneuver)."""
        game, ring, _ = ring_scene()
        activate(game, ring, "2BB")
        kinds = pass_all(game)
        assert executed(game, ring) == [f"TransGalMeg Control Link ({ring}) executes [1BB]"]
        assert "use_ability" not in kinds


class TestSyliure31Hyperdrive:
    def scene(self, upgrades=("syliure31hyperdrive",)):
        """The ring (p1.1) off the table, an obstacle in the middle and the enemy TIE
        (p2.1) at (100, 600)."""
        sc = Scene()
        sc.ship(RING, upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=(100, 600, 180))
        sc.obstacle("core2asteroid0", 700, 400)
        game = sc.game()
        game.state.ships["p1.1"].body = None
        return game

    def test_each_condition_of_the_card_is_checked(self):
        """Setup: beyond range 1 of obstacles, beyond range 3 of enemy ships and beyond
        range 3 of the enemy edge. At (450, 300) all hold; within range 1 of the asteroid,
        within range 3 of the enemy TIE, or within range 3 of the north edge (y = 914.4,
        player 2's), the place is refused for that reason."""
        game = self.scene()
        ring = game.state.ships["p1.1"]
        assert placement_problem(game, ring, Pose(450, 300, 0), HYPERDRIVE_RULE) is None
        near_rock = placement_problem(game, ring, Pose(560, 400, 0), HYPERDRIVE_RULE)
        assert near_rock is not None and "obstacle" in near_rock
        near_tie = placement_problem(game, ring, Pose(150, 400, 0), HYPERDRIVE_RULE)
        assert near_tie is not None and "enemy ship" in near_tie
        near_edge = placement_problem(game, ring, Pose(450, 600, 0), HYPERDRIVE_RULE)
        assert near_edge is not None and "enemy edge" in near_edge

    def placing(self, upgrades):
        sc = Scene()
        sc.ship(RING, upgrades=list(upgrades))
        sc.ship("academypilot", player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
        while not (game.decision.kind == "place_ship" and game.decision.ship == "p1.1"):
            game.answer(game.decision.options[0].key)
        return game

    def test_place_forces_offers_and_accepts_places_in_the_open(self):
        """Place Forces with the hyperdrive: places far from the ring's edge are offered,
        each meeting the card's rule; a free place meeting it is accepted. Without the
        hyperdrive only places within range 1 of its edge are offered and the same free
        place is refused."""
        game = self.placing(["syliure31hyperdrive"])
        ring = game.state.ships["p1.1"]
        inland = [o for o in game.decision.options if o.info["y"] > 150]
        assert inland and all(
            placement_problem(game, ring, Pose(o.info["x"], o.info["y"], o.info["heading"]),
                              HYPERDRIVE_RULE) is None for o in inland)
        spot = inland[0].info
        plain = self.placing([])
        assert all(o.info["y"] < 150 for o in plain.decision.options)
        with pytest.raises(IllegalChoiceError):
            plain.answer({"x": spot["x"], "y": spot["y"], "heading": spot["heading"]})
        game.answer({"x": spot["x"], "y": spot["y"], "heading": spot["heading"]})
        assert (ring.pose.x, ring.pose.y) == (spot["x"], spot["y"])


class TestRingList:
    def test_the_ring_list_is_played_as_an_epic_squad(self):
        """RR: GAME MODE. The test list with the ring (legal only in epic, not a huge ship)
        is judged as an epic squad when brought to a game, and is legal; judged by the
        standard rules it is refused for the ring."""
        squad = read_xws_file(LISTS / "republic-hyperspace-ring.json").squad
        report = check_squad_to_play(squad)
        assert report.legal and report.format == "epic"
        assert not check_squad(squad).legal
