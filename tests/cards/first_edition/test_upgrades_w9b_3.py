"""First-edition upgrades of the M12-L Kimogila, Phantom II, TIE Silencer, Resistance Bomber,
Saw's Renegades and TIE Reaper expansion packs, continued (Rattled, Flight-Assist
Astromech, Renegade Refit, Deflective Plating; :mod:`test_upgrades_w9b_2` has the scene
helpers)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.state import ConditionCard
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.first_edition.helpers_1e import run_to
from tests.cards.first_edition.test_pilots_w9b import ACADEMY, BOMBER, ROOKIE, UWING, Y
from tests.cards.first_edition.test_upgrades_w9b_2 import conditions
from tests.cards.helpers import activation, engage, pass_all, values


# --------------------------------------------------------------------------- Rattled
def _seismic(game, x: float, y: float):
    from tallon.engine.payloads import PlacedDevice, outline_of
    from tallon.geometry import Pose

    card = "1e-seismiccharges"
    device = PlacedDevice(f"d2.{len(game.state.devices) + 1}", card, "1eseismiccharge", "bomb",
                          2, Pose(x, y, 0.0), outline_of(card))
    game.state.devices = [*game.state.devices, device]
    game.state.moved()


class TestRattled:
    RATTLED = "1e-rattled"

    def _bombed(self, rattled):
        from tallon.engine.payloads import DetonateBombs

        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), shields=0,
                    conditions=[ConditionCard(self.RATTLED, 2, True)] if rattled else [])
        sc.ship(BOMBER, player=2, at=(400, 800, 180))
        game = sc.game()
        _seismic(game, 400, 250)
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        return game, a

    def test_bomb_damage_adds_a_crit(self):
        """A seismic charge at Range 1 of the rattled, shieldless X-wing: 1 damage plus 1
        critical damage (2 cards), then the condition is removed; unrattled: 1 card."""
        game, a = self._bombed(True)
        assert len(game.state.ships[a].damage) == 2
        assert self.RATTLED not in conditions(game, a)
        game, a = self._bombed(False)
        assert len(game.state.ships[a].damage) == 1

    def test_attack_damage_unchanged(self):
        """An attack's damage is not a bomb's: no extra critical damage, the card stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BOMBER, at=(400, 300, 0))
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), shields=0,
                    conditions=[ConditionCard(self.RATTLED, 1, True)])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        pass_all(game)
        assert len(game.state.ships[d].damage) == 1
        assert self.RATTLED in conditions(game, d)

    def _action(self, face):
        from tallon.scene import load_dice as load

        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0),
                    conditions=[ConditionCard(self.RATTLED, 2, True)])
        sc.ship(BOMBER, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        load(game, [face])
        action = next(k for k in values(game) if self.RATTLED in k)
        game.answer(action)
        pass_all(game)
        return game, a

    def test_action_removes_it_on_focus_or_hit(self):
        """Its action: a focus result removes the card; a blank leaves it."""
        game, a = self._action("focus")
        assert self.RATTLED not in conditions(game, a)
        game, a = self._action("blank")
        assert self.RATTLED in conditions(game, a)


# ---------------------------------------------------------- Flight-Assist Astromech
class TestFlightAssistAstromech:
    CARD = "1e-flightassistastromech"
    YWING = "1e-ywing-goldsquadronpilot"
    TURRET = "1e-ioncannonturret"

    def _targets(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(self.YWING, at=(400, 300, 0), upgrades=upgrades)
        sc.ship(ROOKIE, player=2, at=(560, 300, 90))
        from tallon.engine.attack import Engage

        game = sc.at(Engage(a))
        if game.decision is None:  # no target at all: no declaration is asked
            return []
        return [o.info["weapon"] for o in game.decision.options if o.info]

    def test_turret_cannot_attack_outside_the_arc(self):
        """An X-wing beside the Y-wing (outside its front arc): without the astromech its
        Ion Cannon Turret may attack it; with it, nothing can."""
        assert self.TURRET in self._targets([self.TURRET])
        assert self.TURRET not in self._targets([self.TURRET, self.CARD])

    def _move(self, enemy_x):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 200, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(enemy_x, 600, 180))
        return activation(sc, a, "1FW"), a

    def test_free_boost_or_roll_with_no_enemy_in_arc(self):
        """After a clean maneuver with no enemy in its arc the X-wing may perform a free
        boost or barrel roll (neither on its bar)."""
        game, a = self._move(850.0)
        decision = run_to(game, "use_ability")
        assert decision is not None and decision.ship == a
        assert {"boost", "barrel_roll"} <= set(decision.option_keys())

    def test_not_with_an_enemy_in_arc(self):
        """A TIE ahead inside its arc: nothing offered."""
        game, _a = self._move(400.0)
        assert run_to(game, "use_ability") is None


# ------------------------------------------------------------------ Renegade Refit
class TestRenegadeRefit:
    def test_plays_without_an_ability(self):
        """Squad building only: a U-wing with Renegade Refit and two different
        modifications sets up and plays (the refit has no ability in play)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(UWING, at=(400, 300, 0),
                    upgrades=["1e-renegaderefit", "1e-hullupgrade", "1e-shieldupgrade"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.decision.kind == "set_dial"
        ship = game.state.ships[a]
        assert "1e-renegaderefit" in ship.upgrades and ship.hull == 5


# ------------------------------------------------------------- Deflective Plating
class TestDeflectivePlating:
    CARD = "1e-deflectiveplating"

    def _detonate(self, owner=1, second=False, die="blank"):
        from tallon.engine.payloads import DetonateBombs, PlacedDevice, outline_of
        from tallon.geometry import Pose

        sc = Scene(ruleset="1e")
        a = sc.ship(BOMBER, at=(400, 300, 0), upgrades=[self.CARD], shields=0)
        b = sc.ship(BOMBER, at=(480, 300, 0), upgrades=[self.CARD] if second else [],
                    shields=0)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        card = "1e-seismiccharges"
        device = PlacedDevice("d9", card, "1eseismiccharge", "bomb", owner,
                              Pose(440, 240, 0.0), outline_of(card))
        game.state.devices = [device]
        game.state.moved()
        start_at(game, DetonateBombs(), phase="activation")
        load_dice(game, [die])
        return game, a, b

    def test_ignores_a_friendly_bomb(self):
        """A friendly seismic charge detonates beside two bombers; the one with Deflective
        Plating chooses not to suffer it (its die a blank: it keeps the card); the other
        suffers 1 damage."""
        game, a, b = self._detonate()
        assert game.decision.kind == "replacement" and game.decision.ship == a
        game.answer("use")
        pass_all(game)
        assert not game.state.ships[a].damage and self.CARD in game.state.ships[a].upgrades
        assert len(game.state.ships[b].damage) == 1

    def test_hit_discards_the_card(self):
        """Its die shows a hit: it still ignores the charge, and the card is discarded."""
        game, a, _b = self._detonate(die="hit")
        game.answer("use")
        pass_all(game)
        assert not game.state.ships[a].damage and self.CARD not in game.state.ships[a].upgrades

    def test_declined_suffers_it(self):
        """Declined: it suffers 1 damage too."""
        game, a, _b = self._detonate()
        game.answer("decline")
        pass_all(game)
        assert len(game.state.ships[a].damage) == 1

    def test_each_plated_ship_chooses(self):
        """Two bombers with the card: each is asked; one ignores it, the other suffers."""
        game, a, b = self._detonate(second=True)
        game.answer("use")
        asked = []
        while (decision := run_to(game, "use_ability")) is not None:
            asked.append(decision.ship)
            game.answer("use" if decision.ship == a else "decline")
        assert asked == [a, b]
        assert not game.state.ships[a].damage and len(game.state.ships[b].damage) == 1

    def test_not_for_an_enemy_bomb(self):
        """An enemy seismic charge: nothing is offered, both suffer 1 damage."""
        game, a, _b = self._detonate(owner=2)
        pass_all(game)
        assert len(game.state.ships[a].damage) == 1
