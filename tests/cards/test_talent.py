"""Talent upgrades. Scenes on generic carriers: Red Squadron Veterans (T-65, initiative 3,
2 shields), Black Squadron Aces (TIE/ln, initiative 3) and Academy Pilots (TIE/ln,
initiative 1, hull 3). Player 1 sits at y = 0 facing +y; a ship straight ahead is in the
bullseye arc; distances of 40 / 150 / 210 mm between bases are ranges 1 / 2 / 3."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import PerformAction
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.rounds import StartEngagement, Sweep
from tallon.engine.state import DamageCard, Token
from tallon.scene import Scene, faces, load_dice, stack_deck
from tests.cards.helpers import dice_count, engage, offered, pick, skip_dice

Y = {1: 380.0, 2: 490.0, 3: 550.0}


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def duel(upgrade=None, range_=2, x=400.0, attacker="redsquadronveteran",
         defender="academypilot", heading=180.0, attacker_setup=None, defender_up=(),
         tokens=None):
    """An attacker at (400, 300) facing +y and a defender ahead at ``range_``."""
    sc = Scene()
    a = sc.ship(attacker, at=(400, 300, 0), upgrades=[upgrade] if upgrade else [],
                tokens=tokens or {}, **(attacker_setup or {}))
    d = sc.ship(defender, player=2, at=(x, Y[range_], heading), upgrades=list(defender_up))
    return sc, a, d


# --------------------------------------------------------------------------- Predator
class TestPredator:
    def test_reroll_one_attack_die_in_the_bullseye(self):
        """A blank is rerolled into a hit: 2 hits land instead of 1."""
        sc, a, _ = duel("predator")
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game)
        pick(game, "Predator")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)

    def test_not_outside_the_bullseye_nor_without_the_card(self):
        for upgrade, x in (("predator", 460.0), (None, 400.0)):
            sc, a, _ = duel(upgrade, x=x)
            game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
            declare(game)
            assert game.decision is None and "1 hit(s)" in neutralized(game)

    def test_not_with_a_special_weapon(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["predator", "protontorpedoes"], locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, weapon="protontorpedoes")
        assert not offered(game, "Predator")


# ----------------------------------------------------------------------- Marksmanship
class TestMarksmanship:
    def test_a_hit_becomes_a_critical_hit_in_the_bullseye(self):
        sc, a, _ = duel("marksmanship")
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        pick(game, "Marksmanship")
        assert "0 hit(s), 1 critical" in neutralized(game)

    def test_not_outside_the_bullseye(self):
        sc, a, _ = duel("marksmanship", x=460.0)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None and "1 hit(s), 0 critical" in neutralized(game)


# ----------------------------------------------------------------------------- Heroic
class TestHeroic:
    def test_only_blanks_reroll_any_number_attacking(self):
        sc, a, _ = duel("heroic")
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3, rerolls=["hit", "hit", "crit"])
        declare(game)
        pick(game, "reroll 3 blank")
        assert "2 hit(s), 1 critical" in neutralized(game)

    def test_defending(self):
        sc, a, d = duel(defender_up=["heroic"])
        game = engage(sc, a, ["hit", "hit", "blank"],
                      ["blank", "blank", "blank", "evade", "evade", "blank"])
        declare(game)
        skip_dice(game, "modify_defense_dice", d)
        pick(game, "reroll 3 blank")
        assert "0 hit(s)" in neutralized(game)

    def test_not_with_a_result_other_than_blank(self):
        sc, a, _ = duel("heroic")
        game = engage(sc, a, ["blank", "blank", "focus"], ["blank"] * 3)
        declare(game)
        assert game.decision is None


# -------------------------------------------------------------------------- Lone Wolf
class TestLoneWolf:
    def test_alone_spend_the_charge_to_reroll_a_die(self):
        sc, a, _ = duel("lonewolf")
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game)
        pick(game, "Lone Wolf")
        assert game.state.ships[a].charges["lonewolf"].active == 0
        assert "1 hit(s)" in neutralized(game)

    def test_not_with_another_friendly_ship_at_range_0_2(self):
        sc, a, _ = duel("lonewolf")
        sc.ship("redsquadronveteran", at=(250, 300, 0))
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None


# ---------------------------------------------------------------------------- Elusive
class TestElusive:
    def test_defending_spend_the_charge_to_reroll_a_defense_die(self):
        sc, a, d = duel(defender_up=["elusive"])
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3, then=faces(
            DieKind.DEFENSE, ["evade"]))
        declare(game)
        skip_dice(game, "modify_defense_dice", d)
        pick(game, "Elusive")
        assert game.state.ships[d].charges["elusive"].active == 0
        assert "0 hit(s)" in neutralized(game)

    def test_a_fully_executed_red_maneuver_recovers_the_charge(self):
        for code, recovered in (("3KR", 1), ("3TW", 0)):
            sc = Scene()
            tie = sc.ship("academypilot", at=(400, 300, 0), upgrades=["elusive"],
                          charges={"elusive": 0})
            sc.ship("redsquadronveteran", player=2, at=(100, 800, 180))
            game = sc.at(ExecuteManeuver(tie, code), phase="activation")
            assert game.state.ships[tie].charges["elusive"].active == recovered, code


# ---------------------------------------------------------------------------- Fearless
class TestFearless:
    def test_range_1_in_each_others_front_arc_a_result_becomes_a_hit(self):
        sc, a, _ = duel("fearless", range_=1)
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game)
        pick(game, "Fearless")
        assert "1 hit(s)" in neutralized(game)

    def test_not_from_outside_the_defenders_front_arc(self):
        sc, a, _ = duel("fearless", range_=1, heading=0.0)
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game)
        assert game.decision is None

    def test_not_at_range_2(self):
        sc, a, _ = duel("fearless", range_=2)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert game.decision is None


# ------------------------------------------------------------------------------- Juke
class TestJuke:
    def test_evading_turn_a_defense_evade_into_a_focus(self):
        sc, a, _ = duel("juke", tokens={"evade": 1})
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade", "blank"])
        declare(game)
        skip_dice(game, "modify_defense_dice", a)
        pick(game, "Juke")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert game.state.ships[a].count(Token.EVADE) == 1  # it is not spent

    def test_not_without_an_evade_token(self):
        sc, a, _ = duel("juke")
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade", "blank"])
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)


# -------------------------------------------------------------------------- Fanatical
class TestFanatical:
    def test_unshielded_a_focus_becomes_a_hit(self):
        sc, a, _ = duel("fanatical", attacker_setup={"shields": 0})
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        pick(game, "Fanatical")
        assert "1 hit(s)" in neutralized(game)

    def test_not_while_shielded(self):
        sc, a, _ = duel("fanatical")
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None


# ------------------------------------------------------------------------ It's a Trap!
class TestItsATrap:
    def test_outnumbering_nearby_enemies_reroll_a_blank_defense_die(self):
        """The defender has a friend at range 1 and no enemy at range 0-1."""
        sc, a, d = duel(defender_up=["itsatrap-battleoverendor"])
        sc.ship("academypilot", player=2, at=(460, 490, 180))
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3,
                      then=faces(DieKind.DEFENSE, ["evade"]))
        declare(game, d)
        skip_dice(game, "modify_defense_dice", d)
        pick(game, "It's a Trap!")
        assert "0 hit(s)" in neutralized(game)

    def test_not_when_as_many_enemies_are_near(self):
        sc, a, d = duel(defender_up=["itsatrap-battleoverendor"])
        sc.ship("academypilot", player=2, at=(460, 490, 180))
        sc.ship("redsquadronveteran", at=(340, 490, 0))
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, d)
        assert game.decision is None


# -------------------------------------------------------------------------- No Escape
class TestNoEscape:
    def test_more_friends_than_other_enemies_near_the_defender_reroll_a_blank(self):
        sc, a, d = duel("noescape-battleoverendor")
        sc.ship("redsquadronveteran", at=(340, 490, 0))
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3, rerolls=["hit"])
        declare(game, d)
        pick(game, "No Escape")
        assert "1 hit(s)" in neutralized(game)

    def test_not_when_the_defender_has_as_many_friends_near(self):
        sc, a, d = duel("noescape-battleoverendor")
        sc.ship("redsquadronveteran", at=(340, 490, 0))
        sc.ship("academypilot", player=2, at=(460, 490, 180))
        game = engage(sc, a, ["blank", "blank", "blank"], ["blank"] * 3)
        declare(game, d)
        assert game.decision is None


# ------------------------------------------------------------------------- Crack Shot
class TestCrackShot:
    def test_before_neutralizing_spend_the_charge_to_cancel_an_evade(self):
        sc, a, _ = duel("crackshot")
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade", "blank"])
        declare(game)
        skip_dice(game, "cancel_defense_results")
        pick(game, "Crack Shot")
        assert "1 hit(s)" in neutralized(game)
        assert game.state.ships[a].charges["crackshot"].active == 0

    def test_not_outside_the_bullseye(self):
        sc, a, _ = duel("crackshot", x=460.0)
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade", "blank"])
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)


# ------------------------------------------------------------------------ Deadeye Shot
class TestDeadeyeShot:
    def test_a_critical_hit_becomes_a_hit_and_the_defender_exposes_a_card(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["deadeyeshot"])
        d = sc.ship("academypilot", player=2, at=(400, 490, 180),
                    damage=[DamageCard("structuraldamage", False, 100)])
        game = engage(sc, a, ["crit", "hit", "blank"], ["blank"] * 3)
        declare(game, d)
        pick(game, "change 1 crit to hit")
        skip_dice(game)
        damage = game.state.ships[d].damage
        assert damage[0].faceup                      # the exposed card
        assert [c.faceup for c in damage[1:]] == [False, False]

    def test_spending_a_hit(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["deadeyeshot"])
        d = sc.ship("academypilot", player=2, at=(400, 490, 180),
                    damage=[DamageCard("structuraldamage", False, 100)])
        game = engage(sc, a, ["hit", "hit", "blank"], ["blank"] * 3)
        declare(game, d)
        pick(game, "Deadeye Shot (spend 1 hit or 1 crit to hit): cancel 1 hit")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert [c.faceup for c in game.state.ships[d].damage] == [True, False]


# --------------------------------------------------------------------------- Selfless
def selfless_scene(x: float, y: float):
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    tie = sc.ship("academypilot", player=2, at=(400, 490, 180))
    guard = sc.ship("blacksquadronace", player=2, at=(x, y, 180), upgrades=["selfless"])
    return sc, xwing, tie, guard


class TestSelfless:
    def test_a_friend_in_the_attack_arc_takes_the_critical_hit(self):
        sc, xwing, tie, guard = selfless_scene(460, 490)
        game = engage(sc, xwing, ["crit", "blank", "blank"], ["blank"] * 3)
        stack_deck(game, 2, ["structuraldamage"])
        declare(game, tie)
        skip_dice(game, "cancel_attack_results")
        assert game.decision.player == 2 and game.decision.ship == tie
        pick(game, "Selfless")
        ships = game.state.ships
        assert "0 hit(s), 0 critical" in neutralized(game)
        assert not ships[tie].damage and [c.faceup for c in ships[guard].damage] == [True]

    def test_not_from_outside_the_attack_arc(self):
        sc, xwing, tie, _ = selfless_scene(520, 380)
        game = engage(sc, xwing, ["crit", "blank", "blank"], ["blank"] * 3)
        declare(game, tie)
        assert game.decision is None and "1 critical" in neutralized(game)


# --------------------------------------------------------------------------- Ruthless
class TestRuthless:
    def test_a_friend_near_the_defender_suffers_a_damage_for_a_hit(self):
        sc = Scene()
        ace = sc.ship("blacksquadronace", at=(400, 300, 0), upgrades=["ruthless"])
        friend = sc.ship("academypilot", at=(460, 490, 180))
        xwing = sc.ship("redsquadronveteran", player=2, at=(400, 490, 180))
        game = engage(sc, ace, ["hit", "blank", "blank"], ["blank"] * 2)
        declare(game, xwing)
        pick(game, "Ruthless")
        skip_dice(game)
        assert "2 hit(s)" in neutralized(game)
        assert len(game.state.ships[friend].damage) == 1

    def test_not_without_a_friend_near_the_defender(self):
        sc = Scene()
        ace = sc.ship("blacksquadronace", at=(400, 300, 0), upgrades=["ruthless"])
        sc.ship("academypilot", at=(100, 100, 0))
        xwing = sc.ship("redsquadronveteran", player=2, at=(400, 490, 180))
        game = engage(sc, ace, ["hit", "blank", "blank"], ["blank"] * 2)
        declare(game, xwing)
        assert game.decision is None


# ------------------------------------------------------------------------- Trick Shot
class TestTrickShot:
    def test_one_more_die_through_an_obstacle(self):
        for upgrade, dice in (("trickshot", 4), (None, 3)):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(300, 300, 0),
                        upgrades=[upgrade] if upgrade else [])
            sc.ship("academypilot", player=2, at=(350, 560, 180))
            sc.obstacle("core2asteroid3", 325, 420)
            game = engage(sc, a, ["blank"] * dice, ["blank"] * 5)
            declare(game)
            assert dice_count(game, 0) == dice, upgrade

    def test_no_die_without_an_obstacle(self):
        sc, a, _ = duel("trickshot", range_=3)
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 4)
        declare(game)
        assert dice_count(game, 0) == 3


# ------------------------------------------------------------------------ Outmaneuver
class TestOutmaneuver:
    def test_outside_the_defenders_firing_arc_it_rolls_one_fewer_die(self):
        """The TIE flies away from the X-wing: 3 agility - 1 = 2 dice at range 2."""
        for upgrade, dice in (("outmaneuver", 2), (None, 3)):
            sc, a, _ = duel(upgrade, heading=0.0)
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
            declare(game)
            assert dice_count(game) == dice, upgrade

    def test_not_inside_the_defenders_firing_arc(self):
        sc, a, _ = duel("outmaneuver")
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert dice_count(game) == 3


# -------------------------------------------------------------------------- Collected
class TestCollected:
    def test_after_a_primary_attack_a_focus_token_buys_two_evade_tokens(self):
        sc, a, _ = duel("collected-battleoverendor", tokens={"focus": 1})
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        skip_dice(game, "use_ability")
        game.answer("use")
        ship = game.state.ships[a]
        assert ship.count(Token.EVADE) == 2 and not ship.has(Token.FOCUS)

    def test_not_after_a_special_attack(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["collected-battleoverendor", "protontorpedoes"],
                    locks=["p2.1"], tokens={"focus": 1})
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["blank"] * 4, ["blank"] * 3)
        declare(game, weapon="protontorpedoes")
        skip_dice(game)
        assert game.state.ships[a].count(Token.FOCUS) == 1


# ------------------------------------------------------------------------ Attack Speed
class TestAttackSpeed:
    def test_after_a_full_3_straight_boost_straight(self):
        finals = {}
        for answer in ("boost", "decline"):
            sc = Scene()
            xwing = sc.ship("redsquadronveteran", at=(400, 200, 0),
                            upgrades=["attackspeed-battleofyavin"])
            sc.ship("academypilot", player=2, at=(100, 850, 180))
            game = sc.at(ExecuteManeuver(xwing, "3FW"), phase="activation")
            assert game.decision.kind == "use_ability"
            game.answer(answer)
            finals[answer] = game.state.ships[xwing].pose.y
            assert not game.state.ships[xwing].actions_done  # not an action
        assert round(finals["boost"] - finals["decline"], 6) == 80.0  # template and base

    def test_not_after_other_maneuvers(self):
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 200, 0),
                        upgrades=["attackspeed-battleofyavin"])
        sc.ship("academypilot", player=2, at=(100, 850, 180))
        game = sc.at(ExecuteManeuver(xwing, "2FB"), phase="activation")
        assert game.decision is None


# ----------------------------------------------------------------------- Swarm Tactics
class TestSwarmTactics:
    def engagement_order(self, use: bool) -> list[str]:
        sc = Scene()
        leader = sc.ship("blacksquadronace", at=(400, 100, 0), upgrades=["swarmtactics"])
        wing = sc.ship("academypilot", at=(480, 100, 0))
        sc.ship("obsidiansquadronpilot", player=2, at=(100, 850, 180))
        game = sc.at(StartEngagement(), Sweep("engagement"))
        d = game.decision
        assert d.kind == "use_ability" and set(d.option_keys()) == {wing, "decline"}
        game.answer(wing if use else "decline")
        if use:
            assert game.state.ships[wing].current_initiative == 3
            game.answer(leader)     # two ships at initiative 3: the player picks the order
        return [e["ship"] for e in game.log if e["kind"] == "engage"
                and e["text"].endswith(" engages")]

    def test_the_chosen_ship_engages_at_its_leaders_initiative(self):
        """Without it the Academy Pilot (1) engages after the enemy (2); with it, at 3."""
        assert self.engagement_order(False) == ["p1.1", "p2.1", "p1.2"]
        assert self.engagement_order(True) == ["p1.1", "p1.2", "p2.1"]

    def test_until_the_end_of_the_round(self):
        from tallon.engine.rounds import StartRound

        sc = Scene()
        sc.ship("blacksquadronace", at=(400, 100, 0), upgrades=["swarmtactics"])
        wing = sc.ship("academypilot", at=(480, 100, 0))
        sc.ship("obsidiansquadronpilot", player=2, at=(100, 850, 180))
        game = sc.at(StartEngagement())
        game.answer(wing)
        assert game.state.ships[wing].current_initiative == 3
        StartRound().run(game)
        assert game.state.ships[wing].current_initiative == 1

    def test_the_changed_initiative_is_part_of_the_game_state(self):
        """Engine: the snapshot (hashed for replays) shows it while it lasts, only then."""
        sc = Scene()
        sc.ship("blacksquadronace", at=(400, 100, 0), upgrades=["swarmtactics"])
        wing = sc.ship("academypilot", at=(480, 100, 0))
        sc.ship("obsidiansquadronpilot", player=2, at=(100, 850, 180))
        game = sc.at(StartEngagement())
        ships = {s["id"]: s for s in game.snapshot()["ships"]}
        assert "round_initiative" not in ships[wing]
        game.answer(wing)
        ships = {s["id"]: s for s in game.snapshot()["ships"]}
        assert ships[wing]["round_initiative"] == 3


# ------------------------------------------- after a friendly ship is destroyed
def loss_scene(victim: str, carrier_upgrades, victim_upgrades=(), **carrier_setup):
    """An X-wing's single hit destroys an Imperial ship with 2 damage cards; the carrier
    of the talent is at range 1-3 of it."""
    sc = Scene()
    xwing = sc.ship("redsquadronveteran", at=(400, 300, 0))
    target = sc.ship(victim, player=2, at=(400, 490, 180), upgrades=list(victim_upgrades),
                     damage=[DamageCard("fuelleak", False, 101),
                             DamageCard("fuelleak", False, 102)])
    carrier = sc.ship("blacksquadronace", player=2, at=(560, 600, 180),
                      upgrades=list(carrier_upgrades), **carrier_setup)
    game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
    declare(game, target)
    skip_dice(game, "use_ability")
    return game, xwing, target, carrier


class TestDisciplined:
    def test_a_limited_friend_destroyed_gives_a_lock_or_barrel_roll_action(self):
        game, xwing, target, carrier = loss_scene("howlrunner", ["disciplined"])
        assert game.state.ships[target].destroyed
        d = game.decision
        assert d.kind == "use_ability" and d.ship == carrier
        game.answer("act")
        assert set(game.decision.option_keys()) == {"lock", "barrel_roll", "pass"}
        game.answer("lock")
        game.answer(xwing)
        assert game.state.ships[carrier].locks == [xwing]

    def test_a_friend_with_disciplined_counts_too(self):
        game, _, _, carrier = loss_scene("academypilot", ["disciplined"], ["disciplined"])
        assert game.decision is not None and game.decision.ship == carrier

    def test_not_for_a_generic_friend(self):
        game, _, target, _ = loss_scene("academypilot", ["disciplined"])
        assert game.state.ships[target].destroyed and game.decision is None


class TestHopeful:
    def test_a_limited_friend_destroyed_gives_a_focus_or_boost_action(self):
        game, _, _, carrier = loss_scene("howlrunner", ["hopeful"])
        game.answer("act")
        assert set(game.decision.option_keys()) == {"focus", "boost", "pass"}
        game.answer("focus")
        assert game.state.ships[carrier].count(Token.FOCUS) == 1

    def test_not_for_a_generic_friend(self):
        game, _, _, _ = loss_scene("academypilot", ["hopeful"])
        assert game.decision is None


class TestVengeful:
    def test_remove_a_red_token(self):
        game, _, _, carrier = loss_scene("howlrunner", ["vengeful-battleofyavin"],
                                         tokens={"stress": 1})
        assert set(game.decision.option_keys()) == {"token:stress", "decline"}
        game.answer("token:stress")
        assert not game.state.ships[carrier].stressed

    def test_an_enemy_lock_on_it_is_one_of_its_red_tokens(self):
        """The X-wing's lock on the carrier (p2.2) is a red token assigned to the carrier:
        Vengeful may remove it (RR: FAQ on "your tokens")."""
        sc = Scene()
        xwing = sc.ship("redsquadronveteran", at=(400, 300, 0), locks=["p2.2"])
        target = sc.ship("howlrunner", player=2, at=(400, 490, 180),
                         damage=[DamageCard("fuelleak", False, 101),
                                 DamageCard("fuelleak", False, 102)])
        carrier = sc.ship("blacksquadronace", player=2, at=(560, 600, 180),
                          upgrades=["vengeful-battleofyavin"])
        game = engage(sc, xwing, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, target)
        skip_dice(game, "use_ability")
        assert carrier == "p2.2" and f"lock:{xwing}" in game.decision.option_keys()
        game.answer(f"lock:{xwing}")
        assert game.state.ships[xwing].locks == []

    def test_not_for_a_generic_friend(self):
        game, _, _, _ = loss_scene("academypilot", ["vengeful-battleofyavin"],
                                   tokens={"stress": 1})
        assert game.decision is None


class TestCutthroat:
    def test_remove_an_orange_token_or_recover_a_non_recurring_charge(self):
        game, _, _, carrier = loss_scene("howlrunner", ["cutthroat", "elusive"],
                                         tokens={"jam": 1}, charges={"elusive": 0})
        assert set(game.decision.option_keys()) == {"token:jam", "charge:elusive",
                                                      "decline"}
        game.answer("charge:elusive")
        assert game.state.ships[carrier].charges["elusive"].active == 1

    def test_not_for_a_generic_friend(self):
        game, _, _, _ = loss_scene("academypilot", ["cutthroat"], tokens={"jam": 1})
        assert game.decision is None


# -------------------------------------------------------------------------- Snap Shot
class TestSnapShot:
    def scene(self, start_y: float):
        sc = Scene()
        tie = sc.ship("blacksquadronace", at=(400, 300, 0), upgrades=["snapshot"],
                      tokens={"focus": 1})
        xwing = sc.ship("redsquadronveteran", player=2, at=(400, start_y, 180))
        game = sc.at(ExecuteManeuver(xwing, "2FB"), phase="activation")
        return game, tie, xwing

    def test_an_enemy_ending_at_range_2_in_the_front_arc_draws_a_bonus_attack(self):
        """The X-wing moves from range 3 to range 2: the TIE attacks it at once with 2
        dice no one may modify (its focus token stays unused)."""
        game, tie, xwing = self.scene(640)
        d = game.decision
        assert d.kind == "use_ability" and d.ship == tie
        load_dice(game, ["hit", "focus"], ["blank", "blank"])
        game.answer("use")
        assert game.decision.kind == "bonus_attack"
        assert {o.info["weapon"] for o in game.decision.options
                if "defender" in (o.info or {})} == {"snapshot"}
        declare(game, xwing, "snapshot")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)
        assert game.state.ships[tie].count(Token.FOCUS) == 1
        assert game.state.ships[tie].bonus_attack_done

    def test_not_when_the_enemy_ends_out_of_range_2(self):
        game, _, _ = self.scene(760)
        assert game.decision is None


# ------------------------------------------------------------------- Saturation Salvo
class TestSaturationSalvo:
    def test_a_charge_of_the_torpedoes_makes_the_defender_reroll_two_dice(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0),
                    upgrades=["saturationsalvo", "protontorpedoes"], locks=["p2.1"])
        sc.ship("academypilot", player=2, at=(400, 550, 180))
        game = engage(sc, a, ["hit", "hit", "blank", "blank"],
                      ["evade", "evade", "blank"], then=faces(DieKind.DEFENSE,
                                                              ["blank", "blank"]))
        declare(game, weapon="protontorpedoes")
        pick(game, "change 1 hit to crit")
        skip_dice(game, "modify_defense_dice", a)
        pick(game, "Saturation Salvo (defender rerolls 2 dice): reroll 2 evade")
        skip_dice(game)
        assert game.state.ships[a].charges["protontorpedoes"].active == 0
        assert "1 hit(s), 1 critical" in neutralized(game)

    def test_not_with_the_primary_weapon(self):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["saturationsalvo"])
        sc.ship("academypilot", player=2, at=(400, 490, 180))
        game = engage(sc, a, ["hit", "hit", "blank"], ["evade", "evade", "blank"])
        declare(game)
        assert game.decision is None


# -------------------------------------------------------------------- Expert Handling
class TestExpertHandling:
    def test_the_red_barrel_roll_becomes_white(self):
        """A Z-95 (red barrel roll on its bar) barrel rolls without a stress token."""
        for upgrades, stress in ((["experthandling"], 0), ([], 1)):
            sc = Scene()
            z95 = sc.ship("talasquadronpilot", at=(400, 300, 0), upgrades=upgrades)
            sc.ship("academypilot", player=2, at=(400, 800, 180))
            game = sc.at(PerformAction(z95, during_activation=True), phase="activation")
            game.answer("barrel_roll")
            game.answer("left")
            game.answer("middle")
            assert game.state.ships[z95].count(Token.STRESS) == stress, upgrades


# --------------------------------------------------------------------- Apex Predator
class TestApexPredator:
    def test_a_defender_of_lower_initiative_lets_it_reroll_a_die(self):
        """A Red Squadron Veteran (initiative 3) attacks an Academy Pilot (1): Apex
        Predator rerolls a blank into a hit, so 1 hit lands instead of none."""
        sc, a, _ = duel("apexpredator-battleoverendor")
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3, rerolls=["hit"])
        declare(game)
        pick(game, "Apex Predator")
        assert "1 hit(s)" in neutralized(game)

    def test_not_against_an_equal_initiative(self):
        """A Black Squadron Ace has initiative 3 too: nothing is offered."""
        sc, a, _ = duel("apexpredator-battleoverendor", defender="blacksquadronace")
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)


# ---------------------------------------------------------------------------- Fanatic
class TestFanatic:
    def test_damaged_a_focus_becomes_a_hit(self):
        """The attacker has a facedown damage card: its focus result becomes a hit."""
        sc, a, _ = duel("fanatic-battleofyavin", attacker_setup={
            "damage": [DamageCard("fuelleak", False, 101)]})
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        pick(game, "Fanatic")
        assert "1 hit(s)" in neutralized(game)

    def test_not_undamaged(self):
        """No damage card: the focus result stays (nothing to use)."""
        sc, a, _ = duel("fanatic-battleofyavin")
        game = engage(sc, a, ["focus", "blank", "blank"], ["blank"] * 3)
        declare(game)
        assert game.decision is None and "0 hit(s)" in neutralized(game)


# ---------------------------------------------------------------- Gravitic Deflection
class TestGraviticDeflection:
    def scene(self, tractored: int):
        sc, a, d = duel(defender_up=["graviticdeflection"])
        for k in range(tractored):
            sc.ship("academypilot", player=2, at=(460 + 60 * k, 490, 180), tokens={"tractor": 1})
        return sc, a, d

    def test_one_die_per_tractored_ship_in_the_attack_arc(self):
        """One tractored TIE in the X-wing's front arc: the defender rerolls a blank into
        an evade and the hit is canceled."""
        sc, a, d = self.scene(1)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3,
                      then=faces(DieKind.DEFENSE, ["evade"]))
        declare(game, d)
        skip_dice(game, "modify_defense_dice", d)
        assert not offered(game, "reroll 2")
        pick(game, "Gravitic Deflection")
        assert "0 hit(s)" in neutralized(game)

    def test_two_tractored_ships_two_dice(self):
        """Two tractored TIEs in the arc: up to 2 dice."""
        sc, a, d = self.scene(2)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, d)
        skip_dice(game, "modify_defense_dice", d)
        assert offered(game, "reroll 2 blank")

    def test_a_tractored_defender_counts_itself(self):
        """Ruling: the defender, tractored and in the attack arc, is one of the tractored
        ships: 1 die (and it rolls 1 fewer die for being tractored)."""
        sc, a, d = self.scene(0)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 2)
        game.state.ships[d].tokens[Token.TRACTOR] = 1
        declare(game, d)
        skip_dice(game, "modify_defense_dice", d)
        assert offered(game, "Gravitic Deflection") and not offered(game, "reroll 2")

    def test_not_without_a_tractored_ship(self):
        """No tractored ship: no reroll, the hit lands."""
        sc, a, d = self.scene(0)
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
        declare(game, d)
        assert game.decision is None and "1 hit(s)" in neutralized(game)


# -------------------------------------------------------------------------- Dedicated
class TestDedicated:
    def scene(self, defender: str, **setup):
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0))
        d = sc.ship(defender, player=2, at=(400, 490, 180))
        # heading 180: its right arc looks towards -x, where the defender is (range 1)
        wing = sc.ship("academypilot", player=2, at=(520, 490, 180), upgrades=["dedicated"],
                       **setup)
        return sc, a, d, wing

    def test_a_limited_friend_rerolls_a_blank_for_a_strain_token(self):
        """Howlrunner (limited) defends in the carrier's right arc: the carrier gains a
        strain token and Howlrunner's blank becomes an evade, canceling the hit."""
        sc, a, d, wing = self.scene("howlrunner")
        game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3,
                      then=faces(DieKind.DEFENSE, ["evade"]))
        declare(game, d)
        skip_dice(game, "modify_defense_dice", d)
        pick(game, "Dedicated")
        assert "0 hit(s)" in neutralized(game)
        assert game.state.ships[wing].has(Token.STRAIN)
        assert not game.state.ships[d].has(Token.STRAIN)

    def test_not_for_a_generic_friend_nor_while_strained(self):
        """An Academy Pilot defender is neither limited nor Dedicated; a strained carrier
        can't use it either."""
        for defender, setup in (("academypilot", {}), ("howlrunner", {"tokens": {"strain": 1}})):
            sc, a, d, _ = self.scene(defender, **setup)
            game = engage(sc, a, ["hit", "blank", "blank"], ["blank"] * 3)
            declare(game, d)
            assert game.decision is None, defender


# --------------------------------------------------------------------- Intimidation
class TestIntimidation:
    def test_an_enemy_touching_it_rolls_one_fewer_defense_die(self):
        """A friendly TIE touches the defender (range 0): the defender rolls 2 dice
        instead of 3; at range 1 of it, or without the card, 3."""
        for x, upgrade, dice in ((440.0, "intimidation", 2), (480.0, "intimidation", 3),
                                 (440.0, None, 3)):
            sc = Scene()
            a = sc.ship("redsquadronveteran", at=(400, 300, 0))
            sc.ship("academypilot", player=2, at=(400, 490, 180))
            sc.ship("academypilot", at=(x, 490, 0), upgrades=[upgrade] if upgrade else [])
            game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
            declare(game)
            assert dice_count(game) == dice, (x, upgrade)

    def test_not_at_attack_range_0(self):
        """Ruling: the Intimidation ship itself attacks the TIE it touches (attack range
        0): enemies can't reduce a range 0 defender's dice (rulebook), so 3 dice."""
        sc = Scene()
        a = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["intimidation"])
        sc.ship("academypilot", player=2, at=(400, 340, 180))
        game = engage(sc, a, ["blank"] * 3, ["blank"] * 3)
        declare(game)
        assert dice_count(game) == 3
