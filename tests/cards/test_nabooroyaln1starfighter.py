"""Naboo Royal N-1 Starfighter pilots (their ship ability Full Throttle is tested with the
TIE/D Defender): each card in a scene built for it, compared with the same scene without
the card (or where it must not trigger).

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.attack import Engage
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.helpers import (
    activation,
    offers,
    pass_all,
    rolled,
    skip_dice,
    skip_to,
    values,
)


def ship(game, ship_id):
    return game.state.ships[ship_id]


def reveal(game, ship_id, code):
    s = ship(game, ship_id)
    s.dial_set, s.dial_revealed = code, True


def test_bravo_flight_officer_and_full_throttle():
    """The generic N-1 (no ability text) fully executes a speed 4 straight: Full Throttle
    lets it perform an evade action."""
    sc = Scene()
    n1 = sc.ship("bravoflightofficer", at=(400, 150, 0))
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = activation(sc, n1, "4FW")
    skip_to(game, "use_ability", n1)
    assert "evade" in values(game)


def duel(attacker_pilot, defender_pilot, attacker_code, defender_code, attack_dice,
         defense_dice, mine_attacks=True):
    """An N-1 (player 1) and a TIE (player 2) at range 2, both dials revealed; the attack
    is declared and the game waits at the first decision."""
    sc = Scene()
    n1 = sc.ship(attacker_pilot if mine_attacks else defender_pilot, at=(400, 300, 0))
    tie = sc.ship(defender_pilot if mine_attacks else attacker_pilot, player=2,
                  at=(400, 500, 180), focus=1)
    game = sc.game()
    reveal(game, n1, attacker_code if mine_attacks else defender_code)
    reveal(game, tie, defender_code if mine_attacks else attacker_code)
    attacker, defender = (n1, tie) if mine_attacks else (tie, n1)
    start_at(game, Engage(attacker))
    load_dice(game, attack_dice, defense_dice)
    declare(game, attacker, defender)
    return game, n1, tie


# ------------------------------------------------------------ Anakin Skywalker (N-1)
class TestAnakinSkywalkerN1:
    def test_spends_force_to_barrel_roll_before_revealing(self):
        """Before revealing his dial Anakin spends 1 Force to barrel roll right (not an
        action): he ends about a base width to the right, and may still perform a barrel
        roll action afterwards."""
        sc = Scene()
        anakin = sc.ship("anakinskywalker-nabooroyaln1starfighter", at=(400, 150, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, anakin, "1FW")
        assert game.decision.kind == "use_ability"
        game.answer("right:middle")
        assert ship(game, anakin).force == 0
        assert ship(game, anakin).pose.x > 430
        skip_to(game, "perform_action", anakin)
        assert "barrel_roll" in values(game)

    def test_not_without_force(self):
        """Without Force nothing is offered: he stays where he was until his maneuver."""
        sc = Scene()
        anakin = sc.ship("anakinskywalker-nabooroyaln1starfighter", at=(400, 150, 0),
                         force=0)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, anakin, "1FW")
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert abs(ship(game, anakin).pose.x - 400) < 1


# ------------------------------------------------------------------------- Ric Olié
class TestRicOlie:
    def test_faster_adds_an_attack_die(self):
        """Ric revealed speed 3, the TIE speed 2: his primary attack at range 2 rolls 3
        dice; with the same speed, 2."""
        for ric, tie_code, count in (("3FW", "2FW", 3), ("2FB", "2FW", 2)):
            game, n1, _ = duel("ricolie", "academypilot", ric, tie_code, ["blank"] * 3,
                               ["blank"] * 3)
            pass_all(game)
            assert len(rolled(game, n1)) == count

    def test_faster_adds_a_defense_die(self):
        """Defending, Ric faster (speed 4 against 2): 3 defense dice instead of 2; slower
        (1 against 2): 2."""
        for ric, count in (("4FW", 3), ("1FW", 2)):
            game, n1, _ = duel("academypilot", "ricolie", "2FW", ric, ["blank"] * 2,
                               ["blank"] * 3, mine_attacks=False)
            pass_all(game)
            assert len(rolled(game, n1)) == count


# ------------------------------------------------------------------- Padmé Amidala
class TestPadmeAmidala:
    def scene(self, pilot="padmeamidala", heading=0, rerolls=()):
        sc = Scene()
        n1 = sc.ship(pilot, at=(400, 300, heading))
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180), focus=1, locks=["p1.1"])
        game = sc.at(Engage(tie))
        load_dice(game, ["focus", "focus"], ["blank"] * 2,
                  then=faces(DieKind.ATTACK, rerolls))
        declare(game, tie, n1)
        return game

    def test_enemy_in_front_modifies_only_one_focus_result(self):
        """A TIE in Padmé's front arc attacks her with 2 focus results, a focus token and a
        lock: spending the focus token would change 2 focus results, so it is not
        offered, nor is rerolling both; rerolling 1 focus result is."""
        keys = values(self.scene())
        assert "focus:change=all-focus>hit" not in keys
        assert "lock:reroll=focus,focus" not in keys
        assert "lock:reroll=focus" in keys

    def test_one_in_all(self):
        """Having rerolled 1 focus result (it shows a blank now), the TIE can't spend its
        focus token on the other focus result."""
        game = self.scene(rerolls=["blank"])
        game.answer("lock:reroll=focus")
        assert game.decision is None or "focus:change=all-focus>hit" not in values(game)
        plain = self.scene("bravoflightofficer", rerolls=["blank"])
        plain.answer("lock:reroll=focus")
        assert "focus:change=all-focus>hit" in values(plain)

    def test_not_outside_her_front_arc_nor_another_n1(self):
        """Padmé facing away (the TIE behind her), or a Bravo Flight Officer in her place:
        the TIE may spend its focus token on both focus results."""
        for pilot, heading in (("padmeamidala", 180), ("bravoflightofficer", 0)):
            assert "focus:change=all-focus>hit" in values(self.scene(pilot, heading))


# ------------------------------------------------------------------ Dineé Ellberger
class TestDineeEllberger:
    def test_same_speed_the_defender_cannot_modify(self):
        """Dineé attacks a TIE with a focus token that rolled a focus result, both at speed
        2: the TIE can't spend its focus token (no defense modification is offered); at
        speed 3 against 2 it can."""
        for code, blocked in (("2FB", True), ("3FW", False)):
            game, _, tie = duel("dineeellberger", "academypilot", code, "2FW",
                                ["hit", "hit"], ["focus", "blank", "blank"])
            skip_dice(game, "modify_defense_dice", tie)
            assert (game.decision is None
                    or game.decision.kind != "modify_defense_dice") == blocked

    def test_same_speed_the_attacker_cannot_modify(self):
        """A TIE with a focus token attacks Dineé, both at speed 3: it can't modify its
        attack dice; at speed 2 against her 3 it may spend its focus token."""
        for code, blocked in (("3FW", True), ("2FW", False)):
            game, _, _ = duel("academypilot", "dineeellberger", code, "3FW",
                              ["focus", "blank"], ["blank"] * 2, mine_attacks=False)
            assert (game.decision is None
                    or game.decision.kind != "modify_attack_dice") == blocked


# ---------------------------------------------------------------------- Gavyn Sykes
class TestGavynSykes:
    def test_faster_rerolls_blanks(self):
        """Gavyn revealed speed 3 against the TIE's 2: attacking, he may reroll his blank
        results; at the same speed nothing is offered."""
        for code, offered in (("3FW", True), ("2FB", False)):
            game, n1, _ = duel("gavynsykes", "academypilot", code, "2FW",
                               ["blank", "hit"], ["blank"] * 3)
            skip_dice(game, "modify_attack_dice", n1)
            assert offers(game, "gavynsykes") == offered


# ------------------------------------------------------------------ Naboo Handmaiden
class TestNabooHandmaiden:
    def test_assigns_decoyed_to_a_friend(self):
        """After placing forces, the Naboo Handmaiden assigns Decoyed to the friendly
        Bravo Flight Officer (the only ship other than a handmaiden)."""
        sc = Scene()
        sc.ship("naboohandmaiden", at=(300, 150, 0))
        friend = sc.ship("bravoflightofficer", at=(500, 150, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert [c.card for c in ship(game, friend).conditions] == ["decoyed"]

    def test_never_to_a_handmaiden(self):
        """Two handmaidens and no other friendly ship: nobody gets Decoyed."""
        sc = Scene()
        first = sc.ship("naboohandmaiden", at=(300, 150, 0))
        second = sc.ship("naboohandmaiden", at=(500, 150, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert not ship(game, first).conditions and not ship(game, second).conditions
