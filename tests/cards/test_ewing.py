"""E-wing pilots and the ship ability Experimental Scanners: each card in a scene built for
it, compared with the same scene without the card.

Player 1 (index 0) sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band
is 100 mm; small bases are 40 mm deep."""

from __future__ import annotations

import pytest

from tallon.engine.actions import PerformAction
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import (
    PASS,
    answer,
    finish,
    logged,
    modify_with,
    offers,
    rolled,
    skip_dice,
)

CRIT = "0 hit(s), 1 critical hit(s) uncanceled"
HIT = "1 hit(s), 0 critical hit(s) uncanceled"


def lock_offer(pilot: str, enemy_y: float) -> tuple[list[str] | None, list[str]]:
    """The ship at (400, 300) performs a lock action with one enemy straight ahead at
    ``enemy_y``: the lock targets offered (None: the action had none) and its locks."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
    game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", ship)
    offered = None
    if game.decision is not None and game.decision.kind == "lock_target":
        offered = game.decision.option_keys()
        game.answer(offered[0])
    return offered, list(game.state.ships[ship].locks)


class TestExperimentalScanners:
    def test_locks_beyond_range_3(self):
        """An E-wing locks an enemy at range 4 (350 mm away): Experimental Scanners lets
        it lock beyond range 3. A T-65 (no such ability) finds no target there."""
        offered, locks = lock_offer("knavesquadronescort", 690)
        assert offered == ["p2.1"] and locks == ["p2.1"]
        plain, plain_locks = lock_offer("redsquadronveteran", 690)
        assert plain is None and plain_locks == []

    def test_no_lock_at_range_1(self):
        """An enemy at range 1 (40 mm away): the E-wing can't lock it (Experimental
        Scanners); the T-65 can."""
        offered, locks = lock_offer("roguesquadronescort", 380)
        assert offered is None and locks == []
        plain, plain_locks = lock_offer("redsquadronveteran", 380)
        assert plain == ["p2.1"] and plain_locks == ["p2.1"]

    def test_range_2_lock_unchanged(self):
        """At range 2 the E-wing locks as any ship does: the ability must not forbid it."""
        offered, locks = lock_offer("knavesquadronescort", 500)
        assert offered == ["p2.1"] and locks == ["p2.1"]


@pytest.mark.parametrize("pilot", ["knavesquadronescort", "roguesquadronescort"])
def test_generic_pilots_field_and_fight(pilot):
    """A generic E-wing (no pilot ability) attacks with its 3-dice primary weapon at range
    2; 2 hits against 1 evade deal 1 damage."""
    sc = Scene()
    ewing = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(ewing, tie, dice=["hit", "hit", "blank"],
                     defense=["evade", "blank", "blank"])
    finish(game)
    assert len(rolled(game, ewing)) == 3
    assert len(game.state.ships[tie].damage) == 1


class TestGavinDarklighter:
    @staticmethod
    def scene(gavin_at: tuple[float, float, float]):
        """A T-65 at (400, 300) attacks a TIE at (400, 500) rolling hit, focus, blank;
        Gavin Darklighter sits at ``gavin_at``."""
        sc = Scene()
        # a focus token: the attacker is always asked how to modify its dice
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), tokens={"focus": 1})
        gavin = sc.ship("gavindarklighter", at=gavin_at)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(xwing, tie, dice=["hit", "focus", "blank"],
                         defense=["blank", "blank", "blank"])
        return game, xwing, gavin, tie

    def test_friend_changes_a_hit_to_a_crit(self):
        """The TIE is in Gavin's front arc (he is beside the X-wing, facing it): the
        attacker changes its hit to a critical hit, which lands as one; declining leaves
        a plain hit."""
        game, xwing, _, _ = self.scene((250, 300, 0))
        skip_dice(game, "modify_attack_dice", xwing)
        assert offers(game, "gavindarklighter")
        modify_with(game, "gavindarklighter")
        finish(game)
        assert logged(game, "neutralize", CRIT)
        base, xwing2, _, _ = self.scene((250, 300, 0))
        skip_dice(base, "modify_attack_dice", xwing2)
        base.answer(PASS["modify_attack_dice"])
        finish(base)
        assert logged(base, "neutralize", HIT)

    def test_not_when_defender_outside_his_front_arc(self):
        """Gavin faces away (heading 180): the TIE is not in his front arc, so the
        attacker is offered no Gavin modification."""
        game, xwing, _, _ = self.scene((250, 300, 180))
        skip_dice(game, "modify_attack_dice", xwing)
        assert game.decision.kind == "modify_attack_dice"
        assert not offers(game, "gavindarklighter")

    def test_his_own_attack_counts(self):
        """RR: FRIENDLY - Gavin is friendly to himself: attacking a TIE in his front arc,
        he may change his own hit to a critical hit."""
        sc = Scene()
        gavin = sc.ship("gavindarklighter", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(gavin, tie, dice=["hit", "blank", "blank"],
                         defense=["blank", "blank", "blank"])
        skip_dice(game, "modify_attack_dice", gavin)
        modify_with(game, "gavindarklighter")
        finish(game)
        assert logged(game, "neutralize", CRIT)


class TestCorranHorn:
    @staticmethod
    def play_round(tie_dial: str, use: bool = True, attack: bool = True):
        """Corran Horn at (400, 300) and a TIE at (400, 700) facing him both fly a round
        (Corran a [2 straight], the TIE ``tie_dial``), neither attacking at their own
        initiative; at initiative 0 Corran uses his ability (or not) and declares his bonus
        attack (or not). Returns the game at the first dial of round 2, Corran's id and the
        decision kinds seen in round 1."""
        sc = Scene()
        corran = sc.ship("corranhorn", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 700, 180))
        game = sc.game()
        seen = []
        while game.decision is not None:
            d = game.decision
            if game.state.round == 2:
                break
            seen.append(d.kind)
            if d.kind == "set_dial":
                game.answer("2FB" if d.ship == corran else tie_dial)
            elif d.kind == "use_ability":
                game.answer("use" if use else "decline")
            elif d.kind == "bonus_attack":
                game.answer(f"primary:front@{tie}" if attack else "none")
            elif d.kind in PASS:
                game.answer(PASS[d.kind])
            else:
                game.answer(d.option_keys()[0])
        return game, corran, seen

    def test_bonus_attack_at_initiative_0_then_disarmed(self):
        """The TIE flies straight at him and stays in his bullseye arc: at initiative 0 he
        performs a bonus primary attack against it, and at the start of round 2's
        Planning Phase he gains a disarm token."""
        game, corran, seen = self.play_round("2FB")
        assert "bonus_attack" in seen
        assert seen.count("declare_attack") == 2  # both declined at their initiative
        assert any(e["kind"] == "attack" and "(p1.1) attacks" in e["text"] for e in game.log)
        assert game.state.ships[corran].has(Token.DISARM)

    def test_declined_no_attack_no_disarm(self):
        """He declines the ability, or declares no attack when asked: no attack, and no
        disarm token in round 2 ("if you do")."""
        for use, attack in ((False, True), (True, False)):
            game, corran, _ = self.play_round("2FB", use, attack)
            assert not any(e["kind"] == "attack" for e in game.log)
            assert not game.state.ships[corran].has(Token.DISARM)

    def test_nothing_without_an_enemy_in_the_bullseye(self):
        """The TIE turns away (a [1 turn left]): no enemy in his bullseye arc, so no offer
        at initiative 0."""
        game, corran, seen = self.play_round("1TW")
        assert "use_ability" not in seen and "bonus_attack" not in seen
        assert not game.state.ships[corran].has(Token.DISARM)
