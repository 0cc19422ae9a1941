"""First-edition upgrades of the Hound's Tooth, Kihraxz Fighter, K-wing and TIE Punisher
packs (module upgrades_w6_2): the bombs (Ion Bombs, Conner Net, Cluster Mines),
Bombardier, Ion Projector and Advanced SLAM. The bomber is a Cutlass Squadron Pilot (TIE
Punisher, small base) at (400, 300) facing +y: a token dropped with the [1 straight]
template lies behind it, near (400, 240)."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.payloads import DetonateBombs
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import Activate, EndPhase, StartEndPhase, StartEngagement
from tallon.engine.state import Token
from tallon.scene import Scene, declare, faces, load_dice, start_at
from tests.cards.first_edition.helpers_1e import has_card
from tests.cards.first_edition.test_pilots_w6 import modified
from tests.cards.helpers import (
    activation,
    modify_with,
    offers,
    pass_all,
    pass_until,
    skip_dice,
    values,
)
from tests.rules.attack_helpers import dice_counts

ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
CUTLASS = "1e-tiepunisher-cutlasssquadronpilot"
WARDEN = "1e-kwing-wardensquadronpilot"
SLAVER = "1e-yv666-trandoshanslaver"


def drop_by_action(sc, a, card):
    """The ship performs the card's drop action with the [1 straight] template."""
    game = sc.at(PerformAction(a, during_activation=True), phase="activation")
    assert f"{card}:drop" in values(game)
    game.answer(f"{card}:drop")
    if game.decision is not None and game.decision.kind == "card_action":
        game.answer("1F")
    return game


# ---------------------------------------------------------------------- Ion Bombs
class TestIonBombs:
    CARD = "1e-ionbombs"

    def test_two_ion_tokens_at_range_1(self):
        """Dropped on revealing the dial; at the end of the Activation phase it detonates:
        the TIE at Range 1 of it receives 2 ion tokens, the far one none; the card is
        discarded and the token removed."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        near = sc.ship(ACADEMY, player=2, at=(400, 160, 0))
        far = sc.ship(ACADEMY, player=2, at=(750, 160, 0))
        game = activation(sc, a, "2FB")
        assert game.decision.kind == "launch_device"
        game.answer("1F")
        pass_all(game)
        assert not has_card(game, a, self.CARD) and len(game.state.devices) == 1
        start_at(game, DetonateBombs(), phase="activation")
        pass_all(game)
        ships = game.state.ships
        assert ships[near].count(Token.ION) == 2 and not ships[far].count(Token.ION)
        assert not game.state.devices

    def test_declined_nothing(self):
        """Declined: no token, the card stays."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2FB")
        game.answer("decline")
        pass_all(game)
        assert not game.state.devices and has_card(game, a, self.CARD)

    def test_faq_one_bomb_a_round(self):
        """FAQ (1e) Q&A: having dropped a bomb this round, no second drop is offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD],
                    device_placed=(1, "activation"))
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2FB")
        assert game.decision is None or game.decision.kind != "launch_device"


# ---------------------------------------------------------------------- Conner Net
class TestConnerNet:
    CARD = "1e-connernet"

    def test_ship_moving_onto_it(self):
        """An unshielded X-wing flies its 3 straight over the net: it suffers 1 damage,
        receives 2 ion tokens and skips its Perform Action step; the token is gone."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ROOKIE, player=2, at=(400, 60, 0), shields=0)
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        assert not has_card(game, a, self.CARD) and len(game.state.devices) == 1
        game.state.ships[x].dial_set = "3FW"
        start_at(game, Activate(x), phase="activation")
        kinds = pass_all(game)
        ship = game.state.ships[x]
        assert len(ship.damage) == 1 and ship.count(Token.ION) == 2
        assert "perform_action" not in kinds and not game.state.devices

    def test_ship_passing_beside_it(self):
        """An X-wing passing 150 mm to the side is untouched and performs its action."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ROOKIE, player=2, at=(550, 60, 0), shields=0)
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        game.state.ships[x].dial_set = "3FW"
        start_at(game, Activate(x), phase="activation")
        assert "perform_action" in pass_all(game)
        assert not game.state.ships[x].damage and len(game.state.devices) == 1

    def test_faq_dropped_on_an_activated_ship_no_skip(self):
        """FAQ (1e), Conner Net: dropped under a ship that has already activated this
        phase, it detonates (1 damage, 2 ion tokens) but skips no Perform Action step."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ACADEMY, player=2, at=(400, 240, 0), activated=True)
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        ship = game.state.ships[x]
        assert len(ship.damage) == 1 and ship.count(Token.ION) == 2
        assert not ship.skip_action

    def test_faq_dropped_on_a_ship_yet_to_activate_skips(self):
        """FAQ (1e), Conner Net: dropped under a ship that has not activated yet, the ship
        will skip its Perform Action step."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ACADEMY, player=2, at=(400, 240, 0))
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        assert game.state.ships[x].skip_action

    def test_faq_ionized_ship_discards_all_its_ion_tokens(self):
        """FAQ (1e), Conner Net: an ionized X-wing executes its [1 straight] onto the net:
        at the end of the maneuver all its ion tokens (the net's too) are discarded."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ROOKIE, player=2, at=(400, 170, 0), shields=0, ion=1)
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        game.state.ships[x].dial_set = "3FW"
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        ship = game.state.ships[x]
        assert len(ship.damage) == 1 and not ship.count(Token.ION)


# ------------------------------------------------------------------ Cluster Mines
class TestClusterMines:
    CARD = "1e-clustermines"

    def test_a_set_of_three(self):
        """The action drops 3 tokens side by side behind the TIE Punisher."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        assert len(game.state.devices) == 3 and not has_card(game, a, self.CARD)

    def test_crits_deal_normal_damage(self):
        """A shieldless X-wing flies past the set, its base over the right-hand token only:
        it rolls 2 dice (a hit and a crit) and suffers 2 damage, both facedown cards
        (errata (1e): 1 damage each); that token is discarded, the other two stay."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ROOKIE, player=2, at=(450, 60, 0), shields=0)
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        game.state.ships[x].dial_set = "3FW"
        load_dice(game, ["hit", "crit"])
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        ship = game.state.ships[x]
        assert [c.faceup for c in ship.damage] == [False, False]
        assert len(game.state.devices) == 2

    def test_passing_beside_untouched(self):
        """An X-wing passing 150 mm to the side rolls nothing."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=[self.CARD])
        x = sc.ship(ROOKIE, player=2, at=(560, 60, 0), shields=0)
        game = drop_by_action(sc, a, self.CARD)
        pass_all(game)
        game.state.ships[x].dial_set = "3FW"
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        assert not game.state.ships[x].damage and len(game.state.devices) == 3


# --------------------------------------------------------------------- Bombardier
class TestBombardier:
    CARD = "1e-bombardier"

    def test_drop_with_the_2_straight(self):
        """With Bombardier the ion bomb may be dropped with the [2 straight] template: the
        token lies 40 mm farther behind than with the [1 straight]."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=["1e-ionbombs", self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2FB")
        assert {"1F", "2F"} <= set(values(game))
        game.answer("2F")
        two = game.state.devices[0].pose.y
        game = activation(sc, a, "2FB")
        game.answer("1F")
        assert abs(game.state.devices[0].pose.y - two - 40) < 1

    def test_without_it_only_the_1_straight(self):
        """Without Bombardier: only the [1 straight]."""
        sc = Scene(ruleset="1e")
        a = sc.ship(CUTLASS, at=(400, 300, 0), upgrades=["1e-ionbombs"])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "2FB")
        assert values(game) == ["1F", "decline"]


# ------------------------------------------------------------------ Ion Projector
class TestIonProjector:
    CARD = "1e-ionprojector"

    def _bump(self, die, friend=False):
        sc = Scene(ruleset="1e")
        sc.ship(SLAVER, player=1 if friend else 2, at=(400, 450, 180), upgrades=[self.CARD])
        x = sc.ship(ROOKIE, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(800, 850, 180))
        game = sc.game()
        game.state.ships[x].dial_set = "3FW"
        load_dice(game, [die])
        start_at(game, Activate(x), phase="activation")
        pass_all(game)
        return game, x

    def test_enemy_overlapping_gets_an_ion_token(self):
        """An X-wing's 3 straight ends against the YV-666: the die shows a hit, the X-wing
        receives 1 ion token."""
        game, x = self._bump("hit")
        assert game.state.ships[x].count(Token.ION) == 1

    def test_blank_nothing(self):
        """The die shows a blank: no ion token."""
        game, x = self._bump("blank")
        assert not game.state.ships[x].count(Token.ION)

    def test_not_a_friendly_ship(self):
        """A friendly X-wing bumping it: no die, no token."""
        game, x = self._bump("hit", friend=True)
        assert not game.state.ships[x].count(Token.ION)


# ------------------------------------------------------------------ Advanced SLAM
class TestAdvancedSLAM:
    CARD = "1e-advancedslam"

    def _slam(self, enemy_at=(400, 850, 180), upgrades=(CARD,), obstacle_y=None):
        sc = Scene(ruleset="1e")
        if obstacle_y is not None:
            sc.obstacle("core2asteroid5", 400, obstacle_y)
        a = sc.ship(WARDEN, at=(400, 300, 0), upgrades=list(upgrades))
        sc.ship(ACADEMY, player=2, at=enemy_at)
        game = sc.game()
        game.state.ships[a].dial_set = "2FB"
        start_at(game, Activate(a), phase="activation")
        pass_until(game, "perform_action", a)
        game.answer("slam")
        assert game.decision.kind == "slam_maneuver"
        game.answer("2FB")
        return game, a

    def test_free_action_after_a_clean_slam(self):
        """After a SLAM overlapping nothing, the K-wing may perform a free focus action."""
        game, a = self._slam()
        pass_until(game, "use_ability", a)
        assert "focus" in values(game)
        game.answer("focus")
        assert game.state.ships[a].has(Token.FOCUS)

    def test_not_without_the_card(self):
        """Without Advanced SLAM: no free action."""
        game, a = self._slam(upgrades=())
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[a].has(Token.FOCUS)

    def test_faq_not_after_overlapping_a_ship(self):
        """FAQ (1e), Advanced SLAM: the SLAM's final position would overlap a ship (a TIE
        where its [2 straight] SLAM ends): no free action."""
        game, _a = self._slam(enemy_at=(400, 540, 180))
        assert "use_ability" not in pass_all(game)

    def test_faq_not_after_overlapping_an_obstacle(self):
        """FAQ (1e), Advanced SLAM: the SLAM's template crosses an asteroid (after the
        first maneuver, on the way to its end): no free action."""
        game, _a = self._slam(obstacle_y=480)
        assert "use_ability" not in pass_all(game)


# -------------------------------------------------------------------- Glitterstim
class TestGlitterstim:
    CARD = "1e-glitterstim"
    ACE = "1e-kihraxzfighter-blacksunace"

    def _combat(self, answer, stress=0):
        """The Black Sun Ace (pilot skill 5) and a TIE (1) at Range 2; the Combat phase
        starts: the Ace answers Glitterstim, then declares its attack (dice loaded)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(self.ACE, at=(400, 300, 0), upgrades=[self.CARD], stress=stress)
        d = sc.ship(ACADEMY, player=2, at=(400, 490, 180))
        game = sc.at(StartEngagement(), phase="engagement")
        assert game.decision.kind == "use_ability" and game.decision.ship == a
        game.answer(answer)
        pass_all(game)
        load_dice(game, ["focus", "focus", "blank"], (),
                  then=faces(DieKind.DEFENSE, ["blank"] * 3))
        start_at(game, Engage(a))
        declare(game, a, d)
        skip_dice(game, "modify_attack_dice", a)
        return game, a, d

    def test_discarded_focus_results_become_hits(self):
        """Used: the card is discarded, the Ace stressed; attacking, it changes both focus
        results to hits."""
        game, a, _d = self._combat("use")
        ship = game.state.ships[a]
        assert ship.stressed and self.CARD not in ship.upgrades
        modify_with(game, self.CARD)
        assert modified(game).endswith("hit, hit, blank")

    def test_declined_nothing(self):
        """Declined: the card stays, no stress, nothing offered when attacking."""
        game, a, _d = self._combat("decline")
        ship = game.state.ships[a]
        assert not ship.stressed and self.CARD in ship.upgrades
        assert game.decision is None or not offers(game, self.CARD)

    def test_ends_with_the_round(self):
        """At the end of the End phase the effect is over: the card's lasting side leaves
        the ship."""
        game, a, _d = self._combat("use")
        pass_all(game)
        assert ("upgrade", self.CARD, 1) in game.state.ships[a].cards
        start_at(game, StartEndPhase(), EndPhase(), FireWindow.of("end_phase_end"),
                 phase="end")
        pass_all(game)
        assert ("upgrade", self.CARD, 1) not in game.state.ships[a].cards


# -------------------------------------------------------------------------- R5-X3
class TestR5X3:
    CARD = "1e-r5x3"

    def _fly(self, answer):
        """An X-wing with R5-X3 flies a 3 straight through an asteroid."""
        sc = Scene(ruleset="1e")
        sc.obstacle("core2asteroid5", 400, 300)
        a = sc.ship(ROOKIE, at=(400, 150, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "3FW")
        assert game.decision.kind == "use_ability"
        game.answer(answer)
        return game, a

    def test_ignores_the_asteroid(self):
        """Used: the X-wing moves through the asteroid without rolling for it and still
        performs its action; the card is discarded. Declined: it rolls and skips it."""
        game, a = self._fly("use")
        kinds = pass_all(game)
        assert "perform_action" in kinds
        assert not any(e["kind"] == "obstacle" and "rolls" in e["text"] for e in game.log)
        assert self.CARD not in game.state.ships[a].upgrades
        game, a = self._fly("decline")
        kinds = pass_all(game)
        assert "perform_action" not in kinds
        assert any(e["kind"] == "obstacle" and "rolls" in e["text"] for e in game.log)

    def test_not_without_obstacles(self):
        """No obstacle in play: not offered (ruling)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 150, 0), upgrades=[self.CARD])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, a, "3FW")
        assert game.decision is None or game.decision.kind != "use_ability"

    def _shots(self, answer):
        sc = Scene(ruleset="1e")
        sc.obstacle("core2asteroid5", 400, 275)
        a = sc.ship(ROOKIE, at=(400, 100, 0), upgrades=[self.CARD])
        d = sc.ship(ACADEMY, player=2, at=(400, 370, 180))
        game = activation(sc, a, "1FB")
        game.answer(answer)
        pass_all(game)
        return game, a, d

    def test_faq_its_attacks_are_not_obstructed(self):
        """FAQ (1e), R5-X3: having used it, its attack through the asteroid is not
        obstructed (the TIE rolls its 3 agility dice, 4 without R5-X3)."""
        for answer, count in (("use", 3), ("decline", 4)):
            game, a, d = self._shots(answer)
            load_dice(game, ["blank"] * 3, (), then=faces(DieKind.DEFENSE, ["blank"] * count))
            start_at(game, Engage(a))
            declare(game, a, d)
            pass_all(game)
            assert dice_counts(game, a, d) == (3, count)

    def test_faq_attacks_at_it_still_obstructed(self):
        """FAQ (1e), R5-X3: the TIE attacking it through the asteroid: the X-wing still
        rolls 1 more defense die (3)."""
        game, a, d = self._shots("use")
        load_dice(game, ["blank"] * 2, (), then=faces(DieKind.DEFENSE, ["blank"] * 3))
        start_at(game, Engage(d))
        declare(game, d, a)
        pass_all(game)
        assert dice_counts(game, d, a) == (2, 3)
