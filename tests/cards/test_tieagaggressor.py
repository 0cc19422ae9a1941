"""TIE/ag Aggressor pilots "Double Edge" and Lieutenant Kestal: each test sets a scene,
states the card's rule and shows the ability changing the outcome (the same scene without
the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.scene import Scene, declare
from tests.cards.helpers import answer, engage, pass_all, values


def neutralized(game):
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


@pytest.mark.parametrize("pilot", ["onyxsquadronscout", "sienarspecialist"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only attacks with the TIE/ag's 2 dice."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[target].damage) == 2


# ---------------------------------------------------------------- "Double Edge"
def double_edge_scene(pilot="doubleedge"):
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0), upgrades=["dorsalturret"])
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return sc, tie, target


class TestDoubleEdge:
    def test_turret_miss_gives_a_bonus_attack_with_another_weapon(self):
        """"Double Edge": after a turret attack (Dorsal Turret) that misses, she may perform
        a bonus attack with a different weapon: her primary weapon is offered, the Dorsal
        Turret is not."""
        sc, tie, target = double_edge_scene()
        game = engage(sc, tie, ["blank", "blank"], ["blank"] * 3)
        declare(game, tie, target, "dorsalturret")
        while game.decision is not None and game.decision.kind != "use_ability":
            pass_all(game, 1)
        answer(game, "use_ability", "use", tie)
        assert game.decision.kind == "bonus_attack"
        assert set(values(game)) == {f"primary:front@{target}", "none"}

    def test_missile_miss_gives_a_bonus_attack_with_another_weapon(self):
        """After a Concussion Missiles attack (range 2, her lock spent on it) that misses,
        the bonus attack may use the primary weapon or the Dorsal Turret, not the
        missiles."""
        sc = Scene()
        tie = sc.ship("doubleedge", at=(400, 300, 0),
                      upgrades=["dorsalturret", "concussionmissiles"], locks=["p2.1"])
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, tie, ["blank"] * 3, ["blank"] * 3)
        declare(game, tie, target, "concussionmissiles")
        while game.decision is not None and game.decision.kind != "use_ability":
            pass_all(game, 1)
        answer(game, "use_ability", "use", tie)
        assert set(values(game)) == {f"primary:front@{target}", f"dorsalturret@{target}",
                                     "none"}

    def test_not_after_a_turret_hit(self):
        sc, tie, target = double_edge_scene()
        game = engage(sc, tie, ["hit", "blank"], ["blank"] * 3)
        declare(game, tie, target, "dorsalturret")
        assert "bonus_attack" not in pass_all(game)

    def test_not_after_a_primary_miss(self):
        """Only a turret or missile attack that misses triggers it: a primary miss does
        not."""
        sc, tie, target = double_edge_scene()
        game = engage(sc, tie, ["blank", "blank"], ["blank"] * 3)
        declare(game, tie, target, "primary:front")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and "bonus_attack" not in kinds

    def test_other_pilots_have_no_bonus_attack(self):
        sc, tie, target = double_edge_scene("onyxsquadronscout")
        game = engage(sc, tie, ["blank", "blank"], ["blank"] * 3)
        declare(game, tie, target, "dorsalturret")
        assert "bonus_attack" not in pass_all(game)


# ----------------------------------------------------------- Lieutenant Kestal
def kestal_scene(focus: int = 1):
    sc = Scene()
    kestal = sc.ship("lieutenantkestal", at=(400, 300, 0),
                     tokens={"focus": focus} if focus else None)
    target = sc.ship("academypilot", player=2, at=(400, 500, 180), tokens={"focus": 1})
    return sc, kestal, target


class TestLieutenantKestal:
    def test_cancels_blank_and_focus_results(self):
        """Lieutenant Kestal: after the defender rolls evade, focus, blank, she spends 1
        focus token to cancel its blank and focus results: the defender keeps 1 evade
        (its focus token has nothing to change) and 1 of her 2 hits lands."""
        sc, kestal, target = kestal_scene()
        game = engage(sc, kestal, ["hit", "hit"], ["evade", "focus", "blank"])
        declare(game, kestal, target)
        while game.decision is not None and game.decision.kind != "use_ability":
            pass_all(game, 1)
        answer(game, "use_ability", "use", kestal)
        pass_all(game)
        assert "1 hit(s)" in neutralized(game)
        assert game.state.ships[kestal].count(Token.FOCUS) == 0

    def test_declined_the_defender_spends_its_focus(self):
        """The same attack without her ability: the defender's focus token turns its focus
        into an evade and the attack misses."""
        sc, kestal, target = kestal_scene()
        game = engage(sc, kestal, ["hit", "hit"], ["evade", "focus", "blank"])
        declare(game, kestal, target)
        while game.decision is not None:
            d = game.decision
            if d.kind == "use_ability":
                game.answer("decline")
            elif d.kind == "modify_defense_dice" and d.ship == target:
                game.answer(next(k for k in d.option_keys() if k.startswith("focus")))
            else:
                pass_all(game, 1)
        assert "misses" in neutralized(game)

    def test_not_without_a_focus_token(self):
        sc, kestal, target = kestal_scene(focus=0)
        game = engage(sc, kestal, ["hit", "hit"], ["evade", "focus", "blank"])
        declare(game, kestal, target)
        assert "use_ability" not in pass_all(game)

    def test_not_when_only_evades_are_rolled(self):
        """Nothing to cancel: the focus token is not spent for nothing
        (RR: PAYING COSTS)."""
        sc, kestal, target = kestal_scene()
        game = engage(sc, kestal, ["hit", "hit"], ["evade", "evade", "evade"])
        declare(game, kestal, target)
        assert "use_ability" not in pass_all(game)
