"""CR90 Corellian Corvette's ship ability Broadside Batteries (a huge ship: its rules in
tests/rules/test_huge_ships.py). The CR90 (Alderaanian Guard: primary 4 in its left and
right arcs, a 225 mm base 80 wide) faces +y at (457, 300); its right side is at x 497. A
TIE/ln (a 40 mm base) beside it: its centre at x 517 touches it (range 0), 537 is range 1,
867 range 4 (350 mm off), 967 range 5."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.scene import Scene
from tests.cards.helpers import answer, values
from tests.rules.game_helpers import events

CR90 = "alderaanianguard"
TOUCHING, RANGE_1, RANGE_4, RANGE_5 = 517, 537, 867, 967
#: The same cards, Broadside Batteries played as a card without an ability.
WITHOUT = CardRegistry("without Broadside Batteries", base=CARDS)
WITHOUT.register("ship_ability", "Broadside Batteries",
                 description="test: the ship ability taken away")


def _scene(x: float, y: float = 300, cards: CardRegistry = CARDS) -> Scene:
    sc = Scene(seed=1, cards=cards)
    sc.ship(CR90, at=(457, 300, 0))
    sc.ship("academypilot", player=2, at=(x, y, 0))
    return sc


def _targets(x: float, y: float = 300, cards: CardRegistry = CARDS) -> list[str]:
    """What the CR90 may declare at its engagement against a TIE at (x, y)."""
    game = _scene(x, y, cards).at(Engage("p1.1"))
    return values(game) if game.decision is not None else []


def _lock_targets(x: float, cards: CardRegistry = CARDS) -> list[str]:
    """What the CR90 may lock performing a lock action ([] when the action fails)."""
    game = _scene(x, cards=cards).at(PerformAction("p1.1", during_activation=True),
                                     phase="activation")
    answer(game, "perform_action", "lock", "p1.1")
    d = game.decision
    return d.option_keys() if d is not None and d.kind == "lock_target" else []


class TestBroadsideBatteries:
    def test_a_primary_attack_at_range_4(self):
        """Situation: a TIE at range 4 in the CR90's right arc. Card: "You can acquire
        locks and perform primary attacks at range 1-4." Expected: the right arc primary
        weapon may attack it at range 4; without the ship ability the CR90 has no
        target."""
        game = _scene(RANGE_4).at(Engage("p1.1"))
        d = game.decision
        assert d.kind == "declare_attack" and d.option_keys() == ["primary:right@p2.1", "none"]
        assert d.options[0].info["range"] == 4
        assert _targets(RANGE_4, cards=WITHOUT) == []

    def test_the_range_4_attack_rolls_no_bonus_and_the_defender_two_more_dice(self):
        """Situation: the CR90 attacks the TIE (agility 3) at range 4. Rule:
        RR: APPENDIX: HUGE SHIPS, RR: DEFENDING AT RANGE 4–5 - "the defender rolls two
        additional defense dice" (no ordnance); no range bonus for the attacker. Expected:
        4 attack dice, 5 defense dice."""
        game = _scene(RANGE_4).attack("p1.1", "p2.1", dice=["hit"] * 4,
                                      defense=["blank"] * 5)
        while game.decision is not None and game.decision.kind.startswith("modify"):
            game.answer("done")
        rolled = {e["text"].split(" rolls ")[0]: len(e["text"].split(" rolls ")[1].split(", "))
                  for e in events(game, "dice") if " rolls " in e["text"]}
        assert rolled == {"Alderaanian Guard": 4, "Academy Pilot": 5}
        attack = next(e for e in events(game, "attack", "p1.1") if "defender" in e)
        assert "range 4" in attack["text"]

    def test_no_primary_attack_at_range_5_or_outside_the_side_arcs(self):
        """Situation: a TIE at range 5 in the right arc; then one at range 4 straight ahead
        (in the front arc, where the CR90 has no primary weapon). Expected: no target."""
        assert _targets(RANGE_5) == []
        assert _targets(457, 300 + 112.5 + 350 + 20) == []

    def test_a_lock_at_range_4(self):
        """Situation: the CR90 performs a lock action with the TIE at range 4. Card: it can
        acquire locks at range 1-4. Expected: the TIE may be locked; without the ship
        ability the lock action fails (nothing at range 0-3); at range 5 it fails too."""
        assert _lock_targets(RANGE_4) == ["p2.1"]
        assert _lock_targets(RANGE_4, cards=WITHOUT) == []
        assert _lock_targets(RANGE_5) == []

    def test_a_lock_at_range_0_stays_allowed(self):
        """Situation: the TIE touching the CR90 (range 0). Ruling (Broadside Batteries):
        the card lets locks reach range 4; it takes nothing from the range 0-3 of RR: LOCK.
        Expected: the TIE may be locked."""
        assert _lock_targets(TOUCHING) == ["p2.1"]


class TestHugePrimaryRange:
    def test_a_huge_ships_primary_attack_needs_range_1(self):
        """Situation: the TIE touching the CR90's right side (range 0), then at range 1.
        Rule: RR: APPENDIX: HUGE SHIPS, RR: FIRING ARCS - "By default, their primary attacks
        can be made at range 1-3" (with Broadside Batteries: 1-4). Expected: no target at
        range 0, with or without the ship ability; the right arc primary at range 1."""
        assert _targets(TOUCHING) == []
        assert _targets(TOUCHING, cards=WITHOUT) == []
        assert _targets(RANGE_1) == ["primary:right@p2.1", "none"]
