"""RR: DAMAGE - damage is suffered one at a time: each loses an active shield or, with none
left, deals a damage card (facedown for regular damage, faceup and resolved for critical
damage); all regular damage before critical damage; dealing a card is not suffering
damage; excess cards are still dealt.

The first tests give damage through the engine's damage effect to a T-65 at its action
decision (hull 4, 2 shields); the others through attacks with loaded dice (a T-65 against
a TIE/ln, unless said otherwise)."""

from __future__ import annotations

from tallon.engine.effects import deal_damage_card
from tallon.engine.state import Token
from tallon.scene import stack_deck
from tests.rules.attack_helpers import TIE, XWING, damage, resolved_attack
from tests.rules.game_helpers import damage_faces, hurt, inject, wingmen_at_action


# ------------------------------------------------------ through the damage effect
def test_damage_is_taken_on_shields_first():
    """A T-65 with 2 shields suffers 1 damage, then 2 more. RR: DAMAGE - for each damage the
    ship loses an active shield; only without one is it dealt a damage card. The first costs
    a shield; of the next two, one costs the last shield and one deals a facedown card."""
    game = wingmen_at_action()
    hurt(game, "p1.1", hits=1)
    ship = game.state.ships["p1.1"]
    assert (ship.shields, ship.damage) == (1, ())
    hurt(game, "p1.1", hits=2)
    assert ship.shields == 0 and damage_faces(game) == [False]


def test_regular_damage_is_suffered_before_critical_damage():
    """A T-65 with 1 shield left suffers a hit and a crit together. RR: DAMAGE - all regular
    damage is suffered before critical damage. The hit costs the shield and the crit deals a
    faceup card (not a facedown one)."""
    game = wingmen_at_action()
    game.state.ships["p1.1"].shields = 1
    hurt(game, "p1.1", hits=1, crits=1)
    assert game.state.ships["p1.1"].shields == 0
    assert damage_faces(game) == [True]


def test_regular_damage_deals_facedown_cards_and_critical_faceup():
    """An unshielded T-65 suffers 2 hits and a crit. RR: DAMAGE - regular damage deals a
    facedown card, critical damage a faceup card. Its cards are facedown, facedown, faceup."""
    game = wingmen_at_action()
    game.state.ships["p1.1"].shields = 0
    hurt(game, "p1.1", hits=2, crits=1)
    assert damage_faces(game) == [False, False, True]


def test_dealing_a_damage_card_ignores_shields():
    """An effect deals a facedown damage card to a T-65 with 2 shields. RR: DAMAGE - dealing
    a damage card is not suffering damage: the card is dealt regardless of shields. The ship
    keeps both shields and has the card."""
    game = wingmen_at_action()
    inject(game, lambda g: deal_damage_card(g, g.state.ships["p1.1"], faceup=False))
    ship = game.state.ships["p1.1"]
    assert ship.shields == 2 and damage_faces(game) == [False]


def test_excess_damage_cards_are_still_dealt():
    """An unshielded T-65 (hull 4) suffers 5 hits and a crit. RR: DAMAGE - cards that would
    exceed the hull value are still dealt. It has 6 cards and is destroyed."""
    game = wingmen_at_action()
    ship = game.state.ships["p1.1"]
    ship.shields = 0
    stack_deck(game, 1, ["consolefire", "consolefire", "damagedengine", "damagedengine",
                         "weaponsfailure", "structuraldamage"])  # no card text in the way
    hurt(game, "p1.1", hits=5, crits=1)
    assert len(ship.damage) == 6 and ship.destroyed


# ------------------------------------------------------------------ in an attack
class TestDamage:
    """RR: DAMAGE, in an attack's Deal Damage step: damage is suffered one at a time; each
    loses an active shield or, with none left, deals a damage card: facedown for regular
    damage, faceup (its text resolved) for critical damage; all regular damage before
    critical damage."""

    def test_shields_are_lost_before_cards_are_dealt(self):
        """A TIE hits a T-65 (2 shields) three times at range 1. RR: DAMAGE. Both shields
        go, then 1 facedown card is dealt."""
        game, _, d = resolved_attack(["hit", "hit", "hit"], ["blank", "blank"], attacker=TIE,
                                     defender=XWING, to=(400, 420, 180))
        assert game.state.ships[d].shields == 0 and damage(game, d) == (1, 0)

    def test_critical_damage_also_takes_shields(self):
        """A TIE deals two crits to a T-65 with 2 shields. RR: DAMAGE - each damage, regular
        or critical, loses a shield first. Both shields are lost and no card is dealt."""
        game, _, d = resolved_attack(["crit", "crit"], ["blank", "blank"], attacker=TIE,
                                     defender=XWING)
        assert game.state.ships[d].shields == 0 and damage(game, d) == (0, 0)

    def test_regular_damage_before_critical_damage(self):
        """A TIE deals a crit and a hit (rolled in that order) to a T-65 with 1 shield left.
        RR: DAMAGE - all regular damage before critical damage. The hit takes the shield and
        the crit deals a faceup card (not the other way round)."""
        game, _, d = resolved_attack(["crit", "hit"], ["blank", "blank"], attacker=TIE,
                                     defender=XWING, shields=1)
        assert game.state.ships[d].shields == 0 and damage(game, d) == (0, 1)

    def test_a_faceup_card_resolves_its_text(self):
        """A crit deals the TIE the Panicked Pilot card (gain 2 stress tokens, then repair
        this card). RR: DAMAGE - a faceup card's text is resolved. The TIE has 2 stress
        tokens."""
        game, _, d = resolved_attack(["crit", "blank", "blank"], ["blank"] * 3,
                                     deck=["panickedpilot"])
        assert game.state.ships[d].count(Token.STRESS) == 2

    def test_a_facedown_card_does_not(self):
        """A hit deals the same Panicked Pilot facedown. RR: DAMAGE - only critical damage
        deals a card faceup, to be resolved. No stress; one facedown card."""
        game, _, d = resolved_attack(["hit", "blank", "blank"], ["blank"] * 3,
                                     deck=["panickedpilot"])
        assert not game.state.ships[d].has(Token.STRESS)
        assert damage(game, d) == (1, 0)
