"""Firespray-class patrol craft pilots of the Scum and Villainy and the Separatist Alliance
(firesprayclasspatrolcraft_2.py): each card in a scene built for it, compared with the same
scene without the card, and where it must not act.

Player 1 sits at y = 0 facing +y; player 2 at y = 914.4 facing -y. A range band is 100 mm;
the Firespray has a medium (60 mm) base."""

from __future__ import annotations

from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import SystemTurn
from tallon.engine.state import Token
from tallon.scene import Scene, declare, load_dice, start_at
from tests.cards.helpers import (
    answer,
    engage,
    finish,
    modify_with,
    offers,
    rolled,
    skip_dice,
    skip_to,
    values,
)


# ------------------------------------------------------------------ Boba Fett (Scum)
class TestBobaFett:
    @staticmethod
    def attack(second_x: float = 480):
        sc = Scene()
        boba = sc.ship("bobafett", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 430, 180))
        sc.ship("academypilot", player=2, at=(second_x, 420, 180))
        game = engage(sc, boba, ["blank"] * 4, ["blank"] * 3, rerolls=["hit", "hit"])
        declare(game, boba, tie)
        return game, boba, tie

    def test_two_enemies_near_reroll_two_dice(self):
        """Two TIEs at range 1 of Boba: attacking, he may reroll up to 2 of his dice (two
        blanks become hits, the TIE suffers 2 damage)."""
        game, boba, tie = self.attack()
        skip_to(game, "modify_attack_dice", boba)
        modify_with(game, "bobafett", "2")
        finish(game)
        assert len(game.state.ships[tie].damage) == 2

    def test_one_enemy_near_reroll_one_die(self):
        """The second TIE is beyond range 1: only 1 die may be rerolled."""
        game, boba, tie = self.attack(second_x=900)
        skip_to(game, "modify_attack_dice", boba)
        assert not any("2" in o.label for o in game.decision.options
                       if (o.info or {}).get("source") == "bobafett")
        modify_with(game, "bobafett")
        finish(game)
        assert len(game.state.ships[tie].damage) == 1

    def test_without_it_no_damage(self):
        """Not used: 4 blanks, no damage."""
        game, _boba, tie = self.attack()
        finish(game)
        assert not game.state.ships[tie].damage


# ------------------------------------------------------------------ Emon Azzameen
class TestEmonAzzameen:
    @staticmethod
    def turn(pilot: str):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 300, 0), upgrades=["protonbombs"])
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.game()
        start_at(game, SystemTurn(me), phase="system")
        return game

    def test_three_speed_templates_instead(self):
        """Emon drops Proton Bombs: besides the [1 straight] template he may use the [3 turn
        left], [3 straight] or [3 turn right]; with [3 straight] the bomb lies 120 mm
        behind his base."""
        game = self.turn("emonazzameen")
        assert values(game) == ["1F", "3T", "3F", "3Y", "decline"]
        game.answer("3F")
        assert game.state.devices[0].pose.y == 300 - 30 - 120

    def test_other_pilot_only_the_cards_template(self):
        """A Bounty Hunter (no ability) drops it with the [1 straight] template only."""
        game = self.turn("bountyhunter")
        assert values(game) == ["1F", "decline"]


# ------------------------------------------------------------------- Kath Scarlet
class TestKathScarlet:
    @staticmethod
    def attack(friend: str = "bountyhunter", friend_y: float = 478):
        sc = Scene()
        kath = sc.ship("kathscarlet", at=(300, 200, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 430, 180))
        sc.ship(friend, at=(400, friend_y, 180))
        game = sc.attack(kath, tie, dice=["blank"] * 5, defense=["blank"] * 3)
        finish(game)
        return len(rolled(game, kath))

    def test_one_more_die_with_a_non_limited_friend_touching_the_defender(self):
        """A friendly Bounty Hunter (non-limited) touches the TIE: Kath rolls 3 + 1 dice at
        range 2."""
        assert self.attack() == 4

    def test_not_with_a_limited_friend(self):
        """The friend touching the TIE is Boba Fett (limited): 3 dice."""
        assert self.attack(friend="bobafett") == 3

    def test_not_when_the_friend_is_away(self):
        """The Bounty Hunter is not at range 0 of the TIE: 3 dice."""
        assert self.attack(friend_y=800) == 3


# ------------------------------------------------------------------- Koshka Frost
class TestKoshkaFrost:
    @staticmethod
    def attack(stress: int):
        sc = Scene()
        koshka = sc.ship("koshkafrost", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 530, 180), stress=stress)
        game = engage(sc, koshka, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"])
        declare(game, koshka, tie)
        return game, koshka, tie

    def test_reroll_against_a_stressed_enemy(self):
        """The TIE is stressed: Koshka rerolls a blank into a hit."""
        game, koshka, tie = self.attack(1)
        skip_to(game, "modify_attack_dice", koshka)
        modify_with(game, "koshkafrost")
        finish(game)
        assert len(game.state.ships[tie].damage) == 1

    def test_not_against_an_unstressed_enemy(self):
        """The TIE is not stressed: no reroll is offered."""
        game, _koshka, tie = self.attack(0)
        assert not offers(game, "koshkafrost")
        finish(game)
        assert not game.state.ships[tie].damage


# ---------------------------------------------------------------- Krassis Trelix
class TestKrassisTrelix:
    @staticmethod
    def scene(pilot: str):
        sc = Scene()
        me = sc.ship(pilot, at=(400, 500, 0), upgrades=["protontorpedoes"], locks=["p2.1"])
        tie = sc.ship("academypilot", player=2, at=(400, 300, 0))
        return sc.at(Engage(me)), me, tie

    def test_front_torpedoes_from_the_rear_arc(self):
        """A TIE sits behind Krassis at range 1-2, locked: he may fire his Proton Torpedoes
        ([Front Arc]) at it from his rear arc."""
        game, _me, _tie = self.scene("krassistrelix")
        assert "protontorpedoes" in [(o.info or {}).get("weapon") for o in
                                     game.decision.options]

    def test_another_pilot_cannot(self):
        """A Bounty Hunter in the same place can only use its rear primary weapon."""
        game, _me, _tie = self.scene("bountyhunter")
        assert "protontorpedoes" not in [(o.info or {}).get("weapon") for o in
                                         game.decision.options]

    def test_special_attack_reroll(self):
        """His torpedo attack: he may reroll 1 attack die (a blank becomes a hit)."""
        game, me, tie = self.scene("krassistrelix")
        load_dice(game, ["hit", "hit", "hit", "blank"])
        declare(game, me, tie, "protontorpedoes")
        skip_to(game, "modify_attack_dice", me)
        assert offers(game, "krassistrelix")

    def test_no_reroll_in_a_primary_attack(self):
        """His primary attack: the reroll is not offered."""
        game, me, tie = self.scene("krassistrelix")
        load_dice(game, ["blank"] * 4, ["blank"] * 3)
        declare(game, me, tie, "primary:rear")
        assert not offers(game, "krassistrelix")
        skip_dice(game)


# ------------------------------------------------------------ Hondo Ohnaka (pilot)
class TestHondoOhnaka:
    @staticmethod
    def scene(tie_y: float = 600):
        sc = Scene()
        hondo = sc.ship("hondoohnaka", at=(400, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, tie_y, 180), stress=1)
        game = sc.at(PerformAction(hondo, during_activation=True), phase="activation")
        return game, hondo, tie

    def test_both_act_then_calculate(self):
        """Hondo chooses himself and a stressed enemy TIE at range 2: he
        focuses, then the TIE performs a lock action from Hondo's bar even while stressed;
        then Hondo gains 1 calculate token."""
        game, hondo, tie = self.scene()
        answer(game, "perform_action", "hondoohnaka", hondo)
        answer(game, "card_action", f"{hondo}+{tie}", hondo)
        answer(game, "perform_action", "focus", hondo)
        assert game.decision.kind == "perform_action" and game.decision.ship == tie
        assert "lock" in values(game) and "evade" not in values(game)
        answer(game, "perform_action", "lock", tie)
        answer(game, "lock_target", hondo, tie)
        ship = game.state.ships[hondo]
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.CALCULATE) == 1
        assert game.state.ships[tie].locks == [hondo]

    def test_no_pair_beyond_range_3(self):
        """The only enemy ship is beyond range 3: no pair of ships not friendly to each
        other, so the action fails: nothing to choose, no calculate token."""
        game, hondo, _ = self.scene(tie_y=850)
        answer(game, "perform_action", "hondoohnaka", hondo)
        assert game.decision is None or game.decision.kind != "card_action"
        assert not game.state.ships[hondo].has(Token.CALCULATE)


# ============================================================ Separatist Alliance
class TestJangoFett:
    @staticmethod
    def attack(mine: str, theirs: str):
        sc = Scene()
        jango = sc.ship("jangofett", at=(400, 300, 0))
        enemy = sc.ship("redsquadronveteran", player=2, at=(400, 530, 180))
        game = sc.at(Engage(jango))
        for ship, dial in ((jango, mine), (enemy, theirs)):
            game.state.ships[ship].dial_set = dial
            game.state.ships[ship].dial_revealed = True
        game.state.ships[enemy].tokens[Token.FOCUS] = 1
        load_dice(game, ["hit", "blank", "blank"], ["focus", "blank"])
        declare(game, jango, enemy)
        return game, jango, enemy

    def test_easier_maneuver_turns_the_enemy_focus_blank(self):
        """Jango revealed a blue maneuver, the X-wing a white one: before the X-wing may
        spend its focus token, Jango changes its focus result to a blank; the X-wing's
        focus token then has nothing to change and the hit takes a shield."""
        game, jango, enemy = self.attack("2FB", "2BW")
        skip_to(game, "modify_defense_dice", jango)
        modify_with(game, "jangofett")
        assert not offers(game, "focus")
        finish(game)
        assert game.state.ships[enemy].shields == 1

    def test_not_when_the_difficulty_is_the_same(self):
        """Both revealed white maneuvers: not offered; the X-wing spends its focus token
        for an evade and the hit is canceled."""
        game, _jango, enemy = self.attack("2BW", "2BW")
        skip_to(game, "modify_defense_dice")
        assert not offers(game, "jangofett")
        modify_with(game, "focus")
        finish(game)
        assert game.state.ships[enemy].shields == 2

    def test_not_when_his_maneuver_is_harder(self):
        """Jango revealed a red maneuver, the X-wing a blue one: not offered."""
        game, _jango, _enemy = self.attack("3ER", "2FB")
        skip_to(game, "modify_defense_dice")
        assert not offers(game, "jangofett")


class TestBobaFettSeparatist:
    @staticmethod
    def attack(friend_x: float | None = None):
        sc = Scene()
        boba = sc.ship("bobafett-firesprayclasspatrolcraft", at=(400, 300, 0))
        if friend_x is not None:
            sc.ship("separatistracketeer", at=(friend_x, 300, 0))
        tie = sc.ship("academypilot", player=2, at=(400, 530, 180))
        game = sc.attack(tie, boba, dice=["hit", "hit"], defense=["blank", "blank"])
        return game, boba

    def test_alone_a_blank_becomes_a_focus(self):
        """No other friendly ship at range 0-2: defending, Boba changes a blank to a focus
        (which his focus token then turns into an evade: 1 damage instead of 2)."""
        game, boba = self.attack()
        game.state.ships[boba].tokens[Token.FOCUS] = 1
        skip_to(game, "modify_defense_dice", boba)
        modify_with(game, "bobafett-firesprayclasspatrolcraft")
        modify_with(game, "focus")
        finish(game)
        assert game.state.ships[boba].shields == 3

    def test_not_with_a_friend_near(self):
        """A friendly Firespray at range 1: not offered."""
        game, _boba = self.attack(friend_x=520)
        assert not offers(game, "bobafett-firesprayclasspatrolcraft")
        finish(game)


class TestAurraSing:
    @staticmethod
    def scene(second_x: float = 470, force: int = 1):
        sc = Scene()
        aurra = sc.ship("aurrasing", at=(400, 300, 0), force=force)
        a = sc.ship("academypilot", player=2, at=(350, 400, 180), stress=2, jam=1)
        b = sc.ship("academypilot", player=2, at=(second_x, 400, 180), focus=1)
        return sc.at(Engage(aurra)), aurra, a, b

    def test_transfer_tokens_from_one_enemy_to_the_other(self):
        """Before engaging Aurra spends 1 Force and moves both stress tokens of one TIE to
        the other (not the green focus token), then stops."""
        game, aurra, a, b = self.scene()
        answer(game, "use_ability", f"{a}+{b}", aurra)
        keys = values(game)
        assert f"{a}>{b}:token:stress" in keys and f"{b}>{a}:token:focus" not in keys
        answer(game, "use_ability", f"{a}>{b}:token:stress", aurra)
        # it cannot go back the way a stress token went
        assert f"{b}>{a}:token:stress" not in values(game)
        answer(game, "use_ability", f"{a}>{b}:token:stress", aurra)
        answer(game, "use_ability", "done", aurra)
        assert game.state.ships[a].count(Token.STRESS) == 0
        assert game.state.ships[b].count(Token.STRESS) == 2
        assert game.state.ships[a].count(Token.JAM) == 1
        assert game.state.ships[aurra].force == 0

    def test_not_without_two_enemies_near(self):
        """The second TIE is beyond range 1: nothing is offered; the tokens stay."""
        game, _aurra, a, _ = self.scene(second_x=800)
        assert game.decision.kind == "declare_attack"
        assert game.state.ships[a].count(Token.STRESS) == 2

    def test_not_without_force(self):
        """No Force: nothing is offered."""
        game, _aurra, _a, _b = self.scene(force=0)
        assert game.decision.kind == "declare_attack"
