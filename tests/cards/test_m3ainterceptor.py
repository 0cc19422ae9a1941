"""M3-A Interceptor pilots (Weapon Hardpoint is tested with the T-70): each test sets a
scene, states the card's rule and shows the ability changing the outcome (the same scene
without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces
from tests.cards.helpers import (
    answer,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    values,
)

SUNNY = "sunnybounder"


# ------------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["cartelspacer", "tansariipointveteran"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played by the rules alone: its 2-dice primary
    attack at range 2 hits an undefended TIE twice."""
    sc = Scene()
    scyk = sc.ship(pilot, at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(scyk, tie, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert len(game.state.ships[tie].damage) == 2


# ------------------------------------------------------------------ Genesis Red
def lock_game(pilot: str):
    """The Scyk (1 focus token) locks a TIE with 2 evade tokens and 1 focus token."""
    sc = Scene()
    scyk = sc.ship(pilot, at=(400, 300, 0), tokens={"focus": 1})
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180),
                  tokens={"evade": 2, "focus": 1})
    game = sc.at(PerformAction(scyk, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", scyk)
    if game.decision is not None and game.decision.kind == "lock_target":
        game.answer(tie)
    return game, scyk, tie


class TestGenesisRed:
    def test_takes_the_locked_ships_focus_and_evade_tokens(self):
        """Genesis Red: after acquiring a lock, he must remove all his focus and evade
        tokens, then gains as many of each as the locked ship has: 1 focus and 2 evade
        (the TIE keeps its own). Another Scyk keeps its single focus token."""
        game, scyk, tie = lock_game("genesisred")
        ship = game.state.ships[scyk]
        assert ship.locks == [tie]
        assert (ship.count(Token.FOCUS), ship.count(Token.EVADE)) == (1, 2)
        assert game.state.ships[tie].count(Token.EVADE) == 2
        game, scyk, _ = lock_game("cartelspacer")
        ship = game.state.ships[scyk]
        assert (ship.count(Token.FOCUS), ship.count(Token.EVADE)) == (1, 0)

    def test_must_drop_his_tokens_for_a_bare_ship(self):
        """"Must": locking a TIE without tokens he loses his focus token."""
        sc = Scene()
        red = sc.ship("genesisred", at=(400, 300, 0), tokens={"focus": 1, "evade": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.at(PerformAction(red, during_activation=True), phase="activation")
        answer(game, "perform_action", "lock", red)
        if game.decision is not None and game.decision.kind == "lock_target":
            game.answer(tie)
        ship = game.state.ships[red]
        assert not ship.has(Token.FOCUS) and not ship.has(Token.EVADE)


# ---------------------------------------------------------------------- Inaldra
class TestInaldra:
    def test_suffers_1_damage_to_reroll_any_number_of_dice(self):
        """Inaldra: attacking, she may suffer 1 damage (her shield) to reroll any number
        of dice: both blanks become hits and the TIE takes 2 damage."""
        sc = Scene()
        inaldra = sc.ship("inaldra", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, inaldra, ["blank", "blank"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, inaldra, tie)
        modify_with(game, "inaldra", "reroll 2 blank")
        pass_all(game)
        assert game.state.ships[inaldra].shields == 0
        assert len(game.state.ships[tie].damage) == 2

    def test_defending_too_and_not_for_other_ships(self):
        """Defending, she is offered it too; a Cartel Spacer is not."""
        for pilot, offered in (("inaldra", True), ("cartelspacer", False)):
            sc = Scene()
            scyk = sc.ship(pilot, at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
            game = sc.attack(tie, scyk, dice=["hit", "hit"], defense=["blank"] * 3)
            seen = False
            while game.decision is not None:
                if game.decision.kind == "modify_defense_dice" and offers(game, "inaldra"):
                    seen = True
                pass_all_once(game)
            assert seen is offered


def pass_all_once(game) -> None:
    keys = game.decision.option_keys()
    game.answer(next((k for k in ("done", "decline", "none", "pass") if k in keys), keys[0]))


# ---------------------------------------------------------------- Laetin A'shera
class TestLaetinAshera:
    @pytest.mark.parametrize("laetin_attacks", [True, False])
    def test_a_missed_attack_gives_an_evade_token(self, laetin_attacks):
        """Laetin A'shera: after she defends or attacks, if the attack missed, she gains 1
        evade token."""
        sc = Scene()
        laetin = sc.ship("laetinashera", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        attacker, defender = (laetin, tie) if laetin_attacks else (tie, laetin)
        game = sc.attack(attacker, defender, dice=["blank", "blank"],
                         defense=["blank"] * 3)
        pass_all(game)
        assert game.state.ships[laetin].count(Token.EVADE) == 1

    @pytest.mark.parametrize("pilot, dice", [("laetinashera", ["hit", "blank"]),
                                             ("cartelspacer", ["blank", "blank"])])
    def test_not_after_a_hit_nor_for_another_scyk(self, pilot, dice):
        """A hit gives no evade token; another Scyk gains none after a miss."""
        sc = Scene()
        scyk = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(scyk, tie, dice=dice, defense=["blank"] * 3)
        pass_all(game)
        assert not game.state.ships[scyk].has(Token.EVADE)


# -------------------------------------------------------------------- Quinn Jast
def quinn_game(charges: int):
    sc = Scene()
    quinn = sc.ship("quinnjast", at=(400, 300, 0), upgrades=["concussionmissiles"],
                    charges={"concussionmissiles": charges})
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc.at(StartEngagement()), quinn


class TestQuinnJast:
    def test_gains_a_disarm_token_to_recover_a_charge(self):
        """Quinn Jast: at the start of the Engagement Phase he may gain 1 disarm token to
        recover 1 charge on one of his upgrades (concussion missiles: 2 of 3 -> 3)."""
        game, quinn = quinn_game(2)
        assert values(game) == ["concussionmissiles", "decline"]
        game.answer("concussionmissiles")
        ship = game.state.ships[quinn]
        assert ship.charges["concussionmissiles"].active == 3
        assert ship.count(Token.DISARM) == 1

    def test_not_with_every_charge_there(self):
        """With no charge to recover, nothing is offered and he gains no disarm token."""
        game, quinn = quinn_game(3)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[quinn].has(Token.DISARM)


# ---------------------------------------------------------------------- Serissu
def serissu_game(serissu_x: float):
    """A TIE attacks a Cartel Spacer (1 shield) with 2 hits; its 3 blank defense dice would
    reroll to an evade. Serissu flies at ``serissu_x`` beside it."""
    sc = Scene()
    sc.ship("serissu", at=(serissu_x, 300, 0))
    spacer = sc.ship("cartelspacer", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = engage(sc, tie, ["hit", "hit"], ["blank", "blank", "blank"],
                  then=faces(DieKind.DEFENSE, ["evade"]))
    declare(game, tie, spacer)
    return game, spacer


class TestSerissu:
    def test_a_friend_at_range_1_rerolls_a_defense_die(self):
        """Serissu: a friendly ship at range 0-1 of her, defending, may reroll 1 defense
        die: the Cartel Spacer rerolls a blank into an evade and loses only its shield
        (without the reroll: its shield and a damage card)."""
        game, spacer = serissu_game(320)
        pass_until(game, "modify_defense_dice", spacer)
        modify_with(game, "serissu")
        pass_all(game)
        ship = game.state.ships[spacer]
        assert ship.shields == 0 and not ship.damage

    def test_not_at_range_2(self):
        """Serissu at range 2 of the defender: nothing is offered."""
        game, spacer = serissu_game(200)
        seen = False
        while game.decision is not None:
            if game.decision.kind == "modify_defense_dice" and offers(game, "serissu"):
                seen = True
            pass_all_once(game)
        assert not seen
        assert len(game.state.ships[spacer].damage) == 1


# ----------------------------------------------------------------- G4R-G0R V/M
def g4r_game(x: float, pilot: str = "g4rgorvm"):
    """A TIE attacks the Scyk and misses; a Cartel Spacer stands at ``x`` beside it
    (x 440: touching, range 0)."""
    sc = Scene()
    g4r = sc.ship(pilot, at=(400, 300, 0))
    friend = sc.ship("cartelspacer", at=(x, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, g4r, dice=["blank", "blank"], defense=["blank"] * 3)
    pass_all(game)
    return game, friend


class TestG4RG0RVM:
    def test_each_other_ship_at_range_0_suffers_a_critical_damage(self):
        """G4R-G0R V/M: after he defends, each other ship at range 0 (the touching Cartel
        Spacer) suffers 1 critical damage (its shield goes)."""
        game, friend = g4r_game(440)
        assert game.state.ships[friend].shields == 0

    @pytest.mark.parametrize("x, pilot", [(520, "g4rgorvm"), (440, "cartelspacer")])
    def test_not_at_range_1_nor_for_another_scyk(self, x, pilot):
        game, friend = g4r_game(x, pilot)
        assert game.state.ships[friend].shields == 1


# ----------------------------------------------------------------- Sunny Bounder
def sunny_game(pilot: str, dice: list[str], rerolls: tuple[str, ...] = (),
               locks: tuple[str, ...] = ()):
    sc = Scene()
    sunny = sc.ship(pilot, at=(400, 300, 0), locks=list(locks))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = engage(sc, sunny, dice, ["blank"] * 3, rerolls=list(rerolls))
    declare(game, sunny, tie)
    return game, sunny, tie


class TestSunnyBounder:
    def test_adds_a_matching_result_after_rolling(self):
        """Sunny Bounder: after rolling, with the same result on each of her dice (2 hits),
        she may add 1 matching result: 3 hits, 3 damage."""
        game, sunny, tie = sunny_game(SUNNY, ["hit", "hit"])
        answer(game, "use_ability", "use", sunny)
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 3

    def test_not_with_different_results(self):
        """A hit and a blank: nothing is offered (another Scyk is never offered it)."""
        for pilot, dice in ((SUNNY, ["hit", "blank"]), ("cartelspacer", ["hit", "hit"])):
            game, _, _tie = sunny_game(pilot, dice)
            assert game.decision is None or game.decision.kind != "use_ability"

    def test_adds_a_matching_result_after_rerolling(self):
        """After rerolling (her lock: the blank becomes a hit), her dice all match: she may
        add a hit."""
        game, sunny, tie = sunny_game(SUNNY, ["hit", "blank"], rerolls=("hit",),
                                      locks=("p2.1",))
        pass_until(game, "modify_attack_dice", sunny)
        game.answer("lock:reroll=blank")
        answer(game, "use_ability", "use", sunny)
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 3


    def test_not_after_changing_results(self):
        """Only after a roll or a reroll: a focus token that changes her focus result to a hit
        (both dice then show hits) offers nothing, and the TIE takes 2 damage."""
        sc = Scene()
        sunny = sc.ship(SUNNY, at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = engage(sc, sunny, ["hit", "focus"], ["blank"] * 3)
        declare(game, sunny, tie)
        pass_until(game, "modify_attack_dice", sunny)
        modify_with(game, "focus")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 2
