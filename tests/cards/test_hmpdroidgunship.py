"""HMP Droid Gunship pilots and the ship ability Networked Aim: each test sets a scene,
states the card's rule and shows the ability changing the outcome (the same scene without
it, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range
bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1, 200 mm at
range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.pilots.hmpdroidgunship import NETWORKED_AIM
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.helpers import (
    Give,
    engage,
    finish,
    modify_with,
    offers,
    option_with,
    pass_all,
    skip_dice,
    values,
)

AIM = NETWORKED_AIM


def ship(game, ship_id):
    return game.state.ships[ship_id]


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["baktoiddrone", "separatistpredator"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules and its ship ability: its
    attack at range 2 (2 dice) hits an undefended target."""
    sc = Scene()
    gunship = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(gunship, target, dice=["hit", "hit"], defense=["blank"] * 3)
    finish(game)
    assert len(ship(game, target).damage) == 2


# ------------------------------------------------------------------ Networked Aim
class TestNetworkedAim:
    def scene(self, own_lock=True, friend_lock=True, cards=None):
        """A Baktoid Drone attacks a TIE at range 2 rolling 2 blanks (rerolls show hits); it
        and a friendly Separatist Predator may hold locks on the TIE."""
        sc = Scene(cards=cards) if cards is not None else Scene()
        drone = sc.ship("baktoiddrone", at=(400, 300, 0), locks=["p2.1"] if own_lock else [])
        sc.ship("separatistpredator", at=(250, 300, 0), locks=["p2.1"] if friend_lock else [])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, drone, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, drone, target)
        skip_dice(game, "modify_attack_dice", drone)
        return game, drone

    def test_rerolls_one_die_per_friendly_lock(self):
        """Two friendly locks on the defender (its own and the Predator's): it rerolls both
        blanks without spending a lock; both come up hits."""
        game, drone = self.scene()
        modify_with(game, AIM, "reroll 2 blank")
        assert ship(game, drone).locks == ["p2.1"]
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_one_lock_one_die(self):
        """Only the Predator's lock: up to 1 die (no option rerolls 2)."""
        game, _ = self.scene(own_lock=False)
        labels = [o.label for o in game.decision.options
                  if (o.info or {}).get("source") == AIM]
        assert labels and all("reroll 1 blank" in label for label in labels)

    def test_cannot_spend_its_lock_to_reroll(self):
        """Its own lock can't be spent to reroll attack dice; the same ship without the ship
        ability's text may spend it (and has no Networked Aim option)."""
        game, _ = self.scene(friend_lock=False)
        assert not offers(game, "lock")
        mine = CardRegistry("no aim", base=CARDS)
        mine.register("ship_ability", AIM, description="no text")
        game, _ = self.scene(friend_lock=False, cards=mine)
        assert offers(game, "lock") and not offers(game, AIM)

    def test_no_friendly_lock_no_reroll(self):
        """No friendly ship has a lock on the defender: nothing is offered, the attack
        misses."""
        game, _ = self.scene(own_lock=False, friend_lock=False)
        assert not offers(game, AIM)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ DGS-047
class TestDGS047:
    def after_attack(self, at):
        sc = Scene()
        dgs = sc.ship("dgs047", at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=at)
        game = engage(sc, dgs, ["blank", "blank"], ["blank"] * 3)
        declare(game, dgs, target)
        skip_dice(game, "use_ability")
        return game, dgs, target

    def test_locks_and_strains_a_defender_in_the_bullseye_arc(self):
        """The defender straight ahead (bullseye arc): DGS-047 acquires a lock on it, then it
        gains 1 strain token."""
        game, dgs, target = self.after_attack((400, 500, 180))
        assert set(values(game)) == {"lock", "nolock"}
        game.answer("lock")
        assert ship(game, dgs).locks == [target]
        assert ship(game, target).has(Token.STRAIN)

    def test_declining_the_lock_still_strains(self):
        """Ruling: the lock is the "may"; the strain follows it either way."""
        game, dgs, target = self.after_attack((400, 500, 180))
        game.answer("nolock")
        assert ship(game, dgs).locks == []
        assert ship(game, target).has(Token.STRAIN)

    def test_front_arc_but_not_bullseye_no_strain(self):
        """The defender in the front arc, off the bullseye: a lock but no strain."""
        game, dgs, target = self.after_attack((480, 500, 180))
        game.answer("lock")
        assert ship(game, dgs).locks == [target]
        assert not ship(game, target).has(Token.STRAIN)

    def test_not_outside_the_front_arc(self):
        """The defender in the full front arc but outside the front arc: the primary attack
        reaches it, but nothing triggers."""
        game, dgs, target = self.after_attack((620, 340, 180))
        pass_all(game)
        assert ship(game, dgs).locks == []
        assert not ship(game, target).has(Token.STRAIN)


# ----------------------------------------------------------- Geonosian Prototype
class TestGeonosianPrototype:
    def scene(self, weapon, tractor=1):
        sc = Scene()
        proto = sc.ship("geonosianprototype", at=(400, 300, 0), upgrades=["ioncannon"])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180), tractor=tractor)
        game = engage(sc, proto, ["blank"] * 3, ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, proto, target, weapon)
        skip_dice(game, "modify_attack_dice", proto)
        return game, target

    def test_removes_a_tractor_token_to_reroll_a_cannon_attack(self):
        """Ion cannon attack against a tractored TIE: the Prototype removes its tractor token
        to reroll 2 blanks, which come up hits."""
        game, target = self.scene("ioncannon")
        modify_with(game, "geonosianprototype", "reroll 2 blank")
        assert not ship(game, target).has(Token.TRACTOR)
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_without_a_tractor_token_nor_in_a_primary_attack(self):
        """No tractor token on the defender, or a primary attack: not offered."""
        game, _ = self.scene("ioncannon", tractor=0)
        assert not offers(game, "geonosianprototype")
        game, _ = self.scene("primary:full_front")
        assert not offers(game, "geonosianprototype")


# ------------------------------------------------------------------------ DGS-286
class TestDGS286:
    def scene(self, friend_x):
        sc = Scene()
        dgs = sc.ship("dgs286", at=(400, 300, 0))
        friend = sc.ship("baktoiddrone", at=(friend_x, 300, 0), calculate=1)
        sc.ship("academypilot", player=2, at=(400, 500, 180))
        return sc.at(Engage(dgs)), dgs, friend

    def test_a_friend_at_range_1_transfers_its_calculate_token(self):
        """Before engaging: DGS-286 chooses a friend at range 1; its calculate token becomes
        DGS-286's."""
        game, dgs, friend = self.scene(500.0)
        assert game.decision.kind == "use_ability"
        game.answer(friend)
        assert ship(game, dgs).has(Token.CALCULATE)
        assert not ship(game, friend).has(Token.CALCULATE)

    def test_not_from_range_2(self):
        """The friend at range 2: nothing to choose, DGS-286 goes on to declare its attack."""
        game, _dgs, friend = self.scene(600.0)
        assert game.decision.kind == "declare_attack"
        assert ship(game, friend).has(Token.CALCULATE)


# ---------------------------------------------------------------- Onderon Oppressor
class TestOnderonOppressor:
    def tractored(self, stress, move):
        """An enemy effect gives the Oppressor a tractor token; player 2 moves it."""
        sc = Scene()
        opp = sc.ship("onderonoppressor", at=(400, 300, 0), stress=stress)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Give(opp, "tractor", 1, 2), phase="activation")
        assert game.decision.kind == "tractor_move"
        game.answer(option_with(game, move))
        pass_all(game)
        return ship(game, opp)

    def test_stressed_after_a_barrel_roll_gains_a_calculate_token(self):
        """Stressed, barrel rolled by a tractor (not an action): it gains 1 calculate token;
        unstressed it gains none."""
        assert self.tractored(1, "barrel roll").has(Token.CALCULATE)
        assert not self.tractored(0, "barrel roll").has(Token.CALCULATE)

    def test_not_after_a_boost(self):
        """Stressed, boosted by the tractor: no calculate token."""
        assert not self.tractored(1, "boost").has(Token.CALCULATE)

    def test_after_a_red_barrel_roll_action(self):
        """Its red barrel roll action stresses it: after the roll it gains 1 calculate
        token."""
        sc = Scene()
        opp = sc.ship("onderonoppressor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(opp, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        while game.decision is not None and game.decision.kind.startswith("barrel_roll"):
            game.answer(game.decision.options[0].key)
        assert ship(game, opp).stressed and ship(game, opp).has(Token.CALCULATE)
