"""TIE/sf Fighter pilots and the ship ability Heavy Weapon Turret: each card in a scene built
for it, compared with the same scene without the card (or where it must not act).

Player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and range bands
100 mm: centres 100 mm apart on a line are at range 1, 200 mm at range 2."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.game import Game, GameSetup
from tallon.geometry import Arc
from tallon.scene import Scene, load_dice
from tests.cards.helpers import (
    Hurt,
    answer,
    logged,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

TURRET = "Heavy Weapon Turret"


def play_out(game, card=None):
    """Pass on everything; with ``card``, check it is never offered."""
    while game.decision is not None:
        if card is not None:
            assert not offers(game, card)
        pass_all(game, limit=1)


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["omegasquadronexpert", "zetasquadronsurvivor"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only is played with its ship ability: its front primary
    attack at range 2 (2 dice) hits an undefended target."""
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(me, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert rolled(game, me) == ["hit", "hit"]
    assert len(game.state.ships[target].damage) == 2


# ------------------------------------------------------------ Heavy Weapon Turret
class TestHeavyWeaponTurret:
    def rotate(self, cards=CARDS):
        """With its turret at the left arc, the TIE/sf focuses and takes the linked
        rotate."""
        sc = Scene(cards=cards)
        me = sc.ship("omegasquadronexpert", at=(400, 300, 0), turret="left")
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", me)
        game.answer(game.decision.options[0].key)  # the linked rotate
        return game

    def test_turret_turns_only_to_front_or_rear(self):
        """The rotate offers only the front and rear arcs; the same ship ability without
        this restriction offers the right arc too."""
        game = self.rotate()
        assert sorted(values(game)) == ["front", "rear"]
        unrestricted = CardRegistry("no restriction", base=CARDS)
        spec = CARDS.spec("ship_ability", TURRET)
        unrestricted.register("ship_ability", TURRET, spec.sides[0][1],
                              description="test")
        game = self.rotate(unrestricted)
        assert sorted(values(game)) == ["front", "rear", "right"]

    def test_placed_turret_points_front_or_rear(self):
        """Placing the ship at setup with the turret at the left arc is refused."""
        from tallon.engine.decisions import IllegalChoiceError
        sc = Scene()
        me = sc.ship("zetasquadronsurvivor")
        sc.ship("academypilot", player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=1, cards=sc.cards))
        while game.decision.kind != "place_ship" or game.decision.ship != me:
            game.answer(game.decision.options[0].key)
        x, y, heading, _ = game.decision.options[0].key.split(",")
        spot = {"x": float(x), "y": float(y), "heading": float(heading)}
        with pytest.raises(IllegalChoiceError):
            game.answer({**spot, "turret": "left"})
        game.answer({**spot, "turret": "rear"})
        assert game.state.ships[me].turret == (Arc.REAR,)

    @pytest.mark.parametrize("turret, behind", [("rear", True), ("front", False)])
    def test_missiles_attack_from_the_turret_arc(self, turret, behind):
        """Concussion Missiles (front arc) on a TIE/sf attack from its turret arc: with
        the turret at the rear arc, the locked ship behind it may be attacked with them
        and the one in front may not; with the turret at the front arc, the reverse."""
        sc = Scene()
        me = sc.ship("omegasquadronexpert", at=(400, 400, 0), turret=turret,
                     upgrades=["concussionmissiles"], locks=["p2.1", "p2.2"])
        rear = sc.ship("academypilot", player=2, at=(400, 200, 180))
        front = sc.ship("academypilot", player=2, at=(400, 600, 180))
        game = sc.at(Engage(me))
        keys = values(game)
        assert (f"concussionmissiles@{rear}" in keys) is behind
        assert (f"concussionmissiles@{front}" in keys) is not behind

    def test_a_bullseye_missile_keeps_its_arc(self):
        """Proton Rockets need the bullseye arc, not the front arc: with the turret at
        the rear, the ship behind can't be attacked with them, the one ahead can."""
        sc = Scene()
        me = sc.ship("omegasquadronexpert", at=(400, 400, 0), turret="rear",
                     upgrades=["protonrockets"], tokens={"focus": 1})
        rear = sc.ship("academypilot", player=2, at=(400, 250, 180))
        front = sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = sc.at(Engage(me))
        keys = values(game)
        assert f"protonrockets@{front}" in keys
        assert f"protonrockets@{rear}" not in keys


# ------------------------------------------------------------------- "Backdraft"
class TestBackdraft:
    @pytest.mark.parametrize("pilot, dice", [("backdraft", 3), ("zetasquadronsurvivor", 2)])
    def test_one_more_die_with_the_turret_at_a_ship_behind(self, pilot, dice):
        """A single turret arc primary attack at range 2 against a ship in his rear arc:
        Backdraft rolls 3 dice, another TIE/sf 2."""
        sc = Scene()
        me = sc.ship(pilot, at=(400, 500, 0), turret="rear")
        tie = sc.ship("academypilot", player=2, at=(400, 300, 0))
        game = sc.attack(me, tie, dice=["hit"] * 3, defense=["blank"] * 3,
                         weapon="primary:single_turret")
        pass_all(game)
        assert len(rolled(game, me)) == dice

    def test_not_a_front_arc_attack(self):
        """His front arc primary attack (the turret pointing front too) rolls 2 dice."""
        sc = Scene()
        me = sc.ship("backdraft", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        for weapon in ("primary:front", "primary:single_turret"):
            game = sc.attack(me, tie, dice=["hit"] * 3, defense=["blank"] * 3,
                             weapon=weapon)
            pass_all(game)
            assert len(rolled(game, me)) == 2


# ------------------------------------------------------------------- "Quickdraw"
class TestQuickdraw:
    def scene(self, charges=1, shields=3):
        sc = Scene()
        me = sc.ship("quickdraw", at=(400, 300, 0), charges={"quickdraw": charges},
                     shields=shields)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        return sc, me, tie

    def test_losing_a_shield_in_an_attack_gives_a_bonus_attack_after_it(self):
        """Defending, Quickdraw loses a shield: she spends her charge, and once the
        attack is over (its Aftermath) she performs a bonus primary attack."""
        sc, me, tie = self.scene()
        game = sc.attack(tie, me, dice=["hit", "blank"], defense=["blank", "blank"])
        pass_until(game, "use_ability", me)
        game.answer("use")
        assert game.state.ships[me].charges["quickdraw"].active == 0
        assert game.state.attack is not None  # no attack of hers yet
        pass_until(game, "bonus_attack", me)
        assert all(k == "none" or k.startswith("primary:") for k in values(game))
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        game.answer(f"primary:front@{tie}")
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_outside_an_attack_at_once(self):
        """Losing a shield to damage outside an attack, she attacks at once."""
        sc, me, _ = self.scene()
        game = sc.at(Hurt(me, hits=1))
        answer(game, "use_ability", "use", me)
        assert game.decision.kind == "bonus_attack" and game.decision.ship == me

    @pytest.mark.parametrize("charges, shields", [(0, 3), (1, 0)])
    def test_no_charge_or_no_shield_nothing(self, charges, shields):
        """Without her charge, or with no shield to lose (a damage card instead), nothing
        is offered."""
        sc, me, _ = self.scene(charges, shields)
        game = sc.at(Hurt(me, hits=1))
        assert game.decision is None


# ----------------------------------------------------------- Lieutenant LeHuse
class TestLieutenantLeHuse:
    def scene(self, friend_locks):
        sc = Scene()
        me = sc.ship("lieutenantlehuse", at=(400, 300, 0), locks=[])
        friend = sc.ship("zetasquadronsurvivor", at=(250, 300, 0), locks=friend_locks)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["blank", "blank", "hit", "hit"],
                         defense=["blank"] * 3)
        return game, me, friend, tie

    def test_spends_a_friends_lock_to_reroll(self):
        """A friend has the defender locked: LeHuse spends that lock to reroll his two
        blanks, which come up hits; the friend's lock is gone."""
        game, me, friend, tie = self.scene(["p2.1"])
        pass_until(game, "modify_attack_dice", me)
        modify_with(game, "lieutenantlehuse", "reroll 2 blank")
        assert game.state.ships[friend].locks == []
        skip_dice(game)
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_two_friends_locking_he_chooses_whose_lock(self):
        """Two friends have the defender locked: after the reroll he chooses whose lock is
        spent; the other keeps its lock."""
        sc = Scene()
        me = sc.ship("lieutenantlehuse", at=(400, 300, 0))
        one = sc.ship("zetasquadronsurvivor", at=(250, 300, 0), locks=["p2.1"])
        two = sc.ship("zetasquadronsurvivor", at=(550, 300, 0), locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["blank", "hit"], defense=["blank"] * 3)
        pass_until(game, "modify_attack_dice", me)
        modify_with(game, "lieutenantlehuse", "reroll 1 blank")
        answer(game, "use_ability", two, me)
        assert game.state.ships[one].locks == [tie] and game.state.ships[two].locks == []

    def test_his_own_lock_is_not_another_ships(self):
        """Only his own lock on the defender: the card is not offered."""
        sc = Scene()
        me = sc.ship("lieutenantlehuse", at=(400, 300, 0), locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["blank", "hit"], defense=["blank"] * 3)
        pass_until(game, "modify_attack_dice", me)
        assert not offers(game, "lieutenantlehuse")

    def test_no_friendly_lock_nothing(self):
        """No friend has the defender locked: nothing is offered, the blanks stay."""
        game, _, _, tie = self.scene([])
        play_out(game, "lieutenantlehuse")
        assert not game.state.ships[tie].damage


# -------------------------------------------------------------- Captain Phasma
class TestCaptainPhasma:
    def scene(self, friend_at):
        sc = Scene()
        me = sc.ship("captainphasma", at=(400, 300, 0), shields=0)
        friend = sc.ship("zetasquadronsurvivor", at=friend_at, shields=0)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, me, dice=["hit", "hit"], defense=["blank", "blank"])
        return game, me, friend

    def test_a_friend_takes_a_hit_for_her(self):
        """Two hits land on Phasma: a friend at range 1 must suffer 1 hit damage to cancel
        1 hit result (its only choice, so nobody is asked); she is dealt 1 card, the
        friend 1."""
        game, me, friend = self.scene((480, 300, 0))
        assert "use_ability" not in pass_all(game)
        assert len(game.state.ships[me].damage) == 1
        assert len(game.state.ships[friend].damage) == 1
        assert logged(game, "neutralize", "cancels 1 hit")

    def test_a_critical_hit_needs_critical_damage(self):
        """A hit and a critical hit land: Phasma's player chooses which the friend takes;
        taking the critical hit, the friend suffers critical damage (a faceup card) and
        Phasma only the hit (a facedown card)."""
        sc = Scene()
        me = sc.ship("captainphasma", at=(400, 300, 0), shields=0)
        friend = sc.ship("zetasquadronsurvivor", at=(480, 300, 0), shields=0)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(tie, me, dice=["hit", "crit"], defense=["blank", "blank"])
        pass_until(game, "use_ability", me)
        assert sorted(values(game)) == [f"{friend}:crit", f"{friend}:hit"]  # no decline
        game.answer(f"{friend}:crit")
        pass_all(game)
        assert [c.faceup for c in game.state.ships[me].damage] == [False]
        assert len(game.state.ships[friend].damage) == 1

    def test_no_friend_in_range(self):
        """The friend at range 2: Phasma takes both hits."""
        game, me, friend = self.scene((650, 300, 0))
        pass_all(game)
        assert len(game.state.ships[me].damage) == 2
        assert not game.state.ships[friend].damage
