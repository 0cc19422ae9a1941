"""Gunner upgrades that change dice, give tokens or act on other ships
(tallon.cards.upgrades.gunner_2). Scenes: the carrier at (400, 300) facing +y (player 1):
a Red Squadron Veteran (T-65, front arc 3, 2 shields), a Contracted Scout (JumpMaster
5000, a primary single turret weapon of 2, its indicator to the front) or a 104th Battalion
Pilot (ARC-170, front arc 3, rear arc 2); enemies are Academy Pilots (TIE/ln, agility 3,
hull 3, no shields). A small base centred at y 380 / 490 / 550 is at range 1 / 2 / 3; a
TIE centred at (400, 150) facing +y is behind the carrier at range 2, its own front arc on
the carrier."""

from __future__ import annotations

from tallon.dice import DieKind
from tallon.engine.actions import StartAction
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.queue import FireWindow
from tallon.engine.rounds import StartEngagement, SystemTurn
from tallon.engine.state import ActionSpec, Token
from tallon.scene import Scene, faces, stack_deck, start_at
from tests.cards.helpers import dice_count, engage, modify_with, offers, pick, skip_dice

Y = {1: 380.0, 2: 490.0, 3: 550.0}
BLANKS = ["blank"] * 3
DECK = ["structuraldamage", "structuraldamage", "weaponsfailure"]


def declare(game, defender="p2.1", weapon="primary:front"):
    assert game.decision.kind in ("declare_attack", "bonus_attack"), game.decision.prompt
    game.answer(f"{weapon}@{defender}")


def neutralized(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "neutralize"][-1]


def duel(upgrades=(), pilot="redsquadronveteran", range_=2, x=400.0, heading=180.0,
         defender_tokens=None, defender_up=(), **setup):
    sc = Scene()
    a = sc.ship(pilot, at=(400, 300, 0), upgrades=list(upgrades), **setup)
    d = sc.ship("academypilot", player=2, at=(x, Y[range_], heading),
                tokens=defender_tokens or {}, upgrades=list(defender_up))
    return sc, a, d


def attack(sc, a, dice, defense=BLANKS, weapon="primary:front", defender="p2.1", then=(),
           rerolls=()):
    game = engage(sc, a, dice, defense, rerolls=rerolls, then=then)
    stack_deck(game, 2, DECK)
    declare(game, defender, weapon)
    return game


def last_modify(game) -> str:
    return [e["text"] for e in game.log if e["kind"] == "modify"][-1]


def after_attack(game, kind="use_ability"):
    """Pass dice decisions; whether a decision of ``kind`` comes before the end."""
    while game.decision is not None:
        d = game.decision
        if d.kind == kind:
            return True
        if not d.kind.startswith(("modify_", "cancel_")):
            return False
        game.answer("done" if "done" in d.option_keys() else d.options[0].key)
    return False


# ------------------------------------------------------------------ Fifth Brother
class TestFifthBrother:
    def test_force_turns_a_focus_into_a_critical_hit(self):
        """Attacking with a focus result and 1 Force: Fifth Brother turns it into a critical
        hit, spending the Force."""
        sc, a, _ = duel(["fifthbrother"], force=1)
        game = attack(sc, a, ["focus", "blank", "blank"])
        modify_with(game, "fifthbrother")
        skip_dice(game)
        assert "0 hit(s), 1 critical" in neutralized(game)
        assert game.state.ships[a].force == 0

    def test_not_without_force(self):
        """Without Force, Fifth Brother's change is not offered."""
        sc, a, _ = duel(["fifthbrother"], force=0)
        game = attack(sc, a, ["focus", "blank", "blank"])
        assert not offers(game, "fifthbrother")


# --------------------------------------------------------------------------- Finn
class TestFinn:
    def test_attacking_add_a_blank(self):
        """A primary attack on a TIE in the front arc: Finn adds a blank result (4 dice)."""
        sc, a, _ = duel(["finn"])
        game = attack(sc, a, ["hit", "blank", "blank"])
        modify_with(game, "finn")
        assert last_modify(game).endswith("hit, blank, blank, blank")

    def test_defending_with_the_attacker_in_the_front_arc(self):
        """Defending against a TIE in its front arc, the X-wing may add a blank; facing away
        from the TIE it may not."""
        for heading, expected in ((180.0, True), (0.0, False)):
            sc = Scene()
            sc.ship("academypilot", at=(400, 300, 0))
            d = sc.ship("redsquadronveteran", player=2, at=(400, Y[2], heading),
                        upgrades=["finn"])
            game = engage(sc, "p1.1", ["hit", "blank"], ["blank"] * 3)
            declare(game, d)
            skip_dice(game, "modify_defense_dice", d)
            assert offers(game, "finn") is expected, heading


# ------------------------------------------------------------------------ Rey
class TestRey:
    def test_attacking_in_the_turret_arc_a_blank_becomes_a_hit(self):
        """The JumpMaster attacks the TIE in its turret arc: Rey spends 1 Force to turn a
        blank into a hit."""
        sc, a, _ = duel(["rey-gunner"], pilot="contractedscout", force=1)
        game = attack(sc, a, ["blank", "blank"], weapon="primary:single_turret")
        modify_with(game, "rey-gunner")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_defending_only_with_the_attacker_in_the_turret_arc(self):
        """Defending against a TIE behind it: with the turret pointing rear Rey may turn a
        blank into an evade; pointing front, not."""
        for turret, expected in (("rear", True), ("front", False)):
            sc = Scene()
            me = sc.ship("contractedscout", at=(400, 300, 0), upgrades=["rey-gunner"],
                         force=1, turret=turret)
            sc.ship("academypilot", player=2, at=(400, 150, 0))
            game = engage(sc, "p2.1", ["hit", "hit"], ["blank", "blank"])
            declare(game, me)
            skip_dice(game, "modify_defense_dice", me)
            assert offers(game, "rey-gunner") is expected, turret


# ------------------------------------------------------------------------ Greedo
class TestGreedo:
    def test_attacking_a_charge_turns_a_hit_into_a_critical_hit(self):
        """Attacking, Greedo spends his charge: the hit becomes a critical hit."""
        sc, a, _ = duel(["greedo"])
        game = attack(sc, a, ["hit", "blank", "blank"])
        modify_with(game, "greedo")
        skip_dice(game)
        assert "0 hit(s), 1 critical" in neutralized(game)
        assert game.state.ships[a].charges["greedo"].active == 0

    def test_defending_with_an_active_charge_the_attacker_may_change_a_hit(self):
        """Greedo's ship defends with its charge active: the attacker is offered to turn a
        hit into a critical hit; with the charge spent, it is not."""
        for charge, expected in ((1, True), (0, False)):
            sc = Scene()
            sc.ship("academypilot", at=(400, 300, 0))
            d = sc.ship("redsquadronveteran", player=2, at=(400, Y[2], 180),
                        upgrades=["greedo"], charges={"greedo": charge})
            game = engage(sc, "p1.1", ["hit", "blank"], ["blank"] * 2)
            declare(game, d)
            skip_dice(game, "modify_attack_dice", "p1.1")
            assert offers(game, "greedo") is expected, charge


# --------------------------------------------------------------------------- BT-1
class TestBT1:
    def test_one_hit_to_a_crit_per_stress_token_of_the_defender(self):
        """The defender has 2 stress tokens: BT-1 turns both hits into critical hits."""
        sc, a, _ = duel(["bt1"], defender_tokens={"stress": 2})
        game = attack(sc, a, ["hit", "hit", "blank"])
        modify_with(game, "bt1", "change 2 hit")
        skip_dice(game)
        assert "0 hit(s), 2 critical" in neutralized(game)

    def test_not_against_an_unstressed_defender(self):
        """The defender has no stress token: BT-1 offers nothing."""
        sc, a, _ = duel(["bt1"])
        game = attack(sc, a, ["hit", "hit", "blank"])
        assert not offers(game, "bt1")


# ---------------------------------------------------------------------- Boba Fett
class TestBobaFett:
    def test_alone_in_the_arc_a_focus_becomes_a_hit(self):
        """Only the defender in the attack arc: Boba Fett turns the focus result into a hit."""
        sc, a, _ = duel(["bobafett-gunner"])
        game = attack(sc, a, ["focus", "blank", "blank"])
        modify_with(game, "bobafett-gunner")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_not_with_another_ship_in_the_attack_arc(self):
        """A second TIE in the front arc: Boba Fett offers nothing."""
        sc, a, _ = duel(["bobafett-gunner"])
        sc.ship("academypilot", player=2, at=(470, Y[2], 180))
        game = attack(sc, a, ["focus", "blank", "blank"])
        assert not offers(game, "bobafett-gunner")


# ------------------------------------------------------------------------ DT-798
class TestDT798:
    def test_a_friendly_ship_in_the_firing_arc_gains_strain(self):
        """Start of the Engagement Phase: a friendly X-wing ahead gains 1 strain token."""
        sc, _, _ = duel(["dt798"], range_=3)
        friend = sc.ship("redsquadronveteran", at=(300, Y[1], 0))
        game = sc.at(StartEngagement())
        assert game.decision.option_keys() == [friend, "decline"]
        game.answer(friend)
        assert game.state.ships[friend].has(Token.STRAIN)

    def test_reroll_a_die_per_ship_in_the_arc_with_red_or_orange_tokens(self):
        """The defender has a stress token: DT-798 may reroll 1 attack die."""
        sc, a, _ = duel(["dt798"], defender_tokens={"stress": 1})
        game = attack(sc, a, ["blank", "blank", "blank"], rerolls=["hit"])
        modify_with(game, "dt798")
        skip_dice(game)
        assert "1 hit(s)" in neutralized(game)

    def test_a_lock_is_not_counted(self):
        """The defender is locked (a red token) but has no other red or orange token: no
        reroll."""
        sc, a, _ = duel(["dt798"])
        sc.ship("redsquadronveteran", at=(100, 300, 0), locks=["p2.1"])
        game = attack(sc, a, ["blank", "blank", "blank"])
        assert not offers(game, "dt798")


# -------------------------------------------------------------- Clone Captain Rex
class TestCloneCaptainRex:
    def test_spend_a_focus_result_friends_focus_for_strain(self):
        """The X-wing spends its focus result; it has the defender in its bullseye arc, so
        it may gain a strain token to perform a focus action."""
        sc, a, _ = duel(["clonecaptainrex"])
        game = attack(sc, a, ["focus", "hit", "blank"])
        modify_with(game, "clonecaptainrex")
        assert game.decision.kind == "use_ability"
        game.answer("focus")
        ship = game.state.ships[a]
        assert ship.has(Token.STRAIN) and ship.has(Token.FOCUS)
        assert last_modify(game).endswith("-> hit, blank")

    def test_not_without_a_focus_result(self):
        """No focus result to spend: Rex offers nothing."""
        sc, a, _ = duel(["clonecaptainrex"])
        game = attack(sc, a, ["hit", "hit", "blank"])
        assert not offers(game, "clonecaptainrex")


# ------------------------------------------------------------- Suppressive Gunner
class TestSuppressiveGunner:
    def _game(self, dice):
        sc, a, d = duel(["suppressivegunner"])
        return attack(sc, a, dice), d

    def test_the_defender_gains_deplete_or_suffers_damage(self):
        """A focus result spent: the TIE chooses; taking the damage, it suffers 1 hit;
        refusing it, it gains a deplete token."""
        for answer in ("suffer", "deplete"):
            game, d = self._game(["focus", "blank", "blank"])
            modify_with(game, "suppressivegunner")
            assert game.decision.player == 2 and game.decision.kind == "use_ability"
            game.answer(answer)
            tie = game.state.ships[d]
            assert (len(tie.damage), tie.has(Token.DEPLETE)) == (
                (1, False) if answer == "suffer" else (0, True))

    def test_not_without_a_focus_result(self):
        """No focus result to spend: Suppressive Gunner offers nothing."""
        game, _ = self._game(["hit", "blank", "blank"])
        assert not offers(game, "suppressivegunner")


# ------------------------------------------------------------- Seventh Fleet Gunner
class TestSeventhFleetGunner:
    def _scene(self, range_=2, attacker="academypilot"):
        sc = Scene()
        sfg = sc.ship("redsquadronveteran", at=(300, 300, 0), upgrades=["seventhfleetgunner"])
        a = sc.ship(attacker, at=(400, 300, 0))
        sc.ship("academypilot", player=2, at=(400, Y[range_], 180))
        return sc, sfg, a

    def test_a_friend_rolls_one_more_die(self):
        """A friendly TIE attacks a defender in the X-wing's firing arc: the X-wing spends
        its charge and the TIE rolls 3 dice instead of 2."""
        sc, sfg, a = self._scene()
        game = attack(sc, a, ["hit"] * 3)
        assert game.decision.ship == sfg
        game.answer("use")
        assert dice_count(game, 0) == 3
        assert game.state.ships[sfg].charges["seventhfleetgunner"].active == 0

    def test_to_a_maximum_of_four(self):
        """An ARC-170 at range 1 rolls 4 dice (3 and the range bonus): with the extra die
        it still rolls 4."""
        sc, _, a = self._scene(range_=1, attacker="104thbattalionpilot")
        game = attack(sc, a, ["hit"] * 4)
        game.answer("use")
        assert dice_count(game, 0) == 4

    def test_not_for_its_own_attack(self):
        """The X-wing with the card performs the attack: the card needs another friendly
        ship to attack, so no extra die is offered."""
        sc, sfg, _ = self._scene()
        game = attack(sc, sfg, ["hit"] * 3, defender="p2.1")
        assert game.decision is None or game.decision.kind != "use_ability"

    def test_system_phase_a_disarm_token_recovers_the_charge(self):
        """System Phase with the charge spent: the X-wing gains a disarm token and
        recovers the charge."""
        sc, sfg, _ = self._scene()
        game = sc.game()
        game.state.ships[sfg].charges["seventhfleetgunner"].active = 0
        start_at(game, SystemTurn(sfg), phase="system")
        game.answer("use")
        ship = game.state.ships[sfg]
        assert ship.charges["seventhfleetgunner"].active == 1 and ship.has(Token.DISARM)


# -------------------------------------------------------------------- Gar Saxon
class TestGarSaxon:
    def test_lock_action_only_in_the_front_or_rear_arc(self):
        """Performing the lock action, the ARC-170 may choose the TIE ahead but not the one
        at its side (without the card, both)."""
        for upgrades, expected in ((["garsaxon-gunner"], ["p2.1"]), ([], ["p2.1", "p2.2"])):
            sc, a, _ = duel(upgrades, pilot="104thbattalionpilot")
            sc.ship("academypilot", player=2, at=(550, 300, 270))
            game = sc.at(StartAction(a, ActionSpec("lock")), phase="activation")
            assert game.decision.option_keys() == expected

    def test_remove_a_red_token_for_one_more_die(self):
        """The defender is stressed: the ARC-170 removes its stress token to roll 4 dice
        instead of 3."""
        sc, a, d = duel(["garsaxon-gunner"], pilot="104thbattalionpilot",
                        defender_tokens={"stress": 1})
        game = attack(sc, a, ["hit"] * 4)
        assert game.decision.option_keys() == ["token:stress", "decline"]
        game.answer("token:stress")
        assert dice_count(game, 0) == 4
        assert not game.state.ships[d].stressed

    def test_not_against_a_defender_without_red_or_orange_tokens(self):
        """The defender has no orange or red token: nothing is offered before the dice."""
        sc, a, _ = duel(["garsaxon-gunner"], pilot="104thbattalionpilot")
        game = attack(sc, a, ["hit"] * 3)
        assert game.decision is None or game.decision.kind != "use_ability"


# -------------------------------------------------------------------------- Dengar
class TestDengar:
    def _scene(self, turret="rear", tokens=None):
        sc = Scene()
        me = sc.ship("contractedscout", at=(400, 300, 0), upgrades=["dengar"], turret=turret)
        sc.ship("academypilot", player=2, at=(400, 100, 0), tokens=tokens or {})
        game = engage(sc, "p2.1", ["blank", "blank"], ["blank", "blank"],
                      then=faces(DieKind.ATTACK, ["hit"]))
        declare(game, me)
        return game, me

    def test_the_attacker_in_the_firing_arc_suffers_on_a_hit(self):
        """After defending, the TIE in the JumpMaster's turret arc: Dengar spends his
        charge, rolls a hit, and the TIE (without green tokens) suffers 1 damage."""
        game, me = self._scene()
        assert after_attack(game)
        game.answer("use")
        assert len(game.state.ships["p2.1"].damage) == 1
        assert game.state.ships[me].charges["dengar"].active == 0

    def test_the_attacker_may_remove_a_green_token_instead(self):
        """The TIE has a focus token: its player removes it instead, and Dengar rolls
        nothing."""
        game, _ = self._scene(tokens={"focus": 1})
        after_attack(game)
        game.answer("use")
        assert game.decision.player == 2
        game.answer("remove:focus")
        tie = game.state.ships["p2.1"]
        assert not tie.has(Token.FOCUS) and not tie.damage

    def test_not_with_the_attacker_outside_the_firing_arc(self):
        """The turret pointing front, the TIE behind is outside every firing arc: Dengar
        offers nothing."""
        game, _ = self._scene(turret="front")
        assert not after_attack(game)


# ----------------------------------------------------------- Clone Commander Cody
class TestCloneCommanderCody:
    def test_a_miss_with_neutralized_hits_strains_the_defender(self):
        """A hit canceled by an evade, the attack missing: the defender gains a strain
        token."""
        sc, a, d = duel(["clonecommandercody"])
        game = attack(sc, a, ["hit", "blank", "blank"], ["evade", "blank", "blank"])
        skip_dice(game)
        assert game.state.ships[d].has(Token.STRAIN)

    def test_not_when_nothing_was_neutralized(self):
        """A miss with only blank results: no strain token."""
        sc, a, d = duel(["clonecommandercody"])
        game = attack(sc, a, ["blank", "blank", "blank"], ["evade", "blank", "blank"])
        skip_dice(game)
        assert not game.state.ships[d].has(Token.STRAIN)


# ------------------------------------------------------- Weapons Systems Officer
class TestWeaponsSystemsOfficer:
    def test_after_a_lock_weapon_attack_lock_the_defender_again(self):
        """A Proton Torpedoes attack (a lock requirement) whose lock was spent: the officer
        acquires a new lock on the defender."""
        sc, a, d = duel(["protontorpedoes", "weaponssystemsofficer"], locks=["p2.1"])
        game = attack(sc, a, ["blank"] * 4, weapon="protontorpedoes",
                      then=faces(DieKind.ATTACK, ["blank"] * 4))
        pick(game, "lock")
        assert d not in game.state.ships[a].locks
        assert after_attack(game)
        game.answer("use")
        assert game.state.ships[a].locks == [d]

    def test_not_after_a_primary_attack(self):
        """After a primary attack the officer offers no lock."""
        sc, a, _ = duel(["weaponssystemsofficer"])
        game = attack(sc, a, ["blank"] * 3)
        assert not after_attack(game)


# -------------------------------------------------------------------- Tiber Saxon
class TestTiberSaxon:
    def test_charges_for_strain_tokens(self):
        """A hit at range 2 on a TIE with no faceup damage: Tiber spends both charges and
        the TIE gains 2 strain tokens."""
        sc, a, d = duel(["tibersaxon"])
        game = attack(sc, a, ["hit", "blank", "blank"])
        skip_dice(game, "use_ability")
        assert game.decision.option_keys() == ["1", "2", "decline"]
        game.answer("2")
        assert game.state.ships[d].count(Token.STRAIN) == 2
        assert game.state.ships[a].charges["tibersaxon"].active == 0

    def test_not_at_range_3(self):
        """A hit at range 3: Tiber Saxon offers nothing."""
        sc, a, _ = duel(["tibersaxon"], range_=3)
        game = attack(sc, a, ["hit", "hit", "hit"])
        assert not after_attack(game)


# -------------------------------------------------------------------- Sabine Wren
class TestSabineWren:
    def _scene(self, weapon, dice):
        sc = Scene()
        a = sc.ship("graysquadronbomber", at=(400, 300, 0),
                    upgrades=["dorsalturret", "sabinewren-gunner"])
        friend = sc.ship("redsquadronveteran", at=(300, 500, 0), tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(400, Y[2], 180))
        return attack(sc, a, dice, weapon=weapon), friend

    def test_a_damage_card_dealt_lets_a_friend_remove_stress(self):
        """The Dorsal Turret deals the TIE 1 damage card: the stressed X-wing near it
        removes its stress token."""
        game, friend = self._scene("dorsalturret", ["hit", "blank"])
        assert after_attack(game)
        game.answer(f"{friend}:stress")
        assert not game.state.ships[friend].stressed

    def test_not_after_a_primary_attack(self):
        """A primary attack deals a damage card: Sabine (special attacks only) offers
        nothing."""
        game, _ = self._scene("primary:front", ["hit", "hit"])
        assert not after_attack(game)

    def test_not_without_a_damage_card(self):
        """The Dorsal Turret attack misses, no damage card dealt: nothing is offered."""
        game, _ = self._scene("dorsalturret", ["blank", "blank"])
        assert not after_attack(game)


# ------------------------------------------------------------------- Ahsoka Tano
class TestAhsokaTano:
    def _scene(self, friend_at, force=1):
        sc = Scene()
        me = sc.ship("redsquadronveteran", at=(400, 300, 0), upgrades=["ahsokatano"],
                     force=force)
        friend = sc.ship("redsquadronveteran", at=friend_at, tokens={"stress": 1})
        sc.ship("academypilot", player=2, at=(100, 800, 180))
        return sc.at(ExecuteManeuver(me, "1F"), phase="activation"), friend

    def test_a_friend_in_the_firing_arc_performs_a_red_focus_action_stressed(self):
        """After its maneuver the X-wing spends 1 Force: the stressed friend ahead performs
        a red focus action (a focus token, and a second stress token)."""
        game, friend = self._scene((400, 500, 0))
        assert game.decision.option_keys() == [friend, "decline"]
        game.answer(friend)
        assert game.decision.kind == "perform_action"
        game.answer("focus")
        ship = game.state.ships[friend]
        assert ship.has(Token.FOCUS) and ship.count(Token.STRESS) == 2

    def test_not_a_friend_outside_the_firing_arc(self):
        """The stressed friend is behind the X-wing (outside its firing arcs): nothing is
        offered."""
        game, _ = self._scene((400, 150, 0))
        assert game.decision is None


# ----------------------------------------------------------------- Han Solo (Scum)
class TestHanSoloScum:
    def _engage(self, stress=0):
        sc = Scene()
        me = sc.ship("contractedscout", at=(400, 300, 0), upgrades=["hansolo-gunner"],
                     tokens={"stress": stress} if stress else {})
        sc.ship("academypilot", player=2, at=(400, 800, 180))
        game = sc.at(FireWindow.of("before_engage", ship=me))
        return game, me

    def test_before_engaging_a_red_focus_action(self):
        """Before engaging, the JumpMaster performs a red focus action: a focus token and a
        stress token."""
        game, me = self._engage()
        assert game.decision.option_keys() == ["focus", "decline"]
        game.answer("focus")
        ship = game.state.ships[me]
        assert ship.has(Token.FOCUS) and ship.stressed

    def test_not_while_stressed(self):
        """Stressed, it can't perform the red action: nothing is offered."""
        game, _ = self._engage(stress=1)
        assert game.decision is None


# --------------------------------------------------------------------- Ursa Wren
class TestUrsaWren:
    def _lock(self, y, friend=None):
        sc = Scene()
        me = sc.ship("graysquadronbomber", at=(400, 300, 0), upgrades=["ursawren-gunner"])
        if friend:
            sc.ship("redsquadronveteran", at=friend)
        sc.ship("academypilot", player=2, at=(400, y, 180))
        game = sc.at(StartAction(me, ActionSpec("lock")), phase="activation")
        game.answer("p2.1")
        return game.state.ships[me]

    def test_a_lock_beyond_range_2_gives_a_calculate_token(self):
        """The Y-wing locks a TIE at range 3 with no friendly ship near it: it gains a
        calculate token."""
        assert self._lock(Y[3]).has(Token.CALCULATE)

    def test_not_at_range_2(self):
        """The locked TIE is at range 2: no calculate token."""
        assert not self._lock(Y[2]).has(Token.CALCULATE)

    def test_not_with_a_friend_near_the_locked_ship(self):
        """A friendly X-wing at range 0-1 of the locked TIE: no calculate token."""
        assert not self._lock(Y[3], friend=(400, 620, 0)).has(Token.CALCULATE)


# ----------------------------------------------------- the exact dice calculator
class TestGunnersInTheDiceCalculator:
    @staticmethod
    def _solve(*abilities, tokens=None):
        from tallon.dice import Attack, Combatant, calculate

        return calculate(Attack(Combatant(3, tokens or {}, abilities), Combatant(0)))

    def test_bt1_and_greedo_raise_the_chance_of_a_critical_hit(self):
        """3 attack dice against no defense dice: BT-1 (2 stress tokens on the defender)
        and Greedo's charge turn hits into crits; with Greedo's charge spent
        (greedo=0) nothing changes."""
        from tallon.dice import lookup

        plain = self._solve().p_crit
        assert self._solve(lookup("bt1").make(2)).p_crit > plain
        assert self._solve(lookup("greedo").make(1)).p_crit > plain
        assert self._solve(lookup("greedo").make(0)).p_crit == plain

    def test_boba_fett_and_dt798_raise_the_expected_damage(self):
        """3 attack dice against no defense dice: Boba Fett's change and DT-798's rerolls
        raise the expected damage."""
        from tallon.dice import lookup

        plain = self._solve().expected_damage
        assert self._solve(lookup("bobafett-gunner").make()).expected_damage > plain
        assert self._solve(lookup("dt798").make(2)).expected_damage > plain
