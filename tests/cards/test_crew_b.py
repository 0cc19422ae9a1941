"""Crew upgrades, Count Dooku to Grand Inquisitor (tallon.cards.upgrades.crew_b). Scenes on
generic carriers: Red Squadron Veterans (T-65, initiative 3, 2 shields), Academy Pilots
(TIE/ln, initiative 1, agility 3, hull 3) and Black Squadron Aces (TIE/ln, initiative 3).
Player 1 sits at y = 0 facing +y; a ship straight ahead at y 380 / 490 / 550 is at range
1 / 2 / 3 of one at (400, 300)."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase, StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice
from tests.cards.helpers import (
    Hurt,
    activation,
    engage,
    offered,
    pass_until,
    pick,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def duel(mine=(), theirs=(), range_=2, attacker="redsquadronveteran",
         defender="academypilot", x=400.0, heading=180.0, **setup):
    sc = Scene()
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=list(mine), **setup)
    d = sc.ship(defender, player=2, at=(x, Y[range_], heading), upgrades=list(theirs))
    return sc, a, d


# ------------------------------------------------------------------------ Count Dooku
class TestCountDooku:
    def test_the_defender_must_change_a_die_to_the_named_blank(self):
        """Dooku's ship attacks at range 2 with all its Force; it names a blank for the
        defender's roll of 3 evades: one evade becomes a blank, so 1 of the 3 hits lands
        (none would without the card)."""
        sc, a, _ = duel(["countdooku"])
        game = engage(sc, a, ["hit"] * 3, ["evade"] * 3)
        declare(game)
        assert values(game) == ["hit", "crit", "focus", "blank", "decline"]
        game.answer("decline")                       # nothing named for the attack dice
        skip_dice(game, "use_ability")
        assert values(game) == ["evade", "focus", "blank", "decline"]
        game.answer("blank")
        skip_dice(game)
        assert game.state.ships[a].force == 0
        assert "1 hit(s)" in neutralized(game)

    def test_the_rolling_ship_chooses_the_die_to_change(self):
        """Naming a critical hit for its own roll of hit, blank, blank: its player must
        change one die, and picks a blank, so the attack has a hit and a critical hit."""
        sc, a, _ = duel(["countdooku"])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        game.answer("crit")
        d = game.decision
        assert d.kind == "use_ability" and d.player == 1 and values(game) == ["blank", "hit"]
        game.answer("blank")
        skip_dice(game)
        assert "1 hit(s), 1 critical" in neutralized(game)

    def test_a_roll_that_shows_the_named_result_is_unchanged(self):
        """Dooku names an evade for a defense roll that already shows evades: no die
        changes (the blank stays), so the 2 evades leave 1 of the 3 hits."""
        sc, a, _ = duel(["countdooku"])
        game = engage(sc, a, ["hit"] * 3, ["evade", "evade", "blank"])
        declare(game)
        game.answer("decline")
        skip_dice(game, "use_ability")
        game.answer("evade")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_dice_that_cant_be_modified_keep_their_results(self):
        """Ruling: the forced change is a change of the dice (RR: DICE MODIFICATION): a
        defender whose dice can't be modified keeps its 3 evades (the Force is spent)."""
        from tallon.cards import CARDS
        from tallon.engine.abilities import CardRegistry, Modifier

        mine = CardRegistry("test", base=CARDS)
        mine.register("pilot", "academypilot", Modifier(
            "its defense dice can't be modified", hook="dice_unmodifiable",
            value=lambda game, owner, attack=None, kind="", **facts: attack is not None
            and attack.defender == owner.id and kind == "defense"),
            description="test: unmodifiable defense dice")
        sc = Scene(cards=mine)
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["countdooku"])
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit"] * 3, ["evade"] * 3)
        declare(game)
        game.answer("decline")
        skip_dice(game, "use_ability")
        game.answer("blank")
        skip_dice(game)
        assert game.state.ships[a].force == 0 and "0 hit(s)" in neutralized(game)

    def test_not_unless_all_its_force_is_active(self):
        """With its 1 Force spent, Dooku's ship can't name anything."""
        sc, a, _ = duel(["countdooku"], force=0)
        game = engage(sc, a, ["hit"] * 3, ["evade"] * 3)
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)

    def test_not_for_a_ship_beyond_range_2(self):
        """Dooku's ship at range 3 of both ships of an attack it is not part of: nothing is
        offered."""
        sc = Scene()
        sc.ship("redsquadronveteran", at=(100, 100, 0), upgrades=["countdooku"])
        a = sc.ship("redsquadronveteran", at=(700, 300, 0))
        sc.ship("academypilot", player=2, at=(700, 490, 180))
        game = engage(sc, a, ["hit"] * 3, ["evade"] * 3)
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ Darth Vader
class TestDarthVader:
    def test_a_ship_without_green_tokens_suffers_1_damage(self):
        """Start of the Engagement Phase, an enemy in Vader's front arc at range 2 with no
        green token: Vader's ship spends its Force and the enemy suffers 1 damage."""
        sc, a, d = duel(["darthvader"])
        game = sc.at(StartEngagement())
        assert values(game) == [d, "decline"]
        game.answer(d)
        assert len(game.state.ships[d].damage) == 1
        assert game.state.ships[a].force == 0

    def test_the_enemy_may_remove_a_green_token_instead(self):
        """The enemy has a focus token: its player removes it and suffers no damage."""
        sc, _a, d = duel(["darthvader"])
        sc.entries[1].tokens["focus"] = 1
        game = sc.at(StartEngagement())
        game.answer(d)
        assert game.decision.player == 2 and values(game) == ["token:focus", "suffer"]
        game.answer("token:focus")
        ship = game.state.ships[d]
        assert not ship.has(Token.FOCUS) and not ship.damage

    def test_not_outside_the_firing_arc_nor_beyond_range_2(self):
        """An enemy behind Vader's ship, or ahead at range 3: nothing is offered."""
        for at in ((400, 200, 0), (400, Y[3], 180)):
            sc = Scene()
            sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["darthvader"])
            d = sc.ship("academypilot", player=2, at=at)
            game = sc.at(StartEngagement())
            assert game.decision is None and not game.state.ships[d].damage


# ---------------------------------------------------------------------- Death Troopers
def _blue_straight(troopers: bool, enemy_at=(400, 100, 0), friendly=False):
    """A stressed TIE executes a blue [2 straight] ending at range 1 of the troopers' ship."""
    sc = Scene()
    sc.ship("redsquadronveteran", at=(400, 300, 0),
            upgrades=["deathtroopers"] if troopers else [])
    tie = sc.ship("academypilot", player=1 if friendly else 2, at=enemy_at, stress=1)
    if not friendly:
        return sc, tie
    sc.ship("academypilot", player=2, at=(100, 800, 180))
    return sc, tie


class TestDeathTroopers:
    def test_an_enemy_at_range_1_keeps_its_stress_after_a_blue_maneuver(self):
        """A stressed enemy ends a blue maneuver at range 1 in the Activation Phase: it
        cannot remove its stress token (without the card it would)."""
        for troopers, left in ((True, 1), (False, 0)):
            sc, tie = _blue_straight(troopers)
            game = sc.at(ExecuteManeuver(tie, "2FB"), phase="activation")
            assert game.state.ships[tie].count(Token.STRESS) == left, troopers

    def test_not_friendly_ships_nor_outside_the_activation_phase(self):
        """A friendly ship removes its stress as usual; so does an enemy outside the
        Activation Phase (a card removing stress in the Engagement Phase)."""
        sc, tie = _blue_straight(True, friendly=True)
        game = sc.at(ExecuteManeuver(tie, "2FB"), phase="activation")
        assert game.state.ships[tie].count(Token.STRESS) == 0
        sc, tie = _blue_straight(True, enemy_at=(400, 220, 0))
        game = sc.game()
        game.state.phase = "engagement"
        from tallon.engine.effects import remove_token
        assert remove_token(game, game.state.ships[tie], Token.STRESS) == 1

    def test_not_an_enemy_beyond_range_1(self):
        """The enemy ends its maneuver at range 2: it removes its stress."""
        sc, tie = _blue_straight(True, enemy_at=(400, 0, 0))
        game = sc.at(ExecuteManeuver(tie, "2FB"), phase="activation")
        assert game.state.ships[tie].count(Token.STRESS) == 0


# -------------------------------------------------------------------- Director Krennic
class TestDirectorKrennic:
    def test_setup_assigns_optimized_prototype_to_another_friendly_ship(self):
        """Setup: Krennic's player assigns the condition to the other friendly ship (and
        to no ship without the card)."""
        for krennic in (True, False):
            sc = Scene()
            sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["directorkrennic"] if krennic else [])
            friend = sc.ship("redsquadronveteran", at=(200, 300, 0))
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.game()
            found = [(c.card, c.assigned_by) for c in game.state.ships[friend].conditions]
            assert found == ([("optimizedprototype", 1)] if krennic else []), krennic

    def test_not_to_its_own_ship_nor_an_enemy(self):
        """Without another friendly ship, no ship gets the condition."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["directorkrennic"])
        d = sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert not game.state.ships[a].conditions and not game.state.ships[d].conditions


# ------------------------------------------------------------------ Emperor Palpatine
def _palpatine_scene(force=1):
    sc = Scene()
    sc.ship("redsquadronveteran", at=(200, 300, 0), upgrades=["emperorpalpatine"],
            force=force)
    a = sc.ship("redsquadronveteran", at=(400, 300, 0))
    d = sc.ship("academypilot", player=2, at=(400, Y[2], 180))
    return sc, a, d


class TestEmperorPalpatine:
    def test_another_friendly_attacker_changes_a_focus_to_a_hit(self):
        """A friendly ship attacks with focus, blank, blank: Palpatine's ship spends its
        Force to make the focus a hit, so the attack hits once (it would miss)."""
        sc, a, _ = _palpatine_scene()
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        pick(game, "Emperor Palpatine")
        skip_dice(game)
        assert game.state.ships["p1.1"].force == 0
        assert "1 hit(s)" in neutralized(game)

    def test_a_friendly_defender_changes_a_focus_to_an_evade(self):
        """A friendly ship defends with focus, blank: its focus becomes an evade."""
        sc = Scene()
        sc.ship("redsquadronveteran", at=(200, 300, 0), upgrades=["emperorpalpatine"])
        mine = sc.ship("redsquadronveteran", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        game = engage(sc, enemy, ["hit", "blank"], ["focus", "blank"])
        declare(game, mine)
        skip_dice(game, "modify_defense_dice", mine)
        pick(game, "Emperor Palpatine")
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)

    def test_not_for_its_own_ship_nor_without_force(self):
        """Palpatine's own ship attacking is not "another friendly ship"; a friendly
        attacker gets nothing once his Force is spent."""
        sc, _, _ = duel(["emperorpalpatine"])
        game = engage(sc, "p1.1", ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert not offered(game, "Emperor Palpatine")
        sc, a, _ = _palpatine_scene(force=0)
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)


# ---------------------------------------------------------------------- Fenn Rau
def _fenn(dial="2FW", revealed=True, enemy_y=Y[1], with_fenn=True):
    sc = Scene()
    a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                upgrades=["fennrau"] if with_fenn else [], stress=1, dial_set=dial,
                dial_revealed=revealed)
    sc.ship("academypilot", player=2, at=(400, enemy_y, 180))
    return sc.at(Engage(a)), a


class TestFennRau:
    def test_the_engaging_ship_removes_its_stress(self):
        """Before engaging, with a revealed speed 2 maneuver and an enemy in its front arc
        at range 1: it removes its stress token (it keeps it without the card)."""
        game, a = _fenn()
        assert game.decision.kind == "use_ability" and values(game) == ["token:stress",
                                                                        "decline"]
        game.answer("token:stress")
        assert not game.state.ships[a].has(Token.STRESS)
        game, a = _fenn(with_fenn=False)
        assert game.decision.kind == "declare_attack"
        assert game.state.ships[a].has(Token.STRESS)

    def test_not_with_the_enemy_at_range_2_nor_a_stationary_maneuver(self):
        """The enemy at range 2, or a revealed speed 0 maneuver: nothing is offered."""
        for kwargs in ({"enemy_y": Y[2]}, {"dial": "0OR"}):
            game, a = _fenn(**kwargs)
            assert game.decision.kind == "declare_attack", kwargs
            assert game.state.ships[a].has(Token.STRESS)


# --------------------------------------------------------------------------- "Fives"
class TestFives:
    def test_a_missed_attack_on_an_equal_initiative_puts_a_token_on_the_card(self):
        """Fives's ship (initiative 3) misses a Black Squadron Ace (initiative 3): its player
        places an evade token on the card."""
        sc, a, _ = duel(["fives"], defender="blacksquadronace")
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert values(game) == ["evade", "focus"]
        game.answer("evade")
        assert game.state.ships[a].card_memory == (("fives:tokens", ("evade",)),)

    def test_not_after_a_hit_nor_against_a_lower_initiative(self):
        """An attack that hits, or one that misses an Academy Pilot (initiative 1): no
        token."""
        for dice, defender in ((["hit"] * 3, "blacksquadronace"),
                               (["blank"] * 3, "academypilot")):
            sc, a, _ = duel(["fives"], defender=defender)
            game = engage(sc, a, dice, ["blank"] * 3)
            declare(game)
            assert game.decision is None and game.state.ships[a].card_memory == ()

    def test_before_engaging_a_token_on_the_card_becomes_a_matching_token(self):
        """A focus token on the card: before engaging, the ship removes it to gain a focus
        token."""
        sc, a, _ = duel(["fives"], card_memory=(("fives:tokens", ("focus",)),))
        game = sc.at(Engage(a))
        assert values(game) == ["focus", "decline"]
        game.answer("focus")
        ship = game.state.ships[a]
        assert ship.has(Token.FOCUS) and ship.card_memory == ()

    def test_no_offer_with_an_empty_card(self):
        sc, a, _ = duel(["fives"])
        game = sc.at(Engage(a))
        assert game.decision.kind == "declare_attack"


# ------------------------------------------------------------------ Freelance Slicer
def _slicer(die, with_lock=True):
    sc = Scene()
    a = sc.ship("redsquadronveteran", at=(400, 300, 0))
    d = sc.ship("academypilot", player=2, at=(400, Y[2], 180), upgrades=["freelanceslicer"],
                locks=[a] if with_lock else [])
    game = sc.at(Engage(a))
    load_dice(game, [die, "blank", "blank", "blank"], ["blank"] * 3)
    declare(game)
    return game, a, d


class TestFreelanceSlicer:
    def test_spend_the_lock_jam_the_attacker_and_a_hit_jams_the_defender(self):
        """Defending with a lock on the attacker: it spends the lock and rolls a hit; the
        attacker gains a jam token, then so does the defender."""
        game, a, d = _slicer("hit")
        assert game.decision.kind == "use_ability" and game.decision.player == 2
        game.answer("use")
        ships = game.state.ships
        assert ships[d].locks == [] and ships[a].count(Token.JAM) == 1
        assert ships[d].count(Token.JAM) == 1

    def test_a_blank_leaves_the_defender_unjammed(self):
        game, a, d = _slicer("blank")
        game.answer("use")
        ships = game.state.ships
        assert ships[a].count(Token.JAM) == 1 and ships[d].count(Token.JAM) == 0

    def test_not_without_a_lock_on_the_attacker(self):
        game, a, _ = _slicer("blank", with_lock=False)
        assert game.decision is None and game.state.ships[a].count(Token.JAM) == 0


# ------------------------------------------------------------------------------ GA-97
class TestGA97:
    def test_setup_spends_charges_to_assign_its_the_resistance(self):
        """Setup: GA-97 spends 3 charges (the first choice) to assign the condition to the
        other friendly ship."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["ga97"])
        friend = sc.ship("redsquadronveteran", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships[a].charges["ga97"].active == 2
        assert [c.card for c in game.state.ships[friend].conditions] == ["itstheresistance"]

    def test_not_without_another_friendly_ship(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["ga97"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        assert game.state.ships[a].charges["ga97"].active == 5


# -------------------------------------------------------------------------- Gamut Key
def _end_phase(sc):
    return sc.at(FireWindow.of("start_end_phase"), EndPhase(), phase="end")


class TestGamutKey:
    def test_the_chosen_ship_keeps_its_circular_tokens(self):
        """An enemy at range 1 with focus and jam tokens: Gamut Key's ship spends 2 charges
        and the enemy keeps both in the End Phase; its own evade token is removed."""
        sc, a, d = duel(["gamutkey"], range_=1, evade=1)
        sc.entries[1].tokens.update({"focus": 1, "jam": 1})
        game = _end_phase(sc)
        assert values(game) == [a, d, "decline"]
        game.answer(d)
        enemy, mine = game.state.ships[d], game.state.ships[a]
        assert enemy.has(Token.FOCUS) and enemy.has(Token.JAM) and not mine.has(Token.EVADE)
        assert mine.charges["gamutkey"].active == 1     # 2 spent, 1 recovered

    def test_declined_the_tokens_go(self):
        sc, _a, d = duel(["gamutkey"], range_=1)
        sc.entries[1].tokens["focus"] = 1
        game = _end_phase(sc)
        game.answer("decline")
        assert not game.state.ships[d].has(Token.FOCUS)

    def test_not_beyond_range_1_nor_with_1_charge(self):
        """An enemy at range 2, or only 1 charge: nothing is offered."""
        for range_, charges in ((2, 2), (1, 1)):
            sc, _a, d = duel(["gamutkey"], range_=range_, charges={"gamutkey": charges})
            sc.entries[1].tokens["focus"] = 1
            game = _end_phase(sc)
            assert game.decision is None and not game.state.ships[d].has(Token.FOCUS)


# -------------------------------------------------------------------------- Gar Saxon
def _gar(locked=True, gar_attacks=False, attacker="redsquadronveteran"):
    sc = Scene()
    gar = sc.ship("redsquadronveteran", at=(200, 300, 0), upgrades=["garsaxon"],
                  locks=["p2.1"] if locked else [])
    a = sc.ship(attacker, at=(400, 300, 0))
    sc.ship("academypilot", player=2, at=(400, Y[2], 180))
    return sc, (gar if gar_attacks else a)


class TestGarSaxon:
    def test_a_friendly_attacker_changes_a_focus_to_a_hit(self):
        """Gar's ship has the defender locked; a friendly initiative 3 ship at range 1-3 of
        it attacks with focus, blank, blank and turns the focus into a hit."""
        sc, a = _gar()
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        pick(game, "Gar Saxon")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_without_the_lock_nor_for_gars_own_ship(self):
        """No lock on the defender; or Gar's own ship attacking (range 0): no option."""
        for kwargs in ({"locked": False}, {"gar_attacks": True}):
            sc, a = _gar(**kwargs)
            game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
            declare(game)
            assert not offered(game, "Gar Saxon"), kwargs


# ------------------------------------------------------------------- General Grievous
class TestGeneralGrievous:
    def test_defending_cancel_1_of_2_or_more_hits(self):
        """Grievous's ship defends against 3 uncanceled hits: it spends its charge to
        cancel one and suffers 2 damage instead of 3."""
        sc, a, d = duel(theirs=["generalgrievous"])
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
        declare(game)
        assert values(game) == ["hit", "decline"]
        game.answer("hit")
        ship = game.state.ships[d]
        assert len(ship.damage) == 2 and ship.charges["generalgrievous"].active == 0

    def test_not_with_a_single_hit_left(self):
        sc, a, d = duel(theirs=["generalgrievous"])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None and len(game.state.ships[d].damage) == 1

    def test_a_friendly_ship_destroyed_recovers_the_charge(self):
        """A friendly ship is destroyed: the spent charge comes back; an enemy's
        destruction does not bring it back."""
        for owner, recovered in ((1, 1), (2, 0)):
            sc = Scene()
            g = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["generalgrievous"],
                        charges={"generalgrievous": 0})
            sc.ship("academypilot", player=owner, at=(100, 300, 0))
            sc.ship("academypilot", player=2, at=(700, 800, 180))
            lost = "p1.2" if owner == 1 else "p2.1"
            game = sc.at(Hurt(lost, hits=3), phase="activation")
            assert game.state.ships[lost].destroyed
            assert game.state.ships[g].charges["generalgrievous"].active == recovered


# ---------------------------------------------------------------------- Ghost Company
def _ghost(focus=1, second_enemy=True):
    sc = Scene()
    a = sc.ship("spicerunner", at=(400, 300, 0), upgrades=["ghostcompany"], turret="front",
                focus=focus)
    sc.ship("academypilot", player=2, at=(400, Y[2], 180))
    if second_enemy:
        sc.ship("academypilot", player=2, at=(520, Y[2], 180))
    return sc, a


class TestGhostCompany:
    def test_bonus_turret_attack_against_a_ship_not_yet_attacked(self):
        """After a primary attack on p2.1, focused: a bonus single-turret attack, offered
        only against p2.2."""
        sc, a = _ghost()
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game, weapon="primary:single_turret")
        assert game.decision.kind == "use_ability"
        game.answer("use")
        d = game.decision
        assert d.kind == "bonus_attack"
        assert {o.info["defender"] for o in d.options if o.info} == {"p2.2"}

    def test_not_unfocused_nor_with_only_the_ship_already_attacked(self):
        for kwargs in ({"focus": 0}, {"second_enemy": False}):
            sc, a = _ghost(**kwargs)
            game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
            declare(game, weapon="primary:single_turret")
            assert game.decision is None, kwargs


# ------------------------------------------------------------------ GNK "Gonk" Droid
class TestGonkDroid:
    def test_setup_loses_the_charge_and_an_action_recovers_it(self):
        sc, a, _ = duel(["gnkgonkdroid"])
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        assert game.state.ships[a].charges["gnkgonkdroid"].active == 0
        assert "gnkgonkdroid:shield" not in values(game)
        game.answer("gnkgonkdroid:charge")
        assert game.state.ships[a].charges["gnkgonkdroid"].active == 1

    def test_spend_the_charge_to_recover_a_shield(self):
        sc, a, _ = duel(["gnkgonkdroid"], shields=1)
        game = sc.game()
        game.state.ships[a].charges["gnkgonkdroid"].active = 1
        from tallon.scene import start_at
        start_at(game, PerformAction(a, during_activation=True), phase="activation")
        assert "gnkgonkdroid:charge" not in values(game)      # the charge is full
        game.answer("gnkgonkdroid:shield")
        ship = game.state.ships[a]
        assert ship.shields == 2 and ship.charges["gnkgonkdroid"].active == 0

    def test_no_shield_action_with_full_shields(self):
        """RR: PAYING COSTS - the charge can't be spent with no shield to recover."""
        sc, a, _ = duel(["gnkgonkdroid"])
        game = sc.game()
        game.state.ships[a].charges["gnkgonkdroid"].active = 1
        from tallon.scene import start_at
        start_at(game, PerformAction(a, during_activation=True), phase="activation")
        assert not any(k.startswith("gnkgonkdroid") for k in values(game))


# ------------------------------------------------------------------ Grand Inquisitor
class TestGrandInquisitor:
    def test_after_an_enemy_reveals_a_white_action_as_red(self):
        """An enemy at range 2 reveals its dial: the Inquisitor's ship spends its Force to
        perform a focus action treated as red (gaining a stress token)."""
        sc, a, d = duel(["grandinquisitor"])
        game = activation(sc, d, "2FB")
        assert game.decision.kind == "use_ability" and game.decision.ship == a
        assert "focus" in values(game) and "decline" in values(game)
        game.answer("focus")
        ship = game.state.ships[a]
        assert ship.has(Token.FOCUS) and ship.has(Token.STRESS) and ship.force == 0

    def test_not_beyond_range_2_nor_for_a_friendly_ship(self):
        sc, a, d = duel(["grandinquisitor"], range_=3)
        game = activation(sc, d, "2FB")
        assert game.decision is None or game.decision.ship != a
        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["grandinquisitor"])
        friend = sc.ship("redsquadronveteran", at=(300, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = activation(sc, friend, "2FW")
        pass_until(game, "perform_action", friend)
        assert game.state.ships["p1.1"].force == 1
