"""First-edition pilots of the Ghost, Imperial Veterans, Heroes of the Resistance and C-ROC
Cruiser expansion packs. Player 1 at (400, 300) facing +y; a small ship ahead at y = 380 /
490 / 550 is at Range 1 / 2 / 3 (large bases reach farther). Generic carriers: Rookie
Pilots (X-wing), Academy Pilots (TIE fighter)."""

from __future__ import annotations

from dataclasses import dataclass

from tallon.engine.attack import Engage
from tallon.engine.decisions import Decision
from tallon.engine.effects import acquire_lock
from tallon.engine.game import Game
from tallon.engine.rounds import StartEngagement
from tallon.engine.setup import _place_forces_step
from tallon.engine.state import DamageCard, Token
from tallon.engine.steps import Step
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.cards.first_edition.helpers_1e import ever_offers, neutralized
from tests.cards.first_edition.test_pilots_wave1 import declare
from tests.cards.helpers import (
    Give,
    activation,
    dice_count,
    engage,
    finish,
    modify_with,
    offers,
    pass_all,
    pass_until,
    rolled,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE, ACADEMY = "1e-xwing-rookiepilot", "1e-tiefighter-academypilot"
T70 = "1e-t70xwing-bluesquadronnovice"
POE = "1e-t70xwing-poedameron-swx57"
M3A = "1e-m3ainterceptor-cartelspacer"


JESS, REY = "1e-t70xwing-jesspava", "1e-yt1300-rey"


@dataclass(frozen=True)
class LockForTest1e(Step):
    """The ship acquires a target lock (as an action or a card would)."""

    ship_id: str
    target: str

    def run(self, game: Game) -> Decision | None:
        acquire_lock(game, game.state.ships[self.ship_id], self.target)
        return None


def duel(attacker: str, defender: str = ROOKIE, range_: int = 2, up=(), down=(),
         heading: float = 180.0, **setup):
    sc = Scene(ruleset="1e")
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=list(up), **setup)
    d = sc.ship(defender, player=2, at=(400, Y[range_], heading), upgrades=list(down))
    return sc, a, d


# ------------------------------------------------------------------ Hera Syndulla
class TestHeraSyndulla:
    def fly(self, pilot: str, dial: str):
        sc = Scene(ruleset="1e")
        hera = sc.ship(pilot, at=(400, 200, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, hera, dial), hera

    def test_a_red_maneuver_rotated_to_another_red_one(self):
        """Hera (attack shuttle) reveals a red [1 turn left]: she may rotate her dial to
        another red maneuver of her dial ([3 turn right]), which she executes."""
        game, hera = self.fly("1e-attackshuttle-herasyndulla", "1TR")
        pass_until(game, "use_ability", hera)
        assert set(values(game)) - {"decline"} == {"1YR", "3TR", "3YR", "4KR"}
        game.answer("3YR")
        assert game.state.ships[hera].dial_set == "3YR"

    def test_green_to_green_on_the_vcx(self):
        """Hera (VCX-100) reveals a green [1 straight]: she may pick another green one."""
        game, hera = self.fly("1e-vcx100-herasyndulla", "1FB")
        pass_until(game, "use_ability", hera)
        assert "2FB" in values(game) and "3FW" not in values(game)

    def test_not_for_a_white_maneuver(self):
        """A white maneuver: nothing offered (her Perform Action step comes)."""
        game, _hera = self.fly("1e-attackshuttle-herasyndulla", "2TW")
        assert game.decision.kind == "perform_action"


# ------------------------------------------------------------------- TIE fighters
class TestScourge:
    def test_one_more_die_against_a_damaged_defender(self):
        """Scourge (attack 2) attacks an X-wing with a facedown damage card: 3 dice; an
        undamaged X-wing: 2."""
        for damage, count in (((DamageCard("1e-core-directhit", False, 99),), 3), ((), 2)):
            sc, a, d = duel("1e-tiefighter-scourge")
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 2)
            game.state.ships[d].damage = damage
            declare(game)
            skip_dice(game)
            assert dice_count(game, 0) == count


class TestWampa:
    def attack(self, dice):
        sc, a, d = duel("1e-tiefighter-wampa")
        game = engage(sc, a, dice, ["blank"] * 2)
        game.state.ships[d].shields = 0
        declare(game)
        skip_dice(game, "use_ability", a)
        return game, a, d

    def test_cancel_all_with_a_crit_deals_a_facedown_card(self):
        """FAQ (1e) errata "Wampa": at the start of the Compare Results step he cancels his
        hit and critical hit: the attack deals nothing, but the canceled critical hit deals
        1 facedown damage card. Declining: 2 damage cards."""
        game, _a, d = self.attack(["hit", "crit"])
        game.answer("use")
        finish(game)
        damage = game.state.ships[d].damage
        assert len(damage) == 1 and not damage[0].faceup
        game, _a, d = self.attack(["hit", "crit"])
        game.answer("decline")
        finish(game)
        assert len(game.state.ships[d].damage) == 2

    def test_cancel_without_a_crit_deals_nothing(self):
        """He cancels 2 hits: no damage card at all."""
        game, _a, d = self.attack(["hit", "hit"])
        game.answer("use")
        finish(game)
        assert not game.state.ships[d].damage

    def test_not_while_defending(self):
        """Wampa defends: his ability is not offered."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        w = sc.ship("1e-tiefighter-wampa", player=2, at=(400, Y[2], 180))
        game = engage(sc, a, ["hit"] * 3, ["blank"] * 3)
        declare(game)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and game.state.ships[w].damage


class TestChaser:
    def spend(self, x: float):
        sc = Scene(ruleset="1e")
        friend = sc.ship(ACADEMY, at=(400, 300, 0), focus=1)
        chaser = sc.ship("1e-tiefighter-chaser", at=(x, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = engage(sc, friend, ["focus", "blank", "blank"], ["blank"] * 2)
        declare(game)
        pass_until(game, "modify_attack_dice", friend)
        modify_with(game, "focus")
        finish(game)
        return game.state.ships[chaser]

    def test_a_friend_at_range_1_spends_focus(self):
        """An Academy Pilot at Range 1 of Chaser spends its focus token: Chaser is assigned
        a focus token."""
        assert self.spend(480.0).count(Token.FOCUS) == 1

    def test_not_beyond_range_1(self):
        """The friend is at Range 3: Chaser gets nothing."""
        assert self.spend(800.0).count(Token.FOCUS) == 0


# ------------------------------------------------------------------ attack shuttle
class TestEzraBridger:
    def attack(self, **setup):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        e = sc.ship("1e-attackshuttle-ezrabridger", player=2, at=(400, Y[2], 180), **setup)
        game = engage(sc, a, ["hit", "hit", "blank"], ["focus", "focus"])
        declare(game, e)
        return game, e

    def test_stressed_two_focus_to_evades(self):
        """Ezra, stressed, defends with 2 focus results: he changes both to evades and the
        2 hits are canceled."""
        game, e = self.attack(stress=1)
        pass_until(game, "modify_defense_dice", e)
        modify_with(game, "1e-attackshuttle-ezrabridger")
        finish(game)
        assert "0 hit(s)" in neutralized(game) or "miss" in neutralized(game)

    def test_not_unstressed(self):
        """Not stressed: the ability is not offered."""
        game, _e = self.attack()
        assert not ever_offers(game, "1e-attackshuttle-ezrabridger")


class TestSabineWren:
    def fly(self, **setup):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-attackshuttle-sabinewren", at=(400, 200, 0), **setup)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, s, "2FB"), s

    def test_boost_or_barrel_roll_before_revealing(self):
        """Before her dial is revealed she may perform a free boost or barrel roll."""
        game, s = self.fly()
        assert game.decision.kind == "use_ability" and game.decision.ship == s
        assert {"boost", "barrel_roll"} <= set(values(game))
        assert not game.state.ships[s].dial_revealed
        game.answer("boost")
        game.answer("straight")
        # boosted along the [1 straight] template before her [2 straight]: 80 mm farther
        pass_all(game)
        boosted = game.state.ships[s].pose.y
        game, s = self.fly()
        game.answer("decline")
        pass_all(game)
        assert abs(boosted - game.state.ships[s].pose.y - 80.0) < 1.0

    def test_not_while_stressed(self):
        """Stressed, she can perform no free action: nothing offered before the reveal."""
        game, _s = self.fly(stress=1)
        assert game.decision.kind != "use_ability"


class TestZebOrrelios:
    def test_crits_canceled_first(self):
        """Zeb defends against a hit and a critical hit with 1 evade: the critical hit is
        canceled and only the hit remains (without him, hits are canceled first: see
        test_not_when_attacking)."""
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0))
        z = sc.ship("1e-attackshuttle-zeborrelios", player=2, at=(400, Y[2], 180), shields=0)
        game = engage(sc, a, ["hit", "crit", "blank"], ["evade", "blank"])
        game.state.ships[z].shields = 0
        declare(game, z)
        finish(game)
        assert "1 hit(s), 0 critical" in neutralized(game)

    def test_not_when_attacking(self):
        """Attacking, Zeb's dice are canceled normally (hits first)."""
        sc = Scene(ruleset="1e")
        z = sc.ship("1e-attackshuttle-zeborrelios", at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, z, ["hit", "crit", "blank"], ["evade", "blank", "blank"])
        declare(game)
        finish(game)
        assert "0 hit(s), 1 critical" in neutralized(game)


# ------------------------------------------------------------------------ VCX-100
class TestChopper:
    def test_touching_enemies_receive_stress(self):
        """At the start of the Combat phase an enemy ship touching "Chopper" receives a
        stress token; one at Range 2 does not."""
        sc = Scene(ruleset="1e")
        sc.ship("1e-vcx100-chopper", at=(400, 300, 0))
        near = sc.ship(ACADEMY, player=2, at=(400, 359.8, 180))
        far = sc.ship(ACADEMY, player=2, at=(200, 600, 180))
        game = sc.at(StartEngagement())
        pass_all(game)
        assert game.state.ships[near].stressed and not game.state.ships[far].stressed


class TestKananJarrus:
    def attack(self, kanan_x: float, **setup):
        sc = Scene(ruleset="1e")
        kanan = sc.ship("1e-vcx100-kananjarrus", at=(kanan_x, 300, 0), focus=1, **setup)
        friend = sc.ship(ROOKIE, at=(400, 300, 0))
        enemy = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, enemy, ["hit", "hit", "hit"], ["blank"] * 2)
        declare(game, friend)
        return game, kanan

    def test_the_attacker_rolls_one_fewer_die(self):
        """An Academy Pilot at Range 1-2 of Kanan attacks his friend at Range 2: Kanan spends
        his focus token and it rolls 1 die instead of 2."""
        game, kanan = self.attack(250.0)
        pass_until(game, "use_ability", kanan)
        game.answer("use")
        skip_dice(game)
        assert dice_count(game, 0) == 1
        assert not game.state.ships[kanan].has(Token.FOCUS)

    def test_not_beyond_range_2(self):
        """Kanan is far from the attacker: nothing offered, 2 dice rolled."""
        game, _kanan = self.attack(900.0)
        kinds = pass_all(game)
        assert "use_ability" not in kinds and dice_count(game, 0) == 2


# ------------------------------------------------------------------------ TIE bomber
class TestDeathfire:
    def fly(self, pilot: str, up=()):
        sc = Scene(ruleset="1e")
        s = sc.ship(pilot, at=(400, 300, 0), upgrades=list(up))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, s, "2FW"), s

    def test_a_bomb_action_as_a_free_action_on_reveal(self):
        """Deathfire with a Conner Net ("Action: discard this card to drop"): revealing his
        dial he may perform its action as a free action."""
        game, s = self.fly("1e-tiebomber-deathfire", ["1e-connernet"])
        pass_until(game, "use_ability", s)
        assert "1e-connernet:drop" in values(game)
        game.answer("1e-connernet:drop")
        # the net lies behind him, dropped before his maneuver; his own action still comes
        assert [d.card for d in game.state.devices] == ["1e-connernet"]
        assert "1e-connernet" not in game.state.ships[s].upgrades
        assert game.decision.kind == "perform_action"

    def test_a_faceup_damage_cards_action_is_not_a_bomb_action(self):
        """Deathfire with a Conner Net and a faceup Structural Damage (whose "Action:" is
        the damage card's, not an upgrade's): revealing his dial only the net's action is
        offered as his free action."""
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-tiebomber-deathfire", at=(400, 300, 0), upgrades=["1e-connernet"],
                    damage=(DamageCard("1e-core-structuraldamage", True, 1),))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        game = activation(sc, s, "2FW")
        pass_until(game, "use_ability", s)
        offered = values(game)
        assert "1e-connernet:drop" in offered
        assert not any("structuraldamage" in key for key in offered)

    def test_not_without_a_bomb_action(self):
        """A Scimitar Squadron Pilot with the Conner Net: no free action offered."""
        game, _s = self.fly("1e-tiebomber-scimitarsquadronpilot", ["1e-connernet"])
        assert game.decision.kind == "perform_action"


# ----------------------------------------------------------------------- TIE Defender
class TestMaarekStele:
    def test_the_faceup_card_is_chosen_among_3(self):
        """Maarek's critical hit would deal a faceup card: 3 are drawn and he chooses."""
        sc, a, d = duel("1e-tiedefender-maarekstele")
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank", "blank"])
        game.state.ships[d].shields = 0
        stack_deck(game, 2, ["1e-core-directhit", "1e-core-damagedengine",
                             "1e-core-consolefire"])
        declare(game)
        skip_dice(game, "maarek_damage_card")
        game.answer("1e-core-consolefire")
        finish(game)
        assert [c.card for c in game.state.ships[d].damage] == ["1e-core-consolefire"]

    def test_faq_leebo_not_for_a_hit(self):
        """A regular hit deals a facedown card with no choice (FAQ (1e) "Leebo": only a
        faceup card is chosen)."""
        sc, a, d = duel("1e-tiedefender-maarekstele")
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank", "blank"])
        game.state.ships[d].shields = 0
        declare(game)
        skip_dice(game)
        finish(game)
        assert len(game.state.ships[d].damage) == 1


class TestCountessRyad:
    def fly(self, dial: str):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-tiedefender-countessryad", at=(400, 100, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, s, dial), s

    def test_a_straight_as_a_koiogran_turn(self):
        """She reveals a white [3 straight]: she may execute a white [3 Koiogran turn]."""
        game, s = self.fly("3FW")
        pass_until(game, "choose_maneuver", s)
        assert "3KW" in values(game)
        game.answer("3KW")
        pass_all(game)
        assert abs(game.state.ships[s].pose.heading - 180.0) < 1.0

    def test_not_for_a_bank(self):
        """A [2 bank left]: no alternative offered."""
        game, _s = self.fly("2BW")
        assert game.decision.kind != "choose_maneuver"


# ------------------------------------------------------------------------ T-70 X-wing
class TestPoeDameron:
    def attack(self, focus: int):
        sc, a, _d = duel(POE, focus=focus)
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank", "blank"])
        declare(game)
        pass_until(game, "modify_attack_dice", a)
        return game, a

    def test_with_a_focus_token_change_one_focus(self):
        """Poe has a focus token: he changes his focus result to a hit and keeps the
        token."""
        game, a = self.attack(1)
        modify_with(game, POE)
        assert game.state.ships[a].has(Token.FOCUS)
        finish(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_without_a_focus_token(self):
        """No focus token: not offered."""
        sc, a, _d = duel(POE)
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank", "blank"])
        declare(game)
        assert not ever_offers(game, POE)


class TestJessPava:
    def attack(self, friend_x: float):
        sc = Scene(ruleset="1e")
        jess = sc.ship(JESS, at=(400, 300, 0))
        sc.ship(T70, at=(friend_x, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, jess, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "p2.1")
        pass_until(game, "modify_attack_dice", jess)
        return game

    def test_one_reroll_per_friend_at_range_1(self):
        """A friendly T-70 at Range 1: she may reroll 1 die."""
        game = self.attack(480.0)
        assert any("up to 1 dice" in o.label for o in game.decision.options
                   if (o.info or {}).get("source") == JESS)

    def test_not_alone(self):
        """No friendly ship at Range 1: nothing to reroll with."""
        sc = Scene(ruleset="1e")
        jess = sc.ship(JESS, at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, jess, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game, "p2.1")
        assert not ever_offers(game, JESS)


class TestNienNunb:
    def stress(self, enemy_y: float):
        sc = Scene(ruleset="1e")
        nien = sc.ship("1e-t70xwing-niennunb", at=(400, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, enemy_y, 180))
        game = sc.at(Give(nien, "stress", 1, 2))
        return game, nien

    def test_discard_the_stress_token(self):
        """An enemy inside his firing arc at Range 1: he may discard the stress token."""
        game, nien = self.stress(Y[1])
        pass_until(game, "use_ability", nien)
        game.answer("use")
        assert not game.state.ships[nien].stressed

    def test_not_at_range_2(self):
        """The enemy at Range 2: the stress stays."""
        game, nien = self.stress(Y[2])
        assert game.decision is None and game.state.ships[nien].stressed


class TestSnapWexley:
    def fly(self, dial: str):
        sc = Scene(ruleset="1e")
        s = sc.ship("1e-t70xwing-snapwexley", at=(400, 100, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, s, dial), s

    def test_free_boost_after_a_2_speed_maneuver(self):
        """After a [2 straight], touching no ship: a free boost is offered."""
        game, s = self.fly("2FB")
        pass_until(game, "use_ability", s)
        assert "boost" in values(game)

    def test_not_after_a_1_speed_maneuver(self):
        """After a [1 straight]: no free boost."""
        game, _s = self.fly("1FB")
        assert game.decision.kind == "perform_action"


# ------------------------------------------------------------------------- YT-1300
class TestRey:
    def attack(self, heading_of_rey: float):
        sc = Scene(ruleset="1e")
        rey = sc.ship("1e-yt1300-rey", at=(400, 300, heading_of_rey))
        sc.ship(ACADEMY, player=2, at=(400, 520, 180))
        game = engage(sc, "p2.1", ["hit", "hit"], ["blank"])
        declare(game, rey, "primary:front")
        return game

    def test_reroll_blanks_with_the_enemy_in_her_arc(self):
        """Rey defends against a TIE inside her (front) firing arc: she may reroll her 2
        blank results."""
        game = self.attack(0.0)
        pass_until(game, "modify_defense_dice", "p1.1")
        assert offers(game, REY)

    def test_not_with_the_enemy_behind(self):
        """The TIE is behind her (outside her printed arc, though her turret reaches it):
        not offered."""
        assert not ever_offers(self.attack(180.0), REY)


class TestHanSolo:
    def test_placed_beyond_range_3_of_enemies(self):
        """Han may be placed anywhere beyond Range 3 of enemy ships: his Place Forces step
        offers that rule; a generic YT-1300's is the usual placement."""
        sc = Scene(ruleset="1e")
        han = sc.ship("1e-yt1300-hansolo-swx57", at=(400, 300, 0))
        other = sc.ship("1e-yt1300-outerrimsmuggler", at=(200, 300, 0))
        sc.ship(ACADEMY, player=2, at=(400, 800, 180))
        game = sc.game()
        step = _place_forces_step(game, game.state.ships[han])
        assert getattr(step, "rules", None) == (("anywhere", "far"),)
        assert not hasattr(_place_forces_step(game, game.state.ships[other]), "rules")


class TestChewbacca:
    def scene(self, chewie_x: float, chewie_y: float = 300.0):
        sc = Scene(ruleset="1e")
        chewie = sc.ship("1e-yt1300-chewbacca-swx57", at=(chewie_x, chewie_y, 0))
        friend = sc.ship(ROOKIE, at=(400, 300, 0), hull=1, shields=0)
        enemy = sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = engage(sc, enemy, ["hit", "hit", "blank"], ["blank"] * 2)
        game.state.ships[friend].hull = 1
        game.state.ships[friend].shields = 0
        declare(game, friend)
        return game, chewie

    def test_an_attack_after_a_friend_is_destroyed(self):
        """The Rookie at Range 1-3 of Chewbacca is destroyed: he may perform an attack."""
        game, chewie = self.scene(650.0)
        pass_until(game, "use_ability", chewie)
        game.answer("use")
        assert game.decision.kind == "bonus_attack" and game.decision.ship == chewie

    def test_faq_after_the_damage_cards_are_dealt(self):
        """FAQ (1e) Q&A "an ability that triggers when a ship is destroyed during an
        attack": it occurs after the damage cards are dealt - the Rookie already holds its
        damage card (destroyed, not yet removed) when Chewbacca may attack."""
        game, chewie = self.scene(650.0)
        pass_until(game, "use_ability", chewie)
        friend = game.state.ships["p1.2"]
        assert friend.destroyed and len(friend.damage) >= 1

    def test_not_beyond_range_3(self):
        """Chewbacca far away: no attack."""
        game, _chewie = self.scene(860.0, 60.0)
        kinds = pass_all(game)
        assert game.state.ships["p1.2"].destroyed
        assert "use_ability" not in kinds and "bonus_attack" not in kinds


# ---------------------------------------------------------------- M3-A Interceptor
class TestGenesisRed:
    def lock(self, own: dict):
        sc = Scene(ruleset="1e")
        g = sc.ship("1e-m3ainterceptor-genesisred", at=(400, 300, 0), **own)
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180), focus=2, evade=1)
        game = sc.at(LockForTest1e(g, "p2.1"))
        pass_all(game)
        return game.state.ships[g]

    def test_tokens_up_to_the_locked_ships(self):
        """She locks a ship with 2 focus and 1 evade tokens: she is assigned 2 focus and 1
        evade token."""
        ship = self.lock({})
        assert ship.count(Token.FOCUS) == 2 and ship.count(Token.EVADE) == 1

    def test_never_removes_tokens(self):
        """She already has 3 focus tokens: she keeps 3 (and gains the evade)."""
        ship = self.lock({"focus": 3})
        assert ship.count(Token.FOCUS) == 3 and ship.count(Token.EVADE) == 1


class TestInaldra:
    def attack(self, shields: int):
        sc, a, _d = duel("1e-m3ainterceptor-inaldra", ACADEMY)
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3,
                      rerolls=["hit", "hit", "hit"])
        game.state.ships[a].shields = shields
        declare(game)
        if shields:
            pass_until(game, "modify_attack_dice", a)
        return game, a

    def test_spend_a_shield_to_reroll(self):
        """She spends 1 shield to reroll her blanks."""
        game, a = self.attack(1)
        modify_with(game, "1e-m3ainterceptor-inaldra")
        assert game.state.ships[a].shields == 0

    def test_not_without_shields(self):
        """No shield: not offered."""
        game, _a = self.attack(0)
        assert not ever_offers(game, "1e-m3ainterceptor-inaldra")


class TestQuinnJast:
    def test_flip_a_discarded_torpedo(self):
        """Quinn discarded his Concussion Missiles: at the start of the Combat phase he may
        receive a weapons disabled token to flip them faceup."""
        from tallon.cards.first_edition.ordnance_1e import discard_upgrade

        sc = Scene(ruleset="1e")
        q = sc.ship("1e-m3ainterceptor-quinnjast", at=(400, 300, 0),
                    upgrades=["1e-concussionmissiles"])
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.game()
        discard_upgrade(game, game.state.ships[q], "1e-concussionmissiles")
        start_at(game, StartEngagement())
        pass_until(game, "use_ability", q)
        game.answer("1e-concussionmissiles")
        ship = game.state.ships[q]
        assert "1e-concussionmissiles" in ship.upgrades and ship.has(Token.DISARM)

    def test_not_without_a_discarded_card(self):
        """Nothing discarded: nothing offered, no token."""
        sc = Scene(ruleset="1e")
        q = sc.ship("1e-m3ainterceptor-quinnjast", at=(400, 300, 0),
                    upgrades=["1e-concussionmissiles"])
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        game = sc.at(StartEngagement())
        assert "use_ability" not in pass_all(game)
        assert not game.state.ships[q].has(Token.DISARM)


class TestSunnyBounder:
    def attack(self, game, a):
        load = __import__("tallon.scene", fromlist=["load_dice"]).load_dice
        start_at(game, Engage(a))
        load(game, ["hit", "hit"], ["blank"] * 3)
        declare(game)

    def test_matching_dice_add_one_once_per_round(self):
        """Sunny rolls 2 hits: she adds a third; a second attack in the round rolling 2
        hits again: not offered."""
        sc, a, _d = duel("1e-m3ainterceptor-sunnybounder", ACADEMY)
        game = sc.game()
        self.attack(game, a)
        pass_until(game, "use_ability", a)
        game.answer("use")
        assert rolled(game, a) == ["hit", "hit"]
        finish(game)
        assert "3 hit(s)" in neutralized(game)
        self.attack(game, a)
        assert "use_ability" not in pass_all(game)


class TestTomaxBren:
    def crack(self, pilot: str, game=None):
        """The bomber attacks with Crack Shot against an evade; returns the game."""
        if game is None:
            sc, _a, _d = duel(pilot, ROOKIE, up=["1e-crackshot"])
            game = sc.at(Engage("p1.1"))
        else:
            start_at(game, Engage("p1.1"))
        load_dice(game, ["hit", "hit"], ["evade", "blank"])
        declare(game)
        pass_until(game, "cancel_defense_results", "p1.1")
        modify_with(game, "1e-crackshot")
        finish(game)
        return game

    def test_the_discarded_elite_card_flips_faceup_once_a_round(self):
        """Tomax discards Crack Shot: it is flipped faceup at once (equipped again); the
        second discard in the round stays discarded. A Gamma Squadron Veteran's stays
        discarded the first time."""
        game = self.crack("1e-tiebomber-tomaxbren")
        assert "1e-crackshot" in game.state.ships["p1.1"].upgrades
        game = self.crack("1e-tiebomber-tomaxbren", game)
        assert "1e-crackshot" not in game.state.ships["p1.1"].upgrades
        game = self.crack("1e-tiebomber-gammasquadronveteran")
        assert "1e-crackshot" not in game.state.ships["p1.1"].upgrades
