"""First edition, wave 8 (first half), continued: Seismic Torpedo, Rigged Cargo Chute,
IG-88D, and the Shadow Caster and Ketsu Onyo (crew) with the first edition's tractor beam
token (reference card (1e) "Tractor Beam Token": ``Ruleset.tractor_agility_per_token`` and
``tractor_move_1e``). Player 1 at y = 0 facing +y, player 2 facing it; a Lancer (large) at
(400, 300) has a small enemy ahead at Range 1 / 2 at y = 420 / 520."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import EndPhase, StartEndPhase
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import Give, engage, pass_all, pass_until, rolled, skip_dice, values

ARC = "1e-arc170-thanekyrell"

ACADEMY = "1e-tiefighter-academypilot"
LANCER = "1e-lancerclasspursuitcraft-shadowporthunter"
KETSU_PILOT = "1e-lancerclasspursuitcraft-ketsuonyo"
YT1300 = "1e-yt1300-outerrimsmuggler"


def defense_dice(game, attacker: str, defender: str) -> int:
    """Attack ``defender`` from the pending engagement; how many defense dice it rolls."""
    declare(game, attacker, defender)
    skip_dice(game)
    return len(rolled(game, defender))


# ------------------------------------------------------------ the tractor beam token
class TestTractorBeamToken:
    def _tie(self, tokens):
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-xwing-rookiepilot", at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 490, 180),
                    tokens={"tractor": tokens} if tokens else None)
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
        return game, a, t

    def test_faq_agility_one_lower_per_token(self):
        """FAQ (1e), Tractor Beam reference card (corrected): in the Combat phase the TIE
        (agility 3) rolls 1 defense die fewer per tractor beam token: 3, 2, 1."""
        counts = []
        for tokens in (0, 1, 2):
            game, a, t = self._tie(tokens)
            counts.append(defense_dice(game, a, t))
        assert counts == [3, 2, 1]

    def test_faq_large_ship_is_not_moved_but_loses_agility(self):
        """A YT-1300 (large, agility 1) receiving a tractor beam token is not moved (no
        question, same place), and rolls no defense die in the next attack instead of 1."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-xwing-rookiepilot", at=(400, 300, 0))
        y = sc.ship(YT1300, player=2, at=(400, 560, 180))
        game = sc.game()
        before = game.state.ships[y].body.pose
        start_at(game, Give(y, "tractor", 1, 1))
        assert game.decision is None and game.state.ships[y].body.pose == before
        start_at(game, Engage(a))
        load_dice(game, ["hit"] * 3, ["blank"] * 3)
        assert defense_dice(game, a, y) == 0
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
        assert defense_dice(game, a, y) == 1

    def test_faq_small_ship_moved_onto_an_obstacle_without_rotation(self):
        """FAQ (1e), Tractor Beam reference card (corrected): a small ship receiving its
        first token is moved by the opposing player; a boost that ends on an asteroid is
        offered (the move can overlap obstacles), and no rotation follows."""
        sc = Scene(ruleset="1e")
        sc.ship("1e-xwing-rookiepilot", at=(100, 100, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 500, 180))
        sc.obstacle("core2asteroid5", 400, 420)
        game = sc.game()
        start_at(game, Give(t, "tractor", 1, 1))
        assert game.decision is not None and game.decision.kind == "tractor_move"
        boosts = [k for k in values(game) if "boost" in k]
        assert boosts
        game.answer(boosts[0])
        kinds = pass_all(game)
        assert "tractor_rotate" not in kinds


    def test_faq_move_cannot_leave_the_play_area(self):
        """FAQ (1e), Actions and Game Effects: a boost or barrel roll from a tractor beam
        token cannot take the ship outside the play area: facing the edge, no boost is
        offered; away from it, one is."""
        for y, offered in ((895.0, False), (500.0, True)):
            sc = Scene(ruleset="1e")
            sc.ship("1e-xwing-rookiepilot", at=(100, 100, 0))
            t = sc.ship(ACADEMY, player=2, at=(400, y, 0))
            game = sc.game()
            start_at(game, Give(t, "tractor", 1, 1))
            assert game.decision is not None and game.decision.kind == "tractor_move"
            assert any("boost" in k for k in values(game)) is offered


# ------------------------------------------------------------------ Ketsu Onyo
class TestKetsuOnyoPilot:
    def _scene(self, turret):
        sc = Scene(ruleset="1e")
        k = sc.ship(KETSU_PILOT, at=(400, 300, 0), turret=turret)
        t = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
        from tallon.engine.rounds import StartEngagement

        return sc.at(StartEngagement()), k, t

    def test_tractors_a_ship_in_both_arcs(self):
        """The TIE at Range 1 inside her front and mobile arcs receives a tractor beam token;
        her player (its opposing player) is asked how to move it."""
        game, k, t = self._scene("front")
        pass_until(game, "use_ability", k)
        game.answer(t)
        assert game.state.ships[t].count(Token.TRACTOR) == 1
        assert game.decision.kind == "tractor_move" and game.decision.player == 1

    def test_not_outside_the_mobile_arc(self):
        """The mobile arc pointing backwards: nothing offered."""
        game, k, t = self._scene("rear")
        assert game.decision is None or game.decision.ship != k
        assert not game.state.ships[t].has(Token.TRACTOR)


# ---------------------------------------------------------------- Shadow Caster
class TestShadowCaster:
    CARD = "1e-shadowcaster"

    def _attack(self, dice, turret="front", y=520.0):
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 300, 0), upgrades=[self.CARD], turret=turret)
        t = sc.ship(ACADEMY, player=2, at=(400, y, 180))
        game = engage(sc, lancer, dice, ["blank"] * 3)
        declare(game, lancer, t)
        return game, lancer, t

    def test_hit_inside_the_mobile_arc_tractors(self):
        """A hit at Range 2 with the defender inside the mobile arc: it may be assigned a
        tractor beam token."""
        game, lancer, t = self._attack(["hit"] * 3)
        pass_until(game, "use_ability", lancer)
        game.answer("use")
        assert game.state.ships[t].count(Token.TRACTOR) == 1

    def test_not_after_a_miss(self):
        """A miss: nothing offered."""
        game, _lancer, t = self._attack(["blank"] * 3)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[t].has(Token.TRACTOR)

    def test_not_outside_the_mobile_arc(self):
        """A hit with the mobile arc pointing left (the defender outside it): nothing."""
        game, _lancer, t = self._attack(["hit"] * 3, turret="left")
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[t].has(Token.TRACTOR)


# ------------------------------------------------------------- Ketsu Onyo (crew)
class TestKetsuOnyoCrew:
    CARD = "1e-ketsuonyo"

    def _end_phase(self, upgrades, use=True):
        sc = Scene(ruleset="1e")
        sc.ship(LANCER, at=(400, 300, 0), upgrades=list(upgrades))
        t = sc.ship(ACADEMY, player=2, at=(400, 520, 180), tokens={"tractor": 1})
        game = sc.game()
        start_at(game, StartEndPhase(), phase="engagement")
        if game.decision is not None:
            assert game.decision.kind == "use_ability" and t in values(game)
            game.answer(t if use else "decline")
        start_at(game, EndPhase(), phase="end")
        return game.state.ships[t].count(Token.TRACTOR)

    def test_enemy_keeps_its_tractor_tokens(self):
        """Chosen at the start of the End phase, the TIE keeps its tractor beam token;
        declined or without the card, it is removed."""
        assert self._end_phase([self.CARD]) == 1
        assert self._end_phase([self.CARD], use=False) == 0
        assert self._end_phase([]) == 0


# -------------------------------------------------------------- Seismic Torpedo
class TestSeismicTorpedo:
    CARD = "1e-seismictorpedo"
    ACTION = f"{CARD}:fire"
    ROCK = "core2asteroid5"

    def _scene(self, rock_y=400.0, upgrades=(CARD,)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ARC, at=(400, 200, 0), upgrades=list(upgrades))
        e = sc.ship(ACADEMY, player=2, at=(400, 500, 180))
        far = sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        rock = sc.obstacle(self.ROCK, 400, rock_y)
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        return game, a, e, far, rock

    def test_destroys_the_obstacle_and_hurts_ships_near_it(self):
        """The asteroid ahead at Range 2: the enemy at Range 1 of it rolls a hit and suffers
        1 damage, the distant one nothing; the asteroid is removed and the card
        discarded."""
        game, a, e, far, rock = self._scene()
        assert self.ACTION in values(game)
        load_dice(game, ["hit"])
        game.answer(self.ACTION)
        if game.decision is not None and game.decision.kind == "card_action":
            game.answer(rock)
        pass_all(game)
        ships = game.state.ships
        assert len(ships[e].damage) == 1 and not ships[far].damage
        assert not any(o.id == rock for o in game.state.obstacles)
        assert self.CARD not in ships[a].upgrades

    def test_not_behind(self):
        """An asteroid behind the ARC-170: the action is not offered."""
        game, *_ = self._scene(rock_y=20.0)
        assert self.ACTION not in values(game)


# ------------------------------------------------------------ Rigged Cargo Chute
class TestRiggedCargoChute:
    CARD = "1e-riggedcargochute"
    ACTION = f"{CARD}:drop"

    def test_drops_a_debris_cloud_on_the_ship_behind(self):
        """The Lancer drops a cargo token behind it, onto an enemy TIE: a debris cloud, which
        gives the TIE a stress token at once; the card is discarded."""
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 400, 0), upgrades=[self.CARD])
        t = sc.ship(ACADEMY, player=2, at=(400, 290, 0))
        game = sc.at(PerformAction(lancer, during_activation=True), phase="activation")
        assert self.ACTION in values(game)
        load_dice(game, ["blank"])
        game.answer(self.ACTION)
        pass_all(game)
        cargo = [o for o in game.state.obstacles if o.id.startswith("1ecargo")]
        assert len(cargo) == 1 and cargo[0].type.value == "debris_cloud"
        assert game.state.ships[t].stressed
        assert self.CARD not in game.state.ships[lancer].upgrades

    def test_not_off_the_table(self):
        """With its rear at the table's edge the token would leave the play area: no
        action."""
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 60, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(lancer, during_activation=True), phase="activation")
        assert self.ACTION not in values(game)


# ------------------------------------------------------------------------ IG-88D
class TestIG88D:
    CARD = "1e-ig88d"
    IG88A = "1e-aggressor-ig88a"

    def _scene(self, title=True, crew=True):
        """IG-88A (with or without IG-2000) and a Lancer with IG-88D (or not), whose shield
        is down, attacking a TIE with 1 hull left."""
        sc = Scene(ruleset="1e")
        lancer = sc.ship(LANCER, at=(400, 300, 0), upgrades=[self.CARD] if crew else [],
                         shields=2)
        sc.ship(self.IG88A, at=(700, 100, 0), upgrades=["1e-ig2000"] if title else [])
        t = sc.ship(ACADEMY, player=2, at=(400, 520, 180), hull=1)
        return sc, lancer, t

    def test_has_ig88a_ability(self):
        """The Lancer destroys the TIE: with IG-88D it recovers a shield (IG-88A's pilot
        ability); without the crew it does not."""
        for crew, shields in ((True, 3), (False, 2)):
            sc, lancer, t = self._scene(crew=crew)
            game = engage(sc, lancer, ["hit"] * 3, ["blank"] * 3)
            declare(game, lancer, t)
            while game.decision is not None:
                d = game.decision
                game.answer("use" if "use" in d.option_keys() else pass_value(d))
            assert game.state.ships[lancer].shields == shields

    def test_not_without_the_title(self):
        """IG-88A without IG-2000 lends nothing: its pilot card is not the Lancer's."""
        sc, lancer, _t = self._scene(title=False)
        game = sc.game()
        assert not any(c[1] == self.IG88A for c in game.state.ships[lancer].cards)
        sc, lancer, _t = self._scene()
        game = sc.game()
        assert any(c[1] == self.IG88A for c in game.state.ships[lancer].cards)


    def test_faq_removed_ship_takes_its_ability(self):
        """FAQ (1e), IG-2000: once IG-88A is removed from play, the Lancer loses his pilot
        ability."""
        from tallon.engine.effects import remove_ship
        from tallon.engine.queue import FireWindow as Window

        sc, lancer, _t = self._scene()
        game = sc.game()
        ig = next(s for s in game.state.ships.values() if s.pilot == self.IG88A)
        remove_ship(game, ig, "a test")
        start_at(game, Window.of("start_round"))
        assert not any(c[1] == self.IG88A for c in game.state.ships[lancer].cards)

    def test_faq_injured_pilot_withholds_the_ability(self):
        """FAQ (1e), IG-2000: a ship with a faceup Injured Pilot no longer lends its pilot
        ability: IG-88A with it, the Lancer loses his ability at the next check."""
        from tallon.engine.queue import FireWindow as Window
        from tallon.engine.state import DamageCard

        sc, lancer, _t = self._scene()
        game = sc.game()
        ig = next(s for s in game.state.ships.values() if s.pilot == self.IG88A)
        ig.damage = (*ig.damage, DamageCard("1e-core-injuredpilot", True, 1))
        start_at(game, Window.of("start_round"))
        assert not any(c[1] == self.IG88A for c in game.state.ships[lancer].cards)


def pass_value(decision) -> str:
    keys = decision.option_keys()
    for wanted in ("decline", "done", "none", "pass"):
        if wanted in keys:
            return wanted
    return keys[0]
