"""Titles of the huge ships: each card in a scene built for it, compared with the same scene
without the card, and where it must not act.

The huge ship (player 1, p1.1) faces +y at (457, 300): a CR90 or Raider base is 225 mm
long, a GR-75, C-ROC or Gozanti one 195 mm; all are 80 mm wide (sides at x 417 and 497).
A TIE/ln (40 mm base) is placed in range bands of 100 mm from an edge. Huge ships have
agility 0: without a card they roll no defense dice at range 1-2."""

from __future__ import annotations

from tallon.dice import Face
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage, current
from tallon.engine.docking import dock_guides
from tallon.engine.loadout import ENERGY
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, EndPhase, SystemTurn
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import activation, answer, modify_with, offers, skip_dice, values
from tests.rules.attack_helpers import rolls

CR90, RAIDER, GR75, CROC, GOZANTI = ("alderaanianguard", "outerrimpatrol", "echobaseevacuees",
                                     "syndicatesmugglers", "outerrimgarrison")
HALF = {CR90: 112.5, RAIDER: 112.5, GR75: 97.5, CROC: 97.5, GOZANTI: 97.5}


def _ahead(huge: str, band: int) -> float:
    """The y of a TIE's centre straight ahead of the huge ship, at range ``band``."""
    return 300 + HALF[huge] + 20 + 100 * band - 50


def _behind(huge: str, band: int) -> float:
    return 300 - HALF[huge] - 20 - 100 * band + 50


def _energy(game, ship="p1.1") -> int:
    return game.state.ships[ship].charges[ENERGY].active


def _defense_count(game, ship: str) -> int:
    found = rolls(game, ship)
    return len(found[-1]) if found else 0


def _tie_attacks(huge: str, title: str | None, tie_at, tie_tokens=None, **setup):
    """A TIE (p2.1) attacks the huge ship (p1.1) with 2 hits; the game waits at the first
    decision after the attack dice."""
    sc = Scene(seed=1)
    sc.ship(huge, at=(457, 300, 0), upgrades=[title] if title else [], **setup)
    tie = sc.ship("academypilot", player=2, at=tie_at, tokens=tie_tokens)
    game = sc.at(Engage(tie))
    load_dice(game, ["hit", "hit"], ["evade", "evade", "evade"])
    declare(game, tie, "p1.1")
    skip_dice(game, "use_ability")
    return game


def _finish_attack(game, use: bool):
    while game.decision is not None:
        d = game.decision
        if d.kind == "use_ability":
            game.answer(d.option_keys()[0] if use else "decline")
        else:
            game.answer("done" if "done" in d.option_keys() else d.option_keys()[0])


class TestTantiveIV:
    def test_attacker_in_the_rear_arc(self):
        """Situation: a TIE at range 1 behind the CR90 attacks it. Card: "While you defend,
        if the attacker is in your [Rear Arc], you may roll 1 additional defense die."
        Expected: asked; used, the CR90 rolls 1 defense die; without the title it rolls
        none."""
        game = _tie_attacks(CR90, "tantiveiv", (457, _behind(CR90, 1), 0))
        assert game.decision.kind == "use_ability"
        _finish_attack(game, use=True)
        assert _defense_count(game, "p1.1") == 1
        plain = _tie_attacks(CR90, None, (457, _behind(CR90, 1), 0))
        _finish_attack(plain, use=True)
        assert _defense_count(plain, "p1.1") == 0

    def test_not_from_the_front(self):
        """Situation: the TIE attacks from straight ahead (the CR90's front arc). Expected:
        not asked; no defense die."""
        game = _tie_attacks(CR90, "tantiveiv", (457, _ahead(CR90, 1), 180))
        assert game.decision is None or game.decision.kind != "use_ability"
        _finish_attack(game, use=True)
        assert _defense_count(game, "p1.1") == 0


class TestAssailer:
    def test_range_1(self):
        """Situation: a TIE at range 1 ahead of the Raider attacks it. Card: "While you
        defend, if the attack range is 1, you may roll 1 additional defense die."
        Expected: used, 1 defense die; without it, none."""
        game = _tie_attacks(RAIDER, "assailer", (457, _ahead(RAIDER, 1), 180))
        assert game.decision.kind == "use_ability"
        _finish_attack(game, use=True)
        assert _defense_count(game, "p1.1") == 1
        plain = _tie_attacks(RAIDER, None, (457, _ahead(RAIDER, 1), 180))
        _finish_attack(plain, use=True)
        assert _defense_count(plain, "p1.1") == 0

    def test_not_at_range_2(self):
        """Situation: the TIE attacks from range 2. Expected: not asked, no defense die."""
        game = _tie_attacks(RAIDER, "assailer", (457, _ahead(RAIDER, 2), 180))
        assert game.decision is None or game.decision.kind != "use_ability"
        _finish_attack(game, use=True)
        assert _defense_count(game, "p1.1") == 0


class TestJainasLight:
    @staticmethod
    def game(obstacle: bool = True, energy: int | None = None, x_wing_x: float = 700):
        """An X-wing (p1.2) at (x, 300) is attacked by a TIE at range 2 ahead of it, an asteroid
        between them when ``obstacle``."""
        sc = Scene(seed=1)
        setup = {} if energy is None else {"charges": {ENERGY: energy}}
        sc.ship(CR90, at=(457, 300, 0), upgrades=["jainaslight"], **setup)
        wing = sc.ship("redsquadronveteran", at=(x_wing_x, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(x_wing_x, 520, 180))
        if obstacle:
            sc.obstacle("core2asteroid5", x_wing_x, 410)
        game = sc.at(Engage(tie))
        load_dice(game, ["hit", "hit"], ["blank"] * 6)
        declare(game, tie, wing)
        skip_dice(game, "use_ability")
        return game

    def test_obstructed_friend_at_range_2(self):
        """Situation: an X-wing at range 2 of the CR90 defends against an attack obstructed
        by an asteroid. Card: "you may spend 1 [Energy]. If you do, the defender rolls 1
        additional defense die." Expected: asked; used, the CR90 loses 1 energy and the
        X-wing rolls 2 + 1 (obstructed) + 1 = 4 dice; declined, 3."""
        game = self.game()
        assert game.decision.kind == "use_ability"
        before = _energy(game)
        _finish_attack(game, use=True)
        assert _energy(game) == before - 1
        assert _defense_count(game, "p1.2") == 4
        declined = self.game()
        _finish_attack(declined, use=False)
        assert _defense_count(declined, "p1.2") == 3

    def test_not_unobstructed_far_or_without_energy(self):
        """Situation: the same attack without the asteroid; with it but the X-wing at range
        3 of the CR90; with it and the CR90 out of energy. Expected: never asked."""
        for game in (self.game(obstacle=False), self.game(x_wing_x=780),
                     self.game(energy=0)):
            assert game.decision is None or game.decision.kind != "use_ability"


class TestInstigator:
    @staticmethod
    def game(title: bool = True, stress: int = 1, locks=()):
        sc = Scene(seed=1)
        sc.ship(RAIDER, at=(457, 300, 0), upgrades=["instigator"] if title else [],
                locks=list(locks))
        tie = sc.ship("academypilot", player=2, at=(457, _ahead(RAIDER, 2), 180),
                      stress=stress)
        game = sc.at(Engage("p1.1"))
        load_dice(game, ["blank"] * 4, ["blank"] * 3, then=[])
        declare(game, "p1.1", tie)
        return game

    def test_stressed_defender(self):
        """Situation: the Raider attacks a stressed TIE (a red token). Card: "if the
        defender has an orange or red token, you may reroll up to 2 attack dice."
        Expected: offered; without the title, not."""
        game = self.game()
        skip_dice(game, "modify_attack_dice", "p1.1")
        assert offers(game, "instigator")
        plain = self.game(title=False)
        skip_dice(plain, "modify_attack_dice", "p1.1")
        assert not offers(plain, "instigator")

    def test_locked_defender_counts_and_clean_one_does_not(self):
        """Situation: a TIE with no token; then the same TIE locked by another ship (lock
        tokens are red). Expected: not offered; offered."""
        game = self.game(stress=0)
        skip_dice(game, "modify_attack_dice", "p1.1")
        assert not offers(game, "instigator")
        locked = self.game(stress=0, locks=["p2.1"])
        skip_dice(locked, "modify_attack_dice", "p1.1")
        assert offers(locked, "instigator")


class TestBloodCrow:
    @staticmethod
    def game(band: int, title: bool = True):
        sc = Scene(seed=1)
        sc.ship(GOZANTI, at=(457, 300, 0), upgrades=["bloodcrow"] if title else [])
        tie = sc.ship("academypilot", player=2, at=(457, _ahead(GOZANTI, band), 180))
        game = sc.at(Engage("p1.1"))
        load_dice(game, ["blank"] * 4, ["blank"] * 4)
        declare(game, "p1.1", tie)
        skip_dice(game, "modify_attack_dice", "p1.1")
        return game

    def test_adds_a_focus_at_range_2(self):
        """Situation: the Gozanti attacks a TIE at range 2. Card: "While you perform an
        attack at attack range 1-2, you may add 1 [Focus] result." Expected: offered; used,
        the attack has one more die, a focus; without the title not offered."""
        game = self.game(2)
        assert offers(game, "bloodcrow")
        attack = current(game)
        count, focus = len(attack.attack_dice), attack.attack_dice.count(Face.FOCUS)
        modify_with(game, "bloodcrow")
        pool = attack.attack_dice
        assert (len(pool), pool.count(Face.FOCUS)) == (count + 1, focus + 1)
        assert not offers(self.game(2, title=False), "bloodcrow")

    def test_not_at_range_3(self):
        """Situation: the TIE at range 3. Expected: not offered."""
        assert not offers(self.game(3), "bloodcrow")


class TestImpetuous:
    @staticmethod
    def game(hull: int, title: bool = True):
        sc = Scene(seed=1)
        sc.ship(RAIDER, at=(457, 300, 0), upgrades=["impetuous"] if title else [])
        tie = sc.ship("academypilot", player=2, at=(457, _ahead(RAIDER, 2), 180), hull=hull)
        sc.ship("academypilot", player=2, at=(600, _ahead(RAIDER, 2), 180))
        game = sc.at(Engage("p1.1"))
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        declare(game, "p1.1", tie)
        skip_dice(game, "use_ability")
        return game

    def test_after_destroying_the_defender(self):
        """Situation: the Raider destroys a 1-hull TIE. Card: "After you perform an attack,
        if the defender was destroyed, you may perform a [Focus] or [Lock] action."
        Expected: asked, focus and lock offered; focus taken, the Raider has a focus
        token; without the title, not asked."""
        game = self.game(1)
        assert game.decision.kind == "use_ability"
        assert {"focus", "lock"} <= set(values(game))
        answer(game, "use_ability", "focus", "p1.1")
        assert game.state.ships["p1.1"].has(Token.FOCUS)
        plain = self.game(1, title=False)
        assert plain.decision is None or plain.decision.kind != "use_ability"

    def test_not_when_the_defender_survives(self):
        """Situation: the TIE has 8 hull and survives the 4 hits. Expected: not asked."""
        game = self.game(8)
        assert game.decision is None or game.decision.kind != "use_ability"


class TestCorvus:
    def test_a_calculate_action_gives_two_tokens(self):
        """Situation: the Raider performs the calculate action its title adds. Card: "After
        you perform a [Calculate] action, gain 1 calculate token." Expected: 2 calculate
        tokens (the action gives 1)."""
        sc = Scene(seed=1)
        sc.ship(RAIDER, at=(457, 300, 0), upgrades=["corvus"])
        sc.ship("academypilot", player=2, at=(457, 800, 180))
        game = sc.at(PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "calculate", "p1.1")
        assert game.state.ships["p1.1"].count(Token.CALCULATE) == 2

    def test_no_token_after_another_action(self):
        """Situation: the Raider performs a focus action. Expected: 1 focus token, no
        calculate token."""
        sc = Scene(seed=1)
        sc.ship(RAIDER, at=(457, 300, 0), upgrades=["corvus"])
        sc.ship("academypilot", player=2, at=(457, 800, 180))
        game = sc.at(PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "focus", "p1.1")
        assert game.state.ships["p1.1"].count(Token.CALCULATE) == 0

    def test_docks_two_small_ships(self):
        """Card: "You can dock up to 2 small ships." Expected: with 1 docked a TIE may dock
        (guides and sides); with 2 docked, not; a plain Raider takes none."""
        for title, docked, expected in ((True, 1, True), (True, 2, False),
                                        (False, 0, False)):
            sc = Scene(seed=1)
            sc.ship(RAIDER, at=(457, 300, 0),
                    upgrades=["corvus"] if title else [])
            inside = [sc.ship("academypilot", at=(100 + 60 * k, 60, 0))
                      for k in range(docked)]
            guest = sc.ship("academypilot", at=(567, 300, 0))
            sc.ship("redsquadronveteran", player=2, at=(100, 800, 180))
            game = sc.game()
            game.state.ships["p1.1"].docked = tuple(inside)
            ok = dock_guides(game, game.state.ships["p1.1"], game.state.ships[guest])
            assert bool(ok) is expected


def _docked_scene(title: str | None, locks=(), huge: str = GOZANTI,
                  guest: str = "academypilot", enemy: str = "redsquadronveteran",
                  stress: int = 0, deploy: str = "right:2FB"):
    """A Gozanti (or ``huge``: p1.1) with ``title`` and one small ship (``guest``: p1.2)
    docked; an enemy (p2.1) far off; the carrier locks ``locks``."""
    sc = Scene(seed=1)
    sc.ship(huge, at=(457, 300, 0), upgrades=[title] if title else [], locks=list(locks))
    tie = sc.ship(guest, at=(100, 60, 0), stress=stress)
    sc.ship(enemy, player=2, at=(700, 850, 180))
    game = sc.game()
    game.state.ships["p1.1"].docked = (tie,)
    game.state.ships[tie].body = None
    game.state.moved()
    start_at(game, SystemTurn(tie), phase="system")
    answer(game, "dock_or_deploy", deploy, tie)
    # RR: DOCK - a ship deploying in the System Phase may then perform an action
    if game.decision is not None and game.decision.kind == "perform_action":
        answer(game, "perform_action", "pass", tie)
    return game, tie


class TestLiberator:
    @staticmethod
    def game(title: str | None = "liberator"):
        return _docked_scene(title, huge=CR90, guest="redsquadronveteran",
                             enemy="academypilot")

    def test_deployed_ship_may_focus_or_barrel_roll(self):
        """Situation: an X-wing docked in the CR90 deploys from its right side. Card: "You
        can dock up to 2 small ships. After a ship deploys from you, it may perform a
        [Focus] or [Barrel Roll] action." Expected: asked with focus and barrel roll; focus
        taken, the X-wing has a focus token."""
        game, wing = self.game()
        assert game.decision.kind == "use_ability"
        assert {"focus", "barrel_roll"} <= set(values(game))
        game.answer("focus")
        assert game.state.ships[wing].has(Token.FOCUS)

    def test_docks_two_small_ships_only_with_the_title(self):
        """Card: up to 2 small ships. Expected: a plain CR90 takes no X-wing; with the title
        one may dock; with 2 docked, no third."""
        for title, docked, expected in ((None, 0, False), ("liberator", 0, True),
                                        ("liberator", 2, False)):
            sc = Scene(seed=1)
            sc.ship(CR90, at=(457, 300, 0), upgrades=[title] if title else [])
            inside = [sc.ship("redsquadronveteran", at=(100 + 60 * k, 60, 0))
                      for k in range(docked)]
            guest = sc.ship("redsquadronveteran", at=(537, 300, 0))
            sc.ship("academypilot", player=2, at=(100, 800, 180))
            game = sc.game()
            game.state.ships["p1.1"].docked = tuple(inside)
            ok = dock_guides(game, game.state.ships["p1.1"], game.state.ships[guest])
            assert bool(ok) is expected

    def test_not_for_a_stressed_ship(self):
        """Situation: the X-wing, stressed, deploys with a white [3 straight] and stays
        stressed (RR: STRESS: no actions). Expected:
        it is offered no action: not asked, no focus token."""
        game, wing = _docked_scene("liberator", huge=CR90, guest="redsquadronveteran",
                                   enemy="academypilot", stress=1, deploy="right:3FW")
        assert game.state.ships[wing].has(Token.STRESS)
        assert game.decision is None
        assert not game.state.ships[wing].has(Token.FOCUS)


class TestVector:
    def test_deployed_ship_may_evade_or_boost(self):
        """Situation: a TIE deploys from the Gozanti. Card: "After a ship deploys from you,
        it may perform a [Evade] or [Boost] action." Expected: asked with evade and boost;
        evade taken, the TIE has an evade token; without the title, not asked."""
        game, tie = _docked_scene("vector")
        assert game.decision.kind == "use_ability"
        assert {"evade", "boost"} <= set(values(game))
        game.answer("evade")
        assert game.state.ships[tie].has(Token.EVADE)
        plain, _ = _docked_scene(None)
        assert plain.decision is None


class TestRequiem:
    def test_deployed_ship_locks_the_gozantis_target_beyond_range(self):
        """Situation: the Gozanti locks an X-wing far beyond range 3 of the deploying TIE.
        Card: "it may acquire a lock on one ship you are locking, ignoring range
        restrictions." Expected: offered; the TIE locks the X-wing."""
        game, tie = _docked_scene("requiem", locks=["p2.1"])
        assert values(game)[:1] == ["p2.1"]
        game.answer("p2.1")
        assert "p2.1" in game.state.ships[tie].locks

    def test_not_when_the_gozanti_locks_nothing(self):
        """Situation: the Gozanti has no lock. Expected: not asked."""
        game, _ = _docked_scene("requiem")
        assert game.decision is None


class TestSuppressor:
    @staticmethod
    def game(enemy_x: float, energy: int = 3):
        sc = Scene(seed=1)
        sc.ship(GOZANTI, at=(457, 300, 0), upgrades=["suppressor"],
                charges={ENERGY: energy})
        friend = sc.ship("academypilot", at=(650, 300, 0))
        sc.ship("redsquadronveteran", player=2, at=(enemy_x, 500, 180))
        game = sc.at(PerformAction("p1.1", during_activation=True), phase="activation")
        answer(game, "perform_action", "coordinate", "p1.1")
        answer(game, "coordinate_target", friend, "p1.1")
        answer(game, "perform_action", "pass", friend)
        return game

    def test_jams_an_enemy_near_the_coordinated_ship(self):
        """Situation: the Gozanti coordinates a TIE; an X-wing is at range 2 of the TIE.
        Card: "After you coordinate a friendly ship, you may spend 1 [Energy] to jam an
        enemy ship at range 0-2 of that ship, ignoring range restrictions." Expected:
        asked; used, the Gozanti has 1 energy less and the X-wing a jam token."""
        game = self.game(650)
        assert game.decision.kind == "use_ability" and "p2.1" in values(game)
        game.answer("p2.1")
        assert _energy(game) == 2
        assert game.state.ships["p2.1"].has(Token.JAM)

    def test_not_beyond_range_2_or_without_energy(self):
        """Situation: the X-wing at range 3 of the TIE; then near it with no energy.
        Expected: not asked."""
        for game in (self.game(650, energy=0), self.game(950)):
            assert game.decision is None or game.decision.kind != "use_ability"


class TestQuantumStorm:
    @staticmethod
    def game(dial: str, title: bool = True):
        sc = Scene(seed=1)
        sc.ship(GR75, at=(457, 300, 0), upgrades=["quantumstorm"] if title else [],
                charges={ENERGY: 2})
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = activation(sc, "p1.1", dial)
        return game

    def test_white_maneuver_recovers_energy(self):
        """Situation: the GR-75 (2 energy) fully executes the white [2 straight]. Card:
        "After you fully execute a white maneuver, recover 1 [Energy]." Expected: 3 energy;
        without the title, 2."""
        assert _energy(self.game("2FW")) == 3
        assert _energy(self.game("2FW", title=False)) == 2

    def test_not_after_a_blue_maneuver(self):
        """Situation: the blue [1 straight]. Expected: still 2 energy."""
        assert _energy(self.game("1FB")) == 2


class TestBrokenHorn:
    @staticmethod
    def game(dial: str, damaged: bool = True, title: bool = True):
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=["brokenhorn"] if title else [])
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.game()
        if damaged:
            game.state.ships["p1.1"].damage = (DamageCard("directhit", faceup=False),)
        game.state.ships["p1.1"].dial_set = dial
        start_at(game, Activate("p1.1"), phase="activation")
        return game

    def test_damaged_red_speed_4_is_white(self):
        """Situation: the damaged C-ROC (4 energy) executes the red [4 straight]. Card: "If
        you are damaged, reduce the difficulty of your speed 3-5 maneuvers." Expected:
        white: no energy spent; without the title 1 energy is spent."""
        assert _energy(self.game("4FR")) == 4
        assert _energy(self.game("4FR", title=False)) == 3

    def test_not_undamaged_or_below_speed_3(self):
        """Situation: undamaged, the red [4 straight]; damaged, the red [0 stop].
        Expected: 1 energy spent each time."""
        assert _energy(self.game("4FR", damaged=False)) == 3
        assert _energy(self.game("0OR")) == 3


class TestInsatiableWorrt:
    @staticmethod
    def game(shields: int, energy: int, title: bool = True):
        sc = Scene(seed=1)
        sc.ship(CROC, at=(457, 300, 0), upgrades=["insatiableworrt"] if title else [],
                shields=shields, charges={ENERGY: energy})
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        return sc.at(FireWindow.of("end_phase"), EndPhase(), FireWindow.of("end_phase_end"),
                     phase="end")

    def test_one_more_shield(self):
        """Situation: End Phase, the C-ROC (3 shields max with the title, 1 active; energy
        full). Card: "During the End Phase, you may recover 1 additional shield or 1
        additional [Energy]." Expected: asked with shield only; 1 + 1 + 1 = 3 shields; the
        plain C-ROC recovers only 1 (2 shields)."""
        game = self.game(1, 3)
        assert values(game) == ["shield", "decline"]
        game.answer("shield")
        assert game.state.ships["p1.1"].shields == 3
        plain = self.game(1, 4, title=False)
        assert plain.state.ships["p1.1"].shields == 2

    def test_one_more_energy_and_nothing_when_full(self):
        """Situation: energy 0 of 3, shields full: energy offered, 0 + 1 + 1 = 2; then
        everything full: not asked."""
        game = self.game(3, 0)
        assert values(game) == ["energy", "decline"]
        game.answer("energy")
        assert _energy(game) == 2
        assert self.game(3, 3).decision is None


class TestBrightHope:
    def test_reinforces_only_fore_without_asking(self):
        """Situation: the GR-75 performs its reinforce action. Card: "You can reinforce
        only your [Full Front Arc]." Expected: no side asked, a fore reinforce token; the
        plain GR-75 is asked fore or aft."""
        for title, asked in ((True, False), (False, True)):
            sc = Scene(seed=1)
            sc.ship(GR75, at=(457, 300, 0), upgrades=["brighthope"] if title else [])
            sc.ship("academypilot", player=2, at=(457, 800, 180))
            game = sc.at(PerformAction("p1.1", during_activation=True), phase="activation")
            answer(game, "perform_action", "reinforce", "p1.1")
            d = game.decision
            assert (d is not None and d.kind == "reinforce_side") is asked
            if not asked:
                assert game.state.ships["p1.1"].has(Token.REINFORCE_FORE)

    def test_reinforced_attacker_ahead(self):
        """Situation: the reinforced GR-75 is attacked by a TIE at range 1 ahead. Card:
        "While you defend, if you are reinforced and the attacker is in your [Full Front
        Arc], you may roll 1 additional defense die." Expected: used, 1 defense die;
        without the title, none."""
        game = _tie_attacks(GR75, "brighthope", (457, _ahead(GR75, 1), 180),
                            reinforce_fore=1)
        assert game.decision.kind == "use_ability"
        _finish_attack(game, use=True)
        assert _defense_count(game, "p1.1") == 1
        plain = _tie_attacks(GR75, None, (457, _ahead(GR75, 1), 180), reinforce_fore=1)
        _finish_attack(plain, use=True)
        assert _defense_count(plain, "p1.1") == 0

    def test_not_unreinforced_or_from_behind(self):
        """Situation: not reinforced, the TIE ahead; reinforced, the TIE behind. Expected:
        not asked."""
        for game in (_tie_attacks(GR75, "brighthope", (457, _ahead(GR75, 1), 180)),
                     _tie_attacks(GR75, "brighthope", (457, _behind(GR75, 1), 0),
                                  reinforce_fore=1)):
            assert game.decision is None or game.decision.kind != "use_ability"
