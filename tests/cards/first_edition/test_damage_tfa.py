"""The first edition's Force Awakens core set damage deck (``1e-core-tfa``): each card's
faceup effect, one class per card, and FAQ (1e) clarifications as ``test_faq_...``.

Scenes as in test_damage_core.py: a Rookie Pilot (X-wing: pilot skill 2, attack 3, agility
2, hull 3, shields 2) is the damaged ship, an Academy Pilot (TIE fighter) the enemy; a
game's deck is the original core deck, so the card dealt is put on top of it first."""

from __future__ import annotations

from tallon.engine.attack import Engage
from tallon.engine.damage import SufferDamage
from tallon.engine.rounds import PlanningPhase, StartRound
from tallon.engine.state import Token
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.cards.first_edition.test_damage_core import (
    TIE,
    XWING,
    _attack_rolls,
    action_options,
    attack_dice,
    facedown,
    faceup,
    finish_attack,
    fly,
    focus_after_attack_cards,
    over_obstacle,
    play,
    shields_after_bump,
)
from tests.cards.helpers import rolled

T = "1e-core-tfa-"


def scene(**setup):
    sc = Scene(ruleset="1e")
    ship = sc.ship(XWING, at=(400, 300, 0), **setup)
    enemy = sc.ship(TIE, player=2, at=(400, 500, 180))
    return sc.game(), ship, enemy


def deal(game, ship_id: str, card: str, faceup_: bool = True) -> None:
    """Deal ``card`` to the ship: faceup (1 critical damage) or facedown (1 damage), its
    shields set aside."""
    ship = game.state.ships[ship_id]
    game.state.player(ship.owner).deck.append(card)
    shields, ship.shields = ship.shields, 0
    stack_deck(game, ship.owner, [card])
    start_at(game, SufferDamage(ship_id, 0 if faceup_ else 1, 1 if faceup_ else 0, "a test"))
    ship.shields = shields


def deal_faceup(game, ship_id: str, card: str) -> None:
    deal(game, ship_id, card)


# --------------------------------------------------------------------- Shaken Pilot
class TestShakenPilot:
    def dial(self, game, ship: str) -> set:
        start_at(game, PlanningPhase(), phase="planning")
        while game.decision is not None and game.decision.ship != ship:
            game.answer(game.decision.option_keys()[0])
        d = game.decision
        assert d.kind == "set_dial"
        return set(d.option_keys())

    def test_no_straight_can_be_set(self):
        """Planning: the X-wing's straights (1-4) are not offered; the banks are."""
        game, ship, _ = scene()
        assert sum(1 for c in self.dial(game, ship) if c[1] == "F") == 4
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "shakenpilot")
        codes = self.dial(game, ship)
        assert not any(c[1] == "F" for c in codes) and "2BW" in codes

    def test_revealing_the_dial_flips_it(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "shakenpilot")
        fly(game, ship, "2BW")
        assert faceup(game, ship) == [] and facedown(game, ship) == 1


# -------------------------------------------------------------------- Blinded Pilot
class TestBlindedPilot:
    def test_cannot_attack_then_flips_after_the_opportunity(self):
        """The blinded X-wing engages: it may not attack (no attack offered against the TIE
        at range 2); after its engagement the card is flipped facedown."""
        game, ship, enemy = scene()
        start_at(game, Engage(ship))
        assert any(str(k).endswith(enemy) for k in game.decision.option_keys())
        game, ship, enemy = scene()
        deal_faceup(game, ship, T + "blindedpilot")
        start_at(game, Engage(ship))
        d = game.decision
        assert d is None or not any(str(k).endswith(enemy) for k in d.option_keys())
        finish_attack(game)
        assert faceup(game, ship) == [] and facedown(game, ship) == 1

    def test_faq_flips_even_without_a_target(self):
        """FAQ (1e) / card: the opportunity counts even with no target (the TIE far
        away)."""
        sc = Scene(ruleset="1e")
        ship = sc.ship(XWING, at=(100, 100, 0))
        sc.ship(TIE, player=2, at=(800, 850, 180))
        game = sc.game()
        deal_faceup(game, ship, T + "blindedpilot")
        start_at(game, Engage(ship))
        finish_attack(game)
        assert faceup(game, ship) == []

    def test_faq_weapons_disabled_is_no_opportunity(self):
        """FAQ (1e): a ship with a weapons disabled token has no opportunity to attack,
        so the card stays faceup."""
        game, ship, _ = scene(tokens={"disarm": 1})
        deal_faceup(game, ship, T + "blindedpilot")
        start_at(game, Engage(ship))
        finish_attack(game)
        assert faceup(game, ship) == [T + "blindedpilot"]

    def test_faq_after_attack_abilities_cant_trigger(self):
        """FAQ (1e): the blinded ship performs no attack, so "after you perform an attack"
        abilities (Gunner, Darth Vader) can't trigger (a test card: after attacking, gain a
        focus token)."""
        mine = focus_after_attack_cards()
        for blinded, focus in ((False, 1), (True, 0)):
            sc = Scene(ruleset="1e", cards=mine)
            ship = sc.ship("1e-tiefighter-nightbeast", at=(400, 300, 0))
            enemy = sc.ship(XWING, player=2, at=(400, 500, 180))
            game = sc.game()
            if blinded:
                deal_faceup(game, ship, T + "blindedpilot")
            start_at(game, Engage(ship))
            load_dice(game, ["blank"] * 3, ["blank"] * 3)
            if game.decision is not None:   # the blinded ship is not asked to attack
                keys = game.decision.option_keys()
                target = [k for k in keys if str(k).endswith(enemy)]
                game.answer(target[0] if target else "none")
            finish_attack(game)
            assert game.state.ships[ship].count(Token.FOCUS) == focus

    def test_faq_on_an_asteroid_is_no_opportunity(self):
        """FAQ (1e): a ship overlapping an asteroid has no opportunity to attack: the card
        stays faceup."""
        sc = Scene(ruleset="1e")
        ship = sc.ship(XWING, at=(400, 300, 0))
        sc.ship(TIE, player=2, at=(400, 500, 180))
        sc.obstacle("core2asteroid5", 400, 300)
        game = sc.game()
        deal_faceup(game, ship, T + "blindedpilot")
        start_at(game, Engage(ship))
        finish_attack(game)
        assert faceup(game, ship) == [T + "blindedpilot"]


# ------------------------------------------------------------------ Damaged Cockpit
class TestDamagedCockpit:
    def test_pilot_skill_zero_from_the_next_round(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "damagedcockpit")
        s = game.state.ships[ship]
        assert s.current_initiative == 2
        start_at(game, StartRound(), phase="end")
        assert s.current_initiative == 0


# -------------------------------------------------------------------- Stunned Pilot
class TestStunnedPilot:
    def test_touching_a_ship_after_a_maneuver(self):
        """A 3 straight into the TIE: touching it, 1 damage."""
        for stunned, shields in ((False, 2), (True, 1)):
            assert shields_after_bump(stunned, T + "stunnedpilot", deal_faceup) == shields

    def test_on_an_obstacle_after_a_maneuver(self):
        """Ending on an asteroid: 1 damage more than the asteroid's."""
        def run(stunned: bool) -> int:
            return over_obstacle(stunned, 200, 360, "2FW", card=T + "stunnedpilot",
                                 deal=deal_faceup)
        assert run(True) == run(False) + 1

    def test_clear_maneuver_nothing(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "stunnedpilot")
        fly(game, ship, "1FW")
        assert game.state.ships[ship].shields == 2


# --------------------------------------------------------------------- Console Fire
class TestConsoleFire:
    def test_start_of_combat_a_hit_deals_one_damage(self):
        from tallon.engine.rounds import StartEngagement
        for face, lost in (("hit", 1), ("blank", 0)):
            game, ship, _ = scene()
            deal_faceup(game, ship, T + "consolefire")
            load_dice(game, [face])
            start_at(game, StartEngagement())
            while game.decision is not None and game.decision.kind != "declare_attack":
                game.answer(game.decision.option_keys()[0])
            assert game.state.ships[ship].shields == 2 - lost, face


# ------------------------------------------------------------------- Damaged Engine
class TestDamagedEngine:
    def test_a_white_turn_is_red(self):
        for engine, stress in ((False, 0), (True, 1)):
            game, ship, _ = scene()
            if engine:
                deal_faceup(game, ship, T + "damagedengine")
            fly(game, ship, "2TW")
            assert game.state.ships[ship].count(Token.STRESS) == stress


# ------------------------------------------------------------------ Major Explosion
class TestMajorExplosion:
    def test_a_hit_deals_one_critical_damage_then_facedown(self):
        """Roll: a hit deals 1 critical damage (a second faceup card, here Thrust Control
        Fire: 1 stress); the Major Explosion card itself is then facedown."""
        game, ship, _ = scene(shields=0)
        game.state.player(1).deck.append(T + "thrustcontrolfire")
        stack_deck(game, 1, [T + "thrustcontrolfire"])
        load_dice(game, ["hit"])
        deal_faceup(game, ship, T + "majorexplosion")
        s = game.state.ships[ship]
        assert len(s.damage) == 2 and s.count(Token.STRESS) == 1
        assert faceup(game, ship) == []

    def test_a_crit_result_does_nothing(self):
        game, ship, _ = scene(shields=0)
        load_dice(game, ["crit"])
        deal_faceup(game, ship, T + "majorexplosion")
        assert len(game.state.ships[ship].damage) == 1 and faceup(game, ship) == []


# ------------------------------------------------------------------ Weapons Failure
class TestWeaponsFailure:
    def test_one_fewer_attack_die(self):
        for card, dice in ((False, 3), (True, 2)):
            game, ship, enemy = scene()
            if card:
                deal_faceup(game, ship, T + "weaponsfailure")
            attack_dice(game, ship, enemy)
            assert _attack_rolls(game, ship)[-1] == dice

    def test_action_hit_or_crit_flips_it(self):
        for face, flipped in (("crit", True), ("focus", False)):
            game, ship, _ = scene()
            deal_faceup(game, ship, T + "weaponsfailure")
            key = next(k for k in action_options(game, ship)
                       if str(k).startswith(T + "weaponsfailure@"))
            load_dice(game, [face])
            game.answer(key)
            assert (faceup(game, ship) == []) is flipped, face


# ---------------------------------------------------------------- Major Hull Breach
class TestMajorHullBreach:
    def test_from_the_next_round_damage_cards_are_faceup(self):
        """The round it is dealt, a hit deals a facedown card; from the next round a hit
        deals a faceup card (Thrust Control Fire: 1 stress)."""
        game, ship, _ = scene(shields=0)
        deal_faceup(game, ship, T + "majorhullbreach")
        stack_deck(game, 1, ["1e-core-thrustcontrolfire"])
        start_at(game, SufferDamage(ship, 1, 0, "a hit"))
        s = game.state.ships[ship]
        assert s.count(Token.STRESS) == 0 and facedown(game, ship) == 1
        start_at(game, StartRound(), phase="end")
        stack_deck(game, 1, ["1e-core-thrustcontrolfire"])
        start_at(game, SufferDamage(ship, 1, 0, "a hit"))
        assert s.count(Token.STRESS) == 1

    def test_flip_action(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "majorhullbreach")
        key = next(k for k in action_options(game, ship)
                   if str(k).startswith(T + "majorhullbreach@"))
        game.answer(key)
        assert faceup(game, ship) == []


# ---------------------------------------------------------------- Structural Damage
class TestStructuralDamage:
    def test_one_less_agility(self):
        for card, dice in ((False, 2), (True, 1)):
            game, ship, enemy = scene()
            if card:
                deal_faceup(game, ship, T + "structuraldamage")
            attack_dice(game, enemy, ship)
            finish_attack(game)
            assert len(rolled(game, ship)) == dice

    def test_action_crit_also_flips_it(self):
        """Unlike the original deck's card, a critical hit result flips it too."""
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "structuraldamage")
        key = next(k for k in action_options(game, ship)
                   if str(k).startswith(T + "structuraldamage@"))
        load_dice(game, ["crit"])
        game.answer(key)
        assert faceup(game, ship) == []


# ------------------------------------------------------------- Damaged Sensor Array
class TestDamagedSensorArray:
    def test_only_damage_card_actions(self):
        game, ship, _ = scene()
        assert "focus" in action_options(game, ship)
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "damagedsensorarray")
        options = action_options(game, ship)
        assert "focus" not in options and "lock" not in options
        assert any(str(k).startswith(T + "damagedsensorarray@") for k in options)


# ----------------------------------------------------------------- Loose Stabilizer
class TestLooseStabilizer:
    def test_after_a_white_maneuver_one_stress(self):
        for card, stress in ((False, 0), (True, 1)):
            game, ship, _ = scene()
            if card:
                deal_faceup(game, ship, T + "loosestabilizer")
            fly(game, ship, "2BW")
            assert game.state.ships[ship].count(Token.STRESS) == stress

    def test_green_maneuver_no_stress(self):
        """A green (blue in the engine) 1 straight: no stress."""
        game, ship, _ = scene(tokens={})
        deal_faceup(game, ship, T + "loosestabilizer")
        green = next(c for c in game.state.ships[ship].dial if c.endswith("B"))
        fly(game, ship, green)
        assert not game.state.ships[ship].stressed


# ------------------------------------------------------------ Thrust Control Fire
class TestThrustControlFire:
    def test_one_stress_then_facedown(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, T + "thrustcontrolfire")
        assert game.state.ships[ship].count(Token.STRESS) == 1
        assert faceup(game, ship) == []


# ------------------------------------------------------------------------ Direct Hit!
class TestDirectHit:
    def test_counts_as_two_damage_against_the_hull(self):
        game, ship, _ = scene(shields=0)
        deal(game, ship, T + "thrustcontrolfire", faceup_=False)
        assert not game.state.ships[ship].destroyed
        deal_faceup(game, ship, T + "directhit")
        assert game.state.ships[ship].destroyed


# -------------------------------------------------------------------- whole games
def test_whole_games_play_to_the_end_with_this_deck():
    """Three seeds of a whole 1e game whose damage decks are this deck end without
    error."""
    from tallon.data import load_cards
    deck = [c.id for c in load_cards().damage_deck("1e-core-tfa").cards
            for _ in range(c.count)]
    assert len(deck) == 33
    for seed in (1, 2, 3):
        game = play(seed, deck)
        assert game.over, seed
        dealt = {d.card for s in game.state.ships.values() for d in s.damage}
        assert all(c.startswith(T) for c in dealt)
