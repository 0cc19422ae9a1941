"""First-edition pilots of the YT-2400 Freighter, VT-49 Decimator and Most Wanted expansion
packs. Scenes on a first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing
+y, player 2 facing it. A small attacker at (400, 300) has an enemy small ship ahead at
Range 1 / 2 / 3 at y = 380 / 490 / 550; a large one (a Firespray, YT-2400 or VT-49) at
y = 420 / 520 / 620."""

from __future__ import annotations

from tallon.engine.damage import SufferDamage
from tallon.engine.effects import expose_damage
from tallon.engine.state import DamageCard
from tallon.scene import Scene, declare, load_dice, stack_deck, start_at
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

SMALL_Y = {1: 380.0, 2: 490.0, 3: 550.0}
LARGE_Y = {1: 420.0, 2: 520.0, 3: 620.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
FRINGER = "1e-yt2400-wildspacefringer"
PATROL = "1e-vt49decimator-patrolleader"
MERC = "1e-firespray31-mandalorianmercenary"
BLACKSUN = "1e-z95headhunter-blacksunsoldier"
THUG = "1e-ywing-syndicatethug"
SPICE = "1e-hwk290-spicerunner"
ROCK = "core2asteroid5"
C = "1e-core-"


def duel(pilot: str, defender: str = ACADEMY, range_: int = 2, upgrades=(), large=False,
         **setup):
    """The pilot at (400, 300) facing +y, an enemy ahead at ``range_`` facing it."""
    sc = Scene(ruleset="1e")
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=(400, (LARGE_Y if large else SMALL_Y)[range_], 180))
    return sc, a, d


def attack_dice_count(sc, a, d, weapon=None) -> int:
    """How many attack dice ``a`` rolls attacking ``d``."""
    game = engage(sc, a, ["blank"] * 6, ["blank"] * 4)
    declare(game, a, d, weapon)
    return len(rolled(game, a))


def lost(game, ship: str) -> int:
    """Shields lost and damage cards of the ship, from its printed shields."""
    s = game.state.ships[ship]
    return s.shield_limit - s.shields + len(s.damage)


# -------------------------------------------------------------------- Dash Rendar
class TestDashRendar:
    DASH = "1e-yt2400-dashrendar"

    def _onto_rock(self, pilot, **setup):
        """The YT-2400 flies a 2 straight that ends on an asteroid; its die would show a
        hit."""
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 200, 0), **setup)
        sc.ship(ACADEMY, player=2, at=(700, 850, 180))
        sc.obstacle(ROCK, 400, 400)
        game = activation(sc, a, "2FW")
        load_dice(game, ["hit"])
        return game, a

    def test_ignores_the_asteroid_he_ends_on(self):
        """Dash ends his maneuver on an asteroid: no die, no damage, and he still performs
        his action; a Wild Space Fringer rolls the hit and skips its action."""
        game, a = self._onto_rock(self.DASH)
        kinds = pass_all(game)
        assert "perform_action" in kinds and lost(game, a) == 0
        game, a = self._onto_rock(FRINGER)
        kinds = pass_all(game)
        assert "perform_action" not in kinds and lost(game, a) == 1

    def test_not_when_attacking(self):
        """In the Combat phase, overlapping the asteroid, he cannot attack (he ignores it
        only in the Activation phase and while performing actions)."""
        for rock, attacks in ((True, False), (False, True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(self.DASH, at=(400, 400, 0))
            sc.ship(ACADEMY, player=2, at=(400, 560, 180))
            if rock:
                sc.obstacle(ROCK, 400, 400)
            game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
            can = game.decision is not None and game.decision.kind == "declare_attack" \
                and values(game) != ["none"]
            assert can is attacks  # without the asteroid he attacks

    def test_faq_boost_onto_an_obstacle(self):
        """FAQ (1e), Dash Rendar: his choice to ignore obstacles is made as the boost is
        declared: a boost ending on an asteroid is offered (and costs him nothing), while
        the Wild Space Fringer has no boost at all."""
        from tallon.engine.actions import PerformAction

        for pilot, offered in ((self.DASH, True), (FRINGER, False)):
            sc = Scene(ruleset="1e")
            a = sc.ship(pilot, at=(400, 200, 0), upgrades=["1e-engineupgrade"])
            sc.ship(ACADEMY, player=2, at=(700, 850, 180))
            sc.obstacle(ROCK, 400, 320)
            game = sc.at(PerformAction(a, during_activation=True), phase="activation")
            assert ("boost" in values(game)) is offered

    def test_faq_stunned_pilot_no_damage(self):
        """FAQ (1e), Dash Rendar: with Stunned Pilot he ends on an asteroid and suffers no
        damage at all."""
        game, a = self._onto_rock(self.DASH, damage=[DamageCard(C + "stunnedpilot", True, 1)])
        pass_all(game)
        assert lost(game, a) == 1  # the Stunned Pilot card itself


# ------------------------------------------------------------ Rear Admiral Chiraneau
class TestRearAdmiralChiraneau:
    CHIRANEAU = "1e-vt49decimator-rearadmiralchiraneau"

    def test_focus_to_crit_at_range_2(self):
        """At Range 2 he rolls focus, focus, blank: he changes 1 focus to a critical hit."""
        sc, a, d = duel(self.CHIRANEAU, large=True)
        game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, self.CHIRANEAU)
        skip_dice(game)
        assert "0 hit(s), 1 critical hit(s)" in [e["text"] for e in game.log
                                                  if e["kind"] == "neutralize"][-1]

    def test_not_at_range_3(self):
        """At Range 3 it is not offered; a Patrol Leader at Range 2 never has it."""
        for pilot, range_ in ((self.CHIRANEAU, 3), (PATROL, 2)):
            sc, a, d = duel(pilot, range_=range_, large=True, focus=1)
            game = engage(sc, a, ["focus", "focus", "blank"], ["blank"] * 4)
            declare(game, a, d)
            skip_dice(game, "modify_attack_dice", a)
            assert game.decision is not None and offers(game, "focus")
            assert not offers(game, self.CHIRANEAU)


# ------------------------------------------------------------------ Captain Oicunn
class TestCaptainOicunn:
    OICUNN = "1e-vt49decimator-captainoicunn"

    def _bump(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 395, 180))
        far = sc.ship(ACADEMY, player=2, at=(700, 700, 180))
        game = activation(sc, a, "1FW")
        pass_all(game)
        return game, d, far

    def test_touched_enemy_suffers_one_damage(self):
        """Oicunn's 1 straight bumps a TIE: it suffers 1 damage, the far TIE none; a Patrol
        Leader's bump deals nothing."""
        game, d, far = self._bump(self.OICUNN)
        assert len(game.state.ships[d].damage) == 1 and not game.state.ships[far].damage
        game, d, _ = self._bump(PATROL)
        assert not game.state.ships[d].damage

    def test_faq_touching_multiple_ships(self):
        """FAQ (1e), Touching Multiple Ships: his 1 straight overlaps two TIEs side by side;
        backed off, he touches both: each suffers 1 damage."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.OICUNN, at=(400, 300, 0))
        t1 = sc.ship(ACADEMY, player=2, at=(375, 395, 180))
        t2 = sc.ship(ACADEMY, player=2, at=(425, 395, 180))
        game = activation(sc, a, "1FW")
        pass_all(game)
        s = game.state.ships
        assert len(s[t1].damage) == 1 and len(s[t2].damage) == 1

    def test_faq_touching_and_a_maneuver_that_does_not_move_away(self):
        """FAQ (1e), Touching and Stationary Maneuvers: already touching a TIE, he flies a
        1 straight into it and stays touching: it suffers 1 damage again."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.OICUNN, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 360, 180))
        game = activation(sc, a, "1FW")
        pass_all(game)
        assert len(game.state.ships[t].damage) == 1

    def test_faq_not_when_another_ship_bumps_him(self):
        """FAQ (1e): only his own maneuver triggers it: a TIE flying into him is not
        damaged."""
        sc = Scene(ruleset="1e")
        sc.ship(self.OICUNN, at=(400, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
        game = activation(sc, t, "2FW")
        pass_all(game)
        assert not game.state.ships[t].damage


# ------------------------------------------------------------------------ "Leebo"
class TestLeebo:
    LEEBO = "1e-yt2400-leebo"

    def _critted(self, pilot=LEEBO, upgrades=()):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0), shields=0, upgrades=list(upgrades))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        stack_deck(game, 1, [C + "directhit", C + "injuredpilot"])
        start_at(game, SufferDamage(a, 0, 1, "a test"))
        return game, a

    def test_chooses_one_of_two(self):
        """Dealt a faceup Direct Hit!, he draws Injured Pilot too, resolves Injured Pilot
        and discards Direct Hit!"""
        game, a = self._critted()
        assert game.decision.kind == "maarek_damage_card"
        assert set(values(game)) == {C + "directhit", C + "injuredpilot"}
        game.answer(C + "injuredpilot")
        pass_all(game)
        ship = game.state.ships[a]
        assert [d.card for d in ship.damage] == [C + "injuredpilot"]
        assert C + "directhit" in game.state.player(1).discard

    def test_without_leebo_the_first_card(self):
        """A Wild Space Fringer is dealt the Direct Hit! without a choice."""
        game, a = self._critted(FRINGER)
        pass_all(game)
        assert [d.card for d in game.state.ships[a].damage] == [C + "directhit"]

    def test_not_for_a_facedown_card(self):
        """A hit deals a facedown card: nothing is drawn or chosen."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.LEEBO, at=(400, 300, 0), shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.at(SufferDamage(a, 1, 0, "a test"))
        assert game.decision is None
        assert [d.faceup for d in game.state.ships[a].damage] == [False]

    def test_faq_not_when_flipped_faceup(self):
        """FAQ (1e): a damage card flipped faceup does not trigger his ability."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.LEEBO, at=(400, 300, 0), shields=0,
                    damage=[DamageCard(C + "directhit", False, 1)])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        expose_damage(game, game.state.ships[a], 1)
        assert game.decision is None or game.decision.kind != "maarek_damage_card"

    def test_faq_with_determination(self):
        """FAQ (1e): with Determination he may choose the Pilot card of the two
        (Injured Pilot), which Determination then discards unresolved."""
        game, a = self._critted(upgrades=["1e-determination"])
        game.answer(C + "injuredpilot")
        pass_all(game)
        assert not game.state.ships[a].damage
        assert {C + "directhit", C + "injuredpilot"} <= set(game.state.player(1).discard)

    def test_faq_after_maarek_stele(self):
        """FAQ (1e): Maarek Stele chooses the card dealt faceup from 3; "Leebo" then draws
        1 more and resolves Maarek's card or that one."""
        sc = Scene(ruleset="1e")
        m = sc.ship("1e-tieadvanced-maarekstele", player=2, at=(400, 550, 180))
        a = sc.ship(self.LEEBO, at=(400, 300, 0), shields=0)
        game = engage(sc, m, ["crit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 1, [C + "directhit", C + "consolefire", C + "minorexplosion",
                             C + "injuredpilot"])
        declare(game, m, a)
        pass_until(game, "maarek_damage_card", m)
        game.answer(C + "consolefire")
        assert game.decision.kind == "maarek_damage_card" and game.decision.ship == a
        assert set(values(game)) == {C + "consolefire", C + "injuredpilot"}
        game.answer(C + "injuredpilot")
        pass_all(game)
        assert [d.card for d in game.state.ships[a].damage] == [C + "injuredpilot"]


# ------------------------------------------------------------------- Eaden Vrill
class TestEadenVrill:
    EADEN = "1e-yt2400-eadenvrill"

    def test_one_more_die_against_a_stressed_ship(self):
        """Against a stressed TIE he rolls 3 dice at Range 2 (primary 2, +1); against an
        unstressed one 2, and a Wild Space Fringer 2 against the stressed one."""
        sc, a, d = duel(self.EADEN, large=True)
        sc.entries[1].setup["stress"] = 1
        assert attack_dice_count(sc, a, d) == 3
        sc, a, d = duel(self.EADEN, large=True)
        assert attack_dice_count(sc, a, d) == 2
        sc, a, d = duel(FRINGER, large=True, stress=0)
        sc.entries[1].setup["stress"] = 1
        assert attack_dice_count(sc, a, d) == 2


# ------------------------------------------------------------- Commander Kenkirk
class TestCommanderKenkirk:
    KENKIRK = "1e-vt49decimator-commanderkenkirk"

    def _dice(self, pilot, **setup):
        sc = Scene(ruleset="1e")
        d = sc.ship(pilot, player=2, at=(400, 520, 180), **setup)
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 4)
        declare(game, a, d)
        skip_dice(game)
        return len(rolled(game, d))

    def test_agility_one_without_shields_and_damaged(self):
        """Without shields and with a damage card he rolls 1 defense die (agility 0 + 1);
        a Patrol Leader the same way rolls none."""
        hurt = {"shields": 0, "damage": [DamageCard(C + "directhit", False, 1)]}
        assert self._dice(self.KENKIRK, **hurt) == 1
        assert self._dice(PATROL, **hurt) == 0

    def test_not_with_shields_or_undamaged(self):
        """With a shield left, or without a damage card, he rolls no defense die."""
        from tallon.engine.card_values import agility

        for setup in ({"shields": 1, "damage": [DamageCard(C + "directhit", False, 1)]},
                      {"shields": 0}):
            sc = Scene(ruleset="1e")
            k = sc.ship(self.KENKIRK, at=(400, 300, 0), **setup)
            sc.ship(ACADEMY, player=2, at=(400, 800, 180))
            game = sc.game()
            assert agility(game, game.state.ships[k]) == 0

    def test_faq_minimum_zero_after_all_changes(self):
        """FAQ (1e), Increasing and Reducing Values: with Structural Damage (agility -1)
        his agility 0 stays 0 (-1 +1), not 1."""
        from tallon.engine.card_values import agility

        sc = Scene(ruleset="1e")
        k = sc.ship(self.KENKIRK, at=(400, 300, 0), shields=0,
                    damage=[DamageCard(C + "structuraldamage", True, 1)])
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        assert agility(game, game.state.ships[k]) == 0


# ------------------------------------------------------------------- Boba Fett
class TestBobaFett:
    BOBA = "1e-firespray31-bobafett-scumandvillainy"

    def _scene(self, pilot, enemies):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 300, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 420, 180))
        for x in enemies:
            sc.ship(ACADEMY, player=2, at=(x, 420, 180))
        return sc, a, d

    def test_rerolls_one_die_per_enemy_at_range_1(self):
        """Two enemy TIEs at Range 1: attacking (4 dice with the Range 1 bonus), he
        rerolls 2 blanks into hits; with one TIE at Range 1 he may reroll only 1."""
        sc, a, d = self._scene(self.BOBA, [480])
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        game.answer(f"{self.BOBA}:reroll=blank,blank")
        skip_dice(game)
        assert "2 hit(s)" in [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]
        sc, a, d = self._scene(self.BOBA, [])
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        keys = [o.key for o in game.decision.options]
        assert f"{self.BOBA}:reroll=blank" in keys
        assert f"{self.BOBA}:reroll=blank,blank" not in keys

    def test_defending_too(self):
        """Defending with an enemy at Range 1 he may reroll 1 defense die."""
        sc = Scene(ruleset="1e")
        b = sc.ship(self.BOBA, player=2, at=(400, 420, 180))
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 2)
        declare(game, a, b)
        skip_dice(game, "modify_defense_dice", b)
        assert offers(game, self.BOBA)

    def test_not_without_enemy_at_range_1(self):
        """The TIE at Range 2: nothing offered (the focus token is); a Mandalorian Mercenary
        with two TIEs at Range 1 never has it."""
        sc, a, d = duel(self.BOBA, large=True, focus=1)
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "focus") and not offers(game, self.BOBA)
        sc, a, d = self._scene(MERC, [480])
        sc.entries[0].setup["focus"] = 1
        game = engage(sc, a, ["focus"] + ["blank"] * 3, ["blank"] * 3)
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        assert offers(game, "focus") and not offers(game, self.BOBA)


# ------------------------------------------------------------------ Kath Scarlet
class TestKathScarlet:
    KATH = "1e-firespray31-kathscarlet-scumandvillainy"

    def _rear(self, pilot):
        sc = Scene(ruleset="1e")
        a = sc.ship(pilot, at=(400, 500, 0))
        d = sc.ship(ACADEMY, player=2, at=(400, 300, 0))
        return sc, a, d

    def test_one_more_die_in_the_auxiliary_arc(self):
        """A TIE behind her at Range 1: she rolls 4 dice (3 + 1); a Mandalorian Mercenary
        rolls 3."""
        sc, a, d = self._rear(self.KATH)
        assert attack_dice_count(sc, a, d) == 4
        sc, a, d = self._rear(MERC)
        assert attack_dice_count(sc, a, d) == 4 - 1

    def test_not_in_the_front_arc(self):
        """A TIE ahead at Range 2: 3 dice."""
        sc, a, d = duel(self.KATH, large=True)
        assert attack_dice_count(sc, a, d) == 3
