"""Torpedo upgrades (RR: SPECIAL WEAPON, RR: CHARGES, RR: ATTACK). Each scene puts a Red Squadron
Veteran (T-65) facing a TIE at a chosen range with loaded dice; the TIE sits straight
ahead, so it is in the bullseye arc."""

from __future__ import annotations

import pytest

from tallon.engine.state import Token
from tallon.scene import Scene, stack_deck
from tests.cards.helpers import dice_count, engage, skip_dice

# distance between the bases: 150 mm is range 2, 210 mm range 3, 40 mm range 1
Y_AT_RANGE = {1: 380.0, 2: 490.0, 3: 550.0}


def scene(weapon: str, range_: int = 3, defender: str = "academypilot", lock: bool = True,
          **attacker_setup):
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[weapon],
                    locks=["p2.1"] if lock else [], **attacker_setup)
    tie = sc.ship(defender, player=2, at=(400, Y_AT_RANGE[range_], 180))
    return sc, xwing, tie


def declare(game, weapon, defender="p2.1"):
    d = game.decision
    assert d.kind == "declare_attack", d.prompt
    game.answer(next(o.key for o in d.options if "defender" in (o.info or {})
                     and o.info["weapon"] == weapon and o.info["defender"] == defender))


def weapons_offered(game) -> set[str]:
    d = game.decision
    return {o.info["weapon"] for o in d.options if "defender" in (o.info or {})}


def defense_rolled(game) -> int:
    return dice_count(game)  # the defense dice are the attack's last roll


# ------------------------------------------------------------------ Proton Torpedoes
class TestProtonTorpedoes:
    def test_needs_a_lock_on_the_defender(self):
        """Attack (lock): without a lock on the TIE only the primary weapon is offered."""
        sc, xwing, _ = scene("protontorpedoes", lock=False)
        assert weapons_offered(engage(sc, xwing)) == {"primary:front"}
        sc, xwing, _ = scene("protontorpedoes")
        assert weapons_offered(engage(sc, xwing)) == {"primary:front", "protontorpedoes"}

    def test_range_2_to_3_only(self):
        sc, xwing, _ = scene("protontorpedoes", range_=1)
        assert "protontorpedoes" not in weapons_offered(engage(sc, xwing))

    def test_declaring_spends_a_charge_and_none_left_means_no_attack(self):
        sc, xwing, _ = scene("protontorpedoes")
        game = engage(sc, xwing, ["blank"] * 4, ["blank"] * 3)
        declare(game, "protontorpedoes")
        assert game.state.ships[xwing].charges["protontorpedoes"].active == 1
        sc, xwing, _ = scene("protontorpedoes", charges={"protontorpedoes": 0})
        assert "protontorpedoes" not in weapons_offered(engage(sc, xwing))

    def test_four_dice_and_no_range_bonus_for_the_defender(self):
        """Ordnance: at range 3 the defender rolls its agility (3), not 4 as against the
        primary weapon."""
        sc, xwing, _ = scene("protontorpedoes")
        game = engage(sc, xwing, ["blank"] * 4, ["blank"] * 4)
        declare(game, "protontorpedoes")
        assert len(game.state.attack.attack_dice) == 4
        skip_dice(game)
        assert defense_rolled(game) == 3
        sc, xwing, _ = scene("protontorpedoes")
        game = engage(sc, xwing, ["blank"] * 3, ["blank"] * 4)
        declare(game, "primary:front")
        skip_dice(game)
        assert defense_rolled(game) == 4

    def test_a_hit_must_become_a_critical_hit(self):
        """The change is not optional: no 'done' until it is made; the TIE is dealt a
        faceup card (the primary weapon's two hits would deal two facedown cards)."""
        sc, xwing, tie = scene("protontorpedoes")
        game = engage(sc, xwing, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage", "structuraldamage"])
        declare(game, "protontorpedoes")
        d = game.decision
        assert d.kind == "modify_attack_dice" and "done" not in d.option_keys()
        game.answer(next(o.key for o in d.options if "protontorpedoes" in o.label))
        skip_dice(game)
        damage = game.state.ships[tie].damage
        assert sorted(c.faceup for c in damage) == [False, True]


# -------------------------------------------------------------- Adv. Proton Torpedoes
class TestAdvProtonTorpedoes:
    def test_range_1_only_with_a_lock(self):
        sc, xwing, _ = scene("advprotontorpedoes", range_=2)
        assert "advprotontorpedoes" not in weapons_offered(engage(sc, xwing))
        sc, xwing, _ = scene("advprotontorpedoes", range_=1, lock=False)
        assert "advprotontorpedoes" not in weapons_offered(engage(sc, xwing))
        sc, xwing, _ = scene("advprotontorpedoes", range_=1)
        assert "advprotontorpedoes" in weapons_offered(engage(sc, xwing))

    def test_five_dice_without_range_bonus_and_a_forced_critical_hit(self):
        """Ordnance: 5 dice at range 1 (not 6); one hit must become a critical hit."""
        sc, xwing, tie = scene("advprotontorpedoes", range_=1)
        game = engage(sc, xwing, ["hit", "blank", "blank", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game, "advprotontorpedoes")
        assert len(game.state.attack.attack_dice) == 5
        assert game.state.ships[xwing].charges["advprotontorpedoes"].active == 0
        d = game.decision
        assert "done" not in d.option_keys()
        game.answer(next(o.key for o in d.options if "advprotontorpedoes" in o.label))
        skip_dice(game)
        assert [c.faceup for c in game.state.ships[tie].damage] == [True]


# ------------------------------------------------------------------ Homing Torpedoes
class TestHomingTorpedoes:
    def test_the_defender_takes_a_critical_hit_and_no_dice_are_rolled(self):
        """The defender chooses to suffer 1 critical damage: both dice steps are skipped
        and the attack hits (the loaded dice, 4 hits, are never rolled)."""
        sc, xwing, tie = scene("homingtorpedoes", range_=2, defender="tempestsquadronpilot")
        game = engage(sc, xwing, ["hit"] * 4, ["blank"] * 3)
        declare(game, "homingtorpedoes")
        d = game.decision
        assert d.kind == "homing_choice" and d.player == 2
        game.answer("suffer")
        assert game.decision is None
        defender = game.state.ships[tie]
        assert defender.shields == 1 and not defender.damage  # the critical took a shield
        assert not any(e["kind"] == "dice" for e in game.log)
        assert any("treated as hitting" in e["text"] for e in game.log)
        assert game.state.ships[xwing].charges["homingtorpedoes"].active == 1

    def test_the_skipped_dice_are_part_of_the_game_state(self):
        """Engine: the snapshot (hashed for replays) records the skipped dice steps, and
        only then."""
        sc, xwing, _ = scene("homingtorpedoes", range_=2)
        game = engage(sc, xwing, ["hit"] * 4, ["blank"] * 3)
        declare(game, "homingtorpedoes")
        assert "dice_skipped" not in game.snapshot()["attacks"][0]
        game.state.attack.dice_skipped = True
        assert game.snapshot()["attacks"][0]["dice_skipped"] is True

    def test_declining_rolls_the_dice_as_usual(self):
        sc, xwing, tie = scene("homingtorpedoes", range_=2, defender="tempestsquadronpilot")
        game = engage(sc, xwing, ["hit"] * 4, ["blank"] * 3)
        declare(game, "homingtorpedoes")
        game.answer("roll")
        skip_dice(game)
        assert game.state.ships[tie].shields == 0
        assert len(game.state.ships[tie].damage) == 2

    def test_range_1_to_2(self):
        sc, xwing, _ = scene("homingtorpedoes", range_=3)
        assert "homingtorpedoes" not in weapons_offered(engage(sc, xwing))
        sc, xwing, _ = scene("homingtorpedoes", range_=1)
        assert "homingtorpedoes" in weapons_offered(engage(sc, xwing))


# --------------------------------------------------------------------- Ion Torpedoes
class TestIonTorpedoes:
    def test_one_result_deals_damage_the_others_give_ion_tokens(self):
        """Three uncanceled results: 1 damage and 2 ion tokens, not 3 damage."""
        sc, xwing, tie = scene("iontorpedoes")
        game = engage(sc, xwing, ["hit", "hit", "crit", "blank"], ["blank"] * 3)
        declare(game, "iontorpedoes")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert len(defender.damage) == 1 and not defender.damage[0].faceup
        assert defender.count(Token.ION) == 2

    def test_a_single_hit_only_deals_damage(self):
        sc, xwing, tie = scene("iontorpedoes")
        game = engage(sc, xwing, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "iontorpedoes")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert len(defender.damage) == 1 and not defender.has(Token.ION)

    def test_a_miss_does_nothing(self):
        sc, xwing, tie = scene("iontorpedoes")
        game = engage(sc, xwing, ["hit", "blank", "blank", "blank"], ["evade"] * 3)
        declare(game, "iontorpedoes")
        skip_dice(game)
        defender = game.state.ships[tie]
        assert not defender.damage and not defender.has(Token.ION)

    def test_the_ion_tokens_follow_the_damage(self):
        log_kinds = []
        sc, xwing, tie = scene("iontorpedoes")
        game = engage(sc, xwing, ["hit", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, "iontorpedoes")
        skip_dice(game)
        for e in game.log:
            if e.get("ship") == tie and e["kind"] in ("damage", "token"):
                log_kinds.append(e["kind"])
        assert log_kinds.index("damage") < log_kinds.index("token")


# ------------------------------------------------------------------ Plasma Torpedoes
class TestPlasmaTorpedoes:
    @pytest.mark.parametrize(("weapon", "left"), [("plasmatorpedoes", "hit"),
                                                  ("primary:front", "crit")])
    def test_evades_cancel_critical_hits_first(self, weapon, left):
        """A hit and a crit against one evade: the plasma attack leaves the hit, the
        primary attack the crit."""
        sc, xwing, _ = scene("plasmatorpedoes", range_=2)
        dice = ["hit", "crit", "blank"] + (["blank"] if weapon == "primary:front" else [])
        game = engage(sc, xwing, dice, ["evade", "blank", "blank"])
        declare(game, weapon)
        skip_dice(game)
        attack_log = [e["text"] for e in game.log if e["kind"] == "neutralize"]
        expected = "1 hit(s), 0 critical" if left == "hit" else "0 hit(s), 1 critical"
        assert expected in attack_log[-1]

    def test_the_defender_loses_a_shield_when_it_hits(self):
        """One hit against a TIE Advanced with 2 shields: it loses 1 shield to the
        torpedoes and 1 to the damage."""
        sc, xwing, tie = scene("plasmatorpedoes", defender="tempestsquadronpilot")
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, "plasmatorpedoes")
        skip_dice(game)
        assert game.state.ships[tie].shields == 0
        lost = [e["text"] for e in game.log if "loses 1 shield" in e["text"]]
        assert lost and "plasmatorpedoes" in lost[0]

    def test_no_shield_lost_on_a_miss(self):
        sc, xwing, tie = scene("plasmatorpedoes", defender="tempestsquadronpilot")
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["evade"] * 3)
        declare(game, "plasmatorpedoes")
        skip_dice(game)
        assert game.state.ships[tie].shields == 2
