"""Device upgrades: bombs and mines (RR: DEVICE, RR: BOMB, RR: MINE, RR: OBJECTS: BOMBS AND
MINES). Scenes: a Gray Squadron Bomber (B-wing, device slot) or a Bounty Hunter (Scum
Z-95) carrying the card at (400, 300) facing +y; enemy Academy Pilots (TIE/ln, hull 3, no
shields). A device put at (400, 500) facing 180 has its token just below y 500 and its
guides just above: a TIE centred at y 560 is at range 1 of it, one at y 680 at range 2.
Detonations are started with the engine's Detonate step on a device put on the table
(tests/rules/device_helpers.py); each card's drop is tested through the System Phase."""

from __future__ import annotations

from tallon.engine.action_bodies import ReloadAction, reloadable_cards
from tallon.engine.payloads import Detonate, device
from tallon.engine.rounds import StartActivation, SystemTurn
from tallon.engine.state import Token
from tallon.geometry import at_range
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.rules.device_helpers import answer_all, put

DECK = ["structuraldamage", "structuraldamage", "weaponsfailure", "weaponsfailure",
        "hullbreach", "hullbreach", "damagedengine", "damagedengine"]
NEAR, FAR = (400, 560, 0), (400, 680, 0)
AT = (400, 500, 180)


def _damage(game, ship_id):
    ship = game.state.ships[ship_id]
    return ship.shield_limit - ship.shields + len(ship.damage)


def _half(game, ship_id):
    return game.state.ships[ship_id].body.base.half


def _table(*enemies):
    """A game with a B-wing far away and TIEs at ``enemies``; returns (game, TIE ids)."""
    sc = Scene()
    sc.ship("graysquadronbomber", at=(100, 100, 0))
    ids = [sc.ship("academypilot", player=2, at=at) for at in enemies]
    game = sc.game()
    stack_deck(game, 2, DECK)
    return game, ids


def _detonate(game, device_id, ship_id="", prefer=()):
    start_at(game, Detonate(device_id, ship_id), phase="activation")
    answer_all(game, prefer)


def _system_turn(card, carrier="graysquadronbomber", charges=None):
    """The carrier's System Phase turn (an enemy far away)."""
    sc = Scene()
    me = sc.ship(carrier, at=(400, 300, 0), upgrades=[card])
    sc.ship("academypilot", player=2, at=(400, 800, 180))
    game = sc.game()
    if charges is not None:
        game.state.ships[me].charges[card].active = charges
    start_at(game, SystemTurn(me), phase="system")
    return game, me


def _offered(game):
    return game.decision is not None and game.decision.kind == "launch_device"


class TestProtonBombs:
    def test_dropped_for_a_charge(self):
        """During the System Phase the B-wing may spend 1 charge to drop a proton bomb
        with the [1 straight] template: the bomb lies 40 mm behind it."""
        game, me = _system_turn("protonbombs")
        assert game.decision.option_keys() == ["1F", "decline"]
        game.answer("1F")
        bomb = game.state.devices[0]
        assert (bomb.kind, bomb.owner) == ("protonbomb", 1)
        assert bomb.pose.y == 300 - 20 - 40
        assert game.state.ships[me].charges["protonbombs"].active == 1

    def test_each_ship_at_range_0_1_suffers_a_critical_damage(self):
        """Detonating, the bomb deals the TIE at range 1 a faceup damage card; the one at
        range 2 gets nothing."""
        game, (near, far) = _table(NEAR, (700, 680, 0))
        _detonate(game, put(game, "protonbombs", AT))
        assert [d.faceup for d in game.state.ships[near].damage] == [True]
        assert _damage(game, far) == 0

    def test_not_offered_without_a_charge(self):
        """With no active charge the drop is not offered."""
        game, _ = _system_turn("protonbombs", charges=0)
        assert not _offered(game)


class TestIonBombs:
    def test_ships_at_range_0_1_gain_3_ion_tokens(self):
        """The TIE at range 1 gains 3 ion tokens (no damage); the TIE at range 2 none."""
        game, (near, far) = _table(NEAR, (700, 680, 0))
        put(game, "ionbombs", (700, 500, 180))  # far from the first TIE
        _detonate(game, put(game, "ionbombs", AT))
        assert game.state.ships[near].count(Token.ION) == 3 and _damage(game, near) == 0
        assert game.state.ships[far].count(Token.ION) == 0


class TestSeismicCharges:
    def test_the_chosen_obstacle_hurts_ships_near_it_and_goes(self):
        """A seismic charge at range 1 of an asteroid; a TIE at range 1 of the asteroid
        but range 2 of the charge. The charge's controller picks the asteroid: the TIE
        suffers 1 damage and the asteroid is removed."""
        sc = Scene()
        sc.ship("graysquadronbomber", at=(100, 100, 0))
        sc.obstacle("core2asteroid0", 400, 580)
        tie = sc.ship("academypilot", player=2, at=FAR)
        game = sc.game()
        stack_deck(game, 2, DECK)
        rock = game.state.obstacles[0]
        charge = put(game, "seismiccharges", AT)
        assert at_range(device(game, charge).body, rock, 0, 1)
        assert not at_range(device(game, charge).body, game.state.ships[tie].body, 0, 1)
        _detonate(game, charge)  # the only obstacle in range: chosen without asking
        assert _damage(game, tie) == 1
        assert game.state.obstacles == []

    def test_no_obstacle_in_range_nothing_happens(self):
        """No obstacle at range 0-1 of the charge: the TIE beside it is unharmed."""
        game, (tie,) = _table(NEAR)
        game.state.obstacles = []
        game.state.moved()
        _detonate(game, put(game, "seismiccharges", AT))
        assert _damage(game, tie) == 0


class TestBlazerBomb:
    def test_a_die_each_then_a_blaze_with_a_fuse_marker(self):
        """The TIE at range 1 rolls 1 die (a hit): 1 damage; a Blaze obstacle with 1 fuse
        marker takes the bomb's place."""
        game, (tie,) = _table(NEAR)
        load_dice(game, ["hit"])
        _detonate(game, put(game, "blazerbomb", AT))
        assert _damage(game, tie) == 1
        blazes = [o for o in game.state.obstacles if o.outline_id == "blaze"]
        assert len(blazes) == 1 and game.state.fuses[blazes[0].id] == 1
        assert (blazes[0].pose.x, blazes[0].pose.y) == (400, 500)

    def test_a_blank_does_nothing_but_the_blaze_comes(self):
        """The TIE rolls a blank: no damage; the Blaze is placed anyway."""
        game, (tie,) = _table(NEAR)
        load_dice(game, ["blank"])
        _detonate(game, put(game, "blazerbomb", AT))
        assert _damage(game, tie) == 0
        assert any(o.outline_id == "blaze" for o in game.state.obstacles)


class TestElectroProtonBomb:
    def test_dropped_with_a_fuse_marker(self):
        """Dropping it places 1 fuse marker on the bomb (it detonates a round later)."""
        game, _ = _system_turn("electroprotonbomb")
        game.answer("1F")
        bomb = game.state.devices[0]
        assert game.state.fuses[bomb.id] == 1

    def test_ships_at_range_0_2_roll_4_dice(self):
        """A TIE at range 2 rolls 4 dice (blank, focus, hit, crit): it has no shield to
        lose, gains 2 ion tokens and 1 disarm token."""
        game, (tie,) = _table(FAR)
        load_dice(game, ["blank", "focus", "hit", "crit"])
        _detonate(game, put(game, "electroprotonbomb", AT))
        ship = game.state.ships[tie]
        assert (ship.count(Token.ION), ship.count(Token.DISARM)) == (2, 1)

    def test_a_shielded_ship_loses_a_shield_per_blank(self):
        """An X-wing (2 shields) rolls 2 blanks and 2 focus: it loses both shields (not
        damage) and gains 2 ion tokens."""
        sc = Scene()
        sc.ship("graysquadronbomber", at=(100, 100, 0))
        xwing = sc.ship("bluesquadronescort", player=2, at=FAR)
        game = sc.game()
        load_dice(game, ["blank", "blank", "focus", "focus"])
        _detonate(game, put(game, "electroprotonbomb", AT))
        ship = game.state.ships[xwing]
        assert ship.shields == 0 and ship.damage == () and ship.count(Token.ION) == 2

    def test_not_beyond_range_2_and_not_reloadable(self):
        """A TIE at range 3 rolls nothing; the card's charge cannot be recovered by a
        reload."""
        game, (tie,) = _table((400, 790, 0))
        _detonate(game, put(game, "electroprotonbomb", AT))
        assert not game.state.ships[tie].tokens
        game, me = _system_turn("electroprotonbomb", charges=0)
        assert reloadable_cards(game, game.state.ships[me]) == []


class TestConcussionBombs:
    def test_facedown_cards_then_expose_or_strain(self):
        """Two TIEs at range 1: each is dealt a facedown damage card; then one chooses to
        expose a card, the other to gain a strain token."""
        game, (first, second) = _table(NEAR, (460, 560, 0))
        start_at(game, Detonate(put(game, "concussionbombs", AT)), phase="activation")
        choices = []
        while game.decision is not None:
            d = game.decision
            if d.kind == "concussion_choice":
                choices.append(d.ship)
                game.answer("expose" if d.ship == first else "strain")
            else:
                game.answer(d.option_keys()[0])
        assert sorted(choices) == sorted([first, second])
        assert [c.faceup for c in game.state.ships[first].damage] == [True]
        assert [c.faceup for c in game.state.ships[second].damage] == [False]
        assert game.state.ships[second].count(Token.STRAIN) == 1

    def test_must_drop_once_a_charge_is_spent(self):
        """With all 3 charges active the drop is a "may" (decline offered); with one spent
        it must be dropped: the bomb is dropped without asking (its only template)."""
        game, _ = _system_turn("concussionbombs")
        assert "decline" in game.decision.option_keys()
        game, me = _system_turn("concussionbombs", charges=2)
        assert [d.kind for d in game.state.devices] == ["concussionbomb"]
        assert game.state.ships[me].charges["concussionbombs"].active == 1


class TestBombletGenerator:
    def test_two_dice_a_damage_per_hit_or_crit(self):
        """The TIE at range 1 rolls 2 dice (hit, crit): 2 damage."""
        game, (tie,) = _table(NEAR)
        load_dice(game, ["hit", "crit"])
        _detonate(game, put(game, "bombletgenerator", AT))
        assert _damage(game, tie) == 2

    def test_spend_a_shield_to_recover_2_charges(self):
        """At the start of the Activation Phase, with both charges spent, the B-wing may
        spend 1 shield to recover 2 charges; with full charges it is not offered."""
        sc = Scene()
        me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["bombletgenerator"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        ship = game.state.ships[me]
        ship.charges["bombletgenerator"].active = 0
        start_at(game, StartActivation(), phase="activation")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        assert ship.charges["bombletgenerator"].active == 2
        assert ship.shields == ship.shield_limit - 1
        sc2 = Scene()
        sc2.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["bombletgenerator"])
        sc2.ship("academypilot", player=2, at=(400, 800, 180))
        full = sc2.game()
        start_at(full, StartActivation(), phase="activation")
        assert full.decision is None or full.decision.kind != "use_ability"


class TestProximityMines:
    def test_one_damage_plus_one_per_hit_or_crit(self):
        """A TIE sets the mine off, rolling 2 blanks: it still suffers 1 damage."""
        game, (tie,) = _table(NEAR)
        load_dice(game, ["blank", "blank"])
        _detonate(game, put(game, "proximitymines", AT, owner=1), tie)
        assert _damage(game, tie) == 1

    def test_charges_cannot_be_reloaded(self):
        """With a charge spent the card is not among those a reload can recover."""
        game, me = _system_turn("proximitymines", carrier="bountyhunter", charges=1)
        assert "proximitymines" not in reloadable_cards(game, game.state.ships[me])


class TestConnerNets:
    def test_one_damage_and_three_ion_tokens(self):
        """A TIE sets the net off: 1 damage and 3 ion tokens."""
        game, (tie,) = _table(NEAR)
        _detonate(game, put(game, "connernets", AT), tie)
        assert _damage(game, tie) == 1 and game.state.ships[tie].count(Token.ION) == 3

    def test_a_bomb_timing_does_not_set_it_off(self):
        """The end of the Activation Phase detonates bombs only: a net beside a TIE
        stays."""
        from tallon.engine.payloads import DetonateBombs

        game, (tie,) = _table(NEAR)
        net = put(game, "connernets", AT)
        start_at(game, DetonateBombs(), phase="activation")
        answer_all(game)
        assert [d.id for d in game.state.devices] == [net] and _damage(game, tie) == 0


class TestClusterMines:
    def test_dropped_as_a_set_of_three(self):
        """Dropping the set places three mines side by side, the centre one where a single
        device would be."""
        game, me = _system_turn("clustermines", carrier="bountyhunter")
        game.answer("1F")
        mines = sorted(game.state.devices, key=lambda d: d.pose.x)
        assert [round(d.pose.x - 400, 1) for d in mines] == [-22.5, 0.0, 22.5]
        assert {d.pose.y for d in mines} == {300 - _half(game, me) - 40}

    def test_a_damage_per_hit_or_crit_only(self):
        """Setting one off with a focus and a blank: no damage."""
        game, (tie,) = _table(NEAR)
        load_dice(game, ["focus", "blank"])
        _detonate(game, put(game, "clustermines", AT), tie)
        assert _damage(game, tie) == 0


class TestThermalDetonators:
    def test_two_charges_drop_two_with_different_templates(self):
        """With 4 charges the ship may drop one with either template or two, one with the
        [1 straight] and one with the [2 straight], spending 2 charges."""
        game, me = _system_turn("thermaldetonators", carrier="bountyhunter")
        assert set(game.decision.option_keys()) == {"1F", "2F", "1F+2F", "decline"}
        game.answer("1F+2F")
        rear = 300 - _half(game, me)
        assert sorted(d.pose.y for d in game.state.devices) == [rear - 80, rear - 40]
        assert game.state.ships[me].charges["thermaldetonators"].active == 2

    def test_one_charge_one_detonator(self):
        """With 1 charge left only single drops are offered."""
        game, _ = _system_turn("thermaldetonators", carrier="bountyhunter", charges=1)
        assert set(game.decision.option_keys()) == {"1F", "2F", "decline"}

    def test_strain_per_focus_damage_per_hit(self):
        """A TIE at range 1 rolls a focus: a strain token, no damage; another rolls a hit:
        1 damage."""
        game, (first, second) = _table(NEAR, (460, 560, 0))
        load_dice(game, ["focus", "hit"])
        _detonate(game, put(game, "thermaldetonators", AT))
        assert game.state.ships[first].count(Token.STRAIN) == 1 and _damage(game, first) == 0
        assert _damage(game, second) == 1

    def test_a_reload_recovers_two(self):
        """Reloading the card recovers 2 charges instead of 1."""
        game, me = _system_turn("thermaldetonators", carrier="bountyhunter", charges=1)
        ship = game.state.ships[me]
        start_at(game, ReloadAction(me), phase="activation")
        answer_all(game)
        assert ship.charges["thermaldetonators"].active == 3


# ------------------------------------------------------------ DRK-1 Probe Droids
DRK1 = "drk1probedroids"


def _end_phase(charges=None, at=(400, 300, 0)):
    """The End Phase, a Separatist Racketeer (Firespray, medium base) with the card at
    ``at``; an enemy TIE far away."""
    from tallon.engine.queue import FireWindow

    sc = Scene()
    me = sc.ship("separatistracketeer", at=at, upgrades=[DRK1])
    sc.ship("academypilot", player=2, at=(100, 850, 180))
    game = sc.game()
    if charges is not None:
        game.state.ships[me].charges[DRK1].active = charges
    start_at(game, FireWindow.of("end_phase"), phase="end")
    return game, me


class TestDrk1ProbeDroids:
    def test_launches_a_droid_with_a_speed_3_template(self):
        """End Phase. DRK-1 Probe Droids: may spend 1 charge to drop or launch a DRK-1
        probe droid with a speed 3 template (ruling: straight, banks and turns). Both ways
        are offered with the five templates; launched with the [3 straight] the droid's
        guides are 120 mm ahead of the base, it is player 1's remote (initiative 0,
        agility 3, hull 1) and the card has 1 charge left."""
        game, me = _end_phase()
        assert set(game.decision.option_keys()) == {
            "3B", "3F", "3N", "3T", "3Y", "launch:3B", "launch:3F", "launch:3N",
            "launch:3T", "launch:3Y", "decline"}
        game.answer("launch:3F")
        droid = game.state.ships["r1.1"]
        assert droid.remote and droid.owner == 1 and droid.pilot == "drk1probedroid"
        assert (droid.initiative, droid.agility, droid.hull) == (0, 3, 1)
        assert droid.body.pose.y == 300 + _half(game, me) + 120
        assert game.state.ships[me].charges[DRK1].active == 1

    def test_dropped_behind(self):
        """Dropped with the [3 straight], the droid lands 120 mm behind the base, facing
        away from the ship."""
        game, me = _end_phase()
        game.answer("3F")
        pose = game.state.ships["r1.1"].body.pose
        assert (pose.y, pose.heading) == (300 - _half(game, me) - 120, 180)

    def test_declined_or_no_charge_no_droid(self):
        """Declined, no droid is placed and the charges stay; with no charge left nothing
        is offered."""
        game, me = _end_phase()
        game.answer("decline")
        assert not game.state.remotes_of() and game.state.ships[me].charges[DRK1].active == 2
        game, _ = _end_phase(charges=0)
        assert game.decision is None and not game.state.remotes_of()

    def test_only_placements_inside_the_play_area(self):
        """The ship near its own edge (y 60): no drop fits behind it, only launches are
        offered (RR: DEVICE)."""
        game, _ = _end_phase(at=(400, 60, 0))
        assert all(k.startswith("launch:") or k == "decline"
                   for k in game.decision.option_keys())

    def test_not_during_the_system_phase(self):
        """The ship's System Phase turn: the card acts only in the End Phase, so nothing is
        asked."""
        game, _ = _system_turn(DRK1, carrier="separatistracketeer")
        assert game.decision is None

    def test_its_charges_cannot_be_recovered(self):
        """With 1 charge spent, the card is a device upgrade below its charge limit, which
        a reload could otherwise choose (RR: RELOAD); its charges cannot be recovered, so
        it is not reloadable."""
        game, me = _end_phase(charges=1)
        assert reloadable_cards(game, game.state.ships[me]) == []
