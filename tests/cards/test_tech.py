"""Tech upgrades: each test sets a scene, states the card's rule and shows the card
changing the outcome."""

from __future__ import annotations

import pytest

from tallon.cards.common import recalled
from tallon.engine.action_bodies import JamAction
from tallon.engine.actions import CoordinateAction, PerformAction
from tallon.engine.attack import Engage
from tallon.engine.game import Game, GameSetup
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Sweep
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import Give, answer, attack, modify_with, offers, pass_all, values


# ---------------------------------------------------------------- Advanced Optics
def optics_game(tokens):
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["advancedoptics"],
                 tokens=tokens)
    enemy = sc.ship("academypilot", player=2, at=(400, 500, 180))
    return attack(sc, x1, enemy, ["hit", "blank"], ["blank"] * 3), x1, enemy


def test_advanced_optics_spend_focus_to_turn_a_blank_into_a_hit():
    """Advanced Optics: attacking, the ship may spend 1 focus token to change 1 blank
    result to a hit."""
    game, x1, enemy = optics_game({"focus": 1})
    modify_with(game, "advancedoptics", "change 1 blank to hit")
    pass_all(game)
    assert not game.state.ships[x1].has(Token.FOCUS)
    assert len(game.state.ships[enemy].damage) == 2


def test_advanced_optics_need_a_focus_token():
    game, _, enemy = optics_game({})
    assert not offers(game, "advancedoptics")
    pass_all(game)
    assert len(game.state.ships[enemy].damage) == 1


# ---------------------------------------------------------------- Primed Thrusters
@pytest.mark.parametrize("upgrades, stress, offered", [
    (["primedthrusters"], 2, {"barrel_roll", "pass"}),
    (["primedthrusters"], 3, None),
    ([], 1, None),
])
def test_primed_thrusters_barrel_roll_and_boost_while_stressed(upgrades, stress, offered):
    """Primed Thrusters: with 2 or fewer stress tokens the ship can perform barrel roll and
    boost actions while stressed (not its other actions)."""
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=upgrades, stress=stress)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(PerformAction(x1, during_activation=True), phase="activation")
    if offered is None:
        assert game.decision is None
    else:
        assert set(values(game)) == offered


# ---------------------------------------------------------- Deuterium Power Cells
def power_cells_used():
    """A TIE Advanced with 1 shield uses its Deuterium Power Cells in the System Phase."""
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), shields=1,
                 upgrades=["deuteriumpowercells"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(Sweep("system"), phase="system")
    answer(game, "use_ability", "use", x1)
    return game, x1


def test_deuterium_power_cells_recover_a_shield_in_the_system_phase():
    """Deuterium Power Cells: in the System Phase the ship may spend 1 charge and gain a
    disarm token to recover 1 shield (the card gives the ship a System Phase turn)."""
    game, x1 = power_cells_used()
    # the disarm token is a cost the card's own second ability could replace (RR: FAQ: a
    # replaced cost still pays): declined here
    answer(game, "replacement", "decline", x1)
    ship = game.state.ships[x1]
    assert ship.shields == 2 and ship.has(Token.DISARM)
    assert ship.charges["deuteriumpowercells"].active == 1


def test_deuterium_power_cells_may_replace_their_own_disarm_cost():
    game, x1 = power_cells_used()
    answer(game, "replacement", "use", x1)
    ship = game.state.ships[x1]
    assert ship.shields == 2 and ship.stressed and not ship.has(Token.DISARM)
    assert ship.charges["deuteriumpowercells"].active == 0


def test_deuterium_power_cells_need_a_lost_shield():
    sc = Scene()
    sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["deuteriumpowercells"])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.at(Sweep("system"), phase="system")
    assert game.decision is None


@pytest.mark.parametrize("use", [True, False])
def test_deuterium_power_cells_take_stress_instead_of_another_token(use):
    """... and unstressed, before gaining 1 token other than a lock, the ship may spend 1
    charge to gain a stress token instead (here instead of a jam token)."""
    sc = Scene()
    x1 = sc.ship("tempestsquadronpilot", at=(400, 300, 0), upgrades=["deuteriumpowercells"],
                 tokens={"focus": 1})
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    start_at(game, Give(x1, "jam", 1, applier=1), phase="activation")
    answer(game, "replacement", "use" if use else "decline", x1)
    pass_all(game)
    ship = game.state.ships[x1]
    if use:
        assert ship.stressed and ship.has(Token.FOCUS) and not ship.has(Token.JAM)
    else:
        # the jam token takes the focus token with it
        assert not ship.stressed and not ship.has(Token.FOCUS)


# ---------------------------------------------------------------- Pattern Analyzer
def analyzer_game(upgrades, dial):
    sc = Scene()
    tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 850, 180))
    game = sc.game()
    game.state.ships[tie].dial_set = dial
    from tallon.engine.rounds import Activate

    start_at(game, Activate(tie), phase="activation")
    return game, tie


def test_pattern_analyzer_acts_before_the_red_maneuvers_stress():
    """Pattern Analyzer: while fully executing a red maneuver, before the Check Difficulty
    step, the ship may perform 1 action (it is not yet stressed)."""
    game, tie = analyzer_game(["patternanalyzer"], "3KR")
    assert not game.state.ships[tie].stressed
    answer(game, "use_ability", "focus", tie)
    ship = game.state.ships[tie]
    assert ship.has(Token.FOCUS) and ship.stressed


def test_pattern_analyzer_not_for_white_maneuvers_and_not_without_it():
    game, tie = analyzer_game(["patternanalyzer"], "2TW")
    assert game.decision.kind == "perform_action"
    game, tie = analyzer_game([], "3KR")
    assert game.decision is None and not game.state.ships[tie].tokens.get(Token.FOCUS)


# ------------------------------------------------------------ Targeting Synchronizer
@pytest.mark.parametrize("upgrades, offered", [(["targetingsynchronizer"], True),
                                               ([], False)])
def test_targeting_synchronizer_lends_its_lock_to_a_friend(upgrades, offered):
    """Targeting Synchronizer: a friendly ship at range 1-2 attacking a ship the card's
    ship has locked ignores the [lock] attack requirement (proton torpedoes without its
    own lock)."""
    sc = Scene()
    sc.ship("tempestsquadronpilot", at=(250, 300, 0), locks=["p2.1"], upgrades=upgrades)
    bomber = sc.ship("stormsquadronace", at=(400, 300, 0), upgrades=["protontorpedoes"])
    sc.ship("academypilot", player=2, at=(400, 550, 180))
    from tallon.engine.attack import Engage

    game = sc.at(Engage(bomber))
    weapons = {o.info["weapon"] for o in game.decision.options if o.info}
    assert ("protontorpedoes" in weapons) is offered


# ---------------------------------------------------------------- Ferrosphere Paint
def painted(x: float, upgrades: tuple[str, ...] = ("ferrospherepaint",)):
    """A TIE Advanced at (400, 500) facing down locks the T-65 at (x, 300) (range 2, in its
    front arc; in its bullseye only at x = 400)."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(x, 300, 0), upgrades=list(upgrades))
    tie = sc.ship("tempestsquadronpilot", player=2, at=(400, 500, 180))
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
    answer(game, "perform_action", "lock", tie)
    if game.decision is not None and game.decision.kind == "lock_target":
        game.answer(ship)
    return game, ship, tie


class TestFerrospherePaint:
    def test_the_locking_ship_chooses_stress(self):
        """Ferrosphere Paint: after an enemy locks the ship from outside its bullseye arc,
        that enemy gains a stress token unless its player breaks the lock. Player 2 is
        asked; keeping the lock, the TIE is stressed."""
        game, ship, tie = painted(470)
        d = game.decision
        assert d.kind == "use_ability" and d.player == 2
        assert set(d.option_keys()) == {"stress", "break"}
        game.answer("stress")
        t = game.state.ships[tie]
        assert t.count(Token.STRESS) == 1 and t.locks == [ship]

    def test_the_locking_ship_breaks_its_lock(self):
        """Breaking the lock instead: no stress, no lock."""
        game, _, tie = painted(470)
        assert game.decision.kind == "use_ability" and game.decision.player == 2
        game.answer("break")
        t = game.state.ships[tie]
        assert not t.stressed and t.locks == []

    def test_in_the_bullseye_nothing_happens(self):
        """The T-65 is in the TIE's bullseye arc: the paint does nothing; the TIE keeps its
        lock without stress."""
        game, ship, tie = painted(400)
        assert game.decision is None or game.decision.kind != "use_ability"
        t = game.state.ships[tie]
        assert t.locks == [ship] and not t.stressed

    def test_without_the_paint_no_question(self):
        game, ship, tie = painted(470, upgrades=())
        t = game.state.ships[tie]
        assert t.locks == [ship] and not t.stressed


# ------------------------------------------------------- Automated Target Priority
ATP = "automatedtargetpriority"


def two_ties(upgrades: list[str], dice: list[str] = ()):
    """A T-65 at (400, 300) engaging; TIEs in its front arc at range 1 (p2.1) and range 2
    (p2.2)."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=(400, 420, 180))
    sc.ship("academypilot", player=2, at=(520, 560, 180))
    game = sc.at(Engage(ship))
    load_dice(game, dice, ["blank"] * 3)
    return game, ship


class TestAutomatedTargetPriority:
    def test_only_the_closest_valid_range_may_be_declared(self):
        """With the card the T-65 must choose a defender at the closest valid attack range
        (range 1): the TIE at range 2 is not offered; without it both are."""
        game, _ = two_ties([ATP])
        assert set(values(game)) == {"primary:front@p2.1", "none"}
        game, _ = two_ties([])
        assert {"primary:front@p2.1", "primary:front@p2.2"} <= set(values(game))

    def test_a_miss_puts_a_calculate_token_on_the_card_for_later(self):
        """The attack misses: a calculate token goes on the card; before the ship next
        engages it may remove it to gain a calculate token."""
        game, ship = two_ties([ATP], ["blank", "blank", "blank", "blank"])
        answer(game, "declare_attack", "primary:front@p2.1", ship)
        pass_all(game)
        s = game.state.ships[ship]
        assert recalled(s, f"{ATP}:calculate") == 1 and not s.has(Token.CALCULATE)
        start_at(game, Engage(ship))
        answer(game, "use_ability", "use", ship)
        assert s.has(Token.CALCULATE) and recalled(s, f"{ATP}:calculate") is None

    def test_a_hit_puts_nothing_on_the_card(self):
        """The attack hits: no token on the card, nothing offered before engaging."""
        game, ship = two_ties([ATP], ["hit", "blank", "blank", "blank"])
        answer(game, "declare_attack", "primary:front@p2.1", ship)
        pass_all(game)
        s = game.state.ships[ship]
        assert recalled(s, f"{ATP}:calculate") is None
        start_at(game, Engage(ship))
        assert game.decision.kind == "declare_attack"


# -------------------------------------------------------------- Biohexacrypt Codes
BIO = "biohexacryptcodes"


class TestBiohexacryptCodes:
    def jamming(self, upgrades: list[str]):
        """The ship locks a TIE at range 3: too far to jam (RR: JAM)."""
        sc = Scene()
        ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades,
                       locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(400, 600, 180))
        return sc.at(JamAction(ship), phase="activation"), ship

    def test_spends_the_lock_to_jam_a_ship_at_any_range(self):
        """Biohexacrypt Codes: jamming, the ship spends its lock on the TIE to choose it
        despite the range: the TIE gains a jam token, the lock is spent."""
        game, ship = self.jamming([BIO])
        answer(game, "jam_target", "p2.1", ship)
        assert game.state.ships[ship].locks == []
        # the jammed TIE, without green tokens or locks, keeps the jam token (RR: JAM)
        assert game.state.ships["p2.1"].has(Token.JAM)

    def test_without_the_card_the_jam_fails(self):
        game, ship = self.jamming([])
        assert game.decision is None and game.state.ships[ship].locks == ["p2.1"]

    def test_coordinates_a_locked_friend_at_range_three(self):
        """Coordinating, the ship may spend its lock on a friend at range 3 to choose it:
        the friend may then perform an action."""
        def coordinating(upgrades: list[str]):
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades,
                           locks=["p1.2"])
            sc.ship("redsquadronveteran", at=(140, 300, 0))
            sc.ship("academypilot", player=2, at=(400, 850, 180))
            return sc.at(CoordinateAction(ship), phase="activation"), ship

        game, ship = coordinating([BIO])
        answer(game, "coordinate_target", "p1.2", ship)
        assert game.decision.kind == "perform_action" and game.decision.ship == "p1.2"
        assert game.state.ships[ship].locks == []
        game, ship = coordinating([])
        assert game.decision is None  # nobody at range 1-2: the coordinate fails


# ------------------------------------------------------------ Hyperspace Tracking Data
HTD = "hyperspacetrackingdata"


def setting_up(upgrades: list[str]) -> Game:
    """The game's setup up to its first decision after the obstacles: p1 has a T-65
    (initiative 3, ``upgrades``) and an X-wing escort, p2 a TIE (initiative 1)."""
    sc = Scene()
    sc.ship("redsquadronveteran", upgrades=upgrades)
    sc.ship("bluesquadronescort")
    sc.ship("academypilot", player=2)
    game = Game(GameSetup(squads=sc._squads(), seed=3, cards=sc.cards))
    while game.decision is not None and game.decision.kind == "place_obstacle":
        game.answer(game.decision.options[0].key)
    return game


class TestHyperspaceTrackingData:
    def test_places_forces_at_the_chosen_initiative(self):
        """Before placing forces the player chooses initiative 0 for the T-65: it is placed
        before the initiative-1 TIE (RR: SETUP step 5), and after setup each friendly ship
        at range 0-2 gets the focus or evade token chosen for it."""
        game = setting_up([HTD])
        answer(game, "use_ability", "0", "p1.1")
        assert game.decision.kind == "place_ship" and game.decision.ship == "p1.1"
        while game.decision.kind in ("place_ship", "upgrade_side"):
            game.answer(game.decision.options[0].key)
        answer(game, "use_ability", "evade", "p1.1")  # its own token (range 0)
        answer(game, "use_ability", "focus", "p1.2")  # the escort's
        ships = game.state.ships
        assert ships["p1.1"].has(Token.EVADE) and ships["p1.2"].has(Token.FOCUS)
        assert ships["p1.1"].current_initiative == 3  # the first round restores it

    def test_declined_the_usual_order(self):
        """Declined, the T-65 keeps initiative 3: the TIE (initiative 1) is placed first.
        The tokens are still assigned."""
        game = setting_up([HTD])
        answer(game, "use_ability", "decline", "p1.1")
        assert game.decision.ship == "p2.1"

    def test_without_the_card(self):
        game = setting_up([])
        assert game.decision.kind == "place_ship" and game.decision.ship == "p2.1"


# ---------------------------------------------------------------- Sensor Scramblers
SCRAMBLERS = "sensorscramblers"


def scrambled(upgrades: list[str], enemy_at: tuple[float, float, float] = (400, 500, 180)):
    """The ship at (400, 300) after setup (its cloak token, if any, kept); a TIE at
    ``enemy_at``."""
    sc = Scene()
    ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=upgrades)
    sc.ship("academypilot", player=2, at=enemy_at)
    return sc, ship


class TestSensorScramblers:
    def test_setup_gains_a_cloak_token(self):
        """Setup: the ship gains 1 cloak token (placed, it is cloaked); without the card it
        is not."""
        sc, ship = scrambled([SCRAMBLERS])
        assert sc.game().state.ships[ship].cloaked
        sc, ship = scrambled([])
        assert not sc.game().state.ships[ship].cloaked

    def test_cloaked_it_cannot_be_locked(self):
        """A TIE Advanced performs a lock action: the cloaked ship can't be chosen, the only other
        object, so the action fails; uncloaked it is locked."""
        def lock(cloak: int) -> list[str]:
            sc = Scene()
            ship = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=[SCRAMBLERS],
                           tokens={"cloak": cloak})
            tie = sc.ship("tempestsquadronpilot", player=2, at=(400, 500, 180))
            game = sc.at(PerformAction(tie, during_activation=True), phase="activation")
            answer(game, "perform_action", "lock", tie)
            if game.decision is not None:
                answer(game, "lock_target", ship, tie)
            return game.state.ships[tie].locks

        assert lock(1) == [] and lock(0) == ["p1.1"]

    def test_end_phase_with_an_enemy_near_it_must_decloak(self):
        """End Phase, cloaked, a TIE at range 2: the ship must decloak (no "decline"); it
        boosts and loses its cloak token."""
        sc, ship = scrambled([SCRAMBLERS])
        game = sc.at(FireWindow.of("end_phase"), phase="end")
        assert set(values(game)) == {"boost", "left", "right"}
        answer(game, "use_ability", "boost", ship)
        s = game.state.ships[ship]
        assert not s.cloaked and s.pose.y > 300

    def test_a_failed_decloak_loses_the_cloak_token(self):
        """The TIE sits right in front: the boost overlaps it and fails (RR: DECLOAK); the
        ship stays where it is but loses its cloak token."""
        sc, ship = scrambled([SCRAMBLERS], enemy_at=(400, 380, 180))
        game = sc.at(FireWindow.of("end_phase"), phase="end")
        answer(game, "use_ability", "boost", ship)
        s = game.state.ships[ship]
        assert not s.cloaked and s.pose.y == 300

    def test_no_enemy_in_range_no_decloak(self):
        """No enemy at range 0-3: nothing happens, it stays cloaked."""
        sc, ship = scrambled([SCRAMBLERS], enemy_at=(400, 850, 180))
        game = sc.at(FireWindow.of("end_phase"), phase="end")
        assert game.decision is None and game.state.ships[ship].cloaked


# ---------------------------------------------------------------- Sensor Buoy Suite
BUOYS = "sensorbuoysuite"


class TestSensorBuoySuite:
    def test_setup_places_two_buoys_before_the_forces(self):
        """Setup, after the obstacles. Sensor Buoy Suite: before placing forces, place 2
        sensor buoys beyond range 2 of any edge. Player 1 is asked for two spots before any
        ship is placed (every spot offered is more than 200 mm from each edge, whole
        token included); the spot taken is not offered again; then the ships are placed.
        Both buoys are player 1's remotes."""
        game = setting_up([BUOYS])
        d = game.decision
        assert d.kind == "place_remote" and d.player == 1
        for key in d.option_keys():
            x, y = (float(v) for v in key.split(","))
            assert min(x, y, 914.4 - x, 914.4 - y) - 16 > 200
        first = d.option_keys()[0]
        game.answer(first)
        assert game.decision.kind == "place_remote"
        assert first not in game.decision.option_keys()
        game.answer(game.decision.option_keys()[-1])
        assert game.decision.kind == "place_ship"
        buoys = game.state.remotes_of(1)
        assert [b.pilot for b in buoys] == ["sensorbuoy", "sensorbuoy"]
        x, _, y = first.partition(",")
        assert buoys[0].body.circle[:2] == pytest.approx((float(x), float(y)))

    def test_without_the_card_no_buoys(self):
        """Without the card the first decision after the obstacles places a ship."""
        game = setting_up([])
        assert game.decision.kind == "place_ship" and not game.state.remotes_of()

    @staticmethod
    def engaging(enemy_at, buoy_player=1, upgrades=(BUOYS,)):
        """p1.1 at (100, 100) engages; a TIE at ``enemy_at``; a buoy (tab at (400, 700))."""
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(100, 100, 0), upgrades=list(upgrades))
        sc.ship("academypilot", player=2, at=enemy_at)
        sc.remote(BUOYS, player=buoy_player, at=(400, 700, 0))
        return sc.at(Engage(me)), me

    def test_before_engaging_lock_a_ship_near_a_friendly_buoy(self):
        """The TIE at range 1 of the buoy, far beyond range 3 of the X-wing. Sensor Buoy
        Suite: before it engages, the ship may acquire a lock on a ship at range 0-1 of a
        friendly sensor buoy, ignoring range restrictions. It is offered and locks the
        TIE."""
        game, me = self.engaging((400, 800, 180))
        assert set(values(game)) == {"p2.1", "decline"}
        answer(game, "use_ability", "p2.1", me)
        assert game.state.ships[me].locks == ["p2.1"]

    def test_not_beyond_range_1_of_the_buoy(self):
        """The TIE at range 2 of the buoy: nothing is offered before engaging."""
        game, me = self.engaging((400, 880, 180))
        assert not (game.decision and game.decision.kind == "use_ability")
        assert game.state.ships[me].locks == []

    def test_not_with_an_enemy_buoy_or_without_the_card(self):
        """The buoy is player 2's, or the X-wing lacks the card: nothing is offered."""
        for game, me in (self.engaging((400, 800, 180), buoy_player=2),
                         self.engaging((400, 800, 180), upgrades=())):
            assert not (game.decision and game.decision.kind == "use_ability")
            assert game.state.ships[me].locks == []
