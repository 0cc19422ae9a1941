"""First-edition talents and crew of the Upsilon-class Shuttle, Quadjumper, U-wing and TIE
Striker expansion packs (module upgrades_w8b). Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing it; with small
bases 380 / 490 / 550 mm put a ship ahead of one at y = 300 at Range 1 / 2 / 3. The U-wing
has a large base (80 mm)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.conditions import has_condition
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
SCOUT = "1e-tiestriker-blacksquadronscout"
RENEGADE = "1e-uwing-partisanrenegade"
GUNRUNNER = "1e-quadjumper-jakkugunrunner"


# --------------------------------------------------------------------- Expertise
class TestExpertise:
    def _shot(self, upgrades, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 300, 0), upgrades=upgrades, **setup)
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["focus", "focus", "hit"], ["blank", "blank"])
        declare(game, a, d)
        return game, a

    def test_all_focus_results_to_hits(self):
        """Attacking unstressed with 2 focus results and a hit: Expertise turns both focus
        results into hits; the attack hits with 3."""
        game, a = self._shot(["1e-expertise"])
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-expertise")
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)

    def test_without_the_card_one_hit(self):
        """Without Expertise (and no token) the attack hits with 1."""
        game, _a = self._shot([])
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_while_stressed(self):
        """Stressed, Expertise is not offered."""
        game, a = self._shot(["1e-expertise"], stress=1)
        skip_dice(game, "modify_attack_dice", a)
        assert game.decision is None or not offers(game, "1e-expertise")


# ------------------------------------------------------------------ Swarm Leader
class TestSwarmLeader:
    def _shot(self, upgrades, evades=1, wing_heading=0):
        """The Scout (Swarm Leader) at (400, 300); two Academy Pilots beside it at x 300
        and 500 with ``evades`` evade tokens each; an X-wing ahead at Range 2."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 300, 0), upgrades=upgrades)
        sc.ship(ACADEMY, at=(300, 300, wing_heading), evade=evades)
        sc.ship(ACADEMY, at=(500, 300, wing_heading), evade=evades)
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 2)
        declare(game, a, d)
        return game, a

    def test_two_evades_two_more_dice(self):
        """Both wingmen have the defender in their arcs: removing an evade token from each
        the Scout rolls 5 attack dice; both tokens are gone."""
        game, a = self._shot(["1e-swarmleader"])
        pass_until(game, "use_ability", a)
        assert "p1.2+p1.3" in values(game)
        game.answer("p1.2+p1.3")
        pass_all(game)
        assert len(rolled(game, a)) == 5
        ships = game.state.ships
        assert not ships["p1.2"].has(Token.EVADE) and not ships["p1.3"].has(Token.EVADE)

    def test_one_wingman(self):
        """Choosing one wingman: 4 dice, the other keeps its evade token."""
        game, a = self._shot(["1e-swarmleader"])
        pass_until(game, "use_ability", a)
        game.answer("p1.2")
        pass_all(game)
        assert len(rolled(game, a)) == 4
        assert game.state.ships["p1.3"].has(Token.EVADE)

    def test_not_without_evade_tokens_or_arc(self):
        """Wingmen without evade tokens, or facing away from the defender: nothing is
        offered and the Scout rolls 3 dice."""
        for evades, heading in ((0, 0), (1, 180)):
            game, a = self._shot(["1e-swarmleader"], evades=evades, wing_heading=heading)
            kinds = pass_all(game)
            assert "use_ability" not in kinds
            assert len(rolled(game, a)) == 3


# ------------------------------------------------------------- A Score to Settle
class TestAScoreToSettle:
    def _game(self):
        """The Scout with A Score to Settle; two enemy X-wings. Setup answered with first
        options: the condition goes to the first enemy (p2.1)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 300, 0), upgrades=["1e-ascoretosettle"])
        d1 = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        d2 = sc.ship(ROOKIE, player=2, at=(200, Y[2], 180))
        return sc, a, d1, d2

    def test_setup_assigns_the_debt(self):
        """Before Place Forces the condition A Debt to Pay is assigned to an enemy ship."""
        sc, _a, d1, d2 = self._game()
        game = sc.game()
        ships = game.state.ships
        assert has_condition(ships[d1], "1e-adebttopay")
        assert not has_condition(ships[d2], "1e-adebttopay")

    def test_focus_to_crit_against_the_debtor(self):
        """Attacking the ship with A Debt to Pay with a focus result: may change it to a
        critical hit; the attack hits with 1 critical hit."""
        sc, a, d1, _d2 = self._game()
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank", "blank"])
        declare(game, a, d1)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-ascoretosettle")
        skip_dice(game)
        assert "1 critical hit(s)" in neutralized(game)

    def test_not_against_another_ship(self):
        """Against the other X-wing (no condition) the card is not offered."""
        sc, a, _d1, d2 = self._game()
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank", "blank"])
        declare(game, a, d2)
        skip_dice(game, "modify_attack_dice", a)
        assert game.decision is None or not offers(game, "1e-ascoretosettle")

    def test_the_debtor_changes_focus_to_crit_against_him(self):
        """The X-wing with A Debt to Pay attacks the Scout: the condition lets it change a
        focus result to a critical hit; the other X-wing has no such option."""
        sc, a, d1, d2 = self._game()
        game = engage(sc, d1, ["focus", "blank", "blank"], ["blank", "blank"])
        declare(game, d1, a)
        skip_dice(game, "modify_attack_dice", d1)
        modify_with(game, "1e-adebttopay")
        skip_dice(game)
        assert "1 critical hit(s)" in neutralized(game)
        sc, a, d1, d2 = self._game()
        game = engage(sc, d2, ["focus", "blank", "blank"], ["blank", "blank"])
        declare(game, d2, a)
        skip_dice(game, "modify_attack_dice", d2)
        assert game.decision is None or not offers(game, "1e-adebttopay")


# --------------------------------------------------------------------- Jyn Erso
class TestJynErso:
    def _act(self, enemy_heading_y=(Y[2], Y[3])):
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0), upgrades=["1e-jynerso"])
        x = sc.ship(ROOKIE, at=(560, 300, 0))
        for k, y in enumerate(enemy_heading_y):
            sc.ship(ACADEMY, player=2, at=(360 + 80 * k, y + 20, 180))
        game = sc.at(PerformAction(u, during_activation=True), phase="activation")
        return game, u, x

    def test_one_focus_per_enemy_in_arc(self):
        """Two enemy TIEs inside the U-wing's firing arc: the action gives the X-wing at
        Range 1-2 two focus tokens."""
        game, _u, x = self._act()
        game.answer("1e-jynerso:jynerso")
        assert x in values(game)
        game.answer(x)
        assert game.state.ships[x].count(Token.FOCUS) == 2

    def test_no_enemy_in_arc_no_focus(self):
        """The enemy TIE beside the U-wing, outside its firing arc: the action gives no
        focus token."""
        game, _u, x = self._act(enemy_heading_y=(100.0,))
        game.answer("1e-jynerso:jynerso")
        game.answer(x)
        assert not game.state.ships[x].has(Token.FOCUS)


# -------------------------------------------------------- Operations Specialist
class TestOperationsSpecialist:
    def _shot(self, dice, upgrades=("1e-operationsspecialist",)):
        """An X-wing attacks; the U-wing (crew) beside it at Range 1."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        u = sc.ship(RENEGADE, at=(500, 300, 0), upgrades=list(upgrades))
        d = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, dice, ["blank"] * 3)
        declare(game, a, d)
        return game, a, u

    def test_focus_after_a_miss(self):
        """The X-wing's attack misses: the specialist assigns a focus token to the
        attacker."""
        game, a, u = self._shot(["blank"] * 3)
        pass_until(game, "use_ability", u)
        assert {a, u} <= set(values(game))
        game.answer(a)
        assert game.state.ships[a].has(Token.FOCUS)

    def test_not_after_a_hit(self):
        """The attack hits: nothing is offered, no focus token."""
        game, a, _u = self._shot(["hit"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[a].has(Token.FOCUS)

    def test_not_without_the_card(self):
        """The same miss without the crew: no focus token."""
        game, a, _u = self._shot(["blank"] * 3, upgrades=())
        pass_all(game)
        assert not game.state.ships[a].has(Token.FOCUS)


# ------------------------------------------------------------------- Bodhi Rook
class TestBodhiRookCrew:
    def _locks(self, locker_has_bodhi: bool):
        """A U-wing at (400, 300) locks: the enemy TIE is beyond Range 3 of it, at Range
        1 of a friendly X-wing at (400, 750); Bodhi Rook is on the locker or on the
        X-wing."""
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0),
                    upgrades=["1e-bodhirook"] if locker_has_bodhi else [])
        sc.ship(ROOKIE, at=(400, 750, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(u, during_activation=True), phase="activation")
        game.answer("lock")
        return game, u, t

    def test_locks_an_enemy_near_a_friend(self):
        """With Bodhi Rook the U-wing locks the far TIE."""
        game, u, t = self._locks(True)
        assert values(game) == [t]
        game.answer(t)
        assert t in game.state.ships[u].locks

    def test_not_without_him(self):
        """Without him the lock action finds no ship and fails."""
        game, u, _t = self._locks(False)
        assert not game.state.ships[u].locks
        assert game.decision is None or game.decision.kind != "lock_target"


# ------------------------------------------------------------------- Baze Malbus
class TestBazeMalbus:
    def _shot(self, dice, upgrades=("1e-bazemalbus",)):
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0), upgrades=list(upgrades))
        d1 = sc.ship(ACADEMY, player=2, at=(400, Y[2] + 20, 180))
        d2 = sc.ship(ACADEMY, player=2, at=(330, Y[2] + 20, 180))
        game = engage(sc, u, dice, ["blank"] * 6)
        declare(game, u, d1)
        return game, u, d1, d2

    def test_second_attack_against_another_ship_after_a_miss(self):
        """The attack on the first TIE misses: Baze offers a primary attack against the
        other TIE only."""
        game, u, _d1, d2 = self._shot(["blank"] * 6)
        pass_until(game, "use_ability", u)
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        defenders = {o.info["defender"] for o in game.decision.options if o.info}
        assert defenders == {d2}

    def test_not_after_a_hit(self):
        """A hit: no second attack."""
        game, _u, _d1, _d2 = self._shot(["hit"] * 3)
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds

    def test_not_without_him(self):
        """A miss without Baze: no second attack."""
        game, _u, _d1, _d2 = self._shot(["blank"] * 6, upgrades=())
        kinds = pass_all(game)
        assert "bonus_attack" not in kinds


# ------------------------------------------------------------- Inspiring Recruit
class TestInspiringRecruit:
    def _green(self, upgrades, stress=2):
        """An X-wing with ``stress`` stress tokens flies a green 1 straight; the U-wing
        (crew) beside it at Range 1-2."""
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), stress=stress)
        sc.ship(RENEGADE, at=(550, 300, 0), upgrades=upgrades)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        return activation(sc, x, "1FB"), x

    def test_removes_one_more_stress(self):
        """The green maneuver removes 1 stress token; the X-wing may remove another: no
        stress left."""
        game, x = self._green(["1e-inspiringrecruit"])
        pass_until(game, "use_ability")
        game.answer("use")
        assert game.state.ships[x].count(Token.STRESS) == 0

    def test_without_the_card_one_stays(self):
        """Without the crew 1 stress token stays."""
        game, x = self._green([])
        pass_all(game)
        assert game.state.ships[x].count(Token.STRESS) == 1

    def test_once_per_round(self):
        """With 3 stress tokens only 1 more is removed (the second removal does not
        trigger it again): 1 left."""
        game, x = self._green(["1e-inspiringrecruit"], stress=3)
        pass_until(game, "use_ability")
        game.answer("use")
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert game.state.ships[x].count(Token.STRESS) == 1


# ------------------------------------------------------------------------ Bistan
class TestBistan:
    def _shot(self, range_):
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0), upgrades=["1e-bistan"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[range_] + 20, 180))
        game = engage(sc, u, ["hit", "blank", "blank"], ["blank"] * 4)
        declare(game, u, d)
        return game, u

    def test_hit_to_crit_at_range_2(self):
        """At Range 2 the hit becomes a critical hit."""
        game, u = self._shot(2)
        skip_dice(game, "modify_attack_dice", u)
        modify_with(game, "1e-bistan")
        skip_dice(game)
        assert "0 hit(s), 1 critical hit(s)" in neutralized(game)

    def test_not_at_range_3(self):
        """At Range 3 Bistan is not offered."""
        game, u = self._shot(3)
        skip_dice(game, "modify_attack_dice", u)
        assert game.decision is None or not offers(game, "1e-bistan")


# ------------------------------------------------------------------ Unkar Plutt
class TestUnkarPlutt:
    def _bump(self, upgrades, enemy=True):
        """The Quadjumper at (400, 380) flies a 2 straight into a U-wing at (400, 500)
        (an enemy one, or a friendly one)."""
        sc = Scene(ruleset="1e")
        q = sc.ship(GUNRUNNER, at=(400, 380, 0), upgrades=upgrades)
        if enemy:
            sc.ship(RENEGADE, player=2, at=(400, 500, 0))
        else:
            sc.ship(GUNRUNNER, at=(400, 500, 0))
            sc.ship(ACADEMY, player=2, at=(800, 850, 180))
        return activation(sc, q, "2FB"), q

    def test_suffer_damage_for_a_free_action(self):
        """Overlapping the enemy U-wing: he may suffer 1 damage to perform a free focus
        action; he has a focus token and one damage (a shield or a card) less."""
        game, q = self._bump(["1e-unkarplutt"])
        pass_until(game, "use_ability", q)
        assert "focus" in values(game)
        ship = game.state.ships[q]
        before = ship.shields + ship.hull - len(ship.damage)
        game.answer("focus")
        pass_all(game)
        assert ship.has(Token.FOCUS)
        assert ship.shields + ship.hull - len(ship.damage) == before - 1

    def test_not_without_the_card(self):
        """Without Unkar Plutt nothing is offered and no focus token."""
        game, q = self._bump([])
        kinds = pass_all(game)
        assert "use_ability" not in kinds
        assert not game.state.ships[q].has(Token.FOCUS)

    def test_not_overlapping_a_friend(self):
        """Overlapping a friendly Quadjumper: nothing is offered."""
        game, _q = self._bump(["1e-unkarplutt"], enemy=False)
        kinds = pass_all(game)
        assert "use_ability" not in kinds


# ----------------------------------------------------------------- Cassian Andor
class TestCassianAndorCrew:
    def _planning_end(self, upgrades, enemy_y=Y[2] + 20):
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0), upgrades=upgrades)
        t = sc.ship(ACADEMY, player=2, at=(400, enemy_y, 180))
        game = sc.game()
        game.state.ships[u].dial_set = "2FB"
        game.state.ships[t].dial_set = "3BW"
        start_at(game, FireWindow.of("start_system"), phase="planning")
        return game, u, t

    def test_right_guess_sets_the_dial_again(self):
        """Guessing the TIE's 3 bank left right, he may set his dial to a 4 straight."""
        game, u, t = self._planning_end(["1e-cassianandor"])
        assert game.decision.kind == "use_ability" and t in values(game)
        game.answer(t)
        game.answer("3B")
        assert game.decision.kind == "set_dial"
        game.answer("4FW")
        assert game.state.ships[u].dial_set == "4FW"

    def test_wrong_guess(self):
        """A wrong guess: he looks at the dial, but may not set his own again."""
        game, u, t = self._planning_end(["1e-cassianandor"])
        game.answer(t)
        game.answer("1T")
        assert game.decision is None or game.decision.kind != "set_dial"
        assert game.state.ships[u].dial_set == "2FB"

    def test_not_beyond_range_2_nor_without_him(self):
        """The TIE at Range 3, or no Cassian Andor: nothing is offered."""
        for upgrades, y in ((["1e-cassianandor"], Y[3] + 20), ([], Y[2] + 20)):
            game, _u, _t = self._planning_end(upgrades, y)
            assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------------ General Hux
FO = "1e-tiefofighter-omegasquadronpilot"
STARKILLER = "1e-upsilonclassshuttle-starkillerbasepilot"
DEVOTION = "1e-fanaticaldevotion"


class TestGeneralHux:
    def _act(self, upgrades=("1e-generalhux",)):
        """The shuttle at (400, 300); TIE/fo fighters at Range 1 (x 540), Range 2
        (x 620) and Range 3 (x 720) of it."""
        sc = Scene(ruleset="1e")
        s = sc.ship(STARKILLER, at=(400, 300, 0), upgrades=list(upgrades))
        near = sc.ship(FO, at=(540, 300, 0))
        mid = sc.ship(FO, at=(620, 300, 0))
        far = sc.ship(FO, at=(720, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        return game, s, near, mid, far

    def test_focus_tokens_devotion_and_stress(self):
        """He chooses the TIE/fo at Range 1 and at Range 2 (not the one at Range 3): each
        gets a focus token, the second Fanatical Devotion; his ship receives 1 stress
        token."""
        game, s, near, mid, far = self._act()
        game.answer("1e-generalhux:generalhux")
        assert set(values(game)) == {s, near, mid}
        game.answer(near)
        assert far not in values(game) and "done" in values(game)
        game.answer(mid)
        game.answer("done")
        game.answer(mid)
        ships = game.state.ships
        assert ships[near].has(Token.FOCUS) and ships[mid].has(Token.FOCUS)
        assert not ships[far].has(Token.FOCUS)
        assert has_condition(ships[mid], DEVOTION) and not has_condition(ships[near], DEVOTION)
        assert ships[s].stressed

    def test_one_ship_only(self):
        """Choosing only his own ship: it gets a focus token, the condition and a stress
        token."""
        game, s, _near, _mid, _far = self._act()
        game.answer("1e-generalhux:generalhux")
        game.answer(s)
        game.answer("done")
        ship = game.state.ships[s]
        assert ship.has(Token.FOCUS) and ship.stressed and has_condition(ship, DEVOTION)

    def test_no_action_without_him(self):
        """Without General Hux there is no such action."""
        game, *_ = self._act(upgrades=())
        assert "1e-generalhux:generalhux" not in values(game)


class TestFanaticalDevotion:
    def _devoted(self, game, ship_id):
        from tallon.engine.state import ConditionCard

        ship = game.state.ships[ship_id]
        ship.conditions = (*ship.conditions, ConditionCard(DEVOTION, 1, True))

    def _attack(self, devoted: bool, dice=("focus", "focus"), use_focus=True):
        """A TIE/fo with a focus token attacks an X-wing at Range 2, which rolls 2
        evades."""
        from tallon.engine.attack import Engage
        from tallon.scene import load_dice

        sc = Scene(ruleset="1e")
        a = sc.ship(FO, at=(400, 300, 0), focus=1)
        d = sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        if devoted:
            self._devoted(game, a)
        load_dice(game, list(dice), ["evade", "evade"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        if use_focus:
            modify_with(game, "focus")
        skip_dice(game)
        return game

    def test_set_aside_hit_is_not_canceled(self):
        """His focus token turns 2 focus results into hits: one is set aside, the 2
        evades cancel the other, and the set-aside hit still hits."""
        game = self._attack(True)
        assert "1 hit(s)" in neutralized(game)

    def test_without_the_condition_the_evades_cancel_both(self):
        """Without the condition the 2 evades cancel both hits: the attack misses."""
        game = self._attack(False)
        assert "misses" in neutralized(game)

    def test_no_focus_token_spent_nothing_set_aside(self):
        """Rolling 2 hits and spending no focus token: nothing is set aside, the evades
        cancel both."""
        game = self._attack(True, dice=("hit", "hit"), use_focus=False)
        assert "misses" in neutralized(game)

    def test_cannot_spend_focus_defending(self):
        """Defending with a focus token and a focus result, the devoted TIE/fo is offered
        no focus token; without the condition it is."""
        from tallon.engine.attack import Engage
        from tallon.scene import load_dice

        for devoted in (True, False):
            sc = Scene(ruleset="1e")
            x = sc.ship(ROOKIE, at=(400, 300, 0))
            d = sc.ship(FO, player=2, at=(400, Y[2], 180), focus=1)
            game = sc.at(Engage(x))
            if devoted:
                self._devoted(game, d)
            load_dice(game, ["hit"] * 3, ["focus", "blank", "blank"])
            declare(game, x, d)
            skip_dice(game, "modify_defense_dice", d)
            assert offers(game, "focus") is (not devoted)

    def test_removed_in_the_end_phase(self):
        """During the End phase the condition is removed."""
        sc = Scene(ruleset="1e")
        a = sc.ship(FO, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.game()
        self._devoted(game, a)
        start_at(game, FireWindow.of("end_phase"), phase="end")
        pass_all(game)
        assert not has_condition(game.state.ships[a], DEVOTION)
