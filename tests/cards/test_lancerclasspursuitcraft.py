"""Lancer-class pursuit craft pilots (Scum and Villainy): each card in a scene built for it,
compared with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
the Lancer's large base is 80 mm wide, the TIE's small one 40 mm: centres 140 mm apart on a
line are at range 1, 220 mm at range 2, 320 mm at range 3."""

from __future__ import annotations

from tallon.engine.rounds import StartEngagement, Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, start_at
from tests.cards.helpers import (
    answer,
    attack,
    finish,
    modify_with,
    offers,
    pass_all,
    pass_on,
    skip_to,
    values,
)

SABINE = "sabinewren-lancerclasspursuitcraft"


def asked(game) -> list[tuple[str, str]]:
    """Pass on every decision to the end; the (kind, ship) of each one asked."""
    found = []
    while game.decision is not None:
        found.append((game.decision.kind, game.decision.ship))
        pass_all(game, 1)
    return found


def engagement(pilot: str, tie_y: float, turret: str = "front", **tie_tokens: int):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), turret=turret)
    tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180), **tie_tokens)
    game = sc.game()
    start_at(game, StartEngagement(), Sweep("engagement"))
    return game, me, tie


# ------------------------------------------------------------------ Asajj Ventress
class TestAsajjVentress:
    def test_the_enemy_gains_stress(self):
        """At the start of the Engagement Phase, the TIE in her turret arc at range 2 with
        no green token: she spends 1 Force and it gains 1 stress token (with nothing to
        remove, its player is not asked)."""
        game, me, tie = engagement("asajjventress", 520)
        assert tie in values(game)
        answer(game, "use_ability", tie, me)
        assert game.state.ships[tie].count(Token.STRESS) == 1
        assert game.state.ships[me].force == 1

    def test_the_enemy_may_remove_a_green_token_instead(self):
        """The TIE has a focus token: its player removes it instead of gaining stress."""
        game, me, tie = engagement("asajjventress", 520, focus=1)
        answer(game, "use_ability", tie, me)
        assert game.decision.kind == "jingoist_refusal" and game.decision.player == 2
        game.answer("remove:focus")
        ship = game.state.ships[tie]
        assert not ship.has(Token.FOCUS) and not ship.has(Token.STRESS)

    def test_declined_nothing_happens(self):
        game, me, tie = engagement("asajjventress", 520)
        answer(game, "use_ability", "decline", me)
        asked(game)
        assert not game.state.ships[tie].has(Token.STRESS)
        assert game.state.ships[me].force == 2

    def test_not_outside_her_turret_arc(self):
        """Her turret to the left: the TIE in front can't be chosen; nothing is asked."""
        game, me, _tie = engagement("asajjventress", 520, turret="left")
        assert ("use_ability", me) not in asked(game)

    def test_not_at_range_3(self):
        game, me, _tie = engagement("asajjventress", 620)
        assert ("use_ability", me) not in asked(game)


# ---------------------------------------------------------------------- Ketsu Onyo
class TestKetsuOnyo:
    def test_a_ship_in_both_arcs_at_range_1_is_tractored(self):
        """The TIE at range 1 in her front arc and her turret arc: she gives it 1 tractor
        token (her player then may move it)."""
        game, me, tie = engagement("ketsuonyo", 440)
        answer(game, "use_ability", tie, me)
        assert game.state.ships[tie].count(Token.TRACTOR) == 1
        assert game.decision.kind == "tractor_move" and game.decision.player == 1

    def test_another_pilot_does_not(self):
        game, _me, tie = engagement("shadowporthunter", 440)
        asked(game)
        assert not game.state.ships[tie].has(Token.TRACTOR)

    def test_not_outside_her_turret_arc(self):
        game, me, _tie = engagement("ketsuonyo", 440, turret="left")
        assert ("use_ability", me) not in asked(game)

    def test_not_at_range_2(self):
        game, me, _tie = engagement("ketsuonyo", 520)
        assert ("use_ability", me) not in asked(game)


# --------------------------------------------------------------------- Sabine Wren
class TestSabineWren:
    def scene(self, pilot: str = SABINE, tie_y: float = 520, turret: str = "front"):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), turret=turret, focus=1)
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180))
        game = attack(sc, tie, me, ["hit", "hit", "blank"], ["evade", "blank", "blank"])
        return game, me

    def offered(self, game, me) -> bool:
        """Pass on everything to the end; whether she was offered her ability."""
        found = False
        while game.decision is not None:
            found = found or (game.decision.ship == me and offers(game, SABINE))
            pass_on(game)
        return found

    def test_offered_in_her_turret_arc(self):
        game, me = self.scene()
        assert self.offered(game, me)

    def test_she_adds_a_focus_result(self):
        """Attacked by the TIE in her turret arc at range 2, she adds a focus result and
        spends her focus token on it: 2 evades cancel both hits. Without adding it, 1 hit
        lands on her shields."""
        game, me = self.scene()
        skip_to(game, "modify_defense_dice", me)
        shields = game.state.ships[me].shields
        modify_with(game, SABINE)
        modify_with(game, "focus")
        finish(game)
        assert game.state.ships[me].shields == shields
        game, me = self.scene()
        skip_to(game, "modify_defense_dice", me)
        finish(game)
        assert game.state.ships[me].shields == shields - 1

    def test_another_pilot_has_no_such_option(self):
        game, me = self.scene(pilot="shadowporthunter")
        assert not self.offered(game, me)

    def test_not_outside_her_turret_arc(self):
        game, me = self.scene(turret="left")
        assert not self.offered(game, me)

    def test_not_at_range_3(self):
        game, me = self.scene(tie_y=620)
        assert not self.offered(game, me)
