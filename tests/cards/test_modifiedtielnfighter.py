"""Modified TIE/ln fighter pilots and the Notched Stabilizers ship ability: each test sets a
scene, states the card's rule and shows the ability changing the outcome (the same scene
without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

import pytest

from tallon.engine.attack import Engage
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    Give,
    answer,
    logged,
    offers,
    pass_all,
    rolled,
    values,
)


def fly_over(pilot: str, obstacle: str):
    """The ship flies a [2 straight] onto an obstacle; the obstacle's die shows a hit."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    sc.obstacle(obstacle, 400, 420)
    game = sc.game()
    load_dice(game, ["hit"])
    game.state.ships[ship].dial_set = "2FW"
    start_at(game, Activate(ship), phase="activation")
    return game, ship


# ---------------------------------------------------------- Notched Stabilizers
class TestNotchedStabilizers:
    @pytest.mark.parametrize("pilot, damage", [("miningguildsurveyor", 0),
                                               ("academypilot", 2)])
    def test_ignores_the_asteroid_it_flies_over(self, pilot, damage):
        """Notched Stabilizers: while it moves, the ship ignores asteroids. A Mining Guild
        TIE flying onto an asteroid suffers nothing and may still act; a TIE/ln without the
        ability suffers 1 damage and 1 more for the rolled hit, and skips its action."""
        game, ship = fly_over(pilot, "core2asteroid5")
        assert len(game.state.ships[ship].damage) == damage
        acting = game.decision is not None and game.decision.kind == "perform_action"
        assert acting is (damage == 0)

    def test_not_a_debris_cloud(self):
        """Only asteroids are ignored: over a debris cloud the Mining Guild TIE gains the
        stress token and skips its action."""
        game, ship = fly_over("miningguildsurveyor", "core2debris0")
        assert game.state.ships[ship].stressed
        assert game.decision is None or game.decision.kind != "perform_action"


# ------------------------------------------------------------------------ Ahhav
class TestAhhav:
    @pytest.mark.parametrize("target, count", [("lokrevenant", 3), ("academypilot", 2)])
    def test_an_extra_attack_die_against_a_larger_ship(self, target, count):
        """Ahhav: attacking an enemy ship larger than he is (a medium Scurrg), he rolls 1
        additional die: 3 at range 2 instead of 2 (against a small TIE, 2)."""
        sc = Scene()
        ahhav = sc.ship("ahhav", at=(400, 300, 0))
        enemy = sc.ship(target, player=2, at=(400, 520, 180))
        game = sc.attack(ahhav, enemy, dice=["hit"] * count, defense=["blank"] * 3)
        pass_all(game)
        assert len(rolled(game, ahhav)) == count

    @pytest.mark.parametrize("attacker, count", [("lokrevenant", 4), ("academypilot", 3)])
    def test_an_extra_defense_die_against_a_larger_ship(self, attacker, count):
        """Ahhav defending against the medium Scurrg rolls 4 defense dice (agility 3 + 1);
        against a small TIE, 3."""
        sc = Scene()
        ahhav = sc.ship("ahhav", at=(400, 300, 0))
        enemy = sc.ship(attacker, player=2, at=(400, 520, 180))
        game = sc.attack(enemy, ahhav, dice=["hit"] * 3, defense=["blank"] * count)
        pass_all(game)
        assert len(rolled(game, ahhav)) == count


# --------------------------------------------------------------- Captain Seevor
def seevor_game(x: float, attacker: bool = True):
    """Seevor and a TIE with a focus token at range 2; ``x``: the TIE's sideways offset
    (0: Seevor is in its bullseye arc)."""
    sc = Scene()
    seevor = sc.ship("captainseevor", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400 + x, 500, 180), tokens={"focus": 1})
    game = sc.attack(seevor, tie, dice=["blank"] * 2, defense=["blank"] * 3) if attacker \
        else sc.attack(tie, seevor, dice=["blank"] * 2, defense=["blank"] * 3)
    return game, seevor, tie


class TestCaptainSeevor:
    @pytest.mark.parametrize("attacker", [True, False])
    def test_out_of_the_bullseye_spends_the_charge_to_jam(self, attacker):
        """Captain Seevor: attacking or defending, before the attack dice, out of the enemy
        ship's bullseye arc, he may spend his charge: the enemy gains a jam token, which
        removes its only green token (the focus token) with itself."""
        game, seevor, tie = seevor_game(60, attacker)
        answer(game, "use_ability", "use", seevor)
        assert game.state.ships[seevor].charges["captainseevor"].active == 0
        assert not game.state.ships[tie].has(Token.FOCUS)
        assert logged(game, "jam", "removes a focus token")

    def test_his_player_chooses_what_the_jam_removes(self):
        """With a focus and an evade token the jam asks Seevor's player (player 1)."""
        game, seevor, tie = seevor_game(60)
        game.state.ships[tie].tokens[Token.EVADE] = 1
        answer(game, "use_ability", "use", seevor)
        assert game.decision.kind == "jam_effect" and game.decision.player == 1
        game.answer("token:evade")
        assert game.state.ships[tie].has(Token.FOCUS)
        assert not game.state.ships[tie].has(Token.EVADE)

    def test_not_in_the_enemy_bullseye(self):
        """Head to head he is in the TIE's bullseye arc: no ability is offered, the TIE
        keeps its focus token."""
        game, seevor, tie = seevor_game(0)
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert game.state.ships[tie].has(Token.FOCUS)
        assert game.state.ships[seevor].charges["captainseevor"].active == 1

    def test_not_without_the_charge(self):
        """With his charge spent, the ability is not offered."""
        game, seevor, _ = seevor_game(60)
        game.state.ships[seevor].charges["captainseevor"].active = 0
        pass_all(game)
        assert not logged(game, "ability", "captainseevor")
        assert game.state.ships["p2.1"].has(Token.FOCUS)


# --------------------------------------------------------------- Foreman Proach
def proach_game(y: float = 450, x: float = 0, proach_stress: int = 0,
                yushyn_at: tuple[float, float, float] | None = None):
    sc = Scene()
    proach = sc.ship("foremanproach", at=(400, 300, 0), stress=proach_stress)
    if yushyn_at is not None:
        sc.ship("overseeryushyn", at=yushyn_at)
    tie = sc.ship("academypilot", player=2, at=(400 + x, y, 180))
    return sc.at(Engage(proach)), proach, tie


class TestForemanProach:
    def test_gains_a_disarm_token_to_tractor_a_ship_in_the_bullseye(self):
        """Foreman Proach: before he engages, he may choose an enemy ship in his bullseye
        arc at range 1-2 and gain 1 disarm token; that ship gains 1 tractor token (a
        small ship is then tractored, and his player moves it)."""
        game, proach, tie = proach_game()
        assert values(game) == [tie, "decline"]
        game.answer(tie)
        assert game.state.ships[proach].count(Token.DISARM) == 1
        assert game.state.ships[tie].count(Token.TRACTOR) == 1
        assert game.decision.kind == "tractor_move" and game.decision.player == 1

    @pytest.mark.parametrize("y, x", [(600, 0), (450, 80)])
    def test_not_at_range_3_nor_out_of_the_bullseye(self, y, x):
        """An enemy ship at range 3, or at range 1 out of his bullseye arc, can't be chosen:
        he goes straight on to declaring his attack."""
        game, _proach, tie = proach_game(y, x)
        assert game.decision.kind == "declare_attack"
        assert not game.state.ships[tie].has(Token.TRACTOR)


# -------------------------------------------------------------- Overseer Yushyn
class TestOverseerYushyn:
    def test_a_friend_gains_stress_instead_of_the_disarm_token(self):
        """Overseer Yushyn: before a friendly unstressed ship at range 1 would gain a disarm
        token, he may spend his charge: it gains a stress token instead. Proach's disarm
        token is the cost of his ability: replaced, the enemy is still tractored
        (RR: PAYING COSTS)."""
        game, proach, tie = proach_game(yushyn_at=(300, 300, 0))
        game.answer(tie)
        assert game.decision.kind == "replacement"
        game.answer("use")
        ship = game.state.ships[proach]
        assert ship.stressed and not ship.has(Token.DISARM)
        assert game.state.ships["p1.2"].charges["overseeryushyn"].active == 0
        assert game.state.ships[tie].count(Token.TRACTOR) == 1

    @pytest.mark.parametrize("stress, where", [(1, (300, 300, 0)), (0, (150, 300, 0))])
    def test_not_for_a_stressed_friend_nor_at_range_2(self, stress, where):
        """A stressed Proach, or one at range 2 of Yushyn, gains the disarm token."""
        game, proach, tie = proach_game(proach_stress=stress, yushyn_at=where)
        game.answer(tie)
        assert game.decision is None or game.decision.kind != "replacement"
        assert game.state.ships[proach].count(Token.DISARM) == 1

    def test_a_disarm_token_from_an_enemy_effect(self):
        """The disarm token may come from anywhere: one given by an enemy effect becomes a
        stress token too."""
        sc = Scene()
        sc.ship("overseeryushyn", at=(300, 300, 0))
        friend = sc.ship("miningguildsurveyor", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Give(friend, "disarm", applier=2))
        answer(game, "replacement", "use")
        assert game.state.ships[friend].stressed
        assert not game.state.ships[friend].has(Token.DISARM)


# ------------------------------------------------------------------------ Lapin
def lapin_game(stress: int, lapin_attacks: bool = True):
    """Lapin and a TIE with a focus token; the TIE's dice show focus results."""
    sc = Scene()
    lapin = sc.ship("lapin", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 500, 180), tokens={"focus": 1},
                  stress=stress)
    if lapin_attacks:
        game = sc.attack(lapin, tie, dice=["hit", "hit"], defense=["focus", "focus", "blank"])
    else:
        game = sc.attack(tie, lapin, dice=["focus", "focus"], defense=["blank"] * 3)
    return game, lapin, tie


def focus_offered(game, ship: str, kind: str) -> bool:
    """Pass through the attack; whether ``ship`` was offered its focus token on ``kind``
    dice."""
    seen = False
    while game.decision is not None:
        d = game.decision
        if d.kind == kind and d.ship == ship and offers(game, "focus"):
            seen = True
        pass_all_once(game)
    return seen


def pass_all_once(game) -> None:
    d = game.decision
    keys = d.option_keys()
    for key in ("done", "decline", "none", "pass"):
        if key in keys:
            game.answer(key)
            return
    game.answer(keys[0])


class TestLapin:
    @pytest.mark.parametrize("stress, offered", [(1, False), (0, True)])
    def test_a_stressed_defender_cannot_modify_its_dice(self, stress, offered):
        """Lapin: attacking a stressed enemy ship, that ship's dice can't be modified: its
        focus token is not offered for its defense dice (unstressed, it is)."""
        game, _lapin, tie = lapin_game(stress)
        assert focus_offered(game, tie, "modify_defense_dice") is offered

    @pytest.mark.parametrize("stress, offered", [(1, False), (0, True)])
    def test_a_stressed_attacker_cannot_modify_its_dice(self, stress, offered):
        """Lapin defending against a stressed attacker: its attack dice can't be
        modified."""
        game, _lapin, tie = lapin_game(stress, lapin_attacks=False)
        assert focus_offered(game, tie, "modify_attack_dice") is offered


def test_generic_pilots_set_up_and_fight():
    """Mining Guild Surveyor and Sentry print flavour text only: with their ship ability
    played they are played by the rules alone (2 attack dice at range 2)."""
    for pilot in ("miningguildsurveyor", "miningguildsentry"):
        sc = Scene()
        tie = sc.ship(pilot, at=(400, 300, 0))
        target = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, target, dice=["hit", "hit"], defense=["blank"] * 3)
        pass_all(game)
        assert len(game.state.ships[target].damage) == 2
