"""Crew upgrades that look at hidden information: each card in a scene built for it,
compared with the same scene without the card. A Blue Squadron Scout (a U-wing, initiative
2, no pilot ability) carries them; scenarios don't check slot or faction restrictions."""

from __future__ import annotations

import random

from tallon.engine.rounds import Activate, SystemTurn
from tallon.geometry import Maneuver
from tallon.scene import Scene, start_at
from tests.cards.helpers import answer, values

UWING = "bluesquadronscout"


def dial_seen(game, player, ship):
    return next(s for s in game.view(player)["ships"] if s["id"] == ship)


# ------------------------------------------------------------------ Cassian Andor
class TestCassianAndor:
    """Player 1's U-wing (dial 1FB) in its System Phase turn; player 2's TIE at range 2
    (dial 2BB)."""

    def scene(self, upgrades=("cassianandor",), extra=(), sense=False):
        sc = Scene()
        me = sc.ship(UWING, at=(400, 300, 0), upgrades=list(upgrades))
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        others = [sc.ship(pilot, player=player, at=at) for pilot, player, at in extra]
        luke = sc.ship("lukeskywalker", player=2, at=(300, 380, 180),
                       upgrades=["sense"]) if sense else None
        game = sc.game()
        for ship in game.state.ships.values():
            ship.dial_set = {me: "1FB", tie: "2BB"}.get(ship.id, "2FB")
        first = (SystemTurn(luke),) if luke else ()
        start_at(game, *first, SystemTurn(me), phase="system")
        return game, me, tie, others, luke

    def test_a_right_guess_lets_him_set_his_dial_again(self):
        """Cassian Andor: the U-wing chooses the TIE at range 2, guesses speed 2 bank left
        and looks at its dial (2BB: the difficulty is no part of the guess): right, so it
        may set its dial to another maneuver, secretly (a hidden set_dial decision). It
        sets 3FW and executes that at its activation. Without the card the U-wing has no
        System Phase turn and executes its 1FB."""
        game, me, tie, _, _ = self.scene()
        assert game.state.in_range(game.state.ships[me], game.state.ships[tie], 2, 2)
        answer(game, "use_ability", tie, me)
        answer(game, "use_ability", "2B", me)
        d = game.decision
        assert d.kind == "set_dial" and d.ship == me and d.hidden
        assert d.find("1FB").label == "keep [1FB]" and "3FW" in values(game)
        assert game.view(2)["decision"] == {"player": 1, "kind": "set_dial", "ship": me}
        game.answer("3FW")
        assert game.decision is None and game.state.ships[me].dial_set == "3FW"
        start_at(game, Activate(me), phase="activation")
        assert [e["maneuver"] for e in game.log if e["kind"] == "move"] == ["3FW"]

        game, me, _, _, _ = self.scene(upgrades=())
        assert game.decision is None
        start_at(game, Activate(me), phase="activation")
        assert [e["maneuver"] for e in game.log if e["kind"] == "move"] == ["1FB"]

    def test_a_wrong_guess_shows_the_dial_only(self):
        """A wrong guess (speed 2 straight): the dial is still looked at - player 1 sees
        the TIE's 2BB, player 2's view of the U-wing's dial is unchanged - but the U-wing
        may not set its dial again."""
        game, me, tie, _, _ = self.scene()
        answer(game, "use_ability", tie, me)
        answer(game, "use_ability", "2F", me)
        assert game.decision is None and game.state.ships[me].dial_set == "1FB"
        assert dial_seen(game, 1, tie)["dial"] == "2BB"
        assert dial_seen(game, 2, me)["dial"] == "set"
        assert dial_seen(game, 2, tie)["dial_known_by"] == [1]

    def test_the_guesses_are_the_speeds_and_bearings_of_its_dial(self):
        """Ruling: the guess is a speed and a bearing (no difficulty), among those of the
        chosen ship's dial (another could never match): 16 for a TIE/ln."""
        game, me, tie, _, _ = self.scene()
        answer(game, "use_ability", tie, me)
        guesses = values(game)
        dial = game.state.ships[tie].dial
        assert sorted(guesses) == sorted({code[:-1] for code in dial}) and len(guesses) == 16
        assert all(Maneuver.parse(g).difficulty is None for g in guesses)

    def test_only_enemy_ships_at_range_1_2_with_a_dial(self):
        """Not an enemy at range 3, not an ionized enemy at range 1 (no dial), not a
        friendly ship at range 1: only the TIE at range 2 is offered. With none of them
        in reach the U-wing has no System Phase turn."""
        extra = (("academypilot", 2, (400, 630, 180)), ("academypilot", 2, (480, 380, 180)),
                 ("academypilot", 1, (300, 300, 0)))
        sc = Scene()
        me = sc.ship(UWING, at=(400, 300, 0), upgrades=["cassianandor"])
        tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
        far, ionized, friend = (sc.ship(p, player=pl, at=at) for p, pl, at in extra)
        game = sc.game()
        s = game.state
        for ship in s.ships.values():
            ship.dial_set = None if ship.id == ionized else "2FB"
        assert s.in_range(s.ships[me], s.ships[far], 3, 3)
        assert s.in_range(s.ships[me], s.ships[ionized], 1, 1)
        assert s.in_range(s.ships[me], s.ships[friend], 1, 1)
        start_at(game, SystemTurn(me), phase="system")
        assert values(game) == [tie, "decline"]
        s.ships[tie].dial_set = None
        start_at(game, SystemTurn(me), phase="system")
        assert game.decision is None

    def test_keeping_the_dial(self):
        """RR: DIAL - "another maneuver": answering the maneuver set now keeps it (the may
        declined): the dial is not set again."""
        game, me, tie, _, _ = self.scene()
        answer(game, "use_ability", tie, me)
        answer(game, "use_ability", "2B", me)
        game.answer("1FB")
        assert game.state.ships[me].dial_set == "1FB"
        assert not any("sets the dial" in e["text"] for e in game.log)
        assert "keeps its dial" in game.log[-1]["text"]

    def test_setting_it_again_hides_it_from_who_had_looked(self):
        """Ruling: player 2's Luke Skywalker (Sense, earlier in the System Phase) looked at
        the U-wing's 1FB; once the U-wing sets its dial again player 2 no longer knows it
        (her view shows it as set, no one is named as knowing it, her log has no maneuver,
        her searches redraw it), while player 1 sees his new 3FW and keeps knowing the
        TIE's 2BB."""
        game, me, tie, _, luke = self.scene(sense=True)
        answer(game, "use_ability", me, luke)
        assert dial_seen(game, 2, me)["dial"] == "1FB"
        assert {w.state.ships[me].dial_set for w in
                (game.determinize(2, random.Random(k)) for k in range(10))} == {"1FB"}
        answer(game, "use_ability", tie, me)
        answer(game, "use_ability", "2B", me)
        game.answer("3FW")
        mine = dial_seen(game, 2, me)
        assert mine["dial"] == "set" and "dial_known_by" not in mine
        assert dial_seen(game, 1, me)["dial"] == "3FW"
        assert dial_seen(game, 1, tie)["dial"] == "2BB"
        last = game.view(2)["log"][-1]
        assert "sets the dial" in last["text"] and "secret" not in last
        assert game.view(1)["log"][-1]["secret"] == {"player": 1, "maneuver": "3FW"}
        assert len({w.state.ships[me].dial_set for w in
                    (game.determinize(2, random.Random(k)) for k in range(20))}) > 1
        assert {w.state.ships[tie].dial_set for w in
                (game.determinize(1, random.Random(k)) for k in range(20))} == {"2BB"}

    def test_an_ionized_ship_looks_but_sets_nothing(self):
        """Ruling: a U-wing with no dial (ionized) still chooses, guesses and looks, but
        has no dial to set: a right guess asks nothing more."""
        game, me, tie, _, _ = self.scene()
        game.state.ships[me].dial_set = None
        answer(game, "use_ability", tie, me)
        answer(game, "use_ability", "2B", me)
        assert game.decision is None and game.state.ships[me].dial_set is None
        assert dial_seen(game, 1, tie)["dial"] == "2BB"
