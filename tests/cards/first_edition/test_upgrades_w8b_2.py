"""First-edition titles, modifications and tech of the Upsilon-class Shuttle, Quadjumper,
U-wing and TIE Striker expansion packs (module upgrades_w8b_2), and "Duchess". Scenes on a
first-edition table (``Scene(ruleset="1e")``): player 1 at y = 0 facing +y, player 2
facing it; with small bases 380 / 490 / 550 mm put a ship ahead of one at y = 300 at
Range 1 / 2 / 3. The U-wing and the Upsilon-class shuttle have large bases (80 mm)."""

from __future__ import annotations

from tallon.engine.game import Game, GameSetup
from tallon.engine.queue import FireWindow
from tallon.engine.state import Token
from tallon.scene import Scene, declare, start_at
from tests.cards.first_edition.helpers_1e import neutralized
from tests.cards.helpers import activation, engage, pass_all, pass_until, rolled, values

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE = "1e-xwing-rookiepilot"
ACADEMY = "1e-tiefighter-academypilot"
TRAINEE = "1e-tiestriker-imperialtrainee"
RENEGADE = "1e-uwing-partisanrenegade"
STARKILLER = "1e-upsilonclassshuttle-starkillerbasepilot"
FO = "1e-tiefofighter-omegasquadronpilot"
AILERONS = "1e-adaptiveailerons"


# ------------------------------------------------------------ Adaptive Ailerons
class TestAdaptiveAilerons:
    def _activate(self, pilot, upgrades=(AILERONS,), **setup):
        sc = Scene(ruleset="1e")
        s = sc.ship(pilot, at=(400, 100, 0), upgrades=list(upgrades), **setup)
        sc.ship(ROOKIE, player=2, at=(400, 850, 180))
        return activation(sc, s, "2FB"), s

    def test_must_execute_a_1_straight_before_revealing(self):
        """Before revealing its 2 straight the Striker must execute one of the white 1
        maneuvers (no decline); with the 1 straight it ends 80 mm farther than the 2
        straight alone (y = 100 + 80 + 120)."""
        game, s = self._activate(TRAINEE)
        assert game.decision.kind == "use_ability"
        assert set(values(game)) == {"1BW", "1FW", "1NW"}
        game.answer("1FW")
        pass_all(game)
        assert abs(game.state.ships[s].pose.y - 300) < 1

    def test_without_the_card_only_the_dial(self):
        """Without Adaptive Ailerons only the 2 straight is executed: y = 220."""
        game, s = self._activate(TRAINEE, upgrades=())
        pass_all(game)
        assert abs(game.state.ships[s].pose.y - 220) < 1

    def test_not_while_stressed(self):
        """Stressed, nothing is executed before the dial."""
        game, _s = self._activate(TRAINEE, stress=1)
        assert game.decision is None or game.decision.kind != "use_ability"


# ------------------------------------------------------------------- Pivot Wing
class TestPivotWing:
    PIVOT = "1e-pivotwing"

    def _defends(self, upgrades, flip_first=False):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, player=2, at=(400, 640, 180))
        u = sc.ship(RENEGADE, at=(400, 400, 0), upgrades=upgrades)
        game = engage(sc, a, ["hit"] * 2, ["blank"] * 5)
        if flip_first:
            from tallon.engine.effects import flip_upgrade
            flip_upgrade(game, game.state.ships[u], self.PIVOT)
        declare(game, a, u)
        pass_all(game)
        return len(rolled(game, u))

    def test_attack_side_adds_1_agility(self):
        """Attack side up: the U-wing (agility 1) rolls 2 defense dice at Range 2; without
        the card 1; on its Landing side 1."""
        assert self._defends([self.PIVOT]) == 2
        assert self._defends([]) == 1
        assert self._defends([self.PIVOT], flip_first=True) == 1

    def _setup_side(self, answer):
        """Setup with first answers, the Pivot Wing's side answered ``answer``: the side
        faceup once the game starts (0: Attack, 1: Landing)."""
        sc = Scene(ruleset="1e")
        sc.ship(RENEGADE, upgrades=[self.PIVOT])
        sc.ship(ACADEMY, player=2)
        game = Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards, ruleset="1e"))
        asked = False
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "use_ability" and "landing" in values(game):
                asked = True
                game.answer(answer)
            else:
                game.answer(d.options[0].key)
        assert asked
        return next(c[2] for c in game.state.ships["p1.1"].cards if c[1] == self.PIVOT)

    def test_side_chosen_as_the_ship_is_placed(self):
        """Reference card (1e), Dual Upgrade Cards: placing the U-wing its owner chooses
        the side faceup: Landing, or Attack."""
        assert self._setup_side("landing") == 1
        assert self._setup_side("attack") == 0

    def test_flip_after_a_maneuver(self):
        """After executing a maneuver the card may be flipped: it shows its Landing side."""
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 100, 0), upgrades=[self.PIVOT])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, u, "2FB")
        pass_until(game, "use_ability", u)
        game.answer("use")
        side = next(c[2] for c in game.state.ships[u].cards if c[1] == self.PIVOT)
        assert side == 1

    def test_landing_side_rotates_on_a_stop(self):
        """Landing side up, revealing a 0 stop: the U-wing may rotate 180 degrees."""
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0), upgrades=[self.PIVOT])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        from tallon.engine.effects import flip_upgrade
        from tallon.engine.rounds import Activate

        flip_upgrade(game, game.state.ships[u], self.PIVOT)
        game.state.ships[u].dial_set = "0OR"
        start_at(game, Activate(u), phase="activation")
        pass_until(game, "use_ability", u)
        game.answer("use")
        assert abs(game.state.ships[u].pose.heading % 360 - 180) < 1

    def test_attack_side_no_rotation(self):
        """Attack side up, the same 0 stop offers no rotation: the heading stays 0."""
        sc = Scene(ruleset="1e")
        u = sc.ship(RENEGADE, at=(400, 300, 0), upgrades=[self.PIVOT])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, u, "0OR")
        pass_all(game)
        assert abs(game.state.ships[u].pose.heading % 360) < 1


# ------------------------------------------------------------- Kylo Ren's Shuttle
class TestKyloRensShuttle:
    SHUTTLE = "1e-kylorensshuttle"

    def _end_of_combat(self, upgrades, enemy_stress=0):
        sc = Scene(ruleset="1e")
        sc.ship(STARKILLER, at=(400, 300, 0), upgrades=upgrades)
        t1 = sc.ship(ROOKIE, player=2, at=(400, Y[2] + 20, 180), stress=enemy_stress)
        t2 = sc.ship(ROOKIE, player=2, at=(500, Y[2] + 20, 180))
        game = sc.game()
        start_at(game, FireWindow.of("end_engagement"), phase="engagement")
        return game, t1, t2

    def test_owner_assigns_the_stress_to_another_ship(self):
        """The shuttle chooses the X-wing p2.1; its owner gives the stress token to the
        other X-wing, also at Range 1-2 of the shuttle."""
        game, t1, t2 = self._end_of_combat([self.SHUTTLE])
        assert game.decision.player == 1 and {t1, t2} <= set(values(game))
        assert "decline" not in values(game)
        game.answer(t1)
        assert game.decision.player == 2 and set(values(game)) == {t1, t2}
        game.answer(t2)
        ships = game.state.ships
        assert ships[t2].stressed and not ships[t1].stressed

    def test_stressed_ship_not_chosen(self):
        """With p2.1 stressed, the shuttle can only choose p2.2 (its owner is asked at
        once, p2.2 first); without the title nothing happens."""
        game, _t1, t2 = self._end_of_combat([self.SHUTTLE], enemy_stress=1)
        assert game.decision.player == 2
        assert values(game)[0] == t2
        plain, _p1, p2 = self._end_of_combat([])
        assert plain.decision is None
        assert not plain.state.ships[p2].stressed


# ------------------------------------------------------------ Lightweight Frame
class TestLightweightFrame:
    FRAME = "1e-lightweightframe"

    def _defends(self, upgrades, range_=2):
        """An X-wing rolls 3 hits against the Striker (agility 2); every defense die
        shows an evade."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        d = sc.ship(TRAINEE, player=2, at=(400, Y[range_], 180), upgrades=upgrades)
        game = engage(sc, a, ["hit"] * 3, ["evade"] * 4)
        declare(game, a, d)
        pass_all(game)
        return game

    def test_one_more_die_when_outnumbered(self):
        """3 attack dice against 2 defense dice: the Striker rolls 1 additional defense
        die; its 3 evades cancel every hit. Without the card 1 hit is left."""
        game = self._defends([self.FRAME])
        assert "the attack misses" in neutralized(game)
        plain = self._defends([])
        assert "1 hit(s)" in neutralized(plain)

    def test_not_when_as_many_defense_dice(self):
        """At Range 3 the Striker rolls 3 defense dice against 3: no additional die."""
        game = self._defends([self.FRAME], range_=3)
        assert not any("Lightweight Frame" in e["text"] for e in game.log)


# ------------------------------------------------------- Hyperwave Comm Scanner
class TestHyperwaveCommScanner:
    HYPERWAVE = "1e-hyperwavecommscanner"

    def _setup(self, upgrades):
        sc = Scene(ruleset="1e")
        sc.ship(STARKILLER, upgrades=upgrades)
        sc.ship(FO)
        sc.ship(ROOKIE, player=2)
        return Game(GameSetup(squads=sc._squads(), seed=0, cards=sc.cards, ruleset="1e"))

    def _placing_order(self, game, skill=None):
        order = []
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "place_ship":
                order.append(d.ship)
            if d.kind == "use_ability" and skill is not None and str(skill) in values(game):
                game.answer(str(skill))
                continue
            game.answer(d.options[0].key)
        return order

    def test_pilot_skill_12_places_him_last(self):
        """Treating his pilot skill as 12, the shuttle is placed after the TIE/fo (skill
        4); afterwards his pilot skill is 2 again."""
        game = self._setup([self.HYPERWAVE])
        order = self._placing_order(game, skill=12)
        assert order.index("p1.1") > order.index("p1.2")
        assert game.state.ships["p1.1"].current_initiative == 2

    def test_without_the_card_he_is_placed_first(self):
        """Without the card the shuttle (skill 2) is placed before the TIE/fo."""
        game = self._setup([])
        order = self._placing_order(game)
        assert order.index("p1.1") < order.index("p1.2")

    def _tokens_after_setup(self, upgrades, far: bool):
        """Setup with first answers, but the TIE/fo placed at the nearest or the farthest
        place offered along the edge; the shuttle's scanner assigns a focus token if it
        may."""
        game = self._setup(upgrades)
        while game.decision is not None and game.state.phase == "setup":
            d = game.decision
            if d.kind == "place_ship" and d.ship == "p1.2" and far:
                game.answer(max(d.options, key=lambda o: o.info["x"]).key)
            elif d.kind == "use_ability" and "focus" in values(game):
                game.answer("focus")
            else:
                game.answer(d.options[0].key)
        return game.state.ships["p1.2"]

    def test_token_to_a_friend_placed_near_him(self):
        """The TIE/fo placed beside the shuttle (Range 1-2) is assigned a focus token;
        without the card it has none."""
        assert self._tokens_after_setup([self.HYPERWAVE], far=False).has(Token.FOCUS)
        assert not self._tokens_after_setup([], far=False).has(Token.FOCUS)

    def test_no_token_to_a_friend_placed_far(self):
        """The TIE/fo placed at the far end of the edge, beyond Range 2: no token."""
        assert not self._tokens_after_setup([self.HYPERWAVE], far=True).has(Token.FOCUS)


# ---------------------------------------------------- I'll Show You the Dark Side
DARK = "1e-illshowyouthedarkside"


def _darkened(game, ship_id: str, card: str = "1e-core-blindedpilot") -> None:
    """Put player 2's condition on the ship with ``card`` on it (as assigning it would)."""
    from tallon.engine.state import ConditionCard

    ship = game.state.ships[ship_id]
    ship.conditions = (*ship.conditions, ConditionCard(DARK, 2, True))
    ship.remember(f"{DARK}:on:2", card)


class TestIllShowYouTheDarkSide:
    def _crit(self, shields, darkened=True):
        """An enemy TIE rolls 1 critical hit against an X-wing with ``shields`` shields;
        the X-wing's damage deck is stacked with a Direct Hit! on top."""
        from tallon.scene import stack_deck

        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), shields=shields)
        t = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, t, ["crit", "blank"], ["blank"] * 3)
        stack_deck(game, 1, ["1e-core-directhit"])
        if darkened:
            _darkened(game, x)
        declare(game, t, x)
        pass_all(game)
        return game.state.ships[x]

    def test_dealt_the_card_instead_of_critical_damage(self):
        """Without shields the critical hit deals the Blinded Pilot lying on the condition
        (faceup) instead of the deck's Direct Hit!; the condition leaves."""
        ship = self._crit(0)
        assert [(d.card, d.faceup) for d in ship.damage] == [("1e-core-blindedpilot", True)]
        assert not ship.conditions

    def test_without_the_condition_the_deck_card(self):
        """Without the condition the Direct Hit! is dealt."""
        ship = self._crit(0, darkened=False)
        assert [d.card for d in ship.damage] == ["1e-core-directhit"]

    def test_goes_through_shields(self):
        """With a shield left the critical hit is still critical damage: the Blinded Pilot
        is dealt instead of the shield being lost; the condition leaves."""
        ship = self._crit(1)
        assert [(d.card, d.faceup) for d in ship.damage] == [("1e-core-blindedpilot", True)]
        assert ship.shields == 1 and not ship.conditions

    def test_without_the_condition_the_shield_is_lost(self):
        """Without the condition the same critical hit removes the shield: no card."""
        ship = self._crit(1, darkened=False)
        assert not ship.damage and ship.shields == 0

    def test_not_outside_an_attack(self):
        """Critical damage outside an attack (suffered from an effect) is not replaced:
        the deck's Direct Hit! is dealt and the condition stays."""
        from tallon.engine.damage import SufferDamage
        from tallon.scene import stack_deck

        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), shields=0)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.game()
        stack_deck(game, 1, ["1e-core-directhit"])
        _darkened(game, x)
        start_at(game, SufferDamage(x, 0, 1, "an effect"), phase="activation")
        ship = game.state.ships[x]
        assert [d.card for d in ship.damage] == ["1e-core-directhit"]
        assert any(c.card == DARK for c in ship.conditions)

    def test_no_card_placed_removes_it(self):
        """Assigned by Kylo Ren's crew action and no card placed: the condition is
        removed at once."""
        sc = Scene(ruleset="1e")
        s = sc.ship(STARKILLER, at=(400, 300, 0), upgrades=["1e-kyloren"])
        x = sc.ship(ROOKIE, player=2, at=(400, Y[3] + 20, 180))
        from tallon.engine.actions import PerformAction

        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        game.answer("1e-kyloren:kyloren")
        if game.decision.kind == "use_ability" and x in values(game):
            game.answer(x)
        assert game.decision.player == 1 and "none" in values(game)
        game.answer("none")
        assert not game.state.ships[x].conditions


class TestKyloRenCrew:
    def _act(self, enemy_y):
        from tallon.engine.actions import PerformAction

        sc = Scene(ruleset="1e")
        s = sc.ship(STARKILLER, at=(400, 300, 0), upgrades=["1e-kyloren"])
        x = sc.ship(ROOKIE, player=2, at=(400, enemy_y, 180))
        game = sc.at(PerformAction(s, during_activation=True), phase="activation")
        return game, x

    def test_assigns_the_condition_at_range_3(self):
        """Action: the X-wing at Range 3 is assigned the condition with a Pilot damage card
        chosen by Kylo's player."""
        game, x = self._act(Y[3] + 20)
        assert "1e-kyloren:kyloren" in values(game)
        game.answer("1e-kyloren:kyloren")
        game.answer("1e-core-stunnedpilot")
        assert any(c.card == DARK for c in game.state.ships[x].conditions)

    def test_not_beyond_range_3(self):
        """The X-wing beyond Range 3: the action is not offered (no ship to choose)."""
        game, _x = self._act(850)
        assert "1e-kyloren:kyloren" not in values(game)


# -------------------------------------------------------------- Scavenger Crane
class TestScavengerCrane:
    CRANE = "1e-scavengercrane"
    TORPEDOES = "1e-protontorpedoes"

    def _kill(self, upgrades, range_=2, die="hit"):
        """The Quadjumper at (400, 300) has discarded its Proton Torpedoes; a friendly Z-95
        destroys a 1-hull TIE ahead of it, at Range 2 of the Quadjumper (or beyond Range
        2: both 300 mm to the side); the crane's die shows ``die``."""
        from tallon.cards.first_edition.ordnance_1e import discard_upgrade
        from tallon.dice import DieKind
        from tallon.engine.attack import Engage
        from tallon.scene import faces, load_dice

        side = 0 if range_ == 2 else 300
        sc = Scene(ruleset="1e")
        q = sc.ship("1e-quadjumper-jakkugunrunner", at=(400, 300, 0),
                    upgrades=[*upgrades, self.TORPEDOES])
        z = sc.ship("1e-z95headhunter-binayrepirate", at=(400 + side - 120, 300, 0))
        t = sc.ship(ACADEMY, player=2, at=(400 + side - 120, Y[2], 180), hull=1)
        game = sc.at(Engage(z))
        load_dice(game, ["hit", "hit"], (), then=faces(DieKind.DEFENSE, ["blank"] * 3)
                  + faces(DieKind.ATTACK, [die]))
        discard_upgrade(game, game.state.ships[q], self.TORPEDOES)
        declare(game, z, t)
        return game, q

    def test_flips_the_torpedoes_faceup(self):
        """The TIE is destroyed at Range 2: the crane flips the Proton Torpedoes faceup;
        its die shows a hit, so the crane stays."""
        game, q = self._kill([self.CRANE])
        pass_until(game, "use_ability", q)
        game.answer(self.TORPEDOES)
        pass_all(game)
        ship = game.state.ships[q]
        assert self.TORPEDOES in ship.upgrades and self.CRANE in ship.upgrades

    def test_blank_discards_the_crane(self):
        """Its die shows a blank: the torpedoes come back and the crane is discarded."""
        game, q = self._kill([self.CRANE], die="blank")
        pass_until(game, "use_ability", q)
        game.answer(self.TORPEDOES)
        pass_all(game)
        ship = game.state.ships[q]
        assert self.TORPEDOES in ship.upgrades and self.CRANE not in ship.upgrades

    def test_not_beyond_range_2_nor_without_it(self):
        """The TIE destroyed beyond Range 2, or no crane: the torpedoes stay discarded."""
        for upgrades, range_ in (([self.CRANE], 3), ([], 2)):
            game, q = self._kill(upgrades, range_=range_)
            kinds = pass_all(game)
            assert "use_ability" not in kinds
            assert self.TORPEDOES not in game.state.ships[q].upgrades
