"""Crew upgrades, Plo Koon to Unkar Plutt (tallon.cards.upgrades.crew_d). Scenes on
generic carriers: Academy Pilots (TIE/ln, initiative 1, no shields) and Red Squadron
Veterans (T-65, 2 shields). Player 1 sits at y = 0 facing +y; a ship 40 / 150 / 210 mm
ahead of another's base is at range 1 / 2 / 3; a ship 80 mm to the side is at range 1 in
its left or right arc."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, StartEndPhase, StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import Give, activation, engage, offers, pass_all, skip_dice, values

TIE, XWING = "academypilot", "redsquadronveteran"


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind == "declare_attack", game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def end_phase(sc: Scene):
    """The scene at the start of its End Phase (the engine's own steps)."""
    return sc.at(StartEndPhase(), FireWindow.of("end_phase"), phase="end")


def ability_offered(game) -> bool:
    return game.decision is not None and game.decision.kind == "use_ability"


# ---------------------------------------------------------------------- Plo Koon
class TestPloKoon:
    def scene(self, upgrades=("plokoon",), reinforce=1, friend_at=(480, 300, 0), **friend):
        sc = Scene()
        plo = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades),
                      tokens={"reinforce_fore": reinforce})
        mate = sc.ship(TIE, at=friend_at, **friend)
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc, plo, mate

    def test_a_friend_beside_removes_a_strain_token(self):
        """Reinforced at the start of the End Phase, a friend at range 1 in the side arc
        may remove 1 strain token (which the End Phase would not remove)."""
        sc, _, mate = self.scene(strain=1)
        game = end_phase(sc)
        assert "p1.2:strain" in values(game)
        game.answer("p1.2:strain")
        assert not game.state.ships[mate].has(Token.STRAIN)
        sc, _, mate = self.scene(upgrades=(), strain=1)
        game = end_phase(sc)
        pass_all(game)
        assert game.state.ships[mate].has(Token.STRAIN)

    def test_a_faceup_damage_card_is_repaired(self):
        """The chosen ship may instead repair 1 faceup damage card: it is flipped
        facedown."""
        sc, _, mate = self.scene(damage=[DamageCard("directhit", True, 1)])
        game = end_phase(sc)
        game.answer("p1.2:repair:1")
        assert not game.state.ships[mate].damage[0].faceup

    def test_not_unreinforced_nor_for_a_ship_ahead(self):
        """Without a reinforce token, or with the friend at range 1 in the front arc (not
        the side arcs), nothing is offered."""
        for reinforce, at in ((0, (480, 300, 0)), (1, (400, 380, 0))):
            sc, _, _ = self.scene(reinforce=reinforce, friend_at=at, strain=1)
            game = end_phase(sc)
            assert not ability_offered(game)


# ----------------------------------------------------------- Prime Minister Almec
class TestPrimeMinisterAlmec:
    def scene(self, upgrades=("primeministeralmec",), side=0, **mate):
        sc = Scene()
        almec = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades))
        friend = sc.ship(TIE, at=(480, 300, 0), **mate)
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.game()
        if side:
            ship = game.state.ships[almec]
            ship.cards = tuple((k, x, side if x == "primeministeralmec" else s)
                               for k, x, s in ship.cards)
        return game, almec, friend

    def test_a_white_maneuver_revealed_stress_for_calculate(self):
        """A friend at range 1 without green tokens reveals a white maneuver: it may gain
        1 stress token to gain 1 calculate token."""
        game, _, friend = self.scene()
        game.state.ships[friend].dial_set = "2TW"
        start_at(game, Activate(friend), phase="activation")
        assert ability_offered(game)
        game.answer("use")
        ship = game.state.ships[friend]
        assert ship.has(Token.STRESS) and ship.has(Token.CALCULATE)

    def test_not_with_a_green_token_nor_a_blue_maneuver(self):
        for tokens, dial in (({"focus": 1}, "2TW"), ({}, "2FB")):
            game, _, friend = self.scene(tokens=tokens)
            game.state.ships[friend].dial_set = dial
            start_at(game, Activate(friend), phase="activation")
            assert not ability_offered(game)

    def test_flips_in_the_end_phase_with_two_stress(self):
        """During the End Phase, with 2 or more stress tokens the card flips; with 1 it
        stays."""
        for stress, side in ((2, 1), (1, 0)):
            game, almec, _ = self.scene()
            game.state.ships[almec].tokens[Token.STRESS] = stress
            start_at(game, StartEndPhase(), FireWindow.of("end_phase"), phase="end")
            pass_all(game)
            assert ("upgrade", "primeministeralmec", side) in game.state.ships[almec].cards

    def test_back_a_red_maneuver_then_focus_even_stressed(self):
        """Back side: a friend fully executes a red maneuver (gaining stress) and may then
        perform a focus action from its bar even while stressed; without the card the
        stressed ship performs no action."""
        for side, focused in ((1, True), (None, False)):
            game, _, friend = self.scene(upgrades=("primeministeralmec",) if side else (),
                                         side=side or 0)
            start_at(game, ExecuteManeuver(friend, "3KR"), PerformAction(friend, True),
                     phase="activation")
            if focused:
                assert ability_offered(game) and "focus" in values(game)
                game.answer("focus")
            pass_all(game)
            ship = game.state.ships[friend]
            assert ship.stressed and ship.has(Token.FOCUS) is focused


# ------------------------------------------------------------- Protectorate Gleb
class TestProtectorateGleb:
    def scene(self, upgrades=("protectorategleb",)):
        sc = Scene()
        gleb = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades))
        friend = sc.ship(TIE, at=(480, 300, 0))
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc.at(PerformAction(gleb, True), phase="activation"), gleb, friend

    def test_the_red_coordinates_stress_goes_to_the_coordinated_ship(self):
        """After its red coordinate (its stress gained), Gleb may transfer the stress token
        to the ship it coordinated."""
        game, gleb, friend = self.scene()
        game.answer("coordinate")
        game.answer(friend)
        game.answer("pass")                     # the friend performs no action
        assert game.state.ships[gleb].stressed
        assert "token:stress" in values(game)
        game.answer("token:stress")
        assert not game.state.ships[gleb].stressed and game.state.ships[friend].stressed

    def test_not_after_another_action(self):
        """After a focus action (not a coordinate), nothing is offered."""
        game, _, _ = self.scene()
        game.answer("focus")
        assert game.decision is None


# ------------------------------------------------------------------------ PZ-4CO
class TestPZ4CO:
    def scene(self, dial="2TW", upgrades=("pz4co",), friend_at=(480, 300, 0)):
        sc = Scene()
        pz = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades),
                     tokens={"calculate": 1, "focus": 1}, dial_set=dial, dial_revealed=True)
        friend = sc.ship(TIE, at=friend_at)
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc.at(FireWindow.of("end_activation"), phase="activation"), pz, friend

    def test_a_calculate_token_is_transferred(self):
        """At the end of the Activation Phase, a calculate token goes to a friend at range
        1; after a white maneuver the focus token can't be."""
        game, pz, friend = self.scene()
        assert values(game) == [f"{friend}:calculate", "decline"]
        game.answer(f"{friend}:calculate")
        assert game.state.ships[friend].has(Token.CALCULATE)
        assert not game.state.ships[pz].has(Token.CALCULATE)

    def test_a_blue_maneuver_allows_the_focus_token(self):
        game, _, friend = self.scene(dial="2FB")
        game.answer(f"{friend}:focus")
        assert game.state.ships[friend].has(Token.FOCUS)

    def test_not_beyond_range_2(self):
        game, _, _ = self.scene(friend_at=(700, 300, 0))
        assert game.decision is None


# ------------------------------------------------------------------------ R2-D2
class TestR2D2Crew:
    def scene(self, upgrades=("r2d2-crew",), shields=0, die="hit"):
        sc = Scene()
        ship = sc.ship(XWING, at=(400, 300, 0), upgrades=list(upgrades), shields=shields,
                       damage=[DamageCard("damagedengine", False, 1)])
        sc.ship(TIE, player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("end_phase"), phase="end")
        load_dice(game, [die])
        return game, ship

    def test_a_hit_recovers_a_shield_and_exposes_a_card(self):
        game, ship = self.scene()
        game.answer("use")
        pass_all(game)
        s = game.state.ships[ship]
        assert s.shields == 1 and s.damage[0].faceup

    def test_a_blank_only_recovers_the_shield(self):
        game, ship = self.scene(die="blank")
        game.answer("use")
        s = game.state.ships[ship]
        assert s.shields == 1 and not s.damage[0].faceup

    def test_not_while_shielded_nor_without_the_card(self):
        for upgrades, shields in ((("r2d2-crew",), 1), ((), 0)):
            game, ship = self.scene(upgrades=upgrades, shields=shields)
            assert game.decision is None and game.state.ships[ship].shields == shields


# -------------------------------------------------------------------- Rook Kast
class TestRookKast:
    def test_after_a_red_action_it_may_gain_strain(self):
        """Rook Kast's red lock action is done: it may gain 1 strain token."""
        sc = Scene()
        rook = sc.ship(TIE, at=(400, 300, 0), upgrades=["rookkast"])
        sc.ship(TIE, player=2, at=(400, 490, 180))
        game = sc.at(PerformAction(rook, True), phase="activation")
        game.answer("lock")
        game.answer("p2.1")
        assert ability_offered(game)
        game.answer("use")
        assert game.state.ships[rook].has(Token.STRAIN)

    def test_strained_a_blank_becomes_a_hit(self):
        """Attacking while strained: a blank becomes a hit (2 hits instead of 1); not
        offered while unstrained."""
        for strain, hits in ((1, "2 hit(s)"), (0, "1 hit(s)")):
            sc = Scene()
            a = sc.ship(TIE, at=(400, 300, 0), upgrades=["rookkast"], strain=strain)
            sc.ship(TIE, player=2, at=(400, 490, 180))
            game = engage(sc, a, ["hit", "blank"], ["blank"] * 3)
            declare(game)
            if strain:
                assert offers(game, "rookkast")
                game.answer(next(k for k in values(game) if k.startswith("rookkast")))
            skip_dice(game)
            assert hits in neutralized(game)


# --------------------------------------------------------------------- Rose Tico
class TestRoseTico:
    def scene(self, **rose):
        sc = Scene()
        a = sc.ship(TIE, at=(400, 300, 0), upgrades=["rosetico"], **rose)
        sc.ship(TIE, player=2, at=(400, 490, 180))
        return sc, a

    def test_a_blank_is_spent_to_lock_the_defender(self):
        """Attacking: the blank result is spent (it leaves the pool) and Rose's ship
        acquires a lock on the defender."""
        sc, a = self.scene()
        game = engage(sc, a, ["hit", "blank"], ["blank"] * 3)
        declare(game)
        game.answer("rosetico:cancel=blank")
        assert game.state.ships[a].locks == ["p2.1"]

    def test_defending_it_locks_the_attacker(self):
        sc = Scene()
        attacker = sc.ship(TIE, at=(400, 300, 0))
        rose = sc.ship(TIE, player=2, at=(400, 490, 180), upgrades=["rosetico"])
        game = engage(sc, attacker, ["hit", "blank"], ["evade", "blank", "blank"])
        declare(game, rose)
        skip_dice(game, "modify_defense_dice", rose)
        game.answer("rosetico:cancel=blank")
        assert game.state.ships[rose].locks == [attacker]

    def test_not_when_already_locking_the_enemy(self):
        sc, a = self.scene(locks=["p2.1"])
        game = engage(sc, a, ["hit", "blank"], ["blank"] * 3)
        declare(game)
        assert not offers(game, "rosetico")


# ------------------------------------------------------------------ Satine Kryze
class TestSatineKryze:
    def scene(self, charges=2):
        sc = Scene()
        satine = sc.ship(TIE, at=(400, 300, 0), upgrades=["satinekryze"],
                         charges={"satinekryze": charges})
        friend = sc.ship(TIE, at=(600, 300, 0))
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc.at(StartEngagement()), satine, friend

    def test_each_friendly_ship_chooses_its_tokens(self):
        """Spending 2 charges, each friendly ship chooses deplete and focus, or disarm and
        evade."""
        game, satine, friend = self.scene()
        game.answer("use")
        assert game.state.ships[satine].charges["satinekryze"].active == 0
        game.answer("focus")
        game.answer("evade")
        s, f = game.state.ships[satine], game.state.ships[friend]
        assert s.has(Token.DEPLETE) and s.has(Token.FOCUS)
        assert f.has(Token.DISARM) and f.has(Token.EVADE)

    def test_not_with_one_charge(self):
        game, _, _ = self.scene(charges=1)
        assert game.decision is None


# ---------------------------------------------------------------- Savage Opress
class TestSavageOpress:
    def scene(self, at):
        sc = Scene()
        savage = sc.ship(TIE, at=(400, 300, 0), upgrades=["savageopress"])
        friend = sc.ship(TIE, at=at)
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc.at(Give(friend, "stress"), phase="activation"), savage, friend

    def test_a_friend_ahead_gains_stress_then_focus(self):
        """A friend in the front arc at range 1 gains a stress token: Savage may spend 1
        Force for it to gain 1 focus token."""
        game, savage, friend = self.scene((400, 380, 0))
        game.answer("use")
        assert game.state.ships[friend].has(Token.FOCUS)
        assert game.state.ships[savage].force == 0

    def test_not_outside_the_front_arc(self):
        game, _, _ = self.scene((480, 300, 0))
        assert game.decision is None


# ------------------------------------------------------------------ Saw Gerrera
class TestSawGerrera:
    def test_all_focus_become_crits_for_1_damage(self):
        """Two focus results become critical hits; the attacker suffers 1 damage (its
        shield)."""
        sc = Scene()
        a = sc.ship(XWING, at=(400, 300, 0), upgrades=["sawgerrera"])
        sc.ship(TIE, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["focus", "focus", "hit"], ["blank"] * 3)
        declare(game)
        game.answer("sawgerrera:change=all-focus>crit")
        skip_dice(game)
        assert "1 hit(s), 2 critical" in neutralized(game)
        assert game.state.ships[a].shields == 1

    def test_not_without_focus_results(self):
        sc = Scene()
        a = sc.ship(XWING, at=(400, 300, 0), upgrades=["sawgerrera"])
        sc.ship(TIE, player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert not offers(game, "sawgerrera")


# ------------------------------------------------------------ Seasoned Navigator
class TestSeasonedNavigator:
    def scene(self, upgrades=("seasonednavigator",)):
        sc = Scene()
        ship = sc.ship(TIE, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(TIE, player=2, at=(400, 800, 180))
        return sc, ship

    def test_another_maneuver_of_the_same_speed_one_step_harder(self):
        """Revealing 2FB, the dial may be set to 2TW (no red maneuver offered); it is
        executed as red: the ship gains a stress token."""
        sc, ship = self.scene()
        game = activation(sc, ship, "2FB")
        assert set(values(game)) == {"2TW", "2BB", "2NB", "2YW", "decline"}
        game.answer("2TW")
        pass_all(game)
        s = game.state.ships[ship]
        assert s.dial_set == "2TW" and s.stressed and s.pose.heading != 0

    def test_without_the_card_the_revealed_maneuver(self):
        sc, ship = self.scene(upgrades=())
        game = activation(sc, ship, "2FB")
        pass_all(game)
        s = game.state.ships[ship]
        assert not s.stressed and s.pose.heading == 0


# --------------------------------------------------------------- Seventh Sister
class TestSeventhSister:
    def scene(self, enemy_at):
        sc = Scene()
        sister = sc.ship(TIE, at=(400, 300, 0), upgrades=["seventhsister"])
        enemy = sc.ship(TIE, player=2, at=enemy_at)
        return sc.at(Give(enemy, "stress", 2, 2), phase="activation"), sister, enemy

    def test_one_stress_becomes_a_jam_token(self):
        """An enemy at range 1 would gain 2 stress tokens: Sister spends 1 Force to turn
        one of them into a jam token; the other stress token is still gained."""
        game, sister, enemy = self.scene((400, 380, 180))
        assert game.decision.kind == "replacement"
        game.answer("jam")
        pass_all(game)
        e = game.state.ships[enemy]
        assert e.count(Token.STRESS) == 1 and e.has(Token.JAM)
        assert game.state.ships[sister].force == 0

    def test_not_beyond_range_1(self):
        game, _, enemy = self.scene((400, 490, 180))
        assert game.decision is None
        assert game.state.ships[enemy].count(Token.STRESS) == 2


# ------------------------------------------------------------------ Unkar Plutt
class TestUnkarPlutt:
    def scene(self, upgrades=("unkarplutt",), blocker=(400, 380, 180), player=1):
        sc = Scene()
        unkar = sc.ship(XWING, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(TIE, player=player, at=blocker)
        sc.ship(TIE, player=2, at=(100, 800, 180))
        game = sc.game()
        game.state.ships[unkar].dial_set = "2FB"
        load_dice(game, ["blank"])              # the friendly bump's die
        start_at(game, Activate(unkar), phase="activation")
        return game, unkar

    def test_a_bump_then_a_white_action_for_1_damage(self):
        """Bumping a friendly ship (a partial execution, which skips the Perform Action
        step), the ship may suffer 1 damage (a shield) to perform a focus action; without
        the card it performs no action."""
        game, unkar = self.scene()
        assert ability_offered(game) and "focus" in values(game)
        game.answer("focus")
        pass_all(game)
        s = game.state.ships[unkar]
        assert s.has(Token.FOCUS) and s.shields == 1
        game, unkar = self.scene(upgrades=())
        pass_all(game)
        assert not game.state.ships[unkar].has(Token.FOCUS)

    def test_not_after_a_full_execution_nor_an_enemy_bump(self):
        """A full execution triggers nothing; after bumping an enemy ship no more actions
        can be performed this activation, so nothing is offered after its red focus."""
        game, _ = self.scene(blocker=(250, 600, 180))
        assert game.decision.kind == "perform_action"
        game, _ = self.scene(player=2)
        assert game.decision.kind == "perform_action"      # the enemy bump's red focus
        game.answer("pass")
        assert game.decision is None or game.decision.kind != "use_ability"
