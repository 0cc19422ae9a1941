"""Crew upgrades, "Leebo" to Petty Officer Thanisson (:mod:`tallon.cards.upgrades.crew_c2`).
Scenes on generic carriers (squad restrictions are not checked by scenes): Red Squadron
Veterans (T-65, 2 shields) and Academy Pilots (TIE/ln). Player 1 sits at y = 0 facing +y; a
range band is 100 mm (small bases are 40 mm wide)."""

from __future__ import annotations

from dataclasses import dataclass

from tallon.engine.actions import PerformAction, StartAction
from tallon.engine.attack import Engage
from tallon.engine.decisions import Decision
from tallon.engine.effects import acquire_lock, repair_damage, spend_token
from tallon.engine.game import Game
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import (
    Activate,
    StartActivation,
    StartEngagement,
    SystemTurn,
    effective_code,
)
from tallon.engine.state import ActionSpec, DamageCard, Token
from tallon.engine.steps import Step
from tallon.scene import Scene, declare, load_dice
from tests.cards.helpers import Give, Hurt, answer, pass_all, values


@dataclass(frozen=True)
class CrewCRepair(Step):
    """A damage card of the ship is repaired (as an ability would repair it)."""

    ship_id: str
    serial: int

    def run(self, game: Game) -> Decision | None:
        repair_damage(game, game.state.ships[self.ship_id], self.serial)
        return None


@dataclass(frozen=True)
class CrewCSpend(Step):
    """The ship spends a token (as it would on its dice)."""

    ship_id: str
    token: str

    def run(self, game: Game) -> Decision | None:
        spend_token(game, game.state.ships[self.ship_id], Token(self.token))
        return None


@dataclass(frozen=True)
class CrewCLock(Step):
    """The ship acquires a lock (as an ability would give it)."""

    ship_id: str
    target: str

    def run(self, game: Game) -> Decision | None:
        acquire_lock(game, game.state.ships[self.ship_id], self.target)
        return None


def duo(upgrades=(), friend_at=(200.0, 300.0, 0.0), enemy_at=(400.0, 800.0, 180.0),
        pilot="redsquadronveteran", friend=None, enemy=None, **kw):
    """The card's ship at (400, 300) facing +y, a friendly T-65 and an enemy TIE."""
    sc = Scene()
    me = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **kw)
    ally = sc.ship("redsquadronveteran", at=friend_at, **(friend or {}))
    foe = sc.ship("academypilot", player=2, at=enemy_at, **(enemy or {}))
    return sc, me, ally, foe


CONSOLE_FIRE = DamageCard("consolefire", True, 81)  # a faceup Ship card with a repair action
DIRECT_HIT = DamageCard("directhit", False, 82)  # facedown
BLINDED = DamageCard("blindedpilot", True, 83)  # a faceup Pilot card


# ----------------------------------------------------------------------- "Leebo"
class TestLeebo:
    def test_after_a_repair_perform_an_action_from_the_bar(self):
        """Its damage card is repaired: "Leebo" lets it perform a focus action from its
        bar (declined: no token)."""
        for use, focus in (("act", 1), ("decline", 0)):
            sc, me, _, _ = duo(["leebo-swz103"], damage=[CONSOLE_FIRE])
            game = sc.at(CrewCRepair(me, 81), phase="engagement")
            answer(game, "use_ability", use, me)
            if use == "act":
                assert "calculate" not in values(game)
                answer(game, "perform_action", "focus", me)
            assert game.state.ships[me].count(Token.FOCUS) == focus

    def test_not_when_another_ships_card_is_repaired(self):
        """A friendly ship's repair does not trigger it."""
        sc, _me, ally, _ = duo(["leebo-swz103"], friend={"damage": [CONSOLE_FIRE]})
        game = sc.at(CrewCRepair(ally, 81), phase="engagement")
        assert game.decision is None


# ------------------------------------------------------------ Leia Organa (Rebel)
class TestLeiaOrgana:
    def test_spend_3_charges_friendly_red_maneuvers_are_easier_this_phase(self):
        """Start of the Activation Phase: Leia spends her 3 charges; a friend's red [4
        K-turn] is executed white (no stress). Declined, it gains a stress token."""
        for use, stress in (("use", 0), ("decline", 1)):
            sc, me, ally, _ = duo(["leiaorgana"], friend={"dial_set": "4KR"})
            game = sc.at(StartActivation(), Activate(ally), phase="activation")
            answer(game, "use_ability", use, me)
            pass_all(game)
            assert game.state.ships[ally].count(Token.STRESS) == stress
            assert game.state.ships[me].charges["leiaorgana"].active == (0 if stress == 0
                                                                         else 3)

    def test_only_red_maneuvers_only_this_phase_only_with_3_charges(self):
        """Used: white maneuvers stay white, red ones are white only during the Activation
        Phase; with 2 charges it can't be used."""
        sc, me, ally, _ = duo(["leiaorgana"])
        game = sc.at(StartActivation(), phase="activation")
        answer(game, "use_ability", "use", me)
        friend = game.state.ships[ally]
        assert effective_code(game, friend, "4KR") == "4KW"
        assert effective_code(game, friend, "3FW") == "3FW"
        game.state.phase = "engagement"
        assert effective_code(game, friend, "4KR") == "4KR"
        sc, me, ally, _ = duo(["leiaorgana"], charges={"leiaorgana": 2})
        game = sc.at(StartActivation(), phase="activation")
        assert game.decision is None


# ------------------------------------------------------- Leia Organa (Resistance)
class TestLeiaOrganaResistance:
    def test_spend_force_the_revealed_maneuver_is_easier(self):
        """A friend reveals a red [4 K-turn]: Leia spends her Force and it is executed
        white (no stress); declined, it gains a stress token."""
        for use, stress, force in (("use", 0, 0), ("decline", 1, 1)):
            sc, me, ally, _ = duo(["leiaorgana-resistance"], friend={"dial_set": "4KR"})
            game = sc.at(Activate(ally), phase="activation")
            answer(game, "use_ability", use, me)
            pass_all(game)
            assert game.state.ships[ally].count(Token.STRESS) == stress
            assert game.state.ships[me].force == force

    def test_not_a_stationary_maneuver_nor_an_enemy(self):
        """A friend revealing [0 stationary], or an enemy revealing a maneuver: nothing."""
        sc = Scene()
        sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["leiaorgana-resistance"])
        still = sc.ship("kashyyykdefender", at=(150, 300, 0), dial_set="0OR")
        foe = sc.ship("academypilot", player=2, at=(400, 800, 180), dial_set="2FB")
        game = sc.at(Activate(still), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"
        game = sc.at(Activate(foe), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_a_purple_maneuver(self):
        """Ruling: a purple maneuver's difficulty never changes (RR: DIFFICULTY), so the
        Force can't be spent on it (RR: PAYING COSTS): nothing offered."""
        sc, _, ally, _ = duo(["leiaorgana-resistance"], friend={"dial_set": "2FP",
                                                               "force": 1})
        game = sc.at(Activate(ally), phase="activation")
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------------ Magva Yarro
class TestMagvaYarro:
    def _game(self, attack_dice):
        sc, me, _, foe = duo(["magvayarro"], enemy_at=(400.0, 490.0, 180.0))
        game = sc.at(Engage(foe))
        load_dice(game, attack_dice, ["blank", "blank"])
        declare(game, foe, me)
        return game, me, foe

    def test_a_hit_lets_it_lock_the_attacker(self):
        """The attack hits: after defending, it acquires a lock on the attacker."""
        game, me, foe = self._game(["hit", "hit"])
        answer(game, "use_ability", foe, me)
        assert game.state.ships[me].locks == [foe]

    def test_not_after_a_miss(self):
        """The attack misses: nothing is offered, no lock."""
        game, me, _ = self._game(["blank", "blank"])
        assert game.decision is None and not game.state.ships[me].locks


# ------------------------------------------------------------------------ Maul
class TestMaul:
    def test_after_suffering_damage_gain_stress_to_recover_force(self):
        """Suffering damage with its Force spent: it gains a stress token and recovers 1
        Force (declined: neither)."""
        for use, force, stress in (("use", 1, 1), ("decline", 0, 0)):
            sc, me, _, _ = duo(["maul"], force=0)
            game = sc.at(Hurt(me))
            answer(game, "use_ability", use, me)
            ship = game.state.ships[me]
            assert ship.force == force and ship.count(Token.STRESS) == stress

    def test_not_with_its_force_full(self):
        """Its Force is full: nothing to recover, nothing offered."""
        sc, me, _, _ = duo(["maul"])
        game = sc.at(Hurt(me))
        assert game.decision is None and not game.state.ships[me].stressed


class TestMaulCrew:
    def test_its_grants_are_played(self):
        """The double-crew Maul is played (not refused at setup): its Force and purple
        coordinate join the ship."""
        sc, me, _, _ = duo(["maul-crew"])
        ship = sc.game().state.ships[me]
        assert ship.force_limit == 1
        assert any(s.kind == "coordinate" and s.difficulty == "purple" for s in ship.actions)


# --------------------------------------------------------------- Minister Tua
class TestMinisterTua:
    def test_damaged_it_performs_a_red_reinforce(self):
        """Start of the Engagement Phase, with a damage card: a red reinforce (a reinforce
        token and a stress token)."""
        sc, me, _, _ = duo(["ministertua"], damage=[DIRECT_HIT])
        game = sc.at(StartEngagement())
        answer(game, "use_ability", "reinforce", me)
        answer(game, "reinforce_side", "fore", me)
        ship = game.state.ships[me]
        assert ship.has(Token.REINFORCE_FORE) and ship.count(Token.STRESS) == 1

    def test_not_while_undamaged(self):
        """No damage card: nothing offered."""
        sc, _me, _, _ = duo(["ministertua"])
        game = sc.at(StartEngagement())
        assert game.decision is None


# ------------------------------------------------------------- Moff Jerjerrod
class TestMoffJerjerrod:
    def test_friendly_ships_boost_with_the_chosen_template(self):
        """System Phase: 2 charges spent, the [1 straight] template chosen; the friend
        boosts (only straight is offered), red (a stress token), then no more boosts."""
        sc, me, ally, _ = duo(["moffjerjerrod"])
        game = sc.at(SystemTurn(me), phase="system")
        assert set(values(game)) == {"left", "straight", "right", "decline"}
        answer(game, "use_ability", "straight", me)
        assert set(values(game)) == {me, ally, "decline"}
        answer(game, "use_ability", ally)
        assert values(game) == ["straight"]
        y = game.state.ships[ally].body.pose.y
        answer(game, "boost_direction", "straight", ally)
        friend = game.state.ships[ally]
        assert friend.body.pose.y > y + 30 and friend.count(Token.STRESS) == 1
        assert values(game) == [me, "decline"]
        answer(game, "use_ability", "decline")
        assert game.state.ships[me].charges["moffjerjerrod"].active == 0

    def test_another_boost_is_not_limited(self):
        """A boost that is not the card's (the card unused this round) offers the three
        templates."""
        sc, me, _, _ = duo(["moffjerjerrod"])
        game = sc.at(StartAction(me, ActionSpec("boost", "white", None, "test")),
                     phase="activation")
        assert set(values(game)) == {"left", "straight", "right"}

    def test_not_when_no_friendly_ship_can_boost_red(self):
        """Every friendly ship is stressed: nothing offered, no charge spent."""
        sc, me, _, _ = duo(["moffjerjerrod"], stress=1, friend={"stress": 1})
        game = sc.at(SystemTurn(me), phase="system")
        assert game.decision is None
        assert game.state.ships[me].charges["moffjerjerrod"].active == 2


# ------------------------------------------------------------------- Nien Nunb
class TestNienNunb:
    def test_bank_maneuvers_are_easier(self):
        """A white [3 bank] becomes blue; turns, and other ships' banks, do not change."""
        sc, me, ally, _ = duo(["niennunb"])
        game = sc.game()
        ship, friend = game.state.ships[me], game.state.ships[ally]
        assert effective_code(game, ship, "3BW") == "3BB"
        assert effective_code(game, ship, "3NW") == "3NB"
        assert effective_code(game, ship, "3TW") == "3TW"
        assert effective_code(game, friend, "3BW") == "3BW"

    def test_the_easier_bank_removes_stress(self):
        """A stressed ship executes [3 bank left] as blue: its stress is removed."""
        for upgrades, stress in ((["niennunb"], 0), ([], 1)):
            sc, me, _, _ = duo(upgrades, dial_set="3BW", stress=1)
            game = sc.at(Activate(me), phase="activation")
            pass_all(game)
            assert game.state.ships[me].count(Token.STRESS) == stress


# --------------------------------------------------------------- Novice Technician
class TestNoviceTechnician:
    def _game(self, face):
        sc, me, _, _ = duo(["novicetechnician"], damage=[CONSOLE_FIRE, DIRECT_HIT])
        game = sc.at(FireWindow.of("end_phase_end"), phase="end")
        load_dice(game, [face])
        return game, me

    def test_a_blank_repairs_the_card(self):
        """End of the round: the die shows a blank; the faceup card is repaired (flipped
        facedown) and nothing is exposed."""
        game, me = self._game("blank")
        answer(game, "use_ability", "81", me)
        assert not any(d.faceup for d in game.state.ships[me].damage)

    def test_a_hit_repairs_then_exposes_a_card(self):
        """A hit: the card is repaired, then 1 facedown card is exposed at random (one
        card faceup again)."""
        game, me = self._game("hit")
        answer(game, "use_ability", "81", me)
        pass_all(game)
        assert sum(d.faceup for d in game.state.ships[me].damage) == 1

    def test_not_without_a_faceup_damage_card(self):
        """Only facedown damage: nothing offered."""
        sc, _me, _, _ = duo(["novicetechnician"], damage=[DIRECT_HIT])
        game = sc.at(FireWindow.of("end_phase_end"), phase="end")
        assert game.decision is None


# ---------------------------------------------------------------- Obi-Wan Kenobi
class TestObiWanKenobi:
    def test_a_friend_spending_focus_gains_a_focus_token(self):
        """A friend at range 2 spends a focus token: Obi-Wan spends his Force and it gains
        a focus token (declined: it has none)."""
        for use, focus in (("use", 1), ("decline", 0)):
            sc, me, ally, _ = duo(["obiwankenobi"], friend={"focus": 1})
            game = sc.at(CrewCSpend(ally, "focus"))
            answer(game, "use_ability", use, me)
            assert game.state.ships[ally].count(Token.FOCUS) == focus

    def test_not_for_a_calculate_token_nor_beyond_range_2(self):
        """Spending a calculate token, or a focus token at range 3+: nothing offered."""
        sc, _, ally, _ = duo(["obiwankenobi"], friend={"calculate": 1})
        game = sc.at(CrewCSpend(ally, "calculate"))
        assert game.decision is None
        sc, _, ally, _ = duo(["obiwankenobi"], friend_at=(800.0, 300.0, 0.0),
                             friend={"focus": 1})
        game = sc.at(CrewCSpend(ally, "focus"))
        assert game.decision is None


# -------------------------------------------------------------------- Peli Motto
class TestPeliMotto:
    def test_system_phase_a_damage_card_action_even_while_stressed(self):
        """Stressed, in the System Phase: Peli lets it perform Console Fire's repair
        action; the card is flipped facedown."""
        sc, me, _, _ = duo(["pelimotto"], damage=[CONSOLE_FIRE], stress=1)
        game = sc.at(SystemTurn(me), phase="system")
        answer(game, "use_ability", "act", me)
        answer(game, "perform_action", "consolefire@81:repair", me)
        pass_all(game)
        assert not game.state.ships[me].damage[0].faceup

    def test_no_system_phase_action_without_a_damage_card_action(self):
        """Only a facedown damage card: no System Phase question."""
        sc, me, _, _ = duo(["pelimotto"], damage=[DIRECT_HIT], stress=1)
        game = sc.at(SystemTurn(me), phase="system")
        assert game.decision is None

    def test_after_repairing_a_ship_card_a_hit_repairs_another(self):
        """A faceup Ship card is repaired with another faceup: the die shows a hit and the
        other one is repaired too (declined: it stays faceup)."""
        for use, faceup in (("use", 0), ("decline", 1)):
            second = DamageCard("damagedengine", True, 84)
            sc, me, _, _ = duo(["pelimotto"], damage=[CONSOLE_FIRE, second])
            game = sc.at(CrewCRepair(me, 81))
            load_dice(game, ["hit"])
            answer(game, "use_ability", use, me)
            pass_all(game)
            assert sum(d.faceup for d in game.state.ships[me].damage) == faceup

    def test_a_crit_exposes_a_card(self):
        """The die shows a critical hit: a facedown card (the repaired Console Fire or the
        Direct Hit, at random) is exposed."""
        second = DamageCard("damagedengine", True, 84)
        sc, me, _, _ = duo(["pelimotto"], damage=[CONSOLE_FIRE, second, DIRECT_HIT])
        game = sc.at(CrewCRepair(me, 81))
        load_dice(game, ["crit"])
        answer(game, "use_ability", "use", me)
        pass_all(game)
        faceup = {d.serial for d in game.state.ships[me].damage if d.faceup}
        # the random card is one of the two facedown ones (the repaired one among them)
        assert 84 in faceup and len(faceup) == 2

    def test_not_after_repairing_a_pilot_card(self):
        """Repairing a faceup Pilot card: no roll offered."""
        second = DamageCard("damagedengine", True, 84)
        sc, me, _, _ = duo(["pelimotto"], damage=[BLINDED, second])
        game = sc.at(CrewCRepair(me, 83))
        assert game.decision is None


# ------------------------------------------------------------ Perceptive Copilot
class TestPerceptiveCopilot:
    def test_a_focus_action_gives_2_focus_tokens(self):
        """A focus action: 2 focus tokens (1 without the card)."""
        for upgrades, focus in ((["perceptivecopilot"], 2), ([], 1)):
            sc, me, _, _ = duo(upgrades)
            game = sc.at(PerformAction(me, during_activation=True), phase="activation")
            answer(game, "perform_action", "focus", me)
            pass_all(game)
            assert game.state.ships[me].count(Token.FOCUS) == focus

    def test_not_after_another_action(self):
        """A barrel roll gives no focus token."""
        sc, me, _, _ = duo(["perceptivecopilot"])
        game = sc.at(PerformAction(me, during_activation=True), phase="activation")
        answer(game, "perform_action", "barrel_roll", me)
        pass_all(game)
        assert not game.state.ships[me].has(Token.FOCUS)


# ---------------------------------------------------- Petty Officer Thanisson
class TestPettyOfficerThanisson:
    def _game(self, phase="activation", token="stress", enemy_at=(400.0, 380.0, 180.0),
              **kw):
        sc, me, _, foe = duo(["pettyofficerthanisson"], enemy_at=enemy_at, **kw)
        return sc.at(Give(foe, token), phase=phase), me, foe

    def test_gain_stress_to_give_the_enemy_another_token(self):
        """Activation Phase: the enemy at range 1 in the front arc gains a stress token;
        Thanisson gains a stress token and the enemy gains a second one."""
        game, me, foe = self._game()
        answer(game, "use_ability", "use", me)
        assert game.state.ships[foe].count(Token.STRESS) == 2
        assert game.state.ships[me].count(Token.STRESS) == 1

    def test_an_orange_token_too(self):
        """Engagement Phase, a disarm token: Thanisson makes the enemy gain a second one
        (declined: it keeps 1)."""
        for use, count in (("use", 2), ("decline", 1)):
            game, me, foe = self._game(phase="engagement", token="disarm")
            answer(game, "use_ability", use, me)
            assert game.state.ships[foe].count(Token.DISARM) == count
        game, me, foe = self._game(phase="engagement", token="disarm")
        answer(game, "use_ability", "use", me)
        assert game.state.ships[me].count(Token.STRESS) == 1

    def test_not_for_a_lock(self):
        """Ruling: a friendly ship locks the enemy (its red lock token): Thanisson is not
        offered (a second lock of the same number changes nothing, FAQ)."""
        sc, _, ally, foe = duo(["pettyofficerthanisson"], friend_at=(300.0, 300.0, 0.0),
                               enemy_at=(400.0, 380.0, 180.0))
        game = sc.at(CrewCLock(ally, foe), phase="activation")
        assert foe in game.state.ships[ally].locks and game.decision is None

    def test_not_in_the_system_phase_nor_stressed_nor_outside_the_arc_nor_green(self):
        """System Phase, a stressed Thanisson, an enemy behind, or a focus token: nothing
        offered."""
        for game, _, _ in (self._game(phase="system"), self._game(stress=1),
                           self._game(enemy_at=(400.0, 220.0, 0.0)),
                           self._game(token="focus")):
            assert game.decision is None
