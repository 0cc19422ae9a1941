"""Nantex-class Starfighter pilots and the ship ability Pinpoint Tractor Array: each test
sets a scene, states the card's rule and shows the ability changing the outcome (the same
scene without it, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range
bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1, 200 mm at
range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.pilots.nantexclassstarfighter import PINPOINT
from tallon.engine.abilities import CardRegistry
from tallon.engine.action_bodies import rotatable_arcs
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Arc
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import (
    activation,
    dice_count,
    engage,
    finish,
    modify_with,
    offers,
    pass_until,
    skip_dice,
    values,
)


def ship(game, ship_id):
    return game.state.ships[ship_id]


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def without_pinpoint() -> CardRegistry:
    """Tallon's cards, the ship ability played by the rules alone (no text)."""
    mine = CardRegistry("no pinpoint", base=CARDS)
    mine.register("ship_ability", PINPOINT, description="no text")
    return mine


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["stalgasinhiveguard", "petranakiarenaace"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules and its ship ability: its
    bullseye attack at range 2 (3 dice) hits an undefended target."""
    sc = Scene()
    nantex = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(nantex, target, dice=["hit"] * 3, defense=["blank"] * 3)
    finish(game)
    assert len(ship(game, target).damage) == 3


# ---------------------------------------------------------- Pinpoint Tractor Array
class TestPinpointTractorArray:
    def test_the_turret_never_points_to_the_rear_arc(self):
        """The turret indicator (pointing forward) may be rotated to the left or right arc
        but not the rear arc; with the ship ability played without its text the rear arc is
        offered too."""
        sc = Scene()
        nantex = sc.ship("stalgasinhiveguard", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert set(rotatable_arcs(game, ship(game, nantex))) == {Arc.LEFT, Arc.RIGHT}
        sc.cards = without_pinpoint()
        game = sc.game()
        assert Arc.REAR in rotatable_arcs(game, ship(game, nantex))

    def test_gains_a_tractor_token_to_rotate_then_is_moved(self):
        """After fully executing a [2 straight]: the Nantex may gain 1 tractor token to
        perform a rotate action; it rotates its turret to the left arc, and only after the
        rotate does its player get the tractor move (RR: FAQ). Without the ship ability's
        text nothing is asked: the next decision is its Perform Action step."""
        sc = Scene()
        nantex = sc.ship("stalgasinhiveguard", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, nantex, "2FB")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert ship(game, nantex).has(Token.TRACTOR)
        assert game.decision.kind == "rotate_arc"
        game.answer("left")
        assert ship(game, nantex).turret == (Arc.LEFT,)
        assert game.decision.kind == "tractor_move"
        assert game.decision.player == ship(game, nantex).owner

        sc.cards = without_pinpoint()
        game = activation(sc, nantex, "2FB")
        assert game.decision.kind == "perform_action"

    def test_not_after_a_partial_maneuver(self):
        """A ship stands where the [2 straight] would end: the Nantex bumps (partially
        executes), so the ability does not trigger."""
        sc = Scene()
        nantex = sc.ship("stalgasinhiveguard", at=(400, 300, 0))
        sc.ship("stalgasinhiveguard", at=(400, 400, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, nantex, "2FB")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not ship(game, nantex).has(Token.TRACTOR)


# ------------------------------------------------------------------------ Sun Fac
class TestSunFac:
    @pytest.mark.parametrize("defender, tractor, rolled", [
        ("academypilot", 1, 4), ("academypilot", 0, 3),
        # a medium ship needs 2 tractor tokens to be tractored
        ("wardensquadronpilot", 1, 3)])
    def test_one_more_die_against_a_tractored_defender(self, defender, tractor, rolled):
        """Sun Fac's primary attack at range 2 (3 dice): against a tractored defender he
        rolls 4; against one that is not tractored, 3."""
        sc = Scene()
        sun = sc.ship("sunfac", at=(400, 300, 0))
        target = sc.ship(defender, player=2, at=(400, 500, 180), tractor=tractor)
        game = sc.attack(sun, target, dice=["blank"] * rolled, defense=["blank"] * 3)
        skip_dice(game)
        assert dice_count(game, 0) == rolled


# ------------------------------------------------------------------------ Chertek
class TestChertek:
    def scene(self, tractor: int):
        """Chertek attacks a TIE at range 2 rolling 2 blanks and a hit; rerolled dice show
        hits."""
        sc = Scene()
        chertek = sc.ship("chertek", at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, 180), tractor=tractor)
        game = engage(sc, chertek, ["blank", "blank", "hit"], ["blank"] * 3,
                      rerolls=["hit", "hit"])
        declare(game, chertek, target)
        skip_dice(game, "modify_attack_dice", chertek)
        return game

    def test_rerolls_2_dice_against_a_tractored_defender(self):
        """The defender has a tractor token (tractored): Chertek rerolls his 2 blanks, which
        come up hits: 3 hits instead of 1."""
        game = self.scene(1)
        modify_with(game, "chertek", "reroll 2 blank")
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)

    def test_not_against_a_defender_that_is_not_tractored(self):
        """No tractor token on the defender: no reroll is offered and 1 hit stays."""
        game = self.scene(0)
        assert not offers(game, "chertek")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


# ---------------------------------------------------------------------- Berwer Kret
class TestBerwerKret:
    def scene(self, hit: bool = True, friend: str = "baktoiddrone", lock: bool = True):
        """Berwer Kret attacks a TIE at range 2; a friendly ship beside him may hold a lock
        on the TIE."""
        sc = Scene()
        berwer = sc.ship("berwerkret", at=(400, 300, 0))
        other = sc.ship(friend, at=(250, 300, 0), locks=["p2.1"] if lock else [])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(Engage(berwer))
        load_dice(game, ["hit" if hit else "blank"] * 3, ["blank"] * 3)
        declare(game, berwer, target)
        return game, other

    def test_a_locking_calculate_ship_may_perform_a_red_calculate(self):
        """After Berwer's attack hits, a friendly gunship (calculate on its action bar) with
        a lock on the defender may perform a red calculate action: it gains a calculate and
        a stress token."""
        game, other = self.scene()
        pass_until(game, "perform_action", other)
        assert "calculate" in values(game)
        game.answer("calculate")
        assert ship(game, other).has(Token.CALCULATE)
        assert ship(game, other).stressed

    @pytest.mark.parametrize("hit, friend, lock", [
        (False, "baktoiddrone", True), (True, "baktoiddrone", False),
        # a Belbullab's action bar has no calculate action (ruling: the linked one of the
        # HMP's reload does not count either)
        (True, "skakoanace", True),
        # a TIE/rb: calculate only on its linked action bar (rotate -> red calculate)
        (True, "onyxsquadronsentry", True)])
    def test_not_after_a_miss_without_a_lock_or_calculate_on_the_bar(self, hit, friend, lock):
        """A missed attack, a friend without a lock on the defender, or one without calculate
        on its action bar: no action is offered to the friend."""
        game, other = self.scene(hit, friend, lock)
        while game.decision is not None:
            assert game.decision.ship != other
            game.answer(game.decision.options[-1].key if game.decision.kind == "use_ability"
                        else {"perform_action": "pass"}.get(game.decision.kind,
                                                            game.decision.options[0].key))
        assert not ship(game, other).has(Token.CALCULATE)


# -------------------------------------------------------------------------- Gorgol
class TestGorgol:
    def scene(self, friend_x: float = 500.0, damage=("structuraldamage",)):
        sc = Scene()
        gorgol = sc.ship("gorgol", at=(400, 300, 0))
        friend = sc.ship("stalgasinhiveguard", at=(friend_x, 300, 0),
                         damage=[DamageCard(card, True, 80 + k)
                                 for k, card in enumerate(damage)])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("system_phase", ship=gorgol), phase="system")
        return game, gorgol, friend

    def test_disarms_himself_to_tractor_and_repair_a_friend(self):
        """System Phase: Gorgol gains a disarm token and chooses a friend at range 1; it gains
        a tractor token, then repairs its faceup Ship damage card (flipped facedown), and
        only then does Gorgol's player get the tractor move."""
        game, gorgol, friend = self.scene()
        assert game.decision.kind == "use_ability" and friend in values(game)
        game.answer(friend)
        assert ship(game, gorgol).has(Token.DISARM)
        assert ship(game, friend).has(Token.TRACTOR)
        assert not ship(game, friend).damage[0].faceup
        assert game.decision.kind == "tractor_move"
        assert game.decision.player == ship(game, gorgol).owner

    def test_chooses_which_ship_damage_card(self):
        """Two faceup Ship damage cards and a Pilot one: the friend's player chooses between
        the two Ship cards (answer: the card's serial)."""
        game, _, friend = self.scene(damage=("structuraldamage", "blindedpilot",
                                             "consolefire"))
        game.answer(friend)
        assert game.decision.kind == "use_ability"
        assert sorted(values(game)) == ["80", "82"]
        game.answer("82")
        assert [d.faceup for d in ship(game, friend).damage] == [True, True, False]

    def test_not_beyond_range_2(self):
        """The only friend at range 3: the ability is not offered."""
        game, gorgol, _ = self.scene(friend_x=700.0)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not ship(game, gorgol).has(Token.DISARM)
