"""Crew upgrades, K-2SO to Latts Razzi (:mod:`tallon.cards.upgrades.crew_c`). Scenes on
generic carriers (squad restrictions are not checked by scenes): Red Squadron Veterans
(T-65, 2 shields, agility 2) and Academy Pilots (TIE/ln). Player 1 sits at y = 0 facing
+y; a range band is 100 mm (small bases are 40 mm wide)."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, EndPhase, StartEngagement, SystemTurn, effective_code
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, faces, load_dice
from tests.cards.helpers import (
    answer,
    engage,
    finish,
    modify_with,
    offers,
    pass_all,
    skip_dice,
    values,
)
from tests.rules.attack_helpers import rolls


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def duo(upgrades=(), friend_at=(200.0, 300.0, 0.0), enemy_at=(400.0, 800.0, 180.0),
        pilot="redsquadronveteran", friend=None, enemy=None, **kw):
    """The card's ship at (400, 300) facing +y, a friendly T-65 and an enemy TIE."""
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **kw)
    ally = sc.ship("redsquadronveteran", at=friend_at, **(friend or {}))
    foe = sc.ship("academypilot", player=2, at=enemy_at, **(enemy or {}))
    return sc, me, ally, foe


# ------------------------------------------------------------------------ K-2SO
class TestK2SO:
    def test_a_friendly_ship_in_range_gains_a_calculate_and_a_stress_token(self):
        """System Phase: K-2SO chooses a friendly ship at range 0-3 (itself too, not an
        enemy nor a ship beyond range 3); the chosen ship gains 1 calculate and 1 stress."""
        sc, me, ally, _foe = duo(["k2so"])
        far = sc.ship("redsquadronveteran", at=(850, 300, 0))
        game = sc.at(SystemTurn(me), phase="system")
        assert set(values(game)) == {me, ally, "decline"} and far not in values(game)
        answer(game, "use_ability", ally, me)
        friend = game.state.ships[ally]
        assert friend.count(Token.CALCULATE) == 1 and friend.count(Token.STRESS) == 1

    def test_declined_or_without_the_card_nobody_gains_tokens(self):
        """Declining (or a ship without K-2SO) leaves the tokens as they were."""
        sc, me, ally, _ = duo(["k2so"])
        game = sc.at(SystemTurn(me), phase="system")
        answer(game, "use_ability", "decline")
        sc2, me2, ally2, _ = duo()
        game2 = sc2.at(SystemTurn(me2), phase="system")
        assert game2.decision is None
        for g, a in ((game, ally), (game2, ally2)):
            assert not g.state.ships[a].tokens

    def test_its_bar_gains_calculate_and_jam(self):
        """The card's action bar adds white calculate and jam actions."""
        sc, me, _, _ = duo(["k2so"])
        kinds = {s.kind for s in sc.game().state.ships[me].actions}
        assert {"calculate", "jam"} <= kinds


# ----------------------------------------------------------------- Kanan Jarrus
class TestKananJarrus:
    def test_spend_force_to_remove_a_stress_after_a_friends_white_maneuver(self):
        """A stressed friendly ship at range 2 fully executes a white [3 straight]: Kanan
        spends his Force and the ship removes its stress token (without him it keeps it)."""
        for use, stress, force in (("use", 0, 0), ("decline", 1, 1)):
            sc, me, ally, _ = duo(["kananjarrus"], friend={"stress": 1})
            game = sc.at(ExecuteManeuver(ally, "3FW"), phase="activation")
            answer(game, "use_ability", use, me)
            assert game.state.ships[ally].count(Token.STRESS) == stress
            assert game.state.ships[me].force == force

    def test_not_after_a_red_maneuver_nor_beyond_range_2(self):
        """A red maneuver, or a white one beyond range 2, offers nothing."""
        sc, _, ally, _ = duo(["kananjarrus"], friend={"stress": 1})
        game = sc.at(ExecuteManeuver(ally, "4KR"), phase="activation")
        assert game.decision is None
        sc, _, ally, _ = duo(["kananjarrus"], friend_at=(700.0, 100.0, 0.0),
                             friend={"stress": 1})
        game = sc.at(ExecuteManeuver(ally, "3FW"), phase="activation")
        assert game.decision is None
        assert game.state.ships[ally].count(Token.STRESS) == 1


# ----------------------------------------------------------------- Kaydel Connix
class TestKaydelConnix:
    def test_set_a_basic_maneuver_one_speed_faster_that_is_harder(self):
        """Revealing a blue [2 straight]: Kaydel offers the speed 3 basic maneuvers of the
        dial; the ship executes [3 straight] with its difficulty increased (white -> red:
        it gains a stress token). Declined, it executes the blue [2 straight]."""
        sc, me, _, _ = duo(["kaydelconnix"], dial_set="2FB")
        game = sc.at(Activate(me), phase="activation")
        assert set(values(game)) == {"3TW", "3BW", "3FW", "3NW", "3YW", "decline"}
        answer(game, "use_ability", "3FW", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert ship.count(Token.STRESS) == 1 and ship.body.pose.y > 300 + 150

        sc, me, _, _ = duo(["kaydelconnix"], dial_set="2FB")
        game = sc.at(Activate(me), phase="activation")
        answer(game, "use_ability", "decline", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert not ship.stressed and ship.body.pose.y < 300 + 150

    def test_no_faster_basic_maneuver_on_the_dial_offers_nothing(self):
        """Revealing [4 straight] on a dial without speed 5: nothing to set."""
        sc, me, _, _ = duo(["kaydelconnix"], dial_set="4FW")
        game = sc.at(Activate(me), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------------- Ketsu Onyo
class TestKetsuOnyo:
    def test_the_chosen_enemy_keeps_its_tractor_token(self):
        """Start of the End Phase: an enemy at range 1 in the firing arc, tractored, is
        chosen: it keeps its tractor token when tokens are removed (declined: it loses
        it)."""
        for use, kept in (("p2.1", 1), ("decline", 0)):
            sc, _, _, foe = duo(["ketsuonyo"], enemy_at=(400.0, 380.0, 180.0),
                                enemy={"tractor": 1})
            game = sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end")
            answer(game, "use_ability", use)
            pass_all(game)
            assert game.state.ships[foe].count(Token.TRACTOR) == kept

    def test_not_an_enemy_outside_the_firing_arc(self):
        """A tractored enemy behind the ship can't be chosen: it removes its token."""
        sc, _, _, foe = duo(["ketsuonyo"], enemy_at=(400.0, 220.0, 0.0),
                            enemy={"tractor": 1})
        game = sc.at(FireWindow.of("end_phase"), EndPhase(), phase="end")
        assert game.decision is None
        assert game.state.ships[foe].count(Token.TRACTOR) == 0


# -------------------------------------------------------------------- Kit Fisto
class TestKitFisto:
    def test_a_friend_at_range_1_performs_a_red_evade(self):
        """Start of the Engagement Phase: Kit spends his Force; the friendly ship at range 1
        performs a red evade (an evade and a stress token)."""
        sc, me, ally, _ = duo(["kitfisto"], friend_at=(330.0, 300.0, 0.0))
        game = sc.at(StartEngagement())
        assert set(values(game)) == {me, ally, "decline"}
        answer(game, "use_ability", ally, me)
        answer(game, "perform_action", "evade", ally)
        friend = game.state.ships[ally]
        assert friend.count(Token.EVADE) == 1 and friend.count(Token.STRESS) == 1
        assert game.state.ships[me].force == 0

    def test_not_a_friend_at_range_2_nor_without_force(self):
        """A friend at range 2 is not offered; with no Force nothing is offered."""
        sc, _, ally, _ = duo(["kitfisto"], friend_at=(200.0, 300.0, 0.0))
        game = sc.at(StartEngagement())
        assert ally not in values(game)
        sc, _me, ally, _ = duo(["kitfisto"], friend_at=(330.0, 300.0, 0.0), force=0)
        game = sc.at(StartEngagement())
        assert game.decision is None


# ----------------------------------------------------------------- Korkie Kryze
def _korkie(upgrades=("korkiekryze",), korkie_x=405.0, **kw):
    """Korkie's ship between an enemy (behind it, at range 2 of the friend) and the friend
    ahead of it at range 1: the closest lines of the enemy's attack (a family from x = 390
    to 420 mm) all pass through Korkie's base (385-425 mm) unless it is moved aside."""
    sc = Scene()
    me = sc.ship("redsquadronveteran", at=(korkie_x, 300, 0), upgrades=list(upgrades), **kw)
    ally = sc.ship("redsquadronveteran", at=(410, 420, 0))
    foe = sc.ship("academypilot", player=2, at=(400, 190, 0))
    return sc, me, ally, foe


def _defense_dice(korkie_x=405.0, upgrades=("korkiekryze",)) -> int:
    sc, _, ally, foe = _korkie(upgrades, korkie_x)
    game = sc.at(Engage(foe))
    load_dice(game, ["blank"] * 3, ["blank"] * 3)
    declare(game, foe, ally)
    finish(game)
    return len(rolls(game, ally)[-1])


class TestKorkieKryze:
    def test_an_obstructing_korkie_gives_the_defender_1_more_defense_die(self):
        """The enemy's attack on the friend passes through Korkie's ship (every closest
        line): the friend rolls 3 defense dice instead of its agility 2 (2 without the
        card)."""
        assert _defense_dice() == 3
        assert _defense_dice(upgrades=()) == 2

    def test_no_extra_die_when_korkie_does_not_obstruct(self):
        """Korkie beside the line of fire (the friend still in its full front arc at range
        1): 2 defense dice."""
        assert _defense_dice(korkie_x=320.0) == 2

    def test_no_extra_die_when_the_attacker_can_measure_past_korkie(self):
        """Ruling: the closest lines tie (x = 390 to 420 mm) and Korkie's base (x = 390 to
        430 mm) only touches the outermost one, which the attacker may choose
        (RR: OBSTRUCTED): Korkie does not obstruct, 2 defense dice."""
        assert _defense_dice(korkie_x=410.0) == 2

    def test_transfer_a_green_token_to_the_friendly_defender(self):
        """The friend in Korkie's full front arc becomes the defender: Korkie may transfer
        its focus token to it."""
        sc, me, ally, foe = duo(["korkiekryze"], friend_at=(400.0, 450.0, 0.0),
                                enemy_at=(400.0, 600.0, 180.0), focus=1)
        game = sc.at(Engage(foe))
        load_dice(game, ["blank"] * 3, ["blank"] * 2)
        declare(game, foe, ally)
        answer(game, "use_ability", "focus", me)
        assert game.state.ships[ally].count(Token.FOCUS) == 1
        assert not game.state.ships[me].has(Token.FOCUS)

    def test_no_transfer_to_a_defender_outside_the_full_front_arc(self):
        """The friend behind Korkie is attacked: no transfer is offered."""
        sc, me, ally, foe = duo(["korkiekryze"], friend_at=(400.0, 150.0, 0.0),
                                enemy_at=(400.0, 30.0, 0.0), focus=1)
        game = sc.at(Engage(foe))
        load_dice(game, ["blank"] * 3, ["blank"] * 2)
        declare(game, foe, ally)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[me].has(Token.FOCUS)


# -------------------------------------------------------------------- Korr Sella
class TestKorrSella:
    def test_a_fully_executed_blue_maneuver_removes_all_stress(self):
        """2 stress tokens and a blue [2 straight]: the maneuver removes 1, Korr Sella the
        other (without her 1 is left)."""
        for upgrades, left in ((["korrsella"], 0), ([], 1)):
            sc, me, _, _ = duo(upgrades, stress=2)
            game = sc.at(ExecuteManeuver(me, "2FB"), phase="activation")
            assert game.state.ships[me].count(Token.STRESS) == left

    def test_not_after_a_white_maneuver(self):
        """A white [3 straight] keeps both stress tokens."""
        sc, me, _, _ = duo(["korrsella"], stress=2)
        game = sc.at(ExecuteManeuver(me, "3FW"), phase="activation")
        assert game.state.ships[me].count(Token.STRESS) == 2


# ------------------------------------------------------------------------- Kuiil
def _kuiil_game(damage, **kw):
    sc, me, _, _ = duo(["kuiil"], damage=damage, **kw)
    return sc.at(PerformAction(me, during_activation=True), phase="activation"), me


class TestKuiil:
    def test_a_hit_repairs_a_faceup_ship_card_and_a_blank_removes_an_orange_token(self):
        """2 damage cards: 2 dice, a hit and a blank. The faceup Console Fire is flipped
        facedown, the disarm token is removed."""
        game, me = _kuiil_game([DamageCard("consolefire", True, 81),
                                DamageCard("directhit", False, 82)], disarm=1)
        load_dice(game, ["hit", "blank"])
        answer(game, "perform_action", "kuiil", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert not any(d.faceup for d in ship.damage) and len(ship.damage) == 2
        assert not ship.has(Token.DISARM)

    def test_a_crit_repairs_a_facedown_card_and_a_focus_gives_a_focus_token(self):
        """A critical hit discards the facedown card, a focus result gives a focus token;
        the faceup card stays faceup."""
        game, me = _kuiil_game([DamageCard("consolefire", True, 81),
                                DamageCard("directhit", False, 82)])
        load_dice(game, ["crit", "focus"])
        answer(game, "perform_action", "kuiil", me)
        pass_all(game)
        ship = game.state.ships[me]
        assert [d.serial for d in ship.damage] == [81] and ship.damage[0].faceup
        assert ship.count(Token.FOCUS) == 1

    def test_not_offered_without_damage_cards(self):
        """Without damage cards the action is not offered."""
        game, _me = _kuiil_game([])
        assert "kuiil" not in values(game)


# ---------------------------------------------------------------------- Kylo Ren
class TestKyloRen:
    def test_spend_force_to_assign_the_condition_to_an_enemy(self):
        """Action: an enemy at range 2 is chosen; Kylo spends his Force and the enemy is
        assigned I'll Show You the Dark Side."""
        sc, me, _, foe = duo(["kyloren"], enemy_at=(400.0, 490.0, 180.0))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        answer(game, "perform_action", "kyloren", me)
        pass_all(game)
        assert [c.card for c in game.state.ships[foe].conditions] == ["illshowyouthedarkside"]
        assert game.state.ships[me].force == 0

    def test_not_without_force_nor_an_enemy_in_range(self):
        """No Force, or no enemy at range 1-3: the action is not offered or fails, and no
        condition is assigned."""
        sc, me, _, foe = duo(["kyloren"], enemy_at=(400.0, 490.0, 180.0), force=0)
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        assert "kyloren" not in values(game)
        sc, me, _, foe = duo(["kyloren"], enemy_at=(400.0, 850.0, 180.0))
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        answer(game, "perform_action", "kyloren", me)
        pass_all(game)
        assert not game.state.ships[foe].conditions and game.state.ships[me].force == 1


# ------------------------------------------------------------------------- L3-37
class TestL337:
    def test_flip_it_while_defending_to_make_the_attacker_reroll_all_dice(self):
        """The attacker rolls a hit and a critical hit; the defender flips L3-37 and the
        attacker must reroll both (a blank and a focus): the attack misses and the card
        shows L3-37's Programming."""
        sc, me, _, foe = duo(["l337"], enemy_at=(400.0, 490.0, 180.0))
        game = engage(sc, foe, ["hit", "crit"], ["blank"] * 2, rerolls=["blank", "focus"])
        declare(game, foe, me)
        modify_with(game, "l337")
        skip_dice(game)
        assert "0 hit(s), 0 critical" in neutralized(game)
        assert ("upgrade", "l337", 1) in game.state.ships[me].cards

    def test_not_while_attacking(self):
        """Attacking with L3-37 aboard: nothing to flip."""
        sc, me, _, foe = duo(["l337"], enemy_at=(400.0, 490.0, 180.0))
        game = sc.at(Engage(me))
        load_dice(game, ["hit", "hit", "crit"], ["blank"] * 3)
        declare(game, me, foe)
        assert not offers(game, "l337")

    def test_programming_eases_banks_while_unshielded(self):
        """Flipped, the card makes bank maneuvers 1 difficulty easier while the ship has no
        active shield (not turns; not while shielded; not on the front side)."""
        for side, shields, bank in ((1, 0, "3BB"), (1, 2, "3BW"), (0, 0, "3BW")):
            sc, me, _, _ = duo(["l337"], shields=shields)
            game = sc.game()
            ship = game.state.ships[me]
            ship.cards = tuple((k, x, side if x == "l337" else s) for k, x, s in ship.cards)
            assert effective_code(game, ship, "3BW") == bank
            assert effective_code(game, ship, "3TW") == "3TW"


# --------------------------------------------------------- Lando Calrissian (Rebel)
def _lando_game(defense):
    sc, me, _, _ = duo(["landocalrissian"])
    game = sc.at(PerformAction(me, during_activation=True), phase="activation")
    load_dice(game, (), defense)
    answer(game, "perform_action", "landocalrissian", me)
    return game, me


class TestLandoCalrissian:
    def test_focus_and_evade_results_give_those_tokens(self):
        """Rolling a focus and an evade: 1 focus and 1 evade token, no question asked."""
        game, me = _lando_game(["focus", "evade"])
        assert game.decision is None or game.decision.kind != "use_ability"
        ship = game.state.ships[me]
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.EVADE) == 1

    def test_two_blanks_the_opponent_chooses_the_token(self):
        """Two blanks: player 2 chooses evade; the ship gains 1 evade token."""
        game, me = _lando_game(["blank", "blank"])
        assert game.decision.kind == "use_ability" and game.decision.player == 2
        assert set(values(game)) == {"focus", "evade"}
        game.answer("evade")
        ship = game.state.ships[me]
        assert ship.count(Token.EVADE) == 1 and not ship.has(Token.FOCUS)

    def test_a_blank_and_a_focus_ask_nobody(self):
        """One blank only: a focus token and no choice for the opponent."""
        game, me = _lando_game(["blank", "focus"])
        assert game.decision is None or game.decision.player != 2
        assert game.state.ships[me].count(Token.FOCUS) == 1


# ---------------------------------------------------------- Lando Calrissian (Scum)
class TestLandoCalrissianCrew:
    def test_spend_a_focus_token_to_reroll_two_blanks(self):
        """Attacking with 2 blanks and a hit and a focus token: Lando spends the focus
        token to reroll both blanks into hits (3 hits instead of 1)."""
        sc, me, _, foe = duo(["landocalrissian-crew"], enemy_at=(400.0, 490.0, 180.0),
                             focus=1)
        game = engage(sc, me, ["blank", "blank", "hit"], ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, me, foe)
        skip_dice(game, "modify_attack_dice", me)
        key = next(k for k in values(game) if k.startswith("landocalrissian-crew:reroll="
                                                            "blank,blank"))
        game.answer(key)
        skip_dice(game)
        assert "3 hit(s)" in neutralized(game)
        assert not game.state.ships[me].has(Token.FOCUS)

    def test_a_reinforce_token_pays_too(self):
        """Defending with only a reinforce token: it is spent to reroll 2 defense dice."""
        sc, me, _, foe = duo(["landocalrissian-crew"], enemy_at=(400.0, 490.0, 180.0),
                             reinforce_fore=1)
        game = sc.at(Engage(foe))
        load_dice(game, ["hit", "hit"], ["blank", "blank"],
                  then=faces(DieKind.DEFENSE, ["evade", "evade"]))
        declare(game, foe, me)
        skip_dice(game, "modify_defense_dice", me)
        modify_with(game, "landocalrissian-crew", "2 blank")
        skip_dice(game)
        assert not game.state.ships[me].has(Token.REINFORCE_FORE)
        assert "0 hit(s)" in neutralized(game)

    def test_not_without_a_green_token(self):
        """No green token: Lando is not offered."""
        sc, me, _, foe = duo(["landocalrissian-crew"], enemy_at=(400.0, 490.0, 180.0))
        game = sc.at(Engage(me))
        load_dice(game, ["blank", "blank", "hit"], ["blank"] * 3)
        declare(game, me, foe)
        assert not offers(game, "landocalrissian-crew")


# ------------------------------------------------------------------ Larma D'Acy
def _larma(upgrades, **kw):
    sc, me, _, foe = duo(upgrades, enemy_at=(400.0, 380.0, 180.0), **kw)
    return sc.at(PerformAction(me, during_activation=True), phase="activation"), me, foe


class TestLarmaDAcy:
    def test_stressed_it_jams_treated_as_red(self):
        """1 stress token, a white jam on the bar (K-2SO): Larma lets it jam while stressed,
        treated as red (a second stress token). Without Larma, no action at all."""
        game, me, foe = _larma(["larmadacy", "k2so"], stress=1)
        assert "jam" in values(game) and "calculate" not in values(game)
        answer(game, "perform_action", "jam", me)
        pass_all(game)
        assert game.state.ships[foe].has(Token.JAM)
        assert game.state.ships[me].count(Token.STRESS) == 2
        game, me, foe = _larma(["k2so"], stress=1)
        assert game.decision is None

    def test_not_with_3_stress_and_white_while_unstressed(self):
        """3 stress tokens: no jam. Unstressed: the jam stays white (no stress)."""
        game, me, _ = _larma(["larmadacy", "k2so"], stress=3)
        assert game.decision is None
        game, me, _foe = _larma(["larmadacy", "k2so"])
        answer(game, "perform_action", "jam", me)
        pass_all(game)
        assert not game.state.ships[me].stressed


# ------------------------------------------------------------------ Latts Razzi
class TestLattsRazzi:
    def _game(self, stress):
        sc, me, _, foe = duo(["lattsrazzi"], enemy_at=(400.0, 490.0, 180.0),
                             enemy={"stress": stress})
        game = sc.at(Engage(foe))
        load_dice(game, ["hit", "hit", "blank"], ["evade", "blank"])
        declare(game, foe, me)
        skip_dice(game, "modify_defense_dice", me)
        return game, me, foe

    def test_remove_the_attackers_stress_to_change_a_blank_to_an_evade(self):
        """Defending against a stressed attacker: Latts removes its stress token to turn
        the blank into an evade; 2 evades cancel both hits."""
        game, _me, foe = self._game(1)
        modify_with(game, "lattsrazzi")
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)
        assert not game.state.ships[foe].stressed

    def test_not_against_an_unstressed_attacker(self):
        """The attacker is not stressed: no Latts option, 1 hit lands."""
        game, _me, _foe = self._game(0)
        assert not offers(game, "lattsrazzi")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
