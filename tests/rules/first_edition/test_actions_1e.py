"""The first edition's actions beyond focus, target lock and evade: cloak and decloak,
SLAM, reinforce, jam, reload, rotate arc (the mobile arc) and coordinate (reference cards
(1e); rulebook (1e); FAQ (1e)); the first edition's barrel roll and boost, and the ship types
in play, are in test_actions_1e_2.py. Scenes on
a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2
facing it; the bases' edges 40 / 110 / 220 mm apart are ranges 1 / 2 / 3.
"""

from __future__ import annotations

from tallon.cards.first_edition.ordnance_1e import discard_upgrade, is_discarded
from tallon.engine.actions import PerformAction, can_perform
from tallon.engine.movement import Decloak
from tallon.engine.reinforce_1e import inside_firing_arc
from tallon.engine.rounds import EndPhase
from tallon.engine.state import ActionSpec, Token
from tallon.geometry import Arc
from tallon.scene import Scene, declare
from tests.cards.helpers import (
    activation,
    engage,
    pass_until,
    rolled,
    skip_dice,
    values,
)

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
PHANTOM = "1e-tiephantom-sigmasquadronpilot"
KWING = "1e-kwing-wardensquadronpilot"
LANCER = "1e-lancerclasspursuitcraft-shadowporthunter"
UPSILON = "1e-upsilonclassshuttle-starkillerbasepilot"
AUZITUCK = "1e-auzituckgunship-kashyyykdefender"
STARWING = "1e-alphaclassstarwing-nusquadronpilot"
KIMOGILA = "1e-m12lkimogilafighter-cartelbrute"
REAPER = "1e-tiereaper-scarifbasepilot"
YT2400 = "1e-yt2400-wildspacefringer"


def scene(pilot: str, enemy: str = ACADEMY, at=(400, 300, 0), enemy_at=(400, 450, 180),
          upgrades=(), **setup):
    """The pilot (player 1) and an enemy (player 2), 150 mm apart ahead by default."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=at, upgrades=list(upgrades), **setup)
    d = sc.ship(enemy, player=2, at=enemy_at)
    return sc, a, d


def action_step(sc, ship: str, dial: str = "1FW"):
    """The ship's activation with ``dial``, at its Perform Action step."""
    game = activation(sc, ship, dial)
    pass_until(game, "perform_action", ship)
    return game


def free_action(sc, ship: str):
    """A free action granted during the ship's activation (as a card grants one)."""
    return sc.at(PerformAction(ship, during_activation=True), phase="activation")


# ------------------------------------------------------------------------ cloak
class TestCloak:
    def test_cloak_token_adds_two_agility(self):
        """A TIE Phantom performs the cloak action (reference card (1e) "Cloak Action": it
        places a cloak token); attacked, it rolls its agility 2 plus 2 = 4 defense dice."""
        sc, a, _d = scene(PHANTOM)
        game = free_action(sc, a)
        game.answer("cloak")
        assert game.state.ships[a].has(Token.CLOAK)
        sc2, a2, d2 = scene(PHANTOM, cloak=1)
        game = engage(sc2, d2, ["hit"], ["blank"] * 4)
        declare(game, d2, a2)
        skip_dice(game)
        assert len(rolled(game, a2)) == 4

    def test_uncloaked_rolls_its_agility(self):
        """Without the token the same attack meets 2 defense dice."""
        sc, a, d = scene(PHANTOM)
        game = engage(sc, d, ["hit"], ["blank"] * 2)
        declare(game, d, a)
        skip_dice(game)
        assert len(rolled(game, a)) == 2

    def test_cloaked_cannot_attack_nor_cloak_again(self):
        """While it has a cloak token the ship cannot perform attacks, nor the cloak action
        (reference card (1e))."""
        sc, a, _d = scene(PHANTOM, cloak=1)
        game = engage(sc, a, ["hit"] * 4, [])
        assert game.decision is None or game.decision.kind != "declare_attack" or \
            all(o.key == "none" for o in game.decision.options)
        game = free_action(sc, a)
        assert "cloak" not in values(game)

    def test_cloak_token_stays_through_the_end_phase(self):
        """"Cloak tokens are not removed during the End phase" (reference card (1e)), while
        a focus token is."""
        sc, a, _d = scene(PHANTOM, cloak=1, focus=1)
        game = sc.at(EndPhase(), phase="end")
        ship = game.state.ships[a]
        assert ship.has(Token.CLOAK) and not ship.has(Token.FOCUS)

    def test_decloak_barrel_roll_with_the_two_straight(self):
        """Decloak reference card (1e, errata): the ship spends its cloak token to barrel
        roll with the [2 straight] template: it moves 40 + 80 mm sideways."""
        sc, a, _d = scene(PHANTOM, cloak=1)
        game = sc.at(Decloak(a), phase="system")
        assert set(values(game)) >= {"pass", "boost", "left", "right"}
        game.answer("right")
        game.answer("middle")
        ship = game.state.ships[a]
        assert not ship.has(Token.CLOAK)
        assert round(ship.pose.x - 400) == 120 and round(ship.pose.y) == 300

    def test_decloak_boost_with_the_two_straight(self):
        """The other effect: a boost with the [2 straight] template (80 mm + the base)."""
        sc, a, _d = scene(PHANTOM, cloak=1, enemy_at=(400, 800, 180))
        game = sc.at(Decloak(a), phase="system")
        game.answer("boost")
        assert round(game.state.ships[a].pose.y - 300) == 120

    def test_decloak_while_stressed(self):
        """"A ship can decloak while it has a stress token": the decloak is offered."""
        sc, a, _d = scene(PHANTOM, cloak=1, stress=1)
        game = sc.at(Decloak(a), phase="system")
        assert "right" in values(game)

    def test_faq_decloak_while_ionized(self):
        """FAQ (1e): a ship can decloak while ionized (decloaking happens before its dial
        would matter): the decloak is offered to an ionized Phantom."""
        sc, a, _d = scene(PHANTOM, cloak=1, ion=1)
        game = sc.at(Decloak(a), phase="system")
        assert "boost" in values(game)

    def test_faq_no_decloak_off_the_play_area(self):
        """FAQ (1e): a ship cannot decloak if it would go outside the play area: a Phantom
        at the right edge, facing it, declares the boost: it would leave the area, so it
        does not happen (the ship stays, keeping its cloak token)."""
        sc, a, _d = scene(PHANTOM, cloak=1, at=(880, 880, 90), enemy_at=(200, 600, 180))
        game = sc.at(Decloak(a), phase="system")
        game.answer("boost")
        assert game.state.ships[a].has(Token.CLOAK)
        assert round(game.state.ships[a].pose.x) == 880


# ------------------------------------------------------------------------- SLAM
class TestSlam:
    def test_slam_executes_a_maneuver_of_the_same_speed(self):
        """Reference card (1e) "SLAM Action": after a 2-speed maneuver the K-wing SLAMs with
        a maneuver of its dial of speed 2, executes it, and receives a weapons disabled
        token (the engine's disarm token)."""
        sc, a, _d = scene(KWING, enemy_at=(400, 880, 180))
        game = action_step(sc, a, "2FB")
        game.answer("slam")
        assert game.decision.kind == "slam_maneuver"
        assert all(code.startswith("2") for code in values(game))
        y = game.state.ships[a].pose.y
        game.answer("2FB")
        ship = game.state.ships[a]
        assert ship.pose.y - y > 100 and ship.has(Token.DISARM)

    def test_maneuvers_that_would_flee_are_not_offered(self):
        """"Performing a SLAM counts as executing a maneuver", so one leaving the play area
        would make the ship flee (be destroyed); ruling: such maneuvers are not offered. A
        K-wing by the right edge may SLAM with its 1-speed bank left or straight, not its
        bank right."""
        sc, a, _d = scene(KWING, at=(880, 300, 0), enemy_at=(100, 800, 180))
        game = action_step(sc, a, "1FB")
        game.answer("slam")
        assert values(game) == ["1BB", "1FB"]

    def test_weapons_disabled_token_stops_attacks_until_the_end_phase(self):
        """A ship with a weapons disabled token cannot perform attacks; the token is
        removed in the End phase."""
        sc, a, _d = scene(KWING, disarm=1)
        game = engage(sc, a, ["hit"] * 2, [])
        assert game.decision is None or all(o.key == "none" for o in game.decision.options)
        game = sc.at(EndPhase(), phase="end")
        assert not game.state.ships[a].has(Token.DISARM)

    def test_slam_is_not_a_free_action(self):
        """"A ship cannot perform SLAM as a free action": granted a free action during its
        activation, after its maneuver, the K-wing is not offered SLAM (its Perform Action
        step offers it: above)."""
        sc, a, _d = scene(KWING, executed_speed=2)
        game = free_action(sc, a)
        assert "focus" in values(game) and "slam" not in values(game)

    def test_a_free_action_after_the_step_action_is_not_slam(self):
        """Within the Perform Action step, once the ship has begun its action, an action it
        is then granted is a free action: SLAM is refused for it."""
        sc, a, _d = scene(KWING, enemy_at=(400, 880, 180))
        game = action_step(sc, a, "2FB")
        ship = game.state.ships[a]
        spec = ActionSpec("slam")
        assert can_perform(game, ship, spec, True) is None
        game.answer("focus")
        assert can_perform(game, ship, spec, True) is not None

    def test_faq_slam_while_ionized(self):
        """FAQ (1e), SLAM While Ionized: an ionized K-wing executes the white 1 straight,
        then may SLAM with a 1-speed maneuver of its dial."""
        sc, a, _d = scene(KWING, ion=1, enemy_at=(400, 880, 180))
        game = activation(sc, a, "3FW")
        pass_until(game, "perform_action", a)
        assert "slam" in values(game)
        game.answer("slam")
        assert values(game) and all(code.startswith("1") for code in values(game))

    def test_faq_slam_is_not_revealing_the_dial(self):
        """FAQ (1e): a SLAM does not count as revealing the dial: the game logs one reveal
        for the K-wing's activation, none for its SLAM."""
        sc, a, _d = scene(KWING, enemy_at=(400, 880, 180))
        game = action_step(sc, a, "2FB")
        game.answer("slam")
        game.answer("2FB")
        reveals = [e for e in game.log if e["kind"] == "reveal" and e.get("ship") == a]
        assert len(reveals) == 1


# -------------------------------------------------------------------- reinforce
class TestReinforce:
    def test_reinforce_action_chooses_a_side(self):
        """Reference card (1e) "Reinforce Action": the Auzituck chooses the fore or aft
        side of the token."""
        sc, a, _d = scene(AUZITUCK)
        game = free_action(sc, a)
        game.answer("reinforce")
        assert values(game) == ["fore", "aft"]
        game.answer("aft")
        assert game.state.ships[a].has(Token.REINFORCE_AFT)

    def _hit_on(self, token: str | None, enemy_at, facing: float) -> bool:
        setup = {token: 1} if token else {}
        sc, a, d = scene(AUZITUCK, enemy=ROOKIE, enemy_at=(*enemy_at, facing), **setup)
        game = engage(sc, d, ["hit"], ["blank"])
        declare(game, d, a)
        skip_dice(game)
        return [e for e in game.log if e["kind"] == "neutralize"][-1]["hits"] > 0

    def test_fore_adds_an_evade_against_an_attacker_in_arc(self):
        """Fore side up and the attacker inside the defender's firing arc: 1 [evade] result
        is added - the single hit is canceled (without the token it hits)."""
        assert self._hit_on(None, (400, 450), 180)
        assert not self._hit_on("reinforce_fore", (400, 450), 180)

    def test_fore_adds_nothing_against_an_attacker_behind(self):
        """Fore side up, the attacker behind (outside the Auzituck's front and auxiliary
        180-degree arcs): nothing is added - the hit stands."""
        assert self._hit_on("reinforce_fore", (400, 150), 0)

    def test_aft_adds_an_evade_against_an_attacker_outside_its_arcs(self):
        """Aft side up and the attacker not inside the defender's firing arcs: 1 [evade];
        aft side up with the attacker ahead: nothing."""
        assert not self._hit_on("reinforce_aft", (400, 150), 0)
        assert self._hit_on("reinforce_aft", (400, 450), 180)

    def test_the_evade_is_added_whatever_the_hits(self):
        """Unlike 2.5's reinforce (it acts only while two or more results remain), the
        first edition's token adds its evade to a single hit: above, and the token is not
        spent."""
        sc, a, d = scene(AUZITUCK, enemy=ROOKIE, enemy_at=(400, 450, 180), reinforce_fore=1)
        game = engage(sc, d, ["hit"], ["blank"])
        declare(game, d, a)
        skip_dice(game)
        assert game.state.ships[a].has(Token.REINFORCE_FORE)

    def test_faq_a_turret_gives_no_firing_arc(self):
        """FAQ (1e): a turret primary weapon does not give a 360-degree firing arc - the
        arcs are the printed ones: a K-wing (front arc, turret) attacked from behind is
        outside its firing arc, so an aft token adds an evade and a fore token does not."""
        for token, hit in (("reinforce_aft", False), ("reinforce_fore", True)):
            sc, a, d = scene(KWING, enemy=ROOKIE, enemy_at=(400, 150, 0), **{token: 1})
            game = engage(sc, d, ["hit"], ["blank"])
            declare(game, d, a)
            skip_dice(game)
            assert ([e for e in game.log if e["kind"] == "neutralize"][-1]["hits"] > 0) is hit

    def test_faq_a_mobile_arc_is_a_firing_arc(self):
        """FAQ (1e): a mobile firing arc counts as a firing arc: an attacker on the left of
        a ship whose mobile arc points left is inside its firing arc (a fore token
        applies); with the mobile arc ahead it is not."""
        for turret, inside in (("left", True), ("front", False)):
            sc, a, d = scene(LANCER, enemy=ROOKIE, enemy_at=(230, 300, 90), turret=turret)
            ships = sc.game().state.ships
            assert inside_firing_arc(ships[a], ships[d]) is inside

    def test_removed_in_the_end_phase(self):
        """"During the End phase, remove all reinforce tokens.\""""
        sc, a, _d = scene(AUZITUCK, reinforce_fore=1)
        game = sc.at(EndPhase(), phase="end")
        assert not game.state.ships[a].has(Token.REINFORCE_FORE)


# -------------------------------------------------------------------------- jam
class TestJam:
    def test_jam_an_enemy_at_range_2_outside_the_front_arc(self):
        """The TIE Reaper's jam action: an enemy ship at Range 1-2, in any direction, gets
        a jam token (2.5 asks for range 1, or range 2 in the front arc)."""
        sc, a, d = scene(REAPER, enemy_at=(400, 150, 0))
        game = free_action(sc, a)
        game.answer("jam")
        assert values(game) == [d]
        game.answer(d)
        assert game.state.ships[d].has(Token.JAM)

    def test_no_jam_beyond_range_2(self):
        """An enemy at Range 3 is not a target: the jam action is not offered an option."""
        sc, a, d = scene(REAPER, enemy_at=(400, 560, 180))
        game = free_action(sc, a)
        game.answer("jam")
        assert game.decision is None or game.decision.kind != "jam_target"
        assert not game.state.ships[d].has(Token.JAM)

    def test_the_jammed_ship_chooses_the_token_it_loses(self):
        """Reference card (1e) "Jam Tokens": a ship with a jam token and focus and evade
        tokens removes the jam token, then chooses (its owner, not the jamming player) one
        of its focus, evade or blue target lock tokens to remove."""
        sc, a, d = scene(REAPER, enemy=ROOKIE, enemy_at=(400, 450, 180), focus=0)
        game = free_action(sc, a)
        ship = game.state.ships[d]
        ship.tokens[Token.FOCUS] = 1
        ship.tokens[Token.EVADE] = 1
        ship.locks = [a]
        game.answer("jam")
        game.answer(d)
        assert game.decision.kind == "jam_effect" and game.decision.player == 2
        assert set(values(game)) == {"token:focus", "token:evade", f"lock:{a}"}
        game.answer("token:evade")
        assert not ship.has(Token.JAM) and not ship.has(Token.EVADE) and ship.has(Token.FOCUS)

    def test_reinforce_tokens_are_not_jammed(self):
        """The jam token takes only focus, evade and blue target lock tokens: a reinforced
        Auzituck keeps its reinforce token and stays jammed."""
        sc, a, d = scene(REAPER, enemy=AUZITUCK, enemy_at=(400, 450, 180))
        game = free_action(sc, a)
        game.state.ships[d].tokens[Token.REINFORCE_FORE] = 1
        game.answer("jam")
        game.answer(d)
        ship = game.state.ships[d]
        assert ship.has(Token.REINFORCE_FORE) and ship.has(Token.JAM)

    def test_a_token_gained_while_jammed_goes_with_the_jam(self):
        """A jammed ship that gains a focus token has both: the jam token and the focus
        token are removed."""
        sc, a, _d = scene(ROOKIE, jam=1)
        game = free_action(sc, a)
        game.answer("focus")
        ship = game.state.ships[a]
        assert not ship.has(Token.JAM) and not ship.has(Token.FOCUS)

    def test_jam_tokens_stay_through_the_end_phase(self):
        """The reference card gives jam tokens no End phase removal (it does so for weapons
        disabled tokens): a jammed ship with no token to lose is still jammed next round."""
        sc, a, _d = scene(ROOKIE, jam=1, disarm=1)
        game = sc.at(EndPhase(), phase="end")
        ship = game.state.ships[a]
        assert ship.has(Token.JAM) and not ship.has(Token.DISARM)


# ----------------------------------------------------------------------- reload
class TestReload:
    def test_reload_flips_discarded_ordnance_faceup(self):
        """Reference card (1e) "Reload Action": the Star Wing flips its discarded Proton
        Torpedoes faceup (the card is its again) and is assigned a weapons disabled
        token."""
        sc, a, _d = scene(STARWING, upgrades=["1e-protontorpedoes"])
        game = free_action(sc, a)
        ship = game.state.ships[a]
        discard_upgrade(game, ship, "1e-protontorpedoes")
        assert "1e-protontorpedoes" not in ship.upgrades
        game.answer("reload")
        assert values(game) == ["1e-protontorpedoes", "none"]
        game.answer("1e-protontorpedoes")
        assert "1e-protontorpedoes" in ship.upgrades and ship.has(Token.DISARM)
        assert not is_discarded(ship, "1e-protontorpedoes")

    def test_any_number_of_cards(self):
        """Two discarded cards: the player may flip both, one or none."""
        sc, a, _d = scene(KIMOGILA, upgrades=["1e-protontorpedoes", "1e-concussionmissiles"])
        game = free_action(sc, a)
        ship = game.state.ships[a]
        discard_upgrade(game, ship, "1e-protontorpedoes")
        discard_upgrade(game, ship, "1e-concussionmissiles")
        game.answer("reload")
        assert values(game)[0] == "1e-protontorpedoes+1e-concussionmissiles"
        assert len(values(game)) == 4 and values(game)[-1] == "none"
        game.answer("1e-concussionmissiles")
        assert "1e-concussionmissiles" in ship.upgrades
        assert "1e-protontorpedoes" not in ship.upgrades

    def test_reload_with_nothing_discarded(self):
        """With nothing discarded the reload still assigns the weapons disabled token
        (ruling: "any number" includes none)."""
        sc, a, _d = scene(STARWING, upgrades=["1e-protontorpedoes"])
        game = free_action(sc, a)
        game.answer("reload")
        assert game.state.ships[a].has(Token.DISARM)
        assert "1e-protontorpedoes" in game.state.ships[a].upgrades


# ------------------------------------------------------------------- rotate arc
class TestRotateArc:
    @staticmethod
    def _targets(sc, attacker: str) -> set[str]:
        game = engage(sc, attacker, ["hit"] * 3, ["blank"] * 3)
        d = game.decision
        if d is None or d.kind != "declare_attack":
            return set()
        return {o.info["defender"] for o in d.options if o.info}

    def test_rotate_arc_turns_the_mobile_arc(self):
        """The Lancer's rotate arc action turns its mobile firing arc (the engine's single
        turret arc) to another arc: from ahead to its left."""
        sc, a, _d = scene(LANCER, enemy_at=(230, 300, 90))
        game = free_action(sc, a)
        assert game.state.ships[a].turret == (Arc.FRONT,)
        game.answer("rotate")
        assert "front" not in values(game) and {"left", "right", "rear"} <= set(values(game))
        game.answer("left")
        assert game.state.ships[a].turret == (Arc.LEFT,)

    def test_the_mobile_arc_lets_the_primary_weapon_attack_there(self):
        """An enemy on the Lancer's left at Range 2 is outside its arcs while the mobile arc
        points ahead; with the mobile arc turned left the primary weapon can attack it."""
        sc, a, d = scene(LANCER, enemy_at=(230, 300, 90))
        assert d not in self._targets(sc, a)
        sc, a, d = scene(LANCER, enemy_at=(230, 300, 90), turret="left")
        assert d in self._targets(sc, a)


# ------------------------------------------------------------------- coordinate
class TestCoordinate:
    def test_coordinated_ship_performs_a_free_action(self):
        """The Upsilon-class shuttle coordinates a friendly ship at Range 2: that ship may
        immediately perform a free action (it focuses)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(UPSILON, at=(400, 300, 0))
        f = sc.ship(ROOKIE, at=(560, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("coordinate")
        assert values(game) == [f]
        game.answer(f)
        assert game.decision.kind == "perform_action" and game.decision.ship == f
        game.answer("focus")
        assert game.state.ships[f].has(Token.FOCUS)

    def test_a_touching_ship_is_at_range_1(self):
        """The first edition has no range 0: a friendly ship touching the shuttle is at
        Range 1 (rulebook (1e), Range; FAQ (1e): a ship is at Range 1 of itself), so it may
        be coordinated (2.5's range 1-2 leaves out a ship at range 0)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(UPSILON, at=(400, 300, 0))
        f = sc.ship(ROOKIE, at=(460, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("coordinate")
        assert values(game) == [f]
        game.answer(f)
        assert game.decision.kind == "perform_action" and game.decision.ship == f

    def test_a_stressed_ship_performs_no_free_action(self):
        """A stressed ship cannot perform actions, free ones included (rulebook (1e),
        Stress): the coordinated ship is offered nothing."""
        sc = Scene(ruleset="1e")
        a = sc.ship(UPSILON, at=(400, 300, 0))
        f = sc.ship(ROOKIE, at=(560, 300, 0), stress=1)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = free_action(sc, a)
        game.answer("coordinate")
        game.answer(f)
        assert game.decision is None or game.decision.ship != f
