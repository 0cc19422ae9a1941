"""First-edition upgrades of the Auzituck Gunship, TIE Aggressor, Scurrg H-6 Bomber, Guns
for Hire and Alpha-class Star Wing expansion packs: bombs, titles, systems, salvaged
astromechs, illicit upgrades and Cad Bane. Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 300 facing +y, player 2 facing it; with small
bases an enemy at y = 380 / 490 / 550 is at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.payloads import DetonateBombs
from tallon.engine.rounds import Activate
from tallon.engine.state import Token
from tallon.scene import Scene, faces, load_dice, start_at
from tests.cards.first_edition.test_upgrades_w9a import declarable
from tests.cards.helpers import Give, pass_all, pass_until, values

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ENFORCER = "1e-starviper-blacksunenforcer"
STARWING = "1e-alphaclassstarwing-rhosquadronveteran"
SCURRG = "1e-scurrgh6bomber-lokrevenant"
KIHRAXZ = "1e-kihraxzfighter-blacksunace"


# ----------------------------------------------------------- squad-building titles
class TestSquadBuildingTitles:
    def test_havoc_and_vaksai_play(self):
        """Havoc and Vaksai have no ability in play: a game with them starts (the engine
        refuses cards it does not play)."""
        sc = Scene(ruleset="1e")
        s = sc.ship(SCURRG, at=(400, 300, 0), upgrades=["1e-havoc"])
        k = sc.ship(KIHRAXZ, at=(200, 300, 0), upgrades=["1e-vaksai"])
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        assert "1e-havoc" in game.state.ships[s].upgrades
        assert "1e-vaksai" in game.state.ships[k].upgrades


# ------------------------------------------------------------------ StarViper Mk.II
class TestStarViperMkII:
    def _positions(self, upgrades):
        sc = Scene(ruleset="1e")
        s = sc.ship(ENFORCER, at=(400, 300, 0), upgrades=upgrades)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        game.answer("barrel_roll")
        while game.decision is not None and game.decision.kind == "barrel_roll_direction":
            game.answer(game.decision.options[0].key)
        if game.decision is not None and game.decision.kind == "barrel_roll_position":
            game.answer(game.decision.options[0].key)
        pass_all(game)
        return game.state.ships[s].body.pose

    def test_barrel_roll_on_a_bank_template(self):
        """With the title his barrel roll uses a [1 bank] template: he ends turned 45
        degrees; without it his heading is unchanged."""
        with_title = self._positions(["1e-starvipermkii"])
        without = self._positions([])
        assert round(with_title.heading) % 360 in (45, 315)
        assert round(without.heading) % 360 == 0


# ------------------------------------------------------- Xg-1 Assault Configuration
class TestXg1AssaultConfiguration:
    def _scene(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(STARWING, at=(400, 300, 0), upgrades=upgrades, disarm=1)
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        return game, a

    def test_cheap_cannon_while_weapons_disabled(self):
        """With a weapons disabled token the Star Wing may still attack with Jamming Beam
        (1 point); without the title it can't attack at all."""
        game, _a = self._scene(["1e-xg1assaultconfiguration", "1e-jammingbeam"])
        assert declarable(game, "1e-jammingbeam") and not declarable(game, "primary:front")
        game, _a = self._scene(["1e-jammingbeam"])
        assert not declarable(game, "1e-jammingbeam")

    def test_not_a_costly_cannon(self):
        """Heavy Laser Cannon costs 7 squad points: with a weapons disabled token it can't
        be used, even with the title."""
        game, _a = self._scene(["1e-xg1assaultconfiguration", "1e-heavylasercannon"])
        assert not declarable(game, "1e-heavylasercannon")


# ------------------------------------------------------------ Os-1 Arsenal Loadout
class TestOs1ArsenalLoadout:
    def _scene(self, upgrades, locks):
        sc = Scene(ruleset="1e")
        a = sc.ship(STARWING, at=(400, 300, 0), upgrades=upgrades, disarm=1, locks=locks)
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        return sc.at(Engage(a))

    def test_missile_at_a_locked_ship_while_weapons_disabled(self):
        """Disarmed, with a lock on the X-wing: Cruise Missiles may attack it; without the
        title, or without the lock, they may not."""
        assert declarable(self._scene(["1e-os1arsenalloadout", "1e-cruisemissiles"],
                                      ["p2.1"]), "1e-cruisemissiles")
        assert not declarable(self._scene(["1e-cruisemissiles"], ["p2.1"]),
                              "1e-cruisemissiles")
        assert not declarable(self._scene(["1e-os1arsenalloadout", "1e-cruisemissiles"], []),
                              "1e-cruisemissiles")


# --------------------------------------------------------------- Bomblet Generator
class TestBombletGenerator:
    BOMBLET = "1e-bombletgenerator"

    def _dropped(self):
        sc = Scene(ruleset="1e")
        s = sc.ship(SCURRG, at=(400, 300, 0), upgrades=[self.BOMBLET])
        victim = sc.ship(ROOKIE, player=2, at=(400, 240, 180))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[s].dial_set = "1FW"
        start_at(game, Activate(s), phase="activation")
        pass_until(game, "launch_device", s)
        game.answer(game.decision.options[0].key)
        pass_all(game)
        return game, s, victim

    def test_drops_a_bomblet_and_keeps_the_card(self):
        """Revealing his dial the Scurrg drops a bomblet token; the card stays."""
        game, s, _victim = self._dropped()
        assert len(game.state.devices) == 1
        assert self.BOMBLET in game.state.ships[s].upgrades

    def test_detonation_two_dice_each_ship_at_range_1(self):
        """The bomblet detonates beside an X-wing: it rolls 2 attack dice (hit, crit) and
        loses its 2 shields."""
        game, _s, victim = self._dropped()
        load_dice(game, ["hit", "crit"])
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        assert game.state.ships[victim].shields == 0
        assert not game.state.devices

    def test_once_a_round(self):
        """Having dropped one this round, he is offered no second drop."""
        game, s, _victim = self._dropped()
        start_at(game, Activate(s), phase="activation")
        assert "launch_device" not in pass_all(game)


# ------------------------------------------------------------------------ Cad Bane
class TestCadBane:
    CAD = "1e-cadbane"

    def _scene(self, upgrades, victim_player=2):
        sc = Scene(ruleset="1e")
        s = sc.ship(SCURRG, at=(400, 300, 0), upgrades=["1e-bombletgenerator", *upgrades])
        victim = sc.ship(ROOKIE, player=victim_player, at=(400, 240, 180))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[s].dial_set = "1FW"
        start_at(game, Activate(s), phase="activation")
        pass_until(game, "launch_device", s)
        game.answer(game.decision.options[0].key)
        pass_all(game)
        load_dice(game, ["focus", "blank"], then=faces(DieKind.ATTACK, ["hit", "hit"]))
        start_at(game, DetonateBombs(), phase="activation")
        return game, s, victim

    def test_enemy_rerolls_its_focus_and_blank(self):
        """An enemy X-wing rolls focus and blank for his bomblet: Cad Bane makes it reroll
        both (hit, hit): it loses 2 shields. Declined: no damage."""
        game, s, victim = self._scene([self.CAD])
        pass_until(game, "use_ability", s)
        game.answer("1focus+1blank")
        pass_all(game)
        assert game.state.ships[victim].shields == 0
        game, s, victim = self._scene([self.CAD])
        pass_until(game, "use_ability", s)
        game.answer("decline")
        pass_all(game)
        assert game.state.ships[victim].shields == 2

    def test_not_a_friendly_ship(self):
        """A friendly ship rolls for the bomblet: nothing offered."""
        game, _s, _victim = self._scene([self.CAD], victim_player=1)
        assert "use_ability" not in pass_all(game)


# -------------------------------------------------------------------------- R4-E1
class TestR4E1:
    R4E1 = "1e-r4e1"

    def _scene(self, upgrades):
        sc = Scene(ruleset="1e")
        s = sc.ship(SCURRG, at=(400, 300, 0), upgrades=["1e-proximitymines", *upgrades],
                    stress=1)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return sc.at(PerformAction(s, during_activation=True), phase="activation"), s

    def test_stressed_bomb_action_then_discard_to_remove_stress(self):
        """Stressed, the Scurrg may perform the Proximity Mines action; then it discards
        R4-E1 to remove its stress token. Without R4-E1 it can perform no action."""
        game, s = self._scene([self.R4E1])
        action = next(k for k in values(game) if "proximitymines" in str(k))
        game.answer(action)
        while game.decision is not None and game.decision.kind != "use_ability":
            game.answer(game.decision.options[0].key)
        assert game.decision is not None
        game.answer("use")
        ship = game.state.ships[s]
        assert not ship.stressed and self.R4E1 not in ship.upgrades
        game, s = self._scene([])
        assert game.decision is None or not any("proximitymines" in str(k)
                                                for k in values(game))

    def test_not_a_ship_action(self):
        """A stressed ship with R4-E1 still can't focus."""
        game, _s = self._scene([self.R4E1])
        assert "focus" not in values(game)


# ------------------------------------------------------------------ Ion Dischargers
class TestIonDischargers:
    DISCHARGERS = "1e-iondischargers"

    def _scene(self, enemy_y=380.0):
        sc = Scene(ruleset="1e")
        s = sc.ship(KIHRAXZ, at=(400, 300, 0), upgrades=[self.DISCHARGERS])
        e = sc.ship(ROOKIE, player=2, at=(400, enemy_y, 180))
        game = sc.game()
        start_at(game, Give(s, "ion", applier=2), phase="activation")
        return game, s, e

    def test_passes_the_ion_token_on(self):
        """The Kihraxz receives an ion token: it chooses the X-wing at Range 1 and removes
        it; the X-wing accepts 1 ion token and Ion Dischargers is discarded."""
        game, s, e = self._scene()
        pass_until(game, "use_ability", s)
        game.answer(e)
        assert not game.state.ships[s].has(Token.ION)
        assert game.decision.ship == e
        game.answer("use")
        assert game.state.ships[e].has(Token.ION)
        assert self.DISCHARGERS not in game.state.ships[s].upgrades

    def test_refused_the_card_stays(self):
        """The X-wing declines: the Kihraxz's ion token is gone anyway, the card stays."""
        game, s, e = self._scene()
        pass_until(game, "use_ability", s)
        game.answer(e)
        game.answer("decline")
        assert not game.state.ships[s].has(Token.ION)
        assert not game.state.ships[e].has(Token.ION)
        assert self.DISCHARGERS in game.state.ships[s].upgrades

    def test_no_enemy_at_range_1(self):
        """The X-wing is at Range 3: nothing offered, the ion token stays."""
        game, s, _e = self._scene(enemy_y=Y[3])
        assert "use_ability" not in pass_all(game)
        assert game.state.ships[s].has(Token.ION)


# ----------------------------------------------------------------- Minefield Mapper
class TestMinefieldMapper:
    MAPPER = "1e-minefieldmapper"

    def _setup(self, upgrades, use=True):
        """Set up a game answering Minefield Mapper's questions: use it and place the
        first offered spot once (``use``), or decline; other setup decisions take their
        first option."""
        from tallon.engine.game import Game, GameSetup

        sc = Scene(ruleset="1e")
        s = sc.ship(SCURRG, upgrades=upgrades)
        e = sc.ship(ROOKIE, player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=sc.seed, cards=sc.cards,
                              ruleset="1e"))
        asked, placed = [], 0
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "use_ability" and d.ship == s:
                asked.append(d.kind)
                game.answer("use" if use else "decline")
            elif d.kind == "place_device":
                asked.append(d.kind)
                game.answer(d.options[0].key if placed == 0 else "done")
                placed += 1
            else:
                game.answer(d.options[0].key)
        return game, s, e, asked

    def test_discards_a_bomb_card_to_place_its_token_far_from_enemies(self):
        """After Place Forces the Scurrg discards Bomblet Generator: its token is placed in
        the play area beyond Range 3 of the enemy X-wing."""
        from tallon.geometry import at_range

        game, s, e, asked = self._setup([self.MAPPER, "1e-bombletgenerator"])
        assert "place_device" in asked
        assert "1e-bombletgenerator" not in game.state.ships[s].upgrades
        assert len(game.state.devices) == 1
        token = game.state.devices[0].body
        assert not at_range(token, game.state.ships[e].body, 0, 3)

    def test_declined_nothing_placed(self):
        """Declined: the card stays, no token."""
        game, s, _e, _asked = self._setup([self.MAPPER, "1e-bombletgenerator"], use=False)
        assert "1e-bombletgenerator" in game.state.ships[s].upgrades
        assert not game.state.devices

    def test_no_bomb_card_not_asked(self):
        """Without a bomb card nothing is asked."""
        _game, _s, _e, asked = self._setup([self.MAPPER])
        assert not asked
