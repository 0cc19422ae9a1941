"""Raider-class Corvette's ship ability Concentrated Batteries (a huge ship: its rules in
tests/rules/test_huge_ships.py). The Raider (Outer Rim Patrol: primary 4 in its full front
arc, a 225 mm base) faces +y at (457, 300); its front edge is at y 412.5."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.cards.pilots.raiderclasscorvette import in_bullseye
from tallon.engine.abilities import CardRegistry
from tallon.scene import Scene
from tests.rules.game_helpers import events

RAIDER = "outerrimpatrol"
#: The same cards, Concentrated Batteries played as a card without an ability.
WITHOUT = CardRegistry("without Concentrated Batteries", base=CARDS)
WITHOUT.register("ship_ability", "Concentrated Batteries",
                 description="test: the ship ability taken away")


def _attack_dice(at: tuple[float, float, float], weapon: str | None = None,
                 cards: CardRegistry = CARDS, attacker_at=(457, 300, 0)) -> int:
    """The Raider (a lock on the TIE, Proton Torpedoes equipped) attacks an Academy Pilot
    at ``at`` with ``weapon`` (None: its primary): how many attack dice it rolls."""
    sc = Scene(seed=1, cards=cards)
    raider = sc.ship(RAIDER, at=attacker_at, upgrades=["protontorpedoes"], locks=["p2.1"])
    tie = sc.ship("academypilot", player=2, at=at)
    game = sc.attack(raider, tie, dice=["hit"] * 6, defense=["blank"] * 3,
                     weapon=weapon or "primary:full_front")
    rolled = [e["text"] for e in events(game, "dice") if "Outer Rim Patrol rolls" in e["text"]]
    return len(rolled[-1].split(" rolls ")[1].split(", "))


class TestConcentratedBatteries:
    def test_a_primary_attack_at_a_defender_in_the_bullseye_rolls_one_more_die(self):
        """Situation: a TIE straight ahead of the Raider at range 2 (in its bullseye arc).
        Card: "While you perform a primary, [Torpedo], or [Missile] attack, if the defender
        is in your [Bullseye Arc], roll 1 additional die." Expected: 5 attack dice (4 + 1);
        without the ship ability the same attack rolls 4."""
        assert _attack_dice((457, 600, 180)) == 5
        assert _attack_dice((457, 600, 180), cards=WITHOUT) == 4

    def test_a_defender_in_the_full_front_arc_but_not_the_bullseye_gets_no_extra_die(self):
        """Situation: a TIE ahead of the Raider at range 2 but 150 mm to its side: in the
        full front arc, outside the bullseye (a strip the ruler's width along the centre
        line). Expected: 4 attack dice, the printed value."""
        assert _attack_dice((607, 600, 180)) == 4

    def test_a_torpedo_attack_at_a_defender_in_the_bullseye_rolls_one_more_die(self):
        """Situation: the Raider attacks the TIE in its bullseye at range 2 with Proton
        Torpedoes (attack 4, range 2-3, ordnance: no range bonus), its lock on the TIE.
        Expected: 5 attack dice."""
        assert _attack_dice((457, 600, 180), weapon="protontorpedoes") == 5

    def test_a_torpedo_attack_outside_the_bullseye_rolls_the_printed_dice(self):
        """Situation: the same torpedo attack at a TIE 60 mm to the side: in the Raider's
        front arc (the torpedoes' arc), outside its bullseye. Expected: 4 attack dice."""
        assert _attack_dice((517, 600, 180), weapon="protontorpedoes") == 4

    def test_the_bullseye_reaches_range_4_only_for_an_attack_at_range_4(self):
        """Situation: a TIE straight ahead of the Raider at range 4 (350 mm off its front
        edge). Rule: RR: APPENDIX: HUGE SHIPS, RR: ATTACK RANGE (4-5) - a front or full front
        arc extended to range 4 extends the bullseye with it. Ruling (Concentrated
        Batteries): the bullseye is measured to the attack's range when that is 4 or 5.
        Expected: in the bullseye for an attack at range 4, not for one at range 3 or
        less (arcs reach range 3)."""
        sc = Scene(seed=1)
        raider = sc.ship(RAIDER, at=(457, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(457, 412.5 + 350 + 20, 180))
        state = sc.game().state
        attacker, defender = state.ships[raider], state.ships[tie]
        assert in_bullseye(attacker, defender, 4)
        assert not in_bullseye(attacker, defender, 3)
