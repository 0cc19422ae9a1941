"""Force power upgrades (second module): each card in a scene built for it, compared with
the same scene without the card (or before/after it acts). Luke Skywalker (initiative 5,
Force 2, an X-wing with focus, lock and barrel roll) and Darth Vader (initiative 6, Force
3) carry them; scenarios don't check Force-side restrictions."""

from __future__ import annotations

import random

import pytest

from tallon.agents.ace import AceAgent
from tallon.agents.master import MasterAgent
from tallon.engine.actions import PerformAction
from tallon.engine.rounds import (
    Activate,
    StartEngagement,
    StartRound,
    Sweep,
    SystemTurn,
    step_of,
)
from tallon.engine.state import ActionSpec, DamageCard, Token
from tallon.engine.view import full_snapshot
from tallon.scene import Scene, load_dice, start_at
from tests.cards.helpers import (
    answer,
    attack,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_to,
    values,
)


# ---------------------------------------------------------------------- Compassion
class TestCompassion:
    def scene(self, upgrades, card="blindedpilot", ally_at=(520, 300, 0), luke_damage=0,
              force=2):
        """A TIE hits an X-wing beside Luke with a critical hit; Luke's player's deck gives
        ``card`` first, then Direct Hit."""
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=upgrades, force=force,
                       damage=[DamageCard("structuraldamage", False, 90 + k)
                               for k in range(luke_damage)])
        ally = sc.ship("redsquadronveteran", at=ally_at, shields=0)
        tie = sc.ship("academypilot", player=2, at=(ally_at[0], 500, 180))
        game = attack(sc, tie, ally, ["crit", "blank"], ["blank", "blank"],
                      deck=[card, "directhit"])
        return game, luke, ally

    def test_the_friends_pilot_card_is_discarded_and_luke_takes_a_facedown_card(self):
        """Compassion: before another friendly ship at range 0-2 would be dealt a faceup
        Pilot damage card, Luke may spend 1 Force: that card is discarded and Luke is dealt
        1 facedown damage card (with only 1 card, no Force comes back)."""
        game, luke, ally = self.scene(["compassion"])
        pass_until(game, "replacement", luke)
        answer(game, "replacement", "use", luke)
        pass_all(game)
        s = game.state.ships
        assert not s[ally].damage and game.state.players[0].discard == ["blindedpilot"]
        assert [(d.card, d.faceup) for d in s[luke].damage] == [("directhit", False)]
        assert s[luke].force == 1

    def test_with_two_damage_cards_luke_recovers_2_force(self):
        """Then, with 2 or more damage cards, Luke recovers 2 Force (he had 1 card)."""
        game, luke, _ = self.scene(["compassion"], luke_damage=1, force=1)
        pass_until(game, "replacement", luke)
        answer(game, "replacement", "use", luke)
        pass_all(game)
        s = game.state.ships[luke]
        assert len(s.damage) == 2 and s.force == 2

    def test_without_the_card_the_friend_is_dealt_it_faceup(self):
        game, luke, ally = self.scene([])
        pass_all(game)
        assert [(d.card, d.faceup) for d in game.state.ships[ally].damage] == [
            ("blindedpilot", True)]
        assert not game.state.ships[luke].damage

    @pytest.mark.parametrize("card, ally_at, force", [
        ("consolefire", (520, 300, 0), 2),     # a Ship card
        ("blindedpilot", (720, 300, 0), 2),    # the friend at range 3
        ("blindedpilot", (520, 300, 0), 0),    # no Force to spend
    ])
    def test_not_for_a_ship_card_a_friend_beyond_range_2_or_without_force(self, card,
                                                                          ally_at, force):
        game, luke, ally = self.scene(["compassion"], card, ally_at, force=force)
        assert "replacement" not in pass_all(game)
        assert [(d.card, d.faceup) for d in game.state.ships[ally].damage] == [(card, True)]
        assert not game.state.ships[luke].damage


# ---------------------------------------------------------------------- Foresight
class TestForesight:
    def scene(self, upgrades, x: float = 400, force: int = 2):
        """A TIE ahead of Luke executes a [2 straight] toward him, ending at range 3 in
        his bullseye (at x=400) or out of it."""
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=upgrades, force=force)
        tie = sc.ship("academypilot", player=2, at=(x, 700, 180))
        game = sc.game()
        load_dice(game, ["focus", "focus"], ["blank"] * 4)
        game.state.ships[tie].dial_set = "2FB"
        start_at(game, Activate(tie), phase="activation")
        return game, luke, tie

    def test_a_bonus_attack_after_the_enemy_moves(self):
        """Foresight: after an enemy ship executes a maneuver Luke may spend 1 Force to
        attack it with Foresight (2 dice, bullseye, range 1-3) as a bonus attack; the attack
        may change 1 focus result to a hit, and no other modification is offered (not even
        Luke's own Force)."""
        game, luke, tie = self.scene(["foresight"])
        answer(game, "use_ability", "use", luke)
        assert game.state.ships[luke].force == 1
        answer(game, "bonus_attack", f"foresight@{tie}", luke)
        skip_to(game, "modify_attack_dice", luke)
        sources = {(o.info or {}).get("source") for o in game.decision.options} - {None}
        assert sources == {"foresight"}
        modify_with(game, "foresight")
        pass_all(game)
        assert len(game.state.ships[tie].damage) == 1
        assert game.state.ships[luke].bonus_attack_done

    def test_without_the_card_no_bonus_attack(self):
        game, luke, tie = self.scene([])
        assert game.decision is None or game.decision.kind != "use_ability"
        pass_all(game)
        assert not game.state.ships[tie].damage and game.state.ships[luke].force == 2

    @pytest.mark.parametrize("x, force", [(480, 2), (400, 0)])
    def test_not_outside_the_bullseye_or_without_force(self, x, force):
        game, luke, _ = self.scene(["foresight"], x=x, force=force)
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[luke].bonus_attack_done

    def test_in_an_ordinary_attack_luke_can_still_spend_force_on_other_weapons(self):
        """The restriction covers Foresight's own attack only: Luke's primary attack may
        use his Force."""
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=["foresight"])
        tie = sc.ship("academypilot", player=2, at=(400, 500, 180))
        game = sc.attack(luke, tie, dice=["focus", "focus", "blank"], defense=["blank"] * 3,
                         weapon="primary:front")
        skip_to(game, "modify_attack_dice", luke)
        assert offers(game, "force") or any(
            "Force" in o.label for o in game.decision.options)


# ----------------------------------------------------------- Heightened Perception
class TestHeightenedPerception:
    def scene(self, upgrades, force: int = 2):
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=upgrades, force=force)
        vader = sc.ship("darthvader", player=2, at=(400, 500, 180))
        game = sc.game()
        start_at(game, StartEngagement(), Sweep("engagement"))
        return game, luke, vader

    def test_luke_engages_at_initiative_7_before_vader(self):
        """Heightened Perception: at the start of the Engagement Phase Luke (initiative 5)
        may spend 1 Force to engage at initiative 7 this phase: before Vader (6). His
        initiative itself is unchanged."""
        game, luke, _ = self.scene(["heightenedperception"])
        answer(game, "use_ability", "use", luke)
        assert game.decision.kind == "declare_attack" and game.decision.ship == luke
        ship = game.state.ships[luke]
        assert ship.force == 1 and ship.current_initiative == 5

    def test_declined_vader_engages_first(self):
        game, luke, vader = self.scene(["heightenedperception"])
        answer(game, "use_ability", "decline", luke)
        assert game.decision.kind == "declare_attack" and game.decision.ship == vader

    @pytest.mark.parametrize("upgrades, force", [([], 2), (["heightenedperception"], 0)])
    def test_without_the_card_or_force_vader_engages_first(self, upgrades, force):
        game, _, vader = self.scene(upgrades, force)
        assert game.decision.kind == "declare_attack" and game.decision.ship == vader

    def test_the_next_round_luke_engages_at_his_own_initiative(self):
        """The effect lasts for the phase it was used in: the next round Vader (6)
        engages before Luke again."""
        game, luke, vader = self.scene(["heightenedperception"])
        answer(game, "use_ability", "use", luke)
        assert step_of(game, game.state.ships[luke], "engagement") == 7
        game.state.round += 1
        assert step_of(game, game.state.ships[luke], "engagement") == 5
        start_at(game, StartEngagement(), Sweep("engagement"))
        answer(game, "use_ability", "decline", luke)
        assert game.decision.kind == "declare_attack" and game.decision.ship == vader


# -------------------------------------------------------------------------- Malice
class TestMalice:
    def scene(self, upgrades, card, dice=("focus", "blank", "blank")):
        sc = Scene()
        vader = sc.ship("darthvader", at=(400, 300, 0), upgrades=upgrades, force=1)
        xwing = sc.ship("redsquadronveteran", player=2, at=(400, 500, 180), shields=0)
        game = attack(sc, vader, xwing, list(dice), ["blank", "blank"], deck=[card])
        return game, vader, xwing

    def test_a_focus_becomes_a_crit_and_a_pilot_card_pays_back_2_force(self):
        """Malice: attacking, Vader may spend 1 Force to change 1 focus (or hit) result to a
        critical hit; the X-wing is dealt a faceup Pilot card (Blinded Pilot), so after the
        attack Vader recovers 2 Force."""
        game, vader, xwing = self.scene(["malice"], "blindedpilot")
        skip_to(game, "modify_attack_dice", vader)
        modify_with(game, "malice")
        pass_all(game)
        assert [(d.card, d.faceup) for d in game.state.ships[xwing].damage] == [
            ("blindedpilot", True)]
        assert game.state.ships[vader].force == 2

    def test_a_ship_card_pays_nothing_back(self):
        game, vader, xwing = self.scene(["malice"], "consolefire")
        skip_to(game, "modify_attack_dice", vader)
        modify_with(game, "malice")
        pass_all(game)
        assert game.state.ships[xwing].damage and game.state.ships[vader].force == 0

    def test_without_the_card_the_focus_misses(self):
        game, vader, xwing = self.scene([], "blindedpilot")
        pass_all(game)
        assert not game.state.ships[xwing].damage and game.state.ships[vader].force == 1

    def test_a_pilot_card_without_using_malice_pays_nothing(self):
        """Only an attack in which Malice was used recovers Force."""
        game, vader, xwing = self.scene(["malice"], "blindedpilot",
                                        dice=("crit", "blank", "blank"))
        pass_all(game)
        assert game.state.ships[xwing].damage[0].faceup
        assert game.state.ships[vader].force == 1


# --------------------------------------------------------------- Precognitive Reflexes
class TestPrecognitiveReflexes:
    def scene(self, upgrades, force: int = 2):
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 200, 0), upgrades=upgrades, force=force)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[luke].dial_set = "3FW"
        start_at(game, Activate(luke), phase="activation")
        return game, luke

    def test_a_boost_off_the_bar_costs_a_strain_and_the_other_actions(self):
        """Precognitive Reflexes: after revealing his dial Luke may spend 1 Force to boost
        or barrel roll; the X-wing has no boost on its bar, so he gains 1 strain token and
        can't perform another action this activation (no Perform Action step). (A white
        maneuver: a blue one would remove the strain token.)"""
        game, luke = self.scene(["precognitivereflexes"])
        assert set(values(game)) == {"boost", "barrel_roll", "decline"}
        answer(game, "use_ability", "boost", luke)
        answer(game, "boost_direction", "straight", luke)
        assert game.decision is None
        ship = game.state.ships[luke]
        assert ship.force == 1 and ship.has(Token.STRAIN)
        assert ship.pose.y == pytest.approx(200 + 80 + 160)

    def test_a_barrel_roll_from_the_bar_costs_nothing_more(self):
        game, luke = self.scene(["precognitivereflexes"])
        answer(game, "use_ability", "barrel_roll", luke)
        answer(game, "barrel_roll_direction", "left", luke)
        answer(game, "barrel_roll_position", "middle", luke)
        assert game.decision.kind == "perform_action"
        assert not game.state.ships[luke].has(Token.STRAIN)

    @pytest.mark.parametrize("upgrades, force", [([], 2), (["precognitivereflexes"], 0)])
    def test_without_the_card_or_force_the_activation_goes_on(self, upgrades, force):
        game, luke = self.scene(upgrades, force)
        assert game.decision.kind == "perform_action"
        assert game.state.ships[luke].pose.y == pytest.approx(200 + 160)


# -------------------------------------------------------------- Supernatural Reflexes
class TestSupernaturalReflexes:
    def scene(self, upgrades, force: int = 2):
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 200, 0), upgrades=upgrades, force=force)
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.game()
        game.state.ships[luke].dial_set = "2FB"
        start_at(game, Activate(luke), phase="activation")
        return game, luke

    def test_a_boost_off_the_bar_costs_1_damage(self):
        """Supernatural Reflexes: before activating Luke may spend 1 Force to boost or
        barrel roll; the boost is not on his bar, so he suffers 1 hit damage."""
        game, luke = self.scene(["supernaturalreflexes"])
        answer(game, "use_ability", "boost", luke)
        answer(game, "boost_direction", "straight", luke)
        ship = game.state.ships[luke]
        assert ship.shields == 1 and ship.force == 1
        assert ship.pose.y == pytest.approx(200 + 80 + 120)
        assert game.decision.kind == "perform_action"

    def test_a_barrel_roll_from_the_bar_is_free_of_damage(self):
        game, luke = self.scene(["supernaturalreflexes"])
        answer(game, "use_ability", "barrel_roll", luke)
        answer(game, "barrel_roll_direction", "right", luke)
        answer(game, "barrel_roll_position", "middle", luke)
        assert game.state.ships[luke].shields == 2

    @pytest.mark.parametrize("upgrades, force", [([], 2), (["supernaturalreflexes"], 0)])
    def test_without_the_card_or_force_no_early_move(self, upgrades, force):
        game, luke = self.scene(upgrades, force)
        assert game.decision.kind == "perform_action"
        assert game.state.ships[luke].pose.y == pytest.approx(200 + 120)


# ------------------------------------------------------------------ Roiling Anger
ANGER = "roilinganger-siegeofcoruscant"


class TestRoilingAnger:
    def scene(self, upgrades, enemy_at=(400, 500, 180), force: int = 1):
        sc = Scene()
        vader = sc.ship("darthvader", at=(400, 300, 0), upgrades=upgrades, force=force)
        sc.ship("academypilot", player=2, at=enemy_at)
        return sc.at(StartEngagement()), vader

    def test_in_an_enemy_front_arc_a_strain_buys_1_force(self):
        """Roiling Anger: at the start of the Engagement Phase, in an enemy ship's front
        arc, Vader may gain 1 strain token to recover 1 Force."""
        game, vader = self.scene([ANGER])
        answer(game, "use_ability", "use", vader)
        ship = game.state.ships[vader]
        assert ship.force == 2 and ship.has(Token.STRAIN)

    def test_without_the_card_nothing(self):
        game, vader = self.scene([])
        assert game.decision is None and game.state.ships[vader].force == 1

    @pytest.mark.parametrize("enemy_at, force", [((400, 500, 0), 1), ((400, 500, 180), 3)])
    def test_not_outside_the_enemy_front_arc_nor_at_full_force(self, enemy_at, force):
        """The TIE facing away has Vader behind it; at full Force there is nothing to
        recover."""
        game, vader = self.scene([ANGER], enemy_at, force)
        assert game.decision is None and not game.state.ships[vader].has(Token.STRAIN)


# --------------------------------------------------------------- Battle Meditation
class TestBattleMeditation:
    def scene(self, upgrades, grant=None):
        """Luke Skywalker (Force 2) in his Perform Action step; two Red Squadron Veterans
        (T-65s), Wedge Antilles (a limited T-65) and a Gray Squadron Bomber (a Y-wing) at
        range 1 of him."""
        sc = Scene()
        me = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=upgrades)
        first = sc.ship("redsquadronveteran", at=(480, 300, 0))
        second = sc.ship("redsquadronveteran", at=(320, 300, 0))
        obiwan = sc.ship("wedgeantilles", at=(400, 380, 0))
        other = sc.ship("graysquadronbomber", at=(400, 220, 0))
        sc.ship("academypilot", player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(me, during_activation=True, grant=grant or ()),
                     phase="activation")
        return game, me, first, second, obiwan, other

    def test_a_purple_coordinate_of_two_ships_performing_the_same_action(self):
        """Battle Meditation: performing its purple coordinate action (1 Force), the ship
        can't coordinate the limited Wedge and may coordinate another friendly non-limited
        ship of the same type (the other T-65, not the Y-wing); both must perform the same
        action: the first focuses, the second may only focus (or pass)."""
        game, me, first, second, wedge, other = self.scene(["battlemeditation"])
        answer(game, "perform_action", "coordinate", me)
        assert wedge not in values(game) and other in values(game)
        game.answer(first)
        assert values(game) == [second, "none"]
        game.answer(second)
        answer(game, "perform_action", "focus", first)
        assert game.decision.ship == second and values(game) == ["focus", "pass"]
        game.answer("focus")
        s = game.state.ships
        assert s[first].has(Token.FOCUS) and s[second].has(Token.FOCUS)
        assert s[me].force == 1

    def test_when_the_first_ship_passes_the_second_performs_nothing(self):
        """Ruling: the same action as the first ship's - none, when it performed none."""
        game, me, first, second, *_ = self.scene(["battlemeditation"])
        answer(game, "perform_action", "coordinate", me)
        game.answer(first)
        game.answer(second)
        answer(game, "perform_action", "pass", first)
        assert game.decision is None or game.decision.ship != second
        assert not game.state.ships[second].has(Token.FOCUS)

    def test_a_white_coordinate_has_no_second_ship(self):
        """Only a purple coordinate: a white one (granted) coordinates one ship, and still
        not a limited one."""
        game, me, first, _, wedge, _ = self.scene(
            ["battlemeditation"], grant=(ActionSpec("coordinate", "white", None, "test"),))
        answer(game, "perform_action", "coordinate", me)
        assert wedge not in values(game)
        game.answer(first)
        assert game.decision.kind == "perform_action" and game.decision.ship == first

    def test_without_the_card_one_ship_limited_or_not(self):
        """RR: COORDINATE - one friendly ship at range 1-2, Wedge among them."""
        game, me, first, _, wedge, _ = self.scene(
            [], grant=(ActionSpec("coordinate", "purple", None, "test"),))
        answer(game, "perform_action", "coordinate", me)
        assert wedge in values(game)
        game.answer(first)
        assert game.decision.kind == "perform_action" and game.decision.ship == first


# -------------------------------------------------------------------------- Sense
class TestSense:
    """Luke Skywalker (player 1, Force 2) in his System Phase turn; two TIEs of player 2:
    p2.1 at range 1 (dial 1TW), p2.2 at range 3 (dial 2BB); a friendly X-wing at range 1
    (dial 2FB)."""

    def scene(self, upgrades=("sense",), force=2, far_at=(600, 500, 180)):
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=list(upgrades),
                       force=force)
        friend = sc.ship("redsquadronveteran", at=(480, 300, 0))
        near = sc.ship("academypilot", player=2, at=(400, 380, 180))
        far = sc.ship("academypilot", player=2, at=far_at)
        game = sc.game()
        for ship, dial in ((luke, "2FW"), (friend, "2FB"), (near, "1TW"), (far, "2BB")):
            game.state.ships[ship].dial_set = dial
        start_at(game, SystemTurn(luke), phase="system")
        return game, luke, near, far

    @staticmethod
    def dial_seen(game, player, ship):
        return next(s for s in game.view(player)["ships"] if s["id"] == ship)["dial"]

    def test_a_ship_at_range_1_for_free(self):
        """Sense: in the System Phase Luke may look at the dial of a ship at range 0-1 at
        no cost: player 1's view then shows the TIE's 1TW. Without the card Luke has no
        System Phase turn and the dial shows only as set."""
        game, luke, near, _ = self.scene()
        answer(game, "use_ability", near, luke)
        assert self.dial_seen(game, 1, near) == "1TW"
        assert game.state.ships[luke].force == 2
        assert game.decision is None
        game, _, near, _ = self.scene(upgrades=())
        assert game.decision is None and self.dial_seen(game, 1, near) == "set"

    def test_a_ship_at_range_3_for_1_force(self):
        """Sense: spending 1 Force lets Luke choose a ship at range 0-3 instead (the range is
        measured first: RR: FAQ): the TIE at range 3 costs 1 Force."""
        game, luke, _, far = self.scene()
        assert game.state.in_range(game.state.ships[luke], game.state.ships[far], 3, 3)
        answer(game, "use_ability", far, luke)
        assert game.state.ships[luke].force == 1
        assert self.dial_seen(game, 1, far) == "2BB"

    def test_without_force_only_range_0_1(self):
        """With no Force the TIE at range 3 is not offered; the one at range 1 still is."""
        game, _, near, _ = self.scene(force=0)
        assert values(game) == [near, "decline"]

    def test_not_beyond_range_3(self):
        """A ship beyond range 3 is not offered (here the only other enemy is at range 1)."""
        game, _, near, far = self.scene(far_at=(400, 900, 180))
        assert far not in values(game) and near in values(game)

    def test_no_dial_already_seen(self):
        """Ruling: only ships whose dial the player can't see are offered: not the friendly
        X-wing (player 1 sees it), not a dial flipped faceup, not an ionized ship (no
        dial). With nothing to look at Luke has no System Phase turn."""
        sc = Scene()
        luke = sc.ship("lukeskywalker", at=(400, 300, 0), upgrades=["sense"])
        sc.ship("redsquadronveteran", at=(480, 300, 0))
        faceup = sc.ship("academypilot", player=2, at=(400, 380, 180))
        ionized = sc.ship("academypilot", player=2, at=(320, 380, 180))
        game = sc.game()
        for ship in game.state.ships.values():
            ship.dial_set = "2FB" if ship.id != ionized else None
        game.state.ships[faceup].dial_revealed = True
        start_at(game, SystemTurn(luke), phase="system")
        assert game.decision is None

    def test_the_views_of_both_players(self):
        """RR: DIAL - the dial becomes known to the player who looked only: player 1's view
        shows the TIE's dial, player 2's view of player 1's dials does not change (Luke's
        still shows as set), both views name player 1 as knowing the TIE's dial, and only
        player 1's log names the maneuver."""
        game, luke, near, far = self.scene()
        before = game.view(2)["ships"]
        answer(game, "use_ability", near, luke)
        view1, view2 = game.view(1), game.view(2)
        ships1 = {s["id"]: s for s in view1["ships"]}
        ships2 = {s["id"]: s for s in view2["ships"]}
        assert ships1[near]["dial"] == "1TW" and ships1[far]["dial"] == "set"
        assert ships2[luke]["dial"] == "set" and ships2[near]["dial"] == "1TW"
        assert ships1[near]["dial_known_by"] == [1] == ships2[near]["dial_known_by"]
        assert "dial_known_by" not in ships1[far]
        assert [s["dial"] for s in view2["ships"]] == [s["dial"] for s in before]
        look1, look2 = view1["log"][-1], view2["log"][-1]
        assert look1["secret"] == {"player": 1, "maneuver": "1TW"}
        assert "secret" not in look2 and "1TW" not in look2["text"]

    def test_a_search_keeps_the_dial_looked_at(self):
        """Game.determinize for player 1 keeps the dial he looked at (1TW) in every sample
        and redraws the other TIE's; for player 2 (who looked at nothing) Luke's dial is
        redrawn while her own TIE keeps its dial."""
        game, luke, near, far = self.scene()
        answer(game, "use_ability", near, luke)
        worlds1 = [game.determinize(1, random.Random(seed)) for seed in range(20)]
        assert {w.state.ships[near].dial_set for w in worlds1} == {"1TW"}
        assert len({w.state.ships[far].dial_set for w in worlds1}) > 1
        worlds2 = [game.determinize(2, random.Random(seed)) for seed in range(20)]
        assert {w.state.ships[near].dial_set for w in worlds2} == {"1TW"}
        assert len({w.state.ships[luke].dial_set for w in worlds2}) > 1
        # a sample looks to player 1 as the game does: the known dial included
        assert self.dial_seen(worlds1[0], 1, near) == "1TW"

    def test_without_a_look_the_tie_is_redrawn(self):
        """The same scene, Sense declined: player 1's samples redraw the near TIE's dial
        too (what the look changes)."""
        game, luke, near, _ = self.scene()
        answer(game, "use_ability", "decline", luke)
        worlds = [game.determinize(1, random.Random(seed)) for seed in range(20)]
        assert len({w.state.ships[near].dial_set for w in worlds}) > 1

    def test_the_master_agents_redraw_keeps_it(self):
        """The master agent redraws enemy dials in its samples: not one its player looked
        at."""
        game, luke, near, _ = self.scene()
        answer(game, "use_ability", near, luke)
        world = game.determinize(1, random.Random(3))
        MasterAgent._redraw_enemy_dials(world, 1, AceAgent(0))
        assert world.state.ships[near].dial_set == "1TW"

    def test_the_state_hash_changes_only_with_a_look(self):
        """The knowledge is part of the full snapshot only when a dial was looked at: a
        declined Sense leaves the TIE's snapshot as in the game without the card."""
        game, luke, near, _ = self.scene()
        plain, _, _, _ = self.scene(upgrades=())

        def tie(g):
            return next(s for s in full_snapshot(g)["ships"] if s["id"] == near)

        answer(game, "use_ability", "decline", luke)
        assert tie(game) == tie(plain)
        game, luke, near, _ = self.scene()
        answer(game, "use_ability", near, luke)
        assert tie(game) != tie(plain)

    def test_the_knowledge_ends_with_the_round(self):
        """Next round the TIE's dial is set again (to the same 1TW): player 1 no longer
        knows it (his view shows it as set) when Sense is offered again."""
        game, luke, near, _ = self.scene()
        answer(game, "use_ability", near, luke)
        start_at(game, StartRound(), phase="end")
        while game.decision is not None and game.decision.kind == "set_dial":
            d = game.decision
            game.answer("1TW" if d.ship == near else d.options[0].key)
        assert game.state.ships[near].dial_set == "1TW"
        pass_until(game, "use_ability", luke)
        assert self.dial_seen(game, 1, near) == "set"
        assert near in values(game)
