"""First-edition upgrades of the T-70 X-wing, TIE/fo Fighter, Punishing One, Mist Hunter and
Inquisitor's TIE expansion packs: astromechs, modifications, titles, the system and the
tech upgrade (:mod:`tallon.cards.first_edition.upgrades_w7_2`). Scenes on a first-edition
table: player 1 at y = 0 facing +y, player 2 facing it; with small bases 380 / 490 / 550 mm
put a ship ahead of one at y = 300 at Range 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, stack_deck, start_at
from tests.cards.first_edition.helpers_1e import has_card
from tests.cards.first_edition.test_upgrades_w7 import answer_rest, sources
from tests.cards.helpers import Give, Hurt, activation, engage, pass_all, rolled

Y = {1: 380.0, 2: 490.0, 3: 550.0}
NOVICE = "1e-t70xwing-bluesquadronnovice"
SCOUT = "1e-jumpmaster5000-contractedscout"
FREELANCER = "1e-g1astarfighter-ruthlessfreelancer"
ROOKIE = "1e-xwing-rookiepilot"
GOLD = "1e-ywing-goldsquadronpilot"
ACADEMY = "1e-tiefighter-academypilot"
BARON = "1e-tieadvprototype-baronoftheempire"
OMEGA_PILOT = "1e-tiefofighter-omegasquadronpilot"


def duel(pilot: str, defender: str = ACADEMY, range_: int = 2, upgrades=(), d_upgrades=(),
         d_setup=None, **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], 180), upgrades=list(d_upgrades),
                **(d_setup or {}))
    return sc, a, d


# ---------------------------------------------------------------- Punishing One
class TestPunishingOne:
    def test_primary_weapon_plus_one(self):
        """A Contracted Scout (primary 2) with Punishing One rolls 3 attack dice; without
        it, 2."""
        for upgrades, dice in ((["1e-punishingone"], 3), ([], 2)):
            sc, a, d = duel(SCOUT, upgrades=upgrades)
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
            declare(game, a, d)
            pass_all(game)
            assert len(rolled(game, a)) == dice

    def test_not_for_secondary_weapons(self):
        """A secondary weapon keeps its value: Proton Torpedoes roll their 4 dice."""
        sc, a, d = duel(SCOUT, upgrades=["1e-punishingone", "1e-protontorpedoes"],
                        locks=["p2.1"])
        game = engage(sc, a, ["blank"] * 5, ["blank"] * 3)
        declare(game, a, d, "1e-protontorpedoes")
        pass_all(game)
        assert len(rolled(game, a)) == 4


# ---------------------------------------------------------------------- TIE/v1
class TestTIEv1:
    def _lock(self, upgrades):
        sc = Scene(ruleset="1e")
        a = sc.ship(BARON, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("lock")
        asked = answer_rest(game, lambda d: "evade" if "evade" in d.option_keys()
                            and d.kind == "use_ability" else None)
        return game, a, asked

    def test_free_evade_after_a_lock(self):
        """After acquiring a target lock he performs a free evade action: evade token.
        Without the title, none."""
        game, a, _ = self._lock(["1e-tiev1"])
        assert game.state.ships[a].locks and game.state.ships[a].has(Token.EVADE)
        game, a, _ = self._lock([])
        assert not game.state.ships[a].has(Token.EVADE)

    def test_not_after_other_actions(self):
        """A focus action: no evade is offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BARON, at=(400, 300, 0), upgrades=["1e-tiev1"])
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("focus")
        asked = answer_rest(game)
        assert ("use_ability", a) not in asked

    def test_faq_not_for_the_tie_advanced(self):
        """FAQ (1e), TIE/v1: Darth Vader (a TIE Advanced) cannot equip it; the Baron of the
        Empire (a TIE Adv. Prototype) can (squad check)."""
        from tallon.squads import check_squad_1e, read_xws_1e

        for ship, pilot, legal in (("tieadvanced", "darthvader", False),
                                   ("tieadvprototype", "baronoftheempire", True)):
            imported = read_xws_1e({"version": "1.0.0", "faction": "imperial", "pilots": [
                {"name": pilot, "ship": ship, "upgrades": {"title": ["tiev1"]}}]})
            report = check_squad_1e(imported.squad, points=100, errors=imported.errors)
            assert report.legal is legal

    def test_faq_with_push_the_limit(self):
        """FAQ (1e), Push the Limit: he boosts, uses Push the Limit to acquire a target lock,
        then performs TIE/v1's free evade before receiving the stress token."""
        sc = Scene(ruleset="1e")
        a = sc.ship(BARON, at=(400, 200, 0), upgrades=["1e-tiev1", "1e-pushthelimit"])
        sc.ship(ACADEMY, player=2, at=(400, 600, 180))
        game = sc.at(PerformAction(a, during_activation=True), phase="activation")
        game.answer("boost")

        def choose(d):
            keys = d.option_keys()
            if d.kind == "use_ability" and "lock" in keys:
                return "lock"
            if d.kind == "use_ability" and "evade" in keys:
                return "evade"
            return keys[0] if d.kind not in ("use_ability",) else None

        answer_rest(game, choose)
        ship = game.state.ships[a]
        assert ship.locks and ship.has(Token.EVADE) and ship.stressed


# ------------------------------------------------------------------ Mist Hunter
class TestMistHunter:
    def test_adds_barrel_roll(self):
        """A G-1A (focus, target lock, evade) with Mist Hunter has the barrel roll action;
        without it, not."""
        for upgrades, has in ((["1e-misthunter"], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(FREELANCER, at=(400, 300, 0), upgrades=upgrades)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("barrel_roll" in game.decision.option_keys()) is has


    def test_faq_boba_fett_leaves_the_tractor_beam(self):
        """FAQ (1e), Boba Fett: Boba Fett discarding Mist Hunter does not discard the
        Tractor Beam it made the G-1A equip; the barrel roll action goes with the title."""
        sc = Scene(ruleset="1e")
        a = sc.ship(SCOUT, at=(400, 300, 0), upgrades=["1e-bobafett"])
        d = sc.ship(FREELANCER, player=2, at=(400, Y[2], 180), shields=0,
                    upgrades=["1e-misthunter", "1e-tractorbeam"])
        game = engage(sc, a, ["crit", "blank"], ["blank"])
        declare(game, a, d)
        answer_rest(game, lambda dec: "1e-misthunter" if dec.kind == "use_ability"
                    and "1e-misthunter" in dec.option_keys() else None)
        assert not has_card(game, d, "1e-misthunter") and has_card(game, d, "1e-tractorbeam")
        assert not any(s.kind == "barrel_roll" for s in game.state.ships[d].actions)


# --------------------------------------------------------- Targeting Astromech
class TestTargetingAstromech:
    def _fly(self, dial: str, upgrades=("1e-targetingastromech",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(NOVICE, at=(400, 200, 0), upgrades=list(upgrades))
        d = sc.ship(ACADEMY, player=2, at=(400, 600, 180))
        game = activation(sc, a, dial)
        asked = answer_rest(game, lambda dec: d if dec.kind == "use_ability"
                            and d in dec.option_keys() else None)
        return game, a, d, asked

    def test_lock_after_a_red_maneuver(self):
        """After his red 4 K-turn he acquires a target lock on the TIE; without the card he
        has none."""
        game, a, d, _ = self._fly("4KR")
        assert game.state.ships[a].locks == [d]
        game, a, d, _ = self._fly("4KR", upgrades=())
        assert d not in game.state.ships[a].locks

    def test_not_after_a_white_maneuver(self):
        """A white 2 bank: nothing is offered."""
        _game, a, _d, asked = self._fly("2BW")
        assert ("use_ability", a) not in asked


# ------------------------------------------------------------------------ R5-P8
R5P8 = "1e-r5p8"


class TestR5P8:
    def _defend(self, face: str, used: bool = False):
        sc, a, d = duel(ACADEMY, FREELANCER, d_upgrades=[R5P8])
        # the G-1A's agility 1 at Range 2: 1 defense die
        game = engage(sc, a, ["blank"] * 2, ["blank"], then=faces(DieKind.ATTACK, [face]))
        if used:
            game.state.ships[d].remember("1e-r5p8:round", game.state.round)
        declare(game, a, d)
        asked = answer_rest(game, lambda dec: "use" if dec.kind == "use_ability"
                            and dec.ship == d else None)
        return game, a, d, asked

    def test_hit_damages_the_attacker(self):
        """After defending he rolls a hit: the TIE suffers 1 damage (a damage card: no
        shields); he suffers none."""
        game, a, d, _ = self._defend("hit")
        assert len(game.state.ships[a].damage) == 1
        assert game.state.ships[d].shields == game.state.ships[d].shield_limit

    def test_crit_damages_both(self):
        """A critical hit: he and the attacker each suffer 1 damage."""
        game, a, d, _ = self._defend("crit")
        assert len(game.state.ships[a].damage) == 1
        assert game.state.ships[d].shields == game.state.ships[d].shield_limit - 1

    def test_blank_nothing_and_once_per_round(self):
        """A blank does nothing; used already this round, it is not offered."""
        game, a, d, _ = self._defend("blank")
        assert not game.state.ships[a].damage
        game, a, d, asked = self._defend("hit", used=True)
        assert ("use_ability", d) not in asked and not game.state.ships[a].damage


# --------------------------------------------------------------- Overclocked R4
class TestOverclockedR4:
    def test_stress_for_a_new_focus(self):
        """Attacking, he spends his focus token: he may receive 1 stress token to be
        assigned a new focus token; declining, no focus is left."""
        for answer, focus in (("use", True), ("decline", False)):
            sc, a, d = duel(SCOUT, upgrades=["1e-overclockedr4"], focus=1)
            game = engage(sc, a, ["focus", "blank"], ["blank"] * 3)
            declare(game, a, d)

            def choose(dec, answer=answer, a=a):
                if dec.kind == "modify_attack_dice" and dec.ship == a:
                    return next((o.key for o in dec.options
                                 if (o.info or {}).get("source") == "focus"), None)
                if dec.kind == "use_ability" and dec.ship == a:
                    return answer
                return None

            answer_rest(game, choose)
            ship = game.state.ships[a]
            assert ship.has(Token.FOCUS) is focus and ship.stressed is focus

    def test_not_outside_the_combat_phase(self):
        """A focus token spent in the Activation phase (a test step): nothing offered."""
        from tallon.engine.effects import spend_token
        from tallon.engine.steps import Step

        class Spend(Step):
            def run(self, game):
                spend_token(game, game.state.ships["p1.1"], Token.FOCUS)

        sc = Scene(ruleset="1e")
        sc.ship(SCOUT, at=(400, 300, 0), upgrades=["1e-overclockedr4"], focus=1)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(Spend(), phase="activation")
        asked = answer_rest(game)
        assert ("use_ability", "p1.1") not in asked


# -------------------------------------------------------- Integrated Astromech
INTEGRATED = "1e-integratedastromech"


class TestIntegratedAstromech:
    def _hurt(self, upgrades, answer):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=list(upgrades), shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(Hurt(a, hits=1))
        asked = answer_rest(game, lambda d: answer if d.kind == "replacement"
                            and answer in d.option_keys() else None)
        return game, a, asked

    def test_discard_an_astromech_to_discard_the_card(self):
        """Dealt a damage card, he discards R2 Astromech to discard it: no damage card;
        declining, the card is dealt."""
        game, a, _ = self._hurt([INTEGRATED, "1e-r2astromech"], "1e-r2astromech")
        assert not game.state.ships[a].damage and not has_card(game, a, "1e-r2astromech")
        game, a, _ = self._hurt([INTEGRATED, "1e-r2astromech"], "decline")
        assert len(game.state.ships[a].damage) == 1

    def test_not_without_an_astromech(self):
        """With no astromech upgrade nothing is offered."""
        game, a, asked = self._hurt([INTEGRATED], "decline")
        assert ("replacement", a) not in asked and len(game.state.ships[a].damage) == 1

    def test_faq_r2d6_leaves_the_elite_card(self):
        """FAQ (1e), Integrated Astromech: discarding R2-D6 this way, the elite talent it
        let him equip stays."""
        game, a, _ = self._hurt([INTEGRATED, "1e-r2d6", "1e-marksmanship"], "1e-r2d6")
        assert not has_card(game, a, "1e-r2d6") and has_card(game, a, "1e-marksmanship")
        assert not game.state.ships[a].damage


# --------------------------------------------------------------- Guidance Chips
CHIPS = "1e-guidancechips"


class TestGuidanceChips:
    def _torpedo(self, pilot, upgrades=(CHIPS, "1e-protontorpedoes"), used=False):
        sc, a, d = duel(pilot, upgrades=list(upgrades), locks=["p2.1"])
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        if used:
            game.state.ships[a].remember("1e-guidancechips:round", game.state.round)
        declare(game, a, d, "1e-protontorpedoes")
        labels = set()

        def look(dec):
            if dec.kind == "modify_attack_dice" and dec.ship == a:
                labels.update(o.label for o in dec.options
                              if (o.info or {}).get("source") == CHIPS)
            return None

        answer_rest(game, look)
        return labels

    def test_crit_with_primary_3(self):
        """A Rookie Pilot (primary 3) with Proton Torpedoes may change a blank to a critical
        hit; a Gold Squadron Y-wing (primary 2) to a hit."""
        assert any("critical" in x for x in self._torpedo(ROOKIE))
        labels = self._torpedo(GOLD)
        assert labels and not any("critical" in x for x in labels)

    def test_punishing_one_makes_primary_3(self):
        """Ruling: the primary weapon value read is the printed one with Punishing One's +1:
        a Contracted Scout (2) with Punishing One gets the critical hit change, without it
        the hit change."""
        labels = self._torpedo(SCOUT, upgrades=(CHIPS, "1e-protontorpedoes",
                                                "1e-punishingone"))
        assert any("critical" in x for x in labels)
        labels = self._torpedo(SCOUT)
        assert labels and not any("critical" in x for x in labels)

    def test_not_with_the_primary_weapon_or_twice_a_round(self):
        """Not for a primary weapon attack; not a second time in a round."""
        assert not self._torpedo(ROOKIE, used=True)
        sc, a, d = duel(ROOKIE, upgrades=[CHIPS])
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        assert CHIPS not in sources(game, "modify_attack_dice", a)


# ----------------------------------------------------------- Electronic Baffle
BAFFLE = "1e-electronicbaffle"


class TestElectronicBaffle:
    def _given(self, token: str, answer: str):
        sc = Scene(ruleset="1e")
        a = sc.ship(FREELANCER, at=(400, 300, 0), upgrades=[BAFFLE])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(Give(a, token, applier=2))
        asked = answer_rest(game, lambda d: answer if d.kind == "use_ability" else None)
        return game, a, asked

    def test_damage_to_discard_stress_or_ion(self):
        """Receiving a stress (an ion) token he suffers 1 damage (a shield) to discard it;
        declining, he keeps it."""
        for token in ("stress", "ion"):
            game, a, _ = self._given(token, "use")
            ship = game.state.ships[a]
            assert not ship.has(Token(token)) and ship.shields == ship.shield_limit - 1
            game, a, _ = self._given(token, "decline")
            assert game.state.ships[a].has(Token(token))

    def test_not_for_focus(self):
        """A focus token: nothing offered."""
        _game, a, asked = self._given("focus", "use")
        assert ("use_ability", a) not in asked


# ------------------------------------------------------------------ Comm Relay
RELAY = "1e-commrelay"


class TestCommRelay:
    def test_at_most_one_evade(self):
        """With an evade token he is given another: he still has 1; without the card, 2."""
        for upgrades, count in (([RELAY], 1), ([], 2)):
            sc = Scene(ruleset="1e")
            a = sc.ship(OMEGA_PILOT, at=(400, 300, 0), upgrades=upgrades, evade=1)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = sc.at(Give(a, "evade"))
            pass_all(game)
            assert game.state.ships[a].count(Token.EVADE) == count

    def test_keeps_an_unused_evade_in_the_end_phase(self):
        """The End phase removes his focus token but not his evade token; without the card
        both go."""
        from tallon.engine.rounds import EndPhase

        for upgrades, kept in (([RELAY], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(OMEGA_PILOT, at=(400, 300, 0), upgrades=upgrades, evade=1, focus=1)
            sc.ship(ROOKIE, player=2, at=(400, 850, 180))
            game = sc.at(EndPhase(), phase="end")
            pass_all(game)
            ship = game.state.ships[a]
            assert ship.has(Token.EVADE) is kept and not ship.has(Token.FOCUS)


__all__ = ["FireWindow", "stack_deck", "start_at"]
