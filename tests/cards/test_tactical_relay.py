"""Tactical Relay upgrades. Scenes on generic carriers (the scene does not check slots or
factions): Academy Pilots (TIE/ln, agility 3) and Red Squadron Veterans (T-65, 3 attack
dice). Player 1 sits at y = 0 facing +y; a ship straight ahead is in the bullseye arc;
ships 40 mm apart are at range 1, 240 mm at range 3, 340 mm at range 4."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import EndPhase
from tallon.engine.state import ActionSpec, Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import Hurt, modify_with, offers, skip_dice

CALC_BAR = (ActionSpec("calculate"), ActionSpec("lock"))


def ship(game, ship_id):
    return game.state.ships[ship_id]


def end_phase(sc):
    """The game at the End Phase's window, then the removal of tokens."""
    game = sc.game()
    start_at(game, FireWindow.of("end_phase"), EndPhase(), phase="end")
    return game


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


# ---------------------------------------------------------------------------- K2-B4
class TestK2B4:
    def scene(self, relay_x=420.0, calculate=1):
        """An enemy T-65 attacks the defender (player 2's TIE); the relay is a friend of
        the defender at ``relay_x`` (its range to the defender)."""
        sc = Scene()
        attacker = sc.ship("redsquadronveteran", at=(400, 300, 0))
        defender = sc.ship("academypilot", player=2, at=(400, 490, 180),
                           calculate=calculate)
        sc.ship("academypilot", player=2, at=(relay_x, 800, 180), upgrades=["k2b4"])
        return sc, attacker, defender

    def attack(self, sc, attacker, defender):
        game = sc.at(Engage(attacker))
        load_dice(game, ["hit", "blank", "blank"], ["blank", "blank", "blank"])
        declare(game, attacker, defender)
        skip_dice(game, "modify_defense_dice", defender)
        return game

    def test_the_attacker_lets_the_evade_be_added(self):
        """The defender (range 3 of the relay) spends its calculate token; the attacker
        declines the strain token: an evade is added and the hit is canceled."""
        sc, attacker, defender = self.scene()
        game = self.attack(sc, attacker, defender)
        modify_with(game, "k2b4")
        assert game.decision.kind == "use_ability" and game.decision.player == 1
        game.answer("allow")
        assert not ship(game, defender).has(Token.CALCULATE)
        skip_dice(game)
        assert "0 hit(s)" in neutralized(game)

    def test_the_attacker_takes_strain_instead(self):
        sc, attacker, defender = self.scene()
        game = self.attack(sc, attacker, defender)
        modify_with(game, "k2b4")
        game.answer("strain")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert ship(game, attacker).has(Token.STRAIN)
        assert not ship(game, defender).has(Token.CALCULATE)

    def test_not_beyond_range_3_nor_without_a_calculate_token(self):
        for relay_x, calculate in ((820.0, 1), (420.0, 0)):
            sc, attacker, defender = self.scene(relay_x, calculate)
            game = sc.at(Engage(attacker))
            load_dice(game, ["hit", "blank", "blank"], ["blank", "blank", "blank"])
            declare(game, attacker, defender)
            assert not offers(game, "k2b4")
            skip_dice(game)
            assert "1 hit(s)" in neutralized(game)


# --------------------------------------------------------------------------- Kalani
class TestKalani:
    def scene(self, enemy_x=400.0):
        sc = Scene()
        relay = sc.ship("academypilot", at=(100, 300, 0), upgrades=["kalani"])
        friend = sc.ship("academypilot", at=(400, 300, 0))
        enemy = sc.ship("academypilot", player=2, at=(enemy_x, 700, 180))
        return sc, relay, friend, enemy

    def test_the_friend_locks_the_enemy_and_gains_stress(self):
        """An enemy ends a [2 straight] in a friendly ship's bullseye arc at range 2-3:
        Kalani spends a charge; the friend locks the enemy and gains a stress token."""
        sc, relay, friend, enemy = self.scene()
        game = sc.at(ExecuteManeuver(enemy, "2FW"), phase="activation")
        assert game.decision.kind == "use_ability"
        assert [o.key for o in game.decision.options] == [friend, "decline"]
        game.answer(friend)
        f = ship(game, friend)
        assert enemy in f.locks and f.stressed
        assert ship(game, relay).charges["kalani"].active == 2

    def test_not_outside_the_bullseye_arc(self):
        sc, _relay, friend, enemy = self.scene(enemy_x=520.0)
        game = sc.at(ExecuteManeuver(enemy, "2FW"), phase="activation")
        assert game.decision is None and not ship(game, friend).locks

    def test_not_for_a_friendly_ship_moving(self):
        sc, _relay, friend, _enemy = self.scene()
        game = sc.at(ExecuteManeuver(friend, "1FW"), phase="activation")
        assert game.decision is None


# --------------------------------------------------------------------------- Kraken
class TestKraken:
    def test_a_chosen_ship_keeps_one_calculate_token(self):
        """In the End Phase the relay chooses a friendly ship at range 0-3 with 2 calculate
        tokens: it keeps 1 of them (and its focus token goes)."""
        sc = Scene()
        relay = sc.ship("academypilot", at=(100, 300, 0), upgrades=["kraken"], calculate=1)
        friend = sc.ship("academypilot", at=(300, 300, 0), calculate=2, focus=1)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = end_phase(sc)
        assert game.decision.kind == "use_ability"
        game.answer(friend)
        # another ship? the relay itself could keep one too
        assert [o.key for o in game.decision.options] == [relay, "decline"]
        game.answer("decline")
        assert ship(game, friend).count(Token.CALCULATE) == 1
        assert not ship(game, friend).has(Token.FOCUS)
        assert not ship(game, relay).has(Token.CALCULATE)

    def test_not_beyond_range_3(self):
        sc = Scene()
        sc.ship("academypilot", at=(100, 300, 0), upgrades=["kraken"])
        friend = sc.ship("academypilot", at=(500, 300, 0), calculate=2)
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = end_phase(sc)
        assert game.decision is None and not ship(game, friend).has(Token.CALCULATE)


# --------------------------------------------------------------------------- TA-175
class TestTA175:
    def test_a_lost_droid_gives_calculate_tokens(self):
        """A friendly ship with calculate on its bar is destroyed at range 1: each friendly
        ship at range 0-3 with calculate on its bar (the relay too) gains a calculate
        token; one without calculate on its bar gains none."""
        sc = Scene()
        relay = sc.ship("academypilot", at=(100, 300, 0), upgrades=["ta175"],
                        actions=CALC_BAR)
        lost = sc.ship("academypilot", at=(200, 300, 0), actions=CALC_BAR)
        droid = sc.ship("academypilot", at=(300, 300, 0), actions=CALC_BAR)
        plain = sc.ship("academypilot", at=(150, 400, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Hurt(lost, hits=3), phase="activation")
        assert ship(game, lost).removed
        assert ship(game, relay).has(Token.CALCULATE) and ship(game, droid).has(Token.CALCULATE)
        assert not ship(game, plain).has(Token.CALCULATE)

    def test_not_for_a_ship_without_calculate_on_its_bar(self):
        sc = Scene()
        relay = sc.ship("academypilot", at=(100, 300, 0), upgrades=["ta175"],
                        actions=CALC_BAR)
        lost = sc.ship("academypilot", at=(200, 300, 0))
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(Hurt(lost, hits=3), phase="activation")
        assert ship(game, lost).removed and not ship(game, relay).has(Token.CALCULATE)


# ---------------------------------------------------------------------------- TV-94
class TestTV94:
    def scene(self, attacker="academypilot", x=400.0, calculate=1):
        sc = Scene()
        me = sc.ship(attacker, at=(400, 300, 0), calculate=calculate)
        sc.ship("academypilot", at=(100, 300, 0), upgrades=["tv94"])
        sc.ship("academypilot", player=2, at=(x, 490, 180))
        return sc, me

    def test_two_dice_in_the_bullseye_add_a_hit(self):
        """A TIE (2 attack dice) at range 3 of the relay attacks a defender in its bullseye
        arc: it spends its calculate token to add a hit result."""
        sc, me = self.scene()
        game = sc.at(Engage(me))
        load_dice(game, ["blank", "blank"], ["blank", "blank", "blank"])
        declare(game, me, "p2.1")
        modify_with(game, "tv94")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert not ship(game, me).has(Token.CALCULATE)

    def test_not_with_three_dice_outside_the_bullseye_or_without_calculate(self):
        for attacker, x, calculate in (("redsquadronveteran", 400.0, 1),
                                       ("academypilot", 460.0, 1),
                                       ("academypilot", 400.0, 0)):
            sc, me = self.scene(attacker, x, calculate)
            game = sc.at(Engage(me))
            load_dice(game, ["blank"] * 3, ["blank"] * 3)
            declare(game, me, "p2.1")
            assert not offers(game, "tv94"), (attacker, x, calculate)


class TestTV94Calculator:
    def test_the_dice_catalogue_adds_a_hit_only_to_two_dice_or_fewer(self):
        """The exact calculator's TV-94: spend 1 calculate token to add a hit, offered for
        2 attack dice and not for 3."""
        from tallon.dice import DieKind, Face, Role, Situation, Tokens, lookup
        from tallon.dice.pool import DicePool

        ability = lookup("tv94").make()
        for dice, offered in ((2, True), (3, False)):
            pool = DicePool.of(DieKind.ATTACK, *([Face.BLANK] * dice))
            situation = Situation(Role.ATTACKER, DieKind.ATTACK, pool.counts(),
                                  Tokens({"calculate": 1}), Tokens({}))
            assert bool(ability.options(situation)) is offered
