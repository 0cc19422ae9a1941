"""TIE/vn Silencer pilots (their ship ability, Autothrusters, is tested with the TIE/in
Interceptor): each test sets a scene, states the card's rule and shows the ability changing
the outcome (the same scene without the card, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tallon.cards.common import is_in_arc
from tallon.engine.attack import Engage
from tallon.engine.decisions import Decision
from tallon.engine.game import Game
from tallon.engine.rounds import StartRound, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.engine.steps import Step
from tallon.geometry import Arc
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import Hurt, pass_on, values
from tests.rules.attack_helpers import dice_counts


@dataclass(frozen=True)
class RepairRush(Step):
    """Every damage card of the ship is repaired (as a card's repair would)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.effects import repair_damage

        ship = game.state.ships[self.ship_id]
        for card in list(ship.damage):
            repair_damage(game, ship, card.serial)
        return None


# ------------------------------------------------------------- generic pilots
@pytest.mark.parametrize("pilot", ["firstordertestpilot", "sienarjaemusengineer"])
def test_generic_pilots_fight(pilot):
    """A pilot with flavour text only is played by the rules and Autothrusters: its attack
    at range 2 (3 dice) hits an undefended target."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, target, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
    while game.decision is not None:
        pass_on(game)
    assert len(game.state.ships[target].damage) == 3


# ------------------------------------------------------------------- "Blackout"
def blackout_dice(pilot: str, asteroid: bool) -> int:
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    if asteroid:
        sc.obstacle("core2asteroid5", 400, 400)
    game = sc.attack(tie, target, dice=["blank"] * 3, defense=["blank"] * 5)
    while game.decision is not None:
        pass_on(game)
    return dice_counts(game, tie, target)[1]


class TestBlackout:
    def test_obstructed_attack_defender_rolls_2_fewer(self):
        """"Blackout": attacking through an asteroid, the defender rolls 2 fewer defense
        dice: agility 3 + 1 for the obstruction - 2 = 2 dice, where another pilot's
        obstructed attack faces 4."""
        assert blackout_dice("blackout", asteroid=True) == 2
        assert blackout_dice("firstordertestpilot", asteroid=True) == 4

    def test_not_without_an_obstacle(self):
        """An attack obstructed by nothing: the defender rolls its 3 dice."""
        assert blackout_dice("blackout", asteroid=False) == 3


# ------------------------------------------------------------------- Kylo Ren
def kylo_scene(force: int):
    sc = Scene()
    kylo = sc.ship("kyloren", at=(400, 300, 0), force=force)
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(enemy, kylo, dice=["blank", "blank"], defense=["blank"] * 3)
    for _ in range(30):
        d = game.decision
        if d is None or (d.kind == "use_ability" and d.ship == kylo):
            break
        pass_on(game)
    return game, kylo, enemy


class TestKyloRen:
    def test_after_defending_assigns_the_condition(self):
        """Kylo Ren: after he defends he may spend 1 Force to assign the I'll Show You the
        Dark Side condition to the attacker."""
        game, kylo, enemy = kylo_scene(force=2)
        assert game.decision.kind == "use_ability"
        game.answer("use")
        while game.decision is not None and game.decision.kind == "use_ability" \
                and game.decision.ship == enemy:
            game.answer(game.decision.options[0].key)  # the condition's own setup choice
        assert [c.card for c in game.state.ships[enemy].conditions] == [
            "illshowyouthedarkside"]
        assert game.state.ships[kylo].force == 1

    def test_declined_or_without_force(self):
        """Declined, nothing is assigned; with no Force he is not asked at all."""
        game, _, enemy = kylo_scene(force=2)
        game.answer("decline")
        assert not game.state.ships[enemy].conditions
        game, _, enemy = kylo_scene(force=0)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert not game.state.ships[enemy].conditions


# ------------------------------------------------------------------- "Avenger"
def avenger_scene(pilot: str, lost_player: int):
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0), stress=1)
    sc.ship("firstordertestpilot", player=lost_player, at=(200, 300 if lost_player == 1 else
                                                             600, 0))
    sc.ship("academypilot", player=2, at=(400, 700, 180))
    lost = "p1.2" if lost_player == 1 else "p2.1"
    return sc.at(Hurt(lost, hits=6)), tie, lost


class TestAvenger:
    def test_acts_while_stressed_after_a_friend_is_destroyed(self):
        """"Avenger": after another friendly ship is destroyed he may perform an action,
        even while stressed: he performs a focus action."""
        game, tie, lost = avenger_scene("avenger", 1)
        assert game.state.ships[lost].destroyed
        assert game.decision.kind == "use_ability"
        assert {"focus", "lock", "decline"} <= set(values(game))
        game.answer("focus")
        assert game.state.ships[tie].has(Token.FOCUS)

    def test_not_for_an_enemy_or_without_the_ability(self):
        """An enemy ship destroyed, or a friendly one beside a pilot without the ability:
        nothing is offered and the stressed ship has no focus."""
        for pilot, player in (("avenger", 2), ("firstordertestpilot", 1)):
            game, tie, _ = avenger_scene(pilot, player)
            assert game.decision is None
            assert not game.state.ships[tie].has(Token.FOCUS)


# ---------------------------------------------------------------------- "Rush"
def rush_scene(pilot: str = "rush"):
    sc = Scene()
    rush = sc.ship(pilot, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, 700, 180))
    return sc, rush


class TestRush:
    def test_damaged_initiative_6(self):
        """"Rush": while damaged, his initiative is treated as 6: 3 hits (2 shields, then a
        damage card) make it 6; shields alone leave it 2."""
        for hits, initiative in ((3, 6), (2, 2)):
            sc, rush = rush_scene()
            game = sc.at(Hurt(rush, hits=hits))
            assert game.state.ships[rush].current_initiative == initiative, hits

    def test_other_pilot_keeps_its_initiative(self):
        """The same damage on another pilot (Sienar-Jaemus Engineer): its initiative stays
        1."""
        sc, tie = rush_scene("sienarjaemusengineer")
        game = sc.at(Hurt(tie, hits=3))
        assert game.state.ships[tie].current_initiative == 1

    def test_repaired_back_to_2(self):
        """Once his last damage card is repaired he is no longer damaged: initiative 2."""
        sc, rush = rush_scene()
        game = sc.at(Hurt(rush, hits=3), RepairRush(rush))
        assert not game.state.ships[rush].damage
        assert game.state.ships[rush].current_initiative == 2

    def test_still_damaged_in_the_next_round(self):
        """A new round ends every "until the end of the round" initiative change, but "Rush"
        still damaged keeps initiative 6 (and undamaged 2) when the Planning Phase
        begins."""
        for damage, initiative in (((DamageCard("directhit", False, 99),), 6), ((), 2)):
            sc, rush = rush_scene()
            game = sc.game()
            game.state.ships[rush].damage = damage
            start_at(game, StartRound(), phase="end")
            assert game.decision.kind == "set_dial"
            assert game.state.ships[rush].current_initiative == initiative

    def test_damaged_engages_at_the_current_step_after_the_others(self):
        """FAQ ("Rush"): damaged during the Engagement Phase before his step, he engages at
        the current initiative step after the other ships of that step: "Ember" (4) damages
        him, then the First Order Test Pilot (4) engages, then "Rush", then nobody else."""
        sc = Scene()
        rush = sc.ship("rush", at=(400, 300, 0))
        ember = sc.ship("ember", player=2, at=(400, 500, 180))
        other = sc.ship("firstordertestpilot", player=2, at=(700, 800, 180))
        game = sc.at(Sweep("engagement"))
        load_dice(game, ["hit", "hit", "hit"], ["blank"] * 3)
        for _ in range(60):
            d = game.decision
            if d is None:
                break
            if d.kind == "engagement_order" and ember in values(game):
                game.answer(ember)
            elif d.kind == "declare_attack" and d.ship == ember:
                declare(game, ember, rush)
            else:
                pass_on(game)
        order = [e["ship"] for e in game.log if e["kind"] == "engage"]
        assert game.state.ships[rush].current_initiative == 6
        assert order == [ember, other, rush]


# ------------------------------------------------------------------- "Recoil"
def recoil_scene(stress: int, x: float = 460.0, y: float = 380.0,
                 upgrades: tuple[str, ...] = ("marksmanship",)) -> tuple[Scene, str, str]:
    """"Recoil" at (400, 300) facing +y; an enemy TIE ahead at (x, y): by default in his
    front arc at range 1 (40 mm between bases) but 60 mm to the side, outside his bullseye
    arc."""
    sc = Scene()
    recoil = sc.ship("recoil", at=(400, 300, 0), upgrades=list(upgrades),
                     tokens={"stress": stress} if stress else {})
    enemy = sc.ship("academypilot", player=2, at=(x, y, 180))
    return sc, recoil, enemy


def marksmanship_offered(stress: int, x: float = 460.0, y: float = 380.0) -> bool:
    sc, recoil, enemy = recoil_scene(stress, x, y)
    game = sc.attack(recoil, enemy, dice=["hit", "blank", "blank"], defense=["blank"] * 3)
    while game.decision is not None and game.decision.kind != "modify_attack_dice":
        pass_on(game)
    return game.decision is not None and any(
        "Marksmanship" in o.label for o in game.decision.options)


class TestRecoil:
    def test_stressed_enemy_in_front_arc_at_range_1_counts_as_in_bullseye(self):
        """Stressed "Recoil" attacks an enemy in his front arc at range 1, outside his
        bullseye arc: he treats it as in the bullseye arc, so Marksmanship (defender in the
        bullseye arc) is offered; unstressed, it is not."""
        assert marksmanship_offered(stress=1)
        assert not marksmanship_offered(stress=0)

    def test_not_at_range_2(self):
        """Stressed, the same enemy in the front arc at range 2 (150 mm): the ability does
        not reach it, Marksmanship is not offered."""
        assert not marksmanship_offered(stress=1, y=490.0)

    def test_only_enemy_ships_and_only_his_own_arcs(self):
        """The treatment is for enemy ships in his own arcs: a friendly ship in the same
        place is not in his bullseye arc, nor is he in the enemy's bullseye arc."""
        sc = Scene()
        recoil = sc.ship("recoil", at=(400, 300, 0), tokens={"stress": 1})
        friend = sc.ship("firstordertestpilot", at=(460, 380, 180))
        enemy = sc.ship("academypilot", player=2, at=(460, 380, 180))
        game = sc.game()
        ships = game.state.ships
        assert is_in_arc(ships[recoil], ships[enemy], Arc.BULLSEYE)
        assert not is_in_arc(ships[recoil], ships[friend], Arc.BULLSEYE)
        assert not is_in_arc(ships[enemy], ships[recoil], Arc.BULLSEYE)

    def test_bullseye_weapon_reaches_front_arc_at_range_1_while_stressed(self):
        """Proton Rockets (bullseye arc, range 1-2): with a focus token, "Recoil" may
        declare them against the enemy in his front arc at range 1 outside his bullseye arc
        only while stressed."""
        for stress, expected in ((1, True), (0, False)):
            sc, recoil, enemy = recoil_scene(stress, upgrades=("protonrockets",))
            game = sc.game()
            game.state.ships[recoil].tokens[Token.FOCUS] = 1
            start_at(game, Engage(recoil), phase="engagement")
            assert game.decision.kind == "declare_attack"
            assert (f"protonrockets@{enemy}" in values(game)) is expected
