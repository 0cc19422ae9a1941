"""TIE/fo Fighter pilots: each test sets a scene, states the card's rule and shows the
ability changing the outcome (the same scene without the card, or before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm wide and
range bands 100 mm, so ships whose centres are 100 mm apart on a line are at range 1,
200 mm at range 2, 300 mm at range 3."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tallon.engine.attack import Engage
from tallon.engine.conditions import assign_condition
from tallon.engine.effects import repair_damage
from tallon.engine.game import Game, GameSetup
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.engine.steps import Step
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    Give,
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


@dataclass(frozen=True)
class Repair(Step):
    """A damage card repaired (as a card's effect would)."""

    ship_id: str
    serial: int

    def run(self, game):
        repair_damage(game, game.state.ships[self.ship_id], self.serial)


def wrecked(n: int) -> tuple[DamageCard, ...]:
    return tuple(DamageCard("blindedpilot", False, 81 + k) for k in range(n))


# ----------------------------------------------------------------- no ability
@pytest.mark.parametrize("pilot", ["omegasquadronace", "zetasquadronpilot",
                                   "epsilonsquadroncadet"])
def test_generic_pilots_set_up_and_fight(pilot):
    """A pilot with flavour text only (the TIE/fo has no ship ability) is played by the
    rules alone: its attack at range 2 (2 dice) hits an undefended target."""
    sc = Scene()
    tie = sc.ship(pilot, at=(400, 300, 0))
    target = sc.ship("academypilot", player=2, at=(400, 500, 180))
    game = sc.attack(tie, target, dice=["hit", "hit"], defense=["blank"] * 3)
    pass_all(game)
    assert rolled(game, tie) == ["hit", "hit"]
    assert len(game.state.ships[target].damage) == 2


# ------------------------------------------------------------------- "Midnight"
class TestMidnight:
    def test_attacking_her_lock_keeps_the_defender_from_modifying(self):
        """Midnight attacks a ship she has locked: its defense dice can't be modified, so
        its focus token can't turn its focus result into an evade (without the lock it
        can)."""
        for locked, damage in ((True, 2), (False, 1)):
            sc = Scene()
            me = sc.ship("midnight", at=(400, 300, 0), locks=["p2.1"] if locked else [])
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180),
                          tokens={"focus": 1})
            game = sc.attack(me, tie, dice=["hit", "hit"],
                             defense=["focus", "blank", "blank"])
            assert use_focus(game, tie) is not locked
            assert len(game.state.ships[tie].damage) == damage

    def test_defending_her_lock_keeps_the_attacker_from_modifying(self):
        """The attacker, locked by Midnight, can't spend its focus token on its focus
        result (1 damage); an attacker she has not locked can (2 damage)."""
        for locked, damage in ((True, 1), (False, 2)):
            sc = Scene()
            me = sc.ship("midnight", at=(400, 300, 0), shields=0,
                         locks=["p2.1"] if locked else [])
            tie = sc.ship("academypilot", player=2, at=(400, 500, 180),
                          tokens={"focus": 1})
            game = sc.attack(tie, me, dice=["focus", "hit"], defense=["blank"] * 3)
            spent = use_focus(game, tie)
            assert spent is not locked
            assert len(game.state.ships[me].damage) == damage


def never_offered(game, card):
    """Play the scene out passing, checking that ``card`` is never offered."""
    while game.decision is not None:
        assert not offers(game, card)
        pass_all(game, limit=1)


def use_focus(game, ship):
    """Play the attack out, the ship spending its focus token on its dice if offered."""
    spent = False
    while game.decision is not None:
        d = game.decision
        if d.kind.startswith("modify_") and d.ship == ship and not spent and \
                offers(game, "focus"):
            modify_with(game, "focus")
            spent = True
        else:
            pass_all(game, limit=1)
    return spent


# --------------------------------------------------------- Commander Malarus
class TestCommanderMalarus:
    def scene(self, charges=2):
        sc = Scene()
        me = sc.ship("commandermalarus", at=(400, 300, 0),
                     charges={"commandermalarus": charges})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        return sc, me, tie

    def test_spends_a_charge_and_takes_stress_to_change_focus_results(self):
        """At the start of the Engagement Phase Malarus spends 1 charge and gains 1 stress;
        attacking afterwards, he changes both focus results to hits."""
        sc, me, tie = self.scene()
        game = sc.at(StartEngagement(), Engage(me))
        answer(game, "use_ability", "use", me)
        ship = game.state.ships[me]
        assert ship.charges["commandermalarus"].active == 1 and ship.stressed
        load_dice(game, ["focus", "focus"], ["blank"] * 3)
        answer(game, "declare_attack", f"primary:front@{tie}", me)
        pass_until(game, "modify_attack_dice", me)
        modify_with(game, "commandermalarus", "hit")
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_without_spending_no_change(self):
        """Without the charge spent this round, no such modification is offered: the two
        focus results stay and the attack misses."""
        sc, me, tie = self.scene()
        game = sc.attack(me, tie, dice=["focus", "focus"], defense=["blank"] * 3)
        never_offered(game, "commandermalarus")
        assert not game.state.ships[tie].damage

    def test_no_charge_no_offer(self):
        """With no charge left the start-of-engagement ability is not offered."""
        sc, me, _ = self.scene(charges=0)
        game = sc.at(StartEngagement())
        assert not (game.decision and game.decision.kind == "use_ability"
                    and game.decision.ship == me)
        assert not game.state.ships[me].stressed


# ------------------------------------------------------- "Scorch" and DT-798
@pytest.mark.parametrize("pilot, token", [("scorch", "stress"), ("dt798", "strain")])
class TestMoreDice:
    def test_gains_the_token_to_roll_one_more_die(self, pilot, token):
        """A primary attack at range 2 (2 dice): gaining 1 stress (Scorch) or strain
        (DT-798) token makes it 3 dice."""
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
        answer(game, "use_ability", "use", me)
        assert game.state.ships[me].count(Token(token)) == 1
        pass_all(game)
        assert len(rolled(game, me)) == 3

    def test_not_while_already_holding_the_token(self, pilot, token):
        """Already stressed (strained), the ability is not offered: 2 dice."""
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), tokens={token: 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
        assert game.decision is None or not (game.decision.kind == "use_ability"
                                             and game.decision.ship == me)
        pass_all(game)
        assert len(rolled(game, me)) == 2


# ------------------------------------------------------------------- "Static"
class TestStatic:
    def test_lock_and_focus_make_every_result_a_crit(self):
        """Static spends his lock on the defender and a focus token: his blank and focus
        results both become critical hits."""
        sc = Scene()
        me = sc.ship("static", at=(400, 300, 0), locks=["p2.1"], tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["blank", "focus"], defense=["blank"] * 3)
        pass_until(game, "modify_attack_dice", me)
        modify_with(game, "static")
        ship = game.state.ships[me]
        assert not ship.locks and not ship.has(Token.FOCUS)
        skip_dice(game)
        pass_all(game)
        assert logged(game, "neutralize", "0 hit(s), 2 critical hit(s) uncanceled")

    def test_no_lock_no_offer(self):
        """Without a lock on the defender the change is not offered."""
        sc = Scene()
        me = sc.ship("static", at=(400, 300, 0), tokens={"focus": 1})
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(me, tie, dice=["blank", "focus"], defense=["blank"] * 3)
        pass_until(game, "modify_attack_dice", me)
        assert not offers(game, "static")


# ----------------------------------------------------------------- "Longshot"
@pytest.mark.parametrize("y, dice", [(600, 3), (500, 2)])
def test_longshot_rolls_one_more_die_at_range_3(y, dice):
    """Longshot: a primary attack at range 3 rolls 3 dice instead of 2; at range 2 it
    stays 2."""
    sc = Scene()
    me = sc.ship("longshot", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, y, 180))
    game = sc.attack(me, tie, dice=["hit"] * 3, defense=["blank"] * 3)
    pass_all(game)
    assert len(rolled(game, me)) == dice


# --------------------------------------------------------------------- "Muse"
class TestMuse:
    @pytest.mark.parametrize("x, offered", [(480, True), (700, False)])
    def test_a_friend_at_range_1_removes_a_stress_token(self, x, offered):
        """At the start of the Engagement Phase Muse may have a friendly ship at range
        0-1 remove 1 stress token; a friend at range 2 is not offered."""
        sc = Scene()
        me = sc.ship("muse", at=(400, 300, 0))
        friend = sc.ship("zetasquadronpilot", at=(x, 300, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(StartEngagement())
        if offered:
            answer(game, "use_ability", friend, me)
            assert not game.state.ships[friend].stressed
        else:
            assert not (game.decision and game.decision.ship == me
                        and game.decision.kind == "use_ability")
            assert game.state.ships[friend].stressed

    def test_herself(self):
        """A ship is friendly to itself: stressed Muse removes her own stress token."""
        sc = Scene()
        me = sc.ship("muse", at=(400, 300, 0), stress=1)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(StartEngagement())
        answer(game, "use_ability", me, me)
        assert not game.state.ships[me].stressed


# ------------------------------------------------------------------- TN-3465
class TestTN3465:
    def scene(self, tn_at):
        sc = Scene()
        friend = sc.ship("zetasquadronpilot", at=(400, 300, 0))
        tn = sc.ship("tn3465", at=tn_at, shields=0)
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(friend, tie, dice=["blank", "hit"], defense=["blank"] * 3)
        return game, friend, tn, tie

    def test_suffers_a_crit_to_turn_a_result_into_a_crit(self):
        """A friend attacks a TIE at range 1 of TN-3465: she suffers 1 critical damage to
        change its blank to a critical hit: the TIE gets a faceup card too."""
        game, friend, tn, tie = self.scene((480, 420, 0))
        pass_until(game, "modify_attack_dice", friend)
        modify_with(game, "tn3465", "blank")
        skip_dice(game)
        pass_all(game)
        assert len(game.state.ships[tn].damage) == 1
        assert sorted(c.faceup for c in game.state.ships[tie].damage) == [False, True]

    def test_too_far_from_the_defender(self):
        """TN-3465 at range 3 of the defender: nothing is offered."""
        game, _, tn, _ = self.scene((100, 150, 0))
        never_offered(game, "tn3465")
        assert not game.state.ships[tn].damage

    def test_not_her_own_attack(self):
        """Her own attack is not another ship's: nothing is offered."""
        sc = Scene()
        tn = sc.ship("tn3465", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 400, 180))
        game = sc.attack(tn, tie, dice=["blank", "hit"], defense=["blank"] * 3)
        never_offered(game, "tn3465")
        assert not game.state.ships[tn].damage


# ---------------------------------------------------------- Lieutenant Rivas
class TestLieutenantRivas:
    def scene(self, y, token="stress", locks=()):
        sc = Scene()
        me = sc.ship("lieutenantrivas", at=(400, 300, 0), locks=list(locks))
        tie = sc.ship("academypilot", player=2, at=(400, y, 180))
        return sc.at(Give(tie, token, applier=1), phase="activation"), me, tie

    @pytest.mark.parametrize("token", ["stress", "jam"])
    def test_locks_a_ship_at_range_2_that_gains_a_red_or_orange_token(self, token):
        """An enemy ship at range 2 gains a stress (red) or jam (orange) token: Rivas may
        acquire a lock on it."""
        game, me, tie = self.scene(500, token)
        while game.decision is not None and game.decision.ship != me:
            game.answer(game.decision.options[0].key)  # the jam's own choice
        answer(game, "use_ability", "use", me)
        assert game.state.ships[me].locks == [tie]

    def test_not_at_range_3_nor_when_locked_nor_for_green(self):
        """Range 3, a ship he already has locked, or a green token: nothing happens."""
        for y, token, locks in ((600, "stress", ()), (500, "stress", ("p2.1",)),
                                (500, "focus", ())):
            game, me, _ = self.scene(y, token, locks)
            assert game.decision is None
            assert game.state.ships[me].locks == list(locks)


# -------------------------------------------------------------------- "Null"
class TestNull:
    def test_initiative_7_while_not_damaged(self):
        """Undamaged, "Null" (initiative 0) is treated as initiative 7; dealt a damage card
        he is back at 0, and with it repaired (discarded) he is 7 again."""
        sc = Scene()
        me = sc.ship("null", at=(400, 300, 0), shields=0)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships[me].current_initiative == 7
        game = sc.at(Hurt(me, hits=1))
        pass_all(game)
        ship = game.state.ships[me]
        assert ship.current_initiative == 0
        start_at(game, Repair(me, ship.damage[0].serial))
        pass_all(game)
        assert not game.state.ships[me].damage
        assert game.state.ships[me].current_initiative == 7

    def test_engages_at_7(self):
        """Undamaged, he engages at initiative step 7 (before an initiative 6 ship)."""
        sc = Scene()
        me = sc.ship("null", at=(400, 300, 0))
        sc.ship("midnight", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        from tallon.engine.initiative_steps import step_of
        assert step_of(game, game.state.ships[me], "engagement") == 7

    def test_a_damaged_start_keeps_0(self):
        """Starting a round damaged, he stays at his printed 0."""
        sc = Scene()
        me = sc.ship("null", at=(400, 300, 0), damage=wrecked(1))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("start_round"), phase="planning")
        pass_all(game)
        assert game.state.ships[me].current_initiative == 0


# --------------------------------------------------------- Lieutenant Galek
class TestLieutenantGalek:
    def scene(self, friend_at=(480, 300, 0), stress=1, tie_at=(400, 500, 180)):
        sc = Scene()
        me = sc.ship("lieutenantgalek", at=(400, 300, 0), stress=stress)
        friend = sc.ship("zetasquadronpilot", at=friend_at, shields=0, damage=wrecked(2))
        other = sc.ship("epsilonsquadroncadet", at=(250, 300, 0))
        tie = sc.ship("academypilot", player=2, at=tie_at)
        game = sc.attack(tie, friend, dice=["hit", "hit"], defense=["blank"] * 3)
        return game, me, friend, other

    def test_coordinates_even_while_stressed_after_a_friend_is_destroyed(self):
        """A friend at range 1 is destroyed: stressed Galek may coordinate; the chosen
        friend, given Primed for Speed (a SLAM on its bar), may perform only actions also
        on Galek's bar: focus, not SLAM."""
        game, me, friend, other = self.scene()
        assign_condition(game, game.state.ships[other], "primedforspeed", 1)
        while game.decision is not None and not (
                game.decision.kind == "use_ability" and game.decision.ship == me):
            game.answer("done" if "done" in values(game) else game.decision.options[0].key)
        assert game.state.ships[friend].destroyed
        game.answer(game.decision.options[0].key)
        answer(game, "coordinate_target", other, me)
        assert game.decision.kind == "perform_action" and game.decision.ship == other
        assert "slam" not in values(game) and "focus" in values(game)
        game.answer("focus")
        assert game.state.ships[other].has(Token.FOCUS)

    def test_a_far_friend_destroyed_nothing(self):
        """The friend destroyed at range 3 of Galek: nothing is offered."""
        game, me, friend, _ = self.scene(friend_at=(700, 300, 0),
                                          tie_at=(700, 500, 180))
        kinds = []
        while game.decision is not None:
            kinds.append((game.decision.kind, game.decision.ship))
            game.answer("done" if "done" in values(game) else game.decision.options[0].key)
        assert game.state.ships[friend].destroyed
        assert ("use_ability", me) not in kinds


# -------------------------------------------------------------------- Lin Gaava
def setup_with_lin(key_of):
    sc = Scene()
    lin = sc.ship("lingaava", at=(400, 300, 0))
    plain = sc.ship("zetasquadronpilot", at=(480, 300, 0))
    modded = sc.ship("zetasquadronpilot", at=(320, 300, 0), upgrades=["hullupgrade"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = Game(GameSetup(squads=sc._squads(), seed=sc.seed, cards=sc.cards))
    offered = None
    while game.decision is not None and game.state.phase == "setup":
        d = game.decision
        if d.kind == "use_ability" and d.ship == lin:
            offered = values(game)
            game.answer(key_of(lin, plain, modded))
        else:
            game.answer(d.options[0].key)
    return game, offered, lin, plain, modded


class TestLinGaava:
    def test_primes_herself_and_a_friend_without_modifications(self):
        """After placing forces Lin assigns Primed for Speed to herself and a TIE/fo
        without a modification; the one with Hull Upgrade can't be chosen."""
        game, offered, lin, plain, modded = setup_with_lin(lambda lin, plain, modded: plain)
        assert "alone" in offered and not any(modded in k for k in offered)
        held = {s: [c.card for c in game.state.ships[s].conditions]
                for s in (lin, plain, modded)}
        assert held == {lin: ["primedforspeed"], plain: ["primedforspeed"], modded: []}

    def test_alone(self):
        """Choosing no other ship, only Lin gets the condition."""
        game, _, lin, plain, _ = setup_with_lin(lambda lin, plain, modded: "alone")
        assert [c.card for c in game.state.ships[lin].conditions] == ["primedforspeed"]
        assert not game.state.ships[plain].conditions


@pytest.mark.parametrize("pilot", ["scorch", "dt798"])
def test_no_die_to_add_at_range_0(pilot):
    """At attack range 0 (the ships in contact after a bump) no die can be added to a
    primary attack (RR: ATTACK), so the token is not offered: 2 dice."""
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), contacts=("p2.1",))
    tie = sc.ship("academypilot", player=2, at=(400, 340, 180), contacts=("p1.1",))
    game = sc.attack(me, tie, dice=["hit", "hit", "hit"], defense=["blank"] * 3)
    assert logged(game, "attack", "at range 0")
    assert "use_ability" not in pass_all(game)
    assert len(rolled(game, me)) == 2
