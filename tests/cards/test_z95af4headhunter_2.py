"""The Hound's Tooth's Z-95-AF4 headhunters (Scum and Villainy): Bossk with Pursuit Craft,
Nashtah Pup with Escape Craft. Each test sets a scene, states the card's rule and shows
the ability changing the outcome.

The carrier (a YV-666 with the Hound's Tooth title, large base) sits at (400, 300) facing
+y, its front edge at y 340; a Z-95 deploying from its front guides with a [2 straight]
ends centred at y 440. Player 2's ships face -y."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.engine import Game, GameSetup
from tallon.engine.attack import Engage
from tallon.engine.docking import EmergencyDeploy
from tallon.engine.rounds import SystemTurn
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tallon.squads import build_squad
from tallon.squads.xws import read_xws_file
from tests.cards.helpers import attack, pass_all, pass_until, values


def docked(z95: str, carrier_pilot: str = "trandoshanslaver", locks=()):
    """The carrier with the Z-95 docked, an enemy TIE at (400, 700)."""
    sc = Scene()
    carrier = sc.ship(carrier_pilot, at=(400, 300, 0), upgrades=["houndstooth"],
                      locks=list(locks))
    pup = sc.ship(z95, at=(700, 100, 0))
    enemy = sc.ship("academypilot", player=2, at=(400, 700, 180))
    game = sc.game()
    game.state.ships[carrier].docked = (pup,)
    game.state.ships[pup].body = None
    game.state.moved()
    return game, carrier, pup, enemy


# ---------------------------------------------------------------- Pursuit Craft
class TestPursuitCraft:
    def deploy(self, locks):
        game, _, bossk, enemy = docked("bossk-z95af4headhunter", locks=locks)
        start_at(game, SystemTurn(bossk), phase="system")
        game.answer("front:2FB")
        return game, bossk, enemy

    def test_locks_what_the_hounds_tooth_has_locked(self):
        """The Hound's Tooth has the TIE locked; after Bossk deploys (his maneuver and
        action done) he may acquire a lock on it."""
        game, bossk, enemy = self.deploy(["p2.1"])
        pass_until(game, "use_ability", bossk)
        assert values(game) == [enemy, "decline"]
        game.answer(enemy)
        assert game.state.ships[bossk].locks == [enemy]

    def test_nothing_without_a_lock_of_the_hounds_tooth(self):
        """The Hound's Tooth has no lock: he is not asked and locks nothing."""
        game, bossk, _ = self.deploy([])
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[bossk].locks == []


class TestBosskZ95:
    def test_spends_a_critical_hit_for_two_hits(self):
        """Bossk's Z-95 printing has his YV-666 ability: after Neutralize Results of his
        primary attack he may spend the critical hit to add 2 hits: 3 damage instead of
        2; declining, 2."""
        for use, damage in (("use", 3), ("decline", 2)):
            sc = Scene()
            bossk = sc.ship("bossk-z95af4headhunter", at=(400, 300, 0))
            tie = sc.ship("academypilot", player=2, at=(400, 480, 180))
            game = attack(sc, bossk, tie, ["hit", "crit"], ["blank"] * 3,
                          deck=["loosestabilizer", "loosestabilizer", "structuraldamage"])
            pass_until(game, "use_ability", bossk)
            game.answer(use)
            pass_all(game)
            assert len(game.state.ships[tie].damage) == damage


# ----------------------------------------------------------------- Escape Craft
def _start_docked_options(z95: str) -> list[str]:
    squad = build_squad("scumandvillainy", [("trandoshanslaver", ["houndstooth"]),
                                            (z95, [])])
    other = read_xws_file("tests/lists/rebel-y-wing-bombers.json").squad
    game = Game(GameSetup((squad, other), seed=5, cards=CARDS))
    while game.decision.kind != "start_docked":
        game.answer(game.decision.option_keys()[0])
    return game.decision.option_keys()


class TestEscapeCraft:
    def test_nashtah_pup_must_start_docked(self):
        """Setup: Nashtah Pup must begin the game docked with the Hound's Tooth: the only
        answer is the carrier; a Binayre Pirate may also be placed as usual."""
        assert _start_docked_options("nashtahpup") == ["p1.1"]
        assert _start_docked_options("binayrepirate") == ["none", "p1.1"]


# ------------------------------------------------------------------ Nashtah Pup
class TestNashtahPup:
    def test_does_not_deploy_in_the_system_phase(self):
        """Nashtah Pup deploys only by emergency deployment: in the System Phase nothing
        is offered; Bossk's Z-95 in the same place may deploy."""
        game, _, pup, _ = docked("nashtahpup")
        start_at(game, SystemTurn(pup), phase="system")
        assert game.decision is None and not game.state.ships[pup].in_play
        game, _, bossk, _ = docked("bossk-z95af4headhunter")
        start_at(game, SystemTurn(bossk), phase="system")
        assert game.decision.kind == "dock_or_deploy"

    def test_becomes_the_destroyed_hounds_tooth(self):
        """Bossk's Hound's Tooth is destroyed; Nashtah Pup emergency deploys and then has
        his name, initiative 4 and pilot ability: attacking, it may spend a critical hit
        for 2 hits."""
        game, carrier, pup, enemy = docked("nashtahpup", carrier_pilot="bossk")
        game.state.ships[carrier].destroyed = True
        stack_deck(game, 1, ["structuraldamage"])
        start_at(game, EmergencyDeploy(pup, carrier), phase="engagement")
        game.answer("front:2FB")
        pass_all(game)
        ship = game.state.ships[pup]
        assert ship.in_play and ship.name == "Bossk" and ship.initiative == 4
        assert ("pilot", "bossk", 0) in ship.cards
        start_at(game, Engage(pup), phase="engagement")
        load_dice(game, ["hit", "crit"], ["blank"] * 3)
        declare(game, pup, enemy)
        pass_until(game, "use_ability", pup)
        assert values(game) == ["use", "decline"]

    def test_takes_the_ship_charges_of_doctor_aphra(self):
        """The destroyed Hound's Tooth is Doctor Aphra's, with 1 of her 3 charges left: the
        Pup has her name, initiative 3 and that charge."""
        game, carrier, pup, _ = docked("nashtahpup", carrier_pilot="doctoraphra")
        tooth = game.state.ships[carrier]
        tooth.destroyed = True
        tooth.charges["doctoraphra"].active = 1
        stack_deck(game, 1, ["structuraldamage"])
        start_at(game, EmergencyDeploy(pup, carrier), phase="engagement")
        game.answer("front:2FB")
        pass_all(game)
        ship = game.state.ships[pup]
        assert ship.name == "Doctor Aphra" and ship.initiative == 3
        assert ship.charges["doctoraphra"].active == 1
        assert ship.charges["doctoraphra"].limit == 3

    def test_a_binayre_pirate_stays_itself(self):
        """A Binayre Pirate emergency deploying from the same destroyed carrier keeps its
        own name and initiative 1."""
        game, carrier, pup, _ = docked("binayrepirate", carrier_pilot="bossk")
        game.state.ships[carrier].destroyed = True
        stack_deck(game, 1, ["structuraldamage"])
        start_at(game, EmergencyDeploy(pup, carrier), phase="engagement")
        game.answer("front:2FB")
        pass_all(game)
        ship = game.state.ships[pup]
        assert ship.name == "Binayre Pirate" and ship.initiative == 1
