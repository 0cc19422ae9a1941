"""RR: DESTROYING SHIPS - a ship is destroyed when its damage cards equal or exceed its hull
value (RR: HULL); destroyed outside the Engagement Phase it is removed from the game at
once, and its opponent scores its squad points. (Removal in the Engagement Phase is tested
in test_simultaneous_fire.)"""

from __future__ import annotations

import pytest

from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import DamageCard
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import logged
from tests.rules.attack_helpers import R1, damage, resolved_attack
from tests.rules.game_helpers import hurt, wingmen_at_action


def test_a_ship_is_destroyed_when_its_cards_reach_its_hull():
    """An unshielded T-65 (hull 4) suffers 3 damage, then 1 more. RR: DESTROYING SHIPS,
    RR: HULL - a ship is destroyed when its damage cards equal or exceed its hull value.
    With three cards it is not destroyed (1 hull remaining); the fourth destroys it."""
    game = wingmen_at_action()
    game.state.ships["p1.1"].shields = 0
    hurt(game, "p1.1", hits=3)
    ship = game.state.ships["p1.1"]
    assert not ship.destroyed and ship.hull_remaining == 1
    hurt(game, "p1.1", hits=1)
    assert ship.destroyed


def test_a_ship_destroyed_outside_the_engagement_phase_is_removed_at_once():
    """An unshielded T-65 suffers 4 damage in the Activation Phase. RR: DESTROYING SHIPS -
    destroyed in a phase other than the Engagement Phase, a ship is removed from the game
    immediately; the opponent scores its squad points (ruling). It is destroyed, removed and
    out of play, keeps its 4 cards, and player 2 gains its cost."""
    game = wingmen_at_action()
    ship = game.state.ships["p1.1"]
    ship.shields = 0
    points = game.state.players[1].mission_points
    hurt(game, "p1.1", hits=4)
    assert ship.destroyed and ship.removed and not ship.in_play
    assert len(ship.damage) == 4
    assert game.state.players[1].mission_points == points + ship.cost


class TestDestroyed:
    """RR: DESTROYING SHIPS ("A ship is destroyed after it has a number of damage cards that
    equals or exceeds its hull value"), RR: DAMAGE ("the excess damage cards are still
    dealt"). A T-65 attacks a TIE/ln (hull 3, no shields) with loaded dice."""

    @pytest.mark.parametrize(("hits", "destroyed"), [(2, False), (3, True)])
    def test_destroyed_at_its_hull_value(self, hits, destroyed):
        """The T-65 hits the TIE two or three times at range 2. RR: DESTROYING SHIPS. Two
        cards leave it in play; the third destroys it."""
        rolled = ["hit"] * hits + ["blank"] * (3 - hits)
        game, _, d = resolved_attack(rolled, ["blank"] * 3)
        assert game.state.ships[d].destroyed is destroyed

    def test_excess_damage_cards_are_still_dealt(self):
        """The T-65 rolls 3 hits and a crit at range 1. RR: DAMAGE, RR: DESTROYING SHIPS.
        The TIE is dealt 4 cards (the crit's faceup) and is destroyed."""
        game, _, d = resolved_attack(["hit", "hit", "hit", "crit"], ["blank"] * 3, to=R1)
        assert damage(game, d) == (3, 1)
        assert game.state.ships[d].destroyed

    def test_the_log_says_destroyed_after_excess_damage(self):
        """The T-65 rolls 3 hits and a crit at range 1 against the TIE (hull 3): the third
        card destroys it and a fourth is still dealt. RR: DESTROYING SHIPS, RR: DAMAGE. The
        log names the destruction once, after the summary of the damage that caused it
        (it was lost when more damage was left to suffer)."""
        game, _, d = resolved_attack(["hit", "hit", "hit", "crit"], ["blank"] * 3, to=R1)
        events = [e for e in game.log if e.get("ship") == d]
        kinds = [e["kind"] for e in events]
        assert kinds.count("destroyed") == 1
        summary = next(k for k, e in enumerate(events) if e["kind"] == "damage"
                       and "suffers damage" in e["text"])
        assert kinds.index("destroyed") == summary + 1


def test_a_ship_destroyed_by_the_price_of_an_action_does_not_perform_it():
    """A TIE/ln (hull 3) with two facedown damage cards and Coaxium Hyperfuel bumps a
    friendly ship and pays for its SLAM with 1 critical damage, its third card.
    RR: DESTROYING SHIPS - destroyed outside the Engagement Phase, it is removed from the
    game: it performs no SLAM (its removal waits only for the effects of the moment,
    ruling 15).
    No SLAM maneuver is asked; the ship is removed; player 2 scores it."""
    sc = Scene()
    me = sc.ship("academypilot", at=(400, 300, 0), upgrades=["coaxiumhyperfuel"],
                 damage=[DamageCard("directhit", False, 1), DamageCard("directhit", False, 2)])
    sc.ship("academypilot", at=(400, 420, 180))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    load_dice(game, ["blank"])
    start_at(game, ExecuteManeuver(me, "3FW"), phase="activation")
    assert game.decision.options[0].key == "expose"
    game.answer("crit")
    s = game.state.ships[me]
    assert s.destroyed and s.removed
    assert game.decision is None or game.decision.kind != "slam_maneuver"
    assert not logged(game, "action", "slam")
