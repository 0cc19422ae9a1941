"""RR: ATTACK step 6 (Aftermath, 6a-6d), RR: BONUS ATTACK, RR: SIMULTANEOUS FIRE,
RR: DESTROYING SHIPS, RR: ENGAGEMENT PHASE, and the FAQ "Engagement Phase and attacking" (effects of
a destruction during an attack resolve in step 6).

Cards used because their timing is the point: Wes Janson (after attacking / after
defending: may spend 1 charge to give the other ship a jam token), Hopeful (after another
friendly ship at range 0-3 is destroyed, if it had Hopeful: may perform a focus or boost
action), Cluster Missiles (after attacking with them: a bonus attack with them against
another ship at range 0-1 of the defender) and Zam Wesell's "You'd Better Mean Business"
(after defending: spend 2 of Zam's charges for a bonus attack against the attacker)."""

from __future__ import annotations

import pytest

from tallon.cards.common import is_in_arc, range_of
from tallon.engine.attack import Engage
from tallon.engine.rounds import Sweep
from tallon.engine.state import ConditionCard, DamageCard, Token
from tallon.geometry import Arc
from tallon.scene import Scene, declare, load_dice, start_at
from tests.rules.attack_helpers import (
    KWING,
    MODIFY_KINDS,
    TIE,
    TIE3,
    XWING,
    XWING3,
    answer,
    attacks,
    finish,
    log_index,
    script,
)

HERE = (400, 300, 0)
R2 = (400, 500, 180)
BUSINESS = "youdbettermeanbusiness"


def evades(n: int) -> tuple[str, list[str]]:
    return ("defense", ["evade"] * n)


def preset_damage(count: int) -> list[DamageCard]:
    return [DamageCard("loosestabilizer", False, 900 + k) for k in range(count)]


def decisions(game, limit=30, answers=None, until=None):
    """Play on, recording (kind, ship) of each decision: abilities are used, bonus
    attacks declared against the first defender offered, dice left alone. Stops when the
    game does, or (unanswered) at the first decision of kind ``until``."""
    seen = []
    answers = dict(answers or {})
    for _ in range(limit):
        d = game.decision
        if d is None or d.kind == until:
            return seen
        if d.kind not in MODIFY_KINDS:
            seen.append((d.kind, d.ship))
        values = d.option_keys()
        if (d.kind, d.ship) in answers:
            game.answer(answers.pop((d.kind, d.ship)))
        elif d.kind == "use_ability":
            game.answer("use" if "use" in values else values[0])
        elif d.kind == "bonus_attack":
            game.answer(next(v for v in values if "@" in v))
        elif "done" in values:
            game.answer("done")
        else:
            game.answer(values[0])
    raise AssertionError("the game did not stop")


# ================================================================ STEP 6: THE ORDER
class TestAftermathOrder:
    """RR: ATTACK step 6 - a) the defending player's abilities that trigger after defending or
    a destruction, b) the attacking player's after attacking or a destruction, c) the
    defending player's that grant a bonus attack, d) the attacking player's that grant a
    bonus attack."""

    @pytest.mark.parametrize("first_player", [0, 1])
    def test_the_defenders_abilities_before_the_attackers(self, first_player):
        """Wes Janson attacks Wes Janson; both Wes abilities trigger. Whoever is the first
        player, the defender's (6a) resolves before the attacker's (6b)."""
        sc = Scene(first_player=first_player)
        a = sc.ship("wesjanson", at=HERE)
        d = sc.ship("wesjanson", player=1, at=R2)
        game = sc.attack(a, d, then=script(("attack", ["hit", "blank", "blank"]),
                                           ("defense", ["blank", "blank"])))
        assert decisions(game) == [("use_ability", d), ("use_ability", a)]
        assert log_index(game, f"Wes Janson ({a}) gains 1 jam") < \
            log_index(game, f"Wes Janson ({d}) gains 1 jam")

    def test_the_defenders_abilities_before_the_attackers_bonus_attack(self):
        """A K-wing with Cluster Missiles and a lock attacks Wes Janson, another enemy at
        range 1 of him. Wes's jam (6a) resolves before the missiles' bonus attack (6d)."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        d = sc.ship("wesjanson", player=1, at=(400, 490, 180))
        near = sc.ship(XWING, player=1, at=(480, 490, 180))
        game = sc.attack(a, d, weapon="clustermissiles",
                         then=script(("attack", ["blank"] * 3), evades(2),
                                     ("attack", ["blank"] * 3), evades(2)))
        seen = decisions(game)
        assert seen == [("use_ability", d), ("use_ability", a), ("bonus_attack", a)]
        # the jam broke the K-wing's lock before its bonus attack was declared
        assert game.state.ships[a].locks == []
        assert log_index(game, "is jammed") < log_index(game, "as a bonus attack")
        assert f"({near})" in attacks(game, a)[-1]

    def test_the_defenders_bonus_attack_before_the_attackers(self):
        """The K-wing attacks Zam Wesell (4 charges, "You'd Better Mean Business" facedown)
        with its Cluster Missiles; a Spice Runner is at range 1 of Zam. RR: BONUS ATTACK
        ("If both players have a bonus attack that triggers after an attack, the defending
        player resolves their bonus attack first"): Zam's bonus attack against the K-wing
        (6c) is performed before the missiles' bonus attack (6d)."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        zam = sc.ship("zamwesell", player=1, at=(400, 480, 180), charges={"zamwesell": 4})
        runner = sc.ship("spicerunner", player=1, at=(480, 470, 180))
        game = sc.game()
        game.state.ships[zam].conditions.append(ConditionCard(BUSINESS, 1, False))
        start_at(game, Engage(a))
        load_dice(game, then=script(("attack", ["blank"] * 3), evades(2),   # at Zam
                                    ("attack", ["blank"] * 3), evades(1),   # Zam's
                                    ("attack", ["blank"] * 3), evades(2)))  # at the runner
        declare(game, a, zam, "clustermissiles")
        seen = decisions(game)
        assert seen == [("use_ability", zam), ("bonus_attack", zam),
                        ("use_ability", a), ("bonus_attack", a)]
        done = attacks(game)
        assert [t.split(" attacks ")[0] for t in done] == [
            f"Warden Squadron Pilot ({a})", f"Zam Wesell ({zam})", f"Warden Squadron Pilot ({a})"]
        assert f"({runner})" in done[-1]


# ==================================================================== BONUS ATTACK
class TestBonusAttack:
    """RR: BONUS ATTACK - performed in the Aftermath step; a weapon's bonus attack keeps its
    range, arc and cost; "A ship can perform only one bonus attack per round"."""

    def scene(self):
        """A K-wing (Cluster Missiles: 4 charges, a lock) and three TIEs in a row ahead of
        it at range 2, 80 mm apart: each at range 1 of the next."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        ties = [sc.ship(TIE, player=1, at=(x, 490, 180)) for x in (320, 400, 480)]
        game = sc.attack(a, ties[0], weapon="clustermissiles",
                         then=script(*[("attack", ["blank"] * 3), evades(3)] * 3))
        return game, a, ties

    @staticmethod
    def zam_defends(case):
        """A T-65 attacks Zam Wesell (4 charges, "You'd Better Mean Business" facedown) at
        range 2; ``case`` stops Zam from attacking back."""
        sc = Scene()
        at = (200, 480, 90) if case == "attacker beside her" else HERE
        a = sc.ship(XWING, at=at)
        zam = sc.ship("zamwesell", player=1, at=(400, 480, 180), charges={"zamwesell": 4},
                      tokens={"disarm": 1} if case == "disarmed" else None)
        if case == "on an asteroid":
            sc.obstacle("core2asteroid0", 400, 500)
        game = sc.game()
        game.state.ships[zam].conditions.append(ConditionCard(BUSINESS, 1, False))
        start_at(game, Engage(a))
        load_dice(game, then=script(("attack", ["blank"] * 3), evades(2)))
        declare(game, a, zam)
        return game, a, zam

    @pytest.mark.parametrize("case", ["disarmed", "attacker beside her", "on an asteroid"])
    def test_a_bonus_attack_that_cannot_be_made_is_not_offered(self, case):
        """Zam is disarmed, or the attacker is beside her (in none of her arcs), or she sits
        on an asteroid: her bonus attack cannot be performed, so the ability is not offered
        and no charge is spent."""
        game, _, zam = self.zam_defends(case)
        assert game.decision is None
        assert game.state.ships[zam].charges["zamwesell"].active == 4

    def test_the_bonus_attack_pays_the_weapons_cost_again(self):
        game, a, _ = self.scene()
        assert game.state.ships[a].charges["clustermissiles"].active == 3
        decisions(game)
        assert game.state.ships[a].charges["clustermissiles"].active == 2

    def test_the_bonus_attack_keeps_the_weapons_arc(self):
        """The defender at range 2 ahead-left of the K-wing; two more enemies at range 1 of
        it: one in the K-wing's front arc, one beside the K-wing (in its left arc, which its
        turret does not cover). RR: BONUS ATTACK ("the same arc requirements, range
        requirements, and cost requirements are followed"). Only the first is offered."""
        sc = Scene()
        a = sc.ship(KWING, at=HERE, upgrades=["clustermissiles"], locks=["p2.1"])
        d = sc.ship(TIE, player=1, at=(320, 490, 180))
        in_arc = sc.ship(TIE, player=1, at=(400, 490, 180))
        beside = sc.ship(TIE, player=1, at=(250, 400, 90))
        game = sc.attack(a, d, weapon="clustermissiles",
                         then=script(("attack", ["blank"] * 3), evades(3)))
        assert decisions(game, until="bonus_attack") == [("use_ability", a)]
        offered = {o.info["defender"] for o in game.decision.options if o.info}
        assert offered == {in_arc}
        s = game.state.ships
        assert range_of(s[beside], s[d]) == 1 and not is_in_arc(s[a], s[beside], Arc.FRONT)

    def test_only_one_bonus_attack_per_round(self):
        """The bonus attack against the second TIE is followed by no further bonus attack
        against the third, though it is at range 1 of that defender."""
        game, a, ties = self.scene()
        seen = decisions(game)
        assert seen.count(("bonus_attack", a)) == 1
        assert len(attacks(game, a)) == 2
        assert f"({ties[1]})" in attacks(game, a)[1]
        assert game.state.ships[a].bonus_attack_done

    def test_a_ship_that_had_its_bonus_attack_gets_no_other(self):
        """The K-wing already performed a bonus attack this round: the missiles offer no
        bonus attack after its attack."""
        game, a, _ = self.scene()
        game.state.ships[a].bonus_attack_done = True
        assert decisions(game) == []
        assert len(attacks(game, a)) == 1


# ================================================== DESTRUCTION DURING THE ATTACK
class TestDestroyedDuringAnAttack:
    """FAQ ("If it was destroyed during an attack, [effects that trigger upon its
    destruction] are resolved during Step 6: Aftermath"), ATTACK 6a.

    Two Red Squadron Veterans with Hopeful (player 2); one, without shields and with 2
    damage cards (hull 4), is attacked at range 1 with 3 hits: the second hit destroys it,
    the third is dealt all the same."""

    def scene(self, attacker="wesjanson"):
        sc = Scene()
        a = sc.ship(attacker, at=HERE)
        d = sc.ship(XWING3, player=1, at=(400, 420, 180), upgrades=["hopeful"], shields=0,
                    damage=preset_damage(2))
        friend = sc.ship(XWING3, player=1, at=(550, 420, 180), upgrades=["hopeful"])
        game = sc.attack(a, d, then=script(("attack", ["hit", "hit", "hit", "blank"]),
                                           ("defense", ["blank", "blank"])))
        return game, a, d, friend

    def test_destruction_effects_wait_for_the_aftermath(self):
        """When Hopeful is offered, all the damage has been dealt: 5 cards."""
        game, _, d, friend = self.scene()
        assert game.decision.kind == "use_ability" and game.decision.ship == friend
        assert game.state.ships[d].destroyed
        assert len(game.state.ships[d].damage) == 5

    def test_the_defending_players_destruction_effects_come_first(self):
        """The attacker is Wes Janson (after attacking: may jam the defender): the
        defending player's Hopeful (6a) comes before Wes's ability (6b)."""
        game, a, _, friend = self.scene()
        seen = decisions(game, answers={("perform_action", friend): "focus"})
        assert seen[0] == ("use_ability", friend)
        assert ("use_ability", a) in seen[1:]
        assert game.state.ships[friend].has(Token.FOCUS)

    def test_destruction_effects_trigger_once(self):
        """Player 1's Red Squadron Veteran (initiative 3) destroys player 2's (initiative 3,
        Hopeful, 3 damage cards); player 2's other Red Squadron Veteran with Hopeful
        performs a focus action. The destroyed ship then attacks (simultaneous fire); its
        destruction is not a new event: Hopeful is not offered again."""
        sc = Scene()
        a = sc.ship(XWING3, at=HERE)
        d = sc.ship(XWING3, player=1, at=R2, upgrades=["hopeful"], shields=0,
                    damage=preset_damage(3))
        friend = sc.ship(XWING3, player=1, at=(600, 500, 180), upgrades=["hopeful"])
        game = sc.game()
        load_dice(game, then=script(("attack", ["hit", "blank", "blank"]),
                                    ("defense", ["blank"] * 2),
                                    ("attack", ["blank"] * 3), ("defense", ["blank"] * 2)))
        start_at(game, Sweep("engagement"))
        answer(game, "declare_attack", f"primary:front@{d}", a)
        answer(game, "use_ability", "act", friend)
        answer(game, "perform_action", "focus", friend)
        answer(game, "engagement_order", d)
        answer(game, "declare_attack", f"primary:front@{a}", d)
        # next comes the friend's own engagement, not Hopeful again
        assert game.decision is None or game.decision.kind != "use_ability"
        hopeful = [e for e in game.log if e["kind"] == "ability" and "uses hopeful" in e["text"]]
        assert len(hopeful) == 1

    def test_the_destroyed_defender_is_not_removed_during_the_aftermath(self):
        """RR: DEFENDER (remains the defender until the after-attack abilities have
        resolved), RR: SIMULTANEOUS FIRE: the destroyed ship is still in play when the
        aftermath abilities resolve, and after the attack (its initiative step has not
        ended)."""
        game, _, d, _ = self.scene()
        assert game.state.ships[d].in_play
        finish(game)
        assert game.state.ships[d].destroyed and game.state.ships[d].in_play


# ================================================================ SIMULTANEOUS FIRE
class TestSimultaneousFire:
    """RR: SIMULTANEOUS FIRE, RR: DESTROYING SHIPS, RR: ENGAGEMENT PHASE ("After all ships of a
    given initiative have engaged, all destroyed ships are removed"). The Engagement Phase is run
    from its first initiative step; player 1 is the first player."""

    def run(self, defender):
        """A Red Squadron Veteran (initiative 3) and an enemy TIE with 2 damage cards (hull
        3) facing each other at range 2; the T-65's 1 hit destroys it."""
        sc = Scene()
        a = sc.ship(XWING3, at=HERE)
        d = sc.ship(defender, player=1, at=R2, damage=preset_damage(2))
        game = sc.at(Sweep("engagement"))
        load_dice(game, then=script(("attack", ["hit", "blank", "blank"]),
                                    ("defense", ["blank"] * 3),
                                    ("attack", ["hit", "blank"]), ("defense", ["blank"] * 2)))
        answer(game, "declare_attack", f"primary:front@{d}", a)
        return game, a, d

    def test_a_ship_destroyed_at_its_own_initiative_still_attacks(self):
        """The TIE is a Black Squadron Ace (initiative 3, as the T-65): destroyed, it still
        engages and attacks; it is removed once initiative 3 is over."""
        game, a, d = self.run(TIE3)
        assert game.state.ships[d].destroyed and not game.state.ships[d].removed
        answer(game, "declare_attack", f"primary:front@{a}", d)
        finish(game)
        assert len(attacks(game, d)) == 1
        assert game.state.ships[a].shields == 1          # its hit landed
        assert game.state.ships[d].removed

    def test_a_ship_destroyed_before_it_engages_still_engages(self):
        """FAQ ("When a ship is destroyed by a game effect triggered with 'before engaging,'
        does it still engage? Yes"; effects of a destruction outside an attack "are added to
        the ability queue immediately"). A Red Squadron Veteran with Hopeful and 3 damage
        cards, one of them Console Fire faceup (before engaging: roll an attack die, on a
        hit suffer 1 damage), rolls a hit and is destroyed. Its friend's Hopeful resolves at
        once; then it still declares its attack; it is removed after its initiative step."""
        sc = Scene()
        a = sc.ship(XWING3, at=HERE, shields=0, upgrades=["hopeful"],
                    damage=[*preset_damage(2), DamageCard("consolefire", True, 950)])
        friend = sc.ship(XWING3, at=(200, 300, 0), upgrades=["hopeful"])
        d = sc.ship(TIE, player=1, at=R2)
        game = sc.game()
        load_dice(game, then=script(("attack", ["hit"]), ("attack", ["hit", "blank", "blank"]),
                                    ("defense", ["blank"] * 3)))
        start_at(game, Sweep("engagement"))
        answer(game, "engagement_order", a)       # both T-65s are initiative 3
        assert game.state.ships[a].destroyed
        answer(game, "use_ability", "act", friend)
        answer(game, "perform_action", "focus", friend)
        answer(game, "declare_attack", f"primary:front@{d}", a)
        finish(game)
        assert len(attacks(game, a)) == 1 and len(game.state.ships[d].damage) == 1
        assert game.state.ships[a].removed

    def test_a_ship_destroyed_by_a_higher_initiative_does_not_attack(self):
        """The TIE is an Academy Pilot (initiative 1): removed after initiative 3, it never
        engages."""
        game, _, d = self.run(TIE)
        assert game.decision is None
        assert game.state.ships[d].removed
        assert attacks(game, d) == []
        assert not game.state.ships[d].engaged
