"""JumpMaster 5000 pilots (Scum and Villainy): each card in a scene built for it, compared
with the same scene without the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y (heading 90 faces +x).
A range band is 100 mm; large bases are 80 mm wide, small ones 40 mm."""

from __future__ import annotations

from tallon.engine.reserve import in_reserve
from tallon.engine.rounds import PlanningPhase, StartEngagement, Sweep
from tallon.engine.state import Token
from tallon.geometry import Arc
from tallon.scene import Scene, start_at
from tests.cards.helpers import Hurt, answer, attack, pass_all, pass_on, values


def asked(game) -> list[tuple[str, str]]:
    """Pass on every decision to the end; the (kind, ship) of each one asked."""
    found = []
    while game.decision is not None:
        found.append((game.decision.kind, game.decision.ship))
        pass_all(game, 1)
    return found


def reach(game, kind: str, ship: str) -> None:
    """Pass on everything until a ``kind`` decision for ``ship``, or the end."""
    while game.decision is not None and not (game.decision.kind == kind
                                             and game.decision.ship == ship):
        pass_all(game, 1)


# ------------------------------------------------------------------------- Dengar
class TestDengar:
    def game(self, behind: bool = False, charges: int = 1):
        sc = Scene()
        me = sc.ship("dengar", at=(400, 300, 0), charges={"dengar": charges})
        # the TIE attacks from range 2, in front of Dengar or behind him
        where = (400, 80, 0) if behind else (400, 520, 180)
        tie = sc.ship("academypilot", player=2, at=where)
        game = attack(sc, tie, me, ["hit", "hit"], ["evade", "evade"])
        return game, me, tie

    def test_attacker_in_his_front_arc_he_strikes_back(self):
        """After defending against a TIE in his front arc, Dengar may spend his charge to
        perform a bonus attack against it: he declares it and the charge is gone."""
        game, me, tie = self.game()
        reach(game, "use_ability", me)
        answer(game, "use_ability", "use", me)
        assert game.decision.kind == "bonus_attack" and game.decision.ship == me
        assert tie in [o.info["defender"] for o in game.decision.options if o.info]
        assert game.state.ships[me].charges["dengar"].active == 0

    def test_declining_keeps_the_charge(self):
        game, me, _tie = self.game()
        reach(game, "use_ability", me)
        answer(game, "use_ability", "decline", me)
        assert ("bonus_attack", me) not in asked(game)
        assert game.state.ships[me].charges["dengar"].active == 1

    def test_not_when_the_attacker_is_behind_him(self):
        """The TIE attacks from his rear arc (his turret can reach it): no bonus attack is
        offered."""
        game, me, _tie = self.game(behind=True)
        found = asked(game)
        assert ("use_ability", me) not in found and ("bonus_attack", me) not in found

    def test_not_without_a_charge(self):
        game, me, _tie = self.game(charges=0)
        assert ("use_ability", me) not in asked(game)


# ------------------------------------------------------------------------ Manaroo
class TestManaroo:
    def game(self, pilot: str = "manaroo", tokens: bool = True, friend_x: float = 500):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), focus=1 if tokens else 0,
                     evade=1 if tokens else 0)
        friend = sc.ship("contractedscout", at=(friend_x, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.game()
        start_at(game, StartEngagement(), Sweep("engagement"))
        return game, me, friend

    def test_she_hands_all_her_green_tokens_to_a_friend(self):
        """At the start of the Engagement Phase Manaroo chooses the friendly JumpMaster at
        range 1: her focus and evade tokens move to it."""
        game, me, friend = self.game()
        assert game.decision.kind == "use_ability" and friend in values(game)
        answer(game, "use_ability", friend, me)
        ship, other = game.state.ships[me], game.state.ships[friend]
        assert not ship.has(Token.FOCUS) and not ship.has(Token.EVADE)
        assert other.count(Token.FOCUS) == 1 and other.count(Token.EVADE) == 1

    def test_without_her_the_tokens_stay(self):
        """A Contracted Scout in her place keeps its tokens: nothing is asked."""
        game, me, friend = self.game(pilot="contractedscout")
        assert ("use_ability", me) not in asked(game)
        assert game.state.ships[me].count(Token.FOCUS) == 1
        assert not game.state.ships[friend].has(Token.FOCUS)

    def test_not_beyond_range_1(self):
        """The friend at range 2: it can't be chosen, nothing is asked."""
        game, me, _friend = self.game(friend_x=600)
        assert ("use_ability", me) not in asked(game)
        assert game.state.ships[me].count(Token.FOCUS) == 1

    def test_not_without_green_tokens(self):
        game, me, _friend = self.game(tokens=False)
        assert ("use_ability", me) not in asked(game)


# ------------------------------------------------------------------------ Nom Lumb
class TestNomLumb:
    def game(self, pilot: str = "nomlumb", turret: str = "front"):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), turret=turret)
        # the TIE, facing +x, attacks from his left arc at range 2
        tie = sc.ship("academypilot", player=2, at=(200, 300, 90))
        game = attack(sc, tie, me, ["hit", "hit"], ["evade", "evade"])
        return game, me

    def test_he_must_turn_his_turret_to_the_attacker(self):
        """Attacked from his left arc with his turret to the front: he must rotate his
        turret to his left arc (the only standard arc the TIE is in)."""
        game, me = self.game()
        while game.decision is not None:
            pass_on(game)
        assert game.state.ships[me].turret == (Arc.LEFT,)

    def test_another_pilot_keeps_the_turret(self):
        game, me = self.game(pilot="contractedscout")
        while game.decision is not None:
            pass_on(game)
        assert game.state.ships[me].turret == (Arc.FRONT,)

    def test_not_when_the_attacker_is_in_the_turret_arc(self):
        """His turret already to the left: nothing changes and nothing is asked of him."""
        game, me = self.game(turret="left")
        assert ("use_ability", me) not in asked(game)
        assert game.state.ships[me].turret == (Arc.LEFT,)


# -------------------------------------------------------------------- Tel Trevura
class TestTelTrevura:
    def game(self, pilot: str = "teltrevura", charges: int = 1, hits: int = 10):
        """Tel (3 shields, hull 6) suffers 10 damage outside an attack: the 6th damage card
        would destroy him, with 1 damage still to come."""
        sc = Scene()
        setup = {"charges": {"teltrevura": charges}} if pilot == "teltrevura" else {}
        me = sc.ship(pilot, at=(400, 300, 0), **setup)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        start_at(game, Hurt(me, hits=hits), phase="activation")
        return game, me

    def test_he_escapes_into_reserve(self):
        """Instead of being destroyed he spends his charge: his damage cards are discarded,
        he suffers 5 damage (5 facedown cards, hull 6) and goes into reserve; the damage
        still to come is not suffered (he is off the table)."""
        game, me = self.game()
        assert game.decision.kind == "replacement" and game.decision.ship == me
        discard = len(game.state.player(1).discard)
        answer(game, "replacement", "use", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert not ship.destroyed and not ship.removed and ship.body is None
        assert in_reserve(game, ship)
        assert len(ship.damage) == 5
        assert ship.charges["teltrevura"].active == 0
        assert len(game.state.player(1).discard) == discard + 6

    def test_declining_he_is_destroyed(self):
        game, me = self.game()
        answer(game, "replacement", "decline", me)
        pass_all(game)
        assert game.state.ships[me].destroyed

    def test_another_pilot_is_destroyed(self):
        game, me = self.game(pilot="contractedscout")
        assert game.decision is None or game.decision.kind != "replacement"
        pass_all(game)
        assert game.state.ships[me].destroyed

    def test_not_without_his_charge(self):
        game, me = self.game(charges=0)
        assert game.decision is None or game.decision.kind != "replacement"
        pass_all(game)
        assert game.state.ships[me].destroyed

    def test_placed_at_the_start_of_the_next_planning_phase(self):
        """Next round's Planning Phase starts: he is placed within range 1 of his player
        edge (the deployment area), then sets a dial like every ship in play."""
        game, me = self.game()
        answer(game, "replacement", "use", me)
        pass_all(game)
        game.state.round += 1
        start_at(game, PlanningPhase(), phase="planning")
        assert game.decision.kind == "card_placement" and game.decision.ship == me
        game.answer(game.decision.options[0].key)
        ship = game.state.ships[me]
        assert ship.in_play and not in_reserve(game, ship)
        assert ship.body.pose.y < 200
        assert game.decision.kind == "set_dial"
        assert me in dial_ships(game)

    def test_not_placed_in_the_planning_phase_he_went_into_reserve_in(self):
        """Sent into reserve during this round's Planning Phase, he waits for the next
        round's."""
        game, me = self.game()
        game.state.phase = "planning"
        answer(game, "replacement", "use", me)
        pass_all(game)
        start_at(game, PlanningPhase(), phase="planning")
        assert ("card_placement", me) not in asked(game)
        assert in_reserve(game, game.state.ships[me])


def dial_ships(game) -> list[str]:
    """Set every dial; the ships asked."""
    found = []
    while game.decision is not None and game.decision.kind == "set_dial":
        found.append(game.decision.ship)
        game.answer(game.decision.options[0].key)
    return found
