"""Crew upgrades, 0-0-0 to Commander Pyre (tallon.cards.upgrades.crew_a). Scenes on generic
carriers (the engine checks no slots in scenes): Red Squadron Veterans (T-65, initiative 3,
2 shields, agility 2), Academy Pilots (TIE/ln, initiative 1, agility 3). Player 1 sits at
y = 0 facing +y; a ship straight ahead is in the bullseye arc; bases 40 / 150 / 210 mm apart
(centres at y 380 / 490 / 550 from one at y 300) are at range 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.conditions import has_condition
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, faces, load_dice
from tests.cards.helpers import (
    Hurt,
    engage,
    finish,
    offered,
    offers,
    pass_until,
    pick,
    skip_dice,
    values,
)

Y = {0: 340.0, 1: 380.0, 2: 490.0, 3: 550.0}


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def duel(upgrades=(), range_=2, x=400.0, attacker="redsquadronveteran",
         defender="academypilot", defender_up=(), heading=180.0, **setup):
    sc = Scene()
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(x, Y[range_], heading), upgrades=list(defender_up))
    return sc, a, d


# ---------------------------------------------------------------------------- 0-0-0
class Test000:
    def scene(self, range_=1):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["000"])
        enemy = sc.ship("academypilot", player=2, at=(400, Y[range_], 180))
        return sc.at(StartEngagement()), me, enemy

    def test_the_enemy_chooses_stress_or_the_ship_gains_calculate(self):
        """An enemy at range 1 at the start of the Engagement Phase: 0-0-0 chooses it; its
        player picks the stress token (first game) or lets 0-0-0's ship gain a calculate
        token (second game)."""
        for answer, stressed, calculating in (("stress", True, False),
                                              ("calculate", False, True)):
            game, me, enemy = self.scene()
            assert set(values(game)) == {enemy, "decline"}
            game.answer(enemy)
            assert game.decision.player == 2 and game.decision.kind == "use_ability"
            game.answer(answer)
            assert game.state.ships[enemy].stressed is stressed
            assert game.state.ships[me].has(Token.CALCULATE) is calculating

    def test_not_at_range_2(self):
        """The only enemy is at range 2: nothing to choose, no question."""
        game, me, _enemy = self.scene(range_=2)
        assert game.decision is None
        assert not game.state.ships[me].has(Token.CALCULATE)


# ---------------------------------------------------------------------- Aayla Secura
class TestAaylaSecura:
    def scene(self, x_enemy=400.0, friend_x=480.0):
        """Aayla's T-65 at (400, 300); an enemy TIE ahead (bullseye) at range 2 attacks a
        friendly T-65 beside Aayla."""
        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["aaylasecura"])
        friend = sc.ship("redsquadronveteran", at=(friend_x, 300, 0), focus=1)
        enemy = sc.ship("academypilot", player=2, at=(x_enemy, 490, 180))
        game = engage(sc, enemy, ["hit", "hit", "blank"], ["blank", "blank"])
        declare(game, friend)
        return game, friend

    def test_the_friendly_defender_turns_a_blank_into_a_focus(self):
        """The focused defender rolls 2 blanks against 2 hits; Aayla's card turns one into a
        focus result, which its focus token turns into an evade: 1 hit lands, not 2."""
        game, friend = self.scene()
        skip_dice(game, "modify_defense_dice", friend)
        assert offers(game, "aaylasecura")
        pick(game, "Aayla")
        pick(game, "Spend focus")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_when_the_attacker_is_outside_the_bullseye(self):
        """The enemy is ahead but off Aayla's bullseye arc: no offer."""
        game, friend = self.scene(x_enemy=520.0, friend_x=600.0)
        skip_dice(game, "modify_defense_dice", friend)
        assert not offers(game, "aaylasecura")


# -------------------------------------------------------------------- Admiral Sloane
class TestAdmiralSloane:
    def test_reroll_against_a_stressed_defender(self):
        """A friendly T-65 attacks a stressed TIE: Sloane's card (on the other T-65 at range
        1) lets it reroll a blank into a hit, 2 hits instead of 1."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        sc.ship("redsquadronveteran", at=(480, 300, 0), upgrades=["admiralsloane"])
        sc.ship("academypilot", player=2, at=(400, 490, 180), stress=1)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game)
        pick(game, "Admiral Sloane")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_no_reroll_against_an_unstressed_defender(self):
        sc, a, _ = duel(["admiralsloane"])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None and "1 hit(s)" in neutralized(game)

    def test_a_friend_destroyed_stresses_the_attacker(self):
        """An enemy destroys a 1-hull friend at range 1 of Sloane's ship: the attacker gains
        2 stress tokens; when the friend survives, none."""
        for hull_left, stress in ((1, 2), (3, 0)):
            sc = Scene()
            sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["admiralsloane"])
            friend = sc.ship("academypilot", at=(480, 300, 0), hull=hull_left)
            enemy = sc.ship("academypilot", player=2, at=(480, 490, 180))
            game = engage(sc, enemy, ["hit", "blank"], ["blank"] * 3)
            declare(game, friend)
            finish(game)
            assert game.state.ships[enemy].count(Token.STRESS) == stress


# ---------------------------------------------------------------------- Agent Kallus
class TestAgentKallus:
    def test_setup_assigns_hunted_to_an_enemy(self):
        """After placing forces the card assigns Hunted to an enemy ship (the scene's setup
        picks the first offered: the only enemy)."""
        sc, a, d = duel(["agentkallus"])
        game = sc.game()
        assert has_condition(game.state.ships[d], "hunted")
        assert not has_condition(game.state.ships[a], "hunted")

    def test_focus_to_hit_against_the_hunted_ship(self):
        """Against the Hunted ship a focus becomes a hit: 1 hit instead of none; a second
        enemy without Hunted gets no such offer."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["agentkallus"])
        hunted = sc.ship("academypilot", player=2, at=(400, 490, 180))
        other = sc.ship("academypilot", player=2, at=(300, 490, 180))
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        assert has_condition(game.state.ships[hunted], "hunted")
        assert not has_condition(game.state.ships[other], "hunted")
        declare(game, hunted)
        pick(game, "Agent Kallus")
        assert "1 hit(s)" in neutralized(game)

    def test_no_offer_against_another_ship(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["agentkallus"])
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        other = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = sc.game()
        # the first enemy (far away) was hunted
        assert has_condition(game.state.ships["p2.1"], "hunted")
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game, other)
        assert not offers(game, "agentkallus")


# ---------------------------------------------------------------------- Agent Terex
class TestAgentTerex:
    def test_gives_calculate_tokens_then_flips(self):
        """Three Engagement Phases in a row the card gives a calculate token to a friendly
        ship at range 0-3; after the third it flips to its Cyborg side."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["agentterex"])
        friend = sc.ship("redsquadronveteran", at=(480, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        game = sc.at(StartEngagement())
        for k in range(3):
            if k:
                game = _rerun(game, StartEngagement())
            assert set(values(game)) == {me, friend, "decline"}
            game.answer(friend)
            assert game.state.ships[friend].count(Token.CALCULATE) == k + 1
        assert ("upgrade", "agentterex", 1) in game.state.ships[me].cards
        game = _rerun(game, StartEngagement())
        assert game.decision is None  # the Cyborg side gives nothing here

    def test_cyborg_rolls_in_the_system_phase(self):
        """Cyborg side: a hit gains a calculate token, a blank a jam token."""
        from tallon.engine.rounds import SystemTurn

        for face, token in (("hit", Token.CALCULATE), ("blank", Token.JAM)):
            sc = Scene()
            me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["agentterex"])
            sc.ship("academypilot", player=2, at=(100, 800, 180))
            game = sc.game()
            from tallon.engine.effects import flip_upgrade
            flip_upgrade(game, game.state.ships[me], "agentterex", 1)
            load_dice(game, [face])
            from tallon.scene import start_at
            start_at(game, SystemTurn(me), phase="system")
            finish(game)
            assert game.state.ships[me].has(token), face

    def test_cyborg_action_transfers_a_token(self):
        """Action: the calculate token moves to the only other ship at range 0-3 (the one
        choice is taken without asking); with no calculate or jam token, no such action."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["agentterex"])
        enemy = sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = sc.game()
        from tallon.engine.effects import flip_upgrade
        flip_upgrade(game, game.state.ships[me], "agentterex", 1)
        game.state.ships[me].tokens[Token.CALCULATE] = 1
        from tallon.scene import start_at
        start_at(game, PerformAction(me, during_activation=True), phase="activation")
        assert "agentterex" in values(game)
        game.answer("agentterex")
        assert game.state.ships[enemy].has(Token.CALCULATE)
        assert not game.state.ships[me].has(Token.CALCULATE)
        game.state.ships[me].actions_done.clear()
        start_at(game, PerformAction(me, during_activation=True), phase="activation")
        assert "agentterex" not in values(game)


def _rerun(game, step):
    from tallon.scene import start_at

    start_at(game, step)
    return game


# ---------------------------------------------------------------- Ahsoka Tano (crew)
class TestAhsokaTanoCrew:
    def scene(self, friend_y=150.0, force=1):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["ahsokatano-crew"],
                     force=force)
        friend = sc.ship("redsquadronveteran", at=(400, friend_y, 0), stress=1)
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return sc, me, friend

    def test_a_stressed_friend_behind_performs_a_red_focus(self):
        """After a full maneuver, a stressed friend at range 1 in the full rear arc may,
        for 1 Force, perform a red focus action: it gains a focus and a second stress."""
        sc, me, friend = self.scene()
        game = sc.at(ExecuteManeuver(me, "1FW"), phase="activation")
        pass_until(game, "use_ability")
        assert set(values(game)) >= {friend, "decline"}
        game.answer(friend)
        assert values(game) == ["focus", "pass"]
        game.answer("focus")
        ship = game.state.ships[friend]
        assert ship.has(Token.FOCUS) and ship.count(Token.STRESS) == 2
        assert game.state.ships[me].force == 0

    def test_not_without_force_nor_ahead(self):
        """No Force, or the friend in front: no offer."""
        for friend_y, force in ((150.0, 0), (600.0, 1)):
            sc, me, friend = self.scene(friend_y, force)
            game = sc.at(ExecuteManeuver(me, "1FW"), phase="activation")
            assert not offered(game, friend)


# ---------------------------------------------------------------------- Amilyn Holdo
class TestAmilynHoldo:
    def test_tokens_cross_both_ways(self):
        """Before engaging, Holdo's ship gives its focus token to a friend at range 1 (which
        has none) and takes back the friend's evade token."""
        from tallon.engine.attack import Engage

        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["amilynholdo"],
                     focus=1)
        friend = sc.ship("redsquadronveteran", at=(480, 300, 0), evade=1)
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(Engage(me))
        game.answer(friend)
        assert set(values(game)) == {"focus", "none"}
        game.answer("focus")
        # the friend now has focus and evade, Holdo's ship neither
        assert set(values(game)) == {"focus", "evade", "none"}
        game.answer("evade")
        ships = game.state.ships
        assert ships[friend].has(Token.FOCUS) and not ships[friend].has(Token.EVADE)
        assert ships[me].has(Token.EVADE) and not ships[me].has(Token.FOCUS)

    def test_not_a_type_the_friend_already_has(self):
        """The friend has a focus token: the focus can't go to it (only 'none' is left, and
        the question is skipped); nor is any ship beyond range 2 offered."""
        from tallon.engine.attack import Engage

        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["amilynholdo"],
                     focus=1)
        friend = sc.ship("redsquadronveteran", at=(480, 300, 0), focus=1)
        far = sc.ship("redsquadronveteran", at=(800, 300, 0))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(Engage(me))
        assert far not in values(game)
        game.answer(friend)
        assert game.state.ships[me].has(Token.FOCUS)
        assert game.decision is None or game.decision.kind != "use_ability" or \
            "focus" not in values(game)


# -------------------------------------------------------------------- Bo-Katan Kryze
class TestBoKatanKryze:
    def test_reroll_at_range_1(self):
        """At range 1 a blank is rerolled into a hit: 2 hits instead of 1."""
        sc, a, _ = duel(["bokatankryze"], range_=1)
        game = engage(sc, a, ["hit", "blank", "blank", "blank"], ["blank"] * 3,
                      rerolls=["hit"])
        declare(game)
        pick(game, "Bo-Katan")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_at_range_2(self):
        sc, a, _ = duel(["bokatankryze"], range_=2)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None


class TestBoKatanKryzeRebelScum:
    def scene(self, hull):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["bokatankryze-rebel-scum"], stress=1)
        friend = sc.ship("redsquadronveteran", at=(480, 300, 0), strain=1)
        d = sc.ship("academypilot", player=2, at=(400, 490, 180), hull=hull)
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, d)
        return game, a, friend

    def test_after_destroying_the_defender_friends_shed_a_token(self):
        """The attack destroys the defender: the attacker removes its stress token and the
        friend at range 1 its strain token."""
        game, a, friend = self.scene(hull=1)
        skip_dice(game, "use_ability")
        assert set(values(game)) == {"token:stress", "decline"}
        game.answer("token:stress")
        assert set(values(game)) == {"token:strain", "decline"}
        game.answer("token:strain")
        assert not game.state.ships[a].stressed
        assert not game.state.ships[friend].has(Token.STRAIN)

    def test_not_when_the_defender_survives(self):
        game, a, _friend = self.scene(hull=3)
        finish(game)
        assert game.state.ships[a].stressed


# ------------------------------------------------------------------------- Cad Bane
class TestCadBane:
    def test_a_red_boost_after_dropping_a_bomb(self):
        """After dropping a proton bomb the ship may boost (red: it gains a stress token);
        without Cad Bane no boost is offered."""
        from tallon.engine.rounds import SystemTurn
        from tallon.scene import start_at

        for crew, boosted in ((["cadbane"], True), ([], False)):
            sc = Scene()
            me = sc.ship("redsquadronveteran", at=(400, 300, 0),
                         upgrades=["protonbombs", *crew])
            sc.ship("academypilot", player=2, at=(100, 850, 180))
            game = sc.game()
            start_at(game, SystemTurn(me), phase="system")
            assert game.decision.kind == "launch_device"
            game.answer(next(k for k in values(game) if k != "decline"))
            if boosted:
                pass_until(game, "use_ability")
                game.answer("act")
                assert "boost" in values(game)
                game.answer("boost")
                pass_until(game, "boost_direction")
                game.answer("straight")
                finish(game)
                assert game.state.ships[me].stressed
            else:
                assert game.decision is None or game.decision.kind != "use_ability"


# --------------------------------------------------------------------- Captain Hark
class TestCaptainHark:
    def test_focus_after_a_red_maneuver(self):
        """A fully executed red K-turn: spend 1 charge to gain 1 focus token; a white
        maneuver offers nothing."""
        for code, focused in (("4KR", True), ("2FW", False)):
            sc = Scene()
            me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["captainhark"])
            sc.ship("academypilot", player=2, at=(100, 850, 180))
            game = sc.at(ExecuteManeuver(me, code), phase="activation")
            if focused:
                game.answer("use")
            assert game.state.ships[me].has(Token.FOCUS) is focused, code
            assert game.state.ships[me].charges["captainhark"].active == (1 if focused else 2)

    def test_not_while_focused(self):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["captainhark"],
                     focus=1)
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(ExecuteManeuver(me, "4KR"), phase="activation")
        assert game.decision is None


# ------------------------------------------------------------------- Captain Phasma
class TestCaptainPhasma:
    def test_unstressed_enemies_nearby_gain_stress(self):
        """End of the Engagement Phase: the unstressed enemy at range 1 gains a stress
        token, the already stressed one keeps 1, the one at range 3 none."""
        from tallon.scene import start_at

        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["captainphasma"])
        near = sc.ship("academypilot", player=2, at=(400, 380, 180))
        stressed = sc.ship("academypilot", player=2, at=(480, 380, 180), stress=1)
        far = sc.ship("academypilot", player=2, at=(400, 560, 180))
        game = sc.game()
        from tallon.engine.queue import FireWindow
        start_at(game, FireWindow.of("end_engagement"))
        ships = game.state.ships
        assert ships[near].count(Token.STRESS) == 1
        assert ships[stressed].count(Token.STRESS) == 1
        assert ships[far].count(Token.STRESS) == 0


# ----------------------------------------------------------------------- Chewbacca
class TestChewbacca:
    def test_two_charges_repair_a_faceup_card(self):
        """Start of the Engagement Phase: 2 charges repair the faceup Blinded Pilot (it is
        flipped facedown)."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chewbacca"],
                     damage=(DamageCard("blindedpilot", True, 1),))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(StartEngagement())
        game.answer("1")
        ship = game.state.ships[me]
        assert not ship.damage[0].faceup and ship.charges["chewbacca"].active == 0

    def test_not_with_one_charge_or_only_facedown_cards(self):
        for charges, faceup in ((1, True), (2, False)):
            sc = Scene()
            sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chewbacca"],
                    charges={"chewbacca": charges},
                    damage=(DamageCard("blindedpilot", faceup, 1),))
            sc.ship("academypilot", player=2, at=(100, 850, 180))
            assert sc.at(StartEngagement()).decision is None


class TestChewbaccaBattleOfYavin:
    def test_focus_after_an_evade_action(self):
        """After an evade action (granted here: the T-65 has none on its bar): may gain 1
        focus token."""
        from tallon.cards.acting import granted

        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0),
                     upgrades=["chewbacca-battleofyavin"])
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(me, True, grant=(granted("evade", "white", "test"),)),
                     phase="activation")
        game.answer("evade")
        game.answer("use")
        assert game.state.ships[me].has(Token.FOCUS)

    def test_not_after_a_focus_action(self):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0),
                     upgrades=["chewbacca-battleofyavin"])
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        game.answer("focus")
        assert game.decision is None
        assert game.state.ships[me].count(Token.FOCUS) == 1


class TestChewbaccaCrew:
    def test_a_focus_token_repairs_a_faceup_card(self):
        """Start of the End Phase: spend the focus token to flip Blinded Pilot facedown."""
        from tallon.engine.queue import FireWindow

        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chewbacca-crew"],
                     focus=1, damage=(DamageCard("blindedpilot", True, 1),))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(FireWindow.of("start_end_phase"), phase="end")
        game.answer("1")
        ship = game.state.ships[me]
        assert not ship.damage[0].faceup and not ship.has(Token.FOCUS)

    def test_not_without_a_focus_token(self):
        from tallon.engine.queue import FireWindow

        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chewbacca-crew"],
                damage=(DamageCard("blindedpilot", True, 1),))
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        assert sc.at(FireWindow.of("start_end_phase"), phase="end").decision is None


class TestChewbaccaResistance:
    def test_setup_loses_a_charge(self):
        """Setup: 1 of the 2 charges is lost once the ship is placed."""
        sc, a, _ = duel(["chewbacca-crew-swz19"])
        game = sc.game()
        assert game.state.ships[a].charges["chewbacca-crew-swz19"].active == 1

    def test_a_friend_dealt_a_card_recovers_a_charge(self):
        """A friendly ship at range 1 is dealt a damage card: 1 charge back; an enemy
        dealt one: none."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["chewbacca-crew-swz19"])
        friend = sc.ship("academypilot", at=(480, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, 380, 180))
        game = sc.game()
        from tallon.scene import start_at
        start_at(game, Hurt(enemy))
        assert game.state.ships[me].charges["chewbacca-crew-swz19"].active == 1
        start_at(game, Hurt(friend))
        assert game.state.ships[me].charges["chewbacca-crew-swz19"].active == 2

    def test_two_charges_change_a_focus_into_a_crit(self):
        sc, a, _ = duel(["chewbacca-crew-swz19"])
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        assert not offers(game, "chewbacca-crew-swz19")
        game.state.ships[a].charges["chewbacca-crew-swz19"].active = 2
        declare(game)
        pick(game, "Chewbacca")
        assert "0 hit(s), 1 critical" in neutralized(game)

    def test_no_offer_with_one_charge(self):
        sc, a, _ = duel(["chewbacca-crew-swz19"])
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None and "0 hit(s), 0 critical" in neutralized(game)


# ---------------------------------------------------------------- Commander Malarus
class TestCommanderMalarus:
    def attack(self, rerolled, defense):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        sc.ship("redsquadronveteran", at=(480, 300, 0), upgrades=["commandermalarus"])
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "blank", "blank"], defense, rerolls=[rerolled])
        declare(game)
        return game

    def test_a_friend_rerolls_a_blank_and_a_hit_keeps_the_card(self):
        """The friendly attacker rerolls a blank into a hit: 2 hits, the attack hits and the
        card stays faceup."""
        game = self.attack("hit", ["blank"] * 3)
        pick(game, "Commander Malarus")
        skip_dice(game)
        finish(game)
        assert "2 hit(s)" in neutralized(game)
        assert ("upgrade", "commandermalarus", 0) in game.state.ships["p1.2"].cards

    def test_a_rerolled_attack_that_misses_flips_it(self):
        """The reroll used and the attack evaded: the card flips to its Perfected side."""
        game = self.attack("blank", ["evade", "blank", "blank"])
        pick(game, "Commander Malarus")
        finish(game)
        assert ("upgrade", "commandermalarus", 1) in game.state.ships["p1.2"].cards

    def test_a_miss_without_the_reroll_keeps_it(self):
        game = self.attack("blank", ["evade", "blank", "blank"])
        finish(game)
        assert ("upgrade", "commandermalarus", 0) in game.state.ships["p1.2"].cards

    def test_not_for_a_limited_ship(self):
        """Luke Skywalker (limited) gets no reroll."""
        sc = Scene()
        a = sc.ship("lukeskywalker", at=(400, 300, 0))
        sc.ship("redsquadronveteran", at=(480, 300, 0), upgrades=["commandermalarus"])
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert not offers(game, "commandermalarus")

    def test_perfected_converts_focus_stresses_and_hurts(self):
        """Perfected side, defender in the bullseye, one stress token already: the focus
        results must become hits (2 hits), it gains a stress token and, with 2, suffers 1
        damage."""
        sc, a, _ = duel(["commandermalarus"], stress=1)
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 3)
        from tallon.engine.effects import flip_upgrade
        flip_upgrade(game, game.state.ships[a], "commandermalarus", 1)
        declare(game)
        assert "done" not in values(game)  # mandatory
        pick(game, "Commander Malarus")
        finish(game)
        assert "2 hit(s)" in neutralized(game)
        ship = game.state.ships[a]
        assert ship.count(Token.STRESS) == 2 and ship.shields == 1

    def test_perfected_not_outside_the_bullseye(self):
        sc, a, _ = duel(["commandermalarus"], x=470.0)
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 3)
        from tallon.engine.effects import flip_upgrade
        flip_upgrade(game, game.state.ships[a], "commandermalarus", 1)
        declare(game)
        assert not offers(game, "commandermalarus")


# ------------------------------------------------------------------ Commander Pyre
class TestCommanderPyre:
    def test_setup_stresses_an_enemy(self):
        sc, _a, d = duel(["commanderpyre"])
        game = sc.game()
        assert game.state.ships[d].count(Token.STRESS) == 2

    def test_reroll_a_defense_die_against_a_stressed_attacker(self):
        """The stressed TIE attacks Pyre's ship: a blank defense die becomes an evade, no
        hit lands instead of 1; against an unstressed attacker no offer."""
        for stress, offered_, result in ((1, True, "0 hit(s)"), (0, False, "1 hit(s)")):
            sc = Scene()
            d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["commanderpyre"])
            a = sc.ship("academypilot", player=2, at=(400, 490, 180))
            game = sc.game()
            game.state.ships[a].tokens[Token.STRESS] = stress
            from tallon.engine.attack import Engage
            from tallon.scene import start_at
            start_at(game, Engage(a))
            load_dice(game, ["hit", "blank"], ["blank", "blank"],
                      then=faces(DieKind.DEFENSE, ["evade"]))
            declare(game, d)
            skip_dice(game, "modify_defense_dice", d)
            assert offers(game, "commanderpyre") is offered_
            if offered_:
                pick(game, "Commander Pyre")
            skip_dice(game)
            assert result in neutralized(game)

