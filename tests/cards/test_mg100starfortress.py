"""MG-100 StarFortress pilots: each card in a scene built for it, compared with the same
scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.cards.common import is_me
from tallon.engine.abilities import CardRegistry, Triggered
from tallon.engine.effects import gain_token
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, SystemTurn
from tallon.engine.state import Token
from tallon.geometry import at_range
from tallon.geometry.overlap import ships_overlapped
from tallon.scene import Scene, start_at
from tests.cards.helpers import (
    attack,
    finish,
    modify_with,
    offers,
    pass_on,
    rolled,
    skip_to,
    values,
)
from tests.rules.device_helpers import put


def asked(game) -> list[tuple[str, str]]:
    """Pass on every decision to the end; the (kind, ship) of each one asked."""
    found = []
    while game.decision is not None:
        found.append((game.decision.kind, game.decision.ship))
        pass_on(game)
    return found


def has_rattled(game, ship_id: str) -> bool:
    return any(c.card == "rattled" for c in game.state.ships[ship_id].conditions)


# --------------------------------------------------------------------------- Cat
class TestCat:
    def dice(self, pilot: str = "cat", owner: int = 1) -> int:
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = attack(sc, me, tie, dice=["hit"] * 4, defense=["blank"] * 3,
                      before=lambda g: put(g, "protonbombs", (400, 580, 0), owner=owner))
        finish(game)
        return len(rolled(game, me))

    def test_a_friendly_device_near_the_defender_adds_a_die(self):
        """A friendly proton bomb at range 0-1 of the TIE: Cat's primary attack rolls 4
        dice instead of 3; the generic StarFortress rolls 3."""
        assert self.dice() == 4
        assert self.dice("cobaltsquadronbomber") == 3

    def test_an_enemy_device_does_not_count(self):
        """The bomb is the enemy's: 3 dice."""
        assert self.dice(owner=2) == 3


# ------------------------------------------------------------------------ Vennie
class TestVennie:
    def scene(self, turret: str):
        sc = Scene()
        me = sc.ship("vennie", at=(400, 300, 0), turret=turret, focus=1)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, me, dice=["hit", "hit"], defense=["evade"])
        if turret == "front":
            skip_to(game, "modify_defense_dice", me)
        return game, me

    def test_attacker_in_her_turret_arc_she_adds_a_focus(self):
        """Her turret points forward at the attacking TIE: she adds a focus result and
        spends her focus token, so both hits are canceled. Passing instead, 1 hit lands
        on her shields."""
        game, me = self.scene("front")
        shields = game.state.ships[me].shields
        modify_with(game, "vennie")
        modify_with(game, "focus")
        finish(game)
        assert game.state.ships[me].shields == shields
        game, me = self.scene("front")
        finish(game)
        assert game.state.ships[me].shields == shields - 1

    def test_not_outside_the_turret_arcs(self):
        """Her turret points left and right: the TIE in front is in no friendly turret
        arc and nothing is offered."""
        game, me = self.scene("left")
        assert not offers(game, "vennie")
        finish(game)
        assert game.state.ships[me].shields == 2  # of 3: 1 hit landed


# --------------------------------------------------------------------- Ben Teene
class TestBenTeene:
    def fire(self, pilot: str, turret: str):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), turret=turret)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["blank"] * 3, defense=["blank"] * 3)
        finish(game)
        return game, tie

    def test_defender_in_his_turret_arc_is_rattled(self):
        """Ben Teene attacks a TIE his turret points at: it is assigned Rattled (even on a
        miss); the generic StarFortress's attack assigns nothing."""
        game, tie = self.fire("benteene", "front")
        assert has_rattled(game, tie)
        game, tie = self.fire("cobaltsquadronbomber", "front")
        assert not has_rattled(game, tie)

    def test_not_outside_his_turret_arc(self):
        """His turret points left and right; he attacks the TIE with his front arc: no
        Rattled."""
        game, tie = self.fire("benteene", "left")
        assert not has_rattled(game, tie)


# -------------------------------------------------------------------- Edon Kappehl
class TestEdonKappehl:
    def fly(self, dial: str, pilot: str = "edonkappehl", placed: bool = False):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=["protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        ship = game.state.ships[me]
        ship.dial_set = dial
        if placed:
            ship.device_placed = (game.state.round, "system")
        start_at(game, Activate(me), phase="activation")
        return game, me

    def test_after_a_blue_maneuver_he_drops_a_bomb(self):
        """After his blue [2 straight] Edon drops a proton bomb, paying 1 of its 2
        charges."""
        game, me = self.fly("2FB")
        skip_to(game, "launch_device", me)
        assert "protonbombs@1F" in values(game)
        game.answer("protonbombs@1F")
        assert len(game.state.devices) == 1
        assert game.state.ships[me].charges["protonbombs"].active == 1

    def test_generic_pilot_drops_nothing(self):
        """The generic StarFortress after the same maneuver is not offered a drop."""
        game, me = self.fly("2FB", pilot="cobaltsquadronbomber")
        assert ("launch_device", me) not in asked(game)
        assert not game.state.devices

    def test_not_after_a_red_maneuver_or_a_device_this_round(self):
        """A red [1 turn], or a device already dropped this round: no drop offered."""
        game, me = self.fly("1TR")
        assert ("launch_device", me) not in asked(game)
        game, me = self.fly("2FB", placed=True)
        assert ("launch_device", me) not in asked(game)
        assert not game.state.devices


# ---------------------------------------------------------------------- Paige Tico
class TestPaigeTico:
    def drop(self, pilot: str = "paigetico", charge: int = 1):
        sc = Scene()
        extra = {"charges": {"paigetico": charge}} if pilot == "paigetico" else {}
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=["protonbombs"], **extra)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(SystemTurn(me), phase="system")
        game.answer("1F")  # Proton Bombs' own System Phase drop
        return game, me

    def test_after_dropping_she_drops_another(self):
        """After dropping a proton bomb Paige spends her charge to drop the second one
        (paying the bomb card's charge too): 2 bombs in play."""
        game, me = self.drop()
        assert "protonbombs@1F" in values(game)
        game.answer("protonbombs@1F")
        ship = game.state.ships[me]
        assert len(game.state.devices) == 2
        assert ship.charges["paigetico"].active == 0
        assert ship.charges["protonbombs"].active == 0

    def test_generic_pilot_or_no_charge(self):
        """The generic StarFortress, or Paige without her charge, drops just 1 bomb."""
        for pilot, charge in (("cobaltsquadronbomber", 1), ("paigetico", 0)):
            game, me = self.drop(pilot, charge)
            assert ("launch_device", me) not in asked(game)
            assert len(game.state.devices) == 1

    def test_not_after_launching(self):
        """A device she launched (not dropped) gives no additional drop; the same device
        dropped does."""
        sc = Scene()
        me = sc.ship("paigetico", at=(400, 300, 0), upgrades=["protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        bomb = put(game, "protonbombs", (400, 420, 0))
        start_at(game, FireWindow.of("after_device_placed", ship=me, device=bomb,
                                     launched=True), phase="system")
        assert ("launch_device", me) not in asked(game)
        assert len(game.state.devices) == 1
        game = sc.game()
        bomb = put(game, "protonbombs", (400, 180, 180))
        start_at(game, FireWindow.of("after_device_placed", ship=me, device=bomb,
                                     launched=False), phase="system")
        assert game.decision.kind == "launch_device" and game.decision.ship == me


# -------------------------------------------------------------------- Finch Dallow
class TestFinchDallow:
    @staticmethod
    def system(pilot: str = "finchdallow", upgrade: str = "protonbombs", cards=None,
               **extra):
        """The StarFortress at (400, 300) with ``upgrade`` at its System Phase turn."""
        sc = Scene(cards=cards) if cards is not None else Scene()
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=[upgrade], **extra)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        return sc.at(SystemTurn(me), phase="system"), me

    @staticmethod
    def touching(game) -> list[str]:
        return [k for k in values(game) if str(k).startswith("touch@")]

    def test_places_the_bomb_touching_him(self):
        """Instead of dropping his proton bomb from the rear guides, Finch places it by
        hand at one of the spots offered around his base: it lies there, touching him (at
        range 0, not overlapping his base), and the bomb card's charge is spent."""
        game, me = self.system()
        spots = self.touching(game)
        assert len(spots) >= 8 and "1F" in values(game)
        side = next(k for k in spots if k.endswith(",270"))  # set out to his left
        game.answer(side)
        bomb = game.state.devices[0]
        assert bomb.pose.x < 360 and abs(bomb.pose.y - 300) < 1e-6
        ship = game.state.ships[me]
        assert at_range(ship.body, bomb.body, 0)
        assert me not in ships_overlapped(game.state.table(), bomb.body)
        assert ship.charges["protonbombs"].active == 1
        assert ship.device_placed == (game.state.round, "system")

    def test_every_spot_touches_him(self):
        """Each spot offered leaves the bomb at range 0 of his base without overlapping
        it (ruling: spots touching only a guide are not offered)."""
        game, me = self.system()
        ship = game.state.ships[me]
        for key in self.touching(game):
            game2, _ = self.system()
            game2.answer(key)
            body = game2.state.devices[0].body
            assert at_range(ship.body, body, 0), key
            assert me not in ships_overlapped(game2.state.table(), body), key

    def test_generic_pilot_only_drops(self):
        """The Cobalt Squadron Bomber with the same bomb is offered only the rear drop,
        which lands behind it."""
        game, _ = self.system("cobaltsquadronbomber")
        assert not self.touching(game)
        game.answer("1F")
        assert game.state.devices[0].pose.y < 260

    def test_not_for_a_mine(self):
        """A proximity mine is not a bomb: Finch may only drop it."""
        game, _ = self.system(upgrade="proximitymines")
        assert not self.touching(game) and "1F" in values(game)

    def test_placed_is_not_dropped(self):
        """Ruling: the bomb placed touching him was not dropped, so an "after you drop a
        device" ability (a test card's: gain a focus token) does not trigger; after a rear
        drop it does."""
        mine = CardRegistry("finch with an after-drop ability", base=CARDS)
        mine.register("pilot", "finchdallow",
                      *CARDS.spec("pilot", "finchdallow").abilities(),
                      Triggered("gain a focus token", window="after_device_placed",
                                optional=False, requirement=is_me,
                                effect=lambda ctx, choice: gain_token(
                                    ctx.game, ctx.ship, Token.FOCUS)),
                      description="Finch Dallow, and a focus token after a drop")
        game, me = self.system(cards=mine)
        game.answer(self.touching(game)[0])
        asked(game)
        assert not game.state.ships[me].has(Token.FOCUS)
        game, me = self.system(cards=mine)
        game.answer("1F")
        asked(game)
        assert game.state.ships[me].has(Token.FOCUS)
