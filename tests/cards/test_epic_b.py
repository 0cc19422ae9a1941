"""Epic upgrades of src/tallon/cards/upgrades/epic_b.py: Trident, Grappler, Bombardment
Specialists, Luminous.

Scenes: a Trident-class assault ship (Lawless Pirates: 3 energy, a 195 mm base) or a CR90
(Alderaanian Guard, a 225 mm base) of player 1 faces +y at (457, 300); its sides are at x
417 and 497. TIE/ln fighters (Academy Pilot, a 40 mm base: one tractor token tractors it)
and Lambda shuttles (Omicron Group Pilot, an 80 mm base) of player 2 stand in range bands of
100 mm from an edge."""

from __future__ import annotations

import pytest

from tallon.data import load_cards
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.decisions import IllegalChoiceError
from tallon.engine.deployment import placing, shape_of
from tallon.engine.game import Game, GameSetup
from tallon.engine.huge_moves import energy
from tallon.engine.loadout import ENERGY
from tallon.engine.reserve import in_reserve
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.geometry import Pose, at_range
from tallon.scene import Scene, declare, load_dice, start_at
from tallon.squads import Rule, build_squad, check_squad, rules_for
from tests.cards.helpers import activation, skip_dice, values

TRIDENT_SHIP = "lawlesspirates"
CR90 = "alderaanianguard"
GR75 = "echobaseevacuees"
TIE = "academypilot"
SHUTTLE = "omicrongrouppilot"
#: a TIE's centre 30 mm ahead of the Trident's front edge, facing it (a speed 2 bumps it)
TIE_AHEAD = 300 + 97.5 + 20 + 30


def _ask(game: Game) -> str | None:
    """The prompt of the pending use_ability question, or None."""
    d = game.decision
    return d.prompt if d is not None and d.kind == "use_ability" else None


# ------------------------------------------------------------------------------ Trident
class TestTrident:
    def _bumped(self, upgrades, tokens=None) -> Game:
        sc = Scene(seed=1)
        sc.ship(TRIDENT_SHIP, at=(457, 300, 0), upgrades=upgrades)
        tie = sc.ship(TIE, player=2, at=(457, TIE_AHEAD, 180), tokens=tokens)
        return activation(sc, tie, "2F")

    def test_a_ship_that_overlaps_the_trident_gains_3_tractor_tokens(self):
        """Situation: a TIE flies a 2 straight into the Trident's front and bumps it.
        Card: after a ship overlaps you, if it is not tractored, you may spend 1 energy;
        it gains 3 tractor tokens. Expected: asked; using it spends 1 of the 4 energy
        (Trident adds 1) and the TIE has 3 tractor tokens. Without the card: no question,
        no tokens."""
        game = self._bumped(["trident"])
        assert "3 tractor tokens" in (_ask(game) or "")
        game.answer("use")
        tie, trident = game.state.ships["p2.1"], game.state.ships["p1.1"]
        assert tie.count(Token.TRACTOR) == 3 and energy(trident) == 3
        plain = self._bumped([])
        assert _ask(plain) is None
        assert plain.state.ships["p2.1"].count(Token.TRACTOR) == 0

    def test_not_for_a_ship_already_tractored(self):
        """Situation: the bumping TIE has a tractor token already (tractored). Card: only
        if it is not tractored. Expected: no question; energy stays 4."""
        game = self._bumped(["trident"], tokens={"tractor": 1})
        assert _ask(game) is None
        assert energy(game.state.ships["p1.1"]) == 4
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 1

    def test_declining_keeps_the_energy(self):
        """Situation: the TIE bumps the Trident; its player declines. Card: "may".
        Expected: 4 energy, no tractor token."""
        game = self._bumped(["trident"])
        game.answer("decline")
        assert energy(game.state.ships["p1.1"]) == 4
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 0

    def test_a_ship_the_trident_overlaps_gains_them_too(self):
        """Situation: the Trident flies a 2 straight over a TIE 50 mm ahead of it (the TIE
        is set aside and placed again by its owner). Card: after you overlap a ship.
        Expected: asked after the TIE is placed again; using it gives the TIE 3 tractor
        tokens."""
        sc = Scene(seed=1)
        sc.ship(TRIDENT_SHIP, at=(457, 300, 0), upgrades=["trident"])
        sc.ship(TIE, player=2, at=(457, 300 + 97.5 + 20 + 50, 180))
        game = activation(sc, "p1.1", "2F")
        while game.decision is not None and game.decision.kind != "use_ability":
            assert game.decision.kind in ("place_picked_up", "turn_picked_up")
            game.answer(values(game)[0])
        assert "3 tractor tokens" in (_ask(game) or "")
        game.answer("use")
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 3

    def test_a_huge_ship_that_overlaps_the_trident(self):
        """Situation: an enemy Raider 30 mm ahead of the Trident flies a 2 straight at it
        (it overlaps the Trident and executes a speed 0 maneuver instead). Card: after a
        ship overlaps you. Expected: asked; using it gives the Raider 3 tractor tokens."""
        sc = Scene(seed=1)
        sc.ship(TRIDENT_SHIP, at=(457, 300, 0), upgrades=["trident"])
        sc.ship("outerrimpatrol", player=2, at=(457, 397.5 + 30 + 112.5, 180))
        game = activation(sc, "p2.1", "2F")
        assert "3 tractor tokens" in (_ask(game) or "")
        game.answer("use")
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 3

    def test_a_maneuver_that_overlaps_nothing_does_not_trigger(self):
        """Situation: the TIE's 1 straight stops short of the Trident. Card: only after an
        overlap. Expected: no question."""
        sc = Scene(seed=1)
        sc.ship(TRIDENT_SHIP, at=(457, 300, 0), upgrades=["trident"])
        sc.ship(TIE, player=2, at=(457, TIE_AHEAD + 200, 180))
        game = activation(sc, "p2.1", "1F")
        assert _ask(game) is None
        assert game.state.ships["p2.1"].count(Token.TRACTOR) == 0


# ----------------------------------------------------------------------------- Grappler
def _drill(upgrades, tractored: bool) -> Game:
    """A TIE 40 mm behind the Trident's rear edge (range 1); the Drill Beak rolls 2 hits."""
    sc = Scene(seed=5)
    sc.ship(TRIDENT_SHIP, at=(457, 300, 0), upgrades=upgrades)
    sc.ship(TIE, player=2, at=(457, 180, 0), tokens={"tractor": 1} if tractored else None)
    game = sc.at(Engage("p1.1"))
    load_dice(game, ["hit", "hit", "blank"], ["blank"] * 3)
    game.answer("drillbeak@p2.1")
    while game.decision is not None and game.decision.kind != "declare_attack":
        keys = game.decision.option_keys()
        game.answer("done" if "done" in keys else keys[0])
    return game


class TestGrappler:
    def test_a_tractored_defender_at_range_1_takes_critical_hits(self):
        """Situation: the tractored TIE at range 1 behind the Trident; the Drill Beak rolls
        2 hits. Card: a Drill Beak attack at range 1 against a tractored defender is
        treated as at range 0 (where the beak turns every hit into a critical hit).
        Expected: 2 faceup damage cards; without Grappler 2 facedown ones."""
        game = _drill(["drillbeak", "grappler"], tractored=True)
        assert [d.faceup for d in game.state.ships["p2.1"].damage] == [True, True]
        plain = _drill(["drillbeak"], tractored=True)
        assert [d.faceup for d in plain.state.ships["p2.1"].damage] == [False, False]

    def test_not_against_a_defender_that_is_not_tractored(self):
        """Situation: the same attack, the TIE without a tractor token. Card: only if the
        defender is tractored. Expected: 2 facedown damage cards."""
        game = _drill(["drillbeak", "grappler"], tractored=False)
        assert [d.faceup for d in game.state.ships["p2.1"].damage] == [False, False]


# -------------------------------------------------------------- Bombardment Specialists
#: a shuttle's centre beside the CR90's right side at range 2 and 3 (an 80 mm base)
SHUTTLE_R2, SHUTTLE_R3 = 677, 777


def _battery(x: float, upgrades, calculate: bool) -> Game:
    """The CR90's Point-Defense Battery (range 1-2, double turret pointing right and left)
    at its engagement, a shuttle to its right."""
    sc = Scene(seed=5)
    sc.ship(CR90, at=(457, 300, 0), upgrades=["pointdefensebattery", *upgrades],
            turret="right", tokens={"calculate": 1} if calculate else None)
    sc.ship(SHUTTLE, player=2, at=(x, 300, 0))
    return sc.at(Engage("p1.1"))


def _offered(game: Game, key: str) -> bool:
    return game.decision is not None and key in game.decision.option_keys()


class TestBombardmentSpecialists:
    def test_a_calculate_token_lets_the_battery_reach_range_3(self):
        """Situation: the shuttle at range 3 of the CR90's right side; the battery reaches
        range 1-2; the CR90 has a calculate token. Card: while you perform an attack you
        may spend 1 calculate token to raise or lower the range requirement by 1 (0-5).
        Expected: the battery may attack the shuttle; the token is spent as it is
        declared; the attack is at range 3. Without the card it can't be declared."""
        game = _battery(SHUTTLE_R3, ["bombardmentspecialists"], calculate=True)
        assert _offered(game, "pointdefensebattery@p2.1")
        load_dice(game, ["blank", "blank"], ["blank"] * 3)
        game.answer("pointdefensebattery@p2.1")
        assert not game.state.ships["p1.1"].has(Token.CALCULATE)
        assert any("Point-Defense Battery at range 3" in e["text"] for e in game.log)
        # the token is gone: a second battery attack can't reach the shuttle
        assert not _offered(game, "pointdefensebattery@p2.1")
        plain = _battery(SHUTTLE_R3, [], calculate=True)
        assert not _offered(plain, "pointdefensebattery@p2.1")

    def test_a_range_2_4_battery_reaches_range_5(self):
        """Situation: the CR90 (at y 150, its front edge at y 262.5) with Ion Cannon Battery
        (range 2-4, single turret pointing front) and a calculate token; a shuttle straight
        ahead at range 5. Card: the range requirement 1 higher, to a limit of 5 (a huge
        ship's arc reaches that far). Expected: the battery may attack it; without the card
        nothing can."""
        def scene(upgrades):
            sc = Scene(seed=5)
            sc.ship(CR90, at=(457, 150, 0), upgrades=["ioncannonbattery", *upgrades],
                    turret="front", tokens={"calculate": 1})
            sc.ship(SHUTTLE, player=2, at=(457, 262.5 + 40 + 450, 180))
            return sc.at(Engage("p1.1"))

        assert _offered(scene(["bombardmentspecialists"]), "ioncannonbattery@p2.1")
        assert not _offered(scene([]), "ioncannonbattery@p2.1")

    def test_without_a_calculate_token_the_printed_range_holds(self):
        """Situation: the same shuttle at range 3, no calculate token. Card: the token is
        the cost. Expected: the battery can't attack it."""
        game = _battery(SHUTTLE_R3, ["bombardmentspecialists"], calculate=False)
        assert not _offered(game, "pointdefensebattery@p2.1")

    def test_at_the_printed_range_the_token_stays(self):
        """Situation: the shuttle at range 2 (inside the battery's range). Card: the token
        is spent only to change the requirement. Expected: the attack is declared and the
        calculate token stays for the dice."""
        game = _battery(SHUTTLE_R2, ["bombardmentspecialists"], calculate=True)
        load_dice(game, ["blank", "blank"], ["blank"] * 3)
        game.answer("pointdefensebattery@p2.1")
        skip_dice(game, "declare_attack")
        assert game.state.ships["p1.1"].has(Token.CALCULATE)


# --------------------------------------------------------------------- Boosted Scanners
def _ahead(band: int) -> float:
    """The y of a small ship's centre straight ahead of the GR-75, at range ``band``."""
    return 300 + 97.5 + 20 + 100 * band - 50


def _scanning(action: str, band: int, upgrades, energy_left: int | None = None,
              x: float = 457) -> Game:
    """The GR-75 (Echo Base Evacuees: 4 energy; lock is red on its bar) performs
    ``action``; for a coordinate an X-wing stands at range ``band`` (an enemy TIE far away),
    else the enemy TIE does."""
    sc = Scene(seed=1)
    setup = {} if energy_left is None else {"charges": {ENERGY: energy_left}}
    sc.ship(GR75, at=(457, 300, 0), upgrades=upgrades, **setup)
    if action == "coordinate":
        sc.ship("redsquadronveteran", at=(x, _ahead(band), 0))
        sc.ship(TIE, player=2, at=(100, 850, 180))
    else:
        sc.ship(TIE, player=2, at=(x, _ahead(band), 180))
    game = sc.game()
    start_at(game, PerformAction("p1.1", during_activation=True), phase="activation")
    game.answer(action)
    return game


def _target_offer(game: Game, kind: str, target: str) -> str | None:
    d = game.decision
    if d is None or d.kind != kind:
        return None
    return next((o.label for o in d.options if o.key == target), None)


class TestBoostedScanners:
    def test_a_lock_at_range_5_for_2_energy(self):
        """Situation: the GR-75 locks; the only enemy is at range 5 ahead. Card: while you
        lock you may spend up to 3 energy to choose an object 1 range farther per energy
        (to range 5). Expected: the TIE is offered for 2 energy; locking it spends them
        (and 1 more for the red lock's stress: 1 left). Without the card the lock finds
        nothing to choose."""
        game = _scanning("lock", 5, ["boostedscanners"])
        assert "2 charge(s) of energy" in (_target_offer(game, "lock_target", "p2.1") or "")
        game.answer("p2.1")
        ship = game.state.ships["p1.1"]
        assert ship.locks == ["p2.1"] and energy(ship) == 1
        plain = _scanning("lock", 5, [])
        assert _target_offer(plain, "lock_target", "p2.1") is None
        assert plain.state.ships["p1.1"].locks == []

    def test_a_lock_within_range_3_costs_nothing(self):
        """Situation: the enemy at range 3 ahead. Card: energy only to reach farther.
        Expected: offered without cost; after the lock 3 energy are left (1 spent on the
        red lock's stress only)."""
        game = _scanning("lock", 3, ["boostedscanners"])
        assert "energy" not in (_target_offer(game, "lock_target", "p2.1") or "energy")
        game.answer("p2.1")
        assert energy(game.state.ships["p1.1"]) == 3

    def test_not_beyond_what_the_energy_pays(self):
        """Situation: the enemy at range 5, the GR-75 with 1 energy (range 5 needs 2).
        Card: 1 range per energy spent. Expected: the TIE is not offered."""
        game = _scanning("lock", 5, ["boostedscanners"], energy_left=1)
        assert _target_offer(game, "lock_target", "p2.1") is None

    def test_a_jam_in_the_front_arc_at_range_4_for_2_energy(self):
        """Situation: the GR-75 jams; the TIE at range 4 in its front arc (the jam reaches
        range 2 there). Card: 1 range per energy. Expected: offered for 2 energy; the TIE
        gains a jam token and 2 energy are left. Without the card the jam has no target."""
        game = _scanning("jam", 4, ["boostedscanners"])
        assert "2 energy" in (_target_offer(game, "jam_target", "p2.1") or "")
        game.answer("p2.1")
        assert game.state.ships["p2.1"].count(Token.JAM) == 1
        assert energy(game.state.ships["p1.1"]) == 2
        plain = _scanning("jam", 4, [])
        assert _target_offer(plain, "jam_target", "p2.1") is None
        assert plain.state.ships["p2.1"].count(Token.JAM) == 0

    def test_a_jam_outside_the_front_arc_counts_from_range_1(self):
        """Situation: the TIE beside the GR-75's right side at range 3 (outside its front
        arc, where the jam reaches range 1). Card: 1 range per energy. Expected: offered
        for 2 energy (not 1)."""
        # the TIE's centre at y 367.5: wholly behind the GR-75's front edge (y 397.5)
        game = _scanning("jam", 0, ["boostedscanners"], x=497 + 20 + 250)
        assert "2 energy" in (_target_offer(game, "jam_target", "p2.1") or "")

    def test_a_coordinate_at_range_4_for_2_energy(self):
        """Situation: the GR-75 coordinates; the friendly X-wing at range 4 ahead. Card:
        coordinate 1 range farther per energy. Expected: the X-wing is offered; choosing it
        spends 2 energy and the X-wing may perform an action. Without the card no ship can
        be coordinated."""
        game = _scanning("coordinate", 4, ["boostedscanners"])
        assert _target_offer(game, "coordinate_target", "p1.2") is not None
        game.answer("p1.2")
        assert energy(game.state.ships["p1.1"]) == 2
        assert game.decision.kind == "perform_action" and game.decision.ship == "p1.2"
        plain = _scanning("coordinate", 4, [])
        assert _target_offer(plain, "coordinate_target", "p1.2") is None

    def test_a_coordinate_within_range_2_costs_nothing(self):
        """Situation: the X-wing at range 2 ahead. Card: energy only to reach farther.
        Expected: coordinated with 4 energy left."""
        game = _scanning("coordinate", 2, ["boostedscanners"])
        game.answer("p1.2")
        assert energy(game.state.ships["p1.1"]) == 4


# ----------------------------------------------------------------------------- Luminous
def _setup(sc: Scene) -> tuple[Game, list[tuple[str, str | None]]]:
    """Setup answered with first options until a card placement is asked (or the first
    round begins); the kinds asked on the way."""
    game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards))
    asked = []
    while game.decision is not None and game.state.phase == "setup":
        d = game.decision
        asked.append((d.kind, d.ship))
        if d.kind == "card_placement":
            break
        game.answer(d.options[0].key)
    return game, asked


class TestLuminous:
    def test_the_gr75_starts_in_reserve_and_is_placed_near_a_friend(self):
        """Situation: a GR-75 with Luminous, a friendly X-wing and an enemy TIE. Card:
        Setup: you are placed in reserve; at the end of setup you are placed at range 0-2
        of a friendly ship. Expected: Place Forces asks no place for the GR-75; after the
        others are placed its player places it, every offered place at range 0-2 of the
        X-wing; the answer puts it there. Without the card it is placed in Place Forces."""
        sc = Scene()
        gr75 = sc.ship(GR75, upgrades=["luminous"])
        wing = sc.ship("redsquadronveteran")
        sc.ship(TIE, player=2)
        game, asked = _setup(sc)
        assert ("place_ship", gr75) not in asked and ("place_ship", wing) in asked
        d = game.decision
        assert d.kind == "card_placement" and d.ship == gr75
        assert in_reserve(game, game.state.ships[gr75])
        friend = game.state.ships[wing].body
        ship = game.state.ships[gr75]
        assert d.options
        for option in d.options:
            pose = Pose(option.info["x"], option.info["y"], option.info["heading"])
            assert at_range(placing(shape_of(ship), pose), friend, 0, 2)
        game.answer(d.options[0].key)
        ship = game.state.ships[gr75]
        assert ship.in_play and at_range(ship.body, friend, 0, 2)

        plain = Scene()
        plain.ship(GR75)
        plain.ship("redsquadronveteran")
        plain.ship(TIE, player=2)
        _, asked_plain = _setup(plain)
        assert ("place_ship", "p1.1") in asked_plain
        assert not any(kind == "card_placement" for kind, _ in asked_plain)

    def test_a_place_far_from_every_friend_is_refused(self):
        """Situation: the GR-75's placement; a free answer in the middle of the play area,
        beyond range 2 of the X-wing on player 1's edge. Card: range 0-2 of a friendly
        ship. Expected: refused (the enemy TIE does not count)."""
        sc = Scene()
        gr75 = sc.ship(GR75, upgrades=["luminous"])
        sc.ship("redsquadronveteran")
        sc.ship(TIE, player=2)
        game, _ = _setup(sc)
        d = game.decision
        assert d.kind == "card_placement" and d.ship == gr75
        with pytest.raises(IllegalChoiceError, match="friendly"):
            game.answer({"x": 457, "y": 600, "heading": 0})
        assert in_reserve(game, game.state.ships[gr75])



# ------------------------------------------------------------------------------- Bounty
def _bounty_attack(defender: str, hits: int = 4, bounty_side: int = 0) -> Game:
    """The C-ROC (Syndicate Smugglers) with Bounty and Tibanna Reserves (1 of its 3
    charges left) attacks a TIE ahead at range 2 with ``hits`` hits (the TIE rolls
    blanks); the game waits at the first decision after the dice."""
    sc = Scene(seed=1)
    sc.ship("syndicatesmugglers", at=(457, 300, 0), upgrades=["bounty", "tibannareserves"],
            charges={"tibannareserves": 1})
    sc.ship(defender, player=2, at=(457, 300 + 97.5 + 20 + 150, 180))
    game = sc.game()
    if bounty_side:
        ship = game.state.ships["p1.1"]
        ship.cards = tuple((k, x, bounty_side if x == "bounty" else s)
                           for k, x, s in ship.cards)
    start_at(game, Engage("p1.1"), phase="engagement")
    load_dice(game, ["hit"] * hits + ["blank"] * (4 - hits), ["blank"] * 4)
    declare(game, "p1.1", "p2.1")
    skip_dice(game, "use_ability")
    return game


def _bounty_side(game: Game) -> int:
    return next(s for k, x, s in game.state.ships["p1.1"].cards if x == "bounty")


class TestBounty:
    def test_destroying_a_limited_ship_recovers_charges_and_flips_it(self):
        """Situation: the C-ROC destroys "Night Beast" (a limited TIE). Card: after you
        perform an attack, if the defender was a limited ship and was destroyed, you may
        recover 1 charge on your ship card and each upgrade card; then flip this card.
        Expected: asked; using it, Tibanna Reserves goes from 1 to 2 charges and Bounty
        shows its Paid side."""
        game = _bounty_attack("nightbeast")
        assert game.state.ships["p2.1"].destroyed
        assert "limited ship" in (_ask(game) or "")
        game.answer("use")
        ship = game.state.ships["p1.1"]
        assert ship.charges["tibannareserves"].active == 2 and _bounty_side(game) == 1

    def test_declining_keeps_the_card_hired(self):
        """Situation: the same kill; its player declines. Card: "may". Expected: 1 charge,
        Bounty still on its Hired side."""
        game = _bounty_attack("nightbeast")
        game.answer("decline")
        assert game.state.ships["p1.1"].charges["tibannareserves"].active == 1
        assert _bounty_side(game) == 0

    def test_not_for_a_ship_that_is_not_limited(self):
        """Situation: the C-ROC destroys an Academy Pilot (not limited). Card: only a
        limited ship. Expected: no question; the charge is not recovered."""
        game = _bounty_attack("academypilot")
        assert game.state.ships["p2.1"].destroyed and _ask(game) is None
        assert game.state.ships["p1.1"].charges["tibannareserves"].active == 1

    def test_not_when_the_defender_survives(self):
        """Situation: "Night Beast" (hull 3) takes 2 damage and survives. Card: only if it
        was destroyed. Expected: no question."""
        game = _bounty_attack("nightbeast", hits=2)
        assert not game.state.ships["p2.1"].destroyed and _ask(game) is None

    def test_the_paid_side_does_nothing(self):
        """Situation: Bounty already on its Paid side; the C-ROC destroys "Night Beast".
        Card: the Paid side has no ability. Expected: no question, 1 charge."""
        game = _bounty_attack("nightbeast", bounty_side=1)
        assert game.state.ships["p2.1"].destroyed and _ask(game) is None
        assert game.state.ships["p1.1"].charges["tibannareserves"].active == 1

    def test_its_ship_may_join_an_imperial_squad(self):
        """Situation: an epic Imperial squad of two TIEs and a Scum C-ROC. Card: you can be
        included in Separatist, Imperial and First Order squads. Expected: with Bounty the
        faction rule holds; without it the C-ROC breaks it; in a Rebel squad Bounty does not
        help."""
        db = load_cards()
        rules = rules_for("epic", points=200)

        def faction_errors(faction: str, escort: str, upgrades: tuple[str, ...]) -> list:
            squad = build_squad(faction, [(escort, ()), (escort, ()),
                                          ("syndicatesmugglers", upgrades)], db)
            return [e for e in check_squad(squad, db, rules).errors if e.rule == Rule.FACTION]

        assert faction_errors("galacticempire", TIE, ("bounty",)) == []
        assert [e.ship for e in faction_errors("galacticempire", TIE, ())] == [2]
        assert [e.ship for e in faction_errors("rebelalliance", "bluesquadronescort",
                                               ("bounty",))] == [2]


# ----------------------------------------------------------------- Combat Boarding Tube
GAUNTLET = "mandalorianresistancepilot"
COMMANDOS = "clanwrencommandos"


def _boarding(enemy: str, enemy_at, upgrades=(COMMANDOS, "combatboardingtube"),
              **setup) -> Game:
    """The Gauntlet (p1.1, facing +y at (400, 300)) with Clan Wren Commandos (2 charges) at
    its System Phase turn; player 2's ship at ``enemy_at``."""
    sc = Scene()
    sc.ship(GAUNTLET, at=(400.0, 300.0, 0.0), upgrades=list(upgrades), **setup)
    sc.ship(enemy, player=2, at=enemy_at)
    game = sc.at(SystemTurn("p1.1"), phase="system")
    d = game.decision
    if d is not None and d.kind == "order_abilities":
        boarding = [k for k in d.option_keys() if "combatboardingtube" in k]
        game.answer(boarding[0] if boarding else d.option_keys()[0])
    return game


def _boarding_keys(game: Game) -> list[str]:
    d = game.decision
    if d is None or d.kind != "launch_device":
        return []
    return [k for k in d.option_keys() if str(k).startswith(f"{COMMANDOS}@")]


class TestCombatBoardingTube:
    def test_the_team_boards_a_shuttle_behind_and_it_gains_a_token(self):
        """Situation: an enemy Lambda shuttle (large) 20 mm behind the Gauntlet, in its rear
        arc at range 0-1. Card: if you would drop a crew remote, you may place it instead in
        your rear arc at range 0-1, at range 0 of that enemy ship; then it gains a deplete,
        strain or stress token of your choice. Expected: placements by the shuttle are
        offered; the team lands at range 0 of the shuttle, the crew card spends 1 charge,
        and the shuttle gains the chosen deplete token; the crew's own drop is not offered
        again this System Phase. Without the card only the [1 straight] drops are offered."""
        game = _boarding(SHUTTLE, (400.0, 200.0, 0.0))
        keys = _boarding_keys(game)
        assert keys and all("@p2.1@" in k for k in keys)
        game.answer(keys[0])
        assert game.decision.kind == "use_ability"
        assert set(game.decision.option_keys()) == {"deplete", "strain", "stress"}
        game.answer("deplete")
        team = game.state.ships["r1.1"]
        shuttle = game.state.ships["p2.1"]
        assert team.remote and at_range(shuttle.body, team.body, 0)
        assert game.state.ships["p1.1"].charges[COMMANDOS].active == 1
        assert shuttle.count(Token.DEPLETE) == 1
        assert game.decision is None
        plain = _boarding(SHUTTLE, (400.0, 200.0, 0.0), upgrades=(COMMANDOS,))
        assert set(plain.decision.option_keys()) == {"1F/rear", "1F/front", "decline"}

    def test_not_for_a_small_ship(self):
        """Situation: an enemy TIE (small) behind the Gauntlet. Card: medium, large or huge
        ships only. Expected: only the crew card's own drop is offered."""
        game = _boarding(TIE, (400.0, 200.0, 0.0))
        assert _boarding_keys(game) == []
        assert "1F/rear" in game.decision.option_keys()

    def test_not_for_a_ship_outside_the_rear_arc(self):
        """Situation: the shuttle ahead of the Gauntlet at range 1. Card: in your rear arc.
        Expected: no boarding placement."""
        game = _boarding(SHUTTLE, (400.0, 420.0, 180.0))
        assert _boarding_keys(game) == []

    def test_not_without_a_crew_charge(self):
        """Situation: the commando crew card has no charge left. Card: only when you would
        drop a crew remote. Expected: nothing is offered (no decision)."""
        game = _boarding(SHUTTLE, (400.0, 200.0, 0.0), charges={COMMANDOS: 0})
        assert game.decision is None and "r1.1" not in game.state.ships
