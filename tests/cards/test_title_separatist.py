"""Separatist titles, Soulless One and Scimitar: each test sets a scene, states the card's
rule and shows the card changing the outcome (the same scene without it).

Geometry: player 1's ships face +y (heading 0), player 2's face -y (heading 180)."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.engine.movement import Decloak
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import modify_with, offers, pass_all, skip_dice


def ship(game, ship_id):
    return game.state.ships[ship_id]


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ------------------------------------------------------------------- Soulless One
class TestSoullessOne:
    def scene(self, tie_y: float, tie_heading: float, title=True):
        """A TIE attacks Grievous (with or without the title) at range 2 with a hit and 2
        blanks; Grievous rolls 2 blanks, a rerolled die shows an evade."""
        sc = Scene()
        grievous = sc.ship("generalgrievous", at=(400, 400, 0),
                           upgrades=["soullessone"] if title else [])
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, tie_heading))
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "blank"], (), then=faces(DieKind.DEFENSE, ["blank", "blank",
                                                                          "evade"]))
        declare(game, tie, grievous)
        skip_dice(game, "modify_defense_dice", grievous)
        return game, grievous

    def test_adds_2_hull(self):
        """The title's 2 hull: 5 instead of 3."""
        game, grievous = self.scene(200.0, 0.0)
        assert ship(game, grievous).hull == 5
        game, grievous = self.scene(200.0, 0.0, title=False)
        assert ship(game, grievous).hull == 3

    def test_rerolls_a_defense_die_against_an_attacker_behind(self):
        """The TIE attacks from behind (outside Grievous's firing arc): he rerolls a blank,
        which shows an evade, and the hit is canceled."""
        game, _ = self.scene(200.0, 0.0)
        modify_with(game, "soullessone")
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)

    def test_not_against_an_attacker_in_the_firing_arc(self):
        """The TIE attacks from in front (in his front arc): no reroll, the hit stays."""
        game, _ = self.scene(600.0, 180.0)
        assert not offers(game, "soullessone")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ Scimitar
class TestScimitar:
    def test_setup_may_cloak(self):
        """After the Place Forces step the Sith Infiltrator may cloak (gains a cloak token);
        without the title nothing is asked."""
        sc = Scene()
        sith = sc.ship("darkcourier", at=(400, 300, 0), upgrades=["scimitar"],
                       tokens={"cloak": 0})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("after_place_forces"), phase="setup")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert ship(game, sith).cloaked
        sc = Scene()
        sith = sc.ship("darkcourier", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("after_place_forces"), phase="setup")
        assert game.decision is None and not ship(game, sith).cloaked

    def decloaked(self, tie_x: float):
        sc = Scene()
        sith = sc.ship("darkcourier", at=(400, 300, 0), upgrades=["scimitar"], cloak=1)
        tie = sc.ship("academypilot", player=2, at=(tie_x, 600, 180))
        game = sc.at(Decloak(sith), phase="system")
        game.answer("boost")
        while game.decision is not None and game.decision.kind == "decloak_position":
            game.answer(game.decision.options[0].key)
        return game, sith, tie

    def test_after_decloaking_jams_an_enemy_in_the_bullseye_arc(self):
        """After decloaking (a boost), a TIE straight ahead (bullseye arc): it may gain 1
        jam token; with no green token or lock to lose, it stays jammed."""
        game, _, tie = self.decloaked(400.0)
        assert game.decision.kind == "use_ability"
        game.answer(tie)
        assert ship(game, tie).has(Token.JAM)

    def test_not_an_enemy_off_the_bullseye_arc(self):
        """The TIE in the front arc but off the bullseye: nothing is asked, no jam token."""
        game, _, tie = self.decloaked(520.0)
        pass_all(game)
        assert not ship(game, tie).has(Token.JAM)
