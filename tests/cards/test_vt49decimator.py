"""VT-49 Decimator pilots and the Dauntless title: each test sets a scene, states the
card's rule and shows the ability changing the outcome (the same scene without it, or the
state before and after).

Geometry: player 1's ships face +y. The Decimator's large base reaches 40 mm ahead of its
centre and a small base 20 mm: an enemy TIE whose centre is 60 mm ahead touches it (range
0), 120 mm ahead it is at range 1 and 200 mm ahead at range 2."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase
from tallon.engine.state import Token
from tallon.scene import Scene
from tests.cards.helpers import (
    activation,
    answer,
    attack,
    dice_count,
    modify_with,
    offers,
    pass_all,
    pass_until,
)
from tests.rules.attack_helpers import targets


def pass_noting(game, card: str) -> bool:
    """Pass on everything to the end; whether ``card`` was ever offered a dice
    modification."""
    seen = False
    while game.decision is not None:
        seen = seen or offers(game, card)
        pass_all(game, limit=1)
    return seen


# -------------------------------------------------------------- Captain Oicunn
def range_game(pilot: str, y: float, tokens=None):
    sc = Scene()
    decimator = sc.ship(pilot, at=(400, 300, 0), tokens=tokens or {})
    enemy = sc.ship("academypilot", player=2, at=(400, y, 180))
    return attack(sc, decimator, enemy, ["focus"] * 4, ["blank"] * 3), decimator, enemy


class TestCaptainOicunn:
    @pytest.mark.parametrize("pilot, count", [("captainoicunn", 4), ("patrolleader", 3)])
    def test_range_zero_is_treated_as_range_one(self, pilot, count):
        """Captain Oicunn: his attack at attack range 0 is treated as at range 1, so the
        range bonus adds a die (4 instead of the 3 a Patrol Leader rolls there)."""
        game, _, _ = range_game(pilot, 360)
        pass_all(game)
        assert dice_count(game, 0) == count

    @pytest.mark.parametrize("pilot, spends", [("captainoicunn", True),
                                                ("patrolleader", False)])
    def test_he_may_modify_his_dice_at_range_zero(self, pilot, spends):
        """RR: ATTACK - at attack range 0 the attacker can't modify its dice; treated as
        range 1, Oicunn spends his focus token (4 hits); the Patrol Leader can't (none)."""
        game, decimator, enemy = range_game(pilot, 360, {"focus": 1})
        found = False
        while game.decision is not None:
            d = game.decision
            if d.kind == "modify_attack_dice" and d.ship == decimator \
                    and "focus" in [(o.info or {}).get("source") for o in d.options]:
                found = True
                modify_with(game, "focus")
            else:
                pass_all(game, limit=1)
        assert found is spends
        assert len(game.state.ships[enemy].damage) == (4 if spends else 0)

    def test_a_weapon_that_cant_reach_range_zero_stays_out_of_reach(self):
        """Ruling: the attack range is measured to declare the defender as usual; only the
        attack performed is treated as at range 1. Proton Torpedoes (range 2-3), with a
        lock on the touching TIE, are still no valid weapon against it."""
        sc = Scene()
        oicunn = sc.ship("captainoicunn", at=(400, 300, 0), upgrades=["protontorpedoes"],
                         locks=["p2.1"])
        enemy = sc.ship("academypilot", player=2, at=(400, 360, 180))
        game = sc.at(Engage(oicunn))
        assert targets(game) == {("primary:double_turret", enemy): 0}

    def test_range_one_is_unchanged(self):
        """At attack range 1 the ability changes nothing: 4 dice, as anyone rolls there."""
        game, _, _ = range_game("captainoicunn", 420)
        pass_all(game)
        assert dice_count(game, 0) == 4


# ------------------------------------------------------- Rear Admiral Chiraneau
def chiraneau_game(token: str):
    sc = Scene()
    admiral = sc.ship("rearadmiralchiraneau", at=(400, 300, 0), tokens={token: 1})
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = attack(sc, admiral, enemy, ["focus", "hit", "hit"], ["blank"] * 3,
                  deck=["directhit", "consolefire", "consolefire"])
    return game, admiral, enemy


class TestRearAdmiralChiraneau:
    def test_changes_a_focus_to_a_crit_with_the_matching_reinforce_token(self):
        """Rear Admiral Chiraneau: attacking while reinforced (fore), the defender in his
        full front arc, he may change 1 focus result to a critical hit: 3 damage, 1 of
        them faceup, instead of 2 facedown."""
        game, admiral, enemy = chiraneau_game("reinforce_fore")
        pass_until(game, "modify_attack_dice", admiral)
        modify_with(game, "rearadmiralchiraneau")
        pass_all(game)
        damage = game.state.ships[enemy].damage
        assert len(damage) == 3 and sum(d.faceup for d in damage) == 1

    def test_not_when_the_token_matches_the_other_arc(self):
        """Reinforced aft, with the defender in his full front arc: nothing is offered."""
        game, _, enemy = chiraneau_game("reinforce_aft")
        assert not pass_noting(game, "rearadmiralchiraneau")
        assert len(game.state.ships[enemy].damage) == 2


# ------------------------------------------------------------------- Morna Kee
def morna_game(tokens):
    sc = Scene()
    morna = sc.ship("mornakee", at=(400, 300, 0), tokens=tokens)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end"), morna


class TestMornaKee:
    def test_flips_a_reinforce_token_instead_of_removing_it(self):
        """Morna Kee: during the End Phase she may spend 1 charge to flip a reinforce token
        to her other full arc instead of removing it: she keeps an aft token, 2 charges
        left."""
        game, morna = morna_game({"reinforce_fore": 1})
        assert game.decision.option_keys() == ["reinforce_fore", "decline"]
        answer(game, "use_ability", "reinforce_fore", morna)
        pass_all(game)
        ship = game.state.ships[morna]
        assert ship.count(Token.REINFORCE_AFT) == 1 and not ship.has(Token.REINFORCE_FORE)
        assert ship.charges["mornakee"].active == 2

    def test_declined_the_token_is_removed(self):
        game, morna = morna_game({"reinforce_fore": 1})
        answer(game, "use_ability", "decline", morna)
        pass_all(game)
        ship = game.state.ships[morna]
        assert not ship.has(Token.REINFORCE_AFT) and not ship.has(Token.REINFORCE_FORE)
        assert ship.charges["mornakee"].active == 3

    def test_not_without_a_reinforce_token(self):
        """With no reinforce token she is not asked, and her charges stay."""
        game, morna = morna_game({"focus": 1})
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[morna].charges["mornakee"].active == 3

    def test_not_without_a_charge(self):
        """With no active charge left she can't pay: not asked, the token is removed."""
        sc = Scene()
        morna = sc.ship("mornakee", at=(400, 300, 0), tokens={"reinforce_aft": 1},
                        charges={"mornakee": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end")
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[morna].has(Token.REINFORCE_AFT)


# ------------------------------------------------------------------- Dauntless
def dauntless_game(upgrades, blocker_y: float):
    sc = Scene()
    decimator = sc.ship("captainoicunn", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", at=(400, blocker_y, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return activation(sc, decimator, "2FB"), decimator


class TestDauntless:
    def test_acts_after_a_partial_maneuver(self):
        """Dauntless: after partially executing a maneuver (it bumps a friend), the ship may
        perform 1 white action treated as red: a focus action, gaining a stress token."""
        game, decimator = dauntless_game(["dauntless"], 440)
        pass_until(game, "use_ability", decimator)
        answer(game, "use_ability", "use", decimator)
        assert "coordinate" not in game.decision.option_keys()  # red on its bar
        answer(game, "perform_action", "focus", decimator)
        ship = game.state.ships[decimator]
        assert ship.has(Token.FOCUS) and ship.stressed

    def test_without_the_title_the_bump_ends_the_activation(self):
        """The same bump without Dauntless: no action at all."""
        game, decimator = dauntless_game([], 440)
        kinds = pass_all(game)
        assert "perform_action" not in kinds
        assert not game.state.ships[decimator].has(Token.FOCUS)

    def test_not_after_a_full_maneuver(self):
        """Fully executing its maneuver, the ship gets its usual Perform Action step and
        Dauntless is not offered."""
        game, decimator = dauntless_game(["dauntless"], 700)
        assert game.decision.kind == "perform_action"
        answer(game, "perform_action", "focus", decimator)
        assert not game.state.ships[decimator].stressed
