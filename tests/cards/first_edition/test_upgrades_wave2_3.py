"""First-edition wave 2 bombs: Seismic Charges and Proximity Mines, on a Bounty Hunter
(Firespray-31, large base, bomb slot) at (400, 300) facing +y: a token dropped with the
[1 straight] template lies behind it, centred near (400, 220). Scenes on a first-edition
table (``Scene(ruleset="1e")``). Rookie Pilot: X-wing (2 shields; ``shields=0`` to see damage
cards), Academy Pilot: TIE fighter (hull 3, no shields)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.payloads import DetonateBombs, place_devices_at
from tallon.engine.state import Token
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, start_at
from tests.cards.first_edition.helpers_1e import has_card
from tests.cards.helpers import Give, activation, pass_all, values

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
HUNTER = "1e-firespray31-bountyhunter"
SEISMIC = "1e-seismiccharges"
PROXIMITY = "1e-proximitymines"


def rolls_for(game, device_prefix: str) -> int:
    return sum(1 for e in game.log if e["kind"] == "roll" and device_prefix in e["text"])


# ---------------------------------------------------------------- Seismic Charges
class TestSeismicCharges:
    def _dropped(self, extra=None):
        """The Bounty Hunter reveals a 1 straight and drops the charge behind it; a TIE
        at range 1 of the token, another far away."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=[SEISMIC])
        near = sc.ship(ACADEMY, player=2, at=(400, 150, 0))
        far = sc.ship(ACADEMY, player=2, at=(700, 150, 0))
        if extra:
            extra(sc)
        game = activation(sc, a, "1FB")
        assert game.decision.kind == "launch_device" and "1F" in values(game)
        game.answer("1F")
        pass_all(game)
        return game, a, near, far

    def test_detonates_at_range_1(self):
        """At the end of the Activation phase the charge detonates: the TIE at range 1 of
        it suffers 1 damage, the far one none; the card was discarded."""
        game, a, near, far = self._dropped()
        assert not has_card(game, a, SEISMIC) and len(game.state.devices) == 1
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        s = game.state.ships
        assert len(s[near].damage) == 1 and not s[far].damage and not game.state.devices

    def test_friendly_ships_too(self):
        """Each ship at range 1 suffers the damage, friendly ones included (an X-wing of
        the Bounty Hunter's player loses a shield)."""
        game, _, _, _ = self._dropped(lambda sc: sc.ship(ROOKIE, at=(470, 200, 0)))
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        assert game.state.ships["p1.2"].shields == 1

    def test_declined_nothing_dropped(self):
        """Declining, nothing is dropped and the card stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=[SEISMIC])
        sc.ship(ACADEMY, player=2, at=(400, 150, 0))
        game = activation(sc, a, "1FB")
        game.answer("decline")
        pass_all(game)
        assert not game.state.devices and has_card(game, a, SEISMIC)

    def test_not_without_revealing_a_dial(self):
        """An ionized ship reveals no dial (reference card (1e), Ion Token): no drop."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=[SEISMIC], ion=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = activation(sc, a, "1FB")
        assert game.decision is None or game.decision.kind != "launch_device"
        pass_all(game)
        assert not game.state.devices

    def test_faq_stealth_device_is_kept(self):
        """FAQ (1e), Stealth Device: the seismic charge's damage is no attack, so an X-wing
        with Stealth Device at range 1 of it keeps the card."""
        game, _, _, _ = self._dropped(
            lambda sc: sc.ship(ROOKIE, player=2, at=(470, 200, 0),
                               upgrades=["1e-stealthdevice"]))
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        assert game.state.ships["p2.3"].shields == 1
        assert has_card(game, "p2.3", "1e-stealthdevice")


# --------------------------------------------------------------- Proximity Mines
def _mine_scene():
    sc = Scene(ruleset="1e")
    a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=[PROXIMITY])
    return sc, a


def _drop(sc, a):
    game = sc.at(PerformAction(a, during_activation=True), phase="activation")
    assert "1e-proximitymines:drop" in values(game)
    game.answer("1e-proximitymines:drop")
    if game.decision is not None and game.decision.kind == "card_action":
        game.answer(values(game)[0])
    return game


class TestProximityMines:
    def test_a_ship_moving_through_rolls_3_dice(self):
        """The mine is dropped (the card discarded); an X-wing without shields flies a 3
        straight over it, rolls 3 attack dice and suffers the 2 hits."""
        sc, a = _mine_scene()
        x = sc.ship(ROOKIE, player=2, at=(400, 60, 0), shields=0)
        game = _drop(sc, a)
        pass_all(game)
        assert not has_card(game, a, PROXIMITY) and len(game.state.devices) == 1
        game.state.ships[x].dial_set = "3FW"
        load_dice(game, ["hit", "hit", "blank"])
        from tallon.engine.rounds import Activate

        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        assert len(game.state.ships[x].damage) == 2 and not game.state.devices

    def test_a_ship_passing_beside_it_is_untouched(self):
        """An X-wing flying past 150 mm to the side does not set it off."""
        sc, a = _mine_scene()
        x = sc.ship(ROOKIE, player=2, at=(550, 60, 0), shields=0)
        game = _drop(sc, a)
        pass_all(game)
        game.state.ships[x].dial_set = "3FW"
        from tallon.engine.rounds import Activate

        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        assert not game.state.ships[x].damage and len(game.state.devices) == 1

    def test_not_while_stressed(self):
        """A stressed ship cannot perform the action."""
        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(400, 300, 0), upgrades=[PROXIMITY], stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        assert game.decision is None or "1e-proximitymines:drop" not in values(game)

    def test_faq_dropped_on_a_ship_detonates(self):
        """FAQ (1e), Proximity Mines errata: a mine dropped on a ship lies under its base
        and detonates at once."""
        sc, a = _mine_scene()
        x = sc.ship(ACADEMY, player=2, at=(400, 220, 0))
        game = _drop(sc, a)
        load_dice(game, ["hit", "hit", "blank"])
        pass_all(game)
        assert len(game.state.ships[x].damage) == 2 and not game.state.devices

    def test_faq_dropped_under_two_ships_the_dropper_chooses(self):
        """FAQ (1e), Proximity Mines: dropped overlapping two ships, the player dropping it
        chooses which suffers its effect."""
        sc, a = _mine_scene()
        b = sc.ship(ACADEMY, player=2, at=(380, 220, 0))
        c = sc.ship(ACADEMY, player=2, at=(420, 220, 0))
        game = _drop(sc, a)
        assert game.decision.kind == "device_target" and game.decision.player == 1
        assert set(values(game)) == {b, c}
        load_dice(game, ["hit", "blank", "blank"])
        game.answer(c)
        pass_all(game)
        assert len(game.state.ships[c].damage) == 1 and not game.state.ships[b].damage

    def test_faq_a_boost_overlapping_it_sets_it_off(self):
        """FAQ (1e), Proximity Mines errata: a ship performing a boost that overlaps the
        token sets it off."""
        sc, a = _mine_scene()
        x = sc.ship("1e-awing-greensquadronpilot", player=2, at=(400, 150, 0), shields=0)
        game = _drop(sc, a)
        pass_all(game)
        load_dice(game, ["hit", "blank", "blank"])
        start_at(game, PerformAction(x, during_activation=True), phase="activation")
        game.answer("boost")
        game.answer(values(game)[0] if "straight" not in str(values(game))
                    else next(v for v in values(game) if "straight" in str(v)))
        pass_all(game)
        assert rolls_for(game, "1eproximitymine") == 1

    def test_faq_r2d2_recovers_after_the_mine_rolls(self):
        """FAQ (1e), R2-D2: a ship executing a green maneuver over a proximity mine rolls
        for its damage before R2-D2 recovers the shield: the X-wing without shields is
        dealt the hit as a card, then recovers 1 shield (not the other way around)."""
        from tallon.engine.rounds import Activate

        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(700, 300, 0), upgrades=[PROXIMITY])
        x = sc.ship(ROOKIE, player=2, at=(400, 60, 0), shields=0, upgrades=["1e-r2d2"])
        game = sc.game()
        place_devices_at(game, game.state.ships[a], PROXIMITY, Pose(400, 160, 180), "")
        game.state.ships[x].dial_set = "2FB"
        load_dice(game, ["hit", "blank", "blank"])
        start_at(game, Activate(x), phase="activation")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        ship = game.state.ships[x]
        assert ship.shields == 1 and len(ship.damage) == 1

    def test_faq_every_mine_overlapped_detonates(self):
        """FAQ (1e), Proximity Mines: a maneuver overlapping two mines sets both off, even
        when the first destroys the ship: both detonate and are discarded (the destroyed
        ship, removed, rolls no dice for the second)."""
        from tallon.engine.rounds import Activate
        from tallon.engine.state import DamageCard

        sc = Scene(ruleset="1e")
        a = sc.ship(HUNTER, at=(700, 300, 0), upgrades=[PROXIMITY])
        x = sc.ship(ROOKIE, player=2, at=(400, 60, 0), shields=0,
                    damage=[DamageCard("1e-core-consolefire", False, 90),
                            DamageCard("1e-core-consolefire", False, 91)])
        game = sc.game()
        for y in (160, 220):
            place_devices_at(game, game.state.ships[a], PROXIMITY, Pose(400, y, 180), "")
        game.state.ships[x].dial_set = "4FW"
        load_dice(game, ["hit", "hit", "hit", "hit", "blank", "blank"])
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        assert game.state.ships[x].destroyed and rolls_for(game, "1eproximitymine") == 1
        assert any(e["text"] == "1eproximitymine-2 detonates" for e in game.log)
        assert not game.state.devices


# keep the imports used by some scenes
_ = (Give, Token)
