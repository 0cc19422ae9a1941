"""B6 Blade Wing Prototype, Moldy Crow, Intercept Booster and Wartime Loadout (with its ship
ability Devastating Barrage): each test sets a scene, states the card's rule and shows the
card changing the outcome (the same scene without it, or the state before and after).

Geometry: player 1's ships face +y, player 2's face -y; small bases are 40 mm, so ships 200
mm apart on one line are at range 2, in each other's bullseye arcs."""

from __future__ import annotations

import pytest

from tallon.cards import CARDS
from tallon.cards.upgrades.leftovers import ATTACHED, BOOSTER, DETACHED
from tallon.data import load_cards
from tallon.engine.effects import flip_upgrade
from tallon.engine.game import Game, GameSetup
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase, SystemTurn
from tallon.engine.state import Token
from tallon.engine.weapons import weapons_of
from tallon.scene import Scene, start_at
from tallon.squads import Rule, build_squad, check_squad, fit_upgrades
from tests.cards.helpers import attack, dice_count, skip_dice, values


def side(ship, card: str) -> int:
    return next(s for kind, xws, s in ship.cards if kind == "upgrade" and xws == card)


def neutralized(game: Game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def _end_phase(sc: Scene) -> Game:
    return sc.at(EndPhase(), FireWindow.of("end_phase_end"), phase="end")


# ------------------------------------------------------ B6 Blade Wing Prototype
class TestB6BladeWingPrototype:
    def test_adds_a_gunner_slot(self):
        """Hera's B-wing has no Gunner slot: Hotshot Gunner finds no room on her bar; with
        B6 Blade Wing Prototype equipped the title adds one and the squad is legal."""
        db = load_cards()
        hera = db.pilot("herasyndulla-asf01bwing")
        gunner, title = db.upgrade("hotshotgunner"), db.upgrade("b6bladewingprototype")
        assert not fit_upgrades(hera, [gunner]).fits
        assert fit_upgrades(hera, [title, gunner]).fits
        squad = build_squad("rebelalliance", [("herasyndulla-asf01bwing",
                                               ["b6bladewingprototype", "hotshotgunner"])])
        assert Rule.UPGRADE_BAR not in [p.rule for p in check_squad(squad).errors]
        bare = build_squad("rebelalliance", [("herasyndulla-asf01bwing", ["hotshotgunner"])])
        assert Rule.UPGRADE_BAR in [p.rule for p in check_squad(bare).errors]

    def test_only_one_gunner_slot_and_a_game_plays_it(self):
        """The title adds exactly 1 Gunner slot: a second gunner still does not fit. A game
        with the title is not refused (its text is the upgrade bar's)."""
        db = load_cards()
        hera = db.pilot("herasyndulla-asf01bwing")
        two = [db.upgrade(x) for x in ("b6bladewingprototype", "hotshotgunner",
                                       "agilegunner")]
        assert not fit_upgrades(hera, two).fits
        sc = Scene()
        sc.ship("herasyndulla-asf01bwing", at=(400, 300, 0),
                upgrades=["b6bladewingprototype", "hotshotgunner"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        assert sc.game().state.ships["p1.1"].upgrades[0] == "b6bladewingprototype"


# ---------------------------------------------------------------- Moldy Crow
def _hwk(upgrades=("moldycrow",), enemy_at=(400, 500, 180), **setup):
    sc = Scene()
    me = sc.ship("rebelscout", at=(400, 300, 0), upgrades=upgrades, **setup)
    enemy = sc.ship("academypilot", player=2, at=enemy_at)
    return sc, me, enemy


class TestMoldyCrow:
    def test_gains_a_front_primary_weapon_of_3(self):
        """An HWK-290 (turret primary weapon of 2) with Moldy Crow attacks a TIE in its
        front arc at range 2 with its new front-arc primary weapon: 3 attack dice. Without
        the title it has no front-arc weapon at all."""
        sc, me, enemy = _hwk()
        game = attack(sc, me, enemy, ["hit"] * 3, ["blank"] * 3, weapon="primary:front")
        skip_dice(game)
        assert dice_count(game, 0) == 3
        sc, me, enemy = _hwk(upgrades=())
        game = sc.game()
        assert [w.id for w in weapons_of(game, game.state.ships[me])] == \
            ["primary:single_turret"]

    def test_the_front_weapon_needs_the_front_arc(self):
        """A TIE behind the HWK (its turret turned to the rear arc): the turret weapon may
        attack it, the front-arc weapon may not."""
        sc, me, enemy = _hwk(enemy_at=(400, 100, 0), turret="rear")
        game = sc.attack(me)
        offered = {(o.info["weapon"], o.info["defender"]) for o in game.decision.options
                   if o.info}
        assert offered == {("primary:single_turret", enemy)}

    def test_keeps_up_to_2_focus_tokens_in_the_end_phase(self):
        """With 3 focus tokens and 1 evade token in the End Phase: Moldy Crow's ship keeps
        2 focus tokens and loses the third and the evade; without the title all go; with 1
        focus token it keeps that one."""
        sc, me, _ = _hwk(focus=3, evade=1)
        ship = _end_phase(sc).state.ships[me]
        assert ship.count(Token.FOCUS) == 2 and not ship.has(Token.EVADE)
        sc, me, _ = _hwk(upgrades=(), focus=3)
        assert not _end_phase(sc).state.ships[me].has(Token.FOCUS)
        sc, me, _ = _hwk(focus=1)
        assert _end_phase(sc).state.ships[me].count(Token.FOCUS) == 1

    def test_only_its_own_focus_tokens(self):
        """An enemy's focus tokens are removed as usual in the End Phase, whatever Moldy
        Crow's ship keeps."""
        sc, me, enemy = _hwk(focus=2)
        sc.entries[1].tokens["focus"] = 2
        game = _end_phase(sc)
        assert game.state.ships[me].count(Token.FOCUS) == 2
        assert not game.state.ships[enemy].has(Token.FOCUS)


# ---------------------------------------------------------- Intercept Booster
def _trifighter(upgrades=(BOOSTER,), **setup):
    sc = Scene()
    me = sc.ship("separatistinterceptor", at=(400, 300, 0), upgrades=upgrades, **setup)
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    return sc, me


def _has_slam(ship) -> bool:
    return any(spec.kind == "slam" for spec in ship.actions)


class TestInterceptBooster:
    def test_starts_attached_without_a_choice(self):
        """Setup: the Attached side is equipped faceup (the owner is not asked), with its 3
        charges and its SLAM action on the bar."""
        squads = (build_squad("separatistalliance", [("separatistinterceptor", [BOOSTER])]),
                  build_squad("galacticempire", [("academypilot", [])]))
        game = Game(GameSetup(squads=squads, seed=3, cards=CARDS))
        kinds = []
        for _ in range(40):
            d = game.decision
            if d is None or d.kind == "set_dial":
                break
            kinds.append(d.kind)
            game.answer(d.options[0].key)
        ship = game.state.ships["p1.1"]
        assert "place_ship" in kinds and "upgrade_side" not in kinds
        assert side(ship, BOOSTER) == ATTACHED and ship.charges[BOOSTER].active == 3
        assert _has_slam(ship)

    def test_system_phase_disarm_unless_flipped(self):
        """System Phase, Attached: the ship must either gain 1 disarm token (the card stays
        attached, SLAM on the bar) or flip the card (no disarm token; the Detached side has
        no SLAM)."""
        sc, me = _trifighter()
        game = sc.at(SystemTurn(me), phase="system")
        assert values(game) == ["disarm", "flip"]
        game.answer("disarm")
        ship = game.state.ships[me]
        assert ship.disarmed and side(ship, BOOSTER) == ATTACHED and _has_slam(ship)
        game = sc.at(SystemTurn(me), phase="system")
        game.answer("flip")
        ship = game.state.ships[me]
        assert not ship.disarmed and side(ship, BOOSTER) == DETACHED and not _has_slam(ship)

    def test_no_system_phase_effect_detached_or_without_it(self):
        """Detached, or without the card: nothing happens in the System Phase (no question,
        no disarm token)."""
        sc, me = _trifighter(upgrades=())
        game = sc.at(SystemTurn(me), phase="system")
        assert game.decision is None and not game.state.ships[me].disarmed
        sc, me = _trifighter()
        game = sc.game()
        flip_upgrade(game, game.state.ships[me], BOOSTER, DETACHED)
        start_at(game, SystemTurn(me), phase="system")
        assert game.decision is None and not game.state.ships[me].disarmed


    @pytest.mark.parametrize("charges, flipped", [(1, True), (3, False)])
    def test_flips_at_the_end_of_the_end_phase_without_charges(self, charges, flipped):
        """End Phase: the booster loses 1 charge (negative recurring); at the end of the
        phase, with no active charge left (1 before: 0 now), it flips to Detached; with 3
        (2 left) it stays attached."""
        sc, me = _trifighter(charges={BOOSTER: charges})
        ship = _end_phase(sc).state.ships[me]
        assert ship.charges[BOOSTER].active == charges - 1
        assert side(ship, BOOSTER) == (DETACHED if flipped else ATTACHED)
        assert _has_slam(ship) is not flipped


# ------------------------------------------------------------ Wartime Loadout
def _ywing(upgrades=("wartimeloadout", "protontorpedoes"), defender_at=(400, 500, 180)):
    sc = Scene()
    me = sc.ship("newrepublicpatrol", at=(400, 300, 0), upgrades=upgrades, locks=["p2.1"])
    enemy = sc.ship("academypilot", player=2, at=defender_at)
    return sc, me, enemy


def _torpedo(sc, me, enemy, weapon="protontorpedoes"):
    game = attack(sc, me, enemy, ["crit"] * 4, ["evade"] * 3,
                  weapon=weapon)
    skip_dice(game)
    return game


class TestWartimeLoadout:
    def test_loadout_slots_stats_and_ship_ability(self):
        """Wartime Loadout adds a torpedo and a missile slot (a second missile fits on Lega
        Fossang, a torpedo on a pilot without one), 2 shields, a white lock and a reload
        action, and replaces Intuitive Interface with Devastating Barrage."""
        db = load_cards()
        lega = db.pilot("legafossang")
        ordnance = [db.upgrade(x) for x in ("protontorpedoes", "concussionmissiles",
                                            "clustermissiles")]
        assert not fit_upgrades(lega, ordnance).fits
        assert fit_upgrades(lega, [db.upgrade("wartimeloadout"), *ordnance]).fits
        sc, me, _ = _ywing()
        ship = sc.game().state.ships[me]
        assert ("ship_ability", "Devastating Barrage", 0) in ship.cards
        assert not any(xws == "Intuitive Interface" for _, xws, _ in ship.cards)
        assert ship.shields == 5
        mine = {(s.kind, s.difficulty) for s in ship.actions if s.source == "wartimeloadout"}
        assert mine == {("lock", "white"), ("reload", "white")}

    def test_standardized(self):
        """Standardized: two BTA-NR2 Y-wings, only one with Wartime Loadout, is illegal;
        both with it, it is not a standardized problem."""
        one = build_squad("resistance", [("newrepublicpatrol", ["wartimeloadout"]),
                                         ("newrepublicpatrol", [])])
        both = build_squad("resistance", [("newrepublicpatrol", ["wartimeloadout"]),
                                          ("newrepublicpatrol", ["wartimeloadout"])])
        assert Rule.STANDARDIZED in [p.rule for p in check_squad(one).errors]
        assert Rule.STANDARDIZED not in [p.rule for p in check_squad(both).errors]


class TestDevastatingBarrage:
    def test_torpedo_crits_in_the_bullseye_are_not_canceled_by_evades(self):
        """Proton torpedoes at a TIE in the bullseye arc: 2 crits, 2 hits against 3 evades.
        With Devastating Barrage the evades cancel only the hits (2 crits stay); without
        the loadout (Intuitive Interface) they also cancel a crit (1 crit stays)."""
        sc, me, enemy = _ywing()
        assert "0 hit(s), 4 critical hit(s)" in neutralized(_torpedo(sc, me, enemy))
        sc, me, enemy = _ywing(upgrades=("protontorpedoes",))
        assert "0 hit(s), 1 critical hit(s)" in neutralized(_torpedo(sc, me, enemy))

    def test_not_outside_the_bullseye_nor_with_the_primary_weapon(self):
        """The TIE in the front arc but outside the bullseye arc: evades cancel crits as
        usual; in the bullseye, a primary attack is no torpedo or missile attack: the same."""
        sc, me, enemy = _ywing(defender_at=(480, 480, 180))
        assert "0 hit(s), 1 critical hit(s)" in neutralized(_torpedo(sc, me, enemy))
        sc, me, enemy = _ywing()
        game = attack(sc, me, enemy, ["crit", "crit"], ["evade"] * 3, weapon="primary:front")
        skip_dice(game)
        assert "0 hit(s), 0 critical hit(s)" in neutralized(game)
