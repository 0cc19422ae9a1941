"""Trident-class Assault Ship's ship ability Tractor Grasp (a huge ship: its rules in
tests/rules/test_huge_ships.py and tests/rules/test_huge_bonus_attacks.py). The Trident
(Lawless Pirates, with Tractor Tentacles and a Drill Beak: rear arc weapons) faces +y at
(457, 300), its rear edge at y 202.5; a Lambda shuttle (Omicron Group Pilot: a large base,
hull 6, shields 4, agility 1) behind it at y 140 is at range 1."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.attack import Engage
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice

#: The same cards, Tractor Grasp played as a card without an ability.
WITHOUT = CardRegistry("without Tractor Grasp", base=CARDS)
WITHOUT.register("ship_ability", "Tractor Grasp",
                 description="test: the ship ability taken away")


def _attack(weapon: str, attack: list[str], defense: list[str],
            cards: CardRegistry = CARDS) -> Scene:
    """The game after the Trident's attack with ``weapon`` on the shuttle (these dice)."""
    sc = Scene(seed=2, cards=cards)
    sc.ship("lawlesspirates", at=(457, 300, 0), upgrades=["tractortentacles", "drillbeak"])
    sc.ship("omicrongrouppilot", player=2, at=(457, 140, 0))
    game = sc.at(Engage("p1.1"))
    load_dice(game, attack, defense)
    game.answer(f"{weapon}@p2.1")
    while game.decision is not None and game.decision.kind != "declare_attack":
        keys = game.decision.option_keys()
        game.answer("done" if "done" in keys else keys[0])
    return game


class TestTractorGrasp:
    def test_a_tractor_tentacles_hit_gives_a_tractor_token(self):
        """Situation: the Tractor Tentacles attack hits the shuttle (2 hits, 1 blank defense
        die). Ship ability: "After you perform a Tractor Tentacles attack that hits, the
        defender gains 1 tractor token." Expected: the shuttle has 1 tractor token (and its
        2 damage); without the ship ability it has none."""
        game = _attack("tractortentacles", ["hit", "hit"], ["blank"])
        shuttle = game.state.ships["p2.1"]
        assert shuttle.count(Token.TRACTOR) == 1 and shuttle.shields == 2
        game = _attack("tractortentacles", ["hit", "hit"], ["blank"], cards=WITHOUT)
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 0

    def test_a_miss_gives_none(self):
        """Situation: the shuttle evades the hit. Ship ability: only an attack that hits.
        Expected: no tractor token."""
        game = _attack("tractortentacles", ["hit", "blank"], ["evade"])
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 0

    def test_another_weapon_gives_none(self):
        """Situation: the Drill Beak hits the shuttle. Ship ability: only a Tractor
        Tentacles attack. Expected: damage, no tractor token."""
        game = _attack("drillbeak", ["hit", "hit", "blank"], ["blank"])
        shuttle = game.state.ships["p2.1"]
        assert shuttle.shields == 2 and shuttle.count(Token.TRACTOR) == 0
