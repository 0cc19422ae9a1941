"""The first edition's original core damage deck (``1e-core``): each card's faceup effect,
one class per card, and FAQ (1e) clarifications as ``test_faq_...``.

Scenes: a Rookie Pilot (X-wing: pilot skill 2, attack 3, agility 2, hull 3, shields 2) is
the damaged ship, an Academy Pilot (TIE fighter: pilot skill 1, attack 2, agility 3, hull
3) the enemy. A card is dealt faceup by scheduling 1 critical damage with the ship's
shields set aside and the deck stacked, as an attack's critical hit would."""

from __future__ import annotations

import time

from tallon.agents import make_agent
from tallon.cards import CARDS
from tallon.engine.abilities import CardRegistry, Modifier
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.damage import SufferDamage
from tallon.engine.game import Game, GameSetup
from tallon.engine.rounds import Activate, StartRound
from tallon.engine.state import ActionSpec, Token
from tallon.scene import Scene, load_dice, stack_deck, start_at
from tests.cards.helpers import rolled

XWING = "1e-xwing-rookiepilot"
TIE = "1e-tiefighter-academypilot"
C = "1e-core-"


def scene(*, cards: CardRegistry = CARDS, pilot: str = XWING, upgrades=(), **setup):
    sc = Scene(ruleset="1e", cards=cards)
    ship = sc.ship(pilot, at=(400, 300, 0), upgrades=upgrades, **setup)
    enemy = sc.ship(TIE, player=2, at=(400, 500, 180))
    return sc.game(), ship, enemy


def deal_faceup(game, ship_id: str, card: str) -> None:
    """Deal ``card`` faceup to the ship (1 critical damage with its shields set aside)."""
    ship = game.state.ships[ship_id]
    shields, ship.shields = ship.shields, 0
    stack_deck(game, ship.owner, [card])
    start_at(game, SufferDamage(ship_id, 0, 1, "a test"))
    ship.shields = shields


def faceup(game, ship_id: str) -> list[str]:
    return [d.card for d in game.state.ships[ship_id].damage if d.faceup]


def facedown(game, ship_id: str) -> int:
    return sum(1 for d in game.state.ships[ship_id].damage if not d.faceup)


def action_options(game, ship_id: str, grant=None) -> set:
    step = PerformAction(ship_id, during_activation=True) if grant is None else \
        PerformAction(ship_id, during_activation=True, grant=grant)
    start_at(game, step, phase="activation")
    d = game.decision
    if d is None:
        return set()   # no action it can perform
    assert d.kind == "perform_action", d
    return set(d.option_keys())


def fly(game, ship_id: str, code: str) -> None:
    game.state.ships[ship_id].dial_set = code
    start_at(game, Activate(ship_id), phase="activation")


def attack_dice(game, attacker: str, defender: str, attack=("blank",) * 5,
                defense=("blank",) * 5) -> None:
    start_at(game, Engage(attacker))
    load_dice(game, attack, defense)
    game.answer(f"primary:front@{defender}")


def finish_attack(game) -> None:
    for _ in range(40):
        d = game.decision
        if d is None:
            return
        keys = d.option_keys()
        game.answer(next((k for k in ("done", "decline", "pass", "none") if k in keys),
                         keys[0]))


# -------------------------------------------------------------------- Blinded Pilot
class TestBlindedPilot:
    def test_next_attack_rolls_no_dice_then_flips_facedown(self):
        """Blinded: the X-wing's next attack rolls no attack dice (3 without it); after
        the attack the card is flipped facedown (still 1 damage)."""
        for blinded, dice in ((False, 3), (True, 0)):
            game, ship, enemy = scene()
            if blinded:
                deal_faceup(game, ship, C + "blindedpilot")
            attack_dice(game, ship, enemy)
            finish_attack(game)
            assert _attack_rolls(game, ship)[-1] == dice
            if blinded:
                assert faceup(game, ship) == [] and facedown(game, ship) == 1

    def test_defending_is_not_attacking(self):
        """The card waits for the ship's own attack: defending rolls its agility dice and
        the card stays faceup."""
        game, ship, enemy = scene()
        deal_faceup(game, ship, C + "blindedpilot")
        attack_dice(game, enemy, ship)
        finish_attack(game)
        assert len(rolled(game, ship)) == 2
        assert faceup(game, ship) == [C + "blindedpilot"]

    def test_faq_two_copies_both_flip_after_one_attack(self):
        """FAQ (1e): a ship with two Blinded Pilot cards flips both facedown after it
        performs an attack."""
        game, ship, enemy = scene()
        deal_faceup(game, ship, C + "blindedpilot")
        deal_faceup(game, ship, C + "blindedpilot")
        assert len(faceup(game, ship)) == 2
        attack_dice(game, ship, enemy)
        finish_attack(game)
        assert faceup(game, ship) == [] and facedown(game, ship) == 2

    def test_faq_must_attack_to_flip_it(self):
        """FAQ (1e): the ship must perform an attack to flip the card: engaging without
        attacking leaves it faceup."""
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "blindedpilot")
        start_at(game, Engage(ship))
        game.answer("none")
        finish_attack(game)
        assert faceup(game, ship) == [C + "blindedpilot"]

    def test_faq_after_attack_abilities_still_trigger(self):
        """FAQ (1e): abilities that trigger after performing an attack still resolve,
        although no dice were rolled (a test card: after attacking, gain a focus token)."""
        mine = focus_after_attack_cards()
        game, ship, enemy = scene(cards=mine, pilot="1e-tiefighter-nightbeast")
        deal_faceup(game, ship, C + "blindedpilot")
        attack_dice(game, ship, enemy)
        finish_attack(game)
        assert game.state.ships[ship].count(Token.FOCUS) == 1
        assert faceup(game, ship) == []


def focus_after_attack_cards() -> CardRegistry:
    """The card data with a test ability on Night Beast: after it attacks, it gains a focus
    token."""
    from tallon.engine.abilities import Triggered
    from tallon.engine.effects import gain_token
    mine = CardRegistry("test", base=CARDS)
    mine.register("pilot", "1e-tiefighter-nightbeast", Triggered(
        "after attacking: focus", window="after_attack", optional=False,
        requirement=lambda ctx: ctx.event.get("attacker") == ctx.ship.id,
        effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
        description="test")
    return mine


def _attack_rolls(game, ship: str) -> list[int]:
    """How many dice each of the ship's attack rolls had (from the log)."""
    from tests.rules.attack_helpers import rolls
    return [len(r) for r in rolls(game, ship)]


# --------------------------------------------------------------------- Console Fire
class TestConsoleFire:
    def test_start_of_combat_a_hit_deals_one_damage(self):
        """At the start of the Combat phase the ship rolls an attack die: a hit deals 1
        damage (a shield here); a crit or focus deals nothing."""
        from tallon.engine.rounds import StartEngagement
        for face, lost in (("hit", 1), ("crit", 0), ("focus", 0)):
            game, ship, _ = scene()
            deal_faceup(game, ship, C + "consolefire")
            load_dice(game, [face])
            start_at(game, StartEngagement())
            while game.decision is not None and game.state.phase == "engagement" and \
                    game.decision.kind != "declare_attack":
                game.answer(game.decision.option_keys()[0])
            assert game.state.ships[ship].shields == 2 - lost, face

    def test_flip_action(self):
        """Action: flip it facedown."""
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "consolefire")
        key = next(k for k in action_options(game, ship) if str(k).startswith(C + "consolefire"))
        game.answer(key)
        assert faceup(game, ship) == [] and facedown(game, ship) == 1


# ------------------------------------------------------------------ Damaged Cockpit
class TestDamagedCockpit:
    def test_pilot_skill_zero_from_the_next_round(self):
        """Dealt this round: pilot skill 2 still; at the start of the next round it is
        0."""
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "damagedcockpit")
        s = game.state.ships[ship]
        assert s.current_initiative == 2
        start_at(game, StartRound(), phase="end")
        assert s.current_initiative == 0

    def test_without_it_pilot_skill_stays(self):
        game, ship, _ = scene()
        start_at(game, StartRound(), phase="end")
        assert game.state.ships[ship].current_initiative == 2

    def test_faq_altered_pilot_skill_most_recent_applies(self):
        """FAQ (1e), Altered Pilot Skill: with Veteran Instincts (pilot skill 2 + 2 = 4),
        Damaged Cockpit makes it 0, not 2."""
        game, ship, _ = scene(upgrades=["1e-veteraninstincts"])
        s = game.state.ships[ship]
        assert s.current_initiative == 4
        deal_faceup(game, ship, C + "damagedcockpit")
        start_at(game, StartRound(), phase="end")
        assert s.current_initiative == 0

    def test_faq_flipped_faceup_applies_next_round(self):
        """FAQ (1e): a Damaged Cockpit flipped faceup during a round applies from the
        round after (exposed now: pilot skill unchanged this round)."""
        from tallon.engine.effects import expose_damage
        game, ship, _ = scene(shields=0)
        stack_deck(game, 1, [C + "damagedcockpit"])
        start_at(game, SufferDamage(ship, 1, 0, "a hit"))
        s = game.state.ships[ship]
        expose_damage(game, s, s.damage[0].serial)
        assert faceup(game, ship) == [C + "damagedcockpit"]
        assert s.current_initiative == 2
        start_at(game, StartRound(), phase="end")
        assert s.current_initiative == 0


# ------------------------------------------------------------------- Damaged Engine
class TestDamagedEngine:
    def test_a_white_turn_is_red(self):
        """[2 turn] is white on the X-wing dial; with Damaged Engine it is red: stress."""
        for engine, stress in ((False, 0), (True, 1)):
            game, ship, _ = scene()
            if engine:
                deal_faceup(game, ship, C + "damagedengine")
            assert "2TW" in game.state.ships[ship].dial
            fly(game, ship, "2TW")
            assert game.state.ships[ship].count(Token.STRESS) == stress

    def test_banks_are_unchanged(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "damagedengine")
        fly(game, ship, "2BW")
        assert not game.state.ships[ship].stressed

    def test_faq_increase_wins_over_a_decrease(self):
        """FAQ (1e), Movement / Damaged Engine: with R2 Astromech (1- and 2-speed
        maneuvers green), the ship's turns are still red (the increase wins). A test card
        plays R2 Astromech's easing."""
        from tallon.geometry import Maneuver

        def easier(game, owner, ship=None, maneuver="", **facts):
            return -1 if ship is not None and ship.id == owner.id and maneuver and \
                Maneuver.parse(maneuver).speed in (1, 2) else 0
        mine = CardRegistry("test", base=CARDS)
        mine.register("upgrade", "1e-r2astromech",
                      Modifier("1-2 speed green", hook="maneuver_difficulty", value=easier),
                      description="test")
        game, ship, _ = scene(cards=mine, upgrades=["1e-r2astromech"])
        fly(game, ship, "2TW")
        assert not game.state.ships[ship].stressed          # green without the card
        game, ship, _ = scene(cards=mine, upgrades=["1e-r2astromech"])
        deal_faceup(game, ship, C + "damagedengine")
        fly(game, ship, "2TW")
        assert game.state.ships[ship].count(Token.STRESS) == 1

    def test_faq_with_the_real_r2_astromech(self):
        """FAQ (1e): the same with the first edition's R2 Astromech card used: its green 2
        turn is red with Damaged Engine."""
        for engine, stress in ((False, 0), (True, 1)):
            game, ship, _ = scene(upgrades=["1e-r2astromech"])
            if engine:
                deal_faceup(game, ship, C + "damagedengine")
            fly(game, ship, "2TW")
            assert game.decision.kind == "use_ability"
            game.answer("use")
            assert game.state.ships[ship].count(Token.STRESS) == stress

    def test_faq_adrenaline_rush_not_offered_for_it(self):
        """FAQ (1e), Adrenaline Rush: the card can't treat a turn made red by Damaged
        Engine as white: revealing the (white) 2 turn, it is not offered; the ship is
        stressed."""
        game, ship, _ = scene(upgrades=["1e-adrenalinerush"])
        deal_faceup(game, ship, C + "damagedengine")
        fly(game, ship, "2TW")
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[ship].count(Token.STRESS) == 1

    def test_faq_adrenaline_rush_cant_make_it_white(self):
        """FAQ (1e), Adrenaline Rush: a red turn caused by Damaged Engine cannot be
        treated as white (a decrease of the execution's difficulty loses to it)."""
        from tallon.engine.rounds import effective_code
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "damagedengine")
        s = game.state.ships[ship]
        s.execute_difficulty = -1
        assert effective_code(game, s, "2TW").endswith("R")
        assert effective_code(game, s, "2FW").endswith("B")   # no increase: eased


# ------------------------------------------------------------- Damaged Sensor Array
class TestDamagedSensorArray:
    def test_the_bar_actions_are_forbidden(self):
        """The X-wing's bar (focus, target lock) can't be used; the card's own action
        can."""
        game, ship, _ = scene()
        assert {"focus", "lock"} <= action_options(game, ship)
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "damagedsensorarray")
        options = action_options(game, ship)
        assert "focus" not in options and "lock" not in options
        assert any(str(k).startswith(C + "damagedsensorarray@") for k in options)

    def test_action_a_hit_flips_it(self):
        """Action: roll an attack die; a hit flips it facedown, a crit does not."""
        for face, flipped in (("hit", True), ("crit", False), ("blank", False)):
            game, ship, _ = scene()
            deal_faceup(game, ship, C + "damagedsensorarray")
            key = next(k for k in action_options(game, ship)
                       if str(k).startswith(C + "damagedsensorarray@"))
            load_dice(game, [face])
            game.answer(key)
            assert (faceup(game, ship) == []) is flipped, face

    def test_faq_actions_granted_by_cards_not_on_the_bar(self):
        """FAQ (1e): actions granted by other cards may be performed if the bar doesn't
        list them (a barrel roll granted to the X-wing)."""
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "damagedsensorarray")
        options = action_options(game, ship, grant=(ActionSpec("barrel_roll", "white", None,
                                                               "test"),))
        assert "barrel_roll" in options

    def test_faq_ysanne_isard_evade_on_the_bar(self):
        """FAQ (1e), Ysanne Isard: a granted action that the bar lists (an evade granted
        to a TIE fighter, whose bar has evade) is still forbidden."""
        sc = Scene(ruleset="1e")
        tie = sc.ship(TIE, at=(400, 300, 0))
        sc.ship(XWING, player=2, at=(400, 500, 180))
        game = sc.game()
        grant = (ActionSpec("evade", "white", None, "test"),)
        assert "evade" in action_options(game, tie, grant=grant)
        deal_faceup(game, tie, C + "damagedsensorarray")
        assert "evade" not in action_options(game, tie, grant=grant)

    def test_faq_target_locks_by_other_means(self):
        """FAQ (1e): the ship can't perform the bar's target lock action but may still
        acquire target locks through other means."""
        from tallon.engine.effects import acquire_lock
        game, ship, enemy = scene()
        deal_faceup(game, ship, C + "damagedsensorarray")
        s = game.state.ships[ship]
        assert "lock" not in action_options(game, ship)
        acquire_lock(game, s, enemy)
        assert s.locks == [enemy]

    def test_faq_one_action_per_round_for_two_copies(self):
        """FAQ (1e), General: two copies of a card whose ability is an action don't let the
        ship perform that action twice in a round."""
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "damagedsensorarray")
        deal_faceup(game, ship, C + "damagedsensorarray")
        keys = [k for k in action_options(game, ship)
                if str(k).startswith(C + "damagedsensorarray@")]
        assert len(keys) == 2
        load_dice(game, ["blank"])
        game.answer(keys[0])
        s = game.state.ships[ship]
        s.actions_blocked = False   # a second action (as a free action would be)
        options = action_options(game, ship)
        assert not any(str(k).startswith(C + "damagedsensorarray@") for k in options)


# ------------------------------------------------------------------------ Direct Hit!
class TestDirectHit:
    def test_counts_as_two_damage_against_the_hull(self):
        """Hull 3: one facedown card and a Direct Hit! destroy the X-wing (1 + 2); two
        facedown cards alone don't."""
        game, ship, _ = scene(shields=0)
        stack_deck(game, 1, [C + "minorexplosion", C + "minorexplosion"])
        start_at(game, SufferDamage(ship, 2, 0, "hits"))
        assert not game.state.ships[ship].destroyed
        game, ship, _ = scene(shields=0)
        stack_deck(game, 1, [C + "minorexplosion"])
        start_at(game, SufferDamage(ship, 1, 0, "a hit"))
        deal_faceup(game, ship, C + "directhit")
        assert len(game.state.ships[ship].damage) == 2
        assert game.state.ships[ship].destroyed

    def test_facedown_it_counts_once(self):
        """Dealt facedown (regular damage), a Direct Hit! is one card like any other."""
        game, ship, _ = scene(shields=0)
        stack_deck(game, 1, [C + "directhit", C + "directhit"])
        start_at(game, SufferDamage(ship, 2, 0, "hits"))
        assert not game.state.ships[ship].destroyed

    def test_faq_counts_as_one_critical_damage_suffered(self):
        """FAQ (1e), Reinforced Deflectors: a Direct Hit! dealt counts as 1 critical damage
        suffered (though 2 against the hull)."""
        game, ship, _ = scene(shields=0)
        deal_faceup(game, ship, C + "directhit")
        texts = [e["text"] for e in game.log if e["kind"] == "damage"]
        assert any("1 damage card(s) dealt" in t for t in texts)


# ----------------------------------------------------------------- Injured Pilot
def _injured_registry() -> CardRegistry:
    """Test stand-ins: Night Beast's pilot ability and Marksmanship (Elite) each add an
    attack die."""
    def one_more(game, owner, attack=None, **facts):
        return 1 if attack is not None and attack.attacker == owner.id else 0
    mine = CardRegistry("test", base=CARDS)
    mine.register("pilot", "1e-tiefighter-nightbeast",
                  Modifier("+1", hook="attack_dice", value=one_more), description="test")
    mine.register("upgrade", "1e-marksmanship",
                  Modifier("+1", hook="attack_dice", value=one_more), description="test")
    return mine


class TestInjuredPilot:
    def test_pilot_ability_and_elite_upgrades_are_ignored(self):
        """Night Beast (2 attack) with two +1 abilities (pilot, Elite) rolls 4 dice; with
        Injured Pilot both are ignored: 2."""
        mine = _injured_registry()
        for injured, dice in ((False, 4), (True, 2)):
            game, ship, enemy = scene(cards=mine, pilot="1e-tiefighter-nightbeast",
                                      upgrades=["1e-marksmanship"])
            if injured:
                deal_faceup(game, ship, C + "injuredpilot")
            attack_dice(game, ship, enemy)
            assert _attack_rolls(game, ship)[-1] == dice

    def test_other_upgrades_still_work(self):
        """A non-Elite upgrade keeps its ability (a test modification adding a die)."""
        def one_more(game, owner, attack=None, **facts):
            return 1 if attack is not None and attack.attacker == owner.id else 0
        mine = CardRegistry("test", base=CARDS)
        mine.register("upgrade", "1e-countermeasures",
                      Modifier("+1", hook="attack_dice", value=one_more), description="test")
        game, ship, enemy = scene(cards=mine, upgrades=["1e-countermeasures"])
        deal_faceup(game, ship, C + "injuredpilot")
        attack_dice(game, ship, enemy)
        assert _attack_rolls(game, ship)[-1] == 4

    def test_flipped_facedown_the_ability_returns(self):
        """Once the card is facedown the pilot ability is the ship's again."""
        from tallon.engine.effects import repair_damage
        mine = _injured_registry()
        game, ship, enemy = scene(cards=mine, pilot="1e-tiefighter-nightbeast")
        deal_faceup(game, ship, C + "injuredpilot")
        s = game.state.ships[ship]
        repair_damage(game, s, s.damage[0].serial)
        attack_dice(game, ship, enemy)
        assert _attack_rolls(game, ship)[-1] == 3


def test_faq_chewbacca_flips_injured_pilot_without_resolving_it():
    """FAQ (1e), Chewbacca: dealt Injured Pilot faceup, Chewbacca flips it facedown without
    resolving it: his pilot ability still works (a second faceup card is flipped too)."""
    sc = Scene(ruleset="1e")
    chewie = sc.ship("1e-yt1300-chewbacca", at=(400, 300, 0))
    sc.ship(TIE, player=2, at=(400, 600, 180))
    game = sc.game()
    deal_faceup(game, chewie, C + "injuredpilot")
    deal_faceup(game, chewie, C + "thrustcontrolfire")
    assert faceup(game, chewie) == [] and facedown(game, chewie) == 2
    assert not game.state.ships[chewie].stressed


# ----------------------------------------------------------------- Minor Explosion
class TestMinorExplosion:
    def test_roll_a_hit_deals_one_damage_then_facedown(self):
        """Dealt faceup: roll an attack die; a hit deals 1 damage (a shield); the card is
        then facedown either way."""
        for face, cards in (("hit", 2), ("crit", 1), ("blank", 1)):
            game, ship, _ = scene(shields=0)
            load_dice(game, [face])
            deal_faceup(game, ship, C + "minorexplosion")
            assert faceup(game, ship) == [] and facedown(game, ship) == cards, face


# --------------------------------------------------------------- Minor Hull Breach
class TestMinorHullBreach:
    def test_after_a_red_maneuver_roll_a_hit_deals_damage(self):
        """After a red maneuver (the X-wing's 4 K-turn): roll; a hit deals 1 damage."""
        for card, face, lost in ((True, "hit", 1), (True, "focus", 0), (False, "hit", 0)):
            game, ship, _ = scene()
            if card:
                deal_faceup(game, ship, C + "minorhullbreach")
            load_dice(game, [face])
            fly(game, ship, "4KR")
            assert game.state.ships[ship].shields == 2 - lost, (card, face)

    def test_a_white_maneuver_rolls_nothing(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "minorhullbreach")
        load_dice(game, ["hit"])
        fly(game, ship, "2FW")
        assert game.state.ships[ship].shields == 2
        assert faceup(game, ship) == [C + "minorhullbreach"]


# --------------------------------------------------------------- Munitions Failure
class TestMunitionsFailure:
    def _registry(self) -> CardRegistry:
        from tallon.engine.abilities import Weapon
        mine = CardRegistry("test", base=CARDS)
        for card in ("1e-protontorpedoes", "1e-clustermissiles"):
            mine.register("upgrade", card, Weapon("attack"), description="test")
        return mine

    def test_discards_the_only_secondary_weapon(self):
        """An X-wing with Proton Torpedoes: the torpedoes are discarded, the card flipped
        facedown."""
        game, ship, _ = scene(cards=self._registry(), upgrades=["1e-protontorpedoes"])
        s = game.state.ships[ship]
        assert "1e-protontorpedoes" in s.upgrades
        deal_faceup(game, ship, C + "munitionsfailure")
        d = game.decision
        if d is not None:   # a single option may still be asked
            assert d.option_keys() == ["1e-protontorpedoes"]
            game.answer("1e-protontorpedoes")
        assert "1e-protontorpedoes" not in s.upgrades
        assert not any(c[1] == "1e-protontorpedoes" for c in s.cards)
        assert faceup(game, ship) == [] and facedown(game, ship) == 1

    def test_chooses_among_several(self):
        """Two secondary weapons: the owner chooses the one discarded."""
        game, ship, _ = scene(cards=self._registry(),
                              upgrades=["1e-protontorpedoes", "1e-clustermissiles"])
        deal_faceup(game, ship, C + "munitionsfailure")
        d = game.decision
        assert d is not None and set(d.option_keys()) == {"1e-protontorpedoes",
                                                           "1e-clustermissiles"}
        game.answer("1e-clustermissiles")
        s = game.state.ships[ship]
        assert "1e-clustermissiles" not in s.upgrades and "1e-protontorpedoes" in s.upgrades
        assert faceup(game, ship) == []

    def test_without_secondary_weapon_only_flips(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "munitionsfailure")
        d = game.decision
        if d is not None:
            assert d.option_keys() == ["none"]
            game.answer("none")
        assert faceup(game, ship) == [] and facedown(game, ship) == 1


# --------------------------------------------------------------- Structural Damage
class TestStructuralDamage:
    def test_one_less_agility(self):
        """Defending at range 2: agility 2 gives 2 dice; with the card, 1."""
        for card, dice in ((False, 2), (True, 1)):
            game, ship, enemy = scene()
            if card:
                deal_faceup(game, ship, C + "structuraldamage")
            attack_dice(game, enemy, ship)
            finish_attack(game)
            assert len(rolled(game, ship)) == dice

    def test_faq_minimum_zero_before_the_range_bonus(self):
        """FAQ (1e), Increasing and Reducing Values: agility 0 reduced stays 0 (the
        minimum), then the range 3 bonus adds a die: a TIE with agility 0 and Structural
        Damage rolls 1 defense die at range 3."""
        sc = Scene(ruleset="1e")
        ship = sc.ship(XWING, at=(400, 100, 0))
        enemy = sc.ship(TIE, player=2, at=(400, 380, 180), agility=0)
        game = sc.game()
        deal_faceup(game, enemy, C + "structuraldamage")
        start_at(game, Engage(ship))
        load_dice(game, ["blank"] * 5, ["blank"] * 5)
        d = game.decision
        key = next(k for k in d.option_keys() if str(k).endswith(enemy))
        game.answer(key)
        finish_attack(game)
        assert len(rolled(game, enemy)) == 1

    def test_action_a_hit_flips_it(self):
        for face, flipped in (("hit", True), ("crit", False)):
            game, ship, _ = scene()
            deal_faceup(game, ship, C + "structuraldamage")
            key = next(k for k in action_options(game, ship)
                       if str(k).startswith(C + "structuraldamage@"))
            load_dice(game, [face])
            game.answer(key)
            assert (faceup(game, ship) == []) is flipped, face


# ------------------------------------------------------------------- Stunned Pilot
def _lost(game, ship: str) -> int:
    """Shields lost and damage cards dealt (Rookie Pilot: 2 shields)."""
    s = game.state.ships[ship]
    return 2 - s.shields + len(s.damage)


def shields_after_bump(stunned: bool, card: str = C + "stunnedpilot", deal=deal_faceup) -> int:
    """The X-wing's shields after a 3 straight into the TIE (a bump), ``card`` dealt to it
    faceup by ``deal`` first if ``stunned``."""
    sc = Scene(ruleset="1e")
    ship = sc.ship(XWING, at=(400, 200, 0))
    sc.ship(TIE, player=2, at=(400, 330, 180))
    game = sc.game()
    if stunned:
        deal(game, ship, card)
    fly(game, ship, "3FW")
    return game.state.ships[ship].shields


def over_obstacle(stunned: bool, start_y: float, obstacle_y: float, code: str,
                  faces=("blank", "blank"), ignored: bool = False,
                  card: str = C + "stunnedpilot", deal=deal_faceup) -> int:
    """The X-wing flies ``code`` from ``start_y`` with an asteroid at ``obstacle_y``:
    the damage it took besides the card itself."""
    sc = Scene(ruleset="1e")
    ship = sc.ship(XWING, at=(400, start_y, 0))
    sc.ship(TIE, player=2, at=(700, 800, 180))
    sc.obstacle("core2asteroid5", 400, obstacle_y)
    game = sc.game()
    if stunned:
        deal(game, ship, card)
    if ignored:
        game.state.ships[ship].obstacles_ignored = (("*", game.state.round, "*"),)
    load_dice(game, list(faces))
    fly(game, ship, code)
    return _lost(game, ship) - (1 if stunned else 0)


class TestStunnedPilot:
    def test_ending_on_an_obstacle_deals_one_damage(self):
        """A 2 straight ending on an asteroid: Stunned Pilot adds 1 damage to what the
        asteroid does."""
        assert over_obstacle(True, 200, 360, "2FW") == over_obstacle(False, 200, 360,
                                                                     "2FW") + 1

    def test_overlapping_a_ship_deals_one_damage(self):
        """A 3 straight into the TIE (a bump): 1 damage."""
        for stunned, shields in ((False, 2), (True, 1)):
            assert shields_after_bump(stunned) == shields

    def test_a_clear_maneuver_deals_nothing(self):
        game, ship, _ = scene()
        deal_faceup(game, ship, C + "stunnedpilot")
        fly(game, ship, "1FW")
        assert game.state.ships[ship].shields == 2

    def test_faq_template_over_an_obstacle_final_position_clear(self):
        """FAQ (1e): the template crossing an obstacle while the final position is clear
        does not trigger it (a 4 straight over an asteroid)."""
        assert over_obstacle(True, 100, 230, "4FW") == over_obstacle(False, 100, 230, "4FW")

    def test_faq_ignored_obstacle_deals_nothing(self):
        """FAQ (1e), Dash Rendar: a ship that ignores obstacles and ends on one suffers no
        damage from Stunned Pilot (here it ignores every obstacle this round)."""
        assert over_obstacle(True, 200, 360, "2FW", ignored=True) == 0

    def test_faq_damage_in_addition_to_the_obstacle(self):
        """FAQ (1e): Stunned Pilot's damage is in addition to the obstacle's (the asteroid
        rolling hits)."""
        alone = over_obstacle(False, 200, 360, "2FW", faces=("hit", "hit"))
        assert alone >= 1
        assert over_obstacle(True, 200, 360, "2FW", faces=("hit", "hit")) == alone + 1


# ------------------------------------------------------------- Thrust Control Fire
class TestThrustControlFire:
    def test_one_stress_then_facedown(self):
        game, ship, _ = scene()
        assert not game.state.ships[ship].stressed
        deal_faceup(game, ship, C + "thrustcontrolfire")
        assert game.state.ships[ship].count(Token.STRESS) == 1
        assert faceup(game, ship) == [] and facedown(game, ship) == 1


# -------------------------------------------------------------- Weapon Malfunction
class TestWeaponMalfunction:
    def test_primary_weapon_one_less(self):
        """The X-wing's primary attack at range 2: 3 dice; with the card, 2."""
        for card, dice in ((False, 3), (True, 2)):
            game, ship, enemy = scene()
            if card:
                deal_faceup(game, ship, C + "weaponmalfunction")
            attack_dice(game, ship, enemy)
            assert _attack_rolls(game, ship)[-1] == dice

    def test_defending_unchanged(self):
        game, ship, enemy = scene()
        deal_faceup(game, ship, C + "weaponmalfunction")
        attack_dice(game, enemy, ship)
        assert _attack_rolls(game, enemy)[-1] == 2

    def test_action_hit_or_crit_flips_it(self):
        for face, flipped in (("hit", True), ("crit", True), ("focus", False)):
            game, ship, _ = scene()
            deal_faceup(game, ship, C + "weaponmalfunction")
            key = next(k for k in action_options(game, ship)
                       if str(k).startswith(C + "weaponmalfunction@"))
            load_dice(game, [face])
            game.answer(key)
            assert (faceup(game, ship) == []) is flipped, face


# -------------------------------------------------------------------- whole games
def play(seed: int, deck: list[str] | None = None) -> Game:
    """A whole 1e game (2 Rookie Pilots against 3 Academy Pilots, the simple agents);
    ``deck``: the cards each player's damage deck is replaced with after setup."""
    from tallon.squads.play_1e import squad_for_play
    from tallon.squads.xws_1e import read_xws_1e
    a = read_xws_1e({"version": "1.0.0", "faction": "rebel", "pilots": [
        {"name": "rookiepilot", "ship": "xwing"}] * 2})
    b = read_xws_1e({"version": "1.0.0", "faction": "imperial", "pilots": [
        {"name": "academypilot", "ship": "tiefighter"}] * 3})
    game = Game(GameSetup((squad_for_play(a.squad), squad_for_play(b.squad)), seed=seed,
                          ruleset="1e", cards=CARDS))
    agents = {1: make_agent("simple", 1), 2: make_agent("simple", 2)}
    swapped = deck is None
    for _ in range(5000):
        if game.over:
            break
        if not swapped and game.state.phase != "setup":
            for p in game.state.players:
                p.deck = list(deck)
                game.state.rng.shuffle(p.deck)
            swapped = True
        d = game.decision
        game.answer(agents[d.player].choose(game.view(d.player), d))
    return game


def test_whole_games_play_to_the_end():
    """Three seeds of a whole 1e game with the core damage deck end without error."""
    start = time.time()
    for seed in (1, 2, 3):
        game = play(seed)
        assert game.over, seed
    assert time.time() - start < 30
