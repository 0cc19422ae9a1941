"""RR: APPENDIX: HUGE SHIPS - ATTACKS: while it engages, a huge ship performs one standard
attack (a primary weapon or an "ATTACK:" weapon) and, before or after it, bonus attacks with
its "BONUS ATTACK:" headers, each header once per round; an effect granting it a bonus
attack with a primary or "ATTACK:" weapon allows one such bonus attack per weapon and round.

The huge ship is a CR90 (Alderaanian Guard: primary 4 in its left and right arcs, 7 energy)
facing +y at (457, 300), its right side at x 497, with a Point-Defense Battery (double
turret, pointing right and left: 2 dice at range 1-2; four headers, each for 1 energy). A
Lambda shuttle (a large base: hull 6, shields 4, agility 1) at x 577 is at range 1 of its
right side."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.attack import DeclareAttack, Engage, can_bonus_attack
from tallon.engine.huge_moves import energy
from tallon.scene import Scene, faces, load_dice, start_at
from tests.cards.helpers import skip_dice, values
from tests.rules.game_helpers import events

CR90 = "alderaanianguard"
PDB = "pointdefensebattery"
RANGE_1 = 577
MISSES = 10


def _scene(*, charges=None, left: bool = False) -> Scene:
    sc = Scene(seed=3)
    sc.ship(CR90, at=(457, 300, 0), upgrades=[PDB], turret="right",
            **({"charges": charges} if charges else {}))
    sc.ship("omicrongrouppilot", player=2, at=(RANGE_1, 300, 0))
    if left:
        sc.ship("omicrongrouppilot", player=2, at=(914 - RANGE_1, 300, 0))
    return sc


def _missing(game):
    """Every attack from here misses: blanks against evades."""
    load_dice(game, then=(faces(DieKind.ATTACK, ["blank"] * 6)
                          + faces(DieKind.DEFENSE, ["evade"] * 6)) * MISSES)
    return game


def _attack(game, key: str) -> None:
    """Declare ``key`` and resolve the attack up to the next declaration (or the end)."""
    assert key in values(game), values(game)
    game.answer(key)
    skip_dice(game, "declare_attack")


class TestHugeShipAttacks:
    def test_the_engagement_offers_the_standard_attack_and_the_bonus_headers(self):
        """Situation: the CR90 engages with the shuttle at range 1 in its right arc and its
        turret. Rule: STANDARD ATTACK and BONUS ATTACKS - a primary attack and the Point-
        Defense Battery's bonus attack are both on offer. Expected: one declaration offering
        both (and no attack)."""
        game = _scene().at(Engage("p1.1"))
        d = game.decision
        assert d.kind == "declare_attack"
        assert values(game) == ["primary:right@p2.1", f"{PDB}@p2.1", "none"]

    def test_after_the_standard_attack_only_bonus_attacks_remain(self):
        """Situation: the CR90 performs its primary attack first. Rule: "a huge ship may
        perform one standard attack" and its bonus attacks "before or after its standard
        attack". Expected: it is then offered the battery only; the primary attack was no
        bonus attack and cost no energy."""
        game = _missing(_scene().at(Engage("p1.1")))
        _attack(game, "primary:right@p2.1")
        assert values(game) == [f"{PDB}@p2.1", "none"]
        assert energy(game.state.ships["p1.1"]) == 7
        assert not any("as a bonus attack" in e["text"] for e in events(game, "attack"))

    def test_a_bonus_attack_before_the_standard_attack_spends_its_headers_energy(self):
        """Situation: the CR90 attacks with the battery first. Rule: a "BONUS ATTACK:"
        header's attack is a bonus attack, its cost (1 energy) paid from the ship card.
        Expected: it is logged as a bonus attack, 6 energy remain, and the primary attack
        is still offered."""
        game = _missing(_scene().at(Engage("p1.1")))
        _attack(game, f"{PDB}@p2.1")
        assert any("as a bonus attack" in e["text"] for e in events(game, "attack"))
        assert energy(game.state.ships["p1.1"]) == 6
        assert values(game) == ["primary:right@p2.1", f"{PDB}@p2.1", "none"]

    def test_each_header_once_per_round(self):
        """Situation: the CR90 fires the battery (four headers) again and again. Rule: "A
        huge ship can use each BONUS ATTACK: header only once per round". Expected: four
        bonus attacks (4 energy spent), then only the primary attack; the next round the
        headers are open again."""
        game = _missing(_scene().at(Engage("p1.1")))
        for _ in range(4):
            _attack(game, f"{PDB}@p2.1")
        assert values(game) == ["primary:right@p2.1", "none"]
        assert energy(game.state.ships["p1.1"]) == 3
        game.answer("none")
        assert game.decision is None
        sc = _scene()
        sc.round = 2
        again = sc.game()
        again.state.ships["p1.1"].card_memory = game.state.ships["p1.1"].card_memory
        start_at(again, Engage("p1.1"))
        assert f"{PDB}@p2.1" in values(again)

    def test_a_header_needs_its_cost(self):
        """Situation: the CR90 has no energy left. Rule: RR: PAYING COSTS - the header's
        cost (1 energy) can't be paid. Expected: only the primary attack is offered."""
        game = _scene(charges={"energy": 0}).at(Engage("p1.1"))
        assert values(game) == ["primary:right@p2.1", "none"]

    def test_no_attack_ends_the_engagement(self):
        """Situation: the CR90 declines to attack. Rule: the attacks are optional.
        Expected: the engagement ends at once, no energy spent."""
        game = _scene().at(Engage("p1.1"))
        game.answer("none")
        assert game.decision is None and energy(game.state.ships["p1.1"]) == 7


class TestBonusAttacksGrantedToHugeShips:
    def test_a_granted_bonus_attack_offers_no_bonus_header_weapon(self):
        """Situation: an effect grants the CR90 a bonus attack. Rule: an effect's bonus
        attack uses a primary or "ATTACK:" weapon (ruling: not a weapon whose only
        headers are "BONUS ATTACK:"). Expected: the primary weapon alone is offered."""
        game = _scene().at(DeclareAttack("p1.1", bonus=True))
        assert game.decision.kind == "bonus_attack"
        assert values(game) == ["primary:right@p2.1", "none"]

    def test_one_granted_bonus_attack_per_primary_attack_and_round(self):
        """Situation: an effect grants the CR90 a primary bonus attack to the right; with a
        second shuttle at range 1 to its left, another effect grants one more. Rule: "it
        can perform only one bonus attack using that primary attack ... per round" (ruling:
        the primary weapons of every printed arc are its one primary attack). Expected: the
        first is offered; afterwards no primary bonus attack can be granted, though the
        engagement's battery headers still can be used."""
        game = _missing(_scene(left=True).at(DeclareAttack("p1.1", bonus=True)))
        assert set(values(game)) == {"primary:right@p2.1", "primary:left@p2.2", "none"}
        game.answer("primary:right@p2.1")
        skip_dice(game)
        ship = game.state.ships["p1.1"]
        assert not can_bonus_attack(game, ship)
        start_at(game, DeclareAttack("p1.1", bonus=True))
        assert game.decision is None
        start_at(game, Engage("p1.1"))
        assert f"{PDB}@p2.1" in values(game)

    def test_a_huge_ship_is_not_limited_to_one_bonus_attack(self):
        """Situation: the CR90 has made a battery bonus attack this round. Rule: "A huge
        ship may perform any number of bonus attacks each round" (a standard ship: one).
        Expected: an effect may still grant it a primary bonus attack."""
        game = _missing(_scene().at(Engage("p1.1")))
        _attack(game, f"{PDB}@p2.1")
        ship = game.state.ships["p1.1"]
        assert can_bonus_attack(game, ship)
