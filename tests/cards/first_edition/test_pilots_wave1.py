"""First-edition pilots of the Core Set and wave 1 (X-wing, Y-wing, TIE Fighter, TIE
Advanced). Player 1 sits at y = 0 facing +y; a ship at (400, 300) facing +y reaches a
ship ahead at y = 380 / 490 / 550 at Range 1 / 2 / 3. Generic carriers: Rookie Pilots
(X-wing, pilot skill 2), Gold Squadron Pilots (Y-wing, 2), Academy Pilots (TIE, 1)."""

from __future__ import annotations

from tallon.cards import CARDS
from tallon.cards.first_edition.ordnance_1e import ordnance_weapon
from tallon.engine.abilities import CardRegistry
from tallon.engine.actions import PerformAction
from tallon.engine.attack import Engage
from tallon.engine.rounds import StartEngagement
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, load_dice, stack_deck, start_at
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


def duel(attacker: str, defender: str, range_: int = 2, x: float = 400.0,
         heading: float = 180.0, up: tuple[str, ...] = (), down: tuple[str, ...] = (),
         **setup):
    """An attacker at (400, 300) facing +y and a defender ahead at ``range_``."""
    sc = Scene(ruleset="1e")
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=list(up), **setup)
    d = sc.ship(defender, player=2, at=(x, Y[range_], heading), upgrades=list(down))
    return sc, a, d


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind == "declare_attack", game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def targets(game) -> list[str]:
    assert game.decision.kind == "declare_attack", game.decision.prompt
    return [k for k in values(game) if k != "none"]


# ---------------------------------------------------------------------- X-wing
class TestWedgeAntilles:
    def test_the_defender_rolls_with_1_less_agility(self):
        """Wedge attacks an Academy Pilot (agility 3) at Range 2: its agility is 2, so it
        rolls 2 defense dice; a Rookie Pilot's attack leaves it 3."""
        for pilot, dice in (("1e-xwing-wedgeantilles", 2), (ROOKIE, 3)):
            sc, a, _ = duel(pilot, ACADEMY)
            game = engage(sc, a, ["hit", "hit", "hit"], ["blank"] * 3)
            declare(game)
            skip_dice(game)
            assert dice_count(game) == dice

    def test_faq_agility_reduced_to_0_before_the_range_bonus(self):
        """FAQ (1e), Increasing and Reducing Values: a Y-wing (agility 1) with a faceup
        Structural Damage (agility -1) attacked by Wedge at Range 3: its agility is 0
        (not -1), then the range bonus gives it 1 defense die."""
        sc = Scene(ruleset="1e")
        a = sc.ship("1e-xwing-wedgeantilles", at=(400, 300, 0))
        sc.ship(GOLD, player=2, at=(400, Y[3], 180), damage=[
            DamageCard("1e-core-structuraldamage", True, 1)])
        game = engage(sc, a, ["hit", "hit", "hit"], ["blank"])
        declare(game)
        skip_dice(game)
        assert dice_count(game) == 1

    def test_not_while_defending(self):
        """An Academy Pilot attacks Wedge (agility 2) at Range 2: Wedge rolls 2 dice."""
        sc = Scene(ruleset="1e")
        tie = sc.ship(ACADEMY, at=(400, 300, 0))
        sc.ship("1e-xwing-wedgeantilles", player=2, at=(400, Y[2], 180))
        game = engage(sc, tie, ["hit", "hit"], ["blank", "blank"])
        declare(game)
        skip_dice(game)
        assert dice_count(game) == 2


class TestGarvenDreis:
    def scene(self, friend_y: float = 250.0, **friend):
        sc = Scene(ruleset="1e")
        garven = sc.ship("1e-xwing-garvendreis", at=(400, 300, 0), tokens={"focus": 1})
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        friend_id = sc.ship(ROOKIE, at=(300, friend_y, 0), **friend)
        return sc, garven, friend_id

    def spend_focus(self, sc, garven):
        game = engage(sc, garven, ["focus", "hit", "blank"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", garven)
        game.answer(next(k for k in values(game) if k.startswith("focus")))
        return game

    def test_the_spent_focus_token_goes_to_a_friend_at_range_1_2(self):
        """Garven spends his focus token attacking: he may place it on the Rookie Pilot at
        Range 1; declining, the token is gone."""
        for answer, count in (("p1.2", 1), ("decline", 0)):
            sc, garven, friend = self.scene()
            game = self.spend_focus(sc, garven)
            pass_until(game, "use_ability", garven)
            game.answer(answer)
            assert game.state.ships[friend].count(Token.FOCUS) == count
            assert game.state.ships[garven].count(Token.FOCUS) == 0

    def test_not_to_a_friend_beyond_range_2(self):
        """A friend at Range 3 (300 mm behind) cannot be given the token: nothing is
        asked."""
        sc, garven, friend = self.scene(friend_y=20.0)
        game = self.spend_focus(sc, garven)
        while game.decision is not None:
            assert game.decision.kind != "use_ability"
            skip_dice(game) if game.decision.kind.startswith("modify") else finish(game)
        assert game.state.ships[friend].count(Token.FOCUS) == 0

    def test_faq_a_ship_that_focused_this_round_may_be_given_one(self):
        """FAQ (1e) Garven Dreis: a ship that performed a focus action this round may still
        be assigned his focus token (and then has 2)."""
        sc, garven, friend = self.scene(actions_done=("focus",), focus=1)
        game = self.spend_focus(sc, garven)
        pass_until(game, "use_ability", garven)
        game.answer(friend)
        assert game.state.ships[friend].count(Token.FOCUS) == 2

    def test_faq_focus_spent_without_focus_results(self):
        """FAQ (1e) Garven Dreis: a focus token may be spent with no focus result to change;
        he may then still place it on a friend."""
        sc, garven, friend = self.scene()
        game = engage(sc, garven, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", garven)
        spend = [k for k in values(game) if k.startswith("focus")]
        assert spend
        game.answer(spend[0])
        pass_until(game, "use_ability", garven)
        game.answer(friend)
        assert game.state.ships[friend].count(Token.FOCUS) == 1


class TestBiggsDarklighter:
    def scene(self, biggs_x: float = 470.0, biggs_y: float = Y[2]):
        """An Academy Pilot at (400, 300) facing +y; a Rookie Pilot ahead at Range 2 and
        Biggs at Range 1 of it."""
        sc = Scene(ruleset="1e", first_player=2)
        tie = sc.ship(ACADEMY, player=2, at=(400, 300, 0))
        biggs = sc.ship("1e-xwing-biggsdarklighter", at=(biggs_x, biggs_y, 180))
        rookie = sc.ship(ROOKIE, at=(400, Y[2], 180))
        return sc, tie, biggs, rookie

    def start_combat(self, sc, use: bool):
        game = sc.at(StartEngagement(), Engage("p2.1"))
        pass_until(game, "use_ability", "p1.1")
        game.answer("use" if use else "decline")
        pass_until(game, "declare_attack", "p2.1")
        return game

    def test_an_attacker_that_could_target_him_cannot_target_his_friend(self):
        """Biggs draws the fire: the TIE, which could target Biggs, cannot target the
        Rookie Pilot at Range 1 of him; if Biggs declines, it can."""
        sc, _tie, biggs, rookie = self.scene()
        game = self.start_combat(sc, use=True)
        assert targets(game) == [f"primary:front@{biggs}"]
        sc, _tie, biggs, rookie = self.scene()
        game = self.start_combat(sc, use=False)
        assert sorted(targets(game)) == sorted([f"primary:front@{biggs}",
                                                f"primary:front@{rookie}"])

    def test_faq_not_if_the_attacker_could_not_target_him(self):
        """FAQ (1e) Biggs Darklighter: his ability does not apply when the attacker's weapon
        cannot target him: Biggs beside the Rookie Pilot but outside the TIE's firing arc
        (at its side, 120 mm away) leaves the Rookie Pilot a target."""
        sc, _tie, _biggs, rookie = self.scene(biggs_x=520.0, biggs_y=300.0)
        game = self.start_combat(sc, use=True)
        assert targets(game) == [f"primary:front@{rookie}"]

    def test_once_per_game(self):
        """Having used it, Biggs is not asked again at the next Combat phase."""
        sc, _tie, _biggs, _rookie = self.scene()
        game = self.start_combat(sc, use=True)
        game.state.round += 1
        start_at(game, StartEngagement(), Engage("p2.1"))
        assert game.decision.kind == "declare_attack"
        assert len(targets(game)) == 2


class TestLukeSkywalker:
    def test_a_focus_result_becomes_an_evade_when_defending(self):
        """An Academy Pilot attacks Luke, who rolls a focus: he may change it to an evade;
        a Rookie Pilot may not."""
        for pilot, offered in (("1e-xwing-lukeskywalker", True), (ROOKIE, False)):
            sc = Scene(ruleset="1e")
            tie = sc.ship(ACADEMY, at=(400, 300, 0))
            sc.ship(pilot, player=2, at=(400, Y[2], 180))
            game = engage(sc, tie, ["hit", "hit"], ["focus", "blank"])
            declare(game)
            skip_dice(game, "modify_defense_dice", "p2.1")
            assert offers(game, "1e-xwing-lukeskywalker" if offered else pilot) is offered
            if offered:
                modify_with(game, "1e-xwing-lukeskywalker")
                skip_dice(game)
                assert game.state.ships["p2.1"].shields == 1  # 1 hit left

    def test_not_when_attacking(self):
        """Luke attacking with a focus result: no change to an evade (nor on his dice)."""
        sc, a, _ = duel("1e-xwing-lukeskywalker", ACADEMY)
        game = engage(sc, a, ["focus", "hit", "hit"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, "1e-xwing-lukeskywalker")


# ---------------------------------------------------------------------- Y-wing
class TestDutchVander:
    def lock(self, dutch_pilot="1e-ywing-dutchvander", friend_y=250.0, locks=()):
        sc = Scene(ruleset="1e")
        dutch = sc.ship(dutch_pilot, at=(400, 300, 0), locks=list(locks))
        friend = sc.ship(GOLD, at=(300, friend_y, 0))
        sc.ship(ACADEMY, player=2, at=(400, Y[2], 180))
        game = sc.at(PerformAction(dutch, during_activation=True), phase="activation")
        game.answer("lock")
        if game.decision is not None and game.decision.kind == "lock_target":
            game.answer("p2.1")
        return game, dutch, friend

    def test_a_friend_at_range_1_2_may_acquire_a_target_lock(self):
        """Dutch acquires a target lock: the Y-wing at Range 1 may then acquire one (it
        locks the TIE); after a Gold Squadron Pilot's lock, nothing is offered."""
        game, _dutch, friend = self.lock()
        pass_until(game, "use_ability", friend)
        assert "p2.1" in values(game) and "decline" in values(game)
        game.answer("p2.1")
        assert game.state.ships[friend].locks == ["p2.1"]
        game, _dutch, friend = self.lock(GOLD)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[friend].locks == []

    def test_the_friend_may_decline(self):
        """The chosen ship's lock is a "may": declining leaves it without one."""
        game, _dutch, friend = self.lock()
        pass_until(game, "use_ability", friend)
        game.answer("decline")
        assert game.state.ships[friend].locks == []

    def test_not_a_friend_beyond_range_2(self):
        """A friend 300 mm behind (Range 3) is not chosen: nothing is offered."""
        game, _dutch, friend = self.lock(friend_y=20.0)
        assert game.decision is None or game.decision.kind != "use_ability"
        assert game.state.ships[friend].locks == []

    def test_faq_locking_again_the_ship_already_locked_triggers_him(self):
        """FAQ (1e) Q&A: a ship may acquire a target lock again on the ship it has locked,
        which triggers "Dutch" Vander."""
        game, _dutch, friend = self.lock(locks=("p2.1",))
        pass_until(game, "use_ability", friend)
        game.answer("p2.1")
        assert game.state.ships[friend].locks == ["p2.1"]


class TestHortonSalm:
    def test_rerolls_blanks_at_range_2_3(self):
        """Horton attacks at Range 2 with 2 blanks: he may reroll both (they become hits);
        a Gold Squadron Pilot may not."""
        sc, a, _ = duel("1e-ywing-hortonsalm", ACADEMY)
        game = engage(sc, a, ["blank", "blank"], ["blank", "blank", "blank"],
                      rerolls=["hit", "hit"])
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-ywing-hortonsalm", "reroll 2 blank")
        skip_dice(game)
        assert len(game.state.ships["p2.1"].damage) == 2
        sc, a, _ = duel(GOLD, ACADEMY)
        game = engage(sc, a, ["blank", "blank"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, GOLD)

    def test_not_at_range_1(self):
        """At Range 1 the blanks are not rerolled."""
        sc, a, _ = duel("1e-ywing-hortonsalm", ACADEMY, range_=1)
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, "1e-ywing-hortonsalm")


# ----------------------------------------------------------------- TIE Fighter
class TestWingedGundark:
    def test_a_hit_becomes_a_critical_hit_at_range_1(self):
        """"Winged Gundark" attacks at Range 1: he may change a hit to a critical hit; an
        Academy Pilot may not."""
        sc, a, _ = duel("1e-tiefighter-wingedgundark", ROOKIE, range_=1)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank", "blank"])
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        modify_with(game, "1e-tiefighter-wingedgundark")
        skip_dice(game)
        assert [d.faceup for d in game.state.ships["p2.1"].damage] == []
        assert game.state.ships["p2.1"].shields == 1  # the critical hit took a shield
        assert any("critical hit" in e["text"] and "1 critical" in e["text"]
                   for e in game.log if e["kind"] == "neutralize")
        sc, a, _ = duel(ACADEMY, ROOKIE, range_=1)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank", "blank"])
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, ACADEMY)

    def test_not_at_range_2(self):
        """At Range 2 the hit stays a hit."""
        sc, a, _ = duel("1e-tiefighter-wingedgundark", ROOKIE, range_=2)
        game = engage(sc, a, ["hit", "blank"], ["blank", "blank"])
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, "1e-tiefighter-wingedgundark")


class TestNightBeast:
    def fly(self, dial: str, pilot: str = "1e-tiefighter-nightbeast", **setup):
        sc = Scene(ruleset="1e")
        tie = sc.ship(pilot, at=(400, 300, 0), **setup)
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, tie, dial), tie

    def test_a_free_focus_action_after_a_green_maneuver(self):
        """Night Beast executes a green 2 straight: he may perform a free focus action (and
        then still his own action); an Academy Pilot is not offered one."""
        game, tie = self.fly("2FB")
        pass_until(game, "use_ability", tie)
        game.answer("focus")
        assert game.state.ships[tie].count(Token.FOCUS) == 1
        game, tie = self.fly("2FB", ACADEMY)
        assert game.decision.kind == "perform_action"

    def test_not_after_a_white_maneuver(self):
        """After a white 3 straight: no free focus action, straight to his Perform Action
        step."""
        game, _tie = self.fly("3FW")
        assert game.decision.kind == "perform_action"

    def test_faq_stressed_before_a_green_maneuver(self):
        """FAQ (1e) "Night Beast": stressed before executing a green maneuver, he may still
        perform the free focus action, the stress being removed as he executes it."""
        game, tie = self.fly("2FB", stress=1)
        pass_until(game, "use_ability", tie)
        game.answer("focus")
        ship = game.state.ships[tie]
        assert not ship.stressed and ship.count(Token.FOCUS) == 1

    def test_faq_after_overlapping_a_ship(self):
        """FAQ (1e) "Night Beast": a green maneuver that overlaps another ship still grants
        the free focus action (his Perform Action step is skipped)."""
        sc = Scene(ruleset="1e")
        tie = sc.ship("1e-tiefighter-nightbeast", at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 420, 180))
        game = activation(sc, tie, "2FB")
        pass_until(game, "use_ability", tie)
        game.answer("focus")
        assert game.state.ships[tie].count(Token.FOCUS) == 1


class TestBackstabber:
    def rolled(self, pilot: str, heading: float, defender: str = ROOKIE) -> int:
        sc, a, _ = duel(pilot, defender, heading=heading)
        game = engage(sc, a, ["hit"] * 4, ["blank"] * 3)
        declare(game)
        skip_dice(game)
        return dice_count(game, 0)

    def test_1_more_die_from_outside_the_defenders_firing_arc(self):
        """Backstabber attacks a Rookie Pilot from behind it (it faces away): 3 dice; an
        Academy Pilot rolls 2."""
        assert self.rolled("1e-tiefighter-backstabber", 0.0) == 3
        assert self.rolled(ACADEMY, 0.0) == 2

    def test_not_from_inside_its_firing_arc(self):
        """Facing the Rookie Pilot's front arc: 2 dice."""
        assert self.rolled("1e-tiefighter-backstabber", 180.0) == 2

    def test_faq_a_turret_is_no_360_degree_firing_arc(self):
        """FAQ (1e) "Backstabber" and Q&A: only the firing arcs printed on the defender's
        token count: behind a YT-1300 (turret primary weapon) he rolls 1 more die."""
        assert self.rolled("1e-tiefighter-backstabber", 0.0,
                           "1e-yt1300-outerrimsmuggler") == 3


    def test_faq_with_a_secondary_weapon(self):
        """FAQ (1e) "Backstabber": attacking with a secondary weapon from outside the
        defender's firing arcs, he still rolls 1 more die (3 + 1 for an Ion Cannon Turret;
        the scene does not check his upgrade bar)."""
        sc, a, _ = duel("1e-tiefighter-backstabber", ROOKIE, heading=0.0,
                        up=("1e-ioncannonturret",))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, weapon="1e-ioncannonturret")
        skip_dice(game)
        assert dice_count(game, 0) == 4


class TestDarkCurse:
    def attack_him(self, pilot: str = "1e-tiefighter-darkcurse", dice=("focus", "blank",
                                                                       "hit")):
        sc = Scene(ruleset="1e")
        a = sc.ship(ROOKIE, at=(400, 300, 0), tokens={"focus": 1}, locks=["p2.1"])
        sc.ship(pilot, player=2, at=(400, Y[2], 180))
        game = engage(sc, a, list(dice), ["blank"] * 3)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        d = game.decision
        return d.option_keys() if d is not None and d.kind == "modify_attack_dice" else []

    def test_the_attacker_cannot_spend_focus_or_reroll(self):
        """A Rookie Pilot with a focus token and a target lock attacks "Dark Curse": it may
        neither spend the focus nor reroll with the lock; attacking an Academy Pilot it may
        do both."""
        keys = self.attack_him()
        assert not [k for k in keys if k.startswith(("focus", "lock"))]
        keys = self.attack_him(ACADEMY)
        assert [k for k in keys if k.startswith("focus")]
        assert [k for k in keys if k.startswith("lock")]

    def test_no_reroll_lent_by_howlrunner(self):
        """Ruling: "ships attacking you cannot reroll attack dice" covers a reroll another
        card lends the attacker: an Academy Pilot beside Howlrunner attacking "Dark Curse"
        is offered no reroll (attacking an Academy Pilot it is)."""
        for defender, offered in (("1e-tiefighter-darkcurse", False), (ACADEMY, True)):
            sc = Scene(ruleset="1e")
            a = sc.ship(ACADEMY, at=(400, 300, 0))
            sc.ship(defender, player=2, at=(400, Y[2], 180))
            sc.ship("1e-tiefighter-howlrunner", at=(330, 300, 0))
            game = engage(sc, a, ["blank", "hit"], ["blank"] * 3)
            declare(game)
            skip_dice(game, "modify_attack_dice", a)
            assert offers(game, "1e-tiefighter-howlrunner") is offered

    def test_not_when_attacking(self):
        """Attacking, "Dark Curse" may spend his own focus token."""
        sc, a, _ = duel("1e-tiefighter-darkcurse", ROOKIE, tokens={"focus": 1})
        game = engage(sc, a, ["focus", "hit"], ["blank", "blank"])
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert [k for k in values(game) if k.startswith("focus")]

    def test_faq_a_weapon_that_spends_a_focus_token_may_target_him(self):
        """FAQ (1e) "Dark Curse": a secondary weapon whose cost is a focus token may be fired
        at him (the cost is paid before he is the defender). A test registry gives Proton
        Torpedoes an "Attack (Focus)" header."""
        cards = CardRegistry("test", base=CARDS)
        cards.register("upgrade", "1e-protontorpedoes",
                       *ordnance_weapon("Focus Torpedoes", "1e-protontorpedoes",
                                        requires="focus"), description="test")
        sc = Scene(ruleset="1e", cards=cards)
        a = sc.ship(ROOKIE, at=(400, 300, 0), tokens={"focus": 1},
                    upgrades=["1e-protontorpedoes"])
        sc.ship("1e-tiefighter-darkcurse", player=2, at=(400, Y[2], 180))
        game = sc.at(Engage(a))
        load_dice(game, ["hit"] * 4, ["blank"] * 3)
        declare(game, weapon="1e-protontorpedoes")
        assert game.state.ships[a].count(Token.FOCUS) == 0
        assert any("Proton Torpedoes" in e["text"] and "Dark Curse" in e["text"]
                   for e in game.log if e["kind"] == "attack")


class TestMaulerMithel:
    def test_1_more_die_at_range_1(self):
        """Mauler Mithel at Range 1: 2 + 1 (range bonus) + 1 = 4 dice; an Academy Pilot
        rolls 3."""
        for pilot, count in (("1e-tiefighter-maulermithel", 4), (ACADEMY, 3)):
            sc, a, _ = duel(pilot, ROOKIE, range_=1)
            game = engage(sc, a, ["hit"] * 4, ["blank"] * 2)
            declare(game)
            skip_dice(game)
            assert dice_count(game, 0) == count

    def test_not_at_range_2(self):
        """At Range 2: 2 dice."""
        sc, a, _ = duel("1e-tiefighter-maulermithel", ROOKIE, range_=2)
        game = engage(sc, a, ["hit"] * 2, ["blank"] * 2)
        declare(game)
        skip_dice(game)
        assert dice_count(game, 0) == 2


class TestHowlrunner:
    def wingman(self, howl_x: float = 330.0, howl_pilot="1e-tiefighter-howlrunner",
                attacker_at=(400, 300, 0)):
        sc = Scene(ruleset="1e")
        a = sc.ship(ACADEMY, at=attacker_at)
        sc.ship(ROOKIE, player=2, at=(400, Y[2], 180))
        sc.ship(howl_pilot, at=(howl_x, 300, 0))
        game = engage(sc, a, ["blank", "hit"], ["blank"] * 2)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        return game

    def test_a_friend_at_range_1_may_reroll_1_attack_die(self):
        """An Academy Pilot beside Howlrunner (Range 1) attacks with its primary weapon: it
        may reroll 1 die through her; beside a Black Squadron Pilot it may not."""
        assert offers(self.wingman(), "1e-tiefighter-howlrunner")
        assert not offers(self.wingman(howl_pilot="1e-tiefighter-blacksquadronpilot"),
                          "1e-tiefighter-blacksquadronpilot")

    def test_not_a_friend_at_range_2(self):
        """Howlrunner 150 mm aside (Range 2): nothing offered."""
        assert not offers(self.wingman(howl_x=210.0), "1e-tiefighter-howlrunner")

    def test_not_her_own_attack(self):
        """"Another friendly ship": attacking, Howlrunner does not reroll through her own
        ability."""
        sc, a, _ = duel("1e-tiefighter-howlrunner", ROOKIE)
        game = engage(sc, a, ["blank", "hit"], ["blank"] * 2)
        declare(game)
        skip_dice(game, "modify_attack_dice", a)
        assert not offers(game, "1e-tiefighter-howlrunner")

    def test_faq_range_measured_from_howlrunner(self):
        """FAQ (1e) Range Measurement: the range is measured from Howlrunner to the attacker
        (not to the defender): the attacker at Range 1 of her, the defender at Range 2 of
        both, still rerolls."""
        game = self.wingman(howl_x=330.0)
        assert offers(game, "1e-tiefighter-howlrunner")


# ---------------------------------------------------------------- TIE Advanced
class TestMaarekStele:
    def test_the_faceup_card_is_chosen_among_3(self):
        """Maarek's critical hit would deal a faceup card: 3 are drawn and he chooses the one
        dealt (the others discarded); a Tempest Squadron Pilot's deals the top card."""
        sc, a, d = duel("1e-tieadvanced-maarekstele", ROOKIE, shields=0)
        game = engage(sc, a, ["crit", "blank", "blank"], ["blank", "blank"])
        game.state.ships[d].shields = 0
        stack_deck(game, 2, ["1e-core-directhit", "1e-core-damagedengine",
                             "1e-core-consolefire"])
        declare(game)
        skip_dice(game, "maarek_damage_card")
        game.answer("1e-core-consolefire")
        finish(game)
        assert [c.card for c in game.state.ships[d].damage] == ["1e-core-consolefire"]
        assert game.state.player(2).discard[-2:] == ["1e-core-directhit",
                                                     "1e-core-damagedengine"]

    def test_not_for_a_hit(self):
        """A regular hit deals a facedown card without any choice."""
        sc, a, d = duel("1e-tieadvanced-maarekstele", ROOKIE)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank", "blank"])
        game.state.ships[d].shields = 0
        declare(game)
        skip_dice(game)
        finish(game)
        assert [c.faceup for c in game.state.ships[d].damage] == [False]


class TestDarthVader:
    def act(self, pilot: str):
        sc = Scene(ruleset="1e")
        vader = sc.ship(pilot, at=(400, 300, 0))
        sc.ship(ROOKIE, player=2, at=(400, 800, 180))
        return activation(sc, vader, "2FW"), vader

    def test_two_actions_in_the_perform_action_step(self):
        """Darth Vader performs a focus action, then may perform a second action (an evade);
        a Storm Squadron Pilot has one action."""
        game, vader = self.act("1e-tieadvanced-darthvader")
        assert game.decision.kind == "perform_action"
        game.answer("focus")
        assert game.decision is not None and game.decision.kind == "perform_action"
        assert "focus" not in values(game)  # not the same action twice a round
        game.answer("evade")
        ship = game.state.ships[vader]
        assert ship.count(Token.FOCUS) == 1 and ship.count(Token.EVADE) == 1
        game, _storm = self.act("1e-tieadvanced-stormsquadronpilot")
        game.answer("focus")
        assert game.decision is None or game.decision.kind != "perform_action"

    def test_not_outside_the_perform_action_step(self):
        """A free action granted elsewhere is one action: Vader's ability gives a second one
        only in his Perform Action step (after passing, no further action comes)."""
        game, _vader = self.act("1e-tieadvanced-darthvader")
        game.answer("pass")
        assert game.decision is not None and game.decision.kind == "perform_action"
        game.answer("pass")
        assert game.decision is None or game.decision.kind != "perform_action"
