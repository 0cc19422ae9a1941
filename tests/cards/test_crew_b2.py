"""Crew upgrades, Grand Moff Tarkin to Jyn Erso (tallon.cards.upgrades.crew_b2). Scenes on
generic carriers: Red Squadron Veterans (T-65, initiative 3, 2 shields, hull 4) and Academy
Pilots (TIE/ln, initiative 1, agility 3, hull 3). Player 1 sits at y = 0 facing +y; a ship
straight ahead at y 380 / 490 / 550 is at range 1 / 2 / 3 of one at (400, 300)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase
from tallon.engine.state import Token
from tallon.scene import Scene, stack_deck
from tests.cards.helpers import (
    Hurt,
    activation,
    engage,
    modify_with,
    offered,
    pass_until,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def act(sc, ship):
    return sc.at(PerformAction(ship, during_activation=True), phase="activation")


def end_phase(sc, window="end_phase"):
    return sc.at(FireWindow.of(window), EndPhase(), phase="end")


# ----------------------------------------------------------------- Grand Moff Tarkin
def _tarkin(locks=("p2.1",), friend_at=(250, 300, 0)):
    sc = Scene()
    t = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["grandmofftarkin"],
                locks=list(locks))
    f = sc.ship("redsquadronveteran", at=friend_at)
    sc.ship("academypilot", player=2, at=(400, Y[2], 180))
    return sc.at(FireWindow.of("system_phase", ship=t), phase="system"), t, f


class TestGrandMoffTarkin:
    def test_each_friendly_ship_may_lock_what_tarkin_locked(self):
        """System Phase, Tarkin's ship has the enemy locked: it spends 2 charges and the
        other friendly ship acquires a lock on the enemy."""
        game, t, f = _tarkin()
        assert values(game) == ["use", "decline"]
        game.answer("use")
        assert game.decision.ship == f and values(game) == ["p2.1", "decline"]
        game.answer("p2.1")
        assert game.state.ships[f].locks == ["p2.1"]
        assert game.state.ships[t].charges["grandmofftarkin"].active == 0

    def test_not_without_a_lock_nor_for_a_ship_beyond_range_3_of_the_target(self):
        game, _, _ = _tarkin(locks=())
        assert game.decision is None
        game, _, f = _tarkin(friend_at=(400, -400, 0))
        game.answer("use")
        assert game.decision is None and game.state.ships[f].locks == []


# ----------------------------------------------------------------------- Greef Karga
def _greef(locks=("p2.1",)):
    sc = Scene()
    g = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["greefkarga"],
                locks=list(locks))
    f = sc.ship("redsquadronveteran", at=(250, 300, 0))
    sc.ship("academypilot", player=2, at=(400, Y[2], 180))
    game = act(sc, g)
    game.answer("coordinate")
    game.answer(f)
    assert game.decision.kind == "perform_action" and game.decision.ship == f
    game.answer("pass")
    return game, g, f


class TestGreefKarga:
    def test_the_coordinated_ship_locks_what_greef_locked(self):
        """Greef's ship coordinates (its red coordinate action) a friendly ship, which then
        acquires a lock on the enemy Greef's ship has locked."""
        game, g, f = _greef()
        assert values(game) == ["p2.1", "decline"]
        game.answer("p2.1")
        assert game.state.ships[f].locks == ["p2.1"]
        assert game.state.ships[g].has(Token.STRESS)     # the coordinate was red

    def test_not_without_a_lock(self):
        game, _, f = _greef(locks=())
        assert game.decision is None and game.state.ships[f].locks == []


# ------------------------------------------------------------------- Han Solo (crew)
class TestHanSoloCrew:
    def test_an_evade_action_gains_1_more_evade_per_enemy_at_range_0_1(self):
        """The red evade action Han adds, an enemy at range 1: 2 evade tokens."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["hansolo-crew"])
        sc.ship("academypilot", player=2, at=(400, Y[1], 180))
        game = act(sc, a)
        game.answer("evade")
        ship = game.state.ships[a]
        assert ship.count(Token.EVADE) == 2 and ship.has(Token.STRESS)

    def test_not_with_enemies_only_beyond_range_1(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["hansolo-crew"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = act(sc, a)
        game.answer("evade")
        assert game.state.ships[a].count(Token.EVADE) == 1


# -------------------------------------------------------------- Hera Syndulla (crew)
def _hera(hera=True, stress=1, dial="4KR"):
    sc = Scene()
    a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                upgrades=["herasyndulla"] if hera else [], stress=stress)
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    return activation(sc, a, dial), a


class TestHeraSyndullaCrew:
    def test_a_stressed_ship_executes_its_red_maneuver(self):
        """Stressed, it reveals a red [4 K-turn]: with Hera it executes it (facing back);
        without, it does not."""
        for hera, heading in ((True, 180.0), (False, 0.0)):
            game, a = _hera(hera)
            if game.decision is not None:
                pass_until(game, "perform_action", a)
            assert round(game.state.ships[a].pose.heading) % 360 == heading, hera

    def test_three_stress_after_a_red_maneuver_remove_1_and_suffer_1_damage(self):
        """With 2 stress, the red maneuver brings a third: it removes 1 and suffers 1 hit
        (a shield)."""
        game, a = _hera(stress=2)
        ship = game.state.ships[a]
        assert ship.count(Token.STRESS) == 2 and ship.shields == 1

    def test_not_with_fewer_than_3_stress(self):
        game, a = _hera(stress=1)
        ship = game.state.ships[a]
        assert ship.count(Token.STRESS) == 2 and ship.shields == 2


# ---------------------------------------------------------------------- Hondo Ohnaka
def _hondo(second=True):
    sc = Scene()
    h = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["hondoohnaka"])
    sc.ship("academypilot", player=2, at=(400, Y[2], 180))
    if second:
        sc.ship("academypilot", player=2, at=(550, Y[3], 180))
    return act(sc, h), h


class TestHondoOhnaka:
    def test_coordinate_one_enemy_then_jam_the_other(self):
        """Two enemies at range 1-3: the first performs an action its player chooses, then
        the second gains a jam token (at range 3, beyond a jam action's reach)."""
        game, _h = _hondo()
        game.answer("hondoohnaka")
        assert "p2.1+p2.2" in values(game)
        game.answer("p2.1+p2.2")
        assert game.decision.kind == "perform_action" and game.decision.player == 2
        game.answer("focus")
        ships = game.state.ships
        assert ships["p2.1"].has(Token.FOCUS) and ships["p2.2"].count(Token.JAM) == 1

    def test_not_with_a_single_ship_in_reach(self):
        """One ship at range 1-3: no pair to choose, the action fails (RR: FAIL): no
        coordinate, no jam."""
        game, h = _hondo(second=False)
        game.answer("hondoohnaka")
        ships = game.state.ships
        assert game.decision is None and ships[h].action_failed
        assert not ships["p2.1"].has(Token.JAM) and not ships["p2.1"].has(Token.FOCUS)


# ------------------------------------------------------------------------------ IG-11
def _ig11(damage=None, **setup):
    sc = Scene()
    a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["ig11"], shields=0,
                **setup)
    sc.ship("academypilot", player=1, at=(400, 360, 0))
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    return sc, a


class TestIG11:
    def test_a_critical_hit_places_a_fuse_marker_and_a_calculate_token(self):
        """Unshielded, it suffers 1 critical damage: no faceup card, 1 fuse marker and a
        calculate token instead."""
        sc, a = _ig11()
        game = sc.at(Hurt(a, hits=0, crits=1), phase="activation")
        ship = game.state.ships[a]
        assert ship.damage == () and ship.has(Token.CALCULATE)
        assert ship.card_memory == (("ig11:fuses", 1),)

    def test_a_regular_hit_is_dealt_facedown_as_usual(self):
        sc, a = _ig11()
        game = sc.at(Hurt(a, hits=1), phase="activation")
        ship = game.state.ships[a]
        assert len(ship.damage) == 1 and not ship.has(Token.CALCULATE)

    def test_the_second_marker_flips_it_and_the_end_phases_count_down(self):
        """The second critical damage flips the card (2 markers); each End Phase removes
        one; with none left the ship is destroyed and the ship at range 0-1 suffers 1
        critical damage."""
        sc, a = _ig11(card_memory=(("ig11:fuses", 1),))
        game = sc.at(Hurt(a, hits=0, crits=1), phase="activation")
        ship = game.state.ships[a]
        assert ("upgrade", "ig11", 1) in ship.cards and ship.damage == ()
        from tallon.scene import start_at
        start_at(game, FireWindow.of("end_phase"), phase="end")
        assert ship.card_memory == (("ig11:fuses", 1),) and not ship.destroyed
        stack_deck(game, 1, ["directhit"])
        start_at(game, FireWindow.of("end_phase"), phase="end")
        assert ship.destroyed and ship.removed
        assert any(e["text"] == "Academy Pilot (p1.2) is dealt faceup damage card Direct Hit!"
                   for e in game.log)

    def test_flipped_an_action_adds_a_fuse_marker(self):
        sc, a = _ig11(card_memory=(("ig11:fuses", 1),))
        game = sc.game()
        from tallon.engine.effects import flip_upgrade
        from tallon.scene import start_at
        flip_upgrade(game, game.state.ships[a], "ig11", 1)
        start_at(game, PerformAction(a, during_activation=True), phase="activation")
        game.answer("ig11:fuse")
        assert game.state.ships[a].card_memory == (("ig11:fuses", 2),)


# ------------------------------------------------------------------------- Informant
class TestInformant:
    def test_setup_assigns_listening_device_to_an_enemy_ship(self):
        for informant in (True, False):
            sc = Scene()
            sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["informant"] if informant else [])
            d = sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            found = [(c.card, c.assigned_by) for c in game.state.ships[d].conditions]
            assert found == ([("listeningdevice", 1)] if informant else []), informant

    def test_never_a_friendly_ship(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["informant"])
        f = sc.ship("redsquadronveteran", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert not game.state.ships[a].conditions and not game.state.ships[f].conditions


# ------------------------------------------------------------------------ ISB Slicer
class TestISBSlicer:
    def test_an_enemy_at_range_1_2_keeps_its_jam_tokens(self):
        """End Phase: the enemy at range 2 keeps its jam token; without the card it
        goes."""
        for slicer, kept in ((True, 1), (False, 0)):
            sc = Scene()
            sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["isbslicer"] if slicer else [])
            d = sc.ship("academypilot", player=2, at=(400, Y[2], 180), jam=1)
            game = end_phase(sc)
            assert game.state.ships[d].count(Token.JAM) == kept, slicer

    def test_not_beyond_range_2_nor_other_tokens(self):
        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["isbslicer"])
        far = sc.ship("academypilot", player=2, at=(400, 700, 180), jam=1)
        near = sc.ship("academypilot", player=2, at=(250, Y[2], 180), focus=1)
        game = end_phase(sc)
        assert not game.state.ships[far].has(Token.JAM)
        assert not game.state.ships[near].has(Token.FOCUS)


# -------------------------------------------------------------------- Jabba the Hutt
def _jabba(friend_at=(250, 300, 0)):
    sc = Scene()
    j = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["jabbathehutt"])
    f = sc.ship("redsquadronveteran", at=friend_at, upgrades=["contrabandcybernetics"],
                charges={"contrabandcybernetics": 0})
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    return end_phase(sc), j, f


class TestJabbaTheHutt:
    def test_a_friendly_ship_recovers_a_charge_of_an_illicit_upgrade(self):
        game, j, f = _jabba()
        assert values(game) == [f"{f}:contrabandcybernetics", "decline"]
        game.answer(f"{f}:contrabandcybernetics")
        ships = game.state.ships
        assert ships[f].charges["contrabandcybernetics"].active == 1
        assert ships[j].charges["jabbathehutt"].active == 3

    def test_not_beyond_range_2(self):
        game, _, f = _jabba(friend_at=(100, 100, 0))
        assert game.decision is None
        assert game.state.ships[f].charges["contrabandcybernetics"].active == 0


# ------------------------------------------------------------------------ Jango Fett
class TestJangoFett:
    def test_attacking_spend_the_lock_to_blank_a_defense_focus(self):
        """Jango's ship has the defender locked; the defender rolls focus, evade, blank and
        has a focus token. Jango's focus becomes a blank before the defender can spend its
        token: 1 of 2 hits lands; without the card the defender's focus cancels both."""
        for jango, landed in ((True, 1), (False, 0)):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                        upgrades=["jangofett"] if jango else [], locks=["p2.1"])
            d = sc.ship("academypilot", player=2, at=(400, Y[2], 180), focus=1)
            game = engage(sc, a, ["hit", "hit", "blank"], ["focus", "evade", "blank"])
            declare(game)
            if jango:
                skip_dice(game, "modify_defense_dice", a)
                modify_with(game, "jangofett")
                assert game.state.ships[a].locks == []
            skip_dice(game, "modify_defense_dice", d)
            if not jango:
                modify_with(game, "focus")
            skip_dice(game)
            assert f"{landed} hit(s)" in neutralized(game), jango

    def test_defending_spend_the_lock_to_blank_an_attack_focus(self):
        """Defending with a lock on the attacker, which rolls focus, focus, blank with a
        focus token: one focus becomes a blank, so the attacker's focus token makes 1 hit
        instead of 2."""
        sc = Scene()
        a = sc.ship("academypilot", player=2, at=(400, Y[2], 180), focus=1)
        d = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["jangofett"],
                    locks=["p2.1"])
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank", "blank"])
        declare(game, d)
        modify_with(game, "jangofett")
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "focus")
        skip_dice(game)
        assert game.state.ships[d].locks == [] and "1 hit(s)" in neutralized(game)

    def test_not_without_the_lock(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["jangofett"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["focus", "evade", "blank"])
        declare(game)
        assert not offered(game, "Jango")


# -------------------------------------------------------------------------- Jyn Erso
def _jyn(ship_at=(250, 300, 0), player=1):
    sc = Scene()
    sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["jynerso"])
    other = sc.ship("redsquadronveteran" if player == 1 else "academypilot",
                    player=player, at=ship_at)
    if player == 1:
        sc.ship("academypilot", player=2, at=(100, 800, 180))
    game = act(sc, other)
    game.answer("focus")
    return game, other


class TestJynErso:
    def test_a_friendly_ship_gains_an_evade_instead_of_a_focus(self):
        game, f = _jyn()
        assert game.decision.kind == "replacement"
        game.answer("use")
        ship = game.state.ships[f]
        assert ship.has(Token.EVADE) and not ship.has(Token.FOCUS)

    def test_declined_the_focus_token_is_gained(self):
        game, f = _jyn()
        game.answer("decline")
        assert game.state.ships[f].has(Token.FOCUS)

    def test_not_beyond_range_3_nor_for_an_enemy(self):
        for kwargs in ({"ship_at": (400, -500, 0)}, {"ship_at": (400, Y[2], 180), "player": 2}):
            game, other = _jyn(**kwargs)
            assert game.decision is None or game.decision.kind != "replacement", kwargs
            assert game.state.ships[other].has(Token.FOCUS)

    def test_two_focus_tokens_only_one_is_replaced(self):
        """Gaining 2 focus tokens at once: 1 evade and 1 focus (ruling)."""
        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["jynerso"])
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        from tests.cards.helpers import Give
        game = sc.at(Give("p1.1", "focus", 2), phase="activation")
        game.answer("use")
        ship = game.state.ships["p1.1"]
        assert ship.count(Token.EVADE) == 1 and ship.count(Token.FOCUS) == 1

