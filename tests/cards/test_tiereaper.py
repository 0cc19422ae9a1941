"""TIE Reaper pilots and the Controlled Ailerons ship ability: each test sets a scene, states
the card's rule and shows the ability changing the outcome (the same scene without it, or
the state before and after).

Geometry: player 1's ships face +y. The TIE Reaper's medium base is 60 mm long: a boost
with the [1 straight] template moves it 100 mm, a [2 straight] maneuver 140 mm."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)


def pass_noting(game, card: str) -> bool:
    """Pass on everything to the end; whether ``card`` was ever offered a dice
    modification."""
    seen = False
    while game.decision is not None:
        seen = seen or offers(game, card)
        pass_all(game, limit=1)
    return seen


def reaper_scene(pilot: str = "scarifbasepilot", blocker_x: float | None = None,
                 **setup):
    sc = Scene()
    reaper = sc.ship(pilot, at=(400, 300, 0), **setup)
    if blocker_x is not None:
        sc.ship("academypilot", at=(blocker_x, 440, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc, reaper


# ---------------------------------------------------------- Controlled Ailerons
class TestControlledAilerons:
    def test_boosts_before_revealing_the_dial(self):
        """Controlled Ailerons: before revealing its dial, an unstressed TIE Reaper may
        boost. Boosting straight, then executing [2 straight], it ends 100 mm farther than
        without the boost; the boost is not an action."""
        sc, reaper = reaper_scene()
        game = activation(sc, reaper, "2FB")
        assert values(game) == ["left", "straight", "right", "decline"]
        answer(game, "use_ability", "straight", reaper)
        kinds = [e["kind"] for e in game.log]
        assert kinds.index("move") < kinds.index("reveal")
        ship = game.state.ships[reaper]
        assert ship.pose.y == pytest.approx(540.0)
        assert not ship.actions_done  # RR: BOOST - not the boost action

    def test_may_decline(self):
        """The same scene, declined: only the [2 straight] maneuver moves the ship."""
        sc, reaper = reaper_scene()
        game = activation(sc, reaper, "2FB")
        answer(game, "use_ability", "decline", reaper)
        assert game.state.ships[reaper].pose.y == pytest.approx(440.0)

    def test_not_while_stressed(self):
        """Stressed, the ship may not boost: the first question is its Perform Action step
        (the blue maneuver removed the stress token)."""
        sc, reaper = reaper_scene(stress=1)
        game = activation(sc, reaper, "2FB")
        assert game.decision.kind == "perform_action"
        assert game.state.ships[reaper].pose.y == pytest.approx(440.0)

    def test_not_while_ionized(self):
        """Ruling: an ionized ship skips its Reveal Dial step (RR: ION), so "before you
        reveal your dial" does not happen: no boost, only the ion maneuver."""
        sc, reaper = reaper_scene(tokens={"ion": 2})
        game = activation(sc, reaper, "2FB")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[reaper].pose.y == pytest.approx(400.0)  # [1 straight]

    @pytest.mark.parametrize("x, offered", [(440, ["left"]), (360, ["right"]),
                                            (470, ["left", "straight"])])
    def test_a_boost_that_would_fail_is_not_offered(self, x, offered):
        """RR: BOOST - the player can't choose a boost that would fail (here overlapping a
        friendly ship ahead); the others are offered."""
        sc, reaper = reaper_scene(blocker_x=x)
        game = activation(sc, reaper, "2FB")
        assert values(game) == [*offered, "decline"]


# --------------------------------------------------------------------- "Vizier"
def vizier_scene():
    sc = Scene()
    vizier = sc.ship("vizier", at=(400, 300, 0))
    friend = sc.ship("academypilot", at=(550, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return activation(sc, vizier, "2FB"), vizier, friend


class TestVizier:
    def test_coordinates_after_the_ailerons_boost_and_skips_the_action_step(self):
        """"Vizier": after moving with Controlled Ailerons he may perform a coordinate
        action (white: the card states no colour, RR: FAQ); if he does, he skips his Perform
        Action step. The friend acts, Vizier gains no stress and is not asked to act."""
        game, vizier, friend = vizier_scene()
        answer(game, "use_ability", "straight", vizier)
        assert values(game) == ["coordinate", "decline"]
        answer(game, "use_ability", "coordinate", vizier)
        answer(game, "coordinate_target", friend, vizier)
        answer(game, "perform_action", "focus", friend)
        assert game.decision is None  # no Perform Action step for Vizier
        ship = game.state.ships[vizier]
        assert game.state.ships[friend].has(Token.FOCUS)
        assert "coordinate" in ship.actions_done and not ship.stressed

    def test_declined_he_keeps_his_action_step(self):
        """Declining the coordinate, Vizier performs his Perform Action step as usual."""
        game, vizier, _ = vizier_scene()
        answer(game, "use_ability", "straight", vizier)
        answer(game, "use_ability", "decline", vizier)
        assert game.decision.kind == "perform_action" and game.decision.ship == vizier

    def test_a_failed_coordinate_keeps_the_action_step(self):
        """Ruling (RR: FAIL): with no friendly ship at range 1-2 the coordinate fails, and
        a failed effect triggers nothing after it: Vizier keeps his Perform Action step
        (where the coordinate, already attempted this round, is no longer offered)."""
        sc = Scene()
        vizier = sc.ship("vizier", at=(400, 300, 0))
        sc.ship("academypilot", at=(900, 100, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, vizier, "2FB")
        answer(game, "use_ability", "straight", vizier)
        answer(game, "use_ability", "coordinate", vizier)
        assert game.decision.kind == "perform_action" and game.decision.ship == vizier
        assert "coordinate" not in values(game)

    def test_needs_the_ailerons_move(self):
        """Without the Controlled Ailerons boost there is nothing to follow: no coordinate
        question, and the Perform Action step comes."""
        game, vizier, _ = vizier_scene()
        answer(game, "use_ability", "decline", vizier)
        assert game.decision.kind == "perform_action" and game.decision.ship == vizier


# ------------------------------------------------------------- Captain Feroph
def feroph_game(attacker_tokens=None):
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0), tokens=attacker_tokens or {})
    feroph = sc.ship("captainferoph", player=2, at=(400, 500, 180))
    game = attack(sc, enemy, feroph, ["hit", "hit"], ["blank"])
    return game, feroph


class TestCaptainFeroph:
    def test_changes_a_blank_to_an_evade_against_an_attacker_without_green_tokens(self):
        """Captain Feroph: defending against an attacker with no green tokens, he may
        change 1 blank result to an evade: 2 hits leave 1 damage instead of 2."""
        game, feroph = feroph_game()
        pass_until(game, "modify_defense_dice", feroph)
        modify_with(game, "captainferoph")
        pass_all(game)
        assert game.state.ships[feroph].shields == 1

    def test_not_against_an_attacker_with_a_green_token(self):
        """The attacker holds a focus token (green): nothing is offered, 2 damage."""
        game, feroph = feroph_game({"focus": 1})
        assert not pass_noting(game, "captainferoph")
        assert game.state.ships[feroph].shields == 0


# -------------------------------------------------------------- Major Vermeil
def vermeil_game(defender_tokens=None):
    sc = Scene()
    vermeil = sc.ship("majorvermeil", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180),
                    tokens=defender_tokens or {})
    game = attack(sc, vermeil, enemy, ["blank", "hit", "hit"], ["blank"] * 3)
    return game, vermeil, enemy


class TestMajorVermeil:
    def test_changes_a_blank_to_a_hit_against_a_defender_without_green_tokens(self):
        """Major Vermeil: attacking a defender with no green tokens, he may change 1 blank
        result to a hit: 3 damage instead of 2."""
        game, vermeil, enemy = vermeil_game()
        pass_until(game, "modify_attack_dice", vermeil)
        modify_with(game, "majorvermeil")
        pass_all(game)
        assert len(game.state.ships[enemy].damage) == 3

    def test_not_against_a_defender_with_a_green_token(self):
        """The defender holds a calculate token (green): nothing is offered, 2 damage."""
        game, _, enemy = vermeil_game({"calculate": 1})
        assert not pass_noting(game, "majorvermeil")
        assert len(game.state.ships[enemy].damage) == 2
