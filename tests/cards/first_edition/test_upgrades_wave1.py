"""First-edition upgrades of the Core Set and wave 1. Player 1 sits at y = 0 facing +y;
a ship at (400, 300) facing +y reaches a ship ahead at y = 380 / 490 / 550 at Range
1 / 2 / 3. Carriers: Rookie Pilots (X-wing: 3 attack, 2 agility, 3 hull, 2 shields),
Gold Squadron Pilots (Y-wing), Academy Pilots (TIE: agility 3, hull 3, no shields)."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.cards.first_edition.ordnance_1e import is_discarded
from tallon.dice import DieKind
from tallon.engine.abilities import CardRegistry, Triggered
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.payloads import place_devices_at
from tallon.engine.rounds import Activate, StartEndPhase
from tallon.engine.state import DamageCard, Token
from tallon.geometry import Pose
from tallon.scene import Scene, faces, load_dice, start_at
from tests.cards.first_edition.test_pilots_wave1 import declare
from tests.cards.helpers import (
    activation,
    dice_count,
    engage,
    finish,
    modify_with,
    offers,
    pass_until,
    skip_dice,
    values,
)

Y = {1: 380.0, 2: 490.0, 3: 550.0}
ROOKIE, GOLD, ACADEMY = "1e-xwing-rookiepilot", "1e-ywing-goldsquadronpilot", \
    "1e-tiefighter-academypilot"
ROCK = "core2asteroid3"


def duel(upgrades=(), range_: int = 2, attacker: str = ROOKIE, defender: str = ACADEMY,
         at=None, **setup):
    """An attacker at (400, 300) facing +y and a defender ahead at ``range_`` (or ``at``)."""
    sc = Scene(ruleset="1e")
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship(defender, player=2, at=at or (400, Y[range_], 180))
    return sc, a, d


def weapons(game) -> list[str]:
    assert game.decision.kind == "declare_attack", game.decision.prompt
    return [k.partition("@")[0] for k in values(game) if k != "none"]


def attack_dice_keys(game, ship="p1.1") -> list[str]:
    skip_dice(game, "modify_attack_dice", ship)
    d = game.decision
    return d.option_keys() if d is not None and d.kind == "modify_attack_dice" else []


# ------------------------------------------------------------ secondary weapons
class TestIonCannonTurret:
    def fire(self, dice):
        """A Gold Squadron Pilot with the turret; an Academy Pilot behind it at Range 2."""
        sc, a, d = duel(["1e-ioncannonturret"], attacker=GOLD, at=(400, 150, 0))
        game = engage(sc, a, dice, ["blank"] * 3)
        return game, a, d

    def test_a_hit_deals_1_damage_and_1_ion_token_outside_the_firing_arc(self):
        """The turret fires behind (the primary weapon cannot): 3 hits deal only 1 damage and
        give 1 ion token, every result being canceled."""
        game, _a, d = self.fire(["hit", "hit", "hit"])
        assert weapons(game) == ["1e-ioncannonturret"]
        declare(game, weapon="1e-ioncannonturret")
        skip_dice(game)
        finish(game)
        tie = game.state.ships[d]
        assert len(tie.damage) == 1 and tie.count(Token.ION) == 1

    def test_nothing_when_it_misses(self):
        """All blanks: no damage, no ion token."""
        game, _a, d = self.fire(["blank", "blank", "blank"])
        declare(game, weapon="1e-ioncannonturret")
        skip_dice(game)
        finish(game)
        tie = game.state.ships[d]
        assert tie.damage == () and tie.count(Token.ION) == 0

    def test_no_range_bonus(self):
        """Rulebook (1e), Range Combat Bonuses: a secondary weapon at Range 1 rolls its 3
        dice, not 4."""
        sc, a, _d = duel(["1e-ioncannonturret"], attacker=GOLD, at=(400, 230, 0))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, weapon="1e-ioncannonturret")
        skip_dice(game)
        assert dice_count(game, 0) == 3


class TestProtonTorpedoes:
    def test_spends_the_lock_and_discards_the_card(self):
        """With a target lock on the TIE at Range 2 the torpedoes may be fired: the lock is
        spent, the focus result may become a critical hit, and the card is discarded once
        the attack is over; without a lock they are not offered."""
        sc, a, d = duel(["1e-protontorpedoes"], locks=["p2.1"])
        game = engage(sc, a, ["focus", "hit", "blank", "blank"], ["blank"] * 3)
        assert "1e-protontorpedoes" in weapons(game)
        declare(game, weapon="1e-protontorpedoes")
        assert game.state.ships[a].locks == []
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-protontorpedoes")
        skip_dice(game)
        finish(game)
        ship = game.state.ships[a]
        assert "1e-protontorpedoes" not in ship.upgrades and is_discarded(ship,
                                                                            "1e-protontorpedoes")
        assert [c.faceup for c in game.state.ships[d].damage] == [False, True]
        sc, a, d = duel(["1e-protontorpedoes"])
        game = sc.at(Engage(a))
        assert weapons(game) == ["primary:front"]

    def test_not_at_range_1(self):
        """Range 2-3 only: at Range 1 only the primary weapon is offered."""
        sc, a, _d = duel(["1e-protontorpedoes"], range_=1, locks=["p2.1"])
        game = sc.at(Engage(a))
        assert weapons(game) == ["primary:front"]

    def test_no_range_bonus_for_the_defender(self):
        """Rulebook (1e), Range Combat Bonuses: at Range 3 the TIE rolls its 3 agility dice,
        not 4, against the torpedoes."""
        sc, a, _d = duel(["1e-protontorpedoes"], range_=3, locks=["p2.1"])
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 4)
        declare(game, weapon="1e-protontorpedoes")
        skip_dice(game)
        assert dice_count(game, 1) == 3

    def test_faq_no_reroll_with_the_spent_lock(self):
        """FAQ (1e), Q&A: the target lock spent to fire the torpedoes can no longer be spent
        to reroll (a primary attack with the lock may)."""
        sc, a, _d = duel(["1e-protontorpedoes"], locks=["p2.1"])
        game = engage(sc, a, ["blank", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, weapon="1e-protontorpedoes")
        assert not [k for k in attack_dice_keys(game) if k.startswith("lock")]
        sc, a, _d = duel(["1e-protontorpedoes"], locks=["p2.1"])
        game = engage(sc, a, ["blank", "hit", "blank"], ["blank"] * 3)
        declare(game)
        assert [k for k in attack_dice_keys(game) if k.startswith("lock")]


class TestConcussionMissiles:
    def test_a_blank_becomes_a_hit(self):
        """Fired with the lock, the missiles may change a blank result to a hit; a primary
        attack may not."""
        sc, a, d = duel(["1e-concussionmissiles"], locks=["p2.1"])
        game = engage(sc, a, ["blank", "hit", "blank", "blank"], ["blank"] * 3)
        declare(game, weapon="1e-concussionmissiles")
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-concussionmissiles")
        skip_dice(game)
        finish(game)
        assert len(game.state.ships[d].damage) == 2
        assert is_discarded(game.state.ships[a], "1e-concussionmissiles")
        sc, a, d = duel(["1e-concussionmissiles"], locks=["p2.1"])
        game = engage(sc, a, ["blank", "hit", "blank"], ["blank"] * 3)
        declare(game)
        assert not offers(game, "1e-concussionmissiles") and not [
            k for k in attack_dice_keys(game) if k.startswith("1e-concussionmissiles")]


class TestClusterMissiles:
    def recorder(self) -> CardRegistry:
        """A test registry: the Rookie Pilot records each "after attacking" window's hit."""
        cards = CardRegistry("test", base=CARDS)

        def record(ctx, choice):
            seen = ctx.ship.recalled("test:hits") or ()
            ctx.ship.remember("test:hits", (*seen, bool(ctx.event["hit"])))

        cards.register("pilot", ROOKIE, Triggered(
            "record", window="after_attack", optional=False, effect=record,
            requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id),
            description="test")
        return cards

    def test_two_attacks_against_the_same_defender(self):
        """Fired at Range 1 with the lock: 3 dice (no range bonus), then 3 dice again, each
        attack's hits dealt; the "after attacking" abilities resolve once, after the
        second, the attack counting as a hit when either hit (FAQ (1e) timing chart)."""
        sc = Scene(ruleset="1e", cards=self.recorder())
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-clustermissiles"],
                    locks=["p2.1"])
        d = sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = sc.at(Engage(a))
        load_dice(game, then=faces(DieKind.ATTACK, ["hit", "hit", "blank"])
                  + faces(DieKind.DEFENSE, ["blank", "blank", "blank"])
                  + faces(DieKind.ATTACK, ["blank", "blank", "blank"])
                  + faces(DieKind.DEFENSE, ["blank", "blank", "blank"]))
        declare(game, weapon="1e-clustermissiles")
        skip_dice(game)
        finish(game)
        assert dice_count(game, 0) == 3 and dice_count(game, 2) == 3
        assert len(game.state.ships[d].damage) == 2
        assert game.state.ships[a].recalled("test:hits") == (True,)

    def test_one_attack_with_the_primary_weapon(self):
        """A primary attack at Range 1 is one attack (4 dice with the range bonus)."""
        sc = Scene(ruleset="1e", cards=self.recorder())
        a = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-clustermissiles"],
                    locks=["p2.1"])
        sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game)
        skip_dice(game)
        finish(game)
        assert len([e for e in game.log if e["kind"] == "dice"]) == 2
        assert game.state.ships[a].recalled("test:hits") == (False,)
        assert not is_discarded(game.state.ships[a], "1e-clustermissiles")


    def test_faq_gunner_only_when_both_attacks_miss(self):
        """FAQ (1e) Gunner and Cluster Missiles: Gunner's attack is offered only when both
        attacks missed: after a hit then a miss, it is not; after two misses, it is."""
        for first, offered in (("hit", False), ("blank", True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ROOKIE, at=(400, 300, 0), locks=["p2.1"],
                        upgrades=["1e-clustermissiles", "1e-gunner"])
            sc.ship(ACADEMY, player=2, at=(400, Y[1], 180))
            game = sc.at(Engage(a))
            load_dice(game, then=faces(DieKind.ATTACK, [first, "blank", "blank"])
                      + faces(DieKind.DEFENSE, ["blank"] * 3)
                      + faces(DieKind.ATTACK, ["blank"] * 3)
                      + faces(DieKind.DEFENSE, ["blank"] * 3))
            declare(game, weapon="1e-clustermissiles")
            asked = False
            while game.decision is not None:
                d = game.decision
                asked = asked or (d.kind == "use_ability"
                                  and "primary weapon attack" in d.prompt)
                keys = d.option_keys()
                game.answer(next(k for k in ("done", "decline", "none") if k in keys))
            assert asked is offered


# ------------------------------------------------------------------ astromechs
class TestR2Astromech:
    def fly(self, dial: str, upgrades=("1e-r2astromech",), answer: str = "use", **setup):
        sc = Scene(ruleset="1e")
        ship = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=list(upgrades), **setup)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = activation(sc, ship, dial)
        if game.decision is not None and game.decision.kind == "use_ability":
            game.answer(answer)
        return game, game.state.ships[ship]

    def test_a_white_2_speed_maneuver_is_green(self):
        """A stressed X-wing executes a white 2 turn treated as green: its stress is
        removed; declining, it stays."""
        assert not self.fly("2TW", stress=1)[1].stressed
        assert self.fly("2TW", answer="decline", stress=1)[1].stressed

    def test_not_a_3_speed_maneuver(self):
        """A white 3 bank is not offered: straight to the Perform Action step."""
        game, ship = self.fly("3BW", stress=1)
        assert (game.decision is None or game.decision.kind != "use_ability") and ship.stressed

    def test_faq_damaged_engine_keeps_turns_red(self):
        """FAQ (1e) R2 Astromech and Damaged Engine: the faceup Damaged Engine makes the
        2 turn red, which wins over R2 Astromech: it gains a stress token."""
        _game, ship = self.fly("2TW", damage=[DamageCard("1e-core-damagedengine", True, 1)])
        assert ship.stressed

    def test_faq_the_ion_maneuver_is_green(self):
        """FAQ (1e) R2 Astromech: an ionized ship's white 1 straight may be treated as
        green: its stress is removed."""
        _game, ship = self.fly("3BW", stress=1, ion=1)
        assert not ship.stressed


class TestR2D2:
    def fly(self, dial: str, shields: int = 1, rock: bool = False):
        sc = Scene(ruleset="1e")
        ship = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-r2d2"], shields=shields)
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        if rock:
            sc.obstacle(ROCK, 400, 420)
        game = sc.game()
        game.state.ships[ship].dial_set = dial
        load_dice(game, ["hit"])
        start_at(game, Activate(ship), phase="activation")
        return game, ship

    def test_recovers_a_shield_after_a_green_maneuver(self):
        """After a green 2 straight R2-D2 may recover the lost shield (declining, it stays
        lost)."""
        game, ship = self.fly("2FB")
        pass_until(game, "use_ability", ship)
        game.answer("use")
        assert game.state.ships[ship].shields == 2
        game, ship = self.fly("2FB")
        pass_until(game, "use_ability", ship)
        game.answer("decline")
        assert game.state.ships[ship].shields == 1

    def test_not_after_a_white_maneuver(self):
        """After a white 3 straight nothing is offered."""
        game, ship = self.fly("3FW")
        assert game.decision.kind == "perform_action"
        assert game.state.ships[ship].shields == 1

    def test_faq_recovers_before_an_obstacle_damage_roll(self):
        """FAQ (1e) R2-D2: through an asteroid on a green maneuver, the shield is recovered
        before the asteroid's die is rolled (a hit then takes that shield)."""
        game, ship = self.fly("2FB", rock=True)
        pass_until(game, "use_ability", ship)
        game.answer("use")
        finish(game)
        texts = [e["text"] for e in game.log]
        recovered = next(i for i, t in enumerate(texts) if "recovers 1 shield" in t)
        asteroid = next(i for i, t in enumerate(texts) if "from asteroid" in t)
        assert recovered < asteroid


    def test_faq_a_mine_is_rolled_for_before_the_shield(self):
        """FAQ (1e) R2-D2: a green maneuver overlapping a proximity mine: the mine's damage
        is rolled before R2-D2 recovers the shield."""
        sc = Scene(ruleset="1e")
        hunter = sc.ship("1e-firespray31-bountyhunter", player=2, at=(700, 800, 180),
                         upgrades=["1e-proximitymines"])
        ship = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-r2d2"], shields=1)
        game = sc.game()
        place_devices_at(game, game.state.ships[hunter], "1e-proximitymines",
                         Pose(400, 400, 180), "")
        game.state.ships[ship].dial_set = "2FB"
        load_dice(game, ["hit", "blank", "blank"])
        start_at(game, Activate(ship), phase="activation")
        pass_until(game, "use_ability", ship)
        game.answer("use")
        texts = [e["text"] for e in game.log]
        mine = next(i for i, t in enumerate(texts) if "suffers damage from 1eproximitymine" in t)
        recovered = next(i for i, t in enumerate(texts) if "recovers 1 shield" in t)
        assert mine < recovered and game.state.ships[ship].shields == 1


class TestR2F2:
    def test_agility_1_higher_this_round(self):
        """After the R2-F2 action the X-wing rolls 3 defense dice at Range 2 this round, and 2
        again the next round."""
        sc = Scene(ruleset="1e", first_player=2)
        x = sc.ship(ROOKIE, at=(400, Y[2], 180), upgrades=["1e-r2f2"])
        tie = sc.ship(ACADEMY, player=2, at=(400, 300, 0))
        game = sc.at(PerformAction(x, during_activation=True), phase="activation")
        game.answer("1e-r2f2")
        start_at(game, Engage(tie))
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        declare(game, "p1.1")
        skip_dice(game)
        assert dice_count(game) == 3
        game.state.round += 1
        start_at(game, Engage(tie))
        load_dice(game, ["hit", "hit"], ["blank"] * 3)
        declare(game, "p1.1")
        skip_dice(game)
        assert dice_count(game) == 2


class TestR5D8:
    def repair(self, face: str):
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-r5d8"],
                    damage=[DamageCard("1e-core-directhit", False, 1)])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(PerformAction(x, during_activation=True), phase="activation")
        load_dice(game, [], [face])
        game.answer("1e-r5d8")
        finish(game)
        return game.state.ships[x]

    def test_an_evade_or_focus_discards_a_facedown_card(self):
        """The R5-D8 action rolls an evade (or a focus): the facedown damage card is
        discarded."""
        assert self.repair("evade").damage == ()
        assert self.repair("focus").damage == ()

    def test_not_on_a_blank(self):
        """A blank: the card stays."""
        assert len(self.repair("blank").damage) == 1


class TestR5K6:
    def fire(self, face: str, upgrades=("1e-r5k6", "1e-protontorpedoes")):
        sc, a, _d = duel(list(upgrades), locks=["p2.1"])
        game = sc.at(Engage(a))
        load_dice(game, then=faces(DieKind.DEFENSE, [face])
                  + faces(DieKind.ATTACK, ["blank", "hit", "blank", "blank"])
                  + faces(DieKind.DEFENSE, ["blank"] * 3))
        declare(game, weapon="1e-protontorpedoes")
        return game, a

    def test_an_evade_acquires_the_lock_again_not_to_be_spent_in_this_attack(self):
        """The lock spent on the torpedoes: R5-K6 rolls an evade and the lock is acquired
        again at once, but it cannot be spent in this attack; it remains afterwards."""
        game, a = self.fire("evade")
        assert game.state.ships[a].locks == ["p2.1"]
        assert not [k for k in attack_dice_keys(game) if k.startswith("lock")]
        skip_dice(game)
        finish(game)
        assert game.state.ships[a].locks == ["p2.1"]

    def test_no_lock_on_another_result(self):
        """A focus result: no lock."""
        game, a = self.fire("focus")
        assert game.state.ships[a].locks == []


class TestR5Astromech:
    def end_phase(self, card: str):
        sc = Scene(ruleset="1e")
        x = sc.ship(ROOKIE, at=(400, 300, 0), upgrades=["1e-r5astromech"],
                    damage=[DamageCard(card, True, 1)])
        sc.ship(ACADEMY, player=2, at=(400, 850, 180))
        game = sc.at(StartEndPhase(), phase="end")
        from tallon.engine.queue import FireWindow

        start_at(game, FireWindow.of("end_phase"), phase="end")
        return game, x

    def test_a_faceup_ship_card_is_flipped_facedown(self):
        """In the End phase R5 flips the faceup Damaged Engine (Ship trait) facedown;
        declining, it stays faceup."""
        game, x = self.end_phase("1e-core-damagedengine")
        assert game.decision.kind == "use_ability"
        game.answer("1")
        assert [c.faceup for c in game.state.ships[x].damage] == [False]
        game, x = self.end_phase("1e-core-damagedengine")
        game.answer("decline")
        assert [c.faceup for c in game.state.ships[x].damage] == [True]

    def test_not_a_pilot_card(self):
        """A faceup Blinded Pilot (Pilot trait) is not offered."""
        game, x = self.end_phase("1e-core-blindedpilot")
        assert game.decision is None
        assert [c.faceup for c in game.state.ships[x].damage] == [True]
