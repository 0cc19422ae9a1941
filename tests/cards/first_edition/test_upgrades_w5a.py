"""First-edition crew, talents and salvaged astromechs of the YT-2400 Freighter, VT-49
Decimator and Most Wanted expansion packs. Scenes on a first-edition table
(``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2 facing it. A small ship at
(400, 300) has an enemy small ship ahead at Range 1 / 2 / 3 at y = 380 / 490 / 550; a large
one at y = 420 / 520 / 620."""

from __future__ import annotations

from tallon.cards.first_edition.upgrades_w5a import GREEDO
from tallon.engine.actions import PerformAction
from tallon.engine.card_values import agility
from tallon.engine.damage import SufferDamage
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import (
    activation,
    engage,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
FRINGER = "1e-yt2400-wildspacefringer"
PATROL = "1e-vt49decimator-patrolleader"
HUNTER = "1e-firespray31-bountyhunter"
THUG = "1e-ywing-syndicatethug"
SPICE = "1e-hwk290-spicerunner"
ROCK = "core2asteroid5"
C = "1e-core-"


def action_step(sc, ship: str):
    return sc.at(PerformAction(ship, during_activation=True), phase="activation")


def dealt(game, ship: str) -> list[tuple[str, bool]]:
    return [(d.card, d.faceup) for d in game.state.ships[ship].damage]


# ------------------------------------------------------------ Lando Calrissian
class TestLandoCalrissian:
    LANDO = "1e-landocalrissian"

    def _rolled(self, faces):
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 300, 0), upgrades=[self.LANDO])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = action_step(sc, a)
        assert self.LANDO in values(game)
        load_dice(game, (), faces)
        game.answer(self.LANDO)
        pass_all(game)
        return game.state.ships[a]

    def test_tokens_for_focus_and_evade(self):
        """He rolls a focus and an evade: 1 focus and 1 evade token; two blanks give
        nothing."""
        ship = self._rolled(["focus", "evade"])
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.EVADE) == 1
        ship = self._rolled(["blank", "blank"])
        assert not ship.has(Token.FOCUS) and not ship.has(Token.EVADE)

    def test_two_evades(self):
        """Two evades: 2 evade tokens."""
        assert self._rolled(["evade", "evade"]).count(Token.EVADE) == 2

    def test_faq_with_c3po(self):
        """FAQ (1e), C-3PO: C-3PO works with Lando's roll: guessing 1 evade and rolling an
        evade and a blank adds 1 evade result (2 evade tokens); a wrong guess adds
        nothing."""
        for guess, evades in (("1", 2), ("2", 1)):
            sc = Scene(ruleset="1e")
            a = sc.ship(FRINGER, at=(400, 300, 0), upgrades=[self.LANDO, "1e-c3po"])
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            game = action_step(sc, a)
            load_dice(game, (), ["evade", "blank"])
            game.answer(self.LANDO)
            assert game.decision.kind == "use_ability" and "0" in values(game)
            game.answer(guess)
            pass_all(game)
            assert game.state.ships[a].count(Token.EVADE) == evades

    def test_not_without_the_card(self):
        """A Wild Space Fringer without him has no such action."""
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        assert self.LANDO not in values(action_step(sc, a))


# ------------------------------------------------------------------- Mara Jade
class TestMaraJade:
    def _end(self, upgrades):
        sc = Scene(ruleset="1e")
        sc.ship(PATROL, at=(400, 300, 0), upgrades=upgrades)
        near = sc.ship(ROOKIE, player=2, at=(400, 420, 180))
        stressed = sc.ship(ROOKIE, player=2, at=(480, 420, 180), stress=1)
        far = sc.ship(ROOKIE, player=2, at=(400, 620, 180))
        game = sc.at(FireWindow.of("end_engagement"))
        pass_all(game)
        s = game.state.ships
        return s[near].count(Token.STRESS), s[stressed].count(Token.STRESS), \
            s[far].count(Token.STRESS)

    def test_unstressed_enemy_at_range_1_is_stressed(self):
        """At the end of the Combat phase the X-wing at Range 1 receives a stress token;
        the stressed one keeps its 1, the one at Range 3 none; without her nobody."""
        assert self._end(["1e-marajade"]) == (1, 1, 0)
        assert self._end([]) == (0, 1, 0)


# ----------------------------------------------------------------- Fleet Officer
class TestFleetOfficer:
    OFFICER = "1e-fleetofficer"

    def test_focus_to_two_friends_then_stress(self):
        """The Decimator gives focus tokens to itself and a TIE at Range 2, a TIE beyond
        Range 2 can't be chosen; then it receives a stress token."""
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0), upgrades=[self.OFFICER])
        near = sc.ship(ACADEMY, at=(560, 300, 0))
        far = sc.ship(ACADEMY, at=(800, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = action_step(sc, a)
        game.answer(self.OFFICER)
        assert game.decision.kind == "card_action"
        keys = values(game)
        assert f"{a}+{near}" in keys and not any(far in k for k in keys)
        game.answer(f"{a}+{near}")
        pass_all(game)
        s = game.state.ships
        assert s[a].has(Token.FOCUS) and s[near].has(Token.FOCUS) and s[a].has(Token.STRESS)
        assert not s[far].has(Token.FOCUS)

    def test_not_without_the_card(self):
        """A Patrol Leader without it has no such action."""
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        assert self.OFFICER not in values(action_step(sc, a))


# -------------------------------------------------------------- Stay on Target
class TestStayOnTarget:
    SOT = "1e-stayontarget"

    def _reveal(self, pilot, dial, upgrades=("1e-stayontarget",), **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 200, 0), upgrades=list(upgrades), **setup)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return activation(sc, a, dial), a

    def test_rotates_to_same_speed_as_red(self):
        """A Syndicate Thug reveals a green 2 straight and rotates to the white 2 bank: it
        executes it as red and is stressed; declining, the green 2 straight stresses
        nothing."""
        game, a = self._reveal(THUG, "2FB")
        assert game.decision.kind == "use_ability"
        assert {"2BW", "2NW", "2TW", "2YW"} == set(values(game)) - {"decline"}
        game.answer("2BW")
        pass_all(game)
        assert game.state.ships[a].has(Token.STRESS)
        game, a = self._reveal(THUG, "2FB")
        game.answer("decline")
        pass_all(game)
        assert not game.state.ships[a].has(Token.STRESS)

    def test_not_without_the_card(self):
        """Without it nothing is offered at the reveal."""
        game, _ = self._reveal(THUG, "2FB", upgrades=())
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_faq_red_even_after_navigator(self):
        """FAQ (1e), Stay on Target: rotated, then changed again by Navigator (to the green
        1 straight of the same bearing), the maneuver is still red: stress."""
        game, a = self._reveal(THUG, "2FB", upgrades=(self.SOT, "1e-navigator"))
        pass_until(game, "use_ability", a)
        while game.decision is not None and game.decision.kind in ("use_ability",
                                                                   "order_abilities"):
            if game.decision.kind == "order_abilities":
                game.answer(next(k for k in values(game) if self.SOT in k))
            elif "2BW" in values(game):
                game.answer("2BW")
            elif "1BW" in values(game):
                game.answer("1BW")
            else:
                game.answer("decline")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.STRESS)

    def test_faq_tetran_speed_then_rotate(self):
        """FAQ (1e), Tetran Cowall: revealing his 3 Koiogran-Turn he may treat its speed as
        5 and rotate to the 5 straight (offered with the 3-speed maneuvers)."""
        game, _ = self._reveal("1e-tieinterceptor-tetrancowall", "3KR")
        assert {"5FW", "3FB", "1TW"} <= set(values(game))

    def test_faq_rotate_to_k_turn_then_tetran_speed(self):
        """FAQ (1e), Tetran Cowall: he rotates from the 3 straight to the 3 Koiogran-Turn,
        then may execute it at speed 5 (still red)."""
        game, a = self._reveal("1e-tieinterceptor-tetrancowall", "3FB")
        game.answer("3KR")
        assert game.decision.kind == "choose_maneuver" and "5KR" in values(game)
        game.answer("5KR")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.STRESS) and ship.pose.heading == 180

    def test_faq_tetran_speed_treated_once_no_chain(self):
        """Tetran Cowall reveals his 3 Koiogran-Turn, treats its speed as 5 and rotates to
        his 5 Koiogran-Turn. FAQ (1e), Tetran Cowall: he treats the speed first, then
        rotates to a maneuver of the chosen speed - or rotates, then treats the speed: one
        or the other, so the speed is not treated again after the rotation. Expected: no
        choice of speed follows; he executes the red 5 Koiogran-Turn (stressed, turned
        round, 5 straight templates ahead)."""
        game, a = self._reveal("1e-tieinterceptor-tetrancowall", "3KR")
        game.answer("5KR")
        assert game.decision is None or game.decision.kind != "choose_maneuver"
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.has(Token.STRESS) and ship.pose.heading == 180
        assert ship.pose.y > 200 + 5 * 40


# -------------------------------------------------------------- Dash Rendar (crew)
class TestDashRendarCrew:
    DASH = "1e-dashrendar"

    def test_attacks_while_on_an_asteroid(self):
        """Overlapping an asteroid, the YT-2400 with Dash may attack; without him it
        may not."""
        for upgrades, can in (([self.DASH], True), ([], False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(FRINGER, at=(400, 400, 0), upgrades=upgrades)
            sc.ship(ACADEMY, player=2, at=(400, 560, 180))
            sc.obstacle(ROCK, 400, 400)
            game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
            attacks = game.decision is not None and game.decision.kind == "declare_attack" \
                and any(k != "none" for k in values(game))
            assert attacks is can

    def test_attacks_not_obstructed(self):
        """Attacking through an asteroid: the TIE rolls 3 defense dice (agility 3, no
        obstruction bonus); without Dash it rolls 4."""
        for upgrades, dice in (([self.DASH], 3), ([], 4)):
            sc = Scene(ruleset="1e")
            a = sc.ship(FRINGER, at=(400, 200, 0), upgrades=upgrades)
            d = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
            sc.obstacle(ROCK, 400, 310)
            game = engage(sc, a, ["hit"] * 2, ["blank"] * 4)
            declare(game, a, d)
            skip_dice(game)
            assert len(rolled(game, d)) == dice


# -------------------------------------------------------------------- "Leebo" (crew)
class TestLeeboCrew:
    LEEBO = "1e-leebo"

    def test_free_boost_then_ion(self):
        """Leebo's action: the YT-2400 boosts straight (1 straight ahead), then receives an
        ion token."""
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 200, 0), upgrades=[self.LEEBO])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = action_step(sc, a)
        game.answer(self.LEEBO)
        pass_until(game, "boost_direction", a)
        game.answer("straight")
        pass_all(game)
        ship = game.state.ships[a]
        assert ship.pose.y > 230 and ship.has(Token.ION)

    def test_not_when_no_boost_fits(self):
        """A TIE right ahead leaves no room for a boost: no Leebo action; without the card
        never."""
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 200, 0), upgrades=[self.LEEBO])
        sc.ship(ACADEMY, player=2, at=(400, 265, 180))
        sc.ship(ACADEMY, player=2, at=(330, 265, 180))
        sc.ship(ACADEMY, player=2, at=(470, 265, 180))
        game = action_step(sc, a)
        assert self.LEEBO not in values(game)
        sc = Scene(ruleset="1e")
        a = sc.ship(FRINGER, at=(400, 200, 0))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        assert self.LEEBO not in values(action_step(sc, a))


# ------------------------------------------------------------------- Lone Wolf
class TestLoneWolf:
    WOLF = "1e-lonewolf"

    def _attack(self, friend: bool):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=[self.WOLF], focus=1)
        if friend:
            sc.ship(ROOKIE, at=(550, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        dice = ["blank", "focus", "hit"] if friend else ["blank", "blank", "hit"]
        game = engage(sc, a, dice, ["blank"] * 3, rerolls=["hit"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        return game, a

    def test_faq_errata_no_other_friendly_ship(self):
        """FAQ (1e) errata, Lone Wolf: alone (a ship is at Range 1 of itself, but the
        errata says "other"), he rerolls 1 blank into a hit: 2 hits; not using it, 1."""
        game, _a = self._attack(False)
        modify_with(game, self.WOLF)
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        game, _a = self._attack(False)
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)  # not used: 1 hit

    def test_not_with_a_friend_at_range_2(self):
        """A friendly X-wing at Range 2: not offered."""
        game, _ = self._attack(True)
        assert offers(game, "focus") and not offers(game, self.WOLF)

    def test_defending_too(self):
        """Defending alone, he may reroll a blank defense die."""
        sc = Scene(ruleset="1e")
        d = sc.ship(ROOKIE, player=2, at=(400, 490, 180), upgrades=[self.WOLF])
        a = sc.ship(ACADEMY, at=(400, 300, 0))
        game = engage(sc, a, ["hit", "hit"], ["blank", "blank"])
        declare(game, a, d)
        skip_dice(game, "modify_defense_dice", d)
        assert offers(game, self.WOLF)


# ---------------------------------------------------------------- Ysanne Isard
class TestYsanneIsard:
    YSANNE = "1e-ysanneisard"
    def _start(self, pilot=PATROL, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), upgrades=[self.YSANNE], **setup)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return sc.at(StartEngagement()), a

    def test_free_evade_without_shields_and_damaged(self):
        """No shields and a damage card: at the start of the Combat phase she gives a free
        evade action: an evade token."""
        game, a = self._start(shields=0,
                              damage=[DamageCard(C + "minorexplosion", False, 1)])
        assert game.decision.kind == "use_ability"
        game.answer("use")
        pass_all(game)
        assert game.state.ships[a].has(Token.EVADE)

    def test_not_without_the_card(self):
        """The same Decimator without her: nothing at the start of the Combat phase."""
        sc = Scene(ruleset="1e")
        sc.ship(PATROL, at=(400, 300, 0), shields=0,
                damage=[DamageCard(C + "minorexplosion", False, 1)])
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.at(StartEngagement())
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_not_with_shields(self):
        """With shields left nothing is offered."""
        game, _a = self._start(damage=[DamageCard(C + "minorexplosion", False, 1)])
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_faq_damaged_sensor_array_evade_on_the_bar(self):
        """FAQ (1e), Ysanne Isard: with Damaged Sensor Array, a Firespray (evade on its bar)
        can't use her; a Decimator (no evade on its bar) still can."""
        dsa = {"shields": 0, "damage": [DamageCard(C + "damagedsensorarray", True, 1)]}
        game, _ = self._start(HUNTER, **dsa)
        assert game.decision is None or game.decision.kind != "use_ability"
        game, _ = self._start(PATROL, **dsa)
        assert game.decision.kind == "use_ability"


# -------------------------------------------------------------- Moff Jerjerrod
class TestMoffJerjerrod:
    MOFF = "1e-moffjerjerrod"

    def _crit(self, upgrades, crits=1, hits=0):
        sc = Scene(ruleset="1e")
        a = sc.ship(PATROL, at=(400, 300, 0), upgrades=upgrades, shields=0)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        game = sc.game()
        stack_deck(game, 1, [C + "directhit"])
        start_at(game, SufferDamage(a, hits, crits, "a test"))
        return game, a

    def test_discards_another_crew_for_facedown(self):
        """Dealt a faceup Direct Hit!, he discards Mara Jade: the card is dealt facedown;
        Moff Jerjerrod stays."""
        game, a = self._crit([self.MOFF, "1e-marajade"])
        assert game.decision.kind == "replacement"
        assert set(values(game)) >= {self.MOFF, "1e-marajade"}
        game.answer("1e-marajade")
        pass_all(game)
        ship = game.state.ships[a]
        assert dealt(game, a) == [(C + "directhit", False)]
        assert "1e-marajade" not in ship.upgrades and self.MOFF in ship.upgrades

    def test_declined_faceup(self):
        """Declining, the card is dealt faceup; without him too."""
        game, a = self._crit([self.MOFF])
        game.answer("decline")
        pass_all(game)
        assert dealt(game, a) == [(C + "directhit", True)]

    def test_not_for_a_facedown_card(self):
        """A hit deals a facedown card: nothing is asked."""
        game, a = self._crit([self.MOFF], crits=0, hits=1)
        assert game.decision is None and dealt(game, a) == [(C + "directhit", False)]


# ---------------------------------------------------------------- Ruthlessness
class TestRuthlessness:
    RUTH = "1e-ruthlessness"

    def _attack(self, hits, upgrades=("1e-ruthlessness",)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=(400, 300, 0), upgrades=list(upgrades))
        d = sc.ship(ROOKIE, player=2, at=(400, 490, 180), shields=0)
        other = sc.ship(ROOKIE, player=2, at=(470, 490, 180), shields=0)
        friend = sc.ship(ACADEMY, at=(400, 560, 0))
        game = engage(sc, a, hits + ["blank"] * (2 - len(hits)), ["blank"] * 2)
        declare(game, a, d)
        while game.decision is not None and game.decision.kind.startswith(
                ("modify_", "cancel_")):
            game.answer("done")
        return game, a, d, other, friend

    def test_another_ship_near_the_defender_suffers_damage(self):
        """The TIE hits: it must choose a ship at Range 1 of the defender - the other
        X-wing or its own friend, not itself nor the defender; the X-wing chosen suffers 1
        damage."""
        game, a, _d, other, friend = self._attack(["hit"])
        pass_until(game, "use_ability", a)
        assert set(values(game)) == {other, friend}
        game.answer(other)
        pass_all(game)
        assert len(game.state.ships[other].damage) == 1

    def test_not_on_a_miss(self):
        """A miss: nothing is asked and nobody else is damaged."""
        game, _, _, other, _friend = self._attack([])
        kinds = pass_all(game)
        assert "use_ability" not in kinds and not game.state.ships[other].damage

    def test_without_the_card(self):
        """An Academy Pilot without it hits: only the defender is damaged."""
        game, _, _, other, _ = self._attack(["hit"], upgrades=())
        pass_all(game)
        assert not game.state.ships[other].damage


# ----------------------------------------------------------------- Intimidation
class TestIntimidation:
    def _agility(self, y: float, upgrades=("1e-intimidation",)) -> int:
        sc = Scene(ruleset="1e")
        sc.ship(ACADEMY, at=(400, 300, 0), upgrades=list(upgrades))
        x = sc.ship(ROOKIE, player=2, at=(400, y, 180))
        game = sc.game()
        return agility(game, game.state.ships[x])

    def test_touching_enemy_loses_one_agility(self):
        """An X-wing touching the TIE has agility 1 (2 - 1); without Intimidation 2."""
        assert self._agility(340) == 1
        assert self._agility(340, upgrades=()) == 2

    def test_not_when_not_touching(self):
        """At Range 1, not touching: agility 2."""
        assert self._agility(380) == 2


# ----------------------------------------------------------------------- Greedo
class TestGreedo:
    def _attack(self, attacker_upgrades=(GREEDO,), defender_upgrades=(), hits=1,
                used=False):
        sc = Scene(ruleset="1e")
        a = sc.ship(SPICE, at=(400, 300, 0), upgrades=list(attacker_upgrades))
        d = sc.ship(ROOKIE, player=2, at=(400, 380, 180), shields=0,
                    upgrades=list(defender_upgrades))
        game = engage(sc, a, ["hit"] * hits + ["blank"] * (4 - hits), ["blank"] * 2)
        stack_deck(game, 2, [C + "directhit", C + "consolefire"])
        if used:
            game.state.ships[a].remember(f"{GREEDO}:attack", game.state.round)
        declare(game, a, d)
        pass_all(game)
        return dealt(game, d)

    def test_first_card_of_his_first_attack_faceup(self):
        """His first attack of the round deals 2 cards: the first faceup, the second
        facedown; without Greedo both facedown."""
        assert self._attack(hits=2) == [(C + "directhit", True), (C + "consolefire", False)]
        assert self._attack(attacker_upgrades=(), hits=2) == [(C + "directhit", False),
                                                               (C + "consolefire", False)]

    def test_not_his_second_attack(self):
        """An attack after his first one this round deals facedown cards."""
        assert self._attack(used=True) == [(C + "directhit", False)]

    def test_first_defence_too(self):
        """Defending with Greedo, the first card he is dealt is faceup."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(SPICE, player=2, at=(400, 380, 180), shields=0, upgrades=[GREEDO])
        game = engage(sc, a, ["hit", "blank", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, [C + "directhit"])
        declare(game, a, d)
        pass_all(game)
        assert dealt(game, d) == [(C + "directhit", True)]
