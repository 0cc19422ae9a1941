"""Scurrg H-6 bomber pilots and its title Havoc: each test sets a scene, states the card's
rule and shows the ability changing the outcome (the same scene without the card, or the
state before and after).

Geometry: player 1's ships face +y, player 2's face -y; range bands are 100 mm."""

from __future__ import annotations

import pytest

from tallon.data import load_cards
from tallon.engine.attack import Engage
from tallon.engine.payloads import DetonateBombs
from tallon.engine.rounds import SystemTurn
from tallon.scene import Scene, declare, load_dice, start_at
from tallon.squads.slots import fit_upgrades
from tests.cards.helpers import pass_all, rolled, values
from tests.rules.device_helpers import put


# ------------------------------------------------------------------ no ability
def test_lok_revenant_sets_up_and_fights():
    """Lok Revenant prints flavour text only (the Scurrg has no ship ability): its 3-dice
    primary attack at range 2 hits an undefended TIE three times."""
    sc = Scene()
    scurrg = sc.ship("lokrevenant", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 520, 180))
    game = sc.attack(scurrg, tie, dice=["hit"] * 3, defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[tie].damage) == 3


# ------------------------------------------------------------------ Captain Nym
def nym_bomb(owner: int = 1, charges: int = 1, pilot: str = "captainnym"):
    """A proton bomb (of player ``owner``) beside an enemy TIE, far from the Scurrg, at the
    end of the Activation Phase."""
    sc = Scene()
    nym = sc.ship(pilot, at=(200, 200, 0), charges={pilot: charges} if pilot ==
                  "captainnym" else {})
    tie = sc.ship("academypilot", player=2, at=(600, 600, 180))
    game = sc.game()
    bomb = put(game, "protonbombs", (600, 540, 0), owner=owner)
    start_at(game, DetonateBombs(), phase="activation")
    return game, nym, tie, bomb


class TestCaptainNymBombs:
    def test_spends_the_charge_to_stop_a_friendly_bomb(self):
        """Captain Nym: before a friendly bomb would detonate, he may spend his charge to
        prevent it: the TIE beside it suffers nothing and the bomb stays in play."""
        game, nym, tie, bomb = nym_bomb()
        assert game.decision.kind == "replacement" and game.decision.ship == nym
        game.answer("use")
        pass_all(game)
        assert not game.state.ships[tie].damage
        assert [d.id for d in game.state.devices] == [bomb]
        assert game.state.ships[nym].charges["captainnym"].active == 0

    def test_declined_the_bomb_detonates(self):
        """Declined (or for another Scurrg), the bomb detonates: the TIE at range 0-1
        suffers 1 critical damage (a faceup card: here a Direct Hit, which deals a second)
        and the bomb is removed."""
        game, _nym, tie, _ = nym_bomb()
        game.answer("decline")
        pass_all(game)
        assert game.state.ships[tie].damage and not game.state.devices
        game, _, tie, _ = nym_bomb(pilot="lokrevenant")
        pass_all(game)
        assert game.state.ships[tie].damage and not game.state.devices

    @pytest.mark.parametrize("owner, charges", [(2, 1), (1, 0)])
    def test_not_an_enemy_bomb_nor_without_the_charge(self, owner, charges):
        """An enemy bomb, or a friendly one with his charge spent: nothing is offered and
        the bomb detonates."""
        game, _, _tie, _ = nym_bomb(owner, charges)
        assert game.decision is None or game.decision.kind != "replacement"
        pass_all(game)
        assert not game.state.devices


def nym_defends(pilot: str, bomb_x: float | None, tie_x: float = 500) -> int:
    """A TIE attacks the Scurrg at range 2, a proton bomb at ``bomb_x`` (None: no bomb)
    between them; how many defense dice the Scurrg rolls. With the TIE at x 500 a single
    closest range line joins the corners (480, 500) and (430, 330), passing x 455 at the
    bomb; at x 400 the bases face each other and every line from x 380 to 420 is closest."""
    sc = Scene()
    nym = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(tie_x, 520, 180))
    game = sc.at(Engage(tie))
    if bomb_x is not None:
        put(game, "protonbombs", (bomb_x, 400, 0))
    load_dice(game, ["hit", "hit"], ["blank", "blank"])
    declare(game, tie, nym)
    pass_all(game)
    return len(rolled(game, nym))


class TestCaptainNymObstruction:
    @pytest.mark.parametrize("pilot, bomb_x, dice", [
        ("captainnym", 455, 2), ("lokrevenant", 455, 1), ("captainnym", None, 1),
        ("captainnym", 400, 1)])
    def test_one_more_defense_die_behind_a_bomb(self, pilot, bomb_x, dice):
        """Captain Nym: defending against an attack obstructed by a bomb or mine (the range
        line passes through it), he rolls 1 more defense die: 2 instead of his agility 1. A
        bomb obstructs with no effect of its own (RR: OBSTRUCTED): Lok Revenant rolls 1;
        with no bomb, or one off the line, Nym rolls 1."""
        assert nym_defends(pilot, bomb_x) == dice

    def test_not_when_the_attacker_may_measure_past_the_bomb(self):
        """Ruling: with tied closest lines (parallel bases) the attacker chooses the line
        (RR: OBSTRUCTED); a bomb that only some of them cross does not obstruct (1 die).
        The bomb on the centre line of the faced bases is narrower than the 40 mm they span."""
        assert nym_defends("captainnym", 400, tie_x=400) == 1


# --------------------------------------------------------------------- Sol Sixxa
def system_turn(pilot: str, upgrades: list[str]):
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, SystemTurn(me), phase="system")
    return game, me


class TestSolSixxa:
    def test_drops_with_any_other_speed_1_template(self):
        """Sol Sixxa: dropping a device with the [1 straight] template (proton bombs) he may
        use any other speed 1 template (either bank, either turn) instead; a Lok Revenant
        is offered the straight one only."""
        game, _ = system_turn("solsixxa", ["protonbombs"])
        assert values(game) == ["1F", "1B", "1N", "1T", "1Y", "decline"]
        game.answer("1T")
        bomb = game.state.devices[0]
        assert bomb.pose.x != pytest.approx(400, abs=1) and bomb.pose.y < 300
        other, _ = system_turn("lokrevenant", ["protonbombs"])
        assert values(other) == ["1F", "decline"]

    def test_not_another_speed(self):
        """A device dropped with a [2 straight] template (Skilled Bombardier's) gets no
        speed 2 bank or turn: only speed 1 templates replace the [1 straight]."""
        game, _ = system_turn("solsixxa", ["protonbombs", "skilledbombardier"])
        keys = values(game)
        assert "2F" in keys and "1T" in keys
        assert not {"2B", "2N", "2T", "2Y"} & set(keys)


# ------------------------------------------------------------------------- Havoc
class TestHavoc:
    def test_trades_the_crew_slot_for_sensor_and_astromech(self):
        """Havoc: removes the Scurrg's crew slot and adds a sensor and an astromech slot:
        with it, Captain Nym fits an astromech and a sensor but no crew; without it, no
        astromech fits."""
        db = load_cards()
        nym = db.pilot("captainnym")
        havoc, r3, fcs, crew = (db.upgrade(x) for x in
                                ("havoc", "r3astromech", "firecontrolsystem", "zuckuss"))
        assert fit_upgrades(nym, [havoc, r3, fcs]).fits
        assert not fit_upgrades(nym, [havoc, crew]).fits
        assert not fit_upgrades(nym, [r3]).fits
        assert fit_upgrades(nym, [crew]).fits

    def test_a_scurrg_with_havoc_is_played(self):
        """The engine plays Havoc (nothing to do in play): the Scurrg is set up with it."""
        sc = Scene()
        scurrg = sc.ship("captainnym", at=(400, 300, 0), upgrades=["havoc"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert "havoc" in game.state.ships[scurrg].upgrades
