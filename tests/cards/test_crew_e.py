"""Crew cards of src/tallon/cards/upgrades/crew_e.py: Boba Fett (the ship starts in reserve
and is placed at the end of Setup; the engine's reserve and placement rules are
tallon.engine.reserve and tallon.engine.placement).

Setup is played as a player would (obstacles and forces at their first offered places)
or the card's window is fired on an arranged scene. Player 1's edge is y = 0, player 2's
y = 914.4; range bands are 100 mm."""

from __future__ import annotations

import pytest

from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.game import Game, GameSetup
from tallon.engine.queue import FireWindow
from tallon.engine.reserve import in_reserve, mark_reserve, reserve_rule
from tallon.geometry import Pose, Ship, at_range, beyond_range
from tallon.scene import Scene, start_at

BOBA = "bobafett"
BOBA_PLACE = ("obstacle", "far")


def _setup(sc: Scene) -> tuple[Game, list[tuple[str, str | None]]]:
    """Setup answered with first options until a card placement is asked (or the first
    round begins); the kinds asked on the way."""
    game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
    asked = []
    while game.decision is not None and game.state.phase == "setup":
        d = game.decision
        asked.append((d.kind, d.ship))
        if d.kind == "card_placement":
            break
        game.answer(d.options[0].key)
    return game, asked


def _legal_for_boba(game: Game, ship_id: str, x: float, y: float, heading: float) -> bool:
    ship = game.state.ships[ship_id]
    body = Ship(ship_id, Pose(x, y, heading), ship.size)
    on_obstacle = any(at_range(body, o, 0) for o in game.state.obstacles)
    far = all(beyond_range(body, e.body, 3) for e in game.state.in_play()
              if e.owner != ship.owner)
    return on_obstacle and far


def _back_in_reserve(game: Game, ship_id: str) -> None:
    """Put an arranged ship back in reserve as Boba Fett's setup left it."""
    ship = game.state.ships[ship_id]
    ship.body = None
    mark_reserve(ship, BOBA_PLACE)
    game.state.moved()


class TestBobaFett:
    def test_the_ship_starts_in_reserve_and_is_placed_at_the_end_of_setup(self):
        """Setup: Place Forces asks no place for the ship with Boba Fett (it is in reserve)
        while the other ships are placed; at the end of Setup its player places it, and
        every offered place is at range 0 of an obstacle and beyond range 3 of every enemy
        ship. Without the card the same ship is placed in Place Forces."""
        sc = Scene()
        boba = sc.ship("academypilot", upgrades=[BOBA])
        friend = sc.ship("academypilot")
        enemy = sc.ship("redsquadronveteran", player=2)
        game, asked = _setup(sc)
        assert ("place_ship", boba) not in asked
        assert ("place_ship", friend) in asked and ("place_ship", enemy) in asked
        d = game.decision
        assert d.kind == "card_placement" and d.ship == boba and d.player == 1
        assert asked.index(("card_placement", boba)) > asked.index(("place_ship", enemy))
        assert d.options and all(_legal_for_boba(game, boba, o.info["x"], o.info["y"],
                                                 o.info["heading"]) for o in d.options)
        choice = d.options[0]
        game.answer(choice.key)
        ship = game.state.ships[boba]
        assert ship.in_play and (ship.pose.x, ship.pose.y) == (choice.info["x"],
                                                               choice.info["y"])
        assert reserve_rule(ship) is None and not in_reserve(game, ship)

        plain = Scene()
        plain.ship("academypilot")
        plain.ship("academypilot")
        plain.ship("redsquadronveteran", player=2)
        _, asked_plain = _setup(plain)
        assert ("place_ship", "p1.1") in asked_plain
        assert not any(kind == "card_placement" for kind, _ in asked_plain)

    def test_a_free_placement_is_checked_against_the_card(self):
        """A free {x, y, heading} answer: on the player's edge (not on an obstacle) it is
        refused; on an obstacle but within range 3 of an enemy it is refused; on an
        obstacle far from every enemy it is accepted (ruling: being placed on an asteroid
        is not moving through or overlapping it: no damage)."""
        sc = Scene()
        boba = sc.ship("academypilot", at=(400, 600, 0), upgrades=[BOBA])
        sc.ship("redsquadronveteran", player=2, at=(700, 850, 180))
        near = sc.obstacle("core2asteroid0", 650, 620)
        far = sc.obstacle("core2asteroid4", 200, 300)
        game = sc.game()
        _back_in_reserve(game, boba)
        start_at(game, FireWindow.of("end_setup"), phase="setup")
        assert game.decision.kind == "card_placement"
        o_near, o_far = (next(o for o in game.state.obstacles if o.id == i)
                         for i in (near, far))
        with pytest.raises(IllegalChoiceError, match="range 0 of an obstacle"):
            game.answer({"x": 400, "y": 30, "heading": 0})
        with pytest.raises(IllegalChoiceError, match="beyond range 3"):
            game.answer({"x": o_near.pose.x, "y": o_near.pose.y, "heading": 0})
        game.answer({"x": o_far.pose.x, "y": o_far.pose.y, "heading": 90})
        ship = game.state.ships[boba]
        assert (ship.pose.x, ship.pose.y, ship.pose.heading) == (200, 300, 90)
        assert ship.damage == () and ship.shields == ship.shield_limit

    def test_with_no_place_on_an_obstacle_it_is_placed_at_its_edge(self):
        """Ruling (RR: FAQ, Deployment): the only obstacle is within range 3 of an enemy, so
        no place meets the card: the ship is placed within range 1 of its player's edge
        instead; the obstacle is refused."""
        sc = Scene()
        boba = sc.ship("academypilot", at=(400, 600, 0), upgrades=[BOBA])
        sc.ship("redsquadronveteran", player=2, at=(450, 850, 180))
        sc.obstacle("core2asteroid0", 450, 650)
        game = sc.game()
        _back_in_reserve(game, boba)
        start_at(game, FireWindow.of("end_setup"), phase="setup")
        d = game.decision
        assert d.kind == "card_placement" and "within range 1 of your edge" in d.prompt
        assert d.options and all(o.info["y"] < 100 for o in d.options)
        with pytest.raises(IllegalChoiceError):
            game.answer({"x": 450, "y": 650, "heading": 0})
        game.answer({"x": 120, "y": 40, "heading": 0})
        assert game.state.ships[boba].pose.y == 40

    def test_not_for_a_ship_already_on_the_table(self):
        """At the end of Setup a ship with Boba Fett that is not in reserve (already
        placed) is not placed again: no decision, its place is unchanged."""
        sc = Scene()
        boba = sc.ship("academypilot", at=(400, 600, 0), upgrades=[BOBA])
        sc.ship("redsquadronveteran", player=2, at=(700, 850, 180))
        sc.obstacle("core2asteroid4", 200, 300)
        game = sc.game()
        start_at(game, FireWindow.of("end_setup"), phase="setup")
        assert game.decision is None
        assert game.state.ships[boba].pose == Pose(400, 600, 0)

    def test_after_placed_abilities_resolve_when_it_is_placed(self):
        """Ruling: the ship's "after you are placed" setup abilities resolve when it is
        placed at the end of Setup (Chewbacca's crew card then loses its charge); in
        reserve, before that, they have not."""
        sc = Scene()
        boba = sc.ship("academypilot", upgrades=[BOBA, "chewbacca-crew-swz19"])
        sc.ship("redsquadronveteran", player=2)
        game, _ = _setup(sc)
        charges = game.state.ships[boba].charges["chewbacca-crew-swz19"]
        assert game.decision.kind == "card_placement" and charges.active == 2
        game.answer(game.decision.options[0].key)
        assert game.state.ships[boba].charges["chewbacca-crew-swz19"].active == 1

    def test_a_save_at_the_placement_loads_and_continues(self):
        """Engine: the pending placement is plain data: a save loads and the same answer
        places the ship as in the original game."""
        sc = Scene()
        boba = sc.ship("academypilot", upgrades=[BOBA])
        sc.ship("redsquadronveteran", player=2)
        game, _ = _setup(sc)
        copy = Game.load(game.save(), sc.cards)
        key = game.decision.options[-1].key
        game.answer(key)
        copy.answer(key)
        assert copy.state.ships[boba].pose == game.state.ships[boba].pose
        assert copy.state_hash() == game.state_hash()
