"""Talent upgrades of :mod:`tallon.cards.upgrades.talent_2`. Scenes on generic carriers:
Red Squadron Veterans (T-65, initiative 3, 2 shields, focus/lock/barrel roll), Academy
Pilots (TIE/ln, initiative 1, hull 3, focus/evade/barrel roll). Player 1 sits at y = 0
facing +y; a ship straight ahead is in the bullseye arc; 40 / 150 / 210 mm between bases
are ranges 1 / 2 / 3."""

from __future__ import annotations

from tallon.engine.actions import PerformAction, can_perform
from tallon.engine.attack import Engage
from tallon.engine.devices import place_obstacle
from tallon.engine.effects import flip_upgrade
from tallon.engine.movement import Decloak, ExecuteManeuver
from tallon.engine.payloads import PlacedDevice
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, StartEngagement
from tallon.engine.state import ActionSpec, DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.cards.helpers import Hurt, engage, pass_until, pick, skip_dice, values


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def decision_of(game, kind="use_ability"):
    d = game.decision
    assert d is not None and d.kind == kind, d and (d.kind, d.prompt)
    return d


def acting(upgrade, pilot="redsquadronveteran", enemy_at=(400, 850, 180), **setup):
    """The ship at (400, 300) may perform an action (its Perform Action step)."""
    sc = Scene()
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=[upgrade] if upgrade else [], **setup)
    sc.ship("academypilot", player=2, at=enemy_at)
    return sc, ship


# ------------------------------------------------------------------ Ace in the Hole
class TestAceInTheHole:
    def test_a_charge_and_a_jam_token_buy_a_barrel_roll(self):
        """At the start of the Engagement Phase the X-wing spends a charge and gains a jam
        token (it has no green token to lose) to barrel roll left."""
        sc, ship = acting("aceinthehole-battleoverendor")
        game = sc.at(StartEngagement())
        assert set(decision_of(game).option_keys()) == {"barrel_roll", "decline"}
        game.answer("barrel_roll")
        game.answer("left")
        game.answer("middle")
        x = game.state.ships[ship]
        assert x.charges["aceinthehole-battleoverendor"].active == 1
        assert x.has(Token.JAM) and x.pose.x < 400

    def test_not_without_a_charge(self):
        """Both charges spent (they don't recur): nothing is offered."""
        sc, _ = acting("aceinthehole-battleoverendor",
                       charges={"aceinthehole-battleoverendor": 0})
        game = sc.at(StartEngagement())
        assert game.decision is None


# -------------------------------------------------------------------- Clan Training
class TestClanTraining:
    def test_an_enemy_in_front_at_range_1_a_charge_buys_a_red_focus(self):
        """Before engaging with a TIE at range 1 ahead: the charge pays for a red focus
        action (a focus token and a stress token)."""
        sc, ship = acting("clantraining", enemy_at=(400, 380, 180))
        game = sc.at(Engage(ship))
        game.answer("focus")
        x = game.state.ships[ship]
        assert x.has(Token.FOCUS) and x.stressed and x.charges["clantraining"].active == 0

    def test_not_at_range_2_nor_when_focused(self):
        """The TIE at range 2, or the X-wing already focused: straight to the attack."""
        for at, tokens in (((400, 490, 180), {}), ((400, 380, 180), {"focus": 1})):
            sc, ship = acting("clantraining", enemy_at=at, tokens=tokens)
            game = sc.at(Engage(ship))
            assert decision_of(game, "declare_attack")

    def test_destroying_the_defender_recovers_the_charge(self):
        """The attack destroys a TIE with 2 damage cards: the charge comes back; a miss
        leaves it spent."""
        for dice, recovered in ((["hit", "blank", "blank"], 1), (["blank"] * 3, 0)):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["clantraining"],
                        charges={"clantraining": 0})
            sc.ship("academypilot", player=2, at=(400, 490, 180),
                    damage=[DamageCard("fuelleak", False, 1), DamageCard("fuelleak", False, 2)])
            game = engage(sc, a, dice, ["blank"] * 3)
            declare(game)
            assert game.state.ships[a].charges["clantraining"].active == recovered


# ------------------------------------------------------------------------ Composure
class TestComposure:
    def failed_lock(self, upgrade, **setup):
        """The X-wing's lock action fails: no object within range 3."""
        sc, ship = acting(upgrade, **setup)
        game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
        game.answer("lock")
        return game, ship

    def test_after_a_failed_action_a_focus_then_no_more_actions(self):
        """Composure gives a focus action; then even a barrel roll is refused this round."""
        game, ship = self.failed_lock("composure")
        game.answer("focus")
        x = game.state.ships[ship]
        assert x.has(Token.FOCUS)
        assert can_perform(game, x, ActionSpec("barrel_roll"), True) is not None

    def test_not_with_a_green_token_nor_without_the_card(self):
        """An evade token (green) stops it; without the card nothing follows the failure."""
        for upgrade, tokens in (("composure", {"evade": 1}), (None, {})):
            game, ship = self.failed_lock(upgrade, tokens=tokens)
            assert game.decision is None
            assert not game.state.ships[ship].has(Token.FOCUS)
            assert can_perform(game, game.state.ships[ship], ActionSpec("barrel_roll"),
                               True) is None


# -------------------------------------------------------------------- Debris Gambit
class TestDebrisGambit:
    def test_near_an_obstacle_the_red_evade_is_white(self):
        """With an asteroid at range 1 the red evade gives no stress; away from any
        obstacle it does."""
        for near, stress in ((True, 0), (False, 1)):
            sc, ship = acting("debrisgambit")
            if near:
                sc.obstacle("core2asteroid5", 400, 440)
            game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
            game.answer("evade")
            x = game.state.ships[ship]
            assert x.has(Token.EVADE) and x.count(Token.STRESS) == stress, near


# ------------------------------------------------------------- Efficient Processing
class TestEfficientProcessing:
    def run(self, upgrade, action):
        sc, ship = acting(upgrade)
        game = sc.at(PerformAction(ship, True, grant=(ActionSpec(action, "white", None, "x"),)),
                     phase="activation")
        game.answer(action)
        return game.state.ships[ship]

    def test_a_calculate_action_gives_a_second_calculate_token(self):
        """After the calculate action: 2 calculate tokens (1 without the card)."""
        assert self.run("efficientprocessing-swz103", "calculate").count(Token.CALCULATE) == 2
        assert self.run(None, "calculate").count(Token.CALCULATE) == 1

    def test_not_after_another_action(self):
        """A focus action gives no calculate token."""
        assert not self.run("efficientprocessing-swz103", "focus").has(Token.CALCULATE)


# ------------------------------------------------------------------------- Enduring
class TestEnduring:
    def test_outside_the_bullseye_evades_cancel_critical_hits_first(self):
        """A hit and a crit against one evade: with Enduring outside the bullseye the hit
        lands; inside the bullseye (or without the card) the crit does."""
        for upgrade, x, left in (("enduring", 460.0, "1 hit(s), 0 critical"),
                                 ("enduring", 400.0, "0 hit(s), 1 critical"),
                                 (None, 460.0, "0 hit(s), 1 critical")):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0))
            sc.ship("academypilot", player=2, at=(x, 490, 180),
                    upgrades=[upgrade] if upgrade else [])
            game = engage(sc, a, ["hit", "crit", "blank"], ["evade", "blank", "blank"])
            declare(game)
            assert left in neutralized(game), (upgrade, x)

    def test_after_critical_damage_a_red_focus_even_while_stressed(self):
        """A stressed X-wing loses a shield to critical damage: it performs its focus
        action as red (a second stress token)."""
        sc, ship = acting("enduring", tokens={"stress": 1})
        game = sc.at(Hurt(ship, crits=1))
        assert set(decision_of(game).option_keys()) == {"focus", "decline"}
        game.answer("focus")
        x = game.state.ships[ship]
        assert x.has(Token.FOCUS) and x.count(Token.STRESS) == 2

    def test_not_after_regular_damage(self):
        """A regular hit does not trigger it."""
        sc, ship = acting("enduring")
        game = sc.at(Hurt(ship, hits=1))
        assert game.decision is None


# -------------------------------------------------------------------------- Ensnare
class TestEnsnare:
    def scene(self, tractor):
        sc = Scene()
        hwk = sc.ship("rebelscout", at=(400, 300, 0), upgrades=["ensnare"],
                         tokens={"tractor": tractor}, turret="front")
        enemy = sc.ship("academypilot", player=2, at=(400, 380, 180))
        game = sc.at(FireWindow.of("end_activation"), phase="activation")
        return game, hwk, enemy

    def test_tractored_it_passes_a_tractor_token_on(self):
        """The tractored HWK gives its tractor token to the TIE in its turret arc at range
        1; the TIE is tractored and the HWK's player may move it."""
        game, hwk, enemy = self.scene(1)
        game.answer(enemy)
        ships = game.state.ships
        assert not ships[hwk].has(Token.TRACTOR) and ships[enemy].tractored
        assert game.decision.kind == "tractor_move" and game.decision.player == 1

    def test_not_while_not_tractored(self):
        """No tractor token on the HWK: the ability has nothing to trigger on."""
        game, _, _ = self.scene(0)
        assert game.decision is None


# ------------------------------------------------------------------ Interloper Turn
class TestInterloperTurn:
    def scene(self, code, asteroid=True):
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["interloperturn"])
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        if asteroid:
            sc.obstacle("core2asteroid5", 250, 300)
        game = sc.game()
        game.state.ships[ship].dial_set = code
        from tallon.engine.rounds import Activate

        start_at(game, Activate(ship), phase="activation")
        return game, ship

    def test_before_a_speed_2_turn_near_an_asteroid_gain_a_tractor_token(self):
        """The X-wing, at range 1 of an asteroid, reveals a 2 turn: it may gain a tractor
        token, becoming tractored (its own player may then move it)."""
        game, ship = self.scene("2TW")
        game.answer("use")
        assert game.state.ships[ship].tractored
        assert game.decision.kind == "tractor_move" and game.decision.player == 1

    def test_not_for_a_straight_nor_away_from_asteroids(self):
        """A 2 straight near the asteroid, or a 2 turn far from any: no tractor token."""
        for code, asteroid in (("2FW", True), ("2TW", False)):
            game, ship = self.scene(code, asteroid)
            assert game.decision is None or game.decision.kind != "use_ability"
            assert not game.state.ships[ship].has(Token.TRACTOR)


# --------------------------------------------------------------- Ion Limiter Override
class TestIonLimiterOverride:
    def scene(self, code, face):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["ionlimiteroverride"])
        sc.ship("redsquadronveteran", player=2, at=(100, 800, 180))
        game = sc.game()
        load_dice(game, [face])
        start_at(game, ExecuteManeuver(tie, code), phase="activation")
        return game, tie

    def test_after_a_red_maneuver_a_stressed_barrel_roll_and_a_die(self):
        """After a red K-turn (stressed) the TIE barrel rolls; the die's hit gives a
        strain token, a critical hit an ion token."""
        for face, token in (("hit", Token.STRAIN), ("crit", Token.ION)):
            game, tie = self.scene("3KR", face)
            game.answer("barrel_roll")
            game.answer("left")
            game.answer("middle")
            ship = game.state.ships[tie]
            assert ship.has(token) and "barrel_roll" in ship.actions_done, face

    def test_not_after_a_white_maneuver(self):
        """A white turn: no barrel roll is offered."""
        game, _ = self.scene("3TW", "hit")
        assert game.decision is None


# ---------------------------------------------------------------- Marg Sabl Closure
class TestMargSablClosure:
    def scene(self, asteroid):
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 200, 0), upgrades=["margsablclosure"])
        enemy = sc.ship("academypilot", player=2, at=(400, 560, 180))
        if asteroid:
            sc.obstacle("core2asteroid5", 400, 290)
        game = sc.game()
        load_dice(game, ["blank"])
        start_at(game, ExecuteManeuver(ship, "3FW"), phase="activation")
        return game, ship, enemy

    def test_through_an_obstacle_an_enemy_ahead_gains_a_strain_token(self):
        """The X-wing's 3 straight passes over an asteroid (it ends clear of it): the TIE
        ahead at range 2 gains a strain token."""
        game, _ship, enemy = self.scene(True)
        game.answer(enemy)
        assert game.state.ships[enemy].has(Token.STRAIN)

    def test_not_without_an_obstacle_on_the_way(self):
        """The same move over open space: nothing."""
        game, _, enemy = self.scene(False)
        assert game.decision is None and not game.state.ships[enemy].has(Token.STRAIN)


# ------------------------------------------------------------------------ Mercenary
class TestMercenary:
    def scene(self, carrier_at):
        """The X-wing's hit destroys a focused TIE with 2 damage cards; the carrier is
        another TIE of the same player."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 490, 180), tokens={"focus": 1},
                damage=[DamageCard("fuelleak", False, 1), DamageCard("fuelleak", False, 2)])
        carrier = sc.ship("academypilot", player=2, at=carrier_at, upgrades=["mercenary-swz103"])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        return game, carrier

    def test_the_destroyed_friends_green_token_comes_over(self):
        """At range 1 of the destroyed TIE the carrier takes its focus token."""
        game, carrier = self.scene((520, 490, 180))
        assert game.state.ships["p2.1"].destroyed
        assert game.state.ships[carrier].has(Token.FOCUS)

    def test_not_beyond_range_2(self):
        """The carrier is at range 3 of the destroyed TIE: its focus token stays."""
        game, carrier = self.scene((400, 800, 180))
        assert not game.state.ships[carrier].has(Token.FOCUS)


# ------------------------------------------------------------------------ Notorious
class TestNotorious:
    def test_after_defending_a_charge_strains_the_attacker_in_its_arc(self):
        """The TIE defends against the X-wing in front of it: a charge gives the X-wing a
        strain token."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        d = sc.ship("academypilot", player=2, at=(400, 490, 180), upgrades=["notorious"])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        game.answer("use")
        assert game.state.ships[a].has(Token.STRAIN)
        assert game.state.ships[d].charges["notorious"].active == 1

    def test_not_with_the_attacker_outside_its_firing_arc(self):
        """The TIE faces away from the X-wing: nothing."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 490, 0), upgrades=["notorious"])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert game.decision is None and not game.state.ships[a].has(Token.STRAIN)

    def test_attacking_a_strained_defender_reroll_a_blank(self):
        """A strained defender: a blank rerolled into a hit; unstrained: no reroll."""
        for strain, hits in ((1, "1 hit(s)"), (0, "0 hit(s)")):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["notorious"])
            sc.ship("academypilot", player=2, at=(400, 490, 180), tokens={"strain": strain})
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"])
            declare(game)
            if strain:
                pick(game, "Notorious")
            skip_dice(game)
            assert hits in neutralized(game), strain


# ------------------------------------------------------------------ Proud Tradition
class TestProudTradition:
    def test_focus_while_stressed_with_two_stress_tokens_at_most(self):
        """2 stress tokens: the focus action is offered (only it); 3: no action."""
        for stress, keys in ((2, ["focus", "pass"]), (3, None)):
            sc, ship = acting("proudtradition", tokens={"stress": stress})
            game = sc.at(PerformAction(ship, during_activation=True), phase="activation")
            assert (values(game) if game.decision else None) == keys, stress

    def test_after_attacking_stressed_the_defender_may_flip_it(self):
        """The stressed X-wing attacks: the TIE's player chooses to suffer a critical
        damage and the card flips to False Tradition."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["proudtradition"],
                    tokens={"stress": 1})
        d = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game)
        assert game.decision.player == 2
        assert set(values(game)) == {"suffer_crit", "decline"}   # the TIE has no focus token
        game.answer("suffer_crit")
        assert ("upgrade", "proudtradition", 1) in game.state.ships[a].cards
        assert [c.faceup for c in game.state.ships[d].damage] == [True]

    def test_not_after_attacking_unstressed(self):
        """The X-wing is not stressed: the defender is not asked."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["proudtradition"])
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert game.decision is None

    def test_false_tradition_makes_focus_actions_red(self):
        """Flipped: the focus action gives a stress token."""
        sc, ship = acting("proudtradition")
        game = sc.game()
        flip_upgrade(game, game.state.ships[ship], "proudtradition", 1)
        start_at(game, PerformAction(ship, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.state.ships[ship].stressed


# ------------------------------------------------------------------- Push the Limit
class TestPushTheLimit:
    def scene(self, code, **setup):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0),
                      upgrades=["pushthelimit-battleoverendor"], **setup)
        sc.ship("redsquadronveteran", player=2, at=(100, 800, 180))
        return sc.at(ExecuteManeuver(tie, code), phase="activation"), tie

    def test_after_a_red_maneuver_a_strain_token_replaces_the_stress(self):
        """After a red K-turn the TIE trades its stress token for a strain token."""
        game, tie = self.scene("3KR")
        game.answer("use")
        ship = game.state.ships[tie]
        assert ship.has(Token.STRAIN) and not ship.stressed

    def test_after_a_red_action(self):
        """A red barrel roll (granted): the stress becomes a strain token."""
        sc, ship = acting("pushthelimit-battleoverendor")
        game = sc.at(PerformAction(ship, True, grant=(ActionSpec("focus", "red", None, "x"),)),
                     phase="activation")
        game.answer("focus")
        game.answer("use")
        x = game.state.ships[ship]
        assert x.has(Token.STRAIN) and not x.stressed

    def test_not_while_strained_nor_after_a_white_maneuver(self):
        """Already strained after a red K-turn, or after a white turn: nothing."""
        for code, tokens in (("3KR", {"strain": 1}), ("3TW", {})):
            game, _tie = self.scene(code, tokens=tokens)
            assert game.decision is None, code


# -------------------------------------------------------------------- Silent Hunter
class TestSilentHunter:
    def scene(self, enemy_x):
        sc = Scene()
        tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["silenthunter-tiephphantom"],
                      tokens={"cloak": 1})
        enemy = sc.ship("redsquadronveteran", player=2, at=(enemy_x, 600, 180))
        game = sc.at(Decloak(tie), phase="system")
        game.answer("boost")
        return game, tie, enemy

    def test_after_decloaking_lock_an_enemy_in_the_bullseye(self):
        """The TIE decloaks with a boost; the X-wing straight ahead can be locked."""
        game, tie, enemy = self.scene(400)
        assert set(decision_of(game).option_keys()) == {enemy, "decline"}
        game.answer(enemy)
        assert game.state.ships[tie].locks == [enemy]

    def test_not_outside_the_bullseye(self):
        """The X-wing is off to the side (out of the bullseye arc): no lock."""
        game, tie, _ = self.scene(520)
        assert game.decision is None and game.state.ships[tie].locks == []


# --------------------------------------------------------------------- Squad Leader
class TestSquadLeader:
    def coordinated(self, upgrade):
        sc = Scene()
        leader = sc.ship("redsquadronveteran", at=(400, 300, 0),
                         upgrades=[upgrade] if upgrade else [])
        wing = sc.ship("academypilot", at=(500, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        grant = () if upgrade else (ActionSpec("coordinate", "red", None, "x"),)
        game = sc.at(PerformAction(leader, True, grant=grant), phase="activation")
        game.answer("coordinate")
        game.answer(wing)
        return values(game)

    def test_the_coordinated_ship_only_performs_actions_of_its_leaders_bar(self):
        """The TIE (focus, evade, barrel roll) may not evade: the X-wing has no evade."""
        assert set(self.coordinated("squadleader")) == {"focus", "barrel_roll", "pass"}

    def test_without_the_card_any_action(self):
        """A coordinate without Squad Leader lets the TIE evade."""
        assert "evade" in self.coordinated(None)


# ------------------------------------------------------------------ Starbird Slash
class TestStarbirdSlash:
    def scene(self, enemy_heading, enemy_x=400):
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 200, 0), upgrades=["starbirdslash"])
        enemy = sc.ship("academypilot", player=2, at=(enemy_x, 300, enemy_heading))
        game = sc.at(ExecuteManeuver(ship, "4FW"), phase="activation")
        return game, ship, enemy

    def test_the_enemy_moved_through_gains_a_strain_token(self):
        """The X-wing flies over a TIE that faces sideways: the TIE gains a strain token,
        the X-wing (outside its firing arc) none."""
        game, ship, enemy = self.scene(90)
        game.answer(enemy)
        ships = game.state.ships
        assert ships[enemy].has(Token.STRAIN) and not ships[ship].has(Token.STRAIN)

    def test_ending_in_its_firing_arc_costs_a_strain_token_too(self):
        """The TIE faces the X-wing's final position: the X-wing gains a strain token too."""
        game, ship, enemy = self.scene(0)
        game.answer(enemy)
        assert game.state.ships[ship].has(Token.STRAIN)

    def test_not_without_moving_through_an_enemy(self):
        """The TIE sits beside the X-wing's path: nothing."""
        game, _, enemy = self.scene(90, enemy_x=520)
        assert game.decision is None and not game.state.ships[enemy].has(Token.STRAIN)


# ------------------------------------------------------------------ Stealth Gambit
class TestStealthGambit:
    def scene(self, dice):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        tie = sc.ship("academypilot", at=(480, 300, 0),
                      upgrades=["stealthgambit-tiephphantom"], tokens={"cloak": 1})
        sc.ship("academypilot", player=2, at=(440, 490, 180))
        game = engage(sc, a, dice, ["blank"] * 3)
        declare(game)
        return game, tie

    def test_a_friends_hit_lets_it_decloak_and_attack(self):
        """The X-wing hits the TIE in the cloaked ship's front arc: it gains a strain
        token, loses its cloak token and declares a bonus primary attack."""
        game, tie = self.scene(["hit", "blank", "blank"])
        game.answer("use")
        ship = game.state.ships[tie]
        assert ship.has(Token.STRAIN) and not ship.cloaked
        assert decision_of(game, "bonus_attack").ship == tie

    def test_not_after_a_miss(self):
        """The X-wing misses: the cloaked TIE stays cloaked."""
        game, tie = self.scene(["blank"] * 3)
        assert game.decision is None and game.state.ships[tie].cloaked

    def test_strained_at_the_end_of_the_engagement_phase_gain_an_evade(self):
        """A strained ship gains an evade token at the end of the Engagement Phase; an
        unstrained one does not."""
        for strain in (1, 0):
            sc, ship = acting("stealthgambit-tiephphantom", tokens={"strain": strain})
            game = sc.at(FireWindow.of("end_engagement"))
            assert game.state.ships[ship].has(Token.EVADE) == bool(strain)


# ------------------------------------------------------- talents that place devices
def _bomber(upgrades, at=(400, 300, 0)):
    sc = Scene()
    me = sc.ship("graysquadronbomber", at=at, upgrades=list(upgrades))
    return sc, me


class TestSwiftApproach:
    def test_a_white_boost_after_dropping_a_bomb_even_stressed(self):
        """A stressed B-wing drops a proton bomb in the System Phase: Swift Approach lets
        it perform a white boost (its bar has none), which it could not otherwise."""
        from tallon.engine.rounds import SystemTurn

        sc, me = _bomber(["swiftapproach-swz98", "protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        game.state.ships[me].tokens[Token.STRESS] = 1
        start_at(game, SystemTurn(me), phase="system")
        game.answer("1F")
        assert game.decision.kind == "use_ability"
        assert "boost" in game.decision.option_keys()
        game.answer("boost")
        if game.decision.kind == "perform_action":
            game.answer("boost")
        game.answer("straight")
        # the [1 straight] at the front guides, the base beyond it: 40 + 40 mm ahead
        assert game.state.ships[me].body.pose.y == 300 + 80

    def test_not_without_a_device_placed(self):
        """No device dropped (declined): nothing is offered."""
        from tallon.engine.rounds import SystemTurn

        sc, me = _bomber(["swiftapproach-swz98", "protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        game.answer("decline")
        assert game.decision is None


class TestTopCover:
    def _defended(self, defender_at, placed=None):
        sc, me = _bomber(["topcover-swz98", "proximitymines"])
        friend = sc.ship("graysquadronbomber", at=defender_at)
        enemy = sc.ship("academypilot", player=2, at=(700, 800, 180))
        game = sc.game()
        game.state.ships[me].device_placed = placed
        start_at(game, FireWindow.of("after_defend", attacker=enemy, defender=friend,
                                     hit=False, primary=True, weapon="primary:front",
                                     bonus=False), phase="engagement")
        return game, me

    def test_launches_a_device_after_a_friend_at_range_1_defends(self):
        """A friendly B-wing 50 mm to the side defends: the ship may launch its proximity
        mine with a [3 bank] or [3 straight] template (from its front guides)."""
        game, _me = self._defended((460, 300, 0))
        keys = game.decision.option_keys()
        assert "proximitymines@launch:3F" in keys
        game.answer("proximitymines@launch:3F")
        mine = game.state.devices[0]
        assert mine.pose.y == 300 + 20 + 120

    def test_not_for_a_friend_at_range_2_nor_after_placing_a_device(self):
        """A friend 150 mm away defends; or one beside it after it dropped a device this
        round: nothing is offered."""
        for at, placed in (((610, 300, 0), None), ((460, 300, 0), (1, "system"))):
            game, _ = self._defended(at, placed)
            assert game.decision is None or game.decision.kind != "launch_device"

    def test_ignores_friendly_devices(self):
        """The Top Cover ship flies over its own proximity mine: it does not detonate; an
        enemy mine would."""
        from tallon.engine.rounds import Activate
        from tests.rules.device_helpers import put

        for owner, expected in ((1, 1), (2, 0)):
            sc, me = _bomber(["topcover-swz98"])
            sc.ship("academypilot", player=2, at=(100, 800, 180))
            game = sc.game()
            put(game, "proximitymines", (400, 360, 0), owner=owner)
            game.state.ships[me].dial_set = "3F"
            load_dice(game, ["blank", "blank"])
            start_at(game, Activate(me), phase="activation")
            while game.decision is not None:
                game.answer("pass" if "pass" in game.decision.option_keys()
                            else game.decision.option_keys()[0])
            assert len(game.state.devices) == expected


class TestPartingGift:
    def test_drops_a_bomb_when_destroyed(self):
        """Destroyed, before being removed, the B-wing may spend a charge of Proton Bombs
        to drop or launch a bomb with a [1 bank] or [1 straight] template."""
        sc, me = _bomber(["partinggift-battleoverendor", "protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, FireWindow.of("after_destroyed", ship=me), phase="engagement")
        keys = game.decision.option_keys()
        assert {"protonbombs@1F", "protonbombs@launch:1B", "protonbombs@1N"} <= set(keys)
        game.answer("protonbombs@launch:1F")
        assert game.state.devices[0].pose.y == 300 + 20 + 40
        assert game.state.ships[me].charges["protonbombs"].active == 1

    def test_only_for_its_own_ship(self):
        """Another ship destroyed: nothing is offered."""
        sc, _me = _bomber(["partinggift-battleoverendor", "protonbombs"])
        tie = sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, FireWindow.of("after_destroyed", ship=tie), phase="engagement")
        assert game.decision is None


# ------------------------------------------------------------------ Feedback Ping
def _pinging(upgrades=("feedbackping",), mine_owner=None, mine_at=(470, 610, 90),
             chaff_by=None, chaff_at=(470, 600, 90), remote_at=None):
    """Player 1's TIE at (400, 60) (with ``upgrades``); player 2's TIE at (400, 700)
    facing -y is about to execute [1 straight] and end at (400, 620), beyond range 3 of
    it. Optionally a mine of ``mine_owner`` (its guides' edge at ``mine_at``: 50 mm beside
    the enemy's final position, range 1, off its path), an electro-chaff cloud dropped by
    ``chaff_by``'s ship at ``chaff_at``, or a buzz droid swarm of player 1."""
    sc = Scene()
    sc.ship("academypilot", at=(400, 60, 0), upgrades=list(upgrades))
    sc.ship("academypilot", player=2, at=(400, 700, 180))
    if remote_at is not None:
        sc.remote("discordmissiles", player=1, at=remote_at)
    game = sc.game()
    s = game.state
    if mine_owner is not None:
        s.devices_placed += 1
        s.devices.append(PlacedDevice("proximitymine-1", "proximitymines", "proximitymine",
                                      "mine", mine_owner, Pose(*mine_at), "mine"))
        s.moved()
    if chaff_by is not None:
        place_obstacle(game, "electrochaffcloud", Pose(*chaff_at), 1, "drops", "", chaff_by)
    s.ships["p2.1"].dial_set = "1FW"
    start_at(game, Activate("p2.1"), phase="activation")
    return game


def _asked(game) -> list[tuple[str, str | None]]:
    """Pass on everything to the end of the scene; the (kind, ship) of each decision."""
    seen = []
    while game.decision is not None:
        d = game.decision
        seen.append((d.kind, d.ship))
        game.answer("decline" if d.find("decline") is not None else
                    "pass" if d.find("pass") is not None else d.options[0].key)
    return seen


class TestFeedbackPing:
    def test_a_maneuver_near_a_friendly_mine_allows_a_lock_at_any_range(self):
        """Feedback Ping: the enemy executes a maneuver and ends at range 1 of player 1's
        mine; player 1's ship may acquire a lock on it, ignoring range (it is beyond range
        3)."""
        game = _pinging(mine_owner=1)
        pass_until(game, "use_ability", "p1.1")
        game.answer("use")
        assert game.state.ships["p1.1"].locks == ["p2.1"]

    def test_without_the_card_no_lock(self):
        """The same maneuver near the same mine: without the card nothing is offered."""
        game = _pinging(upgrades=(), mine_owner=1)
        assert ("use_ability", "p1.1") not in _asked(game)
        assert game.state.ships["p1.1"].locks == []

    def test_an_enemy_mine_is_no_friendly_device(self):
        """The mine is the enemy's (player 2's): not a friendly device, nothing offered."""
        game = _pinging(mine_owner=2)
        assert ("use_ability", "p1.1") not in _asked(game)

    def test_a_mine_beyond_range_1_does_not_count(self):
        """Player 1's mine is 150 mm from the enemy's final position (range 2): nothing."""
        game = _pinging(mine_owner=1, mine_at=(570, 610, 90))
        assert ("use_ability", "p1.1") not in _asked(game)

    def test_a_friendly_remote_is_a_device(self):
        """Player 1's buzz droid swarm (a remote, a device) lies at range 1 of the enemy's
        final position: the lock is offered."""
        game = _pinging(remote_at=(470, 610, 90))
        assert ("use_ability", "p1.1") in _asked(game)

    def test_a_friendly_electro_chaff_cloud_is_a_device(self):
        """An electro-chaff cloud (a device and an obstacle) dropped by player 1's ship:
        the engine keeps its controller while a card asks (hook device_controllers), so
        it is a friendly device; one dropped by player 2's ship is not."""
        game = _pinging(chaff_by="p1.1")
        assert game.state.obstacle_owners == {"electrochaffcloud-1": 1}
        assert ("use_ability", "p1.1") in _asked(game)
        game = _pinging(chaff_by="p2.1")
        assert ("use_ability", "p1.1") not in _asked(game)

    def test_without_the_card_no_controller_is_kept(self):
        """No card asks: the cloud's controller is not recorded (state hashes of other
        games stay as they were)."""
        game = _pinging(upgrades=(), chaff_by="p1.1")
        assert game.state.obstacle_owners == {}
        assert "obstacle_owners" not in game.snapshot()
