"""First-edition Elite talents of the Core Set and wave 1. Player 1 sits at y = 0 facing
+y; a ship at (400, 300) facing +y reaches a ship ahead at y = 380 / 490 / 550 at Range
1 / 2 / 3. Pilot skills: Academy Pilot 1, Rookie Pilot 2, Black Squadron Pilot 4, Luke
Skywalker 8, Howlrunner 8, "Mauler Mithel" 7."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.cards.first_edition.test_pilots_wave1 import declare
from tests.cards.helpers import (
    engage,
    finish,
    modify_with,
    pass_until,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE, ACADEMY, BLACK = "1e-xwing-rookiepilot", "1e-tiefighter-academypilot", \
    "1e-tiefighter-blacksquadronpilot"


def answer_through(game, *answers: str) -> None:
    """Answer the pending decisions with these keys, in order, where offered (others with
    their first option)."""
    for key in answers:
        while game.decision is not None and key not in values(game):
            game.answer(game.decision.options[0].key)
        assert game.decision is not None, f"no decision offering {key!r}"
        game.answer(key)


# ---------------------------------------------------------------- Determination
class TestDetermination:
    def hit(self, upgrades, card: str):
        sc = Scene(ruleset="1e")
        tie = sc.ship(ACADEMY, player=2, at=(400, 300, 0))
        luke = sc.ship("1e-xwing-lukeskywalker", at=(400, Y[2], 180), upgrades=upgrades,
                       shields=0)
        game = engage(sc, tie, ["crit", "blank"], ["blank", "blank"])
        game.state.ships[luke].shields = 0
        stack_deck(game, 1, [card])
        declare(game, "p1.1")
        skip_dice(game)
        finish(game)
        return game, game.state.ships[luke]

    def test_a_faceup_pilot_card_is_discarded_unresolved(self):
        """A critical hit would deal Luke a faceup Blinded Pilot (Pilot trait): with
        Determination it is discarded at once; without, he is dealt it."""
        game, luke = self.hit(["1e-determination"], "1e-core-blindedpilot")
        assert luke.damage == () and "1e-core-blindedpilot" in game.state.player(1).discard
        game, luke = self.hit([], "1e-core-blindedpilot")
        assert [(c.card, c.faceup) for c in luke.damage] == [("1e-core-blindedpilot", True)]

    def test_not_a_ship_card(self):
        """A faceup Console Fire (Ship trait) is dealt as usual."""
        _game, luke = self.hit(["1e-determination"], "1e-core-consolefire")
        assert [(c.card, c.faceup) for c in luke.damage] == [("1e-core-consolefire", True)]


# ---------------------------------------------------------------- Swarm Tactics
class TestSwarmTactics:
    def test_a_friend_at_range_1_has_his_pilot_skill_this_phase(self):
        """At the start of the Combat phase the Black Squadron Pilot (4) chooses the Academy
        Pilot (1) beside it: its pilot skill is 4 until the end of the phase, then 1 again;
        declining, it stays 1."""
        for answer, skill in (("p1.2", 4), ("decline", 1)):
            sc = Scene(ruleset="1e")
            sc.ship(BLACK, at=(400, 300, 0), upgrades=["1e-swarmtactics"])
            sc.ship(ACADEMY, at=(480, 300, 0))
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = sc.at(StartEngagement())
            pass_until(game, "use_ability", "p1.1")
            game.answer(answer)
            finish(game)
            academy = game.state.ships["p1.2"]
            assert academy.current_initiative == skill
            start_at(game, FireWindow.of("end_engagement"))
            assert academy.current_initiative == 1

    def test_not_a_friend_at_range_2(self):
        """The Academy Pilot 150 mm away (Range 2) cannot be chosen: nothing is asked."""
        sc = Scene(ruleset="1e")
        sc.ship(BLACK, at=(400, 300, 0), upgrades=["1e-swarmtactics"])
        sc.ship(ACADEMY, at=(590, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(StartEngagement())
        assert game.decision is None

    def test_faq_passed_on_along_a_chain(self):
        """FAQ (1e) Swarm Tactics: Howlrunner (8) passes her pilot skill to a Black Squadron
        Pilot, which passes 8 on to an Academy Pilot at Range 1 of it (beyond Range 1 of
        Howlrunner)."""
        sc = Scene(ruleset="1e")
        sc.ship("1e-tiefighter-howlrunner", at=(320, 300, 0), upgrades=["1e-swarmtactics"])
        sc.ship(BLACK, at=(400, 300, 0), upgrades=["1e-swarmtactics"])
        sc.ship(ACADEMY, at=(480, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(StartEngagement())
        assert game.decision.kind == "order_abilities"
        game.answer(next(k for k in values(game) if k.startswith("p1.1:")))
        answer_through(game, "p1.2", "p1.3")
        finish(game)
        assert game.state.ships["p1.3"].current_initiative == 8


# ----------------------------------------------------------------- Squad Leader
class TestSquadLeader:
    def lead(self, friend: str = ACADEMY, x: float = 480.0):
        sc = Scene(ruleset="1e")
        leader = sc.ship(BLACK, at=(400, 300, 0), upgrades=["1e-squadleader"])
        sc.ship(friend, at=(x, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return sc.at(PerformAction(leader, during_activation=True), phase="activation")

    def test_a_lower_skill_ship_performs_a_free_action(self):
        """The Black Squadron Pilot (4) chooses the Academy Pilot (1) at Range 1, which
        performs a free focus action."""
        game = self.lead()
        game.answer("1e-squadleader")
        if game.decision.kind == "card_action":
            game.answer("p1.2")
        assert game.decision.kind == "perform_action" and game.decision.ship == "p1.2"
        game.answer("focus")
        assert game.state.ships["p1.2"].count(Token.FOCUS) == 1

    def test_an_enemy_ship_may_be_chosen(self):
        """Ruling: "1 ship" is any ship: an enemy Academy Pilot at Range 1 is offered too, and
        its own player decides its free action."""
        sc = Scene(ruleset="1e")
        leader = sc.ship(BLACK, at=(400, 300, 0), upgrades=["1e-squadleader"])
        sc.ship(ACADEMY, player=2, at=(480, 300, 0))
        game = sc.at(PerformAction(leader, during_activation=True), phase="activation")
        game.answer("1e-squadleader")
        if game.decision.kind == "card_action":
            game.answer("p2.1")
        assert game.decision.kind == "perform_action" and game.decision.player == 2

    def test_not_a_higher_skill_ship(self):
        """Beside "Mauler Mithel" (7) only: the action is not offered."""
        game = self.lead("1e-tiefighter-maulermithel")
        assert "1e-squadleader" not in values(game)

    def test_faq_the_free_action_may_trigger_push_the_limit(self):
        """FAQ (1e) Push the Limit: the free action a Squad Leader grants can trigger Push
        the Limit (the chosen Black Squadron Pilot then performs another free action and
        receives a stress token)."""
        sc = Scene(ruleset="1e")
        leader = sc.ship("1e-tiefighter-howlrunner", at=(400, 300, 0),
                         upgrades=["1e-squadleader"])
        sc.ship(BLACK, at=(480, 300, 0), upgrades=["1e-pushthelimit"])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(leader, during_activation=True), phase="activation")
        game.answer("1e-squadleader")
        if game.decision.kind == "card_action":
            game.answer("p1.2")
        game.answer("focus")
        assert game.decision.kind == "use_ability" and game.decision.ship == "p1.2"
        game.answer("evade")
        finish(game)
        black = game.state.ships["p1.2"]
        assert black.count(Token.FOCUS) == 1 and black.count(Token.EVADE) == 1
        assert black.stressed

    def test_faq_range_measured_from_the_leader(self):
        """FAQ (1e) Range Measurement: the Academy Pilot 300 mm from the Squad Leader (Range
        3) cannot be chosen."""
        game = self.lead(x=740.0)
        assert "1e-squadleader" not in values(game)


# -------------------------------------------------------------- Expert Handling
class TestExpertHandling:
    def handle(self, pilot="1e-xwing-lukeskywalker", actions_done=(), **others):
        sc = Scene(ruleset="1e")
        ship = sc.ship(pilot, at=(400, 300, 0), upgrades=["1e-experthandling"],
                       actions_done=set(actions_done))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180), locks=["p1.1"])
        for _k, (x, y) in enumerate(others.get("blockers", ())):
            sc.ship(ACADEMY, player=2, at=(x, y, 0))
        return sc.at(PerformAction(ship, during_activation=True), phase="activation"), ship

    def test_barrel_roll_stress_and_an_enemy_lock_removed(self):
        """Luke (no barrel roll icon) performs Expert Handling: a free barrel roll, a stress
        token, then he removes the TIE's target lock on him."""
        game, luke = self.handle()
        x0 = game.state.ships[luke].pose.x
        game.answer("1e-experthandling")
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer(game.decision.options[0].key)
        game.answer("p2.1")
        ship = game.state.ships[luke]
        assert ship.pose.x != x0 and ship.stressed
        assert game.state.ships["p2.1"].locks == []

    def test_no_stress_with_the_barrel_roll_icon(self):
        """A Black Squadron Pilot (barrel roll on its bar) gains no stress; it may keep the
        enemy lock."""
        game, tie = self.handle(BLACK)
        game.answer("1e-experthandling")
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer(game.decision.options[0].key)
        game.answer("decline")
        assert not game.state.ships[tie].stressed
        assert game.state.ships["p2.1"].locks == ["p1.1"]

    def test_faq_not_with_a_barrel_roll_the_same_round(self):
        """FAQ (1e) Expert Handling: after a barrel roll action this round it is not offered;
        after it, the barrel roll action is not."""
        game, tie = self.handle(BLACK, actions_done=("barrel_roll",))
        assert "1e-experthandling" not in values(game)
        game, tie = self.handle(BLACK)
        game.answer("1e-experthandling")
        while game.decision is not None:
            game.answer(game.decision.options[0].key)
        start_at(game, PerformAction(tie, during_activation=False), phase="activation")
        assert game.decision is None or "barrel_roll" not in values(game)

    def test_faq_push_the_limit_resolves_in_between(self):
        """FAQ (1e) Push the Limit: Expert Handling's barrel roll may trigger Push the Limit,
        which resolves before Expert Handling finishes (its enemy lock question comes
        after the Push the Limit action)."""
        sc = Scene(ruleset="1e")
        tie = sc.ship(BLACK, at=(400, 300, 0),
                      upgrades=["1e-experthandling", "1e-pushthelimit"])
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180), locks=["p1.1"])
        game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
        game.answer("1e-experthandling")
        while game.decision.kind != "use_ability":
            game.answer(game.decision.options[0].key)
        assert "focus" in values(game)  # Push the Limit's free action first
        game.answer("focus")
        assert game.decision.kind == "use_ability" and "p2.1" in values(game)
        game.answer("p2.1")
        ship = game.state.ships[tie]
        assert ship.count(Token.FOCUS) == 1 and ship.stressed
        assert game.state.ships["p2.1"].locks == []

    def test_faq_not_when_it_cannot_barrel_roll(self):
        """FAQ (1e) Expert Handling: with ships against both sides it cannot barrel roll, so
        the action is not offered (it may choose another)."""
        game, _luke = self.handle(blockers=((350, 300), (450, 300)))
        assert "1e-experthandling" not in values(game)
        assert "focus" in values(game)


# ----------------------------------------------------------------- Marksmanship
class TestMarksmanship:
    def shoot(self, act: bool, next_round: bool = False):
        sc = Scene(ruleset="1e")
        luke = sc.ship("1e-xwing-lukeskywalker", at=(400, 300, 0),
                       upgrades=["1e-marksmanship"])
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(PerformAction(luke, during_activation=True), phase="activation")
        game.answer("1e-marksmanship" if act else "pass")
        if next_round:
            game.state.round += 1
        start_at(game, Engage(luke))
        load_dice(game, ["focus", "focus", "focus"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", luke)
        return game

    def test_1_focus_to_a_crit_and_the_others_to_hits(self):
        """After the action, Luke's 3 focus results become 1 critical hit and 2 hits at once
        (FAQ (1e): the whole effect, the critical hit first); without it, not offered."""
        game = self.shoot(True)
        options = [o for o in game.decision.options
                   if (o.info or {}).get("source") == "1e-marksmanship"]
        assert len(options) == 1
        modify_with(game, "1e-marksmanship")
        skip_dice(game)
        assert any("2 hit(s), 1 critical hit(s)" in e["text"] for e in game.log
                   if e["kind"] == "neutralize")
        assert not self.offered(self.shoot(False))

    def test_faq_every_attack_this_round(self):
        """FAQ (1e) Marksmanship: after the action its effect may be used in each attack the
        ship performs this round (a second attack is offered it again)."""
        game = self.shoot(True)
        modify_with(game, "1e-marksmanship")
        skip_dice(game)
        finish(game)
        start_at(game, Engage("p1.1"))
        load_dice(game, ["focus", "focus", "focus"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", "p1.1")
        assert self.offered(game)

    def test_not_the_next_round(self):
        """"When attacking this round": a round later it is not offered."""
        assert not self.offered(self.shoot(True, next_round=True))

    @staticmethod
    def offered(game) -> bool:
        d = game.decision
        return d is not None and d.kind == "modify_attack_dice" and any(
            (o.info or {}).get("source") == "1e-marksmanship" for o in d.options)
