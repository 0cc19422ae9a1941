"""TIE/sk Striker pilots and the Adaptive Ailerons ship ability: each test sets a scene,
states the card's rule and shows the ability changing the outcome (the same scene without
it, or the state before and after).

Geometry: player 1's ships face +y. A small base is 40 mm long: a boost with the
[1 straight] template moves it 80 mm, a [2 straight] maneuver 120 mm; ships 200 mm apart
centre to centre are at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    dice_count,
    logged,
    pass_all,
    values,
)


def striker_scene(pilot: str = "blacksquadronscout", blocker_y: float | None = None,
                  upgrades=(), **setup):
    sc = Scene()
    striker = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **setup)
    if blocker_y is not None:
        sc.ship("academypilot", at=(400, blocker_y, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc, striker


# ----------------------------------------------------------- Adaptive Ailerons
class TestAdaptiveAilerons:
    def test_must_boost_before_revealing_the_dial(self):
        """Adaptive Ailerons: before revealing its dial, an unstressed TIE/sk Striker must
        boost (no "decline"); boosting straight then executing [2 straight] it ends 80 mm
        farther than the maneuver alone would take it. The boost is not an action."""
        sc, striker = striker_scene()
        game = activation(sc, striker, "2FB")
        assert values(game) == ["left", "straight", "right"]
        answer(game, "use_ability", "straight", striker)
        ship = game.state.ships[striker]
        assert ship.pose.y == pytest.approx(500.0)
        assert not ship.actions_done
        assert game.decision.kind == "perform_action"
        assert "boost" not in ship.actions_done

    def test_not_while_stressed(self):
        """Stressed, it does not boost: only the maneuver moves it."""
        sc, striker = striker_scene(stress=1)
        game = activation(sc, striker, "2FB")
        assert game.decision.kind == "perform_action"
        assert game.state.ships[striker].pose.y == pytest.approx(420.0)
        assert not logged(game, "move", "Adaptive Ailerons")

    def test_nothing_happens_when_every_boost_would_fail(self):
        """RR: BOOST - with a friendly ship right ahead every template fails: the boost
        fails and nothing is asked; the ship then executes its maneuver (and bumps)."""
        sc, striker = striker_scene(blocker_y=360)
        game = activation(sc, striker, "1FB")
        assert not logged(game, "move", "Adaptive Ailerons")
        assert logged(game, "move", "partially")


# -------------------------------------------------------------------- "Duchess"
class TestDuchess:
    def test_may_decline_the_ailerons(self):
        """"Duchess": she may choose not to use Adaptive Ailerons: declining, only her
        maneuver moves her."""
        sc, duchess = striker_scene("duchess")
        game = activation(sc, duchess, "2FB")
        assert values(game) == ["left", "straight", "right", "decline"]
        answer(game, "use_ability", "decline", duchess)
        assert game.state.ships[duchess].pose.y == pytest.approx(420.0)

    def test_may_use_them_while_stressed(self):
        """She may use Adaptive Ailerons even while stressed (another Striker may not: see
        TestAdaptiveAilerons.test_not_while_stressed)."""
        sc, duchess = striker_scene("duchess", stress=1)
        game = activation(sc, duchess, "2FB")
        answer(game, "use_ability", "straight", duchess)
        assert game.state.ships[duchess].pose.y == pytest.approx(500.0)


# ------------------------------------------------------------------ "Countdown"
def countdown_game(stress: int = 0):
    sc = Scene()
    enemy = sc.ship("academypilot", at=(400, 300, 0))
    countdown = sc.ship("countdown", player=2, at=(400, 500, 180), stress=stress)
    return attack(sc, enemy, countdown, ["hit", "hit"], ["blank", "blank"]), countdown


class TestCountdown:
    def test_suffers_one_damage_and_a_stress_to_cancel_all_results(self):
        """"Countdown": defending, after Neutralize Results, unstressed, he may suffer 1
        hit damage and gain 1 stress token to cancel all dice results: 1 damage card and a
        stress token instead of 2 damage cards, and the attack misses."""
        game, countdown = countdown_game()
        while game.decision.kind != "use_ability":
            pass_all(game, limit=1)
        answer(game, "use_ability", "use", countdown)
        pass_all(game)
        ship = game.state.ships[countdown]
        assert len(ship.damage) == 1 and ship.count(Token.STRESS) == 1
        assert game.state.attacks == [] or not game.state.attacks[-1].hit

    def test_declined_the_attack_hits(self):
        """Declined, both hits land: 2 damage cards, no stress token."""
        game, countdown = countdown_game()
        while game.decision.kind != "use_ability":
            pass_all(game, limit=1)
        answer(game, "use_ability", "decline", countdown)
        pass_all(game)
        ship = game.state.ships[countdown]
        assert len(ship.damage) == 2 and not ship.stressed

    def test_not_while_stressed(self):
        """Stressed, he is not asked: 2 damage cards."""
        game, countdown = countdown_game(stress=1)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert len(game.state.ships[countdown].damage) == 2


# --------------------------------------------------------------- "Pure Sabacc"
def sabacc_game(damage_cards: int):
    sc = Scene()
    sabacc = sc.ship("puresabacc", at=(400, 300, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))

    def hurt(game):
        game.state.ships[sabacc].damage = [DamageCard("directhit", False, serial=i)
                                           for i in range(damage_cards)]

    return attack(sc, sabacc, enemy, ["hit"] * 4, ["blank"] * 3, before=hurt), sabacc


class TestPureSabacc:
    def test_rolls_one_more_die_with_one_damage_card(self):
        """"Pure Sabacc": attacking with 1 or fewer damage cards, he may roll 1 additional
        attack die: 4 dice at range 2 instead of 3."""
        game, sabacc = sabacc_game(1)
        answer(game, "use_ability", "use", sabacc)
        pass_all(game)
        assert dice_count(game, 0) == 4

    def test_declined_he_rolls_three(self):
        game, sabacc = sabacc_game(0)
        answer(game, "use_ability", "decline", sabacc)
        pass_all(game)
        assert dice_count(game, 0) == 3

    def test_not_with_two_damage_cards(self):
        """With 2 damage cards he is not asked: 3 dice."""
        game, _ = sabacc_game(2)
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert dice_count(game, 0) == 3


# ------------------------------------------------------------------ "Vagabond"
class TestVagabond:
    def test_drops_a_device_after_the_ailerons_boost(self):
        """"Vagabond" (RR errata): after moving with Adaptive Ailerons, unstressed, he may
        drop 1 device: his Proximity Mine is dropped and its card loses a charge."""
        sc, vagabond = striker_scene("vagabond", upgrades=["proximitymines"])
        game = activation(sc, vagabond, "2FB")
        answer(game, "use_ability", "straight", vagabond)
        assert game.decision.kind == "launch_device"
        answer(game, "launch_device", "proximitymines@1F", vagabond)
        assert [d.card for d in game.state.devices] == ["proximitymines"]
        assert game.state.ships[vagabond].charges["proximitymines"].active == 1

    def test_may_decline(self):
        sc, vagabond = striker_scene("vagabond", upgrades=["proximitymines"])
        game = activation(sc, vagabond, "2FB")
        answer(game, "use_ability", "straight", vagabond)
        answer(game, "launch_device", "decline", vagabond)
        assert not game.state.devices

    def test_not_while_stressed(self):
        """Stressed, he neither boosts nor drops a device."""
        sc, vagabond = striker_scene("vagabond", upgrades=["proximitymines"], stress=1)
        game = activation(sc, vagabond, "2FB")
        assert "launch_device" not in pass_all(game)
        assert not game.state.devices
